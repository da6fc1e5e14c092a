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
/// above, and `(.)` and `(dot)`; [`Incomplete`] when the window ends inside what may be one.
pub(crate) fn refanged_mark(w: &Window<'_>, at: usize) -> Scan<Option<(usize, &'static str)>> {
    const ALL: [(&[u8], &str); 9] = [
        (b"[.]", "."),
        (b"[dot]", "."),
        (b"{.}", "."),
        (b"(.)", "."),
        (b"(dot)", "."),
        (b"[:]", ":"),
        (b"[@]", "@"),
        (b"[/]", "/"),
        (b"[://]", "://"),
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

/// The scheme a defanged scheme name stands for: `hxxp`, `hxxps`, `fxp` (any case).
pub(crate) fn refanged_scheme(name: &[u8]) -> Option<&'static str> {
    [("hxxp", "http"), ("hxxps", "https"), ("fxp", "ftp")]
        .into_iter()
        .find(|(defanged, _)| name.eq_ignore_ascii_case(defanged.as_bytes()))
        .map(|(_, scheme)| scheme)
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
    fn marks_inside_a_host() {
        assert!(host_has_mark(b"evil(.)example"));
        assert!(host_has_mark(b"evil(DOT)example"));
        assert!(!host_has_mark(b"evil.example"));
        assert!(!host_has_mark(b"a(b)c"));
    }
}
