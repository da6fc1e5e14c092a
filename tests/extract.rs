//! Extraction by the rules of RFC 2396 Appendix E (seed 000), the RFC 1738 appendix
//! "Recommendations for URLs in Context", and the older draft's Appendix E (seed 004).
//!
//! Every case runs through the slice path and through readers that split the input into
//! 1-byte, 2-byte and odd-sized reads (with and without `Interrupted`), which must all agree
//! (see `common`). Expectations come from the rules and from reading the texts, not from
//! running the extractor.

mod common;

use std::io::{self, Read};

use common::{assert_uris, assert_uris_with, find_nth, matches, matches_with, slice_events};
use urisift::uri::{ErrorKind, Grammar};
use urisift::{Delimiter, Event, ExtractorBuilder, Match, Span};

fn delimiters(found: &[Match]) -> Vec<Delimiter> {
    found.iter().map(Match::delimiter).collect()
}

fn span(range: (u64, u64)) -> Span {
    Span::new(range.0, range.1)
}

// ---------------------------------------------------------------------------------------
// The specifications' own examples

/// Seed 000 Appendix E, its example text and the three URI references it says it contains.
#[test]
fn appendix_e_example() {
    let text = "      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
                \x20     but you can probably pick it up from <ftp://ds.internic.\n\
                \x20     net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n\
                \x20     ietf/uri/historical.html#WARNING>.\n";
    let found = assert_uris(
        text,
        &[
            "http://www.w3.org/Addressing/",
            "ftp://ds.internic.net/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        ],
    );
    assert_eq!(delimiters(&found), [Delimiter::Quoted, Delimiter::Angle, Delimiter::Angle]);

    // Spans: the URI text without its wrapper; outer spans with it.
    let quoted = find_nth(text, "http://www.w3.org/Addressing/", 0);
    assert_eq!(found[0].span(), span(quoted));
    assert_eq!(found[0].outer_span(), Span::new(quoted.0 - 1, quoted.1 + 1));
    assert_eq!(found[0].pieces(), [span(quoted)]);

    // The wrapped one is joined from two pieces; its span covers the line break.
    let first = find_nth(text, "ftp://ds.internic.", 0);
    let second = find_nth(text, "net/rfc/", 0);
    assert_eq!(found[1].span(), Span::new(first.0, second.1));
    assert_eq!(found[1].outer_span(), Span::new(first.0 - 1, second.1 + 1));
    assert_eq!(found[1].pieces(), [span(first), span(second)]);
    assert_eq!(found[1].scheme(), "ftp");
    assert_eq!(found[2].parsed().fragment(), Some("WARNING"));
    assert_eq!(found[2].parsed().host(), Some("www.ics.uci.edu"));
}

/// RFC 1738, appendix "Recommendations for URLs in Context": `<URL:...>` broken across lines,
/// once in the middle of the host name.
#[test]
fn rfc1738_appendix_example() {
    let text = "      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n\
                \x20     type=d> but you can probably pick it up from <URL:ftp://ds.in\n\
                \x20     ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.\n\
                \x20     net/instructions/overview.html#WARNING>.\n";
    let found = assert_uris(
        text,
        &[
            "ftp://info.cern.ch/pub/www/doc;type=d",
            "ftp://ds.internic.net/rfc",
            "http://ds.internic.net/instructions/overview.html#WARNING",
        ],
    );
    assert_eq!(delimiters(&found), [Delimiter::AngleUrlPrefix; 3]);
    let lt = find_nth(text, "<URL:ftp://info", 0).0;
    assert_eq!(found[0].outer_span().start, lt);
    assert_eq!(found[0].span().start, lt + 5);
    assert_eq!(text.as_bytes()[found[0].outer_span().end as usize - 1], b'>');
}

/// The reference list of RFC 1738, verbatim with its page break: each reference ends with a
/// `<URL:...>`, two of them wrapped before a `/`.
#[test]
fn rfc1738_reference_list() {
    let text = include_str!("common/rfc1738-references.txt");
    let found = assert_uris(
        text,
        &[
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
        ],
    );
    assert!(found.iter().all(|m| m.delimiter() == Delimiter::AngleUrlPrefix));
    assert_eq!(found[1].pieces().len(), 2);
    assert_eq!(found[0].parsed().path(), "/rfc/rfc1436.txt;type=a");
}

/// Seed 004, the older Appendix E: "URLs are delimited in a variety of ways, using brackets
/// [http://test.com/] or angle brackets or even paired braces {http://test.com}".
#[test]
fn older_draft_brackets_and_braces() {
    let text = "using brackets [http://test.com/] or angle brackets <http://test.com/> or even\n\
                paired braces {http://test.com}, with or (usually) without the \"URL:\" prefix.";
    let found = assert_uris(text, &["http://test.com/", "http://test.com/", "http://test.com"]);
    assert_eq!(delimiters(&found), [Delimiter::Bracketed, Delimiter::Angle, Delimiter::Braced]);
    let (start, end) = find_nth(text, "{http://test.com}", 0);
    assert_eq!(found[2].outer_span(), Span::new(start, end));
    assert_eq!(found[2].span(), Span::new(start + 1, end - 1));
}

// ---------------------------------------------------------------------------------------
// Rule 1: the scheme

#[test]
fn rule1_leading_non_letters_are_not_the_scheme() {
    let text = "\"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"";
    let found = assert_uris(text, &["http://www.google.com/bot.html"]);
    assert_eq!(found[0].span(), span(find_nth(text, "http://www.google.com/bot.html", 0)));
    assert_eq!(found[0].delimiter(), Delimiter::Bare);
    assert_uris("1.http://a.example/ and -ftp://b.example/x", &["http://a.example/", "ftp://b.example/x"]);
}

#[test]
fn rule1_registered_schemes_may_be_opaque() {
    assert_uris(
        "Write to mailto:info@example.org, read news:comp.lang.c++ or urn:isbn:0451450523; \
         call tel:+1-201-555-0123 at geo:37.786971,-122.399677.",
        &[
            "mailto:info@example.org",
            "news:comp.lang.c++",
            "urn:isbn:0451450523",
            "tel:+1-201-555-0123",
            "geo:37.786971,-122.399677",
        ],
    );
}

#[test]
fn rule1_unregistered_schemes_need_two_slashes() {
    assert_uris("foo:bar x-custom:thing", &[]);
    assert_uris("open x-custom://host.example/path now", &["x-custom://host.example/path"]);
}

#[test]
fn rule1_scheme_names_ignore_case() {
    assert_uris("HTTP://A.EXAMPLE/X and MailTo:a@b.example", &["HTTP://A.EXAMPLE/X", "MailTo:a@b.example"]);
}

/// Registered names that are everyday words or log labels are schemes only with `//`;
/// registered schemes written opaquely keep working (see `find.rs` for the list).
#[test]
fn rule1_word_like_registered_schemes_need_two_slashes() {
    assert_uris(
        "INFO:root:started session:4f2a Message:queued Tool:grep query:x platform:linux go:build",
        &[],
    );
    assert_uris("set about:blank as home; data:,Hello is short", &["about:blank", "data:,Hello"]);
    assert_uris("AIM:DyErthScum ICQ:32026672", &[]);
    // Phone numbers in signatures are labels unless they are RFC 3966 numbers.
    assert_uris(
        "Tel:415-933-7595 Fax:(248)848-5600 FAX:512-719-7070 tel:+1-816-555-1212 fax:+358.555.1234567",
        &["tel:+1-816-555-1212", "fax:+358.555.1234567"],
    );
    // A pronunciation in the Jargon File, not an RFC 6920 name.
    assert_uris("nybble: /nib'l/ or /ni:'bl/ n.", &[]);
}

/// A sentence that ends without a space before a URI (hard_ham).
#[test]
fn rule1_sentence_glued_to_a_scheme() {
    let text = "you'll need for the festive season.http://www.tesco.ie/Register/
";
    let found = assert_uris(text, &["http://www.tesco.ie/Register/"]);
    assert_eq!(found[0].span(), span(find_nth(text, "http://www.tesco.ie/Register/", 0)));
}

/// The walk back to the scheme start is bounded: a run of scheme characters longer than any
/// scheme glued to `://` is not a URI.
#[test]
fn rule1_scheme_look_back_is_bounded() {
    let glued = format!("{}http://a.example/", "a".repeat(100));
    assert_uris(&glued, &[]);
    let spaced = format!("{} http://a.example/", "a".repeat(100));
    assert_uris(&spaced, &["http://a.example/"]);
}

// ---------------------------------------------------------------------------------------
// Rule 2: where a bare URI ends

#[test]
fn rule2_bare_uri_ends_at_excluded_characters() {
    for end in
        [" ", "\t", "\n", "\r\n", "\x01", "\x7f", "<", ">", "\"", "{", "}", "|", "\\", "^", "`", "[", "]"]
    {
        let text = format!("http://a.example/p{end}q");
        assert_uris(&text, &["http://a.example/p"]);
    }
}

#[test]
fn rule2_ip_literal_after_slashes_or_userinfo() {
    assert_uris("at http://[::1]:8080/x, or", &["http://[::1]:8080/x"]);
    assert_uris("at http://user@[2001:db8::7]/c=GB?x", &["http://user@[2001:db8::7]/c=GB?x"]);
    // In the host a bracket ends the URI; after it a balanced one stays (issue 18 item 7), and
    // an unbalanced one ends it. One that ends the URI after a word is link text or a footnote
    // mark (issue 36 item 2), not part of it.
    assert_uris("at http://a.example/list[1]/x now", &["http://a.example/list[1]/x"]);
    assert_uris("at http://a.example/list[1] now", &["http://a.example/list"]);
    assert_uris("at http://a.example/list[1 now", &["http://a.example/list"]);
    assert_uris("at http://a.example/list]1 now", &["http://a.example/list"]);
    // An IP literal inside a bracket wrapper.
    let found = assert_uris("[http://[::1]/]", &["http://[::1]/"]);
    assert_eq!(found[0].delimiter(), Delimiter::Bracketed);
}

// ---------------------------------------------------------------------------------------
// Rule 3: trailing punctuation and parentheses

#[test]
fn rule3_trailing_punctuation_is_trimmed() {
    assert_uris("See http://a.example/x.", &["http://a.example/x"]);
    assert_uris(
        "See http://a.example/x, http://b.example/y; and http://c.example/z:",
        &["http://a.example/x", "http://b.example/y", "http://c.example/z"],
    );
    assert_uris("Really http://a.example/?!'", &["http://a.example/"]);
    assert_uris("Dots http://a.example/x...", &["http://a.example/x"]);
    // Inside, the same characters stay.
    assert_uris("http://a.example/a.b,c;d:e!f?g'h ok", &["http://a.example/a.b,c;d:e!f?g'h"]);
}

#[test]
fn rule3_parentheses() {
    assert_uris(
        "(see https://en.wikipedia.org/wiki/Set_(mathematics))",
        &["https://en.wikipedia.org/wiki/Set_(mathematics)"],
    );
    assert_uris("(http://a.example/x).", &["http://a.example/x"]);
    assert_uris("[link](http://a.example/x) in markdown", &["http://a.example/x"]);
    assert_uris("http://a.example/(x)(y) ok", &["http://a.example/(x)(y)"]);
    // A `)` in the middle stays: only trailing ones are trimmed.
    assert_uris("http://a.example/a)b ok", &["http://a.example/a)b"]);
}

// ---------------------------------------------------------------------------------------
// Rule 4: angle brackets

#[test]
fn rule4_white_space_inside_angle_brackets_is_removed() {
    let found = assert_uris("<http://a.example/\r\n\tb/\x0c c>", &["http://a.example/b/c"]);
    assert_eq!(found[0].pieces().len(), 3);
    assert_uris("< http://a.example/ >", &["http://a.example/"]);
}

/// R. A. Hettinga's signature, some forty times in easy_ham.
#[test]
fn rule4_white_space_after_the_colon_inside_angle_brackets() {
    let found = assert_uris("R. A. Hettinga <mailto: rah@ibuc.com>\n", &["mailto:rah@ibuc.com"]);
    assert_eq!(found[0].delimiter(), Delimiter::Angle);
    assert_uris("<http:\n  //a.example/x>", &["http://a.example/x"]);
    // Outside angle brackets a blank after the colon ends it.
    assert_uris("mailto: rah@ibuc.com", &[]);
}

#[test]
fn rule4_nothing_is_trimmed_inside_angle_brackets() {
    assert_uris(
        "<http://a.example/x.> and <http://a.example/(y>",
        &["http://a.example/x.", "http://a.example/(y"],
    );
}

#[test]
fn rule4_angle_without_scheme_is_not_a_wrapper() {
    assert_uris("<not a uri> http://a.example/ <also not>", &["http://a.example/"]);
    let found = assert_uris("<see http://a.example/x>", &["http://a.example/x"]);
    assert_eq!(found[0].delimiter(), Delimiter::Bare);
}

#[test]
fn rule4_angle_without_closing_is_scanned_as_text() {
    let found = assert_uris("<http://a.example/x y z", &["http://a.example/x"]);
    assert_eq!(found[0].delimiter(), Delimiter::Bare);
    assert_eq!(found[0].outer_span(), found[0].span());
    // A blank line ends a paragraph, and an angle bracket does not reach over it.
    assert_uris("<http://a.example/x\n\ny>", &["http://a.example/x"]);
    // Neither does it reach over another `<`.
    assert_uris("<http://a.example/x <http://b.example/y>", &["http://a.example/x", "http://b.example/y"]);
}

/// Issue 20: a `<…>` closed only past the length limit is an overlong candidate, skipped and
/// reported, not read as ordinary text (which cut it); one never closed is no wrapper.
#[test]
fn rule4_closing_past_the_limit_is_overlong() {
    let mut builder = ExtractorBuilder::new();
    builder.max_uri_len(64);
    let far = format!("<http://a.example/x {}>", "word ".repeat(30));
    assert_uris_with(&builder, &far, &[]);
    let events = slice_events(&builder, far.as_bytes());
    assert!(matches!(events[..], [Event::Overlong(o)] if o.span().start == 1), "{events:?}");
    let open = format!("<http://a.example/x {}", "word ".repeat(30));
    let found = assert_uris_with(&builder, &open, &["http://a.example/x"]);
    assert_eq!(found[0].delimiter(), Delimiter::Bare);
    let near = format!("<http://a.example/x {}>", "w ".repeat(10));
    assert_uris_with(&builder, &near, &[&format!("http://a.example/x{}", "w".repeat(10))]);
}

#[test]
fn rule4_invalid_angle_content_falls_back_to_text() {
    let found = assert_uris("<http://a.example/ b%zz>", &["http://a.example/"]);
    assert_eq!(found[0].delimiter(), Delimiter::Bare);
}

// ---------------------------------------------------------------------------------------
// Rule 5: `URL:`

#[test]
fn rule5_url_prefix_is_never_part_of_the_uri() {
    let text = "URL:http://a.example/ and URL: http://b.example/. Also url:http://c.example/";
    let found = assert_uris(text, &["http://a.example/", "http://b.example/", "http://c.example/"]);
    assert_eq!(delimiters(&found), [Delimiter::UrlPrefix; 3]);
    assert_eq!(found[0].outer_span(), span(find_nth(text, "URL:http://a.example/", 0)));
    assert_eq!(found[1].outer_span(), span(find_nth(text, "URL: http://b.example/", 0)));
    let found = assert_uris("<URL: http://a.example/>", &["http://a.example/"]);
    assert_eq!(found[0].delimiter(), Delimiter::AngleUrlPrefix);
}

#[test]
fn rule5_url_alone_is_nothing() {
    assert_uris("URL: <URL:> URL:foo URL:/relative/path", &[]);
    // Not a prefix when glued to a word; the URI is still found.
    let found = assert_uris("CURL:http://a.example/", &["http://a.example/"]);
    assert_eq!(found[0].delimiter(), Delimiter::Bare);
}

// ---------------------------------------------------------------------------------------
// Rule 6: quotes, brackets, braces

#[test]
fn rule6_quotes_end_a_uri_and_punctuation_inside_is_trimmed() {
    let text = "He said \"http://a.example/x.\" and 'http://b.example/y.'";
    let found = assert_uris(text, &["http://a.example/x", "http://b.example/y"]);
    assert_eq!(found[0].delimiter(), Delimiter::Quoted);
    assert_eq!(found[0].outer_span(), span(find_nth(text, "\"http://a.example/x.\"", 0)));
    // A single quote before the scheme pairs with the closing one, as a double quote does.
    assert_eq!(found[1].delimiter(), Delimiter::Quoted);
    assert_eq!(found[1].outer_span(), span(find_nth(text, "'http://b.example/y.'", 0)));
    // Without one before the scheme, a trailing `'` is punctuation and one inside stays.
    let found = assert_uris(
        "see http://c.example/it's here, http://d.example/z'.",
        &["http://c.example/it's", "http://d.example/z"],
    );
    assert_eq!(found[1].delimiter(), Delimiter::Bare);
}

/// A list of URLs separated by commas (a CSV row, a `Link:` list written without blanks):
/// before, the scan read on through each comma, a URI character, and gave one URI that nobody
/// wrote. A comma that a scheme and `://` follow ends the URI before it, in every path and
/// with every wrapper but `<…>` (where the writer said where the URI ends).
#[test]
fn a_comma_before_a_url_ends_the_uri() {
    assert_uris("http://a.example/x,http://b.example/y", &["http://a.example/x", "http://b.example/y"]);
    assert_uris("\"http://a.example/x,https://b.example/y\"", &["http://a.example/x", "https://b.example/y"]);
    assert_uris("(http://a.example/x,ftp://b.example/y)", &["http://a.example/x", "ftp://b.example/y"]);
    assert_uris("<http://a.example/x,http://b.example/y>", &["http://a.example/x,http://b.example/y"]);
    // Commas before anything else stay.
    assert_uris(
        "http://a.example/0,1413,00.html, and mailto:a@b.example,c@d.example",
        &["http://a.example/0,1413,00.html", "mailto:a@b.example,c@d.example"],
    );
    // Across a hyphen line break: cut in both readings.
    let found = assert_uris(
        "http://a.example/x-\n  y,http://b.example/",
        &["http://a.example/x-y", "http://b.example/"],
    );
    assert_eq!(found[0].readings(), ["http://a.example/x-y", "http://a.example/xy"]);
}

/// Single-quoted URIs in code, logs and JSON-like text: before, the scan read on through the
/// closing quote, and `['http://a.example/x','http://b.example/y']` gave one URI that nobody
/// wrote, `http://a.example/x','http://b.example/y`, and lost the second.
#[test]
fn rule6_single_quotes_do_not_join_two_uris() {
    let text = "urls = ['http://a.example/x','http://b.example/y']";
    let found = assert_uris(text, &["http://a.example/x", "http://b.example/y"]);
    assert!(found.iter().all(|m| m.delimiter() == Delimiter::Quoted));
    assert_eq!(found[1].outer_span(), span(find_nth(text, "'http://b.example/y'", 0)));
    assert_uris("urllib.urlopen('http://weblog.example.net/').read()", &["http://weblog.example.net/"]);
    assert_uris("x = 'http://a.example/'+path", &["http://a.example/"]);
    // An apostrophe that a letter follows is inside the URI; the quote closes after it.
    assert_uris("echo 'http://a.example/it's' ok", &["http://a.example/it's"]);
    // Across a hyphen line break, in both readings.
    let found = assert_uris("['http://a.example/long-\n  path','x']", &["http://a.example/long-path"]);
    assert_eq!(found[0].readings(), ["http://a.example/long-path", "http://a.example/longpath"]);
    assert_eq!(found[0].delimiter(), Delimiter::Quoted);
}

#[test]
fn rule6_unclosed_quote_is_not_a_wrapper() {
    let found = assert_uris("\"http://a.example/x is it", &["http://a.example/x"]);
    assert_eq!(found[0].delimiter(), Delimiter::Bare);
}

#[test]
fn rule6_html_attributes() {
    let found = assert_uris(
        "<a href=\"http://a.example/x?y=1&amp;z=2\">x</a><img src=http://b.example/i.gif>",
        &["http://a.example/x?y=1&amp;z=2", "http://b.example/i.gif"],
    );
    assert_eq!(delimiters(&found), [Delimiter::Quoted, Delimiter::Bare]);
}

#[test]
fn rule6_brackets_and_braces_trim_inside() {
    let found = assert_uris(
        "[http://a.example/x.] {http://b.example/y;}",
        &["http://a.example/x", "http://b.example/y"],
    );
    assert_eq!(delimiters(&found), [Delimiter::Bracketed, Delimiter::Braced]);
}

// ---------------------------------------------------------------------------------------
// Rule 7: a line break right after a hyphen

#[test]
fn rule7_hyphen_break_in_angle_brackets_gives_two_readings() {
    // draft-ietf-uri-urc-req-01, a reference.
    let text = "     Dept., Stanford  University, Stanford CA 94305.  <URL:http://www-\n\
                \x20    diglib.stanford.edu/diglib/pub/reports/BRIOTR/>\n";
    let found = assert_uris(text, &["http://www-diglib.stanford.edu/diglib/pub/reports/BRIOTR/"]);
    assert_eq!(
        found[0].readings(),
        [
            "http://www-diglib.stanford.edu/diglib/pub/reports/BRIOTR/",
            "http://wwwdiglib.stanford.edu/diglib/pub/reports/BRIOTR/"
        ]
    );
    assert_eq!(found[0].pieces().len(), 2);
}

#[test]
fn rule7_hyphen_break_in_quotes() {
    // draft-ietf-uri-urc-sgml-00: an SGML entity declaration.
    let text = "<!ENTITY % default-as SYSTEM  \"urn:x-dns-2:uri.acl.lanl.gov:default-1-\ndtd\">\n";
    let found = assert_uris(text, &["urn:x-dns-2:uri.acl.lanl.gov:default-1-dtd"]);
    assert_eq!(
        found[0].readings(),
        ["urn:x-dns-2:uri.acl.lanl.gov:default-1-dtd", "urn:x-dns-2:uri.acl.lanl.gov:default-1dtd"]
    );
    assert_eq!(found[0].delimiter(), Delimiter::Quoted);
}

#[test]
fn rule7_hyphen_break_bare() {
    // RFC 3187: in parentheses, the next line indented.
    let text = "   These ranges are listed on the ISBN web site (http://www.isbn.spk-\n   \
                berlin.de/html/prefix.htm).  The group identifiers are listed at\n";
    let found = assert_uris(text, &["http://www.isbn.spk-berlin.de/html/prefix.htm"]);
    assert_eq!(
        found[0].readings(),
        ["http://www.isbn.spk-berlin.de/html/prefix.htm", "http://www.isbn.spkberlin.de/html/prefix.htm"]
    );
    let first = find_nth(text, "http://www.isbn.spk-", 0);
    let second = find_nth(text, "berlin.de/html/prefix.htm", 0);
    assert_eq!(found[0].pieces(), [span(first), span(second)]);
    assert_eq!(found[0].span(), Span::new(first.0, second.1));
}

#[test]
fn rule7_blanks_may_follow_the_hyphen_and_lines_may_end_in_crlf() {
    let found = assert_uris("http://a.example/x-  \r\n    y/z ok", &["http://a.example/x-y/z"]);
    assert_eq!(found[0].readings(), ["http://a.example/x-y/z", "http://a.example/xy/z"]);
}

#[test]
fn rule7_a_reading_is_kept_only_if_valid() {
    // `80-80` is no port; `8080` is.
    let found = assert_uris("<http://a.example:80-\n80/>", &["http://a.example:8080/"]);
    assert_eq!(found[0].readings(), ["http://a.example:8080/"]);
    // Neither reading valid: the URI ends at the line break, as without a hyphen.
    assert_uris("http://a.example/x-\n%zz", &["http://a.example/x-"]);
}

/// Found by the `extract` fuzz target (fuzz/regressions/extract/hyphen-dropped-reading-*): when
/// only the reading without the hyphen is valid, the match's span and pieces end where that
/// reading ends, before the hyphen.
#[test]
fn rule7_span_of_a_hyphen_dropped_reading_ends_before_the_hyphen() {
    // `http://[::1]-` is invalid (after `]` only `:` or `/`), `http://[::1]` is valid.
    let found = assert_uris("\0<http://[::1]-\n>", &["http://[::1]"]);
    assert_eq!(found[0].readings(), ["http://[::1]"]);
    assert_eq!(found[0].span(), Span::new(2, 14));
    assert_eq!(found[0].pieces(), [Span::new(2, 14)]);
    assert_eq!(found[0].outer_span(), Span::new(1, 17));
    // Under the draft grammar `ftp://-` has no valid host; `ftp://` is an empty server.
    let mut draft = ExtractorBuilder::new();
    draft.grammar(Grammar::Rfc2396);
    let found = assert_uris_with(&draft, "~<ftp://-\r>", &["ftp://"]);
    assert_eq!(found[0].span(), Span::new(2, 8));
    // Two pieces, the hyphen ending the last one: the span ends with the last piece.
    // (`http://[::1]:8-0-` is no port.)
    let found = assert_uris("<http://[::1]:8-\n 0-\n>", &["http://[::1]:80"]);
    assert_eq!(found[0].span(), Span::new(1, 19));
    assert_eq!(found[0].pieces(), [Span::new(1, 15), Span::new(18, 19)]);
}

#[test]
fn rule7_other_line_breaks_end_a_bare_uri() {
    assert_uris("http://a.example/x\ny", &["http://a.example/x"]);
    assert_uris("http://a.example/x-\n\ny", &["http://a.example/x-"]);
    // The next line starts another URI: a list, not a continuation.
    assert_uris("http://a.example/x-\nhttp://b.example/", &["http://a.example/x-", "http://b.example/"]);
}

#[test]
fn rule7_quoted_mail_reply() {
    // easy_ham: a hyphen break inside a quoted reply; the next line's `> ` is not the URI.
    let text = "> http://www.rhyolite.com/anti-spam/dcc/ and http://www.dcc-\n> servers.net/dcc/\n\
                > dcc.rhyolite.com has not been listed for months.\n";
    let found =
        assert_uris(text, &["http://www.rhyolite.com/anti-spam/dcc/", "http://www.dcc-servers.net/dcc/"]);
    assert_eq!(found[1].readings()[1], "http://www.dccservers.net/dcc/");
}

/// A URI that cannot end at a line break goes on on the next line: a formatter broke it right
/// after `://` or the colon (debian-faq), or a mail client re-wrapped a quoted reply inside a
/// percent-escape (easy_ham). Only when the joined text is a URI with a real host.
#[test]
fn rule7_a_uri_that_cannot_end_at_a_line_break_goes_on() {
    let text = "     copy of the Debian mirror sites (https:\n        //www.debian.org/distrib/ftplist) .\n\
                \x20     see What is Linux (https://\n    www.linux.org/info/) by Linux Online\n";
    let found = assert_uris(text, &["https://www.debian.org/distrib/ftplist", "https://www.linux.org/info/"]);
    assert_eq!(found[0].pieces().len(), 2);
    assert_eq!(found[0].readings().len(), 1);
    // Indented with no-break spaces.
    assert_uris(
        "Information regarding (https://\n\u{a0}\u{a0}\u{a0} lists.debian.org/debian-user/) .",
        &["https://lists.debian.org/debian-user/"],
    );
    // Broken right after the colon, and indented with no-break spaces (the one-pass lane missed
    // them and took the colon for a label: found by the `extract` fuzz target).
    assert_uris(
        "see (https:\n\u{a0}\u{a0}//www.debian.org/distrib/) .",
        &["https://www.debian.org/distrib/"],
    );
    let text = "> >\n> >http://xbox-linux.sourceforge.net/articles.php?aid=1&sub=Press%20Release%\n\
                > 3A%20Xbox%20Linux%20Mandrake%209%20Released\n> >\n";
    assert_uris(
        text,
        &[
            "http://xbox-linux.sourceforge.net/articles.php?aid=1&sub=Press%20Release%3A%20Xbox%20Linux%20Mandrake%209%20Released",
        ],
    );
    // A label at the end of a line (hard_ham) is not an opaque URI broken after its colon.
    assert_uris("THROW SUPPORT AT SAML | News:\nSearchSecurity\nRSA Security and", &[]);
    // A mention of a prefix is not a broken URI; a valid URI is not extended.
    assert_uris("The prefix https://\nis common, and so is http:\n//this.\n", &[]);
    assert_uris("http://a.example/x\ny.example/", &["http://a.example/x"]);
}

// ---------------------------------------------------------------------------------------
// Rule 8: validation

#[test]
fn rule8_invalid_candidates_are_dropped_not_truncated() {
    assert_uris("http://exa%mple.com/x and http://a.example/%zz", &[]);
    assert_uris("http://a.example:80x/ and http:no-host", &[]);
}

#[test]
fn rule8_rejected_candidates_are_reported_with_the_reason() {
    let mut builder = ExtractorBuilder::new();
    builder.report_rejected(true);
    let text = b"see http://exa%mple.com/x then http://b.example/";
    let events = slice_events(&builder, text);
    let Event::Rejected(r) = &events[0] else { panic!("{events:?}") };
    assert_eq!(r.text(), "http://exa%mple.com/x");
    assert_eq!(r.error().kind(), &ErrorKind::InvalidPercentEscape);
    assert_eq!(r.error().index(), 10);
    assert_eq!(r.span(), Span::new(4, 25));
    assert_eq!(r.delimiter(), Delimiter::Bare);
    let Event::Match(m) = &events[1] else { panic!("{events:?}") };
    assert_eq!(m.uri(), "http://b.example/");
    assert_eq!(events.len(), 2);
    // The same events from a reader, and no rejection events without the option.
    assert_eq!(common::reader_events(&builder, common::ChunkedReader::new(text, &[1])), events);
    assert_eq!(slice_events(&ExtractorBuilder::new(), text).len(), 1);
}

#[test]
fn rule8_grammar_is_selectable() {
    // RFC 3986 allows IP literals; the RFC 2396 draft does not.
    assert_uris("http://[::1]/x", &["http://[::1]/x"]);
    let mut builder = ExtractorBuilder::new();
    builder.grammar(Grammar::Rfc2396);
    assert_uris_with(&builder, "http://[::1]/x", &[]);
    let found = assert_uris_with(&builder, "http://a.example/x", &["http://a.example/x"]);
    assert_eq!(found[0].parsed().grammar(), Grammar::Rfc2396);
}

// ---------------------------------------------------------------------------------------
// Rule 9: what is not extracted

/// A byte outside ASCII ends a URI, read as URIs only; when it starts a letter that goes on the
/// word (`café`), the candidate is dropped rather than cut (issue 18 changed this case on
/// purpose: it gave `http://a.example/caf`). Read as an IRI, the default, the letter goes on it.
#[test]
fn rule9_non_ascii_ends_a_uri() {
    let mut uris_only = ExtractorBuilder::new();
    uris_only.grammar(Grammar::Rfc2396);
    let text = "http://a.example/caf\u{e9} and http://b.example/\u{201d}";
    assert_uris_with(&uris_only, text, &["http://b.example/"]);
    assert_uris(text, &["http://a.example/caf\u{e9}", "http://b.example/"]);
    let found = matches(b"\xffhttp://a.example/x\xfe");
    assert_eq!(found.iter().map(Match::uri).collect::<Vec<_>>(), ["http://a.example/x"]);
}

#[test]
fn rule9_negatives() {
    assert_uris(
        "GET /index.html HTTP/1.1\n\
         Mail joe@example.com or <joe@example.com>; see <1234.5678@host.example> and \
         news article <msg-id@news.example>.\n\
         Connect to localhost:8080 or example.com:443 or 192.0.2.1:25; at 12:30:05, fe80::1.\n\
         URL: nothing here. Re: Subject: Note: C:\\Windows\\System32 ./relative/path ../up\n\
         the http: scheme and the https:// prefix, mailto: alone.\n",
        &[],
    );
}

// ---------------------------------------------------------------------------------------
// Rule 10: no overlap, leftmost first

#[test]
fn rule10_matches_do_not_overlap() {
    let text = "<URL:http://a.example/>http://b.example/ http://c.example/,http://d.example/";
    // A comma that a URL follows ends the URI before it (see `a_comma_before_a_url_ends_the_uri`).
    let found = assert_uris(
        text,
        &["http://a.example/", "http://b.example/", "http://c.example/", "http://d.example/"],
    );
    for pair in found.windows(2) {
        assert!(pair[0].outer_span().end <= pair[1].outer_span().start);
    }
    // A quote that closes one URI does not open the next.
    let found =
        assert_uris("\"http://a.example/\"http://b.example/\"", &["http://a.example/", "http://b.example/"]);
    assert_eq!(delimiters(&found), [Delimiter::Quoted, Delimiter::Bare]);
}

// ---------------------------------------------------------------------------------------
// Rule 11: abbreviated URLs, opt-in

#[test]
fn rule11_abbreviated_urls_are_opt_in() {
    let text = "Visit www.w3.org/Addressing/. Not user@www.example.org nor the www. prefix, \
                but (WWW.Example.COM) and http://www.a.example/.";
    assert_uris(text, &["http://www.a.example/"]);
    let mut builder = ExtractorBuilder::new();
    builder.abbreviated(true);
    let found = assert_uris_with(
        &builder,
        text,
        &["www.w3.org/Addressing/", "WWW.Example.COM", "http://www.a.example/"],
    );
    assert!(found[0].is_abbreviated() && !found[2].is_abbreviated());
    assert_eq!(found[0].scheme(), "");
    assert_eq!(found[0].parsed().host(), Some("www.w3.org"));
    assert_eq!(found[0].parsed().path(), "/Addressing/");
    assert_eq!(found[0].span(), span(find_nth(text, "www.w3.org/Addressing/", 0)));
}

// ---------------------------------------------------------------------------------------
// Real text from the corpus (../shared/corpus)

#[test]
fn corpus_apache_combined_log() {
    let text = "83.149.9.216 - - [17/May/2015:10:05:03 +0000] \"GET /presentations/logstash-monitorama-2013/images/kibana-search.png HTTP/1.1\" 200 203023 \"http://semicomplete.com/presentations/logstash-monitorama-2013/\" \"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_9_1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/32.0.1700.77 Safari/537.36\"\n\
                66.249.73.185 - - [17/May/2015:10:05:37 +0000] \"GET / HTTP/1.1\" 200 37932 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n";
    let found = assert_uris(
        text,
        &[
            "http://semicomplete.com/presentations/logstash-monitorama-2013/",
            "http://www.google.com/bot.html",
        ],
    );
    assert_eq!(delimiters(&found), [Delimiter::Quoted, Delimiter::Bare]);
}

#[test]
fn corpus_wrapped_url_references_in_mail() {
    // linux-mips list, 1996-2000.
    let text = "[The latest version of this text can be found on <URL:ftp://\n\
                ftp.informatik.uni-erlangen.de/local/cip/mskuhn/misc/linux-posix.1b>.]\n\n\
                Stuart Cheshire <cheshire@DSG.Stanford.EDU> has implemented a \"smart\"\n\
                interrupt handler that can switch between the classic \"fast\" and\n\
                \"slow\" alternatives (see <URL:http://mosquitonet.stanford.edu/\n\
                smartirq.html> for details).\n\n\
                Information about POSIX and other IEEE standards is also available on\n\
                <URL:http://stdsbbs.ieee.org/> and <URL:http://www.knosof.co.uk/\n\
                posix.html>, however unfortunately the full standard documents are\n";
    assert_uris(
        text,
        &[
            "ftp://ftp.informatik.uni-erlangen.de/local/cip/mskuhn/misc/linux-posix.1b",
            "http://mosquitonet.stanford.edu/smartirq.html",
            "http://stdsbbs.ieee.org/",
            "http://www.knosof.co.uk/posix.html",
        ],
    );
}

/// Found by the `extract` fuzz target (fuzz/regressions/extract/mailto-header-value-with-question-mark):
/// a fast path let `?` through in a mailto header field value, which RFC 6068 §2 does not allow
/// unescaped (hfvalue = *qchar). Under `strict`, which reads a mailto by RFC 6068, such a URI is
/// rejected, reported with `report_rejected`, and the escaped form is found. By default a
/// mailto is read as sent (issue 36 item 3), and the generic syntax allows `?` in a query.
#[test]
fn mailto_header_value_with_a_question_mark_is_not_a_uri() {
    let text = "see <mailto:a@b.example?subject=1?y> and mailto:a@b.example?subject=1%3Fy\n";
    let mut builder = ExtractorBuilder::new();
    builder.strict(true);
    assert_uris_with(&builder, text, &["mailto:a@b.example?subject=1%3Fy"]);
    builder.report_rejected(true);
    let events = slice_events(&builder, text.as_bytes());
    assert!(
        matches!(&events[0], Event::Rejected(r) if r.text() == "mailto:a@b.example?subject=1?y"),
        "{events:?}"
    );
    assert_uris(text, &["mailto:a@b.example?subject=1?y", "mailto:a@b.example?subject=1%3Fy"]);
}

/// Issue 36 item 3: a mailto is read as mail clients send it, by the generic syntax with an
/// address (crate docs, rule 15): an empty first field, `/`, `?` and `=` in a value are
/// accepted by default, on the one-pass lane and the general path alike; under `strict` RFC
/// 6068 §2 decides, as before.
#[test]
fn mailto_links_as_they_are_sent() {
    let text = "Write to mailto:a@b.example?&cc=c@b.example&Subject=Hi or\n\
                mailto:a@b.example?subject=QmFzZTY0== (base64), and\n\
                mailto:a@b.example?body=see%20https://x.example/p?q=1.\n";
    let sent = [
        "mailto:a@b.example?&cc=c@b.example&Subject=Hi",
        "mailto:a@b.example?subject=QmFzZTY0==",
        "mailto:a@b.example?body=see%20https://x.example/p?q=1",
    ];
    assert_uris(text, &sent);
    let mut general = ExtractorBuilder::new();
    general.one_pass(false);
    assert_uris_with(&general, text, &sent);
    // Under strict each mailto is dropped, never cut; what is found is the URI in the body.
    let mut strict = ExtractorBuilder::new();
    strict.strict(true);
    assert_uris_with(&strict, text, &["https://x.example/p?q=1"]);
    strict.report_rejected(true);
    let rejected: Vec<String> = slice_events(&strict, text.as_bytes())
        .iter()
        .filter_map(|e| match e {
            Event::Rejected(r) => Some(r.text().to_owned()),
            _ => None,
        })
        .collect();
    assert_eq!(rejected, sent);
    // Still no address, no mailto; and its query's URI is found (a mailto is no wrapper).
    assert_uris(
        "mailto:?subject=x&body=https://x.example/a and mailto:postmaster?subject=a/b",
        &["https://x.example/a"],
    );
}

/// Issue 36 item 3: a URI inside a valid mailto's query is part of it, not a second match
/// (rule 10, the leftmost wins); before, the mailto was rejected for its `/` and the URI in
/// its subject was reported alone.
#[test]
fn a_uri_in_a_mailto_query_is_part_of_it() {
    let text = "Share: mailto:?to=a@b.example&subject=https://x.example/p and mailto:c@b.example?subject=http://y.example/\n";
    let found = assert_uris(
        text,
        &[
            "mailto:?to=a@b.example&subject=https://x.example/p",
            "mailto:c@b.example?subject=http://y.example/",
        ],
    );
    assert_eq!(found[1].span(), span(find_nth(text, "mailto:c@b.example?subject=http://y.example/", 0)));
}

/// Issue 36 item 3: a `List-Unsubscribe` mailto whose subject holds blanks and a `/`: inside
/// `<…>` the white space is removed (rule 4) and the whole mailto is one URI. Before, it was
/// no URI by RFC 6068, the `<` was no wrapper, and the bare reading cut it at the first blank.
#[test]
fn list_unsubscribe_mailto_with_blanks_is_one_uri() {
    let field = "<mailto:leave@lists.example?subject=Campaign-Uid:7f3a / Subscriber-Uid:91c2 - Unsubscribe request&body=Remove me>";
    let whole = "mailto:leave@lists.example?subject=Campaign-Uid:7f3a/Subscriber-Uid:91c2-Unsubscriberequest&body=Removeme";
    let text = format!("List-Unsubscribe: {field}, <https://lists.example/u/91c2>\n");
    let found = assert_uris(&text, &[whole, "https://lists.example/u/91c2"]);
    assert_eq!(found[0].delimiter(), Delimiter::Angle);
    let at = text.find('<').unwrap() as u64;
    assert_eq!(found[0].outer_span(), Span::new(at, at + field.len() as u64));
    // The same field in a message's header, folded: read as mail, unfolded, one URI.
    let mail = format!(
        "From: news@lists.example\nSubject: Weekly\nList-Unsubscribe: {}\n {}\nContent-Type: text/plain\n\nHi.\n",
        &field[..field.find(" - ").unwrap()],
        &field[field.find(" - ").unwrap()..]
    );
    assert_uris(&mail, &[whole]);
    // Under strict RFC 6068 rejects the `/`: the `<` is no wrapper, and the bare reading is
    // what it was.
    let mut strict = ExtractorBuilder::new();
    strict.strict(true);
    assert_uris_with(
        &strict,
        &text,
        &["mailto:leave@lists.example?subject=Campaign-Uid:7f3a", "https://lists.example/u/91c2"],
    );
}

#[test]
fn corpus_mailto_with_hyphen_breaks() {
    // RFC 2368, section 4.
    let text = "     <mailto:infobot@example.com?body=send%20current-\n     issue%0D%0Asend%20index>\n\n\
                \x20  A request to subscribe to a mailing list:\n\n\
                \x20    <mailto:foobar@example.com?In-Reply-\n     To=%3c3469A91.D10AF4C@example.com>\n";
    let found = assert_uris(
        text,
        &[
            "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
            "mailto:foobar@example.com?In-Reply-To=%3c3469A91.D10AF4C@example.com",
        ],
    );
    assert_eq!(found[1].readings()[1], "mailto:foobar@example.com?In-ReplyTo=%3c3469A91.D10AF4C@example.com");
}

#[test]
fn corpus_angle_wrap_in_newsletter() {
    // hard_ham: a click-tracking URL wrapped inside angle brackets, trailing tab.
    let text = "Your selected author, Terry Pratchett\n\
                <http://www.harpercollins.com/hc/scripts/clicks.asp?sid=12535&id=7848_8_\n\
                20_2002&url=http://www.harpercollins.com/rd/authortracker/author/7848> ,\n\
                has new work(s) on sale today!\n \t\n";
    assert_uris(
        text,
        &[
            "http://www.harpercollins.com/hc/scripts/clicks.asp?sid=12535&id=7848_8_20_2002&url=http://www.harpercollins.com/rd/authortracker/author/7848",
        ],
    );
}

#[test]
fn corpus_markdown_and_rst_links() {
    assert_uris(
        "([CVE-2021-3013](https://cve.mitre.org/cgi-bin/cvename.cgi?name=CVE-2021-3013)).\n\
         - Ignore PIP_REQUIRE_VIRTUALENV for ``pip index`` (`#11671 <https://github.com/pypa/pip/issues/11671>`_)\n",
        &[
            "https://cve.mitre.org/cgi-bin/cvename.cgi?name=CVE-2021-3013",
            "https://github.com/pypa/pip/issues/11671",
        ],
    );
}

#[test]
fn corpus_news_uris() {
    // easy_ham_2: newsgroup references, one per line.
    assert_uris(
        "news:comp.lang.learn.c-c++\n\nnews:comp.lang.c\nnews:comp.lang.c++\n",
        &["news:comp.lang.learn.c-c++", "news:comp.lang.c", "news:comp.lang.c++"],
    );
}

/// Quoted-printable mail (hard_ham): soft line breaks inside `<...>` and `=3D` for `=`, in a
/// part that says `Content-Transfer-Encoding: quoted-printable`, in text not read as mail.
#[test]
fn corpus_quoted_printable_part() {
    let plain = plain_text();
    let text = "Content-Type: text/plain; charset=\"iso-8859-1\"\n\
                Content-Transfer-Encoding: quoted-printable\n\n\
                Eason school books & academic titles\n\
                <http://www.buy4now.ie/Eason/main_frame.asp?target=3D3&sectionid=3D1&subs=\n\
                ect\n\
                ionid=3D7>=20\n\
                <a href=3D\"http://www.lindows.com/lindows_products_details.php?id=3D8966\">Op=\n\
                en</a>\n\
                ------=_NextPart_000_0027_01C24A78.6D4710A0\n\
                Content-Type: text/plain\n\n\
                http://a.example/?q=3D1\n";
    let found = assert_uris_with(
        &plain,
        text,
        &[
            "http://www.buy4now.ie/Eason/main_frame.asp?target=3&sectionid=1&subsectionid=7",
            "http://www.lindows.com/lindows_products_details.php?id=8966",
            // After the boundary the text is not quoted-printable.
            "http://a.example/?q=3D1",
        ],
    );
    assert!(
        found[0].is_quoted_printable() && found[1].is_quoted_printable() && !found[2].is_quoted_printable()
    );
    assert_eq!(found[0].delimiter(), Delimiter::Angle);
    assert_eq!(found[1].delimiter(), Delimiter::Quoted);
    // The span covers the source bytes, soft breaks and escapes included.
    let start = find_nth(text, "http://www.buy4now.ie", 0).0;
    let end = find_nth(text, "ionid=3D7", 0).1;
    assert_eq!(found[0].span(), Span::new(start, end));
    assert_eq!(found[0].outer_span(), Span::new(start - 1, end + 1));
    // Three source pieces: up to the soft break, the short line, the last line.
    assert_eq!(found[0].pieces().len(), 3);

    // Without decoding, the same text reads differently.
    let mut raw = plain.clone();
    raw.quoted_printable(false);
    let found = matches_with(&raw, text.as_bytes());
    assert_eq!(
        found[0].uri(),
        "http://www.buy4now.ie/Eason/main_frame.asp?target=3D3&sectionid=3D1&subs=ectionid=3D7"
    );

    // Read as mail, the message has one part (the `------=_NextPart` line is no boundary it
    // declared), all of it quoted-printable.
    let found = assert_uris(
        text,
        &[
            "http://www.buy4now.ie/Eason/main_frame.asp?target=3&sectionid=1&subsectionid=7",
            "http://www.lindows.com/lindows_products_details.php?id=8966",
            "http://a.example/?q=1",
        ],
    );
    assert!(found.iter().all(|m| m.is_quoted_printable() && m.origin().is_some()));
}

/// A builder that reads mail-like input as plain text, for the quoted-printable regions of text
/// not read as mail.
/// Plain text, its quoted-printable regions decoded (asked for: the decoding is off by
/// default).
fn plain_text() -> ExtractorBuilder {
    let mut plain = ExtractorBuilder::new();
    plain.mail(urisift::MailMode::Off).quoted_printable(true);
    plain
}

/// A forwarded message inside a quoted-printable part (easy_ham, corpus/known-divergences.md
/// before the fix): its `----- Original Message -----` line looks like a MIME boundary, but the
/// part was opened by a delimiter line of the message's boundary, and only that ends the part
/// (RFC 2046 §5.1.1). Without one, such a line is still taken for one.
#[test]
fn quoted_printable_part_ends_at_its_own_boundary() {
    let part = "Content-Transfer-Encoding: quoted-printable\n\n\
                ----- Original Message -----\n\
                FREE MSN Explorer download : http://explorer.ms=\n\
                n.com\n";
    let text = format!(
        "Content-Type: multipart/alternative;\n\tboundary=\"----=_NextPart_000_0001\"\n\n\
         ------=_NextPart_000_0001\n{part}\
         ------=_NextPart_000_0001--\n\
         after the part: http://a.example/?q=3D1\n"
    );
    let plain = plain_text();
    let found = assert_uris_with(&plain, &text, &["http://explorer.msn.com", "http://a.example/?q=3D1"]);
    assert!(found[0].is_quoted_printable() && !found[1].is_quoted_printable());
    // Read as mail alike: the part, then the epilogue as plain text.
    let found = assert_uris(&text, &["http://explorer.msn.com", "http://a.example/?q=3D1"]);
    assert!(found[0].is_quoted_printable() && !found[1].is_quoted_printable());
    assert_eq!(found[1].origin().unwrap().place(), &urisift::Place::Epilogue);
    let start = find_nth(&text, "http://explorer.ms=", 0).0;
    assert_eq!(found[0].span(), Span::new(start, find_nth(&text, "n.com", 0).1));
    // The part alone, its boundary not declared: the `-----` line is taken for one, and the
    // soft line break is not decoded: `http://explorer.ms=` has a host no reader would click
    // (issue 18 item 5), so nothing is found.
    assert_uris_with(&plain, part, &[]);
    // `boundary=` inside another parameter's quoted value is not the boundary (found in review).
    let tricky = text.replace("multipart/alternative;", "multipart/alternative; name=\"x; boundary=fake\";");
    let found = assert_uris_with(&plain, &tricky, &["http://explorer.msn.com", "http://a.example/?q=3D1"]);
    assert!(found[0].is_quoted_printable() && !found[1].is_quoted_printable());
}

/// A `Content-Type` header inside a quoted-printable region (found by the mail fuzz target:
/// `fuzz/regressions/mail/plain-qp-region-stream-differs-from-slice*`): its boundary does not
/// end the region, which only the boundary of the delimiter line that opened the part ends
/// (RFC 2045 §6.4: a part encoded quoted-printable is no multipart). Before the fix, whether a
/// later line with that boundary ended the region depended on how far ahead of the engine the
/// region was decoded, so a slice and a reader split `[8, 3, 4096, 2]` disagreed on the
/// matches after it.
#[test]
fn quoted_printable_region_ends_alike_however_the_input_is_read() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/regressions/mail/");
    let plain = plain_text();
    for (name, sizes) in [
        ("plain-qp-region-stream-differs-from-slice", &[8, 3, 4096, 2][..]),
        ("plain-qp-region-stream-differs-from-slice-2", &[2, 15, 4096, 1]),
    ] {
        let Ok(input) = std::fs::read(format!("{dir}{name}")) else {
            eprintln!("skipped: fuzz/ is not in this package");
            return;
        };
        let events = slice_events(&plain, &input);
        for sizes in [sizes, &[1], &[7]] {
            let read = common::reader_events(&plain, common::ChunkedReader::new(&input, sizes));
            assert_eq!(read, events, "{name} {sizes:?}");
        }
    }
    // The rule on a small text: `--outer`, declared inside the region, does not end it.
    let text = "Content-Type: multipart/alternative; boundary=\"enclosing\"\n\n--enclosing\n\
                Content-Transfer-Encoding: quoted-printable\n\n\
                Content-Type: multipart/mixed; boundary=\"outer\"\n\n--outer\n\
                see http://b.example/x=\ny\n--enclosing--\n";
    assert_uris_with(&plain, text, &["http://b.example/xy"]);
}

/// A guessed boundary line of 81 bytes (`--` and 79 boundary characters) ends a
/// quoted-printable region however the input is read (found by the mail fuzz target:
/// `fuzz/regressions/mail/plain-qp-region-boundary-line-at-a-read-edge`). Such a line is told
/// from its first 82 bytes (`mime::LINE_READ`); the region was decoded up to 80 bytes before
/// the end of what was read, so a line that started 81 bytes before it, its line feed right
/// at the end, was never told again, and the region ran on past it when read in pieces.
#[test]
fn a_boundary_line_of_81_bytes_ends_a_region_however_read() {
    let plain = plain_text();
    for len in 76..=84 {
        let line = format!("--{}", "b".repeat(len - 2));
        let text = format!(
            "Content-Transfer-Encoding: quoted-printable\n\nsee http://a.example/?q=3D1\n{}\n\
             then http://b.example/?k=3D2 and http://c.example/?m=3D3\n",
            "x".repeat(40) + "\n" + &line
        );
        let events = common::slice_events(&plain, text.as_bytes());
        // A line of up to 81 bytes and its line feed is a boundary: after it nothing is decoded.
        let second = events.iter().find_map(|e| match e {
            Event::Match(m) if m.uri().starts_with("http://b.") => Some(m.uri().to_owned()),
            _ => None,
        });
        let expected = if len <= 81 { "http://b.example/?k=3D2" } else { "http://b.example/?k=2" };
        assert_eq!(second.as_deref(), Some(expected), "line of {len} bytes");
        for size in 1..=160 {
            let read = common::reader_events(&plain, common::ChunkedReader::new(text.as_bytes(), &[size]));
            assert_eq!(read, events, "line of {len} bytes, read {size} at a time");
        }
    }
}

/// What ends a quoted-printable part is the boundary of the delimiter line its header lines
/// follow (RFC 2046 §5.1.1), not any boundary declared before: `--u` ends a part opened by
/// `--u` though `=_alt` was declared later, and a part opened by `--=_alt` runs past `--u`. A
/// second `quoted-printable` header inside a region starts it again with its own: the
/// message quoted in the first part ends at its own delimiter line.
#[test]
fn quoted_printable_part_ends_at_the_boundary_that_opened_it() {
    let plain = plain_text();
    let head = "Content-Type: multipart/mixed; boundary=\"u\"\n\n\
                Content-Type: multipart/alternative; boundary=\"=_alt\"\n\n";
    let part = |opener: &str| {
        format!(
            "{head}--{opener}\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n\
             see http://a.example/?q=3D1\n--u\nthen http://b.example/?k=3D2\n"
        )
    };
    let found = assert_uris_with(&plain, &part("u"), &["http://a.example/?q=1", "http://b.example/?k=3D2"]);
    assert!(found[0].is_quoted_printable() && !found[1].is_quoted_printable());
    let found = assert_uris_with(&plain, &part("=_alt"), &["http://a.example/?q=1", "http://b.example/?k=2"]);
    assert!(found[1].is_quoted_printable());
    // A blank line between the delimiter line and the header: no part opened, a boundary guessed.
    let text = part("=_alt").replace("--=_alt\n", "--=_alt\n\n");
    assert_uris_with(&plain, &text, &["http://a.example/?q=1", "http://b.example/?k=3D2"]);
    // A header inside the region, opened by `--fwd`: `--fwd` ends it, `--u` no longer does.
    let text = "--u\nContent-Transfer-Encoding: quoted-printable\n\nx=3D1\n--fwd\n\
                Content-Transfer-Encoding: quoted-printable\n\nsee http://c.example/?a=3D1\n--u\n\
                http://d.example/?b=3D2\n--fwd\nhttp://e.example/?c=3D3\n";
    let found = assert_uris_with(
        &plain,
        text,
        &["http://c.example/?a=1", "http://d.example/?b=2", "http://e.example/?c=3D3"],
    );
    assert!(found[1].is_quoted_printable() && !found[2].is_quoted_printable());
}

// ---------------------------------------------------------------------------------------
// Streaming

/// A quoted-printable region ends at a boundary line that a reader has already read while the
/// candidate before it still waits for more input: the candidate is still read as
/// quoted-printable, as the slice path reads it.
#[test]
fn quoted_printable_region_end_after_a_pending_candidate() {
    let mut text = b"Content-Transfer-Encoding: quoted-printable\n\n".to_vec();
    text.resize(65_000, b'y');
    text.extend_from_slice(b" <http://a.example/?x=3D1\n--b0undary\n");
    text.extend_from_slice("c ".repeat(400).as_bytes());
    text.extend_from_slice(b">\n");
    let found = matches(&text);
    assert_eq!(found.len(), 1);
    assert!(found[0].uri().starts_with("http://a.example/?x=1--b0undaryccc"), "{}", found[0].uri());
    assert!(found[0].is_quoted_printable());
}

/// Whole files of the corpus, when it is beside the checkout: the reader path with several
/// chunkings gives the slice path's matches.
#[test]
fn corpus_files_stream_like_slice() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/");
    let files = [
        "rfc/rfc1738.txt",
        "rfc/rfc2368.txt",
        "rfc/drafts/draft-ietf-uri-urc-sgml-00.txt",
        "news/inn-control.ctl.txt",
        "misc/extractor-fixtures/linkify-it-links.txt",
        "mail/spamassassin-public-corpus/easy_ham_2_news_and_URLwrap.mbox",
    ];
    for file in files {
        let Ok(text) = std::fs::read(format!("{root}{file}")) else {
            eprintln!("skipped: {root}{file} not present");
            continue;
        };
        let slice: Vec<Match> = urisift::extract_slice(&text).collect();
        assert!(!slice.is_empty(), "{file}");
        for sizes in [&[1][..], &[3, 5, 7], &[4096]] {
            let stream: Vec<Match> =
                urisift::extract(common::ChunkedReader::new(&text, sizes)).collect::<Result<_, _>>().unwrap();
            assert!(stream == slice, "{file}: chunks {sizes:?}");
        }
    }
}

#[test]
fn interrupted_reads_are_retried() {
    let text = b"one http://a.example/ two <http://b.example/\n  c> three";
    let reader = common::ChunkedReader::new(text, &[1]).interrupting(2);
    let found: Vec<String> = urisift::extract(reader).map(|m| m.unwrap().uri().to_owned()).collect();
    assert_eq!(found, ["http://a.example/", "http://b.example/c"]);
}

/// Gives its text, then fails.
struct Failing<'a>(&'a [u8], u32);

impl Read for Failing<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            self.1 += 1;
            return Err(io::Error::other("disk on fire"));
        }
        let n = out.len().min(self.0.len()).min(5);
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_read_error_is_yielded_once_after_the_matches_before_it() {
    let mut it =
        urisift::extract(Failing(b"see http://a.example/ and http://b.example/ and http://c.exa", 0));
    assert_eq!(it.next().unwrap().unwrap().uri(), "http://a.example/");
    assert_eq!(it.next().unwrap().unwrap().uri(), "http://b.example/");
    let err = it.next().unwrap().unwrap_err();
    assert_eq!(err.to_string(), "disk on fire");
    assert!(it.next().is_none());
    assert!(it.next().is_none());
    assert_eq!(it.get_ref().1, 1, "the reader is not asked again after it failed");
}

/// The lending method ends the same way: the error once, after the events before it.
#[test]
fn a_read_error_is_lent_once_after_the_matches_before_it() {
    let mut it =
        urisift::extract(Failing(b"see http://a.example/ and http://b.example/ and http://c.exa", 0));
    for uri in ["http://a.example/", "http://b.example/"] {
        let Some(Ok(Event::Match(m))) = it.next_event_ref() else { panic!("expected {uri}") };
        assert_eq!(m.uri(), uri);
    }
    let err = it.next_event_ref().unwrap().unwrap_err();
    assert_eq!(err.to_string(), "disk on fire");
    assert!(it.next_event_ref().is_none());
    assert!(it.next().is_none());
    assert_eq!(it.get_ref().1, 1, "the reader is not asked again after it failed");
}

/// Lent and given events can be taken in turn: a lent event is not given again.
#[test]
fn lent_and_given_events_interleave() {
    let text = b"a http://a.example/ b <http://b.example/> c mailto:c@example.org d urn:ietf:rfc:3986 e";
    let mut it = urisift::extract(&text[..]);
    let mut uris = Vec::new();
    for i in 0.. {
        let uri = if i % 2 == 0 {
            match it.next_event_ref() {
                Some(Ok(Event::Match(m))) => m.uri().to_owned(),
                _ => break,
            }
        } else {
            match it.next() {
                Some(Ok(m)) => m.uri().to_owned(),
                _ => break,
            }
        };
        uris.push(uri);
    }
    assert_eq!(uris, ["http://a.example/", "http://b.example/", "mailto:c@example.org", "urn:ietf:rfc:3986"]);
    let mut it = ExtractorBuilder::new().build().slice(text);
    assert!(matches!(it.next_event_ref(), Some(Event::Match(m)) if m.uri() == "http://a.example/"));
    assert!(matches!(it.next_event(), Some(Event::Match(m)) if m.uri() == "http://b.example/"));
    assert!(matches!(it.next_event_ref(), Some(Event::Match(m)) if m.uri() == "mailto:c@example.org"));
    assert!(matches!(it.next(), Some(m) if m.uri() == "urn:ietf:rfc:3986"));
    assert!(it.next_event_ref().is_none());
}

#[test]
fn a_candidate_over_the_limit_is_counted_not_lost() {
    let mut builder = ExtractorBuilder::new();
    builder.max_uri_len(100);
    let long = format!("a http://a.example/{} b http://b.example/ c", "x".repeat(200));
    let events = slice_events(&builder, long.as_bytes());
    let start = long.find("http://a").unwrap() as u64;
    assert!(matches!(events[0], Event::Overlong(o) if o.span().start == start), "{events:?}");
    let Event::Match(m) = &events[1] else { panic!("{events:?}") };
    assert_eq!(m.uri(), "http://b.example/");
    assert_eq!(events.len(), 2);
    // The same from a reader, which also counts.
    assert_eq!(common::reader_events(&builder, common::ChunkedReader::new(long.as_bytes(), &[7])), events);
    let mut it = builder.build().reader(long.as_bytes());
    assert_eq!(it.by_ref().count(), 1);
    assert_eq!(it.overlong(), 1);
    let mut it = builder.build().slice(long.as_bytes());
    assert_eq!(it.by_ref().count(), 1);
    assert_eq!(it.overlong(), 1);
    // At the limit exactly, it is found.
    let exact = format!("http://a.example/{}", "x".repeat(100 - 17));
    assert_uris_with(&builder, &format!("{exact} ."), &[&exact]);
}

/// Issue 20 item 8: an overlong candidate is numbered with the line it starts on, as matches
/// and rejected candidates are, from a slice and from readers that split the input anywhere.
#[test]
fn overlong_candidates_carry_their_line() {
    let mut builder = ExtractorBuilder::new();
    builder.max_uri_len(64).line_numbers(true);
    let mut text = String::new();
    for i in 0..400 {
        match i % 3 {
            0 => text.push_str(&format!("line {i}: http://a.example/{}\n", "x".repeat(80 + i % 7))),
            1 => text.push_str(&format!("line {i}: <URL:http://b.example/\n  {}>\n", "y".repeat(70))),
            _ => text.push_str(&format!("line {i}: http://c.example/{i}\n")),
        }
    }
    let events = slice_events(&builder, text.as_bytes());
    let line_of = |at: u64| text.as_bytes()[..at as usize].iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let overlong: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Overlong(o) => Some(o),
            _ => None,
        })
        .collect();
    assert_eq!(overlong.len(), 267, "{events:?}");
    for o in &overlong {
        assert_eq!(o.line(), Some(line_of(o.span().start)), "{o:?}");
    }
    for sizes in [&[1][..], &[7], &[5, 1, 13, 2], &[4096]] {
        let read = common::reader_events(&builder, common::ChunkedReader::new(text.as_bytes(), sizes));
        assert_eq!(read, events, "{sizes:?}");
    }
    // Without line counting, none.
    builder.line_numbers(false);
    assert!(slice_events(&builder, text.as_bytes()).iter().all(|e| match e {
        Event::Overlong(o) => o.line().is_none(),
        _ => true,
    }));
}

/// A `<…>` candidate whose `>` lies past the length limit is overlong, not read as ordinary
/// text: the first line of `<URL:ftp://ds.in` / `ternic.net/rfc>` is no URI of its own.
#[test]
fn an_angle_candidate_over_the_limit_is_overlong_not_cut() {
    let mut builder = ExtractorBuilder::new();
    builder.max_uri_len(16);
    let text = b"see <URL:ftp://ds.in\n      ternic.net/rfc> and http://b.ex/ .";
    let events = slice_events(&builder, text);
    assert!(matches!(events[0], Event::Overlong(o) if o.span().start == 9), "{events:?}");
    let Event::Match(m) = &events[1] else { panic!("{events:?}") };
    assert_eq!(m.uri(), "http://b.ex/");
    assert_eq!(events.len(), 2, "{events:?}");
    for chunk in [1, 3, 16, 1000] {
        let reader = common::ChunkedReader::new(text, &[chunk]);
        assert_eq!(common::reader_events(&builder, reader), events, "chunks of {chunk}");
    }
    // Within the limit it is one URI; a `<` that is never closed is no wrapper, whatever the
    // limit, and the URI after it is read as ordinary text.
    assert_uris(core::str::from_utf8(text).unwrap(), &["ftp://ds.internic.net/rfc", "http://b.ex/"]);
    assert_uris_with(&builder, "<http://a.ex/ and no closing bracket", &["http://a.ex/"]);
}

/// `<` before a word that only looks like a scheme, closed past the length limit: no URI
/// candidate at all (the text after `a:` is no `//`), so the `<` is read as text and the URI on
/// the next line is found (the lane and the general path once disagreed here).
#[test]
fn an_angle_past_the_limit_that_is_no_candidate_is_read_as_text() {
    let mut builder = ExtractorBuilder::new();
    builder.max_uri_len(24);
    let text = "<a:\n http://a.example/\n    list/x.html>";
    assert_uris_with(&builder, text, &["http://a.example/"]);
    let mut general = builder.clone();
    general.one_pass(false);
    assert_uris_with(&general, text, &["http://a.example/"]);
}

/// Never a cut URI (issue 18): by default an IRI goes on through the letters, marks and digits
/// outside ASCII (`http://www.bürger…`, `…/wiki/東京`); read as URIs only (another grammar), a
/// candidate that such a character goes on with is dropped, not reported up to there
/// (`http://www.b`), and under `--strict` one that an IRI would go on with. A URI followed by
/// punctuation, a space or an emoji outside ASCII is whole and is found. Bytes that are no
/// UTF-8 end a URI as before.
#[test]
fn a_uri_that_a_word_goes_on_with_outside_ascii_is_dropped_not_cut() {
    let words = [
        "see http://www.bürgerentscheid-krankenhäuser.de today",
        "https://ja.wikipedia.org/wiki/東京 は",
        "https://en.wikipedia.org/wiki/Hatfield–McCoy_feud",
        "http://twitter.com/Русские_слова",
        "\"http://example.org/cafe\u{301}\"",
        "http://foobar.みんな/",
    ];
    let mut uris_only = ExtractorBuilder::new();
    uris_only.grammar(Grammar::Rfc2396);
    let mut strict = ExtractorBuilder::new();
    strict.strict(true);
    for cut in words {
        assert_uris_with(&uris_only, cut, &[]);
        assert_uris_with(&strict, cut, &[]);
    }
    assert_uris(words[0], &["http://www.bürgerentscheid-krankenhäuser.de"]);
    assert_uris(words[1], &["https://ja.wikipedia.org/wiki/東京"]);
    assert_uris(words[2], &["https://en.wikipedia.org/wiki/Hatfield–McCoy_feud"]);
    assert_uris(words[4], &["http://example.org/cafe\u{301}"]);
    assert_uris(
        "„http://a.example/seite“ and http://b.example/x。次 and http://c.example/ 😀 and http://d.example/y – z",
        &["http://a.example/seite", "http://b.example/x", "http://c.example/", "http://d.example/y"],
    );
    // ASCII punctuation trimmed before the letter is not part of the word: the URI is whole.
    assert_uris_with(
        &uris_only,
        "(https://example.cn/about)了解更多, https://example.cn/x,更多",
        &["https://example.cn/about", "https://example.cn/x"],
    );
    // Latin-1 text: `é` is one byte, no UTF-8, and ends the URI as any other excluded byte.
    let found = matches(b"http://e.example/caf\xe9 x");
    assert_eq!(found.iter().map(|m| m.uri()).collect::<Vec<_>>(), ["http://e.example/caf"]);
    // The dropped candidate is reported, with its reason, when rejections are.
    let mut builder = ExtractorBuilder::new();
    builder.report_rejected(true).grammar(Grammar::Rfc2396);
    let events = slice_events(&builder, "x http://www.bü.de".as_bytes());
    let [Event::Rejected(r)] = &events[..] else { panic!("{events:?}") };
    assert_eq!((r.text(), r.error().kind()), ("http://www.b", &ErrorKind::CutInWord('ü')));
    builder.grammar(Grammar::Rfc3986).strict(true);
    let events = slice_events(&builder, "x http://www.bü.de".as_bytes());
    let [Event::Rejected(r)] = &events[..] else { panic!("{events:?}") };
    assert_eq!((r.text(), r.error().kind()), ("http://www.b", &ErrorKind::Excluded('ü')));
}

/// Live input (`tail -f`, a socket): a match comes out as soon as its bytes have arrived, and
/// the reader is not asked for more first.
#[test]
fn a_match_on_live_input_comes_out_before_the_next_read() {
    struct Live {
        parts: Vec<&'static [u8]>,
        reads: usize,
    }
    impl Read for Live {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            self.reads += 1;
            let Some(part) = self.parts.first().copied() else { return Ok(0) };
            self.parts.remove(0);
            out[..part.len()].copy_from_slice(part);
            Ok(part.len())
        }
    }
    let live = Live {
        parts: vec![b"GET http://a.example/x HTTP/1.1\n", b"GET http://b.example/ HTTP/1.1\n"],
        reads: 0,
    };
    let mut it = urisift::extract(live);
    assert_eq!(it.next().unwrap().unwrap().uri(), "http://a.example/x");
    assert_eq!(it.get_ref().reads, 1, "the first match waits for no second read");
    assert_eq!(it.next().unwrap().unwrap().uri(), "http://b.example/");
    assert_eq!(it.get_ref().reads, 2);
    assert!(it.next().is_none());
}

#[test]
fn line_numbers() {
    let mut builder = ExtractorBuilder::new();
    builder.line_numbers(true);
    let text = "a\nhttp://a.example/ b\n\n<http://b.example/\nc> http://c.example/\n";
    let found = matches_with(&builder, text.as_bytes());
    assert_eq!(found.iter().map(Match::line).collect::<Vec<_>>(), [Some(2), Some(4), Some(5)]);
    assert_eq!(matches(text.as_bytes())[0].line(), None);
}

#[test]
fn builder_is_reusable() {
    let mut builder = ExtractorBuilder::new();
    builder.abbreviated(true);
    for _ in 0..2 {
        assert_eq!(builder.build().slice(b"www.a.example/x").count(), 1);
        assert_eq!(builder.build().reader(&b"www.a.example/x"[..]).count(), 1);
    }
}

#[test]
fn public_types_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Match>();
    check::<Event>();
    check::<urisift::Rejected>();
    check::<ExtractorBuilder>();
    check::<urisift::Extractor<&[u8]>>();
    check::<urisift::SliceMatches<'_>>();
    check::<urisift::BorrowedMatches<'_>>();
    check::<urisift::SliceMatch<'_>>();
    check::<urisift::Matches<urisift::Reader<std::fs::File>>>();
    check::<urisift::shard::Seam>();
    check::<urisift::shard::Prefix>();
    check::<urisift::shard::MessageStart>();
    check::<urisift::shard::MboxCut>();
}

// ---------------------------------------------------------------------------------------
// Hostile input: floods must stay linear (no timing here; these finish quickly only if the
// scan is linear, and their results are checked).

#[test]
fn floods() {
    let mut www = ExtractorBuilder::new();
    www.abbreviated(true);
    let default = ExtractorBuilder::new();
    for (unit, times, builder, expected) in [
        (":", 50_000, &default, 0),
        ("<", 50_000, &default, 0),
        ("(", 50_000, &default, 0),
        ("a", 50_000, &default, 0),
        ("a:", 50_000, &default, 0),
        ("-\n", 50_000, &default, 0),
        ("=\n", 50_000, &default, 0),
        ("<URL:", 20_000, &default, 0),
        ("http:%", 20_000, &default, 0),
        // One token of invalid candidates: each scan of it costs its length, so only a few
        // are tried before the triggers in it are skipped.
        ("http://%", 5_000, &default, 0),
        ("data:a:", 5_000, &default, 0),
        // Each `<` looks for its `>` only up to the next `<`; each URI ends there.
        ("<http://a.example/", 5_000, &default, 5_000),
        // A hyphen break followed by another URI is not joined.
        ("http://a.example/a-\n", 5_000, &default, 5_000),
        ("www.", 10_000, &www, 1),
    ] {
        let text = unit.repeat(times);
        let slice = builder.build().slice(text.as_bytes()).count();
        assert_eq!(slice, expected, "{unit:?}");
        let stream = builder.build().reader(common::ChunkedReader::new(text.as_bytes(), &[1000, 1])).count();
        assert_eq!(stream, expected, "{unit:?} streamed");
    }
    // A flood that is one long URI broken after hyphens.
    let text = format!("http://a.example/{}", "a-\n".repeat(10_000));
    let found: Vec<Match> = urisift::extract_slice(text.as_bytes()).collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].readings().len(), 2);
    assert_eq!(found[0].pieces().len(), 10_000);
}

// ---------------------------------------------------------------------------------------
// The command line

mod cli {
    use std::io::Write;
    use std::path::PathBuf;
    use std::process::{Command, Output, Stdio};

    fn urisift(args: &[&str], stdin: &[u8]) -> Output {
        let mut child = Command::new(env!("CARGO_BIN_EXE_urisift"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut input = child.stdin.take().unwrap();
        input.write_all(stdin).unwrap();
        drop(input);
        child.wait_with_output().unwrap()
    }

    fn stdout(out: &Output) -> String {
        String::from_utf8(out.stdout.clone()).unwrap()
    }

    fn stderr(out: &Output) -> String {
        String::from_utf8(out.stderr.clone()).unwrap()
    }

    /// A file with `content` in the temporary directory, named after the test.
    fn temp_file(name: &str, content: &[u8]) -> PathBuf {
        let path = std::env::temp_dir().join(format!("urisift-test-{}-{name}", std::process::id()));
        std::fs::write(&path, content).unwrap();
        path
    }

    const TEXT: &[u8] = b"Yes, see <URL:http://a.example/x> or \"ftp://b.example/\".\n\
        Again: http://a.example/x, and <http://www-\n   c.example/>.\n";

    /// UTF-16 text yields no URI (tests/hostile.rs says why); a file that starts with a UTF-16
    /// byte order mark gets a warning that says so, instead of silence. Other input gets none.
    #[test]
    fn utf16_input_is_named_in_a_warning() {
        let text = "see http://a.example/ now\n";
        for bom in [[0xff, 0xfe], [0xfe, 0xff]] {
            let mut input = bom.to_vec();
            for unit in text.encode_utf16() {
                input.extend(if bom[0] == 0xff { unit.to_le_bytes() } else { unit.to_be_bytes() });
            }
            let out = urisift(&[], &input);
            assert_eq!(stdout(&out), "");
            assert_eq!(out.status.code(), Some(1));
            assert!(stderr(&out).contains("UTF-16 byte order mark"), "{}", stderr(&out));
        }
        let out = urisift(&[], text.as_bytes());
        assert_eq!((stdout(&out).as_str(), stderr(&out).as_str()), ("http://a.example/\n", ""));
        let out = urisift(&[], b"\xff");
        assert_eq!(stderr(&out), "");
    }

    #[test]
    fn one_uri_per_line_and_exit_codes() {
        let out = urisift(&[], TEXT);
        assert_eq!(
            stdout(&out),
            "http://a.example/x\nftp://b.example/\nhttp://a.example/x\nhttp://www-c.example/\n"
        );
        assert_eq!(out.status.code(), Some(0));
        let out = urisift(&["-"], b"nothing here: relative/ref joe@example.com\n");
        assert_eq!(stdout(&out), "");
        assert_eq!(out.status.code(), Some(1));
    }

    #[test]
    fn json_objects_keep_their_key_order() {
        let out = urisift(&["--json"], b"see <URL:http://a.example/x>\n");
        assert_eq!(
            stdout(&out),
            "{\"type\":\"match\",\"file\":\"<stdin>\",\"uri\":\"http://a.example/x\",\"readings\":[\"http://a.example/x\"],\
             \"start\":9,\"end\":27,\"outer_start\":4,\"outer_end\":28,\"delimiter\":\"angle-url-prefix\",\
             \"scheme\":\"http\",\"components\":{\"scheme\":\"http\",\"authority\":\"a.example\",\"userinfo\":null,\
             \"host\":\"a.example\",\"port\":null,\"path\":\"/x\",\"query\":null,\"fragment\":null,\
             \"domain\":\"a.example\",\"host_unicode\":null},\"flags\":[]}\n"
        );
    }

    #[test]
    fn options() {
        let out = urisift(&["-n"], TEXT);
        assert_eq!(
            stdout(&out),
            "1:http://a.example/x\n1:ftp://b.example/\n2:http://a.example/x\n2:http://www-c.example/\n"
        );
        let out = urisift(&["-u"], TEXT);
        assert_eq!(stdout(&out), "http://a.example/x\nftp://b.example/\nhttp://www-c.example/\n");
        let out = urisift(&["-c"], TEXT);
        assert_eq!(stdout(&out), "4\n");
        let out = urisift(&["--scheme", "FTP,mailto"], TEXT);
        assert_eq!(stdout(&out), "ftp://b.example/\n");
        let out = urisift(&["--all-readings", "--scheme=http", "-u"], TEXT);
        assert_eq!(stdout(&out), "http://a.example/x\nhttp://www-c.example/\nhttp://wwwc.example/\n");
        let out = urisift(&["--abbreviated"], b"www.a.example/x.\n");
        assert_eq!(stdout(&out), "www.a.example/x\n");
        let out = urisift(&["--grammar", "rfc2396"], b"http://[::1]/ http://a.example/\n");
        assert_eq!(stdout(&out), "http://a.example/\n");
    }

    #[test]
    fn several_files_and_an_unreadable_one() {
        let a = temp_file("a.txt", b"x\nhttp://a.example/\n");
        let missing = std::env::temp_dir().join("urisift-test-no-such-file");
        let b = temp_file("b.txt", b"http://b.example/\n");
        let (a_s, m_s, b_s) = (a.to_str().unwrap(), missing.to_str().unwrap(), b.to_str().unwrap());
        let out = urisift(&["-n", a_s, m_s, b_s], b"");
        assert_eq!(stdout(&out), format!("{a_s}:2:http://a.example/\n{b_s}:1:http://b.example/\n"));
        assert!(stderr(&out).contains(m_s), "{}", stderr(&out));
        assert_eq!(out.status.code(), Some(2));
        let out = urisift(&["-c", a_s, b_s], b"");
        assert_eq!(stdout(&out), format!("{a_s}:1\n{b_s}:1\n"));
        let _ = (std::fs::remove_file(a), std::fs::remove_file(b));
    }

    #[test]
    fn warnings_and_rejections_go_to_stderr() {
        let long = format!("http://a.example/{} http://b.example/\n", "x".repeat(100));
        let out = urisift(&["--max-uri-len", "64"], long.as_bytes());
        assert_eq!(stdout(&out), "http://b.example/\n");
        assert!(stderr(&out).contains("longer than 64 bytes"), "{}", stderr(&out));
        let out = urisift(&["--rejected"], b"see http://exa%mple.com/ ok\n");
        assert_eq!(stdout(&out), "");
        assert!(stderr(&out).contains("rejected \"http://exa%mple.com/\""), "{}", stderr(&out));
        assert!(stderr(&out).contains("percent-escape"), "{}", stderr(&out));
    }

    #[test]
    fn a_closed_pipe_ends_quietly() {
        let input = temp_file("many.txt", &b"http://a.example/\n".repeat(200_000));
        let mut child = Command::new(env!("CARGO_BIN_EXE_urisift"))
            .arg(&input)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(stderr(&out), "");
        assert!(matches!(out.status.code(), Some(0 | 1)), "{:?}", out.status);
        let _ = std::fs::remove_file(input);
    }

    #[test]
    fn help_explains_options_with_examples() {
        let out = urisift(&["--help"], b"");
        let help = stdout(&out);
        for option in [
            "--json",
            "--line-number",
            "--unique",
            "--scheme",
            "--all-readings",
            "--abbreviated",
            "--grammar",
            "--rejected",
            "--count",
        ] {
            assert!(help.contains(option), "{option} missing from --help");
        }
        assert!(help.matches("Example").count() >= 6, "{help}");
    }
}

// ---------------------------------------------------------------------------------------
// Randomized: slice and stream agree on texts built from the tokens that matter

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const TOKENS: &[&[u8]] = &[
    b"http://",
    b"https://a.example/",
    b"ftp://b.example/x-",
    b"<",
    b">",
    b"<URL:",
    b"URL:",
    b"URL: ",
    b" ",
    b"  ",
    b"\n",
    b"\r\n",
    b"\r",
    b"-",
    b"-\n",
    b"- \n  ",
    b"(",
    b")",
    b"\"",
    b"'",
    b"[",
    b"]",
    b"{",
    b"}",
    b".",
    b",",
    b";",
    b":",
    b"mailto:",
    b"a@b.example",
    b"news:",
    b"urn:isbn:1",
    b"tel:+1-2",
    b"data:,x",
    b"%",
    b"%4",
    b"%41",
    b"=\n",
    b"=3D",
    b"=",
    b"\nContent-Transfer-Encoding: quoted-printable\n",
    b"\n--b0undary\n",
    b"\nFrom x\n",
    b"www.",
    b"www.a.example",
    // UTF-8 (issue 18): letters, a mark, typographic marks, delimiters, emoji, a character cut
    // in two, and Markdown emphasis.
    "東京".as_bytes(),
    "ü".as_bytes(),
    "\u{301}".as_bytes(),
    "“".as_bytes(),
    "）".as_bytes(),
    "。".as_bytes(),
    "\u{a0}".as_bytes(),
    "😀".as_bytes(),
    b"\xe6\x9d",
    b"*",
    b"example.com",
    b"\n> ",
    b"> >",
    b"[::1]",
    b"\t",
    b"\x0c",
    "é".as_bytes(),
    b"\xff",
    b"x",
    b"ab",
    b"0",
    b"//",
    b"/path",
    b"?q=1",
    b"#f",
    b"\xc2\xa0",
    b"season.http://c.example",
    b"+",
];

fn random_text(rng: &mut Rng) -> Vec<u8> {
    let mut text = Vec::new();
    for _ in 0..rng.below(300) + 1 {
        text.extend_from_slice(TOKENS[rng.below(TOKENS.len())]);
    }
    text
}

/// `URISIFT_SEED` and `URISIFT_ROUNDS` run other or more texts (`cargo test --release --test
/// extract random`).
#[test]
fn random_texts_stream_like_slice() {
    let seed =
        std::env::var("URISIFT_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x9e37_79b9_7f4a_7c15);
    let rounds = std::env::var("URISIFT_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(400);
    let mut rng = Rng(seed);
    let mut small = ExtractorBuilder::new();
    small.max_uri_len(16).report_rejected(true).abbreviated(true);
    let mut lines = ExtractorBuilder::new();
    lines.line_numbers(true).report_rejected(true);
    let builders = [ExtractorBuilder::new(), small, lines];
    let mut found = 0;
    for _ in 0..rounds {
        let text = random_text(&mut rng);
        for builder in &builders {
            let slice = slice_events(builder, &text);
            let sizes = [1 + rng.below(5), 1 + rng.below(17), 1 + rng.below(300)];
            for chunks in [&[1][..], &[2], &sizes] {
                let stream = common::reader_events(builder, common::ChunkedReader::new(&text, chunks));
                assert!(
                    stream == slice,
                    "chunks {chunks:?}\ninput: {}\nslice:  {slice:?}\nstream: {stream:?}",
                    common::show(&text)
                );
            }
            let mut last_end = 0;
            for m in common::only_matches(&slice) {
                found += 1;
                assert!(
                    m.outer_span().start >= last_end,
                    "overlap in {}",
                    common::render(&text, std::slice::from_ref(&m))
                );
                assert!(m.outer_span().start <= m.span().start && m.span().end <= m.outer_span().end);
                assert!(m.outer_span().end <= text.len() as u64);
                last_end = m.outer_span().end;
                for reading in m.readings() {
                    let grammar = m.parsed().grammar();
                    let text =
                        if m.is_abbreviated() { format!("http://{reading}") } else { reading.to_owned() };
                    assert!(
                        urisift::uri::Uri::parse_with(&text, grammar).is_ok()
                            || urisift::uri::Uri::parse_iri(&common::bracket_stand_in(&text)).is_ok()
                            || common::mailto_in_rfc6068_form(&text)
                                .is_some_and(|form| urisift::uri::Uri::parse_iri(&form).is_ok()),
                        "{reading:?} is not valid"
                    );
                }
                let pieces = m.pieces();
                assert_eq!(pieces.first().map(|p| p.start), Some(m.span().start));
                assert_eq!(pieces.last().map(|p| p.end), Some(m.span().end));
            }
        }
    }
    assert!(found > 100, "the generator should produce matches ({found})");
}

/// More events than the engine queues in one step (matches of the one-pass lane and of the
/// general path, rejected and overlong candidates, a quoted-printable region), over several
/// windows of a reader (a window holds 64 KiB), so that candidates cut by the end of a window
/// come after events already queued: every chunking, lent or given, gives the slice's events
/// in order, and none is lost or repeated.
#[test]
fn events_queued_in_batches_keep_their_order_across_window_ends() {
    const LINES: usize = 1500;
    let mut text = String::new();
    for i in 0..LINES {
        // A third of the lines in a quoted-printable region, which is decoded around each
        // trigger.
        if i == LINES / 3 {
            text.push_str("Content-Transfer-Encoding: quoted-printable\n\n");
        } else if i == 2 * LINES / 3 {
            text.push_str("--b0undary\n");
        }
        // The varying lengths move every kind of candidate across the ends of the windows.
        text.push_str(&format!(
            "{} http://h{i}.example/p <URL:http://w{i}.example/x\n  /y> \"mailto:m{i}@example.org\" \
             http://a.example:9{i}x/ http://long.example/{} e\n",
            "a".repeat(i % 7),
            "z".repeat(60)
        ));
    }
    text.push_str(
        "Content-Transfer-Encoding: quoted-printable\n\nhttp://q.example/a=3Db http://q2.exa=\nmple/ \n",
    );
    assert!(text.len() > 3 * 65536);
    let mut builder = ExtractorBuilder::new();
    builder.report_rejected(true).max_uri_len(64).quoted_printable(true);
    let found = common::matches_with(&builder, text.as_bytes());
    let events = common::slice_events(&builder, text.as_bytes());
    let count = |f: fn(&Event) -> bool| events.iter().filter(|e| f(e)).count();
    assert_eq!(count(|e| matches!(e, Event::Rejected(_))), LINES, "rejected");
    assert_eq!(count(|e| matches!(e, Event::Overlong(_))), LINES, "overlong");
    assert_eq!(found.len(), 3 * LINES + 2);
    let uris: Vec<&str> = found.iter().map(Match::uri).collect();
    assert_eq!(uris[..3], ["http://h0.example/p", "http://w0.example/x/y", "mailto:m0@example.org"]);
    assert_eq!(uris[3 * LINES..], ["http://q.example/a=b", "http://q2.example/"]);
    assert!(events.windows(2).all(|w| start(&w[0]) < start(&w[1])), "out of order");
}

fn start(event: &Event) -> u64 {
    match event {
        Event::Match(m) => m.span().start,
        Event::Rejected(r) => r.span().start,
        Event::Overlong(o) => o.span().start,
        _ => u64::MAX,
    }
}

/// A URI as it stands in the input is borrowed from it; one joined or changed on its way out
/// (white space inside `<…>`, a line broken after a hyphen, refanged) is owned, and is the text
/// the owned match has. Either way the URI is the owned match's. (Mail, read as mail, is held to
/// the same in `tests/corpus.rs`.)
#[test]
fn borrowed_matches_borrow_only_what_the_input_holds() {
    let text = b"a <http://a.example/x> b <http://b.example/\n y> c <URL:http://www-\n  c.example/> \
e hxxps://e[.]example/ f mailto:f@example.org";
    let mut builder = ExtractorBuilder::new();
    builder.refang(true);
    let owned: Vec<Match> = builder.build().slice(text).collect();
    let found: Vec<_> = builder.build().slice(text).borrowed().collect();
    let seen: Vec<(&str, bool)> = found.iter().map(|m| (m.uri(), m.is_borrowed())).collect();
    assert_eq!(
        seen,
        [
            ("http://a.example/x", true),
            ("http://b.example/y", false),
            ("http://www-c.example/", false),
            ("https://e.example/", false),
            ("mailto:f@example.org", true),
        ]
    );
    assert_eq!(found.len(), owned.len());
    for (b, m) in found.iter().zip(&owned) {
        assert_eq!(
            (b.uri_bytes(), b.span(), b.outer_span(), b.delimiter()),
            (m.uri_bytes(), m.span(), m.outer_span(), m.delimiter())
        );
        assert_eq!(b.clone().into_uri(), m.uri());
    }
    // Lines are counted when asked for.
    builder.line_numbers(true);
    let lines: Vec<_> = builder.build().slice(text).borrowed().map(|m| m.line()).collect();
    assert_eq!(lines, [Some(1), Some(1), Some(2), Some(3), Some(3)]);
}

/// A stream lost a JSON string's URI (`"https:\/\/…`, rule 14) when its window ended right
/// after the colon: whether the slash is escaped was asked of bytes not read yet, and the
/// candidate was dropped instead of waiting for them (found by a helper comparing a reader in
/// chunks with the slice over `tests/data/extract/json-strings.txt`). Every chunking now gives
/// the slice's events, escaped once or twice, far from the input's start.
#[test]
fn a_json_escaped_slash_past_a_window_end_waits_for_the_rest() {
    let prose = "Some text before the record, long enough that the colon falls at a window end. ".repeat(4);
    let input = format!(
        "{prose}{{\"homepage\":\"https:\\/\\/packages.example\\/vendor\\/lib\"}}\n\
         {prose}{{\"body\":\"{{\\\"u\\\":\\\"https:\\\\\\/\\\\\\/b.example\\\\\\/x\\\"}}\"}}\n"
    );
    let found = common::matches(input.as_bytes());
    assert_eq!(
        found.iter().map(Match::uri).collect::<Vec<_>>(),
        ["https://packages.example/vendor/lib", "https://b.example/x"],
        "{input}"
    );
}

/// Found by the `extract` fuzz target: a `"` that closed one match's string was taken again as
/// the opening quote of a JSON-escaped URI right after it, so the two outer spans overlapped.
#[test]
fn a_json_string_does_not_take_the_quote_that_closed_the_match_before() {
    let text = b"x \"http://a.example/x\"https:\\/\\/b.example\\/y\" z";
    let found = matches(text);
    let got: Vec<(&str, Span, Delimiter)> =
        found.iter().map(|m| (m.uri(), m.outer_span(), m.delimiter())).collect();
    assert_eq!(
        got,
        [
            ("http://a.example/x", Span::new(2, 22), Delimiter::Quoted),
            ("https://b.example/y", Span::new(22, 44), Delimiter::Bare),
        ]
    );
}
