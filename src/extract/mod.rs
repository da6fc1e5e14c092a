//! The extraction stage: the engine that runs the trigger loop, the candidate at each trigger
//! (its wrapper, readings and validation), the lane that decides common candidates in one pass,
//! and the queue the events wait in.

mod builder;
mod candidate;
mod engine;
mod iter;
mod lane;
mod mail;
mod nested;
mod options;
mod prefix;
mod queue;
mod refang;
mod rewritten;
mod validate;
mod web;

pub use builder::{ExtractorBuilder, UriFinder};
pub(crate) use iter::cut_mbox;
pub use iter::{
    BorrowedMatches, Extractor, Input, Matches, MboxCut, MessageStart, Reader, Seam, Slice, SliceMatch,
    SliceMatches,
};
pub use nested::NESTED_DEPTH;
pub use options::{MAIL_MAX, MailMode, WebMode};
pub use prefix::Prefix;
pub use web::WebTally;
