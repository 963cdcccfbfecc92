//! Legal move generation: the set-wise layer ([`Position::for_each_piece_moves`]) and the list
//! layer ([`Position::legal_moves`]).
//!
//! The generator first computes the king's situation ([`Masks`]): the checkers, the check mask
//! (where a non-king move must land: on the single checker or between it and the king; nowhere
//! in double check), and the pins (slider pins, and the Elephant's two-step "pin" of the man on
//! the hex in front of the king, whose two-step attack that man blocks). Then one function per
//! piece kind intersects its destinations with those masks, so no ordinary move is played out.
//! King steps are tested against the attacks on the board as it is, the step behind the king
//! from a man checking it along a line ruled out (the one hex the king hides). The generator
//! reports to a [`MoveSink`]: a closure's visit, or a count that, out of check, counts the
//! unpinned men without building their destination sets (sliders on their lines).
//!
//! The King's leap and castlings go onto hexes not attacked now; afterwards only the lines
//! through K′ and a home a rook leaves can reach K′, which a look at that one line's nearest
//! men after the castling sees. Played out on a copy (make and test) are only the rare moves whose legality
//! the masks cannot see: e.p. and scornful captures (two men leave the board), king steps onto
//! the hexes the enemy's unmoved king attacks by its leap, and every move while that leap gives
//! check (a move that checks the enemy king switches its leap attacks off, rules §7.2).

use crate::cells::{for_each_index, Cell, CellSet, SINGLE};
use crate::lines::{
    places, LineOccupancy, Occupied, ALL_AXES, COLUMN_AXIS, DIAGONAL_AXES, ORTHOGONAL_AXES,
};
use crate::men::{Color, Piece, Role};
use crate::moves::{Move, MoveList};
use crate::position::{elephant_targets, Position};
use crate::setup::Special;
use crate::tables::{
    cell_set, nearest, FORWARD, KING_HOME, KNIGHT, NO_CELL_U8, PAWN_ATTACKS, PAWN_OBLIQUE,
    PAWN_PUSHES, PAWN_PUSH_COUNT, PROMOTION_REACH, RAYS, RIDE_BEYOND,
};
use std::borrow::Cow;

mod king;
mod masks;
mod perft;
mod piece_moves;
mod special;

use masks::Masks;
pub(crate) use perft::{perft, perft_without_bulk};
pub use piece_moves::{PieceMoves, PieceMovesIter};

/// From this many free king steps on, the king's steps are judged on one map of the enemy's
/// attacks rather than one attack test each (measured: 6 was best while slider attacks were
/// ray scans; with the line look-ups the tests got cheaper, and 8 or 9 measure best).
const KING_STEPS_FOR_MAP: u32 = 8;

/// The most pins at once: one per line direction from the king, plus the Elephant's.
const MAX_PINS: usize = 13;
/// The direction code of the Elephant's pin in [`Masks::pins`].
const ELEPHANT_PIN: u8 = u8::MAX;

/// Where the generator reports: each man's destinations (and each special move), or, for a
/// sink that only counts, the number of moves of the men whose destinations it need not build.
pub(crate) trait MoveSink {
    /// Whether the sink only counts: out of check, the unpinned sliders and the pawns away from
    /// their edge are then counted on their lines, with no destination set.
    const COUNTS: bool;
    /// One man's legal moves, or one special move; `false` stops the generation.
    fn moves(&mut self, pm: PieceMoves) -> bool;
    /// Moves counted without a destination set (asked only when [`MoveSink::COUNTS`]).
    fn add(&mut self, n: usize);
}

/// A sink that hands every man's moves to a closure ([`Position::for_each_piece_moves`]).
struct Visit<F>(F);

impl<F: FnMut(PieceMoves) -> bool> MoveSink for Visit<F> {
    const COUNTS: bool = false;
    #[inline(always)]
    fn moves(&mut self, pm: PieceMoves) -> bool {
        (self.0)(pm)
    }
    fn add(&mut self, _: usize) {
        unreachable!("a visiting sink is never handed a bare count")
    }
}

/// A sink that appends every man's moves to a list ([`Position::legal_moves_into`]): each
/// report's loop is written where the generator reports it, with no call per man.
struct List<'l>(&'l mut MoveList);

impl MoveSink for List<'_> {
    const COUNTS: bool = false;
    #[inline(always)]
    fn moves(&mut self, pm: PieceMoves) -> bool {
        pm.push_into(self.0);
        true
    }
    fn add(&mut self, _: usize) {
        unreachable!("a listing sink is never handed a bare count")
    }
}

/// A sink that counts the moves ([`Position::legal_move_count`]).
struct Count(usize);

impl MoveSink for Count {
    const COUNTS: bool = true;
    #[inline(always)]
    fn moves(&mut self, pm: PieceMoves) -> bool {
        self.0 += pm.len();
        true
    }
    #[inline(always)]
    fn add(&mut self, n: usize) {
        self.0 += n;
    }
}

/// What every piece generator needs.
#[derive(Clone, Copy)]
struct Ctx<'a> {
    pos: &'a Position,
    us: Color,
    them: Color,
    occ: CellSet,
    /// The occupied cells line by line.
    lines: &'a LineOccupancy,
    own: CellSet,
    enemy: CellSet,
    /// The king's situation, by reference: a copy of the block right after `masks` wrote it
    /// read it with wider loads than its stores, which cannot be forwarded (a stall per node).
    masks: &'a Masks,
    promotions: [u16; 3],
    /// The King's leap hexes not attacked now, while the king may still leap or castle (its
    /// leap hexes are the castlings' K′ too); empty otherwise.
    open_leaps: CellSet,
}

impl Ctx<'_> {
    /// Reports one man's destinations (if any) to `f`; `false` when `f` stopped.
    #[inline(always)]
    fn emit<S: MoveSink>(&self, role: Role, from: usize, to: CellSet, sink: &mut S) -> bool {
        to.is_empty()
            || sink.moves(PieceMoves {
                pos: self.pos,
                piece: Piece {
                    color: self.us,
                    role,
                },
                from: Cell::ALL[from],
                to,
                promotions: self.promotions,
                special: None,
            })
    }

    /// Reports one special move to `f`.
    #[inline]
    fn emit_special<S: MoveSink>(&self, m: Move, role: Role, sink: &mut S) -> bool {
        sink.moves(PieceMoves {
            pos: self.pos,
            piece: Piece {
                color: self.us,
                role,
            },
            from: m.from().unwrap_or(m.to()),
            to: cell_set(m.to().index()),
            promotions: self.promotions,
            special: Some(m),
        })
    }
}

impl Position {
    /// The set-wise layer: calls `f` once per (man, from-cell, destination set) with at least
    /// one legal move, and once per special move (e.p., scornful capture, castling, in-place
    /// promotion). Stops early when `f` returns `false`; returns whether it ran to the end.
    ///
    /// ```
    /// use hexvar_cescacs::{Move, Position, Role};
    ///
    /// let pos = Position::new();
    /// let mut knight_moves = 0;
    /// let finished = pos.for_each_piece_moves(|pm| {
    ///     if pm.piece.role == Role::Knight {
    ///         knight_moves += pm.len();
    ///         assert_eq!(pm.len(), pm.into_iter().count());
    ///     }
    ///     true
    /// });
    /// assert!(finished);
    /// // The set-wise layer counts what the move list lists.
    /// let listed = pos.legal_moves().iter()
    ///     .filter(|m| matches!(m, Move::Normal { role: Role::Knight, .. }))
    ///     .count();
    /// assert_eq!(knight_moves, listed);
    /// ```
    pub fn for_each_piece_moves<F: FnMut(PieceMoves) -> bool>(&self, f: F) -> bool {
        self.generate(&mut Visit(f))
    }

    /// The generator behind the set-wise layer, reporting to `sink`.
    fn generate<S: MoveSink>(&self, sink: &mut S) -> bool {
        let us = self.turn();
        let them = us.other();
        let mut spare = None;
        let occupied = Occupied {
            cells: self.occupied(),
            lines: Cow::Borrowed(self.settled_lines(&mut spare)),
        };
        let occ = occupied.cells;
        let masks = self.masks(&occupied);
        let mut open_leaps = CellSet::EMPTY;
        if self.king_unmoved(us) && !masks.in_check() {
            // Own men stand on the leap hexes in most positions: judge only the others.
            let free = KNIGHT[KING_HOME[us.index()].index()] - self.by_color(us);
            if !free.is_empty() {
                let attackers = self.attacker_sets(them);
                for_each_index(free, |t| {
                    if !attackers.attack(t, &occupied) && !self.leap_attacks(t, them, &occupied) {
                        open_leaps |= cell_set(t);
                    }
                });
            }
        }
        let ctx = Ctx {
            pos: self,
            us,
            them,
            occ,
            lines: &occupied.lines,
            own: self.by_color(us),
            enemy: self.by_color(them),
            masks: &masks,
            // Asked only by pawns that may reach their edge and by a scornful capture.
            promotions: if self
                .pieces(us, Role::Pawn)
                .intersects(&PROMOTION_REACH[us.index()])
                || matches!(self.special(), Special::Scornful { .. })
            {
                self.promotion_masks(us)
            } else {
                [0; 3]
            },
            open_leaps,
        };
        if !ctx.masks.in_check() {
            if let Some(finished) = ctx.forced_promotions(sink) {
                return finished;
            }
        }
        if ctx.masks.leap_check {
            return ctx.moves_in_leap_check(sink);
        }
        if S::COUNTS {
            ctx.count_all_slider_moves(sink);
        }
        ctx.pawns(sink)
            && ctx.elephants(sink)
            && ctx.knights(sink)
            && ctx.all_sliders(sink)
            && ctx.king_moves(sink)
            && ctx.special_captures(sink)
            && ctx.castlings(sink)
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        MoveList::filled_by(|list| self.legal_moves_into(list))
    }

    /// All legal moves, into a caller's list (cleared first).
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.generate(&mut List(list));
    }

    /// The number of legal moves (a popcount per man).
    pub fn legal_move_count(&self) -> usize {
        let mut count = Count(0);
        self.generate(&mut count);
        count.0
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        !self.for_each_piece_moves(|pm| pm.is_empty())
    }
}

impl Ctx<'_> {
    /// Pawn steps (straight one, two, three from a triple-step hex; oblique) and captures.
    fn pawns<S: MoveSink>(&self, sink: &mut S) -> bool {
        let c = self.us.index();
        let forward = FORWARD[c];
        let pawns = self.pos.pieces(self.us, Role::Pawn);
        let (counted, _) = self.split::<S>(pawns - PROMOTION_REACH[c]);
        if S::COUNTS {
            sink.add(self.count_pawn_moves(counted));
        }
        self.emit_each(Role::Pawn, pawns - counted, sink, |from| {
            // Straight steps stop before the first occupied hex on the forward ray.
            let ray = RAYS[from][forward];
            let open = match nearest(&(ray & self.occ), forward) {
                None => ray,
                Some(n) => ray - RAYS[n][forward] - SINGLE[n],
            };
            (open & PAWN_PUSHES[c][from])
                | (PAWN_OBLIQUE[c][from] - self.occ)
                | (PAWN_ATTACKS[c][from] & self.enemy)
        })
    }

    /// The moves of unpinned pawns away from their promotion edge, out of check: the free
    /// hexes ahead on the pawn's column (up to its two or three steps), the empty oblique
    /// hexes, the enemies on its capture hexes.
    #[inline(always)]
    fn count_pawn_moves(&self, pawns: CellSet) -> usize {
        let c = self.us.index();
        // White steps up its column line (the axis's positive direction), Black down.
        let up = self.us == Color::White;
        let mut n = 0;
        for_each_index(pawns, |from| {
            let column = places(from)[COLUMN_AXIS];
            let most = usize::from(PAWN_PUSH_COUNT[c][from]);
            // Oblique steps go to edge neighbours, captures to diagonal ones: never one hex.
            let steps = (PAWN_OBLIQUE[c][from] - self.occ) | (PAWN_ATTACKS[c][from] & self.enemy);
            n += self.lines.free_run_within(column, up, most) + steps.len() as usize;
        });
        n
    }

    /// Elephants: four diagonal steps, one or two straight forward.
    fn elephants<S: MoveSink>(&self, sink: &mut S) -> bool {
        let (counted, listed) = self.split::<S>(self.pos.pieces(self.us, Role::Elephant));
        if S::COUNTS {
            let mut n = 0;
            for_each_index(counted, |from| {
                n += (elephant_targets(from, self.us, &self.occ) - self.own).len() as usize;
            });
            sink.add(n);
        }
        self.emit_each(Role::Elephant, listed, sink, |from| {
            elephant_targets(from, self.us, &self.occ) - self.own
        })
    }

    /// Knights: twelve leaps, and the non-capturing ride (the leap twice over an empty hex).
    fn knights<S: MoveSink>(&self, sink: &mut S) -> bool {
        let (counted, listed) = self.split::<S>(self.pos.pieces(self.us, Role::Knight));
        if S::COUNTS {
            let mut n = 0;
            for_each_index(counted, |from| n += self.knight_move_count(from));
            sink.add(n);
        }
        self.emit_each(Role::Knight, listed, sink, |from| self.knight_targets(from))
    }

    /// Reports the legal moves of each man of kind `role` on `listed`, whose destinations
    /// before the king's masks are `targets(from)`; `false` when the sink stopped.
    #[inline(always)]
    fn emit_each<S: MoveSink>(
        &self,
        role: Role,
        listed: CellSet,
        sink: &mut S,
        targets: impl Fn(usize) -> CellSet,
    ) -> bool {
        // Most kinds have no man to list for a counting sink: skip the three words' loops.
        if listed.is_empty() {
            return true;
        }
        // Word by word, each word in a register (the set's iterator kept it in memory).
        for (w, &word) in listed.0.iter().enumerate() {
            let mut men = word;
            while men != 0 {
                let from = w * 64 + men.trailing_zeros() as usize;
                let to = self.masks.restrict(from, targets(from), self.us);
                if !self.emit(role, from, to, sink) {
                    return false;
                }
                men &= men - 1;
            }
        }
        true
    }

    /// A Knight's leaps not onto its own men, and its rides over the empty leap hexes.
    #[inline(always)]
    fn knight_targets(&self, from: usize) -> CellSet {
        let mut to = KNIGHT[from] - self.own;
        for_each_index(KNIGHT[from] - self.occ, |over| {
            let dest = RIDE_BEYOND[from][over];
            if dest != NO_CELL_U8 && !self.occ.has(dest as usize) {
                to |= cell_set(usize::from(dest));
            }
        });
        to
    }

    /// The number of [`Ctx::knight_targets`], counted without building the set: the rides
    /// land on no leap hex and each on its own hex, so they add one each.
    #[inline(always)]
    fn knight_move_count(&self, from: usize) -> usize {
        let mut n = (KNIGHT[from] - self.own).len() as usize;
        for_each_index(KNIGHT[from] - self.occ, |over| {
            let dest = RIDE_BEYOND[from][over];
            n += usize::from(dest != NO_CELL_U8 && !self.occ.has(usize::from(dest)));
        });
        n
    }

    /// The men of a kind that a counting sink counts without a destination set (out of check,
    /// the unpinned ones), and the others.
    #[inline(always)]
    fn split<S: MoveSink>(&self, men: CellSet) -> (CellSet, CellSet) {
        if S::COUNTS && self.masks.checkers.is_empty() {
            let counted = men - self.masks.pinned;
            (counted, men - counted)
        } else {
            (CellSet::EMPTY, men)
        }
    }

    /// Every slider kind in turn ([`Ctx::sliders`]). A counting sink out of check with no man
    /// pinned has had them all counted by `count_all_slider_moves`: five calls that would each
    /// find no man to list are skipped (2 % of the bulk perft's instructions at the start).
    #[inline(always)]
    fn all_sliders<S: MoveSink>(&self, sink: &mut S) -> bool {
        if S::COUNTS && self.masks.checkers.is_empty() && self.masks.pinned.is_empty() {
            return true;
        }
        self.sliders(Role::Bishop, sink)
            && self.sliders(Role::Rook, sink)
            && self.sliders(Role::Pegasus, sink)
            && self.sliders(Role::Wyvern, sink)
            && self.sliders(Role::Queen, sink)
    }

    /// The sliders: Bishop, Rook, Queen, and the Pegasus and Wyvern with their knight leap.
    fn sliders<S: MoveSink>(&self, role: Role, sink: &mut S) -> bool {
        // A counting sink has had the others counted by `count_all_slider_moves`.
        let (_, listed) = self.split::<S>(self.pos.pieces(self.us, role));
        let (lines, own) = (self.lines, self.own);
        // One loop per role: the role's match outside the loop over its men.
        match role {
            Role::Bishop => self.emit_each(role, listed, sink, |from| {
                lines.slide(from, DIAGONAL_AXES) - own
            }),
            Role::Rook => self.emit_each(role, listed, sink, |from| {
                lines.slide(from, ORTHOGONAL_AXES) - own
            }),
            Role::Pegasus => self.emit_each(role, listed, sink, |from| {
                (lines.slide(from, DIAGONAL_AXES) | KNIGHT[from]) - own
            }),
            Role::Wyvern => self.emit_each(role, listed, sink, |from| {
                (lines.slide(from, ORTHOGONAL_AXES) | KNIGHT[from]) - own
            }),
            _ => self.emit_each(role, listed, sink, |from| lines.slide(from, ALL_AXES) - own),
        }
    }

    /// For a counting sink: the moves of all unpinned sliders out of check, counted on their
    /// lines, kind by kind of line rather than role by role (a Queen is on both lists), and
    /// the knight leaps of the Pegasi and Wyverns.
    fn count_all_slider_moves<S: MoveSink>(&self, sink: &mut S) {
        let role = |r: Role| self.pos.pieces(self.us, r);
        let queens = role(Role::Queen);
        let (orthogonal, _) = self.split::<S>(role(Role::Rook) | role(Role::Wyvern) | queens);
        let (diagonal, _) = self.split::<S>(role(Role::Bishop) | role(Role::Pegasus) | queens);
        let (leapers, _) = self.split::<S>(role(Role::Pegasus) | role(Role::Wyvern));
        let mut n = 0;
        for_each_index(orthogonal, |from| {
            n += self.lines.count_slides(from, ORTHOGONAL_AXES, self.them);
        });
        for_each_index(diagonal, |from| {
            n += self.lines.count_slides(from, DIAGONAL_AXES, self.them);
        });
        for_each_index(leapers, |from| {
            n += (KNIGHT[from] - self.own).len() as usize;
        });
        sink.add(n);
    }
}
