//! What extraction prints for the events of an input: each URI on its line (with the file
//! name, line number and colours asked for), a `--format` template or a `--json` record; the
//! rejected and overlong candidates; the count (`-c`) or the name (`-l`) at the end of an
//! input. The one-thread scan and the workers of `-j` print through the same [`Printer`], so
//! that both write the same bytes.

use std::cell::RefCell;
use std::collections::HashSet;
use std::io::{self, Read, Write};
use std::rc::Rc;

use urisift::{Event, Match};

use crate::args::{Args, ColorChoice};
use crate::context::{Context, ContextReader};
use crate::escape::push_escaped;
use crate::input::Input;
use crate::json::{self, Counts};
use crate::message::complain;
use crate::template::Template;

/// What each match turns into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Print {
    /// The URI on its line, with the file name and line number when asked.
    Uris,
    /// A JSON record (`--json`).
    Json,
    /// A `--format` template.
    Template,
    /// Nothing but the count of each input (`-c`).
    Counts,
    /// Nothing but the names of the inputs with a URI (`-l`).
    FileNames,
    /// Nothing at all (`-q`).
    Nothing,
}

impl Print {
    /// What the options ask for.
    pub fn chosen(args: &Args) -> Print {
        if args.quiet {
            Print::Nothing
        } else if args.files_with_matches {
            Print::FileNames
        } else if args.count {
            Print::Counts
        } else if args.json {
            Print::Json
        } else if args.format.is_some() {
            Print::Template
        } else {
            Print::Uris
        }
    }
}

/// ANSI colours, as ripgrep's defaults: file names magenta, line numbers green, matches bold
/// red.
pub struct Colors {
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

/// How matches look: what they turn into, whether file names are shown, and the colours. A
/// worker thread of `-j` renders matches in the style of the main thread.
#[derive(Clone, Copy)]
pub struct Style {
    pub print: Print,
    with_filename: bool,
    colors: &'static Colors,
}

impl Style {
    /// The style the options ask for, given whether standard output is a `terminal` and how
    /// many `paths` were named.
    pub fn chosen(args: &Args, terminal: bool, paths: usize) -> Style {
        let color = match args.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                terminal
                    && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        };
        Style {
            print: Print::chosen(args),
            // As ripgrep: names are shown when more than one path is given or a directory is
            // walked, unless -H or -I says otherwise.
            with_filename: if args.with_filename {
                true
            } else if args.no_filename {
                false
            } else {
                paths > 1 || args.recursive
            },
            colors: if color { &COLORS } else { &NO_COLORS },
        }
    }
}

/// Whether the rest of an input is wanted after an event.
pub enum Rest {
    Wanted,
    /// The last event that matters was seen (`-l`, `-q`, `-m`).
    NotWanted,
}

/// Why scanning an input stopped early.
pub enum ScanError {
    /// Standard output is gone (a closed pipe) or failed: stop everything. `found`: whether a
    /// URI was found in this input before.
    Output { error: io::Error, found: bool },
    /// The input could not be read: report it and go on with the next.
    Input(io::Error),
    /// The input could not be read in part, and that was reported: go on with the next.
    /// `found`: whether a URI was found in this input.
    Reported { found: bool },
}

/// Prints the events of the inputs, one input after the other, as the options say.
pub struct Printer<'a, W: Write> {
    pub args: &'a Args,
    style: Style,
    out: W,
    seen: HashSet<Box<[u8]>>,
    /// The record being written (reused from match to match).
    buf: Vec<u8>,
    /// Whether `--scheme`, `--flag` or `--unique` may drop a match, or `--nested` places each
    /// (see [`Printer::keep`]).
    filters: bool,
    line_buffered: bool,
    schemes: Vec<String>,
    /// The input's name as JSON, or as printed before a URI (coloured, with its separator).
    prefix: Vec<u8>,
    /// Whether matches are printed with the text of their line (`--line-text`, `{text}`).
    wants_text: bool,
    /// The recent bytes of the input being read, when `wants_text`.
    context: Option<Rc<RefCell<Context>>>,
    /// With `--nested`: the index among the input's printed matches of the last match seen at
    /// each depth (`None` when it was not printed), and that of the outer match of the match
    /// being printed.
    depths: Vec<Option<u64>>,
    outer: Option<u64>,
    /// Where the gzip member the matches come from starts in its file, when the input is read
    /// member by member (`input::Walk`).
    member: Option<u64>,
}

impl<'a, W: Write> Printer<'a, W> {
    /// A printer to `out` in `style`; flushed after each line when `line_buffered`.
    pub fn new(args: &'a Args, out: W, style: Style, line_buffered: bool) -> Self {
        Printer {
            args,
            style,
            out,
            seen: HashSet::new(),
            buf: Vec::new(),
            filters: !args.scheme.is_empty() || !args.flag.is_empty() || args.unique || args.nested,
            line_buffered,
            schemes: args.scheme.iter().map(|s| s.to_ascii_lowercase()).collect(),
            prefix: Vec::new(),
            wants_text: (style.print == Print::Json && args.line_text)
                || args.format.as_ref().is_some_and(Template::wants_text),
            context: None,
            depths: Vec::new(),
            outer: None,
            member: None,
        }
    }

    pub fn style(&self) -> Style {
        self.style
    }

    /// Whether each line is flushed as it is written.
    pub fn line_buffered(&self) -> bool {
        self.line_buffered
    }

    /// Whether matches are printed with the text of their line (`--line-text`, `{text}`): the
    /// input must then be read through [`Printer::read_for_text`].
    pub fn wants_text(&self) -> bool {
        self.wants_text
    }

    /// Whether a worker may render the matches of an input itself ([`Printer::rendering`]):
    /// when no state crosses from one match to the next (`--unique`, `--max-count`, the index
    /// of an outer match with `--nested`).
    pub fn renders_anywhere(&self) -> bool {
        !self.args.unique && self.args.max_count.is_none() && !self.args.nested
    }

    /// The reader to scan `reader` through: when matches are printed with their line's text,
    /// one that keeps the recent bytes for it.
    pub fn read_for_text(&mut self, reader: Box<dyn Read>) -> Box<dyn Read> {
        if !self.wants_text {
            return reader;
        }
        // Mail is read whole before its first match: the context keeps as much.
        let behind = if self.args.no_mail { self.args.max_uri_len } else { self.args.mail_message_max };
        let context = Context::new(reader, behind);
        self.context = Some(Rc::clone(&context));
        Box::new(ContextReader(context))
    }

    /// Writes bytes a worker rendered.
    pub fn write_rendered(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Reports one event of the input `name`, counting it in `counts`; [`Rest::NotWanted`]
    /// once the input needs no more (`-l`, `-q`, `-m`).
    #[inline(always)]
    pub fn report(
        &mut self,
        event: &Event,
        counts: &mut Counts,
        name: &str,
        max_count: u64,
    ) -> Result<Rest, ScanError> {
        let found = counts.matches > 0;
        match event {
            // Without filters no call per match (about 1% of the time on URI-dense text).
            Event::Match(m) if !self.filters || self.keep(m, counts.matches) => {
                counts.matches += 1;
                match self.style.print {
                    Print::Uris | Print::Json | Print::Template => {
                        self.print(m).map_err(|error| ScanError::Output { error, found: true })?;
                    }
                    Print::Counts => {}
                    Print::FileNames | Print::Nothing => return Ok(Rest::NotWanted),
                }
                if counts.matches >= max_count {
                    return Ok(Rest::NotWanted);
                }
            }
            Event::Rejected(r) => {
                counts.rejected += 1;
                if self.style.print == Print::Json {
                    self.buf.clear();
                    json::rejected_record(&mut self.buf, r, &self.prefix, self.member)
                        .and_then(|()| self.emit())
                        .map_err(|error| ScanError::Output { error, found })?;
                } else if self.style.print != Print::Nothing {
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
                if self.style.print == Print::Json {
                    self.buf.clear();
                    json::overlong_record(&mut self.buf, o, &self.prefix, self.member, self.args.max_uri_len);
                    self.emit().map_err(|error| ScanError::Output { error, found })?;
                } else if self.style.print != Print::Nothing {
                    complain(format_args!(
                        "{name}: warning: a URI candidate starting at byte {} is longer than {} bytes; skipped (see --max-uri-len)",
                        o.span().start,
                        self.args.max_uri_len
                    ));
                }
            }
            _ => {}
        }
        Ok(Rest::Wanted)
    }

    /// Sets the prefix of the input's lines: its name as JSON with --json, as raw bytes with
    /// --format (which escapes it), else the name as printed before each URI, or nothing when
    /// names are not shown.
    pub fn set_prefix(&mut self, input: &Input) -> io::Result<()> {
        self.prefix.clear();
        self.depths.clear();
        self.member = None;
        if self.style.print == Print::Json {
            return json::push_name(&mut self.prefix, input.name_str(), input.name_bytes());
        }
        if self.style.print == Print::Template {
            self.prefix.extend_from_slice(input.name_bytes());
            return Ok(());
        }
        if self.style.with_filename && self.style.print == Print::Uris {
            push_name(&mut self.prefix, input, self.style.colors, self.args.null, b':');
        }
        Ok(())
    }

    /// The matches that follow come from the run of gzip members that starts at `at` of the
    /// input, each run scanned on its own: their spans count its bytes from that member on.
    /// The nesting of matches starts again there.
    pub fn set_member(&mut self, at: u64) {
        self.member = Some(at);
        self.depths.clear();
    }

    /// The output at the end of an input: its count with -c, its name with -l.
    pub fn finish_input(&mut self, input: &Input, counts: Counts) -> io::Result<()> {
        let (colors, null) = (self.style.colors, self.args.null);
        self.buf.clear();
        match self.style.print {
            Print::Counts if self.args.json => {
                let mut name = Vec::new();
                json::push_name(&mut name, input.name_str(), input.name_bytes())?;
                json::summary_record(&mut self.buf, &name, counts);
            }
            Print::Counts => {
                if self.style.with_filename {
                    push_name(&mut self.buf, input, colors, null, b':');
                }
                serde_json::to_writer(&mut self.buf, &counts.matches).map_err(io::Error::from)?;
                self.buf.push(b'\n');
            }
            Print::FileNames if counts.matches > 0 => push_name(&mut self.buf, input, colors, null, b'\n'),
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

    /// Notes where `m` is (`index`, among the input's printed matches, when it is printed), and
    /// gives the index of its outer match when that one was printed. Matches come in the
    /// order of a walk of each match and its nested ones: the outer match of one at depth `d`
    /// is the last seen at depth `d - 1`.
    fn place_nested(&mut self, m: &Match, index: Option<u64>) -> Option<u64> {
        let depth = m.depth();
        self.depths.resize(depth, None);
        let outer = depth.checked_sub(1).and_then(|d| self.depths[d]);
        self.depths.push(index);
        outer
    }

    /// Applies `--scheme`, `--flag` and `--unique`; with `--nested`, places `m`, which is the
    /// input's `index`th match printed if it is kept.
    fn keep(&mut self, m: &Match, index: u64) -> bool {
        let kept = self.passes(m);
        if self.args.nested {
            self.outer = self.place_nested(m, kept.then_some(index));
        }
        kept
    }

    /// Whether `m` passes `--scheme`, `--flag` and `--unique`.
    fn passes(&mut self, m: &Match) -> bool {
        if !self.schemes.is_empty() && !self.schemes.iter().any(|s| s.eq_ignore_ascii_case(m.scheme())) {
            return false;
        }
        // The flags are computed only here, and only when asked for.
        if !self.args.flag.is_empty() {
            let flags = m.flags();
            if !self.args.flag.iter().any(|&f| flags.contains(f)) {
                return false;
            }
        }
        // A URI seen before (most of them, in a log) is looked up without being copied.
        !self.args.unique || (!self.seen.contains(m.uri_bytes()) && self.seen.insert(m.uri_bytes().into()))
    }

    fn print(&mut self, m: &Match) -> io::Result<()> {
        let text = match &self.context {
            Some(context) => Some(context.borrow_mut().line(m.span())?),
            None => None,
        };
        if self.style.print == Print::Json {
            self.buf.clear();
            json::match_record(&mut self.buf, m, &self.prefix, text.as_deref(), self.outer, self.member)?;
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
                template.render(
                    &mut self.buf,
                    m,
                    reading,
                    &self.prefix,
                    text.as_deref().unwrap_or_default(),
                    self.outer,
                    self.member,
                );
            }
            return self.emit();
        }
        let c = self.style.colors;
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

/// Appends the name of `input` as text output shows it, in its colour, and the byte that ends
/// it: `end`, or NUL with `-0` (`null`). With `-0` the name is written exactly as the system
/// gives it (for `xargs -0`), else with its control characters escaped.
fn push_name(buf: &mut Vec<u8>, input: &Input, colors: &Colors, null: bool, end: u8) {
    buf.extend_from_slice(colors.file);
    if null {
        buf.extend_from_slice(input.name_bytes());
    } else {
        push_escaped(buf, input.name_bytes());
    }
    buf.extend_from_slice(colors.reset);
    buf.push(if null { b'\0' } else { end });
}

impl<'a> Printer<'a, Vec<u8>> {
    /// A printer into a buffer in `style`, for a worker of `-j`: the same records, byte for
    /// byte, as the main thread writes for the same matches.
    pub fn rendering(args: &'a Args, style: Style) -> Self {
        Printer::new(args, Vec::new(), style, false)
    }

    /// How many bytes are written and not taken yet.
    pub fn rendered_len(&self) -> usize {
        self.out.len()
    }

    /// The bytes written so far, taken.
    pub fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }
}
