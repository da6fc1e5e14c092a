//! The MIME header fields that plain-text decoding reads, and the lines that end a
//! quoted-printable region.
//!
//! In text that is not parsed as mail, a quoted-printable region starts at a
//! `Content-Transfer-Encoding: quoted-printable` header line (RFC 2045 §6) and ends at the next
//! line that starts a MIME boundary (RFC 2046 §5.1.1) or an mbox message (`From `). The
//! boundaries are those declared by the `Content-Type` headers seen before.

/// A header field the plain-text decoding reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Field {
    /// `Content-Transfer-Encoding`, where a quoted-printable region starts (or ends).
    TransferEncoding,
    /// `Content-Type`, whose `boundary` parameter says where a region ends.
    ContentType,
}

/// The field named `name` (the text before the colon), in any case, if it is one of [`Field`].
/// Names of another length (25 and 12 bytes) or first letter are ruled out before either is
/// compared, as this runs for every colon the engine passes over.
#[inline]
pub(crate) fn field(name: &[u8]) -> Option<Field> {
    if !matches!(name.len(), 12 | 25) || name.first().is_none_or(|&c| c | 0x20 != b'c') {
        return None;
    }
    if is_cte_header(name) {
        Some(Field::TransferEncoding)
    } else if is_content_type_header(name) {
        Some(Field::ContentType)
    } else {
        None
    }
}

/// The start of the last line of `hay` that is a `Content-Transfer-Encoding` header, the
/// header that starts a quoted-printable region (or ends one): where a scan of a range of
/// the input must begin for its region state to be the whole input's. The field name is
/// found with its `…ncoding:` or `…NCODING:` tail in that case (the forms mail is written
/// with), then checked whole in any case, at the start of a line.
pub(crate) fn last_transfer_encoding_line(hay: &[u8]) -> Option<usize> {
    // Forward searches, keeping the last: they run on vector code, a reverse search does not.
    let mut found = None;
    for tail in [&b"ncoding:"[..], b"NCODING:"] {
        for at in memchr::memmem::find_iter(hay, tail) {
            let colon = at + 7;
            let Some(start) = colon.checked_sub(25) else { continue };
            let at_line_start = start == 0 || hay[start - 1] == b'\n';
            if at_line_start && is_cte_header(&hay[start..colon]) {
                found = found.max(Some(start));
            }
        }
    }
    found
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
/// is applied to the letters only.
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
#[derive(Debug, Default, Clone, PartialEq, Eq)]
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

    #[test]
    fn mime_header_names() {
        for name in ["Content-Type", "content-type", "CONTENT-TRANSFER-ENCODING", "Content-Transfer-Encoding"]
        {
            assert!(field(name.as_bytes()).is_some(), "{name}");
        }
        for name in ["Content-Typ", "Content-Types", "Xontent-Type", "Content-Transfer-Encodinh", "", "c"] {
            assert!(field(name.as_bytes()).is_none(), "{name}");
        }
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
