//! The draft's `server` rules, which the generic syntax falls back from and the scheme rules use.

use super::*;
use ErrorKind::*;

/// Userinfo, host, host kind and port, as text.
type Server<'a> = (Option<&'a str>, &'a str, HostKind, Option<&'a str>);

/// `server` over the whole of `site`.
fn server_of(site: &str) -> Result<Server<'_>, (usize, ErrorKind)> {
    let a = server(site.as_bytes(), 0).map_err(|e| (e.index(), e.kind().clone()))?;
    let get = |p: Part| &site[p.range()];
    Ok((a.userinfo.map(get), get(a.host), a.kind, a.port.map(get)))
}

#[test]
fn servers_of_the_draft() {
    use HostKind::{Ipv4, RegName};
    for (site, want) in [
        ("", (None, "", RegName, None)),
        ("a", (None, "a", RegName, None)),
        ("a.b.", (None, "a.b.", RegName, None)),
        ("www.ics.uci.edu", (None, "www.ics.uci.edu", RegName, None)),
        ("www.3com.com", (None, "www.3com.com", RegName, None)),
        ("x-1.y--z.Q9", (None, "x-1.y--z.Q9", RegName, None)),
        ("@h", (Some(""), "h", RegName, None)),
        ("u:p@h:", (Some("u:p"), "h", RegName, Some(""))),
        ("h:080", (None, "h", RegName, Some("080"))),
        ("1.2.3.4", (None, "1.2.3.4", Ipv4, None)),
        ("999.999.999.999:1", (None, "999.999.999.999", Ipv4, Some("1"))),
    ] {
        assert_eq!(server_of(site), Ok(want), "{site:?}");
    }
}

#[test]
fn what_is_no_server() {
    for (site, err) in [
        ("a_b.com", (1, InvalidHost)),
        ("-a.com", (0, InvalidHost)),
        ("a-.com", (1, InvalidHost)),
        ("a.-b", (2, InvalidHost)),
        ("a..b", (2, InvalidHost)),
        (".", (0, InvalidHost)),
        ("a.b..", (4, InvalidHost)),
        ("3com", (0, InvalidHost)),
        ("www.3com", (4, InvalidHost)),
        ("a.b.c-", (5, InvalidHost)),
        ("%41.com", (0, InvalidHost)),
        ("a@b@c", (3, InvalidHost)),
        ("@", (1, InvalidHost)),
        (":80", (0, InvalidHost)),
        ("u@:80", (2, InvalidHost)),
        ("1.2.3", (5, InvalidIpv4)),
        ("1.2.3.4.5", (7, InvalidIpv4)),
        ("1..2.3", (2, InvalidIpv4)),
        ("1.2.3.4.", (7, InvalidIpv4)),
        ("h:8o", (3, InvalidPort)),
        ("h:1:2", (3, InvalidPort)),
        ("h b", (1, Excluded(' '))),
        ("u%zz@h", (1, InvalidPercentEscape)),
    ] {
        assert_eq!(server_of(site), Err(err), "{site:?}");
    }
}

#[test]
fn server_errors_index_the_whole_input() {
    // The scheme rules hand over the input cut after the authority, and where it starts.
    let input = "http://a_b.example:80";
    let err = server(input.as_bytes(), 7).unwrap_err();
    assert_eq!((err.index(), err.kind()), (8, &InvalidHost));
}
