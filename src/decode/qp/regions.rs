//! Where quoted-printable regions of plain text start and end, read from the input's raw lines
//! ahead of the engine ([`Headers`], [`at_header`]), and one region decoded a window at a time
//! ([`Region`]).

use super::decode_append;
use super::lines;
use crate::decode::{Decoded, Text};

/// The pre-pass that finds where quoted-printable regions start in plain text: the
/// `Content-Transfer-Encoding` header lines of the input ([`lines::next_transfer_encoding_colon`]),
/// found forward in the raw text ahead of the engine, each searched for once.
#[derive(Debug, Default)]
pub(crate) struct Headers {
    /// The colon of the next header line found, at or after where the engine is.
    found: Option<u64>,
    /// The input offset up to which colons are searched (a header line that straddles it is
    /// searched for again).
    searched_to: u64,
}

/// How many bytes of a header line come before its colon: `Content-Transfer-Encoding`.
const HEADER_NAME_LEN: u64 = 25;

impl Headers {
    /// The colon of the first header line at or after input offset `from`, in `raw` (the input
    /// from `base`; `eof` when nothing follows it), if there is one in `raw`.
    pub(crate) fn next(&mut self, raw: &[u8], base: u64, eof: bool, from: u64) -> Option<u64> {
        match self.found {
            Some(colon) if colon >= from => return Some(colon),
            _ => self.found = None,
        }
        let start = self.searched_to.max(from);
        let index = usize::try_from(start.checked_sub(base)?).ok().filter(|&i| i <= raw.len())?;
        let end = base + raw.len() as u64;
        match lines::next_transfer_encoding_colon(raw, index, base == 0) {
            Some(colon) => {
                let colon = base + colon as u64;
                self.found = Some(colon);
                self.searched_to = colon + 1;
                Some(colon)
            }
            None => {
                // A header line whose name runs to the end of `raw` is searched for again
                // once more of the input is read.
                self.searched_to = if eof { end } else { end.saturating_sub(HEADER_NAME_LEN + 1).max(start) };
                None
            }
        }
    }

    /// Forgets the header line whose colon is at `colon`: the engine is past it.
    pub(crate) fn passed(&mut self, colon: u64) {
        if self.found == Some(colon) {
            self.found = None;
        }
    }
}

/// What a line that [`Headers`] found is, once the bytes after its colon are read
/// ([`at_header`]).
#[derive(Debug)]
pub(crate) enum HeaderLine {
    /// Not a line the decoding reads: a byte after its colon ends every URI
    /// ([`lines::header_value_is_read`]). It changes nothing.
    NotRead,
    /// A `Content-Transfer-Encoding` header: what comes after it is the region it starts, for
    /// `quoted-printable`, or no region, for another encoding.
    Encoding(Option<Region>),
}

/// What the line whose colon [`Headers`] found at index `colon` of `raw` (the input from
/// `base`, `complete` when nothing follows it) is; `None` when `raw` does not hold enough of the
/// line to tell. What ends a region is read from the lines before the header, as far back as
/// `look_back` bytes ([`lines::opening_boundary`]).
pub(crate) fn at_header(
    raw: &[u8],
    base: u64,
    colon: usize,
    complete: bool,
    look_back: usize,
) -> Option<HeaderLine> {
    if !lines::header_value_is_read(raw, colon, complete)? {
        return Some(HeaderLine::NotRead);
    }
    if !lines::cte_is_quoted_printable(&raw[colon + 1..], complete)? {
        return Some(HeaderLine::Encoding(None));
    }
    let line = colon - HEADER_NAME_LEN as usize;
    let lo = colon.saturating_sub(look_back).min(line);
    let opener = lines::opening_boundary(&raw[lo..line], lo == 0 && base == 0);
    let region = Region::new(base + colon as u64 + 1, opener.map(<[u8]>::to_vec));
    Some(HeaderLine::Encoding(Some(region)))
}

/// How many source bytes a region decodes at least per step, when the input has them.
const STEP: usize = 4096;
/// How many source bytes a new region decodes at least in its first step.
const FIRST_STEP: usize = 256;

/// A quoted-printable region of the input, decoded as the engine reads it.
///
/// It starts where a `Content-Transfer-Encoding: quoted-printable` header says, and ends at the
/// first line that [`lines::region_end`] says ends it, or at the end of the input. It is decoded
/// a step at a time ([`Region::feed`]), at most a few KiB past what the engine has read.
///
/// Which lines end it is judged with what the text before its header says
/// ([`lines::opening_boundary`]): a body part ends at the next delimiter line of the multipart
/// whose delimiter line opened it, and a part encoded quoted-printable is no multipart of its
/// own (RFC 2045 §6.4), so the delimiter lines of a message quoted in it do not end it. What
/// ends it is known where it starts, so where it ends does not depend on how far ahead of the
/// engine it was decoded (which depends on how the input was read), nor on anything further
/// back than the header (which a range of the input does not read).
#[derive(Debug, Default)]
pub(crate) struct Region {
    decoded: Decoded,
    /// The input offset up to which the input is decoded.
    raw_pos: u64,
    /// Where the region ends, once that is known: the start of the line that ends it, or the
    /// end of the input.
    end: Option<u64>,
    /// Whether the input is decoded to its end.
    complete: bool,
    /// The input offset where the region starts.
    start: u64,
    /// The boundary of the multipart whose delimiter line opened the body part, if one did:
    /// only its delimiter lines end the region (and mbox `From ` lines).
    opener: Option<Vec<u8>>,
    /// How many source bytes the next [`Region::feed`] decodes at least: small for a new
    /// region, so that text with a header on every line is not decoded far ahead again and
    /// again, then doubling up to [`STEP`].
    step: usize,
}

impl Region {
    /// A region that starts at input offset `from`, in a body part opened by a delimiter line
    /// of the boundary `opener` if one did.
    pub(crate) fn new(from: u64, opener: Option<Vec<u8>>) -> Self {
        Region {
            decoded: Decoded { base: from, ..Decoded::default() },
            raw_pos: from,
            end: None,
            complete: false,
            start: from,
            opener,
            step: FIRST_STEP,
        }
    }

    /// The input offset where the region starts.
    pub(crate) fn start(&self) -> u64 {
        self.start
    }

    /// The boundary whose delimiter lines end it, if it is a body part's.
    pub(crate) fn opener(&self) -> Option<&[u8]> {
        self.opener.as_deref()
    }

    /// Decodes more of the input from `raw`, the input from offset `base` (holding the byte
    /// before the decoded end, when there is one), `eof` when nothing follows it: at least
    /// `want` source bytes when `raw` holds them. Until the line that ends the region is found,
    /// decoding stops before any line that may end it and is not whole yet. Past the region's
    /// end the input is decoded on as far as a candidate that started inside it reads. Returns
    /// whether it got further.
    pub(crate) fn feed(&mut self, raw: &[u8], base: u64, eof: bool, want: usize) -> bool {
        let Some(from) = self.raw_pos.checked_sub(base).map(|f| f as usize).filter(|&f| f <= raw.len())
        else {
            return false;
        };
        let step = want.max(self.step);
        self.step = (self.step * 2).min(STEP);
        let limit = if raw.len() - from > step { from + step } else { raw.len() };
        let at_end = eof && limit == raw.len();
        let upto = if self.end.is_some() {
            limit
        } else {
            // A line that starts at `from` is seen with the line feed before it.
            let look = from.saturating_sub(1);
            match lines::region_end(&raw[look..limit], self.opener.as_deref()) {
                Some(line) => {
                    self.end = Some(base + (look + line) as u64);
                    limit
                }
                None if at_end => {
                    self.end = Some(base + limit as u64);
                    limit
                }
                // A line starting near `limit` is judged once its end is here: one with
                // fewer than `LINE_READ` bytes before `limit` is looked at again, with the
                // line feed before it.
                None => limit.saturating_sub(lines::LINE_READ - 1).max(from),
            }
        };
        let at = (self.raw_pos - self.decoded.base) as u32;
        let n = decode_append(&raw[from..upto], at, at_end, &mut self.decoded);
        self.raw_pos += n as u64;
        self.complete = at_end && from + n == raw.len();
        n > 0
    }

    /// The decoded text, for the engine.
    pub(crate) fn text(&self) -> Text<'_> {
        Text {
            bytes: &self.decoded.text,
            map: self.decoded.map(),
            complete: self.complete,
            end: self.raw_pos,
            stop: Some(self.end.unwrap_or(u64::MAX)),
        }
    }

    /// Forgets the decoded bytes whose source starts before input offset `keep_from`.
    pub(crate) fn consume_to(&mut self, keep_from: u64) {
        self.decoded.consume_to(keep_from);
        if self.decoded.text.is_empty() {
            self.decoded.base = self.raw_pos;
        }
    }

    /// How many decoded bytes are held.
    pub(crate) fn held(&self) -> usize {
        self.decoded.text.len()
    }

    /// The input offset up to which the input is decoded: the source bytes from there on are
    /// still needed.
    pub(crate) fn raw_pos(&self) -> u64 {
        self.raw_pos
    }

    /// Where the region ends, once known.
    pub(crate) fn end(&self) -> Option<u64> {
        self.end
    }
}
