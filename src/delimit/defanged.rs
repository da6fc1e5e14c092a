//! Defanged indicators (issue 18 item 6): threat reports write `hxxp://evil[.]example/` so
//! that nobody follows the link by accident. A candidate that stops right before one of the
//! marks below is such an indicator, and taken up to there it would be a URI cut short.

use super::{Incomplete, Scan, Window};

/// The marks that stand for `.`, `:`, `@`, `/` and `://` in a defanged indicator, compared in
/// any case (`[DOT]`). `(.)` and `(dot)` are URI characters, held inside a candidate rather
/// than stopping it.
const MARKS: [&[u8]; 7] = [b"[.]", b"[dot]", b"{.}", b"[:]", b"[@]", b"[/]", b"[://]"];

/// The quick form of [`mark_at`]: whether a defang mark may start at a byte where a candidate
/// stopped (each starts with `[` or `{`).
#[inline(always)]
pub(crate) fn may_start_mark(stop: u8) -> bool {
    matches!(stop, b'[' | b'{')
}

/// Whether a defang mark starts at `at`, where a candidate stopped (at a `[` or `{`);
/// [`Incomplete`] when the window ends before that can be told and more text may follow.
#[cold]
#[inline(never)]
pub(crate) fn mark_at(w: &Window<'_>, at: usize) -> Scan<bool> {
    let rest = w.text.get(at..).unwrap_or_default();
    let mut may_follow = false;
    for mark in MARKS {
        match rest.get(..mark.len()) {
            Some(head) if head.eq_ignore_ascii_case(mark) => return Ok(true),
            Some(_) => {}
            None => may_follow |= mark[..rest.len()].eq_ignore_ascii_case(rest),
        }
    }
    if may_follow && !w.complete { Err(Incomplete) } else { Ok(false) }
}

/// The mark of a defanged indicator that starts at `at`, with what it stands for: the marks
/// above, `(.)` and `(dot)`, and `\/` (a slash escaped as in a JSON string, `hxxps:\/\/`);
/// [`Incomplete`] when the window ends inside what may be one.
pub(crate) fn refanged_mark(w: &Window<'_>, at: usize) -> Scan<Option<(usize, &'static str)>> {
    const ALL: [(&[u8], &str); 10] = [
        (b"[.]", "."),
        (b"[dot]", "."),
        (b"{.}", "."),
        (b"(.)", "."),
        (b"(dot)", "."),
        (b"[:]", ":"),
        (b"[@]", "@"),
        (b"[/]", "/"),
        (b"[://]", "://"),
        (b"\\/", "/"),
    ];
    let rest = w.text.get(at..).unwrap_or_default();
    let mut may_follow = false;
    for (mark, stands_for) in ALL {
        match rest.get(..mark.len()) {
            Some(head) if head.eq_ignore_ascii_case(mark) => return Ok(Some((mark.len(), stands_for))),
            Some(_) => {}
            None => may_follow |= mark[..rest.len()].eq_ignore_ascii_case(rest),
        }
    }
    if may_follow && !w.complete { Err(Incomplete) } else { Ok(None) }
}

/// The defanged scheme names and the schemes they stand for (any case: `hXXp`).
const SCHEMES: [(&str, &str); 5] =
    [("hxxp", "http"), ("hxxps", "https"), ("fxp", "ftp"), ("h**p", "http"), ("h**ps", "https")];

/// The scheme a defanged scheme name stands for: `hxxp`, `hxxps`, `fxp`, `h**p`, `h**ps` (any
/// case).
pub(crate) fn refanged_scheme(name: &[u8]) -> Option<&'static str> {
    SCHEMES
        .into_iter()
        .find(|(defanged, _)| name.eq_ignore_ascii_case(defanged.as_bytes()))
        .map(|(_, scheme)| scheme)
}

/// The start of the web scheme (`http`, `https`, `ftp`) or defanged scheme ([`SCHEMES`]) that
/// ends right before the `[` at `at`, looking no further back than `floor`: the scheme of
/// `hxxps[://]evil[.]example` or `http[:]//evil.example`, where a mark stands for the colon.
/// Other names before `[:]` start nothing (`note[:]` is no indicator).
#[cold]
#[inline(never)]
pub(crate) fn scheme_before_mark(text: &[u8], at: usize, floor: usize) -> Option<usize> {
    let s = crate::find::scheme_start(text, at, floor)?;
    let s = crate::find::past_stars(text, s, at, floor);
    let name = &text[s..at];
    let web = [&b"http"[..], b"https", b"ftp"].iter().any(|scheme| name.eq_ignore_ascii_case(scheme));
    (web || refanged_scheme(name).is_some()).then_some(s)
}

/// The spaced form of a defanged host, `https://evil . example/x`: the length of the ` . `
/// at `at` (always 3) when it stands for a `.` of the host, [`Incomplete`] when the window
/// ends before that can be told. It does when a label of letters, digits and `-` follows it
/// and then `/`, `:`, `?`, `#` or another ` . `; or, when the host so far has no dot
/// (`dotless`, and it is not `localhost`), when the label is 2 to 24 lower-case ASCII letters (a
/// top-level domain's shape: `hxxp://evil . com`). A sentence with a space before its full stop
/// (`see http://a.example . Then`, `http://intranet . Then`) is no indicator.
#[cold]
#[inline(never)]
pub(crate) fn spaced_dot(w: &Window<'_>, at: usize, dotless: bool) -> Scan<Option<usize>> {
    const SPACED: &[u8] = b" . ";
    let text = w.text;
    let rest = text.get(at..).unwrap_or_default();
    let wait = |have: bool| if have || w.complete { Ok(None) } else { Err(Incomplete) };
    if rest.len() < SPACED.len() {
        return wait(!SPACED.starts_with(rest));
    }
    if !rest.starts_with(SPACED) {
        return Ok(None);
    }
    let label_at = &rest[SPACED.len()..];
    let label = label_at.iter().take_while(|&&b| b.is_ascii_alphanumeric() || b == b'-').count();
    if label == 0 {
        return if label_at.is_empty() { wait(false) } else { Ok(None) };
    }
    let goes_on = match label_at.get(label) {
        None if !w.complete => return Err(Incomplete),
        Some(b'/' | b':' | b'?' | b'#') => true,
        Some(b' ') if label_at[label..].starts_with(b" . ") => true,
        Some(b' ') if label_at.len() < label + SPACED.len() && !w.complete => return Err(Incomplete),
        _ => false,
    };
    let top = dotless && (2..=24).contains(&label) && label_at[..label].iter().all(u8::is_ascii_lowercase);
    Ok((goes_on || top).then_some(SPACED.len()))
}

/// Whether the candidate from `body` (right after the scheme's colon) to `end`, where its scan
/// stopped at a space, is `//` and a host alone that a spaced ` . ` goes on
/// ([`spaced_dot`]): `https://evil . example/x` is a defanged indicator, not `https://evil`.
#[cold]
#[inline(never)]
pub(crate) fn spaced_host_at(w: &Window<'_>, body: usize, end: usize) -> Scan<bool> {
    let Some(host) = w.text.get(body..end).and_then(|b| b.strip_prefix(b"//")) else { return Ok(false) };
    if host.is_empty() || host.iter().any(|b| matches!(b, b'/' | b'?' | b'#' | b':')) {
        return Ok(false);
    }
    let dotless = !host.contains(&b'.') && !host.eq_ignore_ascii_case(b"localhost");
    Ok(spaced_dot(w, end, dotless)?.is_some())
}

/// Whether a host holds `(.)` or `(dot)` (any case), the marks of a defanged indicator that are
/// URI characters (a host with them is no name a reader would click).
pub(crate) fn host_has_mark(host: &[u8]) -> bool {
    host.windows(3).any(|w| w == b"(.)") || host.windows(5).any(|w| w.eq_ignore_ascii_case(b"(dot)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(text: &[u8], complete: bool) -> Window<'_> {
        Window { text, lo: 0, lo_is_start: true, complete, cut: false }
    }

    #[test]
    fn marks_right_after_the_stop() {
        for text in ["[.]example", "[DOT]com", "{.}x", "[:]//", "[@]", "[/]a", "[://]evil"] {
            assert_eq!(mark_at(&window(text.as_bytes(), true), 0), Ok(true), "{text}");
        }
        for text in ["[1]", "[", "{id}", "[..]", "[dots]"] {
            assert_eq!(mark_at(&window(text.as_bytes(), true), 0), Ok(false), "{text}");
        }
    }

    #[test]
    fn a_mark_cut_by_the_end_of_a_window_needs_more_text() {
        assert_eq!(mark_at(&window(b"[d", false), 0), Err(Incomplete));
        assert_eq!(mark_at(&window(b"[:/", false), 0), Err(Incomplete));
        assert_eq!(mark_at(&window(b"[x", false), 0), Ok(false));
        assert_eq!(mark_at(&window(b"[d", true), 0), Ok(false));
    }

    #[test]
    fn a_spaced_dot_goes_on_a_host_where_a_label_and_more_of_a_uri_follow() {
        let spaced = |text: &str, dotless| spaced_dot(&window(text.as_bytes(), true), 0, dotless);
        for text in [" . example/x", " . b:80", " . b?q", " . b#f", " . b . c"] {
            assert_eq!(spaced(text, false), Ok(Some(3)), "{text}");
        }
        // A top-level domain's shape ends the indicator only after a host with no dot.
        assert_eq!(spaced(" . com", true), Ok(Some(3)));
        assert_eq!(spaced(" . com.", true), Ok(Some(3)));
        assert_eq!(spaced(" . com", false), Ok(None));
        for text in [" . Then", " .. x", " . ", " .", " ./x", " . 1", " . a"] {
            assert_eq!(spaced(text, text != " . Then"), Ok(None), "{text}");
        }
        assert_eq!(spaced(" . Then", false), Ok(None));
        assert_eq!(spaced(" . Then", true), Ok(None));
        assert_eq!(spaced(" . COM", true), Ok(None));
        let partial = |text: &str| spaced_dot(&window(text.as_bytes(), false), 0, true);
        for text in [" ", " .", " . ", " . exam", " . b "] {
            assert_eq!(partial(text), Err(Incomplete), "{text}");
        }
        assert_eq!(partial(" x"), Ok(None));
    }

    #[test]
    fn a_spaced_host_is_the_authority_alone() {
        let at = |text: &str, end| spaced_host_at(&window(text.as_bytes(), true), 5, end);
        assert_eq!(at("http://evil . example/x", 11), Ok(true));
        assert_eq!(at("http://a.b . c/x", 10), Ok(true));
        assert_eq!(at("http://a.b/x . c/x", 12), Ok(false));
        assert_eq!(at("http://localhost . com", 16), Ok(false));
        assert_eq!(at("http://evil . com", 11), Ok(true));
        assert_eq!(at("mailt:x . b/c", 7), Ok(false));
    }

    #[test]
    fn a_mark_for_the_colon_after_web_and_defanged_schemes_only() {
        let before = |text: &str| scheme_before_mark(text.as_bytes(), text.find('[').unwrap(), 0);
        assert_eq!(before("hxxps[://]"), Some(0));
        assert_eq!(before("see HTTP[:]//"), Some(4));
        assert_eq!(before("x h**ps[:]//"), Some(2));
        assert_eq!(before("(ftp[:]//"), Some(1));
        for text in ["note[:]", "mailto[:]x", "key[://]v", "[:]", " [://]"] {
            assert_eq!(before(text), None, "{text}");
        }
    }

    #[test]
    fn marks_inside_a_host() {
        assert!(host_has_mark(b"evil(.)example"));
        assert!(host_has_mark(b"evil(DOT)example"));
        assert!(!host_has_mark(b"evil.example"));
        assert!(!host_has_mark(b"a(b)c"));
    }
}
