#![no_main]
//! Fuzz target `parse`: see `fuzz/oracles.rs` for what it checks.

#[path = "../oracles.rs"]
mod oracles;

libfuzzer_sys::fuzz_target!(|data: &[u8]| oracles::parse(data));
