//! The iterator `extract` returns, and the `Match` and `Rejected` objects it yields.

use std::collections::VecDeque;
use std::io;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use urisift::{Event, Extractor, Span};

use crate::input::{CharOffsets, Input};
use crate::options::Options;
use crate::uri::Components;

/// How many events one scan without the GIL collects before handing them to Python: enough
/// that releasing and taking the GIL again costs little per match, few enough that the first
/// match of a long input comes early and memory stays small.
const BATCH: usize = 256;

/// A span as Python sees it: `(start, end)`.
type Pair = (u64, u64);

fn pair(span: Span) -> Pair {
    (span.start, span.end)
}

/// What a scan found, ready to become a Python object. Held inline, not boxed: a batch is
/// moved once into the queue and once into its Python object, with no allocation of its own.
enum Found {
    Match(MatchObj),
    Rejected(RejectedObj),
    Error(io::Error),
}

/// The iterator `extract` returns: matches (and, with `report_rejected=True`, rejected
/// candidates) in input order. The input is scanned in batches with the GIL released.
#[pyclass(module = "urisift", name = "Matches")]
pub(crate) struct Matches {
    /// Boxed: the extractor holds SIMD searchers aligned to 32 bytes, and a Python object's
    /// storage is aligned to 16 only, so held inline it could sit misaligned (a crash in the
    /// vector code, or an abort in a debug build).
    extractor: Box<Extractor<Input>>,
    found: VecDeque<Found>,
    done: bool,
    /// For a `str` that is not ASCII: byte offsets become character offsets.
    chars: Option<CharOffsets>,
}

impl Matches {
    pub(crate) fn new(input: Input, options: &Options) -> Self {
        let chars = input.text().map(|_| CharOffsets::new());
        Matches {
            extractor: Box::new(options.finder().reader(input)),
            found: VecDeque::new(),
            done: false,
            chars,
        }
    }

    /// The matches of the byte range `range` of `input` (see `extract_range`).
    pub(crate) fn range(input: Input, options: &Options, range: std::ops::Range<u64>) -> PyResult<Self> {
        let chars = input.text().map(|_| CharOffsets::new());
        let extractor = options.finder().reader_range(input, range).map_err(PyErr::from)?;
        Ok(Matches { extractor: Box::new(extractor), found: VecDeque::new(), done: false, chars })
    }

    /// Scans up to [`BATCH`] events ahead (run with the GIL released; a file object's `read`
    /// takes it back for each call).
    ///
    /// Each event is lent (`next_event_ref`) and copied (one allocation, for the URI's text).
    /// Lent, a match stays in its slot of the extractor's queue, and the next match is written
    /// into the same buffers; given away (`next_event`), it would be moved out of the queue and
    /// a new one built and moved in, which costs more per match (see PERFORMANCE.md).
    fn scan(&mut self) {
        while self.found.len() < BATCH {
            let Some(event) = self.extractor.next_event_ref() else {
                self.done = true;
                return;
            };
            let found = match event {
                Ok(Event::Match(m)) => {
                    let m = m.clone();
                    Found::Match(self.wrap_match(m))
                }
                Ok(Event::Rejected(r)) => {
                    let r = r.clone();
                    Found::Rejected(self.wrap_rejected(r))
                }
                // Overlong candidates are counted (`Matches.overlong`), not yielded.
                Ok(_) => continue,
                Err(e) => {
                    // The library yields a read error once, after every match before it.
                    self.done = true;
                    self.found.push_back(Found::Error(e));
                    return;
                }
            };
            self.found.push_back(found);
        }
    }

    /// For a `str` that is not ASCII, the map from byte offsets to character offsets (fastest
    /// when asked in input order: see [`CharOffsets`]); `None` when the offsets are the same.
    fn char_map(&mut self) -> Option<impl FnMut(u64) -> u64 + '_> {
        match (&mut self.chars, self.extractor.get_ref().text()) {
            (Some(chars), Some(text)) => Some(move |byte| chars.char_of(text, byte)),
            _ => None,
        }
    }

    fn wrap_match(&mut self, m: urisift::Match) -> MatchObj {
        let chars = self.char_map().map(|mut c| {
            let (outer, span) = (m.outer_span(), m.span());
            // In input order: the wrapper's start, the URI's pieces, the wrapper's end.
            let outer_start = c(outer.start);
            let span_start = c(span.start);
            let pieces = m.pieces().iter().map(|p| (c(p.start), c(p.end))).collect();
            let span_end = c(span.end);
            Box::new(CharSpans { span: (span_start, span_end), outer: (outer_start, c(outer.end)), pieces })
        });
        MatchObj { m, chars }
    }

    fn wrap_rejected(&mut self, r: urisift::Rejected) -> RejectedObj {
        let chars = self.char_map().map(|mut c| {
            let (outer, span) = (r.outer_span(), r.span());
            let outer_start = c(outer.start);
            let span = (c(span.start), c(span.end));
            Box::new((span, (outer_start, c(outer.end))))
        });
        RejectedObj { r, chars }
    }
}

#[pymethods]
impl Matches {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(mut slf: PyRefMut<'_, Self>, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        if slf.found.is_empty() && !slf.done {
            let this = &mut *slf;
            py.detach(|| this.scan());
        }
        match slf.found.pop_front() {
            None => Ok(None),
            Some(Found::Match(m)) => Ok(Some(Py::new(py, m)?.into_any())),
            Some(Found::Rejected(r)) => Ok(Some(Py::new(py, r)?.into_any())),
            Some(Found::Error(e)) => Err(PyErr::from(e)),
        }
    }

    /// How many candidates so far were longer than `max_uri_len` and skipped.
    #[getter]
    fn overlong(&self) -> u64 {
        self.extractor.overlong()
    }
}

/// A URI found in the text.
#[pyclass(module = "urisift", name = "Match", frozen)]
pub(crate) struct MatchObj {
    m: urisift::Match,
    /// The spans in characters, for a `str` that is not ASCII; `None` when they are the byte
    /// spans of `m` (`bytes`, a file, an ASCII `str`), read from it when asked for. Boxed: the
    /// common object stays small.
    chars: Option<Box<CharSpans>>,
}

/// A match's spans in characters (see [`MatchObj::chars`]).
#[derive(PartialEq)]
struct CharSpans {
    span: Pair,
    outer: Pair,
    pieces: Vec<Pair>,
}

impl MatchObj {
    fn span_pair(&self) -> Pair {
        self.chars.as_ref().map_or_else(|| pair(self.m.span()), |c| c.span)
    }

    fn outer_pair(&self) -> Pair {
        self.chars.as_ref().map_or_else(|| pair(self.m.outer_span()), |c| c.outer)
    }

    fn piece_pairs(&self) -> Vec<Pair> {
        match &self.chars {
            Some(c) => c.pieces.clone(),
            None => self.m.pieces().iter().copied().map(pair).collect(),
        }
    }
}

#[pymethods]
impl MatchObj {
    /// The URI as extracted: wrapper removed, white space inside `<...>` removed.
    #[getter]
    fn uri<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        // The text is UTF-8 (the library's contract: every reading passed the parser); CPython
        // checks it as it decodes it, so it is given as bytes rather than checked twice.
        PyString::from_bytes(py, self.m.uri_bytes())
    }

    /// The URI this match maps to (RFC 3987 §3.1): an IRI's host in IDNA A-labels, its other
    /// characters outside ASCII percent-encoded as UTF-8; a URI (ASCII) as it is.
    fn to_uri(&self) -> String {
        self.m.to_uri().into_owned()
    }

    /// Every valid reading: one, or two after a line break right after a hyphen.
    #[getter]
    fn readings(&self) -> Vec<&str> {
        self.m.readings()
    }

    /// `(start, end)` of the URI text in the input, without its wrapper.
    #[getter]
    fn span(&self) -> Pair {
        self.span_pair()
    }

    /// `(start, end)` including the wrapper (`<URL:` … `>`, quotes, brackets).
    #[getter]
    fn outer_span(&self) -> Pair {
        self.outer_pair()
    }

    /// The source ranges the URI was joined from.
    #[getter]
    fn pieces(&self) -> Vec<Pair> {
        self.piece_pairs()
    }

    /// How it was delimited: `angle`, `angle-url-prefix`, `url-prefix`, `quoted`, `bracketed`,
    /// `braced`, `bare`, `html-attribute` (the whole value of an HTML link attribute in mail),
    /// or `nested` (inside another match's URI, with `nested=True`).
    #[getter]
    fn delimiter(&self) -> &'static str {
        self.m.delimiter().name()
    }

    /// The scheme as written; empty for an abbreviated `www.` URL.
    #[getter]
    fn scheme(&self) -> &str {
        self.m.scheme()
    }

    /// The components from the validating parser.
    #[getter]
    fn components(&self) -> Components {
        Components::of(&self.m.parsed())
    }

    /// What a reader deciding whether to trust the link should know, by name: `punycode`,
    /// `mixed-script`, `confusable`, `userinfo`, `ip-host`, `numeric-ip`, `nested`, `refanged`; `[]`
    /// when none applies. Computed on each access, never while extracting.
    #[getter]
    fn flags(&self) -> Vec<&'static str> {
        self.m.flags().iter().map(urisift::Flag::name).collect()
    }

    /// For a URI found inside another (with `nested=True`), the index of that match among the
    /// matches of the iterator, from 0 (it comes before this one); else `None`.
    #[getter]
    fn outer(&self) -> Option<u64> {
        self.m.outer()
    }

    /// How deep the URI is nested: 0 for a match of the text, 1 inside one, up to 4.
    #[getter]
    fn depth(&self) -> usize {
        self.m.depth()
    }

    /// The 1-based line of the URI's first byte (with `line_numbers=True`), else `None`.
    #[getter]
    fn line(&self) -> Option<u64> {
        self.m.line()
    }

    /// Whether this is an abbreviated `www.` URL (found with `abbreviated=True`).
    #[getter]
    fn abbreviated(&self) -> bool {
        self.m.is_abbreviated()
    }

    /// Whether the URI was read through quoted-printable encoding.
    #[getter]
    fn quoted_printable(&self) -> bool {
        self.m.is_quoted_printable()
    }

    /// How the URI text was rewritten from its source: `json-escapes` (a JSON or code
    /// string's escapes decoded, `https:\/\/a.example\/`), `refanged`, `resolved` (an HTML
    /// link's relative reference resolved against its page's base); `None` when it is spelled
    /// out by its span.
    #[getter]
    fn rewrite(&self) -> Option<&'static str> {
        self.m.rewrite().map(urisift::Rewrite::name)
    }

    /// The grammar it was validated against.
    #[getter]
    fn grammar(&self) -> &'static str {
        self.m.parsed().grammar().name()
    }

    /// Where in a message, archive record or page it was found, when the input was read as
    /// mail, a WARC/WET archive or a web page; else `None`.
    #[getter]
    fn origin(&self) -> Option<OriginObj> {
        self.m.origin().map(|o| OriginObj(o.clone()))
    }

    /// The fields of the command line's `--json` record (without `file`), as a dict.
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("uri", self.m.uri())?;
        d.set_item("readings", PyList::new(py, self.m.readings())?)?;
        let (span, outer) = (self.span_pair(), self.outer_pair());
        d.set_item("start", span.0)?;
        d.set_item("end", span.1)?;
        d.set_item("outer_start", outer.0)?;
        d.set_item("outer_end", outer.1)?;
        d.set_item("delimiter", self.m.delimiter().name())?;
        if let Some(outer) = self.m.outer() {
            d.set_item("outer", outer)?;
        }
        d.set_item("scheme", self.m.scheme())?;
        if let Some(rewrite) = self.m.rewrite() {
            d.set_item("rewrite", rewrite.name())?;
        }
        // As the command line writes it (docs/json-schema.md).
        if self.m.is_refanged() {
            d.set_item("refanged", true)?;
        }
        if let Some(line) = self.m.line() {
            d.set_item("line", line)?;
        }
        d.set_item("flags", PyList::new(py, self.flags())?)?;
        // Where in a message it was found, when the input was read as mail: the keys of the
        // command line's JSON records.
        if let Some(o) = self.m.origin().filter(|o| o.is_web()) {
            // A web archive's record, or a saved page: the keys of the command line's JSON.
            d.set_item("record", o.record())?;
            d.set_item("target_uri", o.target_uri())?;
            d.set_item("content_type", o.content_type())?;
            d.set_item("found", o.place().to_string())?;
            d.set_item("link_text", o.link_text())?;
        } else if let Some(o) = self.m.origin() {
            d.set_item("message", o.message())?;
            d.set_item("message_id", o.message_id())?;
            d.set_item("part", o.part())?;
            d.set_item("content_type", o.content_type())?;
            d.set_item("found", o.place().to_string())?;
            d.set_item("link_text", o.link_text())?;
        } else if self.m.outer().is_some() {
            d.set_item("found", "nested")?;
        }
        Ok(d)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<MatchObj>().is_ok_and(|o| {
            let o = o.get();
            // The spans as Python sees them: a match over bytes equals the same match over a
            // `str` when its offsets in characters are the same.
            self.m == o.m
                && self.span_pair() == o.span_pair()
                && self.outer_pair() == o.outer_pair()
                && self.piece_pairs() == o.piece_pairs()
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.m.uri(), self.span_pair(), self.outer_pair()).hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        format!(
            "Match(uri={:?}, span={:?}, delimiter={:?})",
            self.m.uri(),
            self.span_pair(),
            self.m.delimiter().name()
        )
    }
}

/// Where in a message a match was found (`Match.origin`, for input read as mail): the
/// message, its MIME part, and the place in the part, as the command line's JSON records say.
#[pyclass(module = "urisift", name = "Origin", frozen)]
pub(crate) struct OriginObj(urisift::Origin);

#[pymethods]
impl OriginObj {
    /// The message's number in the input, from 1 (an mbox holds several).
    #[getter]
    fn message(&self) -> u64 {
        self.0.message()
    }

    /// The top-level message's `Message-ID`, without its angle brackets.
    #[getter]
    fn message_id(&self) -> Option<&str> {
        self.0.message_id()
    }

    /// The MIME part number (`""` for the message's own header, `"1"`, `"2.1"`, …).
    #[getter]
    fn part(&self) -> &str {
        self.0.part()
    }

    /// The part's `type/subtype`, in lower case.
    #[getter]
    fn content_type(&self) -> &str {
        self.0.content_type()
    }

    /// Where in the part: `header:NAME`, `body`, `preamble`, `epilogue`, `html:text`,
    /// `html:ATTRIBUTE` (`html:href`, `html:src`, `html:action`), `http-header:NAME`, or `nested`
    /// (inside the URI of the match `Match.outer`, with `nested=True`).
    #[getter]
    fn found(&self) -> String {
        self.0.place().to_string()
    }

    /// For a link of an HTML `a` element, its visible text.
    #[getter]
    fn link_text(&self) -> Option<&str> {
        self.0.link_text()
    }

    /// Whether the match was found in a web archive's record or a saved web page (then
    /// `message` and `part` say nothing).
    #[getter]
    fn is_web(&self) -> bool {
        self.0.is_web()
    }

    /// For a match of a web archive, its record's `WARC-Record-ID` as written
    /// (`<urn:uuid:…>`); `None` for mail and for a saved page.
    #[getter]
    fn record(&self) -> Option<&str> {
        self.0.record()
    }

    /// For a match of a web archive, its record's `WARC-Target-URI`: the page it was found in;
    /// `None` for mail and for a saved page.
    #[getter]
    fn target_uri(&self) -> Option<&str> {
        self.0.target_uri()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<OriginObj>().is_ok_and(|o| self.0 == o.get().0)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.0.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        format!(
            "Origin(message={}, part={:?}, content_type={:?}, found={:?})",
            self.0.message(),
            self.0.part(),
            self.0.content_type(),
            self.0.place().to_string()
        )
    }
}

/// A candidate the validating parser rejected (yielded only with `report_rejected=True`).
#[pyclass(module = "urisift", name = "Rejected", frozen)]
pub(crate) struct RejectedObj {
    r: urisift::Rejected,
    /// `(span, outer_span)` in characters, for a `str` that is not ASCII (see
    /// [`MatchObj::chars`]).
    chars: Option<Box<(Pair, Pair)>>,
}

impl RejectedObj {
    fn span_pair(&self) -> Pair {
        self.chars.as_ref().map_or_else(|| pair(self.r.span()), |c| c.0)
    }
}

#[pymethods]
impl RejectedObj {
    /// The candidate as delimited.
    #[getter]
    fn text(&self) -> &str {
        self.r.text()
    }

    /// `(start, end)` of the candidate text in the input.
    #[getter]
    fn span(&self) -> Pair {
        self.span_pair()
    }

    /// `(start, end)` including the wrapper it was tried with.
    #[getter]
    fn outer_span(&self) -> Pair {
        self.chars.as_ref().map_or_else(|| pair(self.r.outer_span()), |c| c.1)
    }

    /// The wrapper it was tried with.
    #[getter]
    fn delimiter(&self) -> &'static str {
        self.r.delimiter().name()
    }

    /// Why the parser rejected it.
    #[getter]
    fn error(&self) -> String {
        self.r.error().kind().to_string()
    }

    /// Where in `text` the parser found the problem (a byte offset).
    #[getter]
    fn error_index(&self) -> usize {
        self.r.error().index()
    }

    fn __repr__(&self) -> String {
        format!("Rejected(text={:?}, error={:?}, span={:?})", self.r.text(), self.error(), self.span_pair())
    }
}
