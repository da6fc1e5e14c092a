//! nom recognizers for the contexts of RFC 2396 Appendix E: `<...>`, `<URL:...>`, `URL:`,
//! `"..."`, `[...]`, `{...}`, bare URIs, and line breaks after a hyphen.
//!
//! Everything here works on a [`Window`] of text (the raw input, or its quoted-printable
//! decoding) and on indexes into it. A recognizer that would need a byte past the end of a
//! window that is not [complete](Window::complete) says [`Incomplete`] instead of guessing, so
//! that a reader split anywhere gives the same answer as the whole input in memory. Looking
//! back (for the wrapper before a scheme) never goes below a floor the caller bounds, so the
//! work per candidate is bounded too.
//!
//! A delimited candidate is a list of [`Pieces`]: the text ranges it is made of (one, or more
//! when white space inside `<...>` or a hyphen line break is skipped), and the hyphens that may
//! or may not belong to it.

pub(crate) mod angle;
pub(crate) mod bare;
pub(crate) mod colon;
pub(crate) mod comma;
pub(crate) mod defanged;
pub(crate) mod end;
pub(crate) mod json;
mod lines;
pub(crate) mod link_text;
pub(crate) mod opener;
mod pairs;
pub(crate) use pairs::closing_run_of_reading;
mod pieces;
pub(crate) mod run;
pub(crate) mod trim;
pub(crate) mod unicode;

pub(crate) use angle::{AngleEnd, angle};
pub(crate) use bare::{BareEnd, Joins, Start, bare};
pub(crate) use lines::quote_depth;
pub(crate) use opener::{may_open_angle, opener, url_colon_before, wrapper};
pub(crate) use pieces::Pieces;
pub(crate) use trim::{trim, trim_segment};

use nom::Parser;

/// How far before a trigger bytes are kept and may be looked at: the scheme (at most
/// [`crate::find::SCHEME_MAX`] bytes), the wrapper before it, and the start of its line (for
/// the quote depth of a mail reply).
pub(crate) const LOOKBACK: usize = 1024;

/// More input is needed to decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Incomplete;

/// The result of a recognizer that may need more input.
pub(crate) type Scan<T> = Result<T, Incomplete>;

/// The text a candidate is delimited in.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Window<'a> {
    /// The bytes.
    pub(crate) text: &'a [u8],
    /// Nothing before this index is read: the bound of every look-back.
    pub(crate) lo: usize,
    /// Whether `lo` is the start of the input (a line starts there).
    pub(crate) lo_is_start: bool,
    /// Whether nothing follows `text`: the input ends there, or the caller cut it at the
    /// candidate's length limit ([`Window::cut`]).
    pub(crate) complete: bool,
    /// Whether `text` was cut at the length limit rather than at the end of the input: a
    /// candidate still going at the end is then too long, not finished.
    pub(crate) cut: bool,
}

/// Runs a nom parser in the window's mode: streaming (`Incomplete` at the end) unless the
/// window is complete. A parse error is `Ok(None)`.
pub(super) fn recognize<'a, P>(
    mut parser: P,
    input: &'a [u8],
    complete: bool,
) -> Scan<Option<(&'a [u8], P::Output)>>
where
    P: Parser<&'a [u8], Error = ()>,
{
    let result = if complete { parser.parse_complete(input) } else { parser.parse(input) };
    match result {
        Ok(done) => Ok(Some(done)),
        Err(nom::Err::Incomplete(_)) => Err(Incomplete),
        Err(_) => Ok(None),
    }
}

/// The pseudo-random sequence (xorshift) the shortcut tests draw their generated texts from:
/// fixed by its seed, so a failure reproduces.
#[cfg(test)]
pub(crate) struct Xorshift(pub(crate) u64);

#[cfg(test)]
impl Xorshift {
    /// The next number below `n`.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// Up to `max - 1` pieces drawn from `alphabet`, appended to `text`.
    pub(crate) fn pieces(&mut self, alphabet: &[&[u8]], max: usize, text: &mut Vec<u8>) {
        for _ in 0..self.below(max) {
            text.extend_from_slice(alphabet[self.below(alphabet.len())]);
        }
    }
}

#[cfg(test)]
mod tests;
