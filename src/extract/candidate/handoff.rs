//! What the engine and the general path hand each other at a trigger: where the candidate
//! starts ([`CandidateStart`]), the candidate with what it works with ([`Candidate`]: the
//! options, the reused buffers, the queue its events go to) and what became of the trigger
//! ([`Outcome`]). The readings written in modules of their own (`refang.rs`, `rewritten.rs`)
//! take a [`Candidate`] too.

use crate::delimit::Pieces;
use crate::extract::options::Options;
use crate::extract::queue::Queue;
use crate::matches::Span;

/// What became of a trigger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// No candidate here: go on after the trigger.
    Skip,
    /// A match (the last pending event) whose wrapper ends at this absolute offset.
    Matched(u64),
    /// A bare scan to this absolute offset found nothing valid.
    Scanned(u64),
    /// A candidate longer than the limit.
    Overlong(Span),
}

/// Buffers reused from candidate to candidate.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    pub(super) pieces: Pieces,
    pub(super) first: Vec<u8>,
    pub(super) second: Vec<u8>,
    pub(super) prefixed: String,
}

/// Where a candidate starts in a window: the first byte of its scheme (or of `www.`), and the
/// scheme's colon.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CandidateStart {
    /// The first byte: the scheme's, or `www.`'s.
    pub(crate) start: usize,
    /// The scheme's colon; `None` for an abbreviated URL.
    pub(crate) colon: Option<usize>,
}

/// One candidate being delimited and validated: the options, the reused buffers, and the queue
/// its events go to.
pub(crate) struct Candidate<'a> {
    pub(crate) opts: &'a Options,
    pub(crate) scratch: &'a mut Scratch,
    pub(crate) pending: &'a mut Queue,
}
