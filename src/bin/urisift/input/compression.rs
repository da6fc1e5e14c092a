//! Compressed input (`-z`): the formats recognized by their first bytes, and their decoders.

use std::io::{self, Read};

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

/// The most memory a decoder may take, by default (`--decompress-memory`).
pub const MEMORY_DEFAULT: &str = "256M";

/// The range of `--decompress-memory`: more than 4 GiB is never needed (liblzma writes
/// dictionaries of at most 1.5 GiB, and a zstd window is at most 2 GiB).
pub const MEMORY_RANGE: std::ops::RangeInclusive<u64> = 1 << 20..=4 << 30;

/// A decoder of every member or frame in the stream, as `zcat` reads concatenated files, that
/// takes at most about `memory` bytes, whatever the stream declares. Its errors name the
/// format, and say when the stream needs more memory than that.
pub fn decoder<R: Read + 'static>(
    compression: Compression,
    reader: R,
    memory: u64,
) -> io::Result<Box<dyn Read>> {
    let inner: Box<dyn Read> = match compression {
        // A deflate stream refers at most 32 KiB back (RFC 1951 §2): the decoder's window and
        // tables are that, whatever the stream says.
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(reader)),
        // A bzip2 block is at most 900 kB (level 9, set in the stream's header): the decoder
        // takes about 3.7 MB at most, whatever the stream says.
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(reader)),
        // An xz stream declares its dictionary (up to 4 GiB), which the decoder allocates and
        // fills: liblzma's memory limit refuses a stream that needs more than `memory`.
        Compression::Xz => {
            let stream = liblzma::stream::Stream::new_stream_decoder(memory, liblzma::stream::CONCATENATED)?;
            Box::new(XzDecoded {
                decoder: liblzma::read::XzDecoder::new_stream(reader, stream),
                failed: None,
            })
        }
        // A zstd frame declares its window (RFC 8878 §3.1.1.1.2), which the decoder holds:
        // a window larger than the largest power of two within `memory` is refused (its log
        // is from 20, 1 MiB, to 31, zstd's largest window).
        Compression::Zstd => {
            let mut decoder = zstd::stream::read::Decoder::new(reader)?;
            decoder.window_log_max(memory.max(1).ilog2().min(31))?;
            Box::new(decoder)
        }
    };
    Ok(Box::new(Decoded { inner, compression, memory }))
}

/// An xz decoder that gives the bytes it decoded before an error, then the error. liblzma
/// decodes a stream to its end and goes on into the next in one call, and an error there (the
/// next stream's dictionary past the memory limit) is returned by that call: the bytes it
/// wrote before are in the buffer, but `XzDecoder::read` returns only the error.
struct XzDecoded<R: Read> {
    decoder: liblzma::read::XzDecoder<R>,
    /// The error met after some bytes, returned by the next read.
    failed: Option<io::Error>,
}

impl<R: Read> Read for XzDecoded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        let before = self.decoder.total_out();
        self.decoder.read(buf).or_else(|e| match self.decoder.total_out() - before {
            0 => Err(e),
            // The bytes written in this call, at the start of `buf`.
            written => {
                self.failed = Some(e);
                Ok(written as usize)
            }
        })
    }
}

/// What a decoder reads, its errors named.
struct Decoded {
    inner: Box<dyn Read>,
    compression: Compression,
    memory: u64,
}

impl Read for Decoded {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| self.named(e))
    }
}

impl Decoded {
    /// `e`, an error of the decoder or of the input under it, naming the format; one that says
    /// the stream needs more memory than the limit says so, with the option that raises it.
    fn named(&self, e: io::Error) -> io::Error {
        let format = self.compression.name();
        if e.kind() == io::ErrorKind::Interrupted {
            return e;
        }
        if !needs_more_memory(&e) {
            return io::Error::new(e.kind(), format!("{format}: {e}"));
        }
        io::Error::new(
            e.kind(),
            format!(
                "{format}: the stream needs more memory to decompress than the limit of {} \
                 (--decompress-memory; raise it, up to 4G, for an input you trust)",
                size_name(self.memory)
            ),
        )
    }
}

/// Whether `e` is a decoder's refusal of a stream that needs more memory than its limit.
fn needs_more_memory(e: &io::Error) -> bool {
    let Some(inner) = e.get_ref() else { return false };
    if let Some(e) = inner.downcast_ref::<liblzma::stream::Error>() {
        return matches!(e, liblzma::stream::Error::MemLimit);
    }
    if let Some(e) = inner.downcast_ref::<zstd::Error>() {
        return e.is(zstd::zstd_safe::zstd_sys::ZSTD_ErrorCode::ZSTD_error_frameParameter_windowTooLarge);
    }
    false
}

/// `bytes` as a person reads a size: `256 MiB`, `1 GiB`, `1536 KiB`.
fn size_name(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
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
