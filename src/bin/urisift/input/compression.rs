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

/// A decoder of every member or frame in the stream, as `zcat` reads concatenated files.
pub fn decoder<R: Read + 'static>(compression: Compression, reader: R) -> io::Result<Box<dyn Read>> {
    Ok(match compression {
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(reader)),
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(reader)),
        Compression::Xz => Box::new(liblzma::read::XzDecoder::new_multi_decoder(reader)),
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::new(reader)?),
    })
}

/// A decoder's error on corrupt data, naming the format.
pub fn name_decoder(e: io::Error, decompressed: Option<Compression>) -> io::Error {
    match decompressed {
        Some(c) => io::Error::new(e.kind(), format!("{}: {e}", c.name())),
        None => e,
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
