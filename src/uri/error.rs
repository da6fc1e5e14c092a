//! The parser's error type: a byte index and a kind whose message a person understands.

use core::fmt;

/// Why a string is not a valid URI (reference) under the chosen grammar.
///
/// `index` is the byte offset into the parsed string where the problem was found.
///
/// ```
/// let err = urisift::uri::Uri::parse("http://a/%zz").unwrap_err();
/// assert_eq!(err.index(), 9);
/// assert_eq!(err.to_string(), "invalid percent-escape at byte 9");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    index: usize,
    kind: ErrorKind,
}

impl ParseError {
    /// An error of `kind` found at byte `index`.
    pub(crate) const fn new(index: usize, kind: ErrorKind) -> Self {
        ParseError { index, kind }
    }

    /// The byte offset where the problem was found.
    pub fn index(&self) -> usize {
        self.index
    }

    /// What is wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

/// What is wrong with a URI; its `Display` is the message without the position.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is empty where a URI is required.
    Empty,
    /// A byte outside ASCII: URIs are ASCII (RFC 3986 §2; RFC 2396 §2).
    NonAscii,
    /// A character the grammar excludes (controls, space, `< > " { } | \ ^ \``, or `[ ]`
    /// outside an IP literal).
    Excluded(char),
    /// A character that is allowed in URIs but not in this component.
    Unexpected(char),
    /// A `%` not followed by two hexadecimal digits.
    InvalidPercentEscape,
    /// The scheme does not start with a letter or holds a character other than
    /// `ALPHA / DIGIT / "+" / "-" / "."`.
    InvalidScheme,
    /// A scheme is required (an absolute URI was expected) and there is none.
    MissingScheme,
    /// The port holds something other than digits.
    InvalidPort,
    /// A malformed IPv4 address.
    InvalidIpv4,
    /// A malformed IPv6 address inside `[...]`.
    InvalidIpv6,
    /// A malformed IPvFuture literal inside `[...]`.
    InvalidIpvFuture,
    /// An IP literal (`[...]`) where the grammar has none (RFC 2396, RFC 1738).
    IpLiteralNotAllowed,
    /// An IP literal whose `[` is not closed by a `]` before the authority ends.
    UnclosedIpLiteral,
    /// A malformed host name (RFC 2396 §3.2.2 hostname rules, RFC 1738 §3.1).
    InvalidHost,
    /// A relative reference whose first path segment holds a `:` (RFC 3986 §4.2).
    ColonInFirstSegment,
    /// A path that begins with `//` where there is no authority (RFC 3986 §3.3).
    PathStartsWithDoubleSlash,
    /// A scheme that needs a host has none (e.g. `http:foo`).
    MissingHost(&'static str),
    /// The scheme-specific syntax is broken; the text says how (e.g. "ftp `;type=` must be a, i or d").
    Scheme(&'static str),
    /// A URN NID is malformed.
    InvalidNid,
    /// The NID `urn` is reserved (RFC 8141 §5.1; draft-03 §2.1).
    ReservedNid,
    /// The URN syntax is broken; the text says how (e.g. "empty NSS").
    Urn(&'static str),
    /// A character outside ASCII that no IRI may hold: neither `ucschar` nor `iprivate`
    /// (RFC 3987 §2.2), such as a C1 control or a noncharacter.
    NotIriChar(char),
    /// A private-use character (`iprivate`) outside the query of an IRI (RFC 3987 §2.2).
    PrivateUseOutsideQuery(char),
    /// The extractor's: a candidate stops right before a character outside ASCII that goes on
    /// its word (a letter, mark or digit); taken up to there it would be a URI cut short.
    CutInWord(char),
    /// The extractor's: a value taken whole (an HTML link's) holds an invisible format
    /// character (a soft hyphen, a word joiner, a zero-width space or a joiner that shapes no
    /// letter, a bidirectional control): a reader would not see it in the URI reported.
    Invisible(char),
    /// The extractor's: the host is a registered name no reader would click (an empty label, a
    /// label that starts or ends with `-`, a character other than a letter, mark, digit, `-` or
    /// `_`, a top label that starts with a digit): see [`crate::uri::is_clickable_host`].
    UnclickableHost,
    /// The extractor's: the candidate is a defanged indicator (`http://evil[.]example/`, written
    /// so that nobody follows it); taken up to the mark it would be a URI cut short. Reported
    /// refanged instead with `ExtractorBuilder::refang`.
    Defanged,
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Empty => f.write_str("empty input"),
            ErrorKind::NonAscii => f.write_str("non-ASCII byte"),
            ErrorKind::Excluded(c) => write!(f, "character {c:?} is not allowed in a URI"),
            ErrorKind::Unexpected(c) => write!(f, "unexpected character {c:?}"),
            ErrorKind::InvalidPercentEscape => f.write_str("invalid percent-escape"),
            ErrorKind::InvalidScheme => f.write_str("invalid scheme name"),
            ErrorKind::MissingScheme => f.write_str("missing scheme"),
            ErrorKind::InvalidPort => f.write_str("port must be digits"),
            ErrorKind::InvalidIpv4 => f.write_str("invalid IPv4 address"),
            ErrorKind::InvalidIpv6 => f.write_str("invalid IPv6 address"),
            ErrorKind::InvalidIpvFuture => f.write_str("invalid IPvFuture literal"),
            ErrorKind::IpLiteralNotAllowed => f.write_str("IP literals are not allowed by this grammar"),
            ErrorKind::UnclosedIpLiteral => f.write_str("IP literal not closed by ']'"),
            ErrorKind::InvalidHost => f.write_str("invalid host name"),
            ErrorKind::ColonInFirstSegment => {
                f.write_str("the first segment of a relative path must not contain ':'")
            }
            ErrorKind::PathStartsWithDoubleSlash => {
                f.write_str("a path without an authority must not start with '//'")
            }
            ErrorKind::MissingHost(scheme) => write!(f, "scheme `{scheme}` requires a host"),
            ErrorKind::Scheme(msg) => f.write_str(msg),
            ErrorKind::InvalidNid => f.write_str("invalid URN namespace identifier (NID)"),
            ErrorKind::ReservedNid => f.write_str("NID `urn` is reserved"),
            ErrorKind::Urn(msg) => f.write_str(msg),
            ErrorKind::NotIriChar(c) => write!(f, "character {c:?} is not allowed in an IRI"),
            ErrorKind::PrivateUseOutsideQuery(c) => {
                write!(f, "private-use character {c:?} is allowed only in the query of an IRI")
            }
            ErrorKind::Invisible(c) => write!(f, "invisible character {c:?}, which a reader would not see"),
            ErrorKind::CutInWord(c) => {
                write!(
                    f,
                    "the word goes on with {c:?}, which no URI holds: taken whole it is no URI, cut it would be another"
                )
            }
            ErrorKind::UnclickableHost => f.write_str("the host is no name a reader would click"),
            ErrorKind::Defanged => {
                f.write_str("a defanged indicator (a mark such as [.] stands for a URI character)")
            }
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind, self.index)
    }
}

impl std::error::Error for ParseError {}
