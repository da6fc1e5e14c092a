//! What every part of extraction reads: the options, as the builder set them, compiled with
//! the prefilter; and the bounds on how far a candidate looks around its trigger.

use std::sync::Arc;

use crate::find::Prefilter;
use crate::uri::Grammar;

pub(crate) use crate::delimit::LOOKBACK;

/// The longest message read as mail by default, in bytes (64 MiB;
/// [`ExtractorBuilder::mail_message_max`](crate::ExtractorBuilder::mail_message_max)): mail
/// is read a message at a time, so an extractor over a reader holds one message, and what it
/// decodes from it, at a time. A longer message (of an mbox, or an input that is one message)
/// is read as plain text, by a reader and over a slice alike, and the messages after it as
/// mail ([`Matches::long_messages`](crate::Matches::long_messages) counts them).
pub const MAIL_MAX: usize = 64 << 20;

/// The options an extractor runs with, as the builder sets them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Options {
    pub(crate) grammar: Grammar,
    /// Read as RFC 3986 does: no IRIs, no brackets outside an IP literal
    /// ([`ExtractorBuilder::strict`](crate::ExtractorBuilder::strict)).
    pub(crate) strict: bool,
    pub(crate) max_uri_len: usize,
    pub(crate) abbreviated: bool,
    pub(crate) report_rejected: bool,
    pub(crate) quoted_printable: bool,
    pub(crate) line_numbers: bool,
    /// Matches read as mail carry their [`Origin`](crate::Origin)
    /// ([`ExtractorBuilder::origins`](crate::ExtractorBuilder::origins)).
    pub(crate) origins: bool,
    pub(crate) one_pass: bool,
    /// Report defanged indicators refanged (`ExtractorBuilder::refang`).
    pub(crate) refang: bool,
    /// Report URIs whose host is an IPv4 address in a numeric form
    /// (`ExtractorBuilder::numeric_hosts`).
    pub(crate) numeric_hosts: bool,
    /// Report the URIs found inside each match after it (`ExtractorBuilder::nested`).
    pub(crate) nested: bool,
    pub(crate) mail: MailMode,
    /// Whether the input is read as a web archive (WARC, WET).
    pub(crate) warc: WebMode,
    /// Whether the input is read as a web page (HTML).
    pub(crate) html: WebMode,
    /// Resolve a web archive's relative links against the record's target URI
    /// (`ExtractorBuilder::relative`).
    pub(crate) relative: bool,
    /// The longest message read as mail, and the longest record of a web archive or saved
    /// page held (see [`MAIL_MAX`]).
    pub(crate) mail_max: usize,
}

/// Whether an input is read as mail or news (RFC 5322, RFC 5536; MIME, RFC 2045): each message
/// of an mbox, each part of its MIME tree decoded as a reader sees it, each header field
/// ([`ExtractorBuilder::mail`](crate::ExtractorBuilder::mail)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum MailMode {
    /// As mail when the input starts as mail: an mbox `From ` line, or a header block with a
    /// field that mail or news has (`From:`, `Subject:`, `Received:`, `Newsgroups:`,
    /// `Content-Type:`, …), ended by an empty line. Other input is plain text.
    #[default]
    Auto,
    /// Always as mail (input without a header block is one message whose body is plain text).
    On,
    /// Never: plain text (its quoted-printable regions decoded when asked for, see
    /// [`ExtractorBuilder::quoted_printable`](crate::ExtractorBuilder::quoted_printable)).
    Off,
}

/// Whether an input is read as a web archive (WARC, WET) or as a web page (HTML)
/// ([`ExtractorBuilder::warc`](crate::ExtractorBuilder::warc),
/// [`ExtractorBuilder::html`](crate::ExtractorBuilder::html)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum WebMode {
    /// When the input starts as one: `WARC/1.0` or `WARC/1.1` and a line break for an
    /// archive; `<!DOCTYPE html` or `<html` (any case, after an optional BOM and white space)
    /// for a page.
    #[default]
    Auto,
    /// Always.
    On,
    /// Never.
    Off,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            grammar: Grammar::Rfc3986,
            strict: false,
            max_uri_len: 64 * 1024,
            abbreviated: false,
            report_rejected: false,
            quoted_printable: false,
            line_numbers: false,
            origins: true,
            one_pass: true,
            refang: false,
            numeric_hosts: false,
            nested: false,
            mail: MailMode::Auto,
            warc: WebMode::Auto,
            html: WebMode::Auto,
            relative: false,
            mail_max: MAIL_MAX,
        }
    }
}

impl Options {
    /// Whether candidates are read as IRIs (RFC 3987), with balanced brackets after the
    /// authority: the default, under [`Grammar::Rfc3986`] and not strict.
    #[inline]
    pub(crate) fn reads_iris(&self) -> bool {
        self.grammar == Grammar::Rfc3986 && !self.strict
    }

    /// Whether an input that starts with `start` (its first
    /// [`LOOK_MAX`](crate::decode::mail::LOOK_MAX) bytes at least, or all of it: `complete`) is
    /// read as mail: always with [`MailMode::On`], never with [`MailMode::Off`], and with
    /// [`MailMode::Auto`] when its start looks like mail (a start that leaves it open counts).
    pub(crate) fn reads_as_mail(&self, start: &[u8], complete: bool) -> bool {
        if self.reads_as_web(start, complete).is_some() {
            return false;
        }
        match self.mail {
            MailMode::On => true,
            MailMode::Off => false,
            MailMode::Auto => crate::decode::mail::verdict(start, complete).unwrap_or(true),
        }
    }
}

impl Options {
    /// Whether an input that starts with `start` (all of it: `complete`) is read as a web
    /// archive (`Some(false)`) or page (`Some(true)`), or neither (`None`); a start that
    /// leaves it open counts as one, as for mail.
    pub(crate) fn reads_as_web(&self, start: &[u8], complete: bool) -> Option<bool> {
        use crate::decode::warc;
        match (self.warc, self.html) {
            (WebMode::On, _) => return Some(false),
            (_, WebMode::On) => return Some(true),
            _ => {}
        }
        if self.warc == WebMode::Auto && warc::verdict(start, complete).unwrap_or(true) {
            return Some(false);
        }
        if self.html == WebMode::Auto && warc::html_verdict(start, complete).unwrap_or(true) {
            return Some(true);
        }
        None
    }

    /// Whether the ranges of an input that starts with `start` snap to its messages, records
    /// or page (see the crate docs, "Shards"): it is read as mail, a web archive or a page.
    pub(crate) fn reads_whole(&self, start: &[u8], complete: bool) -> bool {
        self.reads_as_web(start, complete).is_some() || self.reads_as_mail(start, complete)
    }
}

/// What a [`UriFinder`](crate::UriFinder) holds.
#[derive(Debug)]
pub(crate) struct Compiled {
    pub(crate) opts: Options,
    pub(crate) prefilter: Prefilter,
    /// The header fields read as mail, in lower case; `None` for all.
    pub(crate) headers: Option<Vec<String>>,
    /// With [`Options::nested`], what reads the URIs inside a match: the same grammar and
    /// length limit over plain text, without mail, decoding, refanging or nesting.
    pub(crate) nested: Option<Arc<Compiled>>,
}
