//! The text of the line a match was found on, for `--json` and `{text}`: the extractor keeps
//! its window to itself, so the input is read through [`Context`], which keeps a copy of the
//! recent bytes and can read ahead to the end of a match's line.

use std::cell::RefCell;
use std::io::{self, Read};
use std::rc::Rc;

use urisift::Span;

/// How much of a line is kept on each side of a URI: a line longer than this around it is cut.
pub const REACH: usize = 256;

/// The bytes read so far that a match may still need, shared by the reader the extractor reads
/// through ([`ContextReader`]) and the printer that asks for a line ([`Context::line`]).
pub struct Context {
    inner: Box<dyn Read>,
    /// Input bytes from absolute offset `base` on.
    kept: Vec<u8>,
    base: u64,
    /// How many bytes of `kept` the extractor has had; the rest were read ahead for a line.
    served: usize,
    eof: bool,
    /// How far behind what the extractor has read a match may start, plus [`REACH`]: its
    /// window holds at most about twice the longest URI and a refill.
    behind: usize,
}

/// The reader the extractor reads through.
pub struct ContextReader(pub Rc<RefCell<Context>>);

impl Context {
    pub fn new(inner: Box<dyn Read>, max_uri_len: usize) -> Rc<RefCell<Context>> {
        let behind = max_uri_len.saturating_mul(2).saturating_add(256 << 10);
        Rc::new(RefCell::new(Context { inner, kept: Vec::new(), base: 0, served: 0, eof: false, behind }))
    }

    /// Reads one more block of input onto `kept`; false at the end of input.
    fn read_more(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        const BLOCK: usize = 64 << 10;
        let old = self.kept.len();
        self.kept.resize(old + BLOCK, 0);
        let result = loop {
            match self.inner.read(&mut self.kept[old..]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                other => break other,
            }
        };
        let n = *result.as_ref().unwrap_or(&0);
        self.kept.truncate(old + n);
        self.eof = n == 0 && result.is_ok();
        result.map(|n| n > 0)
    }

    /// Drops what no match can need any more.
    fn trim(&mut self) {
        if self.served > 2 * self.behind {
            let drop = self.served - self.behind;
            self.kept.drain(..drop);
            self.base += drop as u64;
            self.served -= drop;
        }
    }

    /// The line(s) the bytes of `span` are on: from the start of the line of its first byte to
    /// the end of the line of its last (at most [`REACH`] bytes either side of it), line breaks
    /// shown as spaces. Reads ahead, when needed, to the end of the line; those bytes are
    /// given to the extractor later.
    pub fn line(&mut self, span: Span) -> io::Result<Vec<u8>> {
        let offset =
            |abs: u64, ctx: &Context| usize::try_from(abs.saturating_sub(ctx.base)).unwrap_or(usize::MAX);
        loop {
            let end = offset(span.end, self).min(self.kept.len());
            let after = &self.kept[end..];
            if self.eof || after.len() >= REACH || memchr::memchr(b'\n', after).is_some() {
                break;
            }
            if !self.read_more()? {
                break;
            }
        }
        let start = offset(span.start, self).min(self.kept.len());
        let end = offset(span.end, self).clamp(start, self.kept.len());
        let from = start.saturating_sub(REACH);
        let first = memchr::memrchr(b'\n', &self.kept[from..start]).map_or(from, |i| from + i + 1);
        let to = (end + REACH).min(self.kept.len());
        let last = memchr::memchr(b'\n', &self.kept[end..to]).map_or(to, |i| end + i);
        let mut text = self.kept[first..last].to_vec();
        while text.last().is_some_and(|&b| b == b'\r') {
            text.pop();
        }
        for b in &mut text {
            if matches!(b, b'\n' | b'\r') {
                *b = b' ';
            }
        }
        Ok(text)
    }
}

impl Read for ContextReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut ctx = self.0.borrow_mut();
        if ctx.served == ctx.kept.len() && !ctx.read_more()? {
            return Ok(0);
        }
        let n = buf.len().min(ctx.kept.len() - ctx.served);
        buf[..n].copy_from_slice(&ctx.kept[ctx.served..ctx.served + n]);
        ctx.served += n;
        ctx.trim();
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that gives at most `step` bytes per call.
    struct Trickle(io::Cursor<Vec<u8>>, usize);

    impl Trickle {
        fn boxed(text: &[u8], step: usize) -> Box<dyn Read> {
            Box::new(Trickle(io::Cursor::new(text.to_vec()), step))
        }
    }

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.1);
            self.0.read(&mut buf[..n])
        }
    }

    /// Every match's line, through reads of every size: the reader still gives the extractor
    /// every byte, in order, and the line is the one in the text.
    #[test]
    fn lines_of_matches_at_every_read_size() {
        let text = b"first http://a.example/1 line\r\nsecond <http://b.example/\n  2> wrapped\n\
                     http://c.example/3\nlast http://d.example/4";
        let expected = [
            "first http://a.example/1 line",
            "second <http://b.example/   2> wrapped",
            "http://c.example/3",
            "last http://d.example/4",
        ];
        for step in [1, 2, 3, 7, 64, 1 << 16] {
            let ctx = Context::new(Trickle::boxed(text, step), 64);
            let mut extractor =
                urisift::ExtractorBuilder::new().build().reader(ContextReader(Rc::clone(&ctx)));
            let mut lines = Vec::new();
            while let Some(event) = extractor.next_event_ref() {
                if let urisift::Event::Match(m) = event.unwrap() {
                    lines.push(String::from_utf8(ctx.borrow_mut().line(m.span()).unwrap()).unwrap());
                }
            }
            assert_eq!(lines, expected, "reads of {step}");
        }
    }

    #[test]
    fn a_long_line_is_cut_around_the_uri_and_memory_is_bounded() {
        let mut text = vec![b'x'; 1 << 20];
        text.extend_from_slice(b" http://a.example/ ");
        text.extend(vec![b'y'; 1 << 20]);
        let ctx = Context::new(Trickle::boxed(&text, 1 << 16), 64);
        let mut extractor = urisift::ExtractorBuilder::new().build().reader(ContextReader(Rc::clone(&ctx)));
        let mut lines = Vec::new();
        while let Some(event) = extractor.next_event_ref() {
            if let urisift::Event::Match(m) = event.unwrap() {
                lines.push(ctx.borrow_mut().line(m.span()).unwrap());
            }
            assert!(ctx.borrow().kept.len() < 1 << 20, "kept {}", ctx.borrow().kept.len());
        }
        assert_eq!(lines.len(), 1);
        let expected =
            [vec![b'x'; REACH - 1], b" http://a.example/ ".to_vec(), vec![b'y'; REACH - 1]].concat();
        assert_eq!(lines[0], expected);
    }
}
