//! One gzip member after another (RFC 1952 §2.2, §2.3): the reader under a walk of a file's
//! members (`members`), with each member's header and trailer checked, its offset known, and
//! the runs they make read on (see `members`' docs).

use std::io::{self, BufRead, BufReader, Read};

use flate2::{Crc, Decompress, FlushDecompress, Status};

/// The bytes every member starts with: ID1, ID2 and CM 8 (deflate), RFC 1952 §2.3.1.
pub(super) const MAGIC: &[u8; 3] = b"\x1f\x8b\x08";

/// The buffer of compressed bytes.
pub(super) const BUFFER: usize = 64 << 10;

/// How many of a member's first decompressed bytes tell whether it starts a unit ([`Kind`]).
pub(super) const PEEK: usize = 5;

/// What a file holds, as its first member's first bytes tell: where in it a member that
/// follows one ending with a line feed starts a new run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Text in lines (logs, anything else): every such member starts a run.
    Lines,
    /// A web archive (`WARC/`): a member that starts with `WARC/`, a record's first line.
    Warc,
    /// An mbox (`From `): a member that starts with `From `, a separator line.
    Mbox,
}

impl Kind {
    /// The kind of a file whose first member's decompressed data starts with `first` (its
    /// first [`PEEK`] bytes, fewer when the member is shorter).
    pub fn of(first: &[u8]) -> Kind {
        if first.starts_with(b"WARC/") {
            Kind::Warc
        } else if first.starts_with(b"From ") {
            Kind::Mbox
        } else {
            Kind::Lines
        }
    }

    /// Whether a member whose decompressed data starts with `first` (as for [`Kind::of`])
    /// starts a unit of a file of this kind, when the member before it ended with a line feed.
    pub fn starts_unit(self, first: &[u8]) -> bool {
        match self {
            Kind::Lines => true,
            Kind::Warc => first.starts_with(b"WARC/"),
            Kind::Mbox => first.starts_with(b"From "),
        }
    }
}

/// Why a member could not be read to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trouble {
    /// The file ends inside the member at `at`: read as far as it decompresses.
    Cut { at: u64 },
    /// The member at `at` is broken (its deflate data, CRC-32 or length): read as far as it
    /// decompresses.
    Corrupt { at: u64, why: String },
    /// The bytes at `at` are not a gzip member.
    NotMember { at: u64, why: String },
}

impl Trouble {
    /// The message about it, after the input's name. Each is an error of the input (exit
    /// status 2), as for a stream that does not decompress (and as `zcat` has it): a member cut
    /// short cannot be told from one whose data was overwritten, and what it decompressed to
    /// is read all the same.
    pub fn message(&self) -> String {
        match self {
            Trouble::Cut { at } => format!(
                "gzip: the member at byte {at} is cut short by the end of the input: read as far as it \
                 decompresses"
            ),
            Trouble::Corrupt { at, why } => {
                format!("gzip: the member at byte {at} is corrupt ({why}): read as far as it decompresses")
            }
            Trouble::NotMember { at, why } => {
                format!("gzip: the bytes at {at} are not a gzip member ({why})")
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum State {
    /// Before a header, or at the end.
    Between,
    /// In a member's deflate data.
    Body,
    /// A member read to its end, its trailer checked.
    Ended,
    /// A member that failed (`Members::failed`).
    Failed,
}

/// The members of a gzip stream, one after another: [`Members::next_member`] moves to the
/// next and reading gives its decompressed bytes, then `Ok(0)` at its end. A member that
/// fails to decompress ends there too, its trouble kept for [`Members::take_trouble`]: what
/// it gave before is kept, as `zcat` writes it.
pub struct Members<R> {
    pub(super) src: BufReader<R>,
    /// The offset of the next byte of `src` not consumed yet.
    pub(super) at: u64,
    /// Where the current member starts.
    pub(super) start: u64,
    pub(super) inflate: Decompress,
    pub(super) crc: Crc,
    pub(super) state: State,
    pub(super) trouble: Option<Trouble>,
    /// The last byte the current member decompressed to.
    pub(super) last: Option<u8>,
    /// What moving on to the next member gave when that ended a run ([`Members::read_run`]):
    /// the end of the input, a header that is no member's, or a member that starts the next
    /// run (its first bytes in `ahead`), for the walk to take.
    pub(super) pending: Option<io::Result<Option<u64>>>,
    /// The kind of the file, once known: from its first member's first bytes.
    pub(super) kind: Option<Kind>,
    /// The current member's first bytes, decompressed to tell whether it starts a run and not
    /// read yet: `ahead[taken..held]`.
    pub(super) ahead: [u8; PEEK],
    pub(super) taken: usize,
    pub(super) held: usize,
}

pub(super) fn invalid(why: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, why.to_owned())
}

impl<R: Read> Members<R> {
    /// The members of `src`, whose first byte is at offset `at` of the file.
    pub fn new(src: R, at: u64) -> Self {
        Members {
            src: BufReader::with_capacity(BUFFER, src),
            at,
            start: at,
            inflate: Decompress::new(false),
            crc: Crc::new(),
            state: State::Between,
            trouble: None,
            last: None,
            pending: None,
            kind: None,
            ahead: [0; PEEK],
            taken: 0,
            held: 0,
        }
    }

    /// The members of `src` as [`Members::new`], in a file of `kind`.
    pub(super) fn of_kind(src: R, at: u64, kind: Option<Kind>) -> Self {
        let mut members = Members::new(src, at);
        members.kind = kind;
        members
    }

    /// The current member's first bytes, up to [`PEEK`] (fewer when it ends or fails before),
    /// decompressed and kept to be read.
    pub(super) fn peek(&mut self) -> io::Result<&[u8]> {
        while self.held < PEEK && self.state == State::Body {
            let mut more = [0; PEEK];
            let n = self.inflate_into(&mut more[..PEEK - self.held])?;
            if n == 0 && self.state == State::Body {
                continue;
            }
            self.ahead[self.held..self.held + n].copy_from_slice(&more[..n]);
            self.held += n;
        }
        Ok(&self.ahead[self.taken..self.held])
    }

    /// Moves to the next member, the rest of the current one passed over: where it starts,
    /// or `None` at the end of the input. An error of the input, or a header that is not a
    /// member's (`InvalidData`) or is cut short (`UnexpectedEof`).
    pub fn next_member(&mut self) -> io::Result<Option<u64>> {
        if self.state == State::Body {
            let mut scratch = [0; 8 << 10];
            while self.read(&mut scratch)? > 0 {}
        }
        self.state = State::Between;
        (self.taken, self.held) = (0, 0);
        if self.fill()?.is_empty() {
            return Ok(None);
        }
        self.start = self.at;
        self.header()?;
        self.inflate.reset(false);
        self.crc.reset();
        self.last = None;
        self.state = State::Body;
        Ok(Some(self.start))
    }

    /// Whether the current member was read to its end, its trailer right, and its
    /// decompressed data ends with a line feed (an empty member's does not).
    pub fn ended_with_lf(&self) -> bool {
        self.state == State::Ended && self.last == Some(b'\n')
    }

    /// Reads the current run: the current member, and the member after it (wherever it
    /// starts) until a member that ends with a line feed is followed by one that starts a unit
    /// of the file's kind ([`Kind::starts_unit`]), a member fails, or the input ends. A header
    /// after a member of the run that is no member's ends the run too; it and a member that
    /// starts the next run are kept for the walk (`pending`). The file's kind is learned from
    /// the first member read, when not known (the walk from the file's start).
    pub fn read_run(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_some() {
            return Ok(0);
        }
        if self.kind.is_none() && self.state == State::Body {
            let kind = Kind::of(self.peek()?);
            self.kind = Some(kind);
        }
        loop {
            let n = self.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            match self.run_goes_on(u64::MAX)? {
                true => {}
                false => return Ok(0),
            }
        }
    }

    /// At the end of a member read whole or not: whether its run goes on into the next member
    /// (then read up to its first bytes), else what ended it left in `pending` (a member that
    /// starts at `end` or after, a member that starts the next run, the end of the input, a
    /// header that is no member's) or nothing (the member failed).
    pub(super) fn run_goes_on(&mut self, end: u64) -> io::Result<bool> {
        let kind = self.kind.unwrap_or(Kind::Lines);
        let lf = self.last == Some(b'\n');
        if self.state != State::Ended || (lf && kind == Kind::Lines) {
            return Ok(false);
        }
        match self.next_member() {
            Ok(Some(start)) if start < end => {
                if lf && kind.starts_unit(self.peek()?) {
                    self.pending = Some(Ok(Some(start)));
                    return Ok(false);
                }
                Ok(true)
            }
            other => {
                self.pending = Some(other);
                Ok(false)
            }
        }
    }

    /// Why the last member did not end as it should, once.
    pub fn take_trouble(&mut self) -> Option<Trouble> {
        self.trouble.take()
    }

    pub(super) fn fill(&mut self) -> io::Result<&[u8]> {
        fill(&mut self.src)
    }

    pub(super) fn byte(&mut self, crc: &mut Crc) -> io::Result<u8> {
        let Some(&b) = self.fill()?.first() else {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "cut short"));
        };
        self.src.consume(1);
        self.at += 1;
        crc.update(&[b]);
        Ok(b)
    }

    /// Reads a member's header (RFC 1952 §2.3), keeping none of its fields.
    pub(super) fn header(&mut self) -> io::Result<()> {
        let mut crc = Crc::new();
        let mut fixed = [0; 10];
        for b in &mut fixed {
            *b = self.byte(&mut crc)?;
        }
        if fixed[..3] != MAGIC[..] {
            return Err(invalid("no gzip header with deflate data"));
        }
        let flags = fixed[3];
        // §2.3.1.2: "a compliant decompressor must give an error indication if any reserved
        // bit is non-zero".
        if flags & 0xe0 != 0 {
            return Err(invalid("reserved header flags set"));
        }
        if flags & 0x04 != 0 {
            let xlen = u16::from_le_bytes([self.byte(&mut crc)?, self.byte(&mut crc)?]);
            for _ in 0..xlen {
                self.byte(&mut crc)?;
            }
        }
        for flag in [0x08, 0x10] {
            if flags & flag != 0 {
                while self.byte(&mut crc)? != 0 {}
            }
        }
        if flags & 0x02 != 0 {
            let want = crc.sum() as u16;
            let mut ignored = Crc::new();
            let got = u16::from_le_bytes([self.byte(&mut ignored)?, self.byte(&mut ignored)?]);
            if got != want {
                return Err(invalid("header CRC mismatch"));
            }
        }
        Ok(())
    }

    /// Reads the trailer of a member whose deflate data ended, and checks it.
    pub(super) fn trailer(&mut self) -> io::Result<()> {
        let mut ignored = Crc::new();
        let mut t = [0; 8];
        for b in &mut t {
            *b = self.byte(&mut ignored)?;
        }
        let crc = u32::from_le_bytes([t[0], t[1], t[2], t[3]]);
        let isize = u32::from_le_bytes([t[4], t[5], t[6], t[7]]);
        if crc != self.crc.sum() {
            return Err(invalid("CRC-32 mismatch"));
        }
        if isize != self.crc.amount() {
            return Err(invalid("length mismatch"));
        }
        Ok(())
    }

    pub(super) fn fail(&mut self, e: &io::Error) {
        self.state = State::Failed;
        self.trouble = Some(match e.kind() {
            io::ErrorKind::UnexpectedEof => Trouble::Cut { at: self.start },
            _ => Trouble::Corrupt { at: self.start, why: e.to_string() },
        });
    }
}

impl<R: Read> Read for Members<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.taken < self.held {
            let n = buf.len().min(self.held - self.taken);
            buf[..n].copy_from_slice(&self.ahead[self.taken..self.taken + n]);
            self.taken += n;
            return Ok(n);
        }
        self.inflate_into(buf)
    }
}

impl<R: Read> Members<R> {
    /// Decompresses the next bytes of the current member into `buf`.
    pub(super) fn inflate_into(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.state != State::Body || buf.is_empty() {
            return Ok(0);
        }
        loop {
            let input = fill(&mut self.src)?;
            let eof = input.is_empty();
            let (before_in, before_out) = (self.inflate.total_in(), self.inflate.total_out());
            let status = self.inflate.decompress(input, buf, FlushDecompress::None);
            let used = (self.inflate.total_in() - before_in) as usize;
            let made = (self.inflate.total_out() - before_out) as usize;
            self.src.consume(used);
            self.at += used as u64;
            self.crc.update(&buf[..made]);
            if made > 0 {
                self.last = Some(buf[made - 1]);
            }
            match status {
                Err(e) => self.fail(&invalid(&e.to_string())),
                Ok(Status::StreamEnd) => match self.trailer() {
                    Ok(()) => self.state = State::Ended,
                    Err(e) => self.fail(&e),
                },
                Ok(_) if made > 0 => {}
                Ok(_) if eof => self.fail(&io::Error::new(io::ErrorKind::UnexpectedEof, "cut short")),
                // No progress with input and room: not deflate data that goes on.
                Ok(_) if used == 0 => self.fail(&invalid("deflate data makes no progress")),
                Ok(_) => continue,
            }
            return Ok(made);
        }
    }
}

/// The input under a walk: a file, or a stream.
pub(super) type Source = Box<dyn Read>;

/// The bytes `src` holds, read when it holds none: none at the end of the input.
pub(super) fn fill<B: BufRead>(src: &mut B) -> io::Result<&[u8]> {
    loop {
        match src.fill_buf() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            // Taken again: the loop's borrow ends with it.
            Ok(_) => return src.fill_buf(),
            Err(e) => return Err(e),
        }
    }
}
