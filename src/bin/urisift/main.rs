//! `urisift`: find URIs in text, or check, resolve and normalize URIs.

mod check;
mod extract;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Find URIs in free text (mail, news, logs, RFCs), or check, resolve and normalize URIs.
///
/// With no subcommand, scans each FILE (or standard input) and prints one URI per line.
#[derive(Debug, Parser)]
#[command(name = "urisift", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    extract: extract::Args,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check whether each URI is valid, and say why not.
    #[command(long_about = check::CHECK_LONG_ABOUT)]
    Check(check::CheckArgs),
    /// Resolve each reference against a base URI.
    #[command(long_about = check::RESOLVE_LONG_ABOUT)]
    Resolve(check::ResolveArgs),
    /// Print the normal form of each URI.
    #[command(long_about = check::NORMALIZE_LONG_ABOUT)]
    Normalize(check::NormalizeArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check(args)) => check::check(args),
        Some(Command::Resolve(args)) => check::resolve(args),
        Some(Command::Normalize(args)) => check::normalize(args),
        None => extract::run(cli.extract),
    }
}
