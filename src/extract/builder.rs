//! The options of extraction, and the extractor they compile into.

use std::io::{self, Read, Seek};
use std::ops::{Range, RangeInclusive};
use std::sync::Arc;

use super::iter::{self, Extractor, MboxCut, MessageStart, SliceMatches};
use super::options::{Compiled, MailMode, Options, WebMode};
use super::prefix::Prefix;
use crate::find::Prefilter;
use crate::uri::Grammar;
#[cfg(doc)]
use crate::{Event, Match, Matches};

/// Options for extraction: set them, then [`build`](ExtractorBuilder::build) the
/// [`UriFinder`] that extracts with them, for any number of inputs.
///
/// ```
/// use urisift::ExtractorBuilder;
/// let finder = ExtractorBuilder::new().abbreviated(true).max_uri_len(4096).build();
/// let uris: Vec<String> = finder.slice(b"see www.w3.org/Addressing/.").map(|m| m.uri().to_owned()).collect();
/// assert_eq!(uris, ["www.w3.org/Addressing/"]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct ExtractorBuilder {
    opts: Options,
    /// The header fields read as mail, in lower case; `None` for all.
    headers: Option<Vec<String>>,
}

impl ExtractorBuilder {
    /// The values [`max_uri_len`](ExtractorBuilder::max_uri_len) takes, in bytes: from 16
    /// bytes to 1 GiB. The command line (`--max-uri-len`) and the Python package
    /// (`max_uri_len=`) take the same, and refuse others.
    pub const MAX_URI_LEN_RANGE: RangeInclusive<usize> = 16..=1 << 30;

    /// The values [`mail_message_max`](ExtractorBuilder::mail_message_max) takes, in bytes:
    /// from 1 byte to 4 GiB less 2 (a message's maps hold 32-bit positions). The command line
    /// (`--mail-message-max`) and the Python package (`mail_message_max=`) take the same, and
    /// refuse others.
    pub const MAIL_MESSAGE_MAX_RANGE: RangeInclusive<usize> = 1..=crate::decode::mail::MESSAGE_MAX;

    /// Default options: RFC 3986 validation, URIs up to 64 KiB, no abbreviated URLs, no
    /// rejected candidates reported, mail read as mail when the input starts as mail,
    /// quoted-printable in plain text not decoded, no line numbers.
    pub fn new() -> Self {
        Self::default()
    }

    /// The grammar every candidate is validated against (default [`Grammar::Rfc3986`]).
    pub fn grammar(&mut self, grammar: Grammar) -> &mut Self {
        self.opts.grammar = grammar;
        self
    }

    /// Read URIs as RFC 3986 and the RFC 2396 draft do (default off): no IRIs (nothing outside
    /// ASCII) and no `[ ] { }` outside an IP literal. A candidate that would need them, and
    /// that by default is an IRI or holds balanced brackets after its host, is dropped, never
    /// cut, and reported as rejected with [`ErrorKind::Excluded`](crate::uri::ErrorKind::Excluded)
    /// naming the character. Under a grammar other than [`Grammar::Rfc3986`] candidates are
    /// read as URIs anyway (the crate docs, "Unicode text"). A `mailto` URI is read by
    /// RFC 6068 §2, its query as header fields of `qchar`s, rather than as it is sent (the
    /// crate docs, rule 15): `mailto:a@b.example?subject=a/b` is dropped and rejected.
    ///
    /// ```
    /// use urisift::ExtractorBuilder;
    /// let text = "https://ja.wikipedia.org/wiki/東京 and http://x.example/a?ids[]=1";
    /// let found: Vec<String> =
    ///     ExtractorBuilder::new().build().slice(text.as_bytes()).map(|m| m.uri().to_owned()).collect();
    /// assert_eq!(found, ["https://ja.wikipedia.org/wiki/東京", "http://x.example/a?ids[]=1"]);
    /// assert_eq!(ExtractorBuilder::new().strict(true).build().slice(text.as_bytes()).count(), 0);
    /// let sent = b"mailto:a@b.example?subject=QmFzZTY0==";
    /// assert_eq!(ExtractorBuilder::new().build().slice(sent).count(), 1);
    /// assert_eq!(ExtractorBuilder::new().strict(true).build().slice(sent).count(), 0);
    /// ```
    pub fn strict(&mut self, yes: bool) -> &mut Self {
        self.opts.strict = yes;
        self
    }

    /// The longest URI, in source bytes from its first byte to its last, that is looked for
    /// (default 64 KiB). Memory use is bounded by about twice this, whatever the input's
    /// size. A longer candidate is not silently lost: it is counted ([`Matches::overlong`])
    /// and reported as [`Event::Overlong`].
    ///
    /// A value outside [`ExtractorBuilder::MAX_URI_LEN_RANGE`] (16 bytes to 1 GiB) is clamped
    /// into it, so that the builder's setters stay infallible and chain; a caller that takes
    /// the value from a user checks it against the range first, to say so (as the command
    /// line and the Python package do).
    pub fn max_uri_len(&mut self, bytes: usize) -> &mut Self {
        let range = Self::MAX_URI_LEN_RANGE;
        self.opts.max_uri_len = bytes.clamp(*range.start(), *range.end());
        self
    }

    /// Also find abbreviated URLs starting with `www.` (seed 000 Appendix F: "a reference
    /// consisting of only the site and path portions"), reported as written and validated as
    /// if `http://` stood before them (default off).
    pub fn abbreviated(&mut self, yes: bool) -> &mut Self {
        self.opts.abbreviated = yes;
        self
    }

    /// Report candidates that the validating parser rejected, with its reason, as
    /// [`Event::Rejected`] from [`Matches::next_event`] (default off; the matches are the
    /// same either way).
    pub fn report_rejected(&mut self, yes: bool) -> &mut Self {
        self.opts.report_rejected = yes;
        self
    }

    /// Decode the quoted-printable mail bodies found in plain text (default off): after a
    /// `Content-Transfer-Encoding: quoted-printable` header line, and until the next MIME
    /// boundary line (`--` and the boundary of the delimiter line the part's header lines
    /// follow, or, when they follow none, a line of `--` and boundary characters), `From `
    /// line (the next message of an mbox) or `Content-Transfer-Encoding` header line, soft line
    /// breaks (`=` at the end of a line) are joined and `=XX` is decoded before delimiting, so
    /// that `href=3D"http://a/?b=3D=` / `c"` gives `http://a/?b=c`. Appendix E is silent on
    /// transfer encodings; this is what a mail reader shows. Where the regions start and end is
    /// read from the input's raw lines, ahead of the extraction.
    ///
    /// This is for mail in text not read as mail ([`ExtractorBuilder::mail`]), which decodes
    /// every transfer encoding of its parts: an input that starts as mail is read so, and then
    /// this option does nothing for it. It was on by default until 0.2: read over the corpora
    /// of real mail, news, logs and documents, it changed no result once mail was read as mail
    /// (see the CHANGELOG), and looking for its headers cost every input.
    ///
    /// ```
    /// use urisift::{ExtractorBuilder, MailMode};
    /// let text = b"saved part:\nContent-Transfer-Encoding: quoted-printable\n\nhttp://a.example/?q=3D1\n";
    /// let mut builder = ExtractorBuilder::new();
    /// builder.mail(MailMode::Off);
    /// assert_eq!(builder.slice(text).next().unwrap().uri(), "http://a.example/?q=3D1");
    /// builder.quoted_printable(true);
    /// assert_eq!(builder.slice(text).next().unwrap().uri(), "http://a.example/?q=1");
    /// ```
    pub fn quoted_printable(&mut self, yes: bool) -> &mut Self {
        self.opts.quoted_printable = yes;
        self
    }

    /// Whether the input is read as mail or news (default [`MailMode::Auto`]: when it starts
    /// as mail). Mail is read as a reader sees it (issue 19): an mbox is split into messages
    /// at its `From ` lines; each message's MIME tree is walked (RFC 2045, RFC 2046), every
    /// child of every multipart, every alternative, forwarded messages (`message/rfc822`,
    /// digests); each text part is decoded from its transfer encoding (base64,
    /// quoted-printable) and charset (`encoding_rs`'s labels, and UTF-7) and format=flowed
    /// lines joined (RFC 3676); `image/`, `audio/`, `video/`, `application/` parts are not
    /// read, nor uuencoded or yEnc blocks in text. Header fields are read unfolded with their
    /// RFC 2047 encoded-words decoded ([`ExtractorBuilder::mail_headers`] says which). An HTML
    /// part gives the links of its `href`, `src` and `action` attributes, each validated
    /// whole ([`Delimiter::HtmlAttribute`](crate::Delimiter::HtmlAttribute)), and its
    /// visible text, read as plain text. The preamble and the epilogue of a multipart, which
    /// mail readers hide, are read as plain text, so that a URI cannot hide there.
    ///
    /// Spans still point at the input's bytes (a URI in a base64 part spans the base64 text
    /// it was decoded from), and each match knows where it was found ([`Match::origin`]).
    ///
    /// Mail is read a message at a time (an mbox's messages split at their `From ` lines
    /// first): a reader holds the message being read, at most
    /// [`mail_message_max`](ExtractorBuilder::mail_message_max) bytes. A longer message is
    /// read as plain text, and the messages after it as mail again, the same for a reader and
    /// a slice ([`Matches::long_messages`] counts them).
    pub fn mail(&mut self, mode: MailMode) -> &mut Self {
        self.opts.mail = mode;
        self
    }

    /// Whether the input is read as a web archive, WARC or WET (default [`WebMode::Auto`]:
    /// when it starts `WARC/1.0` or `WARC/1.1`): records split by their `Content-Length`, a
    /// response's HTTP body read with its transfer and content codings undone, an HTML page
    /// for its links and visible text, a `conversion` record's text as text, and the URIs of
    /// `Location`, `Content-Location` and `Link` header fields; each match's
    /// [`Match::origin`] names its record (see the crate docs, "Web archives and pages").
    ///
    /// ```
    /// let page = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=\"https://example.org/?a=1&amp;b=2\">x</a>";
    /// let mut warc = format!(
    ///     "WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:1>\r\n\
    ///      WARC-Target-URI: https://example.org/\r\nContent-Type: application/http; msgtype=response\r\n\
    ///      Content-Length: {}\r\n\r\n",
    ///     page.len()
    /// )
    /// .into_bytes();
    /// warc.extend_from_slice(page);
    /// warc.extend_from_slice(b"\r\n\r\n");
    /// let m = urisift::extract_slice(&warc).next().unwrap();
    /// assert_eq!(m.uri(), "https://example.org/?a=1&b=2");
    /// assert_eq!(m.origin().unwrap().target_uri(), Some("https://example.org/"));
    /// assert_eq!(m.origin().unwrap().record(), Some("<urn:uuid:1>"));
    /// ```
    pub fn warc(&mut self, mode: WebMode) -> &mut Self {
        self.opts.warc = mode;
        self
    }

    /// Whether the input is read as a web page (default [`WebMode::Auto`]: when it starts
    /// `<!DOCTYPE html` or `<html`, in any case, after an optional BOM and white space), as
    /// mail's HTML parts are: the `href`, `src` and `action` values, the visible text's URIs,
    /// nothing from `script`, `style` or comments; the charset from a BOM or a `<meta>`
    /// element. A page longer than [`mail_message_max`](ExtractorBuilder::mail_message_max)
    /// is read as plain text.
    pub fn html(&mut self, mode: WebMode) -> &mut Self {
        self.opts.html = mode;
        self
    }

    /// Whether the relative links of a web archive's pages are reported, resolved against the
    /// page's base, so that a crawl gives its link graph (default off; rule 6 of the crate
    /// docs' "Web archives and pages"). The base is the page's first `<base href>`, itself
    /// resolved against the record's `WARC-Target-URI`, or that target URI when the page has
    /// none (WHATWG HTML §2.4.1); a reference is resolved as RFC 3986 §5.2 says
    /// ([`uri::resolve`](crate::uri::resolve)). Each is reported with the span of the value
    /// as written and [`Rewrite::Resolved`](crate::Rewrite::Resolved).
    ///
    /// Off, as in mail, only the absolute links are reported: the values written with a
    /// scheme, and the relative ones a page's absolute `<base href>` resolves. A saved page
    /// (or a record without a target URI) has no URI of its own: its relative links are
    /// reported only against an absolute `<base href>`, either way.
    ///
    /// ```
    /// let page = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=\"../b?q#f\">b</a>";
    /// let mut warc = format!(
    ///     "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.org/a/p\r\n\
    ///      Content-Length: {}\r\n\r\n",
    ///     page.len()
    /// )
    /// .into_bytes();
    /// warc.extend_from_slice(page);
    /// warc.extend_from_slice(b"\r\n\r\n");
    /// assert_eq!(urisift::extract_slice(&warc).count(), 0);
    /// let finder = urisift::ExtractorBuilder::new().relative(true).build();
    /// let m = finder.slice(&warc).next().unwrap();
    /// assert_eq!(m.uri(), "https://example.org/b?q#f");
    /// assert_eq!(&warc[..][m.span()], b"../b?q#f");
    /// assert_eq!(m.rewrite(), Some(urisift::Rewrite::Resolved));
    /// ```
    pub fn relative(&mut self, yes: bool) -> &mut Self {
        self.opts.relative = yes;
        self
    }

    /// The longest message read as mail, in bytes (default [`MAIL_MAX`](crate::MAIL_MAX),
    /// 64 MiB): what an extractor over a reader holds of mail, with what it decodes from it. A
    /// longer message is read as plain text, up to the next mbox separator line (see
    /// [`ExtractorBuilder::mail`]). The same bound holds for a web archive's record (a longer
    /// one is read as plain text), for what an HTTP body's content coding decodes to (cut there),
    /// and for a saved page (a longer one is read as plain text); see
    /// [`ExtractorBuilder::warc`].
    ///
    /// A value outside [`ExtractorBuilder::MAIL_MESSAGE_MAX_RANGE`] (1 byte to 4 GiB less 2)
    /// is clamped into it, as [`max_uri_len`](ExtractorBuilder::max_uri_len) says.
    pub fn mail_message_max(&mut self, bytes: usize) -> &mut Self {
        let range = Self::MAIL_MESSAGE_MAX_RANGE;
        self.opts.mail_max = bytes.clamp(*range.start(), *range.end());
        self
    }

    /// Which header fields are read when the input is read as mail (default all): `None` for
    /// all, or the names of those to read (any case; an empty list reads none). The fields of
    /// forwarded messages and of MIME parts count alike.
    pub fn mail_headers<I, S>(&mut self, names: Option<I>) -> &mut Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.headers =
            names.map(|names| names.into_iter().map(|n| n.as_ref().to_ascii_lowercase()).collect());
        self
    }

    /// Count lines, so that each match knows its [line](Match::line) (default off: counting
    /// costs a pass over the input).
    pub fn line_numbers(&mut self, yes: bool) -> &mut Self {
        self.opts.line_numbers = yes;
        self
    }

    /// Whether each match read as mail knows where it was found ([`Match::origin`], default
    /// on). Off, [`Match::origin`] is `None` for every match, and nothing else about the
    /// matches changes: a caller that does not read origins (one that counts matches, or
    /// writes their URIs out) saves making them, an allocation for each match and the
    /// message's `Message-ID` for each message with a match.
    pub fn origins(&mut self, yes: bool) -> &mut Self {
        self.opts.origins = yes;
        self
    }

    /// Report defanged indicators (`hxxps://evil[.]example/`, issue 18 item 6) refanged, as
    /// the URI they stand for (`https://evil.example/`), flagged ([`Match::is_refanged`]), with
    /// the span of the text as written (default off: they are dropped and rejected with
    /// [`crate::uri::ErrorKind::Defanged`]). The styles in use are read: `hxxp`, `h**p`, `fxp`;
    /// `[.]`, `(.)`, `{.}`, `[dot]`, `(dot)`; `[:]`, `[://]`, `:\/\/`; `[/]`, `[@]`; a host
    /// spaced out around its dots. See rule 13 of the crate docs.
    ///
    /// ```
    /// let finder = urisift::ExtractorBuilder::new().refang(true).build();
    /// let found: Vec<_> = finder.slice(b"C2: hxxps[://]evil[.]example[.]com/a").collect();
    /// assert_eq!(found[0].uri(), "https://evil.example.com/a");
    /// assert_eq!(urisift::extract_slice(b"C2: hxxps[://]evil[.]example[.]com/a").count(), 0);
    /// ```
    pub fn refang(&mut self, yes: bool) -> &mut Self {
        self.opts.refang = yes;
        self
    }

    /// Report URIs whose host is an IPv4 address written in a numeric form that browsers read
    /// (`http://3232235777/`, `http://0xC0A80101/`, `http://0300.0250.1.1/`, `http://192.168.257/`;
    /// the WHATWG URL Standard's IPv4 parser), flagged [`Flag::NumericIp`](crate::Flag::NumericIp)
    /// (default off: such a host is no name a reader would click, and rule 12 of the crate docs
    /// rejects it with [`crate::uri::ErrorKind::UnclickableHost`]). Phishing mail writes hosts
    /// so; `urisift --flag numeric-ip` turns this on.
    ///
    /// ```
    /// let text = b"log in at http://3232235777/login now";
    /// assert_eq!(urisift::extract_slice(text).count(), 0);
    /// let finder = urisift::ExtractorBuilder::new().numeric_hosts(true).build();
    /// let found: Vec<_> = finder.slice(text).collect();
    /// assert_eq!(found[0].uri(), "http://3232235777/login");
    /// ```
    pub fn numeric_hosts(&mut self, yes: bool) -> &mut Self {
        self.opts.numeric_hosts = yes;
        self
    }

    /// Report each URI found inside a match right after it (default off; rule 16 of the crate
    /// docs): the value of a query field that is a URI once percent-decoded
    /// (`?url=https%3A%2F%2Fevil.example%2Fx`), the URL a known link rewriter wraps (Outlook
    /// Safe Links, Proofpoint URL Defense, redirectors) in its own encoding, a URI in a
    /// `mailto:`'s header field; recursively, up to [`NESTED_DEPTH`](crate::NESTED_DEPTH) levels.
    /// Each is a [`Match`] of [`Delimiter::Nested`](crate::Delimiter::Nested), with its
    /// [`outer`](Match::outer) match's index, and its span inside the outer's. The other
    /// matches are the same as without it.
    ///
    /// ```
    /// let finder = urisift::ExtractorBuilder::new().nested(true).build();
    /// let text = b"see https://www.google.com/url?q=https%3A%2F%2Fevil.example%2Fx&sa=D now";
    /// let found: Vec<_> = finder.slice(text).collect();
    /// assert_eq!(found[1].uri(), "https://evil.example/x");
    /// assert_eq!(found[1].outer(), Some(0));
    /// assert_eq!(&text[found[1].span()], b"https%3A%2F%2Fevil.example%2Fx");
    /// ```
    pub fn nested(&mut self, yes: bool) -> &mut Self {
        self.opts.nested = yes;
        self
    }

    /// Whether the most common candidates are decided in one pass (default on). The matches
    /// are the same either way, only slower without it: this is for testing that claim (the
    /// differential tests and the `extract` fuzz target run both).
    #[doc(hidden)]
    pub fn one_pass(&mut self, yes: bool) -> &mut Self {
        self.opts.one_pass = yes;
        self
    }

    /// Compiles the options into a [`UriFinder`]: the prefilter and tables are built once, and
    /// the finder is then used for any number of inputs, on any number of threads.
    pub fn build(&self) -> UriFinder {
        // What reads inside a match: plain text, none of the readings of the input itself.
        let nested = self.opts.nested.then(|| {
            let opts = Options {
                abbreviated: false,
                report_rejected: false,
                quoted_printable: false,
                line_numbers: false,
                origins: false,
                refang: false,
                nested: false,
                mail: MailMode::Off,
                warc: WebMode::Off,
                html: WebMode::Off,
                ..self.opts
            };
            Arc::new(Compiled { opts, prefilter: Prefilter::new(false, false), headers: None, nested: None })
        });
        UriFinder {
            compiled: Arc::new(Compiled {
                opts: self.opts,
                prefilter: Prefilter::new(self.opts.abbreviated, self.opts.refang),
                headers: self.headers.clone(),
                nested,
            }),
        }
    }

    /// Extracts from a reader: [`UriFinder::reader`] of a finder built for this input alone.
    #[deprecated(since = "0.2.0", note = "the finder extracts: `builder.build().reader(reader)`")]
    pub fn reader<R: Read>(&self, reader: R) -> Extractor<R> {
        self.build().reader(reader)
    }

    /// Extracts from bytes in memory: [`UriFinder::slice`] of a finder built for this input
    /// alone.
    #[deprecated(since = "0.2.0", note = "the finder extracts: `builder.build().slice(haystack)`")]
    pub fn slice<'h>(&self, haystack: &'h [u8]) -> SliceMatches<'h> {
        self.build().slice(haystack)
    }

    /// Extracts one byte range of bytes in memory: [`UriFinder::slice_range`] of a finder
    /// built for this input alone.
    #[deprecated(
        since = "0.2.0",
        note = "the finder extracts: `builder.build().slice_range(haystack, range)`"
    )]
    pub fn slice_range<'h>(&self, haystack: &'h [u8], range: Range<usize>) -> SliceMatches<'h> {
        self.build().slice_range(haystack, range)
    }
}

/// An extractor compiled from an [`ExtractorBuilder`]: its options, prefilter and tables, built
/// once. Cloning it is cheap (the compiled part is shared), and it is `Send + Sync`, so one
/// finder serves any number of inputs on any number of threads.
///
/// ```
/// let finder = urisift::ExtractorBuilder::new().abbreviated(true).build();
/// let texts: [&[u8]; 2] = [b"see www.w3.org/Addressing/.", b"<URL:ftp://a.example/doc>"];
/// let found: Vec<Vec<String>> = std::thread::scope(|scope| {
///     let handles: Vec<_> = texts
///         .iter()
///         .map(|&text| {
///             let finder = &finder;
///             scope.spawn(move || finder.slice(text).map(|m| m.uri().to_owned()).collect())
///         })
///         .collect();
///     handles.into_iter().map(|h| h.join().unwrap()).collect()
/// });
/// assert_eq!(found, [["www.w3.org/Addressing/"], ["ftp://a.example/doc"]]);
/// ```
#[derive(Debug, Clone)]
pub struct UriFinder {
    pub(crate) compiled: Arc<Compiled>,
}

impl UriFinder {
    /// Extracts from a reader, in bounded memory.
    pub fn reader<R: Read>(&self, reader: R) -> Extractor<R> {
        Extractor::new(&self.compiled, reader)
    }

    /// Extracts from bytes in memory, without copying them.
    pub fn slice<'h>(&self, haystack: &'h [u8]) -> SliceMatches<'h> {
        SliceMatches::new(&self.compiled, haystack)
    }

    /// Extracts one shard of `haystack`: the events whose outer span (wrapper included) starts
    /// in the byte range `range` (clamped to the haystack), exactly as [`UriFinder::slice`]
    /// reports them for the whole haystack. So for any partition of an input into ranges, the
    /// shards' matches, one after another, are the whole input's matches: the same URIs,
    /// readings, spans and line numbers.
    ///
    /// The scan reads what it needs around the range: from a warm-up point before its start
    /// (at least the maximum URI length and a few KiB back, further when the state of the scan
    /// there is not settled; see [`crate::shard`]) to the maximum URI length and some slack
    /// past its end. Line numbers, when asked for, are counted by a pass over the bytes before
    /// the range (a count of line feeds). [`Matches::overlong`] counts the overlong
    /// candidates the range owns. Of an input read as mail, a range owns the messages whose
    /// `From ` separator line starts in it, passing over the messages before it.
    ///
    /// ```
    /// let text = b"<http://a.example/one> and <http://a.example/two>";
    /// let finder = urisift::ExtractorBuilder::new().build();
    /// let cut = 30; // inside the second wrapper
    /// let shards: Vec<Vec<String>> = [0..cut, cut..text.len()]
    ///     .into_iter()
    ///     .map(|range| finder.slice_range(text, range).map(|m| m.uri().to_owned()).collect())
    ///     .collect();
    /// assert_eq!(shards, [vec!["http://a.example/one", "http://a.example/two"], vec![]]);
    /// ```
    pub fn slice_range<'h>(&self, haystack: &'h [u8], range: Range<usize>) -> SliceMatches<'h> {
        SliceMatches::range(&self.compiled, haystack, range)
    }

    /// Extracts one shard of what `reader` reads, as [`UriFinder::slice_range`] does: the
    /// events whose outer span starts in the byte range `range`, offsets counted from the start
    /// of the stream (`SeekFrom::Start(0)`). The reader is sought to the warm-up point rather
    /// than read from the start (unless line numbers or quoted-printable decoding need the
    /// bytes before it: they are read once, for a [`crate::shard::Prefix`]), and read
    /// until the scan is past the range; memory stays bounded as for [`UriFinder::reader`]. An
    /// input read as mail is read from its start, its messages before the range passed over.
    /// Fails when seeking or reading before the range fails. A caller that cuts one input into
    /// many ranges counts the prefixes once for all of them:
    /// [`shard::reader_range_after`](crate::shard::reader_range_after).
    pub fn reader_range<R: Read + Seek>(&self, reader: R, range: Range<u64>) -> io::Result<Extractor<R>> {
        Extractor::range(&self.compiled, reader, range)
    }

    /// Whether an input that starts with `start` is read as mail.
    #[deprecated(
        since = "0.2.0",
        note = "moved to `urisift::shard::reads_as_mail(&finder, start, complete)`"
    )]
    pub fn reads_as_mail(&self, start: &[u8], complete: bool) -> bool {
        self.compiled.opts.reads_as_mail(start, complete)
    }

    /// [`UriFinder::reader_range`] with the prefix of the range counted by the caller.
    #[deprecated(
        since = "0.2.0",
        note = "moved to `urisift::shard::reader_range_after(&finder, reader, range, prefix)`"
    )]
    pub fn reader_range_after<R: Read + Seek>(
        &self,
        reader: R,
        range: Range<u64>,
        prefix: Prefix,
    ) -> io::Result<Extractor<R>> {
        Extractor::range_after(&self.compiled, reader, range, prefix)
    }

    /// Where an mbox can be cut into a run of whole messages.
    #[deprecated(since = "0.2.0", note = "moved to `urisift::shard::mbox_cut(&finder, bytes, at, want)`")]
    pub fn mbox_cut(&self, bytes: &[u8], at: MessageStart, want: usize) -> MboxCut {
        iter::cut_mbox(&self.compiled, bytes, at, want)
    }

    /// The events of the messages a reader reads, an mbox from one of its separator lines on.
    #[deprecated(since = "0.2.0", note = "moved to `urisift::shard::reader_messages(&finder, reader, at)`")]
    pub fn reader_messages<R: Read>(&self, reader: R, at: MessageStart) -> Extractor<R> {
        Extractor::messages(&self.compiled, reader, at)
    }

    /// The events of the messages of a run of an mbox held in memory, read in place.
    #[deprecated(since = "0.2.0", note = "moved to `urisift::shard::slice_messages(&finder, bytes, at)`")]
    pub fn slice_messages<'h>(&self, bytes: &'h [u8], at: MessageStart) -> SliceMatches<'h> {
        SliceMatches::messages(&self.compiled, bytes, at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Out-of-range sizes are clamped into the public ranges the command line and Python
    /// check against.
    #[test]
    fn sizes_are_clamped_into_their_ranges() {
        let (uri, mail) = (ExtractorBuilder::MAX_URI_LEN_RANGE, ExtractorBuilder::MAIL_MESSAGE_MAX_RANGE);
        assert_eq!(ExtractorBuilder::new().max_uri_len(0).opts.max_uri_len, *uri.start());
        assert_eq!(ExtractorBuilder::new().max_uri_len(usize::MAX).opts.max_uri_len, *uri.end());
        assert_eq!(ExtractorBuilder::new().mail_message_max(0).opts.mail_max, *mail.start());
        assert_eq!(ExtractorBuilder::new().mail_message_max(usize::MAX).opts.mail_max, *mail.end());
        assert_eq!(*mail.end(), u32::MAX as usize - 1);
        let default = ExtractorBuilder::new().opts;
        assert!(uri.contains(&default.max_uri_len) && mail.contains(&default.mail_max));
    }

    /// The entry points deprecated in 0.2.0 still give what their replacements give.
    #[test]
    #[allow(deprecated)]
    fn deprecated_entry_points_give_what_their_replacements_give() {
        use crate::shard;
        let builder = ExtractorBuilder::new();
        let finder = builder.build();
        let text = b"From a@example.org Mon Jan  1 00:00:00 2001\nSubject: x\n\nhttp://a.example/\n";
        let uris = |m: SliceMatches<'_>| m.map(|m| m.uri().to_owned()).collect::<Vec<_>>();
        assert_eq!(uris(builder.slice(text)), ["http://a.example/"]);
        assert_eq!(builder.reader(&text[..]).map(Result::unwrap).count(), 1);
        assert_eq!(uris(builder.slice_range(text, 0..10)), uris(finder.slice_range(text, 0..10)));
        assert_eq!(finder.reads_as_mail(text, true), shard::reads_as_mail(&finder, text, true));
        let start = crate::MessageStart::default();
        assert_eq!(finder.mbox_cut(text, start, 1), shard::mbox_cut(&finder, text, start, 1));
        assert_eq!(uris(finder.slice_messages(text, start)), ["http://a.example/"]);
        assert_eq!(finder.reader_messages(&text[..], start).map(Result::unwrap).count(), 1);
        let prefix = crate::Prefix::default();
        let range = finder.reader_range_after(io::Cursor::new(text), 0..10, prefix).unwrap();
        assert_eq!(range.map(Result::unwrap).count(), 1);
        let seam: Option<crate::Seam> = None;
        assert!(seam.is_none() && matches!(crate::MboxCut::More, shard::MboxCut::More));
    }

    #[test]
    fn finders_are_send_and_sync() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<UriFinder>();
        send_sync::<ExtractorBuilder>();
    }
}
