//! `urisift --nested` (issue 38 item 2): the URIs inside a URI, each right after its outer
//! match. The issue's examples as written, with and without the option; JSON, `--format` and
//! the filters; malformed encodings; several threads.

use std::io::Write;
use std::process::{Command, Stdio};

fn urisift(args: &[&str], stdin: &[u8]) -> (String, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urisift"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary runs");
    writer.join().expect("the writer ends");
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    (String::from_utf8(output.stdout).expect("UTF-8"), output.status.code())
}

fn lines(args: &[&str], stdin: &str) -> Vec<String> {
    urisift(args, stdin.as_bytes()).0.lines().map(str::to_owned).collect()
}

fn records(args: &[&str], stdin: &str) -> Vec<serde_json::Value> {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    lines(&all, stdin).iter().map(|l| serde_json::from_str(l).expect("a JSON record")).collect()
}

const SAFE_LINK: &str = "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example%2Fx&data=05%7C01%7Cu%40corp.example&sdata=Zm9v&reserved=0";
const DEFENSE_V2: &str = "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_path&d=DwMFaQ&c=abc&r=def&m=ghi&s=jkl&e=";
const DEFENSE_V3: &str = "https://urldefense.com/v3/__https://evil.example/x__;!!AbCdEf!GhIjKl$";
const GOOGLE: &str = "https://www.google.com/url?q=https://evil.example/g&sa=D&source=editors";

/// The issue's examples: each unwrapped with --nested, and not without it.
#[test]
fn rewritten_links_are_unwrapped_with_nested_only() {
    for (outer, inner) in [
        (SAFE_LINK, "https://evil.example/x"),
        (DEFENSE_V2, "https://evil.example/path"),
        (DEFENSE_V3, "https://evil.example/x"),
        (GOOGLE, "https://evil.example/g"),
        ("https://l.facebook.com/l.php?u=https%3A%2F%2Fevil.example%2Ff&h=AT1", "https://evil.example/f"),
        ("https://track.example/c?id=9&redirect=https%3A%2F%2Fevil.example%2Fr", "https://evil.example/r"),
    ] {
        let text = format!("Click <{outer}> now.\n");
        assert_eq!(lines(&[], &text), [outer], "{outer}");
        assert_eq!(lines(&["--nested"], &text), [outer, inner], "{outer}");
    }
}

#[test]
fn json_carries_found_outer_flags_and_the_encoded_span() {
    let text = format!("a {SAFE_LINK}\n");
    let found = records(&["--nested"], &text);
    assert_eq!(found.len(), 2);
    assert!(found[0].get("outer").is_none() && found[0].get("found").is_none());
    assert_eq!(found[0]["flags"], serde_json::json!([]));
    let nested = &found[1];
    assert_eq!(nested["uri"], "https://evil.example/x");
    assert_eq!(nested["delimiter"], "nested");
    assert_eq!(nested["found"], "nested");
    assert_eq!(nested["outer"], 0);
    assert_eq!(nested["flags"], serde_json::json!(["nested"]));
    let (start, end) = (nested["start"].as_u64().unwrap() as usize, nested["end"].as_u64().unwrap() as usize);
    assert_eq!(&text[start..end], "https%3A%2F%2Fevil.example%2Fx");
    let (outer_start, outer_end) = (found[0]["start"].as_u64().unwrap(), found[0]["end"].as_u64().unwrap());
    assert!(outer_start <= start as u64 && end as u64 <= outer_end);
    // A URL as it is in the outer one spans itself.
    let text = format!("{DEFENSE_V3}\n");
    let found = records(&["--nested"], &text);
    let (start, end) =
        (found[1]["start"].as_u64().unwrap() as usize, found[1]["end"].as_u64().unwrap() as usize);
    assert_eq!(&text[start..end], "https://evil.example/x");
}

#[test]
fn a_url_in_a_mailto_subject() {
    let text =
        "<mailto:help@corp.example?subject=Reset%20at%20https%3A%2F%2Fevil.example%2Freset&body=thanks>\n";
    assert_eq!(lines(&[], text).len(), 1);
    assert_eq!(
        lines(&["--nested"], text),
        [
            "mailto:help@corp.example?subject=Reset%20at%20https%3A%2F%2Fevil.example%2Freset&body=thanks",
            "https://evil.example/reset"
        ]
    );
}

/// A Safe Link wrapping a Google redirect wrapping the URL: two nested matches, each with its
/// own outer; indexes count the file's written records, across several outer matches.
#[test]
fn nesting_is_recursive_and_indexes_are_the_outputs() {
    let google =
        "https%3A%2F%2Fwww.google.com%2Furl%3Fq%3Dhttps%253A%252F%252Fevil.example%252Fdeep%26sa%3DD";
    let text = format!(
        "first http://plain.example/ then https://eur01.safelinks.protection.outlook.com/?url={google}&data=x\nand {GOOGLE}\n"
    );
    let found = records(&["--nested"], &text);
    let shown: Vec<(&str, Option<u64>)> =
        found.iter().map(|r| (r["uri"].as_str().unwrap(), r["outer"].as_u64())).collect();
    assert_eq!(
        shown[2..],
        [
            ("https://www.google.com/url?q=https%3A%2F%2Fevil.example%2Fdeep&sa=D", Some(1)),
            ("https://evil.example/deep", Some(2)),
            (GOOGLE, None),
            ("https://evil.example/g", Some(4)),
        ]
    );
    assert_eq!(shown[0], ("http://plain.example/", None));
    // The same through --format.
    let formatted = lines(&["--nested", "--format", "{outer}|{delimiter}|{found}|{flags}"], &text);
    assert_eq!(
        formatted,
        [
            "|bare||",
            "|bare||",
            "1|nested|nested|nested",
            "2|nested|nested|nested",
            "|bare||",
            "4|nested|nested|nested"
        ]
    );
    // Filtered: an outer match left out gives null; the others count what is written.
    let only = records(&["--nested", "--flag", "nested"], &text);
    let outers: Vec<_> = only.iter().map(|r| r["outer"].clone()).collect();
    assert_eq!(outers, [serde_json::Value::Null, serde_json::json!(0), serde_json::Value::Null]);
    let https = records(&["--nested", "--scheme", "https"], &text);
    let outers: Vec<_> = https.iter().map(|r| r["outer"].as_u64()).collect();
    assert_eq!(outers, [None, Some(0), Some(1), None, Some(3)]);
}

/// Proofpoint URL Defense v3 replaced characters with `*` and carries them after `__;`: they
/// are put back.
#[test]
fn proofpoint_v3_stars_are_put_back() {
    let text = "https://urldefense.com/v3/__https://evil.example/login*id=7__;Pw!!AbC$\n";
    let (out, code) = urisift(&["--nested"], text.as_bytes());
    assert_eq!(code, Some(0));
    assert_eq!(out.lines().nth(1), Some("https://evil.example/login?id=7"));
}

/// Malformed encodings and values that are no URI give no nested match, and no error.
#[test]
fn malformed_or_no_uri_gives_nothing_nested() {
    for text in [
        "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_a-ZZb&d=x",
        "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_a-3&d=x",
        "https://t.example/?u=https%253A%252F%252Fevil.example%252F%25zz",
        "https://t.example/?u=https%3A%2F%2F%25",
        "https://t.example/search?q=hello%20world&lang=en&t=12:30",
        "https://urldefense.com/v3/__https://evil.example/a*b*c__;Kg!!x$",
        "https://t.example/?u=https%3A%2F%2F-bad.example%2F",
    ] {
        let input = format!("{text}\n");
        let (out, code) = urisift(&["--nested"], input.as_bytes());
        assert_eq!(code, Some(0), "{text}");
        assert_eq!(out.lines().collect::<Vec<_>>(), [text], "{text}");
    }
}

/// Several threads give what one gives: a file long enough to be cut into ranges, each match
/// with its nested ones in the range that owns it, their `outer` indexes counted over the file.
#[test]
fn threads_give_what_one_gives() {
    let mut text = String::new();
    let filler = "some text of a mail body without any link in it, long enough to fill lines\n";
    for i in 0..130_000 {
        match i % 100 {
            0 => {
                text.push_str(&format!("line {i} {SAFE_LINK}&n={i} and {DEFENSE_V2} http://p{i}.example/\n"))
            }
            _ => text.push_str(filler),
        }
    }
    let path = std::env::temp_dir().join(format!("urisift-nested-{}.txt", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    let file = path.to_str().unwrap();
    let one = urisift(&["--nested", "--json", "-n", "-j", "1", "--max-uri-len", "1k", file], b"").0;
    let four = urisift(&["--nested", "--json", "-n", "-j", "4", "--max-uri-len", "1k", file], b"").0;
    let _ = std::fs::remove_file(&path);
    assert_eq!(one.lines().count(), 1300 * 5);
    assert!(one == four, "-j 4 differs");
    let last: serde_json::Value = serde_json::from_str(one.lines().last().unwrap()).unwrap();
    assert_eq!(last["uri"], "http://p129900.example/");
    let nested: serde_json::Value = serde_json::from_str(one.lines().nth(6498).unwrap()).unwrap();
    assert_eq!(
        (nested["uri"].as_str(), nested["outer"].as_u64()),
        (Some("https://evil.example/path"), Some(6497))
    );
}

/// The finder that reads inside a match took the input's options whole, so with a web archive
/// or a page forced (`--warc`, `--html`) it read each URI's inside as an archive or a page and
/// found nothing (the Spark job's test, reading through the library with `warc=True`, missed
/// every nested row). It reads plain text whatever the input is read as.
#[test]
fn nested_urls_are_found_in_a_forced_web_archive_and_page() {
    let page = format!("<html><body><a href=\"{GOOGLE}\">the doc</a></body></html>\n");
    let http =
        format!("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\n\r\n{page}", page.len());
    let warc = format!(
        "WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:1>\r\n\
         WARC-Target-URI: https://site.example/\r\nContent-Type: application/http; msgtype=response\r\n\
         Content-Length: {}\r\n\r\n{http}\r\n\r\n",
        http.len()
    );
    for (args, input) in [(&["--warc"][..], &warc), (&["--html"][..], &page), (&[][..], &warc)] {
        let mut all = vec!["--nested"];
        all.extend_from_slice(args);
        assert_eq!(lines(&all, input), [GOOGLE, "https://evil.example/g"], "{args:?}");
    }
}
