//! What the scan of a range keeps at its ends: the state the scan is in there ([`Seam`]), and
//! the events it owns ([`Owned`]).

use crate::extract::engine::{Cursor, Engine};
use crate::extract::options::LOOKBACK;
use crate::matches::Event;

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
    pub(super) fn none_before(at: u64) -> Self {
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
/// not own. Kept out of [`Pipeline::advance`](super::Pipeline::advance), which every scan runs, for the scans of ranges.
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
/// [`Engine::bearing`](crate::extract::engine::Engine::bearing)): two pipelines over the same input with equal bearings there find the
/// same events from there on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Bearing {
    pub(super) cursor: Cursor,
    /// Where the quoted-printable region being read started, and the boundary whose
    /// delimiter lines end it.
    pub(super) region: Option<(u64, Option<Vec<u8>>)>,
}
