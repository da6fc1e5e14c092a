//! Line numbers: counted over the input's bytes as the window moves on, so that each match
//! knows the line it starts on without a pass of its own.

/// The number of line feeds before an absolute offset, kept up to date as offsets grow.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct LineCounter {
    /// Line feeds are counted up to this offset.
    to: u64,
    /// How many there are before it.
    lines: u64,
}

impl LineCounter {
    /// A counter that knows there are `lines` line feeds before the offset `to` (counted by a
    /// pass of its own, for a range of the input).
    pub(crate) fn starting_at(to: u64, lines: u64) -> Self {
        LineCounter { to, lines }
    }

    /// The offset up to which line feeds are counted: the input from there on is still needed.
    pub(crate) fn counted_to(&self) -> u64 {
        self.to
    }

    /// Counts the line feeds up to the absolute offset `at` in `window` (the input from
    /// `base`, holding the bytes from [`LineCounter::counted_to`] on). Offsets at or before
    /// the last one counted change nothing.
    pub(crate) fn count_to(&mut self, window: &[u8], base: u64, at: u64) {
        if at <= self.to {
            return;
        }
        let from = self.to.saturating_sub(base) as usize;
        let upto = (at.saturating_sub(base) as usize).min(window.len());
        if let Some(bytes) = window.get(from..upto) {
            self.lines += memchr::memchr_iter(b'\n', bytes).count() as u64;
        }
        self.to = at;
    }

    /// The 1-based number of the line holding the absolute offset `at` (see
    /// [`LineCounter::count_to`]); offsets must come in order.
    pub(crate) fn line_at(&mut self, window: &[u8], base: u64, at: u64) -> u64 {
        self.count_to(window, base, at);
        self.lines + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_counted_once_across_windows() {
        let text = b"a\nb\n\nc http://x\nd";
        let mut lines = LineCounter::default();
        assert_eq!(lines.line_at(text, 0, 0), 1);
        assert_eq!(lines.line_at(text, 0, 7), 4);
        // The window moves on: the bytes before the counted offset may be gone.
        assert_eq!(lines.line_at(&text[7..], 7, 18), 5);
        assert_eq!(lines.counted_to(), 18);
        assert_eq!(lines.line_at(&text[7..], 7, 10), 5, "an earlier offset changes nothing");
    }
}
