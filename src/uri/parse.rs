//! Parsing: a URI or IRI reference checked against a [`Grammar`] and split into its components
//! ([`Uri`]); the extractor's entry point ([`validate_with`]) and the IRI-to-URI mapping
//! ([`iri_to_uri`]).

use std::borrow::Cow;

use super::scheme_rules::{self, Mailto};
use super::{Components, Grammar, ParseError, Uri, Urn, generic, iri};

/// [`Uri::parse`]: the RFC 3986 grammar. (`FromStr` cannot give a `Uri`, which borrows the text
/// it was parsed from.)
///
/// ```
/// use urisift::uri::Uri;
/// let uri = Uri::try_from("http://example.org/a").unwrap();
/// assert_eq!(uri.host(), Some("example.org"));
/// assert!(Uri::try_from("http://exa mple.org/").is_err());
/// ```
impl<'a> TryFrom<&'a str> for Uri<'a> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        Uri::parse(input)
    }
}

impl<'a> Uri<'a> {
    /// Parses a URI reference (absolute, or relative) with the default grammar, RFC 3986.
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_with(input, Grammar::default())
    }

    /// Parses a URI reference (absolute, or relative) with `grammar`.
    pub fn parse_with(input: &'a str, grammar: Grammar) -> Result<Self, ParseError> {
        let uri = Uri { input, grammar, parts: generic::parse(input, grammar)?, iri: false };
        scheme_rules::check(&uri, Mailto::Rfc6068)?;
        Ok(uri)
    }

    /// Parses an IRI reference (absolute or relative): RFC 3987 §2.2, the grammar of RFC 3986
    /// with characters outside ASCII where RFC 3987 allows them, and the scheme rules of
    /// [`Grammar::Rfc3986`] checked on its URI mapping (§3.1). See the
    /// [module docs](crate::uri#iris-rfc-3987).
    ///
    /// An ASCII input is parsed exactly as [`Uri::parse`] parses it: every URI is an IRI.
    ///
    /// ```
    /// use urisift::uri::{ErrorKind, Uri};
    /// let iri = Uri::parse_iri("https://例え.テスト/パス").unwrap();
    /// assert_eq!(iri.host(), Some("例え.テスト"));
    /// let path = iri.span(urisift::uri::Component::Path).unwrap();
    /// assert_eq!((path.start, path.end), (24, 31));
    /// assert_eq!(&iri.as_str()[path], "/パス");
    /// // Private-use characters only in the query (RFC 3987 §2.2 `iprivate`).
    /// assert!(Uri::parse_iri("x:?\u{e000}").is_ok());
    /// let err = Uri::parse_iri("x:/\u{e000}").unwrap_err();
    /// assert_eq!((err.index(), err.kind()), (3, &ErrorKind::PrivateUseOutsideQuery('\u{e000}')));
    /// ```
    pub fn parse_iri(input: &'a str) -> Result<Self, ParseError> {
        let parts = iri_components(input, Mailto::Rfc6068)?;
        Ok(Uri { input, grammar: Grammar::Rfc3986, parts, iri: true })
    }

    /// The URI this IRI reference maps to (RFC 3987 §3.1).
    #[deprecated(since = "0.2.0", note = "use `urisift::uri::iri_to_uri(uri.as_str())`")]
    pub fn to_uri(&self) -> String {
        iri::to_uri(self.input, &self.parts)
    }

    /// The URN view, when the scheme is `urn` (its syntax was checked by the parse). For an
    /// IRI, the parts are where they are in its URI mapping, which RFC 8141 checks: the NID is
    /// ASCII, the NSS and the other parts may hold characters outside ASCII.
    pub fn urn(&self) -> Option<Urn<'a>> {
        let scheme = self.scheme()?;
        if !scheme.eq_ignore_ascii_case("urn") {
            return None;
        }
        if self.iri && !self.input.is_ascii() {
            let stand_in = iri::stand_in(self.input);
            return Urn::parse_with(&stand_in, self.grammar).ok().map(|urn| urn.over(self.input));
        }
        Urn::parse_with(self.input, self.grammar).ok()
    }
}

/// Checks `input` as [`Uri::parse_with`] does, with a `mailto` URI's query read as `mailto`
/// says, and hands its components to `f`. The extractor calls this once per candidate and keeps
/// only a packed copy of the components, so the [`Uri`] (over 200 bytes) is not returned by
/// value.
#[inline]
pub(crate) fn validate_with<T>(
    input: &str,
    grammar: Grammar,
    mailto: Mailto,
    f: impl FnOnce(&Components) -> T,
) -> Result<T, ParseError> {
    let uri = Uri { input, grammar, parts: generic::parse(input, grammar)?, iri: false };
    scheme_rules::check(&uri, mailto)?;
    Ok(f(&uri.parts))
}

/// The components of `input` parsed as an IRI reference, as [`Uri::parse_iri`] parses it, with
/// a `mailto` URI's query read as `mailto` says.
pub(crate) fn iri_components(input: &str, mailto: Mailto) -> Result<Components, ParseError> {
    if !input.is_ascii() {
        return iri::parse(input, mailto);
    }
    let uri =
        Uri { input, grammar: Grammar::Rfc3986, parts: generic::parse(input, Grammar::Rfc3986)?, iri: true };
    scheme_rules::check(&uri, mailto)?;
    Ok(uri.parts())
}

/// The URI `iri` maps to (RFC 3987 §3.1): a registered name holding characters outside ASCII
/// converted to A-labels by UTS #46 ToASCII (or, when that fails, treated as the rest is), and
/// every other character outside ASCII replaced by the percent-escapes of its UTF-8 octets,
/// with upper-case hex digits. ASCII text is kept as it is, borrowed (§3.1: "an identity
/// transformation for URIs"), so a URI maps to itself and mapping twice changes nothing.
///
/// It takes any text: the host is found by parsing `iri` as an IRI reference
/// ([`Uri::parse_iri`]); text that does not parse as one (a match that holds balanced brackets
/// after its host, which the extractor allows) has every octet outside ASCII percent-encoded,
/// the host too, which §3.1 allows. The result of a valid IRI reference is a valid URI
/// reference under [`Grammar::Rfc3986`]. This is the crate's one IRI→URI mapping: of a
/// [`Match`](crate::Match), [`Match::to_uri`](crate::Match::to_uri) calls it.
///
/// ```
/// use urisift::uri::iri_to_uri;
/// assert_eq!(iri_to_uri("http://a.example/"), "http://a.example/");
/// assert_eq!(iri_to_uri("mailto:jos\u{e9}@example.org"), "mailto:jos%C3%A9@example.org");
/// assert_eq!(iri_to_uri("http://r\u{e9}sum\u{e9}.example.org"), "http://xn--rsum-bpad.example.org");
/// assert_eq!(iri_to_uri("http://bücher.example/?ids[]=ü"), "http://b%C3%BCcher.example/?ids[]=%C3%BC");
/// ```
pub fn iri_to_uri(iri: &str) -> Cow<'_, str> {
    if iri.is_ascii() {
        return Cow::Borrowed(iri);
    }
    Cow::Owned(match Uri::parse_iri(iri) {
        Ok(parsed) => iri::to_uri(parsed.input, &parsed.parts),
        Err(_) => iri::percent_encode(iri),
    })
}

/// Parses `iri` as an IRI reference ([`Uri::parse_iri`]) and returns the URI it maps to.
///
/// # Errors
///
/// The [`ParseError`] of [`Uri::parse_iri`] when `iri` is not a valid IRI reference.
#[deprecated(
    since = "0.2.0",
    note = "use `urisift::uri::iri_to_uri(iri)`, after `Uri::parse_iri(iri)?` to reject text that is no IRI"
)]
pub fn to_uri(iri: &str) -> Result<String, ParseError> {
    Uri::parse_iri(iri).map(|uri| iri::to_uri(uri.input, &uri.parts))
}
