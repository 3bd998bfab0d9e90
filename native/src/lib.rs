//! Native kernels for grundy's games (Grundy values of impartial games; canonical values of
//! partizan games over the store in `canonical`), exposed to Python as `grundy._native`.
//!
//! Every kernel is plain Rust (tested by `cargo test` without Python); `python.rs` wraps
//! them for PyO3 when the `python` feature is on (maturin turns it on).

pub mod amazons;
pub mod atropos;
pub mod budget;
pub mod canonical;
pub mod clobber;
pub mod domineering;
pub mod domineering_outcome;
pub mod fission;
mod flat;
pub mod geography;
pub mod heaps;
pub mod hex;
pub mod hex_solver;
pub mod konane;
pub mod loopy;
pub mod matchmaker;
pub mod memo;
pub mod mex;
pub mod misere;
pub mod node_kayles;
mod sharing;
pub mod ski_jumps;
pub mod symmetric;
pub mod thermograph;
pub mod tinted;
pub mod transverse_wave;

#[cfg(feature = "python")]
mod python;
