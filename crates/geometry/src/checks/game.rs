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
