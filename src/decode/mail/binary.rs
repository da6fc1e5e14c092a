//! Binary data written as text inside a text part, which is not scanned: uuencoded blocks
//! (`begin NNN name` … `end`, POSIX `uuencode`) and yEnc blocks (`=ybegin` … `=yend`).
//!
//! A uuencoded block without its `end` line ends before the first line that is not a
//! uuencoded line (a length character, then characters of the uuencode alphabet, as long as
//! the length says), so that text after a cut block is still read. A yEnc block without its
//! `=yend` runs to the end of the text: its lines may hold any byte.

use core::ops::Range;
use std::sync::LazyLock;

use memchr::memmem;

use super::header::line_end;

/// What the first line of a block holds (built once, not for each text).
static BEGIN: LazyLock<memmem::Finder<'static>> = LazyLock::new(|| memmem::Finder::new(b"begin "));

/// The binary blocks of `text`, in order; each from the start of its first line to the end of
/// its last line (line ending included). Linear in the length of `text`.
pub(crate) fn blocks(text: &[u8]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    // A block starts on a line that starts `begin ` or `=ybegin `: the lines looked at are
    // those where `begin ` occurs, outside the blocks found before.
    let (mut done, mut from) = (0, 0);
    // One `find` at a time: an iterator would copy the searcher, for every text.
    while let Some(found) = BEGIN.find(&text[from..]) {
        let k = from + found;
        from = k + 1;
        let at = match k {
            _ if k < done => continue,
            0 => 0,
            _ if text[k - 1] == b'\n' => k,
            2.. if &text[k - 2..k] == b"=y" && (k == 2 || text[k - 3] == b'\n') => k - 2,
            _ => continue,
        };
        if at < done {
            continue;
        }
        let (end, next) = line_end(text, at);
        let line = &text[at..end];
        let stop = if is_uu_begin(line) {
            uu_end(text, next)
        } else if line.starts_with(b"=ybegin ") {
            yenc_end(text, next)
        } else {
            continue;
        };
        out.push(at..stop);
        done = stop;
    }
    out
}

/// `begin`, a blank, three or four octal digits (the mode), a blank, a name.
fn is_uu_begin(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"begin ") else { return false };
    let mode = rest.iter().take_while(|b| (b'0'..=b'7').contains(b)).count();
    (3..=4).contains(&mode) && rest.get(mode) == Some(&b' ') && rest.len() > mode + 1
}

/// Whether `line` is a line of uuencoded data: its first character gives the number of bytes
/// it holds, written in four characters for each three (a last short group padded or not).
fn is_uu_line(line: &[u8]) -> bool {
    let line = line.trim_ascii_end();
    let Some((&len, data)) = line.split_first() else { return false };
    if !(b' '..=b'`').contains(&len) || !data.iter().all(|b| (b' '..=b'`').contains(b)) {
        return false;
    }
    let n = usize::from((len - b' ') & 0x3f);
    let chars = n.div_ceil(3) * 4;
    // Encoders differ on padding: the exact count, or up to a whole group more.
    (chars.saturating_sub(3)..=chars + 1).contains(&data.len()) || (n == 0 && data.len() <= 1)
}

/// Where a uuencoded block whose data starts at `at` ends.
fn uu_end(text: &[u8], mut at: usize) -> usize {
    while at < text.len() {
        let (end, next) = line_end(text, at);
        let line = &text[at..end];
        if line.trim_ascii_end() == b"end" {
            return next;
        }
        if !is_uu_line(line) {
            return at;
        }
        at = next;
    }
    text.len()
}

/// Where a yEnc block whose data starts at `at` ends: after its `=yend` line.
fn yenc_end(text: &[u8], mut at: usize) -> usize {
    while at < text.len() {
        let (end, next) = line_end(text, at);
        if text[at..end].starts_with(b"=yend") {
            return next;
        }
        at = next;
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outside(text: &str) -> String {
        let mut out = String::new();
        let mut at = 0;
        for b in blocks(text.as_bytes()) {
            out.push_str(&text[at..b.start]);
            at = b.end;
        }
        out + &text[at..]
    }

    #[test]
    fn uuencoded_blocks() {
        // `uuencode` of "http://hidden.example/\n".
        let text = "see\nbegin 644 f.txt\n7:'1T<#HO+VAI9&1E;BYE>&%M<&QE+PH`\n`\nend\nafter http://a/\n";
        assert_eq!(outside(text), "see\nafter http://a/\n");
        // Cut short: the text after the data lines is still read.
        let text =
            "begin 644 f\nM:'1T<#HO+VAI9&1E;BYE>&%M<&QE+PH`:'1T<#HO+VAI9&1E;BYE>&%M<&QE\nvisit http://a/\n";
        assert_eq!(outside(text), "visit http://a/\n");
        // Not a begin line.
        assert_eq!(outside("begin here\nbegin 64 x\n"), "begin here\nbegin 64 x\n");
    }

    #[test]
    fn yenc_blocks() {
        let text = "a\n=ybegin line=128 size=9 name=x\n\u{1}\u{2}http://junk/\n=yend size=9\nb\n";
        assert_eq!(outside(text), "a\nb\n");
        assert_eq!(outside("a\n=ybegin line=1 size=1 name=x\nhttp://x/"), "a\n");
    }
}
