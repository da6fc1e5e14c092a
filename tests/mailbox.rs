//! Mailboxes read a message at a time (issue 19 items 11 and 12): an mbox of any size is read
//! as mail holding one message, a message longer than the bound
//! ([`ExtractorBuilder::mail_message_max`]) is read as plain text up to the next separator
//! line and the rest as mail again, said so ([`urisift::Extractor::long_messages`]), and none
//! of it depends on how the input is read.

mod common;

use common::{ChunkedReader, base64, only_matches, slice_events};
use urisift::{Event, ExtractorBuilder, MailMode};

/// Message `k` of a mailbox: an HTML part in base64 whose link only a MIME reader finds (the
/// base64 text of `https://k.example/html`), a plain part with `http://k.example/text`, and
/// `filler` lines of padding.
fn message(k: usize, filler: usize) -> String {
    let html = format!("<p><a href=\"https://{k}.example/html\">it</a></p>");
    format!(
        "From sender@example.org Mon Jan  1 00:00:00 2001\n\
         From: sender@example.org\nSubject: {k}\nMessage-ID: <{k}@example.org>\n\
         Content-Type: multipart/alternative; boundary=b{k}\n\n\
         --b{k}\nContent-Type: text/plain\n\nhttp://{k}.example/text\n{}\
         --b{k}\nContent-Type: text/html\nContent-Transfer-Encoding: base64\n\n{}\n--b{k}--\n\n",
        "padding padding padding padding\n".repeat(filler),
        base64(html.as_bytes()),
    )
}

fn mail(bound: usize) -> ExtractorBuilder {
    let mut b = ExtractorBuilder::new();
    b.mail(MailMode::Auto).mail_message_max(bound).line_numbers(true);
    b
}

/// The events of `input` under `b`, where the first message too long to be read as mail
/// starts and how many there were, checked to be the same from a reader in `chunks`.
#[track_caller]
fn events_of(b: &ExtractorBuilder, input: &[u8], chunks: &[usize]) -> (Vec<Event>, Option<u64>, u64) {
    let mut slice = b.build().slice(input);
    let events: Vec<Event> = std::iter::from_fn(|| slice.next_event()).collect();
    let mut reader = b.build().reader(ChunkedReader::new(input, chunks));
    let streamed: Vec<Event> = std::iter::from_fn(|| reader.next_event()).map(Result::unwrap).collect();
    assert_eq!(streamed, events, "reader in chunks {chunks:?} differs from slice");
    assert_eq!(reader.plain_from(), slice.plain_from(), "chunks {chunks:?}");
    assert_eq!(reader.long_messages(), slice.long_messages(), "chunks {chunks:?}");
    (events, slice.plain_from(), slice.long_messages())
}

fn uris(events: &[Event]) -> Vec<String> {
    only_matches(events).iter().map(|m| m.uri().to_owned()).collect()
}

/// A mailbox many times the bound, each message within it: every message is read as mail
/// (its base64 HTML link found), with the right message number, span and line.
#[test]
fn a_mailbox_larger_than_the_bound_is_read_as_mail_a_message_at_a_time() {
    let mbox: String = (1..=40).map(|k| message(k, 20)).collect();
    let bound = message(40, 20).len() + 16;
    assert!(mbox.len() > 30 * bound);
    let (events, plain_from, _) = events_of(&mail(bound), mbox.as_bytes(), &[4096]);
    assert_eq!(plain_from, None);
    let found = only_matches(&events);
    let html: Vec<_> = found.iter().filter(|m| m.uri().ends_with("/html")).collect();
    assert_eq!(html.len(), 40);
    for (k, m) in html.iter().enumerate() {
        assert_eq!(m.uri(), format!("https://{}.example/html", k + 1));
        assert_eq!(m.origin().unwrap().message(), k as u64 + 1);
        let line = mbox[..m.span().start as usize].matches('\n').count() as u64 + 1;
        assert_eq!(m.line(), Some(line));
    }
    assert_eq!(found.len(), 80, "each message's text link and html link: {:?}", uris(&events));
}

/// A message longer than the bound: the messages before and after it are read as mail, it as
/// plain text (so its base64 link is not found, but no URI of its text is lost), by a reader
/// in any chunks as over a slice.
#[test]
fn a_message_longer_than_the_bound_is_read_as_plain_text_and_the_next_as_mail() {
    let (first, long, last) = (message(1, 2), message(2, 200), message(3, 2));
    let mbox = format!("{first}{long}{last}");
    let bound = first.len() * 2;
    for chunks in [&[1][..], &[7, 300], &[4096], &[bound - 5]] {
        let (events, plain_from, long_messages) = events_of(&mail(bound), mbox.as_bytes(), chunks);
        // The message starts after its separator line.
        let at = first.len() + long.find('\n').unwrap() + 1;
        assert_eq!((plain_from, long_messages), (Some(at as u64), 1));
        assert_eq!(
            uris(&events),
            [
                "http://1.example/text",
                "https://1.example/html",
                "http://2.example/text",
                "http://3.example/text",
                "https://3.example/html"
            ],
            "chunks {chunks:?}"
        );
        let found = only_matches(&events);
        let messages: Vec<Option<u64>> = found.iter().map(|m| m.origin().map(|o| o.message())).collect();
        assert_eq!(messages, [Some(1), Some(1), None, Some(3), Some(3)], "plain text has no origin");
        for m in &found {
            let line = mbox[..m.span().start as usize].matches('\n').count() as u64 + 1;
            assert_eq!(m.line(), Some(line), "{}", m.uri());
        }
    }
    // Within the bound, the same mailbox is all mail.
    let (events, plain_from, _) = events_of(&mail(long.len()), mbox.as_bytes(), &[64]);
    assert_eq!(plain_from, None);
    assert_eq!(uris(&events).iter().filter(|u| u.ends_with("/html")).count(), 3);
}

/// Long messages first, last and side by side: each is read as plain text, the others as
/// mail, and a reader holds no more than a message within the bound and a window: the first
/// message too long is where `plain_from` says, and `long_messages` counts them all.
#[test]
fn long_messages_anywhere_leave_the_others_read_as_mail() {
    let kinds = [true, false, true, true, false, false, true];
    let mbox: String =
        kinds.iter().enumerate().map(|(k, &long)| message(k + 1, if long { 300 } else { 1 })).collect();
    let bound = message(1, 40).len();
    for chunks in [&[3][..], &[4096], &[bound + 7, 11]] {
        let (events, plain_from, long_messages) = events_of(&mail(bound), mbox.as_bytes(), chunks);
        assert_eq!((plain_from, long_messages), (Some(mbox.find("From: ").unwrap() as u64), 4));
        let html: Vec<u64> = only_matches(&events)
            .iter()
            .filter(|m| m.uri().ends_with("/html"))
            .map(|m| m.origin().unwrap().message())
            .collect();
        assert_eq!(html, [2, 5, 6], "chunks {chunks:?}");
        let text: Vec<Option<u64>> = only_matches(&events)
            .iter()
            .filter(|m| m.uri().ends_with("/text"))
            .map(|m| m.origin().map(|o| o.message()))
            .collect();
        assert_eq!(text, [None, Some(2), None, None, Some(5), Some(6), None]);
    }
}

/// A message read as plain text is read as if it were the whole input: a `<…>` wrapper open at
/// its end does not run into the next message, and a quoted-printable region it opens ends
/// with it.
#[test]
fn a_long_message_read_as_plain_text_ends_at_the_next_separator() {
    let long = format!(
        "From a@example.org Mon Jan  1 00:00:00 2001\nSubject: long\n\n{}\
         Content-Transfer-Encoding: quoted-printable\n\nsee <http://long.example/a=\n\n",
        "padding\n".repeat(50)
    );
    let next = "From b@example.org Mon Jan  1 00:00:00 2001\nSubject: b\n\nb> http://next.example/\n";
    let mbox = format!("{long}{next}");
    // A long message read as plain text decodes its quoted-printable regions, when asked.
    let mut builder = mail(200);
    builder.quoted_printable(true);
    for chunks in [&[1][..], &[64], &[4096]] {
        let (events, _, long_messages) = events_of(&builder, mbox.as_bytes(), chunks);
        assert_eq!(long_messages, 1);
        let found: Vec<(String, Option<u64>)> = only_matches(&events)
            .iter()
            .map(|m| (m.uri().to_owned(), m.origin().map(|o| o.message())))
            .collect();
        assert_eq!(
            found,
            [("http://long.example/a".to_owned(), None), ("http://next.example/".to_owned(), Some(2))],
            "chunks {chunks:?}"
        );
    }
}

/// An input that is one message (a header block, no mbox line) longer than the bound is read
/// as plain text from its start: what a plain reading finds.
#[test]
fn a_single_message_longer_than_the_bound_is_plain_text() {
    let text = message(1, 100);
    let single = &text[text.find('\n').unwrap() + 1..];
    let (events, plain_from, long_messages) = events_of(&mail(single.len() - 1), single.as_bytes(), &[5, 1]);
    assert_eq!((plain_from, long_messages), (Some(0), 1));
    let mut plain = ExtractorBuilder::new();
    plain.mail(MailMode::Off).line_numbers(true);
    assert_eq!(events, slice_events(&plain, single.as_bytes()));
    let (events, plain_from, _) = events_of(&mail(single.len()), single.as_bytes(), &[5, 1]);
    assert_eq!(plain_from, None);
    assert!(uris(&events).contains(&"https://1.example/html".to_owned()));
}

/// Where a message ends and whether it is too long does not depend on where reads end: bounds
/// around each message's length, under random chunkings, give the slice's events (a property
/// test with a fixed seed), with separator lines and `\nFrom ` cut at every point.
#[test]
fn the_bound_holds_alike_under_random_chunkings() {
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut below = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    // A body line `From here`, not after an empty line, and one after an empty line that is
    // no separator, between the messages.
    let mbox =
        format!("{}x\nFrom here on\n\n{}\nFrom nowhere\n\n{}", message(1, 3), message(2, 9), message(3, 15));
    // Each message runs from after its separator line to the next one; they grow longer.
    let starts: Vec<usize> = mbox.match_indices("From sender").map(|(at, _)| at).collect();
    let ends = starts[1..].iter().copied().chain([mbox.len()]);
    let lens: Vec<usize> =
        starts.iter().zip(ends).map(|(&s, e)| e - (s + mbox[s..].find('\n').unwrap() + 1)).collect();
    let mut stops = std::collections::BTreeSet::new();
    for &len in &lens {
        for bound in [len.saturating_sub(60), len - 1, len, len + 1, len + 60] {
            let b = mail(bound);
            for _ in 0..4 {
                let sizes: Vec<usize> = (0..1 + below(4)).map(|_| 1 + below(90)).collect();
                let (_, plain_from, long_messages) = events_of(&b, mbox.as_bytes(), &sizes);
                stops.insert((plain_from, long_messages));
            }
        }
    }
    // Mail throughout, and the three messages, the last two or the last read as plain text.
    let at: Vec<Option<u64>> =
        starts.iter().map(|&s| Some((s + mbox[s..].find('\n').unwrap() + 1) as u64)).collect();
    let expected = [(None, 0), (at[0], 3), (at[1], 2), (at[2], 1)];
    assert_eq!(stops, expected.into_iter().collect(), "{stops:?}");
}
