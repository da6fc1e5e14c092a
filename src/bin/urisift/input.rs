//! What extraction reads: the inputs named on the command line (files, directories walked with
//! `-r`, standard input), their names as printed, how each is opened (decompressed with `-z`),
//! and the warnings about an input read as it is (compressed, UTF-16, messages too long for
//! mail).

mod compression;
mod member;
mod members;

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Read, Seek};
use std::ops::Range;
use std::path::{Path, PathBuf};

use compression::Peeked;
pub use compression::decoder;
pub use compression::{Compression, MEMORY_DEFAULT, MEMORY_RANGE};
pub use members::{MemberBytes, MemberWalk, Next, Trouble};

use crate::escape::escaped_str;
use crate::message::complain;

/// The name standard input goes by, in text output, in JSON and in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// How much of an input's start says whether it is read as mail
/// ([`urisift::shard::reads_as_mail`]).
pub const MAIL_LOOK: usize = 64 * 1024;

/// One input to scan.
#[derive(Debug)]
pub enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    /// The input's name as raw bytes: for a file, its path exactly as the system gave it (on
    /// Unix any bytes, not necessarily UTF-8), without a leading `./` that the walk of an
    /// implicit `.` added.
    pub fn name_bytes(&self) -> &[u8] {
        match self {
            Input::Stdin => STDIN_NAME.as_bytes(),
            Input::File(path) => strip_dot(path).as_os_str().as_encoded_bytes(),
        }
    }

    /// The input's name as a `str`, or `None` when the path is not UTF-8.
    pub fn name_str(&self) -> Option<&str> {
        match self {
            Input::Stdin => Some(STDIN_NAME),
            Input::File(path) => strip_dot(path).to_str(),
        }
    }

    /// The name for a message on standard error (lossy, its control characters escaped: a
    /// message is for a person).
    pub fn display(&self) -> String {
        escaped_str(&String::from_utf8_lossy(self.name_bytes())).into_owned()
    }
}

/// A path named in a message, as [`Input::display`] names an input.
fn shown(path: &Path) -> String {
    escaped_str(&path.display().to_string()).into_owned()
}

/// `./a.txt` as `a.txt`, as ripgrep and grep print the files of a walk that started at `.`.
fn strip_dot(path: &Path) -> &Path {
    path.strip_prefix(".").ok().filter(|p| !p.as_os_str().is_empty()).unwrap_or(path)
}

/// How directories are walked (`-r`).
#[derive(Debug, Clone)]
pub struct Walk {
    pub recursive: bool,
    pub hidden: bool,
    pub no_ignore: bool,
    pub globs: Vec<String>,
}

/// An input that could not be listed or opened, with the name to report it under.
#[derive(Debug)]
pub struct InputError {
    pub name: String,
    pub error: io::Error,
}

/// Lists the inputs of `paths` in order: `-` is standard input; a directory is walked when
/// `walk.recursive` (files only, sorted by name, ignore files and hidden files as ripgrep
/// treats them, then `--glob`), and an error otherwise; a file named on the command line is
/// always read, whatever the globs and ignore files say.
pub fn list(paths: &[PathBuf], walk: &Walk, mut each: impl FnMut(Result<Input, InputError>) -> bool) {
    for path in paths {
        if path.as_os_str() == "-" {
            if !each(Ok(Input::Stdin)) {
                return;
            }
            continue;
        }
        if !path.is_dir() {
            if !each(Ok(Input::File(path.clone()))) {
                return;
            }
            continue;
        }
        if !walk.recursive {
            let error = io::Error::other("is a directory (use -r to search the files below it)");
            if !each(Err(InputError { name: shown(path), error })) {
                return;
            }
            continue;
        }
        let walker = match walker(path, walk) {
            Ok(walker) => walker,
            Err(e) => {
                let error = io::Error::new(io::ErrorKind::InvalidInput, e.to_string());
                each(Err(InputError { name: "--glob".to_owned(), error }));
                return;
            }
        };
        for entry in walker {
            let keep_going = match entry {
                Ok(entry) if entry.file_type().is_some_and(|t| t.is_file()) => {
                    each(Ok(Input::File(entry.into_path())))
                }
                Ok(_) => true,
                Err(e) => {
                    // The error names its path, when it has one: reported under that name.
                    let (name, error) = match e {
                        ignore::Error::WithPath { path, err } => (shown(&path), err.to_string()),
                        e => (shown(path), e.to_string()),
                    };
                    let error = io::Error::other(escaped_str(&error).into_owned());
                    each(Err(InputError { name, error }))
                }
            };
            if !keep_going {
                return;
            }
        }
    }
}

fn walker(root: &Path, walk: &Walk) -> Result<ignore::Walk, ignore::Error> {
    let mut overrides = ignore::overrides::OverrideBuilder::new(root);
    for glob in &walk.globs {
        overrides.add(glob)?;
    }
    let mut builder = ignore::WalkBuilder::new(root);
    builder
        .standard_filters(!walk.no_ignore)
        .hidden(!walk.hidden)
        .overrides(overrides.build()?)
        .sort_by_file_name(OsStr::cmp);
    Ok(builder.build())
}

/// How much a pipe on standard input is asked to hold (Linux lets any process grow its pipes
/// to 1 MiB, `/proc/sys/fs/pipe-max-size`).
#[cfg(target_os = "linux")]
const PIPE_SIZE: usize = 1 << 20;

/// Grows the pipe on standard input, if it is one, to [`PIPE_SIZE`]: with the default 64 KiB,
/// the writer (`cat`, `zcat`, a crawler) waits whenever the scan has not yet taken the last
/// 64 KiB, and the two hardly overlap (see PERFORMANCE.md). Anything else (a file, a terminal,
/// a system that refuses) is left as it is.
fn grow_pipe() {
    #[cfg(target_os = "linux")]
    if rustix::pipe::fcntl_getpipe_size(io::stdin()).is_ok_and(|size| size < PIPE_SIZE) {
        let _ = rustix::pipe::fcntl_setpipe_size(io::stdin(), PIPE_SIZE);
    }
}

/// An input opened for reading, once: standard input, or its file. A named pipe, `/dev/stdin`
/// or a process substitution (`/dev/fd/N`) cannot be opened a second time to read it from its
/// start: a FIFO's writer that finds no reader after the first open is closed gets SIGPIPE or
/// an error, and what was read through the first open is gone. So each input is opened here
/// once, and every look at it (its size for a memory map, its first bytes) goes through that
/// one open.
pub enum Opened {
    Stdin,
    File(File),
}

impl Input {
    /// Opens the input, once (see [`Opened`]).
    pub fn open(&self) -> io::Result<Opened> {
        Ok(match self {
            Input::Stdin => Opened::Stdin,
            Input::File(path) => Opened::File(File::open(path)?),
        })
    }
}

impl Opened {
    /// The file, when the input is one (a regular file may then be mapped).
    pub fn file(&self) -> Option<&File> {
        match self {
            Opened::Stdin => None,
            Opened::File(file) => Some(file),
        }
    }

    /// The reader of the input as it is, from the first byte not read yet, and the
    /// compression its first bytes say, for the warning about compressed input read as it is
    /// (without -z), or to decompress it with [`decoder`] (taking at most about
    /// `--decompress-memory`), or to read it by members ([`MemberWalk`]).
    pub fn raw(self) -> io::Result<(Box<dyn Read>, Option<Compression>)> {
        let reader: Box<dyn Read> = match self {
            Opened::Stdin => {
                grow_pipe();
                Box::new(io::stdin().lock())
            }
            Opened::File(file) => Box::new(file),
        };
        let peeked = Peeked::new(reader)?;
        let compression = peeked.compression();
        Ok((Box::new(peeked), compression))
    }
}

/// `range` of a file of `len` bytes, its start no further than the end: a range that starts
/// past the end holds no URI, and the system refuses to seek far past it (`EINVAL` past the
/// largest file of the file system).
pub fn clamped(range: Range<u64>, len: u64) -> Range<u64> {
    range.start.min(len)..range.end
}

/// Opens a file to scan a range of (`--range`, and the ranges of `-j`), once: a file that can
/// seek, and not decompressed (its offsets would be those of the decompressed text). A
/// compressed file read as it is comes with its compression, for the warning.
pub fn open_for_range(input: &Input, decompress: bool) -> io::Result<(File, Option<Compression>)> {
    let Input::File(path) = input else {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "--range reads files, not standard input"));
    };
    let mut file = File::open(path)?;
    // A pipe cannot seek: said before a byte of it is read.
    if let Err(e) = file.stream_position() {
        return Err(io::Error::new(
            e.kind(),
            format!("--range reads files that can seek, not this one: {e}"),
        ));
    }
    let compression = Peeked::new(&file)?.compression();
    file.rewind()?;
    // gzip is read member by member (`members`), not through this file.
    if let Some(c) = compression.filter(|&c| decompress && c != Compression::Gzip) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("--range cannot seek in {} compressed data (decompress it first)", c.name()),
        ));
    }
    Ok((file, compression))
}

/// Whether the file at `path` is read as the members of a gzip file: with `-z`, when its
/// first bytes are a gzip member's.
pub fn reads_members(path: &Path, decompress: bool) -> bool {
    decompress
        && File::open(path)
            .and_then(|f| Peeked::new(f).map(|p| p.compression() == Some(Compression::Gzip)))
            .unwrap_or(false)
}

/// The message about what went wrong in a member of a gzip input.
pub fn report_trouble(name: &str, t: &Trouble) {
    complain(format_args!("{name}: {}", t.message()));
}

/// What the scans of an input's parts (the members of a gzip file, the ranges and runs of
/// `-j`) found that is warned about once for the input: counts added, the first offsets of the
/// earliest part kept.
#[derive(Default)]
pub struct Notes {
    /// The first message too long for mail, and how many.
    pub long: Option<(u64, u64)>,
    /// The first message nested too deep, its depth, and how many.
    pub deep: Option<((u64, usize), u64)>,
    pub web: urisift::WebTally,
}

impl Notes {
    pub fn add_long(&mut self, at: u64, n: u64) {
        let (first, count) = self.long.unwrap_or((at, 0));
        self.long = Some((first, count + n));
    }

    pub fn add_deep(&mut self, at: u64, depth: usize, n: u64) {
        let (first, count) = self.deep.unwrap_or(((at, depth), 0));
        self.deep = Some((first, count + n));
    }

    pub fn add_web(&mut self, b: urisift::WebTally) {
        let t = &mut self.web;
        t.first_malformed = t.first_malformed.or(b.first_malformed);
        t.malformed += b.malformed;
        t.first_long = t.first_long.or(b.first_long);
        t.long_records += b.long_records;
        t.cut += b.cut;
        t.broken += b.broken;
        t.unknown_coding += b.unknown_coding;
        t.long_page |= b.long_page;
    }

    /// The notes of one scan: where its first message too long for mail starts and how many
    /// there were, the same for those nested too deep, and its web tally.
    pub fn add_scan(
        &mut self,
        long: Option<(u64, u64)>,
        deep: Option<((u64, usize), u64)>,
        web: urisift::WebTally,
    ) {
        if let Some((at, n)) = long {
            self.add_long(at, n);
        }
        if let Some(((at, depth), n)) = deep {
            self.add_deep(at, depth, n);
        }
        self.add_web(web);
    }

    /// The warnings, given the bound of a message (`--mail-message-max`).
    pub fn warn(&self, name: &str, bound: usize) {
        if let Some((at, count)) = self.long {
            warn_long_messages(name, at, count, bound);
        }
        if let Some(((at, depth), count)) = self.deep {
            warn_deep_messages(name, at, depth, count);
        }
        warn_web(name, &self.web, bound);
    }
}

/// A reader that keeps the first two bytes it passes on, to recognize a UTF-16 byte order
/// mark without holding back any input.
pub struct FirstBytes<R> {
    inner: R,
    head: [u8; 2],
    seen: usize,
}

impl<R> FirstBytes<R> {
    pub fn new(inner: R) -> Self {
        FirstBytes { inner, head: [0; 2], seen: 0 }
    }

    /// The first two bytes, once two were read.
    pub fn head(&self) -> Option<[u8; 2]> {
        (self.seen == 2).then_some(self.head)
    }
}

impl<R: Read> Read for FirstBytes<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        for &b in buf.get(..n).unwrap_or_default().iter().take(2 - self.seen) {
            self.head[self.seen] = b;
            self.seen += 1;
        }
        Ok(n)
    }
}

/// The warning for a compressed input read as it is (without -z).
pub fn warn_compressed(name: &str, c: Compression) {
    complain(format_args!(
        "{name}: warning: {} compressed data, read as it is (use -z to decompress)",
        c.name()
    ));
}

/// The warning for `count` messages too long to be read as mail
/// (`urisift::ExtractorBuilder::mail_message_max`), the first at input offset `at`, read as
/// plain text.
pub fn warn_long_messages(name: &str, at: u64, count: u64, bound: usize) {
    match count {
        0 | 1 => complain(format_args!(
            "{name}: warning: the message at byte {at} is longer than {bound} bytes \
             (--mail-message-max): it is read as plain text, without MIME decoding"
        )),
        _ => complain(format_args!(
            "{name}: warning: {count} messages are longer than {bound} bytes \
             (--mail-message-max), the first at byte {at}: they are read as plain text, \
             without MIME decoding"
        )),
    }
}

/// The warnings for what a web archive (or saved page) held that was not read as it should
/// have been ([`urisift::WebTally`]); nothing when it was all read.
pub fn warn_web(name: &str, t: &urisift::WebTally, bound: usize) {
    let many = |n: u64, one: &'static str, more: &'static str| if n == 1 { one } else { more };
    if let Some(at) = t.first_malformed {
        let n = t.malformed;
        complain(format_args!(
            "{name}: warning: {n} {} malformed or cut short, the first at byte {at}: {} nothing; \
             reading went on at the next record",
            many(n, "record is", "records are"),
            many(n, "it gives", "they give"),
        ));
    }
    if let Some(at) = t.first_long {
        let n = t.long_records;
        complain(format_args!(
            "{name}: warning: {n} {} longer than {bound} bytes (--mail-message-max), the first \
             at byte {at}: read as plain text, as stored, without HTTP or HTML decoding",
            many(n, "record is", "records are"),
        ));
    }
    if t.cut > 0 {
        complain(format_args!(
            "{name}: warning: {} HTTP {} to more than {bound} bytes (--mail-message-max): read \
             up to there",
            t.cut,
            many(t.cut, "body decompresses", "bodies decompress"),
        ));
    }
    if t.broken > 0 {
        complain(format_args!(
            "{name}: warning: {} HTTP {} compressed data that is broken or cut short: read as \
             far as it decompresses",
            t.broken,
            many(t.broken, "body has", "bodies have"),
        ));
    }
    if t.unknown_coding > 0 {
        complain(format_args!(
            "{name}: warning: {} HTTP {} in a content coding that is not known: not read",
            t.unknown_coding,
            many(t.unknown_coding, "body is", "bodies are"),
        ));
    }
    if t.long_page {
        complain(format_args!(
            "{name}: warning: the HTML page is longer than {bound} bytes (--mail-message-max): \
             it is read as plain text"
        ));
    }
}

/// The warning for `count` messages whose MIME entities nest deeper than they are decoded
/// (`urisift::Matches::deep_from`), the first at input offset `at`, read as plain text from
/// `depth` levels down.
pub fn warn_deep_messages(name: &str, at: u64, depth: usize, count: u64) {
    match count {
        0 | 1 => complain(format_args!(
            "{name}: warning: the message at byte {at} has MIME parts nested {depth} levels \
             deep or more: from there they are read as plain text, without MIME decoding"
        )),
        _ => complain(format_args!(
            "{name}: warning: {count} messages have MIME parts nested too deep to decode, the \
             first at byte {at} from {depth} levels deep: from there they are read as plain \
             text, without MIME decoding"
        )),
    }
}

/// The warning for an input that starts with a UTF-16 byte order mark, given its first two
/// bytes: urisift reads bytes, and UTF-16 text has a NUL in every ASCII character, which ends
/// any URI; this says why such a file gives nothing rather than stay silent.
pub fn warn_utf16(name: &str, head: &[u8]) {
    if matches!(head, [0xff, 0xfe] | [0xfe, 0xff]) {
        complain(format_args!(
            "{name}: warning: starts with a UTF-16 byte order mark; URIs are looked for in \
             ASCII-compatible text (transcode first, e.g. `iconv -f UTF-16 -t UTF-8`)"
        ));
    }
}
