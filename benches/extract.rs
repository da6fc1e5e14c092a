//! Throughput of URI extraction, one criterion group per workload, with a peer (the `linkify`
//! crate, asked for URLs, and for URLs and email addresses as `linkify-email`), a baseline (the `regex` crate with a common URL regex) and two floors (memchr
//! counting `:`; the scan floor, `workload::scan_floor`: every scheme before a colon walked back
//! and its candidate scanned to its end, nothing validated) measured side by side in the same
//! run. Every bench asserts the count it expects inside
//! the loop, so a bench that stops finding URIs fails instead of getting faster.
//!
//! The `mail` (a real mbox) and `mime` (generated MIME newsletters) groups are read as mail;
//! their `urisift-plain` reads the same bytes as plain text, and their `mail-parser` is the peer
//! that reads mail as mail too (`mail_peer`: each message decoded by the `mail-parser` crate,
//! linkify over its decoded header values and bodies), beside linkify over the raw bytes.
//!
//! Run: `cargo bench --bench extract` (all groups) or `cargo bench --bench extract -- prose`.

mod mail_peer;
mod workload;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use linkify::{LinkFinder, LinkKind};

/// The URL regex commonly pasted into scripts (issue 4).
const URL_REGEX: &str = r"(https?|ftp|file)://[-A-Za-z0-9+&@#/%?=~_|!:,.;]*[-A-Za-z0-9+&@#/%=~_|]";

/// Size of each generated workload.
const SIZE: usize = 4 << 20;

/// The workloads: name, bytes, and the number of URIs urisift must find.
fn workloads() -> Vec<(&'static str, Vec<u8>, usize)> {
    let mut out = Vec::new();
    for name in ["prose", "log", "dense", "iri", "adversarial", "mime"] {
        let (text, uris) = workload::generate(name, SIZE, 0x5eed).expect("known workload");
        out.push((name, text, uris));
    }
    // Real mail: an mbox shipped in corpus/; its count is what the slice extractor finds
    // (the golden and corpus tests check that those are right).
    let mbox =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/mail/spamassassin/easy_ham-slice.mbox"))
            .expect("the mail sample in corpus/");
    let uris = urisift::extract_slice(&mbox).count();
    out.insert(1, ("mail", mbox, uris));
    out
}

fn bench(c: &mut Criterion) {
    let regex = regex::bytes::Regex::new(URL_REGEX).unwrap();
    let mut finder = LinkFinder::new();
    finder.kinds(&[LinkKind::Url]);
    // linkify also asked for email addresses: it then reports the address of a `mailto:` URI,
    // as urisift reports the URI (neither reports what the other does not: `urn:` URIs).
    let mut finder_email = LinkFinder::new();
    finder_email.kinds(&[LinkKind::Url, LinkKind::Email]);
    for (name, text, expected) in workloads() {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.sample_size(20);
        // linkify works on &str: it gets the same bytes, made UTF-8 once outside the loop.
        let utf8 = String::from_utf8_lossy(&text).into_owned();
        let linkify_count = finder.links(&utf8).count();
        let linkify_email_count = finder_email.links(&utf8).count();
        let regex_count = regex.find_iter(&text).count();
        let colons = memchr::memchr_iter(b':', &text).count();
        let candidates = workload::scan_floor(&text);

        group.bench_function("urisift-slice", |b| {
            b.iter(|| {
                let n = urisift::extract_slice(black_box(&text)).count();
                assert_eq!(n, expected);
            })
        });
        // Mail read as plain text, for the cost of the mail stage on the same bytes (issue 19:
        // at most twice the plain scan).
        if name == "mail" || name == "mime" {
            let mut plain = urisift::ExtractorBuilder::new();
            plain.mail(urisift::MailMode::Off);
            let plain = plain.build();
            let plain_count = plain.slice(&text).count();
            group.bench_function("urisift-plain", |b| {
                b.iter(|| {
                    let n = plain.slice(black_box(&text)).count();
                    assert_eq!(n, plain_count);
                })
            });
            let peer = mail_peer::MailPeer::new();
            let peer_count = peer.count(&text);
            group.bench_function("mail-parser", |b| {
                b.iter(|| {
                    let n = peer.count(black_box(&text));
                    assert_eq!(n, peer_count);
                })
            });
        }
        // The same over a slice, each match lent in place (`next_event_ref`, as the command line
        // takes them) rather than given away with its own copy of the text.
        group.bench_function("urisift-lent", |b| {
            b.iter(|| {
                let mut events = urisift::extract_slice(black_box(&text));
                let mut n = 0;
                while let Some(event) = events.next_event_ref() {
                    n += usize::from(matches!(event, urisift::Event::Match(_)));
                }
                assert_eq!(n, expected);
            })
        });
        // The same over a slice, each match with its text borrowed from the input
        // (`SliceMatches::borrowed`, the way the crate docs give for bytes in memory).
        group.bench_function("urisift-borrowed", |b| {
            b.iter(|| {
                let n = urisift::extract_slice(black_box(&text)).borrowed().count();
                assert_eq!(n, expected);
            })
        });
        group.bench_function("urisift-stream", |b| {
            b.iter(|| {
                let n = urisift::extract(black_box(&text[..])).filter(Result::is_ok).count();
                assert_eq!(n, expected);
            })
        });
        group.bench_function("linkify", |b| {
            b.iter(|| {
                let n = finder.links(black_box(&utf8)).count();
                assert_eq!(n, linkify_count);
            })
        });
        group.bench_function("linkify-email", |b| {
            b.iter(|| {
                let n = finder_email.links(black_box(&utf8)).count();
                assert_eq!(n, linkify_email_count);
            })
        });
        group.bench_function("regex", |b| {
            b.iter(|| {
                let n = regex.find_iter(black_box(&text)).count();
                assert_eq!(n, regex_count);
            })
        });
        group.bench_function("scan-floor", |b| {
            b.iter(|| {
                let n = workload::scan_floor(black_box(&text));
                assert_eq!(n, candidates);
            })
        });
        group.bench_function("memchr-floor", |b| {
            b.iter(|| {
                let n = memchr::memchr_iter(b':', black_box(&text)).count();
                assert_eq!(n, colons);
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
