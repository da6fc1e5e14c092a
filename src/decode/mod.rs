//! The decoding stage in front of the engine: what the engine reads, and how each byte it reads
//! maps back to the input.
//!
//! The engine (`extract::engine`) scans [`Text`]: bytes with a [`Map`] to the input's offsets.
//! Raw text is the input itself, mapped one to one ([`Map::Raw`]); decoded text is what a
//! decoder made of the input, with the source range of each decoded byte ([`Map::Decoded`]).
//! Every span the extractor reports is taken through the map, so it points at the input's
//! bytes whatever was decoded.
//!
//! The decoders:
//! - [`qp`]: quoted-printable (RFC 2045 §6.7): the decoder, and the regions of mail bodies in
//!   text that is not parsed as mail, found ahead of the engine from the input's raw lines.
//!
//! - [`mail`]: mail and news as a reader sees them (issue 19): mbox messages, the MIME tree,
//!   header fields, and each part decoded by [`base64`] or [`qp`], [`charset`] (with [`utf7`]),
//!   [`flowed`] and [`html`]. The extractor reads an input that is mail this way
//!   (`extract::mail`), and other input as plain text with [`qp`] regions.
//!
//! - [`warc`]: web archives (WARC, WET) and saved pages (issue 39): records split by their
//!   lengths, each response's HTTP body with its codings undone, read by [`charset`] and
//!   [`html`] (`extract::web`).
//!
//! A new decoder produces a [`Decoded`] text the same way and joins here; the engine does not
//! change. Decoders that work on the output of another produce positions into that output
//! (a [`Decoded`] with `base` 0), and [`Decoded::through`] composes the two maps.

pub(crate) mod base64;
pub(crate) mod charset;
pub(crate) mod flowed;
pub(crate) mod html;
pub(crate) mod mail;
pub(crate) mod qp;
pub(crate) mod utf7;
pub(crate) mod warc;

use core::ops::Range;

use crate::matches::Span;

/// What the engine reads: bytes, where they come from, and whether anything follows them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Text<'a> {
    /// The bytes.
    pub(crate) bytes: &'a [u8],
    /// Where each byte comes from in the input.
    pub(crate) map: Map<'a>,
    /// Whether nothing follows `bytes`: the input ends there, or the decoded region does.
    pub(crate) complete: bool,
    /// The input offset up to which `bytes` covers the input: what comes after is not read yet.
    pub(crate) end: u64,
    /// Where this text stops holding triggers, as an input offset: a decoded region ends there,
    /// although its candidates may read the decoded text after it. `None` for raw text.
    pub(crate) stop: Option<u64>,
}

/// How indexes of a [`Text`] map to absolute offsets in the input.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Map<'a> {
    /// The text is the input from this offset.
    Raw(u64),
    /// The text is decoded from the input: byte `i` comes from `base + starts[i]` up to
    /// `base + ends[i]` (see [`Decoded`]).
    Decoded { base: u64, starts: &'a [u32], ends: &'a [u32] },
}

impl Map<'_> {
    /// Whether the text is the input itself.
    #[inline]
    pub(crate) fn is_raw(&self) -> bool {
        matches!(self, Map::Raw(_))
    }

    /// The offset of the first source byte of text byte `i` (past the end: the end of the last).
    #[inline]
    pub(crate) fn start(&self, i: usize) -> u64 {
        match *self {
            Map::Raw(base) => base + i as u64,
            Map::Decoded { base, starts, ends } => {
                base + u64::from(starts.get(i).or(ends.last()).copied().unwrap_or(0))
            }
        }
    }

    /// The offset one past the last source byte of text byte `i`.
    #[inline]
    pub(crate) fn end(&self, i: usize) -> u64 {
        match *self {
            Map::Raw(base) => base + i as u64 + 1,
            Map::Decoded { base, ends, .. } => {
                base + u64::from(ends.get(i).or(ends.last()).copied().unwrap_or(0))
            }
        }
    }

    /// The index of the first text byte whose source starts at or after the input offset `at`
    /// (the length of a text of `len` bytes when there is none).
    #[inline]
    pub(crate) fn index_of(&self, at: u64, len: usize) -> usize {
        match *self {
            Map::Raw(base) => (at.saturating_sub(base) as usize).min(len),
            Map::Decoded { base, starts, .. } => {
                let rel = at.saturating_sub(base);
                starts.partition_point(|&s| u64::from(s) < rel)
            }
        }
    }

    /// The source range of text bytes `r`, which must not be empty.
    #[inline]
    pub(crate) fn span(&self, r: Range<usize>) -> Span {
        Span::new(self.start(r.start), self.end(r.end.saturating_sub(1)))
    }

    /// The source ranges of text bytes `r`, split where source bytes were skipped.
    #[inline(always)]
    pub(crate) fn pieces(&self, r: Range<usize>, out: &mut Vec<Span>) {
        // Raw text skips no source byte inside a range: one piece, without going through it
        // byte by byte (a URI broken after hyphens over hundreds of lines has a range per line).
        if let Map::Raw(_) = self
            && r.start < r.end
        {
            push_piece(out, self.span(r));
            return;
        }
        self.decoded_pieces(r, out);
    }

    /// [`Map::pieces`] byte by byte, for decoded text.
    #[inline(never)]
    fn decoded_pieces(&self, r: Range<usize>, out: &mut Vec<Span>) {
        if let Map::Decoded { base, starts, ends } = *self
            && r.start < r.end
            && r.end <= starts.len().min(ends.len())
        {
            let (starts, ends) = (&starts[r.clone()], &ends[r]);
            let mut from = 0;
            for k in 1..starts.len() {
                if ends[k - 1] != starts[k] {
                    push_piece(out, Span::new(base + u64::from(starts[from]), base + u64::from(ends[k - 1])));
                    from = k;
                }
            }
            let last = ends[ends.len() - 1];
            push_piece(out, Span::new(base + u64::from(starts[from]), base + u64::from(last)));
            return;
        }
        let mut from = r.start;
        for i in r.clone() {
            let last = i + 1 == r.end;
            if last || self.end(i) != self.start(i + 1) {
                push_piece(out, self.span(from..i + 1));
                from = i + 1;
            }
        }
    }
}

impl Map<'_> {
    /// The source ranges of text bytes `r` as runs of source bytes without a gap: like
    /// [`Map::pieces`], but the sources of neighbouring bytes that overlap (four base64
    /// characters give three bytes) are one piece rather than one each. Appended to `out`,
    /// joined with its last piece when they touch or overlap.
    #[inline(never)]
    pub(crate) fn joined_pieces(&self, r: Range<usize>, out: &mut Vec<Span>) {
        let mut join = |piece: Span| match out.last_mut() {
            Some(last) if piece.start <= last.end => last.end = last.end.max(piece.end),
            _ => out.push(piece),
        };
        match *self {
            Map::Raw(_) if r.start < r.end => join(self.span(r)),
            Map::Decoded { base, starts, ends }
                if r.start < r.end && r.end <= starts.len().min(ends.len()) =>
            {
                let (starts, ends) = (&starts[r.clone()], &ends[r]);
                let (mut from, mut to) = (starts[0], ends[0]);
                for (&start, &end) in starts[1..].iter().zip(&ends[1..]) {
                    if start > to {
                        join(Span::new(base + u64::from(from), base + u64::from(to)));
                        (from, to) = (start, end);
                    } else {
                        to = to.max(end);
                    }
                }
                join(Span::new(base + u64::from(from), base + u64::from(to)));
            }
            _ => {
                for i in r {
                    join(Span::new(self.start(i), self.end(i)));
                }
            }
        }
    }
}

/// Adds a piece, merging it with the previous one when they touch.
fn push_piece(out: &mut Vec<Span>, piece: Span) {
    match out.last_mut() {
        Some(last) if last.end == piece.start => last.end = piece.end,
        _ => out.push(piece),
    }
}

/// Text a decoder made, with where each byte came from.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Decoded {
    /// The input offset the positions below are relative to.
    pub(crate) base: u64,
    /// The decoded bytes.
    pub(crate) text: Vec<u8>,
    /// For each decoded byte, the offset of its first source byte, relative to `base`.
    pub(crate) starts: Vec<u32>,
    /// For each decoded byte, the offset one past its last source byte, relative to `base`.
    pub(crate) ends: Vec<u32>,
}

impl Decoded {
    /// Makes room for `n` more bytes and their positions at once: a text that grows a run at a
    /// time would otherwise copy its three vectors each time one of them doubles.
    #[inline]
    pub(crate) fn reserve(&mut self, n: usize) {
        self.text.reserve(n);
        self.starts.reserve(n);
        self.ends.reserve(n);
    }

    /// Appends byte `b`, decoded from the source bytes `from..to` (relative to `base`).
    #[inline]
    pub(crate) fn push(&mut self, b: u8, from: u32, to: u32) {
        self.text.push(b);
        self.starts.push(from);
        self.ends.push(to);
    }

    /// Appends `bytes`, all decoded from the source bytes `from..to`.
    pub(crate) fn push_all(&mut self, bytes: &[u8], from: u32, to: u32) {
        for &b in bytes {
            self.push(b, from, to);
        }
    }

    /// Appends `bytes`, which stand for themselves: byte `k` comes from source byte `at + k`.
    pub(crate) fn push_run(&mut self, bytes: &[u8], at: u32) {
        self.text.extend_from_slice(bytes);
        self.starts.extend((0..bytes.len() as u32).map(|k| at + k));
        self.ends.extend((1..=bytes.len() as u32).map(|k| at + k));
    }

    /// `bytes` standing for themselves, from input offset `base` on. `bytes` must be shorter
    /// than 4 GiB.
    pub(crate) fn identity(bytes: &[u8], base: u64) -> Decoded {
        let mut d = Decoded { base, ..Decoded::default() };
        d.push_run(bytes, 0);
        d
    }

    /// `bytes`, which are the input from offset `base` on, without a map of their own: their
    /// [`Decoded::map`] is [`Map::Raw`]. Such a text is only read and mapped, never decoded
    /// further (the other methods want a map per byte). The mail stage reads such text in
    /// place (`mail::SegmentText::Input`); the tests' reader copies it into one of these.
    #[cfg(test)]
    pub(crate) fn raw(bytes: &[u8], base: u64) -> Decoded {
        Decoded { base, text: bytes.to_vec(), starts: Vec::new(), ends: Vec::new() }
    }

    /// Whether this text has no map of its own (its map is the input's: `Decoded::raw`, which the
    /// tests use).
    #[inline]
    pub(crate) fn is_raw(&self) -> bool {
        self.starts.is_empty() && !self.text.is_empty()
    }

    /// [`Decoded::through`] for a `self` whose bytes each stand for themselves, one after the
    /// other from `self.starts[0]` on (what [`Decoded::push_run`] of one run into an empty
    /// text makes): each of `inner`'s positions is moved by that start, as `through` moves it
    /// (a start past the text's end to its end, an end to at least its start's next byte and
    /// at most the text's end), without a lookup per position.
    pub(crate) fn through_run(&self, mut inner: Decoded) -> Decoded {
        debug_assert!(
            self.starts
                .iter()
                .zip(&self.ends)
                .enumerate()
                .all(|(k, (&s, &e))| { s == self.starts[0] + k as u32 && e == s + 1 }),
            "a run: each byte its own source, one after the other"
        );
        let n = self.text.len() as u32;
        let Some(&off) = self.starts.first() else {
            return self.through(inner);
        };
        for (e, &s) in inner.ends.iter_mut().zip(&inner.starts) {
            *e = off + (*e).max(s + 1).min(n);
        }
        for s in &mut inner.starts {
            *s = off + (*s).min(n);
        }
        inner.base = self.base;
        inner
    }

    /// The text of `inner`, a decoding of `self.text` (its positions are indexes into
    /// `self.text`, its `base` ignored), with positions into `self`'s source: byte `i` of
    /// `inner` comes from the source of `self.text[inner.starts[i]..inner.ends[i]]`. `inner`'s
    /// storage is reused.
    pub(crate) fn through(&self, mut inner: Decoded) -> Decoded {
        let n = self.text.len();
        let last_end = self.ends.last().copied().unwrap_or(0);
        let start_of = |k: u32| self.starts.get(k as usize).copied().unwrap_or(last_end);
        let end_of = |k: u32| match k as usize {
            0 => self.starts.first().copied().unwrap_or(0),
            k if k <= n => self.ends[k - 1],
            _ => last_end,
        };
        // The ends first: each reads its byte's start as `inner` gave it.
        for (e, &s) in inner.ends.iter_mut().zip(&inner.starts) {
            *e = end_of((*e).max(s + 1));
        }
        for s in &mut inner.starts {
            *s = start_of(*s);
        }
        inner.base = self.base;
        inner
    }

    /// Bytes `r` of the text, with their positions.
    pub(crate) fn slice(&self, r: Range<usize>) -> Decoded {
        Decoded {
            base: self.base,
            text: self.text[r.clone()].to_vec(),
            starts: self.starts[r.clone()].to_vec(),
            ends: self.ends[r].to_vec(),
        }
    }

    /// Positions relative to input offset `base` instead of 0: for a decoding of source bytes
    /// that start there in the input.
    pub(crate) fn at(mut self, base: u64) -> Decoded {
        self.base = base;
        self
    }

    /// The absolute input range of text byte `i`.
    #[cfg(test)]
    pub(crate) fn source(&self, i: usize) -> Range<u64> {
        if self.is_raw() {
            return self.base + i as u64..self.base + i as u64 + 1;
        }
        self.base + u64::from(self.starts[i])..self.base + u64::from(self.ends[i])
    }

    /// The map of the text.
    #[inline]
    pub(crate) fn map(&self) -> Map<'_> {
        if self.is_raw() {
            return Map::Raw(self.base);
        }
        Map::Decoded { base: self.base, starts: &self.starts, ends: &self.ends }
    }

    /// Drops the bytes whose source starts before the input offset `keep_from`, and moves
    /// `base` to the source of the first byte kept, so that positions stay small.
    pub(crate) fn consume_to(&mut self, keep_from: u64) {
        let k = self.map().index_of(keep_from, self.text.len());
        self.text.drain(..k);
        self.starts.drain(..k);
        self.ends.drain(..k);
        if let Some(&first) = self.starts.first() {
            self.starts.iter_mut().for_each(|s| *s -= first);
            self.ends.iter_mut().for_each(|e| *e -= first);
            self.base += u64::from(first);
        }
    }
}

/// Decoded text being built whose map is held as runs, and made a byte at a time only for
/// text that is wanted ([`Pending::take`]): most runs of an HTML part's text are dropped as
/// they end (they cannot give an event), and they need no map.
#[derive(Debug, Default)]
pub(crate) struct Pending {
    /// The decoded bytes.
    pub(crate) text: Vec<u8>,
    /// Their sources, in order: `(len, from, to, each)`: `len` bytes that stand for the source
    /// bytes `from..to` one each (`each`), or all come from `from..to`.
    runs: Vec<(u32, u32, u32, bool)>,
}

impl Pending {
    /// Room for `bytes` bytes in `runs` runs.
    pub(crate) fn with_capacity(bytes: usize, runs: usize) -> Self {
        Pending { text: Vec::with_capacity(bytes), runs: Vec::with_capacity(runs) }
    }

    /// Forgets everything but the storage.
    pub(crate) fn clear(&mut self) {
        self.text.clear();
        self.runs.clear();
    }

    /// Appends `bytes`, which stand for themselves: byte `k` comes from source byte `at + k`
    /// (as [`Decoded::push_run`]).
    #[inline]
    pub(crate) fn push_run(&mut self, bytes: &[u8], at: u32) {
        if !bytes.is_empty() {
            self.text.extend_from_slice(bytes);
            self.runs.push((bytes.len() as u32, at, at + bytes.len() as u32, true));
        }
    }

    /// Appends `bytes`, all decoded from the source bytes `from..to` (as [`Decoded::push_all`]).
    #[inline]
    pub(crate) fn push_all(&mut self, bytes: &[u8], from: u32, to: u32) {
        if !bytes.is_empty() {
            self.text.extend_from_slice(bytes);
            self.runs.push((bytes.len() as u32, from, to, false));
        }
    }

    /// The text with its map a byte at a time; `self` is left empty, its storage kept.
    pub(crate) fn take(&mut self) -> Decoded {
        let n = self.text.len();
        let mut d = Decoded {
            base: 0,
            text: self.text.clone(),
            starts: Vec::with_capacity(n),
            ends: Vec::with_capacity(n),
        };
        for &(len, from, to, each) in &self.runs {
            if each {
                d.starts.extend(from..from + len);
                d.ends.extend(from + 1..=from + len);
            } else {
                d.starts.extend(core::iter::repeat_n(from, len as usize));
                d.ends.extend(core::iter::repeat_n(to, len as usize));
            }
        }
        self.clear();
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoded_pieces_split_where_source_was_skipped() {
        // `ab=\ncd`: decoded `abcd`, the soft break between b and c.
        let starts = [0, 1, 4, 5];
        let ends = [1, 2, 5, 6];
        let map = Map::Decoded { base: 100, starts: &starts, ends: &ends };
        let mut out = Vec::new();
        map.pieces(0..4, &mut out);
        assert_eq!(out, [Span::new(100, 102), Span::new(104, 106)]);
        assert_eq!(map.span(0..4), Span::new(100, 106));
        assert_eq!(map.start(9), 106, "past the end maps to the end");
        assert_eq!(map.index_of(104, 4), 2);
        assert_eq!(map.index_of(102, 4), 2, "a skipped byte maps to the next kept one");
        assert_eq!(map.index_of(0, 4), 0);
        assert_eq!(map.index_of(200, 4), 4);
        let raw = Map::Raw(7);
        out.clear();
        raw.pieces(2..5, &mut out);
        assert_eq!(out, [Span::new(9, 12)]);
        assert_eq!(raw.index_of(9, 10), 2);
        assert_eq!(raw.index_of(3, 10), 0);
        assert_eq!(raw.index_of(30, 10), 10);
    }

    #[test]
    fn composed_maps_point_at_the_first_source() {
        // `a=3Db` decoded to `a=b`, then a decoder that reads `=b` as one byte `X`.
        let outer = Decoded { base: 50, text: b"a=b".to_vec(), starts: vec![0, 1, 4], ends: vec![1, 4, 5] };
        let inner = Decoded { base: 0, text: b"aX".to_vec(), starts: vec![0, 1], ends: vec![1, 3] };
        let both = outer.through(inner);
        assert_eq!(both.text, b"aX");
        assert_eq!((both.base, both.starts.as_slice(), both.ends.as_slice()), (50, &[0, 1][..], &[1, 5][..]));
        assert_eq!(both.source(1), 51..55);
        let id = Decoded::identity(b"xyz", 7);
        assert_eq!(id.source(2), 9..10);
        assert_eq!(id.slice(1..3).text, b"yz");
        assert_eq!(id.slice(1..3).source(0), 8..9);
    }

    #[test]
    fn consuming_keeps_positions_absolute() {
        let mut d =
            Decoded { base: 10, text: b"abcd".to_vec(), starts: vec![0, 1, 4, 5], ends: vec![1, 2, 5, 6] };
        d.consume_to(12);
        assert_eq!(d.text, b"cd");
        assert_eq!((d.base, d.starts.as_slice(), d.ends.as_slice()), (14, &[0, 1][..], &[1, 2][..]));
        assert_eq!(d.map().span(0..2), Span::new(14, 16));
    }

    #[test]
    fn a_run_takes_a_decoding_to_its_source_as_through_does() {
        // Runs of several lengths from several offsets, and decodings of them whose positions
        // take every shape `through` reads: within the text, an end before its start's next
        // byte, a start or an end past the text's end.
        for (len, at, base) in [(1usize, 0u32, 0u64), (5, 3, 40), (12, 1000, 7)] {
            let mut outer = Decoded { base, ..Decoded::default() };
            outer.push_run(&b"abcdefghijkl"[..len], at);
            let n = len as u32;
            let mut starts = Vec::new();
            let mut ends = Vec::new();
            for s in 0..n + 3 {
                for e in 0..n + 3 {
                    starts.push(s);
                    ends.push(e);
                }
            }
            let inner = Decoded { base: 99, text: vec![b'x'; starts.len()], starts, ends };
            assert_eq!(outer.through_run(inner.clone()), outer.through(inner), "run of {len} at {at}");
        }
        let empty = Decoded::default();
        let inner = Decoded { base: 0, text: b"x".to_vec(), starts: vec![0], ends: vec![1] };
        assert_eq!(empty.through_run(inner.clone()), empty.through(inner));
    }
}
