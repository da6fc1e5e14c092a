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

mod error;
mod generic;
mod host;
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
use core::str::FromStr;

pub use error::{ErrorKind, ParseError};
pub use normalize::normalize;
pub(crate) use packed::Parts;
pub(crate) use plain::{components as plain_components, server_parts};
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
}

impl<'a> Uri<'a> {
    /// Parses a URI reference (absolute, or relative) with the default grammar, RFC 3986.
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_with(input, Grammar::default())
    }

    /// Parses a URI reference (absolute, or relative) with `grammar`.
    pub fn parse_with(input: &'a str, grammar: Grammar) -> Result<Self, ParseError> {
        let uri = Uri { input, grammar, parts: generic::parse(input, grammar)? };
        schemes::check(&uri)?;
        Ok(uri)
    }

    /// Rebuilds a `Uri` from components computed earlier for the same `input`.
    pub(crate) fn from_parts(input: &'a str, grammar: Grammar, parts: Components) -> Self {
        Uri { input, grammar, parts }
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

    /// The grammar it was checked against.
    pub fn grammar(&self) -> Grammar {
        self.grammar
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

    /// The byte range of `component` in [`Uri::as_str`], `None` when it is undefined.
    pub fn span(&self, component: Component) -> Option<Range<usize>> {
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

    /// The URN view, when the scheme is `urn` (its syntax was checked by the parse).
    pub fn urn(&self) -> Option<Urn<'a>> {
        let scheme = self.scheme()?;
        if !scheme.eq_ignore_ascii_case("urn") {
            return None;
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
    let uri = Uri { input, grammar, parts: generic::parse(input, grammar)? };
    schemes::check(&uri)?;
    Ok(f(&uri.parts))
}

impl fmt::Display for Uri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}
