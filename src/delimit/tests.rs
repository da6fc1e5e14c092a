use super::lines::{line_ending, line_ending_len};
use super::opener::Opener;
use super::run::skip_uri_chars;
use super::trim::closing_run;
use super::*;

fn window(text: &[u8]) -> Window<'_> {
    Window { text, lo: 0, lo_is_start: true, complete: true, cut: false }
}

fn streaming(text: &[u8]) -> Window<'_> {
    Window { complete: false, ..window(text) }
}

fn joined(text: &[u8], pieces: &Pieces, drop: bool) -> String {
    let mut out = Vec::new();
    pieces.write_reading(text, drop, &mut out);
    String::from_utf8(out).unwrap()
}

fn bare_of(text: &str, hyphen: bool) -> (String, Option<String>, BareEnd) {
    let joins = if hyphen { Joins::HYPHEN } else { Joins::NONE };
    let t = text.as_bytes();
    let colon = text.find(':').unwrap();
    let s = crate::find::scheme_start(t, colon, 0).unwrap();
    let authority = t[colon + 1..].starts_with(b"//").then_some(colon + 3);
    let start = Start { s, body: colon + 1, authority, iri: true };
    let mut p = Pieces::default();
    let end = bare(&window(t), start, joins, t.len() + 10, &mut p).unwrap();
    trim(t, &mut p, colon + 1);
    let second = (!p.breaks.is_empty()).then(|| joined(t, &p, true));
    (joined(t, &p, false), second, end)
}

#[test]
fn bare_ends_at_excluded_and_trims_punctuation() {
    assert_eq!(bare_of("see http://a.b/c. Next", true).0, "http://a.b/c");
    assert_eq!(bare_of("(http://a.b/c), and", true).0, "http://a.b/c");
    assert_eq!(
        bare_of("http://en.wikipedia.org/wiki/Set_(mathematics))", true).0,
        "http://en.wikipedia.org/wiki/Set_(mathematics)"
    );
    assert_eq!(bare_of("\"http://a.b/?q=1\".", true).0, "http://a.b/?q=1");
    assert_eq!(bare_of("'http://a.b/'", true).0, "http://a.b/");
    assert_eq!(bare_of("http://a.b/x<y", true).0, "http://a.b/x");
    assert_eq!(bare_of("http://a.b/x!?;:,.'", true).0, "http://a.b/x");
    let (_, _, end) = bare_of("[http://a.b/]", true);
    assert_eq!(end.stop, Some(b']'));
}

/// A run of `)` loses as many as have no `(` in the URI, with punctuation between runs,
/// across a hyphen line break, and never below the byte after the colon.
#[test]
fn skips_uri_chars_up_to_an_excluded_byte_or_the_stop() {
    let text = b"http://a.example/a-long-path/x y>";
    let space = text.iter().position(|&b| b == b' ').unwrap();
    assert_eq!(skip_uri_chars(text, 0, 100), space);
    assert_eq!(skip_uri_chars(text, 3, 20), 20);
    assert_eq!(skip_uri_chars(text, space, 100), space);
    assert_eq!(skip_uri_chars(text, space + 1, 100), space + 2);
    assert_eq!(skip_uri_chars(&text[..space], 0, 100), space);
    assert_eq!(skip_uri_chars(text, 40, 100), 40);
    for n in 0..20 {
        let mut t = vec![b'a'; n];
        t.push(b'"');
        assert_eq!(skip_uri_chars(&t, 0, usize::MAX), n);
    }
}

#[test]
fn closing_runs() {
    assert_eq!(closing_run(b""), 0);
    assert_eq!(closing_run(b"a)"), 1);
    assert_eq!(closing_run(b")a"), 0);
    assert_eq!(closing_run(&[b')'; 8]), 8);
    assert_eq!(closing_run(b"(x)))))))))))"), 11);
    let mut t = b"((".to_vec();
    t.extend_from_slice(&[b')'; 17]);
    assert_eq!(closing_run(&t), 17);
}

/// The shortcut gives what the parser gives, in both modes.
#[test]
fn line_ending_len_agrees_with_the_parser() {
    for rest in [&b""[..], b"\r", b"\n", b"\r\n", b"\n\r", b"\rx", b"\r\r", b"x\n", b" \n", b"\r\nx"] {
        for complete in [true, false] {
            let parsed = recognize(line_ending(), rest, complete)
                .map(|r| r.map(|(after, _)| rest.len() - after.len()));
            assert_eq!(line_ending_len(rest, complete), parsed, "{rest:?} {complete}");
        }
    }
}

#[test]
fn trims_runs_of_unmatched_parentheses() {
    assert_eq!(bare_of("http://a.b/x))))))) and", true).0, "http://a.b/x");
    assert_eq!(bare_of("http://a.b/(x(y))))))", true).0, "http://a.b/(x(y))");
    assert_eq!(bare_of("http://a.b/(x)).).", true).0, "http://a.b/(x)");
    // Two `(`, four `)`: the two `)` after the `.` go, then the `.`; the balanced ones stay.
    assert_eq!(bare_of("http://a.b/((x)).)),", true).0, "http://a.b/((x))");
    let (first, second, _) = bare_of("http://a.b/(x-\n  y)))", true);
    assert_eq!((first.as_str(), second.as_deref()), ("http://a.b/(x-y)", Some("http://a.b/(xy)")));
    assert_eq!(bare_of("x:))))", true).0, "x:");
    assert_eq!(bare_of("x:(()))", true).0, "x:(())");
}

/// A `(` at the end of a bare URI opens nothing in it: it goes, as an opening typographic mark
/// does, before or after punctuation and unmatched `)`; the parentheses left are counted
/// without it (`a)(` loses both). Inside a URI it stays.
#[test]
fn a_trailing_opening_parenthesis_is_no_part_of_the_uri() {
    assert_eq!(bare_of("see http://a.b/x( and", true).0, "http://a.b/x");
    assert_eq!(bare_of("http://a.b/x((", true).0, "http://a.b/x");
    assert_eq!(bare_of("http://a.b/x(.", true).0, "http://a.b/x");
    assert_eq!(bare_of("http://a.b/x)(", true).0, "http://a.b/x");
    assert_eq!(bare_of("http://a.b/(x)(", true).0, "http://a.b/(x)");
    assert_eq!(bare_of("http://a.b/(x))(", true).0, "http://a.b/(x)");
    assert_eq!(bare_of("http://a.b/x(y z", true).0, "http://a.b/x(y");
    assert_eq!(bare_of("x:(", true).0, "x:");
    let (first, second, _) = bare_of("http://a.b/x-\n  y(", true);
    assert_eq!((first.as_str(), second.as_deref()), ("http://a.b/x-y", Some("http://a.b/xy")));
}

#[test]
fn trimming_never_eats_the_scheme() {
    assert_eq!(bare_of("mailto:.", true).0, "mailto:");
}

#[test]
fn ip_literal_only_as_host() {
    assert_eq!(bare_of("http://[::1]:80/x y", true).0, "http://[::1]:80/x");
    assert_eq!(bare_of("http://u@[v7.x]/ y", true).0, "http://u@[v7.x]/");
    // After the host a balanced bracket stays (an IRI's reading, issue 18 item 7); in the host
    // it ends the URI.
    assert_eq!(bare_of("http://a/[x]", true).0, "http://a/[x]");
    assert_eq!(bare_of("http://a/[x y", true).0, "http://a/");
    assert_eq!(bare_of("http://{a}/x", true).0, "http://");
    assert_eq!(bare_of("http://[::1 x", true).0, "http://");
    assert_eq!(bare_of("[http://[::1]/]", true).2.stop, Some(b']'));
}

#[test]
fn hyphen_line_break_continues() {
    let (one, two, _) = bare_of("http://www.dcc-\n  servers.net/dcc/ x", true);
    assert_eq!(one, "http://www.dcc-servers.net/dcc/");
    assert_eq!(two.as_deref(), Some("http://www.dccservers.net/dcc/"));
    // Blanks may follow the hyphen; CRLF works.
    let (one, _, _) = bare_of("http://a-  \r\n\tb.c/", true);
    assert_eq!(one, "http://a-b.c/");
    // Not after a blank line, not without a hyphen, not without joins.
    assert_eq!(bare_of("http://a-\n\nb", true).0, "http://a-");
    assert_eq!(bare_of("http://a\nb", true).0, "http://a");
    assert_eq!(bare_of("http://a-\nb", false).0, "http://a-");
    // Nothing joinable on the next line.
    let (one, two, _) = bare_of("http://a-\n<b>", true);
    assert_eq!((one.as_str(), two), ("http://a-", None));
    // Another URI on the next line.
    let (one, two, _) = bare_of("http://a/x-\nftp://b/", true);
    assert_eq!((one.as_str(), two), ("http://a/x-", None));
    assert_eq!(bare_of("http://a/x-\nftp:b", true).0, "http://a/x-ftp:b");
}

#[test]
fn repair_joins_the_first_line_break_only() {
    let t = b"(https://\n        www.debian.org/x)\nmore";
    let start = Start { s: 1, body: 7, authority: Some(9), iri: true };
    let mut p = Pieces::default();
    bare(&window(t), start, Joins::REPAIR, 100, &mut p).unwrap();
    assert_eq!(joined(t, &p, false), "https://www.debian.org/x)");
    assert!(p.breaks.is_empty());
    // Re-wrapped quoted text: the next line's prefix may have another depth.
    let t = b"> >http://x/a%\n> 3A%20b\n> >c";
    let start = Start { s: 3, body: 8, authority: Some(10), iri: true };
    bare(&window(t), start, Joins::REPAIR, 100, &mut p).unwrap();
    assert_eq!(joined(t, &p, false), "http://x/a%3A%20b");
}

/// Many lines in a row (joined by `join_plain_lines` after the first), and each way the
/// run of joins can end.
#[test]
fn hyphen_line_breaks_in_a_row() {
    let (one, two, _) = bare_of("http://a/b-\n c-\n d-\n e/ x", true);
    assert_eq!((one.as_str(), two.as_deref()), ("http://a/b-c-d-e/", Some("http://a/bcde/")));
    // Another URI on the third line: the run stops after the second.
    let (one, two, _) = bare_of("http://a/b-\n c-\n ftp://d/", true);
    assert_eq!((one.as_str(), two.as_deref()), ("http://a/b-c-", Some("http://a/bc-")));
    // A no-break space indents the third line: joined as well.
    assert_eq!(bare_of("http://a/b-\n c-\n\u{a0}d/", true).0, "http://a/b-c-d/");
    // A line that ends otherwise ends the URI.
    assert_eq!(bare_of("http://a/b-\n c-\n d\n e", true).0, "http://a/b-c-d");
    // The third line starts at the limit: overlong, ending after the second.
    let t = b"http://a/b-\n c-\n d-\n e/ x";
    let start = Start { s: 0, body: 5, authority: Some(7), iri: true };
    let mut p = Pieces::default();
    let end = bare(&window(t), start, Joins::HYPHEN, 17, &mut p).unwrap();
    assert_eq!((end.end, end.overlong), (15, true));
    // A partial window that ends inside or right after the third line decides nothing.
    for t in [&b"http://a/b-\n c-\n d"[..], b"http://a/b-\n c-\n", b"http://a/b-\n c-\n d-"] {
        assert_eq!(bare(&streaming(t), start, Joins::HYPHEN, 100, &mut p), Err(Incomplete), "{t:?}");
    }
}

#[test]
fn hyphen_break_followed_only_by_punctuation_is_forgotten() {
    let (one, two, _) = bare_of("http://a/b-\n.", true);
    assert_eq!((one.as_str(), two), ("http://a/b-", None));
}

#[test]
fn quoted_reply_prefix_is_skipped() {
    let t = b"> http://www.dcc-\n> servers.net/dcc/\n";
    let w = window(t);
    let depth = quote_depth(&w, 2);
    assert_eq!(depth, 1);
    let mut p = Pieces::default();
    let start = Start { s: 2, body: 7, authority: Some(9), iri: true };
    bare(&w, start, Joins::HYPHEN, 100, &mut p).unwrap();
    assert_eq!(joined(t, &p, false), "http://www.dcc-servers.net/dcc/");
    // A different depth does not continue.
    let t = b"> http://www.dcc-\n>> servers.net/\n";
    bare(&window(t), start, Joins::HYPHEN, 100, &mut p).unwrap();
    assert_eq!(joined(t, &p, false), "http://www.dcc-");
}

#[test]
fn bare_needs_more_input_at_the_end() {
    let t = b"http://a.b/c";
    let start = Start { s: 0, body: 5, authority: Some(7), iri: true };
    let mut p = Pieces::default();
    assert_eq!(bare(&streaming(t), start, Joins::HYPHEN, 100, &mut p), Err(Incomplete));
    let t = b"http://a-";
    assert_eq!(bare(&streaming(t), start, Joins::HYPHEN, 100, &mut p), Err(Incomplete));
    let t = b"http://a-\n";
    assert_eq!(bare(&streaming(t), start, Joins::HYPHEN, 100, &mut p), Err(Incomplete));
    let t = b"http://a.b/c ";
    assert!(bare(&streaming(t), start, Joins::HYPHEN, 100, &mut p).is_ok());
}

#[test]
fn bare_limit() {
    let t = b"http://abcdefgh";
    let start = Start { s: 0, body: 5, authority: Some(7), iri: true };
    let mut p = Pieces::default();
    let end = bare(&window(t), start, Joins::HYPHEN, 10, &mut p).unwrap();
    assert!(end.overlong);
    let end = bare(&window(t), start, Joins::HYPHEN, 15, &mut p).unwrap();
    assert!(!end.overlong);
    let cut = Window { cut: true, ..window(t) };
    assert!(bare(&cut, start, Joins::HYPHEN, 100, &mut p).unwrap().overlong);
}

fn angle_of(text: &str) -> Option<(String, Option<String>)> {
    let t = text.as_bytes();
    let colon = text.find("://").or_else(|| text.find(':'))?;
    let s = crate::find::scheme_start(t, colon, 0)?;
    let w = window(t);
    let open = opener(&w, s, 0).angle?;
    let mut p = Pieces::default();
    match angle(&w, s, open.0, t.len(), true, &mut p).unwrap() {
        AngleEnd::Closed(_) => {
            let second = (!p.breaks.is_empty()).then(|| joined(t, &p, true));
            Some((joined(t, &p, false), second))
        }
        AngleEnd::Open | AngleEnd::Overlong(_) => None,
    }
}

#[test]
fn angle_removes_white_space() {
    assert_eq!(
        angle_of("from <ftp://ds.internic.\n      net/rfc/>.").unwrap().0,
        "ftp://ds.internic.net/rfc/"
    );
    assert_eq!(angle_of("<URL:ftp://x/doc;\n      type=d>").unwrap().0, "ftp://x/doc;type=d");
    assert_eq!(angle_of("< URL: http://x/ >").unwrap().0, "http://x/");
    assert_eq!(angle_of("<URL:\n  http://x/\n  y>").unwrap().0, "http://x/y");
    // Nothing is trimmed inside.
    assert_eq!(angle_of("<http://x/.>").unwrap().0, "http://x/.");
}

#[test]
fn angle_hyphen_break_gives_two_readings() {
    let (one, two) = angle_of("<URL:http://www-\n     diglib.stanford.edu/>").unwrap();
    assert_eq!(one, "http://www-diglib.stanford.edu/");
    assert_eq!(two.as_deref(), Some("http://wwwdiglib.stanford.edu/"));
    // A hyphen before a space that is not a line break is not a break.
    assert_eq!(angle_of("<http://a- b>").unwrap().1, None);
}

#[test]
fn angle_is_not_a_wrapper_when_open() {
    assert_eq!(angle_of("<http://a b"), None);
    assert_eq!(angle_of("<http://a <http://b>"), None);
    assert_eq!(angle_of("<http://a\n\nb>"), None);
    assert_eq!(angle_of("<http://a\"b>"), None);
    assert_eq!(angle_of("<http://a\u{85}>"), None);
    assert_eq!(angle_of("<http://a\u{a0}b>"), None);
    assert_eq!(angle_of("<https://\u{2026}>"), None);
    assert_eq!(angle_of("<http://a\u{e9}>").unwrap().0, "http://a\u{e9}");
}

#[test]
fn angle_in_a_quoted_reply() {
    assert_eq!(angle_of("> see <http://a/b\n> c/d>").unwrap().0, "http://a/bc/d");
    assert_eq!(angle_of("> see <http://a/b\n c/d>"), None);
}

#[test]
fn angle_needs_more_input() {
    let t = b"<http://a/b\n";
    let mut p = Pieces::default();
    assert_eq!(angle(&streaming(t), 1, 0, 100, true, &mut p), Err(Incomplete));
    assert_eq!(angle(&streaming(b"<http://a/b\r"), 1, 0, 100, true, &mut p), Err(Incomplete));
    assert_eq!(angle(&window(t), 1, 0, 100, true, &mut p), Ok(AngleEnd::Open));
}

#[test]
fn openers() {
    let at = |text: &str| {
        let s = text.find("http").unwrap();
        opener(&window(text.as_bytes()), s, 0)
    };
    assert_eq!(at("<http://x>").angle, Some((0, false)));
    assert_eq!(at("<URL:http://x>").angle, Some((0, true)));
    assert_eq!(at("< url: \n http://x>").angle, Some((0, true)));
    assert_eq!(at("URL: http://x").url_prefix, Some(0));
    assert_eq!(at("URL:http://x").url_prefix, Some(0));
    assert_eq!(at("XURL:http://x").url_prefix, None);
    assert_eq!(at("URL:\nhttp://x").url_prefix, None);
    let mark = |text: &str| at(text).mark.map(|m| m.open);
    assert_eq!(mark("\"http://x\""), Some(&b"\""[..]));
    assert_eq!(mark("[http://x]"), Some(&b"["[..]));
    assert_eq!(mark("{http://x}"), Some(&b"{"[..]));
    assert_eq!(mark("(http://x)"), Some(&b"("[..]));
    assert_eq!(mark("*http://x*"), Some(&b"*"[..]));
    assert_eq!(mark("'http://x'"), Some(&b"'"[..]));
    assert_eq!(mark("xhttp://x"), None);
    // The floor is a hard edge.
    let t = b"<http://x";
    assert_eq!(opener(&window(t), 1, 1), Opener::default());
}

#[test]
fn quote_depths() {
    let w = window(b"a\n> > b\n>>c");
    assert_eq!(quote_depth(&w, 0), 0);
    assert_eq!(quote_depth(&w, 6), 2);
    assert_eq!(quote_depth(&w, 10), 2);
    let unknown = Window { lo: 3, lo_is_start: false, ..w };
    assert_eq!(quote_depth(&unknown, 6), 0);
}
