//! The null move of search (`Variant::play_null`): over every conformance position and its
//! children, passing gives the position its text reads back as (hash included) and the moves of
//! the same men with the other side to move; a side in check cannot pass.

use hexvar_chessagon::{Color, Position, Setup};
use hexvar_geometry::null_move::check_null_moves;
use hexvar_geometry::perft::read_rows;
use hexvar_geometry::Variant;

const CONFORMANCE: &str = include_str!("data/conformance.txt");

/// The same men, rights and unmoved pawns with the other side to move, built from a `Setup`
/// (not by passing): no en passant right, the clocks as after a quiet move.
fn other_side_to_move(pos: &Position) -> Position {
    let mut setup: Setup = pos.to_setup();
    setup.turn = !setup.turn;
    setup.ep = None;
    setup.halfmove_clock += 1;
    if setup.turn == Color::White {
        setup.fullmove_number += 1;
    }
    Position::from_setup(setup).unwrap()
}

#[test]
fn passing_equals_the_other_side_to_move_and_rereads_with_its_hash() {
    let counts = check_null_moves::<Position>(
        CONFORMANCE,
        |pos| Some(other_side_to_move(pos).to_string()),
        |pos| pos.ep().is_some(),
        Position::play_null,
    )
    .unwrap();
    assert!(counts.passed > 1000 && counts.refused > 10, "{counts:?}");
}

#[test]
fn the_hash_stays_exact_through_the_moves_after_a_pass() {
    for row in read_rows(CONFORMANCE).unwrap() {
        let mut after: Position = row.position.parse().unwrap();
        if !Variant::play_null(&mut after) {
            continue;
        }
        for m in after.legal_moves() {
            let mut child = after;
            child.play_unchecked(m);
            let reread: Position = child.to_string().parse().unwrap();
            assert_eq!(reread.zobrist_hash(), child.zobrist_hash(), "{after} {m}");
        }
    }
}
