//! `--format TEMPLATE`: one line per match, from placeholders. What the input says (the line's
//! text, the file name, the link's text, where in a message) is written with its control
//! characters escaped ([`escape`](crate::escape)): the template is text for a person or a line-based tool.

use std::fmt;
use std::str::FromStr;

use urisift::Match;

use crate::escape::push_escaped;

/// The ASCII whitespace of HTML but the space (HTML, "ASCII whitespace"): tab, line feed, form
/// feed, carriage return.
const HTML_WHITESPACE: [char; 4] = ['\t', '\n', '\x0c', '\r'];

/// What a placeholder stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Uri,
    Text,
    File,
    Line,
    Start,
    End,
    OuterStart,
    OuterEnd,
    Delimiter,
    Scheme,
    Authority,
    Userinfo,
    Host,
    Port,
    Path,
    Query,
    Fragment,
    Found,
    LinkText,
    Domain,
    HostUnicode,
    Flags,
    Outer,
    MemberOffset,
}

impl Field {
    const ALL: [(&'static str, Field); 24] = [
        ("uri", Field::Uri),
        ("text", Field::Text),
        ("file", Field::File),
        ("line", Field::Line),
        ("start", Field::Start),
        ("end", Field::End),
        ("outer_start", Field::OuterStart),
        ("outer_end", Field::OuterEnd),
        ("delimiter", Field::Delimiter),
        ("scheme", Field::Scheme),
        ("authority", Field::Authority),
        ("userinfo", Field::Userinfo),
        ("host", Field::Host),
        ("port", Field::Port),
        ("path", Field::Path),
        ("query", Field::Query),
        ("fragment", Field::Fragment),
        ("found", Field::Found),
        ("link_text", Field::LinkText),
        ("domain", Field::Domain),
        ("host_unicode", Field::HostUnicode),
        ("flags", Field::Flags),
        ("outer", Field::Outer),
        ("member_offset", Field::MemberOffset),
    ];
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(Vec<u8>),
    Field(Field),
}

/// A parsed `--format` template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template(Vec<Piece>);

/// Why a template does not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError(String);

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TemplateError {}

impl FromStr for Template {
    type Err = TemplateError;

    /// `{name}` is a placeholder, `{{` and `}}` are braces, and `\t`, `\n`, `\0`, `\\` are a
    /// tab, a line feed, a NUL and a backslash (a shell's single quotes pass them on as
    /// written).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut pieces = Vec::new();
        let mut text = Vec::new();
        let mut rest = s;
        while let Some(c) = rest.chars().next() {
            rest = &rest[c.len_utf8()..];
            match c {
                '{' if rest.starts_with('{') => {
                    text.push(b'{');
                    rest = &rest[1..];
                }
                '}' if rest.starts_with('}') => {
                    text.push(b'}');
                    rest = &rest[1..];
                }
                '{' => {
                    let Some(close) = rest.find('}') else {
                        return Err(TemplateError("a `{` without its `}` (write `{{` for a brace)".into()));
                    };
                    let name = &rest[..close];
                    let Some(&(_, field)) = Field::ALL.iter().find(|(n, _)| *n == name) else {
                        let names: Vec<&str> = Field::ALL.iter().map(|(n, _)| *n).collect();
                        return Err(TemplateError(format!(
                            "unknown placeholder `{{{name}}}` (known: {})",
                            names.join(", ")
                        )));
                    };
                    if !text.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut text)));
                    }
                    pieces.push(Piece::Field(field));
                    rest = &rest[close + 1..];
                }
                '}' => return Err(TemplateError("a `}` without its `{` (write `}}` for a brace)".into())),
                '\\' => {
                    let escaped = rest.chars().next();
                    let byte = match escaped {
                        Some('t') => b'\t',
                        Some('n') => b'\n',
                        Some('0') => b'\0',
                        Some('\\') => b'\\',
                        _ => {
                            return Err(TemplateError(
                                "a `\\` not followed by t, n, 0 or \\ (write `\\\\` for a backslash)".into(),
                            ));
                        }
                    };
                    text.push(byte);
                    rest = &rest[1..];
                }
                c => {
                    let mut utf8 = [0; 4];
                    text.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
                }
            }
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Ok(Template(pieces))
    }
}

impl Template {
    /// Whether `{line}` is used (then lines must be counted).
    pub fn wants_line(&self) -> bool {
        self.0.contains(&Piece::Field(Field::Line))
    }

    /// Whether `{found}` or `{link_text}` is used (then matches must carry their origin).
    pub fn wants_origin(&self) -> bool {
        self.0.iter().any(|p| matches!(p, Piece::Field(Field::Found | Field::LinkText)))
    }

    /// Whether `{text}` is used (then the input's recent bytes must be kept).
    pub fn wants_text(&self) -> bool {
        self.0.contains(&Piece::Field(Field::Text))
    }

    /// Appends the template for `m` read as `uri` (one of its readings), found in the input
    /// named `file` on the line `text`, and a line feed; `outer` is the index of its outer match
    /// among the input's printed ones (`--nested`); `member` the offset of the gzip member it
    /// was found in, when the input is read by members. An undefined component, or a line not
    /// counted, is empty. The text, the name, the link's text and where it was found are
    /// written with their control characters escaped; the URI and its parts hold none.
    #[allow(clippy::too_many_arguments)]
    pub fn render(
        &self,
        buf: &mut Vec<u8>,
        m: &Match,
        uri: &str,
        file: &[u8],
        text: &[u8],
        outer: Option<u64>,
        member: Option<u64>,
    ) {
        let parsed = m.parsed();
        // Writing into a `Vec` cannot fail.
        let number = |buf: &mut Vec<u8>, n: u64| {
            let _ = serde_json::to_writer(&mut *buf, &n);
        };
        for piece in &self.0 {
            let field = match piece {
                Piece::Text(text) => {
                    buf.extend_from_slice(text);
                    continue;
                }
                Piece::Field(field) => *field,
            };
            let text = match field {
                Field::Uri => Some(uri),
                Field::Text => {
                    push_escaped(buf, text);
                    None
                }
                Field::File => {
                    push_escaped(buf, file);
                    None
                }
                Field::Line => {
                    if let Some(line) = m.line() {
                        number(buf, line);
                    }
                    None
                }
                Field::Start => {
                    number(buf, m.span().start);
                    None
                }
                Field::End => {
                    number(buf, m.span().end);
                    None
                }
                Field::OuterStart => {
                    number(buf, m.outer_span().start);
                    None
                }
                Field::OuterEnd => {
                    number(buf, m.outer_span().end);
                    None
                }
                Field::Delimiter => Some(m.delimiter().name()),
                Field::Scheme => parsed.scheme(),
                Field::Authority => parsed.authority(),
                Field::Userinfo => parsed.userinfo(),
                Field::Host => parsed.host(),
                Field::Port => parsed.port(),
                Field::Path => Some(parsed.path()),
                Field::Query => parsed.query(),
                Field::Fragment => parsed.fragment(),
                // Where in a message it was found (`header:NAME`, `body`, `html:href`, ...),
                // when the input is read as mail.
                Field::Found => {
                    if let Some(origin) = m.origin() {
                        push_escaped(buf, origin.place().to_string().as_bytes());
                    } else if m.outer().is_some() {
                        buf.extend_from_slice(b"nested");
                    }
                    None
                }
                Field::Outer => {
                    if let Some(outer) = outer {
                        number(buf, outer);
                    }
                    None
                }
                // Where the gzip member the match was found in starts in its file, when the
                // input is read by members (`-z`); empty otherwise.
                Field::MemberOffset => {
                    if let Some(at) = member {
                        number(buf, at);
                    }
                    None
                }
                // Derived from the host and computed only here, for a template that names
                // them (issue 38); `{host_unicode}` is a host's text, escaped like the input's.
                Field::Domain => {
                    buf.extend_from_slice(parsed.registrable_domain().unwrap_or_default().as_bytes());
                    None
                }
                Field::HostUnicode => {
                    push_escaped(buf, parsed.host_unicode().unwrap_or_default().as_bytes());
                    None
                }
                Field::Flags => {
                    buf.extend_from_slice(m.flags().to_string().as_bytes());
                    None
                }
                // The text of the HTML anchor holding it, on one line: HTML whitespace (a tab
                // or line break) is a space there, so that a picker's columns hold.
                Field::LinkText => {
                    let link_text = m.origin().and_then(urisift::Origin::link_text).unwrap_or_default();
                    let spaced = link_text.replace(HTML_WHITESPACE, " ");
                    push_escaped(buf, spaced.as_bytes());
                    None
                }
            };
            buf.extend_from_slice(text.unwrap_or_default().as_bytes());
        }
        buf.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(template: &str, text: &[u8]) -> String {
        let template: Template = template.parse().unwrap();
        let mut builder = urisift::ExtractorBuilder::new();
        builder.line_numbers(true);
        let mut out = Vec::new();
        for m in builder.build().slice(text) {
            template.render(&mut out, &m, m.uri(), b"f.txt", b"the line", None, None);
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn placeholders_escapes_and_braces() {
        let text = b"x\nsee <http://u@a.example:81/p?q#f> and mailto:b@c.example\n";
        assert_eq!(
            render(
                r"{file}:{line}\t{text}\t{uri}\t{{{scheme}}} {host}|{port}|{path}|{query}|{fragment}|{delimiter}",
                text
            ),
            "f.txt:2\tthe line\thttp://u@a.example:81/p?q#f\t{http} a.example|81|/p|q|f|angle\n\
             f.txt:2\tthe line\tmailto:b@c.example\t{mailto} ||b@c.example|||bare\n"
        );
        assert_eq!(
            render(r"{start}-{end} {outer_start}-{outer_end}\0", b"<http://a.example/>"),
            "1-18 0-19\0\n"
        );
        assert_eq!(
            render("\\\\ caf\u{e9} {userinfo}/{authority}", b"http://u@a.example/"),
            "\\ caf\u{e9} u/u@a.example\n"
        );
    }

    #[test]
    fn domain_host_unicode_and_flags() {
        let text = "http://a.b.example.co.uk/ https://www.example.com.au/x http://www.paypal.com@evil.example/ \
                    http://www.xn--pypal-4ve.com/ http://192.0.2.1/ http://localhost/";
        assert_eq!(
            render("{domain}|{host_unicode}|{flags}", text.as_bytes()),
            "example.co.uk||\n\
             example.com.au||\n\
             evil.example||userinfo\n\
             xn--pypal-4ve.com|www.p\u{430}ypal.com|punycode,mixed-script,confusable\n\
             ||ip-host\n\
             ||\n"
        );
    }

    #[test]
    fn bad_templates_are_refused_with_a_reason() {
        for (template, reason) in [
            ("{url}", "unknown placeholder `{url}`"),
            ("{uri", "without its `}`"),
            ("uri}", "without its `{`"),
            (r"\x", "not followed by"),
            ("\\", "not followed by"),
        ] {
            let error = template.parse::<Template>().unwrap_err().to_string();
            assert!(error.contains(reason), "{template}: {error}");
        }
        assert!("{line}".parse::<Template>().unwrap().wants_line());
        assert!(!"{uri}".parse::<Template>().unwrap().wants_line());
        for (template, wants) in [("{found}", true), ("{uri} {link_text}", true), ("{uri} {line}", false)] {
            assert_eq!(template.parse::<Template>().unwrap().wants_origin(), wants, "{template}");
        }
    }
}
