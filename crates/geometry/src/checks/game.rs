//! Games played from text, for the crates' game tests.

use crate::{Game, Variant};

/// Plays moves written in SAN (any spelling [`Variant::parse_san`] reads), separated by white
/// space, and returns them; the error names the first move that does not read or is refused.
///
/// ```ignore
/// let played = play_sans(&mut hexvar_brusky::Game::new(), "Ng3 Nf6").unwrap();
/// ```
pub fn play_sans<V: Variant>(game: &mut Game<V>, sans: &str) -> Result<Vec<V::Move>, String> {
    let mut played = Vec::new();
    for san in sans.split_whitespace() {
        let mv = game
            .position()
            .parse_san(san)
            .map_err(|e| format!("{san}: {e}"))?;
        game.play(mv).map_err(|e| format!("{san}: {e}"))?;
        played.push(mv);
    }
    Ok(played)
}

/// A random game from `start` of at most `plies` moves (fewer when it ends), each move the one
/// `pick(n)` chooses among the `n` legal moves in the generator's order.
pub fn random_game<V: Variant>(
    start: V,
    plies: usize,
    mut pick: impl FnMut(usize) -> usize,
) -> Game<V> {
    let mut game = Game::from_position(start);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        let mv = moves[pick(moves.len())];
        game.play(mv).expect("a legal move");
    }
    game
}

/// Writes `game`'s record and reads it back: the same start, moves, positions and outcome, and
/// the same record written again. The error holds the record.
pub fn check_record_round_trip<V: Variant>(game: &Game<V>) -> Result<(), String> {
    let record = game.to_record();
    let back = Game::<V>::from_record(&record).map_err(|e| format!("{e}\n{record}"))?;
    let differs = if back.start_position() != game.start_position() {
        Some("start position")
    } else if back.moves() != game.moves() {
        Some("moves")
    } else if !back.positions_iter().eq(game.positions_iter()) {
        Some("positions")
    } else if back.outcome() != game.outcome() {
        Some("outcome")
    } else if back.to_record() != record {
        Some("record written again")
    } else {
        None
    };
    match differs {
        Some(what) => Err(format!("the {what} read back differs:\n{record}")),
        None => Ok(()),
    }
}

/// SplitMix64: random numbers for tests' random games, the same on every machine and run.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (((z >> 32) * n as u64) >> 32) as usize
    }
}
