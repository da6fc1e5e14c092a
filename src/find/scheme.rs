//! Scheme names: where a scheme starts before a colon, and what a scheme name allows (rule 1 of
//! the extractor).

use crate::chars::{self, ALPHA, SCHEME};

/// The longest scheme name that is looked for. The longest registered name has 30 bytes
/// (`ms-settings-connectabledevices`); a longer run of scheme characters before a `:` is a
/// word, a host name or noise, not a scheme, and bounding the walk keeps the scan linear.
pub(crate) const SCHEME_MAX: usize = 64;

/// [`SCHEME_KIND`]: a scheme character (`ALPHA / DIGIT / "+" / "-" / "."`, RFC 3986 §3.1).
const KIND_SCHEME: u8 = 1;
/// [`SCHEME_KIND`]: a letter.
const KIND_LETTER: u8 = 2;
/// [`SCHEME_KIND`]: the `.`.
const KIND_DOT: u8 = 4;

/// What each byte is to [`scheme_start`]'s walk back: 0 for a byte that ends the run, else
/// [`KIND_SCHEME`] and maybe [`KIND_LETTER`] or [`KIND_DOT`]; built from [`chars::CLASSES`].
const SCHEME_KIND: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let class = chars::CLASSES[b];
        if class & SCHEME != 0 {
            table[b] = KIND_SCHEME;
            if class & ALPHA != 0 {
                table[b] |= KIND_LETTER;
            } else if b == b'.' as usize {
                table[b] |= KIND_DOT;
            }
        }
        b += 1;
    }
    table
};

/// The start of the scheme that ends right before the `:` at `colon`, looking no further back
/// than `floor`: the run of `ALPHA / DIGIT / "+" / "-" / "."` before the colon, with leading
/// characters that are not letters dropped, so that `+http://` gives `http` (RFC 3986 §3.1:
/// a scheme starts with a letter), and an unregistered run cut after its last `.` when what
/// follows is registered (`season.http://` gives `http`). `None` when there is no letter, or
/// when the run is longer than [`SCHEME_MAX`] (then it is not a scheme but a word or a host
/// name glued to a colon).
#[inline]
pub(crate) fn scheme_start(text: &[u8], colon: usize, floor: usize) -> Option<usize> {
    // Most colons follow a byte that cannot end a scheme (`: `, `::`, `):`).
    if colon <= floor || !chars::is(*text.get(colon - 1)?, SCHEME) {
        return None;
    }
    // One byte more than the longest scheme: a run that fills it is too long.
    let lo = colon.saturating_sub(SCHEME_MAX + 1).max(floor);
    let head = text.get(lo..colon)?;
    // One lookup in [`SCHEME_KIND`] per byte tells whether it goes on with the run, whether it is
    // a letter and whether it is a `.`.
    let mut start = head.len();
    let mut letter = usize::MAX;
    let mut kinds = 0;
    for &b in head.iter().rev() {
        let kind = SCHEME_KIND[usize::from(b)];
        if kind == 0 {
            break;
        }
        start -= 1;
        if kind & KIND_LETTER != 0 {
            letter = start;
        }
        kinds |= kind;
    }
    let run = head.len() - start;
    if run == 0 || run > SCHEME_MAX || letter == usize::MAX {
        return None;
    }
    after_walk(text, lo + letter, colon, kinds & KIND_DOT != 0)
}

/// [`scheme_start`] once the walk back has found the run's first letter at `start`, and
/// whether the run holds a `.` (`dot`).
#[inline(always)]
fn after_walk(text: &[u8], start: usize, colon: usize, dot: bool) -> Option<usize> {
    // `season.http://…`: a sentence ended without a space before the URI. When the whole run
    // is not a registered scheme but what follows its last `.` is, the `.` is punctuation.
    if dot && let Some(after) = registered_after_dot(&text[start..colon]) {
        return Some(start + after);
    }
    Some(start)
}

/// The start of the scheme at `s` ([`scheme_start`]) once an ISO-2022-JP escape before it is
/// taken off: `ESC ( B` and `ESC ( J` switch Japanese text back to ASCII (RFC 1468 §2), and in
/// text read as bytes (a part labelled `us-ascii`, a plain-text file) their `B` or `J` is no
/// letter of the scheme right after it: `ESC ( B https://` gives `https`, not `Bhttps`. The
/// run's next letter when the escape lies wholly above `floor` and a letter follows; `s`
/// otherwise. Applied to the colons that may start a URI, not to every colon (where
/// [`scheme_start`] runs, a test more costs about 2% on prose): a scheme that must end in `//`
/// gives its URI; an opaque one after the escape (`ESC ( B mailto:`) is taken for an unknown
/// name, whose colon is passed over, so its URI is missed rather than given wrong.
///
/// Then letters glued before `http`, `https` or `ftp` are no part of the scheme when the whole
/// run is no registered scheme ([`past_glued_letters`]).
#[inline]
pub(crate) fn past_escape(text: &[u8], s: usize, colon: usize, floor: usize) -> usize {
    if s >= floor + 2 && text[s - 1] == b'(' && text[s - 2] == 0x1b && matches!(text[s], b'B' | b'J') {
        return (s + 1..colon).find(|&i| text[i].is_ascii_alphabetic()).unwrap_or(s);
    }
    // The eight bytes before the colon, lower-cased where they are letters: a run longer than
    // `http`, `https` or `ftp` that ends as one of them is looked at.
    let word =
        match colon.checked_sub(8).and_then(|at| text.get(at..colon)).and_then(|w| w.first_chunk::<8>()) {
            Some(&word) => word,
            None => before_colon(text, colon),
        };
    let tail = u64::from_be_bytes(word) | 0x2020_2020_2020_2020;
    let n = colon - s;
    let glued = (n > 4 && tail & 0xffff_ffff == GLUED_HTTP)
        || (n > 5 && tail & 0xff_ffff_ffff == GLUED_HTTPS)
        || (n > 3 && tail & 0xff_ffff == GLUED_FTP);
    if glued { past_glued_letters(text, s, colon) } else { s }
}

/// The start of `h**p` or `h**ps` (any case) when the scheme name that [`crate::find`] found
/// at `s` (its run stops at the `*`) is the `p` or `ps` after `h**`, looking no further back
/// than `floor`; `s` otherwise. `h**ps://evil.example/` is a defanged indicator, not the URI
/// `ps://evil.example/`.
#[cold]
#[inline(never)]
pub(crate) fn past_stars(text: &[u8], s: usize, colon: usize, floor: usize) -> usize {
    let name = &text[s..colon];
    let stars = s.checked_sub(3).filter(|&h| h >= floor && text[h..s].eq_ignore_ascii_case(b"h**"));
    match stars {
        Some(h) if name.eq_ignore_ascii_case(b"p") || name.eq_ignore_ascii_case(b"ps") => h,
        _ => s,
    }
}

/// The bytes before `colon`, fewer than eight, at the end of a word of zeros.
#[cold]
fn before_colon(text: &[u8], colon: usize) -> [u8; 8] {
    let mut word = [0; 8];
    let have = &text[..colon.min(text.len())];
    word[8 - have.len()..].copy_from_slice(have);
    word
}

/// `http`, `https` and `ftp` as the low bytes of a big-endian word.
const GLUED_HTTP: u64 = u32::from_be_bytes(*b"http") as u64;
const GLUED_HTTPS: u64 = (GLUED_HTTP << 8) | b's' as u64;
const GLUED_FTP: u64 = (b'f' as u64) << 16 | (b't' as u64) << 8 | b'p' as u64;

/// Where the scheme of `text[s..colon]` starts when letters are glued before `http`, `https`
/// or `ftp` and the whole run is no registered scheme: text and a URI run together
/// (`hdhttps://x.example/`, the rest of a broken Markdown fragment glued to a link;
/// `"see\nhttps://x.example/"`, the `n` of a JSON string's escape). The letters are text, and
/// the URI starts at its scheme (the crate docs, rule 1). `s` otherwise: a registered scheme
/// that ends so (`shttp`, `sftp`, `tftp`) stays whole.
#[cold]
#[inline(never)]
fn past_glued_letters(text: &[u8], s: usize, colon: usize) -> usize {
    let name = &text[s..colon];
    let glued = [&b"https"[..], b"http", b"ftp"].into_iter().find_map(|scheme| {
        let cut = name.len().checked_sub(scheme.len()).filter(|&cut| cut > 0)?;
        let (before, after) = name.split_at(cut);
        (after.eq_ignore_ascii_case(scheme) && before.iter().all(u8::is_ascii_alphabetic)).then_some(cut)
    });
    match glued {
        Some(cut) if crate::schemes::lookup_bytes(name).is_none() => s + cut,
        _ => s,
    }
}

/// `season.http`: the index of the registered name after the last `.` of `name`, when `name`
/// as a whole is not registered. Out of line, so that [`scheme_start`], which runs for every
/// colon, stays small enough to be inlined into the trigger loop.
#[cold]
#[inline(never)]
fn registered_after_dot(name: &[u8]) -> Option<usize> {
    let dot = name.iter().rposition(|&b| b == b'.')?;
    let after = name.get(dot + 1..)?;
    (after.first().is_some_and(|&b| chars::is(b, ALPHA))
        && crate::schemes::lookup_bytes(name).is_none()
        && crate::schemes::lookup_bytes(after).is_some())
    .then_some(dot + 1)
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

/// Names that are never a scheme in text: `url`, the prefix of RFC 1738's appendix (`URL:`),
/// and the defanged schemes of threat reports (`hxxp`, `hxxps`, `fxp`, `h**p`, `h**ps`:
/// written so that nobody follows the link by accident; issue 18 item 6, issue 38; the `h**`
/// is joined to the name found after it by [`past_stars`], which the candidate asks).
const NEVER: [&str; 6] = ["url", "hxxp", "hxxps", "fxp", "h**p", "h**ps"];

/// Longer than the longest registered scheme name (30 bytes).
const REGISTERED_MAX: usize = 32;

/// The rule for the scheme `text[s..colon]` (any case), which [`scheme_start`] found.
///
/// This runs for nearly every candidate, so names of up to 8 bytes, which are nearly all of
/// them (`http`, `mailto`, `Subject`), are looked up in one probe of [`RULES`]; longer ones go
/// to [`scheme_rule`].
#[inline]
pub(crate) fn scheme_rule_at(text: &[u8], s: usize, colon: usize) -> SchemeRule {
    let len = colon - s;
    match text.get(s..s + 8) {
        Some(&[a, b, c, d, e, f, g, h]) if (1..=8).contains(&len) => {
            // Keep the name's bytes, and lower-case them: `| 0x20` maps `A`-`Z` to `a`-`z`
            // and leaves the other scheme characters (digits, `+ - .`) as they are.
            let mask = u64::MAX << (8 * (8 - len));
            RULES.get(u64::from_be_bytes([a, b, c, d, e, f, g, h]) & mask | (0x2020_2020_2020_2020 & mask))
        }
        _ => scheme_rule(&text[s..colon]),
    }
}

/// A name of up to 8 bytes, lower case, as a big-endian number padded with zeros.
const fn key(name: &[u8]) -> u64 {
    let mut k = 0u64;
    let mut i = 0;
    while i < 8 {
        k <<= 8;
        if i < name.len() {
            k |= name[i] as u64;
        }
        i += 1;
    }
    k
}

/// The names of up to 8 bytes whose rule is not [`SchemeRule::NeedsSlashes`]: `url`, the
/// [`OPAQUE_WORDS`], and the registered names that are not plain words. Every other name of
/// that length needs `//` (see [`scheme_rule`]).
const SHORT_RULES: ([u64; SHORT_RULES_LEN], [SchemeRule; SHORT_RULES_LEN]) = {
    let mut keys = [0; SHORT_RULES_LEN];
    let mut rules = [SchemeRule::NeedsSlashes; SHORT_RULES_LEN];
    let mut n = 0;
    while n < NEVER.len() {
        keys[n] = key(NEVER[n].as_bytes());
        rules[n] = SchemeRule::Never;
        n += 1;
    }
    let mut i = 0;
    while i < OPAQUE_WORDS.len() {
        let (name, shape) = OPAQUE_WORDS[i];
        if name.len() <= 8 {
            keys[n] = key(name.as_bytes());
            rules[n] = SchemeRule::Opaque(shape);
            n += 1;
        }
        i += 1;
    }
    let all = crate::schemes::REGISTRY;
    let mut i = 0;
    while i < all.len() {
        let name = all[i].name.as_bytes();
        if name.len() <= 8 && !is_plain_word(name) {
            keys[n] = key(name);
            rules[n] = SchemeRule::Opaque(Shape::Any);
            n += 1;
        }
        i += 1;
    }
    (keys, rules)
};

/// No name of one byte has a rule of its own: every one-letter scheme needs `//`
/// ([`SchemeRule::NeedsSlashes`]). No registered name, opaque word or name in [`NEVER`] has
/// one byte (all of them are in [`SHORT_RULES`]); the trigger loop counts on it to pass over
/// the colons of a run of one-character words at once ([`super::one_char_words`]).
const _: () = {
    let mut i = 0;
    while i < SHORT_RULES_LEN {
        assert!(SHORT_RULES.0[i] << 8 != 0, "a name of one byte has a rule of its own");
        i += 1;
    }
};

/// How many names [`SHORT_RULES`] holds.
const SHORT_RULES_LEN: usize = {
    let mut n = NEVER.len();
    let mut i = 0;
    while i < OPAQUE_WORDS.len() {
        n += (OPAQUE_WORDS[i].0.len() <= 8) as usize;
        i += 1;
    }
    let all = crate::schemes::REGISTRY;
    let mut i = 0;
    while i < all.len() {
        n += (all[i].name.len() <= 8 && !is_plain_word(all[i].name.as_bytes())) as usize;
        i += 1;
    }
    n
};

/// Whether a name has letters only.
const fn is_plain_word(name: &[u8]) -> bool {
    let mut i = 0;
    while i < name.len() {
        if !name[i].is_ascii_alphabetic() {
            return false;
        }
        i += 1;
    }
    true
}

/// [`SHORT_RULES`] as a perfect hash table: each name's key multiplied by a constant, top 8
/// bits, is its slot, and no two names share one. A lookup is a multiplication, a load and a
/// compare, with no branch that depends on the name. The constant is found at compile time,
/// so the table follows [`OPAQUE_WORDS`] and the registry as they change.
struct Rules {
    multiplier: u64,
    keys: [u64; 256],
    rules: [SchemeRule; 256],
}

impl Rules {
    const fn slot(multiplier: u64, key: u64) -> usize {
        (key.wrapping_mul(multiplier) >> 56) as usize
    }

    /// The rule of the lower-case name with `key`.
    #[inline]
    fn get(&self, key: u64) -> SchemeRule {
        let slot = Self::slot(self.multiplier, key);
        if self.keys[slot] == key { self.rules[slot] } else { SchemeRule::NeedsSlashes }
    }

    const fn build() -> Rules {
        let (names, rules) = SHORT_RULES;
        // Odd multipliers from a fixed sequence (splitmix64), tried until one spreads the
        // names without a collision; about one in two hundred does.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        loop {
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            let multiplier = (z ^ (z >> 31)) | 1;
            let mut table = Rules { multiplier, keys: [0; 256], rules: [SchemeRule::NeedsSlashes; 256] };
            let mut i = 0;
            while i < names.len() {
                let slot = Self::slot(multiplier, names[i]);
                if table.keys[slot] != 0 {
                    break;
                }
                table.keys[slot] = names[i];
                table.rules[slot] = rules[i];
                i += 1;
            }
            if i == names.len() {
                return table;
            }
        }
    }
}

/// See [`Rules`].
static RULES: Rules = Rules::build();

/// The rule for the scheme name `name` (any case).
///
/// The name is lower-cased on the stack, a plain word is looked up in [`OPAQUE_WORDS`] only,
/// and the registry is searched only for names with a digit, `+`, `-` or `.`.
pub(crate) fn scheme_rule(name: &[u8]) -> SchemeRule {
    let mut buf = [0u8; REGISTERED_MAX];
    let Some(lower) = buf.get_mut(..name.len()) else {
        return SchemeRule::NeedsSlashes;
    };
    for (l, b) in lower.iter_mut().zip(name) {
        *l = b.to_ascii_lowercase();
    }
    let lower = &*lower;
    if NEVER.iter().any(|name| name.as_bytes() == lower) {
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
#[inline]
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
#[inline]
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

    #[test]
    fn scheme_kinds_agree_with_the_character_classes() {
        for b in 0..=255u8 {
            let kind = SCHEME_KIND[usize::from(b)];
            assert_eq!(kind != 0, chars::is(b, SCHEME), "{b}");
            assert_eq!(kind & KIND_LETTER != 0, chars::is(b, ALPHA), "{b}");
            assert_eq!(kind & KIND_DOT != 0, b == b'.', "{b}");
        }
    }

    /// Every colon is found, at every distance from the start and from the end of the text.
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
    fn an_iso_2022_jp_escape_is_no_part_of_the_scheme() {
        let past = |text: &[u8], floor: usize| {
            let colon = memchr::memchr(b':', text).unwrap();
            let s = scheme_start(text, colon, floor).unwrap();
            String::from_utf8_lossy(&text[past_escape(text, s, colon, floor)..colon]).into_owned()
        };
        assert_eq!(past(b"\x1b$BF|K\\\x1b(Bhttps://x", 0), "https");
        assert_eq!(past(b"\x1b(Jftp://x", 0), "ftp");
        assert_eq!(past(b"\x1b(B7http://x", 0), "http");
        assert_eq!(past(b"\x1b(B7:x", 0), "B7");
        // Without the escape, or below the floor (where a stream may not hold its bytes), a
        // letter glued before `https` is text all the same (issue 36: `hdhttps://`).
        assert_eq!(past(b"(Bhttps://x", 0), "https");
        assert_eq!(past(b"\x1b(Chttps://x", 0), "https");
        assert_eq!(past(b"\x1b(Bhttps://x", 1), "https");
        assert_eq!(past(b"\x1b(B7:x", 0), "B7");
    }

    #[test]
    fn letters_glued_before_http_https_or_ftp_are_text() {
        let past = |text: &[u8]| {
            let colon = memchr::memchr(b':', text).unwrap();
            let s = scheme_start(text, colon, 0).unwrap();
            String::from_utf8_lossy(&text[past_escape(text, s, colon, 0)..colon]).into_owned()
        };
        for (text, scheme) in [
            ("hdhttps://x", "https"),
            ("nhttps://x", "https"),
            ("xHTTP://x", "HTTP"),
            ("seeftp://x", "ftp"),
            ("a long word before xhttp://x", "http"),
            // Registered names stay whole; so do runs with a digit, and the names themselves.
            ("shttp://x", "shttp"),
            ("sftp://x", "sftp"),
            ("tftp://x", "tftp"),
            ("x2http://x", "x2http"),
            ("http://x", "http"),
            ("https://x", "https"),
            ("ftp://x", "ftp"),
            ("mailto:x", "mailto"),
        ] {
            assert_eq!(past(text.as_bytes()), scheme, "{text}");
        }
    }

    /// What [`scheme_start`] says, read off the definition byte by byte.
    fn scheme_start_naive(text: &[u8], colon: usize, floor: usize) -> Option<usize> {
        if colon <= floor {
            return None;
        }
        let lo = colon.saturating_sub(SCHEME_MAX + 1).max(floor);
        let run = text[lo..colon].iter().rev().take_while(|&&b| chars::is(b, SCHEME)).count();
        if run == 0 || run > SCHEME_MAX {
            return None;
        }
        let start = (colon - run..colon).find(|&i| chars::is(text[i], ALPHA))?;
        Some(registered_after_dot(&text[start..colon]).map_or(start, |after| start + after))
    }

    #[test]
    fn scheme_start_agrees_with_the_definition_at_every_length_and_floor() {
        // Runs of many lengths (shorter and longer than eight bytes) of
        // letters, digits, `+-.`, bytes outside ASCII and ones that end a run, before a colon
        // at many distances from the start and from the floor. (Runs past the bound:
        // `scheme_look_back_is_bounded`.)
        let pieces: [&[u8]; 12] =
            [b"a", b"Z", b"7", b"+", b"-", b".", b" ", b"/", b"\xc3\xa9", b"@", b"http", b"x.http"];
        let mut state = 0x5eed_u64;
        for _ in 0..4000 {
            let mut text = Vec::new();
            let len = (state % 90) as usize;
            while text.len() < len {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                text.extend_from_slice(pieces[(state >> 33) as usize % pieces.len()]);
            }
            text.extend_from_slice(b"://x");
            let colon = text.len() - 4;
            for floor in [
                0,
                1,
                colon / 2,
                colon.saturating_sub(9),
                colon.saturating_sub(8),
                colon.saturating_sub(7),
                colon,
            ] {
                assert_eq!(
                    scheme_start(&text, colon, floor),
                    scheme_start_naive(&text, colon, floor),
                    "{:?} floor {floor}",
                    String::from_utf8_lossy(&text)
                );
            }
        }
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
            // The rule of every registered name, in any case, follows the list.
            let rule = match listed {
                Some(shape) => SchemeRule::Opaque(shape),
                None if s.name.bytes().all(|b| b.is_ascii_alphabetic()) => SchemeRule::NeedsSlashes,
                None => SchemeRule::Opaque(Shape::Any),
            };
            assert_eq!(scheme_rule(s.name.to_ascii_uppercase().as_bytes()), rule, "{}", s.name);
            assert_eq!(scheme_rule(s.name.as_bytes()), rule, "{}", s.name);
        }
        assert_eq!(scheme_rule(b"T10"), SchemeRule::NeedsSlashes);
        assert_eq!(scheme_rule(b"urls"), SchemeRule::NeedsSlashes);
    }

    /// The perfect hash table gives the rule the plain lookup gives, for every registered name,
    /// every opaque word, near misses, and random names, in any case and whatever follows.
    #[test]
    fn rule_table_agrees_with_the_lookup() {
        let mut names: Vec<String> = crate::schemes::all().iter().map(|s| s.name.to_owned()).collect();
        names.extend(OPAQUE_WORDS.iter().map(|(n, _)| n.to_string()));
        for n in [
            "url",
            "URL",
            "uRl",
            "urls",
            "ur",
            "http",
            "HTTPS",
            "T10",
            "h323x",
            "ed2",
            "z39.5",
            "a",
            "x-y",
            "abcdefgh",
            "abcdefghi",
        ] {
            names.push(n.to_owned());
        }
        let mut seed = 7u64;
        for _ in 0..20_000 {
            let len = 1 + (seed % 10) as usize;
            let name: String = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let set = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.";
                    let pick = if i == 0 { (seed >> 33) % 52 } else { (seed >> 33) % set.len() as u64 };
                    char::from(set[pick as usize])
                })
                .collect();
            names.push(name);
        }
        for name in &names {
            for variant in [name.clone(), name.to_ascii_uppercase()] {
                let want = scheme_rule(variant.as_bytes());
                for tail in ["://x.example/", ":", ":a"] {
                    let text = format!("{variant}{tail}");
                    assert_eq!(scheme_rule_at(text.as_bytes(), 0, variant.len()), want, "{text:?}");
                }
            }
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
    fn www_must_start_a_word() {
        assert!(www_starts_word(b"see www.x", 4, 0));
        assert!(www_starts_word(b"(www.x", 1, 0));
        assert!(!www_starts_word(b"user@www.x", 5, 0));
        assert!(!www_starts_word(b"//www.x", 2, 0));
        assert!(!www_starts_word(b"awww.x", 1, 0));
    }
}
