//! The validation of a candidate read as an IRI (the default reading): RFC 3987 for its
//! characters outside ASCII, and balanced brackets after its authority, which RFC 3986 does not
//! allow but URIs in text hold (`?ids[]=1`, `/users/{id}/posts`; the crate docs, "Brackets,
//! parentheses and emphasis").

use std::borrow::Cow;

use crate::uri::{Components, Mailto, ParseError};

/// The text a reading is validated as, when it needs more than the URI parser: the reading
/// with each balanced pair of `[ ]` or `{ }` after its authority (pairs nest)
/// written as `~ ~`, an `unreserved` character that delimits nothing, so that every component
/// keeps its offsets. `None` when the reading is ASCII with no such pair: the URI parser
/// decides it as before.
pub(super) fn stand_in(reading: &str) -> Option<Cow<'_, str>> {
    let bytes = reading.as_bytes();
    let has_brackets = memchr::memchr2(b'[', b'{', bytes).is_some();
    if !has_brackets {
        return (!reading.is_ascii()).then_some(Cow::Borrowed(reading));
    }
    // The authority, after `scheme://`, ends at the first `/`, `?` or `#` (RFC 3986 §3.2);
    // without one, the brackets stay as they are (an IP literal, or an error), and so they do
    // in a URI without an authority, as the bare scan reads it.
    let unchanged = || (!reading.is_ascii()).then_some(Cow::Borrowed(reading));
    let Some(colon) = memchr::memchr(b':', bytes) else { return unchanged() };
    if !bytes[colon + 1..].starts_with(b"//") {
        return unchanged();
    }
    let from = colon + 3;
    let Some(host_len) = memchr::memchr3(b'/', b'?', b'#', &bytes[from..]) else { return unchanged() };
    let path = from + host_len;
    let mut out = bytes.to_vec();
    // The brackets open, innermost last: a closing one pairs with the last when it matches it,
    // and clears what is open otherwise (the pairs nest, as the bare scan reads them).
    let mut open: Vec<usize> = Vec::new();
    for i in path..bytes.len() {
        match bytes[i] {
            b'[' | b'{' => open.push(i),
            b @ (b']' | b'}') => match open.pop() {
                Some(o) if bytes[o] == if b == b']' { b'[' } else { b'{' } => {
                    out[o] = b'~';
                    out[i] = b'~';
                }
                _ => open.clear(),
            },
            _ => {}
        }
    }
    // Only ASCII bytes were replaced by ASCII bytes.
    String::from_utf8(out).ok().map(Cow::Owned)
}

/// The components of `shadow`, a [`stand_in`], parsed as an IRI reference (RFC 3987 §2.2) with
/// the scheme rules of its URI mapping (§3.1), a `mailto` read as sent as the default reading
/// reads it; they index the reading it stands in for.
pub(super) fn components(shadow: &str) -> Result<Components, ParseError> {
    crate::uri::iri_components(shadow, Mailto::AsSent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balanced_brackets_after_the_authority_stand_in_as_tildes() {
        assert_eq!(stand_in("http://x/a?ids[]=1&b{c}").as_deref(), Some("http://x/a?ids~~=1&b~c~"));
        assert_eq!(stand_in("http://x/{a}.{b[c]}.js").as_deref(), Some("http://x/~a~.~b~c~~.js"));
        assert_eq!(stand_in("http://x/{a]b}").as_deref(), Some("http://x/{a]b}"));
        assert_eq!(stand_in("http://x/a]b[").as_deref(), Some("http://x/a]b["));
        assert_eq!(stand_in("http://[::1]/a[b]").as_deref(), Some("http://[::1]/a~b~"));
        assert_eq!(stand_in("http://x/a"), None);
        assert_eq!(stand_in("http://x/ü").as_deref(), Some("http://x/ü"));
        // Without an authority brackets stay (an opaque URI holds none), as without a path.
        assert_eq!(stand_in("tel:+1[2]"), None);
        assert_eq!(stand_in("http://[::1]"), None);
        assert_eq!(stand_in("mailto:ü[x]").as_deref(), Some("mailto:ü[x]"));
        assert!(components("http://x/a]").is_err());
        assert!(components(&stand_in("http://x/{id}/p").unwrap()).is_ok());
    }
}
