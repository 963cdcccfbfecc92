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

use crate::board::{
    between, cells, for_each_index, nearest, Cell, CellSet, Color, Piece, Role, KING_HOME,
    KING_STEPS, KNIGHT, LINES, NO_CELL_U8, PAWN_ATTACKS, PAWN_OBLIQUE, PAWN_PUSHES,
    PAWN_PUSH_COUNT, PROMOTION_EDGE, PROMOTION_REACH, RAYS, RIDE_BEYOND, ROOK_HOME, SHADE_CELLS,
    SINGLE, STEPS,
};
use crate::board::{ELEPHANT_DIAG, FORWARD, LINE_DIR};
use crate::lines::{
    axis_of, places, LineOccupancy, LinePlace, Occupied, ALL_AXES, AXIS_DIRECTIONS, COLUMN_AXIS,
    DIAGONAL_AXES, ORTHOGONAL_AXES,
};
use std::borrow::Cow;

use crate::moves::{Castling, Move, MoveList, CASTLING_CELLS, CASTLING_NEEDS};
use crate::position::{elephant_targets, Position, KING_BIT};
use crate::setup::Special;
use hexvar_geometry::table::NO_CELL;

/// From this many free king steps on, the king's steps are judged on one map of the enemy's
/// attacks rather than one attack test each (measured: 6 was best while slider attacks were
/// ray scans; with the line look-ups the tests got cheaper, and 8 or 9 measure best).
const KING_STEPS_FOR_MAP: u32 = 8;

/// The most pins at once: one per line direction from the king, plus the Elephant's.
const MAX_PINS: usize = 13;
/// The direction code of the Elephant's pin in [`Masks::pins`].
const ELEPHANT_PIN: u8 = u8::MAX;

/// The legal moves of one man from one cell: a destination set (set-wise layer), or one special
/// move. Iterating yields the moves ([`Move`]s); [`PieceMoves::len`] counts them without listing.
#[derive(Clone, Copy)]
pub struct PieceMoves<'a> {
    pos: &'a Position,
    /// The moving man.
    pub piece: Piece,
    /// Where it stands.
    pub from: Cell,
    /// The destinations (for a special move: its single destination).
    pub to: CellSet,
    /// Allowed promotion roles by promotion-hex shade (bit = role index).
    promotions: [u16; 3],
    special: Option<Move>,
}

impl core::fmt::Debug for PieceMoves<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(*self).finish()
    }
}

impl<'a> PieceMoves<'a> {
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
        if edge.is_empty() {
            return self.to.len() as usize;
        }
        let mut n = (self.to - edge).len() as usize;
        for (shade, cells) in SHADE_CELLS.iter().enumerate() {
            let on = (edge & *cells).len() as usize;
            n += on * (self.promotions[shade].count_ones().max(1) as usize);
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

    /// The allowed promotion roles on a promotion hex `to` (bit = role index; 0: awaiting).
    #[inline]
    fn promotion_mask(&self, to: Cell) -> u16 {
        if self.piece.role == Role::Pawn && to.is_promotion_edge(self.piece.color) {
            self.promotions[to.shade().index()]
        } else {
            0
        }
    }

    /// Appends the moves to a list.
    #[inline]
    pub(crate) fn push_into(&self, list: &mut MoveList) {
        if let Some(m) = self.special {
            list.push(m);
            return;
        }
        let role = self.piece.role;
        let from = self.from;
        let enemy = self.pos.by_color(self.piece.color.other());
        let normal = |t: usize, capture, promotion| Move::Normal {
            role,
            from,
            capture,
            to: Cell::ALL[t],
            promotion,
        };
        let edge = if role == Role::Pawn {
            self.to & PROMOTION_EDGE[self.piece.color.index()]
        } else {
            CellSet::EMPTY
        };
        let plain = self.to - edge;
        // Quiet moves need no lookup; the captured role only for captures.
        for_each_index(plain - enemy, |t| list.push(normal(t, None, None)));
        for_each_index(plain & enemy, |t| {
            list.push(normal(t, self.pos.role_at(t), None));
        });
        for t in edge {
            let capture = if enemy.has(t) {
                self.pos.role_at(t)
            } else {
                None
            };
            let mask = self.promotions[Cell::ALL[t].shade().index()];
            if mask == 0 {
                list.push(normal(t, capture, None));
            }
            for r in Role::PROMOTIONS {
                if mask >> r.index() & 1 != 0 {
                    list.push(normal(t, capture, Some(r)));
                }
            }
        }
    }
}

impl PieceMoves<'_> {
    /// The destinations played as ordinary moves ([`Position::play_man`]): all but the
    /// promotion edge's for a pawn, none for a special move.
    #[inline]
    fn plain(&self) -> CellSet {
        if self.special.is_some() {
            CellSet::EMPTY
        } else if self.piece.role == Role::Pawn {
            self.to - PROMOTION_EDGE[self.piece.color.index()]
        } else {
            self.to
        }
    }

    /// Calls `f` with the position after each of these moves: the set-wise layer played
    /// straight into copies, with no move list (the crate's perft). The position must be
    /// settled.
    #[inline]
    fn for_each_child(&self, mut f: impl FnMut(&mut Position)) {
        let role = self.piece.role;
        let plain = self.plain();
        let from = self.from.index();
        for_each_index(plain, |to| {
            let mut child = self.pos.clone();
            child.play_man(role, from, to);
            f(&mut child);
        });
        if plain != self.to {
            // Promotions, awaiting pawns and special moves: as moves.
            let rest = PieceMoves {
                to: self.to - plain,
                ..*self
            };
            for m in rest {
                let mut child = self.pos.clone();
                child.play_unchecked(m);
                f(&mut child);
            }
        }
    }
}

/// One man's legal moves as the set-wise layer reports them, without the borrow of the
/// position, so that perft can play them on the position itself and take them back.
#[derive(Clone, Copy)]
struct Reported {
    piece: Piece,
    from: Cell,
    to: CellSet,
    promotions: [u16; 3],
    special: Option<Move>,
}

impl Reported {
    #[inline(always)]
    fn of(pm: &PieceMoves) -> Reported {
        Reported {
            piece: pm.piece,
            from: pm.from,
            to: pm.to,
            promotions: pm.promotions,
            special: pm.special,
        }
    }

    #[inline(always)]
    fn on(self, pos: &Position) -> PieceMoves<'_> {
        PieceMoves {
            pos,
            piece: self.piece,
            from: self.from,
            to: self.to,
            promotions: self.promotions,
            special: self.special,
        }
    }
}

/// The number of leaves `depth` plies below `pos`, the last ply counted in bulk
/// ([`Position::legal_move_count`]): the same count as geometry's generic perft, with each move
/// played straight from the set-wise layer (no move list) into a copy, and each child's
/// deferred line bits flipped once before its own children are copied from it. (Made and
/// taken back instead, as without bulk, it measured 1 % more instructions per leaf: taking
/// back a settled child flips its line bits again.)
pub(crate) fn perft(pos: &Position, depth: u32) -> u64 {
    let mut root = pos.clone();
    root.settle_lines();
    copy_perft(&root, depth)
}

/// [`perft`] below a settled position.
fn copy_perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count() as u64,
        _ => {
            let mut nodes = 0;
            pos.for_each_piece_moves(|pm| {
                pm.for_each_child(|child| {
                    child.settle_lines();
                    nodes += if depth == 2 {
                        child.legal_move_count() as u64
                    } else {
                        copy_perft(child, depth - 1)
                    };
                });
                true
            });
            nodes
        }
    }
}

/// The same count as [`perft`], playing every leaf move (measures the play too).
pub(crate) fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
    let mut root = pos.clone();
    root.settle_lines();
    count_played_leaves(&mut root, depth, &mut Vec::new())
}

/// [`perft_without_bulk`] below a settled position. The ordinary moves are made and taken
/// back on the one position (no copy per move), each inner node's deferred line bits flipped
/// once before its own moves are generated; promotions and special moves are played into
/// copies. `reports` is a stack of the set-wise layer's reports, each node's on top of its
/// parent's.
fn count_played_leaves(pos: &mut Position, depth: u32, reports: &mut Vec<Reported>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let first = reports.len();
    pos.for_each_piece_moves(|pm| {
        reports.push(Reported::of(&pm));
        true
    });
    let mut nodes = 0;
    for i in first..reports.len() {
        let report = reports[i];
        let (role, from) = (report.piece.role, report.from.index());
        let plain = report.on(pos).plain();
        if depth == 1 {
            nodes += play_leaves(pos, role, from, plain);
        } else {
            for_each_index(plain, |to| {
                let saved = pos.play_man(role, from, to);
                pos.settle_lines();
                nodes += count_played_leaves(pos, depth - 1, reports);
                pos.take_back_man(role, from, to, saved);
            });
        }
        if plain != report.to {
            // Promotions, awaiting pawns and special moves: as moves, into copies.
            let rest = PieceMoves {
                to: report.to - plain,
                ..report.on(pos)
            };
            for m in rest {
                let mut child = pos.clone();
                child.play_unchecked(m);
                nodes += count_child(&mut child, depth, reports);
            }
        }
    }
    reports.truncate(first);
    nodes
}

/// Plays and takes back the ordinary moves of the man `role` on `from` to `plain`, the last
/// ply of [`perft_without_bulk`]; returns their number. A loop of its own, apart from the
/// recursion: fewer registers spilled per leaf.
#[inline(never)]
fn play_leaves(pos: &mut Position, role: Role, from: usize, plain: CellSet) -> u64 {
    for_each_index(plain, |to| {
        let saved = pos.play_man(role, from, to);
        // The move is played, and kept from being optimised away.
        core::hint::black_box(&mut *pos);
        pos.take_back_man(role, from, to, saved);
    });
    plain.len() as u64
}

/// The leaves below a child of a node `depth` plies above the leaves.
#[inline(always)]
fn count_child(child: &mut Position, depth: u32, reports: &mut Vec<Reported>) -> u64 {
    if depth == 1 {
        // A leaf, played (and kept from being optimised away), not recursed into, which would
        // only return 1.
        core::hint::black_box(child);
        1
    } else {
        child.settle_lines();
        count_played_leaves(child, depth - 1, reports)
    }
}

/// The moves of a [`PieceMoves`], in destination order (promotions in [`Role::PROMOTIONS`] order).
#[derive(Clone, Debug)]
pub struct PieceMovesIter<'a> {
    moves: PieceMoves<'a>,
    rest: CellSet,
    /// The destination being promoted on, its capture and the promotion roles still to yield.
    pending: Option<(Cell, Option<Role>, u16)>,
    special: Option<Move>,
}

impl Iterator for PieceMovesIter<'_> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        if self.moves.special.is_some() {
            return self.special.take();
        }
        let pm = &self.moves;
        let normal = |to, capture, promotion| Move::Normal {
            role: pm.piece.role,
            from: pm.from,
            capture,
            to,
            promotion,
        };
        if let Some((to, capture, mask)) = self.pending {
            let role = Role::ALL[mask.trailing_zeros() as usize];
            let rest = mask & (mask - 1);
            self.pending = (rest != 0).then_some((to, capture, rest));
            return Some(normal(to, capture, Some(role)));
        }
        let t = self.rest.first()?;
        self.rest = self.rest.without(t);
        let to = Cell::ALL[t];
        let capture = pm.pos.piece_at(to).map(|p| p.role);
        let mask = pm.promotion_mask(to);
        if mask == 0 {
            return Some(normal(to, capture, None));
        }
        self.pending = Some((to, capture, mask));
        self.next()
    }
}

impl<'a> IntoIterator for PieceMoves<'a> {
    type Item = Move;
    type IntoIter = PieceMovesIter<'a>;

    fn into_iter(self) -> PieceMovesIter<'a> {
        PieceMovesIter {
            moves: self,
            rest: self.to,
            pending: None,
            special: self.special,
        }
    }
}

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

/// The king's situation, computed once per generation.
#[derive(Clone, Copy)]
pub(crate) struct Masks {
    /// The king of the side to move.
    king: usize,
    /// The enemy men attacking the king (not counting the enemy king's leap).
    checkers: CellSet,
    /// The enemy's unmoved king attacks our king by its leap.
    leap_check: bool,
    /// Where a non-king move must land: everywhere out of check, on the checker or between it
    /// and the king in single check, nowhere in double check.
    check_mask: CellSet,
    /// The pinned men.
    pinned: CellSet,
    /// `(pinned cell, direction from the king)`, or [`ELEPHANT_PIN`] for the Elephant's pin.
    pins: [(u8, u8); MAX_PINS],
    n_pins: usize,
}

impl Masks {
    /// Whether the side to move is in check.
    #[inline]
    fn in_check(&self) -> bool {
        self.leap_check || !self.checkers.is_empty()
    }

    /// Where the pinned man on `cell` may go: the line from the king through it (the pinner
    /// included), or the pinning Elephant's hex.
    fn pin_mask(&self, cell: usize, us: Color) -> CellSet {
        let mut m = !CellSet::EMPTY;
        for &(c, d) in &self.pins[..self.n_pins] {
            if c as usize == cell {
                m &= if d == ELEPHANT_PIN {
                    let f = FORWARD[us.index()];
                    CellSet::single(STEPS[STEPS[self.king][f] as usize][f] as usize)
                } else {
                    RAYS[self.king][d as usize]
                };
            }
        }
        m
    }

    /// The legal destinations among `targets` for the man on `from`.
    #[inline]
    fn restrict(&self, from: usize, targets: CellSet, us: Color) -> CellSet {
        let to = targets & self.check_mask;
        if self.pinned.has(from) {
            to & self.pin_mask(from, us)
        } else {
            to
        }
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
    masks: Masks,
    promotions: [u16; 3],
    /// The King's leap hexes not attacked now, while the king may still leap or castle (its
    /// leap hexes are the castlings' K′ too); empty otherwise.
    open_leaps: CellSet,
}

impl Ctx<'_> {
    /// Reports one man's destinations (if any) to `f`; `false` when `f` stopped.
    #[inline]
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
            to: CellSet::single(m.to().index()),
            promotions: self.promotions,
            special: Some(m),
        })
    }
}

impl Position {
    /// Checkers, check mask and pins of the side to move.
    pub(crate) fn masks(&self, occ: &Occupied) -> Masks {
        let us = self.turn();
        let them = us.other();
        let k = self.king(us);
        let mut masks = Masks {
            king: k,
            checkers: self.non_slider_checkers(k, us),
            leap_check: self.king_unmoved(them)
                && KNIGHT[k].has(KING_HOME[them.index()].index())
                && self.leap_active(them, occ),
            check_mask: !CellSet::EMPTY,
            pinned: CellSet::EMPTY,
            pins: [(0, 0); MAX_PINS],
            n_pins: 0,
        };
        self.scan_lines(&mut masks, &occ.lines);
        self.elephant_pin(&mut masks);
        masks.check_mask = match masks.checkers.len() {
            0 => !CellSet::EMPTY,
            1 => {
                let c = masks.checkers.first().unwrap_or(k);
                masks.checkers | between(k, c)
            }
            _ => CellSet::EMPTY,
        };
        masks
    }

    /// The enemy knights, leaping pieces, king, pawns and Elephants attacking `k`.
    fn non_slider_checkers(&self, k: usize, us: Color) -> CellSet {
        let them = us.other();
        let enemy = self.by_color(them);
        let role = |r: Role| self.by_role(r) & enemy;
        let leapers = role(Role::Knight) | role(Role::Wyvern) | role(Role::Pegasus);
        let elephants = role(Role::Elephant);
        let mut out = (KNIGHT[k] & leapers)
            | (KING_STEPS[k] & role(Role::King))
            | (PAWN_ATTACKS[us.index()][k] & role(Role::Pawn))
            | (ELEPHANT_DIAG[k] & elephants);
        // The Elephant's straight steps come from in front of the king (its forward is ours
        // backward); the two-step passes over an empty hex.
        let f = FORWARD[us.index()];
        let mid = STEPS[k][f];
        if mid != NO_CELL {
            let mid = mid as usize;
            if elephants.has(mid) {
                out = out.with(mid);
            } else if !self.occupied().has(mid) {
                let far = STEPS[mid][f];
                if far != NO_CELL && elephants.has(far as usize) {
                    out = out.with(far as usize);
                }
            }
        }
        out
    }

    /// Scans the six lines through the king: slider checkers and slider pins.
    fn scan_lines(&self, masks: &mut Masks, lines: &LineOccupancy) {
        let us = self.turn();
        let them = us.other();
        let k = masks.king;
        let enemy = self.by_color(them);
        let role = |r: Role| self.by_role(r) & enemy;
        let queens = role(Role::Queen);
        let sliders = [
            role(Role::Rook) | role(Role::Wyvern) | queens,
            role(Role::Bishop) | role(Role::Pegasus) | queens,
        ];
        let places = places(k);
        for (kind, axes) in [ORTHOGONAL_AXES, DIAGONAL_AXES].into_iter().enumerate() {
            if !LINES[kind][k].intersects(&sliders[kind]) {
                continue;
            }
            for axis in axes {
                // Most lines through the king hold no enemy slider of their kind.
                if LineOccupancy::cells_of(places[axis].line).intersects(&sliders[kind]) {
                    self.scan_line(masks, lines, places[axis], axis, &sliders[kind]);
                }
            }
        }
    }

    /// One line through the king: on each side, the nearest man checks if it is a slider of
    /// the line's kind, or is pinned if it is ours and the man behind it is such a slider.
    #[inline(always)]
    fn scan_line(
        &self,
        masks: &mut Masks,
        lines: &LineOccupancy,
        king: LinePlace,
        axis: usize,
        sliders: &CellSet,
    ) {
        let own = self.by_color(self.turn());
        let (below, above) = lines.blockers(king);
        for (pos, up) in [(above, true), (below, false)] {
            let first = LineOccupancy::cell_at(king.line, pos);
            if sliders.has(first) {
                masks.checkers = masks.checkers.with(first);
            } else if own.has(first) {
                let beyond = lines.blockers(LinePlace {
                    line: king.line,
                    pos: pos as u8,
                });
                let second =
                    LineOccupancy::cell_at(king.line, if up { beyond.1 } else { beyond.0 });
                if sliders.has(second) {
                    let d = AXIS_DIRECTIONS[axis] + if up { 0 } else { 3 };
                    masks.pinned = masks.pinned.with(first);
                    masks.pins[masks.n_pins] = (first as u8, d as u8);
                    masks.n_pins += 1;
                }
            }
        }
    }

    /// The Elephant's two-step attack through the hex in front of the king: the own man there
    /// is pinned to capturing the Elephant.
    fn elephant_pin(&self, masks: &mut Masks) {
        let us = self.turn();
        let f = FORWARD[us.index()];
        let mid = STEPS[masks.king][f];
        if mid == NO_CELL || !self.by_color(us).has(mid as usize) {
            return;
        }
        let far = STEPS[mid as usize][f];
        if far != NO_CELL && self.pieces(us.other(), Role::Elephant).has(far as usize) {
            masks.pinned = masks.pinned.with(mid as usize);
            masks.pins[masks.n_pins] = (mid as u8, ELEPHANT_PIN);
            masks.n_pins += 1;
        }
    }

    /// Whether the mover's king is safe after playing `m` (copy-make, for the rare moves).
    fn safe_after(&self, m: Move) -> bool {
        let us = self.turn();
        let mut after = self.clone();
        after.play_unchecked(m);
        !after.attacked_by(after.king(us), us.other(), &after.occupancy())
    }

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
        let occupied = self.occupancy();
        let occ = occupied.cells;
        let masks = self.masks(&occupied);
        let mut open_leaps = CellSet::EMPTY;
        if self.king_unmoved(us) && !masks.in_check() {
            // Own men stand on the leap hexes in most positions: judge only the others.
            for t in KNIGHT[KING_HOME[us.index()].index()] - self.by_color(us) {
                if !self.attacked_by(t, them, &occupied) {
                    open_leaps = open_leaps.with(t);
                }
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
            masks,
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
            && ctx.sliders(Role::Bishop, sink)
            && ctx.sliders(Role::Rook, sink)
            && ctx.sliders(Role::Pegasus, sink)
            && ctx.sliders(Role::Wyvern, sink)
            && ctx.sliders(Role::Queen, sink)
            && ctx.king_moves(sink)
            && ctx.special_captures(sink)
            && ctx.castlings(sink)
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
            pm.push_into(list);
            true
        });
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
    /// Forced in-place promotion (rules §3): when an awaiting pawn may now promote, the only moves.
    /// `None` when there is none.
    fn forced_promotions<S: MoveSink>(&self, sink: &mut S) -> Option<bool> {
        let awaiting = self.pos.pieces(self.us, Role::Pawn) & PROMOTION_EDGE[self.us.index()];
        let mask = |at: Cell| self.promotions[at.shade().index()];
        if !cells(awaiting).any(|at| mask(at) != 0) {
            return None;
        }
        for at in cells(awaiting) {
            for role in Role::PROMOTIONS {
                if mask(at) >> role.index() & 1 != 0
                    && !self.emit_special(Move::Promote { at, role }, Role::Pawn, sink)
                {
                    return Some(false);
                }
            }
        }
        Some(true)
    }

    /// Pawn steps (straight one, two, three from a triple-step hex; oblique) and captures.
    fn pawns<S: MoveSink>(&self, sink: &mut S) -> bool {
        let c = self.us.index();
        let forward = FORWARD[c];
        let pawns = self.pos.pieces(self.us, Role::Pawn);
        let (counted, _) = self.split::<S>(pawns - PROMOTION_REACH[c]);
        if S::COUNTS {
            sink.add(self.count_pawn_moves(counted));
        }
        // Iterating an empty set still reads its three words: skip it.
        let listed = pawns - counted;
        if listed.is_empty() {
            return true;
        }
        for from in listed {
            // Straight steps stop before the first occupied hex on the forward ray.
            let ray = RAYS[from][forward];
            let open = match nearest(&(ray & self.occ), forward) {
                None => ray,
                Some(n) => ray - RAYS[n][forward] - SINGLE[n],
            };
            let to = (open & PAWN_PUSHES[c][from])
                | (PAWN_OBLIQUE[c][from] - self.occ)
                | (PAWN_ATTACKS[c][from] & self.enemy);
            if !self.emit(
                Role::Pawn,
                from,
                self.masks.restrict(from, to, self.us),
                sink,
            ) {
                return false;
            }
        }
        true
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
            let pushes = self.lines.free_run(column, up);
            n += pushes.min(PAWN_PUSH_COUNT[c][from] as usize)
                + (PAWN_OBLIQUE[c][from] - self.occ).len() as usize
                + (PAWN_ATTACKS[c][from] & self.enemy).len() as usize;
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
        if listed.is_empty() {
            return true;
        }
        for from in listed {
            let to = elephant_targets(from, self.us, &self.occ) - self.own;
            if !self.emit(
                Role::Elephant,
                from,
                self.masks.restrict(from, to, self.us),
                sink,
            ) {
                return false;
            }
        }
        true
    }

    /// Knights: twelve leaps, and the non-capturing ride (the leap twice over an empty hex).
    fn knights<S: MoveSink>(&self, sink: &mut S) -> bool {
        let (counted, listed) = self.split::<S>(self.pos.pieces(self.us, Role::Knight));
        if S::COUNTS {
            let mut n = 0;
            for_each_index(counted, |from| {
                n += self.knight_targets(from).len() as usize
            });
            sink.add(n);
        }
        if listed.is_empty() {
            return true;
        }
        for from in listed {
            let to = self.knight_targets(from);
            if !self.emit(
                Role::Knight,
                from,
                self.masks.restrict(from, to, self.us),
                sink,
            ) {
                return false;
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
                to = to.with(dest as usize);
            }
        });
        to
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

    /// The sliders: Bishop, Rook, Queen, and the Pegasus and Wyvern with their knight leap.
    fn sliders<S: MoveSink>(&self, role: Role, sink: &mut S) -> bool {
        // A counting sink has had the others counted by `count_all_slider_moves`.
        let (_, listed) = self.split::<S>(self.pos.pieces(self.us, role));
        if listed.is_empty() {
            return true;
        }
        for from in listed {
            let lines = self.lines;
            let attacks = match role {
                Role::Bishop => lines.slide(from, DIAGONAL_AXES),
                Role::Rook => lines.slide(from, ORTHOGONAL_AXES),
                Role::Pegasus => lines.slide(from, DIAGONAL_AXES) | KNIGHT[from],
                Role::Wyvern => lines.slide(from, ORTHOGONAL_AXES) | KNIGHT[from],
                _ => lines.slide(from, ALL_AXES),
            };
            let to = self.masks.restrict(from, attacks - self.own, self.us);
            if !self.emit(role, from, to, sink) {
                return false;
            }
        }
        true
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
        let e = self.enemy.0;
        let enemy = [e[0], e[1], e[2], 0];
        let mut n = 0;
        for_each_index(orthogonal, |from| {
            n += self.lines.count_slides(from, ORTHOGONAL_AXES, &enemy);
        });
        for_each_index(diagonal, |from| {
            n += self.lines.count_slides(from, DIAGONAL_AXES, &enemy);
        });
        for_each_index(leapers, |from| {
            n += (KNIGHT[from] - self.own).len() as usize;
        });
        sink.add(n);
    }

    /// King steps not onto attacked hexes, and the King's leap.
    fn king_moves<S: MoveSink>(&self, sink: &mut S) -> bool {
        let k = self.masks.king;
        let king_cell = Cell::ALL[k];
        let steps = KING_STEPS[k] - self.own;
        let to = if steps.is_empty() {
            CellSet::EMPTY
        } else {
            self.safe_king_steps(steps, king_cell)
        };
        // The King's leap: first king move, not in check, onto a hex not attacked now. Then it
        // is also safe afterwards: the leap hex is on no line through the home hex, so leaving
        // home opens no line onto it (nor is home the hex an Elephant's two-step passes), and
        // the enemy king's leap (active now, as it is never in check on our turn) can only be
        // switched off by the move.
        let to = to | (self.open_leaps - self.own);
        self.emit(Role::King, k, to, sink)
    }

    /// The king's free steps that are not attacked once the king has left its hex.
    fn safe_king_steps(&self, steps: CellSet, king_cell: Cell) -> CellSet {
        // The attacks are judged on the board as it is, the king on its hex: it hides only the
        // step behind itself from a man that checks it along a line (see `behind_the_king`).
        let occupied = Occupied {
            cells: self.occ,
            lines: Cow::Borrowed(self.lines),
        };
        let enemy_leaps = if self.pos.king_unmoved(self.them) {
            KNIGHT[KING_HOME[self.them.index()].index()]
        } else {
            CellSet::EMPTY
        };
        let king_move = |t: usize| Move::Normal {
            role: Role::King,
            from: king_cell,
            capture: self.pos.piece_at(Cell::ALL[t]).map(|p| p.role),
            to: Cell::ALL[t],
            promotion: None,
        };
        let candidates = steps - self.behind_the_king();
        let mut to = CellSet::EMPTY;
        // Onto the enemy unmoved king's leap hexes: played out (that leap may switch off).
        for t in candidates & enemy_leaps {
            if self.pos.safe_after(king_move(t)) {
                to = to.with(t);
            }
        }
        let rest = candidates - enemy_leaps;
        // With a few free steps, testing each is cheaper; with more, one map of the enemy's
        // attacks.
        if rest.len() >= KING_STEPS_FOR_MAP {
            return to | (rest - self.pos.attack_map(self.them, &occupied));
        }
        for_each_index(rest, |t| {
            if !self.pos.attacked_by_no_leap(t, self.them, &occupied) {
                to = to.with(t);
            }
        });
        to
    }

    /// The king's steps away from a man that checks it along a line, which the king itself
    /// hides from that man now: the step behind the king from a checking slider, and from an
    /// Elephant checking by its straight step (its two-step passes over the king's hex once
    /// the king has left it). Lifting the king off the board changes nothing else: the other
    /// men attack the same hexes with or without it.
    #[inline]
    fn behind_the_king(&self) -> CellSet {
        let k = self.masks.king;
        let role = |r: Role| self.pos.pieces(self.them, r);
        let sliders = role(Role::Queen)
            | role(Role::Wyvern)
            | role(Role::Rook)
            | role(Role::Pegasus)
            | role(Role::Bishop);
        let ahead = STEPS[k][FORWARD[self.us.index()]];
        let mut along_lines = self.masks.checkers & sliders;
        if ahead != NO_CELL && role(Role::Elephant).has(ahead as usize) {
            along_lines = along_lines.with(ahead as usize);
        }
        let mut behind = CellSet::EMPTY;
        for checker in along_lines {
            // A Wyvern or Pegasus checking by its leap shares no line with the king.
            let d = LINE_DIR[checker][k];
            if d != u8::MAX {
                let step = STEPS[k][d as usize];
                if step != NO_CELL {
                    behind = behind.with(step as usize);
                }
            }
        }
        behind
    }

    /// E.p. and scornful captures (played out: two men leave their hexes).
    fn special_captures<S: MoveSink>(&self, sink: &mut S) -> bool {
        match self.pos.special() {
            Special::None => true,
            Special::EnPassant { pawn: victim, .. } => self.en_passant(victim, sink),
            Special::Scornful {
                pawn: victim,
                capturer,
            } => self.scornful(victim, capturer, sink),
        }
    }

    fn en_passant<S: MoveSink>(&self, victim: Cell, sink: &mut S) -> bool {
        let capture = self.pos.piece_at(victim).map_or(Role::Pawn, |p| p.role);
        let pawns = self.pos.pieces(self.us, Role::Pawn);
        for to in self.pos.ep_targets().into_iter().flatten() {
            for from in cells(PAWN_ATTACKS[self.them.index()][to.index()] & pawns) {
                let m = Move::EnPassant {
                    from,
                    to,
                    victim,
                    capture,
                };
                if self.pos.safe_after(m) && !self.emit_special(m, Role::Pawn, sink) {
                    return false;
                }
            }
        }
        true
    }

    fn scornful<S: MoveSink>(&self, victim: Cell, from: Cell, sink: &mut S) -> bool {
        let pawn = Piece {
            color: self.us,
            role: Role::Pawn,
        };
        if self.pos.piece_at(from) != Some(pawn) {
            return true;
        }
        let capture = self.pos.piece_at(victim).map_or(Role::Pawn, |p| p.role);
        let scornful = |promotion| Move::Scornful {
            from,
            to: victim,
            capture,
            promotion,
        };
        if !self.pos.safe_after(scornful(None)) {
            return true;
        }
        let mask = if victim.is_promotion_edge(self.us) {
            self.promotions[victim.shade().index()]
        } else {
            0
        };
        if mask == 0 {
            return self.emit_special(scornful(None), Role::Pawn, sink);
        }
        Role::PROMOTIONS
            .into_iter()
            .filter(|r| mask >> r.index() & 1 != 0)
            .all(|r| self.emit_special(scornful(Some(r)), Role::Pawn, sink))
    }

    /// The 24 castlings (rules §4): king unmoved, not in check, K′ empty and not attacked now, each
    /// rook unmoved with a free path to an empty hex; legal afterwards.
    fn castlings<S: MoveSink>(&self, sink: &mut S) -> bool {
        let rights = self.pos.castling_bits(self.us);
        let c = self.us.index();
        // `open_leaps` is empty unless the king is unmoved and not in check.
        if rights == KING_BIT || (self.open_leaps - self.occ).is_empty() {
            return true;
        }
        let free_targets = self.open_leaps - self.occ;
        let table = &CASTLING_CELLS[c];
        let mut i = 0;
        while i < table.len() {
            let [kt, queen_rook, king_rook, run_end] = table[i];
            if !free_targets.has(kt as usize) {
                i = run_end as usize;
                continue;
            }
            i += 1;
            let (must_be_empty, rook_rights) = CASTLING_NEEDS[c][i - 1];
            if rights & rook_rights != rook_rights || must_be_empty.intersects(&self.occ) {
                continue;
            }
            let kt = kt as usize;
            // K′ is not attacked now. Afterwards only the lines the king and the rooks open
            // can reach it (no enemy man moves; the enemy king's leap can only switch off), and
            // the king's home is on no line through a leap hex: only a line through K′ and a
            // home a rook leaves (e.g. a rook on A5 through the vacated C3 onto D2).
            if self.castling_opens_line_onto(kt, [queen_rook, king_rook]) {
                continue;
            }
            let m = Move::Castle {
                color: self.us,
                castling: Castling::ALL[i - 1],
            };
            if !self.emit_special(m, Role::King, sink) {
                return false;
            }
        }
        true
    }

    /// Whether, after a castling onto K′ = `kt` with the rooks going to `rook_dests`
    /// ([`NO_CELL_U8`] for a rook that stays), an enemy slider reaches K′ along a line through
    /// the home hex a moving rook leaves: on each such line, the nearest men on either side of
    /// K′ once the king, the rooks and K′ have changed. No other attack on K′ changes: no enemy
    /// man moves, the men arriving only block, and no home hex a man leaves is the hex an
    /// Elephant's two-step onto K′ passes over (tested).
    fn castling_opens_line_onto(&self, kt: usize, rook_dests: [u8; 2]) -> bool {
        let c = self.us.index();
        let role = |r: Role| self.pos.pieces(self.them, r);
        let queens = role(Role::Queen);
        let sliders = [
            role(Role::Rook) | role(Role::Wyvern) | queens,
            role(Role::Bishop) | role(Role::Pegasus) | queens,
        ];
        let mut changed = [self.masks.king, kt, kt, kt, kt, kt];
        for (rook, &dest) in rook_dests.iter().enumerate() {
            if dest != NO_CELL_U8 {
                // Toggling K′ three more times leaves it taken (an odd count).
                changed[2 + 2 * rook] = ROOK_HOME[c][rook].index();
                changed[3 + 2 * rook] = dest as usize;
            }
        }
        rook_dests.iter().enumerate().any(|(rook, &dest)| {
            let d = LINE_DIR[kt][ROOK_HOME[c][rook].index()];
            if dest == NO_CELL_U8 || d == u8::MAX {
                return false;
            }
            let axis = axis_of(d as usize);
            let (below, above) = self
                .lines
                .nearest_men_after(places(kt)[axis], axis, &changed);
            let kind = &sliders[axis / 3];
            kind.has(below) || kind.has(above)
        })
    }

    /// In check from the enemy unmoved king's leap (rare): a move is legal when afterwards
    /// our king is not attacked, and any move that checks the enemy king switches the leap
    /// off, so the masks do not apply; every candidate is played out (each promotion on its
    /// own, as the new piece may be the one that checks).
    fn moves_in_leap_check<S: MoveSink>(&self, sink: &mut S) -> bool {
        let unmasked = Ctx {
            masks: Masks {
                check_mask: !CellSet::EMPTY,
                pinned: CellSet::EMPTY,
                n_pins: 0,
                ..self.masks
            },
            ..*self
        };
        let mut filter = |pm: PieceMoves| {
            if pm.special.is_some() || pm.piece.role == Role::King {
                // Special moves and king moves are judged on their own already.
                return sink.moves(pm);
            }
            let mut to = CellSet::EMPTY;
            for m in pm {
                match m {
                    Move::Normal {
                        promotion: Some(_), ..
                    } => {
                        if self.pos.safe_after(m) && !self.emit_special(m, Role::Pawn, sink) {
                            return false;
                        }
                    }
                    _ => {
                        if self.pos.safe_after(m) {
                            to = to.with(m.to().index());
                        }
                    }
                }
            }
            to.is_empty() || sink.moves(PieceMoves { to, ..pm })
        };
        let filter = &mut Visit(&mut filter);
        unmasked.pawns(filter)
            && unmasked.elephants(filter)
            && unmasked.knights(filter)
            && unmasked.sliders(Role::Bishop, filter)
            && unmasked.sliders(Role::Rook, filter)
            && unmasked.sliders(Role::Pegasus, filter)
            && unmasked.sliders(Role::Wyvern, filter)
            && unmasked.sliders(Role::Queen, filter)
            && unmasked.king_moves(filter)
            && unmasked.special_captures(filter)
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Color, FORWARD, KING_HOME, LINE_DIR, ROOK_HOME, STEPS};
    use crate::moves::Castling;
    use hexvar_geometry::table::NO_CELL;

    /// What `castling_opens_line_onto` relies on: no K′ shares a line with its king's home,
    /// and no home hex a castling leaves is the hex an enemy Elephant's two-step onto K′ passes
    /// over.
    #[test]
    fn castling_targets_see_the_homes_only_along_rook_lines() {
        for color in Color::ALL {
            let c = color.index();
            for castling in Castling::ALL {
                let kt = castling.king_to(color).index();
                let home = KING_HOME[c].index();
                assert_eq!(LINE_DIR[kt][home], u8::MAX, "{castling:?} {color:?}");
                // An enemy Elephant steps towards our side: its two-step onto K′ passes over
                // the hex next to K′ on our forward side.
                let over = STEPS[kt][FORWARD[c]];
                if over != NO_CELL {
                    let over = over as usize;
                    assert_ne!(over, home);
                    assert!(ROOK_HOME[c].iter().all(|rook| rook.index() != over));
                }
            }
        }
    }
}
