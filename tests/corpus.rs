//! The corpus (`corpus/`, real mail, news, RFCs, logs and prose): every file's matches against
//! its reviewed expected output in `corpus/expected/`, the reader path against the slice path,
//! and the invariants every match must keep.
//!
//! An expected file holds one JSON object per line, in input order:
//! `{"uri":…,"start":…,"end":…}`, plus `"readings":[…]` when a line break after a hyphen gives
//! two. `start..end` is [`Match::span`]. The files say what a careful reader sees, by the rules
//! of the extractor's issue; where urisift is known to disagree, the expected file keeps the
//! right answer and `corpus/known-divergences.md` lists the difference in a `jsonl` block, which
//! this test reads, so that a known bug neither fails the build nor hides. When the extractor
//! changes its output on a listed case, the test fails until the entry is removed.
//!
//! Regenerating (after a deliberate change of the extractor; every changed line must then be
//! reviewed again by hand, as `corpus/README.md` describes):
//!
//! ```text
//! URISIFT_REGENERATE_CORPUS=1 cargo test --test corpus -- --ignored regenerate_expected_files
//! ```
//!
//! It writes today's output with the listed divergences turned back into their expected
//! records, so hand corrections survive.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use urisift::{Event, ExtractorBuilder, Match};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// Whether the corpus is missing, as in a packaged crate (Cargo.toml excludes it but for
/// `sample.txt`); then the test says so and passes.
fn skip_without_corpus() -> bool {
    let missing = !corpus_dir().join("expected").is_dir();
    if missing {
        eprintln!("skipped: {} holds no corpus (a packaged crate?)", corpus_dir().display());
    }
    missing
}

/// The text files of the corpus, relative to `corpus/`, sorted: everything but the tools, the
/// expected outputs, the Markdown notes and dot files.
fn corpus_files() -> Vec<String> {
    fn walk(dir: &Path, rel: &str, out: &mut Vec<String>) {
        let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = if rel.is_empty() { name.clone() } else { format!("{rel}/{name}") };
            if name.starts_with('.') || name.ends_with(".md") {
                continue;
            }
            if entry.file_type().unwrap().is_dir() {
                if rel.is_empty() && (name == "tools" || name == "expected") {
                    continue;
                }
                walk(&entry.path(), &path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&corpus_dir(), "", &mut out);
    out.sort();
    assert!(out.len() > 50, "the corpus is missing: {out:?}");
    out
}

fn expected_path(file: &str) -> PathBuf {
    corpus_dir().join("expected").join(format!("{file}.jsonl"))
}

/// One line of an expected file.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Record {
    start: u64,
    end: u64,
    uri: String,
    /// Both readings when there are two; empty otherwise.
    readings: Vec<String>,
}

impl Record {
    fn of(m: &Match) -> Record {
        let readings = m.readings();
        Record {
            start: m.span().start,
            end: m.span().end,
            uri: m.uri().to_owned(),
            readings: if readings.len() > 1 {
                readings.iter().map(|r| (*r).to_owned()).collect()
            } else {
                Vec::new()
            },
        }
    }

    /// The JSON line, keys in a fixed order (written by hand: `serde_json`'s map order depends
    /// on a feature).
    fn to_json(&self) -> String {
        let s = |v: &str| serde_json::to_string(v).unwrap();
        let mut out = format!("{{\"uri\":{},\"start\":{},\"end\":{}", s(&self.uri), self.start, self.end);
        if !self.readings.is_empty() {
            let list: Vec<String> = self.readings.iter().map(|r| s(r)).collect();
            out.push_str(&format!(",\"readings\":[{}]", list.join(",")));
        }
        out.push('}');
        out
    }

    fn from_json(v: &serde_json::Value) -> Result<Record, String> {
        let obj = v.as_object().ok_or("not an object")?;
        for key in obj.keys() {
            if !["uri", "start", "end", "readings"].contains(&key.as_str()) {
                return Err(format!("unknown key {key:?}"));
            }
        }
        let num = |k: &str| obj.get(k).and_then(|v| v.as_u64()).ok_or(format!("{k} must be a number"));
        let uri = obj.get("uri").and_then(|v| v.as_str()).ok_or("uri must be a string")?.to_owned();
        let readings = match obj.get("readings") {
            None => Vec::new(),
            Some(list) => {
                let list = list.as_array().ok_or("readings must be a list")?;
                let list: Vec<String> = list
                    .iter()
                    .map(|r| r.as_str().map(str::to_owned).ok_or("a reading must be a string"))
                    .collect::<Result<_, _>>()?;
                if list.len() != 2 || list[0] != uri {
                    return Err("readings, when given, are two, the first equal to uri".into());
                }
                list
            }
        };
        Ok(Record { start: num("start")?, end: num("end")?, uri, readings })
    }
}

fn parse_records(text: &str, what: &str) -> Vec<Record> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let v: serde_json::Value =
                serde_json::from_str(l).unwrap_or_else(|e| panic!("{what}:{}: {e}", i + 1));
            Record::from_json(&v).unwrap_or_else(|e| panic!("{what}:{}: {e}", i + 1))
        })
        .collect()
}

/// A listed difference between the expected output of a file and what urisift gives: the
/// expected record it does not give (or `None`), and the record it gives instead (or `None`).
#[derive(Debug, Clone)]
struct Divergence {
    file: String,
    expected: Option<Record>,
    actual: Option<Record>,
}

/// The entries of every ```` ```jsonl ```` block of `corpus/known-divergences.md`.
fn divergences() -> Vec<Divergence> {
    let path = corpus_dir().join("known-divergences.md");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    let mut in_block = false;
    for (i, line) in text.lines().enumerate() {
        let at = || format!("known-divergences.md:{}", i + 1);
        if line.trim_start().starts_with("```") {
            in_block = !in_block && line.trim() == "```jsonl";
            continue;
        }
        if !in_block || line.trim().is_empty() {
            continue;
        }
        let v: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{}: {e}", at()));
        let file =
            v.get("file").and_then(|f| f.as_str()).unwrap_or_else(|| panic!("{}: no file", at())).to_owned();
        let record = |key: &str| match v.get(key) {
            None | Some(serde_json::Value::Null) => None,
            Some(r) => Some(Record::from_json(r).unwrap_or_else(|e| panic!("{}: {key}: {e}", at()))),
        };
        let (expected, actual) = (record("expected"), record("actual"));
        assert!(expected.is_some() || actual.is_some(), "{}: an entry needs expected or actual", at());
        assert!(expected != actual, "{}: expected and actual are the same", at());
        out.push(Divergence { file, expected, actual });
    }
    assert!(!in_block, "known-divergences.md: a jsonl block is not closed");
    out
}

fn divergences_by_file() -> BTreeMap<String, Vec<Divergence>> {
    let files = corpus_files();
    let mut by_file: BTreeMap<String, Vec<Divergence>> = BTreeMap::new();
    for d in divergences() {
        assert!(
            files.contains(&d.file),
            "known-divergences.md names {:?}, which is not a corpus file",
            d.file
        );
        by_file.entry(d.file.clone()).or_default().push(d);
    }
    by_file
}

/// `records` with `remove` taken out (each once; `None` if one is missing) and `add` put in,
/// in span order.
fn swap(records: &[Record], remove: &[&Record], add: &[&Record]) -> Result<Vec<Record>, Record> {
    let mut out = records.to_vec();
    for r in remove {
        let i = out.iter().position(|x| x == *r).ok_or_else(|| (*r).clone())?;
        out.remove(i);
    }
    out.extend(add.iter().map(|r| (*r).clone()));
    out.sort_by_key(|a| (a.start, a.end));
    Ok(out)
}

fn read(file: &str) -> Vec<u8> {
    fs::read(corpus_dir().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// A record shown in its line of the input, for failure messages.
fn in_context(text: &[u8], r: &Record) -> String {
    let (s, e) = (r.start as usize, (r.end as usize).min(text.len()));
    let from = text[..s.min(text.len())].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let to = text[e..].iter().position(|&b| b == b'\n').map_or(text.len(), |i| e + i);
    let piece = |a: usize, b: usize| String::from_utf8_lossy(&text[a.min(b)..b]).escape_debug().to_string();
    format!("{}  in  {}|{}|{}", r.to_json(), piece(from, s), piece(s, e), piece(e, to.max(e)))
}

#[test]
fn every_corpus_file_has_an_expected_file_and_no_other() {
    if skip_without_corpus() {
        return;
    }
    let files = corpus_files();
    for file in &files {
        assert!(expected_path(file).is_file(), "no expected output for corpus/{file}");
    }
    let mut stale = Vec::new();
    let expected_dir = corpus_dir().join("expected");
    let mut stack = vec![expected_dir.clone()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let rel = path.strip_prefix(&expected_dir).unwrap().to_string_lossy().replace('\\', "/");
            match rel.strip_suffix(".jsonl") {
                Some(file) if files.iter().any(|f| f == file) => {}
                _ => stale.push(rel),
            }
        }
    }
    assert!(stale.is_empty(), "files in corpus/expected/ without a corpus file: {stale:?}");
}

/// Slice extraction gives the reviewed expected output of every file, but for the listed known
/// divergences, each of which must still occur.
#[test]
fn slice_extraction_matches_the_reviewed_expectations() {
    if skip_without_corpus() {
        return;
    }
    let known = divergences_by_file();
    let mut failures = Vec::new();
    let mut total = 0;
    for file in corpus_files() {
        let text = read(&file);
        let actual: Vec<Record> = urisift::extract_slice(&text).map(|m| Record::of(&m)).collect();
        let expected_text = fs::read_to_string(expected_path(&file)).unwrap_or_default();
        let expected = parse_records(&expected_text, &format!("expected/{file}.jsonl"));
        total += expected.len();
        let listed = known.get(&file).map(Vec::as_slice).unwrap_or_default();
        let remove: Vec<&Record> = listed.iter().filter_map(|d| d.expected.as_ref()).collect();
        let add: Vec<&Record> = listed.iter().filter_map(|d| d.actual.as_ref()).collect();
        let predicted = match swap(&expected, &remove, &add) {
            Ok(p) => p,
            Err(r) => {
                failures.push(format!(
                    "{file}: known-divergences.md expects {}, which is not in the expected file",
                    r.to_json()
                ));
                continue;
            }
        };
        if predicted != actual {
            let missing: Vec<String> = predicted
                .iter()
                .filter(|r| !actual.contains(r))
                .map(|r| format!("  - {}", in_context(&text, r)))
                .collect();
            let extra: Vec<String> = actual
                .iter()
                .filter(|r| !predicted.contains(r))
                .map(|r| format!("  + {}", in_context(&text, r)))
                .collect();
            failures.push(format!(
                "{file}: {} expected (known divergences applied) but not found, {} found but not expected\n{}\n{}",
                missing.len(),
                extra.len(),
                missing.join("\n"),
                extra.join("\n"),
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "\n{}\n\nA `-` line that a listed divergence predicted means the extractor changed there: if it \
         is now right, remove the entry from corpus/known-divergences.md. Any other change must be \
         reviewed (corpus/README.md), then the expected file updated.",
        failures.join("\n\n")
    );
    assert!(total > 5000, "only {total} expected matches in all");
}

/// The reader path gives exactly the slice path's events, with reads of one byte (small files
/// only, to keep the debug build's test fast), odd sizes, interruptions, and sizes that put
/// the ends of the extractor's 64 KiB refills at different places in the larger files.
#[test]
fn streaming_equals_slice_on_every_file() {
    if skip_without_corpus() {
        return;
    }
    let builder = ExtractorBuilder::new();
    for file in corpus_files() {
        let text = read(&file);
        let from_slice = common::slice_events(&builder, &text);
        let mut chunkings: Vec<(&[usize], usize)> =
            vec![(&[7], 0), (&[5, 1, 13, 2, 4093], 3), (&[65_521], 0), (&[99_991, 3], 0), (&[40_000], 2)];
        if text.len() < 200 * 1024 {
            chunkings.push((&[1], 0));
        }
        for (sizes, interrupt_every) in chunkings {
            let reader = common::ChunkedReader::new(&text, sizes).interrupting(interrupt_every);
            let streamed = common::reader_events(&builder, reader);
            if streamed != from_slice {
                let first = streamed
                    .iter()
                    .zip(&from_slice)
                    .position(|(a, b)| a != b)
                    .unwrap_or(streamed.len().min(from_slice.len()));
                panic!(
                    "{file}: stream (chunks {sizes:?}, interrupt every {interrupt_every}) differs from slice at event {first}:\n\
                     stream: {:?}\nslice:  {:?}",
                    streamed.get(first),
                    from_slice.get(first),
                );
            }
        }
    }
}

/// `borrowed` gives the slice path's matches, each with its text, spans, delimiter and line,
/// the text borrowed from the input exactly when the input holds it as it is, on every file
/// (mail read as mail among them, where the decoded URIs are owned).
#[test]
fn borrowed_matches_are_the_owned_ones_on_every_file() {
    if skip_without_corpus() {
        return;
    }
    let mut builder = ExtractorBuilder::new();
    builder.line_numbers(true);
    let (mut borrowed, mut owned) = (0, 0);
    for file in corpus_files() {
        let text = read(&file);
        let matches: Vec<Match> = builder.build().slice(&text).collect();
        let found: Vec<_> = builder.build().slice(&text).borrowed().collect();
        assert_eq!(found.len(), matches.len(), "{file}");
        for (b, m) in found.iter().zip(&matches) {
            assert_eq!(
                (b.uri(), b.span(), b.outer_span(), b.delimiter(), b.line()),
                (m.uri(), m.span(), m.outer_span(), m.delimiter(), m.line()),
                "{file}"
            );
            let there = text.get(m.span().to_range().unwrap()) == Some(m.uri_bytes());
            assert_eq!(b.is_borrowed(), there, "{file}: {m:?}");
            if there { borrowed += 1 } else { owned += 1 }
        }
    }
    assert!(borrowed > 5000 && owned > 10, "{borrowed} borrowed, {owned} owned");
}

/// Decodes quoted-printable `=XX` escapes (soft line breaks are not in a match's pieces).
fn qp_decode(bytes: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && let (Some(h), Some(l)) =
                (bytes.get(i + 1).and_then(|&b| hex(b)), bytes.get(i + 2).and_then(|&b| hex(b)))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// Spans are in bounds, ordered and do not overlap; the pieces lie inside the span, in order,
/// and spell out the URI exactly (after quoted-printable decoding for a match read through
/// it) when it was read as plain text (not as mail, where it may be decoded from base64, a
/// charset or HTML); every reading is a valid absolute URI.
#[test]
fn every_match_is_spelled_out_by_its_pieces() {
    if skip_without_corpus() {
        return;
    }
    let mut checked = 0;
    for file in corpus_files() {
        let text = read(&file);
        let mut last_end = 0u64;
        for m in urisift::extract_slice(&text) {
            let (span, outer) = (m.span(), m.outer_span());
            assert!(
                outer.start <= span.start && span.start < span.end && span.end <= outer.end,
                "{file}: {m:?}"
            );
            assert!(outer.end <= text.len() as u64, "{file}: out of bounds: {m:?}");
            assert!(outer.start >= last_end, "{file}: overlaps the match before: {m:?}");
            last_end = outer.end;
            let pieces = m.pieces();
            assert_eq!(pieces.first().map(|p| p.start), Some(span.start), "{file}: {m:?}");
            assert_eq!(pieces.last().map(|p| p.end), Some(span.end), "{file}: {m:?}");
            let mut spelled = Vec::new();
            let mut at = span.start;
            for p in pieces {
                assert!(at <= p.start && p.start < p.end, "{file}: pieces out of order: {m:?}");
                at = p.end;
                spelled.extend_from_slice(&text[p.to_range().unwrap()]);
            }
            // Read as mail, a URI may be decoded from base64, a charset, HTML character
            // references: its pieces lie in order inside its span, and spell it only when read
            // as plain text.
            let plain = m.origin().is_none();
            // Between pieces there is only what the rules remove: white space (no-break spaces
            // too), a hyphen at a line break, a quoted-printable soft line break, and the
            // quote marks of a mail reply at the start of a continued line.
            for gap in pieces.windows(2).filter(|_| plain) {
                let between = &text[gap[0].end as usize..gap[1].start as usize];
                assert!(
                    between.iter().all(|b| b" \t\r\n\x0c=->\xc2\xa0".contains(b)),
                    "{file}: pieces of {:?} skip {:?}",
                    m.uri(),
                    String::from_utf8_lossy(between)
                );
            }
            let spelled = if m.is_quoted_printable() { qp_decode(&spelled) } else { spelled };
            if plain {
                assert_eq!(
                    String::from_utf8_lossy(&spelled),
                    m.uri(),
                    "{file}: the pieces of a match do not spell its URI: {m:?}"
                );
            }
            for r in m.readings() {
                // A mailto read as it is sent (crate docs, rule 15) is valid when its RFC 6068
                // form is.
                let form = common::mailto_in_rfc6068_form(r);
                let uri = urisift::uri::Uri::parse(r)
                    .or_else(|e| form.as_deref().and_then(|f| urisift::uri::Uri::parse(f).ok()).ok_or(e))
                    .unwrap_or_else(|e| panic!("{file}: {r:?} is invalid: {e}"));
                assert!(uri.is_absolute(), "{file}: {r:?} has no scheme");
            }
            checked += 1;
        }
    }
    assert!(checked > 5000, "only {checked} matches");
}

/// Writes the expected files from today's output, with the known divergences turned back
/// into their expected records. Not a test: run it by hand (see the module docs), then
/// review every changed line.
#[test]
#[ignore = "regenerates corpus/expected/; run with URISIFT_REGENERATE_CORPUS=1 and --ignored"]
fn regenerate_expected_files() {
    if std::env::var_os("URISIFT_REGENERATE_CORPUS").is_none() {
        eprintln!("set URISIFT_REGENERATE_CORPUS=1 to write corpus/expected/");
        return;
    }
    let known = divergences_by_file();
    for file in corpus_files() {
        let text = read(&file);
        let events = common::slice_events(&ExtractorBuilder::new(), &text);
        let actual: Vec<Record> = events
            .iter()
            .filter_map(|e| if let Event::Match(m) = e { Some(Record::of(m)) } else { None })
            .collect();
        let listed = known.get(&file).map(Vec::as_slice).unwrap_or_default();
        let remove: Vec<&Record> = listed.iter().filter_map(|d| d.actual.as_ref()).collect();
        let add: Vec<&Record> = listed.iter().filter_map(|d| d.expected.as_ref()).collect();
        let expected = swap(&actual, &remove, &add).unwrap_or_else(|r| {
            panic!(
                "{file}: the known divergence {} no longer occurs; update known-divergences.md first",
                r.to_json()
            )
        });
        let path = expected_path(&file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        let mut out = String::new();
        for r in &expected {
            out.push_str(&r.to_json());
            out.push('\n');
        }
        fs::write(&path, out).unwrap();
        eprintln!("{}: {} matches", path.display(), expected.len());
    }
}
