//! Every match of a workload taken in process one way, for instruction counts (callgrind) of
//! the ways the benches time side by side:
//!
//! ```text
//! cargo build --release --example inproc
//! valgrind --tool=callgrind --toggle-collect='inproc::take' --callgrind-out-file=/dev/null \
//!     target/release/examples/inproc value dense 2>&1 | grep refs
//! ```
//!
//! Arguments: MODE and WORKLOAD. MODE is `value` (`extract_slice(..).count()`, the `Iterator`
//! of `Match`), `plain` (the same with mail read as plain text, `MailMode::Off`), `borrowed`
//! (`SliceMatches::borrowed`), `lent` (`next_event_ref`), `stream`
//! (`extract` over the bytes as a reader), `linkify` (linkify's `LinkFinder`, URLs), `linkify-email` (URLs and
//! email addresses), `mail-parser` (the input read as an mbox: each message decoded by the
//! `mail-parser` crate, linkify over its header values and text and HTML bodies;
//! `benches/mail_peer`) or `floor`
//! (the scan floor of `benches/workload`). WORKLOAD is a name of `benches/workload`, generated
//! as `benches/extract.rs` generates it (4 MiB, the same seed), or a file's path. Only
//! `take` does the work measured: `--toggle-collect` leaves out generating or reading the
//! input and making it UTF-8 for linkify. The count found is printed. A third argument, REPS,
//! does the work so many times and prints the shortest time on stderr.

#[path = "../benches/mail_peer/mod.rs"]
mod mail_peer;
#[path = "../benches/workload/mod.rs"]
mod workload;

use std::hint::black_box;
use std::process::ExitCode;

/// The workloads' size and seed in `benches/extract.rs`.
const SIZE: usize = 4 << 20;
const SEED: u64 = 0x5eed;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(mode), Some(input)) = (args.first(), args.get(1)) else {
        eprintln!(
            "usage: inproc value|plain|borrowed|lent|stream|linkify|linkify-email|mail-parser|floor WORKLOAD|FILE [REPS]"
        );
        return ExitCode::from(2);
    };
    let text = match workload::generate(input, SIZE, SEED) {
        Some((text, _)) => text,
        None => match std::fs::read(input) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("inproc: {input}: {e}");
                return ExitCode::from(1);
            }
        },
    };
    let utf8 = String::from_utf8_lossy(&text).into_owned();
    // REPS, if given: the work is done so many times, and the shortest time is printed on
    // stderr (a minimum is the figure least disturbed by other work on a shared machine).
    let reps = args.get(2).and_then(|r| r.parse::<u32>().ok()).unwrap_or(1).max(1);
    let mail_peer = mail_peer::MailPeer::new();
    let mut best = std::time::Duration::MAX;
    let mut found = None;
    for _ in 0..reps {
        let started = std::time::Instant::now();
        found = take(mode, &text, &utf8, &mail_peer);
        best = best.min(started.elapsed());
    }
    match found {
        Some(n) => {
            println!("{n}");
            if reps > 1 {
                eprintln!("{mode} {input}: best of {reps}: {:.1} µs", best.as_secs_f64() * 1e6);
            }
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("inproc: unknown mode {mode:?}");
            ExitCode::from(2)
        }
    }
}

/// Takes every match of `text` (`utf8` for linkify) the way `mode` names, and counts them.
#[inline(never)]
fn take(mode: &str, text: &[u8], utf8: &str, mail_peer: &mail_peer::MailPeer) -> Option<usize> {
    let text = black_box(text);
    Some(match mode {
        "value" => urisift::extract_slice(text).count(),
        "borrowed" => urisift::extract_slice(text).borrowed().count(),
        "lent" => {
            let mut events = urisift::extract_slice(text);
            let mut n = 0;
            while let Some(event) = events.next_event_ref() {
                n += usize::from(matches!(event, urisift::Event::Match(_)));
            }
            n
        }
        "plain" => urisift::ExtractorBuilder::new().mail(urisift::MailMode::Off).build().slice(text).count(),
        "stream" => urisift::extract(text).filter(Result::is_ok).count(),
        "linkify" => {
            let mut finder = linkify::LinkFinder::new();
            finder.kinds(&[linkify::LinkKind::Url]);
            finder.links(black_box(utf8)).count()
        }
        "linkify-email" => {
            // URLs and email addresses: what linkify finds of the `mailto:` URIs urisift reports.
            let mut finder = linkify::LinkFinder::new();
            finder.kinds(&[linkify::LinkKind::Url, linkify::LinkKind::Email]);
            finder.links(black_box(utf8)).count()
        }
        // The raw bytes, as urisift gets them: the peer decodes the mail itself.
        "mail-parser" => mail_peer.count(text),
        "floor" => workload::scan_floor(text),
        _ => return None,
    })
}
