//! Host names a reader would click (issue 18 item 5): a rule of the extractor, stricter than
//! the generic grammars, which accept any `reg-name` (`${HOST}` is one once escaped, and so is
//! `-example.com`).

use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};

use super::ip;
use crate::uri::HostKind;
use crate::uri::lex::percent_decode;

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

/// The label rules of [`is_clickable_host`] for a registered name without escapes, in one walk
/// over its characters.
fn is_clickable_name(name: &str) -> bool {
    let labels = name.strip_suffix('.').unwrap_or(name);
    let bytes = labels.as_bytes();
    // Not empty, and neither starting nor ending with `-`.
    let ends_ok = |start: usize, end: usize| end > start && bytes[start] != b'-' && bytes[end - 1] != b'-';
    let mut start = 0;
    for (i, c) in labels.char_indices() {
        if c == '.' {
            if !ends_ok(start, i) {
                return false;
            }
            start = i + 1;
        } else if !is_label_char(c) {
            return false;
        }
    }
    // The top label does not start with a digit.
    ends_ok(start, bytes.len()) && !bytes[start].is_ascii_digit()
}

/// ASCII letters, digits, `-`, `_`; Unicode letters, marks and decimal digits.
#[inline]
fn is_label_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '-' || c == '_';
    }
    // Blocks of letters and marks only, where most names outside ASCII are written: told at
    // once (a test checks each of their characters against the general categories).
    if matches!(c, '\u{c0}'..='\u{d6}' | '\u{d8}'..='\u{f6}' | '\u{f8}'..='\u{24f}' | '\u{400}'..='\u{481}' | '\u{4e00}'..='\u{9fff}' | '\u{ac00}'..='\u{d7a3}')
    {
        return true;
    }
    in_label_category(c)
}

/// Whether `c` is a letter, a mark or a decimal digit (general categories L, M and Nd).
fn in_label_category(c: char) -> bool {
    matches!(c.general_category_group(), GeneralCategoryGroup::Letter | GeneralCategoryGroup::Mark)
        || c.general_category() == GeneralCategory::DecimalNumber
}

/// `0x01` in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte of a word.
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The end of the host at `start` in `uri` and its kind, when it is a host a reader would
/// click ([`is_clickable_host`]), for the fast validation (`uri::plain`): from `start`, `uri`
/// holds reg-name characters without escapes (`unreserved / sub-delims`) up to the first
/// `/ : ? #`, where the host ends, or up to its end; what follows may be any bytes. `None` when
/// the host is empty, holds a sub-delim or `~` (no label holds them), or is no name a reader
/// would click; the caller then leaves the URI to the full validation.
///
/// Eight bytes at a time, as the host's end is looked for anyway, with the label checks riding
/// on it: one mask of label characters and separators (the first byte outside it ends the
/// walk), one of separators, one of digits. A word may take bytes after the host's end, and
/// nothing in them reaches the bytes below (every step carries or shifts upwards only).
/// Separators that meet (counting a dot before the host and one after it, so that none starts
/// or ends it) and a digit that starts a label are rare, and then [`unusual_host`] decides by
/// the rule itself; the common name costs no more.
#[inline(always)]
pub(crate) fn plain_host(uri: &[u8], start: usize) -> Option<(usize, HostKind)> {
    // Each `ge(w, n)`: the high bit of each byte of `w` that is at least `n`, for bytes below
    // 0x80 (adding `0x80 - n` sets the high bit exactly then, and carries out of no such byte;
    // the other bits are cleared once at the end). The XOR of the `ge` of thresholds in order
    // tells the odd ranges between them: `-` 0x2d and `.` 0x2e are separators; `/` 0x2f ends
    // the host; `0`-`9` 0x30-0x39 are digits; `: ; = ?` 0x3a-0x3f end the host or are no label
    // character; `A`-`Z` 0x41-0x5a, `_` 0x5f and `a`-`z` 0x61-0x7a are letters; `~` 0x7e and
    // `!#$&'()*+,` below 0x2d are no label characters (0x5b-0x5e and 0x60 are no reg-name
    // characters).
    let ge = |w: u64, n: u8| w.wrapping_add(ONES * u64::from(0x80 - n));
    // Whether a separator meets another, or the host's end, or a digit starts a label.
    let mut odd = 0;
    // The previous byte's separator flag, at the high bit of the lowest byte: a dot before
    // the host.
    let mut sep_before = 0x80;
    let mut rest = uri.get(start..)?;
    loop {
        let (w, after) = match rest.split_first_chunk::<8>() {
            Some((word, after)) => (u64::from_le_bytes(*word), after),
            // The last bytes, zero above them: a zero byte ends the walk as the end of `uri`
            // would. (`uri` has eight bytes or more, its scheme and `://` before `start`.)
            None => {
                let last = u64::from_le_bytes(*uri.last_chunk::<8>()?);
                (last.checked_shr(8 * (8 - rest.len()) as u32).unwrap_or(0), rest)
            }
        };
        let (ge_30, ge_3a) = (ge(w, 0x30), ge(w, 0x3a));
        let sep = ge(w, 0x2d) ^ ge(w, 0x2f);
        let digit = ge_30 ^ ge_3a;
        let stop = (sep ^ digit ^ ge(w, 0x41) ^ ge(w, 0x7b) ^ HIGHS) & HIGHS;
        let seps = (sep << 8) | sep_before;
        if stop != 0 {
            // Up to the stop: not what is past the host's end. A separator right before the
            // stop meets the dot that seems to follow (and an empty host meets the dot before
            // it).
            let host = ((stop & stop.wrapping_neg()) << 1).wrapping_sub(1);
            odd |= (sep | digit | stop) & seps & host;
            let at = stop.trailing_zeros() & !7;
            // The byte at the stop ends the host: `/ : ? #`, or the zero past the end of `uri`.
            let ends_host = (HOST_ENDS >> ((w >> at) & 0x3f)) & 1 != 0 && (w >> at) & 0xff < 0x40;
            let end = uri.len() - rest.len() + (at / 8) as usize;
            if odd & HIGHS != 0 || !ends_host {
                return unusual_host(&uri[start..end], ends_host).map(|kind| (end, kind));
            }
            return Some((end, HostKind::RegName));
        }
        odd |= (sep | digit) & seps;
        sep_before = sep >> 56;
        rest = after;
    }
}

/// The bytes below 0x40 that end a host in [`plain_host`], as bits: `/ : ? #` and the zero
/// byte that stands for the end of the URI.
const HOST_ENDS: u64 = 1 | 1 << b'/' | 1 << b':' | 1 << b'?' | 1 << b'#';

/// [`plain_host`] for a host that ended at a byte that is no end of a host (not
/// `ends_host`), is empty, has separators that meet or end it, or a label that starts with a
/// digit: the rule itself decides, and a dotted IPv4 address is one.
#[cold]
#[inline(never)]
fn unusual_host(name: &[u8], ends_host: bool) -> Option<HostKind> {
    if !ends_host || name.is_empty() {
        None
    } else if ip::is_ipv4(name) {
        Some(HostKind::Ipv4)
    } else {
        core::str::from_utf8(name).is_ok_and(is_clickable_host).then_some(HostKind::RegName)
    }
}

#[cfg(test)]
mod tests {
    use super::is_clickable_host as ok;
    use super::*;

    /// [`is_label_char`] agrees with the general categories on every character outside ASCII:
    /// its shortcut for the common blocks of letters holds no other character.
    #[test]
    fn label_characters_are_those_of_the_categories() {
        for c in (0x80..=0x10ffff).filter_map(char::from_u32) {
            assert_eq!(is_label_char(c), in_label_category(c), "{c:?} U+{:04X}", u32::from(c));
        }
    }

    /// [`is_clickable_name`] agrees with the rule read label by label, over seeded names.
    #[test]
    fn names_walked_once_follow_the_label_rules() {
        let by_labels = |name: &str| {
            let labels = name.strip_suffix('.').unwrap_or(name);
            let mut top = "";
            for label in labels.split('.') {
                let good = !label.is_empty()
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label
                        .chars()
                        .all(|c| if c.is_ascii() { is_label_char(c) } else { in_label_category(c) });
                if !good {
                    return false;
                }
                top = label;
            }
            !top.starts_with(|c: char| c.is_ascii_digit())
        };
        let alphabet: &[&[u8]] = &[
            "a".as_bytes(),
            b"1",
            b"-",
            b"_",
            b".",
            b"..",
            b"x-",
            "ü".as_bytes(),
            "Я".as_bytes(),
            "北".as_bytes(),
            "\u{301}".as_bytes(),
            "٣".as_bytes(),
            "×".as_bytes(),
            "$".as_bytes(),
            b"~",
        ];
        let mut rng = crate::delimit::Xorshift(0xc11c_ab1e);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..20_000 {
            let mut name = Vec::new();
            rng.pieces(alphabet, 9, &mut name);
            let name = String::from_utf8(name).unwrap();
            let want = by_labels(&name);
            assert_eq!(is_clickable_name(&name), want, "{name:?}");
            if want { yes += 1 } else { no += 1 }
        }
        assert!(yes > 1000 && no > 1000, "{yes} {no}");
    }

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

    /// Host names to check a fast walk against the rule with: every name of up to `depth`
    /// characters of `alphabet`, and real names with separators and other characters put in
    /// at every position (across the 8-byte words).
    fn names(alphabet: &[u8], depth: usize) -> Vec<Vec<u8>> {
        let mut names: Vec<Vec<u8>> = vec![Vec::new()];
        let mut level = vec![Vec::new()];
        for _ in 0..depth {
            level = level
                .iter()
                .flat_map(|name: &Vec<u8>| alphabet.iter().map(move |&c| [name.as_slice(), &[c]].concat()))
                .collect();
            names.extend(level.iter().cloned());
        }
        for long in ["www.example.com", "a-very-long-label.example.org", "xn--bcher-kva.example", "192.0.2.1"]
        {
            for cut in 0..=long.len() {
                for insert in [&b""[..], b".", b"-", b"..", b"-.", b".-", b"--", b"~", b"1", b"=", b"!"] {
                    names.push([&long.as_bytes()[..cut], insert, &long.as_bytes()[cut..]].concat());
                }
            }
        }
        names
    }

    /// The host walk of the fast validation agrees with the rule: it finds the host's end and
    /// kind exactly when the host is not empty and clickable (so holds no sub-delim or `~`), on
    /// every name of up to six characters from a mix of label characters, separators and `~`
    /// (of up to five with sub-delims too), on longer names with separators and other
    /// characters put in across word boundaries, with any bytes after the host's end.
    #[test]
    fn the_plain_host_walk_agrees_with_the_rule() {
        use super::plain_host;
        use crate::uri::HostKind;
        let names = [names(b"a1-._Z~", 6), names(b"a1-._~;Z(", 5)].concat();
        for name in &names {
            let text = core::str::from_utf8(name).unwrap();
            let kind = if super::ip::is_ipv4(name) { HostKind::Ipv4 } else { HostKind::RegName };
            let expected = (!name.is_empty() && ok(text)).then_some((7 + name.len(), kind));
            for after in [
                &b""[..],
                b"/path",
                b":80/",
                b"?q",
                b"#f",
                b"/a.b-c",
                b"/--..--..--..--",
                b"/\xff\xff\xff\xff\xff\xff\xff\xff",
                b"#\xc3\xa4-.-.-.-.-",
            ] {
                let uri = [b"http://", name.as_slice(), after].concat();
                assert_eq!(plain_host(&uri, 7), expected, "{text:?} {after:?}");
            }
        }
    }
}
