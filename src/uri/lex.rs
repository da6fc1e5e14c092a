//! The lexical helpers every grammar of the parser shares: percent-escapes (RFC 3986 §2.1,
//! seed 000 §2.4.1) and the error a byte earns where the grammar does not allow it.

use super::{ErrorKind, ParseError};
use crate::chars::{self, EXCLUDED, HEXDIG};

/// The message for a bad ftp typecode, in every grammar that checks it.
pub(super) const FTP_TYPE: &str = "ftp `;type=` must be a, i or d (RFC 1738 §3.2.2)";

/// Skips, from `i`, the bytes of `class` and valid percent-escapes (`"%" HEXDIG HEXDIG`,
/// RFC 3986 §2.1; seed 000 §2.4.1), and returns where it stopped: at the end of `b` or at a
/// byte outside the class. A `%` that does not start an escape is an error there.
pub(super) fn scan(b: &[u8], mut i: usize, class: u16) -> Result<usize, ParseError> {
    loop {
        let rest = b.get(i..).unwrap_or_default();
        i += rest.iter().position(|&x| !chars::is(x, class)).unwrap_or(rest.len());
        if b.get(i) != Some(&b'%') {
            return Ok(i);
        }
        match b.get(i + 1..i + 3) {
            Some(&[hi, lo]) if chars::is(hi, HEXDIG) && chars::is(lo, HEXDIG) => i += 3,
            _ => return Err(ParseError::new(i, ErrorKind::InvalidPercentEscape)),
        }
    }
}

/// The error for byte `i`, which the grammar does not allow where it is: a byte no URI may
/// hold is named as such ([`ErrorKind::NonAscii`], [`ErrorKind::Excluded`]); any other is `kind`.
pub(super) fn misfit(b: &[u8], i: usize, kind: ErrorKind) -> ParseError {
    let kind = match b.get(i) {
        Some(&x) if !x.is_ascii() => ErrorKind::NonAscii,
        Some(&x) if chars::is(x, EXCLUDED) => ErrorKind::Excluded(char::from(x)),
        _ => kind,
    };
    ParseError::new(i, kind)
}

/// [`misfit`] with [`ErrorKind::Unexpected`] for a URI character in the wrong place.
pub(super) fn unexpected(b: &[u8], i: usize) -> ParseError {
    let c = b.get(i).map_or('\0', |&x| char::from(x));
    misfit(b, i, ErrorKind::Unexpected(c))
}

/// Whether `b[i..]` starts with `"%" HEXDIG HEXDIG`.
pub(super) fn is_escape(b: &[u8], i: usize) -> bool {
    match b.get(i..i + 3) {
        Some([b'%', h, l]) => chars::is(*h, HEXDIG) && chars::is(*l, HEXDIG),
        _ => false,
    }
}

/// The error for the byte at `i`, judged by the byte alone: not ASCII, a broken escape, a
/// character no URI may hold, or else merely unexpected here. At the end of the input, an
/// unexpected end.
pub(super) fn char_error(b: &[u8], i: usize) -> ErrorKind {
    match b.get(i) {
        None => ErrorKind::Scheme("unexpected end of input"),
        Some(&c) if !c.is_ascii() => ErrorKind::NonAscii,
        Some(b'%') if !is_escape(b, i) => ErrorKind::InvalidPercentEscape,
        Some(&c) if chars::is(c, EXCLUDED) => ErrorKind::Excluded(char::from(c)),
        Some(&c) => ErrorKind::Unexpected(char::from(c)),
    }
}

/// `s` with its percent-escapes decoded, when the result is UTF-8.
pub(super) fn percent_decode(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while let Some(&x) = b.get(i) {
        if x == b'%' && is_escape(b, i) {
            let hex = |h: u8| char::from(h).to_digit(16).unwrap_or(0) as u8;
            out.push(hex(b[i + 1]) << 4 | hex(b[i + 2]));
            i += 3;
        } else {
            out.push(x);
            i += 1;
        }
    }
    core::str::from_utf8(&out).is_ok().then_some(out)
}
