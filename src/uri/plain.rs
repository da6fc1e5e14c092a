//! A fast path for the URIs that fill URI-dense text, under [`Grammar::Rfc3986`] only.
//!
//! Most URIs found in mail, logs and web pages have one of three plain forms:
//!
//! - `http`, `https` or `ftp`, `//`, an authority with a host, then a path, query and fragment
//!   (RFC 3986 §3);
//! - `mailto:` and comma-separated `local@domain` addresses with no escapes (RFC 6068 §2);
//! - `urn:`, an NID and an NSS with no escapes (RFC 8141 §2).
//!
//! [`components`] recognizes exactly these, in one pass with no scheme-rule dispatch, and gives
//! up (`None`) on anything else, valid or not: an error, a `%` where the scheme rules look at
//! escapes, a `;` in an ftp path, a mailto query, a URN with r-, q- or f-components.
//! The full parser ([`super::validate_with`]) then decides. So this never decides differently
//! from it; a unit test checks that on the conformance cases and on generated variations.
//!
//! The full path splits into [`Components`] of `Option`s, builds the [`super::Uri`] around
//! them and chooses the scheme rules by name; this one reads the plain forms in one pass.
//!
//! [`iri_components`] reads the server form of an IRI the same way (RFC 3987 §2.2: the
//! grammar of RFC 3986 with `ucschar` added to `unreserved`, and `iprivate` in the query): a
//! character outside ASCII is allowed where [`super::iri::allowed_at`] allows it, in the
//! `ireg-name`, the path, the query and the fragment. That grammar is the generic syntax of
//! [`super::iri`]'s stand-in, and the scheme rules of http, https and ftp that the plain form
//! leaves out (a host; an ftp typecode) look at no character that the URI mapping (§3.1)
//! changes. A mailto or urn IRI, a userinfo or an IP literal holding a character outside ASCII
//! is left to the full parser, as is anything else this walk does not read.

use super::lex::scan;
use super::{Components, Grammar, HostKind, Part, Parts, host};
use crate::chars::{self, ALPHA, DIGIT, PATH, QUERY, SUB_DELIMS, UNRESERVED};

/// The components of `b`, a URI's bytes, when it is valid under [`Grammar::Rfc3986`]
/// and of one of the plain forms of the module docs; `None` otherwise (see there).
// This and its helpers are always inlined: then the components go straight into the packed
// parts of the match.
#[inline(always)]
pub(crate) fn components(b: &[u8]) -> Option<Components> {
    walk::<false>(b)
}

/// The components of `b`, an IRI's bytes, when it is a valid IRI under [`Grammar::Rfc3986`] of
/// one of the plain forms of the module docs (a character outside ASCII only in the server
/// form); `None` otherwise (the full parser of [`super::iri`] decides). On ASCII text this is
/// [`components`].
///
/// `b` need not be UTF-8: each byte it accepts is an ASCII byte of the grammar or part of a
/// character that [`super::iri::allowed_at`] decoded, so bytes it gives components for are
/// UTF-8, and the extractor keeps them as a match's text without a check of its own.
#[inline(always)]
pub(crate) fn iri_components(b: &[u8]) -> Option<Components> {
    walk::<true>(b)
}

/// [`components`], and with `IRI` its reading of IRIs (see the module docs).
#[inline(always)]
fn walk<const IRI: bool>(b: &[u8]) -> Option<Components> {
    // The scheme is compared case-insensitively (RFC 3986 §3.1), all candidates at once on the
    // first eight bytes: `| 0x20` lower-cases a letter and maps no other byte to one, and it is
    // applied only where the names have letters. Its letters and the colon after them make it
    // the whole scheme, as the generic split would find it. The shortest URI of these forms has
    // eight bytes.
    let word = u64::from_le_bytes(*b.first_chunk::<8>()?);
    if Prefix::HTTP.matches(word) {
        server::<IRI>(b, Prefix::HTTP.scheme_len, false)
    } else if Prefix::HTTPS.matches(word) {
        server::<IRI>(b, Prefix::HTTPS.scheme_len, false)
    } else if Prefix::MAILTO.matches(word) {
        // Its address bytes are ASCII: a character outside ASCII gives `None`.
        mailto(b)
    } else if Prefix::URN.matches(word) {
        urn(b)
    } else if Prefix::FTP.matches(word) {
        server::<IRI>(b, Prefix::FTP.scheme_len, true)
    } else {
        None
    }
}

/// A scheme and what follows it, as [`components`] and [`server_parts`]
/// compare the first eight bytes of a URI with it: the bytes of the prefix (zero-padded), the
/// mask of those bytes, and the mask of the scheme's letters, compared in any case, all
/// computed at compile time.
pub(crate) struct Prefix {
    name: u64,
    mask: u64,
    letters: u64,
    /// The length of the scheme, which is the index of its colon.
    pub(crate) scheme_len: usize,
}

impl Prefix {
    pub(crate) const HTTP: Prefix = Prefix::new(b"http://\0", 4);
    pub(crate) const HTTPS: Prefix = Prefix::new(b"https://", 5);
    pub(crate) const MAILTO: Prefix = Prefix::new(b"mailto:\0", 6);
    pub(crate) const URN: Prefix = Prefix::new(b"urn:\0\0\0\0", 3);
    pub(crate) const FTP: Prefix = Prefix::new(b"ftp://\0\0", 3);

    /// `name`, zero-padded, starts with a scheme of `scheme_len` letters.
    const fn new(name: &[u8; 8], scheme_len: usize) -> Prefix {
        let mut len = 0;
        while len < 8 && name[len] != 0 {
            len += 1;
        }
        let mask = if len == 8 { u64::MAX } else { (1 << (8 * len)) - 1 };
        Prefix { name: u64::from_le_bytes(*name), mask, letters: (1 << (8 * scheme_len)) - 1, scheme_len }
    }

    /// Whether `word`, the first eight bytes of a URI (little-endian), starts with this prefix.
    /// `| 0x20` lower-cases a letter and maps no other byte to one, and it is applied only where
    /// the scheme has letters.
    #[inline(always)]
    pub(crate) fn matches(&self, word: u64) -> bool {
        (word | (0x2020_2020_2020_2020 & self.letters)) & self.mask == self.name
    }
}

/// `scheme "://" authority path-abempty [ "?" query ] [ "#" fragment ]` with a non-empty
/// host, for a server-based scheme whose only rule is that host (schemes.rs `require_host`);
/// for ftp, a path with a `;` is left to the typecode rule. The authority is read by the same
/// functions, in the same order, as the generic parser reads it.
#[inline(always)]
fn server<const IRI: bool>(b: &[u8], colon: usize, ftp: bool) -> Option<Components> {
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
/// [`super::iri::allowed_at`] allows there (`iprivate` only `in_query`); `None` at an invalid
/// escape or, with `IRI`, at a character outside ASCII that is not allowed.
#[inline(always)]
fn iscan<const IRI: bool>(b: &[u8], i: usize, class: u16, in_query: bool) -> Option<usize> {
    let mut i = scan(b, i, class).ok()?;
    if IRI {
        while b.get(i).is_some_and(|&x| !x.is_ascii()) {
            i += super::iri::allowed_at(b, i, in_query)?;
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
                let from = end + super::iri::allowed_at(b, end, false)?;
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

/// `mailto:` and `addr-spec *( "," addr-spec )` with no escapes and no header fields: each
/// address a non-empty local part, `@`, a non-empty domain, of the characters RFC 6068 §2
/// leaves literal (`qchar` without `;`: `pchar` without `& = ;`).
#[inline(always)]
fn mailto(b: &[u8]) -> Option<Components> {
    const START: usize = 7;
    // One pass: the characters, and the first `@` of each address, which must have text on
    // both sides of it.
    let rest = &b[START..];
    let mut first = 0;
    let mut at = None;
    let mut to_end = rest.len();
    let fits = |first: usize, at: Option<usize>, end: usize| at.is_some_and(|at| at > first && at + 1 < end);
    for (i, &x) in rest.iter().enumerate() {
        match ADDRESS[usize::from(x)] {
            Address::Literal => {}
            Address::At => {
                at = at.or(Some(i));
            }
            Address::Comma => {
                if !fits(first, at, i) {
                    return None;
                }
                (first, at) = (i + 1, None);
            }
            Address::Question => {
                to_end = i;
                break;
            }
            Address::Other => return None,
        }
    }
    if !fits(first, at, to_end) {
        return None;
    }
    let mut c = Components {
        scheme: Some(Part::new(0, START - 1)),
        path: Part::new(START, START + to_end),
        ..Components::default()
    };
    if let Some(hfields) = rest.get(to_end + 1..) {
        // `hfields = "?" hfield *( "&" hfield )`, `hfield = hfname "=" hfvalue`, both `*qchar`
        // (here without escapes): each field one `=`, none empty.
        // qchar = the address's literal characters, `@`, `,` and `;` (not `?`, RFC 6068 §2).
        let qchar = |x: u8| {
            matches!(ADDRESS[usize::from(x)], Address::Literal | Address::At | Address::Comma) || x == b';'
        };
        for field in hfields.split(|&x| x == b'&') {
            let eq = field.iter().position(|&x| x == b'=')?;
            if !field[..eq].iter().all(|&x| qchar(x)) || !field[eq + 1..].iter().all(|&x| qchar(x)) {
                return None;
            }
        }
        c.query = Some(Part::new(START + to_end + 1, b.len()));
    }
    Some(c)
}

/// What a byte is in a mailto address without escapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Address {
    /// A character RFC 6068 §2 leaves literal in an address other than `@` and `,`: `qchar`
    /// without `;`, that is `unreserved / sub-delims / ":" / "@"` without `& = ;`.
    Literal,
    /// `@`, between the local part and the domain.
    At,
    /// `,`, between addresses.
    Comma,
    /// `?`, before the header fields.
    Question,
    /// Anything else.
    Other,
}

/// [`Address`] by byte: one table rather than the classes and compares it is made of, as a
/// mailto URI is mostly its address.
static ADDRESS: [Address; 256] = {
    let mut t = [Address::Other; 256];
    let mut i = 0;
    while i < 256 {
        let x = i as u8;
        // `unreserved / sub-delims / ":"` without `& = ; ,` (RFC 6068 §2 `qchar` without `;`).
        if chars::CLASSES[i] & (UNRESERVED | SUB_DELIMS) != 0 && !matches!(x, b'&' | b'=' | b';' | b',')
            || x == b':'
        {
            t[i] = Address::Literal;
        }
        i += 1;
    }
    t[b'@' as usize] = Address::At;
    t[b',' as usize] = Address::Comma;
    t[b'?' as usize] = Address::Question;
    t
};

/// `urn:` NID `:` NSS (RFC 8141 §2) with no escapes and nothing after the NSS:
/// `NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT)`, not `urn` (RFC 8141 §5.1),
/// and `NSS = pchar *(pchar / "/")`.
#[inline(always)]
fn urn(b: &[u8]) -> Option<Components> {
    const START: usize = 4;
    let alnum = |x: u8| chars::is(x, ALPHA | DIGIT);
    let nid_len = b[START..].iter().take_while(|&&x| alnum(x) || x == b'-').count();
    let nid = &b[START..START + nid_len];
    let ends_well = nid.first().is_some_and(|&x| alnum(x)) && nid.last().is_some_and(|&x| alnum(x));
    if !(2..=32).contains(&nid_len) || !ends_well || nid.eq_ignore_ascii_case(b"urn") {
        return None;
    }
    let nss = START + nid_len + 1;
    if b.get(nss - 1) != Some(&b':') {
        return None;
    }
    // A `/` may not start the NSS, and `%`, `?` and `#` are left to the full rules.
    match b.get(nss) {
        Some(&x) if x != b'/' && chars::is(x, PATH) => {}
        _ => return None,
    }
    if !b[nss..].iter().all(|&x| chars::is(x, PATH)) {
        return None;
    }
    Some(Components {
        scheme: Some(Part::new(0, START - 1)),
        path: Part::new(START, b.len()),
        ..Components::default()
    })
}

/// The parts of `uri` (the candidate's text, scheme first) when it is a plain server URI of
/// [`components`] that can be told from `seen`, the union of the [`chars::RUN`] kinds of its bytes after the colon (or of
/// more bytes than those); `None` when it is not, or when that cannot be told from `seen` and
/// the bytes before the path (then [`crate::uri::plain_components`] decides).
#[inline(always)]
pub(crate) fn server_parts(uri: &[u8], seen: u8) -> Option<Parts> {
    let word = u64::from_le_bytes(*uri.first_chunk::<8>()?);
    let ftp = Prefix::FTP.matches(word);
    let scheme = if Prefix::HTTP.matches(word) {
        Prefix::HTTP.scheme_len
    } else if Prefix::HTTPS.matches(word) {
        Prefix::HTTPS.scheme_len
    } else if ftp {
        Prefix::FTP.scheme_len
    } else {
        return None;
    };
    if seen & chars::RUN_ESCAPE_OR_AT != 0 {
        return None;
    }
    // The host: reg-name characters up to `/`, `?`, `#` or `:` (the scan saw no `%`, `@` or
    // byte that ends a URI, and no other byte is neither of those nor a reg-name character),
    // then perhaps `:` and a port.
    let host = scheme + 3;
    // The host's end, and the extractor's rule of host names a reader would click
    // (`host::is_clickable_host`) on the way.
    uri.get(host..)?;
    let (host_end, kind) = host::plain_host(uri, host)?;
    let mut path = host_end;
    let port = if uri.get(host_end) == Some(&b':') {
        let digits = uri[host_end + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
        path = host_end + 1 + digits;
        if uri.get(path).is_some_and(|b| !matches!(b, b'/' | b'?' | b'#')) {
            return None;
        }
        Some([host_end + 1, path])
    } else {
        None
    };
    // The path up to the first `?` or `#`; a query up to the first `#` after it; a fragment
    // with no second `#`.
    let (mut path_end, mut query, mut fragment): (_, Option<[usize; 2]>, _) = (uri.len(), None, None);
    if seen & chars::RUN_QUERY_OR_FRAGMENT != 0 {
        let first = |b: u8, from: usize| memchr::memchr(b, &uri[from..]).map(|n| from + n);
        // The first `?` or `#` ends the path; after a `?`, the first `#` ends the query.
        let hash = match memchr::memchr2(b'?', b'#', &uri[path..]).map(|n| path + n) {
            Some(q) if uri[q] == b'?' => {
                path_end = q;
                let hash = first(b'#', q + 1);
                query = Some([q + 1, hash.unwrap_or(uri.len())]);
                hash
            }
            hash => {
                path_end = hash.unwrap_or(path_end);
                hash
            }
        };
        if let Some(h) = hash {
            // A second `#` is no URI character (RFC 3986 §3.5).
            if first(b'#', h + 1).is_some() {
                return None;
            }
            fragment = Some(h + 1);
        }
    }
    // An ftp path with a `;` has a typecode, whose rules the full validation applies.
    if ftp && uri[path..path_end].contains(&b';') {
        return None;
    }
    // Offsets are below the 1 GiB limit on URI length.
    let at = |[start, end]: [usize; 2]| [start as u32, end as u32];
    Some(Parts::server(
        scheme as u32,
        at([host, path]),
        at([host, host_end]),
        kind,
        port.map(at),
        at([path, path_end]),
        query.map(at),
        fragment.map(|f| f as u32),
    ))
}

#[cfg(test)]
mod iri_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uri::{HostKind, Uri};

    /// The extractor's host rule holds on the fast path: a host no reader would click leaves the
    /// URI to the full parser (and the extractor's check after it).
    #[test]
    fn unclickable_hosts_are_left_to_the_full_parser() {
        for s in
            ["http://-example.com/", "https://example.com-/", "http://a..b/", "http://$/", "http://1.2.3/"]
        {
            assert!(components(s.as_bytes()).is_none(), "{s}");
            let (_, seen) = crate::delimit::run::scan(s.as_bytes(), s.find(':').unwrap() + 1, usize::MAX);
            assert!(server_parts(s.as_bytes(), seen).is_none(), "{s}");
        }
        assert!(components(b"http://a-b.example./x").is_some());
    }

    #[test]
    fn prefixes_compare_in_any_case() {
        let word = |s: &[u8; 8]| u64::from_le_bytes(*s);
        assert!(Prefix::HTTP.matches(word(b"http://a")));
        assert!(Prefix::HTTP.matches(word(b"HtTp://a")));
        assert!(!Prefix::HTTP.matches(word(b"https://")));
        assert!(Prefix::HTTPS.matches(word(b"HTTPS://")));
        assert!(Prefix::FTP.matches(word(b"FTP://ab")));
        assert!(!Prefix::FTP.matches(word(b"ftp:/ab/")));
        assert!(Prefix::URN.matches(word(b"URN:ietf")));
        // `| 0x20` lower-cases the letters only: `/` and `:` are compared as they are (0x0f
        // would read as `/` if it were applied to them).
        assert!(!Prefix::HTTP.matches(word(b"http:\x0f\x0fa")));
    }

    /// The fast path agrees with the full parser: when it decides, the full parser finds the
    /// URI valid with the same components.
    fn agrees(s: &str) -> bool {
        let full = Uri::parse_with(s, Grammar::Rfc3986).map(|u| u.parts());
        match components(s.as_bytes()) {
            Some(c) => {
                assert_eq!(Ok(c), full, "{s:?}");
                true
            }
            None => false,
        }
    }

    #[test]
    fn address_characters_are_qchar_without_semicolon() {
        for x in 0..=255u8 {
            let qchar =
                (chars::is(x, UNRESERVED | SUB_DELIMS) || x == b':' || x == b'@') && x != b'&' && x != b'=';
            let address = !matches!(ADDRESS[usize::from(x)], Address::Other | Address::Question);
            assert_eq!(address, qchar && x != b';', "{x:#x}");
        }
    }

    #[test]
    fn common_forms_take_the_fast_path() {
        for s in [
            "http://www.w3.org/index.html",
            "HTTPS://news.example.org/cgi-bin/search?q=uri+syntax&lang=en",
            "https://ds.internic.net/a/b/c/d;p?q=1#frag",
            "http://192.0.2.17/",
            "http://host.example:8080/rfc/rfc2396.txt",
            "http://host.example:/",
            "http://h/%41?%42#%43",
            "http://u:p@h.example:80/",
            "https://[2001:db8::7]/~user/page.html",
            "http://[v7.x]:8/",
            "http://h%41/",
            "ftp://www.w3.org/~user/page.html",
            "mailto:user@example.com",
            "mailto:a@b,c@d",
            "mailto:list-request@example.org?subject=unsubscribe",
            "mailto:a@b?to=c@d&cc=e@f&body=x;y:z",
            "mailto:a@b?subject=",
            "urn:ietf:rfc:9146",
            "URN:ISBN:0-395-36341-1",
        ] {
            assert!(agrees(s), "{s:?} should take the fast path");
        }
        assert_eq!(components(b"http://192.0.2.17/").and_then(|c| c.host_kind), Some(HostKind::Ipv4));
        // A name whose top label starts with a digit is no host a reader would click (the
        // extractor's rule): left to the full parser.
        assert_eq!(components(b"http://192.0.2.999/").and_then(|c| c.host_kind), None);
    }

    #[test]
    fn other_forms_are_left_to_the_full_parser() {
        for s in [
            "http://",
            "http:///x",
            "http://u@/x",
            "http://[::1/",
            "http://[::g]/",
            "http://h/%4",
            "http://h:8x/",
            "http://h/ x",
            "http://h/?a#b#c",
            "ftp://h/a;type=i",
            "ftp://h/a;type=x",
            "mailto:",
            "mailto:user",
            "mailto:@b",
            "mailto:a@",
            "mailto:a@b,",
            "mailto:a@b?",
            "mailto:a@b?subject",
            "mailto:a@b?subject=x&",
            "mailto:a@b?a=b=c",
            "mailto:a@b?a=%20",
            "mailto:a@b?a=b#f",
            "mailto:a@b?a=b/c",
            "mailto:?to=a@b",
            "mailto://a@b",
            "mailto:a%40b@c",
            "urn:a:b",
            "urn:urn:b",
            "urn:-ab:c",
            "urn:ab-:c",
            "urn:ab:",
            "urn:ab:/c",
            "urn:ab:c?+r",
            "urn:ab:c#f",
            "urn:ab:c%20",
            "urn:abcdefghijabcdefghijabcdefghijabc:x",
            "news:comp.lang",
            "file:///etc",
        ] {
            assert!(!agrees(s), "{s:?} should be left to the full parser");
        }
    }

    #[test]
    fn agrees_with_the_full_parser_on_variations() {
        let schemes = ["http", "HTTP", "https", "hTtPs", "ftp", "FTP", "mailto", "urn", "httpx", "htt"];
        let middles = [
            "",
            "//",
            "///",
            "//h",
            "//h.example",
            "//1.2.3.4",
            "//1.2.3.4.5",
            "//h:",
            "//h:80",
            "//h:8a",
            "//u@h",
            "//[::1]",
            "//[::1]:80",
            "//[::1]:",
            "//[::1]x",
            "//[::1]@h",
            "//[::1]]",
            "//[::1",
            "//[v7.x]",
            "//[v7.]",
            "//[1.2.3.4]",
            "//[::1.2.3.4]",
            "//[]",
            "//h%2e",
            "//!$&'()*+,;=",
            "//-._~",
            "a@b",
            "a@b,c@d",
            "a@",
            "@b",
            ",a@b",
            "a@b,",
            "ab:c",
            "ab:c/d",
            "ab:/c",
            "a:c",
            "x-y:z",
            "ab-:c",
            "urn:c",
            "ab:c%41",
            "a;b@c",
            "a=b@c",
            "a&b@c",
            "a b@c",
            "a\u{e9}@b",
            "ab:c:d",
        ];
        let tails = [
            "",
            "/",
            "/a/b.html",
            "/a;type=i",
            "/a;type=q",
            "/a;b",
            "/%41",
            "/%4",
            "?",
            "?q=1&r",
            "#",
            "#f",
            "?q#f",
            "#f#g",
            "?a?b",
            "/ ",
            "/<",
            "/a%zz",
            ",",
            "@",
            ":",
            "/:@",
            "?%",
            "/\u{e9}",
            // mailto header fields (the extract fuzz target found `?` let through in a value).
            "?x=1?y",
            "?x?=1",
            "?x=1=2",
            "?x=a/b",
            "?x=a#b",
            "?x=a@b,c;d:e",
            "?=",
            "?x=",
            "?x=1&y=2",
            "?x=1&&y=2",
            "?x=1&",
            "?x=%41",
            "?x=a!$'()*+-._~",
        ];
        let mut fast = 0;
        for scheme in schemes {
            for middle in middles {
                for tail in tails {
                    for colon in [":", ""] {
                        let s = format!("{scheme}{colon}{middle}{tail}");
                        fast += usize::from(agrees(&s));
                    }
                }
            }
        }
        assert!(fast > 200, "the fast path took only {fast} of the variations");
    }

    #[test]
    fn agrees_with_the_full_parser_on_the_conformance_cases() {
        let files = [
            include_str!("../../tests/data/uri/examples.jsonl"),
            include_str!("../../tests/data/uri/generic.jsonl"),
            include_str!("../../tests/data/uri/host.jsonl"),
            include_str!("../../tests/data/uri/schemes.jsonl"),
            include_str!("../../tests/data/uri/urn.jsonl"),
            include_str!("../../tests/data/uri/debatable.jsonl"),
        ];
        let mut fast = 0;
        for line in files.iter().flat_map(|f| f.lines()).filter(|l| !l.trim().is_empty()) {
            let case: serde_json::Value = serde_json::from_str(line).unwrap();
            let input = case["input"].as_str().unwrap();
            fast += usize::from(agrees(input));
        }
        assert!(fast > 50, "the fast path took only {fast} conformance cases");
    }

    /// Whenever `server_parts` decides, it gives what the fast validation of the parser
    /// gives; and it decides the plain forms.
    #[test]
    fn server_parts_agree_with_the_parser() {
        let schemes = ["http", "HTTP", "https", "Https", "ftp", "FTP", "htp", "httpx", "mailto"];
        let hosts = [
            "www.example.com",
            "a",
            "",
            "192.0.2.17",
            "256.0.2.17",
            "1.2.3",
            "01.2.3.4",
            "1.2.3.4.",
            "x!$&'()*+,;=-._~y",
            "[2001:db8::7]",
            "u@h",
            "h%41",
            "example.com.",
        ];
        let ports = ["", ":", ":8080", ":80x", "::80", ":0"];
        let tails = [
            "",
            "/",
            "/a/b.html",
            "/a;type=i",
            "?q",
            "/?",
            "/p?q=1&r=2",
            "/p?q#f",
            "#f",
            "/p#f#g",
            "/p#f?g",
            "/p?q?r#f/?",
            "/%41",
            "/a@b",
            "/a:b",
            "/(x)",
            "/p;q",
            "?a;b",
        ];
        let (mut decided, mut total) = (0, 0);
        for scheme in schemes {
            for host in hosts {
                for port in ports {
                    for tail in tails {
                        let uri = format!("{scheme}://{host}{port}{tail}");
                        let colon = scheme.len();
                        let (end, seen) = crate::delimit::run::scan(uri.as_bytes(), colon + 1, usize::MAX);
                        if end < uri.len() {
                            continue; // not one run of URI characters
                        }
                        let plain = components(uri.as_bytes()).map(|c| Parts::new(&c));
                        total += usize::from(plain.is_some());
                        if let Some(parts) = server_parts(uri.as_bytes(), seen) {
                            decided += 1;
                            assert_eq!(Some(parts), plain, "{uri}");
                        }
                    }
                }
            }
        }
        // Most of the valid plain forms are decided here (not those with an IP literal, a
        // userinfo or an escape).
        assert!(decided * 2 > total, "{decided} of {total}");
    }
}
