//! Byte classes as const tables, each documented with the ABNF rule it implements.
//!
//! One 16-bit mask per byte; a class is a bit. `is(b, CLASS)` is one load and one test, which
//! keeps the hot loops of the prefilter and the parsers free of branches on character ranges.
//! [`CLASSES`] is the one table: the smaller tables of the hot loops (the run scan of
//! [`crate::delimit::run`], the scheme walk of [`crate::find`], the mailto address of
//! [`crate::uri`]) are built from it at compile time, each checked against it by a unit test.
//! [`words`] holds the helpers that look at eight bytes at a time.

pub(crate) mod pictographic;
pub(crate) mod utf8;
pub(crate) mod words;

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
/// A byte outside US-ASCII (`%x80-FF`): in UTF-8 text, a byte of a multi-byte character. Every
/// such byte is also [`EXCLUDED`] from a URI (RFC 3986 §2: a URI is ASCII); an IRI (RFC 3987)
/// admits some of the characters they encode.
pub(crate) const NON_ASCII: u16 = 1 << 15;

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
        if b >= 0x80 {
            m |= NON_ASCII;
        }
        t[i] = m;
        i += 1;
    }
    t
}

/// The classes of each byte, for the tables built at compile time from them.
pub(crate) const CLASSES: [u16; 256] = build();

static TABLE: [u16; 256] = CLASSES;

/// A kind of byte that a scan notes as it passes, declared by the rule that reads what the scan
/// noted: its bit in the scan's mask, and its bytes. A scan's table is built from the
/// declarations of the rules that read it ([`scan_table`]), so that a rule that needs to know
/// whether a run held some byte declares it beside its own code, and nowhere else.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ScanClass {
    /// The bit, one of `2..=128` (bit 1 is the scan's stop, [`SCAN_STOP`]).
    pub(crate) bit: u8,
    /// The bytes of the class.
    pub(crate) bytes: &'static [u8],
}

/// The bit of [`scan_table`] that the bytes where a scan stops carry.
pub(crate) const SCAN_STOP: u8 = 1;

/// The table of a scan over runs of bytes: [`SCAN_STOP`] for the bytes of `stop` (a class mask
/// of [`CLASSES`]), and for every other byte the bits of the `classes` it is in. Compile-time
/// checks: each class has a bit of its own, and none holds a byte where the scan stops (it
/// would never be passed).
pub(crate) const fn scan_table(stop: u16, classes: &[ScanClass]) -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        if CLASSES[b] & stop != 0 {
            table[b] = SCAN_STOP;
        }
        b += 1;
    }
    let mut taken = SCAN_STOP;
    let mut k = 0;
    while k < classes.len() {
        let class = classes[k];
        assert!(class.bit.is_power_of_two() && class.bit & taken == 0, "a scan class needs a bit of its own");
        taken |= class.bit;
        let mut i = 0;
        while i < class.bytes.len() {
            let byte = class.bytes[i] as usize;
            assert!(table[byte] & SCAN_STOP == 0, "a scan class holds a byte where the scan stops");
            table[byte] |= class.bit;
            i += 1;
        }
        k += 1;
    }
    table
}

/// Whether byte `b` is in any of the classes of `mask`.
#[inline(always)]
pub(crate) fn is(b: u8, mask: u16) -> bool {
    TABLE[b as usize] & mask != 0
}

/// Whether byte `b`, right after a colon, ends every URI, even one inside `<…>` (`<http:<http:`):
/// a byte a URI excludes (RFC 3986 §2) other than white space (inside `<…>` it is passed over,
/// Appendix E), `>` (an empty `<scheme:>`), the brackets (an IP literal) and `\` (a JSON
/// string's escaped slash, `https:\/\/`, crate docs rule 14). The engine looks for no URI at
/// such a colon, and so reads no header field there either.
#[inline(always)]
pub(crate) fn ends_every_uri(b: u8) -> bool {
    is(b, EXCLUDED) && !is(b, WSP) && !matches!(b, b'>' | b'[' | b']' | b'\\')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_tables_are_built_from_their_classes() {
        const PAREN: ScanClass = ScanClass { bit: 2, bytes: b"(" };
        const MARKS: ScanClass = ScanClass { bit: 4, bytes: b"?#" };
        let table = scan_table(EXCLUDED, &[PAREN, MARKS]);
        for b in 0..=255u8 {
            let want = if is(b, EXCLUDED) {
                SCAN_STOP
            } else if b == b'(' {
                2
            } else if matches!(b, b'?' | b'#') {
                4
            } else {
                0
            };
            assert_eq!(table[usize::from(b)], want, "{b}");
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
        assert_eq!(members(NON_ASCII), (0x80..=0xff).collect::<Vec<u8>>());
        assert!(members(NON_ASCII).iter().all(|&b| is(b, EXCLUDED)));
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
