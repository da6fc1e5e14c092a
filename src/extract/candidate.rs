//! The candidate at one trigger: its wrapper, its delimited text, its readings, their
//! validation, and the [`Match`] or [`Rejected`] it becomes.
//!
//! The engine ([`crate::extractor`]) finds a trigger and hands over a [`Window`] of text around
//! it with a [`Map`] back to the input's offsets; everything here works on window indexes and
//! either decides or says [`Incomplete`]. The order of the attempts is that of Appendix E:
//! first `<...>` (white space inside ignored), then the candidate outside any angle bracket,
//! with its hyphen line breaks joined, then without them, then across a line break it cannot
//! end at.

use super::engine::ExtractorBuilder;
use super::queue::Queue;
use crate::chars::{self, EXCLUDED};
use crate::delimit::{self, AngleEnd, Incomplete, Joins, Pieces, Scan, Start, Window};
use crate::find::{self, SchemeRule, Shape};
use crate::matches::{Delimiter, Event, Fields, Match, Rare, Rejected, Span, UriText};
use crate::uri::Parts;
use crate::uri::{Components, ErrorKind, Grammar, ParseError, Part, Uri};

/// What became of a trigger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// No candidate here: go on after the trigger.
    Skip,
    /// A match (the last pending event) whose wrapper ends at this absolute offset.
    Matched(u64),
    /// A bare scan to this absolute offset found nothing valid.
    Scanned(u64),
    /// A candidate longer than the limit.
    Overlong(Span),
}

/// Buffers reused from candidate to candidate.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    pieces: Pieces,
    first: Vec<u8>,
    second: Vec<u8>,
    prefixed: String,
}

/// How window indexes map to absolute offsets in the input.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Map<'a> {
    /// The window is the input from this offset.
    Raw(u64),
    /// The window is decoded from the input at `base`; see [`crate::qp::Decoded`].
    Decoded { base: u64, starts: &'a [u32], ends: &'a [u32] },
}

impl Map<'_> {
    /// The offset of the first source byte of window byte `i`.
    fn start(&self, i: usize) -> u64 {
        match *self {
            Map::Raw(base) => base + i as u64,
            Map::Decoded { base, starts, ends } => {
                base + u64::from(starts.get(i).or(ends.last()).copied().unwrap_or(0))
            }
        }
    }

    /// The offset one past the last source byte of window byte `i`.
    fn end(&self, i: usize) -> u64 {
        match *self {
            Map::Raw(base) => base + i as u64 + 1,
            Map::Decoded { base, ends, .. } => {
                base + u64::from(ends.get(i).or(ends.last()).copied().unwrap_or(0))
            }
        }
    }

    /// The source range of window bytes `r`, which must not be empty.
    fn span(&self, r: core::ops::Range<usize>) -> Span {
        Span::new(self.start(r.start), self.end(r.end.saturating_sub(1)))
    }

    /// The source ranges of window bytes `r`, split where source bytes were skipped.
    #[inline]
    fn pieces(&self, r: core::ops::Range<usize>, out: &mut Vec<Span>) {
        // Raw text skips no source byte inside a range: one piece, without going through it
        // byte by byte (a URI broken after hyphens over hundreds of lines has a range per line).
        if let Map::Raw(_) = self
            && r.start < r.end
        {
            push_piece(out, self.span(r));
            return;
        }
        let mut from = r.start;
        for i in r.clone() {
            let last = i + 1 == r.end;
            if last || self.end(i) != self.start(i + 1) {
                push_piece(out, self.span(from..i + 1));
                from = i + 1;
            }
        }
    }
}

/// Adds a piece, merging it with the previous one when they touch.
fn push_piece(out: &mut Vec<Span>, piece: Span) {
    match out.last_mut() {
        Some(last) if last.end == piece.start => last.end = piece.end,
        _ => out.push(piece),
    }
}

/// A trigger, located in a window.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Site {
    /// The first byte: the scheme's, or `www.`'s.
    pub(crate) s: usize,
    /// The scheme's colon; `None` for an abbreviated URL.
    pub(crate) colon: Option<usize>,
}

/// What a candidate is: a URI with a scheme, or an abbreviated `www.` URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `scheme:…`; opaque schemes carry the shape the text after the colon must have.
    Scheme {
        colon: usize,
        shape: Option<Shape>,
    },
    Www,
}

/// A valid candidate, before it becomes a [`Match`].
struct Valid {
    uri: UriText,
    alternate: Option<String>,
    parts: Parts,
    /// Whether `uri` is the second reading (the first was invalid).
    second: bool,
}

/// The verdict on a delimited candidate.
enum Verdict {
    /// Not a URI candidate after all (nothing after `//`, an opaque scheme's text of the wrong
    /// shape): nothing to report.
    NotCandidate,
    Valid(Valid),
    /// Rejected by the parser; the text is only built when rejections are reported.
    Invalid(Option<String>, ParseError),
}

/// What one candidate works with.
pub(crate) struct Cx<'a> {
    pub(crate) opts: &'a ExtractorBuilder,
    pub(crate) scratch: &'a mut Scratch,
    pub(crate) pending: &'a mut Queue,
    /// The window is quoted-printable decoded text.
    pub(crate) qp: bool,
}

impl Cx<'_> {
    /// Delimits the candidate at `site` in `w` (wrappers looked for no further back than
    /// `floor`), validates it, and pushes its events.
    pub(crate) fn candidate(
        &mut self,
        w: &Window<'_>,
        map: &Map<'_>,
        site: Site,
        floor: usize,
    ) -> Scan<Outcome> {
        let text = w.text;
        let Site { s, colon } = site;
        // Most colons in prose are `Note: text`: white space follows, so only `<…>` could hold
        // a URI here (`<mailto: rah@ibuc.com>`); decide that before anything else.
        let after = match colon {
            Some(c) => match after_colon(w, c)? {
                // A scheme longer than the length limit is reported as overlong by the bare scan.
                After::EmptyAuthority if c + 2 >= s + self.opts.max_uri_len => After::Slashes,
                After::EmptyAuthority => After::Other,
                after => after,
            },
            None => After::UriChar,
        };
        if after == After::Other && !delimit::may_open_angle(w, s, floor) {
            return Ok(Outcome::Skip);
        }
        let kind = match colon {
            Some(c) => match find::scheme_rule_at(text, s, c) {
                SchemeRule::Never => return Ok(Outcome::Skip),
                SchemeRule::NeedsSlashes => Kind::Scheme { colon: c, shape: None },
                SchemeRule::Opaque(shape) => Kind::Scheme { colon: c, shape: Some(shape) },
            },
            None if find::www_starts_word(text, s, floor.max(w.lo)) => Kind::Www,
            None => return Ok(Outcome::Skip),
        };
        // Outside angle brackets, the byte after the colon must be able to go on.
        let bare = match (kind, after) {
            (Kind::Scheme { colon: c, .. }, After::Slashes) => Some((c + 1, Some(c + 3))),
            // `https:` / `//host/`: only a scheme that needs `//` may go on after a line break
            // right after its colon; `News:` / `SearchSecurity` is a label and a word.
            (Kind::Scheme { colon: c, shape: None }, After::LineBreak) => Some((c + 1, None)),
            (Kind::Scheme { colon: c, shape: Some(_) }, After::UriChar) => Some((c + 1, None)),
            (Kind::Scheme { .. }, _) => None,
            (Kind::Www, _) => Some((s, Some(s))),
        };
        if bare.is_none() && !delimit::may_open_angle(w, s, floor) {
            return Ok(Outcome::Skip);
        }
        let opener = delimit::opener(w, s, floor);
        let limit_end = s + self.opts.max_uri_len;

        // RFC 2396 App. E / RFC 1738 appendix: `<URL:…>`; white space inside is ignored, even
        // right after the colon (`<mailto: rah@ibuc.com>`).
        if let Some((lt, url)) = opener.angle {
            if let AngleEnd::Closed(gt) = delimit::angle(w, s, lt, limit_end, &mut self.scratch.pieces)? {
                let delimiter = if url { Delimiter::AngleUrlPrefix } else { Delimiter::Angle };
                match self.verdict(text, kind) {
                    Verdict::Valid(valid) => {
                        self.push_match(valid, map, delimiter, lt..gt + 1, kind);
                        return Ok(Outcome::Matched(map.end(gt)));
                    }
                    Verdict::Invalid(candidate, error) => {
                        let rejected = self.rejected(candidate, error, map, delimiter, lt..gt + 1);
                        self.pending.extend(rejected.map(Event::Rejected));
                    }
                    Verdict::NotCandidate => {}
                }
            }
            // Not a wrapper: what it holds is scanned as ordinary text.
        }

        let Some((body, authority)) = bare else { return Ok(Outcome::Skip) };
        let start = Start { s, body, authority };
        // First the reading of rule 7: hyphen line breaks joined. When that gives no URI, the
        // hyphens are taken as ordinary line ends; then, when the candidate stops at a line
        // break, the next line is joined, for a URI that cannot end there (`(https://` /
        // `www.debian.org/)`). Each later reading is tried only when it can differ.
        let mut first: Option<(u64, Option<Rejected>)> = None;
        let mut joins = Joins::HYPHEN;
        loop {
            let end = delimit::bare(w, start, joins, limit_end, &mut self.scratch.pieces)?;
            if end.overlong {
                if first.is_none() {
                    return Ok(Outcome::Overlong(Span::new(map.start(s), map.start(end.end))));
                }
                break;
            }
            if joins == Joins::REPAIR && !end.repaired {
                break;
            }
            let hyphens = !self.scratch.pieces.breaks.is_empty();
            delimit::trim(text, &mut self.scratch.pieces, body);
            let Some(extent) = self.scratch.pieces.extent() else { break };
            let (delimiter, outer) = wrapper(text, &opener, extent, end);
            let tried = match self.verdict(text, kind) {
                // A repaired URI needs a host that looks like one: `the http://` / `prefix`
                // is a mention, not a URI broken after its slashes.
                Verdict::Valid(valid) if joins == Joins::REPAIR && !host_looks_real(&valid) => None,
                Verdict::Valid(valid) => {
                    self.push_match(valid, map, delimiter, outer.clone(), kind);
                    return Ok(Outcome::Matched(map.end(outer.end - 1)));
                }
                Verdict::Invalid(candidate, error) => self.rejected(candidate, error, map, delimiter, outer),
                Verdict::NotCandidate => None,
            };
            if first.is_none() {
                first = Some((map.start(end.end), tried));
            }
            joins = if joins == Joins::HYPHEN && hyphens {
                Joins::NONE
            } else if joins != Joins::REPAIR && at_white_space(text, end) {
                Joins::REPAIR
            } else {
                break;
            };
        }
        let Some((scan_end, rejected)) = first else { return Ok(Outcome::Skip) };
        self.pending.extend(rejected.map(Event::Rejected));
        Ok(Outcome::Scanned(scan_end))
    }

    /// Validates the readings of the delimited pieces: the first (every byte) and, when a
    /// hyphen ends a line inside, the second (those hyphens dropped).
    fn verdict(&mut self, text: &[u8], kind: Kind) -> Verdict {
        let sc = &mut *self.scratch;
        let Some(extent) = sc.pieces.extent() else { return Verdict::NotCandidate };
        let first: &[u8] = if sc.pieces.segments.len() == 1 {
            &text[extent.clone()]
        } else {
            sc.pieces.write_reading(text, false, &mut sc.first);
            &sc.first
        };
        if !shape_ok(kind, first, extent.start) {
            return Verdict::NotCandidate;
        }
        let grammar = self.opts.grammar;
        let one = owned(first).and_then(|r| {
            let parts = check(&r, kind, grammar, &mut sc.prefixed)?;
            Ok((r, parts))
        });
        let two = if sc.pieces.breaks.is_empty() {
            None
        } else {
            sc.pieces.write_reading(text, true, &mut sc.second);
            as_str(&sc.second).and_then(|r| Ok((r, check(r, kind, grammar, &mut sc.prefixed)?))).ok()
        };
        match (one, two) {
            (Ok((uri, parts)), two) => Verdict::Valid(Valid {
                uri: uri.into(),
                alternate: two.map(|(r, _)| r.to_owned()),
                parts,
                second: false,
            }),
            (Err(_), Some((uri, parts))) => {
                Verdict::Valid(Valid { uri: uri.into(), alternate: None, parts, second: true })
            }
            (Err(error), None) => {
                let text = self.opts.report_rejected.then(|| String::from_utf8_lossy(first).into_owned());
                Verdict::Invalid(text, error)
            }
        }
    }

    fn push_match(
        &mut self,
        valid: Valid,
        map: &Map<'_>,
        delimiter: Delimiter,
        outer: core::ops::Range<usize>,
        kind: Kind,
    ) {
        let pieces = &self.scratch.pieces;
        let Some(extent) = pieces.reading_extent(valid.second) else { return };
        let span = map.span(extent);
        // A URI in one piece (the common case) keeps no list: `Match::pieces` gives its span.
        let mut spans = Vec::new();
        if pieces.segments.len() > 1 || self.qp {
            // Raw text gives one span per segment: hundreds for a URI broken over as many lines.
            spans.reserve_exact(pieces.segments.len());
            pieces.for_each_in_reading(valid.second, |r| map.pieces(r, &mut spans));
            if spans.len() == 1 && spans[0] == span {
                spans = Vec::new();
            }
        }
        let rare = (valid.alternate.is_some() || !spans.is_empty())
            .then(|| Box::new(Rare { alternate: valid.alternate, pieces: spans }));
        self.pending.push_back(Event::Match(Match {
            uri: valid.uri,
            span,
            wrap: Match::wrap(span, map.span(outer)),
            rare,
            delimiter,
            grammar: self.opts.grammar,
            parts: valid.parts,
            abbreviated: kind == Kind::Www,
            quoted_printable: self.qp,
            line: 0,
        }));
    }

    /// The record of a rejected candidate made of the current pieces, when rejections are
    /// reported (the candidate's text is only built then).
    fn rejected(
        &self,
        candidate: Option<String>,
        error: ParseError,
        map: &Map<'_>,
        delimiter: Delimiter,
        outer: core::ops::Range<usize>,
    ) -> Option<Rejected> {
        let (Some(text), Some(extent)) = (candidate, self.scratch.pieces.extent()) else { return None };
        Some(Rejected { text, span: map.span(extent), outer: map.span(outer), delimiter, error })
    }
}

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
    opts: &ExtractorBuilder,
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
    opts: &ExtractorBuilder,
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
    opts: &ExtractorBuilder,
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

/// Whether the colon of a scheme that needs `//`, followed at `body` by blanks and a line break
/// (`wrote:` at the end of a line), certainly starts no URI: the general path would try `<…>`
/// and the bare readings across the line break, and each must go on with `//` after the colon
/// (`(https:` / `//host/)`), but what the next line holds after its white space and quote
/// marks is not a `/`. Then that path ends in a bare scan that stops right at `body`, with
/// nothing to report. `false` when that cannot be seen in `hay`.
#[inline]
fn line_end_colon(hay: &[u8], body: usize) -> bool {
    let rest = hay.get(body..).unwrap_or_default();
    let blanks = rest.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    if !matches!(rest.get(blanks), Some(b'\r' | b'\n')) {
        // White space and something else: `after_colon` says `Other`, which is not this.
        return false;
    }
    // More is passed over than any continuation reads (blank lines, quote marks of any depth,
    // vertical tabs), and all it reads: blanks, quote marks and the no-break spaces (U+00A0 in
    // UTF-8) of an indent (found by the `extract` fuzz target). The answer can only err towards
    // the general path.
    let mut i = blanks;
    while let Some(&b) = rest.get(i) {
        match (b, rest.get(i + 1)) {
            _ if chars::is(b, chars::WSP) || b == b'>' => i += 1,
            (0xc2, Some(0xa0)) => i += 2,
            // A no-break space whose second byte is not in `hay` yet, perhaps.
            (0xc2, None) => return false,
            _ => return b != b'/',
        }
    }
    false
}

/// The wrapper of a bare-scanned candidate with window range `extent`: a `URL:` prefix, or a
/// quote, bracket or brace closed by the byte the scan stopped at (extractor rules 5, 6).
fn wrapper(
    text: &[u8],
    opener: &delimit::Opener,
    extent: core::ops::Range<usize>,
    end: delimit::BareEnd,
) -> (Delimiter, core::ops::Range<usize>) {
    if let Some(u) = opener.url_prefix {
        return (Delimiter::UrlPrefix, u..extent.end);
    }
    let closed =
        |open: u8, close: u8| opener.mark == Some(open) && end.stop == Some(close) && end.end < text.len();
    let delimiter = if closed(b'"', b'"') {
        Delimiter::Quoted
    } else if closed(b'[', b']') {
        Delimiter::Bracketed
    } else if closed(b'{', b'}') {
        Delimiter::Braced
    } else {
        return (Delimiter::Bare, extent);
    };
    (delimiter, extent.start - 1..end.end + 1)
}

/// What follows a scheme's colon, outside angle brackets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum After {
    /// `//`: an authority.
    Slashes,
    /// Blanks and a line break: the URI may go on on the next line (`(https:` / `//host/)`).
    LineBreak,
    /// Another byte that may be in a URI.
    UriChar,
    /// White space without a line break, or a byte that ends a URI: no URI here.
    Other,
    /// `//` and a byte that ends a URI, with no line break after it: no URI here either, when
    /// the scheme is short enough for its `//` to fit the length limit.
    EmptyAuthority,
}

fn after_colon(w: &Window<'_>, colon: usize) -> Scan<After> {
    let rest = w.text.get(colon + 1..).unwrap_or_default();
    match rest {
        [b'/'] | [b'/', b'/'] if !w.complete => Err(Incomplete),
        // `scheme://` and a byte that ends a bare URI (`http:// `, `"http://"`): outside angle
        // brackets that is a mention, not a URI (see `shape_ok`), and it cannot go on on the
        // next line either, unless only blanks stand before a line break (`(https://` /
        // `www.debian.org/)`). Deciding it here spares floods of `http:// ` a bare scan, a
        // trim and a second reading each (a third of the instructions on the adversarial
        // workload).
        [b'/', b'/', after @ ..] => match after.first() {
            Some(&b) if chars::is(b, EXCLUDED) && b != b'[' && b != b'\r' && b != b'\n' => {
                match line_break_after_blanks(w, after)? {
                    After::LineBreak => Ok(After::Slashes),
                    _ => Ok(After::EmptyAuthority),
                }
            }
            _ => Ok(After::Slashes),
        },
        [b' ' | b'\t' | b'\r' | b'\n', ..] => line_break_after_blanks(w, rest),
        [b, ..] if !chars::is(*b, EXCLUDED) => Ok(After::UriChar),
        _ => line_break_after_blanks(w, rest),
    }
}

/// [`After::LineBreak`] when `rest` starts with blanks (spaces, tabs; maybe none) and a line
/// break, [`After::Other`] when something else follows the blanks, and undecided when they run
/// to the end of the window.
fn line_break_after_blanks(w: &Window<'_>, rest: &[u8]) -> Scan<After> {
    let blanks = rest.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    match rest.get(blanks) {
        Some(b'\r' | b'\n') => Ok(After::LineBreak),
        Some(_) => Ok(After::Other),
        None if w.complete => Ok(After::Other),
        None => Err(Incomplete),
    }
}

/// Whether the host of a URI, if it has one, is an IP literal, `localhost`, or a name with a
/// dot in it.
fn host_looks_real(valid: &Valid) -> bool {
    match valid.parts.host().and_then(|h| valid.uri.as_bytes().get(h)) {
        None => true,
        Some(host) => {
            host.contains(&b'.') || host.starts_with(b"[") || host.eq_ignore_ascii_case(b"localhost")
        }
    }
}

/// Whether a bare scan stopped at white space, where a line break may follow.
fn at_white_space(text: &[u8], end: delimit::BareEnd) -> bool {
    matches!(end.stop, Some(b' ' | b'\t' | b'\r' | b'\n')) && end.end < text.len()
}

/// Whether the first reading has what its kind needs before it is worth validating: text after
/// `//`, the shape of an opaque scheme, or the host of an abbreviated URL.
fn shape_ok(kind: Kind, reading: &[u8], start: usize) -> bool {
    match kind {
        Kind::Scheme { colon, shape } => {
            let rest = reading.get(colon + 1 - start..).unwrap_or_default();
            // `scheme://` alone is a template or a mention (`file://<host>/<path>`, "the
            // http:// prefix"), not a reference.
            if rest.starts_with(b"//") && rest.len() == 2 {
                return false;
            }
            match shape {
                None => rest.starts_with(b"//") && rest.len() > 2,
                Some(shape) => find::shape_ok(shape, rest),
            }
        }
        Kind::Www => www_host_ok(reading),
    }
}

/// An abbreviated URL names a host like `www.example.org`: `www`, at least two more labels,
/// the last starting with a letter (a top-level domain), so that "www.x" or "the www. prefix"
/// is not one.
fn www_host_ok(reading: &[u8]) -> bool {
    let host_len =
        reading.iter().position(|&b| matches!(b, b'/' | b'?' | b'#' | b':')).unwrap_or(reading.len());
    let mut labels = 0;
    let mut last: &[u8] = &[];
    for label in reading[..host_len].split(|&b| b == b'.') {
        if label.is_empty() {
            return false;
        }
        labels += 1;
        last = label;
    }
    labels >= 3 && last.first().is_some_and(u8::is_ascii_alphabetic)
}

/// A reading as text: URIs are ASCII (RFC 3986 §2), so one that is not UTF-8 is no URI.
fn as_str(reading: &[u8]) -> Result<&str, ParseError> {
    core::str::from_utf8(reading).map_err(|e| ParseError::new(e.valid_up_to(), ErrorKind::NonAscii))
}

/// A reading as owned text: URIs are ASCII (RFC 3986 §2), so one that is not UTF-8 is no URI.
///
/// The copy is made before validation, although a rejected reading then costs an allocation:
/// the check that the bytes are UTF-8 runs word by word from an aligned start, where on the
/// reading in place it ran byte by byte up to the first aligned word (a URI is about 30
/// bytes), and the copy is needed anyway for the match.
fn owned(reading: &[u8]) -> Result<String, ParseError> {
    String::from_utf8(reading.to_vec())
        .map_err(|e| ParseError::new(e.utf8_error().valid_up_to(), ErrorKind::NonAscii))
}

/// Validates one reading; returns its components.
// Inlined into `verdict`, so that the components go straight into the `Valid` reading rather
// than through a returned `Result` (1% of the instructions on URI-dense text).
#[inline(always)]
fn check(reading: &str, kind: Kind, grammar: Grammar, prefixed: &mut String) -> Result<Parts, ParseError> {
    match kind {
        Kind::Scheme { .. } => {
            // The common plain forms first, in a fraction of the instructions (see `uri::plain`).
            if grammar == Grammar::Rfc3986
                && let Some(c) = crate::uri::plain_components(reading.as_bytes())
            {
                return Ok(Parts::new(&c));
            }
            let parts =
                crate::uri::validate_with(reading, grammar, |c| c.scheme.is_some().then(|| Parts::new(c)))?;
            parts.ok_or(ParseError::new(0, ErrorKind::MissingScheme))
        }
        Kind::Www => {
            // Seed 000 Appendix F: "most hostnames beginning with "www" are likely to have a
            // URL prefix of "http://"": validate as that, report as written.
            const PREFIX: &str = "http://";
            prefixed.clear();
            prefixed.push_str(PREFIX);
            prefixed.push_str(reading);
            let uri = Uri::parse_with(prefixed, grammar)
                .map_err(|e| ParseError::new(e.index().saturating_sub(PREFIX.len()), e.kind().clone()))?;
            Ok(Parts::new(&unprefix(uri.parts(), PREFIX.len())))
        }
    }
}

/// Components of `http://` + text, moved to index the text alone, without a scheme.
fn unprefix(c: Components, by: usize) -> Components {
    let shift = |p: Option<Part>| p.map(|p| Part::new(p.start.saturating_sub(by), p.end.saturating_sub(by)));
    Components {
        scheme: None,
        authority: shift(c.authority),
        userinfo: shift(c.userinfo),
        host: shift(c.host),
        host_kind: c.host_kind,
        port: shift(c.port),
        path: Part::new(c.path.start.saturating_sub(by), c.path.end.saturating_sub(by)),
        query: shift(c.query),
        fragment: shift(c.fragment),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(text: &[u8]) -> Window<'_> {
        Window { text, lo: 0, lo_is_start: true, complete: true, cut: false }
    }

    #[test]
    fn what_follows_the_colon() {
        let at = |t: &str| after_colon(&window(t.as_bytes()), t.find(':').unwrap());
        assert_eq!(at("http://a"), Ok(After::Slashes));
        assert_eq!(at("https:  \n//a"), Ok(After::LineBreak));
        assert_eq!(at("mailto:x"), Ok(After::UriChar));
        assert_eq!(at("Note: x"), Ok(After::Other));
        assert_eq!(at("a:<"), Ok(After::Other));
        assert_eq!(at("a:"), Ok(After::Other));
        // `//` and nothing that can go on: a mention, unless a line break follows.
        assert_eq!(at("http:// x"), Ok(After::EmptyAuthority));
        assert_eq!(at("http://\"x"), Ok(After::EmptyAuthority));
        assert_eq!(at("http://  \nx"), Ok(After::Slashes));
        assert_eq!(at("http://\nx"), Ok(After::Slashes));
        assert_eq!(at("http://[::1]/"), Ok(After::Slashes));
        assert_eq!(at("http://"), Ok(After::Slashes));
        let partial = Window { complete: false, ..window(b"http://") };
        assert_eq!(after_colon(&partial, 4), Err(Incomplete));
        let partial = Window { complete: false, ..window(b"http://  ") };
        assert_eq!(after_colon(&partial, 4), Err(Incomplete));
        let partial = Window { complete: false, ..window(b"http:/") };
        assert_eq!(after_colon(&partial, 4), Err(Incomplete));
        let partial = Window { complete: false, ..window(b"http:  ") };
        assert_eq!(after_colon(&partial, 4), Err(Incomplete));
    }

    #[test]
    fn shapes_of_readings() {
        let http = Kind::Scheme { colon: 4, shape: None };
        assert!(shape_ok(http, b"http://a", 0));
        assert!(!shape_ok(http, b"http://", 0));
        assert!(!shape_ok(http, b"http:a", 0));
        let file = Kind::Scheme { colon: 4, shape: Some(Shape::File) };
        assert!(!shape_ok(file, b"file://", 0), "a template, not a URI");
        assert!(shape_ok(file, b"file:///etc", 0));
        assert!(shape_ok(Kind::Www, b"www.w3.org/Addressing/", 0));
        assert!(!shape_ok(Kind::Www, b"www.x", 0));
        assert!(!shape_ok(Kind::Www, b"www.x.1", 0));
        assert!(!shape_ok(Kind::Www, b"www..org", 0));
    }

    #[test]
    fn wrappers_need_their_closing_byte() {
        let text = b"\"http://a/x.\" \"http://b/ y";
        let opener = delimit::Opener { mark: Some(b'"'), ..Default::default() };
        let closed = delimit::BareEnd { end: 12, stop: Some(b'"'), overlong: false, repaired: false };
        assert_eq!(wrapper(text, &opener, 1..11, closed), (Delimiter::Quoted, 0..13));
        let open = delimit::BareEnd { end: 24, stop: Some(b' '), overlong: false, repaired: false };
        assert_eq!(wrapper(text, &opener, 15..24, open), (Delimiter::Bare, 15..24));
        let url = delimit::Opener { url_prefix: Some(0), mark: Some(b'"'), ..Default::default() };
        assert_eq!(wrapper(text, &url, 5..9, closed).0, Delimiter::UrlPrefix);
    }

    #[test]
    fn decoded_pieces_split_where_source_was_skipped() {
        // `ab=\ncd`: decoded `abcd`, the soft break between b and c.
        let starts = [0, 1, 4, 5];
        let ends = [1, 2, 5, 6];
        let map = Map::Decoded { base: 100, starts: &starts, ends: &ends };
        let mut out = Vec::new();
        map.pieces(0..4, &mut out);
        assert_eq!(out, [Span::new(100, 102), Span::new(104, 106)]);
        assert_eq!(map.span(0..4), Span::new(100, 106));
        assert_eq!(map.start(9), 106, "past the end maps to the end");
        let raw = Map::Raw(7);
        out.clear();
        raw.pieces(2..5, &mut out);
        assert_eq!(out, [Span::new(9, 12)]);
    }

    #[test]
    fn abbreviated_components_index_the_text_as_written() {
        let parts = check("www.a.example:8080/p?q", Kind::Www, Grammar::Rfc3986, &mut String::new()).unwrap();
        let text = "www.a.example:8080/p?q";
        let c = parts.components(text.len());
        assert_eq!(c.scheme, None);
        assert_eq!(c.host.map(|h| &text[h.range()]), Some("www.a.example"));
        assert_eq!(c.port.map(|p| &text[p.range()]), Some("8080"));
        assert_eq!(&text[c.path.range()], "/p");
        let err = check("www.a.example:80x", Kind::Www, Grammar::Rfc3986, &mut String::new()).unwrap_err();
        assert!(err.index() <= text.len());
    }

    #[test]
    fn repaired_hosts_must_look_real() {
        let valid = |uri: &str| {
            let parts =
                check(uri, Kind::Scheme { colon: 0, shape: None }, Grammar::Rfc3986, &mut String::new());
            Valid { uri: uri.into(), alternate: None, parts: parts.unwrap(), second: false }
        };
        assert!(host_looks_real(&valid("http://a.example/")));
        assert!(host_looks_real(&valid("http://[::1]/")));
        assert!(host_looks_real(&valid("http://LOCALHOST/")));
        assert!(!host_looks_real(&valid("http://is")));
    }
}
