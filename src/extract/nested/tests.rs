//! The nested matches of each kind, their spans, indexes and depths.

use crate::{Delimiter, ExtractorBuilder, Match};

fn nested(text: &str) -> Vec<Match> {
    ExtractorBuilder::new().nested(true).build().slice(text.as_bytes()).collect()
}

/// Each match as (URI, outer index, depth, the text of its span).
fn shown(text: &str) -> Vec<(String, Option<u64>, usize, String)> {
    nested(text)
        .iter()
        .map(|m| (m.uri().to_owned(), m.outer(), m.depth(), text[m.span()].to_owned()))
        .collect()
}

#[test]
fn off_by_default_and_on_when_asked() {
    let text = "go https://www.google.com/url?q=https%3A%2F%2Fevil.example%2Fx&sa=D ok";
    let plain: Vec<Match> = crate::extract_str(text).collect();
    assert_eq!(plain.len(), 1);
    assert_eq!(plain[0].outer(), None);
    let found = nested(text);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0], plain[0], "the outer match is the same");
    assert_eq!(found[1].uri(), "https://evil.example/x");
    assert_eq!(found[1].delimiter(), Delimiter::Nested);
    assert_eq!(found[1].outer(), Some(0));
    assert_eq!(found[1].depth(), 1);
    assert_eq!(&text[found[1].span()], "https%3A%2F%2Fevil.example%2Fx");
    assert!(found[1].flags().contains(crate::Flag::Nested));
    assert!(!found[0].flags().contains(crate::Flag::Nested));
}

#[test]
fn recursive_with_indexes_in_output_order() {
    // A Safe Link around a Google redirect around the URL, then a plain URL with one value.
    let inner = "https%3A%2F%2Fwww.google.com%2Furl%3Fq%3Dhttps%253A%252F%252Fevil.example%252Fp";
    let text = format!(
        "a https://nam02.safelinks.protection.outlook.com/?url={inner}&data=x b http://t.example/?r=http://c.example/"
    );
    let found = shown(&text);
    let uris: Vec<_> = found.iter().map(|f| (f.0.as_str(), f.1, f.2)).collect();
    assert_eq!(
        uris,
        [
            (&text[2..text.find(" b").unwrap()], None, 0),
            ("https://www.google.com/url?q=https%3A%2F%2Fevil.example%2Fp", Some(0), 1),
            ("https://evil.example/p", Some(1), 2),
            ("http://t.example/?r=http://c.example/", None, 0),
            ("http://c.example/", Some(3), 1),
        ]
    );
    // The decoded ones span the encoded value they came from; a value as it is, itself.
    assert_eq!(found[1].3, inner);
    assert_eq!(found[2].3, inner);
    assert_eq!(found[4].3, "http://c.example/");
}

#[test]
fn rewriters_and_mailto() {
    let v2 = "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_path&d=DwMF&c=x";
    assert_eq!(shown(v2)[1].0, "https://evil.example/path");
    assert_eq!(shown(v2)[1].3, "https-3A__evil.example_path");
    let v3 = "see https://urldefense.com/v3/__https://evil.example/x__;!!AbC!dEf$ now";
    let found = shown(v3);
    assert_eq!(found[1].0, "https://evil.example/x");
    assert_eq!(found[1].3, "https://evil.example/x");
    let fb = "https://l.facebook.com/l.php?u=https%3A%2F%2Fevil.example%2F&h=AT0";
    assert_eq!(shown(fb)[1].0, "https://evil.example/");
    let mail =
        "mailto:a@b.example?subject=look%20https%3A%2F%2Fevil.example%2Fm%20now&body=http://c.example/";
    let found = shown(mail);
    assert_eq!(found.len(), 3, "{found:?}");
    assert_eq!(found[1].0, "https://evil.example/m");
    assert_eq!(found[1].3, "look%20https%3A%2F%2Fevil.example%2Fm%20now");
    assert_eq!(found[2].0, "http://c.example/");
    assert_eq!(found[2].3, "http://c.example/", "a URI as it is in a field spans itself");
}

#[test]
fn nothing_from_what_is_no_uri() {
    for text in [
        "https://t.example/?q=hello%20world&n=3",
        "https://t.example/?time=12:30",
        "https://t.example/?u=https%253A%252F%252Fx.example%252F%25ZZ",
        "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_a-ZZ&d=x",
        "https://urldefense.com/v3/__https://evil.example/a*b*c__;Kg!!x$",
        "https://t.example/?u=https%3A%2F%2F-bad.example%2F",
        "https://t.example/?u=see%20https%3A%2F%2Fx.example%2F",
    ] {
        assert_eq!(nested(text).len(), 1, "{text}: {:?}", shown(text));
    }
}

#[test]
fn depth_is_bounded() {
    // Six levels of `?u=`, each encoding the next once more.
    let mut uri = "https://evil.example/".to_owned();
    for level in 0..6 {
        let encoded: String = uri
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b == b'.' {
                    char::from(b).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        uri = format!("https://r{level}.example/?u={encoded}");
    }
    let found = nested(&uri);
    assert_eq!(found.len(), 1 + crate::NESTED_DEPTH);
    assert_eq!(found.iter().map(Match::depth).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
}

#[test]
fn spans_lines_and_origins_in_mail_and_readers() {
    let text = "Subject: x\nFrom: a@b.example\n\nline\nhttps://t.example/?u=https%3A%2F%2Fe.example%2F\n";
    let finder = ExtractorBuilder::new().nested(true).line_numbers(true).build();
    let found: Vec<Match> = finder.slice(text.as_bytes()).collect();
    assert_eq!(found.len(), 2);
    assert_eq!(found[1].origin().unwrap().place().to_string(), "nested");
    assert_eq!(found[0].origin().unwrap().place().to_string(), "body");
    assert_eq!(found[1].line(), Some(5));
    // A reader in chunks of any size gives the same.
    let by_reader: Vec<Match> = finder.reader(text.as_bytes()).map(Result::unwrap).collect();
    assert_eq!(by_reader, found);
    // A match read through a decoding spans its outer's span.
    let qp = "Subject: x\nContent-Transfer-Encoding: quoted-printable\n\nhttps://t.example/?u=3Dhttps%3A%2F%2Fe.ex=\nample%2F\n";
    let found: Vec<Match> = finder.slice(qp.as_bytes()).collect();
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[1].span(), found[0].span());
}

/// In `<…>` across lines (white space removed), a nested match spans its bytes on the line it
/// is on, and has that line.
#[test]
fn across_lines_in_angle_brackets() {
    let text = "x\n<https://t.example/?a=1&\n   u=https%3A%2F%2Fe.example%2F&\n   v=http://f.example/>\n";
    let finder = ExtractorBuilder::new().nested(true).line_numbers(true).build();
    let found: Vec<Match> = finder.slice(text.as_bytes()).collect();
    let shown: Vec<_> = found.iter().map(|m| (&text[m.span()], m.line())).collect();
    assert_eq!(
        shown[1..],
        [("https%3A%2F%2Fe.example%2F", Some(3)), ("http://f.example/", Some(4))],
        "{found:?}"
    );
    assert_eq!(found[0].line(), Some(2));
}

#[test]
fn no_panic_on_odd_texts() {
    for text in [
        "https://t.example/?=&&=&u=&u=%",
        "mailto:a@b.example?subject=%",
        "https://urldefense.com/v3/__",
        "https://urldefense.com/v3/____;",
        "https://urldefense.proofpoint.com/v2/url?u=-",
        "https://x.safelinks.protection.outlook.com/?url=%E2%82",
    ] {
        let _ = nested(text);
    }
}
