//! The trigger prefilter: where a URI may start.
//!
//! Every URI of interest has a scheme, and every scheme ends at a `:` (RFC 3986 §3.1), so the
//! only trigger is the byte `:`, found with `memchr`; abbreviated `www.` URLs (seed 000
//! Appendix F) add a second, case-insensitive trigger through `aho-corasick`, only when asked
//! for. From a `:` the scheme is found by walking back over scheme characters, a bounded
//! distance, so that the scan stays linear however the input is built (linkify's issue #115 is
//! the warning: an unbounded look-back made it quadratic).
//!
//! Whether a scheme may start a candidate (rule 1 of the extractor) is decided here too:
//! registered schemes come from the IANA table ([`crate::schemes::lookup_bytes`]); an
//! unregistered one counts only when `//` follows.

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, Input, MatchKind};

use crate::chars;

pub(crate) use scheme::{
    SCHEME_MAX, SchemeRule, Shape, past_escape, past_stars, scheme_rule_at, scheme_start, shape_ok,
    www_starts_word,
};

mod scheme;

/// A place where a URI may start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Trigger {
    /// A `:` at this index; its scheme is before it.
    Colon(usize),
    /// A word of the multi-pattern search starting at this index, told apart by its first
    /// byte: `www.` (any case), an abbreviated URL if its context agrees; or, when defanged
    /// indicators are read, a mark that stands for a scheme's colon, `[:]` or `[://]`
    /// (`hxxps[://]evil[.]example`), at its `[`. (A third variant of this enum cost 2% of the
    /// instructions on prose, in the trigger loop.)
    Www(usize),
}

impl Trigger {
    /// The index of the trigger's first byte.
    #[inline]
    pub(crate) fn at(self) -> usize {
        match self {
            Trigger::Colon(i) | Trigger::Www(i) => i,
        }
    }
}

/// The prefilter, chosen once per extractor.
#[derive(Debug, Clone)]
pub(crate) struct Prefilter {
    /// `:` with `www.` when abbreviated URLs are wanted, and with the marks `[:]` and `[://]`
    /// when defanged indicators are read; `memchr` alone otherwise.
    www: Option<AhoCorasick>,
    colons: Colons,
}

/// The search for the next `:`, its vector routine chosen once.
///
/// `memchr::memchr` picks its routine on every call, through a function pointer, and sets up
/// its search anew; in mail and logs a colon comes every 30 to 60 bytes and each needs a
/// search of its own. With the routine held here, a call goes straight to it.
#[derive(Debug, Clone)]
enum Colons {
    #[cfg(target_arch = "x86_64")]
    Avx2(memchr::arch::x86_64::avx2::memchr::One),
    Any,
}

impl Colons {
    fn new() -> Self {
        #[cfg(target_arch = "x86_64")]
        if let Some(one) = memchr::arch::x86_64::avx2::memchr::One::new(b':') {
            return Colons::Avx2(one);
        }
        Colons::Any
    }

    #[inline]
    fn find(&self, hay: &[u8]) -> Option<usize> {
        match self {
            #[cfg(target_arch = "x86_64")]
            Colons::Avx2(one) => one.find(hay),
            Colons::Any => memchr::memchr(b':', hay),
        }
    }
}

impl Prefilter {
    /// The prefilter for abbreviated URLs (`www.`) or not, and for the marks of defanged
    /// indicators (`refang`) or not.
    pub(crate) fn new(abbreviated: bool, refang: bool) -> Self {
        // `:` first: its pattern index is 0.
        let mut patterns = vec![":"];
        if abbreviated {
            patterns.push("www.");
        }
        if refang {
            patterns.extend(["[:]", "[://]"]);
        }
        let www = (patterns.len() > 1).then(|| {
            AhoCorasickBuilder::new()
                .ascii_case_insensitive(true)
                .match_kind(MatchKind::LeftmostFirst)
                .build(patterns)
                // Fixed ASCII patterns always build; fall back to `:` alone if not.
                .ok()
        });
        Prefilter { www: www.flatten(), colons: Colons::new() }
    }

    /// The longest trigger, less one: how many bytes at the end of a window may hold the start
    /// of a trigger that is not complete yet.
    #[inline]
    pub(crate) fn overlap(&self) -> usize {
        if self.www.is_some() { 4 } else { 0 }
    }

    /// The first trigger at or after `from` in `hay`.
    #[inline]
    pub(crate) fn next(&self, hay: &[u8], from: usize) -> Option<Trigger> {
        let rest = hay.get(from..)?;
        match &self.www {
            // A colon right after the last one (`::`, a flood of them) is found without
            // setting up a vector search.
            None => match chars::words::first_in_word(rest, b':') {
                Some(i) => Some(Trigger::Colon(from + i)),
                None => self.colons.find(rest).map(|i| Trigger::Colon(from + i)),
            },
            Some(ac) => {
                let m = ac.find(Input::new(hay).span(from..hay.len()))?;
                Some(if m.pattern().as_usize() == 0 {
                    Trigger::Colon(m.start())
                } else {
                    Trigger::Www(m.start())
                })
            }
        }
    }
}

/// How many bytes `rest` starts with that are `:`.
///
/// In a run of colons (`::`, a flood of them) every colon after the first follows a colon, so
/// none has a scheme before it: the caller steps over the run at once, eight bytes at a time.
#[inline]
pub(crate) fn colon_run(rest: &[u8]) -> usize {
    chars::words::leading_run(rest, b':')
}

/// How many bytes `rest` (the text right after a colon) starts with that are one-character
/// words each followed by a colon, up to the last such colon that a scheme character follows:
/// 6 for `a:b:c:d`, 4 for `a:b:c:/`, 0 for `a:/`. Such a word is the whole scheme-like run
/// before its colon ([`scheme_start`]: the colon before it ends the run), and no name of one
/// byte has a rule of its own (`scheme.rs`), so each of these colons is followed by a scheme
/// character after a name that needs `//`: the caller passes them over at once (see
/// `Engine::next_trigger`).
#[inline]
pub(crate) fn one_char_words(rest: &[u8]) -> usize {
    let scheme = |i: usize| rest.get(i).is_some_and(|&b| chars::is(b, chars::SCHEME));
    if !scheme(0) {
        return 0;
    }
    let mut n = 0;
    while rest.get(n + 1) == Some(&b':') && scheme(n + 2) {
        n += 2;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_colons_near_and_far() {
        let finder = Prefilter::new(false, false);
        for len in 0..80 {
            for colon in 0..len {
                let mut text = vec![b'a'; len];
                text[colon] = b':';
                for from in 0..=len {
                    let expected = (from <= colon).then_some(Trigger::Colon(colon));
                    assert_eq!(finder.next(&text, from), expected, "{len} {colon} {from}");
                }
            }
            assert_eq!(finder.next(&vec![b'a'; len], 0), None);
        }
    }

    #[test]
    fn colon_runs() {
        assert_eq!(colon_run(b""), 0);
        assert_eq!(colon_run(b"a::"), 0);
        assert_eq!(colon_run(b"::a:"), 2);
        assert_eq!(colon_run(&[b':'; 21]), 21);
        let mut run = vec![b':'; 16];
        run.push(b'x');
        assert_eq!(colon_run(&run), 16);
    }

    #[test]
    fn one_char_word_runs() {
        assert_eq!(one_char_words(b""), 0);
        assert_eq!(one_char_words(b"a:b:c:d"), 6);
        assert_eq!(one_char_words(b"a:b:c:"), 4);
        assert_eq!(one_char_words(b"a:b:c:/"), 4);
        assert_eq!(one_char_words(b"a:bc:d"), 2);
        assert_eq!(one_char_words(b"7:+:.:-:x "), 8);
        assert_eq!(one_char_words(b"a::b"), 0);
        assert_eq!(one_char_words(b":a:b"), 0);
        assert_eq!(one_char_words(b"a: b"), 0);
    }

    #[test]
    fn finder_finds_colons_and_www() {
        let plain = Prefilter::new(false, false);
        let t = b"a www.x b:c";
        assert_eq!(plain.next(t, 0), Some(Trigger::Colon(9)));
        assert_eq!(plain.next(t, 10), None);
        let www = Prefilter::new(true, false);
        assert_eq!(www.next(t, 0), Some(Trigger::Www(2)));
        assert_eq!(www.next(t, 3), Some(Trigger::Colon(9)));
        assert_eq!(www.next(b"WwW.x", 0), Some(Trigger::Www(0)));
        assert_eq!(www.next(t, 100), None);
    }

    #[test]
    fn finder_finds_the_marks_for_a_colon_when_refanging() {
        let t = b"hxxps[://]a[.]b x[:]y c:d";
        // At the mark's `[`, before the colon inside it; the colon itself only after it.
        let refang = Prefilter::new(false, true);
        assert_eq!(refang.next(t, 0), Some(Trigger::Www(5)));
        assert_eq!(refang.next(t, 6), Some(Trigger::Colon(6)));
        assert_eq!(refang.next(t, 10), Some(Trigger::Www(17)));
        assert_eq!(refang.next(t, 21), Some(Trigger::Colon(23)));
        assert_eq!(Prefilter::new(false, false).next(t, 0), Some(Trigger::Colon(6)));
    }
}
