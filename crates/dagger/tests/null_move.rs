//! The null move ([`Position::play_null`], the face of `Variant::play_null`) and the men in hand
//! (`Variant::in_hand`), checked on every conformance position and each of its children.

use hexvar_dagger::{Color, Move, Position, Role};
use hexvar_geometry::perft::read_rows;
use hexvar_geometry::Variant;

/// Every conformance position and every position one legal move from it.
fn positions() -> Vec<Position> {
    let rows = read_rows(include_str!("data/conformance.txt")).expect("well-formed data");
    let mut out = vec![Position::new()];
    for row in rows {
        let pos: Position = row.position.parse().expect("a legal position");
        out.push(pos);
        for m in pos.legal_moves().iter() {
            let mut child = pos;
            child.play_unchecked(*m);
            out.push(child);
        }
    }
    out
}

/// The position text of `pos` with the other side to move, no en-passant cell, the halfmove
/// clock one on and the move number on after Black: the passed position written by hand.
fn passed_text(pos: &Position) -> String {
    let text = pos.to_string();
    let fields: Vec<&str> = text.split(' ').collect();
    let [board, turn, hands, _en_passant, clock, number] = fields[..] else {
        panic!("six fields: {text}");
    };
    let (turn, number) = match turn {
        "w" => ("b", number.parse::<u32>().unwrap()),
        _ => ("w", number.parse::<u32>().unwrap() + 1),
    };
    let clock = clock.parse::<u32>().unwrap() + 1;
    format!("{board} {turn} {hands} - {clock} {number}")
}

fn sorted_moves(pos: &Position) -> Vec<Move> {
    let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    moves.sort_by_key(|m| m.to_string());
    moves
}

#[test]
fn a_null_move_gives_the_passed_position_and_its_moves() {
    let (mut passed, mut refused) = (0, 0);
    for pos in positions() {
        let mut after = pos;
        if pos.is_check() {
            assert!(!after.play_null(), "{pos}");
            assert_eq!(after, pos, "a refused pass changes nothing");
            refused += 1;
            continue;
        }
        assert!(after.play_null(), "{pos}");
        let fresh: Position = passed_text(&pos)
            .parse()
            .expect("the passed position is legal");
        assert_eq!(after.zobrist_hash(), fresh.zobrist_hash(), "{pos}");
        assert_eq!(after, fresh, "{pos}");
        assert_eq!(sorted_moves(&after), sorted_moves(&fresh), "{pos}");
        assert_eq!(after.legal_move_count(), fresh.legal_move_count(), "{pos}");
        passed += 1;
    }
    assert!(
        passed > 5_000 && refused > 100,
        "{passed} passed, {refused} refused"
    );
}

#[test]
fn the_trait_face_passes_and_refuses_alike() {
    for pos in positions().into_iter().step_by(7) {
        let (mut inherent, mut generic) = (pos, pos);
        assert_eq!(inherent.play_null(), Variant::play_null(&mut generic));
        assert_eq!(inherent, generic);
    }
}

#[test]
fn two_passes_give_back_the_men_and_the_hash() {
    for pos in positions().into_iter().filter(|p| !p.is_check()).step_by(5) {
        let mut twice = pos;
        assert!(twice.play_null());
        // The side to move now was the side not to move before: never in check, and nothing
        // moved.
        assert!(twice.play_null(), "{pos}");
        assert_eq!(twice.turn(), pos.turn());
        let same_ep = pos.en_passant().is_none();
        assert_eq!(twice.zobrist_hash() == pos.zobrist_hash(), same_ep, "{pos}");
    }
}

#[test]
fn men_in_hand_are_the_knights_in_hand() {
    let mut seen = [0usize; 3];
    for pos in positions() {
        for color in Color::ALL {
            let knights = pos.hand(color).len();
            seen[knights as usize] += 1;
            for role in Role::ALL {
                let expected = if role == Role::Knight { knights } else { 0 };
                assert_eq!(pos.in_hand(color, role), expected, "{pos}");
                assert_eq!(Variant::in_hand(&pos, color, role), expected, "{pos}");
            }
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "every hand size occurs: {seen:?}"
    );
}
