//! IP address hosts: RFC 3986's `IPv4address`, `IPv6address` and `IPvFuture`, and the looser
//! `IPv4address` of the draft (seed 000 §4.3.1).
//!
//! Each checker takes the address alone (no brackets) and returns the offset, within it, of the
//! first byte that breaks the rule; the caller adds where the address starts. The tokens are nom
//! combinators written as their ABNF reads; none backtracks more than a few bytes, so every
//! check is linear in the length of the address.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::{all_consuming, recognize};
use nom::{IResult, Parser};

use crate::chars::{self, HEXDIG, SUB_DELIMS, UNRESERVED};

type Res<'a, O> = IResult<&'a [u8], O>;

/// The offset in `input` where a nom parser over it failed.
fn failed_at(input: &[u8], err: nom::Err<nom::error::Error<&[u8]>>) -> usize {
    match err {
        nom::Err::Error(e) | nom::Err::Failure(e) => input.len() - e.input.len(),
        // The complete parsers used here never ask for more input.
        nom::Err::Incomplete(_) => input.len(),
    }
}

/// A digit in `lo..=hi`.
fn digit_in<'a>(
    lo: char,
    hi: char,
) -> impl Parser<&'a [u8], Output = char, Error = nom::error::Error<&'a [u8]>> {
    satisfy(move |c| (lo..=hi).contains(&c))
}

/// ```text
/// dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
/// ```
/// (RFC 3986 §3.2.2): 0 to 255 without leading zeros. The longest form is tried first; a shorter
/// match can only leave a digit behind, which no caller accepts.
fn dec_octet(i: &[u8]) -> Res<'_, &[u8]> {
    recognize(alt((
        (tag("25"), digit_in('0', '5')).map(drop),
        (char('2'), digit_in('0', '4'), digit_in('0', '9')).map(drop),
        (char('1'), digit_in('0', '9'), digit_in('0', '9')).map(drop),
        (digit_in('1', '9'), digit_in('0', '9')).map(drop),
        digit_in('0', '9').map(drop),
    )))
    .parse(i)
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet` (RFC 3986 §3.2.2).
fn ipv4address(i: &[u8]) -> Res<'_, &[u8]> {
    recognize((dec_octet, char('.'), dec_octet, char('.'), dec_octet, char('.'), dec_octet)).parse(i)
}

/// Checks an RFC 3986 `IPv4address`.
pub(crate) fn ipv4(s: &[u8]) -> Result<(), usize> {
    all_consuming(ipv4address).parse(s).map(drop).map_err(|e| failed_at(s, e))
}

/// Whether `s` is an RFC 3986 `IPv4address`, as [`ipv4`] decides it but by hand, without the
/// combinators: every host made of digits and dots is asked this (`reg_name_kind`), where the
/// position of an error is not wanted.
pub(crate) fn is_ipv4(s: &[u8]) -> bool {
    let mut octets = 0;
    for octet in s.split(|&x| x == b'.') {
        octets += 1;
        let value = match *octet {
            [a] if a.is_ascii_digit() => 0,
            // dec-octet: no leading zero in a longer octet.
            [a @ b'1'..=b'9', b] if b.is_ascii_digit() => u32::from(a - b'0') * 10 + u32::from(b - b'0'),
            [a @ b'1'..=b'2', b, c] if b.is_ascii_digit() && c.is_ascii_digit() => {
                u32::from(a - b'0') * 100 + u32::from(b - b'0') * 10 + u32::from(c - b'0')
            }
            _ => return false,
        };
        if octets > 4 || value > 255 {
            return false;
        }
    }
    octets == 4
}

/// Checks the draft's `IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit`
/// (seed 000 §4.3.1): any number of digits per group, so `999.0001.0.0` is one.
pub(crate) fn ipv4_2396(s: &[u8]) -> Result<(), usize> {
    all_consuming((digit1, char('.'), digit1, char('.'), digit1, char('.'), digit1))
        .parse(s)
        .map(drop)
        .map_err(|e| failed_at(s, e))
}

/// Why an IPv6 address is malformed: in the address, or in the IPv4 address that ends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ipv6Error {
    /// The IPv6 structure breaks at this offset.
    Ipv6(usize),
    /// The `ls32` IPv4 form starting the last piece breaks at this offset.
    Ipv4(usize),
}

/// Checks an RFC 3986 `IPv6address`.
///
/// The nine ABNF forms of §3.2.2 say together: 16-bit pieces (`h16`) joined by `:`, the last
/// two of which may be written as one `IPv4address` (`ls32`); eight pieces, or at most seven
/// around a single `::` that stands for the rest (RFC 4291 §2.2). Walking the pieces once and
/// counting checks exactly that, with no backtracking, and finds the first offending byte.
/// A zone identifier (`%25eth0`, RFC 6874) is not part of RFC 3986 and is rejected at its `%`.
pub(crate) fn ipv6(s: &[u8]) -> Result<(), Ipv6Error> {
    let mut i = 0;
    let mut pieces = 0;
    let mut elided = false;
    if s.starts_with(b"::") {
        elided = true;
        i = 2;
    }
    while i < s.len() {
        let rest = &s[i..];
        let max = if elided { 7 } else { 8 };
        let hex = rest.iter().position(|&b| !chars::is(b, HEXDIG)).unwrap_or(rest.len());
        if rest.get(hex) == Some(&b'.') {
            // ls32 as an IPv4 address: the last piece, standing for two.
            ipv4(rest).map_err(|at| Ipv6Error::Ipv4(i + at))?;
            if pieces + 2 > max {
                return Err(Ipv6Error::Ipv6(i));
            }
            pieces += 2;
            break;
        }
        // h16 = 1*4HEXDIG, from the run of hex digits already counted.
        match hex {
            0 => return Err(Ipv6Error::Ipv6(i)),
            5.. => return Err(Ipv6Error::Ipv6(i + 4)), // a fifth hex digit
            _ => {}
        }
        let after = &rest[hex..];
        if pieces == max {
            return Err(Ipv6Error::Ipv6(i));
        }
        pieces += 1;
        i = s.len() - after.len();
        match after {
            [] => {}
            [b':', b':', ..] if elided => return Err(Ipv6Error::Ipv6(i)), // a second "::"
            [b':', b':', ..] if pieces == 8 => return Err(Ipv6Error::Ipv6(i)), // nothing left to elide
            [b':', b':', ..] => {
                elided = true;
                i += 2;
            }
            [b':'] => return Err(Ipv6Error::Ipv6(i + 1)), // a piece must follow a single ':'
            [b':', ..] => i += 1,
            _ => return Err(Ipv6Error::Ipv6(i)),
        }
    }
    if elided || pieces == 8 { Ok(()) } else { Err(Ipv6Error::Ipv6(s.len())) }
}

/// ```text
/// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
/// ```
/// (RFC 3986 §3.2.2). ABNF strings are case-insensitive (RFC 5234 §2.3), so `V` does too.
fn ipv_future(i: &[u8]) -> Res<'_, ()> {
    (
        satisfy(|c| c == 'v' || c == 'V'),
        take_while1(|b| chars::is(b, HEXDIG)),
        char('.'),
        take_while1(|b| chars::is(b, UNRESERVED | SUB_DELIMS) || b == b':'),
    )
        .map(drop)
        .parse(i)
}

/// Checks an RFC 3986 `IPvFuture`.
pub(crate) fn ipvfuture(s: &[u8]) -> Result<(), usize> {
    all_consuming(ipv_future).parse(s).map(drop).map_err(|e| failed_at(s, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v6(s: &str) -> Result<(), Ipv6Error> {
        ipv6(s.as_bytes())
    }

    #[test]
    fn the_hand_written_ipv4_check_agrees_with_the_grammar() {
        let octets = [
            "", "0", "00", "01", "1", "9", "10", "99", "100", "199", "200", "249", "250", "255", "256",
            "260", "299", "300", "999", "0000", "1000", "a", "1a", "-1",
        ];
        let mut checked = 0;
        for a in octets {
            for b in octets {
                for c in ["0", "255", "256", "01", ""] {
                    for d in octets {
                        for s in [
                            format!("{a}.{b}.{c}.{d}"),
                            format!("{a}.{b}.{d}"),
                            format!("{a}.{b}.{c}.{d}.{a}"),
                        ] {
                            assert_eq!(is_ipv4(s.as_bytes()), ipv4(s.as_bytes()).is_ok(), "{s:?}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        for s in ["", ".", "...", "1.2.3.4.", ".1.2.3.4", "1.2.3.4 ", "1,2.3.4"] {
            assert_eq!(is_ipv4(s.as_bytes()), ipv4(s.as_bytes()).is_ok(), "{s:?}");
        }
        assert!(checked > 10_000);
    }

    #[test]
    fn dec_octets_are_0_to_255_without_leading_zeros() {
        for ok in ["0.0.0.0", "255.255.255.255", "192.0.2.16", "1.10.100.249", "9.99.199.250"] {
            assert_eq!(ipv4(ok.as_bytes()), Ok(()), "{ok}");
        }
        for (bad, at) in [
            ("256.1.1.1", 2),
            ("1.2.3.04", 7),
            ("01.2.3.4", 1),
            ("1.2.3", 5),
            ("1.2.3.4.", 7),
            ("1..2.3", 2),
            ("", 0),
            ("1.2.3.1000", 9),
            ("a.b.c.d", 0),
        ] {
            assert_eq!(ipv4(bad.as_bytes()), Err(at), "{bad}");
        }
    }

    #[test]
    fn draft_ipv4_is_four_digit_groups() {
        assert_eq!(ipv4_2396(b"999.0001.0.0"), Ok(()));
        assert_eq!(ipv4_2396(b"1.2.3"), Err(5));
        assert_eq!(ipv4_2396(b"1.2.3.4.5"), Err(7));
        assert_eq!(ipv4_2396(b"1.2.x.4"), Err(4));
    }

    #[test]
    fn every_ipv6_form_of_rfc3986_and_rfc4291() {
        for ok in [
            // RFC 3986 §3.2.2, one per ABNF form.
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::2:3:4:5:6:7:8",
            "::2:3:4:5:6:1.2.3.4",
            "1::3:4:5:6:7:8",
            "::3:4:5:6:7:8",
            "1:2::4:5:6:7:8",
            "1:2::4:5:6:1.2.3.4",
            "1:2:3::5:6:7:8",
            "1:2:3:4::6:7:8",
            "1:2:3:4:5::7:8",
            "1:2:3:4:5::1.2.3.4",
            "1:2:3:4:5:6::8",
            "1:2:3:4:5:6:7::",
            "::8",
            "::",
            // RFC 4291 §2.2 examples.
            "ABCD:EF01:2345:6789:ABCD:EF01:2345:6789",
            "2001:DB8:0:0:8:800:200C:417A",
            "2001:DB8::8:800:200C:417A",
            "FF01::101",
            "::1",
            "0:0:0:0:0:0:13.1.68.3",
            "0:0:0:0:0:FFFF:129.144.52.38",
            "::13.1.68.3",
            "::FFFF:129.144.52.38",
            "2001:0DB8:0000:CD30:0000:0000:0000:0000",
            "2001:0DB8::CD30:0:0:0:0",
            "2001:0DB8:0:CD30::",
            "fe80::0202:b3ff:fe1e:8329",
            "2001:db8::7",
        ] {
            assert_eq!(v6(ok), Ok(()), "{ok}");
        }
        use Ipv6Error::{Ipv4, Ipv6};
        for (bad, err) in [
            ("", Ipv6(0)),
            ("1:2:3:4:5:6:7", Ipv6(13)),         // too few pieces
            ("1:2:3:4:5:6:7:8:9", Ipv6(16)),     // too many
            ("1:2:3:4:5:6:7:8::", Ipv6(15)),     // "::" with eight pieces
            ("::1:2:3:4:5:6:7:8", Ipv6(16)),     // eight pieces besides "::"
            ("1:2:3:4:5:6:7::8", Ipv6(15)),      // seven plus one around "::"
            ("1::2::3", Ipv6(4)),                // two "::"
            ("::1::", Ipv6(3)),                  // two "::"
            (":::", Ipv6(2)),                    // a third colon
            ("1:::2", Ipv6(3)),                  // a third colon
            (":1:2:3:4:5:6:7", Ipv6(0)),         // a lone leading colon
            ("1:2:3:4:5:6:7:", Ipv6(14)),        // a lone trailing colon
            ("12345::", Ipv6(4)),                // five hex digits
            ("::g", Ipv6(2)),                    // not hex
            ("fe80::1%25eth0", Ipv6(7)),         // no zone id in RFC 3986
            ("fe80::1%eth0", Ipv6(7)),           // nor RFC 4007's form
            ("1:2:3:4:5:6:7:1.2.3.4", Ipv6(14)), // ls32 as the ninth piece
            ("1:2:3:4:5:6::1.2.3.4", Ipv6(13)),  // IPv4 with "::" and six pieces
            ("1:2:3:4:5:1.2.3.4", Ipv6(17)),     // too few pieces with an IPv4 tail
            ("::1.2.3.4:1", Ipv4(9)),            // IPv4 not last
            ("::1.2.3.256", Ipv4(10)),           // bad dec-octet
            ("::1.2.3.04", Ipv4(9)),             // leading zero
            ("::1.2.3", Ipv4(7)),                // three octets
            ("::ffff:1.2.3.4.5", Ipv4(14)),      // five octets
            ("1.2.3.4", Ipv6(7)),                // IPv4 alone
            ("::a.b.c.d", Ipv4(2)),              // hex before a dot
        ] {
            assert_eq!(v6(bad), Err(err), "{bad}");
        }
    }

    #[test]
    fn ipvfuture_is_v_hex_dot_and_something() {
        for ok in ["v1.x", "V7.fe80::1", "vFF.a:b!$&'()*+,;=-._~"] {
            assert_eq!(ipvfuture(ok.as_bytes()), Ok(()), "{ok}");
        }
        for (bad, at) in [("v.x", 1), ("v1", 2), ("v1.", 3), ("vg.x", 1), ("w1.x", 0), ("v1.a/b", 4), ("", 0)]
        {
            assert_eq!(ipvfuture(bad.as_bytes()), Err(at), "{bad}");
        }
    }
}
