//! MIME header values and multipart bodies: `Content-Type` with its parameters (RFC 2045 §5.1,
//! RFC 2231), `Content-Transfer-Encoding` (RFC 2045 §6), and the parts of a multipart body
//! (RFC 2046 §5.1.1).

use core::ops::Range;
use std::sync::Arc;

/// A `Content-Type` value: `type/subtype` in lower case, and its parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ContentType {
    /// `type/subtype`, in lower case (shared with the segments of the entity).
    pub(crate) mime: Arc<str>,
    /// The length of the type: where the `/` is in `mime` (found once, as the type and the
    /// subtype are looked at for each entity).
    slash: usize,
    /// The parameters, names in lower case, values unquoted, RFC 2231 continuations joined
    /// and `%XX` decoded.
    pub(crate) params: Vec<(String, Vec<u8>)>,
    /// Whether the `charset` parameter names ASCII ([`is_ascii_label`]); found once, as a
    /// value is parsed once for the entities that share it.
    pub(crate) ascii_charset: bool,
}

/// Labels that name ASCII, whose text is taken as it is (8-bit bytes in it as UTF-8, as
/// RFC 6532 reads raw 8-bit text, rather than as windows-1252, which the Encoding Standard
/// maps `us-ascii` to).
pub(crate) fn is_ascii_label(label: &[u8]) -> bool {
    let label = label.trim_ascii();
    ["us-ascii", "ascii", "ansi_x3.4-1968", "iso646-us"]
        .iter()
        .any(|l| label.eq_ignore_ascii_case(l.as_bytes()))
}

impl ContentType {
    /// `text/plain` (RFC 2045 §5.2: the default, and what an invalid value is read as).
    pub(crate) fn text_plain() -> Self {
        ContentType { mime: Arc::from("text/plain"), slash: 4, params: Vec::new(), ascii_charset: false }
    }

    /// The type, before the `/`.
    pub(crate) fn main_type(&self) -> &str {
        self.mime.get(..self.slash).unwrap_or_default()
    }

    /// The subtype, after the `/`.
    pub(crate) fn subtype(&self) -> &str {
        self.mime.get(self.slash + 1..).unwrap_or_default()
    }

    /// The value of parameter `name` (lower case).
    pub(crate) fn param(&self, name: &str) -> Option<&[u8]> {
        self.params.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_slice())
    }

    /// Parses a `Content-Type` value (unfolded); `None` when it is not valid.
    pub(crate) fn parse(value: &[u8]) -> Option<ContentType> {
        let mut s = Scanner { s: value, i: 0 };
        s.skip_cfws();
        let main = s.token()?;
        s.skip_cfws();
        if !s.eat(b'/') {
            return None;
        }
        s.skip_cfws();
        let sub = s.token()?;
        let mut mime = Vec::with_capacity(main.len() + 1 + sub.len());
        mime.extend_from_slice(main);
        mime.push(b'/');
        mime.extend_from_slice(sub);
        let mime = lower_case(mime);
        // Parameters; RFC 2231 pieces `name*N` / `name*N*` gathered, then joined in order. Until
        // the first such piece, parameters are taken as they come (most values have none).
        let mut params: Vec<(String, Vec<u8>)> = Vec::new();
        let mut pieces: Vec<(String, u32, bool, Vec<u8>)> = Vec::new();
        while params.len() + pieces.len() < PARAMS_MAX {
            s.skip_cfws();
            // Anything up to the next `;` that is not a parameter is skipped.
            while s.i < s.s.len() && s.s[s.i] != b';' {
                s.i += 1;
            }
            if !s.eat(b';') {
                break;
            }
            s.skip_cfws();
            let Some(name) = s.token() else { continue };
            s.skip_cfws();
            if !s.eat(b'=') {
                continue;
            }
            s.skip_cfws();
            let value = if s.s.get(s.i) == Some(&b'"') { s.quoted() } else { s.bare().map(<[u8]>::to_vec) };
            let Some(value) = value else { continue };
            let mut name = lower_case(name.to_vec());
            if pieces.is_empty() && !name.contains('*') {
                params.push((name, value));
                continue;
            }
            let extended = name.ends_with('*');
            if extended {
                name.pop();
            }
            let index = match name.split_once('*') {
                Some((n, k)) => match k.parse::<u32>() {
                    Ok(k) => {
                        name.truncate(n.len());
                        k
                    }
                    Err(_) => continue,
                },
                None => 0,
            };
            if pieces.is_empty() {
                pieces.extend(params.drain(..).map(|(name, value)| (name, 0, false, value)));
            }
            pieces.push((name, index, extended, value));
        }
        if pieces.is_empty() {
            // No RFC 2231 piece: the first parameter of each name, in order.
            let mut kept = 0;
            for k in 0..params.len() {
                if !params[..kept].iter().any(|(n, _)| *n == params[k].0) {
                    params.swap(kept, k);
                    kept += 1;
                }
            }
            params.truncate(kept);
        }
        // The pieces of each name, in index order (a stable sort keeps duplicates in order).
        pieces.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        for (name, index, extended, value) in pieces {
            let value = if extended { rfc2231_value(&value, index == 0) } else { value };
            match params.iter_mut().find(|(n, _)| *n == name) {
                Some((_, v)) if index > 0 => v.extend_from_slice(&value),
                Some(_) => {}
                None => params.push((name, value)),
            }
        }
        let mut ct = ContentType { mime: Arc::from(mime), slash: main.len(), params, ascii_charset: false };
        ct.ascii_charset = ct.param("charset").is_some_and(is_ascii_label);
        Some(ct)
    }
}

/// `token`, tokens joined or a token (RFC 2045 §5.1: ASCII), in lower case, as a string.
fn lower_case(mut token: Vec<u8>) -> String {
    token.make_ascii_lowercase();
    String::from_utf8(token).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// How many parameters of a `Content-Type` are read; those after are ignored, so that a value
/// of any length is read in linear time.
const PARAMS_MAX: usize = 64;

/// An extended value (RFC 2231 §4): `charset'language'` before the first piece, `%XX`
/// escapes. The charset is not applied: boundaries and charsets are ASCII.
fn rfc2231_value(value: &[u8], first: bool) -> Vec<u8> {
    let value = if first {
        let mut quotes = value.iter().enumerate().filter(|(_, b)| **b == b'\'').map(|(k, _)| k);
        match (quotes.next(), quotes.next()) {
            (Some(_), Some(second)) => &value[second + 1..],
            _ => value,
        }
    } else {
        value
    };
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(value.len());
    let mut i = 0;
    while i < value.len() {
        match (value[i], value.get(i + 1).and_then(|&b| hex(b)), value.get(i + 2).and_then(|&b| hex(b))) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, ..) => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

/// The transfer encodings (RFC 2045 §6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TransferEncoding {
    /// `7bit`, `8bit`, `binary`, and any label not known: the bytes as they are.
    Identity,
    QuotedPrintable,
    Base64,
}

impl TransferEncoding {
    /// The encoding a `Content-Transfer-Encoding` value names: a token in any case, blanks and
    /// comments around it ignored.
    pub(crate) fn parse(value: &[u8]) -> TransferEncoding {
        let mut s = Scanner { s: value, i: 0 };
        s.skip_cfws();
        match s.token() {
            Some(t) if t.eq_ignore_ascii_case(b"base64") => TransferEncoding::Base64,
            Some(t) if t.eq_ignore_ascii_case(b"quoted-printable") => TransferEncoding::QuotedPrintable,
            _ => TransferEncoding::Identity,
        }
    }
}

/// The characters of a token (RFC 2045 §5.1): printable ASCII but space and `tspecials`.
const TOKEN: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = b'!';
    while b < 0x7f {
        t[b as usize] = true;
        b += 1;
    }
    let specials = b"()<>@,;:\\\"/[]?=";
    let mut k = 0;
    while k < specials.len() {
        t[specials[k] as usize] = false;
        k += 1;
    }
    t
};

struct Scanner<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Scanner<'a> {
    /// Skips blanks and comments (RFC 5322 §3.2.2), nested comments included.
    fn skip_cfws(&mut self) {
        let mut depth = 0usize;
        while let Some(&b) = self.s.get(self.i) {
            match b {
                b'(' => depth += 1,
                b')' if depth > 0 => depth -= 1,
                b'\\' if depth > 0 => self.i += 1,
                _ if b.is_ascii_whitespace() => {}
                _ if depth > 0 => {}
                _ => return,
            }
            self.i += 1;
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        let hit = self.s.get(self.i) == Some(&b);
        self.i += usize::from(hit);
        hit
    }

    /// A token (RFC 2045 §5.1): printable ASCII but specials and space.
    fn token(&mut self) -> Option<&'a [u8]> {
        let start = self.i;
        while self.s.get(self.i).is_some_and(|&b| TOKEN[b as usize]) {
            self.i += 1;
        }
        (self.i > start).then(|| &self.s[start..self.i])
    }

    /// An unquoted parameter value: a token (RFC 2045 §5.1), read as mailers write it, up to a
    /// `;` or white space (`boundary=----=_NextPart_000` is common, with `=` in it).
    fn bare(&mut self) -> Option<&'a [u8]> {
        let start = self.i;
        while self.s.get(self.i).is_some_and(|&b| b != b';' && !b.is_ascii_whitespace() && b != b'(') {
            self.i += 1;
        }
        (self.i > start).then(|| &self.s[start..self.i])
    }

    /// A quoted string, unquoted; one that does not close runs to the end.
    fn quoted(&mut self) -> Option<Vec<u8>> {
        self.i += 1;
        let mut out = Vec::new();
        // Runs between escapes copied at once.
        while let Some(k) = memchr::memchr2(b'"', b'\\', &self.s[self.i..]) {
            out.extend_from_slice(&self.s[self.i..self.i + k]);
            self.i += k + 1;
            if self.s[self.i - 1] == b'"' {
                return Some(out);
            }
            if let Some(&c) = self.s.get(self.i) {
                out.push(c);
                self.i += 1;
            }
        }
        out.extend_from_slice(&self.s[self.i..]);
        self.i = self.s.len();
        Some(out)
    }
}

/// The parts of a multipart body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Multipart {
    /// Before the first delimiter line.
    pub(crate) preamble: Range<usize>,
    /// Each part: after its delimiter line up to the line ending before the next.
    pub(crate) parts: Vec<Range<usize>>,
    /// After the close delimiter line; empty when there is none (an unclosed multipart ends
    /// where its body ends).
    pub(crate) epilogue: Range<usize>,
}

/// Splits the multipart body `bytes[body]` at the delimiter lines of `boundary` (RFC 2046
/// §5.1.1): `--boundary` at the start of a line, `--` after it on the close delimiter, then
/// blanks and the line ending; the line ending before a delimiter line belongs to it. `None`
/// when no delimiter line occurs: the body is then read as text. Linear in the body's length.
pub(crate) fn split(bytes: &[u8], body: Range<usize>, boundary: &[u8]) -> Option<Multipart> {
    let hay = &bytes[body.clone()];
    let mut dash = Vec::with_capacity(boundary.len() + 2);
    dash.extend_from_slice(b"--");
    dash.extend_from_slice(boundary);
    let mut preamble = None;
    let mut parts = Vec::new();
    let mut open: Option<usize> = None;
    for at in memchr::memmem::find_iter(hay, &dash) {
        if at > 0 && hay[at - 1] != b'\n' {
            continue;
        }
        let after = &hay[at + dash.len()..];
        let close = after.starts_with(b"--");
        let rest = if close { &after[2..] } else { after };
        let blanks = rest.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
        let line_end = match rest.get(blanks) {
            None => hay.len(),
            Some(b'\n') => at + dash.len() + usize::from(close) * 2 + blanks + 1,
            Some(b'\r') if rest.get(blanks + 1) == Some(&b'\n') => {
                at + dash.len() + usize::from(close) * 2 + blanks + 2
            }
            _ => continue,
        };
        // The line ending before the delimiter line is part of it.
        let before = if at >= 2 && &hay[at - 2..at] == b"\r\n" { at - 2 } else { at.saturating_sub(1) };
        match open {
            None if preamble.is_none() => preamble = Some(0..if at == 0 { 0 } else { before }),
            Some(start) => parts.push(start..before.max(start)),
            None => {}
        }
        if close {
            let off = body.start;
            return Some(Multipart {
                preamble: preamble.map_or(off..off, |p| off + p.start..off + p.end),
                parts: parts.into_iter().map(|p| off + p.start..off + p.end).collect(),
                epilogue: off + line_end..body.end,
            });
        }
        open = Some(line_end);
    }
    let preamble = preamble?;
    if let Some(start) = open {
        parts.push(start..hay.len());
    }
    let off = body.start;
    Some(Multipart {
        preamble: off + preamble.start..off + preamble.end,
        parts: parts.into_iter().map(|p| off + p.start..off + p.end).collect(),
        epilogue: body.end..body.end,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types() {
        let ct =
            ContentType::parse(b" Text/HTML; charset=\"ISO-8859-1\" (comment); Format = flowed").unwrap();
        assert_eq!(&*ct.mime, "text/html");
        assert_eq!((ct.main_type(), ct.subtype()), ("text", "html"));
        assert_eq!(ct.param("charset"), Some(&b"ISO-8859-1"[..]));
        assert_eq!(ct.param("format"), Some(&b"flowed"[..]));
        assert_eq!(ContentType::parse(b"text"), None);
        assert_eq!(ContentType::parse(b""), None);
        let ct = ContentType::parse(b"multipart/mixed; boundary=\"a \\\"b\\\" c\"").unwrap();
        assert_eq!(ct.param("boundary"), Some(&b"a \"b\" c"[..]));
        // Unquoted values with specials in them, as mailers write them.
        let ct =
            ContentType::parse(b"multipart/alternative;\tboundary=----=_NextPart_000_0003; x=y").unwrap();
        assert_eq!(ct.param("boundary"), Some(&b"----=_NextPart_000_0003"[..]));
        // Junk between parameters is skipped.
        let ct = ContentType::parse(b"text/plain; junk; charset=utf-8").unwrap();
        assert_eq!(ct.param("charset"), Some(&b"utf-8"[..]));
    }

    /// A value with a hundred thousand parameters is read in linear time (each was once looked
    /// up among those before it).
    #[test]
    fn content_types_with_many_parameters() {
        let mut v = b"multipart/mixed; boundary=b".to_vec();
        for k in 0..100_000 {
            v.extend_from_slice(format!("; p{k}=x").as_bytes());
        }
        let ct = ContentType::parse(&v).unwrap();
        assert_eq!((ct.param("boundary"), ct.params.len()), (Some(&b"b"[..]), PARAMS_MAX));
    }

    #[test]
    fn rfc_2231_parameters() {
        let ct = ContentType::parse(b"multipart/mixed; boundary*1=\"def\"; boundary*0=\"abc\"").unwrap();
        assert_eq!(ct.param("boundary"), Some(&b"abcdef"[..]));
        let ct = ContentType::parse(b"text/plain; charset*=us-ascii'en'utf%2D8").unwrap();
        assert_eq!(ct.param("charset"), Some(&b"utf-8"[..]));
    }

    /// A name given twice keeps its first value, whether or not RFC 2231 pieces come with it
    /// (before them or after); the pieces after the first are joined to it.
    #[test]
    fn repeated_parameters_keep_their_first_value() {
        let ct =
            ContentType::parse(b"text/plain; charset=a; format=flowed; CHARSET=b; format=fixed").unwrap();
        assert_eq!(
            (ct.param("charset"), ct.param("format"), ct.params.len()),
            (Some(&b"a"[..]), Some(&b"flowed"[..]), 2)
        );
        let ct = ContentType::parse(b"multipart/mixed; boundary=x; boundary*0=y; boundary*1=z").unwrap();
        assert_eq!(ct.param("boundary"), Some(&b"xz"[..]));
        let ct = ContentType::parse(b"multipart/mixed; boundary*0=y; boundary=x; boundary*1=z").unwrap();
        assert_eq!(ct.param("boundary"), Some(&b"yz"[..]));
        let ct = ContentType::parse(b"multipart/mixed; a=1; boundary*1=z; b=2; boundary*0=y; a=3").unwrap();
        assert_eq!(
            (ct.param("boundary"), ct.param("a"), ct.param("b")),
            (Some(&b"yz"[..]), Some(&b"1"[..]), Some(&b"2"[..]))
        );
    }

    #[test]
    fn transfer_encodings() {
        assert_eq!(TransferEncoding::parse(b" BASE64 "), TransferEncoding::Base64);
        assert_eq!(TransferEncoding::parse(b"\tQuoted-Printable (x)"), TransferEncoding::QuotedPrintable);
        assert_eq!(TransferEncoding::parse(b" 8bit"), TransferEncoding::Identity);
        assert_eq!(TransferEncoding::parse(b" x-uuencode"), TransferEncoding::Identity);
    }

    fn parts(body: &[u8], boundary: &str) -> Option<(String, Vec<String>, String)> {
        let s = |r: Range<usize>| String::from_utf8(body[r].to_vec()).unwrap();
        split(body, 0..body.len(), boundary.as_bytes())
            .map(|m| (s(m.preamble), m.parts.into_iter().map(s).collect(), s(m.epilogue)))
    }

    #[test]
    fn multipart_bodies() {
        let body = b"pre\r\n--b\r\nA: 1\r\n\r\none\r\n--b \r\n\r\ntwo\r\n--b--\r\nepi\r\n";
        assert_eq!(
            parts(body, "b"),
            Some(("pre".into(), vec!["A: 1\r\n\r\none".into(), "\r\ntwo".into()], "epi\r\n".into()))
        );
        // Lines that only start like a delimiter are not one; an unclosed multipart ends at the
        // end of its body.
        let body = b"--b\nx\n--bb\n-- b\n--b-x\n--b\ny";
        assert_eq!(
            parts(body, "b"),
            Some((String::new(), vec!["x\n--bb\n-- b\n--b-x".into(), "y".into()], String::new()))
        );
        // A boundary that never occurs: no parts, the body is read as text.
        assert_eq!(parts(b"text\n--c\n", "b"), None);
        // A close delimiter with nothing before it.
        assert_eq!(parts(b"--b--\n", "b"), Some((String::new(), vec![], String::new())));
    }
}
