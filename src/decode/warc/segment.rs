//! What the web archive reader gives: a segment of text, the record it comes from and where in
//! it it was found, and the tally of what was not read as it should have been.

use core::ops::Range;
use std::sync::Arc;

use crate::decode::mail::SegmentText;

/// What a [`Segment`]'s text is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Found {
    /// The value of an HTTP header field that holds URIs (`Location`, `Content-Location`,
    /// `Link`), its name as written.
    HttpHeader(Arc<str>),
    /// A text payload (a `conversion` record's text, a text resource).
    Body,
    /// A run of visible text of an HTML page.
    HtmlText,
    /// A link of an HTML page, to be validated whole (see `mail::SegmentKind::HtmlAttribute`).
    HtmlAttribute { name: String, element: String, link_text: Option<String>, resolved: bool },
}

/// The record a segment comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Record {
    /// Its number in the input, from 1.
    pub(crate) number: u64,
    /// Its `WARC-Record-ID`, as written (angle brackets kept: the id is the URI inside them).
    pub(crate) id: Option<Arc<str>>,
    /// Its `WARC-Target-URI`.
    pub(crate) target_uri: Option<Arc<str>>,
    /// The `type/subtype` of its payload, lower case: the HTTP message's `Content-Type` for a
    /// response, the record's own for the others.
    pub(crate) content_type: Arc<str>,
}

/// A piece of text of a record, decoded, with where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Segment {
    pub(crate) text: SegmentText,
    pub(crate) found: Found,
    /// For text decoded from a content coding: the coded bytes in the input, which every span
    /// of the text maps to as a whole.
    pub(crate) coded: Option<Range<u64>>,
    pub(crate) record: Arc<Record>,
}

/// What was not read as it should have been, counted for the warnings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Records malformed or cut short (see the module docs), and where the first starts.
    pub(crate) malformed: u64,
    pub(crate) first_malformed: Option<u64>,
    /// Records longer than the bound, read as plain text, and where the first starts.
    pub(crate) long: u64,
    pub(crate) first_long: Option<u64>,
    /// Bodies whose content coding decoded past the bound: read up to it.
    pub(crate) cut: u64,
    /// Bodies whose coded data is broken: read as far as they decode.
    pub(crate) broken: u64,
    /// Bodies in a content coding not known or not built in: not read.
    pub(crate) unknown_coding: u64,
}
