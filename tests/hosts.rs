//! Issue 18 items 5 and 6: host names a reader would click, and defanged indicators.
//!
//! Every case runs through the slice path and through readers split into reads of every size
//! (see `common`), and with the one-pass lane on and off: all must agree. Expectations come
//! from the issue's rules, not from running the extractor.

mod common;

use common::{assert_uris, assert_uris_with, matches_with};
use urisift::uri::ErrorKind;
use urisift::{Event, ExtractorBuilder};

/// The rejected events of `text` under `builder` with rejections reported, as (text, kind),
/// checked alike on the slice path and every chunking, with the lane on and off.
fn rejected(builder: &mut ExtractorBuilder, text: &str) -> Vec<(String, ErrorKind)> {
    builder.report_rejected(true);
    let mut all = Vec::new();
    for lane in [true, false] {
        builder.one_pass(lane);
        matches_with(builder, text.as_bytes());
        let events = common::slice_events(builder, text.as_bytes());
        let got: Vec<_> = events
            .into_iter()
            .filter_map(|e| match e {
                Event::Rejected(r) => Some((r.text().to_owned(), r.error().kind().clone())),
                _ => None,
            })
            .collect();
        all.push(got);
    }
    assert_eq!(all[0], all[1], "the lane and the general path reject differently: {text:?}");
    all.remove(0)
}

/// Both paths find `expected` in `text`.
fn finds(text: &str, expected: &[&str]) {
    assert_uris(text, expected);
    let mut general = ExtractorBuilder::new();
    general.one_pass(false);
    assert_uris_with(&general, text, expected);
}

// ---------------------------------------------------------------------------------------
// Item 5: host names a reader would click

#[test]
fn the_issues_unclickable_hosts_give_nothing() {
    for text in ["https://${HOST}/", "http://-example.com", "https://example.com-/", "http://a..b/"] {
        for wrapped in
            [format!("see {text} now"), format!("<{text}>"), format!("\"{text}\""), format!("<URL:{text}>")]
        {
            finds(&wrapped, &[]);
        }
    }
}

#[test]
fn unclickable_hosts_are_rejected_with_their_reason() {
    let found = rejected(&mut ExtractorBuilder::new(), "a http://-example.com b https://example.com-/ c");
    assert_eq!(
        found,
        [
            ("http://-example.com".to_owned(), ErrorKind::UnclickableHost),
            ("https://example.com-/".to_owned(), ErrorKind::UnclickableHost),
        ]
    );
    // `${HOST}`: the `{` ends the candidate, whose host `$` is no name.
    let found = rejected(&mut ExtractorBuilder::new(), "curl https://${HOST}/api");
    assert_eq!(found, [("https://$".to_owned(), ErrorKind::UnclickableHost)]);
}

#[test]
fn each_label_rule_in_text() {
    finds("http://a..b/ http://.example.com/ http://example.com../", &[]);
    finds("http://a-.example/ http://a.-b.example/ http://-a.example/", &[]);
    finds("http://a!b.example/ http://a~b.example/ http://a=b.example/ http://a;b/", &[]);
    finds("http://1.2.3/ http://example.123/ http://256.1.1.1/ http://example.1a/", &[]);
    finds("http://a%2E%2Eb/ http://%2Dexample.com/", &[]);
}

#[test]
fn clickable_hosts_are_kept() {
    let uris = [
        "http://_dmarc.example.com/",
        "http://xn--bcher-kva.example/",
        "http://192.0.2.1/",
        "http://example.com./",
        "http://a-b.example/",
        "https://EXAMPLE.COM/",
        "http://localhost:8080/",
        "http://3com.example/",
        "http://example.c0m/",
        "http://[::1]/",
        "http://user@a.example/",
        "http://b%C3%BCcher.example/",
        "ftp://ftp.example.org/pub/",
        "file:///etc/passwd",
    ];
    finds(&uris.join(" "), &uris);
}

/// Hosts of every length around the eight-byte words the lane reads, with a flaw at every
/// place: the lane and the general path agree, and the rule decides.
#[test]
fn host_flaws_at_every_place_of_a_word() {
    let name = "abcdefghijklmnopqrstuvw.example";
    for cut in 0..=name.len() {
        for flaw in ["", ".", "-", "..", "-.", ".-", "--", "~", "!"] {
            let host = format!("{}{flaw}{}", &name[..cut], &name[cut..]);
            let ok = urisift::uri::is_clickable_host(&host);
            for tail in ["", "/", "/a..b", ":80/x", "?q=1", "#f"] {
                let uri = format!("http://{host}{tail}");
                let text = format!("x {uri} y");
                let expected: &[&str] = if ok { &[&uri] } else { &[] };
                // Trailing punctuation is trimmed from a bare URI (rule 3): not the question here.
                if !(tail.is_empty() && cut == name.len()) {
                    finds(&text, expected);
                }
            }
        }
    }
}

#[test]
fn abbreviated_urls_follow_the_rule() {
    let mut www = ExtractorBuilder::new();
    www.abbreviated(true);
    assert_uris_with(
        &www,
        "www.example.com and www.example-.com and www.a_b.example.org",
        &["www.example.com", "www.a_b.example.org"],
    );
    let found = rejected(&mut www, "go to www.example-.com today");
    assert_eq!(found, [("www.example-.com".to_owned(), ErrorKind::UnclickableHost)]);
}

// ---------------------------------------------------------------------------------------
// Item 6: defanged indicators

#[test]
fn defanged_schemes_are_never_schemes() {
    for text in
        ["hxxps://evil[.]example/", "hxxp://evil.example/x", "fxp://files.example/", "HXXPS://a.example/"]
    {
        finds(text, &[]);
        assert_eq!(rejected(&mut ExtractorBuilder::new(), text), []);
    }
}

#[test]
fn a_candidate_stopping_at_a_defang_mark_is_dropped_not_cut() {
    for (text, candidate) in [
        ("http://evil[.]example/", "http://evil"),
        ("http://evil[dot]example/", "http://evil"),
        ("http://evil{.}example/", "http://evil"),
        ("http://1.2.3[.]4/", "http://1.2.3"),
        ("http://evil.example[/]x", "http://evil.example"),
        ("https://user[@]evil.example/", "https://user"),
    ] {
        let line = format!("IOC: {text} (blocked)");
        finds(&line, &[]);
        assert_eq!(
            rejected(&mut ExtractorBuilder::new(), &line),
            [(candidate.to_owned(), ErrorKind::Defanged)]
        );
    }
}

#[test]
fn defang_marks_inside_a_host_are_named() {
    let found =
        rejected(&mut ExtractorBuilder::new(), "see http://evil(.)example/ and http://evil(dot)example/");
    let kinds: Vec<_> = found.iter().map(|(_, kind)| kind.clone()).collect();
    assert_eq!(kinds, [ErrorKind::Defanged, ErrorKind::Defanged]);
}

/// A `[` or `{` that starts no mark ends a URI as before (issue 18 item 7 is not decided here).
#[test]
fn other_brackets_after_a_uri_are_no_defang_marks() {
    // Balanced brackets after the host stay (item 7); an unbalanced one ends the URI, and so
    // does link text after it (issue 36 item 2).
    finds(
        "http://example.com/list[1]/a and http://example.com/x{y} and http://example.com/z[w \
         and http://example.com/q[1] and",
        &[
            "http://example.com/list[1]/a",
            "http://example.com/x{y}",
            "http://example.com/z",
            "http://example.com/q",
        ],
    );
}

// ---------------------------------------------------------------------------------------
// Item 8: the URI an IRI maps to

#[test]
fn matches_map_to_their_uri() {
    let m = urisift::extract_slice(b"see <http://a.example/x>").next().unwrap();
    assert!(matches!(m.to_uri(), std::borrow::Cow::Borrowed("http://a.example/x")));
    // RFC 3987 §3.1: IDNA A-labels for the host, UTF-8 percent-encoded elsewhere.
    assert_eq!(
        urisift::uri::iri_to_uri("http://bücher.example/straße?q=Müller"),
        "http://xn--bcher-kva.example/stra%C3%9Fe?q=M%C3%BCller"
    );
    assert_eq!(
        urisift::uri::iri_to_uri("https://ja.wikipedia.org/wiki/東京"),
        "https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC"
    );
}

// ---------------------------------------------------------------------------------------
// Item 6: refanged on request

fn refanging() -> ExtractorBuilder {
    let mut builder = ExtractorBuilder::new();
    builder.refang(true);
    builder
}

#[test]
fn refang_reports_indicators_refanged_with_the_span_as_written() {
    let text = "IOC: hxxps://evil[.]example/path, also http://bad[.]example[.]org/x and hxxp://1.2.3[.]4/ \
                and fxp://files(.)example/ and http://evil(dot)example/a. HXXP://A[DOT]EXAMPLE/";
    for lane in [true, false] {
        let mut builder = refanging();
        builder.one_pass(lane);
        let found = matches_with(&builder, text.as_bytes());
        let got: Vec<(&str, &str, bool)> = found
            .iter()
            .map(|m| {
                let span = m.span();
                (m.uri(), &text[span.start as usize..span.end as usize], m.is_refanged())
            })
            .collect();
        assert_eq!(
            got,
            [
                ("https://evil.example/path", "hxxps://evil[.]example/path", true),
                ("http://bad.example.org/x", "http://bad[.]example[.]org/x", true),
                ("http://1.2.3.4/", "hxxp://1.2.3[.]4/", true),
                ("ftp://files.example/", "fxp://files(.)example/", true),
                ("http://evil.example/a", "http://evil(dot)example/a", true),
                ("http://A.EXAMPLE/", "HXXP://A[DOT]EXAMPLE/", true),
            ]
        );
    }
}

#[test]
fn refanged_text_is_validated_like_any_other() {
    // The refanged host is no name a reader would click: nothing, and the reason.
    let mut builder = refanging();
    assert_uris_with(&builder, "hxxp://-evil[.]example/ x", &[]);
    let found = rejected(&mut builder, "hxxp://-evil[.]example/ x");
    assert_eq!(found, [("http://-evil.example/".to_owned(), ErrorKind::UnclickableHost)]);
    // Plain URIs are not refanged, and other brackets are no marks.
    let found = matches_with(&refanging(), b"see http://a.example/x and http://b.example/list[1]/x");
    let uris: Vec<_> = found.iter().map(|m| (m.uri(), m.is_refanged())).collect();
    assert_eq!(uris, [("http://a.example/x", false), ("http://b.example/list[1]/x", false)]);
}

/// Rule 3 on refanged text as on any bare URI: a `(` at the end goes, and the parentheses
/// left are counted without it.
#[test]
fn refanged_text_is_trimmed_like_any_other() {
    let text = "hxxp://evil[.]example/a( and hxxp://evil[.]example/b)( and hxxp://evil[.]example/(c)(.";
    let found = matches_with(&refanging(), text.as_bytes());
    let uris: Vec<_> = found.iter().map(|m| m.uri()).collect();
    assert_eq!(uris, ["http://evil.example/a", "http://evil.example/b", "http://evil.example/(c)"]);
}

/// A flood of `)` after a refanged indicator is trimmed in linear time, and a flood of marks
/// past the length limit is an overlong candidate, not a cut URI.
#[test]
fn refang_floods() {
    let text = format!("hxxp://a[.]example/x{}", ")".repeat(60_000));
    let found: Vec<_> = refanging().build().slice(text.as_bytes()).collect();
    assert_eq!(found.iter().map(|m| m.uri()).collect::<Vec<_>>(), ["http://a.example/x"]);
    let text = format!("hxxp://a{}", "[.]a".repeat(100_000));
    let mut it = refanging().build().slice(text.as_bytes());
    assert_eq!(it.by_ref().count(), 0);
    assert_eq!(it.overlong(), 1);
}

// ---------------------------------------------------------------------------------------
// Issue 38: numeric IPv4 hosts, on request

/// A host that browsers read as an IPv4 address (decimal, hexadecimal, octal, fewer than four
/// parts) is no name (rule 12) by default, and a match flagged `numeric-ip` when asked for.
#[test]
fn numeric_hosts_are_reported_when_asked_for_and_flagged() {
    let text = "log in at http://3232235777/login or http://0xC0A80101/ or http://0300.0250.1.1/a \
                or http://192.168.257/ but not http://1.2.3.4.5/ nor http://999999999999/";
    assert_uris_with(&ExtractorBuilder::new(), text, &[]);
    for lane in [true, false] {
        let mut builder = ExtractorBuilder::new();
        builder.numeric_hosts(true).one_pass(lane);
        let found = matches_with(&builder, text.as_bytes());
        let got: Vec<(&str, bool)> =
            found.iter().map(|m| (m.uri(), m.flags().contains(urisift::Flag::NumericIp))).collect();
        assert_eq!(
            got,
            [
                ("http://3232235777/login", true),
                ("http://0xC0A80101/", true),
                ("http://0300.0250.1.1/a", true),
                ("http://192.168.257/", true),
            ],
            "lane {lane}"
        );
    }
    // Other hosts that are no names stay rejected, with their reason.
    let mut builder = ExtractorBuilder::new();
    builder.numeric_hosts(true);
    let found = rejected(&mut builder, "see http://-a.example/ x");
    assert_eq!(found, [("http://-a.example/".to_owned(), ErrorKind::UnclickableHost)]);
}
