//! The fused scan of the one-pass lane, and the validation it makes cheap for the plainest
//! server URIs (`http://`, `https://`, `ftp://` and a host name or IPv4 address).
//!
//! The one-pass lane ([`crate::candidate::one_pass`]) scans a candidate to its end, trims it,
//! then has its text validated. [`scan`] also gathers, at no extra pass, what kinds of bytes
//! the candidate holds ([`CLASS`]), and for a server URI that settles most of the validation
//! at once: a run of URI characters with no `%` and no `@` after `scheme://` is a valid
//! `authority path-abempty [ "?" query ] [ "#" fragment ]` (RFC 3986 §3) as soon as its host
//! is not empty, its port is digits, and it holds at most one `#`. What is left to
//! [`server_parts`] is to find where the host, the port and the path end, which looks only at
//! the bytes before the path (and at the rest only when the scan saw a `?` or `#`), where
//! [`crate::uri::plain_components`] reads the whole URI again, component by component.
//!
//! [`server_parts`] gives up (`None`) on anything less plain — another scheme, an IP literal,
//! a userinfo, an escape, a `;` in an ftp path, a second `#` — and the lane then validates as
//! before. When it decides, it gives the parts [`crate::uri::plain_components`] gives (a unit
//! test checks that on generated variations; `tests/lane.rs` and the `extract` fuzz target hold
//! the lane to the general path).

use crate::matches::Parts;
use crate::uri::Prefix;

/// [`CLASS`]: a byte that ends a bare URI ([`crate::chars::EXCLUDED`]); the fused scan stops there.
const END: u8 = 1;
/// [`CLASS`]: `%` (an escape, left to the full validation) or `@` (a userinfo).
pub(crate) const ESCAPE_OR_AT: u8 = 2;
/// [`CLASS`]: `?` or `#`, which end the path.
const QUERY_OR_FRAGMENT: u8 = 4;
/// [`CLASS`]: a byte that ends the host: `/`, `?`, `#`, or the `:` before a port.
const HOST_END: u8 = 8;

/// What each byte is to the fused scan, its [`END`] taken from [`crate::chars`] (a unit test
/// checks the rest against it).
static CLASS: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if crate::chars::CLASSES[b] & crate::chars::EXCLUDED != 0 {
            END
        } else if c == b'%' || c == b'@' {
            ESCAPE_OR_AT
        } else if c == b'?' || c == b'#' {
            QUERY_OR_FRAGMENT | HOST_END
        } else if c == b'/' || c == b':' {
            HOST_END
        } else {
            0
        };
        b += 1;
    }
    table
};

/// The fused scan: from `i`, the index of the first byte that ends a bare URI (or `stop`, or the
/// end of `text`), and the union of the [`CLASS`] of the bytes before it. Eight bytes at a time
/// while none of them ends the URI, then byte by byte.
#[inline(always)]
pub(crate) fn scan(text: &[u8], mut i: usize, stop: usize) -> (usize, u8) {
    let stop = stop.min(text.len());
    let mut seen = 0;
    while let Some(word) = text.get(i..stop).and_then(|rest| rest.first_chunk::<8>()) {
        let kinds = word.iter().fold(0, |kinds, &b| kinds | CLASS[usize::from(b)]);
        if kinds & END != 0 {
            break;
        }
        seen |= kinds;
        i += 8;
    }
    while let Some(&b) = text.get(i).filter(|_| i < stop) {
        let kind = CLASS[usize::from(b)];
        if kind & END != 0 {
            break;
        }
        seen |= kind;
        i += 1;
    }
    (i, seen)
}

/// The parts of `uri` (the candidate's text, scheme first) when it is a plain server URI of
/// the module docs, given `seen`, the union of the [`CLASS`] of its bytes after the colon (or of
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
    if seen & ESCAPE_OR_AT != 0 {
        return None;
    }
    // The host: reg-name characters up to `/`, `?`, `#` or `:` (the scan saw no `%`, `@` or
    // byte that ends a URI, and no other byte is neither of those nor a reg-name character),
    // then perhaps `:` and a port.
    let host = scheme + 3;
    let host_end = host + first_host_end(uri.get(host..)?);
    if host_end == host {
        return None;
    }
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
    let kind = crate::uri::reg_name_kind(&uri[host..host_end]);
    // The path up to the first `?` or `#`; a query up to the first `#` after it; a fragment
    // with no second `#`.
    let (mut path_end, mut query, mut fragment): (_, Option<[usize; 2]>, _) = (uri.len(), None, None);
    if seen & QUERY_OR_FRAGMENT != 0 {
        for (i, &b) in uri.iter().enumerate().skip(path) {
            match b {
                b'#' if fragment.is_some() => return None,
                b'#' => {
                    fragment = Some(i + 1);
                    match &mut query {
                        Some([_, end]) => *end = i,
                        None => path_end = i,
                    }
                }
                b'?' if query.is_none() && fragment.is_none() => {
                    query = Some([i + 1, uri.len()]);
                    path_end = i;
                }
                _ => {}
            }
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

/// The index of the first `/`, `?`, `#` or `:` in `bytes`, or its length: eight bytes at a time
/// (a host name is mostly longer than that), with the zero-byte test on the word xor-ed with each
/// of the four repeated; the lowest flag of each test is exact (a false one can only sit above
/// a true zero byte), so the lowest of them all is.
#[inline(always)]
fn first_host_end(bytes: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let zeros = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let mut i = 0;
    while let Some(word) = bytes.get(i..).and_then(|rest| rest.first_chunk::<8>()) {
        let w = u64::from_le_bytes(*word);
        let found = zeros(w ^ (ONES * u64::from(b'/')))
            | zeros(w ^ (ONES * u64::from(b':')))
            | zeros(w ^ (ONES * u64::from(b'?')))
            | zeros(w ^ (ONES * u64::from(b'#')));
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i + bytes[i..].iter().position(|&b| CLASS[usize::from(b)] & HOST_END != 0).unwrap_or(bytes.len() - i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chars;

    #[test]
    fn classes_agree_with_the_character_classes() {
        for b in 0..=255u8 {
            let class = CLASS[usize::from(b)];
            assert_eq!(class & END != 0, chars::is(b, chars::EXCLUDED), "{b}");
            assert_eq!(class & ESCAPE_OR_AT != 0, matches!(b, b'%' | b'@'), "{b}");
            assert_eq!(class & QUERY_OR_FRAGMENT != 0, matches!(b, b'?' | b'#'), "{b}");
            assert_eq!(class & HOST_END != 0, matches!(b, b'/' | b'?' | b'#' | b':'), "{b}");
            // What is not flagged is a reg-name character: unreserved or a sub-delim.
            if class == 0 {
                assert!(chars::is(b, chars::UNRESERVED | chars::SUB_DELIMS), "{b}");
            }
        }
    }

    #[test]
    fn the_scan_stops_at_the_first_byte_that_ends_a_uri() {
        assert_eq!(scan(b"//a.example/x y", 0, 100), (13, HOST_END));
        assert_eq!(scan(b"//a.example/x?q=%41#f>", 0, 100).0, 21);
        assert_eq!(scan(b"//a.example/x?q=%41#f>", 0, 100).1, HOST_END | QUERY_OR_FRAGMENT | ESCAPE_OR_AT);
        // The stop bounds it, and the end of the text.
        assert_eq!(scan(b"//aaaaaaaaaaaaaaaaaaaaaaaaaaa", 0, 10).0, 10);
        assert_eq!(scan(b"//aaaaaaaaaaaaaaaaaaaaaaaaaaa", 3, 100).0, 29);
        assert_eq!(scan(b"abc", 5, 100).0, 5);
    }

    #[test]
    fn host_ends_at_the_first_delimiter_near_or_far() {
        for len in 0..40 {
            for d in [b'/', b':', b'?', b'#'] {
                let mut host = vec![b'a'; len];
                host.push(d);
                host.extend_from_slice(b"b/c:d");
                assert_eq!(first_host_end(&host), len, "{}", String::from_utf8_lossy(&host));
            }
            assert_eq!(first_host_end(&vec![b'a'; len]), len);
        }
    }

    /// Whenever the fused validation decides, it gives what the fast validation of the parser
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
                        let (end, seen) = scan(uri.as_bytes(), colon + 1, usize::MAX);
                        if end < uri.len() {
                            continue; // not one run of URI characters
                        }
                        let plain = crate::uri::plain_components(uri.as_bytes()).map(|c| Parts::new(&c));
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
        assert!(decided * 3 > total * 2, "{decided} of {total}");
    }
}
