//! `urisift [OPTIONS] [FILE]...`: extraction.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use urisift::uri::Grammar;
use urisift::{Event, ExtractorBuilder, Match};

/// The size of the output buffer.
const OUTPUT_BUFFER: usize = 64 << 10;

/// Arguments of extraction (the default mode).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Files to scan; standard input when none, or for `-`.
    ///
    /// Example: `urisift inbox.mbox access.log`, `zcat spool.gz | urisift`.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    /// One JSON object per match instead of the bare URI.
    ///
    /// Keys, in this order: file, uri, readings, start, end, outer_start, outer_end,
    /// delimiter, scheme (and line with -n). Offsets are bytes from the start of the file;
    /// `start..end` is the URI text, `outer_start..outer_end` includes its wrapper.
    /// Example: {"file":"a.txt","uri":"http://a.example/","readings":["http://a.example/"],
    /// "start":9,"end":26,"outer_start":4,"outer_end":27,"delimiter":"angle-url-prefix",
    /// "scheme":"http"}
    #[arg(long)]
    json: bool,

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

    /// Also find abbreviated URLs such as `www.w3.org/Addressing/`, printed as written.
    ///
    /// They are validated as if `http://` stood before them (RFC 2396 draft, Appendix F).
    #[arg(long)]
    abbreviated: bool,

    /// The grammar each candidate must be valid under: rfc3986, rfc2396 or rfc1738.
    ///
    /// Example: `urisift --grammar rfc1738 old-rfcs/*.txt`.
    #[arg(long, value_name = "GRAMMAR", default_value = "rfc3986")]
    grammar: Grammar,

    /// Report each dropped candidate and why the parser rejected it, on standard error.
    ///
    /// Example: `urisift --rejected notes.txt` may print
    /// `urisift: notes.txt: byte 120: rejected "http://exa%mple/" (bare): invalid percent-escape at byte 10`.
    #[arg(long)]
    rejected: bool,

    /// Print only how many URIs were found (per file, with its name when there are several).
    ///
    /// Example: `urisift -c *.mbox`.
    #[arg(short = 'c', long)]
    count: bool,

    /// The longest URI looked for, in bytes; longer candidates are skipped with a warning.
    ///
    /// Memory use is bounded by about twice this, however large the input.
    #[arg(long, value_name = "BYTES", default_value_t = 65536)]
    max_uri_len: usize,

    /// Do not decode quoted-printable mail bodies.
    ///
    /// By default, after a `Content-Transfer-Encoding: quoted-printable` header, soft line
    /// breaks (`=` at the end of a line) are joined and `=3D` is read as `=`, until the next
    /// MIME boundary or mbox `From ` line, as a mail reader shows the text.
    #[arg(long)]
    no_quoted_printable: bool,
}

/// Appends the `--json` record of `m` found in `file`, and a line feed: keys in the documented
/// order (see [`Args::json`]), written as `serde_json` would write them. Written by hand: a
/// `serde_json::Map` per match (keys and values allocated, then indexed) took seven times the
/// instructions of the extraction, and a derived `Serialize` still twice, most of it in
/// escaping keys and URIs that need no escape.
fn json_record(buf: &mut Vec<u8>, m: &Match, file: &str) -> io::Result<()> {
    buf.extend_from_slice(b"{\"file\":");
    push_json_str(buf, file)?;
    // `uri()` checks the text on each call: once here.
    let uri = m.uri();
    buf.extend_from_slice(b",\"uri\":");
    push_json_str(buf, uri)?;
    buf.extend_from_slice(b",\"readings\":[");
    push_json_str(buf, uri)?;
    if let Some(second) = m.alternate() {
        buf.push(b',');
        push_json_str(buf, second)?;
    }
    buf.extend_from_slice(b"],\"start\":");
    push_json_number(buf, m.span().start)?;
    buf.extend_from_slice(b",\"end\":");
    push_json_number(buf, m.span().end)?;
    buf.extend_from_slice(b",\"outer_start\":");
    push_json_number(buf, m.outer_span().start)?;
    buf.extend_from_slice(b",\"outer_end\":");
    push_json_number(buf, m.outer_span().end)?;
    buf.extend_from_slice(b",\"delimiter\":");
    push_json_str(buf, m.delimiter().name())?;
    buf.extend_from_slice(b",\"scheme\":");
    push_json_str(buf, m.scheme())?;
    if let Some(line) = m.line() {
        buf.extend_from_slice(b",\"line\":");
        push_json_number(buf, line)?;
    }
    buf.extend_from_slice(b"}\n");
    Ok(())
}

/// Appends `s` as a JSON string. `serde_json` escapes only `"`, `\\` and the control
/// characters below 0x20 (RFC 8259 §7 requires no more), none of which a URI holds; a string
/// with one is left to it.
fn push_json_str(buf: &mut Vec<u8>, s: &str) -> io::Result<()> {
    if s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        return serde_json::to_writer(buf, s).map_err(io::Error::from);
    }
    buf.push(b'"');
    buf.extend_from_slice(s.as_bytes());
    buf.push(b'"');
    Ok(())
}

/// Appends `n` as a JSON number.
fn push_json_number(buf: &mut Vec<u8>, n: u64) -> io::Result<()> {
    serde_json::to_writer(buf, &n).map_err(io::Error::from)
}

/// What the loop over the files carries.
struct Run<'a, W: Write> {
    args: &'a Args,
    out: W,
    seen: HashSet<Box<[u8]>>,
    /// The `--json` record being written (reused from match to match).
    json: Vec<u8>,
    /// Whether `--scheme` or `--unique` may drop a match (see [`Run::keep`]).
    filters: bool,
    with_filename: bool,
    schemes: Vec<String>,
}

/// Why scanning a file stopped early.
enum Stop {
    /// Standard output is gone (a closed pipe) or failed: stop everything.
    Output(io::Error),
    /// The file could not be read: report it and go on with the next.
    Input(io::Error),
}

pub fn run(args: Args) -> ExitCode {
    let mut builder = ExtractorBuilder::new();
    builder
        .grammar(args.grammar)
        .max_uri_len(args.max_uri_len)
        .abbreviated(args.abbreviated)
        .report_rejected(args.rejected)
        .quoted_printable(!args.no_quoted_printable)
        .line_numbers(args.line_number);
    let files = if args.files.is_empty() { vec![PathBuf::from("-")] } else { args.files.clone() };
    let stdout = io::stdout();
    let mut run = Run {
        args: &args,
        // 64 KiB rather than the default 8: URI-dense input gives about as many bytes out as in,
        // and a write call per 8 KiB was a few percent of the time when the output is a file.
        out: BufWriter::with_capacity(OUTPUT_BUFFER, stdout.lock()),
        seen: HashSet::new(),
        json: Vec::new(),
        filters: !args.scheme.is_empty() || args.unique,
        with_filename: files.len() > 1,
        schemes: args.scheme.iter().map(|s| s.to_ascii_lowercase()).collect(),
    };
    let (mut found, mut failed) = (false, false);
    for path in &files {
        let stdin = path.as_os_str() == "-";
        let name = if stdin { "(standard input)".to_owned() } else { path.display().to_string() };
        let result = if stdin {
            run.scan(io::stdin().lock(), &name, stdin, &builder)
        } else {
            match File::open(path) {
                Ok(file) => run.scan(file, &name, stdin, &builder),
                Err(e) => Err(Stop::Input(e)),
            }
        };
        match result {
            Ok(n) => found |= n > 0,
            Err(Stop::Input(e)) => {
                eprintln!("urisift: {name}: {e}");
                failed = true;
            }
            Err(Stop::Output(e)) => return output_failed(e, found),
        }
    }
    if let Err(e) = run.out.flush() {
        return output_failed(e, found);
    }
    ExitCode::from(if failed {
        2
    } else if found {
        0
    } else {
        1
    })
}

/// A closed pipe (`urisift … | head`) ends quietly; another output error is reported.
fn output_failed(e: io::Error, found: bool) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::from(if found { 0 } else { 1 });
    }
    eprintln!("urisift: cannot write output: {e}");
    ExitCode::from(2)
}

/// A reader that remembers the first two bytes it passed on, to recognize a byte order mark
/// without holding back any input.
struct Sniff<R> {
    inner: R,
    head: [u8; 2],
    seen: usize,
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

impl<W: Write> Run<'_, W> {
    /// Scans one input; returns how many URIs were reported.
    fn scan<R: Read>(
        &mut self,
        reader: R,
        name: &str,
        stdin: bool,
        builder: &ExtractorBuilder,
    ) -> Result<u64, Stop> {
        let mut extractor = builder.reader(Sniff { inner: reader, head: [0; 2], seen: 0 });
        let mut count = 0;
        // Each event is looked at where it lies in the extractor, not moved out of it.
        while let Some(event) = extractor.next_event_ref() {
            match event.map_err(Stop::Input)? {
                // Without filters no call per match (about 1% of the time on URI-dense text).
                Event::Match(m) if !self.filters || self.keep(m) => {
                    count += 1;
                    if !self.args.count {
                        self.print(m, name, stdin).map_err(Stop::Output)?;
                    }
                }
                Event::Rejected(r) => {
                    eprintln!(
                        "urisift: {name}: byte {}: rejected {:?} ({}): {}",
                        r.span().start,
                        r.text(),
                        r.delimiter(),
                        r.error()
                    );
                }
                Event::Overlong(span) => {
                    eprintln!(
                        "urisift: {name}: warning: a URI candidate starting at byte {} is longer than {} bytes; skipped (see --max-uri-len)",
                        span.start, self.args.max_uri_len
                    );
                }
                _ => {}
            }
        }
        // urisift reads bytes, and UTF-16 text has a NUL in every ASCII character, which ends
        // any URI: say why such a file gives nothing rather than stay silent.
        let sniff = extractor.get_ref();
        if sniff.seen == 2 && matches!(sniff.head, [0xff, 0xfe] | [0xfe, 0xff]) {
            eprintln!(
                "urisift: {name}: warning: starts with a UTF-16 byte order mark; URIs are looked for in \
                 ASCII-compatible text (transcode first, e.g. `iconv -f UTF-16 -t UTF-8`)"
            );
        }
        if self.args.count {
            let out = &mut self.out;
            let written =
                if self.with_filename { writeln!(out, "{name}:{count}") } else { writeln!(out, "{count}") };
            written.map_err(Stop::Output)?;
        }
        Ok(count)
    }

    /// Applies `--scheme` and `--unique`.
    fn keep(&mut self, m: &Match) -> bool {
        if !self.schemes.is_empty() && !self.schemes.iter().any(|s| s.eq_ignore_ascii_case(m.scheme())) {
            return false;
        }
        // A URI seen before (most of them, in a log) is looked up without being copied.
        !self.args.unique || (!self.seen.contains(m.uri_bytes()) && self.seen.insert(m.uri_bytes().into()))
    }

    fn print(&mut self, m: &Match, name: &str, stdin: bool) -> io::Result<()> {
        if self.args.json {
            self.json.clear();
            json_record(&mut self.json, m, if stdin { "-" } else { name })?;
            return self.out.write_all(&self.json);
        }
        let second = if self.args.all_readings { m.alternate() } else { None };
        for reading in core::iter::once(m.uri_bytes()).chain(second.map(str::as_bytes)) {
            if self.with_filename {
                write!(self.out, "{name}:")?;
            }
            if let Some(line) = m.line() {
                write!(self.out, "{line}:")?;
            }
            // Plain bytes rather than `writeln!`: the formatting machinery was an eighth of the
            // time on URI-dense input.
            self.out.write_all(reading)?;
            self.out.write_all(b"\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference: the record as `serde_json` writes a struct with these fields.
    #[derive(serde::Serialize)]
    struct Reference<'a> {
        file: &'a str,
        uri: &'a str,
        readings: Vec<&'a str>,
        start: u64,
        end: u64,
        outer_start: u64,
        outer_end: u64,
        delimiter: &'a str,
        scheme: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        line: Option<u64>,
    }

    #[test]
    fn json_records_are_what_serde_json_writes() {
        let text =
            b"See <URL:http://a.example/x?y=1#z>, \"ftp://b.example/\" and <http://www-\n  c.example/>.\n\
                     mailto:a@b.example?subject=hi www.d.example/e urn:example:f";
        let mut builder = urisift::ExtractorBuilder::new();
        builder.abbreviated(true).line_numbers(true);
        let mut checked = 0;
        for m in builder.slice(text) {
            for file in ["a.txt", "-", "we\"ird\\na\tme\u{1}.txt", "caf\u{e9}.txt"] {
                let mut mine = Vec::new();
                json_record(&mut mine, &m, file).unwrap();
                let reference = Reference {
                    file,
                    uri: m.uri(),
                    readings: m.readings(),
                    start: m.span().start,
                    end: m.span().end,
                    outer_start: m.outer_span().start,
                    outer_end: m.outer_span().end,
                    delimiter: m.delimiter().name(),
                    scheme: m.scheme(),
                    line: m.line(),
                };
                let mut theirs = serde_json::to_vec(&reference).unwrap();
                theirs.push(b'\n');
                assert_eq!(String::from_utf8_lossy(&mine), String::from_utf8_lossy(&theirs));
                checked += 1;
            }
        }
        assert!(checked >= 20, "only {checked} records");
    }
}
