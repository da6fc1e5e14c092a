//! `<...>`: white space inside is ignored (RFC 2396 Appendix E).

use super::lines::{is_blank, line_ending_len, quote_depth, quote_prefix};
use super::run::{skip_uri_chars, skip_words};
use super::{Incomplete, Pieces, Scan, Window, recognize, unicode};
use crate::chars::{self, EXCLUDED, WSP};

/// How an angle-bracket scan ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AngleEnd {
    /// At the `>` with this index; the content is in the pieces.
    Closed(usize),
    /// Not a wrapper: no `>` within the window, a `<` or another character that cannot be in a
    /// URI first, a blank line, or a change of quote depth.
    Open,
    /// A wrapper whose `>` (at this index) lies past the length limit, its content in the
    /// pieces: when that content is a candidate at all, it is too long, and is skipped rather
    /// than read as ordinary text, which would cut it (extractor rule 8).
    Overlong(usize),
}

/// Scans `<...>` content from the scheme at `s` to the closing `>` (RFC 2396 Appendix E:
/// "Using <> angle brackets around each URI is especially recommended as a delimiting style
/// for URIs that contain whitespace"; "The whitespace should be ignored when extracting the
/// URI"). Runs of white space are left out of the pieces; a hyphen ending a line is recorded
/// as a break. Each line after the one of the `<` (at `lt`) must carry that line's quote prefix
/// ([`quote_depth`]), which is skipped. The content may not reach `limit_end`; when it does,
/// the scan goes on to the end of the window (which the engine cuts a little past the limit)
/// to tell an overlong candidate from a `<` that is no wrapper.
///
/// Every scan stops at the next `<`, so scans from different `<` never overlap and a flood of
/// `<` stays linear.
///
/// An IRI (`iri`, see [`super::Start::iri`]) holds its characters outside ASCII inside the
/// brackets too ([`unicode::inside_angle`]).
pub(crate) fn angle(
    w: &Window<'_>,
    s: usize,
    lt: usize,
    limit_end: usize,
    iri: bool,
    pieces: &mut Pieces,
) -> Scan<AngleEnd> {
    scan::<true>(w, s, lt, limit_end, iri, pieces)
}

/// [`angle`]; with `LOOK_AHEAD` off, without the search for the next `<` or `>` at the first
/// line ending, which changes no result (the tests hold the two to each other).
fn scan<const LOOK_AHEAD: bool>(
    w: &Window<'_>,
    s: usize,
    lt: usize,
    limit_end: usize,
    iri: bool,
    pieces: &mut Pieces,
) -> Scan<AngleEnd> {
    pieces.clear();
    let text = w.text;
    let mut seg_start = s;
    let mut i = s;
    // The quote depth is looked up (a search back for the start of the line) only when a line
    // ends inside the brackets, which most `<…>` never do.
    let mut depth = None;
    // Whether a line ending inside the brackets was crossed.
    let mut crossed = false;
    loop {
        // The common case: URI characters. `>`, `<` and white space are all excluded
        // characters.
        i = skip_uri_chars(text, i, limit_end);
        if i >= limit_end {
            return past_the_limit::<LOOK_AHEAD>(w, s, lt, iri, pieces);
        }
        let Some(&b) = text.get(i) else {
            return if w.complete { Ok(AngleEnd::Open) } else { Err(Incomplete) };
        };
        if b == b'>' {
            pieces.push(seg_start..i);
            return Ok(AngleEnd::Closed(i));
        }
        if chars::is(b, WSP) {
            pieces.push(seg_start..i);
            // One blank between two words (a mention in running text, or a URI typed with a
            // space): no line ends, so nothing else to decide.
            if matches!(b, b' ' | b'\t') && text.get(i + 1).is_some_and(|&next| !chars::is(next, WSP)) {
                i += 1;
                seg_start = i;
                continue;
            }
            let hyphen = (i > seg_start && text[i - 1] == b'-').then_some(i - 1);
            let mut lines = 0;
            loop {
                // Blanks and form feeds; then, at a line ending, the next line's quote prefix.
                while text.get(i).is_some_and(|&c| chars::is(c, WSP) && c != b'\r' && c != b'\n') {
                    i += 1;
                }
                let rest = text.get(i..).unwrap_or_default();
                if rest.is_empty() && !w.complete {
                    return Err(Incomplete);
                }
                // Most white space inside `<…>` is a space between words of a mention, not
                // a line ending: one compare instead of the parser.
                if !matches!(rest.first(), Some(b'\r' | b'\n')) {
                    break;
                }
                match line_ending_len(rest, w.complete)? {
                    None => break,
                    Some(len) => {
                        lines += 1;
                        if lines > 1 {
                            // A blank line: a paragraph ends, and a URI does not span one.
                            return Ok(AngleEnd::Open);
                        }
                        i += len;
                        // The first line ending inside the brackets: the scan has met neither
                        // `<` nor `>` so far, and ends at the first `<` with no `>` before it.
                        // When the next of the two is a `<`, this is no wrapper, whatever the
                        // lines up to it hold: one search settles it, rather than a scan of
                        // every line (a `<` left open before a long run of lines).
                        if LOOK_AHEAD
                            && !crossed
                            && memchr::memchr2(b'<', b'>', &text[i..]).is_some_and(|k| text[i + k] == b'<')
                        {
                            return Ok(AngleEnd::Open);
                        }
                        crossed = true;
                        let depth = *depth.get_or_insert_with(|| quote_depth(w, lt));
                        if depth > 0 {
                            let rest = text.get(i..).unwrap_or_default();
                            match recognize(quote_prefix(depth), rest, w.complete)? {
                                Some((after, ())) => i = text.len() - after.len(),
                                None => return Ok(AngleEnd::Open),
                            }
                        }
                    }
                }
            }
            if let Some(h) = hyphen
                && lines > 0
            {
                pieces.breaks.push(h);
            }
            seg_start = i;
            continue;
        }
        if b == b'<' || (chars::is(b, EXCLUDED) && !matches!(b, b'[' | b']' | b'{' | b'}')) {
            // Outside ASCII, an IRI's character goes on (asked only here, where `<…>` of
            // ASCII text ends anyway).
            if b >= 0x80
                && iri
                && let Some(next) = unicode::inside_angle(w, i)?
            {
                i = next;
                continue;
            }
            return Ok(AngleEnd::Open);
        }
        i += 1;
    }
}

/// What `<…>` whose content reaches the length limit is: [`AngleEnd::Overlong`] when it closes
/// within the window, which the engine cuts a little past the limit, its content in `pieces`;
/// no wrapper otherwise.
#[cold]
#[inline(never)]
fn past_the_limit<const LOOK_AHEAD: bool>(
    w: &Window<'_>,
    s: usize,
    lt: usize,
    iri: bool,
    pieces: &mut Pieces,
) -> Scan<AngleEnd> {
    match scan::<LOOK_AHEAD>(w, s, lt, usize::MAX, iri, pieces)? {
        AngleEnd::Closed(gt) => Ok(AngleEnd::Overlong(gt)),
        _ => Ok(AngleEnd::Open),
    }
}

/// Where the quick form of [`angle`] ([`at_a_glance`]) ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AngleRun {
    /// The first segment, from the scheme.
    pub(crate) first: core::ops::Range<usize>,
    /// The second, when the URI is wrapped once onto the next line ([`angle_wrapped_once`]).
    pub(crate) second: Option<core::ops::Range<usize>>,
    /// The index of the closing `>`.
    pub(crate) gt: usize,
    /// The classes the run scan noted over the first segment ([`super::run::RUN`]), or more:
    /// every class when brackets were passed.
    pub(crate) seen: u8,
}

/// The quick form of [`angle`] for the scheme at `s` right after the `<` (its body, after the
/// colon, at `body`): `Some` only when [`angle`] closes at the same `>` with the same segments
/// and no hyphen break: URI characters and brackets up to the `>`, or up to white space and
/// the common two-line form ([`angle_wrapped_once`], `depth` as there). `None` for anything
/// else (a character outside ASCII, a brace, more white space, the length limit `limit_end`,
/// the end of `text`), which [`angle`] decides.
#[inline(always)]
pub(crate) fn at_a_glance(
    text: &[u8],
    s: usize,
    body: usize,
    limit_end: usize,
    depth: impl FnOnce() -> usize,
) -> Option<AngleRun> {
    let (mut end, mut seen) = super::run::scan(text, body, limit_end);
    let stop = loop {
        let &stop = text.get(end)?;
        if end >= limit_end {
            return None;
        }
        if !matches!(stop, b'[' | b']') {
            break stop;
        }
        // Brackets inside `<…>` are passed over; they are no run the scan noted.
        let (next, _) = super::run::scan(text, end + 1, limit_end);
        (end, seen) = (next, u8::MAX);
    };
    match stop {
        b'>' => Some(AngleRun { first: s..end, second: None, gt: end, seen }),
        b' ' | b'\t' | b'\r' | b'\n' => {
            let (second, gt) = angle_wrapped_once(text, end, limit_end, depth)?;
            Some(AngleRun { first: s..end, second: Some(second), gt, seen: u8::MAX })
        }
        _ => None,
    }
}

/// [`angle`] in its common two-line form, `<URL:http://lists.example.org/pipermail/` /
/// `    list/2002-September/95165.html>`: the first segment of URI characters ends at `end`,
/// then blanks, one line ending (LF or CR LF), blanks, and a segment of URI characters (with
/// brackets) that runs to the `>`. Returns that second segment and the `>`'s index only when
/// [`angle`] reads the same from the `<` on a line of quote depth 0 (`depth` gives the depth
/// of the `<`'s line, asked only when the rest fits); `None` for anything else, which [`angle`]
/// decides: a hyphen before the break (two readings), a quoted line, a blank line, more white
/// space, the end of `text` or of the length limit.
#[inline]
pub(crate) fn angle_wrapped_once(
    text: &[u8],
    end: usize,
    limit_end: usize,
    depth: impl FnOnce() -> usize,
) -> Option<(core::ops::Range<usize>, usize)> {
    if text[end - 1] == b'-' {
        return None;
    }
    let blanks =
        |i: usize| i + text.get(i..).unwrap_or_default().iter().take_while(|&&b| is_blank(b)).count();
    let mut i = blanks(end);
    i += match text.get(i..i + 2)? {
        [b'\n', _] => 1,
        [b'\r', b'\n'] => 2,
        _ => return None,
    };
    let start = blanks(i);
    // A URI character: not white space (a blank line), not `>` or `<`.
    if text.get(start).is_none_or(|&b| chars::is(b, EXCLUDED)) || depth() != 0 {
        return None;
    }
    let mut gt = skip_words(text, start, limit_end);
    loop {
        if gt >= limit_end {
            return None;
        }
        match *text.get(gt)? {
            b'>' => return Some((start..gt, gt)),
            b'[' | b']' | b'{' | b'}' => gt = skip_words(text, gt + 1, limit_end),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whenever the two-line form decides, [`angle`] reads the same two segments to the same
    /// `>`: every split of texts made of the bytes `<…>` content is made of.
    #[test]
    fn wrapped_once_agrees_with_angle() {
        let alphabet: &[&[u8]] = &[
            b"a",
            b"/",
            b"-",
            b" ",
            b"\t",
            b"\n",
            b"\r\n",
            b">",
            b"<",
            b"[",
            b"]",
            b"{",
            b"}",
            b"> ",
            b"\"",
            b"\xc2\xa0",
        ];
        let mut rng = crate::delimit::Xorshift(0x9e37_79b9_7f4a_7c15u64);
        let mut decided = 0;
        for _ in 0..50_000 {
            let mut text = b"x <http://a".to_vec();
            rng.pieces(alphabet, 10, &mut text);
            let (lt, s) = (2, 3);
            let end = skip_words(&text, s + 7, usize::MAX);
            if end >= text.len() || !matches!(text[end], b' ' | b'\t' | b'\r' | b'\n') {
                continue;
            }
            let w = Window { text: &text, lo: 0, lo_is_start: true, complete: true, cut: false };
            for limit_end in [text.len(), text.len().saturating_sub(2)] {
                if let Some((second, gt)) = angle_wrapped_once(&text, end, limit_end, || quote_depth(&w, lt))
                {
                    decided += 1;
                    let mut pieces = Pieces::default();
                    assert_eq!(angle(&w, s, lt, limit_end, true, &mut pieces), Ok(AngleEnd::Closed(gt)));
                    assert_eq!(pieces.segments, [s..end, second], "{:?}", String::from_utf8_lossy(&text));
                    assert!(pieces.breaks.is_empty());
                }
            }
        }
        assert!(decided > 200, "{decided}");
    }

    /// The search for the next `<` or `>` at the first line ending inside the brackets changes
    /// nothing that [`angle`] gives: the end, the pieces, the breaks, and asking for more of a
    /// window that is not complete; over texts of lines, quote prefixes, blank lines, hyphens,
    /// brackets and text outside ASCII, cut at every length, with and without a length limit.
    #[test]
    fn the_look_ahead_at_a_line_ending_changes_nothing() {
        let alphabet: &[&[u8]] = &[
            b"a",
            b"a:",
            b"-",
            b" ",
            b"\t",
            b"\n",
            b"\r\n",
            b"\r",
            b"\n\n",
            b"> ",
            b">",
            b"<",
            b"[",
            b"]",
            b"\"",
            b"\x0c",
            b"\xc3\xa9",
            b"\xe3\x80\x8d",
            b"\xc2\xa0",
            b"\n  ",
            b"\n> ",
        ];
        let mut rng = crate::delimit::Xorshift(0x2545_f491_4f6c_dd1du64);
        let (mut open, mut other) = (0, 0);
        for round in 0..20_000 {
            let quoted = rng.below(3) == 0;
            let mut text = if quoted { b"> x <http://a".to_vec() } else { b"x <http://a".to_vec() };
            let (lt, s) = if quoted { (4, 5) } else { (2, 3) };
            rng.pieces(alphabet, 24, &mut text);
            for cut in s + 1..=text.len() {
                let complete = cut == text.len();
                let w = Window { text: &text[..cut], lo: 0, lo_is_start: true, complete, cut: false };
                for limit_end in [usize::MAX, s + 12] {
                    let (mut ahead, mut scanned) = (Pieces::default(), Pieces::default());
                    let a = scan::<true>(&w, s, lt, limit_end, true, &mut ahead);
                    let b = scan::<false>(&w, s, lt, limit_end, true, &mut scanned);
                    let shown = String::from_utf8_lossy(&text[..cut]);
                    assert_eq!(a, b, "round {round}: {shown:?}, limit {limit_end}");
                    if a != Ok(AngleEnd::Open) {
                        assert_eq!(ahead.segments, scanned.segments, "round {round}: {shown:?}");
                        assert_eq!(ahead.breaks, scanned.breaks, "round {round}: {shown:?}");
                    }
                    match a {
                        Ok(AngleEnd::Open) => open += 1,
                        _ => other += 1,
                    }
                }
            }
        }
        assert!(open > 10_000 && other > 10_000, "open {open}, other {other}");
    }
}
