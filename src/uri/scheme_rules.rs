//! Scheme-specific rules, applied after the generic syntax, by grammar:
//!
//! - [`Grammar::Rfc3986`]: the structure rules of well-known schemes (below) and URNs per
//!   RFC 8141.
//! - [`Grammar::Rfc2396`]: only `urn:`, per draft-ietf-urnbis-rfc2141bis-urn-03.
//! - [`Grammar::Rfc1738`]: the RFC 1738 §5 BNF for its ten schemes (see `rfc1738.rs`), and
//!   `urn:` as for [`Grammar::Rfc2396`].
//!
//! Scheme names compare case-insensitively (RFC 3986 §3.1; RFC 1738 §2.1).
//!
//! # The RFC 3986 structure rules
//!
//! - A server-based scheme (the table `SERVER_BASED`) needs an authority with a non-empty
//!   host.
//! - `nntp://host[:port]/group[/article-number]` (RFC 5538 §3).
//! - `news:` names an article (`id@host`) or newsgroups, `*` wildcards allowed; a server may
//!   come first, `news://host/…`, and then the newsgroups may be empty, since RFC 5538 §4 gives
//!   `news://news.server.example/` as meaning `news://news.server.example/*`. Without a server
//!   an empty `news:` names nothing and is an error.
//! - `mailto:` must name an address: an `addr-spec` (`local@domain`) in the path, or a non-empty
//!   `to=` header field. Its query is read by RFC 6068 §2, as header fields of `qchar`s
//!   ([`Mailto::Rfc6068`], what [`Uri::parse_with`] checks), or as the generic query mail clients
//!   send ([`Mailto::AsSent`], the extractor's default reading).
//! - `ftp:`: a `;type=` at the end of the path takes `a`, `i` or `d`, in either case
//!   (RFC 1738 §3.2.2).
//! - `urn:`: RFC 8141 (see [`Urn`]).
//!
//! Query and fragment are left to the generic syntax for every scheme but `mailto`, whose
//! query is its header fields under [`Mailto::Rfc6068`].

use super::lex::{FTP_TYPE, char_error, is_escape};
use super::{Component, ErrorKind, Grammar, ParseError, Uri, Urn, host, rfc1738};
use crate::chars::{self, ALPHA, DIGIT, SUB_DELIMS, UNRESERVED};

/// Schemes whose URIs always name a server, so that an empty or absent host is an error under
/// [`Grammar::Rfc3986`], each with the text that says so. The list is short on purpose: a
/// scheme is here only when its specification gives no form without a host. (`sip` has a
/// host, but after `user@` and without `//`; it is not server-based in this sense.)
///
/// Deliberately absent, because their specifications allow URIs without a host: `file`
/// (RFC 8089 §2, `auth-path = [ file-auth ] path-absolute`), `ldap` (RFC 2255 §3,
/// `"://" [hostport]`), `news` (RFC 5538 §4, the server is optional), `nfs` (RFC 2224 §10,
/// `nfsURL = "nfs" ":" relativeURL`), and `sip` or `mailto` (no authority at all).
#[cfg(test)] // the table `server_based_lower` is tested against
const SERVER_BASED: [&str; 18] = [
    "ftp",      // RFC 1738 §5: ftpurl = "ftp://" login ..., login = [...] hostport
    "gopher",   // RFC 4266 §2.1; RFC 1738 §5: gopherurl = "gopher://" hostport ...
    "http",     // RFC 7230 §2.7.1: a recipient MUST reject an http URI with an empty host
    "https",    // RFC 7230 §2.7.2: the requirements of http apply
    "imap",     // RFC 5092 §11: imapurl = "imap://" iserver ipath-query
    "nntp",     // RFC 5538 §2.1: a non-empty authority; there is no default host
    "pop",      // RFC 2384 §8: pop-url = "pop://" server, server = [user-auth "@"] hostport
    "prospero", // RFC 1738 §5: prosperourl = "prospero://" hostport ...
    "rtsp",     // RFC 2326 §3.2: rtsp_URL = ( "rtsp:" | "rtspu:" ) "//" host ...
    "rtsps",    // RFC 7826 §4.2: rtsps-URI = "rtsps:" "//" host ...
    "rtspu",    // RFC 2326 §3.2, as rtsp
    "telnet",   // RFC 4248 §2; RFC 1738 §5: telneturl = "telnet://" login [ "/" ]
    "vemmi",    // RFC 2122 §5: vemmiurl = "vemmi://" hostport ...
    "wais",     // RFC 1738 §5: waisdatabase = "wais://" hostport "/" database ...
    "ws",       // RFC 6455 §3: ws-URI = "ws:" "//" host [ ":" port ] path [ "?" query ]
    "wss",      // RFC 6455 §3, as ws
    "z39.50r",  // RFC 2056 §5: z39.50url = zscheme "://" host [":" port] ...
    "z39.50s",  // RFC 2056 §5, as z39.50r
];

/// The lower-case name of a server-based scheme, ignoring the case of `scheme`.
fn server_based(scheme: &str) -> Option<&'static str> {
    server_based_lower(&Lower::of(scheme))
}

/// [`server_based`] on a name already lower-cased: a `match` on the bytes, which compiles to a
/// length switch and a few word compares, rather than a search of `SERVER_BASED`; a unit test
/// checks that the two agree.
fn server_based_lower(lower: &Lower) -> Option<&'static str> {
    Some(match lower.as_bytes() {
        b"ftp" => "ftp",
        b"gopher" => "gopher",
        b"http" => "http",
        b"https" => "https",
        b"imap" => "imap",
        b"nntp" => "nntp",
        b"pop" => "pop",
        b"prospero" => "prospero",
        b"rtsp" => "rtsp",
        b"rtsps" => "rtsps",
        b"rtspu" => "rtspu",
        b"telnet" => "telnet",
        b"vemmi" => "vemmi",
        b"wais" => "wais",
        b"ws" => "ws",
        b"wss" => "wss",
        b"z39.50r" => "z39.50r",
        b"z39.50s" => "z39.50s",
        _ => return None,
    })
}

/// A scheme name lower-cased on the stack, when it is short enough to be one this module has
/// rules for (the longest is `prospero`); a longer name is kept empty, matching none of them.
pub(super) struct Lower {
    buf: [u8; 8],
    len: usize,
}

impl Lower {
    pub(super) fn of(scheme: &str) -> Self {
        Self::of_prefix(scheme.as_bytes(), scheme.len())
    }

    /// The first `len` bytes of `text`, a scheme followed by anything.
    #[inline]
    pub(super) fn of_prefix(text: &[u8], len: usize) -> Self {
        if len > 8 || len > text.len() {
            return Lower { buf: [0; 8], len: 0 };
        }
        // A scheme holds letters, digits, `+ - .` only (the generic syntax checked it), so
        // `| 0x20` lower-cases it. When 8 bytes can be read from its start, the name is taken in
        // one load and a mask: a loop over its bytes cost a mispredicted branch per URI.
        let word = match text.get(..8) {
            Some(&[a, b, c, d, e, f, g, h]) => u64::from_le_bytes([a, b, c, d, e, f, g, h]),
            _ => text[..len].iter().rev().fold(0, |w, &b| w << 8 | u64::from(b)),
        };
        let mask = if len == 8 { u64::MAX } else { (1 << (8 * len)) - 1 };
        Lower { buf: ((word | 0x2020_2020_2020_2020) & mask).to_le_bytes(), len }
    }

    pub(super) fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// How the query of a `mailto` URI is read under [`Grammar::Rfc3986`] (the other grammars
/// have rules of their own, or none, for `mailto`). Either way the URI has no authority and
/// names an address: `addr-spec`s in its path, by RFC 6068 §2, or a non-empty `to=` field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mailto {
    /// RFC 6068 §2: the query is `hfield *( "&" hfield )`, each `hfname "=" hfvalue` of
    /// `qchar`s, so that `/`, `?`, `=` and `&` in a value must be percent-encoded. What the
    /// parser ([`Uri::parse_with`]) and `urisift check` check, and the extractor under
    /// `strict`.
    Rfc6068,
    /// As mail clients and mailing lists send it: the query is any query of the generic
    /// syntax (RFC 3986 §3.4, `*( pchar / "/" / "?" )`, which the generic parser has checked),
    /// so that `?&cc=…` (an empty first field), `subject=https://x.example/p` and
    /// `subject=QmFzZTY0==` are URIs. A `to=` field is a field (the text between two `&`s, or
    /// an end of the query) that starts with `to=`, in any case. The extractor's default
    /// reading.
    AsSent,
}

/// Applies the scheme-specific rules of the URI's grammar (see the module docs), reading a
/// `mailto` URI's query as `mailto` says.
// Inlined into the extractor's validation.
#[inline]
pub(crate) fn check(uri: &Uri<'_>, mailto: Mailto) -> Result<(), ParseError> {
    let Some(scheme) = uri.scheme() else {
        return Ok(()); // A relative reference: no scheme, no scheme rules.
    };
    // The name is lower-cased once; every rule below is chosen with a `match` on it.
    let lower = Lower::of_prefix(uri.as_str().as_bytes(), scheme.len());
    if lower.as_bytes() == b"urn" {
        return Urn::parse_with(uri.as_str(), uri.grammar()).map(drop);
    }
    match uri.grammar() {
        Grammar::Rfc3986 => rfc3986(uri, &lower, mailto),
        Grammar::Rfc2396 => server_form(uri, scheme),
        Grammar::Rfc1738 => match rfc1738::Scheme::from_name(scheme) {
            Some(known) => rfc1738::check(uri.as_str(), known),
            None => server_form(uri, scheme),
        },
    }
}

/// The draft grammar ([`Grammar::Rfc2396`]): a site that is not a `server` is read as a
/// registry-based naming authority (seed 000 §4.3.1), which would let the host name rules of §4.3.1
/// reject nothing. But §4.3.1 also says that "URL schemes that involve the direct use of an IP-based
/// protocol to a specified server on the Internet use a common syntax" (the server form); so for a server-based
/// scheme with an authority, the authority must be a `server` (`http://a_b.example/` is invalid).
fn server_form(uri: &Uri<'_>, scheme: &str) -> Result<(), ParseError> {
    if server_based(scheme).is_none() {
        return Ok(());
    }
    let Some(authority) = uri.range(Component::Authority) else { return Ok(()) };
    host::server(&uri.as_str().as_bytes()[..authority.end], authority.start).map(drop)
}

/// The structure rules of [`Grammar::Rfc3986`] (see the module docs).
fn rfc3986(uri: &Uri<'_>, scheme: &Lower, reading: Mailto) -> Result<(), ParseError> {
    if let Some(name) = server_based_lower(scheme) {
        require_host(uri, name)?;
    }
    match scheme.as_bytes() {
        b"nntp" => nntp(uri),
        b"news" => news(uri),
        b"mailto" => mailto(uri, reading),
        b"ftp" => ftp_type(uri),
        _ => Ok(()),
    }
}

/// A server-based scheme needs `//` and a non-empty host: `http:foo`, `http:///x` and
/// `http://user@:80/` have none. (The generic parser defines the host whenever there is an
/// authority.)
fn require_host(uri: &Uri<'_>, name: &'static str) -> Result<(), ParseError> {
    match uri.range(Component::Host) {
        Some(host) if !host.is_empty() => Ok(()),
        Some(host) => Err(ParseError::new(host.start, ErrorKind::MissingHost(name))),
        None => {
            let after_colon = uri.range(Component::Scheme).map_or(0, |s| s.end + 1);
            Err(ParseError::new(after_colon, ErrorKind::MissingHost(name)))
        }
    }
}

/// RFC 5538 §3: `nntpURL = "nntp:" server "/" group [ "/" article-number ]`,
/// `group = 1*( group-char / pct-encoded )`, `article-number = 1*16DIGIT`.
fn nntp(uri: &Uri<'_>) -> Result<(), ParseError> {
    const GROUP: &str = "an nntp URI needs a newsgroup: letters, digits, `-+_.` and \
                         percent-escapes (RFC 5538 §3)";
    const ARTICLE: &str = "an nntp article number is 1 to 16 digits (RFC 5538 §3)";
    let b = uri.as_str().as_bytes();
    let path = uri.range(Component::Path).unwrap_or_default();
    if b.get(path.start) != Some(&b'/') {
        return Err(fail(b, path.start, GROUP));
    }
    let group_start = path.start + 1;
    let group_end = scan(b, group_start, path.end, group_char)?;
    if group_end == group_start {
        return Err(fail(b, group_start, GROUP));
    }
    if group_end == path.end {
        return Ok(());
    }
    if b.get(group_end) != Some(&b'/') {
        return Err(fail(b, group_end, GROUP));
    }
    let digits_start = group_end + 1;
    let digits = b.get(digits_start..path.end).unwrap_or_default();
    match digits.iter().position(|c| !c.is_ascii_digit()) {
        Some(bad) => Err(fail(b, digits_start + bad, ARTICLE)),
        None if digits.is_empty() => Err(fail(b, digits_start, ARTICLE)),
        None if digits.len() > 16 => Err(fail(b, digits_start + 16, ARTICLE)),
        None => Ok(()),
    }
}

/// RFC 5538 §3: `group-char = ALPHA / DIGIT / "-" / "+" / "_" / "."`.
fn group_char(c: u8) -> bool {
    chars::is(c, ALPHA | DIGIT) || matches!(c, b'-' | b'+' | b'_' | b'.')
}

/// RFC 5538 §4: `newsURL = "news:" [ server "/" ] ( article / newsgroups )`.
///
/// An `@` makes it an `article` (`msg-id-core`, `id-left "@" id-right`), as RFC 1738 §3.6 and
/// RFC 5538 §4 say; in it `/` must be percent-encoded and `%3E` (`>`) is not allowed. Otherwise
/// it is `newsgroups`, a wildmat: newsgroup characters, `*`, and percent-escapes (a `?`
/// wildcard must be written `%3F`).
fn news(uri: &Uri<'_>) -> Result<(), ParseError> {
    const NOTHING: &str = "a news URI needs a newsgroup, an article (`id@host`) or `*` (RFC 5538 §4)";
    const SLASH: &str = "a news URI needs `/` after its server (RFC 5538 §4)";
    const ARTICLE: &str = "a news article id is `id@host`; `/` must be percent-encoded and `%3E` is \
                           not allowed (RFC 5538 §4)";
    const GROUPS: &str = "a newsgroup name holds letters, digits, `-+_.`, the wildcard `*` and \
                          percent-escapes (RFC 5538 §4)";
    let b = uri.as_str().as_bytes();
    let path = uri.range(Component::Path).unwrap_or_default();
    let start = if uri.authority().is_some() {
        if b.get(path.start) != Some(&b'/') {
            return Err(fail(b, path.start, SLASH));
        }
        path.start + 1
    } else if path.is_empty() {
        return Err(fail(b, path.start, NOTHING));
    } else {
        path.start
    };
    let text = b.get(start..path.end).unwrap_or_default();
    match text.iter().position(|&c| c == b'@') {
        Some(at) => {
            let end = scan(b, start, path.end, |c| c != b'/' && pchar(c))?;
            if end < path.end {
                return Err(fail(b, end, ARTICLE));
            }
            if at == 0 {
                return Err(fail(b, start, ARTICLE));
            }
            if start + at + 1 == path.end {
                return Err(fail(b, path.end, ARTICLE));
            }
            let gt = text.windows(3).position(|w| w[0] == b'%' && w[1] == b'3' && (w[2] | 0x20) == b'e');
            match gt {
                Some(gt) => Err(fail(b, start + gt, ARTICLE)),
                None => Ok(()),
            }
        }
        None => {
            let end = scan(b, start, path.end, |c| group_char(c) || c == b'*')?;
            if end < path.end { Err(fail(b, end, GROUPS)) } else { Ok(()) }
        }
    }
}

/// RFC 6068 §2:
///
/// ```text
/// mailtoURI = "mailto:" [ to ] [ hfields ]
/// to        = addr-spec *("," addr-spec )
/// hfields   = "?" hfield *( "&" hfield )
/// hfield    = hfname "=" hfvalue
/// hfname    = *qchar
/// hfvalue   = *qchar
/// qchar     = unreserved / pct-encoded / some-delims
/// ```
///
/// The ABNF allows a bare `mailto:`; urisift also requires a recipient, since the scheme "is
/// used to designate the Internet mailing address of an individual or service" (RFC 1738
/// §3.5): an `addr-spec` in `to`, or a non-empty `to=` field (`mailto:?to=addr1@an.example,...`
/// is one of RFC 6068 §2's own forms). `cc=` or `bcc=` alone do not count.
///
/// The query is read as `reading` says: by the `hfields` rule above ([`Mailto::Rfc6068`]), or
/// as the generic syntax has it ([`Mailto::AsSent`]), where only a `to=` field is looked for.
/// The address rules are the same under both.
fn mailto(uri: &Uri<'_>, reading: Mailto) -> Result<(), ParseError> {
    const AUTHORITY: &str = "a mailto URI has no `//` authority (RFC 6068 §2)";
    const NEEDS_ADDRESS: &str = "a mailto URI needs an address (`local@domain`) or a `to=` field \
                                 (RFC 6068 §2)";
    let b = uri.as_str().as_bytes();
    if let Some(authority) = uri.range(Component::Authority) {
        return Err(fail(b, authority.start.saturating_sub(2), AUTHORITY));
    }
    let path = uri.range(Component::Path).unwrap_or_default();
    let mut has_address = !path.is_empty();
    if has_address {
        addr_specs(b, path.start, path.end)?;
    }
    match (uri.range(Component::Query), reading) {
        (Some(query), Mailto::Rfc6068) => has_address |= hfields(b, query)?,
        (Some(query), Mailto::AsSent) if !has_address => has_address = has_to_field(b, query),
        _ => {}
    }
    if !has_address {
        return Err(fail(b, path.start, NEEDS_ADDRESS));
    }
    Ok(())
}

/// RFC 6068 §2's `hfields` without the `?`, over `b[query]`: whether they hold a non-empty
/// `to=` field.
fn hfields(b: &[u8], query: core::ops::Range<usize>) -> Result<bool, ParseError> {
    const HFIELD: &str = "a mailto header field is `name=value`; `?`, `=`, `&`, `/` and `#` in \
                          them must be percent-encoded (RFC 6068 §2)";
    let mut has_to = false;
    let mut i = query.start;
    loop {
        let name_end = scan(b, i, query.end, qchar)?;
        if b.get(name_end) != Some(&b'=') || name_end >= query.end {
            return Err(fail(b, name_end, HFIELD));
        }
        let value_end = scan(b, name_end + 1, query.end, qchar)?;
        let is_to = b.get(i..name_end).is_some_and(|name| name.eq_ignore_ascii_case(b"to"));
        has_to |= is_to && value_end > name_end + 1;
        match b.get(value_end) {
            Some(b'&') if value_end < query.end => i = value_end + 1,
            _ if value_end == query.end => return Ok(has_to),
            _ => return Err(fail(b, value_end, HFIELD)),
        }
    }
}

/// Whether a query read as sent ([`Mailto::AsSent`]), `b[query]`, holds a non-empty `to=`
/// field: `to=` (any case) at its start or after a `&`, and something before the next `&`.
fn has_to_field(b: &[u8], query: core::ops::Range<usize>) -> bool {
    let mut fields = b.get(query).unwrap_or_default().split(|&c| c == b'&');
    fields.any(|field| field.len() > 3 && field[..3].eq_ignore_ascii_case(b"to="))
}

/// RFC 6068 §2: `qchar = unreserved / pct-encoded / some-delims` without the escapes, with
/// `some-delims = "!" / "$" / "'" / "(" / ")" / "*" / "+" / "," / ";" / ":" / "@"`; that is
/// `pchar` without `&` and `=`.
fn qchar(c: u8) -> bool {
    pchar(c) && c != b'&' && c != b'='
}

/// RFC 6068 §2: `to = addr-spec *("," addr-spec )`, `addr-spec = local-part "@" domain`, over
/// `b[start..end]`.
///
/// Rule 1 of §2 says which characters of an address must be percent-encoded: those URIs
/// exclude, `%`, `/ ? # [ ]`, and `& ; =`; what remains literal is `qchar` without `;`. A
/// quoted local part (`%22...%22`, with `%5C` escaping the next character) may hold `,` and
/// `@`; outside quotes `,` separates addresses and the first `@` separates local part and
/// domain, both non-empty.
fn addr_specs(b: &[u8], start: usize, end: usize) -> Result<(), ParseError> {
    const ADDRESS: &str = "a mailto address is `local@domain`; `;`, `/`, `?`, `#`, `[`, `]`, `&` and \
                           `=` in it must be percent-encoded (RFC 6068 §2)";
    let literal = |c: u8| c != b';' && qchar(c);
    let stop = scan(b, start, end, literal)?;
    if stop < end {
        return Err(fail(b, stop, ADDRESS));
    }
    // Each address needs a non-empty local part and domain around its first unquoted `@`.
    let address = |first: usize, at: Option<usize>, stop: usize| match at {
        Some(at) if at > first && at + 1 < stop => Ok(()),
        Some(at) if at > first => Err(fail(b, stop, ADDRESS)),
        _ => Err(fail(b, first, ADDRESS)),
    };
    let addresses = b.get(start..end).unwrap_or_default();
    if !addresses.contains(&b'%') {
        // Without escapes nothing is quoted: each `,` separates addresses. The common case, in
        // one pass per address rather than the byte-by-byte state machine below.
        let mut first = start;
        for part in addresses.split(|&c| c == b',') {
            let stop = first + part.len();
            address(first, memchr::memchr(b'@', part).map(|at| first + at), stop)?;
            first = stop + 1;
        }
        return Ok(());
    }
    let (mut quoted, mut escaped) = (false, false);
    let (mut first, mut at) = (start, None);
    let mut i = start;
    while i < end {
        let escape = if b.get(i) == Some(&b'%') { b.get(i + 1..i + 3) } else { None };
        let byte = b.get(i).copied().unwrap_or_default();
        if escaped {
            escaped = false;
        } else if escape == Some(b"22") {
            quoted = !quoted;
        } else if escape.is_some_and(|e| e.eq_ignore_ascii_case(b"5c")) {
            escaped = quoted;
        } else if !quoted && byte == b'@' && at.is_none() {
            at = Some(i);
        } else if !quoted && byte == b',' {
            address(first, at, i)?;
            (first, at) = (i + 1, None);
        }
        i += if escape.is_some() { 3 } else { 1 };
    }
    if quoted {
        return Err(fail(b, end, ADDRESS)); // an unterminated quoted local part
    }
    address(first, at, end)
}

/// RFC 1738 §3.2.2: the typecode of `;type=<typecode>` "is one of the characters "a", "i", or
/// "d"" (§5: `ftptype = "A" | "I" | "D" | "a" | "i" | "d"`). The `;type=` is the last thing
/// in the path, since `;` within a name or directory must be encoded; we look at the last one.
fn ftp_type(uri: &Uri<'_>) -> Result<(), ParseError> {
    let b = uri.as_str().as_bytes();
    let path = uri.range(Component::Path).unwrap_or_default();
    let text = b.get(path.clone()).unwrap_or_default();
    // Most paths hold no `;` at all: one memchr settles them.
    if memchr::memchr(b';', text).is_none() {
        return Ok(());
    }
    let Some(at) = text.windows(6).rposition(|w| w.eq_ignore_ascii_case(b";type=")) else {
        return Ok(());
    };
    let code_start = path.start + at + 6;
    match b.get(code_start..path.end) {
        Some([c]) if matches!(c.to_ascii_lowercase(), b'a' | b'i' | b'd') => Ok(()),
        _ => Err(fail(b, code_start, FTP_TYPE)),
    }
}

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (RFC 3986 §3.3), without the
/// escapes, which [`scan`] handles.
fn pchar(c: u8) -> bool {
    chars::is(c, UNRESERVED | SUB_DELIMS) || c == b':' || c == b'@'
}

/// Scans `*( allowed / pct-encoded )` over `b[start..end]` and returns where it stops; a `%`
/// that does not start an escape is an error.
fn scan(b: &[u8], start: usize, end: usize, allowed: impl Fn(u8) -> bool) -> Result<usize, ParseError> {
    let stop = end.min(b.len());
    let mut i = start;
    loop {
        // Runs of allowed bytes in a tight loop; only a `%` is looked at on its own.
        let rest = b.get(i..stop).unwrap_or_default();
        i += rest.iter().position(|&c| c == b'%' || !allowed(c)).unwrap_or(rest.len());
        match b.get(i) {
            Some(b'%') if i < stop && is_escape(b, i) => i += 3,
            Some(b'%') if i < stop => return Err(ParseError::new(i, ErrorKind::InvalidPercentEscape)),
            _ => return Ok(i.min(end)),
        }
    }
}

/// An error at `i`: the byte's own fault when it is one no URI may hold (see [`char_error`]),
/// otherwise the scheme rule's `message`.
fn fail(b: &[u8], i: usize, message: &'static str) -> ParseError {
    let kind = match char_error(b, i) {
        ErrorKind::Unexpected(_) | ErrorKind::Scheme(_) => ErrorKind::Scheme(message),
        kind => kind,
    };
    ParseError::new(i, kind)
}

#[cfg(test)]
mod tests;
