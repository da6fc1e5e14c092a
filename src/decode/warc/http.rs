//! The HTTP message of a `response` record: its head (RFC 9112 §4 status line, §5 fields),
//! the chunked transfer coding (RFC 9112 §7.1) and the content codings (RFC 9110 §8.4.1:
//! gzip, deflate, br, zstd) of its body.
//!
//! Each decoder is bounded: a body decodes to at most a given number of bytes (a
//! decompression bomb is cut there, and says so), and in time linear in its input and output.

use std::io::Read;

use crate::decode::Decoded;

/// The status code of an HTTP response whose status line starts `head` (`HTTP/1.1 200 OK`),
/// or `None` when it does not start with one.
pub(crate) fn status(head: &[u8]) -> Option<u16> {
    let rest = head.strip_prefix(b"HTTP/")?;
    let sp = memchr::memchr(b' ', &rest[..rest.len().min(16)])?;
    let code = rest.get(sp + 1..sp + 4)?;
    if !code.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(code.iter().fold(0, |n, &d| n * 10 + u16::from(d - b'0')))
}

/// Decodes the chunked body `body` (RFC 9112 §7.1: `chunk-size [ chunk-ext ] CRLF chunk-data
/// CRLF`, …, `0 CRLF`, trailer fields), appending the data to `out` with positions that are
/// indexes into `body` (each byte its own source). `None` when `body` does not start with a
/// chunk-size line: the body was stored without its chunking (crawlers often store it
/// decoded and keep the header). A body cut short gives the data that is there.
pub(crate) fn dechunk(body: &[u8]) -> Option<Decoded> {
    let mut out = Decoded::default();
    let mut at = 0;
    let mut first = true;
    while at < body.len() {
        let nl = memchr::memchr(b'\n', &body[at..body.len().min(at + 1024)]).map(|k| at + k);
        let Some(nl) = nl else {
            return (!first).then_some(out);
        };
        let line = &body[at..nl];
        let digits = line.iter().take_while(|b| b.is_ascii_hexdigit()).count();
        // chunk-size, then optional white space and `;` extensions (RFC 9112 §7.1.1), a CR.
        let rest = &line[digits..];
        let well_formed = digits > 0
            && digits <= 16
            && rest.iter().all(|&b| b != b'\n')
            && matches!(rest.trim_ascii_start().first(), None | Some(b';' | b'\r'));
        if !well_formed {
            return (!first).then_some(out);
        }
        first = false;
        let size = line[..digits].iter().fold(0u64, |n, &d| {
            n.saturating_mul(16).saturating_add(u64::from((d as char).to_digit(16).unwrap_or(0)))
        });
        if size == 0 {
            break;
        }
        let data = nl + 1;
        let end = data.saturating_add(usize::try_from(size).unwrap_or(usize::MAX)).min(body.len());
        out.push_run(&body[data..end], data as u32);
        at = end;
        // The CRLF after the data.
        if body.get(at) == Some(&b'\r') {
            at += 1;
        }
        if body.get(at) == Some(&b'\n') {
            at += 1;
        }
    }
    Some(out)
}

/// A content coding (RFC 9110 §8.4.1; the IANA registry for `br`, `zstd`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Coding {
    /// `gzip` or `x-gzip` (RFC 1952).
    Gzip,
    /// `deflate`: the zlib format (RFC 1950), or raw deflate (RFC 1951) as some servers send.
    Deflate,
    /// `br` (RFC 7932).
    Br,
    /// `zstd` (RFC 8878).
    Zstd,
    /// Another coding, which is not decoded.
    Other,
}

/// The codings of a `Content-Encoding` value, in the order they were applied, `identity`
/// left out.
pub(crate) fn codings(value: &[u8]) -> Vec<Coding> {
    value
        .split(|&b| b == b',')
        .map(<[u8]>::trim_ascii)
        .filter(|c| !c.is_empty() && !c.eq_ignore_ascii_case(b"identity"))
        .map(|c| match c.to_ascii_lowercase().as_slice() {
            b"gzip" | b"x-gzip" => Coding::Gzip,
            b"deflate" => Coding::Deflate,
            b"br" => Coding::Br,
            b"zstd" => Coding::Zstd,
            _ => Coding::Other,
        })
        .collect()
}

/// What decoding a body gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Undone {
    /// All of it.
    Whole,
    /// The first `limit` bytes; the rest was not decoded.
    Cut,
    /// What came before an error in the coded data (a body cut short in the archive).
    Broken,
    /// Nothing: the coding is not known, or its decoder is not built in.
    Unknown,
}

/// `body` with the content coding `coding` undone, at most `limit` bytes of it.
pub(crate) fn undo(coding: Coding, body: &[u8], limit: usize) -> (Vec<u8>, Undone) {
    match coding {
        #[cfg(feature = "flate2")]
        Coding::Gzip => read_all(flate2::read::MultiGzDecoder::new(body), limit),
        #[cfg(feature = "flate2")]
        Coding::Deflate => match read_all(flate2::read::ZlibDecoder::new(body), limit) {
            (out, Undone::Broken) if out.is_empty() => {
                read_all(flate2::read::DeflateDecoder::new(body), limit)
            }
            done => done,
        },
        #[cfg(feature = "brotli")]
        Coding::Br => read_all(brotli_decompressor::Decompressor::new(body, 4096), limit),
        #[cfg(feature = "zstd")]
        // RFC 9659 §3: a zstd content coding's window is at most 8 MiB (window log 23); a
        // frame that wants more is refused, so that no body makes the decoder hold more.
        Coding::Zstd => match zstd::stream::read::Decoder::new(body) {
            Ok(mut decoder) => match decoder.window_log_max(23) {
                Ok(()) => read_all(decoder, limit),
                Err(_) => (Vec::new(), Undone::Broken),
            },
            Err(_) => (Vec::new(), Undone::Broken),
        },
        // Another coding, or one whose decoder is not built in (its feature is off).
        _ => {
            let _ = (body, limit);
            (Vec::new(), Undone::Unknown)
        }
    }
}

/// What `reader` gives, up to `limit` bytes.
#[cfg_attr(not(any(feature = "flate2", feature = "brotli", feature = "zstd")), allow(dead_code))]
fn read_all(reader: impl Read, limit: usize) -> (Vec<u8>, Undone) {
    let mut out = Vec::new();
    let mut reader = reader.take(limit as u64 + 1);
    let done = match reader.read_to_end(&mut out) {
        Ok(_) if out.len() > limit => Undone::Cut,
        Ok(_) => Undone::Whole,
        Err(_) => Undone::Broken,
    };
    out.truncate(limit);
    (out, done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_lines() {
        assert_eq!(status(b"HTTP/1.1 301 Moved Permanently\r\n"), Some(301));
        assert_eq!(status(b"HTTP/2 200\r\n"), Some(200));
        assert_eq!(status(b"HTTP/1.1 2x0 OK"), None);
        assert_eq!(status(b"GET / HTTP/1.1"), None);
    }

    #[test]
    fn chunked_bodies() {
        let body = b"5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nTrailer: x\r\n\r\n";
        let d = dechunk(body).unwrap();
        assert_eq!(d.text, b"hello, world");
        // Each byte maps to itself in the chunked body.
        assert_eq!((d.starts[0], d.starts[5]), (9, 19));
        // Not chunked at all; cut short.
        assert!(dechunk(b"<html>").is_none());
        assert_eq!(dechunk(b"a\r\nhel").unwrap().text, b"hel");
        // A size that overflows is read as far as the body goes.
        assert_eq!(dechunk(b"fffffffffffffffff\r\nab").map(|d| d.text), None);
        assert_eq!(dechunk(b"ffffffffffffffff\r\nab").unwrap().text, b"ab");
    }

    #[test]
    fn content_codings() {
        assert_eq!(codings(b"gzip, identity,BR"), [Coding::Gzip, Coding::Br]);
        assert_eq!(codings(b"compress"), [Coding::Other]);
        assert_eq!(undo(Coding::Other, b"x", 10), (Vec::new(), Undone::Unknown));
    }

    #[cfg(all(feature = "flate2", feature = "zstd", feature = "brotli"))]
    #[test]
    fn codings_undone_and_bounded() {
        use std::io::Write;
        let text = b"see http://a.example/ ".repeat(100);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&text).unwrap();
        let gz = gz.finish().unwrap();
        assert_eq!(undo(Coding::Gzip, &gz, 1 << 20), (text.clone(), Undone::Whole));
        let (cut, done) = undo(Coding::Gzip, &gz, 10);
        assert_eq!((cut.as_slice(), done), (&text[..10], Undone::Cut));
        let (broken, done) = undo(Coding::Gzip, &gz[..gz.len() / 2], 1 << 20);
        assert_eq!(done, Undone::Broken);
        assert!(text.starts_with(&broken));
        let mut raw = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
        raw.write_all(&text).unwrap();
        assert_eq!(undo(Coding::Deflate, &raw.finish().unwrap(), 1 << 20).0, text);
        let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        zlib.write_all(&text).unwrap();
        assert_eq!(undo(Coding::Deflate, &zlib.finish().unwrap(), 1 << 20).0, text);
        let zst = zstd::encode_all(&text[..], 3).unwrap();
        assert_eq!(undo(Coding::Zstd, &zst, 1 << 20).0, text);
        // A brotli stream of the text written as one metablock of literal bytes is checked in
        // the archive tests; here, a stream that is no brotli is refused.
        assert_eq!(undo(Coding::Br, b"\xff\xff\xff", 1 << 20).1, Undone::Broken);
    }
}
