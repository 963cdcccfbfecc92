//! The null move (`Position::play_null`) against a fresh parse of the passed position, over
//! every conformance position and its children.

use std::collections::BTreeSet;

use hexvar_cescacs::{Move, Position, Setup, Special};

const CONFORMANCE: &str = include_str!("data/conformance.txt");

/// The conformance positions, each once.
fn positions() -> Vec<Position> {
    let texts: BTreeSet<String> = CONFORMANCE
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.splitn(3, ' ')
                .nth(2)
                .expect("depth, count, position")
                .to_string()
        })
        .collect();
    texts
        .iter()
        .map(|t| t.parse().expect("a legal position"))
        .collect()
}

/// The position as the passed one's text describes it: the other side to move, no e.p. or
/// scornful right, the clocks as a ply leaves them.
fn passed(pos: &Position) -> Position {
    let mut setup: Setup = pos.to_setup();
    setup.turn = setup.turn.other();
    setup.special = Special::None;
    setup.halfmove_clock = setup.halfmove_clock.saturating_add(1);
    if pos.turn() == hexvar_cescacs::Color::Black {
        setup.fullmove_number = setup.fullmove_number.saturating_add(1);
    }
    Position::from_setup(setup).expect("a position not in check passes to a legal one")
}

fn sorted_moves(pos: &Position) -> Vec<Move> {
    let mut moves = pos.legal_moves().to_vec();
    moves.sort();
    moves
}

/// Checks one position: refused in check and unchanged; else the same as a fresh parse of the
/// passed position (men, rights, clocks, hash) with the same legal moves.
fn check(pos: &Position) -> bool {
    let mut null = pos.clone();
    if pos.is_check() {
        assert!(!null.play_null(), "{pos}: passed in check");
        assert_eq!(&null, pos);
        assert_eq!(null.zobrist_hash(), pos.zobrist_hash());
        return false;
    }
    assert!(null.play_null(), "{pos}: refused out of check");
    let fresh = passed(pos);
    assert_eq!(null, fresh, "{pos}");
    assert_eq!(null.zobrist_hash(), fresh.zobrist_hash(), "{pos}");
    assert_eq!(null.to_string(), fresh.to_string());
    assert_eq!(sorted_moves(&null), sorted_moves(&fresh), "{pos}");
    true
}

#[test]
fn a_null_move_is_the_passed_position_read_afresh() {
    let (mut passed_count, mut refused) = (0, 0);
    for pos in positions() {
        for child in std::iter::once(pos.clone()).chain(pos.legal_moves().iter().map(|&m| {
            let mut c = pos.clone();
            c.play_unchecked(m);
            c
        })) {
            if check(&child) {
                passed_count += 1;
            } else {
                refused += 1;
            }
        }
    }
    // Both cases are exercised: positions passed, and positions in check refused.
    assert!(
        passed_count > 1000 && refused > 50,
        "{passed_count} passed, {refused} refused"
    );
}

#[test]
fn a_null_move_drops_the_special_rights() {
    // White's pawn has just made a double step: Black's e.p. right goes with the pass.
    let mut pos = Position::new();
    pos.play(pos.parse_move("E7-E11").unwrap()).unwrap();
    assert!(matches!(pos.special(), Special::EnPassant { .. }));
    let before = pos.clone();
    assert!(pos.play_null());
    assert_eq!(pos.special(), Special::None);
    assert_ne!(pos.zobrist_hash(), before.zobrist_hash());
    // Passing twice gives back the men and the side to move, not the e.p. right.
    assert!(pos.play_null());
    assert_eq!(pos.turn(), before.turn());
    assert_eq!(pos.to_setup().board, before.to_setup().board);
    assert_eq!(pos.halfmove_clock(), before.halfmove_clock() + 2);
}
