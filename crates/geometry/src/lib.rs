#![doc = include_str!("../README.md")]
//!
//! # Example
//!
//! ```
//! use hexvar_geometry::{table, Hex, Set128};
//!
//! // A radius-1 hexagon: the centre and its six orthogonal neighbours.
//! const CELLS: [Hex; 7] = [
//!     Hex::new(0, 0),
//!     Hex::new(1, 0),
//!     Hex::new(1, -1),
//!     Hex::new(0, -1),
//!     Hex::new(-1, 0),
//!     Hex::new(-1, 1),
//!     Hex::new(0, 1),
//! ];
//! static STEPS: [[u16; 6]; 7] = table::step_table(&CELLS, &Hex::ORTHOGONAL);
//! static KING: [u128; 7] = table::leap_sets_128(&STEPS);
//! assert_eq!(Set128(KING[0]).len(), 6);
//! assert_eq!(Set128(KING[1]).len(), 3);
//! ```
#![forbid(unsafe_code)]

pub mod checks;
mod const_for;
pub mod contract;
mod coordinates;
mod delegate;
mod dense;
mod draw;
pub mod dynamic;
mod errors;
pub mod game;
pub mod hash_perft;
pub mod hex;
mod letter;
mod line;
pub mod long;
mod long_text;
pub mod magic;
mod men;
mod movelist;
pub mod null_move;
pub mod perft;
pub mod position_text;
pub mod record;
mod record_report;
pub mod san;
mod san_text;
mod serde_text;
pub mod set;
pub mod square;
pub mod svg;
pub mod table;
mod tags;
pub mod tree;
pub mod triangle;
mod variant;
pub mod walk;
pub mod zobrist;

pub use draw::{DrawReason, DrawRules};
pub use dynamic::{DynGame, DynVariant, MoveInfo, OutcomeInfo, Status, TextError, VariantEntry};
pub use errors::{IllegalMove, ParsePositionError, PositionError};
pub use game::{Game, GameError, GameOptionError};
pub use hash_perft::{hash_perft, split_perft, PerftTable, Split};
pub use hex::Hex;
pub use letter::{parse_letter, ParseLetterError};
pub use long::LongMoveError;
pub use men::{ChessWinReason, Color, Outcome, WinReason};
pub use movelist::MoveList;
pub use perft::{divide, perft, perft_without_bulk, MAX_PERFT_DEPTH};
#[cfg(feature = "parallel")]
pub use perft::{divide_parallel, perft_parallel};
pub use record::{
    RecordError, RecordErrorKind, RecordReader, RecordWarning, RecordWarningKind, TagError,
};
pub use san::{Disambiguation, ParseSanError, San};
pub use serde_text::check_text_round_trips;
pub use set::{CellBits, DenseCell, Set128, WideSet};
pub use tree::{GameTree, Node, NodeId};
pub use variant::{
    cells_of, has_bit, CensusQuery, MoveCensus, Variant, VariantColor, VariantOutcome,
    VariantPiece, VariantRole,
};
