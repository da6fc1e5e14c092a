#![no_main]
//! Fuzz target `extract`: see `fuzz/oracles.rs` for what it checks.

#[path = "../oracles.rs"]
mod oracles;

libfuzzer_sys::fuzz_target!(|data: &[u8]| oracles::extract(data));
