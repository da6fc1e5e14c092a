//! What a mark right before the scheme closes after it (the crate docs, "Brackets,
//! parentheses and emphasis"): a `(` pairs with the first `)` the candidate leaves unmatched,
//! a `'` with the first `'` in it that no letter or digit follows, and Markdown emphasis (`*`,
//! `_`, `~` runs) with the same run at its end.

use super::{Pieces, trim};
use crate::chars;

/// When a `(` stands right before the scheme: the index of the first `)` in the candidate, from
/// `body` on, that no `(` inside it matches, where the candidate then ends
/// (`(http://one.org/)(http://two.org/)`, `(http://foo.com/bar)more`); the pieces are cut
/// there. `None` when every `)` is matched (`(https://en.wikipedia.org/wiki/Set_(mathematics))`
/// is then trimmed as usual).
#[cold]
#[inline(never)]
pub(crate) fn first_unmatched_paren(text: &[u8], pieces: &mut Pieces, body: usize) -> Option<usize> {
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
pub(crate) fn closing_quote(text: &[u8], pieces: &mut Pieces, body: usize) -> Option<usize> {
    let closes = |i: usize| !text.get(i + 1).is_some_and(|&b| b.is_ascii_alphanumeric() || b >= 0x80);
    let (n, close) = pieces.segments.iter().enumerate().find_map(|(n, seg)| {
        let from = seg.start.max(body);
        let bytes = text.get(from..seg.end)?;
        memchr::memchr_iter(b'\'', bytes).map(|i| from + i).find(|&i| closes(i)).map(|i| (n, i))
    })?;
    pieces.cut(n, close);
    Some(close)
}

/// The index of the first `,` in `text[from..to]` that a scheme and `://` follow
/// (`http://a.example/x,http://b.example/y`, a CSV row of a phishing feed): a list of URLs,
/// where the URI before ends. Such a `,` is a URI character (a sub-delim), but a reader takes
/// it for the separator of the list.
///
/// A URL after the `,` goes on the run it is in, so a `,` that is the run's last byte (most
/// of them: `see http://x/, and`) is followed by what ended the run, never a letter: it is not
/// looked at.
#[inline]
pub(crate) fn comma_before_url(text: &[u8], from: usize, to: usize) -> Option<usize> {
    let mut i = from;
    let last = to.saturating_sub(1);
    while i < last {
        let k = i + memchr::memchr(b',', text.get(i..last)?)?;
        if url_starts_at(text, k + 1) {
            return Some(k);
        }
        i = k + 1;
    }
    None
}

/// Whether a scheme followed by `://` starts at `at`: a letter, then at most
/// [`crate::find::SCHEME_MAX`] letters, digits, `+`, `-` and `.` (RFC 3986 §3.1).
#[inline]
pub(crate) fn url_starts_at(text: &[u8], at: usize) -> bool {
    if !text.get(at).is_some_and(|&b| chars::is(b, chars::ALPHA)) {
        return false;
    }
    let rest = &text[at..];
    let name =
        rest.iter().take(crate::find::SCHEME_MAX + 1).take_while(|&&b| chars::is(b, chars::SCHEME)).count();
    name <= crate::find::SCHEME_MAX && rest[name..].starts_with(b"://")
}

/// Cuts the candidate's pieces at the first `,` from `body` on that a scheme and `://` follow
/// ([`comma_before_url`]); returns its index.
#[cold]
#[inline(never)]
pub(crate) fn cut_before_url(text: &[u8], pieces: &mut Pieces, body: usize) -> Option<usize> {
    let (n, cut) = pieces.segments.iter().enumerate().find_map(|(n, seg)| {
        let from = seg.start.max(body);
        (from < seg.end).then(|| comma_before_url(text, from, seg.end)).flatten().map(|i| (n, i))
    })?;
    pieces.cut(n, cut);
    Some(cut)
}

/// Markdown emphasis around a URI (`*https://x/bold*`, `**…**`, `_…_`, `~~…~~`): when a run of
/// one to three `mark` bytes stands right before the scheme at `s` (and after no letter or
/// digit, looked for no lower than `lo`), the same run at the end of the candidate is the
/// emphasis closing, not part of the URI; it is taken off and the end trimmed again. Not below
/// `keep`.
#[cold]
#[inline(never)]
pub(crate) fn emphasis(text: &[u8], pieces: &mut Pieces, s: usize, lo: usize, mark: u8, keep: usize) {
    let mut run_start = s;
    while run_start > lo && text[run_start - 1] == mark && s - run_start < 4 {
        run_start -= 1;
    }
    let run = s - run_start;
    if run == 0 || run > 3 || (run_start > lo && text[run_start - 1].is_ascii_alphanumeric()) {
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
    fn a_comma_before_a_url_ends_the_uri() {
        let text = b"5766500,http://a.example/x.htm,http://b.example/d?id=1,2018,yes";
        let mut p = pieces(8..text.len());
        assert_eq!(cut_before_url(text, &mut p, 13), Some(30));
        assert_eq!(p.extent(), Some(8..30));
        // Commas before anything but a scheme and `://` stay; so does one before `mailto:`.
        let text = b"http://x.example/0,1413,101,00.html,mailto:a@b,h2:/x";
        let mut p = pieces(0..text.len());
        assert_eq!(cut_before_url(text, &mut p, 5), None);
        assert_eq!(comma_before_url(b"a,1http://", 0, 10), None);
        assert_eq!(comma_before_url(b"a,svn+ssh://x", 0, 13), Some(1));
        let long = format!("a,{}://", "s".repeat(65));
        assert_eq!(comma_before_url(long.as_bytes(), 0, long.len()), None);
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
