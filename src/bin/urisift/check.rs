//! `urisift check`, `urisift resolve`, `urisift normalize`: the validating parser on the command
//! line.
//!
//! Output goes through one locked, buffered stdout; a closed pipe (`| head -1`) ends the command
//! quietly with status 0, as grep-like tools do.

use std::ffi::OsString;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use serde::Serialize;
use urisift::uri::{self, Component, ErrorKind, Grammar, HostKind, Uri};

use crate::args::grammar_parser;
use crate::escape::escaped_str;
use crate::message::complain;

/// The long `--help` text of the subcommand (set on its variant in main.rs, whose doc
/// comment would override one set here).
pub(crate) const CHECK_LONG_ABOUT: &str = "\
Check whether each URI reference is valid under a grammar, and say why not.

Each URI argument is one input; with no arguments, each line of standard input is one (its line \
ending, \\n or \\r\\n, removed; an empty line is an input too). Relative references (../a, //host/p, \
?q) are checked too, by the grammar's URI-reference rule. With --grammar rfc3987 the inputs are IRI \
references (characters outside ASCII allowed where RFC 3987 allows them).";

const CHECK_AFTER_HELP: &str = "\
Output (one line per input, in input order, fields separated by a tab):
  valid<TAB>URI
  valid<TAB>URI<TAB>MAPPED            (with --to-uri)
  invalid<TAB>URI<TAB>REASON at byte N
Control characters in URI are shown escaped (\\t, \\u{1b}); input that is not UTF-8 is shown with \
U+FFFD for each bad byte and reported as non-ASCII.

With --json, one JSON object per line and input, keys in this order:
  {\"input\", \"valid\", \"error\": {\"index\", \"message\"} | null, \"scheme\", \"authority\",
   \"userinfo\", \"host\", \"host_kind\", \"port\", \"path\", \"query\", \"fragment\",
   \"urn\": {\"nid\", \"nss\", \"query\", \"fragment\"} | null[, \"uri\": MAPPED | null]}
Components are strings as they appear in the input: null when undefined (no separator), \"\" when \
empty. An IPv6 host keeps its brackets; host_kind is reg-name, ipv4, ipv6 or ipvfuture. For an \
invalid input every component is null. \"urn\" is set for URNs (urn.query: the ?+/?= parts as written \
under rfc3986, the query directives under rfc2396). \"uri\" is there with --to-uri only: the URI a \
valid input maps to (RFC 3987 §3.1), null for an invalid one.

Exit status: 0 when every input is valid, 1 when any is not, 2 on a usage or read error.

Examples:
  $ urisift check 'http://example.com/a?b#c' 'http://a/%zz'
  valid	http://example.com/a?b#c
  invalid	http://a/%zz	invalid percent-escape at byte 9
  $ urisift check --grammar rfc1738 'http://example.com/~user'
  $ urisift check --grammar rfc3987 --to-uri 'http://bücher.example/straße'
  valid	http://bücher.example/straße	http://xn--bcher-kva.example/stra%C3%9Fe
  $ urisift check --clickable-hosts 'http://-example.com/'
  $ printf 'mailto:a@example.org\\n../up\\n' | urisift check --json
  $ urisift check -- -relative-reference-starting-with-a-dash";

const GRAMMAR_HELP: &str = "\
The grammar to check against:
  rfc3986  RFC 3986 generic syntax, RFC 8141 URNs, and the structure rules of well-known schemes \
(http needs a host, news needs a group or an article, ftp's ;type= is a, i or d, mailto needs an \
address and its query is RFC 6068's header fields, ...). Extraction reads a mailto's query as mail \
clients send it, by the generic syntax (mailto:a@b.example?subject=a/b), unless --strict; check \
keeps RFC 6068's reading
  rfc2396  the grammar of draft-fielding-uri-syntax-01 (the draft of RFC 2396): no IP literals, \
host names by its rules; URNs per draft-ietf-urnbis-rfc2141bis-urn-03
  rfc1738  the RFC 1738 BNF for its ten schemes (~ is unsafe, http has no userinfo); other schemes \
as rfc2396
  rfc3987  IRIs: rfc3986 with the characters outside ASCII that RFC 3987 allows (ucschar in \
userinfo, host name, path, query and fragment; private-use characters in the query only); the \
scheme rules are checked on the IRI's URI mapping
Example: urisift check --grammar rfc2396 'http://[::1]/'";

const TO_URI_HELP: &str = "\
Print, after each valid input, the URI it maps to (RFC 3987 §3.1): an internationalized host name \
in A-labels (UTS #46 ToASCII), every other character outside ASCII as the percent-escapes of its \
UTF-8 octets. A URI maps to itself.
Example: urisift check --grammar rfc3987 --to-uri 'http://résumé.example.org'";

const CLICKABLE_HELP: &str = "\
Also require a host a reader would click, as the extractor does: a registered name of labels \
separated by '.' (one trailing dot allowed, no other empty label), each of ASCII letters, digits, \
'-' and '_' and Unicode letters, marks and digits, none starting or ending with '-', the last \
not starting with a digit; or an IP address. Percent-escapes in a name are judged by the UTF-8 \
they encode. The grammars themselves accept any reg-name.
Example: urisift check --clickable-hosts 'https://${HOST}/' 'http://-example.com'";

const JSON_HELP: &str = "\
Print one JSON object per input (see below) instead of the tab-separated line.
Example: urisift check --json 'http://[::1]:8080/p?#f'";

/// Arguments of `urisift check`.
#[derive(Debug, clap::Args)]
#[command(after_help = CHECK_AFTER_HELP)]
pub struct CheckArgs {
    /// The grammar to check against.
    #[arg(
        long,
        value_name = "GRAMMAR",
        default_value = "rfc3986",
        ignore_case = true,
        value_parser = check_grammar_parser(),
        long_help = GRAMMAR_HELP,
    )]
    grammar: CheckGrammar,
    /// One JSON object per input, with its components.
    #[arg(long, long_help = JSON_HELP)]
    json: bool,
    /// Print the URI each valid input maps to (RFC 3987 §3.1).
    #[arg(long, long_help = TO_URI_HELP)]
    to_uri: bool,
    /// Also require a host a reader would click.
    #[arg(long, long_help = CLICKABLE_HELP)]
    clickable_hosts: bool,
    /// The URI references to check; each line of standard input when none are given.
    #[arg(value_name = "URI")]
    uris: Vec<OsString>,
}

/// What `--grammar` names: one of the library's [`Grammar`]s, or IRIs (`rfc3987`), which the
/// library parses with [`Uri::parse_iri`] rather than as a `Grammar` (see the `uri` module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CheckGrammar {
    Uri(Grammar),
    Iri,
}

/// The grammar names `check` takes, in any case, with or without `rfc`: those of the other
/// commands and `rfc3987`.
fn check_grammar_parser() -> clap::builder::ValueParser {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let names =
        ["rfc3986", "rfc2396", "rfc1738", "rfc3987"].map(|name| PossibleValue::new(name).alias(&name[3..]));
    PossibleValuesParser::new(names).try_map(|name| CheckGrammar::from_name(&name)).into()
}

impl CheckGrammar {
    fn from_name(name: &str) -> Result<Self, uri::UnknownGrammar> {
        if name.eq_ignore_ascii_case("rfc3987") || name == "3987" {
            return Ok(CheckGrammar::Iri);
        }
        name.parse().map(CheckGrammar::Uri)
    }

    fn parse(self, input: &str) -> Result<Uri<'_>, uri::ParseError> {
        match self {
            CheckGrammar::Uri(grammar) => Uri::parse_with(input, grammar),
            CheckGrammar::Iri => Uri::parse_iri(input),
        }
    }
}

/// The long `--help` text of the subcommand (set on its variant in main.rs, whose doc
/// comment would override one set here).
pub(crate) const RESOLVE_LONG_ABOUT: &str = "\
Resolve each reference against a base URI, by RFC 3986 §5.2 (strict: a reference with a scheme is \
absolute, even with the base's scheme), and print one target URI per line.

Each REF argument is one input; with none, each line of standard input is one. The base must be \
absolute (have a scheme). Base and references are checked against the RFC 3986 generic syntax, or \
against --grammar when it is given (then with its scheme rules: `http:g` is no http URI). An \
invalid base is reported on standard error; an invalid reference gives its line (below) and the \
others are still resolved.";

const RESOLVE_AFTER_HELP: &str = "\
Output (one line per input, in input order):
  RESULT
  invalid<TAB>INPUT<TAB>REASON at byte N
With --json, one JSON object per line and input, keys in this order:
  {\"input\", \"valid\", \"result\": string | null, \"error\": {\"index\", \"message\"} | null}

Exit status: 0 when every reference was resolved, 1 when the base or a reference is invalid, 2 on \
a usage or read error.

Examples:
  $ urisift resolve 'http://a/b/c/d;p?q' ../g '?y' 'g#s' //g http:g
  http://a/b/g
  http://a/b/c/d;p?y
  http://a/b/c/g#s
  http://g
  http:g
  $ urisift resolve http://a g
  http://a/g
  $ urisift resolve http://a/b/ -- -dash
  http://a/b/-dash
  $ printf '../x\\n%%zz\\n' | urisift resolve --json http://a/b/c";

/// The long `--help` text of the subcommand (set on its variant in main.rs, whose doc
/// comment would override one set here).
pub(crate) const NORMALIZE_LONG_ABOUT: &str = "\
Print the normal form of each URI reference, one per line (RFC 3986 §6.2.2-6.2.3, seed §6): \
scheme and host lower-cased, hex digits of percent-escapes upper-cased, escaped unreserved \
characters decoded, dot segments removed, an empty or default port removed, an empty http(s) path \
made \"/\"; URNs per RFC 8141 §3. Two URIs are equivalent when their normal forms are equal.

Each URI argument is one input; with none, each line of standard input is one. Each is checked \
against --grammar (rfc3986 by default); an invalid one gives its line (below) and the others are \
still normalized.";

const NORMALIZE_AFTER_HELP: &str = "\
Output (one line per input, in input order):
  RESULT
  invalid<TAB>INPUT<TAB>REASON at byte N
With --json, one JSON object per line and input, keys in this order:
  {\"input\", \"valid\", \"result\": string | null, \"error\": {\"index\", \"message\"} | null}

Exit status: 0 when every URI was normalized, 1 when any is invalid, 2 on a usage or read error.

Examples:
  $ urisift normalize 'HTTP://www.Example.COM:80' 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'
  http://www.example.com/
  example://a/b/c/%7Bfoo%7D
  $ urisift normalize < urls.txt | sort -u";

/// Arguments of `urisift resolve`.
#[derive(Debug, clap::Args)]
#[command(after_help = RESOLVE_AFTER_HELP)]
pub struct ResolveArgs {
    /// The grammar base and references are checked against (default: the RFC 3986 generic
    /// syntax, without scheme rules).
    #[arg(long, value_name = "GRAMMAR", ignore_case = true, value_parser = grammar_parser())]
    grammar: Option<Grammar>,
    /// One JSON object per input.
    #[arg(long)]
    json: bool,
    /// The base URI (absolute).
    #[arg(value_name = "BASE")]
    base: String,
    /// The references to resolve against it; each line of standard input when none are given.
    #[arg(value_name = "REF")]
    references: Vec<OsString>,
}

/// Arguments of `urisift normalize`.
#[derive(Debug, clap::Args)]
#[command(after_help = NORMALIZE_AFTER_HELP)]
pub struct NormalizeArgs {
    /// The grammar each URI is checked against.
    #[arg(long, value_name = "GRAMMAR", default_value = "rfc3986", ignore_case = true, value_parser = grammar_parser())]
    grammar: Grammar,
    /// One JSON object per input.
    #[arg(long)]
    json: bool,
    /// The URI references to normalize; each line of standard input when none are given.
    #[arg(value_name = "URI")]
    uris: Vec<OsString>,
}

/// How a command ended, before it becomes an exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    /// Every input was fine: 0.
    Ok,
    /// Some input was invalid: 1.
    Invalid,
    /// Input could not be read: 2.
    Error,
}

/// Turns the outcome into an exit status; a closed stdout is a quiet, successful end.
fn finish(result: io::Result<Status>) -> ExitCode {
    match result {
        Ok(Status::Ok) => ExitCode::SUCCESS,
        Ok(Status::Invalid) => ExitCode::from(1),
        Ok(Status::Error) => ExitCode::from(2),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            complain(format_args!("writing standard output: {e}"));
            ExitCode::from(2)
        }
    }
}

/// `urisift check`.
pub fn check(args: CheckArgs) -> ExitCode {
    let mut out = BufWriter::new(io::stdout().lock());
    let result = run_check(&args, &mut out).and_then(|status| out.flush().map(|()| status));
    finish(result)
}

fn run_check(args: &CheckArgs, out: &mut impl Write) -> io::Result<Status> {
    each_input(&args.uris, out, |input, out| check_one(input, args, out))
}

/// Calls `one` on each input, in order: each argument, or with none, each line of standard
/// input (its line ending, `\n` or `\r\n`, removed; an empty line is an input too). `one`
/// writes the input's line and says whether it was valid.
fn each_input<W: Write>(
    arguments: &[OsString],
    out: &mut W,
    mut one: impl FnMut(&[u8], &mut W) -> io::Result<bool>,
) -> io::Result<Status> {
    let mut all_valid = true;
    if !arguments.is_empty() {
        for arg in arguments {
            all_valid &= one(arg.as_encoded_bytes(), out)?;
        }
    } else {
        let stdin = io::stdin();
        // Someone typing URIs wants each answer at once; a pipe is better served in blocks.
        let interactive = stdin.is_terminal() || io::stdout().is_terminal();
        let mut stdin = stdin.lock();
        let mut line = Vec::new();
        loop {
            line.clear();
            match stdin.read_until(b'\n', &mut line) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) => {
                    out.flush()?;
                    complain(format_args!("{}: {e}", crate::input::STDIN_NAME));
                    return Ok(Status::Error);
                }
            }
            let input = line.strip_suffix(b"\n").unwrap_or(&line);
            let input = input.strip_suffix(b"\r").unwrap_or(input);
            all_valid &= one(input, out)?;
            if interactive {
                out.flush()?;
            }
        }
    }
    Ok(if all_valid { Status::Ok } else { Status::Invalid })
}

/// Why an input is invalid, as `--json` reports it.
#[derive(Debug, Serialize)]
struct Failure {
    index: usize,
    message: String,
}

/// The `--json` object of one input; field order is the output's key order.
#[derive(Debug, Serialize)]
struct Report<'a> {
    input: &'a str,
    valid: bool,
    error: Option<Failure>,
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    host_kind: Option<&'static str>,
    port: Option<&'a str>,
    path: Option<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
    urn: Option<UrnReport<'a>>,
    /// With `--to-uri` only: the URI mapping of a valid input, `null` for an invalid one.
    #[serde(skip_serializing_if = "Option::is_none")]
    uri: Option<Option<String>>,
}

/// The `urn` member of [`Report`].
#[derive(Debug, Serialize)]
struct UrnReport<'a> {
    nid: &'a str,
    nss: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Report<'a> {
    fn valid(uri: &Uri<'a>) -> Self {
        Report {
            input: uri.as_str(),
            valid: true,
            error: None,
            scheme: uri.scheme(),
            authority: uri.authority(),
            userinfo: uri.userinfo(),
            host: uri.host(),
            host_kind: uri.host_kind().map(HostKind::name),
            port: uri.port(),
            path: Some(uri.path()),
            query: uri.query(),
            fragment: uri.fragment(),
            urn: urn_report(uri),
            uri: None,
        }
    }

    fn invalid(input: &'a str, failure: Failure) -> Self {
        Report {
            input,
            valid: false,
            error: Some(failure),
            scheme: None,
            authority: None,
            userinfo: None,
            host: None,
            host_kind: None,
            port: None,
            path: None,
            query: None,
            fragment: None,
            urn: None,
            uri: None,
        }
    }
}

/// The URN parts of a URI whose scheme is `urn` (its URN syntax was checked by the parse).
fn urn_report<'a>(uri: &Uri<'a>) -> Option<UrnReport<'a>> {
    let urn = uri.urn()?;
    Some(UrnReport { nid: urn.nid(), nss: urn.nss(), query: urn.query(), fragment: urn.fragment() })
}

/// Checks one input and writes its line; returns whether it is valid.
fn check_one(bytes: &[u8], args: &CheckArgs, out: &mut impl Write) -> io::Result<bool> {
    let input = match std::str::from_utf8(bytes) {
        Ok(input) => input,
        Err(_) => {
            write_invalid(out, &String::from_utf8_lossy(bytes), non_ascii(bytes), args)?;
            return Ok(false);
        }
    };
    let uri = match args.grammar.parse(input) {
        Ok(uri) => uri,
        Err(e) => {
            write_invalid(out, input, Failure { index: e.index(), message: e.to_string() }, args)?;
            return Ok(false);
        }
    };
    if args.clickable_hosts
        && let (Some(host), Some(span)) = (uri.host(), uri.span(Component::Host))
        && !uri::is_clickable_host(host)
    {
        let message = format!("host {host:?} is not a name a reader would click at byte {}", span.start);
        write_invalid(out, input, Failure { index: span.start as usize, message }, args)?;
        return Ok(false);
    }
    let mapped = args.to_uri.then(|| urisift::uri::iri_to_uri(uri.as_str()).into_owned());
    if args.json {
        write_json(out, &Report { uri: mapped.map(Some), ..Report::valid(&uri) })?;
    } else if let Some(mapped) = mapped {
        writeln!(out, "valid\t{}\t{}", escaped_str(input), escaped_str(&mapped))?;
    } else {
        writeln!(out, "valid\t{}", escaped_str(input))?;
    }
    Ok(true)
}

/// The failure of an input that is not UTF-8, hence neither a URI nor an IRI. Shown lossily; the
/// index is of the first non-ASCII byte, in the input as given. The message is written the way
/// `ParseError` displays itself.
fn non_ascii(bytes: &[u8]) -> Failure {
    let index = bytes.iter().position(|b| !b.is_ascii()).unwrap_or(0);
    Failure { index, message: format!("{} at byte {index}", ErrorKind::NonAscii) }
}

fn write_invalid(out: &mut impl Write, input: &str, failure: Failure, args: &CheckArgs) -> io::Result<()> {
    if args.json {
        let uri = args.to_uri.then_some(None);
        write_json(out, &Report { uri, ..Report::invalid(input, failure) })
    } else {
        // Control characters escaped (`\t`, `\u{1b}`), so that one input stays one line with its
        // fields apart, and the terminal is not driven by the input.
        writeln!(out, "invalid\t{}\t{}", escaped_str(input), failure.message)
    }
}

fn write_json(out: &mut impl Write, report: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, report).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// `urisift resolve`.
pub fn resolve(args: ResolveArgs) -> ExitCode {
    // The empty reference is always valid, so this checks the base alone.
    let base = match args.grammar {
        None => uri::resolve(&args.base, "").map(|_| ()).map_err(|e| e.to_string()),
        Some(grammar) => match Uri::parse_with(&args.base, grammar) {
            Ok(base) if base.is_absolute() => Ok(()),
            Ok(_) => Err(format!("{} at byte 0", ErrorKind::MissingScheme)),
            Err(e) => Err(e.to_string()),
        },
    };
    if let Err(e) = base {
        complain(format_args!("invalid base URI {:?}: {e}", args.base));
        return ExitCode::from(1);
    }
    let target = |reference: &str| match args.grammar {
        None => uri::resolve(&args.base, reference),
        Some(grammar) => {
            let base = Uri::parse_with(&args.base, grammar)?;
            Ok(base.resolve(&Uri::parse_with(reference, grammar)?))
        }
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let result =
        each_input(&args.references, &mut out, |input, out| transform_one(input, args.json, out, target));
    finish(result.and_then(|status| out.flush().map(|()| status)))
}

/// `urisift normalize`.
pub fn normalize(args: NormalizeArgs) -> ExitCode {
    let normal = |input: &str| Uri::parse_with(input, args.grammar).map(|uri| uri.normalized());
    let mut out = BufWriter::new(io::stdout().lock());
    let result = each_input(&args.uris, &mut out, |input, out| transform_one(input, args.json, out, normal));
    finish(result.and_then(|status| out.flush().map(|()| status)))
}

/// The `--json` object of one input of `resolve` or `normalize`; field order is the output's
/// key order.
#[derive(Debug, Serialize)]
struct Transformed<'a> {
    input: &'a str,
    valid: bool,
    result: Option<&'a str>,
    error: Option<Failure>,
}

/// Writes `f(input)`, or the line of an invalid input; returns whether it was valid.
fn transform_one(
    bytes: &[u8],
    json: bool,
    out: &mut impl Write,
    f: impl Fn(&str) -> Result<String, uri::ParseError>,
) -> io::Result<bool> {
    let lossy;
    let (input, result) = match std::str::from_utf8(bytes) {
        Ok(input) => (input, f(input).map_err(|e| Failure { index: e.index(), message: e.to_string() })),
        Err(_) => {
            lossy = String::from_utf8_lossy(bytes);
            (&*lossy, Err(non_ascii(bytes)))
        }
    };
    let valid = result.is_ok();
    match (json, result) {
        (true, Ok(result)) => {
            write_json(out, &Transformed { input, valid, result: Some(&result), error: None })?;
        }
        (true, Err(failure)) => {
            write_json(out, &Transformed { input, valid, result: None, error: Some(failure) })?
        }
        (false, Ok(result)) => writeln!(out, "{result}")?,
        (false, Err(failure)) => writeln!(out, "invalid\t{}\t{}", escaped_str(input), failure.message)?,
    }
    Ok(valid)
}
