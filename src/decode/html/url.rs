//! Attribute values as links: a value as the URL parser takes it (WHATWG URL, the first steps
//! of the basic URL parser), reported when it has a scheme (RFC 3986 §3.1) or resolved against
//! the document's base (RFC 3986 §5.2), and not reported for `cid:`, `mid:`, `data:` and
//! `javascript:`.

use super::Resolve;
use crate::decode::Decoded;

/// An attribute value as the URL parser takes it: TAB, LF and CR removed, leading and trailing
/// C0 controls and spaces stripped (WHATWG URL, basic URL parser, first steps).
pub(super) fn url_value(value: Decoded) -> Decoded {
    let taken = |b: &u8| *b > b' ';
    if value.text.first().is_none_or(taken)
        && value.text.last().is_none_or(taken)
        && memchr::memchr3(b'\t', b'\n', b'\r', &value.text).is_none()
    {
        return value;
    }
    let keep: Vec<usize> =
        (0..value.text.len()).filter(|&k| !matches!(value.text[k], b'\t' | b'\n' | b'\r')).collect();
    let first = keep.iter().position(|&k| value.text[k] > b' ').unwrap_or(keep.len());
    let last = keep.iter().rposition(|&k| value.text[k] > b' ').map_or(first, |p| p + 1);
    let mut out = Decoded::default();
    for &k in &keep[first..last] {
        out.push(value.text[k], value.starts[k], value.ends[k]);
    }
    out
}

/// Whether `value` starts with a scheme and `:` (RFC 3986 §3.1).
pub(super) fn has_scheme(value: &[u8]) -> bool {
    let Some(colon) = memchr::memchr(b':', value) else { return false };
    value[0].is_ascii_alphabetic()
        && value[1..colon].iter().all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// The link a value stands for, and whether it was resolved against `base`; `None` when it
/// is not reported.
pub(super) fn resolve(value: Decoded, base: Option<&str>, resolve: Resolve) -> Option<(Decoded, bool)> {
    if value.text.is_empty() {
        return None;
    }
    let absolute = has_scheme(&value.text);
    let scheme_of = |v: &[u8]| v[..memchr::memchr(b':', v).unwrap_or(0)].to_ascii_lowercase();
    let not_reported = |v: &[u8]| matches!(&scheme_of(v)[..], b"cid" | b"mid" | b"data" | b"javascript");
    if absolute {
        return (!not_reported(&value.text)).then_some((value, false));
    }
    let target = resolve(base?, std::str::from_utf8(&value.text).ok()?)?;
    if not_reported(target.as_bytes()) {
        return None;
    }
    let (from, to) = (value.starts[0], *value.ends.last()?);
    let mut out = Decoded::default();
    out.push_all(target.as_bytes(), from, to);
    Some((out, true))
}
