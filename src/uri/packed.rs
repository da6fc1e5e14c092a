//! A URI's components packed into offsets, as a [`crate::Match`] keeps them.

/// The parser's components of a match, packed: matches are moved from the extractor to the
/// caller once each, and in URI-dense text those moves are a measurable share of the time
/// (see [`crate::Match`]). A URI is at most 1 GiB long (the builder's limit), so offsets fit in `u32`;
/// a scheme always starts the URI and a fragment always ends it (RFC 3986 §3), so neither
/// bound is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Parts {
    /// The end of the scheme; then `start, end` of authority, userinfo, host, port, path and
    /// query; then the start of the fragment. `NONE` for an undefined component.
    bounds: [u32; 14],
    host_kind: Option<super::HostKind>,
}

impl Parts {
    const NONE: u32 = u32::MAX;

    #[inline]
    pub(crate) fn new(c: &super::Components) -> Self {
        // Offsets are below the 1 GiB limit on URI length, so `as u32` keeps them.
        let pack = |p: Option<super::Part>| match p {
            Some(p) => [p.start as u32, p.end as u32],
            None => [Self::NONE; 2],
        };
        debug_assert!(c.scheme.is_none_or(|s| s.start == 0), "a scheme starts the URI");
        let [_, a] = pack(c.scheme);
        let [b, c0] = pack(c.authority);
        let [d, e] = pack(c.userinfo);
        let [f, g] = pack(c.host);
        let [h, i] = pack(c.port);
        let [j, k] = pack(Some(c.path));
        let [l, m] = pack(c.query);
        let [n, _] = pack(c.fragment);
        Parts { bounds: [a, b, c0, d, e, f, g, h, i, j, k, l, m, n], host_kind: c.host_kind }
    }

    /// The parts of a server URI without a userinfo (`scheme://host[:port]path[?query][#fragment]`),
    /// from the offsets of its components in the URI: the end of the scheme, the start and
    /// end of each component but the fragment, and where the fragment starts.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn server(
        scheme_end: u32,
        authority: [u32; 2],
        host: [u32; 2],
        host_kind: super::HostKind,
        port: Option<[u32; 2]>,
        path: [u32; 2],
        query: Option<[u32; 2]>,
        fragment: Option<u32>,
    ) -> Self {
        let [h, i] = port.unwrap_or([Self::NONE; 2]);
        let [l, m] = query.unwrap_or([Self::NONE; 2]);
        let bounds = [
            scheme_end,
            authority[0],
            authority[1],
            Self::NONE,
            Self::NONE,
            host[0],
            host[1],
            h,
            i,
            path[0],
            path[1],
            l,
            m,
            fragment.unwrap_or(Self::NONE),
        ];
        Parts { bounds, host_kind: Some(host_kind) }
    }

    /// The byte range of the scheme in the URI (it starts the URI), when there is one.
    pub(crate) fn scheme(&self) -> Option<core::ops::Range<usize>> {
        let end = self.bounds[0];
        (end != Self::NONE).then_some(0..end as usize)
    }

    /// The byte range of the host in the URI, when there is one.
    pub(crate) fn host(&self) -> Option<core::ops::Range<usize>> {
        let (start, end) = (self.bounds[5], self.bounds[6]);
        (start != Self::NONE).then_some(start as usize..end as usize)
    }

    /// What the host is, when there is one.
    pub(crate) fn host_kind(&self) -> Option<super::HostKind> {
        self.host_kind
    }

    /// The components of the URI of `len` bytes these parts were made from.
    pub(crate) fn components(&self, len: usize) -> super::Components {
        let b = &self.bounds;
        let part = |start: u32, end: u32| {
            (start != Self::NONE).then(|| super::Part::new(start as usize, end as usize))
        };
        super::Components {
            scheme: (b[0] != Self::NONE).then(|| super::Part::new(0, b[0] as usize)),
            authority: part(b[1], b[2]),
            userinfo: part(b[3], b[4]),
            host: part(b[5], b[6]),
            host_kind: self.host_kind,
            port: part(b[7], b[8]),
            path: part(b[9], b[10]).unwrap_or_default(),
            query: part(b[11], b[12]),
            fragment: (b[13] != Self::NONE).then(|| super::Part::new(b[13] as usize, len)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_give_back_their_components() {
        let text = "http://u@h:1/p?q#f";
        let uri = super::super::Uri::parse(text).unwrap();
        assert_eq!(Parts::new(&uri.parts()).components(text.len()), uri.parts());
        let text = "urn:example:a?+r#f";
        let uri = super::super::Uri::parse(text).unwrap();
        assert_eq!(Parts::new(&uri.parts()).components(text.len()), uri.parts());
        let text = "//h#";
        let uri = super::super::Uri::parse(text).unwrap();
        assert_eq!(Parts::new(&uri.parts()).components(text.len()), uri.parts());
    }
}
