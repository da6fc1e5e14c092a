//! What a reader deciding whether to trust a link should know about it (issue 38 item 4): the
//! [`Flag`]s of a match, told from its components when asked ([`Match::flags`](crate::Match::flags)),
//! never while extracting.

use core::fmt;

use unicode_security::{MixedScript, skeleton};

use crate::uri::{HostKind, Uri};

/// Declares [`Flag`], its names and its order: a new flag is one line here, and its test where
/// [`Flags::of_uri`] or [`Match::flags`](crate::Match::flags) sets it.
macro_rules! flags {
    ($($(#[$doc:meta])* $variant:ident = $name:literal,)*) => {
        /// A property of a match that a reader deciding whether to trust it should know, by
        /// its [name](Flag::name) in the command line's output (`--json`'s `flags`,
        /// `{flags}`, `--flag NAME`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Flag {
            $($(#[$doc])* $variant,)*
        }

        impl Flag {
            /// Every flag, in the order a match lists them.
            pub const ALL: &'static [Flag] = &[$(Flag::$variant,)*];

            /// Its name: lower case, words joined by `-`.
            pub fn name(self) -> &'static str {
                match self {
                    $(Flag::$variant => $name,)*
                }
            }
        }
    };
}

flags! {
    /// A label of the host is an IDNA A-label (`xn--`); its Unicode form is
    /// [`Uri::host_unicode`].
    Punycode = "punycode",
    /// A label of the host mixes scripts (Unicode TR 39 §5.1, "single-script"): `pаypal` with a
    /// Cyrillic `а`. Told on the Unicode form of each label.
    MixedScript = "mixed-script",
    /// A label of the host outside ASCII is confusable with an ASCII one: its TR 39 skeleton
    /// (§4) is ASCII (`аррӏе`, all Cyrillic, looks like `apple`).
    Confusable = "confusable",
    /// There is a userinfo, credentials or a name before the host
    /// (`http://www.paypal.com@evil.example/`).
    Userinfo = "userinfo",
    /// The host is an IP address: a literal in brackets, a dotted IPv4 address, or a name a
    /// browser reads as one ([`Flag::NumericIp`]).
    IpHost = "ip-host",
    /// The host is an IPv4 address written otherwise than as four dotted decimals, read so by
    /// browsers (the WHATWG URL Standard): `http://3232235777/`, `http://0xC0A80001/`,
    /// `http://0300.0250.0.1/`, `http://192.168.1/`.
    NumericIp = "numeric-ip",
    /// The match was found inside another ([`Match::outer`](crate::Match::outer), with
    /// [`ExtractorBuilder::nested`](crate::ExtractorBuilder::nested)).
    Nested = "nested",
    /// The match was a defanged indicator reported refanged
    /// ([`Match::is_refanged`](crate::Match::is_refanged)).
    Refanged = "refanged",
}

impl Flag {
    /// The flag of this [name](Flag::name); `None` for an unknown name.
    pub fn from_name(name: &str) -> Option<Flag> {
        Flag::ALL.iter().copied().find(|f| f.name() == name)
    }

    fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

impl fmt::Display for Flag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`Flag`]s; iterated in the order of [`Flag::ALL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Flags(u32);

impl Flags {
    /// Whether `flag` is in the set.
    pub fn contains(self, flag: Flag) -> bool {
        self.0 & flag.bit() != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds `flag`.
    pub fn insert(&mut self, flag: Flag) {
        self.0 |= flag.bit();
    }

    /// The flags of the set, in the order of [`Flag::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Flag> {
        Flag::ALL.iter().copied().filter(move |&f| self.contains(f))
    }

    /// The flags a URI's components carry: all but those of how it was found
    /// ([`Flag::Nested`], [`Flag::Refanged`]), which [`Match::flags`](crate::Match::flags) adds.
    ///
    /// ```
    /// use urisift::uri::Uri;
    /// use urisift::{Flag, Flags};
    /// let flags = |s| Flags::of_uri(&Uri::parse(s).unwrap()).iter().collect::<Vec<_>>();
    /// assert_eq!(flags("https://example.com/"), []);
    /// assert_eq!(flags("http://www.paypal.com@evil.example/"), [Flag::Userinfo]);
    /// assert_eq!(flags("http://3232235777/"), [Flag::IpHost, Flag::NumericIp]);
    /// ```
    pub fn of_uri(uri: &Uri<'_>) -> Flags {
        let mut flags = Flags::default();
        if uri.userinfo().is_some() {
            flags.insert(Flag::Userinfo);
        }
        let Some(host) = uri.host() else { return flags };
        match uri.host_kind() {
            Some(HostKind::Ipv4 | HostKind::Ipv6 | HostKind::IpvFuture) => flags.insert(Flag::IpHost),
            Some(HostKind::RegName) => flags.0 |= name_flags(host).0,
            None => {}
        }
        flags
    }
}

impl fmt::Display for Flags {
    /// The names, comma-separated (`punycode,mixed-script`); empty for no flag.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, flag) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            f.write_str(flag.name())?;
        }
        Ok(())
    }
}

/// The flags of a registered name as written: [`Flag::Punycode`], the look-alike flags of its
/// Unicode form, and [`Flag::IpHost`] with [`Flag::NumericIp`] for a name a browser reads as an
/// IPv4 address.
fn name_flags(host: &str) -> Flags {
    use crate::uri::host::domain;
    let mut flags = Flags::default();
    if domain::has_punycode_label(host) {
        flags.insert(Flag::Punycode);
    }
    let Some(ascii) = domain::ascii_name(host) else { return flags };
    if domain::numeric_ipv4(&ascii).is_some() {
        flags.insert(Flag::IpHost);
        flags.insert(Flag::NumericIp);
        return flags;
    }
    // The Unicode form: of a name written in Unicode, or in A-labels; an ASCII name has no
    // label to look alike.
    let Some(unicode) = domain::host_unicode(&ascii) else { return flags };
    for label in unicode.split('.').filter(|l| !l.is_ascii()) {
        if !label.is_single_script() {
            flags.insert(Flag::MixedScript);
        }
        if skeleton(label).all(|c| c.is_ascii()) {
            flags.insert(Flag::Confusable);
        }
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(uri: &str) -> Vec<&'static str> {
        let parsed = Uri::parse(uri).unwrap_or_else(|e| panic!("{uri}: {e}"));
        Flags::of_uri(&parsed).iter().map(Flag::name).collect()
    }

    #[test]
    fn no_flags_on_a_plain_url() {
        for uri in ["https://example.com/", "mailto:a@example.com", "urn:isbn:0451450523", "file:///etc"] {
            assert_eq!(flags(uri), [] as [&str; 0], "{uri}");
        }
        // Unicode names in one script that look like no ASCII name.
        assert_eq!(flags("http://b%C3%BCcher.example/"), [] as [&str; 0]);
        assert_eq!(flags("http://%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/"), [] as [&str; 0]);
    }

    #[test]
    fn each_flag() {
        // pаypal.com with a Cyrillic а (U+0430), as written in A-labels and percent-encoded.
        assert_eq!(flags("http://xn--pypal-4ve.com/"), ["punycode", "mixed-script", "confusable"]);
        assert_eq!(flags("http://p%D0%B0ypal.com/"), ["mixed-script", "confusable"]);
        // аррӏе: all Cyrillic, one script, but its skeleton is ASCII.
        assert_eq!(flags("http://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/"), ["confusable"]);
        assert_eq!(flags("http://xn--bcher-kva.example/"), ["punycode"]);
        assert_eq!(flags("http://www.paypal.com@evil.example/"), ["userinfo"]);
        assert_eq!(flags("ftp://user:pw@ftp.example/"), ["userinfo"]);
        assert_eq!(flags("http://192.168.0.1/"), ["ip-host"]);
        assert_eq!(flags("http://[::1]:8080/"), ["ip-host"]);
        assert_eq!(flags("http://[v7.fe80::1]/"), ["ip-host"]);
        for uri in ["http://3232235777/", "http://0xC0A80001/", "http://0300.0250.0.1/", "http://192.168.1/"]
        {
            assert_eq!(flags(uri), ["ip-host", "numeric-ip"], "{uri}");
        }
        assert_eq!(flags("http://u@3232235777/"), ["userinfo", "ip-host", "numeric-ip"]);
    }

    #[test]
    fn names_round_trip_and_are_distinct() {
        for &flag in Flag::ALL {
            assert_eq!(Flag::from_name(flag.name()), Some(flag));
        }
        assert_eq!(Flag::from_name("nested"), Some(Flag::Nested));
        assert_eq!(Flag::from_name("nest"), None);
        let mut set = Flags::default();
        set.insert(Flag::Refanged);
        set.insert(Flag::Punycode);
        set.insert(Flag::Nested);
        assert_eq!(set.to_string(), "punycode,nested,refanged");
        assert_eq!(Flags::default().to_string(), "");
        assert!(Flag::ALL.len() < 32, "a flag is a bit of a u32");
    }
}
