//! `urisift`: find URIs in text, or check, resolve and normalize URIs.

// No `unsafe` but in `mapped`, the memory map of large files (its contract is written there).
#![deny(unsafe_code)]

mod args;
mod check;
mod context;
mod escape;
mod extract;
mod input;
mod json;
mod mapped;
mod message;
mod parallel;
mod print;
mod template;
mod walk;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use message::complain;

/// Find URIs in free text (mail, news, logs, RFCs), or check, resolve and normalize URIs.
///
/// With no subcommand, scans each FILE (or standard input) and prints one URI per line.
#[derive(Debug, Parser)]
#[command(name = "urisift", version = version(), args_conflicts_with_subcommands = true, after_help = args::EXIT_STATUS)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    extract: args::Args,
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
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    ///
    /// Example: `urisift completions bash > ~/.local/share/bash-completion/completions/urisift`.
    Completions {
        /// The shell to complete for.
        #[arg(value_name = "SHELL", ignore_case = true)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), generated from these options.
    ///
    /// Example: `urisift man > ~/.local/share/man/man1/urisift.1`, or `urisift man | man -l -`.
    Man,
}

/// What `--version` prints after the name: the crate's version, and the date of the public
/// suffix list built in (`{domain}`), which a reader of the domains should know.
fn version() -> &'static str {
    static VERSION: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    VERSION.get_or_init(|| {
        format!(
            "{} (public suffix list of {})",
            env!("CARGO_PKG_VERSION"),
            urisift::uri::public_suffix_list_date()
        )
    })
}

/// Writes a generated text to stdout; a closed pipe is a quiet end, any other write error
/// exits 2 with a message.
fn generated(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> ExitCode {
    let mut out = io::stdout().lock();
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            complain(format_args!("cannot write output: {e}"));
            ExitCode::from(2)
        }
    }
}

/// What clap answers instead of a command line to run: the help or the version on stdout
/// (exit 0, or 2 when it cannot be written), a usage error on stderr (exit 2). clap's own
/// `exit` ignores a failed write, and its `print` leaves stdout unflushed.
fn answered(answer: clap::Error) -> ExitCode {
    if answer.use_stderr() {
        // A failing stderr has nowhere left to be reported.
        let _ = answer.print();
        return ExitCode::from(u8::try_from(answer.exit_code()).unwrap_or(2));
    }
    generated(|_| answer.print().and_then(|()| io::stdout().flush()))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(answer) => return answered(answer),
    };
    match cli.command {
        Some(Command::Check(args)) => check::check(args),
        Some(Command::Resolve(args)) => check::resolve(args),
        Some(Command::Normalize(args)) => check::normalize(args),
        // Generated whole first: clap_complete panics when it cannot write.
        Some(Command::Completions { shell }) => generated(|out| {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "urisift", &mut script);
            out.write_all(&script)
        }),
        Some(Command::Man) => generated(|out| clap_mangen::Man::new(Cli::command()).render(out)),
        None => extract::run(cli.extract),
    }
}
