//! `cargo xtask bench`: perft speed of every variant next to the standard-chess yardstick
//! cozy-chess, measured in the same run and interleaved so that machine noise hits both.
//!
//! Each side is measured over its start position and fixed middlegames (chess: the usual
//! Kiwipete-style test positions; each variant: `tests/data/bench.txt`), and the ratio is the
//! geometric mean of our leaves/s over the geometric mean of cozy-chess's. The start position
//! alone flatters hex variants: they have 50–100 moves there against chess's 20, so bulk counting
//! hides the cost per move. The bench is single-threaded so that the ratio is like for like; the
//! two-thread speed-up of `perft_parallel` is reported on its own.

use std::time::Instant;

use cozy_chess::Board;
use hexvar_geometry::DynVariant;

use crate::{data, variants};

/// Chess positions: the start and four of the standard perft test positions (Kiwipete and the
/// chessprogramming wiki's positions 3, 4 and 5).
const CHESS_POSITIONS: [(&str, &str); 5] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ),
];

const ROUNDS: usize = 5;

fn chess_perft(board: &Board, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if bulk && depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += chess_perft(&child, depth - 1, bulk);
            }
        }
        false
    });
    nodes
}

/// One position to time: a name and a perft runner by depth.
struct Subject<'a> {
    name: String,
    run: Box<dyn Fn(u32) -> u64 + 'a>,
    depth: u32,
    best: f64,
}

impl<'a> Subject<'a> {
    fn new(name: String, run: Box<dyn Fn(u32) -> u64 + 'a>, seconds: f64) -> Self {
        // The depth whose single run takes a twentieth of the time slice: deep enough to time,
        // shallow enough that one more ply is not needed. A position with many moves can grow a
        // hundredfold in a ply, so a depth whose next ply would take over half the slice (judged
        // by the growth of the last ply) is deep enough too.
        let mut depth = 1;
        let mut last_nodes = 1;
        loop {
            let t = Instant::now();
            let nodes = run(depth);
            let elapsed = t.elapsed().as_secs_f64();
            let next = elapsed * nodes as f64 / last_nodes.max(1) as f64;
            if elapsed >= seconds / 20.0 || next > seconds / 2.0 || depth >= 10 {
                break;
            }
            last_nodes = nodes;
            depth += 1;
        }
        Subject {
            name,
            run,
            depth,
            best: 0.0,
        }
    }

    /// Runs repeatedly for `seconds` and keeps the best rate seen: noise only slows a run down.
    fn measure(&mut self, seconds: f64) {
        let t = Instant::now();
        let mut nodes = 0;
        while t.elapsed().as_secs_f64() < seconds {
            nodes += (self.run)(self.depth);
        }
        self.best = self.best.max(nodes as f64 / t.elapsed().as_secs_f64());
    }
}

fn geometric_mean(subjects: &[Subject]) -> f64 {
    let logs: f64 = subjects.iter().map(|s| s.best.ln()).sum();
    (logs / subjects.len() as f64).exp()
}

pub fn run(args: &[String]) -> Result<(), String> {
    let mut seconds = 0.2;
    let mut names = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--seconds" => {
                let s = it.next().ok_or("--seconds needs a value")?;
                seconds = s.parse().map_err(|_| format!("bad --seconds {s:?}"))?;
            }
            flag if flag.starts_with("--") => {
                return Err(format!(
                    "unknown flag {flag:?}; usage: cargo xtask bench [VARIANT…] [--seconds S]"
                ))
            }
            name => names.push(name.to_string()),
        }
    }
    let boards: Vec<(&str, Board)> = CHESS_POSITIONS
        .iter()
        .map(|(name, fen)| (*name, fen.parse().expect("a valid FEN")))
        .collect();
    let mut ratios = Vec::new();
    for variant in variants::select(&names)? {
        let mut positions: Vec<(String, Box<dyn DynVariant>)> =
            vec![("start".into(), (variant.start)())];
        for (i, text) in data::bench_positions(variant.name)?.iter().enumerate() {
            let pos =
                (variant.parse)(text).map_err(|e| format!("{} bench.txt: {e}", variant.name))?;
            positions.push((format!("middlegame{}", i + 1), pos));
        }
        let mut line = Vec::new();
        for bulk in [true, false] {
            let mut chess: Vec<Subject> = boards
                .iter()
                .map(|(name, board)| {
                    let run = move |d| chess_perft(board, d, bulk);
                    Subject::new(format!("cozy-chess {name}"), Box::new(run), seconds)
                })
                .collect();
            let mut ours: Vec<Subject> = positions
                .iter()
                .map(|(name, pos)| {
                    let run = move |d| {
                        if bulk {
                            pos.perft(d)
                        } else {
                            pos.perft_without_bulk(d)
                        }
                    };
                    Subject::new(format!("{} {name}", variant.name), Box::new(run), seconds)
                })
                .collect();
            for _ in 0..ROUNDS {
                for s in chess.iter_mut().chain(ours.iter_mut()) {
                    s.measure(seconds / ROUNDS as f64);
                }
            }
            let kind = if bulk { "bulk" } else { "nobulk" };
            for s in chess.iter().chain(ours.iter()) {
                println!(
                    "{:<10} {kind:<6} {:<28} depth {:>2} {:>12.0} leaves/s",
                    variant.name, s.name, s.depth, s.best
                );
            }
            let ratio = geometric_mean(&ours) / geometric_mean(&chess);
            println!(
                "{:<10} {kind:<6} geometric means: ours {:.0}, cozy-chess {:.0}, ratio {ratio:.3}",
                variant.name,
                geometric_mean(&ours),
                geometric_mean(&chess)
            );
            line.push(ratio);
        }
        ratios.push((
            variant.name,
            line[0],
            line[1],
            speedup(&*positions[0].1, seconds),
        ));
    }
    for (name, _, _, speedup) in &ratios {
        println!(
            "speedup {name} perft_parallel on {} threads {speedup:.2}",
            rayon::current_num_threads()
        );
    }
    for (name, bulk, nobulk, _) in &ratios {
        println!("ratio {name} bulk {bulk:.3} nobulk {nobulk:.3}");
    }
    Ok(())
}

/// How much faster `perft_parallel` counts the start position than `perft`, at a depth that takes
/// about ten time slices single-threaded.
fn speedup(pos: &dyn DynVariant, seconds: f64) -> f64 {
    let mut depth = 1;
    while depth < 10 {
        let t = Instant::now();
        pos.perft(depth);
        if t.elapsed().as_secs_f64() >= seconds * 2.0 {
            break;
        }
        depth += 1;
    }
    let time = |f: &dyn Fn() -> u64| {
        let t = Instant::now();
        f();
        t.elapsed().as_secs_f64()
    };
    let single = time(&|| pos.perft(depth)).min(time(&|| pos.perft(depth)));
    let parallel = time(&|| pos.perft_parallel(depth)).min(time(&|| pos.perft_parallel(depth)));
    single / parallel
}
