//! The null move of search (`Variant::play_null`): over every conformance position and its
//! children, passing gives the position its text reads back as (hash included) and the moves of
//! the same men with the other side to move; a side in check cannot pass.

use hexvar_chessagon::{Color, Position, Setup};
use hexvar_geometry::perft::read_rows;
use hexvar_geometry::Variant;

const CONFORMANCE: &str = include_str!("data/conformance.txt");

/// The conformance positions (`true`) and every position one legal move after each (`false`).
fn positions() -> Vec<(Position, bool)> {
    let mut out = Vec::new();
    for row in read_rows(CONFORMANCE).unwrap() {
        let pos: Position = row.position.parse().unwrap();
        out.extend(pos.legal_moves().into_iter().map(|m| {
            let mut child = pos;
            child.play_unchecked(m);
            (child, false)
        }));
        out.push((pos, true));
    }
    out
}

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

fn sorted_moves(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

#[test]
fn passing_equals_the_other_side_to_move_and_rereads_with_its_hash() {
    let (mut passed, mut refused, mut dropped_ep) = (0, 0, 0);
    for (pos, is_row) in positions() {
        let mut after = pos;
        if pos.is_check() {
            assert!(!Variant::play_null(&mut after), "{pos}");
            assert_eq!(after, pos, "a refused pass changed the position");
            refused += 1;
            continue;
        }
        assert!(Variant::play_null(&mut after), "{pos}");
        passed += 1;
        dropped_ep += usize::from(pos.ep().is_some());
        assert_eq!(after.turn(), !pos.turn());
        let reread: Position = after.to_string().parse().unwrap();
        assert_eq!(reread, after, "{pos}");
        assert_eq!(reread.zobrist_hash(), after.zobrist_hash(), "{pos}");
        let expected = other_side_to_move(&pos);
        assert_eq!(sorted_moves(&after), sorted_moves(&expected), "{pos}");
        // The hash stays exact through the moves played after a pass (from the rows: every
        // child of every child would be slow in a debug build).
        for m in after.legal_moves().into_iter().filter(|_| is_row) {
            let mut child = after;
            child.play_unchecked(m);
            let reread: Position = child.to_string().parse().unwrap();
            assert_eq!(reread.zobrist_hash(), child.zobrist_hash(), "{after} {m}");
        }
    }
    assert!(passed > 1000 && refused > 10 && dropped_ep > 0);
}
