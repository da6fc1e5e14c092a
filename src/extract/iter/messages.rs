//! An mbox read from one of its separator lines on: the reading of a mailbox cut at message
//! boundaries into runs of whole messages, each scanned on its own (see the crate docs,
//! "Shards", and [`shard::reader_messages`](crate::shard::reader_messages)).

use std::io::Read;

use super::{Extractor, Mode, Pipeline, SliceMatches};
use crate::decode::mail::mbox;
use crate::extract::mail::Mail;
use crate::extract::options::Compiled;
use crate::source::{self, Source};

/// Where a message of an mbox starts (RFC 4155: a `From ` separator line after an empty line),
/// and what the input before it holds that the reading of the messages from there on needs:
/// how many messages come before it and how many line feeds. The reading of the whole input
/// is in the same state at every separator line, so the runs of whole messages that
/// [`shard::mbox_cut`](crate::shard::mbox_cut) cuts a mailbox into can be read apart,
/// on as many threads, from a pipe, and give together what the reading of the whole mailbox
/// gives ([`shard::reader_messages`](crate::shard::reader_messages)).
///
/// The default is the start of the input.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MessageStart {
    /// The input offset of the separator line.
    separator: u64,
    /// The input offset of the message's text, after its separator line.
    text: u64,
    messages: u64,
    line_feeds: u64,
}

impl MessageStart {
    /// The input offset of the message's separator line.
    pub fn offset(&self) -> u64 {
        self.separator
    }

    /// How many messages come before it.
    pub fn messages(&self) -> u64 {
        self.messages
    }

    /// How many line feeds come before it, when the finder numbers lines (otherwise 0: they
    /// are not counted).
    pub fn line_feeds(&self) -> u64 {
        self.line_feeds
    }
}

/// Where [`shard::mbox_cut`](crate::shard::mbox_cut) cuts an mbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MboxCut {
    /// The first `len` bytes given are whole messages; the next starts after them, at `next`.
    At {
        /// How many of the bytes given the messages take.
        len: usize,
        /// Where the message after them starts.
        next: MessageStart,
    },
    /// No separator line at or after the length wanted is held whole in the bytes given: more
    /// are needed (or, at the end of the input, all of them are one run). An input that is
    /// one message (it does not start with a separator line) is never cut.
    More,
}

/// Cuts `bytes`, the input from `at` on, after the first whole message that ends at or after
/// `want` bytes: see [`shard::mbox_cut`](crate::shard::mbox_cut).
pub(crate) fn cut_mbox(compiled: &Compiled, bytes: &[u8], at: MessageStart, want: usize) -> MboxCut {
    match mbox::cut(bytes, want) {
        mbox::Cut::At { line, next, messages } => {
            let line_feeds = match compiled.opts.line_numbers {
                true => at.line_feeds + memchr::memchr_iter(b'\n', &bytes[..line]).count() as u64,
                false => 0,
            };
            let next = MessageStart {
                separator: at.separator + line as u64,
                text: at.separator + next as u64,
                messages: at.messages + messages,
                line_feeds,
            };
            MboxCut::At { len: line, next }
        }
        mbox::Cut::More => MboxCut::More,
    }
}

impl<R: Read> Extractor<R> {
    /// The events of the messages `reader` reads, an mbox from the separator line `at` on:
    /// see [`shard::reader_messages`](crate::shard::reader_messages).
    pub(crate) fn messages(compiled: &Compiled, reader: R, at: MessageStart) -> Self {
        Extractor {
            pipeline: Pipeline::messages(compiled, source::Reader::starting_at(reader, at.separator), at),
        }
    }
}

impl<'h> SliceMatches<'h> {
    /// The events of the messages of `bytes`, an mbox from the separator line `at` on, read in
    /// place: see [`shard::slice_messages`](crate::shard::slice_messages).
    pub(crate) fn messages(compiled: &Compiled, bytes: &'h [u8], at: MessageStart) -> Self {
        SliceMatches {
            pipeline: Pipeline::messages(compiled, source::Slice::starting_at(bytes, at.separator), at),
        }
    }
}

impl<S: Source> Pipeline<S> {
    /// A pipeline over `source`, an mbox from the separator line `at` on (the source's first
    /// byte is the input's byte at `at.offset()`).
    fn messages(compiled: &Compiled, source: S, at: MessageStart) -> Self {
        let mut pipeline = Pipeline::new(compiled, source);
        if at == MessageStart::default() {
            // The input's start: the input is read as mail, as its first line says.
            pipeline.mode = Mode::Undecided { on: true };
            return pipeline;
        }
        let line_numbers = pipeline.lines.take().is_some();
        let number = usize::try_from(at.messages).unwrap_or(usize::MAX);
        let mail = Mail::new(compiled.headers.clone(), line_numbers, &pipeline.opts, 0..u64::MAX).resuming(
            at.separator,
            at.text,
            number,
            at.line_feeds,
        );
        pipeline.mode = Mode::Mail(Box::new(mail));
        pipeline
    }
}
