//! The RFC 1738 §5 BNF for its ten schemes, as nom parsers: one function per rule, each with
//! the rule it implements.
//!
//! How the text is read:
//!
//! - The BNF uses "the conventions of RFC822" (§5), under which case is ignored when matching
//!   everything but a few text units (RFC 822 §3.4.7): quoted literals match in either case,
//!   so `HTTP://` is `"http://"` and `;TYPE=a` is `";type=" ftptype`. Scheme names are
//!   case-insensitive anyway (§2.1: "interpreters should use case-ignore").
//! - An RFC 1738 URL has no fragment; `#` is unsafe in it (§2.2) and must be encoded. A URI
//!   *reference* may still carry one (seed 000 §3: `URI-reference = [ absoluteURI |
//!   relativeURI ] [ "#" fragment ]`, and the appendix puts a fragment "within the brackets as
//!   well"). So the text before the first `#` must be a URL of the BNF, and what follows it is
//!   checked as seed 000's `fragment = *uric`.
//! - The BNF is followed to the letter, including where it is stricter than the prose or than
//!   later practice: an http `?search` needs a path before it (`http://host?x` is invalid), a
//!   search holds no `/` or `?`, `mailto:` takes `1*xchar` and nothing about RFC 822 beyond it,
//!   a port is `1*digit`, a host name has no trailing dot, and `~` (one of the unsafe
//!   "national" characters, §2.2) appears nowhere.
//! - `gopherurl`'s `selector = *xchar` also matches `%09`, so the optional `"%09" search` and
//!   `"%09" gopher+_string` parts can never change which URLs are valid; they are parsed as
//!   written, after a greedy selector, and document the rule rather than decide anything.
//!
//! Every parser here is linear: each rule scans forward; the only backtracking is `login`'s
//! optional `user[:password]@`, `waisurl`'s three alternatives and `host`'s two, each of which
//! rereads a bounded part of the input a bounded number of times.

use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while, take_while_m_n, take_while1};
use nom::character::complete::{char, satisfy};
use nom::combinator::{all_consuming, cut, eof, not, opt, peek, recognize};
use nom::error::{ContextError, ErrorKind as NomErrorKind, ParseError as NomParseError, context};
use nom::multi::many0_count;
use nom::{IResult, Parser};

use super::lex::{FTP_TYPE, char_error, is_escape};
use super::{ErrorKind, ParseError};
use crate::chars::{
    self, ALPHA, DIGIT, EXCLUDED, EXTRA_1738, HEXDIG, RESERVED_2396, SAFE_1738, UNRESERVED_2396,
};

/// The input of every rule: the bytes of the URL not yet parsed.
type Input<'a> = &'a [u8];

/// What every rule returns: the rest of the input, and the part it matched.
type Res<'a> = IResult<Input<'a>, Input<'a>, Failure>;

/// The ten schemes of RFC 1738 §3.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scheme {
    /// §3.2, `ftpurl`.
    Ftp,
    /// §3.10, `fileurl`.
    File,
    /// §3.3, `httpurl`.
    Http,
    /// §3.4, `gopherurl`.
    Gopher,
    /// §3.5, `mailtourl`.
    Mailto,
    /// §3.6, `newsurl`.
    News,
    /// §3.7, `nntpurl`.
    Nntp,
    /// §3.8, `telneturl`.
    Telnet,
    /// §3.9, `waisurl`.
    Wais,
    /// §3.11, `prosperourl`.
    Prospero,
}

impl Scheme {
    const ALL: [Scheme; 10] = [
        Scheme::Ftp,
        Scheme::File,
        Scheme::Http,
        Scheme::Gopher,
        Scheme::Mailto,
        Scheme::News,
        Scheme::Nntp,
        Scheme::Telnet,
        Scheme::Wais,
        Scheme::Prospero,
    ];

    /// The scheme's name, in lower case.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Scheme::Ftp => "ftp",
            Scheme::File => "file",
            Scheme::Http => "http",
            Scheme::Gopher => "gopher",
            Scheme::Mailto => "mailto",
            Scheme::News => "news",
            Scheme::Nntp => "nntp",
            Scheme::Telnet => "telnet",
            Scheme::Wais => "wais",
            Scheme::Prospero => "prospero",
        }
    }

    /// The RFC 1738 scheme called `name`, in any case ("interpreters should use case-ignore").
    pub(crate) fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// The rule for a URL of this scheme.
    fn url(self) -> fn(Input<'_>) -> Res<'_> {
        match self {
            Scheme::Ftp => ftpurl,
            Scheme::File => fileurl,
            Scheme::Http => httpurl,
            Scheme::Gopher => gopherurl,
            Scheme::Mailto => mailtourl,
            Scheme::News => newsurl,
            Scheme::Nntp => nntpurl,
            Scheme::Telnet => telneturl,
            Scheme::Wais => waisurl,
            Scheme::Prospero => prosperourl,
        }
    }
}

/// Checks `input`, a URL of `scheme` with an optional `#fragment`, against the BNF.
pub(crate) fn check(input: &str, scheme: Scheme) -> Result<(), ParseError> {
    let b = input.as_bytes();
    let hash = b.iter().position(|&c| c == b'#').unwrap_or(b.len());
    let url = b.get(..hash).unwrap_or_default();
    if let Err(err) = all_consuming(scheme.url()).parse(url) {
        let failure = match err {
            nom::Err::Error(failure) | nom::Err::Failure(failure) => failure,
            // Complete parsers never ask for more input; were one to, the URL ended too soon.
            nom::Err::Incomplete(_) => Failure { left: 0, rule: None },
        };
        let at = url.len().saturating_sub(failure.left);
        return Err(ParseError::new(at, failure.kind(url, at, scheme)));
    }
    if hash < b.len() {
        fragment(b, hash + 1)?;
    }
    Ok(())
}

/// Seed 000 §3: `fragment = *uric`, `uric = reserved | unreserved | escaped`.
fn fragment(b: &[u8], start: usize) -> Result<(), ParseError> {
    let mut i = start;
    while let Some(&c) = b.get(i) {
        if c == b'%' && is_escape(b, i) {
            i += 3;
        } else if chars::is(c, RESERVED_2396 | UNRESERVED_2396) {
            i += 1;
        } else {
            return Err(ParseError::new(i, char_error(b, i)));
        }
    }
    Ok(())
}

/// Why a rule failed: how much input was left where it failed (so that the position survives
/// backtracking), and the innermost rule that named the problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Failure {
    left: usize,
    rule: Option<&'static str>,
}

impl Failure {
    /// A failure where `rest` starts.
    fn at(rest: Input<'_>) -> nom::Err<Self> {
        nom::Err::Error(Failure { left: rest.len(), rule: None })
    }

    /// The error kind for a failure at byte `at` of `url`: the byte's own fault first (not
    /// ASCII, a broken escape, an unsafe character), then the rule's.
    fn kind(self, url: &[u8], at: usize, scheme: Scheme) -> ErrorKind {
        match url.get(at) {
            Some(&c) if !c.is_ascii() => return ErrorKind::NonAscii,
            Some(b'%') if !is_escape(url, at) => return ErrorKind::InvalidPercentEscape,
            // §2.2: "unsafe" are space, `< > " # %`, and `{ } | \ ^ ~ [ ] \``; all but `~`, `#`
            // and `%` are excluded from URIs anyway. Controls "must be encoded" as well.
            Some(&c) if chars::is(c, EXCLUDED) || c == b'~' => return ErrorKind::Excluded(char::from(c)),
            _ => {}
        }
        match self.rule {
            Some(HOST) if host_is_missing(url, at) && scheme != Scheme::News => {
                ErrorKind::MissingHost(scheme.name())
            }
            Some(HOST) => ErrorKind::InvalidHost,
            Some(SLASHES) => ErrorKind::MissingHost(scheme.name()),
            Some(PORT) => ErrorKind::InvalidPort,
            Some(message) => ErrorKind::Scheme(message),
            None => char_error(url, at),
        }
    }
}

/// Whether a host that failed at `at` is empty: it would start right after `//` or `@`, and a
/// delimiter (or the end) is there instead.
fn host_is_missing(url: &[u8], at: usize) -> bool {
    let after_prefix = at > 0 && matches!(url.get(at - 1), Some(b'/' | b'@'));
    after_prefix && matches!(url.get(at), None | Some(b'/' | b':' | b'@' | b'?' | b';'))
}

impl NomParseError<Input<'_>> for Failure {
    fn from_error_kind(input: Input<'_>, _: NomErrorKind) -> Self {
        Failure { left: input.len(), rule: None }
    }

    fn append(_: Input<'_>, _: NomErrorKind, other: Self) -> Self {
        other
    }

    /// Of two failed alternatives, report the one that got further.
    fn or(self, other: Self) -> Self {
        if other.left <= self.left { other } else { self }
    }
}

impl ContextError<Input<'_>> for Failure {
    /// The innermost rule that names the problem is the most precise one.
    fn add_context(_: Input<'_>, rule: &'static str, mut other: Self) -> Self {
        other.rule = other.rule.or(Some(rule));
        other
    }
}

/// Context for `host`: becomes [`ErrorKind::MissingHost`] or [`ErrorKind::InvalidHost`].
const HOST: &str = "host";
/// Context for `port`: becomes [`ErrorKind::InvalidPort`].
const PORT: &str = "port";
/// Context for the `//` of the common Internet scheme syntax (§3.1): becomes
/// [`ErrorKind::MissingHost`].
const SLASHES: &str = "//";

// What each scheme's URLs look like: the message when a rule fails with no more precise one.
const FTP_URL: &str = "an RFC 1738 ftp URL is ftp://[user[:password]@]host[:port][/path[;type=a|i|d]], \
                       reserved characters such as `;` encoded inside names (§3.2)";
const FILE_URL: &str = "an RFC 1738 file URL is file://[host]/path, with no user name or port (§3.10)";
const HTTP_URL: &str = "an RFC 1738 http URL is http://host[:port][/path[?search]]: no user name or \
                        password, no `/` or `?` in the search (§3.3, §5)";
const GOPHER_URL: &str = "an RFC 1738 gopher URL is gopher://host[:port][/[type[selector]]] (§3.4)";
const MAILTO_URL: &str = "an RFC 1738 mailto URL is `mailto:` and an address (§3.5)";
const NEWS_URL: &str = "an RFC 1738 news URL is news:group, news:article-id@host or news:* (§3.6)";
const NNTP_URL: &str = "an RFC 1738 nntp URL is nntp://host[:port]/group[/article-number] (§3.7)";
const TELNET_URL: &str = "an RFC 1738 telnet URL is telnet://[user[:password]@]host[:port][/] (§3.8)";
const WAIS_URL: &str = "an RFC 1738 wais URL is wais://host[:port]/database[?search | /wtype/wpath] (§3.9)";
const PROSPERO_URL: &str = "an RFC 1738 prospero URL is prospero://host[:port]/hsoname[;field=value]..., \
                            with no user name or password (§3.11)";

// ---- The predefined schemes ----

/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`
///
/// `";type="` can only come last (`;` is not an `fsegment` character), so the typecode must
/// end the URL.
fn ftpurl(i: Input<'_>) -> Res<'_> {
    let typecode = (tag_no_case(";type="), cut(context(FTP_TYPE, (ftptype, eof))));
    let url = (tag_no_case("ftp:"), slashes, login, opt((char('/'), fpath, opt(typecode))), eof);
    context(FTP_URL, recognize(url)).parse(i)
}

/// `fpath = fsegment *[ "/" fsegment ]`
fn fpath(i: Input<'_>) -> Res<'_> {
    recognize((fsegment, many0_count((char('/'), fsegment)))).parse(i)
}

/// `fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`
fn fsegment(i: Input<'_>) -> Res<'_> {
    star(|c| unreserved(c) || matches!(c, b'?' | b':' | b'@' | b'&' | b'=')).parse(i)
}

/// `ftptype = "A" | "I" | "D" | "a" | "i" | "d"`
fn ftptype(i: Input<'_>) -> Res<'_> {
    recognize(satisfy(|c| matches!(c, 'A' | 'I' | 'D' | 'a' | 'i' | 'd'))).parse(i)
}

/// `fileurl = "file://" [ host | "localhost" ] "/" fpath`
fn fileurl(i: Input<'_>) -> Res<'_> {
    let url = (tag_no_case("file:"), tag("//"), file_host, char('/'), fpath, eof);
    context(FILE_URL, recognize(url)).parse(i)
}

/// `[ host | "localhost" ]` of `fileurl`: absent exactly when the `"/"` that follows it is next.
fn file_host(i: Input<'_>) -> Res<'_> {
    match i.first() {
        None | Some(b'/') => Ok((i, i.get(..0).unwrap_or_default())),
        Some(_) => context(HOST, alt((host, tag_no_case("localhost")))).parse(i),
    }
}

/// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`
fn httpurl(i: Input<'_>) -> Res<'_> {
    let url =
        (tag_no_case("http:"), slashes, hostport, opt((char('/'), hpath, opt((char('?'), search)))), eof);
    context(HTTP_URL, recognize(url)).parse(i)
}

/// `hpath = hsegment *[ "/" hsegment ]`
fn hpath(i: Input<'_>) -> Res<'_> {
    recognize((hsegment, many0_count((char('/'), hsegment)))).parse(i)
}

/// `hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`
fn hsegment(i: Input<'_>) -> Res<'_> {
    star(|c| unreserved(c) || matches!(c, b';' | b':' | b'@' | b'&' | b'=')).parse(i)
}

/// `search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`
fn search(i: Input<'_>) -> Res<'_> {
    star(|c| unreserved(c) || matches!(c, b';' | b':' | b'@' | b'&' | b'=')).parse(i)
}

/// ```text
/// gopherurl = "gopher://" hostport [ / [ gtype [ selector
///             [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
/// ```
///
/// (The bare `/` of the BNF is the literal `"/"`.)
fn gopherurl(i: Input<'_>) -> Res<'_> {
    let gopher_plus = opt((tag("%09"), gopher_plus_string));
    let path = opt((gtype, selector, opt((tag("%09"), search, gopher_plus))));
    let url = (tag_no_case("gopher:"), slashes, hostport, opt((char('/'), path)), eof);
    context(GOPHER_URL, recognize(url)).parse(i)
}

/// `gtype = xchar`
fn gtype(i: Input<'_>) -> Res<'_> {
    xchar(i)
}

/// `selector = *xchar`
fn selector(i: Input<'_>) -> Res<'_> {
    star(xchar_byte).parse(i)
}

/// `gopher+_string = *xchar`
fn gopher_plus_string(i: Input<'_>) -> Res<'_> {
    star(xchar_byte).parse(i)
}

/// `mailtourl = "mailto:" encoded822addr`
fn mailtourl(i: Input<'_>) -> Res<'_> {
    context(MAILTO_URL, recognize((tag_no_case("mailto:"), encoded822addr, eof))).parse(i)
}

/// `encoded822addr = 1*xchar ; further defined in RFC822` (the comment is not part of the
/// grammar, and RFC 822 is not parsed here).
fn encoded822addr(i: Input<'_>) -> Res<'_> {
    plus(xchar_byte).parse(i)
}

/// `newsurl = "news:" grouppart`
fn newsurl(i: Input<'_>) -> Res<'_> {
    context(NEWS_URL, recognize((tag_no_case("news:"), grouppart, eof))).parse(i)
}

/// `grouppart = "*" | group | article`
///
/// "A message identifier may be distinguished from a news group name by the presence of the
/// commercial at "@" character" (§3.6), so the `@` picks the alternative.
fn grouppart(i: Input<'_>) -> Res<'_> {
    if i.contains(&b'@') { article(i) } else { alt((tag("*"), group)).parse(i) }
}

/// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`
fn group(i: Input<'_>) -> Res<'_> {
    let rest = |c: u8| chars::is(c, ALPHA | DIGIT) || matches!(c, b'-' | b'.' | b'+' | b'_');
    recognize((satisfy(|c| c.is_ascii_alphabetic()), take_while(rest))).parse(i)
}

/// `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`
fn article(i: Input<'_>) -> Res<'_> {
    let id = plus(|c| unreserved(c) || matches!(c, b';' | b'/' | b'?' | b':' | b'&' | b'='));
    recognize((id, char('@'), context(HOST, host))).parse(i)
}

/// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`
fn nntpurl(i: Input<'_>) -> Res<'_> {
    let url = (tag_no_case("nntp:"), slashes, hostport, char('/'), group, opt((char('/'), digits)), eof);
    context(NNTP_URL, recognize(url)).parse(i)
}

/// `telneturl = "telnet://" login [ "/" ]`
fn telneturl(i: Input<'_>) -> Res<'_> {
    let url = (tag_no_case("telnet:"), slashes, login, opt(char('/')), eof);
    context(TELNET_URL, recognize(url)).parse(i)
}

/// `waisurl = waisdatabase | waisindex | waisdoc`
///
/// Each alternative must reach the end of the URL, so that the next is tried when one stops
/// short.
fn waisurl(i: Input<'_>) -> Res<'_> {
    context(WAIS_URL, alt((waisdatabase, waisindex, waisdoc))).parse(i)
}

/// `waisdatabase = "wais://" hostport "/" database`
fn waisdatabase(i: Input<'_>) -> Res<'_> {
    recognize((tag_no_case("wais:"), slashes, hostport, char('/'), database, eof)).parse(i)
}

/// `waisindex = "wais://" hostport "/" database "?" search`
fn waisindex(i: Input<'_>) -> Res<'_> {
    recognize((tag_no_case("wais:"), slashes, hostport, char('/'), database, char('?'), search, eof)).parse(i)
}

/// `waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath`
fn waisdoc(i: Input<'_>) -> Res<'_> {
    let url =
        (tag_no_case("wais:"), slashes, hostport, char('/'), database, char('/'), wtype, char('/'), wpath);
    recognize((url, eof)).parse(i)
}

/// `database = *uchar`
fn database(i: Input<'_>) -> Res<'_> {
    star(unreserved).parse(i)
}

/// `wtype = *uchar`
fn wtype(i: Input<'_>) -> Res<'_> {
    star(unreserved).parse(i)
}

/// `wpath = *uchar`
fn wpath(i: Input<'_>) -> Res<'_> {
    star(unreserved).parse(i)
}

/// `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`
fn prosperourl(i: Input<'_>) -> Res<'_> {
    let url = (tag_no_case("prospero:"), slashes, hostport, char('/'), ppath, many0_count(fieldspec), eof);
    context(PROSPERO_URL, recognize(url)).parse(i)
}

/// `ppath = psegment *[ "/" psegment ]`
fn ppath(i: Input<'_>) -> Res<'_> {
    recognize((psegment, many0_count((char('/'), psegment)))).parse(i)
}

/// `psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`
fn psegment(i: Input<'_>) -> Res<'_> {
    star(|c| unreserved(c) || matches!(c, b'?' | b':' | b'@' | b'&' | b'=')).parse(i)
}

/// `fieldspec = ";" fieldname "=" fieldvalue`
///
/// A `;` after the `ppath` can only start a `fieldspec`, hence the `cut`: a broken one is
/// reported where it breaks.
fn fieldspec(i: Input<'_>) -> Res<'_> {
    recognize((char(';'), cut((fieldname, char('='), fieldvalue)))).parse(i)
}

/// `fieldname = *[ uchar | "?" | ":" | "@" | "&" ]`
fn fieldname(i: Input<'_>) -> Res<'_> {
    star(|c| unreserved(c) || matches!(c, b'?' | b':' | b'@' | b'&')).parse(i)
}

/// `fieldvalue = *[ uchar | "?" | ":" | "@" | "&" ]`
fn fieldvalue(i: Input<'_>) -> Res<'_> {
    star(|c| unreserved(c) || matches!(c, b'?' | b':' | b'@' | b'&')).parse(i)
}

// ---- The common Internet scheme syntax (§3.1, §5) ----

/// The `"//"` that follows `scheme:` in `ip-schemepart = "//" login [ "/" urlpath ]`.
fn slashes(i: Input<'_>) -> Res<'_> {
    context(SLASHES, tag("//")).parse(i)
}

/// `login = [ user [ ":" password ] "@" ] hostport`
fn login(i: Input<'_>) -> Res<'_> {
    recognize((opt((user, opt((char(':'), password)), char('@'))), hostport)).parse(i)
}

/// `hostport = host [ ":" port ]`
///
/// After a `":"` only a port can follow (`user:password@` was tried before the host), and in
/// every scheme a `hostport` is followed by `"/"` or the end, so a port is reported as bad
/// when anything else follows its digits.
fn hostport(i: Input<'_>) -> Res<'_> {
    let port_then_slash_or_end = (port, peek(alt((eof, tag("/")))));
    recognize((context(HOST, host), opt((char(':'), cut(context(PORT, port_then_slash_or_end)))))).parse(i)
}

/// `host = hostname | hostnumber`
fn host(i: Input<'_>) -> Res<'_> {
    alt((hostname, hostnumber)).parse(i)
}

/// `hostname = *[ domainlabel "." ] toplabel`
///
/// Read greedily, which is exact: a `"."` never follows a host in any of the schemes, so a
/// `"."` after a label starts another one, and the last label must be a `toplabel`.
fn hostname(i: Input<'_>) -> Res<'_> {
    let mut label = i;
    loop {
        let (after, _) = domainlabel(label)?;
        match after.split_first() {
            Some((b'.', next)) => label = next,
            _ => {
                let (after, _) = toplabel(label)?;
                return Ok(matched(i, after));
            }
        }
    }
}

/// `domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit`
fn domainlabel(i: Input<'_>) -> Res<'_> {
    label(i, |c| c.is_ascii_alphanumeric())
}

/// `toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit`
fn toplabel(i: Input<'_>) -> Res<'_> {
    label(i, |c| c.is_ascii_alphabetic())
}

/// A label that starts with a `first` character, goes on with `alphadigit | "-"`, and does
/// not end with `"-"`; a trailing hyphen is reported where it is.
fn label(i: Input<'_>, first: fn(u8) -> bool) -> Res<'_> {
    if !i.first().is_some_and(|&c| first(c)) {
        return Err(Failure::at(i));
    }
    let len = 1 + i.iter().skip(1).take_while(|c| c.is_ascii_alphanumeric() || **c == b'-').count();
    if i.get(len - 1) == Some(&b'-') {
        return Err(Failure::at(i.get(len - 1..).unwrap_or_default()));
    }
    let rest = i.get(len..).unwrap_or_default();
    Ok(matched(i, rest))
}

/// `hostnumber = digits "." digits "." digits "." digits`
///
/// Not followed by a label character or `"."`: then the text is a (bad) host name, and the
/// error is `hostname`'s.
fn hostnumber(i: Input<'_>) -> Res<'_> {
    let number = (digits, char('.'), digits, char('.'), digits, char('.'), digits);
    let label_goes_on = satisfy(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.');
    recognize((number, not(label_goes_on))).parse(i)
}

/// `port = digits`
fn port(i: Input<'_>) -> Res<'_> {
    digits(i)
}

/// `user = *[ uchar | ";" | "?" | "&" | "=" ]`
fn user(i: Input<'_>) -> Res<'_> {
    star(|c| unreserved(c) || matches!(c, b';' | b'?' | b'&' | b'=')).parse(i)
}

/// `password = *[ uchar | ";" | "?" | "&" | "=" ]`
fn password(i: Input<'_>) -> Res<'_> {
    star(|c| unreserved(c) || matches!(c, b';' | b'?' | b'&' | b'=')).parse(i)
}

// ---- Miscellaneous definitions ----

/// `unreserved = alpha | digit | safe | extra`, with `safe = "$" | "-" | "_" | "." | "+"` and
/// `extra = "!" | "*" | "'" | "(" | ")" | ","`.
fn unreserved(c: u8) -> bool {
    chars::is(c, ALPHA | DIGIT | SAFE_1738 | EXTRA_1738)
}

/// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="`
fn reserved(c: u8) -> bool {
    matches!(c, b';' | b'/' | b'?' | b':' | b'@' | b'&' | b'=')
}

/// `xchar = unreserved | reserved | escape`, without the escape.
fn xchar_byte(c: u8) -> bool {
    unreserved(c) || reserved(c)
}

/// `xchar = unreserved | reserved | escape`: one of them.
fn xchar(i: Input<'_>) -> Res<'_> {
    alt((take_while_m_n(1, 1, xchar_byte), escape)).parse(i)
}

/// `escape = "%" hex hex`
fn escape(i: Input<'_>) -> Res<'_> {
    recognize((char('%'), take_while_m_n(2, 2, |c| chars::is(c, HEXDIG)))).parse(i)
}

/// `digits = 1*digit`
fn digits(i: Input<'_>) -> Res<'_> {
    take_while1(|c: u8| c.is_ascii_digit()).parse(i)
}

// ---- Helpers ----

/// `*[ byte | escape ]` for bytes of a class: the BNF's usual `*[ uchar | ... ]`, where
/// `uchar = unreserved | escape`.
fn star<'a>(class: fn(u8) -> bool) -> impl Parser<Input<'a>, Output = Input<'a>, Error = Failure> {
    recognize(many0_count(alt((take_while1(class), escape))))
}

/// `1*[ byte | escape ]`: [`star`], not empty.
fn plus<'a>(class: fn(u8) -> bool) -> impl Parser<Input<'a>, Output = Input<'a>, Error = Failure> {
    recognize((alt((take_while1(class), escape)), star(class)))
}

/// The result of a rule that matched `input` up to `rest`.
fn matched<'a>(input: Input<'a>, rest: Input<'a>) -> (Input<'a>, Input<'a>) {
    let used = input.len().saturating_sub(rest.len());
    (rest, input.get(..used).unwrap_or_default())
}

#[cfg(test)]
mod tests;
