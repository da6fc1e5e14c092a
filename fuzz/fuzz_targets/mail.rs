#![no_main]
//! Fuzz target `mail`: whole messages read as mail; see `fuzz/oracles.rs` for what it checks.

#[path = "../oracles.rs"]
mod oracles;

libfuzzer_sys::fuzz_target!(|data: &[u8]| oracles::mail(data));
