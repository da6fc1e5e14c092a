//! Resolving a URI reference against a base URI: seed 000 (draft-fielding-uri-syntax-01) §5.2,
//! as corrected by RFC 3986 §5.2. The public documentation of [`resolve`] gives the algorithm and
//! every place where it departs from the seed (the tests below check each one).

use super::{ErrorKind, Grammar, ParseError, Uri, generic};

/// Resolves `reference` against `base` (RFC 3986 §5.2, strict).
///
/// The algorithm is RFC 3986 §5.2.2 for a *strict* parser: a reference with a scheme is an
/// absolute URI, even when its scheme is the base's (`http:g` stays `http:g`). Paths are merged
/// per §5.2.3 and cleaned with `remove_dot_segments` (§5.2.4); an undefined query or fragment is
/// kept apart from an empty one (§5.3).
///
/// Both are checked against the generic syntax of the default grammar, RFC 3986. Resolution is
/// defined on the generic syntax alone (RFC 3986 §5), so the scheme-specific structure rules
/// (such as "http needs a host") are not applied: the strict result of `http:g` is `http:g`
/// (§5.4.2), which those rules would reject.
///
/// # Where we depart from the seed, and why
///
/// The seed's §5.2 is "an example algorithm"; RFC 3986 replaced it with a definitive one, and
/// where the two disagree we follow RFC 3986:
///
/// * **`g?y/./x`, `g?y/../x`** — the seed contradicts itself. Its Appendix C says
///   `http://a/b/c/g?y/x` and `http://a/b/c/x`, but its own §5.2 separates the query before
///   merging paths (step 2), which gives `http://a/b/c/g?y/./x` and `http://a/b/c/g?y/../x`;
///   RFC 3986 §5.4.2 and RFC 1808 §5.1 give the latter. Dot segments in a query are data.
/// * **Base `http://a` + `g`** — read literally, the seed's step 6a copies "all but the last
///   segment" of the empty base path (nothing) and appends `g`, giving `http://ag`. RFC 3986
///   §5.2.3 adds the rule that a base with an authority and an empty path merges as `"/" + path`:
///   `http://a/g`.
/// * **`?y`** — the seed merges the empty path with the base path (step 6), giving
///   `http://a/b/c/?y`; RFC 3986 §5.2.2 (and RFC 1808 §5.1) keep the base path:
///   `http://a/b/c/d;p?y`.
/// * **`..` above the root and dot segments in absolute paths** (`../../../g`, `/./g`, `/../g`)
///   — the seed keeps them (`http://a/../g`, `http://a/./g`; its step 6g allows either);
///   RFC 3986 §5.2.4 removes them: `http://a/g`.
/// * **`#s` and the empty reference** — the seed names the result "(current document)";
///   RFC 3986 spells it out: the base without its fragment (`http://a/b/c/d;p?q#s`,
///   `http://a/b/c/d;p?q`).
///
/// RFC 1808 §5 differs in two more places, and we follow RFC 3986 there too: it resolves `;x`
/// against `http://a/b/c/d;p?q` to `http://a/b/c/d;x` (RFC 1808 parsed `;params` as a
/// component of its own), and the empty reference to the base *with* its fragment.
///
/// One more repair, which RFC 3986 leaves open: when the target has no authority and its path
/// would begin with `//` (base `foo:/a`, reference `..//g`), the result would read back as an
/// authority (`foo://g`). We write the path as `/.//g` instead, as the WHATWG URL Standard
/// serializes such a path: RFC 3986 §3.3 allows it, and it names the same resource once its dot
/// segments are removed.
///
/// # Errors
///
/// A [`ParseError`] when `base` or `reference` is not a valid URI reference, or when `base` is
/// not absolute ([`ErrorKind::MissingScheme`] at byte 0): a base URI must have a scheme
/// (RFC 3986 §5.2.1). The error's index is into the string that failed; to tell which one
/// that was, check the base alone first: `resolve(base, "")` can only fail for the base.
///
/// ```
/// use urisift::uri::resolve;
/// assert_eq!(resolve("http://a/b/c/d;p?q", "../g").unwrap(), "http://a/b/g");
/// assert_eq!(resolve("http://a", "g").unwrap(), "http://a/g");
/// assert!(resolve("b/c", "g").is_err());
/// ```
pub fn resolve(base: &str, reference: &str) -> Result<String, ParseError> {
    let base = parse_generic(base)?;
    if !base.is_absolute() {
        return Err(ParseError::new(0, ErrorKind::MissingScheme));
    }
    let reference = parse_generic(reference)?;
    Ok(base.resolve(&reference))
}

/// Parses against the generic syntax of RFC 3986, without the scheme-specific rules.
fn parse_generic(input: &str) -> Result<Uri<'_>, ParseError> {
    let grammar = Grammar::Rfc3986;
    generic::parse(input, grammar).map(|parts| Uri::from_parts(input, grammar, parts))
}

impl Uri<'_> {
    /// Resolves `reference` against this URI as its base (RFC 3986 §5.2.2, strict), and returns
    /// the target URI.
    ///
    /// The base's fragment is not used. The base should be absolute (RFC 3986 §5.2.1); when it
    /// is not, the same string operations still apply and the target simply has no scheme
    /// unless the reference has one. See [`resolve`](fn@crate::uri::resolve) for where this
    /// departs from the seed's algorithm.
    ///
    /// ```
    /// use urisift::uri::Uri;
    /// let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    /// let target = |r| base.resolve(&Uri::parse(r).unwrap());
    /// assert_eq!(target("g;x?y#s"), "http://a/b/c/g;x?y#s");
    /// assert_eq!(target("?y"), "http://a/b/c/d;p?y");
    /// assert_eq!(target("g?y/./x"), "http://a/b/c/g?y/./x");
    /// ```
    pub fn resolve(&self, reference: &Uri<'_>) -> String {
        let r = reference;
        // Room for the usual case; `remove_dot_segments` only shrinks what it is given.
        let mut out = String::with_capacity(self.as_str().len() + r.as_str().len());
        let scheme;
        let authority;
        let query;
        let path_start;
        if let Some(s) = r.scheme() {
            scheme = Some(s);
            authority = r.authority();
            path_start = prefix(&mut out, scheme, authority);
            remove_dot_segments(r.path(), &mut out);
            query = r.query();
        } else {
            scheme = self.scheme();
            if let Some(a) = r.authority() {
                authority = Some(a);
                path_start = prefix(&mut out, scheme, authority);
                remove_dot_segments(r.path(), &mut out);
                query = r.query();
            } else {
                authority = self.authority();
                path_start = prefix(&mut out, scheme, authority);
                if r.path().is_empty() {
                    out.push_str(self.path());
                    query = r.query().or(self.query());
                } else {
                    if r.path().starts_with('/') {
                        remove_dot_segments(r.path(), &mut out);
                    } else {
                        remove_dot_segments(&merge(self, r.path()), &mut out);
                    }
                    query = r.query();
                }
            }
        }
        protect_path(&mut out, path_start, scheme.is_some(), authority.is_some());
        if let Some(q) = query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = r.fragment() {
            out.push('#');
            out.push_str(f);
        }
        out
    }
}

/// Writes `scheme ":" "//" authority` (each when defined; RFC 3986 §5.3) and returns where the
/// path will start.
fn prefix(out: &mut String, scheme: Option<&str>, authority: Option<&str>) -> usize {
    if let Some(s) = scheme {
        out.push_str(s);
        out.push(':');
    }
    if let Some(a) = authority {
        out.push_str("//");
        out.push_str(a);
    }
    out.len()
}

/// Merges a relative-path reference with the base path (RFC 3986 §5.2.3).
fn merge(base: &Uri<'_>, reference_path: &str) -> String {
    let base_path = base.path();
    let mut merged = String::with_capacity(base_path.len() + reference_path.len() + 1);
    if base.authority().is_some() && base_path.is_empty() {
        // The case the seed's §5.2 step 6a misses: `http://a` + `g` is `http://a/g`.
        merged.push('/');
    } else if let Some(slash) = base_path.rfind('/') {
        // All but the last segment: everything up to and including the right-most "/".
        merged.push_str(&base_path[..=slash]);
    }
    merged.push_str(reference_path);
    merged
}

/// Makes sure the path written from `path_start` on reads back as a path (RFC 3986 §3.3, §4.2):
///
/// * without an authority, a path must not begin with `//`, or it would be taken for one:
///   `/.` is put in front, which dot-segment removal takes away again;
/// * in a relative reference (no scheme, no authority), a first segment with a `:` would be
///   taken for a scheme: `./` is put in front (RFC 3986 §4.2).
///
/// The second can only happen when the base is itself relative.
pub(crate) fn protect_path(out: &mut String, path_start: usize, has_scheme: bool, has_authority: bool) {
    if has_authority {
        return;
    }
    let Some(path) = out.get(path_start..) else { return };
    if path.starts_with("//") {
        out.insert_str(path_start, "/.");
    } else if !has_scheme && !path.starts_with('/') {
        let first_segment = path.split('/').next().unwrap_or("");
        if first_segment.contains(':') {
            out.insert_str(path_start, "./");
        }
    }
}

/// Appends `input` with its dot segments removed to `out` (RFC 3986 §5.2.4).
///
/// This follows the section's steps on an input buffer (`rest`) and an output buffer (`out`,
/// which may already hold the scheme and authority: only what this call appended is ever
/// removed). Each step consumes input, and step C's removal of the last output segment only
/// scans that segment, which was appended once: time is linear in `input`.
pub(crate) fn remove_dot_segments(input: &str, out: &mut String) {
    let floor = out.len();
    let mut rest = input;
    while !rest.is_empty() {
        // A. A leading "../" or "./" goes.
        if let Some(r) = rest.strip_prefix("../").or_else(|| rest.strip_prefix("./")) {
            rest = r;
        }
        // B. "/./" or a final "/." becomes "/".
        else if let Some(r) = rest.strip_prefix("/.").filter(|r| r.is_empty() || r.starts_with('/')) {
            rest = if r.is_empty() { "/" } else { r };
        }
        // C. "/../" or a final "/.." becomes "/", and the last output segment goes.
        else if let Some(r) = rest.strip_prefix("/..").filter(|r| r.is_empty() || r.starts_with('/')) {
            rest = if r.is_empty() { "/" } else { r };
            let cut = out.get(floor..).and_then(|o| o.rfind('/')).map_or(floor, |i| floor + i);
            out.truncate(cut);
        }
        // D. A lone "." or "..": nothing is left.
        else if rest == "." || rest == ".." {
            rest = "";
        }
        // E. Move the first segment, with its leading "/" if any, to the output.
        else {
            let skip = usize::from(rest.starts_with('/'));
            let end = rest.get(skip..).and_then(|s| s.find('/')).map_or(rest.len(), |i| skip + i);
            let (segment, r) = rest.split_at(end);
            out.push_str(segment);
            rest = r;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The base of RFC 3986 §5.4 and seed 000 Appendix C.
    const BASE: &str = "http://a/b/c/d;p?q";

    /// RFC 3986 §5.4.1, verbatim.
    const RFC3986_NORMAL: &[(&str, &str)] = &[
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"),
        (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"),
        ("..", "http://a/b/"),
        ("../", "http://a/b/"),
        ("../g", "http://a/b/g"),
        ("../..", "http://a/"),
        ("../../", "http://a/"),
        ("../../g", "http://a/g"),
    ];

    /// RFC 3986 §5.4.2, verbatim (`http:g` with the answer "for strict parsers").
    const RFC3986_ABNORMAL: &[(&str, &str)] = &[
        ("../../../g", "http://a/g"),
        ("../../../../g", "http://a/g"),
        ("/./g", "http://a/g"),
        ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."),
        (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
    ];

    /// Seed 000 Appendix C.1 and C.2, verbatim (`<>` is the empty reference).
    const SEED_APPENDIX_C: &[(&str, &str)] = &[
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/?y"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", "(current document)#s"),
        ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"),
        ("..", "http://a/b/"),
        ("../", "http://a/b/"),
        ("../g", "http://a/b/g"),
        ("../..", "http://a/"),
        ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        ("", "(current document)"),
        ("../../../g", "http://a/../g"),
        ("../../../../g", "http://a/../../g"),
        ("/./g", "http://a/./g"),
        ("/../g", "http://a/../g"),
        ("g.", "http://a/b/c/g."),
        (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/x"),
        ("g?y/../x", "http://a/b/c/x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
        ("http:", "http:"),
    ];

    /// The references of Appendix C whose seed answer we do not give, each with the reason
    /// (see the module documentation). For each, we give RFC 3986 §5.4's answer.
    const SEED_DIVERGENCES: &[(&str, &str)] = &[
        ("?y", "RFC 3986 §5.2.2 keeps the base path for an empty reference path"),
        ("#s", "the seed leaves \"(current document)\" unspelled"),
        ("", "the seed leaves \"(current document)\" unspelled"),
        ("../../../g", "RFC 3986 §5.2.4 drops `..` above the root"),
        ("../../../../g", "RFC 3986 §5.2.4 drops `..` above the root"),
        ("/./g", "RFC 3986 §5.2.2 removes dot segments from absolute paths too"),
        ("/../g", "RFC 3986 §5.2.2 removes dot segments from absolute paths too"),
        ("g?y/./x", "the seed's Appendix C contradicts its own §5.2 step 2"),
        ("g?y/../x", "the seed's Appendix C contradicts its own §5.2 step 2"),
    ];

    /// RFC 1808 §5.1 and §5.2 where they differ from RFC 3986 (base `http://a/b/c/d;p?q#f`);
    /// everywhere else RFC 1808 gives RFC 3986's answer.
    const RFC1808_DIVERGENCES: &[(&str, &str)] = &[
        (";x", "http://a/b/c/d;x"),
        ("", "http://a/b/c/d;p?q#f"),
        ("../../../g", "http://a/../g"),
        ("../../../../g", "http://a/../../g"),
        ("/./g", "http://a/./g"),
        ("/../g", "http://a/../g"),
    ];

    fn rfc3986_answer(reference: &str) -> Option<&'static str> {
        RFC3986_NORMAL.iter().chain(RFC3986_ABNORMAL).find(|(r, _)| *r == reference).map(|(_, t)| *t)
    }

    fn check(base: &str, table: &[(&str, &str)]) {
        for (reference, expected) in table {
            assert_eq!(resolve(base, reference).as_deref(), Ok(*expected), "{reference:?} against {base}");
        }
    }

    #[test]
    fn rfc3986_normal_examples() {
        check(BASE, RFC3986_NORMAL);
    }

    #[test]
    fn rfc3986_abnormal_examples() {
        check(BASE, RFC3986_ABNORMAL);
    }

    #[test]
    fn seed_appendix_c_agrees_with_rfc3986_except_where_documented() {
        for (reference, seed) in SEED_APPENDIX_C {
            let got = resolve(BASE, reference).unwrap();
            let diverges = SEED_DIVERGENCES.iter().any(|(r, _)| r == reference);
            if diverges {
                assert_ne!(got, *seed, "{reference:?} is listed as a divergence but is not one");
                assert_eq!(Some(got.as_str()), rfc3986_answer(reference), "{reference:?}");
            } else {
                assert_eq!(got, *seed, "{reference:?}");
            }
        }
        // Every divergence names an example of Appendix C.
        for (reference, _) in SEED_DIVERGENCES {
            assert!(SEED_APPENDIX_C.iter().any(|(r, _)| r == reference), "{reference:?}");
        }
    }

    #[test]
    fn seed_contradiction_g_query_dot_segments_follows_rfc3986() {
        // Seed 000 Appendix C says `http://a/b/c/g?y/x`; its §5.2 and RFC 3986 say otherwise.
        assert_eq!(resolve(BASE, "g?y/./x").unwrap(), "http://a/b/c/g?y/./x");
        assert_eq!(resolve(BASE, "g?y/../x").unwrap(), "http://a/b/c/g?y/../x");
    }

    #[test]
    fn seed_defect_base_with_authority_and_empty_path_merges_with_slash() {
        // Read literally, seed 000 §5.2 step 6 gives `http://ag`; RFC 3986 §5.2.3 fixes it.
        assert_eq!(resolve("http://a", "g").unwrap(), "http://a/g");
        assert_eq!(resolve("http://a", "./g/../h").unwrap(), "http://a/h");
        assert_eq!(resolve("http://a?q", "g").unwrap(), "http://a/g");
        // Only a reference path is merged; others keep the empty base path (§5.2.2).
        assert_eq!(resolve("http://a", "?y").unwrap(), "http://a?y");
        assert_eq!(resolve("http://a", "#s").unwrap(), "http://a#s");
    }

    #[test]
    fn rfc1808_examples_differ_only_where_documented() {
        let base = "http://a/b/c/d;p?q#f";
        for (reference, rfc1808) in RFC1808_DIVERGENCES {
            let got = resolve(base, reference).unwrap();
            assert_ne!(got, *rfc1808, "{reference:?}");
            assert_eq!(Some(got.as_str()), rfc3986_answer(reference), "{reference:?}");
        }
        // The base's fragment is never used (RFC 3986 §5.2.2 takes T.fragment from R).
        check(base, RFC3986_NORMAL);
        check(base, RFC3986_ABNORMAL);
    }

    #[test]
    fn strict_a_reference_with_the_base_scheme_is_absolute() {
        assert_eq!(resolve(BASE, "http:g").unwrap(), "http:g");
        assert_eq!(resolve(BASE, "http:").unwrap(), "http:");
        assert_eq!(resolve(BASE, "HTTP:g").unwrap(), "HTTP:g");
        // Dot segments of an absolute reference are removed too (§5.2.2).
        assert_eq!(resolve(BASE, "ftp://h/a/./b/../c").unwrap(), "ftp://h/a/c");
    }

    #[test]
    fn empty_query_and_fragment_are_kept_apart_from_undefined_ones() {
        assert_eq!(resolve(BASE, "?").unwrap(), "http://a/b/c/d;p?");
        assert_eq!(resolve(BASE, "#").unwrap(), "http://a/b/c/d;p?q#");
        assert_eq!(resolve(BASE, "g?#").unwrap(), "http://a/b/c/g?#");
        assert_eq!(resolve("http://a/b?", "").unwrap(), "http://a/b?");
        assert_eq!(resolve("http://a/b#f", "").unwrap(), "http://a/b");
        assert_eq!(resolve("http://a/b?q#f", "#").unwrap(), "http://a/b?q#");
    }

    #[test]
    fn base_without_authority() {
        assert_eq!(resolve("foo:a/b", "c").unwrap(), "foo:a/c");
        assert_eq!(resolve("foo:a", "c").unwrap(), "foo:c");
        assert_eq!(resolve("mailto:x@y", "#f").unwrap(), "mailto:x@y#f");
        // `..` above a rootless path: §5.2.4 step C leaves the "/" it replaced the segment by.
        assert_eq!(resolve("foo:a/b", "../../c").unwrap(), "foo:/c");
    }

    #[test]
    fn a_path_that_would_read_as_an_authority_is_protected() {
        for (base, reference) in
            [("foo:/a", "..//g"), ("foo:/", ".//g"), ("foo:/a/b", "/.//g"), ("foo:", "//g/..")]
        {
            let got = resolve(base, reference).unwrap();
            let uri = Uri::from_parts(&got, Grammar::Rfc3986, generic::split(&got));
            if reference.starts_with("//") {
                // A network-path reference: the authority is the reference's own.
                assert_eq!(uri.authority(), Some("g"), "{base} + {reference} = {got}");
            } else {
                assert_eq!(uri.authority(), None, "{base} + {reference} = {got}");
                assert!(got.ends_with("/.//g"), "{base} + {reference} = {got}");
            }
        }
    }

    #[test]
    fn a_relative_base_is_an_error() {
        let err = resolve("b/c", "g").unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::MissingScheme);
        assert_eq!(err.index(), 0);
        assert!(resolve("//a/b", "g").is_err());
        assert!(resolve("", "g").is_err());
    }

    #[test]
    fn an_invalid_base_or_reference_is_an_error_with_its_own_index() {
        let err = resolve(BASE, "g h").unwrap_err();
        assert_eq!((err.index(), err.kind()), (1, &ErrorKind::Excluded(' ')));
        let err = resolve("http://a/%zz", "g").unwrap_err();
        assert_eq!((err.index(), err.kind()), (9, &ErrorKind::InvalidPercentEscape));
    }

    #[test]
    fn resolving_against_a_relative_base_uri_keeps_it_relative() {
        let base = Uri::from_parts("b/c", Grammar::Rfc3986, generic::split("b/c"));
        let r = |s: &'static str| base.resolve(&Uri::from_parts(s, Grammar::Rfc3986, generic::split(s)));
        assert_eq!(r("g"), "b/g");
        assert_eq!(r("../../g"), "/g");
        // A first segment with ":" must not read as a scheme (RFC 3986 §4.2).
        let base = Uri::from_parts("c", Grammar::Rfc3986, generic::split("c"));
        assert_eq!(
            base.resolve(&Uri::from_parts("./a:b", Grammar::Rfc3986, generic::split("./a:b"))),
            "./a:b"
        );
    }

    /// Fuzz regression `fuzz/regressions/resolve/percent-encoded-dot-is-not-a-dot-segment`: the
    /// `resolve` oracle compared with iri-string, which reads `%2E` as `.` in dot segments. RFC 3986
    /// §5.2.4 removes the literal segments "." and ".." only; the escape is decoded by
    /// normalization (§6.2.2.2), and only then does the segment go.
    #[test]
    fn percent_encoded_dots_are_not_dot_segments() {
        assert_eq!(resolve("t:", "%2e").unwrap(), "t:%2e");
        let target = resolve(BASE, "%2E%2E/g").unwrap();
        assert_eq!(target, "http://a/b/c/%2E%2E/g");
        assert_eq!(crate::uri::normalize(&target).unwrap(), "http://a/b/g");
    }

    #[test]
    fn remove_dot_segments_walkthroughs_of_section_5_2_4() {
        let rds = |s: &str| {
            let mut out = String::new();
            remove_dot_segments(s, &mut out);
            out
        };
        assert_eq!(rds("/a/b/c/./../../g"), "/a/g");
        assert_eq!(rds("mid/content=5/../6"), "mid/6");
        assert_eq!(rds(""), "");
        assert_eq!(rds("."), "");
        assert_eq!(rds(".."), "");
        assert_eq!(rds("/."), "/");
        assert_eq!(rds("/.."), "/");
        assert_eq!(rds("/a/.."), "/");
        assert_eq!(rds("/a/b/.."), "/a/");
        assert_eq!(rds("/a/.b/..c/.../"), "/a/.b/..c/.../");
        assert_eq!(rds("//a/../b"), "//b");
        assert_eq!(rds("a/../../b"), "/b");
        // Only what the call appended is removed.
        let mut out = String::from("http://h");
        remove_dot_segments("/../../x", &mut out);
        assert_eq!(out, "http://h/x");
    }

    #[test]
    fn agrees_with_iri_string_on_generated_references() {
        use iri_string::types::{UriAbsoluteStr, UriReferenceStr};
        // Pieces whose concatenations cover every branch of §5.2.2–5.2.4 and their boundaries.
        // Not `%2E`: iri-string takes it for a dot segment (as the WHATWG URL Standard does);
        // §5.2.4 names the literal "." and "..", and so do we: decoding is normalization's job.
        const PIECES: &[&str] = &["", "g", ".", "..", "/", "//h", "?y", "#s", "g:h", ";x", "a:b"];
        const BASES: &[&str] = &[
            "http://a/b/c/d;p?q",
            "http://a",
            "http://a?q",
            "http://u@a:1/",
            "foo:",
            "foo:a/b",
            "foo:/a/b/",
            "foo://",
            "foo:a",
        ];
        let mut compared = 0;
        for base in BASES {
            let theirs_base = UriAbsoluteStr::new(base).unwrap();
            for a in PIECES {
                for b in PIECES {
                    for c in PIECES {
                        let reference = format!("{a}{b}{c}");
                        // Only what both sides read as a valid reference.
                        let (Ok(theirs), Ok(ours)) =
                            (UriReferenceStr::new(&reference), resolve(base, &reference))
                        else {
                            continue;
                        };
                        let theirs = theirs.resolve_against(theirs_base).to_string();
                        assert_eq!(ours, theirs, "{reference:?} against {base}");
                        // The target is a valid URI of the generic syntax, and resolves to itself.
                        assert!(parse_generic(&ours).is_ok(), "{reference:?} against {base}: {ours}");
                        assert_eq!(resolve(base, &ours).as_deref(), Ok(ours.as_str()));
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }

    #[test]
    fn long_dot_segment_paths_resolve() {
        // 100 000 segments up and as many `..`: the output stack pops each once.
        let n = 100_000;
        let reference = format!("{}{}g", "s/".repeat(n), "../".repeat(n));
        assert_eq!(resolve(BASE, &reference).unwrap(), "http://a/b/c/g");
        let reference = format!("{}g", "./".repeat(n));
        assert_eq!(resolve(BASE, &reference).unwrap(), "http://a/b/c/g");
        let reference = format!("/{}g", "../".repeat(n));
        assert_eq!(resolve(BASE, &reference).unwrap(), "http://a/g");
    }
}
