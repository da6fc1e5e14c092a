//! A `,` that a scheme and `://` follow ends the URI before it (the crate docs, rule 6): a list
//! of URLs, a CSV row of a phishing feed (`http://a.example/x,http://b.example/y`). RFC 3986
//! allows `,` in a URI (a sub-delim), and other commas stay (`…/0,1413,00.html`).

use super::Pieces;
use crate::chars::{self, ScanClass};

/// The run scan notes a `,` ([`super::run::scan`]): a run without one holds no `,` that a URL
/// follows.
pub(crate) const COMMA: ScanClass = ScanClass { bit: 32, bytes: b"," };
/// The run scan notes a `:`: after a scheme's colon, a run without another holds no URL
/// (`scheme://`) for a `,` to come before.
pub(crate) const COLON: ScanClass = ScanClass { bit: 64, bytes: b":" };

/// The index of the first `,` in `text[from..to]` that a scheme and `://` follow
/// (`http://a.example/x,http://b.example/y`, a CSV row of a phishing feed): a list of URLs,
/// where the URI before ends. Such a `,` is a URI character (a sub-delim), but a reader takes
/// it for the separator of the list.
///
/// A URL after the `,` goes on the run it is in, so a `,` that is the run's last byte (most
/// of them: `see http://x/, and`) is followed by what ended the run, never a letter: it is not
/// looked at.
#[inline]
pub(crate) fn comma_before_url(text: &[u8], from: usize, to: usize) -> Option<usize> {
    let mut i = from;
    let last = to.saturating_sub(1);
    while i < last {
        let k = i + memchr::memchr(b',', text.get(i..last)?)?;
        if url_starts_at(text, k + 1) {
            return Some(k);
        }
        i = k + 1;
    }
    None
}

/// Whether a scheme followed by `://` starts at `at`: a letter, then at most
/// [`crate::find::SCHEME_MAX`] letters, digits, `+`, `-` and `.` (RFC 3986 §3.1).
#[inline]
pub(crate) fn url_starts_at(text: &[u8], at: usize) -> bool {
    if !text.get(at).is_some_and(|&b| chars::is(b, chars::ALPHA)) {
        return false;
    }
    let rest = &text[at..];
    let name =
        rest.iter().take(crate::find::SCHEME_MAX + 1).take_while(|&&b| chars::is(b, chars::SCHEME)).count();
    name <= crate::find::SCHEME_MAX && rest[name..].starts_with(b"://")
}

/// Cuts the candidate's pieces at the first `,` from `body` on that a scheme and `://` follow
/// ([`comma_before_url`]); returns its index.
#[cold]
#[inline(never)]
pub(crate) fn cut_before_url(text: &[u8], pieces: &mut Pieces, body: usize) -> Option<usize> {
    let (n, cut) = pieces.segments.iter().enumerate().find_map(|(n, seg)| {
        let from = seg.start.max(body);
        (from < seg.end).then(|| comma_before_url(text, from, seg.end)).flatten().map(|i| (n, i))
    })?;
    pieces.cut(n, cut);
    Some(cut)
}

/// Rule 6's comma in a delimited candidate whose bare scan ran from `body` to `end`: cuts the
/// pieces at the first `,` that a URL follows and returns its index. Looked for only when the
/// scan passed a `,` before its last byte (one search of its bytes; a `,` that ends the run is
/// followed by what ended it, never a scheme).
#[inline]
pub(crate) fn cut(text: &[u8], pieces: &mut Pieces, body: usize, end: usize) -> Option<usize> {
    memchr::memchr(b',', text.get(body..end.saturating_sub(1)).unwrap_or_default())?;
    cut_before_url(text, pieces, body)
}

/// The quick form of [`cut_before_url`] for a candidate in one segment from `body` to `end`,
/// given `seen`, the classes the run scan noted over it ([`super::run::scan`]): `true` when no
/// `,` in it is followed by a URL, so that [`cut_before_url`] leaves it whole; `false` when one
/// is, or may be. Looks only when the run passed both a `,` and a `:`.
#[inline(always)]
pub(crate) fn leaves_whole(text: &[u8], body: usize, end: usize, seen: u8) -> bool {
    let both = COMMA.bit | COLON.bit;
    seen & both != both || comma_before_url(text, body, end).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(r: core::ops::Range<usize>) -> Pieces {
        let mut p = Pieces::default();
        p.push(r);
        p
    }

    #[test]
    fn a_comma_before_a_url_ends_the_uri() {
        let text = b"5766500,http://a.example/x.htm,http://b.example/d?id=1,2018,yes";
        let mut p = pieces(8..text.len());
        assert_eq!(cut_before_url(text, &mut p, 13), Some(30));
        assert_eq!(p.extent(), Some(8..30));
        // Commas before anything but a scheme and `://` stay; so does one before `mailto:`.
        let text = b"http://x.example/0,1413,101,00.html,mailto:a@b,h2:/x";
        let mut p = pieces(0..text.len());
        assert_eq!(cut_before_url(text, &mut p, 5), None);
        assert_eq!(comma_before_url(b"a,1http://", 0, 10), None);
        assert_eq!(comma_before_url(b"a,svn+ssh://x", 0, 13), Some(1));
        let long = format!("a,{}://", "s".repeat(65));
        assert_eq!(comma_before_url(long.as_bytes(), 0, long.len()), None);
    }

    /// The quick form agrees with the rule: whenever it says a candidate stays whole, the rule
    /// cuts nothing; over texts made of the bytes the rule turns on, with what the run scan
    /// notes over them.
    #[test]
    fn leaves_whole_agrees_with_the_cut() {
        let alphabet: &[&[u8]] = &[b",", b":", b"//", b"a", b"h", b"ttp", b"1", b"/", b"+", b"x://"];
        let mut rng = crate::delimit::Xorshift(0x5eed_c0de_0066_6c6bu64);
        let (mut whole, mut cut) = (0, 0);
        for _ in 0..50_000 {
            let mut text = b"http://".to_vec();
            rng.pieces(alphabet, 12, &mut text);
            let (end, seen) = super::super::run::scan(&text, 5, text.len());
            let mut p = pieces(0..end);
            let rule_cuts = cut_before_url(&text, &mut p, 5).is_some();
            if leaves_whole(&text, 5, end, seen) {
                whole += 1;
                assert!(!rule_cuts, "{:?}", String::from_utf8_lossy(&text));
            } else {
                cut += 1;
            }
        }
        assert!(whole > 5_000 && cut > 2_000, "{whole} {cut}");
    }
}
