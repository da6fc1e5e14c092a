//! The oracles of the fuzz targets: what must hold for every input, not just "no crash".
//!
//! This file is shared: each target in `fuzz/fuzz_targets/` includes it, and so does
//! `tests/fuzz_replay.rs`, which replays the committed regression inputs and a sample of the seed
//! corpora on stable Rust. It uses only the public API of `urisift` (and `iri-string` for the
//! differential target). A violated oracle panics with a message naming the input.
#![allow(dead_code)]

use std::io::{self, Read};

use urisift::shard;
use urisift::uri::{Component, ErrorKind, Grammar, Uri};

/// Inputs larger than this are rejected by every target: the interesting structure of a URI
/// or of its context fits well within it, and big inputs only slow the fuzzer down.
pub const MAX_INPUT: usize = 64 * 1024;

const GRAMMARS: [Grammar; 3] = [Grammar::Rfc3986, Grammar::Rfc2396, Grammar::Rfc1738];

/// A reader that hands out its bytes in chunks whose sizes cycle through `sizes`, and now and
/// then reports `Interrupted` (which the extractor must retry).
pub struct ChunkedReader<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    turn: usize,
    interrupt_every: usize,
}

impl<'a> ChunkedReader<'a> {
    /// Chunk sizes cycle through `sizes` (each at least 1); every `interrupt_every`-th call fails
    /// with `Interrupted` (0 = never; 1 would fail every call, so it counts as 2: a reader that
    /// never makes progress is no test of retrying).
    pub fn new(data: &'a [u8], sizes: &[usize], interrupt_every: usize) -> Self {
        let sizes = if sizes.is_empty() { vec![1] } else { sizes.iter().map(|&s| s.max(1)).collect() };
        let interrupt_every = if interrupt_every == 1 { 2 } else { interrupt_every };
        ChunkedReader { data, sizes, turn: 0, interrupt_every }
    }
}

impl Read for ChunkedReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.turn += 1;
        if self.interrupt_every != 0 && self.turn % self.interrupt_every == 0 {
            return Err(io::Error::new(io::ErrorKind::Interrupted, "interrupted (test)"));
        }
        let size = self.sizes[self.turn % self.sizes.len()];
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// `extract`: slice extraction equals stream extraction under an arbitrary chunking — every
/// event: matches, rejected candidates and overlong ones; spans are in bounds, ordered and
/// non-overlapping; every reported reading re-validates as an absolute URI under the grammar
/// asked for, with the components the match reports; each span's source bytes hold the URI's
/// characters in order once white space is skipped (and quoted-printable decoded, for a match
/// read through it), and start and end with the URI's first and last characters. Input that
/// starts as mail is read as mail: its matches are held to the order of their starts, and not
/// to spelling their URI (see [`mail`]).
///
/// The first byte of `data` chooses the chunking and the options, the rest is the text.
pub fn extract(data: &[u8]) {
    if data.len() > MAX_INPUT || data.is_empty() {
        return;
    }
    let (ctl, text) = data.split_at(1);
    let ctl = ctl[0] as usize;
    let sizes = [1 + ctl % 7, 1 + ctl / 7 % 13, 1 + ctl % 3, 4096];
    // The high bits pick options (all off is the default extractor): each changes what is looked
    // for, and none may make the stream differ from the slice.
    let mut builder = urisift::ExtractorBuilder::new();
    builder.report_rejected(ctl & 0x80 != 0).abbreviated(ctl & 0x40 != 0).line_numbers(ctl & 0x10 != 0);
    // Quoted-printable regions of plain text decoded (asked for; off by default), in three
    // inputs of four, as the inputs found when it was the default were read.
    builder.quoted_printable(ctl % 4 != 1);
    // Defanged indicators refanged (issue 18 item 6): their spans cover the text as written.
    builder.refang(ctl & 0x04 != 0);
    // Hosts that browsers read as IPv4 addresses (issue 38, `--flag numeric-ip`).
    builder.numeric_hosts(ctl % 5 == 3);
    // URIs inside URIs (issue 38 item 2): each after its outer match, in the stream as in the
    // slice.
    builder.nested(ctl % 11 == 4);
    if ctl & 0x20 != 0 {
        builder.max_uri_len(16 + ctl % 64);
    }
    let grammar = if ctl & 0x08 != 0 { Grammar::Rfc2396 } else { Grammar::Rfc3986 };
    builder.grammar(grammar);

    let mut slice = builder.build().slice(text);
    let slice_events: Vec<urisift::Event> = std::iter::from_fn(|| slice.next_event()).collect();
    let mut stream = builder.build().reader(ChunkedReader::new(text, &sizes, 1 + ctl % 5));
    let stream_events: Vec<urisift::Event> = std::iter::from_fn(|| stream.next_event())
        .collect::<Result<_, _>>()
        .expect("an in-memory reader never fails but for Interrupted, which is retried");
    assert_eq!(slice_events.len(), stream_events.len(), "slice and stream give different events");
    for (a, b) in slice_events.iter().zip(&stream_events) {
        assert_eq!(a, b, "slice and stream extraction differ (chunks {sizes:?}, options {ctl:#04x})");
    }
    assert_eq!(slice.overlong(), stream.overlong(), "slice and stream count overlong candidates differently");
    // Events lent in place are the events given.
    let mut lent = builder.build().reader(ChunkedReader::new(text, &sizes, 1 + ctl % 5));
    let mut lent_events = Vec::new();
    while let Some(event) = lent.next_event_ref() {
        lent_events.push(event.expect("an in-memory reader never fails").clone());
    }
    assert_eq!(lent_events, stream_events, "lent and given events differ (options {ctl:#04x})");
    let mut lent = builder.build().slice(text);
    let lent_events: Vec<urisift::Event> = std::iter::from_fn(|| lent.next_event_ref().cloned()).collect();
    assert_eq!(lent_events, slice_events, "lent and given events differ on a slice (options {ctl:#04x})");
    lane_agrees(&builder, text, &slice_events, ctl);
    let all: Vec<urisift::Match> = slice_events
        .into_iter()
        .filter_map(|e| match e {
            urisift::Event::Match(m) => Some(m),
            _ => None,
        })
        .collect();
    // A nested match follows its outer match, its span inside the outer's, and is a URI.
    for (i, m) in all.iter().enumerate() {
        let Some(outer) = m.outer() else { continue };
        let outer = usize::try_from(outer).expect("an index");
        assert!(outer < i, "a nested match before its outer match: {m:?}");
        let (inner, around) = (m.span(), all[outer].span());
        assert!(around.start <= inner.start && inner.end <= around.end, "{m:?} outside {:?}", all[outer]);
        let absolute = reading_parses(m.uri(), grammar, |uri| uri.is_absolute())
            .unwrap_or_else(|e| panic!("nested URI {:?} is invalid under {grammar}: {e}", m.uri()));
        assert!(absolute, "nested URI {:?} has no scheme", m.uri());
    }
    let matches: Vec<urisift::Match> = all.into_iter().filter(|m| m.outer().is_none()).collect();
    check_matches(text, &matches, grammar);
}

/// `mail`: whole messages and mailboxes read as mail (issue 19). The first byte of `data`
/// chooses the chunking and the options, the rest is the input. It must never panic; slice
/// extraction equals stream extraction under the chunking (with `Interrupted` reads), with and
/// without the one-pass lane; every match and every other event has its spans in bounds, the
/// matches come in order of their starts with their pieces in order inside their spans, and
/// every reading re-validates as an absolute URI ([`check_matches`]). Half the inputs are
/// forced to be mail (`MailMode::On`), the other half are read as mail only when they start
/// as it (`Auto`); the seeds are messages, so most are.
pub fn mail(data: &[u8]) {
    if data.len() > MAX_INPUT || data.is_empty() {
        return;
    }
    let (ctl, text) = data.split_at(1);
    let ctl = ctl[0] as usize;
    let sizes = [1 + ctl % 11, 1 + ctl / 11 % 17, 4096, 1 + ctl % 5];
    let mut builder = urisift::ExtractorBuilder::new();
    builder
        .mail(if ctl & 0x80 != 0 { urisift::MailMode::Auto } else { urisift::MailMode::On })
        .report_rejected(ctl & 0x40 != 0)
        .line_numbers(ctl & 0x10 != 0)
        .quoted_printable(ctl % 4 != 1);
    if ctl & 0x20 != 0 {
        builder.max_uri_len(16 + ctl % 64);
    }
    if ctl & 0x08 != 0 {
        builder.mail_headers(Some(["list-unsubscribe", "x-url"]));
    }
    // A bound on messages that inputs reach, so that messages read as plain text between
    // messages read as mail are fuzzed too.
    if ctl & 0x04 != 0 {
        builder.mail_message_max(32 + ctl * 3);
    }
    let mut slice = builder.build().slice(text);
    let slice_events: Vec<urisift::Event> = std::iter::from_fn(|| slice.next_event()).collect();
    let mut stream = builder.build().reader(ChunkedReader::new(text, &sizes, 1 + ctl % 5));
    let stream_events: Vec<urisift::Event> = std::iter::from_fn(|| stream.next_event())
        .collect::<Result<_, _>>()
        .expect("an in-memory reader never fails but for Interrupted, which is retried");
    assert_eq!(
        slice_events, stream_events,
        "slice and stream extraction differ (chunks {sizes:?}, options {ctl:#04x})"
    );
    assert_eq!(slice.overlong(), stream.overlong(), "slice and stream count overlong candidates differently");
    assert_eq!(slice.plain_from(), stream.plain_from(), "slice and stream stop reading mail differently");
    assert_eq!(
        slice.long_messages(),
        stream.long_messages(),
        "slice and stream count long messages differently"
    );
    lane_agrees(&builder, text, &slice_events, ctl);
    shards_agree(&builder, text, &slice_events, ctl);
    runs_agree(&builder.build(), text, &slice_events, ctl);
    let len = text.len() as u64;
    let mut matches = Vec::new();
    for event in slice_events {
        match event {
            urisift::Event::Match(m) => matches.push(m),
            urisift::Event::Rejected(r) => {
                assert!(r.span().start <= r.span().end && r.outer_span().end <= len, "{r:?}");
            }
            urisift::Event::Overlong(o) => {
                assert!(o.span().start <= o.span().end && o.span().end <= len, "{o:?}")
            }
            _ => {}
        }
    }
    check_matches(text, &matches, Grammar::Rfc3986);
}

/// The events of `text` in three ranges, cut at a point `ctl` picks and just after the first
/// `From ` line that follows it, one after another, are `whole` (mail shards own the messages
/// whose separator line starts in them; see the crate docs, "Shards").
fn shards_agree(builder: &urisift::ExtractorBuilder, text: &[u8], whole: &[urisift::Event], ctl: usize) {
    let first = ctl * 131 % (text.len() + 1);
    let second =
        text[first..].windows(6).position(|w| w == b"\nFrom ").map_or(text.len(), |at| first + at + 2);
    let mut events = Vec::new();
    for range in [0..first, first..second, second..text.len()] {
        let mut shard = builder.build().slice_range(text, range);
        events.extend(std::iter::from_fn(|| shard.next_event()));
    }
    assert!(events == whole, "shards cut at {first} and {second} differ from the whole (options {ctl:#04x})");
}

/// An mbox read as mail, cut into runs of whole messages of at least a length `ctl` picks
/// (`mbox_cut`) and each run read apart (`reader_messages`, or in place: `slice_messages`),
/// the rest read in one piece where the cut finds no more: the runs' events, one after
/// another, are `whole`.
fn runs_agree(finder: &urisift::UriFinder, text: &[u8], whole: &[urisift::Event], ctl: usize) {
    if !text.starts_with(b"From ") || !shard::reads_as_mail(finder, text, true) {
        return;
    }
    let want = 1 + ctl * 37 % (text.len() + 1);
    let (mut at, mut from) = (shard::MessageStart::default(), 0);
    let mut events = Vec::new();
    // Runs read in place and by a reader take turns, the first either way as `ctl` says (a
    // bit no option takes).
    let mut in_place = ctl & 1 == 1;
    loop {
        let cut = shard::mbox_cut(finder, &text[from..], at, want);
        let len = match cut {
            shard::MboxCut::At { len, .. } => len,
            _ => text.len() - from,
        };
        let run = &text[from..from + len];
        if in_place {
            let mut run = shard::slice_messages(finder, run, at);
            events.extend(std::iter::from_fn(|| run.next_event()));
        } else {
            let mut run = shard::reader_messages(finder, run, at);
            events.extend(std::iter::from_fn(|| run.next_event()).map(|e| e.expect("a slice reads")));
        }
        in_place = !in_place;
        match cut {
            shard::MboxCut::At { len, next } => {
                assert!(len > 0 && next.offset() == (from + len) as u64, "a cut moves on to its offset");
                (at, from) = (next, from + len);
            }
            _ => break,
        }
    }
    assert!(events == whole, "runs of {want} differ from the whole (options {ctl:#04x})");
}

/// The per-match invariants of [`extract`].
pub fn check_matches(text: &[u8], matches: &[urisift::Match], grammar: Grammar) {
    let (mut last_end, mut last_start) = (0u64, 0u64);
    for m in matches {
        let (span, outer) = (m.span(), m.outer_span());
        assert!(outer.start <= span.start && span.start < span.end && span.end <= outer.end, "{m:?}");
        assert!(outer.end <= text.len() as u64, "span out of bounds: {m:?}");
        if m.origin().is_some() {
            // Read as mail, matches come in the order of their starts; the sources of
            // neighbouring decoded bytes may share input bytes (a base64 group of four
            // characters gives three bytes), so one may start inside the last one's last group.
            assert!(span.start >= last_start, "matches out of order: {m:?}");
        } else {
            assert!(outer.start >= last_end, "matches overlap or are out of order: {m:?}");
        }
        last_end = outer.end;
        last_start = span.start;
        let pieces = m.pieces();
        assert_eq!(pieces.first().map(|p| p.start), Some(span.start), "first piece: {m:?}");
        assert_eq!(pieces.last().map(|p| p.end), Some(span.end), "last piece: {m:?}");
        assert!(pieces.iter().all(|p| p.start < p.end), "empty piece: {m:?}");
        assert!(pieces.windows(2).all(|w| w[0].end <= w[1].start), "pieces out of order: {m:?}");
        if let Some(line) = m.line() {
            let newlines = text[..span.start as usize].iter().filter(|&&b| b == b'\n').count();
            assert_eq!(line, 1 + newlines as u64, "line number of {m:?}");
        }
        // The text is kept as bytes and viewed as `str` on demand: both views agree, and it is
        // UTF-8, which the view relies on: ASCII but for an IRI, the default reading.
        assert!(std::str::from_utf8(m.uri_bytes()).is_ok() && !m.uri_bytes().is_empty(), "{m:?}");
        assert!(m.uri_bytes().is_ascii() || grammar == Grammar::Rfc3986, "{m:?}");
        assert_eq!(m.uri().as_bytes(), m.uri_bytes(), "{m:?}");
        let readings = m.readings();
        assert_eq!(readings.first().copied(), Some(m.uri()), "{m:?}");
        for r in &readings {
            // An abbreviated URL is validated "as if `http://` stood before it" (seed 000 App. F).
            let full = if m.is_abbreviated() { format!("http://{r}") } else { (*r).to_owned() };
            let absolute = reading_parses(&full, grammar, |uri| uri.is_absolute())
                .unwrap_or_else(|e| panic!("reported URI {r:?} is invalid under {grammar}: {e}"));
            assert!(absolute, "reported URI {r:?} has no scheme");
        }
        if !m.is_abbreviated() {
            let parsed = m.parsed();
            let spans = |uri: &Uri<'_>| COMPONENTS.map(|c| uri.span(c));
            let reparsed = reading_parses(m.uri(), grammar, |uri| spans(uri)).expect("checked above");
            assert_eq!(spans(&parsed), reparsed, "the components of {m:?} are not the parser's");
        }
        // Read as mail, a URI may be decoded from base64, a charset or HTML character
        // references: its span holds its source, but does not spell it; nor does a refanged
        // indicator's (`hxxp://a[.]b` is `http://a.b`).
        if m.origin().is_some() || m.is_refanged() {
            continue;
        }
        let raw = &text[span.start as usize..span.end as usize];
        // The issue states this property on the source bytes. A match read through
        // quoted-printable (RFC 2045 §6.7: `=3D` is `=`, `=` before a line end is nothing) or
        // through a JSON string's escapes (RFC 8259 §7: `\/` is `/`) holds characters its source
        // spells in escapes, so its source is decoded first.
        let source = if m.is_quoted_printable() {
            qp_decode(raw)
        } else if m.rewrite() == Some(urisift::Rewrite::JsonEscapes) {
            // Escaped once, or, in a JSON document kept as a string of another, up to three
            // times (rule 14): each level decoded while an escape is left.
            let mut decoded = json_decode(raw);
            for _ in 0..2 {
                if decoded.contains(&b'\\') {
                    decoded = json_decode(&decoded);
                }
            }
            decoded
        } else {
            raw.to_vec()
        };
        let mut rest = source.iter().copied().filter(|b| !b.is_ascii_whitespace());
        for want in m.uri().bytes() {
            assert!(rest.any(|b| b == want), "URI {:?} is not spelled out by its span {:?}", m.uri(), span);
        }
        // A quoted-printable match is decoded (`=3D` reads `=`), so only its first byte is sure
        // to be spelled as it stands in the source.
        assert_eq!(source.first(), m.uri().as_bytes().first(), "span must start at the URI: {m:?}");
        if !m.is_quoted_printable() {
            assert_eq!(source.last(), m.uri().as_bytes().last(), "span must end at the URI: {m:?}");
        }
    }
}

/// Quoted-printable decoding (RFC 2045 §6.7): `=` and two hex digits is that byte; `=`, optional
/// blanks and a line end is a soft line break, removed; anything else stands for itself.
/// The JSON string escapes of `raw` decoded (RFC 8259 §7), a surrogate pair as one character;
/// other bytes as they are.
fn json_decode(raw: &[u8]) -> Vec<u8> {
    let unit = |at: usize| {
        let hex = raw.get(at..at + 6).filter(|h| h.starts_with(b"\\u"))?;
        u32::from_str_radix(std::str::from_utf8(&hex[2..]).ok()?, 16).ok()
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        let (c, len) = match (raw[i], raw.get(i + 1)) {
            (b'\\', Some(&b @ (b'/' | b'"' | b'\\'))) => (char::from(b), 2),
            (b'\\', Some(b'u')) => match unit(i) {
                Some(high @ 0xd800..0xdc00) => match unit(i + 6) {
                    Some(low @ 0xdc00..0xe000) => (
                        char::from_u32(0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00)).unwrap_or('?'),
                        12,
                    ),
                    _ => (char::from(raw[i]), 1),
                },
                Some(u) => (char::from_u32(u).unwrap_or('?'), 6),
                None => (char::from(raw[i]), 1),
            },
            _ => {
                out.push(raw[i]);
                i += 1;
                continue;
            }
        };
        let mut buf = [0; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        i += len;
    }
    out
}

fn qp_decode(raw: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'=' {
            if let (Some(h), Some(l)) =
                (raw.get(i + 1).and_then(|&b| hex(b)), raw.get(i + 2).and_then(|&b| hex(b)))
            {
                out.push(h << 4 | l);
                i += 3;
                continue;
            }
            let blanks = raw[i + 1..].iter().take_while(|&&b| b == b' ' || b == b'\t').count();
            let after = &raw[i + 1 + blanks..];
            let eol = if after.starts_with(b"\r\n") {
                2
            } else {
                usize::from(after.first().is_some_and(|&b| b == b'\n' || b == b'\r'))
            };
            if eol > 0 {
                i += 1 + blanks + eol;
                continue;
            }
        }
        out.push(raw[i]);
        i += 1;
    }
    out
}

/// `parse`: for each grammar a valid URI's components re-concatenate to the input exactly, agree
/// with their spans and with the split of the Appendix B regular expression (seed 000 and
/// RFC 3986 App. B: every valid reference splits that way); an error's index lies in the input,
/// on a character boundary; nothing panics on any input.
pub fn parse(data: &[u8]) {
    if data.len() > MAX_INPUT {
        return;
    }
    let text = String::from_utf8_lossy(data);
    for grammar in GRAMMARS {
        let uri = match Uri::parse_with(&text, grammar) {
            Ok(uri) => uri,
            Err(e) => {
                let at = e.index();
                assert!(
                    text.is_char_boundary(at),
                    "{grammar}: error index {at} of {text:?} is not a boundary: {e}"
                );
                continue;
            }
        };
        assert_eq!(recompose(&uri), text, "{grammar}: components do not re-concatenate");
        let split = [uri.scheme(), uri.authority(), Some(uri.path()), uri.query(), uri.fragment()];
        assert_eq!(split, appendix_b(&text), "{grammar}: the split of {text:?} is not Appendix B's");
        if let Some(authority) = uri.authority() {
            let host = uri.host().expect("a defined authority has a defined host");
            let mut again = String::new();
            if let Some(u) = uri.userinfo() {
                again.push_str(u);
                again.push('@');
            }
            again.push_str(host);
            if let Some(p) = uri.port() {
                again.push(':');
                again.push_str(p);
            }
            assert_eq!(again, authority, "{grammar}: authority does not re-concatenate");
        }
        for (component, value) in [
            (Component::Scheme, uri.scheme()),
            (Component::Authority, uri.authority()),
            (Component::Userinfo, uri.userinfo()),
            (Component::Host, uri.host()),
            (Component::Port, uri.port()),
            (Component::Path, Some(uri.path())),
            (Component::Query, uri.query()),
            (Component::Fragment, uri.fragment()),
        ] {
            assert_eq!(uri.span(component).map(|r| &text[r]), value, "{grammar}: span of {component:?}");
        }
        if let Some(urn) = uri.urn() {
            check_urn(&text, &uri, &urn);
        }
    }
}

/// A URN's parts refine the generic split: `NID ":" NSS` is the path, its query and fragment are
/// the URI's, and each part agrees with its span. Under RFC 8141 the query is the r- and
/// q-components with their markers (`+r?=q`, §2).
fn check_urn(text: &str, uri: &Uri<'_>, urn: &urisift::uri::Urn<'_>) {
    use urisift::uri::UrnComponent as C;
    let grammar = uri.grammar();
    assert_eq!(format!("{}:{}", urn.nid(), urn.nss()), uri.path(), "{grammar}: URN NID:NSS of {text:?}");
    assert_eq!(urn.query(), uri.query(), "{grammar}: URN query of {text:?}");
    assert_eq!(urn.fragment(), uri.fragment(), "{grammar}: URN fragment of {text:?}");
    assert_eq!(urn.assigned_name(), &text[..4 + uri.path().len()], "{grammar}: assigned name of {text:?}");
    if grammar == Grammar::Rfc3986 {
        let rq = match (urn.r_component(), urn.q_component()) {
            (None, None) => None,
            (Some(r), None) => Some(format!("+{r}")),
            (None, Some(q)) => Some(format!("={q}")),
            (Some(r), Some(q)) => Some(format!("+{r}?={q}")),
        };
        assert_eq!(rq.as_deref(), urn.query(), "{grammar}: r- and q-components of {text:?}");
    } else {
        assert_eq!((urn.r_component(), urn.q_component()), (None, None), "{grammar}: draft-03 has no r/q");
    }
    for (component, value) in [
        (C::Nid, Some(urn.nid())),
        (C::Nss, Some(urn.nss())),
        (C::Query, urn.query()),
        (C::RComponent, urn.r_component()),
        (C::QComponent, urn.q_component()),
        (C::Fragment, urn.fragment()),
    ] {
        assert_eq!(urn.span(component).map(|r| &text[r]), value, "{grammar}: URN span of {component:?}");
    }
}

/// Rebuilds a URI reference from its five top-level components (RFC 3986 §5.3).
pub fn recompose(uri: &Uri<'_>) -> String {
    let mut s = String::new();
    if let Some(scheme) = uri.scheme() {
        s.push_str(scheme);
        s.push(':');
    }
    if let Some(authority) = uri.authority() {
        s.push_str("//");
        s.push_str(authority);
    }
    s.push_str(uri.path());
    if let Some(q) = uri.query() {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = uri.fragment() {
        s.push('#');
        s.push_str(f);
    }
    s
}

/// The split of `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` (RFC 3986 App. B):
/// scheme, authority, path, query, fragment. Written out here, apart from the parser's own.
pub fn appendix_b(s: &str) -> [Option<&str>; 5] {
    let mut rest = s;
    let mut scheme = None;
    if let Some(i) = rest.find([':', '/', '?', '#'])
        && i > 0
        && rest[i..].starts_with(':')
    {
        scheme = Some(&rest[..i]);
        rest = &rest[i + 1..];
    }
    let mut authority = None;
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find(['/', '?', '#']).unwrap_or(after.len());
        authority = Some(&after[..end]);
        rest = &after[end..];
    }
    let (rest, fragment) = match rest.split_once('#') {
        Some((r, f)) => (r, Some(f)),
        None => (rest, None),
    };
    let (path, query) = match rest.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (rest, None),
    };
    [scheme, authority, Some(path), query, fragment]
}

/// Splits `data` into two strings at the first NUL or newline (the second may be empty).
fn two_strings(data: &[u8]) -> (String, String) {
    let at = data.iter().position(|&b| b == 0 || b == b'\n').unwrap_or(data.len());
    let second = data.get(at + 1..).unwrap_or_default();
    (String::from_utf8_lossy(&data[..at]).into_owned(), String::from_utf8_lossy(second).into_owned())
}

/// `resolve`: a reference resolved against a base is an absolute URI that is valid under the
/// generic syntax (RFC 3986 §5.2 can give what a scheme's own rules reject: `http:g`), and
/// resolution reaches a fixed point: resolving the result once more removes any dot segments the
/// base path had (an empty reference keeps the base path as it is), after which it is stable.
/// The target is the one `iri-string` computes (strict RFC 3986 §5.2, with the same WHATWG
/// `/.` repair of a path that would read as an authority). Never panics.
pub fn resolve(data: &[u8]) {
    if data.len() > MAX_INPUT {
        return;
    }
    let (base, reference) = two_strings(data);
    let Ok(target) = urisift::uri::resolve(&base, &reference) else { return };
    match Uri::parse(&target) {
        Ok(uri) => assert!(uri.is_absolute(), "resolved {target:?} has no scheme"),
        Err(e) => assert!(is_scheme_rule(e.kind()), "resolved {target:?} is invalid: {e}"),
    }
    // iri-string takes `%2E` for `.` in dot segments (as the WHATWG URL Standard does); RFC 3986
    // §5.2.4 removes the literal segments "." and ".." only, and leaves decoding `%2E` to
    // normalization (§2.3, §6.2.2.2), and so do we. Compare on inputs with `%2E` decoded, which
    // RFC 3986 calls equivalent. (Every `%` of a valid reference starts an escape, so each
    // "%2e" found is one.)
    let dots = |s: &str| s.replace("%2e", ".").replace("%2E", ".");
    let (d_base, d_reference) = (dots(&base), dots(&reference));
    // §5.2.1: the base's fragment plays no part; iri-string wants a base without one.
    let base_sans_fragment = d_base.split_once('#').map_or(d_base.as_str(), |(b, _)| b);
    if let (Ok(b), Ok(r)) = (
        iri_string::types::UriAbsoluteStr::new(base_sans_fragment),
        iri_string::types::UriReferenceStr::new(&d_reference),
    ) {
        let ours =
            urisift::uri::resolve(&d_base, &d_reference).expect("decoding `%2E` keeps a reference valid");
        let theirs = r.resolve_against(b).to_string();
        assert_eq!(ours, theirs, "{d_base:?} + {d_reference:?}: we resolve differently from iri-string");
    }
    let again = urisift::uri::resolve(&base, &target).expect("a resolved URI resolves again");
    let third = urisift::uri::resolve(&base, &again).expect("a resolved URI resolves again");
    assert_eq!(third, again, "resolution does not reach a fixed point for {base:?} + {reference:?}");
}

/// `normalize`: under each grammar, a normal form is valid under that grammar and normalizing it
/// again changes nothing (as [`Uri::normalized`] promises); equivalence is reflexive and
/// symmetric, holds between a URI and its normal form, and agrees with equal normal forms.
/// [`urisift::uri::normalize`] is the default grammar's normal form.
pub fn normalize(data: &[u8]) {
    if data.len() > MAX_INPUT {
        return;
    }
    let (a, b) = two_strings(data);
    for s in [&a, &b] {
        if let Ok(n) = urisift::uri::normalize(s) {
            let uri = Uri::parse(s).expect("what normalizes, parses");
            assert_eq!(uri.normalized(), n, "normalize({s:?}) is not Uri::normalized");
        }
        for grammar in GRAMMARS {
            let Ok(orig) = Uri::parse_with(s, grammar) else { continue };
            let n = orig.normalized();
            let uri = Uri::parse_with(&n, grammar)
                .unwrap_or_else(|e| panic!("{grammar}: normal form {n:?} of {s:?} is invalid: {e}"));
            assert_eq!(uri.normalized(), n, "{grammar}: normalizing {s:?} twice changed it");
            assert!(orig.is_equivalent(&orig), "{grammar}: {s:?} is not equivalent to itself");
            assert!(orig.is_equivalent(&uri), "{grammar}: {s:?} is not equivalent to its normal form {n:?}");
            assert!(uri.is_equivalent(&orig), "{grammar}: normal form {n:?} is not equivalent to {s:?}");
        }
    }
    for grammar in GRAMMARS {
        if let (Ok(ua), Ok(ub)) = (Uri::parse_with(&a, grammar), Uri::parse_with(&b, grammar)) {
            assert_eq!(
                ua.is_equivalent(&ub),
                ub.is_equivalent(&ua),
                "{grammar}: equivalence is not symmetric"
            );
            assert_eq!(
                ua.is_equivalent(&ub),
                ua.normalized() == ub.normalized(),
                "{grammar}: {a:?} vs {b:?}: equivalence is not equality of normal forms"
            );
        }
    }
}

/// Whether an error comes from the scheme-specific rules (which iri-string does not know).
fn is_scheme_rule(kind: &ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::MissingHost(_)
            | ErrorKind::Scheme(_)
            | ErrorKind::InvalidNid
            | ErrorKind::ReservedNid
            | ErrorKind::Urn(_)
    )
}

/// `differential`: RFC 3986 validity and the component split agree with the `iri-string` crate
/// (strict RFC 3986), except where our scheme-specific rules reject what the generic syntax allows;
/// then the same reference under a scheme without rules of its own is accepted. The same for
/// RFC 3987 IRIs (`differential_iri`).
pub fn differential(data: &[u8]) {
    if data.len() > MAX_INPUT {
        return;
    }
    let Ok(text) = std::str::from_utf8(data) else { return };
    let theirs = iri_string::types::UriReferenceStr::new(text);
    match (Uri::parse_with(text, Grammar::Rfc3986), theirs) {
        (Ok(ours), Ok(theirs)) => {
            assert_eq!(ours.scheme(), theirs.scheme_str(), "scheme of {text:?}");
            assert_eq!(ours.authority(), theirs.authority_str(), "authority of {text:?}");
            assert_eq!(ours.path(), theirs.path_str(), "path of {text:?}");
            assert_eq!(ours.query(), theirs.query_str(), "query of {text:?}");
            assert_eq!(ours.fragment(), theirs.fragment_str(), "fragment of {text:?}");
            if let Some(c) = theirs.authority_components() {
                assert_eq!(ours.userinfo(), c.userinfo(), "userinfo of {text:?}");
                assert_eq!(ours.host(), Some(c.host()), "host of {text:?}");
                assert_eq!(ours.port(), c.port(), "port of {text:?}");
            }
        }
        (Ok(_), Err(e)) => panic!("{text:?}: we accept, iri-string rejects ({e})"),
        (Err(e), Ok(theirs)) => {
            assert!(is_scheme_rule(e.kind()), "{text:?}: iri-string accepts, we reject ({e})");
            // The same reference under a scheme with no rules of its own: the generic syntax
            // alone decides, and it accepts.
            let scheme = theirs.scheme_str().expect("scheme rules apply only to a URI with a scheme");
            let neutral = format!("x-fuzz{}", &text[scheme.len()..]);
            if let Err(e2) = Uri::parse_with(&neutral, Grammar::Rfc3986) {
                panic!("{text:?}: rejected by the rule of its scheme ({e}), but {neutral:?} too ({e2})");
            }
        }
        (Err(_), Err(_)) => {}
    }
    differential_iri(text);
}

/// The IRI half of `differential`: RFC 3987 validity and the component split agree with
/// `iri-string`'s `IriReferenceStr`, but where a scheme rule (checked on the mapped URI, RFC 3987
/// §3.1) rejects; every valid IRI maps to a valid URI, which maps to itself; an ASCII input is
/// an IRI exactly when it is a URI, with the same components; an error's index is a character
/// boundary; the normal form is a valid IRI that normalizes to itself, and is equivalent to it.
fn differential_iri(text: &str) {
    let theirs = iri_string::types::IriReferenceStr::new(text);
    match (Uri::parse_iri(text), theirs) {
        (Ok(ours), Ok(theirs)) => {
            assert_eq!(ours.scheme(), theirs.scheme_str(), "IRI scheme of {text:?}");
            assert_eq!(ours.authority(), theirs.authority_str(), "IRI authority of {text:?}");
            assert_eq!(ours.path(), theirs.path_str(), "IRI path of {text:?}");
            assert_eq!(ours.query(), theirs.query().map(|q| q.as_str()), "IRI query of {text:?}");
            assert_eq!(ours.fragment(), theirs.fragment().map(|f| f.as_str()), "IRI fragment of {text:?}");
            if let Some(c) = theirs.authority_components() {
                assert_eq!(ours.userinfo(), c.userinfo(), "IRI userinfo of {text:?}");
                assert_eq!(ours.host(), Some(c.host()), "IRI host of {text:?}");
                assert_eq!(ours.port(), c.port(), "IRI port of {text:?}");
            }
            let mapped = urisift::uri::iri_to_uri(ours.as_str());
            let uri =
                Uri::parse(&mapped).unwrap_or_else(|e| panic!("{text:?} maps to {mapped:?}, no URI: {e}"));
            assert_eq!(urisift::uri::iri_to_uri(&mapped), mapped, "mapping {text:?} twice");
            assert!(ours.is_equivalent(&uri) && uri.is_equivalent(&ours), "{text:?} and its URI {mapped:?}");
            let n = ours.normalized();
            let again =
                Uri::parse_iri(&n).unwrap_or_else(|e| panic!("IRI normal form {n:?} of {text:?}: {e}"));
            assert_eq!(again.normalized(), n, "normalizing the IRI {text:?} twice changed it");
            assert!(ours.is_equivalent(&again), "IRI {text:?} is not equivalent to its normal form {n:?}");
        }
        (Ok(_), Err(e)) => panic!("{text:?}: we accept the IRI, iri-string rejects it ({e})"),
        (Err(e), Ok(_)) => {
            assert!(is_scheme_rule(e.kind()), "{text:?}: iri-string accepts the IRI, we reject it ({e})")
        }
        (Err(e), Err(_)) => assert!(text.is_char_boundary(e.index()), "{text:?}: error index {e}"),
    }
    if text.is_ascii() {
        let (a, b) = (Uri::parse_iri(text), Uri::parse(text));
        assert_eq!(
            a.as_ref().map(Uri::span_list),
            b.as_ref().map(Uri::span_list),
            "{text:?}: IRI and URI differ"
        );
    }
}

/// The spans of every component, to compare two parses.
trait SpanList {
    fn span_list(&self) -> Vec<Option<urisift::Span>>;
}

impl SpanList for Uri<'_> {
    fn span_list(&self) -> Vec<Option<urisift::Span>> {
        COMPONENTS.into_iter().map(|c| self.span(c)).collect()
    }
}

/// The one-pass lane for common URIs decides exactly as the general path would: `events` (the
/// slice's, lane on) are what the general path alone finds in `text`.
fn lane_agrees(builder: &urisift::ExtractorBuilder, text: &[u8], events: &[urisift::Event], ctl: usize) {
    let mut general = builder.clone();
    general.one_pass(false);
    let mut general = general.build().slice(text);
    let general_events: Vec<urisift::Event> = std::iter::from_fn(|| general.next_event()).collect();
    assert_eq!(events, general_events, "the one-pass lane and the general path differ (options {ctl:#04x})");
}

/// Every component, for comparing the spans of two parses.
const COMPONENTS: [Component; 8] = [
    Component::Scheme,
    Component::Authority,
    Component::Userinfo,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];

/// `f` of a reported reading parsed as the extractor reads it: as a URI in `grammar`, or, under
/// RFC 3986 (the default reading, issue 18), as an IRI whose balanced brackets after the
/// authority stand in as `~` (`?ids[]=1`, `/users/{id}`; the crate docs, "Brackets"), or as a
/// mailto as it is sent (issue 36, the crate docs' rule 15): valid when its RFC 6068 form
/// ([`mailto_in_rfc6068_form`]) is, with the components the generic syntax gives it (read
/// under a scheme of the same length that has no rules of its own).
fn reading_parses<T>(
    text: &str,
    grammar: Grammar,
    f: impl Fn(&Uri<'_>) -> T,
) -> Result<T, urisift::uri::ParseError> {
    match Uri::parse_with(text, grammar) {
        Ok(uri) => Ok(f(&uri)),
        Err(e) if grammar != Grammar::Rfc3986 => Err(e),
        Err(e) => {
            // Only after `scheme://` and its authority: an opaque URI holds no brackets.
            let colon = text.find(':').unwrap_or(text.len());
            let authority = text[colon..].starts_with("://").then_some(colon + 3);
            let path = authority
                .map_or(text.len(), |a| text[a..].find(['/', '?', '#']).map_or(text.len(), |p| a + p));
            let (head, tail) = text.split_at(path);
            let shadow = format!("{head}{}", tail.replace(['[', ']', '{', '}'], "~"));
            if let Ok(found) = Uri::parse_iri(&shadow).map(|uri| f(&uri)) {
                return Ok(found);
            }
            match mailto_in_rfc6068_form(text) {
                Some(form) if Uri::parse_iri(&form).is_ok() => {
                    Uri::parse_iri(&format!("mailtx{}", &text[6..])).map(|uri| f(&uri)).map_err(|_| e)
                }
                _ => Err(e),
            }
        }
    }
}

/// A `mailto` URI with a query, rewritten into RFC 6068's form: the query's empty fields
/// dropped, a field without `=` given one, and `/`, `?` and `=` inside a field's name or value
/// percent-encoded. RFC 6068 §2 accepts the result exactly when the reading as sent (the
/// generic syntax with the same address rules) accepts the original. `None` for any other URI.
fn mailto_in_rfc6068_form(text: &str) -> Option<String> {
    if !text.get(..7)?.eq_ignore_ascii_case("mailto:") {
        return None;
    }
    let (head, fragment) = text.split_at(text.find('#').unwrap_or(text.len()));
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
