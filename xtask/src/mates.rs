//! `cargo xtask mates`: the engine's tactics data, `crates/engine/tests/data/mates.txt`.
//!
//! Positions come from seeded uniformly random games of each variant (Kirby: two armies); each
//! is searched exhaustively over the trait alone (no engine code) for a forced mate of the side
//! to move in 1, 2 or 3 of its moves. A mate is a move after which the game is won by the mover
//! by checkmate (the other side in check without a legal move; Kirby removes a mated king at
//! once); any other end of the game (a draw, stalemate) is an escape. A row keeps the least distance and every first move
//! that mates in it. The search is an AND-OR search with cut-offs; a position whose search
//! exceeds a node budget is skipped (never written with a guess).

use std::collections::HashSet;

use hexvar_geometry::{Variant, VariantOutcome};

use crate::matches::Rng;

/// The data file, relative to the repository root.
pub const DATA: &str = "crates/engine/tests/data/mates.txt";

/// The most nodes one position's search may visit before it is skipped.
const NODE_BUDGET: u64 = 1_000_000;

/// Mates in 3 are searched only where the side to move has at most this many moves (unless
/// `--mate-in-3-moves` says otherwise): refuting a mate in 3 costs about the cube of the
/// branching factor. A filter on which positions are sampled, not on the search. C'escacs and
/// Kirby, whose random games seldom fall under 40 moves, were run with 64.
const MATE_IN_3_MAX_MOVES: usize = 40;

/// The deepest mate searched, in moves of the side to move.
const MAX_DISTANCE: usize = 3;

/// Random games begin to be searched from this ply on (openings hold no mates).
const FIRST_PLY: usize = 12;

/// The random games' length cap.
const MAX_PLIES: usize = 300;

const HEADER: &str = "\
# Forced mates for the engine's tests, written by `cargo xtask mates --write`.
# Each row: variant; distance (moves of the side to move, 1-3); every mating first move in the
# long move notation, space-separated; the position text.
# Positions: seeded uniformly random games, mates in 3 searched where the side to move has at
# most 40 moves (Kirby: two armies; in three armies a mate does not
# end the game, so 'mated by the side to move' would not be one well-defined target).
# A mate: after the move the game is won by the mover by checkmate (the other side in check
# without a legal move; in Kirby its king already removed). Each row was found by an exhaustive AND-OR search over the Variant trait
# and is checked again by crates/engine/tests/mates.rs with an independent search.
";

/// Runs `cargo xtask mates [VARIANT…] [--per-distance N] [--seed S] [--mate-in-3-moves N]
/// [--write]`.
pub fn run(args: &[String]) -> Result<(), String> {
    let (mut names, mut per_distance, mut seed, mut write) = (Vec::new(), 20, 1u64, false);
    let mut mate_in_3_moves = MATE_IN_3_MAX_MOVES;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--per-distance" => {
                per_distance = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("--per-distance needs a number")?;
            }
            "--seed" => {
                seed = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("--seed needs a number")?;
            }
            "--mate-in-3-moves" => {
                mate_in_3_moves = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("--mate-in-3-moves needs a number")?;
            }
            "--write" => write = true,
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}")),
            _ => names.push(arg.clone()),
        }
    }
    let variants = crate::variants::select(&names)?;
    let mut rows = String::new();
    for v in variants {
        let found = match v.name {
            "brusky" => generate::<hexvar_brusky::Position>(per_distance, seed, mate_in_3_moves),
            "chessagon" => {
                generate::<hexvar_chessagon::Position>(per_distance, seed, mate_in_3_moves)
            }
            "dagger" => generate::<hexvar_dagger::Position>(per_distance, seed, mate_in_3_moves),
            "cescacs" => generate::<hexvar_cescacs::Position>(per_distance, seed, mate_in_3_moves),
            "kirby" => generate::<hexvar_kirby::Position>(per_distance, seed, mate_in_3_moves),
            other => return Err(format!("no mate generator for {other}")),
        };
        rows.push_str(&found);
    }
    if write {
        let path = crate::root().join(DATA);
        std::fs::create_dir_all(path.parent().expect("a folder")).map_err(|e| e.to_string())?;
        std::fs::write(&path, format!("{HEADER}{rows}")).map_err(|e| e.to_string())?;
        println!("wrote {}", path.display());
    } else {
        print!("{rows}");
    }
    Ok(())
}

/// The rows of one variant: up to `per_distance` positions for each distance 1..=3.
fn generate<V: Variant>(per_distance: usize, seed: u64, mate_in_3_moves: usize) -> String {
    let mut rows = vec![Vec::new(); MAX_DISTANCE];
    let mut seen = HashSet::new();
    let mut rng = Rng(seed ^ V::NAME.bytes().fold(0, |h, b| h * 31 + u64::from(b)));
    let (mut games, mut searched, mut skipped) = (0, 0, 0);
    while rows.iter().any(|r| r.len() < per_distance) && games < 20_000 {
        games += 1;
        let mut pos = V::start();
        for ply in 0..MAX_PLIES {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            if ply >= FIRST_PLY && seen.insert(pos.to_string()) {
                searched += 1;
                match mate_row(&pos, mate_in_3_moves) {
                    Ok(Some((distance, first))) if rows[distance - 1].len() < per_distance => {
                        let texts: Vec<String> = first.into_iter().map(V::long).collect();
                        let row = format!("{}; {distance}; {}; {pos}\n", V::NAME, texts.join(" "));
                        // Progress, for a long run: the rows as they are found.
                        eprint!("{row}");
                        rows[distance - 1].push(row);
                    }
                    Ok(_) => {}
                    Err(OverBudget) => skipped += 1,
                }
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    let counts: Vec<usize> = rows.iter().map(Vec::len).collect();
    eprintln!(
        "{}: mates in 1/2/3: {counts:?} from {games} games, {searched} positions searched, \
         {skipped} over the budget",
        V::NAME
    );
    rows.concat().concat()
}

/// Whether a game's end is a checkmate by `mover`: won by it, for the reason the variants all
/// call "checkmate" (the mated side in check without a legal move; in Kirby its king already
/// removed).
fn is_mate<O: VariantOutcome>(outcome: &O, mover: O::Color) -> bool {
    outcome.is_win_for(mover) && outcome.reason() == "checkmate"
}

/// A search that visited more than [`NODE_BUDGET`] nodes.
struct OverBudget;

/// A forced mate: its distance in moves of the side to move, and every first move that mates
/// in it.
type Mate<M> = (usize, Vec<M>);

/// The least mate distance of the side to move (1..=3) and every first move that mates in it.
fn mate_row<V: Variant>(
    pos: &V,
    mate_in_3_moves: usize,
) -> Result<Option<Mate<V::Move>>, OverBudget> {
    let mut nodes = 0;
    let deepest = if pos.legal_move_count() <= mate_in_3_moves {
        MAX_DISTANCE
    } else {
        MAX_DISTANCE - 1
    };
    for distance in 1..=deepest {
        if forces_mate(pos, distance, &mut nodes)? {
            let mut first = Vec::new();
            for mv in pos.legal_moves() {
                if mates_after(pos, mv, distance, &mut nodes)? {
                    first.push(mv);
                }
            }
            first.sort();
            return Ok(Some((distance, first)));
        }
    }
    Ok(None)
}

/// Whether the side to move mates in at most `moves` of its moves whatever the defence.
fn forces_mate<V: Variant>(pos: &V, moves: usize, nodes: &mut u64) -> Result<bool, OverBudget> {
    for mv in pos.legal_moves() {
        if mates_after(pos, mv, moves, nodes)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether `mv` mates now or leaves every defence mated within `moves - 1` more moves.
fn mates_after<V: Variant>(
    pos: &V,
    mv: V::Move,
    moves: usize,
    nodes: &mut u64,
) -> Result<bool, OverBudget> {
    *nodes += 1;
    if *nodes > NODE_BUDGET {
        return Err(OverBudget);
    }
    let attacker = pos.turn();
    let mut after = pos.clone();
    after.play_unchecked(mv);
    // A last move mates only when it gives check or hands the turn back to the mover (Kirby
    // removes a mated king at once, and the turn passes over its army); most moves do neither,
    // and both cost far less than the outcome (C'escacs's lists the moves).
    if moves == 1 && !after.is_check() && after.turn() != attacker {
        return Ok(false);
    }
    if let Some(outcome) = after.outcome() {
        return Ok(is_mate(&outcome, attacker));
    }
    if moves == 1 {
        return Ok(false);
    }
    for reply in after.legal_moves() {
        let mut defended = after.clone();
        defended.play_unchecked(reply);
        if defended.outcome().is_some() || !forces_mate(&defended, moves - 1, nodes)? {
            return Ok(false);
        }
    }
    Ok(true)
}
