//! Per-grammar cases for [`parse`]: components as the RFCs define them, and the exact error.
//!
//! Components are rendered `name="value"` with undefined ones left out, so that undefined and
//! empty read apart at a glance (`port=""` is an empty port; no `port` is none).

use super::*;
use crate::uri::HostKind;
use ErrorKind::*;
use Grammar::{Rfc1738, Rfc2396, Rfc3986};

const ALL: &[Grammar] = &[Rfc3986, Rfc2396, Rfc1738];
const DRAFT: &[Grammar] = &[Rfc2396, Rfc1738];
const NEW: &[Grammar] = &[Rfc3986];

type Expected = Result<&'static str, (usize, ErrorKind)>;

fn render(s: &str, c: &Components) -> String {
    let get = |p: Option<Part>| p.map(|p| &s[p.range()]);
    let mut out = Vec::new();
    for (name, value) in [("scheme", c.scheme), ("authority", c.authority), ("userinfo", c.userinfo)] {
        if let Some(v) = get(value) {
            out.push(format!("{name}={v:?}"));
        }
    }
    if let Some(h) = get(c.host) {
        out.push(format!("host={h:?}({})", c.host_kind.map_or("no kind", HostKind::name)));
    }
    if let Some(p) = get(c.port) {
        out.push(format!("port={p:?}"));
    }
    out.push(format!("path={:?}", &s[c.path.range()]));
    for (name, value) in [("query", c.query), ("fragment", c.fragment)] {
        if let Some(v) = get(value) {
            out.push(format!("{name}={v:?}"));
        }
    }
    out.join(" ")
}

fn check(cases: &[(&str, &[Grammar], Expected)]) {
    for (input, grammars, expected) in cases {
        for &grammar in *grammars {
            let got = parse(input, grammar);
            let shown = got.as_ref().map(|c| render(input, c)).map_err(|e| (e.index(), e.kind().clone()));
            let want = expected.clone().map(str::to_owned);
            assert_eq!(shown, want, "{grammar}: {input:?}");
            if let Ok(c) = got {
                // The five components are always those of the Appendix B split.
                let s = split(input);
                let five = |c: &Components| (c.scheme, c.authority, c.path, c.query, c.fragment);
                assert_eq!(five(&c), five(&s), "{grammar}: {input:?} splits unlike Appendix B");
            }
        }
    }
}

#[test]
fn split_follows_appendix_b() {
    let show = |s: &'static str| {
        let c = split(s);
        let g = |p: Option<Part>| p.map(|p| &s[p.range()]);
        [g(c.scheme), g(c.authority), Some(&s[c.path.range()]), g(c.query), g(c.fragment)]
    };
    assert_eq!(
        show("http://www.ics.uci.edu/pub/ietf/uri/#Related"),
        [Some("http"), Some("www.ics.uci.edu"), Some("/pub/ietf/uri/"), None, Some("Related")]
    );
    assert_eq!(show("a?#"), [None, None, Some("a"), Some(""), Some("")]);
    assert_eq!(show(":x"), [None, None, Some(":x"), None, None]);
    assert_eq!(show("//"), [None, Some(""), Some(""), None, None]);
    assert_eq!(show(""), [None, None, Some(""), None, None]);
    assert_eq!(show("x/y:z"), [None, None, Some("x/y:z"), None, None]);
}

#[test]
fn examples_of_the_rfcs_in_every_grammar() {
    check(&[
        // RFC 3986 Appendix B / seed 000 Appendix B.
        (
            "http://www.ics.uci.edu/pub/ietf/uri/#Related",
            ALL,
            Ok(
                r#"scheme="http" authority="www.ics.uci.edu" host="www.ics.uci.edu"(reg-name) path="/pub/ietf/uri/" fragment="Related""#,
            ),
        ),
        // RFC 3986 §1.1.2 and seed 000 §1.3.
        (
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            ALL,
            Ok(
                r#"scheme="ftp" authority="ftp.is.co.za" host="ftp.is.co.za"(reg-name) path="/rfc/rfc1808.txt""#,
            ),
        ),
        (
            "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
            ALL,
            Ok(
                r#"scheme="gopher" authority="spinaltap.micro.umn.edu" host="spinaltap.micro.umn.edu"(reg-name) path="/00/Weather/California/Los%20Angeles""#,
            ),
        ),
        ("mailto:John.Doe@example.com", ALL, Ok(r#"scheme="mailto" path="John.Doe@example.com""#)),
        (
            "news:comp.infosystems.www.servers.unix",
            ALL,
            Ok(r#"scheme="news" path="comp.infosystems.www.servers.unix""#),
        ),
        ("tel:+1-816-555-1212", ALL, Ok(r#"scheme="tel" path="+1-816-555-1212""#)),
        (
            "telnet://192.0.2.16:80/",
            ALL,
            Ok(r#"scheme="telnet" authority="192.0.2.16:80" host="192.0.2.16"(ipv4) port="80" path="/""#),
        ),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            ALL,
            Ok(r#"scheme="urn" path="oasis:names:specification:docbook:dtd:xml:4.1.2""#),
        ),
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            NEW,
            Ok(
                r#"scheme="ldap" authority="[2001:db8::7]" host="[2001:db8::7]"(ipv6) path="/c=GB" query="objectClass?one""#,
            ),
        ),
        ("ldap://[2001:db8::7]/c=GB?objectClass?one", DRAFT, Err((7, IpLiteralNotAllowed))),
        // RFC 3986 §5.4 / seed 000 Appendix C references, a few of each shape.
        ("g:h", ALL, Ok(r#"scheme="g" path="h""#)),
        ("//g", ALL, Ok(r#"authority="g" host="g"(reg-name) path="""#)),
        ("?y", ALL, Ok(r#"path="" query="y""#)),
        ("#s", ALL, Ok(r#"path="" fragment="s""#)),
        ("g;x?y#s", ALL, Ok(r#"path="g;x" query="y" fragment="s""#)),
        ("", ALL, Ok(r#"path="""#)),
        ("../../../g", ALL, Ok(r#"path="../../../g""#)),
        ("g;x=1/../y", ALL, Ok(r#"path="g;x=1/../y""#)),
        ("g?y/./x", ALL, Ok(r#"path="g" query="y/./x""#)),
        ("g#s/../x", ALL, Ok(r#"path="g" fragment="s/../x""#)),
        ("http:g", ALL, Ok(r#"scheme="http" path="g""#)),
        (
            "http://a/b/c/d;p?q",
            ALL,
            Ok(r#"scheme="http" authority="a" host="a"(reg-name) path="/b/c/d;p" query="q""#),
        ),
    ]);
}

#[test]
fn undefined_and_empty_components_differ() {
    check(&[
        ("x:", ALL, Ok(r#"scheme="x" path="""#)),
        ("x:?#", ALL, Ok(r#"scheme="x" path="" query="" fragment="""#)),
        ("?", ALL, Ok(r#"path="" query="""#)),
        ("#", ALL, Ok(r#"path="" fragment="""#)),
        ("//", ALL, Ok(r#"authority="" host=""(reg-name) path="""#)),
        ("///", ALL, Ok(r#"authority="" host=""(reg-name) path="/""#)),
        ("////x", ALL, Ok(r#"authority="" host=""(reg-name) path="//x""#)),
        ("file:///etc/hosts", ALL, Ok(r#"scheme="file" authority="" host=""(reg-name) path="/etc/hosts""#)),
        ("x://h:/", ALL, Ok(r#"scheme="x" authority="h:" host="h"(reg-name) port="" path="/""#)),
        ("x://@h", ALL, Ok(r#"scheme="x" authority="@h" userinfo="" host="h"(reg-name) path="""#)),
        ("x://h?", ALL, Ok(r#"scheme="x" authority="h" host="h"(reg-name) path="" query="""#)),
        ("x://h#", ALL, Ok(r#"scheme="x" authority="h" host="h"(reg-name) path="" fragment="""#)),
        // An empty host with a port or userinfo: a reg-name in RFC 3986, no server in the draft.
        ("x://:80/", NEW, Ok(r#"scheme="x" authority=":80" host=""(reg-name) port="80" path="/""#)),
        ("x://:80/", DRAFT, Ok(r#"scheme="x" authority=":80" host=":80"(reg-name) path="/""#)),
        ("x://@/", NEW, Ok(r#"scheme="x" authority="@" userinfo="" host=""(reg-name) path="/""#)),
        ("x://@/", DRAFT, Ok(r#"scheme="x" authority="@" host="@"(reg-name) path="/""#)),
        ("//:", NEW, Ok(r#"authority=":" host=""(reg-name) port="" path="""#)),
    ]);
}

#[test]
fn every_character_class_in_its_component() {
    check(&[
        (
            "x://user:pw;a=b&c+d$e,!*'()~@host:8080/p;a=b/%7Efoo?q=1&r=%20/?#f/?:@",
            ALL,
            Ok(
                r#"scheme="x" authority="user:pw;a=b&c+d$e,!*'()~@host:8080" userinfo="user:pw;a=b&c+d$e,!*'()~" host="host"(reg-name) port="8080" path="/p;a=b/%7Efoo" query="q=1&r=%20/?" fragment="f/?:@""#,
            ),
        ),
        ("x:!$&'()*+,;=:@/-._~?", ALL, Ok(r#"scheme="x" path="!$&'()*+,;=:@/-._~" query="""#)),
        ("X+1.-a:b", ALL, Ok(r#"scheme="X+1.-a" path="b""#)),
        ("x:/a:b@c", ALL, Ok(r#"scheme="x" path="/a:b@c""#)),
        // `~` is unreserved in RFC 3986 (§2.3) and a `mark` in the draft (§2.3); only RFC 1738's
        // own scheme rules call it unsafe.
        ("~user/%7efoo", ALL, Ok(r#"path="~user/%7efoo""#)),
        ("x://h/~u", ALL, Ok(r#"scheme="x" authority="h" host="h"(reg-name) path="/~u""#)),
        ("a/b:c", ALL, Ok(r#"path="a/b:c""#)),
        ("./this:that", ALL, Ok(r#"path="./this:that""#)),
        ("%41%aF", ALL, Ok(r#"path="%41%aF""#)),
    ]);
}

#[test]
fn bytes_no_uri_may_hold() {
    let mut cases: Vec<(&str, &[Grammar], Expected)> = vec![
        ("x:a b", ALL, Err((3, Excluded(' ')))),
        ("x:a\tb", ALL, Err((3, Excluded('\t')))),
        ("x:a\u{7f}", ALL, Err((3, Excluded('\u{7f}')))),
        ("x:\u{0}", ALL, Err((2, Excluded('\0')))),
        ("x:caf\u{e9}", ALL, Err((5, NonAscii))),
        ("\u{e9}", ALL, Err((0, NonAscii))),
        ("x://h\u{e9}/", ALL, Err((5, NonAscii))),
        ("x:?\u{2603}", ALL, Err((3, NonAscii))),
        ("x:a[b]", ALL, Err((3, Excluded('[')))),
        ("x:?a]", ALL, Err((4, Excluded(']')))),
        ("x:#[", ALL, Err((3, Excluded('[')))),
        ("x://a[b]/", ALL, Err((5, Excluded('[')))),
        ("x://h]", ALL, Err((5, Excluded(']')))),
        ("a b:c", ALL, Err((1, Excluded(' ')))),
        ("x:a#b#c", ALL, Err((5, Unexpected('#')))),
        ("x://h:1 ", NEW, Err((7, Excluded(' ')))),
        ("x://h:1 ", DRAFT, Err((7, Excluded(' ')))),
    ];
    for (input, c) in [
        ("x:<", '<'),
        ("x:>", '>'),
        ("x:\"", '"'),
        ("x:{", '{'),
        ("x:}", '}'),
        ("x:|", '|'),
        ("x:\\", '\\'),
        ("x:^", '^'),
        ("x:`", '`'),
    ] {
        cases.push((input, ALL, Err((2, Excluded(c)))));
    }
    check(&cases);
}

#[test]
fn percent_escapes_are_percent_and_two_hex_digits() {
    check(&[
        ("http://a/%zz", ALL, Err((9, InvalidPercentEscape))),
        ("x:a%4", ALL, Err((3, InvalidPercentEscape))),
        ("x:a%", ALL, Err((3, InvalidPercentEscape))),
        ("x:%4g", ALL, Err((2, InvalidPercentEscape))),
        ("x:?%", ALL, Err((3, InvalidPercentEscape))),
        ("x:#%%41", ALL, Err((3, InvalidPercentEscape))),
        ("x://%zz/", ALL, Err((4, InvalidPercentEscape))),
        ("x://u%zz@h", ALL, Err((5, InvalidPercentEscape))),
        ("%", ALL, Err((0, InvalidPercentEscape))),
        (
            "x://h%2Eexample/",
            ALL,
            Ok(r#"scheme="x" authority="h%2Eexample" host="h%2Eexample"(reg-name) path="/""#),
        ),
        (
            "x://u%40v@h",
            ALL,
            Ok(r#"scheme="x" authority="u%40v@h" userinfo="u%40v" host="h"(reg-name) path="""#),
        ),
    ]);
}

#[test]
fn schemes_and_first_segments() {
    check(&[
        // RFC 3986 §3.1: a letter first. The draft's §4.1 rule has no such condition.
        ("1x:y", NEW, Err((0, InvalidScheme))),
        ("1x:y", DRAFT, Ok(r#"scheme="1x" path="y""#)),
        ("+x:y", NEW, Err((0, InvalidScheme))),
        ("+x:y", DRAFT, Ok(r#"scheme="+x" path="y""#)),
        ("a_b:c", ALL, Err((1, InvalidScheme))),
        ("a%41:c", ALL, Err((1, InvalidScheme))),
        ("my scheme:c", ALL, Err((2, Excluded(' ')))),
        // RFC 3986 §4.2 path-noscheme; the draft's rel_path takes a leading ":".
        (":x", NEW, Err((0, ColonInFirstSegment))),
        (":", NEW, Err((0, ColonInFirstSegment))),
        ("://h", NEW, Err((0, ColonInFirstSegment))),
        (":x", DRAFT, Ok(r#"path=":x""#)),
        ("://h", DRAFT, Ok(r#"path="://h""#)),
        // A scheme candidate stops at "/", "?" or "#".
        ("a/b:c", ALL, Ok(r#"path="a/b:c""#)),
        ("a?b:c", ALL, Ok(r#"path="a" query="b:c""#)),
        ("a#b:c", ALL, Ok(r#"path="a" fragment="b:c""#)),
    ]);
}

#[test]
fn hosts_under_rfc3986() {
    check(&[
        ("x://[::1]", NEW, Ok(r#"scheme="x" authority="[::1]" host="[::1]"(ipv6) path="""#)),
        (
            "x://u@[2001:db8::7]:/",
            NEW,
            Ok(
                r#"scheme="x" authority="u@[2001:db8::7]:" userinfo="u" host="[2001:db8::7]"(ipv6) port="" path="/""#,
            ),
        ),
        (
            "//[::ffff:192.0.2.1]:0",
            NEW,
            Ok(r#"authority="[::ffff:192.0.2.1]:0" host="[::ffff:192.0.2.1]"(ipv6) port="0" path="""#),
        ),
        (
            "x://[v7.fe80::1]:8/",
            NEW,
            Ok(r#"scheme="x" authority="[v7.fe80::1]:8" host="[v7.fe80::1]"(ipvfuture) port="8" path="/""#),
        ),
        ("x://[V1a.x]", NEW, Ok(r#"scheme="x" authority="[V1a.x]" host="[V1a.x]"(ipvfuture) path="""#)),
        ("x://1.2.3.4", NEW, Ok(r#"scheme="x" authority="1.2.3.4" host="1.2.3.4"(ipv4) path="""#)),
        // Not IPv4address, so reg-name (§3.2.2 "first-match-wins").
        (
            "x://999.1.1.1/",
            NEW,
            Ok(r#"scheme="x" authority="999.1.1.1" host="999.1.1.1"(reg-name) path="/""#),
        ),
        ("x://1.2.3.04", NEW, Ok(r#"scheme="x" authority="1.2.3.04" host="1.2.3.04"(reg-name) path="""#)),
        ("x://1.2.3", NEW, Ok(r#"scheme="x" authority="1.2.3" host="1.2.3"(reg-name) path="""#)),
        ("x://1.2.3.4.", NEW, Ok(r#"scheme="x" authority="1.2.3.4." host="1.2.3.4."(reg-name) path="""#)),
        (
            "http://a_b.com/",
            NEW,
            Ok(r#"scheme="http" authority="a_b.com" host="a_b.com"(reg-name) path="/""#),
        ),
        (
            "x://-a-.b!$&'()*+,;=~/",
            NEW,
            Ok(r#"scheme="x" authority="-a-.b!$&'()*+,;=~" host="-a-.b!$&'()*+,;=~"(reg-name) path="/""#),
        ),
        (
            "x://u:p:q@h:0080",
            NEW,
            Ok(
                r#"scheme="x" authority="u:p:q@h:0080" userinfo="u:p:q" host="h"(reg-name) port="0080" path="""#,
            ),
        ),
    ]);
}

#[test]
fn host_errors_under_rfc3986() {
    check(&[
        ("x://h:8a/", NEW, Err((7, InvalidPort))),
        ("x://h:1:2", NEW, Err((7, InvalidPort))),
        ("x://h:%38", NEW, Err((6, InvalidPort))),
        ("x://a@b@c/", NEW, Err((7, Unexpected('@')))),
        ("x://[::1", NEW, Err((8, UnclosedIpLiteral))),
        ("x://[::1/x]", NEW, Err((8, UnclosedIpLiteral))),
        ("x://[", NEW, Err((5, UnclosedIpLiteral))),
        ("x://[]", NEW, Err((5, InvalidIpv6))),
        ("x://[::1]x", NEW, Err((9, Unexpected('x')))),
        ("x://[::1]]", NEW, Err((9, Excluded(']')))),
        ("x://[::1]:x", NEW, Err((10, InvalidPort))),
        ("x://[[::1]]", NEW, Err((5, Excluded('[')))),
        ("x://h[::1]", NEW, Err((5, Excluded('[')))),
        ("x://[::1 ]/", NEW, Err((8, Excluded(' ')))),
        ("x://[\u{e9}]", NEW, Err((5, NonAscii))),
        ("x://[fe80::1%25eth0]/", NEW, Err((12, InvalidIpv6))),
        ("x://[1::2::3]/", NEW, Err((9, InvalidIpv6))),
        ("x://[1:2:3:4:5:6:7:8:9]/", NEW, Err((21, InvalidIpv6))),
        ("x://[1:2:3:4:5:6:7]/", NEW, Err((18, InvalidIpv6))),
        ("x://[::ffff:1.2.3.256]/", NEW, Err((20, InvalidIpv4))),
        ("x://[::1.2.3]/", NEW, Err((12, InvalidIpv4))),
        ("x://[12345::]/", NEW, Err((9, InvalidIpv6))),
        ("x://[v1]/", NEW, Err((7, InvalidIpvFuture))),
        ("x://[v1.]/", NEW, Err((8, InvalidIpvFuture))),
        ("x://[vx.1]/", NEW, Err((6, InvalidIpvFuture))),
        ("x://[v1.a/b]/", NEW, Err((9, UnclosedIpLiteral))),
    ]);
}

#[test]
fn sites_under_the_draft() {
    check(&[
        ("http://[::1]/", DRAFT, Err((7, IpLiteralNotAllowed))),
        ("x://u@[::1]/", DRAFT, Err((6, IpLiteralNotAllowed))),
        ("x://[v7.a]", DRAFT, Err((4, IpLiteralNotAllowed))),
        ("x://a[::1]/", DRAFT, Err((5, Excluded('[')))),
        // Servers: hostname or dotted digits, userinfo, port.
        (
            "x://u:p;a&b=c+d$e,@Host-1.example.:0/",
            DRAFT,
            Ok(
                r#"scheme="x" authority="u:p;a&b=c+d$e,@Host-1.example.:0" userinfo="u:p;a&b=c+d$e," host="Host-1.example."(reg-name) port="0" path="/""#,
            ),
        ),
        (
            "x://999.0001.0.0:/",
            DRAFT,
            Ok(r#"scheme="x" authority="999.0001.0.0:" host="999.0001.0.0"(ipv4) port="" path="/""#),
        ),
        (
            "x://www.3com.com",
            DRAFT,
            Ok(r#"scheme="x" authority="www.3com.com" host="www.3com.com"(reg-name) path="""#),
        ),
        ("x://a", DRAFT, Ok(r#"scheme="x" authority="a" host="a"(reg-name) path="""#)),
        // Registry-based naming authorities: whatever is no server, of site characters.
        (
            "http://a_b.com/",
            DRAFT,
            Ok(r#"scheme="http" authority="a_b.com" host="a_b.com"(reg-name) path="/""#),
        ),
        ("x://u@a_b:80/", DRAFT, Ok(r#"scheme="x" authority="u@a_b:80" host="u@a_b:80"(reg-name) path="/""#)),
        ("x://h:8a/", DRAFT, Ok(r#"scheme="x" authority="h:8a" host="h:8a"(reg-name) path="/""#)),
        ("x://a@b@c/", DRAFT, Ok(r#"scheme="x" authority="a@b@c" host="a@b@c"(reg-name) path="/""#)),
        ("x://1.2.3/", DRAFT, Ok(r#"scheme="x" authority="1.2.3" host="1.2.3"(reg-name) path="/""#)),
        ("x://3com/", DRAFT, Ok(r#"scheme="x" authority="3com" host="3com"(reg-name) path="/""#)),
        ("x://-a.b/", DRAFT, Ok(r#"scheme="x" authority="-a.b" host="-a.b"(reg-name) path="/""#)),
        ("x://a..b/", DRAFT, Ok(r#"scheme="x" authority="a..b" host="a..b"(reg-name) path="/""#)),
        ("x://%41.b/", DRAFT, Ok(r#"scheme="x" authority="%41.b" host="%41.b"(reg-name) path="/""#)),
        ("x://a b/", DRAFT, Err((5, Excluded(' ')))),
    ]);
}

#[test]
fn the_same_references_split_the_same_way_in_every_grammar() {
    // Where both grammars accept a reference, its five components agree (the check above
    // already ties each to Appendix B); this spot-checks a few with every part present.
    for input in ["a://b@c:1/d;e?f#g", "//c/d?f#g", "/d?f#g", "d?f", "#g"] {
        let all: Vec<_> = ALL.iter().map(|&g| parse(input, g).map(|c| render(input, &c))).collect();
        assert!(all.iter().all(|r| r == &all[0] && r.is_ok()), "{input:?}: {all:?}");
    }
}

#[test]
fn huge_and_hostile_inputs_end_cleanly() {
    let n = 1 << 20;
    type Outcome = Result<(), (usize, ErrorKind)>;
    let cases: Vec<(String, Outcome)> = vec![
        ("a".repeat(n), Ok(())),
        (format!("{}:", "a".repeat(n)), Ok(())),
        (format!("{}:", "_".repeat(n)), Err((0, InvalidScheme))),
        (format!("x:{}", "%41".repeat(n)), Ok(())),
        (format!("x:{}", "%".repeat(n)), Err((2, InvalidPercentEscape))),
        (":".repeat(n), Err((0, ColonInFirstSegment))),
        (format!("//{}", "@".repeat(n)), Err((3, Unexpected('@')))),
        (format!("//{}", "[".repeat(n)), Err((3, Excluded('[')))),
        (format!("//[{}]", "1:".repeat(n)), Err((3 + 16, InvalidIpv6))),
        (format!("//[{}]", "f".repeat(n)), Err((3 + 4, InvalidIpv6))),
        (format!("//[::{}]", "1".repeat(n)), Err((5 + 4, InvalidIpv6))),
        (format!("//[::{}.1.1.1]", "1".repeat(n)), Err((5 + 3, InvalidIpv4))),
        (format!("//[v{}.x]", "f".repeat(n)), Ok(())),
        (format!("//h:{}", "9".repeat(n)), Ok(())),
        (format!("x:/{}", "/.".repeat(n)), Ok(())),
        (format!("?{}", "?".repeat(n)), Ok(())),
        (format!("#{}", "#".repeat(n)), Err((1, Unexpected('#')))),
        ("\u{10ffff}".repeat(n / 4), Err((0, NonAscii))),
    ];
    for (input, want) in cases {
        let got = parse(&input, Rfc3986).map(drop).map_err(|e| (e.index(), e.kind().clone()));
        assert_eq!(got, want, "{}…", &input[..input.len().min(16)]);
        for grammar in DRAFT {
            // The draft differs on some of these (a ":" path, a registry authority); it must
            // still end, and in a valid reference's split.
            if let Ok(c) = parse(&input, *grammar) {
                assert_eq!(c.path, split(&input).path);
            }
        }
    }
}

#[test]
fn random_soup_keeps_the_invariants() {
    // A xorshift generator over the characters that steer the parser, and some that no URI has.
    let soup: Vec<char> = "x:/?#[]@%09afAFv.-_~!$&'()*+,;= <^\u{e9}\u{0}".chars().collect();
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let (mut valid, mut invalid) = (0, 0);
    for _ in 0..30_000 {
        let s: String = (0..next(24)).map(|_| soup[next(soup.len())]).collect();
        for &grammar in ALL {
            match parse(&s, grammar) {
                Ok(c) => {
                    valid += 1;
                    let text = |p: Option<Part>| p.map_or("", |p| &s[p.range()]);
                    let mut again = String::new();
                    if c.userinfo.is_some() {
                        again = format!("{}@", text(c.userinfo));
                    }
                    again.push_str(text(c.host));
                    if c.port.is_some() {
                        again = format!("{again}:{}", text(c.port));
                    }
                    assert_eq!(again, text(c.authority), "{grammar}: {s:?}");
                    assert_eq!(c.host.is_some(), c.authority.is_some(), "{grammar}: {s:?}");
                    assert_eq!(c.host_kind.is_some(), c.authority.is_some(), "{grammar}: {s:?}");
                }
                Err(e) => {
                    invalid += 1;
                    assert!(e.index() <= s.len() && s.is_char_boundary(e.index()), "{grammar}: {s:?} {e}");
                    let at = s.as_bytes().get(e.index()).copied();
                    match e.kind() {
                        NonAscii => assert!(at.is_some_and(|b| !b.is_ascii()), "{grammar}: {s:?}"),
                        Excluded(c) | Unexpected(c) => assert_eq!(at, Some(*c as u8), "{grammar}: {s:?}"),
                        InvalidPercentEscape => assert_eq!(at, Some(b'%'), "{grammar}: {s:?}"),
                        _ => {}
                    }
                }
            }
        }
    }
    assert!(valid > 10_000 && invalid > 10_000, "{valid} valid, {invalid} invalid");
}
