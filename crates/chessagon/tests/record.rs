//! Game records: written and read back for random games, the exact text of a short game, and
//! bad records located by line and column.

use hexvar_chessagon::{DrawReason, Game, Outcome, Position};
use hexvar_geometry::checks::{self, Rng};
use hexvar_geometry::{GameTree, ParseSanError, RecordErrorKind};

/// Start positions for the random games: the start, and positions (from the rules' diagrams)
/// where castling, en passant and promotion are close.
const STARTS: [&str; 5] = [
    hexvar_chessagon::START_TEXT,
    "qk/4/r1pp1r/pppppppp/1pp2pp1/8/8/8/8/8/1PP2PP1/PPPPPPPP/R1PP1R/4/QK w KQkq -",
    "1k/4/2pp2/pppppppp/2p2pp1/8/8/pP6/8/8/1P3PP1/PPPPPPPP/2PP2/4/1K w - b10a8",
    "1k/4/2pp2/p1pppppp/5pp1/P7/1p6/8/8/8/1PP2PP1/1PPPPPPP/2PP2/4/1K w - -",
    "1k/4/2p3/8/4p3/3Q4/8/8/8/8/8/8/3P2/4/1K w - -",
];

/// A random game of at most `plies` moves (it stops early when the game ends).
fn random_game(rng: &mut Rng, plies: usize) -> Game {
    let start: Position = STARTS[rng.below(STARTS.len())].parse().unwrap();
    checks::random_game(start, plies, |n| rng.below(n))
}

#[test]
fn random_games_survive_writing_and_reading() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut games, mut moves, mut finished) = (0, 0, 0);
    for i in 0..60 {
        let game = random_game(&mut rng, if i % 3 == 0 { 600 } else { 120 });
        checks::check_record_round_trip(&game).unwrap();
        games += 1;
        moves += game.moves().len();
        finished += usize::from(game.outcome().is_some());
    }
    assert_eq!(games, 60);
    assert!(moves > 5_000, "{moves} moves");
    assert!(finished > 5, "{finished} finished games");
}

#[test]
fn a_short_game_is_written_exactly() {
    let mut game = Game::new();
    for text in ["Ne5", "Ne11", "Nf3", "Nf13", "Ne5", "Ne11", "Nf3", "Nf13"] {
        game.play(game.position().parse_san(text).unwrap()).unwrap();
    }
    game.set_tag("White", "Kerry").unwrap();
    game.set_tag("Black", "Eric \"the Duke\"").unwrap();
    assert_eq!(
        game.to_record(),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Kerry\"]\n\
         [Black \"Eric \\\"the Duke\\\"\"]\n[Result \"1/2-1/2\"]\n[Variant \"chessagon\"]\n\n\
         1. Ne5 Ne11 2. Nf3 Nf13 3. Ne5 Ne11 4. Nf3 Nf13 1/2-1/2\n"
    );
    let back = Game::from_record(&game.to_record()).unwrap();
    assert_eq!(back.tag("Black"), Some("Eric \"the Duke\""));
    assert_eq!(
        back.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        })
    );
}

#[test]
fn the_rules_page_movetext_reads_and_writes_back() {
    let game = Game::from_record("1. Ne5 Ne11 2. Nf3 Nf13 3. ee5 Nd11 *").unwrap();
    assert_eq!(game.moves().len(), 6);
    assert_eq!(game.moves()[4].to_string(), "e4e5");
    assert!(game
        .to_record()
        .ends_with("\n\n1. Ne5 Ne11 2. Nf3 Nf13 3. ee5 Nd11 *\n"));
}

#[test]
fn a_record_from_a_set_position_with_comments_and_variations() {
    let record = "[Event \"Castling\"]\n\
        [Variant \"Chessagon\"]\n\
        [Position \"1k/4/r4r/1p4p1/8/8/8/8/8/8/8/1P4P1/R4R/4/1K w KQkq -\"]\n\
        \n\
        1. O-O@f3+ {the Rook on e2 checks} (1. O-O-O@c3 O-O@g13) 1... Kd15 ; a comment\n\
        2. Rxe15+ $1 Kxe15 *\n"; // e15 is empty: the needless `x` is forgiven

    let game = Game::from_record(record).unwrap();
    let sans: Vec<String> = game.san_moves().iter().map(|s| s.to_string()).collect();
    assert_eq!(sans, ["O-O@f3+", "Kd15", "Re15+", "Kxe15"]);
    assert_eq!(game.tag("Event"), Some("Castling"));
    assert_eq!(game.outcome(), None);
    let written = game.to_record();
    assert!(written.contains("[Position \"1k/4/r4r/1p4p1/8/8/8/8/8/8/8/1P4P1/R4R/4/1K w KQkq -\"]"));
    assert!(
        written.ends_with("1. O-O@f3+ Kd15 2. Re15+ Kxe15 *\n"),
        "{written}"
    );
}

#[test]
fn bad_records_are_located() {
    // A move that is no legal move, on line 3.
    let err =
        Game::from_record("[Variant \"chessagon\"]\n\n1. Ne5 Ne11\n2. Nf3 Qz9 *\n").unwrap_err();
    assert_eq!((err.line, err.column), (4, 8), "{err}");
    assert_eq!(
        err.kind,
        RecordErrorKind::BadMove {
            text: "Qz9".into(),
            reason: ParseSanError::NotLegal { text: "Qz9".into() },
        }
    );
    let err = Game::from_record("1. Ne5 Ne11\n\n3. Nf3 Ne6\n").unwrap_err();
    assert_eq!((err.line, err.column), (3, 8), "{err}");
    assert_eq!(
        err.to_string(),
        "line 3, column 8: bad move \"Ne6\": no legal move matches \"Ne6\""
    );
    // Another variant, a bad position, an unclosed comment, a move after the end.
    let err = Game::from_record("[Event \"?\"]\n[Variant \"Brusky\"]\n").unwrap_err();
    assert_eq!((err.line, err.column), (2, 1));
    assert_eq!(err.kind, RecordErrorKind::WrongVariant("Brusky".into()));
    let err = Game::from_record("[Position \"1k/4 w - -\"]\n1. Ne5").unwrap_err();
    assert!(matches!(err.kind, RecordErrorKind::BadPosition(_)), "{err}");
    let err = Game::from_record("1. Ne5 {never closed\nNe11").unwrap_err();
    assert_eq!(
        (err.line, err.column, err.kind),
        (1, 8, RecordErrorKind::Unterminated('{'))
    );
    let mate = "[Position \"kn/ppp1/2pp2/8/8/4N3/8/8/8/8/8/8/6/4/1K w - -\"]\n1. Nf14# Kd14";
    let err = Game::from_record(mate).unwrap_err();
    assert_eq!((err.line, err.column), (2, 10), "{err}");
    assert!(matches!(
        err.kind,
        RecordErrorKind::BadMove { .. } | RecordErrorKind::AfterEnd { .. }
    ));
    let err = Game::from_record("1. Ne5 1-0 Ne11").unwrap_err();
    assert_eq!(err.kind, RecordErrorKind::AfterResult("Ne11".into()));
}

#[test]
fn a_resignation_is_kept_as_the_result() {
    let game = Game::from_record("1. Ne5 Ne11 0-1").unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.result_token(), "0-1");
    assert!(game.to_record().ends_with("1. Ne5 Ne11 0-1\n"));
    // A draw the rules did not declare is read as agreed.
    let game = Game::from_record("1. Ne5 1/2-1/2").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
}

/// A `Result` tag that would not read back as the result (castling's `0-0`, or a move that is
/// legal after the main line) is written as `*`, so the written tree reads back; found by the
/// record fuzz target.
#[test]
fn a_result_tag_that_is_no_result_is_written_as_unknown() {
    for tag in ["0-0", "ef6"] {
        let text = format!("[Result \"{tag}\"]\n\n1. cd6 c8 *");
        let tree = GameTree::<Position>::from_record(&text).unwrap();
        let record = tree.to_record();
        assert!(record.ends_with("1. cd6 c8 *\n"), "{record}");
        assert!(GameTree::<Position>::from_record(&record).unwrap() == tree);
    }
}
