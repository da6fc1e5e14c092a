//! The extraction driver: prefilter → delimiting → validation → matches, over a slice or a reader.

use std::io::{self, Read};

use crate::matches::Match;
use crate::uri::Grammar;

/// Options for extraction; build once, reuse for many inputs.
#[derive(Debug, Clone)]
pub struct ExtractorBuilder {
    pub(crate) grammar: Grammar,
    pub(crate) max_uri_len: usize,
    pub(crate) abbreviated: bool,
    pub(crate) report_rejected: bool,
}

impl Default for ExtractorBuilder {
    fn default() -> Self {
        ExtractorBuilder {
            grammar: Grammar::Rfc3986,
            max_uri_len: 64 * 1024,
            abbreviated: false,
            report_rejected: false,
        }
    }
}

impl ExtractorBuilder {
    /// Default options: RFC 3986 validation, URIs up to 64 KiB, no abbreviated URLs.
    pub fn new() -> Self {
        Self::default()
    }

    /// Extracts from a reader.
    pub fn reader<R: Read>(&self, reader: R) -> Extractor<R> {
        Extractor { reader, _options: self.clone() }
    }

    /// Extracts from bytes in memory.
    pub fn slice<'h>(&self, haystack: &'h [u8]) -> SliceMatches<'h> {
        SliceMatches { haystack, _options: self.clone() }
    }
}

/// An iterator of matches over a reader. (Not yet written.)
#[derive(Debug)]
pub struct Extractor<R> {
    reader: R,
    _options: ExtractorBuilder,
}

impl<R: Read> Iterator for Extractor<R> {
    type Item = io::Result<Match>;
    fn next(&mut self) -> Option<Self::Item> {
        let _ = &mut self.reader;
        None
    }
}

/// An iterator of matches over a slice. (Not yet written.)
#[derive(Debug)]
pub struct SliceMatches<'h> {
    haystack: &'h [u8],
    _options: ExtractorBuilder,
}

impl Iterator for SliceMatches<'_> {
    type Item = Match;
    fn next(&mut self) -> Option<Self::Item> {
        let _ = self.haystack;
        None
    }
}
