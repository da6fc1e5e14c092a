//! What a record gives: the URI-bearing fields of its HTTP head, and its payload decoded as a
//! reader sees it — the transfer coding and content codings undone (RFC 9112 §7.1,
//! RFC 9110 §8.4), the charset decoded (a BOM, the `Content-Type`'s `charset`, or for HTML a
//! `<meta>` declaration, in the order of the WHATWG encoding sniffing), an HTML page read as
//! its links and visible text (`decode::html`), other text as it is.
//!
//! Positions: where the payload has no content coding, every decoded byte maps to its bytes
//! in the input, through the chunking and the charset. A content coding (gzip, br, …) has no
//! map from a decoded byte to the coded bytes it came from; the text decoded from it maps as
//! a whole to the coded payload ([`super::Segment::coded`]).

use core::ops::Range;
use std::sync::Arc;

use super::http::{self, Coding, Undone};
use super::segment::{Found, Record, Segment, Tally};
use crate::decode::mail::mime::{ContentType, is_ascii_label};
use crate::decode::mail::{SegmentText, Wanted};
use crate::decode::{Decoded, charset, html};

/// How the text being decoded maps to the input.
enum Source {
    /// The text is the input's bytes from this offset, as they are.
    Input(u64),
    /// Each byte maps to the input through these positions (`Decoded::base` an input offset).
    Map(Decoded),
    /// The text was decoded from a content coding: it maps as a whole to these input bytes.
    Coded(Range<u64>),
}

/// How a payload is to be read.
pub(crate) struct Payload<'a> {
    /// The bytes, as stored in the record.
    pub(crate) bytes: &'a [u8],
    /// Their input offset.
    pub(crate) at: u64,
    /// The media type (of the HTTP message, or of the record for a resource or conversion).
    pub(crate) media: Option<Arc<ContentType>>,
    /// Whether the HTTP message says it is chunked.
    pub(crate) chunked: bool,
    /// The content codings, in the order they were applied.
    pub(crate) codings: Vec<Coding>,
    /// The most bytes a content coding decodes to.
    pub(crate) limit: usize,
    /// The page's own URI, when its relative links are resolved against it (see
    /// [`html::Links::document`]).
    pub(crate) document: Option<&'a str>,
}

/// What a payload of media type `media` is read as: HTML, text, or nothing (images, fonts,
/// archives, PDF: `None`). Without a type, HTML when it starts like a page, text otherwise.
fn kind(media: Option<&ContentType>, bytes: &[u8]) -> Option<bool> {
    let Some(ct) = media else { return Some(super::verdict::starts_as_html(bytes)) };
    let (main, sub) = (ct.main_type(), ct.subtype());
    if sub == "html" || sub == "xhtml+xml" {
        return Some(true);
    }
    let text = main == "text"
        || matches!(sub, "json" | "xml" | "javascript" | "ecmascript" | "x-javascript")
        || sub.ends_with("+xml")
        || sub.ends_with("+json");
    text.then_some(false)
}

/// The charset a byte order mark at the start of `bytes` names (WHATWG Encoding, "BOM sniff").
fn bom(bytes: &[u8]) -> Option<&'static [u8]> {
    match bytes {
        [0xef, 0xbb, 0xbf, ..] => Some(b"utf-8"),
        [0xfe, 0xff, ..] => Some(b"utf-16be"),
        [0xff, 0xfe, ..] => Some(b"utf-16le"),
        _ => None,
    }
}

/// Pushes the segments of `payload` onto `out`.
pub(crate) fn read(
    payload: Payload<'_>,
    record: &Arc<Record>,
    wanted: Wanted,
    tally: &mut Tally,
    out: &mut Vec<Segment>,
) {
    let Payload { bytes, at, media, chunked, codings, limit, document } = payload;
    if bytes.is_empty() {
        return;
    }
    let mut owned: Option<Vec<u8>> = None;
    let mut source = Source::Input(at);
    if chunked && let Some(d) = http::dechunk(bytes) {
        source = Source::Map(d.at(at));
    }
    let stored = |source: &Source| match source {
        Source::Map(d) => d.text.clone(),
        _ => bytes.to_vec(),
    };
    if !codings.is_empty() {
        let mut text = stored(&source);
        for &coding in codings.iter().rev() {
            let (decoded, done) = http::undo(coding, &text, limit);
            match done {
                Undone::Whole => {}
                Undone::Cut => tally.cut += 1,
                Undone::Broken => tally.broken += 1,
                Undone::Unknown => {
                    tally.unknown_coding += 1;
                    return;
                }
            }
            text = decoded;
        }
        owned = Some(text);
        source = Source::Coded(at..at + bytes.len() as u64);
    }
    let text: &[u8] = match (&owned, &source) {
        (Some(t), _) => t,
        (None, Source::Map(d)) => &d.text,
        _ => bytes,
    };
    let Some(is_html) = kind(media.as_deref(), text) else { return };
    let label = bom(text)
        .map(<[u8]>::to_vec)
        .or_else(|| media.as_ref().and_then(|m| m.param("charset")).map(<[u8]>::to_vec))
        .or_else(|| is_html.then(|| html::meta_charset(text)).flatten());
    let mut decoded: Option<Decoded> = None;
    if let Some(label) = label.filter(|l| !is_ascii_label(l))
        && !charset::is_identity(text, &label)
    {
        let inner = charset::decode(text, &label);
        decoded = Some(match source {
            Source::Input(base) => inner.at(base),
            Source::Map(ref m) => m.through(inner),
            Source::Coded(_) => inner,
        });
    }
    let coded = match &source {
        Source::Coded(r) => Some(r.clone()),
        _ => None,
    };
    // The text to read and its map: the charset's decoding, or what came before it.
    let (text, map): (&[u8], Option<&Decoded>) = match (&decoded, &source) {
        (Some(d), _) => (&d.text, (coded.is_none()).then_some(d)),
        (None, Source::Map(m)) => (&m.text, Some(m)),
        (None, _) => (text, None),
    };
    // A piece of `text` (positions indexes into it) with positions into the input.
    let to_input = |inner: Decoded| match (map, &source) {
        (_, Source::Coded(_)) => inner,
        (Some(m), _) => m.through(inner),
        (None, Source::Input(base)) => inner.at(*base),
        (None, _) => inner,
    };
    let mut push = |text: SegmentText, found: Found| {
        out.push(Segment { text, found, coded: coded.clone(), record: Arc::clone(record) })
    };
    if is_html {
        // A page's `<base href>` says where the page is: it is not a link of the page.
        let links = html::Links { resolve: wanted.resolve, document, report_base: false };
        for item in html::parse_with(text, &|run| wanted.may_give(run, false), links) {
            match item {
                html::Item::Text(run) if wanted.may_give(&run.text, false) => {
                    push(SegmentText::Decoded(to_input(run)), Found::HtmlText)
                }
                html::Item::Text(_) => {}
                html::Item::Link(link) if !wanted.may_give(&link.value.text, true) => {}
                html::Item::Link(link) => {
                    let found = Found::HtmlAttribute {
                        name: link.name,
                        element: link.element,
                        link_text: link.link_text,
                        resolved: link.resolved,
                    };
                    push(SegmentText::Decoded(to_input(link.value)), found)
                }
            }
        }
        return;
    }
    if !wanted.may_give(text, false) {
        return;
    }
    let text = match (map, &source, &owned) {
        (None, Source::Input(base), _) => SegmentText::Input(*base..*base + text.len() as u64),
        (Some(m), _, _) if coded.is_none() => SegmentText::Decoded(m.clone()),
        _ => SegmentText::Decoded(Decoded { text: text.to_vec(), ..Decoded::default() }),
    };
    push(text, Found::Body);
}
