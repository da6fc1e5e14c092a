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
//! escapes, a `;` in an ftp path, a mailto query with an escape or outside RFC 6068's header
//! fields, a URN with r-, q- or f-components. The full parser ([`super::validate_with`]) then
//! decides. So this never decides differently from it, whichever way it reads a mailto's query
//! ([`super::Mailto`]): a mailto the fast path takes is valid by RFC 6068 and so as sent too. A
//! unit test checks that on the conformance cases and on generated variations.
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
//!
//! The forms, one module each: [`server`](mod@server) (http, https, ftp),
//! [`mailto`](mod@mailto) and [`urn`](mod@urn); [`run`] reads the server form from what the
//! delimiter's scan saw ([`server_parts`]).
//!
//! [`Grammar::Rfc3986`]: super::Grammar::Rfc3986

mod mailto;
mod run;
mod server;
mod urn;

use super::Components;
use mailto::mailto;
pub(crate) use run::{ESCAPE_OR_AT, QUERY_OR_FRAGMENT, server_parts};
use server::server;
use urn::urn;

/// The components of `b`, a URI's bytes, when it is valid under [`Grammar::Rfc3986`]
/// and of one of the plain forms of the module docs; `None` otherwise (see there).
///
/// [`Grammar::Rfc3986`]: super::Grammar::Rfc3986
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
///
/// [`Grammar::Rfc3986`]: super::Grammar::Rfc3986
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
    if SchemeWord::HTTP.matches(word) {
        server::<IRI>(b, SchemeWord::HTTP.scheme_len, false)
    } else if SchemeWord::HTTPS.matches(word) {
        server::<IRI>(b, SchemeWord::HTTPS.scheme_len, false)
    } else if SchemeWord::MAILTO.matches(word) {
        // Its address bytes are ASCII: a character outside ASCII gives `None`.
        mailto(b)
    } else if SchemeWord::URN.matches(word) {
        urn(b)
    } else if SchemeWord::FTP.matches(word) {
        server::<IRI>(b, SchemeWord::FTP.scheme_len, true)
    } else {
        None
    }
}

/// A scheme and what follows its colon (`//` or nothing) as a word of eight bytes, as [`components`] and [`server_parts`]
/// compare the first eight bytes of a URI with it: the bytes of the prefix (zero-padded), the
/// mask of those bytes, and the mask of the scheme's letters, compared in any case, all
/// computed at compile time.
pub(crate) struct SchemeWord {
    name: u64,
    mask: u64,
    letters: u64,
    /// The length of the scheme, which is the index of its colon.
    pub(crate) scheme_len: usize,
}

impl SchemeWord {
    pub(crate) const HTTP: SchemeWord = SchemeWord::new(b"http://\0", 4);
    pub(crate) const HTTPS: SchemeWord = SchemeWord::new(b"https://", 5);
    pub(crate) const MAILTO: SchemeWord = SchemeWord::new(b"mailto:\0", 6);
    pub(crate) const URN: SchemeWord = SchemeWord::new(b"urn:\0\0\0\0", 3);
    pub(crate) const FTP: SchemeWord = SchemeWord::new(b"ftp://\0\0", 3);

    /// `name`, zero-padded, starts with a scheme of `scheme_len` letters.
    const fn new(name: &[u8; 8], scheme_len: usize) -> SchemeWord {
        let mut len = 0;
        while len < 8 && name[len] != 0 {
            len += 1;
        }
        let mask = if len == 8 { u64::MAX } else { (1 << (8 * len)) - 1 };
        SchemeWord { name: u64::from_le_bytes(*name), mask, letters: (1 << (8 * scheme_len)) - 1, scheme_len }
    }

    /// Whether `word`, the first eight bytes of a URI (little-endian), starts with this prefix.
    /// `| 0x20` lower-cases a letter and maps no other byte to one, and it is applied only where
    /// the scheme has letters.
    #[inline(always)]
    pub(crate) fn matches(&self, word: u64) -> bool {
        (word | (0x2020_2020_2020_2020 & self.letters)) & self.mask == self.name
    }
}

#[cfg(test)]
mod iri_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uri::{Grammar, HostKind, Mailto, Uri};

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
        assert!(SchemeWord::HTTP.matches(word(b"http://a")));
        assert!(SchemeWord::HTTP.matches(word(b"HtTp://a")));
        assert!(!SchemeWord::HTTP.matches(word(b"https://")));
        assert!(SchemeWord::HTTPS.matches(word(b"HTTPS://")));
        assert!(SchemeWord::FTP.matches(word(b"FTP://ab")));
        assert!(!SchemeWord::FTP.matches(word(b"ftp:/ab/")));
        assert!(SchemeWord::URN.matches(word(b"URN:ietf")));
        // `| 0x20` lower-cases the letters only: `/` and `:` are compared as they are (0x0f
        // would read as `/` if it were applied to them).
        assert!(!SchemeWord::HTTP.matches(word(b"http:\x0f\x0fa")));
    }

    /// The fast path agrees with the full parser: when it decides, the full parser finds the
    /// URI valid with the same components, with a mailto read by RFC 6068 (the parser's and
    /// the extractor's strict reading) and read as sent (the extractor's default), since the
    /// extractor asks the fast path under both.
    fn agrees(s: &str) -> bool {
        let full = Uri::parse_with(s, Grammar::Rfc3986).map(|u| u.parts());
        let as_sent = crate::uri::validate_with(s, Grammar::Rfc3986, Mailto::AsSent, |c| *c);
        match components(s.as_bytes()) {
            Some(c) => {
                assert_eq!(Ok(c), full, "{s:?}");
                assert_eq!(Ok(c), as_sent, "{s:?} read as sent");
                true
            }
            None => false,
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
            // Valid read as sent only: the fast path reads RFC 6068's forms, valid under both.
            "mailto:a@b?&cc=c@d",
            "mailto:a@b?subject=QmFzZTY0==",
            "mailto:a@b?subject=https://x.example/p",
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
            include_str!("../../../tests/data/uri/examples.jsonl"),
            include_str!("../../../tests/data/uri/generic.jsonl"),
            include_str!("../../../tests/data/uri/host.jsonl"),
            include_str!("../../../tests/data/uri/schemes.jsonl"),
            include_str!("../../../tests/data/uri/urn.jsonl"),
            include_str!("../../../tests/data/uri/debatable.jsonl"),
        ];
        let mut fast = 0;
        for line in files.iter().flat_map(|f| f.lines()).filter(|l| !l.trim().is_empty()) {
            let case: serde_json::Value = serde_json::from_str(line).unwrap();
            let input = case["input"].as_str().unwrap();
            fast += usize::from(agrees(input));
        }
        assert!(fast > 50, "the fast path took only {fast} conformance cases");
    }
}
