//! The decoding stage in front of the engine.

pub(crate) mod qp;
