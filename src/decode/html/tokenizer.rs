//! The tokenizer (WHATWG HTML §13.2.5) for the subset that decides links and visible text:
//! tags and their attributes (§13.2.5.6 to .8, .32 to .40), comments and bogus comments
//! (§13.2.5.41 to .52), the content of the raw-text and escapable raw-text elements up to
//! their end tag (read as RAWTEXT and RCDATA, §13.2.5.2 and .3), and `plaintext` (§13.2.5.5).
//! The text of an `a` element is gathered for its links as the tags are read.

use super::reference::char_ref;
use super::url::{has_scheme, resolve, url_value};
use super::{Item, LINK_TEXT_MAX, Link, Links};
use crate::decode::{Decoded, Pending};

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

/// Tokenizes `html` (UTF-8, or bytes ASCII-compatible) into its links and visible text runs,
/// as a mail's HTML part (its base reported, no document URI). Linear in the length of `html`,
/// which must be shorter than 4 GiB.
#[cfg(test)]
pub(crate) fn parse(html: &[u8]) -> Vec<Item> {
    let links = Links { resolve: super::tests::resolve, document: None, report_base: true };
    parse_with(html, &|_| true, links)
}

/// Tokenizes `html` (UTF-8, or bytes ASCII-compatible) into its links, taken as `links` says,
/// and the visible text runs whose text `keep` wants (the others are dropped as they end,
/// their storage reused for the next). Linear in the length of `html`, which must be shorter
/// than 4 GiB.
pub(crate) fn parse_with(html: &[u8], keep: &dyn Fn(&[u8]) -> bool, links: Links<'_>) -> Vec<Item> {
    // Room for what a usual part holds at once, rather than growing to it.
    let mut t = Tokenizer {
        html,
        items: Vec::with_capacity(16),
        run: Pending::with_capacity(256, 32),
        tag: String::new(),
        base: None,
        anchor: None,
        keep,
        links,
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
    links: Links<'a>,
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
            if name == "base" && *attr == "href" {
                if self.base.is_none() {
                    self.base = Some(String::from_utf8_lossy(&value.text).into_owned());
                }
                if !self.links.report_base {
                    continue;
                }
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
                resolved: false,
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
        let Links { resolve: resolver, document, .. } = self.links;
        // WHATWG HTML §2.4.1: the first `<base href>` resolved against the document's URI,
        // or that URI when there is none or it does not resolve.
        let base = match (self.base, document) {
            (Some(base), _) if has_scheme(base.as_bytes()) => Some(base),
            (Some(base), Some(document)) => resolver(document, &base).or_else(|| Some(document.to_owned())),
            (Some(_), None) => None,
            (None, document) => document.map(str::to_owned),
        };
        self.items
            .into_iter()
            .filter_map(|item| match item {
                Item::Link(mut link) => {
                    (link.value, link.resolved) = resolve(link.value, base.as_deref(), resolver)?;
                    Some(Item::Link(link))
                }
                text => Some(text),
            })
            .collect()
    }
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
