//! Text taken from the input, written for a person to read: a control character printed as it
//! is reaches the terminal, which acts on it (ESC starts a sequence that can move the cursor,
//! rewrite what is shown, set the window title or, in some terminals, answer back as if typed;
//! BEL rings). Each control character is written as its escape instead, the one `urisift check`
//! writes for invalid input: `\t`, `\n`, `\r`, else `\u{1b}` (Rust's `char::escape_default`).
//! Escapes are visible and say which character was there, where U+FFFD would not; a tab is
//! escaped too, so that a tab-separated `--format` keeps its columns.
//!
//! The control characters are C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F, as UTF-8). A byte
//! that is not UTF-8 is written as it is: in the text of a legacy charset 0x80–0x9F are letters
//! (`€`, `“` in windows-1252), and a UTF-8 terminal shows such a byte as U+FFFD.
//!
//! Machine formats stay exact: `--json` escapes strings as JSON does, and names ended by `-0`
//! (for `xargs -0`) are written as the system gives them.

use std::borrow::Cow;

/// Whether `b` may start a control character: a C0 control or DEL, or the first byte of the
/// UTF-8 of a C1 control (`0xC2 0x80`–`0xC2 0x9F`).
fn may_start_control(b: u8) -> bool {
    b < 0x20 || b == 0x7f || b == 0xc2
}

/// Appends `bytes` to `buf`, each control character written as its escape.
pub fn push_escaped(buf: &mut Vec<u8>, bytes: &[u8]) {
    let mut rest = bytes;
    while let Some(at) = rest.iter().position(|&b| may_start_control(b)) {
        buf.extend_from_slice(&rest[..at]);
        let (control, len) = match (rest[at], rest.get(at + 1)) {
            (0xc2, Some(&c1 @ 0x80..=0x9f)) => (char::from(c1), 2),
            (0xc2, _) => {
                buf.push(0xc2);
                rest = &rest[at + 1..];
                continue;
            }
            (c0, _) => (char::from(c0), 1),
        };
        // The escape of a control character is ASCII.
        buf.extend(control.escape_default().map(|c| c as u8));
        rest = &rest[at + len..];
    }
    buf.extend_from_slice(rest);
}

/// `bytes` with each control character written as its escape; borrowed when there is none.
pub fn escaped(bytes: &[u8]) -> Cow<'_, [u8]> {
    if !bytes.iter().any(|&b| may_start_control(b)) {
        return Cow::Borrowed(bytes);
    }
    let mut buf = Vec::with_capacity(bytes.len() + 8);
    push_escaped(&mut buf, bytes);
    Cow::Owned(buf)
}

/// [`escaped`] for text: escaping keeps UTF-8 valid.
pub fn escaped_str(text: &str) -> Cow<'_, str> {
    match escaped(text.as_bytes()) {
        Cow::Borrowed(_) => Cow::Borrowed(text),
        Cow::Owned(bytes) => Cow::Owned(String::from_utf8(bytes).unwrap_or_else(|e| {
            // Unreachable: only whole characters are replaced, by ASCII.
            String::from_utf8_lossy(e.as_bytes()).into_owned()
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(bytes: &[u8]) -> Vec<u8> {
        escaped(bytes).into_owned()
    }

    #[test]
    fn control_characters_are_written_as_their_escapes() {
        assert_eq!(shown(b"\x1b]0;title\x07 \x1b[2J"), b"\\u{1b}]0;title\\u{7} \\u{1b}[2J");
        assert_eq!(shown(b"a\tb\nc\rd\0e\x7f"), b"a\\tb\\nc\\rd\\u{0}e\\u{7f}");
        // C1 controls as UTF-8 (U+009B is CSI in 8-bit terminals); other characters stay.
        assert_eq!(shown("x\u{9b}31m \u{a0}é€".as_bytes()), "x\\u{9b}31m \u{a0}é€".as_bytes());
        // Bytes that are not UTF-8 stay as they are, a lone 0xC2 too.
        assert_eq!(shown(b"\x80\x9b\xc2\xc2\x41\xc2"), b"\x80\x9b\xc2\xc2\x41\xc2");
        assert!(matches!(escaped(b"plain text, https://a.example/"), Cow::Borrowed(_)));
    }

    /// The same escapes as `char::escape_default` gives each control character, which
    /// `urisift check` writes.
    #[test]
    fn every_control_character_as_check_escapes_it() {
        for c in (0..=0x9f_u32).filter_map(char::from_u32).filter(|c| c.is_control()) {
            let text = c.to_string();
            assert_eq!(escaped_str(&text), c.escape_default().to_string(), "{c:?}");
        }
        for c in (0x20..0x7f_u8).map(char::from).chain(['\u{a0}', 'é', '東']) {
            assert_eq!(escaped_str(&c.to_string()), c.to_string());
        }
    }
}
