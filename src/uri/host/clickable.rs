//! Host names a reader would click (issue 18 item 5): a rule of the extractor, stricter than
//! the generic grammars, which accept any `reg-name` (`${HOST}` is one once escaped, and so is
//! `-example.com`).

use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};

use super::ip;
use crate::uri::iri::percent_decode;

/// Whether `host`, as [`Uri::host`](crate::uri::Uri::host) gives it, names a host a reader
/// would click.
///
/// - An IP literal (`[...]`, checked by the parser) and a dotted IPv4 address are clickable.
/// - The empty host is: it names no host at all, and whether a scheme may have one
///   (`file:///etc`) is the scheme's rule.
/// - A registered name is split into labels on `.`; one trailing dot is allowed
///   (`example.com.`), no other label may be empty (`a..b`, `.example.com`, `.`); no label
///   starts or ends with `-`; a label holds only ASCII letters, digits, `-`, `_`, and Unicode
///   letters, marks and decimal digits (general categories L, M and Nd); and the top label does
///   not start with an ASCII digit (`1.2.3` and `example.123` are no names; only a dotted IPv4
///   address may end in digits).
/// - Percent-escapes in a registered name are decoded first, and the rules apply to what they
///   encode: RFC 3986 §3.2.2 says a name's non-ASCII characters are written as escapes of their
///   UTF-8 octets, so `b%C3%BCcher.example` is as clickable as `bücher.example`, while
///   `%24%7BHOST%7D` (`${HOST}`) is not. Escapes that do not decode to UTF-8 are not a name.
///
/// ```
/// use urisift::uri::is_clickable_host;
/// assert!(is_clickable_host("www.example.com"));
/// assert!(is_clickable_host("bücher.example"));
/// assert!(is_clickable_host("192.0.2.1"));
/// assert!(!is_clickable_host("-example.com"));
/// assert!(!is_clickable_host("example.com-"));
/// assert!(!is_clickable_host("a..b"));
/// assert!(!is_clickable_host("$HOST"));
/// ```
pub fn is_clickable_host(host: &str) -> bool {
    if host.is_empty() || host.starts_with('[') || ip::is_ipv4(host.as_bytes()) {
        return true;
    }
    if !host.contains('%') {
        return is_clickable_name(host);
    }
    match percent_decode(host).map(String::from_utf8) {
        Some(Ok(name)) => ip::is_ipv4(name.as_bytes()) || is_clickable_name(&name),
        _ => false,
    }
}

/// The label rules of [`is_clickable_host`] for a registered name without escapes.
fn is_clickable_name(name: &str) -> bool {
    let labels = name.strip_suffix('.').unwrap_or(name);
    let mut top = "";
    for label in labels.split('.') {
        let good = !label.is_empty()
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label.chars().all(is_label_char);
        if !good {
            return false;
        }
        top = label;
    }
    !top.starts_with(|c: char| c.is_ascii_digit())
}

/// ASCII letters, digits, `-`, `_`; Unicode letters, marks and decimal digits.
fn is_label_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '-' || c == '_';
    }
    matches!(c.general_category_group(), GeneralCategoryGroup::Letter | GeneralCategoryGroup::Mark)
        || c.general_category() == GeneralCategory::DecimalNumber
}

#[cfg(test)]
mod tests {
    use super::is_clickable_host as ok;

    #[test]
    fn the_issues_examples_are_not_clickable() {
        // `https://${HOST}/`, `http://-example.com`, `https://example.com-/` give nothing.
        assert!(!ok("${HOST}"));
        assert!(!ok("%24%7BHOST%7D"));
        assert!(!ok("-example.com"));
        assert!(!ok("example.com-"));
    }

    #[test]
    fn empty_labels_but_one_trailing_dot() {
        assert!(ok("example.com."));
        assert!(!ok("example.com.."));
        assert!(!ok("a..b"));
        assert!(!ok(".example.com"));
        assert!(!ok("."));
    }

    #[test]
    fn hyphens_inside_a_label_and_underscores_anywhere() {
        assert!(ok("a-b.example"));
        assert!(ok("xn--bcher-kva.example"));
        assert!(ok("_dmarc.example.com"));
        assert!(!ok("a-.example"));
        assert!(!ok("a.-b.example"));
    }

    #[test]
    fn top_label_starts_with_a_digit_only_in_an_ipv4_address() {
        assert!(ok("192.0.2.1"));
        assert!(ok("3com.example"));
        assert!(ok("example.c0m"));
        assert!(!ok("1.2.3"));
        assert!(!ok("1.2.3.4.5"));
        assert!(!ok("256.1.1.1"));
        assert!(!ok("example.123"));
        assert!(!ok("example.1a"));
    }

    #[test]
    fn unicode_letters_marks_and_digits() {
        assert!(ok("bücher.example"));
        assert!(ok("例え.テスト"));
        assert!(ok("пример.рф"));
        assert!(ok("e\u{301}t\u{e9}.example")); // a combining acute accent (Mn)
        assert!(ok("a\u{663}.example")); // ARABIC-INDIC DIGIT THREE (Nd)
        assert!(!ok("a\u{b2}.example")); // SUPERSCRIPT TWO (No)
        assert!(!ok("a\u{2603}.example")); // SNOWMAN (So)
        assert!(!ok("a\u{a0}b.example")); // NO-BREAK SPACE (Zs)
        assert!(!ok("a\u{3002}b")); // IDEOGRAPHIC FULL STOP (Po) is no label separator here
    }

    #[test]
    fn sub_delims_and_other_ascii_are_not_clickable() {
        for host in
            ["a!b.example", "a$b.example", "a&b", "a'b", "a(b)", "a*b", "a+b", "a,b", "a;b", "a=b", "a~b"]
        {
            assert!(!ok(host), "{host}");
        }
    }

    #[test]
    fn escapes_are_judged_by_what_they_encode() {
        assert!(ok("b%C3%BCcher.example"));
        assert!(ok("exa%6Dple.com"));
        assert!(!ok("%FF.example")); // not UTF-8
        assert!(!ok("a%2E%2Eb")); // "a..b"
        assert!(!ok("%2Dexample.com")); // "-example.com"
        assert!(ok("%31%39%32.0.2.1")); // "192.0.2.1"
    }

    #[test]
    fn ip_literals_and_the_empty_host_pass() {
        assert!(ok("[::1]"));
        assert!(ok("[v7.x]"));
        assert!(ok(""));
    }
}
