//! The run of URI characters: from a byte, to the first byte that ends a URI outside angle
//! brackets (RFC 2396 §2.4.3: excluded characters).

use crate::chars::{self, EXCLUDED};

/// The first index from `i` on, and below both `stop` and the end of `text`, of a byte that
/// is excluded from URIs; `stop` or the end of `text` when there is none. The first eight bytes
/// are looked at one by one (many runs are short), the rest by [`skip_words`].
#[inline]
pub(super) fn skip_uri_chars(text: &[u8], mut i: usize, stop: usize) -> usize {
    let stop = stop.min(text.len());
    let head = stop.min(i.saturating_add(8));
    while i < head {
        if chars::is(text[i], EXCLUDED) {
            return i;
        }
        i += 1;
    }
    skip_words(text, i, stop)
}

/// [`skip_uri_chars`] without looking at the first bytes one by one: for a run that is most
/// likely long, the rest of a URI after its scheme: [`scan`] without what it gathers on the way.
#[inline]
pub(crate) fn skip_words(text: &[u8], i: usize, stop: usize) -> usize {
    scan(text, i, stop).0
}

/// The run scan: from `i`, the index of the first byte that ends a bare URI (or `stop`, or the
/// end of `text`), and the union of the [`chars::RUN`] of the bytes before it. Eight bytes at a time
/// while none of them ends the URI, then byte by byte.
#[inline(always)]
pub(crate) fn scan(text: &[u8], mut i: usize, stop: usize) -> (usize, u8) {
    let stop = stop.min(text.len());
    let mut seen = 0;
    while let Some(word) = text.get(i..stop).and_then(|rest| rest.first_chunk::<8>()) {
        let kinds = word.iter().fold(0, |kinds, &b| kinds | chars::RUN[usize::from(b)]);
        if kinds & chars::RUN_END != 0 {
            break;
        }
        seen |= kinds;
        i += 8;
    }
    while let Some(&b) = text.get(i).filter(|_| i < stop) {
        let kind = chars::RUN[usize::from(b)];
        if kind & chars::RUN_END != 0 {
            break;
        }
        seen |= kind;
        i += 1;
    }
    (i, seen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scan_stops_at_the_first_byte_that_ends_a_uri() {
        assert_eq!(scan(b"//a.example/x y", 0, 100), (13, chars::RUN_HOST_END));
        assert_eq!(scan(b"//a.example/x?q=%41#f>", 0, 100).0, 21);
        assert_eq!(
            scan(b"//a.example/x?q=%41#f>", 0, 100).1,
            chars::RUN_HOST_END | chars::RUN_QUERY_OR_FRAGMENT | chars::RUN_ESCAPE_OR_AT
        );
        // The stop bounds it, and the end of the text.
        assert_eq!(scan(b"//aaaaaaaaaaaaaaaaaaaaaaaaaaa", 0, 10).0, 10);
        assert_eq!(scan(b"//aaaaaaaaaaaaaaaaaaaaaaaaaaa", 3, 100).0, 29);
        assert_eq!(scan(b"abc", 5, 100).0, 5);
    }
}
