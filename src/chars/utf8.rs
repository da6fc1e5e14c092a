//! One character of UTF-8 (RFC 3629 §4), decoded from bytes that may be no UTF-8.

/// The length of the character of UTF-8 that the byte `lead`, outside ASCII, starts (RFC 3629
/// §4): 2 for C2–DF, 3 for E0–EF, 4 for F0–F4; `None` for a byte that starts none (a
/// continuation byte, C0, C1, F5–FF).
#[inline(always)]
pub(crate) fn multibyte_len(lead: u8) -> Option<usize> {
    match lead {
        0xc2..=0xdf => Some(2),
        0xe0..=0xef => Some(3),
        0xf0..=0xf4 => Some(4),
        _ => None,
    }
}

/// The character that `b` encodes, when `b` is exactly one character of UTF-8 (RFC 3629 §4
/// `UTF8-char`): no overlong form, no encoded surrogate, nothing above U+10FFFF, a continuation
/// byte where each is due. `None` otherwise.
#[inline]
pub(crate) fn decode(b: &[u8]) -> Option<char> {
    let tail = |k: usize| b.get(k).filter(|&&x| x & 0xc0 == 0x80).map(|&x| u32::from(x & 0x3f));
    let (code, least) = match (b.first()?, b.len()) {
        (&x @ 0x00..=0x7f, 1) => return Some(char::from(x)),
        (&x @ 0xc2..=0xdf, 2) => (u32::from(x & 0x1f) << 6 | tail(1)?, 0x80),
        (&x @ 0xe0..=0xef, 3) => (u32::from(x & 0x0f) << 12 | tail(1)? << 6 | tail(2)?, 0x800),
        (&x @ 0xf0..=0xf4, 4) => {
            (u32::from(x & 0x07) << 18 | tail(1)? << 12 | tail(2)? << 6 | tail(3)?, 0x1_0000)
        }
        _ => return None,
    };
    // `char::from_u32` refuses the surrogates and what lies above U+10FFFF.
    if code < least { None } else { char::from_u32(code) }
}

#[cfg(test)]
mod tests {
    use super::decode;

    /// What the standard library reads in `b`: one character, all of `b`.
    fn std_decode(b: &[u8]) -> Option<char> {
        let s = core::str::from_utf8(b).ok()?;
        let mut chars = s.chars();
        let c = chars.next()?;
        chars.next().is_none().then_some(c)
    }

    #[test]
    fn agrees_with_the_standard_library_on_every_short_sequence() {
        for x in 0..=0xffu8 {
            assert_eq!(decode(&[x]), std_decode(&[x]), "{x:x}");
        }
        for lead in 0..=0xffu8 {
            for b1 in 0..=0xffu8 {
                assert_eq!(decode(&[lead, b1]), std_decode(&[lead, b1]), "{lead:x} {b1:x}");
                for b2 in 0..=0xffu8 {
                    assert_eq!(
                        decode(&[lead, b1, b2]),
                        std_decode(&[lead, b1, b2]),
                        "{lead:x} {b1:x} {b2:x}"
                    );
                }
                // Four bytes: every first continuation, the bounds of the others.
                for (b2, b3) in [(0x80, 0x80), (0xbf, 0xbf), (0x80, 0x7f), (0xc0, 0x80), (0x9f, 0xa0)] {
                    let b = [lead, b1, b2, b3];
                    assert_eq!(decode(&b), std_decode(&b), "{b:x?}");
                }
            }
        }
        assert_eq!(decode(&[]), None);
        assert_eq!(decode(b"a"), Some('a'));
        assert_eq!(decode(b"ab"), None);
        assert_eq!(decode("é".as_bytes()), Some('é'));
        assert_eq!(decode("\u{10ffff}".as_bytes()), Some('\u{10ffff}'));
        assert_eq!(decode(&[0xf4, 0x90, 0x80, 0x80]), None); // above U+10FFFF
        assert_eq!(decode(&[0xed, 0xa0, 0x80]), None); // U+D800
        assert_eq!(decode(&[0xe0, 0x80, 0x80]), None); // overlong
        assert_eq!(decode("éa".as_bytes()), None);
    }
}
