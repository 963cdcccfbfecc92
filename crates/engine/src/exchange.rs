//! Static exchange evaluation: what a capture wins once every man that can take back on its
//! cell has done so, cheapest first, each side free to stop when going on would lose.
//!
//! The capture itself is played (so its promotion, en passant and the men it uncovers behind
//! it are exact). The rest of the exchange comes from the attackers of the cell
//! ([`Variant::attackers`]) on both sides, counted once: a swap list, cheapest man first, a king
//! last and only when nothing is left to take it back. That misses men uncovered later in the
//! exchange and takes pinned men as free to take, as engines' exchange evaluations commonly do,
//! for two queries instead of a move generation per step.
//!
//! Where the sides do not simply alternate (more than two armies in play, Kirby) or men in hand
//! may enter on the cell (Dagger's knights), the exchange is played out with legal moves
//! instead: after each capture the side to move's cheapest legal capture on the cell answers.
//! That is exact, and costs a move generation per step. The search asks only for captures by a
//! man worth more than its victim, the only ones that can lose.

use hexvar_geometry::{CellBits, Variant, VariantColor, VariantPiece, VariantRole};

/// The longest exchange played out.
const MAX_STEPS: usize = 8;
/// The most attackers of one side counted on a cell.
const MAX_ATTACKERS: usize = 16;
/// A king's cost as an attacker ([`Counting::attacker_cost`]): it goes last.
pub(crate) const KING_COST: i32 = i32::MAX;

/// The values an exchange is counted in, and which sides play together.
pub(crate) trait Counting<V: Variant> {
    /// A man's value in centipawns (0 for a man that counts for nobody, such as a dead army's).
    fn value(&self, piece: V::Piece) -> i32;
    /// The cost of using a man to take: the cheapest attacker goes first (a king last).
    fn attacker_cost(&self, piece: V::Piece) -> i32;
    /// Whether the sides to move of `a` and `b` play for the same coalition.
    fn same_side(&self, a: &V, b: &V) -> bool;
    /// Whether exactly two sides are in play, taking turns (so that the attackers of a cell
    /// tell the whole exchange on it).
    fn two_sides(&self) -> bool;
}

/// The material the capture `mv` wins for the side to move of `pos` (its coalition), when both
/// sides then take back on its cell as long as it pays; negative when it loses material.
pub(crate) fn see<V: Variant>(pos: &V, mv: V::Move, counting: &impl Counting<V>) -> i32 {
    let target = V::move_cells(mv).1;
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let gained =
        pos.captured(mv).map_or(0, |p| counting.value(p)) + promotion(pos, &after, mv, counting);
    let reply = if counting.two_sides() && !counting.same_side(pos, &after) && !has_hand(&after) {
        swapped_continuation(&after, target, counting)
    } else {
        best_continuation(&after, target, counting, 1)
    };
    if counting.same_side(pos, &after) {
        gained + reply
    } else {
        gained - reply
    }
}

/// Whether a side holds a man in hand (Dagger's knights), which may enter on the cell.
fn has_hand<V: Variant>(pos: &V) -> bool {
    V::Color::ALL
        .iter()
        .any(|&c| V::Role::ALL.iter().any(|&r| pos.in_hand(c, r) > 0))
}

/// A side's men that attack the exchange's cell, as `(cost, value)` cheapest first.
struct Attackers {
    men: [(i32, i32); MAX_ATTACKERS],
    len: usize,
    next: usize,
}

impl Attackers {
    fn of<V: Variant>(
        pos: &V,
        target: V::Cell,
        side: V::Color,
        counting: &impl Counting<V>,
    ) -> Attackers {
        let mut a = Attackers {
            men: [(0, 0); MAX_ATTACKERS],
            len: 0,
            next: 0,
        };
        let cells = V::cells();
        for i in pos.attackers(target, side).indices() {
            if a.len == MAX_ATTACKERS {
                break;
            }
            if let Some(man) = cells.get(i).and_then(|&c| pos.piece_at(c)) {
                a.men[a.len] = (counting.attacker_cost(man), counting.value(man));
                a.len += 1;
            }
        }
        a.men[..a.len].sort_unstable();
        a
    }

    fn is_spent(&self) -> bool {
        self.next >= self.len
    }
}

/// What the side to move of `pos` gains by taking on `target` and going on as long as it pays
/// (0 when it stops at once), from the attackers of the cell on both sides: a swap list (see
/// the module page). `pos` has exactly two sides, the side to move and the owner of the man on
/// `target`.
fn swapped_continuation<V: Variant>(pos: &V, target: V::Cell, counting: &impl Counting<V>) -> i32 {
    let Some(first) = pos.piece_at(target) else {
        return 0;
    };
    let mut sides = [
        Attackers::of(pos, target, pos.turn(), counting),
        Attackers::of(pos, target, first.color(), counting),
    ];
    // taken[i]: the value of the man the i-th capture takes.
    let mut taken = [0i32; MAX_STEPS];
    taken[0] = counting.value(first);
    let mut captures = 0;
    let mut side = 0;
    while captures < MAX_STEPS {
        let (attackers, answer) = (&sides[side], &sides[1 - side]);
        if attackers.is_spent() {
            break;
        }
        let (cost, value) = attackers.men[attackers.next];
        if cost == KING_COST && !answer.is_spent() {
            // Only a king is left, and it would be taken back.
            break;
        }
        sides[side].next += 1;
        captures += 1;
        if captures < MAX_STEPS {
            taken[captures] = value;
        }
        side = 1 - side;
    }
    // Backwards: each side takes only when what it wins beats what it then loses.
    let mut best = 0;
    for &victim in taken[..captures].iter().rev() {
        best = (victim - best).max(0);
    }
    best
}

/// What the side to move of `pos` gains by taking on `target` with its cheapest man and going on
/// as long as it pays (0 when it stops at once), played out with legal moves.
fn best_continuation<V: Variant>(
    pos: &V,
    target: V::Cell,
    counting: &impl Counting<V>,
    step: usize,
) -> i32 {
    if step >= MAX_STEPS {
        return 0;
    }
    let Some(victim) = pos.piece_at(target) else {
        return 0;
    };
    // No man of the side to move attacks the cell: no capture lands there, and no move
    // generation is needed to see it (the common end of an exchange).
    if pos.attackers(target, pos.turn()).is_empty() {
        return 0;
    }
    let mut moves = V::MoveList::default();
    pos.legal_moves_into(&mut moves);
    let cheapest = moves
        .iter()
        .filter(|&&mv| V::move_cells(mv).1 == target && pos.captured(mv).is_some())
        .min_by_key(|&&mv| {
            V::move_cells(mv)
                .0
                .and_then(|from| pos.piece_at(from))
                .map_or(0, |p| counting.attacker_cost(p))
        });
    let Some(&mv) = cheapest else {
        return 0;
    };
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let rest = best_continuation(&after, target, counting, step + 1);
    let rest = if counting.same_side(pos, &after) {
        rest
    } else {
        -rest
    };
    (counting.value(victim) + promotion(pos, &after, mv, counting) + rest).max(0)
}

/// What a move adds by changing its man (a promotion): the man on its cell after it, less the man
/// that made it.
fn promotion<V: Variant>(before: &V, after: &V, mv: V::Move, counting: &impl Counting<V>) -> i32 {
    let (from, to) = V::move_cells(mv);
    let mover = from
        .and_then(|f| before.piece_at(f))
        .map_or(0, |p| counting.value(p));
    let arrived = after.piece_at(to).map_or(0, |p| counting.value(p));
    if from.is_some() {
        arrived - mover
    } else {
        0
    }
}

/// Whether a capture may lose material at all: only a man worth more than its victim can (a man
/// that enters from the hand, as Dagger's knights do, always may).
pub(crate) fn may_lose<V: Variant>(pos: &V, mv: V::Move, counting: &impl Counting<V>) -> bool {
    let victim = pos.captured(mv).map_or(0, |p| counting.value(p));
    match V::move_cells(mv).0 {
        Some(from) => pos.piece_at(from).map_or(0, |p| counting.value(p)) > victim,
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two sides, the variants' values, a king last among attackers; `swap`: the exchange from
    /// the attackers where the variant allows it, otherwise always played out.
    struct Letters {
        swap: bool,
    }

    impl<V: Variant> Counting<V> for Letters {
        fn value(&self, piece: V::Piece) -> i32 {
            piece.role().value()
        }
        fn attacker_cost(&self, piece: V::Piece) -> i32 {
            match piece.role().char() {
                'K' => KING_COST,
                _ => piece.role().value(),
            }
        }
        fn same_side(&self, a: &V, b: &V) -> bool {
            a.turn().index() == b.turn().index()
        }
        fn two_sides(&self) -> bool {
            self.swap
        }
    }

    /// Calls `judge` on every capture without promotion of the positions of seeded random games.
    fn captures<V: Variant>(mut judge: impl FnMut(&V, V::Move)) {
        let mut seed = 0x5EE_u64;
        for _ in 0..30 {
            let mut pos = V::start();
            for _ in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in moves.iter() {
                    let mut after = pos.clone();
                    after.play_unchecked(mv);
                    let exact = Letters { swap: false };
                    if pos.captured(mv).is_some() && promotion(&pos, &after, mv, &exact) == 0 {
                        judge(&pos, mv);
                    }
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
    }

    /// Every capture's exchange lies between losing the capturing man and winning the victim;
    /// only a man worth more than its victim can lose; both an exchange that loses and one that
    /// wins the whole victim occur.
    fn bounds<V: Variant>(counting: &Letters) -> (usize, usize) {
        let (mut losing, mut clean) = (0, 0);
        captures::<V>(|pos, mv| {
            let value_of = |p: V::Piece| Counting::<V>::value(counting, p);
            let victim = pos.captured(mv).map_or(0, value_of);
            let (from, to) = V::move_cells(mv);
            let mut after = pos.clone();
            after.play_unchecked(mv);
            let mover = from.map_or_else(|| after.piece_at(to), |f| pos.piece_at(f));
            let attacker = mover.map_or(0, value_of);
            let value = see(pos, mv, counting);
            assert!(
                value <= victim && value >= victim - attacker,
                "{mv} in {pos}"
            );
            if !may_lose(pos, mv, counting) {
                assert!(value >= 0, "{mv} in {pos}");
            }
            losing += usize::from(value < 0);
            clean += usize::from(value == victim);
        });
        (losing, clean)
    }

    #[test]
    fn exchanges_are_bounded_and_both_kinds_occur() {
        for swap in [false, true] {
            let counting = Letters { swap };
            for (losing, clean) in [
                bounds::<hexvar_brusky::Position>(&counting),
                bounds::<hexvar_chessagon::Position>(&counting),
                bounds::<hexvar_dagger::Position>(&counting),
            ] {
                assert!(losing > 0 && clean > 0, "{losing} losing, {clean} clean");
            }
        }
    }

    /// The exchange from the attackers gives the played-out exchange's value in nearly every
    /// capture of random games (it differs only where a man uncovered during the exchange, or a
    /// pinned one, changes it), and is exact where a single man answers.
    fn swap_agreement<V: Variant>() -> (usize, usize) {
        let (mut same, mut all) = (0, 0);
        captures::<V>(|pos, mv| {
            let exact = see(pos, mv, &Letters { swap: false });
            let swapped = see(pos, mv, &Letters { swap: true });
            same += usize::from(exact == swapped);
            all += 1;
        });
        (same, all)
    }

    #[test]
    fn the_swap_list_agrees_with_the_played_out_exchange() {
        for (same, all) in [
            swap_agreement::<hexvar_brusky::Position>(),
            swap_agreement::<hexvar_chessagon::Position>(),
        ] {
            eprintln!("{same} of {all} exchanges agree");
            assert!(all > 1000 && same * 100 >= all * 95, "{same} of {all}");
        }
    }
}
