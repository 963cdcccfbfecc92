//! The generic `Game` for Brusky's Hexagonal Chess: repetition draws, finished games, undo, draw
//! by agreement, and game records (written and read back for random games; bad records give
//! located errors).

use hexvar_brusky::{
    Color, DrawReason, Game, GameError, Move, Outcome, Position, WinReason, START_TEXT,
};
use hexvar_geometry::checks::{
    check_agreement, check_finished, check_repetition_draw, check_zeroing_restarts_repetitions,
    play_sans,
};
use hexvar_geometry::{RecordError, RecordErrorKind};
use proptest::prelude::*;

const START_PLACEMENT: &str = "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR";

fn play(game: &mut Game, san: &str) -> Move {
    play_sans(game, san).unwrap()[0]
}

#[test]
fn threefold_repetition_draws_and_undo_reopens_the_game() {
    let shuffle = "Ng3 Nf6 Nh1 Ne8 Ng3 Nf6 Nh1 Ne8"; // the start position a third time
    check_repetition_draw(Position::new(), shuffle, DrawReason::ThreefoldRepetition).unwrap();
}

#[test]
fn a_pawn_move_or_capture_ends_the_repetition_count() {
    let shuffle = "Ng3 Nf6 Nh1 Ne8";
    let back = "Nf6 Ng3 Ne8 Nh1";
    check_zeroing_restarts_repetitions(Position::new(), shuffle, "a4", back).unwrap();
}

#[test]
fn a_usable_en_passant_target_makes_a_different_position() {
    // Yefimov–Brusky: after j2-l4 the pawn on j4 may take en passant. The same men without that
    // right are not a repetition of the position.
    let start: Position = "9/10/11/12/9p2/11/9P/K8 w - - 0 1"
        .replace("9/10", "8k/10")
        .parse()
        .unwrap();
    let after = start.played(start.parse_san("l4").unwrap());
    assert!(after.en_passant().is_some());
    let mut setup = after.to_setup();
    setup.en_passant = None;
    let without = Position::from_setup(setup).unwrap();
    assert!(!after.is_repetition_of(&without));
    assert!(after.is_repetition_of(&after));
    // The same double step when the j4 pawn is pinned to its king on j8 by the rook on j3: the
    // target is kept (a pawn attacks k3) but no legal move uses it, so it counts as none.
    let start: Position = "6k2/10/11/12/9p2/9R1/9P/K8 w - - 0 1".parse().unwrap();
    let after = start.played(start.parse_san("l4").unwrap());
    assert!(after.en_passant().is_some());
    assert!(after
        .legal_moves()
        .iter()
        .all(|m| !matches!(m, Move::EnPassant { .. })));
    let mut setup = after.to_setup();
    setup.en_passant = None;
    let without = Position::from_setup(setup).unwrap();
    assert!(after.is_repetition_of(&without));
    assert!(without.is_repetition_of(&after));
    // Clocks aside, a position is a repetition of itself.
    let mut setup = after.to_setup();
    setup.halfmove_clock = 7;
    setup.fullmove_number = 9;
    assert!(after.is_repetition_of(&Position::from_setup(setup).unwrap()));
}

#[test]
fn a_finished_game_refuses_moves_after_an_automatic_draw() {
    let text = format!("{START_PLACEMENT} w KQkq - 100 60");
    let game = Game::from_position(text.parse().unwrap());
    let draw = Outcome::Draw {
        reason: DrawReason::FiftyMoveRule,
    };
    check_finished(&game, &draw).unwrap();
}

#[test]
fn a_game_refuses_an_illegal_move_and_stays_unchanged() {
    let mut game = Game::new();
    let m: Move = "h1-h3".parse().unwrap();
    match game.play(m) {
        Err(GameError::IllegalMove(e)) => {
            assert_eq!(e.mv, m);
            assert_eq!(e.to_string(), "illegal move h1-h3");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(game.position(), &Position::new());
    assert_eq!(game.undo(), None);
}

#[test]
fn checkmate_ends_the_game_and_the_record_says_who_won() {
    let mut game = Game::from_position("9/10/11/7R4/12/2K8/10/k8 w - - 0 1".parse().unwrap());
    play(&mut game, "Ra5#");
    let mate = Outcome::Decisive {
        winner: Color::White,
        reason: WinReason::Checkmate,
    };
    check_finished(&game, &mate).unwrap();
    let record = game.to_record();
    assert!(record.contains("[Position \"9/10/11/7R4/12/2K8/10/k8 w - - 0 1\"]"));
    assert!(record.ends_with("\n1. Ra5# 1-0\n"), "{record}");
}

#[test]
fn agreement_and_resignation_are_kept_by_the_record() {
    check_agreement(Position::new(), "Ng3").unwrap();
    let mut game = Game::new();
    play(&mut game, "Ng3");
    game.set_tag("Result", "0-1").unwrap();
    game.set_tag("White", "Yefimov").unwrap();
    let record = game.to_record();
    assert!(record.contains("[White \"Yefimov\"]"));
    assert!(record.ends_with("1. Ng3 0-1\n"), "{record}");
    let read = Game::from_record(&record).unwrap();
    assert_eq!(read.outcome(), None);
    assert_eq!(read.result_token(), "0-1");
    assert_eq!(read.tag("White"), Some("Yefimov"));
}

#[test]
fn a_record_from_black_to_move_numbers_its_moves_from_the_position() {
    let start: Position = format!("{START_PLACEMENT} b KQkq - 0 17").parse().unwrap();
    let mut game = Game::from_position(start);
    play(&mut game, "Nf6");
    play(&mut game, "Ng3");
    let record = game.to_record();
    assert!(record.contains("17... Nf6 18. Ng3 *"), "{record}");
    assert_eq!(Game::from_record(&record).unwrap(), game);
}

#[test]
fn records_are_read_as_players_write_them() {
    let text = "[Event \"Yefimov - Brusky\"]\n\
                [Variant \"Brusky\"]\n\
                \n\
                1. Ng3 {the knight} Nf6 2. h1-g3?? (2. Nh1 Ne8) ; a comment\n";
    let err = Game::from_record(text).unwrap_err();
    assert_eq!((err.line, err.column), (4, 28), "{err}");
    assert!(matches!(err.kind, RecordErrorKind::BadMove { .. }));
    let text = "[Variant \"Dagger\"]\n1. Ng3 Nf6 2. Nh1 *";
    assert!(matches!(
        Game::from_record(text),
        Err(RecordError {
            kind: RecordErrorKind::WrongVariant(_),
            game: 1,
            line: 1,
            column: 1,
        })
    ));
    let text = "[Variant \"brusky\"]\n\n1. Ng3 {the knight} Nf6 2. Nh1 $1 Ne8 (2... e7) *";
    let game = Game::from_record(text).unwrap();
    assert_eq!(game.moves().len(), 4);
    assert_eq!(
        game.position().to_string(),
        START_TEXT.replace(" 0 1", " 4 3")
    );
}

#[test]
fn bad_records_give_located_errors() {
    let at = |text: &str| {
        let e = Game::from_record(text).unwrap_err();
        (e.line, e.column, e.kind)
    };
    // A bad move on line 3.
    let (line, column, kind) = at("[Event \"?\"]\n1. Ng3 Nf6\n2. Nh9 Ne8 *\n");
    assert_eq!((line, column), (3, 4));
    assert!(matches!(kind, RecordErrorKind::BadMove { ref text, .. } if text == "Nh9"));
    let (line, column, kind) = at("1. Ng3 Nf6\n2. Nh1\n3. Qd8 *");
    assert_eq!((line, column), (3, 4));
    assert!(matches!(kind, RecordErrorKind::BadMove { .. }));
    let (line, column, kind) = at("[Position \"rnbkbqbnr w\"]\n1. Ng3");
    assert_eq!((line, column), (1, 1));
    assert!(matches!(kind, RecordErrorKind::BadPosition(_)));
    let (line, column, kind) =
        at("[Position \"rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w KQkq - 0 0\"]");
    assert_eq!((line, column), (1, 1));
    assert!(matches!(kind, RecordErrorKind::BadPosition(_)));
    let (line, column, kind) = at("1. Ng3 {never closed");
    assert_eq!((line, column), (1, 8));
    assert_eq!(kind, RecordErrorKind::Unterminated('{'));
    let (line, column, kind) = at("1. Ng3 1-0 Nf6");
    assert_eq!((line, column), (1, 12));
    assert!(matches!(kind, RecordErrorKind::AfterResult(_)));
    let (line, _, kind) = at("[Event \"?\n1. Ng3");
    assert_eq!(line, 1);
    assert_eq!(kind, RecordErrorKind::BadTag);
    // A legal move after the game ended by the rules (here the fifty-move rule).
    let drawn = format!("[Position \"{START_PLACEMENT} w KQkq - 100 60\"]\n60. Ng3 1/2-1/2");
    let (line, column, kind) = at(&drawn);
    assert_eq!((line, column), (2, 5));
    assert!(matches!(kind, RecordErrorKind::AfterEnd { .. }));
    // And after mate.
    let mate = "[Position \"9/10/11/7R4/12/2K8/10/k8 w - - 0 1\"]\n1. Ra5# Kb1 1-0";
    let (line, column, kind) = at(mate);
    assert_eq!((line, column), (2, 9));
    assert!(
        matches!(kind, RecordErrorKind::AfterEnd { ref outcome, .. } if outcome == "White wins by checkmate")
    );
}

/// Plays a random game: each choice picks one legal move by index, until the game is over.
fn random_game(choices: &[usize]) -> Game {
    let mut game = Game::new();
    for &choice in choices {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        game.play(moves[choice % moves.len()]).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn records_of_random_games_read_back_to_the_same_game(
        choices in prop::collection::vec(any::<usize>(), 0..200),
    ) {
        let game = random_game(&choices);
        let record = game.to_record();
        let read = Game::from_record(&record).map_err(|e| TestCaseError::fail(format!("{e}\n{record}")))?;
        prop_assert_eq!(read.moves(), game.moves());
        prop_assert_eq!(read.positions_iter().collect::<Vec<_>>(), game.positions_iter().collect::<Vec<_>>());
        prop_assert_eq!(read.outcome(), game.outcome());
        prop_assert_eq!(read.to_record(), record);
        // The SAN of every move reads back to it in its position.
        for (pos, (&m, san)) in game.positions_iter().zip(game.moves().iter().zip(game.san_moves())) {
            prop_assert_eq!(pos.parse_san(&san), Ok(m));
        }
    }

    #[test]
    fn records_never_panic(text in "[ -~\n]{0,200}") {
        let _ = Game::from_record(&text);
    }
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn every_move_of_random_games_survives_serde(
        choices in prop::collection::vec(any::<usize>(), 0..200),
    ) {
        let game = random_game(&choices);
        for pos in game.positions_iter() {
            for &m in pos.legal_moves().iter() {
                let json = serde_json::to_string(&m).unwrap();
                prop_assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), m, "{}", json);
            }
        }
        if let Some(outcome) = game.outcome() {
            let json = serde_json::to_string(&outcome).unwrap();
            prop_assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), outcome);
        }
    }
}
