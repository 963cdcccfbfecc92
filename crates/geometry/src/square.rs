//! Square cells, and generic cell graphs for boards that mix cell shapes.
//!
//! A [`Square`] is a cell (or a step) of an ordinary square grid: `file` grows to the right,
//! `rank` grows upwards. [`square_step_table`] builds the same table shape as
//! [`crate::table::step_table`] for a list of squares.
//!
//! A board made of several layers (a hex field with square boards glued to it, say) is one
//! **cell graph**: a dense cell index `0..N` and, for each cell, the neighbour in each of `D`
//! direction *slots* (`NO_CELL` where there is none). A slot is just a label: a ray is what you
//! get by repeating the same slot, whatever the cell shapes along the way. The `const fn`
//! builders here assemble such a graph from per-layer step tables ([`embed_steps`]), check it
//! ([`graph_is_consistent`], [`rays_are_monotone`]), and derive per-cell data from it
//! ([`ray_ascends`], [`slot_lists`]). The ray and leap tables themselves come from
//! [`crate::table::ray_table_wide`] and [`crate::table::leap_sets_wide`], which accept any step
//! table, and [`LeapLists`] collects leaps of any shape (adjacency lists of any length).
//!
//! No rule of any game lives here.

use crate::coordinates::{coordinates, joined};
use crate::set::WideSet;
use crate::table::NO_CELL;

coordinates!(
    /// A square cell, or a step between two squares: `file` to the right, `rank` upwards.
    Square {
        /// Column, growing to the right.
        file,
        /// Row, growing upwards.
        rank,
    },
    "A square from its file and rank."
);

impl Square {
    /// The four orthogonal steps: up, down, left, right.
    pub const ORTHOGONAL: [Square; 4] = [
        Square::new(0, 1),
        Square::new(0, -1),
        Square::new(-1, 0),
        Square::new(1, 0),
    ];

    /// The four diagonal steps: up-left, up-right, down-left, down-right.
    pub const DIAGONAL: [Square; 4] = [
        Square::new(-1, 1),
        Square::new(1, 1),
        Square::new(-1, -1),
        Square::new(1, -1),
    ];

    /// The eight king steps: the orthogonal ones, then the diagonal ones.
    pub const KING: [Square; 8] = joined(Square::ORTHOGONAL, Square::DIAGONAL);

    /// The eight knight leaps.
    pub const KNIGHT: [Square; 8] = [
        Square::new(1, 2),
        Square::new(2, 1),
        Square::new(2, -1),
        Square::new(1, -2),
        Square::new(-1, -2),
        Square::new(-2, -1),
        Square::new(-2, 1),
        Square::new(-1, 2),
    ];

    /// Whether the square is light in the usual chess colouring (`a1`, i.e. `(0, 0)`, is dark).
    pub const fn is_light(self) -> bool {
        (self.file as i32 + self.rank as i32).rem_euclid(2) == 1
    }
}

/// The `files × ranks` rectangle with corner `(0, 0)`, listed rank by rank (`N = files · ranks`).
///
/// # Panics
/// At compile time, if `N != files · ranks`.
pub const fn rectangle<const N: usize>(files: i8, ranks: i8) -> [Square; N] {
    assert!(
        N == files as usize * ranks as usize,
        "N must be files × ranks"
    );
    let mut out = [Square::ZERO; N];
    crate::const_for!(i in 0..N => {
        out[i] = Square::new((i % files as usize) as i8, (i / files as usize) as i8);
    });
    out
}

/// `table[cell][d]` = index of `cells[cell] + steps[d]` in `cells`, or [`NO_CELL`].
pub const fn square_step_table<const N: usize, const D: usize>(
    cells: &[Square; N],
    steps: &[Square; D],
) -> [[u16; D]; N] {
    let mut table = [[NO_CELL; D]; N];
    crate::const_for!(i in 0..N => {
        let mut d = 0;
        while d < D {
            let target = cells[i].plus(steps[d]);
            let mut j = 0;
            while j < N {
                if cells[j].equals(target) {
                    table[i][d] = j as u16;
                }
                j += 1;
            }
            d += 1;
        }
    });
    table
}

/// Copies a layer's local step table into a graph's step table.
///
/// `map[i]` is the graph index of the layer's local cell `i`; local step `e` goes to graph slot
/// `slots[e]` (entries equal to [`NO_CELL`] are skipped). A local step that leads to
/// [`NO_CELL`] leaves the graph entry untouched, so several layers can be embedded one after the
/// other; a step that would overwrite a different existing link panics (at compile time in a
/// `static`), because a slot must mean one neighbour.
pub const fn embed_steps<const N: usize, const D: usize, const M: usize, const E: usize>(
    mut graph: [[u16; D]; N],
    local: &[[u16; E]; M],
    map: &[u16; M],
    slots: &[u16; E],
) -> [[u16; D]; N] {
    crate::const_for!(i in 0..M => {
        let mut e = 0;
        while e < E {
            let to = local[i][e];
            if to != NO_CELL && slots[e] != NO_CELL {
                let from = map[i] as usize;
                let slot = slots[e] as usize;
                let target = map[to as usize];
                assert!(
                    graph[from][slot] == NO_CELL || graph[from][slot] == target,
                    "slot already links to another cell"
                );
                graph[from][slot] = target;
            }
            e += 1;
        }
    });
    graph
}

/// Removes the links of `cell` in the slots listed in `slots` (entries equal to [`NO_CELL`] are
/// skipped), e.g. to stop rays of one layer at that layer's edge.
pub const fn cut_slots<const N: usize, const D: usize, const K: usize>(
    mut graph: [[u16; D]; N],
    cell: usize,
    slots: &[u16; K],
) -> [[u16; D]; N] {
    crate::const_for!(k in 0..K => {
        if slots[k] != NO_CELL {
            graph[cell][slots[k] as usize] = NO_CELL;
        }
    });
    graph
}

/// Whether every link of the graph has a way back: if `a → b` in some slot then `b → a` in some
/// slot (the relation "is one step away" is symmetric), and no cell links to itself.
pub const fn graph_is_consistent<const N: usize, const D: usize>(graph: &[[u16; D]; N]) -> bool {
    crate::const_for!(a in 0..N => {
        crate::const_for!(d in 0..D => {
            let b = graph[a][d];
            if b != NO_CELL && (b as usize == a || b as usize >= N || !links_to(&graph[b as usize], a)) {
                return false;
            }
        });
    });
    true
}

/// Whether one of a cell's slots leads to `target`.
const fn links_to<const D: usize>(slots: &[u16; D], target: usize) -> bool {
    crate::const_for!(d in 0..D => {
        if slots[d] as usize == target {
            return true;
        }
    });
    false
}

/// Whether every ray (a slot repeated from a cell) visits cells of strictly increasing or strictly
/// decreasing index. On such a graph the nearest blocker on a ray is the lowest or the highest
/// set bit of `ray & occupied`, as [`ray_ascends`] tells.
pub const fn rays_are_monotone<const N: usize, const D: usize>(graph: &[[u16; D]; N]) -> bool {
    crate::const_for!(a in 0..N => {
        crate::const_for!(d in 0..D => {
            if !ray_is_monotone(graph, a, d) {
                return false;
            }
        });
    });
    true
}

/// Whether the ray of slot `d` from `from` visits cells of strictly increasing or strictly
/// decreasing index, and ends within `N` steps (an empty ray does).
const fn ray_is_monotone<const N: usize, const D: usize>(
    graph: &[[u16; D]; N],
    from: usize,
    d: usize,
) -> bool {
    let up = graph[from][d] as usize > from;
    let (mut prev, mut at, mut steps) = (from, graph[from][d], 0);
    while at != NO_CELL {
        if (at as usize > prev) != up || steps >= N {
            return false;
        }
        prev = at as usize;
        at = graph[prev][d];
        steps += 1;
    }
    true
}

/// `ascends[cell][d]` = whether the first step of slot `d` from `cell` raises the cell index
/// (`false` where there is no step).
pub const fn ray_ascends<const N: usize, const D: usize>(graph: &[[u16; D]; N]) -> [[bool; D]; N] {
    let mut out = [[false; D]; N];
    crate::const_for!(a in 0..N => {
        crate::const_for!(d in 0..D => {
            out[a][d] = graph[a][d] != NO_CELL && graph[a][d] as usize > a;
        });
    });
    out
}

/// For each cell, the slots among `wanted` that have a first step from it, packed to the front
/// (`K` entries, unused ones [`NO_CELL`]), so a slider visits only its non-empty rays.
///
/// # Panics
/// At compile time, if a cell has more than `K` such slots.
pub const fn slot_lists<const N: usize, const D: usize, const W: usize, const K: usize>(
    graph: &[[u16; D]; N],
    wanted: &[u16; W],
) -> [[u16; K]; N] {
    let mut out = [[NO_CELL; K]; N];
    crate::const_for!(a in 0..N => {
        let mut n = 0;
        let mut w = 0;
        while w < W {
            let d = wanted[w] as usize;
            if graph[a][d] != NO_CELL {
                assert!(n < K, "more non-empty slots than K");
                out[a][n] = d as u16;
                n += 1;
            }
            w += 1;
        }
    });
    out
}

/// Leap targets of any shape: for each of `N` cells, up to `K` target cells (unused entries
/// [`NO_CELL`]). Duplicates are kept out, so the lists are adjacency lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeapLists<const N: usize, const K: usize> {
    /// `targets[cell]`: the targets of `cell`, packed to the front.
    pub targets: [[u16; K]; N],
    /// `len[cell]`: how many entries of `targets[cell]` are used.
    pub len: [u8; N],
}

impl<const N: usize, const K: usize> LeapLists<N, K> {
    /// No leaps at all.
    pub const EMPTY: LeapLists<N, K> = LeapLists {
        targets: [[NO_CELL; K]; N],
        len: [0; N],
    };

    /// Adds every link of a step table (`table[cell][d]`, [`NO_CELL`] skipped).
    ///
    /// # Panics
    /// At compile time, if a cell gets more than `K` distinct targets.
    pub const fn with_steps<const D: usize>(mut self, table: &[[u16; D]; N]) -> Self {
        crate::const_for!(a in 0..N => {
            let mut d = 0;
            while d < D {
                if table[a][d] != NO_CELL {
                    self = self.with_leap(a, table[a][d] as usize);
                }
                d += 1;
            }
        });
        self
    }

    /// Adds the leap `from → to` (once; a repeated leap is ignored).
    ///
    /// # Panics
    /// At compile time, if `from` gets more than `K` distinct targets.
    pub const fn with_leap(mut self, from: usize, to: usize) -> Self {
        let n = self.len[from] as usize;
        crate::const_for!(i in 0..n => {
            if self.targets[from][i] as usize == to {
                return self;
            }
        });
        assert!(n < K, "more leap targets than K");
        self.targets[from][n] = to as u16;
        self.len[from] += 1;
        self
    }

    /// Adds `a → b` and `b → a`.
    pub const fn with_pair(self, a: usize, b: usize) -> Self {
        self.with_leap(a, b).with_leap(b, a)
    }

    /// The target sets, one per cell (same as [`crate::table::leap_sets_wide`] on the lists).
    pub const fn sets<const W: usize>(&self) -> [WideSet<W>; N] {
        crate::table::leap_sets_wide(&self.targets)
    }

    /// The total number of leaps (ordered pairs).
    pub const fn count(&self) -> usize {
        let mut n = 0;
        crate::const_for!(a in 0..N => {
            n += self.len[a] as usize;
        });
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{leap_sets_wide, ray_table_wide};

    const BOARD: [Square; 64] = rectangle(8, 8);
    static KNIGHT: [[u16; 8]; 64] = square_step_table(&BOARD, &Square::KNIGHT);
    static KING: [[u16; 8]; 64] = square_step_table(&BOARD, &Square::KING);

    fn at(file: i8, rank: i8) -> usize {
        BOARD
            .iter()
            .position(|s| *s == Square::new(file, rank))
            .unwrap()
    }

    #[test]
    fn chess_board_knight_and_king_totals() {
        let knight: [WideSet<1>; 64] = leap_sets_wide(&KNIGHT);
        let king: [WideSet<1>; 64] = leap_sets_wide(&KING);
        assert_eq!(knight.iter().map(|s| s.len()).sum::<u32>(), 336);
        assert_eq!(king.iter().map(|s| s.len()).sum::<u32>(), 420);
        assert_eq!(knight[at(0, 0)].len(), 2);
        assert_eq!(king[at(4, 4)].len(), 8);
    }

    #[test]
    fn chess_board_rays() {
        let rays: [[WideSet<1>; 8]; 64] = ray_table_wide(&KING);
        // Rook from a1: 14 cells; bishop from d4: 13 cells.
        let rook: u32 = (0..4).map(|d| rays[at(0, 0)][d].len()).sum();
        let bishop: u32 = (4..8).map(|d| rays[at(3, 3)][d].len()).sum();
        assert_eq!((rook, bishop), (14, 13));
        assert!(rays_are_monotone(&KING));
        assert!(graph_is_consistent(&KING));
        assert!(graph_is_consistent(&KNIGHT));
        // A ray that turns back (0 → 2 → 1), a link to itself, a link without a way back.
        assert!(!rays_are_monotone(&[[2], [NO_CELL], [1]]));
        assert!(!graph_is_consistent(&[[0]]));
        assert!(!graph_is_consistent(&[[1], [NO_CELL]]));
        assert!(graph_is_consistent(&[[1], [0]]) && !rays_are_monotone(&[[1], [0]]));
        let asc = ray_ascends(&KING);
        assert!(asc[at(0, 0)][0] && !asc[at(0, 0)][1] && !asc[at(3, 3)][2] && asc[at(3, 3)][3]);
        assert!(!Square::new(0, 0).is_light() && Square::new(1, 0).is_light());
    }

    #[test]
    fn embedding_two_layers_and_cutting() {
        // Two 2×2 layers sharing one cell: layer A = cells 0,1,2,3; layer B = cells 3,4,5,6.
        const SMALL: [Square; 4] = rectangle(2, 2);
        const LOCAL: [[u16; 4]; 4] = square_step_table(&SMALL, &Square::ORTHOGONAL);
        const G0: [[u16; 8]; 7] = [[NO_CELL; 8]; 7];
        const G1: [[u16; 8]; 7] = embed_steps(G0, &LOCAL, &[0, 1, 2, 3], &[0, 1, 2, 3]);
        const G2: [[u16; 8]; 7] = embed_steps(G1, &LOCAL, &[3, 4, 5, 6], &[4, 5, 6, 7]);
        assert!(graph_is_consistent(&G2));
        assert!(rays_are_monotone(&G2));
        assert_eq!(G2[3][1], 1); // down in layer A
        assert_eq!(G2[3][4], 5); // up in layer B
        let lists: [[u16; 4]; 7] = slot_lists(&G2, &[0, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(lists[3], [1, 2, 4, 7]); // down and left in A, up and right in B
        assert_eq!(lists[0], [0, 3, NO_CELL, NO_CELL]);
        let cut = cut_slots(G2, 3, &[4, NO_CELL]);
        assert_eq!(cut[3][4], NO_CELL);
        assert!(!graph_is_consistent(&cut)); // 5 still links back to 3 only one way
        let leaps = LeapLists::<7, 4>::EMPTY
            .with_steps(&G2)
            .with_pair(0, 6)
            .with_leap(0, 6);
        assert_eq!(leaps.count(), 18);
        let sets: [WideSet<1>; 7] = leaps.sets();
        assert_eq!(sets[0].iter().collect::<Vec<_>>(), vec![1, 2, 6]);
    }
}
