//! The long notation ([`Move::long`], [`Move::from_long`], `parse_long`) over every legal move
//! of every conformance position and of the positions one move later, and on texts drawn at random.

use hexvar_brusky::{Move, Position};
use hexvar_geometry::checks::{check_long_notation, LongNotation};

const CONFORMANCE: &str = include_str!("data/conformance.txt");

/// Which kind of move a move is, for the coverage count.
fn kind(mv: Move) -> &'static str {
    match mv {
        Move::Normal {
            promotion: Some(_),
            capture: true,
            ..
        } => "capturing promotion",
        Move::Normal {
            promotion: Some(_), ..
        } => "promotion",
        Move::Normal { capture: true, .. } => "capture",
        Move::Normal { .. } => "move",
        Move::EnPassant { .. } => "en passant",
        Move::Castle { .. } => "castling",
    }
}

#[test]
fn every_legal_move_round_trips_and_each_kind_has_its_spelling() {
    check_long_notation::<Position>(&LongNotation {
        conformance: CONFORMANCE,
        kind,
        kinds: &[
            "capture",
            "capturing promotion",
            "castling",
            "en passant",
            "move",
            "promotion",
        ],
        min_moves: 100_000,
        spellings: &[
            ("g2-g4", "g2g4"),
            ("e5xg6", "e5xg6"),
            ("e7-e8=Q", "e7e8q"),
            ("e7xd8=N", "e7xd8n"),
            ("j4xk3e.p.", "j4k3ep"),
            ("O-O", "f1h1o"),
            ("O-O-O", "f1c1o"),
            ("o-o", "g8e8o"),
            ("o-o-o", "g8j8o"),
        ],
        bad: &[
            "",
            "g2",
            "g2g4 q",
            "g2-g4",
            "G2G4",
            "g2g4Q",
            "g2g4k",
            "g2g4p",
            "e5gx6",
            "f1h1O",
            "f1g1o",
            "j4k3e",
            "j4xk3ep",
            "g2g4ep q",
            "g2g4\u{a0}",
            "O-O",
            "a1a0",
            "m1m2",
        ],
        illegal: "g2g5",
        letters: "abcdefghijklm0123456789xepoqrbnk@/",
    })
    .unwrap();
}
