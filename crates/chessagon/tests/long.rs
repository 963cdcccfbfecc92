//! The long notation ([`Move::long`], [`Move::from_long`], `parse_long`) over every legal move
//! of every conformance position and of the positions one move later, and on arbitrary text.

use hexvar_chessagon::{Move, Position};
use hexvar_geometry::long::{check_bad_texts, check_rows, is_error_or_own_spelling};
use hexvar_geometry::Variant;
use proptest::prelude::*;

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
fn every_legal_move_round_trips_and_is_unique() {
    // Every conformance position and every position one legal move after it.
    let (checked, kinds) = check_rows::<Position>("conformance.txt", CONFORMANCE, kind)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(checked > 100_000, "{checked}");
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        ["castling", "en passant", "move", "promotion"]
    );
}

#[test]
fn each_move_kind_has_its_spelling() {
    for (notation, long) in [
        ("c3d5", "c3d5"),
        ("a10a12=Q", "a10a12q"),
        ("b8b10ep", "b8b10ep"),
        ("O-O@f3", "e1f3o"),
        ("O-O@g3", "e1g3o"),
        ("O-O-O@c2", "e1c2o"),
        ("O-O-O@c13", "e15c13o"),
    ] {
        let mv: Move = notation.parse().unwrap();
        assert_eq!(mv.long(), long);
        assert_eq!(Position::long(mv), long);
        assert_eq!(Move::from_long(long), Ok(mv));
    }
}

#[test]
fn bad_texts_are_notation_errors_and_illegal_moves_are_not_legal() {
    let bad = [
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
    ];
    check_bad_texts::<Position>(&bad, "c3c9").unwrap();
}

proptest! {
    #[test]
    fn arbitrary_text_is_an_error_or_its_own_spelling(text in "\\PC{0,16}") {
        prop_assert!(is_error_or_own_spelling(&Position::new(), &text));
    }

    #[test]
    fn notation_like_text_is_an_error_or_its_own_spelling(text in "[a-i0-9epoq ]{0,10}") {
        prop_assert!(is_error_or_own_spelling(&Position::new(), &text));
    }
}
