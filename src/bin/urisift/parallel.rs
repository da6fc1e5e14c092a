//! `-j N`: the inputs scanned on N threads, a large file in ranges, the output in input order.
//!
//! The inputs are cut into jobs: a whole input, or a range of a large regular file
//! (`shard::reader_range_after`, whose ranges add up to the whole file exactly). Worker
//! threads take the jobs in order and send their events in batches down a bounded channel per
//! job; the main thread takes the jobs' channels in order and reports every event as the
//! one-thread scan does, with the same code ([`Printer::report`]), so the output is the same. A
//! worker waits while its job's channel is full, and starts a job only while it is fewer than
//! [`AHEAD`] per thread past the one the main thread reports ([`Window`]), so the events held
//! at any time are at most [`CHANNEL`] batches for each of those jobs.
//!
//! The ranges of one file need what the file says before them. Its line count, for `-n`: each
//! range's worker counts its own range ([`Prefix`]) and passes the total on to the next range's
//! worker, so that the file is read once for that. Its last quoted-printable header: without
//! `-n`, nothing is counted in advance. Each range is scanned after a guessed prefix
//! ([`Prefix::unknown`]: a warm-up from a short way back), and the main thread checks the
//! state its scan started in against the state the scan of the range before ended in
//! ([`Seam`]). Where they differ (a quoted-printable region that began before the warm-up),
//! the main thread drops the range's events and scans it again after its prefix, counted
//! then (each byte at most once for all the ranges of a file). A search of every range for
//! header lines cost more than half again the CPU time of the scan itself on prose.

mod channel;
mod members;
mod runs;

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Condvar, Mutex};

use urisift::UriFinder;
use urisift::shard::{self, Prefix, Seam};

use crate::args::Args;
use crate::input::{
    self, Compression, Input, InputError, MAIL_LOOK, MemberWalk, Next, Notes, open_for_range, report_trouble,
    warn_compressed, warn_utf16,
};
use crate::json::Counts;
use crate::message::complain;
use crate::print::{Printer, Rest, ScanError};
use channel::{CHANNEL, Delivery, JobMessages, Msg, send_events};
use members::{MEMBERS_MIN, agrees, member_ranges, send_members};

/// How many jobs a worker may be ahead of the job the main thread reports from, per thread.
const AHEAD: usize = 4;

/// The smallest range a large file is cut into.
const RANGE_MIN: u64 = 4 << 20;
/// The largest.
const RANGE_MAX: u64 = 16 << 20;

/// One piece of work.
enum Job {
    /// The input at this index, read whole.
    WholeInput(usize),
    /// A range of the file at `input`: the `part`-th of its ranges, whose prefixes `relay`
    /// passes on (`None` when they are guessed, or with `--range`).
    /// `guess`: scanned after [`Prefix::unknown`], its seams sent to the main thread.
    Range { input: usize, range: Range<u64>, part: usize, relay: Option<usize>, guess: bool },
    /// The runs of members of the gzip file at `input` that start in `range`
    /// (`input::members`): the main thread checks the first against where the range before
    /// ended ([`Msg::MembersFrom`]).
    Members { input: usize, range: Range<u64> },
}

/// The jobs workers may start: those less than `ahead` past the job the main thread reports
/// from. A finished job's events wait in its channel until the main thread reaches it, so
/// without this bound, workers that race through many small inputs while the main thread
/// reports a large one would hold the output of all of them. With it, at most `ahead` jobs
/// hold events, each at most [`CHANNEL`] batches.
struct Window {
    reporting: Mutex<usize>,
    moved: Condvar,
    ahead: usize,
}

impl Window {
    /// Waits until job `k` may start.
    fn enter(&self, k: usize) {
        let mut reporting = self.reporting.lock().unwrap_or_else(|e| e.into_inner());
        while k >= reporting.saturating_add(self.ahead) {
            reporting = self.moved.wait(reporting).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// The main thread reports from job `k` on (`usize::MAX`: it is done).
    fn reached(&self, k: usize) {
        *self.reporting.lock().unwrap_or_else(|e| e.into_inner()) = k;
        self.moved.notify_all();
    }
}

/// The prefixes of the ranges of one file, passed from each range's worker to the next.
#[derive(Default)]
struct PrefixRelay {
    /// `prefixes[k]`: the prefix of range `k`, once known (`Err` when counting it failed).
    prefixes: Mutex<Vec<Option<Result<Prefix, String>>>>,
    ready: Condvar,
}

impl PrefixRelay {
    fn new(parts: usize) -> Self {
        let mut prefixes = vec![None; parts + 1];
        prefixes[0] = Some(Ok(Prefix::default()));
        PrefixRelay { prefixes: Mutex::new(prefixes), ready: Condvar::new() }
    }

    /// Whether range `k` is the file's last.
    fn last(&self, k: usize) -> bool {
        k + 2 >= self.prefixes.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    fn wait(&self, k: usize) -> Result<Prefix, String> {
        let mut prefixes = self.prefixes.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(known) = &prefixes[k] {
                return known.clone();
            }
            prefixes = self.ready.wait(prefixes).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn publish(&self, k: usize, prefix: Result<Prefix, String>) {
        self.prefixes.lock().unwrap_or_else(|e| e.into_inner())[k] = Some(prefix);
        self.ready.notify_all();
    }
}

/// Whether the scan of `inputs` is worth more than one thread: several inputs, a file large
/// enough to cut (a gzip file read by members: `decompress`), or standard input (a mailbox is
/// cut into runs as it is read: [`runs`]; not with `--range`, which reads files only:
/// `ranged`).
pub fn worth_it(inputs: &[Result<Input, InputError>], reach: u64, ranged: bool, decompress: bool) -> bool {
    inputs.len() > 1
        || inputs.iter().any(|input| match input {
            Ok(Input::Stdin) => !ranged,
            Ok(Input::File(path)) => std::fs::metadata(path).is_ok_and(|m| {
                m.is_file()
                    && match input::reads_members(path, decompress) {
                        true => !ranged && m.len() >= 2 * MEMBERS_MIN,
                        false => m.len() >= 2 * range_len(m.len(), 1, reach),
                    }
            }),
            _ => false,
        })
}

/// How long the ranges of a file of `len` bytes are, on `threads` threads: about two per
/// thread, between [`RANGE_MIN`] and [`RANGE_MAX`], and long beside the warm-up before each
/// (`reach`).
fn range_len(len: u64, threads: usize, reach: u64) -> u64 {
    (len / (2 * threads as u64)).clamp(RANGE_MIN, RANGE_MAX).max(16 * reach)
}

/// Scans `inputs` on `threads` threads, reporting through `printer`; returns whether a URI was
/// found, whether an input failed, and the exit code when the output failed.
pub fn scan_all<W: io::Write>(
    printer: &mut Printer<'_, W>,
    finder: &UriFinder,
    inputs: Vec<Result<Input, InputError>>,
    threads: usize,
    reach: u64,
    count_prefix: bool,
) -> (bool, bool, Option<io::Error>) {
    let args = printer.args;
    // The jobs of each input, in order.
    let mut jobs: Vec<Job> = Vec::new();
    let mut relays: Vec<PrefixRelay> = Vec::new();
    let mut owners: Vec<Range<usize>> = Vec::new();
    let mut heads: Vec<Option<[u8; 2]>> = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let first = jobs.len();
        let mut head = None;
        let members = match input {
            Ok(Input::File(path)) => input::reads_members(path, args.search_zip),
            _ => false,
        };
        match (input, &args.range) {
            (Ok(Input::File(path)), Some(range)) if members => {
                // The range in ranges, as a whole file is cut (below).
                let len = std::fs::metadata(path).map_or(0, |m| m.len());
                member_ranges(range.clone(), len, threads, |range| {
                    jobs.push(Job::Members { input: i, range })
                });
            }
            (Ok(_), Some(range)) => {
                jobs.push(Job::Range { input: i, range: range.clone(), part: 0, relay: None, guess: false });
            }
            (Ok(Input::File(path)), None) if members => {
                let len = std::fs::metadata(path).map_or(0, |m| m.len());
                member_ranges(0..u64::MAX, len, threads, |range| jobs.push(Job::Members { input: i, range }));
            }
            (Ok(Input::File(path)), None) => {
                match splittable(path, finder) {
                    Some((len, first_bytes, mail)) if len >= 2 * range_len(len, threads, reach) => {
                        head = Some(first_bytes);
                        // Ranges of one length, the last no longer than the others, as many
                        // for each thread, so that no thread scans a last range alone. A range
                        // of mail reads the messages before it (passing over them at the speed
                        // of a search for `From ` lines), so a mailbox is cut into one range
                        // per thread whatever its length, and its ranges need no prefix (see
                        // PERFORMANCE.md).
                        let parts = match mail {
                            true => threads as u64,
                            false => {
                                len.div_ceil(range_len(len, threads, reach)).next_multiple_of(threads as u64)
                            }
                        };
                        let parts = parts as usize;
                        let starts = match mail {
                            true => mail_starts(len, parts),
                            false => (0..parts as u64).map(|k| k * len.div_ceil(parts as u64)).collect(),
                        };
                        let relay = (count_prefix && !mail).then(|| {
                            relays.push(PrefixRelay::new(parts));
                            relays.len() - 1
                        });
                        for part in 0..parts {
                            let start = starts[part];
                            let end = starts.get(part + 1).copied().unwrap_or(u64::MAX);
                            let guess = relay.is_none() && !mail;
                            jobs.push(Job::Range { input: i, range: start..end, part, relay, guess });
                        }
                    }
                    _ => jobs.push(Job::WholeInput(i)),
                }
            }
            _ => jobs.push(Job::WholeInput(i)),
        }
        owners.push(first..jobs.len());
        heads.push(head);
    }
    let (senders, receivers): (Vec<_>, Vec<_>) = jobs.iter().map(|_| sync_channel::<Msg>(CHANNEL)).unzip();
    let senders: Vec<Mutex<Option<SyncSender<Msg>>>> =
        senders.into_iter().map(|s| Mutex::new(Some(s))).collect();
    let next = AtomicUsize::new(0);
    let cancel = AtomicBool::new(false);
    let window = Window { reporting: Mutex::new(0), moved: Condvar::new(), ahead: AHEAD * threads };
    let delivery =
        if printer.renders_anywhere() { Delivery::Rendered(printer.style()) } else { Delivery::Events };
    std::thread::scope(|scope| {
        for _ in 0..threads.min(jobs.len()) {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= jobs.len() {
                        break;
                    }
                    window.enter(k);
                    if cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    let Some(tx) = senders[k].lock().unwrap_or_else(|e| e.into_inner()).take() else {
                        continue;
                    };
                    scan_job(&jobs[k], &inputs, &relays, finder, args, delivery, &tx, threads);
                }
            });
        }
        let result = report_in_order(printer, finder, &inputs, &jobs, &owners, &heads, receivers, &window);
        cancel.store(true, Ordering::Relaxed);
        window.reached(usize::MAX);
        result
    })
}

/// How long passing over a message takes beside reading it as mail, about (PERFORMANCE.md:
/// 0.2 on a mailbox of short plain messages, 0.08 on one of MIME messages).
const PASS_OVER: f64 = 0.15;

/// Where the `parts` ranges of a mailbox of `len` bytes start, one per thread. The range that
/// starts at `s` passes over the messages before `s` first, so later ranges are shorter:
/// each thread's work, `PASS_OVER * s` and then its range, is the same.
fn mail_starts(len: u64, parts: usize) -> Vec<u64> {
    // The ranges' starts grow by `work - PASS_OVER * start` each, and add up to `len`.
    let work = len as f64 * PASS_OVER / (1.0 - (1.0 - PASS_OVER).powi(parts as i32));
    let mut starts = vec![0u64];
    let mut start = 0.0;
    for _ in 1..parts {
        start += work - PASS_OVER * start;
        starts.push((start as u64).min(len));
    }
    starts
}

/// The length and first two bytes of a file that can be cut into ranges (a regular file, not
/// compressed), and whether it is read as mail (its ranges own the messages whose `From `
/// line starts in them; see the crate docs, "Shards"). Anything but a regular file is told by
/// its path, without being opened (a named pipe is opened once, when it is read).
fn splittable(path: &std::path::Path, finder: &UriFinder) -> Option<(u64, [u8; 2], bool)> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() {
        return None;
    }
    let mut start = Vec::with_capacity(MAIL_LOOK);
    File::open(path).ok()?.take(MAIL_LOOK as u64).read_to_end(&mut start).ok()?;
    if Compression::recognize(&start).is_some() {
        // Read as it is without -z (with its warning), decompressed with it: whole.
        return None;
    }
    // Mail, a web archive and a page are cut alike: a range owns the units that start in it.
    let mail = shard::reads_whole(finder, &start, start.len() < MAIL_LOOK);
    let head = if start.len() >= 2 { [start[0], start[1]] } else { [0; 2] };
    Some((meta.len(), head, mail))
}

/// The main thread: the events of each input's jobs in order, reported as one thread does. A
/// range whose scan started in another state than the one the range before it ended in is
/// scanned again here ([`rescan`]), and what its worker sent is dropped.
#[allow(clippy::too_many_arguments)]
fn report_in_order<W: io::Write>(
    printer: &mut Printer<'_, W>,
    finder: &UriFinder,
    inputs: &[Result<Input, InputError>],
    all_jobs: &[Job],
    owners: &[Range<usize>],
    heads: &[Option<[u8; 2]>],
    receivers: Vec<Receiver<Msg>>,
    window: &Window,
) -> (bool, bool, Option<io::Error>) {
    let (mut found, mut failed) = (false, false);
    let mut receivers: Vec<Option<Receiver<Msg>>> = receivers.into_iter().map(Some).collect();
    let max_count = printer.args.max_count.unwrap_or(u64::MAX);
    for (i, input) in inputs.iter().enumerate() {
        let input = match input {
            Ok(input) => input,
            Err(e) => {
                complain(format_args!("{}: {}", e.name, e.error));
                failed = true;
                continue;
            }
        };
        let name = input.display();
        // The jobs of this input are taken; those of an input stopped early are dropped, which
        // ends their workers.
        let jobs: Vec<(usize, Receiver<Msg>)> =
            owners[i].clone().filter_map(|k| Some((k, receivers[k].take()?))).collect();
        if printer.args.max_count == Some(0) {
            continue;
        }
        if let Err(e) = printer.set_prefix(input) {
            complain(format_args!("{name}: {e}"));
            failed = true;
            continue;
        }
        let mut counts = Counts::default();
        let mut head = heads[i];
        let mut outcome: Result<(), ScanError> = Ok(());
        // The state the last range's scan ended in, and the file's prefix counted so far.
        let (mut end_seam, mut counted): (Option<Seam>, Prefix) = (None, Prefix::default());
        let mut notes = Notes::default();
        // The members of a gzip file: where the next one starts, as the ranges before found
        // it (`None` before the first range), the first of the range being reported, and
        // whether one was broken.
        let mut members_next: Option<Next> = None;
        let mut members_first: Option<u64> = None;
        let mut members_failed = false;
        'jobs: for (k, rx) in jobs {
            window.reached(k);
            for msg in JobMessages::new(rx) {
                match msg {
                    Msg::MembersFrom(first) => {
                        // Standard input read whole is the only walk of its input.
                        let Job::Members { input: i, range } = &all_jobs[k] else {
                            members_first = first;
                            continue;
                        };
                        if agrees(members_next, first, range.end) {
                            members_first = first;
                            continue;
                        }
                        // The range's first member was found wrongly (a false start that
                        // passed the checks): its events are dropped with its channel, and
                        // it is scanned here from where the range before ended.
                        let Ok(Input::File(path)) = &inputs[*i] else { unreachable!("a file") };
                        match members_next {
                            Some(Next::At(from)) if from < range.end => {
                                let walked =
                                    MemberWalk::from(path, from, range.end).map_err(ScanError::Input);
                                let rescanned = walked.and_then(|mut walk| {
                                    let more = crate::walk::walk_members(
                                        printer,
                                        finder,
                                        &mut walk,
                                        &mut counts,
                                        &name,
                                        &mut notes,
                                        &mut members_failed,
                                    )?;
                                    Ok((more, walk.next()))
                                });
                                match rescanned {
                                    Ok((true, next)) => members_next = Some(next),
                                    Ok((false, _)) => break 'jobs,
                                    Err(stop) => {
                                        outcome = Err(stop);
                                        break 'jobs;
                                    }
                                }
                            }
                            // It owns no member.
                            _ => {}
                        }
                        continue 'jobs;
                    }
                    Msg::MembersNext(next) => {
                        if members_first.is_some() {
                            members_next = Some(next);
                        }
                    }
                    Msg::Member(at) => printer.set_member(at),
                    Msg::Trouble(t) => {
                        report_trouble(&name, &t);
                        members_failed = true;
                    }
                    Msg::Start(seam) if end_seam.is_some() && seam != end_seam => {
                        let Job::Range { range, .. } = &all_jobs[k] else {
                            unreachable!("only ranges guess")
                        };
                        match rescan(
                            printer,
                            finder,
                            input,
                            range.clone(),
                            &mut counted,
                            &mut counts,
                            max_count,
                        ) {
                            Ok(Some(seam)) => end_seam = seam,
                            Ok(None) => break 'jobs,
                            Err(stop) => {
                                outcome = Err(stop);
                                break 'jobs;
                            }
                        }
                        // The worker's events are dropped with its channel.
                        continue 'jobs;
                    }
                    Msg::Start(_) => {}
                    Msg::End(seam) => end_seam = seam,
                    // Each range or run of a mailbox counts the long messages it read: said
                    // once for the input, as one thread says it.
                    Msg::Long(at, n) => notes.add_long(at, n),
                    Msg::Deep(at, depth, n) => notes.add_deep(at, depth, n),
                    Msg::Web(t) => notes.add_web(t),
                    Msg::Compressed(c) => warn_compressed(&name, c),
                    Msg::Head(h) => head = Some(h),
                    Msg::Run(_) => unreachable!("runs are flattened"),
                    Msg::Failed(e) => {
                        outcome = Err(ScanError::Input(e));
                        break 'jobs;
                    }
                    Msg::Output(bytes, n) => {
                        counts.matches += n;
                        if let Err(error) = printer.write_rendered(&bytes) {
                            outcome = Err(ScanError::Output { error, found: counts.matches > 0 });
                            break 'jobs;
                        }
                    }
                    Msg::Events(events) => {
                        for event in &events {
                            match printer.report(event, &mut counts, &name, max_count) {
                                Ok(Rest::Wanted) => {}
                                Ok(Rest::NotWanted) => break 'jobs,
                                Err(stop) => {
                                    outcome = Err(stop);
                                    break 'jobs;
                                }
                            }
                        }
                    }
                }
            }
        }
        let outcome = outcome.and_then(|()| {
            if let Some(head) = head {
                warn_utf16(&name, &head);
            }
            notes.warn(&name, printer.args.mail_message_max);
            let here = counts.matches > 0;
            printer.finish_input(input, counts).map_err(|error| ScanError::Output { error, found: here })
        });
        failed |= members_failed;
        match outcome {
            Ok(()) => found |= counts.matches > 0,
            Err(ScanError::Input(e)) => {
                complain(format_args!("{name}: {e}"));
                failed = true;
            }
            Err(ScanError::Reported { found: here }) => {
                found |= here;
                failed = true;
            }
            Err(ScanError::Output { error, found: here }) => return (found || here, failed, Some(error)),
        }
    }
    (found, failed, None)
}

/// A worker: scans one job, sending what it finds in batches. A closed channel (the main
/// thread stopped) ends it.
#[allow(clippy::too_many_arguments)]
fn scan_job(
    job: &Job,
    inputs: &[Result<Input, InputError>],
    relays: &[PrefixRelay],
    finder: &UriFinder,
    args: &Args,
    delivery: Delivery,
    tx: &SyncSender<Msg>,
    threads: usize,
) {
    let decompress = args.search_zip;
    match job {
        Job::WholeInput(i) => {
            let Ok(input) = &inputs[*i] else { return };
            let (raw, compression) = match input.open().and_then(input::Opened::raw) {
                Ok(opened) => opened,
                Err(e) => {
                    let _ = tx.send(Msg::Failed(e));
                    return;
                }
            };
            if decompress && compression == Some(Compression::Gzip) {
                // Standard input (a file is cut into `Job::Members`): its members in turn.
                let walk = match input {
                    Input::File(path) => MemberWalk::from(path, 0, u64::MAX),
                    Input::Stdin => Ok(MemberWalk::stream(raw)),
                };
                match walk {
                    Ok(walk) => send_members(walk, finder, input, args, delivery, tx),
                    Err(e) => {
                        let _ = tx.send(Msg::Failed(e));
                    }
                }
                return;
            }
            let reader = match compression {
                Some(c) if decompress => match input::decoder(c, raw, args.decompress_memory as u64) {
                    Ok(reader) => reader,
                    Err(e) => {
                        let _ = tx.send(Msg::Failed(e));
                        return;
                    }
                },
                _ => raw,
            };
            if let Some(c) = compression.filter(|_| !decompress) {
                let _ = tx.send(Msg::Compressed(c));
            }
            let decompressed = compression.filter(|_| decompress);
            // A mailbox that cannot be cut into ranges is cut into runs as it is read; other
            // inputs read whole are small (the other jobs keep the threads busy).
            let threads = match (input, decompressed) {
                (Input::Stdin, _) | (_, Some(_)) => threads,
                _ => 1,
            };
            runs::scan(reader, finder, input, args, delivery, tx, threads);
        }
        Job::Members { input, range } => {
            let Ok(input) = &inputs[*input] else { return };
            let Input::File(path) = input else { return };
            match MemberWalk::range(path, range.clone()) {
                Ok(walk) => send_members(walk, finder, input, args, delivery, tx),
                Err(e) => {
                    let _ = tx.send(Msg::Failed(e));
                }
            }
        }
        Job::Range { input, range, part, relay, guess } => {
            let Ok(input) = &inputs[*input] else { return };
            let opened = open_for_range(input, decompress);
            let prefix = relay.map(|c| {
                let relay = &relays[c];
                // The last range's prefix is no other range's: it is not counted.
                if relay.last(*part) {
                    return relay.wait(*part);
                }
                let own = opened.as_ref().map_err(|e| e.to_string()).and_then(|(file, _)| {
                    count_block(file, range.clone(), args.counts_lines()).map_err(|e| e.to_string())
                });
                let before = relay.wait(*part);
                let after = before.clone().and_then(|before| own.map(|own| before.followed_by(own)));
                relay.publish(part + 1, after);
                before
            });
            let file = match opened {
                Ok((file, compression)) => {
                    // Only `--range` reads a compressed file in a range: `-j` reads it whole.
                    if let Some(c) = compression {
                        let _ = tx.send(Msg::Compressed(c));
                    }
                    file
                }
                Err(e) => {
                    let _ = tx.send(Msg::Failed(e));
                    return;
                }
            };
            let extractor = match prefix {
                None if *guess => {
                    shard::reader_range_after(finder, file, range.clone(), Prefix::unknown(range.start))
                }
                // `--range` (and the ranges of a mailbox, which start in the file).
                None => file
                    .metadata()
                    .and_then(|meta| finder.reader_range(file, input::clamped(range.clone(), meta.len()))),
                Some(Ok(prefix)) => shard::reader_range_after(finder, file, range.clone(), prefix),
                Some(Err(e)) => Err(io::Error::other(e)),
            };
            match extractor {
                Ok(mut extractor) => {
                    if *guess && tx.send(Msg::Start(extractor.start_seam().cloned())).is_err() {
                        return;
                    }
                    if send_events(&mut extractor, input, args, delivery, tx) && *guess {
                        let _ = tx.send(Msg::End(extractor.end_seam().cloned()));
                    }
                }
                Err(e) => {
                    let _ = tx.send(Msg::Failed(e));
                }
            }
        }
    }
}

/// Scans `range` of the file `input` after its prefix, counted from where `counted` reaches
/// (a file's ranges come in order, so its bytes are counted once at most), and reports the
/// events as the main thread reports its workers'. The state the scan ended in, or `None` once
/// enough matches are reported (`-m`).
fn rescan<W: io::Write>(
    printer: &mut Printer<'_, W>,
    finder: &UriFinder,
    input: &Input,
    range: Range<u64>,
    counted: &mut Prefix,
    counts: &mut Counts,
    max_count: u64,
) -> Result<Option<Option<Seam>>, ScanError> {
    let name = input.display();
    let (file, _) = open_for_range(input, false).map_err(ScanError::Input)?;
    if counted.len() < range.start {
        let more = count_block(&file, counted.len()..range.start, false).map_err(ScanError::Input)?;
        *counted = counted.followed_by(more);
    }
    let mut extractor = shard::reader_range_after(finder, file, range, *counted).map_err(ScanError::Input)?;
    while let Some(event) = extractor.next_event_ref() {
        let event = event.map_err(ScanError::Input)?;
        if let Rest::NotWanted = printer.report(event, counts, &name, max_count)? {
            return Ok(None);
        }
    }
    Ok(Some(extractor.end_seam().cloned()))
}

/// The part of a file's prefix in `range` (clamped to the file), read a block at a time.
fn count_block(file: &File, range: Range<u64>, lines: bool) -> io::Result<Prefix> {
    let mut file = file;
    let lead_at = range.start.saturating_sub(32);
    file.seek(SeekFrom::Start(lead_at))?;
    let mut lead = vec![0; (range.start - lead_at) as usize];
    file.read_exact(&mut lead)?;
    let mut buf = vec![0; 256 << 10];
    let mut at = range.start;
    let mut prefix = Prefix::default();
    let mut reader = file.take(range.end - range.start);
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let block = match lines {
            true => Prefix::of_block(&lead, &buf[..n], at),
            false => Prefix::headers_of_block(&lead, &buf[..n], at),
        };
        prefix = prefix.followed_by(block);
        lead.clear();
        lead.extend_from_slice(&buf[n.saturating_sub(32)..n]);
        at += n as u64;
    }
    Ok(prefix)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mailbox's ranges cover it in order, later ones shorter by what their thread passes
    /// over first, and each thread's work comes out the same.
    #[test]
    fn mail_ranges_balance_the_pass_over() {
        assert_eq!(mail_starts(1000, 1), [0]);
        for parts in 2..=8 {
            let len = 64u64 << 20;
            let starts = mail_starts(len, parts);
            assert_eq!(starts.len(), parts);
            assert_eq!(starts[0], 0);
            let mut ends = starts[1..].to_vec();
            ends.push(len);
            let works: Vec<f64> =
                starts.iter().zip(&ends).map(|(&s, &e)| PASS_OVER * s as f64 + (e - s) as f64).collect();
            assert!(starts.windows(2).all(|w| w[0] < w[1]), "{starts:?}");
            assert!(ends.iter().zip(&starts).skip(1).all(|(e, s)| e - s < starts[1]), "{starts:?}");
            let (lo, hi) = works.iter().fold((f64::MAX, 0f64), |(lo, hi), &w| (lo.min(w), hi.max(w)));
            assert!(hi - lo < 8.0, "{parts} parts: {works:?}");
        }
    }
}
