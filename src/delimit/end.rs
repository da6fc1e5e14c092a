//! Where a bare candidate ends once its scan has stopped ([`super::bare()`]): the rules that cut
//! it, in their order, and the rules that drop it rather than report it cut. Each rule is a
//! module of its own; this is the one place that says in which order they apply, in their full
//! forms for the general path (`extract::candidate`) and in their quick forms for the one-pass
//! lane (`extract::lane`), side by side.
//!
//! The cuts, in order: a `,` that a URL follows (rule 6, [`super::comma`]); the mark that closes
//! the one before the scheme, where it pairs by reading the candidate (rule 6,
//! [`super::pairs`]: a `(`, a `'`); trailing punctuation (rule 3, [`mod@super::trim`]); Markdown
//! emphasis closed by its own run, read once the candidate is trimmed ([`super::pairs`]).
//!
//! The drops, in order ("never a cut URI", rule 2): under `--strict`, a stop where an IRI or a
//! balanced bracket would go on; outside an IRI, a stop before a character outside ASCII that
//! goes on the word ([`super::run::word_goes_on`]); a stop at the mark of a defanged indicator,
//! or at a space that spaces out its host's dots (rule 13, [`super::defanged`]).

use super::bare::{BareEnd, Run, Start, balanced_close};
use super::opener::Opener;
use super::pairs::{self, Closing};
use super::{Pieces, Scan, Window, comma, defanged, run, trim, unicode};

/// Applies the cuts to the candidate in `pieces`, scanned from `start` to `end`: returns where
/// its scan now ends, and whether it held a hyphen line break before it was trimmed (its second
/// reading may differ). `lo` bounds the look-back for the emphasis run before the scheme.
#[inline]
pub(crate) fn cut(
    text: &[u8],
    pieces: &mut Pieces,
    opener: &Opener,
    start: Start,
    lo: usize,
    end: BareEnd,
) -> (BareEnd, bool) {
    let mut end = end;
    if let Some(cut) = comma::cut(text, pieces, start.body, end.end) {
        end = BareEnd { end: cut, stop: Some(b','), ..end };
    }
    if let Some(mark) = opener.mark
        && let Some(close) = pairs::close(text, pieces, mark, start.body)
    {
        end = BareEnd { end: close, stop: Some(mark.close[0]), ..end };
    }
    let hyphens = !pieces.breaks.is_empty();
    trim::trim(text, pieces, start.body);
    if let Some(mark) = opener.mark {
        pairs::close_after_trim(text, pieces, mark, start.s, lo, start.body);
    }
    (end, hyphens)
}

/// The quick form of [`cut`] for a candidate in one segment from `start` to the end of `run`
/// ([`super::bare::run_at_a_glance`]), after the mark `mark`: the end of the candidate as
/// [`cut`] leaves it, or `None` when a rule needs more than a glance (a mark that pairs by
/// reading the candidate, a run of marks that may close it, a `,` that a URL may follow).
#[inline(always)]
pub(crate) fn cut_at_a_glance(
    text: &[u8],
    start: Start,
    run: &Run,
    mark: Option<&pairs::Mark>,
) -> Option<usize> {
    if mark.is_some_and(|mark| !matches!(mark.closing, Closing::AtStop | Closing::SameRun)) {
        return None;
    }
    if !comma::leaves_whole(text, start.body, run.end, run.seen) {
        return None;
    }
    let kept = trim::trim_run(text, start.s..run.end, start.body, run.seen);
    // A run of marks closes only where the trimmed candidate ends with one of them
    // (`pairs::close_after_trim`): most after a `+` or `*` do not (`+http://x/bot.html)`).
    if let Some(mark) = mark
        && mark.closing == Closing::SameRun
        && text[kept - 1] == mark.close[0]
    {
        return None;
    }
    Some(kept)
}

/// Why a candidate is dropped rather than reported cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Drop {
    /// Under `--strict`, it stops where an IRI would go on with this character, or at a `[` or
    /// `{` that closes after the authority.
    Excluded(char),
    /// Read as a URI, it stops right before this character outside ASCII, which goes on its
    /// word.
    CutInWord(char),
    /// It stops at the mark of a defanged indicator (`http://evil[.]example/`).
    Defanged,
}

/// The drops for the candidate scanned from `start` to `end`, kept (after the cuts) up to
/// `kept`: the first that applies, if any; [`super::Incomplete`] when the window ends before
/// that can be told.
#[inline]
pub(crate) fn drop(
    w: &Window<'_>,
    start: Start,
    end: &BareEnd,
    kept: usize,
    limit_end: usize,
    strict: bool,
) -> Scan<Option<Drop>> {
    if strict && let Some(c) = strict_stop(w, start, end, limit_end)? {
        return Ok(Some(Drop::Excluded(c)));
    }
    // Read as an IRI, the scan stops only where an IRI ends by policy.
    if !start.iri
        && end.stop.is_some_and(|b| b >= 0x80)
        && let Some(c) = cut_in_word(w, kept, end.end)?
    {
        return Ok(Some(Drop::CutInWord(c)));
    }
    if matches!(end.stop, Some(b'[' | b'{')) && defanged::mark_at(w, end.end)? {
        return Ok(Some(Drop::Defanged));
    }
    // `https://evil . example/x`: a host spaced out around its dots.
    if end.stop == Some(b' ')
        && kept == end.end
        && w.text.get(end.end + 1).is_none_or(|&b| b == b'.')
        && defanged::spaced_host_at(w, start.body, end.end)?
    {
        return Ok(Some(Drop::Defanged));
    }
    Ok(None)
}

/// The quick form of [`drop`] at the byte `stop` where the scan stopped, at `end` in `text`:
/// `true` only when no drop applies, whatever the bytes around (no stop outside ASCII where the
/// candidate is no IRI or under `--strict`, no `[` or `{`, no space before a `.`).
/// `iri` says whether the candidate is read as an IRI; it is asked only at a stop outside ASCII.
#[inline(always)]
pub(crate) fn drops_nothing_at_a_glance(
    text: &[u8],
    end: usize,
    stop: u8,
    iri: impl Fn() -> bool,
    strict: bool,
) -> bool {
    // Most candidates stop at an ASCII byte that starts no mark: one test, and at a space
    // one more.
    if stop < 0x80 && !defanged::may_start_mark(stop) {
        return stop != b' ' || text.get(end + 1).is_some_and(|&b| b != b'.');
    }
    let strict_may = strict && (stop >= 0x80 || matches!(stop, b'[' | b'{'));
    let cut_may = stop >= 0x80 && !iri();
    !strict_may && !cut_may && !defanged::may_start_mark(stop)
}

/// Under `--strict`, the character where the candidate stops (at `end`) and an IRI would go
/// on: a character outside ASCII, or a `[` or `{` after the authority that closes.
#[cold]
#[inline(never)]
fn strict_stop(w: &Window<'_>, start: Start, end: &BareEnd, limit_end: usize) -> Scan<Option<char>> {
    match end.stop {
        Some(b) if b >= 0x80 => unicode::would_go_on(w, end.end),
        Some(b @ (b'[' | b'{')) => {
            let start = Start { iri: true, ..start };
            Ok(balanced_close(w, start, end.end, limit_end, &mut None)?.map(|_| char::from(b)))
        }
        _ => Ok(None),
    }
}

/// The character outside ASCII at `stop` when the candidate, kept up to `kept`, would be a URI
/// cut short there: it goes on its word (`http://www.bü…`, `…/wiki/東京`), after nothing
/// trimmed but dots (`http://foobar.みんな`: a dot before a letter goes on a host name).
#[cold]
#[inline(never)]
fn cut_in_word(w: &Window<'_>, kept: usize, stop: usize) -> Scan<Option<char>> {
    if !w.text.get(kept..stop).is_some_and(|tail| tail.iter().all(|&b| b == b'.')) {
        return Ok(None);
    }
    run::word_goes_on(w, stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::delimit::bare::{Joins, bare, run_at_a_glance};

    /// The quick forms give what the full forms give: over texts made of the bytes the cuts and
    /// drops turn on, bare after each kind of mark, every candidate the quick forms decide is
    /// scanned, cut and judged by the full forms to the same end with nothing dropped.
    #[test]
    fn the_quick_forms_agree_with_the_rules() {
        let alphabet: &[&[u8]] = &[
            b"a",
            b"/",
            b".",
            b",",
            b")",
            b"(",
            b"'",
            b"*",
            b"\"",
            b"]",
            b"[.]",
            b"{",
            b":",
            b"-",
            b" ",
            b" . ",
            b" . com",
            b"\n",
            b"http://",
            b",https://",
            b"\xc3\xa9",
            b"\xe3\x80\x82",
            b"\xe2\x80\x9c",
            b"\xef\xb8\x8f",
        ];
        let before: &[&[u8]] = &[b"", b"(", b"'", b"\"", b"**", b"[", b"x"];
        let mut rng = crate::delimit::Xorshift(0x0e4d_5eed_77a1_0b0bu64);
        let mut decided = 0;
        for round in 0..60_000 {
            let mut text = before[rng.below(before.len())].to_vec();
            let s = text.len();
            text.extend_from_slice(b"http://a");
            rng.pieces(alphabet, 12, &mut text);
            let (iri, strict) = (rng.below(4) != 0, rng.below(5) == 0);
            let start = Start { s, body: s + 5, authority: Some(s + 7), iri };
            let w = Window { text: &text, lo: 0, lo_is_start: true, complete: true, cut: false };
            let opener = crate::delimit::opener(&w, s, 0);
            let Some(run) = run_at_a_glance(&text, start, usize::MAX, || iri) else { continue };
            let mut pieces = Pieces::default();
            let full = bare(&w, start, Joins::HYPHEN, usize::MAX, &mut pieces).unwrap();
            let shown = format!("round {round}: {:?}", String::from_utf8_lossy(&text));
            // The same end, or (an IRI) right before an opening typographic mark that the full
            // scan passed and the trim takes off again.
            let mark_left = super::unicode::trailing_opener(&text[..full.end]);
            if (full.end, full.stop) != (run.end, Some(run.stop)) {
                assert!(mark_left > 0 && full.end - mark_left == run.end, "{shown}");
            }
            assert!(pieces.breaks.is_empty() && pieces.segments.len() == 1, "{shown}");
            if !drops_nothing_at_a_glance(&text, run.end, run.stop, || iri, strict) {
                continue;
            }
            let Some(kept) = cut_at_a_glance(&text, start, &run, opener.mark) else { continue };
            decided += 1;
            let (end, _) = cut(&text, &mut pieces, &opener, start, 0, full);
            let full_kept = pieces.extent().map_or(s, |e| e.end);
            assert_eq!(kept, full_kept, "{shown}");
            assert_eq!(drop(&w, start, &end, full_kept, usize::MAX, strict), Ok(None), "{shown}");
        }
        assert!(decided > 10_000, "{decided}");
    }
}
