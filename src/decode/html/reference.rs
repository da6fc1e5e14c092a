//! Character references (WHATWG HTML §13.2.5.72 to .80): numeric ones, and named ones from the
//! full table of named references (the `htmlize` crate's, generated from the WHATWG
//! `entities.json`), with the attribute rule for a name without `;` (§13.2.5.73).

use htmlize::{ENTITIES, ENTITY_MAX_LENGTH};

/// The character reference at `at` (an `&`): its characters and its length in the source, or
/// `None` when it is not one and the `&` stands for itself (§13.2.5.72 to .80).
pub(crate) fn char_ref(s: &[u8], at: usize, in_attribute: bool) -> Option<(Vec<u8>, usize)> {
    let rest = &s[at..];
    if rest.get(1) == Some(&b'#') {
        let hex = matches!(rest.get(2), Some(b'x' | b'X'));
        let digits_at = if hex { 3 } else { 2 };
        let digits = rest[digits_at.min(rest.len())..]
            .iter()
            .take_while(|b| if hex { b.is_ascii_hexdigit() } else { b.is_ascii_digit() })
            .count();
        if digits == 0 {
            return None;
        }
        let radix = if hex { 16 } else { 10 };
        let value = rest[digits_at..digits_at + digits].iter().fold(0u32, |v, &b| {
            v.saturating_mul(radix).saturating_add((b as char).to_digit(radix).unwrap_or(0))
        });
        let mut len = digits_at + digits;
        if rest.get(len) == Some(&b';') {
            len += 1;
        }
        let c = numeric(value);
        return Some((c.encode_utf8(&mut [0; 4]).as_bytes().to_vec(), len));
    }
    // The longest name in the table that the text starts with.
    let most = rest.len().min(ENTITY_MAX_LENGTH);
    let name_len = 1 + rest[1..most].iter().take_while(|b| b.is_ascii_alphanumeric()).count();
    let with_semicolon = usize::from(rest.get(name_len) == Some(&b';') && name_len < most);
    let (len, expansion) = (2..=name_len + with_semicolon)
        .rev()
        .find_map(|len| ENTITIES.get(&rest[..len]).map(|e| (len, *e)))?;
    if in_attribute
        && rest[len - 1] != b';'
        && rest.get(len).is_some_and(|&b| b == b'=' || b.is_ascii_alphanumeric())
    {
        return None;
    }
    Some((expansion.to_vec(), len))
}

/// The character a numeric reference stands for (§13.2.5.80): U+FFFD for zero, surrogates and
/// values past U+10FFFF; the C1 controls as windows-1252 reads them.
fn numeric(value: u32) -> char {
    const C1: [u16; 32] = [
        0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
        0x8d, 0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122,
        0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
    ];
    match value {
        0 => '\u{fffd}',
        0x80..=0x9f => char::from_u32(u32::from(C1[value as usize - 0x80])).unwrap_or('\u{fffd}'),
        v => char::from_u32(v).unwrap_or('\u{fffd}'),
    }
}
