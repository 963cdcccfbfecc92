//! The long notation ([`Move::long`], [`Move::from_long`], `parse_long`) over every legal move
//! of every conformance position and of the positions one move later, and on texts drawn at random.

use hexvar_dagger::{Move, Position};
use hexvar_geometry::checks::{check_long_notation, LongNotation};

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
fn every_legal_move_round_trips_and_each_kind_has_its_spelling() {
    check_long_notation::<Position>(&LongNotation {
        conformance: CONFORMANCE,
        kind,
        kinds: &["drop", "en passant", "entry", "move", "promotion"],
        min_moves: 50_000,
        spellings: &[
            ("d2-f2", "d2f2"),
            ("m1-n1=Q", "m1n1q"),
            ("l2-n1=N", "l2n1n"),
            ("f3-e2ep", "f3e2ep"),
            ("N@d1", "N@d1"),
            ("N@l1", "N@l1"),
            ("NL@a1", "NL@a1"),
            ("NR@n1", "NR@n1"),
        ],
        bad: &[
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
        ],
        illegal: "NL@a1",
        letters: "abcdefghijklmnNLR0123456789epqrb@",
    })
    .unwrap();
}
