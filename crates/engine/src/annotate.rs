//! Engine analysis written into a game record, as python-chess users do with `chess.engine` and
//! `chess.pgn`: an evaluation comment after every main-line move, and where the engine's choice
//! beats the move played by more than a margin, its line as a variation and a glyph.
//!
//! **Evaluations.** Each comment is the score of the position after the move, followed by `/` and
//! the depth of the search that gave it (0 where the game is over and nothing was searched):
//! - `+0.35/12`: pawns (centipawns / 100, two decimals, always signed, `+0.00` for an even score);
//! - `#+5/12`: the viewpoint side mates in 5 plies from here; `#-4/12`: it is mated in 4 plies;
//!   `#+0/0` after a mating move. Plies, not moves, since in Kirby a "move" of several armies is
//!   not one number; the sign is always written so that `#+0` and `#-0` differ.
//!
//! The viewpoint is White's (the first side, [`VariantColor::ALL`]`[0]`) in the two-player
//! variants, as chess programs show it, so that a column of scores reads as one curve. Where more
//! than two sides play (Kirby), no one side's view is everybody's, so each comment is from the
//! view of the side that moved (its team).
//!
//! **How a move is scored.** Every main-line position is searched once, with the game's history
//! before it (repetitions count): the search before a move gives the engine's best line and its
//! score; the search after it, seen from the mover, is the move played's score. A move whose
//! score is below the best by more than [`AnnotateOptions::margin`] gets the engine's line as a
//! variation (its first move commented with its evaluation) and the glyph `$2` (mistake); by more
//! than [`AnnotateOptions::blunder`], `$4` (blunder). A mate missed or walked into counts as a
//! loss larger than any material one (a mate scores [`MATE_VALUE`] less its plies). The move
//! played is so searched one ply deeper than the engine's choice (its reply position at the full
//! limits), as annotators that reuse each search do; the margin absorbs that difference, and
//! searching each position once halves the cost of scoring every move apart.
//!
//! The engine's table is cleared before the first search, so that with limits by depth or nodes
//! the same engine options and tree give the same annotated tree on every machine.

use hexvar_geometry::{Game, GameTree, NodeId, Variant, VariantColor};

use crate::{Engine, Limits, Score, SearchResult};

/// The value a mate found now has on the scale moves are compared on: a mate in `n` plies is
/// worth `MATE_VALUE - n` centipawns, being mated in `n` plies `-(MATE_VALUE - n)`.
pub const MATE_VALUE: i32 = 100_000;

/// The numeric annotation glyph of a mistake (`?`).
pub const NAG_MISTAKE: u8 = 2;
/// The numeric annotation glyph of a blunder (`??`).
pub const NAG_BLUNDER: u8 = 4;

/// How [`annotate`] searches and when it calls a move a mistake.
#[derive(Clone, Debug)]
pub struct AnnotateOptions {
    /// The limits of each position's search; depth or nodes for a reproducible annotation.
    pub limits: Limits,
    /// How many centipawns the best move must beat the move played by for a variation and the
    /// glyph `$2` (mistake).
    pub margin: i32,
    /// How many centipawns the best move must beat the move played by for the glyph `$4`
    /// (blunder) instead of `$2`; at least `margin` in effect.
    pub blunder: i32,
}

impl Default for AnnotateOptions {
    /// Depth 8, a mistake above 100 centipawns (a pawn), a blunder above 300 (a minor piece).
    fn default() -> AnnotateOptions {
        AnnotateOptions {
            limits: Limits::depth(8),
            margin: 100,
            blunder: 300,
        }
    }
}

/// The tree with the engine's analysis of its main line added: see the [module](self). Existing
/// comments, glyphs and variations are kept; the evaluation is appended to a comment (after a
/// space). A [`Game`] is annotated as `GameTree::from(&game)`.
///
/// ```
/// use hexvar_engine::annotate::{annotate, AnnotateOptions};
/// use hexvar_engine::{Engine, Limits, Options};
/// use hexvar_geometry::{Game, GameTree, Variant};
/// type Dagger = hexvar_dagger::Position;
///
/// let mut game = Game::<Dagger>::new();
/// for _ in 0..2 {
///     let mv = game.position().legal_moves().iter().copied().next().expect("a move");
///     game.play(mv)?;
/// }
/// let mut engine = Engine::<Dagger>::new(Options::default());
/// let options = AnnotateOptions { limits: Limits::depth(3), ..AnnotateOptions::default() };
/// let annotated = annotate(&mut engine, &GameTree::from(&game), &options);
/// for id in annotated.mainline() {
///     assert!(annotated.node(id).comment.ends_with("/3")); // e.g. "+0.20/3"
/// }
/// assert_eq!(GameTree::<Dagger>::from_record(&annotated.to_record())?, annotated);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn annotate<V: Variant>(
    engine: &mut Engine<V>,
    tree: &GameTree<V>,
    options: &AnnotateOptions,
) -> GameTree<V> {
    engine.new_game();
    let mut out = tree.clone();
    let mut game = Game::from_position(tree.start_position().clone());
    let mut before = engine.search(&game, &options.limits);
    let mut parent = tree.root();
    for id in tree.mainline().collect::<Vec<_>>() {
        let Some(mv) = tree.node(id).mv() else {
            continue;
        };
        let mover = game.position().turn();
        game.play_unchecked(mv);
        let after = engine.search(&game, &options.limits);
        let same_team = game.position().same_team(mover, game.position().turn());
        let played = if same_team {
            after.score
        } else {
            negate(after.score)
        };
        let pov = Viewpoint::new::<V>(mover);
        append_comment(&mut out, id, &evaluation(played, after.depth, pov));
        if before.best != Some(mv) {
            judge(&mut out, parent, id, &before, played, pov, options);
        }
        before = after;
        parent = id;
    }
    out
}

/// Whose view a comment takes: White's (the first side's) in a two-player variant, else the
/// mover's; `flip` when that is not the mover's view.
#[derive(Clone, Copy)]
struct Viewpoint {
    flip: bool,
}

impl Viewpoint {
    fn new<V: Variant>(mover: V::Color) -> Viewpoint {
        let two_sides = V::Color::ALL.len() == 2;
        Viewpoint {
            flip: two_sides && mover.index() != 0,
        }
    }

    /// A score from the mover's view, seen from this viewpoint.
    fn see(self, score: Score) -> Score {
        if self.flip {
            negate(score)
        } else {
            score
        }
    }
}

/// Adds the engine's line and a glyph at `id` (a move played from `parent`) when the best move
/// beats it by more than the margin.
fn judge<V: Variant>(
    out: &mut GameTree<V>,
    parent: NodeId,
    id: NodeId,
    before: &SearchResult<V::Move>,
    played: Score,
    pov: Viewpoint,
    options: &AnnotateOptions,
) {
    let loss = value(before.score).saturating_sub(value(played));
    let Some(line) = before.lines.first() else {
        return;
    };
    if loss <= options.margin.max(0) {
        return;
    }
    let nag = if loss > options.blunder.max(options.margin) {
        NAG_BLUNDER
    } else {
        NAG_MISTAKE
    };
    if !out.node(id).nags.contains(&nag) {
        out.node_mut(id).nags.push(nag);
    }
    let mut at = parent;
    for (ply, &mv) in line.pv.iter().enumerate() {
        // The engine's line is legal; should a line from the table ever not be, it ends there.
        let Ok(next) = out.add_variation(at, mv) else {
            break;
        };
        if ply == 0 {
            let text = evaluation(line.score, before.depth, pov);
            append_comment(out, next, &text);
        }
        at = next;
    }
}

fn append_comment<V: Variant>(out: &mut GameTree<V>, id: NodeId, text: &str) {
    let comment = &mut out.node_mut(id).comment;
    if !comment.is_empty() {
        comment.push(' ');
    }
    comment.push_str(text);
}

/// The score from the other side's view.
fn negate(score: Score) -> Score {
    match score {
        Score::Centipawns(cp) => Score::Centipawns(-cp),
        Score::MateIn(n) => Score::MatedIn(n),
        Score::MatedIn(n) => Score::MateIn(n),
    }
}

/// A score on one scale, for comparing a move with the best: centipawns, a mate beyond them.
fn value(score: Score) -> i32 {
    // Mates stay above every centipawn score: their plies are capped below the gap between.
    let plies = |n: u32| i32::try_from(n).unwrap_or(i32::MAX).min(MATE_VALUE / 4);
    match score {
        Score::Centipawns(cp) => cp.clamp(1 - MATE_VALUE / 2, MATE_VALUE / 2 - 1),
        Score::MateIn(n) => MATE_VALUE - plies(n),
        Score::MatedIn(n) => plies(n) - MATE_VALUE,
    }
}

/// The comment text of a score from the mover's view: see the [module](self).
fn evaluation(score: Score, depth: u32, pov: Viewpoint) -> String {
    match pov.see(score) {
        Score::Centipawns(cp) => {
            let sign = if cp < 0 { '-' } else { '+' };
            let abs = cp.unsigned_abs();
            format!("{sign}{}.{:02}/{depth}", abs / 100, abs % 100)
        }
        Score::MateIn(n) => format!("#+{n}/{depth}"),
        Score::MatedIn(n) => format!("#-{n}/{depth}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelling() {
        let mover = Viewpoint { flip: false };
        let other = Viewpoint { flip: true };
        assert_eq!(evaluation(Score::Centipawns(35), 12, mover), "+0.35/12");
        assert_eq!(evaluation(Score::Centipawns(35), 12, other), "-0.35/12");
        assert_eq!(evaluation(Score::Centipawns(0), 1, other), "+0.00/1");
        assert_eq!(evaluation(Score::Centipawns(-1234), 5, mover), "-12.34/5");
        assert_eq!(evaluation(Score::MateIn(3), 9, mover), "#+3/9");
        assert_eq!(evaluation(Score::MateIn(3), 9, other), "#-3/9");
        assert_eq!(evaluation(Score::MatedIn(0), 0, other), "#+0/0");
    }

    #[test]
    fn mates_beyond_material() {
        assert!(value(Score::MateIn(20)) > value(Score::Centipawns(i32::MAX)));
        assert!(value(Score::MateIn(1)) > value(Score::MateIn(2)));
        assert!(value(Score::MatedIn(1)) < value(Score::MatedIn(2)));
        assert!(value(Score::MatedIn(u32::MAX)) < value(Score::Centipawns(i32::MIN)));
    }
}
