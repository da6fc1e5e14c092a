//! Normalization and equivalence (RFC 2396 §6; RFC 3986 §6.2.2–6.2.3).
