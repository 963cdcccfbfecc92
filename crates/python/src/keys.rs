//! Each variant's exact move keys: a `u64` per move, equal exactly when the moves are equal, that
//! the binding compares and hashes in place of the move itself (the crates' derived `==` and
//! `Hash` on an enum of a few fields cost several times more, measured in the random-game loop).
//!
//! A key is the move's fields packed by [`Key`], each in a fixed width (checked at compile time
//! for cells, roles and sides, as it is packed for other numbers), after a tag for the enum's
//! variant. Each impl below destructures every variant of the crate's
//! `Move` naming every field (no `..`; C'escacs's in `cescacs_key`), so a field added to a crate's `Move` does not compile here
//! until its key holds it: that, and the widths, make the keys exact.

use hexvar_geometry::{DenseCell, Variant, VariantColor, VariantRole};

/// A variant whose moves have exact keys.
pub trait MoveKey: Variant {
    /// The move's key: equal keys, equal moves.
    fn key(mv: Self::Move) -> u64;
}

/// Bits for a cell's dense index (Kirby's 313 cells are the most).
const CELL_BITS: u32 = 9;
/// Bits for a role's index, or an optional role (the number of roles for none), or another small
/// number (a side, a castling, a hand slot).
const SMALL_BITS: u32 = 5;
/// Bits for the tag of the enum's variant.
const TAG_BITS: u32 = 3;

/// A key being packed: the bits so far and how many are used.
#[derive(Clone, Copy)]
pub struct Key {
    bits: u64,
    used: u32,
}

impl Key {
    /// A key starting with the number of the move's enum variant.
    pub fn tag(tag: usize) -> Key {
        Key { bits: 0, used: 0 }.push(tag, TAG_BITS)
    }

    /// Appends `value` in `width` bits, a value the type of its field bounds: a cell's dense
    /// index, a role's or a side's index, which each variant's `const` check below bounds (so the
    /// value is not tested again on every move: measured, the key was 5 % of C'escacs's
    /// random-game loop with it). The width check folds away once inlined.
    fn push(self, value: usize, width: u32) -> Key {
        debug_assert!(
            (value as u64) < 1 << width,
            "a move key field does not fit its width"
        );
        assert!(
            self.used + width <= u64::BITS,
            "a move key is wider than 64 bits"
        );
        Key {
            bits: self.bits | (value as u64) << self.used,
            used: self.used + width,
        }
    }

    /// Appends a cell.
    pub fn cell(self, cell: impl DenseCell) -> Key {
        self.push(cell.dense_index(), CELL_BITS)
    }

    /// Appends a role.
    pub fn role(self, role: impl VariantRole) -> Key {
        self.push(role.index(), SMALL_BITS)
    }

    /// Appends an optional role: its index, or the number of roles for none. (Not index + 1
    /// with 0 for none: the number of roles is the value the crates' `Option<Role>` stores for
    /// `None`, so this is the byte as it is, and the other way cost C'escacs's key a compare and
    /// a conditional move per optional field.)
    pub fn maybe_role<R: VariantRole>(self, role: Option<R>) -> Key {
        self.push(role.map_or(R::ALL.len(), |r| r.index()), SMALL_BITS)
    }

    /// Appends a side.
    pub fn color(self, color: impl VariantColor) -> Key {
        self.push(color.index(), SMALL_BITS)
    }

    /// Appends a small number that no type bounds (a castling's index, a hand slot, a flag):
    /// panics (a bug in this file, never input) when it does not fit, rather than let two moves
    /// share a key.
    pub fn small(self, n: usize) -> Key {
        assert!(
            n < 1 << SMALL_BITS,
            "a move key field does not fit its width"
        );
        self.push(n, SMALL_BITS)
    }

    /// A key packed by hand (all 64 bits taken), for a variant whose fastest exact key is not
    /// [`Key`]'s packing.
    pub fn exact(bits: u64) -> Key {
        Key {
            bits,
            used: u64::BITS,
        }
    }

    /// The packed key.
    pub fn done(self) -> u64 {
        self.bits
    }
}

/// The impl of [`MoveKey`] for a crate's `Position`: `$key` packs its `Move` `$mv` (with the
/// crate's `$import`s in scope).
macro_rules! move_key {
    ($module:ident, $krate:ident, [$($import:ident),*], |$mv:ident| $key:expr) => {
        mod $module {
            use super::{Key, CELL_BITS, SMALL_BITS};
            use hexvar_geometry::{Variant, VariantColor, VariantRole};
            use $krate::{Move, Position, $($import),*};

            // Every cell, role (and the number of roles, an optional role's none) and side fits its width.
            const _: () = assert!(
                <Position as Variant>::CELL_COUNT <= 1 << CELL_BITS
                    && <<Position as Variant>::Role as VariantRole>::ALL.len() < 1 << SMALL_BITS
                    && <<Position as Variant>::Color as VariantColor>::ALL.len() <= 1 << SMALL_BITS
            );

            impl super::MoveKey for Position {
                // Inlined into the loop that keys a whole listing (`generic::Listed::new`).
                #[inline(always)]
                fn key($mv: Move) -> u64 {
                    $key.done()
                }
            }
        }
    };
}

move_key!(brusky, hexvar_brusky, [CastlingSide], |mv| match mv {
    Move::Normal {
        from,
        to,
        capture,
        promotion,
    } => Key::tag(0)
        .cell(from)
        .cell(to)
        .small(capture.into())
        .maybe_role(promotion),
    Move::EnPassant { from, to } => Key::tag(1).cell(from).cell(to),
    Move::Castle { color, side } => Key::tag(2).color(color).small(match side {
        CastlingSide::KingSide => 0,
        CastlingSide::QueenSide => 1,
    }),
});

move_key!(chessagon, hexvar_chessagon, [Castling], |mv| match mv {
    Move::Normal { from, to } => Key::tag(0).cell(from).cell(to),
    Move::Promotion { from, to } => Key::tag(1).cell(from).cell(to),
    Move::EnPassant { from, to } => Key::tag(2).cell(from).cell(to),
    Move::Castle { castling } => {
        let index = Castling::ALL.iter().position(|&c| c == castling);
        Key::tag(3).small(index.expect("every castling is in Castling::ALL"))
    }
});

move_key!(dagger, hexvar_dagger, [], |mv| match mv {
    Move::Normal { from, to } => Key::tag(0).cell(from).cell(to),
    Move::Promotion { from, to, role } => Key::tag(1).cell(from).cell(to).role(role),
    Move::EnPassant { from, to } => Key::tag(2).cell(from).cell(to),
    Move::Entry { knight, to } => Key::tag(3).small(knight as usize).cell(to),
    Move::Drop { knight, to } => Key::tag(4).small(knight as usize).cell(to),
});

// C'escacs lists ~130 moves a position, nearly all `Normal`: that kind is tested alone first, a
// branch, and the others are keyed out of line. One `match` over every kind compiled to a jump
// table that unpacked every field of the move before jumping (36 instructions a key).
move_key!(cescacs, hexvar_cescacs, [], |mv| match mv {
    Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } => Key::exact(super::cescacs_normal(role, from, capture, to, promotion)),
    other => Key::exact(super::cescacs_key(other)),
});

/// The bit that sets C'escacs's keys of the other kinds apart from `Normal`'s, whose bytes (1 to 5)
/// never reach it.
const CESCACS_OTHER: u64 = 1 << 63;

// A cell's dense index fits a byte (and a role's, and the number of roles).
const _: () = assert!(
    <hexvar_cescacs::Position as Variant>::CELL_COUNT <= 1 << 8
        && <hexvar_cescacs::Role as VariantRole>::ALL.len() < 1 << 8
);

/// The key of C'escacs's `Move::Normal`: a byte per field (an optional role as
/// [`Key::maybe_role`] numbers it), each at the byte where the crate's `Move` holds it today
/// (the kind's tag in byte 0, then from, to, capture, promotion, role), so that the key is the
/// move's eight bytes with the tag and padding masked off (a few instructions a key, against
/// about 15 with [`Key`]'s packing). Another layout gives the same keys, a little slower.
#[inline(always)]
fn cescacs_normal(
    role: hexvar_cescacs::Role,
    from: hexvar_cescacs::Cell,
    capture: Option<hexvar_cescacs::Role>,
    to: hexvar_cescacs::Cell,
    promotion: Option<hexvar_cescacs::Role>,
) -> u64 {
    let none = <hexvar_cescacs::Role as VariantRole>::ALL.len();
    let optional = |role: Option<hexvar_cescacs::Role>| role.map_or(none, |r| r.index());
    let byte = |value: usize, at: u32| (value as u64) << (8 * at);
    byte(from.dense_index(), 1)
        | byte(to.dense_index(), 2)
        | byte(optional(capture), 3)
        | byte(optional(promotion), 4)
        | byte(role.index(), 5)
}

/// The key of any C'escacs move, out of line (see above): `Normal`'s bytes, or bit 63 and the
/// other kinds' fields packed by [`Key`] (in fewer than 63 bits).
#[cold]
#[inline(never)]
fn cescacs_key(mv: hexvar_cescacs::Move) -> u64 {
    use hexvar_cescacs::Move;
    let other = match mv {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => return cescacs_normal(role, from, capture, to, promotion),
        Move::EnPassant {
            from,
            to,
            victim,
            capture,
        } => Key::tag(1).cell(from).cell(to).cell(victim).role(capture),
        Move::Scornful {
            from,
            to,
            capture,
            promotion,
        } => Key::tag(2)
            .cell(from)
            .cell(to)
            .role(capture)
            .maybe_role(promotion),
        Move::Castle { color, castling } => Key::tag(3).color(color).small(castling.index()),
        Move::Promote { at, role } => Key::tag(4).cell(at).role(role),
    };
    CESCACS_OTHER | other.done()
}

move_key!(kirby, hexvar_kirby, [], |mv| match mv {
    Move::Normal {
        from,
        to,
        promotion,
    } => Key::tag(0).cell(from).cell(to).maybe_role(promotion),
    Move::Castle { king, rook } => Key::tag(1).cell(king).cell(rook),
    Move::Relocate { from, to, reclaim } => {
        Key::tag(2).cell(from).cell(to).maybe_role(reclaim)
    }
});
