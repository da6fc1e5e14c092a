//! RFC 1738 BNF tests: the URLs of RFC 1738's own text (verbatim, wrapped ones joined), then
//! each scheme's rules, valid and invalid, with the error's index and kind.

use super::*;
use crate::uri::{Grammar, Uri};

fn scheme_of(input: &str) -> Scheme {
    let name = input.split(':').next().unwrap_or_default();
    Scheme::from_name(name).unwrap_or_else(|| panic!("{input:?} has no RFC 1738 scheme"))
}

#[track_caller]
fn valid(input: &str) {
    if let Err(e) = check(input, scheme_of(input)) {
        panic!("{input:?}: {e}");
    }
}

#[track_caller]
fn invalid(input: &str) -> (usize, ErrorKind) {
    match check(input, scheme_of(input)) {
        Ok(()) => panic!("{input:?} was accepted"),
        Err(e) => (e.index(), e.kind().clone()),
    }
}

#[test]
fn urls_in_the_text_of_rfc_1738() {
    for url in [
        // §1
        "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
        // §3.1: empty user name; no user name; empty password
        "ftp://@host.com/",
        "ftp://host.com/",
        "ftp://foo:@host.com/",
        // §3.2.2
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://myname@host.dom/etc/motd",
        "ftp://myname@host.dom//etc/motd",
        // §3.6
        "news:*",
        // §3.10
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        // §3.11
        "prospero://host.dom//pros/name",
        // Appendix (the wrapped URLs joined; the last one carries a fragment)
        "ftp://info.cern.ch/pub/www/doc;type=d",
        "ftp://ds.internic.net/rfc",
        "http://ds.internic.net/instructions/overview.html#WARNING",
        // References
        "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
        "ftp://ds.internic.net/rfc/rfc1630.txt",
        "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
        "ftp://ds.internic.net/rfc/rfc1123.txt",
        "ftp://ds.internic.net/rfc/rfc822.txt",
        "ftp://quake.think.com/pub/wais/doc/protspec.txt",
        "ftp://ds.internic.net/rfc/rfc1036.txt",
        "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
        "ftp://ds.internic.net/rfc/rfc977.txt",
        "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
        "ftp://ds.internic.net/rfc/rfc1034.txt",
        "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z",
        "ftp://ds.internic.net/rfc/rfc959.txt",
        "ftp://ds.internic.net/rfc/rfc1737.txt",
        "ftp://ds.internic.net/rfc/rfc1625.txt",
        "ftp://uu.psi.com/wp/nir.txt",
    ] {
        valid(url);
    }
}

#[test]
fn ftp() {
    valid("ftp://user:pass@host.dom:21/a/b/c.txt");
    valid("ftp://us;er?x&y=z:pa;ss?=&@host.dom/"); // user and password take ; ? & =
    valid("ftp://host.dom/a;type=i");
    valid("ftp://host.dom/;type=A"); // RFC 822 §3.4.7: literals match in either case
    valid("FTP://host.dom/x;TYPE=d");
    valid("ftp://host.dom");
    valid("ftp://host.dom/a?b:c@d&e=f"); // fsegment takes ? : @ & =
    valid("ftp://1.2.3.4/");
    valid("ftp://999.1.2.3/"); // hostnumber = digits "." digits "." digits "." digits
    // §3.2.2: the typecode is a, i or d, and ends the URL
    assert_eq!(invalid("ftp://host/a;type=x"), (18, ErrorKind::Scheme(FTP_TYPE)));
    assert_eq!(invalid("ftp://host/a;type="), (18, ErrorKind::Scheme(FTP_TYPE)));
    assert_eq!(invalid("ftp://host/a;type=aa"), (19, ErrorKind::Scheme(FTP_TYPE)));
    assert_eq!(invalid("ftp://host/a;type=d/b"), (19, ErrorKind::Scheme(FTP_TYPE)));
    // ";" in a name must be encoded; ";type=" needs the "/" fpath before it
    assert_eq!(invalid("ftp://host/a;b"), (12, ErrorKind::Scheme(FTP_URL)));
    assert_eq!(invalid("ftp://host;type=a"), (10, ErrorKind::Scheme(FTP_URL)));
    // login
    assert_eq!(invalid("ftp:host"), (4, ErrorKind::MissingHost("ftp")));
    assert_eq!(invalid("ftp://"), (6, ErrorKind::MissingHost("ftp")));
    assert_eq!(invalid("ftp://user@/"), (11, ErrorKind::MissingHost("ftp")));
    assert_eq!(invalid("ftp://host:/"), (11, ErrorKind::InvalidPort));
    assert_eq!(invalid("ftp://host:2x/"), (12, ErrorKind::InvalidPort));
    assert_eq!(invalid("ftp://a%zz@host/"), (7, ErrorKind::InvalidPercentEscape));
    assert_eq!(invalid("ftp://us~er@host/"), (8, ErrorKind::Excluded('~')));
}

#[test]
fn host_names_and_numbers() {
    // hostname = *[ domainlabel "." ] toplabel; no trailing dot, no hyphen at a label's ends,
    // the last label starts with a letter.
    valid("http://a/");
    valid("http://a-b.c-d9.e/");
    valid("http://0a.b/");
    assert_eq!(invalid("http://host./"), (12, ErrorKind::InvalidHost));
    assert_eq!(invalid("http://-host/"), (7, ErrorKind::InvalidHost));
    assert_eq!(invalid("http://host-/"), (11, ErrorKind::InvalidHost));
    assert_eq!(invalid("http://a..b/"), (9, ErrorKind::InvalidHost));
    assert_eq!(invalid("http://a.1/"), (9, ErrorKind::InvalidHost));
    assert_eq!(invalid("http://1.2.3/"), (12, ErrorKind::InvalidHost));
    assert_eq!(invalid("http://1.2.3.4.5/"), (15, ErrorKind::InvalidHost));
    assert_eq!(invalid("http://1.2.3.4x/"), (14, ErrorKind::InvalidHost));
    assert_eq!(invalid("http://[::1]/"), (7, ErrorKind::Excluded('[')));
    assert_eq!(invalid("http:///x"), (7, ErrorKind::MissingHost("http")));
    assert_eq!(invalid("http://:80/"), (7, ErrorKind::MissingHost("http")));
    assert_eq!(invalid("http:x"), (5, ErrorKind::MissingHost("http")));
    assert_eq!(invalid("http://h\u{e9}/"), (8, ErrorKind::NonAscii));
}

#[test]
fn http() {
    valid("http://host.dom");
    valid("http://host.dom:8080/");
    valid("http://host.dom/a/b;c:d@e&f=g?h;i:j@k&l=m");
    valid("http://host.dom/?");
    valid("HTTP://HOST.DOM/Index.html");
    // §3.3: "No user name or password is allowed."
    assert_eq!(invalid("http://user@host/"), (11, ErrorKind::Scheme(HTTP_URL)));
    assert_eq!(invalid("http://user:pw@host/"), (12, ErrorKind::InvalidPort));
    // "~" is unsafe (§2.2): it must be encoded
    assert_eq!(invalid("http://host/~user"), (12, ErrorKind::Excluded('~')));
    valid("http://host/%7Euser");
    // "?" search only after "/" hpath; search holds no "/" or "?"
    assert_eq!(invalid("http://host?q"), (11, ErrorKind::Scheme(HTTP_URL)));
    assert_eq!(invalid("http://host/p?a/b"), (15, ErrorKind::Scheme(HTTP_URL)));
    assert_eq!(invalid("http://host/p?a?b"), (15, ErrorKind::Scheme(HTTP_URL)));
    assert_eq!(invalid("http://host/a b"), (13, ErrorKind::Excluded(' ')));
    assert_eq!(invalid("http://host/%2"), (12, ErrorKind::InvalidPercentEscape));
    assert_eq!(invalid("http://host:8x/"), (13, ErrorKind::InvalidPort));
}

#[test]
fn fragments_follow_seed_000() {
    // The URL before "#" must match the BNF; the fragment is *uric.
    valid("http://a.b/#x;/?:@&=+$,-_.!~*'()%20");
    valid("http://a.b/#");
    valid("gopher://a.b/1a#f");
    assert_eq!(invalid("http://a.b/#x#y"), (13, ErrorKind::Unexpected('#')));
    assert_eq!(invalid("http://a.b/#x y"), (13, ErrorKind::Excluded(' ')));
    assert_eq!(invalid("http://a.b/#%g0"), (12, ErrorKind::InvalidPercentEscape));
    assert_eq!(invalid("http://#x"), (7, ErrorKind::MissingHost("http")));
}

#[test]
fn file() {
    valid("file:///etc/motd");
    valid("file://localhost/etc/motd");
    valid("file://LOCALHOST/");
    valid("file://host.dom/a?b");
    assert_eq!(invalid("file://host.dom"), (15, ErrorKind::Scheme(FILE_URL)));
    assert_eq!(invalid("file://"), (7, ErrorKind::Scheme(FILE_URL)));
    assert_eq!(invalid("file:/etc/motd"), (5, ErrorKind::Scheme(FILE_URL)));
    assert_eq!(invalid("file://host:80/x"), (11, ErrorKind::Scheme(FILE_URL)));
    assert_eq!(invalid("file://user@host/x"), (11, ErrorKind::Scheme(FILE_URL)));
    assert_eq!(invalid("file://h_st/x"), (8, ErrorKind::Scheme(FILE_URL)));
    assert_eq!(invalid("file:///a;type=a"), (9, ErrorKind::Scheme(FILE_URL)));
}

#[test]
fn gopher() {
    // §3.4.1: "The entire <gopher-path> may also be empty, in which case the delimiting "/" is
    // also optional"
    valid("gopher://host.dom");
    valid("gopher://host.dom/");
    valid("gopher://host.dom:70/1");
    valid("gopher://host.dom/0/sel/ector;x=y?z");
    valid("gopher://host.dom/7sel%09search");
    // §3.4.7 and §3.4.8's gopher+ strings
    valid("gopher://host.dom/1sel%09%09!+ABSTRACT%20+SMELL");
    valid("gopher://host.dom/0sel%09%09+application/postscript%20Es_ES");
    assert_eq!(invalid("gopher://host.dom/~x"), (18, ErrorKind::Excluded('~')));
    assert_eq!(invalid("gopher://host.dom/1a b"), (20, ErrorKind::Excluded(' ')));
    assert_eq!(invalid("gopher://host.dom?x"), (17, ErrorKind::Scheme(GOPHER_URL)));
    assert_eq!(invalid("gopher:/host.dom"), (7, ErrorKind::MissingHost("gopher")));
}

#[test]
fn mailto() {
    valid("mailto:timbl@info.cern.ch");
    valid("mailto:postmaster"); // encoded822addr = 1*xchar: RFC 822 is not parsed further
    valid("mailto:a@b?c=d/e;f&g:h");
    valid("mailto:gorby%25kremvax@example.com");
    assert_eq!(invalid("mailto:"), (7, ErrorKind::Scheme(MAILTO_URL)));
    assert_eq!(invalid("mailto:a b@c"), (8, ErrorKind::Excluded(' ')));
    assert_eq!(invalid("mailto:a~b@c"), (8, ErrorKind::Excluded('~')));
    assert_eq!(invalid("mailto:\"a\"@c"), (7, ErrorKind::Excluded('"')));
}

#[test]
fn news() {
    valid("news:comp.infosystems.www.misc"); // §3.6
    valid("news:a+b_c-d.e");
    valid("news:1234@host.dom");
    valid("news:a/b?c;d:e&f=g@host.dom"); // article takes ; / ? : & =
    valid("news:x@1.2.3.4");
    assert_eq!(invalid("news:"), (5, ErrorKind::Scheme(NEWS_URL)));
    assert_eq!(invalid("news:1comp"), (5, ErrorKind::Scheme(NEWS_URL)));
    assert_eq!(invalid("news:comp*"), (9, ErrorKind::Scheme(NEWS_URL)));
    assert_eq!(invalid("news:*x"), (6, ErrorKind::Scheme(NEWS_URL)));
    assert_eq!(invalid("news:@host.dom"), (5, ErrorKind::Scheme(NEWS_URL)));
    assert_eq!(invalid("news:a@"), (7, ErrorKind::InvalidHost));
    assert_eq!(invalid("news:a@host-"), (11, ErrorKind::InvalidHost));
    assert_eq!(invalid("news:a@b@c"), (8, ErrorKind::Scheme(NEWS_URL)));
    assert_eq!(invalid("news:comp.lang~c"), (14, ErrorKind::Excluded('~')));
    assert_eq!(invalid("news://host/comp.x"), (5, ErrorKind::Scheme(NEWS_URL)));
}

#[test]
fn nntp() {
    valid("nntp://news.dom/comp.infosystems.www.misc");
    valid("nntp://news.dom:119/comp.infosystems.www.misc/1234");
    assert_eq!(invalid("nntp://news.dom"), (15, ErrorKind::Scheme(NNTP_URL)));
    assert_eq!(invalid("nntp://news.dom/"), (16, ErrorKind::Scheme(NNTP_URL)));
    assert_eq!(invalid("nntp://news.dom/1x"), (16, ErrorKind::Scheme(NNTP_URL)));
    assert_eq!(invalid("nntp://news.dom/g/"), (17, ErrorKind::Scheme(NNTP_URL)));
    assert_eq!(invalid("nntp://news.dom/g/12a"), (20, ErrorKind::Scheme(NNTP_URL)));
    assert_eq!(invalid("nntp://user@news.dom/g"), (11, ErrorKind::Scheme(NNTP_URL)));
    assert_eq!(invalid("nntp:///g"), (7, ErrorKind::MissingHost("nntp")));
}

#[test]
fn telnet() {
    // §3.8: "The final "/" character may be omitted."
    valid("telnet://host.dom");
    valid("telnet://host.dom/");
    valid("telnet://user:password@host.dom:23/");
    assert_eq!(invalid("telnet://host.dom/x"), (18, ErrorKind::Scheme(TELNET_URL)));
    assert_eq!(invalid("telnet://host.dom//"), (18, ErrorKind::Scheme(TELNET_URL)));
    assert_eq!(invalid("telnet:host.dom"), (7, ErrorKind::MissingHost("telnet")));
}

#[test]
fn wais() {
    valid("wais://host.dom/db"); // waisdatabase
    valid("wais://host.dom/"); // database = *uchar
    valid("wais://host.dom:210/db?x;y:z@w&v=u"); // waisindex
    valid("wais://host.dom/db/TEXT/0%2012"); // waisdoc
    valid("wais://host.dom/db//");
    assert_eq!(invalid("wais://host.dom"), (15, ErrorKind::Scheme(WAIS_URL)));
    assert_eq!(invalid("wais://host.dom/db/t"), (20, ErrorKind::Scheme(WAIS_URL)));
    assert_eq!(invalid("wais://host.dom/db?a/b"), (20, ErrorKind::Scheme(WAIS_URL)));
    assert_eq!(invalid("wais://host.dom/db/t/p/q"), (22, ErrorKind::Scheme(WAIS_URL)));
    assert_eq!(invalid("wais://host.dom/d:b"), (17, ErrorKind::Scheme(WAIS_URL)));
    assert_eq!(invalid("wais://host.dom:x/db"), (16, ErrorKind::InvalidPort));
}

#[test]
fn prospero() {
    valid("prospero://host.dom/a/b?c:d@e&f=g");
    valid("prospero://host.dom//pros/name;OBJECT-VERSION=1;f=");
    valid("prospero://host.dom/;=");
    // §3.11: "No username or password is allowed."
    assert_eq!(invalid("prospero://user@host.dom/x"), (15, ErrorKind::Scheme(PROSPERO_URL)));
    assert_eq!(invalid("prospero://host.dom"), (19, ErrorKind::Scheme(PROSPERO_URL)));
    assert_eq!(invalid("prospero://host.dom/a;f"), (23, ErrorKind::Scheme(PROSPERO_URL)));
    assert_eq!(invalid("prospero://host.dom/a;f=v/w"), (25, ErrorKind::Scheme(PROSPERO_URL)));
    assert_eq!(invalid("prospero://host.dom/a;f=v=w"), (25, ErrorKind::Scheme(PROSPERO_URL)));
}

#[test]
fn scheme_names_ignore_case() {
    assert_eq!(Scheme::from_name("HTTP"), Some(Scheme::Http));
    assert_eq!(Scheme::from_name("Prospero"), Some(Scheme::Prospero));
    assert_eq!(Scheme::from_name("https"), None);
    for scheme in Scheme::ALL {
        assert_eq!(Scheme::from_name(scheme.name()), Some(scheme));
    }
}

/// Through [`Uri::parse_with`]: the ten schemes get the BNF, `urn:` draft-03, others nothing
/// from this module.
#[test]
fn uri_parse_with_rfc1738_dispatches() {
    let parse = |s| Uri::parse_with(s, Grammar::Rfc1738).map_err(|e| (e.index(), e.kind().clone()));
    assert!(parse("http://host.dom/").is_ok());
    assert_eq!(parse("http://user@host.dom/"), Err((11, ErrorKind::Scheme(HTTP_URL))));
    assert_eq!(parse("Http://host.dom/~x"), Err((16, ErrorKind::Excluded('~'))));
    assert!(matches!(parse("urn:foo:a/b"), Err((9, ErrorKind::Urn(_)))));
    assert!(parse("urn:foo:a?s=I2L").is_ok());
    // https is not one of RFC 1738's schemes: the BNF does not apply to it.
    assert!(parse("https://user@host.dom/~x").is_ok());
    // Under the other grammars the BNF does not apply.
    assert!(Uri::parse_with("http://user@host.dom/~x", Grammar::Rfc2396).is_ok());
}

#[test]
fn never_panics_on_any_prefix() {
    let urls = [
        "ftp://us;er:pa%20ss@host-1.a.b:21/x/y;type=d#f",
        "prospero://1.2.3.4:1525//a;b=c;d=e#x",
        "wais://h/db/t/p",
        "news:a/b@c.d",
        "gopher://h/1s%09q%09+",
        "file://localhost/x",
        "nntp://h/g/1",
        "telnet://u@h/",
        "mailto:a@b",
        "http://h\u{e9}.\u{e9}/%",
    ];
    for url in urls {
        for end in (0..=url.len()).filter(|&e| url.is_char_boundary(e)) {
            let prefix = &url[..end];
            for scheme in Scheme::ALL {
                if let Err(e) = check(prefix, scheme) {
                    assert!(e.index() <= end, "{prefix:?} as {}: {e}", scheme.name());
                }
            }
        }
    }
}
