//! What the scan of a range of the input needs to know about the input before it, counted a
//! block at a time.

use crate::decode::qp;

/// What the input before a range says that a scan of the range needs and cannot find near it:
/// how many line feeds it holds (for line numbers) and where its last
/// `Content-Transfer-Encoding` header line starts (for quoted-printable regions: see the crate
/// docs, "Shards"). Counted a block at a time ([`Prefix::of_block`]) and joined
/// ([`Prefix::followed_by`]), so that a caller that cuts a large input into many ranges reads
/// each byte once for all of them, and can count the blocks on several threads.
///
/// ```
/// use urisift::Prefix;
/// let text = b"a\nContent-Transfer-Encoding: quoted-printable\n\nb=\nc\n";
/// let (head, tail) = text.split_at(10);
/// let joined = Prefix::of_block(b"", head, 0).followed_by(Prefix::of_block(head, tail, 10));
/// assert_eq!(joined, Prefix::of_block(b"", text, 0));
/// assert_eq!((joined.len(), joined.line_feeds(), joined.transfer_encoding_line()), (52, 5, Some(2)));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Prefix {
    len: u64,
    line_feeds: u64,
    transfer_encoding_line: Option<u64>,
}

impl Prefix {
    /// The part of the prefix in `block`, the input's bytes from offset `at`; `lead` is the
    /// input just before `block` (up to 32 bytes of it are read, for a header line that
    /// starts before the block and whose name ends in it; empty at the start of the input).
    /// Alone, it stands for the input up to the block's end with what comes before the block
    /// counted as nothing; [`Prefix::followed_by`] joins it to what comes before.
    pub fn of_block(lead: &[u8], block: &[u8], at: u64) -> Self {
        let mut prefix = Self::headers_of_block(lead, block, at);
        prefix.line_feeds = memchr::memchr_iter(b'\n', block).count() as u64;
        prefix
    }

    /// [`Prefix::of_block`] without counting line feeds (it counts none): for the scan of a
    /// range without line numbers, which reads only where the last header line is.
    pub fn headers_of_block(lead: &[u8], block: &[u8], at: u64) -> Self {
        let lead = &lead[lead.len().saturating_sub(LEAD)..];
        // A header line whose name ends in the first bytes of the block, seen with its lead.
        let lead_at = at.saturating_sub(lead.len() as u64);
        let mut seam = lead.to_vec();
        seam.extend_from_slice(&block[..block.len().min(LEAD)]);
        let straddling = qp::last_transfer_encoding_line(&seam)
            .filter(|&line| line > 0 || lead_at == 0)
            .map(|line| lead_at + line as u64);
        let inside = qp::last_transfer_encoding_line(block)
            .filter(|&line| line > 0 || at == 0 || lead.last() == Some(&b'\n'))
            .map(|line| at + line as u64);
        Prefix { len: at + block.len() as u64, line_feeds: 0, transfer_encoding_line: inside.max(straddling) }
    }

    /// The prefix of a range that starts at `len`, not counted: taken to hold no line feed and
    /// no `Content-Transfer-Encoding` header line. A range scanned after it (with
    /// [`shard::reader_range_after`](crate::shard::reader_range_after)) warms up from a
    /// short way back only, and numbers lines from 1 at its start; for a caller that does not
    /// number lines and checks each range's [`start_seam`](crate::Matches::start_seam)
    /// against the [`end_seam`](crate::Matches::end_seam) of the range before, scanning
    /// again with the prefix counted where they differ.
    pub fn unknown(len: u64) -> Prefix {
        Prefix { len, line_feeds: 0, transfer_encoding_line: None }
    }

    /// The prefix that is `self` followed by `later`, the prefix's part in the blocks after it.
    pub fn followed_by(self, later: Prefix) -> Prefix {
        Prefix {
            len: later.len.max(self.len),
            line_feeds: self.line_feeds + later.line_feeds,
            transfer_encoding_line: self.transfer_encoding_line.max(later.transfer_encoding_line),
        }
    }

    /// The prefix, taken to reach to `len`: for the end of an input that ends before `len`, or
    /// for a scan whose options need nothing from the prefix.
    pub(crate) fn reaching(self, len: u64) -> Prefix {
        Prefix { len, ..self }
    }

    /// The input offset it reaches to: the start of the range it is the prefix of.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether it is the prefix of a range that starts the input.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many line feeds it holds.
    pub fn line_feeds(&self) -> u64 {
        self.line_feeds
    }

    /// Where its last line that is a `Content-Transfer-Encoding` header starts, if any.
    pub fn transfer_encoding_line(&self) -> Option<u64> {
        self.transfer_encoding_line
    }
}

/// How many bytes before a block are read for a header line that straddles its start: the
/// header's name, its colon, and the line feed before it.
const LEAD: usize = 32;
