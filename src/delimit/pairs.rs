//! The marks that may stand right before a scheme and what closes each after the URI (the
//! crate docs, rule 6 and "Brackets, parentheses and emphasis"): one table, [`MARKS`], read by
//! the look-back for the wrapper ([`super::opener()`]), by the rules that end a candidate at its
//! closing mark ([`close`], [`close_after_trim`]) and by what reports the wrapper
//! ([`super::wrapper`]). A new pair is a row of the table.

use super::{Pieces, trim};
use crate::matches::Delimiter;

/// How the mark of a [`Mark`] is closed after the URI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Closing {
    /// The bare scan stops at the closing mark, a character that ends a bare URI (`"`, `]`,
    /// `}`; RFC 2396 Appendix E names double quotes).
    AtStop,
    /// The first closing mark that the candidate leaves unmatched ends it ([`first_unmatched_paren`]):
    /// `(http://one.org/)(http://two.org/)`.
    FirstUnmatched,
    /// The first closing mark that no letter or digit follows ends it ([`closing_quote`]):
    /// `['http://a.example/','http://b.example/']`.
    NoWordAfter,
    /// The same run of one to three marks at the end of the candidate closes it, after
    /// trimming ([`emphasis`]): Markdown's `**https://x/bold**`, AsciiDoc's `++https://x/p++`.
    SameRun,
}

/// A mark right before a scheme and the mark that closes it after the URI.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Mark {
    /// The opening mark's bytes.
    pub(crate) open: &'static [u8],
    /// The closing mark's bytes.
    pub(crate) close: &'static [u8],
    /// How the closing mark ends the candidate.
    pub(crate) closing: Closing,
    /// What a URI between the two marks is reported as ([`Delimiter`]), its outer span holding
    /// them; `None` when the marks are no wrapper, only where the URI ends (a parenthesis,
    /// emphasis).
    pub(crate) delimiter: Option<Delimiter>,
}

/// Every mark, in the one list. An opening mark's last byte is the key of the look-back
/// ([`mark_before`]): no two marks share one (a compile-time check).
pub(crate) static MARKS: [Mark; 9] = [
    Mark { open: b"\"", close: b"\"", closing: Closing::AtStop, delimiter: Some(Delimiter::Quoted) },
    Mark { open: b"[", close: b"]", closing: Closing::AtStop, delimiter: Some(Delimiter::Bracketed) },
    Mark { open: b"{", close: b"}", closing: Closing::AtStop, delimiter: Some(Delimiter::Braced) },
    Mark { open: b"'", close: b"'", closing: Closing::NoWordAfter, delimiter: Some(Delimiter::Quoted) },
    Mark { open: b"(", close: b")", closing: Closing::FirstUnmatched, delimiter: None },
    Mark { open: b"*", close: b"*", closing: Closing::SameRun, delimiter: None },
    Mark { open: b"_", close: b"_", closing: Closing::SameRun, delimiter: None },
    Mark { open: b"~", close: b"~", closing: Closing::SameRun, delimiter: None },
    // AsciiDoc's passthroughs, `+https://x.example/p+` and `++https://x.example/p++` (a
    // crawler's user agent, `(+http://www.google.com/bot.html)`, ends with no `+`, so its URI
    // keeps its end).
    Mark { open: b"+", close: b"+", closing: Closing::SameRun, delimiter: None },
];

/// For each byte, 1 + the index in [`MARKS`] of the mark whose opening ends with it; 0 for none.
static MARK_ENDING_WITH: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut k = 0;
    while k < MARKS.len() {
        let open = MARKS[k].open;
        let last = open[open.len() - 1] as usize;
        assert!(table[last] == 0, "two opening marks end with the same byte");
        table[last] = k as u8 + 1;
        k += 1;
    }
    table
};

/// The mark that ends right before the scheme at `s` (`before` is the byte there), reading back
/// no further than `lo`.
#[inline(always)]
pub(crate) fn mark_before(text: &[u8], s: usize, before: u8, lo: usize) -> Option<&'static Mark> {
    let k = MARK_ENDING_WITH[usize::from(before)];
    if k == 0 {
        return None;
    }
    let mark = &MARKS[usize::from(k - 1)];
    // The last byte is `before`; a mark of more bytes has the rest before it.
    let n = mark.open.len();
    let whole = match n {
        1 => true,
        2 => s >= lo + 2 && text[s - 2] == mark.open[0],
        _ => s >= lo + n && text[s - n..s] == *mark.open,
    };
    whole.then_some(mark)
}

/// Where the candidate in `pieces` (scanned from `body` on) ends at the mark that closes `mark`,
/// by the rules that read its bytes before it is trimmed ([`Closing::FirstUnmatched`],
/// [`Closing::NoWordAfter`]): the pieces are cut there and its index returned. `None` when no
/// mark closes it, or when `mark` closes otherwise.
#[inline]
pub(crate) fn close(text: &[u8], pieces: &mut Pieces, mark: &Mark, body: usize) -> Option<usize> {
    match mark.closing {
        Closing::FirstUnmatched => first_unmatched_paren(text, pieces, body),
        Closing::NoWordAfter => closing_quote(text, pieces, body),
        Closing::AtStop | Closing::SameRun => None,
    }
}

/// The closing of `mark` that is read once the candidate is trimmed ([`Closing::SameRun`]): the
/// run of marks right before the scheme at `s` (looked for no lower than `lo`) closed by the same
/// run at the end, which is taken off (see [`emphasis`]). Not below `keep`.
#[inline]
pub(crate) fn close_after_trim(
    text: &[u8],
    pieces: &mut Pieces,
    mark: &Mark,
    s: usize,
    lo: usize,
    keep: usize,
) {
    if mark.closing == Closing::SameRun {
        emphasis(text, pieces, s, lo, mark.open[0], keep);
    }
}

/// When a `(` stands right before the scheme: the index of the first `)` in the candidate, from
/// `body` on, that no `(` inside it matches, where the candidate then ends
/// (`(http://one.org/)(http://two.org/)`, `(http://foo.com/bar)more`); the pieces are cut
/// there. `None` when every `)` is matched (`(https://en.wikipedia.org/wiki/Set_(mathematics))`
/// is then trimmed as usual).
#[cold]
#[inline(never)]
fn first_unmatched_paren(text: &[u8], pieces: &mut Pieces, body: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut found = None;
    'segments: for (n, seg) in pieces.segments.iter().enumerate() {
        let from = seg.start.max(body);
        let Some(bytes) = text.get(from..seg.end) else { continue };
        for i in memchr::memchr2_iter(b'(', b')', bytes) {
            if bytes[i] == b'(' {
                depth += 1;
            } else if depth == 0 {
                found = Some((n, from + i));
                break 'segments;
            } else {
                depth -= 1;
            }
        }
    }
    let (n, close) = found?;
    pieces.cut(n, close);
    Some(close)
}

/// When a `'` stands right before the scheme: the index of the first `'` in the candidate, from
/// `body` on, that closes it, where the candidate then ends (`['http://a.example/x','http://b.example/y']`,
/// `urlopen('http://x.example/').read()`); the pieces are cut there. A `'` that a letter or
/// digit (or a byte outside ASCII) follows is an apostrophe inside the URI, not the closing
/// quote (`'http://x.example/it's'`). `None` when no `'` closes.
#[cold]
#[inline(never)]
fn closing_quote(text: &[u8], pieces: &mut Pieces, body: usize) -> Option<usize> {
    let closes = |i: usize| !text.get(i + 1).is_some_and(|&b| b.is_ascii_alphanumeric() || b >= 0x80);
    let (n, close) = pieces.segments.iter().enumerate().find_map(|(n, seg)| {
        let from = seg.start.max(body);
        let bytes = text.get(from..seg.end)?;
        memchr::memchr_iter(b'\'', bytes).map(|i| from + i).find(|&i| closes(i)).map(|i| (n, i))
    })?;
    pieces.cut(n, close);
    Some(close)
}

/// Markdown emphasis around a URI (`*https://x/bold*`, `**…**`, `_…_`, `~~…~~`): when a run of
/// one to three `mark` bytes stands right before the scheme at `s` (and after no letter or
/// digit, looked for no lower than `lo`), the same run at the end of the candidate is the
/// emphasis closing, not part of the URI; it is taken off and the end trimmed again. Not below
/// `keep`.
#[cold]
#[inline(never)]
fn emphasis(text: &[u8], pieces: &mut Pieces, s: usize, lo: usize, mark: u8, keep: usize) {
    let run = opening_run(text, s, lo, mark);
    if run == 0 {
        return;
    }
    let Some(last) = pieces.segments.last_mut() else { return };
    let bytes = text.get(last.start.max(keep)..last.end).unwrap_or_default();
    if crate::chars::words::trailing_run(bytes, mark) < run {
        return;
    }
    last.end -= run;
    trim(text, pieces, keep);
}

/// The run of one to three `mark` bytes right before the scheme at `s` (looked for no lower
/// than `lo`) that opens emphasis ([`emphasis`]): its length, 0 when there is none, it is
/// longer, or a letter or digit stands before it.
fn opening_run(text: &[u8], s: usize, lo: usize, mark: u8) -> usize {
    let mut run_start = s;
    while run_start > lo && text[run_start - 1] == mark && s - run_start < 4 {
        run_start -= 1;
    }
    let run = s - run_start;
    if run == 0 || run > 3 || (run_start > lo && text[run_start - 1].is_ascii_alphanumeric()) {
        return 0;
    }
    run
}

/// [`emphasis`] for a candidate read through a rewriting of its bytes (a defanged indicator
/// refanged): how many bytes at the end of `reading`, already trimmed, close the run of marks
/// before the scheme at `s` in `text` (`++hxxp://evil[.]example/p++`, AsciiDoc's passthrough;
/// `*hxxp://…*`); 0 when none do.
pub(crate) fn closing_run_of_reading(text: &[u8], s: usize, lo: usize, reading: &[u8]) -> usize {
    let Some(mark) = s.checked_sub(1).filter(|&b| b >= lo).and_then(|b| mark_before(text, s, text[b], lo))
    else {
        return 0;
    };
    if mark.closing != Closing::SameRun {
        return 0;
    }
    let run = opening_run(text, s, lo, mark.open[0]);
    if run == 0 || crate::chars::words::trailing_run(reading, mark.open[0]) < run { 0 } else { run }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(r: core::ops::Range<usize>) -> Pieces {
        let mut p = Pieces::default();
        p.push(r);
        p
    }

    #[test]
    fn the_first_unmatched_paren_closes() {
        let text = b"(http://one.org/)(http://two.org/)";
        let mut p = pieces(1..text.len());
        assert_eq!(first_unmatched_paren(text, &mut p, 6), Some(16));
        assert_eq!(p.extent(), Some(1..16));
        let text = b"(http://x/Set_(m))";
        let mut p = pieces(1..text.len());
        assert_eq!(first_unmatched_paren(text, &mut p, 6), Some(17));
        let text = b"(http://x/Set_(m)";
        let mut p = pieces(1..text.len());
        assert_eq!(first_unmatched_paren(text, &mut p, 6), None);
        assert_eq!(p.extent(), Some(1..text.len()));
    }

    #[test]
    fn the_first_quote_no_letter_follows_closes() {
        let text = b"['http://a.example/x','http://b.example/y']";
        let mut p = pieces(2..text.len() - 1);
        assert_eq!(closing_quote(text, &mut p, 7), Some(20));
        assert_eq!(p.extent(), Some(2..20));
        let text = b"'http://x.example/it's'";
        let mut p = pieces(1..text.len());
        assert_eq!(closing_quote(text, &mut p, 6), Some(text.len() - 1));
        let text = b"'http://x.example/it's";
        let mut p = pieces(1..text.len());
        assert_eq!(closing_quote(text, &mut p, 6), None);
        assert_eq!(p.extent(), Some(1..text.len()));
    }

    #[test]
    fn emphasis_closes_its_run() {
        let text = b"**https://x/bold**.";
        let mut p = pieces(2..18);
        emphasis(text, &mut p, 2, 0, b'*', 8);
        assert_eq!(p.extent(), Some(2..16));
        // After a letter it is no emphasis; a shorter run at the end closes nothing.
        let text = b"a*https://x/b*";
        let mut p = pieces(2..text.len());
        emphasis(text, &mut p, 2, 0, b'*', 8);
        assert_eq!(p.extent(), Some(2..text.len()));
        let text = b"__https://x/b_";
        let mut p = pieces(2..text.len());
        emphasis(text, &mut p, 2, 0, b'_', 8);
        assert_eq!(p.extent(), Some(2..text.len()));
    }
}
