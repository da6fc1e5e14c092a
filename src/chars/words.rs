//! Eight bytes at a time: the helpers that treat a `u64` word as eight bytes (SWAR), for the
//! runs of one byte that floods of `:` or `)` are made of, and for searches over the few bytes
//! that usually separate one delimiter from the next.
//!
//! Each helper returns exactly what the obvious loop over the bytes returns; the unit tests
//! compare them with it at every alignment.

/// `0x01` in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte of a word.
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The bytes of `x` that are zero, flagged by their high bit. Exact for the lowest zero byte: a
/// false flag can only sit above a true zero byte (from the borrow), so the lowest flag is right.
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    x.wrapping_sub(ONES) & !x & HIGHS
}

/// The index of the first byte equal to `b` among the first eight of `bytes` (fewer when
/// `bytes` is shorter), if there is one there.
#[inline]
pub(crate) fn first_in_word(bytes: &[u8], b: u8) -> Option<usize> {
    let Some(word) = bytes.first_chunk::<8>() else {
        return bytes.iter().take(8).position(|&x| x == b);
    };
    let found = zero_bytes(u64::from_le_bytes(*word) ^ (ONES * u64::from(b)));
    (found != 0).then(|| (found.trailing_zeros() / 8) as usize)
}

/// How many bytes `bytes` starts with that equal `b`, compared eight at a time (a flood of one
/// byte is stepped over a word at a time).
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
/// a word are counted exactly with one add, two masks and a population count.
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
    fn first_in_a_word() {
        assert_eq!(first_in_word(b"abcdefgh:", b':'), None);
        assert_eq!(first_in_word(b"abcdefg:", b':'), Some(7));
        assert_eq!(first_in_word(b":::::::::", b':'), Some(0));
        assert_eq!(first_in_word(b"10:30:22", b':'), Some(2));
        // A byte just above `:` (`;`, which borrows) and one just below (`9`) are not colons.
        assert_eq!(first_in_word(b"9;;9;a:b", b':'), Some(6));
        assert_eq!(first_in_word(b"a:", b':'), Some(1));
        assert_eq!(first_in_word(b"abc", b':'), None);
        assert_eq!(first_in_word(b"", b':'), None);
    }

    #[test]
    fn runs_of_one_byte() {
        assert_eq!(leading_run(b"", b':'), 0);
        assert_eq!(leading_run(b"a::", b':'), 0);
        assert_eq!(leading_run(b"::a:", b':'), 2);
        assert_eq!(leading_run(&[b':'; 21], b':'), 21);
        assert_eq!(trailing_run(b"", b')'), 0);
        assert_eq!(trailing_run(b"a)", b')'), 1);
        assert_eq!(trailing_run(b")a", b')'), 0);
        assert_eq!(trailing_run(&[b')'; 8], b')'), 8);
        assert_eq!(trailing_run(b"(x)))))))))))", b')'), 11);
    }
}
