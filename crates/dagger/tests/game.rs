//! The game layer (`hexvar_geometry::Game` over Dagger's `Position`): repetition as Dagger counts
//! it (men, side to move, knights in hand, a usable en-passant capture; only since the last
//! capture, pawn move, entry or drop), finished games, undo, and game records.

use hexvar_dagger::{DrawReason, Game, GameError, Outcome, Position, WinReason};
use hexvar_geometry::checks::{
    check_agreement, check_finished, check_repetition_draw, check_zeroing_restarts_repetitions,
    play_sans,
};
use hexvar_geometry::{RecordError, RecordErrorKind};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays moves written in SAN.
fn play(game: &mut Game, sans: &[&str]) {
    play_sans(game, &sans.join(" ")).unwrap();
}

#[test]
fn threefold_repetition_in_a_game() {
    let cycle = "a1-b1 n1-m1 b1-a1 m1-n1";
    check_repetition_draw(
        pos("k/2/3/4/3/4/5/4/3/4/3/2/K w L/- -"),
        &format!("{cycle} {cycle}"),
        DrawReason::ThreefoldRepetition,
    )
    .unwrap();
}

#[test]
fn game_play_after_an_automatic_draw_is_refused() {
    // Issue 12: a finished game (automatic draws included) refuses moves with a typed error.
    let fifty = pos("k/2/3/4/3/4/5/4/3/4/3/2/K w L/- - 100 80");
    let draw = Outcome::Draw {
        reason: DrawReason::FiftyMoveRule,
    };
    check_finished(&Game::from_position(fifty), &draw).unwrap();
    // Bare Kings with empty hands.
    let bare = pos("k/2/3/4/3/4/5/4/3/4/3/2/K w -/- -");
    let mut game = Game::from_position(bare);
    let m = bare.parse_move("a1-b1").unwrap();
    assert!(matches!(game.play(m), Err(GameError::Finished(_))));
    // An illegal move in a live game is the other error, and changes nothing.
    let mut game = Game::new();
    let m = "a1-b1".parse().unwrap();
    assert!(matches!(game.play(m), Err(GameError::IllegalMove(_))));
    assert_eq!(game.position(), game.start_position());
    assert_eq!(game.undo(), None);
}

#[test]
fn a_repetition_needs_the_same_knights_in_hand_and_the_same_usable_en_passant() {
    // Which knight is in hand matters, not only how many: each enters on its own cells.
    let l = pos("k/2/3/4/3/4/5/4/3/4/3/2/K w L/- - 0 1");
    let r = pos("k/2/3/4/3/4/5/4/3/4/3/2/K w R/- - 0 1");
    assert!(!l.is_repetition_of(&r));
    assert!(l.is_repetition_of(&pos("k/2/3/4/3/4/5/4/3/4/3/2/K w L/- - 40 30")));
    assert!(!l.is_repetition_of(&pos("k/2/3/4/3/4/5/4/3/4/3/2/K b L/- - 0 1")));
    // A usable en-passant capture makes a position differ.
    let ep = pos("k/2/3/4/3/4/5/1Pp1/3/4/3/2/K b -/- f2");
    let no_ep = pos("k/2/3/4/3/4/5/1Pp1/3/4/3/2/K b -/- -");
    assert_eq!(ep.en_passant(), Some("f2".parse().unwrap()));
    assert!(!ep.is_repetition_of(&no_ep));
    assert!(!no_ep.is_repetition_of(&ep));
    assert!(ep.is_repetition_of(&ep));
    // Here the capture f3xe2 would open rank f to the Rook on f1 against the King on f4: the
    // en-passant cell is kept (a pawn stands ready), but no legal capture exists, so the
    // position is the same as without it (the hash, which covers the kept cell, differs).
    let pinned = pos("1/2/3/4/3/4/5/RPpk/3/4/3/2/K b -/- f2");
    let free = pos("1/2/3/4/3/4/5/RPpk/3/4/3/2/K b -/- -");
    assert_eq!(pinned.en_passant(), Some("f2".parse().unwrap()));
    assert!(!pinned
        .legal_moves()
        .iter()
        .any(|m| m.to_string().ends_with("ep")));
    assert!(pinned.is_repetition_of(&free));
    assert!(free.is_repetition_of(&pinned));
    assert_ne!(pinned.zobrist_hash(), free.zobrist_hash());
}

#[test]
fn only_positions_since_the_last_zeroing_move_repeat() {
    // An entry resets the count, as it resets the halfmove clock: the King walk before it is
    // forgotten.
    let start = pos("k/2/3/4/3/4/5/4/3/4/3/2/K w L/L -");
    let walk = "Kb1 Km1 Ka1 Kn1 Kb1 Km1 Ka1";
    check_zeroing_restarts_repetitions(start, walk, "N@k1", "Kb1 Nj3 Ka1 Nk1").unwrap();
}

#[test]
fn draws_by_agreement_and_no_claims() {
    check_agreement(Position::new(), "df2").unwrap();
    // Dagger's draws are automatic: nothing to claim.
    let mut game = Game::new();
    play(&mut game, &["df2"]);
    assert_eq!(game.claimable_draw(), None);
    assert_eq!(game.claim_draw(), None);
}

#[test]
fn a_record_is_written_in_san_with_move_numbers_and_the_result() {
    let mut game = Game::new();
    game.set_tag("White", "Moeser").unwrap();
    play(&mut game, &["df2", "kh2", "N@d2"]);
    let record = game.to_record();
    assert_eq!(
        record,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Moeser\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n[Variant \"dagger\"]\n\n1. df2 kh2 2. N@d2 *\n"
    );
    let again = Game::from_record(&record).unwrap();
    assert_eq!(again.moves(), game.moves());
    assert_eq!(again.position(), game.position());
    assert_eq!(again.tag("White"), Some("Moeser"));
}

#[test]
fn a_record_from_another_position_carries_it_and_its_result() {
    // Black mates in one from a set-up position, move 59.
    let start = pos("1/rb/2b/b3/1k1/4/3B1/4/r1p/4/KR1/2/R b -/- - 0 59");
    let mut game = Game::from_position(start);
    play(&mut game, &["Rd1#"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: hexvar_dagger::Color::Black,
            reason: WinReason::Checkmate
        })
    );
    let record = game.to_record();
    assert!(
        record.contains(&format!("[Position \"{start}\"]")),
        "{record}"
    );
    assert!(record.ends_with("\n59... Rd1# 0-1\n"), "{record}");
    let again = Game::from_record(&record).unwrap();
    assert_eq!(again.start_position(), &start);
    assert_eq!(again.moves(), game.moves());
    assert_eq!(again.outcome(), game.outcome());
}

#[test]
fn a_record_reads_comments_variations_and_the_move_notation() {
    let text = "[Variant \"Dagger\"]\n\
                \n\
                1. df2 {the d-pawn jumps over e2} kh2 (1... jh3 2. g2) 2. d2-f2?? ; not legal\n";
    let err = Game::from_record(text).unwrap_err();
    assert_eq!((err.line, err.column), (3, 59));
    assert!(matches!(err.kind, RecordErrorKind::BadMove { .. }), "{err}");
    let text = "1. df2 {the d-pawn jumps over e2} kh2 (1... jh3 2. g2) 2. N@d2 $1 1/2-1/2";
    let game = Game::from_record(text).unwrap();
    assert_eq!(game.moves().len(), 3);
    // A drawn result the rules did not reach is an agreed draw.
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
}

#[test]
fn bad_records_give_the_line_and_column_of_the_first_bad_token() {
    let bad_move = "[Event \"test\"]\n\n1. df2 kh2\n2. Qg3 *\n";
    let err = Game::from_record(bad_move).unwrap_err();
    assert_eq!((err.line, err.column), (4, 4));
    assert!(
        err.to_string()
            .starts_with("line 4, column 4: bad move \"Qg3\""),
        "{err}"
    );
    // A bad move on line 3.
    let err = Game::from_record("[Variant \"dagger\"]\n\n1. df2 kh2 2. Ng3 *").unwrap_err();
    assert_eq!((err.line, err.column), (3, 15));
    let cases: [(&str, usize, usize); 5] = [
        ("[Variant \"brusky\"]\n\n1. df2", 1, 1),
        ("[Position \"k/2/3 w\"]\n1. df2", 1, 1),
        ("1. df2 {never closed", 1, 8),
        ("1. df2 kh2 *\n2. N@d2", 2, 4),
        ("[Event \"x\"\n1. df2", 1, 1),
    ];
    for (text, line, column) in cases {
        let err: RecordError = Game::from_record(text).unwrap_err();
        assert_eq!((err.line, err.column), (line, column), "{text:?}: {err}");
    }
    // A move after the rules ended the game.
    let mate =
        "[Position \"1/rb/2b/b3/1k1/4/3B1/4/r1p/4/KR1/2/R b -/- - 0 59\"]\n\n59... Rd1# 60. Kb1";
    let err = Game::from_record(mate).unwrap_err();
    assert_eq!((err.line, err.column), (3, 16));
    assert!(
        matches!(err.kind, RecordErrorKind::AfterEnd { .. }),
        "{err}"
    );
}
