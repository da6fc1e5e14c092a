//! Unicode text (issue 18 items 1–4, 7, 8 `--strict`): IRIs in extraction, the Unicode
//! delimiters, typographic quotes and brackets, brackets after the host, the `(` before a
//! scheme, Markdown emphasis, and `strict`. Every case goes through the slice and every reader
//! chunking (`common::matches_with`), so a character split across reads is covered too.

mod common;

use common::{ChunkedReader, assert_uris, assert_uris_with, only_matches, reader_events, slice_events};
use urisift::uri::{ErrorKind, Grammar};
use urisift::{Event, ExtractorBuilder};

fn strict() -> ExtractorBuilder {
    let mut b = ExtractorBuilder::new();
    b.strict(true);
    b
}

fn rejected(builder: &mut ExtractorBuilder, text: &str) -> Vec<(String, ErrorKind)> {
    builder.report_rejected(true);
    slice_events(builder, text.as_bytes())
        .into_iter()
        .filter_map(|e| match e {
            Event::Rejected(r) => Some((r.text().to_owned(), r.error().kind().clone())),
            _ => None,
        })
        .collect()
}

// Item 1: IRIs by default.

#[test]
fn iris_go_on_through_ucschar_as_written() {
    assert_uris("see https://de.wikipedia.org/wiki/Straße.", &["https://de.wikipedia.org/wiki/Straße"]);
    assert_uris("shop: https://x.example/?q=Müller&n=2 now", &["https://x.example/?q=Müller&n=2"]);
    assert_uris("at http://bücher.example/ today", &["http://bücher.example/"]);
    assert_uris("東京 https://ja.wikipedia.org/wiki/東京 は首都", &["https://ja.wikipedia.org/wiki/東京"]);
    assert_uris(
        "http://www.bürgerentscheid-krankenhäuser.de",
        &["http://www.bürgerentscheid-krankenhäuser.de"],
    );
    assert_uris("http://ああ.com and http://df.ws/✪123", &["http://ああ.com", "http://df.ws/✪123"]);
    // A symbol is a `ucschar` but no label character of the host rule (item 5): dropped whole.
    assert_uris("http://✪df.ws/123", &[]);
    assert_uris("mailto:jos\u{e9}@example.org.", &["mailto:jos\u{e9}@example.org"]);
    // As written: the normalization form of the text is kept (a decomposed `é`).
    let found = assert_uris("https://x.example/cafe\u{301} ok", &["https://x.example/cafe\u{301}"]);
    assert!(!found[0].uri().is_ascii());
}

#[test]
fn marks_joiners_and_en_dashes_inside_a_word_stay() {
    assert_uris(
        "https://en.wikipedia.org/wiki/Hatfield–McCoy_feud.",
        &["https://en.wikipedia.org/wiki/Hatfield–McCoy_feud"],
    );
    assert_uris("https://fa.example/می\u{200c}خواهم ok", &["https://fa.example/می\u{200c}خواهم"]);
    assert_uris(
        "http://lyricstranslate.com/en/someone-you-പോലൊരാള്\u{200d}.html",
        &["http://lyricstranslate.com/en/someone-you-പോലൊരാള്\u{200d}.html"],
    );
    assert_uris(
        "https://en.wikipedia.org/wiki/Ender’s_Game",
        &["https://en.wikipedia.org/wiki/Ender’s_Game"],
    );
    // An en dash not between letters ends it.
    assert_uris(
        "http://d.example/y – z and http://e.example/–",
        &["http://d.example/y", "http://e.example/"],
    );
}

/// Issue 37 item 8: invisible format characters (the word joiner, the soft hyphen, the zero-width
/// joiner and non-joiner outside the scripts they shape, the deprecated format characters)
/// passed into the IRIs reported, where a reader cannot see them. Each ends the IRI, as the
/// zero-width space does, in text and inside `<…>` (no wrapper then).
#[test]
fn invisible_format_characters_never_reach_an_iri() {
    for c in [
        '\u{ad}', '\u{200b}', '\u{200c}', '\u{200d}', '\u{2060}', '\u{2063}', '\u{206a}', '\u{206f}',
        '\u{feff}',
    ] {
        assert_uris(&format!("see http://a.example/pay{c}pal now"), &["http://a.example/pay"]);
        assert_uris(&format!("see http://a.example/東京{c}都 now"), &["http://a.example/東京"]);
        assert_uris(&format!("<http://a.example/a{c}b>"), &["http://a.example/a"]);
        assert_uris(&format!("http://a.example/x{c}"), &["http://a.example/x"]);
    }
}

/// An HTML link's value is taken whole (issue 19 item 8): one that holds an invisible format
/// character is rejected, not cut, and the rejection names the character and where it is.
#[test]
fn an_html_link_with_an_invisible_character_is_rejected() {
    let mail = "Subject: x\nContent-Type: text/html; charset=utf-8\n\n\
                <a href=\"http://h.example/a\u{2060}b\">1</a> <a href=\"http://h.example/c&shy;d\">2</a>\n\
                <a href=\"http://h.example/e\u{200d}f\">3</a> <a href=\"https://fa.example/می\u{200c}خواهم\">4</a>\n";
    let mut builder = ExtractorBuilder::new();
    let found: Vec<String> =
        only_matches(&slice_events(&builder, mail.as_bytes())).iter().map(|m| m.uri().to_owned()).collect();
    assert_eq!(found, ["https://fa.example/می\u{200c}خواهم"]);
    let rejected = rejected(&mut builder, mail);
    let kinds: Vec<ErrorKind> = rejected.into_iter().map(|(_, kind)| kind).collect();
    assert_eq!(
        kinds,
        [ErrorKind::Invisible('\u{2060}'), ErrorKind::Invisible('\u{ad}'), ErrorKind::Invisible('\u{200d}')]
    );
}

#[test]
fn private_use_only_in_the_query_and_urns_stay_ascii() {
    assert_uris("x http://a.example/?q=\u{e000} y", &["http://a.example/?q=\u{e000}"]);
    // Outside the query it makes the IRI invalid: dropped, with its reason, never cut.
    assert_uris("x http://a.example/p\u{e000} y", &[]);
    let reasons = rejected(&mut ExtractorBuilder::new(), "x http://a.example/p\u{e000} y");
    assert_eq!(
        reasons,
        [("http://a.example/p\u{e000}".to_owned(), ErrorKind::PrivateUseOutsideQuery('\u{e000}'))]
    );
    // A URN is ASCII (RFC 8141): read as a URI, a letter that goes on it drops it.
    assert_uris("urn:isbn:0451450523 and urn:example:aé", &["urn:isbn:0451450523"]);
}

#[test]
fn invalid_utf8_ends_an_iri_and_ascii_text_is_unchanged() {
    let found = common::matches(b"http://a.example/p\xc3\xa4th\xff rest");
    assert_eq!(found.iter().map(|m| m.uri()).collect::<Vec<_>>(), ["http://a.example/p\u{e4}th"]);
    // An encoded surrogate and an overlong form end it too.
    for bad in [&b"\xed\xa0\x80"[..], b"\xc0\xaf"] {
        let mut text = b"http://a.example/x".to_vec();
        text.extend_from_slice(bad);
        let found = common::matches(&text);
        assert_eq!(found.iter().map(|m| m.uri()).collect::<Vec<_>>(), ["http://a.example/x"]);
    }
}

// Item 3: Unicode delimiters end an IRI.

#[test]
fn unicode_delimiters_end_an_iri() {
    for sep in [
        "\u{a0}",
        "\u{1680}",
        "\u{2003}",
        "\u{200a}",
        "\u{2028}",
        "\u{2029}",
        "\u{202f}",
        "\u{205f}",
        "\u{3000}",
        "\u{200b}",
        "\u{feff}",
        "\u{200e}",
        "\u{200f}",
        "\u{202a}",
        "\u{202e}",
        "\u{2066}",
        "\u{2069}",
        "、",
        "。",
        "，",
        "！",
        "？",
        "：",
        "；",
        "…",
        "—",
        "―",
        "،",
        "؛",
        "؟",
        "۔",
        "😀",
        "❤\u{fe0f}",
        "\u{fe0f}",
        "\u{20e3}",
        "👍🏽",
        "🇯🇵",
        "｜",
        "\u{85}",
    ] {
        let text = format!("見て https://x.example/東京{sep}次");
        assert_uris(&text, &["https://x.example/東京"]);
    }
    assert_uris(
        "http://example.com/path?a=b😀http://other.example/",
        &["http://example.com/path?a=b", "http://other.example/"],
    );
}

// Item 4: typographic quotes and brackets.

#[test]
fn typographic_quotes_and_brackets_pair_like_parentheses() {
    assert_uris("„https://x.example/seite“ und", &["https://x.example/seite"]);
    assert_uris("»https://x.example/artikel« und", &["https://x.example/artikel"]);
    assert_uris("«https://x.example/article» et", &["https://x.example/article"]);
    assert_uris("“https://x.example/a” said", &["https://x.example/a"]);
    assert_uris("‘https://x.example/a’ said", &["https://x.example/a"]);
    assert_uris("（https://example.cn/about）了解更多", &["https://example.cn/about"]);
    assert_uris("「https://example.jp/」を見て", &["https://example.jp/"]);
    assert_uris(
        "『https://example.jp/a』【https://example.jp/b】",
        &["https://example.jp/a", "https://example.jp/b"],
    );
    assert_uris(
        "《https://example.cn/c》〈https://example.cn/d〉〔https://example.cn/e〕",
        &["https://example.cn/c", "https://example.cn/d", "https://example.cn/e"],
    );
    // A matched pair inside stays.
    assert_uris("https://example.jp/wiki/「名」の話 です", &["https://example.jp/wiki/「名」の話"]);
    assert_uris("https://example.cn/a（b）c。", &["https://example.cn/a（b）c"]);
    // An opening mark left at the end is trimmed, then the usual trailing punctuation.
    assert_uris("see https://x.example/a“, then", &["https://x.example/a"]);
}

// Item 7: brackets and parentheses.

#[test]
fn balanced_brackets_after_the_host_stay() {
    assert_uris(
        "see http://example.org/list.php?ids[]=1&ids[]=2.",
        &["http://example.org/list.php?ids[]=1&ids[]=2"],
    );
    assert_uris(
        "GET http://api.example.org/users/{id}/posts now",
        &["http://api.example.org/users/{id}/posts"],
    );
    assert_uris("http://foo.com/blah_blah_[other]", &["http://foo.com/blah_blah_[other]"]);
    // Unbalanced ends it; nested brackets are unbalanced at the outer one.
    assert_uris(
        "http://x.example/a[1 b and http://y.example/a]b",
        &["http://x.example/a", "http://y.example/a"],
    );
    // Nested brackets stay as a pair does (up to four deep), unless they are link text.
    assert_uris("http://x.example/a[[1]]/b", &["http://x.example/a[[1]]/b"]);
    assert_uris("http://x.example/a[[1]]", &["http://x.example/a"]);
    // In the host they end or reject it.
    assert_uris("https://{region}.example/ and https://a{b}.example/", &["https://a"]);
    // A bracket wrapper still closes after a URI.
    let found = assert_uris("[http://x.example/a[1]]", &["http://x.example/a[1]"]);
    assert_eq!(found[0].delimiter(), urisift::Delimiter::Bracketed);
}

#[test]
fn a_paren_before_the_scheme_pairs_with_the_first_unmatched_close() {
    assert_uris("(http://one.org/)(http://two.org/)", &["http://one.org/", "http://two.org/"]);
    assert_uris("(http://foo.com/bar)more", &["http://foo.com/bar"]);
    assert_uris(
        "(https://en.wikipedia.org/wiki/Set_(mathematics))",
        &["https://en.wikipedia.org/wiki/Set_(mathematics)"],
    );
    assert_uris("[text](https://x.example/a_(b)) and", &["https://x.example/a_(b)"]);
}

#[test]
fn markdown_emphasis_is_not_part_of_the_uri() {
    assert_uris("this is *https://x.example/bold* ok", &["https://x.example/bold"]);
    assert_uris("**https://x.example/bold**.", &["https://x.example/bold"]);
    assert_uris(
        "_https://x.example/it_ and ~~https://x.example/del~~",
        &["https://x.example/it", "https://x.example/del"],
    );
    // No emphasis without the run before the scheme, or after a letter.
    assert_uris(
        "https://x.example/a* and a*https://x.example/b*",
        &["https://x.example/a*", "https://x.example/b*"],
    );
    assert_uris("_https://x.example/snake_case_", &["https://x.example/snake_case"]);
}

// Item 2: never a cut URI, under every option.

#[test]
fn strict_drops_what_an_iri_would_hold_never_cuts_it() {
    let s = strict();
    for text in [
        "https://ja.wikipedia.org/wiki/東京 は",
        "http://www.bürgerentscheid-krankenhäuser.de",
        "http://example.org/list.php?ids[]=1",
        "http://api.example.org/users/{id}/posts",
        "http://ああ.com",
    ] {
        assert_uris_with(&s, text, &[]);
    }
    // What ends an IRI ends a URI: nothing is dropped there.
    assert_uris_with(
        &s,
        "http://a.example/x。次 http://b.example/y\u{a0}z",
        &["http://a.example/x", "http://b.example/y"],
    );
    assert_eq!(
        rejected(&mut strict(), "see http://a.example/wiki/東京"),
        [("http://a.example/wiki/".to_owned(), ErrorKind::Excluded('東'))]
    );
    assert_eq!(
        rejected(&mut strict(), "see http://a.example/?ids[]=1"),
        [("http://a.example/?ids".to_owned(), ErrorKind::Excluded('['))]
    );
    // Other grammars read URIs too, and drop a candidate cut in a word.
    let mut rfc2396 = ExtractorBuilder::new();
    rfc2396.grammar(Grammar::Rfc2396);
    assert_uris_with(&rfc2396, "http://a.example/東京 http://b.example/x", &["http://b.example/x"]);
}

#[test]
fn floods_of_marks_emoji_and_openers_are_read_whole() {
    let mut text = String::from("http://a.example/x");
    text.push_str(&"\u{301}".repeat(3_000));
    text.push(' ');
    let found = common::matches(text.as_bytes());
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].uri().len(), "http://a.example/x".len() + 2 * 3_000);
    let emoji = format!("http://a.example/x{}", "😀".repeat(3_000));
    assert_uris(&emoji, &["http://a.example/x"]);
    let opens = format!("http://a.example/{} ", "「".repeat(1_000));
    assert_uris(&opens, &["http://a.example/"]);
}

/// Found by the random texts: inside `<…>` an opaque URI with brackets (`tel:+1-2ab[::1]…`) was
/// validated with them standing in as `~`, although no bracket stays in a URI without an
/// authority. The `<…>` is then no wrapper, and the text is read as before (the bracket ends
/// the bare URI, as RFC 2396 Appendix E has it).
#[test]
fn brackets_in_an_opaque_uri_in_angle_brackets_stay_invalid() {
    assert_uris("<tel:+1-2ab[::1]x>", &["tel:+1-2ab"]);
    assert_uris("<http://a.example/x[1]>", &["http://a.example/x[1]"]);
}

/// `Match::parsed` of an IRI said it was not one (`is_iri` false), so a caller that maps IRIs
/// to URIs by it left them unmapped.
#[test]
fn parsed_of_an_iri_match_is_an_iri() {
    let text = "see https://de.wikipedia.org/wiki/Straße and http://example.org/plain";
    let found: Vec<(String, bool)> = ExtractorBuilder::new()
        .build()
        .slice(text.as_bytes())
        .map(|m| (m.uri().to_owned(), m.parsed().is_iri()))
        .collect();
    assert_eq!(
        found,
        [
            ("https://de.wikipedia.org/wiki/Straße".to_owned(), true),
            ("http://example.org/plain".to_owned(), false)
        ]
    );
    let m = ExtractorBuilder::new().build().slice(text.as_bytes()).next().unwrap();
    assert_eq!(m.to_uri(), "https://de.wikipedia.org/wiki/Stra%C3%9Fe");
}

/// `{…}` inside `<…>` ended the wrapper: `<http://x/{id}/a>` was found bare (delimiter and
/// outer span wrong), and wrapped over two lines it was cut at the line break.
#[test]
fn braces_inside_angle_brackets_keep_the_wrapper() {
    let text = "see <http://x.example/{id}/a> and <http://x.example/{id}\n  /more>.";
    let found: Vec<(String, String, (u64, u64))> = ExtractorBuilder::new()
        .build()
        .slice(text.as_bytes())
        .map(|m| {
            (m.uri().to_owned(), m.delimiter().name().to_owned(), (m.outer_span().start, m.outer_span().end))
        })
        .collect();
    let at = |s: &str| text.find(s).unwrap() as u64;
    assert_eq!(
        found,
        [
            ("http://x.example/{id}/a".to_owned(), "angle".to_owned(), (at("<http"), at(" and"))),
            (
                "http://x.example/{id}/more".to_owned(),
                "angle".to_owned(),
                (at("<http://x.example/{id}\n"), at(">.") + 1)
            ),
        ]
    );
}

/// A keycap emoji after a URI (`#️⃣`, `1️⃣`: a `#`, `*` or digit, U+FE0F, U+20E3; Unicode TS #51)
/// is not part of it: its `#` or digit was left on the URI (`http://a.example/#`), which is
/// not the URI the text shows. Under `--strict` the URI before it is found too; a U+20E3 after a
/// letter is no keycap, and the rules for marks apply as before.
#[test]
fn a_keycap_after_a_uri_is_not_part_of_it() {
    assert_uris(
        "see http://a.example/#\u{fe0f}\u{20e3} and http://a.example/b#\u{20e3}, http://a.example/p1\u{fe0f}\u{20e3}!",
        &["http://a.example/", "http://a.example/b", "http://a.example/p"],
    );
    assert_uris("<http://a.example/q*\u{fe0f}\u{20e3}>", &["http://a.example/q"]);
    assert_uris_with(&strict(), "http://a.example/x#\u{fe0f}\u{20e3} y", &["http://a.example/x"]);
    assert_uris("http://a.example/r\u{20e3} x", &["http://a.example/r"]);
    assert_uris_with(&strict(), "http://a.example/r\u{20e3} x", &[]);
    // A `#` or digit before anything else outside ASCII stays.
    assert_uris("http://a.example/#é x", &["http://a.example/#é"]);
    assert_uris("http://a.example/7\u{a0}x", &["http://a.example/7"]);
}

/// A keycap emoji split between two reads right after its U+FE0F: the digit or `#` before it
/// was left on the URI when the read ended there, so the stream differed from the slice
/// (`mailto:a@b,c@d1` from a reader, `mailto:a@b,c@d` from the slice).
#[test]
fn a_keycap_split_between_reads_is_still_the_emojis() {
    let text =
        "\nmailto:a@b,c@d1\u{fe0f}\u{20e3} http://a.example/p#\u{fe0f}\u{20e3} http://a.example/ü1\u{fe0f}";
    let expected = ["mailto:a@b,c@d", "http://a.example/p", "http://a.example/ü1"];
    assert_uris(text, &expected);
    for cut in 1..text.len() {
        let reader = ChunkedReader::new(text.as_bytes(), &[cut, text.len()]);
        let events = reader_events(&ExtractorBuilder::new(), reader);
        let matches = only_matches(&events);
        let uris: Vec<&str> = matches.iter().map(|m| m.uri()).collect();
        assert_eq!(uris, expected, "read in two at byte {cut}");
    }
}
