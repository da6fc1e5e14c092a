//! The server form of http, https and ftp URIs and IRIs: `scheme "://" authority path-abempty
//! [ "?" query ] [ "#" fragment ]` (RFC 3986 §3) with a non-empty host a reader would click,
//! read as the generic parser reads it (the authority by the same functions, RFC 3986 §3.2),
//! and with `IRI` the characters outside ASCII of RFC 3987 §2.2 (`ireg-name`, `ipath`,
//! `iquery` with `iprivate`, `ifragment`). `None` wherever the full parser is needed.

use crate::chars::{self, DIGIT, PATH, QUERY, SUB_DELIMS, UNRESERVED};
use crate::uri::lex::scan;
use crate::uri::{Components, Grammar, HostKind, Part, host, iri};

/// `scheme "://" authority path-abempty [ "?" query ] [ "#" fragment ]` with a non-empty
/// host, for a server-based scheme whose only rule is that host (schemes.rs `require_host`);
/// for ftp, a path with a `;` is left to the typecode rule. The authority is read by the same
/// functions, in the same order, as the generic parser reads it.
#[inline(always)]
pub(super) fn server<const IRI: bool>(b: &[u8], colon: usize, ftp: bool) -> Option<Components> {
    let start = colon + 3;
    let a = match plain_authority::<IRI>(b, start) {
        Some(a) => a,
        None => {
            // A userinfo, an IP literal, an escape or an error: as the generic parser reads it.
            let end = b[start..]
                .iter()
                .position(|&x| matches!(x, b'/' | b'?' | b'#'))
                .map_or(b.len(), |n| start + n);
            host::authority(&b[..end], start, Grammar::Rfc3986).ok()?
        }
    };
    if a.host.start == a.host.end || !clickable::<IRI>(b, &a) {
        return None;
    }
    let i = a.port.map_or(a.host.end, |p| p.end);
    let authority = Part::new(start, i);
    let path_end = iscan::<IRI>(b, i, PATH, false)?;
    if ftp && b[i..path_end].contains(&b';') {
        return None;
    }
    let mut c = Components {
        scheme: Some(Part::new(0, colon)),
        authority: Some(authority),
        userinfo: a.userinfo,
        host: Some(a.host),
        host_kind: Some(a.kind),
        port: a.port,
        path: Part::new(i, path_end),
        query: None,
        fragment: None,
    };
    query_and_fragment::<IRI>(b, path_end, &mut c)?;
    Some(c)
}

/// [`scan`] from `i` for `class`, and with `IRI` on over each character outside ASCII that
/// [`iri::allowed_at`] allows there (`iprivate` only `in_query`); `None` at an invalid
/// escape or, with `IRI`, at a character outside ASCII that is not allowed.
#[inline(always)]
fn iscan<const IRI: bool>(b: &[u8], i: usize, class: u16, in_query: bool) -> Option<usize> {
    let mut i = scan(b, i, class).ok()?;
    if IRI {
        while b.get(i).is_some_and(|&x| !x.is_ascii()) {
            i += iri::allowed_at(b, i, in_query)?;
            if b.get(i).is_some_and(u8::is_ascii) {
                i = scan(b, i, class).ok()?;
            }
        }
    }
    Some(i)
}

/// Whether the host of `a`, an authority of `b`, passes the extractor's rule of host names a
/// reader would click ([`host::is_clickable_host`]): a plain name is checked as the fast path
/// passes it, an escaped one (from [`host::authority`]) by the rule itself.
#[inline(always)]
fn clickable<const IRI: bool>(b: &[u8], a: &host::Authority) -> bool {
    let host = &b[a.host.start..a.host.end];
    if a.kind != HostKind::RegName {
        true
    } else if host.contains(&b'%') || IRI && !host.is_ascii() {
        core::str::from_utf8(host).is_ok_and(host::is_clickable_host)
    } else {
        host::plain_host(b, a.host.start).is_some()
    }
}

/// The common authority, `reg-name [ ":" port ]` with no escapes in the name or
/// `IP-literal [ ":" port ]`, ending at the end of `b` or at `/`, `?` or `#`; `None` for any
/// other. What [`host::authority`] would give it.
#[inline(always)]
fn plain_authority<const IRI: bool>(b: &[u8], start: usize) -> Option<host::Authority> {
    let rest = &b[start..];
    // An IP literal (`http://[2001:db8::7]/`), read as the generic parser reads it: an
    // `IPv6address` or `IPvFuture` up to the first `]`. Such an address holds no `/ ? # @`,
    // so when it is valid that `]` is inside the authority, and when a port or the end of the
    // authority follows it, no `@` makes it a userinfo. Anything else goes to the full parser.
    let (host, kind) = if rest.first() == Some(&b'[') {
        host::ip_literal(b, start).ok()?
    } else {
        // reg-name = *( unreserved / pct-encoded / sub-delims ), here without escapes; an
        // ireg-name has `iunreserved` for `unreserved` (RFC 3987 §2.2).
        let name = |rest: &[u8]| {
            rest.iter().position(|&x| !chars::is(x, UNRESERVED | SUB_DELIMS)).unwrap_or(rest.len())
        };
        let mut end = start + name(rest);
        if IRI {
            while b.get(end).is_some_and(|&x| !x.is_ascii()) {
                let from = end + iri::allowed_at(b, end, false)?;
                end = from + name(&b[from..]);
            }
        }
        let host = Part::new(start, end);
        (host, host::reg_name_kind(&b[host.start..host.end]))
    };
    let mut i = host.end;
    let mut port = None;
    if b.get(i) == Some(&b':') {
        let digits = b[i + 1..].iter().take_while(|&&x| chars::is(x, DIGIT)).count();
        port = Some(Part::new(i + 1, i + 1 + digits));
        i += 1 + digits;
    }
    if b.get(i).is_some_and(|&x| !matches!(x, b'/' | b'?' | b'#')) {
        return None;
    }
    Some(host::Authority { userinfo: None, host, kind, port })
}

/// `[ "?" query ] [ "#" fragment ]` from `i` to the end of `b`, into `c`.
#[inline(always)]
fn query_and_fragment<const IRI: bool>(b: &[u8], mut i: usize, c: &mut Components) -> Option<()> {
    if b.get(i) == Some(&b'?') {
        let stop = iscan::<IRI>(b, i + 1, QUERY, true)?;
        c.query = Some(Part::new(i + 1, stop));
        i = stop;
    }
    if b.get(i) == Some(&b'#') {
        let stop = iscan::<IRI>(b, i + 1, QUERY, false)?;
        c.fragment = Some(Part::new(i + 1, stop));
        i = stop;
    }
    (i == b.len()).then_some(())
}
