//! A search cut off by its limit in the middle of an iteration: a root move that has beaten
//! the best one on its null window is played, though its full-window search is unfinished.

use hexvar_engine::{Engine, Limits, Options, SearchResult};
use hexvar_geometry::{Game, Variant};

type Brusky = hexvar_brusky::Position;

fn search_nodes<V: Variant>(pos: &V, nodes: u64) -> SearchResult<V::Move> {
    Engine::new(Options::default()).search(&Game::from_position(pos.clone()), &Limits::nodes(nodes))
}

/// The first iteration (after the first two) whose best move differs from the one before:
/// its depth, the nodes when the iteration before ended and when it ended, and its best move.
fn first_change<V: Variant>(pos: &V, deepest: u32) -> Option<(u32, u64, u64, V::Move)> {
    let mut seen: Vec<(u32, u64, V::Move)> = Vec::new();
    Engine::<V>::new(Options::default()).search_with_info(
        &Game::from_position(pos.clone()),
        &Limits::depth(deepest),
        |info| seen.push((info.depth, info.nodes, info.line.pv[0])),
    );
    seen.windows(2)
        .skip(1)
        .find(|w| w[0].2 != w[1].2)
        .map(|w| (w[1].0, w[0].1, w[1].1, w[1].2))
}

#[test]
fn a_move_that_beat_the_best_on_its_null_window_is_played_when_cut_off() {
    // A rook ending (the mates data's Brusky line 70): the best move changes from a rook move
    // at depth 6 to the mate Nd6 at depth 7.
    let pos: Brusky = "9/10/k9p/5B3pP1/2K6P2/9R1/10/9 w - - 15 132"
        .parse()
        .expect("a position");
    let (depth, before, after, new_best) = first_change(&pos, 8).expect("the best move changes");
    // The smallest node limit at which the new best is played.
    let (mut low, mut high) = (before + 1, after);
    assert_eq!(search_nodes(&pos, high).best, Some(new_best));
    while low < high {
        let mid = low + (high - low) / 2;
        if search_nodes(&pos, mid).best == Some(new_best) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    let found = search_nodes(&pos, high);
    let line: Vec<String> = found.lines[0]
        .pv
        .iter()
        .map(|&mv| Brusky::long(mv))
        .collect();
    // Played on its null window's word: its full search (which would give a longer line)
    // had not ended. A search that waited for the full search would switch only after it.
    assert_eq!(
        line,
        vec![Brusky::long(new_best)],
        "depth {depth}: the new best {} is first played at {high} nodes ({before}..{after})",
        Brusky::long(new_best)
    );
    assert_eq!(found.depth, depth - 1, "the iteration was unfinished");
}
