//! Trailing punctuation left out of a bare URI (extractor rule 3).

use core::ops::Range;

use super::Pieces;
use crate::chars::{self, ScanClass};

/// The run scan notes a `(` ([`super::run::scan`]): a run without one holds no `(` that a `)`
/// trimmed off its end could match, so [`trim_run`] need not count its parentheses.
pub(crate) const OPEN_PAREN: ScanClass = ScanClass { bit: 16, bytes: b"(" };

/// How many bytes `bytes` ends with that are `)`: eight at a time, for a flood of them.
#[inline(never)]
pub(super) fn closing_run(bytes: &[u8]) -> usize {
    chars::words::trailing_run(bytes, b')')
}

/// Removes what is not part of a URI outside angle brackets from the end of `pieces` (rule 3):
/// trailing `. , ; : ! ? '`, a `(` and opening typographic marks (`“ « 「 （` …), repeatedly,
/// and a `)` with no matching `(` in the URI; balanced parentheses stay
/// (`https://en.wikipedia.org/wiki/Set_(mathematics)`). Never trims below
/// `keep` (the byte after `scheme:`). A hyphen break left at the very end joined nothing and
/// is forgotten.
#[inline]
pub(crate) fn trim(text: &[u8], pieces: &mut Pieces, keep: usize) {
    // Most candidates end in a byte that stays (`/`, a letter, a digit): nothing to do, and no
    // call.
    let stays = |seg: &Range<usize>| {
        seg.start < seg.end
            && (seg.end <= keep || text.get(seg.end - 1).is_some_and(|&b| b < 0x80 && !may_trail(b)))
    };
    if pieces.segments.last().is_none_or(stays) {
        return;
    }
    trim_end(text, pieces, keep);
}

/// The work of [`trim`] once the candidate ends in a byte that may go.
#[inline(never)]
fn trim_end(text: &[u8], pieces: &mut Pieces, keep: usize) {
    // Parentheses are counted once, over all the pieces, and only when a `)` ends the candidate.
    let mut parens: Option<(usize, usize)> = None;
    let count = |pieces: &Pieces| {
        pieces.segments.iter().fold((0, 0), |(opens, closes), seg| {
            let (o, c) = chars::words::count_two(text.get(seg.clone()).unwrap_or_default(), b'(', b')');
            (opens + o, closes + c)
        })
    };
    while let Some(last) = pieces.segments.last_mut() {
        if last.start >= last.end {
            pieces.segments.pop();
            if let (Some(&h), Some(prev)) = (pieces.breaks.last(), pieces.segments.last())
                && h + 1 == prev.end
            {
                pieces.breaks.pop();
            }
            continue;
        }
        let (start, end) = (last.start, last.end);
        let (end, done) = trim_segment(text, start..end, keep, &mut parens, || count(pieces));
        if let Some(last) = pieces.segments.last_mut() {
            last.end = end;
        }
        if done {
            break;
        }
    }
}

/// The quick form of [`trim`] for a candidate in one segment `seg` whose bytes the run scan
/// passed, noting `seen` ([`super::run::scan`], or more classes than it noted): the new end of
/// the segment, never below `keep`, exactly what [`trim`] gives, for a segment whose last
/// character, when it is outside ASCII, is no opening typographic mark (as
/// [`super::unicode::goes_on_plainly`] lets none be last). Most URIs end in a byte that stays,
/// and the call ends there; the parentheses are counted (eight bytes at a time) only when a `)`
/// is to be judged and the scan passed a `(`: without one, every `)` at the end is unmatched.
#[inline(always)]
pub(crate) fn trim_run(text: &[u8], seg: Range<usize>, keep: usize, seen: u8) -> usize {
    let (start, end) = (seg.start, seg.end);
    if end <= keep || !may_trail(text[end - 1]) {
        return end;
    }
    trim_run_end(text, start, end, keep, seen)
}

/// The work of [`trim_run`] once the candidate ends in a byte that may go.
#[inline(never)]
fn trim_run_end(text: &[u8], start: usize, end: usize, keep: usize, seen: u8) -> usize {
    let count = || match seen & OPEN_PAREN.bit {
        0 => (0, end - start),
        _ => chars::words::count_two(&text[start..end], b'(', b')'),
    };
    trim_segment(text, start..end, keep, &mut None, count).0
}

/// Whether rule 3 takes byte `b` off the end of a bare URI, whatever precedes it.
#[inline(always)]
pub(crate) fn is_trailing_punctuation(b: u8) -> bool {
    matches!(b, b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'')
}

/// Whether rule 3 may take the ASCII byte `b` off the end of a bare URI: trailing punctuation,
/// a `(` (it opens nothing in the URI, as an opening typographic mark does not), or a `)`
/// (when the URI holds no `(` it matches). A URI that ends in any other ASCII byte is left as
/// it is.
#[inline(always)]
pub(crate) fn may_trail(b: u8) -> bool {
    is_trailing_punctuation(b) || b == b'(' || b == b')'
}

/// [`trim`] on one segment `seg` of a candidate, the last: byte by byte back from its end, in a
/// loop of its own (a flood of `)` after a URI is stepped over in runs), never below
/// `keep`. `parens` are the counts of `(` and `)` in the whole candidate: taken from `count` at
/// the first `)`, less the `(` this call trimmed before it (the rest of what it trimmed is
/// punctuation), then each `(` and `)` trimmed is taken off. Returns the new end of the segment, and whether a
/// byte that stays was met (`false`: the segment is empty, and trimming goes on before it).
#[inline(always)]
pub(crate) fn trim_segment(
    text: &[u8],
    seg: Range<usize>,
    keep: usize,
    parens: &mut Option<(usize, usize)>,
    count: impl Fn() -> (usize, usize),
) -> (usize, bool) {
    let (start, mut end) = (seg.start, seg.end);
    // The `(` trimmed before the counts were taken: `count` still sees them.
    let mut opens_trimmed = 0;
    while end > start {
        if end <= keep {
            return (end, true);
        }
        let b = text[end - 1];
        if is_trailing_punctuation(b) {
            end -= 1;
            continue;
        }
        if b >= 0x80 {
            // An opening typographic mark left at the end of an IRI (`»https://x/artikel«`).
            let opener = super::unicode::trailing_opener(&text[start.max(keep)..end]);
            if opener == 0 {
                return (end, true);
            }
            end -= opener;
            continue;
        }
        if b != b')' {
            if b != b'(' {
                return (end, true);
            }
            // Nothing follows it in the URI: it opens nothing there (`see http://x/a( and`).
            match parens {
                Some((opens, _)) => *opens = opens.saturating_sub(1),
                None => opens_trimmed += 1,
            }
            end -= 1;
            continue;
        }
        let (opens, closes) = *parens.get_or_insert_with(|| {
            let (opens, closes) = count();
            (opens.saturating_sub(opens_trimmed), closes)
        });
        // The run of `)` here, taken at once: as many as have no matching `(`.
        let run = text.get(start.max(keep)..end).map_or(0, closing_run);
        let cut = run.min(closes.saturating_sub(opens));
        *parens = Some((opens, closes - cut));
        end -= cut;
        if cut < run {
            return (end, true);
        }
    }
    (end, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quick form gives what the rule gives, over texts made of the bytes the rule turns on
    /// (punctuation, parentheses, an opening typographic mark before one of them), with what
    /// the run scan notes over them, or with every class noted.
    #[test]
    fn trim_run_agrees_with_trim() {
        let alphabet: &[&[u8]] = &[
            b")",
            b"(",
            b".",
            b",",
            b";",
            b":",
            b"!",
            b"?",
            b"'",
            b"a",
            b"/",
            b"))",
            b"\xc3\xa9",
            b"\xe2\x80\x9c.",
        ];
        let mut rng = crate::delimit::Xorshift(0x7e1f_7a11_0dd5_3b9du64);
        let mut trimmed = 0;
        for _ in 0..50_000 {
            let mut text = b"http://a".to_vec();
            rng.pieces(alphabet, 10, &mut text);
            let (end, seen) = super::super::run::scan(&text, 5, text.len());
            // The quick form's condition: the last character is no opening typographic mark.
            if super::super::unicode::trailing_opener(&text[..end]) != 0 {
                continue;
            }
            let mut pieces = Pieces::default();
            pieces.push(0..end);
            trim(&text, &mut pieces, 5);
            let want = pieces.extent().map_or(0, |e| e.end);
            let shown = String::from_utf8_lossy(&text);
            assert_eq!(trim_run(&text, 0..end, 5, seen), want, "{shown:?}");
            assert_eq!(trim_run(&text, 0..end, 5, u8::MAX), want, "{shown:?}");
            trimmed += usize::from(want < end);
        }
        assert!(trimmed > 10_000, "{trimmed}");
    }
}
