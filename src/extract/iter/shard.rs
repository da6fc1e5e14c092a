//! Shards: the scan of one byte range of an input (see the crate docs, "Shards"). A range of
//! plain text is warmed up from before its start until the state there is settled
//! ([`warmed_up`], [`Seam`]) and owns the events whose outer span starts in it ([`Owned`]); a
//! range of mail owns the messages whose separator line starts in it, and reads the messages
//! before it without walking them ([`Pipeline::mail_shard`]).

use std::convert::Infallible;
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::Range;

use super::{Extractor, Mode, Pipeline, SliceMatches};
use crate::decode::mail as mail_input;
use crate::decode::qp;
use crate::extract::engine::{self, Cursor, Engine};
use crate::extract::options::{Compiled, LOOKBACK, MailMode, WebMode};
use crate::extract::prefix::Prefix;
use crate::matches::Event;
use crate::source::lines::LineCounter;
use crate::source::{self, Source};

/// The state of the scan of a range ([`UriFinder::reader_range`](crate::UriFinder::reader_range),
/// [`UriFinder::slice_range`](crate::UriFinder::slice_range)) at one end of the range: where
/// the search resumes, the end of the last match, the guards that keep floods linear, the
/// quoted-printable region being read and the boundary that ends it (see the crate docs,
/// "Shards"). Two scans of the same input that are in the same state at an offset find the
/// same events from there on.
///
/// It is what lets a caller that cuts an input into ranges check the warm-up of each range
/// against the scan of the range before it: when the [`end_seam`](crate::Matches::end_seam)
/// of a range `a..b` whose own scan started right equals the
/// [`start_seam`](crate::Matches::start_seam) of the range `b..c`, the scan of `b..c` started
/// right too, and its events are the whole input's. A warm-up that cannot see far enough back
/// (a range scanned after [`Prefix::unknown`](crate::shard::Prefix::unknown), whose
/// quoted-printable region began before the warm-up) starts in another state, and the range is
/// scanned again with its prefix counted.
///
/// ```
/// use std::io::Cursor;
/// use urisift::shard::{self, Prefix};
/// use urisift::{ExtractorBuilder, MailMode};
///
/// let mut text = b"Content-Transfer-Encoding: quoted-printable\n\n".to_vec();
/// for _ in 0..40_000 {
///     text.extend_from_slice(b"see http://example.org/a-long-=\npath here\n");
/// }
/// // Plain text (read as mail, the ranges would own messages, and have no seams), its
/// // quoted-printable regions decoded.
/// let finder = ExtractorBuilder::new().mail(MailMode::Off).quoted_printable(true).build();
/// let cut = text.len() as u64 / 2;
/// let mut first = finder.reader_range(Cursor::new(&text), 0..cut)?;
/// while first.next_event().is_some() {}
/// // The second range guessed: no header counted before it, so no quoted-printable region.
/// let guess = shard::reader_range_after(&finder, Cursor::new(&text), cut..u64::MAX, Prefix::unknown(cut))?;
/// assert_ne!(first.end_seam(), guess.start_seam());
/// // Counted: the warm-up starts at the header, and the seams agree.
/// let counted = finder.reader_range(Cursor::new(&text), cut..u64::MAX)?;
/// assert_eq!(first.end_seam(), counted.start_seam());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seam(pub(super) Bearing);

/// What a scan of a range of the input reports: the events whose outer span starts in
/// `start..end`, from the triggers before `stop`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Owned {
    pub(super) start: u64,
    pub(super) end: u64,
    pub(super) stop: u64,
    /// The overlong candidates it owns, counted as they are found.
    pub(super) overlong: u64,
    /// Whether `stop` is still `end`, where the scan pauses to take its state ([`Seam`]) before
    /// it goes on to the triggers whose events may still start before `end`.
    pub(super) pausing: bool,
}

impl Owned {
    /// The events of a range `start..end`. A candidate's wrapper starts at most [`LOOKBACK`]
    /// bytes before its trigger, so a trigger at or after `end + LOOKBACK` has no event that
    /// starts before `end`.
    /// The triggers are taken in two steps: those before `end` (then the state there is taken,
    /// as a warm-up up to `end` takes it), then the rest.
    pub(super) fn of(start: u64, end: u64) -> Self {
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
pub(super) fn keep_owned(engine: &mut Engine, range: &mut Owned, from: u64) {
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
pub(super) struct Bearing {
    cursor: Cursor,
    /// Where the quoted-printable region being read started, and the boundary whose
    /// delimiter lines end it.
    region: Option<(u64, Option<Vec<u8>>)>,
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
/// the start ([`qp::last_transfer_encoding_line`]), so that they know whether the start is in
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

/// Whether the input `reader` reads is read as mail, a web archive or a page (as
/// [`Pipeline::decide`] would decide at its start), whose ranges snap to its messages or
/// records, reading its start for the modes that look at it.
fn starts_as_mail<R: Read + Seek>(compiled: &Compiled, reader: &mut R) -> io::Result<bool> {
    let mut start = Vec::new();
    let opts = &compiled.opts;
    if opts.mail == MailMode::Auto || opts.warc == WebMode::Auto || opts.html == WebMode::Auto {
        reader.seek(SeekFrom::Start(0))?;
        reader.take(mail_input::LOOK_MAX as u64).read_to_end(&mut start)?;
    }
    Ok(opts.reads_whole(&start, start.len() < mail_input::LOOK_MAX))
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

impl<R: Read + Seek> Extractor<R> {
    /// The events of the byte range `range` of the input `reader` reads: see
    /// [`UriFinder::reader_range`](crate::UriFinder::reader_range).
    pub(crate) fn range(compiled: &Compiled, mut reader: R, range: Range<u64>) -> io::Result<Self> {
        if starts_as_mail(compiled, &mut reader)? {
            return Self::mail_shard(compiled, reader, range);
        }
        let opts = &compiled.opts;
        let prefix = if opts.line_numbers || opts.quoted_printable {
            reader.seek(SeekFrom::Start(0))?;
            prefix_of(&mut reader, range.start)?
        } else {
            Prefix::default().reaching(range.start)
        };
        Self::range_after(compiled, reader, range, prefix)
    }

    /// The range `range` of mail: see [`Pipeline::mail_shard`].
    fn mail_shard(compiled: &Compiled, mut reader: R, range: Range<u64>) -> io::Result<Self> {
        let range = range.start..range.end.max(range.start);
        reader.seek(SeekFrom::Start(0))?;
        Ok(Extractor { pipeline: Pipeline::mail_shard(compiled, source::Reader::new(reader), range) })
    }

    /// [`Extractor::range`] with the prefix of the range known: see
    /// [`shard::reader_range_after`](crate::shard::reader_range_after).
    pub(crate) fn range_after(
        compiled: &Compiled,
        mut reader: R,
        range: Range<u64>,
        prefix: Prefix,
    ) -> io::Result<Self> {
        if starts_as_mail(compiled, &mut reader)? {
            return Self::mail_shard(compiled, reader, range);
        }
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

/// The pipeline of a range.
impl<S: Source> Pipeline<S> {
    /// A pipeline over the range `range` of an input read as mail, its source reading the
    /// input from its start: the messages before the range are passed over (counted, and
    /// checked against the bound), those whose separator line starts in it are read, and
    /// the reading ends at the first separator line at or after its end.
    fn mail_shard(compiled: &Compiled, source: S, range: Range<u64>) -> Self {
        let mut pipeline = Pipeline::new(compiled, source);
        pipeline.mode = Mode::Undecided { on: true };
        pipeline.shard = Some(range);
        pipeline
    }

    /// A pipeline over plain text that starts its search at input offset `at` (its source
    /// holding the input from at least [`LOOKBACK`] bytes before it), with `lines` line feeds
    /// before `at` when lines are counted.
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
    pub(super) fn bearing(&self, at: u64) -> Bearing {
        Bearing {
            cursor: self.engine.bearing(at),
            region: self.region.as_ref().map(|r| (r.start(), r.opener().map(<[u8]>::to_vec))),
        }
    }

    /// After [`Pipeline::warm_up`] to `range.start`, which arrived at `bearing`: reports the
    /// events of `range` from here.
    fn own(&mut self, range: Range<u64>, bearing: Bearing) {
        self.range = Some(Owned::of(range.start, range.end));
        self.seams = [Some(Seam(bearing)), None];
        self.done = false;
    }
}

impl<'h> SliceMatches<'h> {
    /// The events of the byte range `range` of `haystack`: see
    /// [`UriFinder::slice_range`](crate::UriFinder::slice_range).
    pub(crate) fn range(compiled: &Compiled, haystack: &'h [u8], range: Range<usize>) -> Self {
        let end = range.end.min(haystack.len());
        let start = range.start.min(end);
        let head = &haystack[..haystack.len().min(mail_input::LOOK_MAX)];
        if compiled.opts.reads_whole(head, head.len() < mail_input::LOOK_MAX) {
            let shard = start as u64..end as u64;
            return SliceMatches {
                pipeline: Pipeline::mail_shard(compiled, source::Slice::new(haystack), shard),
            };
        }
        let count_lines = compiled.opts.line_numbers;
        let mail_context = match compiled.opts.quoted_printable {
            true => qp::last_transfer_encoding_line(&haystack[..start]).map_or(u64::MAX, |at| at as u64),
            false => u64::MAX,
        };
        let Ok((mut pipeline, bearing)) = warmed_up(compiled, start as u64, mail_context, |at, _| {
            let before = &haystack[..usize::try_from(at).unwrap_or(usize::MAX).min(haystack.len())];
            let lines = if count_lines { memchr::memchr_iter(b'\n', before).count() as u64 } else { 0 };
            Ok::<_, Infallible>(Pipeline::starting_at(compiled, source::Slice::new(haystack), at, lines))
        });
        pipeline.own(start as u64..end as u64, bearing);
        SliceMatches { pipeline }
    }
}
