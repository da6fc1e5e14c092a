//! Internationalized Resource Identifiers (RFC 3987): the IRI grammar of §2.2 and the mapping
//! of IRIs to URIs of §3.1.
//!
//! # The grammar
//!
//! RFC 3987 §2.2 "closely follows the URI grammar in \[RFC3986\], except that the range of
//! unreserved characters is expanded to include UCS characters, with the restriction that
//! private UCS characters can occur only in query parts":
//!
//! ```text
//! iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
//! iquery      = *( ipchar / iprivate / "/" / "?" )
//! ucschar     = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xE1000-EFFFD
//! iprivate    = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
//! ```
//!
//! `iunreserved` stands wherever RFC 3986 has `unreserved` — in the userinfo, the `ireg-name`,
//! every path segment, the query and the fragment — except in `IPvFuture`, which keeps the
//! ASCII `unreserved`; the scheme, the port and the IP literals are ASCII as in RFC 3986. So an
//! IRI reference is checked by the URI parser on a *stand-in*: a copy of the input, byte for
//! byte as long, in which each byte of a character outside ASCII is replaced by
//!
//! - `~`, an ASCII `unreserved` character that is no scheme, port or IPv6 character, when the
//!   character is a `ucschar`, or an `iprivate` in the query, and is not inside an IP literal;
//! - a space, which no URI holds, otherwise (an `iprivate` outside the query, a character that
//!   is neither, or any of them after a `[` not yet closed by `]`, where only an IP literal
//!   can be).
//!
//! Where a character lies is known before parsing, since the delimiters are ASCII: the query
//! is what follows the first `?` and precedes the first `#` (RFC 3986 Appendix B). The URI
//! parser's split and first error are then the IRI's, with the same byte offsets; an error at
//! a stood-in byte is reported with the real character. Then, as §3.1 says, "scheme-specific
//! restrictions are applied to IRIs by converting IRIs to URIs and checking the URIs against
//! the scheme-specific restrictions": the rules of [`super::scheme_rules`] run on the mapped URI,
//! and an error's offset is carried back to the IRI.
//!
//! The extractor reads the common IRIs (`http`, `https` and `ftp` with a registered name or an
//! IP literal, no userinfo) without a stand-in: the walk of [`super::plain`] goes over the IRI's
//! own bytes and asks [`allowed_at`] at each character outside ASCII. It decides nothing else,
//! and agrees with this parser where it decides (`plain/iri_tests.rs`).
//!
//! # The mapping to a URI
//!
//! §3.1 step 2: each character of `ucschar` or `iprivate` becomes the `%HH` triplets of its
//! UTF-8 octets, upper-case hex. A registered name holding such characters (an IDN) is instead
//! converted to A-labels by UTS #46 ToASCII (the `idna` crate), which §3.1 allows "for schemes
//! known to use domain names": its percent-escapes are decoded first, the WHATWG URL deny list
//! of ASCII characters applies (ToASCII's `UseSTD3ASCIIRules` would also refuse `_`, common in
//! host names), and when ToASCII fails or gives anything but `reg-name` characters the name is
//! percent-encoded as the rest is. The §3.1 steps that apply to text not yet in Unicode (step
//! 1, NFC) do not apply to a `&str`, which is UTF-8 (variant c).

use super::lex::percent_decode;
use super::scheme_rules::{self, Mailto};
use super::{Components, ErrorKind, Grammar, HostKind, ParseError, Uri, generic};
use crate::chars::{self, SUB_DELIMS, UNRESERVED, utf8};

/// What a character outside ASCII may be in an IRI (RFC 3987 §2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// `ucschar`: allowed wherever `iunreserved` is.
    Ucschar,
    /// `iprivate`: allowed in the query only.
    Iprivate,
    /// Neither: not allowed anywhere (C1 controls, U+FFF0-FFFF, the last two code points of
    /// each plane, U+FDD0-FDEF, plane 14 below U+E1000).
    Excluded,
}

/// The class of `c`, which is not ASCII.
pub(crate) fn class(c: char) -> Class {
    match u32::from(c) {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE1000..=0xEFFFD => Class::Ucschar,
        // %x10000-1FFFD / ... / %xD0000-DFFFD: every plane but its last two code points.
        n @ 0x10000..=0xDFFFD if n & 0xFFFF <= 0xFFFD => Class::Ucschar,
        0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x10_0000..=0x10_FFFD => Class::Iprivate,
        _ => Class::Excluded,
    }
}

/// The length in bytes of the character outside ASCII that starts at `b[i]`, when RFC 3987
/// §2.2 allows it where it stands: a `ucschar` anywhere `iunreserved` is, an `iprivate` only in
/// the query (`in_query`). `None` for a character of neither class, an `iprivate` elsewhere, or
/// bytes that are no UTF-8. The IRI walk of [`super::plain`] calls this at each byte outside
/// ASCII in a reg-name, a path, a query or a fragment.
#[inline]
pub(crate) fn allowed_at(b: &[u8], i: usize, in_query: bool) -> Option<usize> {
    let len = utf8::multibyte_len(*b.get(i)?)?;
    let c = utf8::decode(b.get(i..i + len)?)?;
    match class(c) {
        Class::Ucschar => Some(len),
        Class::Iprivate if in_query => Some(len),
        Class::Iprivate | Class::Excluded => None,
    }
}

/// What the stand-in byte of a character outside ASCII means.
const ALLOWED: u8 = b'~';
const REFUSED: u8 = b' ';

/// Parses the IRI reference `input`, which holds a character outside ASCII, as the module docs
/// say: the generic syntax on the stand-in, then the scheme rules on the mapped URI (a `mailto`
/// URI's query read as `mailto` says).
pub(crate) fn parse(input: &str, mailto: Mailto) -> Result<Components, ParseError> {
    let shadow = stand_in(input);
    let parts = generic::parse(&shadow, Grammar::Rfc3986).map_err(|e| real_error(input, &shadow, e))?;
    if parts.scheme.is_some() {
        let mapped = percent_encode(input);
        let mapped_parts = generic::parse(&mapped, Grammar::Rfc3986).map_err(|e| back(input, e))?;
        scheme_rules::check(&Uri::from_parts(&mapped, Grammar::Rfc3986, mapped_parts), mailto)
            .map_err(|e| back(input, e))?;
    }
    Ok(parts)
}

/// The stand-in of `input` (see the module docs): ASCII, as long as `input` in bytes.
pub(crate) fn stand_in(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let (mut in_query, mut in_fragment, mut in_brackets) = (false, false, false);
    for c in input.chars() {
        if c.is_ascii() {
            match c {
                '?' if !in_fragment => in_query = true,
                '#' if !in_fragment => (in_query, in_fragment) = (false, true),
                '[' => in_brackets = true,
                ']' => in_brackets = false,
                _ => {}
            }
            out.push(c);
            continue;
        }
        let allowed = !in_brackets
            && match class(c) {
                Class::Ucschar => true,
                Class::Iprivate => in_query,
                Class::Excluded => false,
            };
        let byte = if allowed { ALLOWED } else { REFUSED };
        out.extend(core::iter::repeat_n(char::from(byte), c.len_utf8()));
    }
    out
}

/// The IRI's own error for `e`, an error the URI parser found in the stand-in `shadow` of
/// `input`: an error at a stood-in character names that character.
fn real_error(input: &str, shadow: &str, e: ParseError) -> ParseError {
    let mut at = e.index().min(input.len());
    while !input.is_char_boundary(at) {
        at -= 1;
    }
    let Some(c) = input[at..].chars().next().filter(|c| !c.is_ascii()) else { return e };
    let kind = match (shadow.as_bytes()[at], class(c), e.kind()) {
        (REFUSED, Class::Excluded, _) => ErrorKind::NotIriChar(c),
        (REFUSED, Class::Iprivate, _) if !inside_brackets(input, at) => ErrorKind::PrivateUseOutsideQuery(c),
        // A character inside an IP literal, or a `ucschar` where only ASCII may be: the URI
        // parser's error stands (an invalid IPv6 address, port, scheme) unless it only names
        // the stand-in byte.
        (_, _, ErrorKind::Excluded(_) | ErrorKind::Unexpected(_) | ErrorKind::NonAscii) => {
            ErrorKind::Unexpected(c)
        }
        (_, _, kind) => kind.clone(),
    };
    ParseError::new(at, kind)
}

/// Whether byte `at` of `input` follows a `[` not yet closed.
fn inside_brackets(input: &str, at: usize) -> bool {
    let before = &input.as_bytes()[..at];
    before.iter().rposition(|&b| b == b'[') > before.iter().rposition(|&b| b == b']')
}

/// An error found in the URI mapping of `input` (each character outside ASCII written as the
/// three bytes `%HH` per UTF-8 octet), carried back to the character of `input` it lies in.
fn back(input: &str, e: ParseError) -> ParseError {
    let mut mapped = 0;
    for (i, c) in input.char_indices() {
        let width = if c.is_ascii() { 1 } else { 3 * c.len_utf8() };
        if mapped + width > e.index() {
            return ParseError::new(i, e.kind().clone());
        }
        mapped += width;
    }
    ParseError::new(input.len(), e.kind().clone())
}

/// RFC 3987 §3.1 step 2 on `s`: each character outside ASCII becomes the `%HH` triplets of its
/// UTF-8 octets, with upper-case hex digits; everything else is kept.
pub(crate) fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2 * s.bytes().filter(|b| !b.is_ascii()).count());
    push_percent_encoded(&mut out, s);
    out
}

fn push_percent_encoded(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for &b in c.encode_utf8(&mut buf).as_bytes() {
                out.push('%');
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 0xF)]));
            }
        }
    }
}

/// The URI an IRI maps to (RFC 3987 §3.1; see the module docs): `input` with its components
/// `parts`, a valid IRI reference.
pub(crate) fn to_uri(input: &str, parts: &Components) -> String {
    if input.is_ascii() {
        return input.to_owned(); // "an identity transformation for URIs" (§3.1)
    }
    let mut out = String::with_capacity(input.len() * 2);
    match parts.host {
        Some(host) if parts.host_kind == Some(HostKind::RegName) && !input[host.range()].is_ascii() => {
            push_percent_encoded(&mut out, &input[..host.start]);
            match idn_to_ascii(&input[host.range()]) {
                Some(ascii) => out.push_str(&ascii),
                None => push_percent_encoded(&mut out, &input[host.range()]),
            }
            push_percent_encoded(&mut out, &input[host.end..]);
        }
        _ => push_percent_encoded(&mut out, input),
    }
    out
}

/// The A-label form of the registered name `host` by UTS #46 ToASCII, when there is one made of
/// `reg-name` characters (RFC 3986 §3.2.2); percent-escapes are decoded first, and must decode
/// to UTF-8.
fn idn_to_ascii(host: &str) -> Option<String> {
    let decoded = percent_decode(host)?;
    let ascii = idna::domain_to_ascii_cow(&decoded, idna::AsciiDenyList::URL).ok()?;
    let fits = !ascii.is_empty() && ascii.bytes().all(|b| chars::is(b, UNRESERVED | SUB_DELIMS));
    fits.then(|| ascii.into_owned())
}

#[cfg(test)]
mod tests;
