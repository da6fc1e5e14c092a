//! Find URIs in free text — mail, USENET news, logs, RFCs — by the delimiting rules of
//! RFC 2396 Appendix E, and validate each against the real grammars.
//!
//! # Extracting
//!
//! [`extract`] reads any [`std::io::Read`] in bounded memory and yields each [`Match`] with its
//! absolute byte [`Span`]; [`extract_slice`] does the same over bytes in memory. Both give the
//! same matches for the same bytes, however the reader splits them.
//!
//! ```
//! let text = b"Yes, see <URL:http://www.w3.org/Addressing/> or \"ftp://ds.internic.net/rfc/\".";
//! let uris: Vec<String> = urisift::extract_slice(text).map(|m| m.uri().to_owned()).collect();
//! # let _ = uris;
//! ```
//!
//! # Validating
//!
//! The [`uri`] module is a validating parser usable on its own: [`uri::Uri::parse_with`] checks a
//! URI reference against RFC 3986, the RFC 2396 draft grammar, or RFC 1738, splits it into
//! components with exact spans, and resolves and normalizes it.
//!
//! Input is bytes; it need not be UTF-8. Offsets are byte offsets into the input as given.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
// Skeleton stage: modules whose users are not written yet. Remove once everything is wired up.
#![allow(dead_code)]

mod buffer;
mod chars;
mod delimit;
mod extractor;
mod find;
mod matches;
mod qp;
pub mod schemes;
pub mod uri;

use std::io::Read;

pub use extractor::{Extractor, ExtractorBuilder, SliceMatches};
pub use matches::{Delimiter, Event, Match, Rejected, Span};

/// Extracts URIs from a reader with the default options (see [`ExtractorBuilder`]).
pub fn extract<R: Read>(reader: R) -> Extractor<R> {
    ExtractorBuilder::new().reader(reader)
}

/// Extracts URIs from bytes in memory with the default options.
pub fn extract_slice(haystack: &[u8]) -> SliceMatches<'_> {
    ExtractorBuilder::new().slice(haystack)
}

/// The README's examples are compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
