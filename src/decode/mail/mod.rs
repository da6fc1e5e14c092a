pub(crate) mod binary;
pub(crate) mod header;
pub(crate) mod mbox;
pub(crate) mod mime;
