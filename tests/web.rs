//! Web archives and pages (issue 39): a generated crawl, written as WARC 1.1 (ISO 28500) and
//! as its WET, read by the library and by the command line. Every page has links, visible
//! text, a script, a style sheet and a comment with URIs of their own; a third of the
//! responses are gzip-encoded, others chunked, deflated, br- or zstd-encoded, and some are
//! redirects. What each record gives is exactly its page's links and text URIs.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::process::Command;

use urisift::{ExtractorBuilder, Match, Place};

/// How many pages the crawl has.
const PAGES: usize = 3000;

/// A record of type `kind` with `fields` and `content`.
fn record(kind: &str, fields: &str, content: &[u8]) -> Vec<u8> {
    let mut r = format!("WARC/1.1\r\nWARC-Type: {kind}\r\n{fields}Content-Length: {}\r\n\r\n", content.len())
        .into_bytes();
    r.extend_from_slice(content);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

fn target(i: usize) -> String {
    format!("http://site.example/page/{i}")
}

/// Page `i`'s HTML, and the URIs a reader of it is given: its links (entities decoded, one
/// resolved against `<base href>`, as in mail, but not the base itself: it says where the page
/// is) and the URIs of its visible text.
fn page(i: usize) -> (String, Vec<String>) {
    let html = format!(
        "<!DOCTYPE html><html><head><title>Page {i}</title>\
         <base href=\"http://base.example/dir/\">\
         <style>body {{ background: url(http://style.example/{i}.png) }}</style>\
         <script>var next = \"http://script.example/{i}\"; // <a href=\"http://script.example/x\"></script>\
         </head><body><p>Read http://text.example/{i}/notes, then \
         <a href=\"https://links.example/p{i}?a=1&amp;b={i}\">the next page</a>.\
         <!-- http://comment.example/{i} -->\
         <img src=\"img/{i}.png\" alt=\"\"> <form action=\"https://form.example/{i}\"></form>\
         <a href=\"data:text/plain,http://data.example/\">data</a></p></body></html>"
    );
    let uris = vec![
        format!("http://text.example/{i}/notes"),
        format!("https://links.example/p{i}?a=1&b={i}"),
        format!("http://base.example/dir/img/{i}.png"),
        format!("https://form.example/{i}"),
    ];
    (html, uris)
}

/// A brotli stream holding `data` in uncompressed meta-blocks (RFC 7932 §9.2: WBITS 16, then
/// for each block ISLAST 0, MNIBBLES 4, MLEN-1, ISUNCOMPRESSED 1, padding, the bytes; then an
/// empty last meta-block).
fn brotli_stored(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u64, 0u32);
    let put = |out: &mut Vec<u8>, value: u64, n: u32, acc: &mut u64, bits: &mut u32| {
        *acc |= value << *bits;
        *bits += n;
        while *bits >= 8 {
            out.push(*acc as u8);
            *acc >>= 8;
            *bits -= 8;
        }
    };
    put(&mut out, 0, 1, &mut acc, &mut bits); // WBITS = 16
    for block in data.chunks(1 << 16) {
        put(&mut out, 0, 1, &mut acc, &mut bits); // ISLAST
        put(&mut out, 0, 2, &mut acc, &mut bits); // MNIBBLES = 4
        put(&mut out, block.len() as u64 - 1, 16, &mut acc, &mut bits);
        put(&mut out, 1, 1, &mut acc, &mut bits); // ISUNCOMPRESSED
        if bits > 0 {
            put(&mut out, 0, 8 - bits, &mut acc, &mut bits);
        }
        out.extend_from_slice(block);
    }
    put(&mut out, 0b11, 2, &mut acc, &mut bits); // ISLAST, ISLASTEMPTY
    if bits > 0 {
        put(&mut out, 0, 8 - bits, &mut acc, &mut bits);
    }
    out
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(data).unwrap();
    gz.finish().unwrap()
}

/// Page `i`'s HTTP response, in the coding its number gives it.
fn response(i: usize, html: &str) -> Vec<u8> {
    let mut head = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n".to_owned();
    let body = match i % 6 {
        0 | 3 => {
            head.push_str("Content-Encoding: gzip\r\n");
            gzip(html.as_bytes())
        }
        1 => {
            // Chunked, in chunks of 50 bytes that cut through tags, values and text.
            head.push_str("Transfer-Encoding: chunked\r\n");
            let mut body = Vec::new();
            for chunk in html.as_bytes().chunks(50) {
                body.extend(format!("{:x}\r\n", chunk.len()).as_bytes());
                body.extend(chunk);
                body.extend(b"\r\n");
            }
            body.extend(b"0\r\n\r\n");
            body
        }
        2 => {
            head.push_str("Content-Encoding: br\r\n");
            brotli_stored(html.as_bytes())
        }
        4 => {
            head.push_str("Content-Encoding: zstd\r\n");
            zstd::encode_all(html.as_bytes(), 1).unwrap()
        }
        _ => html.as_bytes().to_vec(),
    };
    let mut r = head.into_bytes();
    r.extend(b"\r\n");
    r.extend(body);
    r
}

/// The crawl as WARC, its WET, and what each target URI gives in each.
struct Crawl {
    warc: Vec<u8>,
    wet: Vec<u8>,
    links: BTreeMap<String, BTreeSet<String>>,
    texts: BTreeMap<String, BTreeSet<String>>,
}

fn crawl() -> Crawl {
    let mut warc = record("warcinfo", "", b"software: the test's writer\r\nhttp://info.example/\r\n");
    let mut wet = record("warcinfo", "", b"isPartOf: http://info.example/\r\n");
    let (mut links, mut texts) = (BTreeMap::new(), BTreeMap::new());
    for i in 0..PAGES {
        let id = format!("<urn:uuid:00000000-0000-0000-0000-{i:012}>");
        let uri = target(i);
        warc.extend(record(
            "request",
            &format!("WARC-Target-URI: {uri}\r\n"),
            format!("GET /page/{i} HTTP/1.1\r\nReferer: http://referer.example/{i}\r\n\r\n").as_bytes(),
        ));
        let fields = format!(
            "WARC-Record-ID: {id}\r\nWARC-Target-URI: {uri}\r\nContent-Type: application/http; msgtype=response\r\n"
        );
        if i % 10 == 7 {
            let moved =
                format!("HTTP/1.1 301 Moved Permanently\r\nLocation: https://moved.example/{i}\r\n\r\n");
            warc.extend(record("response", &fields, moved.as_bytes()));
            links.insert(uri, BTreeSet::from([format!("https://moved.example/{i}")]));
            continue;
        }
        let (html, uris) = page(i);
        warc.extend(record("response", &fields, &response(i, &html)));
        warc.extend(record(
            "metadata",
            &format!("WARC-Target-URI: {uri}\r\n"),
            format!("outlink: http://metadata.example/{i}\r\n").as_bytes(),
        ));
        let text = format!("Page {i}\nRead http://text.example/{i}/notes, then the next page.\n");
        wet.extend(record(
            "conversion",
            &format!("WARC-Target-URI: {uri}\r\nWARC-Record-ID: {id}\r\nContent-Type: text/plain\r\n"),
            text.as_bytes(),
        ));
        texts.insert(uri.clone(), BTreeSet::from([uris[0].clone()]));
        links.insert(uri, uris.into_iter().collect());
    }
    Crawl { warc, wet, links, texts }
}

/// The URIs found in `input`, by target URI.
fn by_target(matches: &[Match]) -> BTreeMap<String, BTreeSet<String>> {
    let mut got: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for m in matches {
        let origin = m.origin().expect("a match of an archive has an origin");
        let target = origin.target_uri().expect("every record has a target").to_owned();
        got.entry(target).or_default().insert(m.uri().to_owned());
    }
    got
}

#[test]
fn a_crawl_gives_each_pages_links_and_text() {
    let crawl = crawl();
    let finder = ExtractorBuilder::new().build();
    let matches: Vec<Match> = finder.slice(&crawl.warc).collect();
    assert_eq!(by_target(&matches), crawl.links);
    let mut slice = finder.slice(&crawl.warc);
    while slice.next().is_some() {}
    assert!(slice.web_tally().is_clean(), "{:?}", slice.web_tally());
    // Over a reader of the gzip-compressed archive (as `-z` reads it), the same matches.
    let gz = gzip(&crawl.warc);
    let read: Vec<Match> =
        finder.reader(flate2::read::MultiGzDecoder::new(&gz[..])).collect::<Result<_, _>>().unwrap();
    assert_eq!(read.len(), matches.len());
    if let Some(k) = (0..read.len()).find(|&k| read[k] != matches[k]) {
        panic!("the reader's match {k} differs: {:?}\n{:?}", read[k], matches[k]);
    }
    // The WET gives the text URIs, with the same targets and records.
    let wet: Vec<Match> = finder.slice(&crawl.wet).collect();
    assert_eq!(by_target(&wet), crawl.texts);
    assert!(wet.iter().all(|m| m.origin().unwrap().record().is_some_and(|r| r.starts_with("<urn:uuid:"))));
}

#[test]
fn spans_point_at_the_archive() {
    let crawl = crawl();
    let matches: Vec<Match> = urisift::extract_slice(&crawl.warc).collect();
    let sizes = regex::bytes::Regex::new("\r\n[0-9a-f]+\r\n").unwrap();
    for m in &matches {
        let origin = m.origin().unwrap();
        let i: usize = origin.target_uri().unwrap().rsplit('/').next().unwrap().parse().unwrap();
        let source = &crawl.warc.as_slice()[m.span()];
        match (i % 10 == 7, i % 6) {
            // A redirect's Location, and the text of a page sent as it is or chunked: the URI
            // as written.
            (true, _) => {
                assert_eq!(origin.place().to_string(), "http-header:Location");
                assert_eq!(source, m.uri().as_bytes());
            }
            (false, 1 | 5) if origin.place().to_string() == "html:text" => {
                // A chunk boundary inside the URI splits it into pieces around the chunk's
                // size line.
                let joined: Vec<u8> =
                    m.pieces().iter().flat_map(|p| crawl.warc.as_slice()[*p].to_vec()).collect();
                assert_eq!(joined, m.uri().as_bytes(), "{m:?}");
            }
            // A link's value is validated whole: its span holds the value as written, with the
            // chunks' size lines where the chunking cut it.
            (false, 1 | 5) if m.uri().contains("&b=") => {
                let written = sizes.replace_all(source, &b""[..]);
                assert_eq!(
                    *written,
                    *format!("https://links.example/p{i}?a=1&amp;b={i}").as_bytes(),
                    "{m:?}"
                );
            }
            // A body in a content coding: the span is the coded body, whole.
            (false, 0 | 2 | 3 | 4) => {
                assert_eq!(m.pieces(), [m.span()]);
                assert!(!source.windows(5).any(|w| w == b"HTTP/"), "no more than the body: {m:?}");
                assert!(source.len() > 100);
            }
            _ => {}
        }
    }
}

#[test]
fn cuts_of_an_archive_add_up_to_the_whole() {
    let crawl = crawl();
    let warc = &crawl.warc[..crawl.warc.len() / 20];
    let finder = ExtractorBuilder::new().build();
    let whole: Vec<Match> = finder.slice(warc).collect();
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..4 {
        let mut cuts: Vec<usize> = (0..5)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed % warc.len() as u64) as usize
            })
            .collect();
        cuts.extend([0, warc.len()]);
        cuts.sort_unstable();
        let parts: Vec<Match> = cuts.windows(2).flat_map(|w| finder.slice_range(warc, w[0]..w[1])).collect();
        assert_eq!(parts, whole, "cut at {cuts:?}");
    }
}

#[test]
fn a_truncated_record_warns_and_the_next_is_read() {
    let good = |i: usize| {
        let (html, _) = page(i);
        let http = format!("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n{html}");
        record("response", &format!("WARC-Target-URI: {}\r\n", target(i)), http.as_bytes())
    };
    // The second record is cut short: its length says more than it holds.
    let second = good(2);
    let mut input = good(1);
    input.extend_from_slice(&second[..second.len() / 2]);
    input.extend_from_slice(b"\r\n\r\n");
    input.extend(good(3));
    input.extend(good(4));
    let mut matches = urisift::extract_slice(&input);
    let found = by_target(&matches.by_ref().collect::<Vec<_>>());
    assert_eq!(found.keys().collect::<Vec<_>>(), [&target(1), &target(3), &target(4)]);
    let tally = matches.web_tally();
    assert_eq!(tally.malformed, 1);
    assert_eq!(tally.first_malformed, Some(good(1).len() as u64));
    // The command line says so, and goes on.
    let run = cli(&["-"], &input);
    assert!(run.stderr.contains("1 record is malformed or cut short, the first at byte"), "{}", run.stderr);
    assert!(run.stdout.contains("http://text.example/4/notes"));
}

/// The output and the error output of the command line on `stdin`.
struct Run {
    stdout: String,
    stderr: String,
}

fn cli(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urisift"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || pipe.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    Run { stdout: String::from_utf8(out.stdout).unwrap(), stderr: String::from_utf8(out.stderr).unwrap() }
}

#[test]
fn the_command_line_reads_a_compressed_archive() {
    let crawl = crawl();
    let part = &crawl.warc[..crawl.warc.len() / 30];
    let run = cli(&["-z", "--json", "-"], &gzip(part));
    let records: Vec<serde_json::Value> =
        run.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(!records.is_empty());
    let expected = urisift::extract_slice(part).count();
    assert_eq!(records.len(), expected);
    for r in &records {
        assert!(r["record"].as_str().is_some_and(|id| id.starts_with("<urn:uuid:")), "{r}");
        assert!(r["target_uri"].as_str().is_some_and(|t| t.starts_with("http://site.example/page/")));
        assert!(r.get("message").is_none());
    }
    assert!(records.iter().any(|r| r["found"] == "http-header:Location"));
    assert!(records.iter().any(|r| r["found"] == "html:href" && r["content_type"] == "text/html"));
    // --no-warc reads the archive as text: its headers' URIs, the scripts' too.
    let plain = cli(&["--no-warc", "-"], part);
    assert!(plain.stdout.contains("http://script.example/5"));
    assert!(plain.stdout.contains("http://site.example/page/5"));
    let read = cli(&["-"], part);
    assert!(!read.stdout.contains("script.example") && !read.stdout.contains("site.example"));
}

#[test]
fn a_saved_page_gives_its_links_and_text_and_nothing_of_its_script() {
    let (html, uris) = page(5);
    for input in [html.clone(), format!("\u{feff}\n  {}", html.replacen("<!DOCTYPE html>", "", 1))] {
        let got: BTreeSet<String> = urisift::extract_str(&input).map(|m| m.uri().to_owned()).collect();
        assert_eq!(got, uris.iter().cloned().collect(), "{input}");
    }
    let run = cli(&["--json", "-"], html.as_bytes());
    let text = run.stdout.lines().find(|l| l.contains("text.example")).unwrap();
    let text: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(text["found"], "html:text");
    assert_eq!(text["record"], serde_json::Value::Null);
    assert_eq!(text["target_uri"], serde_json::Value::Null);
    let href = run.stdout.lines().find(|l| l.contains("links.example")).unwrap();
    let href: serde_json::Value = serde_json::from_str(href).unwrap();
    assert_eq!(href["uri"], "https://links.example/p5?a=1&b=5");
    assert_eq!(&html.as_bytes()[href["start"].as_u64().unwrap() as usize..][..9], b"https://l");
    // --html reads a page that does not start like one; --no-html reads it as text.
    let fragment = "<p>see <a href=\"http://x.example/?a&amp;b\">x</a><script>http://s.example/</script>";
    assert_eq!(cli(&["--html", "-"], fragment.as_bytes()).stdout, "http://x.example/?a&b\n");
    assert!(cli(&["--no-html", "-"], html.as_bytes()).stdout.contains("http://script.example/5"));
    // A page's namespace declarations and document type are no links a reader sees; the same
    // source after other text is plain text (tests/data/extract/html-in-mail.txt).
    let head = "<html xmlns=\"http://www.w3.org/1999/xhtml\">";
    assert_eq!(urisift::extract_str(head).count(), 0);
    assert_eq!(urisift::extract_str(&format!("Source\n{head}")).count(), 1);
}

#[test]
fn threads_cut_an_archive_at_its_records() {
    let crawl = crawl();
    // Long enough for the command line to cut it into ranges (at least twice 4 MiB).
    let mut warc = Vec::new();
    while warc.len() < 9 << 20 {
        warc.extend_from_slice(&crawl.warc);
    }
    let dir = std::env::temp_dir().join(format!("urisift-web-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("crawl.warc");
    std::fs::write(&path, &warc).unwrap();
    let path = path.to_str().unwrap();
    let one = cli(&["-j", "1", "--json", path], b"");
    let two = cli(&["-j", "3", "--json", path], b"");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(one.stdout.lines().count(), urisift::extract_slice(&warc).count());
    assert!(one.stdout == two.stdout, "-j 3 differs from -j 1");
    assert_eq!(two.stderr, "");
}

#[test]
fn a_record_longer_than_the_bound_is_read_as_plain_text() {
    let crawl = crawl();
    // The first records of the crawl, up to one that starts past its first hundredth.
    let cut = crawl.warc.len() / 100;
    let cut = cut + crawl.warc[cut..].windows(10).position(|w| w == b"WARC/1.1\r\n").unwrap();
    let part = &crawl.warc[..cut];
    // Pages 5 and 11 are sent as they are: a bound between their length and the other
    // records' makes them long.
    let long_page = |i: usize| {
        let (html, _) = page(i);
        let padded = html.replace("</body>", &format!("{}</body>", " ".repeat(2000)));
        let http = format!("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n{padded}");
        record("response", &format!("WARC-Target-URI: {}\r\n", target(i)), http.as_bytes())
    };
    let mut input = part.to_vec();
    input.extend(long_page(5));
    input.extend_from_slice(part);
    input.extend(long_page(11));
    let mut builder = ExtractorBuilder::new();
    builder.mail_message_max(2000).line_numbers(true);
    let finder = builder.build();
    let mut slice = finder.slice(&input);
    let all: Vec<Match> = slice.by_ref().collect();
    let tally = slice.web_tally();
    assert_eq!(tally.long_records, 2);
    assert_eq!(tally.first_long, Some(part.len() as u64));
    // The long pages' URIs as plain text finds them: the script's too, found in the record's
    // body, as stored.
    let in_body = |m: &&Match| m.origin().is_some_and(|o| *o.place() == Place::Body);
    let plain: Vec<&str> = all.iter().filter(in_body).map(|m| m.uri()).collect();
    assert!(plain.contains(&"http://script.example/5") && plain.contains(&"http://script.example/11"));
    let as_text = |i: usize| {
        [
            "http://base.example/dir/".to_owned(),
            format!("http://style.example/{i}.png"),
            format!("http://script.example/{i}"),
            "http://script.example/x".to_owned(),
            format!("http://text.example/{i}/notes"),
            format!("https://links.example/p{i}?a=1&amp;b={i}"),
            format!("http://comment.example/{i}"),
            format!("https://form.example/{i}"),
            "http://data.example/".to_owned(),
        ]
    };
    let expected: Vec<String> = as_text(5).into_iter().chain(as_text(11)).collect();
    assert_eq!(plain, expected);
    for m in all.iter().filter(in_body) {
        let got = m.origin().unwrap().target_uri();
        assert!(got == Some(target(5).as_str()) || got == Some(target(11).as_str()), "{m:?}");
    }
    // The records after a long one are read as the archive's again, every match of them
    // twice (the part is there twice), with their lines; a reader gives the same.
    let as_archive = all.iter().filter(|m| !in_body(m)).count();
    assert_eq!(as_archive, 2 * finder.slice(part).count());
    for m in &all {
        let newlines = input[..m.span().start as usize].iter().filter(|&&b| b == b'\n').count();
        assert_eq!(m.line(), Some(newlines as u64 + 1), "{m:?}");
    }
    let read: Vec<Match> = finder.reader(&input[..]).collect::<Result<_, _>>().unwrap();
    assert!(read == all, "a reader reads as a slice does");
}

/// A record too long to hold, read as plain text over many windows of the rolling buffer:
/// its matches lost the record's id and target URI (they had no origin at all), though the
/// header that names them was read.
#[test]
fn a_long_records_matches_keep_the_records_fields() {
    let text: String = (0..60_000).map(|k| format!("line {k} http://long.example/{k}\n")).collect();
    let mut input = record("warcinfo", "", b"software: the test's writer\r\n");
    input.extend(record(
        "conversion",
        "WARC-Record-ID: <urn:uuid:long>\r\nWARC-Target-URI: http://site.example/long\r\nContent-Type: text/plain\r\n",
        text.as_bytes(),
    ));
    input.extend(record(
        "conversion",
        "WARC-Target-URI: http://site.example/short\r\n",
        b"http://short.example/",
    ));
    assert!(text.len() > 2 << 20, "a record of several windows");
    let mut builder = ExtractorBuilder::new();
    builder.mail_message_max(1000);
    let finder = builder.build();
    let read: Vec<Match> = finder.reader(&input[..]).collect::<Result<_, _>>().unwrap();
    assert!(read == finder.slice(&input).collect::<Vec<_>>(), "a reader reads as a slice does");
    assert_eq!(read.len(), 60_001);
    for (k, m) in read[..60_000].iter().enumerate() {
        assert_eq!(m.uri(), format!("http://long.example/{k}"));
        let origin = m.origin().expect("the record's origin");
        assert_eq!(
            (origin.record(), origin.target_uri(), origin.content_type(), origin.place()),
            (Some("<urn:uuid:long>"), Some("http://site.example/long"), "text/plain", &Place::Body),
            "{m:?}"
        );
        assert_eq!(origin.message(), 2);
    }
    assert_eq!(read[60_000].origin().unwrap().target_uri(), Some("http://site.example/short"));
    // Ranges cut inside the record (as the command line's threads cut a file) add up to it.
    for cut in [100, input.len() / 2] {
        let mut cuts: Vec<Match> = finder.slice_range(&input, 0..cut).collect();
        cuts.extend(finder.slice_range(&input, cut..input.len()));
        assert!(cuts == read, "cut at {cut}");
    }
    // The command line's JSON records carry them too.
    let run = cli(&["--json", "--mail-message-max", "1000", "-"], &input);
    let lines: Vec<serde_json::Value> =
        run.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 60_001);
    assert!(lines[..60_000].iter().all(|r| r["record"] == "<urn:uuid:long>" && r["found"] == "body"));
    // Without origins, none.
    builder.origins(false);
    assert!(builder.build().slice(&input).all(|m| m.origin().is_none()));
}

#[test]
fn a_decompression_bomb_is_cut_at_the_bound() {
    // 64 MiB of spaces with a URI at the start and one at the end, gzip-encoded (about 64 KiB).
    let mut body = b"<p>http://first.example/ ".to_vec();
    body.resize(64 << 20, b' ');
    body.extend_from_slice(b"http://last.example/</p>");
    let mut http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n\r\n".to_vec();
    http.extend(gzip(&body));
    let mut input = record("response", "WARC-Target-URI: http://bomb.example/\r\n", &http);
    let unknown = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Encoding: compress\r\n\r\nhttp://lzw.example/";
    input.extend(record("response", "WARC-Target-URI: http://lzw.example/\r\n", unknown));
    let mut small = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Encoding: gzip\r\n\r\n".to_vec();
    let text: String = (0..200).map(|k| format!("http://half.example/{k} ")).collect();
    let coded = gzip(text.as_bytes());
    small.extend_from_slice(&coded[..coded.len() / 2]);
    let broken = small;
    input.extend(record("response", "WARC-Target-URI: http://broken.example/\r\n", &broken));
    let mut builder = ExtractorBuilder::new();
    builder.mail_message_max(1 << 20);
    let mut matches = builder.build().slice(&input);
    let uris: Vec<String> = matches.by_ref().map(|m| m.uri().to_owned()).collect();
    // The bomb is read up to the bound: its first URI, not its last; the broken body as far
    // as it decompresses; the unknown coding not at all.
    assert_eq!(uris[0], "http://first.example/");
    assert!(uris[1..].iter().all(|u| u.starts_with("http://half.example/")), "{uris:?}");
    assert!(uris.len() < 200);
    let tally = matches.web_tally();
    assert_eq!((tally.cut, tally.broken, tally.unknown_coding), (1, 1, 1), "{tally:?}");
    let run = cli(&["--mail-message-max", "1M", "-"], &input);
    assert!(run.stderr.contains("1 HTTP body decompresses to more than 1048576 bytes"), "{}", run.stderr);
    assert!(run.stderr.contains("1 HTTP body is in a content coding that is not known"), "{}", run.stderr);
}

/// The records of the generated archive `warc`, each whole (no record's content holds the
/// line a record starts with).
fn records(warc: &[u8]) -> Vec<&[u8]> {
    let mut starts: Vec<usize> = memchr::memmem::find_iter(warc, b"WARC/1.1\r\nWARC-Type: ").collect();
    starts.push(warc.len());
    starts.windows(2).map(|w| &warc[w[0]..w[1]]).collect()
}

/// The matches of `--json` output as (member offset, start, end, URI), in their order.
fn member_spans(json: &str) -> Vec<(u64, u64, u64, String)> {
    json.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|r| {
            let n = |k: &str| r[k].as_u64().unwrap_or_else(|| panic!("{k} in {r}"));
            (n("member_offset"), n("start"), n("end"), r["uri"].as_str().unwrap().to_owned())
        })
        .collect()
}

/// A `.warc.gz` as crawlers write it, a gzip member per record (issue 39 item 3): each match
/// carries its member's offset in the file and its span in the record; `-j 2` gives what
/// `-j 1` gives; random `--range` cuts of the compressed file add up to the whole.
#[test]
fn a_warc_gz_is_cut_at_its_members() {
    let crawl = crawl();
    let records = records(&crawl.warc);
    // The warcinfo, and a request, a response and (but for redirects) a metadata record a page.
    assert_eq!(records.len(), 1 + 3 * PAGES - PAGES / 10);
    let (mut gz, mut want) = (Vec::new(), Vec::new());
    for record in &records {
        let at = gz.len() as u64;
        for m in urisift::extract_slice(record) {
            want.push((at, m.span().start, m.span().end, m.uri().to_owned()));
        }
        gz.extend(gzip(record));
    }
    // Long enough for -j 2 to cut it into ranges (at least twice 256 KiB).
    assert!(gz.len() > 1 << 20, "{} bytes", gz.len());
    let dir = std::env::temp_dir().join(format!("urisift-warc-gz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("crawl.warc.gz");
    std::fs::write(&path, &gz).unwrap();
    let path = path.to_str().unwrap();
    let one = cli(&["-z", "-j", "1", "--json", path], b"");
    assert_eq!(one.stderr, "");
    assert_eq!(member_spans(&one.stdout), want);
    // Common Crawl's index gives a record as its member's offset: that member alone, inflated,
    // is the record the spans count in (a redirect's Location is written as it is).
    let some = want.iter().find(|m| m.3 == "https://moved.example/1007").unwrap();
    let alone = flate2::read::GzDecoder::new(&gz[some.0 as usize..]);
    let record: Vec<u8> = std::io::Read::bytes(alone).map(Result::unwrap).collect();
    assert_eq!(&record[some.1 as usize..some.2 as usize], some.3.as_bytes());
    let two = cli(&["-z", "-j", "2", "--json", path], b"");
    assert!(two.stdout == one.stdout, "-j 2 differs from -j 1");
    assert_eq!(two.stderr, "");
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for threads in ["1", "2"] {
        let mut cuts: Vec<u64> = (0..4)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed % gz.len() as u64
            })
            .collect();
        cuts.extend([0, gz.len() as u64]);
        cuts.sort_unstable();
        let mut parts = String::new();
        for w in cuts.windows(2) {
            let run =
                cli(&["-z", "-j", threads, "--json", "--range", &format!("{}:{}", w[0], w[1]), path], b"");
            assert_eq!(run.stderr, "", "{w:?}");
            parts.push_str(&run.stdout);
        }
        assert!(parts == one.stdout, "-j {threads}: the ranges cut at {cuts:?} differ from the whole");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
