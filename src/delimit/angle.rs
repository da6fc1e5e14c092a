//! `<...>`: white space inside is ignored (RFC 2396 Appendix E).

use super::lines::{line_ending_len, quote_depth, quote_prefix};
use super::run::skip_uri_chars;
use super::{Incomplete, Pieces, Scan, Window, recognize};
use crate::chars::{self, EXCLUDED, WSP};

/// How an angle-bracket scan ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AngleEnd {
    /// At the `>` with this index; the content is in the pieces.
    Closed(usize),
    /// Not a wrapper: no `>` within the limit, a `<` or another character that cannot be in a
    /// URI first, a blank line, or a change of quote depth.
    Open,
}

/// Scans `<...>` content from the scheme at `s` to the closing `>` (RFC 2396 Appendix E:
/// "Using <> angle brackets around each URI is especially recommended as a delimiting style
/// for URIs that contain whitespace"; "The whitespace should be ignored when extracting the
/// URI"). Runs of white space are left out of the pieces; a hyphen ending a line is recorded
/// as a break. Each line after the one of the `<` (at `lt`) must carry that line's quote prefix
/// ([`quote_depth`]), which is skipped. The content may not reach `limit_end`.
///
/// Every scan stops at the next `<`, so scans from different `<` never overlap and a flood of
/// `<` stays linear.
pub(crate) fn angle(
    w: &Window<'_>,
    s: usize,
    lt: usize,
    limit_end: usize,
    pieces: &mut Pieces,
) -> Scan<AngleEnd> {
    pieces.clear();
    let text = w.text;
    let mut seg_start = s;
    let mut i = s;
    // The quote depth is looked up (a search back for the start of the line) only when a line
    // ends inside the brackets, which most `<…>` never do.
    let mut depth = None;
    loop {
        // The common case: URI characters. `>`, `<` and white space are all excluded
        // characters.
        i = skip_uri_chars(text, i, limit_end);
        if i >= limit_end {
            return Ok(AngleEnd::Open);
        }
        let Some(&b) = text.get(i) else {
            return if w.complete { Ok(AngleEnd::Open) } else { Err(Incomplete) };
        };
        if b == b'>' {
            pieces.push(seg_start..i);
            return Ok(AngleEnd::Closed(i));
        }
        if chars::is(b, WSP) {
            pieces.push(seg_start..i);
            // One blank between two words (a mention in running text, or a URI typed with a
            // space): no line ends, so nothing else to decide (2% fewer instructions on the
            // adversarial workload, whose `<` floods start long scans through such text).
            if matches!(b, b' ' | b'\t') && text.get(i + 1).is_some_and(|&next| !chars::is(next, WSP)) {
                i += 1;
                seg_start = i;
                continue;
            }
            let hyphen = (i > seg_start && text[i - 1] == b'-').then_some(i - 1);
            let mut lines = 0;
            loop {
                // Blanks and form feeds; then, at a line ending, the next line's quote prefix.
                while text.get(i).is_some_and(|&c| chars::is(c, WSP) && c != b'\r' && c != b'\n') {
                    i += 1;
                }
                let rest = text.get(i..).unwrap_or_default();
                if rest.is_empty() && !w.complete {
                    return Err(Incomplete);
                }
                // Most white space inside `<…>` is a space between words of a mention, not
                // a line ending: one compare instead of the parser.
                if !matches!(rest.first(), Some(b'\r' | b'\n')) {
                    break;
                }
                match line_ending_len(rest, w.complete)? {
                    None => break,
                    Some(len) => {
                        lines += 1;
                        if lines > 1 {
                            // A blank line: a paragraph ends, and a URI does not span one.
                            return Ok(AngleEnd::Open);
                        }
                        i += len;
                        let depth = *depth.get_or_insert_with(|| quote_depth(w, lt));
                        if depth > 0 {
                            let rest = text.get(i..).unwrap_or_default();
                            match recognize(quote_prefix(depth), rest, w.complete)? {
                                Some((after, ())) => i = text.len() - after.len(),
                                None => return Ok(AngleEnd::Open),
                            }
                        }
                    }
                }
            }
            if let Some(h) = hyphen
                && lines > 0
            {
                pieces.breaks.push(h);
            }
            seg_start = i;
            continue;
        }
        if b == b'<' || (chars::is(b, EXCLUDED) && b != b'[' && b != b']') {
            return Ok(AngleEnd::Open);
        }
        i += 1;
    }
}
