//! The iterators over a reader and over bytes in memory, and the one loop that drives both: the
//! source, the decoding stage and the engine, in that order. The scans of ranges are in
//! [`shard`], those of an mbox from one of its messages on in [`messages`].

mod borrowed;
mod input;
mod long;
mod messages;
mod seam;
mod shard;

pub use borrowed::{BorrowedMatches, SliceMatch};
pub use input::{Input, Reader, Slice};
use long::Long;
pub(crate) use messages::cut_mbox;
pub use messages::{MboxCut, MessageStart};
pub use seam::Seam;
use seam::{Bearing, Owned, keep_owned};

use core::fmt;
use std::io::Read;
use std::ops::Range;

use super::engine::{Engine, Step};
use super::mail::{self as mail_stage, Mail};
use super::nested::Nesting;
use super::options::LOOKBACK;
use super::options::{Compiled, MailMode, Options, WebMode};
use super::web::{self as web_stage, Web};
use crate::decode::mail::{self as mail_input, Deep};
use crate::decode::qp::{self, Region};
use crate::decode::warc::{self, Tally};
use crate::decode::{Map, Text};
use crate::matches::{Event, Match};
use crate::source::lines::LineCounter;
use crate::source::{self, Source};

/// The source, the decoding stage and the engine, stepped together.
///
/// First the input is read as far as it takes to tell whether it is mail
/// ([`ExtractorBuilder::mail`](crate::ExtractorBuilder::mail)). Mail is read a message at a
/// time and goes to the engine through the mail stage ([`Mail`]). Plain text: text outside
/// quoted-printable regions goes to the engine as it is in the source's window;
/// inside a region, as the region's [`Region`] decodes it. When quoted-printable is decoded,
/// the decoding pre-pass ([`qp::Headers`]) says where a region starts, ahead of the engine (a
/// `Content-Transfer-Encoding` header line of the input: the engine takes every trigger before
/// it, then the region starts); the region says where it ends.
#[derive(Debug)]
struct Pipeline<S> {
    source: S,
    engine: Engine,
    /// The quoted-printable region being read, if any.
    region: Option<Region>,
    /// Where quoted-printable regions start, when they are decoded.
    region_starts: Option<qp::Headers>,
    /// Line numbers, when asked for.
    lines: Option<LineCounter>,
    done: bool,
    /// Whether the front of the engine's queue was lent (`next_event_ref`) and is to be
    /// dropped before anything else is looked at.
    lent: bool,
    /// Whether the input is read as mail, once that is decided.
    mode: Mode,
    /// The header fields read as mail (see [`Compiled::headers`]).
    headers: Option<Vec<String>>,
    /// Whether a read failed while reading ahead to decide the mode or to read a message of
    /// mail: the source gives the error on its next refill, once what was read before it is
    /// scanned.
    failed: bool,
    /// The options (the mail stage turns quoted-printable decoding off in the engine's).
    opts: Options,
    /// Where the first message too long to be read as mail starts (see
    /// [`Matches::plain_from`]).
    plain_from: Option<u64>,
    /// How many messages were too long to be read as mail (see [`Matches::long_messages`]).
    long_messages: u64,
    /// The message of an mbox too long to be read as mail that is being read as plain text.
    long: Option<Long>,
    /// What the mail stage said of messages nested too deep ([`Matches::deep_from`]) when it
    /// was dropped (a message too long read to the end of an input that is not an mbox).
    deep_dropped: Deep,
    /// In range mode, the events it owns and where triggers stop being taken.
    range: Option<Owned>,
    /// In range mode over plain text, its state where the range starts and, once the scan is
    /// past it, where the range ends (a range of mail has none).
    seams: [Option<Seam>; 2],
    /// In range mode over mail, the range: the messages whose separator line starts in it are
    /// read (see the crate docs, "Shards").
    shard: Option<Range<u64>>,
    /// What the web stage counted, once it is dropped.
    web_tally: Tally,
    /// Whether the input is a saved page too long to be read as one, read as plain text.
    long_page: bool,
    /// A record of a web archive too long to hold, being read as plain text: the web stage to
    /// go on with after it, and where it ends.
    long_record: Option<(Box<Web>, u64)>,
    /// With nested matches asked for, what puts them after their outer matches.
    nesting: Option<Box<Nesting>>,
}

/// How the pipeline reads its input.
#[derive(Debug)]
enum Mode {
    /// Not decided yet: mail (`on`), or mail or plain text as the start of the input says.
    Undecided { on: bool },
    /// Plain text.
    Plain,
    /// Mail, through the mail stage.
    Mail(Box<Mail>),
    /// A web archive or page, through the web stage.
    Web(Box<Web>),
}

impl<S: Source> Pipeline<S> {
    fn new(compiled: &Compiled, source: S) -> Self {
        Pipeline {
            source,
            engine: Engine::new(compiled),
            region: None,
            region_starts: compiled.opts.quoted_printable.then(qp::Headers::default),
            lines: compiled.opts.line_numbers.then(LineCounter::default),
            done: false,
            lent: false,
            mode: match (compiled.opts.mail, compiled.opts.warc, compiled.opts.html) {
                (MailMode::Off, WebMode::Off, WebMode::Off) => Mode::Plain,
                (mode, ..) => Mode::Undecided { on: mode == MailMode::On },
            },
            headers: if compiled.opts.mail == MailMode::Off { None } else { compiled.headers.clone() },
            failed: false,
            opts: compiled.opts,
            plain_from: None,
            long_messages: 0,
            long: None,
            deep_dropped: Deep::default(),
            range: None,
            seams: [None, None],
            shard: None,
            web_tally: Tally::default(),
            long_page: false,
            long_record: None,
            nesting: compiled.nested.clone().map(|finder| Box::new(Nesting::new(finder, scan_inner))),
        }
    }

    /// The messages read so far whose MIME entities nest deeper than they are walked: the
    /// mail stage's, wherever it is.
    fn deep(&self) -> Deep {
        match (&self.mode, &self.long) {
            (Mode::Mail(mail), _) => mail.deep(),
            (_, Some(long)) => long.mail.deep(),
            _ => self.deep_dropped,
        }
    }

    /// Decides whether the input is read as mail, reading ahead as far as that takes (the
    /// start of the input for [`MailMode::Auto`]). A read error ends the reading ahead; it is
    /// kept for later.
    #[cold]
    fn decide(&mut self, on: bool) {
        if let Some(page) = self.web_verdict() {
            let line_numbers = self.lines.take().is_some();
            let owned = self.shard.clone().unwrap_or(0..u64::MAX);
            self.mode = Mode::Web(Box::new(Web::new(line_numbers, &self.opts, owned, page)));
            return;
        }
        if self.opts.mail == MailMode::Off {
            self.mode = Mode::Plain;
            return;
        }
        if !on {
            loop {
                let (raw, _, eof) = self.source.window();
                match mail_input::verdict(raw, eof || self.failed) {
                    Some(true) => break,
                    Some(false) => {
                        self.mode = Mode::Plain;
                        return;
                    }
                    None => self.read_ahead(1),
                }
            }
        }
        let line_numbers = self.lines.take().is_some();
        let owned = self.shard.clone().unwrap_or(0..u64::MAX);
        self.mode = Mode::Mail(Box::new(Mail::new(self.headers.take(), line_numbers, &self.opts, owned)));
    }

    /// Whether the input is read as a web archive (`Some(false)`) or page (`Some(true)`),
    /// reading ahead as far as that takes.
    #[cold]
    fn web_verdict(&mut self) -> Option<bool> {
        let (archive, page) = (self.opts.warc, self.opts.html);
        match (archive, page) {
            (WebMode::On, _) => return Some(false),
            (_, WebMode::On) => return Some(true),
            (WebMode::Off, WebMode::Off) => return None,
            _ => {}
        }
        loop {
            let (raw, _, eof) = self.source.window();
            let complete = eof || self.failed;
            let is_archive =
                if archive == WebMode::Auto { warc::verdict(raw, complete) } else { Some(false) };
            let is_page = if page == WebMode::Auto { warc::html_verdict(raw, complete) } else { Some(false) };
            match (is_archive, is_page) {
                (Some(true), _) => return Some(false),
                (Some(false), Some(true)) => return Some(true),
                (Some(false), Some(false)) => return None,
                _ => self.read_ahead(1),
            }
        }
    }

    /// Steps the web stage until an event is queued (`true`) or the input is read (`false`); a
    /// saved page too long to be read as one is read as plain text.
    #[inline(never)]
    fn advance_web(&mut self) -> Result<bool, S::Error> {
        loop {
            let Mode::Web(web) = &mut self.mode else { return self.step() };
            let (raw, base, eof) = self.source.window();
            match web.advance(&mut self.engine, raw, base, eof || self.failed) {
                web_stage::Step::Event => return Ok(true),
                web_stage::Step::More { keep_from } => {
                    let held = (base + raw.len() as u64).saturating_sub(keep_from) as usize;
                    self.failed = !self.source.read_on(keep_from, held.max(crate::source::buffer::CHUNK));
                }
                web_stage::Step::Long { from, to, lines } => {
                    self.engine.back_to_plain(from);
                    self.region_starts = self.opts.quoted_printable.then(qp::Headers::default);
                    self.lines = lines.map(|lines| LineCounter::starting_at(from, lines));
                    if let Mode::Web(web) = std::mem::replace(&mut self.mode, Mode::Plain) {
                        self.long_record = Some((web, to));
                    }
                    return self.step();
                }
                web_stage::Step::TooLong => {
                    self.web_tally = web.tally();
                    self.long_page = true;
                    // The page is owned by the range its start is in, as a message of mail.
                    if self.shard.as_ref().is_some_and(|shard| !shard.contains(&0)) {
                        self.done = true;
                        return Ok(false);
                    }
                    self.engine.back_to_plain(base);
                    self.region_starts = self.opts.quoted_printable.then(qp::Headers::default);
                    self.lines = self.opts.line_numbers.then(|| LineCounter::starting_at(base, 0));
                    self.mode = Mode::Plain;
                }
                web_stage::Step::Done => {
                    self.web_tally = web.tally();
                    self.done = true;
                    // A read error that ended the reading of the input comes after its matches.
                    return if self.failed { self.source.refill(0, 1).map(|()| false) } else { Ok(false) };
                }
            }
        }
    }

    /// [`Pipeline::advance`] for an input that is not (or not yet known to be) plain text.
    #[inline(never)]
    fn advance_container(&mut self) -> Result<bool, S::Error> {
        match self.mode {
            Mode::Plain => self.step(),
            Mode::Undecided { on } => {
                self.decide(on);
                self.step()
            }
            Mode::Mail(_) => self.advance_mail(),
            Mode::Web(_) => self.advance_web(),
        }
    }

    /// What the web stage counted so far.
    fn web_tally(&self) -> Tally {
        match (&self.mode, &self.long_record) {
            (Mode::Web(web), _) | (_, Some((web, _))) => web.tally(),
            _ => self.web_tally,
        }
    }

    /// Goes on reading a web archive after a record too long to hold, read as plain text up
    /// to input offset `to`.
    #[cold]
    fn back_to_web(&mut self, mut web: Box<Web>, to: u64) -> Result<bool, S::Error> {
        let (raw, base, _) = self.source.window();
        let line_feeds = self.lines.take().map(|mut lines| lines.line_at(raw, base, to) - 1);
        web.after_long(to, line_feeds);
        self.mode = Mode::Web(web);
        self.advance_web()
    }

    /// Steps the mail stage until an event is queued (`true`) or the input is read (`false`);
    /// a message too long to be read as mail is read as plain text ([`Mode::Plain`]), to the
    /// next separator line of an mbox ([`Long`]) or the end of the input. Not inlined into
    /// [`Pipeline::advance`], whose plain-text path it would crowd.
    #[inline(never)]
    fn advance_mail(&mut self) -> Result<bool, S::Error> {
        loop {
            let Mode::Mail(mail) = &mut self.mode else { return self.step() };
            let (raw, base, eof) = self.source.window();
            match mail.advance(&mut self.engine, raw, base, eof || self.failed) {
                mail_stage::Step::Event => return Ok(true),
                mail_stage::Step::More { keep_from } => {
                    let held = (base + raw.len() as u64).saturating_sub(keep_from) as usize;
                    self.failed = !self.source.read_on(keep_from, held.max(crate::source::buffer::CHUNK));
                }
                mail_stage::Step::TooLong { at, lines, mbox } => {
                    self.plain_from = self.plain_from.or(Some(at));
                    self.long_messages += 1;
                    // The message is scanned as if it were an input of its own, whichever
                    // range of the input reads it (a range owns the messages whose separator
                    // line starts in it, long ones too).
                    self.engine.back_to_plain(at);
                    self.region_starts = self.opts.quoted_printable.then(qp::Headers::default);
                    self.lines = lines.map(|lines| LineCounter::starting_at(at, lines));
                    if let Mode::Mail(mail) = std::mem::replace(&mut self.mode, Mode::Plain) {
                        match mbox {
                            true => self.long = Some(Long::new(mail, at)),
                            false => self.deep_dropped = mail.deep(),
                        }
                    }
                }
                mail_stage::Step::Done => {
                    self.done = true;
                    // A read error that ended the reading of the input comes after its matches.
                    return if self.failed { self.source.refill(0, 1).map(|()| false) } else { Ok(false) };
                }
            }
        }
    }

    /// Goes on reading mail after a message too long for it, read as plain text up to the
    /// separator line at input offset `separator` (the next message starting at `start`).
    #[cold]
    fn back_to_mail(&mut self, mut mail: Box<Mail>, separator: u64, start: u64) {
        let (raw, base, _) = self.source.window();
        let line_feeds = self.lines.take().map(|mut lines| lines.line_at(raw, base, separator) - 1);
        mail.after_long(separator, start, line_feeds);
        self.mode = Mode::Mail(mail);
    }

    /// Reads `want` more bytes, keeping all; a read error is kept for the next refill.
    fn read_ahead(&mut self, want: usize) {
        self.failed = !self.source.read_ahead(want);
    }

    /// Steps until an event is at the front of the engine's queue (`true`), the input is done
    /// (`false`), or reading fails. An event lent before is dropped first.
    #[inline]
    fn advance(&mut self) -> Result<bool, S::Error> {
        if self.lent {
            self.lent = false;
            self.engine.pending.drop_front();
        }
        if !self.engine.pending.is_empty() {
            return Ok(true);
        }
        if self.done {
            return Ok(false);
        }
        let queued = self.step()?;
        if queued && let Some(nesting) = &mut self.nesting {
            nest(nesting, &mut self.engine, &self.source);
        }
        Ok(queued)
    }

    /// Steps the source, the decoding and the engine until events are queued (`true`), the
    /// input is done (`false`), or reading fails; the queue is empty when called.
    #[inline]
    fn step(&mut self) -> Result<bool, S::Error> {
        // Plain text is the path kept short; the containers go through one call.
        if !matches!(self.mode, Mode::Plain) {
            return self.advance_container();
        }
        loop {
            let (raw, base, eof) = self.source.window();
            let (raw, eof) = match &mut self.long {
                None => (raw, eof),
                Some(long) => long.clip(raw, base, eof),
            };
            let (raw, eof) = match &self.long_record {
                None => (raw, eof),
                Some((_, to)) => clip_to(raw, base, eof, *to),
            };
            let from = self.engine.pos();
            // Triggers are taken before the range's stop, and before the next header line that
            // starts or ends a quoted-printable region (the decoding pre-pass).
            let header = self.region_starts.as_mut().and_then(|starts| starts.next(raw, base, eof, from));
            let stop = match (self.range.map(|r| r.stop), header) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let step = match &self.region {
                None => {
                    let text = Text {
                        bytes: raw,
                        map: Map::Raw(base),
                        complete: eof,
                        end: base + raw.len() as u64,
                        stop,
                    };
                    self.engine.step(&text)
                }
                Some(region) => {
                    let mut text = region.text();
                    if let Some(stop) = stop {
                        text.stop = Some(text.stop.map_or(stop, |end| end.min(stop)));
                    }
                    self.engine.step(&text)
                }
            };
            if let Some(lines) = &mut self.lines {
                self.engine.pending.number_lines(|at| lines.line_at(raw, base, at));
            }
            if let Some((web, _)) = &self.long_record {
                web.give_long_origin(&mut self.engine);
            }
            if let Some(range) = &mut self.range {
                keep_owned(&mut self.engine, range, from);
            }
            let (keep_from, undecided) = match step {
                Step::Event if self.engine.pending.is_empty() => continue,
                Step::Event => return Ok(true),
                // A range is done once its triggers are taken, inside a region or not. Those
                // before its end are taken first, and the state there kept.
                Step::Done if self.range.is_some_and(|r| self.engine.pos() >= r.stop) => {
                    if let Some(r) = self.range.as_mut().filter(|r| r.pausing) {
                        r.pausing = false;
                        r.stop = r.end.saturating_add(LOOKBACK as u64);
                        let end = r.end;
                        if self.shard.is_none() {
                            self.seams[1] = Some(Seam(self.bearing(end)));
                        }
                        continue;
                    }
                    self.done = true;
                    return Ok(false);
                }
                // At a header line: every trigger before it is taken.
                Step::Done if header.is_some_and(|colon| self.engine.pos() >= colon) => {
                    let colon = header.unwrap_or_default();
                    let starts = self.region_starts.as_mut().expect("a header was found by the pre-pass");
                    if self.engine.pos() > colon {
                        // A match read past its colon: the line is text of the match.
                        starts.passed(colon);
                        continue;
                    }
                    let at = (colon - base) as usize;
                    match qp::at_header(raw, base, at, eof, LOOKBACK) {
                        Some(line) => {
                            // A header ends the region before it; a new one starts right after
                            // its colon, or raw text follows.
                            if let qp::HeaderLine::Encoding(region) = line {
                                self.region = region;
                            }
                            self.engine.resume_at(colon + 1);
                            starts.passed(colon);
                            continue;
                        }
                        // The rest of the line is not read yet: read on, keeping its look-back.
                        None => (colon.saturating_sub(LOOKBACK as u64), None),
                    }
                }
                Step::Done => match self.region.take() {
                    None if self.long_record.is_some() => {
                        let Some((web, to)) = self.long_record.take() else { continue };
                        return self.back_to_web(web, to);
                    }
                    None => {
                        if let Some(long) = self.long.take()
                            && let Some((separator, start)) = long.next_message()
                        {
                            self.back_to_mail(long.mail, separator, start);
                            return self.advance_mail();
                        }
                        self.done = true;
                        return Ok(false);
                    }
                    // The region is read to its end: the text after it is raw again.
                    Some(region) => {
                        self.engine.resume_at(region.end().unwrap_or(region.raw_pos()));
                        continue;
                    }
                },
                Step::NeedMore { keep_from, undecided } => (keep_from, undecided),
            };
            let mut keep_from = keep_from;
            if let Some(region) = &mut self.region {
                region.consume_to(keep_from);
                let want = region.held();
                if region.feed(raw, base, eof, want) {
                    continue;
                }
                // The source bytes before the decoded end are decoded; a look back from the
                // region's end, once raw text follows, reads at most `LOOKBACK` of them.
                keep_from = keep_from.min(region.raw_pos().saturating_sub(LOOKBACK as u64));
            }
            if let Some(lines) = &mut self.lines {
                lines.count_to(raw, base, keep_from);
                keep_from = keep_from.min(lines.counted_to());
            }
            if let Some(long) = &self.long {
                keep_from = keep_from.min(long.keep_from());
            }
            // A candidate still undecided is re-read from its start with more input: reading
            // at least as much again as it already spans keeps that linear. Otherwise whatever
            // the source has now is enough.
            let end = base + raw.len() as u64;
            let want = undecided.map_or(1, |t| end.saturating_sub(t) as usize);
            if let Err(e) = self.source.refill(keep_from, want) {
                self.done = true;
                return Err(e);
            }
        }
    }

    /// See [`Matches::overlong`].
    fn overlong(&self) -> u64 {
        match &self.range {
            Some(range) => range.overlong,
            None => self.engine.overlong(),
        }
    }

    /// What of the state bears on what follows input offset `at`, once every trigger before
    /// it is taken.
    fn bearing(&self, at: u64) -> Bearing {
        Bearing {
            cursor: self.engine.bearing(at),
            region: self.region.as_ref().map(|r| (r.start(), r.opener().map(<[u8]>::to_vec))),
        }
    }
}

/// What of `window` (the input from offset `base`, `eof` when nothing follows it) comes
/// before input offset `to`, and whether nothing follows that.
#[inline]
fn clip_to(window: &[u8], base: u64, eof: bool, to: u64) -> (&[u8], bool) {
    let n = (to.saturating_sub(base) as usize).min(window.len());
    (&window[..n], eof || n < window.len() || base + n as u64 == to)
}

/// The matches of `text` under `finder`, all of them or the first: how [`Nesting`] reads the
/// text inside a match.
fn scan_inner(finder: &Compiled, text: &[u8], first_only: bool) -> Vec<Match> {
    let mut matches = SliceMatches::new(finder, text);
    match first_only {
        true => matches.next().into_iter().collect(),
        false => matches.collect(),
    }
}

/// Puts the matches nested in those of the batch `engine` just queued after them, reading
/// their text in the input that `source` holds. Out of line: only scans with nested matches
/// asked for call it.
#[inline(never)]
fn nest<S: Source>(nesting: &mut Nesting, engine: &mut Engine, source: &S) {
    let (raw, base, _) = source.window();
    nesting.expand(&mut engine.pending, raw, base);
}

/// The matches of one input, in input order, with the other events among them
/// ([`next_event`](Matches::next_event)) and what the scan counted. Over a reader it is an
/// [`Extractor<R>`](Extractor) ([`UriFinder::reader`](crate::UriFinder::reader)); over bytes in
/// memory, read in place, a [`SliceMatches<'h>`](SliceMatches)
/// ([`UriFinder::slice`](crate::UriFinder::slice)). Both give the same events for the same
/// bytes; they differ only in [`I::Output`](Input::Output): over a reader each is an
/// `io::Result`, since a read may fail; over bytes in memory, the event itself.
///
/// A read error is yielded once (after every match found before it), and then the iterator
/// ends. `ErrorKind::Interrupted` is retried.
///
/// ```
/// use urisift::{Event, ExtractorBuilder};
///
/// let finder = ExtractorBuilder::new().report_rejected(true).build();
/// let text = b"<http://a.example/> and http://exa%mple.org/";
/// // Over bytes in memory: each event as it is.
/// let mut events = finder.slice(text);
/// assert!(matches!(events.next_event(), Some(Event::Match(_))));
/// assert!(matches!(events.next_event(), Some(Event::Rejected(_))));
/// assert!(events.next_event().is_none());
/// // Over a reader: the same events, each in an `io::Result`.
/// let mut events = finder.reader(&text[..]);
/// assert!(matches!(events.next_event(), Some(Ok(Event::Match(_)))));
/// assert!(matches!(events.next_event(), Some(Ok(Event::Rejected(_)))));
/// assert!(events.next_event().is_none());
/// ```
pub struct Matches<I: Input> {
    pipeline: Pipeline<I::Source>,
}

/// An iterator of matches over a reader `R`, in bounded memory: see [`Matches`].
pub type Extractor<R> = Matches<Reader<R>>;

/// An iterator of matches over bytes in memory, read in place: see [`Matches`].
pub type SliceMatches<'h> = Matches<Slice<'h>>;

impl<I: Input> fmt::Debug for Matches<I>
where
    I::Source: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Matches").field("pipeline", &self.pipeline).finish()
    }
}

impl<R: Read> Extractor<R> {
    pub(crate) fn new(compiled: &Compiled, reader: R) -> Self {
        Matches { pipeline: Pipeline::new(compiled, source::Reader::new(reader)) }
    }

    /// The reader.
    pub fn get_ref(&self) -> &R {
        &self.pipeline.source.reader
    }
}

impl<'h> SliceMatches<'h> {
    pub(crate) fn new(compiled: &Compiled, haystack: &'h [u8]) -> Self {
        Matches { pipeline: Pipeline::new(compiled, source::Slice::new(haystack)) }
    }
}

impl<I: Input> Matches<I> {
    /// The next event: a match, a rejected candidate (only with
    /// [`ExtractorBuilder::report_rejected`](crate::ExtractorBuilder::report_rejected)), or an
    /// overlong candidate that was skipped. An `io::Result<Event>` over a reader, an
    /// [`Event`] over bytes in memory ([`Input::Output`]).
    pub fn next_event(&mut self) -> Option<I::Output<Event>> {
        match self.pipeline.advance() {
            Ok(true) => self.pipeline.engine.pending.pop_front().map(|event| I::output(Ok(event))),
            Ok(false) => None,
            Err(e) => Some(I::output(Err(e))),
        }
    }

    /// The next event, lent rather than given: the same events as
    /// [`next_event`](Matches::next_event), in the same order, each borrowed until the next
    /// call, when it is dropped. For a caller that only looks at each event (counts it, writes
    /// it out), this saves moving it out of the extractor's queue; a match lent and then
    /// dropped also leaves its text's buffer for a later match, so taking every event this way
    /// allocates nothing per URI in the common case. It may be mixed with `next_event` and
    /// `next`: an event lent is not given again.
    ///
    /// ```
    /// use urisift::{Event, ExtractorBuilder};
    ///
    /// let text = &b"See <http://example.org/a> and mailto:someone@example.org."[..];
    /// let mut extractor = ExtractorBuilder::new().build().reader(text);
    /// let (mut count, mut mailto) = (0, 0);
    /// while let Some(event) = extractor.next_event_ref() {
    ///     if let Event::Match(m) = event? {
    ///         count += 1;
    ///         mailto += usize::from(m.uri_bytes().starts_with(b"mailto:"));
    ///     }
    /// }
    /// assert_eq!((count, mailto), (2, 1));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn next_event_ref(&mut self) -> Option<I::Output<&Event>> {
        match self.pipeline.advance() {
            Ok(true) => {
                self.pipeline.lent = true;
                self.pipeline.engine.pending.front().map(|event| I::output(Ok(event)))
            }
            Ok(false) => None,
            Err(e) => Some(I::output(Err(e))),
        }
    }

    /// How many candidates so far were longer than the maximum URI length and skipped. They
    /// are counted when found, which may be a few events ahead of the last one taken (events
    /// are found in small batches); once the events run out the count is complete. For the
    /// scan of a range, the overlong candidates the range owns.
    pub fn overlong(&self) -> u64 {
        self.pipeline.overlong()
    }

    /// For the scan of a range, its state where the range starts: see [`Seam`]. `None` for a
    /// scan of a whole input, and for a range of an input read as mail (it reads the input
    /// from its start).
    pub fn start_seam(&self) -> Option<&Seam> {
        self.pipeline.seams[0].as_ref()
    }

    /// For the scan of a range, its state where the range ends, once the scan has taken every
    /// trigger before the end (at the latest when the events run out): see [`Seam`]. `None`
    /// before that, for a range that reaches the end of the input, for a scan of a whole
    /// input, and for a range of an input read as mail.
    pub fn end_seam(&self) -> Option<&Seam> {
        self.pipeline.seams[1].as_ref()
    }

    /// Where the first message too long to be read as mail starts: the input offset of the
    /// first message longer than
    /// [`ExtractorBuilder::mail_message_max`](crate::ExtractorBuilder::mail_message_max)
    /// bytes, which is read as plain text (`None` while there is none). Known once the events
    /// before it are taken.
    pub fn plain_from(&self) -> Option<u64> {
        self.pipeline.plain_from
    }

    /// How many messages so far were longer than
    /// [`ExtractorBuilder::mail_message_max`](crate::ExtractorBuilder::mail_message_max)
    /// bytes and read as plain text: each to the next mbox separator line, after which the
    /// input is read as mail again (an input that is one message, to its end). Their URIs are
    /// found; what only decoding shows (a base64 part) is not.
    pub fn long_messages(&self) -> u64 {
        self.pipeline.long_messages
    }

    /// Where the first message whose MIME entities nest deeper than they are decoded starts,
    /// and the depth (the message is level 0) from which its bodies were read as plain text,
    /// without MIME decoding (`None` while there is none): entities are decoded as long as the
    /// bodies decoded, each level's counted, come to at most 64 times the message's length,
    /// which is at least 64 levels deep (the crate docs, "Mail"). Known once the events of
    /// the message are taken.
    pub fn deep_from(&self) -> Option<(u64, usize)> {
        self.pipeline.deep().first
    }

    /// What reading a web archive (or saved page) met so far that was not read as it should
    /// have been: malformed records, records too long to hold, bodies cut or not decoded (see
    /// [`WebTally`](crate::WebTally)). All zero for other input.
    pub fn web_tally(&self) -> crate::WebTally {
        let t = self.pipeline.web_tally();
        crate::WebTally {
            malformed: t.malformed,
            first_malformed: t.first_malformed,
            long_records: t.long,
            first_long: t.first_long,
            cut: t.cut,
            broken: t.broken,
            unknown_coding: t.unknown_coding,
            long_page: self.pipeline.long_page,
        }
    }

    /// How many messages so far had MIME entities nested deeper than they are decoded (see
    /// [`Matches::deep_from`]). Their URIs in the text below that depth are found; what only
    /// decoding shows there (a base64 part) is not.
    pub fn deep_messages(&self) -> u64 {
        self.pipeline.deep().count
    }
}

/// The matches: an `io::Result<Match>` each over a reader, a [`Match`] over bytes in memory
/// ([`Input::Output`]). Rejected and overlong candidates are passed over (see
/// [`Matches::next_event`]).
impl<I: Input> Iterator for Matches<I> {
    type Item = I::Output<Match>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            match self.pipeline.advance() {
                // Rejected and overlong candidates before the match are passed over.
                Ok(true) => {
                    if let Some(m) = self.pipeline.engine.pending.pop_match() {
                        return Some(I::output(Ok(m)));
                    }
                }
                Ok(false) => return None,
                Err(e) => return Some(I::output(Err(e))),
            }
        }
    }
}
