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

/// [`RUN`]: a byte that ends a bare URI ([`EXCLUDED`]); the run scan stops there.
pub(crate) const RUN_END: u8 = 1;
/// [`RUN`]: `%` (an escape, left to the full validation) or `@` (a userinfo).
pub(crate) const RUN_ESCAPE_OR_AT: u8 = 2;
/// [`RUN`]: `?` or `#`, which end the path.
pub(crate) const RUN_QUERY_OR_FRAGMENT: u8 = 4;
/// [`RUN`]: a byte that ends the host: `/`, `?`, `#`, or the `:` before a port.
pub(crate) const RUN_HOST_END: u8 = 8;
/// [`RUN`]: `(`. A run without one holds no `(` that a `)` trimmed off its end could match
/// (rule 3), so its `)` need not be counted.
pub(crate) const RUN_OPEN_PAREN: u8 = 16;
/// [`RUN`]: `,`. A run without one holds no `,` that a URL follows (which ends the URI before
/// it, `delimit::comma_before_url`).
pub(crate) const RUN_COMMA: u8 = 32;
/// [`RUN`]: `:`. After a scheme's colon, a run without another holds no URL (`scheme://`) for a
/// `,` to come before.
pub(crate) const RUN_COLON: u8 = 64;

/// What each byte is to the run scan of [`crate::delimit::run`], which notes, as it passes, the
/// kinds of bytes a plain server URI's validation needs to know about
/// (`uri::plain::server_parts`).
pub(crate) static RUN: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if CLASSES[b] & EXCLUDED != 0 {
            RUN_END
        } else if c == b'%' || c == b'@' {
            RUN_ESCAPE_OR_AT
        } else if c == b'?' || c == b'#' {
            RUN_QUERY_OR_FRAGMENT | RUN_HOST_END
        } else if c == b':' {
            RUN_HOST_END | RUN_COLON
        } else if c == b'/' {
            RUN_HOST_END
        } else if c == b'(' {
            RUN_OPEN_PAREN
        } else if c == b',' {
            RUN_COMMA
        } else {
            0
        };
        b += 1;
    }
    table
};

/// Whether byte `b` is in any of the classes of `mask`.
#[inline(always)]
pub(crate) fn is(b: u8, mask: u16) -> bool {
    TABLE[b as usize] & mask != 0
}

/// Whether byte `b`, right after a colon, ends every URI, even one inside `<…>` (`<http:<http:`):
/// a byte a URI excludes (RFC 3986 §2) other than white space (inside `<…>` it is passed over,
/// Appendix E), `>` (an empty `<scheme:>`) and the brackets (an IP literal). The engine looks
/// for no URI at such a colon, and so reads no header field there either.
#[inline(always)]
pub(crate) fn ends_every_uri(b: u8) -> bool {
    is(b, EXCLUDED) && !is(b, WSP) && !matches!(b, b'>' | b'[' | b']')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_kinds_agree_with_the_classes() {
        for b in 0..=255u8 {
            let kind = RUN[usize::from(b)];
            assert_eq!(kind & RUN_END != 0, is(b, EXCLUDED), "{b}");
            assert_eq!(kind & RUN_ESCAPE_OR_AT != 0, matches!(b, b'%' | b'@'), "{b}");
            assert_eq!(kind & RUN_QUERY_OR_FRAGMENT != 0, matches!(b, b'?' | b'#'), "{b}");
            assert_eq!(kind & RUN_HOST_END != 0, matches!(b, b'/' | b'?' | b'#' | b':'), "{b}");
            assert_eq!(kind & RUN_OPEN_PAREN != 0, b == b'(', "{b}");
            assert_eq!(kind & RUN_COMMA != 0, b == b',', "{b}");
            assert_eq!(kind & RUN_COLON != 0, b == b':', "{b}");
            // What is not flagged is a reg-name character: unreserved or a sub-delim.
            if kind == 0 {
                assert!(is(b, UNRESERVED | SUB_DELIMS), "{b}");
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
