//! Defanged indicators reported refanged (issue 18 item 6, [`ExtractorBuilder::refang`]): the
//! candidate is read on across the marks that stand for URI characters, rewritten as the URI it
//! stands for, validated like any other, and reported with the span of the text as written.
//!
//! [`ExtractorBuilder::refang`]: crate::ExtractorBuilder::refang

use super::candidate::{Candidate, Outcome};
use super::rewritten::Rewritten;
use crate::chars::{self, EXCLUDED};
use crate::decode::Map;
use crate::delimit::defanged::{refanged_mark, refanged_scheme, spaced_dot};
use crate::delimit::{Scan, Window, closing_run_of_reading, trim_segment};
use crate::matches::{Rewrite, Span};

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
            // `https://evil . example/x`: a space of a host spaced out around its dots.
            if b == b' '
                && let Some(host) = host_so_far(&uri, scheme_len)
                && let Some(len) =
                    spaced_dot(w, i, !host.contains('.') && !host.eq_ignore_ascii_case("localhost"))?
            {
                uri.push('.');
                ends.push(i + len);
                i += len;
                continue;
            }
            // A `,` that a URL follows ends the URI, as in the general path.
            if chars::is(b, EXCLUDED) || (b == b',' && crate::delimit::comma::url_starts_at(text, i + 1)) {
                break;
            }
            uri.push(char::from(b));
            ends.push(i + 1);
            i += 1;
        }
        // Rule 6's emphasis, read on the refanged text once trimmed (rule 3):
        // `++hxxp://evil[.]example/p++`, AsciiDoc's passthrough, ends before its closing run.
        let keep = scheme_len.map_or(0, |n| n + 1);
        let count = || crate::chars::words::count_two(uri.as_bytes(), b'(', b')');
        let (kept, _) = trim_segment(uri.as_bytes(), 0..uri.len(), keep, &mut None, count);
        let run = closing_run_of_reading(text, s, w.lo, &uri.as_bytes()[..kept]);
        if run > 0 {
            uri.truncate(kept - run);
            ends.truncate(kept - run);
        }
        let r = Rewritten { text: uri, ends, scheme_len };
        Ok(self.report_rewritten(map, s, r, Rewrite::Refanged, None, i))
    }
}

/// The host read so far of the refanged text `uri`, whose scheme is `scheme_len` bytes long:
/// what follows `://` while no `/`, `?`, `#` or `:` has ended it; `None` once it has ended or
/// without `//`.
fn host_so_far(uri: &str, scheme_len: Option<usize>) -> Option<&str> {
    let host = uri.get(scheme_len? + 1..)?.strip_prefix("//")?;
    (!host.is_empty() && !host.contains(['/', '?', '#', ':'])).then_some(host)
}
