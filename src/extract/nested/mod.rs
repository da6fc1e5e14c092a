//! The URIs inside a match (issue 38 item 2; rule 16 of the crate docs), with
//! [`ExtractorBuilder::nested`](crate::ExtractorBuilder::nested): each batch of events the
//! engine queued gets, right after each match, the matches found inside its URI, recursively.
//! It runs on the matches' text after extraction, never in the engine's loop: off, nothing of
//! it runs.
//!
//! Where a URI may hold another, decoded, is [`rewriters`]'s; whether that text is a URI is
//! the extractor's own answer over it, as plain text, so that a nested URI is held to every
//! rule a URI in the text is (a whole query value must be one URI, whole).

mod rewriters;

use core::ops::Range;
use std::sync::Arc;

use super::options::Compiled;
use super::queue::Queue;
use crate::matches::{Delimiter, Event, Match, Provenance, Span};
use crate::origin::{Origin, Place};
use crate::uri::Uri;
use rewriters::Reading;

/// How deep URIs are looked for inside matches: a URI in a URI in a match of the text is 2 deep
/// ([`Match::depth`]). Four levels hold a Safe Link around a Proofpoint link around a redirect
/// around the URL, and bound the work on each match to four passes over its text.
pub const NESTED_DEPTH: usize = 4;

/// The matches of a text under a finder (all of them, or with `first_only` the first), as the
/// extraction of a slice gives them: passed in by the pipeline that nests, which owns the
/// iterators.
pub(crate) type Scan = fn(finder: &Compiled, text: &[u8], first_only: bool) -> Vec<Match>;

/// What a pipeline keeps to nest matches: the finder that reads inside them, how it reads a
/// text ([`Scan`]), and how many matches it has queued, for the index of an outer match
/// ([`Match::outer`]).
#[derive(Debug)]
pub(crate) struct Nesting {
    finder: Arc<Compiled>,
    scan: Scan,
    matches: u64,
}

/// A match found inside another, before its span is known.
struct Found {
    m: Match,
    /// Where its encoded text is in the text of the match of the input it was found in.
    at: Range<usize>,
    outer: u64,
    depth: u8,
}

/// How the offsets of a text read inside a match map to those of the match's text.
#[derive(Debug, Clone)]
enum Map {
    /// The text is the match's text from this offset on, as it is.
    Exact(usize),
    /// The text was decoded from this range of the match's text.
    Within(Range<usize>),
}

impl Map {
    fn range(&self, r: Range<usize>) -> Range<usize> {
        match self {
            Map::Exact(o) => o + r.start..o + r.end,
            Map::Within(w) => w.clone(),
        }
    }
}

impl Nesting {
    pub(crate) fn new(finder: Arc<Compiled>, scan: Scan) -> Self {
        Nesting { finder, scan, matches: 0 }
    }

    /// Puts after each match queued the matches nested in it. `raw` is the input from offset
    /// `base` on, as far as the source holds it: where a match's text is there as it is, the
    /// spans of its nested matches are those of their encoded text; elsewhere (a match
    /// decoded from mail, refanged, joined across white space) its own span.
    pub(crate) fn expand(&mut self, queue: &mut Queue, raw: &[u8], base: u64) {
        let mut i = 0;
        while i < queue.len() {
            let Some(Event::Match(m)) = queue.get(i) else {
                i += 1;
                continue;
            };
            let index = self.matches;
            let nested = self.nested_in(m, index, raw, base);
            let count = nested.len();
            self.matches += 1 + count as u64;
            if count > 0 {
                queue.insert(i + 1, nested.into_iter().map(Event::Match));
            }
            i += 1 + count;
        }
    }

    /// The matches nested in `m` (the `index`th match), in the order they are reported: each
    /// followed by those nested in it.
    fn nested_in(&self, m: &Match, index: u64, raw: &[u8], base: u64) -> Vec<Match> {
        // Every URI reported has a scheme and its `:`: one after the match's own scheme, or an
        // escape of one, must be there (most matches have neither, and are passed over here).
        let text = m.uri_bytes();
        let after_scheme = memchr::memchr(b':', text).map_or(&[][..], |colon| &text[colon + 1..]);
        if !rewriters::may_hold_colon(after_scheme) {
            return Vec::new();
        }
        let mut found = Vec::new();
        self.descend(m.uri(), &m.parsed(), Map::Exact(0), index, 1, index + 1, &mut found);
        if found.is_empty() {
            return Vec::new();
        }
        let mut places = Places::of(m, raw, base);
        let origin =
            m.origin().map(|o| Arc::new(Origin { place: Place::Nested, link_text: None, ..o.clone() }));
        found
            .into_iter()
            .map(|f| {
                let (span, line) = places.span_and_line(f.at, m);
                let mut inner = f.m;
                let alternate = inner.provenance.take().and_then(|p| p.alternate);
                inner.span = span;
                inner.wrap = [0, 0];
                inner.line = line;
                inner.delimiter = Delimiter::Nested;
                inner.abbreviated = false;
                inner.quoted_printable = false;
                inner.provenance = Some(Box::new(Provenance {
                    alternate,
                    origin: origin.clone(),
                    outer: Some((f.outer, f.depth)),
                    ..Provenance::default()
                }));
                inner
            })
            .collect()
    }

    /// Finds the URIs inside `text` (a URI, `uri`, whose offsets `map` maps to the top
    /// match's), the match of index `outer` at `depth - 1`, and those inside them, into
    /// `found`, whose first would have index `first`.
    #[allow(clippy::too_many_arguments)]
    fn descend(
        &self,
        text: &str,
        uri: &Uri<'_>,
        map: Map,
        outer: u64,
        depth: u8,
        first: u64,
        found: &mut Vec<Found>,
    ) {
        if usize::from(depth) > NESTED_DEPTH {
            return;
        }
        for inner in rewriters::inner(text, uri) {
            let whole = Span::new(0, inner.text.len() as u64);
            let taken: Vec<Match> = match inner.reading {
                // One URI, whole, or nothing.
                Reading::Whole => {
                    let mut first = (self.scan)(&self.finder, &inner.text, true);
                    first.retain(|m| m.span() == whole);
                    first
                }
                Reading::Text => (self.scan)(&self.finder, &inner.text, false),
            };
            for m in taken {
                let span = m.span().to_range().unwrap_or_default();
                // As it is in `text`: the text was not decoded, and the match is its bytes.
                let exact = inner.exact && inner.text.get(span.clone()) == Some(m.uri_bytes());
                let at = match exact {
                    true => inner.at.start + span.start..inner.at.start + span.end,
                    false => inner.at.clone(),
                };
                let top = map.range(at.clone());
                let below = match (exact, &map) {
                    (true, Map::Exact(o)) => Map::Exact(o + at.start),
                    _ => Map::Within(top.clone()),
                };
                let index = first + found.len() as u64;
                let next = m.clone();
                found.push(Found { m, at: top, outer, depth });
                self.descend(next.uri(), &next.parsed(), below, index, depth + 1, first, found);
            }
        }
    }
}

/// Where a match's text is in the input: its pieces, when the input holds its text there as it
/// is; and the line of the last offset asked for, so that lines are counted once over the
/// match (its nested matches are asked for in the order of their starts).
struct Places<'a> {
    pieces: Option<&'a [Span]>,
    raw: &'a [u8],
    base: u64,
    /// An input offset in the match's span and the line it is on.
    at: (u64, u64),
}

impl<'a> Places<'a> {
    fn of(m: &'a Match, raw: &'a [u8], base: u64) -> Self {
        let pieces = m.pieces();
        let mut text = m.uri_bytes();
        let held = pieces.iter().all(|piece| {
            let bytes = piece
                .start
                .checked_sub(base)
                .and_then(|start| Span::new(start, piece.end - base).to_range())
                .and_then(|range| raw.get(range));
            match bytes {
                Some(bytes) if text.starts_with(bytes) => {
                    text = &text[bytes.len()..];
                    true
                }
                _ => false,
            }
        });
        Places {
            pieces: (held && text.is_empty()).then_some(pieces),
            raw,
            base,
            at: (m.span().start, m.line),
        }
    }

    /// The input offset of byte `i` of the text.
    fn offset(pieces: &[Span], mut i: usize) -> Option<u64> {
        for piece in pieces {
            let len = piece.len() as usize;
            if i < len {
                return Some(piece.start + i as u64);
            }
            i -= len;
        }
        None
    }

    /// The span in the input of the text at `at` in the match `m`'s, and the line it starts
    /// on; `m`'s span and line when the text is not there as it is.
    fn span_and_line(&mut self, at: Range<usize>, m: &Match) -> (Span, u64) {
        let span = self.pieces.filter(|_| !at.is_empty()).and_then(|pieces| {
            let start = Self::offset(pieces, at.start)?;
            let end = Self::offset(pieces, at.end - 1)? + 1;
            Some(Span::new(start, end))
        });
        let Some(span) = span else { return (m.span(), m.line) };
        if m.line == 0 {
            return (span, 0);
        }
        if span.start < self.at.0 {
            self.at = (m.span().start, m.line);
        }
        let (from, to) = (self.at.0.saturating_sub(self.base), span.start.saturating_sub(self.base));
        let bytes = self.raw.get(from as usize..to as usize).unwrap_or_default();
        self.at = (span.start, self.at.1 + memchr::memchr_iter(b'\n', bytes).count() as u64);
        (span, self.at.1)
    }
}

#[cfg(test)]
mod tests;
