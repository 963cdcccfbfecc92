//! Checks the crates' tests share, written once: each variant crate's test names its own data
//! (files, positions, spellings) and calls one of these. Each returns `Err` with every failure it
//! found, by file and line where there is one, so a test ends in `.unwrap()`; geometry's own tests
//! show each failing on a wrong input.
//!
//! [`crate::long`], [`crate::null_move`], [`crate::hash_perft`] and [`crate::perft`] hold the
//! checks that belong beside their machinery; these are the rest.

mod layout;
mod long_notation;
mod perft_data;

pub use layout::test_files_are_modules;
pub use long_notation::{check_long_notation, LongNotation};
pub use perft_data::{
    bench_positions, check_perft_agrees, check_perft_files, PerftData, AGREEMENT_CAP,
};
