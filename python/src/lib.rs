//! The Python package `urisift`: find URIs in free text by the delimiting rules of RFC 2396
//! Appendix E and validate them (RFC 3986, RFC 2396, RFC 1738, RFC 8141). A thin layer over the
//! `urisift` crate; the manual is python/README.md and the types are in python/urisift.pyi.

#![forbid(unsafe_code)]

mod input;
mod matches;
mod options;
mod uri;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::input::Input;
use crate::matches::Matches;
use crate::options::Options;

// The default of `mail_message_max` is written out in the signatures (for their text, which
// the type stubs are checked against): it is the library's.
const _: () = assert!(urisift::MAIL_MAX == 67108864);

/// Finds the URIs in `data` (`bytes`, `bytearray`, `str` or a binary file object) and returns
/// an iterator of `Match` objects in input order (and of `Rejected` ones with
/// `report_rejected=True`). Spans are byte offsets, or character offsets for a `str`. With
/// `nested=True`, each URI found inside another follows it (`Match.outer`). `refang=True`
/// reports defanged indicators refanged (`--refang`), `numeric_hosts=True` the hosts browsers
/// read as IPv4 addresses (`http://3232235777/`).
#[pyfunction]
#[pyo3(signature = (
    data, *, grammar = "rfc3986", strict = false, max_uri_len = 65536, abbreviated = false,
    report_rejected = false, quoted_printable = false, line_numbers = false, mail = None,
    mail_message_max = 67108864, nested = false, warc = None, html = None, relative = false,
    refang = false, numeric_hosts = false
))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of a Python function
fn extract(
    data: &Bound<'_, PyAny>,
    grammar: &str,
    strict: bool,
    max_uri_len: usize,
    abbreviated: bool,
    report_rejected: bool,
    quoted_printable: bool,
    line_numbers: bool,
    mail: Option<bool>,
    mail_message_max: usize,
    nested: bool,
    warc: Option<bool>,
    html: Option<bool>,
    relative: bool,
    refang: bool,
    numeric_hosts: bool,
) -> PyResult<Matches> {
    let options = Options {
        grammar: options::grammar(grammar)?,
        strict,
        max_uri_len: Options::check_max_uri_len(max_uri_len)?,
        abbreviated,
        report_rejected,
        quoted_printable,
        line_numbers,
        mail: options::mail_mode(mail),
        mail_max: Options::check_mail_message_max(mail_message_max)?,
        nested,
        warc: options::web_mode(warc),
        html: options::web_mode(html),
        relative,
        refang,
        numeric_hosts,
    };
    Ok(Matches::new(Input::from_py(data)?, &options))
}

/// The matches of `extract` that belong to the range `start..end` of `data`: those whose outer
/// span (wrapper included) starts in it, with the same offsets as over the whole input. For
/// any partition of an input into ranges, the ranges' matches, one after another, are the
/// matches of the whole input. Offsets are bytes (characters for a `str`); a file object must
/// be able to seek (offsets from its start).
#[pyfunction]
#[pyo3(signature = (
    data, start, end, *, grammar = "rfc3986", strict = false, max_uri_len = 65536, abbreviated = false,
    report_rejected = false, quoted_printable = false, line_numbers = false, mail = None,
    mail_message_max = 67108864, nested = false, warc = None, html = None, relative = false,
    refang = false, numeric_hosts = false
))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of a Python function
fn extract_range(
    data: &Bound<'_, PyAny>,
    start: u64,
    end: u64,
    grammar: &str,
    strict: bool,
    max_uri_len: usize,
    abbreviated: bool,
    report_rejected: bool,
    quoted_printable: bool,
    line_numbers: bool,
    mail: Option<bool>,
    mail_message_max: usize,
    nested: bool,
    warc: Option<bool>,
    html: Option<bool>,
    relative: bool,
    refang: bool,
    numeric_hosts: bool,
) -> PyResult<Matches> {
    if end < start {
        return Err(PyValueError::new_err(format!(
            "extract_range: the range {start}..{end} ends before it starts"
        )));
    }
    let options = Options {
        grammar: options::grammar(grammar)?,
        strict,
        max_uri_len: Options::check_max_uri_len(max_uri_len)?,
        abbreviated,
        report_rejected,
        quoted_printable,
        line_numbers,
        mail: options::mail_mode(mail),
        mail_max: Options::check_mail_message_max(mail_message_max)?,
        nested,
        warc: options::web_mode(warc),
        html: options::web_mode(html),
        relative,
        refang,
        numeric_hosts,
    };
    let input = Input::from_py(data)?;
    // A `str` is scanned as UTF-8, and its offsets are characters: the range is too (the same
    // numbers for a `str` of ASCII only).
    let range = match input.text() {
        Some(text) => byte_of_char(text, start)..byte_of_char(text, end),
        None => start..end,
    };
    Matches::range(input, &options, range)
}

/// The byte offset in the UTF-8 text `text` of its character `n` (its length past the end).
fn byte_of_char(text: &[u8], n: u64) -> u64 {
    // The blocks wholly before character `n` are counted in vector code, the rest byte by byte.
    let (mut chars, mut at) = (0, 0);
    for block in text.chunks(255) {
        let in_block = input::count_chars(block);
        if chars + in_block > n {
            break;
        }
        chars += in_block;
        at += block.len();
    }
    for (i, &b) in text.iter().enumerate().skip(at) {
        // Each character starts with a byte that is not a continuation byte.
        if b & 0xc0 != 0x80 {
            if chars == n {
                return i as u64;
            }
            chars += 1;
        }
    }
    text.len() as u64
}

/// Find URIs in free text by RFC 2396 Appendix E, and validate them.
#[pymodule(name = "urisift")]
mod urisift_py {
    #[pymodule_export]
    use super::{extract, extract_range};
    #[pymodule_export]
    use crate::matches::{MatchObj, Matches, OriginObj, RejectedObj};
    #[pymodule_export]
    use crate::uri::{Components, UriError, check, normalize, resolve};

    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))
    }
}
