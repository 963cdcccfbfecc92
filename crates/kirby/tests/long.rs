//! The long notation ([`Move::long`], [`Move::from_long`], `parse_long`) over every legal move
//! of every conformance position and of the positions one move later, and on texts drawn at random.

use hexvar_geometry::checks::{check_long_notation, LongNotation};
use hexvar_geometry::{Variant, VariantColor};
use hexvar_kirby::{Color, Move, Position};

const CONFORMANCE: &str = include_str!("data/conformance.txt");

/// Which kind of move a move is, for the coverage count.
fn kind(mv: Move) -> &'static str {
    match mv {
        Move::Normal {
            promotion: Some(_), ..
        } => "promotion",
        Move::Normal { .. } => "move",
        Move::Castle { .. } => "castling",
        Move::Relocate {
            reclaim: Some(_), ..
        } => "relocation with a reclaim",
        Move::Relocate { .. } => "relocation",
    }
}

#[test]
fn every_legal_move_round_trips_and_each_kind_has_its_spelling() {
    check_long_notation::<Position>(&LongNotation {
        conformance: CONFORMANCE,
        kind,
        // (No relocation without a reclaim happens in the data: a spelling below has one.)
        kinds: &["castling", "move", "promotion", "relocation with a reclaim"],
        min_moves: 100_000,
        spellings: &[
            ("A16-B15", "A16B15"),
            ("G14-H13=Q", "G14H13q"),
            ("G14-H15=A", "G14H15a"),
            ("B/15@B/18", "B/15B/17o"),
            ("B/15@B/11", "B/15B/13o"),
            ("B/15>A10=Q", "B/15>A10q"),
            ("B/15>A10", "B/15>A10"),
            ("B/27-A14", "B/27A14"),
        ],
        bad: &[
            "",
            "A16",
            "A16B15 q",
            "A16-B15",
            "a16b15",
            "G14H13Q",
            "G14H13k",
            "G14H13p",
            "G14H13=Q",
            "B/15@B/18",
            "B/15B/18o",
            "B/15B/16o",
            "B/15A10o",
            "B/15>A10o",
            "B/15>",
            "C",
            "CB15",
            "H15C",
            "X1A8",
            "A16B15\u{a0}",
        ],
        illegal: "A16B15",
        letters: "ABCDEFGHIJKLMNOPQSWRG0123456789/>oqrbnak",
    })
    .unwrap();
}

#[test]
fn in_play_is_the_seated_armies_still_alive() {
    for (_, text) in Position::start_positions() {
        let pos: Position = text.parse().unwrap();
        for &color in Color::ALL {
            assert_eq!(
                pos.in_play(color),
                pos.seated().contains(color),
                "{text} {color}"
            );
        }
    }
    let mut dead = 0;
    let rows = hexvar_geometry::perft::read_rows(CONFORMANCE).unwrap();
    for row in &rows {
        let pos: Position = row.position.parse().unwrap();
        for &color in Color::ALL {
            let in_play = Variant::in_play(&pos, color);
            assert_eq!(
                in_play,
                pos.seated().contains(color) && pos.alive().contains(color)
            );
            dead += usize::from(pos.seated().contains(color) && !in_play);
        }
    }
    assert!(dead > 0, "the conformance data has eliminated armies");
    assert_eq!(<Color as VariantColor>::ALL, Color::ALL);
}
