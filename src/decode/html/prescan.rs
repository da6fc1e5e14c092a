//! The charset a document declares in a `meta` element (WHATWG HTML §13.2.3.2, the prescan
//! of a byte stream, simplified): the first `charset=` inside a `<meta` tag in the first
//! [`PRESCAN_MAX`] bytes.

/// How far into a document [`meta_charset`] looks (WHATWG HTML §13.2.3.2, the prescan).
const PRESCAN_MAX: usize = 1024;

/// The charset that a `<meta charset=…>` or `<meta http-equiv content="…; charset=…">` element
/// in the first [`PRESCAN_MAX`] bytes of `html` declares (a simplified prescan: the first
/// `charset=` inside a `meta` tag).
pub(crate) fn meta_charset(html: &[u8]) -> Option<Vec<u8>> {
    let head = &html[..html.len().min(PRESCAN_MAX)];
    let lower = head.to_ascii_lowercase();
    memchr::memmem::find_iter(&lower, b"<meta").find_map(|at| {
        let tag = &lower[at..at + memchr::memchr(b'>', &lower[at..]).unwrap_or(lower.len() - at)];
        let k = memchr::memmem::find(tag, b"charset")? + 7;
        let rest = &tag[k..];
        let rest = rest.trim_ascii_start().strip_prefix(b"=")?.trim_ascii_start();
        let rest = rest.strip_prefix(b"\"").or(rest.strip_prefix(b"'")).unwrap_or(rest);
        let len = rest.iter().take_while(|&&b| b.is_ascii_alphanumeric() || b"-_.:".contains(&b)).count();
        (len > 0).then(|| rest[..len].to_vec())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meta_charsets() {
        let m = |h: &str| meta_charset(h.as_bytes()).map(|c| String::from_utf8(c).unwrap());
        assert_eq!(m("<html><META charset=\"Shift_JIS\">"), Some("shift_jis".into()));
        assert_eq!(
            m("<meta http-equiv=Content-Type content='text/html; charset=windows-1251'>"),
            Some("windows-1251".into())
        );
        assert_eq!(m("<meta name=x><p>charset=x"), None);
        assert_eq!(m(&format!("{}<meta charset=koi8-r>", " ".repeat(PRESCAN_MAX))), None);
    }
}
