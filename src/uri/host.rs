//! The authority: userinfo, host (registered name, IPv4, IPv6 literal, IPvFuture) and port.
//!
//! # RFC 3986 (§3.2)
//!
//! ```text
//! authority = [ userinfo "@" ] host [ ":" port ]
//! userinfo  = *( unreserved / pct-encoded / sub-delims / ":" )
//! host      = IP-literal / IPv4address / reg-name
//! port      = *DIGIT
//! ```
//!
//! Neither the userinfo nor the host may hold an `@`, so the first `@` ends the userinfo; the
//! host ends at the first `:` (or after the `]` of an IP literal). A host that reads as an
//! `IPv4address` is one ("first-match-wins", §3.2.2); anything else of reg-name characters,
//! such as `999.1.1.1` or the empty host, is a `reg-name`.
//!
//! # The draft (seed 000 §4.3.1)
//!
//! ```text
//! site      = server | authority
//! authority = *( unreserved | escaped | ";" | ":" | "@" | "&" | "=" | "+" )
//! server    = [ [ userinfo ] "@" ] hostport ]
//! hostport  = host [ ":" port ]
//! host      = hostname | IPv4address
//! ```
//!
//! A site is a `server` when it reads as one: then it has a userinfo, a host (a `hostname` or a
//! dotted-digit `IPv4address`) and a port like RFC 3986's. Otherwise it is a registry-based
//! naming `authority`, whose structure "is specific to the URI scheme" (§4.3.1), and which the
//! generic syntax can check only for its characters: it is reported whole as the host, of kind
//! [`HostKind::RegName`] (RFC 2396 calls it `reg_name`, RFC 3986 made it a kind of host), with
//! no userinfo and no port. So `x://a_b.example/` is valid under the draft: `_` is no hostname
//! character but is an `authority` one. The draft says that schemes speaking an IP-based
//! protocol to a server use the server form; [`server`] checks that, with the precise error,
//! for the scheme-specific rules to apply.
//!
//! Two readings had to be chosen. `server` has one `]` too many; we read it as RFC 2396 fixed it,
//! `[ [ userinfo "@" ] hostport ]`, so the empty site is an (empty) server, with the empty host
//! of kind reg-name as in RFC 3986. And the draft has no IP literals ("Literal IPv6 addresses
//! are not supported"): `[` and `]` are `unwise` (§2.4.3), so a `[` where a host starts is
//! [`ErrorKind::IpLiteralNotAllowed`], and elsewhere an excluded character.

mod clickable;
pub(crate) mod domain;
mod ip;

use memchr::memchr;

use super::lex::{misfit, scan, unexpected};
use super::{ErrorKind, Grammar, HostKind, ParseError, Part};
use crate::chars::{self, ALPHA, DIGIT, PATH, SUB_DELIMS, UNRESERVED};
pub use clickable::is_clickable_host;
pub(crate) use clickable::plain_host;
use ip::Ipv6Error;

/// The parts of an authority, as byte ranges of the whole input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Authority {
    /// The userinfo, without its `@`.
    pub(crate) userinfo: Option<Part>,
    /// The host, brackets included; possibly empty.
    pub(crate) host: Part,
    /// What kind of host it is.
    pub(crate) kind: HostKind,
    /// The port, without its `:`; possibly empty.
    pub(crate) port: Option<Part>,
}

/// Parses the authority `b[start..]` under `grammar`; `b` ends where the authority does (at the
/// next `/`, `?`, `#` or the end of the input). Error indexes are indexes into `b`.
pub(crate) fn authority(b: &[u8], start: usize, grammar: Grammar) -> Result<Authority, ParseError> {
    match grammar {
        Grammar::Rfc3986 => authority_3986(b, start),
        Grammar::Rfc2396 | Grammar::Rfc1738 => site(b, start),
    }
}

/// RFC 3986 §3.2.
fn authority_3986(b: &[u8], start: usize) -> Result<Authority, ParseError> {
    let (userinfo, h) = userinfo(b, start)?;
    let (host, kind) = if b.get(h) == Some(&b'[') {
        ip_literal(b, h)?
    } else {
        // reg-name = *( unreserved / pct-encoded / sub-delims )
        let stop = scan(b, h, UNRESERVED | SUB_DELIMS)?;
        (Part::new(h, stop), reg_name_kind(&b[h..stop]))
    };
    let port = port(b, host.end)?;
    Ok(Authority { userinfo, host, kind, port })
}

/// The kind of a host of reg-name characters: an `IPv4address` when it reads as one
/// ("first-match-wins", RFC 3986 §3.2.2).
///
/// Inlined, so that the common host name, which does not start and end with a digit, costs
/// two compares where it is asked, not a call.
#[inline]
pub(crate) fn reg_name_kind(host: &[u8]) -> HostKind {
    let looks_ipv4 =
        host.first().is_some_and(u8::is_ascii_digit) && host.last().is_some_and(u8::is_ascii_digit);
    if looks_ipv4 && ip::is_ipv4(host) { HostKind::Ipv4 } else { HostKind::RegName }
}

/// The common RFC 3986 authority in one pass: a reg-name or IPv4 host, an optional port, no
/// userinfo, ending at the end of `b` or at `/`, `?` or `#`. Returns where it ends and its
/// parts, or `None` when the authority is anything else (a userinfo, an IP literal, an error),
/// for [`authority`] to parse. This saves the two passes that find the end of the authority and
/// look for an `@` before the host is read.
#[inline]
pub(crate) fn plain_authority_3986(b: &[u8], start: usize) -> Option<(usize, Authority)> {
    let ends = |i: usize| b.get(i).is_none_or(|&x| matches!(x, b'/' | b'?' | b'#'));
    let stop = scan(b, start, UNRESERVED | SUB_DELIMS).ok()?;
    let host = Part::new(start, stop);
    let kind = reg_name_kind(&b[start..stop]);
    if ends(stop) {
        return Some((stop, Authority { userinfo: None, host, kind, port: None }));
    }
    if b[stop] != b':' {
        return None;
    }
    let digits = b[stop + 1..].iter().take_while(|&&x| chars::is(x, DIGIT)).count();
    let end = stop + 1 + digits;
    ends(end).then_some((end, Authority { userinfo: None, host, kind, port: Some(Part::new(stop + 1, end)) }))
}

/// `[ userinfo "@" ]` at `start`: the userinfo, and where the host starts. Both grammars give
/// the userinfo the same characters, those of a path segment but `/` and `@`.
fn userinfo(b: &[u8], start: usize) -> Result<(Option<Part>, usize), ParseError> {
    let Some(n) = b.get(start..).unwrap_or_default().iter().position(|&x| x == b'@') else {
        return Ok((None, start));
    };
    let at = start + n;
    // `b` holds no "/" (it ends the authority) and no "@" before `at`.
    let stop = scan(&b[..at], start, PATH)?;
    if stop < at {
        return Err(unexpected(b, stop));
    }
    Ok((Some(Part::new(start, at)), at + 1))
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` at `h` (RFC 3986 §3.2.2).
pub(crate) fn ip_literal(b: &[u8], h: usize) -> Result<(Part, HostKind), ParseError> {
    let inner = h + 1;
    let close = memchr(b']', &b[inner..]).map(|n| inner + n);
    let address = &b[inner..close.unwrap_or(b.len())];
    let (checked, kind) = if address.first().is_some_and(|&x| x == b'v' || x == b'V') {
        (ip::ipvfuture(address).map_err(|at| (at, ErrorKind::InvalidIpvFuture)), HostKind::IpvFuture)
    } else {
        let checked = ip::ipv6(address).map_err(|e| match e {
            Ipv6Error::Ipv6(at) => (at, ErrorKind::InvalidIpv6),
            Ipv6Error::Ipv4(at) => (at, ErrorKind::InvalidIpv4),
        });
        (checked, HostKind::Ipv6)
    };
    match (checked, close) {
        (Ok(()), Some(close)) => Ok((Part::new(h, close + 1), kind)),
        // The address was fine so far but the authority ended before its "]".
        (Ok(()), None) => Err(ParseError::new(b.len(), ErrorKind::UnclosedIpLiteral)),
        (Err((at, _)), None) if at == address.len() => {
            Err(ParseError::new(b.len(), ErrorKind::UnclosedIpLiteral))
        }
        // Where an address part was still expected, at the "]" or the end: the address is wrong.
        (Err((at, kind)), _) if at == address.len() => Err(ParseError::new(inner + at, kind)),
        (Err((at, kind)), _) => Err(misfit(b, inner + at, kind)),
    }
}

/// `[ ":" port ]` at `i`, right after the host; `port = *DIGIT` runs to the end of `b`.
fn port(b: &[u8], i: usize) -> Result<Option<Part>, ParseError> {
    match b.get(i) {
        None => Ok(None),
        Some(b':') => {
            let digits = b[i + 1..].iter().position(|&x| !chars::is(x, DIGIT));
            match digits {
                None => Ok(Some(Part::new(i + 1, b.len()))),
                Some(n) => Err(misfit(b, i + 1 + n, ErrorKind::InvalidPort)),
            }
        }
        Some(_) => Err(unexpected(b, i)),
    }
}

/// The draft's `site = server | authority` (seed 000 §4.3.1; see the module docs).
fn site(b: &[u8], start: usize) -> Result<Authority, ParseError> {
    // `authority` takes every URI character but "/" and "?" (which end the site), so the
    // characters are all there is to check for a site to be valid.
    let stop = scan(b, start, PATH)?;
    if stop < b.len() {
        let where_host_starts = stop == start || b[stop - 1] == b'@';
        if b[stop] == b'[' && where_host_starts {
            return Err(ParseError::new(stop, ErrorKind::IpLiteralNotAllowed));
        }
        return Err(unexpected(b, stop));
    }
    Ok(server(b, start).unwrap_or(Authority {
        userinfo: None,
        host: Part::new(start, b.len()),
        kind: HostKind::RegName,
        port: None,
    }))
}

/// Reads the site `b[start..]` as the draft's `server` (seed 000 §4.3.1), or says precisely why
/// it is not one: [`ErrorKind::InvalidHost`] or [`ErrorKind::InvalidIpv4`] at the first byte
/// that breaks the host rules, [`ErrorKind::InvalidPort`] at the first non-digit of the port.
///
/// The generic syntax falls back to a registry-based authority when this fails; schemes whose
/// site must be a server (the draft's "IP-based protocol to a specified server") use the error.
pub(crate) fn server(b: &[u8], start: usize) -> Result<Authority, ParseError> {
    if start >= b.len() {
        let empty = Part::new(b.len(), b.len());
        return Ok(Authority { userinfo: None, host: empty, kind: HostKind::RegName, port: None });
    }
    let (userinfo, h) = userinfo(b, start)?;
    let host_end = memchr(b':', &b[h..]).map_or(b.len(), |n| h + n);
    let host = &b[h..host_end];
    let kind = if host.is_empty() {
        return Err(misfit(b, h, ErrorKind::InvalidHost));
    } else if host.iter().all(|&x| x == b'.' || chars::is(x, DIGIT)) && host.iter().any(|&x| x != b'.') {
        // Digits and dots only: meant as an address, so say what is wrong with it as one.
        ip::ipv4_2396(host).map_err(|at| misfit(b, h + at, ErrorKind::InvalidIpv4))?;
        HostKind::Ipv4
    } else {
        hostname(host).map_err(|at| misfit(b, h + at, ErrorKind::InvalidHost))?;
        HostKind::RegName
    };
    let port = port(b, host_end)?;
    Ok(Authority { userinfo, host: Part::new(h, host_end), kind, port })
}

/// Checks the draft's host name rules (seed 000 §4.3.1, after RFC 1034 §3 and RFC 1123 §2.1),
/// giving the offset of the first offending byte:
///
/// ```text
/// hostname    = *( domainlabel "." ) toplabel [ "." ]
/// domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum
/// toplabel    = alpha | alpha *( alphanum | "-" ) alphanum
/// ```
fn hostname(host: &[u8]) -> Result<(), usize> {
    let labels = host.strip_suffix(b".").unwrap_or(host);
    let mut label_start = 0;
    let mut top = 0;
    for label in labels.split(|&x| x == b'.') {
        let alnum = |x: u8| chars::is(x, ALPHA | DIGIT);
        match label {
            [] => return Err(label_start),
            [first, ..] if !alnum(*first) => return Err(label_start),
            [.., last] => {
                if let Some(n) = label.iter().position(|&x| !alnum(x) && x != b'-') {
                    return Err(label_start + n);
                }
                if !alnum(*last) {
                    return Err(label_start + label.len() - 1);
                }
            }
        }
        top = label_start;
        label_start += label.len() + 1;
    }
    // The rightmost label starts with a letter, setting names apart from IPv4 addresses.
    match host.get(top) {
        Some(&x) if chars::is(x, ALPHA) => Ok(()),
        _ => Err(top),
    }
}

#[cfg(test)]
mod tests;
