//! HTML mail parts as a browser reads them: the links of `href`, `src` and `action`
//! attributes, and the visible text (WHATWG HTML §13.2.5, the tokenizer, for the subset that
//! decides those).
//!
//! A small tokenizer written for this: tags and their attributes, comments, `<!…>` and `<?…>`
//! (bogus comments), the raw-text elements whose content is not markup (`script`, `style`,
//! `xmp`, `iframe`, `noembed`, `noframes`) and the escapable raw-text ones (`title`,
//! `textarea`), and character references with the full named-entity table (from the `htmlize`
//! crate, generated from the WHATWG `entities.json`). The crates that tokenize HTML whole
//! (html5gum, html5ever) report decoded attribute values without the source offset of each
//! decoded byte, which the map needs.
//!
//! - Attribute values: character references decoded with the attribute rule (§13.2.5.73: a
//!   named reference without `;` followed by `=` or an alphanumeric stays literal); then, as
//!   the URL parser takes them, TAB, LF and CR removed and leading and trailing C0 controls and
//!   spaces stripped. A value with a scheme is reported as it is; a relative one is resolved
//!   against the first `<base href>` of the document when it has one (RFC 3986 §5.2), and is
//!   not reported otherwise. `cid:`, `mid:`, `data:` and `javascript:` values are not reported.
//! - Visible text: what is outside tags, comments, `script`, `style` and `title` (and the other
//!   raw-text elements), with character references decoded; each tag ends a text run.

use htmlize::{ENTITIES, ENTITY_MAX_LENGTH};

use super::{Decoded, Pending};

/// What the tokenizer found, in document order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Item {
    /// A run of visible text between tags; positions are indexes into the HTML.
    Text(Decoded),
    /// A link: an `href`, `src` or `action` attribute.
    Link(Link),
}

/// A link taken from an attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Link {
    /// The attribute's name, in lower case.
    pub(crate) name: String,
    /// The element's name, in lower case.
    pub(crate) element: String,
    /// The value as a browser takes it: absolute, or resolved against the document's base.
    /// A resolved value maps each byte to the whole value in the source.
    pub(crate) value: Decoded,
    /// The visible text of the `a` element it belongs to, white space collapsed (at most
    /// [`LINK_TEXT_MAX`] bytes).
    pub(crate) link_text: Option<String>,
}

/// How much of a link's text is kept.
pub(crate) const LINK_TEXT_MAX: usize = 1024;

/// The attributes whose values are links.
const LINK_ATTRIBUTES: [&str; 3] = ["href", "src", "action"];

/// Elements whose content is text up to their end tag (§13.2.5: RAWTEXT, RCDATA), and whether
/// that text is visible and has character references.
fn raw_text(element: &str) -> Option<bool> {
    match element {
        "script" | "style" | "xmp" | "iframe" | "noembed" | "noframes" | "title" => Some(false),
        "textarea" => Some(true),
        _ => None,
    }
}

/// Tokenizes `html` (UTF-8, or bytes ASCII-compatible) into its links and visible text runs.
/// Linear in the length of `html`, which must be shorter than 4 GiB.
#[cfg(test)]
pub(crate) fn parse(html: &[u8]) -> Vec<Item> {
    parse_with(html, &|_| true)
}

/// Tokenizes `html` (UTF-8, or bytes ASCII-compatible) into its links and the visible text
/// runs whose text `keep` wants (the others are dropped as they end, their storage reused for
/// the next). Linear in the length of `html`, which must be shorter than 4 GiB.
pub(crate) fn parse_with(html: &[u8], keep: &dyn Fn(&[u8]) -> bool) -> Vec<Item> {
    // Room for what a usual part holds at once, rather than growing to it.
    let mut t = Tokenizer {
        html,
        items: Vec::with_capacity(16),
        run: Pending::with_capacity(256, 32),
        tag: String::new(),
        base: None,
        anchor: None,
        keep,
    };
    t.run();
    t.finish()
}

struct Tokenizer<'a> {
    html: &'a [u8],
    items: Vec<Item>,
    /// The text run being read.
    run: Pending,
    /// The name of the start tag being read, in lower case (its storage reused).
    tag: String,
    /// The value of the first `<base href>`.
    base: Option<String>,
    /// The open `a` element: the indexes of its links in `items`, and its text so far.
    anchor: Option<(Vec<usize>, String)>,
    /// Which text runs are given.
    keep: &'a dyn Fn(&[u8]) -> bool,
}

impl Tokenizer<'_> {
    fn run(&mut self) {
        let html = self.html;
        let mut i = 0;
        while i < html.len() {
            let Some(k) = memchr::memchr2(b'<', b'&', &html[i..]) else {
                self.text(&html[i..], i);
                break;
            };
            self.text(&html[i..i + k], i);
            i += k;
            if html[i] == b'&' {
                i = self.reference(i);
                continue;
            }
            let next = html.get(i + 1).copied();
            match next {
                Some(c) if c.is_ascii_alphabetic() => {
                    self.end_run();
                    i = self.start_tag(i + 1);
                }
                Some(b'/') if html.get(i + 2).is_some_and(u8::is_ascii_alphabetic) => {
                    self.end_run();
                    let (name, end) = self.end_tag(i + 2);
                    if html[name].eq_ignore_ascii_case(b"a") {
                        self.close_anchor();
                    }
                    i = end;
                }
                Some(b'!') if html[i + 2..].starts_with(b"--") => {
                    self.end_run();
                    // `<!-->` and `<!--->` close at once (§13.2.5.43, .44).
                    let body = i + 4;
                    let rest = &html[body.min(html.len())..];
                    i = if rest.starts_with(b">") {
                        body + 1
                    } else if rest.starts_with(b"->") {
                        body + 2
                    } else {
                        memchr::memmem::find(rest, b"-->").map_or(html.len(), |k| body + k + 3)
                    };
                }
                Some(b'!' | b'?' | b'/') => {
                    self.end_run();
                    i = memchr::memchr(b'>', &html[i..]).map_or(html.len(), |k| i + k + 1);
                }
                _ => {
                    self.run.push_run(b"<", i as u32);
                    i += 1;
                }
            }
        }
        self.end_run();
        self.close_anchor();
    }

    /// Adds visible text that stands for itself.
    fn text(&mut self, bytes: &[u8], at: usize) {
        self.run.push_run(bytes, at as u32);
        if let Some((_, text)) = &mut self.anchor {
            add_link_text(text, bytes);
        }
    }

    /// Ends the text run being read.
    fn end_run(&mut self) {
        if self.run.text.iter().all(u8::is_ascii_whitespace) || !(self.keep)(&self.run.text) {
            self.run.clear();
            return;
        }
        let run = self.run.take();
        self.items.push(Item::Text(run));
    }

    fn close_anchor(&mut self) {
        if let Some((links, text)) = self.anchor.take()
            && !links.is_empty()
        {
            // The words, one space between each two.
            let mut joined = String::with_capacity(text.len());
            for word in text.split_ascii_whitespace() {
                if !joined.is_empty() {
                    joined.push(' ');
                }
                joined.push_str(word);
            }
            for k in links {
                if let Item::Link(link) = &mut self.items[k] {
                    link.link_text = Some(joined.clone());
                }
            }
        }
    }

    /// Decodes the character reference in text at `at` (an `&`) into the text run; returns
    /// where the text goes on.
    fn reference(&mut self, at: usize) -> usize {
        let (bytes, len) = char_ref(self.html, at, false).unwrap_or_else(|| (b"&".to_vec(), 1));
        self.run.push_all(&bytes, at as u32, (at + len) as u32);
        if let Some((_, text)) = &mut self.anchor {
            add_link_text(text, &bytes);
        }
        at + len
    }

    /// Reads the start tag whose name starts at `from`; returns where the text goes on.
    fn start_tag(&mut self, from: usize) -> usize {
        let mut name = std::mem::take(&mut self.tag);
        let end = self.start_tag_named(from, &mut name);
        self.tag = name;
        end
    }

    /// [`Tokenizer::start_tag`], its name read into `name`.
    fn start_tag_named(&mut self, from: usize, name: &mut String) -> usize {
        let html = self.html;
        let name_end =
            from + html[from..].iter().take_while(|&&b| !is_tag_space(b) && b != b'/' && b != b'>').count();
        name.clear();
        name.push_str(&String::from_utf8_lossy(&html[from..name_end]));
        name.make_ascii_lowercase();
        let name = &*name;
        if name == "a" {
            self.close_anchor();
            self.anchor = Some((Vec::new(), String::new()));
        }
        // Which link attributes the tag had already: only theirs repeats matter here.
        let mut seen = [false; LINK_ATTRIBUTES.len()];
        let mut i = name_end;
        loop {
            while html.get(i).is_some_and(|&b| is_tag_space(b) || b == b'/') {
                i += 1;
            }
            match html.get(i) {
                None => return html.len(),
                Some(b'>') => {
                    i += 1;
                    break;
                }
                _ => {}
            }
            let attr_start = i;
            i += 1; // The first character may be `=` (§13.2.5.32).
            while html.get(i).is_some_and(|&b| !is_tag_space(b) && !matches!(b, b'/' | b'>' | b'=')) {
                i += 1;
            }
            let attr = &html[attr_start..i];
            let link = LINK_ATTRIBUTES.iter().position(|a| a.as_bytes().eq_ignore_ascii_case(attr));
            let mut j = i;
            while html.get(j).is_some_and(|&b| is_tag_space(b)) {
                j += 1;
            }
            let mut value = None;
            if html.get(j) == Some(&b'=') {
                j += 1;
                while html.get(j).is_some_and(|&b| is_tag_space(b)) {
                    j += 1;
                }
                // Only a link attribute's value is decoded; another's is skipped (a character
                // reference never holds a quote, a blank or `>`, so it ends where it would).
                if link.is_some() {
                    let (v, end) = self.attribute_value(j);
                    value = Some(v);
                    i = end;
                } else {
                    i = skip_attribute_value(html, j);
                }
            }
            if i >= html.len() {
                return html.len();
            }
            let Some(k) = link else { continue };
            // A repeated attribute is dropped (§13.2.5.33).
            if std::mem::replace(&mut seen[k], true) {
                continue;
            }
            let Some(value) = value else { continue };
            let attr = &LINK_ATTRIBUTES[k];
            let value = url_value(value);
            if name == "base" && *attr == "href" && self.base.is_none() {
                self.base = Some(String::from_utf8_lossy(&value.text).into_owned());
            }
            if let Some((links, _)) = &mut self.anchor
                && name == "a"
            {
                links.push(self.items.len());
            }
            self.items.push(Item::Link(Link {
                name: (*attr).to_owned(),
                element: name.to_owned(),
                value,
                link_text: None,
            }));
        }
        match raw_text(name) {
            Some(visible) => self.raw_text(i, name, visible),
            None if name == "plaintext" => {
                self.text(&html[i..], i);
                html.len()
            }
            None => i,
        }
    }

    /// The attribute value starting at `at`, character references decoded; and where the tag
    /// goes on.
    fn attribute_value(&mut self, at: usize) -> (Decoded, usize) {
        let html = self.html;
        let mut value = Decoded::default();
        let (quote, mut i) = match html.get(at) {
            Some(&q @ (b'"' | b'\'')) => (Some(q), at + 1),
            _ => (None, at),
        };
        while let Some(&b) = html.get(i) {
            // A quoted value's run of bytes that stand for themselves, at once.
            if let Some(q) = quote {
                let run = memchr::memchr2(q, b'&', &html[i..]).unwrap_or(html.len() - i);
                if run > 0 {
                    value.push_run(&html[i..i + run], i as u32);
                    i += run;
                    continue;
                }
            }
            match (quote, b) {
                (Some(q), _) if b == q => return (value, i + 1),
                (None, _) if is_tag_space(b) || b == b'>' => return (value, i),
                (_, b'&') => {
                    let end = match char_ref(html, i, true) {
                        Some((bytes, len)) => {
                            value.push_all(&bytes, i as u32, (i + len) as u32);
                            i + len
                        }
                        None => {
                            value.push(b'&', i as u32, i as u32 + 1);
                            i + 1
                        }
                    };
                    i = end;
                }
                _ => {
                    value.push(b, i as u32, i as u32 + 1);
                    i += 1;
                }
            }
        }
        (value, html.len())
    }

    /// Skips the content of raw-text element `name` from `at` to its end tag (visible text when
    /// `visible`); returns where the text goes on after the end tag.
    fn raw_text(&mut self, at: usize, name: &str, visible: bool) -> usize {
        let html = self.html;
        let end = memchr::memchr_iter(b'<', &html[at..])
            .map(|k| at + k)
            .find(|&k| {
                let rest = &html[k..];
                rest.get(1) == Some(&b'/')
                    && rest.len() >= 2 + name.len()
                    && rest[2..2 + name.len()].eq_ignore_ascii_case(name.as_bytes())
                    && rest.get(2 + name.len()).is_none_or(|&b| is_tag_space(b) || b == b'/' || b == b'>')
            })
            .unwrap_or(html.len());
        if visible {
            let mut i = at;
            while i < end {
                let k = memchr::memchr(b'&', &html[i..end]).map_or(end, |k| i + k);
                self.text(&html[i..k], i);
                i = if k < end { self.reference(k) } else { end };
            }
            self.end_run();
        }
        if end == html.len() {
            return end;
        }
        self.end_tag(end + 2).1
    }

    /// Reads an end tag whose name starts at `from`: where its name lies and where the text
    /// goes on.
    fn end_tag(&self, from: usize) -> (core::ops::Range<usize>, usize) {
        let html = self.html;
        let name_end =
            from + html[from..].iter().take_while(|&&b| !is_tag_space(b) && b != b'/' && b != b'>').count();
        let name = from..name_end;
        // Attributes of an end tag are read and dropped; quoted values may hold `>`.
        let (mut i, mut quote) = (name_end, None);
        while let Some(&b) = html.get(i) {
            i += 1;
            match quote {
                Some(q) if b == q => quote = None,
                Some(_) => {}
                None if b == b'>' => return (name, i),
                None if (b == b'"' || b == b'\'') && i >= 2 && html[i - 2] == b'=' => quote = Some(b),
                None => {}
            }
        }
        (name, html.len())
    }

    /// The items, with relative links resolved against the base and links not reported
    /// dropped.
    fn finish(self) -> Vec<Item> {
        let base = self.base.filter(|b| has_scheme(b.as_bytes()));
        self.items
            .into_iter()
            .filter_map(|item| match item {
                Item::Link(mut link) => {
                    link.value = resolve(link.value, base.as_deref())?;
                    Some(Item::Link(link))
                }
                text => Some(text),
            })
            .collect()
    }
}

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

/// Where an attribute value starting at `at` ends, as [`Tokenizer::attribute_value`] reads it:
/// after its closing quote, or at the blank or `>` after an unquoted one (the end of `html` when
/// there is none).
fn skip_attribute_value(html: &[u8], at: usize) -> usize {
    match html.get(at) {
        Some(&q @ (b'"' | b'\'')) => {
            memchr::memchr(q, &html[at + 1..]).map_or(html.len(), |k| at + 1 + k + 1)
        }
        _ => html[at..].iter().position(|&b| is_tag_space(b) || b == b'>').map_or(html.len(), |k| at + k),
    }
}

fn is_tag_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0c | b'\r' | b' ')
}

fn add_link_text(text: &mut String, bytes: &[u8]) {
    if text.len() < LINK_TEXT_MAX {
        let room = LINK_TEXT_MAX - text.len();
        text.push_str(&String::from_utf8_lossy(&bytes[..bytes.len().min(room)]));
    }
}

/// An attribute value as the URL parser takes it: TAB, LF and CR removed, leading and trailing
/// C0 controls and spaces stripped (WHATWG URL, basic URL parser, first steps).
fn url_value(value: Decoded) -> Decoded {
    let taken = |b: &u8| *b > b' ';
    if value.text.first().is_none_or(taken)
        && value.text.last().is_none_or(taken)
        && memchr::memchr3(b'\t', b'\n', b'\r', &value.text).is_none()
    {
        return value;
    }
    let keep: Vec<usize> =
        (0..value.text.len()).filter(|&k| !matches!(value.text[k], b'\t' | b'\n' | b'\r')).collect();
    let first = keep.iter().position(|&k| value.text[k] > b' ').unwrap_or(keep.len());
    let last = keep.iter().rposition(|&k| value.text[k] > b' ').map_or(first, |p| p + 1);
    let mut out = Decoded::default();
    for &k in &keep[first..last] {
        out.push(value.text[k], value.starts[k], value.ends[k]);
    }
    out
}

/// Whether `value` starts with a scheme and `:` (RFC 3986 §3.1).
fn has_scheme(value: &[u8]) -> bool {
    let Some(colon) = memchr::memchr(b':', value) else { return false };
    value[0].is_ascii_alphabetic()
        && value[1..colon].iter().all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// The link a value stands for, or `None` when it is not reported.
fn resolve(value: Decoded, base: Option<&str>) -> Option<Decoded> {
    if value.text.is_empty() {
        return None;
    }
    let absolute = has_scheme(&value.text);
    let scheme_of = |v: &[u8]| v[..memchr::memchr(b':', v).unwrap_or(0)].to_ascii_lowercase();
    let not_reported = |v: &[u8]| matches!(&scheme_of(v)[..], b"cid" | b"mid" | b"data" | b"javascript");
    if absolute {
        return (!not_reported(&value.text)).then_some(value);
    }
    let target = crate::uri::resolve(base?, std::str::from_utf8(&value.text).ok()?).ok()?;
    if not_reported(target.as_bytes()) {
        return None;
    }
    let (from, to) = (value.starts[0], *value.ends.last()?);
    let mut out = Decoded::default();
    out.push_all(target.as_bytes(), from, to);
    Some(out)
}

/// The character reference at `at` (an `&`): its characters and its length in the source, or
/// `None` when it is not one and the `&` stands for itself (§13.2.5.72 to .80).
pub(crate) fn char_ref(s: &[u8], at: usize, in_attribute: bool) -> Option<(Vec<u8>, usize)> {
    let rest = &s[at..];
    if rest.get(1) == Some(&b'#') {
        let hex = matches!(rest.get(2), Some(b'x' | b'X'));
        let digits_at = if hex { 3 } else { 2 };
        let digits = rest[digits_at.min(rest.len())..]
            .iter()
            .take_while(|b| if hex { b.is_ascii_hexdigit() } else { b.is_ascii_digit() })
            .count();
        if digits == 0 {
            return None;
        }
        let radix = if hex { 16 } else { 10 };
        let value = rest[digits_at..digits_at + digits].iter().fold(0u32, |v, &b| {
            v.saturating_mul(radix).saturating_add((b as char).to_digit(radix).unwrap_or(0))
        });
        let mut len = digits_at + digits;
        if rest.get(len) == Some(&b';') {
            len += 1;
        }
        let c = numeric(value);
        return Some((c.encode_utf8(&mut [0; 4]).as_bytes().to_vec(), len));
    }
    // The longest name in the table that the text starts with.
    let most = rest.len().min(ENTITY_MAX_LENGTH);
    let name_len = 1 + rest[1..most].iter().take_while(|b| b.is_ascii_alphanumeric()).count();
    let with_semicolon = usize::from(rest.get(name_len) == Some(&b';') && name_len < most);
    let (len, expansion) = (2..=name_len + with_semicolon)
        .rev()
        .find_map(|len| ENTITIES.get(&rest[..len]).map(|e| (len, *e)))?;
    if in_attribute
        && rest[len - 1] != b';'
        && rest.get(len).is_some_and(|&b| b == b'=' || b.is_ascii_alphanumeric())
    {
        return None;
    }
    Some((expansion.to_vec(), len))
}

/// The character a numeric reference stands for (§13.2.5.80): U+FFFD for zero, surrogates and
/// values past U+10FFFF; the C1 controls as windows-1252 reads them.
fn numeric(value: u32) -> char {
    const C1: [u16; 32] = [
        0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
        0x8d, 0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122,
        0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
    ];
    match value {
        0 => '\u{fffd}',
        0x80..=0x9f => char::from_u32(u32::from(C1[value as usize - 0x80])).unwrap_or('\u{fffd}'),
        v => char::from_u32(v).unwrap_or('\u{fffd}'),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type LinkParts = (String, String, String, Option<String>);

    fn links(html: &str) -> Vec<LinkParts> {
        parse(html.as_bytes())
            .into_iter()
            .filter_map(|item| match item {
                Item::Link(l) => {
                    Some((l.element, l.name, String::from_utf8(l.value.text).unwrap(), l.link_text))
                }
                Item::Text(_) => None,
            })
            .collect()
    }

    fn texts(html: &str) -> Vec<String> {
        parse(html.as_bytes())
            .into_iter()
            .filter_map(|item| match item {
                Item::Text(t) => Some(String::from_utf8(t.text).unwrap()),
                Item::Link(_) => None,
            })
            .collect()
    }

    fn values(html: &str) -> Vec<String> {
        links(html).into_iter().map(|l| l.2).collect()
    }

    #[test]
    fn link_attributes_of_any_element() {
        let got = links(
            "<A HREF=\"http://a.example/x\">the <b>site</b></a><img src='http://b.example/i.png'>\
             <form action=http://c.example/f method=post><iframe src=\"https://d.example/\"></iframe>",
        );
        let link =
            |e: &str, n: &str, v: &str, t: Option<&str>| (e.into(), n.into(), v.into(), t.map(Into::into));
        assert_eq!(
            got,
            [
                link("a", "href", "http://a.example/x", Some("the site")),
                link("img", "src", "http://b.example/i.png", None),
                link("form", "action", "http://c.example/f", None),
                link("iframe", "src", "https://d.example/", None),
            ]
        );
    }

    #[test]
    fn character_references_in_attributes() {
        assert_eq!(values("<a href=\"http://a/?x=1&amp;y=2&#38;z=3&#x26;w\">"), ["http://a/?x=1&y=2&z=3&w"]);
        // A legacy name without `;` before `=` or an alphanumeric stays literal in attributes.
        assert_eq!(values("<a href=\"http://a/?x=1&copy=2&not3&amp\">"), ["http://a/?x=1&copy=2&not3&"]);
        assert_eq!(values("<a href=\"http://a/?&copy;=1&lt-\">"), ["http://a/?\u{a9}=1<-"]);
        // Numeric references: C1 as windows-1252, zero and out of range as U+FFFD.
        assert_eq!(
            values("<a href=\"http://a/&#x80;&#0;&#x110000;\">"),
            ["http://a/\u{20ac}\u{fffd}\u{fffd}"]
        );
    }

    #[test]
    fn character_references_in_text() {
        // In text a legacy name without `;` is decoded wherever it stands: the longest match.
        assert_eq!(texts("&notit; &copy2 &amp;&ampx &bogus; &#x41"), ["\u{ac}it; \u{a9}2 &&x &bogus; A"]);
    }

    #[test]
    fn values_are_taken_as_the_url_parser_takes_them() {
        assert_eq!(values("<a href=\"  http://a/b\n c\t \">"), ["http://a/b c"]);
        assert_eq!(values("<a href=\"&#10;http://a/&#9;x\">"), ["http://a/x"]);
    }

    #[test]
    fn relative_values_need_a_base() {
        assert!(values("<a href=\"/x\"><a href=\"y.html\"><a href=\"//h/z\">").is_empty());
        assert_eq!(
            values("<a href=\"../y\">a</a><base href=\"http://h.example/d/e/\"><img src=\"//i.example/p\">"),
            ["http://h.example/d/y", "http://h.example/d/e/", "http://i.example/p"]
        );
        // A relative base is no base.
        assert!(values("<base href=\"/d/\"><a href=\"y\">").is_empty());
    }

    #[test]
    fn schemes_not_reported() {
        let html = "<img src=\"cid:part1@x\"><a href=\"MID:abc\"><img src=\"data:image/png;base64,AAA\">\
                    <a href=\" javascript:go('http://a/')\"><a href=\"mailto:x@y.example\">";
        assert_eq!(values(html), ["mailto:x@y.example"]);
    }

    #[test]
    fn visible_text_runs() {
        let html = "<html><head><title>http://title/</title><style>a{background:url(http://style/)}</style>\
            <script>var u = \"</a>http://script/\";</script></head><body>Go to http://a.example/&amp;x\
            <!-- http://comment/ --><p>then&nbsp;http://b.example/<br>&lt;http://c/&gt; <textarea>&amp;t</textarea>";
        assert_eq!(
            texts(html),
            ["Go to http://a.example/&x", "then\u{a0}http://b.example/", "<http://c/> ", "&t"]
        );
    }

    #[test]
    fn positions_point_at_the_source() {
        let items = parse(b"<p>a&amp;b</p>");
        let Item::Text(t) = &items[0] else { panic!("{items:?}") };
        assert_eq!(t.text, b"a&b");
        assert_eq!(t.starts, [3, 4, 9]);
        assert_eq!(t.ends, [4, 9, 10]);
        let items = parse(b"<a href=\"http://x/&amp;\">");
        let Item::Link(l) = &items[0] else { panic!("{items:?}") };
        assert_eq!((l.value.starts[9], l.value.ends[9]), (18, 23));
    }

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

    #[test]
    fn repeated_attributes_count_once() {
        assert_eq!(
            values("<a href=\"http://first/\" HREF=\"http://second/\" src=http://s/>"),
            ["http://first/", "http://s/"]
        );
        // A bare first `href` still takes the name.
        assert!(values("<a href href=\"http://second/\">").is_empty());
    }

    /// A tag with a hundred thousand attributes is read in one pass (each attribute was once
    /// compared with all those before it).
    #[test]
    fn a_tag_with_many_attributes() {
        let mut html = "<a".to_owned();
        for k in 0..100_000 {
            html.push_str(&format!(" a{k}=1"));
        }
        html.push_str(" href=\"http://x/\">");
        assert_eq!(values(&html), ["http://x/"]);
    }

    #[test]
    fn broken_markup_does_not_lose_the_rest() {
        // Unclosed comments and raw text end at the end of the input; a stray `<` is text.
        assert_eq!(texts("a < b <3 http://x/"), ["a < b <3 http://x/"]);
        assert!(texts("<!-- never closed http://x/").is_empty());
        assert!(texts("<script>http://x/").is_empty());
        assert_eq!(texts("<!---->x<!-->y"), ["x", "y"]);
        assert_eq!(texts("</b x=\">\">z"), ["z"]);
        // A tag cut by the end of the input is dropped (§13.2.5: EOF in a tag).
        assert!(values("<a href=\"http://x/").is_empty());
    }
}
