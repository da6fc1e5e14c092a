//! What a host name says about who runs it (issue 38 items 3 and 4): its registrable domain by
//! the public suffix list, its A-label (ASCII) and Unicode forms, and whether a browser reads it
//! as a numeric IPv4 address. Nothing here runs while extracting: each is asked for by an
//! accessor ([`Uri::registrable_domain`](crate::uri::Uri::registrable_domain),
//! [`Match::flags`](crate::Match::flags)), when the output wants it.

use std::sync::OnceLock;

use publicsuffix::{List, Psl};

use crate::uri::lex::percent_decode;

/// The public suffix list (<https://publicsuffix.org/>), vendored: `data/public_suffix_list.dat`
/// (Mozilla Public License 2.0), replaced by `scripts/refresh-psl.sh`.
const LIST_TEXT: &str = include_str!("../../../data/public_suffix_list.dat");

/// The list, parsed on first use (some milliseconds, once a process); `None` if it does not
/// parse, which a test rules out for the vendored list.
fn list() -> Option<&'static List> {
    static LIST: OnceLock<Option<List>> = OnceLock::new();
    LIST.get_or_init(|| LIST_TEXT.parse().ok()).as_ref()
}

/// The date of the vendored public suffix list, `YYYY-MM-DD`, from its `// VERSION:` line (the
/// list as published dates itself so: `// VERSION: 2026-11-30_07-12-34_UTC`); `"unknown"` when
/// it has none.
///
/// ```
/// let date = urisift::uri::public_suffix_list_date();
/// assert_eq!(date.len(), 10);
/// ```
pub fn public_suffix_list_date() -> &'static str {
    LIST_TEXT
        .lines()
        .find_map(|line| line.strip_prefix("// VERSION: "))
        .and_then(|version| version.get(..10))
        .unwrap_or("unknown")
}

/// The name `host` (a `reg-name` as written) in IDNA A-labels by UTS #46 ToASCII: lower case,
/// ASCII; percent-escapes are decoded first and must decode to UTF-8. One trailing dot is
/// dropped (`example.com.` is `example.com`). `None` for the empty name and for one ToASCII
/// refuses (an invalid `xn--` label, a character no name may hold).
pub(crate) fn ascii_name(host: &str) -> Option<String> {
    if let Some(name) = plain_ascii_name(host) {
        return Some(name);
    }
    let decoded;
    let bytes = if host.contains('%') {
        decoded = percent_decode(host)?;
        &decoded[..]
    } else {
        host.as_bytes()
    };
    let ascii = idna::domain_to_ascii_cow(bytes, idna::AsciiDenyList::URL).ok()?;
    let name = ascii.strip_suffix('.').unwrap_or(&ascii);
    (!name.is_empty()).then(|| name.to_owned())
}

/// The registrable domain of the host `host` as written ([`Uri::host`](crate::uri::Uri::host)):
/// its public suffix by the list (ICANN and private sections alike, as browsers read it) and
/// the one label before it, in IDNA A-labels, lower case. `None` for a name of one label, a
/// name that is a public suffix itself (`co.uk`), an IP address (an IP literal in brackets, a
/// dotted IPv4 address, and any name a browser reads as IPv4: `3232235777`), and a name UTS #46
/// ToASCII refuses. A name under a top-level domain the list does not know is read by the
/// list's default rule `*`: `a.b.corp` gives `b.corp`.
///
/// ```
/// use urisift::uri::registrable_domain;
/// assert_eq!(registrable_domain("a.b.example.co.uk").as_deref(), Some("example.co.uk"));
/// assert_eq!(registrable_domain("WWW.Bücher.de").as_deref(), Some("xn--bcher-kva.de"));
/// assert_eq!(registrable_domain("[::1]"), None);
/// ```
pub fn registrable_domain(host: &str) -> Option<String> {
    let name = ascii_name(host)?;
    if !name.contains('.') || numeric_ipv4(&name).is_some() {
        return None;
    }
    let domain = list()?.domain(name.as_bytes())?;
    core::str::from_utf8(domain.as_bytes()).ok().map(str::to_owned)
}

/// [`ascii_name`] for the common name, of ASCII letters, digits, `-` and `.` with no A-label:
/// UTS #46 maps it to itself in lower case (no character is mapped or disallowed, and with
/// the URL deny list neither hyphens nor label lengths are checked), so `idna` need not run.
/// `None` for any other name.
fn plain_ascii_name(host: &str) -> Option<String> {
    let plain = host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    if !plain || has_punycode_label(host) {
        return None;
    }
    let name = host.strip_suffix('.').unwrap_or(host);
    (!name.is_empty()).then(|| name.to_ascii_lowercase())
}

/// Whether a label of `host` is an IDNA A-label: it starts `xn--`, in any case.
pub(crate) fn has_punycode_label(host: &str) -> bool {
    let bytes = host.as_bytes();
    // A label starts at the name's start or after a `.`; most names have no `-` at all.
    memchr::memchr(b'-', bytes).is_some()
        && (0..bytes.len()).any(|i| {
            (i == 0 || bytes[i - 1] == b'.')
                && bytes.get(i..i + 4).is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
        })
}

/// The Unicode form of the host `host` by UTS #46 ToUnicode (its A-labels decoded, lower case),
/// when a label of it starts `xn--` and every label decodes; `None` otherwise.
///
/// ```
/// assert_eq!(urisift::uri::host_unicode("www.xn--bcher-kva.de").as_deref(), Some("www.bücher.de"));
/// assert_eq!(urisift::uri::host_unicode("www.example.com"), None);
/// ```
pub fn host_unicode(host: &str) -> Option<String> {
    if !has_punycode_label(host) {
        return None;
    }
    let (unicode, result) = idna::domain_to_unicode(host);
    result.is_ok().then_some(unicode)
}

/// The address a browser reads the ASCII name `name` as, when it reads it as an IPv4 address
/// (the WHATWG URL Standard, "IPv4 parser", for a host that "ends in a number"): one to four
/// dot-separated numbers (one trailing dot allowed), each decimal, octal with a leading `0`,
/// or hexadecimal after `0x`; all but the last below 256, the last filling the bytes left.
/// `3232235521`, `0xC0A80001`, `0300.0250.0.1` and `192.168.1` are forms of `192.168.0.1`.
pub(crate) fn numeric_ipv4(name: &str) -> Option<u32> {
    let name = name.strip_suffix('.').unwrap_or(name);
    // A name's top label starts with a letter: told without splitting it.
    if !name.rsplit('.').next().is_some_and(|top| top.starts_with(|c: char| c.is_ascii_digit())) {
        return None;
    }
    let parts: Vec<&str> = name.split('.').collect();
    if parts.is_empty() || parts.len() > 4 {
        return None;
    }
    let mut numbers = Vec::with_capacity(parts.len());
    for part in &parts {
        numbers.push(ipv4_number(part)?);
    }
    let (last, first) = numbers.split_last()?;
    if first.iter().any(|&n| n > 255) {
        return None;
    }
    // The last number fills the bytes the others leave: 4 - (its index) of them.
    let last_bytes = 4 - first.len() as u32;
    if *last >= 1u64 << (8 * last_bytes) {
        return None;
    }
    let high = first.iter().enumerate().fold(0u64, |acc, (i, &n)| acc | n << (8 * (3 - i as u32)));
    u32::try_from(high | last).ok()
}

/// One number of [`numeric_ipv4`]: `0x` hexadecimal (possibly empty, 0), a leading `0` octal,
/// else decimal; `None` for anything else or a number past `u32`'s range.
fn ipv4_number(part: &str) -> Option<u64> {
    let (digits, radix) = if let Some(hex) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
        if hex.is_empty() {
            return Some(0);
        }
        (hex, 16)
    } else if part.len() > 1 && part.starts_with('0') {
        (&part[1..], 8)
    } else {
        (part, 10)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok().filter(|&n| n <= u64::from(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vendored_list_parses_and_is_dated() {
        assert!(list().is_some());
        let date = public_suffix_list_date();
        assert!(date.len() == 10 && date.as_bytes()[4] == b'-' && date.as_bytes()[7] == b'-', "{date}");
    }

    #[test]
    fn registrable_domains() {
        for (host, domain) in [
            ("a.b.example.co.uk", Some("example.co.uk")),
            ("www.example.com.au", Some("example.com.au")),
            ("example.com", Some("example.com")),
            ("WWW.Example.COM", Some("example.com")),
            ("www.example.com.", Some("example.com")),
            ("user.github.io", Some("user.github.io")),
            ("a.b.corp", Some("b.corp")),
            ("b%C3%BCcher.example.de", Some("example.de")),
            ("www.b%C3%BCcher.de", Some("xn--bcher-kva.de")),
            ("www.bücher.de", Some("xn--bcher-kva.de")),
            ("xn--bcher-kva.de", Some("xn--bcher-kva.de")),
            ("co.uk", None),
            ("com", None),
            ("localhost", None),
            ("", None),
            ("192.168.0.1", None),
            ("3232235777", None),
            ("0xC0A80001", None),
            ("10.1", None),
            ("xn--invalid-.example", None),
        ] {
            assert_eq!(registrable_domain(host).as_deref(), domain, "{host}");
        }
    }

    #[test]
    fn the_plain_ascii_path_is_what_idna_gives() {
        let slow = |host: &str| {
            let ascii = idna::domain_to_ascii_cow(host.as_bytes(), idna::AsciiDenyList::URL).ok()?;
            let name = ascii.strip_suffix('.').unwrap_or(&ascii);
            (!name.is_empty()).then(|| name.to_owned())
        };
        let long = "x".repeat(70);
        let names = [
            "www.Example.COM",
            "example.com.",
            "a..b",
            "-lead.example",
            "trail-.example",
            "a--b.example",
            &long,
            "123.example",
            "3232235777",
            ".",
            "..",
            "xn--bcher-kva.de",
            "XN--bcher-kva.de",
            "ab--cd.example",
        ];
        for host in names {
            if let Some(fast) = plain_ascii_name(host) {
                assert_eq!(Some(fast), slow(host), "{host}");
            }
            assert_eq!(ascii_name(host), slow(host), "{host}");
        }
        assert!(has_punycode_label("a.xn--bcher-kva.de") && has_punycode_label("XN--x"));
        assert!(!has_punycode_label("axn--b.de") && !has_punycode_label("www.example.com"));
    }

    #[test]
    fn unicode_forms() {
        assert_eq!(host_unicode("www.xn--bcher-kva.de").as_deref(), Some("www.bücher.de"));
        assert_eq!(host_unicode("XN--BCHER-KVA.de").as_deref(), Some("bücher.de"));
        assert_eq!(host_unicode("www.example.com"), None);
        assert!(has_punycode_label("a.Xn--p1ai"));
        assert!(!has_punycode_label("xn-.example"));
    }

    #[test]
    fn numeric_ipv4_forms() {
        // 192.168.0.1
        for name in [
            "3232235521",
            "0xC0A80001",
            "0xc0.0xa8.0.1",
            "0300.0250.0.1",
            "192.168.0.1",
            "192.168.1",
            "192.11010049",
        ] {
            assert_eq!(numeric_ipv4(name), Some(0xC0A8_0001), "{name}");
        }
        // 192.168.1.1
        assert_eq!(numeric_ipv4("3232235777"), Some(0xC0A8_0101));
        assert_eq!(numeric_ipv4("0x"), Some(0));
        for name in ["example.com", "256.1.1.1", "1.2.3.4.5", "4294967296", "08", "0xg", "1..2", "", "a.1"] {
            assert_eq!(numeric_ipv4(name), None, "{name}");
        }
    }
}
