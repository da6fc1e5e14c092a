//! A job's channel: what a worker of `-j` sends the main thread about its job ([`Msg`]), and
//! how it sends the events of a scan ([`send_events`]): in batches, or rendered as the main
//! thread would print them. The main thread takes a job's messages in order, those of the runs
//! of a mailbox in their place ([`JobMessages`]).

use std::io;
use std::sync::mpsc::{Receiver, SyncSender};

use urisift::Event;
use urisift::shard::Seam;

use crate::args::Args;
use crate::input::{Compression, Input, Next, Trouble};
use crate::json::Counts;
use crate::print::{Printer, Style};
use crate::walk::EventSource;

/// Events sent at a time.
const BATCH: usize = 512;
/// Bytes of rendered output sent at a time.
const RENDERED: usize = 64 << 10;
/// Batches a job's channel holds before its worker waits.
pub const CHANNEL: usize = 8;

/// What a worker sends the main thread about its job.
pub enum Msg {
    /// The input was opened; its compression, when it is compressed and read as it is.
    Compressed(Compression),
    Events(Vec<Event>),
    /// Output a worker rendered, and how many matches it holds.
    Output(Vec<u8>, u64),
    /// Reading failed: the input's scan ends here.
    Failed(io::Error),
    /// The input's first two bytes, for the warning about UTF-16.
    Head([u8; 2]),
    /// A range scanned after a guessed prefix: the state its scan started in, sent first.
    Start(Option<Seam>),
    /// The state the scan of a range ended in, sent last.
    End(Option<Seam>),
    /// Messages too long to be read as mail, read as plain text: where the first starts, and
    /// how many; sent after the events.
    Long(u64, u64),
    /// Messages whose MIME entities nest too deep to decode: where the first starts, the depth
    /// its decoding stopped at, and how many; sent after the events.
    Deep(u64, usize, u64),
    /// What a web archive held that was not read as it should have been; sent after the
    /// events.
    Web(urisift::WebTally),
    /// The ranges of a gzip file read by members (`input::members`): where the first run of
    /// members the range owns starts (`None`: it owns none), sent first.
    MembersFrom(Option<u64>),
    /// The matches that follow come from the run of members that starts at this offset.
    Member(u64),
    /// What went wrong in a member, in its place among the events.
    Trouble(Trouble),
    /// Where the runs after the range's go on, sent last.
    MembersNext(Next),
    /// A run of a mailbox read whole, scanned on another thread (`parallel::runs`): its messages come
    /// here, in the place of this one.
    Run(Receiver<Msg>),
}

/// The messages of a job, those of its runs ([`Msg::Run`]) in their place.
pub struct JobMessages {
    job: Receiver<Msg>,
    run: Option<Receiver<Msg>>,
}

impl JobMessages {
    /// The messages that come down `job`.
    pub fn new(job: Receiver<Msg>) -> Self {
        JobMessages { job, run: None }
    }
}

impl Iterator for JobMessages {
    type Item = Msg;

    fn next(&mut self) -> Option<Msg> {
        loop {
            if let Some(run) = &self.run {
                match run.recv() {
                    Ok(msg) => return Some(msg),
                    Err(_) => self.run = None,
                }
            }
            match self.job.recv().ok()? {
                Msg::Run(run) => self.run = Some(run),
                msg => return Some(msg),
            }
        }
    }
}

/// What a worker sends of a scan's matches: the output rendered in the main thread's style,
/// or the events for the main thread to report.
#[derive(Clone, Copy)]
pub enum Delivery {
    Rendered(Style),
    Events,
}

/// Sends the events of `extractor` on, and then the messages too long to be read as mail, if
/// there were any; whether it got to their end.
pub fn send_events(
    extractor: &mut impl EventSource,
    input: &Input,
    args: &Args,
    delivery: Delivery,
    tx: &SyncSender<Msg>,
) -> bool {
    let Some(mut sender) = EventSender::new(input, args, delivery, tx) else { return false };
    sender.send(extractor) && sender.flush()
}

/// What sends the events of one or more scans of a job: their matches rendered (in batches of
/// [`RENDERED`] bytes) or their events batched, the rest in their place.
pub struct EventSender<'a> {
    name: String,
    tx: &'a SyncSender<Msg>,
    renderer: Option<Printer<'a, Vec<u8>>>,
    counts: Counts,
    batch: Vec<Event>,
    /// The gzip member the events come from, when the input is read by members, and the one
    /// the main thread was last told of.
    member: Option<u64>,
    told: Option<u64>,
}

impl<'a> EventSender<'a> {
    /// A sender down `tx` for a scan of `input`; `None` when it failed (and said so) or the main
    /// thread is gone.
    pub fn new(input: &Input, args: &'a Args, delivery: Delivery, tx: &'a SyncSender<Msg>) -> Option<Self> {
        let renderer = match delivery {
            Delivery::Rendered(style) => {
                let mut renderer = Printer::rendering(args, style);
                if let Err(e) = renderer.set_prefix(input) {
                    let _ = tx.send(Msg::Failed(e));
                    return None;
                }
                Some(renderer)
            }
            Delivery::Events => None,
        };
        Some(EventSender {
            name: input.display(),
            tx,
            renderer,
            counts: Counts::default(),
            batch: Vec::new(),
            member: None,
            told: None,
        })
    }

    /// The events that follow come from the gzip member at `at`.
    pub fn set_member(&mut self, at: u64) {
        self.member = Some(at);
        if let Some(r) = &mut self.renderer {
            r.set_member(at);
        }
    }

    /// Sends what is rendered or batched; false once the main thread is gone.
    pub fn flush(&mut self) -> bool {
        match &mut self.renderer {
            Some(r) => {
                let (out, n) = (r.take_output(), std::mem::take(&mut self.counts.matches));
                (out.is_empty() && n == 0) || self.tx.send(Msg::Output(out, n)).is_ok()
            }
            None => {
                self.batch.is_empty() || self.tx.send(Msg::Events(std::mem::take(&mut self.batch))).is_ok()
            }
        }
    }

    /// Tells the main thread, before an event it reports, which member the events come from.
    fn tell_member(&mut self) -> bool {
        if self.member == self.told {
            return true;
        }
        self.told = self.member;
        let Some(at) = self.member else { return true };
        self.flush() && self.tx.send(Msg::Member(at)).is_ok()
    }

    /// Sends the events of `extractor` on (the rendered or batched ones may wait for the next
    /// [`EventSender::flush`]), and then the messages too long to be read as mail, if there were
    /// any; whether it got to their end.
    pub fn send(&mut self, extractor: &mut impl EventSource) -> bool {
        while let Some(event) = extractor.next_ref() {
            let event = match event {
                Ok(event) => event,
                Err(e) => {
                    if self.flush() {
                        let _ = self.tx.send(Msg::Failed(e));
                    }
                    return false;
                }
            };
            match (&mut self.renderer, event) {
                (Some(r), Event::Match(_)) => {
                    // Matches only: the renderer writes them as the main thread would.
                    let _ = r.report(event, &mut self.counts, &self.name, u64::MAX);
                    if r.rendered_len() >= RENDERED && !self.flush() {
                        return false;
                    }
                }
                (Some(_), _) => {
                    // Other events go to the main thread in their place among the matches.
                    if !self.tell_member()
                        || !self.flush()
                        || self.tx.send(Msg::Events(vec![event.clone()])).is_err()
                    {
                        return false;
                    }
                }
                (None, _) => {
                    if !self.tell_member() {
                        return false;
                    }
                    self.batch.push(event.clone());
                    if self.batch.len() >= BATCH && !self.flush() {
                        return false;
                    }
                }
            }
        }
        let notes = [
            extractor.plain_from().map(|at| Msg::Long(at, extractor.long_messages())),
            extractor.deep_from().map(|(at, depth)| Msg::Deep(at, depth, extractor.deep_messages())),
            (!extractor.web_tally().is_clean()).then(|| Msg::Web(extractor.web_tally())),
        ];
        for note in notes.into_iter().flatten() {
            if !self.flush() || self.tx.send(note).is_err() {
                return false;
            }
        }
        true
    }
}
