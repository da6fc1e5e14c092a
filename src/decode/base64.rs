//! Base64 content transfer encoding (RFC 2045 §6.8), as a tolerant mail reader decodes it.
//!
//! - characters outside the alphabet (line breaks, blanks, stray punctuation) are ignored
//!   (§6.8: "any characters outside of the base64 alphabet are to be ignored");
//! - `=` ends a group of four, so that bodies made of several padded pieces decode whole;
//! - missing padding is tolerated: a last group of two or three characters gives its one or
//!   two bytes, a lone last character gives nothing.
//!
//! Each decoded byte maps to the characters whose bits it holds (two of the group's four).

use super::Decoded;

/// The value of a character of the base64 alphabet (RFC 2045 Table 1), 0xff for others.
const VALUES: [u8; 256] = {
    let mut t = [0xff; 256];
    let mut i = 0;
    while i < 26 {
        t[b'A' as usize + i] = i as u8;
        t[b'a' as usize + i] = 26 + i as u8;
        i += 1;
    }
    let mut d = 0;
    while d < 10 {
        t[b'0' as usize + d] = 52 + d as u8;
        d += 1;
    }
    t[b'+' as usize] = 62;
    t[b'/' as usize] = 63;
    t
};

/// Where the base64 data of a body `raw` ends: at the first line, after data began, with a
/// blank between two other characters. Base64 lines hold no words; such a line is text that a
/// mailing list appended to a base64 part (a footer), read as text rather than decoded.
pub(crate) fn data_end(raw: &[u8]) -> usize {
    let mut began = false;
    let mut at = 0;
    while at < raw.len() {
        let next = memchr::memchr(b'\n', &raw[at..]).map_or(raw.len(), |k| at + k + 1);
        let t = raw[at..next].trim_ascii();
        if began && memchr::memchr2(b' ', b'\t', t).is_some() {
            return at;
        }
        began = began || t.iter().any(|&b| VALUES[b as usize] != 0xff);
        at = next;
    }
    raw.len()
}

/// How many whole groups [`decode`] decodes before appending them.
const BLOCK: usize = 16;

/// Decodes `raw`; positions are indexes into `raw`. `raw` must be shorter than 4 GiB.
pub(crate) fn decode(raw: &[u8]) -> Decoded {
    let mut out = Decoded::default();
    decode_into(raw, &mut out);
    out
}

/// [`decode`] into `out`, which must be empty (its storage is reused).
pub(crate) fn decode_into(raw: &[u8], out: &mut Decoded) {
    let len = raw.len() / 4 * 3 + 3;
    out.text.reserve(len);
    out.starts.reserve(len);
    out.ends.reserve(len);
    // The current group: its characters' values and positions.
    let mut vals = [0u8; 4];
    let mut pos = [0u32; 4];
    let mut n = 0;
    let mut i = 0;
    // Whole groups are decoded into these, then appended a block at a time.
    let (mut text, mut starts, mut ends) = ([0u8; 3 * BLOCK], [0u32; 3 * BLOCK], [0u32; 3 * BLOCK]);
    while i < raw.len() {
        // Groups of four characters of the alphabet in a row at the start of a group (most of
        // a body): whole groups at once, each byte from the two characters holding its bits.
        if n == 0 {
            let mut g = 0;
            for (k, group) in raw[i..].chunks_exact(4).take(BLOCK).enumerate() {
                let v = [
                    VALUES[group[0] as usize],
                    VALUES[group[1] as usize],
                    VALUES[group[2] as usize],
                    VALUES[group[3] as usize],
                ];
                if (v[0] | v[1] | v[2] | v[3]) & 0x80 != 0 {
                    break;
                }
                let at = (i + 4 * k) as u32;
                text[3 * k..3 * k + 3].copy_from_slice(&[
                    v[0] << 2 | v[1] >> 4,
                    v[1] << 4 | v[2] >> 2,
                    v[2] << 6 | v[3],
                ]);
                starts[3 * k..3 * k + 3].copy_from_slice(&[at, at + 1, at + 2]);
                ends[3 * k..3 * k + 3].copy_from_slice(&[at + 2, at + 3, at + 4]);
                g = k + 1;
            }
            if g > 0 {
                out.text.extend_from_slice(&text[..3 * g]);
                out.starts.extend_from_slice(&starts[..3 * g]);
                out.ends.extend_from_slice(&ends[..3 * g]);
                i += 4 * g;
                continue;
            }
        }
        let c = raw[i];
        let v = VALUES[c as usize];
        if v == 0xff {
            if c == b'=' {
                flush(&vals, &pos, n, out);
                n = 0;
            }
            i += 1;
            continue;
        }
        vals[n] = v;
        pos[n] = i as u32;
        n += 1;
        if n == 4 {
            flush(&vals, &pos, 4, out);
            n = 0;
        }
        i += 1;
    }
    flush(&vals, &pos, n, out);
}

/// The bytes of a group of `n` characters: `n - 1` of them (none for fewer than two).
fn flush(vals: &[u8; 4], pos: &[u32; 4], n: usize, out: &mut Decoded) {
    let bytes = [vals[0] << 2 | vals[1] >> 4, vals[1] << 4 | vals[2] >> 2, vals[2] << 6 | vals[3]];
    // Byte k holds bits of characters k and k + 1.
    let ends = [pos[1].saturating_add(1), pos[2].saturating_add(1), pos[3].saturating_add(1)];
    let k = n.saturating_sub(1);
    out.text.extend_from_slice(&bytes[..k]);
    out.starts.extend_from_slice(&pos[..k]);
    out.ends.extend_from_slice(&ends[..k]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(raw: &str) -> String {
        String::from_utf8(decode(raw.as_bytes()).text).unwrap()
    }

    #[test]
    fn rfc_4648_vectors() {
        for (raw, want) in [
            ("", ""),
            ("Zg==", "f"),
            ("Zm8=", "fo"),
            ("Zm9v", "foo"),
            ("Zm9vYg==", "foob"),
            ("Zm9vYmE=", "fooba"),
            ("Zm9vYmFy", "foobar"),
        ] {
            assert_eq!(text(raw), want, "{raw}");
        }
    }

    #[test]
    fn tolerant_of_breaks_junk_and_missing_padding() {
        assert_eq!(text("aHR0cDov\r\nL2V4YW1w\n bGUuY29t"), "http://example.com");
        assert_eq!(text("aHR0c*DovL2!E="), "http://a");
        assert_eq!(text("Zm9vYg"), "foob", "padding missing");
        assert_eq!(text("Zm9vY"), "foo", "a lone last character gives nothing");
        // Pieces padded each on their own, one after the other.
        assert_eq!(text("Zg==Zm8="), "ffo");
    }

    #[test]
    fn data_ends_at_a_line_of_words() {
        let body = b"aHR0cDovL2E=\r\n\r\n___\r\nA-list mailing list\r\nhttp://x/\r\n";
        assert_eq!(&body[..data_end(body)], b"aHR0cDovL2E=\r\n\r\n___\r\n");
        assert_eq!(data_end(b"  \nZm9v\nYmFy\n"), 13);
        assert_eq!(data_end(b"a b\nZm9v"), 8, "words before the data are junk inside it");
    }

    #[test]
    fn each_byte_maps_to_the_characters_holding_its_bits() {
        let d = decode(b"Zm\n9v");
        assert_eq!(d.text, b"foo");
        assert_eq!(d.starts, [0, 1, 3]);
        assert_eq!(d.ends, [2, 4, 5]);
        // Whole groups in a row (read a group at a time), and a padded one.
        let d = decode(b"Zm9vYmFy\nZm8=");
        assert_eq!(d.text, b"foobarfo");
        assert_eq!(d.starts, [0, 1, 2, 4, 5, 6, 9, 10]);
        assert_eq!(d.ends, [2, 3, 4, 6, 7, 8, 11, 12]);
    }
}
