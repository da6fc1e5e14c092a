//! The iterators over a reader and over bytes in memory, and the one loop that drives both: the
//! source, the decoding stage and the engine, in that order.

use std::convert::Infallible;
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::Range;

use super::engine::{self, Cursor, Engine, Step};
use super::mail::{self as mail_stage, Mail};
use super::options::LOOKBACK;
use super::options::{Compiled, MailMode, Options};
use super::prefix::Prefix;
use crate::decode::mail as mail_input;
use crate::decode::mime::{self, Boundaries};
use crate::decode::qp::Region;
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
    /// Whether a read failed while reading ahead to decide the mode or to read a message of
    /// mail: the source gives the error on its next refill, once what was read before it is
    /// scanned.
    failed: bool,
    /// The options (the mail stage turns quoted-printable decoding off in the engine's).
    opts: Options,
    /// Where an input read as mail was read as plain text from (see [`Extractor::plain_from`]).
    plain_from: Option<u64>,
    /// In range mode, the events it owns and where triggers stop being taken.
    range: Option<Owned>,
    /// In range mode, its state where the range starts and, once the scan is past it, where
    /// the range ends.
    seams: [Option<Seam>; 2],
}

/// The state of the scan of a range ([`UriFinder::reader_range`](crate::UriFinder::reader_range),
/// [`UriFinder::slice_range`](crate::UriFinder::slice_range)) at one end of the range: where
/// the search resumes, the end of the last match, the guards that keep floods linear, the
/// quoted-printable region being read and the MIME boundaries declared (see the crate docs,
/// "Shards"). Two scans of the same input that are in the same state at an offset find the
/// same events from there on.
///
/// It is what lets a caller that cuts an input into ranges check the warm-up of each range
/// against the scan of the range before it: when the [`end_seam`](Extractor::end_seam) of a
/// range `a..b` whose own scan started right equals the [`start_seam`](Extractor::start_seam)
/// of the range `b..c`, the scan of `b..c` started right too, and its events are the whole
/// input's. A warm-up that cannot see far enough back (a range scanned after
/// [`Prefix::unknown`](crate::Prefix::unknown), whose quoted-printable region began before
/// the warm-up) starts in another state, and the range is scanned again with its prefix
/// counted.
///
/// ```
/// use urisift::{ExtractorBuilder, Prefix};
/// use std::io::Cursor;
///
/// let mut text = b"Content-Transfer-Encoding: quoted-printable\n\n".to_vec();
/// for _ in 0..40_000 {
///     text.extend_from_slice(b"see http://example.org/a-long-=\npath here\n");
/// }
/// let finder = ExtractorBuilder::new().build();
/// let cut = text.len() as u64 / 2;
/// let mut first = finder.reader_range(Cursor::new(&text), 0..cut)?;
/// while first.next_event().is_some() {}
/// // The second range guessed: no header counted before it, so no quoted-printable region.
/// let guess = finder.reader_range_after(Cursor::new(&text), cut..u64::MAX, Prefix::unknown(cut))?;
/// assert_ne!(first.end_seam(), guess.start_seam());
/// // Counted: the warm-up starts at the header, and the seams agree.
/// let counted = finder.reader_range(Cursor::new(&text), cut..u64::MAX)?;
/// assert_eq!(first.end_seam(), counted.start_seam());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seam(Bearing);

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

/// What a scan of a range of the input reports: the events whose outer span starts in
/// `start..end`, from the triggers before `stop`.
#[derive(Debug, Clone, Copy)]
struct Owned {
    start: u64,
    end: u64,
    stop: u64,
    /// The overlong candidates it owns, counted as they are found.
    overlong: u64,
    /// Whether `stop` is still `end`, where the scan pauses to take its state ([`Seam`]) before
    /// it goes on to the triggers whose events may still start before `end`.
    pausing: bool,
}

impl Owned {
    /// The events of a range `start..end`. A candidate's wrapper starts at most [`LOOKBACK`]
    /// bytes before its trigger, so a trigger at or after `end + LOOKBACK` has no event that
    /// starts before `end`.
    /// The triggers are taken in two steps: those before `end` (then the state there is taken,
    /// as a warm-up up to `end` takes it), then the rest.
    fn of(start: u64, end: u64) -> Self {
        Owned { start, end, stop: end, overlong: 0, pausing: true }
    }

    /// No events, and no triggers from `at` on: a warm-up up to `at`.
    fn none_before(at: u64) -> Self {
        Owned { start: at, end: at, stop: at, overlong: 0, pausing: false }
    }

    fn owns(&mut self, event: &Event) -> bool {
        let at = match event {
            Event::Match(m) => m.outer_span().start,
            Event::Rejected(r) => r.outer_span().start,
            Event::Overlong(o) => o.span().start,
        };
        let owned = (self.start..self.end).contains(&at);
        self.overlong += u64::from(owned && matches!(event, Event::Overlong(_)));
        owned
    }
}

/// Drops the events queued in `engine` by a step from input offset `from` that `range` does
/// not own. Kept out of [`Pipeline::advance`], which every scan runs, for the scans of ranges.
#[inline(never)]
fn keep_owned(engine: &mut Engine, range: &mut Owned, from: u64) {
    // An event's outer span starts at most `LOOKBACK` before its trigger, and not after it:
    // when the step took its triggers well inside the range, every event is the range's.
    let inside = from >= range.start.saturating_add(LOOKBACK as u64) && engine.pos() <= range.end;
    if inside {
        let mut overlong = 0;
        engine.pending.for_each(|event| overlong += u64::from(matches!(event, Event::Overlong(_))));
        range.overlong += overlong;
    } else {
        engine.pending.retain(|event| range.owns(event));
    }
}

/// What of a pipeline's state can change the events it finds from an offset on (see
/// [`Engine::bearing`]): two pipelines over the same input with equal bearings there find the
/// same events from there on.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Bearing {
    cursor: Cursor,
    /// Where the quoted-printable region being read started, and the boundaries that end it.
    region: Option<(u64, Boundaries)>,
    boundaries: Boundaries,
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
            opts: compiled.opts,
            plain_from: None,
            range: None,
            seams: [None, None],
        }
    }

    /// A pipeline that starts its search at input offset `at` (its source holding the input
    /// from at least [`LOOKBACK`] bytes before it), with `lines` line feeds before `at` when
    /// lines are counted.
    ///
    /// A range is read as plain text: the mail stage reads whole messages from the start of
    /// the input, which a range does not (see the crate docs, "Shards").
    fn starting_at(compiled: &Compiled, source: S, at: u64, lines: u64) -> Self {
        let mut pipeline = Pipeline::new(compiled, source);
        pipeline.mode = Mode::Plain;
        pipeline.headers = None;
        pipeline.engine.resume_at(at);
        if let Some(counter) = &mut pipeline.lines {
            *counter = LineCounter::starting_at(at, lines);
        }
        pipeline
    }

    /// Takes every trigger before input offset `at`, reporting nothing, and says what of the
    /// state bears on what follows.
    fn warm_up(&mut self, at: u64) -> Result<Bearing, S::Error> {
        self.range = Some(Owned::none_before(at));
        while self.advance()? {}
        Ok(self.bearing(at))
    }

    /// What of the state bears on what follows input offset `at`, once every trigger before
    /// it is taken.
    fn bearing(&self, at: u64) -> Bearing {
        Bearing {
            cursor: self.engine.bearing(at),
            region: self.region.as_ref().map(|r| (r.start(), r.boundaries().clone())),
            boundaries: self.boundaries.clone(),
        }
    }

    /// After [`Pipeline::warm_up`] to `range.start`, which arrived at `bearing`: reports the
    /// events of `range` from here.
    fn own(&mut self, range: Range<u64>, bearing: Bearing) {
        self.range = Some(Owned::of(range.start, range.end));
        self.seams = [Some(Seam(bearing)), None];
        self.done = false;
    }

    /// Decides whether the input is read as mail, reading ahead as far as that takes (the
    /// start of the input for [`MailMode::Auto`]). A read error ends the reading ahead; it is
    /// kept for later.
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
        self.engine.use_for_mail();
        let line_numbers = self.lines.take().is_some();
        self.mode = Mode::Mail(Box::new(Mail::new(self.headers.take(), line_numbers, &self.opts)));
    }

    /// Steps the mail stage until an event is queued (`true`) or the input is read (`false`);
    /// a message too long to be read as mail switches to plain text ([`Mode::Plain`]). Not
    /// inlined into [`Pipeline::advance`], whose plain-text path it would crowd.
    #[inline(never)]
    fn advance_mail(&mut self) -> Result<bool, S::Error> {
        loop {
            let Mode::Mail(mail) = &mut self.mode else { return self.advance() };
            let (raw, base, eof) = self.source.window();
            match mail.advance(&mut self.engine, raw, base, eof || self.failed) {
                mail_stage::Step::Event => return Ok(true),
                mail_stage::Step::More { keep_from } => {
                    let held = (base + raw.len() as u64).saturating_sub(keep_from) as usize;
                    self.failed = !self.source.read_on(keep_from, held.max(crate::source::buffer::CHUNK));
                }
                mail_stage::Step::TooLong { at, lines } => {
                    self.plain_from = Some(at);
                    self.engine.back_to_plain(self.opts.quoted_printable, at);
                    self.lines = lines.map(|lines| LineCounter::starting_at(at, lines));
                    self.mode = Mode::Plain;
                }
                mail_stage::Step::Done => {
                    self.done = true;
                    // A read error that ended the reading of the input comes after its matches.
                    return if self.failed { self.source.refill(0, 1).map(|()| false) } else { Ok(false) };
                }
            }
        }
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
            Mode::Mail(_) => return self.advance_mail(),
        }
        loop {
            let (raw, base, eof) = self.source.window();
            let stop = self.range.map(|r| r.stop);
            let from = self.engine.pos();
            let step = match &self.region {
                None => {
                    let text = Text {
                        bytes: raw,
                        map: Map::Raw(base),
                        complete: eof,
                        end: base + raw.len() as u64,
                        stop,
                    };
                    self.engine.step(&text, &mut self.boundaries)
                }
                Some(region) => {
                    let mut text = region.text();
                    if let Some(stop) = stop {
                        text.stop = Some(text.stop.map_or(stop, |end| end.min(stop)));
                    }
                    self.engine.step(&text, &mut self.boundaries)
                }
            };
            if let Some(lines) = &mut self.lines {
                self.engine.pending.number_lines(|at| lines.line_at(raw, base, at));
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
                        self.seams[1] = Some(Seam(self.bearing(end)));
                        continue;
                    }
                    self.done = true;
                    return Ok(false);
                }
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
                        (None, true) => self.region = Some(Region::new(at, self.boundaries.clone())),
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
        match &self.range {
            Some(range) => range.overlong,
            None => self.engine.overlong(),
        }
    }
}

/// Where the scan of a range that starts at `start` begins, and its pipeline warmed up to
/// `start`: `open(at)` makes a pipeline that starts its search at `at`.
///
/// The engine's state where a range starts is what a scan of the whole input has there, and
/// that depends on what came before. A warm-up from a little before the start (far enough
/// back for any candidate that reaches the start, [`engine::warm_up_reach`]) is checked
/// against one from that far again further back: when both arrive at the start with the same
/// [`Bearing`], the farther one is taken; otherwise the check is made again from further back,
/// each time twice as far, until a warm-up starts at the start of the input, which is exact. With quoted-printable decoding, the warm-ups
/// start no later than `mail_context`, the last `Content-Transfer-Encoding` header line before
/// the start ([`mime::last_transfer_encoding_line`]), so that they know whether the start is in
/// a quoted-printable region.
fn warmed_up<S: Source>(
    compiled: &Compiled,
    start: u64,
    mail_context: u64,
    mut open: impl FnMut(u64, Option<Pipeline<S>>) -> Result<Pipeline<S>, S::Error>,
) -> Result<(Pipeline<S>, Bearing), S::Error> {
    let mut reach = engine::warm_up_reach(&compiled.opts);
    let mut near = start.saturating_sub(reach).min(mail_context);
    let mut pipeline = open(near, None)?;
    let mut bearing = pipeline.warm_up(start)?;
    while near > 0 {
        let far = near.saturating_sub(reach);
        pipeline = open(far, Some(pipeline))?;
        let far_bearing = pipeline.warm_up(start)?;
        if far_bearing == bearing {
            break;
        }
        (near, bearing, reach) = (far, far_bearing, reach.saturating_mul(2));
    }
    Ok((pipeline, bearing))
}

/// The [`Prefix`] of the next `to` bytes `reader` reads, read a block at a time.
fn prefix_of<R: Read>(reader: &mut R, to: u64) -> io::Result<Prefix> {
    let mut buf = vec![0; 256 << 10];
    let mut lead = Vec::new();
    let mut prefix = Prefix::default();
    while prefix.len() < to {
        let want = buf.len().min(usize::try_from(to - prefix.len()).unwrap_or(usize::MAX));
        let n = match reader.read(&mut buf[..want]) {
            // The input ends before the range starts: the range holds nothing.
            Ok(0) => return Ok(prefix.reaching(to)),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        prefix = prefix.followed_by(Prefix::of_block(&lead, &buf[..n], prefix.len()));
        lead.clear();
        lead.extend_from_slice(&buf[n.saturating_sub(32)..n]);
    }
    Ok(prefix)
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
}

impl<R: Read + Seek> Extractor<R> {
    /// The events of the byte range `range` of the input `reader` reads: see
    /// [`UriFinder::reader_range`](crate::UriFinder::reader_range).
    pub(crate) fn range(compiled: &Compiled, mut reader: R, range: Range<u64>) -> io::Result<Self> {
        let opts = &compiled.opts;
        let prefix = if opts.line_numbers || opts.quoted_printable {
            reader.seek(SeekFrom::Start(0))?;
            prefix_of(&mut reader, range.start)?
        } else {
            Prefix::default().reaching(range.start)
        };
        Self::range_after(compiled, reader, range, prefix)
    }

    /// [`Extractor::range`] with the prefix of the range known: see
    /// [`UriFinder::reader_range_after`](crate::UriFinder::reader_range_after).
    pub(crate) fn range_after(
        compiled: &Compiled,
        reader: R,
        range: Range<u64>,
        prefix: Prefix,
    ) -> io::Result<Self> {
        if prefix.len() != range.start {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "the prefix given reaches to {}, not to the range's start {}",
                    prefix.len(),
                    range.start
                ),
            ));
        }
        let range = range.start..range.end.max(range.start);
        let mail_context = match compiled.opts.quoted_printable {
            true => prefix.transfer_encoding_line().unwrap_or(u64::MAX),
            false => u64::MAX,
        };
        let mut first = Some(reader);
        let (mut pipeline, bearing) = warmed_up(
            compiled,
            range.start,
            mail_context,
            |at, last: Option<Pipeline<source::Reader<R>>>| {
                let Some(mut reader) = first.take().or_else(|| last.map(|p| p.source.reader)) else {
                    return Err(io::Error::other("urisift: a range's reader was lost"));
                };
                // The search starts at `at`, looking back from there.
                let from = at.saturating_sub(LOOKBACK as u64);
                let lines = if compiled.opts.line_numbers && from < range.start {
                    reader.seek(SeekFrom::Start(from))?;
                    let between = prefix_of(&mut (&mut reader).take(range.start - from), range.start - from)?;
                    prefix.line_feeds().saturating_sub(between.line_feeds())
                } else {
                    prefix.line_feeds()
                };
                reader.seek(SeekFrom::Start(from))?;
                let mut pipeline =
                    Pipeline::starting_at(compiled, source::Reader::starting_at(reader, from), at, 0);
                if let Some(counter) = &mut pipeline.lines {
                    *counter = LineCounter::starting_at(from.min(range.start), lines);
                }
                Ok(pipeline)
            },
        )?;
        pipeline.own(range, bearing);
        Ok(Extractor { pipeline })
    }
}

impl<R: Read> Extractor<R> {
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

    /// For the scan of a range, its state where the range starts: see [`Seam`]. `None` for a
    /// scan of a whole input.
    pub fn start_seam(&self) -> Option<&Seam> {
        self.pipeline.seams[0].as_ref()
    }

    /// For the scan of a range, its state where the range ends, once the scan has taken every
    /// trigger before the end (at the latest when the events run out): see [`Seam`]. `None`
    /// before that, for a range that reaches the end of the input, and for a scan of a whole
    /// input.
    pub fn end_seam(&self) -> Option<&Seam> {
        self.pipeline.seams[1].as_ref()
    }

    /// Where an input read as mail stopped being read as mail: the input offset of the first
    /// message longer than
    /// [`ExtractorBuilder::mail_message_max`](crate::ExtractorBuilder::mail_message_max)
    /// bytes, from which on the input is read as plain text (`None` while there is none).
    /// Known once the events before it are taken.
    pub fn plain_from(&self) -> Option<u64> {
        self.pipeline.plain_from
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

    /// The events of the byte range `range` of `haystack`: see
    /// [`UriFinder::slice_range`](crate::UriFinder::slice_range).
    pub(crate) fn range(compiled: &Compiled, haystack: &'h [u8], range: Range<usize>) -> Self {
        let end = range.end.min(haystack.len());
        let start = range.start.min(end);
        let count_lines = compiled.opts.line_numbers;
        let mail_context = match compiled.opts.quoted_printable {
            true => mime::last_transfer_encoding_line(&haystack[..start]).map_or(u64::MAX, |at| at as u64),
            false => u64::MAX,
        };
        let Ok((mut pipeline, bearing)) = warmed_up(compiled, start as u64, mail_context, |at, _| {
            let before = &haystack[..usize::try_from(at).unwrap_or(usize::MAX).min(haystack.len())];
            let lines = if count_lines { memchr::memchr_iter(b'\n', before).count() as u64 } else { 0 };
            Ok::<_, Infallible>(Pipeline::starting_at(compiled, source::Slice(haystack), at, lines))
        });
        pipeline.own(start as u64..end as u64, bearing);
        SliceMatches { pipeline }
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

    /// See [`Extractor::start_seam`].
    pub fn start_seam(&self) -> Option<&Seam> {
        self.pipeline.seams[0].as_ref()
    }

    /// See [`Extractor::end_seam`].
    pub fn end_seam(&self) -> Option<&Seam> {
        self.pipeline.seams[1].as_ref()
    }

    /// Where an input read as mail stopped being read as mail: see [`Extractor::plain_from`].
    pub fn plain_from(&self) -> Option<u64> {
        self.pipeline.plain_from
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
