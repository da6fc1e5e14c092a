//! What the extractor reports: [`Match`], its [`Span`]s and its [`Delimiter`].

use core::fmt;

pub use crate::span::Span;
use crate::uri::{self, Parts};

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
    /// `"http://example.org/"`, or between single quotes: `'http://example.org/'`.
    Quoted,
    /// `[http://example.org/]` (the older draft's Appendix E).
    Bracketed,
    /// `{http://example.org/}` (the older draft's Appendix E).
    Braced,
    /// No wrapper: delimited by white space and punctuation.
    Bare,
    /// The whole value of an HTML link attribute (`href`, `src`, `action`) of a mail part,
    /// validated as it is: nothing delimited inside it, nothing trimmed.
    HtmlAttribute,
    /// Inside another match's URI, decoded from it: a query field's value, the URL a link
    /// rewriter wraps, a URI in a `mailto:`'s header field
    /// ([`ExtractorBuilder::nested`](crate::ExtractorBuilder::nested), [`Match::outer`]).
    Nested,
}

impl Delimiter {
    /// Every delimiter, in the order the docs list them. Their [names](Delimiter::name) are the
    /// values of the `delimiter` of the command line's JSON records (docs/json-schema.md) and
    /// of the Python package's `Match.delimiter` (its type stubs); a test holds those lists to
    /// this one.
    pub const ALL: &'static [Delimiter] = &[
        Delimiter::Angle,
        Delimiter::AngleUrlPrefix,
        Delimiter::UrlPrefix,
        Delimiter::Quoted,
        Delimiter::Bracketed,
        Delimiter::Braced,
        Delimiter::Bare,
        Delimiter::HtmlAttribute,
        Delimiter::Nested,
    ];

    /// A short lower-case name, the variant's in kebab case (`angle-url-prefix`); the names of
    /// [`Delimiter::ALL`], in its order: `angle`, `angle-url-prefix`, `url-prefix`, `quoted`,
    /// `bracketed`, `braced`, `bare`, `html-attribute`, `nested`.
    pub fn name(self) -> &'static str {
        match self {
            Delimiter::Angle => "angle",
            Delimiter::AngleUrlPrefix => "angle-url-prefix",
            Delimiter::UrlPrefix => "url-prefix",
            Delimiter::Quoted => "quoted",
            Delimiter::Bracketed => "bracketed",
            Delimiter::Braced => "braced",
            Delimiter::Bare => "bare",
            Delimiter::HtmlAttribute => "html-attribute",
            Delimiter::Nested => "nested",
        }
    }
}

impl fmt::Display for Delimiter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A URI found in the text.
///
/// Offsets are absolute byte offsets into the input as given. A URI that was joined from
/// several source ranges (whitespace removed inside `<...>`, a line break after a hyphen, a
/// quoted-printable soft line break) has more than one [piece](Match::pieces).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Match {
    // Kept within 128 bytes (a unit test holds it there): a match is moved on its way to the
    // caller, and a move of up to 128 bytes is a few vector loads and stores where a larger
    // one is a call of `memcpy`.
    pub(crate) uri: UriText,
    pub(crate) span: Span,
    /// The wrapper's bytes before and after `span` ([`Match::outer_span`]): a window is far
    /// smaller than 4 GiB, and eight bytes saved here leave room for the text's capacity.
    pub(crate) wrap: [u32; 2],
    /// The 1-based line, 0 when lines are not counted.
    pub(crate) line: u64,
    pub(crate) parts: Parts,
    /// What few matches have: a second reading, several pieces. `None` when neither.
    pub(crate) provenance: Option<Box<Provenance>>,
    pub(crate) delimiter: Delimiter,
    pub(crate) grammar: crate::uri::Grammar,
    pub(crate) abbreviated: bool,
    pub(crate) quoted_printable: bool,
}

/// A match's URI text: valid UTF-8, since every reading that reaches it passed the validating
/// parser: ASCII for a URI, UTF-8 for an IRI (RFC 3987), whose readings are checked to be
/// UTF-8 before. It is kept as bytes and viewed as `str` when asked for: the lane for
/// common URIs (`extract::lane`) then never runs a UTF-8 check on bytes it has already
/// classified one by one, and a caller that only counts, or writes the bytes out
/// ([`Match::uri_bytes`]), never pays for one.
///
/// A `Vec` rather than a boxed slice, so that the buffer of a match that was lent and then
/// dropped can hold the text of a later one (`extract::queue::Queue`) instead of being freed
/// and allocated again for every match.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub(crate) struct UriText(pub(crate) Vec<u8>);

impl From<String> for UriText {
    /// Text that passed the validating parser.
    fn from(text: String) -> Self {
        UriText(text.into_bytes())
    }
}

impl From<&str> for UriText {
    /// Text that passed the validating parser.
    fn from(text: &str) -> Self {
        UriText(text.as_bytes().to_vec())
    }
}

impl UriText {
    /// `bytes`, which the caller has checked to be UTF-8 (ASCII for a URI), in a buffer of
    /// their size.
    #[inline]
    pub(crate) fn new(bytes: &[u8]) -> Self {
        debug_assert!(core::str::from_utf8(bytes).is_ok(), "a URI or IRI is UTF-8");
        UriText(bytes.to_vec())
    }

    /// Holds `bytes` now, which the caller has checked to be UTF-8 (ASCII for a URI), in the
    /// same buffer.
    #[inline]
    pub(crate) fn refill(&mut self, bytes: &[u8]) {
        debug_assert!(core::str::from_utf8(bytes).is_ok(), "a URI or IRI is UTF-8");
        self.0.clear();
        self.0.extend_from_slice(bytes);
    }

    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The text as `str`. Both constructors give valid UTF-8, so the empty string is never
    /// what comes back.
    pub(crate) fn as_str(&self) -> &str {
        core::str::from_utf8(&self.0).unwrap_or_default()
    }
}

impl fmt::Debug for UriText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// Where a [`Match`]'s URI came from and how it was read, when that is more than one piece of
/// the input read as written: the pieces it was joined from (across lines, out of a decoding),
/// the second reading of a hyphen line break, the place in a message, and a rewriting of the
/// text. Boxed, so that the common match stays small.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub(crate) struct Provenance {
    /// The second reading (see [`Match::readings`]).
    pub(crate) alternate: Option<String>,
    /// Empty when the URI is one piece equal to `span`.
    pub(crate) pieces: Vec<Span>,
    /// Where in a message it was found, when read as mail.
    pub(crate) origin: Option<std::sync::Arc<crate::origin::Origin>>,
    /// How the text was rewritten from the input's, if it was ([`Match::rewrite`]).
    pub(crate) rewrite: Option<Rewrite>,
    /// For a match found inside another: the index of that one among the matches of the
    /// iterator, and how deep this one is (1 for a URI inside a match of the text).
    pub(crate) outer: Option<(u64, u8)>,
}

/// How a match's URI text was rewritten from the input's bytes, besides a decoding of mail
/// ([`Match::rewrite`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rewrite {
    /// A defanged indicator refanged (`hxxps://evil[.]example/` as `https://evil.example/`;
    /// [`ExtractorBuilder::refang`](crate::ExtractorBuilder::refang)).
    Refanged,
    /// A JSON or code string's escapes decoded (`https:\/\/a.example\/x` as
    /// `https://a.example/x`; the crate docs, rule 14).
    JsonEscapes,
    /// An HTML link's relative reference resolved against its document's base (`../b` as
    /// `https://example.org/b`; [`ExtractorBuilder::relative`](crate::ExtractorBuilder::relative)).
    Resolved,
}

impl Rewrite {
    /// The name the command line's JSON gives it: `refanged`, `json-escapes`, `resolved`.
    pub fn name(self) -> &'static str {
        match self {
            Rewrite::Refanged => "refanged",
            Rewrite::JsonEscapes => "json-escapes",
            Rewrite::Resolved => "resolved",
        }
    }
}

/// The URI, as [`Match::uri`] gives it.
impl fmt::Display for Match {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.uri())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Delimiter {
    /// Its [name](Delimiter::name).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Match {
    /// What the accessors give: `uri`, `readings`, `span`, `outer_span`, `pieces`, `delimiter`,
    /// `line` (null when lines are not counted), `abbreviated`, `quoted_printable`,
    /// `components` (see [`crate::uri::Uri`]'s form), `outer` for a nested match
    /// ([`Match::outer`]), and `origin` for a match read as mail (see [`crate::Origin`]'s form).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = serializer.serialize_struct("Match", 12)?;
        m.serialize_field("uri", self.uri())?;
        m.serialize_field("readings", &self.readings())?;
        m.serialize_field("span", &self.span())?;
        m.serialize_field("outer_span", &self.outer_span())?;
        m.serialize_field("pieces", self.pieces())?;
        m.serialize_field("delimiter", &self.delimiter())?;
        m.serialize_field("line", &self.line())?;
        m.serialize_field("abbreviated", &self.is_abbreviated())?;
        m.serialize_field("quoted_printable", &self.is_quoted_printable())?;
        m.serialize_field("components", &self.parsed())?;
        match self.outer() {
            Some(outer) => m.serialize_field("outer", &outer)?,
            None => m.skip_field("outer")?,
        }
        match self.origin() {
            Some(origin) => m.serialize_field("origin", origin)?,
            None => m.skip_field("origin")?,
        }
        m.end()
    }
}

impl fmt::Debug for Match {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Match")
            .field("uri", &self.uri)
            .field("span", &self.span)
            .field("outer", &self.outer_span())
            .field("line", &self.line)
            .field("parts", &self.parts)
            .field("provenance", &self.provenance)
            .field("delimiter", &self.delimiter)
            .field("grammar", &self.grammar)
            .field("abbreviated", &self.abbreviated)
            .field("quoted_printable", &self.quoted_printable)
            .finish()
    }
}

/// What a match holds besides its text and line: the one way every [`Match`] is made, written
/// into a spent match where one lies in the queue, or into a new one (see
/// `extract::queue::Queue::push_match`). The line is numbered later, when lines are counted.
pub(crate) struct MatchFields {
    pub(crate) span: Span,
    pub(crate) wrap: [u32; 2],
    pub(crate) parts: Parts,
    pub(crate) provenance: Option<Box<Provenance>>,
    pub(crate) delimiter: Delimiter,
    pub(crate) grammar: crate::uri::Grammar,
    pub(crate) abbreviated: bool,
    pub(crate) quoted_printable: bool,
}

impl MatchFields {
    /// A new match of these fields with `text` (UTF-8, ASCII for a URI) as its URI, in a buffer
    /// of its size: one allocation, without the growth path of an empty buffer.
    #[inline(always)]
    pub(crate) fn into_match(self, text: &[u8]) -> Match {
        Match {
            uri: UriText::new(text),
            span: self.span,
            wrap: self.wrap,
            line: 0,
            parts: self.parts,
            provenance: self.provenance,
            delimiter: self.delimiter,
            grammar: self.grammar,
            abbreviated: self.abbreviated,
            quoted_printable: self.quoted_printable,
        }
    }

    /// Writes these fields into `m`, and no line number.
    #[inline(always)]
    pub(crate) fn write(self, m: &mut Match) {
        m.span = self.span;
        m.wrap = self.wrap;
        m.line = 0;
        m.parts = self.parts;
        m.provenance = self.provenance;
        m.delimiter = self.delimiter;
        m.grammar = self.grammar;
        m.abbreviated = self.abbreviated;
        m.quoted_printable = self.quoted_printable;
    }
}

impl Match {
    /// Moves this match out, leaving in its place one with an empty text and no extras.
    #[inline(always)]
    pub(crate) fn take(&mut self) -> Match {
        Match { uri: core::mem::take(&mut self.uri), provenance: self.provenance.take(), ..*self }
    }

    /// The `wrap` of a match with `span` inside `outer`: how far `outer` reaches before and
    /// after it (less than a window, so less than 4 GiB).
    #[inline]
    pub(crate) fn wrap(span: Span, outer: Span) -> [u32; 2] {
        debug_assert!(outer.start <= span.start && span.end <= outer.end, "{outer:?} holds {span:?}");
        let reach = |d: u64| u32::try_from(d).unwrap_or(u32::MAX);
        [reach(span.start.saturating_sub(outer.start)), reach(outer.end.saturating_sub(span.end))]
    }

    /// The URI as extracted: wrappers and `URL:` removed, white space inside `<...>` removed.
    /// When a line break after a hyphen makes it ambiguous, this is the first valid reading
    /// (the hyphen kept, when that reading is valid).
    ///
    /// A URI is ASCII, so this is also [`Match::uri_bytes`] as `str`; the view is checked on
    /// each call (a pass over the bytes), which `uri_bytes` is not.
    pub fn uri(&self) -> &str {
        self.uri.as_str()
    }

    /// The URI this match maps to (RFC 3987 §3.1, issue 18 item 8): [`uri::iri_to_uri`] of
    /// its text. For an IRI, its host in IDNA A-labels and its other characters outside ASCII
    /// percent-encoded as UTF-8; for a URI (ASCII), the URI itself, borrowed. Its other
    /// [reading](Match::alternate), if any, maps the same way: `iri_to_uri(alternate)`.
    ///
    /// ```
    /// let text = "see <http://a.example/x> and https://ja.wikipedia.org/wiki/東京";
    /// let found: Vec<_> = urisift::extract_str(text).collect();
    /// assert_eq!(found[0].to_uri(), "http://a.example/x");
    /// assert_eq!(found[1].to_uri(), "https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC");
    /// ```
    pub fn to_uri(&self) -> std::borrow::Cow<'_, str> {
        uri::iri_to_uri(self.uri())
    }

    /// The bytes of [`Match::uri`] (ASCII), without the check that makes them a `str`: for a
    /// caller that writes them out or hashes them.
    ///
    /// ```
    /// let text = b"See <http://example.org/a> and \"mailto:b@example.org\".";
    /// let found: Vec<_> = urisift::extract_slice(text).collect();
    /// assert_eq!(found[0].uri_bytes(), b"http://example.org/a");
    /// assert_eq!(found[1].uri_bytes(), b"mailto:b@example.org");
    /// assert!(found.iter().all(|m| m.uri().as_bytes() == m.uri_bytes()));
    /// ```
    pub fn uri_bytes(&self) -> &[u8] {
        self.uri.as_bytes()
    }

    /// Every valid reading: one, or two when a line break right after a `-` makes it ambiguous
    /// and both are valid (the hyphen kept first, then dropped; RFC 2396 Appendix E).
    pub fn readings(&self) -> Vec<&str> {
        core::iter::once(self.uri()).chain(self.alternate()).collect()
    }

    /// The second reading, when there is one (see [`Match::readings`]).
    pub fn alternate(&self) -> Option<&str> {
        self.provenance.as_ref()?.alternate.as_deref()
    }

    /// The absolute byte range of the URI text in the input, without its wrapper: from its
    /// first byte to its last, including any white space it was joined across.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The absolute byte range including the wrapper (`<URL:` … `>`, quotes, brackets, braces,
    /// a `URL:` prefix). Equal to [`Match::span`] for a bare URI.
    pub fn outer_span(&self) -> Span {
        let [before, after] = self.wrap;
        Span::new(self.span.start - u64::from(before), self.span.end + u64::from(after))
    }

    /// The source ranges the URI was joined from, in order: one for a URI written in one piece,
    /// several for one wrapped across lines.
    pub fn pieces(&self) -> &[Span] {
        match &self.provenance {
            Some(p) if !p.pieces.is_empty() => &p.pieces,
            _ => core::slice::from_ref(&self.span),
        }
    }

    /// How it was delimited.
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }

    /// Its components, from the validating parser (no second parse). A match that holds
    /// characters outside ASCII was read as an IRI reference
    /// ([`Uri::is_iri`](crate::uri::Uri::is_iri)).
    ///
    /// For an [abbreviated](Match::is_abbreviated) URL the scheme is undefined and the
    /// authority is the text up to the first `/`, `?` or `#`, as `http://` would give it.
    pub fn parsed(&self) -> crate::uri::Uri<'_> {
        let uri = self.uri();
        let parsed = crate::uri::Uri::from_parts(uri, self.grammar, self.parts.components(uri.len()));
        if uri.is_ascii() { parsed } else { parsed.read_as_iri() }
    }

    /// Its scheme, as written; empty for an [abbreviated](Match::is_abbreviated) URL.
    pub fn scheme(&self) -> &str {
        // Only the scheme's bytes are viewed as `str`, not the whole URI.
        let bytes = self.parts.scheme().and_then(|r| self.uri.as_bytes().get(r));
        bytes.and_then(|b| core::str::from_utf8(b).ok()).unwrap_or_default()
    }

    /// Whether this is an abbreviated `www.` URL (RFC 2396 draft Appendix F), reported as
    /// written; only found when [`ExtractorBuilder::abbreviated`](crate::ExtractorBuilder::abbreviated)
    /// is on.
    pub fn is_abbreviated(&self) -> bool {
        self.abbreviated
    }

    /// Whether the URI was read through quoted-printable encoding (a MIME part with
    /// `Content-Transfer-Encoding: quoted-printable`): soft line breaks joined and `=XX`
    /// escapes decoded, so the URI text differs from the source bytes of its span.
    pub fn is_quoted_printable(&self) -> bool {
        self.quoted_printable
    }

    /// Whether the URI is a defanged indicator reported refanged
    /// ([`ExtractorBuilder::refang`](crate::ExtractorBuilder::refang)): its text differs from
    /// the source bytes of its span (`hxxps://evil[.]example/` gives `https://evil.example/`).
    pub fn is_refanged(&self) -> bool {
        self.rewrite() == Some(Rewrite::Refanged)
    }

    /// How the URI text was rewritten from the source bytes of its span, if it was: refanged,
    /// a JSON string's escapes decoded, or an HTML link resolved against its base. (A decoding of mail or of quoted-printable is told by
    /// [`Match::origin`] and [`Match::is_quoted_printable`].)
    pub fn rewrite(&self) -> Option<Rewrite> {
        self.provenance.as_ref()?.rewrite
    }

    /// What a reader deciding whether to trust the link should know ([`Flag`](crate::Flag)):
    /// those of its components ([`Flags::of_uri`](crate::Flags::of_uri): a look-alike or
    /// A-label host, a userinfo, an IP host), [`Flag::Nested`](crate::Flag::Nested) and
    /// [`Flag::Refanged`](crate::Flag::Refanged).
    /// Empty for a plain `https://example.com/`. Computed on each call, from the components:
    /// extraction never does.
    ///
    /// ```
    /// use urisift::Flag;
    /// let m = urisift::extract_str("see http://www.paypal.com@evil.example/ now").next().unwrap();
    /// assert_eq!(m.flags().iter().collect::<Vec<_>>(), [Flag::Userinfo]);
    /// assert_eq!(m.parsed().registrable_domain().as_deref(), Some("evil.example"));
    /// ```
    pub fn flags(&self) -> crate::Flags {
        let mut flags = crate::Flags::of_uri(&self.parsed());
        if self.outer().is_some() {
            flags.insert(crate::Flag::Nested);
        }
        if self.is_refanged() {
            flags.insert(crate::Flag::Refanged);
        }
        flags
    }

    /// For a URI found inside another match
    /// ([`ExtractorBuilder::nested`](crate::ExtractorBuilder::nested), delimited
    /// [`Delimiter::Nested`]), the index of that match among the matches this iterator gave
    /// (from 0; for the scan of a range, among the range's). It comes right before this one,
    /// or before the matches nested in it that come first. `None` for a match of the text.
    pub fn outer(&self) -> Option<u64> {
        self.provenance.as_ref()?.outer.map(|(index, _)| index)
    }

    /// How deep the URI is nested: 0 for a match of the text, 1 for a URI found inside one, 2
    /// for a URI inside that one, at most [`NESTED_DEPTH`](crate::NESTED_DEPTH).
    pub fn depth(&self) -> usize {
        self.provenance.as_ref().and_then(|p| p.outer).map_or(0, |(_, depth)| usize::from(depth))
    }

    /// Where in a message the URI was found: the message, its MIME part, and the place in the
    /// part. `None` for a match not read as mail (see
    /// [`ExtractorBuilder::mail`](crate::ExtractorBuilder::mail)), and for every match when
    /// origins are not made ([`ExtractorBuilder::origins`](crate::ExtractorBuilder::origins)).
    pub fn origin(&self) -> Option<&crate::Origin> {
        self.provenance.as_ref()?.origin.as_deref()
    }

    /// The 1-based line number of the first byte of [`Match::span`], when line counting is on
    /// ([`ExtractorBuilder::line_numbers`](crate::ExtractorBuilder::line_numbers)).
    pub fn line(&self) -> Option<u64> {
        (self.line > 0).then_some(self.line)
    }
}

/// A candidate that looked like a URI but was dropped because the validating parser rejected
/// it (reported only when
/// [`ExtractorBuilder::report_rejected`](crate::ExtractorBuilder::report_rejected) is on).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    pub(crate) text: String,
    pub(crate) span: Span,
    pub(crate) outer: Span,
    pub(crate) delimiter: Delimiter,
    pub(crate) error: crate::uri::ParseError,
    /// The 1-based line, 0 when lines are not counted.
    pub(crate) line: u64,
}

impl Rejected {
    /// The candidate as delimited (for a hyphen line break, its first reading).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The absolute byte range of the candidate text in the input.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The absolute byte range including the wrapper it was tried with.
    pub fn outer_span(&self) -> Span {
        self.outer
    }

    /// The wrapper it was tried with. A `<...>` candidate that is rejected is scanned again
    /// as ordinary text (RFC 2396 Appendix E), so a match may follow for the same scheme.
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }

    /// Why the parser rejected it; the index is into [`Rejected::text`].
    pub fn error(&self) -> &crate::uri::ParseError {
        &self.error
    }

    /// The 1-based number of the line where its span starts, when line counting is on
    /// ([`ExtractorBuilder::line_numbers`](crate::ExtractorBuilder::line_numbers)).
    pub fn line(&self) -> Option<u64> {
        (self.line > 0).then_some(self.line)
    }
}

/// A candidate longer than the maximum URI length, skipped (see
/// [`ExtractorBuilder::max_uri_len`](crate::ExtractorBuilder::max_uri_len)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Overlong {
    pub(crate) span: Span,
    /// The 1-based line, 0 when lines are not counted.
    pub(crate) line: u64,
}

#[cfg(feature = "serde")]
impl serde::Serialize for Overlong {
    /// What the accessors give: `span`, and `line` (null when lines are not counted).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = serializer.serialize_struct("Overlong", 2)?;
        m.serialize_field("span", &self.span())?;
        m.serialize_field("line", &self.line())?;
        m.end()
    }
}

impl Overlong {
    /// From the candidate's first byte to where scanning gave up: at least the maximum URI
    /// length past its start, or the closing `>` of a `<…>` whose content is longer than that.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The 1-based number of the line where its span starts, when line counting is on
    /// ([`ExtractorBuilder::line_numbers`](crate::ExtractorBuilder::line_numbers)).
    pub fn line(&self) -> Option<u64> {
        (self.line > 0).then_some(self.line)
    }
}

/// What extraction reports, in input order: see
/// [`Matches::next_event`](crate::Matches::next_event).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
// Matches are the common case; boxing them would add an allocation per match.
#[allow(clippy::large_enum_variant)]
pub enum Event {
    /// A URI.
    Match(Match),
    /// A dropped candidate, with the parser's reason (only with
    /// [`ExtractorBuilder::report_rejected`](crate::ExtractorBuilder::report_rejected)).
    Rejected(Rejected),
    /// A candidate longer than the maximum URI length, skipped.
    Overlong(Overlong),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn span_arithmetic() {
        let s = Span::new(3, 10);
        assert_eq!(s.len(), 7);
        assert!(!s.is_empty());
        assert!(Span::new(5, 5).is_empty());
        assert_eq!(s.offset(2), Span::new(5, 12));
        assert_eq!(s.to_range(), Some(3..10));
        assert_eq!(Span::from(1u64..2u64), Span::new(1, 2));
        assert_eq!(s.to_string(), "3..10");
    }

    /// The wrapper is kept as its reach around the span, and shown as the outer span.
    #[test]
    fn outer_span_from_its_reach() {
        let found: Vec<Match> =
            crate::extract_slice(b"x <URL:http://a.example/> \"mailto:b@c.example\"").collect();
        assert_eq!(found[0].span(), Span::new(7, 24));
        assert_eq!(found[0].outer_span(), Span::new(2, 25));
        assert_eq!(found[1].outer_span(), Span::new(26, 46));
        assert!(format!("{:?}", found[0]).contains("outer: Span { start: 2, end: 25 }"), "{:?}", found[0]);
        assert_eq!(Match::wrap(Span::new(10, 20), Span::new(4, 23)), [6, 3]);
    }

    #[test]
    fn matches_and_events_stay_small() {
        // See the comment on `Match`'s fields: larger moves become calls of `memcpy`.
        assert!(core::mem::size_of::<Match>() <= 128, "{}", core::mem::size_of::<Match>());
        assert!(core::mem::size_of::<Event>() <= 128, "{}", core::mem::size_of::<Event>());
        assert!(core::mem::size_of::<Option<std::io::Result<Event>>>() <= 128);
    }

    /// Issue 20 item 14: a match shows as its URI, a span indexes the text it came from, as
    /// bytes and as `str`.
    #[test]
    fn matches_display_and_spans_index() {
        let text = "x <URL:http://a.example/p?q> and \"mailto:b@c.example\".";
        let found: Vec<Match> = crate::extract_str(text).collect();
        assert_eq!(
            found.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["http://a.example/p?q", "mailto:b@c.example"]
        );
        assert_eq!(&text[found[0].span()], "http://a.example/p?q");
        assert_eq!(&text[found[0].outer_span()], "<URL:http://a.example/p?q>");
        assert_eq!(&text.as_bytes()[found[1].outer_span()], b"\"mailto:b@c.example\"");
    }

    #[cfg(feature = "serde")]
    #[test]
    fn matches_serialize_what_their_accessors_give() {
        let m = crate::extract_str("see <http://u@a.example:8/p?q#f>").next().unwrap();
        let json = serde_json::to_value(&m).unwrap();
        assert_eq!(json["uri"], "http://u@a.example:8/p?q#f");
        assert_eq!(json["span"], serde_json::json!({"start": 5, "end": 31}));
        assert_eq!(json["outer_span"], serde_json::json!({"start": 4, "end": 32}));
        assert_eq!(json["delimiter"], "angle");
        assert_eq!(json["line"], serde_json::Value::Null);
        let c = &json["components"];
        assert_eq!(
            (c["host"].as_str(), c["port"].as_str(), c["fragment"].as_str()),
            (Some("a.example"), Some("8"), Some("f"))
        );
        assert_eq!(c["query"], "q");
        let span: Span = serde_json::from_value(json["span"].clone()).unwrap();
        assert_eq!(span, m.span());
    }

    #[test]
    fn delimiter_names_are_distinct_and_all_listed() {
        let names: std::collections::HashSet<_> = Delimiter::ALL.iter().map(|d| d.name()).collect();
        assert_eq!(names.len(), Delimiter::ALL.len());
        assert_eq!(Delimiter::AngleUrlPrefix.to_string(), "angle-url-prefix");
        // Every variant is in the list: a new one fails to compile here until it is added.
        for d in Delimiter::ALL {
            match d {
                Delimiter::Angle
                | Delimiter::AngleUrlPrefix
                | Delimiter::UrlPrefix
                | Delimiter::Quoted
                | Delimiter::Bracketed
                | Delimiter::Braced
                | Delimiter::Bare
                | Delimiter::HtmlAttribute
                | Delimiter::Nested => {}
            }
        }
        assert_eq!(Delimiter::ALL.len(), 9);
    }

    /// The lists of delimiter names and `found` values written outside the library (the JSON
    /// schema, the Python stubs and docstrings, the Spark job's README) are the library's:
    /// each names every one, and nothing else (issue 35 item 4; the stubs, the docstring and
    /// the Spark README had lacked `html-attribute`).
    #[test]
    fn documented_delimiters_and_places_are_the_librarys() {
        let names: Vec<&str> = Delimiter::ALL.iter().map(|d| d.name()).collect();
        let forms = crate::Place::FORMS;
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let read = |path: &str| std::fs::read_to_string(root.join(path));
        // Where each file lists them: a Markdown table's row (its last cell), or the lines after
        // a Python stub's `def` or before a getter's `fn`.
        let schema = read("docs/json-schema.md").unwrap();
        let spark = read("examples/spark/README.md").unwrap();
        let mut lists = vec![
            ("docs/json-schema.md", "delimiter", row(&schema, "delimiter")),
            ("docs/json-schema.md", "found", row(&schema, "found")),
            ("examples/spark/README.md", "delimiter", row(&spark, "delimiter")),
        ];
        // The Python package is not in the published crate (it has a Cargo.toml of its own).
        match (read("python/urisift.pyi"), read("python/src/matches.rs")) {
            (Ok(stubs), Ok(getters)) => lists.extend([
                ("python/urisift.pyi", "delimiter", lines_after(&stubs, "def delimiter(", 4)),
                ("python/urisift.pyi", "found", lines_after(&stubs, "def found(", 2)),
                ("python/src/matches.rs", "delimiter", docs_before(&getters, "fn delimiter(&self)")),
                ("python/src/matches.rs", "found", docs_before(&getters, "fn found(&self)")),
            ]),
            _ => eprintln!("skipped the Python package: python/ is not here (a packaged crate?)"),
        }
        for (path, what, text) in lists {
            let listed = quoted(&text);
            if what == "delimiter" {
                assert_eq!(listed, names, "{path}: the delimiters in {text:?}");
                continue;
            }
            for form in forms {
                assert!(listed.iter().any(|v| v == form), "{path}: {form} is missing from {text:?}");
            }
            for value in &listed {
                assert!(
                    forms.iter().any(|form| of_form(value, form)),
                    "{path}: {value:?} is no `found` value"
                );
            }
        }
    }

    /// The last cell of the row of `key` in the Markdown tables of `doc`.
    fn row(doc: &str, key: &str) -> String {
        let start = format!("| `{key}`");
        let line = doc.lines().find(|l| l.starts_with(&start)).unwrap_or_else(|| panic!("no row {key}"));
        line.trim_end_matches([' ', '|']).rsplit(" | ").next().unwrap_or_default().to_owned()
    }

    /// The first line that holds `marker`, and the `n` lines after it.
    fn lines_after(text: &str, marker: &str, n: usize) -> String {
        let lines: Vec<&str> = text.lines().skip_while(|l| !l.contains(marker)).take(n + 1).collect();
        assert!(!lines.is_empty(), "no {marker}");
        lines.join(" ")
    }

    /// The doc comment (and attributes) right before the line that holds `marker`.
    fn docs_before(text: &str, marker: &str) -> String {
        let lines: Vec<&str> = text.lines().collect();
        let at = lines.iter().position(|l| l.contains(marker)).unwrap_or_else(|| panic!("no {marker}"));
        let mut above: Vec<&str> = lines[..at]
            .iter()
            .rev()
            .take_while(|l| l.trim_start().starts_with(['/', '#']))
            .copied()
            .collect();
        above.reverse();
        above.join(" ")
    }

    /// The words in backquotes in `text`, or, when it has none, those in double quotes.
    fn quoted(text: &str) -> Vec<String> {
        let quote = if text.contains('`') { '`' } else { '"' };
        let words = text.split(quote).skip(1).step_by(2);
        let word =
            |w: &&str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_alphanumeric() || b"-:_".contains(&b));
        words.filter(word).map(str::to_owned).collect()
    }

    /// Whether `value` is a `found` value of the form `form`, in which `NAME` and `ATTRIBUTE`
    /// stand for any name.
    fn of_form(value: &str, form: &str) -> bool {
        match form.split_once(':') {
            Some((kind, "NAME" | "ATTRIBUTE")) => {
                value.split_once(':').is_some_and(|(k, n)| k == kind && !n.is_empty())
            }
            _ => value == form,
        }
    }
}
