//! An entry of the IANA URI scheme registry: the types the generated table (`table.rs`) is
//! written in.

/// The registration status of a scheme in the IANA registry (RFC 7595 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// A permanent registration.
    Permanent,
    /// A provisional registration.
    Provisional,
    /// A historical registration: no longer in common use.
    Historical,
}

/// One entry of the IANA URI scheme registry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scheme {
    /// The scheme name, in lower case.
    pub name: &'static str,
    /// Its registration status.
    pub status: Status,
    /// The registry's description of the scheme.
    pub description: &'static str,
}
