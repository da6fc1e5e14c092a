//! The arguments of extraction (`urisift [OPTIONS] [FILE]...`): the options, their help texts,
//! and the parsers of their values (sizes, byte ranges, grammars).

use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser as _, ValueParser};
use urisift::ExtractorBuilder;
use urisift::uri::Grammar;

use crate::input::{MEMORY_DEFAULT, MEMORY_RANGE};
use crate::template::Template;

/// When to colour the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ColorChoice {
    /// When standard output is a terminal, `TERM` is not `dumb` and `NO_COLOR` is not set.
    Auto,
    /// Always, even into a pipe (`urisift --color always -n mail | less -R`).
    Always,
    /// Never.
    Never,
}

/// Arguments of extraction (the default mode).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Files to scan; standard input when none, or for `-`.
    ///
    /// Standard input is named `<stdin>` in output and messages. A directory is an error
    /// without -r. Example: `urisift inbox.mbox access.log`, `zcat spool.gz | urisift`.
    #[arg(value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,

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
    pub(crate) json: bool,

    /// With --json, add the text of the line each URI is on ("text"), for a picker.
    ///
    /// From the start of the line where the URI starts to the end of the line where it ends,
    /// at most 256 bytes either side of it, line breaks shown as spaces (source bytes, before
    /// quoted-printable decoding). In --format it is {text}. Example:
    /// `urisift --json --line-text mail.mbox | jq -r '.text'`.
    #[arg(long, requires = "json")]
    pub(crate) line_text: bool,

    /// Print each match by a template instead of the bare URI.
    ///
    /// Placeholders: {uri} {text} {file} {line} {start} {end} {outer_start} {outer_end}
    /// {member_offset} (with -z, the offset of the gzip member found in, the first of its
    /// run; empty otherwise)
    /// {delimiter} {scheme} {authority} {userinfo} {host} {port} {path} {query} {fragment}
    /// {found} {link_text} (empty when undefined; these two for mail read as mail: where in
    /// the message, and the text of the HTML link); {domain} (the host's registrable domain by
    /// the public suffix list, in A-labels), {host_unicode} (the Unicode form of a host with an
    /// `xn--` label), {flags} (comma-separated, see --flag), {outer} (with --nested, for a URI
    /// found inside another: the index of that one among the file's printed matches, from 0;
    /// empty otherwise); {{ and }} are braces; \t, \n, \0 and \\ a tab, a line feed, a
    /// NUL and a backslash. A line feed ends each match. {line} counts lines (as -n does);
    /// {text} is the text of the line the URI is on (see --line-text). A control character
    /// that {text}, {file}, {link_text} or {found} takes from the input is written as its
    /// escape (`\t`, `\u{1b}`), so that it cannot drive the terminal nor break a line; --json
    /// gives them exactly. Example: `urisift --format '{line}\t{host}\t{uri}' mail.mbox`.
    #[arg(long, value_name = "TEMPLATE", conflicts_with_all = ["count", "files_with_matches"])]
    pub(crate) format: Option<Template>,

    /// Prefix each URI with the number of the line where it starts, like grep.
    ///
    /// With several files the file name comes first. Example: `urisift -n a.txt b.txt`
    /// prints `a.txt:12:http://a.example/`.
    #[arg(short = 'n', long)]
    pub(crate) line_number: bool,

    /// Print each URI only the first time it is found (across all files).
    ///
    /// Example: `urisift -u access.log | wc -l` counts distinct URIs.
    #[arg(short = 'u', long)]
    pub(crate) unique: bool,

    /// Only URIs with one of these schemes (comma-separated, any case).
    ///
    /// Abbreviated URLs (--abbreviated) have no scheme and are left out by this filter.
    /// Example: `urisift --scheme http,https,ftp mail.mbox`.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub(crate) scheme: Vec<String>,

    /// Only URIs that carry this flag; repeated, those that carry any of the flags given.
    ///
    /// Flags say what a reader deciding whether to trust a link should know: punycode (an
    /// `xn--` label), mixed-script and confusable (a look-alike host label, Unicode TR 39),
    /// userinfo (credentials before the host, `http://www.paypal.com@evil.example/`), ip-host,
    /// numeric-ip (an IPv4 host not written as four dotted decimals), nested (found inside
    /// another URI, with --nested), refanged (read with --refang). They are the "flags" of --json and {flags} of --format.
    /// `--flag numeric-ip` also reports the hosts browsers read as IPv4 addresses
    /// (`http://3232235777/`), which are otherwise no host a reader would click.
    /// Example: `urisift --flag mixed-script --flag confusable inbox.mbox`.
    #[arg(long = "flag", value_name = "NAME", value_parser = flag_parser())]
    pub(crate) flag: Vec<urisift::Flag>,

    /// Print every reading of a URI broken after a hyphen, each on its own line.
    ///
    /// RFC 2396 Appendix E: a hyphen at a line break may or may not belong to the URI, so
    /// `<http://www-` / `diglib.stanford.edu/>` gives `http://www-diglib.stanford.edu/`, then
    /// `http://wwwdiglib.stanford.edu/`. Without this option only the first is printed.
    #[arg(long)]
    pub(crate) all_readings: bool,

    /// Report defanged indicators refanged (`hxxps://evil[.]example/` as `https://evil.example/`).
    ///
    /// Styles read: hxxp, hXXp, h**p, fxp; [.] (.) {.} [dot] (dot); [:] [://] :\/\/; [/] [@];
    /// a host spaced out around its dots (`https://evil . example/x`).
    /// Without it they are dropped (and listed by --rejected). With --json, such records carry
    /// "refanged": true, and their offsets are those of the text as written.
    /// Example: `urisift --refang threat-report.txt`.
    #[arg(long)]
    pub(crate) refang: bool,

    /// Also report each URI found inside another, right after it (recursively, 4 deep).
    ///
    /// A query value that is a URI once percent-decoded (`?url=https%3A%2F%2Fevil.example%2F`,
    /// `?q=https://…`), the URL a known rewriter wraps in its own encoding (Outlook Safe Links,
    /// Proofpoint URL Defense v1–v3, Google and Facebook redirects), a URI in a `mailto:`'s
    /// subject or body. Such a match has the delimiter "nested" and the flag nested; with
    /// --json, "found": "nested" and "outer", the index of its outer match among the file's
    /// match records (null when that one was not written: --scheme, --flag, --unique); {outer}
    /// in --format. Its offsets are those of its encoded text inside the outer match.
    /// Example: `urisift --nested --json phish.eml`.
    #[arg(long)]
    pub(crate) nested: bool,

    /// Print each IRI mapped to its URI (RFC 3987 §3.1), as `Match::to_uri` gives it.
    ///
    /// The host in IDNA A-labels, other characters outside ASCII percent-encoded as UTF-8; a URI
    /// (ASCII) is printed as it is. Also what {uri} gives in --format. With --json, records
    /// carry "as_uri" whenever it differs from "uri", with or without this option.
    /// Example: `urisift --to-uri notes.txt`.
    #[arg(long)]
    pub(crate) to_uri: bool,

    /// Also find abbreviated URLs such as `www.w3.org/Addressing/`, printed as written.
    ///
    /// They are validated as if `http://` stood before them (RFC 2396 draft, Appendix F).
    #[arg(long)]
    pub(crate) abbreviated: bool,

    /// The grammar each candidate must be valid under: rfc3986, rfc2396 or rfc1738 (any case).
    ///
    /// Example: `urisift --grammar rfc1738 old-rfcs/*.txt`.
    #[arg(long, value_name = "GRAMMAR", default_value = "rfc3986", ignore_case = true, value_parser = grammar_parser())]
    pub(crate) grammar: Grammar,

    /// Read URIs as RFC 3986 does: no IRIs (nothing outside ASCII) and no brackets outside an
    /// IP literal; mailto by RFC 6068.
    ///
    /// By default a URI goes on through the Unicode text an IRI allows (RFC 3987) and through
    /// balanced `[...]` or `{...}` after its host, and a mailto is read as mail clients send it
    /// (its query by the generic syntax: `?subject=a/b`, `?&cc=...`). Under --strict a
    /// candidate that would need them is dropped, never cut (--rejected says why), and a
    /// mailto's query must be RFC 6068's header fields. Example: `urisift --strict notes.txt`.
    #[arg(long)]
    pub(crate) strict: bool,

    /// Report each dropped candidate and why the parser rejected it.
    ///
    /// On standard error, or as "rejected" records on standard output with --json. Example:
    /// `urisift --rejected notes.txt` may print
    /// `urisift: notes.txt: byte 120: rejected "http://exa%mple/" (bare): invalid percent-escape at byte 10`.
    #[arg(long)]
    pub(crate) rejected: bool,

    /// Print only how many URIs were found (per file, with its name when names are shown).
    ///
    /// With --json, one "summary" record per input. Example: `urisift -c *.mbox`.
    #[arg(short = 'c', long, conflicts_with = "files_with_matches")]
    pub(crate) count: bool,

    /// Print only the names of the files with at least one URI.
    ///
    /// Each file stops being read at its first URI. Example: `urisift -l -r ~/Mail | wc -l`.
    #[arg(short = 'l', long)]
    pub(crate) files_with_matches: bool,

    /// Print nothing; the exit status says whether a URI was found.
    ///
    /// Stops at the first URI (exit 0 then, even if an input could not be read). Example:
    /// `if urisift -q --scheme https draft.txt; then ...`.
    #[arg(short = 'q', long)]
    pub(crate) quiet: bool,

    /// Stop reading a file after NUM URIs (counted after --scheme, --flag and --unique).
    ///
    /// Example: `urisift -m 1 -r ~/Mail` prints the first URI of each message file.
    #[arg(short = 'm', long, value_name = "NUM", allow_negative_numbers = true, value_parser = parse_max_count)]
    pub(crate) max_count: Option<u64>,

    /// Print the file name before each URI (the default with several inputs or -r).
    #[arg(short = 'H', long, overrides_with = "no_filename")]
    pub(crate) with_filename: bool,

    /// Never print file names (the default with one input and no -r).
    ///
    /// Example: `urisift -I *.txt | xargs -n1 xdg-open`.
    #[arg(short = 'I', long, overrides_with = "with_filename")]
    pub(crate) no_filename: bool,

    /// Follow each file name with a NUL byte instead of `:` (or of the line feed with -l).
    ///
    /// The name is then written exactly as the system gives it, for names with any bytes in
    /// them: `urisift -l -0 -r . | xargs -0 ls -l`. Without -0, a control character in a name
    /// is written as its escape (`\n`, `\u{1b}`).
    #[arg(short = '0', long)]
    pub(crate) null: bool,

    /// Colour file names, line numbers and URIs: auto, always or never.
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    pub(crate) color: ColorChoice,

    /// Write each line out as soon as it is found (the default when standard output is a
    /// terminal).
    ///
    /// Example: `tail -f mail.log | urisift --line-buffered | while read -r uri; do ...; done`.
    #[arg(long)]
    pub(crate) line_buffered: bool,

    /// Search the files below each directory, as ripgrep does.
    ///
    /// Files and directories named in .gitignore (inside a git repository), .ignore and
    /// .rgignore files are skipped, and so are hidden ones (names starting with `.`), unless
    /// --no-ignore or --hidden. With no FILE, the current directory. Example:
    /// `urisift -r --glob '*.eml' ~/Mail`.
    #[arg(short = 'r', long)]
    pub(crate) recursive: bool,

    /// With -r, also search hidden files and directories.
    #[arg(long, requires = "recursive")]
    pub(crate) hidden: bool,

    /// With -r, do not skip what ignore files (.gitignore, .ignore, .rgignore) name.
    #[arg(long, requires = "recursive")]
    pub(crate) no_ignore: bool,

    /// With -r, only the files whose path below the directory matches GLOB (repeatable; a
    /// leading `!` excludes).
    ///
    /// gitignore syntax: `*.txt`, `!*.log`, `mail/**`. As in ripgrep, a glob that selects a
    /// file overrides ignore files and the hidden rule. Files named on the command line are
    /// always read. Example: `urisift -r -g '*.mbox' -g '!spam*' ~/Mail`.
    #[arg(short = 'g', long, value_name = "GLOB", requires = "recursive")]
    pub(crate) glob: Vec<String>,

    /// Decompress gzip, bzip2, xz and zstd input (files and standard input), recognized by
    /// its first bytes.
    ///
    /// Offsets then count bytes of the decompressed text. A gzip file is read a member at a
    /// time (RFC 1952 §2.2: one per record in a .warc.gz, one per log in rotated logs
    /// concatenated), each on its own when it ends with a line feed (in a web archive or an
    /// mbox, and the next starts with WARC/ or From ), else read on into the next (BGZF): a
    /// match's offsets count the decompressed bytes from its member (the first of such
    /// a run), and the member's offset in the file comes with it (--json "member_offset",
    /// {member_offset}); -j and --range cut such a file at its members. Without -z, a
    /// compressed input is read as it is, with a warning. Example: `urisift -z -c
    /// /var/log/nginx/access.log.*.gz`.
    #[arg(short = 'z', long)]
    pub(crate) search_zip: bool,

    /// With -z, the most memory a decompressor may take for an input (suffixes K, M, G; from
    /// 1M to 4G; 256M by default).
    ///
    /// An xz stream declares the dictionary it needs (up to 4 GiB) and a zstd frame its window
    /// (up to 2 GiB), and the decompressor takes that much: a stream that needs more than this
    /// is an error that names this option (exit status 2), and what was found before it stays
    /// printed. gzip and bzip2 take little memory whatever the stream says (32 KiB and about 4
    /// MB). Example: `urisift -z --decompress-memory 1G archive.log.zst`.
    #[arg(long, value_name = "SIZE", default_value = MEMORY_DEFAULT, allow_negative_numbers = true, value_parser = parse_decompress_memory)]
    pub(crate) decompress_memory: usize,

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
    #[arg(long, value_name = "SIZE", default_value = "64K", allow_negative_numbers = true, value_parser = parse_max_uri_len)]
    pub(crate) max_uri_len: usize,

    /// The longest message read as mail, in bytes (suffixes K, M, G; from 1 byte to 4G less 2
    /// bytes; 64M by default).
    ///
    /// Mail is read a message at a time, so memory holds one message of at most this. A
    /// longer message (a large attachment) is read as plain text, without MIME decoding, with
    /// a warning; the messages after it are read as mail. The same bound holds for a web
    /// archive's records (a longer one is read as plain text, with a warning), for what a compressed
    /// HTTP body decompresses to, and for a saved HTML page. Example: `urisift
    /// --mail-message-max 256M big.mbox`.
    #[arg(long, value_name = "SIZE", default_value = "64M", allow_negative_numbers = true, value_parser = parse_message_max)]
    pub(crate) mail_message_max: usize,

    /// Scan only the byte range START:END of each file: report the URIs whose outer span (the
    /// wrapper included) starts at an offset from START up to, not including, END.
    ///
    /// Offsets count bytes from the start of the file (from 0 to 2^63 - 1), and so do the
    /// offsets printed. END may be left out (to the end of the file); a range that starts past
    /// the end holds no URI. The text around the range is read as the scan
    /// needs it, so the ranges of any partition of a file, scanned one by one (on as many
    /// machines), report exactly the URIs of the whole file, each once, with the same offsets
    /// and line numbers (-n counts the lines before START by a pass over them). Files only
    /// (not standard input). With -z, a gzip file's range (offsets into the compressed file)
    /// reports the members that start in it, decompressing none before; other compressed
    /// files cannot be cut. A file read as mail is cut at its messages: a range
    /// reports the messages whose mbox `From ` line starts in it (reading, at the speed of a
    /// search, the messages before it). Example, two halves of a 1 GB log:
    /// `urisift --range 0:500000000 big.log; urisift --range 500000000: big.log`.
    #[arg(long, value_name = "START:END", allow_hyphen_values = true, value_parser = parse_range)]
    pub(crate) range: Option<std::ops::Range<u64>>,

    /// Scan with NUM threads, from 1 to 1024 (default: the number of cores).
    ///
    /// Files are scanned in parallel and a large file in ranges (as --range cuts it), and the
    /// output is the same as with -j 1, in the same order. A gzip file read with -z is cut at
    /// its members, which are decompressed in parallel. A mailbox (mbox) on standard input
    /// or decompressed (-z) is cut into runs of whole messages as it is read, each about 1 MiB,
    /// handed on once whole (so a mailbox that trickles in is reported a run at a time); other
    /// text on standard input is read on one thread. --line-buffered output (which a live
    /// input wants), --line-text, {text}, -l and -q scan on one thread.
    #[arg(short = 'j', long, value_name = "NUM", allow_negative_numbers = true, value_parser = parse_threads)]
    pub(crate) threads: Option<u32>,

    /// In plain text, decode the quoted-printable mail bodies found in it.
    ///
    /// After a `Content-Transfer-Encoding: quoted-printable` header line, soft line breaks (`=`
    /// at the end of a line) are joined and `=3D` is read as `=`, until the next MIME boundary,
    /// mbox `From ` line or `Content-Transfer-Encoding` line, as a mail reader shows the text.
    /// For mail saved inside other text; an input that starts as mail is read as mail, every
    /// part decoded, with or without this. Example: `urisift --quoted-printable saved-parts.txt`.
    #[arg(long, overrides_with = "no_quoted_printable")]
    pub(crate) quoted_printable: bool,

    /// Do not decode quoted-printable in plain text (the default; see --quoted-printable).
    #[arg(long, overrides_with = "quoted_printable", hide = true)]
    pub(crate) no_quoted_printable: bool,

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
    pub(crate) mail: bool,

    /// Read every input as plain text, even one that starts like mail.
    #[arg(long, overrides_with = "mail")]
    pub(crate) no_mail: bool,

    /// Read every input as a web archive (WARC or WET), even one that does not start like it.
    ///
    /// By default an input that starts `WARC/1.0` or `WARC/1.1` (after -z's decompression) is
    /// read as a web archive: records split by their Content-Length; a response's HTTP body
    /// with its chunking and content coding (gzip, deflate, br, zstd) undone, an HTML page for
    /// its links and visible text; a WET conversion record's text; the URIs of the Location,
    /// Content-Location and Link header fields. Request, metadata and warcinfo records give
    /// nothing. With --json each match names its record (`record`, `target_uri`). A record
    /// is held whole while it is read: one longer than --mail-message-max is read as plain
    /// text, as stored, with a warning (its matches still name it, found `body`); a malformed
    /// one is passed over with a warning.
    #[arg(long, overrides_with = "no_warc")]
    pub(crate) warc: bool,

    /// Never read an input as a web archive: one that starts `WARC/` is read as plain text.
    #[arg(long, overrides_with = "warc")]
    pub(crate) no_warc: bool,

    /// Read every input as an HTML page, even one that does not start like it.
    ///
    /// By default an input that starts `<!DOCTYPE html` or `<html` (any case, after a BOM and
    /// white space) is read as a page, as mail's HTML parts are: the href, src and action
    /// values, whole and with their character references decoded, relative ones resolved
    /// against an absolute `<base href>` (the base itself is not a link of the page); the URIs
    /// of the visible text; nothing from script, style or comments. The charset is taken from
    /// a BOM or a `<meta>` element.
    #[arg(long, overrides_with = "no_html")]
    pub(crate) html: bool,

    /// Never read an input as an HTML page: one that starts like one is read as plain text.
    #[arg(long, overrides_with = "html")]
    pub(crate) no_html: bool,

    /// In a web archive, report the relative links of each page resolved against its base, so
    /// that a crawl gives its link graph.
    ///
    /// The base is the page's `<base href>`, itself resolved against the record's
    /// WARC-Target-URI, or that target URI when the page has none (RFC 3986 §5.2 resolves
    /// each link). The span is the value as written; with --json the record says
    /// `"rewrite":"resolved"`. Off (the default), as in mail, only absolute links are
    /// reported: those written with a scheme and those an absolute `<base href>` resolves. A
    /// saved page has no URI of its own: its relative links need an absolute `<base href>`
    /// either way.
    #[arg(long)]
    pub(crate) relative: bool,

    /// In mail, read no header field.
    #[arg(long, conflicts_with = "headers")]
    pub(crate) no_headers: bool,

    /// In mail, read only these header fields (comma-separated, any case).
    ///
    /// Example: `urisift --headers List-Unsubscribe,List-Post inbox.mbox`.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub(crate) headers: Vec<String>,
}

impl Args {
    /// Whether lines are counted: for -n, or a template's {line}.
    pub(crate) fn counts_lines(&self) -> bool {
        self.line_number || self.format.as_ref().is_some_and(Template::wants_line)
    }
}

/// Parses `--max-uri-len` (see [`size`]): the library's range, as Python takes it too.
fn parse_max_uri_len(s: &str) -> Result<usize, String> {
    library_size(s, ExtractorBuilder::MAX_URI_LEN_RANGE, "the longest URI looked for")
}

/// Parses `--mail-message-max` (see [`size`]): the library's range, as Python takes it too.
fn parse_message_max(s: &str) -> Result<usize, String> {
    library_size(s, ExtractorBuilder::MAIL_MESSAGE_MAX_RANGE, "the longest message read as mail")
}

/// A [`size`] in `range`, the library's range of `what`, which an error names.
fn library_size(s: &str, range: std::ops::RangeInclusive<usize>, what: &str) -> Result<usize, String> {
    let (low, high) = (*range.start(), *range.end());
    let bounds = format!("{what} is from {} to {}", shown(low), shown(high));
    size(s, low as u64..=high as u64, &bounds)
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

/// Parses `--decompress-memory` (see [`size`]).
fn parse_decompress_memory(s: &str) -> Result<usize, String> {
    size(s, MEMORY_RANGE, "the memory a decompressor may take is from 1M to 4G")
}

/// Parses `-j`.
fn parse_threads(s: &str) -> Result<u32, String> {
    number(s, 1..=1024, "the number of threads is from 1 to 1024").map(|n| n as u32)
}

/// Parses `-m`.
fn parse_max_count(s: &str) -> Result<u64, String> {
    number(s, 0..=u64::MAX, "the count is from 0 to 18446744073709551615")
}

/// The largest byte offset in a file (`off_t` is signed), the bound of `--range`.
const OFFSET_MAX: u64 = i64::MAX as u64;

/// Parses `--range START:END` (END may be empty: to the end).
fn parse_range(s: &str) -> Result<std::ops::Range<u64>, String> {
    let (start, end) = s.split_once(':').ok_or_else(|| format!("`{s}` is not START:END (byte offsets)"))?;
    let bounds = "a byte offset is from 0 to 9223372036854775807 (2^63 - 1, the largest file offset)";
    let start = number(start, 0..=OFFSET_MAX, bounds)?;
    let end = if end.trim().is_empty() { u64::MAX } else { number(end, 0..=OFFSET_MAX, bounds)? };
    if end < start {
        return Err(format!("the range {s} ends before it starts"));
    }
    Ok(start..end)
}

/// A whole number in `range`. One outside it, negative or past 64 bits is out of range,
/// `bounds` saying which numbers are taken; anything else is not a number.
fn number(s: &str, range: std::ops::RangeInclusive<u64>, bounds: &str) -> Result<u64, String> {
    let digits = s.trim();
    let out_of_range = || format!("{digits} is out of range: {bounds}");
    match digits.parse::<u64>() {
        Ok(n) if range.contains(&n) => Ok(n),
        Ok(_) => Err(out_of_range()),
        Err(_) if is_whole_number(digits) => Err(out_of_range()),
        Err(_) => Err(format!("`{s}` is not a number ({bounds})")),
    }
}

/// Whether `s` is written as a whole number, of any size or sign.
fn is_whole_number(s: &str) -> bool {
    let unsigned = s.strip_prefix(['-', '+']).unwrap_or(s);
    !unsigned.is_empty() && unsigned.bytes().all(|b| b.is_ascii_digit())
}

/// A number of bytes, with an optional suffix K, M or G (binary multiples, any case, an
/// optional `B` or `iB` after it), in `range`.
fn size(s: &str, range: std::ops::RangeInclusive<u64>, bounds: &str) -> Result<usize, String> {
    let lower = s.trim().to_ascii_lowercase();
    let unit = lower.trim_end_matches("ib").trim_end_matches('b');
    let (digits, shift) = match unit.as_bytes().last() {
        Some(b'k') => (&unit[..unit.len() - 1], 10),
        Some(b'm') => (&unit[..unit.len() - 1], 20),
        Some(b'g') => (&unit[..unit.len() - 1], 30),
        _ => (unit, 0),
    };
    let out_of_range = || format!("{} is out of range: {bounds}", s.trim());
    let n: u64 = match digits.parse() {
        Ok(n) => n,
        Err(_) if is_whole_number(digits) => return Err(out_of_range()),
        Err(_) => return Err(format!("`{s}` is not a size (bytes, or a number with K, M or G: 64K, 1M)")),
    };
    let bytes = n.checked_mul(1 << shift).filter(|b| range.contains(b)).ok_or_else(out_of_range)?;
    usize::try_from(bytes).map_err(|_| format!("{s} is too large for this machine"))
}

/// The `--grammar` value parser: rfc3986, rfc2396 or rfc1738, or the bare number (any case
/// with `ignore_case`).
pub(crate) fn grammar_parser() -> ValueParser {
    let names = ["rfc3986", "rfc2396", "rfc1738"].map(|name| PossibleValue::new(name).alias(&name[3..]));
    PossibleValuesParser::new(names).try_map(|name| name.parse::<Grammar>()).into()
}

/// The names of [`urisift::Flag`]: an unknown one is refused with the list of the known.
pub(crate) fn flag_parser() -> ValueParser {
    let names = urisift::Flag::ALL.iter().map(|flag| PossibleValue::new(flag.name()));
    PossibleValuesParser::new(names)
        .try_map(|name| urisift::Flag::from_name(&name).ok_or_else(|| format!("unknown flag `{name}`")))
        .into()
}

/// The exit status section of `--help`.
pub(crate) const EXIT_STATUS: &str = "\
Exit status:
  0  a URI was found (extraction), every input was valid (check, resolve, normalize)
  1  no URI was found, or an input was invalid
  2  an error: a file or directory that could not be read, a usage error; with -q, a URI found \
still gives 0

A closed standard output (urisift ... | head -1) ends urisift quietly, with 0 when a URI was found.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_suffixes_and_stay_in_range() {
        assert_eq!(parse_max_uri_len("16"), Ok(16));
        assert_eq!(parse_max_uri_len("64K"), Ok(65536));
        assert_eq!(parse_max_uri_len("64k"), Ok(65536));
        assert_eq!(parse_max_uri_len("64KiB"), Ok(65536));
        assert_eq!(parse_max_uri_len("1M"), Ok(1 << 20));
        assert_eq!(parse_max_uri_len("1G"), Ok(1 << 30));
        for bad in ["0", "15", "2G", "1025M", "-1", "18446744073709551615G", "99999999999999999999"] {
            let error = parse_max_uri_len(bad).unwrap_err();
            assert!(error.contains("out of range") && error.contains("16 bytes to 1G"), "{bad}: {error}");
        }
        for bad in ["", "K", "1.5K", "lots", "1T"] {
            assert!(parse_max_uri_len(bad).unwrap_err().contains("is not a size"), "{bad}");
        }
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

    #[test]
    fn numbers_out_of_range_say_their_range() {
        assert_eq!(parse_threads("1"), Ok(1));
        assert_eq!(parse_threads("1024"), Ok(1024));
        assert_eq!(parse_max_count("0"), Ok(0));
        assert_eq!(parse_max_count("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(parse_range("0:"), Ok(0..u64::MAX));
        assert_eq!(parse_range("9223372036854775807:"), Ok(OFFSET_MAX..u64::MAX));
        for bad in ["0", "1025", "-1", "99999999999999999999"] {
            let error = parse_threads(bad).unwrap_err();
            assert!(error.contains("out of range") && error.contains("from 1 to 1024"), "{bad}: {error}");
        }
        for bad in ["-1", "18446744073709551616"] {
            assert!(parse_max_count(bad).unwrap_err().contains("out of range"), "{bad}");
        }
        for bad in ["9223372036854775808:", "0:9223372036854775808", "-1:", "18446744073709551616:"] {
            let error = parse_range(bad).unwrap_err();
            assert!(
                error.contains("out of range") && error.contains("9223372036854775807"),
                "{bad}: {error}"
            );
        }
        for bad in ["two", "1.5"] {
            assert!(parse_threads(bad).unwrap_err().contains("is not a number"), "{bad}");
        }
    }
}
