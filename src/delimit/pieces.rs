//! The text ranges a delimited candidate is made of, and its hyphen line breaks.

use core::ops::Range;

/// The text ranges of a candidate and its hyphen line breaks; reused from one candidate to the
/// next so that delimiting allocates nothing once warm.
#[derive(Debug, Default, Clone)]
pub(crate) struct Pieces {
    /// Ranges of the window, in order, whose concatenation is the candidate.
    pub(crate) segments: Vec<Range<usize>>,
    /// Indexes of hyphens that end a line inside the candidate (each is the last byte of a
    /// segment that is not the last): the second reading drops them.
    pub(crate) breaks: Vec<usize>,
}

impl Pieces {
    #[inline]
    pub(super) fn clear(&mut self) {
        self.segments.clear();
        self.breaks.clear();
    }

    #[inline]
    pub(super) fn push(&mut self, r: Range<usize>) {
        if r.start < r.end {
            self.segments.push(r);
        }
    }

    /// Ends the candidate at index `at` of segment `n` (a closing mark, a separator): the
    /// segments after it and the hyphen breaks at or after `at` go.
    #[inline]
    pub(super) fn cut(&mut self, n: usize, at: usize) {
        self.segments.truncate(n + 1);
        self.segments[n].end = at;
        self.breaks.retain(|&h| h < at);
    }

    /// The first and one-past-last index of the candidate in the window.
    #[inline]
    pub(crate) fn extent(&self) -> Option<Range<usize>> {
        Some(self.segments.first()?.start..self.segments.last()?.end)
    }

    /// Calls `f` with each non-empty range of reading 1 (every byte) or reading 2 (hyphens at
    /// line breaks dropped), in order.
    pub(crate) fn for_each_in_reading(&self, drop_hyphens: bool, mut f: impl FnMut(Range<usize>)) {
        // A break hyphen is always the last byte of its segment; both lists are in order.
        let mut breaks = self.breaks.iter().peekable();
        for seg in &self.segments {
            let at_break = breaks.next_if(|&&h| h + 1 == seg.end).is_some();
            let end = if drop_hyphens && at_break { seg.end - 1 } else { seg.end };
            if seg.start < end {
                f(seg.start..end);
            }
        }
    }

    /// The first and one-past-last index of the bytes of reading 1 or 2 in the window: under
    /// reading 2 a dropped hyphen at the very end is not part of it (`<http://[::1]-` LF `>`
    /// ends before the hyphen).
    #[inline]
    pub(crate) fn reading_extent(&self, drop_hyphens: bool) -> Option<Range<usize>> {
        if !drop_hyphens {
            return self.extent();
        }
        let mut extent: Option<Range<usize>> = None;
        self.for_each_in_reading(true, |r| {
            extent = Some(extent.as_ref().map_or(r.start, |e| e.start)..r.end);
        });
        extent
    }

    /// Writes reading 1 (every byte) or reading 2 (hyphens at line breaks dropped) to `out`.
    pub(crate) fn write_reading(&self, text: &[u8], drop_hyphens: bool, out: &mut Vec<u8>) {
        out.clear();
        // `extend` over the bytes: the pieces of a URI broken after hyphens over many lines are
        // a few bytes each.
        self.for_each_in_reading(drop_hyphens, |r| {
            out.extend(text.get(r).unwrap_or_default().iter().copied())
        });
    }
}
