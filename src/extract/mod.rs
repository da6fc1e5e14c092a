//! The extraction stage: the engine that runs the trigger loop, the candidate at each trigger
//! (its wrapper, readings and validation), the lane that decides common candidates in one pass,
//! and the queue the events wait in.

mod candidate;
mod engine;
mod queue;

pub use engine::{Extractor, ExtractorBuilder, SliceMatches};
