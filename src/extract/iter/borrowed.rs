//! Matches over bytes in memory whose URI text is borrowed from those bytes where they hold it
//! as it is: [`Matches::borrowed`](crate::Matches::borrowed).

use std::borrow::Cow;

use super::SliceMatches;
use crate::matches::{Delimiter, Event, Match, Span};

/// A URI found in bytes in memory, its text borrowed from them where they hold it as it is:
/// what [`Matches::borrowed`](crate::Matches::borrowed) yields.
///
/// The text is borrowed when the URI is the bytes of its [span](SliceMatch::span) unchanged,
/// as almost every URI is, and owned when it was joined or changed on its way out (white space
/// removed inside `<…>`, a line broken after a hyphen, decoded from quoted-printable or a mail
/// part, refanged). Either way it is the text [`Match::uri`] gives, and UTF-8. As in a
/// [`Match`], it is kept as bytes and viewed as `str` when asked for.
/// For what else a [`Match`] tells (its second reading, its pieces, its parsed components,
/// where in a message it was), take the matches as [`Match`]es.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SliceMatch<'h> {
    /// UTF-8: the text of a [`Match`], or the same bytes in the input.
    uri: Cow<'h, [u8]>,
    span: Span,
    outer: Span,
    delimiter: Delimiter,
    line: Option<u64>,
}

impl<'h> SliceMatch<'h> {
    /// The match `m` found in `haystack` (the input from its offset `base` on), its text
    /// borrowed from there when it is there.
    #[inline]
    fn of(m: &Match, haystack: &'h [u8], base: u64) -> Self {
        let text = m.uri_bytes();
        let span = m.span();
        let held =
            span.start.checked_sub(base).and_then(|start| Span::new(start, span.end - base).to_range());
        let uri = match held.and_then(|range| haystack.get(range)) {
            Some(there) if there == text => Cow::Borrowed(there),
            _ => Cow::Owned(text.to_vec()),
        };
        SliceMatch { uri, span: m.span(), outer: m.outer_span(), delimiter: m.delimiter(), line: m.line() }
    }

    /// The URI as extracted: see [`Match::uri`]. The view is checked on each call (a pass
    /// over the bytes), which [`SliceMatch::uri_bytes`] is not.
    pub fn uri(&self) -> &str {
        // UTF-8, as the field says: the empty string never comes back.
        core::str::from_utf8(&self.uri).unwrap_or_default()
    }

    /// The URI's bytes (ASCII for a URI, UTF-8 for an IRI).
    pub fn uri_bytes(&self) -> &[u8] {
        &self.uri
    }

    /// The URI's text, borrowed from the input where the input holds it as it is.
    pub fn into_uri(self) -> Cow<'h, str> {
        match self.uri {
            Cow::Borrowed(bytes) => Cow::Borrowed(core::str::from_utf8(bytes).unwrap_or_default()),
            Cow::Owned(bytes) => Cow::Owned(String::from_utf8(bytes).unwrap_or_default()),
        }
    }

    /// Whether the text is borrowed from the input.
    pub fn is_borrowed(&self) -> bool {
        matches!(self.uri, Cow::Borrowed(_))
    }

    /// The URI's bytes in the input: see [`Match::span`].
    pub fn span(&self) -> Span {
        self.span
    }

    /// The URI's bytes with its wrapper: see [`Match::outer_span`].
    pub fn outer_span(&self) -> Span {
        self.outer
    }

    /// How the URI was delimited: see [`Match::delimiter`].
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }

    /// The 1-based line of the URI's first byte, when lines are counted: see [`Match::line`].
    pub fn line(&self) -> Option<u64> {
        self.line
    }
}

/// The matches of a [`SliceMatches`], each a [`SliceMatch`] whose text is borrowed from the
/// input where it can be: see [`Matches::borrowed`](crate::Matches::borrowed).
#[derive(Debug)]
pub struct BorrowedMatches<'h> {
    matches: SliceMatches<'h>,
}

impl<'h> SliceMatches<'h> {
    /// The same matches, in the same order, each a [`SliceMatch`] whose text is borrowed from
    /// the input, not copied, where the input holds it as it is. The matches are lent by the
    /// extractor ([`Matches::next_event_ref`](crate::Matches::next_event_ref)), so that taking them this way allocates
    /// nothing for a URI found as it stands in the input: the quickest way to take the URIs
    /// of bytes in memory one by one.
    ///
    /// ```
    /// let text = b"See <http://example.org/a> and <http://example.org/\n  b>.";
    /// let found: Vec<_> = urisift::extract_slice(text).borrowed().collect();
    /// assert_eq!(found[0].uri(), "http://example.org/a");
    /// assert!(found[0].is_borrowed());
    /// assert_eq!(&text[found[0].span()], found[0].uri_bytes());
    /// // White space inside `<…>` is removed: that text is not in the input as it is.
    /// assert_eq!(found[1].uri(), "http://example.org/b");
    /// assert!(!found[1].is_borrowed());
    /// ```
    pub fn borrowed(self) -> BorrowedMatches<'h> {
        BorrowedMatches { matches: self }
    }
}

impl<'h> BorrowedMatches<'h> {
    /// The iterator of [`Match`]es it takes its matches from, for its other methods.
    pub fn get_ref(&self) -> &SliceMatches<'h> {
        &self.matches
    }
}

impl<'h> Iterator for BorrowedMatches<'h> {
    type Item = SliceMatch<'h>;

    fn next(&mut self) -> Option<SliceMatch<'h>> {
        let (haystack, base) = self.matches.pipeline.source.held();
        loop {
            if let Event::Match(m) = self.matches.next_event_ref()? {
                return Some(SliceMatch::of(m, haystack, base));
            }
        }
    }
}
