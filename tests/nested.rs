//! Nested matches (issue 38 item 2; crate docs rule 16) over every file of `corpus/` and
//! `tests/data/`, and over inputs built to hold many: with `nested(true)` the other events are
//! those without it, in the same order; each nested match comes after its outer one, one level
//! deeper, its span inside the outer's; readers in any chunks and ranges agree with the slice.

mod common;

use std::path::Path;

use urisift::{Delimiter, Event, ExtractorBuilder, Flag, Match};

/// Checks the nesting of `events` (the events of one scan) against `plain` (the scan's events
/// without nesting); returns how many nested matches there were.
fn check_nesting(events: &[Event], plain: &[Event], what: &str) -> usize {
    let outer_of_text: Vec<&Event> =
        events.iter().filter(|e| !matches!(e, Event::Match(m) if m.outer().is_some())).collect();
    assert!(outer_of_text.iter().copied().eq(plain.iter()), "{what}: the other events changed");
    let matches: Vec<&Match> = events
        .iter()
        .filter_map(|e| match e {
            Event::Match(m) => Some(m),
            _ => None,
        })
        .collect();
    let mut nested = 0;
    for (i, m) in matches.iter().enumerate() {
        let Some(outer) = m.outer() else {
            assert_eq!((m.depth(), m.delimiter() == Delimiter::Nested), (0, false), "{what}: {m:?}");
            continue;
        };
        nested += 1;
        let outer = usize::try_from(outer).unwrap();
        assert!(outer < i, "{what}: the outer match of {m:?} comes after it");
        let o = matches[outer];
        assert_eq!(m.depth(), o.depth() + 1, "{what}: {m:?} in {o:?}");
        assert!(m.depth() <= urisift::NESTED_DEPTH);
        assert_eq!(m.delimiter(), Delimiter::Nested);
        assert!(m.flags().contains(Flag::Nested));
        let (span, outer_span) = (m.span(), o.span());
        assert!(outer_span.start <= span.start && span.end <= outer_span.end, "{what}: {m:?} outside {o:?}");
        // Between the outer match and this one, only matches nested deeper in that one.
        assert!(matches[outer + 1..i].iter().all(|between| between.depth() > o.depth()), "{what}: {m:?}");
        // A URI as the extractor reads it in a text of its own.
        let alone: Vec<Match> = urisift::extract_str(m.uri()).collect();
        assert_eq!(alone.len(), 1, "{what}: {:?} is no URI alone", m.uri());
        assert_eq!(alone[0].uri(), m.uri());
    }
    nested
}

#[test]
fn corpus_and_test_data_nest_consistently() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = common::files_under(&root.join("corpus"));
    files.extend(common::files_under(&root.join("tests/data")));
    let (plain, nested) = (ExtractorBuilder::new(), {
        let mut b = ExtractorBuilder::new();
        b.nested(true);
        b
    });
    let mut total = 0;
    for path in files.iter().filter(|p| !p.components().any(|c| c.as_os_str() == "expected")) {
        let input = std::fs::read(path).unwrap();
        let what = path.display().to_string();
        let events = common::slice_events(&nested, &input);
        total += check_nesting(&events, &common::slice_events(&plain, &input), &what);
        // A reader in small chunks nests what it finds as the slice does (whether it finds
        // what the slice finds is `tests/extract.rs`'s to say).
        let chunks = [5, 1, 13, 2];
        let streamed = common::reader_events(&nested, common::ChunkedReader::new(&input, &chunks));
        let plain_streamed = common::reader_events(&plain, common::ChunkedReader::new(&input, &chunks));
        check_nesting(&streamed, &plain_streamed, &format!("{what}, read in chunks"));
        if plain_streamed == common::slice_events(&plain, &input) {
            assert!(streamed == events, "{what}: {}", common::first_difference(&events, &streamed));
        }
        let lent = common::lent_reader_events(&nested, &input[..]);
        assert!(lent == events, "{what}: lent events differ");
    }
    // The corpus's logs and mail hold redirects: the test is not vacuous.
    assert!(total > 50, "{total} nested matches");
}

/// Rewritten links among text, at every chunking: each batch of the engine gets its nested
/// matches, wherever the reader's reads fall.
#[test]
fn chunkings_agree_on_many_nested_links() {
    let mut text = String::new();
    for i in 0..40 {
        text.push_str(&format!(
            "{i}: https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa{i}.example%2Fp&data=x \
             <https://urldefense.proofpoint.com/v2/url?u=https-3A__b{i}.example_q&d=y> \
             mailto:x@y.example?subject=see%20http%3A%2F%2Fc{i}.example%2F \"https://urldefense.com/v3/__https://d{i}.example/r__;!!z$\"\n"
        ));
    }
    let mut nested = ExtractorBuilder::new();
    nested.nested(true).line_numbers(true);
    let found = common::matches_with(&nested, text.as_bytes());
    assert_eq!(found.len(), 40 * 8);
    let inner: Vec<&str> = found.iter().filter(|m| m.outer().is_some()).take(4).map(|m| m.uri()).collect();
    assert_eq!(
        inner,
        ["https://a0.example/p", "https://b0.example/q", "http://c0.example/", "https://d0.example/r"]
    );
    // Lines of nested matches are those of their text.
    assert!(
        found
            .iter()
            .all(|m| m.line() == Some(1 + text[..m.span().start as usize].matches('\n').count() as u64))
    );
}

/// A range's scan gives the whole scan's matches it owns, each with its nested ones; their
/// `outer` counts the range's matches.
#[test]
fn ranges_keep_nested_matches_with_their_outer() {
    let mut text = String::new();
    for i in 0..300 {
        text.push_str(&format!("line {i} https://www.google.com/url?q=https%3A%2F%2Fe{i}.example%2F&sa=D\n"));
    }
    let finder = ExtractorBuilder::new().nested(true).build();
    let whole: Vec<Match> = finder.slice(text.as_bytes()).collect();
    let cuts = [0, 1000, 1001, 5000, 7777, text.len()];
    let mut joined = Vec::new();
    for pair in cuts.windows(2) {
        let part: Vec<Match> = finder.slice_range(text.as_bytes(), pair[0]..pair[1]).collect();
        for (i, m) in part.iter().enumerate() {
            if let Some(outer) = m.outer() {
                assert_eq!(outer as usize + 1, i, "a range counts its own matches");
            }
        }
        joined.extend(part);
    }
    let uris =
        |ms: &[Match]| ms.iter().map(|m| (m.uri().to_owned(), m.span(), m.depth())).collect::<Vec<_>>();
    assert_eq!(uris(&joined), uris(&whole));
}
