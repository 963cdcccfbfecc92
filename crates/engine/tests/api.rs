//! The engine's API: limits by depth and nodes give the same answer twice, a node limit is kept
//! exactly, the stop flag stops, multi-PV reports its lines best first, the info callback is
//! called per finished iteration and line, the table lives between searches until `new_game`.
//! No test here depends on the machine's speed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use hexvar_engine::{Engine, Info, Limits, Options, Score};
use hexvar_geometry::{Game, Variant};

type Brusky = hexvar_brusky::Position;
type Kirby = hexvar_kirby::Position;

/// A game some plies into the start (the first legal move each time), so that captures and
/// threats exist.
fn game_after<V: Variant>(plies: usize) -> Game<V> {
    let mut game: Game<V> = Game::new();
    for i in 0..plies {
        let moves = game.position().legal_moves();
        game.play(moves[(i * 7) % moves.len()])
            .expect("a legal move");
    }
    game
}

#[test]
fn fixed_depth_and_nodes_repeat() {
    let game = game_after::<Brusky>(6);
    for limits in [Limits::depth(4), Limits::nodes(20_000)] {
        let a = Engine::new(Options::default()).search(&game, &limits);
        let b = Engine::new(Options::default()).search(&game, &limits);
        assert_eq!(a, b, "{limits:?}");
        // The same engine after new_game answers as a fresh one.
        let mut engine = Engine::new(Options::default());
        engine.search(&game, &Limits::depth(3));
        engine.new_game();
        assert_eq!(
            engine.search(&game, &limits),
            a,
            "{limits:?} after new_game"
        );
    }
}

#[test]
fn node_limit_is_exact() {
    let game = game_after::<Kirby>(4);
    for nodes in [1, 500, 7_777] {
        let found = Engine::new(Options::default()).search(&game, &Limits::nodes(nodes));
        assert!(found.nodes <= nodes, "{} > {nodes}", found.nodes);
        assert!(game.position().legal_moves().contains(&found.best.unwrap()));
    }
}

#[test]
fn raised_stop_flag_stops() {
    let game = game_after::<Brusky>(2);
    let stop = Arc::new(AtomicBool::new(true));
    let found =
        Engine::new(Options::default()).search(&game, &Limits::infinite().with_stop(stop.clone()));
    assert!(found.nodes <= 1024, "{} nodes after the stop", found.nodes);
    assert!(game.position().legal_moves().contains(&found.best.unwrap()));
    assert!(
        stop.load(Ordering::Relaxed),
        "the search never lowers the flag"
    );
}

#[test]
fn multi_pv_lines_best_first_and_info_per_line() {
    let game = game_after::<Brusky>(6);
    let mut engine = Engine::new(Options {
        multi_pv: 3,
        ..Options::default()
    });
    let mut infos: Vec<Info<_>> = Vec::new();
    let found = engine.search_with_info(&game, &Limits::depth(3), |i| infos.push(i.clone()));
    assert_eq!(found.lines.len(), 3);
    let cp = |s: Score| match s {
        Score::Centipawns(c) => c,
        other => panic!("{other:?}"),
    };
    let scores: Vec<i32> = found.lines.iter().map(|l| cp(l.score)).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    let firsts: Vec<_> = found.lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert_eq!(Some(firsts[0]), found.best);
    // Each line's moves are legal one after the other.
    for line in &found.lines {
        let mut pos = *game.position();
        for &mv in &line.pv {
            pos.play(mv).expect("a legal line");
        }
    }
    let seen: Vec<(u32, usize)> = infos.iter().map(|i| (i.depth, i.multipv)).collect();
    assert_eq!(
        seen,
        [
            (1, 1),
            (1, 2),
            (1, 3),
            (2, 1),
            (2, 2),
            (2, 3),
            (3, 1),
            (3, 2),
            (3, 3)
        ]
    );
    let last = infos.last().unwrap();
    assert!(last.seldepth >= 3 && last.nodes == found.nodes && last.hashfull <= 1000);
    // One line: its score is the multi-PV search's best.
    let single = Engine::new(Options::default()).search(&game, &Limits::depth(3));
    assert_eq!(single.score, found.score);
}

#[test]
fn table_lives_between_searches() {
    let game = game_after::<Brusky>(6);
    let mut engine = Engine::new(Options::default());
    let first = engine.search(&game, &Limits::depth(5));
    let again = engine.search(&game, &Limits::depth(5));
    assert_eq!(again.best, first.best);
    assert!(
        again.nodes * 2 < first.nodes,
        "the second search visits {} nodes against {}",
        again.nodes,
        first.nodes
    );
}

#[test]
fn finished_game_reports_no_line() {
    let mut game = Game::from_position(
        "9/10/11/12/12/Q10/2K7/4k4 w - - 5 188"
            .parse::<Brusky>()
            .unwrap(),
    );
    let mut engine = Engine::new(Options::default());
    let mate = engine.search(&game, &Limits::depth(2));
    assert_eq!(mate.score, Score::MateIn(1));
    game.play(mate.best.unwrap()).unwrap();
    let mut calls = 0;
    let over = engine.search_with_info(&game, &Limits::depth(2), |_| calls += 1);
    assert_eq!((over.best, over.score, calls), (None, Score::MatedIn(0), 0));
    assert!(over.lines.is_empty());
}
