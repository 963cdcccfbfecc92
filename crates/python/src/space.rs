//! Each variant's fixed move space: every move a position of the variant can have gets a number
//! below [`size`], the same number in every position, and no two legal moves of one position
//! share a number (a bijection between the legal moves and their indices), so that a learning
//! loop can keep one output per index.
//!
//! A move's index is made of three parts:
//!
//! ```text
//! index = (kind * FROM_SLOTS + from_slot) * CELL_COUNT + to
//! ```
//!
//! - `to`: the dense index of the cell the move goes to (the order of `Board.cells()`);
//! - `from_slot`: the dense index of the cell it leaves, or `CELL_COUNT + h` for a man entering
//!   from hand slot `h` (Dagger's two in-hand knights); `FROM_SLOTS = CELL_COUNT + hand slots`;
//! - `kind`: 0 for a plain move; `1 + r` when the moving man becomes the role with index `r`
//!   (a promotion, C'escacs's in-place promotion); then the variant's special kinds (en passant,
//!   castling, drops, Kirby's relocation), numbered after the promotions.
//!
//! The variant's part is only [`MoveSpace::kind`] (and, where men enter from a hand,
//! [`MoveSpace::hand_slot`]): which of its moves are special. The from and to cells come from the
//! trait's [`Variant::move_cells`].

use hexvar_geometry::{DenseCell, Variant, VariantRole};

/// What a move does besides going from one cell to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An ordinary move (or an entry from the hand).
    Plain,
    /// The moving man becomes the role with this index.
    Becomes(usize),
    /// The variant's special kind with this index in [`MoveSpace::SPECIAL`].
    Special(usize),
}

impl Kind {
    /// A move that may promote: plain, or becoming `role`.
    pub fn promoting<R: VariantRole>(role: Option<R>) -> Kind {
        role.map_or(Kind::Plain, |r| Kind::Becomes(r.index()))
    }
}

/// A variant's move kinds: implemented below for each variant, matching on its `Move`.
pub trait MoveSpace: Variant {
    /// The names of the special kinds, in their order.
    const SPECIAL: &'static [&'static str];
    /// The names of the hand slots a man can enter from (none for most variants).
    const HAND: &'static [&'static str] = &[];
    /// The special kind that takes en passant, as an index into [`MoveSpace::SPECIAL`].
    const EN_PASSANT: Option<usize> = None;
    /// The compact space's off-board slots (`compact.rs`): the moves whose from-cell says
    /// nothing about where they go (entries and drops from the hand, Kirby's relocations,
    /// C'escacs's in-place promotions), indexed by their kind and to-cell alone.
    const OFF_BOARD: &'static [&'static str] = Self::HAND;

    /// The move's kind.
    fn kind(mv: Self::Move) -> Kind;

    /// For a move from the hand, its slot in [`MoveSpace::HAND`].
    fn hand_slot(_mv: Self::Move) -> Option<usize> {
        None
    }

    /// For an off-board move, its slot in [`MoveSpace::OFF_BOARD`].
    fn off_board_slot(mv: Self::Move) -> Option<usize> {
        Self::hand_slot(mv)
    }

    /// The cell's coordinates in the variant's own lattice (axial hex, triangle, Kirby's
    /// field and sideboards laid on one hex lattice), distinct for distinct cells: a move's
    /// shape in the compact space is its to-cell's coordinates minus its from-cell's.
    fn coords(cell: Self::Cell) -> (i16, i16);
}

/// Axial hex coordinates as [`MoveSpace::coords`] gives them.
fn hex(h: hexvar_geometry::Hex) -> (i16, i16) {
    (h.q.into(), h.r.into())
}

/// How many slots a move can leave from: the cells, then the hand.
fn from_slots<V: MoveSpace>() -> usize {
    V::CELL_COUNT + V::HAND.len()
}

/// The names of every kind, in their order: `move`, one `=X` per role, then the specials.
pub fn kind_names<V: MoveSpace>() -> Vec<String> {
    let mut names = vec!["move".to_string()];
    names.extend(V::Role::ALL.iter().map(|r| format!("={}", r.char())));
    names.extend(V::SPECIAL.iter().map(|s| s.to_string()));
    names
}

/// The number of indices in the variant's move space.
pub fn size<V: MoveSpace>() -> usize {
    kind_count::<V>() * from_slots::<V>() * V::CELL_COUNT
}

/// The number of kinds: plain, one per role, the specials.
pub fn kind_count<V: MoveSpace>() -> usize {
    1 + V::Role::ALL.len() + V::SPECIAL.len()
}

/// The move's kind as a number below [`kind_count`], in [`kind_names`]' order.
pub fn kind_number<V: MoveSpace>(mv: V::Move) -> usize {
    match V::kind(mv) {
        Kind::Plain => 0,
        Kind::Becomes(role) => 1 + role,
        Kind::Special(s) => 1 + V::Role::ALL.len() + s,
    }
}

/// The index of a move.
pub fn index<V: MoveSpace>(mv: V::Move) -> usize {
    let (from, to) = V::move_cells(mv);
    let slot = match from {
        Some(cell) => cell.dense_index(),
        None => V::CELL_COUNT + V::hand_slot(mv).unwrap_or(0),
    };
    (kind_number::<V>(mv) * from_slots::<V>() + slot) * V::CELL_COUNT + to.dense_index()
}

mod brusky {
    use super::{hex, Kind, MoveSpace};
    use hexvar_brusky::{Cell, Move, Position};

    impl MoveSpace for Position {
        const SPECIAL: &'static [&'static str] = &["en passant", "castle"];
        const EN_PASSANT: Option<usize> = Some(0);

        fn coords(cell: Cell) -> (i16, i16) {
            hex(cell.hex())
        }

        fn kind(mv: Move) -> Kind {
            match mv {
                Move::Normal { promotion, .. } => Kind::promoting(promotion),
                Move::EnPassant { .. } => Kind::Special(0),
                Move::Castle { .. } => Kind::Special(1),
            }
        }
    }
}

mod chessagon {
    use super::{Kind, MoveSpace};
    use hexvar_chessagon::{Cell, Move, Position, Role};

    impl MoveSpace for Position {
        const SPECIAL: &'static [&'static str] = &["en passant", "castle"];
        const EN_PASSANT: Option<usize> = Some(0);

        fn coords(cell: Cell) -> (i16, i16) {
            let tri = cell.tri();
            (tri.x.into(), tri.y.into())
        }

        fn kind(mv: Move) -> Kind {
            match mv {
                Move::Normal { .. } => Kind::Plain,
                Move::Promotion { .. } => Kind::Becomes(Role::Queen.index()),
                Move::EnPassant { .. } => Kind::Special(0),
                Move::Castle { .. } => Kind::Special(1),
            }
        }
    }
}

mod dagger {
    use super::{hex, Kind, MoveSpace};
    use hexvar_dagger::{Cell, Move, Position};

    impl MoveSpace for Position {
        const SPECIAL: &'static [&'static str] = &["en passant", "drop"];
        const HAND: &'static [&'static str] = &["L", "R"];
        const EN_PASSANT: Option<usize> = Some(0);

        fn coords(cell: Cell) -> (i16, i16) {
            hex(cell.hex())
        }

        fn kind(mv: Move) -> Kind {
            match mv {
                Move::Normal { .. } | Move::Entry { .. } => Kind::Plain,
                Move::Promotion { role, .. } => Kind::Becomes(role.index()),
                Move::EnPassant { .. } => Kind::Special(0),
                Move::Drop { .. } => Kind::Special(1),
            }
        }

        fn hand_slot(mv: Move) -> Option<usize> {
            match mv {
                Move::Entry { knight, .. } | Move::Drop { knight, .. } => Some(knight as usize),
                _ => None,
            }
        }
    }
}

mod cescacs {
    use super::{hex, Kind, MoveSpace};
    use hexvar_cescacs::{Castling, Cell, Move, Position};

    /// The 24 castlings by name, in `Castling::ALL`'s order.
    const CASTLINGS: [&str; 24] = {
        let mut names = [""; 24];
        let mut i = 0;
        while i < 24 {
            names[i] = Castling::ALL[i].name();
            i += 1;
        }
        names
    };

    impl MoveSpace for Position {
        // En passant, then one kind per castling: castlings can share the King's destination.
        const SPECIAL: &'static [&'static str] = &{
            let mut names = ["en passant"; 25];
            let mut i = 0;
            while i < 24 {
                names[i + 1] = CASTLINGS[i];
                i += 1;
            }
            names
        };
        const EN_PASSANT: Option<usize> = Some(0);
        const OFF_BOARD: &'static [&'static str] = &["in-place promotion"];

        fn off_board_slot(mv: Move) -> Option<usize> {
            matches!(mv, Move::Promote { .. }).then_some(0)
        }

        fn coords(cell: Cell) -> (i16, i16) {
            hex(cell.hex())
        }

        fn kind(mv: Move) -> Kind {
            match mv {
                Move::Normal { promotion, .. } | Move::Scornful { promotion, .. } => {
                    Kind::promoting(promotion)
                }
                Move::Promote { role, .. } => Kind::Becomes(role.index()),
                Move::EnPassant { .. } => Kind::Special(0),
                Move::Castle { castling, .. } => Kind::Special(1 + castling.index()),
            }
        }
    }
}

mod kirby {
    use super::{hex, Kind, MoveSpace};
    use hexvar_geometry::Hex;
    use hexvar_kirby::{Cell, Move, Position};

    impl MoveSpace for Position {
        // Castling, then relocation with nothing reclaimed, then one per reclaimed role.
        const SPECIAL: &'static [&'static str] = &[
            "castle",
            "relocate",
            "relocate =P",
            "relocate =N",
            "relocate =B",
            "relocate =R",
            "relocate =Q",
            "relocate =A",
            "relocate =K",
        ];
        const OFF_BOARD: &'static [&'static str] = &["relocation"];

        fn off_board_slot(mv: Move) -> Option<usize> {
            matches!(mv, Move::Relocate { .. }).then_some(0)
        }

        /// A field cell's axial coordinates; a sideboard square's are its file's ring cell
        /// (rank 4) moved `4 - rank` diagonal steps outward, away from the field's centre, so
        /// that each sideboard lies flat on the field's hex lattice beyond its side.
        fn coords(cell: Cell) -> (i16, i16) {
            if let Some(h) = cell.hex() {
                return hex(h);
            }
            let (side, file, rank) = cell
                .square_coords()
                .expect("a cell off the field is a square");
            let ring = |file| {
                Cell::square(side, file, 4)
                    .and_then(Cell::hex)
                    .expect("every file of a side meets the field's ring")
            };
            // The side's middle, and the diagonal step most nearly pointing away from the centre.
            let middle = ring(4) + ring(5);
            let outward = Hex::DIAGONAL
                .into_iter()
                .max_by_key(|d| {
                    i32::from(d.q) * i32::from(middle.q)
                        + i32::from(d.r) * i32::from(middle.r)
                        + i32::from(d.s()) * i32::from(middle.s())
                })
                .expect("six diagonals");
            hex(ring(file) + outward * (4 - rank as i8))
        }

        fn kind(mv: Move) -> Kind {
            match mv {
                Move::Normal { promotion, .. } => Kind::promoting(promotion),
                Move::Castle { .. } => Kind::Special(0),
                Move::Relocate { reclaim, .. } => {
                    Kind::Special(1 + reclaim.map_or(0, |r| 1 + r.index()))
                }
            }
        }
    }
}
