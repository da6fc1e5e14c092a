//! Where a URI holds another, and how that one is encoded there: the query fields of any URI,
//! the header fields of a `mailto:`, and the table of known link rewriters ([`REWRITERS`]),
//! each with its own encoding. What is read here is only decoded text; whether it is a URI is
//! decided by the extractor (`super`).

use core::ops::Range;

use crate::uri::Uri;

/// A text inside a URI that may be a URI, decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Inner {
    /// The text, decoded (bytes: a percent-escape may decode to anything).
    pub(super) text: Vec<u8>,
    /// Where its encoded form is in the outer URI's text.
    pub(super) at: Range<usize>,
    /// Whether `text` is the outer's bytes at `at` as they are (nothing was decoded), so that
    /// an offset into it is one into the outer.
    pub(super) exact: bool,
    /// Whether it is taken as one URI, whole ([`Reading::Whole`]), or as text with URIs in it.
    pub(super) reading: Reading,
}

/// How a decoded text is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reading {
    /// It is a URI as a whole, or nothing: a query field's value, a rewriter's URL.
    Whole,
    /// A text that may hold URIs anywhere: a `mailto:`'s `subject` or `body` (RFC 6068 §2).
    Text,
}

/// How a rewriter encodes the URL it wraps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    /// Percent-encoding (RFC 3986 §2.1), as any query value is.
    Percent,
    /// Proofpoint URL Defense v2: the URL percent-encoded, then each `%` written `-` and each
    /// `/` written `_` (`https-3A__evil.example_path` is `https://evil.example/path`).
    ProofpointV2,
    /// Proofpoint URL Defense v3: the URL as it is, between `__` and `__;` in the path
    /// (`/v3/__https://evil.example/x__;!!…$`). Characters the rewriter replaced with `*` are
    /// carried, encoded, after `__;`, and put back ([`v3_replaced`]; the crate docs, rule 16).
    ProofpointV3,
}

/// Where a rewriter puts the URL it wraps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    /// The value of the query field of this name.
    Query(&'static str),
    /// The rest of the URI after the path prefix.
    Path,
}

/// A known link rewriter: a mail-security gateway or a redirector.
#[derive(Debug)]
struct Rewriter {
    /// Who rewrites so, for the reader of this table.
    #[allow(dead_code)]
    name: &'static str,
    /// Its host, in lower case; one that starts with `.` is a suffix (any region's host).
    host: &'static str,
    /// How its path starts.
    path: &'static str,
    field: Field,
    encoding: Encoding,
}

/// The known rewriters: one entry each. A URI whose host and path are one's has that entry's
/// field read in its encoding; any URI also has each query value read as a percent-encoded URI
/// (so a redirector whose URL is a query value needs no entry to be read, and one here only
/// says so).
const REWRITERS: &[Rewriter] = &[
    Rewriter {
        name: "Outlook Safe Links",
        host: ".safelinks.protection.outlook.com",
        path: "/",
        field: Field::Query("url"),
        encoding: Encoding::Percent,
    },
    Rewriter {
        name: "Proofpoint URL Defense v1",
        host: "urldefense.proofpoint.com",
        path: "/v1/url",
        field: Field::Query("u"),
        encoding: Encoding::Percent,
    },
    Rewriter {
        name: "Proofpoint URL Defense v2",
        host: "urldefense.proofpoint.com",
        path: "/v2/url",
        field: Field::Query("u"),
        encoding: Encoding::ProofpointV2,
    },
    Rewriter {
        name: "Proofpoint URL Defense v3",
        host: "urldefense.com",
        path: "/v3/__",
        field: Field::Path,
        encoding: Encoding::ProofpointV3,
    },
    Rewriter {
        name: "Google redirect",
        host: "www.google.com",
        path: "/url",
        field: Field::Query("q"),
        encoding: Encoding::Percent,
    },
    Rewriter {
        name: "Facebook link shim",
        host: "l.facebook.com",
        path: "/l.php",
        field: Field::Query("u"),
        encoding: Encoding::Percent,
    },
];

/// The texts inside `uri` (whose text is `text`) that may be URIs, in the order of their
/// place in `text`, none twice.
pub(super) fn inner(text: &str, uri: &Uri<'_>) -> Vec<Inner> {
    let mut found = Vec::new();
    let Some(scheme) = uri.scheme() else { return found };
    if scheme.eq_ignore_ascii_case("mailto") {
        // RFC 6068 §2: `hfields` are `hfname=hfvalue`, percent-encoded; every one is text.
        for (_, value) in query_fields(text, uri) {
            if let Some(inner) = decode(text, value, Encoding::Percent, Reading::Text) {
                found.push(inner);
            }
        }
        return found;
    }
    if let Some(rewriter) = rewriter_of(uri) {
        let inner = match rewriter.field {
            Field::Query(name) => query_fields(text, uri)
                .find(|(field, _)| *field == name)
                .and_then(|(_, value)| decode(text, value, rewriter.encoding, Reading::Whole)),
            Field::Path => v3_url(text, uri, rewriter.path),
        };
        found.extend(inner);
    }
    for (_, value) in query_fields(text, uri) {
        if found.iter().any(|inner| inner.at == value) {
            continue;
        }
        if let Some(inner) = decode(text, value, Encoding::Percent, Reading::Whole) {
            found.push(inner);
        }
    }
    found.sort_by_key(|inner| inner.at.start);
    found
}

/// The rewriter whose host and path `uri` has, if any.
fn rewriter_of(uri: &Uri<'_>) -> Option<&'static Rewriter> {
    let host = uri.host()?;
    let path = uri.path();
    REWRITERS.iter().find(|r| {
        let host_is = match r.host.strip_prefix('.') {
            // Compared as bytes: a host outside ASCII (an IRI's) may have no character
            // boundary where the suffix would start.
            Some(suffix) => {
                host.len() > suffix.len() + 1 && {
                    let (head, tail) = host.as_bytes().split_at(host.len() - suffix.len());
                    tail.eq_ignore_ascii_case(suffix.as_bytes()) && head.ends_with(b".")
                }
            }
            None => host.eq_ignore_ascii_case(r.host),
        };
        host_is && path.starts_with(r.path)
    })
}

/// The query fields of `uri` (in `text`): each `name=value` between `&`s, as the name and the
/// range of the value in `text`. A field without `=` has no value to read.
fn query_fields<'t>(text: &'t str, uri: &Uri<'t>) -> impl Iterator<Item = (&'t str, Range<usize>)> {
    let query = uri.query().unwrap_or_default();
    let base = offset_in(text, query);
    let mut at = base;
    query.split('&').filter_map(move |field| {
        let start = at;
        at += field.len() + 1;
        let (name, value) = field.split_once('=')?;
        let value_start = start + name.len() + 1;
        Some((name, value_start..value_start + value.len()))
    })
}

/// Where `part`, a slice of `text`, starts in it.
fn offset_in(text: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(text.as_ptr() as usize).min(text.len())
}

/// The text of `text[at]` decoded by `encoding`, if it is a well-formed encoding and may hold a
/// URI (a `:` somewhere: every URI reported has a scheme).
fn decode(text: &str, at: Range<usize>, encoding: Encoding, reading: Reading) -> Option<Inner> {
    let encoded = text.as_bytes().get(at.clone())?;
    if !may_hold_colon(encoded) {
        return None;
    }
    let decoded = match encoding {
        Encoding::Percent => unescape(encoded, b'%', None)?,
        Encoding::ProofpointV2 => unescape(encoded, b'-', Some((b'_', b'/')))?,
        Encoding::ProofpointV3 => encoded.to_vec(),
    };
    if !decoded.contains(&b':') {
        return None;
    }
    let exact = decoded == encoded;
    Some(Inner { text: decoded, at, exact, reading })
}

/// Whether `bytes`, decoded by any encoding of [`Encoding`], may hold a `:`: it holds one, or
/// `3A` (after a `%` or a `-`, in either case). A test that spares decoding, and its
/// allocation, for nearly every text that holds no URI.
pub(super) fn may_hold_colon(bytes: &[u8]) -> bool {
    memchr::memchr2_iter(b':', b'3', bytes)
        .any(|i| bytes[i] == b':' || (i > 0 && matches!(bytes.get(i + 1), Some(b'A' | b'a'))))
}

/// `bytes` with each `escape` and two hex digits decoded to the byte they give, and the byte
/// `stands.0` read as `stands.1`; `None` when an `escape` is followed by no two hex digits (a
/// malformed encoding is not read).
fn unescape(bytes: &[u8], escape: u8, stands: Option<(u8, u8)>) -> Option<Vec<u8>> {
    let hex = |b: u8| char::from(b).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == escape {
            let high = hex(*bytes.get(i + 1)?)?;
            let low = hex(*bytes.get(i + 2)?)?;
            out.push(high << 4 | low);
            i += 3;
            continue;
        }
        out.push(match stands {
            Some((from, to)) if b == from => to,
            _ => b,
        });
        i += 1;
    }
    Some(out)
}

/// Proofpoint URL Defense v3's URL: after `prefix` (`/v3/__`, right after the authority), up
/// to the `__;` that ends it, with the characters the rewriter replaced by `*` put back
/// ([`v3_replaced`]); none when they cannot be.
fn v3_url(text: &str, uri: &Uri<'_>, prefix: &str) -> Option<Inner> {
    let path = uri.path();
    let start = offset_in(text, path) + prefix.len();
    let rest = text.get(start..)?;
    let len = rest.find("__;")?;
    let url = &rest[..len];
    if !url.contains('*') {
        return decode(text, start..start + len, Encoding::ProofpointV3, Reading::Whole);
    }
    // The replaced characters follow `__;`, up to the `!` that starts the signature.
    let after = &rest[len + 3..];
    let replaced = &after[..after.find('!')?];
    let decoded = v3_replaced(url, replaced)?;
    decoded.contains(':').then(|| Inner {
        text: decoded.into_bytes(),
        at: start..start + len,
        exact: false,
        reading: Reading::Whole,
    })
}

/// The URL `url` of Proofpoint URL Defense v3 with its `*` marks replaced: the characters they
/// stand for are `encoded` in the URL-safe base64 alphabet (RFC 4648 §5, unpadded) as UTF-8, in
/// order; a `*` takes one of them, and `**` and a character of that alphabet a run of 2 (`A`),
/// 3 (`B`), … 65 (`_`). `None` when the marks and the characters do not agree in number, or the
/// encoding is malformed.
fn v3_replaced(url: &str, encoded: &str) -> Option<String> {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let value = |b: u8| ALPHABET.iter().position(|&a| a == b);
    let mut bytes = Vec::with_capacity(encoded.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for b in encoded.bytes() {
        acc = acc << 6 | u32::try_from(value(b)?).ok()?;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    let chars = String::from_utf8(bytes).ok()?;
    let mut chars = chars.chars();
    let mut out = String::with_capacity(url.len());
    let mut rest = url;
    while let Some(star) = rest.find('*') {
        out.push_str(&rest[..star]);
        rest = &rest[star + 1..];
        let run = match rest.strip_prefix('*') {
            Some(after) => {
                let length = value(*after.as_bytes().first()?)? + 2;
                rest = &after[1..];
                length
            }
            None => 1,
        };
        for _ in 0..run {
            out.push(chars.next()?);
        }
    }
    out.push_str(rest);
    chars.next().is_none().then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inner_of(text: &str) -> Vec<(String, &str, bool)> {
        let uri = Uri::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        inner(text, &uri)
            .into_iter()
            .map(|i| (String::from_utf8(i.text).unwrap(), &text[i.at], i.exact))
            .collect()
    }

    /// Found by the `extract` fuzz target once it turned `--nested` on: a host outside ASCII
    /// was cut where a rewriter's host suffix would start, inside a character.
    #[test]
    fn a_host_outside_ascii_is_compared_with_the_rewriters_suffixes_as_bytes() {
        for text in [
            "http://www.bürgerentscheid-krankenhäuser.de/seite",
            "https://ääääääääääääääääääääääääää.example/?url=https%3A%2F%2Fa.example%2F",
            "https://x.safelinks.protection.outlook.cöm/?url=https%3A%2F%2Fa.example%2F",
        ] {
            let uri = Uri::parse_iri(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(rewriter_of(&uri).is_none(), "{text}");
        }
        let text = "https://näm02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa.example%2F&data=1";
        let uri = Uri::parse_iri(text).expect("an IRI");
        assert_eq!(rewriter_of(&uri).map(|r| r.name), Some("Outlook Safe Links"));
    }

    #[test]
    fn query_values_are_percent_decoded() {
        let text = "https://t.example/c?id=7&url=https%3A%2F%2Fevil.example%2Fx&q=http://a.example/";
        assert_eq!(
            inner_of(text),
            [
                ("https://evil.example/x".to_owned(), "https%3A%2F%2Fevil.example%2Fx", false),
                ("http://a.example/".to_owned(), "http://a.example/", true),
            ]
        );
        // No `:` once decoded: nothing to read.
        assert_eq!(inner_of("https://t.example/?a=1&b=two%20words"), []);
    }

    #[test]
    fn each_rewriter_in_its_encoding() {
        let safe = "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example%2Fa&data=05%7C01&sdata=x";
        assert_eq!(inner_of(safe)[0].0, "https://evil.example/a");
        let v2 = "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_path-3Fa-3D1&d=DwMF&c=x";
        assert_eq!(
            inner_of(v2),
            [("https://evil.example/path?a=1".to_owned(), "https-3A__evil.example_path-3Fa-3D1", false)]
        );
        let v3 = "https://urldefense.com/v3/__https://evil.example/x?a=1__;!!AbC-dEf!xyz$";
        assert_eq!(
            inner_of(v3),
            [("https://evil.example/x?a=1".to_owned(), "https://evil.example/x?a=1", true)]
        );
        assert_eq!(
            rewriter_of(&Uri::parse("https://safelinks.protection.outlook.com/?url=x").unwrap())
                .map(|r| r.name),
            None
        );
    }

    #[test]
    fn malformed_encodings_give_nothing() {
        // A `-` with no two hex digits after it in Proofpoint v2.
        assert_eq!(
            inner_of("https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_a-ZZ&d=x"),
            []
        );
        assert_eq!(inner_of("https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_a-3&d=x"), []);
        // A v3 URL with characters replaced by `*`: put back from the list after `__;`.
        let text = "https://urldefense.com/v3/__https://evil.example/a*b__;Kg!!x$";
        assert_eq!(
            inner_of(text),
            [("https://evil.example/a*b".to_owned(), "https://evil.example/a*b", false)]
        );
        // `*` for `?` and `=` ("Pz0" is "?=" in URL-safe base64), and a run `**A` of two (`&&`).
        let text = "https://urldefense.com/v3/__https://e.example/p*a*1**Ab__;Pz0mJg!!sig$";
        assert_eq!(inner_of(text)[0].0, "https://e.example/p?a=1&&b");
        // Marks and characters that do not agree in number, or no list: nothing.
        assert_eq!(inner_of("https://urldefense.com/v3/__https://evil.example/a*b*c__;Kg!!x$"), []);
        assert_eq!(inner_of("https://urldefense.com/v3/__https://evil.example/a*b__;!!x$"), []);
        assert_eq!(inner_of("https://urldefense.com/v3/__https://evil.example/a*b__;K$g!!x$"), []);
        assert_eq!(unescape(b"a%2", b'%', None), None);
        assert_eq!(unescape(b"a%zz", b'%', None), None);
        assert_eq!(unescape(b"a%41_", b'%', Some((b'_', b'/'))), Some(b"aA/".to_vec()));
    }

    #[test]
    fn mailto_fields_are_text() {
        let text = "mailto:a@b.example?subject=see%20https%3A%2F%2Fx.example%2Fp&body=hi";
        let uri = Uri::parse(text).unwrap();
        let found = inner(text, &uri);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].text, b"see https://x.example/p");
        assert_eq!(found[0].reading, Reading::Text);
    }
}
