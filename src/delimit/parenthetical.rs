//! A bare URI inside a parenthetical of the text (crate docs, "Brackets, parentheses and
//! emphasis"): in `(see https://x.example/a).Next` the `)` closes the parenthetical the URI
//! stands in, though a word follows it, so the URI is `https://x.example/a`, not
//! `https://x.example/a).Next`.
//!
//! The rule: when a `(` that nothing closes stands before the scheme in its paragraph (looked
//! for back to a blank line, no further than [`LOOK_BACK`] bytes, and not below the look-back
//! floor), the first `)` of the candidate that no `(` inside it matches ends the candidate.
//! Where a `(` stands right before the scheme, [`super::pairs`] reads the same `)` already
//! (`Closing::FirstUnmatched`). A `)` the URI itself opened stays
//! (`(see https://en.wikipedia.org/wiki/Set_(mathematics))`), and outside a parenthetical an
//! unmatched `)` inside a URI stays as Appendix E reads it (`https://x.example/a)b`); at the
//! end of a URI it is trimmed by rule 3 either way.

use super::Pieces;
use crate::chars::ScanClass;

/// The run scan notes a `)` ([`super::run::scan`]): a run without one holds no `)` to close a
/// parenthetical.
pub(crate) const CLOSE_PAREN: ScanClass = ScanClass { bit: 8, bytes: b")" };

/// How far back from the scheme an unclosed `(` is looked for: a parenthetical opens within a
/// few lines of the URI in it, and the bound keeps the work per candidate constant.
pub(crate) const LOOK_BACK: usize = 256;

/// The full form: where the candidate in `pieces`, scanned from `body` on after the scheme at
/// `s`, ends at the `)` that closes a parenthetical it stands in; the pieces are cut there.
/// `None` when no `)` of the candidate is unmatched inside it, or when no unclosed `(` stands
/// before `s` (looked for no lower than `lo`).
#[inline]
pub(crate) fn cut(text: &[u8], pieces: &mut Pieces, s: usize, body: usize, lo: usize) -> Option<usize> {
    let holds_close = pieces
        .segments
        .iter()
        .any(|seg| text.get(seg.start.max(body)..seg.end).is_some_and(|b| memchr::memchr(b')', b).is_some()));
    if !holds_close {
        return None;
    }
    cut_inside(text, pieces, s, body, lo)
}

/// The work of [`cut`] once the candidate holds a `)`.
#[cold]
#[inline(never)]
fn cut_inside(text: &[u8], pieces: &mut Pieces, s: usize, body: usize, lo: usize) -> Option<usize> {
    let (n, close) = super::pairs::first_unmatched_close(text, pieces, body)?;
    if !inside(text, s, lo) {
        return None;
    }
    pieces.cut(n, close);
    Some(close)
}

/// The quick form, for a candidate in one run from `body` to `kept` (trimmed) whose scan noted
/// `seen`: whether [`cut`] leaves it as it is for certain, because no `)` of it is unmatched
/// inside it. `false` sends it to the full form.
#[inline(always)]
pub(crate) fn leaves_whole(text: &[u8], body: usize, kept: usize, seen: u8) -> bool {
    seen & CLOSE_PAREN.bit == 0 || !has_unmatched_close(&text[body..kept])
}

/// Whether `bytes` hold a `)` that no `(` before it matches.
#[cold]
#[inline(never)]
fn has_unmatched_close(bytes: &[u8]) -> bool {
    let mut depth = 0usize;
    for i in memchr::memchr2_iter(b'(', b')', bytes) {
        if bytes[i] == b'(' {
            depth += 1;
        } else if depth == 0 {
            return true;
        } else {
            depth -= 1;
        }
    }
    false
}

/// Whether a `(` that nothing closes stands before `s` in its paragraph: read back from `s`,
/// no further than a blank line, [`LOOK_BACK`] bytes or `lo`.
fn inside(text: &[u8], s: usize, lo: usize) -> bool {
    let from = lo.max(s.saturating_sub(LOOK_BACK));
    let mut depth = 0usize;
    // Whether only white space stands between the byte read and the line break after it.
    let mut blank = false;
    for &b in text.get(from..s).unwrap_or_default().iter().rev() {
        match b {
            b'\n' if blank => return false,
            b'\n' => blank = true,
            b' ' | b'\t' | b'\r' => {}
            b')' => (depth, blank) = (depth + 1, false),
            b'(' if depth == 0 => return true,
            b'(' => (depth, blank) = (depth - 1, false),
            _ => blank = false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<String> {
        let s = text.find("http").unwrap();
        let body = s + text[s..].find(':').unwrap() + 1;
        let end = body + text[body..].find([' ', '\n']).unwrap_or(text.len() - body);
        let mut pieces = Pieces::default();
        pieces.segments.push(s..end);
        let close = cut(text.as_bytes(), &mut pieces, s, body, 0)?;
        Some(text[s..close].to_owned())
    }

    #[test]
    fn a_close_paren_ends_a_uri_inside_a_parenthetical() {
        let cut_at = |text: &str, want: Option<&str>| assert_eq!(read(text).as_deref(), want, "{text:?}");
        cut_at("(see https://x.example/a).Next", Some("https://x.example/a"));
        cut_at("(see the report at\nhttps://x.example/a)and", Some("https://x.example/a"));
        cut_at("(see (also) https://x.example/a)b", Some("https://x.example/a"));
        // The URI's own parentheses stay.
        cut_at(
            "(see https://en.wikipedia.org/wiki/Set_(mathematics)).",
            Some("https://en.wikipedia.org/wiki/Set_(mathematics)"),
        );
        cut_at("(see https://en.wikipedia.org/wiki/Set_(mathematics)", None);
        // Outside a parenthetical, or past a blank line, the `)` is the URI's.
        cut_at("see https://x.example/a)b", None);
        cut_at("(closed) https://x.example/a)b", None);
        cut_at("(far\n\nhttps://x.example/a)b", None);
        cut_at("(far\n \t\nhttps://x.example/a)b", None);
        let far = format!("({} https://x.example/a)b", "x".repeat(LOOK_BACK));
        cut_at(&far, None);
    }

    /// The quick form says "whole" only where the full form cuts nothing, whatever stands
    /// before the URI.
    #[test]
    fn leaves_whole_only_where_cut_cuts_nothing() {
        let alphabet: &[&[u8]] = &[b"(", b")", b"a", b"/", b"()", b")("];
        let mut rng = crate::delimit::Xorshift(0x5eed_0f9a_7e20_2600);
        for _ in 0..5_000 {
            let mut body = Vec::new();
            rng.pieces(alphabet, 10, &mut body);
            let text = [b"(x http://".as_slice(), &body].concat();
            let (s, b) = (3, 10);
            let seen = if body.contains(&b')') { CLOSE_PAREN.bit } else { 0 };
            let mut pieces = Pieces::default();
            pieces.segments.push(s..text.len());
            if leaves_whole(&text, b, text.len(), seen) {
                assert_eq!(cut(&text, &mut pieces, s, b, 0), None, "{:?}", String::from_utf8_lossy(&text));
            }
        }
    }
}
