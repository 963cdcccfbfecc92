//! Making moves: placing and lifting men with the hash kept, castling rights, waiting pawns,
//! captures, promotion, and the turn passing to the next live army.

use crate::cells::CELLS;
use crate::men::{Color, Piece, Role, ARMIES};
use crate::moves::{Move, ParseMoveError};
use crate::position::{IllegalMove, Position};
use crate::tables::{castle_targets, CastleSide, PAWNS, ROOK_CORNER, ZOBRIST};

/// `NEXT_LIVE[alive][army]`: the next army clockwise after `army` in the set of live armies
/// `alive` (a seat bit mask), or `army` itself when no other army lives.
const NEXT_LIVE: &[[Color; ARMIES]; 1 << ARMIES] = &{
    let mut table = [[Color::Black; ARMIES]; 1 << ARMIES];
    let mut alive = 0;
    while alive < 1 << ARMIES {
        let mut from = 0;
        while from < ARMIES {
            let mut next = Color::ALL[from];
            let mut step = 1;
            while step <= ARMIES {
                let a = (from + step) % ARMIES;
                if alive & (1 << a) != 0 {
                    next = Color::ALL[a];
                    break;
                }
                step += 1;
            }
            table[alive][from] = next;
            from += 1;
        }
        alive += 1;
    }
    table
};

impl Position {
    #[inline]
    pub(crate) fn put(&mut self, cell: usize, piece: Piece) {
        let code = piece.code();
        self.mailbox[cell] = code;
        // Word-wise updates (a whole-set copy per update is measurably slower).
        let (w, bit) = (cell / 64, 1u64 << (cell % 64));
        self.by_color[piece.color.index()].0[w] |= bit;
        self.by_role[piece.role.index()].0[w] |= bit;
        self.occupied.0[w] |= bit;
        self.hash ^= ZOBRIST.piece[cell][code as usize];
    }

    #[inline]
    pub(crate) fn remove(&mut self, cell: usize) -> Piece {
        let code = self.mailbox[cell];
        let piece = Piece::from_code(code);
        self.mailbox[cell] = 0;
        let (w, bit) = (cell / 64, !(1u64 << (cell % 64)));
        self.by_color[piece.color.index()].0[w] &= bit;
        self.by_role[piece.role.index()].0[w] &= bit;
        self.occupied.0[w] &= bit;
        self.hash ^= ZOBRIST.piece[cell][code as usize];
        piece
    }

    /// Clears the castling rights of `army` named by the [`CastleSide`] bits `bits`.
    pub(crate) fn clear_castling(&mut self, army: usize, bits: u8) {
        for castle in CastleSide::BOTH {
            if bits & castle.bit() != 0 && self.castling[army] & castle.bit() != 0 {
                self.castling[army] &= !castle.bit();
                self.hash ^= ZOBRIST.castling[army][castle as usize - 1];
            }
        }
    }

    /// Clears the castling right whose rook starts on `cell` (the rook leaves it or is
    /// captured there).
    #[inline]
    fn touch_castling(&mut self, cell: usize) {
        if let Some((army, castle)) = ROOK_CORNER[cell] {
            self.clear_castling(army.index(), castle.bit());
        }
    }

    pub(crate) fn waiting_remove(&mut self, army: usize, i: usize) {
        let cell = self.waiting[army].as_slice()[i] as usize;
        self.hash ^= ZOBRIST.waiting[cell];
        self.waiting[army].remove_at(i);
    }

    fn waiting_push(&mut self, army: usize, cell: usize) {
        self.waiting[army].push(cell);
        self.hash ^= ZOBRIST.waiting[cell];
    }

    /// Handles the capture of `piece` (already removed from `cell`): waiting-pawn bookkeeping,
    /// castling rights, and the replacement of a lost power piece by the oldest waiting pawn
    /// (rules §5: "the lost piece replaces the waiting Pawn").
    fn on_captured(&mut self, cell: usize, piece: Piece) {
        let a = piece.color.index();
        self.touch_castling(cell);
        if self.alive & (1 << a) == 0 {
            return;
        }
        if piece.role == Role::Pawn {
            if let Some(i) = self.waiting[a].position(cell) {
                self.waiting_remove(a, i);
            }
        } else if piece.role.is_power() {
            if let Some(w) = self.waiting[a].oldest() {
                self.waiting_remove(a, 0);
                self.remove(w);
                self.put(w, piece);
            }
        }
    }

    /// Moves the pawn of the army to move from `from` to `to` in its promotion zone: it becomes
    /// `promotion`, or with nothing to claim it waits (or keeps waiting).
    fn pawn_reaches_zone(&mut self, from: usize, to: usize, promotion: Option<Role>) -> Role {
        let us = self.turn.index();
        match promotion {
            Some(role) => role,
            None => {
                match self.waiting[us].position(from) {
                    Some(i) => {
                        self.hash ^= ZOBRIST.waiting[from] ^ ZOBRIST.waiting[to];
                        self.waiting[us].move_to(i, to);
                    }
                    None => self.waiting_push(us, to),
                }
                Role::Pawn
            }
        }
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]; an illegal move leaves
    /// a broken position). Then passes the turn clockwise to the next live army, eliminating
    /// checkmated armies on the way.
    pub fn play_unchecked(&mut self, m: Move) {
        self.apply(m);
        self.resolve();
    }

    /// Plays a legal move and passes the turn, leaving the elimination test of the new turn
    /// to the caller ([`Position::resolve`]): perft resolves only where the army to move turns
    /// out to have no move. Always inlined: perft's move loop calls it for every move, and
    /// a larger program (xtask) otherwise keeps it out of line.
    #[inline(always)]
    pub(crate) fn apply(&mut self, m: Move) {
        let us = self.turn.index();
        match m {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let (from, to) = (from.index(), to.index());
                let mut piece = self.remove(from);
                if self.mailbox[to] != 0 {
                    let captured = self.remove(to);
                    self.on_captured(to, captured);
                }
                match piece.role {
                    Role::King => {
                        self.kings[us] = to as u16;
                        self.clear_castling(us, CastleSide::ALL_BITS);
                    }
                    Role::Rook => self.touch_castling(from),
                    Role::Pawn if PAWNS[us].promotes.has(to) => {
                        piece.role = self.pawn_reaches_zone(from, to, promotion);
                    }
                    _ => {}
                }
                self.put(to, piece);
            }
            Move::Castle { king, rook } => {
                let (kt, rt) = castle_targets(king, rook);
                let k = self.remove(king.index());
                let r = self.remove(rook.index());
                self.put(kt.index(), k);
                self.put(rt.index(), r);
                self.kings[us] = kt.index() as u16;
                self.clear_castling(us, CastleSide::ALL_BITS);
            }
            Move::Relocate { from, to, reclaim } => self.relocate(from, to, reclaim),
        }
        self.pass_turn();
    }

    /// Plays `m` if it is legal; otherwise leaves the position untouched.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove { mv: m })
        }
    }

    /// The legal move that `text` names, in [`Move`]'s notation. Forgiving: surrounding
    /// spaces, lower-case letters, `x` for a capture (`A16xB15`) and trailing `+ # ! ?` are
    /// accepted.
    ///
    /// ```
    /// use hexvar_kirby::Position;
    ///
    /// let pos = Position::new();
    /// let m = pos.legal_moves()[0];
    /// let typed = format!(" {}+ ", m.to_string().to_lowercase());
    /// assert_eq!(pos.parse_move(&typed)?, m);
    /// assert!(pos.parse_move("A1-A2").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let m = Move::parse_forgiving(text)?;
        if self.is_legal(m) {
            Ok(m)
        } else {
            Err(ParseMoveError::NotLegal(text.to_string()))
        }
    }

    /// Passes the turn without a move, as a search's null move: the next live army clockwise
    /// is to move, and what the rules do at the start of its turn happens (a checkmated army is
    /// eliminated and the turn passes on, as after a move), so the position and its hash are
    /// those a fresh parse of the passed position gives. Kirby's game has no en passant.
    /// Returns `false` and leaves the position unchanged where passing is not sound: the army
    /// to move is in check, or the game is over.
    ///
    /// ```
    /// use hexvar_kirby::{Color, Position};
    ///
    /// let mut pos = Position::new();
    /// assert!(pos.play_null());
    /// assert_eq!(pos.turn(), Color::White);
    /// ```
    pub fn play_null(&mut self) -> bool {
        if self.one_team_left() || self.is_check() {
            return false;
        }
        self.pass_turn();
        self.resolve();
        true
    }

    /// The next live army clockwise after the army to move: the army to move after any move
    /// (eliminations aside, which come at the start of its turn).
    #[inline]
    pub(crate) fn next_live(&self) -> Color {
        // `alive` has six bits: the mask only spares the bounds test.
        NEXT_LIVE[self.alive as usize & ((1 << ARMIES) - 1)][self.turn.index()]
    }

    /// Passes the turn to the next live army clockwise, the hash kept. Whether the new army to
    /// move is in check is then set by [`Position::resolve`], which follows every pass but
    /// perft's (whose positions between a move and its resolution nobody asks; a store less a
    /// move in perft's walk).
    pub(crate) fn pass_turn(&mut self) {
        let next = self.next_live();
        self.hash ^= ZOBRIST.turn[self.turn.index()] ^ ZOBRIST.turn[next.index()];
        self.turn = next;
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = ZOBRIST.turn[self.turn.index()];
        for c in 0..CELLS {
            if self.mailbox[c] != 0 {
                h ^= ZOBRIST.piece[c][self.mailbox[c] as usize];
            }
        }
        for a in 0..ARMIES {
            for castle in CastleSide::BOTH {
                if self.castling[a] & castle.bit() != 0 {
                    h ^= ZOBRIST.castling[a][castle as usize - 1];
                }
            }
            if self.seated & !self.alive & (1 << a) != 0 {
                h ^= ZOBRIST.dead[a];
            }
            for &c in self.waiting[a].as_slice() {
                h ^= ZOBRIST.waiting[c as usize];
            }
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use hexvar_geometry::Variant;

    use crate::{Color, Position};

    /// The position a fresh parse gives for `pos` with `turn` to move.
    fn with_turn(pos: &Position, turn: Color) -> Position {
        let mut setup = pos.to_setup();
        setup.turn = turn;
        Position::from_setup(setup).expect("a valid position")
    }

    /// The next army clockwise after the one to move that is in play, found seat by seat.
    fn next_in_play(pos: &Position) -> Color {
        let mut army = pos.turn().next();
        while !pos.in_play(army) {
            army = army.next();
        }
        army
    }

    /// On every conformance position and each position one move later: a null move is refused
    /// (the position unchanged) exactly in check or when the game is over; otherwise it gives
    /// the position, hash and legal moves of a fresh parse with the next live army to move.
    #[test]
    fn a_null_move_passes_the_turn_as_a_fresh_parse_would() {
        let (mut passed, mut refused) = (0, 0);
        for text in crate::conformance_texts() {
            let root: Position = text.parse().expect("a valid position");
            let mut positions = vec![root.clone()];
            for m in root.legal_moves() {
                let mut next = root.clone();
                next.play_unchecked(m);
                positions.push(next);
            }
            for pos in positions {
                // Through the trait, which delegates to the inherent method.
                let mut null = pos.clone();
                if pos.is_check() || pos.outcome().is_some() {
                    assert!(!Variant::play_null(&mut null), "{pos}");
                    assert_eq!(null, pos);
                    assert_eq!(null.zobrist_hash(), pos.zobrist_hash());
                    refused += 1;
                    continue;
                }
                assert!(Variant::play_null(&mut null), "{pos}");
                let fresh = with_turn(&pos, next_in_play(&pos));
                assert_eq!(null, fresh, "{pos}");
                assert_eq!(null.zobrist_hash(), fresh.zobrist_hash(), "{pos}");
                assert_eq!(
                    null.legal_moves().as_slice(),
                    fresh.legal_moves().as_slice()
                );
                passed += 1;
            }
        }
        assert!(
            passed > 1000 && refused > 10,
            "{passed} passed, {refused} refused"
        );
    }
}
