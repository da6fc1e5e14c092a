//! [`Span`]: where something is, in the input or in a parsed URI.

use core::fmt;
use core::ops::Range;

/// A half-open range of byte offsets: of the input, as given (not decoded), for what the
/// extractor reports; of the parsed text, for a component of a [`Uri`](crate::uri::Uri) or
/// [`Urn`](crate::uri::Urn).
///
/// It indexes the text it came from, as bytes or as text:
///
/// ```
/// let text = "see <http://example.org/a> here";
/// let m = urisift::extract_str(text).next().unwrap();
/// assert_eq!(&text[m.span()], "http://example.org/a");
/// assert_eq!(&text.as_bytes()[m.outer_span()], b"<http://example.org/a>");
/// let uri = urisift::uri::Uri::parse("http://example.org/a?b").unwrap();
/// let query = uri.span(urisift::uri::Component::Query).unwrap();
/// assert_eq!(&uri.as_str()[query], "b");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

/// Slicing by a span, as by the range it stands for: it panics where that range would (out of
/// bounds, or, for `str`, not on a character boundary).
impl core::ops::Index<Span> for [u8] {
    type Output = [u8];

    fn index(&self, span: Span) -> &[u8] {
        &self[span.start as usize..span.end as usize]
    }
}

/// See the `[u8]` form.
impl core::ops::Index<Span> for str {
    type Output = str;

    fn index(&self, span: Span) -> &str {
        &self[span.start as usize..span.end as usize]
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}
