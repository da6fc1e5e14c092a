//! What extraction reads: the inputs named on the command line (files, directories walked with
//! `-r`, standard input), their names as printed, and compressed input (`-z`).

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The name standard input goes by, in text output, in JSON and in messages.
pub const STDIN_NAME: &str = "<stdin>";

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

    /// The name for a message on standard error (lossy: a message is for a person).
    pub fn display(&self) -> String {
        String::from_utf8_lossy(self.name_bytes()).into_owned()
    }
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
            if !each(Err(InputError { name: path.display().to_string(), error })) {
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
                        ignore::Error::WithPath { path, err } => {
                            (path.display().to_string(), err.to_string())
                        }
                        e => (path.display().to_string(), e.to_string()),
                    };
                    each(Err(InputError { name, error: io::Error::other(error) }))
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

/// A compression format recognized by its magic bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    Gzip,
    Bzip2,
    Xz,
    Zstd,
}

impl Compression {
    /// The magic bytes each format starts with: RFC 1952 §2.3.1 (gzip), the bzip2 file header
    /// `BZh`, the xz file format §2.1.1.1, RFC 8878 §3.1.1 (zstd frames).
    const MAGIC: [(Compression, &'static [u8]); 4] = [
        (Compression::Gzip, b"\x1f\x8b"),
        (Compression::Bzip2, b"BZh"),
        (Compression::Xz, b"\xfd7zXZ\x00"),
        (Compression::Zstd, b"\x28\xb5\x2f\xfd"),
    ];

    /// The longest magic.
    const LONGEST: usize = 6;

    pub fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
            Compression::Zstd => "zstd",
        }
    }

    /// The compression whose magic number `head` starts with, if any.
    pub fn recognize(head: &[u8]) -> Option<Compression> {
        Self::MAGIC.iter().find(|(_, magic)| head.starts_with(magic)).map(|&(c, _)| c)
    }

    /// Whether more bytes could still make `head` one of the magics.
    fn undecided(head: &[u8]) -> bool {
        Self::MAGIC.iter().any(|(_, magic)| head.len() < magic.len() && magic.starts_with(head))
    }
}

/// A reader that gives back the bytes read to recognize a format before the rest.
pub struct Peeked<R> {
    head: [u8; Compression::LONGEST],
    len: usize,
    pos: usize,
    inner: R,
}

impl<R: Read> Peeked<R> {
    /// Reads the start of `inner`: one read, and more only while the bytes so far could still
    /// be the start of a magic, so that live input (`tail -f log | urisift`) is not held back
    /// waiting for bytes that a short first line does not have.
    pub fn new(mut inner: R) -> io::Result<Self> {
        let mut head = [0; Compression::LONGEST];
        let mut len = 0;
        loop {
            match inner.read(&mut head[len..]) {
                Ok(0) => break,
                Ok(n) => len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
            if len == head.len() || !Compression::undecided(&head[..len]) {
                break;
            }
        }
        Ok(Peeked { head, len, pos: 0, inner })
    }

    pub fn compression(&self) -> Option<Compression> {
        Compression::recognize(&self.head[..self.len])
    }
}

impl<R: Read> Read for Peeked<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pos < self.len {
            let n = buf.len().min(self.len - self.pos);
            buf[..n].copy_from_slice(&self.head[self.pos..self.pos + n]);
            self.pos += n;
            return Ok(n);
        }
        self.inner.read(buf)
    }
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

/// Opens `input` for reading: decompressed when `decompress` and its first bytes are a
/// compression magic. Also returns the compression recognized (whether or not decompressed),
/// for the warning about compressed input read as it is.
pub fn open(input: &Input, decompress: bool) -> io::Result<(Box<dyn Read>, Option<Compression>)> {
    let reader: Box<dyn Read> = match input {
        Input::Stdin => {
            grow_pipe();
            Box::new(io::stdin().lock())
        }
        Input::File(path) => Box::new(File::open(path)?),
    };
    let peeked = Peeked::new(reader)?;
    let compression = peeked.compression();
    let reader: Box<dyn Read> = match compression {
        Some(c) if decompress => decoder(c, peeked)?,
        _ => Box::new(peeked),
    };
    Ok((reader, compression))
}

/// A decoder of every member or frame in the stream, as `zcat` reads concatenated files.
fn decoder<R: Read + 'static>(compression: Compression, reader: R) -> io::Result<Box<dyn Read>> {
    Ok(match compression {
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(reader)),
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(reader)),
        Compression::Xz => Box::new(liblzma::read::XzDecoder::new_multi_decoder(reader)),
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::new(reader)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peeking_gives_every_byte_back() {
        for text in
            [&b""[..], b"a", b"\x1f", b"\x1f\x8b\x08", b"BZh91AY", b"\xfd7zXZ\x00\x00rest", b"plain text"]
        {
            let mut peeked = Peeked::new(text).unwrap();
            let mut back = Vec::new();
            peeked.read_to_end(&mut back).unwrap();
            assert_eq!(back, text);
        }
    }

    #[test]
    fn magics_are_recognized_only_whole() {
        assert_eq!(Peeked::new(&b"\x1f\x8b\x08\x00"[..]).unwrap().compression(), Some(Compression::Gzip));
        assert_eq!(Peeked::new(&b"BZh9"[..]).unwrap().compression(), Some(Compression::Bzip2));
        assert_eq!(Peeked::new(&b"\xfd7zXZ\x00"[..]).unwrap().compression(), Some(Compression::Xz));
        assert_eq!(Peeked::new(&b"\x28\xb5\x2f\xfd\x00"[..]).unwrap().compression(), Some(Compression::Zstd));
        assert_eq!(Peeked::new(&b"\xfd7zX"[..]).unwrap().compression(), None);
        assert_eq!(Peeked::new(&b"BZ"[..]).unwrap().compression(), None);
    }

    /// A reader that gives one byte per call, then fails: the peek must stop reading as soon
    /// as no magic can start with what it has.
    struct OneByteThenFail<'a>(&'a [u8]);

    impl Read for OneByteThenFail<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.split_first() {
                Some((&b, rest)) => {
                    buf[0] = b;
                    self.0 = rest;
                    Ok(1)
                }
                None => Err(io::Error::other("would block")),
            }
        }
    }

    #[test]
    fn a_short_first_line_is_not_held_back() {
        assert!(Peeked::new(OneByteThenFail(b"h")).is_ok());
        assert!(Peeked::new(OneByteThenFail(b"B")).is_err(), "B may start BZh: reads on");
        assert!(Peeked::new(OneByteThenFail(b"BZx")).is_ok());
    }
}
