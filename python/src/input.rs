//! What `extract` reads: bytes or text held in memory, or a binary file object read as it goes.

use std::io::{self, Cursor, Read, Seek, SeekFrom};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::{PyByteArray, PyBytes, PyString};

/// Input held in memory. A `bytes` object is not copied: it is immutable, and the reference held
/// here keeps it alive while the scan runs without the GIL. A `bytearray` is copied once (it may
/// change under the scan otherwise); a `str` is scanned as its UTF-8 encoding.
pub(crate) enum Memory {
    Bytes(PyBackedBytes),
    /// A `str` with characters outside ASCII: its offsets in characters differ from the byte
    /// offsets of its encoding.
    Str(PyBackedStr),
    /// A `str` of ASCII only (`str.isascii()`, which CPython answers without reading the text):
    /// its characters are its bytes, scanned as `bytes` are.
    AsciiStr(PyBackedStr),
}

impl AsRef<[u8]> for Memory {
    fn as_ref(&self) -> &[u8] {
        match self {
            Memory::Bytes(b) => b,
            Memory::Str(s) | Memory::AsciiStr(s) => s.as_bytes(),
        }
    }
}

/// The reader under the extractor.
pub(crate) enum Input {
    Memory(Cursor<Memory>),
    File(FileReader),
}

impl Input {
    /// Takes `data` as `extract` accepts it: `bytes`, `bytearray`, `str`, or an object with a
    /// `read` method (a binary file object). Anything else is a `TypeError`.
    pub(crate) fn from_py(data: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Ok(b) = data.cast::<PyBytes>() {
            return Ok(Input::memory(Memory::Bytes(PyBackedBytes::from(b.to_owned()))));
        }
        if let Ok(b) = data.cast::<PyByteArray>() {
            return Ok(Input::memory(Memory::Bytes(PyBackedBytes::from(b.to_owned()))));
        }
        if let Ok(s) = data.cast::<PyString>() {
            let ascii = s.call_method0("isascii")?.is_truthy()?;
            let text = PyBackedStr::try_from(s.to_owned())?;
            return Ok(Input::memory(if ascii { Memory::AsciiStr(text) } else { Memory::Str(text) }));
        }
        if data.hasattr("read")? {
            if data.hasattr("closed")? && data.getattr("closed")?.is_truthy()? {
                return Err(PyValueError::new_err("extract: the file is closed"));
            }
            return Ok(Input::File(FileReader::new(data.clone().unbind())));
        }
        let kind = data.get_type().name()?;
        Err(PyTypeError::new_err(format!(
            "extract: expected bytes, bytearray, str or a binary file object (with a read method), got {kind}"
        )))
    }

    fn memory(m: Memory) -> Self {
        Input::Memory(Cursor::new(m))
    }

    /// The text scanned, when it is a `str` held in memory whose offsets in characters differ
    /// from its byte offsets (one with characters outside ASCII): its spans are converted.
    pub(crate) fn text(&self) -> Option<&[u8]> {
        match self {
            Input::Memory(c) => match c.get_ref() {
                Memory::Str(s) => Some(s.as_bytes()),
                Memory::Bytes(_) | Memory::AsciiStr(_) => None,
            },
            Input::File(_) => None,
        }
    }
}

impl Read for Input {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Input::Memory(c) => c.read(buf),
            Input::File(f) => f.read(buf),
        }
    }
}

impl Seek for Input {
    fn seek(&mut self, pos: SeekFrom) -> io::Result<u64> {
        match self {
            Input::Memory(c) => c.seek(pos),
            Input::File(f) => f.seek(pos),
        }
    }
}

/// A Python binary file object as a `Read`: each read calls its `read(n)` with the GIL held,
/// so that the extractor can run without it in between.
///
/// A Python exception raised by `read` becomes an `io::Error` of kind `Other` that wraps it
/// (never `Interrupted`, which the extractor would retry), and is raised again as itself when
/// the iterator reaches it.
pub(crate) struct FileReader {
    file: Py<PyAny>,
    /// Bytes returned by a `read(n)` beyond the `n` asked for, given out first.
    spill: Vec<u8>,
    spill_at: usize,
}

impl FileReader {
    fn new(file: Py<PyAny>) -> Self {
        FileReader { file, spill: Vec::new(), spill_at: 0 }
    }

    fn read_py(&mut self, py: Python<'_>, buf: &mut [u8]) -> PyResult<usize> {
        let chunk = self.file.bind(py).call_method1("read", (buf.len(),))?;
        if chunk.is_none() {
            return Err(PyValueError::new_err(
                "extract: read() returned None (a non-blocking stream with no data ready?)",
            ));
        }
        let Ok(bytes) = chunk.cast::<PyBytes>() else {
            let kind = chunk.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "extract: read() returned {kind}, not bytes (open the file in binary mode, 'rb')"
            )));
        };
        let bytes = bytes.as_bytes();
        let n = bytes.len().min(buf.len());
        buf[..n].copy_from_slice(&bytes[..n]);
        if n < bytes.len() {
            self.spill = bytes[n..].to_vec();
            self.spill_at = 0;
        }
        Ok(n)
    }
}

/// Seeking calls the file's `seek(offset, whence)` (for `extract_range`); a file that cannot
/// seek raises its own exception (`io.UnsupportedOperation`), raised again by the caller.
impl Seek for FileReader {
    fn seek(&mut self, pos: SeekFrom) -> io::Result<u64> {
        let (offset, whence): (i64, u8) = match pos {
            SeekFrom::Start(n) => (i64::try_from(n).map_err(io::Error::other)?, 0),
            SeekFrom::Current(n) => {
                // What is spilled over was read ahead of the position the caller sees.
                let ahead = (self.spill.len() - self.spill_at) as i64;
                (n - ahead, 1)
            }
            SeekFrom::End(n) => (n, 2),
        };
        self.spill.clear();
        self.spill_at = 0;
        Python::attach(|py| -> PyResult<u64> {
            self.file.bind(py).call_method1("seek", (offset, whence))?.extract()
        })
        .map_err(io::Error::other)
    }
}

impl Read for FileReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.spill_at < self.spill.len() {
            let rest = &self.spill[self.spill_at..];
            let n = rest.len().min(buf.len());
            buf[..n].copy_from_slice(&rest[..n]);
            self.spill_at += n;
            return Ok(n);
        }
        if buf.is_empty() {
            return Ok(0);
        }
        Python::attach(|py| self.read_py(py, buf)).map_err(io::Error::other)
    }
}

/// Turns byte offsets into the UTF-8 encoding of a `str` into character (code point) offsets,
/// so that `text[start:end]` is the URI's source. Offsets asked for move mostly forward (the
/// matches come in input order; a wrapper or a piece reaches a little back), so the count is
/// kept at the last offset asked for and moved from there: linear in the text over a whole
/// scan. Every offset the extractor gives falls on a character boundary (URIs and their
/// wrappers are ASCII).
pub(crate) struct CharOffsets {
    byte: u64,
    char: u64,
}

impl CharOffsets {
    pub(crate) fn new() -> Self {
        CharOffsets { byte: 0, char: 0 }
    }

    /// The character offset of byte offset `to` in `text`.
    pub(crate) fn char_of(&mut self, text: &[u8], to: u64) -> u64 {
        let to = to.min(text.len() as u64);
        let count = |a: u64, b: u64| count_chars(&text[a as usize..b as usize]);
        if to >= self.byte {
            self.char += count(self.byte, to);
        } else {
            self.char -= count(to, self.byte);
        }
        self.byte = to;
        self.char
    }
}

/// How many characters start in `bytes`: a character starts at every byte of UTF-8 that is not
/// a continuation byte (`10xxxxxx`, RFC 3629 §3). Counted 255 bytes at a time into a byte-wide
/// sum, which cannot overflow and which the compiler turns into vector code.
pub(crate) fn count_chars(bytes: &[u8]) -> u64 {
    bytes
        .chunks(255)
        .map(|chunk| u64::from(chunk.iter().fold(0u8, |n, &b| n + u8::from((b as i8) >= -0x40))))
        .sum()
}
