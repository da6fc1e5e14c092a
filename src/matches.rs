//! What the extractor reports: [`Match`], its [`Span`]s and its [`Delimiter`].

use core::fmt;
use core::ops::Range;

/// A half-open range of absolute byte offsets into the input, as given (not decoded).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// The offset of the first byte.
    pub start: u64,
    /// The offset one past the last byte.
    pub end: u64,
}

impl Span {
    /// A span from `start` to `end` (half-open).
    pub const fn new(start: u64, end: u64) -> Self {
        Span { start, end }
    }

    /// Its length in bytes.
    pub const fn len(&self) -> u64 {
        self.end.saturating_sub(self.start)
    }

    /// Whether it covers no byte.
    pub const fn is_empty(&self) -> bool {
        self.end <= self.start
    }

    /// The same span moved `by` bytes to the right.
    pub const fn offset(self, by: u64) -> Self {
        Span { start: self.start + by, end: self.end + by }
    }

    /// As a `usize` range, to index the input slice it came from (`None` if it does not fit).
    pub fn to_range(self) -> Option<Range<usize>> {
        Some(usize::try_from(self.start).ok()?..usize::try_from(self.end).ok()?)
    }
}

impl From<Range<u64>> for Span {
    fn from(r: Range<u64>) -> Self {
        Span::new(r.start, r.end)
    }
}

impl From<Range<usize>> for Span {
    fn from(r: Range<usize>) -> Self {
        Span::new(r.start as u64, r.end as u64)
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// How a URI was delimited in the text (RFC 2396 Appendix E; RFC 1738 "URLs in context").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Delimiter {
    /// `<http://example.org/>`: whitespace inside is ignored.
    Angle,
    /// `<URL:http://example.org/>` (RFC 1738 appendix), with or without a space after `URL:`.
    AngleUrlPrefix,
    /// `URL:http://example.org/` outside angle brackets.
    UrlPrefix,
    /// `"http://example.org/"`.
    Quoted,
    /// `[http://example.org/]` (the older draft's Appendix E).
    Bracketed,
    /// `{http://example.org/}` (the older draft's Appendix E).
    Braced,
    /// No wrapper: delimited by white space and punctuation.
    Bare,
}

impl Delimiter {
    /// A short lower-case name: `angle`, `angle-url-prefix`, `url-prefix`, `quoted`,
    /// `bracketed`, `braced`, `bare`.
    pub fn name(self) -> &'static str {
        match self {
            Delimiter::Angle => "angle",
            Delimiter::AngleUrlPrefix => "angle-url-prefix",
            Delimiter::UrlPrefix => "url-prefix",
            Delimiter::Quoted => "quoted",
            Delimiter::Bracketed => "bracketed",
            Delimiter::Braced => "braced",
            Delimiter::Bare => "bare",
        }
    }
}

impl fmt::Display for Delimiter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A URI found in the text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Match {
    pub(crate) uri: String,
    pub(crate) alternate: Option<String>,
    pub(crate) span: Span,
    pub(crate) outer: Span,
    pub(crate) pieces: Vec<Span>,
    pub(crate) delimiter: Delimiter,
    pub(crate) grammar: crate::uri::Grammar,
    pub(crate) parts: crate::uri::Components,
}

impl Match {
    /// The URI as extracted: wrappers and `URL:` removed, white space inside `<...>` removed.
    /// When a line break after a hyphen makes it ambiguous, this is the first reading (hyphen kept).
    pub fn uri(&self) -> &str {
        &self.uri
    }

    /// Every reading: one, or two when a line break right after a `-` makes it ambiguous
    /// (the hyphen kept first, then dropped; RFC 2396 Appendix E).
    pub fn readings(&self) -> Vec<&str> {
        core::iter::once(self.uri.as_str()).chain(self.alternate.as_deref()).collect()
    }

    /// The absolute byte range of the URI text in the input (without its wrapper).
    pub fn span(&self) -> Span {
        self.span
    }

    /// The absolute byte range including the wrapper (`<URL:` … `>`, quotes, brackets).
    pub fn outer_span(&self) -> Span {
        self.outer
    }

    /// The source ranges the URI was joined from: one for a URI on one line, several for one
    /// wrapped across lines.
    pub fn pieces(&self) -> &[Span] {
        &self.pieces
    }

    /// How it was delimited.
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }

    /// Its components, from the validating parser.
    pub fn parsed(&self) -> crate::uri::Uri<'_> {
        crate::uri::Uri::from_parts(&self.uri, self.grammar, self.parts)
    }

    /// Its scheme, as written.
    pub fn scheme(&self) -> &str {
        self.parsed().scheme().unwrap_or_default()
    }
}
