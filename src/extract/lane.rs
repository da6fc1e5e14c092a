//! The lane: the common candidate of raw text decided in one pass.
//!
//! [`one_pass`] is a sequence of shortcuts of the general path ([`super::candidate`]): each
//! step either decides exactly as the general path would, or gives up (`None`), and then the
//! general path decides from scratch. `tests/lane.rs` and the `extract` fuzz target hold the
//! two to the same results (the builder's hidden `one_pass(false)` turns the lane off).

use super::builder::Options;
use super::queue::Queue;
use crate::chars::{self, EXCLUDED};
use crate::delimit::{self, colon::line_end_colon};
use crate::find::{self, SchemeRule, Shape};
use crate::matches::{Delimiter, Fields, Match, Rare, Span};
use crate::uri::{Grammar, Parts};

/// How a candidate taken by [`one_pass`] is wrapped: by what stands right before its scheme.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wrap {
    Bare,
    /// `<`, at `lt`, right before the scheme.
    Angle {
        lt: usize,
    },
    /// `<URL:`, its `<` at `lt`, right before the scheme.
    AngleUrl {
        lt: usize,
    },
    Quote,
}

impl Wrap {
    /// The `<` of an angle wrapper.
    fn angle(self) -> Option<usize> {
        match self {
            Wrap::Angle { lt } | Wrap::AngleUrl { lt } => Some(lt),
            Wrap::Bare | Wrap::Quote => None,
        }
    }
}

/// The common candidate, decided in one pass: a URI of one of the plain forms of
/// [`crate::uri::plain_components`] (http, https, ftp, mailto, urn) on one line, bare, in
/// double quotes, or in `<…>` or `<URL:…>` with nothing else inside (or wrapped once onto an
/// indented next line: [`continuation`]), in raw text under
/// [`Grammar::Rfc3986`]; and a colon at the end of a line that starts no URI
/// ([`line_end_colon`]). `s` and `c` are the scheme's first byte and colon in `hay`, the input
/// from `base`; `floor` is the end of the last match in `hay`.
///
/// Returns exactly what [`Cx::candidate`] would find ([`Lane`]): a match (pushed to `out`)
/// and where its wrapper ends, or, for a line-end colon, a scan ending right after it; with the
/// same scan, trim and validation, but without the window, the wrapper look-back, the readings
/// and their copies.
/// `None` whenever anything is less plain (a `<` or `URL:` before white space ahead of the
/// scheme, white space inside `<…>` other than one wrap, a hyphen at a line end, a `[` after
/// `userinfo@`, the end of the window, a form the fast validation leaves to the full parser,
/// an invalid URI), and then the caller takes the general path, which decides from scratch.
///
/// With the lane, extraction from a reader takes 19% fewer instructions on URI-dense text, 17%
/// on logs and 16% on mail (there mostly for the `wrote:` colons); measured with callgrind on
/// the generated workloads, against `one_pass(false)`. `tests/lane.rs` and the `extract` fuzz
/// target hold it to the general path (the builder's hidden `one_pass(false)` turns it off).
// Out of line: inlined into the engine's trigger loop it made the adversarial floods 5% slower
// (wall clock; fewer instructions but a larger loop), and nothing else faster.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn one_pass(
    hay: &[u8],
    base: u64,
    s: usize,
    c: usize,
    floor: usize,
    opts: &Options,
    out: &mut Queue,
) -> Option<Lane> {
    if opts.grammar != Grammar::Rfc3986 || c - s > 64 {
        return None;
    }
    let body = c + 1;
    if hay.get(body).is_some_and(|&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n')) {
        let needs_slashes = find::scheme_rule_at(hay, s, c) == SchemeRule::NeedsSlashes;
        return (needs_slashes && line_end_colon(hay, body)).then_some(Lane::NoUri(base + body as u64));
    }
    // What `delimit::opener` finds before the scheme. It looks back no further than the floor
    // (and the window's start and a bound, both well before `s - 5` here): right at the floor
    // only `<` and `"` open; past it, over white space, a `<` or `URL:` (any case), which are
    // left to the general path; `<URL:` right before the scheme opens; another colon
    // (`Unsubscribe: mailto:…`) opens nothing.
    let wrap = match s.checked_sub(1).map(|p| hay[p]) {
        _ if s <= floor => Wrap::Bare,
        Some(b'<') => Wrap::Angle { lt: s - 1 },
        Some(b'"') => Wrap::Quote,
        // `<URL:` right before the scheme (RFC 1738 appendix), as `delimit::opener` finds it
        // when its `<` is above the floor.
        Some(b':')
            if s >= floor + 5 && hay[s - 5] == b'<' && delimit::url_colon_before(hay, s, 0).is_some() =>
        {
            Wrap::AngleUrl { lt: s - 5 }
        }
        Some(b':' | b'[' | b'{') => return None,
        Some(prev) if chars::is(prev, chars::WSP) => {
            let lowest = floor.max(s.saturating_sub(delimit::OPENER_LOOK_BACK));
            let i = delimit::back_while(hay, s, lowest, |b| chars::is(b, chars::WSP));
            // `URL:` is looked for even where it reaches below `lowest`, where the general
            // path sees none: declining is always safe.
            if i > lowest && (hay[i - 1] == b'<' || delimit::url_colon_before(hay, i, 0).is_some()) {
                return None;
            }
            Wrap::Bare
        }
        _ => Wrap::Bare,
    };
    let shape = match find::scheme_rule_at(hay, s, c) {
        SchemeRule::NeedsSlashes => None,
        SchemeRule::Opaque(shape) => Some(shape),
        SchemeRule::Never => return None,
    };
    // What `after_colon` calls `Slashes` for a scheme that needs `//` (an IP literal may
    // follow), `UriChar` for another.
    let uri_char = |i: usize| hay.get(i).is_some_and(|&b| !chars::is(b, EXCLUDED));
    let slashes = hay.get(body..body + 2) == Some(b"//");
    let authority = slashes && (uri_char(body + 2) || hay.get(body + 2) == Some(&b'['));
    if shape.is_none() && !authority || shape.is_some() && (slashes || !uri_char(body)) {
        return None;
    }
    // `delimit::bare`'s first run, or the whole of `<…>`; either must end inside the window
    // and below the length limit.
    let limit_end = s + opts.max_uri_len;
    // `seen`: what kinds of bytes the scan passed (see `uri::server_parts`); a bracket
    // passed over counts as what leaves the validation to `lane_parts`.
    let (mut end, mut seen) = delimit::run::scan(hay, body, limit_end);
    let stop = loop {
        let &stop = hay.get(end)?;
        if end >= limit_end {
            return None;
        }
        let from = match stop {
            // Inside `<…>` brackets are passed over (`delimit::angle`).
            b'[' | b']' if wrap.angle().is_some() => end + 1,
            // Outside, an IP literal right after `//` (`delimit::ip_literal_end`).
            b'[' if shape.is_none() && end == body + 2 => {
                let inside = hay.get(end + 1..)?.iter().take(delimit::IP_LITERAL_MAX);
                let run = inside.take_while(|&&b| delimit::in_ip_literal(b)).count();
                let close = end + 1 + run;
                if hay.get(close) != Some(&b']') || close >= limit_end {
                    return None;
                }
                close + 1
            }
            _ => break stop,
        };
        let (next, kinds) = delimit::run::scan(hay, from, limit_end);
        (end, seen) = (next, seen | kinds | chars::RUN_ESCAPE_OR_AT);
    };
    // A second segment, when `<…>` goes on after a line break (see `continuation`).
    let mut next = None;
    let (delimiter, extent, outer) = if let Some(lt) = wrap.angle() {
        let gt = match stop {
            b'>' => end,
            b' ' | b'\t' | b'\r' | b'\n' => {
                let (seg, gt) = continuation(hay, base, c, lt, end, limit_end)?;
                next = Some(seg);
                gt
            }
            _ => return None,
        };
        let delimiter =
            if matches!(wrap, Wrap::AngleUrl { .. }) { Delimiter::AngleUrlPrefix } else { Delimiter::Angle };
        (delimiter, s..end, lt..gt + 1)
    } else {
        if stop == b'[' || (hay[end - 1] == b'-' && matches!(stop, b' ' | b'\t' | b'\r' | b'\n')) {
            return None;
        }
        // `delimit::trim` on this one segment, when its last byte may go (most URIs end in one
        // that stays); the parentheses are counted eight bytes at a time.
        let last = hay[end - 1];
        let kept = if delimit::is_trailing_punctuation(last) || last == b')' {
            let count = || chars::words::count_two(&hay[s..end], b'(', b')');
            delimit::trim_segment(hay, s..end, body, &mut None, count).0
        } else {
            end
        };
        if wrap == Wrap::Quote && stop == b'"' {
            (Delimiter::Quoted, s..kept, s - 1..end + 1)
        } else {
            (Delimiter::Bare, s..kept, s..kept)
        }
    };
    if let Some(seg) = next {
        return joined(hay, base, s, c, extent, seg, delimiter, outer, shape, opts, out);
    }
    // Every byte of the extent was classified a URI character (ASCII) by the scan above, and
    // the validation takes ASCII only: no UTF-8 check is needed to keep the text (see
    // `UriText`).
    let uri = &hay[extent.clone()];
    let parts = match crate::uri::server_parts(uri, seen) {
        Some(parts) => parts,
        None => lane_parts(uri, c + 1 - s, shape)?,
    };
    Some(lane_match(uri, parts, base, extent, outer, Vec::new(), delimiter, opts, out))
}

/// What every reading the lane takes must pass: `shape_ok` on the text after the colon at
/// `rest_from` (text after `//`, or the opaque scheme's shape), then the fast validation.
#[inline(always)]
fn lane_parts(uri: &[u8], rest_from: usize, shape: Option<find::Shape>) -> Option<Parts> {
    let rest = uri.get(rest_from..)?;
    if !match shape {
        None => rest.len() > 2,
        // `mailto:`, `urn:`: the common shape, without the call.
        Some(Shape::Any) => !rest.is_empty(),
        Some(shape) => find::shape_ok(shape, rest),
    } {
        return None;
    }
    Some(Parts::new(&crate::uri::plain_components(uri)?))
}

/// The lane's match, as `Cx::push_match` builds it: `span` and `outer` in `hay`, the input
/// from `base`; `pieces` empty for a URI in one piece. It goes straight into the queue of
/// events `out`: returned by value it was moved twice more on its way there.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn lane_match(
    uri: &[u8],
    parts: Parts,
    base: u64,
    span: core::ops::Range<usize>,
    outer: core::ops::Range<usize>,
    pieces: Vec<Span>,
    delimiter: Delimiter,
    opts: &Options,
    out: &mut Queue,
) -> Lane {
    let at = |i: usize| base + i as u64;
    let span = Span::new(at(span.start), at(span.end));
    let fields = Fields {
        span,
        wrap: Match::wrap(span, Span::new(at(outer.start), at(outer.end))),
        parts,
        rare: (!pieces.is_empty()).then(|| Box::new(Rare { alternate: None, pieces })),
        delimiter,
        grammar: opts.grammar,
    };
    out.push_match(uri, fields);
    Lane::Matched(at(outer.end))
}

/// The second line of a URI in `<…>` wrapped once (`<URL:http://lists.example.org/pipermail/`
/// / `    list/2002-September/95165.html>`), as `delimit::angle` reads it: the first segment
/// ends at `end`, then blanks, one line ending (LF or CR LF), blanks, and a segment of URI
/// characters that runs to the `>` (its index is returned with the segment). `None` for
/// anything else, which the general path decides: a hyphen before the break (two readings),
/// a quoted line (`> `: the next line must repeat the prefix), a blank line, more white
/// space, the end of the window or of the length limit.
fn continuation(
    hay: &[u8],
    base: u64,
    c: usize,
    lt: usize,
    end: usize,
    limit_end: usize,
) -> Option<(core::ops::Range<usize>, usize)> {
    if hay[end - 1] == b'-' {
        return None;
    }
    let blanks =
        |i: usize| i + hay.get(i..).unwrap_or_default().iter().take_while(|&&b| delimit::is_blank(b)).count();
    let mut i = blanks(end);
    i += match hay.get(i..i + 2)? {
        [b'\n', _] => 1,
        [b'\r', b'\n'] => 2,
        _ => return None,
    };
    let start = blanks(i);
    // A URI character: not white space (a blank line), not `>` or `<`.
    if hay.get(start).is_none_or(|&b| chars::is(b, EXCLUDED)) {
        return None;
    }
    // The quote depth of the `<`'s line, as the general path's window sees it: it looks back
    // from the trigger `LOOKBACK` bytes, and knows the input's start when that is within them.
    let lo = c.saturating_sub(super::engine::LOOKBACK);
    let w = delimit::Window {
        text: hay,
        lo,
        lo_is_start: base + c as u64 <= super::engine::LOOKBACK as u64,
        complete: true,
        cut: false,
    };
    if delimit::quote_depth(&w, lt) != 0 {
        return None;
    }
    let mut gt = delimit::skip_words(hay, start, limit_end);
    loop {
        if gt >= limit_end {
            return None;
        }
        match *hay.get(gt)? {
            b'>' => return Some((start..gt, gt)),
            b'[' | b']' => gt = delimit::skip_words(hay, gt + 1, limit_end),
            _ => return None,
        }
    }
}

/// The match of [`one_pass`] for a URI in `<…>` over two lines (see [`continuation`]): its text
/// is the two segments joined, its pieces the two.
#[allow(clippy::too_many_arguments)]
#[cold]
#[inline(never)]
fn joined(
    hay: &[u8],
    base: u64,
    s: usize,
    c: usize,
    first: core::ops::Range<usize>,
    second: core::ops::Range<usize>,
    delimiter: Delimiter,
    outer: core::ops::Range<usize>,
    shape: Option<find::Shape>,
    opts: &Options,
    out: &mut Queue,
) -> Option<Lane> {
    let mut text = Vec::with_capacity(first.len() + second.len());
    text.extend_from_slice(&hay[first.clone()]);
    text.extend_from_slice(&hay[second.clone()]);
    let parts = lane_parts(&text, c + 1 - s, shape)?;
    let at = |i: usize| base + i as u64;
    let pieces = vec![Span::new(at(first.start), at(first.end)), Span::new(at(second.start), at(second.end))];
    Some(lane_match(&text, parts, base, first.start..second.end, outer, pieces, delimiter, opts, out))
}

/// What [`one_pass`] decided.
pub(crate) enum Lane {
    /// A match, pushed to the queue of events; its wrapper ends at this absolute offset.
    Matched(u64),
    /// No URI: what [`Outcome::Scanned`] to this absolute offset says.
    NoUri(u64),
}
