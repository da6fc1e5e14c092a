//! What the other modules share: the options of `extract` and `extract_range`, checked as the
//! library and the command line check them, and the grammar names of every function.

use std::ops::RangeInclusive;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use urisift::uri::Grammar;
use urisift::{ExtractorBuilder, MailMode, UriFinder, WebMode};

/// The builder options, as the keyword arguments of `extract` give them.
pub(crate) struct Options {
    pub(crate) grammar: Grammar,
    /// URIs only, as RFC 3986 reads them (no IRIs, no brackets outside an IP literal).
    pub(crate) strict: bool,
    pub(crate) max_uri_len: usize,
    pub(crate) abbreviated: bool,
    pub(crate) report_rejected: bool,
    pub(crate) quoted_printable: bool,
    pub(crate) line_numbers: bool,
    pub(crate) mail: MailMode,
    /// The longest message read as mail (`ExtractorBuilder::mail_message_max`).
    pub(crate) mail_max: usize,
    /// Report the URIs inside each match after it (`ExtractorBuilder::nested`).
    pub(crate) nested: bool,
    /// Whether the input is read as a WARC or WET archive (`ExtractorBuilder::warc`).
    pub(crate) warc: WebMode,
    /// Whether the input is read as a web page (`ExtractorBuilder::html`).
    pub(crate) html: WebMode,
    /// Report a web archive's relative links resolved (`ExtractorBuilder::relative`).
    pub(crate) relative: bool,
    /// Report defanged indicators refanged (`ExtractorBuilder::refang`).
    pub(crate) refang: bool,
    /// Report hosts that browsers read as IPv4 addresses (`ExtractorBuilder::numeric_hosts`).
    pub(crate) numeric_hosts: bool,
}

/// The `mail` keyword argument: `None` reads the input as mail when it starts as mail.
pub(crate) fn mail_mode(mail: Option<bool>) -> MailMode {
    match mail {
        None => MailMode::Auto,
        Some(true) => MailMode::On,
        Some(false) => MailMode::Off,
    }
}

/// The `warc` and `html` keyword arguments: `None` reads the input so when it starts as an
/// archive (`WARC/1.0` or `WARC/1.1`) or a page (`<!DOCTYPE html`, `<html`).
pub(crate) fn web_mode(on: Option<bool>) -> WebMode {
    match on {
        None => WebMode::Auto,
        Some(true) => WebMode::On,
        Some(false) => WebMode::Off,
    }
}

impl Options {
    /// The finder these options build.
    pub(crate) fn finder(&self) -> UriFinder {
        ExtractorBuilder::new()
            .grammar(self.grammar)
            .strict(self.strict)
            .max_uri_len(self.max_uri_len)
            .abbreviated(self.abbreviated)
            .report_rejected(self.report_rejected)
            .quoted_printable(self.quoted_printable)
            .line_numbers(self.line_numbers)
            .mail(self.mail)
            .mail_message_max(self.mail_max)
            .nested(self.nested)
            .warc(self.warc)
            .html(self.html)
            .relative(self.relative)
            .refang(self.refang)
            .numeric_hosts(self.numeric_hosts)
            .build()
    }

    /// `max_uri_len`, in the library's range (which the command line takes too), or a
    /// `ValueError`: the library would clamp it, silently.
    pub(crate) fn check_max_uri_len(n: usize) -> PyResult<usize> {
        check_size("max_uri_len", n, ExtractorBuilder::MAX_URI_LEN_RANGE)
    }

    /// `mail_message_max`, in the library's range (which the command line takes too), or a
    /// `ValueError`.
    pub(crate) fn check_mail_message_max(n: usize) -> PyResult<usize> {
        check_size("mail_message_max", n, ExtractorBuilder::MAIL_MESSAGE_MAX_RANGE)
    }
}

/// `n`, the keyword argument `name`, when `range` holds it; a `ValueError` naming the range
/// otherwise.
fn check_size(name: &str, n: usize, range: RangeInclusive<usize>) -> PyResult<usize> {
    if range.contains(&n) {
        Ok(n)
    } else {
        Err(PyValueError::new_err(format!(
            "{name} must be between {} and {} bytes, got {n}",
            range.start(),
            range.end()
        )))
    }
}

/// The grammar named `name` (`rfc3986`, `rfc2396`, `rfc1738`), or a `ValueError`.
pub(crate) fn grammar(name: &str) -> PyResult<Grammar> {
    name.parse::<Grammar>().map_err(|e| PyValueError::new_err(e.to_string()))
}
