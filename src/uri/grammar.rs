//! The grammars a URI is checked against.

use core::fmt;
use core::str::FromStr;

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
