//! The extraction driver: prefilter → delimiting → validation → matches, over a slice or a
//! reader.
//!
//! One engine serves both: it is handed a window of the input (all of it, for a slice) with
//! the window's absolute offset, and either reports the next event or says that it needs more
//! input and which bytes it still needs. Every decision depends only on bytes inside a bounded
//! neighbourhood of a trigger — a fixed look-back, and a look-ahead cut at the maximum URI
//! length — and a recognizer that runs into the end of a partial window asks for more instead
//! of deciding, so the matches do not depend on how a reader splits its input. The engine keeps
//! the position, the end of the last match, and the quoted-printable regions; what happens at
//! one trigger is [`crate::candidate`]'s business.

use std::io::{self, Read};

use super::candidate::{self, Cx, Lane, Map, Outcome, Scratch, Site};
use super::queue::Queue;
use crate::chars::{self, EXCLUDED, WSP};
use crate::decode::qp;
use crate::delimit::{self, Incomplete, Scan, Window};
use crate::find::{self, Finder, SchemeRule, Trigger};
use crate::matches::{Event, Match};
use crate::source::buffer::{self, Buffer};
use crate::uri::Grammar;

/// How far before a trigger bytes are kept and may be looked at: the scheme (at most
/// [`find::SCHEME_MAX`] bytes), the wrapper before it, and the start of its line (for the
/// quote depth of a mail reply).
pub(crate) const LOOKBACK: usize = 1024;
/// How many events a step queues before it returns (see [`Engine::step`]): taking them in
/// batches spares the way into the trigger loop and out of it for each one.
const BATCH: usize = 8;
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
    pub(crate) one_pass: bool,
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
            one_pass: true,
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
    /// `Content-Transfer-Encoding: quoted-printable` header line, and until the next MIME
    /// boundary line (`--` and a boundary declared by an earlier `Content-Type` header, or,
    /// when none was seen, a line of `--` and boundary characters) or `From ` line (the next
    /// message of an mbox), soft line
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

    /// Whether the most common candidates are decided in one pass (default on). The matches
    /// are the same either way, only slower without it: this is for testing that claim (the
    /// differential tests and the `extract` fuzz target run both).
    #[doc(hidden)]
    pub fn one_pass(&mut self, yes: bool) -> &mut Self {
        self.one_pass = yes;
        self
    }

    /// Extracts from a reader, in bounded memory.
    pub fn reader<R: Read>(&self, reader: R) -> Extractor<R> {
        Extractor {
            reader,
            buffer: Buffer::new(),
            engine: Engine::new(self.clone()),
            done: false,
            lent: false,
        }
    }

    /// Extracts from bytes in memory, without copying them.
    pub fn slice<'h>(&self, haystack: &'h [u8]) -> SliceMatches<'h> {
        SliceMatches { haystack, engine: Engine::new(self.clone()), lent: false }
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
    /// Whether the front of the engine's queue was lent by [`Extractor::next_event_ref`]
    /// and is to be dropped before anything else is looked at.
    lent: bool,
}

impl<R: Read> Extractor<R> {
    /// The next event: a match, a rejected candidate (only with
    /// [`ExtractorBuilder::report_rejected`]), or an overlong candidate that was skipped.
    pub fn next_event(&mut self) -> Option<io::Result<Event>> {
        match self.advance() {
            Ok(true) => self.engine.pending.pop_front().map(Ok),
            Ok(false) => None,
            Err(e) => Some(Err(e)),
        }
    }

    /// The next event, lent rather than given: the same events as
    /// [`next_event`](Extractor::next_event), in the same order, each borrowed until the next
    /// call, when it is dropped. For a caller that only looks at each event (counts it, writes
    /// it out), this saves moving it out of the extractor's queue and through the `Option` and
    /// `Result` around it (the command-line tool takes its events this way, and was 3% faster
    /// for it on URI-dense text, 6% on logs). A match lent and then dropped also leaves its
    /// text's buffer for a later match, so taking every event this way allocates nothing per
    /// URI in the common case. It may be mixed with `next_event` and `next`: an event lent is
    /// not given again.
    ///
    /// ```
    /// use urisift::{Event, ExtractorBuilder};
    ///
    /// let text = &b"See <http://example.org/a> and mailto:someone@example.org."[..];
    /// let mut extractor = ExtractorBuilder::new().reader(text);
    /// let (mut count, mut mailto) = (0, 0);
    /// while let Some(event) = extractor.next_event_ref() {
    ///     if let Event::Match(m) = event? {
    ///         count += 1;
    ///         mailto += usize::from(m.uri_bytes().starts_with(b"mailto:"));
    ///     }
    /// }
    /// assert_eq!((count, mailto), (2, 1));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn next_event_ref(&mut self) -> Option<io::Result<&Event>> {
        match self.advance() {
            Ok(true) => {
                self.lent = true;
                self.engine.pending.front().map(Ok)
            }
            Ok(false) => None,
            Err(e) => Some(Err(e)),
        }
    }

    /// Steps the engine until an event is at the front of its queue (`true`), the input is
    /// done (`false`), or reading fails. An event lent before is dropped first.
    #[inline]
    fn advance(&mut self) -> io::Result<bool> {
        if self.lent {
            self.lent = false;
            self.engine.pending.drop_front();
        }
        if !self.engine.pending.is_empty() {
            return Ok(true);
        }
        if self.done {
            return Ok(false);
        }
        loop {
            let (hay, base, eof) = self.buffer.window();
            match self.engine.step(hay, base, eof) {
                Step::Event => return Ok(true),
                Step::Done => {
                    self.done = true;
                    return Ok(false);
                }
                Step::NeedMore { keep_from } => {
                    self.buffer.consume_to(keep_from);
                    // Doubling what is held keeps re-scans of a long pending candidate linear.
                    let want = buffer::CHUNK.max(self.buffer.window().0.len());
                    if let Err(e) = self.buffer.fill(&mut self.reader, want) {
                        self.done = true;
                        return Err(e);
                    }
                }
            }
        }
    }

    /// How many candidates so far were longer than the maximum URI length and skipped. They
    /// are counted when found, which may be a few events ahead of the last one taken (events
    /// are found in small batches); once the events run out the count is complete.
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
    /// See [`Extractor::next_event_ref`].
    lent: bool,
}

impl SliceMatches<'_> {
    /// The next event: see [`Extractor::next_event`].
    pub fn next_event(&mut self) -> Option<Event> {
        if self.advance() { self.engine.pending.pop_front() } else { None }
    }

    /// The next event, lent until the next call: see [`Extractor::next_event_ref`].
    pub fn next_event_ref(&mut self) -> Option<&Event> {
        self.lent = self.advance();
        if self.lent { self.engine.pending.front() } else { None }
    }

    /// Whether an event is at the front of the engine's queue, after dropping one lent before.
    #[inline]
    fn advance(&mut self) -> bool {
        if self.lent {
            self.lent = false;
            self.engine.pending.drop_front();
        }
        // With the whole input at hand the engine never needs more.
        !self.engine.pending.is_empty() || matches!(self.engine.step(self.haystack, 0, true), Step::Event)
    }

    /// How many candidates so far were longer than the maximum URI length and skipped. They
    /// are counted when found, which may be a few events ahead of the last one taken (events
    /// are found in small batches); once the events run out the count is complete.
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
enum Step {
    /// An event is ready at the front of [`Engine::pending`].
    Event,
    /// The window ends too early to decide; the bytes from `keep_from` on are still needed.
    NeedMore {
        keep_from: u64,
    },
    Done,
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
    /// The MIME boundaries declared by the `Content-Type` headers seen so far.
    boundaries: qp::Boundaries,
    /// Lines counted up to this offset, and how many.
    lines_to: u64,
    lines: u64,
}

#[derive(Debug)]
struct Engine {
    opts: ExtractorBuilder,
    finder: Finder,
    state: State,
    scratch: Scratch,
    decoded: qp::Decoded,
    pending: Queue,
}

impl Engine {
    fn new(opts: ExtractorBuilder) -> Self {
        Engine {
            finder: Finder::new(opts.abbreviated),
            opts,
            state: State::default(),
            scratch: Scratch::default(),
            decoded: qp::Decoded::default(),
            pending: Queue::default(),
        }
    }

    /// Goes on from where the last step stopped, over `hay`, the input from `base` on
    /// (holding at least the bytes from the last `keep_from`); `eof` says the input ends
    /// after `hay`.
    ///
    /// [`Step::Event`] when events are queued: up to [`BATCH`] (and the events of one more
    /// candidate), found before the window runs out. The caller takes them from `pending`
    /// itself (returning each in the `Step` moved it once more), and steps again only when the
    /// queue is empty.
    fn step(&mut self, hay: &[u8], base: u64, eof: bool) -> Step {
        let step = self.scan(hay, base, eof);
        if self.pending.is_empty() { step } else { Step::Event }
    }

    /// [`Engine::step`] but for what is queued: it returns once [`BATCH`] events are, and
    /// otherwise as if none were.
    fn scan(&mut self, hay: &[u8], base: u64, eof: bool) -> Step {
        loop {
            if self.pending.len() >= BATCH {
                return Step::Event;
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
            let Some((trigger, scheme)) = self.next_trigger(hay, base, from) else {
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
            let queued = self.pending.len();
            match self.process(hay, base, eof, trigger, scheme) {
                Ok(outcome) => self.commit(outcome, t, hay, base),
                Err(Incomplete) => {
                    // What this candidate queued goes; it is decided again with more input,
                    // after the events before it are taken.
                    self.pending.truncate(queued);
                    return self.need_more(hay, base);
                }
            }
        }
    }

    /// The next trigger at or after `from`, with the start of its scheme for a colon
    /// ([`find::scheme_start`]). Most colons in text have no scheme before them (`10:30`,
    /// `: `, `::`); outside quoted-printable regions, where no decoding can change the bytes
    /// before them, they are passed over right here, without leaving this loop or building a
    /// candidate (a fifth fewer instructions on prose and logs, measured with callgrind).
    #[inline]
    fn next_trigger(&self, hay: &[u8], base: u64, mut from: usize) -> Option<(Trigger, Option<usize>)> {
        let floor = self.state.floor.saturating_sub(base) as usize;
        loop {
            let trigger = self.finder.next(hay, from)?;
            let Trigger::Colon(c) = trigger else { return Some((trigger, None)) };
            if self.state.qp_active {
                return Some((trigger, find::scheme_start(hay, c, floor)));
            }
            // A byte that ends a URI even inside `<…>` right after the colon (`<http:<http:`):
            // no URI starts here, whatever the scheme, so it is not looked for. (Nor can such a
            // colon end a `Content-Transfer-Encoding` header that starts quoted-printable.)
            let ends_any =
                |x: u8| chars::is(x, EXCLUDED) && !chars::is(x, WSP) && !matches!(x, b'>' | b'[' | b']');
            if !hay.get(c + 1).is_some_and(|&x| ends_any(x))
                && let Some(s) = find::scheme_start(hay, c, floor)
                && !self.passes_over(hay, s, c, floor)
            {
                return Some((trigger, Some(s)));
            }
            // A colon right after a colon has no scheme before it ([`find::scheme_start`]), so
            // the colons of a run (`::::`, a flood of them) are all passed over at once.
            from = c + 1 + find::colon_run(hay.get(c + 1..).unwrap_or_default());
        }
    }

    /// Whether the colon at `c`, after the scheme-like word at `s`, is one that [`Cx::candidate`]
    /// would pass over at once, judged by the bytes right after it: a blank and no line break
    /// (`Note: the`, a label in running text), or `//` and a byte that ends a bare URI
    /// (`http:// `, a mention; see `after_colon`), or a URI character but not `//` after a
    /// scheme that needs `//` (`a:b`, `INFO:root`; see [`find::SchemeRule`]). Only `<…>` could
    /// hold a URI there, and no `<` or `URL:` stands before the word. `URL:` itself is always
    /// passed over there (extractor rule 5).
    ///
    /// Deciding that here, before a window and a candidate are set up, saves a seventh of the
    /// instructions on prose and a third on the adversarial floods. A
    /// `Content-Transfer-Encoding:` header is never passed over here.
    #[inline]
    fn passes_over(&self, hay: &[u8], s: usize, c: usize, floor: usize) -> bool {
        let ends = |x: u8| chars::is(x, EXCLUDED) && !chars::is(x, WSP);
        let at = |i: usize| hay.get(c + i).copied();
        let Some(first) = at(1) else { return false };
        let only_angle = if first == b'/' {
            // `//` and a byte that ends a bare URI, with no line break after it. It counts only
            // while the scheme fits the length limit: a longer one is reported as overlong by
            // the bare scan.
            match (at(2), at(3)) {
                (Some(b'/'), Some(x)) if chars::is(x, EXCLUDED) && c + 2 < s + self.opts.max_uri_len => {
                    match x {
                        b' ' | b'\t' => at(4).is_some_and(|y| !matches!(y, b' ' | b'\t' | b'\r' | b'\n')),
                        _ => ends(x) && x != b'[',
                    }
                }
                _ => false,
            }
        } else if first == b' ' {
            // One blank and no line break: `Note: the`, `Return-Path: <…>`, `Re: [list]`.
            at(2).is_some_and(|x| !matches!(x, b' ' | b'\t' | b'\r' | b'\n'))
        } else if !chars::is(first, EXCLUDED) && (first != b'/' || at(2).is_some_and(|x| x != b'/')) {
            // A byte that may go on, and not `//`: `a:b`, `INFO:root`, `a:/b`. Only a
            // registered scheme that may be written without `//` takes a bare URI here.
            match find::scheme_rule_at(hay, s, c) {
                // `URL:` never starts a URI, not even inside `<…>`.
                SchemeRule::Never => return true,
                SchemeRule::NeedsSlashes => true,
                SchemeRule::Opaque(_) => false,
            }
        } else {
            false
        };
        only_angle
            && !(self.opts.quoted_printable && is_mime_header(&hay[s..c]))
            && !delimit::may_open_angle(&Self::look_back(hay, c), s, floor)
    }

    /// The window [`Engine::window`] gives for the colon at `c`, as far as a look back from
    /// the scheme reads it: its `lo` (the absolute `base + c - LOOKBACK`, floored at `base`,
    /// is `c - LOOKBACK` in `hay`, floored at 0) and the bytes before the colon, which the cut
    /// at the length limit never reaches. Cheaper to set up for every colon passed over.
    #[inline]
    fn look_back(hay: &[u8], c: usize) -> Window<'_> {
        Window { text: hay, lo: c.saturating_sub(LOOKBACK), lo_is_start: false, complete: true, cut: false }
    }

    /// The window a candidate starting at `s`, for the trigger at the absolute offset `t`, is
    /// delimited in: cut at the maximum URI length past `s` (and some slack), and looking back
    /// no further than [`LOOKBACK`] before the trigger.
    #[inline]
    fn window<'h>(&self, hay: &'h [u8], base: u64, eof: bool, s: usize, t: u64) -> Window<'h> {
        let cut_at = s + self.opts.max_uri_len + SLACK;
        let (text, complete, cut) =
            if hay.len() > cut_at { (&hay[..cut_at], true, true) } else { (hay, eof, false) };
        let lo_abs = t.saturating_sub(LOOKBACK as u64);
        Window { text, lo: lo_abs.saturating_sub(base) as usize, lo_is_start: lo_abs == 0, complete, cut }
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
            // Only up to the resume position: a region that ends after a pending trigger must
            // still hold when that trigger is processed again.
            let upto = (self.state.pos.saturating_sub(base) as usize).min(hay.len());
            self.track_qp_region(hay, base, upto);
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
            if qp::region_end(region, &self.state.boundaries).is_some() {
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
    /// `scheme` is the start of the scheme before a colon trigger, if it has one.
    fn process(
        &mut self,
        hay: &[u8],
        base: u64,
        eof: bool,
        trigger: Trigger,
        scheme: Option<usize>,
    ) -> Scan<Outcome> {
        let floor = self.state.floor.saturating_sub(base) as usize;
        let site = match trigger {
            Trigger::Colon(c) => {
                let s = scheme;
                if self.opts.quoted_printable
                    && let Some(s) = s
                    && is_mime_header(&hay[s..c])
                    && s.checked_sub(1).map_or(base == 0, |p| hay[p] == b'\n')
                {
                    let value = hay.get(c + 1..).unwrap_or_default();
                    if qp::is_cte_header(&hay[s..c]) {
                        let qp = qp::cte_is_quoted_printable(value, eof).ok_or(Incomplete)?;
                        self.state.qp_active = qp;
                        self.state.qp_scan = base + c as u64;
                    } else if let Some(boundary) = qp::boundary_param(value, eof).ok_or(Incomplete)? {
                        self.state.boundaries.declare(boundary);
                    }
                    return Ok(Outcome::Skip);
                }
                if self.state.qp_active {
                    return self.process_qp(hay, base, eof, trigger);
                }
                let Some(s) = s else { return Ok(Outcome::Skip) };
                if self.opts.one_pass {
                    match candidate::one_pass(hay, base, s, c, floor, &self.opts, &mut self.pending) {
                        Some(Lane::Matched(end)) => return Ok(Outcome::Matched(end)),
                        Some(Lane::NoUri(end)) => return Ok(Outcome::Scanned(end)),
                        None => {}
                    }
                }
                Site { s, colon: Some(c) }
            }
            Trigger::Www(w) => {
                if self.state.qp_active {
                    return self.process_qp(hay, base, eof, trigger);
                }
                Site { s: w, colon: None }
            }
        };
        let w = self.window(hay, base, eof, site.s, base + trigger.at() as u64);
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
        let queued = self.pending.len();
        loop {
            self.pending.truncate(queued);
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

/// Whether a header named `name` is one the quoted-printable handling reads:
/// `Content-Transfer-Encoding` (where a region starts) or `Content-Type` (whose `boundary`
/// says where one ends).
///
/// This runs for every colon that is passed over, so a name of another length (25 and 12
/// bytes) or first letter is ruled out before either is compared.
#[inline]
fn is_mime_header(name: &[u8]) -> bool {
    matches!(name.len(), 12 | 25)
        && name.first().is_some_and(|&c| c | 0x20 == b'c')
        && (qp::is_cte_header(name) || qp::is_content_type_header(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step_uri(engine: &mut Engine, hay: &[u8], base: u64, eof: bool) -> Result<String, Option<u64>> {
        match engine.step(hay, base, eof) {
            Step::Event => match engine.pending.pop_front() {
                Some(Event::Match(m)) => Ok(m.uri().to_owned()),
                _ => Err(None),
            },
            Step::NeedMore { keep_from } => Err(Some(keep_from)),
            _ => Err(None),
        }
    }

    /// The window protocol: a URI that runs into the end of a partial window is not decided,
    /// its bytes are kept, and it is found once the rest arrives.
    #[test]
    fn undecided_until_the_window_grows() {
        let text = b"see http://a.example/path and more";
        let mut engine = Engine::new(ExtractorBuilder::new());
        assert_eq!(step_uri(&mut engine, &text[..15], 0, false), Err(Some(0)));
        assert_eq!(step_uri(&mut engine, &text[..26], 0, false), Ok("http://a.example/path".into()));
        assert_eq!(step_uri(&mut engine, &text[..], 0, true), Err(None));
    }

    /// Memory: after a window without triggers only the look-back is kept.
    #[test]
    fn only_the_look_back_is_kept() {
        let prose = vec![b'a'; 10_000];
        let mut engine = Engine::new(ExtractorBuilder::new());
        let Step::NeedMore { keep_from } = engine.step(&prose, 0, false) else { panic!() };
        assert_eq!(keep_from, (10_000 - LOOKBACK) as u64);
        // The next window starts there and the engine reads it at that offset.
        let mut more = prose[keep_from as usize..].to_vec();
        more.extend_from_slice(b" http://a.example/ ");
        assert_eq!(step_uri(&mut engine, &more, keep_from, true), Ok("http://a.example/".into()));
    }

    #[test]
    fn mime_header_names() {
        for name in ["Content-Type", "content-type", "CONTENT-TRANSFER-ENCODING", "Content-Transfer-Encoding"]
        {
            assert!(is_mime_header(name.as_bytes()), "{name}");
        }
        for name in ["Content-Typ", "Content-Types", "Xontent-Type", "Content-Transfer-Encodinh", "", "c"] {
            assert!(!is_mime_header(name.as_bytes()), "{name}");
        }
    }

    #[test]
    fn max_uri_len_is_clamped() {
        assert_eq!(ExtractorBuilder::new().max_uri_len(0).max_uri_len, MAX_URI_LEN_RANGE.0);
        assert_eq!(ExtractorBuilder::new().max_uri_len(usize::MAX).max_uri_len, MAX_URI_LEN_RANGE.1);
    }

    /// Quoted-printable regions start at the header and end at a boundary line.
    #[test]
    fn quoted_printable_regions() {
        let text = b"Content-Transfer-Encoding: quoted-printable\n\nhttp://a.example/?a=3Db\n--b0undary\nhttp://a.example/?a=3Db\n";
        let uris: Vec<String> = ExtractorBuilder::new().slice(text).map(|m| m.uri().to_owned()).collect();
        assert_eq!(uris, ["http://a.example/?a=b", "http://a.example/?a=3Db"]);
        let mut off = ExtractorBuilder::new();
        off.quoted_printable(false);
        let uris: Vec<String> = off.slice(text).map(|m| m.uri().to_owned()).collect();
        assert_eq!(uris, ["http://a.example/?a=3Db", "http://a.example/?a=3Db"]);
        // The header counts only at the start of a line.
        let text = b"X-Note: Content-Transfer-Encoding: quoted-printable\n\nhttp://a.example/?a=3Db\n";
        assert_eq!(ExtractorBuilder::new().slice(text).next().unwrap().uri(), "http://a.example/?a=3Db");
    }

    /// Triggers inside one long token of invalid candidates are skipped after a few scans.
    #[test]
    fn scans_per_token_are_bounded() {
        let text = "http://%".repeat(50);
        let mut engine = Engine::new(ExtractorBuilder::new());
        assert!(matches!(engine.step(text.as_bytes(), 0, true), Step::Done));
        assert_eq!(engine.state.scans, SCANS_PER_TOKEN);
    }
}
