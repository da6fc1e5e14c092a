//! A message of an mbox too long to be read as mail ([`ExtractorBuilder::mail_message_max`]),
//! read as plain text up to the next separator line, where the reading of mail goes on: a long
//! message never costs the rest of the mailbox its decoding (issue 19, items 11 and 12).
//!
//! [`ExtractorBuilder::mail_message_max`]: crate::ExtractorBuilder::mail_message_max

use crate::decode::mail::mbox::{self, End};
use crate::extract::mail::Mail;

/// Where a long message ends, as input offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ends {
    /// Not found yet.
    Unknown,
    /// Before the separator line at `line`, the next message's text starting at `next`.
    Separator { line: u64, next: u64 },
    /// At the end of the input, here.
    Input(u64),
}

/// The long message being read as plain text, and the mail stage to go on with after it.
#[derive(Debug)]
pub(super) struct Long {
    /// The mail stage, stopped at the message.
    pub(super) mail: Box<Mail>,
    /// Where the message starts (after its separator line).
    start: u64,
    /// Where the search for its end goes on.
    searched: u64,
    /// Where it ends.
    end: Ends,
    /// The end of the window last searched and the end of what of it was the message's, as
    /// input offsets: the scan steps many times over one window (an event at a time), which
    /// is searched once.
    searched_window: (u64, u64),
}

impl Long {
    /// The message that starts at input offset `start`, its separator line read by `mail`.
    pub(super) fn new(mail: Box<Mail>, start: u64) -> Self {
        Long { mail, start, searched: start, end: Ends::Unknown, searched_window: (0, 0) }
    }

    /// What of `window` (the input from offset `base`, `eof` when nothing follows it) is the
    /// message's, and whether the message ends there: the plain-text scan reads the message
    /// as if it were the whole input. The end is searched for as the mail stage searches for
    /// it ([`mbox::message_end`]), so that a scan of any range of the input finds the same end.
    #[inline]
    pub(super) fn clip<'a>(&mut self, window: &'a [u8], base: u64, eof: bool) -> (&'a [u8], bool) {
        let at = |offset: u64| (offset.saturating_sub(base) as usize).min(window.len());
        if self.end == Ends::Unknown {
            let window_end = base + window.len() as u64;
            if !eof && self.searched_window.0 == window_end {
                return (&window[..at(self.searched_window.1)], false);
            }
            match mbox::message_end(window, at(self.start), at(self.searched), eof) {
                End::Separator { line, next } => {
                    self.end = Ends::Separator { line: base + line as u64, next: base + next as u64 };
                }
                End::Last => self.end = Ends::Input(base + window.len() as u64),
                End::More { resume } => {
                    self.searched = base + resume as u64;
                    // Any separator line still to be found starts after `resume`.
                    let message = (resume + 1).min(window.len());
                    self.searched_window = (window_end, base + message as u64);
                    return (&window[..message], false);
                }
            }
        }
        let end = match self.end {
            Ends::Separator { line, .. } => line,
            Ends::Input(end) => end,
            // Found above: were it not, the window would be read as the message's, not panic.
            Ends::Unknown => base + window.len() as u64,
        };
        (&window[..at(end)], true)
    }

    /// The input from this offset on is still needed by the search for the message's end.
    pub(super) fn keep_from(&self) -> u64 {
        match self.end {
            Ends::Unknown => self.searched.saturating_sub(2),
            Ends::Separator { .. } | Ends::Input(_) => u64::MAX,
        }
    }

    /// Where the next message's separator line and text start, once the message is read to
    /// its end; `None` when it ends the input.
    pub(super) fn next_message(&self) -> Option<(u64, u64)> {
        match self.end {
            Ends::Separator { line, next } => Some((line, next)),
            Ends::Unknown | Ends::Input(_) => None,
        }
    }
}
