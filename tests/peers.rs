//! Peer conformance: the test fixtures of two other URL extractors, linkify-it and
//! twitter-text, run through [`urisift::extract_slice`] with the default options, against a
//! checked-in list of the cases where we differ today and why.
//!
//! The fixtures are copied verbatim into `tests/data/peers/` (provenance and licences in its
//! `SOURCES.md`). Each is read the way its own project's harness reads it:
//!
//! - `linkify-it-links.txt`: a line starting with `%` is a comment (read as blank). Each
//!   non-blank line is an input; when the line after it is non-blank too, that line is the
//!   link expected in it, else the input itself is. Text after ` % ` on an input line is part
//!   of the input, as there. linkify-it's harness checks only the first link found; here the
//!   whole list must be exactly that one link.
//! - `linkify-it-not_links.txt`: each non-blank, non-comment line is an input holding no link.
//! - `twitter-text-conformance-extract.yml`: the sections that extract URLs (`urls`,
//!   `urls_with_indices`, `urls_with_directional_markers`, `tco_urls_with_params`); each case's
//!   `text` is the input and `expected` the URLs in order. The `indices` of the `_with_indices`
//!   sections are not compared (they are UTF-16 offsets; the URL list in order fixes them).
//!
//! A case is *exact* when the URIs we extract ([`urisift::Match::uri`]), in order, equal the
//! expected list. A case is named by its fixture and the 1-based line of its input (the `text:`
//! line in the YAML file), e.g. `linkify-it:links:123`.
//!
//! `tests/data/peers/divergences.txt` lists every case that is not exact today, one per line:
//! `KEY | CATEGORY | reason`, where the category is one of [`CATEGORIES`] (`other` takes any
//! reason). The test fails when a case diverges that is not on the list, when a listed case no
//! longer diverges (take it off the list), and when the list names a case that does not exist.
//! It prints the exact-case counts per fixture set and the divergences per category; see them
//! with `cargo test --test peers -- --nocapture`.
//!
//! Abbreviated `www.` URLs stay off, as in `extract_slice`: the figures are those a user of the
//! default extractor sees, and a `www.` case is a `no-scheme` divergence like any bare domain.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// The divergence categories, each a policy of ours or a known gap, with what it means.
const CATEGORIES: &[(&str, &str)] = &[
    ("no-scheme", "a domain, IP address, www. name or //host without a scheme is not a URI (rules 9, 11)"),
    ("email", "an e-mail address without mailto: is not a URI (rule 9)"),
    ("unicode", "where an IRI ends in Unicode text (issue 18 items 1, 3, 4): we take what RFC 3987 allows"),
    (
        "host-rule",
        "the extractor's host rule (issue 18 item 5) and the peer's DNS label rules differ (`_`, numeric top labels, label length, symbols)",
    ),
    ("tld-list", "the host is a valid reg-name; the peer wants a top-level domain from its list"),
    ("brackets", "balanced [] or {} after the host stay, unbalanced ones end the URI (issue 18 item 7)"),
    ("excluded-char", "another character RFC 3986 excludes (\" |) ends the URI (rule 2)"),
    ("trailing", "where trailing punctuation is trimmed (rule 3)"),
    ("scheme-rule", "any scheme name before :// starts a URI (rule 1); the peer knows only its own schemes"),
    ("hashtag", "# @ $ before a URL make tweet syntax to the peer; we see the URI after them"),
    ("site-rule", "the peer's rule for one site (t.co slugs); we know no site"),
    ("other", "anything else: the reason says what"),
];

/// One fixture case.
#[derive(Debug)]
struct Case {
    /// `fixture:part:line`, the line being that of the input (1-based).
    key: String,
    /// The fixture set it belongs to, for the summary.
    set: &'static str,
    input: String,
    expected: Vec<String>,
}

/// One line of the divergence list.
#[derive(Debug)]
struct Divergence {
    line: usize,
    category: String,
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/peers")
}

fn read(name: &str) -> String {
    let path = data_dir().join(name);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

// ---------------------------------------------------------------------------------------------
// linkify-it
// ---------------------------------------------------------------------------------------------

const LINKIFY: &str = "linkify-it";

/// The lines of a linkify-it fixture, comments (`%` at the start) read as blank lines.
fn linkify_lines(text: &str) -> Vec<&str> {
    text.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .map(|l| if l.starts_with('%') { "" } else { l })
        .collect()
}

/// `links.txt`: an input, then either the expected link on the next line or a blank line
/// (the input is then the link itself).
fn linkify_links(text: &str) -> Vec<Case> {
    let lines = linkify_lines(text);
    let mut cases = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.trim().is_empty() {
            i += 1;
            continue;
        }
        let next = lines.get(i + 1).copied().unwrap_or("");
        let expected = if next.trim().is_empty() { line } else { next };
        cases.push(Case {
            key: format!("{LINKIFY}:links:{}", i + 1),
            set: LINKIFY,
            input: line.to_owned(),
            expected: vec![expected.to_owned()],
        });
        i += if next.trim().is_empty() { 1 } else { 2 };
    }
    cases
}

/// `not_links.txt`: every non-blank line is an input without a link.
fn linkify_not_links(text: &str) -> Vec<Case> {
    let lines = linkify_lines(text);
    let inputs = lines.iter().enumerate().filter(|(_, l)| !l.trim().is_empty());
    inputs
        .map(|(i, l)| Case {
            key: format!("{LINKIFY}:not_links:{}", i + 1),
            set: LINKIFY,
            input: (*l).to_owned(),
            expected: Vec::new(),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// twitter-text
// ---------------------------------------------------------------------------------------------

const TWITTER: &str = "twitter-text";

/// The sections of `extract.yml` that extract URLs; the others (mentions, hashtags, cashtags,
/// replies) are about things that are not URIs.
const TWITTER_SECTIONS: &[&str] =
    &["urls", "urls_with_indices", "urls_with_directional_markers", "tco_urls_with_params"];

/// Reads a YAML double-quoted scalar at the start of `s`: the string and the rest after the
/// closing quote. Only the escapes the fixture uses are accepted; anything else is an error, so
/// that no case is read wrongly without notice.
fn yaml_quoted(s: &str) -> Result<(String, &str), String> {
    let mut chars = s.strip_prefix('"').ok_or("a double-quoted string expected")?.char_indices();
    let mut out = String::new();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Ok((out, &s[i + 2..])),
            '\\' => {
                let hex = |n: usize, chars: &mut std::str::CharIndices| -> Result<char, String> {
                    let digits: String = chars.by_ref().take(n).map(|(_, c)| c).collect();
                    let code =
                        u32::from_str_radix(&digits, 16).map_err(|_| format!("bad escape {digits:?}"))?;
                    char::from_u32(code).ok_or(format!("bad code point {code:#x}"))
                };
                match chars.next().map(|(_, c)| c) {
                    Some('"') => out.push('"'),
                    Some('\\') => out.push('\\'),
                    Some('/') => out.push('/'),
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some('x') => out.push(hex(2, &mut chars)?),
                    Some('u') => out.push(hex(4, &mut chars)?),
                    Some('U') => out.push(hex(8, &mut chars)?),
                    other => return Err(format!("unsupported escape \\{other:?}")),
                }
            }
            c => out.push(c),
        }
    }
    Err("unterminated string".into())
}

/// Reads a YAML flow sequence of double-quoted strings: `["a", "b"]` or `[]`.
fn yaml_string_list(s: &str) -> Result<Vec<String>, String> {
    let mut rest = s.strip_prefix('[').ok_or("[ expected")?.trim_start();
    let mut out = Vec::new();
    if let Some(after) = rest.strip_prefix(']') {
        return if after.trim().is_empty() { Ok(out) } else { Err("text after ]".into()) };
    }
    loop {
        let (item, after) = yaml_quoted(rest)?;
        out.push(item);
        let after = after.trim_start();
        if let Some(after) = after.strip_prefix(',') {
            rest = after.trim_start();
        } else if let Some(after) = after.strip_prefix(']') {
            return if after.trim().is_empty() { Ok(out) } else { Err("text after ]".into()) };
        } else {
            return Err(", or ] expected".into());
        }
    }
}

/// The URL cases of `extract.yml`. The file's layout is fixed (two-space sections, cases as
/// `- description:` / `text:` / `expected:` at fixed indents); inside a URL section a line of
/// any other shape is an error rather than skipped.
fn twitter_urls(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    let mut section: Option<&str> = None;
    let mut pending: Option<(usize, String)> = None; // the `text:` of the case being read
    let mut block = false; // whether the last case's `expected:` is a block list of `- url:`
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let fail = |e: String| -> ! { panic!("twitter-text-conformance-extract.yml:{n}: {e}: {line:?}") };
        if let Some(name) = line.strip_prefix("  ").and_then(|l| l.strip_suffix(':')) {
            if !name.starts_with(' ') {
                section = TWITTER_SECTIONS.iter().copied().find(|s| *s == name);
                continue;
            }
        }
        let Some(section) = section else { continue };
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with("- description: ") {
            continue;
        }
        if let Some(rest) = line.strip_prefix("      text: ") {
            let (input, after) = yaml_quoted(rest).unwrap_or_else(|e| fail(e));
            if !after.trim().is_empty() || pending.is_some() {
                fail("a single text per case expected".into());
            }
            pending = Some((n, input));
            block = false;
        } else if let Some(rest) = line.strip_prefix("      expected:") {
            let (text_line, input) = pending.take().unwrap_or_else(|| fail("expected: before text:".into()));
            block = rest.trim().is_empty();
            let expected =
                if block { Vec::new() } else { yaml_string_list(rest.trim()).unwrap_or_else(|e| fail(e)) };
            cases.push(Case {
                key: format!("{TWITTER}:{section}:{text_line}"),
                set: TWITTER,
                input,
                expected,
            });
        } else if let Some(rest) = line.strip_prefix("        - url: ") {
            let (url, _) = yaml_quoted(rest).unwrap_or_else(|e| fail(e));
            match cases.last_mut() {
                Some(case) if block => case.expected.push(url),
                _ => fail("- url: outside a block list".into()),
            }
        } else if block && line.starts_with("          indices: [") {
            // UTF-16 offsets of the URL just read; see the module docs.
        } else {
            fail("unexpected line in a URL section".into());
        }
    }
    assert!(pending.is_none(), "twitter-text-conformance-extract.yml: a text: without expected: at the end");
    cases
}

// ---------------------------------------------------------------------------------------------
// The divergence list
// ---------------------------------------------------------------------------------------------

/// Reads `divergences.txt`: `KEY | CATEGORY | reason` per line; blank lines and `#` comments
/// are skipped. A malformed line, an unknown category, an empty reason or a repeated key is an
/// error.
fn divergences(text: &str) -> Result<BTreeMap<String, Divergence>, String> {
    let mut out = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.splitn(3, '|').map(str::trim).collect();
        let [key, category, reason] = fields[..] else {
            return Err(format!("divergences.txt:{line_no}: `KEY | CATEGORY | reason` expected"));
        };
        if !CATEGORIES.iter().any(|(c, _)| *c == category) {
            return Err(format!("divergences.txt:{line_no}: unknown category {category:?}"));
        }
        if reason.is_empty() {
            return Err(format!("divergences.txt:{line_no}: a reason is required"));
        }
        let entry = Divergence { line: line_no, category: category.to_owned() };
        if out.insert(key.to_owned(), entry).is_some() {
            return Err(format!("divergences.txt:{line_no}: {key} is listed twice"));
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------

fn all_cases() -> Vec<Case> {
    let mut cases = linkify_links(&read("linkify-it-links.txt"));
    cases.extend(linkify_not_links(&read("linkify-it-not_links.txt")));
    cases.extend(twitter_urls(&read("twitter-text-conformance-extract.yml")));
    cases
}

fn extract(input: &str) -> Vec<String> {
    urisift::extract_slice(input.as_bytes()).map(|m| m.uri().to_owned()).collect()
}

#[test]
fn fixtures_are_read_as_their_harnesses_read_them() {
    let cases = all_cases();
    let count = |prefix: &str| cases.iter().filter(|c| c.key.starts_with(prefix)).count();
    // The counts of the files as checked in, counted when they were added with PyYAML and with
    // a separate reading of linkify-it's harness, which also gave the same inputs and
    // expectations case by case.
    assert_eq!(count("linkify-it:links:"), 117);
    assert_eq!(count("linkify-it:not_links:"), 38);
    assert_eq!(count("twitter-text:urls:"), 91);
    assert_eq!(count("twitter-text:urls_with_indices:"), 10);
    assert_eq!(count("twitter-text:urls_with_directional_markers:"), 2);
    assert_eq!(count("twitter-text:tco_urls_with_params:"), 5);
    let by_key: BTreeMap<&str, &Case> = cases.iter().map(|c| (c.key.as_str(), c)).collect();
    assert_eq!(by_key.len(), cases.len(), "case keys are unique");

    // An input with its expected link on the next line, one without, and a `%` in the input.
    let with_next = by_key["linkify-it:links:4"];
    assert_eq!(
        (with_next.input.as_str(), &with_next.expected[..]),
        ("My http://example.com site", &["http://example.com".to_owned()][..])
    );
    let alone = by_key["linkify-it:links:10"];
    assert_eq!(
        (alone.input.as_str(), &alone.expected[..]),
        ("http://example.com/foo_bar/", std::slice::from_ref(&alone.input))
    );
    assert_eq!(
        by_key["linkify-it:links:37"].input,
        "http://example.invalid % don't restrict root domain when schema exists"
    );
    assert_eq!(by_key["linkify-it:not_links:12"].input, "localhost           % only with protocol allowed");
    // YAML escapes, and the block list of a `_with_indices` case.
    let newline =
        cases.iter().find(|c| c.input.starts_with("http://twitter.com\nhttp://example.com\n")).unwrap();
    assert_eq!(newline.expected.len(), 6);
    let rtl =
        cases.iter().find(|c| c.key.starts_with("twitter-text:urls_with_directional_markers:")).unwrap();
    assert!(rtl.input.starts_with("\u{2066}\u{202A}test abcdef.com"));
    assert_eq!(rtl.expected, ["abcdef.com", "http://twitter.com/"]);
}

#[test]
fn peer_fixtures_match_except_listed_divergences() {
    let cases = all_cases();
    let listed = divergences(&read("divergences.txt")).unwrap_or_else(|e| panic!("{e}"));
    let keys: BTreeSet<&str> = cases.iter().map(|c| c.key.as_str()).collect();

    let mut problems = String::new();
    for (key, d) in &listed {
        if !keys.contains(key.as_str()) {
            writeln!(problems, "divergences.txt:{}: {key} names no case in the fixtures", d.line).unwrap();
        }
    }

    // fixture set, and `fixture:part` → (exact, total); category → listed divergences.
    let mut sets: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut parts: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut categories: BTreeMap<&str, usize> = BTreeMap::new();
    for case in &cases {
        let found = extract(&case.input);
        let exact = found == case.expected;
        let part = case.key.rsplit_once(':').map_or("", |(part, _)| part);
        for tally in [sets.entry(case.set).or_default(), parts.entry(part).or_default()] {
            tally.0 += usize::from(exact);
            tally.1 += 1;
        }
        match (exact, listed.get(&case.key)) {
            (true, None) => {}
            (true, Some(d)) => {
                writeln!(
                    problems,
                    "{}: now exact (found {found:?}): remove it from divergences.txt (line {})",
                    case.key, d.line
                )
                .unwrap();
            }
            (false, Some(d)) => *categories.entry(&d.category).or_default() += 1,
            (false, None) => writeln!(
                problems,
                "{}: diverges and is not in divergences.txt\n    input:    {:?}\n    expected: {:?}\n    found:    {found:?}\n    list it as: {} | CATEGORY | reason",
                case.key, case.input, case.expected, case.key
            )
            .unwrap(),
        }
    }

    println!("peer fixtures, cases whose URIs are exactly the expected ones:");
    for (set, (exact, total)) in &sets {
        println!("  {set:<12} {exact:>4} / {total:<4} ({:.1}%)", 100.0 * *exact as f64 / *total as f64);
        for (part, (exact, total)) in parts.iter().filter(|(p, _)| p.starts_with(set)) {
            println!("    {part:<44} {exact:>4} / {total}");
        }
    }
    println!("listed divergences by category:");
    for (category, meaning) in CATEGORIES {
        println!("  {category:<13} {:>4}  {meaning}", categories.get(category).copied().unwrap_or(0));
    }
    assert!(problems.is_empty(), "peer fixtures:\n{problems}");
}

#[test]
fn divergence_list_rejects_malformed_lines() {
    assert!(divergences("linkify-it:links:4 | no-scheme | a reason\n# comment\n\n").is_ok());
    assert!(divergences("linkify-it:links:4 | no-such-category | a reason").is_err());
    assert!(divergences("linkify-it:links:4 | no-scheme |").is_err());
    assert!(divergences("linkify-it:links:4 | no-scheme").is_err());
    assert!(divergences("a | other | x\na | other | y").is_err());
}
