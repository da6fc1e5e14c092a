//! The Python package `urisift`: find URIs in free text by the delimiting rules of RFC 2396
//! Appendix E and validate them (RFC 3986, RFC 2396, RFC 1738, RFC 8141). A thin layer over the
//! `urisift` crate; the manual is python/README.md and the types are in python/urisift.pyi.

#![forbid(unsafe_code)]

mod input;
mod matches;
mod uri;

use pyo3::exceptions::PyNotImplementedError;
use pyo3::prelude::*;

use crate::input::Input;
use crate::matches::{Matches, Options};

/// Finds the URIs in `data` (`bytes`, `bytearray`, `str` or a binary file object) and returns
/// an iterator of `Match` objects in input order (and of `Rejected` ones with
/// `report_rejected=True`). Spans are byte offsets, or character offsets for a `str`.
#[pyfunction]
#[pyo3(signature = (
    data, *, grammar = "rfc3986", max_uri_len = 65536, abbreviated = false,
    report_rejected = false, quoted_printable = true, line_numbers = false
))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of a Python function
fn extract(
    data: &Bound<'_, PyAny>,
    grammar: &str,
    max_uri_len: usize,
    abbreviated: bool,
    report_rejected: bool,
    quoted_printable: bool,
    line_numbers: bool,
) -> PyResult<Matches> {
    let options = Options {
        grammar: matches::grammar(grammar)?,
        max_uri_len: Options::check_max_uri_len(max_uri_len)?,
        abbreviated,
        report_rejected,
        quoted_printable,
        line_numbers,
    };
    Ok(Matches::new(Input::from_py(data)?, &options))
}

/// The matches of `extract` that belong to the byte range `start..end` of `data`, with the
/// same offsets as over the whole input: for sharding one input across workers. Not yet
/// available: it needs range support in the library, which is pending.
#[pyfunction]
#[pyo3(signature = (data, start, end, **options))]
fn extract_range(
    data: &Bound<'_, PyAny>,
    start: u64,
    end: u64,
    options: Option<&Bound<'_, pyo3::types::PyDict>>,
) -> PyResult<Matches> {
    let _ = (data, start, end, options);
    Err(PyNotImplementedError::new_err(
        "extract_range is not implemented yet: exact byte-range shards need range support in the \
         urisift library, which is pending; use extract() over the whole input",
    ))
}

/// Find URIs in free text by RFC 2396 Appendix E, and validate them.
#[pymodule(name = "urisift")]
mod urisift_py {
    #[pymodule_export]
    use super::{extract, extract_range};
    #[pymodule_export]
    use crate::matches::{MatchObj, Matches, RejectedObj};
    #[pymodule_export]
    use crate::uri::{Components, UriError, check, normalize, resolve};

    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))
    }
}
