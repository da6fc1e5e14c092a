//! `Content-Type: text/plain; format=flowed` (RFC 3676), with its soft line breaks joined, as a
//! reader's client shows the paragraphs.
//!
//! Applied after the transfer encoding and the charset are decoded (§4.2). Line by line:
//! - the quote depth is the number of leading `>` (§4.5); a line whose depth differs from the
//!   line before it starts a new paragraph (§4.5: a flowed line followed by a line of another
//!   depth is taken as fixed);
//! - after the quote marks, one space is space-stuffing and removed (§4.4);
//! - a line ending in a space is flowed (§4.2): the line break after it is removed, and with
//!   `DelSp=yes` the space too (§4.3); the signature separator `-- ` is never flowed, nor
//!   joined to a flowed line before it (§4.3);
//! - a paragraph keeps the quote marks of its first line; those of the lines joined to it are
//!   removed, so that a URI broken over quoted lines reads whole.

use super::Decoded;

/// Joins the flowed lines of `text`; positions are indexes into `text`, which must be shorter
/// than 4 GiB.
pub(crate) fn unflow(text: &[u8], delsp: bool) -> Decoded {
    let mut out = Decoded::default();
    // At most a byte for each byte (a restored line break stands for the line ending it lost).
    out.reserve(text.len());
    // The quote depth of the paragraph being continued, when the line before was flowed.
    let mut continuing: Option<usize> = None;
    let mut at = 0;
    while at < text.len() {
        let nl = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |k| at + k);
        let line_end = if nl > at && text[nl - 1] == b'\r' { nl - 1 } else { nl };
        let line = &text[at..line_end];
        let depth = line.iter().take_while(|&&b| b == b'>').count();
        let stuffed = usize::from(line.get(depth) == Some(&b' '));
        let content = depth + stuffed;
        let is_sig = &line[content..] == b"-- ";
        let flowed = !is_sig && line.last() == Some(&b' ') && line.len() > content;
        // A continuation of the paragraph before: its quote marks and stuffing go. A change of
        // depth, or a signature separator, starts a new paragraph: the line break before is
        // restored, mapped to the line ending it lost.
        let joins = continuing == Some(depth) && !is_sig;
        let keep_from = if joins { content } else { 0 };
        if continuing.is_some() && !joins {
            out.push(b'\n', at as u32 - 1, at as u32);
        }
        let mut upto = line.len();
        if flowed && delsp {
            upto -= 1;
        }
        // Space-stuffing is removed where the line starts a paragraph too.
        let stuff_at = depth;
        let a = at as u32;
        if keep_from == 0 && stuffed == 1 {
            out.push_run(&line[..stuff_at], a);
            out.push_run(&line[stuff_at + 1..upto.max(stuff_at + 1)], a + stuff_at as u32 + 1);
        } else {
            out.push_run(&line[keep_from.min(upto)..upto], a + keep_from.min(upto) as u32);
        }
        if flowed {
            continuing = Some(depth);
        } else {
            continuing = None;
            out.push_run(&text[line_end..(nl + 1).min(text.len())], line_end as u32);
        }
        at = nl + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(raw: &str, delsp: bool) -> String {
        String::from_utf8(unflow(raw.as_bytes(), delsp).text).unwrap()
    }

    #[test]
    fn soft_breaks_are_joined() {
        assert_eq!(
            text("See http://example.com/a/ \r\nb/c for it.\r\nNext\r\n", false),
            "See http://example.com/a/ b/c for it.\r\nNext\r\n"
        );
        // DelSp=yes: the space before the break was added by the sender and goes.
        assert_eq!(text("http://example.com/a/ \nb/c\n", true), "http://example.com/a/b/c\n");
        assert_eq!(text("no break\nhere\n", true), "no break\nhere\n");
    }

    #[test]
    fn quote_depth_and_stuffing() {
        assert_eq!(text("> http://a/very/ \n> long/path\n", true), ">http://a/very/long/path\n");
        // A change of depth ends the paragraph.
        assert_eq!(text(">> a \n> b\n", true), ">>a\n>b\n");
        // Space-stuffed lines lose their stuffing.
        assert_eq!(text(" From here\n  two\n", false), "From here\n two\n");
    }

    #[test]
    fn the_signature_separator_is_never_flowed() {
        assert_eq!(text("text\n-- \nJim http://a/\n", true), "text\n-- \nJim http://a/\n");
        assert_eq!(text("> -- \n> x\n", true), ">-- \n>x\n");
        // A flowed line before it does not join it.
        assert_eq!(text("end \n-- \nJim\n", true), "end\n-- \nJim\n");
    }

    #[test]
    fn positions_skip_what_was_removed() {
        let d = unflow(b"> ab \n> cd\n", true);
        assert_eq!(d.text, b">abcd\n");
        assert_eq!(d.starts, [0, 2, 3, 8, 9, 10]);
    }
}
