//! Zobrist keys.

use hexvar_geometry::zobrist::KeyStream;

use crate::cells::CELL_COUNT;

/// Zobrist keys: 14 pieces × 96 cells, then unmoved-pawn flags (96), en passant middle cells (96),
/// castling rights (16), side to move (1).
pub(crate) struct Zobrist {
    /// Piece on cell, by the piece's code (`color · 8 + role + 1`; rows 0 and 8, which
    /// no piece has, are zero).
    pub(crate) piece: [[u64; CELL_COUNT]; 16],
    /// Unmoved pawn (double push allowed) on cell.
    pub(crate) unmoved: [u64; CELL_COUNT],
    /// En passant middle cell.
    pub(crate) ep: [u64; CELL_COUNT],
    /// Castling rights bit set (no rights: key 0, so a position without rights hashes as none).
    pub(crate) castling: [u64; 16],
    /// Black to move.
    pub(crate) black: u64,
}

/// The seed of the key stream ("chessagon" in ASCII, truncated).
const ZOBRIST_SEED: u64 = 0x6368_6573_7361_676F;

const fn build_zobrist() -> Zobrist {
    let mut stream = KeyStream::new(ZOBRIST_SEED);
    let by_index: [[u64; CELL_COUNT]; 14] = stream.table();
    let mut piece = [[0; CELL_COUNT]; 16];
    let mut i = 0;
    while i < 14 {
        // White roles 0..7 take codes 1..8, Black ones codes 9..16.
        piece[i / 7 * 8 + i % 7 + 1] = by_index[i];
        i += 1;
    }
    let unmoved = stream.keys();
    let ep = stream.keys();
    let mut castling: [u64; 16] = stream.keys();
    castling[0] = 0;
    Zobrist {
        piece,
        unmoved,
        ep,
        castling,
        black: stream.next_key(),
    }
}

/// The Zobrist key table.
pub(crate) static ZOBRIST: Zobrist = build_zobrist();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zobrist_keys_are_distinct_and_no_rights_is_zero() {
        let z = &ZOBRIST;
        let mut all: Vec<u64> = z.piece.concat().into_iter().filter(|&k| k != 0).collect();
        assert_eq!(all.len(), 14 * CELL_COUNT);
        all.extend(z.unmoved);
        all.extend(z.ep);
        all.extend(&z.castling[1..]);
        all.push(z.black);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert_eq!(z.castling[0], 0);
    }
}
