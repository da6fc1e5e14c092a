//! The mail stage of extraction: an input read as mail goes to the engine one segment at a
//! time ([`crate::decode::mail`]), and each event's spans are taken back to the input.
//!
//! The engine scans a segment's decoded text as if it were an input of its own (a raw text
//! from offset 0, so that the one-pass lane reads it too), from a fresh cursor: a URI never
//! runs from one segment into the next. The spans it reports are indexes into that text; each
//! is then taken through the segment's map to the input's bytes, split into pieces where the
//! decoder skipped source bytes (a quoted-printable soft line break, the line breaks of a
//! base64 body). An HTML link attribute's value is not scanned but validated whole
//! ([`candidate::attribute_value`](super::candidate::attribute_value)).
//!
//! The input is read one message at a time ([`Messages`]): the extractor over a reader holds
//! the message being read, which is at most [`MAIL_MAX`](super::MAIL_MAX) bytes long by default. A longer
//! message is read as plain text ([`Step::TooLong`]), and the mail stage goes on after it
//! ([`Mail::after_long`]).

use std::ops::Range;
use std::sync::Arc;

use super::engine::{Engine, Step as EngineStep};
use super::options::Options;
use crate::decode::mail::{Deep, Messages, Next, Segment, SegmentKind, Wanted};
use crate::decode::{Map, Text};
use crate::delimit::colon;
use crate::matches::{Event, Match, Rewrite, Span};
use crate::origin::{Origin, Place};
use crate::source::lines::LineCounter;

/// The origin of the segment being read ([`Messages::segment`]): made with its first match
/// (most segments have none), shared by its matches.
#[derive(Debug)]
enum Current {
    /// No segment is being scanned.
    None,
    /// Scanned, its origin not made yet.
    Scanning,
    /// Scanned, its origin made.
    Made(Arc<Origin>),
}

/// The origin of `segment` of a message whose `Message-ID` is `message_id`: the segment's
/// kind is taken (it is not read again).
fn origin_of(segment: &mut Segment, message_id: Option<Arc<str>>) -> Origin {
    let (place, link_text) = match std::mem::replace(&mut segment.kind, SegmentKind::Body) {
        SegmentKind::Header { name } => (Place::Header(name.to_string()), None),
        SegmentKind::Body => (Place::Body, None),
        SegmentKind::Preamble => (Place::Preamble, None),
        SegmentKind::Epilogue => (Place::Epilogue, None),
        SegmentKind::HtmlText => (Place::HtmlText, None),
        SegmentKind::HtmlAttribute { name, element, link_text, .. } => {
            (Place::HtmlAttribute { name, element }, link_text)
        }
    };
    Origin {
        message: segment.message as u64,
        message_id,
        part: Arc::clone(&segment.part),
        content_type: Arc::clone(&segment.content_type),
        place,
        link_text,
        web: None,
    }
}

/// Where [`Mail::advance`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// Events are queued in the engine.
    Event,
    /// More input is needed, the input from `keep_from` on kept (read at least as much again as
    /// is held from there, so that a long message is read in linear time).
    More { keep_from: u64 },
    /// The message that starts at input offset `at` is longer than the bound: it is to be
    /// read as plain text, with `lines` line feeds before `at` (when lines are counted). In an
    /// mbox (`mbox`), it ends before the next separator line, and the stage goes on there
    /// ([`Mail::after_long`]); otherwise it is the rest of the input.
    TooLong { at: u64, lines: Option<u64>, mbox: bool },
    /// The input is read.
    Done,
}

/// Line numbers: the line feeds before the message being read, and those up to the last span
/// numbered in it (counted again from the message's start when a span starts before it).
#[derive(Debug, Default)]
struct Lines {
    message: LineCounter,
    within: LineCounter,
    /// The start of the message `within` counts in.
    numbering: Option<u64>,
}

/// An input being read as mail: its segments, and the one being scanned.
#[derive(Debug)]
pub(crate) struct Mail {
    messages: Messages,
    current: Current,
    /// The header fields read, in lower case; `None` for all.
    headers: Option<Vec<String>>,
    /// Line numbers, when asked for.
    lines: Option<Lines>,
    /// Storage for a match's pieces while they are taken to the input (most matches have
    /// one, the match's span, and keep none).
    pieces: Vec<Span>,
    /// Whether matches carry their origin (`ExtractorBuilder::origins`).
    origins: bool,
}

impl Mail {
    /// The mail stage over an input read from its start, reading messages up to
    /// `opts.mail_max` bytes long; of them, those whose separator line starts in `owned`
    /// (the shard of the input it reads: see the crate docs, "Shards").
    pub(crate) fn new(
        headers: Option<Vec<String>>,
        line_numbers: bool,
        opts: &Options,
        owned: Range<u64>,
    ) -> Self {
        let wanted = Wanted {
            abbreviated: opts.abbreviated,
            max_uri_len: opts.max_uri_len,
            takes_colon: colon::takes_colon,
            resolve: resolve_link,
        };
        Mail {
            messages: Messages::new(opts.mail_max, wanted).owning(owned),
            current: Current::None,
            headers,
            lines: line_numbers.then(Lines::default),
            pieces: Vec::new(),
            origins: opts.origins,
        }
    }

    /// The mail stage resumed at the separator line at input offset `separator` of an mbox, its
    /// message starting at `start`, after `number` messages and `line_feeds` line feeds: it
    /// reads from there on what the stage over the whole input reads (see
    /// [`shard::reader_messages`](crate::shard::reader_messages)).
    pub(crate) fn resuming(mut self, separator: u64, start: u64, number: usize, line_feeds: u64) -> Self {
        self.messages = self.messages.resuming(separator, start, number);
        if let Some(lines) = &mut self.lines {
            lines.message = LineCounter::starting_at(separator, line_feeds);
        }
        self
    }

    /// Goes on after a message that [`Step::TooLong`] was given for, read as plain text up to
    /// the separator line at input offset `separator`, the next message starting at `start`,
    /// with `line_feeds` line feeds before `separator` (when lines are counted).
    pub(crate) fn after_long(&mut self, separator: u64, start: u64, line_feeds: Option<u64>) {
        self.messages.after_long(separator, start);
        if let (Some(lines), Some(line_feeds)) = (&mut self.lines, line_feeds) {
            *lines = Lines { message: LineCounter::starting_at(separator, line_feeds), ..Lines::default() };
        }
    }

    /// The messages read so far whose MIME entities nest deeper than they are walked.
    pub(crate) fn deep(&self) -> Deep {
        self.messages.deep()
    }

    /// Steps until events are queued in the engine, more input is needed, or the input is read
    /// (or is to be read as plain text). `window` is the input from offset `base` on, holding
    /// what the last [`Step::More`] asked to keep; `complete` when nothing follows it.
    pub(crate) fn advance(&mut self, engine: &mut Engine, window: &[u8], base: u64, complete: bool) -> Step {
        loop {
            if let Current::None = self.current {
                match self.messages.next(window, base, complete) {
                    Next::Segment => {}
                    Next::More { keep_from } => {
                        if let Some(lines) = &mut self.lines {
                            lines.message.count_to(window, base, keep_from);
                        }
                        return Step::More { keep_from };
                    }
                    Next::TooLong { at } => {
                        let lines =
                            self.lines.as_mut().map(|lines| lines.message.line_at(window, base, at) - 1);
                        return Step::TooLong { at, lines, mbox: self.messages.is_mbox() };
                    }
                    Next::End => return Step::Done,
                }
                let Some(segment) = self.messages.segment() else { continue };
                if let SegmentKind::Header { name } = &segment.kind
                    && let Some(read) = &self.headers
                    && !read.iter().any(|r| r.eq_ignore_ascii_case(name))
                {
                    continue;
                }
                engine.restart();
                if let SegmentKind::HtmlAttribute { resolved, .. } = segment.kind {
                    engine.attribute_value(segment.text.bytes(window, base));
                    self.current = Current::Scanning;
                    self.finish(engine, window, base);
                    self.current = Current::None;
                    if resolved {
                        mark_resolved(engine);
                    }
                    if !engine.pending.is_empty() {
                        return Step::Event;
                    }
                    continue;
                }
                self.current = Current::Scanning;
            }
            let Some(segment) = self.messages.segment() else {
                self.current = Current::None;
                continue;
            };
            let bytes = segment.text.bytes(window, base);
            let text = Text { bytes, map: Map::Raw(0), complete: true, end: bytes.len() as u64, stop: None };
            match engine.step(&text) {
                EngineStep::Event => {
                    self.finish(engine, window, base);
                    return Step::Event;
                }
                // The text is whole, so the engine never asks for more of it.
                EngineStep::Done | EngineStep::NeedMore { .. } => self.current = Current::None,
            }
        }
    }

    /// Takes the queued events of the segment being read to the input, and numbers their
    /// lines.
    fn finish(&mut self, engine: &mut Engine, window: &[u8], base: u64) {
        let Mail { messages, current, lines, pieces, origins, .. } = self;
        let start = messages.message_start();
        if let Some((segment, mut message_id)) = messages.given() {
            for event in engine.pending.events_mut() {
                let origin = match (*origins && matches!(event, Event::Match(_)), &*current) {
                    (false, _) => None,
                    (true, Current::Made(origin)) => Some(Arc::clone(origin)),
                    (true, _) => {
                        let made = Arc::new(origin_of(segment, message_id.get(window, base)));
                        *current = Current::Made(Arc::clone(&made));
                        Some(made)
                    }
                };
                to_input(event, Mapping::Map(segment.text.map()), segment.quoted_printable, origin, pieces);
            }
        }
        if let Some(lines) = lines {
            if lines.numbering != Some(start) {
                lines.message.count_to(window, base, start);
                lines.within = lines.message;
                lines.numbering = Some(start);
            }
            engine.pending.number_lines(|at| {
                if at < lines.within.counted_to() {
                    lines.within = lines.message;
                }
                lines.within.line_at(window, base, at)
            });
        }
    }
}

/// How an HTML link's relative value is resolved against its document's base (RFC 3986 §5.2),
/// passed to the decoding of HTML: `None` when either is not a URI reference.
pub(super) fn resolve_link(base: &str, reference: &str) -> Option<String> {
    crate::uri::resolve(base, reference).ok()
}

/// Marks the match of an HTML link's value, queued in `engine`, as resolved from a relative
/// reference: its text is not what its span holds.
pub(super) fn mark_resolved(engine: &mut Engine) {
    for event in engine.pending.events_mut() {
        if let Event::Match(m) = event {
            m.provenance.get_or_insert_with(Default::default).rewrite = Some(Rewrite::Resolved);
        }
    }
}

/// How the spans of a segment's text are taken to the input.
#[derive(Debug, Clone, Copy)]
pub(super) enum Mapping<'a> {
    /// Through the text's map.
    Map(Map<'a>),
    /// Every span to this one: text decoded from a web archive's content coding, which has no
    /// map of its bytes (see the crate docs, "Web archives and pages").
    Whole(Span),
}

/// `event`, whose spans are indexes into a segment's text, with spans into the input taken
/// through `mapping`, marked `quoted_printable` when the text was decoded from it, and
/// `origin` (made once the event is known to be a match: `None` for the others); `pieces` is
/// storage, empty.
pub(super) fn to_input(
    event: &mut Event,
    mapping: Mapping<'_>,
    quoted_printable: bool,
    origin: Option<Arc<Origin>>,
    pieces: &mut Vec<Span>,
) {
    let span_of = |s: Span| match (mapping, s.start as usize, s.end as usize) {
        (Mapping::Whole(whole), ..) => whole,
        (Mapping::Map(map), start, end) if start < end => map.span(start..end),
        (Mapping::Map(map), start, _) => Span::new(map.start(start), map.start(start)),
    };
    match event {
        Event::Match(m) => {
            let span = span_of(m.span);
            let outer = span_of(m.outer_span());
            // A map keeps the order of the bytes, so the wrapper holds the URI; held so anyway.
            let outer = Span::new(outer.start.min(span.start), outer.end.max(span.end));
            // The sources of neighbouring decoded bytes may overlap (four base64 characters
            // give three bytes): a piece is a run of source bytes without a gap.
            match mapping {
                Mapping::Map(map) => {
                    for piece in m.pieces() {
                        if piece.start < piece.end {
                            map.joined_pieces(piece.start as usize..piece.end as usize, pieces);
                        }
                    }
                }
                Mapping::Whole(whole) => pieces.push(whole),
            }
            m.span = span;
            m.wrap = Match::wrap(span, outer);
            m.quoted_printable = quoted_printable;
            let one_piece = pieces.len() == 1 && pieces[0] == span;
            // Without an origin, a match whose only piece is its span needs no extras.
            if origin.is_some() || m.provenance.is_some() || !one_piece {
                let provenance = m.provenance.get_or_insert_with(Default::default);
                provenance.pieces.clear();
                if !one_piece {
                    provenance.pieces.extend_from_slice(pieces);
                }
                provenance.origin = origin;
            }
            pieces.clear();
        }
        Event::Rejected(r) => {
            r.span = span_of(r.span);
            r.outer = span_of(r.outer);
        }
        Event::Overlong(o) => o.span = span_of(o.span),
    }
}
