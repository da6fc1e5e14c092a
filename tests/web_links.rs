//! The links of a web archive's pages (issue 39 items 1 and 2): relative `href`, `src` and
//! `action` values resolved against the page's base with `relative` (`--relative`), absolute
//! links only without it, and a page's `<base href>` never reported as one of its links. The
//! oracle is RFC 3986 §5.4's examples, whose base is a record's `WARC-Target-URI`.

use std::io::Write;
use std::process::Command;

use urisift::{ExtractorBuilder, Match, Rewrite};

/// A `response` record for `target` whose HTTP body is `html`, in WARC `version`.
fn response(version: &str, target: &str, html: &str) -> Vec<u8> {
    let http = format!("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n{html}");
    let mut r = format!(
        "WARC/{version}\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:r>\r\nWARC-Target-URI: {target}\r\n\
         Content-Type: application/http; msgtype=response\r\nContent-Length: {}\r\n\r\n",
        http.len()
    )
    .into_bytes();
    r.extend_from_slice(http.as_bytes());
    r.extend_from_slice(b"\r\n\r\n");
    r
}

/// RFC 3986 §5.4.1 and §5.4.2: references and their targets against `http://a/b/c/d;p?q`
/// (the abnormal examples that a reader could write in a page; `http:g` is a URI of its own).
const RFC3986_EXAMPLES: [(&str, &str); 30] = [
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    ("..g", "http://a/b/c/..g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
];

const BASE: &str = "http://a/b/c/d;p?q";

/// A page with each example as an `href`, and one absolute link.
fn examples_page() -> String {
    let mut html = "<!DOCTYPE html><p><a href=\"https://abs.example/\">abs</a>".to_owned();
    for (reference, _) in RFC3986_EXAMPLES {
        html.push_str(&format!("<a href=\"{reference}\">x</a>"));
    }
    html
}

fn finder(relative: bool) -> urisift::UriFinder {
    ExtractorBuilder::new().relative(relative).build()
}

#[test]
fn relative_links_resolve_against_the_target_uri_as_rfc_3986_says() {
    let input = response("1.1", BASE, &examples_page());
    let matches: Vec<Match> = finder(true).slice(&input).collect();
    let uris: Vec<&str> = matches.iter().map(|m| m.uri()).collect();
    let mut expected = vec!["https://abs.example/"];
    expected.extend(RFC3986_EXAMPLES.iter().map(|(_, target)| *target));
    assert_eq!(uris, expected);
    // Each spans the value as written, is marked resolved, and names its record.
    assert_eq!(matches[0].rewrite(), None);
    for (m, (reference, _)) in matches[1..].iter().zip(RFC3986_EXAMPLES) {
        assert_eq!(&input[..][m.span()], reference.as_bytes(), "{m:?}");
        assert_eq!(m.rewrite(), Some(Rewrite::Resolved));
        let origin = m.origin().unwrap();
        assert_eq!((origin.place().to_string(), origin.target_uri()), ("html:href".to_owned(), Some(BASE)));
    }
    // A reader gives the same, in windows of every size the source reads.
    let read: Vec<Match> = finder(true).reader(&input[..]).collect::<Result<_, _>>().unwrap();
    assert!(read == matches);
}

#[test]
fn off_by_default_only_absolute_links_are_given() {
    let input = response("1.1", BASE, &examples_page());
    let uris: Vec<String> = finder(false).slice(&input).map(|m| m.uri().to_owned()).collect();
    assert_eq!(uris, ["https://abs.example/"]);
    assert!(urisift::extract_slice(&input).map(|m| m.uri().to_owned()).eq(uris));
}

#[test]
fn relative_links_resolve_against_the_pages_base_href() {
    // A relative base is resolved against the target URI; the links against it.
    let html = "<html><head><base href=\"/x/y/\"></head><a href=\"g\">g</a><img src=\"../i.png\">\
                <form action=\"?s=1\"></form><a href=\"//other.example/p\">o</a>";
    let input = response("1.1", "https://site.example/dir/page", html);
    let uris = |relative| finder(relative).slice(&input).map(|m| m.uri().to_owned()).collect::<Vec<_>>();
    assert_eq!(
        uris(true),
        [
            "https://site.example/x/y/g",
            "https://site.example/x/i.png",
            "https://site.example/x/y/?s=1",
            "https://other.example/p",
        ]
    );
    // Off, a relative base is no base: nothing.
    assert!(uris(false).is_empty());
    // An absolute base is the base, with or without the option (as in mail), and is no link.
    let html =
        "<base href=\"http://b.example/d/e\"><a href=\"../f#t\">f</a><a href=\"https://c.example/\">c</a>";
    let input = response("1.1", "https://site.example/dir/page", html);
    for relative in [false, true] {
        let matches: Vec<Match> = finder(relative).slice(&input).collect();
        let got: Vec<(&str, Option<Rewrite>)> = matches.iter().map(|m| (m.uri(), m.rewrite())).collect();
        assert_eq!(got, [("http://b.example/f#t", Some(Rewrite::Resolved)), ("https://c.example/", None)]);
        assert_eq!(&input[..][matches[0].span()], b"../f#t");
    }
}

#[test]
fn a_pages_base_href_is_not_one_of_its_links() {
    let html = "<!DOCTYPE html><html><head><base href=\"http://base.example/dir/\"></head>\
                <body><a href=\"page.html\">p</a></body></html>";
    let saved: Vec<String> = urisift::extract_str(html).map(|m| m.uri().to_owned()).collect();
    assert_eq!(saved, ["http://base.example/dir/page.html"]);
    let archived = response("1.1", "http://base.example/dir/", html);
    for relative in [false, true] {
        let got: Vec<String> = finder(relative).slice(&archived).map(|m| m.uri().to_owned()).collect();
        assert_eq!(got, saved);
    }
    // A mail's HTML part still gives its base: the sender's site (tests/data/mail/check/html-base).
    let mail = format!("From: a@example.org\nSubject: s\nContent-Type: text/html\n\n{html}\n");
    let got: Vec<String> = urisift::extract_str(&mail).map(|m| m.uri().to_owned()).collect();
    assert_eq!(got, ["http://base.example/dir/", "http://base.example/dir/page.html"]);
}

#[test]
fn a_saved_page_has_no_uri_of_its_own() {
    let html = "<!DOCTYPE html><a href=\"/rel\">r</a><a href=\"http://abs.example/\">a</a>";
    let got: Vec<String> = finder(true).slice(html.as_bytes()).map(|m| m.uri().to_owned()).collect();
    assert_eq!(got, ["http://abs.example/"]);
}

#[test]
fn a_warc_1_0_target_uri_in_angle_brackets_is_a_base() {
    let input = response("1.0", "<http://a.example/d/p>", "<a href=\"q\">q</a>");
    let m = finder(true).slice(&input).next().expect("the resolved link");
    assert_eq!(m.uri(), "http://a.example/d/q");
    assert_eq!(m.origin().unwrap().target_uri(), Some("<http://a.example/d/p>"));
}

/// The command line's output on `stdin` with `args`.
fn cli(args: &[&str], stdin: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urisift"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || pipe.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_command_line_resolves_with_relative() {
    let input = response("1.1", BASE, "<a href=\"../g?y#s\">g</a> <a href=\"http://abs.example/\">a</a>");
    assert_eq!(cli(&["-"], &input), "http://abs.example/\n");
    assert_eq!(cli(&["--relative", "-"], &input), "http://a/b/g?y#s\nhttp://abs.example/\n");
    let json = cli(&["--relative", "--json", "-"], &input);
    let records: Vec<serde_json::Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let resolved = &records[0];
    assert_eq!(resolved["uri"], "http://a/b/g?y#s");
    assert_eq!(resolved["rewrite"], "resolved");
    assert_eq!(resolved["found"], "html:href");
    assert_eq!(resolved["target_uri"], BASE);
    let (start, end) =
        (resolved["start"].as_u64().unwrap() as usize, resolved["end"].as_u64().unwrap() as usize);
    assert_eq!(&input[start..end], b"../g?y#s");
    assert!(records[1].get("rewrite").is_none());
}
