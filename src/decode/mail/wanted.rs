//! Which texts of a message are worth a segment: those that may give the extraction an event.

use super::header;
use crate::decode::html::Resolve;

/// What text can give an event, so that segments that cannot are left out before they are
/// made: without abbreviated URLs the only trigger of a candidate is a `:` (`find`), and an
/// HTML link value is validated whole, which gives nothing without a `:` unless the value is
/// over the maximum URI length (overlong).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Wanted {
    /// `www.` is a trigger too (`ExtractorBuilder::abbreviated`): every text is scanned.
    pub(crate) abbreviated: bool,
    /// The maximum URI length.
    pub(crate) max_uri_len: usize,
    /// Whether the engine takes the colon at an index of a text for a trigger, given the
    /// maximum URI length: the extraction's rule (`delimit::colon::takes_colon`), passed in, as
    /// decoding never calls the stages after it.
    pub(crate) takes_colon: fn(&[u8], usize, usize) -> bool,
    /// How an HTML link's relative value is resolved: the extraction's resolver
    /// (`uri::resolve`), passed in likewise.
    pub(crate) resolve: Resolve,
}

impl Wanted {
    /// Every segment.
    #[cfg(test)]
    pub(crate) const ALL: Wanted = Wanted {
        abbreviated: true,
        max_uri_len: 0,
        takes_colon: |_, _, _| true,
        resolve: crate::decode::html::tests::resolve,
    };

    /// Whether `text` may give an event: scanned, or validated whole (`attribute`).
    ///
    /// Scanned text without `www.` triggers gives an event only from a `:` that the engine
    /// takes for a trigger ([`Wanted::takes_colon`]), looked for as the engine looks for the
    /// first trigger of a text: from its start, reading back as far as it does. A text whose colons all follow
    /// no scheme (`10:26:00`) or are passed over at a glance (`Re: [list]`, `Note: see`) gives
    /// nothing and is left out.
    #[inline]
    pub(crate) fn may_give(&self, text: &[u8], attribute: bool) -> bool {
        match attribute {
            true => text.len() > self.max_uri_len || memchr::memchr(b':', text).is_some(),
            false => self.abbreviated || self.has_trigger(text),
        }
    }

    /// Whether `text` holds a colon that the engine takes for a trigger (see [`Wanted::may_give`]).
    fn has_trigger(&self, text: &[u8]) -> bool {
        memchr::memchr_iter(b':', text).any(|c| (self.takes_colon)(text, c, self.max_uri_len))
    }

    /// Whether a header field's value may give an event once decoded: unfolding adds no `:`
    /// and gives no colon a scheme it did not have, but an RFC 2047 encoded-word (`=?`) may
    /// hold one ([`header::Field::marked`] says whether the value holds a colon a scheme may
    /// end before, or an encoded-word).
    #[inline]
    pub(crate) fn may_give_header(&self, field: &header::Field) -> bool {
        self.abbreviated || field.marked
    }
}
