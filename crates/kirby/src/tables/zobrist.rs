//! Zobrist keys of Kirby's positions.

use hexvar_geometry::zobrist::KeyStream;

use crate::cells::CELLS;
use crate::men::{ARMIES, PIECE_CODES};

/// Zobrist keys: one per (cell, piece code 1..=42), then extra keys for the turn, castling
/// rights, dead armies and waiting pawns.
pub(crate) struct Zobrist {
    pub(crate) piece: [[u64; PIECE_CODES]; CELLS],
    pub(crate) waiting: [u64; CELLS],
    pub(crate) turn: [u64; ARMIES],
    pub(crate) castling: [[u64; 2]; ARMIES],
    pub(crate) dead: [u64; ARMIES],
}

const fn zobrist() -> Zobrist {
    let mut stream = KeyStream::new(0x4b69_7262_7948_6578);
    Zobrist {
        piece: stream.table(),
        waiting: stream.keys(),
        turn: stream.keys(),
        castling: stream.table(),
        dead: stream.keys(),
    }
}

pub(crate) const ZOBRIST: &Zobrist = &zobrist();
