//! The IRI walk ([`iri_components`]) against the full IRI parser ([`Uri::parse_iri`], which
//! reads a stand-in) with the extractor's host rule ([`host::is_clickable_host`]): whenever the
//! walk decides, the full path finds the same components.

use super::*;
use crate::uri::{ErrorKind, HostKind, Uri, host};

/// What the full path gives `s`: its components when it is a valid IRI whose registered name,
/// if any, is a host a reader would click.
fn full(s: &str) -> Option<Components> {
    let uri = Uri::parse_iri(s).ok()?;
    let host_ok =
        uri.host_kind() != Some(HostKind::RegName) || uri.host().is_some_and(host::is_clickable_host);
    host_ok.then(|| uri.parts())
}

/// Whether the walk decides `s`; when it does, it must agree with [`full`].
fn walks(s: &str) -> bool {
    match iri_components(s.as_bytes()) {
        Some(c) => {
            assert_eq!(Some(c), full(s), "{s:?}");
            true
        }
        None => false,
    }
}

#[test]
fn common_iris_take_the_walk_with_their_components() {
    let s = "https://bücher.example:8080/ä/ö?ß=1#€";
    assert!(walks(s));
    let c = iri_components(s.as_bytes()).unwrap();
    assert_eq!(c.host.map(|h| &s[h.range()]), Some("bücher.example"));
    assert_eq!(c.host_kind, Some(HostKind::RegName));
    assert_eq!(c.port.map(|p| &s[p.range()]), Some("8080"));
    assert_eq!(&s[c.path.range()], "/ä/ö");
    assert_eq!(c.query.map(|q| &s[q.range()]), Some("ß=1"));
    assert_eq!(c.fragment.map(|f| &s[f.range()]), Some("€"));
    for s in [
        "https://ja.wikipedia.org/wiki/東京",
        "https://en.wikipedia.org/wiki/Hatfield–McCoy_feud",
        "http://例え.テスト/パス",
        "ftp://ftp.example/ü/файл.txt",
        "HTTP://example.org/search?q=café&lang=fr",
        "http://x.example/%C3%A4/ä",
        "http://b%C3%BCcher.example/ü",
        "https://x.example/\u{10300}",
    ] {
        assert!(walks(s), "{s:?} should take the walk");
    }
}

#[test]
fn private_use_characters_only_in_the_query() {
    for p in ['\u{e000}', '\u{f8ff}', '\u{f0000}', '\u{ffffd}', '\u{100000}', '\u{10fffd}'] {
        assert!(walks(&format!("http://h.example/ä?{p}")), "{p:?} in the query");
        for s in [
            format!("http://h.example/{p}"),
            format!("http://h.example/?a#{p}"),
            format!("http://{p}.example/"),
        ] {
            assert!(iri_components(s.as_bytes()).is_none(), "{s:?}");
            assert!(matches!(Uri::parse_iri(&s).unwrap_err().kind(), ErrorKind::PrivateUseOutsideQuery(_)));
        }
    }
}

#[test]
fn ucschar_bounds_hold_in_every_component() {
    // RFC 3987 §2.2: the first and last code point of each `ucschar` range, and the code points
    // just outside them that are neither `ucschar` nor `iprivate`.
    let inside =
        ['\u{a0}', '\u{d7ff}', '\u{f900}', '\u{fdcf}', '\u{fdf0}', '\u{ffef}', '\u{10000}', '\u{1fffd}'];
    let inside = inside.into_iter().chain(['\u{dfffd}', '\u{e1000}', '\u{efffd}']);
    let outside =
        ['\u{80}', '\u{9f}', '\u{fdd0}', '\u{fdef}', '\u{fff0}', '\u{fffd}', '\u{1fffe}', '\u{e0fff}'];
    for c in inside {
        for s in [format!("http://a{c}.example/"), format!("http://a.example/{c}?{c}#{c}")] {
            // The walk reads `c` as the full parser does; whether a host holds it is the host rule's.
            assert_eq!(iri_components(s.as_bytes()), full(&s), "{s:?}");
            assert!(Uri::parse_iri(&s).is_ok(), "{s:?}");
        }
        assert!(walks(&format!("http://a.example/{c}?{c}#{c}")), "{c:?}");
    }
    for c in outside {
        for s in [
            format!("http://a{c}.example/"),
            format!("http://a.example/{c}"),
            format!("http://a.example/?{c}"),
            format!("http://a.example/#{c}"),
        ] {
            assert!(iri_components(s.as_bytes()).is_none(), "{s:?}");
            assert_eq!(Uri::parse_iri(&s).unwrap_err().kind(), &ErrorKind::NotIriChar(c), "{s:?}");
        }
    }
}

/// RFC 3987 §4.1 forbids bidi formatting characters in IRIs, but its grammar holds them as
/// `ucschar`; the parser follows the grammar and the extractor ends an IRI at them before
/// validating it (`delimit::unicode`). The walk reads them as the parser does.
#[test]
fn bidi_controls_are_read_as_the_grammar_reads_them() {
    for c in ['\u{200e}', '\u{200f}', '\u{202a}', '\u{202e}', '\u{2066}', '\u{feff}'] {
        let s = format!("http://a.example/x{c}y");
        assert!(walks(&s), "{s:?}");
    }
}

#[test]
fn other_shapes_are_left_to_the_full_parser() {
    for s in [
        "http://ü@h.example/",
        "http://u@bücher.example/",
        "http://[::ü]/",
        "mailto:josé@example.org",
        "news:comp.ü",
        "http://h.example/ä[1]",
        "http://h.example/ä b",
        "ftp://h.example/ä;type=i",
        "http:///ä",
        "http://-bücher.example/",
        "http://bücher..example/",
        "http://bücher.example-/",
        "http://h.example:8ä/",
        "http://h.example/%ZZä",
        "http://h.example/ä#a#b",
    ] {
        assert!(!walks(s), "{s:?} should be left to the full parser");
    }
}

/// The walk and the full path on generated IRIs: every decision agrees, and most valid IRIs of
/// the plain schemes are decided by the walk (not those with a userinfo, an escape beside a
/// character outside ASCII in the host, or an ftp typecode).
#[test]
fn agrees_with_the_full_path_on_generated_iris() {
    let schemes = ["http", "HTTPS", "ftp", "mailto", "urn", "htp"];
    let hosts = [
        "bücher.example",
        "例え.テスト",
        "www.example.org",
        "ü",
        "ü.",
        "1.ü",
        "ü.1",
        "-ü.x",
        "ü-.x",
        "ü..x",
        "ä_b.example",
        "\u{a0}.x",
        "\u{e000}.x",
        "\u{85}.x",
        "x\u{fdd0}.y",
        "b%C3%BCcher.ü",
        "%ZZ.ü",
        "u@ü.x",
        "ü@x.y",
        "[::1]",
        "192.0.2.1",
        "",
        "ä!$&'()*+,;=.x",
        "ä~.x",
    ];
    let ports = ["", ":", ":80", ":8ä"];
    let paths = [
        "",
        "/",
        "/ä",
        "/ä/ö/",
        "/%C3%A4",
        "/\u{e000}",
        "/\u{85}",
        "/\u{10ffff}",
        "/a;b",
        "/ä;type=a",
        "/ä[1]",
        "/ä%",
        "/ä ",
        "/:@ä",
        "/ä?",
    ];
    let queries = ["", "?", "?ü", "?\u{e000}", "?\u{f8ff}\u{10fffd}", "?\u{85}", "?a/?b", "?%zz"];
    let fragments = ["", "#", "#ü", "#\u{e000}", "#a#b", "#ü?/"];
    let (mut decided, mut valid) = (0, 0);
    for scheme in schemes {
        for host in hosts {
            for port in ports {
                for path in paths {
                    for query in queries {
                        for fragment in fragments {
                            let s = format!("{scheme}://{host}{port}{path}{query}{fragment}");
                            decided += usize::from(walks(&s));
                            let plain_scheme = matches!(scheme, "http" | "HTTPS" | "ftp");
                            valid += usize::from(plain_scheme && full(&s).is_some());
                        }
                    }
                }
            }
        }
    }
    assert!(decided * 3 > valid * 2, "the walk decided {decided} of {valid} valid http, https and ftp IRIs");
}

/// The extractor keeps what the walk accepts as a match's text without a UTF-8 check of its
/// own: bytes that are no UTF-8 (a stray continuation byte, a lead byte without its tail, an
/// overlong form, an encoded surrogate, a byte never used) are never accepted, wherever they
/// stand.
#[test]
fn bytes_that_are_no_utf8_are_never_accepted() {
    let bad: [&[u8]; 7] =
        [b"\x80", b"\xc3", b"\xe6\x9d", b"\xc0\xaf", b"\xed\xa0\x80", b"\xff", b"\xf4\x90\x80\x80"];
    for bytes in bad {
        for (before, after) in [
            ("http://ä", ".example/"),
            ("http://a.example/ä", ""),
            ("http://a.example/?ü", "ö"),
            ("http://a.example/#", "ü"),
        ] {
            let mut b = before.as_bytes().to_vec();
            b.extend_from_slice(bytes);
            b.extend_from_slice(after.as_bytes());
            assert!(iri_components(&b).is_none(), "{b:x?}");
        }
    }
}
