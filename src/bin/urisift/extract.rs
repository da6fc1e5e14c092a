//! `urisift [OPTIONS] [FILE]...`: extraction. The loop over the inputs, each scanned on this
//! thread or, with `-j`, by [`parallel`]; and the exit status.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::ops::Range;
use std::path::PathBuf;
use std::process::ExitCode;

use urisift::{ExtractorBuilder, MailMode, UriFinder, WebMode};

use crate::args::Args;
use crate::input::{
    self, Compression, FirstBytes, Input, MemberWalk, Notes, Opened, warn_compressed, warn_deep_messages,
    warn_long_messages, warn_utf16, warn_web,
};
use crate::json::Counts;
use crate::mapped;
use crate::message::complain;
use crate::parallel;
use crate::print::{Print, Printer, Rest, ScanError, Style};
use crate::template::Template;
use crate::walk::{drain, walk_members};

/// The size of the output buffer.
const OUTPUT_BUFFER: usize = 64 << 10;

/// The mode of `--NAME` (`on`) and `--no-NAME` (`off`).
fn web_mode(on: bool, off: bool) -> WebMode {
    match (on, off) {
        (true, _) => WebMode::On,
        (_, true) => WebMode::Off,
        _ => WebMode::Auto,
    }
}

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
        .numeric_hosts(args.flag.contains(&urisift::Flag::NumericIp))
        .nested(args.nested)
        .report_rejected(args.rejected)
        .quoted_printable(args.quoted_printable)
        .mail(if args.mail {
            MailMode::On
        } else if args.no_mail {
            MailMode::Off
        } else {
            MailMode::Auto
        })
        .warc(web_mode(args.warc, args.no_warc))
        .html(web_mode(args.html, args.no_html))
        .relative(args.relative)
        .line_numbers(args.line_number || wants_line)
        .origins(wants_origin);
    if args.no_headers || !args.headers.is_empty() {
        builder.mail_headers(Some(&args.headers));
    }
    let finder = builder.build();
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
    let style = Style::chosen(&args, terminal, paths.len());
    // 64 KiB rather than the default 8: URI-dense input gives about as many bytes out as in,
    // and a write call per 8 KiB was a few percent of the time when the output is a file.
    let out = BufWriter::with_capacity(OUTPUT_BUFFER, stdout.lock());
    let mut printer = Printer::new(&args, out, style, args.line_buffered || terminal);
    let (mut found, mut failed) = (false, false);
    let mut ended: Option<ExitCode> = None;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |n| n as usize,
    );
    // More than one thread for what has no latency to keep (a live input, a terminal) and
    // whose events are all taken.
    let parallel = threads > 1
        && matches!(style.print, Print::Uris | Print::Json | Print::Template | Print::Counts)
        && !printer.wants_text()
        && !printer.line_buffered();
    let mut listed_all = Vec::new();
    if parallel {
        input::list(&paths, &walk, |listed| {
            listed_all.push(listed);
            true
        });
        // About how far before a range its scan starts (the library's warm-up, at least).
        let reach = args.max_uri_len as u64 + 4096;
        if parallel::worth_it(&listed_all, reach, args.range.is_some(), args.search_zip) {
            // Line numbers need the line feeds before each range, counted; without them a
            // range's prefix is guessed and checked at its seam (see `parallel`).
            let count_prefix = args.line_number || wants_line;
            let (any, bad, out_error) =
                parallel::scan_all(&mut printer, &finder, listed_all, threads, reach, count_prefix);
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
        match scan(&mut printer, &input, &finder) {
            Ok(n) => found |= n > 0,
            Err(ScanError::Input(e)) => {
                complain(format_args!("{}: {e}", input.display()));
                failed = true;
            }
            Err(ScanError::Reported { found: here }) => {
                found |= here;
                failed = true;
            }
            Err(ScanError::Output { error, found: here }) => {
                ended = Some(output_failed(error, found || here));
                return false;
            }
        }
        // -q: the first URI decides.
        !(found && style.print == Print::Nothing)
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
    if let Err(e) = printer.flush() {
        return output_failed(e, found);
    }
    ExitCode::from(if found && (style.print == Print::Nothing || !failed) {
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

/// Scans one input on this thread; returns how many URIs were reported.
fn scan<W: Write>(printer: &mut Printer<'_, W>, input: &Input, finder: &UriFinder) -> Result<u64, ScanError> {
    let args = printer.args;
    let name = input.display();
    if args.max_count == Some(0) {
        return Ok(0);
    }
    if let Some(range) = &args.range {
        return scan_range(printer, input, finder, range.clone());
    }
    // Opened once, whatever it is (see `input::Opened`).
    let opened = input.open().map_err(ScanError::Input)?;
    if let Some(mapped) = mapped_input(printer, &opened).map_err(ScanError::Input)? {
        return scan_mapped(printer, input, finder, &mapped);
    }
    let (raw, compression) = opened.raw().map_err(ScanError::Input)?;
    if args.search_zip && compression == Some(Compression::Gzip) {
        // Run by run of members, each on its own (see `input::members`).
        let walk = match input {
            Input::File(path) => MemberWalk::from(path, 0, u64::MAX),
            Input::Stdin => Ok(MemberWalk::stream(raw)),
        };
        return scan_members(printer, input, finder, walk.map_err(ScanError::Input)?);
    }
    let reader = match compression {
        Some(c) if args.search_zip => {
            input::decoder(c, raw, args.decompress_memory as u64).map_err(ScanError::Input)?
        }
        _ => raw,
    };
    if let Some(c) = compression.filter(|_| !args.search_zip) {
        warn_compressed(&name, c);
    }
    printer.set_prefix(input).map_err(ScanError::Input)?;
    let reader = printer.read_for_text(reader);
    let mut extractor = finder.reader(FirstBytes::new(reader));
    let mut counts = Counts::default();
    drain(printer, &mut extractor, &mut counts, &name)?;
    if let Some(head) = extractor.get_ref().head() {
        warn_utf16(&name, &head);
    }
    if let Some(at) = extractor.plain_from() {
        warn_long_messages(&name, at, extractor.long_messages(), args.mail_message_max);
    }
    warn_web(&name, &extractor.web_tally(), args.mail_message_max);
    if let Some((at, depth)) = extractor.deep_from() {
        warn_deep_messages(&name, at, depth, extractor.deep_messages());
    }
    let found = counts.matches > 0;
    printer.finish_input(input, counts).map_err(|error| ScanError::Output { error, found })?;
    Ok(counts.matches)
}

/// The input mapped ([`mapped::map`]), when it is a large file that is read as it is: not
/// with `--no-mmap`, nor when lines are printed with their text (which reads a stream), nor
/// when it is compressed (decompressed with `-z`, or read raw with a warning, by the stream's
/// path, from the same open file: a map leaves its offset at the start).
fn mapped_input<W: Write>(printer: &Printer<'_, W>, opened: &Opened) -> io::Result<Option<mapped::Mapped>> {
    let Some(file) = opened.file() else { return Ok(None) };
    if printer.args.no_mmap || printer.wants_text() {
        return Ok(None);
    }
    mapped::map(file, |head| Compression::recognize(head).is_none())
}

/// [`scan`] over the bytes of a mapped input, read in place.
fn scan_mapped<W: Write>(
    printer: &mut Printer<'_, W>,
    input: &Input,
    finder: &UriFinder,
    bytes: &[u8],
) -> Result<u64, ScanError> {
    let name = input.display();
    printer.set_prefix(input).map_err(ScanError::Input)?;
    let mut events = finder.slice(bytes);
    let mut counts = Counts::default();
    let max_count = printer.args.max_count.unwrap_or(u64::MAX);
    while let Some(event) = events.next_event_ref() {
        if let Rest::NotWanted = printer.report(event, &mut counts, &name, max_count)? {
            break;
        }
    }
    warn_utf16(&name, &bytes[..bytes.len().min(2)]);
    if let Some(at) = events.plain_from() {
        warn_long_messages(&name, at, events.long_messages(), printer.args.mail_message_max);
    }
    warn_web(&name, &events.web_tally(), printer.args.mail_message_max);
    if let Some((at, depth)) = events.deep_from() {
        warn_deep_messages(&name, at, depth, events.deep_messages());
    }
    let found = counts.matches > 0;
    printer.finish_input(input, counts).map_err(|error| ScanError::Output { error, found })?;
    Ok(counts.matches)
}

/// Scans the byte range `range` of one file (`--range`); returns how many URIs were reported.
fn scan_range<W: Write>(
    printer: &mut Printer<'_, W>,
    input: &Input,
    finder: &UriFinder,
    range: Range<u64>,
) -> Result<u64, ScanError> {
    let name = input.display();
    let (file, compression) =
        input::open_for_range(input, printer.args.search_zip).map_err(ScanError::Input)?;
    if let (Some(Compression::Gzip), true, Input::File(path)) = (compression, printer.args.search_zip, input)
    {
        // The runs of members that start in the range (see `input::members`).
        let walk = MemberWalk::range(path, range).map_err(ScanError::Input)?;
        return scan_members(printer, input, finder, walk);
    }
    if let Some(c) = compression {
        warn_compressed(&name, c);
    }
    let range = input::clamped(range, file.metadata().map_err(ScanError::Input)?.len());
    printer.set_prefix(input).map_err(ScanError::Input)?;
    let mut extractor = finder.reader_range(file, range).map_err(ScanError::Input)?;
    let mut counts = Counts::default();
    drain(printer, &mut extractor, &mut counts, &name)?;
    if let Some(at) = extractor.plain_from() {
        warn_long_messages(&name, at, extractor.long_messages(), printer.args.mail_message_max);
    }
    warn_web(&name, &extractor.web_tally(), printer.args.mail_message_max);
    if let Some((at, depth)) = extractor.deep_from() {
        warn_deep_messages(&name, at, depth, extractor.deep_messages());
    }
    let found = counts.matches > 0;
    printer.finish_input(input, counts).map_err(|error| ScanError::Output { error, found })?;
    Ok(counts.matches)
}

/// Scans the runs of members of a gzip input that `walk` goes through, each on its own;
/// returns how many URIs were reported.
fn scan_members<W: Write>(
    printer: &mut Printer<'_, W>,
    input: &Input,
    finder: &UriFinder,
    mut walk: MemberWalk,
) -> Result<u64, ScanError> {
    let name = input.display();
    printer.set_prefix(input).map_err(ScanError::Input)?;
    let mut counts = Counts::default();
    let (mut notes, mut failed) = (Notes::default(), false);
    walk_members(printer, finder, &mut walk, &mut counts, &name, &mut notes, &mut failed)?;
    notes.warn(&name, printer.args.mail_message_max);
    let found = counts.matches > 0;
    printer.finish_input(input, counts).map_err(|error| ScanError::Output { error, found })?;
    match failed {
        true => Err(ScanError::Reported { found }),
        false => Ok(counts.matches),
    }
}
