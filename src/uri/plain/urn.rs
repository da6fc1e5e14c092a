//! The plain `urn` form (RFC 8141 §2): `urn:`, an NID other than `urn` (§5.1) and an NSS with
//! no escapes, and no r-, q- or f-component; `None` for any other.

use crate::chars::{self, ALPHA, DIGIT, PATH};
use crate::uri::{Components, Part};

/// `urn:` NID `:` NSS (RFC 8141 §2) with no escapes and nothing after the NSS:
/// `NID = (ALPHA / DIGIT) 0*30(ALPHA / DIGIT / "-") (ALPHA / DIGIT)`, not `urn` (RFC 8141 §5.1),
/// and `NSS = pchar *(pchar / "/")`.
#[inline(always)]
pub(super) fn urn(b: &[u8]) -> Option<Components> {
    const START: usize = 4;
    let alnum = |x: u8| chars::is(x, ALPHA | DIGIT);
    let nid_len = b[START..].iter().take_while(|&&x| alnum(x) || x == b'-').count();
    let nid = &b[START..START + nid_len];
    let ends_well = nid.first().is_some_and(|&x| alnum(x)) && nid.last().is_some_and(|&x| alnum(x));
    if !(2..=32).contains(&nid_len) || !ends_well || nid.eq_ignore_ascii_case(b"urn") {
        return None;
    }
    let nss = START + nid_len + 1;
    if b.get(nss - 1) != Some(&b':') {
        return None;
    }
    // A `/` may not start the NSS, and `%`, `?` and `#` are left to the full rules.
    match b.get(nss) {
        Some(&x) if x != b'/' && chars::is(x, PATH) => {}
        _ => return None,
    }
    if !b[nss..].iter().all(|&x| chars::is(x, PATH)) {
        return None;
    }
    Some(Components {
        scheme: Some(Part::new(0, START - 1)),
        path: Part::new(START, b.len()),
        ..Components::default()
    })
}
