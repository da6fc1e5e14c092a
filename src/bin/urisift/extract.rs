//! `urisift [OPTIONS] [FILE]...`: extraction.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of extraction (the default mode).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Files to scan; standard input when none, or for `-`.
    files: Vec<PathBuf>,
}

pub fn run(args: Args) -> ExitCode {
    let _ = args.files;
    ExitCode::from(1)
}
