//! Checks the crates' tests share, written once: each variant crate's test names its own data
//! (files, positions, spellings) and calls one of these. Each returns `Err` with every failure it
//! found, by file and line where there is one, so a test ends in `.unwrap()`; geometry's own tests
//! show each failing on a wrong input.
//!
//! [`crate::long`], [`crate::null_move`], [`crate::hash_perft`] and [`crate::perft`] hold the
//! checks that belong beside their machinery; these are the rest.

mod game;
mod game_end;
mod layout;
mod listing;
mod long_notation;
pub mod oracle;
mod parsing;
mod perft_data;
mod san;
mod texts;

pub use game::{check_record_round_trip, play_sans, random_game, Rng};
pub use game_end::{
    check_agreement, check_finished, check_repetition_draw, check_zeroing_restarts_repetitions,
};
pub use layout::test_files_are_modules;
pub use listing::legal_move_texts;
pub use long_notation::{
    check_long_notation, check_long_notation_file, random_texts, LongNotation,
};
pub use parsing::read_as_everything;
pub use perft_data::{
    bench_positions, check_perft_agrees, check_perft_files, PerftData, AGREEMENT_CAP,
};
pub use san::check_san_round_trips;
pub use texts::{check_position_texts, NOT_ASCII_SPACES};

/// One `#[test]` a line, each calling a generic check with its variant and argument, so that a
/// crate's per-variant tests are each one line of data:
///
/// ```ignore
/// hexvar_geometry::variant_tests! { legal_moves_only;
///     legal_moves_only_brusky: hexvar_brusky::Position, 6;
///     /// Doc comments and attributes stay with their test.
///     legal_moves_only_dagger: hexvar_dagger::Position, 6;
/// }
/// ```
#[macro_export]
macro_rules! variant_tests {
    ($check:ident; $($(#[$meta:meta])* $name:ident: $variant:ty, $arg:expr;)+) => {
        $(
            $(#[$meta])*
            #[test]
            fn $name() {
                $check::<$variant>($arg);
            }
        )+
    };
}
