//! Generic URI syntax: the component split and the character-level checks of each grammar.

use super::{Components, Grammar, ParseError, Part};

/// Splits a URI reference into scheme, authority, path, query and fragment, exactly as the
/// regular expression of RFC 2396 Appendix B (RFC 3986 Appendix B) does:
///
/// ```text
/// ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
/// ```
///
/// No character is checked; the authority is not split further. Every string splits.
pub(crate) fn split(s: &str) -> Components {
    let b = s.as_bytes();
    let mut c = Components::default();
    let mut i = 0;
    // (([^:/?#]+):)?
    if let Some(colon) = b.iter().position(|&x| matches!(x, b':' | b'/' | b'?' | b'#'))
        && b[colon] == b':'
        && colon > 0
    {
        c.scheme = Some(Part::new(0, colon));
        i = colon + 1;
    }
    // (//([^/?#]*))?
    if b[i..].starts_with(b"//") {
        let start = i + 2;
        let end =
            b[start..].iter().position(|&x| matches!(x, b'/' | b'?' | b'#')).map_or(b.len(), |n| start + n);
        c.authority = Some(Part::new(start, end));
        i = end;
    }
    // ([^?#]*)
    let path_end = b[i..].iter().position(|&x| matches!(x, b'?' | b'#')).map_or(b.len(), |n| i + n);
    c.path = Part::new(i, path_end);
    i = path_end;
    // (\?([^#]*))?
    if b.get(i) == Some(&b'?') {
        let end = b[i..].iter().position(|&x| x == b'#').map_or(b.len(), |n| i + n);
        c.query = Some(Part::new(i + 1, end));
        i = end;
    }
    // (#(.*))?
    if b.get(i) == Some(&b'#') {
        c.fragment = Some(Part::new(i + 1, b.len()));
    }
    c
}

/// Parses and checks a URI reference under `grammar`. (Not yet written: splits only.)
pub(crate) fn parse(s: &str, grammar: Grammar) -> Result<Components, ParseError> {
    let _ = grammar;
    Ok(split(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(s: &str) -> [Option<&str>; 5] {
        let c = split(s);
        let g = |p: Option<Part>| p.map(|p| &s[p.range()]);
        [g(c.scheme), g(c.authority), Some(&s[c.path.range()]), g(c.query), g(c.fragment)]
    }

    #[test]
    fn split_follows_appendix_b() {
        assert_eq!(
            show("http://www.ics.uci.edu/pub/ietf/uri/#Related"),
            [Some("http"), Some("www.ics.uci.edu"), Some("/pub/ietf/uri/"), None, Some("Related")]
        );
        assert_eq!(show("a?#"), [None, None, Some("a"), Some(""), Some("")]);
        assert_eq!(show(":x"), [None, None, Some(":x"), None, None]);
        assert_eq!(show("//"), [None, Some(""), Some(""), None, None]);
        assert_eq!(show(""), [None, None, Some(""), None, None]);
        assert_eq!(show("x/y:z"), [None, None, Some("x/y:z"), None, None]);
    }
}
