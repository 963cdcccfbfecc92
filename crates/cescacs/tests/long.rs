//! The long notation ([`Move::long`], [`Move::from_long`], `parse_long`) over every legal move
//! of every conformance position and of the positions one move later, and on texts drawn at random.

use hexvar_cescacs::{Color, Move, Position, Role};
use hexvar_geometry::checks::{check_long_notation, LongNotation};

const CONFORMANCE: &str = include_str!("data/conformance.txt");

/// Which kind of move a move is, for the coverage count.
fn kind(mv: Move) -> &'static str {
    match mv {
        Move::Normal {
            role: Role::Pawn,
            from,
            to,
            promotion: None,
            ..
        } if to.is_promotion_edge(if to.line() > from.line() {
            Color::White
        } else {
            Color::Black
        }) =>
        {
            "awaiting pawn"
        }
        Move::Normal {
            promotion: Some(_), ..
        } => "promotion",
        Move::Normal {
            capture: Some(Role::Pawn),
            ..
        } => "capture of a pawn",
        Move::Normal {
            capture: Some(_), ..
        } => "capture of a piece",
        Move::Normal { .. } => "move",
        Move::EnPassant { .. } => "en passant",
        Move::Scornful { .. } => "scornful capture",
        Move::Castle { castling, .. } if castling.is_double() => "double castling",
        Move::Castle { .. } => "castling",
        Move::Promote { .. } => "in-place promotion",
    }
}

#[test]
fn every_legal_move_round_trips_and_each_kind_has_its_spelling() {
    check_long_notation::<Position>(&LongNotation {
        conformance: CONFORMANCE,
        kind,
        kinds: &[
            "awaiting pawn",
            "capture of a pawn",
            "capture of a piece",
            "castling",
            "double castling",
            "en passant",
            "in-place promotion",
            "move",
            "promotion",
            "scornful capture",
        ],
        min_moves: 100_000,
        spellings: &[
            ("E7-E13", "E7E13"),
            ("KG1-H6", "KG1H6"),
            ("EF12×NF14", "EF12xNF14"),
            ("E13×F16", "E13xF16"),
            ("DE27×JE13", "DE27xJE13"),
            ("A21-T22=&", "A21T22"),
            ("A21-T22=R", "A21T22r"),
            ("T22=D", "T22T22d"),
            ("G13@H14", "G13sH14"),
            ("K16@I13", "K16I13epI15"),
            ("F12@@G9", "F12G9epG13"),
            ("KRK-HIOO", "G1H6oI3I7"),
            ("KRD-HG", "G1H6oC3G7"),
            ("KRR-HGG", "G1H6oC3G7I3G5"),
            ("b KRD-DE", "G27D26oC25E27"),
        ],
        bad: &[
            "",
            "E7",
            "E7E13 d",
            "E7-E13",
            "e7e13",
            "A21T22R",
            "A21T22e",
            "A21T22=R",
            "T22=D",
            "T22d",
            "T22T22",
            "C15@B12",
            "C15sB12x",
            "F12G9ep",
            "G1H6o",
            "G1H6oG6",
            "G1H6oG5G7",
            "E13xPF16",
            "KRK-HIOO",
            "b KRK-II",
            "E7E13\u{a0}",
        ],
        illegal: "E7E15",
        letters: "ABCDEFGHIJKLPTXZ0123456789xsepodvrgnjDVRGNJEK",
    })
    .unwrap();
}
