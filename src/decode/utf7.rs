//! UTF-7 (RFC 2152), which the Encoding Standard leaves out but old mail still declares.
//!
//! Direct characters stand for themselves; `+` starts a run of modified base64 (no padding)
//! holding UTF-16 code units, which ends at the first character outside the base64 alphabet; a
//! `-` there is absorbed; `+-` is `+`. Each character decoded maps to the base64 characters
//! that hold its bits (a surrogate pair: the bits of both units). Bits left over that are not
//! zero, and unpaired surrogates, give U+FFFD.

use super::Decoded;

fn value(c: u8) -> Option<u32> {
    Some(u32::from(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    }))
}

/// Decodes `raw`; positions are indexes into `raw`, which must be shorter than 4 GiB.
pub(crate) fn decode(raw: &[u8]) -> Decoded {
    let mut out = Decoded::default();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] != b'+' {
            let run = raw[i..].iter().take_while(|&&c| c != b'+').count();
            out.push_run(&raw[i..i + run], i as u32);
            i += run;
            continue;
        }
        if raw.get(i + 1) == Some(&b'-') {
            out.push(b'+', i as u32, i as u32 + 2);
            i += 2;
            continue;
        }
        i = shifted(raw, i, &mut out);
    }
    out
}

/// Decodes the base64 run after the `+` at `plus`; returns where direct characters resume.
fn shifted(raw: &[u8], plus: usize, out: &mut Decoded) -> usize {
    let (mut bits, mut nbits) = (0u32, 0u32);
    // Where the bits of the unit being gathered start, and a high surrogate waiting.
    let mut unit_from = plus as u32;
    let mut high: Option<(u32, u32)> = None;
    let mut i = plus + 1;
    let emit = |c: char, from: u32, to: u32, out: &mut Decoded| {
        out.push_all(c.encode_utf8(&mut [0; 4]).as_bytes(), from, to);
    };
    while let Some(v) = raw.get(i).copied().and_then(value) {
        if nbits == 0 {
            unit_from = i as u32;
        }
        bits = bits << 6 | v;
        nbits += 6;
        if nbits >= 16 {
            nbits -= 16;
            let unit = (bits >> nbits) & 0xffff;
            bits &= (1 << nbits) - 1;
            let to = i as u32 + 1;
            match (unit, high.take()) {
                (0xdc00..=0xdfff, Some((h, from))) => {
                    let c = 0x10000 + ((h - 0xd800) << 10) + (unit - 0xdc00);
                    emit(char::from_u32(c).unwrap_or('\u{fffd}'), from, to, out);
                }
                (u, waiting) => {
                    if let Some((_, from)) = waiting {
                        emit('\u{fffd}', from, unit_from, out);
                    }
                    if (0xd800..=0xdbff).contains(&u) {
                        high = Some((u, unit_from));
                    } else {
                        emit(char::from_u32(u).unwrap_or('\u{fffd}'), unit_from, to, out);
                    }
                }
            }
            // The next unit starts in this character when bits of it are left.
            unit_from = if nbits > 0 { i as u32 } else { to };
        }
        i += 1;
    }
    if let Some((_, from)) = high {
        emit('\u{fffd}', from, i as u32, out);
    }
    if bits != 0 {
        emit('\u{fffd}', unit_from, i as u32, out);
    }
    if raw.get(i) == Some(&b'-') { i + 1 } else { i }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(raw: &str) -> String {
        String::from_utf8(decode(raw.as_bytes()).text).unwrap()
    }

    #[test]
    fn rfc_2152_examples() {
        assert_eq!(text("A+ImIDkQ."), "A\u{2262}\u{391}.");
        assert_eq!(text("Hi Mom -+Jjo--!"), "Hi Mom -\u{263a}-!");
        assert_eq!(text("+ZeVnLIqe-"), "日本語");
        assert_eq!(text("1 +- 1 = 2"), "1 + 1 = 2");
        assert_eq!(text("+2D3eAA-"), "\u{1f600}");
    }

    #[test]
    fn broken_runs_give_replacement_characters() {
        assert_eq!(text("+2D0-x"), "\u{fffd}x", "a high surrogate alone");
        assert_eq!(text("a+Z"), "a\u{fffd}", "bits left over");
        assert_eq!(text("a+"), "a");
    }

    #[test]
    fn characters_map_to_the_base64_holding_them() {
        // `+ImIDkQ.`: U+2262 in `ImI` (its last 2 bits in `I`), U+0391 in `IDkQ`.
        let d = decode(b"A+ImIDkQ.");
        assert_eq!(d.text, "A\u{2262}\u{391}.".as_bytes());
        assert_eq!((d.starts[1], d.ends[1]), (2, 5));
        assert_eq!((d.starts[4], d.ends[4]), (4, 8));
        assert_eq!((d.starts[6], d.ends[6]), (8, 9));
        let d = decode(b"1 +- 1");
        assert_eq!((d.starts[2], d.ends[2]), (2, 4));
    }
}
