//! Scheme-specific rules: the structure rules of well-known schemes (RFC 3986 grammar) and the
//! RFC 1738 §5 BNF for its ten schemes.

use super::{ParseError, Uri};

/// Applies the scheme-specific rules of the URI's grammar. (Not yet written.)
pub(crate) fn check(uri: &Uri<'_>) -> Result<(), ParseError> {
    let _ = uri;
    Ok(())
}
