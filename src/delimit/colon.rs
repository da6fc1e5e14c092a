//! What follows a scheme's colon: the first decision on every candidate (extractor rules 1
//! and 7), before any wrapper is looked for.

use super::{Incomplete, Scan, Window};
use crate::chars::{self, EXCLUDED};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum After {
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

pub(crate) fn after_colon(w: &Window<'_>, colon: usize) -> Scan<After> {
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

/// Whether the colon of a scheme that needs `//`, followed at `body` by blanks and a line break
/// (`wrote:` at the end of a line), certainly starts no URI: the general path would try `<…>`
/// and the bare readings across the line break, and each must go on with `//` after the colon
/// (`(https:` / `//host/)`), but what the next line holds after its white space and quote
/// marks is not a `/`. Then that path ends in a bare scan that stops right at `body`, with
/// nothing to report. `false` when that cannot be seen in `hay`.
#[inline]
pub(crate) fn line_end_colon(hay: &[u8], body: usize) -> bool {
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
}
