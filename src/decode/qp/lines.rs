//! The MIME header fields that plain-text decoding reads, and the lines that end a
//! quoted-printable region.
//!
//! In text that is not parsed as mail, a quoted-printable region starts at a
//! `Content-Transfer-Encoding: quoted-printable` header line (RFC 2045 §6) and ends at the next
//! line that starts a MIME boundary (RFC 2046 §5.1.1) or an mbox message (`From `). When the
//! header is one of a body part's, opened by a delimiter line of its multipart, only that
//! boundary's delimiter lines end it ([`opening_boundary`]).

use crate::chars;
use crate::decode::mail::header;

/// The start of the last line of `hay` that is a `Content-Transfer-Encoding` header, the
/// header that starts a quoted-printable region (or ends one): where a scan of a range of
/// the input must begin for its region state to be the whole input's. The field name's last
/// letter and colon (`g:` or `G:`) are searched for, and the name then checked whole in any
/// case, at the start of a line, as the engine reads it: a search for the usual spellings
/// only would miss a `Content-Transfer-EnCoding` that the engine reads. Nor is a line taken
/// that the engine does not read: one whose colon is followed by a byte that ends every URI
/// ([`chars::ends_every_uri`], where the engine does not stop), or by nothing in `hay` (a line
/// whose colon is the last byte of the text before a range lies within the range's warm-up,
/// and one at the end of a block is seen whole with the next block).
pub(crate) fn last_transfer_encoding_line(hay: &[u8]) -> Option<usize> {
    // Forward searches, keeping the last: they run on vector code, a reverse search does not.
    let mut found = None;
    for tail in [&b"g:"[..], b"G:"] {
        for at in memchr::memmem::find_iter(hay, tail) {
            let colon = at + 1;
            let Some(start) = colon.checked_sub(25) else { continue };
            let at_line_start = start == 0 || hay[start - 1] == b'\n';
            let read = hay.get(colon + 1).is_some_and(|&after| !chars::ends_every_uri(after));
            if at_line_start && read && is_cte_header(&hay[start..colon]) {
                found = found.max(Some(start));
            }
        }
    }
    found
}

/// The colon of the first line of `hay` that is a `Content-Transfer-Encoding` header, among
/// those whose colon is at or after `from`: the lines [`last_transfer_encoding_line`] takes,
/// found forward. A line that starts `hay` counts only when `hay` starts the input
/// (`at_input_start`); a colon that is the last byte of `hay` counts too (the byte after it,
/// not read yet, decides: see [`header_value_is_read`]).
pub(crate) fn next_transfer_encoding_colon(hay: &[u8], from: usize, at_input_start: bool) -> Option<usize> {
    let search = hay.get(from.saturating_sub(1)..)?;
    let base = from.saturating_sub(1);
    let is_header = |at: usize| {
        let colon = base + at + 1;
        let Some(start) = colon.checked_sub(25) else { return false };
        let at_line_start = if start == 0 { at_input_start } else { hay[start - 1] == b'\n' };
        let read = hay.get(colon + 1).is_none_or(|&after| !chars::ends_every_uri(after));
        colon >= from && at_line_start && read && is_cte_header(&hay[start..colon])
    };
    let lower = memchr::memmem::find_iter(search, b"g:").find(|&at| is_header(at));
    let upper = memchr::memmem::find_iter(search, b"G:").find(|&at| is_header(at));
    let first = match (lower, upper) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b)?,
    };
    Some(base + first + 1)
}

/// Whether the header line whose colon is at `colon` in `hay` is one the plain-text decoding
/// reads: the byte after the colon is not one that ends every URI
/// ([`chars::ends_every_uri`]); `None` when that byte is not in `hay` yet (`complete`: nothing
/// follows `hay`, and then the line is not read).
pub(crate) fn header_value_is_read(hay: &[u8], colon: usize, complete: bool) -> Option<bool> {
    match hay.get(colon + 1) {
        Some(&after) => Some(!chars::ends_every_uri(after)),
        None if complete => Some(false),
        None => None,
    }
}

/// Whether a header named `name` (the text before its colon) is `Content-Transfer-Encoding`,
/// in any case: the one header field the plain-text decoding reads. Names of another length
/// or first letter are ruled out before the name is compared, as this runs for every colon
/// the engine passes over.
#[inline(always)]
pub(crate) fn is_cte_header(name: &[u8]) -> bool {
    name.len() == 25 && name[0] | 0x20 == b'c' && name.eq_ignore_ascii_case(b"content-transfer-encoding")
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

/// How many bytes from its first one [`region_end`] reads of a line to tell whether it ends a
/// region: a guessed boundary is `--` and up to [`END_MARK_OVERLAP`] bytes to its line feed.
/// A line with fewer of them in the text given is told again once more text is there.
pub(crate) const LINE_READ: usize = 2 + END_MARK_OVERLAP;

/// `bcharsnospace` of RFC 2046 §5.1.1 (the characters of a MIME boundary), and space.
fn is_bchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"'()+_,-./:=? ".contains(&b)
}

/// The longest MIME boundary: 1 to 70 characters (RFC 2046 §5.1.1).
const BOUNDARY_LEN_MAX: usize = 70;

/// The boundary of the multipart a `Content-Transfer-Encoding` header belongs to, when the
/// header is one of a body part's: the part's header lines (folded ones too) follow a
/// delimiter line of its multipart, `--` and the boundary (RFC 2046 §5.1.1), and the next
/// delimiter line of that boundary ends the part. `before` is the text before the header's
/// line, up to and with the line feed that ends the line before it; `whole` says that it
/// starts a line (the start of the input), and otherwise its first line, cut, is not read.
/// `None` when the lines before the header in `before` are not header lines that follow a
/// delimiter line (a message's own header, or a part whose start is further back).
///
/// ```text
/// --=_alt_1                                    <- the delimiter line: `=_alt_1`
/// Content-Type: text/html; charset=us-ascii    <- header lines of the part
/// Content-Transfer-Encoding: quoted-printable  <- the header
/// ```
pub(crate) fn opening_boundary(before: &[u8], whole: bool) -> Option<&[u8]> {
    let mut end = before.len();
    loop {
        // The line before `end`, without its line ending.
        let feed = end.checked_sub(1).filter(|&nl| before[nl] == b'\n')?;
        let start = match memchr::memrchr(b'\n', &before[..feed]) {
            Some(nl) => nl + 1,
            None if whole => 0,
            None => return None,
        };
        let line = &before[start..feed];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.first().is_some_and(|&b| b == b' ' || b == b'\t') || header::field_name(line).is_some() {
            end = start;
            continue;
        }
        let boundary = line.strip_prefix(b"--")?.trim_ascii_end();
        let usable =
            (1..=BOUNDARY_LEN_MAX).contains(&boundary.len()) && boundary.iter().all(|&b| is_bchar(b));
        return usable.then_some(boundary);
    }
}

/// Whether the line `line` (from its first byte on) is a delimiter line of `boundary`: `--`,
/// the boundary, optionally `--`, blanks, and the line ending (RFC 2046 §5.1.1). The line
/// ending must come within [`END_MARK_OVERLAP`] bytes, so that a line is judged the same way
/// whether the input arrives whole or in pieces.
fn delimits(boundary: &[u8], line: &[u8]) -> bool {
    let line = &line[..line.len().min(END_MARK_OVERLAP)];
    let Some(after) = line.strip_prefix(b"--").and_then(|rest| rest.strip_prefix(boundary)) else {
        return false;
    };
    let after = after.strip_prefix(b"--").unwrap_or(after);
    let blanks = after.iter().take_while(|&&x| x == b' ' || x == b'\t').count();
    matches!(after.get(blanks), Some(b'\r' | b'\n'))
}

/// The first index in `hay` (a region being scanned) where a line starts that ends a
/// quoted-printable region: an mbox `From ` line, or a MIME boundary line. In a body part
/// opened by a delimiter line ([`opening_boundary`]), only that boundary's delimiter lines
/// count, so that a forwarded message's `----- Original Message -----` inside the part, or
/// the delimiter lines of a message quoted in it, do not end it. Otherwise (a message's own
/// header, or a body without its headers) a boundary is guessed: `--` and boundary characters
/// up to the end of the line, so that a quoted-printable line that happens to start with
/// `--<a href…`, a signature separator `-- ` or a rule of dashes does not count. Only lines
/// whose end lies inside `hay` are considered; the caller scans again, with the line feed
/// before it, every line that has fewer than [`LINE_READ`] bytes in `hay`.
pub(crate) fn region_end(hay: &[u8], opener: Option<&[u8]>) -> Option<usize> {
    memchr::memchr_iter(b'\n', hay).map(|nl| nl + 1).find(|&line| {
        let rest = &hay[line..];
        if rest.starts_with(b"From ") {
            return true;
        }
        if let Some(boundary) = opener {
            return delimits(boundary, rest);
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
        for name in ["CONTENT-TRANSFER-ENCODING", "Content-Transfer-Encoding", "content-transfer-eNCODING"] {
            assert!(is_cte_header(name.as_bytes()), "{name}");
        }
        for name in ["Content-Type", "Content-Transfer-Encodinh", "Xontent-Transfer-Encoding", "", "c"] {
            assert!(!is_cte_header(name.as_bytes()), "{name}");
        }
    }

    /// The forward search finds the lines the backward one finds, one after the other.
    #[test]
    fn next_transfer_encoding_colon_agrees_with_the_last() {
        let text = b"Content-Transfer-Encoding: 7bit\nx\ncontent-transfer-EnCoDiNg: quoted-printable\n\
                     x Content-Transfer-Encoding: base64\nlog: big:\nContent-Transfer-Encoding:` x\n\
                     CONTENT-TRANSFER-ENCODING:";
        assert_eq!(next_transfer_encoding_colon(text, 0, true), Some(25));
        assert_eq!(next_transfer_encoding_colon(text, 0, false), Some(59));
        assert_eq!(next_transfer_encoding_colon(text, 26, true), Some(59));
        let last = text.len() - 1;
        assert_eq!(next_transfer_encoding_colon(text, 60, true), Some(last));
        assert_eq!(last_transfer_encoding_line(&text[..last]), Some(34));
        assert_eq!(header_value_is_read(text, last, false), None);
        assert_eq!(header_value_is_read(text, last, true), Some(false));
        assert_eq!(header_value_is_read(text, 25, true), Some(true));
        assert_eq!(next_transfer_encoding_colon(b"", 0, true), None);
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
        assert_eq!(region_end(b"a=\nb\n--xyz\n", None), Some(5));
        assert_eq!(region_end(b"a=\nb\n--=_NextPart_000_0001--\r\n", None), Some(5));
        assert_eq!(region_end(b"a\nFrom x", None), Some(2));
        assert_eq!(region_end(b"a\n-x\nFro", None), None);
        // Not boundaries: HTML after `--`, a signature separator, a line not ended yet.
        assert_eq!(region_end(b"a\n--<A HREF=3D\"mailto:x\">\n", None), None);
        assert_eq!(region_end(b"a\n-- \nJim\n", None), None);
        assert_eq!(region_end(b"a\n--xyz", None), None);
        assert_eq!(region_end(b"a\n------------=\n---\n", None), None);
    }

    /// The last `Content-Transfer-Encoding` line is found in any case, at a line start only.
    #[test]
    fn last_transfer_encoding_line_in_any_case() {
        let text = b"Content-Transfer-Encoding: 7bit\nx\ncontent-transfer-EnCoDiNg: quoted-printable\n\
                     x Content-Transfer-Encoding: base64\nSubject: big:\n";
        assert_eq!(last_transfer_encoding_line(text), Some(34));
        assert_eq!(last_transfer_encoding_line(&text[..33]), Some(0));
        assert_eq!(last_transfer_encoding_line(b"Content-Transfer-Encodin: x\n"), None);
        // Not a line the engine reads: a byte that ends every URI after the colon, or none yet.
        let text =
            b"Content-Transfer-Encoding: 7bit\nContent-Transfer-Encoding:` x\nContent-Transfer-Encoding:";
        assert_eq!(last_transfer_encoding_line(text), Some(0));
        assert_eq!(last_transfer_encoding_line(b"Content-Transfer-Encoding:\tx"), Some(0));
    }

    #[test]
    fn opening_boundaries() {
        let part = b"preamble\n--=_alt_1\r\nContent-Type: text/html;\r\n\tcharset=us-ascii\r\nX-Y:z\r\n";
        assert_eq!(opening_boundary(part, false), Some(&b"=_alt_1"[..]));
        // A delimiter with trailing blanks; the first line of `before` when it starts a line.
        assert_eq!(opening_boundary(b"--b0 \t\nContent-Type: text/plain\n", true), Some(&b"b0"[..]));
        assert_eq!(opening_boundary(b"--b0\nContent-Type: text/plain\n", false), None);
        // A message's own header, header lines back to the start, no line before the header.
        assert_eq!(opening_boundary(b"\nFrom: a\nSubject: b\n", false), None);
        assert_eq!(opening_boundary(b"From: a\nSubject: b\n", true), None);
        assert_eq!(opening_boundary(b"", true), None);
        // A blank line or text between the delimiter and the header: not the part's header.
        assert_eq!(opening_boundary(b"--b0\n\nContent-Type: text/plain\n", true), None);
        assert_eq!(opening_boundary(b"--b0\nsome text\n", true), None);
        // Not a boundary: too long, or characters a boundary does not have.
        let long = format!("--{}\nX: y\n", "a".repeat(71));
        assert_eq!(opening_boundary(long.as_bytes(), true), None);
        assert_eq!(opening_boundary(b"--<a href\nX: y\n", true), None);
    }

    #[test]
    fn the_opening_boundary_decides_where_a_region_ends() {
        let declared = Some(&b"=_outer"[..]);
        let forwarded = b"a=\n----- Original Message -----\nb=\n--other\n--=_outer\r\n";
        assert_eq!(region_end(forwarded, None), Some(3), "guessed");
        assert_eq!(region_end(forwarded, declared), Some(43), "opened by a delimiter line");
        assert_eq!(region_end(b"x\n--inner part--\n", Some(b"inner part")), Some(2));
        // A longer boundary that starts with a declared one, and a line not complete yet.
        assert_eq!(region_end(b"x\n--=_outerX\n", declared), None);
        assert_eq!(region_end(b"x\n--=_outer-X\n", declared), None);
        assert_eq!(region_end(b"x\n--=_outer--x\n", declared), None);
        assert_eq!(region_end(b"x\n--=_outer-- \t\r\n", declared), Some(2));
        assert_eq!(region_end(format!("x\n--=_outer{}\n", " ".repeat(80)).as_bytes(), declared), None);
        assert_eq!(region_end(b"x\n--=_outer", declared), None);
        assert_eq!(region_end(b"x\nFrom a", declared), Some(2));
    }
}
