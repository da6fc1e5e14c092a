//! Unicode text around an IRI outside angle brackets: which characters outside ASCII go on an
//! IRI (RFC 3987 §2.2), which end it as white space does, and the typographic quotes and
//! brackets that pair like parentheses (the crate docs, "Unicode text").
//!
//! The scans of [`mod@super::bare`] stop at every byte outside ASCII, as at the bytes a URI
//! excludes; only there is anything here asked, so text in ASCII never pays for it.

use super::{Incomplete, Scan, Window};
use crate::chars;
use crate::chars::pictographic::is_extended_pictographic;
use crate::chars::utf8;
use crate::uri::{IriClass, iri_class};

/// The character that starts at `at`, and its length in bytes: `None` for bytes that are no
/// UTF-8 (an overlong form, an encoded surrogate, a stray continuation byte) and at the end of
/// a complete window; [`Incomplete`] when the character runs past the end of one that is not.
pub(crate) fn char_at(w: &Window<'_>, at: usize) -> Scan<Option<(char, usize)>> {
    let Some(&lead) = w.text.get(at) else {
        return if w.complete { Ok(None) } else { Err(Incomplete) };
    };
    let len = match lead {
        0x00..=0x7f => 1,
        _ => match utf8::multibyte_len(lead) {
            Some(len) => len,
            None => return Ok(None),
        },
    };
    let Some(bytes) = w.text.get(at..at + len) else {
        // A prefix that is already no UTF-8 is decided without more input.
        let have = &w.text[at..];
        if w.complete || core::str::from_utf8(have).err().is_some_and(|e| e.error_len().is_some()) {
            return Ok(None);
        }
        return Err(Incomplete);
    };
    Ok(utf8::decode(bytes).map(|c| (c, len)))
}

/// Whether `c` goes on a word: a letter, a mark or a digit (Unicode general categories L, M, N).
pub(crate) fn is_word(c: char) -> bool {
    use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
    c.is_ascii_alphanumeric()
        || (!c.is_ascii()
            && matches!(
                c.general_category_group(),
                GeneralCategoryGroup::Letter | GeneralCategoryGroup::Mark | GeneralCategoryGroup::Number
            ))
}

/// Whether the character at `at` goes on a word ([`is_word`]); not at the end of a complete window.
fn word_at(w: &Window<'_>, at: usize) -> Scan<bool> {
    Ok(char_at(w, at)?.is_some_and(|(c, _)| is_word(c)))
}

/// Whether the character that ends right before `at` (and not before `w.lo`) goes on a word.
fn word_before(w: &Window<'_>, at: usize) -> bool {
    char_before(w, at).is_some_and(|(c, _)| is_word(c))
}

/// The character that ends right before `at` and starts at or after `w.lo`, and where it
/// starts; `None` for bytes that are no UTF-8.
fn char_before(w: &Window<'_>, at: usize) -> Option<(char, usize)> {
    let lo = w.lo.max(at.saturating_sub(4));
    let mut start = at;
    while start > lo {
        start -= 1;
        if w.text[start] & 0xc0 != 0x80 {
            break;
        }
    }
    utf8::decode(&w.text[start..at]).map(|c| (c, start))
}

/// How many transparent characters (combining marks, Joining_Type T) [`joiner_shapes`] passes
/// over on either side of a zero-width non-joiner: a bound, so that the look stays short.
const TRANSPARENT_MAX: usize = 4;

/// Whether the zero-width joiner or non-joiner `c` at `at` changes how the letters around it
/// are drawn, so that a reader sees it, by the rules with which IDNA2008 admits one into a
/// host name (RFC 5892 Appendix A.1, A.2): either after a virama (canonical combining class 9:
/// the Malayalam chillu `ള്‍`, a half form in Devanagari), or, for the non-joiner, between a
/// letter that joins on its left and one that joins on its right, transparent marks between
/// (Arabic script: the Persian `می‌خواهم`), at most [`TRANSPARENT_MAX`] on either side.
/// Anywhere else it is invisible and ends the IRI. [`Incomplete`] when the window ends before
/// the letter after a non-joiner and is not complete.
fn joiner_shapes(w: &Window<'_>, at: usize, c: char) -> Scan<bool> {
    use icu_properties::CodePointMapData;
    use icu_properties::props::{CanonicalCombiningClass, JoiningType};
    let joining = CodePointMapData::<JoiningType>::new();
    let Some((before, mut start)) = char_before(w, at) else { return Ok(false) };
    if CodePointMapData::<CanonicalCombiningClass>::new().get(before) == CanonicalCombiningClass::Virama {
        return Ok(true);
    }
    if c != '\u{200c}' {
        return Ok(false);
    }
    let mut left = joining.get(before);
    for _ in 0..TRANSPARENT_MAX {
        if left != JoiningType::Transparent {
            break;
        }
        let Some((before, at)) = char_before(w, start) else { return Ok(false) };
        (left, start) = (joining.get(before), at);
    }
    if !matches!(left, JoiningType::LeftJoining | JoiningType::DualJoining) {
        return Ok(false);
    }
    let mut next = at + c.len_utf8();
    for _ in 0..=TRANSPARENT_MAX {
        let Some((after, len)) = char_at(w, next)? else { return Ok(false) };
        match joining.get(after) {
            JoiningType::Transparent => next += len,
            right => return Ok(matches!(right, JoiningType::RightJoining | JoiningType::DualJoining)),
        }
    }
    Ok(false)
}

/// Characters that end an IRI in text wherever they stand, as white space ends a URI (RFC 3987
/// §2.2 allows most of them in an IRI; a reader does not take them as part of one):
/// Unicode white space, the zero-width space and the byte-order mark; the bidirectional
/// controls (RFC 3987 §4.1: "IRIs MUST NOT contain bidirectional formatting characters");
/// the other invisible format characters, which a reader cannot see in the IRI reported (the
/// soft hyphen, the Mongolian vowel separator, the word joiner and the invisible operators
/// U+2060–U+2064, the deprecated format characters U+206A–U+206F; the zero-width joiner and
/// non-joiner are [`joiner_shapes`]'s);
/// the sentence punctuation of CJK text, its full-width and half-width forms, the full-width
/// forms of the ASCII characters a URI excludes (`｜`, `＜`, …), the ellipses,
/// the em dashes, the Arabic comma, semicolon, question mark and full stop, the Devanagari
/// dandas; and emoji: `Extended_Pictographic`, the emoji presentation selector U+FE0F, the
/// keycap U+20E3, regional indicators and skin-tone modifiers.
pub(crate) fn ends_iri(c: char) -> bool {
    is_invisible(c)
        || matches!(
            c,
            // White space (Unicode `White_Space` outside ASCII).
            '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}'
                | '\u{205f}' | '\u{3000}'
                // 、 。 ， ！ ？ ： ； ． and the half-width ｡ ､; … ‥ ⋯; — ―, ⸺ ⸻.
                | '\u{3001}' | '\u{3002}' | '\u{ff0c}' | '\u{ff01}' | '\u{ff1f}' | '\u{ff1a}' | '\u{ff1b}'
                | '\u{ff0e}' | '\u{ff61}' | '\u{ff64}' | '\u{2026}' | '\u{2025}' | '\u{22ef}'
                | '\u{2014}' | '\u{2015}' | '\u{2e3a}' | '\u{2e3b}'
                // The full-width forms of the ASCII characters that end a URI: ＂ ＜ ＞ ＼ ＾ ｀ ｜.
                | '\u{ff02}' | '\u{ff1c}' | '\u{ff1e}' | '\u{ff3c}' | '\u{ff3e}' | '\u{ff40}' | '\u{ff5c}'
                // ، ؛ ؟ ۔; । ॥.
                | '\u{60c}' | '\u{61b}' | '\u{61f}' | '\u{6d4}' | '\u{964}' | '\u{965}'
                // Emoji components that are not pictographs.
                | '\u{fe0f}' | '\u{20e3}' | '\u{1f1e6}'..='\u{1f1ff}' | '\u{1f3fb}'..='\u{1f3ff}'
        )
        || is_extended_pictographic(c)
}

/// Whether `c` is an invisible format character other than the zero-width joiner and
/// non-joiner (which [`joiner_shapes`] judges where they stand): the zero-width space U+200B and
/// the byte-order mark U+FEFF; the bidirectional controls (`Bidi_Control`); the soft hyphen
/// U+00AD, the Mongolian vowel separator U+180E, the word joiner and invisible operators
/// U+2060–U+2064 (with U+2065, unassigned), the deprecated format characters U+206A–U+206F.
pub(crate) fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200b}' | '\u{feff}'
            | '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
            | '\u{ad}' | '\u{180e}' | '\u{2060}'..='\u{2065}' | '\u{206a}'..='\u{206f}'
    )
}

/// The first invisible character of the UTF-8 text `text` ([`is_invisible`], or a zero-width
/// joiner or non-joiner that shapes no letter around it, [`joiner_shapes`]) and its index, for
/// a value taken whole (an HTML link's), which is rejected rather than cut there. Text in
/// ASCII holds none.
pub(crate) fn invisible_in(text: &[u8]) -> Option<(usize, char)> {
    if text.is_ascii() {
        return None;
    }
    let w = Window { text, lo: 0, lo_is_start: true, complete: true, cut: false };
    let mut at = 0;
    while at < text.len() {
        // Bytes that are no UTF-8 are passed over one at a time (the parser judges them).
        let Ok(Some((c, len))) = char_at(&w, at) else {
            at += 1;
            continue;
        };
        let invisible = is_invisible(c)
            || (matches!(c, '\u{200c}' | '\u{200d}') && joiner_shapes(&w, at, c) == Ok(false));
        if invisible {
            return Some((at, c));
        }
        at += len;
    }
    None
}

/// Whether `c` lies in a block of letters that holds no character [`goes_on`] treats apart (no
/// [`ends_iri`], typographic mark, hyphen or joiner; all `ucschar`): Latin-1 letters to Hebrew,
/// kana to Hangul compatibility jamo and kanbun, CJK compatibility to the unified ideographs,
/// and Hangul syllables. Most characters of IRIs in text are there, and go on at once; a test
/// checks every one of them against the rules.
fn in_plain_block(c: char) -> bool {
    matches!(c, '\u{c0}'..='\u{5ff}' | '\u{3040}'..='\u{31ff}' | '\u{3300}'..='\u{9fff}' | '\u{ac00}'..='\u{d7a3}')
}

/// How many pairs of typographic marks [`Marks`] counts.
const PAIRS: usize = 16;

/// What a typographic quotation mark or bracket is to an IRI: each pair is numbered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// An opening mark: it stays inside (and is trimmed when it is left at the end).
    Open(usize),
    /// A closing mark: it stays when its partner is open inside the IRI, and ends it otherwise.
    Close(usize),
    /// `“` and `‘`, which open in English and close German `„…“`, `‚…‘`: closing when that
    /// partner is open inside the IRI, opening otherwise.
    CloseOrOpen { close: usize, open: usize },
    /// `’`: an apostrophe between two characters of a word (`Ender’s_Game`), else a closing `‘…’`.
    Apostrophe,
}

/// The role of `c`, if it is a typographic quotation mark or bracket.
fn role(c: char) -> Option<Role> {
    // Pairs 0-5 are quotation marks, the rest CJK and full-width brackets.
    const BRACKETS: [(char, char); 10] = [
        ('「', '」'),
        ('『', '』'),
        ('【', '】'),
        ('（', '）'),
        ('〈', '〉'),
        ('《', '》'),
        ('〔', '〕'),
        ('〖', '〗'),
        ('［', '］'),
        ('｛', '｝'),
    ];
    Some(match c {
        '“' => Role::CloseOrOpen { close: 4, open: 0 },
        '”' => Role::Close(0),
        '‘' => Role::CloseOrOpen { close: 5, open: 1 },
        '’' => Role::Apostrophe,
        '«' => Role::Open(2),
        '»' => Role::Close(2),
        '‹' => Role::Open(3),
        '›' => Role::Close(3),
        '„' => Role::Open(4),
        '‚' => Role::Open(5),
        _ => {
            let (i, &(open, _)) = BRACKETS.iter().enumerate().find(|(_, (o, cl))| *o == c || *cl == c)?;
            return Some(if open == c { Role::Open(6 + i) } else { Role::Close(6 + i) });
        }
    })
}

/// The typographic marks opened inside an IRI and not closed yet, per pair: created at the
/// first character outside ASCII a scan meets.
#[derive(Debug, Default)]
pub(crate) struct Marks {
    open: [u32; PAIRS],
}

/// Whether the IRI goes on with the character at `at`, which is not ASCII (the bare scan
/// stopped there): the index after it when it does. It does for every `ucschar` and `iprivate`
/// (RFC 3987 §2.2; a private-use character outside the query then makes the candidate
/// invalid, it is not cut there), except
///
/// - the characters of [`ends_iri`];
/// - a closing typographic mark whose partner is not open inside ([`Role`]);
/// - a hyphen or dash short of the em dash (U+2010–U+2013), unless a character of a word
///   follows (`Hatfield–McCoy_feud`); a zero-width (non-)joiner where it shapes no letter
///   around it, and is invisible ([`joiner_shapes`]).
///
/// Bytes that are no UTF-8 end it, and characters that are neither `ucschar` nor `iprivate`.
#[cold]
#[inline(never)]
pub(crate) fn goes_on(w: &Window<'_>, at: usize, marks: &mut Option<Marks>) -> Scan<Option<usize>> {
    let Some((c, len)) = char_at(w, at)? else { return Ok(None) };
    let next = at + len;
    if in_plain_block(c) {
        return Ok(Some(next));
    }
    if c.is_ascii() || iri_class(c) == IriClass::Excluded || ends_iri(c) {
        return Ok(None);
    }
    if matches!(c, '\u{200c}' | '\u{200d}') {
        return Ok(joiner_shapes(w, at, c)?.then_some(next));
    }
    if matches!(c, '\u{2010}'..='\u{2013}') {
        return Ok(word_at(w, next)?.then_some(next));
    }
    let Some(role) = role(c) else { return Ok(Some(next)) };
    let open = &mut marks.get_or_insert_with(Marks::default).open;
    let goes = match role {
        Role::Open(p) => {
            open[p] = open[p].saturating_add(1);
            true
        }
        Role::Close(p) | Role::CloseOrOpen { close: p, .. } if open[p] > 0 => {
            open[p] -= 1;
            true
        }
        Role::CloseOrOpen { open: p, .. } => {
            open[p] = open[p].saturating_add(1);
            true
        }
        Role::Apostrophe if word_before(w, at) && word_at(w, next)? => true,
        Role::Apostrophe if open[1] > 0 => {
            open[1] -= 1;
            true
        }
        Role::Apostrophe | Role::Close(_) => false,
    };
    Ok(goes.then_some(next))
}

/// [`goes_on`] for the characters an IRI in text is mostly made of, decided from `text` alone
/// where no typographic mark is open inside the IRI: the index after the character at `at`
/// (not ASCII) when the IRI goes on, `Some(None)` when it ends there, or when it goes on to
/// end right after it, at or below `limit`, with what [`trailing_opener`] trims (an opening
/// mark before an ASCII byte other than `"` and the brackets that ends every URI). `None`
/// whenever that takes more (an opening or ambiguous typographic mark before anything else, a
/// joiner, an apostrophe, a hyphen or dash before anything but an ASCII byte, U+FE0F or the
/// keycap U+20E3 that may end an emoji keycap sequence, a private-use character, bytes that are
/// no UTF-8 or run past `text`), and the rule decides. Every character it lets go on is a
/// `ucschar` (RFC 3987 §2.2), which an IRI may hold wherever `iunreserved` stands.
///
/// A closing mark ends the IRI here, as no mark is open: the caller (the one-pass lane,
/// `extract::lane`) gives up at every mark that would open one inside the IRI. A test holds
/// this to [`goes_on`] and [`trailing_opener`] for every character.
#[inline(never)]
pub(crate) fn goes_on_plainly(text: &[u8], at: usize, limit: usize) -> Option<Option<usize>> {
    let len = utf8::multibyte_len(*text.get(at)?)?;
    let next = at + len;
    let c = utf8::decode(text.get(at..next)?)?;
    if in_plain_block(c) {
        return Some(Some(next));
    }
    // The marks most IRIs in text end at, decided at once: `、` and `。` end every IRI
    // ([`ends_iri`]), and a closing mark ([`role`]) ends it, as none is open.
    if matches!(
        c,
        '、' | '。'
            | '」'
            | '』'
            | '】'
            | '）'
            | '》'
            | '〉'
            | '〕'
            | '〗'
            | '］'
            | '｝'
            | '»'
            | '”'
            | '›'
    ) {
        return Some(None);
    }
    if matches!(c, '\u{fe0f}' | '\u{20e3}' | '\u{200c}' | '\u{200d}') {
        return None;
    }
    if iri_class(c) == IriClass::Excluded || ends_iri(c) {
        return Some(None);
    }
    if matches!(c, '\u{2010}'..='\u{2013}') {
        // It goes on before a character of a word (`Hatfield–McCoy_feud`).
        let after = *text.get(next)?;
        return after.is_ascii().then(|| after.is_ascii_alphanumeric().then_some(next));
    }
    match role(c) {
        None if iri_class(c) == IriClass::Ucschar => Some(Some(next)),
        Some(Role::Close(_)) => Some(None),
        // A mark that opens goes on, but before an ASCII byte that ends every URI it is the
        // last, and trimmed (`delimit::trim`): the IRI ends before it (`wiki/北京市“ `), when
        // it ends at or below `limit` (past it, the IRI is overlong). Not before a `"`, which
        // may close a quote around the IRI (`delimit::wrapper`), nor before a bracket, which
        // the IRI may go on through (`users/“{id}`, balanced brackets after the authority).
        Some(Role::Open(_) | Role::CloseOrOpen { .. })
            if next <= limit
                && text.get(next).is_some_and(|&b| {
                    b.is_ascii()
                        && !matches!(b, b'"' | b'[' | b']' | b'{' | b'}')
                        && chars::is(b, chars::EXCLUDED)
                }) =>
        {
            Some(None)
        }
        _ => None,
    }
}

/// The end of the run of characters of the common scripts ([`in_plain_block`]) that starts at
/// `at`, each ending at or below `limit`: those [`goes_on_plainly`] lets go on first, one by
/// one, so that a word of an IRI (`Москва`, `北京市`) is passed over in one call rather than a
/// call per character. `at` itself when the run is empty.
#[inline]
pub(crate) fn plain_run_end(text: &[u8], mut at: usize, limit: usize) -> usize {
    while at < limit {
        let Some(len) = text.get(at).and_then(|&lead| utf8::multibyte_len(lead)) else { break };
        match text.get(at..at + len).and_then(utf8::decode) {
            Some(c) if in_plain_block(c) && at + len <= limit => at += len,
            _ => break,
        }
    }
    at
}

/// Whether the characters at `at` end an emoji keycap sequence (Unicode TS #51:
/// `[0-9#*] U+FE0F? U+20E3`): the keycap U+20E3, or U+FE0F before it. The `#`, `*` or digit
/// before them is the keycap's, not the URI's (`http://x/#️⃣` ends before the `#`).
/// [`Incomplete`] when the window ends inside what may be such a sequence and is not complete.
#[cold]
#[inline(never)]
pub(crate) fn keycap_at(w: &Window<'_>, at: usize) -> Scan<bool> {
    const KEYCAP: &[u8] = "\u{20e3}".as_bytes();
    const PRESENTATION: &[u8] = "\u{fe0f}".as_bytes();
    let rest = w.text.get(at..).unwrap_or_default();
    let after = rest.strip_prefix(PRESENTATION).unwrap_or(rest);
    if after.starts_with(KEYCAP) {
        return Ok(true);
    }
    // Cut short by the end of what is read so far: `1️` may still become `1️⃣`.
    let cut_short = KEYCAP.starts_with(after) || PRESENTATION.starts_with(rest);
    if cut_short && !w.complete { Err(Incomplete) } else { Ok(false) }
}

/// The quick form of [`keycap_at`] in `text`: `false` only when the characters at `at` are
/// certainly no end of a keycap sequence (neither U+FE0F nor U+20E3 starts there, and `text`
/// holds enough to tell).
#[inline]
pub(crate) fn may_end_keycap(text: &[u8], at: usize) -> bool {
    let rest = text.get(at..).unwrap_or_default();
    rest.len() < 3 || rest.starts_with("\u{fe0f}".as_bytes()) || rest.starts_with("\u{20e3}".as_bytes())
}

/// The index after the character at `at` inside `<…>`, where everything up to the `>` is the
/// candidate: any `ucschar` or `iprivate` but the characters of [`ends_iri`] (white space, the
/// bidirectional controls of RFC 3987 §4.1, the invisible format characters, the `…` of
/// `<https://…>`) and a zero-width (non-)joiner that shapes no letter ([`joiner_shapes`]);
/// `None` for anything else (no wrapper then).
#[cold]
#[inline(never)]
pub(crate) fn inside_angle(w: &Window<'_>, at: usize) -> Scan<Option<usize>> {
    let Some((c, len)) = char_at(w, at)? else { return Ok(None) };
    let refused = c.is_ascii()
        || iri_class(c) == IriClass::Excluded
        || ends_iri(c)
        || (matches!(c, '\u{200c}' | '\u{200d}') && !joiner_shapes(w, at, c)?);
    Ok((!refused).then_some(at + len))
}

/// Whether an IRI would go on with the character at `at` where a URI stops: the character,
/// when it would. Under `--strict` such a candidate is dropped rather than cut.
#[cold]
#[inline(never)]
pub(crate) fn would_go_on(w: &Window<'_>, at: usize) -> Scan<Option<char>> {
    match goes_on(w, at, &mut None)? {
        Some(_) => Ok(char_at(w, at)?.map(|(c, _)| c)),
        None => Ok(None),
    }
}

/// How many bytes `bytes` ends with that are an opening typographic mark (`“ ‘ „ ‚ « ‹ 「 『 【 （`
/// …), which never ends an IRI (the crate docs, "Unicode text"); 0 when it ends otherwise.
#[cold]
#[inline(never)]
pub(crate) fn trailing_opener(bytes: &[u8]) -> usize {
    let mut start = bytes.len();
    while start > bytes.len().saturating_sub(4) && start > 0 {
        start -= 1;
        if bytes[start] & 0xc0 != 0x80 {
            break;
        }
    }
    let Some(c) = utf8::decode(&bytes[start..]) else {
        return 0;
    };
    match role(c) {
        Some(Role::Open(_) | Role::CloseOrOpen { .. }) => bytes.len() - start,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(text: &str) -> Window<'_> {
        Window { text: text.as_bytes(), lo: 0, lo_is_start: true, complete: true, cut: false }
    }

    /// How far an IRI goes from byte `at` of `text`, one character at a time.
    fn run(text: &str, at: usize) -> usize {
        let w = window(text);
        let (mut i, mut marks) = (at, None);
        while i < text.len() {
            if text.as_bytes()[i].is_ascii() {
                i += 1;
                continue;
            }
            match goes_on(&w, i, &mut marks).unwrap() {
                Some(next) => i = next,
                None => break,
            }
        }
        i
    }

    /// Every character of the plain blocks goes on by the rules themselves: it is a `ucschar`,
    /// ends no IRI, is no typographic mark, hyphen or joiner.
    #[test]
    fn plain_blocks_hold_no_character_treated_apart() {
        let mut seen = 0;
        for c in (0x80..=0x10_ffff).filter_map(char::from_u32).filter(|&c| in_plain_block(c)) {
            assert_eq!(iri_class(c), IriClass::Ucschar, "{c:?}");
            assert!(!ends_iri(c) && role(c).is_none(), "{c:?}");
            assert!(!matches!(c, '\u{ad}' | '\u{200c}' | '\u{200d}' | '\u{2010}'..='\u{2013}'), "{c:?}");
            seen += 1;
        }
        assert!(seen > 30_000, "{seen}");
        // Just outside them: `¿` and `«` below Latin-1's letters, Arabic punctuation above Hebrew,
        // the CJK punctuation and corner brackets below the kana, `㊗` in the enclosed block.
        for c in ['\u{bf}', '«', '\u{60c}', '、', '」', '\u{3297}'] {
            assert!(!in_plain_block(c), "{c:?}");
        }
    }

    /// A run of characters of the common scripts is the characters [`goes_on_plainly`] lets go
    /// on by its first test, one after the other, up to the first that does not or that would
    /// end past the limit.
    #[test]
    fn plain_runs_end_where_the_characters_stop_going_on() {
        assert_eq!(plain_run_end("x東京a".as_bytes(), 1, usize::MAX), 7);
        assert_eq!(plain_run_end("xМосква/".as_bytes(), 1, usize::MAX), 13);
        assert_eq!(plain_run_end("x東京a".as_bytes(), 1, 6), 4);
        assert_eq!(plain_run_end("x東京a".as_bytes(), 1, 4), 4);
        assert_eq!(plain_run_end("x東京a".as_bytes(), 4, 4), 4);
        assert_eq!(plain_run_end("x東」".as_bytes(), 1, usize::MAX), 4);
        assert_eq!(plain_run_end("x東😀".as_bytes(), 1, usize::MAX), 4);
        assert_eq!(plain_run_end(b"x\xe6\x9d", 1, usize::MAX), 1);
        assert_eq!(plain_run_end(b"x\xc3\xa9\xc3", 1, usize::MAX), 3);
        for c in (0x80..=0x10_ffff).filter_map(char::from_u32) {
            let text = format!("x{c}{c}.");
            let len = c.len_utf8();
            let plain = goes_on_plainly(text.as_bytes(), 1, usize::MAX) == Some(Some(1 + len));
            let run = plain_run_end(text.as_bytes(), 1, usize::MAX);
            assert!(run == 1 || (plain && run == 1 + 2 * len), "{c:?}");
            assert_eq!(run == 1 + 2 * len, in_plain_block(c), "{c:?}");
        }
    }

    /// The shortcut decides as the rule does wherever it decides, for every character outside
    /// ASCII before what may follow it, in a complete window and in one that is not; and it
    /// decides the characters of common IRIs and the delimiters after them.
    #[test]
    fn goes_on_plainly_agrees_with_the_rule() {
        let mut decided = 0;
        for c in (0x80..=0x10_ffff).filter_map(char::from_u32) {
            for after in ["", "a", "-", " ", "<", "\"", "東", "\u{301}"] {
                let text = format!("x{c}{after}");
                let Some(plain) = goes_on_plainly(text.as_bytes(), 1, usize::MAX) else { continue };
                decided += 1;
                assert!(plain.is_none() || iri_class(c) == IriClass::Ucschar, "{c:?}");
                // An opening mark that goes on as the last character is trimmed off again.
                let len = c.len_utf8();
                let trimmed = plain.is_none()
                    && trailing_opener(&text.as_bytes()[..1 + len]) == len
                    && after
                        .as_bytes()
                        .first()
                        .is_some_and(|&b| b.is_ascii() && b != b'"' && chars::is(b, chars::EXCLUDED));
                let expected = if trimmed { Some(1 + len) } else { plain };
                for complete in [true, false] {
                    let w = Window { text: text.as_bytes(), lo: 0, lo_is_start: true, complete, cut: false };
                    assert_eq!(goes_on(&w, 1, &mut None), Ok(expected), "{c:?} before {after:?}");
                }
            }
        }
        assert!(decided > 5_500_000, "{decided}");
        for text in ["xé", "x東", "xМ", "x–M", "x\u{10300}"] {
            assert!(goes_on_plainly(text.as_bytes(), 1, usize::MAX).is_some_and(|n| n.is_some()), "{text:?}");
            assert_eq!(iri_class(text[1..].chars().next().unwrap()), IriClass::Ucschar, "{text:?}");
        }
        for text in
            ["x、", "x」", "x»", "x）", "x\u{a0}", "x😀", "x– ", "x\u{85}", "x”", "x“ ", "x「\n", "x«<"]
        {
            assert_eq!(goes_on_plainly(text.as_bytes(), 1, usize::MAX), Some(None), "{text:?}");
        }
        for text in ["x「a", "x“a", "x“", "x«\"", "x’s", "x–", "x–東", "x\u{fe0f}", "x\u{200d}a", "x\u{e000}"]
        {
            assert_eq!(goes_on_plainly(text.as_bytes(), 1, usize::MAX), None, "{text:?}");
        }
        // An opening mark that would end past the limit leaves the IRI overlong, by the rule.
        assert_eq!(goes_on_plainly("x“ ".as_bytes(), 1, 4), Some(None));
        assert_eq!(goes_on_plainly("x“ ".as_bytes(), 1, 3), None);
        assert_eq!(goes_on_plainly("x「名".as_bytes(), 1, usize::MAX), None);
        for bytes in [&b"x\xe6\x9d"[..], b"x\xff", b"x\xc0\xaf", b"x\xed\xa0\x80", b"x\x80"] {
            assert_eq!(goes_on_plainly(bytes, 1, usize::MAX), None, "{bytes:x?}");
        }
    }

    #[test]
    fn letters_marks_and_joiners_go_on() {
        for text in [
            "Straße",
            "東京",
            "cafe\u{301}",
            "Hatfield–McCoy",
            "می\u{200c}خواهم",
            "പോലൊരാള്\u{200d}",
            "٣٤",
            "Ender’s",
            "x\u{e000}",
        ] {
            assert_eq!(run(text, 0), text.len(), "{text:?}");
        }
    }

    #[test]
    fn delimiters_end() {
        for (text, end) in [
            ("a\u{a0}b", 1),
            ("a\u{3000}b", 1),
            ("a\u{200b}b", 1),
            ("a\u{200f}b", 1),
            ("東京。次", 6),
            ("a，b", 1),
            ("a…", 1),
            ("a—b", 1),
            ("a،b", 1),
            ("a😀", 1),
            ("a❤\u{fe0f}", 1),
            ("a–", 1),
            ("a– b", 1),
            ("a’ b", 1),
            ("a\u{85}", 1),
            ("a\u{fdd0}", 1),
        ] {
            assert_eq!(run(text, 0), end, "{text:?}");
        }
    }

    /// Issue 37: invisible format characters went into the IRIs reported, where a reader
    /// cannot see them. Each ends the IRI now; a joiner stays only where it shapes a letter.
    #[test]
    fn invisible_format_characters_end_an_iri() {
        for c in [
            '\u{ad}', '\u{180e}', '\u{200b}', '\u{200c}', '\u{200d}', '\u{200e}', '\u{2060}', '\u{2061}',
            '\u{2064}', '\u{206a}', '\u{206f}', '\u{feff}',
        ] {
            for text in [format!("ab{c}cd"), format!("東京{c}都"), format!("ab{c}"), format!("ab{c}/x")] {
                let before = text.find(c).unwrap();
                assert_eq!(run(&text, 0), before, "{text:?}");
                assert_eq!(invisible_in(text.as_bytes()), Some((before, c)), "{text:?}");
                let plain = goes_on_plainly(text.as_bytes(), before, usize::MAX);
                assert!(matches!(plain, None | Some(None)), "{text:?}");
            }
        }
        // A joiner after a virama, a non-joiner between letters that join (transparent marks
        // between): they change what a reader sees, and stay.
        for text in [
            "പോലൊരാള്\u{200d}",
            "क्\u{200d}ष",
            "क्\u{200c}ष",
            "می\u{200c}خواهم",
            "مَ\u{200c}خ",
            "بِ\u{200c}\u{650}ب",
        ] {
            assert_eq!(run(text, 0), text.len(), "{text:?}");
            assert_eq!(invisible_in(text.as_bytes()), None, "{text:?}");
        }
        // Not between two letters that join: a Latin letter, the end, a letter that joins on
        // one side only (ا joins on its right only).
        for text in ["a\u{200c}b", "می\u{200c}", "ا\u{200c}ب", "\u{200c}خ"] {
            assert!(run(text, 0) < text.len(), "{text:?}");
        }
        assert_eq!(invisible_in(b"http://a.example/\xff\xe2\x81\xa0"), Some((18, '\u{2060}')));
        assert_eq!(invisible_in("http://a.example/東京".as_bytes()), None);
    }

    #[test]
    fn typographic_marks_pair() {
        assert_eq!(run("a）了解", 0), 1);
        assert_eq!(run("a（b）c", 0), "a（b）c".len());
        assert_eq!(run("a」", 0), 1);
        assert_eq!(run("「a」」", 0), "「a」".len());
        assert_eq!(run("a”b", 0), 1);
        assert_eq!(run("“a”b", 0), "“a”b".len());
        // German quotes: `“` closes `„`, and opens when no `„` is open.
        assert_eq!(run("„a“b", 0), "„a“b".len());
        assert_eq!(run("a“", 0), "a“".len());
        assert_eq!(run("a»", 0), 1);
        assert_eq!(run("«a»", 0), "«a»".len());
    }

    #[test]
    fn openers_are_trimmed_at_the_end() {
        assert_eq!(trailing_opener("x“".as_bytes()), 3);
        assert_eq!(trailing_opener("x«".as_bytes()), 2);
        assert_eq!(trailing_opener("x（".as_bytes()), 3);
        assert_eq!(trailing_opener("x）".as_bytes()), 0);
        assert_eq!(trailing_opener("xü".as_bytes()), 0);
        assert_eq!(trailing_opener(b"\x80\x80\x80\x80"), 0);
    }

    #[test]
    fn bad_utf8_ends_and_a_split_character_waits() {
        for bytes in [&b"\xff"[..], b"\xc0\xaf", b"\xed\xa0\x80", b"\x80", b"\xe6\x9d"] {
            let w = Window { text: bytes, lo: 0, lo_is_start: true, complete: true, cut: false };
            assert_eq!(goes_on(&w, 0, &mut None), Ok(None), "{bytes:x?}");
        }
        let w = Window { text: b"\xe6\x9d", lo: 0, lo_is_start: true, complete: false, cut: false };
        assert_eq!(goes_on(&w, 0, &mut None), Err(Incomplete));
        let w = Window { text: b"\xe6\x41", lo: 0, lo_is_start: true, complete: false, cut: false };
        assert_eq!(goes_on(&w, 0, &mut None), Ok(None));
        // The dash needs the character after it.
        let w = Window { text: "a–".as_bytes(), lo: 0, lo_is_start: true, complete: false, cut: false };
        assert_eq!(goes_on(&w, 1, &mut None), Err(Incomplete));
    }
}
