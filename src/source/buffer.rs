//! The rolling buffer over a reader (`bytes::BytesMut`), with absolute offsets.
//!
//! The buffer holds a window `[base, base + len)` of the input. The extractor asks for more
//! input when it cannot decide with what it has, and says from which absolute offset it still
//! needs the bytes (`keep_from`); everything before is dropped on the next refill, so memory is
//! bounded by what one candidate may span, not by the input's size. This is ripgrep's line
//! buffer idea (`crates/searcher/src/line_buffer.rs`): the storage stays initialized and the
//! kept tail is moved to the front when room is needed, so a refill is one `read` into a slice
//! and no byte is zeroed twice.

use std::io::{self, Read};

use bytes::BytesMut;

/// How much is read at least per refill, when the reader gives that much.
pub(crate) const CHUNK: usize = 64 * 1024;

/// A window of the input, refilled from a reader.
#[derive(Debug)]
pub(crate) struct Buffer {
    /// Storage; all of it is initialized (`len() == capacity` in effect).
    buf: BytesMut,
    /// The window is `buf[start..end]`.
    start: usize,
    end: usize,
    /// The absolute offset of `buf[start]` in the input.
    base: u64,
    /// The reader said end of input.
    eof: bool,
    /// A read error that came after some bytes of the same refill: it is returned by the next
    /// refill, once those bytes have been scanned.
    failed: Option<io::Error>,
}

impl Buffer {
    pub(crate) fn new() -> Self {
        Self::starting_at(0)
    }

    /// An empty buffer whose first byte will be the input's byte at offset `base` (for a
    /// reader positioned there).
    pub(crate) fn starting_at(base: u64) -> Self {
        Buffer { buf: BytesMut::new(), start: 0, end: 0, base, eof: false, failed: None }
    }

    /// The bytes held, the absolute offset of the first, and whether the input ends after them.
    pub(crate) fn window(&self) -> (&[u8], u64, bool) {
        (&self.buf[self.start..self.end], self.base, self.eof)
    }

    /// Forgets the bytes before the absolute offset `keep_from`.
    pub(crate) fn consume_to(&mut self, keep_from: u64) {
        let held = (self.end - self.start) as u64;
        let drop = keep_from.saturating_sub(self.base).min(held) as usize;
        self.start += drop;
        self.base += drop as u64;
        if self.start == self.end {
            self.start = 0;
            self.end = 0;
        }
    }

    /// Reads until at least `want` new bytes are held or the input ends. `Interrupted` is
    /// retried. Any other error is returned; when bytes were read before it in this refill,
    /// they are kept and the error is returned by the next refill instead, so that what was
    /// read before a failure is still scanned.
    pub(crate) fn fill<R: Read>(&mut self, reader: &mut R, want: usize) -> io::Result<()> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        if self.eof {
            return Ok(());
        }
        let want = want.max(1);
        self.make_room(want.max(CHUNK));
        let mut got = 0;
        while got < want {
            match reader.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => {
                    self.end += n;
                    got += n;
                    if self.end == self.buf.len() && got < want {
                        self.make_room(want - got);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if got > 0 => {
                    self.failed = Some(e);
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Keeps `e` to be returned by the next refill.
    pub(crate) fn keep_error(&mut self, e: io::Error) {
        self.failed = Some(e);
    }

    /// Makes at least `room` bytes free after `end`: moves the window to the front when that
    /// is enough, grows the storage otherwise.
    fn make_room(&mut self, room: usize) {
        if self.buf.len() - self.end >= room {
            return;
        }
        let held = self.end - self.start;
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.start = 0;
            self.end = held;
        }
        if self.buf.len() - self.end < room {
            let new_len = (held + room).next_power_of_two();
            self.buf.resize(new_len, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Gives at most `n` bytes per read.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(out.len()).min(self.0.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn rolls_with_absolute_offsets() {
        let data: Vec<u8> = (0..200u8).collect();
        let mut r = Trickle(&data, 7);
        let mut b = Buffer::new();
        b.fill(&mut r, 50).unwrap();
        let (w, base, eof) = b.window();
        assert!(w.len() >= 50 && base == 0 && !eof);
        assert_eq!(w, &data[..w.len()]);
        b.consume_to(40);
        b.fill(&mut r, 1000).unwrap();
        let (w, base, eof) = b.window();
        assert_eq!((base, eof), (40, true));
        assert_eq!(w, &data[40..]);
        b.consume_to(500);
        assert_eq!(b.window().0.len(), 0);
        assert_eq!(b.window().1, 200);
    }

    #[test]
    fn interrupted_is_retried_and_errors_keep_data() {
        struct Flaky(u32);
        impl Read for Flaky {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                self.0 += 1;
                match self.0 {
                    1 => Err(io::ErrorKind::Interrupted.into()),
                    2 => {
                        out[0] = b'x';
                        Ok(1)
                    }
                    _ => Err(io::Error::other("boom")),
                }
            }
        }
        let mut b = Buffer::new();
        let mut r = Flaky(0);
        // The byte read before the error comes first, the error with the next refill.
        b.fill(&mut r, 10).unwrap();
        assert_eq!(b.window().0, b"x");
        let err = b.fill(&mut r, 10).unwrap_err();
        assert_eq!(err.to_string(), "boom");
        assert_eq!(r.0, 3, "the reader is not asked again before the error is reported");
    }
}
