//! The ranges of a gzip file read by members (`input::members`; issue 39 item 3): how a file
//! is cut for `-j`, how each range's runs are sent to the main thread, and how the main thread
//! checks a range's first run against where the ranges before it ended.

use std::ops::Range;
use std::sync::mpsc::SyncSender;

use urisift::UriFinder;

use super::channel::{Delivery, EventSender, Msg};
use crate::args::Args;
use crate::input::{Input, MemberBytes, MemberWalk, Next, Trouble};

/// The smallest range of a gzip file read by members (compressed bytes: each holds several
/// times as much text).
pub(super) const MEMBERS_MIN: u64 = 256 << 10;
/// The largest.
const MEMBERS_MAX: u64 = 4 << 20;

/// Cuts `range` of a gzip file of `len` bytes into the ranges its members are read in on
/// `threads` threads (about two per thread, from [`MEMBERS_MIN`] to [`MEMBERS_MAX`] long),
/// giving each to `each`: the first starts where `range` does, the last ends where it does.
/// Each owns the members that start in it; in a file of one member, the first range reads it
/// and the others find none.
pub(super) fn member_ranges(range: Range<u64>, len: u64, threads: usize, mut each: impl FnMut(Range<u64>)) {
    let span = range.end.min(len).saturating_sub(range.start);
    let part = (span / (2 * threads as u64)).clamp(MEMBERS_MIN, MEMBERS_MAX);
    let parts = span.div_ceil(part).max(1);
    for k in 0..parts {
        let start = range.start + k * part;
        let end = if k + 1 == parts { range.end } else { start + part };
        each(start..end);
    }
}

/// Whether a range of a gzip file whose first run starts at `first` (`None`: it owns none)
/// and that ends at `end` agrees with where the ranges before it found the next run to start
/// (`next`, the member after their last run; `None` before the first range).
pub(super) fn agrees(next: Option<Next>, first: Option<u64>, end: u64) -> bool {
    match next {
        // The first range starts at the file's start, where its first member is; a search
        // from the start of the range finds what the search after a broken member would.
        None | Some(Next::Searched) => true,
        Some(Next::End) => first.is_none(),
        Some(Next::At(at)) if at < end => first == Some(at),
        Some(Next::At(_)) => first.is_none(),
    }
}

/// Scans the runs of members of a gzip file that `walk` goes through, as [`send_events`] sends
/// a scan's: first where its first run starts, then each run's events (the main thread told of
/// its first member's offset) and what went wrong in it, then where the runs after it go on.
/// The rendered output of many small members (a `.warc.gz`) goes in one message.
pub(super) fn send_members(
    mut walk: MemberWalk,
    finder: &UriFinder,
    input: &Input,
    args: &Args,
    delivery: Delivery,
    tx: &SyncSender<Msg>,
) {
    if tx.send(Msg::MembersFrom(walk.first())).is_err() {
        return;
    }
    let Some(mut sender) = EventSender::new(input, args, delivery, tx) else { return };
    let mut held = Vec::new();
    loop {
        let mut open = true;
        // What went wrong comes after the output before it.
        let mut trouble = |t: Trouble| open &= sender.flush() && tx.send(Msg::Trouble(t)).is_ok();
        let next = walk.next_member(&mut trouble);
        let (at, reader) = match next {
            Ok(Some(member)) if open => member,
            Ok(_) if !open => return,
            Ok(_) => break,
            Err(e) => {
                if sender.flush() {
                    let _ = tx.send(Msg::Failed(e));
                }
                return;
            }
        };
        sender.set_member(at);
        let sent = match MemberBytes::read(reader, &mut held) {
            Ok(MemberBytes::Whole(bytes)) => sender.send(&mut finder.slice(bytes)),
            Ok(MemberBytes::Long(reader)) => sender.send(&mut finder.reader(reader)),
            Err(e) => {
                if sender.flush() {
                    let _ = tx.send(Msg::Failed(e));
                }
                return;
            }
        };
        if !sent {
            return;
        }
        if at == 0 && held.len() >= 2 && tx.send(Msg::Head([held[0], held[1]])).is_err() {
            return;
        }
    }
    if sender.flush() {
        let _ = tx.send(Msg::MembersNext(walk.next()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ranges of a gzip file cover what they are cut from, in order, each at least
    /// [`MEMBERS_MIN`] long but the last.
    #[test]
    fn member_ranges_cover_the_range() {
        for (range, len, threads) in [
            (0..u64::MAX, 100 << 20, 2),
            (0..u64::MAX, 1000, 4),
            (300..u64::MAX, 10 << 20, 3),
            (5 << 20..9 << 20, 100 << 20, 2),
            (200 << 20..300 << 20, 100 << 20, 2),
        ] {
            let mut ranges = Vec::new();
            member_ranges(range.clone(), len, threads, |r| ranges.push(r));
            assert_eq!(ranges.first().map(|r| r.start), Some(range.start));
            assert_eq!(ranges.last().map(|r| r.end), Some(range.end));
            assert!(
                ranges.windows(2).all(|w| w[0].end == w[1].start && w[0].end - w[0].start >= MEMBERS_MIN)
            );
        }
    }

    /// A range's first member agrees with where the ranges before it found the next member.
    #[test]
    fn a_ranges_first_member_is_checked_against_the_one_before() {
        assert!(agrees(None, Some(0), 100));
        assert!(agrees(Some(Next::Searched), Some(150), 200));
        assert!(agrees(Some(Next::At(150)), Some(150), 200));
        assert!(!agrees(Some(Next::At(150)), Some(170), 200), "a false start after the true one");
        assert!(!agrees(Some(Next::At(150)), None, 200), "a member missed");
        assert!(agrees(Some(Next::At(250)), None, 200), "the member after starts in the next range");
        assert!(!agrees(Some(Next::At(250)), Some(180), 200), "a false start inside the member before");
        assert!(agrees(Some(Next::End), None, 200));
        assert!(!agrees(Some(Next::End), Some(180), 200));
    }
}
