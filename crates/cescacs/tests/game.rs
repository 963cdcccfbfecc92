//! The game (geometry's generic `Game` over C'escacs's `Position`): the rules' draws (§7) —
//! fivefold repetition automatic, threefold repetition and fifty moves claimable, agreement —
//! finished games refusing moves, undo, and the author's 3-1-0 result tokens.

use hexvar_cescacs::{Color, DrawReason, Game, GameError, Outcome, Position, WinReason};
use hexvar_geometry::checks::{
    check_agreement, check_finished, check_zeroing_restarts_repetitions, play_sans,
};
use hexvar_geometry::{DrawRules, VariantOutcome};

/// Two kings and two rooks: the kings step out and back without changing anything else.
const ROOKS: &str = "/27:1k/25:r3/3:R3/1:1K/ w - - 0 1";
const CYCLE: [&str; 4] = ["KG1-F2", "KG27-F26", "KF2-G1", "KF26-G27"];

fn play(game: &mut Game, text: &str) {
    play_sans(game, text).unwrap();
}

#[test]
fn repetition_claim_at_three_automatic_at_five() {
    let mut game = Game::from_position(ROOKS.parse().unwrap());
    assert_eq!(
        game.draw_rules(),
        DrawRules {
            automatic_repetition: Some(5),
            claimable_repetition: Some(3),
        }
    );
    for round in 1..=4 {
        for m in CYCLE {
            assert_eq!(game.outcome(), None, "round {round}");
            play(&mut game, m);
        }
        assert_eq!(game.repetitions(), round + 1);
        // Claimable from the third occurrence until the fifth ends the game by itself.
        let claim = (3..5)
            .contains(&(round + 1))
            .then_some(DrawReason::ThreefoldRepetition);
        assert_eq!(game.claimable_draw(), claim, "round {round}");
    }
    let fivefold = Outcome::Draw {
        reason: DrawReason::FivefoldRepetition,
    };
    // The automatic draw ends the game: no further move is accepted, and nothing is claimed.
    check_finished(&game, &fivefold).unwrap();
    assert_eq!(game.result_token(), "1-1");
    assert_eq!(game.claimable_draw(), None);
}

#[test]
fn a_threefold_claim_draws_and_undo_lifts_it() {
    let mut game = Game::from_position(ROOKS.parse().unwrap());
    for _ in 0..2 {
        for m in CYCLE {
            assert_eq!(
                game.claim_draw(),
                None,
                "no claim before the third occurrence"
            );
            play(&mut game, m);
        }
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.claim_draw(), Some(DrawReason::ThreefoldRepetition));
    let drawn = Outcome::Draw {
        reason: DrawReason::ThreefoldRepetition,
    };
    check_finished(&game, &drawn).unwrap();
    // Undo takes the last move back and the declared draw with it.
    assert!(game.undo().is_some());
    assert_eq!(game.outcome(), None);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.claim_draw(), None);
}

#[test]
fn a_zeroing_move_starts_the_count_again() {
    // A pawn move between the cycles: earlier positions can no longer recur.
    let start: Position = "/27:1k/25:r3/7:4P3/3:R3/1:1K/ w - - 0 1".parse().unwrap();
    assert!(start.is_zeroing(start.parse_san("G7-G9").unwrap()));
    assert!(!start.is_zeroing(start.parse_san("KG1-F2").unwrap()));
    let after = "KG27-F26 KG1-F2 KF26-G27 KF2-G1";
    check_zeroing_restarts_repetitions(start, &CYCLE.join(" "), "G7-G9", after).unwrap();
}

#[test]
fn fifty_moves_are_claimed_seventy_five_are_automatic() {
    let mut game = Game::from_position("/27:1k/25:r3/3:R3/1:1K/ w - - 99 80".parse().unwrap());
    assert_eq!(game.claimable_draw(), None);
    assert_eq!(game.claim_draw(), None);
    play(&mut game, "KG1-F2");
    assert_eq!(game.claimable_draw(), Some(DrawReason::FiftyMoveRule));
    assert_eq!(game.outcome(), None, "fifty moves are only a claim");
    assert_eq!(game.claim_draw(), Some(DrawReason::FiftyMoveRule));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::FiftyMoveRule
        })
    );
    let auto = Game::from_position("/27:1k/25:r3/3:R3/1:1K/ w - - 150 80".parse().unwrap());
    assert_eq!(
        auto.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::SeventyFiveMoveRule
        })
    );
    assert_eq!(
        auto.claimable_draw(),
        None,
        "a finished game has nothing to claim"
    );
}

#[test]
fn agreement_ends_the_game_once() {
    check_agreement(Position::new(), "E7-E13").unwrap();
    let mut game = Game::new();
    play(&mut game, "E7-E13");
    assert!(game.agree_draw());
    assert!(!game.agree_draw(), "already over");
    assert_eq!(game.outcome().unwrap().to_string(), "draw by agreement");
}

#[test]
fn an_illegal_move_leaves_the_game_unchanged() {
    let mut game = Game::new();
    let m = game.position().parse_san("E7-E13").unwrap();
    game.play(m).unwrap();
    let before = game.clone();
    let err = game.play(m).unwrap_err();
    assert_eq!(err.to_string(), "illegal move E7-E13");
    assert!(matches!(err, GameError::IllegalMove(e) if e.mv == m));
    assert_eq!(game, before);
}

#[test]
fn result_tokens_are_the_authors_points() {
    let token = |outcome: Outcome| outcome.result_token();
    let win = |winner, reason| Outcome::Decisive { winner, reason };
    assert_eq!(token(win(Color::White, WinReason::Checkmate)), "3-0");
    assert_eq!(token(win(Color::Black, WinReason::Checkmate)), "0-3");
    assert_eq!(token(win(Color::White, WinReason::Stalemate)), "2-1");
    assert_eq!(token(win(Color::Black, WinReason::Stalemate)), "1-2");
    for reason in [
        DrawReason::Agreement,
        DrawReason::InsufficientMaterial,
        DrawReason::FiftyMoveRule,
        DrawReason::SeventyFiveMoveRule,
        DrawReason::ThreefoldRepetition,
        DrawReason::FivefoldRepetition,
    ] {
        let draw = <Outcome as VariantOutcome>::draw(reason);
        assert_eq!(token(draw), "1-1");
        assert_eq!(draw.draw_reason(), Some(reason));
        assert!(!draw.is_win_for(Color::White) && !draw.is_win_for(Color::Black));
    }
    let mate = win(Color::Black, WinReason::Checkmate);
    assert!(mate.is_win_for(Color::Black) && !mate.is_win_for(Color::White));
    assert_eq!(mate.draw_reason(), None);
    assert_eq!(VariantOutcome::reason(&mate), "checkmate");
    // A game in progress: `*`.
    assert_eq!(Game::new().result_token(), "*");
}

#[test]
fn an_en_passant_right_counts_for_repetition_only_where_a_pawn_can_use_it() {
    // After F10-F14 no black pawn can take on F12: the right in the position text changes
    // nothing, and the kings' cycle repeats the position.
    let mut game = Game::from_position("/27:1k/10:3P3/1:1K/ w - - 0 1".parse().unwrap());
    play(&mut game, "F10-F14");
    let with_right = game.position().clone();
    assert!(with_right.to_string().contains(" F14@12 "), "{with_right}");
    for m in ["KG27-F26", "KG1-F2", "KF26-G27", "KF2-G1"] {
        play(&mut game, m);
    }
    assert!(!game.position().to_string().contains('@'));
    assert_ne!(game.position().zobrist_hash(), with_right.zobrist_hash());
    assert!(game.position().is_repetition_of(&with_right));
    assert_eq!(game.repetitions(), 2);
    // With a black pawn on G15 the right is usable (G15@F12): not the same position.
    let mut game = Game::from_position("/27:1k/15:4p3/10:3P3/1:1K/ w - - 0 1".parse().unwrap());
    play(&mut game, "F10-F14");
    let with_right = game.position().clone();
    for m in ["KG27-F26", "KG1-F2", "KF26-G27", "KF2-G1"] {
        play(&mut game, m);
    }
    assert!(!game.position().is_repetition_of(&with_right));
    assert!(!with_right.is_repetition_of(game.position()));
    assert_eq!(game.repetitions(), 1);
}
