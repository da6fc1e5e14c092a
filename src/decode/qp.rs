//! Quoted-printable text in mail (RFC 2045 §6.7), as the extractor reads it.
//!
//! Mail bodies sent with `Content-Transfer-Encoding: quoted-printable` break long lines with a
//! soft line break (`=` at the end of a line) and write `=` itself as `=3D`, so that a URI in
//! an HTML part reads `href=3D"http://example.com/a?b=3Dc&d=3D=` / `e"` on the wire. A
//! careful reader of such a message sees `http://example.com/a?b=c&d=e`, as a mail client
//! shows it. Appendix E is silent on transfer encodings; the extractor decodes
//! quoted-printable where the message says it is used, and nowhere else:
//!
//! - a *region* starts at a `Content-Transfer-Encoding: quoted-printable` header line and
//!   ends at the next line that starts a MIME boundary (`--`) or an mbox message (`From `);
//! - inside a region, candidates are delimited on the decoded text (soft line breaks removed,
//!   `=XX` decoded), and their spans still point at the source bytes.
//!
//! This module holds the decoder and the region markers; the extractor drives them.

/// Text decoded from quoted-printable, with where each byte came from.
#[derive(Debug, Default, Clone)]
pub(crate) struct Decoded {
    /// The decoded bytes.
    pub(crate) text: Vec<u8>,
    /// For each decoded byte, the offset of its first source byte, relative to the start of
    /// the decoded source.
    pub(crate) starts: Vec<u32>,
    /// For each decoded byte, the offset one past its last source byte (3 bytes for `=XX`).
    pub(crate) ends: Vec<u32>,
}

fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// Decodes `raw` into `out` (cleared first) and returns how many source bytes were decoded:
/// all of them, unless `complete` is false and `raw` ends inside an `=` sequence that cannot be
/// decided yet. `raw` must be shorter than 4 GiB (the caller bounds it far below).
///
/// - `=` with optional blanks and a line ending is a soft line break, removed;
/// - `=` and two hexadecimal digits is that byte (lower case is accepted, as robust decoders
///   do, RFC 2045 §6.7 note (1));
/// - any other `=` stands for itself.
pub(crate) fn decode_into(raw: &[u8], complete: bool, out: &mut Decoded) -> usize {
    out.text.clear();
    out.starts.clear();
    out.ends.clear();
    let push = |out: &mut Decoded, b: u8, from: usize, to: usize| {
        out.text.push(b);
        out.starts.push(from as u32);
        out.ends.push(to as u32);
    };
    let mut i = 0;
    while i < raw.len() {
        // The bytes up to the next `=` stand for themselves: copied as a run, which the
        // compiler turns into vector code, rather than pushed one by one (decoding costs a
        // quarter of what it did; the extractor decodes a few hundred bytes around each colon
        // in a quoted-printable region).
        let run = memchr::memchr(b'=', &raw[i..]).unwrap_or(raw.len() - i);
        if run > 0 {
            out.text.extend_from_slice(&raw[i..i + run]);
            out.starts.extend((i..i + run).map(|k| k as u32));
            out.ends.extend((i + 1..i + run + 1).map(|k| k as u32));
            i += run;
            continue;
        }
        // A soft line break: `=`, transport padding, a line ending.
        let blanks = raw[i + 1..].iter().take_while(|&&c| c == b' ' || c == b'\t').count();
        let after = i + 1 + blanks;
        match raw.get(after) {
            Some(b'\n') => {
                i = after + 1;
                continue;
            }
            Some(b'\r') => match raw.get(after + 1) {
                Some(b'\n') => {
                    i = after + 2;
                    continue;
                }
                None if !complete => return i,
                _ => {
                    i = after + 1;
                    continue;
                }
            },
            None if !complete => return i,
            _ => {}
        }
        match (raw.get(i + 1).copied().and_then(hex), raw.get(i + 2).copied().and_then(hex)) {
            (Some(h), Some(l)) => {
                push(out, h << 4 | l, i, i + 3);
                i += 3;
            }
            (Some(_), None) if raw.len() <= i + 2 && !complete => return i,
            _ => {
                push(out, b'=', i, i + 1);
                i += 1;
            }
        }
    }
    raw.len()
}

/// Whether a header named `name` (the text before its colon) is `Content-Transfer-Encoding`.
pub(crate) fn is_cte_header(name: &[u8]) -> bool {
    name.eq_ignore_ascii_case(b"content-transfer-encoding")
}

/// Whether `value` (the text after the header's colon) says `quoted-printable`, once the
/// leading blanks are skipped: `Some(true)` or `Some(false)`, or `None` when the line is not
/// complete in `value` and `complete` is false.
///
/// Only the first [`CTE_VALUE_MAX`] bytes are looked at, so that a header line of any length is
/// decided without holding more of the input.
pub(crate) fn cte_is_quoted_printable(value: &[u8], complete: bool) -> Option<bool> {
    let (value, complete) = match value.get(..CTE_VALUE_MAX) {
        Some(head) => (head, true),
        None => (value, complete),
    };
    let value = &value[value.iter().take_while(|&&b| b == b' ' || b == b'\t').count()..];
    let token = value.iter().take_while(|&&b| b.is_ascii_alphanumeric() || b == b'-').count();
    if token == value.len() && !complete {
        return None;
    }
    Some(value[..token].eq_ignore_ascii_case(b"quoted-printable"))
}

/// How much of a `Content-Transfer-Encoding` header value is looked at: blanks and a token.
pub(crate) const CTE_VALUE_MAX: usize = 64;

/// How far a line that ends a region may reach: `--`, a boundary of at most 70 characters,
/// `--`, a line ending (RFC 2046 §5.1.1), and some slack.
pub(crate) const END_MARK_OVERLAP: usize = 80;

/// `bcharsnospace` of RFC 2046 §5.1.1 (the characters of a MIME boundary), and space.
fn is_bchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"'()+_,-./:=? ".contains(&b)
}

/// Whether a header named `name` (the text before its colon) is `Content-Type`, in any case.
///
/// Compared a word at a time: `| 0x20` lower-cases a letter and maps no other byte to one, and
/// is applied to the letters only (a byte-wise case-insensitive compare cost 170 instructions,
/// for every `Content-Type` header of a mailbox).
#[inline]
pub(crate) fn is_content_type_header(name: &[u8]) -> bool {
    let Some((head, tail)) = name.split_first_chunk::<8>() else { return false };
    let Ok(tail) = <[u8; 4]>::try_from(tail) else { return false };
    u64::from_le_bytes(*head) | 0x0020_2020_2020_2020 == u64::from_le_bytes(*b"content-")
        && u32::from_le_bytes(tail) | 0x2020_2020 == u32::from_le_bytes(*b"type")
}

/// How much of a `Content-Type` header value, folded lines included, is looked at for its
/// `boundary` parameter.
pub(crate) const CONTENT_TYPE_VALUE_MAX: usize = 1024;

/// The longest MIME boundary: 1 to 70 characters (RFC 2046 §5.1.1).
const BOUNDARY_LEN_MAX: usize = 70;

/// How many declared boundaries are remembered: the innermost multiparts of the messages read
/// last (nesting deeper than this is not seen in mail).
const BOUNDARIES_MAX: usize = 8;

/// The `boundary` parameter of a `Content-Type` header whose value (the text after the colon)
/// starts `value` (RFC 2046 §5.1.1, RFC 2045 §5.1: `boundary=token` or
/// `boundary="quoted string"`, the name in any case). The header ends at a line ending not
/// followed by a blank (RFC 5322 §2.2.3 folding). `None` when the header may go on past
/// `value` and `complete` is false; `Some(None)` when it has no usable boundary. Only the first
/// [`CONTENT_TYPE_VALUE_MAX`] bytes are looked at.
pub(crate) fn boundary_param(value: &[u8], complete: bool) -> Option<Option<&[u8]>> {
    let (value, complete) = match value.get(..CONTENT_TYPE_VALUE_MAX) {
        Some(head) => (head, true),
        None => (value, complete),
    };
    // The end of the header: a line ending whose next byte is not a blank.
    let mut end = None;
    for nl in memchr::memchr_iter(b'\n', value) {
        match value.get(nl + 1) {
            Some(b' ' | b'\t') => {}
            Some(_) => {
                end = Some(nl);
                break;
            }
            None if complete => end = Some(nl),
            None => return None,
        }
    }
    let header = match end {
        Some(end) => &value[..end],
        None if complete => value,
        None => return None,
    };
    // Most `Content-Type` headers have no boundary (`text/plain; charset=us-ascii`): without
    // a `b` anywhere there is no `boundary` parameter to find.
    if memchr::memchr2(b'b', b'B', header).is_none() {
        return Some(None);
    }
    // The parameters: `;` attribute `=` value, the value a token or a quoted string, which may
    // hold `;`, `=` and blanks (RFC 2045 §5.1), so `;` is looked for outside quotes only.
    let blank = |b: u8| matches!(b, b' ' | b'\t' | b'\r' | b'\n');
    let skip_blanks = |mut i: usize| {
        while header.get(i).is_some_and(|&b| blank(b)) {
            i += 1;
        }
        i
    };
    let is_token = |b: u8| b > b' ' && b < 0x7f && !b"()<>@,;:\\\"/[]?=".contains(&b);
    let mut i = 0;
    loop {
        // To the next `;` outside a quoted string (a backslash quotes the next byte).
        let (mut quoted, mut escaped) = (false, false);
        while let Some(&b) = header.get(i) {
            match b {
                _ if escaped => escaped = false,
                b'\\' if quoted => escaped = true,
                b'"' => quoted = !quoted,
                b';' if !quoted => break,
                _ => {}
            }
            i += 1;
        }
        if i >= header.len() {
            return Some(None);
        }
        let name_start = skip_blanks(i + 1);
        let mut j = name_start;
        while header.get(j).is_some_and(|&b| is_token(b)) {
            j += 1;
        }
        let name = &header[name_start..j];
        j = skip_blanks(j);
        if header.get(j) != Some(&b'=') {
            i = j;
            continue;
        }
        j = skip_blanks(j + 1);
        if !name.eq_ignore_ascii_case(b"boundary") {
            i = j;
            continue;
        }
        let value = &header[j..];
        let boundary = match value.strip_prefix(b"\"") {
            // No boundary character needs a backslash, so the first `"` closes it.
            Some(quoted) => match memchr::memchr(b'"', quoted) {
                Some(close) => &quoted[..close],
                None => return Some(None),
            },
            None => &value[..value.iter().take_while(|&&b| is_token(b)).count()],
        };
        let usable = (1..=BOUNDARY_LEN_MAX).contains(&boundary.len())
            && boundary.iter().all(|&b| is_bchar(b))
            && boundary.last() != Some(&b' ');
        return Some(usable.then_some(boundary));
    }
}

/// The MIME boundaries declared so far by `Content-Type` headers, newest last, at most
/// [`BOUNDARIES_MAX`].
#[derive(Debug, Default, Clone)]
pub(crate) struct Boundaries(Vec<Vec<u8>>);

impl Boundaries {
    /// Remembers `boundary`, forgetting the oldest one when full.
    pub(crate) fn declare(&mut self, boundary: &[u8]) {
        if let Some(i) = self.0.iter().position(|b| b == boundary) {
            self.0.remove(i);
        } else if self.0.len() == BOUNDARIES_MAX {
            self.0.remove(0);
        }
        self.0.push(boundary.to_vec());
    }

    /// Whether the line `line` (from its first byte on) is a delimiter line of a declared
    /// boundary: `--`, the boundary, optionally `--`, blanks, and the line ending (RFC 2046
    /// §5.1.1). The line ending must come within [`END_MARK_OVERLAP`] bytes, so that a line is
    /// judged the same way whether the input arrives whole or in pieces.
    fn delimits(&self, line: &[u8]) -> bool {
        let line = &line[..line.len().min(END_MARK_OVERLAP)];
        let Some(rest) = line.strip_prefix(b"--") else { return false };
        self.0.iter().any(|b| {
            let Some(after) = rest.strip_prefix(b.as_slice()) else { return false };
            let after = after.strip_prefix(b"--").unwrap_or(after);
            let blanks = after.iter().take_while(|&&x| x == b' ' || x == b'\t').count();
            matches!(after.get(blanks), Some(b'\r' | b'\n'))
        })
    }
}

/// The first index in `hay` (a region being scanned) where a line starts that ends a
/// quoted-printable region: an mbox `From ` line, or a MIME boundary line. When `Content-Type`
/// headers have declared boundaries, only theirs count, so that a forwarded message's
/// `----- Original Message -----` inside a part does not end it. With none declared (a body
/// without its headers) a boundary is guessed: `--` and boundary characters up to the end of
/// the line, so that a quoted-printable line that happens to start with `--<a href…`, a
/// signature separator `-- ` or a rule of dashes does not count. Only lines whose end lies
/// inside `hay` are considered; the caller scans again the last [`END_MARK_OVERLAP`] bytes.
pub(crate) fn region_end(hay: &[u8], declared: &Boundaries) -> Option<usize> {
    memchr::memchr_iter(b'\n', hay).map(|nl| nl + 1).find(|&line| {
        let rest = &hay[line..];
        if rest.starts_with(b"From ") {
            return true;
        }
        if !declared.0.is_empty() {
            return declared.delimits(rest);
        }
        let Some(boundary) = rest.strip_prefix(b"--") else { return false };
        let Some(len) = boundary.iter().take(END_MARK_OVERLAP).position(|&b| b == b'\n') else {
            return false;
        };
        let boundary = boundary[..len].trim_ascii_end();
        // A rule of dashes is a separator in the text, and a line ending in `=` is a soft
        // line break; neither is a boundary in practice.
        boundary.iter().all(|&b| is_bchar(b))
            && boundary.iter().any(|&b| b != b'-')
            && boundary.last().is_some_and(|&b| b != b'=')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(raw: &str, complete: bool) -> (String, usize) {
        let mut out = Decoded::default();
        let n = decode_into(raw.as_bytes(), complete, &mut out);
        (String::from_utf8_lossy(&out.text).into_owned(), n)
    }

    #[test]
    fn soft_breaks_and_escapes() {
        assert_eq!(decoded("href=3D\"http://a/b?c=3Dd&e=\n=3Df\"", true).0, "href=\"http://a/b?c=d&e=f\"");
        assert_eq!(decoded("a=  \r\nb", true).0, "ab");
        assert_eq!(decoded("a=zz=3d", true).0, "a=zz=");
        assert_eq!(decoded("=E9t=E9", true).0, "\u{fffd}t\u{fffd}");
    }

    #[test]
    fn positions_point_at_the_source() {
        let mut out = Decoded::default();
        decode_into(b"a=3Db=\nc", true, &mut out);
        assert_eq!(out.text, b"a=bc");
        assert_eq!(out.starts, [0, 1, 4, 7]);
        assert_eq!(out.ends, [1, 4, 5, 8]);
    }

    #[test]
    fn undecided_at_the_end_of_a_partial_input() {
        assert_eq!(decoded("ab=", false), ("ab".into(), 2));
        assert_eq!(decoded("ab=3", false), ("ab".into(), 2));
        assert_eq!(decoded("ab= ", false), ("ab".into(), 2));
        assert_eq!(decoded("ab=\r", false), ("ab".into(), 2));
        assert_eq!(decoded("ab=3", true), ("ab=3".into(), 4));
    }

    #[test]
    fn header_values() {
        assert!(is_cte_header(b"Content-Transfer-Encoding"));
        assert_eq!(cte_is_quoted_printable(b" Quoted-Printable\n", true), Some(true));
        assert_eq!(cte_is_quoted_printable(b" 7bit\n", true), Some(false));
        assert_eq!(cte_is_quoted_printable(b" quoted-prin", false), None);
        // A value longer than anyone writes is decided without more input.
        let long = [b'a'; 100];
        assert_eq!(cte_is_quoted_printable(&long, false), Some(false));
    }

    #[test]
    fn region_ends_at_boundaries_and_messages() {
        assert_eq!(region_end(b"a=\nb\n--xyz\n", &Boundaries::default()), Some(5));
        assert_eq!(region_end(b"a=\nb\n--=_NextPart_000_0001--\r\n", &Boundaries::default()), Some(5));
        assert_eq!(region_end(b"a\nFrom x", &Boundaries::default()), Some(2));
        assert_eq!(region_end(b"a\n-x\nFro", &Boundaries::default()), None);
        // Not boundaries: HTML after `--`, a signature separator, a line not ended yet.
        assert_eq!(region_end(b"a\n--<A HREF=3D\"mailto:x\">\n", &Boundaries::default()), None);
        assert_eq!(region_end(b"a\n-- \nJim\n", &Boundaries::default()), None);
        assert_eq!(region_end(b"a\n--xyz", &Boundaries::default()), None);
        assert_eq!(region_end(b"a\n------------=\n---\n", &Boundaries::default()), None);
    }

    #[test]
    fn content_type_names_in_any_case_and_nothing_else() {
        assert!(is_content_type_header(b"Content-Type"));
        assert!(is_content_type_header(b"CONTENT-TYPE"));
        assert!(is_content_type_header(b"content-tYPE"));
        // Every byte at every place: only the letters' two cases may stand there.
        for at in 0..12 {
            for x in 0..=255u8 {
                let mut name = *b"content-type";
                name[at] = x;
                assert_eq!(
                    is_content_type_header(&name),
                    name.eq_ignore_ascii_case(b"content-type"),
                    "{name:?}"
                );
            }
        }
        for name in [&b"Content-Typ"[..], b"Content-Types", b"", b"Content\rType", b"Content-Type "] {
            assert!(!is_content_type_header(name), "{name:?}");
        }
    }

    #[test]
    fn boundary_parameters() {
        let b =
            |v: &str, complete: bool| boundary_param(v.as_bytes(), complete).map(|b| b.map(<[u8]>::to_vec));
        let some = |v: &str| Some(Some(v.as_bytes().to_vec()));
        assert_eq!(
            b(" multipart/mixed; boundary=\"----=_NextPart_000_0001\"\nX: y", true),
            some("----=_NextPart_000_0001")
        );
        // Folded onto the next line, the name in any case, a token value.
        assert_eq!(b(" multipart/alternative;\n\tBoundary=abc.123\nX: y", true), some("abc.123"));
        assert_eq!(b(" multipart/alternative; boundary = \"a b\" ; charset=x\n\n", false), some("a b"));
        // No boundary, or one that is not usable.
        assert_eq!(b(" text/plain; charset=us-ascii\nX: y", false), Some(None));
        assert_eq!(b(" multipart/mixed; xboundary=abc\nX: y", false), Some(None));
        assert_eq!(b(" multipart/mixed; boundary=\"\"\nX: y", false), Some(None));
        assert_eq!(b(&format!(" multipart/mixed; boundary={}\nX: y", "a".repeat(71)), false), Some(None));
        // The next line may still fold the header: undecided until it is there.
        assert_eq!(b(" multipart/mixed;\n", false), None);
        assert_eq!(b(" multipart/mixed;", false), None);
        assert_eq!(b(" multipart/mixed;\n", true), Some(None));
        // A `boundary=` inside another parameter's quoted value is not the parameter (found in
        // review); nor is one without its `;`.
        assert_eq!(
            b(" multipart/mixed; name=\"see boundary=fake; x\"; boundary=real\nX: y", true),
            some("real")
        );
        assert_eq!(b(" multipart/mixed; name=\"a \\\" boundary=fake\"; boundary=real\n", true), some("real"));
        assert_eq!(b(" multipart/mixed boundary=fake\nX: y", true), Some(None));
        assert_eq!(b(" multipart/mixed;boundary\n =\n \"real\"\nX: y", true), some("real"));
        // No `b` at all: decided without reading the parameters; the letter in any case.
        assert_eq!(b(" text/html;\n charset=\"x\"\nX: y", true), Some(None));
        assert_eq!(b(" multipart/mixed; BOUNDARY=q\nX: y", true), some("q"));
        // A quoted boundary that never closes is none.
        assert_eq!(b(" multipart/mixed; boundary=\"abc\nX: y", true), Some(None));
    }

    #[test]
    fn declared_boundaries_decide_where_a_region_ends() {
        let mut declared = Boundaries::default();
        declared.declare(b"=_outer");
        declared.declare(b"inner part");
        let forwarded = b"a=\n----- Original Message -----\nb=\n--=_outer\r\n";
        assert_eq!(region_end(forwarded, &Boundaries::default()), Some(3), "guessed");
        assert_eq!(region_end(forwarded, &declared), Some(35), "declared");
        assert_eq!(region_end(b"x\n--inner part--\n", &declared), Some(2));
        // A longer boundary that starts with a declared one, and a line not complete yet.
        assert_eq!(region_end(b"x\n--=_outerX\n", &declared), None);
        assert_eq!(region_end(b"x\n--=_outer-X\n", &declared), None);
        assert_eq!(region_end(b"x\n--=_outer--x\n", &declared), None);
        assert_eq!(region_end(b"x\n--=_outer-- \t\r\n", &declared), Some(2));
        assert_eq!(region_end(format!("x\n--=_outer{}\n", " ".repeat(80)).as_bytes(), &declared), None);
        assert_eq!(region_end(b"x\n--=_outer", &declared), None);
        assert_eq!(region_end(b"x\nFrom a", &declared), Some(2));
        // Only the newest few are kept.
        for i in 0..BOUNDARIES_MAX {
            declared.declare(format!("b{i}").as_bytes());
        }
        assert_eq!(region_end(b"x\n--=_outer\n", &declared), None);
        assert_eq!(region_end(b"x\n--b0\n", &declared), Some(2));
    }
}
