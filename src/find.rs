//! The trigger prefilter: where a URI may start.
