//! Golden extraction tests: realistic texts and the URIs a careful human reader sees in them.
//!
//! The expectations were written by hand from the recognition rules of the extractor's issue
//! (RFC 2396 Appendix E, the RFC 1738 appendix "Recommendations for URLs in Context", and the
//! rules for mail and news readers where the specifications are silent), not recorded from a
//! run of the extractor. Many inputs are verbatim excerpts of the texts in `corpus/`.
//!
//! Every case is run through [`urisift::extract_slice`] and through [`urisift::extract`] over
//! readers that deliver 1, 2 and 7 bytes per read; the streamed matches must equal the slice
//! matches. Every span must be in bounds, in order and non-overlapping, lie inside its outer
//! span, and hold the URI's characters once white space is skipped (a span covers the URI text,
//! not its wrapper). All failing cases are reported together at the end, each with its input
//! marked up (`|` around the expected and the found URIs) and the diff of the URI lists,
//! followed by precision, recall, F1 and the share of cases that came out exactly right. A panic
//! in the extractor is reported as a failure of its case. Run it with
//! `cargo test --test golden -- --include-ignored --nocapture` to see the scores when it passes.
//!
//! # Case files
//!
//! `tests/data/extract/*.txt`, one theme per file. A file is a sequence of cases:
//!
//! ```text
//! # A comment: lines starting with `#` before the first case or in an expect block.
//! === the case's name (unique across all files)
//! The input text, exact bytes, as many lines as needed. The input ends with
//! the newline just before the `--- expect` line.
//! --- expect
//! http://first.example/uri
//! http://www.dcc-servers.net/dcc/ | http://www.dccservers.net/dcc/
//! ```
//!
//! - The expect block holds one expected match per line, in order of appearance. A match with
//!   two readings (a line break right after a hyphen; RFC 2396 Appendix E) is written as both
//!   readings on one line separated by ` | `, the hyphen kept first, then dropped; this is
//!   compared with `Match::readings()`. An empty expect block means the text holds no URI.
//!   Blank lines and `#` lines in an expect block are ignored (a URI never starts with `#`).
//! - `--- input-escaped`, as the first line after the `===` line, makes the input escaped:
//!   `\xNN` (two hex digits) is that byte, `\r` CR, `\n` LF, `\t` TAB, `\f` form feed, `\0` NUL,
//!   `\\` a backslash, and a backslash at the very end of a line removes that line's newline
//!   (so `abc\` as the last input line gives an input that ends in `abc`, with no newline).
//!   Any other backslash sequence is an error. Literal newlines in the file stay newlines.
//!   Use it for CR, NUL, form feeds, Latin-1 or invalid UTF-8, for an input that must not end
//!   with a newline, and for an input line that would otherwise read as `=== ` or `--- expect`.
//! - A raw input always ends with a newline, and is taken byte for byte (the files are stored
//!   with `-text` in `.gitattributes`, so git never rewrites their line ends).
//! - A `--- expect refanged` line after the expect block starts a second block: the matches
//!   with defanged indicators refanged ([`urisift::ExtractorBuilder::refang`], rule 13 of the
//!   crate docs). The case is run both ways, and a refanged match's span must hold the text
//!   that its marks, read as what they stand for, make the URI (`hxxps[://]a[.]example`).
//! - Cases in `debatable.txt` are ones where a careful reader could go either way; each has a
//!   comment giving the reasoning. They are run and reported, but do not fail the test and do
//!   not count towards the scores.

use std::fmt::Write as _;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use urisift::{ExtractorBuilder, Match, Span};

/// The file whose cases are reported but not held against the extractor.
const DEBATABLE_FILE: &str = "debatable.txt";

/// One golden case, as read from a case file.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Case {
    /// The file it came from (its name only).
    file: String,
    /// The 1-based line of its `===` header.
    line: usize,
    /// Its name.
    name: String,
    /// The input bytes.
    input: Vec<u8>,
    /// The expected matches in order, each as its readings (one, or two for a hyphen break).
    expect: Vec<Vec<String>>,
    /// The expected matches with defanged indicators refanged, when the case has a
    /// `--- expect refanged` block.
    refanged: Option<Vec<Vec<String>>>,
}

// ---------------------------------------------------------------------------------------------
// The case-file parser
// ---------------------------------------------------------------------------------------------

/// Where the parser is in a case file.
enum State {
    /// Before the first `===` line: only comments and blank lines.
    Preamble,
    /// In a case's input.
    Input { escaped: bool, lines: usize },
    /// In a case's expect block, or (`refanged`) its `--- expect refanged` block.
    Expect { refanged: bool },
}

/// Parses a case file. `file` names it in errors.
fn parse_cases(file: &str, text: &[u8]) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let mut state = State::Preamble;
    let mut current: Option<Case> = None;
    let mut raw_input: Vec<u8> = Vec::new();

    for (index, line) in text.split_inclusive(|&b| b == b'\n').enumerate() {
        let line_no = index + 1;
        let content = line.strip_suffix(b"\n").unwrap_or(line);
        let at = || format!("{file}:{line_no}");

        if let Some(name) = content.strip_prefix(b"=== ") {
            match state {
                State::Input { .. } => {
                    return Err(format!("{}: a new case starts before `--- expect`", at()));
                }
                State::Expect { .. } => cases.extend(current.take()),
                State::Preamble => {}
            }
            let name = std::str::from_utf8(name)
                .map_err(|_| format!("{}: the case name is not UTF-8", at()))?
                .trim();
            if name.is_empty() {
                return Err(format!("{}: a case needs a name", at()));
            }
            current = Some(Case {
                file: file.to_owned(),
                line: line_no,
                name: name.to_owned(),
                input: Vec::new(),
                expect: Vec::new(),
                refanged: None,
            });
            raw_input.clear();
            state = State::Input { escaped: false, lines: 0 };
            continue;
        }

        match &mut state {
            State::Preamble => {
                if !(content.iter().all(u8::is_ascii_whitespace) || content.starts_with(b"#")) {
                    return Err(format!("{}: text before the first `=== ` case line", at()));
                }
            }
            State::Input { escaped, lines } => {
                if content == b"--- input-escaped" && *lines == 0 && !*escaped {
                    *escaped = true;
                } else if content == b"--- expect" {
                    let input = if *escaped {
                        decode_escapes(&raw_input).map_err(|e| format!("{}: {e}", at()))?
                    } else {
                        raw_input.clone()
                    };
                    if let Some(case) = current.as_mut() {
                        case.input = input;
                    }
                    state = State::Expect { refanged: false };
                } else {
                    raw_input.extend_from_slice(line);
                    *lines += 1;
                }
            }
            State::Expect { refanged } => {
                if content == b"--- expect refanged" && !*refanged {
                    *refanged = true;
                    if let Some(case) = current.as_mut() {
                        case.refanged = Some(Vec::new());
                    }
                    continue;
                }
                let refanged = *refanged;
                let content = std::str::from_utf8(content)
                    .map_err(|_| format!("{}: an expected URI is not UTF-8", at()))?
                    .trim();
                if content.is_empty() || content.starts_with('#') {
                    continue;
                }
                let readings: Vec<String> = content.split(" | ").map(|r| r.trim().to_owned()).collect();
                if readings.len() > 2 {
                    return Err(format!("{}: at most two readings per match", at()));
                }
                if readings.iter().any(|r| r.is_empty() || r.contains(char::is_whitespace)) {
                    return Err(format!("{}: a reading is empty or holds white space", at()));
                }
                if let Some(case) = current.as_mut() {
                    match case.refanged.as_mut() {
                        Some(expect) if refanged => expect.push(readings),
                        _ => case.expect.push(readings),
                    }
                }
            }
        }
    }

    match state {
        State::Input { .. } => Err(format!("{file}: the last case has no `--- expect` line")),
        State::Expect { .. } => {
            cases.extend(current);
            Ok(cases)
        }
        State::Preamble => Ok(cases),
    }
}

/// Decodes the escapes of an `--- input-escaped` input (see the module docs).
fn decode_escapes(raw: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        if b != b'\\' {
            out.push(b);
            i += 1;
            continue;
        }
        let Some(&next) = raw.get(i + 1) else {
            return Err("a lone backslash at the end of the input".to_owned());
        };
        i += 2;
        match next {
            b'\n' => {}
            b'\\' => out.push(b'\\'),
            b'r' => out.push(b'\r'),
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'f' => out.push(0x0c),
            b'0' => out.push(0),
            b'x' => {
                let hex = raw.get(i..i + 2).ok_or("`\\x` needs two hex digits")?;
                let hex = std::str::from_utf8(hex).map_err(|_| "`\\x` needs two hex digits")?;
                let byte = u8::from_str_radix(hex, 16).map_err(|_| "`\\x` needs two hex digits")?;
                out.push(byte);
                i += 2;
            }
            other => return Err(format!("unknown escape `\\{}`", other.escape_ascii())),
        }
    }
    Ok(out)
}

/// The case files, sorted by name.
fn case_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/extract");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

/// Every case of every case file.
fn all_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for path in case_files() {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let text = std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        match parse_cases(&name, &text) {
            Ok(found) => cases.extend(found),
            Err(e) => panic!("malformed case file: {e}"),
        }
    }
    cases
}

// ---------------------------------------------------------------------------------------------
// Running a case
// ---------------------------------------------------------------------------------------------

/// A reader that hands out at most `chunk` bytes per `read`, to put match boundaries at every
/// possible place in the extractor's buffer.
struct ChunkReader<'a> {
    data: &'a [u8],
    chunk: usize,
}

impl Read for ChunkReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.chunk.min(buf.len()).min(self.data.len());
        let (head, tail) = self.data.split_at(n);
        buf[..n].copy_from_slice(head);
        self.data = tail;
        Ok(n)
    }
}

/// The chunk sizes every case is streamed with.
const CHUNK_SIZES: [usize; 3] = [1, 2, 7];

/// A match as the report needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Found {
    readings: Vec<String>,
    span: Span,
}

/// What running one case gave.
#[derive(Debug, Default)]
struct Outcome {
    /// The slice matches.
    found: Vec<Found>,
    /// Everything else that went wrong: stream/slice differences, bad spans.
    problems: Vec<String>,
}

impl Outcome {
    fn readings(&self) -> Vec<Vec<String>> {
        self.found.iter().map(|f| f.readings.clone()).collect()
    }
}

/// [`run_case`] with the options of `builder`.
fn run_case_with(case: &Case, builder: &ExtractorBuilder) -> Outcome {
    let slice: Vec<Match> = builder.build().slice(&case.input).collect();
    let mut outcome = Outcome {
        found: slice
            .iter()
            .map(|m| Found {
                readings: m.readings().into_iter().map(str::to_owned).collect(),
                span: m.span(),
            })
            .collect(),
        problems: check_spans(&case.input, &slice),
    };

    for chunk in CHUNK_SIZES {
        let reader = ChunkReader { data: &case.input, chunk };
        let mut streamed = Vec::new();
        for item in builder.build().reader(reader) {
            match item {
                Ok(m) => streamed.push(m),
                Err(e) => {
                    outcome.problems.push(format!("{chunk}-byte reads: I/O error {e}"));
                    break;
                }
            }
        }
        if streamed != slice {
            outcome.problems.push(stream_difference(chunk, &slice, &streamed));
        }
    }
    outcome
}

/// Runs a case; a panic in the extractor becomes a problem of that case, so the report still
/// covers every other case.
fn run_case_catching_panics(case: &Case) -> Outcome {
    run_case_catching_panics_with(case, &ExtractorBuilder::new())
}

/// [`run_case_catching_panics`] with the options of `builder`.
fn run_case_catching_panics_with(case: &Case, builder: &ExtractorBuilder) -> Outcome {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run_case_with(case, builder))).unwrap_or_else(
        |panic| {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Outcome { found: Vec::new(), problems: vec![format!("the extractor panicked: {message}")] }
        },
    )
}

/// Describes the first difference between the slice and the streamed matches.
fn stream_difference(chunk: usize, slice: &[Match], streamed: &[Match]) -> String {
    let at = slice.iter().zip(streamed).position(|(a, b)| a != b).unwrap_or(slice.len());
    let show = |m: Option<&Match>| match m {
        Some(m) => format!("{:?} at {} ({})", m.readings(), m.span(), m.delimiter()),
        None => "nothing".to_owned(),
    };
    format!(
        "{chunk}-byte reads differ from the slice at match #{at}: slice gave {}, stream gave {} \
         ({} vs {} matches)",
        show(slice.get(at)),
        show(streamed.get(at)),
        slice.len(),
        streamed.len()
    )
}

/// White space as Appendix E means it: what may be inserted into a wrapped URI.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

/// The text of a defanged indicator (white space already skipped) with each mark replaced by
/// what it stands for, written independently of the extractor from the list of styles in the
/// crate docs (rule 13).
fn refang_oracle(text: &[u8]) -> Vec<u8> {
    const MARKS: [(&[u8], &[u8]); 15] = [
        (b"hxxps", b"https"),
        (b"hxxp", b"http"),
        (b"h**ps", b"https"),
        (b"h**p", b"http"),
        (b"fxp", b"ftp"),
        (b"[://]", b"://"),
        (b"[dot]", b"."),
        (b"(dot)", b"."),
        (b"[.]", b"."),
        (b"{.}", b"."),
        (b"(.)", b"."),
        (b"[:]", b":"),
        (b"[/]", b"/"),
        (b"[@]", b"@"),
        (b"\\/", b"/"),
    ];
    let mut out = Vec::new();
    let mut i = 0;
    'bytes: while i < text.len() {
        for (mark, stands_for) in MARKS {
            if text[i..].len() >= mark.len() && text[i..i + mark.len()].eq_ignore_ascii_case(mark) {
                out.extend_from_slice(stands_for);
                i += mark.len();
                continue 'bytes;
            }
        }
        out.push(text[i]);
        i += 1;
    }
    out
}

/// Checks that spans are in bounds, in order and non-overlapping, that each outer span holds
/// its span, and that each span's bytes, white space skipped, are the URI (first reading).
fn check_spans(input: &[u8], matches: &[Match]) -> Vec<String> {
    let mut problems = Vec::new();
    let len = input.len() as u64;
    let mut previous_end = 0u64;
    for (i, m) in matches.iter().enumerate() {
        let (span, outer) = (m.span(), m.outer_span());
        if span.start > span.end || span.end > len {
            problems.push(format!("match #{i} {:?}: span {span} out of bounds (len {len})", m.uri()));
            continue;
        }
        if span.start < previous_end {
            problems.push(format!(
                "match #{i} {:?}: span {span} starts before the previous match ends ({previous_end})",
                m.uri()
            ));
        }
        previous_end = span.end;
        if outer.start > span.start || outer.end < span.end || outer.end > len {
            problems.push(format!("match #{i} {:?}: outer span {outer} does not hold span {span}", m.uri()));
        }
        let text: Vec<u8> = span
            .to_range()
            .and_then(|r| input.get(r))
            .unwrap_or_default()
            .iter()
            .copied()
            .filter(|&b| !is_space(b))
            .collect();
        // A URI read through a string's escapes (rule 14) is the span's text decoded, once or,
        // for a string kept in another, twice.
        let text = match m.rewrite() {
            Some(urisift::Rewrite::JsonEscapes) => {
                let once = json_unescape(&text);
                if once == m.uri().as_bytes() { once } else { json_unescape(&once) }
            }
            _ => text,
        };
        // A refanged URI is the span's text with its marks read as what they stand for
        // (compared in any case: `HXXP` gives `http`).
        let same = if m.is_refanged() {
            refang_oracle(&text).eq_ignore_ascii_case(m.uri().as_bytes())
        } else {
            text == m.uri().as_bytes()
        };
        if !same {
            problems.push(format!(
                "match #{i}: span {span} holds {:?} (white space skipped), not the URI {:?}",
                String::from_utf8_lossy(&text),
                m.uri()
            ));
        }
    }
    problems
}

// ---------------------------------------------------------------------------------------------
// Reporting
// ---------------------------------------------------------------------------------------------

/// `bytes` with the escapes of a JSON string decoded (RFC 8259 §7; `\uXXXX` of the Basic
/// Multilingual Plane), as rule 14 reads a URI written in one; other bytes as they are.
fn json_unescape(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let escape = match bytes.get(i..i + 2) {
            Some([b'\\', b'u']) => bytes
                .get(i + 2..i + 6)
                .and_then(|h| u32::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok())
                .and_then(char::from_u32)
                .map(|c| (c, 6)),
            Some([b'\\', b'/']) => Some(('/', 2)),
            Some([b'\\', b'"']) => Some(('"', 2)),
            Some([b'\\', b'\\']) => Some(('\\', 2)),
            Some([b'\\', b'n']) => Some(('\n', 2)),
            _ => None,
        };
        match escape {
            Some((c, len)) => {
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                i += len;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    out
}

/// Finds `uri` in `input` at or after `from`, allowing white space between its characters (a
/// URI wrapped across lines). Returns the byte range it covers.
fn locate(input: &[u8], uri: &str, from: usize) -> Option<(usize, usize)> {
    let uri = uri.as_bytes();
    let first = *uri.first()?;
    (from..input.len()).filter(|&s| input[s] == first).find_map(|start| {
        let mut pos = start;
        for &want in uri {
            while input.get(pos).is_some_and(|&b| is_space(b)) && want != input[pos] {
                pos += 1;
            }
            if input.get(pos) != Some(&want) {
                return None;
            }
            pos += 1;
        }
        Some((start, pos))
    })
}

/// Renders `input` with `|` around each range, control bytes and bytes that are not UTF-8
/// escaped, each line indented.
fn mark_up(input: &[u8], ranges: &[(usize, usize)]) -> String {
    let mut marks: Vec<usize> = ranges.iter().flat_map(|&(s, e)| [s, e]).collect();
    marks.sort_unstable();
    let mut out = String::from("    ");
    let mut next_mark = marks.iter().peekable();
    let mut pos = 0;
    for chunk in input.utf8_chunks() {
        for c in chunk.valid().chars() {
            while next_mark.next_if(|&&m| m <= pos).is_some() {
                out.push('|');
            }
            match c {
                '\n' => out.push_str("\n    "),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                c if c.is_control() => {
                    let _ = write!(out, "\\x{:02x}", u32::from(c));
                }
                c => out.push(c),
            }
            pos += c.len_utf8();
        }
        for &b in chunk.invalid() {
            while next_mark.next_if(|&&m| m <= pos).is_some() {
                out.push('|');
            }
            let _ = write!(out, "\\x{b:02x}");
            pos += 1;
        }
    }
    for _ in next_mark {
        out.push('|');
    }
    out.truncate(out.trim_end().len());
    out
}

/// The longest common subsequence of two lists, as index pairs.
fn lcs<T: PartialEq>(a: &[T], b: &[T]) -> Vec<(usize, usize)> {
    let mut table = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            table[i][j] =
                if a[i] == b[j] { table[i + 1][j + 1] + 1 } else { table[i + 1][j].max(table[i][j + 1]) };
        }
    }
    let (mut i, mut j, mut pairs) = (0, 0, Vec::new());
    while i < a.len() && j < b.len() {
        if a[i] == b[j] {
            pairs.push((i, j));
            i += 1;
            j += 1;
        } else if table[i + 1][j] >= table[i][j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    pairs
}

/// A unified-style diff of expected against found matches.
fn diff(expect: &[Vec<String>], found: &[Vec<String>]) -> String {
    let show = |r: &Vec<String>| r.join(" | ");
    let mut out = String::new();
    let (mut i, mut j) = (0, 0);
    let pairs = lcs(expect, found);
    for (pi, pj) in pairs.into_iter().chain([(expect.len(), found.len())]) {
        for e in &expect[i..pi] {
            let _ = writeln!(out, "    - {}", show(e));
        }
        for f in &found[j..pj] {
            let _ = writeln!(out, "    + {}", show(f));
        }
        if pi < expect.len() {
            let _ = writeln!(out, "      {}", show(&expect[pi]));
        }
        (i, j) = (pi + 1, pj + 1);
    }
    out
}

/// Renders one case that did not come out right.
fn render_failure(case: &Case, outcome: &Outcome) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "--- {} ({}:{})", case.name, case.file, case.line);
    let mut from = 0;
    let mut expected_ranges = Vec::new();
    for readings in &case.expect {
        if let Some((s, e)) = locate(&case.input, &readings[0], from) {
            expected_ranges.push((s, e));
            from = e;
        }
    }
    let found_ranges: Vec<(usize, usize)> = outcome
        .found
        .iter()
        .filter_map(|f| Some((usize::try_from(f.span.start).ok()?, usize::try_from(f.span.end).ok()?)))
        .filter(|&(s, e)| s <= e && e <= case.input.len())
        .collect();
    let _ = writeln!(out, "  expected:\n{}", mark_up(&case.input, &expected_ranges));
    let _ = writeln!(out, "  found:\n{}", mark_up(&case.input, &found_ranges));
    let found = outcome.readings();
    if found != case.expect {
        let _ = write!(out, "  diff (- expected, + found):\n{}", diff(&case.expect, &found));
    }
    for problem in &outcome.problems {
        let _ = writeln!(out, "  problem: {problem}");
    }
    out
}

/// Match counts over many cases.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Score {
    cases: usize,
    exact: usize,
    true_positives: usize,
    false_positives: usize,
    false_negatives: usize,
}

impl Score {
    fn add(&mut self, expect: &[Vec<String>], found: &[Vec<String>], clean: bool) {
        let hits = lcs(expect, found).len();
        self.cases += 1;
        self.exact += usize::from(clean && expect == found);
        self.true_positives += hits;
        self.false_positives += found.len() - hits;
        self.false_negatives += expect.len() - hits;
    }

    fn summary(&self) -> String {
        let ratio = |num: usize, den: usize| {
            if den == 0 { "n/a".to_owned() } else { format!("{:.2}%", 100.0 * num as f64 / den as f64) }
        };
        let tp = self.true_positives;
        let f1 = ratio(2 * tp, 2 * tp + self.false_positives + self.false_negatives);
        format!(
            "{} cases, {} exactly right ({}); precision {}, recall {}, F1 {} \
             ({} right, {} spurious, {} missed)",
            self.cases,
            self.exact,
            ratio(self.exact, self.cases),
            ratio(tp, tp + self.false_positives),
            ratio(tp, tp + self.false_negatives),
            f1,
            tp,
            self.false_positives,
            self.false_negatives
        )
    }
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

#[test]
fn golden() {
    let cases = all_cases();
    let mut score = Score::default();
    let mut debatable_score = Score::default();
    let mut failures = Vec::new();
    let mut debatable_report = Vec::new();
    for case in &cases {
        if let Some(refanged) = &case.refanged {
            let mut builder = ExtractorBuilder::new();
            builder.refang(true);
            let outcome = run_case_catching_panics_with(case, &builder);
            let found = outcome.readings();
            score.add(refanged, &found, outcome.problems.is_empty());
            if found != *refanged || !outcome.problems.is_empty() {
                let shown = Case {
                    expect: refanged.clone(),
                    name: format!("{} (refanged)", case.name),
                    ..case.clone()
                };
                failures.push(render_failure(&shown, &outcome));
            }
        }
        let outcome = run_case_catching_panics(case);
        let found = outcome.readings();
        let right = found == case.expect && outcome.problems.is_empty();
        if case.file == DEBATABLE_FILE {
            debatable_score.add(&case.expect, &found, outcome.problems.is_empty());
            if !right {
                debatable_report.push(render_failure(case, &outcome));
            }
        } else {
            score.add(&case.expect, &found, outcome.problems.is_empty());
            if !right {
                failures.push(render_failure(case, &outcome));
            }
        }
    }

    let mut report = String::new();
    if !debatable_report.is_empty() {
        let _ = writeln!(report, "=== debatable cases that differ (not counted):\n");
        for d in &debatable_report {
            let _ = writeln!(report, "{d}");
        }
    }
    if !failures.is_empty() {
        let _ = writeln!(report, "=== {} failing cases:\n", failures.len());
        for f in &failures {
            let _ = writeln!(report, "{f}");
        }
    }
    let _ = writeln!(report, "golden: {}", score.summary());
    let _ = writeln!(report, "debatable (not counted): {}", debatable_score.summary());
    println!("{report}");
    assert!(failures.is_empty(), "{report}");
}

/// Whether `shorter` is `longer` with one or more of its hyphens deleted and nothing else changed.
fn is_less_hyphens(longer: &str, shorter: &str) -> bool {
    let mut rest = shorter.chars().peekable();
    let mut dropped = 0;
    for c in longer.chars() {
        if rest.next_if_eq(&c).is_none() {
            if c != '-' {
                return false;
            }
            dropped += 1;
        }
    }
    rest.next().is_none() && dropped > 0
}

#[test]
fn golden_files_are_well_formed() {
    let cases = all_cases();
    assert!(cases.len() >= 250, "only {} golden cases", cases.len());

    let mut names = std::collections::HashSet::new();
    let mut problems = Vec::new();
    for case in &cases {
        let at = format!("{}:{} {:?}", case.file, case.line, case.name);
        if !names.insert(case.name.as_str()) {
            problems.push(format!("{at}: duplicate case name"));
        }
        let mut from = 0;
        for readings in &case.expect {
            let uri = &readings[0];
            // A URI is printable ASCII without the characters RFC 3986 excludes; an IRI, the
            // default reading (issue 18), may hold characters outside ASCII that are no white
            // space, and balanced `{ }` after its host.
            let bad = |c: char| {
                (c.is_ascii() && !c.is_ascii_graphic()) || c.is_whitespace() || "<>\"|\\^`".contains(c)
            };
            if let Some(c) = uri.chars().find(|&c| bad(c)) {
                problems.push(format!("{at}: expected {uri:?} holds {c:?}"));
            }
            // Every expected URI can be read off the input, in order (white space skipped), or
            // off the input with a JSON string's escapes decoded (rule 14), once or twice (a
            // JSON document kept as a string of another).
            let unescaped = json_unescape(&case.input);
            match locate(&case.input, uri, from) {
                Some((_, end)) => from = end,
                None if locate(&unescaped, uri, 0).is_some() => {}
                None if locate(&json_unescape(&unescaped), uri, 0).is_some() => {}
                None => problems.push(format!("{at}: expected {uri:?} is not in the input (in order)")),
            }
            // The second reading is the first without the hyphen(s) of line breaks.
            if let Some(second) = readings.get(1) {
                if !is_less_hyphens(uri, second) {
                    problems.push(format!("{at}: {second:?} is not {uri:?} less hyphens"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "golden case files:\n{}", problems.join("\n"));
}

#[test]
fn case_file_parser_reads_every_form() {
    let text = b"# leading comment\n\
\n\
=== plain\n\
see http://a.example/ now\n\
and more\n\
--- expect\n\
http://a.example/\n\
\n\
# a comment between cases\n\
=== two readings and none\n\
<http://www.dcc-\n\
servers.net/>\n\
--- expect\n\
http://www.dcc-servers.net/ | http://www.dccservers.net/\n\
=== nothing\n\
no uri here\n\
--- expect\n\
=== escaped\n\
--- input-escaped\n\
a\\tb\\r\\x00\\xE9\\\\c\\f\n\
tail\\\n\
--- expect\n\
=== escaped marker line\n\
--- input-escaped\n\
\\x2d-- expect\n\
--- expect\n\
=== empty input\n\
--- expect\n";
    let cases = parse_cases("t.txt", text).expect("parses");
    let case = |name: &str, line, input: &[u8], expect: &[&[&str]]| Case {
        file: "t.txt".to_owned(),
        line,
        name: name.to_owned(),
        input: input.to_vec(),
        expect: expect.iter().map(|r| r.iter().map(|s| (*s).to_owned()).collect()).collect(),
        refanged: None,
    };
    assert_eq!(
        cases,
        vec![
            case("plain", 3, b"see http://a.example/ now\nand more\n", &[&["http://a.example/"]]),
            case(
                "two readings and none",
                10,
                b"<http://www.dcc-\nservers.net/>\n",
                &[&["http://www.dcc-servers.net/", "http://www.dccservers.net/"]],
            ),
            case("nothing", 15, b"no uri here\n", &[]),
            case("escaped", 18, b"a\tb\r\x00\xe9\\c\x0c\ntail", &[]),
            case("escaped marker line", 23, b"--- expect\n", &[]),
            case("empty input", 27, b"", &[]),
        ]
    );
}

#[test]
fn case_file_parser_rejects_malformed_files() {
    let bad: [(&[u8], &str); 7] = [
        (b"stray\n=== a\nx\n--- expect\n", "text before the first"),
        (b"=== a\nx\n", "no `--- expect`"),
        (b"=== a\nx\n=== b\n--- expect\n", "before `--- expect`"),
        (b"=== a\n--- input-escaped\n\\q\n--- expect\n", "unknown escape"),
        (b"=== a\n--- input-escaped\n\\x4\n--- expect\n", "two hex digits"),
        (b"=== a\nx\n--- expect\na | b | c\n", "at most two readings"),
        (b"=== \nx\n--- expect\n", "needs a name"),
    ];
    for (text, message) in bad {
        let err = parse_cases("t.txt", text).expect_err(&String::from_utf8_lossy(text));
        assert!(err.contains(message), "{err:?} should mention {message:?}");
    }
}

#[test]
fn chunk_reader_hands_out_small_reads() {
    let data = b"0123456789abcdef";
    for chunk in CHUNK_SIZES {
        let mut reader = ChunkReader { data, chunk };
        let (mut all, mut buf) = (Vec::new(), [0u8; 64]);
        loop {
            let n = reader.read(&mut buf).expect("never fails");
            if n == 0 {
                break;
            }
            assert!(n <= chunk);
            all.extend_from_slice(&buf[..n]);
        }
        assert_eq!(all, data);
    }
}

#[test]
fn a_refanged_block_is_the_second_expectation_of_its_case() {
    let text = b"=== ioc\nhxxp://a[.]example/ and http://b.example/\n--- expect\nhttp://b.example/\n\
--- expect refanged\nhttp://a.example/\nhttp://b.example/\n=== plain\nx\n--- expect\n";
    let cases = parse_cases("t.txt", text).expect("parses");
    let one = |uri: &str| vec![uri.to_owned()];
    assert_eq!(cases[0].expect, [one("http://b.example/")]);
    assert_eq!(cases[0].refanged, Some(vec![one("http://a.example/"), one("http://b.example/")]));
    assert_eq!(cases[1].refanged, None);
    assert_eq!(refang_oracle(b"HXXPS[://]a[DOT]example\\/x(.)y"), b"https://a.example/x.y");
}

#[test]
fn report_marks_expected_and_found_uris_and_diffs_them() {
    let case = Case {
        file: "t.txt".to_owned(),
        line: 7,
        name: "demo".to_owned(),
        input: b"a <URL:http://x.example/\n  y> b \"ftp://z.example/\"\r\n".to_vec(),
        expect: vec![vec!["http://x.example/y".to_owned()], vec!["ftp://z.example/".to_owned()]],
        refanged: None,
    };
    let outcome = Outcome {
        found: vec![Found { readings: vec!["ftp://z.example/".to_owned()], span: Span::new(33, 49) }],
        problems: vec!["2-byte reads differ".to_owned()],
    };
    let report = render_failure(&case, &outcome);
    assert_eq!(
        report,
        "--- demo (t.txt:7)\n\
         \x20 expected:\n\
         \x20   a <URL:|http://x.example/\n\
         \x20     y|> b \"|ftp://z.example/|\"\\r\n\
         \x20 found:\n\
         \x20   a <URL:http://x.example/\n\
         \x20     y> b \"|ftp://z.example/|\"\\r\n\
         \x20 diff (- expected, + found):\n\
         \x20   - http://x.example/y\n\
         \x20     ftp://z.example/\n\
         \x20 problem: 2-byte reads differ\n"
    );

    let mut score = Score::default();
    score.add(&case.expect, &outcome.readings(), true);
    score.add(&[], &[], true);
    assert_eq!(
        score,
        Score { cases: 2, exact: 1, true_positives: 1, false_positives: 0, false_negatives: 1 }
    );
    assert!(score.summary().contains("precision 100.00%, recall 50.00%, F1 66.67%"), "{}", score.summary());
}

#[test]
fn mark_up_escapes_what_is_not_printable() {
    assert_eq!(mark_up(b"x\x00\xff\xc3\xa9\x0c\ty", &[(1, 2)]), "    x|\\x00|\\xffé\\x0c\\ty");
}

#[test]
fn second_reading_check_accepts_only_dropped_hyphens() {
    assert!(is_less_hyphens("http://a-b/", "http://ab/"));
    assert!(is_less_hyphens("http://a-b/c-d", "http://ab/cd"));
    assert!(!is_less_hyphens("http://a-b/", "http://a-b/"));
    assert!(!is_less_hyphens("http://a-b/", "http://ab"));
    assert!(!is_less_hyphens("http://a-b/", "http://a_b/"));
}
