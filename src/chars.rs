//! Byte classes as const tables, each documented with the ABNF rule it implements.
//!
//! One 16-bit mask per byte; a class is a bit. `is(b, CLASS)` is one load and one test, which
//! keeps the hot loops of the prefilter and the parsers free of branches on character ranges.

/// `ALPHA = %x41-5A / %x61-7A` (RFC 5234 B.1).
pub(crate) const ALPHA: u16 = 1 << 0;
/// `DIGIT = %x30-39`.
pub(crate) const DIGIT: u16 = 1 << 1;
/// `HEXDIG = DIGIT / "A"-"F" / "a"-"f"` (case-insensitive, RFC 3986 §2.1).
pub(crate) const HEXDIG: u16 = 1 << 2;
/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1): the characters after the first.
pub(crate) const SCHEME: u16 = 1 << 3;
/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (RFC 3986 §2.3).
pub(crate) const UNRESERVED: u16 = 1 << 4;
/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (RFC 3986 §2.2).
pub(crate) const SUB_DELIMS: u16 = 1 << 5;
/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` (RFC 3986 §2.2).
pub(crate) const GEN_DELIMS: u16 = 1 << 6;
/// `unreserved = alphanum | mark`, `mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"`
/// (RFC 2396 §2.3; seed 000 §2.3).
pub(crate) const UNRESERVED_2396: u16 = 1 << 7;
/// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","` (RFC 2396 §2.2).
pub(crate) const RESERVED_2396: u16 = 1 << 8;
/// Characters excluded from URIs (RFC 2396 §2.4.3): `control` (US-ASCII 00-1F and 7F), `space`,
/// `delims` other than `#` and `%` (`<`, `>`, `"`), and `unwise` (`{ } | \ ^ [ ] \``); plus every
/// byte outside ASCII. The brackets, `[]`, are allowed again by RFC 3986 for IP literals only.
pub(crate) const EXCLUDED: u16 = 1 << 9;
/// White space that Appendix E says to ignore inside `<...>`: space, tab, CR, LF, VT, form feed.
pub(crate) const WSP: u16 = 1 << 10;
/// RFC 1738 §5 `safe = "$" | "-" | "_" | "." | "+"`.
pub(crate) const SAFE_1738: u16 = 1 << 11;
/// RFC 1738 §5 `extra = "!" | "*" | "'" | "(" | ")" | ","`.
pub(crate) const EXTRA_1738: u16 = 1 << 12;
/// The characters of a path, besides escapes: `pchar / "/"`, where
/// `pchar = unreserved / sub-delims / ":" / "@"` (RFC 3986 §3.3). The draft's path
/// (seed 000 §4.3.2: `pchar | ";" | "/"`, its `pchar` holding the marks `$` and `,`) is the same set.
pub(crate) const PATH: u16 = 1 << 13;
/// The characters of a query or fragment, besides escapes: `pchar / "/" / "?"` (RFC 3986 §3.4,
/// §3.5); the draft's `*uric` (seed 000 §4.3.3, §3) is the same set.
pub(crate) const QUERY: u16 = 1 << 14;

const fn build() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let mut m = 0;
        let alpha = b.is_ascii_alphabetic();
        let digit = b.is_ascii_digit();
        if alpha {
            m |= ALPHA | SCHEME | UNRESERVED | UNRESERVED_2396;
        }
        if digit {
            m |= DIGIT | SCHEME | UNRESERVED | UNRESERVED_2396;
        }
        if b.is_ascii_hexdigit() {
            m |= HEXDIG;
        }
        if matches!(b, b'+' | b'-' | b'.') {
            m |= SCHEME;
        }
        if matches!(b, b'-' | b'.' | b'_' | b'~') {
            m |= UNRESERVED;
        }
        if matches!(b, b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'=') {
            m |= SUB_DELIMS;
        }
        if matches!(b, b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@') {
            m |= GEN_DELIMS;
        }
        if matches!(b, b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')') {
            m |= UNRESERVED_2396;
        }
        if matches!(b, b';' | b'/' | b'?' | b':' | b'@' | b'&' | b'=' | b'+' | b'$' | b',') {
            m |= RESERVED_2396;
        }
        if b < 0x20
            || b >= 0x7f
            || matches!(b, b' ' | b'<' | b'>' | b'"' | b'{' | b'}' | b'|' | b'\\' | b'^' | b'[' | b']' | b'`')
        {
            m |= EXCLUDED;
        }
        if matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c) {
            m |= WSP;
        }
        if matches!(b, b'$' | b'-' | b'_' | b'.' | b'+') {
            m |= SAFE_1738;
        }
        if matches!(b, b'!' | b'*' | b'\'' | b'(' | b')' | b',') {
            m |= EXTRA_1738;
        }
        if m & (UNRESERVED | SUB_DELIMS) != 0 || matches!(b, b':' | b'@' | b'/') {
            m |= PATH | QUERY;
        }
        if b == b'?' {
            m |= QUERY;
        }
        t[i] = m;
        i += 1;
    }
    t
}

/// The classes of each byte, for tables built at compile time from them (`fused::CLASS`).
pub(crate) const CLASSES: [u16; 256] = build();

static TABLE: [u16; 256] = CLASSES;

/// How many bytes `bytes` starts with that equal `b`, compared eight at a time: a flood of one
/// byte is stepped over in a few instructions per word.
#[inline]
pub(crate) fn leading_run(bytes: &[u8], b: u8) -> usize {
    if bytes.first() != Some(&b) {
        return 0;
    }
    let n = 8 * bytes.chunks_exact(8).take_while(|word| *word == [b; 8]).count();
    n + bytes[n..].iter().take_while(|&&x| x == b).count()
}

/// How many bytes `bytes` ends with that equal `b`, compared eight at a time (see
/// [`leading_run`]).
#[inline]
pub(crate) fn trailing_run(bytes: &[u8], b: u8) -> usize {
    if bytes.last() != Some(&b) {
        return 0;
    }
    let n = 8 * bytes.rchunks_exact(8).take_while(|word| *word == [b; 8]).count();
    n + bytes[..bytes.len() - n].iter().rev().take_while(|&&x| x == b).count()
}

/// How many bytes of `bytes` equal `a`, and how many equal `b`, eight bytes at a time: a word
/// xor-ed with the byte repeated has a zero byte where they are equal, and the zero bytes of
/// a word are counted exactly with one add, two masks and a population count. About a fifth
/// of the instructions of a loop over the bytes, for a candidate of any length.
#[inline]
pub(crate) fn count_two(bytes: &[u8], a: u8, b: u8) -> (usize, usize) {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let zeros = |x: u64| (!(((x & LOW) + LOW) | x | LOW)).count_ones() as usize;
    let (wa, wb) = (u64::from_ne_bytes([a; 8]), u64::from_ne_bytes([b; 8]));
    let words = bytes.chunks_exact(8);
    let rest = words.remainder();
    let (mut na, mut nb) = (0, 0);
    for word in words {
        let w = u64::from_ne_bytes(word.try_into().unwrap_or_default());
        na += zeros(w ^ wa);
        nb += zeros(w ^ wb);
    }
    for &x in rest {
        na += usize::from(x == a);
        nb += usize::from(x == b);
    }
    (na, nb)
}

/// Whether byte `b` is in any of the classes of `mask`.
#[inline(always)]
pub(crate) fn is(b: u8, mask: u16) -> bool {
    TABLE[b as usize] & mask != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_two_bytes_exactly() {
        let naive =
            |s: &[u8]| (s.iter().filter(|&&x| x == b'(').count(), s.iter().filter(|&&x| x == b')').count());
        let mut cases: Vec<Vec<u8>> = vec![Vec::new(), b"(".to_vec(), b"a(b)c))".to_vec(), vec![b')'; 1000]];
        // Every byte value next to each of the two, across word boundaries: no borrow between
        // bytes may count a byte that is not equal.
        for x in 0..=255u8 {
            cases.push(vec![
                x,
                b'(',
                x,
                b')',
                x,
                x,
                b'(',
                b'(',
                x,
                b')',
                0x80 | x,
                b'(',
                0,
                0xff,
                x,
                b')',
                x,
            ]);
        }
        for case in &cases {
            for start in 0..case.len().min(9) {
                assert_eq!(count_two(&case[start..], b'(', b')'), naive(&case[start..]), "{case:?}");
            }
        }
    }

    #[test]
    fn classes_match_their_rules() {
        let members = |mask| (0..=255u8).filter(|&b| is(b, mask)).collect::<Vec<u8>>();
        assert_eq!(members(UNRESERVED).len(), 26 * 2 + 10 + 4);
        assert_eq!(members(SUB_DELIMS), b"!$&'()*+,;=".to_vec());
        assert_eq!(members(GEN_DELIMS), b"#/:?@[]".to_vec());
        assert_eq!(members(RESERVED_2396), b"$&+,/:;=?@".to_vec());
        assert_eq!(members(UNRESERVED_2396).len(), 62 + 9);
        assert_eq!(members(HEXDIG).len(), 22);
        assert_eq!(members(EXCLUDED).len(), 32 + 1 + 128 + 1 + 11);
        assert!(!is(b'%', EXCLUDED) && !is(b'#', EXCLUDED));
        // The 94 graphic ASCII characters but `#`, `%` and the 11 excluded ones (`< > " { } | \ ^ [ ] \``);
        // `?` only in a query.
        assert_eq!(members(QUERY).len(), 94 - 2 - 11);
        assert_eq!(members(PATH), members(QUERY).into_iter().filter(|&b| b != b'?').collect::<Vec<_>>());
        assert!(members(PATH).iter().all(|&b| is(b, UNRESERVED_2396 | RESERVED_2396) && b != b'?'));
        // Every printable ASCII byte is excluded or in one of the RFC 3986 classes, or is `%`.
        for b in 0x21..0x7fu8 {
            let classified = is(b, EXCLUDED | UNRESERVED | SUB_DELIMS | GEN_DELIMS) || b == b'%';
            assert!(classified, "{:?}", b as char);
        }
    }
}
