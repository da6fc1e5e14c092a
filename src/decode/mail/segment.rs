//! A piece of text of a message as the walk gives it: its text (decoded, or the input's bytes
//! in place), what it is, and where in the message it stands.

use std::ops::Range;
use std::sync::Arc;

use crate::decode::{Decoded, Map};

/// A piece of text of a message, decoded, with where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Segment {
    /// The text.
    pub(crate) text: SegmentText,
    /// What the text is.
    pub(crate) kind: SegmentKind,
    /// The message's number in the input, from 1 (its `Message-ID` is
    /// [`Messages::message_id`](super::Messages::message_id)).
    pub(crate) message: usize,
    /// The MIME part number (RFC 3501 §6.4.5): `""` for the message's header, `1` for the body
    /// of a message that is not multipart, `2.1` for the first child of the second part; an
    /// encapsulated message at `2` has its header at `2` and its body at `2.1`. A part's header
    /// fields have the part's number; a preamble and an epilogue have their multipart's.
    pub(crate) part: Arc<str>,
    /// The `type/subtype` of the part, in lower case (of the entity, for header fields).
    pub(crate) content_type: Arc<str>,
    /// Whether the text was decoded from quoted-printable on its way (the part's transfer
    /// encoding, or that of a message it is forwarded in).
    pub(crate) quoted_printable: bool,
}

/// The text of a [`Segment`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SegmentText {
    /// Decoded text, with positions into the input.
    Decoded(Decoded),
    /// The input's bytes at these offsets, as they are: read in place, in the window that
    /// holds the message (the window given to [`Messages::next`](super::Messages::next) is the same until it next
    /// returns [`Next::More`](super::Next::More), which it does only once the message's segments are all given).
    Input(Range<u64>),
}

impl SegmentText {
    /// The text, given the window of the input from offset `base` that holds the message.
    #[inline]
    pub(crate) fn bytes<'a>(&'a self, window: &'a [u8], base: u64) -> &'a [u8] {
        match self {
            SegmentText::Decoded(d) => &d.text,
            // The window holds the message (see above); were it not to, the text would be read
            // as empty rather than panic.
            SegmentText::Input(r) => {
                let at = |offset: u64| offset.saturating_sub(base) as usize;
                debug_assert!(r.start >= base && at(r.end) <= window.len());
                window.get(at(r.start)..at(r.end)).unwrap_or_default()
            }
        }
    }

    /// The map of the text.
    #[inline]
    pub(crate) fn map(&self) -> Map<'_> {
        match self {
            SegmentText::Decoded(d) => d.map(),
            SegmentText::Input(r) => Map::Raw(r.start),
        }
    }
}

/// What a [`Segment`] holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SegmentKind {
    /// A header field's value, unfolded and decoded; `name` as written.
    Header { name: Arc<str> },
    /// The text of a text part.
    Body,
    /// The preamble of a multipart body (before its first delimiter), as plain text.
    Preamble,
    /// The epilogue of a multipart body (after its close delimiter), as plain text.
    Epilogue,
    /// A run of visible text of an HTML part.
    HtmlText,
    /// A link of an HTML part: the value of attribute `name` of an `element`, absolute or
    /// resolved against the document's base (`resolved`); it is to be validated whole.
    /// `link_text` is the visible text of the `a` element holding it.
    HtmlAttribute { name: String, element: String, link_text: Option<String>, resolved: bool },
}
