//! The run of URI characters: from a byte, to the first byte that ends a URI outside angle
//! brackets (RFC 2396 §2.4.3: excluded characters).

use super::{Incomplete, Scan, Window, comma, trim};
use crate::chars::{self, EXCLUDED, SCAN_STOP};

/// What each byte is to the run scan ([`scan`]): [`SCAN_STOP`] for a byte that ends a bare URI
/// ([`EXCLUDED`]), and the classes that the rules reading the scan's notes declare: the
/// validation of a plain server URI (`uri::plain::server_parts`: an escape or userinfo, a query
/// or fragment), the trim of rule 3 (an opening parenthesis) and the comma of rule 6.
pub(crate) static RUN: [u8; 256] = chars::scan_table(
    EXCLUDED,
    &[
        crate::uri::SCAN_ESCAPE_OR_AT,
        crate::uri::SCAN_QUERY_OR_FRAGMENT,
        trim::OPEN_PAREN,
        comma::COMMA,
        comma::COLON,
    ],
);

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
/// end of `text`), and the union of the classes ([`RUN`]) of the bytes before it. Eight bytes at a time
/// while none of them ends the URI, then byte by byte.
#[inline(always)]
pub(crate) fn scan(text: &[u8], mut i: usize, stop: usize) -> (usize, u8) {
    let stop = stop.min(text.len());
    let mut seen = 0;
    while let Some(word) = text.get(i..stop).and_then(|rest| rest.first_chunk::<8>()) {
        let kinds = word.iter().fold(0, |kinds, &b| kinds | RUN[usize::from(b)]);
        if kinds & SCAN_STOP != 0 {
            break;
        }
        seen |= kinds;
        i += 8;
    }
    while let Some(&b) = text.get(i).filter(|_| i < stop) {
        let kind = RUN[usize::from(b)];
        if kind & SCAN_STOP != 0 {
            break;
        }
        seen |= kind;
        i += 1;
    }
    (i, seen)
}

/// The character outside ASCII that starts at `at`, when it goes on a word: a letter, a mark
/// or a digit (Unicode general categories L, M, N), or a hyphen, dash (short of the em dash) or
/// joiner with such a character or an ASCII letter or digit after it, in UTF-8. `None` for any other character
/// (punctuation, a space, an emoji) and for bytes that are no UTF-8; [`Incomplete`] when the
/// character runs past the end of a window that is not complete.
pub(crate) fn word_goes_on(w: &Window<'_>, at: usize) -> Scan<Option<char>> {
    use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
    let Some(len) = w.text.get(at).and_then(|&lead| chars::utf8::multibyte_len(lead)) else {
        return Ok(None);
    };
    let Some(bytes) = w.text.get(at..at + len) else {
        return if w.complete { Ok(None) } else { Err(Incomplete) };
    };
    let Some(c) = crate::chars::utf8::decode(bytes) else { return Ok(None) };
    let word = |c: char| {
        matches!(
            c.general_category_group(),
            GeneralCategoryGroup::Letter | GeneralCategoryGroup::Mark | GeneralCategoryGroup::Number
        )
    };
    if word(c) {
        return Ok(Some(c));
    }
    // A hyphen or dash short of the em dash, a soft hyphen, or a zero-width (non-)joiner,
    // between two characters of a word (`Hatfield–McCoy_feud`), goes on the word too.
    if matches!(c, '\u{ad}' | '\u{200c}' | '\u{200d}' | '\u{2010}'..='\u{2013}') {
        let after = at + len;
        return match w.text.get(after) {
            None if !w.complete => Err(Incomplete),
            None => Ok(None),
            Some(&b) if b.is_ascii_alphanumeric() => Ok(Some(c)),
            Some(&b) if b >= 0x80 => Ok(word_goes_on(w, after)?.map(|_| c)),
            Some(_) => Ok(None),
        };
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scan_stops_at_the_first_byte_that_ends_a_uri() {
        assert_eq!(scan(b"//a.example/x y", 0, 100), (13, 0));
        assert_eq!(scan(b"//a.example/x?q=%41#f>", 0, 100).0, 21);
        assert_eq!(
            scan(b"//a.example/x?q=%41#f(,:>", 0, 100).1,
            crate::uri::SCAN_QUERY_OR_FRAGMENT.bit
                | crate::uri::SCAN_ESCAPE_OR_AT.bit
                | trim::OPEN_PAREN.bit
                | comma::COMMA.bit
                | comma::COLON.bit
        );
        // The stop bounds it, and the end of the text.
        assert_eq!(scan(b"//aaaaaaaaaaaaaaaaaaaaaaaaaaa", 0, 10).0, 10);
        assert_eq!(scan(b"//aaaaaaaaaaaaaaaaaaaaaaaaaaa", 3, 100).0, 29);
        assert_eq!(scan(b"abc", 5, 100).0, 5);
    }

    #[test]
    fn words_go_on_with_letters_marks_and_digits() {
        let w = |text: &'static [u8]| Window { text, lo: 0, lo_is_start: true, complete: true, cut: false };
        for (text, goes_on) in [
            ("ü", Some('ü')),
            ("東京", Some('東')),
            ("\u{301}", Some('\u{301}')),
            ("٣", Some('٣')),
            ("”", None),
            ("—", None),
            ("\u{3000}", None),
            ("😀", None),
            ("。", None),
            ("a", None),
            ("–McCoy", Some('–')),
            ("– next", None),
            ("\u{200d}ü", Some('\u{200d}')),
        ] {
            assert_eq!(word_goes_on(&w(text.as_bytes()), 0), Ok(goes_on), "{text:?}");
        }
        assert_eq!(word_goes_on(&w(b"\xff\xfe"), 0), Ok(None));
        assert_eq!(word_goes_on(&w(b"\xc3"), 0), Ok(None));
        let partial = Window { complete: false, ..w(b"\xe6\x9d") };
        assert_eq!(word_goes_on(&partial, 0), Err(Incomplete));
    }
}
