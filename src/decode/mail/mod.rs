//! Mail and news as a reader sees them (issue 19): the input split into messages, each
//! message's MIME tree walked, and every piece of text a reader sees decoded into a
//! [`Segment`] whose map points at the input's bytes.
//!
//! [`Messages`] yields the segments of an input in input order: the header fields of every
//! message and part, the text of every text part (decoded from its transfer encoding and
//! charset, format=flowed joined), the visible text and the links of HTML parts. The extractor
//! (`extract::mail`) scans each segment's text and takes each match's spans through the
//! segment's map; an [`SegmentKind::HtmlAttribute`] value is validated whole.
//!
//! [`verdict`] decides whether an input is read this way.
//!
//! The stages, each with its own module: [`mbox`] (messages), [`header`] (fields), [`mime`]
//! (Content-Type, multipart bodies), [`tree`] (the walk), [`binary`] (uuencode and yEnc
//! blocks left out); the decoders they use are [`crate::decode`]'s. What the walk gives
//! ([`Segment`]), which texts it gives ([`Wanted`]) and what it keeps from one message to the
//! next ([`Shared`]) have modules of their own, below those that use them.
//!
//! Bounds: [`Messages`] reads an input as a stream, a message at a time: it finds the end of
//! a message (the next mbox separator line, or the end of the input) in the bytes it is given
//! before walking it, since a MIME structure is only known at its end. A message longer than
//! its bound (`extract::MAIL_MAX` by default; at most [`MESSAGE_MAX`]) is not read as mail:
//! the extractor reads it as plain text, and mail again from the next separator line on.

pub(crate) mod binary;
pub(crate) mod header;
pub(crate) mod mbox;
pub(crate) mod mime;
mod segment;
mod shared;
pub(crate) mod tree;
mod wanted;

use std::collections::VecDeque;
use std::ops::Range;
use std::sync::Arc;

#[cfg(test)]
use super::Decoded;
pub(crate) use segment::{Segment, SegmentKind, SegmentText};
pub(crate) use shared::Shared;
pub(crate) use wanted::Wanted;

/// The longest message read (the maps hold 32-bit positions); a longer one is not read as
/// mail.
pub(crate) const MESSAGE_MAX: usize = u32::MAX as usize - 1;

/// The segments of mail or news in input order.
#[cfg(test)]
#[derive(Debug)]
pub(crate) struct Reader<'a> {
    input: &'a [u8],
    messages: Messages,
}

/// A [`Segment`] as the tests read it: its text decoded (or copied from the input, with a raw
/// map), and its message's `Message-ID`.
#[cfg(test)]
#[derive(Debug)]
pub(crate) struct ReadSegment {
    pub(crate) text: Decoded,
    pub(crate) kind: SegmentKind,
    pub(crate) message: usize,
    pub(crate) message_id: Option<Arc<str>>,
    pub(crate) part: Arc<str>,
    pub(crate) content_type: Arc<str>,
}

#[cfg(test)]
impl<'a> Reader<'a> {
    /// A reader of `input`, an mbox or one message.
    pub(crate) fn new(input: &'a [u8]) -> Self {
        Reader { input, messages: Messages::new(usize::MAX, Wanted::ALL) }
    }
}

#[cfg(test)]
impl Iterator for Reader<'_> {
    type Item = ReadSegment;

    fn next(&mut self) -> Option<ReadSegment> {
        match self.messages.next(self.input, 0, true) {
            Next::Segment => {
                let segment = self.messages.segment()?.clone();
                Some(ReadSegment {
                    text: match segment.text {
                        SegmentText::Decoded(d) => d,
                        SegmentText::Input(r) => {
                            Decoded::raw(&self.input[r.start as usize..r.end as usize], r.start)
                        }
                    },
                    kind: segment.kind,
                    message: segment.message,
                    message_id: self.messages.given()?.1.get(self.input, 0),
                    part: segment.part,
                    content_type: segment.content_type,
                })
            }
            Next::More { .. } | Next::TooLong { .. } | Next::End => None,
        }
    }
}

/// What [`Messages::next`] gives.
#[derive(Debug)]
pub(crate) enum Next {
    /// The next segment, [`Messages::segment`] until the next call. It stays where the walk
    /// of its message put it, and is dropped there with the others of the message: a
    /// segment is large, and moving it out and on for each costs more than its scan of a
    /// short text.
    Segment,
    /// The next message does not end in the bytes held: the same call again once more are
    /// read, the input from `keep_from` on kept.
    More { keep_from: u64 },
    /// The message that starts at input offset `at` is longer than the bound: it is not read
    /// as mail. In an mbox, the reading of mail goes on at the next separator line once it is
    /// found ([`Messages::after_long`]); an input that is one message is read.
    TooLong { at: u64 },
    /// The input is read.
    End,
}

/// The segments of an input read as a stream, one message at a time: each call of
/// [`Messages::next`] is given the bytes held (a window of the input) and finds the end of the
/// next message in them before walking it, so that only one message need be held at a time.
/// What it gives does not depend on how the input is cut into windows.
#[derive(Debug)]
pub(crate) struct Messages {
    /// The longest message read.
    bound: usize,
    /// The segments given.
    wanted: Wanted,
    /// Whether the input is an mbox; `None` until its first line is read.
    mbox: Option<bool>,
    /// Where the next message starts.
    start: u64,
    /// Where the separator line of the next message starts (0 for the first message, and for
    /// an input that is one message): the offset that says which range of the input owns it.
    separator: u64,
    /// The messages walked: those whose separator line starts in it. Those before are only
    /// passed over (counted; their bytes are not held); the first one at or after its end ends
    /// the reading. The whole input by default.
    owned: Range<u64>,
    /// Where the search for the end of the next message goes on ([`mbox::message_end`]).
    searched: u64,
    /// Where the message whose segments are queued starts.
    current: u64,
    /// The number of the last message walked.
    number: usize,
    /// The raw value of the `Message-ID` field of that message, as input offsets.
    message_id_at: Option<Range<u64>>,
    /// The `Message-ID` of the message numbered so, once made ([`MessageId::get`]).
    message_id: Option<(usize, Option<Arc<str>>)>,
    /// The last message is walked.
    ended: bool,
    /// The segments of the message walked last, in order.
    queue: VecDeque<Segment>,
    /// How many of them are given; the last given is the one [`Messages::segment`] gives.
    given: usize,
    shared: Shared,
    /// The messages whose MIME entities nest deeper than they are walked.
    deep: Deep,
}

/// The messages of an input whose MIME entities nest deeper than they are walked (more than
/// [`tree::DEPTH_MAX`] levels, or past [`tree::WALK_FACTOR`] times the message's length):
/// below that depth their bodies are read as plain text, without MIME decoding.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Deep {
    /// Where the first such message starts, and the depth at which its walk stopped.
    pub(crate) first: Option<(u64, usize)>,
    /// How many there were.
    pub(crate) count: u64,
}

impl Messages {
    /// The messages of an input (an mbox or one message), each at most `bound` bytes long;
    /// the segments that may give an event as `wanted` says.
    pub(crate) fn new(bound: usize, wanted: Wanted) -> Self {
        Messages {
            bound: bound.min(MESSAGE_MAX),
            wanted,
            mbox: None,
            start: 0,
            separator: 0,
            owned: 0..u64::MAX,
            searched: 0,
            current: 0,
            number: 0,
            message_id_at: None,
            message_id: None,
            ended: false,
            queue: VecDeque::new(),
            given: 0,
            shared: Shared::default(),
            deep: Deep::default(),
        }
    }

    /// The messages of a shard of the input (see the crate docs, "Shards"): only those whose
    /// separator line (or start, for the first) lies in `owned` are walked.
    pub(crate) fn owning(mut self, owned: Range<u64>) -> Self {
        self.owned = owned;
        self
    }

    /// The messages of an mbox read from the separator line at input offset `separator` on, the
    /// message after it starting at `start`, with `number` messages before it: what the reading
    /// of the whole input is in at that separator line, so that it walks the same messages with
    /// the same numbers from there on (the input's offsets and the window given start at
    /// `separator`).
    pub(crate) fn resuming(mut self, separator: u64, start: u64, number: usize) -> Self {
        self.resume(separator, start, number);
        self
    }

    /// Goes on after the message that [`Next::TooLong`] was given for, read otherwise (as
    /// plain text) up to the separator line at input offset `separator`, the next message
    /// starting at `start`: the long message is counted, and the reading goes on as the
    /// reading of the whole input goes on there.
    pub(crate) fn after_long(&mut self, separator: u64, start: u64) {
        self.resume(separator, start, self.number.saturating_add(1));
    }

    /// Makes this the reading of an mbox at its separator line at `separator`, the message
    /// after it starting at `start`, after `number` messages.
    fn resume(&mut self, separator: u64, start: u64, number: usize) {
        self.mbox = Some(true);
        (self.separator, self.start, self.searched, self.current) = (separator, start, start, start);
        self.number = number;
        self.message_id_at = None;
    }

    /// The messages walked so far whose MIME entities nest deeper than they are walked.
    pub(crate) fn deep(&self) -> Deep {
        self.deep
    }

    /// Whether the input is an mbox (once its first line is read).
    pub(crate) fn is_mbox(&self) -> bool {
        self.mbox == Some(true)
    }

    /// Where the message of the last segment given starts, as an input offset.
    pub(crate) fn message_start(&self) -> u64 {
        self.current
    }

    /// The segment given last ([`Next::Segment`]), until the next call of [`Messages::next`].
    pub(crate) fn segment(&self) -> Option<&Segment> {
        self.queue.get(self.given.checked_sub(1)?)
    }

    /// The segment given last, and the `Message-ID` of its message.
    pub(crate) fn given(&mut self) -> Option<(&mut Segment, MessageId<'_>)> {
        let segment = self.queue.get_mut(self.given.checked_sub(1)?)?;
        let id = MessageId { at: &self.message_id_at, made: &mut self.message_id, number: self.number };
        Some((segment, id))
    }

    /// The next segment, given `window`, the input from offset `base` (holding at least what
    /// the last [`Next::More`] asked to keep), `complete` when nothing follows it.
    pub(crate) fn next(&mut self, window: &[u8], base: u64, complete: bool) -> Next {
        loop {
            if self.given < self.queue.len() {
                self.given += 1;
                return Next::Segment;
            }
            // The segments given are dropped where they are.
            self.queue.clear();
            self.given = 0;
            if self.ended {
                return Next::End;
            }
            let at = |offset: u64| (offset.saturating_sub(base) as usize).min(window.len());
            let mbox = match self.mbox {
                Some(mbox) => mbox,
                None => match mbox::opening(window, complete) {
                    mbox::Opening::More => return Next::More { keep_from: base },
                    mbox::Opening::Mbox { next } => {
                        (self.start, self.searched) = (base + next as u64, base + next as u64);
                        self.mbox = Some(true);
                        true
                    }
                    mbox::Opening::One => {
                        self.mbox = Some(false);
                        false
                    }
                },
            };
            if self.separator >= self.owned.end {
                self.ended = true;
                return Next::End;
            }
            let owned = self.separator >= self.owned.start;
            if !mbox && !owned {
                // The input is one message, and it is not this range's.
                self.ended = true;
                return Next::End;
            }
            let start = at(self.start);
            let (end, next) = if mbox {
                match mbox::message_end(window, start, at(self.searched), complete) {
                    mbox::End::Separator { line, next } => (line, Some((line, next))),
                    mbox::End::Last => (window.len(), None),
                    mbox::End::More { resume } => {
                        self.searched = base + resume as u64;
                        // A message passed over is not held: only where the search goes on.
                        if !owned {
                            return Next::More { keep_from: self.searched.saturating_sub(2) };
                        }
                        // The message reaches past `resume`.
                        if resume + 1 - start > self.bound {
                            return Next::TooLong { at: self.start };
                        }
                        return Next::More { keep_from: self.start.saturating_sub(2) };
                    }
                }
            } else if complete {
                (window.len(), None)
            } else if window.len() - start > self.bound {
                return Next::TooLong { at: self.start };
            } else {
                return Next::More { keep_from: self.start };
            };
            if owned && end - start > self.bound {
                return Next::TooLong { at: self.start };
            }
            self.current = self.start;
            self.number += 1;
            match next {
                Some((line, next)) => {
                    (self.start, self.searched) = (base + next as u64, base + next as u64);
                    self.separator = base + line as u64;
                }
                None => self.ended = true,
            }
            if !owned {
                continue;
            }
            let mut walker = tree::Walker {
                out: &mut self.queue,
                message: self.number,
                quoted_printable: false,
                wanted: self.wanted,
                shared: &mut self.shared,
                part: None,
                walked: (0, 0),
                stopped: None,
            };
            self.message_id_at = match lone_cr_lines(&window[start..end]) {
                // Lines ended by a lone CR (classic Mac OS): the message walked with each CR
                // read as a line feed, byte for byte, so that offsets stay those of the input.
                Some(lf) => walker.message(&lf, 0..lf.len(), base + start as u64),
                None => walker.message(window, start..end, base),
            };
            if let Some(depth) = walker.stopped {
                self.deep.first.get_or_insert((self.current, depth));
                self.deep.count += 1;
            }
        }
    }
}

/// A message whose lines end in a lone CR (classic Mac OS mail, still found in old archives
/// and bounces): it holds a CR and no line feed. Its bytes with every CR a line feed, the line
/// ending RFC 5322 readers take it for; `None` for any other message (the search stops at its
/// first line feed).
fn lone_cr_lines(message: &[u8]) -> Option<Vec<u8>> {
    if memchr::memchr(b'\n', message).is_some() || memchr::memchr(b'\r', message).is_none() {
        return None;
    }
    Some(message.iter().map(|&b| if b == b'\r' { b'\n' } else { b }).collect())
}

/// The `Message-ID` of the message of the segment given last ([`Messages::given`]).
#[derive(Debug)]
pub(crate) struct MessageId<'m> {
    at: &'m Option<Range<u64>>,
    made: &'m mut Option<(usize, Option<Arc<str>>)>,
    number: usize,
}

impl MessageId<'_> {
    /// The `Message-ID`, without its angle brackets, given the window that holds the message
    /// (as [`SegmentText::bytes`]): made once a message, when asked for (a match's origin).
    pub(crate) fn get(&mut self, window: &[u8], base: u64) -> Option<Arc<str>> {
        match &*self.made {
            Some((number, id)) if *number == self.number => id.clone(),
            _ => {
                let id = self.at.clone().map(|r| {
                    let at = |offset: u64| offset.saturating_sub(base) as usize;
                    let id = header::value_text(window.get(at(r.start)..at(r.end)).unwrap_or_default());
                    let id = id.strip_prefix(b"<").unwrap_or(&id);
                    let id = id.strip_suffix(b">").unwrap_or(id);
                    match std::str::from_utf8(id) {
                        Ok(id) => Arc::from(id),
                        Err(_) => Arc::from(String::from_utf8_lossy(id)),
                    }
                });
                *self.made = Some((self.number, id.clone()));
                id
            }
        }
    }
}

/// How much of the input [`verdict`] looks at.
pub(crate) const LOOK_MAX: usize = 64 * 1024;

/// Whether `input` is mail or news (issue 19 item 1): it starts with an mbox separator line
/// (`From ` address date) followed by a header block, or with a header block.
///
/// A header block is a run of lines from the start, each a field (`Name:` with a name of
/// printable ASCII, RFC 5322 §3.6.8) or a continuation (starting with a blank, after a field),
/// up to an empty line or the end of what is looked at, with at least one field whose name
/// RFC 5322 §3.6, RFC 5536 §3 or RFC 2045 define ([`KNOWN_FIELDS`]), so that a log whose lines
/// read `error: …` is not taken for mail. A header that runs into a line that is neither
/// (a malformed message without its empty line) counts when at least three fields came before
/// it. Only the first [`LOOK_MAX`] bytes are looked at; a line cut there is judged by its start.
#[cfg(test)]
pub(crate) fn looks_like_mail(input: &[u8]) -> bool {
    verdict(input, true).unwrap_or(false)
}

/// Whether an input is mail (as the tests' `looks_like_mail` says), of which only `input` is read so far, `complete` when
/// nothing follows it: `None` while the lines read do not decide (a header block not ended
/// yet, a line not ended yet, short of [`LOOK_MAX`]).
pub(crate) fn verdict(input: &[u8], complete: bool) -> Option<bool> {
    let complete = complete || input.len() >= LOOK_MAX;
    let window = &input[..input.len().min(LOOK_MAX)];
    // A line is read once it ends: a line feed, or nothing more to come.
    let line_at = |at: usize| {
        let (end, next) = header::line_end(window, at);
        (complete || next > end).then_some((end, next))
    };
    let mut at = 0;
    if window.starts_with(b"From ") {
        let (end, next) = line_at(0)?;
        if !mbox::is_separator(&window[..end]) {
            return Some(false);
        }
        at = next;
    }
    let (mut fields, mut known) = (0, false);
    while at < window.len() {
        let (end, next) = line_at(at)?;
        let line = &window[at..end];
        if line.is_empty() {
            break;
        }
        if matches!(line[0], b' ' | b'\t') {
            if fields == 0 {
                return Some(false);
            }
        } else if let Some((name, _)) = header::field_name(line) {
            fields += 1;
            known |= KNOWN_FIELDS.iter().any(|k| line[..name].eq_ignore_ascii_case(k.as_bytes()));
        } else {
            return Some(known && fields >= 3);
        }
        at = next;
    }
    if at >= window.len() && !complete {
        return None;
    }
    Some(known)
}

/// Field names that mail and news have (RFC 5322 §3.6, RFC 5536 §3, RFC 2045), one of which a
/// header block must hold to be taken for one by [`verdict`].
pub(crate) const KNOWN_FIELDS: [&str; 22] = [
    "From",
    "Sender",
    "Reply-To",
    "To",
    "Cc",
    "Bcc",
    "Subject",
    "Date",
    "Message-ID",
    "In-Reply-To",
    "References",
    "Received",
    "Return-Path",
    "Delivered-To",
    "Resent-From",
    "Path",
    "Newsgroups",
    "Followup-To",
    "MIME-Version",
    "Content-Type",
    "Content-Transfer-Encoding",
    "X-Mailer",
];

#[cfg(test)]
mod tests;
