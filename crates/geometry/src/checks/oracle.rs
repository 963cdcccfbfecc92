//! Board geometry for the crates' test oracles, in the oracle's own integer coordinates: what a
//! rules text says of steps and lines, worked out by walking coordinates, never by the tables
//! the crates build.

/// A cell or a step in an oracle's two integer coordinates.
pub type Xy = (i32, i32);

/// `a` moved by `step`.
pub fn add(a: Xy, step: Xy) -> Xy {
    (a.0 + step.0, a.1 + step.1)
}

/// The leaps of a hexagonal (Gliński) knight, given the six orthogonal steps of a hex board:
/// two orthogonal steps one way, then one step turned 60° from it. Two orthogonal steps are 60°
/// apart when their sum is neither zero, nor twice one of them, nor another orthogonal step
/// (120° apart): it is then a diagonal step. Twelve leaps, in the order of the steps.
pub fn knight_leaps(orthogonal: &[Xy]) -> Vec<Xy> {
    let mut leaps = Vec::new();
    for &first in orthogonal {
        for &turned in orthogonal {
            let sum = add(first, turned);
            if turned != first && sum != (0, 0) && !orthogonal.contains(&sum) {
                leaps.push(add(add(first, first), turned));
            }
        }
    }
    leaps
}

/// Whether a slider on `from` reaches `target` along one of `steps`: walks each line cell by
/// cell while `on_board`, and stops at the first cell that is `occupied` (which it reaches).
pub fn slides(
    from: Xy,
    steps: &[Xy],
    target: Xy,
    on_board: impl Fn(Xy) -> bool,
    occupied: impl Fn(Xy) -> bool,
) -> bool {
    for &step in steps {
        let mut at = add(from, step);
        while on_board(at) {
            if at == target {
                return true;
            }
            if occupied(at) {
                break;
            }
            at = add(at, step);
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Axial hex steps (q, r), the six neighbours.
    const AXIAL: [Xy; 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

    #[test]
    fn twelve_distinct_knight_leaps_none_a_step_or_a_diagonal() {
        let leaps = knight_leaps(&AXIAL);
        assert_eq!(leaps.len(), 12);
        let distinct: std::collections::BTreeSet<Xy> = leaps.iter().copied().collect();
        assert_eq!(distinct.len(), 12);
        // In axial coordinates a hex knight leaps three hexes away (|q| + |r| + |q + r| = 6),
        // and not along a line (that would be a Rook's or Bishop's two-step).
        for (q, r) in leaps {
            assert_eq!(q.abs() + r.abs() + (q + r).abs(), 6, "{q},{r}");
            assert!(q != 0 && r != 0 && q + r != 0, "{q},{r}: along a line");
        }
        // A square board's four steps have no 60° turn: no leap at all, so a wrong board's
        // steps make a test built on it fail.
        assert!(knight_leaps(&[(1, 0), (0, 1), (-1, 0), (0, -1)]).len() != 12);
    }

    #[test]
    fn a_slide_stops_at_the_first_occupied_cell_and_the_edge() {
        let on_board = |(x, y): Xy| (0..8).contains(&x) && (0..8).contains(&y);
        let blocker = |at: Xy| at == (3, 0);
        assert!(slides((0, 0), &[(1, 0)], (3, 0), on_board, blocker));
        assert!(!slides((0, 0), &[(1, 0)], (4, 0), on_board, blocker));
        assert!(slides((0, 0), &[(1, 0)], (7, 0), on_board, |_| false));
        assert!(!slides((0, 0), &[(1, 0)], (8, 0), on_board, |_| false));
        assert!(!slides((0, 0), &[(0, 1)], (3, 0), on_board, blocker));
    }
}
