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
//!   (RFC 3986 §5.2) against the document's base, and is not reported when it has none: the
//!   first `<base href>` when it is absolute, or, given the document's own URI
//!   ([`Links::document`]), that `<base href>` resolved against it, else the document's URI
//!   (WHATWG HTML §2.4.1, the document base URL). `cid:`, `mid:`, `data:` and `javascript:`
//!   values are not reported, nor `<base href>` itself unless [`Links::report_base`].
//! - Visible text: what is outside tags, comments, `script`, `style` and `title` (and the other
//!   raw-text elements), with character references decoded; each tag ends a text run.
//!
//! The parts: [`tokenizer`] reads the document; [`reference`](mod@reference) decodes
//! character references; [`url`] takes an attribute value as the URL parser does and resolves
//! it; [`prescan`] finds the charset a document declares.

mod prescan;
mod reference;
mod tokenizer;
mod url;

pub(crate) use prescan::meta_charset;
pub(crate) use tokenizer::parse_with;

use super::Decoded;

/// What the tokenizer found, in document order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Item {
    /// A run of visible text between tags; positions are indexes into the HTML.
    Text(Decoded),
    /// A link: an `href`, `src` or `action` attribute.
    Link(Link),
}

/// RFC 3986 §5.2's resolution of `reference` against `base`; `None` when either is not a URI
/// reference or `base` is not absolute. The extraction's (`uri::resolve`), passed in, as
/// decoding never calls the stages after it.
pub(crate) type Resolve = fn(base: &str, reference: &str) -> Option<String>;

/// How a document's links are taken: what the tokenizer is told besides the HTML.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Links<'a> {
    /// How relative references are resolved.
    pub(crate) resolve: Resolve,
    /// The document's own URI, when relative links are wanted against it (a web archive's
    /// `WARC-Target-URI`): a relative `<base href>` is resolved against it, and without a
    /// `<base href>` it is the base. `None`: only an absolute `<base href>` is a base.
    pub(crate) document: Option<&'a str>,
    /// Whether the `<base href>` values are reported as links (a mail's HTML part: the
    /// sender's site; a web page's base is where the page is, not a link of it).
    pub(crate) report_base: bool,
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
    /// Whether the value was a relative reference, resolved.
    pub(crate) resolved: bool,
    /// The visible text of the `a` element it belongs to, white space collapsed (at most
    /// [`LINK_TEXT_MAX`] bytes).
    pub(crate) link_text: Option<String>,
}

/// How much of a link's text is kept.
pub(crate) const LINK_TEXT_MAX: usize = 1024;

#[cfg(test)]
pub(crate) mod tests {
    use super::tokenizer::parse;
    use super::*;

    /// The resolver the extraction passes in, for the tests of decoding.
    pub(crate) fn resolve(base: &str, reference: &str) -> Option<String> {
        crate::uri::resolve(base, reference).ok()
    }

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

    /// The links of a web page at `document` (its base not reported), and whether each was
    /// resolved.
    fn page_links(html: &str, document: Option<&str>) -> Vec<(String, bool)> {
        let links = Links { resolve, document, report_base: false };
        super::parse_with(html.as_bytes(), &|_| true, links)
            .into_iter()
            .filter_map(|item| match item {
                Item::Link(l) => Some((String::from_utf8(l.value.text).unwrap(), l.resolved)),
                Item::Text(_) => None,
            })
            .collect()
    }

    #[test]
    fn a_pages_base_is_its_base_href_resolved_against_its_uri() {
        let html = "<a href=\"x\"><base href=\"/d/\"><a href=\"http://abs.example/\"><img src=\"../i\">";
        let got = |document| page_links(html, document);
        // Without the page's URI a relative base is no base; the base itself is not reported.
        assert_eq!(got(None), [("http://abs.example/".to_owned(), false)]);
        assert_eq!(
            got(Some("https://h.example/a/b")),
            [
                ("https://h.example/d/x".to_owned(), true),
                ("http://abs.example/".to_owned(), false),
                ("https://h.example/i".to_owned(), true),
            ]
        );
        // Without a `<base href>`, the page's URI is the base; an absolute base wins over it.
        assert_eq!(
            page_links("<a href=\"?q\">", Some("http://h/p?r#s")),
            [("http://h/p?q".to_owned(), true)]
        );
        let absolute = "<base href=\"http://b.example/d/\"><a href=\"#f\">";
        assert_eq!(page_links(absolute, Some("http://h/p")), [("http://b.example/d/#f".to_owned(), true)]);
        // A base that does not resolve leaves the page's URI the base (WHATWG HTML §2.4.1).
        assert_eq!(
            page_links("<base href=\"a b\"><a href=\"g\">", Some("http://h/p/q")),
            [("http://h/p/g".to_owned(), true)]
        );
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
