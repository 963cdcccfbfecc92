//! The tables of Kirby's board, built at compile time: the cell graph and its rays,
//! slider, leaper and pawn look-ups, castling geometry and Zobrist keys.
//!
//! Each table is a `const` reference (`const T: &[..] = &..`) rather than a `static`: the
//! position-independent binaries reached a `static` through the global offset table, a load in
//! series with every table read, where a constant's data is addressed directly. A reference,
//! not an array by value, so that no build copies a table to index it. (The crate's speed notes
//! on the rules page give the measurement.)

mod castling;
mod graph;
mod leapers;
mod pawns;
mod sliders;
mod watch;
mod zobrist;

pub(crate) use castling::{castle_targets, CastleSide, ROOK_CORNER};
pub(crate) use graph::{GRAPH, RAYS};
pub(crate) use leapers::{KING_ATTACKS, KNIGHT_ATTACKS};
pub(crate) use pawns::{
    pent_bits, sideboard_bits, sideboard_set, PawnCells, PAWNS, PAWN_ATTACKERS_ANY, PAWN_CELLS,
};
pub(crate) use sliders::{
    bishop_attacks, rook_attacks, slider_attacks_toward, slider_hits, slot_is_rook, RayList,
    BISHOP_FIRST_STEPS, BISHOP_RAYS, BISHOP_REACH, ROOK_FIRST_STEPS, ROOK_RAYS, ROOK_REACH,
};
pub(crate) use watch::ATTACK_WATCH;
pub(crate) use zobrist::ZOBRIST;
