//! The MIME tree of a message (RFC 2045, RFC 2046), walked in tree order into segments.
//!
//! - every header block's fields, of the message and of each part, encapsulated messages
//!   included;
//! - `multipart/*`: every child in order, all alternatives of `multipart/alternative`;
//!   children of `multipart/digest` are `message/rfc822` by default (RFC 2046 §5.1.5). The
//!   preamble and the epilogue are read as plain text (segments of their own kinds): MIME
//!   readers hide them, but a reader without MIME sees them, and a scan that skipped them would
//!   let text hide there. A multipart whose boundary never occurs is read as text; one that is
//!   not closed ends where its body ends (at the enclosing delimiter, or the end of the
//!   message);
//! - `message/rfc822`, `message/global`, `message/news`: the encapsulated message, decoded
//!   first when sent in base64 or quoted-printable; other `message/*` types are text;
//! - `text/*` parts whatever their disposition: transfer encoding, then charset (for HTML
//!   without a `charset` parameter, the one its `<meta>` declares), then
//!   format=flowed (for `text/plain`), then HTML (for `text/html`); uuencoded and yEnc blocks
//!   in text are left out; text after the data of a base64 body (a mailing list's footer) is
//!   read as plain text;
//! - `image/*`, `audio/*`, `video/*`, `application/*`, `font/*`, `model/*` are not read: the
//!   Content-Type decides, not a file name. Other types are read as text; a Content-Type
//!   that does not parse is `text/plain` (RFC 2045 §5.2).
//!
//! Entities are walked however deep they nest as long as the bodies walked, each level's
//! counted, come to at most [`WALK_FACTOR`] times the message's length: each level reads its
//! body once (a multipart's split searches it), and this keeps a message read in time linear
//! in its length. The bodies of one level are apart, so each level's come to at most the
//! message's length, and the first [`WALK_FACTOR`] levels always fit; a message of nested
//! parts and nothing else fits about twice as many. The body of an entity past the bound is
//! read as plain text as it is, and the walk says at which depth it stopped
//! ([`Walker::stopped`]), for a warning. [`DEPTH_MAX`] bounds the recursion besides.

use core::ops::Range;
use std::borrow::Cow;
use std::collections::VecDeque;
use std::sync::Arc;

use super::header::{self, Header, Known};
use super::mime::{self, ContentType, TransferEncoding};
use super::{Segment, SegmentKind, SegmentText, Shared, Wanted, binary};
use crate::decode::{Decoded, base64, charset, flowed, html, qp};

/// The type of an entity without a valid `Content-Type` (RFC 2045 §5.2).
const TEXT_PLAIN: &[u8] = b"text/plain";

/// The type of a child of `multipart/digest` without one (RFC 2046 §5.1.5).
const MESSAGE_RFC822: &[u8] = b"message/rfc822";

/// How deep entities nest before a body is read as plain text, whatever [`WALK_FACTOR`]
/// allows: a guard on the recursion of [`Walker::entity`] (the walk bound stops a message
/// of nested parts at about `2 * WALK_FACTOR` levels).
pub(crate) const DEPTH_MAX: usize = 1_000;

/// How many times its own length the bodies walked in a message may come to, each level's
/// counted: a bound on the time a deep message takes.
pub(crate) const WALK_FACTOR: usize = 64;

/// Where the bytes being walked come from.
#[derive(Debug, Clone, Copy)]
enum Origin<'a> {
    /// They are the input from this offset.
    Input(u64),
    /// They are this decoded text's bytes.
    Decoded(&'a Decoded),
}

impl Origin<'_> {
    /// `local`, with positions into the walked bytes, with positions into the input.
    fn map(&self, local: Decoded) -> Decoded {
        match self {
            Origin::Input(base) => local.at(*base),
            Origin::Decoded(d) => d.through(local),
        }
    }
}

/// `d` with its positions moved `by` further.
fn shifted(mut d: Decoded, by: usize) -> Decoded {
    let by = by as u32;
    d.starts.iter_mut().for_each(|s| *s += by);
    d.ends.iter_mut().for_each(|e| *e += by);
    d
}

/// The part number of child `k` (from 1) of the entity at `path` (RFC 3501 §6.4.5).
fn child(path: &str, k: usize) -> Cow<'static, str> {
    const TOP: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
    match k {
        // The body of a top-level message, and the first parts of a multipart one: no
        // string made.
        0..=9 if path.is_empty() => Cow::Borrowed(TOP[k]),
        _ if path.is_empty() => Cow::Owned(k.to_string()),
        // The first nine nested ones without the formatting machinery.
        0..=9 => Cow::Owned([path, ".", TOP[k]].concat()),
        _ => Cow::Owned(format!("{path}.{k}")),
    }
}

/// Walks the messages of one input into segments.
pub(crate) struct Walker<'o> {
    /// Where the segments go (the queue of [`super::Messages`], its storage reused).
    pub(crate) out: &'o mut VecDeque<Segment>,
    pub(crate) message: usize,
    /// Whether the bytes being walked were decoded from quoted-printable.
    pub(crate) quoted_printable: bool,
    /// The segments pushed (others are left out before their maps are made).
    pub(crate) wanted: Wanted,
    /// The strings the segments share.
    pub(crate) shared: &'o mut Shared,
    /// The part number of the last segment pushed (most segments of a message have one of
    /// two).
    pub(crate) part: Option<Arc<str>>,
    /// The bytes of the bodies walked in the message, each level's counted, and the most they
    /// may come to ([`WALK_FACTOR`]); set by [`Walker::message`].
    pub(crate) walked: (usize, usize),
    /// The least depth at which the walk of the message stopped and read a body as plain text
    /// ([`DEPTH_MAX`], [`WALK_FACTOR`]); `None` when it walked every entity.
    pub(crate) stopped: Option<usize>,
}

impl Walker<'_> {
    /// Walks the message `input[range]`, where `input` is the input from offset `base` on.
    /// Returns where the value of its `Message-ID` field lies in the input.
    pub(crate) fn message(&mut self, input: &[u8], range: Range<usize>, base: u64) -> Option<Range<u64>> {
        let bytes = &input[range.clone()];
        let header = header::parse_into(bytes, 0..bytes.len(), self.shared.fields());
        let at = base + range.start as u64;
        let message_id =
            header.field(Known::MessageId).map(|f| at + f.value.start as u64..at + f.value.end as u64);
        (self.walked, self.stopped) = ((0, bytes.len().saturating_mul(WALK_FACTOR)), None);
        self.entity(bytes, 0..bytes.len(), &header, Origin::Input(at), TEXT_PLAIN, "", true, 0);
        self.shared.keep_fields(header.fields);
        message_id
    }

    /// Whether `text` is to be pushed as a segment: not empty, and it may give an event.
    fn wants(&self, text: &[u8], attribute: bool) -> bool {
        !text.iter().all(u8::is_ascii_whitespace) && self.wanted.may_give(text, attribute)
    }

    /// Pushes a segment, unless it is empty or cannot give an event.
    fn push(&mut self, text: Decoded, kind: SegmentKind, part: &str, content_type: &Arc<str>) {
        let attribute = matches!(kind, SegmentKind::HtmlAttribute { .. });
        if self.wants(&text.text, attribute) {
            self.push_text(SegmentText::Decoded(text), kind, part, content_type);
        }
    }

    /// Pushes `text`, the input's bytes from offset `at` as they are, read in place; unless it
    /// is empty or cannot give an event.
    fn push_input(&mut self, text: &[u8], at: u64, kind: SegmentKind, part: &str, content_type: &Arc<str>) {
        if self.wants(text, false) {
            self.push_text(SegmentText::Input(at..at + text.len() as u64), kind, part, content_type);
        }
    }

    /// Pushes a segment of `text` (checked by the callers).
    fn push_text(&mut self, text: SegmentText, kind: SegmentKind, part: &str, content_type: &Arc<str>) {
        let part = match &self.part {
            Some(last) if **last == *part => Arc::clone(last),
            _ => self.part.insert(self.shared.get(part)).clone(),
        };
        self.out.push_back(Segment {
            text,
            kind,
            message: self.message,
            part,
            content_type: Arc::clone(content_type),
            quoted_printable: self.quoted_printable,
        });
    }

    /// Pushes `bytes[r]` as plain text (`text/plain`, nothing decoded), unless it cannot give
    /// an event: then its map is not made. Bytes that are the input's are read in place.
    fn plain(&mut self, bytes: &[u8], r: Range<usize>, origin: Origin<'_>, kind: SegmentKind, path: &str) {
        let raw = &bytes[r.clone()];
        if !self.wants(raw, false) {
            return;
        }
        match origin {
            Origin::Input(base) => {
                let text_plain = self.shared.get("text/plain");
                self.push_input(raw, base + r.start as u64, kind, path, &text_plain)
            }
            Origin::Decoded(_) => {
                let text = origin.map(shifted(Decoded::identity(raw, 0), r.start));
                let text_plain = self.shared.get("text/plain");
                self.push(text, kind, path, &text_plain)
            }
        }
    }

    /// Walks the entity `bytes[range]` whose header is `header`, at part number `path`; a
    /// message (`is_message`) numbers its body as its first child.
    #[allow(clippy::too_many_arguments)]
    fn entity(
        &mut self,
        bytes: &[u8],
        range: Range<usize>,
        header: &Header,
        origin: Origin<'_>,
        default: &[u8],
        path: &str,
        is_message: bool,
        depth: usize,
    ) {
        let value = header.field(Known::ContentType).map(|f| header::field_text(bytes, f));
        let content_type = self.shared.content_type(value.as_deref(), default);
        for field in &header.fields {
            if !self.wanted.may_give_header(field) {
                continue;
            }
            let raw = &bytes[field.value.clone()];
            // A value on one line without encoded-words is its bytes, trimmed: read in place
            // (unless it is ISO-2022-JP, looked for only where a URI may be). Whether it is
            // wanted ([`Walker::wants`]) is what the header's reading found: trimming takes off
            // no `:`, and only blanks.
            let trimmed = raw.trim_ascii();
            // `Some`: as written; `true`: not ISO-2022-JP either.
            let as_written = match origin {
                Origin::Input(_) if field.is_plain(trimmed) => Some(true),
                Origin::Input(_) if field.is_as_written(trimmed) => {
                    Some(!charset::is_unlabelled_iso_2022_jp(trimmed))
                }
                _ => None,
            };
            if let (Origin::Input(base), Some(not_iso_2022_jp)) = (origin, as_written) {
                // As written (no escape, no line ending), the value is the text the engine
                // would scan.
                if trimmed.is_empty() || !self.wanted.may_give(trimmed, false) {
                    continue;
                }
                if not_iso_2022_jp {
                    let lead = raw.len() - raw.trim_ascii_start().len();
                    let name = self.shared.get_bytes(&bytes[field.name.clone()]);
                    let at = base + (field.value.start + lead) as u64;
                    let text = SegmentText::Input(at..at + trimmed.len() as u64);
                    self.push_text(text, SegmentKind::Header { name }, path, &content_type.mime);
                    continue;
                }
            }
            // A folded value without encoded-words: whether it may give an event is asked of
            // its unfolded text before its map is made (most folded values, `Received:`, hold
            // only the colons of times).
            // Otherwise (an encoded-word, ISO-2022-JP) it is asked of the decoded text.
            let unfolded = &mut self.shared.unfolded;
            let asked = header::unfolded_text_into(raw, unfolded);
            if asked && !self.wanted.may_give(unfolded, false) {
                continue;
            }
            let value = origin.map(shifted(header::decode_value(raw), field.value.start));
            if !asked && !self.wanted.may_give(&value.text, false) {
                continue;
            }
            let name = self.shared.get_bytes(&bytes[field.name.clone()]);
            self.push(value, SegmentKind::Header { name }, path, &content_type.mime);
        }
        let encoding = header
            .value(bytes, Known::ContentTransferEncoding)
            .map_or(TransferEncoding::Identity, TransferEncoding::parse);
        let body = header.body.min(range.end)..range.end;
        let leaf = if is_message { child(path, 1) } else { Cow::Borrowed(path) };
        let walked = self.walked.0.saturating_add(body.len());
        if depth >= DEPTH_MAX || walked > self.walked.1 {
            self.stopped = Some(self.stopped.map_or(depth, |d| d.min(depth)));
            return self.plain(bytes, body, origin, SegmentKind::Body, &leaf);
        }
        self.walked.0 = walked;
        match content_type.main_type() {
            "multipart" => {
                let parts = content_type.param("boundary").and_then(|b| mime::split(bytes, body.clone(), b));
                let Some(parts) = parts else {
                    return self.text(bytes, body, origin, &ContentType::text_plain(), encoding, &leaf);
                };
                self.plain(bytes, parts.preamble.clone(), origin, SegmentKind::Preamble, path);
                let digest = content_type.subtype() == "digest";
                for (k, part) in parts.parts.iter().enumerate() {
                    let default = if digest { MESSAGE_RFC822 } else { TEXT_PLAIN };
                    let header = header::parse(bytes, part.clone());
                    self.entity(
                        bytes,
                        part.clone(),
                        &header,
                        origin,
                        default,
                        &child(path, k + 1),
                        false,
                        depth + 1,
                    );
                }
                self.plain(bytes, parts.epilogue.clone(), origin, SegmentKind::Epilogue, path);
            }
            "message" if matches!(content_type.subtype(), "rfc822" | "global" | "news") => {
                let path = if is_message { child(path, 1) } else { Cow::Borrowed(path) };
                if encoding == TransferEncoding::Identity {
                    let header = header::parse(bytes, body.clone());
                    self.entity(bytes, body, &header, origin, TEXT_PLAIN, &path, true, depth + 1);
                } else {
                    let decoded = origin.map(transfer(bytes, body, encoding));
                    let inner = &decoded.text;
                    let header = header::parse(inner, 0..inner.len());
                    let origin = Origin::Decoded(&decoded);
                    let was = self.quoted_printable;
                    self.quoted_printable |= encoding == TransferEncoding::QuotedPrintable;
                    self.entity(inner, 0..inner.len(), &header, origin, TEXT_PLAIN, &path, true, depth + 1);
                    self.quoted_printable = was;
                }
            }
            "image" | "audio" | "video" | "application" | "font" | "model" => {}
            _ => self.text(bytes, body, origin, &content_type, encoding, &leaf),
        }
    }

    /// Reads a text body.
    fn text(
        &mut self,
        bytes: &[u8],
        body: Range<usize>,
        origin: Origin<'_>,
        ct: &ContentType,
        encoding: TransferEncoding,
        path: &str,
    ) {
        let was = self.quoted_printable;
        self.quoted_printable |= encoding == TransferEncoding::QuotedPrintable;
        // A base64 body ends where its data does ([`base64::data_end`]): the text after (a
        // mailing list's footer) is read as it is.
        let data = match encoding {
            TransferEncoding::Base64 => body.start..body.start + base64::data_end(&bytes[body.clone()]),
            _ => body.clone(),
        };
        self.decoded_text(bytes, data.clone(), origin, ct, encoding, path);
        if data.end < body.end {
            self.plain(bytes, data.end..body.end, origin, SegmentKind::Body, path);
        }
        self.quoted_printable = was;
    }

    /// Reads a text body (of a base64 one, its data).
    fn decoded_text(
        &mut self,
        bytes: &[u8],
        body: Range<usize>,
        origin: Origin<'_>,
        ct: &ContentType,
        encoding: TransferEncoding,
        path: &str,
    ) {
        let subtype = ct.subtype();
        // Without a charset label, 7-bit text may be ISO-2022-JP all the same (a label is
        // taken at its word: that text is not searched for escapes; `find::past_escape` keeps the
        // escape's letter off a scheme there).
        let unlabelled = ct.param("charset").is_none();
        // Text that is the input's bytes as they are (no transfer encoding, no charset that
        // changes them, not flowed, no HTML, no binary block) is given without a map of its
        // own: it is read in place.
        if let Origin::Input(base) = origin
            && encoding == TransferEncoding::Identity
            && subtype != "html"
            && (subtype != "plain" || ct.param("format").is_none())
            && ct
                .param("charset")
                .is_none_or(|l| ct.ascii_charset || charset::is_identity(&bytes[body.clone()], l))
            && !(unlabelled && charset::is_unlabelled_iso_2022_jp(&bytes[body.clone()]))
            && binary::blocks(&bytes[body.clone()]).is_empty()
        {
            return self.push_input(
                &bytes[body.clone()],
                base + body.start as u64,
                SegmentKind::Body,
                path,
                &ct.mime,
            );
        }
        let mut text = transfer_all(bytes, body, encoding, self.shared.scratch());
        // Whether each byte of `text` is still its own source, one after the other (a body
        // without a transfer encoding, before a charset decodes it): a decoding of it is then
        // taken to the source by moving its positions (`Decoded::through_run`).
        let mut run = encoding == TransferEncoding::Identity;
        // An HTML part without a charset parameter may declare one in a `<meta>` element.
        let meta = if subtype == "html" && ct.param("charset").is_none() {
            html::meta_charset(&text.text)
        } else {
            None
        };
        if let Some(label) = ct.param("charset").or(meta.as_deref()).filter(|l| !mime::is_ascii_label(l))
            && !charset::is_identity(&text.text, label)
        {
            let decoded = charset::decode(&text.text, label);
            text = if run { text.through_run(decoded) } else { text.through(decoded) };
            run = false;
        } else if unlabelled && meta.is_none() && charset::is_unlabelled_iso_2022_jp(&text.text) {
            let decoded = charset::decode_with(&text.text, encoding_rs::ISO_2022_JP);
            text = if run { text.through_run(decoded) } else { text.through(decoded) };
            run = false;
        }
        if subtype == "plain" && ct.param("format").is_some_and(|f| f.eq_ignore_ascii_case(b"flowed")) {
            let delsp = ct.param("delsp").is_some_and(|d| d.eq_ignore_ascii_case(b"yes"));
            let unflowed = flowed::unflow(&text.text, delsp);
            text = if run { text.through_run(unflowed) } else { text.through(unflowed) };
        }
        let mime = &ct.mime;
        if subtype == "html" {
            let wanted = self.wanted;
            // A mail's HTML part has no URI of its own: only its `<base href>` is a base, and
            // it is reported, as the sender's site.
            let links = html::Links { resolve: wanted.resolve, document: None, report_base: true };
            for item in html::parse_with(&text.text, &|run| wanted.may_give(run, false), links) {
                match item {
                    html::Item::Text(run) if self.wanted.may_give(&run.text, false) => {
                        self.push(origin.map(text.through(run)), SegmentKind::HtmlText, path, mime)
                    }
                    html::Item::Text(_) => {}
                    html::Item::Link(link) if !self.wanted.may_give(&link.value.text, true) => {}
                    html::Item::Link(link) => {
                        let kind = SegmentKind::HtmlAttribute {
                            name: link.name,
                            element: link.element,
                            link_text: link.link_text,
                            resolved: link.resolved,
                        };
                        self.push(origin.map(text.through(link.value)), kind, path, mime);
                    }
                }
            }
            // Only borrowed: its storage serves the next part.
            return self.shared.keep_scratch(text);
        }
        let mut at = 0;
        let blocks = binary::blocks(&text.text);
        if blocks.is_empty() {
            return self.push(origin.map(text), SegmentKind::Body, path, mime);
        }
        for block in blocks.iter().cloned().chain(core::iter::once(text.text.len()..text.text.len())) {
            if block.start > at {
                self.push(origin.map(text.slice(at..block.start)), SegmentKind::Body, path, mime);
            }
            at = block.end;
        }
    }
}

/// The body `bytes[body]` with its transfer encoding decoded; positions into `bytes`. A
/// base64 body is decoded to the end of its data ([`base64::data_end`]).
fn transfer(bytes: &[u8], body: Range<usize>, encoding: TransferEncoding) -> Decoded {
    match encoding {
        TransferEncoding::Base64 => {
            let end = body.start + base64::data_end(&bytes[body.clone()]);
            transfer_all(bytes, body.start..end, encoding, Decoded::default())
        }
        _ => transfer_all(bytes, body, encoding, Decoded::default()),
    }
}

/// [`transfer`] of all of `bytes[body]`, into `out` (empty; its storage is reused).
fn transfer_all(bytes: &[u8], body: Range<usize>, encoding: TransferEncoding, mut out: Decoded) -> Decoded {
    let raw = &bytes[body.clone()];
    match encoding {
        TransferEncoding::Identity => {
            out.push_run(raw, body.start as u32);
            out
        }
        TransferEncoding::Base64 => {
            base64::decode_into(raw, &mut out);
            shifted(out, body.start)
        }
        TransferEncoding::QuotedPrintable => {
            // At most a byte for each byte: room made once.
            out.reserve(raw.len());
            qp::decode_append(raw, body.start as u32, true, &mut out);
            out
        }
    }
}
