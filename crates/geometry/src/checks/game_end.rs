//! How a game ends, for the crates' game tests: each crate names its positions and moves, these
//! check what every variant's games do at their end (the generic [`Game`] over the variant's
//! outcome, repetition identity and draw rules).

use super::{check_record_round_trip, play_sans};
use crate::{DrawReason, Game, GameError, Variant, VariantOutcome};

/// Plays `sans` (SAN, apart by white space) from `start`: the game goes on through every move
/// but the last, which draws it by `reason` (a repetition the variant's draw rules make
/// automatic); then [`check_finished`], and undo reopens the game with one repetition fewer.
pub fn check_repetition_draw<V: Variant>(
    start: V,
    sans: &str,
    reason: DrawReason,
) -> Result<(), String> {
    let mut game = Game::from_position(start);
    let sans: Vec<&str> = sans.split_whitespace().collect();
    let Some((last, before)) = sans.split_last() else {
        return Err("no moves".into());
    };
    for san in before {
        play_sans(&mut game, san)?;
        if let Some(outcome) = game.outcome() {
            return Err(format!("over after {san}: {outcome}"));
        }
    }
    play_sans(&mut game, last)?;
    let repetitions = game.repetitions();
    check_finished(&game, &V::Outcome::draw(reason))?;
    game.undo();
    if game.repetitions() + 1 != repetitions {
        return Err(format!(
            "{} repetitions after undo, {repetitions} before",
            game.repetitions()
        ));
    }
    Ok(())
}

/// `game` is over with `outcome`: it refuses each legal move (a [`GameError::Finished`], the game
/// unchanged), takes no draw agreement or claim, and its record gives the result and reads back;
/// undo (where a move was played) reopens it.
pub fn check_finished<V: Variant>(game: &Game<V>, outcome: &V::Outcome) -> Result<(), String> {
    let mut game = game.clone();
    if game.outcome().as_ref() != Some(outcome) {
        return Err(format!(
            "the outcome is {:?}, not {outcome}",
            game.outcome()
        ));
    }
    let ply = game.ply();
    for &mv in game.position().legal_moves().iter() {
        match game.play(mv) {
            Err(GameError::Finished(o)) if &o == outcome && game.ply() == ply => {}
            other => return Err(format!("{mv} after the end: {other:?}")),
        }
    }
    if game.agree_draw() || game.claim_draw().is_some() {
        return Err("a finished game took a draw".into());
    }
    let record = game.to_record();
    let result = format!("[Result \"{}\"]", outcome.result_token());
    if !record.contains(&result) {
        return Err(format!("the record lacks {result}:\n{record}"));
    }
    check_record_round_trip(&game)?;
    if ply > 0 && (game.undo().is_none() || game.outcome().is_some()) {
        return Err("undo does not reopen the game".into());
    }
    Ok(())
}

/// Plays `sans` from `start`, then both sides agree a draw: the game is [`check_finished`] by
/// agreement, and undo takes the agreement back with the move.
pub fn check_agreement<V: Variant>(start: V, sans: &str) -> Result<(), String> {
    let mut game = Game::from_position(start);
    play_sans(&mut game, sans)?;
    if !game.agree_draw() {
        return Err(format!("no agreement after {sans}"));
    }
    check_finished(&game, &V::Outcome::draw(DrawReason::Agreement))
}

/// Plays `before` from `start`, after which the position stands for the second time; then
/// `zeroing`, a move after which no earlier position can recur (the position stands once); then
/// `after`, which brings a position since `zeroing` back: twice, not more, and the game goes on.
pub fn check_zeroing_restarts_repetitions<V: Variant>(
    start: V,
    before: &str,
    zeroing: &str,
    after: &str,
) -> Result<(), String> {
    let mut game = Game::from_position(start);
    let mut expect = |sans: &str, times: usize| {
        play_sans(&mut game, sans)?;
        match game.repetitions() {
            n if n == times && game.outcome().is_none() => Ok(()),
            n => Err(format!("{n} repetitions after {sans}, not {times}")),
        }
    };
    expect(before, 2)?;
    expect(zeroing, 1)?;
    expect(after, 2)
}
