//! Pawn tables: pushes, captures, double pushes, promotion cells, the starting cells, and the
//! set-wise pawn steps.

use hexvar_geometry::const_for;
use hexvar_geometry::table::leap_sets_128;
use hexvar_geometry::triangle::{self, Tri};

use crate::cells::{cell_at, file_low, mirror_set, set_of, CELLS_C, CELL_COUNT};

// ---------------------------------------------------------------------------------------------
// Pawns.

const fn pawn_step(c: usize, color: usize, dx: i8, dy: i8) -> Option<usize> {
    let t = CELLS_C[c];
    let dy = if color == 0 { dy } else { -dy };
    triangle::index_of(&CELLS_C, Tri::new(t.x + dx, t.y + dy))
}

const fn push_dx(c: usize) -> i8 {
    // The p2p push: (-1, +2) from a light cell, (+1, +2) from a dark one.
    if CELLS_C[c].points_left() {
        1
    } else {
        -1
    }
}

/// Per side and cell, the cells of the pawn steps `(dx, dy)` of `steps` (`dx` 2: the cell's
/// p2p direction).
const fn build_steps<const N: usize>(steps: [(i8, i8); N]) -> [[u128; CELL_COUNT]; 2] {
    let mut out = [[0u128; CELL_COUNT]; 2];
    const_for!(color in 0..2 => {
        const_for!(c in 0..CELL_COUNT => {
            const_for!(i in 0..N => {
                let (dx, dy) = steps[i];
                let dx = if dx == 2 { push_dx(c) } else { dx };
                if let Some(t) = pawn_step(c, color, dx, dy) {
                    out[color][c] |= 1 << t;
                }
            });
        });
    });
    out
}

/// The f2f push `(0, 1)` and the p2p push.
const fn build_pushes() -> [[u128; CELL_COUNT]; 2] {
    build_steps([(0, 1), (2, 2)])
}

/// Two up the file, and one up to the left and to the right.
const fn build_captures() -> [[u128; CELL_COUNT]; 2] {
    build_steps([(0, 2), (-1, 1), (1, 1)])
}

/// A first-move double push: `(middle, target)` as dense indices, `u8::MAX` if off the board.
const fn build_doubles() -> [[[(u8, u8); 2]; CELL_COUNT]; 2] {
    let none = (u8::MAX, u8::MAX);
    let mut out = [[[none; 2]; CELL_COUNT]; 2];
    const_for!(color in 0..2 => {
        const_for!(c in 0..CELL_COUNT => {
            let dx = push_dx(c);
            // f2f then p2p: the middle is (0, +1); from there the p2p push goes the other way.
            if let Some(m) = pawn_step(c, color, 0, 1) {
                if let Some(t) = pawn_step(c, color, -dx, 3) {
                    out[color][c][0] = (m as u8, t as u8);
                }
            }
            // p2p then f2f.
            if let Some(m) = pawn_step(c, color, dx, 2) {
                if let Some(t) = pawn_step(c, color, dx, 3) {
                    out[color][c][1] = (m as u8, t as u8);
                }
            }
        });
    });
    out
}

/// Single pawn pushes (f2f and p2p forward), per side and cell.
pub(crate) static PAWN_PUSHES: [[u128; CELL_COUNT]; 2] = build_pushes();
/// Pawn captures (the three forward points-adjacent cells), per side and cell.
pub(crate) static PAWN_CAPTURES: [[u128; CELL_COUNT]; 2] = build_captures();
/// Per side and King cell, the cells from which an enemy pawn attacks one of the King's
/// steps: only the enemy pawns there can stop a step.
pub(crate) static PAWN_ZONE: [[u128; CELL_COUNT]; 2] = {
    let captures = build_captures();
    let king = leap_sets_128(&triangle::step_table(&CELLS_C, &triangle::TOUCHING));
    let mut out = [[0u128; CELL_COUNT]; 2];
    const_for!(color in 0..2 => {
        const_for!(k in 0..CELL_COUNT => {
            const_for!(c in 0..CELL_COUNT => {
                if king[k] >> c & 1 != 0 {
                    out[color][k] |= captures[color][c];
                }
            });
        });
    });
    out
};
/// First-move double pushes `(middle, target)` per side and cell (`u8::MAX` = none).
pub(crate) static PAWN_DOUBLES: [[[(u8, u8); 2]; CELL_COUNT]; 2] = build_doubles();

const fn build_double_paths() -> [[[(u128, u128); 2]; CELL_COUNT]; 2] {
    let doubles = build_doubles();
    let mut out = [[[(u128::MAX, 0u128); 2]; CELL_COUNT]; 2];
    const_for!(color in 0..2 => {
        const_for!(c in 0..CELL_COUNT => {
            const_for!(k in 0..2 => {
                let (m, t) = doubles[color][c][k];
                if m != u8::MAX {
                    out[color][c][k] = (1u128 << m | 1u128 << t, 1u128 << t);
                }
            });
        });
    });
    out
}

/// A double push as playing it needs it: its middle cell, and the cells from which an enemy
/// pawn would capture onto the middle (the en passant state is recorded only with one there).
#[derive(Clone, Copy, Debug)]
pub(crate) struct DoublePush {
    /// The cell passed over.
    pub(crate) middle: u8,
    /// The cells of the enemy pawns that could take en passant (none for an entry of no push).
    pub(crate) catchers: u128,
}

/// The double pushes of an unmoved pawn on one cell, found from a move's target without a
/// branch: `pushes[hit]` with `hit` = (target is `targets[0]`) + 2 · (target is `targets[1]`),
/// so that entry 0, a single push, catches nothing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FirstMoves {
    /// The targets of the two double pushes (`u8::MAX`: none).
    pub(crate) targets: [u8; 2],
    /// The double push by `hit` (entries 0 and 3 are none).
    pub(crate) pushes: [DoublePush; 4],
}

/// The [`FirstMoves`] per side and cell.
pub(crate) static FIRST_MOVES: [[FirstMoves; CELL_COUNT]; 2] = {
    let doubles = build_doubles();
    let captures = build_captures();
    let none = DoublePush {
        middle: u8::MAX,
        catchers: 0,
    };
    let empty = FirstMoves {
        targets: [u8::MAX; 2],
        pushes: [none; 4],
    };
    let mut out = [[empty; CELL_COUNT]; 2];
    const_for!(color in 0..2 => {
        const_for!(c in 0..CELL_COUNT => {
            const_for!(k in 0..2 => {
                let (middle, target) = doubles[color][c][k];
                if middle != u8::MAX {
                    out[color][c].targets[k] = target;
                    out[color][c].pushes[1 << k] = DoublePush {
                        middle,
                        catchers: captures[color][middle as usize],
                    };
                }
            });
        });
    });
    out
};

/// Everything a pawn on one cell can do, in one place (one cache-friendly lookup per pawn).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnMoves {
    /// Single pushes (f2f and p2p forward).
    pub(crate) push: u128,
    /// Capture cells.
    pub(crate) capture: u128,
    /// Double-push targets (0 when off the board).
    pub(crate) double: [u128; 2],
    /// Middle and target cells of each double push (`u128::MAX` when there is none).
    pub(crate) path: [u128; 2],
}

const fn build_pawn_table() -> [[PawnMoves; CELL_COUNT]; 2] {
    let pushes = build_pushes();
    let captures = build_captures();
    let paths = build_double_paths();
    let empty = PawnMoves {
        push: 0,
        capture: 0,
        double: [0; 2],
        path: [u128::MAX; 2],
    };
    let mut out = [[empty; CELL_COUNT]; 2];
    const_for!(color in 0..2 => {
        const_for!(c in 0..CELL_COUNT => {
            out[color][c] = PawnMoves {
                push: pushes[color][c],
                capture: captures[color][c],
                double: [paths[color][c][0].1, paths[color][c][1].1],
                path: [paths[color][c][0].0, paths[color][c][1].0],
            };
        });
    });
    out
}

/// Pawn moves per side and cell (the tables above, gathered).
pub(crate) static PAWN_TABLE: [[PawnMoves; CELL_COUNT]; 2] = build_pawn_table();

// Set-wise pawn moves. Inside the board's middle ranks (8 cells each) one pawn step is one shift
// of the dense index, the same for every pawn of one cell colour: the f2f push is +8, a capture
// two up the file +16. Near the edges the distance changes; the pawns there are the exceptions,
// handled one by one.

/// A pawn step by its file change: none, one file left or right, or the p2p direction of the
/// cell (right from a dark cell, left from a light one).
#[derive(Clone, Copy)]
enum FileStep {
    Same,
    Left,
    Right,
    P2p,
}

const fn step_target(c: usize, color: usize, file: FileStep, dy: i8) -> Option<usize> {
    let dx = match file {
        FileStep::Same => 0,
        FileStep::Left => -1,
        FileStep::Right => 1,
        FileStep::P2p => push_dx(c),
    };
    pawn_step(c, color, dx, dy)
}

/// One set-wise pawn step: the pawns on `sources` reach the cell `delta` indices further
/// (up the index for White, down for Black).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnShift {
    pub(crate) sources: u128,
    pub(crate) delta: u32,
}

/// Every set-wise pawn step of one side, and the pawn cells the shifts do not describe.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnShifts {
    /// f2f and p2p pushes, for dark and light cells; steps of one distance share a shift.
    pub(crate) pushes: [PawnShift; 3],
    /// The three captures, for dark and light cells.
    pub(crate) captures: [PawnShift; 3],
    /// Double pushes from the starting cells, in the side's [`DOUBLE_WINDOW`].
    pub(crate) doubles: DoubleShifts,
    /// Pawn cells from which a push or capture lands elsewhere than its shift says.
    pub(crate) exceptions: u128,
}

/// One set-wise step in the 64-bit window of the board that holds every starting cell, middle
/// and target of the side's double pushes (see [`DOUBLE_WINDOW`]): the cells of `sources` reach
/// the cell `delta` indices further.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WindowShift {
    pub(crate) sources: u64,
    pub(crate) delta: u32,
}

/// The double pushes of one side as set-wise steps. A double push is two single pushes of the
/// two kinds: f2f then p2p (kind 0 of [`PAWN_DOUBLES`]), or p2p then f2f (kind 1). The first
/// steps of a kind put the unmoved pawns on their middle cells; where no two pawns share a middle
/// (f2f steps never; p2p steps only from cells of one colour) the steps of all distances are
/// or-ed into one set. The second steps then go from each middle on, each distance counted
/// apart (two middles may share a target). Four counts instead of one per pair of distances.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DoubleShifts {
    /// The f2f first steps, by distance.
    pub(crate) f2f_first: [WindowShift; 2],
    /// The p2p second steps from their middles, by distance.
    pub(crate) then_p2p: [WindowShift; 2],
    /// The p2p first steps from the dark starting cells, then from the light ones, by distance.
    pub(crate) p2p_first: [[WindowShift; 2]; 2],
    /// The f2f second steps from their middles (one distance).
    pub(crate) then_f2f: WindowShift,
}

/// Per side, the lowest cell index of the 64-bit window in which its double pushes are
/// shifted: the cells below 64 for White, those from 32 for Black (the mirror image). One
/// word's shifts and counts cost half of the whole set's; the build fails if a double push
/// leaves its window.
pub(crate) const DOUBLE_WINDOW: [u32; 2] = [0, (CELL_COUNT - 64) as u32];

/// Cells in the middle of the board, one dark (d7) and one light (e7): every pawn step from
/// them has the distance of the middle ranks.
const REFERENCE: [usize; 2] = [cell_at(3, 7), cell_at(4, 7)];

const fn distance(from: usize, to: usize, color: usize) -> u32 {
    if color == 0 {
        (to - from) as u32
    } else {
        (from - to) as u32
    }
}

/// The sources of one step among the cells of one colour, and the cells where it goes astray.
const fn shift_of(color: usize, dark: bool, file: FileStep, dy: i8) -> (PawnShift, u128) {
    let r = REFERENCE[if dark { 0 } else { 1 }];
    let delta = match step_target(r, color, file, dy) {
        Some(t) => distance(r, t, color),
        None => panic!("a middle cell has every pawn step"),
    };
    let mut sources = 0u128;
    let mut astray = 0u128;
    let mut c = 0;
    while c < CELL_COUNT {
        if CELLS_C[c].points_left() == dark {
            if let Some(t) = step_target(c, color, file, dy) {
                let on_pattern = if color == 0 {
                    t == c + delta as usize
                } else {
                    c >= delta as usize && t == c - delta as usize
                };
                if on_pattern {
                    sources |= 1 << c;
                } else {
                    astray |= 1 << c;
                }
            }
        }
        c += 1;
    }
    (PawnShift { sources, delta }, astray)
}

/// The steps merged by distance: steps of one distance (the f2f push from dark and from light
/// cells, say) become one shift of the union of their sources. There must be exactly `M`
/// distances.
const fn by_distance<const N: usize, const M: usize>(steps: [PawnShift; N]) -> [PawnShift; M] {
    let mut out = [PawnShift {
        sources: 0,
        delta: 0,
    }; M];
    let mut used = 0;
    let mut i = 0;
    while i < N {
        let mut j = 0;
        while j < used && out[j].delta != steps[i].delta {
            j += 1;
        }
        if j == used {
            assert!(used < M, "more distances than expected");
            out[j].delta = steps[i].delta;
            used += 1;
        }
        out[j].sources |= steps[i].sources;
        i += 1;
    }
    assert!(used == M, "fewer distances than expected");
    out
}

/// The steps of one kind of double push (`kind`, see [`DoubleShifts`]) of `color`'s pawns on the
/// starting cells in `starts`, grouped by distance: its first steps (`second` false, from the
/// starting cells) or its second steps (from the middle cells). There must be exactly `M`
/// distances, and every cell must lie in the side's window.
const fn double_steps<const M: usize>(
    color: usize,
    kind: usize,
    starts: u128,
    second: bool,
) -> [WindowShift; M] {
    let doubles = build_doubles();
    let window = DOUBLE_WINDOW[color] as usize;
    let mut out = [WindowShift {
        sources: 0,
        delta: 0,
    }; M];
    let mut used = 0;
    let mut c = 0;
    while c < CELL_COUNT {
        let (m, t) = doubles[color][c][kind];
        if starts >> c & 1 != 0 && m != u8::MAX {
            let (from, to) = if second {
                (m as usize, t as usize)
            } else {
                (c, m as usize)
            };
            assert!(
                from >= window && from < window + 64 && to >= window && to < window + 64,
                "a double push leaves its window"
            );
            let delta = distance(from, to, color);
            let mut j = 0;
            while j < used && out[j].delta != delta {
                j += 1;
            }
            if j == used {
                assert!(used < M, "more distances than expected");
                out[j].delta = delta;
                used += 1;
            }
            out[j].sources |= 1 << (from - window);
        }
        c += 1;
    }
    assert!(used == M, "fewer distances than expected");
    out
}

/// The double pushes of `color`'s pawns on their starting cells (every one, the short third
/// rank's too, so no unmoved pawn needs to be looked at one by one).
const fn build_double_shifts(color: usize) -> DoubleShifts {
    let starts = PAWN_START_C[color];
    let dark = starts & DARK;
    let light = starts & !DARK;
    let [then_f2f] = double_steps::<1>(color, 1, starts, true);
    DoubleShifts {
        f2f_first: double_steps(color, 0, starts, false),
        then_p2p: double_steps(color, 0, starts, true),
        p2p_first: [
            double_steps(color, 1, dark, false),
            double_steps(color, 1, light, false),
        ],
        then_f2f,
    }
}

const fn build_pawn_shifts(color: usize) -> PawnShifts {
    let mut exceptions = 0u128;
    let empty = PawnShift {
        sources: 0,
        delta: 0,
    };
    let mut pushes = [empty; 4];
    let mut captures = [empty; 6];
    let mut k = 0;
    while k < 2 {
        let dark = k == 0;
        let push_steps = [(FileStep::Same, 1), (FileStep::P2p, 2)];
        let mut i = 0;
        while i < 2 {
            let (shift, astray) = shift_of(color, dark, push_steps[i].0, push_steps[i].1);
            pushes[2 * k + i] = shift;
            exceptions |= astray;
            i += 1;
        }
        let capture_steps = [
            (FileStep::Same, 2),
            (FileStep::Left, 1),
            (FileStep::Right, 1),
        ];
        let mut i = 0;
        while i < 3 {
            let (shift, astray) = shift_of(color, dark, capture_steps[i].0, capture_steps[i].1);
            captures[3 * k + i] = shift;
            exceptions |= astray;
            i += 1;
        }
        k += 1;
    }
    PawnShifts {
        pushes: by_distance(pushes),
        captures: by_distance(captures),
        doubles: build_double_shifts(color),
        exceptions,
    }
}

/// The set-wise pawn steps per side.
pub(crate) static PAWN_SHIFTS: [PawnShifts; 2] = [build_pawn_shifts(0), build_pawn_shifts(1)];

const fn build_back_edges() -> [u128; 2] {
    let mut out = [0u128; 2];
    let mut i = 0;
    while i < CELL_COUNT {
        let t = CELLS_C[i];
        let lo = file_low(t.x as u8) as i8;
        if t.y == 14 - lo {
            out[0] |= 1 << i;
        }
        if t.y == lo {
            out[1] |= 1 << i;
        }
        i += 1;
    }
    out
}

/// Promotion cells per side: White promotes on the top cell of each file, Black on the bottom one.
pub(crate) static PROMOTION: [u128; 2] = build_back_edges();

const WHITE_PAWN_START: u128 = set_of(&[
    (3, 3),
    (4, 3),
    (0, 4),
    (1, 4),
    (2, 4),
    (3, 4),
    (4, 4),
    (5, 4),
    (6, 4),
    (7, 4),
    (1, 5),
    (2, 5),
    (5, 5),
    (6, 5),
]);

/// The starting pawn cells of each side, for the tables built from them.
const PAWN_START_C: [u128; 2] = [WHITE_PAWN_START, mirror_set(WHITE_PAWN_START)];

/// The starting pawn cells of each side (a pawn on one of its own is read as unmoved).
pub(crate) static PAWN_START: [u128; 2] = PAWN_START_C;

/// The dark cells (pointing left).
const DARK: u128 = {
    let mut out = 0u128;
    const_for!(c in 0..CELL_COUNT => {
        if CELLS_C[c].points_left() {
            out |= 1 << c;
        }
    });
    out
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::{cells, index_of_name as c, names};
    use crate::tables::{KING, KNIGHT};

    #[test]
    fn first_moves_pick_each_double_push_by_its_target() {
        for color in 0..2 {
            for c in 0..CELL_COUNT {
                let first = &FIRST_MOVES[color][c];
                for (k, &(middle, target)) in PAWN_DOUBLES[color][c].iter().enumerate() {
                    assert_eq!(first.targets[k], target);
                    let push = &first.pushes[1 << k];
                    if middle != u8::MAX {
                        assert_eq!(push.middle, middle);
                        assert_eq!(push.catchers, PAWN_CAPTURES[color][middle as usize]);
                    }
                }
                // A single push (no target matches) and no cell at all (both would) catch nothing.
                assert_eq!(first.pushes[0].catchers | first.pushes[3].catchers, 0);
            }
        }
    }

    #[test]
    fn pawn_tables() {
        let w = 0;
        assert_eq!(names(PAWN_PUSHES[w][c("e3")]), ["e4", "d5"]);
        assert_eq!(names(PAWN_CAPTURES[w][c("c7")]), ["b8", "d8", "c9"]);
        assert_eq!(
            PAWN_DOUBLES[1][c("b11")][0],
            (c("b10") as u8, c("a8") as u8)
        );
        assert_eq!(PAWN_DOUBLES[1][c("b11")][1], (c("c9") as u8, c("c8") as u8));
        assert_eq!(
            names(PROMOTION[0]),
            ["a12", "h12", "b13", "g13", "c14", "f14", "d15", "e15"]
        );
        assert_eq!(
            names(PROMOTION[1]),
            ["d1", "e1", "c2", "f2", "b3", "g3", "a4", "h4"]
        );
        assert_eq!(PAWN_START[0].count_ones(), 14);
        assert!(PAWN_START[1] >> c("b11") & 1 != 0);
        assert_eq!(KING[c("e6")].count_ones(), 12);
        assert_eq!(KNIGHT[c("e7")].count_ones(), 12);
        assert_eq!(
            names(KNIGHT[c("c3")] & !((1u128 << c("a5")) - 1) & !PAWN_START[0]),
            ["d5", "a6", "c6", "b7"]
        );
    }

    /// The double pushes of the pawns `pawns` of `color` on an empty board, by the set-wise steps.
    fn set_wise_doubles(color: usize, pawns: u128) -> u128 {
        let d = &PAWN_SHIFTS[color].doubles;
        let window = DOUBLE_WINDOW[color];
        let shift = |set: u64, s: &WindowShift| {
            let set = set & s.sources;
            if color == 0 {
                set << s.delta
            } else {
                set >> s.delta
            }
        };
        let pawns = (pawns >> window) as u64;
        let mut middles = [0u64; 3];
        for s in &d.f2f_first {
            middles[0] |= shift(pawns, s);
        }
        for (colour, steps) in d.p2p_first.iter().enumerate() {
            for s in steps {
                middles[1 + colour] |= shift(pawns, s);
            }
        }
        let mut targets = 0u64;
        for s in &d.then_p2p {
            targets |= shift(middles[0], s);
        }
        targets |= shift(middles[1], &d.then_f2f) | shift(middles[2], &d.then_f2f);
        u128::from(targets) << window
    }

    #[test]
    fn pawn_shifts_agree_with_the_pawn_tables() {
        for color in 0..2 {
            let s = &PAWN_SHIFTS[color];
            let shift = |set: u128, d: u32| if color == 0 { set << d } else { set >> d };
            let mut exceptions = 0;
            for (c, t) in PAWN_TABLE[color].iter().enumerate() {
                let one = 1u128 << c;
                let pushes = s
                    .pushes
                    .iter()
                    .fold(0, |a, p| a | shift(one & p.sources, p.delta));
                let captures = s
                    .captures
                    .iter()
                    .fold(0, |a, p| a | shift(one & p.sources, p.delta));
                let doubles = set_wise_doubles(color, one);
                let table_doubles = t.double[0] | t.double[1];
                if s.exceptions & one == 0 {
                    assert_eq!(pushes, t.push, "push {color} {c}");
                    assert_eq!(captures, t.capture, "capture {color} {c}");
                } else {
                    exceptions += 1;
                }
                if PAWN_START[color] & one != 0 {
                    assert_eq!(doubles, table_doubles, "double {color} {c}");
                }
            }
            // Only the edge ranks are exceptions: a pawn on ranks 4–10 always shifts (its steps
            // reach at most two ranks further, still 8-cell ranks).
            for c in cells(s.exceptions) {
                let r = if color == 0 { c.rank() } else { 16 - c.rank() };
                assert!(!(4..=10).contains(&r), "{color} {c}");
            }
            assert!(exceptions > 0);
        }
    }
}
