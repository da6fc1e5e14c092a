//! Generic URI syntax: the component split and the character-level checks of each grammar.
//!
//! [`parse`] validates a URI *reference* (absolute or relative, with an optional fragment) in
//! one left-to-right pass with no backtracking and no allocation: runs of allowed characters are
//! skipped with the byte-class tables of [`crate::chars`], and only the separators, escapes and
//! the authority are looked at one by one. The split is always the one of the Appendix B regular
//! expression (`split`, the test oracle, is that expression written out); the grammars differ
//! only in what each component may hold.
//!
//! # RFC 3986
//!
//! Its collected ABNF (Appendix A), exactly. The path rules need no separate check once the
//! reference is split greedily: after an authority the path is empty or starts with `/`
//! (`path-abempty`); without one it cannot start with `//`, which would have made an
//! authority. What is left is `path-noscheme`: a relative reference whose first segment holds
//! a `:` is an error, reported as [`ErrorKind::InvalidScheme`] when text precedes the `:` (it was
//! meant as a scheme) and as [`ErrorKind::ColonInFirstSegment`] when it starts the reference.
//!
//! # The draft (`Rfc2396`, and `Rfc1738` before its scheme rules)
//!
//! draft-fielding-uri-syntax-01 (seed 000), read as its §4.4 says to parse: split the reference
//! into its components as Appendix B does (the draft calls that regular expression its "test
//! oracle"), then check each component against its rule. Where that differs from RFC 3986:
//!
//! - `scheme = 1*( alpha | digit | "+" | "-" | "." )` (§4.1): the draft lets a scheme start
//!   with a digit, `+`, `-` or `.`, and so do we (`1x:y` has the scheme `1x`).
//! - `site = server | authority` (§4.3.1): see [`host`] for hosts, ports and
//!   registry-based naming authorities, and why IP literals are refused.
//! - `rel_path` allows a `:` in its first segment, so `:x` is a relative path. A first segment
//!   like `a_b:c`, which Appendix B reads as a scheme, is refused as an invalid scheme, as
//!   §5 warns ("it would be mistaken for a scheme name").
//! - The character sets are the same: the draft's `pchar`, `uric` and `userinfo` hold exactly
//!   the characters of RFC 3986's `pchar`, `query` and `userinfo` (its `mark` adds `$` and `,`,
//!   which RFC 3986 files under `sub-delims`), `~` included. The draft's BNF admits any string of
//!   `uric` as an `opaque-URI` (§4.2 says so), so no structure beyond the components' characters
//!   and the site is checked.

use memchr::{memchr, memchr3};

use super::host;
use super::lex::{scan, unexpected};
use super::{Components, ErrorKind, Grammar, ParseError, Part};
use crate::chars::{self, ALPHA, PATH, QUERY, SCHEME};

/// Splits a URI reference into scheme, authority, path, query and fragment, exactly as the
/// regular expression of RFC 2396 Appendix B (RFC 3986 Appendix B) does:
///
/// ```text
/// ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
/// ```
///
/// No character is checked; the authority is not split further. Every string splits.
#[cfg(test)] // the oracle the one-pass parser's split is tested against
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

/// Parses and checks the URI reference `s` under `grammar` (see the module docs), giving its
/// components, or the first offending byte and what is wrong with it.
// Inlined into its two callers, so that the components are built where they are used rather
// than returned through a `Result`.
#[inline]
pub(crate) fn parse(s: &str, grammar: Grammar) -> Result<Components, ParseError> {
    let b = s.as_bytes();
    let mut c = Components::default();
    let mut i = 0;

    // scheme ":" — RFC 3986 §3.1 wants a letter first, the draft (§4.1) does not.
    let run = b.iter().position(|&x| !chars::is(x, SCHEME)).unwrap_or(b.len());
    let starts_well = grammar != Grammar::Rfc3986 || b.first().is_some_and(|&x| chars::is(x, ALPHA));
    if run > 0 && b.get(run) == Some(&b':') && starts_well {
        c.scheme = Some(Part::new(0, run));
        i = run + 1;
    }

    // "//" authority, up to the next "/", "?" or "#" (RFC 3986 §3.2; seed 000 §4.3.1).
    if b.get(i..).is_some_and(|rest| rest.starts_with(b"//")) {
        let start = i + 2;
        let plain = if grammar == Grammar::Rfc3986 { host::plain_authority_3986(b, start) } else { None };
        let (end, a) = match plain {
            Some(found) => found,
            None => {
                // Authorities are short: a plain loop beats memchr's set-up here.
                let end = b[start..]
                    .iter()
                    .position(|&x| matches!(x, b'/' | b'?' | b'#'))
                    .map_or(b.len(), |n| start + n);
                (end, host::authority(&b[..end], start, grammar)?)
            }
        };
        c.authority = Some(Part::new(start, end));
        c.userinfo = a.userinfo;
        c.host = Some(a.host);
        c.host_kind = Some(a.kind);
        c.port = a.port;
        i = end;
    } else if c.scheme.is_none() {
        first_segment(b, grammar)?;
    }

    // path, then "?" query, then "#" fragment (RFC 3986 §3.3-3.5; seed 000 §4.3.2, §4.3.3, §3).
    let stop = scan(b, i, PATH)?;
    c.path = Part::new(i, stop);
    i = stop;
    if b.get(i) == Some(&b'?') {
        let stop = scan(b, i + 1, QUERY)?;
        c.query = Some(Part::new(i + 1, stop));
        i = stop;
    }
    if b.get(i) == Some(&b'#') {
        let stop = scan(b, i + 1, QUERY)?;
        c.fragment = Some(Part::new(i + 1, stop));
        i = stop;
    }
    if i < b.len() {
        return Err(unexpected(b, i));
    }
    Ok(c)
}

/// The first segment of a relative reference without an authority: RFC 3986 §4.2
/// `path-noscheme` has no `:` in it. A `:` there after other text means a scheme was intended
/// (Appendix B reads one) and is malformed, in either grammar.
fn first_segment(b: &[u8], grammar: Grammar) -> Result<(), ParseError> {
    let segment_end = memchr3(b'/', b'?', b'#', b).unwrap_or(b.len());
    let Some(colon) = memchr(b':', &b[..segment_end]) else { return Ok(()) };
    // A byte that is wrong anywhere in a path is reported as such, rather than as a bad scheme.
    let stop = scan(&b[..colon], 0, PATH)?;
    if stop < colon {
        return Err(unexpected(b, stop));
    }
    if colon == 0 {
        return match grammar {
            Grammar::Rfc3986 => Err(ParseError::new(0, ErrorKind::ColonInFirstSegment)),
            // The draft's `rel_path` takes it: `pchar` holds ":" and no scheme is empty.
            Grammar::Rfc2396 | Grammar::Rfc1738 => Ok(()),
        };
    }
    let candidate = &b[..colon];
    let bad = match candidate.first() {
        Some(&x) if grammar == Grammar::Rfc3986 && !chars::is(x, ALPHA) => 0,
        _ => candidate.iter().position(|&x| !chars::is(x, SCHEME)).unwrap_or(0),
    };
    Err(ParseError::new(bad, ErrorKind::InvalidScheme))
}

#[cfg(test)]
mod tests;
