//! The plain `mailto` form (RFC 6068 §2): `mailto:` and comma-separated `local@domain`
//! addresses with no escapes, and header fields with no escapes; `None` for any other. What
//! it takes is valid under both readings of a mailto's query ([`crate::uri::Mailto`]), with
//! the same components: RFC 6068's header fields are a query of the generic syntax. A query
//! that only the reading as sent accepts (`?&cc=…`, `subject=a/b`, `subject=QmFzZTY0==`) is
//! left to the full parser, which knows the reading.

use crate::chars::{self, SUB_DELIMS, UNRESERVED};
use crate::uri::{Components, Part};

/// `mailto:` and `addr-spec *( "," addr-spec )` with no escapes and no header fields: each
/// address a non-empty local part, `@`, a non-empty domain, of the characters RFC 6068 §2
/// leaves literal (`qchar` without `;`: `pchar` without `& = ;`).
#[inline(always)]
pub(super) fn mailto(b: &[u8]) -> Option<Components> {
    const START: usize = 7;
    // One pass: the characters, and the first `@` of each address, which must have text on
    // both sides of it.
    let rest = &b[START..];
    let mut first = 0;
    let mut at = None;
    let mut to_end = rest.len();
    let fits = |first: usize, at: Option<usize>, end: usize| at.is_some_and(|at| at > first && at + 1 < end);
    for (i, &x) in rest.iter().enumerate() {
        match ADDRESS[usize::from(x)] {
            Address::Literal => {}
            Address::At => {
                at = at.or(Some(i));
            }
            Address::Comma => {
                if !fits(first, at, i) {
                    return None;
                }
                (first, at) = (i + 1, None);
            }
            Address::Question => {
                to_end = i;
                break;
            }
            Address::Other => return None,
        }
    }
    if !fits(first, at, to_end) {
        return None;
    }
    let mut c = Components {
        scheme: Some(Part::new(0, START - 1)),
        path: Part::new(START, START + to_end),
        ..Components::default()
    };
    if let Some(hfields) = rest.get(to_end + 1..) {
        // `hfields = "?" hfield *( "&" hfield )`, `hfield = hfname "=" hfvalue`, both `*qchar`
        // (here without escapes): each field one `=`, none empty.
        // qchar = the address's literal characters, `@`, `,` and `;` (not `?`, RFC 6068 §2).
        let qchar = |x: u8| {
            matches!(ADDRESS[usize::from(x)], Address::Literal | Address::At | Address::Comma) || x == b';'
        };
        for field in hfields.split(|&x| x == b'&') {
            let eq = field.iter().position(|&x| x == b'=')?;
            if !field[..eq].iter().all(|&x| qchar(x)) || !field[eq + 1..].iter().all(|&x| qchar(x)) {
                return None;
            }
        }
        c.query = Some(Part::new(START + to_end + 1, b.len()));
    }
    Some(c)
}

/// What a byte is in a mailto address without escapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Address {
    /// A character RFC 6068 §2 leaves literal in an address other than `@` and `,`: `qchar`
    /// without `;`, that is `unreserved / sub-delims / ":" / "@"` without `& = ;`.
    Literal,
    /// `@`, between the local part and the domain.
    At,
    /// `,`, between addresses.
    Comma,
    /// `?`, before the header fields.
    Question,
    /// Anything else.
    Other,
}

/// [`Address`] by byte: one table rather than the classes and compares it is made of, as a
/// mailto URI is mostly its address.
static ADDRESS: [Address; 256] = {
    let mut t = [Address::Other; 256];
    let mut i = 0;
    while i < 256 {
        let x = i as u8;
        // `unreserved / sub-delims / ":"` without `& = ; ,` (RFC 6068 §2 `qchar` without `;`).
        if chars::CLASSES[i] & (UNRESERVED | SUB_DELIMS) != 0 && !matches!(x, b'&' | b'=' | b';' | b',')
            || x == b':'
        {
            t[i] = Address::Literal;
        }
        i += 1;
    }
    t[b'@' as usize] = Address::At;
    t[b',' as usize] = Address::Comma;
    t[b'?' as usize] = Address::Question;
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn address_characters_are_qchar_without_semicolon() {
        for x in 0..=255u8 {
            let qchar =
                (chars::is(x, UNRESERVED | SUB_DELIMS) || x == b':' || x == b'@') && x != b'&' && x != b'=';
            let address = !matches!(ADDRESS[usize::from(x)], Address::Other | Address::Question);
            assert_eq!(address, qchar && x != b';', "{x:#x}");
        }
    }
}
