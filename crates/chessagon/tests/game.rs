//! The generic [`Game`] over Chessagon: the third occurrence of a position draws, a finished
//! game refuses moves, undo reopens it; what counts as the same position.

use hexvar_chessagon::{
    DrawReason, Game, GameError, IllegalMove, Outcome, Position, WinReason, START_TEXT,
};
use hexvar_geometry::checks::{
    check_agreement, check_finished, check_repetition_draw, check_zeroing_restarts_repetitions,
    play_sans,
};

fn play(game: &mut Game, moves: &str) {
    play_sans(game, moves).unwrap();
}

#[test]
fn knight_shuffle_repeats_the_start_position_three_times() {
    let shuffle = "f3e5 f13e11 e5f3 e11f13 f3e5 f13e11 e5f3 e11f13";
    check_repetition_draw(Position::new(), shuffle, DrawReason::ThreefoldRepetition).unwrap();
    let mut game = Game::new();
    play(&mut game, shuffle);
    assert_eq!(game.position().to_string(), format!("{START_TEXT} 8 5"));
    // Undo one move: the game goes on, and an illegal move is refused as such.
    let last = game.undo().unwrap();
    assert_eq!(last.to_string(), "e11f13");
    let bad = "e1e2".parse().unwrap();
    assert_eq!(
        game.play(bad),
        Err(GameError::IllegalMove(IllegalMove { mv: bad }))
    );
    assert_eq!(game.play(bad).unwrap_err().to_string(), "illegal move e1e2");
    assert_eq!(game.moves().len(), 7);
}

#[test]
fn an_automatic_draw_finishes_the_game() {
    // The fifty-move rule: 100 half-moves without capture or pawn move.
    let pos: Position = "1k/4/6/8/8/8/8/8/8/8/8/8/R5/4/1K w - - 100 80"
        .parse()
        .unwrap();
    let draw = Outcome::Draw {
        reason: DrawReason::FiftyMoveRule,
    };
    check_finished(&Game::from_position(pos), &draw).unwrap();
}

#[test]
fn checkmate_ends_the_game() {
    let pos: Position = "kn/ppp1/2pp2/8/8/4N3/8/8/8/8/8/8/6/4/1K w - -"
        .parse()
        .unwrap();
    let mut game = Game::from_position(pos);
    play(&mut game, "Nf14#");
    let mate = Outcome::Decisive {
        winner: hexvar_chessagon::Color::White,
        reason: WinReason::Checkmate,
    };
    check_finished(&game, &mate).unwrap();
    assert_eq!(game.result_token(), "1-0");
}

#[test]
fn repetitions_are_counted_from_the_last_pawn_move_or_capture() {
    // The Knights go out and back: the start position occurs twice; after a pawn move the
    // count starts at one, and the next shuffle brings it to two.
    let (out_and_back, shuffle) = ("Ne5 Ne11 Nf3 Nf13", "Ne11 Nd5 Nf13 Nc3");
    check_zeroing_restarts_repetitions(Position::new(), out_and_back, "ee5", shuffle).unwrap();
}

#[test]
fn agreement_and_claims() {
    check_agreement(Position::new(), "Ne5").unwrap();
    // The rules name no claimable draw: repetition draws by itself.
    let mut game = Game::new();
    play(&mut game, "Ne5");
    assert_eq!(game.claimable_draw(), None);
    assert_eq!(game.claim_draw(), None);
}

#[test]
fn an_en_passant_right_counts_only_when_a_capture_uses_it() {
    // Black has just double-pushed b11-b10-a8; White's b8 pawn may take on b10.
    let open: Position = "1k/4/6/8/8/8/8/pP6/K7/8/8/8/6/4/2 w - b10a8"
        .parse()
        .unwrap();
    let none: Position = "1k/4/6/8/8/8/8/pP6/K7/8/8/8/6/4/2 w - -".parse().unwrap();
    assert!(open
        .legal_moves()
        .iter()
        .any(|m| m.to_string() == "b8b10ep"));
    assert!(!open.is_repetition_of(&none));
    assert!(!none.is_repetition_of(&open));
    // The Bishop on d10 pins the b8 pawn to the King on a7 (through c9): no legal en passant,
    // so the state is the same as none, though the texts (and hashes) differ.
    let pinned: Position = "1k/4/6/8/8/3b4/8/pP6/K7/8/8/8/6/4/2 w - b10a8"
        .parse()
        .unwrap();
    let pinned_none: Position = "1k/4/6/8/8/3b4/8/pP6/K7/8/8/8/6/4/2 w - -".parse().unwrap();
    assert!(!pinned
        .legal_moves()
        .iter()
        .any(|m| m.to_string() == "b8b10ep"));
    assert_ne!(pinned, pinned_none);
    assert!(pinned.is_repetition_of(&pinned_none));
    assert!(pinned_none.is_repetition_of(&pinned));
    // Clocks never count; anything else does.
    let later: Position = "1k/4/6/8/8/3b4/8/pP6/K7/8/8/8/6/4/2 w - - 7 30"
        .parse()
        .unwrap();
    assert!(later.is_repetition_of(&pinned_none));
    let black: Position = "1k/4/6/8/8/3b4/8/pP6/K7/8/8/8/6/4/2 b - -".parse().unwrap();
    assert!(!black.is_repetition_of(&pinned_none));
}

#[test]
fn unmoved_pawn_flags_and_castling_rights_count() {
    // d4d5 c13b9 d3d4: the d3 pawn now stands on d4, a starting cell, but has moved.
    let mut pos = Position::new();
    for text in ["d4d5", "c13b9", "d3d4"] {
        pos.play(pos.parse_move(text).unwrap()).unwrap();
    }
    let fresh: Position = pos.to_string().replace(" d4 ", " ").parse().unwrap();
    assert!(!pos.is_repetition_of(&fresh));
    let no_rights: Position = pos.to_string().replace("KQkq", "Qkq").parse().unwrap();
    assert!(!pos.is_repetition_of(&no_rights));
    assert!(pos.is_repetition_of(&pos.to_string().parse().unwrap()));
}
