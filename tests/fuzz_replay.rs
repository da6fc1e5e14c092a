//! Replays the fuzz targets' oracles on stable Rust: every committed regression input under
//! `fuzz/regressions/<target>/`, and a sample of the seeds each target starts from (windows of
//! the texts in `corpus/` for `extract`; the URI strings of `tests/data/uri/` for the others).
//! A regression shows here without nightly or cargo-fuzz.

#[path = "../fuzz/oracles.rs"]
mod oracles;

use std::fs;
use std::path::{Path, PathBuf};

type Oracle = fn(&[u8]);

const TARGETS: [(&str, Oracle); 6] = [
    ("extract", oracles::extract),
    ("mail", oracles::mail),
    ("parse", oracles::parse),
    ("resolve", oracles::resolve),
    ("normalize", oracles::normalize),
    ("differential", oracles::differential),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every regular file below `dir`, sorted, skipping dot files.
fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')) {
                continue;
            }
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn committed_regressions_hold() {
    let mut replayed = 0;
    for (target, oracle) in TARGETS {
        for file in files_below(&root().join("fuzz/regressions").join(target)) {
            let data = fs::read(&file).unwrap();
            let result = std::panic::catch_unwind(|| oracle(&data));
            assert!(result.is_ok(), "regression {} of target {target} fails again", file.display());
            replayed += 1;
        }
    }
    eprintln!("replayed {replayed} regression inputs");
}

/// Windows of each corpus text, at a stride, with a few chunkings (the first byte of an
/// `extract` input picks the chunking).
#[test]
fn extract_oracle_holds_on_corpus_windows() {
    const WINDOW: usize = 8 * 1024;
    let mut windows = 0;
    for file in files_below(&root().join("corpus")) {
        let text = fs::read(&file).unwrap();
        let stride = (text.len() / 6).max(WINDOW);
        for (i, start) in (0..text.len().max(1)).step_by(stride).enumerate() {
            let end = (start + WINDOW).min(text.len());
            let mut input = vec![(i * 37 % 256) as u8];
            input.extend_from_slice(&text[start..end]);
            oracles::extract(&input);
            windows += 1;
        }
    }
    eprintln!("checked {windows} corpus windows");
}

/// UTF-8 text through the `extract` oracle (issue 18): the golden case files, which hold IRIs,
/// typographic quotes, Unicode delimiters and brackets, each under several chunkings.
#[test]
fn extract_oracle_holds_on_utf8_golden_files() {
    let mut checked = 0;
    for file in files_below(&root().join("tests/data/extract")) {
        let text = fs::read(&file).unwrap();
        for (i, window) in text.chunks(4 * 1024).enumerate() {
            for control in [0u8, 1, 3, 7] {
                let mut input = vec![control.wrapping_add(i as u8)];
                input.extend_from_slice(window);
                oracles::extract(&input);
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "{checked}");
}

/// Whole messages through the `mail` oracle: the golden messages of tests/data/mail and the
/// start of every mail file of the corpus, each with a few control bytes.
#[test]
fn mail_oracle_holds_on_messages() {
    let mut files = files_below(&root().join("tests/data/mail"));
    files.retain(|f| f.extension().is_some_and(|e| e == "eml"));
    files.extend(files_below(&root().join("corpus/mail")));
    let mut checked = 0;
    for (i, file) in files.iter().enumerate() {
        let text = fs::read(file).unwrap();
        let text = &text[..text.len().min(oracles::MAX_INPUT - 1)];
        for ctl in [i * 41 % 256, 0x80 | (i % 128), 0x3f] {
            let mut input = vec![ctl as u8];
            input.extend_from_slice(text);
            oracles::mail(&input);
            checked += 1;
        }
    }
    assert!(checked > 30, "only {checked} inputs");
}

/// The URI strings of the conformance data, through the parse, normalize and differential
/// oracles; pairs of them through resolve.
#[test]
fn uri_oracles_hold_on_conformance_strings() {
    let mut inputs: Vec<String> = Vec::new();
    for file in files_below(&root().join("tests/data/uri")) {
        if file.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        for line in text.lines().filter(|l| l.trim_start().starts_with('{')) {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            for key in ["input", "base", "reference"] {
                if let Some(v) = value.get(key).and_then(|v| v.as_str()) {
                    inputs.push(v.to_owned());
                }
            }
        }
    }
    inputs.extend(
        ["http://a/b/c/d;p?q", "../../g", "HTTP://EXAMPLE.com:80/%7euser/./a/../b"].map(String::from),
    );
    for s in &inputs {
        oracles::parse(s.as_bytes());
        oracles::normalize(s.as_bytes());
        oracles::differential(s.as_bytes());
    }
    for pair in inputs.windows(2) {
        oracles::resolve(format!("{}\n{}", pair[0], pair[1]).as_bytes());
    }
    eprintln!("checked {} conformance strings", inputs.len());
}
