//! Header blocks: a start line, then `Name: value` lines, ended by an empty line. The WARC
//! record header (ISO 28500:2017 §5.1: `version CRLF *named-field CRLF`, a `named-field` being
//! `field-name ":" [ field-value ]` with RFC 2616's folding) and the HTTP message head
//! (RFC 9112 §2.1, §5) are both read this way.
//!
//! Lines may end in LF alone, as lenient readers of either take them (RFC 9112 §2.2 allows a
//! recipient to); a line that starts with a blank continues the field before it (obsolete line
//! folding, RFC 9112 §5.2); a line without a colon is passed over.

use core::ops::Range;

/// A field of a header block: the name and the value (white space around it left out), as
/// indexes into the bytes the block was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Field {
    pub(crate) name: Range<usize>,
    pub(crate) value: Range<usize>,
}

/// The end of the header block that starts `bytes`: the index just past the empty line that
/// ends it. Only the first `max` bytes are looked at: `None` when they hold no empty line
/// after the start line.
pub(crate) fn block_end(bytes: &[u8], max: usize) -> Option<usize> {
    let bytes = &bytes[..bytes.len().min(max)];
    let first = memchr::memchr(b'\n', bytes)? + 1;
    let mut line_start = first;
    for nl in memchr::memchr_iter(b'\n', &bytes[first..]).map(|k| k + first) {
        if matches!(&bytes[line_start..nl], b"" | b"\r") {
            return Some(nl + 1);
        }
        line_start = nl + 1;
    }
    None
}

/// The fields of the header block `block` (a start line, fields, an empty line; see
/// [`block_end`]), in order.
pub(crate) fn fields(block: &[u8]) -> Vec<Field> {
    let mut out: Vec<Field> = Vec::new();
    let Some(first) = memchr::memchr(b'\n', block) else { return out };
    let mut at = first + 1;
    while at < block.len() {
        let nl = memchr::memchr(b'\n', &block[at..]).map_or(block.len(), |k| at + k);
        let line = at..trim_cr(block, at, nl);
        at = nl + 1;
        if line.is_empty() {
            break;
        }
        if matches!(block[line.start], b' ' | b'\t') {
            // Obsolete folding: the value goes on (its line break is white space to a reader).
            if let Some(last) = out.last_mut() {
                last.value.end = trimmed(block, line.clone()).end.max(last.value.end);
            }
            continue;
        }
        let Some(colon) = memchr::memchr(b':', &block[line.clone()]).map(|k| line.start + k) else {
            continue;
        };
        let name = trimmed(block, line.start..colon);
        if name.is_empty() {
            continue;
        }
        out.push(Field { name, value: trimmed(block, colon + 1..line.end) });
    }
    out
}

/// The value of the first field named `name` (any case) of `fields`, read from `block`.
pub(crate) fn value<'a>(block: &'a [u8], fields: &[Field], name: &str) -> Option<&'a [u8]> {
    fields
        .iter()
        .find(|f| block[f.name.clone()].eq_ignore_ascii_case(name.as_bytes()))
        .map(|f| &block[f.value.clone()])
}

/// The end of a line that ends at the line feed `nl`, without its CR.
fn trim_cr(block: &[u8], start: usize, nl: usize) -> usize {
    if nl > start && block.get(nl - 1) == Some(&b'\r') { nl - 1 } else { nl }
}

/// `r` without the spaces and tabs at its ends.
fn trimmed(block: &[u8], mut r: Range<usize>) -> Range<usize> {
    while r.start < r.end && matches!(block[r.start], b' ' | b'\t') {
        r.start += 1;
    }
    while r.end > r.start && matches!(block[r.end - 1], b' ' | b'\t' | b'\r') {
        r.end -= 1;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_ends_at_its_empty_line() {
        let block = b"WARC/1.1\r\nWARC-Type: response\r\nContent-Length: 5\r\n\r\nhello";
        assert_eq!(block_end(block, 1000), Some(block.len() - 5));
        assert_eq!(block_end(b"HTTP/1.1 200 OK\nA: b\n\nbody", 1000), Some(22));
        // The start line is never the empty line; a block not ended in `max` bytes has no end.
        assert_eq!(block_end(b"\r\n\r\n", 1000), Some(4));
        assert_eq!(block_end(block, 20), None);
        assert_eq!(block_end(b"WARC/1.1\r\nA: b\r\n", 1000), None);
    }

    #[test]
    fn fields_with_folding_and_blanks() {
        let block = b"HTTP/1.1 301 Moved\r\nLocation:  http://a.example/x \r\nLink: <http://b/>;\r\n\trel=next\r\nno colon\r\n: empty name\r\n\r\n";
        let fields = fields(block);
        let shown: Vec<(&[u8], &[u8])> =
            fields.iter().map(|f| (&block[f.name.clone()], &block[f.value.clone()])).collect();
        assert_eq!(
            shown,
            [(&b"Location"[..], &b"http://a.example/x"[..]), (b"Link", b"<http://b/>;\r\n\trel=next")]
        );
        assert_eq!(value(block, &fields, "location"), Some(&b"http://a.example/x"[..]));
        assert_eq!(value(block, &fields, "content-type"), None);
    }
}
