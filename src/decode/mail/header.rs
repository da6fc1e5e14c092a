//! Header blocks (RFC 5322 §2.2, §3.6; RFC 5536 for news) and field values as a reader sees
//! them: unfolded (§2.2.3), RFC 2047 encoded-words decoded, raw 8-bit text read as UTF-8
//! (RFC 6532).

use core::ops::Range;

use crate::chars;
use crate::decode::{Decoded, base64, charset};

/// A header field: where its name and its value lie in the entity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Field {
    /// The name, without the colon and any blanks before it.
    pub(crate) name: Range<usize>,
    /// The value: from after the colon to the end of its last line, line ending excluded.
    pub(crate) value: Range<usize>,
    /// Whether the value holds a `:` that a scheme may end before, or an `=?` (which starts an
    /// RFC 2047 encoded-word, §2): without either, unfolded and decoded it holds no colon the
    /// engine takes for a trigger ([`Wanted::may_give_header`](super::Wanted::may_give_header)).
    pub(crate) marked: bool,
    /// Whether the value holds a `:` that a scheme may end before ([`may_end_a_scheme`]):
    /// not the colons of times (`10:26:00`).
    pub(crate) colon: bool,
    /// Whether the value holds an `=?`.
    pub(crate) encoded_word: bool,
    /// Whether the value goes on over continuation lines (RFC 5322 §2.2.3). One that does not
    /// may still hold a carriage return that no line feed follows.
    pub(crate) folded: bool,
}

/// A header block and where the body after it starts.
#[derive(Debug, Clone, Default)]
pub(crate) struct Header {
    pub(crate) fields: Vec<Field>,
    /// Where the body starts: after the empty line that ends the header, or at the first line
    /// that is neither a field nor a continuation (a malformed header ends there, so that
    /// nothing after it is taken as header), or at the end.
    pub(crate) body: usize,
    /// The index in `fields` of the first field of each [`Known`] name, found as the block is
    /// read (rather than looked up by name afterwards).
    known: [Option<u32>; 3],
}

/// The fields that the walk of every entity looks up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Known {
    /// `Content-Type` (RFC 2045 §5).
    ContentType,
    /// `Content-Transfer-Encoding` (RFC 2045 §6).
    ContentTransferEncoding,
    /// `Message-ID` (RFC 5322 §3.6.4).
    MessageId,
}

impl Known {
    /// The known field that `name` (in any case) names.
    #[inline]
    fn of(name: &[u8]) -> Option<Known> {
        // The lengths differ: one comparison at most.
        let (known, spelled): (Known, &[u8]) = match name.len() {
            12 => (Known::ContentType, b"content-type"),
            25 => (Known::ContentTransferEncoding, b"content-transfer-encoding"),
            10 => (Known::MessageId, b"message-id"),
            _ => return None,
        };
        // `spelled` is lower-case letters and `-`: a byte of a name (`ftext`, no control
        // character) equals one of them in any case exactly when it does with bit 5 set.
        name.iter().zip(spelled).all(|(&b, &s)| b | 0x20 == s).then_some(known)
    }
}

impl Field {
    /// Whether `trimmed`, this field's value with the blanks at both ends taken off, is the
    /// value as a reader sees it ([`decode_value`]): it holds no line ending and no
    /// encoded-word. A value on one line holds no line feed: it is searched for a carriage
    /// return only (one that no line feed follows). A folded value is searched for both (blank
    /// continuation lines at its end are trimmed off with the blanks).
    #[inline]
    pub(crate) fn is_as_written(&self, trimmed: &[u8]) -> bool {
        !self.encoded_word
            && match self.folded {
                true => memchr::memchr2(b'\r', b'\n', trimmed).is_none(),
                false => memchr::memchr(b'\r', trimmed).is_none(),
            }
    }

    /// [`Field::is_as_written`], and `trimmed` holds no ESC either, so that it is not
    /// unlabelled ISO-2022-JP ([`charset::is_unlabelled_iso_2022_jp`]): both found with one
    /// search of the value.
    #[inline]
    pub(crate) fn is_plain(&self, trimmed: &[u8]) -> bool {
        !self.encoded_word
            && match self.folded {
                true => memchr::memchr3(b'\r', b'\n', 0x1b, trimmed).is_none(),
                false => memchr::memchr2(b'\r', 0x1b, trimmed).is_none(),
            }
    }
}

impl Header {
    /// The first field named `name` (in any case).
    #[cfg(test)]
    pub(crate) fn get<'a>(&self, bytes: &'a [u8], name: &str) -> Option<&'a [u8]> {
        self.fields
            .iter()
            .find(|f| bytes[f.name.clone()].eq_ignore_ascii_case(name.as_bytes()))
            .map(|f| &bytes[f.value.clone()])
    }

    /// The first field of the known name `known`.
    #[inline]
    pub(crate) fn field(&self, known: Known) -> Option<&Field> {
        self.known[known as usize].and_then(|k| self.fields.get(k as usize))
    }

    /// The value of the first field of the known name `known`.
    #[inline]
    pub(crate) fn value<'a>(&self, bytes: &'a [u8], known: Known) -> Option<&'a [u8]> {
        self.field(known).map(|f| &bytes[f.value.clone()])
    }
}

/// The end of the line starting at `at`: the index of its line ending (or the end), and where
/// the next line starts.
pub(crate) fn line_end(bytes: &[u8], at: usize) -> (usize, usize) {
    match memchr::memchr(b'\n', &bytes[at..]) {
        Some(k) => {
            let nl = at + k;
            let end = if nl > at && bytes[nl - 1] == b'\r' { nl - 1 } else { nl };
            (end, nl + 1)
        }
        None => (bytes.len(), bytes.len()),
    }
}

/// The length of the field name that starts `line`, when `line` starts a field: printable
/// ASCII but `:` (RFC 5322 §3.6.8 `ftext`), then blanks (obsolete syntax, §4.5) and a colon.
/// Returns the name's length and the index after the colon. `line` may run on past its line
/// ending: a field name ends before it.
pub(crate) fn field_name(line: &[u8]) -> Option<(usize, usize)> {
    let name = line.iter().take_while(|&&b| FTEXT[usize::from(b)]).count();
    let blanks = line[name..].iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    (name > 0 && line.get(name + blanks) == Some(&b':')).then_some((name, name + blanks + 1))
}

/// `ftext` (RFC 5322 §3.6.8): the bytes of a field name, printable ASCII but `:`.
static FTEXT: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 33;
    while b <= 126 {
        table[b] = b != b':' as usize;
        b += 1;
    }
    table
};

/// Reads the header block of the entity `bytes[range]`; positions are indexes into `bytes`.
/// An mbox `From ` line (or `>From `) before the first field is skipped.
///
/// One pass: each line is searched once, for its end and for what marks a value that may
/// give an event ([`Field::marked`]).
pub(crate) fn parse(bytes: &[u8], range: Range<usize>) -> Header {
    // Room for a usual header at once, rather than growing to it.
    parse_into(bytes, range, Vec::with_capacity(16))
}

/// [`parse`], the fields kept in `fields` (empty; its storage is reused).
pub(crate) fn parse_into(bytes: &[u8], range: Range<usize>, fields: Vec<Field>) -> Header {
    let bytes = &bytes[..range.end];
    let mut header = Header { fields, body: range.end, known: [None; 3] };
    let mut at = range.start;
    while let Some(&first) = bytes.get(at) {
        match first {
            // An empty line ends the header.
            b'\n' => {
                header.body = at + 1;
                return header;
            }
            b'\r' if bytes.get(at + 1) == Some(&b'\n') => {
                header.body = at + 2;
                return header;
            }
            // A continuation line (RFC 5322 §2.2.3), after a field.
            b' ' | b'\t' => {
                let Some(field) = header.fields.last_mut() else {
                    header.body = at;
                    return header;
                };
                let (end, next, marks) = value_line(bytes, at);
                field.value.end = end;
                field.colon |= marks.colon;
                field.encoded_word |= marks.encoded_word;
                field.marked = field.colon || field.encoded_word;
                field.folded = true;
                at = next;
            }
            _ => match field_name(&bytes[at..]) {
                Some((name, after)) => {
                    if let Some(known) = Known::of(&bytes[at..at + name])
                        && header.known[known as usize].is_none()
                    {
                        header.known[known as usize] = Some(header.fields.len() as u32);
                    }
                    let (end, next, marks) = value_line(bytes, at + after);
                    header.fields.push(Field {
                        name: at..at + name,
                        value: at + after..end,
                        marked: marks.colon || marks.encoded_word,
                        colon: marks.colon,
                        encoded_word: marks.encoded_word,
                        folded: false,
                    });
                    at = next;
                }
                None if header.fields.is_empty()
                    && (bytes[at..].starts_with(b"From ") || bytes[at..].starts_with(b">From ")) =>
                {
                    // An mbox separator line left in an encapsulated message.
                    at = line_end(bytes, at).1;
                }
                None => {
                    header.body = at;
                    return header;
                }
            },
        }
    }
    header
}

/// What a line of a field's value holds ([`Field::colon`], [`Field::encoded_word`]).
#[derive(Debug, Clone, Copy, Default)]
struct Marks {
    colon: bool,
    encoded_word: bool,
}

/// The rest of a line of a field's value, from `from` (after the colon, or the start of a
/// continuation line): the index of its line ending (or the end), where the next line starts,
/// and whether it holds a `:` a scheme may end before or an `=?`.
#[inline]
fn value_line(bytes: &[u8], from: usize) -> (usize, usize, Marks) {
    let mut marks = Marks::default();
    let mut k = from;
    while let Some(i) = memchr::memchr3(b'\n', b':', b'=', &bytes[k..]) {
        let j = k + i;
        match bytes[j] {
            b'\n' => {
                // `from` is after a colon or at a blank: the byte before a line feed at `from`
                // is never a carriage return of this line.
                let end = if j > from && bytes[j - 1] == b'\r' { j - 1 } else { j };
                return (end, j + 1, marks);
            }
            b':' => marks.colon |= may_end_a_scheme(bytes, from, j),
            _ => marks.encoded_word |= bytes.get(j + 1) == Some(&b'?'),
        }
        k = j + 1;
    }
    (bytes.len(), bytes.len(), marks)
}

/// Whether a scheme may end right before the `:` at `colon`, in the line of a value from
/// `from` (after the field's colon, or the blank that starts a continuation line): the run of
/// scheme characters before it holds a letter, or a carriage return stops it. Otherwise no
/// text the value is read as gives the colon a scheme (`find::scheme_start` wants a letter in
/// that run): unfolding takes out line endings, and a line feed ends the line while a blank
/// starts the next, so the run is the same; only a carriage return that no line feed follows,
/// taken out too, may join two runs, and then the colon counts. ISO-2022-JP decodes the
/// characters before its escape back to ASCII into no scheme characters, which leaves the run
/// shorter, and an encoded-word marks its value anyway.
#[inline]
fn may_end_a_scheme(bytes: &[u8], from: usize, colon: usize) -> bool {
    let mut i = colon;
    while i > from {
        let b = bytes[i - 1];
        if b.is_ascii_alphabetic() || b == b'\r' {
            return true;
        }
        if !chars::is(b, chars::SCHEME) {
            return false;
        }
        i -= 1;
    }
    false
}

/// The longest encoded-word looked for (RFC 2047 §2 says 75; mailers write longer ones).
const ENCODED_WORD_MAX: usize = 256;

/// A field value (the bytes after the colon) as a reader sees it; positions are indexes into
/// `raw`, which must be shorter than 4 GiB.
///
/// - unfolded: line endings removed, the blanks after them kept (RFC 5322 §2.2.3);
/// - blanks at both ends dropped;
/// - encoded-words `=?charset?B?…?=` and `=?charset?Q?…?=` decoded from their charset
///   (RFC 2047 §4, §5), a language suffix `*lang` ignored (RFC 2231 §5); white space between
///   two adjacent encoded-words dropped (RFC 2047 §6.2); a word that does not decode is kept
///   as it is;
/// - other bytes as they are: raw 8-bit text is UTF-8 (RFC 6532 §3.2), and raw 7-bit text
///   with ISO-2022-JP's escape sequences is ISO-2022-JP, as Japanese mailers wrote headers
///   before RFC 2047 ([`charset::is_unlabelled_iso_2022_jp`]).
pub(crate) fn decode_value(raw: &[u8]) -> Decoded {
    if charset::is_unlabelled_iso_2022_jp(raw) {
        // Encoded-words, line endings and blanks are ASCII, which ISO-2022-JP keeps; the
        // decoded text holds no ESC (the decoder gives none), so this recurses once.
        let jis = charset::decode_with(raw, encoding_rs::ISO_2022_JP);
        return jis.through(decode_value(&jis.text));
    }
    // Most values hold no encoded-word: unfolded and trimmed, each byte stands for itself.
    if !has_encoded_word(raw) {
        return unfolded_trimmed(raw);
    }
    decode_words(raw)
}

/// The text of [`decode_value`] without its map: borrowed from `raw` when that is the text
/// (one line, no encoded-word).
pub(crate) fn value_text(raw: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let trimmed = raw.trim_ascii();
    if memchr::memchr2(b'\r', b'\n', trimmed).is_none() && !has_encoded_word(trimmed) {
        return std::borrow::Cow::Borrowed(trimmed);
    }
    std::borrow::Cow::Owned(decode_value(raw).text)
}

/// [`value_text`] of `field`'s value in `bytes`: what the reading of the header found of the
/// value spares the search for encoded-words and, on one line, for line feeds.
pub(crate) fn field_text<'a>(bytes: &'a [u8], field: &Field) -> std::borrow::Cow<'a, [u8]> {
    let raw = &bytes[field.value.clone()];
    let trimmed = raw.trim_ascii();
    if field.is_as_written(trimmed) {
        return std::borrow::Cow::Borrowed(trimmed);
    }
    std::borrow::Cow::Owned(decode_value(raw).text)
}

/// Whether `raw` holds `=?`, which starts an RFC 2047 encoded-word (§2). A `=` is rare in
/// header values: each one is looked at, rather than building a substring searcher per value.
#[inline]
pub(crate) fn has_encoded_word(raw: &[u8]) -> bool {
    memchr::memchr_iter(b'=', raw).any(|k| raw.get(k + 1) == Some(&b'?'))
}

/// [`decode_value`] of a value without an encoded-word: returns what [`decode_words`] returns
/// for it, without building the text twice.
fn unfolded_trimmed(raw: &[u8]) -> Decoded {
    let (n, lines) = unfolded_lines(raw);
    let mut out = Decoded {
        base: 0,
        text: Vec::with_capacity(n),
        starts: Vec::with_capacity(n),
        ends: Vec::with_capacity(n),
    };
    for line in lines {
        out.push_run(&raw[line.clone()], line.start as u32);
    }
    out
}

/// The text of [`decode_value`] for `raw`, into `out` (emptied first), when the value holds no
/// encoded-word and is not ISO-2022-JP: the value unfolded and trimmed, without its map.
/// `false` (and `out` left as it was) for a value that must be decoded by `decode_value`.
/// The mail reader asks it whether a folded value may give an event before the map is made.
pub(crate) fn unfolded_text_into(raw: &[u8], out: &mut Vec<u8>) -> bool {
    if has_encoded_word(raw) || charset::is_unlabelled_iso_2022_jp(raw) {
        return false;
    }
    out.clear();
    let (n, lines) = unfolded_lines(raw);
    out.reserve(n);
    for line in lines {
        out.extend_from_slice(&raw[line]);
    }
    true
}

/// `raw` trimmed and unfolded: the length of the text, and the ranges of `raw` between its
/// line endings that make it.
#[inline(always)]
fn unfolded_lines(raw: &[u8]) -> (usize, impl Iterator<Item = Range<usize>> + '_) {
    // Trimming the blanks and line endings at the ends of the raw value first leaves the same
    // bytes as trimming the unfolded text (unfolding only removes line endings, which are
    // white space too), and lets the text (and its map) be allocated once, at their size.
    let first = raw.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let last = raw.len() - raw[first..].iter().rev().take_while(|b| b.is_ascii_whitespace()).count();
    let mut at = first;
    let ends = memchr::memchr2_iter(b'\r', b'\n', &raw[first..last]).map(move |k| first + k);
    let lines = ends.chain(core::iter::once(last)).map(move |k| {
        let line = at..k;
        at = k + 1;
        line
    });
    (last - first, lines)
}

/// [`decode_value`], encoded-words and all.
fn decode_words(raw: &[u8]) -> Decoded {
    // Unfolded, trimmed.
    let mut unfolded = Decoded::default();
    for (k, &b) in raw.iter().enumerate() {
        if b != b'\r' && b != b'\n' {
            unfolded.push(b, k as u32, k as u32 + 1);
        }
    }
    let text = &unfolded.text;
    let first = text.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let last = text.len() - text[first..].iter().rev().take_while(|b| b.is_ascii_whitespace()).count();
    let mut out = Decoded::default();
    // Blanks after an encoded-word, held until the next word says whether they are kept.
    let mut held: Option<Range<usize>> = None;
    let mut after_word = false;
    let mut i = first;
    while i < last {
        let b = text[i];
        if b == b' ' || b == b'\t' {
            let run = text[i..last].iter().take_while(|&&c| c == b' ' || c == b'\t').count();
            if after_word {
                held = Some(i..i + run);
            } else {
                out.push_run(&text[i..i + run], i as u32);
            }
            i += run;
            continue;
        }
        if b == b'=' && text.get(i + 1) == Some(&b'?') {
            if let Some((word, len)) = encoded_word(&text[i..last.min(i + ENCODED_WORD_MAX)]) {
                held = None;
                for k in 0..word.text.len() {
                    out.push(word.text[k], i as u32 + word.starts[k], i as u32 + word.ends[k]);
                }
                after_word = true;
                i += len;
                continue;
            }
        }
        if let Some(h) = held.take() {
            out.push_run(&text[h.clone()], h.start as u32);
        }
        after_word = false;
        out.push(b, i as u32, i as u32 + 1);
        i += 1;
    }
    if let Some(h) = held.take() {
        out.push_run(&text[h.clone()], h.start as u32);
    }
    unfolded.through(out)
}

/// The encoded-word that `text` starts with (`=?`): its decoded text, positions into `text`,
/// and its length.
fn encoded_word(text: &[u8]) -> Option<(Decoded, usize)> {
    let q1 = 2 + memchr::memchr(b'?', &text[2..])?;
    let label = &text[2..q1];
    let enc = *text.get(q1 + 1)?;
    if text.get(q1 + 2) != Some(&b'?') || label.is_empty() {
        return None;
    }
    let start = q1 + 3;
    let close = start + memchr::memmem::find(&text[start..], b"?=")?;
    let payload = &text[start..close];
    if payload.iter().any(|b| b.is_ascii_whitespace()) || label.iter().any(|b| b.is_ascii_whitespace()) {
        return None;
    }
    let bytes = match enc {
        b'B' | b'b' => base64::decode(payload),
        b'Q' | b'q' => q_decode(payload),
        _ => return None,
    };
    let label = label.split(|&b| b == b'*').next().unwrap_or(label);
    let decoded = bytes.through(charset::decode(&bytes.text, label));
    let mut word = Decoded::default();
    for k in 0..decoded.text.len() {
        word.push(decoded.text[k], start as u32 + decoded.starts[k], start as u32 + decoded.ends[k]);
    }
    // An encoded-word that decodes to nothing still ends where it ends.
    Some((word, close + 2))
}

/// The `Q` encoding (RFC 2047 §4.2): `_` is a space, `=XX` a byte, anything else itself.
fn q_decode(payload: &[u8]) -> Decoded {
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Decoded::default();
    let mut i = 0;
    while i < payload.len() {
        let b = payload[i];
        match (b, payload.get(i + 1).and_then(|&h| hex(h)), payload.get(i + 2).and_then(|&l| hex(l))) {
            (b'=', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8, i as u32, i as u32 + 3);
                i += 3;
                continue;
            }
            (b'_', ..) => out.push(b' ', i as u32, i as u32 + 1),
            _ => out.push(b, i as u32, i as u32 + 1),
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(raw: &str) -> String {
        String::from_utf8(decode_value(raw.as_bytes()).text).unwrap()
    }

    #[test]
    fn header_blocks() {
        let msg = b"From x@y Mon Jan 1\nSubject: a\r\n b\nX-Empty:\nTo : c\n\nbody";
        let h = parse(msg, 0..msg.len());
        let names: Vec<_> = h.fields.iter().map(|f| &msg[f.name.clone()]).collect();
        assert_eq!(names, [&b"Subject"[..], b"X-Empty", b"To"]);
        assert_eq!(&msg[h.fields[0].value.clone()], b" a\r\n b");
        assert_eq!(&msg[h.body..], b"body");
        assert_eq!(h.get(msg, "to"), Some(&b" c"[..]));
        // A line that is not a field ends the header where it is.
        let msg = b"Subject: a\nthis is text\nX: y\n\n";
        let h = parse(msg, 0..msg.len());
        assert_eq!((h.fields.len(), &msg[h.body..]), (1, &b"this is text\nX: y\n\n"[..]));
        // No empty line: all header.
        let msg = b"A: 1\nB: 2";
        assert_eq!(parse(msg, 0..msg.len()).body, msg.len());
        // Inside a range.
        let msg = b"junk\nA: 1\n\nbody";
        let h = parse(msg, 5..msg.len());
        assert_eq!((h.fields[0].name.clone(), h.body), (5..6, 11));
    }

    /// A field is marked when its value, on any of its lines, holds a `:` that a scheme may
    /// end before or an `=?`, and only then: the walk passes over the others without reading
    /// them again.
    #[test]
    fn fields_are_marked_where_a_colon_or_an_encoded_word_is() {
        let msg = b"A: plain\r\nB: x\r\n see http://a.example/\r\nC: =?utf-8?Q?x?=\nD: a=b? =\r\n ?c\nE:\nF::\r\nG: at 10:26:00, 1+2:3\r\n :x\nH: 1\r2:\nContent-Type : text/plain\nMESSAGE-ID: <1@x>\n\n:body";
        let h = parse(msg, 0..msg.len());
        for f in &h.fields {
            assert_eq!(f.marked, f.colon || f.encoded_word);
        }
        let marked: Vec<_> = h.fields.iter().map(|f| (&msg[f.name.clone()], f.marked)).collect();
        assert_eq!(
            marked,
            [
                (&b"A"[..], false),
                (b"B", true),
                (b"C", true),
                (b"D", false),
                (b"E", false),
                (b"F", false),
                (b"G", false),
                (b"H", true),
                (b"Content-Type", false),
                (b"MESSAGE-ID", false)
            ]
        );
        assert_eq!(&msg[h.fields[1].value.clone()], b" x\r\n see http://a.example/");
        assert_eq!(h.value(msg, Known::ContentType), Some(&b" text/plain"[..]));
        assert_eq!(h.value(msg, Known::MessageId), Some(&b" <1@x>"[..]));
        assert_eq!(h.value(msg, Known::ContentTransferEncoding), None);
        assert_eq!(&msg[h.body..], b":body");
    }

    /// What the reading of a header finds of a value says what a search of the value says: a
    /// value is taken as written exactly when [`value_text`] borrows it.
    #[test]
    fn values_taken_as_written_are_those_value_text_borrows() {
        let msg =
            b"A: plain\r\nB: x\r\n y\r\nC: =?utf-8?Q?x?=\nD: a\rb\nE: c\r\n \r\nF:  \r\nG: d=?\nH: e\r\r\n\n";
        let h = parse(msg, 0..msg.len());
        let taken: Vec<_> = h
            .fields
            .iter()
            .map(|f| {
                let raw = &msg[f.value.clone()];
                let borrowed = matches!(value_text(raw), std::borrow::Cow::Borrowed(_));
                assert_eq!(f.is_as_written(raw.trim_ascii()), borrowed, "{:?}", &msg[f.name.clone()]);
                assert_eq!(field_text(msg, f), value_text(raw));
                (&msg[f.name.clone()], borrowed)
            })
            .collect();
        assert_eq!(
            taken,
            [
                (&b"A"[..], true),
                (b"B", false),
                (b"C", false),
                (b"D", false),
                (b"E", true),
                (b"F", true),
                (b"G", false),
                (b"H", true)
            ]
        );
        let folded: Vec<_> = h.fields.iter().map(|f| f.folded).collect();
        assert_eq!(folded, [false, true, false, false, true, false, false, false]);
    }

    /// A value is plain when it is taken as written and holds no ESC (so is not ISO-2022-JP).
    #[test]
    fn plain_values_are_those_taken_as_written_without_an_escape() {
        let msg = b"A: plain\nB: \x1b[1mx\x1b[0m\nC: \x1b$B7oL>\x1b(B:\nD: x\r\n y\nE: a\rb\nF: c\r\n \r\nG: =?a?Q?b?=\n\n";
        let h = parse(msg, 0..msg.len());
        let plain: Vec<_> = h
            .fields
            .iter()
            .map(|f| {
                let trimmed = msg[f.value.clone()].trim_ascii();
                assert_eq!(f.is_plain(trimmed), f.is_as_written(trimmed) && !trimmed.contains(&0x1b));
                (&msg[f.name.clone()], f.is_plain(trimmed))
            })
            .collect();
        assert_eq!(
            plain,
            [
                (&b"A"[..], true),
                (b"B", false),
                (b"C", false),
                (b"D", false),
                (b"E", false),
                (b"F", true),
                (b"G", false)
            ]
        );
    }

    #[test]
    fn values_are_unfolded_and_trimmed() {
        assert_eq!(value(" Re: see\r\n http://a.example/x \r\n"), "Re: see http://a.example/x");
        assert_eq!(value(" caf\u{e9} http://\u{e9}.example/"), "caf\u{e9} http://\u{e9}.example/");
    }

    /// `unfolded_text_into` gives `decode_value`'s text wherever it gives one, and gives none
    /// where the value must be decoded (an encoded-word, ISO-2022-JP): over seeded values of
    /// folds, blanks, colons, encoded-words and escapes.
    #[test]
    fn unfolded_text_is_the_decoded_text() {
        let alphabet: &[&[u8]] = &[
            b"\r\n ",
            b"\n\t",
            b"\r",
            b"\n",
            b" ",
            b"\t",
            b"http:",
            b"//a.example/",
            b"Re:",
            b"10:26",
            b"=?utf-8?Q?x=3A?=",
            b"=?",
            b"?=",
            b"=",
            b"\x1b$B",
            b"\x1b(B",
            b"caf\xc3\xa9",
            b"x",
        ];
        let mut rng = crate::delimit::Xorshift(0x0f01_d5ed);
        let (mut raw, mut out, mut given) = (Vec::new(), vec![b'?'], 0);
        for _ in 0..20_000 {
            raw.clear();
            rng.pieces(alphabet, 12, &mut raw);
            let before = out.clone();
            if unfolded_text_into(&raw, &mut out) {
                given += 1;
                assert_eq!(out, decode_value(&raw).text, "{:?}", String::from_utf8_lossy(&raw));
            } else {
                assert_eq!(out, before);
                assert!(has_encoded_word(&raw) || charset::is_unlabelled_iso_2022_jp(&raw));
            }
        }
        // Both answers were met.
        assert!((5_000..15_000).contains(&given), "{given}");
    }

    #[test]
    fn rfc_2047_examples() {
        // RFC 2047 §8.
        assert_eq!(value("(=?ISO-8859-1?Q?a?=)"), "(a)");
        assert_eq!(value("(=?ISO-8859-1?Q?a?= b)"), "(a b)");
        assert_eq!(value("(=?ISO-8859-1?Q?a?= =?ISO-8859-1?Q?b?=)"), "(ab)");
        assert_eq!(value("(=?ISO-8859-1?Q?a?=  =?ISO-8859-1?Q?b?=)"), "(ab)");
        assert_eq!(value("(=?ISO-8859-1?Q?a?=\r\n    =?ISO-8859-1?Q?b?=)"), "(ab)");
        assert_eq!(value("(=?ISO-8859-1?Q?a_b?=)"), "(a b)");
        assert_eq!(value("(=?ISO-8859-1?Q?a?= =?ISO-8859-2?Q?_b?=)"), "(a b)");
        assert_eq!(value("=?US-ASCII?Q?Keith_Moore?= <moore@cs.utk.edu>"), "Keith Moore <moore@cs.utk.edu>");
        assert_eq!(value("=?ISO-8859-1?Q?Andr=E9?= Pirard"), "Andr\u{e9} Pirard");
        assert_eq!(
            value(
                "=?ISO-8859-1?B?SWYgeW91IGNhbiByZWFkIHRoaXMgeW8=?=\r\n =?ISO-8859-2?B?dSB1bmRlcnN0YW5kIHRoZSBleGFtcGxlLg==?="
            ),
            "If you can read this you understand the example."
        );
        // RFC 2231 §5: a language after the charset.
        assert_eq!(value("=?US-ASCII*EN?Q?Keith_Moore?="), "Keith Moore");
    }

    #[test]
    fn encoded_words_with_urls_and_broken_words() {
        assert_eq!(value("=?utf-8?B?aHR0cDovL2V4YW1wbGUuY29tLw==?= x"), "http://example.com/ x");
        assert_eq!(
            value("=?utf-8?Q?see_http://a.example/?= =?iso-2022-jp?B?GyRCRnxLXBsoQg==?="),
            "see http://a.example/日本"
        );
        // Not encoded-words: kept as they are, with the blanks around them.
        assert_eq!(value("=?utf-8?X?abc?= =?utf-8?Q?a b?= =?x"), "=?utf-8?X?abc?= =?utf-8?Q?a b?= =?x");
        assert_eq!(value("a =?utf-8?Q?b?= c"), "a b c");
    }

    #[test]
    fn positions_point_at_the_source() {
        let raw = b" =?utf-8?Q?a=3Db?=\r\n c";
        let d = decode_value(raw);
        assert_eq!(d.text, b"a=b c");
        assert_eq!((d.starts[1], d.ends[1]), (12, 15));
        assert_eq!((d.starts[3], d.ends[3]), (20, 21), "the blank after the fold");
        assert_eq!((d.starts[4], d.ends[4]), (21, 22));
    }

    /// The shortcut for values without an encoded-word gives what the general path gives.
    #[test]
    fn values_without_encoded_words_take_the_shortcut_exactly() {
        for value in [
            &b" plain value\r\n"[..],
            b"\t<http://a.example/>,\r\n <mailto:b@example.org>\r\n",
            b"",
            b" \r\n ",
            b"a\n\tb\rc  ",
            b"x=y?z",
            b"\r\n\r\n",
            b" \x0c a \r\n\t b \x0c\r\n \t",
            b"\n\n\tfolded first\r\n",
            b"last fold\r\n \r\n",
            b"\xff\xfe 8-bit \r\n\xe2\x80\x83",
        ] {
            assert_eq!(unfolded_trimmed(value), decode_words(value), "{value:?}");
        }
    }
}
