//! The records of generated archives, read in windows of every size.

use super::verdict::starts_as_html;
use super::*;
use crate::decode::mail::Wanted;

/// A record of type `kind` with `fields` and `content`, as ISO 28500 writes it.
fn record(kind: &str, fields: &str, content: &[u8]) -> Vec<u8> {
    let mut r = format!("WARC/1.1\r\nWARC-Type: {kind}\r\n{fields}Content-Length: {}\r\n\r\n", content.len())
        .into_bytes();
    r.extend_from_slice(content);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

/// A segment as the tests read it: its text, what it is, the coded bytes it maps to, and its
/// record's number.
type Read = (String, Found, Option<Range<u64>>, u64);

/// The texts and kinds of the segments of `input`, read in windows that grow by `step` bytes
/// (as a reader gives them), the input from `keep_from` on kept.
fn read(input: &[u8], step: usize) -> (Vec<Read>, Tally) {
    let mut records = Records::new(1 << 20, Wanted::ALL, 0..u64::MAX, false, false);
    let (mut base, mut end) = (0u64, step.min(input.len()));
    let mut out = Vec::new();
    loop {
        let window = &input[base as usize..end];
        match records.next(window, base, end == input.len()) {
            Next::Segment => {
                let s = records.segment().unwrap();
                let text = String::from_utf8_lossy(s.text.bytes(window, base)).into_owned();
                out.push((text, s.found.clone(), s.coded.clone(), s.record.number));
            }
            Next::More { keep_from } => {
                assert!(keep_from >= base, "kept bytes are never asked back");
                base = keep_from;
                end = (end + step.max((end as u64 - base) as usize)).min(input.len());
            }
            Next::TooLong | Next::Long { .. } => panic!("nothing is too long here"),
            Next::End => return (out, records.tally()),
        }
    }
}

/// An HTML page sent chunked, cut inside a link's value and inside a `script` tag.
fn chunked_response() -> Vec<u8> {
    let mut r =
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nTransfer-Encoding: chunked\r\n\
          Link: <https://a.example/style.css>; rel=preload\r\n\r\n"
            .to_vec();
    let chunks: [&[u8]; 4] = [
        b"<a href=\"http://b.example/?",
        b"x&amp;y\">t</a> text http://c.example/ <scr",
        b"ipt>http://script.example/</script",
        b">",
    ];
    for chunk in chunks {
        r.extend(format!("{:x};ext=1\r\n", chunk.len()).as_bytes());
        r.extend(chunk);
        r.extend(b"\r\n");
    }
    r.extend(b"0\r\n\r\n");
    r
}

fn archive() -> Vec<u8> {
    let mut input = record("warcinfo", "", b"software: a test\r\nhttp://info.example/ is not read\r\n");
    input.extend(record(
        "request",
        "WARC-Target-URI: http://a.example/\r\n",
        b"GET / HTTP/1.1\r\nReferer: http://req.example/\r\n\r\n",
    ));
    input.extend(record(
        "response",
        "WARC-Record-ID: <urn:uuid:r1>\r\nWARC-Target-URI: http://a.example/\r\nContent-Type: application/http; msgtype=response\r\n",
        &chunked_response(),
    ));
    input.extend(record(
        "response",
        "WARC-Target-URI: http://old.example/\r\n",
        b"HTTP/1.1 301 Moved\r\nLocation: https://new.example/\r\nContent-Length: 0\r\n\r\n",
    ));
    input.extend(record(
        "conversion",
        "WARC-Target-URI: http://a.example/\r\nContent-Type: text/plain\r\n",
        b"Page text http://wet.example/x\r\n",
    ));
    input.extend(record("resource", "Content-Type: image/png\r\n", b"\x89PNG http://png.example/"));
    input
}

#[test]
fn records_give_what_a_reader_sees() {
    let input = archive();
    let (whole, tally) = read(&input, input.len());
    let texts: Vec<(&str, &Found)> = whole.iter().map(|(t, f, ..)| (t.as_str(), f)).collect();
    // Every record counts, those that give nothing too.
    let numbers: Vec<u64> = whole.iter().map(|s| s.3).collect();
    assert_eq!(numbers, [3, 3, 3, 3, 4, 5]);
    let href = Found::HtmlAttribute {
        name: "href".into(),
        element: "a".into(),
        link_text: Some("t".into()),
        resolved: false,
    };
    assert_eq!(
        texts,
        [
            ("<https://a.example/style.css>; rel=preload", &Found::HttpHeader("Link".into())),
            ("http://b.example/?x&y", &href),
            ("t", &Found::HtmlText),
            (" text http://c.example/ ", &Found::HtmlText),
            ("https://new.example/", &Found::HttpHeader("Location".into())),
            ("Page text http://wet.example/x\r\n", &Found::Body),
        ]
    );
    assert!(tally == Tally::default(), "{tally:?}");
    // The chunked body's bytes map to the input: the link's value spans the chunk boundary.
    for step in [1, 7, 64, 1000] {
        assert_eq!(read(&input, step).0, whole, "in windows of {step}");
    }
}

#[test]
fn a_record_whose_length_lies_is_passed_over() {
    let good = record("conversion", "", b"http://after.example/");
    // The length says 90 bytes where 23 are: the next record is found after its header.
    let mut input =
        b"WARC/1.0\r\nWARC-Type: conversion\r\nContent-Length: 90\r\n\r\nhttp://cut.example/\r\n\r\n"
            .to_vec();
    input.extend(&good);
    input.extend(&good);
    let (segments, tally) = read(&input, input.len());
    assert_eq!(segments.len(), 2, "{segments:?}");
    assert!(segments.iter().all(|s| s.0 == "http://after.example/"), "{segments:?}");
    assert_eq!((tally.malformed, tally.first_malformed), (1, Some(0)));
    // No length at all; and an input that ends inside a record.
    let mut input = b"WARC/1.0\r\nWARC-Type: conversion\r\n\r\nhttp://x.example/\r\n".to_vec();
    input.extend(&good);
    input.extend(&good[..good.len() - 10]);
    let (segments, tally) = read(&input, 5);
    assert_eq!(segments.len(), 1);
    assert_eq!(tally.malformed, 2);
    // Garbage that is no record at all.
    assert_eq!(read(b"WARC/1.0\r\n\x00\x01 no header end", 3).1.malformed, 1);
}

#[test]
fn records_longer_than_the_bound_are_left_to_the_plain_text_scan() {
    let long = record("conversion", "", &b"http://long.example/ ".repeat(100));
    let mut input = long.clone();
    input.extend(record("conversion", "", b"http://short.example/"));
    let mut records = Records::new(1000, Wanted::ALL, 0..u64::MAX, false, false);
    let (mut base, mut got) = (0, Vec::new());
    // A window of at most 600 bytes: the long record is never held whole.
    loop {
        let end = (base as usize + 600).min(input.len());
        let window = &input[base as usize..end];
        match records.next(window, base, end == input.len()) {
            Next::Segment => got.push(records.segment().unwrap().text.bytes(window, base).to_vec()),
            Next::Long { from, to } => got.push(format!("{from}..{to}").into_bytes()),
            Next::More { keep_from } => base = keep_from.max(base + 1).min(input.len() as u64),
            Next::End => break,
            Next::TooLong => unreachable!(),
        }
    }
    let content = long.len() as u64 - 4 - 2100..long.len() as u64 - 4;
    assert_eq!(
        got,
        [format!("{}..{}", content.start, content.end).into_bytes(), b"http://short.example/".to_vec()]
    );
    assert_eq!((records.tally().long, records.tally().first_long), (1, Some(0)));
}

#[test]
fn archives_and_pages_are_told_by_their_first_bytes() {
    assert_eq!(verdict(b"WARC/1.1\r\n", false), Some(true));
    assert_eq!(verdict(b"WARC/1.0\n", true), Some(true));
    assert_eq!(verdict(b"WARC/1.", false), None);
    assert_eq!(verdict(b"WARC/1.", true), Some(false));
    assert_eq!(verdict(b"WARC/2.0\r\n", false), Some(false));
    assert_eq!(verdict(b"Subject: WARC/1.0", false), Some(false));
    assert!(starts_as_html(b"\xef\xbb\xbf \n<!DOCTYPE HTML PUBLIC"));
    assert!(starts_as_html(b"<HTML lang=en>"));
    assert!(!starts_as_html(b"<htmlx>"));
    assert!(!starts_as_html(b"text <html>"));
    assert_eq!(html_verdict(b"  <!doc", false), None);
    assert_eq!(html_verdict(b"  <!doc", true), Some(false));
}

/// Every prefix of an archive, and the archive with each byte replaced, read in windows of
/// several sizes: no panic, and a reading that does not depend on the windows.
#[test]
fn hostile_archives_are_read_whole_in_any_windows() {
    let input = archive();
    for cut in 0..input.len() {
        let prefix = &input[..cut];
        let whole = read(prefix, prefix.len().max(1));
        for step in [1, 13] {
            assert_eq!(read(prefix, step), whole, "a prefix of {cut} bytes in windows of {step}");
        }
    }
    for at in (0..input.len()).step_by(3) {
        for byte in [b'0', b'\n', b'W', 0xff] {
            let mut bent = input.clone();
            bent[at] = byte;
            assert_eq!(read(&bent, 7), read(&bent, bent.len()), "byte {at} made {byte:#x}");
        }
    }
}
