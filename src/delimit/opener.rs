//! The wrapper before a scheme: `<`, `<URL:`, `URL:`, and the quote, bracket or brace right
//! before it (RFC 2396 Appendix E; RFC 1738 appendix).

use super::lines::is_blank;
use super::pairs::{self, Closing, Mark};
use super::{BareEnd, Window};
use crate::chars::{self, WSP};
use crate::matches::Delimiter;

/// A wrapper that may open before the scheme at `s`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Opener {
    /// `<`, optional white space, optional `URL:` and white space (RFC 1738 appendix,
    /// seed 000 Appendix E): the index of the `<`, and whether `URL:` was there.
    pub(crate) angle: Option<(usize, bool)>,
    /// `URL:` and optional blanks right before the scheme: the index of its `U`.
    pub(crate) url_prefix: Option<usize>,
    /// A mark right before the scheme (`"`, `[`, `(`, `'`, `*`, …), which pairs with what
    /// closes it after the URI ([`pairs::MARKS`]).
    pub(crate) mark: Option<&'static Mark>,
}

/// How far back from a scheme its wrapper is looked for: `<`, white space, `URL:`, white space
/// (an indented continuation line after `<URL:` fits easily).
pub(crate) const OPENER_LOOK_BACK: usize = 136;

/// The lowest index a look-back for the wrapper of the scheme at `s` may read.
fn opener_floor(w: &Window<'_>, s: usize, floor: usize) -> usize {
    floor.max(w.lo).max(s.saturating_sub(OPENER_LOOK_BACK))
}

/// Recognizes the wrapper before the scheme starting at `s`, looking back no further than
/// `floor` (the end of the previous match, or the caller's bound).
///
/// Most schemes return at the first tests, so it is inlined into the candidate's flow.
#[inline]
pub(crate) fn opener(w: &Window<'_>, s: usize, floor: usize) -> Opener {
    let text = w.text;
    let floor = opener_floor(w, s, floor);
    let mut found = Opener::default();
    if s <= floor {
        return found;
    }
    let before = text[s - 1];
    found.mark = pairs::mark_before(text, s, before, floor);
    // Most schemes follow a byte that is neither white space, `<`, nor the colon of `URL:`:
    // then neither look-back below can find anything.
    if !chars::is(before, WSP) && before != b'<' && before != b':' {
        return found;
    }
    // One white-space byte after a byte that is neither white space, `<` nor `:` (`, mailto:`,
    // `see http:`), or right above the floor: both steps back below stop right there, where
    // neither `URL:` nor `<` ends (as in [`may_open_angle`]).
    if chars::is(before, WSP)
        && (s - 1 == floor || (!matches!(text[s - 2], b'<' | b':') && !chars::is(text[s - 2], WSP)))
    {
        return found;
    }

    // `URL:` with blanks only (not a line break) before a scheme outside angle brackets.
    let b = back_while(text, s, floor, is_blank);
    if let Some(u) = url_colon_before(text, b, floor)
        && (u == floor || !text[u - 1].is_ascii_alphanumeric())
    {
        found.url_prefix = Some(u);
    }

    // `<` [ws] [`URL:` [ws]] scheme: inside angle brackets white space of any kind is ignored.
    let ws = |b: u8| chars::is(b, WSP);
    let mut i = back_while(text, s, floor, ws);
    let mut url = false;
    if let Some(u) = url_colon_before(text, i, floor) {
        url = true;
        i = back_while(text, u, floor, ws);
    }
    if i > floor && text[i - 1] == b'<' {
        found.angle = Some((i - 1, url));
    }
    found
}

/// [`opener`] in the forms one look at the bytes before the scheme at `s` settles: `Some` only
/// when [`opener`] returns exactly that, in a window whose `lo` is at least
/// [`crate::find::SCHEME_MAX`] bytes before `s`'s colon; `None` when it must look further (a
/// colon before the scheme other than `<URL:`'s, white space after a `<` or `URL:`).
/// The lane of common candidates reads the wrapper this way.
#[inline(always)]
pub(crate) fn opener_at_a_glance(text: &[u8], s: usize, floor: usize) -> Option<Opener> {
    let mut found = Opener::default();
    if s <= floor {
        return Some(found);
    }
    match text[s - 1] {
        b'<' => found.angle = Some((s - 1, false)),
        // `<URL:` right before the scheme (RFC 1738 appendix): both the angle and the prefix.
        b':' if s >= floor + 5 && text[s - 5] == b'<' && url_colon_before(text, s, 0).is_some() => {
            found.angle = Some((s - 5, true));
            found.url_prefix = Some(s - 4);
        }
        b':' => return None,
        b if chars::is(b, WSP) => {
            // Nothing opens unless a `<` or `URL:` ends the white space; `URL:` is looked for
            // even where it reaches below the bound, which only makes this say `None` more.
            let lowest = floor.max(s.saturating_sub(OPENER_LOOK_BACK));
            let i = back_while(text, s, lowest, |b| chars::is(b, WSP));
            if i > lowest && (text[i - 1] == b'<' || url_colon_before(text, i, 0).is_some()) {
                return None;
            }
        }
        before => found.mark = pairs::mark_before(text, s, before, floor),
    }
    Some(found)
}

/// The wrappers that the one-pass lane takes, as [`wrap_at_a_glance`] tells them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum QuickWrap {
    /// Nothing before the scheme.
    Bare,
    /// `<`, at `lt`, right before the scheme, or `<URL:` (`url`).
    Angle { lt: usize, url: bool },
    /// A mark closed where the bare scan stops ([`Closing::AtStop`]: `"`, `[`, `{`), or by
    /// the same run at the end ([`Closing::SameRun`]: emphasis, a passthrough).
    Marked(&'static Mark),
}

/// [`opener_at_a_glance`] in the forms whose candidate the quick path reads to its end without
/// the rules of a closing mark: none, `<…>` and `<URL:…>` right before the scheme, a mark
/// closed at the stop of the bare scan, and a run of marks (whose closing the quick form of the
/// cuts judges, `end::cut_at_a_glance`). `None` for the others (`URL:` alone, a mark that pairs
/// by reading the candidate), and whenever the glance says `None`.
#[inline(always)]
pub(crate) fn wrap_at_a_glance(text: &[u8], s: usize, floor: usize) -> Option<QuickWrap> {
    Some(match opener_at_a_glance(text, s, floor)? {
        Opener { angle: Some((lt, url)), .. } => QuickWrap::Angle { lt, url },
        Opener { mark: None, url_prefix: None, .. } => QuickWrap::Bare,
        Opener { mark: Some(mark), url_prefix: None, .. } if mark.closing == Closing::AtStop => {
            QuickWrap::Marked(mark)
        }
        // A run of emphasis marks closes where the candidate ends with one, which the quick cut
        // declines ([`super::end::cut_at_a_glance`]); most do not (`(+http://x/bot.html)`).
        // Stars are left to the general path: `h**ps://` is a defanged scheme.
        Opener { mark: Some(mark), url_prefix: None, .. }
            if mark.closing == Closing::SameRun && mark.close[0] != b'*' =>
        {
            QuickWrap::Marked(mark)
        }
        _ => return None,
    })
}

/// Whether `<` may open before the scheme at `s`: a quick test of what [`opener`] looks for
/// (`<`, or `URL:`, after white space), so that most colons cost no more.
#[inline]
pub(crate) fn may_open_angle(w: &Window<'_>, s: usize, floor: usize) -> bool {
    // Most schemes follow a byte that is neither white space, `<` nor the colon of `URL:`.
    match s.checked_sub(1).and_then(|p| w.text.get(p)) {
        // Right after a colon (`a:a:`, `x:http:`) only `URL:` can stand there, with no white
        // space to step back over; the `L` of it is looked at first.
        Some(b':') => {
            return s.checked_sub(2).and_then(|p| w.text.get(p)).is_some_and(|&l| l | 0x20 == b'l')
                && url_colon_before(w.text, s, opener_floor(w, s, floor)).is_some();
        }
        Some(&b) if !chars::is(b, WSP) && b != b'<' => return false,
        // One white-space byte after a byte that is neither white space, `<` nor `:` (`see
        // http:`, `http:// http://`, a header name at the start of a line): the step back over
        // white space stops at that byte, whatever the floor, and it opens nothing.
        Some(&b)
            if chars::is(b, WSP)
                && s.checked_sub(2)
                    .and_then(|p| w.text.get(p))
                    .is_some_and(|&b| !chars::is(b, WSP) && b != b'<' && b != b':') =>
        {
            return false;
        }
        _ => {}
    }
    angle_opens_before(w, s, floor)
}

/// The rest of [`may_open_angle`]: the step back over white space. Out of line, so that the
/// quick tests above are inlined where every colon passes.
#[inline(never)]
fn angle_opens_before(w: &Window<'_>, s: usize, floor: usize) -> bool {
    let floor = opener_floor(w, s, floor);
    let i = back_while(w.text, s, floor, |b| chars::is(b, WSP));
    i > floor && (w.text[i - 1] == b'<' || url_colon_before(w.text, i, floor).is_some())
}

/// Steps back from `end` over bytes that satisfy `pred`, not below `floor`.
#[inline]
pub(crate) fn back_while(text: &[u8], end: usize, floor: usize, pred: impl Fn(u8) -> bool) -> usize {
    let mut i = end;
    while i > floor && pred(text[i - 1]) {
        i -= 1;
    }
    i
}

/// The index of `URL:` (any case) ending right at `end`, if it is there and not below `floor`.
#[inline]
pub(crate) fn url_colon_before(text: &[u8], end: usize, floor: usize) -> Option<usize> {
    let start = end.checked_sub(4).filter(|&u| u >= floor)?;
    // The colon first: nearly always absent; then the `L`, which rules out most words that do
    // end in a colon. `| 0x20` lower-cases exactly the two bytes of each letter.
    match text.get(start..end)? {
        [u, r, l, b':'] if l | 0x20 == b'l' && r | 0x20 == b'r' && u | 0x20 == b'u' => Some(start),
        _ => None,
    }
}

/// What a bare candidate ending at `extent` (its scan stopped at `end`) is reported as, and its
/// outer span: `URL:` before it (extractor rule 5), or the mark before its scheme when the scan
/// stopped at the mark that closes it and the mark makes a wrapper ([`Mark::delimiter`]:
/// quotes, brackets, braces; rules 5 and 6); bare otherwise.
#[inline(always)]
pub(crate) fn wrapper(
    text: &[u8],
    opener: &Opener,
    extent: core::ops::Range<usize>,
    end: BareEnd,
) -> (Delimiter, core::ops::Range<usize>) {
    match opener.url_prefix {
        Some(u) => (Delimiter::UrlPrefix, u..extent.end),
        None => marked(text, opener.mark, extent, end.end, end.stop),
    }
}

/// [`wrapper`] of a candidate with no `URL:` before it, after the mark `mark` (if any), ending
/// at `extent`, its scan stopped at `end` on `stop`.
#[inline(always)]
pub(crate) fn marked(
    text: &[u8],
    mark: Option<&Mark>,
    extent: core::ops::Range<usize>,
    end: usize,
    stop: Option<u8>,
) -> (Delimiter, core::ops::Range<usize>) {
    // The scan stopped at `text[end]`: a closing mark of one byte is there when `stop` is it.
    if let Some(mark) = mark
        && let Some(delimiter) = mark.delimiter
        && stop == Some(mark.close[0])
        && end < text.len()
        && (mark.close.len() == 1 || text[end..].starts_with(mark.close))
    {
        return (delimiter, extent.start - mark.open.len()..end + mark.close.len());
    }
    (Delimiter::Bare, extent)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The glance gives what [`opener`] gives whenever it gives anything: every position and
    /// floor of texts made of the bytes that wrappers are made of.
    #[test]
    fn a_glance_agrees_with_the_look_back() {
        let alphabet: &[&[u8]] =
            &[b"<", b"URL:", b"url:", b":", b" ", b"\n", b"\t", b"\"", b"'", b"[", b"{", b"x", b"(", b"http"];
        let mut rng = crate::delimit::Xorshift(0x2545_f491_4f6c_dd1du64);
        let mut decided = 0;
        for _ in 0..20_000 {
            let mut text = Vec::new();
            rng.pieces(alphabet, 8, &mut text);
            let s = text.len();
            text.extend_from_slice(b"http://a.example/>");
            let w = Window { text: &text, lo: 0, lo_is_start: true, complete: true, cut: false };
            for floor in 0..=s {
                if let Some(glance) = opener_at_a_glance(&text, s, floor) {
                    decided += 1;
                    assert_eq!(
                        glance,
                        opener(&w, s, floor),
                        "{:?} floor {floor}",
                        String::from_utf8_lossy(&text)
                    );
                }
            }
        }
        assert!(decided > 20_000, "{decided}");
    }

    #[test]
    fn wrappers_need_their_closing_byte() {
        let text = b"\"http://a/x.\" \"http://b/ y";
        let quote = pairs::mark_before(b"\"", 1, b'"', 0);
        let opener = Opener { mark: quote, ..Default::default() };
        let closed = BareEnd { end: 12, stop: Some(b'"'), overlong: false, repaired: false };
        assert_eq!(wrapper(text, &opener, 1..11, closed), (Delimiter::Quoted, 0..13));
        let open = BareEnd { end: 24, stop: Some(b' '), overlong: false, repaired: false };
        assert_eq!(wrapper(text, &opener, 15..24, open), (Delimiter::Bare, 15..24));
        let url = Opener { url_prefix: Some(0), mark: quote, ..Default::default() };
        assert_eq!(wrapper(text, &url, 5..9, closed).0, Delimiter::UrlPrefix);
    }
}
