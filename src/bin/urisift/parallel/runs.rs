//! `-j N` over a mailbox that cannot be cut into ranges (standard input, a file read through a
//! decompressor): it is cut into runs of whole messages as it is read
//! ([`shard::mbox_cut`]), and the runs are scanned on N threads, each read in place
//! ([`shard::slice_messages`]). The runs of a mailbox, read apart, give the events of the
//! whole mailbox (see the crate docs, "Shards"), and the main thread takes them in input
//! order: a run's channel is sent down the job's channel ([`Msg::Run`]) before the run is
//! handed to a thread. Input that is not an mbox is read on the job's own thread, as one
//! thread reads it; so is the rest of a mailbox from a message the cut cannot see past (one
//! longer than [`HELD_MAX`]).
//!
//! Memory stays bounded: the job's channel holds at most [`CHANNEL`] runs' channels,
//! the queue of runs one, and each run's channel [`CHANNEL`] batches.
//!
//! A run is handed on once it is [`RUN`] bytes long or the input ends, so a mailbox that
//! trickles in is reported a run at a time; `--line-buffered` and a terminal, which keep
//! latency low, are scanned on one thread.

use std::io::{self, Read};
use std::sync::Mutex;
use std::sync::mpsc::{SyncSender, channel, sync_channel};

use urisift::UriFinder;
use urisift::shard::{self, MboxCut, MessageStart};

use super::channel::{CHANNEL, Delivery, Msg, send_events};
use crate::args::Args;
use crate::input::{FirstBytes, Input, MAIL_LOOK};

/// How long a run is, at least (the last one excepted).
const RUN: usize = 1 << 20;
/// How much past [`RUN`] is read for the message that ends a run.
const SLACK: usize = RUN / 16;
/// The most held from the last cut while looking for the next one.
const HELD_MAX: usize = 32 << 20;

/// One run for a thread: its bytes, where it starts, and where its events go.
type Work = (Held, MessageStart, SyncSender<Msg>);

/// Bytes read and not handed on yet, `buf[..len]`. The rest of `buf` is room to read into,
/// initialized once: a buffer goes from run to run ([`scan`]'s spares), and neither its
/// pages nor its bytes are set up again.
struct Held {
    buf: Vec<u8>,
    len: usize,
}

impl Held {
    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// Scans `reader`, the input `input` read whole (maybe through a decompressor, whose errors
/// name it), for the job whose channel is `tx`: a mailbox in runs on `threads` threads, anything else on this
/// thread.
#[allow(clippy::too_many_arguments)]
pub(super) fn scan(
    mut reader: Box<dyn Read>,
    finder: &UriFinder,
    input: &Input,
    args: &Args,
    delivery: Delivery,
    tx: &SyncSender<Msg>,
    threads: usize,
) {
    let (mut held, mut eof, mut failed) = match threads > 1 {
        true => head(&mut reader),
        false => (Held { buf: Vec::new(), len: 0 }, false, None),
    };
    let mbox = !eof
        && failed.is_none()
        && held.bytes().starts_with(b"From ")
        && shard::reads_as_mail(finder, held.bytes(), eof);
    if !mbox {
        // As one thread reads it, the bytes read ahead given back first.
        let replay = held.bytes().chain(Failing(failed)).chain(reader);
        let mut first = FirstBytes::new(replay);
        let mut extractor = finder.reader(&mut first);
        if send_events(&mut extractor, input, args, delivery, tx)
            && let Some(head) = first.head()
        {
            let _ = tx.send(Msg::Head(head));
        }
        return;
    }
    if tx.send(Msg::Head([held.buf[0], held.buf[1]])).is_err() {
        return;
    }
    // One run waits for a thread: reading one is far quicker than scanning it.
    let (work_tx, work_rx) = sync_channel::<Work>(1);
    let work_rx = Mutex::new(work_rx);
    // The runs' buffers, given back once scanned and filled again: a fresh buffer for each
    // run would cost its pages' faults and zeroing again.
    let (spare_tx, spare_rx) = channel::<Held>();
    std::thread::scope(|scope| {
        // Dropped on every way out of here, which ends the threads once the queue is empty.
        let work_tx = work_tx;
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let next = work_rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                    let Ok((run, at, out)) = next else { break };
                    // Read in place: a reader's buffer would copy the run again.
                    let mut extractor = shard::slice_messages(finder, run.bytes(), at);
                    send_events(&mut extractor, input, args, delivery, &out);
                    // A buffer grown for a long message is not kept.
                    if run.buf.len() <= RUN + 4 * SLACK {
                        let _ = spare_tx.send(run);
                    }
                }
            });
        }
        // Hands `run` (from `at`) to a thread, its channel to the main thread first; false once
        // the main thread is gone.
        let hand_on = |run: Held, at: MessageStart| {
            let (out, events) = sync_channel(CHANNEL);
            tx.send(Msg::Run(events)).is_ok() && work_tx.send((run, at, out)).is_ok()
        };
        let mut at = MessageStart::default();
        loop {
            // No separator line that starts at or after `RUN` is held whole in `RUN` bytes or
            // fewer: they are not searched until more are read or the input ends (what is held
            // after a cut would be searched twice).
            let cut = match held.len > RUN || eof || failed.is_some() {
                true => shard::mbox_cut(finder, held.bytes(), at, RUN),
                false => MboxCut::More,
            };
            match cut {
                MboxCut::At { len, next } => {
                    // A new buffer is made as long as a run is read: zeroed pages from the
                    // allocator, not set to zero here, and not grown (copied) once filled.
                    let mut rest =
                        spare_rx.try_recv().unwrap_or_else(|_| Held { buf: vec![0; RUN + SLACK], len: 0 });
                    rest.len = held.len - len;
                    if rest.buf.len() < rest.len {
                        rest.buf.resize(rest.len, 0);
                    }
                    rest.buf[..rest.len].copy_from_slice(&held.buf[len..held.len]);
                    held.len = len;
                    if !hand_on(std::mem::replace(&mut held, rest), at) {
                        return;
                    }
                    at = next;
                }
                // A run's length and the message after it, most often; a quarter more of what
                // is held when that is not enough, so that each byte is searched a bounded
                // number of times.
                MboxCut::More if !eof && failed.is_none() && held.len < HELD_MAX => {
                    let want = match held.len < RUN {
                        true => RUN + SLACK,
                        false => held.len + (held.len / 4).max(SLACK),
                    };
                    (eof, failed) = fill(&mut reader, &mut held, want);
                }
                _ => break,
            }
        }
        if eof || failed.is_some() {
            // The last run, then the read error that ended it, as one thread reports them.
            if hand_on(held, at)
                && let Some(e) = failed
            {
                let _ = tx.send(Msg::Failed(e));
            }
        } else {
            // The rest of the input from the last cut, on this thread.
            let (out, events) = sync_channel(CHANNEL);
            if tx.send(Msg::Run(events)).is_ok() {
                let mut extractor = shard::reader_messages(finder, held.bytes().chain(reader), at);
                send_events(&mut extractor, input, args, delivery, &out);
            }
        }
    });
}

/// The input's first bytes, as many as say whether it is an mbox read as mail: until they
/// do not start with `From `, until the empty line that ends the first message's header block
/// (which decides whether it is mail), or [`MAIL_LOOK`] bytes; whether the input ended there,
/// and the error that stopped the reading. Read a read at a time into a buffer zeroed once,
/// each read's bytes searched once, so that live input (`tail -f log | urisift`) is not held
/// back and a trickle of tiny reads stays linear.
fn head(reader: &mut dyn Read) -> (Held, bool, Option<io::Error>) {
    let mut held = Held { buf: vec![0; MAIL_LOOK], len: 0 };
    loop {
        let before = held.len;
        match reader.read(&mut held.buf[before..]) {
            Ok(0) => return (held, true, None),
            Ok(n) => held.len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return (held, false, Some(e)),
        }
        let bytes = held.bytes();
        let mbox = bytes.starts_with(b"From ");
        // An empty line is looked for in what this read added (and the two bytes before).
        let new = &bytes[before.saturating_sub(2)..];
        let decided = match mbox {
            false => !b"From ".starts_with(bytes),
            true => {
                memchr::memmem::find(new, b"\n\n").or_else(|| memchr::memmem::find(new, b"\n\r\n")).is_some()
            }
        };
        if decided || held.len == MAIL_LOOK {
            return (held, false, None);
        }
    }
}

/// Reads into `held` until it holds `want` bytes or the input ends; whether it ended, and the
/// error that stopped the reading (what was read before it is kept).
fn fill(reader: &mut dyn Read, held: &mut Held, want: usize) -> (bool, Option<io::Error>) {
    if held.buf.len() < want {
        held.buf.resize(want, 0);
    }
    while held.len < want {
        match reader.read(&mut held.buf[held.len..want]) {
            Ok(0) => return (true, None),
            Ok(n) => held.len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return (false, Some(e)),
        }
    }
    (false, None)
}

/// A reader that fails once with the error it holds, then ends: the error met while reading
/// ahead, given back in its place.
struct Failing(Option<io::Error>);

impl Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        self.0.take().map_or(Ok(0), Err)
    }
}
