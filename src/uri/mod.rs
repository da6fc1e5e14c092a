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

mod components;
mod error;
mod generic;
mod grammar;
pub(crate) mod host;
mod iri;
mod lex;
mod normalize;
mod packed;
mod parse;
mod plain;
mod resolve;
mod rfc1738;
mod scheme_rules;
mod urn;

pub use components::{Component, HostKind, Uri};
pub(crate) use components::{Components, Part};
pub use error::{ErrorKind, ParseError};
pub use grammar::{Grammar, UnknownGrammar};
pub(crate) use host::domain::numeric_ipv4;
pub use host::domain::{host_unicode, public_suffix_list_date, registrable_domain};
pub use host::is_clickable_host;
pub(crate) use iri::{Class as IriClass, class as iri_class};
pub use normalize::normalize;
pub(crate) use packed::Parts;
pub use parse::iri_to_uri;
#[allow(deprecated)]
pub use parse::to_uri;
pub(crate) use parse::{iri_components, validate_with};
pub(crate) use plain::{
    ESCAPE_OR_AT as SCAN_ESCAPE_OR_AT, QUERY_OR_FRAGMENT as SCAN_QUERY_OR_FRAGMENT,
    components as plain_components, iri_components as plain_iri_components, server_parts,
};
pub use resolve::resolve;
pub(crate) use scheme_rules::Mailto;
pub use urn::{Urn, UrnComponent};
