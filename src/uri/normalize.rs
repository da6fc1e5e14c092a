//! Normalization and equivalence: seed 000 (draft-fielding-uri-syntax-01) §6, made precise by
//! RFC 3986 §6.2.2 (syntax-based) and §6.2.3 (scheme-based). The public documentation of
//! [`normalize`] gives the rules.

use super::resolve::{protect_path, remove_dot_segments};
use super::{Grammar, ParseError, Uri};
use crate::chars::{self, UNRESERVED};

/// Parses `input` with the default grammar (RFC 3986) and returns its normal form
/// ([`Uri::normalized`]): seed 000 §6, made precise by RFC 3986 §6.2.2–6.2.3.
///
/// The normal form of a URI reference is built component by component:
///
/// * **case** (RFC 3986 §6.2.2.1; seed §6 "host name is case independent"): the scheme and the
///   host — registered name or IP literal — are lower-cased; the hexadecimal digits of every
///   percent-escape are upper-cased, in every component; nothing else changes case (the userinfo,
///   path, query and fragment are case-sensitive);
/// * **percent-encoding** (§6.2.2.2): an escape of an unreserved character (`ALPHA / DIGIT /
///   "-" / "." / "_" / "~"`, RFC 3986 §2.3) is decoded; escapes of anything else stay, since
///   decoding them could change what the URI means. Under [`Grammar::Rfc1738`], where `~` is
///   unsafe (RFC 1738 §2.2), `%7E` stays encoded so that the normal form is still a valid URI
///   of that grammar;
/// * **dot segments** (§6.2.2.3): `remove_dot_segments` (§5.2.4) is applied to the path of a
///   hierarchical URI with a scheme — one with an authority or an absolute path; after decoding,
///   so that `%2E%2E` counts as `..` and normalizing twice changes nothing. A relative reference
///   keeps its dot segments: they mean something until it is resolved (§5.2);
/// * **port** (§6.2.3; seed §6): an empty port, or the scheme's default port, is elided with its
///   `:` (http 80, https 443, ftp 21, gopher 70, nntp 119, telnet 23, wais 210, prospero 1525,
///   ws 80, wss 443);
/// * **empty path** (§6.2.3): with an authority, `http`, `https`, `ws` and `wss` read an empty
///   path as `/` (RFC 7230 §2.7.3; RFC 6455 §3), so it becomes `/`. Other schemes keep it:
///   RFC 3986 only licenses this per scheme;
/// * **delimiters** stay: an empty query or fragment is not an undefined one
///   (`http://a/?` is not `http://a/`, §6.2.3);
/// * **scheme rules win**: when decoding or dot-segment removal would give something the
///   scheme's own rules reject (a newsgroup name has no `~`, RFC 5538 §4: `news:a%7Eb` cannot
///   become `news:a~b`), neither is done, so that the normal form is still a valid URI.
///
/// An IRI ([`Uri::parse_iri`]) is normalized by the same rules, which RFC 3987 §5.3.2–5.3.3
/// restates for IRIs; characters outside ASCII are kept as they are: only the ASCII letters of
/// the host are lower-cased (§5.3.2.1: "US-ASCII only host"), no character normalization is
/// applied (§5.3.2.2: equivalence "MUST rely on the assumption that IRIs are appropriately
/// pre-character-normalized"), and a host is not converted to A-labels (§5.3.3: IDNs "SHOULD
/// NOT be converted into ASCII Compatible Encoding"). Equivalence of IRIs compares the normal
/// forms of their URI mappings ([`iri_to_uri`](super::iri_to_uri)), which aligns percent-encoding as §5.3.2.3
/// says and makes an IDN equivalent to its A-labels, as §5.3.3 allows
/// (`http://résumé.example.org` and `http://xn--rsum-bpad.example.org`).
///
/// A URN is normalized by its own rules instead ([`Urn::normalized`](super::Urn::normalized):
/// RFC 8141 §3.1; draft-03 §5): the scheme and NID are lower-cased and the hex digits of escapes
/// upper-cased, nothing is decoded, and the query and fragment, which URN-equivalence ignores,
/// are dropped.
///
/// ```
/// use urisift::uri::{normalize, Uri};
/// assert_eq!(normalize("HTTP://www.EXAMPLE.com:80").unwrap(), "http://www.example.com/");
/// assert_eq!(normalize("http://a/b/%7euser/../c").unwrap(), "http://a/b/c");
/// let a = Uri::parse("example://a/b/c/%7Bfoo%7D").unwrap();
/// let b = Uri::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap();
/// assert!(a.is_equivalent(&b));
/// ```
///
/// # Errors
///
/// The [`ParseError`] of [`Uri::parse`] when `input` is not a valid URI reference.
pub fn normalize(input: &str) -> Result<String, ParseError> {
    Uri::parse(input).map(|uri| uri.normalized())
}

impl Uri<'_> {
    /// The normal form of this URI reference: the rules are listed at
    /// [`normalize`](fn@crate::uri::normalize).
    ///
    /// The result is a valid URI reference of the same grammar, and normalizing it again gives
    /// it back unchanged.
    ///
    /// ```
    /// use urisift::uri::Uri;
    /// let uri = Uri::parse("HTTP://User@Example.COM:/%7euser/./a/../b?%3f#F").unwrap();
    /// assert_eq!(uri.normalized(), "http://User@example.com/~user/b?%3F#F");
    /// ```
    pub fn normalized(&self) -> String {
        // RFC 8141 §3.1 forbids decoding percent-escapes in a URN, which the generic normal
        // form below does: URNs have their own.
        if let Some(urn) = self.urn() {
            return urn.normalized();
        }
        // A scheme's own rules may reject what decoding or dot-segment removal produces: a
        // newsgroup name has no `~` (RFC 5538 §4), so `news:a%7Eb` cannot become `news:a~b`.
        // Then only the rules that cannot break a valid URI apply (case, ports, the empty
        // path). That form normalizes to the same full form, so it is stable too.
        let full = self.normal_form(Rules::All);
        if let Ok(uri) = self.reparse(&full) {
            // Under the draft grammars a registry-based authority (seed 000 §4.3.1) has no port;
            // once its escapes are decoded it may read as a `server` that has one (`//%6E:`
            // becomes `//n:`), and that port is elided in turn, as in any server.
            if uri.port().is_some() && self.port().is_none() {
                let again = uri.normal_form(Rules::All);
                if self.reparse(&again).is_ok() {
                    return again;
                }
            }
            return full;
        }
        let partial = self.normal_form(Rules::KeepEscapesAndDotSegments);
        if self.reparse(&partial).is_ok() { partial } else { self.as_str().to_owned() }
    }

    /// Whether this URI reference and `other` are equivalent: their normal forms are equal
    /// (RFC 3986 §6.2.2–6.2.3), or, for two URNs, they are URN-equivalent (RFC 8141 §3, which
    /// ignores the `?+`, `?=` and `#` parts).
    ///
    /// The relation is reflexive and symmetric. The fragment counts (RFC 3986 §6.2.3).
    ///
    /// ```
    /// use urisift::uri::Uri;
    /// let p = |s| Uri::parse(s).unwrap();
    /// assert!(p("http://www.XEROX.com").is_equivalent(&p("http://www.xerox.com/")));
    /// assert!(!p("http://example.com/?").is_equivalent(&p("http://example.com/")));
    /// ```
    pub fn is_equivalent(&self, other: &Uri<'_>) -> bool {
        // RFC 3987 §5.3.2.3: "the percent-encoding of both IRIs to be compared has to be
        // aligned; for example, by converting both IRIs to URIs"; with §5.3.3's leave to
        // consider an IDN and its A-labels equivalent, the mapping of §3.1 does both.
        if self.iri || other.iri {
            let (a, b) =
                (super::iri::to_uri(self.input, &self.parts), super::iri::to_uri(other.input, &other.parts));
            if let (Ok(a), Ok(b)) = (Uri::parse_with(&a, self.grammar), Uri::parse_with(&b, other.grammar)) {
                return a.is_equivalent(&b);
            }
        }
        if let (Some(a), Some(b)) = (self.urn(), other.urn()) {
            return a.is_equivalent(&b);
        }
        self.normalized() == other.normalized()
    }
}

impl Uri<'_> {
    /// Parses `s` as this one was parsed: with its grammar, as an IRI or not.
    fn reparse<'s>(&self, s: &'s str) -> Result<Uri<'s>, ParseError> {
        if self.iri { Uri::parse_iri(s) } else { Uri::parse_with(s, self.grammar) }
    }

    /// The generic normal form under `rules` (RFC 3986 §6.2.2–6.2.3).
    fn normal_form(&self, rules: Rules) -> String {
        let decodable = match rules {
            Rules::All => decodable_in(self.grammar),
            Rules::KeepEscapesAndDotSegments => |_| false,
        };
        let mut out = String::with_capacity(self.as_str().len() + 1);
        let scheme = self.scheme().map(str::to_ascii_lowercase);
        if let Some(s) = &scheme {
            out.push_str(s);
            out.push(':');
        }
        let has_authority = self.authority().is_some();
        if let Some(authority) = self.authority() {
            out.push_str("//");
            match self.host() {
                Some(host) => {
                    if let Some(userinfo) = self.userinfo() {
                        push_escapes_normalized(&mut out, userinfo, Case::Keep, decodable);
                        out.push('@');
                    }
                    push_escapes_normalized(&mut out, host, Case::Lower, decodable);
                    if let Some(port) = self.port()
                        && !port.is_empty()
                        && !is_default_port(scheme.as_deref(), port)
                    {
                        out.push(':');
                        out.push_str(port);
                    }
                }
                // A parsed URI's host is defined whenever its authority is; should it not be,
                // the authority is kept whole rather than guessed at.
                None => push_escapes_normalized(&mut out, authority, Case::Keep, decodable),
            }
        }
        let path_start = out.len();
        let path = self.path();
        if rules == Rules::All && scheme.is_some() && (has_authority || path.starts_with('/')) {
            // Decode first, so that `%2E` segments are removed now and not on a second pass.
            let mut decoded = String::with_capacity(path.len());
            push_escapes_normalized(&mut decoded, path, Case::Keep, decodable);
            remove_dot_segments(&decoded, &mut out);
        } else {
            push_escapes_normalized(&mut out, path, Case::Keep, decodable);
        }
        if has_authority && out.len() == path_start && scheme.as_deref().is_some_and(empty_path_is_root) {
            out.push('/');
        }
        protect_path(&mut out, path_start, scheme.is_some(), has_authority);
        if let Some(query) = self.query() {
            out.push('?');
            push_escapes_normalized(&mut out, query, Case::Keep, decodable);
        }
        if let Some(fragment) = self.fragment() {
            out.push('#');
            push_escapes_normalized(&mut out, fragment, Case::Keep, decodable);
        }
        out
    }
}

/// Which normalization rules apply.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rules {
    /// Every rule of [`normalize`].
    All,
    /// All but the decoding of escapes and the removal of dot segments, which a scheme's rules
    /// may reject.
    KeepEscapesAndDotSegments,
}

/// Which characters a percent-escape may be decoded to under `grammar` (RFC 3986 §2.3,
/// §6.2.2.2): the unreserved ones, less `~` under RFC 1738, which calls it unsafe (§2.2).
fn decodable_in(grammar: Grammar) -> fn(u8) -> bool {
    match grammar {
        Grammar::Rfc3986 | Grammar::Rfc2396 => |b| chars::is(b, UNRESERVED),
        Grammar::Rfc1738 => |b| b != b'~' && chars::is(b, UNRESERVED),
    }
}

/// Whether letters are lower-cased (scheme-independent case-insensitive parts: the host).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Case {
    Keep,
    Lower,
}

/// Appends `s` to `out` with its percent-escapes normalized (RFC 3986 §6.2.2.1–6.2.2.2): an
/// escape of a `decodable` character is decoded, any other escape gets upper-case hex digits.
/// With [`Case::Lower`], letters outside escapes (and decoded ones) are lower-cased.
fn push_escapes_normalized(out: &mut String, s: &str, case: Case, decodable: fn(u8) -> bool) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let lower = |b: u8| if case == Case::Lower { b.to_ascii_lowercase() } else { b };
    let bytes = s.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%'
            && let (Some(hi), Some(lo)) = (hex_value(bytes.get(i + 1)), hex_value(bytes.get(i + 2)))
        {
            let decoded = hi << 4 | lo;
            if decodable(decoded) {
                out.push(char::from(lower(decoded)));
            } else {
                out.push('%');
                out.push(char::from(HEX[usize::from(hi)]));
                out.push(char::from(HEX[usize::from(lo)]));
            }
            i += 3;
        } else if b.is_ascii() {
            out.push(char::from(lower(b)));
            i += 1;
        } else {
            // A valid URI is ASCII; should a character outside it get here, copy it whole so
            // the output stays UTF-8. `i` is on a character boundary: it only ever moved past
            // ASCII bytes and whole characters.
            let Some(c) = s.get(i..).and_then(|rest| rest.chars().next()) else { break };
            out.push(c);
            i += c.len_utf8();
        }
    }
}

fn hex_value(b: Option<&u8>) -> Option<u8> {
    let b = *b?;
    char::from(b).to_digit(16).and_then(|d| u8::try_from(d).ok())
}

/// Whether `port` is the default port of `scheme` (lower-case): RFC 1738 §3 (ftp, http, gopher,
/// nntp, telnet, wais, prospero), RFC 2818 §2.3 (https), RFC 6455 §3 (ws, wss).
///
/// Ports are decimal numbers (RFC 3986 §3.2.3), so leading zeros do not matter: `:080` is 80.
fn is_default_port(scheme: Option<&str>, port: &str) -> bool {
    let default = match scheme {
        Some("http" | "ws") => "80",
        Some("https" | "wss") => "443",
        Some("ftp") => "21",
        Some("gopher") => "70",
        Some("nntp") => "119",
        Some("telnet") => "23",
        Some("wais") => "210",
        Some("prospero") => "1525",
        _ => return false,
    };
    port.trim_start_matches('0') == default
}

/// Schemes whose empty path with an authority means `/` (RFC 3986 §6.2.3; RFC 7230 §2.7.3;
/// RFC 6455 §3).
fn empty_path_is_root(scheme: &str) -> bool {
    matches!(scheme, "http" | "https" | "ws" | "wss")
}

#[cfg(test)]
mod tests {
    use super::super::{Components, HostKind, Part, generic};
    use super::*;

    /// A `Uri` with the authority split as RFC 3986 §3.2 does (userinfo before the `@`, port
    /// after a `:` outside brackets), so that these tests do not depend on the validator.
    fn uri_with(s: &str, grammar: Grammar) -> Uri<'_> {
        let mut c: Components = generic::split(s);
        if let Some(a) = c.authority {
            let authority = &s[a.range()];
            let host_start = match authority.rfind('@') {
                Some(at) => {
                    c.userinfo = Some(Part::new(a.start, a.start + at));
                    a.start + at + 1
                }
                None => a.start,
            };
            let host_and_port = &s[host_start..a.end];
            let host_end = match host_and_port.rfind(':') {
                Some(colon) if !host_and_port[colon..].contains(']') => {
                    c.port = Some(Part::new(host_start + colon + 1, a.end));
                    host_start + colon
                }
                _ => a.end,
            };
            c.host = Some(Part::new(host_start, host_end));
            let host = &s[host_start..host_end];
            c.host_kind = Some(if host.starts_with("[v") || host.starts_with("[V") {
                HostKind::IpvFuture
            } else if host.starts_with('[') {
                HostKind::Ipv6
            } else if !host.is_empty() && host.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
                HostKind::Ipv4
            } else {
                HostKind::RegName
            });
        }
        Uri::from_parts(s, grammar, c)
    }

    fn norm(s: &str) -> String {
        uri_with(s, Grammar::Rfc3986).normalized()
    }

    fn equivalent(a: &str, b: &str) -> bool {
        uri_with(a, Grammar::Rfc3986).is_equivalent(&uri_with(b, Grammar::Rfc3986))
    }

    #[test]
    fn rfc3986_6_2_2_example() {
        let a = "example://a/b/c/%7Bfoo%7D";
        let b = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d";
        assert_eq!(norm(a), a);
        assert_eq!(norm(b), a);
        assert!(equivalent(a, b) && equivalent(b, a));
    }

    #[test]
    fn rfc3986_6_2_2_1_case_of_scheme_and_host() {
        assert_eq!(norm("HTTP://www.EXAMPLE.com/"), "http://www.example.com/");
        // Seed 000 §6: <http://www.XEROX.com> is equivalent to <http://www.xerox.com>.
        assert!(equivalent("http://www.XEROX.com", "http://www.xerox.com"));
        // Userinfo, path, query and fragment keep their case.
        assert_eq!(norm("http://User:PW@Host/Path?Q#F"), "http://User:PW@host/Path?Q#F");
        // IP literals are hosts too.
        assert_eq!(norm("http://[FE80::A:B]/"), "http://[fe80::a:b]/");
        assert_eq!(norm("http://[V7.AB:C]/"), "http://[v7.ab:c]/");
    }

    #[test]
    fn rfc3986_6_2_3_four_equivalent_http_uris() {
        let forms =
            ["http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"];
        for a in forms {
            assert_eq!(norm(a), "http://example.com/", "{a}");
            for b in forms {
                assert!(equivalent(a, b), "{a} {b}");
            }
        }
        // "http://example.com/?" cannot be assumed equivalent to any of them.
        for a in forms {
            assert!(!equivalent(a, "http://example.com/?"), "{a}");
        }
        // Nor can two URIs that differ by a final "#".
        assert!(!equivalent("http://example.com/", "http://example.com/#"));
    }

    #[test]
    fn hex_digits_are_upper_cased_everywhere() {
        assert_eq!(norm("foo://u%3a@h%2f/p%2f?q%3d#f%c3%a9"), "foo://u%3A@h%2F/p%2F?q%3D#f%C3%A9");
        assert_eq!(norm("foo:%3a%2F"), "foo:%3A%2F");
        assert_eq!(norm("a%5bb"), "a%5Bb");
    }

    #[test]
    fn escapes_of_unreserved_characters_are_decoded() {
        assert_eq!(norm("http://a/%41%7a%30%2D%2e%5F%7e"), "http://a/Az0-._~");
        // In the host, a decoded letter is lower-cased like the others.
        assert_eq!(norm("http://EX%41MPLE.com/"), "http://example.com/");
        assert_eq!(norm("http://%75ser@a/?%71#%66"), "http://user@a/?q#f");
        // Reserved and other characters stay encoded: decoding them could change the meaning.
        assert_eq!(norm("http://a/%2F%3F%23%25%20%21"), "http://a/%2F%3F%23%25%20%21");
    }

    #[test]
    fn under_rfc1738_tilde_stays_encoded() {
        let uri = uri_with("http://a/%7euser/%41", Grammar::Rfc1738);
        assert_eq!(uri.normalized(), "http://a/%7Euser/A");
        let uri = uri_with("http://a/%7euser", Grammar::Rfc2396);
        assert_eq!(uri.normalized(), "http://a/~user");
    }

    #[test]
    fn dot_segments_are_removed_after_decoding() {
        assert_eq!(norm("http://a/b/./c/../d"), "http://a/b/d");
        assert_eq!(norm("http://a/b/%2E%2E/c"), "http://a/c");
        assert_eq!(norm("http://a/b/%2e/c"), "http://a/b/c");
        assert_eq!(norm("file:///a/../../b"), "file:///b");
        assert_eq!(norm("foo:/a/./b"), "foo:/a/b");
        // An encoded "/" is not a segment boundary.
        assert_eq!(norm("http://a/b%2F..%2Fc"), "http://a/b%2F..%2Fc");
    }

    #[test]
    fn opaque_paths_and_relative_references_keep_their_dot_segments() {
        assert_eq!(norm("mailto:a/../b"), "mailto:a/../b");
        assert_eq!(norm("a/./b/../c"), "a/./b/../c");
        assert_eq!(norm("/a/./b"), "/a/./b");
        assert_eq!(norm("//A/./b"), "//a/./b");
        assert_eq!(norm("../%7e"), "../~");
    }

    #[test]
    fn default_ports_are_elided_per_scheme() {
        for (uri, normal) in [
            ("http://a:80/", "http://a/"),
            ("https://a:443/", "https://a/"),
            ("ftp://a:21/", "ftp://a/"),
            ("gopher://a:70/", "gopher://a/"),
            ("nntp://a:119/g", "nntp://a/g"),
            ("telnet://a:23/", "telnet://a/"),
            ("wais://a:210/d", "wais://a/d"),
            ("prospero://a:1525/x", "prospero://a/x"),
            ("ws://a:80/", "ws://a/"),
            ("wss://a:443/", "wss://a/"),
            ("HTTP://a:80/", "http://a/"),
            ("http://a:080/", "http://a/"),
        ] {
            assert_eq!(norm(uri), normal, "{uri}");
        }
        // Not the default: kept.
        for uri in
            ["http://a:8080/", "https://a:80/", "ftp://a:80/", "foo://a:80/", "http://a:0/", "http://a:800/"]
        {
            assert_eq!(norm(uri), uri);
        }
        // An empty port goes whatever the scheme (RFC 3986 §6.2.3).
        assert_eq!(norm("foo://a:/x"), "foo://a/x");
        assert_eq!(norm("//a:/x"), "//a/x");
        // The userinfo stays.
        assert_eq!(norm("http://u@a:80/"), "http://u@a/");
    }

    #[test]
    fn empty_path_becomes_root_only_where_the_scheme_says_so() {
        assert_eq!(norm("https://a"), "https://a/");
        assert_eq!(norm("ws://a?q"), "ws://a/?q");
        assert_eq!(norm("http://a#f"), "http://a/#f");
        assert_eq!(norm("ftp://a"), "ftp://a");
        assert_eq!(norm("foo://a"), "foo://a");
        assert_eq!(norm("file://"), "file://");
        assert_eq!(norm("//a"), "//a");
    }

    #[test]
    fn a_path_that_would_read_as_an_authority_is_protected() {
        // remove_dot_segments("/a/..//b") is "//b", which after "foo:" would be an authority.
        let once = norm("foo:/a/..//b");
        assert_eq!(once, "foo:/.//b");
        assert_eq!(norm(&once), once);
    }

    /// Inputs for the properties: every rule above, and the RFC 3986 §5.4 targets.
    const SAMPLES: &[&str] = &[
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        "HTTP://www.EXAMPLE.com",
        "http://User@Example.COM:/%7euser/./a/../b?%3f#F",
        "http://[FE80::A]:80",
        "https://a:443?%7E#%7e",
        "ftp://a:021/./x;type=a",
        "foo:/a/..//b",
        "foo:/.//b",
        "mailto:Joe@Example.COM",
        "a/./b/../%2e%2E",
        "//A:/x/../y",
        "http://a/b/c/d;p?q",
        "http://a/b%2F%2e%2E%2Fc",
        "file:///a/../../b",
        "",
        "#",
        "?",
        "news:comp.infosystems.www.servers.unix",
    ];

    #[test]
    fn normalizing_twice_changes_nothing() {
        for s in SAMPLES {
            for grammar in [Grammar::Rfc3986, Grammar::Rfc2396, Grammar::Rfc1738] {
                let once = uri_with(s, grammar).normalized();
                let twice = uri_with(&once, grammar).normalized();
                assert_eq!(twice, once, "{s} under {grammar}");
            }
        }
    }

    #[test]
    fn the_normal_form_splits_like_the_input() {
        // The normal form must not move a component boundary (e.g. a path read as an authority).
        for s in SAMPLES {
            let input = generic::split(s);
            let normal = norm(s);
            let output = generic::split(&normal);
            let defined = |c: Components| {
                [c.scheme.is_some(), c.authority.is_some(), c.query.is_some(), c.fragment.is_some()]
            };
            assert_eq!(defined(output), defined(input), "{s} -> {normal}");
        }
    }

    #[test]
    fn equivalence_is_reflexive_and_symmetric() {
        for a in SAMPLES {
            assert!(equivalent(a, a), "{a}");
            for b in SAMPLES {
                assert_eq!(equivalent(a, b), equivalent(b, a), "{a} {b}");
            }
        }
        assert!(equivalent("HTTP://www.EXAMPLE.com", "http://www.example.com:80/"));
        assert!(!equivalent("http://a/b", "http://a/B"));
    }

    #[test]
    fn agrees_with_iri_string_on_generated_uris() {
        use iri_string::types::UriStr;
        // A scheme without scheme-based rules, so that only RFC 3986 §6.2.2 applies; iri-string's
        // variant that keeps dot segments of a rootless path without an authority, as we do.
        const AUTHORITIES: &[Option<&str>] = &[None, Some(""), Some("H"), Some("u%41@Ex%2dA"), Some("[::A]")];
        const PATH_PIECES: &[&str] = &["", "/", "/.", "/..", "/a", "/%2e", "/%7E", "a", "/%2F", "/B", "%2E"];
        const TAILS: &[&str] = &["", "?", "?%3f%7e", "#", "#%7e%C3%a9", "?a/../b#c/./d"];
        let mut compared = 0;
        for scheme in ["foo", "FoO"] {
            for authority in AUTHORITIES {
                for a in PATH_PIECES {
                    for b in PATH_PIECES {
                        for c in PATH_PIECES {
                            for tail in TAILS {
                                let path = format!("{a}{b}{c}");
                                let s = match authority {
                                    Some(auth) if path.is_empty() || path.starts_with('/') => {
                                        format!("{scheme}://{auth}{path}{tail}")
                                    }
                                    Some(_) => continue,
                                    None if path.starts_with("//") => continue,
                                    None => format!("{scheme}:{path}{tail}"),
                                };
                                let theirs = UriStr::new(&s).unwrap();
                                let theirs =
                                    theirs.normalize_but_preserve_authorityless_relative_path().to_string();
                                assert_eq!(norm(&s), theirs, "{s}");
                                compared += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }

    #[test]
    fn decoding_a_tilde_into_a_newsgroup_name_is_not_done() {
        // RFC 5538 §4: a newsgroup name has no `~`; decoding `%7E` would make the URI invalid.
        for (input, normal) in [
            ("news:a%7eb", "news:a%7Eb"),
            ("NEWS://A/%7e?%41", "news://a/%7E?%41"),
            // Where the scheme's rules allow the decoded character, it is decoded.
            ("news:a%2Eb", "news:a.b"),
        ] {
            let once = normalize(input).unwrap();
            assert_eq!(once, normal, "{input}");
            assert_eq!(normalize(&once).unwrap(), once, "{input}");
            assert!(Uri::parse(input).unwrap().is_equivalent(&Uri::parse(&once).unwrap()));
        }
    }

    #[test]
    fn normalize_parses_with_the_default_grammar() {
        assert_eq!(normalize("HTTP://A:80").unwrap(), "http://a/");
        assert_eq!(normalize("http://[::A]/").unwrap(), "http://[::a]/");
        assert!(normalize("http://a/%zz").is_err());
        assert!(normalize("http://a b/").is_err());
    }

    #[test]
    fn normalized_results_reparse() {
        for s in SAMPLES {
            let normal = normalize(s).unwrap();
            assert!(Uri::parse(&normal).is_ok(), "{s} -> {normal}");
        }
    }

    #[test]
    fn urns_compare_by_rfc8141_section_3() {
        let p = |s| Uri::parse(s).unwrap();
        let first = ["urn:example:a123,z456", "URN:example:a123,z456", "urn:EXAMPLE:a123,z456"];
        let ignored_parts =
            ["urn:example:a123,z456?+abc", "urn:example:a123,z456?=xyz", "urn:example:a123,z456#789"];
        for a in first.iter().chain(&ignored_parts) {
            for b in first.iter().chain(&ignored_parts) {
                assert!(p(a).is_equivalent(&p(b)), "{a} {b}");
            }
        }
        // Percent-escapes are not decoded, only their hex case is normalized.
        assert!(p("urn:example:a123%2Cz456").is_equivalent(&p("URN:EXAMPLE:a123%2cz456")));
        assert!(!p("urn:example:a123%2Cz456").is_equivalent(&p("urn:example:a123,z456")));
        assert!(!p("urn:example:%61123,z456").is_equivalent(&p("urn:example:a123,z456")));
        // The NSS is case-sensitive.
        assert!(!p("urn:example:A123,z456").is_equivalent(&p("urn:example:a123,z456")));
        assert_eq!(normalize("URN:EXAMPLE:a123%2cz456").unwrap(), "urn:example:a123%2Cz456");
    }

    /// Fuzz regression `fuzz/regressions/normalize/registry-authority-decodes-to-a-server`: under
    /// the draft grammar, `%6e:` is a registry-based authority (seed 000 §4.3.1: `%` is no
    /// hostname character); decoded it is `n:`, a server with an empty port, which the next
    /// normalization elided, so normalizing twice changed the result.
    #[test]
    fn registry_authority_that_decodes_to_a_server_loses_its_empty_port() {
        for (input, normal) in
            [("//%6e:", "//n"), ("x://h%6Fst:/p", "x://host/p"), ("x://u%40@h%6F:/", "x://u%40@ho/")]
        {
            let uri = Uri::parse_with(input, Grammar::Rfc2396).unwrap();
            assert_eq!(uri.port(), None, "{input} is registry-based");
            assert_eq!(uri.normalized(), normal, "{input}");
            let again = Uri::parse_with(normal, Grammar::Rfc2396).unwrap();
            assert_eq!(again.normalized(), normal, "{normal} is its own normal form");
            assert!(uri.is_equivalent(&again) && again.is_equivalent(&uri));
        }
    }
}
