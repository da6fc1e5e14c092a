//! `urisift [OPTIONS] [FILE]...`: extraction.

use std::cell::RefCell;
use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::ops::Range;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

use urisift::{Event, ExtractorBuilder, MailMode, Match, UriFinder};

use crate::context::{Context, ContextReader};
use crate::input::{self, Compression, Input};
use crate::json::{self, Counts};
use crate::template::Template;
use crate::{complain, grammar_parser, mapped, parallel};
use urisift::uri::Grammar;

/// The size of the output buffer.
const OUTPUT_BUFFER: usize = 64 << 10;

/// When to colour the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// When standard output is a terminal, `TERM` is not `dumb` and `NO_COLOR` is not set.
    Auto,
    /// Always, even into a pipe (`urisift --color always -n mail | less -R`).
    Always,
    /// Never.
    Never,
}

/// Arguments of extraction (the default mode).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Files to scan; standard input when none, or for `-`.
    ///
    /// Standard input is named `<stdin>` in output and messages. A directory is an error
    /// without -r. Example: `urisift inbox.mbox access.log`, `zcat spool.gz | urisift`.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    /// One JSON record per line instead of the bare URI (JSON Lines; schema in
    /// docs/json-schema.md).
    ///
    /// Every record has a "type": "match" (the URI, its readings, byte offsets, delimiter,
    /// scheme, parsed components, and line with -n), "rejected" (with --rejected), "overlong"
    /// (a candidate longer than --max-uri-len), and "summary" (with -c, one per input).
    /// Offsets are bytes from the start of the input (decompressed, with -z). A file name that
    /// is not UTF-8 is written {"bytes": "BASE64"}. Example:
    /// {"type":"match","file":"a.txt","uri":"http://a.example/","readings":["http://a.example/"],
    /// "start":9,"end":26,"outer_start":4,"outer_end":27,"delimiter":"angle-url-prefix",
    /// "scheme":"http","components":{"scheme":"http","authority":"a.example",...}}
    #[arg(long, conflicts_with_all = ["format", "files_with_matches"])]
    json: bool,

    /// With --json, add the text of the line each URI is on ("text"), for a picker.
    ///
    /// From the start of the line where the URI starts to the end of the line where it ends,
    /// at most 256 bytes either side of it, line breaks shown as spaces (source bytes, before
    /// quoted-printable decoding). In --format it is {text}. Example:
    /// `urisift --json --line-text mail.mbox | jq -r '.text'`.
    #[arg(long, requires = "json")]
    line_text: bool,

    /// Print each match by a template instead of the bare URI.
    ///
    /// Placeholders: {uri} {text} {file} {line} {start} {end} {outer_start} {outer_end}
    /// {delimiter} {scheme} {authority} {userinfo} {host} {port} {path} {query} {fragment}
    /// {found} {link_text} (empty when undefined; the last two for mail read as mail: where in
    /// the message, and the text of the HTML link); {{ and }} are braces; \t, \n, \0 and \\ a tab, a line feed, a
    /// NUL and a backslash. A line feed ends each match. {line} counts lines (as -n does);
    /// {text} is the text of the line the URI is on (see --line-text).
    /// Example: `urisift --format '{line}\t{host}\t{uri}' mail.mbox`.
    #[arg(long, value_name = "TEMPLATE", conflicts_with_all = ["count", "files_with_matches"])]
    format: Option<Template>,

    /// Prefix each URI with the number of the line where it starts, like grep.
    ///
    /// With several files the file name comes first. Example: `urisift -n a.txt b.txt`
    /// prints `a.txt:12:http://a.example/`.
    #[arg(short = 'n', long)]
    line_number: bool,

    /// Print each URI only the first time it is found (across all files).
    ///
    /// Example: `urisift -u access.log | wc -l` counts distinct URIs.
    #[arg(short = 'u', long)]
    unique: bool,

    /// Only URIs with one of these schemes (comma-separated, any case).
    ///
    /// Abbreviated URLs (--abbreviated) have no scheme and are left out by this filter.
    /// Example: `urisift --scheme http,https,ftp mail.mbox`.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    scheme: Vec<String>,

    /// Print every reading of a URI broken after a hyphen, each on its own line.
    ///
    /// RFC 2396 Appendix E: a hyphen at a line break may or may not belong to the URI, so
    /// `<http://www-` / `diglib.stanford.edu/>` gives `http://www-diglib.stanford.edu/`, then
    /// `http://wwwdiglib.stanford.edu/`. Without this option only the first is printed.
    #[arg(long)]
    all_readings: bool,

    /// Report defanged indicators refanged (`hxxps://evil[.]example/` as `https://evil.example/`).
    ///
    /// Without it they are dropped (and listed by --rejected). With --json, such records carry
    /// "refanged": true, and their offsets are those of the text as written.
    /// Example: `urisift --refang threat-report.txt`.
    #[arg(long)]
    refang: bool,

    /// Print each IRI mapped to its URI (RFC 3987 §3.1), as `Match::to_uri` gives it.
    ///
    /// The host in IDNA A-labels, other characters outside ASCII percent-encoded as UTF-8; a URI
    /// (ASCII) is printed as it is. Also what {uri} gives in --format. With --json, records
    /// carry "as_uri" whenever it differs from "uri", with or without this option.
    /// Example: `urisift --to-uri notes.txt`.
    #[arg(long)]
    to_uri: bool,

    /// Also find abbreviated URLs such as `www.w3.org/Addressing/`, printed as written.
    ///
    /// They are validated as if `http://` stood before them (RFC 2396 draft, Appendix F).
    #[arg(long)]
    abbreviated: bool,

    /// The grammar each candidate must be valid under: rfc3986, rfc2396 or rfc1738 (any case).
    ///
    /// Example: `urisift --grammar rfc1738 old-rfcs/*.txt`.
    #[arg(long, value_name = "GRAMMAR", default_value = "rfc3986", ignore_case = true, value_parser = grammar_parser())]
    grammar: Grammar,

    /// Read URIs as RFC 3986 does: no IRIs (nothing outside ASCII) and no brackets outside an
    /// IP literal.
    ///
    /// By default a URI goes on through the Unicode text an IRI allows (RFC 3987) and through
    /// balanced `[...]` or `{...}` after its host. Under --strict a candidate that would need
    /// them is dropped, never cut (--rejected says why). Example: `urisift --strict notes.txt`.
    #[arg(long)]
    strict: bool,

    /// Report each dropped candidate and why the parser rejected it.
    ///
    /// On standard error, or as "rejected" records on standard output with --json. Example:
    /// `urisift --rejected notes.txt` may print
    /// `urisift: notes.txt: byte 120: rejected "http://exa%mple/" (bare): invalid percent-escape at byte 10`.
    #[arg(long)]
    rejected: bool,

    /// Print only how many URIs were found (per file, with its name when names are shown).
    ///
    /// With --json, one "summary" record per input. Example: `urisift -c *.mbox`.
    #[arg(short = 'c', long, conflicts_with = "files_with_matches")]
    count: bool,

    /// Print only the names of the files with at least one URI.
    ///
    /// Each file stops being read at its first URI. Example: `urisift -l -r ~/Mail | wc -l`.
    #[arg(short = 'l', long)]
    files_with_matches: bool,

    /// Print nothing; the exit status says whether a URI was found.
    ///
    /// Stops at the first URI (exit 0 then, even if an input could not be read). Example:
    /// `if urisift -q --scheme https draft.txt; then ...`.
    #[arg(short = 'q', long)]
    quiet: bool,

    /// Stop reading a file after NUM URIs (counted after --scheme and --unique).
    ///
    /// Example: `urisift -m 1 -r ~/Mail` prints the first URI of each message file.
    #[arg(short = 'm', long, value_name = "NUM")]
    pub(crate) max_count: Option<u64>,

    /// Print the file name before each URI (the default with several inputs or -r).
    #[arg(short = 'H', long, overrides_with = "no_filename")]
    with_filename: bool,

    /// Never print file names (the default with one input and no -r).
    ///
    /// Example: `urisift -I *.txt | xargs -n1 xdg-open`.
    #[arg(short = 'I', long, overrides_with = "with_filename")]
    no_filename: bool,

    /// Follow each file name with a NUL byte instead of `:` (or of the line feed with -l).
    ///
    /// For names with any bytes in them: `urisift -l -0 -r . | xargs -0 ls -l`.
    #[arg(short = '0', long)]
    null: bool,

    /// Colour file names, line numbers and URIs: auto, always or never.
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    color: ColorChoice,

    /// Write each line out as soon as it is found (the default when standard output is a
    /// terminal).
    ///
    /// Example: `tail -f mail.log | urisift --line-buffered | while read -r uri; do ...; done`.
    #[arg(long)]
    line_buffered: bool,

    /// Search the files below each directory, as ripgrep does.
    ///
    /// Files and directories named in .gitignore (inside a git repository), .ignore and
    /// .rgignore files are skipped, and so are hidden ones (names starting with `.`), unless
    /// --no-ignore or --hidden. With no FILE, the current directory. Example:
    /// `urisift -r --glob '*.eml' ~/Mail`.
    #[arg(short = 'r', long)]
    recursive: bool,

    /// With -r, also search hidden files and directories.
    #[arg(long, requires = "recursive")]
    hidden: bool,

    /// With -r, do not skip what ignore files (.gitignore, .ignore, .rgignore) name.
    #[arg(long, requires = "recursive")]
    no_ignore: bool,

    /// With -r, only the files whose path below the directory matches GLOB (repeatable; a
    /// leading `!` excludes).
    ///
    /// gitignore syntax: `*.txt`, `!*.log`, `mail/**`. As in ripgrep, a glob that selects a
    /// file overrides ignore files and the hidden rule. Files named on the command line are
    /// always read. Example: `urisift -r -g '*.mbox' -g '!spam*' ~/Mail`.
    #[arg(short = 'g', long, value_name = "GLOB", requires = "recursive")]
    glob: Vec<String>,

    /// Decompress gzip, bzip2, xz and zstd input (files and standard input), recognized by
    /// its first bytes.
    ///
    /// Offsets then count bytes of the decompressed text. Without -z, a compressed input is
    /// read as it is, with a warning. Example: `urisift -z -c /var/log/nginx/access.log.*.gz`.
    #[arg(short = 'z', long)]
    pub(crate) search_zip: bool,

    /// Read files with read calls, never through a memory map.
    ///
    /// A regular file of 1 MiB or more read on one thread (`-j 1`, or output that is line
    /// buffered) is mapped, which saves copying it out of the page cache; with more threads a
    /// large file is cut into ranges, each read with read calls. A mapped file that shrinks
    /// while it is read (a log rotated with `copytruncate`) ends the scan with an error
    /// (SIGBUS), and one rewritten while it is read gives a mix of old and new text, as in
    /// ripgrep; read such files with this option.
    #[arg(long)]
    pub(crate) no_mmap: bool,

    /// The longest URI looked for, in bytes (suffixes K, M, G: 64K, 1M; from 16 to 1G); longer
    /// candidates are skipped with a warning.
    ///
    /// Memory use is bounded by about twice this, however large the input (the pages of a
    /// mapped file, see --no-mmap, which the page cache holds, count as resident).
    #[arg(long, value_name = "SIZE", default_value = "64K", value_parser = parse_size)]
    max_uri_len: usize,

    /// The longest message read as mail, in bytes (suffixes K, M, G; from 1 byte to 4G less 2
    /// bytes; 64M by default).
    ///
    /// Mail is read a message at a time, so memory holds one message of at most this. A
    /// longer message (a large attachment) is read as plain text, without MIME decoding, with
    /// a warning; the messages after it are read as mail. Example: `urisift --mail-message-max
    /// 256M big.mbox`.
    #[arg(long, value_name = "SIZE", default_value = "64M", value_parser = parse_message_max)]
    pub(crate) mail_message_max: usize,

    /// Scan only the byte range START:END of each file: report the URIs whose outer span (the
    /// wrapper included) starts at an offset from START up to, not including, END.
    ///
    /// Offsets count bytes from the start of the file, and so do the offsets printed. END may
    /// be left out (to the end of the file). The text around the range is read as the scan
    /// needs it, so the ranges of any partition of a file, scanned one by one (on as many
    /// machines), report exactly the URIs of the whole file, each once, with the same offsets
    /// and line numbers (-n counts the lines before START by a pass over them). Files only
    /// (not standard input, nor with -z). A file read as mail is cut at its messages: a range
    /// reports the messages whose mbox `From ` line starts in it (reading, at the speed of a
    /// search, the messages before it). Example, two halves of a 1 GB log:
    /// `urisift --range 0:500000000 big.log; urisift --range 500000000: big.log`.
    #[arg(long, value_name = "START:END", value_parser = parse_range)]
    pub(crate) range: Option<std::ops::Range<u64>>,

    /// Scan with NUM threads (default: the number of cores).
    ///
    /// Files are scanned in parallel and a large file in ranges (as --range cuts it), and the
    /// output is the same as with -j 1, in the same order. A mailbox (mbox) on standard input
    /// or decompressed (-z) is cut into runs of whole messages as it is read, each about 1 MiB,
    /// handed on once whole (so a mailbox that trickles in is reported a run at a time); other
    /// text on standard input is read on one thread. --line-buffered output (which a live
    /// input wants), --line-text, {text}, -l and -q scan on one thread.
    #[arg(short = 'j', long, value_name = "NUM", value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,

    /// Do not decode quoted-printable mail bodies.
    ///
    /// By default, after a `Content-Transfer-Encoding: quoted-printable` header, soft line
    /// breaks (`=` at the end of a line) are joined and `=3D` is read as `=`, until the next
    /// MIME boundary or mbox `From ` line, as a mail reader shows the text.
    #[arg(long)]
    no_quoted_printable: bool,

    /// Read every input as mail or news, even one that does not start like it.
    ///
    /// By default an input that starts as mail (an mbox `From ` line, or a header block with
    /// `From:`, `Subject:`, `Received:`, `Newsgroups:`, … and an empty line) is read as a mail
    /// reader shows it: each message of an mbox, every MIME part decoded (base64,
    /// quoted-printable, its charset, format=flowed), the links of HTML parts (`href`, `src`,
    /// `action`, each taken whole) and their visible text, the header fields; attachments
    /// (image/, audio/, video/, application/) and uuencoded blocks are not read. Offsets stay
    /// byte offsets of the input. Mail is read a message at a time; from a message of more
    /// than 64 MiB on, the input is read as plain text (with a warning).
    #[arg(long, overrides_with = "no_mail")]
    mail: bool,

    /// Read every input as plain text, even one that starts like mail.
    #[arg(long, overrides_with = "mail")]
    no_mail: bool,

    /// In mail, read no header field.
    #[arg(long, conflicts_with = "headers")]
    no_headers: bool,

    /// In mail, read only these header fields (comma-separated, any case).
    ///
    /// Example: `urisift --headers List-Unsubscribe,List-Post inbox.mbox`.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    headers: Vec<String>,
}

/// Parses `--max-uri-len` (see [`size`]): the library's range.
fn parse_size(s: &str) -> Result<usize, String> {
    size(s, ExtractorBuilder::MAX_URI_LEN_RANGE, "the longest URI looked for")
}

/// Parses `--mail-message-max` (see [`size`]): the library's range.
fn parse_message_max(s: &str) -> Result<usize, String> {
    size(s, ExtractorBuilder::MAIL_MESSAGE_MAX_RANGE, "the longest message read as mail")
}

/// A number of bytes, with an optional suffix K, M or G (binary multiples, any case, an
/// optional `B` or `iB` after it), in `range`, the range of `what`.
fn size(s: &str, range: std::ops::RangeInclusive<usize>, what: &str) -> Result<usize, String> {
    let lower = s.trim().to_ascii_lowercase();
    let unit = lower.trim_end_matches("ib").trim_end_matches('b');
    let (digits, shift) = match unit.as_bytes().last() {
        Some(b'k') => (&unit[..unit.len() - 1], 10),
        Some(b'm') => (&unit[..unit.len() - 1], 20),
        Some(b'g') => (&unit[..unit.len() - 1], 30),
        _ => (unit, 0),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("`{s}` is not a size (bytes, or a number with K, M or G: 64K, 1M)"))?;
    let (low, high) = (*range.start(), *range.end());
    n.checked_mul(1 << shift)
        .and_then(|b| usize::try_from(b).ok())
        .filter(|b| range.contains(b))
        .ok_or_else(|| format!("{s} is out of range: {what} is from {} to {}", shown(low), shown(high)))
}

/// `bytes` as a size is written: with the largest suffix that divides it.
fn shown(bytes: usize) -> String {
    match bytes {
        1 => "1 byte".to_owned(),
        b if b % (1 << 30) == 0 => format!("{}G", b >> 30),
        b if b % (1 << 20) == 0 => format!("{}M", b >> 20),
        b if b % (1 << 10) == 0 => format!("{}K", b >> 10),
        b => format!("{b} bytes"),
    }
}

impl Args {
    /// Whether lines are counted: for -n, or a template's {line}.
    pub(crate) fn counts_lines(&self) -> bool {
        self.line_number || self.format.as_ref().is_some_and(Template::wants_line)
    }
}

/// Parses `--range START:END` (END may be empty: to the end).
fn parse_range(s: &str) -> Result<std::ops::Range<u64>, String> {
    let (start, end) = s.split_once(':').ok_or_else(|| format!("`{s}` is not START:END (byte offsets)"))?;
    let number =
        |n: &str| n.trim().parse::<u64>().map_err(|_| format!("`{n}` in `{s}` is not a byte offset"));
    let start = number(start)?;
    let end = if end.trim().is_empty() { u64::MAX } else { number(end)? };
    if end < start {
        return Err(format!("the range {s} ends before it starts"));
    }
    Ok(start..end)
}

/// What each match turns into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The URI on its line, with the file name and line number when asked.
    Lines,
    Json,
    Format,
    Count,
    FilesWithMatches,
    Quiet,
}

/// ANSI colours, as ripgrep's defaults: file names magenta, line numbers green, matches bold
/// red.
struct Colors {
    file: &'static [u8],
    line: &'static [u8],
    uri: &'static [u8],
    reset: &'static [u8],
}

const COLORS: Colors = Colors {
    file: b"\x1b[0m\x1b[35m",
    line: b"\x1b[0m\x1b[32m",
    uri: b"\x1b[0m\x1b[1m\x1b[31m",
    reset: b"\x1b[0m",
};
const NO_COLORS: Colors = Colors { file: b"", line: b"", uri: b"", reset: b"" };

/// What the loop over the inputs carries.
pub(crate) struct Run<'a, W: Write> {
    pub(crate) args: &'a Args,
    mode: Mode,
    out: W,
    seen: HashSet<Box<[u8]>>,
    /// The record being written (reused from match to match).
    buf: Vec<u8>,
    /// Whether `--scheme` or `--unique` may drop a match (see [`Run::keep`]).
    filters: bool,
    with_filename: bool,
    line_buffered: bool,
    colors: &'static Colors,
    schemes: Vec<String>,
    /// The input's name as JSON, or as printed before a URI (coloured, with its separator).
    prefix: Vec<u8>,
    /// Whether matches are printed with the text of their line (`--line-text`, `{text}`).
    wants_text: bool,
    /// The recent bytes of the input being read, when `wants_text`.
    context: Option<Rc<RefCell<Context>>>,
}

/// Whether an input is to be read on after an event.
pub(crate) enum Flow {
    Go,
    /// Its last event that matters was seen (`-l`, `-q`, `-m`).
    Enough,
}

/// The warning for a compressed input read as it is (without -z).
pub(crate) fn warn_compressed(name: &str, c: Compression) {
    complain(format_args!(
        "{name}: warning: {} compressed data, read as it is (use -z to decompress)",
        c.name()
    ));
}

/// The warning for `count` messages too long to be read as mail
/// (`urisift::ExtractorBuilder::mail_message_max`), the first at input offset `at`, read as
/// plain text.
pub(crate) fn warn_long_messages(name: &str, at: u64, count: u64, bound: usize) {
    match count {
        0 | 1 => complain(format_args!(
            "{name}: warning: the message at byte {at} is longer than {bound} bytes \
             (--mail-message-max): it is read as plain text, without MIME decoding"
        )),
        _ => complain(format_args!(
            "{name}: warning: {count} messages are longer than {bound} bytes \
             (--mail-message-max), the first at byte {at}: they are read as plain text, \
             without MIME decoding"
        )),
    }
}

/// The warning for an input that starts with a UTF-16 byte order mark, given its first two
/// bytes.
pub(crate) fn warn_utf16(name: &str, head: &[u8]) {
    if matches!(head, [0xff, 0xfe] | [0xfe, 0xff]) {
        complain(format_args!(
            "{name}: warning: starts with a UTF-16 byte order mark; URIs are looked for in \
             ASCII-compatible text (transcode first, e.g. `iconv -f UTF-16 -t UTF-8`)"
        ));
    }
}

/// A decoder's error on corrupt data, naming the format.
pub(crate) fn name_decoder(e: io::Error, decompressed: Option<Compression>) -> io::Error {
    match decompressed {
        Some(c) => io::Error::new(e.kind(), format!("{}: {e}", c.name())),
        None => e,
    }
}

/// Opens a file to scan a range of (`--range`, and the ranges of `-j`): a file that can seek,
/// and not decompressed (its offsets would be those of the decompressed text). A compressed
/// file read as it is comes with its compression, for the warning.
pub(crate) fn open_for_range(input: &Input, decompress: bool) -> io::Result<(File, Option<Compression>)> {
    let Input::File(path) = input else {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "--range reads files, not standard input"));
    };
    let (_, compression) = input::open(input, false)?;
    if let Some(c) = compression.filter(|_| decompress) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("--range cannot seek in {} compressed data (decompress it first)", c.name()),
        ));
    }
    Ok((File::open(path)?, compression))
}

/// Why scanning an input stopped early.
pub(crate) enum Stop {
    /// Standard output is gone (a closed pipe) or failed: stop everything. Carries whether a
    /// URI was found in this input before.
    Output(io::Error, bool),
    /// The input could not be read: report it and go on with the next.
    Input(io::Error),
}

/// The exit status section of `--help`.
pub const EXIT_STATUS: &str = "\
Exit status:
  0  a URI was found (extraction), every input was valid (check, resolve, normalize)
  1  no URI was found, or an input was invalid
  2  an error: a file or directory that could not be read, a usage error; with -q, a URI found \
still gives 0

A closed standard output (urisift ... | head -1) ends urisift quietly, with 0 when a URI was found.";

pub fn run(args: Args) -> ExitCode {
    let mut builder = ExtractorBuilder::new();
    let wants_line = args.format.as_ref().is_some_and(Template::wants_line);
    // Only JSON records and a template's `{found}` and `{link_text}` read a match's origin.
    let wants_origin = args.json || args.format.as_ref().is_some_and(Template::wants_origin);
    builder
        .grammar(args.grammar)
        .strict(args.strict)
        .max_uri_len(args.max_uri_len)
        .mail_message_max(args.mail_message_max)
        .abbreviated(args.abbreviated)
        .refang(args.refang)
        .report_rejected(args.rejected)
        .quoted_printable(!args.no_quoted_printable)
        .mail(if args.mail {
            MailMode::On
        } else if args.no_mail {
            MailMode::Off
        } else {
            MailMode::Auto
        })
        .line_numbers(args.line_number || wants_line)
        .origins(wants_origin);
    if args.no_headers || !args.headers.is_empty() {
        builder.mail_headers(Some(&args.headers));
    }
    let finder = builder.build();
    let mode = if args.quiet {
        Mode::Quiet
    } else if args.files_with_matches {
        Mode::FilesWithMatches
    } else if args.count {
        Mode::Count
    } else if args.json {
        Mode::Json
    } else if args.format.is_some() {
        Mode::Format
    } else {
        Mode::Lines
    };
    let mut paths = args.files.clone();
    if paths.is_empty() {
        paths.push(PathBuf::from(if args.recursive { "." } else { "-" }));
    }
    let walk = input::Walk {
        recursive: args.recursive,
        hidden: args.hidden,
        no_ignore: args.no_ignore,
        globs: args.glob.clone(),
    };
    let stdout = io::stdout();
    let terminal = stdout.is_terminal();
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            terminal
                && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let mut run = Run {
        args: &args,
        mode,
        // 64 KiB rather than the default 8: URI-dense input gives about as many bytes out as in,
        // and a write call per 8 KiB was a few percent of the time when the output is a file.
        out: BufWriter::with_capacity(OUTPUT_BUFFER, stdout.lock()),
        seen: HashSet::new(),
        buf: Vec::new(),
        filters: !args.scheme.is_empty() || args.unique,
        // As ripgrep: names are shown when more than one path is given or a directory is
        // walked, unless -H or -I says otherwise.
        with_filename: if args.with_filename {
            true
        } else if args.no_filename {
            false
        } else {
            paths.len() > 1 || args.recursive
        },
        line_buffered: args.line_buffered || terminal,
        colors: if color { &COLORS } else { &NO_COLORS },
        schemes: args.scheme.iter().map(|s| s.to_ascii_lowercase()).collect(),
        prefix: Vec::new(),
        wants_text: (mode == Mode::Json && args.line_text)
            || args.format.as_ref().is_some_and(Template::wants_text),
        context: None,
    };
    let (mut found, mut failed) = (false, false);
    let mut ended: Option<ExitCode> = None;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |n| n as usize,
    );
    // More than one thread for what has no latency to keep (a live input, a terminal) and
    // whose events are all taken.
    let parallel = threads > 1
        && matches!(mode, Mode::Lines | Mode::Json | Mode::Format | Mode::Count)
        && !run.wants_text
        && !run.line_buffered;
    let mut listed_all = Vec::new();
    if parallel {
        input::list(&paths, &walk, |listed| {
            listed_all.push(listed);
            true
        });
        // About how far before a range its scan starts (the library's warm-up, at least).
        let reach = args.max_uri_len as u64 + 4096;
        if parallel::worth_it(&listed_all, reach, args.range.is_some()) {
            // Line numbers need the line feeds before each range, counted; without them a
            // range's prefix is guessed and checked at its seam (see `parallel`).
            let count_prefix = args.line_number || wants_line;
            let (any, bad, out_error) =
                parallel::scan_all(&mut run, &finder, listed_all, threads, reach, count_prefix);
            if let Some(e) = out_error {
                return output_failed(e, any);
            }
            (found, failed) = (any, bad);
            listed_all = Vec::new();
        }
    }
    let mut scan_one = |listed: Result<Input, input::InputError>| {
        let input = match listed {
            Ok(input) => input,
            Err(e) => {
                complain(format_args!("{}: {}", e.name, e.error));
                failed = true;
                return true;
            }
        };
        match run.scan(&input, &finder) {
            Ok(n) => found |= n > 0,
            Err(Stop::Input(e)) => {
                complain(format_args!("{}: {e}", input.display()));
                failed = true;
            }
            Err(Stop::Output(e, here)) => {
                ended = Some(output_failed(e, found || here));
                return false;
            }
        }
        // -q: the first URI decides.
        !(found && run.mode == Mode::Quiet)
    };
    if parallel {
        for listed in listed_all {
            if !scan_one(listed) {
                break;
            }
        }
    } else {
        input::list(&paths, &walk, scan_one);
    }
    if let Some(code) = ended {
        return code;
    }
    if let Err(e) = run.out.flush() {
        return output_failed(e, found);
    }
    ExitCode::from(if found && (run.mode == Mode::Quiet || !failed) {
        0
    } else if failed {
        2
    } else {
        1
    })
}

/// A closed pipe (`urisift … | head`) ends quietly; another output error is reported.
fn output_failed(e: io::Error, found: bool) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::from(if found { 0 } else { 1 });
    }
    complain(format_args!("cannot write output: {e}"));
    ExitCode::from(2)
}

/// A reader that remembers the first two bytes it passed on, to recognize a byte order mark
/// without holding back any input.
pub(crate) struct Sniff<R> {
    pub(crate) inner: R,
    pub(crate) head: [u8; 2],
    pub(crate) seen: usize,
}

impl<R: Read> Read for Sniff<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        for &b in buf.get(..n).unwrap_or_default().iter().take(2 - self.seen) {
            self.head[self.seen] = b;
            self.seen += 1;
        }
        Ok(n)
    }
}

/// What a worker thread of `-j` needs to render matches as the main thread does.
#[derive(Clone, Copy)]
pub(crate) struct Look {
    mode: Mode,
    with_filename: bool,
    colors: &'static Colors,
}

impl<'a, W: Write> Run<'a, W> {
    /// What [`Run::renderer`] needs, to send to a worker.
    pub(crate) fn look(&self) -> Look {
        Look { mode: self.mode, with_filename: self.with_filename, colors: self.colors }
    }

    /// Whether a worker may render the matches of an input itself ([`Run::renderer`]): when no
    /// state crosses from one match to the next (`--unique`, `--max-count`).
    pub(crate) fn renders_anywhere(&self) -> bool {
        !self.args.unique && self.args.max_count.is_none()
    }
}

impl<'a> Run<'a, Vec<u8>> {
    /// A run that writes what `look` says into a buffer, for a worker of `-j`: the same
    /// records, byte for byte, as the main thread writes for the same matches.
    pub(crate) fn renderer(args: &'a Args, look: Look) -> Self {
        Run {
            args,
            mode: look.mode,
            out: Vec::new(),
            seen: HashSet::new(),
            buf: Vec::new(),
            filters: !args.scheme.is_empty(),
            with_filename: look.with_filename,
            line_buffered: false,
            colors: look.colors,
            schemes: args.scheme.iter().map(|s| s.to_ascii_lowercase()).collect(),
            prefix: Vec::new(),
            wants_text: false,
            context: None,
        }
    }

    /// How many bytes are written and not taken yet.
    pub(crate) fn rendered_len(&self) -> usize {
        self.out.len()
    }

    /// The bytes written so far, taken.
    pub(crate) fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }
}

impl<W: Write> Run<'_, W> {
    /// Writes bytes a worker rendered.
    pub(crate) fn write_rendered(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)
    }

    /// Scans one input; returns how many URIs were reported.
    fn scan(&mut self, input: &Input, finder: &UriFinder) -> Result<u64, Stop> {
        let name = input.display();
        if self.args.max_count == Some(0) {
            return Ok(0);
        }
        if let Some(range) = &self.args.range {
            return self.scan_range(input, finder, range.clone());
        }
        if let Some(mapped) = self.mapped(input).map_err(Stop::Input)? {
            return self.scan_mapped(input, finder, &mapped);
        }
        let (reader, compression) = input::open(input, self.args.search_zip).map_err(Stop::Input)?;
        if let Some(c) = compression.filter(|_| !self.args.search_zip) {
            warn_compressed(&name, c);
        }
        self.set_prefix(input).map_err(Stop::Input)?;
        let reader: Box<dyn Read> = if self.wants_text {
            // Mail is read whole before its first match: the context keeps as much.
            let behind = if self.args.no_mail { self.args.max_uri_len } else { self.args.mail_message_max };
            let context = Context::new(reader, behind);
            self.context = Some(Rc::clone(&context));
            Box::new(ContextReader(context))
        } else {
            reader
        };
        let mut extractor = finder.reader(Sniff { inner: reader, head: [0; 2], seen: 0 });
        let mut counts = Counts::default();
        let decompressed = compression.filter(|_| self.args.search_zip);
        self.drain(&mut extractor, &mut counts, &name, decompressed)?;
        // urisift reads bytes, and UTF-16 text has a NUL in every ASCII character, which ends
        // any URI: say why such a file gives nothing rather than stay silent.
        let sniff = extractor.get_ref();
        if sniff.seen == 2 {
            warn_utf16(&name, &sniff.head);
        }
        if let Some(at) = extractor.plain_from() {
            warn_long_messages(&name, at, extractor.long_messages(), self.args.mail_message_max);
        }
        let found = counts.matches > 0;
        self.finish_input(input, counts).map_err(|e| Stop::Output(e, found))?;
        Ok(counts.matches)
    }

    /// The input mapped ([`mapped::map`]), when it is a large file that is read as it is: not
    /// with `--no-mmap`, nor when lines are printed with their text (which reads a stream),
    /// nor when it is compressed (decompressed with `-z`, or read raw with a warning, by the
    /// stream's path).
    fn mapped(&self, input: &Input) -> io::Result<Option<mapped::Mapped>> {
        let Input::File(path) = input else { return Ok(None) };
        if self.args.no_mmap || self.wants_text {
            return Ok(None);
        }
        let Some(map) = mapped::map(&File::open(path)?)? else { return Ok(None) };
        Ok(Compression::recognize(&map[..map.len().min(16)]).is_none().then_some(map))
    }

    /// [`Run::scan`] over the bytes of a mapped input, read in place.
    fn scan_mapped(&mut self, input: &Input, finder: &UriFinder, bytes: &[u8]) -> Result<u64, Stop> {
        let name = input.display();
        self.set_prefix(input).map_err(Stop::Input)?;
        let mut events = finder.slice(bytes);
        let mut counts = Counts::default();
        let max_count = self.args.max_count.unwrap_or(u64::MAX);
        while let Some(event) = events.next_event_ref() {
            if let Flow::Enough = self.handle(event, &mut counts, &name, max_count)? {
                break;
            }
        }
        warn_utf16(&name, &bytes[..bytes.len().min(2)]);
        if let Some(at) = events.plain_from() {
            warn_long_messages(&name, at, events.long_messages(), self.args.mail_message_max);
        }
        let found = counts.matches > 0;
        self.finish_input(input, counts).map_err(|e| Stop::Output(e, found))?;
        Ok(counts.matches)
    }

    /// Scans the byte range `range` of one file (`--range`); returns how many URIs were
    /// reported.
    fn scan_range(&mut self, input: &Input, finder: &UriFinder, range: Range<u64>) -> Result<u64, Stop> {
        let name = input.display();
        let (file, compression) = open_for_range(input, self.args.search_zip).map_err(Stop::Input)?;
        if let Some(c) = compression {
            warn_compressed(&name, c);
        }
        self.set_prefix(input).map_err(Stop::Input)?;
        let mut extractor = finder.reader_range(file, range).map_err(Stop::Input)?;
        let mut counts = Counts::default();
        self.drain(&mut extractor, &mut counts, &name, None)?;
        if let Some(at) = extractor.plain_from() {
            warn_long_messages(&name, at, extractor.long_messages(), self.args.mail_message_max);
        }
        let found = counts.matches > 0;
        self.finish_input(input, counts).map_err(|e| Stop::Output(e, found))?;
        Ok(counts.matches)
    }

    /// Takes the events of `extractor` until it ends or `handle` says stop. `decompressed` is
    /// the format being decompressed, named in the messages of its errors.
    fn drain<R: Read>(
        &mut self,
        extractor: &mut urisift::Extractor<R>,
        counts: &mut Counts,
        name: &str,
        decompressed: Option<Compression>,
    ) -> Result<(), Stop> {
        let max_count = self.args.max_count.unwrap_or(u64::MAX);
        // Each event is looked at where it lies in the extractor, not moved out of it.
        while let Some(event) = extractor.next_event_ref() {
            let event = event.map_err(|e| Stop::Input(name_decoder(e, decompressed)))?;
            if let Flow::Enough = self.handle(event, counts, name, max_count)? {
                break;
            }
        }
        Ok(())
    }

    /// Reports one event of the input `name`, counting it in `counts`; [`Flow::Enough`] once
    /// the input needs no more (`-l`, `-q`, `-m`).
    #[inline(always)]
    pub(crate) fn handle(
        &mut self,
        event: &Event,
        counts: &mut Counts,
        name: &str,
        max_count: u64,
    ) -> Result<Flow, Stop> {
        let found = counts.matches > 0;
        match event {
            // Without filters no call per match (about 1% of the time on URI-dense text).
            Event::Match(m) if !self.filters || self.keep(m) => {
                counts.matches += 1;
                match self.mode {
                    Mode::Lines | Mode::Json | Mode::Format => {
                        self.print(m).map_err(|e| Stop::Output(e, true))?;
                    }
                    Mode::Count => {}
                    Mode::FilesWithMatches | Mode::Quiet => return Ok(Flow::Enough),
                }
                if counts.matches >= max_count {
                    return Ok(Flow::Enough);
                }
            }
            Event::Rejected(r) => {
                counts.rejected += 1;
                if self.mode == Mode::Json {
                    self.buf.clear();
                    json::rejected_record(&mut self.buf, r, &self.prefix)
                        .and_then(|()| self.emit())
                        .map_err(|e| Stop::Output(e, found))?;
                } else if self.mode != Mode::Quiet {
                    complain(format_args!(
                        "{name}: byte {}: rejected {:?} ({}): {}",
                        r.span().start,
                        r.text(),
                        r.delimiter(),
                        r.error()
                    ));
                }
            }
            Event::Overlong(o) => {
                counts.overlong += 1;
                if self.mode == Mode::Json {
                    self.buf.clear();
                    json::overlong_record(&mut self.buf, o, &self.prefix, self.args.max_uri_len);
                    self.emit().map_err(|e| Stop::Output(e, found))?;
                } else if self.mode != Mode::Quiet {
                    complain(format_args!(
                        "{name}: warning: a URI candidate starting at byte {} is longer than {} bytes; skipped (see --max-uri-len)",
                        o.span().start,
                        self.args.max_uri_len
                    ));
                }
            }
            _ => {}
        }
        Ok(Flow::Go)
    }

    /// Sets the prefix of the input's lines: its name as JSON with --json, as raw bytes with
    /// --format, else the name as printed before each URI, or nothing when names are not shown.
    pub(crate) fn set_prefix(&mut self, input: &Input) -> io::Result<()> {
        self.prefix.clear();
        if self.mode == Mode::Json {
            return json::push_name(&mut self.prefix, input.name_str(), input.name_bytes());
        }
        if self.mode == Mode::Format {
            self.prefix.extend_from_slice(input.name_bytes());
            return Ok(());
        }
        if self.with_filename && self.mode == Mode::Lines {
            let c = self.colors;
            self.prefix.extend_from_slice(c.file);
            self.prefix.extend_from_slice(input.name_bytes());
            self.prefix.extend_from_slice(c.reset);
            self.prefix.push(if self.args.null { b'\0' } else { b':' });
        }
        Ok(())
    }

    /// The output at the end of an input: its count with -c, its name with -l.
    pub(crate) fn finish_input(&mut self, input: &Input, counts: Counts) -> io::Result<()> {
        let c = self.colors;
        self.buf.clear();
        match self.mode {
            Mode::Count if self.args.json => {
                let mut name = Vec::new();
                json::push_name(&mut name, input.name_str(), input.name_bytes())?;
                json::summary_record(&mut self.buf, &name, counts);
            }
            Mode::Count => {
                if self.with_filename {
                    self.buf.extend_from_slice(c.file);
                    self.buf.extend_from_slice(input.name_bytes());
                    self.buf.extend_from_slice(c.reset);
                    self.buf.push(if self.args.null { b'\0' } else { b':' });
                }
                serde_json::to_writer(&mut self.buf, &counts.matches).map_err(io::Error::from)?;
                self.buf.push(b'\n');
            }
            Mode::FilesWithMatches if counts.matches > 0 => {
                self.buf.extend_from_slice(c.file);
                self.buf.extend_from_slice(input.name_bytes());
                self.buf.extend_from_slice(c.reset);
                self.buf.push(if self.args.null { b'\0' } else { b'\n' });
            }
            _ => return Ok(()),
        }
        self.emit()
    }

    /// Writes out `self.buf`, and flushes when line-buffered.
    fn emit(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        if self.line_buffered {
            self.out.flush()?;
        }
        Ok(())
    }

    /// Applies `--scheme` and `--unique`.
    fn keep(&mut self, m: &Match) -> bool {
        if !self.schemes.is_empty() && !self.schemes.iter().any(|s| s.eq_ignore_ascii_case(m.scheme())) {
            return false;
        }
        // A URI seen before (most of them, in a log) is looked up without being copied.
        !self.args.unique || (!self.seen.contains(m.uri_bytes()) && self.seen.insert(m.uri_bytes().into()))
    }

    fn print(&mut self, m: &Match) -> io::Result<()> {
        let text = match &self.context {
            Some(context) => Some(context.borrow_mut().line(m.span())?),
            None => None,
        };
        if self.mode == Mode::Json {
            self.buf.clear();
            json::match_record(&mut self.buf, m, &self.prefix, text.as_deref())?;
            return self.emit();
        }
        let second = if self.args.all_readings { m.alternate() } else { None };
        // `--to-uri`: each reading mapped to its URI (RFC 3987 §3.1); a URI stays borrowed.
        let readings: Vec<std::borrow::Cow<'_, str>> = if self.args.to_uri {
            core::iter::once(m.uri()).chain(second).map(urisift::uri::iri_to_uri).collect()
        } else {
            Vec::new()
        };
        if let Some(template) = &self.args.format {
            self.buf.clear();
            // The prefix is the name as {file} gives it: raw bytes, uncoloured.
            let plain = core::iter::once(m.uri()).chain(second);
            let all: Vec<&str> = if self.args.to_uri {
                readings.iter().map(|r| r.as_ref()).collect()
            } else {
                plain.collect()
            };
            for reading in all {
                template.render(&mut self.buf, m, reading, &self.prefix, text.as_deref().unwrap_or_default());
            }
            return self.emit();
        }
        let c = self.colors;
        let (first, second): (&[u8], Option<&[u8]>) = match readings.as_slice() {
            [first, rest @ ..] => (first.as_bytes(), rest.first().map(|r| r.as_bytes())),
            [] => (m.uri_bytes(), second.map(str::as_bytes)),
        };
        for reading in core::iter::once(first).chain(second) {
            // Plain bytes rather than `writeln!`: the formatting machinery was an eighth of the
            // time on URI-dense input.
            self.out.write_all(&self.prefix)?;
            if let Some(line) = m.line() {
                self.out.write_all(c.line)?;
                // serde_json writes numbers with `itoa`: no allocation per match.
                serde_json::to_writer(&mut self.out, &line).map_err(io::Error::from)?;
                self.out.write_all(c.reset)?;
                self.out.write_all(b":")?;
            }
            if c.uri.is_empty() {
                self.out.write_all(reading)?;
            } else {
                self.out.write_all(c.uri)?;
                self.out.write_all(reading)?;
                self.out.write_all(c.reset)?;
            }
            self.out.write_all(b"\n")?;
        }
        if self.line_buffered {
            self.out.flush()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_suffixes_and_stay_in_range() {
        assert_eq!(parse_size("16"), Ok(16));
        assert_eq!(parse_size("64K"), Ok(65536));
        assert_eq!(parse_size("64k"), Ok(65536));
        assert_eq!(parse_size("64KiB"), Ok(65536));
        assert_eq!(parse_size("1M"), Ok(1 << 20));
        assert_eq!(parse_size("1G"), Ok(1 << 30));
        for bad in ["0", "15", "2G", "1025M", "", "K", "-1", "1.5K", "1T", "18446744073709551615G"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_size("8"),
            Err("8 is out of range: the longest URI looked for is from 16 bytes to 1G".into())
        );
    }

    /// The library's range of message bounds, no other (issue 37 item 8: Python took 2**40,
    /// which the library cut to 4G silently, where the command line refused it).
    #[test]
    fn message_bounds_are_the_librarys() {
        assert_eq!(parse_message_max("1"), Ok(1));
        assert_eq!(parse_message_max("64M"), Ok(urisift::MAIL_MAX));
        assert_eq!(parse_message_max("4294967294"), Ok(u32::MAX as usize - 1));
        for bad in ["0", "4G", "4294967295", "5G"] {
            assert_eq!(
                parse_message_max(bad),
                Err(format!(
                    "{bad} is out of range: the longest message read as mail is from 1 byte to 4294967294 bytes"
                ))
            );
        }
    }
}
