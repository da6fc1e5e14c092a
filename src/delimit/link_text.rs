//! Link text after a URI (the crate docs, "Brackets, parentheses and emphasis"): AsciiDoc
//! writes a link as `https://x.example/r.pdf[the report]`, BBCode closes one with `[/url]`,
//! and prose marks a footnote with `[1]`. A bracket after the authority that is balanced stays
//! in an IRI ([`super::bare::balanced_close`]), so such text would be read as part of the URI;
//! this rule tells it apart: it is not part of the URI.

use super::{Scan, Window};
use crate::chars::{self, WSP};

/// Whether the `[…]` from `open` to `close` (balanced, in a candidate that starts at `s` and
/// whose authority starts at `authority`) is link text rather than part of the URI, where the
/// URI ends right after it as a link in running text does ([`ends_after`]):
///
/// - after AsciiDoc's `link:` macro, always: the brackets are its attribute list, even empty
///   (`link:https://x.example/a/[Blog]`, `link:https://x.example/a[]`);
/// - otherwise when something stands in it and it follows a letter or digit (or a character
///   outside ASCII) of a path or of a query value, or follows a `/` and starts with an
///   upper-case letter (`https://x.example/blog/[Blog]`). Brackets that follow `=`, `/` or
///   another delimiter are a value or a segment written as a template (`ord=[timestamp]`,
///   `/[id]`), and those that follow the name of a query parameter are an array's key
///   (`?ids[b]`, as PHP writes it): both stay.
///
/// [`super::Incomplete`] when the window ends before it can be told.
pub(crate) fn is_link_text(
    w: &Window<'_>,
    s: usize,
    authority: usize,
    open: usize,
    close: usize,
) -> Scan<bool> {
    let text = w.text;
    if w.text[open] != b'[' {
        return Ok(false);
    }
    if after_link_macro(w, s) {
        return ends_after(w, close + 1);
    }
    if close == open + 1 {
        return Ok(false);
    }
    let before = text[open - 1];
    let titled = before == b'/' && text[open + 1].is_ascii_uppercase();
    if !(before.is_ascii_alphanumeric() || before >= 0x80 || titled) {
        return Ok(false);
    }
    // In a query, the parameter the bracket is in: a name without `=` is an array's key.
    let head = &text[authority..open];
    if let Some(query) = memchr::memchr(b'?', head) {
        let param = memchr::memrchr2(b'&', b';', &head[query..]).map_or(query, |k| query + k) + 1;
        if !head[param..].contains(&b'=') {
            return Ok(false);
        }
    }
    ends_after(w, close + 1)
}

/// Whether AsciiDoc's `link:` (in any case, not the end of a longer word) stands right before
/// the candidate at `s`, within what the window may look back at.
fn after_link_macro(w: &Window<'_>, s: usize) -> bool {
    let Some(from) = s.checked_sub(5).filter(|&from| from >= w.lo) else { return false };
    // The byte before `link:` is looked at only above the look-back floor: below it, a stream
    // and a slice may not hold the same bytes.
    let word_start = match from {
        0 => true,
        _ if from > w.lo => !w.text[from - 1].is_ascii_alphanumeric(),
        _ => false,
    };
    word_start && w.text[from..s].eq_ignore_ascii_case(b"link:")
}

/// Whether the URI ends at `at` as a link in running text does: at white space, a quote or an
/// angle bracket, after nothing but what the trim of rule 3 may take off, or at the end of the
/// text (not at a bracket, which may go on with another pair or close a wrapper around the URI).
fn ends_after(w: &Window<'_>, at: usize) -> Scan<bool> {
    let mut i = at;
    loop {
        match w.text.get(i) {
            Some(&b) if b < 0x80 && super::trim::may_trail(b) => i += 1,
            Some(&b) => return Ok(chars::is(b, WSP) || matches!(b, b'"' | b'<' | b'>')),
            None if w.complete => return Ok(!w.cut),
            None => return Err(super::Incomplete),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link_text(text: &str) -> Scan<bool> {
        let w = Window { text: text.as_bytes(), lo: 0, lo_is_start: true, complete: true, cut: false };
        let open = text.rfind('[').unwrap();
        let close = open + text[open..].find(']').unwrap();
        let s = text.find("http").unwrap();
        is_link_text(&w, s, text.find("//").unwrap() + 2, open, close)
    }

    #[test]
    fn link_text_and_footnotes_are_no_part_of_the_uri() {
        for text in [
            "https://x.example/r.pdf[the report]",
            "https://x.example/r.pdf[here].",
            "[url]https://x.example/b2[/url] x",
            "see http://x.example/page[1], then",
            "https://x.example/p?q=1[text]",
            "https://x.example/wiki/東京[x]",
            "https://x.example/blog/[Blog]",
            "link:https://x.example/blog/[the blog]",
            "link:https://x.example/blog/[blog]",
            "link:https://x.example/a[]",
            "LINK:https://x.example/a?b=[c]",
        ] {
            assert_eq!(link_text(text), Ok(true), "{text}");
        }
        for text in [
            "http://x.example/?ids[b]",
            "http://x.example/?a=1&ids[b] x",
            "http://ad.example/ad;sz=1;ord=[timestamp]",
            "http://x.example/[x]",
            "http://x.example/a[]",
            "http://foo.com/blah_blah_[other]",
            "https://x.example/r.pdf[here]x",
            "https://x.example/a[b][c]",
            "[http://x.example/a[1]]",
            "http://x.example/users/[id]",
            "xlink:https://x.example/a/[b]",
            "https://x.example/[Blog]/more",
        ] {
            assert_eq!(link_text(text), Ok(false), "{text}");
        }
        // What follows is not read yet.
        let w = Window {
            text: b"https://x.example/r.pdf[here]",
            lo: 0,
            lo_is_start: true,
            complete: false,
            cut: false,
        };
        assert_eq!(is_link_text(&w, 0, 8, 23, 28), Err(super::super::Incomplete));
    }
}
