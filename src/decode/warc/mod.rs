//! Web archives and web pages as a reader sees them (issue 39): WARC and WET files split into
//! records, each record's HTTP message read for its body, and a page read for its links and
//! visible text; a saved HTML page alike, as one record. Each piece of text a reader sees is a
//! [`Segment`] whose map points at the input's bytes.
//!
//! The format is WARC 1.0 and 1.1 (ISO 28500:2009 and :2017), which WET (the text of each
//! page, in `conversion` records) shares:
//!
//! - A record is `version CRLF *named-field CRLF block CRLF CRLF` (ISO 28500:2017 §4, §5.1):
//!   its header block ends at the first empty line, and its content block is the
//!   `Content-Length` bytes after it (§5.3), followed by two CRLFs. Records are found by
//!   their lengths, never by searching their content.
//! - `response` records hold an HTTP response (§6.3, `application/http;msgtype=response`):
//!   its head's `Location`, `Content-Location` and `Link` fields give their URIs
//!   ([`Found::HttpHeader`]), and its body, with its transfer and content codings undone
//!   ([`payload`]), is read by its media type. `resource` records hold the resource itself
//!   (§6.4), read by the record's `Content-Type`; `conversion` records (§6.8) the text of
//!   one, as text. `warcinfo`, `request`, `metadata`, `revisit` and `continuation` records
//!   give nothing.
//! - A record whose header has no `Content-Length`, whose length does not end it (no
//!   `WARC/` record or end of input after its CRLFs), or that the input ends inside is
//!   malformed: it gives nothing, is counted ([`Tally`]), and reading goes on at the next line
//!   that starts `WARC/1.` after its header.
//!
//! Bounds: a record is held whole while it is read, up to a bound (the extractor's
//! `mail_message_max`, 64 MiB by default): a longer one is not held: its content is read as
//! plain text as it is stored, in the extractor's rolling window ([`Next::Long`]), and counted
//! ([`Tally::long`]). A content coding decodes to at
//! most that many bytes too ([`Tally::cut`]). Memory is so bounded by about ten times the
//! bound whatever the input's length; time is linear in it.

pub(crate) mod fields;
pub(crate) mod http;
mod payload;
mod segment;
mod verdict;

use core::ops::Range;
use std::sync::Arc;

use self::fields::Field;
use self::payload::Payload;
pub(crate) use self::segment::{Found, Record, Segment, Tally};
pub(crate) use self::verdict::{html_verdict, verdict};
use super::mail::mime::ContentType;
use super::mail::{SegmentText, Wanted};

/// The longest header block read, of a record or of its HTTP message.
pub(crate) const HEAD_MAX: usize = 64 << 10;

/// What [`Records::next`] gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Next {
    /// The next segment: [`Records::segment`].
    Segment,
    /// More input is needed: the same call again once more is read, the input from
    /// `keep_from` on kept.
    More { keep_from: u64 },
    /// A saved page longer than the bound: it is to be read as plain text.
    TooLong,
    /// A record longer than the bound: its content, input offsets `from..to`, is to be read
    /// as plain text, as it is stored; the next call goes on after it.
    Long { from: u64, to: u64 },
    /// The input is read.
    End,
}

/// Where the reading is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    /// At the start of a record (or of the CR and LF bytes before one).
    Record,
    /// Passing over the input's bytes up to this offset (a record not read).
    Skipping(u64),
    /// Looking for the next line that starts `WARC/1.` from here.
    Seeking,
    /// Done.
    Ended,
}

/// The segments of an archive (or of a saved page) read as a stream: each call of
/// [`Records::next`] is given the bytes held (a window of the input from offset `base`) and
/// reads the next record once the window holds it whole. What it gives does not depend on
/// how the input is cut into windows.
#[derive(Debug)]
pub(crate) struct Records {
    /// The longest record held (and the most a content coding decodes to).
    bound: usize,
    wanted: Wanted,
    /// The records read: those that start in it; the others are passed over.
    owned: Range<u64>,
    /// The input is one saved page, not an archive.
    page: bool,
    /// Whether the relative links of a record's page are resolved against its
    /// `WARC-Target-URI` (and a relative `<base href>` too).
    relative: bool,
    at: At,
    /// The input offset the reading is at.
    pos: u64,
    /// The number of the last record met.
    number: u64,
    /// The segments of the record read last, and how many are given.
    queue: Vec<Segment>,
    given: usize,
    /// Where the record read last starts.
    current: u64,
    /// The record given last as [`Next::Long`].
    long: Option<Arc<Record>>,
    tally: Tally,
}

impl Records {
    /// The records of an archive (`page`: the saved page that is the whole input), each at
    /// most `bound` bytes long, of them those that start in `owned`; `relative`: the relative
    /// links of a record's page are resolved against its `WARC-Target-URI`.
    pub(crate) fn new(bound: usize, wanted: Wanted, owned: Range<u64>, page: bool, relative: bool) -> Self {
        Records {
            bound,
            wanted,
            owned,
            page,
            relative,
            at: At::Record,
            pos: 0,
            number: 0,
            queue: Vec::new(),
            given: 0,
            current: 0,
            long: None,
            tally: Tally::default(),
        }
    }

    /// The record given last as [`Next::Long`]: its content's matches are its.
    pub(crate) fn long_record(&self) -> Option<&Arc<Record>> {
        self.long.as_ref()
    }

    /// The segment given last.
    pub(crate) fn segment(&self) -> Option<&Segment> {
        self.queue.get(self.given.checked_sub(1)?)
    }

    /// Where the record whose segments are given starts.
    pub(crate) fn record_start(&self) -> u64 {
        self.current
    }

    /// What was counted so far.
    pub(crate) fn tally(&self) -> Tally {
        self.tally
    }

    /// The next segment, given `window`, the input from offset `base` on (holding what the
    /// last [`Next::More`] asked to keep), `complete` when nothing follows it.
    pub(crate) fn next(&mut self, window: &[u8], base: u64, complete: bool) -> Next {
        loop {
            if self.given < self.queue.len() {
                self.given += 1;
                return Next::Segment;
            }
            self.queue.clear();
            self.given = 0;
            let end = base + window.len() as u64;
            let rel = |at: u64| (at.saturating_sub(base) as usize).min(window.len());
            match self.at {
                At::Ended => return Next::End,
                At::Skipping(to) if to > end => {
                    if complete {
                        self.at = At::Ended;
                        continue;
                    }
                    return Next::More { keep_from: end };
                }
                At::Skipping(to) => {
                    (self.pos, self.at) = (to, At::Record);
                }
                At::Seeking => {
                    let from = rel(self.pos);
                    match memchr::memmem::find(&window[from..], b"\nWARC/1.") {
                        Some(k) => (self.pos, self.at) = (base + (from + k + 1) as u64, At::Record),
                        None if complete => self.at = At::Ended,
                        None => {
                            // The search goes on from the last bytes, which may start a match.
                            self.pos = end.saturating_sub(8).max(self.pos);
                            return Next::More { keep_from: self.pos };
                        }
                    }
                }
                At::Record if self.page => return self.read_page(window, base, complete),
                At::Record => {
                    if let Some(next) = self.read_record(window, base, complete) {
                        return next;
                    }
                }
            }
        }
    }

    /// The whole input as one page.
    fn read_page(&mut self, window: &[u8], base: u64, complete: bool) -> Next {
        if !complete {
            if window.len() > self.bound {
                self.at = At::Ended;
                return Next::TooLong;
            }
            return Next::More { keep_from: base };
        }
        self.at = At::Ended;
        if !self.owned.contains(&0) {
            return Next::End;
        }
        let record =
            Arc::new(Record { number: 1, id: None, target_uri: None, content_type: Arc::from("text/html") });
        let payload = Payload {
            bytes: window,
            at: base,
            media: ContentType::parse(b"text/html").map(Arc::new),
            chunked: false,
            codings: Vec::new(),
            limit: self.bound,
            document: None,
        };
        payload::read(payload, &record, self.wanted, &mut self.tally, &mut self.queue);
        self.current = base;
        self.next(window, base, complete)
    }

    /// Reads the record at `self.pos`: `Some` to return, `None` to go on (the state moved).
    fn read_record(&mut self, window: &[u8], base: u64, complete: bool) -> Option<Next> {
        let end = base + window.len() as u64;
        // CR and LF bytes between records (more than the two CRLFs) are passed over.
        let from = (self.pos.saturating_sub(base) as usize).min(window.len());
        let blank = window[from..].iter().take_while(|&&b| b == b'\r' || b == b'\n').count();
        self.pos += blank as u64;
        let start = self.pos;
        if start >= self.owned.end {
            self.at = At::Ended;
            return Some(Next::End);
        }
        let held = &window[from + blank..];
        if held.is_empty() {
            if complete {
                self.at = At::Ended;
                return None;
            }
            return Some(Next::More { keep_from: start });
        }
        let Some(head_end) = fields::block_end(held, HEAD_MAX) else {
            if complete || held.len() >= HEAD_MAX {
                self.malformed(start);
                return None;
            }
            return Some(Next::More { keep_from: start });
        };
        let head = &held[..head_end];
        let header = fields::fields(head);
        let length = fields::value(head, &header, "content-length")
            .and_then(|v| std::str::from_utf8(v).ok()?.parse::<u64>().ok());
        let (true, Some(length)) = (head.starts_with(b"WARC/"), length) else {
            self.malformed(start);
            return None;
        };
        let body = start + head_end as u64..(start + head_end as u64).saturating_add(length);
        let kind = fields::value(head, &header, "warc-type").unwrap_or_default().to_ascii_lowercase();
        let read = matches!(kind.as_slice(), b"response" | b"resource" | b"conversion")
            && self.owned.contains(&start);
        if length > self.bound as u64 {
            // Not held, its end taken on trust: a range that does not read it finds the same
            // end. Its content is read as plain text in the rolling window, as a message of
            // mail too long to hold is.
            self.number += 1;
            self.at = At::Skipping(body.end);
            if read {
                self.tally.long += 1;
                self.tally.first_long.get_or_insert(start);
                self.long = Some(Arc::new(self.record(head, &header).0));
                return Some(Next::Long { from: body.start, to: body.end });
            }
            return None;
        }
        // The record and what follows it: its two CRLFs and the start of the next one. Every
        // record is checked so, read or not, so that a range of the input that does not read
        // it goes on where the whole scan does.
        let after = body.end + 4 + 5;
        if end < after && !complete {
            return Some(Next::More { keep_from: start });
        }
        // Counted once it is held (a record asks for more input before that, and is met again).
        self.number += 1;
        let tail = window.get((body.end - base) as usize..).unwrap_or_default();
        let crlfs = tail.iter().take(4).take_while(|&&b| b == b'\r' || b == b'\n').count();
        let next = &tail[crlfs..];
        if body.end > end || !(next.is_empty() || next.starts_with(b"WARC/")) {
            // The input ends inside the record, or its length does not end it: the next
            // record is looked for after its header.
            self.malformed(start);
            self.pos = start + head_end as u64 - 1;
            return None;
        }
        if !read {
            (self.pos, self.at) = (body.end, At::Record);
            return None;
        }
        let content = &window[(body.start - base) as usize..(body.end - base) as usize];
        self.read_content(head, &header, &kind, content, body.start);
        self.current = start;
        (self.pos, self.at) = (body.end, At::Record);
        None
    }

    /// Counts a malformed record at `start`, and looks for the next one after its first line.
    fn malformed(&mut self, start: u64) {
        if self.owned.contains(&start) {
            self.tally.malformed += 1;
            self.tally.first_malformed.get_or_insert(start);
        }
        self.pos = start;
        self.at = At::Seeking;
    }

    /// Queues the segments of a record whose header block is `head` (fields `header`), of
    /// type `kind` (lower case), whose content block `content` starts at input offset `at`.
    fn read_content(&mut self, head: &[u8], header: &[Field], kind: &[u8], content: &[u8], at: u64) {
        let (mut record, warc_type) = self.record(head, header);
        let is_http = kind == b"response"
            && warc_type.as_ref().is_none_or(|t| t.mime.as_ref() == "application/http")
            && http::status(content).is_some();
        // WARC 1.0 writes the target URI in angle brackets (ISO 28500:2009, its `uri` rule).
        let target = record.target_uri.clone();
        let document = target.as_deref().filter(|_| self.relative).map(|t| {
            let t = t.trim();
            t.strip_prefix('<').and_then(|t| t.strip_suffix('>')).unwrap_or(t)
        });
        let mut payload = Payload {
            bytes: content,
            at,
            media: warc_type,
            chunked: false,
            codings: Vec::new(),
            limit: self.bound,
            document,
        };
        let mut heads = Vec::new();
        if is_http {
            let Some(http_end) = fields::block_end(content, HEAD_MAX) else {
                self.malformed_http(at);
                return;
            };
            let http_head = &content[..http_end];
            let http_fields = fields::fields(http_head);
            for f in &http_fields {
                let name = &http_head[f.name.clone()];
                let uri_field = [&b"location"[..], b"content-location", b"link"]
                    .iter()
                    .any(|n| name.eq_ignore_ascii_case(n));
                if uri_field && self.wanted.may_give(&http_head[f.value.clone()], false) {
                    let value = at + f.value.start as u64..at + f.value.end as u64;
                    heads.push((
                        SegmentText::Input(value),
                        Found::HttpHeader(Arc::from(String::from_utf8_lossy(name))),
                    ));
                }
            }
            let media = fields::value(http_head, &http_fields, "content-type")
                .and_then(ContentType::parse)
                .map(Arc::new);
            record.content_type = media.as_ref().map_or_else(|| Arc::from(""), |t| Arc::clone(&t.mime));
            payload.media = media;
            payload.chunked = fields::value(http_head, &http_fields, "transfer-encoding").is_some_and(|v| {
                v.split(|&b| b == b',').any(|c| c.trim_ascii().eq_ignore_ascii_case(b"chunked"))
            });
            payload.codings = fields::value(http_head, &http_fields, "content-encoding")
                .map(http::codings)
                .unwrap_or_default();
            payload.bytes = &content[http_end..];
            payload.at = at + http_end as u64;
        } else if kind == b"response" {
            // A response that holds no HTTP message (another protocol) is read by its type.
            payload.media = None;
        }
        let record = Arc::new(record);
        for (text, found) in heads {
            self.queue.push(Segment { text, found, coded: None, record: Arc::clone(&record) });
        }
        payload::read(payload, &record, self.wanted, &mut self.tally, &mut self.queue);
    }

    /// The record whose header block is `head` (fields `header`), the last met, and its
    /// `Content-Type`.
    fn record(&self, head: &[u8], header: &[Field]) -> (Record, Option<Arc<ContentType>>) {
        let shared =
            |name: &str| fields::value(head, header, name).map(|v| Arc::from(String::from_utf8_lossy(v)));
        let warc_type =
            fields::value(head, header, "content-type").and_then(ContentType::parse).map(Arc::new);
        let record = Record {
            number: self.number,
            id: shared("warc-record-id"),
            target_uri: shared("warc-target-uri"),
            content_type: warc_type
                .as_ref()
                .map_or_else(|| Arc::from("application/octet-stream"), |t| Arc::clone(&t.mime)),
        };
        (record, warc_type)
    }

    /// Counts a record whose HTTP head does not end.
    fn malformed_http(&mut self, at: u64) {
        self.tally.malformed += 1;
        self.tally.first_malformed.get_or_insert(at);
    }
}

#[cfg(test)]
mod tests;
