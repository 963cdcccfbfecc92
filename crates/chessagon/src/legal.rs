//! The list layer over the set-wise generator: legal moves, checked play, move text.

use crate::moves::{normalise, Move, MoveList, ParseMoveError};
use crate::position::{IllegalMove, Position};
use hexvar_geometry::san::cut;

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

    /// Whether the side to move has a legal move (stops at the first).
    pub fn has_legal_move(&self) -> bool {
        !self.for_each_piece_moves(|_| false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
