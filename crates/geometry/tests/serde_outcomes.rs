//! Serde of the shared two-player outcome, once for the variants whose win reasons are chess's
//! (Brusky's and Chessagon's `Outcome` is `Outcome<ChessWinReason>`): every win and every draw
//! travels as data and comes back the same.
#![cfg(feature = "serde")]

use hexvar_geometry::{ChessWinReason, Color, DrawReason, Outcome};

#[test]
fn every_outcome_survives_serde() {
    let wins = Color::ALL.map(|winner| Outcome::Decisive {
        winner,
        reason: ChessWinReason::Checkmate,
    });
    let draws = [
        DrawReason::Stalemate,
        DrawReason::InsufficientMaterial,
        DrawReason::FiftyMoveRule,
        DrawReason::SeventyFiveMoveRule,
        DrawReason::ThreefoldRepetition,
        DrawReason::FivefoldRepetition,
        DrawReason::Repetition,
        DrawReason::Agreement,
    ]
    .map(|reason| Outcome::Draw { reason });
    for outcome in wins.into_iter().chain(draws) {
        let json = serde_json::to_string(&outcome).unwrap();
        let back: Outcome<ChessWinReason> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, outcome, "{json}");
    }
}
