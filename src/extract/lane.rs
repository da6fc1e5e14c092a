//! The lane: the common candidate of raw text decided in one pass.
//!
//! [`one_pass`] composes the quick forms of the rules the general path
//! ([`super::candidate`]) applies in their full forms, in the same order: what follows the colon
//! ([`colon::opening_at_a_glance`]), the wrapper before the scheme
//! ([`opener::wrap_at_a_glance`]), the extent of `<…>` ([`angle::at_a_glance`]) or of the bare
//! scan ([`bare::run_at_a_glance`]), the rules where a bare scan stops
//! ([`end::drops_nothing_at_a_glance`], [`end::cut_at_a_glance`]), the wrapper reported
//! ([`delimit::wrapper`]) and the validation ([`validate::parts_at_a_glance`]). Each quick form
//! either decides exactly as its rule would, or declines (`None`), and then the general path
//! decides from scratch; the lane itself knows no rule. `tests/lane.rs` and the `extract` fuzz
//! target hold the two paths to the same results (the builder's hidden `one_pass(false)` turns
//! the lane off).

use super::options::LOOKBACK;
use super::options::Options;
use super::queue::Queue;
use super::validate;
use crate::delimit::bare::{self, Start};
use crate::delimit::colon::{self, Opening};
use crate::delimit::opener::{self, QuickWrap};
use crate::delimit::{self, angle, end};
use crate::find::{self, Shape};
use crate::matches::{Delimiter, Match, MatchFields, Provenance, Span};
use crate::uri::{Grammar, Parts};

/// The common candidate, decided in one pass: at the colon `c` of the scheme starting at `s`
/// in `hay` (the input from `base`, raw text), with `floor` the end of the last match in
/// `hay`, under [`Grammar::Rfc3986`]. Returns exactly what
/// [`Candidate::delimit`](super::candidate::Candidate::delimit) would find ([`Lane`]): a match
/// (pushed to `out`) and where its wrapper ends, or a scan that found nothing; or `None`
/// whenever a quick form declines, and then the caller takes the general path.
///
/// Kept out of the trigger loop (see docs/performance-history.md).
#[inline(never)]
pub(crate) fn one_pass(
    hay: &[u8],
    base: u64,
    s: usize,
    c: usize,
    floor: usize,
    opts: &Options,
    out: &mut Queue,
) -> Option<Lane> {
    if opts.grammar != Grammar::Rfc3986 || c - s > find::SCHEME_MAX {
        return None;
    }
    let body = c + 1;
    let shape = match colon::opening_at_a_glance(hay, s, c)? {
        Opening::Nothing => return Some(Lane::Scanned(base + body as u64)),
        Opening::Authority => None,
        Opening::Opaque(shape) => Some(shape),
    };
    let wrap = opener::wrap_at_a_glance(hay, s, floor)?;
    let limit_end = s + opts.max_uri_len;
    let mark = match wrap {
        QuickWrap::Angle { lt, url } => return angled(hay, base, s, c, lt, url, limit_end, shape, opts, out),
        QuickWrap::Bare => None,
        QuickWrap::Marked(mark) => Some(mark),
    };
    // Whether it is read as an IRI: asked only where that matters (at a byte outside ASCII, a
    // bracket), which most URIs never reach.
    let iri = || reads_iri(hay, s, c, opts);
    let start = Start { s, body, authority: shape.is_none().then_some(body + 2), iri: false };
    let run = bare::run_at_a_glance(hay, start, limit_end, iri)?;
    if !end::drops_nothing_at_a_glance(hay, run.end, run.stop, iri, opts.strict) {
        return None;
    }
    let kept = end::cut_at_a_glance(hay, start, &run, mark)?;
    let (delimiter, outer) = opener::marked(hay, mark, s..kept, run.end, Some(run.stop));
    // Every byte of the extent was classified a URI character (ASCII) by the scan, or is part
    // of a character outside ASCII that the quick Unicode rules decoded, and the validation
    // accepts UTF-8 only: no UTF-8 check is needed to keep the text (see `UriText`).
    let uri = &hay[s..kept];
    let parts = validate::parts_at_a_glance(uri, body - s, shape, run.seen, run.wide)?;
    Some(lane_match(uri, parts, base, s..kept, outer, Vec::new(), delimiter, opts, out))
}

/// [`one_pass`] for a candidate right after `<` (at `lt`) or `<URL:` (`url`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn angled(
    hay: &[u8],
    base: u64,
    s: usize,
    c: usize,
    lt: usize,
    url: bool,
    limit_end: usize,
    shape: Option<Shape>,
    opts: &Options,
    out: &mut Queue,
) -> Option<Lane> {
    // The quote depth of the `<`'s line, as the general path's window sees it: it looks back
    // from the trigger `LOOKBACK` bytes, and knows the input's start when that is within them.
    let depth = || {
        let lo = c.saturating_sub(LOOKBACK);
        let lo_is_start = base + c as u64 <= LOOKBACK as u64;
        let w = delimit::Window { text: hay, lo, lo_is_start, complete: true, cut: false };
        delimit::quote_depth(&w, lt)
    };
    let run = angle::at_a_glance(hay, s, c + 1, limit_end, depth)?;
    let delimiter = if url { Delimiter::AngleUrlPrefix } else { Delimiter::Angle };
    let outer = lt..run.gt + 1;
    if let Some(second) = run.second {
        return joined(hay, base, s, c, run.first, second, delimiter, outer, shape, opts, out);
    }
    let uri = &hay[run.first.clone()];
    let parts = validate::parts_at_a_glance(uri, c + 1 - s, shape, run.seen, false)?;
    Some(lane_match(uri, parts, base, run.first, outer, Vec::new(), delimiter, opts, out))
}

/// Whether the candidate whose scheme is `hay[s..c]` is read as an IRI, as the general path
/// reads it (`Candidate::delimit`): by default, but not under `--strict` nor for a URN.
#[cold]
#[inline(never)]
fn reads_iri(hay: &[u8], s: usize, c: usize, opts: &Options) -> bool {
    opts.reads_iris() && !hay[s..c].eq_ignore_ascii_case(b"urn")
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
        provenance: (!pieces.is_empty()).then(|| {
            Box::new(Provenance { alternate: None, pieces, origin: None, rewrite: None, outer: None })
        }),
        delimiter,
        grammar: opts.grammar,
        abbreviated: false,
        quoted_printable: false,
    };
    out.push_match(uri, fields);
    Lane::Matched(at(outer.end))
}

/// The match of [`one_pass`] for a URI in `<…>` over two lines (see [`angle::angle_wrapped_once`]): its text
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
    shape: Option<Shape>,
    opts: &Options,
    out: &mut Queue,
) -> Option<Lane> {
    let mut text = Vec::with_capacity(first.len() + second.len());
    text.extend_from_slice(&hay[first.clone()]);
    text.extend_from_slice(&hay[second.clone()]);
    let parts = validate::plain_parts_at_a_glance(&text, c + 1 - s, shape)?;
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
