//! Where in a message, or in a web archive's record, a URI was found: [`Origin`], which a
//! [`Match`](crate::Match) read as mail (issue 19 item 10) or as a web archive or page
//! (issue 39) carries.

use core::fmt;
use std::sync::Arc;

/// Where in a message a match was found: the message, its MIME part, and the place in the part
/// ([`Match::origin`](crate::Match::origin)). Only matches read as mail have one (see
/// [`ExtractorBuilder::mail`](crate::ExtractorBuilder::mail)).
///
/// ```
/// let mail = b"Subject: hi\nContent-Type: text/html\n\n<a href=\"https://example.org/p?a=1&amp;b=2\">the page</a>\n";
/// let m = urisift::extract_slice(mail).next().unwrap();
/// assert_eq!(m.uri(), "https://example.org/p?a=1&b=2");
/// let origin = m.origin().unwrap();
/// assert_eq!((origin.message(), origin.part(), origin.content_type()), (1, "1", "text/html"));
/// assert_eq!(origin.place().to_string(), "html:href");
/// assert_eq!(origin.link_text(), Some("the page"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin {
    pub(crate) message: u64,
    // Shared with the other matches and segments of the message (a mailbox repeats them).
    pub(crate) message_id: Option<Arc<str>>,
    pub(crate) part: Arc<str>,
    pub(crate) content_type: Arc<str>,
    pub(crate) place: Place,
    pub(crate) link_text: Option<String>,
    /// For a match of a web archive or page, its record (shared with the record's matches).
    pub(crate) web: Option<Arc<WebRecord>>,
}

/// The record of a web archive a match was found in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct WebRecord {
    /// `WARC-Record-ID`; `None` for a saved page (or a record without one).
    pub(crate) id: Option<Arc<str>>,
    /// `WARC-Target-URI`.
    pub(crate) target_uri: Option<Arc<str>>,
}

impl Origin {
    /// The message's number in the input, from 1 (an mbox holds several); in a web archive,
    /// the record's (every record counts, those that give nothing too).
    pub fn message(&self) -> u64 {
        self.message
    }

    /// The `Message-ID` of the top-level message, without its angle brackets.
    pub fn message_id(&self) -> Option<&str> {
        self.message_id.as_deref()
    }

    /// The MIME part number (as IMAP numbers parts, RFC 3501 §6.4.5): empty for the message's
    /// own header fields, `1` for the body of a message that is not multipart, `2.1` for the
    /// first child of the second part.
    pub fn part(&self) -> &str {
        &self.part
    }

    /// The part's `type/subtype`, in lower case (`text/plain` when it has none, RFC 2045 §5.2).
    pub fn content_type(&self) -> &str {
        &self.content_type
    }

    /// Where in the part the URI was.
    pub fn place(&self) -> &Place {
        &self.place
    }

    /// For a link of an HTML `a` element, its visible text, white space collapsed.
    pub fn link_text(&self) -> Option<&str> {
        self.link_text.as_deref()
    }

    /// Whether the match was read from a web archive (WARC, WET) or a saved web page, rather
    /// than from mail.
    pub fn is_web(&self) -> bool {
        self.web.is_some()
    }

    /// For a match of a web archive, its record's `WARC-Record-ID` as written
    /// (`<urn:uuid:…>`); `None` for mail and for a saved page.
    pub fn record(&self) -> Option<&str> {
        self.web.as_ref()?.id.as_deref()
    }

    /// For a match of a web archive, its record's `WARC-Target-URI`: the page it was found in.
    pub fn target_uri(&self) -> Option<&str> {
        self.web.as_ref()?.target_uri.as_deref()
    }
}

/// Where in a MIME part a URI was found ([`Origin::place`]). Its `Display` form is the `found`
/// of the command line's JSON records and of the Python package's `Origin`: one of
/// [`Place::FORMS`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Place {
    /// A header field's value (unfolded, RFC 2047 encoded-words decoded); the name as written.
    Header(String),
    /// The text of a text part; in a web archive, a text payload, or the content of a record
    /// too long to hold, read as plain text as it is stored.
    Body,
    /// The preamble of a multipart body, before its first boundary (RFC 2046 §5.1.1).
    Preamble,
    /// The epilogue of a multipart body, after its close boundary.
    Epilogue,
    /// The visible text of an HTML part.
    HtmlText,
    /// An HTTP header field of a web archive's response that holds URIs (`Location`,
    /// `Content-Location`, `Link`); the name as written.
    HttpHeader(String),
    /// A link attribute of an HTML part (`href`, `src`, `action`), in lower case, and the
    /// element it was on.
    HtmlAttribute {
        /// The attribute.
        name: String,
        /// The element.
        element: String,
    },
    /// Inside the URI of another match of the message
    /// ([`ExtractorBuilder::nested`](crate::ExtractorBuilder::nested)), which was found where
    /// that match's origin says.
    Nested,
}

impl Place {
    /// The forms of a place's `Display`, one for each kind of place, in the order the docs
    /// list them: `header:NAME`, `body`, `preamble`, `epilogue`, `html:text`,
    /// `html:ATTRIBUTE`, `http-header:NAME`, `nested`, where `NAME` is a header field's name as
    /// written and `ATTRIBUTE` a link attribute's (`html:href`). A test holds the lists of
    /// docs/json-schema.md, of the Python package and of the Spark job's README to this one.
    pub const FORMS: &'static [&'static str] = &[
        "header:NAME",
        "body",
        "preamble",
        "epilogue",
        "html:text",
        "html:ATTRIBUTE",
        "http-header:NAME",
        "nested",
    ];
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Header(name) => write!(f, "header:{name}"),
            Place::Body => f.write_str("body"),
            Place::Preamble => f.write_str("preamble"),
            Place::Epilogue => f.write_str("epilogue"),
            Place::HtmlText => f.write_str("html:text"),
            Place::HtmlAttribute { name, .. } => write!(f, "html:{name}"),
            Place::HttpHeader(name) => write!(f, "http-header:{name}"),
            Place::Nested => f.write_str("nested"),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Origin {
    /// Of mail: `message`, `message_id`, `part`, `content_type`, `found` (the [`Place`] as
    /// text) and `link_text`. Of a web archive or page: `record`, `target_uri`,
    /// `content_type`, `found` and `link_text`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        if self.is_web() {
            let mut o = serializer.serialize_struct("Origin", 5)?;
            o.serialize_field("record", &self.record())?;
            o.serialize_field("target_uri", &self.target_uri())?;
            o.serialize_field("content_type", &*self.content_type)?;
            o.serialize_field("found", &self.place.to_string())?;
            o.serialize_field("link_text", &self.link_text)?;
            return o.end();
        }
        let mut o = serializer.serialize_struct("Origin", 6)?;
        o.serialize_field("message", &self.message)?;
        o.serialize_field("message_id", &self.message_id.as_deref())?;
        o.serialize_field("part", &*self.part)?;
        o.serialize_field("content_type", &*self.content_type)?;
        o.serialize_field("found", &self.place.to_string())?;
        o.serialize_field("link_text", &self.link_text)?;
        o.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind of place shows as its form in [`Place::FORMS`], in order.
    #[test]
    fn places_show_as_their_forms() {
        let name = || "X".to_owned();
        // Every variant: a new one fails to compile here until it is added, with its form.
        let every = |place: &Place| match place {
            Place::Header(_) => 0,
            Place::Body => 1,
            Place::Preamble => 2,
            Place::Epilogue => 3,
            Place::HtmlText => 4,
            Place::HtmlAttribute { .. } => 5,
            Place::HttpHeader(_) => 6,
            Place::Nested => 7,
        };
        let places = [
            Place::Header(name()),
            Place::Body,
            Place::Preamble,
            Place::Epilogue,
            Place::HtmlText,
            Place::HtmlAttribute { name: name(), element: "a".to_owned() },
            Place::HttpHeader(name()),
            Place::Nested,
        ];
        assert_eq!(places.len(), Place::FORMS.len());
        for (i, place) in places.iter().enumerate() {
            assert_eq!(every(place), i);
            let form = Place::FORMS[i].replace("NAME", "X").replace("ATTRIBUTE", "X");
            assert_eq!(place.to_string(), form);
        }
    }
}
