//! What the Board's python-chess names need of a variant beyond the [`Variant`] trait: the
//! halfmove clock, the checkers, which moves castle or take en passant, and edits of the men on
//! the board through the variant's `Setup` (validated again, so a board always holds a legal
//! position). One impl per variant, each a few calls into the crate's own public API.

use hexvar_geometry::CellBits;

use crate::keys::MoveKey;
use crate::planes::StatePlanes;
use crate::space::MoveSpace;

/// A variant's answers to the questions the trait leaves to the crates.
pub trait Rules: MoveSpace + MoveKey + StatePlanes {
    /// The plies since the last capture or pawn move as the position counts them, or `None`
    /// where the variant keeps no such count (Kirby has no move-count rule).
    fn halfmove_clock(&self) -> Option<u32>;

    /// The dense indices of the men that give check to the side to move.
    fn checker_indices(&self) -> Vec<usize>;

    /// Whether the side to move is stalemated: not in check and without a legal move (Kirby: not
    /// in check and without a move other than a relocation, which its rules give a stalemated
    /// army).
    fn is_stalemated(&self) -> bool {
        !self.is_check() && self.legal_move_count() == 0
    }

    /// Whether a move is a castling.
    fn is_castling(mv: Self::Move) -> bool;

    /// Whether a move takes en passant.
    fn is_en_passant(mv: Self::Move) -> bool;

    /// The man of a side and role.
    fn man(color: Self::Color, role: Self::Role) -> Self::Piece;

    /// The mirror image of this position: each man, and each cell a right names (en passant,
    /// unmoved pawns, Dagger's hand knights left and right of the back rank), moved by `mirror`
    /// (dense index to dense index), then the rights the image breaks dropped as by
    /// [`Rules::with_men`].
    fn mirrored(&self, mirror: &[usize]) -> Result<Self, String>;

    /// This position with `edit` applied to its men (indexed by dense cell index), every other
    /// field kept but the rights the edit breaks (a castling right whose Rook or King is gone,
    /// an en passant or unmoved-pawn flag whose pawn is gone), as python-chess drops them; the
    /// crate's message when the men themselves make no legal position.
    fn with_men(&self, edit: &mut MenEdit<'_, Self::Piece>) -> Result<Self, String>;
}

/// An edit of a setup that adds one right back.
type Grant<S> = Box<dyn Fn(&mut S)>;

/// An edit of a position's men, indexed by dense cell index.
pub type MenEdit<'a, P> = dyn FnMut(&mut [Option<P>]) + 'a;

/// A position's rights (castling, en passant, unmoved pawns, …) as separate grants, so that an
/// edit of the men keeps each grant that still holds.
struct Rights<S> {
    /// The setup without any grant.
    bare: S,
    /// Each grant the setup had, as an edit of a setup that adds it back.
    grants: Vec<Grant<S>>,
}

/// The position of `setup`, or of `setup` with only the grants that keep it legal (each tried in
/// order on top of those kept); the first error when even the bare setup is illegal.
fn build_keeping_rights<S: Clone, P, E: ToString>(
    setup: S,
    rights: fn(&S) -> Rights<S>,
    build: fn(S) -> Result<P, E>,
) -> Result<P, String> {
    let error = match build(setup.clone()) {
        Ok(pos) => return Ok(pos),
        Err(e) => e.to_string(),
    };
    let Rights { bare, grants } = rights(&setup);
    if build(bare.clone()).is_err() {
        return Err(error);
    }
    // Each grant on top of those kept so far, in order: a right may need an earlier one (C'escacs's
    // Rook rights need the King's).
    let mut kept = bare;
    for grant in &grants {
        let mut more = kept.clone();
        grant(&mut more);
        if build(more.clone()).is_ok() {
            kept = more;
        }
    }
    build(kept).map_err(|e| e.to_string())
}

/// The grants of a rights bit field: one per set bit.
fn bit_grants<S: 'static>(bits: u8, set: impl Fn(&mut S, u8) + Copy + 'static) -> Vec<Grant<S>> {
    (0..8)
        .filter(|i| bits & (1 << i) != 0)
        .map(|i| Box::new(move |s: &mut S| set(s, 1 << i)) as Grant<S>)
        .collect()
}

/// The dense indices of a cell set.
fn indices<S: CellBits>(set: S) -> Vec<usize> {
    set.indices().collect()
}

/// A setup's men moved by `mirror` (dense index to dense index).
fn mirror_men<P: Copy>(board: &mut [Option<P>], mirror: &[usize]) {
    let men = board.to_vec();
    for (i, man) in men.into_iter().enumerate() {
        board[mirror[i]] = man;
    }
}

/// The cell `mirror` moves `cell` to.
fn mirror_cell<C: hexvar_geometry::DenseCell>(cell: C, mirror: &[usize]) -> C {
    C::from_dense(mirror[cell.dense_index()])
}

/// The impl of [`Rules`] for a crate whose `Position` has `halfmove_clock`, `checkers`,
/// `to_setup` and `from_setup`, and whose `Piece::new` takes a side and a role; `mirror` moves
/// the setup's cells other than the men's.
macro_rules! rules {
    ($module:ident, $krate:ident, clock: $clock:expr, castle: $castle:expr, en_passant: $ep:expr,
        rights: $rights:expr, mirror: $mirror:expr $(, stalemate: $stalemate:expr)?) => {
        mod $module {
            #[allow(unused_imports)]
            use super::{
                bit_grants, build_keeping_rights, indices, mirror_cell, mirror_men, Grant, MenEdit,
                Rights, Rules,
            };
            use $krate::{Color, Move, Piece, Position, Role, Setup};

            impl Rules for Position {
                fn halfmove_clock(&self) -> Option<u32> {
                    let clock: fn(&Position) -> Option<u32> = $clock;
                    clock(self)
                }

                fn checker_indices(&self) -> Vec<usize> {
                    indices(self.checkers())
                }

                $(fn is_stalemated(&self) -> bool {
                    let stalemate: fn(&Position) -> bool = $stalemate;
                    stalemate(self)
                })?

                fn is_castling(mv: Move) -> bool {
                    let castle: fn(Move) -> bool = $castle;
                    castle(mv)
                }

                fn is_en_passant(mv: Move) -> bool {
                    let en_passant: fn(Move) -> bool = $ep;
                    en_passant(mv)
                }

                fn man(color: Color, role: Role) -> Piece {
                    Piece::new(color, role)
                }

                fn with_men(&self, edit: &mut MenEdit<'_, Piece>) -> Result<Position, String> {
                    let mut setup = self.to_setup();
                    edit(&mut setup.board);
                    let rights: fn(&Setup) -> Rights<Setup> = $rights;
                    build_keeping_rights(setup, rights, Position::from_setup)
                }

                fn mirrored(&self, mirror: &[usize]) -> Result<Position, String> {
                    let mut setup = self.to_setup();
                    mirror_men(&mut setup.board, mirror);
                    let state: fn(&mut Setup, &[usize]) = $mirror;
                    state(&mut setup, mirror);
                    let rights: fn(&Setup) -> Rights<Setup> = $rights;
                    build_keeping_rights(setup, rights, Position::from_setup)
                }
            }
        }
    };
}

rules!(brusky, hexvar_brusky, clock: |p| Some(p.halfmove_clock()),
castle: |mv| matches!(mv, Move::Castle { .. }),
en_passant: |mv| matches!(mv, Move::EnPassant { .. }),
rights: |setup| {
    use hexvar_brusky::CastlingRights;
    let mut bare = setup.clone();
    bare.castling = CastlingRights::NONE;
    bare.en_passant = None;
    let mut grants = bit_grants(setup.castling.bits(), |s: &mut Setup, bit| {
        s.castling = CastlingRights::from_bits(s.castling.bits() | bit)
    });
    let en_passant = setup.en_passant;
    grants.push(Box::new(move |s: &mut Setup| s.en_passant = en_passant));
    Rights { bare, grants }
},
mirror: |setup, mirror| {
    if let Some(ep) = &mut setup.en_passant {
        ep.passed = mirror_cell(ep.passed, mirror);
        ep.pawn = mirror_cell(ep.pawn, mirror);
    }
});
rules!(chessagon, hexvar_chessagon, clock: |p| Some(p.halfmove_clock()),
castle: |mv| matches!(mv, Move::Castle { .. }),
en_passant: |mv| matches!(mv, Move::EnPassant { .. }),
rights: |setup| {
    let mut bare = setup.clone();
    bare.castling = 0;
    bare.ep = None;
    bare.unmoved_pawns = Default::default();
    let mut grants = bit_grants(setup.castling, |s: &mut Setup, bit| s.castling |= bit);
    let ep = setup.ep;
    grants.push(Box::new(move |s: &mut Setup| s.ep = ep));
    for cell in setup.unmoved_pawns.iter() {
        grants.push(Box::new(move |s: &mut Setup| {
            s.unmoved_pawns = s.unmoved_pawns.with(cell)
        }));
    }
    Rights { bare, grants }
},
mirror: |setup, mirror| {
    if let Some(ep) = &mut setup.ep {
        ep.middle = mirror_cell(ep.middle, mirror);
        ep.landed = mirror_cell(ep.landed, mirror);
    }
    let unmoved = setup.unmoved_pawns;
    setup.unmoved_pawns = Default::default();
    for cell in unmoved.iter() {
        setup.unmoved_pawns = setup.unmoved_pawns.with(mirror[cell]);
    }
});
rules!(dagger, hexvar_dagger, clock: |p| Some(p.halfmove_clock()),
castle: |_| false,
en_passant: |mv| matches!(mv, Move::EnPassant { .. }),
rights: |setup| {
    let mut bare = setup.clone();
    bare.en_passant = None;
    let en_passant = setup.en_passant;
    let grant: Grant<Setup> = Box::new(move |s| s.en_passant = en_passant);
    Rights { bare, grants: vec![grant] }
},
// The knights in hand wait left and right of the back rank: a mirror swaps them.
mirror: |setup, mirror| {
    use hexvar_dagger::{Hand, HandKnight};
    setup.en_passant = setup.en_passant.map(|cell| mirror_cell(cell, mirror));
    for hand in &mut setup.hands {
        let mut swapped = Hand::EMPTY;
        for (knight, image) in [(HandKnight::L, HandKnight::R), (HandKnight::R, HandKnight::L)] {
            if hand.contains(knight) {
                swapped = swapped.with(image);
            }
        }
        *hand = swapped;
    }
});
rules!(kirby, hexvar_kirby, clock: |_| None,
    castle: |mv| matches!(mv, Move::Castle { .. }),
    en_passant: |_| false,
    rights: |setup| {
        let mut bare = setup.clone();
        bare.castling.clear();
        bare.waiting.clear();
        let mut grants: Vec<Grant<Setup>> = Vec::new();
        for &rook in &setup.castling {
            grants.push(Box::new(move |s| s.castling.push(rook)));
        }
        for &pawn in &setup.waiting {
            grants.push(Box::new(move |s| s.waiting.push(pawn)));
        }
        Rights { bare, grants }
    },
    // Kirby has no mirror (`mirror.rs`): only the men move.
    mirror: |_, _| {},
    stalemate: Position::is_stalemate);

// C'escacs's Piece is a plain struct.
mod cescacs {
    use super::{
        bit_grants, build_keeping_rights, indices, mirror_cell, mirror_men, MenEdit, Rights, Rules,
    };
    use hexvar_cescacs::{CastlingRights, Color, Move, Piece, Position, Role, Setup, Special};

    impl Rules for Position {
        fn halfmove_clock(&self) -> Option<u32> {
            Some(Position::halfmove_clock(self))
        }

        fn checker_indices(&self) -> Vec<usize> {
            indices(self.checkers())
        }

        fn is_castling(mv: Move) -> bool {
            matches!(mv, Move::Castle { .. })
        }

        fn is_en_passant(mv: Move) -> bool {
            matches!(mv, Move::EnPassant { .. })
        }

        fn man(color: Color, role: Role) -> Piece {
            Piece { color, role }
        }

        fn with_men(&self, edit: &mut MenEdit<'_, Piece>) -> Result<Position, String> {
            let mut setup = self.to_setup();
            edit(&mut setup.board);
            build_keeping_rights(setup, rights, Position::from_setup)
        }

        fn mirrored(&self, mirror: &[usize]) -> Result<Position, String> {
            let mut setup = self.to_setup();
            mirror_men(&mut setup.board, mirror);
            setup.special = match setup.special {
                Special::None => Special::None,
                Special::EnPassant { pawn, steps } => Special::EnPassant {
                    pawn: mirror_cell(pawn, mirror),
                    steps,
                },
                Special::Scornful { pawn, capturer } => Special::Scornful {
                    pawn: mirror_cell(pawn, mirror),
                    capturer: mirror_cell(capturer, mirror),
                },
            };
            build_keeping_rights(setup, rights, Position::from_setup)
        }
    }

    /// C'escacs's rights: each side's castling flags and the special (en passant, scornful).
    fn rights(setup: &Setup) -> Rights<Setup> {
        let mut bare = setup.clone();
        bare.castling = [CastlingRights::default(); 2];
        bare.special = Special::None;
        let mut grants = Vec::new();
        for side in 0..2 {
            grants.extend(bit_grants(
                setup.castling[side].bits(),
                move |s: &mut Setup, bit| {
                    s.castling[side] = CastlingRights::from_bits(s.castling[side].bits() | bit)
                },
            ));
        }
        let special = setup.special;
        grants.push(Box::new(move |s: &mut Setup| s.special = special));
        Rights { bare, grants }
    }
}
