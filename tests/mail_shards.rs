//! Exact shards of mail (issue 21 item 1, the crate docs, "Shards"): a range of an input read
//! as mail owns the messages whose `From ` separator line starts in it, so for any partition
//! of a mailbox into ranges, the ranges' events, one range after another, are the events of
//! the mailbox read whole as mail — the same URIs, spans, pieces, origins (message numbers
//! included) and line numbers. A message too long to be read as mail is read as plain text up
//! to the next separator line, and belongs, as every message does, to the range its separator
//! line starts in.

mod common;

use std::io::Cursor;
use std::path::Path;

use common::{Xorshift as Rng, base64, files_under, finder_events as whole, first_difference, partition};
use urisift::shard::{self, MboxCut, MessageStart};
use urisift::{Event, ExtractorBuilder, MailMode, UriFinder};

/// Every mail file of `corpus/mail` (absent from a packaged crate) and `tests/data/mail`, and
/// all of them as one mailbox.
fn mail_files() -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = files_under(&root.join("corpus/mail"));
    paths.extend(files_under(&root.join("tests/data/mail")));
    // The messages, not their expected outputs, notes, scripts or git attributes.
    paths.retain(|path| {
        !path.extension().is_some_and(|e| e == "expected" || e == "md" || e == "py")
            && !path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
    });
    assert!(paths.len() >= 10, "the golden messages are there");
    let mut out: Vec<(String, Vec<u8>)> =
        paths.iter().map(|p| (p.display().to_string(), std::fs::read(p).unwrap())).collect();
    let mut mbox = Vec::new();
    for (k, (_, bytes)) in out.iter().enumerate() {
        mbox.extend_from_slice(format!("From sender{k}@example.org Mon Jan  1 00:00:00 2001\n").as_bytes());
        mbox.extend_from_slice(bytes);
        mbox.extend_from_slice(b"\n\n");
    }
    out.push(("all corpus mail as one mbox".into(), mbox));
    out
}

/// Message `k` of a generated mailbox: a base64 HTML link only a MIME reader finds, a plain
/// link, a link wrapped in `<…>` over lines and `filler` lines of padding.
fn message(k: usize, filler: usize) -> String {
    let html = format!("<p><a href=\"https://{k}.example/html\">it</a></p>");
    format!(
        "From sender@example.org Mon Jan  1 00:00:00 2001\n\
         From: sender@example.org\nSubject: see http://{k}.example/subject\nMessage-ID: <{k}@example.org>\n\
         Content-Type: multipart/alternative; boundary=b{k}\n\n\
         --b{k}\nContent-Type: text/plain\n\nhttp://{k}.example/text <http://{k}.example/\n wrapped>\n{}\
         --b{k}\nContent-Type: text/html\nContent-Transfer-Encoding: base64\n\n{}\n--b{k}--\n\n",
        "padding padding padding padding\n".repeat(filler),
        base64(html.as_bytes()),
    )
}

/// The option sets mail shards are checked under: the defaults; everything reported, with
/// line numbers; and a message bound short enough that some messages of the generated
/// mailbox are read as plain text.
fn builders(bound: usize) -> Vec<(&'static str, ExtractorBuilder)> {
    let auto = ExtractorBuilder::new();
    let mut all = ExtractorBuilder::new();
    all.abbreviated(true).report_rejected(true).line_numbers(true).max_uri_len(300);
    let mut short = ExtractorBuilder::new();
    short.mail(MailMode::On).mail_message_max(bound).line_numbers(true);
    vec![("default", auto), ("all reported", all), ("short message bound", short)]
}

/// The events of the partition of `input` at `cuts`, range by range, from slices and from
/// readers (checked to agree).
fn sharded(finder: &UriFinder, input: &[u8], cuts: &[usize]) -> Vec<Event> {
    let bounds = partition(input.len(), cuts);
    let mut events = Vec::new();
    for pair in bounds.windows(2) {
        let mut it = finder.slice_range(input, pair[0]..pair[1]);
        let from_slice: Vec<Event> = std::iter::from_fn(|| it.next_event()).collect();
        let range = pair[0] as u64..pair[1] as u64;
        let mut reader = finder.reader_range(Cursor::new(input), range.clone()).unwrap();
        let from_reader: Vec<Event> =
            std::iter::from_fn(|| reader.next_event()).map(Result::unwrap).collect();
        assert_eq!(from_reader, from_slice, "range {range:?} from a reader");
        assert_eq!(reader.overlong(), it.overlong(), "range {range:?}: overlong from a reader");
        events.extend(from_slice);
    }
    events
}

#[track_caller]
fn check(name: &str, label: &str, finder: &UriFinder, input: &[u8], cuts: &[usize]) {
    let all = whole(finder, input);
    let shards = sharded(finder, input, cuts);
    assert!(shards == all, "{name} ({label}), cuts {cuts:?}: {}", first_difference(&shards, &all));
}

/// Offsets around the places where a cut is most likely to go wrong in a mailbox: at, just
/// before and just after each `From ` line and the empty line before it.
fn separator_cuts(input: &[u8]) -> Vec<usize> {
    let mut cuts = Vec::new();
    for at in memchr::memmem::find_iter(input, b"\nFrom ") {
        cuts.extend([at.saturating_sub(1), at, at + 1, at + 2]);
    }
    cuts
}

#[test]
fn shards_of_corpus_mail_add_up_to_the_mailbox_read_as_mail() {
    let mut rng = Rng(0x6d61_696c_5eed_0001);
    for (name, input) in mail_files() {
        for (label, builder) in builders(4096) {
            let finder = builder.build();
            for pieces in [1, 5] {
                let cuts: Vec<usize> = (0..pieces).map(|_| rng.below(input.len() + 1)).collect();
                check(&name, label, &finder, &input, &cuts);
            }
            let mut cuts = separator_cuts(&input);
            while cuts.len() > 60 {
                cuts.remove(rng.below(cuts.len()));
            }
            check(&name, label, &finder, &input, &cuts);
        }
    }
}

/// A generated mailbox with messages of many lengths, some over the bound: the ranges, cut at
/// and around every separator and at random, own every message once, those too long to be
/// read as mail (read as plain text) too.
#[test]
fn shards_of_a_mailbox_with_messages_over_the_bound_add_up() {
    let mbox: String = (1..=30).map(|k| message(k, (k * 7) % 40)).collect();
    let bound = message(0, 25).len();
    let mut rng = Rng(0x6d61_696c_5eed_0002);
    for (label, builder) in builders(bound) {
        let finder = builder.build();
        if label == "short message bound" {
            let mut it = finder.slice(mbox.as_bytes());
            let html = std::iter::from_fn(|| it.next())
                .filter(|m| m.uri().ends_with("/html") && m.origin().is_some())
                .count();
            let long = (1..=30).filter(|k| (k * 7) % 40 > 25).count();
            assert!(long > 5, "some messages are over the bound");
            assert_eq!(it.long_messages(), long as u64);
            assert_eq!(html, 30 - long, "every message within the bound is read as mail");
        }
        check("generated", label, &finder, mbox.as_bytes(), &separator_cuts(mbox.as_bytes()));
        for _ in 0..20 {
            let cuts: Vec<usize> = (0..rng.below(8) + 1).map(|_| rng.below(mbox.len() + 1)).collect();
            check("generated", label, &finder, mbox.as_bytes(), &cuts);
        }
    }
}

/// Every single cut of a small mailbox, and every range of one byte: a message belongs to the
/// range its separator line starts in, whatever the cut. Under the short bound, the second
/// message (one line of padding more than the others) is too long and read as plain text, and
/// the third is read as mail again.
#[test]
fn every_single_cut_of_a_small_mailbox() {
    let mbox = format!("{}{}{}", message(1, 0), message(2, 1), message(3, 0));
    let bound = message(2, 0).len() - 40;
    let mut short = ExtractorBuilder::new();
    short.mail_message_max(bound);
    let mut it = short.build().slice(mbox.as_bytes());
    let html: Vec<(String, Option<u64>)> = std::iter::from_fn(|| it.next())
        .filter(|m| m.uri().ends_with("/html"))
        .map(|m| (m.uri().to_owned(), m.origin().map(|o| o.message())))
        .collect();
    assert_eq!(
        html,
        [("https://1.example/html".to_owned(), Some(1)), ("https://3.example/html".to_owned(), Some(3))]
    );
    let second = message(1, 0).len();
    let after_separator = second + mbox[second..].find('\n').unwrap() + 1;
    assert_eq!((it.plain_from(), it.long_messages()), (Some(after_separator as u64), 1));
    for (label, builder) in builders(bound) {
        let finder = builder.build();
        for cut in 0..=mbox.len() {
            check("small", label, &finder, mbox.as_bytes(), &[cut]);
        }
        let bytes: Vec<usize> = (0..mbox.len()).collect();
        check("small", label, &finder, mbox.as_bytes(), &bytes);
    }
}

/// A message (not an mbox) belongs whole to the range that holds its first byte.
#[test]
fn one_message_belongs_to_the_range_that_starts_it() {
    let message = b"From: a@b.example\nSubject: x\nContent-Type: text/plain\n\nsee http://a.example/one\n";
    let finder = ExtractorBuilder::new().build();
    assert!(shard::reads_as_mail(&finder, message, true));
    let first: Vec<String> = finder.slice_range(message, 0..1).map(|m| m.uri().to_owned()).collect();
    assert_eq!(first, ["http://a.example/one"]);
    assert_eq!(finder.slice_range(message, 1..message.len()).count(), 0);
}

/// The events of `input` (an mbox) cut into runs of whole messages as a reader of a pipe cuts
/// it: it holds what it has read (`read` bytes first), asks [`UriFinder::mbox_cut`]
/// for a run of at least `want` bytes, reads more while it says `More`, reads each run apart
/// with [`UriFinder::reader_messages`], and reads the rest from the last cut in one piece at
/// the end of the input. Checks each cut on the way, and each run read in place
/// ([`UriFinder::slice_messages`]) against the run read by a reader.
fn runs(finder: &UriFinder, input: &[u8], want: usize, read: usize) -> Vec<Event> {
    let (mut at, mut from, mut held) = (MessageStart::default(), 0, read.min(input.len()));
    let mut events = Vec::new();
    let mut read_run = |run: &[u8], at: MessageStart| {
        let mut it = shard::reader_messages(finder, run, at);
        let read: Vec<Event> = std::iter::from_fn(|| it.next_event()).map(Result::unwrap).collect();
        let mut in_place = shard::slice_messages(finder, run, at);
        let held: Vec<Event> = std::iter::from_fn(|| in_place.next_event()).collect();
        let offset = at.offset();
        assert!(held == read, "the run at {offset} read in place: {}", first_difference(&held, &read));
        assert_eq!(
            (in_place.overlong(), in_place.plain_from(), in_place.long_messages()),
            (it.overlong(), it.plain_from(), it.long_messages()),
            "at {offset}"
        );
        in_place_borrowed(finder, input, run, at, &read);
        events.extend(read);
    };
    loop {
        match shard::mbox_cut(finder, &input[from..held], at, want) {
            MboxCut::At { len, next } => {
                assert!(len >= want.min(held - from) || len > 0, "a run is never empty");
                assert_eq!(next.offset(), (from + len) as u64, "the next run starts at the cut");
                assert!(input[from + len..].starts_with(b"From "), "a cut is at a separator line");
                read_run(&input[from..from + len], at);
                (from, at) = (from + len, next);
            }
            // At least as much again as is held past the cut: each byte is searched a bounded
            // number of times.
            MboxCut::More if held < input.len() => held = (held + read.max(held - from)).min(input.len()),
            MboxCut::More => {
                read_run(&input[from..], at);
                return events;
            }
        }
    }
}

/// The matches of the run `run` of `input` (an mbox from `at` on), read in place and taken
/// borrowed: the same URIs and spans as `events` holds, the spans offsets of `input`, and a
/// URI borrowed only from where `input` holds it.
fn in_place_borrowed(finder: &UriFinder, input: &[u8], run: &[u8], at: MessageStart, events: &[Event]) {
    let matches = events.iter().filter_map(|event| match event {
        Event::Match(m) => Some(m),
        _ => None,
    });
    let borrowed: Vec<_> = shard::slice_messages(finder, run, at).borrowed().collect();
    assert_eq!(borrowed.len(), matches.clone().count(), "the run at {}", at.offset());
    for (b, m) in borrowed.iter().zip(matches) {
        assert_eq!((b.uri_bytes(), b.span(), b.line()), (m.uri_bytes(), m.span(), m.line()));
        assert!(
            !b.is_borrowed() || &input[b.span()] == b.uri_bytes(),
            "{:?} borrowed from its span",
            b.uri()
        );
    }
}

/// A run read in place borrows the URIs it finds from the run's bytes, though their spans are
/// offsets of the whole input: a match in the second run of a mailbox.
#[test]
fn a_run_read_in_place_borrows_from_its_bytes() {
    let mbox = format!("{}{}", message(1, 0), message(2, 0));
    let finder = ExtractorBuilder::new().build();
    let MboxCut::At { len, next } = shard::mbox_cut(&finder, mbox.as_bytes(), MessageStart::default(), 1)
    else {
        panic!("a cut after the first message")
    };
    let run = &mbox.as_bytes()[len..];
    let found: Vec<_> = shard::slice_messages(&finder, run, next).borrowed().collect();
    let text = found.iter().find(|m| m.uri() == "http://2.example/text").expect("the second message's link");
    assert!(text.is_borrowed());
    assert_eq!(text.span().start, (len + mbox[len..].find("http://2.example/text").unwrap()) as u64);
    // The base64 part's link is decoded: owned, at its place in the input all the same.
    let html = found.iter().find(|m| m.uri() == "https://2.example/html").expect("the decoded link");
    assert!(!html.is_borrowed());
    assert!(html.span().start >= len as u64);
}

/// A mailbox cut into runs of whole messages (`mbox_cut`), each read apart from its cut
/// (`reader_messages`), as the command line reads a mailbox from a pipe on several threads:
/// the runs' events, one run after another, are the mailbox's read whole, with the same
/// spans, message numbers and line numbers, whatever the runs' lengths and however the
/// input arrives, messages over the bound (read as plain text) included.
#[test]
fn runs_of_whole_messages_read_apart_add_up_to_the_mailbox() {
    let generated: String = (1..=30).map(|k| message(k, (k * 7) % 40)).collect();
    let mut inputs: Vec<(String, Vec<u8>)> =
        mail_files().into_iter().filter(|(_, bytes)| bytes.starts_with(b"From ")).collect();
    assert!(!inputs.is_empty(), "the corpus as one mbox is there");
    inputs.push(("generated".into(), generated.into_bytes()));
    let bound = message(0, 25).len();
    let mut rng = Rng(0x6d61_696c_5eed_0003);
    let mut checked = 0;
    for (name, input) in &inputs {
        for (label, builder) in builders(bound) {
            let finder = builder.build();
            // Runs are for input read as mail (`reader_messages` reads any input so): the
            // golden messages alone, in a packaged crate, start with one that the default
            // options read as plain text.
            let head = &input[..input.len().min(64 << 10)];
            if !shard::reads_as_mail(&finder, head, head.len() == input.len()) {
                continue;
            }
            checked += 1;
            let all = whole(&finder, input);
            for (want, read) in [(1, input.len()), (1, 7), (600, 4096), (1 << 20, 1 << 16)]
                .into_iter()
                .chain((0..4).map(|_| (rng.below(8000) + 1, rng.below(8000) + 1)))
            {
                let cut = runs(&finder, input, want, read);
                assert!(
                    cut == all,
                    "{name} ({label}), runs of {want} read {read} at a time: {}",
                    first_difference(&cut, &all)
                );
            }
        }
    }
    assert!(checked >= 4, "every option set on the generated mailbox, and more: {checked}");
}

/// A message longer than the bound does not stop the cutting: each run reads its messages as
/// the reading of the whole input does, a long one as plain text, so a run may hold one. The
/// run after it is read as mail, with the long message counted in its numbers.
#[test]
fn a_message_over_the_bound_does_not_stop_the_cutting() {
    let mbox = format!("{}{}{}", message(1, 0), message(2, 10), message(3, 0));
    let mut short = ExtractorBuilder::new();
    short.mail_message_max(message(2, 0).len());
    let finder = short.build();
    let at = MessageStart::default();
    let MboxCut::At { len, next } = shard::mbox_cut(&finder, mbox.as_bytes(), at, 1) else {
        panic!("a first cut")
    };
    assert_eq!(len, message(1, 0).len());
    let MboxCut::At { len: second, next: third } = shard::mbox_cut(&finder, &mbox.as_bytes()[len..], next, 1)
    else {
        panic!("a cut after the long message")
    };
    assert_eq!((second, third.messages()), (message(2, 10).len(), 2));
    let long: Vec<(String, Option<u64>)> =
        shard::reader_messages(&finder, &mbox.as_bytes()[len..len + second], next)
            .map(|m| m.unwrap())
            .map(|m| (m.uri().to_owned(), m.origin().map(|o| o.message())))
            .collect();
    assert!(long.iter().all(|(_, message)| message.is_none()), "read as plain text: {long:?}");
    assert!(long.iter().any(|(uri, _)| uri == "http://2.example/text"), "{long:?}");
    let last: Vec<u64> = shard::reader_messages(&finder, &mbox.as_bytes()[len + second..], third)
        .map(|m| m.unwrap().origin().unwrap().message())
        .collect();
    assert!(last.len() >= 3 && last.iter().all(|&n| n == 3), "read as mail: {last:?}");
}

/// A line that starts `From ` after an empty line and is longer than a separator line can be
/// (RFC 5322's 998 bytes) does not split its message, however the input arrives; the input's
/// first line alike: the input is then one message.
#[test]
fn a_from_line_longer_than_998_bytes_is_no_separator() {
    let long_line = format!("From a@example.org Mon Jan  1 00:00:00 2001 {}\n", "x".repeat(960));
    let short_line = format!("From a@example.org Mon Jan  1 00:00:00 2001 {}\n", "x".repeat(950));
    for (line, split) in [(&long_line, false), (&short_line, true)] {
        let mbox =
            format!("{}\nsee http://2.example/ no\n\n{line}Subject: x\n\nhttp://3.example/\n", message(1, 0));
        let finder = ExtractorBuilder::new().build();
        let all = whole(&finder, mbox.as_bytes());
        let numbers: Vec<u64> =
            common::only_matches(&all).iter().map(|m| m.origin().unwrap().message()).collect();
        assert_eq!(*numbers.last().unwrap(), if split { 2 } else { 1 }, "{} bytes", line.len() - 1);
        assert_eq!(runs(&finder, mbox.as_bytes(), 1, 100), all, "runs, {} bytes", line.len() - 1);
    }
    // The first line: read as mail when said to be, the input is one message, never cut.
    let first_long = format!("{long_line}From: a@example.org\n\nhttp://3.example/\n\n{short_line}\nx\n");
    assert!(!shard::reads_as_mail(&ExtractorBuilder::new().build(), first_long.as_bytes(), true));
    let mut on = ExtractorBuilder::new();
    on.mail(MailMode::On);
    let finder = on.build();
    assert_eq!(shard::mbox_cut(&finder, first_long.as_bytes(), MessageStart::default(), 1), MboxCut::More);
    let numbers: Vec<u64> =
        finder.slice(first_long.as_bytes()).map(|m| m.origin().unwrap().message()).collect();
    assert_eq!(numbers, [1], "one message");
}
