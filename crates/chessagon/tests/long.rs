//! The long notation ([`Move::long`], [`Move::from_long`], `parse_long`) over every legal move
//! of every conformance position and of the positions one move later, and on texts drawn at random.

use hexvar_chessagon::{Move, Position};
use hexvar_geometry::checks::{check_long_notation, LongNotation};

const CONFORMANCE: &str = include_str!("data/conformance.txt");

/// Which kind of move a move is, for the coverage count.
fn kind(mv: Move) -> &'static str {
    match mv {
        Move::Normal { .. } => "move",
        Move::Promotion { .. } => "promotion",
        Move::EnPassant { .. } => "en passant",
        Move::Castle { .. } => "castling",
    }
}

#[test]
fn every_legal_move_round_trips_and_each_kind_has_its_spelling() {
    check_long_notation::<Position>(&LongNotation {
        conformance: CONFORMANCE,
        kind,
        kinds: &["castling", "en passant", "move", "promotion"],
        min_moves: 100_000,
        spellings: &[
            ("c3d5", "c3d5"),
            ("a10a12=Q", "a10a12q"),
            ("b8b10ep", "b8b10ep"),
            ("O-O@f3", "e1f3o"),
            ("O-O@g3", "e1g3o"),
            ("O-O-O@c2", "e1c2o"),
            ("O-O-O@c13", "e15c13o"),
        ],
        bad: &[
            "",
            "c3",
            "c3d5 q",
            "c3-d5",
            "C3D5",
            "a10a12Q",
            "a10a12=Q",
            "a10a12r",
            "c3d5e",
            "e1f3O",
            "e1e2o",
            "e15f3o",
            "O-O@f3",
            "z1a1",
            "d1d16",
            "c3d5\u{a0}",
        ],
        illegal: "c3c9",
        letters: "abcdefghi0123456789epoq",
    })
    .unwrap();
}
