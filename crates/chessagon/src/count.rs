//! Bulk counting: the number of legal moves without listing them.

use crate::cells::each_index;
use crate::masks::Masks;
use crate::men::{Color, Role};
use crate::movegen::PieceMoves;
use crate::position::Position;
use crate::tables::{
    bishop_attacks, bishop_attacks_at, duke_attacks, duke_attacks_at, queen_attacks,
    queen_attacks_at, rook_attacks, rook_attacks_at, WindowShift, DOUBLE_WINDOW, KNIGHT,
    PAWN_SHIFTS, PAWN_TABLE,
};

/// Up to this many unpinned pawns are counted one by one rather than set-wise.
const FEW_PAWNS: u32 = 2;

/// The sum of `low` over the cells of `set` below 64 and of `high` over the others: two loops
/// over 64-bit words are cheaper than one over the 128-bit set, and each knows its word.
#[inline(always)]
fn sum_over(set: u128, low: impl Fn(usize) -> u32, high: impl Fn(usize) -> u32) -> u32 {
    let mut n = 0;
    let mut word = set as u64;
    while word != 0 {
        n += low(word.trailing_zeros() as usize);
        word &= word - 1;
    }
    let mut word = (set >> 64) as u64;
    while word != 0 {
        n += high(64 + word.trailing_zeros() as usize);
        word &= word - 1;
    }
    n
}

impl Position {
    /// The number of legal moves, counted without listing them: a popcount per piece, and the
    /// unpinned pawns away from the edge ranks by shifts of the whole pawn set.
    pub fn legal_move_count(&self) -> usize {
        let m = self.masks();
        let mut n = self.king_step_count(&m);
        if m.target != 0 {
            let pawns = m.ours & self.by_role[Role::Pawn.index()];
            // Endgames often have no piece but King and pawns: skip five empty loops.
            if m.ours & !pawns & !self.by_role[Role::King.index()] != 0 {
                n += self.piece_move_count(&m);
            }
            if pawns != 0 {
                n += self.pawn_move_count(&m, pawns);
            }
        }
        let mut special = 0;
        let mut add = |pm: PieceMoves| {
            special += pm.len();
            true
        };
        self.en_passant_moves(&m, &mut add);
        self.castling_moves(&m, &mut add);
        n as usize + special
    }

    /// The King's steps to cells the enemy does not attack once the King has left its cell.
    #[inline(always)]
    fn king_step_count(&self, m: &Masks) -> u32 {
        self.safe_king_steps(m).count_ones()
    }

    /// The moves of the Knights, Bishops, Dukes, Rooks and Queens: a popcount per piece.
    #[inline(always)]
    fn piece_move_count(&self, m: &Masks) -> u32 {
        let r = &self.by_role;
        let free = m.ours & !m.pinned;
        let (occ, target) = (m.occ, m.target);
        // One slider role: the pieces of the low word and of the high word apart, so that each
        // knows the constant side of its cell (see `board`'s attack functions).
        macro_rules! sliders {
            ($role:expr, $attacks:ident) => {
                sum_over(
                    free & r[$role.index()],
                    #[inline(always)]
                    |p| ($attacks::<true>(p, occ) & target).count_ones(),
                    #[inline(always)]
                    |p| ($attacks::<false>(p, occ) & target).count_ones(),
                )
            };
        }
        let knights = |p: usize| (KNIGHT[p] & target).count_ones();
        let mut n = sum_over(free & r[Role::Knight.index()], knights, knights)
            + sliders!(Role::Bishop, bishop_attacks_at)
            + sliders!(Role::Duke, duke_attacks_at)
            + sliders!(Role::Rook, rook_attacks_at)
            + sliders!(Role::Queen, queen_attacks_at);
        let pinned = m.pinned & !r[Role::Pawn.index()];
        if pinned != 0 {
            n += self.pinned_piece_count(pinned, occ, target);
        }
        n
    }

    /// The moves of pinned pieces (not pawns), kept on their pin lines.
    #[inline(never)]
    fn pinned_piece_count(&self, pinned: u128, occ: u128, target: u128) -> u32 {
        let mut n = 0;
        each_index(pinned, |p| {
            // Neither a pawn (counted with the pawns) nor the King (never pinned).
            let attacks = match self.role_on(p).expect("a pinned piece") {
                Role::Knight => KNIGHT[p],
                Role::Bishop => bishop_attacks(p, occ),
                Role::Duke => duke_attacks(p, occ),
                Role::Rook => rook_attacks(p, occ),
                _ => queen_attacks(p, occ),
            };
            n += (attacks & target & self.pin_mask(p)).count_ones();
        });
        n
    }

    /// The pawns' moves: set-wise for the unpinned ones (their single steps off the edge ranks,
    /// and the double pushes of all unmoved ones), the rest one by one.
    #[inline(always)]
    fn pawn_move_count(&self, m: &Masks, pawns: u128) -> u32 {
        let free = pawns & !m.pinned;
        let mut n = if free.count_ones() <= FEW_PAWNS {
            // A dozen shifts cost more than a few table rows.
            self.pawns_one_by_one(m, free, true)
        } else {
            let set_wise = match m.us {
                Color::White => self.count_pawns::<true>(m, free),
                Color::Black => self.count_pawns::<false>(m, free),
            };
            let edge = free & PAWN_SHIFTS[m.us.index()].exceptions;
            set_wise + self.pawns_one_by_one(m, edge, false)
        };
        let pinned = pawns & m.pinned;
        if pinned != 0 {
            self.each_pawn(
                m,
                &mut |pm: PieceMoves| {
                    n += pm.len() as u32;
                    true
                },
                pinned,
            );
        }
        n
    }

    /// The moves of the unpinned `pawns` of the side to move (`WHITE` or not), counted by
    /// shifting the set once per step: each destination bit stands for one pawn's move. The
    /// pawns on the edge ranks take no single step here (some of their steps have other
    /// distances; they are counted one by one).
    #[inline(always)]
    fn count_pawns<const WHITE: bool>(&self, m: &Masks, pawns: u128) -> u32 {
        let shift = |set: u128, d: u32| if WHITE { set << d } else { set >> d };
        // Indexed by the constant colour, so the shift distances are constants too.
        let shifts = &PAWN_SHIFTS[usize::from(!WHITE)];
        // Outside check the target adds nothing here (an empty or enemy cell is never ours); in
        // check it keeps the moves that answer it.
        let empty = !m.occ & m.target;
        let theirs = m.theirs & m.target;
        let stepping = pawns & !shifts.exceptions;
        let mut n = 0;
        for p in &shifts.pushes {
            n += (shift(stepping & p.sources, p.delta) & empty).count_ones();
        }
        for p in &shifts.captures {
            n += (shift(stepping & p.sources, p.delta) & theirs).count_ones();
        }
        let unmoved = pawns & self.unmoved;
        if unmoved != 0 {
            n += Self::count_double_pushes::<WHITE>(m, unmoved, empty);
        }
        n
    }

    /// The double pushes of the `unmoved` pawns of the side to move (`WHITE` or not) onto
    /// `empty` cells, counted by steps of the whole set in the side's 64-bit window, where every
    /// double push starts, passes and lands: each kind's first steps onto the empty middle cells,
    /// then its second steps (see [`crate::tables::DoubleShifts`]).
    #[inline(always)]
    fn count_double_pushes<const WHITE: bool>(m: &Masks, unmoved: u128, empty: u128) -> u32 {
        let d = &PAWN_SHIFTS[usize::from(!WHITE)].doubles;
        let window = |set: u128| (set >> DOUBLE_WINDOW[usize::from(!WHITE)]) as u64;
        let shift = |set: u64, s: &WindowShift| {
            let set = set & s.sources;
            if WHITE {
                set << s.delta
            } else {
                set >> s.delta
            }
        };
        let (unmoved, free, empty) = (window(unmoved), window(!m.occ), window(empty));
        let onto =
            |steps: &[WindowShift]| steps.iter().fold(0, |set, s| set | shift(unmoved, s)) & free;
        let (f2f_middles, dark_middles, light_middles) = (
            onto(&d.f2f_first),
            onto(&d.p2p_first[0]),
            onto(&d.p2p_first[1]),
        );
        let mut n = 0;
        for s in &d.then_p2p {
            n += (shift(f2f_middles, s) & empty).count_ones();
        }
        n + (shift(dark_middles, &d.then_f2f) & empty).count_ones()
            + (shift(light_middles, &d.then_f2f) & empty).count_ones()
    }

    /// The moves of unpinned `pawns`, one table row each: their single steps, and their double
    /// pushes when `doubles` (the set-wise count covers those of the edge-rank pawns).
    #[inline(always)]
    fn pawns_one_by_one(&self, m: &Masks, pawns: u128, doubles: bool) -> u32 {
        let table = &PAWN_TABLE[m.us.index()];
        let empty = !m.occ & m.target;
        let theirs = m.theirs & m.target;
        let mut n = 0;
        each_index(pawns, |p| {
            let t = &table[p];
            let mut to = t.push & empty | t.capture & theirs;
            if doubles && self.unmoved >> p & 1 != 0 {
                // A double push counts when its middle and target are empty.
                for (target, path) in t.double.into_iter().zip(t.path) {
                    if path & m.occ == 0 {
                        to |= target & m.target;
                    }
                }
            }
            n += to.count_ones();
        });
        n
    }
}
