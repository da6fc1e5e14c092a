//! Tests of the scheme rules through [`Uri::parse_with`]. The inputs are valid under the
//! generic syntax of their grammar, so the errors asserted are the scheme rules' own. The
//! examples of RFC 3986 §1.1.2, RFC 5538 §3/§4 and RFC 6068 §6 are copied verbatim (wrapped
//! ones joined).

use super::*;

fn parse(input: &str, grammar: Grammar) -> Result<(), (usize, ErrorKind)> {
    Uri::parse_with(input, grammar).map(drop).map_err(|e| (e.index(), e.kind().clone()))
}

#[track_caller]
fn valid(input: &str) {
    if let Err((at, kind)) = parse(input, Grammar::Rfc3986) {
        panic!("{input:?}: {kind} at byte {at}");
    }
}

#[track_caller]
fn invalid(input: &str) -> (usize, ErrorKind) {
    match parse(input, Grammar::Rfc3986) {
        Ok(()) => panic!("{input:?} was accepted"),
        Err(e) => e,
    }
}

fn scheme(message: &'static str) -> ErrorKind {
    ErrorKind::Scheme(message)
}

#[test]
fn rfc3986_section_1_1_2_examples() {
    for uri in [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "http://www.ietf.org/rfc/rfc2396.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix",
        "tel:+1-816-555-1212",
        "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    ] {
        valid(uri);
    }
}

/// The `match` of `server_based_lower` and the documented table agree, for every registered
/// scheme name in any case.
#[test]
fn server_based_match_agrees_with_the_table() {
    for s in crate::schemes::all() {
        let listed = SERVER_BASED.into_iter().find(|n| *n == s.name);
        assert_eq!(server_based(s.name), listed, "{}", s.name);
        assert_eq!(server_based(&s.name.to_ascii_uppercase()), listed, "{}", s.name);
    }
    assert_eq!(server_based("httpx"), None);
    assert_eq!(server_based("a-very-long-scheme-name"), None);
}

#[test]
fn server_based_schemes_need_a_host() {
    assert_eq!(invalid("http:foo"), (5, ErrorKind::MissingHost("http")));
    assert_eq!(invalid("http:/foo"), (5, ErrorKind::MissingHost("http")));
    assert_eq!(invalid("http://"), (7, ErrorKind::MissingHost("http")));
    assert_eq!(invalid("http:///x"), (7, ErrorKind::MissingHost("http")));
    assert_eq!(invalid("HTTP://?q"), (7, ErrorKind::MissingHost("http")));
    assert_eq!(invalid("http://user@/x"), (12, ErrorKind::MissingHost("http")));
    assert_eq!(invalid("http://user@:80/x"), (12, ErrorKind::MissingHost("http")));
    assert_eq!(invalid("https://:443"), (8, ErrorKind::MissingHost("https")));
    assert_eq!(invalid("wss:"), (4, ErrorKind::MissingHost("wss")));
    assert_eq!(invalid("Z39.50R:///db"), (10, ErrorKind::MissingHost("z39.50r")));
    for name in SERVER_BASED {
        assert_eq!(invalid(&format!("{name}://")).1, ErrorKind::MissingHost(name));
        valid(&format!("{name}://host.example/group"));
    }
    valid("http://[::1]/");
    valid("http://a");
    valid("ws://example.com/chat");
    // Hosts are optional for these: RFC 8089 §2, RFC 2255 §3, RFC 5538 §4, RFC 2224 §10.
    valid("file:///etc/motd");
    valid("ldap:///o=University%20of%20Michigan,c=US");
    valid("news:///comp.x");
    valid("nfs:/export/x");
    valid("sip:alice@example.com");
    valid("foo://");
    valid("//"); // no scheme, no scheme rules
}

/// RFC 5538 §3: `nntpURL = "nntp:" server "/" group [ "/" article-number ]`.
#[test]
fn nntp() {
    valid("nntp://news.server.example/example.group.this/12345");
    valid("nntp://wild.server.example/example.group.n%2Fa/12345");
    valid("nntp://news.server.example/example.group.this");
    valid("nntp://h/g/1234567890123456"); // article-number = 1*16DIGIT
    valid("nntp://h/a+b_c-d.e?q#f"); // query and fragment are the generic syntax's
    let group = |at| {
        (
            at,
            scheme(
                "an nntp URI needs a newsgroup: letters, digits, `-+_.` and percent-escapes (RFC 5538 §3)",
            ),
        )
    };
    let article = |at| (at, scheme("an nntp article number is 1 to 16 digits (RFC 5538 §3)"));
    assert_eq!(invalid("nntp://news.server.example"), group(26));
    assert_eq!(invalid("nntp://h/"), group(9));
    assert_eq!(invalid("nntp://h/g~x"), group(10));
    assert_eq!(invalid("nntp://h/g:x/1"), group(10));
    assert_eq!(invalid("nntp://h/g/"), article(11));
    assert_eq!(invalid("nntp://h/g/12x"), article(13));
    assert_eq!(invalid("nntp://h/g/1/2"), article(12));
    assert_eq!(invalid("nntp://h/g/12345678901234567"), article(27));
    assert_eq!(invalid("nntp://h/a%zz"), (10, ErrorKind::InvalidPercentEscape));
    assert_eq!(invalid("nntp:g"), (5, ErrorKind::MissingHost("nntp")));
}

/// RFC 5538 §4: `newsURL = "news:" [ server "/" ] ( article / newsgroups )`.
#[test]
fn news() {
    // §4's examples, and §3's news twin
    valid("news://news.server.example/*");
    valid("news://news.server.example/");
    valid("news://wild.server.example/example.group.th%3Fse");
    valid("news:example.group.*");
    valid("news:example.group.this");
    valid("news://news.server.example/example.group.this");
    // RFC 1738 §3.6
    valid("news:*");
    valid("news:comp.infosystems.www.misc");
    // Articles: msg-id-core = id-left "@" id-right
    valid("news:12345@news.example");
    valid("news:%22a%20b%22@example.com");
    valid("news://server.example/part1.part2@host.example");
    let nothing = scheme("a news URI needs a newsgroup, an article (`id@host`) or `*` (RFC 5538 §4)");
    let slash = scheme("a news URI needs `/` after its server (RFC 5538 §4)");
    let article = scheme(
        "a news article id is `id@host`; `/` must be percent-encoded and `%3E` is not allowed (RFC 5538 §4)",
    );
    let groups = scheme(
        "a newsgroup name holds letters, digits, `-+_.`, the wildcard `*` and percent-escapes (RFC 5538 §4)",
    );
    assert_eq!(invalid("news:"), (5, nothing.clone()));
    assert_eq!(invalid("news:#x"), (5, nothing));
    assert_eq!(invalid("news://server.example"), (21, slash));
    assert_eq!(invalid("news:a@"), (7, article.clone()));
    assert_eq!(invalid("news:@b"), (5, article.clone()));
    assert_eq!(invalid("news:a/b@c"), (6, article.clone()));
    // "Please note that "%3E" (">") is not allowed"
    assert_eq!(invalid("news:a@b%3Ec"), (8, article.clone()));
    assert_eq!(invalid("news:a%3e@b"), (6, article));
    assert_eq!(invalid("news:comp.lang~c"), (14, groups.clone()));
    assert_eq!(invalid("news:comp,misc"), (9, groups.clone()));
    assert_eq!(invalid("news:a/b"), (6, groups));
}

/// RFC 6068 §2 and its §6 examples.
#[test]
fn mailto() {
    for uri in [
        "mailto:chris@example.com",
        "mailto:infobot@example.com?subject=current-issue",
        "mailto:infobot@example.com?body=send%20current-issue",
        "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
        "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
        "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
        "mailto:joe@example.com?cc=bob@example.com&body=hello",
        "mailto:gorby%25kremvax@example.com",
        "mailto:unlikely%3Faddress@example.com?blat=foop",
        "mailto:Mike%26family@example.org",
        "mailto:%22not%40me%22@example.org",
        "mailto:%22oh%5C%5Cno%22@example.org",
        "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
        "mailto:user@example.org?subject=caf%C3%A9",
        "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
        "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D",
        "mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
        "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
        // §2: three equivalent ways to name two addresses
        "mailto:addr1@an.example,addr2@an.example",
        "mailto:?to=addr1@an.example,addr2@an.example",
        "mailto:addr1@an.example?to=addr2@an.example",
    ] {
        valid(uri);
    }
    valid("mailto:%22a,b@c%22@example.org"); // "," and "@" inside a quoted local part
    valid("mailto:a@b?=&x=#f"); // hfname = *qchar, hfvalue = *qchar; fragments are generic
    let address = |at| {
        (
            at,
            scheme(
                "a mailto address is `local@domain`; `;`, `/`, `?`, `#`, `[`, `]`, `&` and `=` in it must be \
                 percent-encoded (RFC 6068 §2)",
            ),
        )
    };
    let needs =
        |at| (at, scheme("a mailto URI needs an address (`local@domain`) or a `to=` field (RFC 6068 §2)"));
    let hfield = |at| {
        (
            at,
            scheme(
                "a mailto header field is `name=value`; `?`, `=`, `&`, `/` and `#` in them must be \
                 percent-encoded (RFC 6068 §2)",
            ),
        )
    };
    // "The following example, using "?" twice, is incorrect"
    assert_eq!(invalid("mailto:joe@example.com?cc=bob@example.com?body=hello"), hfield(41));
    assert_eq!(invalid("mailto:"), needs(7));
    assert_eq!(invalid("mailto:?subject=x"), needs(7));
    assert_eq!(invalid("mailto:?to="), needs(7));
    assert_eq!(invalid("mailto:postmaster"), address(7));
    assert_eq!(invalid("mailto:@example.org"), address(7));
    assert_eq!(invalid("mailto:a@"), address(9));
    assert_eq!(invalid("mailto:a@b,,c@d"), address(11));
    assert_eq!(invalid("mailto:a@b,"), address(11));
    assert_eq!(invalid("mailto:a;b@c"), address(8));
    assert_eq!(invalid("mailto:a@b/c"), address(10));
    assert_eq!(invalid("mailto:%22a@b"), address(13)); // the quote never closes
    assert_eq!(invalid("mailto:a@b?"), hfield(11));
    assert_eq!(invalid("mailto:a@b?x"), hfield(12));
    assert_eq!(invalid("mailto:a@b?x=1&"), hfield(15));
    assert_eq!(invalid("mailto:a@b?x=1=2"), hfield(14));
    assert_eq!(invalid("mailto:a@b?x=/"), hfield(13));
    assert_eq!(invalid("mailto:a@b?x=%4"), (13, ErrorKind::InvalidPercentEscape));
    assert_eq!(invalid("mailto://a@b"), (7, scheme("a mailto URI has no `//` authority (RFC 6068 §2)")));
}

/// A mailto URI read as sent ([`Mailto::AsSent`], the extractor's default reading).
fn as_sent(input: &str) -> Result<(), (usize, ErrorKind)> {
    crate::uri::validate_with(input, Grammar::Rfc3986, Mailto::AsSent, |_| ())
        .map_err(|e| (e.index(), e.kind().clone()))
}

/// Issue 36 item 3: read as sent, a mailto's query is any query of the generic syntax, and
/// every mailto RFC 6068 accepts is still accepted; the address rules stay.
#[test]
fn mailto_as_sent() {
    // What mail clients and mailing lists send, which RFC 6068 §2 rejects.
    for uri in [
        "mailto:a@b.example?&cc=c@b.example&Subject=Hi", // an empty first field
        "mailto:a@b.example?subject=https://x.example/p", // `/` in a value (`:` is a qchar)
        "mailto:a@b.example?subject=QmFzZTY0==",         // `=` in a value
        "mailto:x@b.example?subject=Campaign-Uid:1/Subscriber-Uid:2-Unsubscriberequest&body=x",
        "mailto:joe@example.com?cc=bob@example.com?body=hello", // RFC 6068 §6 calls it incorrect
        "mailto:a@b.example?subject",
        "mailto:a@b.example?",
        "mailto:a@b.example?x=1&",
        "mailto:?To=a@b.example&subject=a/b",
        "mailto:?subject=a/b&to=a@b.example",
    ] {
        assert!(matches!(invalid(uri).1, ErrorKind::Scheme(_)), "{uri}");
        assert_eq!(as_sent(uri), Ok(()), "{uri}");
    }
    // Whatever RFC 6068 accepts, read as sent too.
    for uri in [
        "mailto:chris@example.com",
        "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
        "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
        "mailto:%22not%40me%22@example.org",
        "mailto:?to=addr1@an.example,addr2@an.example",
        "mailto:addr1@an.example?to=addr2@an.example",
        "mailto:a@b?=&x=#f",
    ] {
        valid(uri);
        assert_eq!(as_sent(uri), Ok(()), "{uri}");
    }
    // The address is what makes it a mailto: the same rules, the same errors, as RFC 6068's.
    for uri in [
        "mailto:",
        "mailto:?subject=x",
        "mailto:?to=",
        "mailto:?to=&cc=a@b.example",
        "mailto:?cc=a@b.example",
        "mailto:?tox=a@b.example",
        "mailto:postmaster?subject=a/b",
        "mailto:@example.org?x=/",
        "mailto:a@b/c?x=1",
        "mailto:a;b@c",
        "mailto:%22a@b",
        "mailto://a@b",
        "mailto://a@b?subject=x/y",
    ] {
        let strict = parse(uri, Grammar::Rfc3986).expect_err(uri);
        assert_eq!(as_sent(uri), Err(strict), "{uri}");
    }
    let needs = (7, scheme("a mailto URI needs an address (`local@domain`) or a `to=` field (RFC 6068 §2)"));
    assert_eq!(as_sent("mailto:?subject=x/y"), Err(needs));
    // The generic syntax still holds: escapes, and no white space.
    assert_eq!(as_sent("mailto:a@b?x=%4"), Err((13, ErrorKind::InvalidPercentEscape)));
    assert!(as_sent("mailto:a@b?x=a b").is_err());
    assert!(as_sent("mailto:a@b?x=a<b").is_err());
    // The extractor's strict reading is the parser's.
    let strict = crate::uri::validate_with("mailto:a@b?x=/", Grammar::Rfc3986, Mailto::Rfc6068, |_| ());
    assert_eq!(strict.map_err(|e| (e.index(), e.kind().clone())), parse("mailto:a@b?x=/", Grammar::Rfc3986));
}

/// RFC 1738 §3.2.2: "<typecode> is one of the characters "a", "i", or "d"".
#[test]
fn ftp_typecode() {
    valid("ftp://h/a;type=i");
    valid("ftp://h/a;TYPE=D");
    valid("ftp://h/a;type=a?x#y");
    valid("ftp://h/a;x=y");
    valid("ftp://h/;type=d");
    for bad in ["ftp://h/a;type=x", "ftp://h/a;type=", "ftp://h/a;type=ai", "ftp://h/a;type=d/b"] {
        assert_eq!(invalid(bad), (15, scheme(FTP_TYPE)), "{bad}");
    }
}

#[test]
fn urns_by_grammar() {
    assert_eq!(invalid("urn:urn:x"), (4, ErrorKind::ReservedNid));
    assert!(matches!(invalid("urn:example:a?b"), (13, ErrorKind::Urn(_))));
    valid("urn:example:a/b?+r?=q#f");
    // Rfc2396: draft-03, and no other scheme rule.
    assert!(matches!(parse("urn:foo:a/b", Grammar::Rfc2396), Err((9, ErrorKind::Urn(_)))));
    assert!(matches!(parse("URN:foo:a%00", Grammar::Rfc2396), Err((9, ErrorKind::Urn(_)))));
    assert!(parse("urn:foo:a?s=I2L", Grammar::Rfc2396).is_ok());
    for unchecked in ["http:foo", "mailto:", "news:", "nntp://h/", "ftp://h/a;type=x"] {
        assert_eq!(parse(unchecked, Grammar::Rfc2396), Ok(()), "{unchecked}");
    }
    // The URN view of a parsed URI.
    let uri = Uri::parse_with("URN:ISBN:0-395-36341-1?s=I2L", Grammar::Rfc2396).ok();
    let urn = uri.as_ref().and_then(Uri::urn);
    assert_eq!(urn.map(|u| (u.nid(), u.query())), Some(("ISBN", Some("s=I2L"))));
    assert_eq!(Uri::parse("http://a/").ok().and_then(|u| u.urn()), None);
}

#[test]
fn char_errors_name_the_byte() {
    assert_eq!(char_error(b"a\xc3", 1), ErrorKind::NonAscii);
    assert_eq!(char_error(b"%4", 0), ErrorKind::InvalidPercentEscape);
    assert_eq!(char_error(b"a b", 1), ErrorKind::Excluded(' '));
    assert_eq!(char_error(b"a#", 1), ErrorKind::Unexpected('#'));
    assert!(matches!(char_error(b"a", 1), ErrorKind::Scheme(_)));
    assert!(is_escape(b"%4a", 0) && !is_escape(b"%4", 0) && !is_escape(b"%g0", 0));
}

#[test]
fn never_panics_on_any_prefix() {
    let uris = [
        "mailto:%22a%5C%22,b%22@x,y@z?to=q&cc=%41#f",
        "news://s/a@b%3E",
        "nntp://u@[::1]:119/g.h/123",
        "ftp://h/x;type=d",
        "http://u@:8/",
        "urn:example:a?+b?=c#d",
    ];
    for uri in uris {
        for end in 0..=uri.len() {
            for grammar in [Grammar::Rfc3986, Grammar::Rfc2396, Grammar::Rfc1738] {
                if let Err(e) = Uri::parse_with(&uri[..end], grammar) {
                    assert!(e.index() <= end, "{:?}: {e}", &uri[..end]);
                }
            }
        }
    }
}

/// Seed 000 §4.3.1: a server-based scheme's site is a `server`, so the host name rules of
/// §4.3.1 apply to it under the draft grammar; another scheme's site may be a registry name.
#[test]
fn draft_server_based_schemes_use_the_server_form() {
    let err = Uri::parse_with("http://a_b.example:80/", Grammar::Rfc2396).unwrap_err();
    assert_eq!((err.index(), err.kind()), (8, &ErrorKind::InvalidHost));
    assert!(Uri::parse_with("http://www.example.org:80/", Grammar::Rfc2396).is_ok());
    assert!(Uri::parse_with("ftp://-bad.example/", Grammar::Rfc2396).is_err());
    assert!(Uri::parse_with("gopher://1.2.3/", Grammar::Rfc2396).is_err());
    let reg = Uri::parse_with("foo://a_b.example/", Grammar::Rfc2396).unwrap();
    assert_eq!(reg.host(), Some("a_b.example"));
    // Outside RFC 1738's ten schemes, the RFC 1738 grammar is the draft's.
    assert!(Uri::parse_with("https://a_b.example/", Grammar::Rfc1738).is_err());
    assert!(Uri::parse_with("https://a_b.example/", Grammar::Rfc3986).is_ok());
}
