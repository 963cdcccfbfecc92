//! Each variant's compact move space, for a policy head: an index over from-cell × move shape,
//! where a shape is the move's kind (`space.rs`: plain, a promotion, a special) and its to-cell's
//! coordinates minus its from-cell's in the variant's own lattice ([`MoveSpace::coords`]). The
//! same shape has the same meaning on every cell, so the board part of the space reshapes to
//! `(CELL_COUNT, shapes)`. The moves whose from-cell says nothing about where they go (Dagger's
//! entries and drops, Kirby's relocations, C'escacs's in-place promotions: the variant's
//! [`MoveSpace::OFF_BOARD`] slots) follow, indexed by slot, kind and to-cell:
//!
//! ```text
//! board move:      index = from * len(shapes) + shape
//! off-board move:  index = CELL_COUNT * len(shapes) + (slot * kinds + kind) * CELL_COUNT + to
//! ```
//!
//! The shapes are derived from the moves themselves, never written down: for every side of
//! every start position, a man of every role is put alone (with the Kings, at home and far
//! away) on every cell, and what it can do there is collected — its legal moves, and the cells
//! it attacks (pawns take where they do not move), those captures with every kind the role's
//! moves had (a capture that promotes) and as en passant, and each promotion offset with every
//! role. Every castling comes from each start position with only the Kings and the mover's
//! Rooks left. The suite checks that every legal move of every conformance position and of
//! random games has an index that gives the move back, distinct within a position.

use std::collections::{BTreeSet, HashMap};

use hexvar_geometry::{CellBits, DenseCell, Variant, VariantColor, VariantPiece, VariantRole};

use crate::rules::Rules;
use crate::space::{self, MoveSpace};

/// A move's kind (a number in `space::kind_names` order) and its to-cell's offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    /// The kind's number.
    pub kind: usize,
    /// To-cell coordinates minus from-cell coordinates.
    pub offset: (i16, i16),
}

/// One variant's compact space: its shapes and the coordinates they are measured in.
#[derive(Debug)]
pub struct Compact {
    shapes: Vec<Shape>,
    ids: HashMap<Shape, usize>,
    /// Each cell's coordinates, by dense index.
    coords: Vec<(i16, i16)>,
    /// The number of move kinds.
    kinds: usize,
    /// The number of off-board slots.
    off_board: usize,
}

impl Compact {
    /// The compact space of `V`, its shapes derived from its moves.
    pub fn derive<V: Rules>() -> Compact {
        let shapes: Vec<Shape> = Probe::<V>::collect().into_iter().collect();
        let ids = shapes.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        Compact {
            shapes,
            ids,
            coords: V::cells().iter().map(|&c| V::coords(c)).collect(),
            kinds: space::kind_count::<V>(),
            off_board: V::OFF_BOARD.len(),
        }
    }

    /// The shapes, in index order.
    pub fn shapes(&self) -> &[Shape] {
        &self.shapes
    }

    /// The number of indices.
    pub fn size(&self) -> usize {
        let cells = self.coords.len();
        cells * self.shapes.len() + self.off_board * self.kinds * cells
    }

    /// The index of a move of `V`; `None` for a move outside the space (none of the
    /// variant's legal moves, as the suite checks).
    pub fn index<V: MoveSpace>(&self, mv: V::Move) -> Option<usize> {
        let (from, to) = V::move_cells(mv);
        let kind = space::kind_number::<V>(mv);
        let cells = self.coords.len();
        match (V::off_board_slot(mv), from) {
            (Some(slot), _) => Some(
                cells * self.shapes.len() + (slot * self.kinds + kind) * cells + to.dense_index(),
            ),
            (None, Some(from)) => {
                let shape = Shape {
                    kind,
                    offset: self.offset(from.dense_index(), to.dense_index()),
                };
                Some(from.dense_index() * self.shapes.len() + self.ids.get(&shape)?)
            }
            (None, None) => None,
        }
    }

    /// The offset from the cell with dense index `from` to the one with index `to`.
    fn offset(&self, from: usize, to: usize) -> (i16, i16) {
        let (a, b) = (self.coords[from], self.coords[to]);
        (b.0 - a.0, b.1 - a.1)
    }
}

/// The shapes found so far for one variant, and per role what its captures need.
struct Probe<V: Rules> {
    shapes: BTreeSet<Shape>,
    /// Per role index: the offsets of its captures that are none of its moves' offsets.
    capture_only: Vec<BTreeSet<(i16, i16)>>,
    /// Per role index: the kinds its moves had.
    role_kinds: Vec<BTreeSet<usize>>,
    /// The sides whose men were probed already.
    probed: BTreeSet<usize>,
    coords: Vec<(i16, i16)>,
    /// Per cell, every cell from the farthest to the nearest.
    by_distance: Vec<Vec<usize>>,
    variant: core::marker::PhantomData<V>,
}

impl<V: Rules> Probe<V> {
    /// Every shape of `V`.
    fn collect() -> BTreeSet<Shape> {
        let roles = V::Role::ALL.len();
        let coords: Vec<(i16, i16)> = V::cells().iter().map(|&c| V::coords(c)).collect();
        let by_distance = (0..coords.len())
            .map(|at| {
                let mut cells: Vec<usize> = (0..coords.len()).collect();
                cells.sort_by_key(|&c| core::cmp::Reverse(distance(&coords, c, at)));
                cells
            })
            .collect();
        let mut probe = Probe::<V> {
            shapes: BTreeSet::new(),
            capture_only: vec![BTreeSet::new(); roles],
            role_kinds: vec![BTreeSet::new(); roles],
            probed: BTreeSet::new(),
            coords,
            by_distance,
            variant: core::marker::PhantomData,
        };
        for (_, text) in V::start_positions() {
            let Ok(mut pos) = text.parse::<V>() else {
                continue;
            };
            // Each side in turn, the others passing.
            for _ in 0..V::Color::ALL.len() {
                probe.castlings(&pos);
                if probe.probed.insert(pos.turn().index()) {
                    for &role in V::Role::ALL {
                        probe.men(&pos, role);
                    }
                }
                if !pos.play_null() {
                    break;
                }
            }
        }
        probe.captures();
        probe.shapes
    }

    /// The shape of a move that leaves a cell.
    fn shape(&self, mv: V::Move) -> Option<Shape> {
        if V::off_board_slot(mv).is_some() {
            return None;
        }
        let (Some(from), to) = V::move_cells(mv) else {
            return None;
        };
        let (a, b) = (
            self.coords[from.dense_index()],
            self.coords[to.dense_index()],
        );
        Some(Shape {
            kind: space::kind_number::<V>(mv),
            offset: (b.0 - a.0, b.1 - a.1),
        })
    }

    /// The castlings of `pos` with only the Kings and the mover's Rooks on the board.
    fn castlings(&mut self, pos: &V) {
        let mover = pos.turn();
        let kept = pos.with_men(&mut |men| {
            for man in men.iter_mut() {
                let keep = man.is_some_and(|m| {
                    is_king::<V>(m.role()) || (m.color() == mover && m.role().char() == 'R')
                });
                if !keep {
                    *man = None;
                }
            }
        });
        if let Ok(kept) = kept {
            for mv in kept.legal_moves() {
                if V::is_castling(mv) {
                    self.shapes.extend(self.shape(mv));
                }
            }
        }
    }

    /// What a man of `role` of the side to move does alone on each cell (with the Kings; a
    /// King probed is the mover's own King moved there): once with the Kings at home, once with
    /// them moved far from the man, so that neither a King in the way nor a man checking a King
    /// at home hides a move.
    fn men(&mut self, pos: &V, role: V::Role) {
        let mover = pos.turn();
        let man = V::man(mover, role);
        let kings: Vec<(usize, V::Piece)> = (0..V::CELL_COUNT)
            .filter_map(|i| Some((i, pos.piece_at(V::Cell::from_dense(i))?)))
            .filter(|&(_, m)| is_king::<V>(m.role()))
            .filter(|&(_, m)| !(is_king::<V>(role) && m.color() == mover))
            .collect();
        for &cell in V::cells() {
            let at = cell.dense_index();
            let home = !kings.iter().any(|&(k, _)| k == at);
            if let Some(alone) = home
                .then(|| {
                    pos.with_men(&mut |men| {
                        men.fill(None);
                        for &(k, king) in &kings {
                            men[k] = Some(king);
                        }
                        men[at] = Some(man);
                    })
                })
                .and_then(Result::ok)
            {
                self.alone(&alone, cell);
            }
            for attempt in 0..4 {
                let far = self.far_cells(at, kings.len(), attempt);
                if let Ok(alone) = pos.with_men(&mut |men| {
                    men.fill(None);
                    for (&(_, king), &k) in kings.iter().zip(&far) {
                        men[k] = Some(king);
                    }
                    men[at] = Some(man);
                }) {
                    self.alone(&alone, cell);
                    break;
                }
            }
        }
    }

    /// `count` cells far from the cell `at` and from each other, the `skip`th try.
    fn far_cells(&self, at: usize, count: usize, skip: usize) -> Vec<usize> {
        let far = |a: usize, b: usize| distance(&self.coords, a, b) > 9;
        let mut chosen: Vec<usize> = Vec::new();
        for &c in self.by_distance[at].iter().skip(skip) {
            if chosen.len() == count {
                break;
            }
            if far(c, at) && chosen.iter().all(|&k| far(k, c)) {
                chosen.push(c);
            }
        }
        chosen
    }

    /// The moves and attacks of the man on `cell` of `alone`.
    fn alone(&mut self, alone: &V, cell: V::Cell) {
        let mover = alone.turn();
        let at = cell.dense_index();
        let Some(role) = alone.piece_at(cell).map(|m| m.role()) else {
            return;
        };
        let mut moved = BTreeSet::new();
        for mv in alone.legal_moves() {
            if V::move_cells(mv).0 != Some(cell) {
                continue;
            }
            if let Some(shape) = self.shape(mv) {
                self.shapes.insert(shape);
                self.role_kinds[role.index()].insert(shape.kind);
                moved.insert(shape.offset);
            }
        }
        for &target in V::cells() {
            let t = target.dense_index();
            if t != at && alone.attackers(target, mover).contains_index(at) {
                let (a, b) = (self.coords[at], self.coords[t]);
                let offset = (b.0 - a.0, b.1 - a.1);
                if !moved.contains(&offset) {
                    self.capture_only[role.index()].insert(offset);
                }
            }
        }
    }

    /// Each role's capture-only offsets with every kind of its moves, and as en passant; then
    /// every promotion offset with every role: what a man may become can hang on what its side
    /// has lost (Kirby's Amazon only when nothing is), which men alone on the board do not show.
    fn captures(&mut self) {
        let en_passant = V::EN_PASSANT.map(|s| 1 + V::Role::ALL.len() + s);
        for (captures, kinds) in self.capture_only.iter().zip(&self.role_kinds) {
            for &offset in captures {
                for &kind in kinds.iter().chain(&en_passant) {
                    self.shapes.insert(Shape { kind, offset });
                }
            }
        }
        let becomes = 1..1 + V::Role::ALL.len();
        let promotions: BTreeSet<(i16, i16)> = (self.shapes.iter())
            .filter(|s| becomes.contains(&s.kind))
            .map(|s| s.offset)
            .collect();
        for offset in promotions {
            for kind in becomes.clone() {
                self.shapes.insert(Shape { kind, offset });
            }
        }
    }
}

/// The squared distance between the cells with dense indices `a` and `b` in their coordinates.
fn distance(coords: &[(i16, i16)], a: usize, b: usize) -> i32 {
    let (p, q) = (coords[a], coords[b]);
    let (dx, dy) = (i32::from(p.0 - q.0), i32::from(p.1 - q.1));
    dx * dx + dy * dy
}

/// Whether `role` is the King (by its letter, as every variant writes it).
fn is_king<V: Variant>(role: V::Role) -> bool {
    role.char() == 'K'
}
