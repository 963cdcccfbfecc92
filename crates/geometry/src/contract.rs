//! The names of the contract (docs/architecture.md) that every variant crate re-exports from
//! geometry unchanged, listed once: a crate writes `pub use hexvar_geometry::contract::*;` and a
//! user still writes `hexvar_brusky::San` or `hexvar_kirby::perft`.
//!
//! ```
//! use hexvar_geometry::contract::*;
//!
//! let reason: DrawReason = DrawReason::Stalemate;
//! assert_eq!(reason.to_string(), "stalemate");
//! assert!(Disambiguation::ALL.contains(&Disambiguation::File));
//! ```

pub use crate::perft::{divide, perft, perft_without_bulk};
pub use crate::{
    Disambiguation, DrawReason, GameOptionError, LongMoveError, ParseSanError, RecordError,
    RecordErrorKind, San,
};
