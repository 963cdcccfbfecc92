//! Playing moves: checked and unchecked, the special moves, and perft's make and take back.

use super::{IllegalMove, PlyState, Position, SETTLED};
use crate::cells::{Cell, COORDS, SINGLE};
use crate::men::{Color, Piece, Role};
use crate::moves::Move;
use crate::setup::Special;
use crate::tables::{FORWARD, KING_HOME, ROOK_BITS, ROOK_HOME, STEPS, ZOBRIST};
use hexvar_geometry::table::NO_CELL;

impl Position {
    /// Plays a move known to be legal (the hot path). An illegal move leaves the position in
    /// an unspecified (but memory-safe) state.
    // Out of line: inlined into the perft loop it measured 15 % more instructions per leaf.
    #[inline(never)]
    pub fn play_unchecked(&mut self, m: Move) {
        self.start_ply();
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => self.play_normal(role, from.index(), capture, to.index(), promotion),
            special => self.play_special(special),
        }
        self.finish_ply();
        // The line bits at once, in place: a position played this way is listed or asked about
        // next (a game, a search, Python's board), and deferred bits cost each generation on it
        // a copy of the lines to settle (perft's leaves defer them: `play_man`).
        self.settle_lines();
    }

    /// Passes the turn, for search (a null move): the other side to move, the e.p. or scornful
    /// right gone, the halfmove clock raised as by any ply that is no pawn move or capture, the
    /// hash that of the passed position's text read afresh. Refused (`false`, the position
    /// unchanged) in check, where passing would leave the king attacked on the other side's
    /// turn.
    ///
    /// ```
    /// use hexvar_cescacs::{Color, Position};
    ///
    /// let mut pos = Position::new();
    /// assert!(pos.play_null());
    /// assert_eq!(pos.turn(), Color::Black);
    /// let reread: Position = pos.to_string().parse()?;
    /// assert_eq!(reread.zobrist_hash(), pos.zobrist_hash());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_null(&mut self) -> bool {
        if self.is_check() {
            return false;
        }
        // The deferred line flips are the last mover's, whom the turn names: before it passes.
        self.settle_lines();
        self.start_ply();
        self.finish_ply();
        true
    }

    /// Everything but the men, for [`Position::take_back_man`]: the same for every move from
    /// one position, so that perft saves it once per node. (Saved per move, right after the
    /// previous move's take-back had restored it, its load spanned two of the restore's stores
    /// and could not be forwarded from them: a stall per move.)
    #[inline(always)]
    pub(crate) fn ply_state(&self) -> PlyState {
        self.state
    }

    /// Plays an ordinary move or capture without promotion of the man `role` known to be legal
    /// (perft plays the set-wise layer's destinations this way, with no [`Move`] to build), and
    /// returns the role it took, which [`Position::take_back_man`] needs with the position's
    /// [`Position::ply_state`] from before the move. The position must be settled
    /// ([`Position::settle_lines`]), so that the take-back knows its lines.
    #[inline(always)]
    pub(crate) fn play_man(&mut self, role: Role, from: usize, to: usize) -> Option<Role> {
        debug_assert!(self.state.unsettled == [SETTLED; 2]);
        // A legal destination holds an enemy man or none.
        let captured = self.roles[to];
        self.start_ply();
        self.play_normal(role, from, captured, to, None);
        self.finish_ply();
        captured
    }

    /// Takes back the move [`Position::play_man`] played (make and take back: perft plays its
    /// leaves on one position instead of copying it per move), given the role it took and the
    /// ply state from before it. The position is as `play_man` left it, or settled since.
    #[inline(always)]
    pub(crate) fn take_back_man(
        &mut self,
        role: Role,
        from: usize,
        to: usize,
        captured: Option<Role>,
        before: &PlyState,
    ) {
        if self.state.unsettled[0] == SETTLED {
            // Settled since the move: flip the moved man's line bits back.
            let mover = before.turn;
            self.lines.toggle(from, mover);
            if captured.is_none() {
                self.lines.toggle(to, mover);
            } else {
                self.lines.swap_sides(to);
            }
        }
        self.state = *before;
        let c = self.state.turn.index();
        let (from_bit, to_bit) = (&SINGLE[from], &SINGLE[to]);
        self.by_color[c] ^= *from_bit | *to_bit;
        self.by_role[role.index()] ^= *from_bit | *to_bit;
        self.roles[from] = Some(role);
        self.roles[to] = captured;
        if let Some(cap) = captured {
            self.by_color[c ^ 1] ^= *to_bit;
            self.by_role[cap.index()] ^= *to_bit;
        }
    }

    /// The start of every ply: the one-ply special right gone (and its key out of the hash), the
    /// clock raised (a pawn move or capture resets it).
    #[inline(always)]
    fn start_ply(&mut self) {
        self.state.hash ^= self.state.special_key;
        self.state.special_key = 0;
        self.state.special = Special::None;
        self.state.halfmove_clock = self.state.halfmove_clock.saturating_add(1);
    }

    /// Sets a side's castling rights (an index into [`Color::ALL`]) and their key in the hash:
    /// where they change, so that a ply need not compare them.
    #[inline(always)]
    fn set_castling(&mut self, side: usize, bits: u8) {
        let keys = &ZOBRIST.castling_rights[side];
        let old = self.state.castling[side];
        if old != bits {
            self.state.hash ^= keys[old as usize & 7] ^ keys[bits as usize & 7];
            self.state.castling[side] = bits;
        }
    }

    /// Sets the one-ply special right a pawn's move creates, and its key in the hash.
    #[inline(always)]
    fn set_special(&mut self, special: Special) {
        let key = Position::special_key(special);
        self.state.special = special;
        self.state.special_key = key;
        self.state.hash ^= key;
    }

    /// The end of every ply: the move number and the side to move.
    #[inline(always)]
    fn finish_ply(&mut self) {
        // After Black's move (index 1), without a branch.
        let black_moved = self.state.turn.index() as u32;
        self.state.fullmove_number = self.state.fullmove_number.saturating_add(black_moved);
        self.state.turn = self.state.turn.other();
        self.state.hash ^= ZOBRIST.black;
    }

    /// The special moves (out of line: the ordinary move is the hot path).
    #[inline(never)]
    fn play_special(&mut self, m: Move) {
        // The men change here at once, lines and all: the last ply's deferred flips first (a
        // deferred arrival reads from the lines whether it took a man).
        self.settle_lines();
        let us = self.state.turn;
        match m {
            Move::Normal { .. } => unreachable!("an ordinary move is played by play_normal"),
            Move::EnPassant {
                from, to, victim, ..
            } => {
                self.remove(victim.index());
                self.remove(from.index());
                self.put(
                    to.index(),
                    Piece {
                        color: us,
                        role: Role::Pawn,
                    },
                );
                self.state.halfmove_clock = 0;
            }
            Move::Scornful {
                from,
                to,
                promotion,
                ..
            } => {
                self.remove(to.index());
                self.remove(from.index());
                self.put(
                    to.index(),
                    Piece {
                        color: us,
                        role: promotion.unwrap_or(Role::Pawn),
                    },
                );
                self.state.halfmove_clock = 0;
            }
            Move::Castle { castling: c, .. } => {
                let home = KING_HOME[us.index()].index();
                self.remove(home);
                if let Some(d) = c.queen_rook_to(us) {
                    self.remove(ROOK_HOME[us.index()][0].index());
                    self.put(
                        d.index(),
                        Piece {
                            color: us,
                            role: Role::Rook,
                        },
                    );
                }
                if let Some(d) = c.king_rook_to(us) {
                    self.remove(ROOK_HOME[us.index()][1].index());
                    self.put(
                        d.index(),
                        Piece {
                            color: us,
                            role: Role::Rook,
                        },
                    );
                }
                self.put(
                    c.king_to(us).index(),
                    Piece {
                        color: us,
                        role: Role::King,
                    },
                );
                self.set_castling(us.index(), 0);
            }
            Move::Promote { at, role } => {
                self.remove(at.index());
                self.put(at.index(), Piece { color: us, role });
                self.state.halfmove_clock = 0;
            }
        }
    }

    /// An ordinary move or capture, `capture` as the move says (the move is legal).
    #[inline(always)]
    fn play_normal(
        &mut self,
        role: Role,
        from: usize,
        capture: Option<Role>,
        to: usize,
        promotion: Option<Role>,
    ) {
        let us = self.state.turn;
        let c = us.index();
        let placed = promotion.unwrap_or(role);
        let (from_bit, to_bit) = (&SINGLE[from], &SINGLE[to]);
        if let Some(cap) = capture {
            let them = us.other();
            self.by_color[them.index()] ^= *to_bit;
            self.by_role[cap.index()] ^= *to_bit;
            self.state.hash ^= ZOBRIST.pieces[them.index()][cap.index()][to];
            self.state.halfmove_clock = 0;
            if cap == Role::Rook {
                self.clear_rook_right(them, to);
            }
        }
        self.defer_line_toggles([from as u8, to as u8]);
        self.by_color[c] ^= *from_bit | *to_bit;
        self.by_role[role.index()] ^= *from_bit;
        self.by_role[placed.index()] ^= *to_bit;
        self.roles[from] = None;
        self.roles[to] = Some(placed);
        self.state.hash ^=
            ZOBRIST.pieces[c][role.index()][from] ^ ZOBRIST.pieces[c][placed.index()][to];
        match role {
            Role::King => self.set_castling(c, 0),
            Role::Rook => self.clear_rook_right(us, from),
            Role::Pawn => self.pawn_moved(from, to),
            _ => {}
        }
    }

    /// After a pawn move: the clock, and the e.p. or scornful right it creates.
    #[inline(always)]
    fn pawn_moved(&mut self, from: usize, to: usize) {
        let us = self.state.turn;
        self.state.halfmove_clock = 0;
        let (fc, fl) = COORDS[from];
        let (tc, tl) = COORDS[to];
        if fc == tc {
            let steps = tl.abs_diff(fl) / 2;
            if steps >= 2 {
                self.set_special(Special::EnPassant {
                    pawn: Cell::ALL[to],
                    steps,
                });
            }
        } else if tl.abs_diff(fl) == 1 {
            let front = STEPS[from][FORWARD[us.index()]];
            if front != NO_CELL && self.pieces(us.other(), Role::Pawn).has(front as usize) {
                self.set_special(Special::Scornful {
                    pawn: Cell::ALL[to],
                    capturer: Cell::ALL[front as usize],
                });
            }
        }
    }

    fn clear_rook_right(&mut self, color: Color, cell: usize) {
        let c = color.index();
        for (home, bit) in ROOK_HOME[c].iter().zip(ROOK_BITS) {
            if cell == home.index() {
                self.set_castling(c, self.state.castling[c] & !bit);
            }
        }
    }

    /// Plays a move if it is legal; otherwise leaves the position untouched.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        IllegalMove::unless(self.is_legal(mv), mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }
}
