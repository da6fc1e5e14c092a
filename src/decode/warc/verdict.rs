//! Whether an input is a web archive (WARC, WET) or a saved HTML page, told from its first
//! bytes.

/// Whether an input that starts with `start` (all of it when `complete`) is a WARC or WET
/// file: it starts `WARC/1.0` or `WARC/1.1` and a line break. `None` while that is open.
pub(crate) fn verdict(start: &[u8], complete: bool) -> Option<bool> {
    const VERSIONS: [&[u8]; 2] = [b"WARC/1.0", b"WARC/1.1"];
    let n = start.len().min(9);
    let is = |v: &[u8]| start.len() > 8 && start.starts_with(v) && matches!(start[8], b'\r' | b'\n');
    if VERSIONS.iter().any(|v| is(v)) {
        return Some(true);
    }
    let open = !complete && VERSIONS.iter().any(|v| n < 9 && v.starts_with(&start[..n.min(8)]));
    if open { None } else { Some(false) }
}

/// How far into an input [`html_verdict`] looks: a BOM and this much white space.
pub(crate) const HTML_LOOK: usize = 1024;

/// Whether `start` starts like an HTML page: after an optional BOM and white space,
/// `<!DOCTYPE html` or `<html`, in any case.
pub(crate) fn starts_as_html(start: &[u8]) -> bool {
    html_verdict(start, true) == Some(true)
}

/// [`starts_as_html`] of an input of which `start` is read (all of it when `complete`);
/// `None` while that is open.
pub(crate) fn html_verdict(start: &[u8], complete: bool) -> Option<bool> {
    let body = start.strip_prefix(b"\xef\xbb\xbf").unwrap_or(start);
    let blank = body.iter().take(HTML_LOOK).take_while(|b| b.is_ascii_whitespace()).count();
    let rest = &body[blank..];
    for mark in [&b"<!doctype html"[..], b"<html"] {
        let n = rest.len().min(mark.len());
        if rest[..n].eq_ignore_ascii_case(&mark[..n]) {
            if n == mark.len() {
                // `<html` is a tag: a name character after it makes another (`<htmlx`).
                let next = rest.get(n);
                if next.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'-') {
                    continue;
                }
                if next.is_none() && !complete {
                    return None;
                }
                return Some(true);
            }
            if !complete {
                return None;
            }
        }
    }
    if !complete && rest.is_empty() && blank < HTML_LOOK { None } else { Some(false) }
}
