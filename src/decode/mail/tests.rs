//! The reader over hand-built messages (RFC 2045, 2046, 2047, 3676, 5322) and over the shared
//! corpus's real mail.

use super::mime::ContentType;
use super::*;

/// The segments of `input` as `(kind, part, content type, text)`.
fn segments(input: &[u8]) -> Vec<(String, String, String, String)> {
    Reader::new(input)
        .map(|s| {
            let kind = match &s.kind {
                SegmentKind::Header { name } => format!("header {name}"),
                SegmentKind::Body => "body".into(),
                SegmentKind::Preamble => "preamble".into(),
                SegmentKind::Epilogue => "epilogue".into(),
                SegmentKind::HtmlText => "html text".into(),
                SegmentKind::HtmlAttribute { name, element, .. } => format!("{element} {name}"),
            };
            (
                kind,
                s.part.to_string(),
                s.content_type.to_string(),
                String::from_utf8_lossy(&s.text.text).into_owned(),
            )
        })
        .collect()
}

/// The texts of the segments that are not header fields.
fn bodies(input: &[u8]) -> Vec<String> {
    segments(input).into_iter().filter(|s| !s.0.starts_with("header")).map(|s| s.3).collect()
}

/// The input bytes that the text `needle` of some segment comes from, when it maps to one
/// stretch.
fn source_of(input: &[u8], needle: &str) -> Option<Vec<u8>> {
    Reader::new(input).find_map(|s| {
        let at = memchr::memmem::find(&s.text.text, needle.as_bytes())?;
        let span = s.text.map().span(at..at + needle.len());
        Some(input[span.start as usize..span.end as usize].to_vec())
    })
}

fn b64(s: &str) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in s.as_bytes().chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(A[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
        if out.len() % 77 == 76 {
            out.push('\n');
        }
    }
    out
}

#[test]
fn a_plain_message() {
    let msg =
        b"Subject: see =?utf-8?Q?http://a.example/=C3=A9?=\nMessage-ID: <1@x>\n\nBody http://b.example/\n";
    let segs: Vec<_> = Reader::new(msg).collect();
    assert_eq!(segs.len(), 3);
    assert_eq!(segs[0].kind, SegmentKind::Header { name: "Subject".into() });
    assert_eq!(String::from_utf8_lossy(&segs[0].text.text), "see http://a.example/\u{e9}");
    assert_eq!((segs[2].kind.clone(), &*segs[2].part), (SegmentKind::Body, "1"));
    assert_eq!((segs[2].message, segs[2].message_id.as_deref()), (1, Some("1@x")));
    assert_eq!(source_of(msg, "http://b.example/").unwrap(), b"http://b.example/");
    assert_eq!(source_of(msg, "\u{e9}").unwrap(), b"=C3=A9");
}

#[test]
fn multipart_alternative_reads_every_alternative() {
    let html = "<html><body><a href=\"http://html.example/a?b=1&amp;c=2\">click</a> http://text.example/</body></html>";
    let msg = format!(
        "Content-Type: multipart/alternative; boundary=\"=_b\"\n\nThis is MIME.\n--=_b\n\
         Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n\
         Caf=E9 http://plain.example/very/long/=\npath\n--=_b\n\
         Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n{}\n--=_b--\nepilogue\n",
        b64(html)
    );
    let msg = msg.as_bytes();
    let got: Vec<_> = segments(msg).into_iter().filter(|s| !s.0.starts_with("header")).collect();
    let want = [
        ("preamble", "", "text/plain", "This is MIME."),
        ("body", "1", "text/plain", "Caf\u{e9} http://plain.example/very/long/path"),
        ("a href", "2", "text/html", "http://html.example/a?b=1&c=2"),
        ("html text", "2", "text/html", "click"),
        ("html text", "2", "text/html", " http://text.example/"),
        ("epilogue", "", "text/plain", "epilogue\n"),
    ];
    let got: Vec<_> = got.iter().map(|s| (s.0.as_str(), s.1.as_str(), s.2.as_str(), s.3.as_str())).collect();
    assert_eq!(got, want);
    // The URI broken by a soft line break maps to its source bytes, the break inside.
    assert_eq!(
        source_of(msg, "http://plain.example/very/long/path").unwrap(),
        b"http://plain.example/very/long/=\npath"
    );
    // The base64 link maps into the base64 text.
    let b64_at = memchr::memmem::find(msg, b64(html).as_bytes()).unwrap();
    let seg = Reader::new(msg).find(|s| matches!(s.kind, SegmentKind::HtmlAttribute { .. })).unwrap();
    let span = seg.text.map().span(0..seg.text.text.len());
    assert!(span.start as usize >= b64_at && (span.end as usize) <= b64_at + b64(html).len(), "{span:?}");
    assert!(matches!(seg.kind, SegmentKind::HtmlAttribute { link_text: Some(ref t), .. } if t == "click"));
}

#[test]
fn encapsulated_messages_even_in_base64() {
    let inner = "Subject: fwd\nContent-Type: text/plain\n\nForwarded http://inner.example/\n";
    let msg = format!(
        "Content-Type: multipart/mixed; boundary=b\n\n--b\n\nSee below.\n--b\n\
         Content-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n{}\n--b\n\
         Content-Type: message/rfc822\n\nSubject: plain fwd\n\nhttp://plain-fwd.example/\n--b--\n",
        b64(inner)
    );
    let got = segments(msg.as_bytes());
    let find = |text: &str| got.iter().find(|s| s.3 == text).map(|s| (s.0.as_str(), s.1.as_str()));
    assert_eq!(find("See below."), Some(("body", "1")));
    assert_eq!(find("fwd"), Some(("header Subject", "2")));
    assert_eq!(find("Forwarded http://inner.example/\n"), Some(("body", "2.1")));
    assert_eq!(find("plain fwd"), Some(("header Subject", "3")));
    assert_eq!(find("http://plain-fwd.example/"), Some(("body", "3.1")));
}

#[test]
fn digest_entries_are_messages() {
    let msg = b"Content-Type: multipart/digest; boundary=d\n\n--d\n\nSubject: one\n\nhttp://one.example/\n--d\nContent-Type: text/plain\n\nnot a message: x\n--d--\n";
    let got = segments(msg);
    assert!(got.iter().any(|s| s.0 == "header Subject" && s.3 == "one" && s.1 == "1"), "{got:?}");
    assert!(got.iter().any(|s| s.0 == "body" && s.3 == "http://one.example/" && s.1 == "1.1"), "{got:?}");
    assert!(got.iter().any(|s| s.0 == "body" && s.3 == "not a message: x"), "{got:?}");
}

#[test]
fn the_content_type_decides_what_is_read() {
    let msg = b"Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: image/png; name=\"a.txt\"\n\nhttp://image.example/\n\
--b\nContent-Type: application/octet-stream\n\nhttp://app.example/\n\
--b\nContent-Type: text/plain; name=\"x.exe\"\nContent-Disposition: attachment\n\nhttp://attached.example/\n\
--b\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; http://dsn.example/\n\
--b\nContent-Type: garbage\n\nhttp://garbage.example/\n--b--\n";
    let got = bodies(msg);
    assert_eq!(
        got,
        ["http://attached.example/", "Reporting-MTA: dns; http://dsn.example/", "http://garbage.example/"]
    );
}

#[test]
fn broken_multiparts_do_not_lose_text() {
    // An inner multipart never closed ends at the outer delimiter; the outer part after it is read.
    let msg = b"Content-Type: multipart/mixed; boundary=outer\n\n--outer\nContent-Type: multipart/alternative; boundary=inner\n\n\
--inner\n\ninner http://inner.example/\n--outer\n\nafter http://after.example/\n--outer--\n";
    assert_eq!(bodies(msg), ["inner http://inner.example/", "after http://after.example/"]);
    // A boundary that never occurs: the body is text.
    let msg = b"Content-Type: multipart/mixed; boundary=nowhere\n\n--elsewhere\n\nhttp://x.example/\n";
    assert_eq!(bodies(msg), ["--elsewhere\n\nhttp://x.example/\n"]);
    // No boundary at all.
    let msg = b"Content-Type: multipart/mixed\n\nhttp://y.example/\n";
    assert_eq!(bodies(msg), ["http://y.example/\n"]);
    // Bad base64 and a lying Content-Transfer-Encoding still give what can be read.
    let msg = b"Content-Transfer-Encoding: base64\n\n!!aHR0cDovL3ouZXhhbXBsZS8*\n";
    assert_eq!(bodies(msg), ["http://z.example/"]);
}

#[test]
fn charsets_flowed_and_binary_blocks() {
    let msg = b"Content-Type: text/plain; charset=\"windows-1251\"; format=flowed; delsp=yes\n\n\xcf\xf0\xe8 http://a.example/long/ \npath\n-- \nsig\n";
    assert_eq!(bodies(msg), ["\u{41f}\u{440}\u{438} http://a.example/long/path\n-- \nsig\n"]);
    assert_eq!(source_of(msg, "\u{41f}").unwrap(), b"\xcf");
    let utf16 = "\u{feff}http://u16.example/";
    let raw: Vec<u8> = utf16.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let mut msg =
        b"Content-Type: text/plain; charset=utf-16le\nContent-Transfer-Encoding: base64\n\n".to_vec();
    msg.extend(b64(&String::from_utf8_lossy(&raw)).bytes().take(0));
    // base64 of the raw UTF-16 bytes
    let enc = {
        const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        raw.chunks(3)
            .flat_map(|c| {
                let n = u32::from(c[0]) << 16
                    | u32::from(*c.get(1).unwrap_or(&0)) << 8
                    | u32::from(*c.get(2).unwrap_or(&0));
                (0..4).map(move |k| if k <= c.len() { A[(n >> (18 - 6 * k) & 63) as usize] } else { b'=' })
            })
            .collect::<Vec<u8>>()
    };
    msg.extend(enc);
    assert_eq!(bodies(&msg), [utf16]);
    let msg = b"\nbefore\nbegin 644 x\n7:'1T<#HO+VAI9&1E;BYE>&%M<&QE+PH`\n`\nend\nafter\n";
    // No header: the empty line ends it at once.
    assert_eq!(bodies(msg), ["before\n", "after\n"]);
}

#[test]
fn html_declares_its_charset_when_the_part_does_not() {
    let msg =
        b"Content-Type: text/html\n\n<meta charset=windows-1251><p>\xcf\xf0\xe8 http://a.example/</p>\n";
    assert_eq!(bodies(msg), ["\u{41f}\u{440}\u{438} http://a.example/"]);
    // The part's parameter wins.
    let msg = b"Content-Type: text/html; charset=iso-8859-1\n\n<meta charset=windows-1251><p>\xe9</p>\n";
    assert_eq!(bodies(msg), ["\u{e9}"]);
}

#[test]
fn mboxes_keep_messages_apart() {
    let mbox = b"From a@x Mon 1\nSubject: one\nContent-Type: multipart/mixed; boundary=b\n\n--b\n\nhttp://one.example/\n\n\
From b@x Tue 2 09:00\nSubject: two\nMessage-ID: <two@x>\n\nhttp://two.example/\n";
    let segs: Vec<_> = Reader::new(mbox).collect();
    let two = segs.iter().find(|s| s.text.text == b"http://two.example/\n").unwrap();
    assert_eq!((two.message, two.message_id.as_deref(), &*two.part), (2, Some("two@x"), "1"));
    assert!(segs.iter().any(|s| s.message == 1 && s.text.text.starts_with(b"http://one.example/")));
    assert_eq!(source_of(mbox, "http://two.example/").unwrap(), b"http://two.example/");
}

/// A hundred levels are decoded (issue 37 item 5: they were read as plain text from 16 down);
/// the walk stays bounded (`tree::WALK_FACTOR`).
#[test]
fn nesting_a_hundred_deep_is_bounded() {
    // 30 levels of base64, each a third longer than the one inside: the decoded bodies
    // shrink by a quarter a level, and all fit in the walk's bound.
    let mut msg = "Subject: bottom\n\nhttp://deep.example/\n".to_owned();
    for _ in 0..30 {
        msg = format!("Content-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n{}\n", b64(&msg));
    }
    let segs: Vec<_> = Reader::new(msg.as_bytes()).collect();
    assert!(segs.iter().any(|s| s.kind == SegmentKind::Body && s.text.text == b"http://deep.example/\n"));
    assert!(segs.iter().all(|s| s.part.split('.').count() <= tree::DEPTH_MAX + 1));
    let mut msg = "Subject: bottom\n\nhttp://deep.example/\n".to_owned();
    for _ in 0..100 {
        msg = format!("Content-Type: message/rfc822\n\n{msg}");
    }
    let got = bodies(msg.as_bytes());
    assert_eq!(got, ["http://deep.example/\n"]);
    let mut msg = "Subject: bottom\n\nhttp://deep.example/\n".to_owned();
    for _ in 0..100 {
        msg = format!("Content-Type: multipart/mixed; boundary=b\n\n--b\n{msg}\n--b--\n");
    }
    let got = bodies(msg.as_bytes());
    assert!(got.iter().any(|s| s.contains("http://deep.example/")), "{got:?}");
}

#[test]
fn a_header_of_megabytes() {
    let mut msg = b"X-Long: ".to_vec();
    for _ in 0..200_000 {
        msg.extend_from_slice(b"=?utf-8?Q?a?= \r\n ");
    }
    msg.extend_from_slice(b"\r\n\r\nhttp://after.example/\r\n");
    let segs: Vec<_> = Reader::new(&msg).collect();
    assert_eq!(segs.len(), 2);
    assert_eq!(segs[0].text.text.len(), 200_000);
    assert_eq!(segs[1].text.text, b"http://after.example/\r\n");
}

#[test]
fn what_looks_like_mail() {
    assert!(looks_like_mail(b"From a@b Mon Jan  1 00:00:00 2001\nReturn-Path: <a@b>\n"));
    assert!(looks_like_mail(b"Received: from x\n\tby y;\nSubject: hi\n\nbody"));
    assert!(looks_like_mail(b"Path: news!x\nNewsgroups: comp.x\nSubject: y\n\n"));
    assert!(looks_like_mail(b"Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n"));
    assert!(looks_like_mail(b"X-A: 1\r\nDATE: 2\r\n"));
    // Without the empty line, after three fields.
    assert!(looks_like_mail(b"From: a\nTo: b\nSubject: c\ntext\n"));
    assert!(!looks_like_mail(b"Subject: x\nthis line is text\n\n"));
    assert!(!looks_like_mail(b"From the start, we knew.\nIt was so.\n"));
    assert!(!looks_like_mail(b"Error: one field\n\nthen text\n"));
    assert!(!looks_like_mail(b"error: PAM: failure\nerror: PAM: failure\n"));
    assert!(!looks_like_mail(b" continued: x\nFrom: b\n\n"));
    assert!(!looks_like_mail(b"Network Working Group   J. Postel\nRequest for Comments: 1\n"));
    assert!(!looks_like_mail(b""));
    // A header longer than the look: what was seen counts.
    let mut long = b"Subject: 1\nX-B: ".to_vec();
    long.extend(std::iter::repeat_n(b'x', LOOK_MAX * 2));
    assert!(looks_like_mail(&long));
}

/// Every message of the shared corpus's mail is read without a panic, and a few known ones
/// give the text a mail client shows.
#[test]
fn the_shared_corpus() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/mail");
    let Ok(_) = std::fs::metadata(dir) else {
        eprintln!("skipped: {dir} is absent");
        return;
    };
    let mut files = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(dir)];
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
        } else {
            files.push(p);
        }
    }
    let mut read = 0;
    for file in &files {
        let input = std::fs::read(file).unwrap();
        for s in Reader::new(&input) {
            // Every map points inside the input, each byte's source not empty.
            assert!(s.text.is_raw() || s.text.starts.len() == s.text.text.len());
            for i in 0..s.text.text.len() {
                let r = s.text.source(i);
                assert!(r.start < r.end && r.end <= input.len() as u64, "{}: {r:?}", file.display());
            }
        }
        read += 1;
    }
    eprintln!("{read} files read");
}

/// A corpus message's non-header segments, or `None` when the corpus is absent.
fn corpus_bodies(path: &str) -> Option<Vec<(SegmentKind, String, String)>> {
    let file = format!("{}/../shared/corpus/mail/{path}", env!("CARGO_MANIFEST_DIR"));
    let Ok(input) = std::fs::read(&file) else {
        eprintln!("skipped: {file} is absent");
        return None;
    };
    let segs = Reader::new(&input)
        .filter(|s| !matches!(s.kind, SegmentKind::Header { .. }))
        .map(|s| (s.kind, s.content_type.to_string(), String::from_utf8_lossy(&s.text.text).into_owned()))
        .collect();
    Some(segs)
}

#[test]
fn corpus_base64_text_reads_as_a_client_shows_it() {
    let Some(segs) = corpus_bodies("spamassassin-testdata/spam/base64.txt") else { return };
    let body = segs.iter().find(|s| s.0 == SegmentKind::Body && s.1 == "text/plain").unwrap();
    assert!(body.2.contains("Come\r\nto http://members.tripod.co.uk/toptensites"), "{body:?}");
}

/// Quoted-printable HTML links broken by soft line breaks come out whole, with their link
/// text, and map to the source with the break inside.
#[test]
fn corpus_quoted_printable_html_links() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/corpus/mail/spamassassin-public-corpus/spam_quoted_printable.mbox"
    );
    let Ok(input) = std::fs::read(file) else {
        eprintln!("skipped: {file} is absent");
        return;
    };
    let link = Reader::new(&input)
        .find(|s| s.text.text == b"http://64.251.22.98/affiliates/norton/systemworks.htm")
        .expect("the link");
    let SegmentKind::HtmlAttribute { name, element, link_text, .. } = &link.kind else { panic!("{link:?}") };
    assert_eq!((name.as_str(), element.as_str()), ("href", "a"));
    assert_eq!(link_text.as_deref(), Some("-> CLICK HERE to Order Yours NOW! <-"));
    let span = link.text.map().span(0..link.text.text.len());
    assert_eq!(
        &input[span.start as usize..span.end as usize],
        b"http://64.251.22.98/affiliates/norton/system=\nworks.htm"
    );
}

/// The mailing-list archive: its 1270 messages (as many as `From ` lines after empty lines)
/// each give segments, none swallowed by another.
#[test]
fn corpus_mbox_messages_stay_apart() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/mail/linux-mips-list-1996-2000.mbox");
    let Ok(input) = std::fs::read(file) else {
        eprintln!("skipped: {file} is absent");
        return;
    };
    let mut seen = vec![false; 1271];
    let mut subjects = 0;
    for s in Reader::new(&input) {
        seen[s.message] = true;
        subjects += usize::from(
            matches!(&s.kind, SegmentKind::Header { name } if name.eq_ignore_ascii_case("subject")),
        );
    }
    assert!(seen[1..].iter().all(|&s| s));
    assert!(subjects >= 1270, "{subjects}");
}

#[test]
fn corpus_utf16_and_cjk_parts_decode() {
    if let Some(segs) = corpus_bodies("spamassassin-testdata/spam/utf16.eml") {
        let plain = segs.iter().find(|s| s.0 == SegmentKind::Body && s.1 == "text/plain").unwrap();
        assert!(plain.2.contains("Dear potencial partner,"), "{plain:?}");
        // Every alternative is read: the HTML one too, as text runs.
        assert!(segs.iter().any(|s| s.0 == SegmentKind::HtmlText && s.2.contains("Dear potencial partner,")));
    }
    if let Some(segs) = corpus_bodies("spamassassin-testdata/nice/cjk/big5-base64.1") {
        assert!(segs.iter().any(|s| s.0 == SegmentKind::HtmlText && s.2.contains("永久網址")), "{segs:?}");
        let img =
            segs.iter().find(|s| matches!(&s.0, SegmentKind::HtmlAttribute { name, .. } if name == "src"));
        assert_eq!(img.unwrap().2, "http://www.geocities.com/Nashville/Rodeo/9073/main.jpg");
        // The list's footer after the base64 data is read as text, not decoded into junk.
        let footer = segs.last().unwrap();
        assert_eq!((&footer.0, footer.1.as_str()), (&SegmentKind::Body, "text/plain"));
        assert!(footer.2.contains("http://www.softwareliberty.org/mailman/listinfo/slat-talk"), "{footer:?}");
    }
    if let Some(segs) = corpus_bodies("spamassassin-testdata/nice/cjk/iso-2022-jp.1") {
        // The Shift_JIS attachment, a text part whatever its disposition.
        assert!(
            segs.iter().any(|s| s.2.contains("このファイルの形式は") && s.2.contains("Shift_JIS")),
            "{segs:?}"
        );
    }
}

/// The corpus's mail and news look like mail, and its RFCs, logs and other text do not, but
/// for the files listed, each with why.
#[test]
fn the_corpus_by_looks() {
    const NOT_MAIL_IN_MAIL: [&str; 5] = [
        "mail/python-email-testdata/msg_19.txt", // a digest's body, without a header
        "mail/spamassassin-testdata/phishing/openphish-feed.txt", // lists of URLs
        "mail/spamassassin-testdata/phishing/phishtank-feed.csv",
        "mail/spamassassin-testdata/spam/bsmtp", // an SMTP session
        "mail/spamassassin-testdata/spam/bsmtpnull",
    ];
    const MAIL_ELSEWHERE: [&str; 1] = ["rfc/lynch93.txt"]; // a message to the URI list
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus");
    if std::fs::metadata(root).is_err() {
        eprintln!("skipped: {root} is absent");
        return;
    }
    let mut stack = vec![std::path::PathBuf::from(root)];
    let mut wrong = Vec::new();
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
        // The URI working group's minutes and agendas are messages as they were sent.
        let expected = match rel.as_str() {
            r if NOT_MAIL_IN_MAIL.contains(&r) => false,
            r if MAIL_ELSEWHERE.contains(&r) || r.starts_with("misc/uri-wg-minutes/") => true,
            "news/inn-control.ctl.txt" => false, // INN's configuration
            r => r.starts_with("mail/") || r.starts_with("news/"),
        };
        if rel.ends_with(".md") || rel.ends_with(".tsv") {
            continue;
        }
        if looks_like_mail(&std::fs::read(&p).unwrap()) != expected {
            wrong.push(rel);
        }
    }
    wrong.sort();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Checks that every segment's map points inside `input`, each byte's source not empty.
fn check_maps(input: &[u8]) {
    for s in Reader::new(input) {
        assert!(
            s.text.is_raw()
                || (s.text.starts.len(), s.text.ends.len()) == (s.text.text.len(), s.text.text.len())
        );
        for i in 0..s.text.text.len() {
            let r = s.text.source(i);
            assert!(r.start < r.end && r.end <= input.len() as u64, "{r:?} in {}", input.len());
        }
    }
}

/// A message with a bit of everything the reader decodes.
fn everything() -> Vec<u8> {
    let html =
        "<base href=\"http://b.example/\"><a href=\"x&amp;y\">t&eacute;xt</a><script>s</script><!-- c -->";
    let inner =
        "Subject: =?utf-8?B?aW5uZXI=?=\nContent-Type: text/plain; charset=utf-7\n\nA+ImIDkQ. http://u7/\n";
    format!(
        "From a@b Mon 1\nSubject: =?iso-8859-1?Q?caf=E9?= =?utf-8?Q?_x?=\nContent-Type: multipart/mixed; boundary=\"o\"\n\n\
         pre\n--o\nContent-Type: multipart/alternative; boundary=i\n\n--i\n\
         Content-Type: text/plain; format=flowed; delsp=yes; charset=koi8-r\nContent-Transfer-Encoding: quoted-printable\n\n\
         > =F0=D2 http://a/ \n> b\n-- \nsig\n--i\nContent-Type: text/html\nContent-Transfer-Encoding: base64\n\n{}\n--i--\n\
         --o\nContent-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n{}\n--o\n\n\
         begin 644 f\n#86)C\n`\nend\n=ybegin size=1 name=y\nx\n=yend\nhttp://end/\n--o--\nepi\n\nFrom c@d Tue 2 09:00\nSubject: two\n\nx\n",
        b64(html),
        b64(inner)
    )
    .into_bytes()
}

#[test]
fn everything_decodes() {
    let input = everything();
    let got = segments(&input);
    let texts: Vec<&str> = got.iter().map(|s| s.3.as_str()).collect();
    for want in [
        "caf\u{e9} x",
        "pre",
        ">\u{41f}\u{440} http://a/b\n-- \nsig",
        "http://b.example/x&y",
        "t\u{e9}xt",
        "inner",
        "A\u{2262}\u{391}. http://u7/\n",
        "http://end/",
        "epi\n\n",
        "two",
        "x\n",
    ] {
        assert!(texts.contains(&want), "{want:?} not in {texts:#?}");
    }
    check_maps(&input);
}

/// Every prefix of a message, and every message with one byte changed, is read without a
/// panic and with maps inside the input (httparse's partial permutations, for a reader).
#[test]
fn every_prefix_and_many_mutations() {
    let input = everything();
    for end in 0..=input.len() {
        check_maps(&input[..end]);
    }
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let specials = b"\n\r =?-<>&;\"'\\:_+/B";
    for _ in 0..3000 {
        let mut m = input.clone();
        for _ in 0..=(next() % 4) {
            let at = (next() % m.len() as u64) as usize;
            let r = next();
            m[at] = if r % 2 == 0 { specials[(r >> 8) as usize % specials.len()] } else { (r >> 16) as u8 };
        }
        check_maps(&m);
    }
}

/// The `Content-Type` values shared between entities parse as they would each on its own,
/// whether held, replaced or too long to hold; a missing or invalid one gives the default.
#[test]
fn shared_content_types_are_those_parsed() {
    let mut shared = super::Shared::default();
    let long = format!("text/html; x={}", "y".repeat(300));
    let mut values: Vec<String> = (0..20).map(|k| format!("text/plain; charset=x-{k}")).collect();
    values.push(long);
    for round in 0..2 {
        for v in &values {
            let got = shared.content_type(Some(v.as_bytes()), b"text/plain");
            assert_eq!(*got, ContentType::parse(v.as_bytes()).unwrap(), "{v} (round {round})");
        }
    }
    let digest = shared.content_type(Some(b"no type"), b"message/rfc822");
    assert_eq!((&*digest.mime, digest.params.len()), ("message/rfc822", 0));
    assert_eq!(&*shared.content_type(None, b"text/plain").mime, "text/plain");
}

/// ISO-2022-JP text without its label (no `charset`), in a Subject and in a body, was read as
/// bytes: the `B` of `ESC ( B` came out glued to the scheme after it (`Bhttps://…`). It is read
/// as ISO-2022-JP now, each URI's bytes still its own; a label is taken at its word.
#[test]
fn iso_2022_jp_without_its_label_glues_no_b_to_a_scheme() {
    let msg = b"Subject: \x1b$B7oL>\x1b(Bhttps://a.example/\nContent-Type: text/plain\n\n\
                \x1b$BK\\J8\x1b(Bhttps://b.example/\n";
    let segs = segments(msg);
    assert_eq!(segs[0].3, "件名https://a.example/");
    assert_eq!(bodies(msg), ["本文https://b.example/\n"]);
    assert_eq!(source_of(msg, "https://a.example/").unwrap(), b"https://a.example/");
    assert_eq!(source_of(msg, "https://b.example/").unwrap(), b"https://b.example/");
    let labelled =
        b"Subject: x\nContent-Type: text/plain; charset=us-ascii\n\n\x1b$BK\\J8\x1b(Bhttps://b.example/\n";
    assert_eq!(bodies(labelled), ["\x1b$BK\\J8\x1b(Bhttps://b.example/\n"]);
    // Text with other escapes (a terminal's colours) is read as it is.
    assert_eq!(
        bodies(b"Subject: x\n\n\x1b[1mhttps://c.example/\x1b[0m\n"),
        ["\x1b[1mhttps://c.example/\x1b[0m\n"]
    );
}

/// `Wanted::may_give` leaves a text out only when scanning it gives no event: texts built from
/// colons of every kind (after a scheme, after digits, in runs longer than a scheme, after an
/// escape or a bracket, before a blank, defanged, in `<URL:…>`, under a quoted-printable
/// header) are scanned as
/// plain text with every rejected candidate reported and defanged indicators refanged, and none
/// that it leaves out gives an event.
#[test]
fn texts_left_out_give_no_event() {
    const PIECES: [&[u8]; 40] = [
        b"http=3A//a.example/",
        b"<http:// a.example/>",
        b"<mailto: a@b.example>",
        b" < URL: ftp:// a.example/ >",
        b"Re: [x]",
        b"http:// ",
        b"\t",
        b"<URL: ",
        b"Content-Transfer-Encoding:",
        b"mailto: ",
        b"10:26:00",
        b" Re: ",
        b"a:",
        b"1a:",
        b"+-.:",
        b"http://a.example/p",
        b"mailto:x@y.example",
        b"urn:isbn:0451450523",
        b"URL:",
        b"<",
        b">",
        b"::",
        b"Note: ",
        b"\x1b(B",
        b"abcdefghijklmnopqrstuvwxyzabcde",
        b"abcdefghijklmnopqrstuvwxyzabcd",
        b"://",
        b"hxxp",
        b"[:]",
        b"[.]",
        b"x",
        b" ",
        b"\n",
        b"-\n  ",
        b"Content-Transfer-Encoding: quoted-printable\n\n",
        b"=3A",
        b"=\n",
        b"www.",
        b"season.http",
        b"\xef\xbc\x9a",
    ];
    let wanted = Wanted {
        abbreviated: false,
        max_uri_len: 64 * 1024,
        takes_colon: crate::delimit::colon::takes_colon,
        resolve: crate::decode::html::tests::resolve,
    };
    let mut builder = crate::ExtractorBuilder::new();
    builder.report_rejected(true).refang(true).mail(crate::MailMode::Off);
    let finder = builder.build();
    let mut rng = crate::delimit::Xorshift(0x9e37_79b9_7f4a_7c15_u64);
    let (mut left_out, mut given) = (0, 0);
    for round in 0..4000 {
        let mut text = Vec::new();
        rng.pieces(&PIECES, 8, &mut text);
        let mut events = finder.slice(&text);
        let mut count = 0;
        while events.next_event_ref().is_some() {
            count += 1;
        }
        if wanted.may_give(&text, false) {
            given += usize::from(count > 0);
        } else {
            left_out += 1;
            assert_eq!(count, 0, "round {round}: {:?} was left out", String::from_utf8_lossy(&text));
        }
    }
    // Both sides were met often: the test could fail either way it is wrong.
    assert!(left_out > 500 && given > 500, "left out {left_out}, given {given}");
}

/// A header field left unmarked (`header::Field::marked`) holds no colon the engine takes for
/// a trigger once unfolded and decoded (`Wanted::may_give` of `decode_value`'s text), so the
/// walk may pass over it unread; the colons of times leave it unmarked. Seeded header blocks of
/// values made of schemes, times, folds, lone carriage returns, escapes and encoded-words.
#[test]
fn fields_left_unmarked_hold_no_trigger() {
    const PIECES: [&[u8]; 24] = [
        b"http:",
        b"//a.example/",
        b"10:26:00",
        b"1+2:",
        b"a",
        b"1",
        b"-.",
        b":",
        b" ",
        b"\r\n ",
        b"\n\t",
        b"\r",
        b"\x1b(B",
        b"\x1b$B%:\x1b(B",
        b"=?utf-8?Q?http=3A//b.example/?=",
        b"=?",
        b"<",
        b"URL:",
        b"Re:",
        b"mailto:",
        b"(x)",
        b"\xc3\xa9",
        b";",
        b"@",
    ];
    let wanted = Wanted {
        abbreviated: false,
        max_uri_len: 64 * 1024,
        takes_colon: crate::delimit::colon::takes_colon,
        resolve: crate::decode::html::tests::resolve,
    };
    let mut rng = crate::delimit::Xorshift(0x5eed_c01d);
    let (mut unmarked_with_colon, mut marked_given) = (0, 0);
    for round in 0..6000 {
        let mut msg = b"Subject:".to_vec();
        rng.pieces(&PIECES, 10, &mut msg);
        msg.extend_from_slice(b"\nX:");
        rng.pieces(&PIECES, 6, &mut msg);
        msg.extend_from_slice(b"\n\nbody");
        let h = header::parse(&msg, 0..msg.len());
        for f in &h.fields {
            let raw = &msg[f.value.clone()];
            let gives = wanted.may_give(&header::decode_value(raw).text, false);
            if f.marked {
                marked_given += usize::from(gives);
            } else {
                unmarked_with_colon += usize::from(raw.contains(&b':'));
                assert!(!gives, "round {round}: {:?} left unmarked", String::from_utf8_lossy(raw));
            }
        }
    }
    // Both sides were met often.
    assert!(unmarked_with_colon > 500 && marked_given > 500, "{unmarked_with_colon} {marked_given}");
}
