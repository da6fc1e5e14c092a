//! The iterators over a reader and over bytes in memory, and the one loop that drives both: the
//! source, the decoding stage and the engine, in that order.

use std::io::{self, Read};

use super::engine::{Engine, Step};
use super::mail::{MAIL_MAX, Mail};
use super::options::LOOKBACK;
use super::options::{Compiled, MailMode};
use crate::decode::mail as mail_input;
use crate::decode::mime::Boundaries;
use crate::decode::qp::Region;
use crate::decode::{Map, Text};
use crate::matches::{Event, Match};
use crate::source::lines::LineCounter;
use crate::source::{self, Source};

/// The source, the decoding stage and the engine, stepped together.
///
/// First the input is read as far as it takes to tell whether it is mail
/// ([`ExtractorBuilder::mail`](crate::ExtractorBuilder::mail)). Mail is read whole and goes to
/// the engine through the mail stage ([`Mail`]). Plain text: text outside quoted-printable regions goes to the engine as it is in the source's window;
/// inside a region, as the region's [`Region`] decodes it. The engine says where a region
/// starts (a `Content-Transfer-Encoding` header it reads); the region says where it ends.
#[derive(Debug)]
struct Pipeline<S> {
    source: S,
    engine: Engine,
    /// The MIME boundaries declared by the `Content-Type` headers read so far.
    boundaries: Boundaries,
    /// The quoted-printable region being read, if any.
    region: Option<Region>,
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
    /// Whether a read failed while reading ahead to decide the mode or to read mail whole: the
    /// source gives the error on its next refill, once what was read before it is scanned.
    failed: bool,
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
}

impl<S: Source> Pipeline<S> {
    fn new(compiled: &Compiled, source: S) -> Self {
        Pipeline {
            source,
            engine: Engine::new(compiled),
            boundaries: Boundaries::default(),
            region: None,
            lines: compiled.opts.line_numbers.then(LineCounter::default),
            done: false,
            lent: false,
            mode: match compiled.opts.mail {
                MailMode::Off => Mode::Plain,
                mode => Mode::Undecided { on: mode == MailMode::On },
            },
            headers: if compiled.opts.mail == MailMode::Off { None } else { compiled.headers.clone() },
            failed: false,
        }
    }

    /// Decides whether the input is read as mail, reading ahead as far as that takes: the
    /// start of the input for [`MailMode::Auto`], and all of it (up to [`MAIL_MAX`] bytes)
    /// for mail. A read error ends the reading ahead; it is kept for later.
    #[cold]
    fn decide(&mut self, on: bool) {
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
        loop {
            let (raw, _, eof) = self.source.window();
            if raw.len() > MAIL_MAX {
                self.mode = Mode::Plain;
                return;
            }
            if eof || self.failed {
                break;
            }
            self.read_ahead(raw.len().max(crate::source::buffer::CHUNK));
        }
        self.engine.use_for_mail();
        let line_numbers = self.lines.take().is_some();
        self.mode =
            Mode::Mail(Box::new(Mail::new(self.source.window().0, self.headers.take(), line_numbers)));
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
        match &mut self.mode {
            Mode::Plain => {}
            &mut Mode::Undecided { on } => {
                self.decide(on);
                return self.advance();
            }
            Mode::Mail(mail) => {
                if mail.advance(&mut self.engine, self.source.window().0) {
                    return Ok(true);
                }
                self.done = true;
                // A read error that ended the reading of the input comes after its matches.
                return if self.failed { self.source.refill(0, 1).map(|()| false) } else { Ok(false) };
            }
        }
        loop {
            let (raw, base, eof) = self.source.window();
            let step = match &self.region {
                None => {
                    let text = Text {
                        bytes: raw,
                        map: Map::Raw(base),
                        complete: eof,
                        end: base + raw.len() as u64,
                        stop: None,
                    };
                    self.engine.step(&text, &mut self.boundaries)
                }
                Some(region) => self.engine.step(&region.text(), &mut self.boundaries),
            };
            if let Some(lines) = &mut self.lines {
                self.engine.pending.number_lines(|at| lines.line_at(raw, base, at));
            }
            let (keep_from, undecided) = match step {
                Step::Event => return Ok(true),
                Step::Done => match self.region.take() {
                    None => {
                        self.done = true;
                        return Ok(false);
                    }
                    // The region is read to its end: the text after it is raw again.
                    Some(region) => {
                        self.engine.resume_at(region.end().unwrap_or(region.raw_pos()));
                        continue;
                    }
                },
                Step::Decode { quoted_printable, at } => {
                    match (&self.region, quoted_printable) {
                        (None, true) => self.region = Some(Region::new(at)),
                        (Some(_), false) => self.region = None,
                        _ => {}
                    }
                    continue;
                }
                Step::NeedMore { keep_from, undecided } => (keep_from, undecided),
            };
            let mut keep_from = keep_from;
            if let Some(region) = &mut self.region {
                region.consume_to(keep_from);
                let want = region.held();
                if region.feed(raw, base, eof, &self.boundaries, want) {
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

    /// See [`Extractor::overlong`].
    fn overlong(&self) -> u64 {
        self.engine.overlong()
    }
}

/// An iterator of matches over a reader, in input order.
///
/// A read error is yielded once (after every match found before it), and then the iterator
/// ends. `ErrorKind::Interrupted` is retried.
#[derive(Debug)]
pub struct Extractor<R> {
    pipeline: Pipeline<source::Reader<R>>,
}

impl<R: Read> Extractor<R> {
    pub(crate) fn new(compiled: &Compiled, reader: R) -> Self {
        Extractor { pipeline: Pipeline::new(compiled, source::Reader::new(reader)) }
    }

    /// The next event: a match, a rejected candidate (only with
    /// [`ExtractorBuilder::report_rejected`](crate::ExtractorBuilder::report_rejected)), or an
    /// overlong candidate that was skipped.
    pub fn next_event(&mut self) -> Option<io::Result<Event>> {
        match self.pipeline.advance() {
            Ok(true) => self.pipeline.engine.pending.pop_front().map(Ok),
            Ok(false) => None,
            Err(e) => Some(Err(e)),
        }
    }

    /// The next event, lent rather than given: the same events as
    /// [`next_event`](Extractor::next_event), in the same order, each borrowed until the next
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
    /// let mut extractor = ExtractorBuilder::new().reader(text);
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
    pub fn next_event_ref(&mut self) -> Option<io::Result<&Event>> {
        match self.pipeline.advance() {
            Ok(true) => {
                self.pipeline.lent = true;
                self.pipeline.engine.pending.front().map(Ok)
            }
            Ok(false) => None,
            Err(e) => Some(Err(e)),
        }
    }

    /// How many candidates so far were longer than the maximum URI length and skipped. They
    /// are counted when found, which may be a few events ahead of the last one taken (events
    /// are found in small batches); once the events run out the count is complete.
    pub fn overlong(&self) -> u64 {
        self.pipeline.overlong()
    }

    /// The reader.
    pub fn get_ref(&self) -> &R {
        &self.pipeline.source.reader
    }
}

impl<R: Read> Iterator for Extractor<R> {
    type Item = io::Result<Match>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            match self.next_event()? {
                Ok(Event::Match(m)) => return Some(Ok(m)),
                Ok(_) => {}
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

/// An iterator of matches over bytes in memory, in input order.
#[derive(Debug)]
pub struct SliceMatches<'h> {
    pipeline: Pipeline<source::Slice<'h>>,
}

impl<'h> SliceMatches<'h> {
    pub(crate) fn new(compiled: &Compiled, haystack: &'h [u8]) -> Self {
        SliceMatches { pipeline: Pipeline::new(compiled, source::Slice(haystack)) }
    }
}

impl SliceMatches<'_> {
    /// The next event: see [`Extractor::next_event`].
    pub fn next_event(&mut self) -> Option<Event> {
        let Ok(more) = self.pipeline.advance();
        if more { self.pipeline.engine.pending.pop_front() } else { None }
    }

    /// The next event, lent until the next call: see [`Extractor::next_event_ref`].
    pub fn next_event_ref(&mut self) -> Option<&Event> {
        let Ok(more) = self.pipeline.advance();
        self.pipeline.lent = more;
        if more { self.pipeline.engine.pending.front() } else { None }
    }

    /// How many candidates so far were longer than the maximum URI length and skipped: see
    /// [`Extractor::overlong`].
    pub fn overlong(&self) -> u64 {
        self.pipeline.overlong()
    }
}

impl Iterator for SliceMatches<'_> {
    type Item = Match;

    fn next(&mut self) -> Option<Match> {
        loop {
            if let Event::Match(m) = self.next_event()? {
                return Some(m);
            }
        }
    }
}
