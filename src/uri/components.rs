//! A parsed URI reference: where each component lies in the parsed string ([`Components`]), and
//! the [`Uri`] that borrows the string and gives them out. Parsing is [`super::parse`]'s.

use core::fmt;
use core::ops::Range;

use super::Grammar;
use crate::span::Span;

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
    pub(super) input: &'a str,
    pub(super) grammar: Grammar,
    pub(super) parts: Components,
    /// Parsed by [`Uri::parse_iri`].
    pub(super) iri: bool,
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

    /// The registrable domain of the host by the public suffix list: its public suffix and the
    /// label before it (`a.b.example.co.uk` gives `example.co.uk`), in IDNA A-labels and lower
    /// case whether the host is written in Unicode, in A-labels or percent-encoded (`bücher.de`
    /// gives `xn--bcher-kva.de`; its Unicode form is [`Uri::host_unicode`]'s last labels). The
    /// list is ICANN's and the private section both, as browsers read it (`user.github.io` is
    /// its own domain), vendored with its date in [`public_suffix_list_date`](super::public_suffix_list_date).
    /// `None` without a host, for an IP address (in brackets, dotted, or any numeric form a
    /// browser reads as IPv4), a host of one label (`localhost`), a public suffix itself
    /// (`co.uk`), and a name UTS #46 ToASCII refuses. Computed on each call: the list is parsed
    /// on the first.
    ///
    /// ```
    /// use urisift::uri::Uri;
    /// let domain = |s| Uri::parse(s).unwrap().registrable_domain();
    /// assert_eq!(domain("http://a.b.example.co.uk/").as_deref(), Some("example.co.uk"));
    /// assert_eq!(domain("https://www.example.com.au/x").as_deref(), Some("example.com.au"));
    /// assert_eq!(domain("http://192.0.2.1/"), None);
    /// assert_eq!(domain("http://localhost:8080/"), None);
    /// ```
    pub fn registrable_domain(&self) -> Option<String> {
        match (self.host(), self.host_kind()) {
            (Some(host), Some(HostKind::RegName)) => super::host::domain::registrable_domain(host),
            _ => None,
        }
    }

    /// The Unicode form of a host written with IDNA A-labels (`xn--`), by UTS #46 ToUnicode,
    /// lower case: `www.xn--bcher-kva.de` gives `www.bücher.de`. `None` for a host with no
    /// A-label, and when one does not decode.
    pub fn host_unicode(&self) -> Option<String> {
        match (self.host(), self.host_kind()) {
            (Some(host), Some(HostKind::RegName)) => super::host::domain::host_unicode(host),
            _ => None,
        }
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
}

impl fmt::Display for Uri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}
