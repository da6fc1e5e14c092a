//! Defanged indicators reported refanged (issue 18 item 6, [`ExtractorBuilder::refang`]): the
//! candidate is read on across the marks that stand for URI characters, rewritten as the URI it
//! stands for, validated like any other, and reported with the span of the text as written.
//!
//! [`ExtractorBuilder::refang`]: crate::ExtractorBuilder::refang

use super::candidate::{Candidate, Outcome};
use super::validate::{Kind, check, shape_ok};
use crate::chars::{self, EXCLUDED};
use crate::decode::Map;
use crate::delimit::defanged::{refanged_mark, refanged_scheme};
use crate::delimit::{Scan, Window, trim_segment};
use crate::matches::{Delimiter, Event, Extras, MatchFields, Rejected, Span};
use crate::uri::ParseError;

impl Candidate<'_> {
    /// The defanged indicator that starts at `s` (its scheme's colon at `colon`, none for an
    /// abbreviated `www.` URL), refanged: a match, or a rejected candidate when the refanged
    /// text is no URI. Bare text only: it runs to the first byte that ends a URI and is no mark,
    /// then trailing punctuation and unmatched `)` are trimmed (rule 3).
    #[cold]
    #[inline(never)]
    pub(super) fn refang(
        &mut self,
        w: &Window<'_>,
        map: &Map<'_>,
        s: usize,
        colon: Option<usize>,
    ) -> Scan<Outcome> {
        let text = w.text;
        let limit = s + self.opts.max_uri_len;
        // The refanged text, and for each of its bytes the end of the input it came from.
        let mut uri = String::new();
        let mut ends = Vec::new();
        let mut i = s;
        let mut scheme_len = None;
        if let Some(c) = colon {
            let scheme = refanged_scheme(&text[s..c])
                .unwrap_or_else(|| core::str::from_utf8(&text[s..c]).unwrap_or(""));
            uri.push_str(scheme);
            ends.resize(scheme.len(), c);
            scheme_len = Some(scheme.len());
            i = c;
        }
        loop {
            if i >= limit {
                // Longer than the limit: not reported refanged.
                return Ok(Outcome::Overlong(Span::new(map.start(s), map.start(i.min(text.len())))));
            }
            if i >= text.len() {
                if !w.complete {
                    return Err(crate::delimit::Incomplete);
                }
                break;
            }
            if let Some((len, stands_for)) = refanged_mark(w, i)? {
                uri.push_str(stands_for);
                ends.resize(uri.len(), i + len);
                i += len;
                continue;
            }
            let b = text[i];
            // A `,` that a URL follows ends the URI, as in the general path.
            if chars::is(b, EXCLUDED) || (b == b',' && crate::delimit::comma::url_starts_at(text, i + 1)) {
                break;
            }
            uri.push(char::from(b));
            ends.push(i + 1);
            i += 1;
        }
        // Rule 3 on the refanged text (ASCII: the reading stops at every byte outside it).
        let keep = scheme_len.map_or(0, |n| n + 1);
        let count = || crate::chars::words::count_two(uri.as_bytes(), b'(', b')');
        let (kept, _) = trim_segment(uri.as_bytes(), 0..uri.len(), keep, &mut None, count);
        uri.truncate(kept);
        ends.truncate(kept);
        let Some(&end) = ends.last() else { return Ok(Outcome::Skip) };
        let kind = match scheme_len {
            Some(n) => Kind::Scheme { colon: n, shape: None },
            None => Kind::Www,
        };
        if !shape_ok(kind, uri.as_bytes(), 0) {
            return Ok(Outcome::Scanned(map.start(i)));
        }
        let span = map.span(s..end);
        match check(&uri, kind, self.opts.grammar, self.opts.reads_iris(), &mut String::new()) {
            Ok(parts) => {
                let fields = MatchFields {
                    span,
                    wrap: [0, 0],
                    parts,
                    rare: Some(Box::new(Extras {
                        alternate: None,
                        pieces: Vec::new(),
                        origin: None,
                        refanged: true,
                    })),
                    delimiter: Delimiter::Bare,
                    grammar: self.opts.grammar,
                    abbreviated: kind == Kind::Www,
                    quoted_printable: !map.is_raw(),
                };
                self.pending.push_match(uri.as_bytes(), fields);
                Ok(Outcome::Matched(map.end(end - 1)))
            }
            Err(error) => {
                if self.opts.report_rejected {
                    let error = ParseError::new(error.index(), error.kind().clone());
                    let rejected =
                        Rejected { text: uri, span, outer: span, delimiter: Delimiter::Bare, error, line: 0 };
                    self.pending.push_back(Event::Rejected(rejected));
                }
                Ok(Outcome::Scanned(map.start(i)))
            }
        }
    }
}
