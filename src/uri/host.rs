//! The authority: userinfo, host (registered name, IPv4, IPv6 literal, IPvFuture) and port.
