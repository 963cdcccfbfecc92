//! Legal move generation: the set-wise layer ([`Position::for_each_piece_moves`]) and perft.
//!
//! Fully legal generation without make/test/undo: King steps are tested against the enemy
//! attacks with the King lifted off the board; other pieces are limited to the check mask (the
//! checker and the cells between it and the King, intersected over all checkers: a Rook and the
//! Bishop behind it can check along one line, and one blocker on a same-colour cell stops both)
//! and, when pinned, to their pin line (intersected over all pins). Each
//! slider family (rook, duke, bishop) has its own "between" table, since a Bishop jumps the
//! opposite-colour cells of its row: a Queen checking along a row where both its rook part and
//! its bishop part reach the King is blocked only on the same-colour cells. En passant (which
//! lifts two pieces off one line) and castling are tested on the position after the move.

use crate::board::{
    bishop_attacks, cells, duke_attacks, queen_attacks, rook_attacks, Cell, Color, Piece, Role,
    BETWEEN_BISHOP, BETWEEN_DUKE, BETWEEN_ROOK, BISHOP_ALL, DUKE_ALL, KING, KNIGHT, PAWN_CAPTURES,
    PAWN_DOUBLES, PAWN_PUSHES, PAWN_TABLE, PROMOTION, ROOK_ALL,
};
use crate::moves::{Castling, Move};
use crate::position::{mailbox_code, Position};

/// What kind of moves a [`PieceMoves`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Ordinary moves (pawn moves onto the back edge are promotions to a Queen).
    Normal,
    /// En passant captures onto the middle cell.
    EnPassant,
    /// Castlings; the destination set holds the King targets.
    Castle,
}

/// The legal moves of one piece from one cell, as a destination set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceMoves {
    /// The moving piece.
    pub piece: Piece,
    /// Its cell.
    pub from: Cell,
    /// The destinations (bit set over the dense cell index).
    pub to: u128,
    /// The kind of moves.
    pub kind: MoveKind,
}

impl PieceMoves {
    /// Number of moves (promotion is to a Queen only, so every destination is one move).
    #[inline]
    pub fn len(&self) -> usize {
        self.to.count_ones() as usize
    }

    /// Whether there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.to == 0
    }

    /// The moves.
    pub fn iter(&self) -> impl Iterator<Item = Move> {
        let pm = *self;
        cells(pm.to).map(move |to| match pm.kind {
            MoveKind::Normal => {
                if pm.piece.role == Role::Pawn && PROMOTION[pm.piece.color.index()] & to.bit() != 0
                {
                    Move::Promotion { from: pm.from, to }
                } else {
                    Move::Normal { from: pm.from, to }
                }
            }
            MoveKind::EnPassant => Move::EnPassant { from: pm.from, to },
            MoveKind::Castle => Move::Castle {
                castling: Castling::by_target(to).expect("a castling target"),
            },
        })
    }
}

/// Up to 18 pins (one per slider ray from the King).
struct Pins {
    cells: [u8; 18],
    masks: [u128; 18],
    len: usize,
    set: u128,
}

impl Pins {
    #[inline]
    fn mask(&self, c: usize) -> u128 {
        let mut m = !0u128;
        for i in 0..self.len {
            if self.cells[i] as usize == c {
                m &= self.masks[i];
            }
        }
        m
    }
}

impl Position {
    #[inline]
    fn pins(&self, k: usize, us: Color, occ: u128) -> Pins {
        let mut pins = Pins {
            cells: [0; 18],
            masks: [0; 18],
            len: 0,
            set: 0,
        };
        let r = &self.by_role;
        let them = self.by_color[us.other().index()];
        let ours = self.by_color[us.index()];
        let q = r[Role::Queen.index()];
        let families: [(u128, &[[u128; 96]; 96]); 3] = [
            (
                ROOK_ALL[k] & (r[Role::Rook.index()] | q) & them,
                &BETWEEN_ROOK,
            ),
            (
                DUKE_ALL[k] & (r[Role::Duke.index()] | q) & them,
                &BETWEEN_DUKE,
            ),
            (
                BISHOP_ALL[k] & (r[Role::Bishop.index()] | q) & them,
                &BETWEEN_BISHOP,
            ),
        ];
        for (snipers, between) in families {
            let mut s = snipers;
            while s != 0 {
                let sn = s.trailing_zeros() as usize;
                s &= s - 1;
                let line = between[k][sn];
                let b = line & occ;
                if b != 0 && b & (b - 1) == 0 && b & ours != 0 {
                    pins.set |= b;
                    pins.cells[pins.len] = b.trailing_zeros() as u8;
                    pins.masks[pins.len] = line | 1u128 << sn;
                    pins.len += 1;
                }
            }
        }
        pins
    }

    /// The cells that stop a single check from `checker` (the checker and the blocking cells).
    #[inline]
    fn check_mask(&self, checker: usize, k: usize, occ: u128) -> u128 {
        let role = Role::ALL[(self.board[checker] & 7) as usize - 1];
        let kb = 1u128 << k;
        let mut mask = !0u128;
        if matches!(role, Role::Rook | Role::Queen) && rook_attacks(checker, occ) & kb != 0 {
            mask &= BETWEEN_ROOK[checker][k];
        }
        if matches!(role, Role::Duke | Role::Queen) && duke_attacks(checker, occ) & kb != 0 {
            mask &= BETWEEN_DUKE[checker][k];
        }
        if matches!(role, Role::Bishop | Role::Queen) && bishop_attacks(checker, occ) & kb != 0 {
            mask &= BETWEEN_BISHOP[checker][k];
        }
        if matches!(role, Role::Pawn | Role::Knight | Role::King) {
            mask = 0;
        }
        mask | 1u128 << checker
    }

    /// The set-wise layer: calls `f` once per (piece, from-cell, destination set) with a
    /// non-empty set of legal moves, in no particular order. Stops early and returns `false` as
    /// soon as `f` returns `false`; returns `true` otherwise.
    ///
    /// ```
    /// use hexvar_chessagon::Position;
    /// let pos = Position::new();
    /// let mut n = 0;
    /// pos.for_each_piece_moves(|pm| {
    ///     n += pm.len();
    ///     true
    /// });
    /// assert_eq!(n, 50);
    /// ```
    pub fn for_each_piece_moves<F: FnMut(PieceMoves) -> bool>(&self, mut f: F) -> bool {
        let us = self.turn;
        let them = us.other();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occ = ours | theirs;
        let kc = self.king_of(us);
        let k = kc.index();
        let checkers = self.attackers_to(kc, them, occ);

        // King steps.
        let occ_no_king = occ ^ kc.bit();
        let mut safe = 0u128;
        let mut steps = KING[k] & !ours;
        while steps != 0 {
            let t = steps.trailing_zeros() as usize;
            steps &= steps - 1;
            if !self.is_attacked(Cell::new_unchecked(t), them, occ_no_king) {
                safe |= 1u128 << t;
            }
        }
        let king = Piece::new(us, Role::King);
        if safe != 0
            && !f(PieceMoves {
                piece: king,
                from: kc,
                to: safe,
                kind: MoveKind::Normal,
            })
        {
            return false;
        }
        // The check mask: every checker must be captured or blocked by the same move. Unlike
        // chess, two checkers can share one line (a Bishop checking through the Rook it stands
        // behind, since it jumps the opposite-colour cells), so a double check may still be
        // blocked: intersect the masks of all checkers.
        let mut target = !ours;
        let mut rest = checkers;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            target &= self.check_mask(c, k, occ);
        }
        let pins = self.pins(k, us, occ);

        // Pieces, one role at a time (no per-piece dispatch).
        let r = &self.by_role;
        let pieces = if target == 0 { 0 } else { ours };
        macro_rules! role_moves {
            ($role:expr, $attacks:expr) => {
                let mut movers = pieces & r[$role.index()];
                while movers != 0 {
                    let p = movers.trailing_zeros() as usize;
                    movers &= movers - 1;
                    let mut to = $attacks(p) & target;
                    if pins.set >> p & 1 != 0 {
                        to &= pins.mask(p);
                    }
                    if to != 0
                        && !f(PieceMoves {
                            piece: Piece::new(us, $role),
                            from: Cell::new_unchecked(p),
                            to,
                            kind: MoveKind::Normal,
                        })
                    {
                        return false;
                    }
                }
            };
        }
        role_moves!(Role::Knight, |p: usize| KNIGHT[p]);
        role_moves!(Role::Bishop, |p| bishop_attacks(p, occ));
        role_moves!(Role::Duke, |p| duke_attacks(p, occ));
        role_moves!(Role::Rook, |p| rook_attacks(p, occ));
        role_moves!(Role::Queen, |p| queen_attacks(p, occ));

        // Pawns: the unmoved ones (which may double push) first, then the others.
        let pawn = Piece::new(us, Role::Pawn);
        let all_pawns = pieces & r[Role::Pawn.index()];
        let empty = !occ;
        let table = &PAWN_TABLE[us.index()];
        macro_rules! pawn_moves {
            ($set:expr, $doubles:expr) => {
                let mut pawns = $set;
                while pawns != 0 {
                    let p = pawns.trailing_zeros() as usize;
                    pawns &= pawns - 1;
                    let t = &table[p];
                    let mut to = t.push & empty | t.capture & theirs;
                    if $doubles {
                        // Branch-free: a target counts when its path (middle and target) is empty.
                        to |= t.double[0] & ((t.path[0] & occ == 0) as u128).wrapping_neg()
                            | t.double[1] & ((t.path[1] & occ == 0) as u128).wrapping_neg();
                    }
                    to &= target;
                    if pins.set >> p & 1 != 0 {
                        to &= pins.mask(p);
                    }
                    if to != 0
                        && !f(PieceMoves {
                            piece: pawn,
                            from: Cell::new_unchecked(p),
                            to,
                            kind: MoveKind::Normal,
                        })
                    {
                        return false;
                    }
                }
            };
        }
        pawn_moves!(all_pawns & self.unmoved, true);
        pawn_moves!(all_pawns & !self.unmoved, false);

        // En passant: tested on the position after the capture.
        if let Some(ep) = self.ep {
            let m = ep.middle.index();
            let mut capturers = PAWN_CAPTURES[them.index()][m] & ours & r[Role::Pawn.index()];
            while capturers != 0 {
                let p = capturers.trailing_zeros() as usize;
                capturers &= capturers - 1;
                let after = occ ^ 1u128 << p ^ 1u128 << m ^ ep.landed.bit();
                let mut copy = *self;
                copy.by_color[them.index()] &= !ep.landed.bit();
                copy.by_role[Role::Pawn.index()] &= !ep.landed.bit();
                if empty >> m & 1 != 0
                    && !copy.is_attacked(kc, them, after)
                    && !f(PieceMoves {
                        piece: pawn,
                        from: Cell::new_unchecked(p),
                        to: 1u128 << m,
                        kind: MoveKind::EnPassant,
                    })
                {
                    return false;
                }
            }
        }

        // Castling: not out of check, not through check, target safe after the move.
        if checkers == 0 && self.castling & (3 << (2 * us.index())) != 0 {
            let mut to = 0u128;
            for c in Castling::of(us) {
                let i = c.info();
                if self.castling >> c.right() & 1 == 0
                    || occ & i.empty != 0
                    || self.board[i.king_from.index()] != mailbox_code(king)
                    || self.board[i.rook_from.index()] != mailbox_code(Piece::new(us, Role::Rook))
                {
                    continue;
                }
                if cells(i.safe).any(|c| self.is_attacked(c, them, occ)) {
                    continue;
                }
                let after = (occ & !i.king_from.bit() & !i.rook_from.bit())
                    | i.king_to.bit()
                    | i.rook_to.bit();
                if !self.is_attacked(i.king_to, them, after) {
                    to |= i.king_to.bit();
                }
            }
            if to != 0
                && !f(PieceMoves {
                    piece: king,
                    from: kc,
                    to,
                    kind: MoveKind::Castle,
                })
            {
                return false;
            }
        }
        true
    }

    /// The pseudo-legal destinations of the piece on `cell` (empty if none): its moves by §5–§7
    /// ignoring whether its own King is left in check, and castling with the path empty and the
    /// rights present but without the check conditions. This is what the official diagrams
    /// highlight. En passant counts only for the side to move.
    pub fn pseudo_targets(&self, cell: Cell) -> u128 {
        let Some(piece) = self.piece_at(cell) else {
            return 0;
        };
        let us = piece.color;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[us.other().index()];
        let occ = ours | theirs;
        let c = cell.index();
        match piece.role {
            Role::Pawn => {
                let mut to =
                    PAWN_PUSHES[us.index()][c] & !occ | PAWN_CAPTURES[us.index()][c] & theirs;
                if self.unmoved >> c & 1 != 0 {
                    for &(m, t) in &PAWN_DOUBLES[us.index()][c] {
                        if m != u8::MAX && occ >> m & 1 == 0 && occ >> t & 1 == 0 {
                            to |= 1u128 << t;
                        }
                    }
                }
                if let Some(ep) = self.ep {
                    if us == self.turn && PAWN_CAPTURES[us.index()][c] & ep.middle.bit() != 0 {
                        to |= ep.middle.bit();
                    }
                }
                to
            }
            Role::Knight => KNIGHT[c] & !ours,
            Role::Bishop => bishop_attacks(c, occ) & !ours,
            Role::Duke => duke_attacks(c, occ) & !ours,
            Role::Rook => rook_attacks(c, occ) & !ours,
            Role::Queen => queen_attacks(c, occ) & !ours,
            Role::King => {
                let mut to = KING[c] & !ours;
                for castling in Castling::of(us) {
                    let i = castling.info();
                    if self.castling >> castling.right() & 1 != 0
                        && i.king_from == cell
                        && self.piece_at(i.rook_from) == Some(Piece::new(us, Role::Rook))
                        && occ & i.empty == 0
                    {
                        to |= i.king_to.bit();
                    }
                }
                to
            }
        }
    }

    /// Number of legal moves (a popcount per piece).
    pub fn count_moves(&self) -> u64 {
        let mut n = 0u64;
        self.for_each_piece_moves(|pm| {
            n += pm.len() as u64;
            true
        });
        n
    }
}

/// Leaf nodes at `depth` plies, counting the last ply by popcount (bulk counting).
///
/// ```
/// use hexvar_chessagon::{perft, Position};
/// assert_eq!(perft(&Position::new(), 2), 2_492);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let mut n = 0;
            pos.for_each_piece_moves(|pm| {
                for m in pm.iter() {
                    let mut child = *pos;
                    child.play_unchecked(m);
                    n += perft(&child, depth - 1);
                }
                true
            });
            n
        }
    }
}

/// Leaf nodes at `depth` plies, playing every move down to the leaves (no bulk counting).
pub fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    pos.for_each_piece_moves(|pm| {
        for m in pm.iter() {
            let mut child = *pos;
            child.play_unchecked(m);
            n += perft_without_bulk(&child, depth - 1);
        }
        true
    });
    n
}

/// Perft split by first move, sorted by the move's notation.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out: Vec<(Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (
                m,
                if depth <= 1 {
                    1
                } else {
                    perft(&child, depth - 1)
                },
            )
        })
        .collect();
    out.sort_by_key(|(m, _)| m.to_string());
    out
}
