//! The extraction driver: prefilter → delimiting → validation → matches, over a slice or a
//! reader.
//!
//! One engine serves both: it is handed a window of the input (all of it, for a slice) with
//! the window's absolute offset, and either reports the next event or says that it needs more
//! input and which bytes it still needs. Every decision depends only on bytes inside a bounded
//! neighbourhood of a trigger — a fixed look-back, and a look-ahead cut at the maximum URI
//! length — and a recognizer that runs into the end of a partial window asks for more instead
//! of deciding, so the matches do not depend on how a reader splits its input.

use std::collections::VecDeque;
use std::io::{self, Read};

use crate::buffer::{self, Buffer};
use crate::chars::{self, EXCLUDED};
use crate::delimit::{self, AngleEnd, Incomplete, Joins, Pieces, Scan, Start, Window};
use crate::find::{self, Finder, SchemeRule, Shape, Trigger};
use crate::matches::{Delimiter, Event, Match, Parts, Rejected, Span};
use crate::qp;
use crate::uri::{Components, ErrorKind, Grammar, ParseError, Part, Uri};

/// How far before a trigger bytes are kept and may be looked at: the scheme (at most
/// [`find::SCHEME_MAX`] bytes), the wrapper before it, and the start of its line (for the
/// quote depth of a mail reply).
const LOOKBACK: usize = 1024;
/// How far before a trigger quoted-printable text is decoded (less than [`LOOKBACK`]).
const QP_BEFORE: usize = 512;
/// How far past the maximum URI length a candidate's window reaches: room for the closing
/// `>` or quote, and for the blanks of a hyphen line break.
const SLACK: usize = 1024;
/// How many bare scans may end at the same place without a match before the triggers inside
/// that token are skipped. Each scan of a token costs its length, so this bounds the work per
/// token and keeps floods such as `http:%http:%http:…` linear.
const SCANS_PER_TOKEN: u32 = 4;
/// The smallest and largest maximum URI length the builder accepts.
const MAX_URI_LEN_RANGE: (usize, usize) = (16, 1 << 30);

/// Options for extraction; build once, reuse for many inputs.
///
/// ```
/// use urisift::ExtractorBuilder;
/// let mut builder = ExtractorBuilder::new();
/// builder.abbreviated(true).max_uri_len(4096);
/// let uris: Vec<String> = builder.slice(b"see www.w3.org/Addressing/.").map(|m| m.uri().to_owned()).collect();
/// assert_eq!(uris, ["www.w3.org/Addressing/"]);
/// ```
#[derive(Debug, Clone)]
pub struct ExtractorBuilder {
    pub(crate) grammar: Grammar,
    pub(crate) max_uri_len: usize,
    pub(crate) abbreviated: bool,
    pub(crate) report_rejected: bool,
    pub(crate) quoted_printable: bool,
    pub(crate) line_numbers: bool,
}

impl Default for ExtractorBuilder {
    fn default() -> Self {
        ExtractorBuilder {
            grammar: Grammar::Rfc3986,
            max_uri_len: 64 * 1024,
            abbreviated: false,
            report_rejected: false,
            quoted_printable: true,
            line_numbers: false,
        }
    }
}

impl ExtractorBuilder {
    /// Default options: RFC 3986 validation, URIs up to 64 KiB, no abbreviated URLs, no
    /// rejected candidates reported, quoted-printable mail decoded, no line numbers.
    pub fn new() -> Self {
        Self::default()
    }

    /// The grammar every candidate is validated against (default [`Grammar::Rfc3986`]).
    pub fn grammar(&mut self, grammar: Grammar) -> &mut Self {
        self.grammar = grammar;
        self
    }

    /// The longest URI, in source bytes from its first byte to its last, that is looked for
    /// (default 64 KiB; at least 16 bytes, at most 1 GiB). Memory use is bounded by about
    /// twice this, whatever the input's size. A longer candidate is not silently lost: it is
    /// counted ([`Extractor::overlong`]) and reported as [`Event::Overlong`].
    pub fn max_uri_len(&mut self, bytes: usize) -> &mut Self {
        self.max_uri_len = bytes.clamp(MAX_URI_LEN_RANGE.0, MAX_URI_LEN_RANGE.1);
        self
    }

    /// Also find abbreviated URLs starting with `www.` (seed 000 Appendix F: "a reference
    /// consisting of only the site and path portions"), reported as written and validated as
    /// if `http://` stood before them (default off).
    pub fn abbreviated(&mut self, yes: bool) -> &mut Self {
        self.abbreviated = yes;
        self
    }

    /// Report candidates that the validating parser rejected, with its reason, as
    /// [`Event::Rejected`] from [`Extractor::next_event`] (default off; the matches are the
    /// same either way).
    pub fn report_rejected(&mut self, yes: bool) -> &mut Self {
        self.report_rejected = yes;
        self
    }

    /// Decode quoted-printable mail bodies (default on): after a
    /// `Content-Transfer-Encoding: quoted-printable` header line, and until the next line that
    /// starts with `--` (a MIME boundary) or `From ` (the next message of an mbox), soft line
    /// breaks (`=` at the end of a line) are joined and `=XX` is decoded before delimiting, so
    /// that `href=3D"http://a/?b=3D=` / `c"` gives `http://a/?b=c`. Appendix E is silent on
    /// transfer encodings; this is what a mail reader shows.
    pub fn quoted_printable(&mut self, yes: bool) -> &mut Self {
        self.quoted_printable = yes;
        self
    }

    /// Count lines, so that each match knows its [line](Match::line) (default off: counting
    /// costs a pass over the input).
    pub fn line_numbers(&mut self, yes: bool) -> &mut Self {
        self.line_numbers = yes;
        self
    }

    /// Extracts from a reader, in bounded memory.
    pub fn reader<R: Read>(&self, reader: R) -> Extractor<R> {
        Extractor { reader, buffer: Buffer::new(), engine: Engine::new(self.clone()), done: false }
    }

    /// Extracts from bytes in memory, without copying them.
    pub fn slice<'h>(&self, haystack: &'h [u8]) -> SliceMatches<'h> {
        SliceMatches { haystack, engine: Engine::new(self.clone()) }
    }
}

/// An iterator of matches over a reader, in input order.
///
/// A read error is yielded once (after every match found before it), and then the iterator
/// ends. `ErrorKind::Interrupted` is retried.
#[derive(Debug)]
pub struct Extractor<R> {
    reader: R,
    buffer: Buffer,
    engine: Engine,
    done: bool,
}

impl<R: Read> Extractor<R> {
    /// The next event: a match, a rejected candidate (only with
    /// [`ExtractorBuilder::report_rejected`]), or an overlong candidate that was skipped.
    pub fn next_event(&mut self) -> Option<io::Result<Event>> {
        if self.done {
            return None;
        }
        loop {
            let (hay, base, eof) = self.buffer.window();
            match self.engine.step(hay, base, eof) {
                Step::Event(event) => return Some(Ok(event)),
                Step::Done => {
                    self.done = true;
                    return None;
                }
                Step::NeedMore { keep_from } => {
                    self.buffer.consume_to(keep_from);
                    // Doubling what is held keeps re-scans of a long pending candidate linear.
                    let want = buffer::CHUNK.max(self.buffer.window().0.len());
                    if let Err(e) = self.buffer.fill(&mut self.reader, want) {
                        self.done = true;
                        return Some(Err(e));
                    }
                }
            }
        }
    }

    /// How many candidates so far were longer than the maximum URI length and skipped.
    pub fn overlong(&self) -> u64 {
        self.engine.state.overlong
    }

    /// The reader.
    pub fn get_ref(&self) -> &R {
        &self.reader
    }
}

impl<R: Read> Iterator for Extractor<R> {
    type Item = io::Result<Match>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            match self.next_event()? {
                Ok(Event::Match(m)) => return Some(Ok(m)),
                Ok(_) => {}
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

/// An iterator of matches over bytes in memory, in input order.
#[derive(Debug)]
pub struct SliceMatches<'h> {
    haystack: &'h [u8],
    engine: Engine,
}

impl SliceMatches<'_> {
    /// The next event: see [`Extractor::next_event`].
    pub fn next_event(&mut self) -> Option<Event> {
        match self.engine.step(self.haystack, 0, true) {
            Step::Event(event) => Some(event),
            // With the whole input at hand the engine never needs more.
            Step::Done | Step::NeedMore { .. } => None,
        }
    }

    /// How many candidates so far were longer than the maximum URI length and skipped.
    pub fn overlong(&self) -> u64 {
        self.engine.state.overlong
    }
}

impl Iterator for SliceMatches<'_> {
    type Item = Match;

    fn next(&mut self) -> Option<Match> {
        loop {
            if let Event::Match(m) = self.next_event()? {
                return Some(m);
            }
        }
    }
}

/// Where a step of the engine stopped.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)] // moved once per event, never stored
enum Step {
    Event(Event),
    /// The window ends too early to decide; the bytes from `keep_from` on are still needed.
    NeedMore {
        keep_from: u64,
    },
    Done,
}

/// What became of a trigger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// No candidate here: go on after the trigger.
    Skip,
    /// A match (the last pending event) whose wrapper ends at this absolute offset.
    Matched(u64),
    /// A bare scan to this absolute offset found nothing valid.
    Scanned(u64),
    /// A candidate longer than the limit.
    Overlong(Span),
}

/// The engine's position in the input, between steps.
#[derive(Debug, Default)]
struct State {
    /// Where the search for the next trigger resumes.
    pos: u64,
    /// The end of the last match: no later candidate or wrapper reaches before it.
    floor: u64,
    /// After an overlong candidate, its token is skipped up to the next byte that ends a URI.
    skipping: bool,
    /// Where the last bare scans without a match ended, and how many did.
    scan_end: u64,
    scans: u32,
    /// Candidates skipped for their length.
    overlong: u64,
    /// Inside a quoted-printable region, and where the search for its end resumes.
    qp_active: bool,
    qp_scan: u64,
    /// Lines counted up to this offset, and how many.
    lines_to: u64,
    lines: u64,
}

/// Buffers reused from candidate to candidate.
#[derive(Debug, Default)]
struct Scratch {
    pieces: Pieces,
    first: Vec<u8>,
    second: Vec<u8>,
    prefixed: String,
}

#[derive(Debug)]
struct Engine {
    opts: ExtractorBuilder,
    finder: Finder,
    state: State,
    scratch: Scratch,
    decoded: qp::Decoded,
    pending: VecDeque<Event>,
}

/// How window indexes map to absolute offsets in the input.
#[derive(Debug, Clone, Copy)]
enum Map<'a> {
    /// The window is the input from this offset.
    Raw(u64),
    /// The window is decoded from the input at `base`; see [`qp::Decoded`].
    Decoded { base: u64, starts: &'a [u32], ends: &'a [u32] },
}

impl Map<'_> {
    /// The offset of the first source byte of window byte `i`.
    fn start(&self, i: usize) -> u64 {
        match *self {
            Map::Raw(base) => base + i as u64,
            Map::Decoded { base, starts, ends } => {
                base + u64::from(starts.get(i).or(ends.last()).copied().unwrap_or(0))
            }
        }
    }

    /// The offset one past the last source byte of window byte `i`.
    fn end(&self, i: usize) -> u64 {
        match *self {
            Map::Raw(base) => base + i as u64 + 1,
            Map::Decoded { base, ends, .. } => {
                base + u64::from(ends.get(i).or(ends.last()).copied().unwrap_or(0))
            }
        }
    }

    /// The source range of window bytes `r`, which must not be empty.
    fn span(&self, r: core::ops::Range<usize>) -> Span {
        Span::new(self.start(r.start), self.end(r.end.saturating_sub(1)))
    }

    /// The source ranges of window bytes `r`, split where source bytes were skipped.
    fn pieces(&self, r: core::ops::Range<usize>, out: &mut Vec<Span>) {
        let mut from = r.start;
        for i in r.clone() {
            let last = i + 1 == r.end;
            if last || self.end(i) != self.start(i + 1) {
                push_piece(out, self.span(from..i + 1));
                from = i + 1;
            }
        }
    }
}

/// Adds a piece, merging it with the previous one when they touch.
fn push_piece(out: &mut Vec<Span>, piece: Span) {
    match out.last_mut() {
        Some(last) if last.end == piece.start => last.end = piece.end,
        _ => out.push(piece),
    }
}

/// A trigger, located in a window.
#[derive(Debug, Clone, Copy)]
struct Site {
    /// The first byte: the scheme's, or `www.`'s.
    s: usize,
    /// The scheme's colon; `None` for an abbreviated URL.
    colon: Option<usize>,
}

impl Engine {
    fn new(opts: ExtractorBuilder) -> Self {
        Engine {
            finder: Finder::new(opts.abbreviated),
            opts,
            state: State::default(),
            scratch: Scratch::default(),
            decoded: qp::Decoded::default(),
            pending: VecDeque::new(),
        }
    }

    /// Goes on from where the last step stopped, over `hay`, the input from `base` on
    /// (holding at least the bytes from the last `keep_from`); `eof` says the input ends
    /// after `hay`.
    fn step(&mut self, hay: &[u8], base: u64, eof: bool) -> Step {
        loop {
            if let Some(event) = self.pending.pop_front() {
                return Step::Event(event);
            }
            let end = base + hay.len() as u64;
            if self.state.pos >= end && eof {
                return Step::Done;
            }
            let from = self.state.pos.saturating_sub(base) as usize;
            if self.state.skipping {
                match hay.get(from..).and_then(|rest| rest.iter().position(|&b| chars::is(b, EXCLUDED))) {
                    Some(k) => {
                        self.state.pos = base + (from + k) as u64;
                        self.state.skipping = false;
                    }
                    None => {
                        self.state.pos = end;
                        if eof {
                            return Step::Done;
                        }
                        return self.need_more(hay, base);
                    }
                }
                continue;
            }
            let Some(trigger) = self.finder.next(hay, from) else {
                if eof {
                    self.state.pos = end;
                    return Step::Done;
                }
                // A trigger longer than a byte may straddle the end of the window.
                let resume = end.saturating_sub(self.finder.overlap() as u64);
                self.state.pos = self.state.pos.max(resume);
                return self.need_more(hay, base);
            };
            let t = base + trigger.at() as u64;
            self.state.pos = t;
            self.track_qp_region(hay, base, trigger.at());
            match self.process(hay, base, eof, trigger) {
                Ok(outcome) => self.commit(outcome, t, hay, base),
                Err(Incomplete) => {
                    self.pending.clear();
                    return self.need_more(hay, base);
                }
            }
        }
    }

    /// Asks for more input, keeping what the next step may look at: [`LOOKBACK`] bytes before
    /// the resume position, and what line counting and the quoted-printable region search have
    /// not seen yet (both are first brought up to date).
    fn need_more(&mut self, hay: &[u8], base: u64) -> Step {
        let keep = self.state.pos.saturating_sub(LOOKBACK as u64);
        if self.opts.line_numbers {
            self.count_lines(hay, base, keep);
        }
        if self.state.qp_active {
            self.track_qp_region(hay, base, hay.len());
        } else {
            self.state.qp_scan = self.state.pos;
        }
        let keep_from =
            keep.min(self.state.qp_scan).min(if self.opts.line_numbers { self.state.lines_to } else { keep });
        Step::NeedMore { keep_from }
    }

    /// Counts the line ends before the absolute offset `to`.
    fn count_lines(&mut self, hay: &[u8], base: u64, to: u64) {
        if to <= self.state.lines_to {
            return;
        }
        let from = self.state.lines_to.saturating_sub(base) as usize;
        let upto = (to.saturating_sub(base) as usize).min(hay.len());
        if let Some(bytes) = hay.get(from..upto) {
            self.state.lines += memchr::memchr_iter(b'\n', bytes).count() as u64;
        }
        self.state.lines_to = to;
    }

    /// Ends the quoted-printable region if a line that ends it starts before index `upto`.
    fn track_qp_region(&mut self, hay: &[u8], base: u64, upto: usize) {
        if !self.state.qp_active {
            return;
        }
        let from = self.state.qp_scan.saturating_sub(base) as usize;
        if let Some(region) = hay.get(from..upto) {
            if qp::region_end(region).is_some() {
                self.state.qp_active = false;
            }
            // A line that ends the region may straddle `upto`: look at its start again.
            let resume = upto.saturating_sub(qp::END_MARK_OVERLAP);
            self.state.qp_scan = self.state.qp_scan.max(base + resume as u64);
        }
    }

    /// Applies what became of the trigger at `t`.
    fn commit(&mut self, outcome: Outcome, t: u64, hay: &[u8], base: u64) {
        let st = &mut self.state;
        match outcome {
            Outcome::Skip => st.pos = t + 1,
            Outcome::Matched(end) => {
                st.pos = end.max(t + 1);
                st.floor = end;
                st.scans = 0;
                if self.opts.line_numbers
                    && let Some(Event::Match(m)) = self.pending.back_mut()
                {
                    let start = m.span.start;
                    // Inline `count_lines`, as `self` is partly borrowed.
                    if start > st.lines_to {
                        let from = st.lines_to.saturating_sub(base) as usize;
                        let upto = (start.saturating_sub(base) as usize).min(hay.len());
                        if let Some(bytes) = hay.get(from..upto) {
                            st.lines += memchr::memchr_iter(b'\n', bytes).count() as u64;
                        }
                        st.lines_to = start;
                    }
                    m.line = st.lines + 1;
                }
            }
            Outcome::Scanned(end) => {
                st.pos = t + 1;
                if end == st.scan_end {
                    st.scans += 1;
                } else {
                    st.scan_end = end;
                    st.scans = 1;
                }
                if st.scans >= SCANS_PER_TOKEN {
                    st.pos = st.pos.max(end);
                }
            }
            Outcome::Overlong(span) => {
                st.overlong += 1;
                st.pos = span.end.max(t + 1);
                st.skipping = true;
                self.pending.push_back(Event::Overlong(span));
            }
        }
    }

    /// Delimits and validates the candidate at `trigger`, pushing its events.
    fn process(&mut self, hay: &[u8], base: u64, eof: bool, trigger: Trigger) -> Scan<Outcome> {
        let floor = self.state.floor.saturating_sub(base) as usize;
        let site = match trigger {
            Trigger::Colon(c) => {
                let s = find::scheme_start(hay, c, floor);
                if self.opts.quoted_printable
                    && let Some(s) = s
                    && qp::is_cte_header(&hay[s..c])
                    && s.checked_sub(1).map_or(base == 0, |p| hay[p] == b'\n')
                {
                    let value = hay.get(c + 1..).unwrap_or_default();
                    let qp = qp::cte_is_quoted_printable(value, eof).ok_or(Incomplete)?;
                    self.state.qp_active = qp;
                    self.state.qp_scan = base + c as u64;
                    return Ok(Outcome::Skip);
                }
                if self.state.qp_active {
                    return self.process_qp(hay, base, eof, trigger);
                }
                match s {
                    Some(s) => Site { s, colon: Some(c) },
                    None => return Ok(Outcome::Skip),
                }
            }
            Trigger::Www(w) => {
                if self.state.qp_active {
                    return self.process_qp(hay, base, eof, trigger);
                }
                Site { s: w, colon: None }
            }
        };
        let t = base + trigger.at() as u64;
        let cut_at = site.s + self.opts.max_uri_len + SLACK;
        let (text, complete, cut) =
            if hay.len() > cut_at { (&hay[..cut_at], true, true) } else { (hay, eof, false) };
        let lo_abs = t.saturating_sub(LOOKBACK as u64);
        let w = Window {
            text,
            lo: lo_abs.saturating_sub(base) as usize,
            lo_is_start: lo_abs == 0,
            complete,
            cut,
        };
        let mut cx =
            Cx { opts: &self.opts, scratch: &mut self.scratch, pending: &mut self.pending, qp: false };
        cx.candidate(&w, &Map::Raw(base), site, floor)
    }

    /// [`Engine::process`] inside a quoted-printable region: the neighbourhood of the trigger
    /// is decoded, starting small and doubling while the candidate needs more.
    fn process_qp(&mut self, hay: &[u8], base: u64, eof: bool, trigger: Trigger) -> Scan<Outcome> {
        let at = trigger.at();
        let t = base + at as u64;
        let lo_abs = t.saturating_sub(QP_BEFORE as u64);
        let lo = lo_abs.saturating_sub(base) as usize;
        let cut_at = at + self.opts.max_uri_len + SLACK;
        let limit = hay.len().min(cut_at);
        let mut hi = limit.min(at + 256);
        loop {
            self.pending.clear();
            let complete = (hi == hay.len() && eof) || hi == cut_at;
            let raw = hay.get(lo..hi).unwrap_or_default();
            qp::decode_into(raw, complete, &mut self.decoded);
            let d = &self.decoded;
            let Ok(k) = d.starts.binary_search(&((at - lo) as u32)) else { return Ok(Outcome::Skip) };
            let floor_abs = self.state.floor.max(lo_abs);
            let floor = d.starts.partition_point(|&st| lo_abs + u64::from(st) < floor_abs);
            let site = match trigger {
                Trigger::Colon(_) => match find::scheme_start(&d.text, k, floor) {
                    Some(s) => Site { s, colon: Some(k) },
                    None => return Ok(Outcome::Skip),
                },
                Trigger::Www(_) => Site { s: k, colon: None },
            };
            let w = Window { text: &d.text, lo: 0, lo_is_start: lo_abs == 0, complete, cut: hi == cut_at };
            let map = Map::Decoded { base: lo_abs, starts: &d.starts, ends: &d.ends };
            let mut cx =
                Cx { opts: &self.opts, scratch: &mut self.scratch, pending: &mut self.pending, qp: true };
            match cx.candidate(&w, &map, site, floor) {
                Err(Incomplete) if hi < limit => hi = limit.min(lo + 2 * (hi - lo)),
                done => return done,
            }
        }
    }
}

/// What a candidate is: a URI with a scheme, or an abbreviated `www.` URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `scheme:…`; opaque schemes carry the shape the text after the colon must have.
    Scheme {
        colon: usize,
        shape: Option<Shape>,
    },
    Www,
}

/// A valid candidate, before it becomes a [`Match`].
struct Valid {
    uri: String,
    alternate: Option<String>,
    parts: Parts,
    /// Whether `uri` is the second reading (the first was invalid).
    second: bool,
}

/// The verdict on a delimited candidate.
enum Verdict {
    /// Not a URI candidate after all (nothing after `//`, an opaque scheme's text of the wrong
    /// shape): nothing to report.
    NotCandidate,
    Valid(Valid),
    /// Rejected by the parser; the text is only built when rejections are reported.
    Invalid(Option<String>, ParseError),
}

/// What one candidate works with.
struct Cx<'a> {
    opts: &'a ExtractorBuilder,
    scratch: &'a mut Scratch,
    pending: &'a mut VecDeque<Event>,
    /// The window is quoted-printable decoded text.
    qp: bool,
}

impl Cx<'_> {
    /// Delimits the candidate at `site` in `w` (wrappers looked for no further back than
    /// `floor`), validates it, and pushes its events.
    fn candidate(&mut self, w: &Window<'_>, map: &Map<'_>, site: Site, floor: usize) -> Scan<Outcome> {
        let text = w.text;
        let Site { s, colon } = site;
        // Most colons in prose are `Note: text`: white space follows, so only `<…>` could hold
        // a URI here (`<mailto: rah@ibuc.com>`); decide that before anything else.
        let after = match colon {
            Some(c) => after_colon(w, c)?,
            None => After::UriChar,
        };
        if after == After::Other && !delimit::may_open_angle(w, s, floor) {
            return Ok(Outcome::Skip);
        }
        let kind = match colon {
            Some(c) => match find::scheme_rule(&text[s..c]) {
                SchemeRule::Never => return Ok(Outcome::Skip),
                SchemeRule::NeedsSlashes => Kind::Scheme { colon: c, shape: None },
                SchemeRule::Opaque(shape) => Kind::Scheme { colon: c, shape: Some(shape) },
            },
            None if find::www_starts_word(text, s, floor.max(w.lo)) => Kind::Www,
            None => return Ok(Outcome::Skip),
        };
        // Outside angle brackets, the byte after the colon must be able to go on.
        let bare = match (kind, after) {
            (Kind::Scheme { colon: c, .. }, After::Slashes) => Some((c + 1, Some(c + 3))),
            (Kind::Scheme { colon: c, .. }, After::LineBreak) => Some((c + 1, None)),
            (Kind::Scheme { colon: c, shape: Some(_) }, After::UriChar) => Some((c + 1, None)),
            (Kind::Scheme { .. }, _) => None,
            (Kind::Www, _) => Some((s, Some(s))),
        };
        if bare.is_none() && !delimit::may_open_angle(w, s, floor) {
            return Ok(Outcome::Skip);
        }
        let opener = delimit::opener(w, s, floor);
        let limit_end = s + self.opts.max_uri_len;

        // RFC 2396 App. E / RFC 1738 appendix: `<URL:…>`; white space inside is ignored, even
        // right after the colon (`<mailto: rah@ibuc.com>`).
        if let Some((lt, url)) = opener.angle {
            let depth = delimit::quote_depth(w, lt);
            if let AngleEnd::Closed(gt) = delimit::angle(w, s, depth, limit_end, &mut self.scratch.pieces)? {
                let delimiter = if url { Delimiter::AngleUrlPrefix } else { Delimiter::Angle };
                match self.verdict(text, kind) {
                    Verdict::Valid(valid) => {
                        self.push_match(valid, map, delimiter, lt..gt + 1, kind);
                        return Ok(Outcome::Matched(map.end(gt)));
                    }
                    Verdict::Invalid(candidate, error) => {
                        let rejected = self.rejected(candidate, error, map, delimiter, lt..gt + 1);
                        self.pending.extend(rejected.map(Event::Rejected));
                    }
                    Verdict::NotCandidate => {}
                }
            }
            // Not a wrapper: what it holds is scanned as ordinary text.
        }

        let Some((body, authority)) = bare else { return Ok(Outcome::Skip) };
        let start = Start { s, body, authority };
        // First the reading of rule 7: hyphen line breaks joined. When that gives no URI, the
        // hyphens are taken as ordinary line ends; then, when the candidate stops at a line
        // break, the next line is joined, for a URI that cannot end there (`(https://` /
        // `www.debian.org/)`). Each later reading is tried only when it can differ.
        let mut first: Option<(u64, Option<Rejected>)> = None;
        let mut joins = Joins::HYPHEN;
        loop {
            let end = delimit::bare(w, start, joins, limit_end, &mut self.scratch.pieces)?;
            if end.overlong {
                if first.is_none() {
                    return Ok(Outcome::Overlong(Span::new(map.start(s), map.start(end.end))));
                }
                break;
            }
            if joins == Joins::REPAIR && !end.repaired {
                break;
            }
            let hyphens = !self.scratch.pieces.breaks.is_empty();
            delimit::trim(text, &mut self.scratch.pieces, body);
            let Some(extent) = self.scratch.pieces.extent() else { break };
            let (delimiter, outer) = wrapper(text, &opener, extent, end);
            let tried = match self.verdict(text, kind) {
                // A repaired URI needs a host that looks like one: `the http://` / `prefix`
                // is a mention, not a URI broken after its slashes.
                Verdict::Valid(valid) if joins == Joins::REPAIR && !host_looks_real(&valid) => None,
                Verdict::Valid(valid) => {
                    self.push_match(valid, map, delimiter, outer.clone(), kind);
                    return Ok(Outcome::Matched(map.end(outer.end - 1)));
                }
                Verdict::Invalid(candidate, error) => self.rejected(candidate, error, map, delimiter, outer),
                Verdict::NotCandidate => None,
            };
            if first.is_none() {
                first = Some((map.start(end.end), tried));
            }
            joins = if joins == Joins::HYPHEN && hyphens {
                Joins::NONE
            } else if joins != Joins::REPAIR && at_white_space(text, end) {
                Joins::REPAIR
            } else {
                break;
            };
        }
        let Some((scan_end, rejected)) = first else { return Ok(Outcome::Skip) };
        self.pending.extend(rejected.map(Event::Rejected));
        Ok(Outcome::Scanned(scan_end))
    }

    /// Validates the readings of the delimited pieces: the first (every byte) and, when a
    /// hyphen ends a line inside, the second (those hyphens dropped).
    fn verdict(&mut self, text: &[u8], kind: Kind) -> Verdict {
        let sc = &mut *self.scratch;
        let Some(extent) = sc.pieces.extent() else { return Verdict::NotCandidate };
        let first: &[u8] = if sc.pieces.segments.len() == 1 {
            &text[extent.clone()]
        } else {
            sc.pieces.write_reading(text, false, &mut sc.first);
            &sc.first
        };
        if !shape_ok(kind, first, extent.start) {
            return Verdict::NotCandidate;
        }
        let grammar = self.opts.grammar;
        let one = as_str(first).and_then(|r| Ok((r, check(r, kind, grammar, &mut sc.prefixed)?)));
        let two = if sc.pieces.breaks.is_empty() {
            None
        } else {
            sc.pieces.write_reading(text, true, &mut sc.second);
            as_str(&sc.second).and_then(|r| Ok((r, check(r, kind, grammar, &mut sc.prefixed)?))).ok()
        };
        match (one, two) {
            (Ok((uri, parts)), two) => Verdict::Valid(Valid {
                uri: uri.to_owned(),
                alternate: two.map(|(r, _)| r.to_owned()),
                parts,
                second: false,
            }),
            (Err(_), Some((uri, parts))) => {
                Verdict::Valid(Valid { uri: uri.to_owned(), alternate: None, parts, second: true })
            }
            (Err(error), None) => {
                let text = self.opts.report_rejected.then(|| String::from_utf8_lossy(first).into_owned());
                Verdict::Invalid(text, error)
            }
        }
    }

    fn push_match(
        &mut self,
        valid: Valid,
        map: &Map<'_>,
        delimiter: Delimiter,
        outer: core::ops::Range<usize>,
        kind: Kind,
    ) {
        let pieces = &self.scratch.pieces;
        let Some(extent) = pieces.extent() else { return };
        let span = map.span(extent);
        // A URI in one piece (the common case) keeps no list: `Match::pieces` gives its span.
        let mut spans = Vec::new();
        if pieces.segments.len() > 1 || self.qp {
            let mut breaks = pieces.breaks.iter().peekable();
            for seg in &pieces.segments {
                let at_break = breaks.next_if(|&&h| h + 1 == seg.end).is_some();
                let end = if valid.second && at_break { seg.end - 1 } else { seg.end };
                if seg.start < end {
                    map.pieces(seg.start..end, &mut spans);
                }
            }
            if spans.len() == 1 && spans[0] == span {
                spans = Vec::new();
            }
        }
        self.pending.push_back(Event::Match(Match {
            uri: valid.uri,
            alternate: valid.alternate,
            span,
            outer: map.span(outer),
            pieces: spans,
            delimiter,
            grammar: self.opts.grammar,
            parts: valid.parts,
            abbreviated: kind == Kind::Www,
            quoted_printable: self.qp,
            line: 0,
        }));
    }

    /// The record of a rejected candidate made of the current pieces, when rejections are
    /// reported (the candidate's text is only built then).
    fn rejected(
        &self,
        candidate: Option<String>,
        error: ParseError,
        map: &Map<'_>,
        delimiter: Delimiter,
        outer: core::ops::Range<usize>,
    ) -> Option<Rejected> {
        let (Some(text), Some(extent)) = (candidate, self.scratch.pieces.extent()) else { return None };
        Some(Rejected { text, span: map.span(extent), outer: map.span(outer), delimiter, error })
    }
}

/// The wrapper of a bare-scanned candidate with window range `extent`: a `URL:` prefix, or a
/// quote, bracket or brace closed by the byte the scan stopped at (extractor rules 5, 6).
fn wrapper(
    text: &[u8],
    opener: &delimit::Opener,
    extent: core::ops::Range<usize>,
    end: delimit::BareEnd,
) -> (Delimiter, core::ops::Range<usize>) {
    if let Some(u) = opener.url_prefix {
        return (Delimiter::UrlPrefix, u..extent.end);
    }
    let closed =
        |open: u8, close: u8| opener.mark == Some(open) && end.stop == Some(close) && end.end < text.len();
    let delimiter = if closed(b'"', b'"') {
        Delimiter::Quoted
    } else if closed(b'[', b']') {
        Delimiter::Bracketed
    } else if closed(b'{', b'}') {
        Delimiter::Braced
    } else {
        return (Delimiter::Bare, extent);
    };
    (delimiter, extent.start - 1..end.end + 1)
}

/// What follows a scheme's colon, outside angle brackets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum After {
    /// `//`: an authority.
    Slashes,
    /// Blanks and a line break: the URI may go on on the next line (`(https:` / `//host/)`).
    LineBreak,
    /// Another byte that may be in a URI.
    UriChar,
    /// White space without a line break, or a byte that ends a URI: no URI here.
    Other,
}

fn after_colon(w: &Window<'_>, colon: usize) -> Scan<After> {
    let rest = w.text.get(colon + 1..).unwrap_or_default();
    let undecided = if w.complete { Ok(After::Other) } else { Err(Incomplete) };
    match rest {
        [] => undecided,
        [b'/'] if !w.complete => Err(Incomplete),
        [b'/', b'/', ..] => Ok(After::Slashes),
        [b' ' | b'\t' | b'\r' | b'\n', ..] => {
            let blanks = rest.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
            match rest.get(blanks) {
                Some(b'\r' | b'\n') => Ok(After::LineBreak),
                Some(_) => Ok(After::Other),
                None => undecided,
            }
        }
        [b, ..] if !chars::is(*b, EXCLUDED) => Ok(After::UriChar),
        _ => Ok(After::Other),
    }
}

/// Whether the host of a URI, if it has one, is an IP literal, `localhost`, or a name with a
/// dot in it.
fn host_looks_real(valid: &Valid) -> bool {
    match valid.parts.host().and_then(|h| valid.uri.get(h)) {
        None => true,
        Some(host) => host.contains('.') || host.starts_with('[') || host.eq_ignore_ascii_case("localhost"),
    }
}

/// Whether a bare scan stopped at white space, where a line break may follow.
fn at_white_space(text: &[u8], end: delimit::BareEnd) -> bool {
    matches!(end.stop, Some(b' ' | b'\t' | b'\r' | b'\n')) && end.end < text.len()
}

/// Whether the first reading has what its kind needs before it is worth validating: text after
/// `//`, the shape of an opaque scheme, or the host of an abbreviated URL.
fn shape_ok(kind: Kind, reading: &[u8], start: usize) -> bool {
    match kind {
        Kind::Scheme { colon, shape } => {
            let rest = reading.get(colon + 1 - start..).unwrap_or_default();
            // `scheme://` alone is a template or a mention (`file://<host>/<path>`, "the
            // http:// prefix"), not a reference.
            if rest.starts_with(b"//") && rest.len() == 2 {
                return false;
            }
            match shape {
                None => rest.starts_with(b"//") && rest.len() > 2,
                Some(shape) => find::shape_ok(shape, rest),
            }
        }
        Kind::Www => www_host_ok(reading),
    }
}

/// An abbreviated URL names a host like `www.example.org`: `www`, at least two more labels,
/// the last starting with a letter (a top-level domain), so that "www.x" or "the www. prefix"
/// is not one.
fn www_host_ok(reading: &[u8]) -> bool {
    let host_len =
        reading.iter().position(|&b| matches!(b, b'/' | b'?' | b'#' | b':')).unwrap_or(reading.len());
    let mut labels = 0;
    let mut last: &[u8] = &[];
    for label in reading[..host_len].split(|&b| b == b'.') {
        if label.is_empty() {
            return false;
        }
        labels += 1;
        last = label;
    }
    labels >= 3 && last.first().is_some_and(u8::is_ascii_alphabetic)
}

/// A reading as text: URIs are ASCII (RFC 3986 §2), so one that is not UTF-8 is no URI.
fn as_str(reading: &[u8]) -> Result<&str, ParseError> {
    core::str::from_utf8(reading).map_err(|e| ParseError::new(e.valid_up_to(), ErrorKind::NonAscii))
}

/// Validates one reading; returns its components.
fn check(reading: &str, kind: Kind, grammar: Grammar, prefixed: &mut String) -> Result<Parts, ParseError> {
    match kind {
        Kind::Scheme { .. } => {
            let uri = Uri::parse_with(reading, grammar)?;
            if uri.scheme().is_none() {
                return Err(ParseError::new(0, ErrorKind::MissingScheme));
            }
            Ok(Parts::new(&uri.parts()))
        }
        Kind::Www => {
            // Seed 000 Appendix F: "most hostnames beginning with "www" are likely to have a
            // URL prefix of "http://"": validate as that, report as written.
            const PREFIX: &str = "http://";
            prefixed.clear();
            prefixed.push_str(PREFIX);
            prefixed.push_str(reading);
            let uri = Uri::parse_with(prefixed, grammar)
                .map_err(|e| ParseError::new(e.index().saturating_sub(PREFIX.len()), e.kind().clone()))?;
            Ok(Parts::new(&unprefix(uri.parts(), PREFIX.len())))
        }
    }
}

/// Components of `http://` + text, moved to index the text alone, without a scheme.
fn unprefix(c: Components, by: usize) -> Components {
    let shift = |p: Option<Part>| p.map(|p| Part::new(p.start.saturating_sub(by), p.end.saturating_sub(by)));
    Components {
        scheme: None,
        authority: shift(c.authority),
        userinfo: shift(c.userinfo),
        host: shift(c.host),
        host_kind: c.host_kind,
        port: shift(c.port),
        path: Part::new(c.path.start.saturating_sub(by), c.path.end.saturating_sub(by)),
        query: shift(c.query),
        fragment: shift(c.fragment),
    }
}
