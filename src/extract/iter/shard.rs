//! Shards: the scan of one byte range of an input (see the crate docs, "Shards"). A range of
//! plain text is warmed up from before its start until the state there is settled
//! ([`warmed_up`], [`Seam`]) and owns the events whose outer span starts in it ([`Owned`]); a
//! range of mail owns the messages whose separator line starts in it, and reads the messages
//! before it without walking them ([`Pipeline::mail_shard`]).

use std::convert::Infallible;
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::Range;

use super::seam::{Bearing, Owned, Seam};
use super::{Extractor, Mode, Pipeline, SliceMatches};
use crate::decode::mail as mail_input;
use crate::decode::qp;
use crate::extract::engine;
use crate::extract::options::{Compiled, LOOKBACK, MailMode, WebMode};
use crate::extract::prefix::Prefix;
use crate::source::lines::LineCounter;
use crate::source::{self, Source};

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
