//! URN syntax (RFC 8141; draft-ietf-urnbis-rfc2141bis-urn-03) and lexical equivalence.

use super::{ErrorKind, Grammar, ParseError};

/// A URN, split into namespace identifier, namespace-specific string and optional parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Urn<'a> {
    input: &'a str,
}

impl<'a> Urn<'a> {
    /// Parses a URN (`urn:NID:NSS…`) under `grammar`. (Not yet written.)
    pub fn parse_with(input: &'a str, grammar: Grammar) -> Result<Self, ParseError> {
        let _ = grammar;
        if input.len() < 4 || !input[..4].eq_ignore_ascii_case("urn:") {
            return Err(ParseError::new(0, ErrorKind::Urn("a URN starts with `urn:`")));
        }
        Ok(Urn { input })
    }

    /// The whole URN as given.
    pub fn as_str(&self) -> &'a str {
        self.input
    }
}
