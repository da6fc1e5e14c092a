//! Quoted-printable text in mail (RFC 2045 §6.7), as the extractor reads it.
//!
//! Mail bodies sent with `Content-Transfer-Encoding: quoted-printable` break long lines with a
//! soft line break (`=` at the end of a line) and write `=` itself as `=3D`, so that a URI in
//! an HTML part reads `href=3D"http://example.com/a?b=3Dc&d=3D=` / `e"` on the wire. A
//! careful reader of such a message sees `http://example.com/a?b=c&d=e`, as a mail client
//! shows it. Appendix E is silent on transfer encodings. Mail read as mail decodes every part
//! by its own header (`super::mail`); in plain text, when asked for
//! (`ExtractorBuilder::quoted_printable`), quoted-printable is decoded where the text says it
//! is used, and nowhere else:
//!
//! - a *region* starts right after the colon of a `Content-Transfer-Encoding:
//!   quoted-printable` header line, and ends at the next line that starts a MIME boundary
//!   (`--`) or an mbox message (`From `), or at the next `Content-Transfer-Encoding` header
//!   line;
//! - inside a region, candidates are delimited on the decoded text (soft line breaks removed,
//!   `=XX` decoded), and their spans still point at the source bytes.
//!
//! Where regions start and end is read from the input's own bytes, in front of the engine:
//! [`Headers`] finds the header lines, [`Region`] decodes one region a window at a time and
//! finds where it ends ([`lines::region_end`]). The engine only reads the text it is
//! given. `decode_append` is the decoder.

mod lines;
mod regions;

pub(crate) use lines::last_transfer_encoding_line;
pub(crate) use regions::{HeaderLine, Headers, Region, at_header};

use super::Decoded;

fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// Decodes `raw` into `out` (cleared first) and returns how many source bytes were decoded:
/// all of them, unless `complete` is false and `raw` ends inside an `=` sequence that cannot be
/// decided yet. `raw` must be shorter than 4 GiB (the caller bounds it far below).
///
/// - `=` with optional blanks and a line ending is a soft line break, removed;
/// - `=` and two hexadecimal digits is that byte (lower case is accepted, as robust decoders
///   do, RFC 2045 §6.7 note (1));
/// - any other `=` stands for itself.
#[cfg(test)]
pub(crate) fn decode_into(raw: &[u8], complete: bool, out: &mut Decoded) -> usize {
    *out = Decoded { base: out.base, ..Decoded::default() };
    decode_append(raw, 0, complete, out)
}

/// The decoder (see `decode_into`, its form for a whole input) without clearing `out`: the decoded bytes are appended, their positions
/// `at` plus their index in `raw`.
pub(crate) fn decode_append(raw: &[u8], at: u32, complete: bool, out: &mut Decoded) -> usize {
    let push = |out: &mut Decoded, b: u8, from: usize, to: usize| {
        out.text.push(b);
        out.starts.push(at + from as u32);
        out.ends.push(at + to as u32);
    };
    let mut i = 0;
    while i < raw.len() {
        // The bytes up to the next `=` stand for themselves: copied as a run, which the
        // compiler turns into vector code, rather than pushed one by one (decoding costs a
        // quarter of what it did; the extractor decodes a few hundred bytes around each colon
        // in a quoted-printable region).
        let run = memchr::memchr(b'=', &raw[i..]).unwrap_or(raw.len() - i);
        if run > 0 {
            out.text.extend_from_slice(&raw[i..i + run]);
            out.starts.extend((i..i + run).map(|k| at + k as u32));
            out.ends.extend((i + 1..i + run + 1).map(|k| at + k as u32));
            i += run;
            continue;
        }
        // A soft line break: `=`, transport padding, a line ending.
        let blanks = raw[i + 1..].iter().take_while(|&&c| c == b' ' || c == b'\t').count();
        let after = i + 1 + blanks;
        match raw.get(after) {
            Some(b'\n') => {
                i = after + 1;
                continue;
            }
            Some(b'\r') => match raw.get(after + 1) {
                Some(b'\n') => {
                    i = after + 2;
                    continue;
                }
                None if !complete => return i,
                _ => {
                    i = after + 1;
                    continue;
                }
            },
            None if !complete => return i,
            _ => {}
        }
        match (raw.get(i + 1).copied().and_then(hex), raw.get(i + 2).copied().and_then(hex)) {
            (Some(h), Some(l)) => {
                push(out, h << 4 | l, i, i + 3);
                i += 3;
            }
            (Some(_), None) if raw.len() <= i + 2 && !complete => return i,
            _ => {
                push(out, b'=', i, i + 1);
                i += 1;
            }
        }
    }
    raw.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(raw: &str, complete: bool) -> (String, usize) {
        let mut out = Decoded::default();
        let n = decode_into(raw.as_bytes(), complete, &mut out);
        (String::from_utf8_lossy(&out.text).into_owned(), n)
    }

    /// A region decoded a step at a time gives the text decoded at once, ends at the line that
    /// ends it, and keeps its positions absolute.
    #[test]
    fn regions_decode_in_steps() {
        let raw = b"x: y\na=3Db=\nc http://a/?q=3D1\n--b0undary\nafter";
        let from = 4;
        for step in [1, 3, 7, 100] {
            let mut region = Region::new(from, None);
            let mut got = Vec::new();
            let mut held = 0;
            while !region.text().complete {
                held = (held + step).min(raw.len());
                while region.feed(&raw[..held], 0, held == raw.len(), 1) {}
            }
            let text = region.text();
            got.extend_from_slice(text.bytes);
            // Past the region's end the input is decoded on, for candidates that started inside.
            assert_eq!(got, b"\na=bc http://a/?q=1\n--b0undary\nafter", "step {step}");
            assert_eq!(region.end(), Some(30));
            assert_eq!(text.stop, Some(30));
            let q = got.iter().position(|&b| b == b'q').unwrap();
            assert_eq!(text.map.span(q..q + 4), crate::Span::new(24, 30));
        }
    }

    #[test]
    fn soft_breaks_and_escapes() {
        assert_eq!(decoded("href=3D\"http://a/b?c=3Dd&e=\n=3Df\"", true).0, "href=\"http://a/b?c=d&e=f\"");
        assert_eq!(decoded("a=  \r\nb", true).0, "ab");
        assert_eq!(decoded("a=zz=3d", true).0, "a=zz=");
        assert_eq!(decoded("=E9t=E9", true).0, "\u{fffd}t\u{fffd}");
    }

    #[test]
    fn positions_point_at_the_source() {
        let mut out = Decoded::default();
        decode_into(b"a=3Db=\nc", true, &mut out);
        assert_eq!(out.text, b"a=bc");
        assert_eq!(out.starts, [0, 1, 4, 7]);
        assert_eq!(out.ends, [1, 4, 5, 8]);
    }

    #[test]
    fn undecided_at_the_end_of_a_partial_input() {
        assert_eq!(decoded("ab=", false), ("ab".into(), 2));
        assert_eq!(decoded("ab=3", false), ("ab".into(), 2));
        assert_eq!(decoded("ab= ", false), ("ab".into(), 2));
        assert_eq!(decoded("ab=\r", false), ("ab".into(), 2));
        assert_eq!(decoded("ab=3", true), ("ab=3".into(), 4));
    }
}
