//! The peers of the benches as whole processes, for side-by-side timing with the CLI:
//!
//! ```text
//! cargo run --release --example peers -- linkify FILE
//! ```
//!
//! Modes: `linkify` (the linkify crate's `LinkFinder`, URLs only; it needs the whole input as
//! `&str`, so the file is read whole and made UTF-8), `regex` (the regex crate with the common
//! URL regex of `benches/extract.rs`, over the whole file), `memchr` (counting `:` while
//! reading in 64 KiB blocks: the floor; FILE `-` reads standard input, the floor from a pipe)
//! `memchr-map` (counting `:` in the file mapped, as the command line reads a file of
//! 1 MiB or more: the floor of a mapped read) and `scan-map` (the scan floor of the benches,
//! `workload::scan_floor`, over the file mapped the same way: for every `:` the scheme walked
//! back and the candidate scanned to the first byte that ends a URI, with no wrapper, no
//! trimming, no validation; the least work of an extractor that looks at every scheme, as a
//! whole process). Each prints the count it found.

#[path = "../benches/workload/mod.rs"]
mod workload;

use std::io::Read;
use std::process::ExitCode;

const URL_REGEX: &str = r"(https?|ftp|file)://[-A-Za-z0-9+&@#/%?=~_|!:,.;]*[-A-Za-z0-9+&@#/%=~_|]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(mode), Some(path)) = (args.first(), args.get(1)) else {
        eprintln!("usage: peers linkify|regex|memchr|memchr-map|scan-map FILE");
        return ExitCode::from(2);
    };
    let count = match mode.as_str() {
        "linkify" => match std::fs::read(path) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                let mut finder = linkify::LinkFinder::new();
                finder.kinds(&[linkify::LinkKind::Url]);
                finder.links(&text).count()
            }
            Err(e) => return fail(path, &e),
        },
        "regex" => match std::fs::read(path) {
            Ok(bytes) => match regex::bytes::Regex::new(URL_REGEX) {
                Ok(re) => re.find_iter(&bytes).count(),
                Err(e) => {
                    eprintln!("peers: {e}");
                    return ExitCode::from(2);
                }
            },
            Err(e) => return fail(path, &e),
        },
        "memchr" => {
            let mut file: Box<dyn Read> = match path.as_str() {
                "-" => Box::new(std::io::stdin().lock()),
                _ => match std::fs::File::open(path) {
                    Ok(f) => Box::new(f),
                    Err(e) => return fail(path, &e),
                },
            };
            let mut buf = vec![0; 64 << 10];
            let mut n = 0;
            loop {
                match file.read(&mut buf) {
                    Ok(0) => break,
                    Ok(len) => n += memchr::memchr_iter(b':', &buf[..len]).count(),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) => return fail(path, &e),
                }
            }
            n
        }
        #[cfg(unix)]
        "memchr-map" => match mapped(path) {
            Ok(map) => memchr::memchr_iter(b':', &map).count(),
            Err(e) => return fail(path, &e),
        },
        #[cfg(unix)]
        "scan-map" => match mapped(path) {
            Ok(map) => workload::scan_floor(&map),
            Err(e) => return fail(path, &e),
        },
        _ => {
            eprintln!("peers: unknown mode {mode:?} (linkify, regex, memchr, memchr-map, scan-map)");
            return ExitCode::from(2);
        }
    };
    println!("{count}");
    ExitCode::SUCCESS
}

/// The file at `path` mapped, its pages mapped in one call (`MADV_POPULATE_READ`), as urisift
/// maps a file in the page cache, rather than a fault at a time: the cheaper of the two.
#[cfg(unix)]
fn mapped(path: &str) -> std::io::Result<memmap2::Mmap> {
    let file = std::fs::File::open(path)?;
    // SAFETY: the file is not changed while it is mapped (a generated file of the run).
    let map = unsafe { memmap2::Mmap::map(&file) }?;
    #[cfg(target_os = "linux")]
    let _ = map.advise(memmap2::Advice::PopulateRead);
    Ok(map)
}

fn fail(path: &str, e: &std::io::Error) -> ExitCode {
    eprintln!("peers: {path}: {e}");
    ExitCode::from(1)
}
