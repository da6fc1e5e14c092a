//! Helpers for the extraction tests: every input goes through the slice path and through
//! readers that split it in many ways, which must all agree; failures are rendered with the
//! matches marked `|...|` in the input so that they read at a glance.

#![allow(dead_code)] // each test binary uses its own subset

use std::io::{self, Read};
use std::path::{Path, PathBuf};

use urisift::{Event, ExtractorBuilder, Match};

/// A reader that hands out its input in chunks of the given sizes, in turn, and optionally
/// answers `Interrupted` before every `interrupt_every`-th chunk.
pub struct ChunkedReader<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    turn: usize,
    interrupt_every: usize,
    calls: usize,
}

impl<'a> ChunkedReader<'a> {
    pub fn new(data: &'a [u8], sizes: &[usize]) -> Self {
        ChunkedReader { data, sizes: sizes.to_vec(), turn: 0, interrupt_every: 0, calls: 0 }
    }

    pub fn interrupting(mut self, every: usize) -> Self {
        self.interrupt_every = every;
        self
    }
}

impl Read for ChunkedReader<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.calls += 1;
        if self.interrupt_every > 0 && self.calls % self.interrupt_every == 0 {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let size = self.sizes[self.turn % self.sizes.len()].max(1);
        self.turn += 1;
        let n = size.min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// The chunkings every case is run through: 1-byte, 2-byte and odd-sized reads, a mix, and
/// large reads.
pub const CHUNKINGS: &[&[usize]] = &[&[1], &[2], &[3], &[7], &[5, 1, 13, 2], &[64], &[4096]];

/// All events of `input` under `builder`, from the slice path.
pub fn slice_events(builder: &ExtractorBuilder, input: &[u8]) -> Vec<Event> {
    let mut it = builder.build().slice(input);
    std::iter::from_fn(|| it.next_event()).collect()
}

/// All events of `input` under `builder`, read through `reader`.
pub fn reader_events<R: Read>(builder: &ExtractorBuilder, reader: R) -> Vec<Event> {
    let mut it = builder.build().reader(reader);
    std::iter::from_fn(|| it.next_event()).map(|e| e.expect("an in-memory reader does not fail")).collect()
}

/// [`reader_events`] taken with [`urisift::Extractor::next_event_ref`], each lent event cloned.
pub fn lent_reader_events<R: Read>(builder: &ExtractorBuilder, reader: R) -> Vec<Event> {
    let mut it = builder.build().reader(reader);
    let mut events = Vec::new();
    while let Some(event) = it.next_event_ref() {
        events.push(event.expect("an in-memory reader does not fail").clone());
    }
    events
}

/// The matches of `input` under `builder`, after checking that every chunking (with and
/// without interruptions) gives exactly the events of the slice path.
pub fn matches_with(builder: &ExtractorBuilder, input: &[u8]) -> Vec<Match> {
    let from_slice = slice_events(builder, input);
    let mut it = builder.build().slice(input);
    let lent: Vec<Event> = std::iter::from_fn(|| it.next_event_ref().cloned()).collect();
    assert!(lent == from_slice, "lent events differ from given ones on a slice\ninput: {}", show(input));
    for sizes in CHUNKINGS {
        for interrupt_every in [0, 3] {
            let reader = ChunkedReader::new(input, sizes).interrupting(interrupt_every);
            let streamed = reader_events(builder, reader);
            let lent =
                lent_reader_events(builder, ChunkedReader::new(input, sizes).interrupting(interrupt_every));
            assert!(
                lent == streamed,
                "lent events differ from given ones (chunks {sizes:?})\ninput: {}",
                show(input)
            );
            assert!(
                streamed == from_slice,
                "stream (chunks {sizes:?}, interrupt every {interrupt_every}) differs from slice\n\
                 input: {}\nslice:  {}\nstream: {}",
                show(input),
                render(input, &only_matches(&from_slice)),
                render(input, &only_matches(&streamed)),
            );
        }
    }
    only_matches(&from_slice)
}

/// [`matches_with`] under the default options.
pub fn matches(input: &[u8]) -> Vec<Match> {
    matches_with(&ExtractorBuilder::new(), input)
}

pub fn only_matches(events: &[Event]) -> Vec<Match> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Match(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

/// The input, escaped for one line of a failure message.
pub fn show(input: &[u8]) -> String {
    String::from_utf8_lossy(input).escape_debug().to_string()
}

/// The input with each match's span marked `|...|` (and its outer span `«...»` when wider).
pub fn render(input: &[u8], matches: &[Match]) -> String {
    let mut marks: Vec<(u64, &str)> = Vec::new();
    for m in matches {
        if m.outer_span() != m.span() {
            marks.push((m.outer_span().start, "«"));
        }
        marks.push((m.span().start, "|"));
        marks.push((m.span().end, "|"));
        if m.outer_span() != m.span() {
            marks.push((m.outer_span().end, "»"));
        }
    }
    marks.sort_by_key(|&(at, _)| at);
    let mut out = String::new();
    let mut at = 0usize;
    for (pos, mark) in marks {
        let pos = (pos as usize).min(input.len());
        if pos >= at {
            out.push_str(&String::from_utf8_lossy(&input[at..pos]));
            at = pos;
        }
        out.push_str(mark);
    }
    out.push_str(&String::from_utf8_lossy(&input[at.min(input.len())..]));
    out.escape_debug().to_string()
}

/// Asserts that `input` yields exactly the URIs `expected`, in order.
#[track_caller]
pub fn assert_uris_with(builder: &ExtractorBuilder, input: &str, expected: &[&str]) -> Vec<Match> {
    let found = matches_with(builder, input.as_bytes());
    let uris: Vec<&str> = found.iter().map(Match::uri).collect();
    assert!(
        uris == expected,
        "\nexpected {expected:?}\n   found {uris:?}\n    in {}",
        render(input.as_bytes(), &found)
    );
    found
}

/// [`assert_uris_with`] under the default options.
#[track_caller]
pub fn assert_uris(input: &str, expected: &[&str]) -> Vec<Match> {
    assert_uris_with(&ExtractorBuilder::new(), input, expected)
}

/// The byte range of the `n`-th (0-based) occurrence of `needle` in `hay`, as `u64`s.
pub fn find_nth(hay: &str, needle: &str, n: usize) -> (u64, u64) {
    let start = hay.match_indices(needle).nth(n).unwrap_or_else(|| panic!("{needle:?} not in the text")).0;
    (start as u64, (start + needle.len()) as u64)
}

/// A URI's text with the brackets after its authority (`?ids[]=1`, `/users/{id}`) written as
/// `~`, which the extractor's IRI reading allows where RFC 3986 does not: the text
/// `Uri::parse_iri` must then accept for a match.
#[allow(dead_code)]
pub fn bracket_stand_in(uri: &str) -> String {
    // Only after `scheme://` and its authority: an opaque URI holds no brackets.
    let colon = uri.find(':').unwrap_or(uri.len());
    let authority = uri[colon..].starts_with("://").then_some(colon + 3);
    let path = authority.map_or(uri.len(), |a| uri[a..].find(['/', '?', '#']).map_or(uri.len(), |p| a + p));
    let (head, tail) = uri.split_at(path);
    format!("{head}{}", tail.replace(['[', ']', '{', '}'], "~"))
}

/// A `mailto` URI with a query, rewritten into RFC 6068's form: the query's empty fields
/// dropped, a field without `=` given one, and `/`, `?` and `=` inside a field's name or value
/// percent-encoded. RFC 6068 §2 (`Uri::parse`) accepts the result exactly when the extractor's
/// reading of a mailto as it is sent (the generic syntax with the same address rules; crate
/// docs, rule 15) accepts the original. `None` for any other URI.
#[allow(dead_code)]
pub fn mailto_in_rfc6068_form(uri: &str) -> Option<String> {
    if !uri.get(..7)?.eq_ignore_ascii_case("mailto:") {
        return None;
    }
    let (head, fragment) = uri.split_at(uri.find('#').unwrap_or(uri.len()));
    let (path, query) = head.split_once('?')?;
    let escape = |s: &str| s.replace('/', "%2F").replace('?', "%3F").replace('=', "%3D");
    let fields: Vec<String> = query
        .split('&')
        .filter(|field| !field.is_empty())
        .map(|field| {
            let (name, value) = field.split_once('=').unwrap_or((field, ""));
            format!("{}={}", escape(name), escape(value))
        })
        .collect();
    Some(if fields.is_empty() {
        format!("{path}{fragment}")
    } else {
        format!("{path}?{}{fragment}", fields.join("&"))
    })
}

/// The base64 of `bytes` (RFC 4648), in lines of 76 characters.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for k in 0..4 {
            out.push(if k <= chunk.len() {
                ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char
            } else {
                '='
            });
        }
    }
    let lines: Vec<String> =
        out.as_bytes().chunks(76).map(|l| String::from_utf8_lossy(l).into_owned()).collect();
    lines.join("\n")
}

/// A seeded generator (xorshift64) of cut points and chunk sizes, so that a failure replays
/// exactly.
pub struct Xorshift(pub u64);

impl Xorshift {
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Every file below `dir`, in path order; none when `dir` is missing (a packaged crate holds
/// no corpus but `corpus/sample.txt`).
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    if dir.is_dir() {
        walk(dir, &mut out);
    }
    out.sort();
    out
}

/// The first event where two lists differ, for a failure that reads at a glance.
pub fn first_difference(a: &[Event], b: &[Event]) -> String {
    let i = a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    format!("{} vs {} events; first difference at #{i}: {:?} vs {:?}", a.len(), b.len(), a.get(i), b.get(i))
}

/// The events of `input` under `finder`, over the slice.
pub fn finder_events(finder: &urisift::UriFinder, input: &[u8]) -> Vec<Event> {
    let mut it = finder.slice(input);
    std::iter::from_fn(|| it.next_event()).collect()
}

/// The bounds of the partition of `0..len` at `cuts` (those inside it), in order: the ranges
/// are its neighbouring pairs, empty ones included where cuts repeat.
pub fn partition(len: usize, cuts: &[usize]) -> Vec<usize> {
    let mut bounds = vec![0];
    bounds.extend(cuts.iter().copied().filter(|&c| c < len));
    bounds.push(len);
    bounds.sort_unstable();
    bounds
}

/// A fresh directory for one test, named after it and the process, removed when dropped (a
/// failing test leaves nothing behind either).
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(test: &str) -> Self {
        let path = std::env::temp_dir().join(format!("urisift-test-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    /// Writes `content` to `relative` (its directories created), and returns its path.
    pub fn file(&self, relative: &str, content: &[u8]) -> PathBuf {
        let path = self.0.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, content).unwrap();
        path
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    pub fn arg(&self, relative: &str) -> String {
        self.0.join(relative).to_str().unwrap().to_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
