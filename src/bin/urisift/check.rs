//! `urisift check`, `urisift resolve`, `urisift normalize`.

use std::process::ExitCode;

use urisift::uri::Grammar;

/// Arguments of `urisift check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The grammar to check against.
    #[arg(long, default_value = "rfc3986")]
    grammar: Grammar,
    /// One JSON object per input, with its components.
    #[arg(long)]
    json: bool,
    /// The URIs to check; each line of standard input when none are given.
    uris: Vec<String>,
}

/// Arguments of `urisift resolve`.
#[derive(Debug, clap::Args)]
pub struct ResolveArgs {
    /// The base URI.
    base: String,
    /// The references to resolve against it.
    #[arg(required = true)]
    references: Vec<String>,
}

/// Arguments of `urisift normalize`.
#[derive(Debug, clap::Args)]
pub struct NormalizeArgs {
    /// The URIs to normalize.
    #[arg(required = true)]
    uris: Vec<String>,
}

pub fn check(args: CheckArgs) -> ExitCode {
    let _ = (args.grammar, args.json, args.uris);
    ExitCode::from(2)
}

pub fn resolve(args: ResolveArgs) -> ExitCode {
    let _ = (args.base, args.references);
    ExitCode::from(2)
}

pub fn normalize(args: NormalizeArgs) -> ExitCode {
    let _ = args.uris;
    ExitCode::from(2)
}
