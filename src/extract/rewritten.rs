//! Readings whose URI text is rewritten from the input's bytes: a defanged indicator refanged
//! ([`super::refang`]) and a JSON or code string's escapes decoded ([`Candidate::json_string`],
//! the crate docs' rule 14). Each is trimmed by rule 3, validated like any candidate, and
//! reported with its span on the input's bytes and how it was rewritten ([`Rewrite`]).

use core::ops::Range;

use super::candidate::{Candidate, Outcome};
use super::validate::{Kind, check, shape_ok};
use crate::decode::Map;
use crate::delimit::json;
use crate::delimit::{Scan, Window, trim_segment};
use crate::matches::{Delimiter, Event, MatchFields, Provenance, Rejected, Rewrite, Span};
use crate::uri::ParseError;

/// A rewritten reading of a candidate.
pub(super) struct Rewritten {
    /// The text, scheme first (or `www.`), before rule 3's trim.
    pub(super) text: String,
    /// For each byte of `text`, one past the last window index it came from.
    pub(super) ends: Vec<usize>,
    /// The length of the scheme in `text`; none for an abbreviated URL.
    pub(super) scheme_len: Option<usize>,
}

impl Candidate<'_> {
    /// Reports `r`, the rewritten reading of the candidate that starts at window index `s`
    /// (rewritten as `how`): trimmed by rule 3, validated, a match or (when asked for) a
    /// rejected candidate. `wrap` is its wrapper and outer span in the window when it has one
    /// (its closing mark after the reading's end); `scan_end` is where the reading stopped.
    pub(super) fn report_rewritten(
        &mut self,
        map: &Map<'_>,
        s: usize,
        mut r: Rewritten,
        how: Rewrite,
        wrap: Option<(Delimiter, Range<usize>)>,
        scan_end: usize,
    ) -> Outcome {
        // Rule 3 on the rewritten text; the trim keeps the scheme and its colon.
        let keep = r.scheme_len.map_or(0, |n| n + 1);
        let count = || crate::chars::words::count_two(r.text.as_bytes(), b'(', b')');
        let (kept, _) = trim_segment(r.text.as_bytes(), 0..r.text.len(), keep, &mut None, count);
        r.text.truncate(kept);
        r.ends.truncate(kept);
        let Some(&end) = r.ends.last() else { return Outcome::Skip };
        let kind = match r.scheme_len {
            Some(n) => Kind::Scheme { colon: n, shape: None },
            None => Kind::Www,
        };
        if !shape_ok(kind, r.text.as_bytes(), 0) {
            return Outcome::Scanned(map.start(scan_end));
        }
        let span = map.span(s..end);
        // A wrapper is the URI's when its closing mark follows what was kept; else it is bare.
        let (delimiter, outer) = match wrap {
            Some((delimiter, outer)) if kept == r.ends.len() && outer.end - 1 == scan_end => {
                (delimiter, map.span(outer))
            }
            _ => (Delimiter::Bare, span),
        };
        match check(&r.text, kind, self.opts.grammar, self.opts.reads_iris(), &mut String::new()) {
            Ok(parts) => {
                let fields = MatchFields {
                    span,
                    wrap: crate::matches::Match::wrap(span, outer),
                    parts,
                    provenance: Some(Box::new(Provenance { rewrite: Some(how), ..Provenance::default() })),
                    delimiter,
                    grammar: self.opts.grammar,
                    abbreviated: kind == Kind::Www,
                    quoted_printable: !map.is_raw(),
                };
                self.pending.push_match(r.text.as_bytes(), fields);
                Outcome::Matched(outer.end)
            }
            Err(error) => {
                if self.opts.report_rejected {
                    let error = ParseError::new(error.index(), error.kind().clone());
                    let rejected = Rejected { text: r.text, span, outer, delimiter, error, line: 0 };
                    self.pending.push_back(Event::Rejected(rejected));
                }
                Outcome::Scanned(map.start(scan_end))
            }
        }
    }

    /// The candidate whose scheme starts at `s` (its colon at `colon`) read through a JSON or
    /// code string's escapes ([`json::read`]), within its string when a `"` opens one right
    /// before the scheme and after `floor`, the end of the last match: a match with its escapes
    /// decoded, or a rejected candidate, or nothing;
    /// `None` when the reading stops at a defanged indicator's mark (rule 13:
    /// `"http:\/\/evil[.]example\/x"`), which the caller drops or refangs, never reports cut.
    #[cold]
    #[inline(never)]
    pub(super) fn json_string(
        &mut self,
        w: &Window<'_>,
        map: &Map<'_>,
        s: usize,
        colon: usize,
        floor: usize,
    ) -> Scan<Option<Outcome>> {
        let limit_end = s + self.opts.max_uri_len;
        let reading = json::read(w, s, colon, limit_end)?;
        if reading.overlong {
            let overlong = Span::new(map.start(s), map.start(reading.stop.min(w.text.len())));
            return Ok(Some(Outcome::Overlong(overlong)));
        }
        if matches!(reading.stop_byte, Some(b'[' | b'{'))
            && crate::delimit::defanged::mark_at(w, reading.stop)?
        {
            return Ok(None);
        }
        // The opening quote is the string's only when no match before took it (as its
        // closing quote: `"http://a.example/x"https:\/\/b.example\/"`).
        let quoted = s > w.lo.max(floor) && w.text[s - 1] == b'"' && reading.stop_byte == Some(b'"');
        let wrap = quoted.then(|| (Delimiter::Quoted, s - 1..reading.stop + 1));
        let r = Rewritten { text: reading.text, ends: reading.ends, scheme_len: Some(colon - s) };
        Ok(Some(self.report_rewritten(map, s, r, Rewrite::JsonEscapes, wrap, reading.stop)))
    }
}
