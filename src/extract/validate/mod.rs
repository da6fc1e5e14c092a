//! The validation of a delimited candidate: whether it has what its kind needs, and its
//! components by the grammar (RFC 3986 and its relatives, through [`crate::uri`]), with the
//! extractor's rule of host names a reader would click (rule 12). The full form
//! ([`check_reading`]) and the quick forms the one-pass lane reads a plain candidate with
//! ([`parts_at_a_glance`], [`iri_parts_at_a_glance`]) side by side.

mod stand_in;

use crate::delimit;
use crate::find::{self, Shape};
use crate::uri::{
    Components, ErrorKind, Grammar, HostKind, Mailto, ParseError, Part, Parts, Uri, numeric_ipv4,
};

/// What a candidate is: a URI with a scheme, or an abbreviated `www.` URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `scheme:…`; opaque schemes carry the shape the text after the colon must have.
    Scheme {
        colon: usize,
        shape: Option<Shape>,
    },
    Www,
}

/// Whether the first reading has what its kind needs before it is worth validating: text after
/// `//`, the shape of an opaque scheme, or the host of an abbreviated URL.
#[inline]
pub(crate) fn shape_ok(kind: Kind, reading: &[u8], start: usize) -> bool {
    match kind {
        Kind::Scheme { colon, shape } => {
            let rest = reading.get(colon + 1 - start..).unwrap_or_default();
            // `scheme://` alone is a template or a mention (`file://<host>/<path>`, "the
            // http:// prefix"), not a reference.
            match shape {
                None => rest.len() > 2 && rest.starts_with(b"//"),
                Some(shape) => rest != b"//" && find::shape_ok(shape, rest),
            }
        }
        Kind::Www => www_host_ok(reading),
    }
}

/// An abbreviated URL names a host like `www.example.org`: `www`, at least two more labels,
/// the last starting with a letter (a top-level domain), so that "www.x" or "the www. prefix"
/// is not one.
fn www_host_ok(reading: &[u8]) -> bool {
    let host_len =
        reading.iter().position(|&b| matches!(b, b'/' | b'?' | b'#' | b':')).unwrap_or(reading.len());
    let mut labels = 0;
    let mut last: &[u8] = &[];
    for label in reading[..host_len].split(|&b| b == b'.') {
        if label.is_empty() {
            return false;
        }
        labels += 1;
        last = label;
    }
    labels >= 3 && last.first().is_some_and(u8::is_ascii_alphabetic)
}

/// A reading as text: URIs are ASCII (RFC 3986 §2), so one that is not UTF-8 is no URI.
pub(crate) fn as_str(reading: &[u8]) -> Result<&str, ParseError> {
    core::str::from_utf8(reading).map_err(|e| ParseError::new(e.valid_up_to(), ErrorKind::NonAscii))
}

/// Validates one reading, given as bytes; returns its components. Bytes it accepts are UTF-8
/// (ASCII for a URI): the common plain forms are read over the bytes themselves
/// ([`crate::uri::plain_iri_components`] decodes each character outside ASCII it accepts),
/// and anything else is checked to be UTF-8 first ([`as_str`]), as URIs are ASCII (RFC 3986
/// §2) and IRIs UTF-8 (RFC 3987 §2.2).
///
/// `iri` is the extractor's default reading (under [`Grammar::Rfc3986`], not strict; a URN is
/// never read so): an IRI (RFC 3987), balanced brackets after the authority, and a `mailto`
/// read as sent ([`Mailto::AsSent`]). Without it a reading is a URI, and a `mailto` follows
/// RFC 6068 ([`Mailto::Rfc6068`]). The plain forms are valid under either (see `uri::plain`).
// Inlined into `verdict`, so that the components go straight into the `Valid` reading.
#[inline(always)]
pub(crate) fn check_reading(
    reading: &[u8],
    kind: Kind,
    grammar: Grammar,
    iri: bool,
    prefixed: &mut String,
) -> Result<Parts, ParseError> {
    // The common plain forms first (see `uri::plain`): `None` or what the parser gives.
    if let Kind::Scheme { .. } = kind
        && grammar == Grammar::Rfc3986
    {
        // An IRI of these forms is read over its own text, as a URI is (see `uri::plain`).
        let plain = if iri {
            crate::uri::plain_iri_components(reading)
        } else {
            crate::uri::plain_components(reading)
        };
        if let Some(c) = plain {
            return Ok(Parts::new(&c));
        }
    }
    check_general(as_str(reading)?, kind, grammar, iri, prefixed, false)
}

/// [`check_reading`] once it has rejected `reading` for its host
/// ([`ErrorKind::UnclickableHost`]), again with a host that is an IPv4 address in a numeric
/// form browsers read (`http://3232235777/`) taken as clickable
/// ([`crate::ExtractorBuilder::numeric_hosts`]).
#[cold]
#[inline(never)]
pub(crate) fn check_numeric_host(
    reading: &[u8],
    kind: Kind,
    grammar: Grammar,
    iri: bool,
    prefixed: &mut String,
) -> Result<Parts, ParseError> {
    check_general(as_str(reading)?, kind, grammar, iri, prefixed, true)
}

/// [`check_reading`] on text.
pub(crate) fn check(
    reading: &str,
    kind: Kind,
    grammar: Grammar,
    iri: bool,
    prefixed: &mut String,
) -> Result<Parts, ParseError> {
    check_reading(reading.as_bytes(), kind, grammar, iri, prefixed)
}

/// [`check_reading`] past the plain forms: the full parser.
#[inline(never)]
fn check_general(
    reading: &str,
    kind: Kind,
    grammar: Grammar,
    iri: bool,
    prefixed: &mut String,
    numeric: bool,
) -> Result<Parts, ParseError> {
    match kind {
        Kind::Scheme { .. } => {
            if iri && let Some(shadow) = stand_in::stand_in(reading) {
                let c = stand_in::components(&shadow)?;
                let parts = c.scheme.is_some().then(|| Parts::new(&c));
                return clickable(
                    reading,
                    parts.ok_or(ParseError::new(0, ErrorKind::MissingScheme))?,
                    numeric,
                );
            }
            let mailto = if iri { Mailto::AsSent } else { Mailto::Rfc6068 };
            let parts = crate::uri::validate_with(reading, grammar, mailto, |c| {
                c.scheme.is_some().then(|| Parts::new(c))
            })?;
            clickable(reading, parts.ok_or(ParseError::new(0, ErrorKind::MissingScheme))?, numeric)
        }
        Kind::Www => {
            // Seed 000 Appendix F: "most hostnames beginning with "www" are likely to have a
            // URL prefix of "http://"": validate as that, report as written.
            const PREFIX: &str = "http://";
            prefixed.clear();
            prefixed.push_str(PREFIX);
            prefixed.push_str(reading);
            let unprefixed =
                |e: ParseError| ParseError::new(e.index().saturating_sub(PREFIX.len()), e.kind().clone());
            let c = match iri.then(|| stand_in::stand_in(prefixed)).flatten() {
                Some(shadow) => stand_in::components(&shadow).map_err(unprefixed)?,
                None => Uri::parse_with(prefixed, grammar).map_err(unprefixed)?.parts(),
            };
            clickable(reading, Parts::new(&unprefix(c, PREFIX.len())), numeric)
        }
    }
}

/// The extractor's rule of host names a reader would click (issue 18 item 5, see the crate
/// docs): `parts`, when the registered name they hold for a host passes
/// [`crate::uri::is_clickable_host`], else [`ErrorKind::UnclickableHost`] at the host. The fast
/// validation ([`crate::uri::plain_components`]) applies the same rule as it reads the host.
/// With `numeric`, a host that browsers read as an IPv4 address passes too.
#[inline(never)]
fn clickable(reading: &str, parts: Parts, numeric: bool) -> Result<Parts, ParseError> {
    match parts.host() {
        Some(host)
            if parts.host_kind() == Some(HostKind::RegName)
                && !reading.get(host.clone()).is_some_and(crate::uri::is_clickable_host)
                && !(numeric && reading.get(host.clone()).is_some_and(|h| numeric_ipv4(h).is_some())) =>
        {
            // `evil(.)example`: a defanged indicator, whose marks are URI characters.
            let defanged = delimit::defanged::host_has_mark(&reading.as_bytes()[host.clone()]);
            let kind = if defanged { ErrorKind::Defanged } else { ErrorKind::UnclickableHost };
            Err(ParseError::new(host.start, kind))
        }
        _ => Ok(parts),
    }
}

/// Components of `http://` + text, moved to index the text alone, without a scheme.
fn unprefix(c: Components, by: usize) -> Components {
    let shift = |p: Option<Part>| p.map(|p| Part::new(p.start.saturating_sub(by), p.end.saturating_sub(by)));
    Components {
        scheme: None,
        authority: shift(c.authority),
        userinfo: shift(c.userinfo),
        host: shift(c.host),
        host_kind: c.host_kind,
        port: shift(c.port),
        path: Part::new(c.path.start.saturating_sub(by), c.path.end.saturating_sub(by)),
        query: shift(c.query),
        fragment: shift(c.fragment),
    }
}

/// The quick form of [`check_reading`] for a candidate in one piece, `uri` (scheme first, its
/// text after the colon from `rest_from` on), read by the one-pass lane under
/// [`Grammar::Rfc3986`]: `shape` is the opaque scheme's, `None` for one that needs `//` (which
/// follows the colon); `seen` the classes the run scan noted over it, or more
/// ([`delimit::run::RUN`]); `wide` whether it holds characters outside ASCII, each a
/// `ucschar` ([`delimit::unicode::goes_on_plainly`]). `Some` only with what [`check_reading`]
/// gives, `None` where the plain forms leave it to the full parser, or when it is no URI.
#[inline(always)]
pub(crate) fn parts_at_a_glance(
    uri: &[u8],
    rest_from: usize,
    shape: Option<Shape>,
    seen: u8,
    wide: bool,
) -> Option<Parts> {
    if wide {
        return iri_parts_at_a_glance(uri, rest_from, shape);
    }
    match crate::uri::server_parts(uri, seen) {
        Some(parts) => Some(parts),
        None => plain_parts_at_a_glance(uri, rest_from, shape),
    }
}

/// [`parts_at_a_glance`] of a candidate's text in any number of pieces, joined: the shape of
/// its kind, then the plain forms.
#[inline(always)]
pub(crate) fn plain_parts_at_a_glance(uri: &[u8], rest_from: usize, shape: Option<Shape>) -> Option<Parts> {
    let rest = uri.get(rest_from..)?;
    if !match shape {
        None => rest.len() > 2,
        // `mailto:`, `urn:`: the common shape, without the call.
        Some(Shape::Any) => !rest.is_empty(),
        Some(shape) => find::shape_ok(shape, rest),
    } {
        return None;
    }
    Some(Parts::new(&crate::uri::plain_components(uri)?))
}

/// [`parts_at_a_glance`] for an IRI whose characters outside ASCII are each a `ucschar`
/// ([`delimit::unicode::goes_on_plainly`]). RFC 3987 §2.2 allows a `ucschar` wherever
/// `iunreserved` stands, so when the host ends before the first of them (at `/ ? # :`), the
/// IRI splits as the URI with `~` for each of their bytes would, and
/// [`crate::uri::server_parts`] reads it without looking at them, given the classes of its
/// bytes after the colon (those of bytes outside ASCII say nothing it reads). Otherwise the
/// shape of its kind, then the IRI walk, which reads the text as [`check_reading`] does and
/// accepts only UTF-8 (see `uri::plain::iri_components`).
#[inline(never)]
fn iri_parts_at_a_glance(uri: &[u8], rest_from: usize, shape: Option<Shape>) -> Option<Parts> {
    let host = uri.get(rest_from + 2..).unwrap_or_default();
    let ascii_host =
        host.iter().take_while(|b| b.is_ascii()).any(|&b| matches!(b, b'/' | b'?' | b'#' | b':'));
    if shape.is_none() && ascii_host {
        let mut seen =
            uri[rest_from..].iter().fold(0, |classes, &b| classes | delimit::run::RUN[usize::from(b)]);
        // An IP literal right after `//` is left to the full validation.
        if host.first() == Some(&b'[') {
            seen |= crate::uri::SCAN_ESCAPE_OR_AT.bit;
        }
        if let Some(parts) = crate::uri::server_parts(uri, seen) {
            return Some(parts);
        }
    }
    let rest = uri.get(rest_from..)?;
    if !match shape {
        None => rest.len() > 2,
        Some(shape) => find::shape_ok(shape, rest),
    } {
        return None;
    }
    Some(Parts::new(&crate::uri::plain_iri_components(uri)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_of_readings() {
        let http = Kind::Scheme { colon: 4, shape: None };
        assert!(shape_ok(http, b"http://a", 0));
        assert!(!shape_ok(http, b"http://", 0));
        assert!(!shape_ok(http, b"http:a", 0));
        let file = Kind::Scheme { colon: 4, shape: Some(Shape::File) };
        assert!(!shape_ok(file, b"file://", 0), "a template, not a URI");
        assert!(shape_ok(file, b"file:///etc", 0));
        assert!(shape_ok(Kind::Www, b"www.w3.org/Addressing/", 0));
        assert!(!shape_ok(Kind::Www, b"www.x", 0));
        assert!(!shape_ok(Kind::Www, b"www.x.1", 0));
        assert!(!shape_ok(Kind::Www, b"www..org", 0));
    }

    #[test]
    fn abbreviated_components_index_the_text_as_written() {
        let parts =
            check("www.a.example:8080/p?q", Kind::Www, Grammar::Rfc3986, true, &mut String::new()).unwrap();
        let text = "www.a.example:8080/p?q";
        let c = parts.components(text.len());
        assert_eq!(c.scheme, None);
        assert_eq!(c.host.map(|h| &text[h.range()]), Some("www.a.example"));
        assert_eq!(c.port.map(|p| &text[p.range()]), Some("8080"));
        assert_eq!(&text[c.path.range()], "/p");
        let err =
            check("www.a.example:80x", Kind::Www, Grammar::Rfc3986, true, &mut String::new()).unwrap_err();
        assert!(err.index() <= text.len());
    }

    /// The quick forms of the validation give what [`check_reading`] gives whenever they give
    /// anything: plain and IRI server URIs, mailto and urn, with escapes, userinfo, ports, IP
    /// literals, brackets and text outside ASCII, given what the run scan notes over them (or
    /// every class).
    #[test]
    fn the_quick_forms_agree_with_check_reading() {
        let heads: &[(&[u8], Option<Shape>)] = &[
            (b"http://", None),
            (b"https://", None),
            (b"ftp://", None),
            (b"mailto:", Some(Shape::Any)),
            (b"urn:", Some(Shape::Any)),
        ];
        let alphabet: &[&[u8]] = &[
            b"a",
            b"b.example",
            b".",
            b"/",
            b"?",
            b"#",
            b"%41",
            b"%",
            b"@",
            b":",
            b":80",
            b"[::1]",
            b"-",
            b"~",
            b";type=a",
            b",",
            b"=",
            b"&",
            b"\xc3\xa9",
            b"\xe6\x9d\xb1",
            b"(",
            b")",
            b"_",
        ];
        let mut rng = crate::delimit::Xorshift(0x7a11_da7e_0bad_cafeu64);
        let mut decided = 0;
        for _ in 0..50_000 {
            let (head, shape) = heads[rng.below(heads.len())];
            let mut uri = head.to_vec();
            rng.pieces(alphabet, 10, &mut uri);
            let colon = head.iter().position(|&b| b == b':').unwrap();
            // As the lane gives them: the bytes after the colon are URI characters, or
            // characters outside ASCII (`wide`), or an IP literal right after `//`, which it
            // passes with every class noted.
            let wide = !uri.is_ascii();
            let rest = &uri[colon + 1..];
            let literal = shape.is_none() && rest.get(2) == Some(&b'[');
            let brackets = rest.iter().filter(|&&b| matches!(b, b'[' | b']')).count();
            if brackets > usize::from(literal) * 2 || (literal && !rest.contains(&b']')) {
                continue;
            }
            let seen = match literal {
                true => u8::MAX,
                false => rest.iter().fold(0, |classes, &b| classes | delimit::run::RUN[usize::from(b)]),
            };
            let kind = Kind::Scheme { colon, shape };
            let full = check_reading(&uri, kind, Grammar::Rfc3986, true, &mut String::new()).ok();
            let shown = String::from_utf8_lossy(&uri);
            for seen in [seen, u8::MAX] {
                if let Some(parts) = parts_at_a_glance(&uri, colon + 1, shape, seen, wide) {
                    decided += 1;
                    assert_eq!(Some(parts), full, "{shown:?}");
                }
            }
        }
        assert!(decided > 2_000, "{decided}");
    }
}
