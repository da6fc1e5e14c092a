//! Cutting one input into ranges, or a mailbox into runs of messages, scanned apart (on as many
//! threads or machines) and giving together what the scan of the whole input gives: the same
//! events, spans, message numbers and line numbers. The crate docs ("Shards") say what a range
//! owns and what it reads around it; this module is what a caller that cuts inputs needs
//! beyond [`UriFinder::slice_range`] and [`UriFinder::reader_range`], which scan one range.
//!
//! # Many ranges of a large input
//!
//! A range's scan needs two things from the input before it: how many line feeds it holds
//! (for line numbers) and, with quoted-printable decoding asked for, where its last
//! `Content-Transfer-Encoding` header line starts, which may lie any distance back.
//! [`UriFinder::reader_range`] reads the bytes before the range for them, at memchr speed;
//! for many ranges that reads the input again for each. Counted a block at a time instead
//! ([`Prefix::of_block`], joined with [`Prefix::followed_by`], on as many threads), each byte
//! is read once for all ranges, and [`reader_range_after`] takes the count.
//!
//! A caller that would rather not read the bytes before a range at all guesses with
//! [`Prefix::unknown`] and checks the guess: the [`Seam`] a range's scan starts in
//! ([`Matches::start_seam`]) against the one the range before ended in
//! ([`Matches::end_seam`]). Where they differ, the range is scanned again with its prefix
//! counted. The command line's `-j` cuts a large file so.
//!
//! Of an input read as mail ([`reads_as_mail`]), ranges snap to messages: a range owns the
//! messages whose mbox `From ` separator line starts in it, and a [`Prefix`] given is not
//! used (the range reads the input from its start, passing over the messages before it at the
//! speed of the search for their separator lines).
//!
//! # A mailbox that arrives as a stream
//!
//! A pipe or a decompressor cannot be cut into ranges of offsets known in advance.
//! [`mbox_cut`] cuts a mailbox into runs of whole messages as it is read, and
//! [`reader_messages`] reads each run apart, from the [`MessageStart`] the cut gives (the
//! run's offset, the messages and line feeds before it): the runs' events, one run after
//! another, are the whole mailbox's. A run held in memory is read in place, not copied again
//! into a reader's buffer, by [`slice_messages`]. A run may hold a message longer than the
//! message bound: it reads it as plain text, as the whole reading does. The command line's
//! `-j` reads a mailbox on standard input this way, each run in place, holding at most 32 MiB
//! from the last cut: past that, the rest of the input is read in one piece.
//!
//! ```
//! use urisift::shard::{self, MboxCut, MessageStart};
//! let finder = urisift::ExtractorBuilder::new().build();
//! let mbox = b"From a@example.org Mon Jan  1 00:00:00 2001\nSubject: one\n\nhttp://a.example/1\n\n\
//!              From b@example.org Tue Jan  2 00:00:00 2001\nSubject: two\n\nhttp://b.example/2\n";
//! assert!(shard::reads_as_mail(&finder, mbox, true));
//! let MboxCut::At { len, next } = shard::mbox_cut(&finder, mbox, MessageStart::default(), 1) else { panic!() };
//! assert_eq!((next.offset(), next.messages()), (len as u64, 1));
//! let runs = [(&mbox[..len], MessageStart::default()), (&mbox[len..], next)];
//! let found: Vec<(String, u64)> = runs
//!     .iter()
//!     .flat_map(|&(run, at)| shard::reader_messages(&finder, run, at))
//!     .map(|m| m.unwrap())
//!     .map(|m| (m.uri().to_owned(), m.origin().unwrap().message()))
//!     .collect();
//! assert_eq!(found, [("http://a.example/1".to_owned(), 1), ("http://b.example/2".to_owned(), 2)]);
//! ```

use std::io::{self, Read, Seek};
use std::ops::Range;

use crate::extract::{Extractor, SliceMatches, UriFinder};
pub use crate::extract::{MboxCut, MessageStart, Prefix, Seam};
#[cfg(doc)]
use crate::{ExtractorBuilder, MailMode, Matches};

/// Whether an input that starts with `start` is read as mail by `finder` (see
/// [`ExtractorBuilder::mail`]): always with [`MailMode::On`], never with [`MailMode::Off`],
/// and with [`MailMode::Auto`] when its start looks like mail. `start` holds the first bytes of
/// the input, at least its first 64 KiB or all of it (`complete`); a start that leaves the
/// verdict open counts as mail. The ranges of an input read as mail own its messages, and only
/// an mbox read as mail is cut by [`mbox_cut`]. An input read as a web archive or page is
/// not mail ([`reads_whole`]).
pub fn reads_as_mail(finder: &UriFinder, start: &[u8], complete: bool) -> bool {
    finder.compiled.opts.reads_as_mail(start, complete)
}

/// Whether the ranges of an input that starts with `start` (as [`reads_as_mail`] takes it)
/// snap to whole units: the messages of mail, the records of a web archive, a saved page
/// (see [`ExtractorBuilder::warc`]). A range then owns the units that start in it, reading the
/// input from its start and passing over those before it, and the other ranges of the
/// input are no more work than that.
///
/// ```
/// let finder = urisift::ExtractorBuilder::new().build();
/// assert!(urisift::shard::reads_whole(&finder, b"WARC/1.1\r\nWARC-Type: warcinfo\r\n", false));
/// assert!(urisift::shard::reads_whole(&finder, b"<!DOCTYPE html><title>x</title>", true));
/// assert!(!urisift::shard::reads_whole(&finder, b"a plain log line\n", true));
/// ```
pub fn reads_whole(finder: &UriFinder, start: &[u8], complete: bool) -> bool {
    finder.compiled.opts.reads_whole(start, complete)
}

/// [`UriFinder::reader_range`] for a caller that has counted the [`Prefix`] of the range (the
/// input before `range.start`): the reader is sought to the warm-up point, and the bytes before
/// it are not read. For a large input cut into many ranges, counting each block once and
/// joining the counts reads the input once in all, where `reader_range` reads the bytes before
/// each range again. Fails with `InvalidInput` when the prefix does not reach to
/// `range.start`, and when seeking or reading fails.
///
/// ```
/// use std::io::Cursor;
/// use urisift::shard::{self, Prefix};
///
/// let text = b"see <http://a.example/one>\nand <http://a.example/\n two>\n".repeat(500);
/// let finder = urisift::ExtractorBuilder::new().line_numbers(true).build();
/// // Ranges of 4 KiB, each block's prefix counted once and joined to the counts before it.
/// let (mut prefix, mut found) = (Prefix::default(), Vec::new());
/// for start in (0..text.len()).step_by(4096) {
///     let end = (start + 4096).min(text.len());
///     let range = start as u64..end as u64;
///     for m in shard::reader_range_after(&finder, Cursor::new(&text), range, prefix)? {
///         let m = m?;
///         found.push((m.uri().to_owned(), m.span(), m.line()));
///     }
///     let lead = &text[start.saturating_sub(32)..start];
///     prefix = prefix.followed_by(Prefix::of_block(lead, &text[start..end], start as u64));
/// }
/// let whole: Vec<_> = finder.slice(&text).map(|m| (m.uri().to_owned(), m.span(), m.line())).collect();
/// assert_eq!((found.len(), found), (1000, whole));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn reader_range_after<R: Read + Seek>(
    finder: &UriFinder,
    reader: R,
    range: Range<u64>,
    prefix: Prefix,
) -> io::Result<Extractor<R>> {
    Extractor::range_after(&finder.compiled, reader, range, prefix)
}

/// Where `bytes`, an mbox from the separator line `at` on (the input from offset
/// `at.offset()`), can be cut into a run of whole messages: after the first message that ends
/// at or after `want` bytes. The run and each run after it, read with [`reader_messages`] (or
/// [`slice_messages`]), give together what the reading of the whole mailbox gives: the same
/// events, spans, message numbers and line numbers. Each byte is searched once: a caller that
/// reads a mailbox from a pipe can hand its runs to as many threads without holding more than
/// a few runs. The input must be read as mail (the caller decided that from its start, with
/// [`reads_as_mail`]) and start with a separator line; one message is never cut. The cut does
/// not look at the message bound: a run that holds a message longer than it reads that
/// message as plain text, as the reading of the whole input does (the caller bounds how much
/// it holds).
pub fn mbox_cut(finder: &UriFinder, bytes: &[u8], at: MessageStart, want: usize) -> MboxCut {
    crate::extract::cut_mbox(&finder.compiled, bytes, at, want)
}

/// The events of the messages `reader` reads: an mbox from its separator line `at` on (where
/// [`mbox_cut`] cut it, or the input's start), read as mail whatever the finder's
/// [`MailMode`], with the spans, message numbers and line numbers of the reading of the whole
/// input. It reads to the end of what `reader` reads; a message longer than the bound is read
/// as plain text, as in the whole input.
pub fn reader_messages<R: Read>(finder: &UriFinder, reader: R, at: MessageStart) -> Extractor<R> {
    Extractor::messages(&finder.compiled, reader, at)
}

/// [`reader_messages`] over a run held in memory, read in place rather than copied into an
/// extractor's buffer: the events of the messages of `bytes`, an mbox from its separator line
/// `at` on (the input from offset `at.offset()`), the same as `reader_messages(finder, bytes,
/// at)` gives. Their spans are offsets of the input, not of `bytes`: a span indexes `bytes`
/// once `at.offset()` is taken off it ([`Matches::borrowed`] does that).
///
/// ```
/// use urisift::shard::{self, MboxCut, MessageStart};
/// let finder = urisift::ExtractorBuilder::new().build();
/// let mbox = b"From a@example.org Mon Jan  1 00:00:00 2001\nSubject: one\n\nhttp://a.example/1\n\n\
///              From b@example.org Tue Jan  2 00:00:00 2001\nSubject: two\n\nhttp://b.example/2\n";
/// let MboxCut::At { len, next } = shard::mbox_cut(&finder, mbox, MessageStart::default(), 1) else { panic!() };
/// let second: Vec<_> = shard::slice_messages(&finder, &mbox[len..], next).collect();
/// assert_eq!(second[0].uri(), "http://b.example/2");
/// assert_eq!(second[0].origin().unwrap().message(), 2);
/// assert_eq!(&mbox[second[0].span()], b"http://b.example/2");
/// let borrowed: Vec<_> = shard::slice_messages(&finder, &mbox[len..], next).borrowed().collect();
/// assert!(borrowed[0].is_borrowed());
/// ```
pub fn slice_messages<'h>(finder: &UriFinder, bytes: &'h [u8], at: MessageStart) -> SliceMatches<'h> {
    SliceMatches::messages(&finder.compiled, bytes, at)
}
