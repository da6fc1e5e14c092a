//! Differential test against the `iri-string` crate (strict RFC 3986 `URI-reference`) on
//! generated inputs: validity under [`Grammar::Rfc3986`] and, for the valid ones, every
//! component (scheme, authority, userinfo, host, port, path, query, fragment) must agree.
//!
//! The inputs are built by a small deterministic generator from URI-ish pieces and hostile
//! bytes, so that most land near the edges of the grammar: IP literals with one group too
//! many, escapes cut short, a `[` in a path, a `:` in a first segment, and so on. Schemes are
//! drawn from names no scheme-specific rule applies to; an input whose scheme is some other
//! valid name is left out, since such rules may reject it on top of the generic syntax.
//!
//! No input had to be left out for a deviation of `iri-string` from RFC 3986: on everything
//! generated here, the two agree.
//!
//! The same inputs with characters outside ASCII put in (the bounds of RFC 3987's `ucschar`
//! and `iprivate`, and characters that are neither) compare [`Uri::parse_iri`] with
//! `iri-string`'s `IriReferenceStr`, and check that each valid IRI maps to a valid URI.

use iri_string::types::{IriReferenceStr, UriReferenceStr};
use urisift::uri::{Grammar, Uri};

/// A xorshift64* generator: deterministic, so a failure reproduces from its case number.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.below(from.len())]
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// Scheme names that no scheme-specific rule is about.
const SCHEMES: &[&str] = &["x", "foo+bar", "a.b-c", "X", "z9", "x-y", "q.", "1x", "+x", "", "x_y"];

const USERINFO: &[&str] = &["u", "user:pw", "", ":", "a%40b", "u;=", "!$&'()*+,", "%zz", "u@v", "[u]"];

const HOSTS: &[&str] = &[
    "h",
    "example.com",
    "",
    "1.2.3.4",
    "256.1.1.1",
    "1.2.3",
    "01.2.3.4",
    "0.0.0.0",
    "255.255.255.255",
    "a_b",
    "-x-",
    "h%41",
    "h%4",
    "h~!$",
    "[::1]",
    "[::]",
    "[1:2:3:4:5:6:7:8]",
    "[1:2:3:4:5:6:7:8:9]",
    "[1:2:3:4:5:6:7]",
    "[::ffff:1.2.3.4]",
    "[::ffff:1.2.3.256]",
    "[1::2::3]",
    "[fe80::1%25eth0]",
    "[v1.x]",
    "[V7.a:b]",
    "[v.x]",
    "[v1.]",
    "[vg.x]",
    "[12345::]",
    "[:1::]",
    "[1:::2]",
    "[::1",
    "::1]",
    "[::1:2:3:4:5:6:7:8]",
    "[1:2:3:4::5:6:7:8]",
    "[1:2:3:4:5:6:7::8]",
    "[1:2:3:4:5:6::1.2.3.4]",
    "[]",
    "[1:2:3:4:5:6:1.2.3.4]",
    "[1:2:3:4:5:6:7:1.2.3.4]",
    "[::1.2.3]",
    "[1.2.3.4]",
    "[::a.b.c.d]",
];

const PORTS: &[&str] = &["80", "", "0", "65536", "8a", ":", "%38", "1:2"];

/// Pieces of paths, queries and fragments, with the characters that matter most.
const PIECES: &[&str] = &[
    "a", "b", "/", "/", "//", ".", "..", ";", "=", "~", "%41", "%7e", ":", "@", "?", "!", "$", "&", "'", "(",
    ")", "*", "+", ",", "-", "_", "x:", "1",
];

/// Pieces that break most references they land in.
const BAD_PIECES: &[&str] = &["%", "%4", "%g1", "#", "[", "]", "[::1]"];

/// Bytes that no URI may hold, and a few non-ASCII characters.
const HOSTILE: &[&str] = &[
    " ", "<", ">", "\"", "{", "}", "|", "\\", "^", "`", "\t", "\n", "\r", "\u{0}", "\u{7f}", "é", "\u{2603}",
];

/// Up to `max - 1` pieces, now and then a bad one.
fn pieces(rng: &mut Rng, s: &mut String, max: usize) {
    for _ in 0..rng.below(max) {
        s.push_str(if rng.chance(8) { rng.pick(BAD_PIECES) } else { rng.pick(PIECES) });
    }
}

/// The characters of a soup: every delimiter, hex digits, and a few others.
const SOUP: &[u8] = b"x:/?#[]@%0123456789abcdefABCDEFv.:-_~!$&'()*+,;= <^";

fn generate(rng: &mut Rng) -> String {
    let mut s = String::new();
    if rng.chance(15) {
        // A soup of characters, to reach what the pieces do not.
        for _ in 0..1 + rng.below(16) {
            s.push(char::from(SOUP[rng.below(SOUP.len())]));
        }
        return s;
    }
    if rng.chance(70) {
        s.push_str(rng.pick(SCHEMES));
        s.push(':');
    }
    if rng.chance(60) {
        s.push_str("//");
        if rng.chance(30) {
            s.push_str(rng.pick(USERINFO));
            s.push('@');
        }
        s.push_str(rng.pick(HOSTS));
        if rng.chance(30) {
            s.push(':');
            s.push_str(rng.pick(PORTS));
        }
    }
    pieces(rng, &mut s, 6);
    if rng.chance(25) {
        s.push('?');
        pieces(rng, &mut s, 4);
    }
    if rng.chance(20) {
        s.push('#');
        pieces(rng, &mut s, 4);
    }
    if rng.chance(10) {
        let at = rng.below(s.len() + 1);
        if s.is_char_boundary(at) {
            s.insert_str(at, rng.pick(HOSTILE));
        }
    }
    s
}

/// Whether a scheme-specific rule could apply: the Appendix B scheme is a valid scheme name
/// other than ours.
fn foreign_scheme(s: &str) -> bool {
    let Some(end) = s.find([':', '/', '?', '#']) else { return false };
    let name = &s[..end];
    let valid = s[end..].starts_with(':')
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
    valid && !SCHEMES.contains(&name)
}

type Parts<'a> = [Option<&'a str>; 8];

fn ours(s: &str) -> Option<Parts<'_>> {
    let u = Uri::parse_with(s, Grammar::Rfc3986).ok()?;
    Some([
        u.scheme(),
        u.authority(),
        u.userinfo(),
        u.host(),
        u.port(),
        Some(u.path()),
        u.query(),
        u.fragment(),
    ])
}

fn theirs(s: &str) -> Option<Parts<'_>> {
    let u = UriReferenceStr::new(s).ok()?;
    let a = u.authority_components();
    Some([
        u.scheme_str(),
        u.authority_str(),
        a.as_ref().and_then(|a| a.userinfo()),
        a.as_ref().map(|a| a.host()),
        a.as_ref().and_then(|a| a.port()),
        Some(u.path_str()),
        u.query_str(),
        u.fragment_str(),
    ])
}

#[test]
fn rfc3986_agrees_with_iri_string_on_generated_references() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut compared, mut valid) = (0, 0);
    let mut disagreements = Vec::new();
    for case in 0..60_000 {
        let s = generate(&mut rng);
        if foreign_scheme(&s) {
            continue;
        }
        compared += 1;
        let (a, b) = (ours(&s), theirs(&s));
        valid += usize::from(a.is_some());
        if a != b {
            disagreements.push(format!("case {case}: {s:?}\n  urisift:    {a:?}\n  iri-string: {b:?}"));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreements, the first ones:\n{}",
        disagreements.len(),
        disagreements[..disagreements.len().min(20)].join("\n")
    );
    // The generator reaches both sides of the grammar.
    assert!(compared > 50_000, "{compared}");
    assert!(valid > compared / 5 && valid < compared * 4 / 5, "{valid} of {compared} valid");
}

#[test]
fn every_piece_alone_and_in_pairs() {
    // Exhaustive over short combinations, where the generator's chances would be thin.
    let mut all: Vec<&str> = Vec::new();
    for list in [SCHEMES, USERINFO, HOSTS, PORTS, PIECES, BAD_PIECES, HOSTILE] {
        all.extend_from_slice(list);
    }
    all.extend(["//", "x://", "//[", "]:"]);
    let mut disagreements = Vec::new();
    for a in &all {
        for b in &all {
            let s = format!("{a}{b}");
            if foreign_scheme(&s) {
                continue;
            }
            if ours(&s) != theirs(&s) {
                disagreements.push(format!(
                    "{s:?}\n  urisift:    {:?}\n  iri-string: {:?}",
                    ours(&s),
                    theirs(&s)
                ));
            }
        }
    }
    assert!(disagreements.is_empty(), "{} disagreements:\n{}", disagreements.len(), disagreements.join("\n"));
}

// ------------------------------------------------------------------------------------------------
// IRIs (RFC 3987): `Uri::parse_iri` against `iri-string`'s `IriReferenceStr`
// ------------------------------------------------------------------------------------------------

/// Characters outside ASCII at the edges of RFC 3987 §2.2's classes: `ucschar` (and its range
/// ends), `iprivate`, and characters that are neither.
const NON_ASCII: &[&str] = &[
    "é",
    "ü",
    "例",
    "\u{a0}",
    "\u{d7ff}",
    "\u{f900}",
    "\u{fdcf}",
    "\u{fdd0}",
    "\u{fdf0}",
    "\u{ffef}",
    "\u{fff0}",
    "\u{fffd}",
    "\u{10300}",
    "\u{1fffd}",
    "\u{1fffe}",
    "\u{e0001}",
    "\u{e1000}",
    "\u{efffd}",
    "\u{e000}",
    "\u{f8ff}",
    "\u{f0000}",
    "\u{10fffd}",
    "\u{10ffff}",
    "\u{85}",
    "\u{9f}",
    "\u{301}",
    "\u{200f}",
];

/// A generated reference with characters outside ASCII put in at random places: in the
/// scheme, the host, an IP literal, the port, the path, the query or the fragment.
fn generate_iri(rng: &mut Rng) -> String {
    let mut s = generate(rng);
    for _ in 0..1 + rng.below(2) {
        let at = rng.below(s.len() + 1);
        // Mostly a common letter, so that many references stay valid.
        let c = if rng.chance(60) { rng.pick(&NON_ASCII[..3]) } else { rng.pick(NON_ASCII) };
        if s.is_char_boundary(at) {
            s.insert_str(at, c);
        }
    }
    s
}

fn ours_iri(s: &str) -> Option<Parts<'_>> {
    let u = Uri::parse_iri(s).ok()?;
    Some([
        u.scheme(),
        u.authority(),
        u.userinfo(),
        u.host(),
        u.port(),
        Some(u.path()),
        u.query(),
        u.fragment(),
    ])
}

fn theirs_iri(s: &str) -> Option<Parts<'_>> {
    let u = IriReferenceStr::new(s).ok()?;
    let a = u.authority_components();
    Some([
        u.scheme_str(),
        u.authority_str(),
        a.as_ref().and_then(|a| a.userinfo()),
        a.as_ref().map(|a| a.host()),
        a.as_ref().and_then(|a| a.port()),
        Some(u.path_str()),
        u.query().map(|q| q.as_str()),
        u.fragment().map(|f| f.as_str()),
    ])
}

#[test]
fn rfc3987_agrees_with_iri_string_on_generated_references() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut compared, mut valid, mut non_ascii_valid) = (0, 0, 0);
    let mut disagreements = Vec::new();
    for case in 0..60_000 {
        let s = generate_iri(&mut rng);
        if foreign_scheme(&s) {
            continue;
        }
        compared += 1;
        let (a, b) = (ours_iri(&s), theirs_iri(&s));
        valid += usize::from(a.is_some());
        non_ascii_valid += usize::from(a.is_some() && !s.is_ascii());
        if a != b {
            disagreements.push(format!("case {case}: {s:?}\n  urisift:    {a:?}\n  iri-string: {b:?}"));
        }
        // Every valid IRI maps to a valid URI, and the mapping is the identity on URIs.
        if a.is_some() {
            let mapped = urisift::uri::iri_to_uri(&s);
            assert!(Uri::parse(&mapped).is_ok(), "{s:?} maps to {mapped:?}, no URI");
            if s.is_ascii() {
                assert_eq!(mapped, s);
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreements, the first ones:\n{}",
        disagreements.len(),
        disagreements[..disagreements.len().min(20)].join("\n")
    );
    assert!(compared > 50_000, "{compared}");
    assert!(valid > compared / 10 && valid < compared * 4 / 5, "{valid} of {compared} valid");
    assert!(non_ascii_valid > compared / 10, "{non_ascii_valid} of {compared} valid with non-ASCII");
}

#[test]
fn rfc3987_every_non_ascii_character_in_every_component() {
    // Each character of NON_ASCII in each place of a reference, against iri-string.
    let places = [
        "{}x:/p",
        "x{}:/p",
        "x://{}/",
        "x://u{}@h/",
        "x://h:8{}/",
        "x://[::1{}]/",
        "x://[v1.a{}]/",
        "x:/{}",
        "{}",
        "{}:x",
        "x:?{}",
        "x:?q#{}",
        "x:#{}",
        "//{}",
        "?{}",
    ];
    let mut disagreements = Vec::new();
    for c in NON_ASCII {
        for place in places {
            let s = place.replace("{}", c);
            if ours_iri(&s) != theirs_iri(&s) {
                disagreements.push(format!(
                    "{s:?}\n  urisift:    {:?}\n  iri-string: {:?}",
                    ours_iri(&s),
                    theirs_iri(&s)
                ));
            }
        }
    }
    assert!(disagreements.is_empty(), "{} disagreements:\n{}", disagreements.len(), disagreements.join("\n"));
}
