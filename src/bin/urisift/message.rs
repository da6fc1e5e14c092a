//! Messages to the person running urisift, on standard error.

use std::io::{self, Write};

/// Writes `urisift: MESSAGE` to stderr. A failing stderr has nowhere left to be reported.
pub fn complain(message: std::fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "urisift: {message}");
}
