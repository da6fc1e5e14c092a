//! What the walk of one message keeps for the next: shared strings and parsed
//! `Content-Type` values, and the storage of fields and decoded text.

use std::sync::Arc;

use super::header;
use super::mime::ContentType;
use crate::decode::Decoded;

/// How many strings, and how many `Content-Type` values, [`Shared`] holds.
const SHARED_MAX: usize = 16;

/// The longest `Content-Type` value [`Shared`] keeps (a longer one is parsed each time).
const SHARED_TYPE_MAX: usize = 256;

/// The strings that segments carry and that recur from one segment and message to the next
/// (part numbers, content types, field names), and the `Content-Type` values of the entities
/// (a mailbox repeats them): each made or parsed once and shared, rather than for every
/// segment or entity. At most [`SHARED_MAX`] of each are held, the oldest replaced first.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    strings: Vec<Arc<str>>,
    /// The next to replace once full.
    next: usize,
    /// `Content-Type` values (unfolded) and what they parse to (`None`: not valid).
    types: Vec<(Vec<u8>, Option<Arc<ContentType>>)>,
    /// The next to replace once full.
    next_type: usize,
    /// Storage for a part's decoded text, kept from one part to the next when the text was
    /// only read (an HTML part's), up to [`SCRATCH_MAX`] bytes of it (and as many positions).
    scratch: Decoded,
    /// Storage for the fields of a message's header, kept from one message to the next (up to
    /// [`FIELDS_MAX`] of them).
    fields: Vec<header::Field>,
    /// Storage for a folded header value's unfolded text (`header::unfolded_text_into`).
    pub(crate) unfolded: Vec<u8>,
}

/// The most fields whose storage [`Shared`] keeps for the next message.
const FIELDS_MAX: usize = 256;

/// The most text whose storage [`Shared`] keeps for the next part.
const SCRATCH_MAX: usize = 64 << 10;

impl Shared {
    /// `s`, shared.
    pub(crate) fn get(&mut self, s: &str) -> Arc<str> {
        self.get_bytes(s.as_bytes())
    }

    /// `bytes` read as UTF-8 (invalid sequences replaced, as `String::from_utf8_lossy` does),
    /// shared.
    pub(crate) fn get_bytes(&mut self, bytes: &[u8]) -> Arc<str> {
        if let Some(held) = self.strings.iter().find(|held| held.as_bytes() == bytes) {
            return Arc::clone(held);
        }
        let made: Arc<str> = Arc::from(String::from_utf8_lossy(bytes));
        if self.strings.len() < SHARED_MAX {
            self.strings.push(Arc::clone(&made));
        } else {
            self.strings[self.next] = Arc::clone(&made);
            self.next = (self.next + 1) % SHARED_MAX;
        }
        made
    }

    /// Empty storage for the fields of a header.
    pub(crate) fn fields(&mut self) -> Vec<header::Field> {
        match self.fields.capacity() {
            0 => Vec::with_capacity(16),
            _ => std::mem::take(&mut self.fields),
        }
    }

    /// Keeps the storage of `fields` for the next header.
    pub(crate) fn keep_fields(&mut self, mut fields: Vec<header::Field>) {
        if fields.capacity() <= FIELDS_MAX {
            fields.clear();
            self.fields = fields;
        }
    }

    /// Empty storage for a part's decoded text.
    pub(crate) fn scratch(&mut self) -> Decoded {
        std::mem::take(&mut self.scratch)
    }

    /// Keeps the storage of `d`, a part's decoded text that was only read, for the next.
    pub(crate) fn keep_scratch(&mut self, mut d: Decoded) {
        if d.text.capacity().max(d.starts.capacity()).max(d.ends.capacity()) <= SCRATCH_MAX {
            d.text.clear();
            d.starts.clear();
            d.ends.clear();
            d.base = 0;
            self.scratch = d;
        }
    }

    /// The type an entity's `Content-Type` value (unfolded) gives, `default` (a valid value)
    /// when it has none or one that is not valid.
    pub(crate) fn content_type(&mut self, value: Option<&[u8]>, default: &[u8]) -> Arc<ContentType> {
        value
            .and_then(|v| self.parsed(v))
            .or_else(|| self.parsed(default))
            .unwrap_or_else(|| Arc::new(ContentType::text_plain()))
    }

    /// [`ContentType::parse`] of `value`, shared.
    fn parsed(&mut self, value: &[u8]) -> Option<Arc<ContentType>> {
        if let Some((_, held)) = self.types.iter().find(|(v, _)| v == value) {
            return held.clone();
        }
        let parsed = ContentType::parse(value).map(Arc::new);
        if value.len() <= SHARED_TYPE_MAX {
            if self.types.len() < SHARED_MAX {
                self.types.push((value.to_vec(), parsed.clone()));
            } else {
                // The storage of the value replaced is reused.
                let (held, held_parsed) = &mut self.types[self.next_type];
                held.clear();
                held.extend_from_slice(value);
                *held_parsed = parsed.clone();
                self.next_type = (self.next_type + 1) % SHARED_MAX;
            }
        }
        parsed
    }
}
