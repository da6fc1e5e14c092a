//! The input: bytes in memory, or a reader read into a rolling buffer.

pub(crate) mod buffer;
