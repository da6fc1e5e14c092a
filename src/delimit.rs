//! nom recognizers for the contexts of RFC 2396 Appendix E: `<...>`, `<URL:...>`, `URL:`,
//! `"..."`, `[...]`, `{...}`, bare URIs, and line breaks after a hyphen.
//!
//! Everything here works on a [`Window`] of text (the raw input, or its quoted-printable
//! decoding) and on indexes into it. A recognizer that would need a byte past the end of a
//! window that is not [complete](Window::complete) says [`Incomplete`] instead of guessing, so
//! that a reader split anywhere gives the same answer as the whole input in memory. Looking
//! back (for the wrapper before a scheme) never goes below a floor the caller bounds, so the
//! work per candidate is bounded too.
//!
//! A delimited candidate is a list of [`Pieces`]: the text ranges it is made of (one, or more
//! when white space inside `<...>` or a hyphen line break is skipped), and the hyphens that may
//! or may not belong to it.

use core::ops::Range;

use nom::Parser;
use nom::bytes::{tag, take_while, take_while_m_n};
use nom::multi::count;

use crate::chars::{self, EXCLUDED, WSP};

/// More input is needed to decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Incomplete;

/// The result of a recognizer that may need more input.
pub(crate) type Scan<T> = Result<T, Incomplete>;

/// The text a candidate is delimited in.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Window<'a> {
    /// The bytes.
    pub(crate) text: &'a [u8],
    /// Nothing before this index is read: the bound of every look-back.
    pub(crate) lo: usize,
    /// Whether `lo` is the start of the input (a line starts there).
    pub(crate) lo_is_start: bool,
    /// Whether nothing follows `text`: the input ends there, or the caller cut it at the
    /// candidate's length limit ([`Window::cut`]).
    pub(crate) complete: bool,
    /// Whether `text` was cut at the length limit rather than at the end of the input: a
    /// candidate still going at the end is then too long, not finished.
    pub(crate) cut: bool,
}

/// Runs a nom parser in the window's mode: streaming (`Incomplete` at the end) unless the
/// window is complete. A parse error is `Ok(None)`.
fn run<'a, P>(mut parser: P, input: &'a [u8], complete: bool) -> Scan<Option<(&'a [u8], P::Output)>>
where
    P: Parser<&'a [u8], Error = ()>,
{
    let result = if complete { parser.parse_complete(input) } else { parser.parse(input) };
    match result {
        Ok(done) => Ok(Some(done)),
        Err(nom::Err::Incomplete(_)) => Err(Incomplete),
        Err(_) => Ok(None),
    }
}

/// A blank: a space or a tab.
pub(crate) fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// `blanks = *( SP / HTAB )`
fn blanks<'a>() -> impl Parser<&'a [u8], Output = &'a [u8], Error = ()> {
    take_while(is_blank)
}

/// The indentation of a continuation line: blanks, and no-break spaces (U+00A0 in UTF-8),
/// which some document formatters indent with (debian-faq).
fn indent<'a>() -> impl Parser<&'a [u8], Output = (), Error = ()> {
    nom::multi::many0_count(nom::branch::alt((tag(&b" "[..]), tag(&b"\t"[..]), tag(&b"\xc2\xa0"[..]))))
        .map(|_| ())
}

/// A line ending: CRLF, LF, or a lone CR (old Mac files; RFC texts with form feeds have CRLF).
fn line_ending<'a>() -> impl Parser<&'a [u8], Output = &'a [u8], Error = ()> {
    nom::branch::alt((tag(&b"\r\n"[..]), tag(&b"\n"[..]), tag(&b"\r"[..])))
}

/// The length of the [`line_ending`] at the start of `rest`, as the parser gives it in the
/// window's mode, without setting the parser up: a URI broken over many lines inside `<…>`
/// meets one per line.
fn line_ending_len(rest: &[u8], complete: bool) -> Scan<Option<usize>> {
    match rest {
        [b'\r', b'\n', ..] => Ok(Some(2)),
        // `\r` at the end of a partial window may be the start of `\r\n`.
        [] | [b'\r'] if !complete => Err(Incomplete),
        [b'\r' | b'\n', ..] => Ok(Some(1)),
        _ => Ok(None),
    }
}

/// The first index from `i` on, and below both `stop` and the end of `text`, of a byte that
/// is excluded from URIs; `stop` or the end of `text` when there is none.
///
/// After the first eight bytes, eight are looked up at a time and their classes or-ed together
/// without a branch, then the word that holds the end is gone through byte by byte: about half
/// the instructions of a loop that tests each byte, on the rest of a long URI.
#[inline]
fn skip_uri_chars(text: &[u8], mut i: usize, stop: usize) -> usize {
    let stop = stop.min(text.len());
    // Byte by byte first: many runs are short (a line of a broken URI, a word of a mention).
    let head = stop.min(i.saturating_add(8));
    while i < head {
        if chars::is(text[i], EXCLUDED) {
            return i;
        }
        i += 1;
    }
    skip_words(text, i, stop)
}

/// [`skip_uri_chars`] without looking at the first bytes one by one: for a run that is most
/// likely long, the rest of a URI after its scheme. The lane's fused scan, without what it
/// gathers on the way (unused here, so not computed once inlined).
#[inline]
pub(crate) fn skip_words(text: &[u8], i: usize, stop: usize) -> usize {
    crate::fused::scan(text, i, stop).0
}

/// How many bytes `bytes` ends with that are `)`: eight at a time, for a flood of them.
#[inline(never)]
fn closing_run(bytes: &[u8]) -> usize {
    chars::trailing_run(bytes, b')')
}

/// The quote prefix of a mail reply line at `depth`: `depth` times `>` with blanks around
/// (`> `, `>>`, `> > `). Depth 0 is nothing.
fn quote_prefix<'a>(depth: usize) -> impl Parser<&'a [u8], Output = (), Error = ()> {
    count((blanks(), tag(&b">"[..])), depth).map(|_| ())
}

/// `line-continuation = blanks line-ending quote-prefix blanks`: what lies between the last
/// byte of one line of a URI and the first byte of the next.
fn continuation<'a>(depth: usize) -> impl Parser<&'a [u8], Output = (), Error = ()> {
    (blanks(), line_ending(), quote_prefix(depth), indent()).map(|_| ())
}

/// `scheme "://"`: the start of another URI. A line that starts with one is not the
/// continuation of a URI that ended with a hyphen on the line before (a list of URIs, one per
/// line, where one ends in `-`).
fn hierarchical_start<'a>() -> impl Parser<&'a [u8], Output = (), Error = ()> {
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
/// or not; `None` for anything else, left to the parser. A URI broken after a hyphen on many
/// lines is joined several times faster this way.
fn plain_continuation(rest: &[u8], depth: usize) -> Option<usize> {
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
fn may_start_hierarchical(after: &[u8]) -> bool {
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

/// A wrapper that may open before the scheme at `s`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Opener {
    /// `<`, optional white space, optional `URL:` and white space (RFC 1738 appendix,
    /// seed 000 Appendix E): the index of the `<`, and whether `URL:` was there.
    pub(crate) angle: Option<(usize, bool)>,
    /// `URL:` and optional blanks right before the scheme: the index of its `U`.
    pub(crate) url_prefix: Option<usize>,
    /// `"`, `[` or `{` right before the scheme.
    pub(crate) mark: Option<u8>,
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
/// Inlined into the candidate's flow: most schemes return at the first tests, and the call
/// cost more than they did (1.3% of the instructions on URI-dense text).
#[inline]
pub(crate) fn opener(w: &Window<'_>, s: usize, floor: usize) -> Opener {
    let text = w.text;
    let floor = opener_floor(w, s, floor);
    let mut found = Opener::default();
    if s <= floor {
        return found;
    }
    let before = text[s - 1];
    found.mark = Some(before).filter(|b| matches!(b, b'"' | b'[' | b'{'));
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
pub(crate) fn back_while(text: &[u8], end: usize, floor: usize, pred: impl Fn(u8) -> bool) -> usize {
    let mut i = end;
    while i > floor && pred(text[i - 1]) {
        i -= 1;
    }
    i
}

/// The index of `URL:` (any case) ending right at `end`, if it is there and not below `floor`.
pub(crate) fn url_colon_before(text: &[u8], end: usize, floor: usize) -> Option<usize> {
    let start = end.checked_sub(4).filter(|&u| u >= floor)?;
    // The colon first: nearly always absent; then the `L`, which rules out most words that do
    // end in a colon. `| 0x20` lower-cases exactly the two bytes of each letter.
    match text.get(start..end)? {
        [u, r, l, b':'] if l | 0x20 == b'l' && r | 0x20 == b'r' && u | 0x20 == b'u' => Some(start),
        _ => None,
    }
}

/// The text ranges of a candidate and its hyphen line breaks; reused from one candidate to the
/// next so that delimiting allocates nothing once warm.
#[derive(Debug, Default, Clone)]
pub(crate) struct Pieces {
    /// Ranges of the window, in order, whose concatenation is the candidate.
    pub(crate) segments: Vec<Range<usize>>,
    /// Indexes of hyphens that end a line inside the candidate (each is the last byte of a
    /// segment that is not the last): the second reading drops them.
    pub(crate) breaks: Vec<usize>,
}

impl Pieces {
    fn clear(&mut self) {
        self.segments.clear();
        self.breaks.clear();
    }

    fn push(&mut self, r: Range<usize>) {
        if r.start < r.end {
            self.segments.push(r);
        }
    }

    /// The first and one-past-last index of the candidate in the window.
    pub(crate) fn extent(&self) -> Option<Range<usize>> {
        Some(self.segments.first()?.start..self.segments.last()?.end)
    }

    /// Calls `f` with each non-empty range of reading 1 (every byte) or reading 2 (hyphens at
    /// line breaks dropped), in order.
    pub(crate) fn for_each_in_reading(&self, drop_hyphens: bool, mut f: impl FnMut(Range<usize>)) {
        // A break hyphen is always the last byte of its segment; both lists are in order.
        let mut breaks = self.breaks.iter().peekable();
        for seg in &self.segments {
            let at_break = breaks.next_if(|&&h| h + 1 == seg.end).is_some();
            let end = if drop_hyphens && at_break { seg.end - 1 } else { seg.end };
            if seg.start < end {
                f(seg.start..end);
            }
        }
    }

    /// The first and one-past-last index of the bytes of reading 1 or 2 in the window: under
    /// reading 2 a dropped hyphen at the very end is not part of it (`<http://[::1]-` LF `>`
    /// ends before the hyphen).
    pub(crate) fn reading_extent(&self, drop_hyphens: bool) -> Option<Range<usize>> {
        if !drop_hyphens {
            return self.extent();
        }
        let mut extent: Option<Range<usize>> = None;
        self.for_each_in_reading(true, |r| {
            extent = Some(extent.as_ref().map_or(r.start, |e| e.start)..r.end);
        });
        extent
    }

    /// Writes reading 1 (every byte) or reading 2 (hyphens at line breaks dropped) to `out`.
    pub(crate) fn write_reading(&self, text: &[u8], drop_hyphens: bool, out: &mut Vec<u8>) {
        out.clear();
        // `extend` over the bytes rather than `extend_from_slice`: the pieces of a URI broken
        // after hyphens over many lines are a few bytes each, too short for a call of `memcpy`.
        self.for_each_in_reading(drop_hyphens, |r| {
            out.extend(text.get(r).unwrap_or_default().iter().copied())
        });
    }
}

/// How an angle-bracket scan ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AngleEnd {
    /// At the `>` with this index; the content is in the pieces.
    Closed(usize),
    /// Not a wrapper: no `>` within the limit, a `<` or another character that cannot be in a
    /// URI first, a blank line, or a change of quote depth.
    Open,
}

/// Scans `<...>` content from the scheme at `s` to the closing `>` (RFC 2396 Appendix E:
/// "Using <> angle brackets around each URI is especially recommended as a delimiting style
/// for URIs that contain whitespace"; "The whitespace should be ignored when extracting the
/// URI"). Runs of white space are left out of the pieces; a hyphen ending a line is recorded
/// as a break. Each line after the one of the `<` (at `lt`) must carry that line's quote prefix
/// ([`quote_depth`]), which is skipped. The content may not reach `limit_end`.
///
/// Every scan stops at the next `<`, so scans from different `<` never overlap and a flood of
/// `<` stays linear.
pub(crate) fn angle(
    w: &Window<'_>,
    s: usize,
    lt: usize,
    limit_end: usize,
    pieces: &mut Pieces,
) -> Scan<AngleEnd> {
    pieces.clear();
    let text = w.text;
    let mut seg_start = s;
    let mut i = s;
    // The quote depth is looked up (a search back for the start of the line) only when a line
    // ends inside the brackets, which most `<…>` never do.
    let mut depth = None;
    loop {
        // The common case: URI characters. `>`, `<` and white space are all excluded
        // characters.
        i = skip_uri_chars(text, i, limit_end);
        if i >= limit_end {
            return Ok(AngleEnd::Open);
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
            // space): no line ends, so nothing else to decide (2% fewer instructions on the
            // adversarial workload, whose `<` floods start long scans through such text).
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
                        let depth = *depth.get_or_insert_with(|| quote_depth(w, lt));
                        if depth > 0 {
                            let rest = text.get(i..).unwrap_or_default();
                            match run(quote_prefix(depth), rest, w.complete)? {
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
        if b == b'<' || (chars::is(b, EXCLUDED) && b != b'[' && b != b']') {
            return Ok(AngleEnd::Open);
        }
        i += 1;
    }
}

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

/// The quote prefix of a re-wrapped line of a mail reply: `>` and blanks, any number.
fn any_quote_prefix<'a>() -> impl Parser<&'a [u8], Output = (), Error = ()> {
    take_while(|b: u8| b == b'>' || is_blank(b)).map(|_| ())
}

/// [`continuation`] into a line whose quote prefix may have any depth.
fn loose_continuation<'a>() -> impl Parser<&'a [u8], Output = (), Error = ()> {
    (blanks(), line_ending(), any_quote_prefix(), indent()).map(|_| ())
}

/// Scans a URI outside angle brackets (extractor rules 2, 6, 7): it ends at white space, a
/// control character, a byte outside ASCII, or one of `< > " { } | \ ^ \` [ ]`, except that
/// `[...]` stands as an IP-literal host right after `//` or `userinfo@` (RFC 3986 §3.2.2). A
/// line break allowed by `joins` continues the URI after the next line's quote prefix and
/// blanks, when a URI character follows that does not start another URI (`scheme://`); the
/// quote prefix is that of the candidate's line ([`quote_depth`]).
// Inlined into the candidate's flow, which calls it once for most URIs (2.5% fewer
// instructions on URI-dense text, 2% on mail and logs).
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
    loop {
        // The common case: URI characters. The first run, from the byte after `scheme:`, is
        // most often all of the URI (1% fewer instructions on URI-dense text).
        i = if i == start.body { skip_words(text, i, limit_end) } else { skip_uri_chars(text, i, limit_end) };
        let Some(&b) = text.get(i) else {
            // The end of the window: of the input, of a cut at the limit, or of what is read.
            pieces.push(seg_start..i);
            if w.cut {
                return Ok(BareEnd { end: i, stop: None, overlong: true, repaired });
            }
            if !w.complete {
                return Err(Incomplete);
            }
            return Ok(BareEnd { end: i, stop: None, overlong: false, repaired });
        };
        if i >= limit_end && !chars::is(b, EXCLUDED) {
            pieces.push(seg_start..i);
            return Ok(BareEnd { end: i, stop: None, overlong: true, repaired });
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
        let hyphen = joins.hyphen && i > seg_start && text[i - 1] == b'-';
        if (hyphen || first_break) && matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
            let rest = &text[i..];
            let depth = *depth.get_or_insert_with(|| quote_depth(w, start.s));
            let joined = if hyphen {
                match plain_continuation(rest, depth) {
                    Some(len) => Some((&rest[len..], ())),
                    None => run(continuation(depth), rest, w.complete)?,
                }
            } else {
                let prefix = if depth > 0 { run(loose_continuation(), rest, w.complete)? } else { None };
                match prefix {
                    Some(found) => Some(found),
                    None => run(continuation(0), rest, w.complete)?,
                }
            };
            if let Some((after, ())) = joined {
                let next = text.len() - after.len();
                match text.get(next) {
                    None if !w.complete => return Err(Incomplete),
                    Some(&c)
                        if !chars::is(c, EXCLUDED)
                            && (!may_start_hierarchical(after)
                                || run(hierarchical_start(), after, w.complete)?.is_none()) =>
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
        pieces.push(seg_start..i);
        return Ok(BareEnd { end: i, stop: Some(b), overlong: false, repaired });
    }
}

/// The lines of a URI broken after hyphens, joined one after the other in the common case that
/// [`bare`] meets on each (quote depth 0): a line of URI characters that ends in `-` and a
/// [`plain_continuation`] into a line that starts with a URI character but not with a scheme
/// ([`may_start_hierarchical`]). Each is joined as `bare` joins it, without going through its
/// general tests (a URI broken over many lines is joined in about half the instructions).
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
pub(crate) fn in_ip_literal(b: u8) -> bool {
    !chars::is(b, EXCLUDED) && !matches!(b, b'/' | b'?' | b'#' | b'@')
}

/// The index of the `]` closing the IP literal opened at `open`, if it closes before anything
/// that cannot be in one (`IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, RFC 3986 §3.2.2).
fn ip_literal_end(w: &Window<'_>, open: usize, limit_end: usize) -> Scan<Option<usize>> {
    let rest = w.text.get(open + 1..).unwrap_or_default();
    let Some((after, _)) = run(take_while_m_n(0, IP_LITERAL_MAX, in_ip_literal), rest, w.complete)? else {
        return Ok(None);
    };
    let close = w.text.len() - after.len();
    match w.text.get(close) {
        Some(b']') if close < limit_end => Ok(Some(close)),
        None if !w.complete => Err(Incomplete),
        _ => Ok(None),
    }
}

/// Removes what is not part of a URI outside angle brackets from the end of `pieces` (rule 3):
/// trailing `. , ; : ! ? '`, repeatedly, and a `)` with no matching `(` in the URI; balanced
/// parentheses stay (`https://en.wikipedia.org/wiki/Set_(mathematics)`). Never trims below
/// `keep` (the byte after `scheme:`). A hyphen break left at the very end joined nothing and
/// is forgotten.
#[inline]
pub(crate) fn trim(text: &[u8], pieces: &mut Pieces, keep: usize) {
    // Most candidates end in a byte that stays (`/`, a letter, a digit): nothing to do, and no
    // call (0.7% fewer instructions on URI-dense text).
    let stays = |seg: &Range<usize>| {
        seg.start < seg.end
            && (seg.end <= keep
                || text.get(seg.end - 1).is_some_and(|&b| !is_trailing_punctuation(b) && b != b')'))
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
            let (o, c) = chars::count_two(text.get(seg.clone()).unwrap_or_default(), b'(', b')');
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

/// Whether rule 3 takes byte `b` off the end of a bare URI, whatever precedes it.
#[inline(always)]
pub(crate) fn is_trailing_punctuation(b: u8) -> bool {
    matches!(b, b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'')
}

/// [`trim`] on one segment `seg` of a candidate, the last: byte by byte back from its end, in a
/// loop of its own (a flood of `)` after a URI costs a few instructions per byte), never below
/// `keep`. `parens` are the counts of `(` and `)` in the whole candidate: taken from `count` at
/// the first `)` (what was trimmed before it is punctuation, so they are those of what is
/// left), then each `)` trimmed is taken off. Returns the new end of the segment, and whether a
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
    while end > start {
        if end <= keep {
            return (end, true);
        }
        let b = text[end - 1];
        if is_trailing_punctuation(b) {
            end -= 1;
            continue;
        }
        if b != b')' {
            return (end, true);
        }
        let (opens, closes) = *parens.get_or_insert_with(&count);
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

    fn window(text: &[u8]) -> Window<'_> {
        Window { text, lo: 0, lo_is_start: true, complete: true, cut: false }
    }

    fn streaming(text: &[u8]) -> Window<'_> {
        Window { complete: false, ..window(text) }
    }

    fn joined(text: &[u8], pieces: &Pieces, drop: bool) -> String {
        let mut out = Vec::new();
        pieces.write_reading(text, drop, &mut out);
        String::from_utf8(out).unwrap()
    }

    fn bare_of(text: &str, hyphen: bool) -> (String, Option<String>, BareEnd) {
        let joins = if hyphen { Joins::HYPHEN } else { Joins::NONE };
        let t = text.as_bytes();
        let colon = text.find(':').unwrap();
        let s = crate::find::scheme_start(t, colon, 0).unwrap();
        let authority = t[colon + 1..].starts_with(b"//").then_some(colon + 3);
        let start = Start { s, body: colon + 1, authority };
        let mut p = Pieces::default();
        let end = bare(&window(t), start, joins, t.len() + 10, &mut p).unwrap();
        trim(t, &mut p, colon + 1);
        let second = (!p.breaks.is_empty()).then(|| joined(t, &p, true));
        (joined(t, &p, false), second, end)
    }

    #[test]
    fn bare_ends_at_excluded_and_trims_punctuation() {
        assert_eq!(bare_of("see http://a.b/c. Next", true).0, "http://a.b/c");
        assert_eq!(bare_of("(http://a.b/c), and", true).0, "http://a.b/c");
        assert_eq!(
            bare_of("http://en.wikipedia.org/wiki/Set_(mathematics))", true).0,
            "http://en.wikipedia.org/wiki/Set_(mathematics)"
        );
        assert_eq!(bare_of("\"http://a.b/?q=1\".", true).0, "http://a.b/?q=1");
        assert_eq!(bare_of("'http://a.b/'", true).0, "http://a.b/");
        assert_eq!(bare_of("http://a.b/x<y", true).0, "http://a.b/x");
        assert_eq!(bare_of("http://a.b/x!?;:,.'", true).0, "http://a.b/x");
        let (_, _, end) = bare_of("[http://a.b/]", true);
        assert_eq!(end.stop, Some(b']'));
    }

    /// A run of `)` loses as many as have no `(` in the URI, with punctuation between runs,
    /// across a hyphen line break, and never below the byte after the colon.
    #[test]
    fn skips_uri_chars_up_to_an_excluded_byte_or_the_stop() {
        let text = b"http://a.example/a-long-path/x y>";
        let space = text.iter().position(|&b| b == b' ').unwrap();
        assert_eq!(skip_uri_chars(text, 0, 100), space);
        assert_eq!(skip_uri_chars(text, 3, 20), 20);
        assert_eq!(skip_uri_chars(text, space, 100), space);
        assert_eq!(skip_uri_chars(text, space + 1, 100), space + 2);
        assert_eq!(skip_uri_chars(&text[..space], 0, 100), space);
        assert_eq!(skip_uri_chars(text, 40, 100), 40);
        for n in 0..20 {
            let mut t = vec![b'a'; n];
            t.push(b'"');
            assert_eq!(skip_uri_chars(&t, 0, usize::MAX), n);
        }
    }

    #[test]
    fn closing_runs() {
        assert_eq!(closing_run(b""), 0);
        assert_eq!(closing_run(b"a)"), 1);
        assert_eq!(closing_run(b")a"), 0);
        assert_eq!(closing_run(&[b')'; 8]), 8);
        assert_eq!(closing_run(b"(x)))))))))))"), 11);
        let mut t = b"((".to_vec();
        t.extend_from_slice(&[b')'; 17]);
        assert_eq!(closing_run(&t), 17);
    }

    /// The shortcut gives what the parser gives, in both modes.
    #[test]
    fn line_ending_len_agrees_with_the_parser() {
        for rest in [&b""[..], b"\r", b"\n", b"\r\n", b"\n\r", b"\rx", b"\r\r", b"x\n", b" \n", b"\r\nx"] {
            for complete in [true, false] {
                let parsed =
                    run(line_ending(), rest, complete).map(|r| r.map(|(after, _)| rest.len() - after.len()));
                assert_eq!(line_ending_len(rest, complete), parsed, "{rest:?} {complete}");
            }
        }
    }

    #[test]
    fn trims_runs_of_unmatched_parentheses() {
        assert_eq!(bare_of("http://a.b/x))))))) and", true).0, "http://a.b/x");
        assert_eq!(bare_of("http://a.b/(x(y))))))", true).0, "http://a.b/(x(y))");
        assert_eq!(bare_of("http://a.b/(x)).).", true).0, "http://a.b/(x)");
        // Two `(`, four `)`: the two `)` after the `.` go, then the `.`; the balanced ones stay.
        assert_eq!(bare_of("http://a.b/((x)).)),", true).0, "http://a.b/((x))");
        let (first, second, _) = bare_of("http://a.b/(x-\n  y)))", true);
        assert_eq!((first.as_str(), second.as_deref()), ("http://a.b/(x-y)", Some("http://a.b/(xy)")));
        assert_eq!(bare_of("x:))))", true).0, "x:");
        assert_eq!(bare_of("x:(()))", true).0, "x:(())");
    }

    #[test]
    fn trimming_never_eats_the_scheme() {
        assert_eq!(bare_of("mailto:.", true).0, "mailto:");
    }

    #[test]
    fn ip_literal_only_as_host() {
        assert_eq!(bare_of("http://[::1]:80/x y", true).0, "http://[::1]:80/x");
        assert_eq!(bare_of("http://u@[v7.x]/ y", true).0, "http://u@[v7.x]/");
        assert_eq!(bare_of("http://a/[x]", true).0, "http://a/");
        assert_eq!(bare_of("http://[::1 x", true).0, "http://");
        assert_eq!(bare_of("[http://[::1]/]", true).2.stop, Some(b']'));
    }

    #[test]
    fn hyphen_line_break_continues() {
        let (one, two, _) = bare_of("http://www.dcc-\n  servers.net/dcc/ x", true);
        assert_eq!(one, "http://www.dcc-servers.net/dcc/");
        assert_eq!(two.as_deref(), Some("http://www.dccservers.net/dcc/"));
        // Blanks may follow the hyphen; CRLF works.
        let (one, _, _) = bare_of("http://a-  \r\n\tb.c/", true);
        assert_eq!(one, "http://a-b.c/");
        // Not after a blank line, not without a hyphen, not without joins.
        assert_eq!(bare_of("http://a-\n\nb", true).0, "http://a-");
        assert_eq!(bare_of("http://a\nb", true).0, "http://a");
        assert_eq!(bare_of("http://a-\nb", false).0, "http://a-");
        // Nothing joinable on the next line.
        let (one, two, _) = bare_of("http://a-\n<b>", true);
        assert_eq!((one.as_str(), two), ("http://a-", None));
        // Another URI on the next line.
        let (one, two, _) = bare_of("http://a/x-\nftp://b/", true);
        assert_eq!((one.as_str(), two), ("http://a/x-", None));
        assert_eq!(bare_of("http://a/x-\nftp:b", true).0, "http://a/x-ftp:b");
    }

    #[test]
    fn repair_joins_the_first_line_break_only() {
        let t = b"(https://\n        www.debian.org/x)\nmore";
        let start = Start { s: 1, body: 7, authority: Some(9) };
        let mut p = Pieces::default();
        bare(&window(t), start, Joins::REPAIR, 100, &mut p).unwrap();
        assert_eq!(joined(t, &p, false), "https://www.debian.org/x)");
        assert!(p.breaks.is_empty());
        // Re-wrapped quoted text: the next line's prefix may have another depth.
        let t = b"> >http://x/a%\n> 3A%20b\n> >c";
        let start = Start { s: 3, body: 8, authority: Some(10) };
        bare(&window(t), start, Joins::REPAIR, 100, &mut p).unwrap();
        assert_eq!(joined(t, &p, false), "http://x/a%3A%20b");
    }

    /// Many lines in a row (joined by `join_plain_lines` after the first), and each way the
    /// run of joins can end.
    #[test]
    fn hyphen_line_breaks_in_a_row() {
        let (one, two, _) = bare_of("http://a/b-\n c-\n d-\n e/ x", true);
        assert_eq!((one.as_str(), two.as_deref()), ("http://a/b-c-d-e/", Some("http://a/bcde/")));
        // Another URI on the third line: the run stops after the second.
        let (one, two, _) = bare_of("http://a/b-\n c-\n ftp://d/", true);
        assert_eq!((one.as_str(), two.as_deref()), ("http://a/b-c-", Some("http://a/bc-")));
        // A no-break space indents the third line: joined as well.
        assert_eq!(bare_of("http://a/b-\n c-\n\u{a0}d/", true).0, "http://a/b-c-d/");
        // A line that ends otherwise ends the URI.
        assert_eq!(bare_of("http://a/b-\n c-\n d\n e", true).0, "http://a/b-c-d");
        // The third line starts at the limit: overlong, ending after the second.
        let t = b"http://a/b-\n c-\n d-\n e/ x";
        let start = Start { s: 0, body: 5, authority: Some(7) };
        let mut p = Pieces::default();
        let end = bare(&window(t), start, Joins::HYPHEN, 17, &mut p).unwrap();
        assert_eq!((end.end, end.overlong), (15, true));
        // A partial window that ends inside or right after the third line decides nothing.
        for t in [&b"http://a/b-\n c-\n d"[..], b"http://a/b-\n c-\n", b"http://a/b-\n c-\n d-"] {
            assert_eq!(bare(&streaming(t), start, Joins::HYPHEN, 100, &mut p), Err(Incomplete), "{t:?}");
        }
    }

    #[test]
    fn hyphen_break_followed_only_by_punctuation_is_forgotten() {
        let (one, two, _) = bare_of("http://a/b-\n.", true);
        assert_eq!((one.as_str(), two), ("http://a/b-", None));
    }

    #[test]
    fn quoted_reply_prefix_is_skipped() {
        let t = b"> http://www.dcc-\n> servers.net/dcc/\n";
        let w = window(t);
        let depth = quote_depth(&w, 2);
        assert_eq!(depth, 1);
        let mut p = Pieces::default();
        let start = Start { s: 2, body: 7, authority: Some(9) };
        bare(&w, start, Joins::HYPHEN, 100, &mut p).unwrap();
        assert_eq!(joined(t, &p, false), "http://www.dcc-servers.net/dcc/");
        // A different depth does not continue.
        let t = b"> http://www.dcc-\n>> servers.net/\n";
        bare(&window(t), start, Joins::HYPHEN, 100, &mut p).unwrap();
        assert_eq!(joined(t, &p, false), "http://www.dcc-");
    }

    #[test]
    fn bare_needs_more_input_at_the_end() {
        let t = b"http://a.b/c";
        let start = Start { s: 0, body: 5, authority: Some(7) };
        let mut p = Pieces::default();
        assert_eq!(bare(&streaming(t), start, Joins::HYPHEN, 100, &mut p), Err(Incomplete));
        let t = b"http://a-";
        assert_eq!(bare(&streaming(t), start, Joins::HYPHEN, 100, &mut p), Err(Incomplete));
        let t = b"http://a-\n";
        assert_eq!(bare(&streaming(t), start, Joins::HYPHEN, 100, &mut p), Err(Incomplete));
        let t = b"http://a.b/c ";
        assert!(bare(&streaming(t), start, Joins::HYPHEN, 100, &mut p).is_ok());
    }

    #[test]
    fn bare_limit() {
        let t = b"http://abcdefgh";
        let start = Start { s: 0, body: 5, authority: Some(7) };
        let mut p = Pieces::default();
        let end = bare(&window(t), start, Joins::HYPHEN, 10, &mut p).unwrap();
        assert!(end.overlong);
        let end = bare(&window(t), start, Joins::HYPHEN, 15, &mut p).unwrap();
        assert!(!end.overlong);
        let cut = Window { cut: true, ..window(t) };
        assert!(bare(&cut, start, Joins::HYPHEN, 100, &mut p).unwrap().overlong);
    }

    fn angle_of(text: &str) -> Option<(String, Option<String>)> {
        let t = text.as_bytes();
        let colon = text.find("://").or_else(|| text.find(':'))?;
        let s = crate::find::scheme_start(t, colon, 0)?;
        let w = window(t);
        let open = opener(&w, s, 0).angle?;
        let mut p = Pieces::default();
        match angle(&w, s, open.0, t.len(), &mut p).unwrap() {
            AngleEnd::Closed(_) => {
                let second = (!p.breaks.is_empty()).then(|| joined(t, &p, true));
                Some((joined(t, &p, false), second))
            }
            AngleEnd::Open => None,
        }
    }

    #[test]
    fn angle_removes_white_space() {
        assert_eq!(
            angle_of("from <ftp://ds.internic.\n      net/rfc/>.").unwrap().0,
            "ftp://ds.internic.net/rfc/"
        );
        assert_eq!(angle_of("<URL:ftp://x/doc;\n      type=d>").unwrap().0, "ftp://x/doc;type=d");
        assert_eq!(angle_of("< URL: http://x/ >").unwrap().0, "http://x/");
        assert_eq!(angle_of("<URL:\n  http://x/\n  y>").unwrap().0, "http://x/y");
        // Nothing is trimmed inside.
        assert_eq!(angle_of("<http://x/.>").unwrap().0, "http://x/.");
    }

    #[test]
    fn angle_hyphen_break_gives_two_readings() {
        let (one, two) = angle_of("<URL:http://www-\n     diglib.stanford.edu/>").unwrap();
        assert_eq!(one, "http://www-diglib.stanford.edu/");
        assert_eq!(two.as_deref(), Some("http://wwwdiglib.stanford.edu/"));
        // A hyphen before a space that is not a line break is not a break.
        assert_eq!(angle_of("<http://a- b>").unwrap().1, None);
    }

    #[test]
    fn angle_is_not_a_wrapper_when_open() {
        assert_eq!(angle_of("<http://a b"), None);
        assert_eq!(angle_of("<http://a <http://b>"), None);
        assert_eq!(angle_of("<http://a\n\nb>"), None);
        assert_eq!(angle_of("<http://a\"b>"), None);
        assert_eq!(angle_of("<http://a\u{e9}>"), None);
    }

    #[test]
    fn angle_in_a_quoted_reply() {
        assert_eq!(angle_of("> see <http://a/b\n> c/d>").unwrap().0, "http://a/bc/d");
        assert_eq!(angle_of("> see <http://a/b\n c/d>"), None);
    }

    #[test]
    fn angle_needs_more_input() {
        let t = b"<http://a/b\n";
        let mut p = Pieces::default();
        assert_eq!(angle(&streaming(t), 1, 0, 100, &mut p), Err(Incomplete));
        assert_eq!(angle(&streaming(b"<http://a/b\r"), 1, 0, 100, &mut p), Err(Incomplete));
        assert_eq!(angle(&window(t), 1, 0, 100, &mut p), Ok(AngleEnd::Open));
    }

    #[test]
    fn openers() {
        let at = |text: &str| {
            let s = text.find("http").unwrap();
            opener(&window(text.as_bytes()), s, 0)
        };
        assert_eq!(at("<http://x>").angle, Some((0, false)));
        assert_eq!(at("<URL:http://x>").angle, Some((0, true)));
        assert_eq!(at("< url: \n http://x>").angle, Some((0, true)));
        assert_eq!(at("URL: http://x").url_prefix, Some(0));
        assert_eq!(at("URL:http://x").url_prefix, Some(0));
        assert_eq!(at("XURL:http://x").url_prefix, None);
        assert_eq!(at("URL:\nhttp://x").url_prefix, None);
        assert_eq!(at("\"http://x\"").mark, Some(b'"'));
        assert_eq!(at("[http://x]").mark, Some(b'['));
        assert_eq!(at("{http://x}").mark, Some(b'{'));
        assert_eq!(at("(http://x)"), Opener::default());
        // The floor is a hard edge.
        let t = b"<http://x";
        assert_eq!(opener(&window(t), 1, 1), Opener::default());
    }

    #[test]
    fn quote_depths() {
        let w = window(b"a\n> > b\n>>c");
        assert_eq!(quote_depth(&w, 0), 0);
        assert_eq!(quote_depth(&w, 6), 2);
        assert_eq!(quote_depth(&w, 10), 2);
        let unknown = Window { lo: 3, lo_is_start: false, ..w };
        assert_eq!(quote_depth(&unknown, 6), 0);
    }
}
