//! Mailboxes in the mbox format (RFC 4155): messages split at their `From ` separator lines
//! before anything else is parsed, so that a broken message cannot swallow the next.
//!
//! A separator is a line starting `From ` at the start of the input or after an empty line
//! (RFC 4155 §2: the line before a separator is empty; bodies escape their own `From ` lines
//! as `>From `, and those that do not are seldom after an empty line). After the start of the
//! input, the line must also look like a separator: `From `, an address (a word), a blank, and
//! a date with its time of day (a word `hh:mm` or `hh:mm:ss`, as in RFC 4155 §2's
//! `Thu Jan  9 10:00:00 2026`), so that a paragraph of a body that begins `From here on`, or
//! `From what I saw, https://x.example/v2 works` (a digit in a URI is no date), does not split
//! its message. A separator line is at most [`SEPARATOR_MAX`] bytes long, so that
//! the search for one holds a bounded number of bytes. Input that does not start with a
//! separator line is one message.

use std::sync::LazyLock;

use memchr::memmem;

use super::header::line_end;

/// The messages of `input`: each from after its separator line (or from the start) to before
/// the next separator line. Linear in the length of `input`.
#[cfg(test)]
pub(crate) fn messages(input: &[u8]) -> Vec<core::ops::Range<usize>> {
    let Opening::Mbox { next: mut start } = opening(input, true) else {
        return core::iter::once(0..input.len()).collect();
    };
    let mut out = Vec::new();
    while let End::Separator { line, next } = message_end(input, start, start, true) {
        out.push(start..line);
        start = next;
    }
    out.push(start.min(input.len())..input.len());
    out
}

/// The longest separator line, in bytes before its line ending: RFC 5322 §2.1.1's limit on a
/// line of a message. A longer line starting `From ` is not a separator line.
pub(crate) const SEPARATOR_MAX: usize = 998;

/// How an input starts, as [`opening`] reads its first line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Opening {
    /// With a separator line: the input is an mbox, its first message starts at `next`.
    Mbox { next: usize },
    /// Otherwise: the input is one message.
    One,
    /// The first line is not read far enough to tell.
    More,
}

/// Whether an input that starts with `bytes` (`complete` when nothing follows them) is an
/// mbox: its first line starts `From ` and is at most [`SEPARATOR_MAX`] bytes long (the first
/// line is not checked further: [`verdict`](super::verdict) does that when the input is not
/// said to be mail).
pub(crate) fn opening(bytes: &[u8], complete: bool) -> Opening {
    if !bytes.starts_with(b"From ") {
        return match !complete && b"From ".starts_with(bytes) {
            true => Opening::More,
            false => Opening::One,
        };
    }
    let reach = (SEPARATOR_MAX + 2).min(bytes.len());
    let (end, next) = line_end(&bytes[..reach], 0);
    match next == end && !complete {
        // No line feed in reach: a longer line, or one not read to its end yet.
        true if reach < bytes.len() => Opening::One,
        true => Opening::More,
        false if end > SEPARATOR_MAX => Opening::One,
        false => Opening::Mbox { next },
    }
}

/// How many times an `F` not at the start of a `From ` line is found fewer than
/// [`F_GAP_MIN`] bytes after where the search last stopped, in one message's [`Search`],
/// before it looks for `\nFrom ` as a whole instead: in text dense with
/// capitals (base64 holds one in 64 bytes) each `F` found costs more than the bytes passed
/// over save, and the search costs little more than a search for `\nFrom ` alone does.
const F_MISSES_MAX: u32 = 2;

/// See [`F_MISSES_MAX`].
const F_GAP_MIN: usize = 256;

/// What a separator line follows: the end of a line (built once, not for each message).
static SEPARATOR: LazyLock<memmem::Finder<'static>> = LazyLock::new(|| memmem::Finder::new(b"\nFrom "));

/// Where a message of an mbox ends, as [`message_end`] finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// Before the separator line that starts at `line`; the next message starts at `next`,
    /// after that line.
    Separator { line: usize, next: usize },
    /// At the end of the input: no separator follows.
    Last,
    /// Not in the bytes held: the search goes on from `resume` once more are read. Any
    /// separator line still to be found starts after `resume`.
    More { resume: usize },
}

/// The end of the message of `bytes` (the input, or a window of it holding the two bytes
/// before `from` when there are any) that starts at `start`, searching from `from` (at or
/// after `start`, where an earlier search stopped); `complete` when nothing follows `bytes`.
/// What a search of the whole input finds, however the input is cut into windows; each byte
/// is searched once, and a line that may be a separator line is read at most
/// [`SEPARATOR_MAX`] bytes far, so that a search holds the bytes from `from` on and no more.
pub(crate) fn message_end(bytes: &[u8], start: usize, from: usize, complete: bool) -> End {
    let from = from.max(start).min(bytes.len());
    let (mut at, mut search) = (from, Search::default());
    while let Some(nl) = search.next(bytes, at) {
        match separator_after(bytes, nl, complete) {
            Line::Separator { line, next } => return End::Separator { line, next },
            // The line is not read to its end yet.
            Line::More => return End::More { resume: nl },
            Line::Other => at = nl + 1,
        }
    }
    match complete {
        true => End::Last,
        // A `\nFrom ` cut at the end is searched again.
        false => End::More { resume: bytes.len().saturating_sub(5).max(from) },
    }
}

/// The search for `\nFrom `, in one message (see [`F_MISSES_MAX`]).
#[derive(Default)]
struct Search {
    /// The `F`s found close together that start no `From `.
    misses: u32,
}

impl Search {
    /// The line feed of the first `\nFrom ` in `bytes` at or after `at`.
    #[inline]
    fn next(&mut self, bytes: &[u8], mut at: usize) -> Option<usize> {
        while self.misses < F_MISSES_MAX {
            // Found by its `F`, after it: a capital `F` is rare in text, and `memchr` passes over
            // the bytes without one several times faster than the two-byte search below does.
            let f = at + 1 + bytes.get(at + 1..).and_then(|rest| memchr::memchr(b'F', rest))?;
            if bytes[f - 1] == b'\n' && bytes[f..].starts_with(b"From ") {
                return Some(f - 1);
            }
            self.misses += u32::from(f - at < F_GAP_MIN);
            at = f;
        }
        // One `find` at a time: an iterator would copy the searcher, for every message.
        Some(at + SEPARATOR.find(bytes.get(at..)?)?)
    }
}

/// What the line after a `\nFrom ` found at `nl` is, as [`separator_after`] reads it.
enum Line {
    /// A separator line from `line`, the next message starting at `next`.
    Separator { line: usize, next: usize },
    /// Not read far enough to tell.
    More,
    /// Some other line.
    Other,
}

/// Whether the `From ` line after the line feed at `nl` in `bytes` (`complete` when nothing
/// follows them) is a separator line: the line before it empty, the line at most
/// [`SEPARATOR_MAX`] bytes long and reading `From address date` ([`is_separator`]). Reads
/// the two bytes before `nl` and at most [`SEPARATOR_MAX`] + 2 after it.
#[inline]
fn separator_after(bytes: &[u8], nl: usize, complete: bool) -> Line {
    let line = nl + 1;
    // The line before is empty: the input holds `\n\n` or `\n\r\n` before `From `.
    let empty_before = bytes[..nl].ends_with(b"\n") || bytes[..nl].ends_with(b"\n\r");
    if !empty_before {
        return Line::Other;
    }
    // A separator line's bytes, with CR LF.
    let reach = (line + SEPARATOR_MAX + 2).min(bytes.len());
    let (end, next) = line_end(&bytes[..reach], line);
    if next == end {
        if reach < bytes.len() {
            // Longer than a separator line.
            return Line::Other;
        }
        if !complete {
            return Line::More;
        }
    }
    match is_separator(&bytes[line..end]) {
        true => Line::Separator { line, next },
        false => Line::Other,
    }
}

/// Where a run of whole messages of an mbox held in `bytes` may be cut off, as [`cut`] finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cut {
    /// `bytes[..line]` holds whole messages, `messages` of them; the next message's separator
    /// line starts at `line`, its text at `next`.
    At { line: usize, next: usize, messages: u64 },
    /// No separator line at or after the wanted length is read to its end in `bytes` (or
    /// `bytes` does not start with a separator line: the input is one message).
    More,
}

/// Finds where `bytes` (an mbox from the start of one of its separator lines) can be cut into
/// whole messages, at the first separator line that starts at or after `want`. Linear in the
/// length searched.
pub(crate) fn cut(bytes: &[u8], want: usize) -> Cut {
    let Opening::Mbox { next: start } = opening(bytes, false) else { return Cut::More };
    // The separator lines [`message_end`] finds one message at a time, found as it finds
    // them: a [`Search`] a message, from after the separator line before it.
    let (mut messages, mut at, mut search) = (0, start, Search::default());
    while let Some(nl) = search.next(bytes, at) {
        match separator_after(bytes, nl, false) {
            Line::Separator { line, next } => {
                messages += 1;
                if line >= want {
                    return Cut::At { line, next, messages };
                }
                // Each message's search starts after the separator line before it.
                (at, search) = (next, Search::default());
            }
            Line::More => return Cut::More,
            Line::Other => at = nl + 1,
        }
    }
    Cut::More
}

/// Whether `line` (starting `From `, without its line ending) reads `From address date`, the
/// date with a time of day ([`is_time_at`]), and is at most [`SEPARATOR_MAX`] bytes long.
pub(crate) fn is_separator(line: &[u8]) -> bool {
    if line.len() > SEPARATOR_MAX {
        return false;
    }
    ends_in_asctime(line) || reads_as_separator(line)
}

/// Whether `line` (starting `From `) reads `From address date`, the date with a time of day.
fn reads_as_separator(line: &[u8]) -> bool {
    let rest = &line[5..];
    let addr = rest.iter().take_while(|b| !b.is_ascii_whitespace()).count();
    addr > 0
        && rest.get(addr).is_some_and(u8::is_ascii_whitespace)
        && memchr::memchr_iter(b':', &rest[addr..]).any(|k| is_time_at(&rest[addr..], k))
}

/// Whether `line` (starting `From `) ends as most separator lines do, in an asctime date's
/// time and year, ` hh:mm:ss yyyy` (RFC 4155 §2), after an address: a shortcut of
/// [`is_separator`] that says yes only where it does. The time's colon is then one
/// [`is_time_at`] accepts, and the blank before the time is at or after the address's end:
/// the address runs from after `From ` to the first blank.
#[inline]
fn ends_in_asctime(line: &[u8]) -> bool {
    let Some(tail) = line.len().checked_sub(14).filter(|&k| k > 5).and_then(|k| line.get(k..)) else {
        return false;
    };
    let digit = |at: usize| tail[at].is_ascii_digit();
    !line[5].is_ascii_whitespace()
        && tail[0].is_ascii_whitespace()
        && digit(1)
        && digit(2)
        && tail[3] == b':'
        && digit(4)
        && digit(5)
        && tail[6] == b':'
        && digit(7)
        && digit(8)
        && tail[9].is_ascii_whitespace()
}

/// Whether the colon at `colon` in `date` (which starts with a blank) is the first of a word
/// that is a time of day as the dates of separator lines write it (the asctime format of
/// RFC 4155 §2): `hh:mm` or `hh:mm:ss`, the hour in one or two digits.
fn is_time_at(date: &[u8], colon: usize) -> bool {
    let digits = |at: usize| date.get(at..at + 2).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    let word_end = |at: usize| date.get(at).is_none_or(u8::is_ascii_whitespace);
    let hour = date[..colon].iter().rev().take_while(|b| b.is_ascii_digit()).take(3).count();
    (1..=2).contains(&hour)
        && date[colon - hour - 1].is_ascii_whitespace()
        && digits(colon + 1)
        && (word_end(colon + 3)
            || (date.get(colon + 3) == Some(&b':') && digits(colon + 4) && word_end(colon + 6)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A body line after an empty line, `From what I saw, https://…/v1 works.`, split its message
    /// there (a digit in the URI passed for a date) and its URI was lost with the line.
    #[test]
    fn a_body_line_from_with_a_digit_in_a_uri_is_no_separator() {
        let mbox = "From a@b Mon Jan  1 00:00:00 2001\nSubject: 1\n\nHi\n\nFrom what I saw, https://x.example/v1 works.\n\n\
                    From c@d Tue Jan  2 03:04 2001\nSubject: 2\n\n";
        assert_eq!(
            split(mbox),
            ["Subject: 1\n\nHi\n\nFrom what I saw, https://x.example/v1 works.\n\n", "Subject: 2\n\n"]
        );
        for line in
            ["From x 12:00", "From x Mon 1:02:03 2001", "From x@y  Thu Jan  9 10:00:00 2026 remote from z"]
        {
            assert!(is_separator(line.as_bytes()), "{line}");
        }
        for line in [
            "From x 2001",
            "From x 123:00",
            "From x 12:0",
            "From x 12:00:0",
            "From x https://h:80/1:23",
            "From  12:00",
        ] {
            assert!(!is_separator(line.as_bytes()), "{line}");
        }
    }

    /// The shortcut for asctime dates says yes only where the whole reading does, on lines
    /// made of `From ` and pieces of dates, addresses and blanks in every order.
    #[test]
    fn the_asctime_shortcut_agrees_with_the_reading() {
        let pieces: [&[u8]; 10] = [b" ", b"\t", b"1", b"12", b":", b"12:34", b":56", b" 2001", b"a@b", b" 1"];
        let (mut state, mut shortcuts) = (0x7365_7061_u64, 0);
        for _ in 0..100_000 {
            let mut line = b"From ".to_vec();
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let len = (state >> 59) as usize + 10;
            while line.len() < len {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                line.extend_from_slice(pieces[(state >> 33) as usize % pieces.len()]);
            }
            if ends_in_asctime(&line) {
                shortcuts += 1;
                assert!(reads_as_separator(&line), "{:?}", String::from_utf8_lossy(&line));
            }
        }
        assert!(shortcuts > 0);
        assert!(ends_in_asctime(b"From a@b Mon Jan  1 00:00:00 2001"));
        assert!(!ends_in_asctime(b"From  Mon Jan  1 00:00:00 2001"));
    }

    /// [`message_end`] as it was before the search by `F`: the line feeds of `\nFrom ` found
    /// by the two-byte search alone.
    fn message_end_by_pairs(bytes: &[u8], start: usize, complete: bool) -> End {
        let mut at = start;
        while let Some(k) = SEPARATOR.find(&bytes[at..]) {
            match separator_after(bytes, at + k, complete) {
                Line::Separator { line, next } => return End::Separator { line, next },
                Line::More => return End::More { resume: at + k },
                Line::Other => at = at + k + 1,
            }
        }
        match complete {
            true => End::Last,
            false => End::More { resume: bytes.len().saturating_sub(5).max(start) },
        }
    }

    /// [`cut`] as [`message_end`] defines it, a message at a time.
    fn cut_by_messages(bytes: &[u8], want: usize) -> Cut {
        let Opening::Mbox { next: mut start } = opening(bytes, false) else { return Cut::More };
        let mut messages = 0;
        while let End::Separator { line, next } = message_end(bytes, start, start, false) {
            messages += 1;
            if line >= want {
                return Cut::At { line, next, messages };
            }
            start = next;
        }
        Cut::More
    }

    /// The cut finds the separator lines the search a message at a time finds, and that search
    /// what the two-byte search alone finds,
    /// on mailboxes made of separator lines, lines that only look like them (no empty line
    /// before, no time, too long, not ended), CRLF, `From ` right after a separator line and
    /// runs of `F` (which end the search by `F`).
    #[test]
    fn the_cut_finds_what_message_end_finds() {
        let long = format!("\n\nFrom a 10:00 {}\n", "x".repeat(990));
        let pieces: [&[u8]; 13] = [
            b"\n\nFrom a@b Mon Jan  1 00:00:00 2001\n",
            b"\r\n\r\nFrom c 1:02\r\n",
            b"\nFrom d 10:00\n",
            b"\n\nFrom here on\n",
            b"From e 10:00\n",
            b"text http://x.example/\n",
            b"\n",
            b"\n\nFrom f 10:0",
            long.as_bytes(),
            b"\n\nFrom ",
            b"0",
            // Capitals that are not separators: the search by `F` gives way to the other.
            b"F",
            b"\n\nFFrom g 10:00\n",
        ];
        let mut state = 0x6d62_6f78_u64;
        for _ in 0..3000 {
            let mut mbox = b"From first 12:00\n".to_vec();
            let len = (state % 3000) as usize;
            while mbox.len() < len {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                mbox.extend_from_slice(pieces[(state >> 33) as usize % pieces.len()]);
            }
            let Opening::Mbox { next: first } = opening(&mbox, false) else { unreachable!() };
            for complete in [false, true] {
                let mut start = first;
                loop {
                    let end = message_end(&mbox, start, start, complete);
                    let text = String::from_utf8_lossy(&mbox);
                    assert_eq!(end, message_end_by_pairs(&mbox, start, complete), "{text:?} from {start}");
                    let End::Separator { next, .. } = end else { break };
                    start = next;
                }
            }
            for want in [0, 1, 40, mbox.len() / 2, mbox.len()] {
                assert_eq!(
                    cut(&mbox, want),
                    cut_by_messages(&mbox, want),
                    "{:?} want {want}",
                    String::from_utf8_lossy(&mbox)
                );
            }
        }
    }

    fn split(input: &str) -> Vec<&str> {
        messages(input.as_bytes()).into_iter().map(|r| &input[r]).collect()
    }

    #[test]
    fn separators_after_empty_lines() {
        let mbox = "From a@b Mon Jan  1 00:00:00 2001\nSubject: 1\n\nFrom here on\n\nFrom c@d Tue 3:04\r\nSubject: 2\r\n\r\nx\r\n\r\nFrom e@f 4 10:00:59\nS: 3\n";
        assert_eq!(split(mbox), ["Subject: 1\n\nFrom here on\n\n", "Subject: 2\r\n\r\nx\r\n\r\n", "S: 3\n"]);
        assert_eq!(split("Subject: x\n\nFrom y\n"), ["Subject: x\n\nFrom y\n"]);
        assert_eq!(split("From x"), [""]);
    }

    #[test]
    fn a_broken_message_does_not_swallow_the_next() {
        // An unclosed multipart and a header that never ends: the next message is still apart.
        let mbox = "From a 1\nContent-Type: multipart/mixed; boundary=x\n\n--x\nA: b\n\nFrom b 2 00:00\nSubject: next\n\n";
        assert_eq!(split(mbox).len(), 2);
        assert_eq!(split(mbox)[1], "Subject: next\n\n");
    }
}
