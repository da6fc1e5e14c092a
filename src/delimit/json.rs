//! URIs in JSON and code strings, written with escapes (the crate docs, rule 14): PHP's
//! `json_encode` writes `"https:\/\/a.example\/x"`, Go's encoder `"https://a.example/?a=1\u0026b=2"`,
//! and a reader of the string sees `https://a.example/x` and `https://a.example/?a=1&b=2`. A
//! candidate is read as such a string when its colon is followed by `\/`, or when it stands in a
//! double-quoted string and its bare scan stops at an escape that stands for a URI character;
//! the escapes are decoded as JSON decodes them (RFC 8259 §7), and the string's end, an escape
//! that stands for a character no URI holds (`\"`, `\n`, `\\`), or any byte that ends a bare URI
//! ends the URI.

use super::{Incomplete, Scan, Window};
use crate::chars::{self, EXCLUDED};

/// Whether the colon at `colon` is followed by `\/` (`https:\/\/`): the one spelling of a URI
/// that only a JSON string's escapes give. The byte after the colon (a `\`) ends every bare URI,
/// so the trigger loop asks this before it passes the colon over.
#[inline]
pub(crate) fn escaped_slash_after(text: &[u8], colon: usize) -> bool {
    text.get(colon + 1..colon + 3) == Some(b"\\/") || escape_depth(text, colon) > 1
}

/// Whether the `\` after the colon at `colon` starts a slash escaped more than once
/// ([`escape_depth`] over 1); `None` when `text` ends before that can be told.
pub(crate) fn escaped_deeper(text: &[u8], colon: usize) -> Option<bool> {
    let after = text.get(colon + 1..).unwrap_or_default();
    let n = after.iter().take(8).take_while(|&&b| b == b'\\').count();
    if n == after.len() && n < 8 {
        return None;
    }
    Some(escape_depth(text, colon) > 1)
}

/// The most bytes after a colon that tell whether a slash is escaped there and how many times
/// ([`escaped_slash_after`]): seven backslashes and the slash.
pub(crate) const ESCAPED_SLASH_MAX: usize = 8;

/// How many times over the string the URI whose colon is at `colon` stands in was escaped, as
/// the `/` after the colon tells: once for `\/`, twice for `\\\/` (a JSON document kept as a
/// string of another, as API fixtures and logs hold a response body), up to three times; 1
/// otherwise. Escaped `k` times, a `/` is written after `2^k - 1` backslashes.
fn escape_depth(text: &[u8], colon: usize) -> usize {
    let after = text.get(colon + 1..).unwrap_or_default();
    let n = after.iter().take(8).take_while(|&&b| b == b'\\').count();
    match (n, after.get(n)) {
        (3, Some(b'/')) => 2,
        (7, Some(b'/')) => 3,
        _ => 1,
    }
}

/// What a JSON string escape at `at` stands for, with its length: `Some` only for escapes that
/// stand for characters of a URI or an IRI (`\/`, `\uXXXX` of such a character, a surrogate
/// pair of one); `None` for every other byte or escape; [`Incomplete`] when the window ends
/// inside what may be one.
pub(crate) fn uri_escape_at(w: &Window<'_>, at: usize) -> Scan<Option<(char, usize)>> {
    match escape_at(w, at)? {
        Some((c, len)) if stands_in_uri(c) => Ok(Some((c, len))),
        _ => Ok(None),
    }
}

/// Whether character `c`, decoded from an escape or standing in the string, may be part of a
/// URI or an IRI: a URI character, `%`, or a character outside ASCII that an IRI holds and
/// that ends no IRI where it stands (Unicode white space, the bidirectional controls, CJK
/// sentence punctuation, emoji: `super::unicode::ends_iri`); the IRI's validation judges the
/// rest.
fn stands_in_uri(c: char) -> bool {
    match u8::try_from(c) {
        Ok(b) if b < 0x80 => !chars::is(b, EXCLUDED),
        _ => !super::unicode::ends_iri(c) && crate::uri::iri_class(c) != crate::uri::IriClass::Excluded,
    }
}

/// The JSON escape at `at` (RFC 8259 §7: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`,
/// `\uXXXX`, a high and a low surrogate as two of them), decoded, with its length in bytes;
/// `None` when `at` holds no `\` or no escape (`\d` in a regular expression); [`Incomplete`]
/// when the window ends inside what may be one.
pub(crate) fn escape_at(w: &Window<'_>, at: usize) -> Scan<Option<(char, usize)>> {
    let text = w.text;
    if text.get(at) != Some(&b'\\') {
        return Ok(None);
    }
    let need = |len: usize| if text.len() < at + len && !w.complete { Err(Incomplete) } else { Ok(()) };
    need(2)?;
    let simple = match text.get(at + 1) {
        Some(b'"') => '"',
        Some(b'\\') => '\\',
        Some(b'/') => '/',
        Some(b'b') => '\u{8}',
        Some(b'f') => '\u{c}',
        Some(b'n') => '\n',
        Some(b'r') => '\r',
        Some(b't') => '\t',
        Some(b'u') => {
            need(6)?;
            let Some(unit) = hex4(text.get(at + 2..at + 6)) else { return Ok(None) };
            if !(0xd800..0xdc00).contains(&unit) {
                return Ok(char::from_u32(u32::from(unit)).map(|c| (c, 6)));
            }
            // A high surrogate, and the low one of its pair after it.
            need(12)?;
            let low = match text.get(at + 6..at + 8) {
                Some(b"\\u") => hex4(text.get(at + 8..at + 12)),
                _ => None,
            };
            let Some(low) = low.filter(|l| (0xdc00..0xe000).contains(l)) else { return Ok(None) };
            let c = 0x10000 + ((u32::from(unit) - 0xd800) << 10) + (u32::from(low) - 0xdc00);
            return Ok(char::from_u32(c).map(|c| (c, 12)));
        }
        _ => return Ok(None),
    };
    Ok(Some((simple, 2)))
}

/// Four hexadecimal digits as a UTF-16 code unit.
fn hex4(digits: Option<&[u8]>) -> Option<u16> {
    let digits = core::str::from_utf8(digits?).ok()?;
    if digits.len() != 4 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u16::from_str_radix(digits, 16).ok()
}

/// A candidate read through a JSON string's escapes ([`read`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct JsonReading {
    /// The decoded text, from the scheme on (UTF-8; not trimmed).
    pub(crate) text: String,
    /// For each byte of `text`, one past the last window index it was decoded from.
    pub(crate) ends: Vec<usize>,
    /// Where the reading stopped in the window, and the byte there, if any.
    pub(crate) stop: usize,
    pub(crate) stop_byte: Option<u8>,
    /// Whether it reached the length limit.
    pub(crate) overlong: bool,
}

/// Reads the candidate whose scheme starts at `s` (its colon at `colon`) through a JSON
/// string's escapes, up to `limit_end`: the scheme as it is, then each escape decoded and each
/// other byte as it is, until a byte that ends a bare URI (a raw `"` is the string's end) or an
/// escape that stands for none of a URI's characters. Characters outside ASCII, raw or decoded,
/// are kept for the IRI validation to judge. [`Incomplete`] when the window ends first and
/// more may follow.
pub(crate) fn read(w: &Window<'_>, s: usize, colon: usize, limit_end: usize) -> Scan<JsonReading> {
    match escape_depth(w.text, colon) {
        1 => read_once(w, s, colon, limit_end),
        depth => read_nested(w, s, colon, limit_end, depth),
    }
}

/// [`read`] of a string escaped `depth` times over (`depth` > 1, [`escape_depth`]): the
/// escapes of the outer string decoded (every escape, up to an escape that is none, a raw `"`,
/// which ends that string, or a byte that ends a bare URI), and what they give read as a
/// string escaped `depth - 1` times, its ends mapped back to the window.
fn read_nested(w: &Window<'_>, s: usize, colon: usize, limit_end: usize, depth: usize) -> Scan<JsonReading> {
    let text = w.text;
    // The scheme and colon, then the outer string decoded, with each byte's end in the window.
    let mut inner = String::from_utf8_lossy(&text[s..=colon]).into_owned();
    let mut ends: Vec<usize> = (s + 1..=colon + 1).collect();
    let mut i = colon + 1;
    let stop = loop {
        if i >= limit_end {
            return Ok(JsonReading { text: inner, ends, stop: i, stop_byte: None, overlong: true });
        }
        let Some(&b) = text.get(i) else {
            if !w.complete {
                return Err(Incomplete);
            }
            break i;
        };
        let (c, len) = match b {
            b'\\' => match escape_at(w, i)? {
                Some(decoded) => decoded,
                None => break i,
            },
            b'"' => break i,
            _ if b >= 0x80 => match super::unicode::char_at(w, i)? {
                Some(decoded) => decoded,
                None => break i,
            },
            _ if chars::is(b, EXCLUDED) => break i,
            _ => (char::from(b), 1),
        };
        inner.push(c);
        ends.extend(core::iter::repeat_n(i + len, c.len_utf8()));
        i += len;
    };
    let inner_w = Window { text: inner.as_bytes(), lo: 0, lo_is_start: true, complete: true, cut: false };
    let colon_in = colon - s;
    let read = match depth - 1 {
        1 => read_once(&inner_w, 0, colon_in, usize::MAX)?,
        d => read_nested(&inner_w, 0, colon_in, usize::MAX, d)?,
    };
    // An index of the inner text back in the window: where the byte before it ends.
    let back = |k: usize| if k == 0 { s } else { ends[k - 1] };
    Ok(JsonReading {
        text: read.text,
        ends: read.ends.iter().map(|&k| back(k)).collect(),
        // Where the inner reading stopped; at the inner text's end, where the outer one did.
        stop: if read.stop >= inner.len() { stop } else { back(read.stop) },
        // The inner string's quotes are escapes of the outer one: no wrapper to report.
        stop_byte: None,
        overlong: false,
    })
}

/// [`read`] of a string escaped once.
fn read_once(w: &Window<'_>, s: usize, colon: usize, limit_end: usize) -> Scan<JsonReading> {
    let text = w.text;
    let mut out =
        JsonReading { text: String::new(), ends: Vec::new(), stop: 0, stop_byte: None, overlong: false };
    for (i, &b) in text[s..=colon].iter().enumerate() {
        out.text.push(char::from(b));
        out.ends.push(s + i + 1);
    }
    let mut i = colon + 1;
    loop {
        if i >= limit_end {
            out.overlong = true;
            out.stop = i;
            return Ok(out);
        }
        let Some(&b) = text.get(i) else {
            if !w.complete {
                return Err(Incomplete);
            }
            out.stop = i;
            return Ok(out);
        };
        if b == b'\\' {
            match uri_escape_at(w, i)? {
                Some((c, len)) => {
                    let mut buf = [0; 4];
                    let bytes = c.encode_utf8(&mut buf).len();
                    out.text.push(c);
                    out.ends.extend(core::iter::repeat_n(i + len, bytes));
                    i += len;
                    continue;
                }
                None => {
                    out.stop = i;
                    out.stop_byte = Some(b);
                    return Ok(out);
                }
            }
        }
        if b >= 0x80 {
            // A raw character outside ASCII, whole: the IRI validation judges it.
            let Some((c, len)) = super::unicode::char_at(w, i)?.filter(|&(c, _)| stands_in_uri(c)) else {
                out.stop = i;
                out.stop_byte = Some(b);
                return Ok(out);
            };
            out.text.push(c);
            out.ends.extend(core::iter::repeat_n(i + len, len));
            i += len;
            continue;
        }
        if chars::is(b, EXCLUDED) {
            out.stop = i;
            out.stop_byte = Some(b);
            return Ok(out);
        }
        out.text.push(char::from(b));
        out.ends.push(i + 1);
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(text: &[u8], complete: bool) -> Window<'_> {
        Window { text, lo: 0, lo_is_start: true, complete, cut: false }
    }

    #[test]
    fn a_string_escaped_twice_or_three_times_is_read_through_every_level() {
        let read_all = |t: &str| {
            let w = window(t.as_bytes(), true);
            let colon = t.find(':').unwrap();
            read(&w, 0, colon, usize::MAX).unwrap()
        };
        // Escaped twice: `\\\/` for `/`, `\\u0026` for `&`, `\\\"` ends the inner string.
        let twice = r#"https:\\\/\\\/a.example\\\/x?b=1\\u0026c=2\\\" rest"#;
        let r = read_all(twice);
        assert_eq!(r.text, "https://a.example/x?b=1&c=2");
        // Each byte's end is in the window, in order; the reading stops at the escaped quote.
        assert!(r.ends.windows(2).all(|p| p[0] <= p[1]) && *r.ends.last().unwrap() <= r.stop);
        assert_eq!(&twice[r.stop..r.stop + 1], "\\");
        assert_eq!(r.stop_byte, None);
        let thrice = r#"http:\\\\\\\/\\\\\\\/b.example\\\\\\\/y"#;
        assert_eq!(read_all(thrice).text, "http://b.example/y");
        // The depth is told by the first slash; a window that ends in the backslashes cannot tell.
        assert_eq!(escape_depth(br"x:\/", 1), 1);
        assert_eq!(escape_depth(br"x:\\\/", 1), 2);
        assert_eq!(escaped_deeper(br"x:\\", 1), None);
        assert_eq!(escaped_deeper(br"x:\\Win", 1), Some(false));
        let w = window(br"https:\\\/\\\/a.ex", false);
        assert_eq!(read(&w, 0, 5, usize::MAX), Err(Incomplete));
    }

    #[test]
    fn json_escapes_decode_as_rfc_8259_says() {
        let at = |t: &str| escape_at(&window(t.as_bytes(), true), 0);
        assert_eq!(at("\\/x"), Ok(Some(('/', 2))));
        assert_eq!(at("\\\"x"), Ok(Some(('"', 2))));
        assert_eq!(at("\\u0026"), Ok(Some(('&', 6))));
        assert_eq!(at("\\u00e9"), Ok(Some(('é', 6))));
        assert_eq!(at("\\ud83d\\ude00"), Ok(Some(('😀', 12))));
        assert_eq!(at("\\ud83dx"), Ok(None));
        assert_eq!(at("\\d+"), Ok(None));
        assert_eq!(at("\\u00zz"), Ok(None));
        assert_eq!(escape_at(&window(b"\\u00", false), 0), Err(Incomplete));
        // Escapes of characters no URI holds are not read on.
        let uri = |t: &str| uri_escape_at(&window(t.as_bytes(), true), 0);
        assert_eq!(uri("\\n"), Ok(None));
        assert_eq!(uri("\\\""), Ok(None));
        assert_eq!(uri("\\u003c"), Ok(None));
        assert_eq!(uri("\\u003d"), Ok(Some(('=', 6))));
        assert_eq!(uri("\\u00a0"), Ok(None));
        assert_eq!(uri("\\u3000"), Ok(None));
    }

    #[test]
    fn a_string_is_read_through_its_escapes() {
        let text = br#"{"u":"https:\/\/a.example\/x?a=1\u0026b=\u00e9","v":1}"#;
        let w = window(text, true);
        let colon = 11;
        let r = read(&w, 6, colon, usize::MAX).unwrap();
        assert_eq!(r.text, "https://a.example/x?a=1&b=é");
        assert_eq!((r.stop, r.stop_byte), (text.len() - 8, Some(b'"')));
        assert_eq!(r.ends.len(), r.text.len());
        assert_eq!(*r.ends.last().unwrap(), r.stop);
        // The end of a window that may go on.
        let partial = window(&text[..20], false);
        assert_eq!(read(&partial, 6, colon, usize::MAX), Err(Incomplete));
    }
}
