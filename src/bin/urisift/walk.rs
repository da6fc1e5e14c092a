//! Scanning what an input gives, event by event: an extractor over a reader or over bytes in
//! memory ([`EventSource`]), and the runs of members of a gzip file ([`walk_members`]), for a
//! scan on the main thread (`extract`) and for a range that `parallel` scans again there.

use std::io::{self, Read, Write};

use urisift::{Event, UriFinder};

use crate::input::{self, FirstBytes, MemberBytes, MemberWalk, Notes, report_trouble, warn_utf16};
use crate::json::Counts;
use crate::print::{Printer, Rest, ScanError};

/// What a scan takes events from (`parallel`'s `send_events` too): an extractor over a reader, or over bytes in
/// memory (a run of a mailbox read in place, `parallel::runs`).
pub trait EventSource {
    /// The next event, lent until the next call.
    fn next_ref(&mut self) -> Option<io::Result<&Event>>;
    /// Where the first message too long to be read as mail starts.
    fn plain_from(&self) -> Option<u64>;
    /// How many messages were too long to be read as mail.
    fn long_messages(&self) -> u64;
    /// Where the first message nested too deep to decode starts, and the depth.
    fn deep_from(&self) -> Option<(u64, usize)>;
    /// How many messages were nested too deep to decode.
    fn deep_messages(&self) -> u64;
    /// What a web archive held that was not read as it should have been.
    fn web_tally(&self) -> urisift::WebTally;
}

impl<R: Read> EventSource for urisift::Extractor<R> {
    fn next_ref(&mut self) -> Option<io::Result<&Event>> {
        self.next_event_ref()
    }

    fn plain_from(&self) -> Option<u64> {
        self.plain_from()
    }

    fn long_messages(&self) -> u64 {
        self.long_messages()
    }

    fn deep_from(&self) -> Option<(u64, usize)> {
        self.deep_from()
    }

    fn deep_messages(&self) -> u64 {
        self.deep_messages()
    }

    fn web_tally(&self) -> urisift::WebTally {
        self.web_tally()
    }
}

impl EventSource for urisift::SliceMatches<'_> {
    fn next_ref(&mut self) -> Option<io::Result<&Event>> {
        self.next_event_ref().map(Ok)
    }

    fn plain_from(&self) -> Option<u64> {
        self.plain_from()
    }

    fn long_messages(&self) -> u64 {
        self.long_messages()
    }

    fn deep_from(&self) -> Option<(u64, usize)> {
        self.deep_from()
    }

    fn deep_messages(&self) -> u64 {
        self.deep_messages()
    }

    fn web_tally(&self) -> urisift::WebTally {
        self.web_tally()
    }
}

/// Reports the runs of members `walk` goes through (a member that does not end with a line
/// feed, or in a web archive or an mbox whose next does not start a record or message, read
/// on into the next), each scanned on its own, adding what is warned
/// about once to `notes`; what goes wrong in a member is said as it comes, and `failed` set
/// when that is an error. Whether the input is wanted on (not with `-m` reached). Shared with
/// the main thread of `-j`, which scans a range again this way when its start was found
/// wrongly.
#[allow(clippy::too_many_arguments)]
pub fn walk_members<W: Write>(
    printer: &mut Printer<'_, W>,
    finder: &UriFinder,
    walk: &mut MemberWalk,
    counts: &mut Counts,
    name: &str,
    notes: &mut Notes,
    failed: &mut bool,
) -> Result<bool, ScanError> {
    let mut trouble = |t: input::Trouble| {
        report_trouble(name, &t);
        *failed = true;
    };
    let mut held = Vec::new();
    while let Some((at, reader)) = walk.next_member(&mut trouble).map_err(ScanError::Input)? {
        printer.set_member(at);
        let all = if printer.wants_text() {
            // Through the reader that keeps the recent text, for the lines of the matches.
            let reader = printer.read_for_text(Box::new(reader));
            let mut extractor = finder.reader(FirstBytes::new(reader));
            let all = drain(printer, &mut extractor, counts, name)?;
            if at == 0
                && let Some(head) = extractor.get_ref().head()
            {
                warn_utf16(name, &head);
            }
            add_notes(notes, &extractor);
            all
        } else {
            let all = match MemberBytes::read(reader, &mut held).map_err(ScanError::Input)? {
                MemberBytes::Whole(bytes) => {
                    scan_source(printer, &mut finder.slice(bytes), counts, name, notes)?
                }
                MemberBytes::Long(reader) => {
                    scan_source(printer, &mut finder.reader(reader), counts, name, notes)?
                }
            };
            if at == 0 {
                warn_utf16(name, &held[..held.len().min(2)]);
            }
            all
        };
        if !all {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Reports the events of `source`, adding its notes to `notes`; whether it ended (not with
/// `-m` reached).
pub fn scan_source<W: Write>(
    printer: &mut Printer<'_, W>,
    source: &mut impl EventSource,
    counts: &mut Counts,
    name: &str,
    notes: &mut Notes,
) -> Result<bool, ScanError> {
    let max_count = printer.args.max_count.unwrap_or(u64::MAX);
    let mut all = true;
    while let Some(event) = source.next_ref() {
        let event = event.map_err(ScanError::Input)?;
        if let Rest::NotWanted = printer.report(event, counts, name, max_count)? {
            all = false;
            break;
        }
    }
    add_notes(notes, source);
    Ok(all)
}

/// Adds the notes of a scan to `notes`.
pub fn add_notes(notes: &mut Notes, source: &impl EventSource) {
    let long = source.plain_from().map(|at| (at, source.long_messages()));
    let deep = source.deep_from().map(|first| (first, source.deep_messages()));
    notes.add_scan(long, deep, source.web_tally());
}

/// Takes the events of `extractor` until it ends or the printer wants no more; whether it
/// ended.
pub fn drain<W: Write, R: Read>(
    printer: &mut Printer<'_, W>,
    extractor: &mut urisift::Extractor<R>,
    counts: &mut Counts,
    name: &str,
) -> Result<bool, ScanError> {
    let max_count = printer.args.max_count.unwrap_or(u64::MAX);
    // Each event is looked at where it lies in the extractor, not moved out of it.
    while let Some(event) = extractor.next_event_ref() {
        let event = event.map_err(ScanError::Input)?;
        if let Rest::NotWanted = printer.report(event, counts, name, max_count)? {
            return Ok(false);
        }
    }
    Ok(true)
}
