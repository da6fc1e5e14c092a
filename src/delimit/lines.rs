//! Lines: blanks, line endings, the quote prefix of a mail reply, and what lies between the
//! last byte of one line of a URI and the first byte of the next.

use nom::Parser;
use nom::bytes::{tag, take_while, take_while_m_n};
use nom::multi::count;

use super::{Incomplete, Scan, Window};
use crate::chars;

/// A blank: a space or a tab.
#[inline]
pub(crate) fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// `blanks = *( SP / HTAB )`
pub(super) fn blanks<'a>() -> impl Parser<&'a [u8], Output = &'a [u8], Error = ()> {
    take_while(is_blank)
}

/// The indentation of a continuation line: blanks, and no-break spaces (U+00A0 in UTF-8),
/// which some document formatters indent with (debian-faq).
pub(super) fn indent<'a>() -> impl Parser<&'a [u8], Output = (), Error = ()> {
    nom::multi::many0_count(nom::branch::alt((tag(&b" "[..]), tag(&b"\t"[..]), tag(&b"\xc2\xa0"[..]))))
        .map(|_| ())
}

/// A line ending: CRLF, LF, or a lone CR (old Mac files; RFC texts with form feeds have CRLF).
pub(super) fn line_ending<'a>() -> impl Parser<&'a [u8], Output = &'a [u8], Error = ()> {
    nom::branch::alt((tag(&b"\r\n"[..]), tag(&b"\n"[..]), tag(&b"\r"[..])))
}

/// The length of the [`line_ending`] at the start of `rest`, as the parser gives it in the
/// window's mode, without setting the parser up: a URI broken over many lines inside `<…>`
/// meets one per line.
#[inline]
pub(super) fn line_ending_len(rest: &[u8], complete: bool) -> Scan<Option<usize>> {
    match rest {
        [b'\r', b'\n', ..] => Ok(Some(2)),
        // `\r` at the end of a partial window may be the start of `\r\n`.
        [] | [b'\r'] if !complete => Err(Incomplete),
        [b'\r' | b'\n', ..] => Ok(Some(1)),
        _ => Ok(None),
    }
}

/// The quote prefix of a mail reply line at `depth`: `depth` times `>` with blanks around
/// (`> `, `>>`, `> > `). Depth 0 is nothing.
pub(super) fn quote_prefix<'a>(depth: usize) -> impl Parser<&'a [u8], Output = (), Error = ()> {
    count((blanks(), tag(&b">"[..])), depth).map(|_| ())
}

/// `line-continuation = blanks line-ending quote-prefix blanks`: what lies between the last
/// byte of one line of a URI and the first byte of the next.
pub(super) fn continuation<'a>(depth: usize) -> impl Parser<&'a [u8], Output = (), Error = ()> {
    (blanks(), line_ending(), quote_prefix(depth), indent()).map(|_| ())
}

/// `scheme "://"`: the start of another URI. A line that starts with one is not the
/// continuation of a URI that ended with a hyphen on the line before (a list of URIs, one per
/// line, where one ends in `-`).
pub(super) fn hierarchical_start<'a>() -> impl Parser<&'a [u8], Output = (), Error = ()> {
    (
        take_while_m_n(1, 1, |b: u8| b.is_ascii_alphabetic()),
        take_while_m_n(0, crate::find::SCHEME_MAX, |b: u8| chars::is(b, chars::SCHEME)),
        tag(&b"://"[..]),
    )
        .map(|_| ())
}

/// The length of a [`continuation`] at quote depth 0 at the start of `rest` in its common form
/// (blanks, a line ending, blanks, then a byte that is neither a blank nor the start of a
/// no-break space), which the parser would give the same way, whether the window is complete
/// or not; `None` for anything else, left to the parser.
#[inline]
pub(super) fn plain_continuation(rest: &[u8], depth: usize) -> Option<usize> {
    if depth > 0 {
        return None;
    }
    let mut i = 0;
    while rest.get(i).is_some_and(|&b| is_blank(b)) {
        i += 1;
    }
    i += match rest.get(i..)? {
        [b'\r', b'\n', ..] => 2,
        [b'\n', ..] | [b'\r', _, ..] => 1,
        _ => return None,
    };
    i += rest.get(i..)?.iter().position(|&b| !is_blank(b))?;
    (rest.get(i) != Some(&0xc2)).then_some(i)
}

/// Whether `after` may start with [`hierarchical_start`]: `false` when its first byte is no
/// letter, or when the run of scheme characters it starts with is followed, within the
/// parser's bound, by a byte other than `:`; the parser would fail there too.
#[inline]
pub(super) fn may_start_hierarchical(after: &[u8]) -> bool {
    let Some(first) = after.first() else { return true };
    if !first.is_ascii_alphabetic() {
        return false;
    }
    // The run of scheme characters after the letter, looked at no further than the parser's
    // bound allows.
    let bound = after.len().min(crate::find::SCHEME_MAX + 2);
    let scheme = after.get(1..bound).unwrap_or_default();
    let run = 1 + scheme.iter().position(|&b| !chars::is(b, chars::SCHEME)).unwrap_or(scheme.len());
    run > crate::find::SCHEME_MAX + 1 || after.get(run).is_none_or(|&b| b == b':')
}

/// The quote depth of the line holding `at`: how many `>` start it (`> > text` is 2). Mail
/// readers quote replies this way, and a URI wrapped inside a quoted reply has the same prefix
/// on its next line (`> http://www.dcc-` / `> servers.net/`). Lines are looked for no further
/// back than the window's `lo`; a line whose start is not found there has depth 0.
pub(crate) fn quote_depth(w: &Window<'_>, at: usize) -> usize {
    let Some(before) = w.text.get(w.lo..at) else { return 0 };
    let line_start = match memchr::memrchr(b'\n', before) {
        Some(nl) => w.lo + nl + 1,
        None if w.lo_is_start => w.lo,
        None => return 0,
    };
    let Some(line) = w.text.get(line_start..at) else { return 0 };
    let prefix = line.iter().take_while(|&&b| b == b'>' || is_blank(b)).count();
    line[..prefix].iter().filter(|&&b| b == b'>').count()
}

/// The quote prefix of a re-wrapped line of a mail reply: `>` and blanks, any number.
pub(super) fn any_quote_prefix<'a>() -> impl Parser<&'a [u8], Output = (), Error = ()> {
    take_while(|b: u8| b == b'>' || is_blank(b)).map(|_| ())
}

/// [`continuation`] into a line whose quote prefix may have any depth.
pub(super) fn loose_continuation<'a>() -> impl Parser<&'a [u8], Output = (), Error = ()> {
    (blanks(), line_ending(), any_quote_prefix(), indent()).map(|_| ())
}
