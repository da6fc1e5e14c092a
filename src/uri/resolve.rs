//! Resolving a relative reference against a base URI (RFC 2396 §5.2 as corrected by RFC 3986 §5.2).

use super::{ErrorKind, ParseError};

/// Resolves `reference` against `base`. (Not yet written.)
pub fn resolve(base: &str, reference: &str) -> Result<String, ParseError> {
    let _ = (base, reference);
    Err(ParseError::new(0, ErrorKind::MissingScheme))
}
