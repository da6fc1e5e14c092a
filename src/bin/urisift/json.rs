//! The `--json` records of extraction (JSON Lines), written by hand; the schema is
//! `docs/json-schema.md`.
//!
//! Written by hand rather than through `serde`: a `serde_json::Map` per match (keys and values
//! allocated, then indexed) took seven times the instructions of the extraction, and a derived
//! `Serialize` still twice, most of it in escaping keys and URIs that need no escape. The unit
//! tests hold every record to what `serde_json` writes for the same fields.

use std::io;

use urisift::{Match, Overlong, Rejected, Span};

/// Appends the `match` record of `m`, and a line feed. `file` is the input's name already
/// written as JSON ([`push_name`]); `text` is the line it was found on, when known; `outer`, for
/// a nested match, the index of its outer match among the input's records, if it was written;
/// `member`, the offset of the gzip member it was found in, when the input is read by members.
pub fn match_record(
    buf: &mut Vec<u8>,
    m: &Match,
    file: &[u8],
    text: Option<&[u8]>,
    outer: Option<u64>,
    member: Option<u64>,
) -> io::Result<()> {
    buf.extend_from_slice(b"{\"type\":\"match\",\"file\":");
    buf.extend_from_slice(file);
    // `uri()` checks the text on each call, and `parsed()` calls it: once here.
    let parsed = m.parsed();
    let uri = parsed.as_str();
    // A URI needs no escape (RFC 3986 §2 admits no `"`, `\` or control character), and its
    // components are slices of it: checked once, here.
    let plain = !needs_escape(uri);
    buf.extend_from_slice(b",\"uri\":");
    push_str_checked(buf, uri, plain)?;
    if m.is_refanged() {
        buf.extend_from_slice(b",\"refanged\":true");
    }
    // How the text was rewritten from the input's (a JSON string's escapes decoded, refanged).
    if let Some(rewrite) = m.rewrite() {
        buf.extend_from_slice(b",\"rewrite\":\"");
        buf.extend_from_slice(rewrite.name().as_bytes());
        buf.push(b'"');
    }
    // An IRI's URI form (RFC 3987 §3.1), when it differs (issue 18 item 8).
    if !uri.is_ascii() {
        buf.extend_from_slice(b",\"as_uri\":");
        push_str(buf, &m.to_uri())?;
    }
    buf.extend_from_slice(b",\"readings\":[");
    push_str_checked(buf, uri, plain)?;
    if let Some(second) = m.alternate() {
        buf.push(b',');
        push_str(buf, second)?;
    }
    buf.push(b']');
    push_spans(buf, m.span(), m.outer_span());
    push_member(buf, member);
    buf.extend_from_slice(b",\"delimiter\":");
    push_str(buf, m.delimiter().name())?;
    let nested = m.outer().is_some();
    if nested {
        buf.extend_from_slice(b",\"outer\":");
        match outer {
            Some(outer) => push_number(buf, outer),
            None => buf.extend_from_slice(b"null"),
        }
    }
    buf.extend_from_slice(b",\"scheme\":");
    push_str_checked(buf, parsed.scheme().unwrap_or_default(), plain)?;
    if let Some(line) = m.line() {
        buf.extend_from_slice(b",\"line\":");
        push_number(buf, line);
    }
    let components = [
        (&b",\"components\":{\"scheme\":"[..], parsed.scheme()),
        (b",\"authority\":", parsed.authority()),
        (b",\"userinfo\":", parsed.userinfo()),
        (b",\"host\":", parsed.host()),
        (b",\"port\":", parsed.port()),
        (b",\"path\":", Some(parsed.path())),
        (b",\"query\":", parsed.query()),
        (b",\"fragment\":", parsed.fragment()),
    ];
    for (key, value) in components {
        buf.extend_from_slice(key);
        match value {
            Some(value) => push_str_checked(buf, value, plain)?,
            None => buf.extend_from_slice(b"null"),
        }
    }
    // Derived from the host (issue 38): computed here, for JSON only, never while extracting.
    // Both are ASCII or Unicode text a host name holds; escaped if need be.
    for (key, value) in
        [(&b",\"domain\":"[..], parsed.registrable_domain()), (b",\"host_unicode\":", parsed.host_unicode())]
    {
        buf.extend_from_slice(key);
        match value {
            Some(value) => push_str(buf, &value)?,
            None => buf.extend_from_slice(b"null"),
        }
    }
    buf.push(b'}');
    // The flags, by name (ASCII, no escape needed).
    buf.extend_from_slice(b",\"flags\":[");
    for (i, flag) in m.flags().iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        buf.push(b'"');
        buf.extend_from_slice(flag.name().as_bytes());
        buf.push(b'"');
    }
    buf.push(b']');
    if let Some(origin) = m.origin().filter(|o| o.is_web()) {
        buf.extend_from_slice(b",\"record\":");
        push_opt(buf, origin.record())?;
        buf.extend_from_slice(b",\"target_uri\":");
        push_opt(buf, origin.target_uri())?;
        buf.extend_from_slice(b",\"content_type\":");
        push_str(buf, origin.content_type())?;
        buf.extend_from_slice(b",\"found\":");
        push_str(buf, &origin.place().to_string())?;
        buf.extend_from_slice(b",\"link_text\":");
        push_opt(buf, origin.link_text())?;
    } else if let Some(origin) = m.origin() {
        buf.extend_from_slice(b",\"message\":");
        push_number(buf, origin.message());
        buf.extend_from_slice(b",\"message_id\":");
        match origin.message_id() {
            Some(id) => push_str(buf, id)?,
            None => buf.extend_from_slice(b"null"),
        }
        buf.extend_from_slice(b",\"part\":");
        push_str(buf, origin.part())?;
        buf.extend_from_slice(b",\"content_type\":");
        push_str(buf, origin.content_type())?;
        buf.extend_from_slice(b",\"found\":");
        push_str(buf, &origin.place().to_string())?;
        buf.extend_from_slice(b",\"link_text\":");
        match origin.link_text() {
            Some(text) => push_str(buf, text)?,
            None => buf.extend_from_slice(b"null"),
        }
    } else if nested {
        buf.extend_from_slice(b",\"found\":\"nested\"");
    }
    if let Some(text) = text {
        buf.extend_from_slice(b",\"text\":");
        // Input need not be UTF-8; the line is shown as a reader would see it.
        push_str(buf, &String::from_utf8_lossy(text))?;
    }
    buf.extend_from_slice(b"}\n");
    Ok(())
}

/// Appends `value` as a JSON string, or `null`.
fn push_opt(buf: &mut Vec<u8>, value: Option<&str>) -> io::Result<()> {
    match value {
        Some(value) => push_str(buf, value),
        None => {
            buf.extend_from_slice(b"null");
            Ok(())
        }
    }
}

/// Appends the `rejected` record of `r`, and a line feed.
pub fn rejected_record(buf: &mut Vec<u8>, r: &Rejected, file: &[u8], member: Option<u64>) -> io::Result<()> {
    buf.extend_from_slice(b"{\"type\":\"rejected\",\"file\":");
    buf.extend_from_slice(file);
    buf.extend_from_slice(b",\"text\":");
    push_str(buf, r.text())?;
    push_spans(buf, r.span(), r.outer_span());
    push_member(buf, member);
    buf.extend_from_slice(b",\"delimiter\":");
    push_str(buf, r.delimiter().name())?;
    push_line(buf, r.line());
    buf.extend_from_slice(b",\"error\":{\"index\":");
    push_number(buf, r.error().index() as u64);
    buf.extend_from_slice(b",\"message\":");
    push_str(buf, &r.error().to_string())?;
    buf.extend_from_slice(b"}}\n");
    Ok(())
}

/// Appends the `overlong` record of a candidate over `max_uri_len` bytes, and a line feed.
pub fn overlong_record(
    buf: &mut Vec<u8>,
    o: &Overlong,
    file: &[u8],
    member: Option<u64>,
    max_uri_len: usize,
) {
    let span = o.span();
    buf.extend_from_slice(b"{\"type\":\"overlong\",\"file\":");
    buf.extend_from_slice(file);
    buf.extend_from_slice(b",\"start\":");
    push_number(buf, span.start);
    buf.extend_from_slice(b",\"end\":");
    push_number(buf, span.end);
    push_member(buf, member);
    push_line(buf, o.line());
    buf.extend_from_slice(b",\"max_uri_len\":");
    push_number(buf, max_uri_len as u64);
    buf.extend_from_slice(b"}\n");
}

/// What a `summary` record counts.
#[derive(Debug, Default, Clone, Copy)]
pub struct Counts {
    pub matches: u64,
    pub rejected: u64,
    pub overlong: u64,
}

/// Appends the `summary` record of one input, and a line feed.
pub fn summary_record(buf: &mut Vec<u8>, file: &[u8], counts: Counts) {
    buf.extend_from_slice(b"{\"type\":\"summary\",\"file\":");
    buf.extend_from_slice(file);
    buf.extend_from_slice(b",\"matches\":");
    push_number(buf, counts.matches);
    buf.extend_from_slice(b",\"rejected\":");
    push_number(buf, counts.rejected);
    buf.extend_from_slice(b",\"overlong\":");
    push_number(buf, counts.overlong);
    buf.extend_from_slice(b"}\n");
}

/// Appends an input's name: a JSON string when it is UTF-8, else `{"bytes":"BASE64"}` with its
/// raw bytes in standard base64 (RFC 4648 §4), as ripgrep writes such a path; never a lossy
/// string.
pub fn push_name(buf: &mut Vec<u8>, name: Option<&str>, raw: &[u8]) -> io::Result<()> {
    match name {
        Some(name) => push_str(buf, name),
        None => {
            buf.extend_from_slice(b"{\"bytes\":\"");
            base64(buf, raw);
            buf.extend_from_slice(b"\"}");
            Ok(())
        }
    }
}

fn push_spans(buf: &mut Vec<u8>, span: Span, outer: Span) {
    buf.extend_from_slice(b",\"start\":");
    push_number(buf, span.start);
    buf.extend_from_slice(b",\"end\":");
    push_number(buf, span.end);
    buf.extend_from_slice(b",\"outer_start\":");
    push_number(buf, outer.start);
    buf.extend_from_slice(b",\"outer_end\":");
    push_number(buf, outer.end);
}

/// The offset of the gzip member a record's spans count in (`docs/json-schema.md`).
fn push_member(buf: &mut Vec<u8>, member: Option<u64>) {
    if let Some(at) = member {
        buf.extend_from_slice(b",\"member_offset\":");
        push_number(buf, at);
    }
}

fn push_line(buf: &mut Vec<u8>, line: Option<u64>) {
    if let Some(line) = line {
        buf.extend_from_slice(b",\"line\":");
        push_number(buf, line);
    }
}

/// Whether `s` holds a byte that JSON must escape. `serde_json` escapes only `"`, `\\` and the
/// control characters below 0x20 (RFC 8259 §7 requires no more).
fn needs_escape(s: &str) -> bool {
    s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\')
}

/// Appends `s` as a JSON string; one that needs escapes is left to `serde_json`.
pub fn push_str(buf: &mut Vec<u8>, s: &str) -> io::Result<()> {
    push_str_checked(buf, s, !needs_escape(s))
}

/// Appends `s` as a JSON string, knowing whether it is `plain` (needs no escape).
fn push_str_checked(buf: &mut Vec<u8>, s: &str, plain: bool) -> io::Result<()> {
    if !plain {
        return serde_json::to_writer(buf, s).map_err(io::Error::from);
    }
    buf.push(b'"');
    buf.extend_from_slice(s.as_bytes());
    buf.push(b'"');
    Ok(())
}

/// Appends `n` as a JSON number.
fn push_number(buf: &mut Vec<u8>, n: u64) {
    // Writing into a `Vec` cannot fail.
    let _ = serde_json::to_writer(&mut *buf, &n);
}

/// Appends `bytes` in standard base64 with padding (RFC 4648 §4).
fn base64(buf: &mut Vec<u8>, bytes: &[u8]) {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for (k, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            // A chunk of n bytes gives n + 1 characters, then padding.
            buf.push(if k <= chunk.len() { ALPHABET[(n >> shift & 63) as usize] } else { b'=' });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference: the match record as `serde_json` writes a struct with these fields.
    #[derive(serde::Serialize)]
    struct MatchReference<'a> {
        r#type: &'a str,
        file: &'a str,
        uri: &'a str,
        readings: Vec<&'a str>,
        start: u64,
        end: u64,
        outer_start: u64,
        outer_end: u64,
        #[serde(skip_serializing_if = "Option::is_none")]
        member_offset: Option<u64>,
        delimiter: &'a str,
        scheme: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        line: Option<u64>,
        components: Components<'a>,
        flags: Vec<&'static str>,
        text: &'a str,
    }

    #[derive(serde::Serialize)]
    struct Components<'a> {
        scheme: Option<&'a str>,
        authority: Option<&'a str>,
        userinfo: Option<&'a str>,
        host: Option<&'a str>,
        port: Option<&'a str>,
        path: &'a str,
        query: Option<&'a str>,
        fragment: Option<&'a str>,
        domain: Option<String>,
        host_unicode: Option<String>,
    }

    fn name(file: &str) -> Vec<u8> {
        let mut buf = Vec::new();
        push_name(&mut buf, Some(file), file.as_bytes()).unwrap();
        buf
    }

    #[test]
    fn match_records_are_what_serde_json_writes() {
        let text = b"See <URL:http://u@a.example:8080/x?y=1#z>, \"ftp://b.example/\" and <http://www-\n  c.example/>.\n\
                     mailto:a@b.example?subject=hi www.d.example/e urn:example:f http://[::1]/ http://www.xn--pypal-4ve.com/";
        let mut builder = urisift::ExtractorBuilder::new();
        builder.abbreviated(true).line_numbers(true);
        let mut checked = 0;
        for m in builder.build().slice(text) {
            for (file, member) in [
                ("a.txt", None),
                ("<stdin>", None),
                ("we\"ird\\na\tme\u{1}.txt", None),
                ("caf\u{e9}.txt", Some(1234)),
            ] {
                let mut mine = Vec::new();
                match_record(&mut mine, &m, &name(file), Some(b"a \"line\"\t\xff"), None, member).unwrap();
                let parsed = m.parsed();
                let reference = MatchReference {
                    r#type: "match",
                    file,
                    uri: m.uri(),
                    readings: m.readings(),
                    start: m.span().start,
                    end: m.span().end,
                    outer_start: m.outer_span().start,
                    outer_end: m.outer_span().end,
                    member_offset: member,
                    delimiter: m.delimiter().name(),
                    scheme: m.scheme(),
                    line: m.line(),
                    components: Components {
                        scheme: parsed.scheme(),
                        authority: parsed.authority(),
                        userinfo: parsed.userinfo(),
                        host: parsed.host(),
                        port: parsed.port(),
                        path: parsed.path(),
                        query: parsed.query(),
                        fragment: parsed.fragment(),
                        domain: parsed.registrable_domain(),
                        host_unicode: parsed.host_unicode(),
                    },
                    flags: m.flags().iter().map(urisift::Flag::name).collect(),
                    text: "a \"line\"\t\u{fffd}",
                };
                let mut theirs = serde_json::to_vec(&reference).unwrap();
                theirs.push(b'\n');
                assert_eq!(String::from_utf8_lossy(&mine), String::from_utf8_lossy(&theirs));
                checked += 1;
            }
        }
        assert!(checked >= 24, "only {checked} records");
    }

    #[test]
    fn other_records_are_valid_json_with_their_fields() {
        let mut builder = urisift::ExtractorBuilder::new();
        builder.report_rejected(true).line_numbers(true).max_uri_len(32);
        let mut events = builder
            .build()
            .slice(b"\n\nsee <http://exa%mple.com/\"q\"> now\nhttp://a.example/long-long-long-long");
        let Some(urisift::Event::Rejected(r)) = events.next_event() else { panic!("a rejected candidate") };
        let Some(urisift::Event::Overlong(o)) = events.next_event() else { panic!("an overlong candidate") };
        let mut buf = Vec::new();
        rejected_record(&mut buf, &r, &name("a\"b"), Some(7)).unwrap();
        overlong_record(&mut buf, &o, &name("a\"b"), Some(9), 32);
        summary_record(&mut buf, &name("a\"b"), Counts { matches: 1, rejected: 2, overlong: 3 });
        let records: Vec<serde_json::Value> = buf
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(|l| serde_json::from_slice(l).unwrap())
            .collect();
        assert_eq!(records[0]["type"], "rejected");
        assert_eq!(records[0]["file"], "a\"b");
        assert_eq!(records[0]["text"], r.text());
        assert_eq!(records[0]["line"], 3);
        assert_eq!(records[0]["error"]["message"], r.error().to_string());
        assert_eq!(records[1]["type"], "overlong");
        assert_eq!(records[1]["start"].as_u64(), Some(o.span().start));
        assert_eq!(records[1]["end"].as_u64(), Some(o.span().end));
        assert_eq!((records[1]["line"].as_u64(), records[1]["max_uri_len"].as_u64()), (Some(4), Some(32)));
        assert_eq!(
            (records[0]["member_offset"].as_u64(), records[1]["member_offset"].as_u64()),
            (Some(7), Some(9))
        );
        assert_eq!(records[2]["overlong"], 3);
    }

    #[test]
    fn numbers_as_serde_json_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 12345, u64::from(u32::MAX), u64::MAX] {
            let mut buf = Vec::new();
            push_number(&mut buf, n);
            assert_eq!(buf, serde_json::to_vec(&n).unwrap());
        }
    }

    /// RFC 4648 §10 test vectors, and a non-UTF-8 name.
    #[test]
    fn base64_test_vectors() {
        for (input, output) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            let mut buf = Vec::new();
            base64(&mut buf, input.as_bytes());
            assert_eq!(String::from_utf8(buf).unwrap(), output);
        }
        let mut buf = Vec::new();
        push_name(&mut buf, None, b"caf\xe9\xff.txt").unwrap();
        assert_eq!(String::from_utf8(buf).unwrap(), r#"{"bytes":"Y2Fm6f8udHh0"}"#);
    }
}
