//! URN tests. Every expectation comes from the text of RFC 8141 or of draft-03 (seed 003);
//! the examples are copied verbatim (RFC 8141 §2.3.2's wrapped example is joined, as its
//! line break is not part of it).

use super::*;

const RFC8141: Grammar = Grammar::Rfc3986;
const DRAFT03: Grammar = Grammar::Rfc2396;

fn urn(input: &str, grammar: Grammar) -> Urn<'_> {
    match Urn::parse_with(input, grammar) {
        Ok(urn) => urn,
        Err(e) => panic!("{input:?} under {grammar}: {e}"),
    }
}

fn error(input: &str, grammar: Grammar) -> (usize, ErrorKind) {
    match Urn::parse_with(input, grammar) {
        Ok(urn) => panic!("{input:?} under {grammar} parsed as {urn:?}"),
        Err(e) => (e.index(), e.kind().clone()),
    }
}

// ---- RFC 8141 ----

#[test]
fn rfc8141_examples_parse_into_their_parts() {
    // §1
    let u = urn("urn:example:foo", RFC8141);
    assert_eq!((u.nid(), u.nss(), u.query(), u.fragment()), ("example", "foo", None, None));
    // §2.2: "/" is allowed in the NSS.
    assert_eq!(urn("urn:example:1/406/47452/2", RFC8141).nss(), "1/406/47452/2");
    // §2.3.1
    let u = urn("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk", RFC8141);
    assert_eq!(u.nss(), "foo-bar-baz-qux");
    assert_eq!(u.r_component(), Some("CCResolve:cc=uk"));
    assert_eq!(u.q_component(), None);
    assert_eq!(u.query(), Some("+CCResolve:cc=uk"));
    // §2.3.2
    let u = urn("urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z", RFC8141);
    assert_eq!(u.nss(), "weather");
    assert_eq!(u.r_component(), None);
    assert_eq!(u.q_component(), Some("op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z"));
    // §2.3.3
    let u = urn("urn:example:foo-bar-baz-qux#somepart", RFC8141);
    assert_eq!((u.nss(), u.fragment(), u.query()), ("foo-bar-baz-qux", Some("somepart"), None));
    // §5: "the NSS string is "apple:pear:plum:cherry" as a whole"
    let u = urn("urn:example:apple:pear:plum:cherry", RFC8141);
    assert_eq!((u.nid(), u.nss()), ("example", "apple:pear:plum:cherry"));
    // §5.2: an informal NID
    assert_eq!(urn("urn:urn-7:x", RFC8141).nid(), "urn-7");
}

/// RFC 8141 §3.2, every example, in the groups the text puts them in.
#[test]
fn rfc8141_equivalence_examples() {
    let groups: &[&[&str]] = &[
        // "First ... the following three URNs are URN-equivalent to each other"; "Second ...
        // the following three URNs are URN-equivalent to the first three examples above"
        &[
            "urn:example:a123,z456",
            "URN:example:a123,z456",
            "urn:EXAMPLE:a123,z456",
            "urn:example:a123,z456?+abc",
            "urn:example:a123,z456?=xyz",
            "urn:example:a123,z456#789",
        ],
        // "Third ... not URN-equivalent to each other or to the six preceding URNs"
        &["urn:example:a123,z456/foo"],
        &["urn:example:a123,z456/bar"],
        &["urn:example:a123,z456/baz"],
        // "Fourth ... URN-equivalent only to each other and not to any of those above"
        &["urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456"],
        // "Fifth ... not URN-equivalent to the first three URNs"
        &["urn:example:A123,z456"],
        &["urn:example:a123,Z456"],
        // "Sixth ... not URN-equivalent to the first three URNs"
        &["urn:example:%D0%B0123,z456"],
    ];
    for (g, group) in groups.iter().enumerate() {
        for (h, other) in groups.iter().enumerate() {
            for a in group.iter() {
                for b in other.iter() {
                    let (ua, ub) = (urn(a, RFC8141), urn(b, RFC8141));
                    assert_eq!(ua.is_equivalent(&ub), g == h, "{a} ~ {b}");
                    assert_eq!(ua.normalized() == ub.normalized(), g == h, "{a} ~ {b}");
                }
            }
        }
    }
    // §3.1: scheme and NID to lower case, escapes to upper case, never decoded.
    assert_eq!(urn("URN:EXAMPLE:a123%2cz456", RFC8141).normalized(), "urn:example:a123%2Cz456");
    assert_eq!(urn("urn:example:a123,z456?+abc#789", RFC8141).normalized(), "urn:example:a123,z456");
    assert_eq!(urn("urn:example:a?+abc", RFC8141).normalized_with_query(), "urn:example:a");
}

#[test]
fn rfc8141_optional_components() {
    // r-component ends at "?=" (§2.3.1); "?" and "/" are data inside both (§2).
    let u = urn("urn:example:a?+r/?x?=q?+y/#f?/", RFC8141);
    assert_eq!(u.r_component(), Some("r/?x"));
    assert_eq!(u.q_component(), Some("q?+y/"));
    assert_eq!(u.query(), Some("+r/?x?=q?+y/"));
    assert_eq!(u.fragment(), Some("f?/"));
    assert_eq!(u.assigned_name(), "urn:example:a");
    assert_eq!(u.span(UrnComponent::RComponent), Some(Span::new(15, 19)));
    assert_eq!(u.span(UrnComponent::QComponent), Some(Span::new(21, 26)));
    assert_eq!(u.span(UrnComponent::Fragment), Some(Span::new(27, 30)));
    assert_eq!(u.span(UrnComponent::Query), Some(Span::new(14, 26)));
    assert_eq!(u.span(UrnComponent::Nid), Some(Span::new(4, 11)));
    assert_eq!(u.span(UrnComponent::Nss), Some(Span::new(12, 13)));
    // An empty f-component is a fragment = *( pchar / "/" / "?" ).
    assert_eq!(urn("urn:example:a#", RFC8141).fragment(), Some(""));
    // %00 is only forbidden by draft-03.
    assert!(Urn::parse_with("urn:example:a%00", RFC8141).is_ok());
}

#[test]
fn rfc8141_errors() {
    let urn_err = |m: &'static str| ErrorKind::Urn(m);
    // §2: "a "?" that is not immediately followed by "=" or "+" ... SHOULD be treated as a
    // syntax error"
    assert!(matches!(error("urn:example:a?b", RFC8141), (13, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:example:a?", RFC8141), (13, ErrorKind::Urn(_))));
    // rq-components: r before q; after "?=" a "?+" is data of the q-component.
    assert_eq!(urn("urn:example:a?=q?+r", RFC8141).q_component(), Some("q?+r"));
    assert_eq!(urn("urn:example:a?=q?+r", RFC8141).r_component(), None);
    // r-component = pchar *( ... ): not empty, not starting with "/" or "?"
    assert_eq!(error("urn:example:a?+", RFC8141), (15, urn_err("empty r-component")));
    assert_eq!(error("urn:example:a?+?=q", RFC8141), (15, urn_err("empty r-component")));
    assert_eq!(error("urn:example:a?=", RFC8141), (15, urn_err("empty q-component")));
    assert_eq!(error("urn:example:a?=#f", RFC8141), (15, urn_err("empty q-component")));
    assert!(matches!(error("urn:example:a?+/r", RFC8141), (15, ErrorKind::Urn(_))));
    // NSS = pchar *(pchar / "/")
    assert_eq!(error("urn:example:", RFC8141), (12, urn_err("empty NSS")));
    assert_eq!(error("urn:example:?=q", RFC8141), (12, urn_err("empty NSS")));
    assert!(matches!(error("urn:example:/a", RFC8141), (12, ErrorKind::Urn(_))));
    // Characters and escapes
    assert_eq!(error("urn:example:a%2", RFC8141), (13, ErrorKind::InvalidPercentEscape));
    assert_eq!(error("urn:example:a%zz", RFC8141), (13, ErrorKind::InvalidPercentEscape));
    assert_eq!(error("urn:example:a b", RFC8141), (13, ErrorKind::Excluded(' ')));
    assert_eq!(error("urn:example:a[1]", RFC8141), (13, ErrorKind::Excluded('[')));
    assert_eq!(error("urn:example:\u{e9}", RFC8141), (12, ErrorKind::NonAscii));
    assert_eq!(error("urn:example:a#b#c", RFC8141), (15, ErrorKind::Unexpected('#')));
    assert_eq!(error("urn:example:a#b c", RFC8141), (15, ErrorKind::Excluded(' ')));
}

// ---- Shared: the scheme and the NID ----

#[test]
fn scheme_must_be_urn_in_any_case() {
    for grammar in [RFC8141, DRAFT03, Grammar::Rfc1738] {
        assert!(matches!(error("", grammar), (0, ErrorKind::Urn(_))));
        assert!(matches!(error("ur", grammar), (2, ErrorKind::Urn(_))));
        assert!(matches!(error("urx:example:a", grammar), (2, ErrorKind::Urn(_))));
        assert!(matches!(error("http://a/", grammar), (0, ErrorKind::Urn(_))));
        assert_eq!(urn("uRn:example:a", grammar).nss(), "a");
    }
}

/// draft-03 §2.1 (normative) and RFC 8141 §2: `(ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-")
/// (ALPHA / DIGIT)`, so 2 to 32 characters, no hyphen at either end. draft-03's Appendix B
/// (`( ALPHA / DIGIT ) 1*31( ALPHA / DIGIT / "-" )`) would allow a trailing hyphen; §2.1 wins.
#[test]
fn nid_rule_of_draft03_section_2_1_and_rfc8141() {
    let nid32 = "a".repeat(31) + "9";
    let nid33 = "a".repeat(33);
    for grammar in [RFC8141, DRAFT03, Grammar::Rfc1738] {
        assert_eq!(urn("urn:ab:x", grammar).nid(), "ab");
        assert_eq!(urn("urn:0-a:x", grammar).nid(), "0-a");
        assert_eq!(urn("urn:a--b:x", grammar).nid(), "a--b");
        assert_eq!(urn(&format!("urn:{nid32}:x"), grammar).nid(), nid32);
        assert_eq!(error(&format!("urn:{nid33}:x"), grammar), (36, ErrorKind::InvalidNid));
        assert_eq!(error("urn:a:x", grammar), (4, ErrorKind::InvalidNid));
        assert_eq!(error("urn:-ab:x", grammar), (4, ErrorKind::InvalidNid));
        assert_eq!(error("urn:ab-:x", grammar), (6, ErrorKind::InvalidNid)); // Appendix B loses
        assert_eq!(error("urn::x", grammar), (4, ErrorKind::InvalidNid));
        assert_eq!(error("urn:ex_ample:x", grammar), (6, ErrorKind::InvalidNid));
        assert_eq!(error("urn:ex%41mple:x", grammar), (6, ErrorKind::InvalidNid));
        assert_eq!(error("urn:ex ample:x", grammar), (6, ErrorKind::Excluded(' ')));
        assert_eq!(error("urn:example/x", grammar), (11, ErrorKind::InvalidNid));
        assert!(matches!(error("urn:example", grammar), (11, ErrorKind::Urn(_))));
        // "the NID "urn" is permanently reserved" (draft-03 §2.1; RFC 2141 §2)
        assert_eq!(error("urn:urn:x", grammar), (4, ErrorKind::ReservedNid));
        assert_eq!(error("urn:URN:x", grammar), (4, ErrorKind::ReservedNid));
        assert_eq!(urn("urn:urns:x", grammar).nid(), "urns");
    }
    assert_eq!(ParseError::new(4, ErrorKind::ReservedNid).to_string(), "NID `urn` is reserved at byte 4");
}

// ---- draft-03 ----

/// draft-03 §5.1, verbatim: the eight URNs and every statement made about them.
#[test]
fn draft03_section_5_1_examples() {
    let urns = [
        "URN:foo:a123,456",
        "urn:foo:a123,456",
        "urn:FOO:a123,456",
        "urn:foo:A123,456",
        "urn:foo:a123%2C456",
        "URN:FOO:a123%2c456",
        "urn:foo:a123,456?x=y",
        "urn:foo:a123,456#xyz",
    ]
    .map(|s| urn(s, DRAFT03));
    // Step 5a. "URNs 1, 2, 3 and 8 are all lexically equivalent, and URN 7 is also lexically
    // equivalent to these if step 5a is applied". "URN 4 is not lexically equivalent to any of
    // the other URNs of the above set. URNs 5 and 6 are only lexically equivalent to each other."
    let class_5a = [1, 1, 1, 4, 5, 5, 1, 1];
    // Step 5b: "... but this does not hold if step 5b above is applied instead."
    let class_5b = [1, 1, 1, 4, 5, 5, 7, 1];
    for (i, a) in urns.iter().enumerate() {
        for (j, b) in urns.iter().enumerate() {
            let (x, y) = (a.as_str(), b.as_str());
            assert_eq!(a.is_equivalent(b), class_5a[i] == class_5a[j], "5a: {x} ~ {y}");
            assert_eq!(a.normalized() == b.normalized(), class_5a[i] == class_5a[j], "5a: {x} ~ {y}");
            let same_5b = a.normalized_with_query() == b.normalized_with_query();
            assert_eq!(same_5b, class_5b[i] == class_5b[j], "5b: {x} ~ {y}");
        }
    }
    assert_eq!(urns[5].normalized(), "urn:foo:a123%2C456");
    assert_eq!(urns[6].normalized_with_query(), "urn:foo:a123,456?x=y");
}

/// Step 5b: "Reorder the directives in the <query> part of the URI, if present, bringing them
/// into a preferred <keywd> order", with step 3's escape case.
#[test]
fn draft03_step_5b_reorders_directives() {
    let a = urn("urn:isbn:0-395-36341-1?s=I2L&c=ToC", DRAFT03);
    let b = urn("URN:ISBN:0-395-36341-1?c=ToC&s=I2L", DRAFT03);
    let c = urn("urn:isbn:0-395-36341-1?c=ToC&s=I2R", DRAFT03);
    assert_eq!(a.normalized_with_query(), "urn:isbn:0-395-36341-1?c=ToC&s=I2L");
    assert_eq!(a.normalized_with_query(), b.normalized_with_query());
    assert_ne!(a.normalized_with_query(), c.normalized_with_query());
    assert!(a.is_equivalent(&c)); // 5a drops the query
    let d = urn("urn:foo:a?x=%2f&b=1#f", DRAFT03);
    assert_eq!(d.normalized_with_query(), "urn:foo:a?b=1&x=%2F");
    // Directives with the same (unregistered) keyword keep their order: the sort is stable.
    let e = urn("urn:foo:a?x=2&b=1&x=1&a-b=0&x=3", DRAFT03);
    assert_eq!(e.normalized_with_query(), "urn:foo:a?a-b=0&b=1&x=2&x=1&x=3");
}

#[test]
fn draft03_parts() {
    // §2.3's examples: "s=I2U" and the query part "s=I2L&c=ToC"
    let u = urn("urn:isbn:0-395-36341-1?s=I2L&c=ToC#p1", DRAFT03);
    assert_eq!((u.nid(), u.nss()), ("isbn", "0-395-36341-1"));
    assert_eq!(u.query(), Some("s=I2L&c=ToC"));
    assert_eq!((u.r_component(), u.q_component()), (None, None));
    assert_eq!(u.fragment(), Some("p1"));
    assert_eq!(u.span(UrnComponent::Query), Some(Span::new(23, 34)));
    assert_eq!(urn("urn:isbn:0-395-36341-1?s=I2U", DRAFT03).query(), Some("s=I2U"));
    // v-pchar holds "=", "/", "?", ":" and "@"; keywd has single inner hyphens.
    assert_eq!(urn("urn:foo:a?k-1-x=a=b/?:@!$'()*+,;~", DRAFT03).query(), Some("k-1-x=a=b/?:@!$'()*+,;~"));
    assert_eq!(urn("urn:foo:a?x=", DRAFT03).query(), Some("x="));
    // NSS = 1*pchar: "&" and "~" are in (Appendix C), and ":" and "@" (§2.5.1).
    assert_eq!(urn("urn:foo:a&b~c:d@e", DRAFT03).nss(), "a&b~c:d@e");
    // The fragment is RFC 3986's.
    assert_eq!(urn("urn:foo:a#b/c?d", DRAFT03).fragment(), Some("b/c?d"));
    // Percent-encoded unreserved characters are not rejected: which characters a namespace
    // reserves is its own business (§2.5.2), so "MUST NOT be percent-encoded" cannot be
    // judged without it.
    assert_eq!(urn("urn:foo:%41%2e", DRAFT03).nss(), "%41%2e");
}

#[test]
fn draft03_errors() {
    let urn_err = |m: &'static str| ErrorKind::Urn(m);
    // §2.5.1: "/" "MUST NOT appear literally in the <NSS>"
    assert!(matches!(error("urn:foo:a/b", DRAFT03), (9, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:/", DRAFT03), (8, ErrorKind::Urn(_))));
    assert_eq!(error("urn:foo:", DRAFT03), (8, urn_err("empty NSS")));
    assert_eq!(error("urn:foo:#x", DRAFT03), (8, urn_err("empty NSS")));
    // §2.5.3: "The NUL octet ... MUST NOT be used in URNs, in either unencoded or
    // percent-encoded form."
    assert!(matches!(error("urn:foo:a%00", DRAFT03), (9, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:a?x=%00", DRAFT03), (12, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:a#%00", DRAFT03), (10, ErrorKind::Urn(_))));
    assert_eq!(error("urn:foo:a\0", DRAFT03), (9, ErrorKind::Excluded('\0')));
    // §2.3: urn-query = directive *( "&" directive ), directive = keywd "=" value
    assert!(matches!(error("urn:foo:a?", DRAFT03), (10, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:a?#f", DRAFT03), (10, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:a?x", DRAFT03), (11, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:a?x=y&", DRAFT03), (14, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:a?x=y&&z=1", DRAFT03), (14, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:a?=y", DRAFT03), (10, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:a?1x=y", DRAFT03), (10, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:a?x--y=1", DRAFT03), (11, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:a?x-=1", DRAFT03), (11, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:a?x_y=1", DRAFT03), (11, ErrorKind::Urn(_))));
    // RFC 8141's markers are not draft-03 keywords.
    assert!(matches!(error("urn:foo:a?+r", DRAFT03), (10, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:a?=q", DRAFT03), (10, ErrorKind::Urn(_))));
    // v-pchar has no "[" or "#"; the fragment no "#".
    assert_eq!(error("urn:foo:a?x=[", DRAFT03), (12, ErrorKind::Excluded('[')));
    assert_eq!(error("urn:foo:a#x#", DRAFT03), (11, ErrorKind::Unexpected('#')));
    // §2.3: "Each registered <keywd> MUST NOT appear more than once"; §9.2.1 registers s and c.
    assert!(matches!(error("urn:foo:a?s=I2L&s=I2R", DRAFT03), (16, ErrorKind::Urn(_))));
    assert!(matches!(error("urn:foo:a?c=1&s=I2L&c=2", DRAFT03), (20, ErrorKind::Urn(_))));
    assert!(Urn::parse_with("urn:foo:a?x=1&x=2&S=1&s=2", DRAFT03).is_ok());
}

#[test]
fn urn_is_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Urn<'static>>();
    check::<UrnComponent>();
}

#[test]
fn display_and_accessors() {
    let u = urn("URN:Example:a", RFC8141);
    assert_eq!(u.to_string(), "URN:Example:a");
    assert_eq!(u.as_str(), "URN:Example:a");
    assert_eq!(u.grammar(), RFC8141);
    assert_eq!(Urn::parse("urn:example:a").map(|u| u.grammar()), Ok(Grammar::Rfc3986));
}

#[test]
fn never_panics_on_prefixes_of_tricky_urns() {
    let tricky =
        ["urn:example:a%2?+r?=q#f%", "urn:ab-:x?s=1&c=%0", "URN:foo:a?x-y=1&s=%00#%zz", "urn:\u{e9}:\u{e9}"];
    for t in tricky {
        for end in (0..=t.len()).filter(|&e| t.is_char_boundary(e)) {
            for grammar in [RFC8141, DRAFT03] {
                if let Err(e) = Urn::parse_with(&t[..end], grammar) {
                    assert!(e.index() <= end, "{:?}: {e}", &t[..end]);
                }
            }
        }
    }
}
