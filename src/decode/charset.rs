//! Text in a declared charset (RFC 2045 §5.1, RFC 2046 §4.1.2), decoded to UTF-8 with an exact
//! map: each UTF-8 byte maps to the source bytes of the character it came from.
//!
//! Labels are looked up as the WHATWG Encoding Standard does (`encoding_rs`: ISO-2022-JP,
//! Shift_JIS, EUC-JP, EUC-KR, Big5, GBK, gb18030, KOI8-R/U, windows-125x, ISO-8859-x, UTF-16),
//! plus UTF-7 ([`super::utf7`], RFC 2152), which the Encoding Standard leaves out. A charset not
//! known is read as ASCII-compatible bytes, as they are.
//!
//! In ASCII-compatible encodings a run of ASCII bytes, outside a multi-byte sequence, stands for
//! itself and is copied as it is; other bytes are given to the decoder one at a time, so that
//! the output each byte completes is known.

use encoding_rs::{DecoderResult, Encoding, ISO_2022_JP};

use super::{Decoded, utf7};

/// What a charset label names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Charset {
    /// An encoding of the Encoding Standard.
    Standard(&'static Encoding),
    /// UTF-7 (RFC 2152).
    Utf7,
    /// A label not known: the bytes as they are.
    Unknown,
}

impl Charset {
    /// The charset a label names (blanks around it and case ignored); US-ASCII is read as
    /// windows-1252 by the Encoding Standard, which gives ASCII the same bytes.
    pub(crate) fn for_label(label: &[u8]) -> Charset {
        let label = label.trim_ascii();
        if label.eq_ignore_ascii_case(b"utf-7") || label.eq_ignore_ascii_case(b"utf7") {
            return Charset::Utf7;
        }
        match Encoding::for_label_no_replacement(label) {
            Some(e) => Charset::Standard(e),
            None => Charset::Unknown,
        }
    }
}

/// Decodes `raw` from the charset labelled `label`; positions are indexes into `raw`, which
/// must be shorter than 4 GiB.
pub(crate) fn decode(raw: &[u8], label: &[u8]) -> Decoded {
    match Charset::for_label(label) {
        Charset::Standard(e) => decode_with(raw, e),
        Charset::Utf7 => utf7::decode(raw),
        Charset::Unknown => Decoded::identity(raw, 0),
    }
}

/// Whether [`decode`] gives `raw` as it is, each byte from itself: ASCII text in an
/// ASCII-compatible encoding (the Encoding Standard's sense), or any text under a label not
/// known.
pub(crate) fn is_identity(raw: &[u8], label: &[u8]) -> bool {
    match Charset::for_label(label) {
        Charset::Standard(e) => e.is_ascii_compatible() && raw.is_ascii(),
        Charset::Utf7 => false,
        Charset::Unknown => true,
    }
}

/// Whether `raw`, text without a charset label, is 7-bit text holding an
/// ISO-2022-JP escape sequence (RFC 1468 §2: `ESC ( B`, `ESC ( J`, `ESC $ @`, `ESC $ B`):
/// Japanese text in ISO-2022-JP, as mailers wrote it before MIME. Read as bytes, the `B` or
/// `J` of the escape that switches back to ASCII would be the first letter of a scheme after
/// it (`Bhttps://…`). No other charset writes these sequences in 7-bit text.
pub(crate) fn is_unlabelled_iso_2022_jp(raw: &[u8]) -> bool {
    memchr::memchr_iter(0x1b, raw)
        .any(|k| matches!(raw.get(k + 1..k + 3), Some(b"(B" | b"(J" | b"$@" | b"$B")))
        && raw.is_ascii()
}

/// Decodes `raw` with `encoding`.
pub(crate) fn decode_with(raw: &[u8], encoding: &'static Encoding) -> Decoded {
    let mut out = Decoded::default();
    // A byte for each byte, as most text decodes; more grows the vectors once or twice.
    out.reserve(raw.len());
    let ascii_compatible = encoding.is_ascii_compatible();
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut buf = [0u8; 64];
    // The first source byte whose output has not been written yet.
    let mut pending = 0;
    let mut i = 0;
    while i < raw.len() {
        if ascii_compatible && pending == i {
            let run = raw[i..].iter().take_while(|b| b.is_ascii()).count();
            if run > 0 {
                out.push_run(&raw[i..i + run], i as u32);
                i += run;
                pending = i;
                continue;
            }
        }
        let mut src = &raw[i..i + 1];
        loop {
            let (result, read, written) = decoder.decode_to_utf8_without_replacement(src, &mut buf, false);
            out.push_all(&buf[..written], pending as u32, (i + 1) as u32);
            // An ISO-2022-JP escape sequence (three bytes, RFC 1468) that switches the
            // character set belongs to no character: the next one starts after it.
            let escape = encoding == ISO_2022_JP && raw.get(pending) == Some(&0x1b) && i + 1 == pending + 3;
            if written > 0 || escape {
                pending = i + 1;
            }
            src = &src[read..];
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed(..) => {
                    out.push_all("\u{fffd}".as_bytes(), pending as u32, (i + 1) as u32);
                    pending = i + 1;
                }
            }
        }
        i += 1;
    }
    // A sequence cut short at the end.
    loop {
        let (result, _, written) = decoder.decode_to_utf8_without_replacement(&[], &mut buf, true);
        let end = raw.len() as u32;
        out.push_all(&buf[..written], (pending as u32).min(end), end);
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::OutputFull => {}
            DecoderResult::Malformed(..) => {
                out.push_all("\u{fffd}".as_bytes(), (pending as u32).min(end), end);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks that every output character maps to a source range whose bytes decode to it.
    fn round_trip(raw: &[u8], label: &str, want: &str) {
        let d = decode(raw, label.as_bytes());
        assert_eq!(String::from_utf8_lossy(&d.text), want, "{label}");
        assert_eq!(d.starts.len(), d.text.len());
        let s = std::str::from_utf8(&d.text).unwrap();
        for (k, c) in s.char_indices() {
            let (from, to) = (d.starts[k] as usize, d.ends[k] as usize);
            for j in k..k + c.len_utf8() {
                assert_eq!((d.starts[j], d.ends[j]), (from as u32, to as u32), "{label} {c}");
            }
            if c.is_ascii() && label != "utf-16le" {
                assert_eq!(&raw[from..to], c.to_string().as_bytes(), "{label}");
            }
        }
    }

    #[test]
    fn legacy_charsets_decode_with_exact_maps() {
        round_trip(b"caf\xe9 http://x/", "ISO-8859-1", "café http://x/");
        round_trip(b"\xcf\xf0\xe8\xe2\xe5\xf2 http://x/", "windows-1251", "Привет http://x/");
        round_trip(b"\xf0\xd2\xc9\xd7\xc5\xd4", "koi8-r", "Привет");
        round_trip(b"\x93\xfa\x96\x7b http://x/", "Shift_JIS", "日本 http://x/");
        round_trip(b"\xc6\xfc\xcb\xdc", "euc-jp", "日本");
        round_trip(b"\x1b$BF|K\\\x1b(B http://x/", "iso-2022-jp", "日本 http://x/");
        round_trip(b"\xa4\xa4\xa4\xe5", "big5", "中文");
        round_trip(b"\xd6\xd0\xce\xc4 http://x/", "gb2312", "中文 http://x/");
        round_trip(b"h\x00t\x00=\x00\x2d\x4e", "utf-16le", "ht=中");
    }

    #[test]
    fn multi_byte_characters_map_to_all_their_bytes() {
        let d = decode(b"a\x93\xfab", b"shift_jis");
        assert_eq!(d.text, "a日b".as_bytes());
        assert_eq!(d.starts, [0, 1, 1, 1, 3]);
        assert_eq!(d.ends, [1, 3, 3, 3, 4]);
        // ISO-2022-JP: the escape sequence goes with the character after it.
        let d = decode(b"\x1b$BF|\x1b(Bx", b"ISO-2022-JP");
        assert_eq!(d.text, "日x".as_bytes());
        assert_eq!((d.starts[0], d.ends[0]), (3, 5));
        assert_eq!((d.starts[3], d.ends[3]), (8, 9));
    }

    #[test]
    fn malformed_and_cut_sequences_are_replaced() {
        let d = decode(b"a\xffb\xe6", b"utf-8");
        assert_eq!(String::from_utf8(d.text.clone()).unwrap(), "a\u{fffd}b\u{fffd}");
        assert_eq!((d.starts[1], d.ends[1]), (1, 2));
        assert_eq!(*d.ends.last().unwrap(), 4);
        // Shift_JIS lead byte before ASCII: the ASCII byte is kept.
        let d = decode(b"\x93 a", b"shift_jis");
        assert_eq!(String::from_utf8(d.text.clone()).unwrap(), "\u{fffd} a", "{d:?}");
    }

    #[test]
    fn iso_2022_jp_is_known_by_its_escapes_in_7bit_text() {
        assert!(is_unlabelled_iso_2022_jp(b"\x1b$BF|K\\\x1b(B http://x/"));
        assert!(is_unlabelled_iso_2022_jp(b"a\x1b(Jb"));
        assert!(!is_unlabelled_iso_2022_jp(b"\x1b[1m http://x/ \x1b[0m"));
        assert!(!is_unlabelled_iso_2022_jp(b"\x1b$B\xff"));
        assert!(!is_unlabelled_iso_2022_jp(b"\x1b("));
    }

    /// Found by the `mail` fuzz target: in ISO-2022-JP, a malformed last byte moved the start
    /// of the next character past the end, and the escape check read there.
    #[test]
    fn iso_2022_jp_malformed_last_byte_does_not_read_past_the_end() {
        let d = decode(b"ab\x80", b"iso-2022-jp");
        assert_eq!(String::from_utf8(d.text.clone()).unwrap(), "ab\u{fffd}", "{d:?}");
        assert_eq!(*d.ends.last().unwrap(), 3);
        let d = decode(b"\x1b$B\xff", b"iso-2022-jp");
        assert!(String::from_utf8(d.text).unwrap().ends_with('\u{fffd}'));
    }

    #[test]
    fn unknown_charsets_are_bytes_as_they_are() {
        let d = decode(b"x\xe9 http://a/", b"x-unknown-thing");
        assert_eq!(d.text, b"x\xe9 http://a/");
        assert_eq!(Charset::for_label(b" US-ASCII "), Charset::Standard(encoding_rs::WINDOWS_1252));
        assert_eq!(Charset::for_label(b"UTF-7"), Charset::Utf7);
    }
}
