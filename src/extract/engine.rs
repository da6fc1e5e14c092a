//! The engine: the trigger loop over a [`Text`], and what becomes of each trigger.
//!
//! It is handed a window of text (the input itself, or a decoded region of it) with its map
//! back to the input, and either queues the next events, or says that it needs more input and
//! which input offsets it still needs. Every decision depends only on bytes inside a bounded
//! neighbourhood of a trigger — a fixed look-back, and a look-ahead cut at the maximum URI
//! length — and a recognizer that runs into the end of a partial window asks for more instead
//! of deciding, so the matches do not depend on how a reader splits its input. What happens
//! at one trigger is [`super::candidate`]'s business, or the lane's ([`super::lane`]) for the
//! common candidates of raw text.
//!
//! The engine's state is its [`Cursor`], in input offsets: where the search resumes, the end
//! of the last match, and the guards that keep floods linear.

use super::candidate::{Candidate, CandidateStart, Outcome, Scratch};
use super::lane::{self, Lane};
use super::options::{Compiled, LOOKBACK, Options};
use super::queue::Queue;
use crate::chars::{self, EXCLUDED};
use crate::decode::{Map, Text};
use crate::delimit::colon;
use crate::delimit::{self, Incomplete, Scan, Window};
use crate::find::{self, Prefilter, Trigger};

/// How many events a step queues before it returns (see [`Engine::step`]).
const BATCH: usize = 8;
/// How far past the maximum URI length a candidate's window reaches: room for the closing
/// `>` or quote, and for the blanks of a hyphen line break.
const SLACK: usize = 1024;
/// How many bare scans may end at the same place without a match before the triggers inside
/// that token are skipped. Each scan of a token costs its length, so this bounds the work per
/// token and keeps floods such as `http:%http:%http:…` linear.
const SCANS_PER_TOKEN: u32 = 4;

/// How far before the start of a range of the input its warm-up scan starts at least
/// ([`crate::UriFinder::slice_range`]): a candidate that reaches the start begins no further
/// back than the maximum URI length, the [`SLACK`] and the [`LOOKBACK`] of its wrapper.
pub(crate) fn warm_up_reach(opts: &Options) -> u64 {
    (opts.max_uri_len + SLACK + 2 * LOOKBACK) as u64
}

/// Where a step of the engine stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// Events are queued in [`Engine::pending`].
    Event,
    /// The text ends too early to decide; the input from `keep_from` on is still needed.
    /// `undecided` is the trigger of a candidate that ran into the end, if one did.
    NeedMore { keep_from: u64, undecided: Option<u64> },
    /// The text is read to its end, or to where it stops holding triggers.
    Done,
}

/// The engine's position in the input, between steps, in input offsets.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Cursor {
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
}

#[derive(Debug)]
pub(crate) struct Engine {
    opts: Options,
    prefilter: Prefilter,
    cursor: Cursor,
    scratch: Scratch,
    pub(crate) pending: Queue,
}

impl Engine {
    pub(crate) fn new(compiled: &Compiled) -> Self {
        Engine {
            opts: compiled.opts,
            prefilter: compiled.prefilter.clone(),
            cursor: Cursor::default(),
            scratch: Scratch::default(),
            pending: Queue::default(),
        }
    }

    /// Makes this an engine for plain text again, from input offset `at` on: nothing before
    /// `at` is looked back at (the mail stage read it). The count of overlong candidates is
    /// kept.
    pub(crate) fn back_to_plain(&mut self, at: u64) {
        self.cursor = Cursor { pos: at, floor: at, overlong: self.cursor.overlong, ..Cursor::default() };
    }

    /// Starts again at the start of a new text (the next segment of mail), keeping the count
    /// of overlong candidates.
    pub(crate) fn restart(&mut self) {
        self.cursor = Cursor { overlong: self.cursor.overlong, ..Cursor::default() };
    }

    /// Queues the events of an HTML link attribute's value, validated whole (see
    /// [`candidate::attribute_value`](super::candidate::attribute_value)); spans are indexes into it.
    pub(crate) fn attribute_value(&mut self, value: &[u8]) {
        if super::candidate::attribute_value(&self.opts, value, &mut self.pending) {
            self.cursor.overlong += 1;
        }
    }

    /// Candidates skipped for their length so far.
    pub(crate) fn overlong(&self) -> u64 {
        self.cursor.overlong
    }

    /// Goes on from input offset `at`, or from where it is if that is further.
    pub(crate) fn resume_at(&mut self, at: u64) {
        self.cursor.pos = self.cursor.pos.max(at);
    }

    /// Where the search for the next trigger resumes.
    pub(crate) fn pos(&self) -> u64 {
        self.cursor.pos
    }

    /// What of the cursor can still change the events of triggers at or after input offset
    /// `at`, once every trigger before it is taken: two engines with equal `bearing(at)` find
    /// the same events from there on, given the same input and decoding state. The end of the
    /// last match counts only within [`LOOKBACK`] of `at` (no look back from a later trigger
    /// reaches further); the scans guard only when its token ends at or after `at` (a later
    /// scan starts at a later trigger and ends after it); the count of overlong candidates not
    /// at all.
    pub(crate) fn bearing(&self, at: u64) -> Cursor {
        let c = &self.cursor;
        let floor = if c.floor + LOOKBACK as u64 <= at { 0 } else { c.floor };
        let (scan_end, scans) = if c.scan_end < at { (0, 0) } else { (c.scan_end, c.scans) };
        Cursor { pos: c.pos, floor, skipping: c.skipping, scan_end, scans, overlong: 0 }
    }

    /// Goes on from where the last step stopped, over `text` (holding at least the input from
    /// the last `keep_from`).
    ///
    /// [`Step::Event`] when events are queued: up to [`BATCH`] (and the events of one more
    /// candidate), found before the text runs out. The caller takes them from `pending`, and
    /// steps again only when the queue is empty.
    pub(crate) fn step(&mut self, text: &Text<'_>) -> Step {
        let step = self.scan(text);
        if self.pending.is_empty() { step } else { Step::Event }
    }

    /// [`Engine::step`] but for what is queued: it returns once [`BATCH`] events are, and
    /// otherwise as if none were.
    fn scan(&mut self, text: &Text<'_>) -> Step {
        let (hay, map) = (text.bytes, &text.map);
        // Triggers are taken before `stop`; the text is done once the resume position reaches
        // `done_at`.
        let stop = text.stop.unwrap_or(u64::MAX);
        let done_at = if text.complete { text.end.min(stop) } else { stop };
        loop {
            if self.pending.len() >= BATCH {
                return Step::Event;
            }
            if self.cursor.pos >= done_at {
                return Step::Done;
            }
            let from = map.index_of(self.cursor.pos, hay.len());
            if self.cursor.skipping {
                if let Some(step) = self.skip_token(text, from, stop) {
                    return step;
                }
                continue;
            }
            let floor = map.index_of(self.cursor.floor, hay.len());
            let Some((trigger, scheme)) = self.next_trigger(hay, map, floor, from) else {
                if text.complete || stop <= text.end {
                    self.cursor.pos = self.cursor.pos.max(text.end.min(stop));
                    return Step::Done;
                }
                // A trigger longer than a byte may straddle the end of the window.
                let resume = text.end.saturating_sub(self.prefilter.overlap() as u64);
                self.cursor.pos = self.cursor.pos.max(resume);
                return self.need_more(None);
            };
            let t = map.start(trigger.at());
            if t >= stop {
                self.cursor.pos = self.cursor.pos.max(stop);
                return Step::Done;
            }
            self.cursor.pos = t;
            let queued = self.pending.len();
            match self.process(text, map, floor, trigger, scheme) {
                Ok(outcome) => self.commit(outcome, t),
                Err(Incomplete) => {
                    // What this candidate queued goes; it is decided again with more input,
                    // after the events before it are taken.
                    self.pending.truncate(queued);
                    return self.need_more(Some(t));
                }
            }
        }
    }

    /// After an overlong candidate, skips its token from index `from` of the text up to the next
    /// byte that ends a URI, taking no trigger: `None` once that byte is found (the search goes
    /// on from it), or the step to return when the text holds none. Skipped up to the end of
    /// the text or to `stop`, whichever comes first: the state there does not depend on how far
    /// the text reaches past it, so a range's warm-up arrives at its start in the state of the
    /// whole input's scan (crate docs, "Shards").
    #[cold]
    #[inline(never)]
    fn skip_token(&mut self, text: &Text<'_>, from: usize, stop: u64) -> Option<Step> {
        let (hay, map) = (text.bytes, &text.map);
        match hay.get(from..).and_then(|rest| rest.iter().position(|&b| chars::is(b, EXCLUDED))) {
            Some(k) => {
                self.cursor.pos = map.start(from + k);
                self.cursor.skipping = false;
                None
            }
            None => {
                self.cursor.pos = text.end.min(stop);
                if text.complete || self.cursor.pos >= stop {
                    return Some(Step::Done);
                }
                Some(self.need_more(None))
            }
        }
    }

    /// The next trigger at or after `from`, with the start of its scheme for a colon
    /// ([`find::scheme_start`]). Most colons in text have no scheme before them (`10:30`,
    /// `: `, `::`), or are followed by what starts no URI ([`Engine::passes_over`]): they are
    /// passed over right here, without building a candidate.
    #[inline]
    fn next_trigger(
        &self,
        hay: &[u8],
        map: &Map<'_>,
        floor: usize,
        mut from: usize,
    ) -> Option<(Trigger, Option<usize>)> {
        loop {
            let trigger = self.prefilter.next(hay, from)?;
            let Trigger::Colon(c) = trigger else { return Some((trigger, None)) };
            // A byte that ends a URI even inside `<…>` right after the colon (`<http:<http:`):
            // no URI starts here, whatever the scheme, so it is not looked for, and no header is
            // read here either (`mime::last_transfer_encoding_line` says the same).
            let after = hay.get(c + 1).copied();
            let ends = after.is_some_and(chars::ends_every_uri);
            if !ends
                && let Some(s) = find::scheme_start(hay, c, floor)
                && !self.passes_over(hay, map, s, c, floor)
            {
                return Some((trigger, Some(find::past_escape(hay, s, c, floor))));
            }
            from = c + 1;
            // A colon right after a colon has no scheme before it ([`find::scheme_start`]), so
            // the colons of a run (`::::`, a flood of them) are all passed over at once.
            if after == Some(b':') {
                from += find::colon_run(&hay[from..]);
            } else if !ends
                && hay.get(c + 2) == Some(&b':')
                && delimit::url_colon_before(hay, c + 1, 0).is_none()
            {
                // So are the colons of a run of one-character words after this one (`a:b:c:d`,
                // a flood of `a:`) up to the last that a scheme character follows
                // ([`find::one_char_words`]). Each has a one-byte scheme before it, or none (a
                // digit, `+`, `-`, `.`), and no one-byte name has a rule of its own; a scheme
                // character follows it: the glance says only `<…>` could hold a URI there. No
                // `<` stands right before the word, but a colon, and `URL:` cannot end there:
                // an `R` would stand where the colon before the previous word does (it is
                // looked for once, here, before the first word).
                from += find::one_char_words(&hay[from..]);
            }
        }
    }

    /// [`colon::passes_over`] with this engine's options and look-back. (The glance stays on
    /// with `one_pass(false)`: a switch read in this loop, even one that is never set, cost
    /// several percent on colon floods; `delimit::colon`'s tests hold the glance to the
    /// candidate's rules instead.)
    #[inline]
    fn passes_over(&self, hay: &[u8], map: &Map<'_>, s: usize, c: usize, floor: usize) -> bool {
        colon::passes_over(hay, s, c, floor, self.opts.max_uri_len, || Self::lo(hay, map, c))
    }

    /// The lowest index a look back from the trigger at index `at` may read: [`LOOKBACK`] input
    /// bytes before it.
    #[inline]
    fn lo(hay: &[u8], map: &Map<'_>, at: usize) -> usize {
        match map {
            Map::Raw(_) => at.saturating_sub(LOOKBACK),
            Map::Decoded { .. } => map.index_of(map.start(at).saturating_sub(LOOKBACK as u64), hay.len()),
        }
    }

    /// The window a candidate starting at `s`, for the trigger at input offset `t` (index
    /// `at`), is delimited in: cut at the maximum URI length past `s` (and some slack), and
    /// looking back no further than [`LOOKBACK`] before the trigger.
    #[inline]
    fn window<'h>(&self, text: &Text<'h>, s: usize, at: usize, t: u64) -> Window<'h> {
        let hay = text.bytes;
        let cut_at = s + self.opts.max_uri_len + SLACK;
        let (bytes, complete, cut) =
            if hay.len() > cut_at { (&hay[..cut_at], true, true) } else { (hay, text.complete, false) };
        let lo_is_start = t <= LOOKBACK as u64;
        Window { text: bytes, lo: Self::lo(hay, &text.map, at), lo_is_start, complete, cut }
    }

    /// Asks for more input, keeping what the next step may look at: [`LOOKBACK`] bytes before
    /// the resume position.
    fn need_more(&mut self, undecided: Option<u64>) -> Step {
        Step::NeedMore { keep_from: self.cursor.pos.saturating_sub(LOOKBACK as u64), undecided }
    }

    /// Applies what became of the trigger at input offset `t`.
    #[inline(always)]
    fn commit(&mut self, outcome: Outcome, t: u64) {
        let cursor = &mut self.cursor;
        match outcome {
            Outcome::Skip => cursor.pos = t + 1,
            Outcome::Matched(end) => {
                cursor.pos = end.max(t + 1);
                cursor.floor = end;
                cursor.scans = 0;
            }
            Outcome::Scanned(end) => {
                cursor.pos = t + 1;
                if end == cursor.scan_end {
                    cursor.scans += 1;
                } else {
                    cursor.scan_end = end;
                    cursor.scans = 1;
                }
                if cursor.scans >= SCANS_PER_TOKEN {
                    cursor.pos = cursor.pos.max(end);
                }
            }
            Outcome::Overlong(span) => {
                cursor.overlong += 1;
                cursor.pos = span.end.max(t + 1);
                cursor.skipping = true;
                self.pending.push_back(crate::Event::Overlong(crate::matches::Overlong { span, line: 0 }));
            }
        }
    }

    /// Delimits and validates the candidate at `trigger`, pushing its events. `scheme` is the
    /// start of the scheme before a colon trigger, if it has one; `floor` is the index of the
    /// end of the last match.
    fn process(
        &mut self,
        text: &Text<'_>,
        map: &Map<'_>,
        floor: usize,
        trigger: Trigger,
        scheme: Option<usize>,
    ) -> Scan<Outcome> {
        let hay = text.bytes;
        let site = match trigger {
            Trigger::Colon(c) => {
                let Some(s) = scheme else { return Ok(Outcome::Skip) };
                if self.opts.one_pass
                    && let Map::Raw(base) = *map
                {
                    match lane::one_pass(hay, base, s, c, floor, &self.opts, &mut self.pending) {
                        Some(Lane::Matched(end)) => return Ok(Outcome::Matched(end)),
                        Some(Lane::Scanned(end)) => return Ok(Outcome::Scanned(end)),
                        None => {}
                    }
                }
                CandidateStart { start: s, colon: Some(c) }
            }
            // `hxxps[://]evil[.]example`: the colon is in the mark at `b`, for the general path.
            Trigger::Www(b) if hay[b] == b'[' => match delimit::defanged::scheme_before_mark(hay, b, floor) {
                Some(s) => CandidateStart { start: s, colon: Some(b + 1) },
                None => return Ok(Outcome::Skip),
            },
            Trigger::Www(w) => CandidateStart { start: w, colon: None },
        };
        let at = trigger.at();
        let w = self.window(text, site.start, at, map.start(at));
        let mut candidate =
            Candidate { opts: &self.opts, scratch: &mut self.scratch, pending: &mut self.pending };
        candidate.delimit(&w, map, site, floor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ExtractorBuilder;
    use crate::matches::Event;

    fn new_engine(builder: &ExtractorBuilder) -> Engine {
        Engine::new(&builder.build().compiled)
    }

    fn raw(hay: &[u8], base: u64, complete: bool) -> Text<'_> {
        Text { bytes: hay, map: Map::Raw(base), complete, end: base + hay.len() as u64, stop: None }
    }

    fn step_uri(engine: &mut Engine, hay: &[u8], base: u64, eof: bool) -> Result<String, Option<u64>> {
        match engine.step(&raw(hay, base, eof)) {
            Step::Event => match engine.pending.pop_front() {
                Some(Event::Match(m)) => Ok(m.uri().to_owned()),
                _ => Err(None),
            },
            Step::NeedMore { keep_from, .. } => Err(Some(keep_from)),
            _ => Err(None),
        }
    }

    /// The window protocol: a URI that runs into the end of a partial window is not decided,
    /// its bytes are kept, and it is found once the rest arrives.
    #[test]
    fn undecided_until_the_window_grows() {
        let text = b"see http://a.example/path and more";
        let mut engine = new_engine(&ExtractorBuilder::new());
        assert_eq!(step_uri(&mut engine, &text[..15], 0, false), Err(Some(0)));
        assert_eq!(step_uri(&mut engine, &text[..26], 0, false), Ok("http://a.example/path".into()));
        assert_eq!(step_uri(&mut engine, &text[..], 0, true), Err(None));
    }

    /// Memory: after a window without triggers only the look-back is kept.
    #[test]
    fn only_the_look_back_is_kept() {
        let prose = vec![b'a'; 10_000];
        let mut engine = new_engine(&ExtractorBuilder::new());
        let Step::NeedMore { keep_from, undecided: None } = engine.step(&raw(&prose, 0, false)) else {
            panic!()
        };
        assert_eq!(keep_from, (10_000 - LOOKBACK) as u64);
        // The next window starts there and the engine reads it at that offset.
        let mut more = prose[keep_from as usize..].to_vec();
        more.extend_from_slice(b" http://a.example/ ");
        assert_eq!(step_uri(&mut engine, &more, keep_from, true), Ok("http://a.example/".into()));
    }

    /// Quoted-printable regions start at the header and end at a boundary line (in text not
    /// read as mail).
    #[test]
    fn quoted_printable_regions() {
        let text = b"Content-Transfer-Encoding: quoted-printable\n\nhttp://a.example/?a=3Db\n--b0undary\nhttp://a.example/?a=3Db\n";
        let mut plain = ExtractorBuilder::new();
        plain.mail(crate::MailMode::Off).quoted_printable(true);
        let uris: Vec<String> = plain.build().slice(text).map(|m| m.uri().to_owned()).collect();
        assert_eq!(uris, ["http://a.example/?a=b", "http://a.example/?a=3Db"]);
        let mut off = plain.clone();
        off.quoted_printable(false);
        let uris: Vec<String> = off.build().slice(text).map(|m| m.uri().to_owned()).collect();
        assert_eq!(uris, ["http://a.example/?a=3Db", "http://a.example/?a=3Db"]);
        // The header counts only at the start of a line; the decoding is asked for.
        let text = b"X-Note: Content-Transfer-Encoding: quoted-printable\n\nhttp://a.example/?a=3Db\n";
        assert_eq!(plain.build().slice(text).next().unwrap().uri(), "http://a.example/?a=3Db");
        let text = b"Content-Transfer-Encoding: quoted-printable\n\nhttp://a.example/?a=3Db\n";
        assert_eq!(plain.build().slice(text).next().unwrap().uri(), "http://a.example/?a=b");
        plain.quoted_printable(false);
        assert_eq!(plain.build().slice(text).next().unwrap().uri(), "http://a.example/?a=3Db");
    }

    /// The trigger loop's skips (a run of colons, a run of one-character words) pass over only
    /// colons that the tests at each colon pass over: from every position of texts made of the
    /// bytes they turn on, and with the end of a last match at several places, the next trigger
    /// is the first colon that the byte after it, its scheme and the glance keep.
    #[test]
    fn skips_pass_over_only_colons_the_glance_passes_over() {
        let engine = new_engine(&ExtractorBuilder::new());
        let alphabet: &[&[u8]] = &[
            b"a:", b"a:", b"l:", b"URL:", b"R", b":", b"7", b"+", b"/", b" ", b"<", b"im:", b"\n", b"x",
            b"ab",
        ];
        let mut rng = crate::delimit::Xorshift(0x00c0_10c0_1022_aa55u64);
        for _ in 0..3_000 {
            let mut text = Vec::new();
            rng.pieces(alphabet, 24, &mut text);
            let map = Map::Raw(0);
            for floor in [0, 1, 5, text.len() / 2] {
                for from in floor..=text.len() {
                    let want = (from..text.len()).filter(|&c| text[c] == b':').find_map(|c| {
                        if text.get(c + 1).is_some_and(|&b| chars::ends_every_uri(b)) {
                            return None;
                        }
                        let s = find::scheme_start(&text, c, floor)?;
                        (!engine.passes_over(&text, &map, s, c, floor))
                            .then(|| (Trigger::Colon(c), Some(find::past_escape(&text, s, c, floor))))
                    });
                    assert_eq!(
                        engine.next_trigger(&text, &map, floor, from),
                        want,
                        "{:?} from {from} floor {floor}",
                        String::from_utf8_lossy(&text)
                    );
                }
            }
        }
    }

    /// Triggers inside one long token of invalid candidates are skipped after a few scans.
    #[test]
    fn scans_per_token_are_bounded() {
        let text = "http://%".repeat(50);
        let mut engine = new_engine(&ExtractorBuilder::new());
        assert!(matches!(engine.step(&raw(text.as_bytes(), 0, true)), Step::Done));
        assert_eq!(engine.cursor.scans, SCANS_PER_TOKEN);
    }
}
