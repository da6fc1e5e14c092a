//! Writes a deterministic benchmark workload to stdout, for whole-process measurements:
//!
//! ```text
//! cargo run --release --example generate -- mail 1073741824 | /usr/bin/time -v target/release/urisift -c
//! ```
//!
//! Arguments: WORKLOAD (prose, mail, log, dense, adversarial) and SIZE in bytes; the text is
//! produced in 1 MiB pieces so that any size streams in constant memory. The number of URIs
//! planted is printed on stderr.

#[path = "../benches/workload/mod.rs"]
mod workload;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(size)) = (args.first(), args.get(1).and_then(|s| s.parse::<u64>().ok())) else {
        eprintln!("usage: generate WORKLOAD SIZE   (workloads: {})", workload::WORKLOADS.join(", "));
        return ExitCode::from(2);
    };
    let mut out = std::io::stdout().lock();
    let (mut written, mut uris, mut seed) = (0u64, 0usize, 1u64);
    while written < size {
        let piece = (size - written).min(1 << 20) as usize;
        let Some((text, n)) = workload::generate(name, piece, seed) else {
            eprintln!("unknown workload {name:?} (workloads: {})", workload::WORKLOADS.join(", "));
            return ExitCode::from(2);
        };
        if out.write_all(&text).is_err() {
            return ExitCode::SUCCESS; // the reader went away
        }
        written += text.len() as u64;
        uris += n;
        seed += 1;
    }
    eprintln!("{written} bytes, {uris} URIs");
    ExitCode::SUCCESS
}
