//! The lane: the common candidate of raw text decided in one pass.
//!
//! [`one_pass`] is a sequence of shortcuts of the general path ([`super::candidate`]): each
//! step either decides exactly as the general path would, or gives up (`None`), and then the
//! general path decides from scratch. `tests/lane.rs` and the `extract` fuzz target hold the
//! two to the same results (the builder's hidden `one_pass(false)` turns the lane off).

use super::options::LOOKBACK;
use super::options::Options;
use super::queue::Queue;
use crate::chars;
use crate::delimit::colon::{After, line_end_colon};
use crate::delimit::{self, Opener};
use crate::find::{self, SchemeRule, Shape};
use crate::matches::{Delimiter, Extras, Match, MatchFields, Span};
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
/// [`crate::uri::plain_components`] (http, https, ftp, mailto, urn), or an http, https or ftp
/// IRI whose characters outside ASCII are the common ones and which ends at a common delimiter
/// ([`delimit::unicode::goes_on_plainly`]), on one line, bare, in
/// double quotes, or in `<…>` or `<URL:…>` with nothing else inside (or wrapped once onto an
/// indented next line: [`delimit::angle_wrapped_once`]), in raw text under
/// [`Grammar::Rfc3986`]; and a colon at the end of a line that starts no URI
/// ([`line_end_colon`]). `s` and `c` are the scheme's first byte and colon in `hay`, the input
/// from `base`; `floor` is the end of the last match in `hay`.
///
/// Returns exactly what [`Candidate::delimit`](super::candidate::Candidate::delimit) would find ([`Lane`]): a match (pushed to `out`)
/// and where its wrapper ends, or, for a line-end colon, a scan ending right after it; with the
/// same scan, trim and validation, but without the window, the wrapper look-back, the readings
/// and their copies.
/// `None` whenever anything is less plain (a `<` or `URL:` before white space ahead of the
/// scheme, white space inside `<…>` other than one wrap, a character outside ASCII inside
/// `<…>` or one the shortcut leaves to the Unicode rules, a hyphen at a line end, a `[` after
/// `userinfo@`, the end of the window, a form the fast validation leaves to the full parser,
/// an invalid URI), and then the caller takes the general path, which decides from scratch.
///
/// `tests/lane.rs` and the `extract` fuzz target hold it to the general path (the builder's
/// hidden `one_pass(false)` turns it off). Kept out of the trigger loop (see PERFORMANCE.md).
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
        return (needs_slashes && line_end_colon(hay, body)).then_some(Lane::Scanned(base + body as u64));
    }
    // The wrapper, as `delimit::opener` finds it; the lane takes `<…>`, `<URL:…>`, quotes and
    // none, and leaves the rest to the general path.
    let wrap = match delimit::opener_at_a_glance(hay, s, floor)? {
        Opener { angle: Some((lt, false)), .. } => Wrap::Angle { lt },
        Opener { angle: Some((lt, true)), .. } => Wrap::AngleUrl { lt },
        Opener { mark: Some(b'"'), .. } => Wrap::Quote,
        Opener { mark: None, url_prefix: None, .. } => Wrap::Bare,
        _ => return None,
    };
    let shape = match find::scheme_rule_at(hay, s, c) {
        SchemeRule::NeedsSlashes => None,
        SchemeRule::Opaque(shape) => Some(shape),
        SchemeRule::Never => return None,
    };
    // `//` and an authority for a scheme that needs it, a URI character for another.
    let after = delimit::colon::after_colon_at_a_glance(hay, c)?;
    if (shape.is_none()) != (after == After::Slashes) {
        return None;
    }
    // `delimit::bare`'s first run, or the whole of `<…>`; either must end inside the window
    // and below the length limit.
    let limit_end = s + opts.max_uri_len;
    // `seen`: what kinds of bytes the scan passed (see `uri::server_parts`); a bracket
    // passed over counts as what leaves the validation to `lane_parts`.
    let (mut end, mut seen) = delimit::run::scan(hay, body, limit_end);
    // Whether the extent holds a character outside ASCII: an IRI, each such character a
    // `ucschar`.
    let mut wide = false;
    let stop = loop {
        let &stop = hay.get(end)?;
        if end >= limit_end {
            return None;
        }
        // What the bytes passed over unscanned may hold: an IP literal may hold a `,` and `:`.
        let mut passed = 0;
        let from = match stop {
            // Inside `<…>` brackets are passed over (`delimit::angle`).
            b'[' | b']' if wrap.angle().is_some() => end + 1,
            // Outside, an IP literal right after `//`.
            b'[' if shape.is_none() && end == body + 2 => {
                passed = chars::RUN_COMMA | chars::RUN_COLON;
                delimit::ip_literal_close(hay, end, limit_end).ok()?? + 1
            }
            // Outside, an IRI goes on through the common characters outside ASCII and ends at
            // the common delimiters (`delimit::bare`, which asks `delimit::unicode::goes_on`);
            // no typographic mark opens inside it: one that would ends it where the trim takes
            // the mark off again, or the shortcut gives up.
            0x80.. if wrap.angle().is_none() && reads_iri(hay, s, c, opts) => {
                match delimit::unicode::goes_on_plainly(hay, end, limit_end)? {
                    Some(next) if next <= limit_end => {
                        wide = true;
                        delimit::unicode::plain_run_end(hay, next, limit_end)
                    }
                    Some(_) => return None,
                    None => break stop,
                }
            }
            _ => break stop,
        };
        let (next, kinds) = delimit::run::scan(hay, from, limit_end);
        // What was passed over unscanned (an IP literal, which may hold a `(`, a bracket, a
        // character outside ASCII) leaves the validation and the count of parentheses to the
        // general rules.
        (end, seen) = (next, seen | kinds | passed | chars::RUN_ESCAPE_OR_AT | chars::RUN_OPEN_PAREN);
    };
    // A second segment, when `<…>` goes on after a line break.
    let mut next = None;
    let (delimiter, extent, outer) = if let Some(lt) = wrap.angle() {
        let gt = match stop {
            b'>' => end,
            b' ' | b'\t' | b'\r' | b'\n' => {
                // The quote depth of the `<`'s line, as the general path's window sees it: it
                // looks back from the trigger `LOOKBACK` bytes, and knows the input's start
                // when that is within them.
                let depth = || {
                    let lo = c.saturating_sub(LOOKBACK);
                    let lo_is_start = base + c as u64 <= LOOKBACK as u64;
                    let w = delimit::Window { text: hay, lo, lo_is_start, complete: true, cut: false };
                    delimit::quote_depth(&w, lt)
                };
                let (seg, gt) = delimit::angle_wrapped_once(hay, end, limit_end, depth)?;
                next = Some(seg);
                gt
            }
            _ => return None,
        };
        let delimiter =
            if matches!(wrap, Wrap::AngleUrl { .. }) { Delimiter::AngleUrlPrefix } else { Delimiter::Angle };
        (delimiter, s..end, lt..gt + 1)
    } else {
        // Outside ASCII, where no IRI is read, the general path decides whether the URI would
        // be cut in a word (where an IRI is read, the scan above stopped at a character that
        // ends it); at `[` and `{`, whether a bracket after the host stays and whether they
        // start the mark of a defanged indicator (`delimit::defanged`).
        if matches!(stop, b'[' | b'{')
            || (stop >= 0x80 && !reads_iri(hay, s, c, opts))
            || (hay[end - 1] == b'-' && matches!(stop, b' ' | b'\t' | b'\r' | b'\n'))
        {
            return None;
        }
        // A `,` that a URL follows ends the URI there (`delimit::cut_before_url`): the general
        // path cuts it. Such a URL has a colon of its own.
        let comma_and_colon = chars::RUN_COMMA | chars::RUN_COLON;
        if seen & comma_and_colon == comma_and_colon && delimit::comma_before_url(hay, body, end).is_some() {
            return None;
        }
        // `delimit::trim` on this one segment, when its last byte may go (most URIs end in one
        // that stays: a character outside ASCII that the scan took is no opening typographic
        // mark); the parentheses are counted eight bytes at a time, when the scan passed a `(`.
        // Without one, no `)` has a match: the count of `)` is taken as the length, which
        // leaves every `)` that ends the segment to be trimmed, as its true count would.
        let last = hay[end - 1];
        let kept = if delimit::may_trail(last) {
            let count = || match seen & chars::RUN_OPEN_PAREN {
                0 => (0, end - s),
                _ => chars::words::count_two(&hay[s..end], b'(', b')'),
            };
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
    // Every byte of the extent was classified a URI character (ASCII) by the scan above, or
    // is part of a character outside ASCII that the shortcut decoded, and the validation
    // accepts UTF-8 only: no UTF-8 check is needed to keep the text (see `UriText`).
    let uri = &hay[extent.clone()];
    let parts = if wide {
        lane_iri_parts(uri, c + 1 - s, shape)?
    } else {
        match crate::uri::server_parts(uri, seen) {
            Some(parts) => parts,
            None => lane_parts(uri, c + 1 - s, shape)?,
        }
    };
    Some(lane_match(uri, parts, base, extent, outer, Vec::new(), delimiter, opts, out))
}

/// Whether the candidate whose scheme is `hay[s..c]` is read as an IRI, as the general path
/// reads it (`Candidate::delimit`): by default, but not under `--strict` nor for a URN.
#[cold]
#[inline(never)]
fn reads_iri(hay: &[u8], s: usize, c: usize, opts: &Options) -> bool {
    opts.reads_iris() && !hay[s..c].eq_ignore_ascii_case(b"urn")
}

/// [`lane_parts`] for an IRI whose characters outside ASCII are each a `ucschar`
/// ([`delimit::unicode::goes_on_plainly`]). RFC 3987 §2.2 allows a `ucschar`
/// wherever `iunreserved` stands, so when the host ends before the first of them (at
/// `/ ? # :`), the IRI splits as the URI with `~` for each of their bytes would, and
/// [`crate::uri::server_parts`] reads it without looking at them, given the [`chars::RUN`]
/// kinds of its bytes after the colon (those of bytes outside ASCII say nothing it reads).
/// Otherwise the same shape as `lane_parts`, then the IRI walk, which reads the text as the
/// general path's validation does and accepts only UTF-8 (see `uri::plain::iri_components`).
#[inline(never)]
fn lane_iri_parts(uri: &[u8], rest_from: usize, shape: Option<find::Shape>) -> Option<Parts> {
    let host = uri.get(rest_from + 2..).unwrap_or_default();
    let ascii_host =
        host.iter().take_while(|b| b.is_ascii()).any(|&b| matches!(b, b'/' | b'?' | b'#' | b':'));
    if shape.is_none() && ascii_host {
        let mut seen = uri[rest_from..].iter().fold(0, |kinds, &b| kinds | chars::RUN[usize::from(b)]);
        // An IP literal right after `//` (the only bracket an IRI outside `<…>` holds, see
        // [`one_pass`]) is left to the full validation, as the scan there leaves it when it
        // passes one.
        if host.first() == Some(&b'[') {
            seen |= chars::RUN_ESCAPE_OR_AT;
        }
        if let Some(parts) = crate::uri::server_parts(uri, seen) {
            return Some(parts);
        }
    }
    let rest = uri.get(rest_from..)?;
    if !match shape {
        None => rest.len() > 2,
        Some(shape) => find::shape_ok(shape, rest),
    } {
        return None;
    }
    Some(Parts::new(&crate::uri::plain_iri_components(uri)?))
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

/// The lane's match, with the fields `Candidate::push_match` gives it: `span` and `outer` in `hay`, the input
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
    let fields = MatchFields {
        span,
        wrap: Match::wrap(span, Span::new(at(outer.start), at(outer.end))),
        parts,
        rare: (!pieces.is_empty())
            .then(|| Box::new(Extras { alternate: None, pieces, origin: None, refanged: false })),
        delimiter,
        grammar: opts.grammar,
        abbreviated: false,
        quoted_printable: false,
    };
    out.push_match(uri, fields);
    Lane::Matched(at(outer.end))
}

/// The match of [`one_pass`] for a URI in `<…>` over two lines (see [`delimit::angle_wrapped_once`]): its text
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
    /// No URI: what [`Outcome::Scanned`](super::candidate::Outcome::Scanned) to this absolute offset says.
    Scanned(u64),
}
