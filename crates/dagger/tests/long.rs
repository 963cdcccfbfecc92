//! The long notation ([`Move::long`], [`Move::from_long`], `parse_long`) over every legal move
//! of every conformance position and of the positions one move later, and on arbitrary text.

use hexvar_dagger::{Move, Position};
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
        Move::Entry { .. } => "entry",
        Move::Drop { .. } => "drop",
    }
}

#[test]
fn every_legal_move_round_trips_and_is_unique() {
    // Every conformance position and every position one legal move after it.
    let (checked, kinds) = check_rows::<Position>("conformance.txt", CONFORMANCE, kind)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(checked > 50_000, "{checked}");
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        ["drop", "en passant", "entry", "move", "promotion"]
    );
}

#[test]
fn each_move_kind_has_its_spelling() {
    for (notation, long) in [
        ("d2-f2", "d2f2"),
        ("m1-n1=Q", "m1n1q"),
        ("l2-n1=N", "l2n1n"),
        ("f3-e2ep", "f3e2ep"),
        ("N@d1", "N@d1"),
        ("N@l1", "N@l1"),
        ("NL@a1", "NL@a1"),
        ("NR@n1", "NR@n1"),
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
        "d2",
        "d2f2 q",
        "d2-f2",
        "D2F2",
        "m1n1Q",
        "m1n1k",
        "m1n1=Q",
        "f3e2e",
        "N@a1",
        "n@d1",
        "NL@d1x",
        "N@g3",
        "X@d1",
        "NR@",
        "N d1",
        "d2f2\u{a0}",
    ];
    check_bad_texts::<Position>(&bad, "NL@a1").unwrap();
}

proptest! {
    #[test]
    fn arbitrary_text_is_an_error_or_its_own_spelling(text in "\\PC{0,16}") {
        prop_assert!(is_error_or_own_spelling(&Position::new(), &text));
    }

    #[test]
    fn notation_like_text_is_an_error_or_its_own_spelling(text in "[a-nNLR0-9epqrb@ ]{0,10}") {
        prop_assert!(is_error_or_own_spelling(&Position::new(), &text));
    }
}
