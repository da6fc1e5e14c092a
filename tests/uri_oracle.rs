//! The regular expression of RFC 3986 Appendix B (seed 000 Appendix B, which calls it a "test
//! oracle") as the oracle for the component split: for every valid reference below, under every
//! grammar that accepts it, scheme, authority, path, query and fragment are the regex's groups
//! 2, 4, 5, 7 and 9, undefined where the group did not take part in the match.
//!
//! Validity itself comes from the RFCs: each list says under which grammars its references are
//! valid. References whose scheme has scheme-specific rules (http, ftp, mailto, urn, …) are in
//! [`SPEC_EXAMPLES`], which asserts only what those rules cannot change.

use regex::Regex;
use urisift::uri::{Component, Grammar, Uri};

const ALL: [Grammar; 3] = [Grammar::Rfc3986, Grammar::Rfc2396, Grammar::Rfc1738];
const DRAFT: [Grammar; 2] = [Grammar::Rfc2396, Grammar::Rfc1738];

/// Valid in every grammar: relative references, and schemes with no scheme-specific rules.
#[rustfmt::skip]
const GENERIC: &[&str] = &[
    // RFC 3986 §5.4 and seed 000 Appendix C, the references that carry no scheme of their own.
    "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x", "g;x?y#s", "", ".", "./",
    "..", "../", "../g", "../..", "../../", "../../g", "../../../g", "../../../../g", "/./g", "/../g", "g.",
    ".g", "g..", "..g", "./../g", "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x",
    "g?y/../x", "g#s/./x", "g#s/../x", "g:h",
    // Shapes of every component, with schemes nobody gives rules to.
    "x:", "x:/", "x://", "x:///", "x:////", "x://h", "x://h/", "x://h:/", "x://h:0", "x://@h", "x://u@h:1",
    "x://u:p@h:65535/p/q;r?s#t", "x:?", "x:#", "x:?#", "x:p?q?r#f?/:@", "foo+bar://a.b-c.d/e",
    "a.b-c:opaque:with:colons", "X-Y.Z+1:%41%42", "x:/a/b/c/./../d", "x://999.999.999.999/",
    "x://1.2.3.4:5/", "x://h.example.:8/~u", "x://h/%7Eu%2f", "//", "///", "////", "//h", "//h:1", "//@",
    "//u@h/p", "/", "//h?q", "//h#f", "?", "#", "?#", "a/b:c", "./this:that", "~user", "%20", "p;q=r/s;t",
    "!$&'()*+,;=", "?/?:@", "#/?:@", "x:!$&'()*+,;=:@-._~", "x://!$&'()*+,;=-._~:@h",
    "x://h!$&'()*+,;=-._~", "//h/a//b///c",
];

/// Valid under RFC 3986 only: IP literals, which the draft does not have.
const RFC3986_ONLY: &[&str] = &[
    "x://[::1]",
    "x://[::1]:80/p",
    "x://u@[2001:db8::7]:/?q#f",
    "//[fe80::1:2:3:4]",
    "//[::ffff:192.0.2.1]/",
    "x://[v7.fe80::1]",
    "x://[V1a.b:c]:1",
    "x://[1:2:3:4:5:6:7:8]",
    "x://[1:2:3:4:5:6:1.2.3.4]",
];

/// Valid under the draft only (seed 000 §4.1: a scheme may start with a digit or `+ - .`;
/// §5: `rel_path` may start with `:`; §4.3.1: a registry-based authority may hold what no
/// RFC 3986 authority can).
const DRAFT_ONLY: &[&str] =
    &["1x:y", "+x:/y", ".:", "-://h", ":x", ":", "://h", ":/a?b#c", "x://h:8a", "x://a@b@c/"];

/// Valid under both, split alike, but read differently: registry-based authorities in the
/// draft, reg-names in RFC 3986.
const DIFFERENT_HOSTS: &[&str] =
    &["x://a_b.c/", "x://u@a_b:80/", "x://-a.b", "x://1.2.3/", "x://:80", "x://@"];

/// Examples printed in the RFCs, with schemes that carry rules of their own. They are valid
/// URIs under RFC 3986 (its §1.1.2 and §5.4 present them so); under the other grammars, and for
/// `http:g` and `http:` (no host), the scheme rules decide, and the split is compared wherever
/// they are accepted.
const SPEC_EXAMPLES: &[(&str, bool)] = &[
    // RFC 3986 §1.1.2.
    ("ftp://ftp.is.co.za/rfc/rfc1808.txt", true),
    ("http://www.ietf.org/rfc/rfc2396.txt", true),
    ("ldap://[2001:db8::7]/c=GB?objectClass?one", true),
    ("mailto:John.Doe@example.com", true),
    ("news:comp.infosystems.www.servers.unix", true),
    ("tel:+1-816-555-1212", true),
    ("telnet://192.0.2.16:80/", true),
    ("urn:oasis:names:specification:docbook:dtd:xml:4.1.2", true),
    // RFC 3986 §5.4 base and results; seed 000 Appendix C base and results.
    ("http://a/b/c/d;p?q", true),
    ("http://a/b/c/g", true),
    ("http://a/b/c/g?y#s", true),
    ("http://a/b/c/g;x=1/y", true),
    ("http://a/../g", true),
    ("http://a/b/c/g#s/../x", true),
    ("http://g", true),
    ("http:g", false),
    ("http:", false),
    // Seed 000 §1.3 and Appendix B.
    ("gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles", true),
    ("http://www.math.uio.no/faq/compression-faq/part1.html", true),
    ("mailto:mduerst@ifi.unizh.ch", true),
    ("telnet://melvyl.ucop.edu/", true),
    ("http://www.ics.uci.edu/pub/ietf/uri/#Related", true),
    // RFC 3986 §3.
    ("foo://example.com:8042/over/there?name=ferret#nose", true),
    ("urn:example:animal:ferret:nose", true),
    ("file:///etc/hosts", true),
];

struct Oracle(Regex);

impl Oracle {
    fn new() -> Self {
        Oracle(
            Regex::new(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?")
                .expect("the regex compiles"),
        )
    }

    /// Groups 2, 4, 5, 7, 9: scheme, authority, path, query, fragment.
    fn split<'a>(&self, s: &'a str) -> [Option<&'a str>; 5] {
        let c = self.0.captures(s).expect("the regex matches every string");
        [2, 4, 5, 7, 9].map(|i| c.get(i).map(|m| m.as_str()))
    }
}

fn components<'a>(uri: &Uri<'a>) -> [Option<&'a str>; 5] {
    [uri.scheme(), uri.authority(), Some(uri.path()), uri.query(), uri.fragment()]
}

/// Parses `s` under `grammar`; when it is valid, compares its split with the oracle's.
/// Returns whether it was valid.
fn agrees(oracle: &Oracle, s: &str, grammar: Grammar) -> bool {
    let Ok(uri) = Uri::parse_with(s, grammar) else { return false };
    assert_eq!(components(&uri), oracle.split(s), "{grammar}: {s:?} splits unlike Appendix B");
    // The spans say the same as the values.
    let span = |c| uri.span(c).map(|r| &s[r]);
    let spans =
        [Component::Scheme, Component::Authority, Component::Path, Component::Query, Component::Fragment];
    assert_eq!(spans.map(span), oracle.split(s), "{grammar}: {s:?} spans");
    true
}

#[test]
fn generic_references_split_as_appendix_b_in_every_grammar() {
    let oracle = Oracle::new();
    for s in GENERIC.iter().chain(DIFFERENT_HOSTS) {
        for grammar in ALL {
            assert!(agrees(&oracle, s, grammar), "{grammar}: {s:?} must be valid");
        }
    }
}

#[test]
fn ip_literals_split_as_appendix_b_under_rfc3986_and_are_refused_by_the_draft() {
    let oracle = Oracle::new();
    for s in RFC3986_ONLY {
        assert!(agrees(&oracle, s, Grammar::Rfc3986), "rfc3986: {s:?} must be valid");
        for grammar in DRAFT {
            assert!(!agrees(&oracle, s, grammar), "{grammar}: {s:?} must be invalid");
        }
    }
}

#[test]
fn draft_only_references_split_as_appendix_b() {
    let oracle = Oracle::new();
    for s in DRAFT_ONLY {
        for grammar in DRAFT {
            assert!(agrees(&oracle, s, grammar), "{grammar}: {s:?} must be valid");
        }
        assert!(!agrees(&oracle, s, Grammar::Rfc3986), "rfc3986: {s:?} must be invalid");
    }
}

#[test]
fn spec_examples_split_as_appendix_b_wherever_valid() {
    let oracle = Oracle::new();
    let mut compared = 0;
    for &(s, valid_3986) in SPEC_EXAMPLES {
        for grammar in ALL {
            let valid = agrees(&oracle, s, grammar);
            if grammar == Grammar::Rfc3986 && valid_3986 {
                assert!(valid, "rfc3986: {s:?} must be valid");
            }
            compared += usize::from(valid);
        }
    }
    // Not vacuous: at least every example known valid under RFC 3986 was compared.
    assert!(compared >= SPEC_EXAMPLES.iter().filter(|e| e.1).count());
}
