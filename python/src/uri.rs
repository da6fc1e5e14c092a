//! The validating parser: `check`, `resolve`, `normalize`, the `Components` of a URI and the
//! `UriError` they raise.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use urisift::uri::{self, ParseError, Uri};

use crate::options::grammar;

pyo3::create_exception!(
    urisift,
    UriError,
    PyValueError,
    "Not a valid URI (reference) under the grammar: `index` is the byte offset where the problem \
     was found, `reason` says what it is."
);

/// A `UriError` for `e`, with `index` and `reason` set.
fn uri_error(py: Python<'_>, e: &ParseError) -> PyErr {
    let err = UriError::new_err(e.to_string());
    let value = err.value(py);
    if let Err(e) =
        value.setattr("index", e.index()).and_then(|()| value.setattr("reason", e.kind().to_string()))
    {
        return e;
    }
    err
}

/// The components of a valid URI reference, as strings as written: `None` when undefined (no
/// separator), `""` when empty.
#[pyclass(module = "urisift", name = "Components", frozen, eq, get_all)]
#[derive(PartialEq, Eq)]
pub(crate) struct Components {
    /// The scheme, without its `:`.
    scheme: Option<String>,
    /// `userinfo@host:port`, without the leading `//`.
    authority: Option<String>,
    /// The userinfo, without its `@`.
    userinfo: Option<String>,
    /// The host (an IP literal keeps its brackets).
    host: Option<String>,
    /// `reg-name`, `ipv4`, `ipv6` or `ipvfuture`, when there is a host.
    host_kind: Option<&'static str>,
    /// The port, without its `:`.
    port: Option<String>,
    /// The path (always defined; possibly empty).
    path: String,
    /// The query, without its `?`.
    query: Option<String>,
    /// The fragment, without its `#`.
    fragment: Option<String>,
    /// The grammar it was checked against.
    grammar: &'static str,
}

impl Components {
    /// The host, when it is a registered name.
    fn reg_name(&self) -> Option<&str> {
        self.host.as_deref().filter(|_| self.host_kind == Some(uri::HostKind::RegName.name()))
    }

    pub(crate) fn of(u: &Uri<'_>) -> Self {
        let own = |s: Option<&str>| s.map(str::to_owned);
        Components {
            scheme: own(u.scheme()),
            authority: own(u.authority()),
            userinfo: own(u.userinfo()),
            host: own(u.host()),
            host_kind: u.host_kind().map(|k| k.name()),
            port: own(u.port()),
            path: u.path().to_owned(),
            query: own(u.query()),
            fragment: own(u.fragment()),
            grammar: u.grammar().name(),
        }
    }
}

#[pymethods]
impl Components {
    /// The host's registrable domain by the public suffix list (`example.co.uk` of
    /// `a.b.example.co.uk`), in IDNA A-labels, lower case; `None` without a host, for an IP
    /// host, a host of one label and a public suffix itself. Computed on each access.
    #[getter]
    fn domain(&self) -> Option<String> {
        self.reg_name().and_then(uri::registrable_domain)
    }

    /// The Unicode form of a host with an IDNA A-label (`xn--`); `None` otherwise.
    #[getter]
    fn host_unicode(&self) -> Option<String> {
        self.reg_name().and_then(uri::host_unicode)
    }

    /// The components as a dict (the keys of `urisift check --json`, without `input`, `valid`,
    /// `error` and `urn`).
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("scheme", &self.scheme)?;
        d.set_item("authority", &self.authority)?;
        d.set_item("userinfo", &self.userinfo)?;
        d.set_item("host", &self.host)?;
        d.set_item("host_kind", self.host_kind)?;
        d.set_item("port", &self.port)?;
        d.set_item("path", &self.path)?;
        d.set_item("query", &self.query)?;
        d.set_item("fragment", &self.fragment)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let r = |o: &Option<String>| o.as_ref().map_or_else(|| "None".to_owned(), |s| format!("{s:?}"));
        format!(
            "Components(scheme={}, authority={}, userinfo={}, host={}, port={}, path={:?}, query={}, fragment={})",
            r(&self.scheme),
            r(&self.authority),
            r(&self.userinfo),
            r(&self.host),
            r(&self.port),
            self.path,
            r(&self.query),
            r(&self.fragment)
        )
    }
}

/// Checks that `uri` is a valid URI reference under `grammar` and returns its components;
/// raises `UriError` when it is not.
#[pyfunction]
#[pyo3(signature = (uri, grammar = "rfc3986"))]
pub(crate) fn check(py: Python<'_>, uri: &str, grammar: &str) -> PyResult<Components> {
    let g = self::grammar(grammar)?;
    Uri::parse_with(uri, g).map(|u| Components::of(&u)).map_err(|e| uri_error(py, &e))
}

/// Resolves `reference` against the absolute URI `base` (RFC 3986 §5.2).
#[pyfunction]
pub(crate) fn resolve(py: Python<'_>, base: &str, reference: &str) -> PyResult<String> {
    uri::resolve(base, reference).map_err(|e| uri_error(py, &e))
}

/// The normal form of `uri` (RFC 3986 §6.2.2 and §6.2.3; URNs by RFC 8141 §3.1).
#[pyfunction]
#[pyo3(signature = (uri, grammar = "rfc3986"))]
pub(crate) fn normalize(py: Python<'_>, uri: &str, grammar: &str) -> PyResult<String> {
    let g = self::grammar(grammar)?;
    Uri::parse_with(uri, g).map(|u| u.normalized()).map_err(|e| uri_error(py, &e))
}
