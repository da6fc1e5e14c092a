use super::*;
use crate::span::Span;
use crate::uri::{Component, Uri};

fn iri(s: &str) -> Uri<'_> {
    Uri::parse_iri(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn err(s: &str) -> (usize, ErrorKind) {
    let e = Uri::parse_iri(s).expect_err(s);
    (e.index(), e.kind().clone())
}

#[test]
fn classes_follow_the_abnf_bounds() {
    for (c, want) in [
        ('\u{9f}', Class::Excluded),
        ('\u{a0}', Class::Ucschar),
        ('\u{d7ff}', Class::Ucschar),
        ('\u{e000}', Class::Iprivate),
        ('\u{f8ff}', Class::Iprivate),
        ('\u{f900}', Class::Ucschar),
        ('\u{fdcf}', Class::Ucschar),
        ('\u{fdd0}', Class::Excluded),
        ('\u{fdef}', Class::Excluded),
        ('\u{fdf0}', Class::Ucschar),
        ('\u{ffef}', Class::Ucschar),
        ('\u{fff0}', Class::Excluded),
        ('\u{fffd}', Class::Excluded),
        ('\u{10000}', Class::Ucschar),
        ('\u{1fffd}', Class::Ucschar),
        ('\u{1fffe}', Class::Excluded),
        ('\u{dfffd}', Class::Ucschar),
        ('\u{e0000}', Class::Excluded),
        ('\u{e0fff}', Class::Excluded),
        ('\u{e1000}', Class::Ucschar),
        ('\u{efffd}', Class::Ucschar),
        ('\u{efffe}', Class::Excluded),
        ('\u{f0000}', Class::Iprivate),
        ('\u{ffffd}', Class::Iprivate),
        ('\u{ffffe}', Class::Excluded),
        ('\u{100000}', Class::Iprivate),
        ('\u{10fffd}', Class::Iprivate),
        ('\u{10ffff}', Class::Excluded),
    ] {
        assert_eq!(class(c), want, "{c:?}");
    }
}

#[test]
fn components_are_str_slices_with_byte_spans() {
    let u = iri("http://ü@bücher.example:8080/ä/ö?ß=1#€");
    assert_eq!(u.userinfo(), Some("ü"));
    assert_eq!(u.host(), Some("bücher.example"));
    assert_eq!(u.port(), Some("8080"));
    assert_eq!(u.path(), "/ä/ö");
    assert_eq!(u.query(), Some("ß=1"));
    assert_eq!(u.fragment(), Some("€"));
    for c in [Component::Userinfo, Component::Host, Component::Path, Component::Query, Component::Fragment] {
        let span = u.span(c).unwrap();
        assert!(
            u.as_str().is_char_boundary(span.start as usize)
                && u.as_str().is_char_boundary(span.end as usize)
        );
    }
    assert_eq!(u.span(Component::Host), Some(Span::new(10, 25)));
    assert!(u.is_iri());
}

#[test]
fn ascii_iris_parse_as_uris() {
    for s in ["http://example.com/a?b#c", "../x", "urn:example:a", "mailto:a@example.org"] {
        assert_eq!(Uri::parse_iri(s).map(|u| u.parts()), Uri::parse(s).map(|u| u.parts()), "{s}");
    }
    assert_eq!(err("http:x"), (5, ErrorKind::MissingHost("http")));
}

#[test]
fn uri_parse_still_refuses_non_ascii() {
    assert_eq!(Uri::parse("http://é/").unwrap_err().kind(), &ErrorKind::NonAscii);
    assert!(!Uri::parse("http://a/").unwrap().is_iri());
}

#[test]
fn no_non_ascii_in_scheme_port_or_ip_literals() {
    assert_eq!(err("hé:x"), (1, ErrorKind::InvalidScheme));
    assert_eq!(err("http://a:8é/"), (10, ErrorKind::InvalidPort));
    assert_eq!(err("http://[::é]/").0, 10);
    assert_eq!(err("http://[v1.é]/"), (11, ErrorKind::Unexpected('é')));
    assert_eq!(err("http://[v1.x]é/"), (13, ErrorKind::Unexpected('é')));
}

#[test]
fn a_first_segment_colon_after_non_ascii_is_a_bad_scheme() {
    // Appendix B reads `é:x` as scheme `é`; no scheme starts with anything but a letter.
    let (at, kind) = err("é:x");
    assert_eq!(at, 0);
    assert_eq!(kind, ErrorKind::InvalidScheme);
}

#[test]
fn private_use_only_in_the_query() {
    assert!(Uri::parse_iri("x:?\u{e000}\u{f0000}\u{10fffd}").is_ok());
    assert!(Uri::parse_iri("x:?a#b?").is_ok());
    assert_eq!(err("x:/\u{e000}"), (3, ErrorKind::PrivateUseOutsideQuery('\u{e000}')));
    assert_eq!(err("x:?a#\u{e000}"), (5, ErrorKind::PrivateUseOutsideQuery('\u{e000}')));
    assert_eq!(err("x://\u{e000}/"), (4, ErrorKind::PrivateUseOutsideQuery('\u{e000}')));
}

#[test]
fn characters_outside_ucschar_are_named() {
    assert_eq!(err("x:/a\u{85}"), (4, ErrorKind::NotIriChar('\u{85}')));
    assert_eq!(err("x:/\u{fdd0}"), (3, ErrorKind::NotIriChar('\u{fdd0}')));
    assert_eq!(err("x:?\u{ffff}"), (3, ErrorKind::NotIriChar('\u{ffff}')));
}

#[test]
fn the_first_error_wins() {
    // The bad escape comes first, the bad character second, and the other way round.
    assert_eq!(err("x:/%zz\u{85}"), (3, ErrorKind::InvalidPercentEscape));
    assert_eq!(err("x:/\u{85}%zz"), (3, ErrorKind::NotIriChar('\u{85}')));
    assert_eq!(err("x:/é é"), (5, ErrorKind::Excluded(' ')));
}

#[test]
fn scheme_rules_run_on_the_uri_mapping_and_point_into_the_iri() {
    assert!(Uri::parse_iri("mailto:josé@example.org").is_ok());
    assert!(Uri::parse_iri("news:comp.ü").is_ok()); // `%C3%BC` is a newsgroup's escape
    let (at, kind) = err("nntp://news.example/ü/é");
    assert_eq!(at, 23);
    assert!(matches!(kind, ErrorKind::Scheme(_)), "{kind:?}");
    assert_eq!(err("http://ü@/").0, 10);
    assert!(matches!(err("http://ü@/").1, ErrorKind::MissingHost("http")));
    assert!(Uri::parse_iri("urn:example:ü").is_ok());
}

#[test]
fn never_panics_on_any_short_mix() {
    let pieces =
        ["é", "\u{e000}", "\u{85}", "\u{10300}", "[", "]", ":", "/", "?", "#", "%", "%C3", "@", "v1.", "a"];
    for a in pieces {
        for b in pieces {
            for c in pieces {
                for prefix in ["", "x:", "x://", "http://"] {
                    let s = format!("{prefix}{a}{b}{c}");
                    match Uri::parse_iri(&s) {
                        Ok(u) => {
                            let mapped = to_uri(u.input, &u.parts);
                            assert!(Uri::parse(&mapped).is_ok(), "{s:?} -> {mapped:?}");
                        }
                        Err(e) => assert!(s.is_char_boundary(e.index()), "{s:?}: {e}"),
                    }
                }
            }
        }
    }
}

#[test]
fn mapping_rfc3987_section_3_1_examples() {
    assert_eq!(mapped("http://r\u{e9}sum\u{e9}.example.org"), "http://xn--rsum-bpad.example.org");
    assert_eq!(
        mapped("http://www.example.org/red%09ros\u{e9}#red"),
        "http://www.example.org/red%09ros%C3%A9#red"
    );
    assert_eq!(
        mapped("http://example.com/\u{10300}\u{10301}\u{10302}"),
        "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"
    );
    assert_eq!(
        mapped("http://validator.w3.org/check?uri=http%3A%2F%2Fr\u{e9}sum\u{e9}.example.org"),
        "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org"
    );
}

#[test]
fn mapping_a_host_toascii_refuses_falls_back_to_escapes() {
    assert_eq!(mapped("http://\u{2603}.example/"), "http://xn--n3h.example/");
    // UTS #46 maps to NFC: a decomposed name gets the A-labels of the composed one.
    assert_eq!(mapped("http://a\u{301}b.example/"), mapped("http://\u{e1}b.example/"));
    // A label starting with a combining mark is no IDN (UTS #46 validity criteria).
    assert_eq!(mapped("http://\u{301}b.example/"), "http://%CC%81b.example/");
    // Escapes in the name are decoded before ToASCII.
    let decoded = mapped("http://b\u{fc}ch\u{e9}r.example/");
    assert!(decoded.starts_with("http://xn--bchr-"), "{decoded}");
    assert_eq!(mapped("http://b%C3%BCch\u{e9}r.example/"), decoded);
    // ...and must be UTF-8.
    assert_eq!(mapped("http://%FF\u{e9}.example/"), "http://%FF%C3%A9.example/");
    // Only a registered name: a userinfo is percent-encoded.
    assert_eq!(mapped("http://\u{e9}@\u{e9}.example/"), "http://%C3%A9@xn--9ca.example/");
}

#[test]
fn mapping_is_idempotent_and_the_identity_on_uris() {
    for s in ["http://a/b?c#d", "x:/é?\u{e000}#ü", "http://bücher.example/", "//é@é/"] {
        let once = mapped(s);
        assert!(once.is_ascii(), "{once}");
        assert_eq!(mapped(&once), once);
    }
    assert_eq!(mapped("HTTP://Example.COM/%7e"), "HTTP://Example.COM/%7e");
}

/// The URI the valid IRI reference `s` maps to ([`crate::uri::iri_to_uri`]).
fn mapped(s: &str) -> String {
    assert!(Uri::parse_iri(s).is_ok(), "{s:?} is an IRI reference");
    crate::uri::iri_to_uri(s).into_owned()
}

#[test]
fn normal_form_keeps_non_ascii_and_lower_cases_ascii_host_letters() {
    let u = iri("HTTP://Bücher.EXAMPLE:80/a/./b/../c/%7e/é?Q=é#É");
    assert_eq!(u.normalized(), "http://bücher.example/a/c/~/é?Q=é#É");
    assert!(Uri::parse_iri(&u.normalized()).is_ok());
}

#[test]
fn equivalence_rfc3987_section_5_3_2_example() {
    let a = iri("example://a/b/c/%7Bfoo%7D/ros\u{e9}");
    let b = iri("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9");
    assert!(a.is_equivalent(&b) && b.is_equivalent(&a));
    let c = iri("example://a/b/c/%7Bfoo%7D/rose\u{301}"); // not NFC: not equivalent (§5.3.2.2)
    assert!(!a.is_equivalent(&c));
}

#[test]
fn equivalence_of_an_idn_and_its_a_labels() {
    let idn = iri("http://r\u{e9}sum\u{e9}.example.org");
    let ace = Uri::parse("http://xn--rsum-bpad.example.org/").unwrap();
    assert!(idn.is_equivalent(&ace) && ace.is_equivalent(&idn));
    assert!(idn.is_equivalent(&iri("http://R\u{c9}SUM\u{c9}.example.org/")));
}

#[test]
fn urn_iri_normal_form_keeps_escapes_as_urn_equivalence_does() {
    // Found by the differential fuzz target: the generic normal form decoded `%2e` in a URN IRI,
    // which RFC 8141 §3.1 forbids, so the IRI was not equivalent to its own normal form.
    let u = iri("URN:Example:\u{e9}%2e?+r#f");
    assert_eq!(u.urn().map(|urn| (urn.nid(), urn.nss())), Some(("Example", "\u{e9}%2e")));
    assert_eq!(u.normalized(), "urn:example:\u{e9}%2E");
    let n = u.normalized();
    assert!(u.is_equivalent(&iri(&n)));
    assert!(!u.is_equivalent(&iri("urn:example:\u{e9}.")));
}

/// The one mapping: text that is no IRI reference (balanced brackets in a query, which the
/// extractor allows) has its octets outside ASCII percent-encoded, the host's too; the entry
/// points deprecated in 0.2.0 give what `iri_to_uri` gives.
#[test]
fn iri_to_uri_maps_any_text_and_the_deprecated_entry_points_agree() {
    use std::borrow::Cow;
    assert!(matches!(crate::uri::iri_to_uri("http://a.example/x"), Cow::Borrowed("http://a.example/x")));
    assert!(Uri::parse_iri("http://bücher.example/?ids[]=ü").is_err());
    assert_eq!(
        crate::uri::iri_to_uri("http://bücher.example/?ids[]=ü"),
        "http://b%C3%BCcher.example/?ids[]=%C3%BC"
    );
    #[allow(deprecated)]
    for s in ["http://bücher.example/straße?q=ü#f", "mailto:josé@example.org", "http://a.example/"] {
        let one = mapped(s);
        assert_eq!(crate::uri::to_uri(s).unwrap(), one);
        assert_eq!(iri(s).to_uri(), one);
        assert_eq!(crate::iri_to_uri(s), one);
    }
}
