//! The validating URI parser.
//!
//! [`Uri::parse_with`] checks a URI reference against one of three [`Grammar`]s and splits it,
//! zero-copy, into its components with exact byte spans. A component whose separator is absent
//! is *undefined* (`None`); one whose separator is present but whose text is empty is *empty*
//! (`Some("")`) — RFC 3986 §5.3 depends on the difference (`http://a/?` ≠ `http://a/`).
//!
//! ```
//! use urisift::uri::{Uri, HostKind};
//! let uri = Uri::parse("http://user@[::1]:8080/p?q#f").unwrap();
//! assert_eq!(uri.scheme(), Some("http"));
//! assert_eq!(uri.userinfo(), Some("user"));
//! assert_eq!(uri.host(), Some("[::1]"));
//! assert_eq!(uri.host_kind(), Some(HostKind::Ipv6));
//! assert_eq!(uri.port(), Some("8080"));
//! assert_eq!(uri.path(), "/p");
//! assert_eq!(uri.query(), Some("q"));
//! assert_eq!(uri.fragment(), Some("f"));
//! ```
//!
//! # IRIs (RFC 3987)
//!
//! [`Uri::parse_iri`] parses an IRI reference: the grammar of RFC 3987 §2.2, which is RFC
//! 3986's with characters outside ASCII (`ucschar`) allowed wherever `unreserved` ones are —
//! userinfo, registered name, path, query, fragment — and private-use characters (`iprivate`)
//! in the query only; the scheme, port and IP literals stay ASCII. Components are `&str`
//! slices of the input and spans are byte offsets, as for URIs. The scheme rules (an `http`
//! IRI needs a host, a `mailto` IRI an address, …) are checked on the IRI's URI mapping, as
//! RFC 3987 §3.1 prescribes. [`iri_to_uri`] gives that mapping: A-labels for an
//! internationalized host name (UTS #46 ToASCII, the `idna` crate), percent-encoded UTF-8
//! elsewhere. Normalization and equivalence follow RFC 3987 §5.3 ([`Uri::normalized`]).
//!
//! IRIs are a flag of the parse, not a [`Grammar`]: `Grammar` is an exhaustive enum, and a new
//! variant would break its users' `match`es. An IRI is checked against RFC 3986's grammar
//! (its `grammar()` is [`Grammar::Rfc3986`]) widened to RFC 3987's characters, and
//! [`Uri::is_iri`] says that it was parsed so. The command line spells it
//! `urisift check --grammar rfc3987`. [`Uri::parse`] and [`Uri::parse_with`] still accept
//! ASCII only; `parse_iri` takes its own path only when a byte outside ASCII is present, so
//! URIs are parsed as fast as before.
//!
//! Not done: the bidirectional-text rules of RFC 3987 §4 (the characters are accepted as the
//! grammar allows them, in logical order, without checking how they would display), and
//! character normalization (NFC), which §5.3.2.2 says equivalence must not apply.
//!
//! ```
//! use urisift::uri::{self, Uri};
//! let iri = Uri::parse_iri("http://bücher.example/straße?q=ü#frag").unwrap();
//! assert_eq!(iri.host(), Some("bücher.example"));
//! assert_eq!(iri.path(), "/straße");
//! assert_eq!(uri::iri_to_uri(iri.as_str()), "http://xn--bcher-kva.example/stra%C3%9Fe?q=%C3%BC#frag");
//! assert!(Uri::parse("http://bücher.example/").is_err());
//! assert_eq!(uri::iri_to_uri("http://r\u{e9}sum\u{e9}.example.org"), "http://xn--rsum-bpad.example.org");
//! ```

mod error;
mod generic;
mod host;
mod iri;
mod lex;
mod normalize;
mod packed;
mod plain;
mod resolve;
mod rfc1738;
mod schemes;
mod urn;

use core::fmt;
use core::ops::Range;
use std::borrow::Cow;

use crate::span::Span;
use core::str::FromStr;

pub use error::{ErrorKind, ParseError};
pub use host::is_clickable_host;
pub(crate) use iri::{Class as IriClass, class as iri_class};
pub use normalize::normalize;
pub(crate) use packed::Parts;
pub(crate) use plain::{
    ESCAPE_OR_AT as SCAN_ESCAPE_OR_AT, QUERY_OR_FRAGMENT as SCAN_QUERY_OR_FRAGMENT,
    components as plain_components, iri_components as plain_iri_components, server_parts,
};
pub use resolve::resolve;
pub use urn::{Urn, UrnComponent};

/// The grammar a URI is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Grammar {
    /// RFC 3986 generic syntax, URNs per RFC 8141, and the structure rules of well-known schemes
    /// (server-based schemes need a host, `news:` needs a group or an article, …).
    #[default]
    Rfc3986,
    /// The grammar of draft-fielding-uri-syntax-01 (the draft that became RFC 2396), literally:
    /// its Appendix A, hostname rules, no IP literals; URNs per draft-ietf-urnbis-rfc2141bis-urn-03.
    Rfc2396,
    /// The RFC 1738 §5 BNF exactly, for its ten schemes (ftp, file, http, gopher, mailto, news,
    /// nntp, telnet, wais, prospero); other schemes as [`Grammar::Rfc2396`].
    Rfc1738,
}

impl Grammar {
    /// The grammar's name as the command line spells it (`rfc3986`, `rfc2396`, `rfc1738`).
    pub fn name(self) -> &'static str {
        match self {
            Grammar::Rfc3986 => "rfc3986",
            Grammar::Rfc2396 => "rfc2396",
            Grammar::Rfc1738 => "rfc1738",
        }
    }
}

impl fmt::Display for Grammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`Grammar::from_str`]: the name is none of `rfc3986`, `rfc2396`, `rfc1738`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownGrammar(pub String);

impl fmt::Display for UnknownGrammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown grammar `{}` (expected rfc3986, rfc2396 or rfc1738)", self.0)
    }
}

impl std::error::Error for UnknownGrammar {}

impl FromStr for Grammar {
    type Err = UnknownGrammar;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "rfc3986" | "3986" => Ok(Grammar::Rfc3986),
            "rfc2396" | "2396" => Ok(Grammar::Rfc2396),
            "rfc1738" | "1738" => Ok(Grammar::Rfc1738),
            _ => Err(UnknownGrammar(s.to_owned())),
        }
    }
}

/// What kind of host an authority names (RFC 3986 §3.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// A registered name (a DNS name, or any `reg-name`); may be empty (`file:///etc`).
    RegName,
    /// A dotted-decimal IPv4 address.
    Ipv4,
    /// An IPv6 literal in brackets.
    Ipv6,
    /// An IPvFuture literal in brackets (`[v7.fe80::1]`).
    IpvFuture,
}

impl HostKind {
    /// A short lower-case name: `reg-name`, `ipv4`, `ipv6`, `ipvfuture`.
    pub fn name(self) -> &'static str {
        match self {
            HostKind::RegName => "reg-name",
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::IpvFuture => "ipvfuture",
        }
    }
}

/// A half-open byte range of a component inside the parsed string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Part {
    pub(crate) start: usize,
    pub(crate) end: usize,
}

impl Part {
    pub(crate) const fn new(start: usize, end: usize) -> Self {
        Part { start, end }
    }

    pub(crate) fn range(self) -> Range<usize> {
        self.start..self.end
    }
}

/// Where each component lies in the parsed string: plain data, so that an owned match can keep
/// its components without a self-reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Components {
    pub(crate) scheme: Option<Part>,
    pub(crate) authority: Option<Part>,
    pub(crate) userinfo: Option<Part>,
    pub(crate) host: Option<Part>,
    pub(crate) host_kind: Option<HostKind>,
    pub(crate) port: Option<Part>,
    pub(crate) path: Part,
    pub(crate) query: Option<Part>,
    pub(crate) fragment: Option<Part>,
}

/// A component of a URI reference, to ask for its span with [`Uri::span`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Component {
    /// The scheme, without its `:`.
    Scheme,
    /// The authority, without the leading `//`.
    Authority,
    /// The userinfo, without its `@`.
    Userinfo,
    /// The host (an IP literal keeps its brackets).
    Host,
    /// The port, without its `:`.
    Port,
    /// The path (always defined; possibly empty).
    Path,
    /// The query, without its `?`.
    Query,
    /// The fragment, without its `#`.
    Fragment,
}

/// A valid URI reference, borrowed from the parsed string, with its components.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Uri<'a> {
    input: &'a str,
    grammar: Grammar,
    parts: Components,
    /// Parsed by [`Uri::parse_iri`].
    iri: bool,
}

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

#[cfg(feature = "serde")]
impl serde::Serialize for Uri<'_> {
    /// Its components: `scheme`, `authority`, `userinfo`, `host`, `port`, `path`, `query` and
    /// `fragment`, each a string or null (the path is always a string).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut c = serializer.serialize_struct("Components", 8)?;
        c.serialize_field("scheme", &self.scheme())?;
        c.serialize_field("authority", &self.authority())?;
        c.serialize_field("userinfo", &self.userinfo())?;
        c.serialize_field("host", &self.host())?;
        c.serialize_field("port", &self.port())?;
        c.serialize_field("path", self.path())?;
        c.serialize_field("query", &self.query())?;
        c.serialize_field("fragment", &self.fragment())?;
        c.end()
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
        schemes::check(&uri)?;
        Ok(uri)
    }

    /// Parses an IRI reference (absolute or relative): RFC 3987 §2.2, the grammar of RFC 3986
    /// with characters outside ASCII where RFC 3987 allows them, and the scheme rules of
    /// [`Grammar::Rfc3986`] checked on its URI mapping (§3.1). See the
    /// [module docs](self#iris-rfc-3987).
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
        let parts =
            if input.is_ascii() { generic::parse(input, Grammar::Rfc3986)? } else { iri::parse(input)? };
        let uri = Uri { input, grammar: Grammar::Rfc3986, parts, iri: true };
        if input.is_ascii() {
            schemes::check(&uri)?;
        }
        Ok(uri)
    }

    /// Rebuilds a `Uri` from components computed earlier for the same `input`.
    pub(crate) fn from_parts(input: &'a str, grammar: Grammar, parts: Components) -> Self {
        Uri { input, grammar, parts, iri: false }
    }

    /// The same components, taken as those of an IRI reference (they were checked as one).
    pub(crate) fn read_as_iri(self) -> Self {
        Uri { iri: true, ..self }
    }

    pub(crate) fn parts(&self) -> Components {
        self.parts
    }

    fn get(&self, part: Option<Part>) -> Option<&'a str> {
        part.map(|p| &self.input[p.range()])
    }

    /// The whole URI reference as given.
    pub fn as_str(&self) -> &'a str {
        self.input
    }

    /// The grammar it was checked against ([`Grammar::Rfc3986`] for an IRI).
    pub fn grammar(&self) -> Grammar {
        self.grammar
    }

    /// Whether it was parsed as an IRI reference ([`Uri::parse_iri`]), so that its components
    /// may hold characters outside ASCII.
    pub fn is_iri(&self) -> bool {
        self.iri
    }

    /// The URI this IRI reference maps to (RFC 3987 §3.1).
    #[deprecated(since = "0.2.0", note = "use `urisift::uri::iri_to_uri(uri.as_str())`")]
    pub fn to_uri(&self) -> String {
        iri::to_uri(self.input, &self.parts)
    }

    /// Whether it has a scheme (an absolute URI, possibly with a fragment).
    pub fn is_absolute(&self) -> bool {
        self.parts.scheme.is_some()
    }

    /// The scheme, as written.
    pub fn scheme(&self) -> Option<&'a str> {
        self.get(self.parts.scheme)
    }

    /// The authority (`userinfo@host:port`), undefined when there is no `//`.
    pub fn authority(&self) -> Option<&'a str> {
        self.get(self.parts.authority)
    }

    /// The userinfo, undefined when there is no `@` in the authority.
    pub fn userinfo(&self) -> Option<&'a str> {
        self.get(self.parts.userinfo)
    }

    /// The host, defined whenever the authority is; an IP literal keeps its brackets.
    pub fn host(&self) -> Option<&'a str> {
        self.get(self.parts.host)
    }

    /// What kind of host it is.
    pub fn host_kind(&self) -> Option<HostKind> {
        self.parts.host_kind
    }

    /// The port, undefined when there is no `:` after the host; may be empty.
    pub fn port(&self) -> Option<&'a str> {
        self.get(self.parts.port)
    }

    /// The path; always defined, possibly empty.
    pub fn path(&self) -> &'a str {
        &self.input[self.parts.path.range()]
    }

    /// The query, undefined when there is no `?`.
    pub fn query(&self) -> Option<&'a str> {
        self.get(self.parts.query)
    }

    /// The fragment, undefined when there is no `#`.
    pub fn fragment(&self) -> Option<&'a str> {
        self.get(self.parts.fragment)
    }

    /// Where `component` is in [`Uri::as_str`], `None` when it is undefined: the same
    /// [`Span`] type as a match's, so that `&uri.as_str()[span]` is the component.
    pub fn span(&self, component: Component) -> Option<Span> {
        self.range(component).map(Span::from)
    }

    /// The byte range of `component` in [`Uri::as_str`], `None` when it is undefined.
    pub(crate) fn range(&self, component: Component) -> Option<Range<usize>> {
        let p = &self.parts;
        let part = match component {
            Component::Scheme => p.scheme,
            Component::Authority => p.authority,
            Component::Userinfo => p.userinfo,
            Component::Host => p.host,
            Component::Port => p.port,
            Component::Path => Some(p.path),
            Component::Query => p.query,
            Component::Fragment => p.fragment,
        };
        part.map(Part::range)
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

/// Checks `input` as [`Uri::parse_with`] does, and hands its components to `f`. The extractor
/// calls this once per candidate and keeps only a packed copy of the components, so the
/// [`Uri`] (over 200 bytes) is not returned by value.
#[inline]
pub(crate) fn validate_with<T>(
    input: &str,
    grammar: Grammar,
    f: impl FnOnce(&Components) -> T,
) -> Result<T, ParseError> {
    let uri = Uri { input, grammar, parts: generic::parse(input, grammar)?, iri: false };
    schemes::check(&uri)?;
    Ok(f(&uri.parts))
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

impl fmt::Display for Uri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}
