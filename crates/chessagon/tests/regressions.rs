//! One test per defect found by random play and fuzzing, named after the defect.

use hexvar_chessagon::{Cell, Game, Move, Position, Setup, START_TEXT};

fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let m = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.play(m).unwrap();
    }
}

#[test]
fn counter_overflow_saturates_in_play() {
    // The halfmove clock at u32::MAX, then a quiet move: it stays at the maximum.
    let text = format!("{START_TEXT} 4294967295 1");
    let mut pos: Position = text.parse().unwrap();
    play(&mut pos, "f3e5");
    assert_eq!(pos.halfmove_clock(), u32::MAX);
    // The move number at u32::MAX, then a Black move.
    let text = START_TEXT.replace(" w ", " b ") + " 0 4294967295";
    let mut pos: Position = text.parse().unwrap();
    play(&mut pos, "f13e11");
    assert_eq!(pos.fullmove_number(), u32::MAX);
    // Either way the position prints a text that parses back to it.
    let again: Position = pos.to_string().parse().unwrap();
    assert_eq!(again, pos);
    assert_eq!(again.zobrist_hash(), pos.zobrist_hash());
}

#[test]
fn move_number_zero_is_refused_at_the_door() {
    let mut setup = Setup::start();
    setup.fullmove_number = 0;
    assert!(Position::from_setup(setup).is_err());
    assert!(format!("{START_TEXT} 0 0").parse::<Position>().is_err());
}

#[test]
fn position_text_keeps_the_unmoved_pawn_flags() {
    // d4d5 c13b9 d3d4: the d3 pawn steps onto d4, a starting-pawn cell, but it has moved: it may
    // not double push. The text names it in the moved-pawns field, and reads back equal.
    let mut pos = Position::new();
    play(&mut pos, "d4d5 c13b9 d3d4");
    let d4: Cell = "d4".parse().unwrap();
    assert!(!pos.unmoved_pawns().has(d4.index()));
    let text = pos.to_string();
    assert_eq!(
        text,
        "qk/bddb/r1ppnr/pppppppp/1pp2pp1/8/1n6/8/8/8/1PPP1PP1/PPPPPPPP/RN1PNR/BDDB/QK b KQkq - d4 0 2"
    );
    let again: Position = text.parse().unwrap();
    assert_eq!(again, pos);
    assert_eq!(again.zobrist_hash(), pos.zobrist_hash());
    assert_eq!(again.legal_moves(), pos.legal_moves());
    // Texts without the field read as before: every pawn on a starting cell is unmoved.
    let old = text.replace(" d4 ", " ");
    let old: Position = old.parse().unwrap();
    assert!(old.unmoved_pawns().has(d4.index()));
    assert_ne!(old, pos);
}

#[test]
fn a_reloaded_game_still_sees_repetitions() {
    // After a reload through the text, the moved pawn on d4 keeps the positions equal.
    let mut pos = Position::new();
    play(&mut pos, "d4d5 c13b9 d3d4");
    let reloaded: Position = pos.to_string().parse().unwrap();
    let mut a = Game::from_position(pos);
    let mut b = Game::from_position(reloaded);
    for game in [&mut a, &mut b] {
        for text in ["b9c13", "f3e5", "c13b9", "e5f3"].repeat(2) {
            let m: Move = game.position().parse_move(text).unwrap();
            game.play(m).unwrap();
        }
    }
    assert_eq!(a.repetitions(), 3);
    assert_eq!(b.repetitions(), 3);
}
