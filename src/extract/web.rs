//! The web stage of extraction: an input read as a web archive (WARC, WET) or as a saved web
//! page goes to the engine one segment at a time ([`crate::decode::warc`]), as mail does
//! (`extract::mail`): each segment's text is scanned as an input of its own, an HTML link's
//! value is validated whole, and each event's spans are taken back to the input.

use std::ops::Range;
use std::sync::Arc;

use super::engine::{Engine, Step as EngineStep};
use super::mail::{Mapping, mark_resolved, resolve_link, to_input};
use super::options::Options;
use crate::decode::mail::Wanted;
use crate::decode::warc::{Found, Next, Record, Records, Segment, Tally};
use crate::decode::{Map, Text};
use crate::matches::{Event, Span};
use crate::origin::{Origin, Place, WebRecord};
use crate::source::lines::LineCounter;

/// Where [`Web::advance`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// Events are queued in the engine.
    Event,
    /// More input is needed, the input from `keep_from` on kept (read at least as much again
    /// as is held from there).
    More { keep_from: u64 },
    /// The input, a saved page, is longer than the bound: it is to be read as plain text.
    TooLong,
    /// A record is longer than the bound: its content, input offsets `from..to`, is to be
    /// read as plain text, with `lines` line feeds before `from` (when lines are counted);
    /// the stage goes on after it ([`Web::after_long`]).
    Long { from: u64, to: u64, lines: Option<u64> },
    /// The input is read.
    Done,
}

/// An input being read as a web archive or page.
#[derive(Debug)]
pub(crate) struct Web {
    records: Records,
    /// The origin of the segment being scanned, once made (with its first match).
    current: Option<Arc<Origin>>,
    /// Whether a segment is being scanned.
    scanning: bool,
    /// The record of the last origin made, shared by the record's origins.
    record: Option<(u64, Arc<WebRecord>)>,
    /// Line feeds before the record being read, and up to the last span numbered in it.
    lines: Option<(LineCounter, LineCounter, u64)>,
    pieces: Vec<Span>,
    origins: bool,
    /// The origin of the matches of the record given last as [`Step::Long`] (when origins
    /// are wanted).
    long: Option<Arc<Origin>>,
}

impl Web {
    /// The web stage over an input read from its start: an archive's records that start in
    /// `owned` (the shard of the input read), or the input as one saved page (`page`).
    pub(crate) fn new(line_numbers: bool, opts: &Options, owned: Range<u64>, page: bool) -> Self {
        let wanted = Wanted {
            abbreviated: opts.abbreviated,
            max_uri_len: opts.max_uri_len,
            takes_colon: crate::delimit::colon::takes_colon,
            resolve: resolve_link,
        };
        Web {
            records: Records::new(opts.mail_max, wanted, owned, page, opts.relative),
            current: None,
            scanning: false,
            record: None,
            lines: line_numbers.then(|| (LineCounter::default(), LineCounter::default(), u64::MAX)),
            pieces: Vec::new(),
            origins: opts.origins,
            long: None,
        }
    }

    /// Goes on after a record given as [`Step::Long`], read as plain text up to input offset
    /// `to`, with `line_feeds` line feeds before it (when lines are counted).
    pub(crate) fn after_long(&mut self, to: u64, line_feeds: Option<u64>) {
        if let (Some((before, within, numbering)), Some(n)) = (&mut self.lines, line_feeds) {
            *before = LineCounter::starting_at(to, n);
            *within = *before;
            *numbering = u64::MAX;
        }
    }

    /// Gives the matches queued in `engine`, read as plain text in a record given as
    /// [`Step::Long`], that record's origin.
    pub(crate) fn give_long_origin(&self, engine: &mut Engine) {
        let Some(origin) = &self.long else { return };
        for event in engine.pending.events_mut() {
            if let Event::Match(m) = event {
                let provenance = m.provenance.get_or_insert_with(Default::default);
                provenance.origin.get_or_insert_with(|| Arc::clone(origin));
            }
        }
    }

    /// What was not read as it should have been.
    pub(crate) fn tally(&self) -> Tally {
        self.records.tally()
    }

    /// Steps until events are queued in the engine, more input is needed, or the input is
    /// read. `window` is the input from offset `base` on, holding what the last
    /// [`Step::More`] asked to keep; `complete` when nothing follows it.
    pub(crate) fn advance(&mut self, engine: &mut Engine, window: &[u8], base: u64, complete: bool) -> Step {
        loop {
            if !self.scanning {
                match self.records.next(window, base, complete) {
                    Next::Segment => {}
                    Next::More { keep_from } => {
                        if let Some((before, ..)) = &mut self.lines {
                            before.count_to(window, base, keep_from);
                        }
                        return Step::More { keep_from };
                    }
                    Next::TooLong => return Step::TooLong,
                    Next::Long { from, to } => {
                        let lines =
                            self.lines.as_mut().map(|(before, ..)| before.line_at(window, base, from) - 1);
                        self.long = match (self.origins, self.records.long_record()) {
                            (true, Some(r)) => Some(Arc::new(long_origin(r, &mut self.record))),
                            _ => None,
                        };
                        return Step::Long { from, to, lines };
                    }
                    Next::End => return Step::Done,
                }
                let Some(segment) = self.records.segment() else { continue };
                engine.restart();
                self.current = None;
                if let Found::HtmlAttribute { resolved, .. } = segment.found {
                    engine.attribute_value(segment.text.bytes(window, base));
                    self.finish(engine, window, base);
                    if resolved {
                        mark_resolved(engine);
                    }
                    if !engine.pending.is_empty() {
                        return Step::Event;
                    }
                    continue;
                }
                self.scanning = true;
            }
            let Some(segment) = self.records.segment() else {
                self.scanning = false;
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
                EngineStep::Done | EngineStep::NeedMore { .. } => self.scanning = false,
            }
        }
    }

    /// Takes the queued events of the segment being read to the input, and numbers their
    /// lines.
    fn finish(&mut self, engine: &mut Engine, window: &[u8], base: u64) {
        let start = self.records.record_start();
        let Web { records, current, record, lines, pieces, origins, .. } = self;
        let Some(segment) = records.segment() else { return };
        for event in engine.pending.events_mut() {
            let origin = match (*origins && matches!(event, Event::Match(_)), &*current) {
                (false, _) => None,
                (true, Some(origin)) => Some(Arc::clone(origin)),
                (true, None) => {
                    let made = Arc::new(origin_of(segment, record));
                    *current = Some(Arc::clone(&made));
                    Some(made)
                }
            };
            let mapping = match &segment.coded {
                Some(r) => Mapping::Whole(Span::new(r.start, r.end)),
                None => Mapping::Map(segment.text.map()),
            };
            to_input(event, mapping, false, origin, pieces);
        }
        if let Some((before, within, numbering)) = lines {
            if *numbering != start {
                before.count_to(window, base, start);
                *within = *before;
                *numbering = start;
            }
            engine.pending.number_lines(|at| {
                if at < within.counted_to() {
                    *within = *before;
                }
                within.line_at(window, base, at)
            });
        }
    }
}

/// The origin of `segment`; `record` holds the record of the last origin made, shared.
fn origin_of(segment: &Segment, record: &mut Option<(u64, Arc<WebRecord>)>) -> Origin {
    let web = web_record(&segment.record, record);
    let r = &segment.record;
    let (place, link_text) = match &segment.found {
        Found::HttpHeader(name) => (Place::HttpHeader(name.to_string()), None),
        Found::Body => (Place::Body, None),
        Found::HtmlText => (Place::HtmlText, None),
        Found::HtmlAttribute { name, element, link_text, .. } => {
            (Place::HtmlAttribute { name: name.clone(), element: element.clone() }, link_text.clone())
        }
    };
    Origin {
        message: r.number,
        message_id: None,
        part: Arc::from(""),
        content_type: Arc::clone(&r.content_type),
        place,
        link_text,
        web: Some(web),
    }
}

/// The origin of the matches of `r`, a record too long to hold, its content read as plain
/// text as it is stored: the record's `Content-Type`, found in its `body`.
fn long_origin(r: &Record, record: &mut Option<(u64, Arc<WebRecord>)>) -> Origin {
    Origin {
        message: r.number,
        message_id: None,
        part: Arc::from(""),
        content_type: Arc::clone(&r.content_type),
        place: Place::Body,
        link_text: None,
        web: Some(web_record(r, record)),
    }
}

/// The shared record of `r`; `record` holds the record of the last origin made.
fn web_record(r: &Record, record: &mut Option<(u64, Arc<WebRecord>)>) -> Arc<WebRecord> {
    match record {
        Some((number, web)) if *number == r.number => Arc::clone(web),
        _ => {
            let web = Arc::new(WebRecord { id: r.id.clone(), target_uri: r.target_uri.clone() });
            *record = Some((r.number, Arc::clone(&web)));
            web
        }
    }
}

/// What reading a web archive or saved page met that was not read as it should have been
/// ([`Matches::web_tally`](crate::Matches::web_tally)); the command line warns of each.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WebTally {
    /// Records that were malformed (no `Content-Length`, a length that does not end the
    /// record) or cut short by the end of the input: they gave nothing, and the reading went
    /// on at the next line that starts `WARC/1.`.
    pub malformed: u64,
    /// Where the first of them starts (an input offset).
    pub first_malformed: Option<u64>,
    /// Records longer than [`ExtractorBuilder::mail_message_max`](crate::ExtractorBuilder::mail_message_max):
    /// their content was read as plain text, as it is stored (no HTTP decoding, no HTML).
    pub long_records: u64,
    /// Where the first of them starts.
    pub first_long: Option<u64>,
    /// Bodies whose content coding decodes to more than that bound: read up to it.
    pub cut: u64,
    /// Bodies whose coded data is broken (cut short): read as far as they decode.
    pub broken: u64,
    /// Bodies in a content coding not known (or not built in: gzip and deflate need the
    /// `flate2` feature, br `brotli`, zstd `zstd`): not read.
    pub unknown_coding: u64,
    /// Whether the input, a saved page, was longer than that bound and read as plain text.
    pub long_page: bool,
}

impl WebTally {
    /// Whether nothing was met.
    pub fn is_clean(&self) -> bool {
        *self == WebTally::default()
    }
}
