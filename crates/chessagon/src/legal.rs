//! The list layer over the set-wise generator: legal moves, checked play, move text.

use crate::movegen::{MovesKind, PieceMoves};
use crate::moves::{normalise, Move, MoveList, ParseMoveError};
use crate::position::{IllegalMove, Position};
use hexvar_geometry::san::cut;
use hexvar_geometry::Set128 as CellSet;
use hexvar_geometry::{CensusQuery, MoveCensus};

impl Position {
    /// Play a move if it is legal; otherwise leave the position untouched.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        IllegalMove::unless(self.is_legal(m), m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        let from = m.origin();
        let to = m.to().bit();
        let mut found = false;
        self.for_each_piece_moves(|pm| {
            if pm.from == from && pm.to.0 & to != 0 {
                found = pm.into_iter().any(|x| x == m);
            }
            !found
        });
        found
    }

    /// The legal move a text names: the notation (`c3d5`, `a10a12=Q`, `b8b10ep`, `O-O@f3`), or
    /// just origin and destination for any legal move (`a10a12`, `b8b10`, `e1f3`). Surrounding
    /// spaces, trailing `+ # ! ?` and letter case are forgiven (`C3D5+`, `o-o@f3`).
    ///
    /// ```
    /// use hexvar_chessagon::Position;
    ///
    /// let pos = Position::new();
    /// let m = pos.parse_move("f3e5")?;
    /// assert_eq!(pos.parse_move(" F3E5+ ")?, m);
    /// assert!(pos.parse_move("f3f9").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let m: Move = normalise(text)
            .parse()
            .map_err(|_| ParseMoveError::Notation(cut(text, 100)))?;
        let moves = self.legal_moves();
        if moves.contains(&m) {
            return Ok(m);
        }
        if let Move::Normal { from, to } = m {
            if let Some(&found) = moves.iter().find(|x| x.origin() == from && x.to() == to) {
                return Ok(found);
            }
        }
        Err(ParseMoveError::NotLegal(cut(text, 100)))
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        MoveList::filled_by(|list| self.legal_moves_into(list))
    }

    /// Fills `list` with the legal moves (it is cleared first).
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.for_each_piece_moves(|pm| {
            list.extend(pm);
            true
        });
    }

    /// [`Variant::census_moves_into`](hexvar_geometry::Variant::census_moves_into) set-wise:
    /// each man's destinations are counted by population count, and only its captures (the
    /// destinations holding a man, which a legal move never takes of its own side; en passant)
    /// or every move from a cell of `listed_from` are listed, in the order of
    /// [`Position::legal_moves_into`] (promotion is to a Queen only: a destination is a move).
    pub fn census_moves_into(&self, list: &mut MoveList, query: &CensusQuery<'_>) -> MoveCensus {
        let set = |words: &[u64]| {
            u128::from(words.first().copied().unwrap_or(0))
                | u128::from(words.get(1).copied().unwrap_or(0)) << 64
        };
        let (uncounted, zone, listed_from) = (
            set(query.uncounted),
            set(query.zone),
            set(query.listed_from),
        );
        let occupied = self.occupied().0;
        let mut census = MoveCensus::default();
        list.clear();
        self.for_each_piece_moves(|pm| {
            let n = pm.to.0.count_ones();
            census.legal += n;
            if pm.from.bit() & uncounted == 0 {
                census.counted += n;
                census.in_zone += (pm.to.0 & zone).count_ones();
            }
            let listed = if pm.from.bit() & listed_from != 0 {
                pm.to.0
            } else {
                match pm.kind {
                    MovesKind::Normal => pm.to.0 & occupied,
                    MovesKind::EnPassant => pm.to.0,
                    MovesKind::Castle => 0,
                }
            };
            if listed != 0 {
                list.extend(PieceMoves {
                    to: CellSet(listed),
                    ..pm
                });
            }
            true
        });
        census.listed = list.len();
        census
    }

    /// Whether the side to move has a legal move (stops at the first).
    pub fn has_legal_move(&self) -> bool {
        !self.for_each_piece_moves(|_| false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set-wise census lists and counts as the filtering of the whole legal list does,
    /// over the positions of a seeded random game.
    #[test]
    fn census_is_the_filtered_legal_list() {
        use hexvar_geometry::{has_bit, CensusQuery};
        let mut pos = Position::new();
        let mut seed = 7_u64;
        for _ in 0..300 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut words = [[0_u64; 2]; 3];
            for (k, w) in words.iter_mut().enumerate() {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                w[0] = seed >> (k * 7) & seed.rotate_left(17);
                w[1] = (seed >> 32) & 0xFFFF_FFFF;
            }
            let query = CensusQuery {
                uncounted: &words[0],
                zone: &words[1],
                listed_from: &words[2],
            };
            let mut list = MoveList::default();
            let census = pos.census_moves_into(&mut list, &query);
            let bit = |set: &[u64], c: crate::Cell| has_bit(set, c.index());
            let counted: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| !bit(query.uncounted, m.origin()))
                .collect();
            let listed: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| bit(query.listed_from, m.origin()) || pos.captured(m).is_some())
                .collect();
            assert_eq!(census.legal as usize, moves.len());
            assert_eq!(census.counted as usize, counted.len());
            let in_zone = counted.iter().filter(|m| bit(query.zone, m.to())).count();
            assert_eq!(census.in_zone as usize, in_zone);
            assert_eq!(&list[..census.listed], &listed[..]);
            pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
        }
    }

    #[test]
    fn play_is_checked_and_hash_is_incremental() {
        let mut pos = Position::new();
        let before = pos;
        assert!(pos
            .play(Move::Normal {
                from: "e1".parse().unwrap(),
                to: "e2".parse().unwrap()
            })
            .is_err());
        assert_eq!(pos, before);
        for text in ["e3e6", "e13e10", "f3e5", "d15d13"] {
            let m = pos.parse_move(text);
            if let Ok(m) = m {
                pos.play(m).unwrap();
                assert_eq!(pos.zobrist_hash(), pos.compute_hash(), "{text}");
            }
        }
        assert_ne!(pos.zobrist_hash(), before.zobrist_hash());
    }
}
