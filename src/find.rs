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

use crate::chars::{self, ALPHA, SCHEME};

/// The longest scheme name that is looked for. The longest registered name has 30 bytes
/// (`ms-settings-connectabledevices`); a longer run of scheme characters before a `:` is a
/// word, a host name or noise, not a scheme, and bounding the walk keeps the scan linear.
pub(crate) const SCHEME_MAX: usize = 64;

/// A place where a URI may start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Trigger {
    /// A `:` at this index; its scheme is before it.
    Colon(usize),
    /// `www.` (any case) starting at this index: an abbreviated URL, if its context agrees.
    Www(usize),
}

impl Trigger {
    /// The index of the trigger's first byte.
    pub(crate) fn at(self) -> usize {
        match self {
            Trigger::Colon(i) | Trigger::Www(i) => i,
        }
    }
}

/// The prefilter, chosen once per extractor.
#[derive(Debug, Clone)]
pub(crate) struct Finder {
    /// `:` and `www.` together, when abbreviated URLs are wanted; `memchr` alone otherwise.
    www: Option<AhoCorasick>,
}

impl Finder {
    pub(crate) fn new(abbreviated: bool) -> Self {
        let www = abbreviated.then(|| {
            AhoCorasickBuilder::new()
                .ascii_case_insensitive(true)
                .match_kind(MatchKind::LeftmostFirst)
                .build([":", "www."])
                // Two fixed ASCII patterns always build; fall back to `:` alone if not.
                .ok()
        });
        Finder { www: www.flatten() }
    }

    /// The longest trigger, less one: how many bytes at the end of a window may hold the start
    /// of a trigger that is not complete yet.
    pub(crate) fn overlap(&self) -> usize {
        if self.www.is_some() { 3 } else { 0 }
    }

    /// The first trigger at or after `from` in `hay`.
    #[inline]
    pub(crate) fn next(&self, hay: &[u8], from: usize) -> Option<Trigger> {
        let rest = hay.get(from..)?;
        match &self.www {
            None => memchr::memchr(b':', rest).map(|i| Trigger::Colon(from + i)),
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

/// The start of the scheme that ends right before the `:` at `colon`, looking no further back
/// than `floor`: the run of `ALPHA / DIGIT / "+" / "-" / "."` before the colon, with leading
/// characters that are not letters dropped, so that `+http://` gives `http` (RFC 3986 §3.1:
/// a scheme starts with a letter), and an unregistered run cut after its last `.` when what
/// follows is registered (`season.http://` gives `http`). `None` when there is no letter, or
/// when the run is longer
/// than [`SCHEME_MAX`] (then it is not a scheme but a word or a host name glued to a colon).
#[inline]
pub(crate) fn scheme_start(text: &[u8], colon: usize, floor: usize) -> Option<usize> {
    // One byte more than the longest scheme: a run that fills it is too long.
    let lo = colon.saturating_sub(SCHEME_MAX + 1).max(floor);
    let head = text.get(lo..colon)?;
    let run = head.iter().rev().take_while(|&&b| chars::is(b, SCHEME)).count();
    if run == 0 || run > SCHEME_MAX {
        return None;
    }
    let start = colon - run;
    let first_letter = text.get(start..colon)?.iter().position(|&b| chars::is(b, ALPHA))?;
    let start = start + first_letter;
    // `season.http://…`: a sentence ended without a space before the URI. When the whole run
    // is not a registered scheme but what follows its last `.` is, the `.` is punctuation.
    let name = &text[start..colon];
    if let Some(dot) = name.iter().rposition(|&b| b == b'.')
        && crate::schemes::lookup_bytes(name).is_none()
        && name.get(dot + 1).is_some_and(|&b| chars::is(b, ALPHA))
        && crate::schemes::lookup_bytes(&name[dot + 1..]).is_some()
    {
        return Some(start + dot + 1);
    }
    Some(start)
}

/// What a scheme name allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SchemeRule {
    /// Never a scheme here: `URL:` is the prefix of RFC 1738's appendix, never part of a URI
    /// (extractor rule 5).
    Never,
    /// Counts only when `//` follows the colon.
    NeedsSlashes,
    /// A registered scheme that may be written without `//`, when the text after the colon has
    /// the expected shape.
    Opaque(Shape),
}

/// A cheap check of the text after `scheme:` for registered schemes whose names are also
/// common words or log labels, so that `INFO:root:started` or `Data:none` is not taken for a
/// URI while `info:lccn/2002022641` and `data:,Hello` still are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Anything non-empty.
    Any,
    /// `data:` (RFC 2397): `[mediatype][;base64],data` always holds a comma.
    Data,
    /// `file:` (RFC 8089): `file:/path` or `file://host/path`.
    File,
    /// `info:` (RFC 4452): `info:namespace/identifier`.
    Info,
    /// `tag:` (RFC 4151): `tag:authority,date:specific`.
    Tag,
    /// `tel:`, `fax:`, `modem:` (RFC 3966, RFC 2806): a global number starts with `+`; a
    /// local one needs `;phone-context=`. "Tel:555-1234" in a signature is a label.
    Phone,
}

/// Registered schemes whose names are plain words but which are really written without `//`
/// in mail, news and documents, with the RFC that defines the opaque form. Every other
/// registered name that is a plain word (`session`, `query`, `service`, `message`, `tool`,
/// `platform`, `go`, `tv`, …) shows up as a label in logs and prose far more often than as a
/// URI, so it needs `//` like an unregistered scheme; so do `aim` ("AIM: name" in mail
/// signatures), `feed`, and `ni` (RFC 6920 writes `ni://` or `ni:///`; "/ni:'bl/" is a
/// pronunciation). Registered names that are not plain
/// words (`view-source`, `ms-settings`, `z39.50r`, `pkcs11`) may always be opaque.
const OPAQUE_WORDS: &[(&str, Shape)] = &[
    ("about", Shape::Any),   // RFC 6694
    ("acct", Shape::Any),    // RFC 7565
    ("bitcoin", Shape::Any), // provisional
    ("blob", Shape::Any),    // W3C File API
    ("callto", Shape::Any),  // provisional
    ("cid", Shape::Any),     // RFC 2392
    ("data", Shape::Data),   // RFC 2397
    ("fax", Shape::Phone),   // RFC 2806 (historical)
    ("file", Shape::File),   // RFC 8089
    ("filesystem", Shape::Any),
    ("geo", Shape::Any), // RFC 5870
    ("gtalk", Shape::Any),
    ("im", Shape::Any),    // RFC 3860
    ("info", Shape::Info), // RFC 4452
    ("jar", Shape::Any),
    ("magnet", Shape::Any),
    ("mailto", Shape::Any),  // RFC 6068
    ("mid", Shape::Any),     // RFC 2392
    ("modem", Shape::Phone), // RFC 2806 (historical)
    ("msnim", Shape::Any),
    ("news", Shape::Any),            // RFC 5538
    ("nih", Shape::Any),             // RFC 6920
    ("opaquelocktoken", Shape::Any), // RFC 4918
    ("pres", Shape::Any),            // RFC 3859
    ("sip", Shape::Any),             // RFC 3261
    ("sips", Shape::Any),            // RFC 3261
    ("skype", Shape::Any),
    ("sms", Shape::Any), // RFC 5724
    ("spotify", Shape::Any),
    ("stun", Shape::Any),  // RFC 7064
    ("stuns", Shape::Any), // RFC 7064
    ("tag", Shape::Tag),   // RFC 4151
    ("tel", Shape::Phone), // RFC 3966
    ("urn", Shape::Any),   // RFC 8141
    ("xcon", Shape::Any),  // RFC 6501
    ("xmpp", Shape::Any),  // RFC 5122
    ("ymsgr", Shape::Any),
];

/// Longer than the longest registered scheme name (30 bytes).
const REGISTERED_MAX: usize = 32;

/// The rule for the scheme name `name` (any case).
///
/// This runs for nearly every `:` in the input (`Note:`, `Subject:`), so it stays cheap: the
/// name is lower-cased on the stack, a plain word is looked up in [`OPAQUE_WORDS`] only, and
/// the registry is searched only for names with a digit, `+`, `-` or `.`.
pub(crate) fn scheme_rule(name: &[u8]) -> SchemeRule {
    let mut buf = [0u8; REGISTERED_MAX];
    let Some(lower) = buf.get_mut(..name.len()) else {
        return SchemeRule::NeedsSlashes;
    };
    for (l, b) in lower.iter_mut().zip(name) {
        *l = b.to_ascii_lowercase();
    }
    let lower = &*lower;
    if lower == b"url" {
        return SchemeRule::Never;
    }
    if lower.iter().all(u8::is_ascii_alphabetic) {
        return opaque_word(lower).map_or(SchemeRule::NeedsSlashes, SchemeRule::Opaque);
    }
    match crate::schemes::all().binary_search_by(|s| s.name.as_bytes().cmp(lower)) {
        Ok(_) => SchemeRule::Opaque(Shape::Any),
        Err(_) => SchemeRule::NeedsSlashes,
    }
}

/// [`OPAQUE_WORDS`] as a `match`, which compiles to a length switch and word compares (a unit
/// test checks that the two agree).
fn opaque_word(lower: &[u8]) -> Option<Shape> {
    Some(match lower {
        b"about" => Shape::Any,
        b"acct" => Shape::Any,
        b"bitcoin" => Shape::Any,
        b"blob" => Shape::Any,
        b"callto" => Shape::Any,
        b"cid" => Shape::Any,
        b"data" => Shape::Data,
        b"fax" => Shape::Phone,
        b"file" => Shape::File,
        b"filesystem" => Shape::Any,
        b"geo" => Shape::Any,
        b"gtalk" => Shape::Any,
        b"im" => Shape::Any,
        b"info" => Shape::Info,
        b"jar" => Shape::Any,
        b"magnet" => Shape::Any,
        b"mailto" => Shape::Any,
        b"mid" => Shape::Any,
        b"modem" => Shape::Phone,
        b"msnim" => Shape::Any,
        b"news" => Shape::Any,
        b"nih" => Shape::Any,
        b"opaquelocktoken" => Shape::Any,
        b"pres" => Shape::Any,
        b"sip" => Shape::Any,
        b"sips" => Shape::Any,
        b"skype" => Shape::Any,
        b"sms" => Shape::Any,
        b"spotify" => Shape::Any,
        b"stun" => Shape::Any,
        b"stuns" => Shape::Any,
        b"tag" => Shape::Tag,
        b"tel" => Shape::Phone,
        b"urn" => Shape::Any,
        b"xcon" => Shape::Any,
        b"xmpp" => Shape::Any,
        b"ymsgr" => Shape::Any,
        _ => return None,
    })
}

/// Whether `rest`, the candidate text after `scheme:` of an opaque scheme, has `shape`.
pub(crate) fn shape_ok(shape: Shape, rest: &[u8]) -> bool {
    match shape {
        Shape::Any => !rest.is_empty(),
        Shape::Data => rest.contains(&b','),
        Shape::File => rest.first() == Some(&b'/'),
        Shape::Info => {
            let ns =
                rest.iter().take_while(|&&b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-').count();
            ns > 0 && rest.get(ns) == Some(&b'/')
        }
        Shape::Tag => rest.contains(&b',') && rest.contains(&b':'),
        Shape::Phone => {
            rest.first() == Some(&b'+')
                || memchr::memmem::find(&rest.to_ascii_lowercase(), b";phone-context=").is_some()
        }
    }
}

/// Whether `www.` at `at` starts a word: an abbreviated URL is not the tail of a host name,
/// an e-mail address (`user@www.example.org`) or a path (`//www.example.org`).
pub(crate) fn www_starts_word(text: &[u8], at: usize, floor: usize) -> bool {
    if at <= floor {
        return true;
    }
    match text.get(at - 1) {
        None => true,
        Some(&b) => !(b.is_ascii_alphanumeric() || b"-._~/@:%+=&?#\\".contains(&b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scheme_at(text: &str) -> Option<&str> {
        let colon = text.find(':')?;
        scheme_start(text.as_bytes(), colon, 0).map(|s| &text[s..colon])
    }

    #[test]
    fn scheme_is_the_run_before_the_colon_starting_with_a_letter() {
        assert_eq!(scheme_at("see http://x"), Some("http"));
        assert_eq!(scheme_at("(compatible; +http://www.google.com/bot.html)"), Some("http"));
        assert_eq!(scheme_at("12:30"), None);
        assert_eq!(scheme_at("2015-05-17T10:05"), Some("T10"));
        assert_eq!(scheme_at(": x"), None);
        assert_eq!(scheme_at("3com.x-y:z"), Some("com.x-y"));
        assert_eq!(scheme_at("_http:"), Some("http"));
        assert_eq!(scheme_at("the festive season.http://x"), Some("http"));
        assert_eq!(scheme_at("iris.beep://x"), Some("iris.beep"));
        assert_eq!(scheme_at("www.example.com://x"), Some("www.example.com"));
    }

    #[test]
    fn scheme_look_back_is_bounded() {
        let long = format!("{}http://x", "a".repeat(SCHEME_MAX + 10));
        assert_eq!(scheme_at(&long), None);
        let exact = format!("{}://x", "a".repeat(SCHEME_MAX));
        assert_eq!(scheme_at(&exact).map(str::len), Some(SCHEME_MAX));
        // The floor is a hard edge: a previous match ends there.
        let t = b"http://a.bhttp://c";
        assert_eq!(scheme_start(t, 14, 10), Some(10));
    }

    #[test]
    fn rules_follow_the_registry() {
        assert_eq!(scheme_rule(b"URL"), SchemeRule::Never);
        assert_eq!(scheme_rule(b"http"), SchemeRule::NeedsSlashes);
        assert_eq!(scheme_rule(b"foo"), SchemeRule::NeedsSlashes);
        assert_eq!(scheme_rule(b"MAILTO"), SchemeRule::Opaque(Shape::Any));
        assert_eq!(scheme_rule(b"urn"), SchemeRule::Opaque(Shape::Any));
        assert_eq!(scheme_rule(b"news"), SchemeRule::Opaque(Shape::Any));
        assert_eq!(scheme_rule(b"session"), SchemeRule::NeedsSlashes);
        assert_eq!(scheme_rule(b"view-source"), SchemeRule::Opaque(Shape::Any));
        assert_eq!(scheme_rule(b"data"), SchemeRule::Opaque(Shape::Data));
    }

    #[test]
    fn opaque_words_are_sorted_and_registered() {
        for pair in OPAQUE_WORDS.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{} !< {}", pair[0].0, pair[1].0);
        }
        for (name, shape) in OPAQUE_WORDS {
            assert!(crate::schemes::is_registered(name), "{name} is not registered");
            assert_eq!(opaque_word(name.as_bytes()), Some(*shape), "{name}");
        }
        for s in crate::schemes::all() {
            let listed = OPAQUE_WORDS.iter().find(|(n, _)| *n == s.name).map(|&(_, shape)| shape);
            assert_eq!(opaque_word(s.name.as_bytes()), listed, "{}", s.name);
        }
    }

    #[test]
    fn shapes() {
        assert!(shape_ok(Shape::Data, b",Hello"));
        assert!(!shape_ok(Shape::Data, b"none"));
        assert!(shape_ok(Shape::File, b"/etc/passwd"));
        assert!(!shape_ok(Shape::File, b"foo.txt"));
        assert!(shape_ok(Shape::Info, b"lccn/2002022641"));
        assert!(!shape_ok(Shape::Info, b"root:started"));
        assert!(shape_ok(Shape::Tag, b"example.com,2004:x"));
        assert!(!shape_ok(Shape::Tag, b"v1.2"));
        assert!(!shape_ok(Shape::Any, b""));
        assert!(shape_ok(Shape::Phone, b"+1-201-555-0123"));
        assert!(shape_ok(Shape::Phone, b"7042;Phone-Context=example.com"));
        assert!(!shape_ok(Shape::Phone, b"415-933-7595"));
        assert!(!shape_ok(Shape::Phone, b"(248)848-5600"));
    }

    #[test]
    fn finder_finds_colons_and_www() {
        let plain = Finder::new(false);
        let t = b"a www.x b:c";
        assert_eq!(plain.next(t, 0), Some(Trigger::Colon(9)));
        assert_eq!(plain.next(t, 10), None);
        let www = Finder::new(true);
        assert_eq!(www.next(t, 0), Some(Trigger::Www(2)));
        assert_eq!(www.next(t, 3), Some(Trigger::Colon(9)));
        assert_eq!(www.next(b"WwW.x", 0), Some(Trigger::Www(0)));
        assert_eq!(www.next(t, 100), None);
    }

    #[test]
    fn www_must_start_a_word() {
        assert!(www_starts_word(b"see www.x", 4, 0));
        assert!(www_starts_word(b"(www.x", 1, 0));
        assert!(!www_starts_word(b"user@www.x", 5, 0));
        assert!(!www_starts_word(b"//www.x", 2, 0));
        assert!(!www_starts_word(b"awww.x", 1, 0));
    }
}
