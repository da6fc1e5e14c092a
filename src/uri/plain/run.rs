//! The server form of http, https and ftp (RFC 3986 §3) read from the delimiter's run scan:
//! given the classes of bytes the scan passed ([`ESCAPE_OR_AT`], [`QUERY_OR_FRAGMENT`]), the host is the only part read
//! byte by byte, the path, query and fragment split at the first `?` and `#` (RFC 3986 §3.3 to
//! §3.5). The packed [`Parts`] of the match, or `None` where [`super::components`] decides.

use super::SchemeWord;
use crate::chars::ScanClass;
use crate::uri::{Parts, host};

/// The delimiter's run scan notes a `%` (an escape, which the full validation reads) or an `@`
/// (a userinfo) for [`server_parts`].
pub(crate) const ESCAPE_OR_AT: ScanClass = ScanClass { bit: 2, bytes: b"%@" };
/// The run scan notes a `?` or `#`, which end the path, for [`server_parts`].
pub(crate) const QUERY_OR_FRAGMENT: ScanClass = ScanClass { bit: 4, bytes: b"?#" };

/// The parts of `uri` (the candidate's text, scheme first) when it is a plain server URI of
/// [`super::components`] that can be told from `seen`, the classes of its bytes after the colon
/// that a scan noted ([`ESCAPE_OR_AT`], [`QUERY_OR_FRAGMENT`]; or those of
/// more bytes than those); `None` when it is not, or when that cannot be told from `seen` and
/// the bytes before the path (then [`crate::uri::plain_components`] decides).
#[inline(always)]
pub(crate) fn server_parts(uri: &[u8], seen: u8) -> Option<Parts> {
    let word = u64::from_le_bytes(*uri.first_chunk::<8>()?);
    let ftp = SchemeWord::FTP.matches(word);
    let scheme = if SchemeWord::HTTP.matches(word) {
        SchemeWord::HTTP.scheme_len
    } else if SchemeWord::HTTPS.matches(word) {
        SchemeWord::HTTPS.scheme_len
    } else if ftp {
        SchemeWord::FTP.scheme_len
    } else {
        return None;
    };
    if seen & ESCAPE_OR_AT.bit != 0 {
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
    if seen & QUERY_OR_FRAGMENT.bit != 0 {
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
mod tests {
    use super::*;
    use crate::uri::plain::components;

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
