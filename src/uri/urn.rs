//! URN syntax and lexical equivalence: RFC 8141 (grammar [`Grammar::Rfc3986`]) and
//! draft-ietf-urnbis-rfc2141bis-urn-03, "seed 003" (grammars [`Grammar::Rfc2396`] and
//! [`Grammar::Rfc1738`]).
//!
//! Both share the `urn:NID:NSS` skeleton and the NID rule (draft-03 §2.1, which wins over its
//! informative Appendix B; RFC 8141 §2 spells the same rule with `ldh`):
//!
//! ```text
//! NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT)
//! ```
//!
//! They differ after the NID:
//!
//! | | RFC 8141 §2 | draft-03 §2.2–§2.4 |
//! |---|---|---|
//! | NSS | `pchar *(pchar / "/")` | `1*pchar` (no `/`, §2.5.1) |
//! | after `?` | `["?+" r-component] ["?=" q-component]`; any other `?` is an error | `directive *("&" directive)`, `directive = keywd "=" value` |
//! | `%00` | allowed | forbidden anywhere (§2.5.3) |
//!
//! The NID `urn` is reserved in both: draft-03 §2.1 says so, and RFC 8141 keeps the reservation
//! of RFC 2141 §2 (it never lifts it, and every URN valid under RFC 2141 stays valid).

use core::fmt;
use core::ops::Range;

use crate::span::Span;

use super::lex::{char_error, is_escape};
use super::{ErrorKind, Grammar, ParseError, Part};
use crate::chars::{self, ALPHA, DIGIT, SUB_DELIMS, UNRESERVED};

/// Which URN specification a grammar selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Syntax {
    /// RFC 8141 (with [`Grammar::Rfc3986`]).
    Rfc8141,
    /// draft-ietf-urnbis-rfc2141bis-urn-03 (with [`Grammar::Rfc2396`] and [`Grammar::Rfc1738`]).
    Draft03,
}

impl Syntax {
    fn of(grammar: Grammar) -> Self {
        match grammar {
            Grammar::Rfc3986 => Syntax::Rfc8141,
            Grammar::Rfc2396 | Grammar::Rfc1738 => Syntax::Draft03,
        }
    }
}

/// A part of a URN, to ask for its span with [`Urn::span`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UrnComponent {
    /// The namespace identifier.
    Nid,
    /// The namespace-specific string.
    Nss,
    /// Everything between the `?` after the NSS and the `#` (see [`Urn::query`]).
    Query,
    /// The RFC 8141 r-component, without its `?+`.
    RComponent,
    /// The RFC 8141 q-component, without its `?=`.
    QComponent,
    /// The fragment (RFC 8141 f-component), without its `#`.
    Fragment,
}

/// A URN (`urn:NID:NSS` with its optional parts), borrowed from the parsed string.
///
/// ```
/// use urisift::uri::{Grammar, Urn};
///
/// // RFC 8141: r-, q- and f-components.
/// let urn = Urn::parse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk").unwrap();
/// assert_eq!(urn.nid(), "example");
/// assert_eq!(urn.nss(), "foo-bar-baz-qux");
/// assert_eq!(urn.r_component(), Some("CCResolve:cc=uk"));
/// assert_eq!(urn.query(), Some("+CCResolve:cc=uk"));
///
/// // draft-03 (the RFC 2396 and RFC 1738 grammars): query directives.
/// let urn = Urn::parse_with("URN:ISBN:0-395-36341-1?s=I2L&c=ToC", Grammar::Rfc2396).unwrap();
/// assert_eq!(urn.query(), Some("s=I2L&c=ToC"));
/// assert_eq!(urn.q_component(), None);
///
/// // Lexical equivalence: case of "urn", of the NID and of percent-escapes.
/// let a = Urn::parse("URN:EXAMPLE:a123%2cz456").unwrap();
/// let b = Urn::parse("urn:example:a123%2Cz456?=xyz#789").unwrap();
/// assert!(a.is_equivalent(&b));
/// assert_eq!(a.normalized(), "urn:example:a123%2Cz456");
/// ```
///
/// `==` compares the text as written; [`Urn::is_equivalent`] is the specifications' equivalence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Urn<'a> {
    input: &'a str,
    grammar: Grammar,
    nid: Part,
    nss: Part,
    query: Option<Part>,
    r_component: Option<Part>,
    q_component: Option<Part>,
    fragment: Option<Part>,
}

impl<'a> Urn<'a> {
    /// Parses a URN under RFC 8141 (the default grammar, [`Grammar::Rfc3986`]).
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_with(input, Grammar::default())
    }

    /// Parses a URN (`urn:NID:NSS…`, the scheme in any case) under `grammar`:
    /// [`Grammar::Rfc3986`] selects RFC 8141, the others draft-03 (see the module docs).
    ///
    /// The whole of `input` must be the URN; error indexes are byte offsets into it.
    pub fn parse_with(input: &'a str, grammar: Grammar) -> Result<Self, ParseError> {
        let syntax = Syntax::of(grammar);
        let b = input.as_bytes();
        let nid_start = urn_scheme(b)?;
        let nid_end = nid(b, nid_start)?;
        let nss_start = nid_end + 1;
        let nss_end = nss(b, nss_start, syntax)?;
        let mut urn = Urn {
            input,
            grammar,
            nid: Part::new(nid_start, nid_end),
            nss: Part::new(nss_start, nss_end),
            query: None,
            r_component: None,
            q_component: None,
            fragment: None,
        };
        let mut i = nss_end;
        if b.get(i) == Some(&b'?') {
            let end = match syntax {
                Syntax::Rfc8141 => rq_components(b, i, &mut urn)?,
                Syntax::Draft03 => urn_query(b, i + 1)?,
            };
            urn.query = Some(Part::new(i + 1, end));
            i = end;
        }
        if b.get(i) == Some(&b'#') {
            // RFC 8141 §2: f-component = fragment; draft-03 §2.4: RFC 3986 <fragment>.
            // Both are `*( pchar / "/" / "?" )`.
            let end = run(b, i + 1, pchar_slash_question, syntax)?;
            urn.fragment = Some(Part::new(i + 1, end));
            i = end;
        }
        if i < b.len() {
            return Err(ParseError::new(i, char_error(b, i)));
        }
        Ok(urn)
    }

    /// This URN's parts over `input`, a string of the same length with its delimiters at the
    /// same places: an IRI beside the ASCII stand-in it was parsed as (see `iri.rs`).
    pub(crate) fn over<'b>(&self, input: &'b str) -> Urn<'b> {
        Urn {
            input,
            grammar: self.grammar,
            nid: self.nid,
            nss: self.nss,
            query: self.query,
            r_component: self.r_component,
            q_component: self.q_component,
            fragment: self.fragment,
        }
    }

    fn get(&self, part: Part) -> &'a str {
        self.input.get(part.range()).unwrap_or_default()
    }

    /// The whole URN as given.
    pub fn as_str(&self) -> &'a str {
        self.input
    }

    /// The grammar it was parsed with ([`Grammar::Rfc3986`] means RFC 8141, the others draft-03).
    pub fn grammar(&self) -> Grammar {
        self.grammar
    }

    /// The assigned name, `urn:NID:NSS`: the URN without its query (or r-/q-components) and
    /// fragment.
    pub fn assigned_name(&self) -> &'a str {
        self.input.get(..self.nss.end).unwrap_or_default()
    }

    /// The namespace identifier, as written (NIDs compare case-insensitively).
    pub fn nid(&self) -> &'a str {
        self.get(self.nid)
    }

    /// The namespace-specific string, as written.
    pub fn nss(&self) -> &'a str {
        self.get(self.nss)
    }

    /// What follows the `?` after the NSS, up to the `#`, as written.
    ///
    /// Under draft-03 it is the list of query directives (`s=I2L&c=ToC`); under RFC 8141 it is
    /// the r- and q-components with their markers but without the first `?`
    /// (`+CCResolve:cc=uk`, `=op=map`, `+r?=q`).
    pub fn query(&self) -> Option<&'a str> {
        self.query.map(|p| self.get(p))
    }

    /// The RFC 8141 r-component (after `?+`, up to `?=` or `#`); `None` under draft-03.
    pub fn r_component(&self) -> Option<&'a str> {
        self.r_component.map(|p| self.get(p))
    }

    /// The RFC 8141 q-component (after `?=`, up to `#`); `None` under draft-03.
    pub fn q_component(&self) -> Option<&'a str> {
        self.q_component.map(|p| self.get(p))
    }

    /// The fragment (RFC 8141 f-component), without its `#`; `Some("")` for a bare `#`.
    pub fn fragment(&self) -> Option<&'a str> {
        self.fragment.map(|p| self.get(p))
    }

    /// Where `component` is in [`Urn::as_str`], `None` when it is absent (the same [`Span`]
    /// type as a match's).
    pub fn span(&self, component: UrnComponent) -> Option<Span> {
        self.range(component).map(Span::from)
    }

    /// The byte range of `component` in [`Urn::as_str`], `None` when it is absent.
    pub(crate) fn range(&self, component: UrnComponent) -> Option<Range<usize>> {
        let part = match component {
            UrnComponent::Nid => Some(self.nid),
            UrnComponent::Nss => Some(self.nss),
            UrnComponent::Query => self.query,
            UrnComponent::RComponent => self.r_component,
            UrnComponent::QComponent => self.q_component,
            UrnComponent::Fragment => self.fragment,
        };
        part.map(Part::range)
    }

    /// The form in which URNs are compared: `urn:` + the NID in lower case + `:` + the NSS with
    /// the hex digits of its percent-escapes in upper case. Escapes are never decoded.
    ///
    /// This is RFC 8141 §3.1 (r-, q- and f-components ignored) and draft-03 §5 with step 5a
    /// (fragment and query removed: the objective is "distinguishing named resources"). The
    /// rest of the NSS keeps its case: only a namespace's own rules may say otherwise.
    pub fn normalized(&self) -> String {
        let mut out = String::with_capacity(self.nss.end);
        out.push_str("urn:");
        out.extend(self.nid().chars().map(|c| c.to_ascii_lowercase()));
        out.push(':');
        push_upper_escapes(&mut out, self.nss());
        out
    }

    /// The comparison form of draft-03 §5 with step 5b, for "caching specific URN resolution
    /// results": like [`Urn::normalized`], but the query directives are kept, their escapes in
    /// upper case, sorted by keyword (a stable sort: directives with the same keyword keep their
    /// order).
    ///
    /// Under RFC 8141 this is [`Urn::normalized`]: its §3.1 ignores the r- and q-components for
    /// every purpose of URN-equivalence.
    pub fn normalized_with_query(&self) -> String {
        let mut out = self.normalized();
        if let (Syntax::Draft03, Some(query)) = (Syntax::of(self.grammar), self.query()) {
            let mut directives: Vec<&str> = query.split('&').collect();
            directives.sort_by_key(|d| d.split_once('=').map_or(*d, |(keyword, _)| keyword));
            for (n, directive) in directives.into_iter().enumerate() {
                out.push(if n == 0 { '?' } else { '&' });
                push_upper_escapes(&mut out, directive);
            }
        }
        out
    }

    /// Whether two URNs are lexically equivalent: their [`Urn::normalized`] forms are equal
    /// (RFC 8141 §3.1; draft-03 §5, step 5a). Allocates nothing.
    pub fn is_equivalent(&self, other: &Urn<'_>) -> bool {
        self.nid().eq_ignore_ascii_case(other.nid()) && same_but_escape_case(self.nss(), other.nss())
    }
}

impl fmt::Display for Urn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

/// Appends `s`, upper-casing the two hex digits after each `%` (RFC 3986 §6.2.2.1).
fn push_upper_escapes(out: &mut String, s: &str) {
    let mut after_percent = 0;
    for c in s.chars() {
        if after_percent > 0 {
            out.push(c.to_ascii_uppercase());
            after_percent -= 1;
        } else {
            after_percent = if c == '%' { 2 } else { 0 };
            out.push(c);
        }
    }
}

/// Whether `a` and `b` are equal once the hex digits of their percent-escapes are in one case.
fn same_but_escape_case(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut after_percent = 0;
    for (&x, &y) in a.iter().zip(b) {
        let same = if after_percent > 0 { x.eq_ignore_ascii_case(&y) } else { x == y };
        if !same {
            return false;
        }
        after_percent = if after_percent > 0 {
            after_percent - 1
        } else if x == b'%' {
            2
        } else {
            0
        };
    }
    true
}

/// `"urn" ":"`, the scheme in any case (RFC 3986 §3.1). Returns where the NID starts.
fn urn_scheme(b: &[u8]) -> Result<usize, ParseError> {
    const PREFIX: &[u8] = b"urn:";
    match PREFIX.iter().zip(b).position(|(p, c)| !p.eq_ignore_ascii_case(c)) {
        Some(at) => Err(ParseError::new(at, ErrorKind::Urn("a URN starts with `urn:`"))),
        None if b.len() < PREFIX.len() => {
            Err(ParseError::new(b.len(), ErrorKind::Urn("a URN starts with `urn:`")))
        }
        None => Ok(PREFIX.len()),
    }
}

/// `NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT)` and the `":"` after it
/// (draft-03 §2.1; RFC 8141 §2). `urn` is reserved (draft-03 §2.1; RFC 2141 §2).
/// Returns the index of that `:`.
fn nid(b: &[u8], start: usize) -> Result<usize, ParseError> {
    let ldh = |c: &&u8| chars::is(**c, ALPHA | DIGIT) || **c == b'-';
    let len = b.get(start..).unwrap_or_default().iter().take_while(ldh).count();
    let end = start + len;
    match b.get(end) {
        Some(b':') => {}
        None => return Err(ParseError::new(end, ErrorKind::Urn("a URN needs `:` after its NID"))),
        Some(&c) => {
            let kind = if !c.is_ascii() || chars::is(c, chars::EXCLUDED) {
                char_error(b, end)
            } else {
                ErrorKind::InvalidNid
            };
            return Err(ParseError::new(end, kind));
        }
    }
    if len < 2 || b.get(start) == Some(&b'-') {
        // Too short (an NID has at least two characters), or it starts with a hyphen.
        return Err(ParseError::new(start, ErrorKind::InvalidNid));
    }
    if len > 32 {
        return Err(ParseError::new(start + 32, ErrorKind::InvalidNid));
    }
    if b.get(end - 1) == Some(&b'-') {
        return Err(ParseError::new(end - 1, ErrorKind::InvalidNid));
    }
    if b.get(start..end).is_some_and(|n| n.eq_ignore_ascii_case(b"urn")) {
        return Err(ParseError::new(start, ErrorKind::ReservedNid));
    }
    Ok(end)
}

/// RFC 8141 §2: `NSS = pchar *(pchar / "/")`; draft-03 §2.2: `NSS = 1*pchar`.
/// Returns where the NSS ends (at `?`, `#` or the end of the input).
fn nss(b: &[u8], start: usize, syntax: Syntax) -> Result<usize, ParseError> {
    if syntax == Syntax::Rfc8141 && b.get(start) == Some(&b'/') {
        return Err(ParseError::new(start, ErrorKind::Urn("an NSS must not start with `/`")));
    }
    let end = match syntax {
        Syntax::Rfc8141 => run(b, start, pchar_or_slash, syntax)?,
        Syntax::Draft03 => run(b, start, pchar, syntax)?,
    };
    match b.get(end) {
        None | Some(b'?' | b'#') if end == start => Err(ParseError::new(start, ErrorKind::Urn("empty NSS"))),
        None | Some(b'?' | b'#') => Ok(end),
        Some(b'/') => Err(ParseError::new(
            end,
            ErrorKind::Urn("`/` is not allowed in a draft-03 NSS (§2.5.1); percent-encode it"),
        )),
        Some(_) => Err(ParseError::new(end, char_error(b, end))),
    }
}

/// RFC 8141 §2, after the NSS: `rq-components = [ "?+" r-component ] [ "?=" q-component ]`
/// with `r-component = q-component = pchar *( pchar / "/" / "?" )`. The r-component ends at a
/// `?=` or `#` (§2.3.1), the q-component at `#` (§2.3.2). Any other `?` "SHOULD be treated as a
/// syntax error" (§2), and it is. (Any later `?` is data of a component.) `at` is the index of
/// the first `?`; returns where they end.
fn rq_components(b: &[u8], at: usize, urn: &mut Urn<'_>) -> Result<usize, ParseError> {
    let mut i = at;
    if b.get(i..i + 2) == Some(b"?+") {
        let end = component(b, i + 2, "empty r-component", true)?;
        urn.r_component = Some(Part::new(i + 2, end));
        i = end;
    }
    if b.get(i..i + 2) == Some(b"?=") {
        let end = component(b, i + 2, "empty q-component", false)?;
        urn.q_component = Some(Part::new(i + 2, end));
        i = end;
    }
    if b.get(i) == Some(&b'?') {
        // Nothing matched: the `?` right after the NSS starts neither component.
        let message = "`?` after a URN's NSS must start `?+` (r-component) or `?=` (q-component)";
        return Err(ParseError::new(i, ErrorKind::Urn(message)));
    }
    Ok(i)
}

/// One r- or q-component from `start`: `pchar *( pchar / "/" / "?" )`, stopping before `?=`
/// when `stop_at_q`. Returns where it ends.
fn component(b: &[u8], start: usize, empty: &'static str, stop_at_q: bool) -> Result<usize, ParseError> {
    let mut end = start;
    loop {
        end = run(b, end, pchar_or_slash, Syntax::Rfc8141)?;
        match b.get(end) {
            Some(b'?') if !(stop_at_q && b.get(end + 1) == Some(&b'=')) => end += 1,
            _ => break,
        }
    }
    if end == start {
        return Err(ParseError::new(start, ErrorKind::Urn(empty)));
    }
    if let Some(b'/' | b'?') = b.get(start) {
        let message = "an r- or q-component must not start with `/` or `?`";
        return Err(ParseError::new(start, ErrorKind::Urn(message)));
    }
    Ok(end)
}

/// draft-03 §2.3: `urn-query = directive *( "&" directive )`, from `start` (after the `?`).
/// The keywords registered by §9.2.1, `s` and `c`, "MUST NOT appear more than once".
/// Returns where the query ends (at `#` or the end of the input).
fn urn_query(b: &[u8], start: usize) -> Result<usize, ParseError> {
    let mut seen_s = false;
    let mut seen_c = false;
    let mut i = start;
    loop {
        let (keyword, end) = directive(b, i)?;
        let seen = match keyword {
            b"s" => Some((&mut seen_s, "the query keyword `s` appears twice (draft-03 §2.3)")),
            b"c" => Some((&mut seen_c, "the query keyword `c` appears twice (draft-03 §2.3)")),
            _ => None,
        };
        if let Some((seen, message)) = seen {
            if *seen {
                return Err(ParseError::new(i, ErrorKind::Urn(message)));
            }
            *seen = true;
        }
        match b.get(end) {
            Some(b'&') => i = end + 1,
            None | Some(b'#') => return Ok(end),
            Some(_) => return Err(ParseError::new(end, char_error(b, end))),
        }
    }
}

/// draft-03 §2.3: `directive = keywd "=" value`, `keywd = ALPHA *( ["-"] (ALPHA / DIGIT) )`,
/// `value = *v-pchar` (`v-pchar` is `pchar / "/" / "?"` without `&`). Returns the keyword and
/// where the value ends.
fn directive(b: &[u8], start: usize) -> Result<(&[u8], usize), ParseError> {
    const KEYWORD: &str = "a URN query directive is `keyword=value`, the keyword a letter \
                           followed by letters, digits and single hyphens (draft-03 §2.3)";
    if !b.get(start).is_some_and(|&c| chars::is(c, ALPHA)) {
        let kind = match b.get(start) {
            Some(&c) if !c.is_ascii() || chars::is(c, chars::EXCLUDED) => char_error(b, start),
            _ => ErrorKind::Urn(KEYWORD),
        };
        return Err(ParseError::new(start, kind));
    }
    let mut i = start + 1;
    loop {
        match b.get(i) {
            Some(&c) if chars::is(c, ALPHA | DIGIT) => i += 1,
            Some(b'-') if b.get(i + 1).is_some_and(|&c| chars::is(c, ALPHA | DIGIT)) => i += 2,
            _ => break,
        }
    }
    if b.get(i) != Some(&b'=') {
        return Err(ParseError::new(i, ErrorKind::Urn(KEYWORD)));
    }
    let keyword = b.get(start..i).unwrap_or_default();
    let end = run(b, i + 1, v_pchar, Syntax::Draft03)?;
    Ok((keyword, end))
}

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (RFC 3986 §3.3), without the
/// `pct-encoded` that [`run`] handles.
fn pchar(c: u8) -> bool {
    chars::is(c, UNRESERVED | SUB_DELIMS) || c == b':' || c == b'@'
}

/// `pchar / "/"`: RFC 8141's NSS after its first character.
fn pchar_or_slash(c: u8) -> bool {
    chars::is(c, chars::PATH)
}

/// `pchar / "/" / "?"`: RFC 3986 `query` and `fragment`, RFC 8141 r-, q- and f-components.
fn pchar_slash_question(c: u8) -> bool {
    chars::is(c, chars::QUERY)
}

/// draft-03 §2.3: `v-pchar = unreserved / pct-encoded / v-subdels`, `v-subdels` being
/// `sub-delims` without `&`, plus `":" / "@" / "/" / "?"`.
fn v_pchar(c: u8) -> bool {
    c != b'&' && pchar_slash_question(c)
}

/// Scans `*( allowed / pct-encoded )` from `start` and returns where it stops: at the end of
/// the input or at the first byte that is neither. A `%` must start `%` HEXDIG HEXDIG, and in a
/// draft-03 URN `%00` is an error: "The NUL octet ... MUST NOT be used in URNs, in either
/// unencoded or percent-encoded form" (§2.5.3).
fn run(b: &[u8], start: usize, allowed: impl Fn(u8) -> bool, syntax: Syntax) -> Result<usize, ParseError> {
    let mut i = start;
    loop {
        // Runs of allowed bytes in a tight loop; a `%` is looked at on its own.
        let rest = b.get(i..).unwrap_or_default();
        i += rest.iter().position(|&c| c == b'%' || !allowed(c)).unwrap_or(rest.len());
        if b.get(i) != Some(&b'%') {
            return Ok(i);
        }
        if !is_escape(b, i) {
            return Err(ParseError::new(i, ErrorKind::InvalidPercentEscape));
        }
        if syntax == Syntax::Draft03 && b.get(i + 1..i + 3) == Some(b"00") {
            return Err(ParseError::new(
                i,
                ErrorKind::Urn("`%00` (NUL) is not allowed in a URN (draft-03 §2.5.3)"),
            ));
        }
        i += 3;
    }
}

#[cfg(test)]
mod tests;
