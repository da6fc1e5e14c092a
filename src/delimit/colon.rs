//! What follows a scheme's colon: the first decision on every candidate (extractor rules 1
//! and 7), before any wrapper is looked for.

use super::{Incomplete, LOOKBACK, Scan, Window};
use crate::chars::{self, EXCLUDED, WSP};
use crate::find::{self, SchemeRule, Shape};

/// What one look at the bytes right after a scheme's colon says, before anything else is
/// looked at (see [`glance`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Glance {
    /// A URI may start here: the candidate decides.
    Maybe,
    /// No URI can start here outside `<…>`: only a `<` or `URL:` before the scheme could make
    /// one.
    OnlyAngle,
    /// No URI starts here at all: `URL:` is never part of a URI (extractor rule 5).
    Never,
}

/// The glance at the colon at `c` after the scheme-like word at `s`, from the bytes right after
/// it. [`Glance::OnlyAngle`] for a blank and no line break (`Note: the`, a label in running
/// text), for `//` and a byte that ends a bare URI with no line break after it (`http:// `, a
/// mention; [`After::EmptyAuthority`] while the scheme fits `max_uri_len`), and for a URI
/// character but not `//` after a scheme that needs `//` (`a:b`, `INFO:root`; see
/// [`SchemeRule`]), and for a `\` but not `\/` (`C:\`; `https:\/\/` is a JSON string's,
/// [`super::json`]). A shortcut of [`after_colon`] with the scheme's rule: it says `Maybe`
/// whenever the bytes it needs are not in `hay` yet.
#[inline(always)]
pub(crate) fn glance(hay: &[u8], s: usize, c: usize, max_uri_len: usize) -> Glance {
    let ends = |x: u8| chars::is(x, EXCLUDED) && !chars::is(x, WSP);
    let at = |i: usize| hay.get(c + i).copied();
    let Some(first) = at(1) else { return Glance::Maybe };
    let only_angle = if first == b'/' {
        match (at(2), at(3)) {
            (Some(b'/'), Some(x)) if chars::is(x, EXCLUDED) && c + 2 < s + max_uri_len => match x {
                b' ' | b'\t' => at(4).is_some_and(|y| !matches!(y, b' ' | b'\t' | b'\r' | b'\n')),
                // A byte outside ASCII may start an IRI's host.
                _ => ends(x) && x != b'[' && x < 0x80,
            },
            _ => false,
        }
    } else if first == b' ' {
        at(2).is_some_and(|x| !matches!(x, b' ' | b'\t' | b'\r' | b'\n'))
    } else if !chars::is(first, EXCLUDED) && (first != b'/' || at(2).is_some_and(|x| x != b'/')) {
        match find::scheme_rule_at(hay, s, c) {
            SchemeRule::Never => return Glance::Never,
            SchemeRule::NeedsSlashes => true,
            SchemeRule::Opaque(_) => false,
        }
    } else {
        // A `\` other than a JSON string's escaped slash (`C:\Windows`) starts no URI; the
        // slash may be escaped more than once (`\\\/`, [`super::json`]).
        first == b'\\'
            && match at(2) {
                None | Some(b'/') => false,
                Some(b'\\') => super::json::escaped_deeper(hay, c) == Some(false),
                Some(_) => true,
            }
    };
    if only_angle { Glance::OnlyAngle } else { Glance::Maybe }
}

/// The start of the scheme before the colon at `c` when the colon is a trigger that
/// `Candidate::delimit` does not pass over at once: the byte after it may go on with a URI
/// (`ends` when it is one that [`chars::ends_every_uri`]), a scheme stands before it
/// ([`find::scheme_start`], no further back than `floor`), and [`passes_over`] does not tell
/// it. `lo()` is the lowest index a look back may read. The test the engine's trigger loop
/// makes at each colon (`Engine::next_trigger` spells its three steps out, which keeps the
/// loop's code as it was) and the one the mail reader asks of a text before making it a
/// segment.
#[inline(always)]
pub(crate) fn trigger_scheme(
    hay: &[u8],
    c: usize,
    ends: bool,
    floor: usize,
    max_uri_len: usize,
    lo: impl FnOnce() -> usize,
) -> Option<usize> {
    if ends {
        return None;
    }
    let s = find::scheme_start(hay, c, floor)?;
    (!passes_over(hay, s, c, floor, max_uri_len, lo)).then_some(s)
}

/// Whether the engine takes the colon at `c` of `text` for a trigger when it reads `text` from
/// its start: [`trigger_scheme`] with no floor, reading back as far as the engine does
/// ([`LOOKBACK`]). What the mail reader asks of a text before making it a segment
/// (`decode::mail::Wanted::takes_colon`).
pub(crate) fn takes_colon(text: &[u8], c: usize, max_uri_len: usize) -> bool {
    let ends = text.get(c + 1).is_some_and(|&b| chars::ends_every_uri(b));
    trigger_scheme(text, c, ends, 0, max_uri_len, || c.saturating_sub(LOOKBACK)).is_some()
}

/// Whether the colon at `c`, after the scheme-like word at `s`, is one that
/// `Candidate::delimit` would pass over at once: [`glance`] says only `<…>` could hold a URI
/// there and no `<` or `URL:` stands before the word ([`super::may_open_angle`], reading back to
/// `lo()`); or the word is `URL:` (extractor rule 5). `false` whenever that cannot be told here.
#[inline(always)]
pub(crate) fn passes_over(
    hay: &[u8],
    s: usize,
    c: usize,
    floor: usize,
    max_uri_len: usize,
    lo: impl FnOnce() -> usize,
) -> bool {
    match glance(hay, s, c, max_uri_len) {
        Glance::Maybe => false,
        Glance::Never => true,
        Glance::OnlyAngle => {
            let w = Window { text: hay, lo: lo(), lo_is_start: false, complete: true, cut: false };
            !super::may_open_angle(&w, s, floor)
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum After {
    /// `//`: an authority.
    Slashes,
    /// Blanks and a line break: the URI may go on on the next line (`(https:` / `//host/)`).
    LineBreak,
    /// Another byte that may be in a URI.
    UriChar,
    /// White space without a line break, or a byte that ends a URI: no URI here.
    Other,
    /// `//` and a byte that ends a URI, with no line break after it: no URI here either, when
    /// the scheme is short enough for its `//` to fit the length limit.
    EmptyAuthority,
}

pub(crate) fn after_colon(w: &Window<'_>, colon: usize) -> Scan<After> {
    let rest = w.text.get(colon + 1..).unwrap_or_default();
    match rest {
        [b'/'] | [b'/', b'/'] if !w.complete => Err(Incomplete),
        // `scheme://` and a byte that ends a bare URI (`http:// `, `"http://"`): outside angle
        // brackets that is a mention, not a URI (see `shape_ok`), and it cannot go on on the
        // next line either, unless only blanks stand before a line break (`(https://` /
        // `www.debian.org/)`). Deciding it here spares floods of `http:// ` a bare scan, a
        // trim and a second reading each.
        [b'/', b'/', after @ ..] => match after.first() {
            // A byte outside ASCII may start an IRI's host (`http://ああ.com`): the scan decides.
            Some(&b) if chars::is(b, EXCLUDED) && b < 0x80 && b != b'[' && b != b'\r' && b != b'\n' => {
                match line_break_after_blanks(w, after)? {
                    After::LineBreak => Ok(After::Slashes),
                    _ => Ok(After::EmptyAuthority),
                }
            }
            _ => Ok(After::Slashes),
        },
        [b' ' | b'\t' | b'\r' | b'\n', ..] => line_break_after_blanks(w, rest),
        [b, ..] if !chars::is(*b, EXCLUDED) => Ok(After::UriChar),
        _ => line_break_after_blanks(w, rest),
    }
}

/// [`after_colon`] when one look at the bytes right after the colon settles it: a URI
/// character that does not start `//` ([`After::UriChar`]), or `//` and a URI character or the
/// `[` of an IP literal ([`After::Slashes`]). `Some` only when [`after_colon`] returns exactly
/// that, in a complete window or not; `None` when it must look further. The lane of common
/// candidates reads what follows the colon this way.
#[inline(always)]
pub(crate) fn after_colon_at_a_glance(text: &[u8], colon: usize) -> Option<After> {
    let body = colon + 1;
    let uri_char = |i: usize| text.get(i).is_some_and(|&b| !chars::is(b, EXCLUDED));
    if text.get(body..body + 2) == Some(b"//") {
        return (uri_char(body + 2) || text.get(body + 2) == Some(&b'[')).then_some(After::Slashes);
    }
    // A `/` at the end may be the start of `//`.
    (uri_char(body) && text.get(body + 1).is_some()).then_some(After::UriChar)
}

/// What the scheme at `s` and the bytes right after its colon at `c` make of a candidate, as
/// [`opening_at_a_glance`] tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Opening {
    /// No URI at all: the candidate's scan ends right after the colon, with nothing to report.
    Nothing,
    /// `//` and an authority after a scheme that needs it.
    Authority,
    /// A URI character (not `//`) after a registered opaque scheme, with the shape its text
    /// must have.
    Opaque(Shape),
}

/// The quick form of the candidate's first decisions at the colon `c` after the scheme at `s`
/// (`Candidate::delimit`: [`after_colon`], then the scheme's [`SchemeRule`]): `Some` only when
/// one look settles them as the general path settles them. [`Opening::Nothing`] for a scheme
/// that needs `//` at the end of a line that is no continuation of it ([`line_end_colon`]);
/// [`Opening::Authority`] or [`Opening::Opaque`] when what follows is what the scheme needs
/// ([`after_colon_at_a_glance`]). `None` for anything else: white space that may open `<…>`, a
/// scheme that is never one, what follows being of the wrong kind for the scheme (the general
/// path may still find `<…>`), or the end of `text`.
#[inline(always)]
pub(crate) fn opening_at_a_glance(text: &[u8], s: usize, c: usize) -> Option<Opening> {
    let body = c + 1;
    let rule = || find::scheme_rule_at(text, s, c);
    if text.get(body).is_some_and(|&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n')) {
        return (rule() == SchemeRule::NeedsSlashes && line_end_colon(text, body))
            .then_some(Opening::Nothing);
    }
    let opening = match rule() {
        SchemeRule::NeedsSlashes => Opening::Authority,
        SchemeRule::Opaque(shape) => Opening::Opaque(shape),
        SchemeRule::Never => return None,
    };
    let after = after_colon_at_a_glance(text, c)?;
    ((opening == Opening::Authority) == (after == After::Slashes)).then_some(opening)
}

/// [`After::LineBreak`] when `rest` starts with blanks (spaces, tabs; maybe none) and a line
/// break, [`After::Other`] when something else follows the blanks, and undecided when they run
/// to the end of the window.
fn line_break_after_blanks(w: &Window<'_>, rest: &[u8]) -> Scan<After> {
    let blanks = rest.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    match rest.get(blanks) {
        Some(b'\r' | b'\n') => Ok(After::LineBreak),
        Some(_) => Ok(After::Other),
        None if w.complete => Ok(After::Other),
        None => Err(Incomplete),
    }
}

/// Whether the colon of a scheme that needs `//`, followed at `body` by blanks and a line break
/// (`wrote:` at the end of a line), certainly starts no URI: the general path would try `<…>`
/// and the bare readings across the line break, and each must go on with `//` after the colon
/// (`(https:` / `//host/)`), but what the next line holds after its white space and quote
/// marks is not a `/`. Then that path ends in a bare scan that stops right at `body`, with
/// nothing to report. `false` when that cannot be seen in `hay`.
#[inline]
pub(crate) fn line_end_colon(hay: &[u8], body: usize) -> bool {
    let rest = hay.get(body..).unwrap_or_default();
    let blanks = rest.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    if !matches!(rest.get(blanks), Some(b'\r' | b'\n')) {
        // White space and something else: `after_colon` says `Other`, which is not this.
        return false;
    }
    // More is passed over than any continuation reads (blank lines, quote marks of any depth,
    // vertical tabs), and all it reads: blanks, quote marks and the no-break spaces (U+00A0 in
    // UTF-8) of an indent (found by the `extract` fuzz target). The answer can only err towards
    // the general path.
    let mut i = blanks;
    while let Some(&b) = rest.get(i) {
        match (b, rest.get(i + 1)) {
            _ if chars::is(b, chars::WSP) || b == b'>' => i += 1,
            (0xc2, Some(0xa0)) => i += 2,
            // A no-break space whose second byte is not in `hay` yet, perhaps.
            (0xc2, None) => return false,
            _ => return b != b'/',
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The glance at what follows a colon gives what [`after_colon`] gives whenever it gives
    /// anything, in complete and partial windows.
    #[test]
    fn a_glance_at_what_follows_agrees() {
        let alphabet: &[&[u8]] = &[b"/", b"a", b" ", b"\n", b"[", b"<", b"\"", b"\xc3"];
        let mut rng = crate::delimit::Xorshift(0x0bad_5eed_1234_5678u64);
        let mut decided = 0;
        for _ in 0..20_000 {
            let mut text = b"x:".to_vec();
            rng.pieces(alphabet, 5, &mut text);
            if let Some(after) = after_colon_at_a_glance(&text, 1) {
                decided += 1;
                for complete in [true, false] {
                    let w = Window { text: &text, lo: 0, lo_is_start: true, complete, cut: false };
                    assert_eq!(
                        after_colon(&w, 1),
                        Ok(after),
                        "{:?} {complete}",
                        String::from_utf8_lossy(&text)
                    );
                }
            }
        }
        assert!(decided > 2_000, "{decided}");
    }

    /// Whenever the glance says no bare URI can start at a colon, [`after_colon`] with the
    /// scheme's rule says so too: the bytes after the colon are no authority, no line break the
    /// URI may go on across, and no URI character of an opaque scheme. Texts made of the bytes
    /// those decisions turn on, after schemes of each rule.
    #[test]
    fn a_glance_agrees_with_what_follows_the_colon() {
        let schemes: &[&[u8]] = &[b"http", b"mailto", b"url", b"INFO", b"tel", b"x-y"];
        let alphabet: &[&[u8]] =
            &[b"/", b" ", b"\t", b"\n", b"\r", b"a", b"<", b"\"", b"[", b">", b"\xc2\xa0", b"%"];
        let mut rng = crate::delimit::Xorshift(0x1234_5678_9abc_def1u64);
        let mut decided = 0;
        for _ in 0..50_000 {
            let scheme = schemes[rng.below(schemes.len())];
            let mut text = scheme.to_vec();
            text.push(b':');
            rng.pieces(alphabet, 6, &mut text);
            let c = scheme.len();
            let w = Window { text: &text, lo: 0, lo_is_start: true, complete: true, cut: false };
            let after = after_colon(&w, c).unwrap();
            let rule = find::scheme_rule_at(&text, 0, c);
            match glance(&text, 0, c, 1 << 16) {
                Glance::Maybe => {}
                Glance::Never => {
                    decided += 1;
                    assert_eq!(rule, SchemeRule::Never);
                }
                Glance::OnlyAngle => {
                    decided += 1;
                    let bare = matches!(
                        (rule, after),
                        (SchemeRule::NeedsSlashes, After::Slashes | After::LineBreak)
                            | (SchemeRule::Opaque(_), After::UriChar)
                    );
                    assert!(!bare, "{:?}: {after:?} {rule:?}", String::from_utf8_lossy(&text));
                }
            }
        }
        assert!(decided > 5_000, "{decided}");
    }

    /// The quick form of the opening agrees with the full decisions: `Authority` and `Opaque`
    /// only where [`after_colon`] says `//` or a URI character and the scheme's rule wants that,
    /// `Nothing` only where a scheme that needs `//` ends its line and the bare scan across the
    /// line break (the only reading the general path tries there) reads nothing after the colon.
    #[test]
    fn the_opening_at_a_glance_agrees() {
        let schemes: &[&[u8]] = &[b"http", b"mailto", b"url", b"tel", b"x-y", b"urn"];
        let alphabet: &[&[u8]] =
            &[b"/", b"//", b" ", b"\t", b"\n", b"\r\n", b"a", b"<", b">", b"\"", b"[", b"\xc2\xa0", b"+1"];
        let mut rng = crate::delimit::Xorshift(0x0e11_5eed_c01a_0001u64);
        let (mut nothing, mut other) = (0, 0);
        for _ in 0..50_000 {
            let scheme = schemes[rng.below(schemes.len())];
            let mut text = scheme.to_vec();
            text.push(b':');
            rng.pieces(alphabet, 8, &mut text);
            let c = scheme.len();
            let w = Window { text: &text, lo: 0, lo_is_start: true, complete: true, cut: false };
            let shown = String::from_utf8_lossy(&text);
            let rule = find::scheme_rule_at(&text, 0, c);
            match opening_at_a_glance(&text, 0, c) {
                None => {}
                Some(Opening::Nothing) => {
                    nothing += 1;
                    assert_eq!(rule, SchemeRule::NeedsSlashes, "{shown:?}");
                    assert_eq!(after_colon(&w, c), Ok(After::LineBreak), "{shown:?}");
                    // The first reading stops right after the colon; the one across the line
                    // break holds no `/` after the colon, which a scheme that needs `//` needs.
                    use super::super::{Joins, Pieces, Start, bare};
                    let start = Start { s: 0, body: c + 1, authority: None, iri: true };
                    let mut pieces = Pieces::default();
                    let end = bare(&w, start, Joins::HYPHEN, usize::MAX, &mut pieces).unwrap();
                    assert_eq!(end.end, c + 1, "{shown:?}");
                    bare(&w, start, Joins::REPAIR, usize::MAX, &mut pieces).unwrap();
                    let mut joined = Vec::new();
                    pieces.write_reading(&text, false, &mut joined);
                    assert!(joined.get(c + 1) != Some(&b'/'), "{shown:?}");
                }
                Some(Opening::Authority) => {
                    other += 1;
                    assert_eq!(rule, SchemeRule::NeedsSlashes, "{shown:?}");
                    assert_eq!(after_colon(&w, c), Ok(After::Slashes), "{shown:?}");
                }
                Some(Opening::Opaque(shape)) => {
                    other += 1;
                    assert_eq!(rule, SchemeRule::Opaque(shape), "{shown:?}");
                    assert_eq!(after_colon(&w, c), Ok(After::UriChar), "{shown:?}");
                }
            }
        }
        assert!(nothing > 1_000 && other > 3_000, "{nothing} {other}");
    }

    fn window(text: &[u8]) -> Window<'_> {
        Window { text, lo: 0, lo_is_start: true, complete: true, cut: false }
    }

    #[test]
    fn what_follows_the_colon() {
        let at = |t: &str| after_colon(&window(t.as_bytes()), t.find(':').unwrap());
        assert_eq!(at("http://a"), Ok(After::Slashes));
        assert_eq!(at("https:  \n//a"), Ok(After::LineBreak));
        assert_eq!(at("mailto:x"), Ok(After::UriChar));
        assert_eq!(at("Note: x"), Ok(After::Other));
        assert_eq!(at("a:<"), Ok(After::Other));
        assert_eq!(at("a:"), Ok(After::Other));
        // `//` and nothing that can go on: a mention, unless a line break follows.
        assert_eq!(at("http:// x"), Ok(After::EmptyAuthority));
        assert_eq!(at("http://\"x"), Ok(After::EmptyAuthority));
        assert_eq!(at("http://  \nx"), Ok(After::Slashes));
        assert_eq!(at("http://\nx"), Ok(After::Slashes));
        assert_eq!(at("http://[::1]/"), Ok(After::Slashes));
        assert_eq!(at("http://"), Ok(After::Slashes));
        let partial = Window { complete: false, ..window(b"http://") };
        assert_eq!(after_colon(&partial, 4), Err(Incomplete));
        let partial = Window { complete: false, ..window(b"http://  ") };
        assert_eq!(after_colon(&partial, 4), Err(Incomplete));
        let partial = Window { complete: false, ..window(b"http:/") };
        assert_eq!(after_colon(&partial, 4), Err(Incomplete));
        let partial = Window { complete: false, ..window(b"http:  ") };
        assert_eq!(after_colon(&partial, 4), Err(Incomplete));
    }
}
