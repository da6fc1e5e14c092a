//! The members of a gzip file, read in runs that end where a member ends with a line feed and
//! the next starts as the file's first does (`-z`; issue 39 item 3).
//!
//! RFC 1952 §2.2: "A gzip file consists of a series of 'members' (compressed data sets)". A
//! member (§2.3) is a header, the deflate data (RFC 1951) and a trailer:
//!
//! ```text
//! ID1 ID2 CM FLG MTIME(4) XFL OS   0x1f 0x8b, CM 8 (deflate); FLG bits 5-7 reserved, zero
//! [XLEN(2) and XLEN bytes]          FLG.FEXTRA (bit 2)
//! [name, zero-terminated]           FLG.FNAME (bit 3)
//! [comment, zero-terminated]        FLG.FCOMMENT (bit 4)
//! [CRC16(2)]                        FLG.FHCRC (bit 1): the low half of the header's CRC-32
//! deflate data
//! CRC32(4) ISIZE(4)                 of the uncompressed data; ISIZE its length mod 2^32
//! ```
//!
//! A crawler writes one member per WARC record, and rotated logs concatenated are one member
//! each, so that a reader can start at any member: Common Crawl's index gives a record as the
//! offset and length of its member. But members need not end where the text does: BGZF
//! (`bgzip`, blocks of 64 KiB), Python's `pgzip` and `mgzip`, and pieces of `split` gzipped
//! one by one cut the text anywhere, through a URI, a mail message, a WARC record. So the
//! command line reads *runs* of members, consecutive members read as one stream. A member
//! boundary ends a run only when both the member before ends with a line feed (an empty one
//! does not) and the next member's own decompressed data starts the way the file's first
//! member starts a unit ([`Kind`], from the first member's first five bytes):
//!
//! - a web archive, whose first member starts with `WARC/`: the next starts with `WARC/`;
//! - an mbox, whose first member starts with `From `: the next starts with `From ` (the
//!   separator line; the test the library makes of a stream's start, `reads_as_mail`, also
//!   weighs options such as `--no-mail` and looks further than a member may hold, so the
//!   bytes alone are taken, the same for every reader of the file);
//! - anything else (logs, text): any next member.
//!
//! Else the run goes on, until such a boundary, a member that fails, or the end of the input.
//! A WARC record ends with `\r\n\r\n` and its member per record starts with `WARC/`, a log with
//! a line feed, so each of their members is a run of its own; members cut anywhere in a web
//! archive or an mbox start a run only where a record or message starts, so that each run is
//! read as what the file is. The next member's first bytes are inflated anyway: at most five
//! are kept aside to tell, then read as the run's. A match's `start` and `end` count the bytes
//! decompressed from its run's first member on, and that member's offset in the file comes
//! with it (`member_offset`). A range of the
//! compressed file (`--range`, the ranges of `-j`) owns the runs that start in it, and reads
//! its last run on past its end to the run's end (as a range of a plain file reads past its
//! end to finish a URI).
//!
//! A range finds its first member (below), then whether that member starts a run ([`starts_run`]):
//! whether the member just before it ended with a line feed and, in a web archive or an mbox,
//! whether its own first bytes start a record or message, the file's kind learned by inflating
//! the first five bytes of the member at offset 0 ([`file_kind`]). The member before is searched for
//! backwards from the first one's offset, a place that holds `1f 8b 08` being taken for it
//! when a member inflates from there whole, its CRC-32 and ISIZE right, and ends exactly at
//! the first member's offset; its last decompressed byte tells. When it did not end with a
//! line feed (or the first member does not start a unit), the range passes over the members of
//! that run (read by the range before) up to the first boundary that ends it, by the same rule,
//! and its first run starts after it; a range that reaches its
//! end doing so owns no run. A member before that is not found (broken, or bytes before the
//! first member that are no member) counts as ending a run: the walk from the start begins a
//! new run after a broken member or bytes that are no member too.
//!
//! What a run leaves to chance:
//!
//! - in a file of lines, a member that ends with a line feed ends its run, though a URI wrapped
//!   in `<...>` over lines (RFC 3986 Appendix C) or an HTML document may go on in the next
//!   member, which is then scanned as a new stream (HTML is recognized by a stream's start).
//!   Members of a fixed size end with a line feed about once per line length, and the text
//!   then read apart is as a range of a plain file starting at that line would read it;
//! - in a web archive, a line that starts with `WARC/` inside a record (an archive about
//!   archives), at the start of a member after one that ends with a line feed, starts a run
//!   there, read as a record; in an mbox, a line `From ` inside a message (an mbox that does
//!   not quote them as `>From `) likewise, as the library itself reads such a line;
//! - a record or message that starts in a member of fewer than five bytes, or a few bytes
//!   before a member's end, does not start a run: the run goes on over it, read as it is in
//!   the decompressed file (runs are longer, never cut wrongly);
//! - a file whose first member holds fewer than five bytes, or whose first record or message
//!   does not start the file, is read as lines (its kind from its first member alone, so that
//!   a range learns it by inflating five bytes).
//!
//! A range's first member is found by a search ([`find_member`]) for the three bytes every member
//! starts with, `1f 8b 08`; deflate data may hold them too (a stored block copies its bytes as
//! they are, and a gzip file stored in a record is a whole member inside one). A place is
//! taken for a member's start only when a member inflates from it whole, its CRC-32 and ISIZE
//! right, and ends where the file ends, or where a header that parses starts (or one cut by
//! the end of the file); or when a member inflates from it without error up to the end of the
//! file (the last member of a file being written, cut short). What this leaves to chance:
//!
//! - a whole member stored as it is inside another (in stored deflate blocks) and followed
//!   there by bytes that parse as a header (a second stored member) is taken for a member's
//!   start by a range that starts inside the outer member before it;
//! - a last member followed by bytes that are no member (trailing garbage) is not found by a
//!   range that starts after the member before it starts: that range reads nothing, where the
//!   walk from the start reads the member, then says the bytes after it are no member;
//! - a place inside the member before a range's first member from which deflate data runs on
//!   through the rest of that member, to end exactly where it does with the same CRC-32 and
//!   length, is taken for the member before (only a file made so holds one): the verdict on
//!   how it ends may then be wrong.
//!
//! `--range` alone cannot tell these from the truth; `-j` can: it checks each range's first
//! run against where the walk of the range before it ended (after its last run), and scans a
//! range whose start was found wrongly again from there (a wrong verdict on the member before
//! is found out the same way), so that its output is always that of one thread
//! (`tests/gzip_members.rs` crafts the first case).
//!
//! Memory is bounded: a member is inflated through a 32 KiB window (RFC 1951 §2) and a 64 KiB
//! buffer of compressed bytes, and the header's name, comment and extra field are passed
//! over, not kept; a run is streamed through one extractor, member after member, never held
//! whole. Time is linear in the members read, and for the search in the bytes searched plus
//! what each false start inflates before it fails (for a file made to hold many false starts,
//! each inflating far, that is more; a range pays it at its start only). A range may also
//! decompress, before its first run: the first five bytes of the file's first member and of its
//! own first member (the kind, and whether that member starts a unit), the one member before
//! its first member (to know how it ends: the backward search reads that member's compressed
//! bytes, and inflates it once), and
//! the members of a run it passes over, no further than its own end. Over the ranges of a
//! file each member is thus decompressed a few times at most (by the walk that reads it, the
//! check of a range's first member, the look at the member before a range, the pass over a
//! run), linear overall. When the member before is broken (or the range's first member was
//! found wrongly, inside another), the backward search goes on to the start of the file, each place that holds `1f 8b 08` inflated up to the range's first member
//! at most: a file with many broken members costs its ranges more. A run is read by one
//! range, on one thread: a file whose members seldom end with a line feed (minified JSON in
//! BGZF blocks) is read mostly by the range where its run starts, however many threads `-j`
//! has.

use std::cell::RefCell;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::Range;
use std::path::Path;
use std::rc::Rc;

pub use super::member::Trouble;
use super::member::{BUFFER, Kind, MAGIC, Members, Source, State};

/// What reads a run's bytes ([`Members::read_run`]), the walk keeping the members (a reader
/// the scan may own).
pub struct MemberReader(Rc<RefCell<Members<Source>>>);

impl Read for MemberReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.borrow_mut().read_run(buf)
    }
}

/// How much of a member is held to be read in place (a WARC record is most often shorter).
const HELD: u64 = 1 << 20;

/// A member's bytes, to scan: held whole when it decompresses to at most [`HELD`] bytes (read in
/// place, with no reader's buffer set up for each of the many small members of a `.warc.gz`),
/// else those bytes and the rest of the member after them.
pub enum MemberBytes<'a> {
    Whole(&'a [u8]),
    Long(io::Chain<&'a [u8], MemberReader>),
}

impl<'a> MemberBytes<'a> {
    /// Reads the member `reader` into `held` (emptied first), up to [`HELD`] bytes.
    pub fn read(reader: MemberReader, held: &'a mut Vec<u8>) -> io::Result<MemberBytes<'a>> {
        held.clear();
        let mut reader = reader.take(HELD);
        reader.read_to_end(held)?;
        let reader = reader.into_inner();
        Ok(match held.len() as u64 == HELD {
            true => MemberBytes::Long(held.chain(reader)),
            false => MemberBytes::Whole(held),
        })
    }
}

/// Where the members after a walk's last go on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// At this offset, a member's start.
    At(u64),
    /// Wherever a search from the range's end finds one (the walk went on past a broken
    /// member by searching, and found none before the end).
    Searched,
    /// Nowhere: the input ended.
    End,
}

/// A walk through the runs that start in a range of a gzip input (the whole of a stream).
pub struct MemberWalk {
    members: Rc<RefCell<Members<Source>>>,
    /// The file, to search again after a broken member (not for a stream).
    path: Option<std::path::PathBuf>,
    end: u64,
    next: Option<Next>,
    /// Where the walk's first run starts, when it has one.
    first: Option<u64>,
    /// A run whose first member's header was read, not returned yet (the first, found by
    /// passing over a run that started before the range).
    ready: Option<u64>,
}

impl MemberWalk {
    /// The runs of the file at `path` that start in `range`: from its first member that starts
    /// in the range, searched for unless the range starts at 0 (a gzip file starts with a
    /// member). When the member before that one ends without a line feed ([`starts_run`]), the
    /// run it is in started before the range and is read by the range before: it is passed
    /// over, and the range's first run is the one after it.
    pub fn range(path: &Path, range: Range<u64>) -> io::Result<MemberWalk> {
        let from = match range.start {
            0 => Some(0),
            start => find_member(path, start..range.end)?,
        };
        let Some(from) = from else {
            let members = Members::new(Box::new(io::empty()) as Source, range.end);
            return Ok(MemberWalk {
                members: Rc::new(RefCell::new(members)),
                path: Some(path.to_owned()),
                end: range.end,
                next: Some(Next::Searched),
                first: None,
                ready: None,
            });
        };
        let mut walk = MemberWalk::from(path, from, range.end)?;
        let kind = walk.members.borrow().kind.unwrap_or(Kind::Lines);
        if from > 0 && !starts_run(path, from, kind)? {
            // What goes wrong in the run passed over, and just after it, is said by the range
            // that reads the run.
            let mut quiet = |_: Trouble| {};
            if walk.advance(&mut quiet)?.is_some() {
                walk.pass_run()?;
            }
            walk.ready = walk.advance(&mut quiet)?;
            walk.first = walk.ready;
        }
        Ok(walk)
    }

    /// Passes over the rest of the current run, as far as the walk's end: a member of the run
    /// that starts there or after is left for [`MemberWalk::advance`], which ends the walk
    /// there (no run starts in the range after the one passed over), so that a range reads no
    /// more of a long run it does not own than its own bytes.
    fn pass_run(&mut self) -> io::Result<()> {
        let mut members = self.members.borrow_mut();
        loop {
            io::copy(&mut *members, &mut io::sink())?;
            if !members.run_goes_on(self.end)? {
                return Ok(());
            }
        }
    }

    /// The runs of the file at `path` from the one that starts at `from` (a member's start that
    /// starts a run, not searched for) to the first that starts at `end` or after. The file's
    /// kind is learned from its first member ([`file_kind`]; as it is read, from 0).
    pub fn from(path: &Path, from: u64, end: u64) -> io::Result<MemberWalk> {
        let kind = match from {
            0 => None,
            _ => Some(file_kind(path)?),
        };
        let mut file = File::open(path)?;
        file.seek(SeekFrom::Start(from))?;
        Ok(MemberWalk {
            members: Rc::new(RefCell::new(Members::of_kind(Box::new(file) as Source, from, kind))),
            path: Some(path.to_owned()),
            end,
            next: None,
            first: (from < end).then_some(from),
            ready: None,
        })
    }

    /// The runs of a stream, read once (standard input): a broken member ends the walk.
    pub fn stream(reader: Source) -> MemberWalk {
        MemberWalk {
            members: Rc::new(RefCell::new(Members::new(reader, 0))),
            path: None,
            end: u64::MAX,
            next: None,
            first: Some(0),
            ready: None,
        }
    }

    /// Where the walk's first run starts (`None`: no run starts in its range).
    pub fn first(&self) -> Option<u64> {
        self.first
    }

    /// The next run of the walk: where its first member starts, and a reader of its bytes (to
    /// be read before the next call), which goes on past the walk's end to the run's end.
    /// What went wrong in the run before goes to `trouble` first; after a broken member, the
    /// walk of a file goes on at the next place a member starts ([`find_member`]), as a range
    /// that started there would, and a new run starts there.
    pub fn next_member(
        &mut self,
        trouble: &mut dyn FnMut(Trouble),
    ) -> io::Result<Option<(u64, MemberReader)>> {
        let at = match self.ready.take() {
            Some(at) => Some(at),
            None => self.advance(trouble)?,
        };
        Ok(at.map(|at| (at, MemberReader(Rc::clone(&self.members)))))
    }

    /// Moves to the next run's first member: where it starts, its header read.
    fn advance(&mut self, trouble: &mut dyn FnMut(Trouble)) -> io::Result<Option<u64>> {
        loop {
            if self.next.is_some() {
                return Ok(None);
            }
            // The rest of a run not read to its end, passed over (the scan reads it all), and a
            // member that starts the next run, read up to its first bytes: it is read before
            // what went wrong in it is said.
            let started = {
                let mut members = self.members.borrow_mut();
                let mut scratch = [0; 8 << 10];
                while members.read_run(&mut scratch)? > 0 {}
                match members.pending {
                    Some(Ok(Some(_))) => members.pending.take(),
                    _ => None,
                }
            };
            if let Some(Ok(Some(start))) = started {
                match start < self.end {
                    true => return Ok(Some(start)),
                    false => {
                        self.next = Some(Next::At(start));
                        continue;
                    }
                }
            }
            let failed = self.members.borrow_mut().take_trouble();
            if let Some(t) = failed {
                // The input ends in a member cut short: nothing is after it.
                let resume = match t {
                    Trouble::Cut { .. } => None,
                    Trouble::Corrupt { at, .. } | Trouble::NotMember { at, .. } => Some(at + 1),
                };
                trouble(t);
                match resume {
                    None => self.next = Some(Next::End),
                    Some(from) => self.resync(from)?,
                }
                continue;
            }
            let next = {
                let mut members = self.members.borrow_mut();
                match members.pending.take() {
                    Some(next) => next,
                    None => members.next_member(),
                }
            };
            match next {
                Ok(Some(start)) if start < self.end => return Ok(Some(start)),
                Ok(Some(start)) => self.next = Some(Next::At(start)),
                Ok(None) => self.next = Some(Next::End),
                Err(e) if matches!(e.kind(), io::ErrorKind::InvalidData | io::ErrorKind::UnexpectedEof) => {
                    let at = self.members.borrow().start;
                    match e.kind() {
                        io::ErrorKind::UnexpectedEof => {
                            trouble(Trouble::Cut { at });
                            self.next = Some(Next::End);
                        }
                        _ => {
                            trouble(Trouble::NotMember { at, why: e.to_string() });
                            self.resync(at + 1)?;
                        }
                    }
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// Goes on at the first member that starts at `from` or after, before the walk's end.
    fn resync(&mut self, from: u64) -> io::Result<()> {
        let Some(path) = self.path.clone() else {
            self.next = Some(Next::End);
            return Ok(());
        };
        match find_member(&path, from..self.end)? {
            Some(at) => {
                let mut file = File::open(&path)?;
                file.seek(SeekFrom::Start(at))?;
                let mut members = self.members.borrow_mut();
                // A file whose first member did not say (its header broken) holds lines.
                let kind = members.kind.unwrap_or(Kind::Lines);
                *members = Members::of_kind(Box::new(file) as Source, at, Some(kind));
            }
            None => self.next = Some(Next::Searched),
        }
        Ok(())
    }

    /// Where the runs after the walk go on, once [`MemberWalk::next_member`] gave `None`.
    pub fn next(&self) -> Next {
        self.next.unwrap_or(Next::End)
    }
}

/// Whether the member at `at` (> 0) of the file at `path`, a file of `kind`, starts a run:
/// whether the member before it ends with a line feed and its own first bytes start a unit
/// ([`Kind::starts_unit`]), or the member before is not found. That member is searched for
/// backwards from `at`, a place that holds `1f 8b 08` being taken for it when a member
/// inflates from it whole, its CRC-32 and ISIZE right, and ends exactly at `at`. A member
/// before that is broken, or bytes before that are no member, are not found (the search goes
/// on back to the start of the file): the walk from the start goes on after them with a new
/// run.
pub fn starts_run(path: &Path, at: u64, kind: Kind) -> io::Result<bool> {
    let mut file = File::open(path)?;
    let mut buf = vec![0; BUFFER];
    // The block `lo..hi` read, and the two bytes after it that may end a magic it starts.
    let mut hi = at;
    while hi > 0 {
        let lo = hi.saturating_sub((BUFFER - (MAGIC.len() - 1)) as u64);
        let len = ((hi - lo) as usize + MAGIC.len() - 1).min((at - lo) as usize);
        file.seek(SeekFrom::Start(lo))?;
        file.read_exact(&mut buf[..len])?;
        for i in memchr::memmem::rfind_iter(&buf[..len], MAGIC) {
            if let Some(lf) = member_before(path, lo + i as u64, at)? {
                return Ok(lf && (kind == Kind::Lines || kind.starts_unit(&first_bytes(path, at)?)));
            }
        }
        hi = lo;
    }
    Ok(true)
}

/// The kind of the file at `path`, from the first bytes of its first member, at 0 ([`Kind::of`]):
/// [`Kind::Lines`] when its header is broken.
pub fn file_kind(path: &Path) -> io::Result<Kind> {
    Ok(Kind::of(&first_bytes(path, 0)?))
}

/// The first decompressed bytes of the member at `at` of the file at `path`, up to [`PEEK`]
/// (fewer when it is shorter or fails before, none when its header is broken).
fn first_bytes(path: &Path, at: u64) -> io::Result<Vec<u8>> {
    let mut file = File::open(path)?;
    file.seek(SeekFrom::Start(at))?;
    let mut members = Members::new(file, at);
    match members.next_member() {
        Ok(Some(_)) => Ok(members.peek()?.to_vec()),
        Ok(None) => Ok(Vec::new()),
        Err(e) if matches!(e.kind(), io::ErrorKind::InvalidData | io::ErrorKind::UnexpectedEof) => {
            Ok(Vec::new())
        }
        Err(e) => Err(e),
    }
}

/// Whether a member inflates from `from` whole, its trailer right, and ends exactly at `at`:
/// then whether its data ends with a line feed.
fn member_before(path: &Path, from: u64, at: u64) -> io::Result<Option<bool>> {
    let mut file = File::open(path)?;
    file.seek(SeekFrom::Start(from))?;
    let mut members = Members::new(file.take(at - from), from);
    match members.next_member() {
        Ok(Some(_)) => {}
        Ok(None) => return Ok(None),
        Err(e) if matches!(e.kind(), io::ErrorKind::InvalidData | io::ErrorKind::UnexpectedEof) => {
            return Ok(None);
        }
        Err(e) => return Err(e),
    }
    io::copy(&mut members, &mut io::sink())?;
    let whole = members.state == State::Ended && members.take_trouble().is_none() && members.at == at;
    Ok(whole.then(|| members.ended_with_lf()))
}

/// The first place in `range` of the file at `path` where a member starts, as far as can be
/// told without what comes before (see the module's docs): a place that holds `1f 8b 08`,
/// from which a member inflates whole and ends at the end of the file, or where a header
/// that parses starts (or is cut by the end of the file); or a member cut short by the end of
/// the file.
pub fn find_member(path: &Path, range: Range<u64>) -> io::Result<Option<u64>> {
    let mut file = File::open(path)?;
    file.seek(SeekFrom::Start(range.start))?;
    let mut buf = vec![0; BUFFER];
    // `buf[..held]` is at offset `base`: the last two bytes of the block before, which may
    // start a magic.
    let (mut base, mut held) = (range.start, 0);
    while base < range.end {
        let n = match file.read(&mut buf[held..]) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let len = held + n;
        for i in memchr::memmem::find_iter(&buf[..len], MAGIC) {
            let at = base + i as u64;
            if at >= range.end {
                return Ok(None);
            }
            if starts_member(path, at)? {
                return Ok(Some(at));
            }
        }
        if n == 0 {
            break;
        }
        let keep = len.min(MAGIC.len() - 1);
        buf.copy_within(len - keep..len, 0);
        base += (len - keep) as u64;
        held = keep;
    }
    Ok(None)
}

/// Whether a member starts at `at` of the file at `path` ([`find_member`]).
fn starts_member(path: &Path, at: u64) -> io::Result<bool> {
    let mut file = File::open(path)?;
    file.seek(SeekFrom::Start(at))?;
    let mut members = Members::new(file, at);
    let format =
        |e: &io::Error| matches!(e.kind(), io::ErrorKind::InvalidData | io::ErrorKind::UnexpectedEof);
    match members.next_member() {
        Ok(_) => {}
        Err(e) if format(&e) => return Ok(false),
        Err(e) => return Err(e),
    }
    io::copy(&mut members, &mut io::sink())?;
    match members.take_trouble() {
        Some(Trouble::Cut { .. }) => return Ok(true),
        Some(_) => return Ok(false),
        None => {}
    }
    match members.next_member() {
        Ok(_) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(true),
        Err(e) if format(&e) => Ok(false),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(data).unwrap();
        gz.finish().unwrap()
    }

    /// Each member's start and bytes, read one after another.
    fn read_all(data: &[u8]) -> (Vec<(u64, Vec<u8>)>, Option<Trouble>) {
        let mut members = Members::new(data, 0);
        let mut got = Vec::new();
        loop {
            match members.next_member() {
                Ok(Some(at)) => {
                    let mut bytes = Vec::new();
                    members.read_to_end(&mut bytes).unwrap();
                    got.push((at, bytes));
                    if let Some(t) = members.take_trouble() {
                        return (got, Some(t));
                    }
                }
                Ok(None) => return (got, None),
                Err(e) => panic!("{e}"),
            }
        }
    }

    #[test]
    fn members_are_read_one_by_one_at_their_offsets() {
        let parts: [&[u8]; 3] = [b"first http://a.example/\n", b"", b"third http://c.example/\n"];
        let mut data = Vec::new();
        let mut starts = Vec::new();
        for part in parts {
            starts.push(data.len() as u64);
            data.extend(gzip(part));
        }
        let (got, trouble) = read_all(&data);
        assert_eq!(trouble, None);
        let want: Vec<(u64, Vec<u8>)> = starts.into_iter().zip(parts.map(<[u8]>::to_vec)).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn header_fields_are_passed_over() {
        let mut gz = flate2::GzBuilder::new()
            .filename("name.txt")
            .comment("a comment")
            .extra(vec![1, 2, 3, 4])
            .write(Vec::new(), flate2::Compression::fast());
        gz.write_all(b"http://x.example/").unwrap();
        let mut data = gz.finish().unwrap();
        let second = data.len() as u64;
        data.extend(gzip(b"y"));
        let (got, trouble) = read_all(&data);
        assert_eq!(trouble, None);
        assert_eq!(got, [(0, b"http://x.example/".to_vec()), (second, b"y".to_vec())]);
    }

    #[test]
    fn a_cut_or_corrupt_member_keeps_what_it_gave() {
        let text = b"http://a.example/ ".repeat(1000);
        let whole = gzip(&text);
        let (got, trouble) = read_all(&whole[..whole.len() - 3]);
        assert_eq!(trouble, Some(Trouble::Cut { at: 0 }));
        assert_eq!(got[0].1, text, "all the data before the trailer");
        let mut bad = whole.clone();
        let n = bad.len();
        bad[n - 6] ^= 1; // the CRC-32
        let (got, trouble) = read_all(&bad);
        assert!(matches!(trouble, Some(Trouble::Corrupt { at: 0, .. })), "{trouble:?}");
        assert_eq!(got[0].1, text);
    }

    /// The members of `parts` one after another, and where each starts.
    fn file_of(parts: &[&[u8]]) -> (Vec<u8>, Vec<u64>) {
        let (mut data, mut starts) = (Vec::new(), Vec::new());
        for part in parts {
            starts.push(data.len() as u64);
            data.extend(gzip(part));
        }
        (data, starts)
    }

    fn temp_file(name: &str, data: &[u8]) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("urisift-members-{name}-{}.gz", std::process::id()));
        std::fs::write(&path, data).unwrap();
        path
    }

    #[test]
    fn a_run_goes_on_until_a_member_ends_with_a_line_feed() {
        let (data, starts) = file_of(&[b"http://a.exa", b"", b"mple/\n", b"next\n", b"x"]);
        let path = temp_file("run", &data);
        let mut walk = MemberWalk::from(&path, 0, u64::MAX).unwrap();
        let mut got = Vec::new();
        while let Some((at, mut reader)) = walk.next_member(&mut |t| panic!("{t:?}")).unwrap() {
            let mut bytes = Vec::new();
            reader.read_to_end(&mut bytes).unwrap();
            got.push((at, bytes));
        }
        let _ = std::fs::remove_file(&path);
        assert_eq!(
            got,
            [
                (starts[0], b"http://a.example/\n".to_vec()),
                (starts[3], b"next\n".to_vec()),
                (starts[4], b"x".to_vec())
            ]
        );
    }

    #[test]
    fn a_range_starts_with_the_first_run_that_starts_in_it() {
        let (mut data, starts) = file_of(&[b"one\n", b"two ", b"three\n", b"four ", b"five ", b"six\n"]);
        let path = temp_file("range", &data);
        assert!(starts_run(&path, starts[1], Kind::Lines).unwrap(), "after a line feed");
        assert!(!starts_run(&path, starts[2], Kind::Lines).unwrap(), "after a member without");
        let first = |from: u64, to: u64| MemberWalk::range(&path, from..to).unwrap().first();
        assert_eq!(first(starts[1], u64::MAX), Some(starts[1]));
        assert_eq!(first(starts[1] + 1, u64::MAX), Some(starts[3]), "the run of the second passed over");
        assert_eq!(first(starts[3] + 1, starts[5] + 1), None, "no run starts in the range");
        assert_eq!(first(starts[3] + 1, u64::MAX), None);
        // The member before broken (its CRC-32): not found, so the next starts a run.
        data[starts[2] as usize - 8] ^= 1;
        std::fs::write(&path, &data).unwrap();
        assert!(starts_run(&path, starts[2], Kind::Lines).unwrap());
        let _ = std::fs::remove_file(&path);
    }

    /// The runs of a walk, each its first member's offset and its bytes.
    fn runs(mut walk: MemberWalk) -> Vec<(u64, Vec<u8>)> {
        let mut got = Vec::new();
        while let Some((at, mut reader)) = walk.next_member(&mut |t| panic!("{t:?}")).unwrap() {
            let mut bytes = Vec::new();
            reader.read_to_end(&mut bytes).unwrap();
            got.push((at, bytes));
        }
        got
    }

    #[test]
    fn in_a_web_archive_a_run_starts_only_at_a_member_that_starts_a_record() {
        let parts: [&[u8]; 7] =
            [b"WARC/1.1\r\nA\r\n", b"<p>page\n", b"WARC/1.1 B\n", b"WA", b"RC/1.1 C\n", b"", b"From x\n"];
        let (data, starts) = file_of(&parts);
        let path = temp_file("warc-kind", &data);
        assert_eq!(file_kind(&path).unwrap(), Kind::Warc);
        let want = [
            (starts[0], b"WARC/1.1\r\nA\r\n<p>page\n".to_vec()),
            (starts[2], b"WARC/1.1 B\nWARC/1.1 C\nFrom x\n".to_vec()),
        ];
        assert_eq!(runs(MemberWalk::from(&path, 0, u64::MAX).unwrap()), want);
        let stream = MemberWalk::stream(Box::new(io::Cursor::new(data.clone())));
        assert_eq!(runs(stream), want, "a stream learns the kind as it reads");
        // After a line feed, only a member that starts with `WARC/` (five bytes of its own).
        let verdicts: Vec<bool> =
            starts[1..].iter().map(|&at| starts_run(&path, at, Kind::Warc).unwrap()).collect();
        assert_eq!(verdicts, [false, true, false, false, false, false]);
        let first = |from: u64| MemberWalk::range(&path, from..u64::MAX).unwrap().first();
        assert_eq!(first(starts[1]), Some(starts[2]));
        assert_eq!(first(starts[3]), None);
        assert_eq!(runs(MemberWalk::from(&path, starts[2], u64::MAX).unwrap()), want[1..]);
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn kinds_are_told_by_the_first_bytes() {
        assert_eq!(Kind::of(b"WARC/"), Kind::Warc);
        assert_eq!(Kind::of(b"From "), Kind::Mbox);
        assert_eq!(Kind::of(b"From"), Kind::Lines, "a first member shorter than the mark");
        assert_eq!(Kind::of(b"GET /"), Kind::Lines);
        assert!(Kind::Mbox.starts_unit(b"From ") && !Kind::Mbox.starts_unit(b">From"));
        assert!(Kind::Lines.starts_unit(b"") && !Kind::Warc.starts_unit(b"WARC"));
    }
}
