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

    /// The move's kind.
    fn kind(mv: Self::Move) -> Kind;

    /// For a move from the hand, its slot in [`MoveSpace::HAND`].
    fn hand_slot(_mv: Self::Move) -> Option<usize> {
        None
    }
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
    (1 + V::Role::ALL.len() + V::SPECIAL.len()) * from_slots::<V>() * V::CELL_COUNT
}

/// The index of a move.
pub fn index<V: MoveSpace>(mv: V::Move) -> usize {
    let (from, to) = V::move_cells(mv);
    let slot = match from {
        Some(cell) => cell.dense_index(),
        None => V::CELL_COUNT + V::hand_slot(mv).unwrap_or(0),
    };
    let kind = match V::kind(mv) {
        Kind::Plain => 0,
        Kind::Becomes(role) => 1 + role,
        Kind::Special(s) => 1 + V::Role::ALL.len() + s,
    };
    (kind * from_slots::<V>() + slot) * V::CELL_COUNT + to.dense_index()
}

/// The legal move of `pos` with index `i`, if there is one.
pub fn legal_move<V: MoveSpace>(pos: &V, i: usize) -> Option<V::Move> {
    pos.legal_moves()
        .into_iter()
        .find(|&mv| index::<V>(mv) == i)
}

mod brusky {
    use super::{Kind, MoveSpace};
    use hexvar_brusky::{Move, Position};

    impl MoveSpace for Position {
        const SPECIAL: &'static [&'static str] = &["en passant", "castle"];

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
    use hexvar_chessagon::{Move, Position, Role};

    impl MoveSpace for Position {
        const SPECIAL: &'static [&'static str] = &["en passant", "castle"];

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
    use super::{Kind, MoveSpace};
    use hexvar_dagger::{Move, Position};

    impl MoveSpace for Position {
        const SPECIAL: &'static [&'static str] = &["en passant", "drop"];
        const HAND: &'static [&'static str] = &["L", "R"];

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
    use super::{Kind, MoveSpace};
    use hexvar_cescacs::{Castling, Move, Position};

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
    use super::{Kind, MoveSpace};
    use hexvar_kirby::{Move, Position};

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
