//! A URI outside angle brackets: where it ends, an IP literal as its host, and the line breaks
//! it is read across (RFC 2396 Appendix E).

use super::lines::{
    continuation, hierarchical_start, loose_continuation, may_start_hierarchical, plain_continuation,
    quote_depth,
};
use super::run::{skip_uri_chars, skip_words};
use super::unicode::{self, Marks};
use super::{Incomplete, Pieces, Scan, Window, recognize};
use crate::chars::{self, EXCLUDED};

/// How a bare scan ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BareEnd {
    /// One past the last byte scanned (before trimming).
    pub(crate) end: usize,
    /// The byte that ended it (`"`, `]`, white space, …), if any.
    pub(crate) stop: Option<u8>,
    /// The candidate reached the length limit.
    pub(crate) overlong: bool,
    /// The first line break was read across ([`Joins::first_break`]).
    pub(crate) repaired: bool,
}

/// The end of a candidate whose scan of one segment (from `seg_start`, the scheme's body
/// from `body`) reached the length limit at `i`: overlong (rule 8: dropped, never cut), unless
/// a run of trailing punctuation (rule 3) starts before `limit_end` and runs to it. Such a run is
/// no part of the URI however long it is, so the candidate ends where it starts, before any
/// length is exceeded (`see http://x.example/a` and 70,000 dots gives `http://x.example/a`), and
/// rule 3 trims what stands before it as at any other end.
#[cold]
#[inline(never)]
fn at_limit(
    text: &[u8],
    seg_start: usize,
    body: usize,
    i: usize,
    limit_end: usize,
    repaired: bool,
    pieces: &mut Pieces,
) -> BareEnd {
    let to = limit_end.min(i);
    let tail = text.get(seg_start.max(body)..to).unwrap_or_default();
    let run = tail.iter().rev().take_while(|&&b| super::trim::is_trailing_punctuation(b)).count();
    let p = to - run;
    if run > 0 && p > seg_start.max(body) && to == limit_end {
        pieces.push(seg_start..p);
        return BareEnd { end: p, stop: Some(text[p]), overlong: false, repaired };
    }
    pieces.push(seg_start..i);
    BareEnd { end: i, stop: None, overlong: true, repaired }
}

/// Where a bare scan starts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Start {
    /// The first byte of the candidate (the scheme, or `www.`).
    pub(crate) s: usize,
    /// The first byte after `scheme:` (after `www.`'s start for an abbreviated URL).
    pub(crate) body: usize,
    /// The first byte of the authority, when `//` follows the colon: an IP literal `[...]` may
    /// stand there or after `userinfo@`.
    pub(crate) authority: Option<usize>,
    /// Whether the candidate is read as an IRI (the default reading; not under `--strict` nor
    /// another grammar, nor for a URN): it goes on through the characters outside ASCII that
    /// [`unicode::goes_on`] allows, and through balanced `[...]` and `{...}` after its
    /// authority ([`balanced_close`]).
    pub(crate) iri: bool,
}

/// Which line breaks a bare scan reads across.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Joins {
    /// A line break right after a `-`, blanks allowed between (seed 000 Appendix E: "the
    /// interpreter of a URI containing a line break immediately after a hyphen should ignore
    /// all unescaped whitespace around the line break").
    pub(crate) hyphen: bool,
    /// The first line break, whatever precedes it. The extractor asks for this only when the
    /// text up to that line break is no URI (`(https://` / `www.debian.org/)`, a `%` escape
    /// split by a mail client), so that a URI that cannot end there may go on; the next line's
    /// quote prefix may then be of any depth, as mail clients re-wrap quoted text.
    pub(crate) first_break: bool,
}

impl Joins {
    /// Hyphen line breaks only: the default reading.
    pub(crate) const HYPHEN: Joins = Joins { hyphen: true, first_break: false };
    /// No line break at all.
    pub(crate) const NONE: Joins = Joins { hyphen: false, first_break: false };
    /// Hyphen line breaks and the first line break.
    pub(crate) const REPAIR: Joins = Joins { hyphen: true, first_break: true };
}

/// Scans a URI outside angle brackets (extractor rules 2, 6, 7): it ends at white space, a
/// control character, a byte outside ASCII, or one of `< > " { } | \ ^ \` [ ]`, except that
/// `[...]` stands as an IP-literal host right after `//` or `userinfo@` (RFC 3986 §3.2.2), and
/// that an IRI ([`Start::iri`]) goes on through characters outside ASCII and balanced
/// brackets after its authority. A
/// line break allowed by `joins` continues the URI after the next line's quote prefix and
/// blanks, when a URI character follows that does not start another URI (`scheme://`); the
/// quote prefix is that of the candidate's line ([`quote_depth`]).
#[inline]
pub(crate) fn bare(
    w: &Window<'_>,
    start: Start,
    joins: Joins,
    limit_end: usize,
    pieces: &mut Pieces,
) -> Scan<BareEnd> {
    // The quote depth of the candidate's line, looked up at the first line break.
    let mut depth = None;
    pieces.clear();
    let text = w.text;
    let mut seg_start = start.s;
    let mut i = start.body;
    let mut first_break = joins.first_break;
    // Whether the first line break was read across.
    let mut repaired = false;
    // The typographic marks open in an IRI, from its first character outside ASCII on.
    let mut marks = None;
    loop {
        // The common case: URI characters. The first run, from the byte after `scheme:`, is
        // most often all of the URI, so it is not looked at byte by byte first.
        i = if i == start.body { skip_words(text, i, limit_end) } else { skip_uri_chars(text, i, limit_end) };
        let Some(&b) = text.get(i) else {
            // The end of the window: of the input, of a cut at the limit, or of what is read.
            if w.cut {
                return Ok(at_limit(text, seg_start, start.body, i, limit_end, repaired, pieces));
            }
            pieces.push(seg_start..i);
            if !w.complete {
                return Err(Incomplete);
            }
            return Ok(BareEnd { end: i, stop: None, overlong: false, repaired });
        };
        if i >= limit_end && !chars::is(b, EXCLUDED) {
            return Ok(at_limit(text, seg_start, start.body, i, limit_end, repaired, pieces));
        }
        if b == b'[' && ip_literal_here(text, start.authority, i) {
            match ip_literal_end(w, i, limit_end)? {
                Some(close) => {
                    i = close + 1;
                    continue;
                }
                None => {
                    pieces.push(seg_start..i);
                    return Ok(BareEnd { end: i, stop: Some(b), overlong: false, repaired });
                }
            }
        }
        // An IRI goes on through characters outside ASCII and balanced brackets after its
        // authority: the only tests here that text in ASCII passes are on the byte the scan
        // stopped at.
        if start.iri && (b >= 0x80 || b == b'[' || b == b'{') {
            let next = if b >= 0x80 {
                unicode::goes_on(w, i, &mut marks)?
            } else {
                balanced_close(w, start, i, limit_end, &mut marks)?.map(|close| close + 1)
            };
            if let Some(next) = next {
                if next > limit_end {
                    pieces.push(seg_start..i);
                    return Ok(BareEnd { end: i, stop: None, overlong: true, repaired });
                }
                i = next;
                continue;
            }
        }
        let hyphen = joins.hyphen && i > seg_start && text[i - 1] == b'-';
        if (hyphen || first_break) && matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
            let rest = &text[i..];
            let depth = *depth.get_or_insert_with(|| quote_depth(w, start.s));
            let joined = if hyphen {
                match plain_continuation(rest, depth) {
                    Some(len) => Some((&rest[len..], ())),
                    None => recognize(continuation(depth), rest, w.complete)?,
                }
            } else {
                let prefix =
                    if depth > 0 { recognize(loose_continuation(), rest, w.complete)? } else { None };
                match prefix {
                    Some(found) => Some(found),
                    None => recognize(continuation(0), rest, w.complete)?,
                }
            };
            if let Some((after, ())) = joined {
                let next = text.len() - after.len();
                match text.get(next) {
                    None if !w.complete => return Err(Incomplete),
                    Some(&c)
                        if !chars::is(c, EXCLUDED)
                            && (!may_start_hierarchical(after)
                                || recognize(hierarchical_start(), after, w.complete)?.is_none()) =>
                    {
                        pieces.push(seg_start..i);
                        // The candidate goes on past the limit: it is overlong, not cut at the
                        // line break (rule 8: dropped, not truncated).
                        if next >= limit_end {
                            return Ok(BareEnd { end: i, stop: None, overlong: true, repaired });
                        }
                        if hyphen {
                            pieces.breaks.push(i - 1);
                        } else {
                            first_break = false;
                            repaired = true;
                        }
                        seg_start = next;
                        i = next;
                        if hyphen && depth == 0 {
                            match join_plain_lines(text, &mut seg_start, &mut i, limit_end, pieces) {
                                Some(end) => {
                                    return Ok(BareEnd { end, stop: None, overlong: true, repaired });
                                }
                                None => continue,
                            }
                        }
                        continue;
                    }
                    _ => {}
                }
            }
        }
        // The digit, `#` or `*` before a keycap is the emoji's.
        let end = match b >= 0x80 && i > seg_start && matches!(text[i - 1], b'0'..=b'9' | b'#' | b'*') {
            true if unicode::keycap_at(w, i)? => i - 1,
            _ => i,
        };
        pieces.push(seg_start..end);
        return Ok(BareEnd { end, stop: Some(b), overlong: false, repaired });
    }
}

/// Where the quick form of [`bare`] ([`run_at_a_glance`]) ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Run {
    /// One past the last byte of the candidate, as [`bare`] ends it (before trimming).
    pub(crate) end: usize,
    /// The byte that ended it (at `end`).
    pub(crate) stop: u8,
    /// The classes the run scan noted over it ([`super::run::RUN`]), or more: every class when
    /// bytes were passed over unscanned (an IP literal).
    pub(crate) seen: u8,
    /// Whether it holds a character outside ASCII (an IRI's; each a `ucschar`).
    pub(crate) wide: bool,
}

/// The quick form of [`bare`] with [`Joins::HYPHEN`] from `start`: `Some` only when [`bare`]
/// gives one segment, no hyphen break, ending at the same byte or, in an IRI, after an opening
/// typographic mark that stands last and that the trim of rule 3 takes off again
/// ([`unicode::goes_on_plainly`] ends the run before it), in a window that holds `text` to the
/// byte after the candidate. It reads the run of URI characters
/// ([`super::run::scan`]), an IP literal right after `//` ([`ip_literal_close`]), and the common
/// characters of an IRI outside ASCII ([`unicode::goes_on_plainly`]); `None` where [`bare`]
/// may read on otherwise or reach further: a `[` or `{` of an IRI (balanced brackets), a `\`
/// (a JSON string's escape, [`super::json`]), white space after a `-` (a hyphen line break), a character the quick Unicode rules leave to
/// [`unicode::goes_on`], the length limit `limit_end`, the end of `text`.
///
/// `start.iri` is not read: `iri` says it, asked only at a byte where the answer matters (a
/// `[`, `{` or a byte outside ASCII), which most URIs never reach.
#[inline(always)]
pub(crate) fn run_at_a_glance(
    text: &[u8],
    start: Start,
    limit_end: usize,
    iri: impl Fn() -> bool,
) -> Option<Run> {
    let (mut end, mut seen) = super::run::scan(text, start.body, limit_end);
    let mut wide = false;
    let stop = loop {
        let &stop = text.get(end)?;
        if end >= limit_end {
            return None;
        }
        let from = match stop {
            b'[' if start.authority == Some(end) => {
                // The literal's bytes are not scanned: every class counts as noted.
                seen = u8::MAX;
                ip_literal_close(text, end, limit_end).ok()?? + 1
            }
            // An IRI goes on through the common characters outside ASCII and ends at the
            // common delimiters; no typographic mark opens inside it (one that would ends it
            // where the trim takes the mark off again, or this gives up).
            0x80.. if iri() => match unicode::goes_on_plainly(text, end, limit_end)? {
                Some(next) if next <= limit_end => {
                    wide = true;
                    unicode::plain_run_end(text, next, limit_end)
                }
                Some(_) => return None,
                None => break stop,
            },
            _ => break stop,
        };
        let (next, classes) = super::run::scan(text, from, limit_end);
        (end, seen) = (next, seen | classes);
    };
    let prev = text[end - 1];
    let hyphen_break = prev == b'-' && matches!(stop, b' ' | b'\t' | b'\r' | b'\n');
    let keycap =
        stop >= 0x80 && matches!(prev, b'0'..=b'9' | b'#' | b'*') && unicode::may_end_keycap(text, end);
    // At a `\` a JSON string's escape may go on (`super::json`).
    if hyphen_break || keycap || stop == b'\\' || (matches!(stop, b'[' | b'{') && iri()) {
        return None;
    }
    Some(Run { end, stop, seen, wide })
}

/// The lines of a URI broken after hyphens, joined one after the other in the common case that
/// [`bare`] meets on each (quote depth 0): a line of URI characters that ends in `-` and a
/// [`plain_continuation`] into a line that starts with a URI character but not with a scheme
/// ([`may_start_hierarchical`]). Each is joined as `bare` joins it, without going through its
/// general tests.
///
/// Starts at a line's first byte `*i` (`*seg_start`), after a join. Stops at the first line
/// that is not of that kind, with `*i` at the end of its run of URI characters and
/// `*seg_start` at its start, for `bare` to go on from there as it would have; or returns the
/// end of the candidate when the next line starts past `limit_end` (overlong).
// Kept in `bare`'s flow: called out of line it cost a fifth more per line.
#[inline(always)]
fn join_plain_lines(
    text: &[u8],
    seg_start: &mut usize,
    i: &mut usize,
    limit_end: usize,
    pieces: &mut Pieces,
) -> Option<usize> {
    // Local copies, written back once, so that the loop keeps them in registers.
    let (mut start, mut at) = (*seg_start, *i);
    let overlong = loop {
        // `bare` goes on from here: the scan stops at the same byte from its own end.
        at = skip_uri_chars(text, at, limit_end);
        let e = at;
        if e >= limit_end || e <= start || text.get(e - 1) != Some(&b'-') {
            break None;
        }
        let Some(rest) = text.get(e..) else { break None };
        if !matches!(rest.first(), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            break None;
        }
        let Some(len) = plain_continuation(rest, 0) else { break None };
        match rest.get(len..) {
            Some(after @ [c, ..]) if !chars::is(*c, EXCLUDED) && !may_start_hierarchical(after) => {}
            _ => break None,
        }
        let next = e + len;
        pieces.segments.push(start..e);
        if next >= limit_end {
            break Some(e);
        }
        pieces.breaks.push(e - 1);
        start = next;
        at = next;
    };
    *seg_start = start;
    *i = at;
    overlong
}

/// Whether the `[` at `i` stands where RFC 3986 puts an IP literal: first in the authority, or
/// right after `userinfo@` in it.
fn ip_literal_here(text: &[u8], authority: Option<usize>, i: usize) -> bool {
    let Some(a) = authority else { return false };
    if i == a {
        return true;
    }
    i > a
        && text[i - 1] == b'@'
        && text.get(a..i).is_some_and(|auth| memchr::memchr3(b'/', b'?', b'#', auth).is_none())
}

/// The longest IP literal looked for inside `[…]`: an IPv6 address has at most 45 characters,
/// and an IPvFuture is not longer in practice.
pub(crate) const IP_LITERAL_MAX: usize = 64;

/// Whether `b` may stand inside the brackets of an IP literal (of the bytes a URI may hold).
#[inline]
pub(crate) fn in_ip_literal(b: u8) -> bool {
    !chars::is(b, EXCLUDED) && !matches!(b, b'/' | b'?' | b'#' | b'@')
}

/// The index of the `]` closing the IP literal opened at `open`, if it closes before anything
/// that cannot be in one (`IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, RFC 3986 §3.2.2)
/// and below `limit_end`; [`Incomplete`] when `text` ends first. The bare scan and the lane
/// both ask this.
#[inline]
pub(crate) fn ip_literal_close(text: &[u8], open: usize, limit_end: usize) -> Scan<Option<usize>> {
    let rest = text.get(open + 1..).unwrap_or_default();
    let run = rest.iter().take(IP_LITERAL_MAX).take_while(|&&b| in_ip_literal(b)).count();
    let close = open + 1 + run;
    match text.get(close) {
        Some(b']') if close < limit_end => Ok(Some(close)),
        None => Err(Incomplete),
        _ => Ok(None),
    }
}

/// [`ip_literal_close`] in a window: the end of a complete window closes nothing.
fn ip_literal_end(w: &Window<'_>, open: usize, limit_end: usize) -> Scan<Option<usize>> {
    match ip_literal_close(w.text, open, limit_end) {
        Err(Incomplete) if w.complete => Ok(None),
        found => found,
    }
}

/// How deep balanced brackets may nest inside one another after the authority
/// (`{b[c]}` in a URI template).
const NESTING_MAX: usize = 4;

/// The index of the `]` or `}` closing the `[` or `{` at `open`, when that stands after the
/// authority of an IRI and closes before anything that ends it (white space, a character
/// outside ASCII that ends an IRI, an unbalanced bracket), below `limit_end`: a balanced
/// bracket in a path, query or fragment (`?ids[]=1`, `/users/{id}/posts`, a URI template's
/// `{a}.{b[c]}`, up to [`NESTING_MAX`] deep) stays, as URIs in text hold although RFC 3986
/// does not allow it (the crate docs, "Brackets, parentheses and emphasis"). In the authority
/// (`https://{region}.x/`), or unbalanced, it ends the IRI; so does a defanged indicator's mark
/// (`[.]`, rule 13), and link text after the URI ([`super::link_text`]: AsciiDoc's
/// `url[text]`, BBCode's `[url]…[/url]`, a footnote mark `[1]`). The end of the window is
/// [`Incomplete`] unless it is complete.
#[cold]
#[inline(never)]
pub(crate) fn balanced_close(
    w: &Window<'_>,
    start: Start,
    open: usize,
    limit_end: usize,
    marks: &mut Option<Marks>,
) -> Scan<Option<usize>> {
    let text = w.text;
    // After the authority: past a `/`, `?` or `#` that follows `//` (an abbreviated URL's
    // authority starts at its first byte). A URI without one holds no brackets here.
    let Some(a) = start.authority else { return Ok(None) };
    if text.get(a..open).is_none_or(|auth| memchr::memchr3(b'/', b'?', b'#', auth).is_none()) {
        return Ok(None);
    }
    if super::defanged::mark_at(w, open)? {
        return Ok(None);
    }
    let Some(close) = closing_bracket(w, open, limit_end, marks, 0)? else { return Ok(None) };
    if close < limit_end && super::link_text::is_link_text(w, start.s, a, open, close)? {
        return Ok(None);
    }
    Ok(Some(close))
}

/// The bracket closing the one at `open` ([`balanced_close`]), `depth` brackets deep: its
/// index, `limit_end` when it is not closed below the limit, `None` when something that ends an
/// IRI comes first.
fn closing_bracket(
    w: &Window<'_>,
    open: usize,
    limit_end: usize,
    marks: &mut Option<Marks>,
    depth: usize,
) -> Scan<Option<usize>> {
    let text = w.text;
    let close = if text[open] == b'[' { b']' } else { b'}' };
    let mut i = open + 1;
    loop {
        i = skip_uri_chars(text, i, limit_end);
        match text.get(i) {
            Some(_) if i >= limit_end => return Ok(Some(limit_end)),
            Some(&b) if b == close => return Ok(Some(i)),
            Some(b'[' | b'{') if depth + 1 < NESTING_MAX => {
                match closing_bracket(w, i, limit_end, marks, depth + 1)? {
                    Some(inner) if inner < limit_end => i = inner + 1,
                    other => return Ok(other),
                }
            }
            Some(&b) if b >= 0x80 => match unicode::goes_on(w, i, marks)? {
                Some(next) => i = next,
                None => return Ok(None),
            },
            Some(_) => return Ok(None),
            None if w.cut => return Ok(Some(limit_end)),
            None if w.complete => return Ok(None),
            None => return Err(Incomplete),
        }
    }
}
