//! A peer that reads mail as mail, for the in-process mail groups: the mbox split into its
//! messages, each message decoded by Stalwart's `mail-parser` (header values unfolded and their
//! encoded-words decoded, MIME parts walked, transfer encodings and charsets decoded), then
//! linkify's `LinkFinder` (URLs) over every decoded header value and every text and HTML body.
//! urisift reads an mbox the same way; linkify alone scans the raw bytes, which is less work.
//! Shared by `benches/extract.rs` and `examples/inproc.rs`, so both measure the same pipeline.
//!
//! What it reads as its peer would: the messages are split where a line starts with `From `
//! (mail-parser's own `mailbox::mbox` splits there too, but copies every message line by line
//! into a new vector; here each message is a slice of the input). Every header but the MIME
//! ones is read as unstructured text (`default_header_text`), so that `List-Unsubscribe:
//! <http://…>` and a `Subject:` are values to scan as urisift scans them; a `Content-Type`'s
//! parameters are not scanned. HTML bodies are scanned as their decoded source, tags included:
//! linkify finds the URL of an `href="…"` there, ending at the quote.
#![allow(dead_code)]

use linkify::{LinkFinder, LinkKind};
use mail_parser::{HeaderValue, Message, MessageParser, PartType};

/// The parser and the link finder, made once and used for every message.
pub struct MailPeer {
    parser: MessageParser,
    finder: LinkFinder,
}

impl MailPeer {
    pub fn new() -> Self {
        let mut finder = LinkFinder::new();
        finder.kinds(&[LinkKind::Url]);
        MailPeer { parser: MessageParser::new().with_mime_headers().default_header_text(), finder }
    }

    /// The number of links found in every message of `mbox`.
    pub fn count(&self, mbox: &[u8]) -> usize {
        let mut n = 0;
        self.each_link(mbox, |_| n += 1);
        n
    }

    /// Calls `found` with the text of every link of every message of `mbox`, in order.
    pub fn each_link(&self, mbox: &[u8], mut found: impl FnMut(&str)) {
        for message in messages(mbox) {
            if let Some(message) = self.parser.parse(message) {
                self.message_links(&message, &mut found);
            }
        }
    }

    fn message_links(&self, message: &Message<'_>, found: &mut impl FnMut(&str)) {
        for part in &message.parts {
            for header in &part.headers {
                match &header.value {
                    HeaderValue::Text(text) => self.links(text, found),
                    HeaderValue::TextList(texts) => texts.iter().for_each(|text| self.links(text, found)),
                    _ => {}
                }
            }
            match &part.body {
                PartType::Text(text) | PartType::Html(text) => self.links(text, found),
                PartType::Message(inner) => self.message_links(inner, found),
                PartType::Binary(_) | PartType::InlineBinary(_) | PartType::Multipart(_) => {}
            }
        }
    }

    fn links(&self, text: &str, found: &mut impl FnMut(&str)) {
        for link in self.finder.links(text) {
            found(link.as_str());
        }
    }
}

impl Default for MailPeer {
    fn default() -> Self {
        Self::new()
    }
}

/// The messages of an mbox, each without its `From ` separator line: a message starts after
/// every line that starts with `From ` (the mbox convention; a `From ` in a body is written
/// `>From `). Text before the first separator is a message too, as a single message file is.
pub fn messages(mbox: &[u8]) -> impl Iterator<Item = &[u8]> {
    let separator = memchr::memmem::Finder::new(b"\nFrom ");
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= mbox.len() {
            return None;
        }
        let mut start = at;
        if mbox[start..].starts_with(b"From ") {
            start = memchr::memchr(b'\n', &mbox[start..]).map_or(mbox.len(), |k| start + k + 1);
        }
        let end = separator.find(&mbox[start..]).map_or(mbox.len(), |k| start + k + 1);
        at = end;
        Some(&mbox[start..end])
    })
}
