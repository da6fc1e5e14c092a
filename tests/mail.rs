//! Mail read as a reader sees it (issue 19): the builder's switch, spans on the input's raw
//! bytes, HTML link values validated whole, where each match was found, and the reader path
//! equal to the slice path under any chunking.

mod common;

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use common::{ChunkedReader, Xorshift, base64, only_matches, reader_events, slice_events};
use urisift::{Delimiter, Event, ExtractorBuilder, MailMode, Match, Place, Span};

fn builder(mode: MailMode) -> ExtractorBuilder {
    let mut b = ExtractorBuilder::new();
    b.mail(mode);
    b
}

fn uris(found: &[Match]) -> Vec<&str> {
    found.iter().map(Match::uri).collect()
}

/// The matches of `input` under `b`, checked to be the same from a reader in 3-byte reads.
#[track_caller]
fn matches_of(b: &ExtractorBuilder, input: &[u8]) -> Vec<Match> {
    let events = slice_events(b, input);
    assert_eq!(events, reader_events(b, ChunkedReader::new(input, &[3])), "reader differs from slice");
    only_matches(&events)
}

/// A text/html part sent in base64 with `&amp;` in an `href` (the issue's first example): the
/// link comes out as a browser follows it, its span on the base64 text it was decoded from.
#[test]
fn base64_html_gives_its_links_with_spans_on_the_base64() {
    let html = "<p>Read <a href=\"https://example.org/p?a=1&amp;b=2\">the  page</a>.</p>\n";
    let b64 = base64(html.as_bytes());
    let mail = format!(
        "From: a@example.org\nMessage-ID: <m1@example.org>\nContent-Type: text/html; charset=utf-8\n\
         Content-Transfer-Encoding: base64\n\n{b64}\n"
    );
    let found = matches_of(&ExtractorBuilder::new(), mail.as_bytes());
    assert_eq!(uris(&found), ["https://example.org/p?a=1&b=2"]);
    let m = &found[0];
    assert_eq!(m.delimiter(), Delimiter::HtmlAttribute);
    // The value's characters start at the 17th byte of the HTML: the base64 group holding it.
    let body = mail.find(&b64).unwrap() as u64;
    let value_start = html.find("https:").unwrap() as u64;
    let value_end = value_start + "https://example.org/p?a=1&amp;b=2".len() as u64;
    // Decoded byte k comes from base64 characters 4(k/3) + k%3 and the one after it.
    let last = value_end - 1;
    assert_eq!(
        m.span(),
        Span::new(body + value_start / 3 * 4 + value_start % 3, body + last / 3 * 4 + last % 3 + 2)
    );
    assert!(!m.is_quoted_printable());
    let origin = m.origin().expect("read as mail");
    assert_eq!(origin.message(), 1);
    assert_eq!(origin.message_id(), Some("m1@example.org"));
    assert_eq!((origin.part(), origin.content_type()), ("1", "text/html"));
    assert_eq!(origin.place(), &Place::HtmlAttribute { name: "href".into(), element: "a".into() });
    assert_eq!(origin.place().to_string(), "html:href");
    assert_eq!(origin.link_text(), Some("the page"));
    // Read as plain text, the base64 hides it.
    assert!(matches_of(&builder(MailMode::Off), mail.as_bytes()).is_empty());
}

/// An attribute's value is one URI or none: nothing is delimited inside it or trimmed off it
/// (issue 19 item 8); white space around it is stripped and TAB, CR, LF inside removed, as a
/// browser does; `cid:`, `mid:`, `data:`, `javascript:` and relative values give nothing.
#[test]
fn html_attribute_values_are_validated_whole() {
    let html = "<a href=\"http://a.example/x y\">space</a>\n\
                <a href=\"http://b.example/x).\">kept punctuation</a>\n\
                <a href=\"  http://c.example/\n\tpath  \">stripped</a>\n\
                <img src=\"cid:part1@example.org\"><a href=\"javascript:go('http://d.example/')\">js</a>\n\
                <a href=\"/relative\">relative</a><form action=\"mailto:e@example.org\"></form>\n";
    let mail = format!("Subject: links\nContent-Type: text/html\n\n{html}");
    let found = matches_of(&ExtractorBuilder::new(), mail.as_bytes());
    assert_eq!(uris(&found), ["http://b.example/x).", "http://c.example/path", "mailto:e@example.org"]);
    assert!(found.iter().all(|m| m.delimiter() == Delimiter::HtmlAttribute));
    // The stripped value's span runs from its first character to its last, over the line break.
    let at = mail.find("http://c.example").unwrap() as u64;
    assert_eq!(found[1].span(), Span::new(at, at + "http://c.example/\n\tpath".len() as u64));
    assert_eq!(found[1].pieces(), [Span::new(at, at + 17), Span::new(at + 19, at + 23)]);
    assert_eq!(found[2].origin().unwrap().place().to_string(), "html:action");
    // The rejected whole value is reported as one candidate, when rejections are.
    let mut rejecting = ExtractorBuilder::new();
    rejecting.report_rejected(true);
    let rejected: Vec<String> = slice_events(&rejecting, mail.as_bytes())
        .into_iter()
        .filter_map(|e| if let Event::Rejected(r) = e { Some(r.text().to_owned()) } else { None })
        .collect();
    assert_eq!(rejected, ["http://a.example/x y"]);
}

/// Visible text of an HTML part is plain text with its character references decoded; a tag
/// ends a URI, and script, style and comments are not read.
#[test]
fn html_text_is_read_as_text() {
    let html = "<p>see http://a.example/?x=1&amp;y=2<br>http://b.example/</p>\
                <!-- http://hidden.example/ --><script>var u='http://script.example/';</script>\n";
    let mail = format!("Subject: text\nContent-Type: text/html\n\n{html}");
    let found = matches_of(&ExtractorBuilder::new(), mail.as_bytes());
    assert_eq!(uris(&found), ["http://a.example/?x=1&y=2", "http://b.example/"]);
    assert_eq!(found[0].origin().unwrap().place(), &Place::HtmlText);
    assert_eq!(found[0].delimiter(), Delimiter::Bare);
    let at = mail.find("http://a.example").unwrap() as u64;
    assert_eq!(found[0].span(), Span::new(at, at + "http://a.example/?x=1&amp;y=2".len() as u64));
}

/// Where a match was found: header fields by name, the body, the preamble and epilogue, each
/// with its part number and content type; the message number counts the messages of an mbox.
#[test]
fn each_match_knows_where_it_was_found() {
    let mbox = "From a@example.org Mon Jan  1 00:00:00 2001\n\
                Message-ID: <one@example.org>\n\
                List-Unsubscribe: <https://lists.example/u>\n\
                Content-Type: multipart/mixed; boundary=\"b\"\n\n\
                preamble http://pre.example/\n\
                --b\n\
                Content-Type: text/plain\n\n\
                body http://body.example/\n\
                --b--\n\
                epilogue http://epi.example/\n\n\
                From b@example.org Mon Jan  1 00:00:00 2001\n\
                Subject: second\n\n\
                http://second.example/\n";
    let found = matches_of(&ExtractorBuilder::new(), mbox.as_bytes());
    let where_: Vec<(&str, u64, String, &str, &str)> = found
        .iter()
        .map(|m| {
            let o = m.origin().unwrap();
            (m.uri(), o.message(), o.place().to_string(), o.part(), o.content_type())
        })
        .collect();
    assert_eq!(
        where_,
        [
            ("https://lists.example/u", 1, "header:List-Unsubscribe".to_owned(), "", "multipart/mixed"),
            ("http://pre.example/", 1, "preamble".to_owned(), "", "text/plain"),
            ("http://body.example/", 1, "body".to_owned(), "1", "text/plain"),
            ("http://epi.example/", 1, "epilogue".to_owned(), "", "text/plain"),
            ("http://second.example/", 2, "body".to_owned(), "1", "text/plain"),
        ]
    );
    assert_eq!(found[0].origin().unwrap().message_id(), Some("one@example.org"));
    assert_eq!(found[4].origin().unwrap().message_id(), None);
    // Spans are on the input's bytes.
    for m in &found {
        assert_eq!(&mbox.as_bytes()[m.span()], m.uri().as_bytes());
    }
    // Line numbers count the input's lines.
    let mut numbered = ExtractorBuilder::new();
    numbered.line_numbers(true);
    let lines: Vec<Option<u64>> = matches_of(&numbered, mbox.as_bytes()).iter().map(Match::line).collect();
    assert_eq!(lines, [Some(3), Some(6), Some(10), Some(12), Some(17)]);
}

/// Without origins (`ExtractorBuilder::origins(false)`), every match of every mail file is
/// the one found with them, but for its origin: the same URI, readings, spans, pieces, line
/// and flags, in the same order.
#[test]
fn matches_without_origins_are_the_same_but_for_them() {
    let mut with = ExtractorBuilder::new();
    with.line_numbers(true).report_rejected(true);
    let mut without = with.clone();
    without.origins(false);
    let seen = |m: &Match| {
        let readings: Vec<String> = m.readings().into_iter().map(str::to_owned).collect();
        (m.uri().to_owned(), readings, m.span(), m.outer_span(), m.pieces().to_vec(), m.line())
    };
    let flags = |m: &Match| (m.delimiter(), m.is_abbreviated(), m.is_quoted_printable(), m.is_refanged());
    let mut files = data_files("eml");
    files.extend(check_files());
    let mut origins = 0;
    for path in files {
        let input = fs::read(&path).unwrap();
        let (found, bare) = (matches_of(&with, &input), matches_of(&without, &input));
        assert_eq!(found.len(), bare.len(), "{}", path.display());
        for (m, b) in found.iter().zip(&bare) {
            assert_eq!((seen(m), flags(m)), (seen(b), flags(b)), "{}", path.display());
            assert_eq!(b.origin(), None, "{}", path.display());
            origins += usize::from(m.origin().is_some());
        }
        // Rejected candidates do not carry origins: the same with and without.
        let rejected = |b: &ExtractorBuilder| {
            slice_events(b, &input).into_iter().filter(|e| !matches!(e, Event::Match(_))).collect::<Vec<_>>()
        };
        assert_eq!(rejected(&with), rejected(&without), "{}", path.display());
    }
    assert!(origins > 20, "{origins} matches read as mail");
}

/// `mail_headers` says which header fields are read: all by default, those named (any case),
/// or none.
#[test]
fn header_fields_read_as_asked() {
    let mail = "From: a@example.org\nX-Url: http://x.example/\nList-Help: <http://help.example/>\n\n\
                body http://body.example/\n";
    let uris_with = |names: Option<&[&str]>| {
        let mut b = ExtractorBuilder::new();
        b.mail_headers(names);
        matches_of(&b, mail.as_bytes()).iter().map(|m| m.uri().to_owned()).collect::<Vec<_>>()
    };
    assert_eq!(uris_with(None), ["http://x.example/", "http://help.example/", "http://body.example/"]);
    assert_eq!(uris_with(Some(&["list-HELP"])), ["http://help.example/", "http://body.example/"]);
    assert_eq!(uris_with(Some(&[])), ["http://body.example/"]);
}

/// The switch: `Auto` reads input that starts as mail as mail and other input as plain text;
/// `On` reads any input as mail (text without a header block is a body); `Off` never does.
#[test]
fn the_mail_switch() {
    let mail = b"Content-Transfer-Encoding: base64\n\naHR0cDovL2EuZXhhbXBsZS8=\n";
    assert_eq!(uris(&matches_of(&ExtractorBuilder::new(), mail)), ["http://a.example/"]);
    assert!(matches_of(&builder(MailMode::Off), mail).is_empty());
    let text = b"See http://a.example/?q=3D1 today\n";
    let auto = matches_of(&ExtractorBuilder::new(), text);
    assert_eq!(auto, matches_of(&builder(MailMode::Off), text));
    assert!(auto[0].origin().is_none());
    let on = matches_of(&builder(MailMode::On), text);
    assert_eq!(uris(&on), ["http://a.example/?q=3D1"]);
    assert_eq!(on[0].origin().unwrap().place(), &Place::Body);
}

/// Plain text reads exactly as before: every corpus file that is not read as mail (RFCs, logs,
/// prose; mail, news and the minutes of a meeting sent as mail are) gives the same events with
/// the switch on `Auto` as with it `Off`.
#[test]
fn plain_text_reads_as_before() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    if !root.join("expected").is_dir() {
        eprintln!("skipped: {} holds no corpus (a packaged crate?)", root.display());
        return;
    }
    let mut checked = 0;
    for file in corpus_files() {
        let rel = file.to_string_lossy();
        let text = fs::read(&file).unwrap();
        let auto = slice_events(&ExtractorBuilder::new(), &text);
        let read_as_mail = only_matches(&auto).iter().any(|m| m.origin().is_some());
        if rel.contains("/mail/") || rel.contains("/news/") || read_as_mail {
            continue;
        }
        assert_eq!(auto, slice_events(&builder(MailMode::Off), &text), "{rel}");
        checked += 1;
    }
    assert!(checked == 0 || checked > 10, "only {checked} plain corpus files");
}

/// A reader gives exactly the slice's events, under random chunkings and interruptions, for
/// every mail file of the corpus, of tests/data/mail and of its check set, read as mail (a property test with a
/// fixed seed: each file is read in 6 random chunkings).
#[test]
fn stream_equals_slice_under_random_chunkings() {
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    let mut files: Vec<PathBuf> =
        corpus_files().into_iter().filter(|f| f.to_string_lossy().contains("/mail/")).collect();
    files.extend(data_files("eml"));
    files.extend(check_files());
    let mut checked = 0;
    for file in &files {
        let text = fs::read(file).unwrap();
        for mode in [MailMode::Auto, MailMode::On] {
            let mut b = builder(mode);
            b.line_numbers(true).report_rejected(true);
            let slice = slice_events(&b, &text);
            for _ in 0..3 {
                // Chunks from 1 byte to a few KiB, small ones often, so that reads end anywhere.
                let sizes: Vec<usize> = (0..1 + rng.below(6))
                    .map(|_| if rng.below(2) == 0 { 1 + rng.below(16) } else { 1 + rng.below(5000) })
                    .collect();
                let reader = ChunkedReader::new(&text, &sizes).interrupting(2 + rng.below(6));
                assert_eq!(
                    reader_events(&b, reader),
                    slice,
                    "{}: chunks {sizes:?}, {mode:?}",
                    file.display()
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 0);
}

/// The golden messages of tests/data/mail (see its SOURCES.md): each gives the reviewed
/// matches of its `.expected` file, with where each was found, and every span holds its
/// URI's source (the URI itself where nothing was decoded).
#[test]
fn golden_messages() {
    let files = data_files("eml");
    assert!(files.len() >= 11, "{files:?}");
    for file in files {
        let text = fs::read(&file).unwrap();
        let expected = fs::read_to_string(file.with_extension("expected")).unwrap();
        let found = matches_of(&ExtractorBuilder::new(), &text);
        let actual: Vec<String> = found
            .iter()
            .map(|m| {
                let o = m.origin().expect("read as mail");
                let link = o.link_text().unwrap_or_default();
                format!("{}\t{}\t{}\t{}\t{link}", m.uri(), o.place(), o.part(), o.content_type())
            })
            .collect();
        assert_eq!(actual, expected.lines().collect::<Vec<_>>(), "{}", file.display());
        for m in &found {
            let source = &text[m.span().to_range().unwrap()];
            // (An IRI decoded from a charset's escapes, ISO-2022-JP's, is not spelled by them.)
            if m.delimiter() != Delimiter::HtmlAttribute
                && !m.is_quoted_printable()
                && source.is_ascii()
                && m.uri().is_ascii()
            {
                // A soft line break of format=flowed (RFC 3676 §4.2: a space before the line
                // end, the next line's quote marks) is what joining leaves out.
                let undecoded = String::from_utf8_lossy(source).replace(" \n> ", "").replace(" \n", "");
                let in_base64 = !undecoded.contains("://");
                assert!(in_base64 || undecoded == m.uri(), "{}: {m:?}", file.display());
            }
        }
    }
}

/// The check set of tests/data/mail/check (see its README.md): each message or mailbox offers
/// the reader the distinct URIs of its `.expected` file, in order of first appearance (what
/// `urisift -u` prints), from a slice and from a reader in 3-byte reads alike; those listed in
/// its DIVERGENCES file, with why, still differ.
#[test]
fn check_set() {
    let files = check_files();
    assert!(files.len() >= 50, "{files:?}");
    let known =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mail/check/DIVERGENCES"))
            .unwrap();
    let diverging: Vec<&str> =
        known.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split('\t').next()).collect();
    for file in files {
        let text = fs::read(&file).unwrap();
        let expected = fs::read_to_string(file.with_extension("expected")).unwrap();
        let mut distinct: Vec<String> = Vec::new();
        for m in matches_of(&ExtractorBuilder::new(), &text) {
            if !distinct.iter().any(|u| u == m.uri()) {
                distinct.push(m.uri().to_owned());
            }
        }
        let name = file.file_stem().unwrap().to_string_lossy();
        if diverging.contains(&name.as_ref()) {
            assert_ne!(
                distinct,
                expected.lines().collect::<Vec<_>>(),
                "{name} is met now: drop it from DIVERGENCES"
            );
        } else {
            assert_eq!(distinct, expected.lines().collect::<Vec<_>>(), "{}", file.display());
        }
    }
}

/// A read error while mail is read whole comes after the matches of what was read before it.
#[test]
fn a_read_error_comes_after_the_matches_before_it() {
    struct Failing<'a>(&'a [u8]);
    impl Read for Failing<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("disk on fire"));
            }
            let n = out.len().min(self.0.len()).min(16);
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let mail = b"Subject: x\n\nhttp://a.example/ and http://b.example/\n";
    let mut it = ExtractorBuilder::new().build().reader(Failing(mail));
    assert_eq!(it.next().unwrap().unwrap().uri(), "http://a.example/");
    assert_eq!(it.next().unwrap().unwrap().uri(), "http://b.example/");
    assert_eq!(it.next().unwrap().unwrap_err().to_string(), "disk on fire");
    assert!(it.next().is_none());
}

/// Every text file of the corpus (empty without it: a packaged crate has none).
fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut out = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name.ends_with(".md") || name == "tools" || name == "expected" {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The files of tests/data/mail ending in `.ext`, sorted.
fn data_files(ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mail");
    let mut out: Vec<PathBuf> = fs::read_dir(dir)
        .map(|entries| {
            entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == ext)).collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// The messages and mailboxes of tests/data/mail/check, sorted.
fn check_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mail/check");
    let mut out: Vec<PathBuf> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "eml" || e == "mbox"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// A message whose body is `leaf` (a header block and body) inside `depth` multiparts, each
/// with a boundary of its own; with `text` before each nested part, in its level's first part.
fn nested(leaf: &str, depth: usize, text: &str) -> String {
    let mut body = leaf.to_owned();
    for k in (0..depth).rev() {
        body = format!(
            "Content-Type: multipart/mixed; boundary=\"b{k}\"\n\n--b{k}\n\n{text}\n--b{k}\n{body}\n--b{k}--\n"
        );
    }
    format!("From: a@example.org\nSubject: deep\nMIME-Version: 1.0\n{body}")
}

/// Issue 37 item 5: MIME nested 16 levels or more was silently not decoded: a base64 HTML
/// link 16 parts down gave nothing. It is found 20 and 60 levels down, and nothing is said
/// to be nested too deep.
#[test]
fn a_base64_html_link_twenty_multiparts_deep_is_found() {
    let html = "<p><a href=\"http://deep.example/link?a=1&amp;b=2\">the link</a></p>\n";
    let leaf =
        format!("Content-Type: text/html\nContent-Transfer-Encoding: base64\n\n{}", base64(html.as_bytes()));
    for depth in [16, 20, 60] {
        let mail = nested(&leaf, depth, "");
        let found = matches_of(&ExtractorBuilder::new(), mail.as_bytes());
        assert_eq!(uris(&found), ["http://deep.example/link?a=1&b=2"], "{depth} deep");
        let mut events = ExtractorBuilder::new().build().slice(mail.as_bytes());
        while events.next_event().is_some() {}
        assert_eq!((events.deep_from(), events.deep_messages()), (None, 0), "{depth} deep");
    }
}

/// Past what is decoded (the bodies of all levels at most 64 times the message's length), the
/// rest is read as plain text: its URIs as written are found, what only decoding shows is not,
/// what was found before is kept, and the extractor says where and how deep it stopped.
#[test]
fn mime_nested_too_deep_to_decode_is_read_as_text_and_said() {
    let leaf = format!(
        "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n{}\nhttp://plain.example/bottom\n",
        base64(b"http://encoded.example/hidden\n")
    );
    let mail = nested("Content-Type: text/plain\n\nhttp://first.example/\n", 1, "");
    let deep = nested(&leaf, 400, "http://level.example/");
    let mbox =
        format!("From a@x Mon Dec  7 09:00:00 2026\n{mail}\nFrom b@x Tue Dec  8 09:00:00 2026\n{deep}");
    let b = ExtractorBuilder::new();
    let found = matches_of(&b, mbox.as_bytes());
    let found = uris(&found);
    assert_eq!(found.first(), Some(&"http://first.example/"));
    assert!(found.contains(&"http://plain.example/bottom"), "{found:?}");
    assert!(!found.contains(&"http://encoded.example/hidden"), "{found:?}");
    assert_eq!(found.iter().filter(|u| **u == "http://level.example/").count(), 400);
    let mut events = b.build().slice(mbox.as_bytes());
    while events.next_event().is_some() {}
    let (at, depth) = events.deep_from().expect("the message is said to be nested too deep");
    assert_eq!(
        at,
        mbox.find("From b@x").unwrap() as u64 + "From b@x Tue Dec  8 09:00:00 2026\n".len() as u64
    );
    assert!((64..400).contains(&depth), "{depth}");
    assert_eq!(events.deep_messages(), 1);
    // A reader says the same.
    let mut reader = b.build().reader(ChunkedReader::new(mbox.as_bytes(), &[7]));
    while reader.next_event().is_some() {}
    assert_eq!((reader.deep_from(), reader.deep_messages()), (Some((at, depth)), 1));
}

/// A message whose lines end in a lone CR was read as one header field (held-out differential of
/// issue 36): its quoted-printable HTML link and its text part gave nothing, and text of its
/// encoding (`=3D`) came out in URIs. Walked with each CR read as a line feed, it gives what
/// the same message with LF line ends gives, with the same spans.
#[test]
fn a_message_with_lone_cr_line_ends_is_read_as_its_lines() {
    let lf = "From: a@mac.example\nSubject: cr\nMIME-Version: 1.0\n\
              Content-Type: text/html; charset=us-ascii\nContent-Transfer-Encoding: quoted-printable\n\n\
              <a href=3D\"http://x.example/a?b=3D1&amp;c=3D2\">the li=\nnk</a> and http://y.example/\n";
    let cr = lf.replace('\n', "\r");
    let b = ExtractorBuilder::new();
    let (want, got) = (matches_of(&b, lf.as_bytes()), matches_of(&b, cr.as_bytes()));
    assert_eq!(
        got.iter().map(Match::uri).collect::<Vec<_>>(),
        ["http://x.example/a?b=1&c=2", "http://y.example/"]
    );
    assert_eq!(
        got.iter().map(|m| m.span()).collect::<Vec<_>>(),
        want.iter().map(|m| m.span()).collect::<Vec<_>>()
    );
}
