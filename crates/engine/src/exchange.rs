//! Static exchange evaluation: what a capture wins once every man that can take back on its
//! cell has done so, cheapest first, each side free to stop when going on would lose.
//!
//! The trait has no attack maps, so the exchange is played out with legal moves: after each
//! capture the side to move's cheapest legal capture on the cell answers. That is exact where
//! attack maps are not (pins, x-rays behind the men that leave, Kirby's armies taking turns),
//! and costs a move generation per step; the search asks only for captures by a man worth more
//! than its victim, the only ones that can lose.

use hexvar_geometry::{CellBits, Variant};

/// The longest exchange played out.
const MAX_STEPS: usize = 8;

/// The values an exchange is counted in, and which sides play together.
pub(crate) trait Counting<V: Variant> {
    /// A man's value in centipawns (0 for a man that counts for nobody, such as a dead army's).
    fn value(&self, piece: V::Piece) -> i32;
    /// The cost of using a man to take: the cheapest attacker goes first (a king last).
    fn attacker_cost(&self, piece: V::Piece) -> i32;
    /// Whether the sides to move of `a` and `b` play for the same coalition.
    fn same_side(&self, a: &V, b: &V) -> bool;
}

/// The material the capture `mv` wins for the side to move of `pos` (its coalition), when both
/// sides then take back on its cell as long as it pays; negative when it loses material.
pub(crate) fn see<V: Variant>(pos: &V, mv: V::Move, counting: &impl Counting<V>) -> i32 {
    let target = V::move_cells(mv).1;
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let gained =
        pos.captured(mv).map_or(0, |p| counting.value(p)) + promotion(pos, &after, mv, counting);
    let reply = best_continuation(&after, target, counting, 1);
    if counting.same_side(pos, &after) {
        gained + reply
    } else {
        gained - reply
    }
}

/// What the side to move of `pos` gains by taking on `target` with its cheapest man and going on
/// as long as it pays (0 when it stops at once).
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
    use hexvar_geometry::{VariantColor, VariantPiece, VariantRole};

    /// Two sides, the variants' values, a king last among attackers.
    struct Letters;

    impl<V: Variant> Counting<V> for Letters {
        fn value(&self, piece: V::Piece) -> i32 {
            piece.role().value()
        }
        fn attacker_cost(&self, piece: V::Piece) -> i32 {
            match piece.role().char() {
                'K' => i32::MAX,
                _ => piece.role().value(),
            }
        }
        fn same_side(&self, a: &V, b: &V) -> bool {
            a.turn().index() == b.turn().index()
        }
    }

    /// Along seeded random games, every capture's exchange lies between losing the capturing man
    /// and winning the victim; only a man worth more than its victim can lose; both an exchange
    /// that loses and one that wins the whole victim occur.
    fn bounds<V: Variant>() -> (usize, usize) {
        let (mut losing, mut clean) = (0, 0);
        let mut seed = 0x5EE_u64;
        for _ in 0..30 {
            let mut pos = V::start();
            for _ in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in moves.iter() {
                    let Some(victim) = pos.captured(mv) else {
                        continue;
                    };
                    let victim = Counting::<V>::value(&Letters, victim);
                    let mut after = pos.clone();
                    after.play_unchecked(mv);
                    let (from, to) = V::move_cells(mv);
                    let mover = from.map_or_else(|| after.piece_at(to), |f| pos.piece_at(f));
                    let attacker = mover.map_or(0, |p| Counting::<V>::value(&Letters, p));
                    if promotion(&pos, &after, mv, &Letters) != 0 {
                        continue;
                    }
                    let value = see(&pos, mv, &Letters);
                    assert!(
                        value <= victim && value >= victim - attacker,
                        "{mv} in {pos}"
                    );
                    if !may_lose(&pos, mv, &Letters) {
                        assert!(value >= 0, "{mv} in {pos}");
                    }
                    losing += usize::from(value < 0);
                    clean += usize::from(value == victim);
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        (losing, clean)
    }

    #[test]
    fn exchanges_are_bounded_and_both_kinds_occur() {
        for (losing, clean) in [
            bounds::<hexvar_brusky::Position>(),
            bounds::<hexvar_chessagon::Position>(),
            bounds::<hexvar_dagger::Position>(),
        ] {
            assert!(losing > 0 && clean > 0, "{losing} losing, {clean} clean");
        }
    }
}
