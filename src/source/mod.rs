//! The input: bytes in memory, or a reader read into a rolling buffer; and the line count.
//!
//! A [`Source`] holds a window of the input with its absolute offset, and refills it on
//! request, forgetting what is no longer needed, so that memory stays bounded by what one
//! candidate may span whatever the input's size.

pub(crate) mod buffer;
pub(crate) mod lines;

use std::convert::Infallible;
use std::io::{self, Read};

use buffer::Buffer;

/// The input as the pipeline reads it.
///
/// `pub` in a private module, as [`Slice`] and [`Reader`] are: nameable inside the crate
/// only, and allowed in the type of the public iterator that holds them
/// (`extract::iter::Input`).
pub trait Source {
    /// What a refill can fail with.
    type Error;

    /// The bytes held, the absolute offset of the first, and whether the input ends after them.
    fn window(&self) -> (&[u8], u64, bool);

    /// Forgets the bytes before the absolute offset `keep_from`, and reads until at least
    /// `want` new bytes are held (at least one) or the input ends. A reader's short read is
    /// used as it is when `want` is 1, so that a match on a live input (`tail -f`, a socket)
    /// comes out as soon as its bytes have arrived.
    fn refill(&mut self, keep_from: u64, want: usize) -> Result<(), Self::Error>;

    /// Reads until at least `want` new bytes are held or the input ends, keeping all that is
    /// held. `false` on a read error, which the next [`Source::refill`] then returns.
    fn read_ahead(&mut self, want: usize) -> bool;

    /// [`Source::read_ahead`], after forgetting the bytes before the absolute offset
    /// `keep_from`.
    fn read_on(&mut self, keep_from: u64, want: usize) -> bool;
}

/// Bytes in memory, held whole: the input from its offset `base` to its end (from its start,
/// but for a run of an mbox read in place: see
/// [`shard::slice_messages`](crate::shard::slice_messages)).
#[derive(Debug)]
pub struct Slice<'h> {
    bytes: &'h [u8],
    base: u64,
}

impl<'h> Slice<'h> {
    /// The whole input.
    pub(crate) fn new(bytes: &'h [u8]) -> Self {
        Slice { bytes, base: 0 }
    }

    /// The input from its offset `base` on.
    pub(crate) fn starting_at(bytes: &'h [u8], base: u64) -> Self {
        Slice { bytes, base }
    }

    /// The bytes, and the input offset of the first.
    pub(crate) fn held(&self) -> (&'h [u8], u64) {
        (self.bytes, self.base)
    }
}

impl Source for Slice<'_> {
    type Error = Infallible;

    #[inline]
    fn window(&self) -> (&[u8], u64, bool) {
        (self.bytes, self.base, true)
    }

    fn refill(&mut self, _keep_from: u64, _want: usize) -> Result<(), Infallible> {
        Ok(())
    }

    fn read_ahead(&mut self, _want: usize) -> bool {
        true
    }

    fn read_on(&mut self, _keep_from: u64, _want: usize) -> bool {
        true
    }
}

/// A reader, read into a rolling [`Buffer`].
#[derive(Debug)]
pub struct Reader<R> {
    pub(crate) reader: R,
    buffer: Buffer,
}

impl<R> Reader<R> {
    pub(crate) fn new(reader: R) -> Self {
        Reader { reader, buffer: Buffer::new() }
    }

    /// A reader positioned at the input's offset `base`.
    pub(crate) fn starting_at(reader: R, base: u64) -> Self {
        Reader { reader, buffer: Buffer::starting_at(base) }
    }
}

impl<R: Read> Source for Reader<R> {
    type Error = io::Error;

    #[inline]
    fn window(&self) -> (&[u8], u64, bool) {
        self.buffer.window()
    }

    fn refill(&mut self, keep_from: u64, want: usize) -> io::Result<()> {
        self.buffer.consume_to(keep_from);
        self.buffer.fill(&mut self.reader, want)
    }

    fn read_ahead(&mut self, want: usize) -> bool {
        match self.buffer.fill(&mut self.reader, want) {
            Ok(()) => true,
            Err(e) => {
                self.buffer.keep_error(e);
                false
            }
        }
    }

    fn read_on(&mut self, keep_from: u64, want: usize) -> bool {
        self.buffer.consume_to(keep_from);
        self.read_ahead(want)
    }
}
