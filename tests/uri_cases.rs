//! The URI conformance set of `tests/data/uri/` (format and sources in its README): cases written
//! from the specification texts alone, run through [`Uri::parse_with`] and [`uri::resolve`].
//!
//! The whole-set tests report every disagreement at once, each with the rule that decides the
//! case, and print the agreement rate per grammar. The other tests check the data itself, so that
//! a wrong expectation cannot hide behind a parser bug: the files are well formed, each valid
//! case's components put back together give its input (RFC 3986 §5.3), the split agrees with the
//! regular expression of RFC 3986 Appendix B, and the RFC 3986 and resolution cases agree with
//! the `iri-string` crate, a strict RFC 3986 implementation written by others.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

use iri_string::types::{IriReferenceStr, UriAbsoluteStr, UriReferenceStr};
use serde_json::{Map, Value};
use urisift::uri::{self, Grammar, Uri};

/// The asserted case files, one theme each.
const CASE_FILES: &[&str] =
    &["examples.jsonl", "generic.jsonl", "host.jsonl", "schemes.jsonl", "urn.jsonl", "iri.jsonl"];
/// Cases the texts leave open: reported, never asserted.
const DEBATABLE_FILE: &str = "debatable.jsonl";
const RESOLVE_FILE: &str = "resolve.jsonl";
const GRAMMARS: &[&str] = &["rfc3986", "rfc2396", "rfc1738"];
/// IRI references (RFC 3987), parsed with [`Uri::parse_iri`]: no [`Grammar`] of their own.
const IRI_GRAMMAR: &str = "rfc3987";
const HOST_KINDS: &[&str] = &["reg-name", "ipv4", "ipv6", "ipvfuture"];

// ------------------------------------------------------------------------------------------------
// The parser under test
// ------------------------------------------------------------------------------------------------

/// What the parser says about one input.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Observed {
    Valid { parts: Box<Parts>, urn: UrnSeen },
    Invalid { index: usize, message: String },
}

/// The URN view the parser gave, as far as this harness can read it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum UrnSeen {
    /// `Uri::urn()` is `None`.
    Absent,
    /// `Uri::urn()` is `Some`, but its parts cannot be read yet (see [`urn_view`]).
    Opaque,
    /// `Uri::urn()` is `Some` with these parts.
    Parts(UrnParts),
}

fn observe(input: &str, grammar: Grammar) -> Observed {
    seen(Uri::parse_with(input, grammar))
}

/// What the parser says about a case: under its grammar, or as an IRI for `rfc3987`.
fn observe_case(case: &Case) -> Observed {
    if case.grammar == IRI_GRAMMAR {
        seen(Uri::parse_iri(&case.input))
    } else {
        observe(&case.input, case.grammar())
    }
}

fn seen(parsed: Result<Uri<'_>, uri::ParseError>) -> Observed {
    match parsed {
        Ok(uri) => Observed::Valid {
            parts: Box::new(Parts {
                scheme: uri.scheme().map(str::to_owned),
                authority: uri.authority().map(str::to_owned),
                userinfo: uri.userinfo().map(str::to_owned),
                host: uri.host().map(str::to_owned),
                host_kind: uri.host_kind().map(|k| k.name().to_owned()),
                port: uri.port().map(str::to_owned),
                path: uri.path().to_owned(),
                query: uri.query().map(str::to_owned),
                fragment: uri.fragment().map(str::to_owned),
                urn: None,
            }),
            urn: urn_view(&uri),
        },
        Err(e) => Observed::Invalid { index: e.index(), message: e.to_string() },
    }
}

/// The parts of the URN view.
fn urn_view(uri: &Uri<'_>) -> UrnSeen {
    match uri.urn() {
        None => UrnSeen::Absent,
        Some(urn) => UrnSeen::Parts(UrnParts {
            nid: urn.nid().to_owned(),
            nss: urn.nss().to_owned(),
            query: urn.query().map(str::to_owned),
            fragment: urn.fragment().map(str::to_owned),
        }),
    }
}

// ------------------------------------------------------------------------------------------------
// Cases
// ------------------------------------------------------------------------------------------------

/// The components of a valid reference; `None` is undefined, `Some("")` empty.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Parts {
    scheme: Option<String>,
    authority: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    host_kind: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
    urn: Option<UrnParts>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct UrnParts {
    nid: String,
    nss: String,
    query: Option<String>,
    fragment: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Expected {
    Valid(Box<Parts>),
    Invalid { error_index: Option<usize> },
}

#[derive(Debug, Clone)]
struct Case {
    /// `file:line`, for the report.
    origin: String,
    grammar: String,
    input: String,
    why: String,
    expected: Expected,
}

impl Case {
    fn grammar(&self) -> Grammar {
        // `load` checked that the name parses.
        self.grammar.parse().unwrap_or_default()
    }
}

#[derive(Debug, Clone)]
struct Resolution {
    origin: String,
    base: String,
    reference: String,
    expected: String,
    source: String,
}

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/uri")
}

/// One line of a case file: where it is (`file:line`) and its object.
type Line = (String, Map<String, Value>);

/// Reads one JSON-lines file into objects, naming the file and line of any problem.
fn read_objects(file: &str) -> Result<Vec<Line>, String> {
    let path = data_dir().join(file);
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let origin = format!("{file}:{}", n + 1);
        match serde_json::from_str::<Value>(line) {
            Ok(Value::Object(map)) => out.push((origin, map)),
            Ok(_) => return Err(format!("{origin}: not a JSON object")),
            Err(e) => return Err(format!("{origin}: {e}")),
        }
    }
    Ok(out)
}

fn string(obj: &Map<String, Value>, key: &str) -> Result<String, String> {
    match obj.get(key) {
        Some(Value::String(s)) => Ok(s.clone()),
        other => Err(format!("`{key}` must be a string, found {other:?}")),
    }
}

/// A component: the key must be present, its value a string or `null`.
fn component(obj: &Map<String, Value>, key: &str) -> Result<Option<String>, String> {
    match obj.get(key) {
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(Value::Null) => Ok(None),
        other => Err(format!("`{key}` must be a string or null, found {other:?}")),
    }
}

fn urn_parts(obj: &Map<String, Value>) -> Result<Option<UrnParts>, String> {
    match obj.get("urn") {
        Some(Value::Null) => Ok(None),
        Some(Value::Object(u)) => Ok(Some(UrnParts {
            nid: string(u, "nid")?,
            nss: string(u, "nss")?,
            query: component(u, "query")?,
            fragment: component(u, "fragment")?,
        })),
        other => Err(format!("`urn` must be an object or null, found {other:?}")),
    }
}

fn parse_case(origin: String, obj: &Map<String, Value>) -> Result<Case, String> {
    let at = |e: String| format!("{origin}: {e}");
    let grammar = string(obj, "grammar").map_err(at)?;
    let known = grammar == IRI_GRAMMAR
        || (grammar.parse::<Grammar>().is_ok() && GRAMMARS.contains(&grammar.as_str()));
    if !known {
        return Err(at(format!("unknown grammar `{grammar}`")));
    }
    let input = string(obj, "input").map_err(at)?;
    let why = string(obj, "why").map_err(at)?;
    if why.trim().is_empty() {
        return Err(at("empty `why`".into()));
    }
    let expected = match obj.get("valid") {
        Some(Value::Bool(true)) => {
            let parts = Parts {
                scheme: component(obj, "scheme").map_err(at)?,
                authority: component(obj, "authority").map_err(at)?,
                userinfo: component(obj, "userinfo").map_err(at)?,
                host: component(obj, "host").map_err(at)?,
                host_kind: component(obj, "host_kind").map_err(at)?,
                port: component(obj, "port").map_err(at)?,
                path: string(obj, "path").map_err(at)?,
                query: component(obj, "query").map_err(at)?,
                fragment: component(obj, "fragment").map_err(at)?,
                urn: urn_parts(obj).map_err(at)?,
            };
            if let Some(kind) = &parts.host_kind
                && !HOST_KINDS.contains(&kind.as_str())
            {
                return Err(at(format!("unknown host_kind `{kind}`")));
            }
            if parts.host.is_some() != parts.host_kind.is_some() {
                return Err(at("host and host_kind must be both null or both set".into()));
            }
            Expected::Valid(Box::new(parts))
        }
        Some(Value::Bool(false)) => {
            let error_index = match obj.get("error_index") {
                None => None,
                Some(v) => match v.as_u64().and_then(|n| usize::try_from(n).ok()) {
                    Some(i) if i < input.len() => Some(i),
                    _ => {
                        return Err(at(format!(
                            "`error_index` must be a byte index into the input, found {v}"
                        )));
                    }
                },
            };
            Expected::Invalid { error_index }
        }
        other => return Err(at(format!("`valid` must be a boolean, found {other:?}"))),
    };
    Ok(Case { origin, grammar, input, why, expected })
}

/// Loads case files; any malformed line is an error naming its file and line.
fn load(files: &[&str]) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for file in files {
        for (origin, obj) in read_objects(file)? {
            cases.push(parse_case(origin, &obj)?);
        }
    }
    Ok(cases)
}

fn load_or_panic(files: &[&str]) -> Vec<Case> {
    load(files).unwrap_or_else(|e| panic!("bad case file: {e}"))
}

fn load_resolutions() -> Result<Vec<Resolution>, String> {
    let mut out = Vec::new();
    for (origin, obj) in read_objects(RESOLVE_FILE)? {
        let get = |k: &str| string(&obj, k).map_err(|e| format!("{origin}: {e}"));
        out.push(Resolution {
            base: get("base")?,
            reference: get("reference")?,
            expected: get("expected")?,
            source: get("source")?,
            origin,
        });
    }
    Ok(out)
}

// ------------------------------------------------------------------------------------------------
// Comparing, and the report
// ------------------------------------------------------------------------------------------------

/// Every way in which `seen` differs from what `case` expects; empty when they agree.
fn compare(case: &Case, seen: &Observed) -> Vec<String> {
    match (&case.expected, seen) {
        (Expected::Invalid { error_index }, Observed::Invalid { index, .. }) => match error_index {
            Some(want) if want != index => vec![format!("error at byte {index}, expected byte {want}")],
            _ => Vec::new(),
        },
        (Expected::Invalid { .. }, Observed::Valid { .. }) => vec!["accepted, expected a rejection".into()],
        (Expected::Valid(_), Observed::Invalid { message, .. }) => vec![format!("rejected: {message}")],
        (Expected::Valid(want), Observed::Valid { parts, urn }) => {
            let mut diffs = Vec::new();
            let mut field = |name: &str, got: Option<&str>, want: Option<&str>| {
                if got != want {
                    diffs.push(format!("{name}: got {got:?}, expected {want:?}"));
                }
            };
            field("scheme", parts.scheme.as_deref(), want.scheme.as_deref());
            field("authority", parts.authority.as_deref(), want.authority.as_deref());
            field("userinfo", parts.userinfo.as_deref(), want.userinfo.as_deref());
            field("host", parts.host.as_deref(), want.host.as_deref());
            field("host_kind", parts.host_kind.as_deref(), want.host_kind.as_deref());
            field("port", parts.port.as_deref(), want.port.as_deref());
            field("path", Some(&parts.path), Some(&want.path));
            field("query", parts.query.as_deref(), want.query.as_deref());
            field("fragment", parts.fragment.as_deref(), want.fragment.as_deref());
            match (urn, &want.urn) {
                (UrnSeen::Absent, None) | (UrnSeen::Opaque, Some(_)) => {}
                (UrnSeen::Absent, Some(_)) => diffs.push("urn: no URN view, expected one".into()),
                (UrnSeen::Opaque | UrnSeen::Parts(_), None) => {
                    diffs.push("urn: a URN view, expected none".into())
                }
                (UrnSeen::Parts(got), Some(want)) => {
                    field("urn.nid", Some(&got.nid), Some(&want.nid));
                    field("urn.nss", Some(&got.nss), Some(&want.nss));
                    field("urn.query", got.query.as_deref(), want.query.as_deref());
                    field("urn.fragment", got.fragment.as_deref(), want.fragment.as_deref());
                }
            }
            diffs
        }
    }
}

/// Agreement per grammar and the list of disagreements.
#[derive(Debug, Default)]
struct Report {
    /// grammar → (cases, agreed)
    tally: BTreeMap<String, (usize, usize)>,
    failures: Vec<String>,
    /// Cases whose `urn` fields could not be compared (see [`urn_view`]).
    urn_unchecked: usize,
}

impl Report {
    fn record(&mut self, case: &Case, diffs: &[String]) {
        let entry = self.tally.entry(case.grammar.clone()).or_default();
        entry.0 += 1;
        if diffs.is_empty() {
            entry.1 += 1;
        } else {
            self.failures.push(format!(
                "{} [{}] {:?}\n    {}\n    why: {}",
                case.origin,
                case.grammar,
                case.input,
                diffs.join("\n    "),
                case.why
            ));
        }
    }

    fn summary(&self) -> String {
        let mut out = String::new();
        let (mut all, mut agreed) = (0, 0);
        for (grammar, (n, ok)) in &self.tally {
            all += n;
            agreed += ok;
            let _ = writeln!(out, "{grammar}: {ok}/{n} agree ({})", percent(*ok, *n));
        }
        let _ = writeln!(out, "all: {agreed}/{all} agree ({})", percent(agreed, all));
        if self.urn_unchecked > 0 {
            let _ =
                writeln!(out, "urn fields not compared in {} cases: switch on urn_view", self.urn_unchecked);
        }
        out
    }

    fn render(&self) -> String {
        format!("{} disagreements:\n{}\n\n{}", self.failures.len(), self.failures.join("\n"), self.summary())
    }
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "-".into();
    }
    // Integer arithmetic in hundredths of a percent, so that 99.99% never rounds up to 100%.
    let bp = part * 10_000 / whole;
    format!("{}.{:02}%", bp / 100, bp % 100)
}

// ------------------------------------------------------------------------------------------------
// The whole set, through urisift
// ------------------------------------------------------------------------------------------------

#[test]
fn conformance_set() {
    let mut report = Report::default();
    for case in load_or_panic(CASE_FILES) {
        let seen = observe_case(&case);
        if let (Expected::Valid(want), Observed::Valid { urn: UrnSeen::Opaque, .. }) = (&case.expected, &seen)
            && want.urn.is_some()
        {
            report.urn_unchecked += 1;
        }
        report.record(&case, &compare(&case, &seen));
    }
    println!("{}", report.summary());
    assert!(report.failures.is_empty(), "{}", report.render());
}

#[test]
fn resolution_set() {
    let cases = load_resolutions().unwrap_or_else(|e| panic!("bad resolution file: {e}"));
    let mut failures = Vec::new();
    for r in &cases {
        let got = uri::resolve(&r.base, &r.reference);
        if got.as_deref() != Ok(r.expected.as_str()) {
            failures.push(format!(
                "{}: {:?} against {:?}: got {:?}, expected {:?}\n    source: {}",
                r.origin, r.reference, r.base, got, r.expected, r.source
            ));
        }
    }
    let agreed = cases.len() - failures.len();
    println!("resolution: {agreed}/{} agree ({})", cases.len(), percent(agreed, cases.len()));
    assert!(failures.is_empty(), "{} disagreements:\n{}", failures.len(), failures.join("\n"));
}

/// Shows what the parser does with each debatable case beside the leaning recorded in the file,
/// for whoever settles them; only the file's form is asserted.
#[test]
#[ignore = "a report on the debatable cases, not a pass/fail check: run with --ignored --nocapture"]
fn debatable_cases_report() {
    let cases = load_or_panic(&[DEBATABLE_FILE]);
    assert!(!cases.is_empty());
    for case in &cases {
        let seen = observe_case(case);
        let verdict = if compare(case, &seen).is_empty() { "as leaned" } else { "differs" };
        let answer = match &seen {
            Observed::Valid { .. } => "valid".to_owned(),
            Observed::Invalid { message, .. } => format!("invalid ({message})"),
        };
        println!("{verdict:9} [{}] {:?}: {answer}", case.grammar, case.input);
    }
}

// ------------------------------------------------------------------------------------------------
// Checks of the data itself (these run now)
// ------------------------------------------------------------------------------------------------

#[test]
fn case_files_are_well_formed() {
    let cases = load_or_panic(CASE_FILES);
    let debatable = load_or_panic(&[DEBATABLE_FILE]);
    let mut seen = BTreeMap::new();
    let mut problems = Vec::new();
    for case in cases.iter().chain(&debatable) {
        if let Some(first) = seen.insert((case.grammar.clone(), case.input.clone()), case.origin.clone()) {
            problems.push(format!("{}: same grammar and input as {first}", case.origin));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Every grammar is covered, both ways.
    for g in GRAMMARS {
        let valid =
            cases.iter().filter(|c| c.grammar == *g && matches!(c.expected, Expected::Valid(_))).count();
        let invalid = cases
            .iter()
            .filter(|c| c.grammar == *g && matches!(c.expected, Expected::Invalid { .. }))
            .count();
        assert!(valid >= 100 && invalid >= 100, "{g}: {valid} valid and {invalid} invalid cases");
    }
    assert!(load_resolutions().unwrap_or_else(|e| panic!("bad resolution file: {e}")).len() >= 60);
    let iri = |valid: bool| {
        cases
            .iter()
            .filter(|c| c.grammar == IRI_GRAMMAR && matches!(c.expected, Expected::Valid(_)) == valid)
            .count()
    };
    assert!(
        iri(true) >= 40 && iri(false) >= 25,
        "rfc3987: {} valid and {} invalid cases",
        iri(true),
        iri(false)
    );
}

/// RFC 3986 §5.3 recomposition, and the authority and URN fields, rebuilt from the parts.
fn recomposition_problems(case: &Case, p: &Parts) -> Vec<String> {
    let mut problems = Vec::new();
    let mut whole = String::new();
    if let Some(s) = &p.scheme {
        whole.push_str(s);
        whole.push(':');
    }
    if let Some(a) = &p.authority {
        whole.push_str("//");
        whole.push_str(a);
        let mut rebuilt = String::new();
        if let Some(u) = &p.userinfo {
            rebuilt.push_str(u);
            rebuilt.push('@');
        }
        rebuilt.push_str(p.host.as_deref().unwrap_or("<no host>"));
        if let Some(port) = &p.port {
            rebuilt.push(':');
            rebuilt.push_str(port);
        }
        if &rebuilt != a {
            problems.push(format!("authority {a:?} is not userinfo@host:port {rebuilt:?}"));
        }
    } else if p.userinfo.is_some() || p.host.is_some() || p.port.is_some() {
        problems.push("userinfo, host or port without an authority".into());
    }
    whole.push_str(&p.path);
    if let Some(q) = &p.query {
        whole.push('?');
        whole.push_str(q);
    }
    if let Some(f) = &p.fragment {
        whole.push('#');
        whole.push_str(f);
    }
    if whole != case.input {
        problems.push(format!("components recompose to {whole:?}"));
    }
    let is_urn = p.scheme.as_deref().is_some_and(|s| s.eq_ignore_ascii_case("urn"));
    match &p.urn {
        None if is_urn => problems.push("scheme urn without urn fields".into()),
        Some(_) if !is_urn => problems.push("urn fields on a non-urn scheme".into()),
        Some(u) => {
            if p.path != format!("{}:{}", u.nid, u.nss) {
                problems.push(format!("path {:?} is not nid:nss", p.path));
            }
            if u.query != p.query || u.fragment != p.fragment {
                problems.push("urn query/fragment differ from the URI's".into());
            }
        }
        None => {}
    }
    problems
}

#[test]
fn valid_cases_recompose_to_their_input() {
    let mut problems = Vec::new();
    for case in load_or_panic(&[CASE_FILES, &[DEBATABLE_FILE]].concat()) {
        if let Expected::Valid(p) = &case.expected {
            for problem in recomposition_problems(&case, p) {
                problems.push(format!("{} {:?}: {problem}", case.origin, case.input));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The component split of RFC 3986 Appendix B (seed 000 Appendix B is the same expression):
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, written out by hand.
fn appendix_b(s: &str) -> [Option<&str>; 5] {
    let mut rest = s;
    let mut scheme = None;
    if let Some(end) = rest.find([':', '/', '?', '#'])
        && end > 0
        && rest[end..].starts_with(':')
    {
        scheme = Some(&rest[..end]);
        rest = &rest[end + 1..];
    }
    let mut authority = None;
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find(['/', '?', '#']).unwrap_or(after.len());
        authority = Some(&after[..end]);
        rest = &after[end..];
    }
    let end = rest.find(['?', '#']).unwrap_or(rest.len());
    let path = &rest[..end];
    rest = &rest[end..];
    let mut query = None;
    if let Some(after) = rest.strip_prefix('?') {
        let end = after.find('#').unwrap_or(after.len());
        query = Some(&after[..end]);
        rest = &after[end..];
    }
    let fragment = rest.strip_prefix('#');
    [scheme, authority, Some(path), query, fragment]
}

#[test]
fn valid_cases_split_as_appendix_b() {
    assert_eq!(
        appendix_b("http://www.ics.uci.edu/pub/ietf/uri/#Related"),
        [Some("http"), Some("www.ics.uci.edu"), Some("/pub/ietf/uri/"), None, Some("Related")],
        "the example of RFC 3986 Appendix B"
    );
    let mut problems = Vec::new();
    for case in load_or_panic(&[CASE_FILES, &[DEBATABLE_FILE]].concat()) {
        if let Expected::Valid(p) = &case.expected {
            let want = [
                p.scheme.as_deref(),
                p.authority.as_deref(),
                Some(p.path.as_str()),
                p.query.as_deref(),
                p.fragment.as_deref(),
            ];
            let got = appendix_b(&case.input);
            if got != want {
                problems.push(format!(
                    "{} {:?}: Appendix B gives {got:?}, the case says {want:?}",
                    case.origin, case.input
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The RFC 3986 generic syntax as `iri-string` reads it: `None` when it rejects the string.
fn iri_string_parts(input: &str) -> Option<Parts> {
    let r = UriReferenceStr::new(input).ok()?;
    let auth = r.authority_components();
    Some(Parts {
        scheme: r.scheme_str().map(str::to_owned),
        authority: r.authority_str().map(str::to_owned),
        userinfo: auth.as_ref().and_then(|a| a.userinfo()).map(str::to_owned),
        host: auth.as_ref().map(|a| a.host().to_owned()),
        host_kind: None,
        port: auth.as_ref().and_then(|a| a.port()).map(str::to_owned),
        path: r.path_str().to_owned(),
        query: r.query().map(|q| q.as_str().to_owned()),
        fragment: r.fragment().map(|f| f.as_str().to_owned()),
        urn: None,
    })
}

/// Every valid rfc3986 case is a valid RFC 3986 reference with the same components for
/// `iri-string`; every reference it rejects is invalid here too. (The converse does not hold:
/// scheme and URN rules reject references the generic syntax allows.)
#[test]
fn rfc3986_cases_agree_with_iri_string() {
    let mut problems = Vec::new();
    let mut checked = BTreeSet::new();
    for case in load_or_panic(CASE_FILES) {
        if case.grammar != "rfc3986" {
            continue;
        }
        checked.insert(case.input.clone());
        match (&case.expected, iri_string_parts(&case.input)) {
            (Expected::Valid(_), None) => {
                problems.push(format!("{} {:?}: iri-string rejects it", case.origin, case.input))
            }
            (Expected::Valid(want), Some(got)) => {
                let want = Parts { host_kind: None, urn: None, ..(**want).clone() };
                if got != want {
                    problems
                        .push(format!("{} {:?}: iri-string splits it as {got:?}", case.origin, case.input));
                }
            }
            (Expected::Invalid { .. }, _) => {}
        }
    }
    assert!(checked.len() > 300);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every valid rfc3987 case is a valid IRI reference with the same components for
/// `iri-string`'s `IriReferenceStr`, and every invalid one whose fault is the generic syntax
/// (it has an `error_index`) is rejected by it.
#[test]
fn rfc3987_cases_agree_with_iri_string() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for case in load_or_panic(CASE_FILES) {
        if case.grammar != IRI_GRAMMAR {
            continue;
        }
        checked += 1;
        let theirs = IriReferenceStr::new(&case.input).ok().map(|r| {
            let auth = r.authority_components();
            Parts {
                scheme: r.scheme_str().map(str::to_owned),
                authority: r.authority_str().map(str::to_owned),
                userinfo: auth.as_ref().and_then(|a| a.userinfo()).map(str::to_owned),
                host: auth.as_ref().map(|a| a.host().to_owned()),
                host_kind: None,
                port: auth.as_ref().and_then(|a| a.port()).map(str::to_owned),
                path: r.path_str().to_owned(),
                query: r.query().map(|q| q.as_str().to_owned()),
                fragment: r.fragment().map(|f| f.as_str().to_owned()),
                urn: None,
            }
        });
        match (&case.expected, theirs) {
            (Expected::Valid(_), None) => {
                problems.push(format!("{} {:?}: iri-string rejects it", case.origin, case.input))
            }
            (Expected::Valid(want), Some(got)) => {
                let want = Parts { host_kind: None, urn: None, ..(**want).clone() };
                if got != want {
                    problems
                        .push(format!("{} {:?}: iri-string splits it as {got:?}", case.origin, case.input));
                }
            }
            (Expected::Invalid { error_index: Some(_) }, Some(_)) => {
                problems.push(format!("{} {:?}: iri-string accepts it", case.origin, case.input))
            }
            (Expected::Invalid { .. }, _) => {}
        }
    }
    assert!(checked >= 65, "{checked}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn resolution_cases_agree_with_iri_string() {
    let mut problems = Vec::new();
    for r in load_resolutions().unwrap_or_else(|e| panic!("bad resolution file: {e}")) {
        let (Ok(base), Ok(reference)) = (UriAbsoluteStr::new(&r.base), UriReferenceStr::new(&r.reference))
        else {
            problems.push(format!("{}: iri-string rejects the base or the reference", r.origin));
            continue;
        };
        let resolved = reference.resolve_against(base);
        if resolved.ensure_rfc3986_normalizable().is_err() {
            problems.push(format!("{}: iri-string cannot resolve it", r.origin));
            continue;
        }
        let got = resolved.to_string();
        if got != r.expected {
            problems.push(format!("{}: iri-string gives {got:?}, the case says {:?}", r.origin, r.expected));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

// ------------------------------------------------------------------------------------------------
// The harness itself
// ------------------------------------------------------------------------------------------------

fn valid_case(input: &str, parts: Parts) -> Case {
    Case {
        origin: "test:1".into(),
        grammar: "rfc3986".into(),
        input: input.into(),
        why: "a rule".into(),
        expected: Expected::Valid(Box::new(parts)),
    }
}

fn http_parts() -> Parts {
    Parts {
        scheme: Some("http".into()),
        authority: Some("a".into()),
        host: Some("a".into()),
        host_kind: Some("reg-name".into()),
        path: "/p".into(),
        ..Parts::default()
    }
}

#[test]
fn harness_reports_every_difference() {
    let case = valid_case("http://a/p", http_parts());
    let same = Observed::Valid { parts: Box::new(http_parts()), urn: UrnSeen::Absent };
    assert!(compare(&case, &same).is_empty());

    // Each wrong field is named; undefined and empty are told apart.
    let wrong = Observed::Valid {
        parts: Box::new(Parts { host: Some("b".into()), query: Some(String::new()), ..http_parts() }),
        urn: UrnSeen::Absent,
    };
    let diffs = compare(&case, &wrong);
    assert_eq!(diffs.len(), 2, "{diffs:?}");
    assert!(diffs[0].starts_with("host:") && diffs[1].starts_with("query:"), "{diffs:?}");

    let rejected = Observed::Invalid { index: 3, message: "bad at byte 3".into() };
    assert_eq!(compare(&case, &rejected), vec!["rejected: bad at byte 3".to_owned()]);

    let invalid = Case { expected: Expected::Invalid { error_index: Some(5) }, ..case.clone() };
    assert_eq!(compare(&invalid, &same), vec!["accepted, expected a rejection".to_owned()]);
    assert!(compare(&invalid, &Observed::Invalid { index: 5, message: String::new() }).is_empty());
    assert_eq!(
        compare(&invalid, &Observed::Invalid { index: 4, message: String::new() }),
        vec!["error at byte 4, expected byte 5".to_owned()]
    );
    let no_index = Case { expected: Expected::Invalid { error_index: None }, ..case.clone() };
    assert!(compare(&no_index, &Observed::Invalid { index: 9, message: String::new() }).is_empty());
}

#[test]
fn harness_compares_urn_views() {
    let urn = UrnParts { nid: "example".into(), nss: "a".into(), query: Some("+r".into()), fragment: None };
    let parts = Parts {
        scheme: Some("urn".into()),
        path: "example:a".into(),
        query: Some("+r".into()),
        urn: Some(urn.clone()),
        ..Parts::default()
    };
    let case = valid_case("urn:example:a?+r", parts.clone());
    let plain = Parts { urn: None, ..parts };
    let seen = |u: UrnSeen| Observed::Valid { parts: Box::new(plain.clone()), urn: u };
    assert!(compare(&case, &seen(UrnSeen::Parts(urn.clone()))).is_empty());
    assert!(compare(&case, &seen(UrnSeen::Opaque)).is_empty(), "parts that cannot be read are not compared");
    assert_eq!(compare(&case, &seen(UrnSeen::Absent)), vec!["urn: no URN view, expected one".to_owned()]);
    let diffs = compare(&case, &seen(UrnSeen::Parts(UrnParts { query: None, ..urn })));
    assert_eq!(diffs, vec!["urn.query: got None, expected Some(\"+r\")".to_owned()]);

    let http = valid_case("http://a/p", http_parts());
    let with_view = Observed::Valid { parts: Box::new(http_parts()), urn: UrnSeen::Opaque };
    assert_eq!(compare(&http, &with_view), vec!["urn: a URN view, expected none".to_owned()]);
}

#[test]
fn report_counts_per_grammar() {
    let mut report = Report::default();
    let ok = valid_case("http://a/p", http_parts());
    let other = Case { grammar: "rfc2396".into(), ..ok.clone() };
    report.record(&ok, &[]);
    report.record(&ok, &["host: x".into()]);
    report.record(&other, &[]);
    assert_eq!(report.tally["rfc3986"], (2, 1));
    assert_eq!(report.tally["rfc2396"], (1, 1));
    assert_eq!(report.failures.len(), 1);
    assert!(report.failures[0].contains("host: x") && report.failures[0].contains("why: a rule"));
    let summary = report.summary();
    assert!(summary.contains("rfc3986: 1/2 agree (50.00%)"), "{summary}");
    assert!(summary.contains("all: 2/3 agree (66.66%)"), "{summary}");
    assert_eq!(percent(9_999, 10_000), "99.99%");
}

#[test]
fn loader_names_the_bad_line() {
    let obj = |s: &str| match serde_json::from_str::<Value>(s) {
        Ok(Value::Object(m)) => m,
        other => panic!("{other:?}"),
    };
    let missing =
        parse_case("f:3".into(), &obj(r#"{"grammar":"rfc3986","input":"a","valid":true,"why":"w"}"#));
    assert!(missing.is_err_and(|e| e.starts_with("f:3: `scheme`")));
    let grammar =
        parse_case("f:4".into(), &obj(r#"{"grammar":"rfc9999","input":"a","valid":false,"why":"w"}"#));
    assert!(grammar.is_err_and(|e| e.contains("unknown grammar")));
    let index = parse_case(
        "f:5".into(),
        &obj(r#"{"grammar":"rfc2396","input":"a","valid":false,"error_index":1,"why":"w"}"#),
    );
    assert!(index.is_err_and(|e| e.contains("error_index")));
    let fine = parse_case(
        "f:6".into(),
        &obj(r#"{"grammar":"rfc1738","input":"a b","valid":false,"error_index":1,"why":"w"}"#),
    );
    assert!(fine.is_ok_and(|c| c.expected == Expected::Invalid { error_index: Some(1) }));
}
