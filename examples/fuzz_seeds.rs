//! Builds the seed corpora of the fuzz targets from the repository's own data:
//!
//! ```text
//! cargo run --example fuzz_seeds            # writes fuzz/corpus/<target>/ (git-ignored)
//! cargo run --example fuzz_seeds -- DIR     # writes DIR/<target>/ instead
//! ```
//!
//! * `extract`: windows of the texts under `corpus/`, each behind one control byte (the first
//!   byte of an `extract` input picks the chunking, see `fuzz/oracles.rs`), and the UTF-8 texts
//!   of [`UNICODE_TEXTS`].
//! * `mail`: whole messages, each behind one control byte: the golden messages of
//!   `tests/data/mail/`, the mail files of `corpus/` up to [`MAIL_SEED_MAX`] bytes, and the first
//!   [`MAIL_SEED_MAX`] bytes of the larger ones.
//! * `parse`, `differential`, `normalize`: one URI string per file — the `input`, `base` and
//!   `reference` strings of `tests/data/uri/*.jsonl` and the URI-looking words of `corpus/`;
//!   `normalize` also gets pairs (`a` NUL `b`) of neighbouring strings, so that its
//!   equivalence checks see two different URIs.
//! * `resolve`: `base` newline `reference` pairs — every case of `tests/data/uri/resolve.jsonl`,
//!   and a few bases crossed with every string of the test data.
//!
//! Files are named after a hash of their content, so a rerun adds nothing twice and the
//! fuzzer's own corpus additions can live in the same directories. The run prints how many
//! files each target got.

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Bytes of corpus text per `extract` seed; the target runs with `-max_len` above this.
const WINDOW: usize = 2048;
/// Bytes of a whole message per `mail` seed at most; the target runs with `-max_len` at this.
const MAIL_SEED_MAX: usize = 16 * 1024;
/// Longest URI string taken from the corpus (longer ones are mostly base64 or spam noise).
const MAX_URI: usize = 512;
/// Bases that every reference-like string is resolved against, besides the data's own pairs:
/// RFC 3986 §5.4's base, an authority with an empty path, an opaque URI, and a URN.
const BASES: [&str; 5] =
    ["http://a/b/c/d;p?q", "http://a", "foo:/a/b", "mailto:x@example.org", "urn:example:a/b/../c"];

/// UTF-8 texts for the `extract` target: IRIs, Unicode delimiters, typographic quotes and
/// brackets, brackets after the host, marks and emoji (issue 18).
const UNICODE_TEXTS: [&str; 10] = [
    "見て https://ja.wikipedia.org/wiki/東京 は首都。（https://example.cn/about）了解更多",
    "Besuchen Sie „http://www.bürgerentscheid-krankenhäuser.de/seite“ oder »https://x.example/artikel«.",
    "https://en.wikipedia.org/wiki/Hatfield–McCoy_feud – and http://twitter.com/Русские_слова\u{a0}next",
    "http://example.org/list.php?ids[]=1&ids[]=2 http://api.example.org/users/{id}/posts https://{region}.x/",
    "(http://one.org/)(http://two.org/) (http://foo.com/bar)more *https://x.example/bold* ~~https://x/y~~",
    "http://a.example/x😀http://b.example/❤\u{fe0f} http://c.example/\u{200f}\u{202e}d \u{feff}http://ああ.com",
    "<https://例え.テスト/パス> <https://…> «https://x.example/«a»» 「https://example.jp/「名」」",
    "http://a.example/?q=\u{e000} http://a.example/p\u{e000} urn:example:aé mailto:jos\u{e9}@example.org",
    "http://a.example/cafe\u{301}\u{301}\u{301}\u{301} http://x.example/می\u{200c}خواهم،http://y.example/",
    "http://a.example/\u{ff5c}b http://b.example/x\u{3000}y http://c.example/Ender’s_Game’ http://d.example/a‘b",
];

fn main() -> ExitCode {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::args_os().nth(1).map_or_else(|| root.join("fuzz/corpus"), PathBuf::from);
    match run(&root, &out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fuzz_seeds: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(root: &Path, out: &Path) -> io::Result<()> {
    let texts = files_below(&root.join("corpus"))?;
    let mut data_strings = BTreeSet::new();
    let mut pairs = BTreeSet::new();
    for file in files_below(&root.join("tests/data/uri"))? {
        if file.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        for line in fs::read_to_string(&file)?.lines() {
            let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else { continue };
            let get = |key| value.get(key).and_then(|v| v.as_str()).map(str::to_owned);
            for key in ["input", "base", "reference", "expected"] {
                data_strings.extend(get(key));
            }
            if let (Some(base), Some(reference)) = (get("base"), get("reference")) {
                pairs.insert(format!("{base}\n{reference}"));
            }
        }
    }

    let mut corpus_uris = BTreeSet::new();
    let mut extract = Vec::new();
    for file in &texts {
        let text = fs::read(file)?;
        corpus_uris.extend(uri_words(&text));
        for (i, window) in text.chunks(WINDOW).enumerate() {
            let mut seed = vec![(i % 256) as u8];
            seed.extend_from_slice(window);
            extract.push(seed);
        }
    }
    // UTF-8 text around and inside IRIs (issue 18), each under every chunking of the first
    // eight control bytes.
    for (i, text) in UNICODE_TEXTS.iter().enumerate() {
        for control in 0..8u8 {
            let mut seed = vec![control.wrapping_add(i as u8)];
            seed.extend_from_slice(text.as_bytes());
            extract.push(seed);
        }
    }

    let mut mail = Vec::new();
    let mut messages: Vec<&PathBuf> =
        texts.iter().filter(|f| f.to_string_lossy().contains("/mail/")).collect();
    let golden = files_below(&root.join("tests/data/mail"))?;
    messages.extend(golden.iter().filter(|f| f.extension().is_some_and(|e| e == "eml")));
    for (i, file) in messages.into_iter().enumerate() {
        let text = fs::read(file)?;
        let mut seed = vec![(i * 41 % 256) as u8];
        seed.extend_from_slice(&text[..text.len().min(MAIL_SEED_MAX)]);
        mail.push(seed);
    }

    let mut resolve: Vec<Vec<u8>> = pairs.into_iter().map(String::into_bytes).collect();
    for base in BASES {
        resolve.extend(data_strings.iter().map(|s| format!("{base}\n{s}").into_bytes()));
    }
    let strings: Vec<&String> = data_strings.union(&corpus_uris).collect();
    let single: Vec<Vec<u8>> = strings.iter().map(|s| s.as_bytes().to_vec()).collect();
    let mut normalize = single.clone();
    for w in strings.windows(2) {
        normalize.push(format!("{}\0{}", w[0], w[1]).into_bytes());
    }

    for (target, seeds) in [
        ("extract", extract),
        ("mail", mail),
        ("parse", single.clone()),
        ("differential", single),
        ("normalize", normalize),
        ("resolve", resolve),
    ] {
        let dir = out.join(target);
        fs::create_dir_all(&dir)?;
        let mut written = 0;
        for seed in &seeds {
            let path = dir.join(format!("seed-{:016x}", fnv1a(seed)));
            if !path.exists() {
                fs::write(path, seed)?;
                written += 1;
            }
        }
        println!("{target}: {} seeds ({written} new) in {}", seeds.len(), dir.display());
    }
    Ok(())
}

/// The words of `text` that look like absolute URIs: a scheme (a letter, then letters, digits,
/// `+ - .`) and `:`, then bytes up to the next white space, control, non-ASCII byte or
/// delimiter of RFC 2396 §2.4.3, with trailing punctuation dropped. Crude on purpose: the
/// seeds need only be near URIs, the fuzzer finds the rest.
fn uri_words(text: &[u8]) -> BTreeSet<String> {
    let stops = |b: u8| !b.is_ascii_graphic() || b"<>\"{}|\\^`".contains(&b);
    let mut found = BTreeSet::new();
    for word in text.split(|&b| stops(b)) {
        let Some(colon) = word.iter().position(|&b| b == b':') else { continue };
        let scheme_len = word[..colon]
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b))
            .count();
        let Some(start) = (colon - scheme_len..colon).find(|&i| word[i].is_ascii_alphabetic()) else {
            continue;
        };
        let mut uri = &word[start..];
        while let [rest @ .., b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b')'] = uri {
            uri = rest;
        }
        let scheme = &word[start..colon];
        let opaque_ok =
            [&b"mailto"[..], b"news", b"urn", b"tel", b"data"].iter().any(|s| scheme.eq_ignore_ascii_case(s));
        let hier = uri.get(colon - start + 1..).is_some_and(|r| r.starts_with(b"//"));
        if uri.len() > colon - start + 1 && uri.len() <= MAX_URI && (hier || opaque_ok) {
            found.extend(std::str::from_utf8(uri).ok().map(str::to_owned));
        }
    }
    found
}

/// Every regular file below `dir`, sorted, skipping dot files.
fn files_below(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d)? {
            let path = entry?.path();
            if path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')) {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// FNV-1a, 64 bits: a stable content hash for file names (std's hasher may change between
/// Rust releases).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
