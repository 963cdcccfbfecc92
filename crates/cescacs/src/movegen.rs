//! Legal move generation: the set-wise layer ([`Position::for_each_piece_moves`]), the list
//! layer ([`Position::legal_moves`]) and perft.
//!
//! Out of check, ordinary moves are made legal with pin masks (slider pins, and the Elephant's
//! two-step "pin" of the piece on its first hex); king steps are tested against the attacks
//! with the king lifted off the board. Rare moves (e.p., scornful captures, King's leap,
//! castlings, king steps onto the enemy unmoved king's leap hexes) and every move while in
//! check are verified by copy-make.

use crate::board::FastBits;
use crate::board::{
    positive, Bits, Cell, Color, Piece, Role, CELL_COUNT, COLOR_CELLS, FORWARD, KING_HOME,
    KING_STEPS, KNIGHT, KNIGHT_STEPS, PAWN_ATTACKS, PAWN_OBLIQUE_DIRS, PROMOTION_EDGE, RAYS,
    RIDE_STEPS, ROOK_HOME, STEPS,
};
use crate::moves::{Castling, Move, MoveList};
use crate::position::{elephant_targets, slide, Position};
use crate::setup::Special;
use hexvar_geometry::table::NO_CELL;

/// The triple-step hexes of each side (§4): the initial pawn hexes minus the A, F and L pawns.
pub static TRIPLE_STEP: [Bits; 2] = {
    const fn set(cells: [(u8, u8); 8]) -> Bits {
        let mut b = Bits::EMPTY;
        let mut i = 0;
        while i < 8 {
            b = b.with(crate::board::cell_const(cells[i].0, cells[i].1).index());
            i += 1;
        }
        b
    }
    // White B4 C5 D6 E7 G7 H6 I5 K4; Black B24 C23 D22 E21 G21 H22 I23 K24.
    [
        set([
            (3, 4),
            (4, 5),
            (5, 6),
            (6, 7),
            (8, 7),
            (9, 6),
            (10, 5),
            (11, 4),
        ]),
        set([
            (3, 24),
            (4, 23),
            (5, 22),
            (6, 21),
            (8, 21),
            (9, 22),
            (10, 23),
            (11, 24),
        ]),
    ]
};

/// The legal moves of one piece from one cell: a destination set (set-wise layer), or one
/// special move.
#[derive(Clone, Copy, Debug)]
pub struct PieceMoves {
    /// The moving piece.
    pub piece: Piece,
    /// Where it stands.
    pub from: Cell,
    /// The destinations (for a special move: its single destination).
    pub to: Bits,
    promotions: [u16; 3],
    special: Option<Move>,
}

impl PieceMoves {
    /// The number of moves: a pawn destination on the promotion edge counts once per allowed
    /// promotion (once, as an awaiting move, if none is allowed).
    #[inline]
    pub fn len(&self) -> usize {
        if self.special.is_some() {
            return 1;
        }
        if self.piece.role != Role::Pawn {
            return self.to.len() as usize;
        }
        let edge = self.to & PROMOTION_EDGE[self.piece.color.index()];
        if edge.void() {
            return self.to.len() as usize;
        }
        let mut n = (self.to - edge).len() as usize;
        for k in 0..3 {
            let on = (edge & COLOR_CELLS[k]).len() as usize;
            if on > 0 {
                n += on * (self.promotions[k].count_ones().max(1) as usize);
            }
        }
        n
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The special move this entry stands for, if it is one.
    pub fn special(&self) -> Option<Move> {
        self.special
    }

    /// Appends the moves to a list; `pos` names the captured pieces.
    pub fn push_into(&self, pos: &Position, list: &mut MoveList) {
        if let Some(m) = self.special {
            list.push(m);
            return;
        }
        let role = self.piece.role;
        let from = self.from;
        for t in self.to.iter() {
            let capture = pos.piece_at_index(t).map(|p| p.role);
            let to = Cell::new_unchecked(t);
            if role == Role::Pawn && to.is_promotion_edge(self.piece.color) {
                let mask = self.promotions[(to.line() % 3) as usize];
                if mask == 0 {
                    list.push(Move::Normal {
                        role,
                        from,
                        capture,
                        to,
                        promotion: None,
                    });
                } else {
                    for r in Role::PROMOTIONS {
                        if mask >> r.index() & 1 != 0 {
                            list.push(Move::Normal {
                                role,
                                from,
                                capture,
                                to,
                                promotion: Some(r),
                            });
                        }
                    }
                }
            } else {
                list.push(Move::Normal {
                    role,
                    from,
                    capture,
                    to,
                    promotion: None,
                });
            }
        }
    }
}

struct Pins {
    /// Whether a slider gives check.
    checked: bool,
    cells: Bits,
    /// `(pinned cell, direction from the king)`; direction 255 marks the Elephant's pin.
    list: [(u8, u8); 13],
    n: usize,
}

impl Pins {
    /// The cells a pinned piece may move to: the whole ray from its king through it (the
    /// pinner blocks the ray beyond itself), or the pinning Elephant's hex.
    fn mask(&self, cell: usize, king: usize, us: Color) -> Bits {
        let mut m = !Bits::EMPTY;
        for &(c, d) in &self.list[..self.n] {
            if c as usize == cell {
                m &= if d == u8::MAX {
                    let f = FORWARD[us.index()];
                    Bits::single(STEPS[STEPS[king][f] as usize][f] as usize)
                } else {
                    RAYS[king][d as usize]
                };
            }
        }
        m
    }
}

impl Position {
    fn pins(&self, k: usize, us: Color) -> Pins {
        let them = us.other();
        let occ = self.occupied();
        let own = self.by_color(us);
        let mut pins = Pins {
            checked: false,
            cells: Bits::EMPTY,
            list: [(0, 0); 13],
            n: 0,
        };
        let base = 1 + 9 * them as u8;
        let r = |role: Role| self.pieces(them, role);
        let sliders = [
            r(Role::Rook) | r(Role::Wyvern) | r(Role::Queen),
            r(Role::Bishop) | r(Role::Pegasus) | r(Role::Queen),
        ];
        for d in 0..12 {
            let ray = RAYS[k][d];
            if !ray.hits(&sliders[d / 6]) {
                continue;
            }
            let b = ray & occ;
            if b.void() {
                continue;
            }
            let first = if positive(d) { b.low() } else { b.high() }.unwrap_or(0);
            if !own.has(first) {
                if sliders[d / 6].has(first) {
                    pins.checked = true;
                }
                continue;
            }
            let rest = b.without(first);
            let Some(second) = (if positive(d) { rest.low() } else { rest.high() }) else {
                continue;
            };
            let m = self.mailbox_raw(second);
            if m < base || m >= base + 9 {
                continue;
            }
            let role = Role::ALL[(m - base) as usize];
            let hit = if d < 6 {
                matches!(role, Role::Rook | Role::Wyvern | Role::Queen)
            } else {
                matches!(role, Role::Bishop | Role::Pegasus | Role::Queen)
            };
            if hit {
                pins.cells = pins.cells.with(first);
                pins.list[pins.n] = (first as u8, d as u8);
                pins.n += 1;
            }
        }
        // The Elephant's two-step attack through its first hex.
        let mid = STEPS[k][FORWARD[us.index()]];
        if mid != NO_CELL && own.has(mid as usize) {
            let far = STEPS[mid as usize][FORWARD[us.index()]];
            if far != NO_CELL && self.pieces(them, Role::Elephant).has(far as usize) {
                pins.cells = pins.cells.with(mid as usize);
                pins.list[pins.n] = (mid as u8, u8::MAX);
                pins.n += 1;
            }
        }
        pins
    }

    /// Whether the mover's king is safe after playing `m` (copy-make).
    fn safe_after(&self, m: Move) -> bool {
        let us = self.turn();
        let mut after = self.clone();
        after.play_unchecked(m);
        !after.attacked_by(after.king(us), us.other(), &after.occupied())
    }

    /// Pseudo-legal destinations of a non-king piece.
    fn targets(
        &self,
        role: Role,
        color: Color,
        from: usize,
        occ: &Bits,
        own: &Bits,
        enemy: &Bits,
    ) -> Bits {
        let t = match role {
            Role::Queen => slide(from, occ, 0..12),
            Role::Wyvern => slide(from, occ, 0..6) | KNIGHT[from],
            Role::Rook => slide(from, occ, 0..6),
            Role::Pegasus => slide(from, occ, 6..12) | KNIGHT[from],
            Role::Bishop => slide(from, occ, 6..12),
            Role::Knight => {
                let mut t = KNIGHT[from];
                for k in 0..12 {
                    let dest = RIDE_STEPS[from][k];
                    if dest != NO_CELL {
                        let mid = KNIGHT_STEPS[from][k] as usize;
                        if !occ.has(mid) && !occ.has(dest as usize) {
                            t = t.with(dest as usize);
                        }
                    }
                }
                t
            }
            Role::Elephant => elephant_targets(from, color, occ),
            Role::Pawn => {
                let c = color.index();
                let mut t = PAWN_ATTACKS[c][from] & *enemy;
                for d in PAWN_OBLIQUE_DIRS[c] {
                    let s = STEPS[from][d];
                    if s != NO_CELL && !occ.has(s as usize) {
                        t = t.with(s as usize);
                    }
                }
                let f = FORWARD[c];
                let max = if TRIPLE_STEP[c].has(from) { 3 } else { 2 };
                let mut at = from;
                for _ in 0..max {
                    let s = STEPS[at][f];
                    if s == NO_CELL || occ.has(s as usize) {
                        break;
                    }
                    at = s as usize;
                    t = t.with(at);
                }
                return t;
            }
            Role::King => KING_STEPS[from],
        };
        t - *own
    }

    /// The set-wise layer: calls `f` once per (piece, from-cell, destination set) with at least
    /// one legal move, and once per special move (e.p., scornful capture, castling, in-place
    /// promotion). Stops early when `f` returns `false`; returns whether it ran to the end.
    ///
    /// ```
    /// use hexvar_cescacs::{Position, Role};
    ///
    /// let pos = Position::new();
    /// let mut knight_moves = 0;
    /// pos.for_each_piece_moves(|pm| {
    ///     if pm.piece.role == Role::Knight {
    ///         knight_moves += pm.len();
    ///     }
    ///     true
    /// });
    /// // The set-wise layer counts what the move list lists.
    /// assert_eq!(knight_moves, pos.legal_moves().iter().filter(|m| matches!(m,
    ///     hexvar_cescacs::Move::Normal { role: Role::Knight, .. })).count());
    /// ```
    pub fn for_each_piece_moves<F: FnMut(PieceMoves) -> bool>(&self, mut f: F) -> bool {
        self.gen(&mut f)
    }

    fn gen<F: FnMut(PieceMoves) -> bool>(&self, f: &mut F) -> bool {
        let us = self.turn();
        let them = us.other();
        let occ = self.occupied();
        let own = self.by_color(us);
        let enemy = self.by_color(them);
        let k = self.king(us);
        let king_cell = Cell::new_unchecked(k);
        let pin_scan = self.pins(k, us);
        let in_check = pin_scan.checked
            || self.attacked_by_non_sliders(k, them, &occ)
            || (self.king_unmoved(them)
                && KNIGHT[k].has(KING_HOME[them.index()].index())
                && self.leap_active(them, &occ));
        let promotions = self.promotion_masks(us);
        let special = |m: Move, piece: Piece, from: Cell, to: Cell| PieceMoves {
            piece,
            from,
            to: Bits::single(to.index()),
            promotions,
            special: Some(m),
        };

        // Forced in-place promotion.
        if !in_check {
            let awaiting = self.pieces(us, Role::Pawn) & PROMOTION_EDGE[us.index()];
            let forced = awaiting
                .iter()
                .any(|a| promotions[(crate::board::COORDS[a].1 % 3) as usize] != 0);
            if forced {
                for a in awaiting.iter() {
                    let mask = promotions[(crate::board::COORDS[a].1 % 3) as usize];
                    let at = Cell::new_unchecked(a);
                    for r in Role::PROMOTIONS {
                        if mask >> r.index() & 1 != 0
                            && !f(special(
                                Move::Promote { at, role: r },
                                Piece {
                                    color: us,
                                    role: Role::Pawn,
                                },
                                at,
                                at,
                            ))
                        {
                            return false;
                        }
                    }
                }
                return true;
            }
        }

        let pins = if in_check { None } else { Some(pin_scan) };
        for role in [
            Role::Pawn,
            Role::Elephant,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Pegasus,
            Role::Wyvern,
            Role::Queen,
        ] {
            let piece = Piece { color: us, role };
            for from in self.pieces(us, role).iter() {
                let mut to = self.targets(role, us, from, &occ, &own, &enemy);
                match &pins {
                    Some(p) => {
                        if p.cells.has(from) {
                            to &= p.mask(from, k, us);
                        }
                    }
                    None => {
                        let mut ok = Bits::EMPTY;
                        for t in to.iter() {
                            let m = Move::Normal {
                                role,
                                from: Cell::new_unchecked(from),
                                capture: self.piece_at_index(t).map(|p| p.role),
                                to: Cell::new_unchecked(t),
                                promotion: None,
                            };
                            if self.safe_after(m) {
                                ok = ok.with(t);
                            }
                        }
                        to = ok;
                    }
                }
                if !to.void()
                    && !f(PieceMoves {
                        piece,
                        from: Cell::new_unchecked(from),
                        to,
                        promotions,
                        special: None,
                    })
                {
                    return false;
                }
            }
        }

        // King steps.
        let king = Piece {
            color: us,
            role: Role::King,
        };
        {
            let cand = KING_STEPS[k] - own;
            let lifted = occ.without(k);
            let enemy_leaps = if self.king_unmoved(them) {
                KNIGHT[KING_HOME[them.index()].index()]
            } else {
                Bits::EMPTY
            };
            let mut to = Bits::EMPTY;
            for t in cand.iter() {
                let ok = if in_check || enemy_leaps.has(t) {
                    self.safe_after(Move::Normal {
                        role: Role::King,
                        from: king_cell,
                        capture: self.piece_at_index(t).map(|p| p.role),
                        to: Cell::new_unchecked(t),
                        promotion: None,
                    })
                } else {
                    !self.attacked_by_no_leap(t, them, &lifted)
                };
                if ok {
                    to = to.with(t);
                }
            }
            // King's leap (first king move, not in check, destination not attacked now).
            if self.king_unmoved(us) && !in_check {
                for t in (KNIGHT[k] - own).iter() {
                    if !self.attacked_by(t, them, &occ)
                        && self.safe_after(Move::Normal {
                            role: Role::King,
                            from: king_cell,
                            capture: self.piece_at_index(t).map(|p| p.role),
                            to: Cell::new_unchecked(t),
                            promotion: None,
                        })
                    {
                        to = to.with(t);
                    }
                }
            }
            if !to.void()
                && !f(PieceMoves {
                    piece: king,
                    from: king_cell,
                    to,
                    promotions,
                    special: None,
                })
            {
                return false;
            }
        }

        // En passant and scornful captures.
        let pawn = Piece {
            color: us,
            role: Role::Pawn,
        };
        match self.special() {
            Special::None => {}
            Special::EnPassant { pawn: victim, .. } => {
                let capture = self.piece_at(victim).map_or(Role::Pawn, |p| p.role);
                for t in self.ep_targets().into_iter().flatten() {
                    let capturers =
                        PAWN_ATTACKS[them.index()][t.index()] & self.pieces(us, Role::Pawn);
                    for from in capturers.iter() {
                        let m = Move::EnPassant {
                            from: Cell::new_unchecked(from),
                            to: t,
                            victim,
                            capture,
                        };
                        if self.safe_after(m) && !f(special(m, pawn, Cell::new_unchecked(from), t))
                        {
                            return false;
                        }
                    }
                }
            }
            Special::Scornful {
                pawn: victim,
                capturer,
            } => {
                let capture = self.piece_at(victim).map_or(Role::Pawn, |p| p.role);
                if self.piece_at(capturer) == Some(pawn) {
                    let base = Move::Scornful {
                        from: capturer,
                        to: victim,
                        capture,
                        promotion: None,
                    };
                    if self.safe_after(base) {
                        if victim.is_promotion_edge(us) {
                            let mask = promotions[(victim.line() % 3) as usize];
                            if mask == 0 && !f(special(base, pawn, capturer, victim)) {
                                return false;
                            }
                            for r in Role::PROMOTIONS {
                                if mask >> r.index() & 1 != 0 {
                                    let m = Move::Scornful {
                                        from: capturer,
                                        to: victim,
                                        capture,
                                        promotion: Some(r),
                                    };
                                    if !f(special(m, pawn, capturer, victim)) {
                                        return false;
                                    }
                                }
                            }
                        } else if !f(special(base, pawn, capturer, victim)) {
                            return false;
                        }
                    }
                }
            }
        }

        // Castlings.
        let free_leaps = KNIGHT[KING_HOME[us.index()].index()] - occ;
        if self.king_unmoved(us) && !in_check && !free_leaps.void() && self.castling_bits(us) > 1 {
            let rights = self.castling_bits(us);
            for c in Castling::ALL {
                let kt = c.king_to(us);
                if occ.has(kt.index()) {
                    continue;
                }
                let rook_ok = |bit: u8, home: Cell, dest: Option<Cell>| match dest {
                    None => true,
                    Some(d) => {
                        rights & bit != 0
                            && !occ.has(d.index())
                            && !crate::board::between(home.index(), d.index()).hits(&occ)
                    }
                };
                if rook_ok(2, ROOK_HOME[us.index()][0], c.queen_rook_to(us))
                    && rook_ok(4, ROOK_HOME[us.index()][1], c.king_rook_to(us))
                    && !self.attacked_by(kt.index(), them, &occ)
                    && self.safe_after(Move::Castle(c))
                    && !f(special(Move::Castle(c), king, king_cell, kt))
                {
                    return false;
                }
            }
        }
        true
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// All legal moves, into a caller's list (cleared first).
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.for_each_piece_moves(|pm| {
            pm.push_into(self, list);
            true
        });
    }

    /// The number of legal moves (a popcount per piece).
    pub fn legal_move_count(&self) -> usize {
        let mut n = 0;
        self.for_each_piece_moves(|pm| {
            n += pm.len();
            true
        });
        n
    }
}

/// Counts the leaf nodes of the legal move tree to `depth`, counting the last ply in bulk.
///
/// ```
/// use hexvar_cescacs::{divide, perft, perft_without_bulk, Position};
///
/// let pos: Position = "/27:1k/22:P6/10:1p5/3:R3/1:1K/ w - - 0 1".parse().unwrap();
/// assert_eq!(perft(&pos, 2), 60);
/// assert_eq!(perft_without_bulk(&pos, 2), 60);
/// assert_eq!(divide(&pos, 1).len(), 6); // the forced promotions T22=D/G/J/N/R/V
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count() as u64,
        _ => {
            let mut list = MoveList::new();
            pos.legal_moves_into(&mut list);
            let mut n = 0;
            for &m in list.iter() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                n += perft(&child, depth - 1);
            }
            n
        }
    }
}

/// [`perft`] without bulk counting: plays every leaf move.
pub fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    let mut n = 0;
    for &m in list.iter() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        n += perft_without_bulk(&child, depth - 1);
    }
    n
}

/// Perft per root move.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    for &m in pos.legal_moves().iter() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        out.push((m, perft(&child, depth - 1)));
    }
    out
}

#[allow(dead_code)]
const _: usize = CELL_COUNT;
