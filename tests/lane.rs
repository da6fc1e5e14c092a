//! The one-pass lane for common URIs (`candidate::one_pass`) against the general path: with
//! the lane on (the default) and off, every input must give exactly the same events, under
//! every option set. The lane only ever declines (`None`) or decides as the general path does;
//! these tests put that to the corpus, the extraction test data, the generated workloads, and
//! every combination of a prefix, a candidate and a suffix from lists of the cases where the
//! lane has to decline or trim.

mod common;

use std::path::{Path, PathBuf};

use common::{ChunkedReader, only_matches, reader_events, render, show, slice_events};
use urisift::uri::Grammar;
use urisift::{Event, ExtractorBuilder};

#[path = "../benches/workload/mod.rs"]
mod workload;

/// Option sets under which the two paths are compared (the lane runs only under RFC 3986; the
/// RFC 2396 set checks that it then stays out of the way).
fn option_sets() -> Vec<ExtractorBuilder> {
    let mut sets = Vec::new();
    sets.push(ExtractorBuilder::new());
    let mut b = ExtractorBuilder::new();
    b.line_numbers(true).report_rejected(true);
    sets.push(b);
    let mut b = ExtractorBuilder::new();
    b.max_uri_len(24);
    sets.push(b);
    let mut b = ExtractorBuilder::new();
    b.quoted_printable(false).abbreviated(true);
    sets.push(b);
    let mut b = ExtractorBuilder::new();
    b.grammar(Grammar::Rfc2396);
    sets.push(b);
    let mut b = ExtractorBuilder::new();
    b.strict(true).report_rejected(true);
    sets.push(b);
    let mut b = ExtractorBuilder::new();
    b.refang(true).numeric_hosts(true).report_rejected(true);
    sets.push(b);
    sets
}

/// [`agree`] on every prefix, candidate and suffix put together, as the end of the input and
/// followed by more text (the lane declines a candidate that runs to the end of what it
/// sees), under every option set, and from a reader under the default options (the lane sees
/// windows that end anywhere); how many matches were compared.
fn agree_on_every_product(prefixes: &[&str], candidates: &[&str], suffixes: &[&str]) -> usize {
    let sets = option_sets();
    let mut found = 0;
    for p in prefixes {
        for c in candidates {
            for s in suffixes {
                for end in ["", " z"] {
                    let input = format!("{p}{c}{s}{end}");
                    for (i, builder) in sets.iter().enumerate() {
                        found += agree(builder, input.as_bytes(), i == 0);
                    }
                }
            }
        }
    }
    found
}

/// Asserts that `input` gives the same events with the lane and without, from a slice and
/// (when `stream` is set) from a reader in odd-sized chunks; returns how many matches.
fn agree(builder: &ExtractorBuilder, input: &[u8], stream: bool) -> usize {
    let mut general = builder.clone();
    general.one_pass(false);
    let fast = slice_events(builder, input);
    let slow = slice_events(&general, input);
    if fast != slow {
        // The first event that differs, and the input around it: a whole corpus file would
        // bury it.
        let k = fast.iter().zip(&slow).take_while(|(a, b)| a == b).count();
        let (a, b) = (fast.get(k), slow.get(k));
        let at = [a, b].into_iter().flatten().map(event_start).min().unwrap_or(0);
        let around = &input[at.saturating_sub(80).min(input.len())..(at + 160).min(input.len())];
        panic!(
            "the one-pass lane differs from the general path ({builder:?})\nnear byte {at}: {}\nlane:    {a:?}\ngeneral: {b:?}{}",
            show(around),
            if input.len() <= 400 {
                format!(
                    "\nlane:    {}\ngeneral: {}",
                    render(input, &only_matches(&fast)),
                    render(input, &only_matches(&slow))
                )
            } else {
                String::new()
            },
        );
    }
    if stream {
        let streamed = reader_events(builder, ChunkedReader::new(input, &[5, 1, 13, 2]));
        assert!(streamed == fast, "stream differs from slice with the lane\ninput: {}", show(input));
    }
    only_matches(&fast).len()
}

/// Where an event's text starts in the input.
fn event_start(e: &Event) -> usize {
    let start = match e {
        Event::Match(m) => m.outer_span().start,
        Event::Rejected(r) => r.outer_span().start,
        Event::Overlong(o) => o.span().start,
        _ => 0,
    };
    usize::try_from(start).unwrap_or(usize::MAX)
}

fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return out };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files_below(&path));
        } else {
            out.push(path);
        }
    }
    out.sort();
    out
}

#[test]
fn the_lane_agrees_on_the_corpus_and_the_test_data() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if !root.join("corpus/expected").is_dir() {
        eprintln!("skipped: {} holds no corpus (a packaged crate?)", root.join("corpus").display());
        return;
    }
    let mut files = files_below(&root.join("corpus"));
    files.extend(files_below(&root.join("tests/data/extract")));
    files.extend(files_below(&root.join("fuzz/regressions/extract")));
    assert!(files.len() > 60, "corpus and test data not found: {} files", files.len());
    let mut found = 0;
    for path in &files {
        let input = std::fs::read(path).unwrap();
        for builder in option_sets() {
            found += agree(&builder, &input, false);
        }
    }
    assert!(found > 10_000, "too few matches to compare anything: {found}");
}

#[test]
fn the_lane_agrees_on_the_generated_workloads() {
    for name in workload::WORKLOADS {
        let (input, _) = workload::generate(name, 1 << 20, 7).unwrap();
        for builder in option_sets() {
            agree(&builder, &input, false);
        }
    }
}

/// Every prefix, candidate and suffix together: the wrappers the lane takes and those it must
/// leave (`URL:`, `<` before white space, brackets, the floor right before the scheme), the
/// forms its validation takes and those it leaves, and the ends it trims or declines (a
/// hyphen at a line end, `)`, brackets, bytes outside ASCII, the end of the input).
#[test]
fn the_lane_agrees_on_every_neighbourhood() {
    let prefixes = [
        "",
        " ",
        "\n",
        "x ",
        "x\t",
        "<",
        "< ",
        "<\n",
        "<URL:",
        "<URL: ",
        "URL:",
        "URL: ",
        "url:\t",
        "\"",
        "(",
        "[",
        "{",
        "'",
        "a:",
        ":",
        "> ",
        " \n ",
        ", \n",
        "<a> ",
        "http://p.example/>",
        "<http://p.example/>",
        "\"http://p.example/\"",
        "\u{e9}",
        "*",
        "+",
        "(+",
        "++",
        "x+",
        "__",
        "~~",
        "“",
        "> > ",
        "=3D\"",
        "Unsubscribe: ",
        "X-Url: ",
        "xURL: ",
        "rl: ",
        "<a:\n ",
        "<url:\n ",
        "< URL: ",
        "<\tURL:\n",
        "x<URL:",
        "<URL:<",
        "URL:<",
        "<URLx:",
        "<aURL:",
        "<U:",
        "<URL:a:",
        "<http://p.example/><URL:",
        "<http://p.example/> <URL: ",
        "<http://p.example/>URL:",
        "<http://p.example/>:",
        "<http://p.example/><",
        "> <URL:",
        "> > <",
        "x\n> <URL:",
        "<URL:\n",
    ];
    let candidates = [
        "http://a.example/",
        "https://www.w3.org/wiki/Set_(mathematics)",
        "ftp://[2001:db8::7]/pub",
        "http://[::1",
        "http://[::1]x/y",
        "http://user@[::1]/",
        "mailto:user@example.com",
        "mailto:a@b,c@d",
        "mailto:a@b?subject=x",
        "mailto:a@b?x?y=z",
        "mailto://x",
        "urn:ietf:rfc:3986",
        "urn:urn:x",
        "HTTP://A.EXAMPLE",
        "http://a.example/x-",
        "http://",
        "http://.",
        "http://a%41/",
        "http://a.example/%zz",
        "ftp://a/b;type=a",
        "https://ds.internic.net/a/b/c/d;p?q=1#frag",
        "http://host.example:8080/rfc/rfc2396.txt",
        "news:comp.infosystems.www",
        "file:///etc/passwd",
        "http://a.example/(x)(y",
        "http://a.example/x)y)",
        "http://a.example/((x)",
        // A `(` inside an IP literal, which the lane passes over unscanned, matches a `)` at
        // the end (RFC 3986 §3.2.2: an IPvFuture holds sub-delims).
        "http://[v1.(]/x",
        "http://[v1.(]/x(",
        "http://[v1.a]/x",
        "wrote:",
        "https:",
        "ftp:  ",
        "URL:",
        // Defanged indicators and numeric hosts (issue 38).
        "http://evil",
        "hxxps",
        "h**p://a.example/",
        "http://3232235777/",
        "http://0x7f.1/",
    ];
    let suffixes = [
        "",
        " ",
        "+",
        "++)",
        "*.",
        "__",
        " . example/x",
        " . com",
        " .",
        " . ",
        "[.]example",
        "[://]b[.]example/",
        "[:]//b.example/",
        ".",
        ". ",
        ".)",
        ")",
        "),",
        ")).",
        "\"",
        "\" ",
        ">",
        "> ",
        "-\nb/",
        "-\n",
        "- \n  c",
        "\n",
        "\n//x",
        "[x]",
        "]",
        "'",
        "\u{e9}",
        "<",
        "a",
        ",x",
        "?!",
        "(x)",
        " y>",
        "\r\n",
        "\t",
        "\n> //a.example/",
        "\n> > //a.example/>",
        " \n\u{b}//a.example/",
        "\n\n//a.example/",
        "\r\n  //a.example/ x",
        "\n> wrote:\n> > http://a.example/",
        "\n\u{a0}//a.example/",
        "\n\u{a0}\u{a0}x",
        "\n> \u{a0}//a.example/",
        "\n \u{a0}\u{a0}\u{a0}\u{a0}//a.example/ z",
        "\n>",
        "\n> ",
        " \r",
        "))",
        ").)",
        ")).)",
        "(a))",
        "),)",
        "')",
        // IRIs and brackets after the host (issue 18).
        "{id}/x",
        "[1]=2",
        "東京",
        "）了",
        "*",
        "。",
        // `<…>` wrapped onto the next line, which the lane takes once, and what it leaves.
        "\n    list/x.html>",
        "\n    list/x.html>.",
        " \n\tb>",
        "\r\n  b>",
        "\n  b c>",
        "\n  b\n  c>",
        "\n\n  b>",
        "\n  >",
        "\n  b",
        "\n  [x]>",
        "\n  b<c>",
        "\r  b>",
        "\n\u{b}b>",
        "\n b)>",
        "\n b->",
        "\n> b>",
    ];
    let found = agree_on_every_product(&prefixes, &candidates, &suffixes);
    assert!(found > 60_000, "too few matches to compare anything: {found}");
}

/// IRIs, which the lane reads when the characters outside ASCII in them are common ones and
/// ends at the common Unicode delimiters (issue 22), in every neighbourhood of typographic
/// marks, delimiters, emoji, dashes and apostrophes that the lane must decide as the general
/// path does or leave to it.
#[test]
fn the_lane_agrees_around_iris() {
    let prefixes = ["", " ", "x", "\u{e9}", "「", "«", "（", "“", "„", "\"", "<", "(", "*"];
    let candidates = [
        "http://a.example/",
        // At the length limit of 24 with a mark of three bytes after them, and beside it.
        "http://a.example/ab",
        "http://a.example/abcd",
        "http://a.example/abcde",
        "http://a.example/ü",
        "https://en.wikipedia.org/wiki/Set_(mathematics)",
        "https://ja.wikipedia.org/wiki/東京",
        "http://bücher.example/katalog?autor=Müller",
        "https://en.wikipedia.org/wiki/Hatfield–McCoy_feud",
        "http://例え.テスト/ü?\u{e000}",
        "http://a.example/ü\u{e000}",
        "http://a.example/ü%zz",
        "ftp://a.example/ü;type=a",
        "mailto:ü@example.com",
        "urn:x:ü",
        "http://ü",
        "http://ü.",
    ];
    let suffixes = [
        "",
        " ",
        ".",
        ")",
        "-\n b",
        "[x]",
        "{id}/x",
        "\"",
        ">",
        "東京",
        "）了",
        "。",
        "、",
        "」",
        "」」",
        "»",
        "”",
        "“",
        "“\"",
        // An opening mark before a bracket, which the general path reads after the authority
        // (found by the `extract` fuzz target: the lane ended the IRI before the mark).
        "“{id}/x",
        "“[x]",
        "«{x}",
        "“}",
        "“]",
        "「名」」",
        "«a»»",
        "“東 ",
        ".“ ",
        "«<",
        "„\n",
        "’s",
        "’ ",
        "–a",
        "– ",
        "–東",
        "\u{ad}x",
        "\u{a0}",
        "\u{3000}",
        "😀",
        "1\u{fe0f}\u{20e3}",
        "#\u{20e3}",
        "\u{fe0f}",
        "\u{200d}a",
        "\u{85}",
        "\u{fdd0}",
        "\u{e000}",
        "ü.",
        "ü)",
        "ü-\nx",
        "Москва",
        "\u{10300}",
        "\u{e9}\u{301}",
    ];
    let found = agree_on_every_product(&prefixes, &candidates, &suffixes);
    assert!(found > 20_000, "too few matches to compare anything: {found}");
}

/// Found by the `extract` fuzz target
/// (`fuzz/regressions/extract/lane-iri-cut-before-opening-mark-and-brace`): the lane took an
/// opening mark before `{` for the last character of an IRI, to be trimmed, and printed
/// `http://a.example/use`, where the general path reads on through the balanced braces.
#[test]
fn lane_cut_an_iri_before_an_opening_mark_and_a_brace() {
    for text in ["see http://a.example/use\u{201c}{id}/r here", "see http://a.example/use\u{ab}[x]/r here"] {
        let uris: Vec<String> =
            ExtractorBuilder::new().build().slice(text.as_bytes()).map(|m| m.uri().to_owned()).collect();
        let expected = text.strip_prefix("see ").and_then(|t| t.strip_suffix(" here")).unwrap();
        assert_eq!(uris, [expected]);
        for builder in option_sets() {
            agree(&builder, text.as_bytes(), true);
        }
    }
}

/// Found by the `extract` fuzz target
/// (`fuzz/regressions/extract/lane-iri-invalid-ip-literal-taken`): for an IRI, the lane read
/// the host with the shortcut for plain server URIs, which takes no bracket, and accepted
/// `http://[2012.38]:80/index.html/東京`, whose IP literal is neither IPv6 nor IPvFuture; the
/// general path rejects it. A bracket now leaves the host to the full validation.
#[test]
fn lane_took_an_iri_with_an_invalid_ip_literal() {
    let text = "see http://[2012.38]:80/index.html/東京 and http://[::1]:80/a/東京 here";
    let uris: Vec<String> =
        ExtractorBuilder::new().build().slice(text.as_bytes()).map(|m| m.uri().to_owned()).collect();
    assert_eq!(uris, ["http://[::1]:80/a/東京"]);
    for builder in option_sets() {
        agree(&builder, text.as_bytes(), true);
    }
}
