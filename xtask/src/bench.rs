//! `cargo xtask bench`: perft speed of every variant next to two standard-chess yardsticks,
//! cozy-chess (the ratios are to it) and the `chess` crate, measured in the same run, each with
//! its perft written the way its authors run it.
//!
//! Each side is measured over its start position and positions nobody picked (chess: the usual
//! Kiwipete-style test positions; each variant: `tests/data/bench.txt`, drawn from random games by
//! a fixed rule, see [`crate::bench_set`]). Each perft is timed by the thread's own CPU time, so that other
//! jobs on a loaded machine do not count against it; wall time is kept as a second column. The two
//! sides take turns (ours, the yardsticks, ours, …) over several rounds, each round across every variant
//! and mode, and keep their best rate, since noise only slows a run down (and a spell of
//! contention on a loaded machine then falls on one round of each, not on all rounds of one). The ratio is the geometric mean of our leaves per CPU-second over
//! the geometric mean of cozy-chess's, for all positions and for each kind of position. The start
//! alone flatters hex variants: they have 50–100 moves there against chess's 20, so bulk counting
//! hides the cost per move. The bench is single-threaded so that the ratio is like for like; the
//! two-thread speed-up of `perft_parallel` is reported on its own, with the CPU time that shows
//! whether the second core was there to be had.
//!
//! The yardsticks are a program of their own ([`yardsticks`], outside the workspace), built with
//! the same profile and target CPU as xtask and asked for each of their measurements in turn, so
//! that their dependency trees stay out of `cargo test --workspace`; both sides are timed by the
//! same loop ([`timing`]).
//!
//! `--instructions` counts instructions instead (see [`crate::instructions`]): slower, but the
//! same on any machine, loaded or not.

pub mod timing;
pub mod yardsticks;

use std::time::Instant;

use cpu_time::{ProcessTime, ThreadTime};
use hexvar_geometry::{DynVariant, VariantEntry};
use yardsticks::Server;

use crate::{bench_set, data, instructions, root, variants};

/// Chess positions: the start and four of the standard perft test positions (Kiwipete and the
/// chessprogramming wiki's positions 3, 4 and 5).
pub const CHESS_POSITIONS: [(&str, &str); 5] = [
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

const USAGE: &str =
    "usage: cargo xtask bench [VARIANT…] [--seconds S] [--instructions] [--write-positions]";

/// Perft of one of our positions, with or without bulk counting at the last ply.
pub fn our_perft(pos: &dyn DynVariant, depth: u32, bulk: bool) -> u64 {
    if bulk {
        pos.perft(depth)
    } else {
        pos.perft_without_bulk(depth)
    }
}

/// A position to measure, as a perft runner by depth.
pub type Runner<'a> = Box<dyn Fn(u32) -> u64 + 'a>;

/// The leaves a measured perft should have at least, at the default time slice of 0.2 s: about
/// 10 ms of cozy-chess's perft (bulk about 100 million leaves a second, no bulk about 15 million),
/// long enough to time. Scaled with `--seconds`.
const MIN_LEAVES_BULK: f64 = 1_000_000.0;
const MIN_LEAVES_NO_BULK: f64 = 150_000.0;

/// The leaves a measured perft should have at least (see [`MIN_LEAVES_BULK`]).
pub fn min_leaves(bulk: bool, seconds: f64) -> u64 {
    let base = if bulk {
        MIN_LEAVES_BULK
    } else {
        MIN_LEAVES_NO_BULK
    };
    (base * seconds / 0.2) as u64
}

/// The depth to measure a runner at: the first whose perft has `min_leaves` leaves. A position
/// with many moves can grow a hundredfold in a ply, so a depth whose next ply would have over a
/// hundred times `min_leaves` (judged by the growth of the last ply) is deep enough too.
///
/// Judged by leaves, not time, so that the choice is the same on any machine and load: the
/// CPU-time bench and `--instructions` measure the same perfts, and a faster generator is
/// measured at the same depth as before (a position's cost per leaf changes with the depth).
pub fn pick_depth(
    run: &mut dyn FnMut(u32) -> Result<u64, String>,
    min_leaves: u64,
) -> Result<u32, String> {
    let mut depth = 1;
    let mut last = 1;
    loop {
        let leaves = run(depth)?;
        let next = leaves.saturating_mul(leaves / last.max(1));
        if leaves >= min_leaves || next > min_leaves.saturating_mul(100) || depth >= 10 {
            return Ok(depth);
        }
        last = leaves;
        depth += 1;
    }
}

/// One variant in one mode (bulk or not), with the yardsticks measured beside it.
struct Group<'a> {
    variant: &'static str,
    bulk: bool,
    /// Each yardstick's name and its chess positions, cozy-chess first.
    yardsticks: Vec<(&'static str, Vec<Subject<'a>>)>,
    ours: Vec<Subject<'a>>,
}

impl Group<'_> {
    /// One round: ours, each yardstick, ours, … taking turns, so that a change of load hits all.
    fn measure(&mut self, seconds: f64, round: usize, server: &mut Server) -> Result<(), String> {
        let longest = self.yardsticks.iter().map(|(_, s)| s.len()).max();
        for i in 0..self.ours.len().max(longest.unwrap_or(0)) {
            if let Some(s) = self.ours.get_mut(i) {
                s.measure(seconds, round, server)?;
            }
            for (_, subjects) in &mut self.yardsticks {
                if let Some(s) = subjects.get_mut(i) {
                    s.measure(seconds, round, server)?;
                }
            }
        }
        Ok(())
    }

    /// Prints the rates and ratios; adds the ratio of each kind of position to `kinds` and
    /// returns the ratio to cozy-chess over all positions (CPU time, wall).
    fn report(&self, kinds: &mut Vec<(String, f64)>) -> (f64, f64) {
        let mode = if self.bulk { "bulk" } else { "nobulk" };
        let prefix = format!("{:<10} {mode:<6}", self.variant);
        let mut means = Vec::new();
        for (name, subjects) in &self.yardsticks {
            for s in subjects {
                println!(
                    "{prefix} {:<28} depth {:>2} {:>8.1} ({:>6.1})",
                    format!("{name} {}", s.name),
                    s.depth,
                    s.cpu_rate / 1e6,
                    s.wall_rate / 1e6
                );
            }
            let cpu = geometric_mean(subjects.iter().map(|s| s.cpu_rate));
            let wall = geometric_mean(subjects.iter().map(|s| s.wall_rate));
            println!(
                "{prefix} {:<37} {:>8.1} ({:>6.1})",
                format!("{name} geometric mean"),
                cpu / 1e6,
                wall / 1e6
            );
            means.push((*name, cpu, wall));
        }
        let (_, cozy_cpu, cozy_wall) = means[0];
        let ours = self.ours.as_slice();
        for s in ours {
            println!(
                "{prefix} {:<28} depth {:>2} {:>8.1} ({:>6.1})  ratio {:.3} ({:.3})",
                s.name,
                s.depth,
                s.cpu_rate / 1e6,
                s.wall_rate / 1e6,
                s.cpu_rate / cozy_cpu,
                s.wall_rate / cozy_wall
            );
        }
        let cpu_kinds = by_kind(ours.iter().map(|s| (s.kind.as_str(), s.cpu_rate)));
        let wall_kinds = by_kind(ours.iter().map(|s| (s.kind.as_str(), s.wall_rate)));
        for ((kind, cpu), (_, wall)) in cpu_kinds.iter().zip(&wall_kinds) {
            let (cpu_ratio, wall_ratio) = (
                geometric_mean(cpu.iter().copied()) / cozy_cpu,
                geometric_mean(wall.iter().copied()) / cozy_wall,
            );
            println!(
                "{prefix} kind {kind:<20} ratio {cpu_ratio:.3} ({wall_ratio:.3}), {}",
                count(cpu.len())
            );
            kinds.push((kind.clone(), cpu_ratio));
        }
        let ours_cpu = geometric_mean(ours.iter().map(|s| s.cpu_rate));
        let ours_wall = geometric_mean(ours.iter().map(|s| s.wall_rate));
        for (name, cpu, _) in &means[1..] {
            println!(
                "{prefix} all positions against {name}: ratio {:.3}",
                ours_cpu / cpu
            );
        }
        let (cpu, wall): (f64, f64) = self
            .yardsticks
            .iter()
            .flat_map(|(_, s)| s)
            .chain(ours)
            .fold((0.0, 0.0), |(c, w), s| (c + s.cpu, w + s.wall));
        let (ratio, wall_ratio) = (ours_cpu / cozy_cpu, ours_wall / cozy_wall);
        println!(
            "{prefix} all positions: ratio {ratio:.3} ({wall_ratio:.3}); \
             this thread had {:.2} CPU-seconds per wall-second",
            cpu / wall
        );
        (ratio, wall_ratio)
    }
}

/// One position being measured.
struct Subject<'a> {
    name: String,
    kind: String,
    side: Side<'a>,
    depth: u32,
    /// The best leaves per CPU-second and per wall-second of any round.
    cpu_rate: f64,
    wall_rate: f64,
    /// CPU and wall seconds of all rounds together.
    cpu: f64,
    wall: f64,
}

/// Who runs a measured perft: this process (our positions), or the yardsticks program.
enum Side<'a> {
    Ours(Runner<'a>),
    /// A yardstick's name, its FEN and whether it counts in bulk.
    Yardstick(&'static str, &'static str, bool),
}

impl Side<'_> {
    fn perft(&self, depth: u32, server: &mut Server) -> Result<u64, String> {
        match self {
            Side::Ours(run) => Ok(run(depth)),
            Side::Yardstick(name, fen, bulk) => server.perft(name, fen, *bulk, depth),
        }
    }
}

impl<'a> Subject<'a> {
    fn new(
        (name, kind): (String, String),
        side: Side<'a>,
        min_leaves: u64,
        server: &mut Server,
    ) -> Result<Self, String> {
        let depth = pick_depth(&mut |d| side.perft(d, server), min_leaves)?;
        Ok(Subject {
            name,
            kind,
            side,
            depth,
            cpu_rate: 0.0,
            wall_rate: 0.0,
            cpu: 0.0,
            wall: 0.0,
        })
    }

    /// Runs repeatedly for `seconds` of the running thread's CPU time, as round `round` (see
    /// [`timing::time`]), and keeps the best rates seen.
    fn measure(&mut self, seconds: f64, round: usize, server: &mut Server) -> Result<(), String> {
        let timed = match &self.side {
            Side::Ours(run) => timing::time(seconds, round, &|| run(self.depth)),
            Side::Yardstick(name, fen, bulk) => {
                server.time((name, fen, *bulk, self.depth), seconds, round)?
            }
        };
        self.cpu_rate = self.cpu_rate.max(timed.leaves as f64 / timed.cpu);
        self.wall_rate = self.wall_rate.max(timed.leaves as f64 / timed.wall);
        self.cpu += timed.cpu;
        self.wall += timed.wall;
        Ok(())
    }
}

pub fn geometric_mean(values: impl IntoIterator<Item = f64>) -> f64 {
    let (mut logs, mut n) = (0.0, 0);
    for v in values {
        logs += v.ln();
        n += 1;
    }
    (logs / n as f64).exp()
}

/// The values of each kind, in the order the kinds first come.
pub fn by_kind<'a>(items: impl IntoIterator<Item = (&'a str, f64)>) -> Vec<(String, Vec<f64>)> {
    let mut kinds: Vec<(String, Vec<f64>)> = Vec::new();
    for (kind, value) in items {
        match kinds.iter_mut().find(|(k, _)| k == kind) {
            Some((_, values)) => values.push(value),
            None => kinds.push((kind.to_string(), vec![value])),
        }
    }
    kinds
}

/// "1 position", "9 positions".
pub fn count(positions: usize) -> String {
    match positions {
        1 => "1 position".into(),
        n => format!("{n} positions"),
    }
}

/// The load average of the machine and its number of cores, to print beside a measurement.
pub fn load() -> String {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match std::fs::read_to_string("/proc/loadavg") {
        Ok(text) => {
            let avg: Vec<&str> = text.split_whitespace().take(3).collect();
            format!("load average {} on {cores} cores", avg.join(" "))
        }
        Err(_) => format!("{cores} cores, load average unknown"),
    }
}

/// One of our positions to measure.
pub struct Position {
    /// `start`, or the kind and the line's number among `bench.txt`'s positions.
    pub name: String,
    /// `start` or the kind ([`bench_set::kind`]).
    pub kind: String,
    pub pos: Box<dyn DynVariant>,
}

/// Our positions of a variant: the start and `bench.txt`'s.
pub fn positions(variant: &VariantEntry) -> Result<Vec<Position>, String> {
    let mut positions = vec![Position {
        name: "start".into(),
        kind: "start".into(),
        pos: (variant.start)(),
    }];
    for (i, text) in data::bench_positions(variant.name)?.iter().enumerate() {
        let pos = (variant.parse)(text).map_err(|e| format!("{} bench.txt: {e}", variant.name))?;
        let kind = bench_set::kind(text);
        let name = format!("{kind} {}", i + 1);
        positions.push(Position { name, kind, pos });
    }
    Ok(positions)
}

/// Every variant and mode with its positions and the yardsticks' set up, each at its depth.
///
/// All are set up first, then measured round by round across all of them: a spell of
/// contention on a loaded machine (another job's memory traffic in the cache) then falls on one
/// round of each, and the best of the rounds survives it.
fn groups<'a>(
    selected: impl Iterator<Item = (&'a &'static VariantEntry, &'a Vec<Position>)>,
    seconds: f64,
    server: &mut Server,
) -> Result<Vec<Group<'a>>, String> {
    let mut groups = Vec::new();
    for (variant, positions) in selected {
        for bulk in [true, false] {
            let min_leaves = min_leaves(bulk, seconds);
            let mut yardsticks = Vec::new();
            for name in yardsticks::NAMES {
                let subjects = CHESS_POSITIONS
                    .iter()
                    .map(|&(position, fen)| {
                        let names = (position.to_string(), "chess".to_string());
                        let side = Side::Yardstick(name, fen, bulk);
                        Subject::new(names, side, min_leaves, server)
                    })
                    .collect::<Result<Vec<_>, String>>()?;
                yardsticks.push((name, subjects));
            }
            let ours = positions
                .iter()
                .map(|p| {
                    let side = Side::Ours(Box::new(move |d| our_perft(&*p.pos, d, bulk)));
                    Subject::new((p.name.clone(), p.kind.clone()), side, min_leaves, server)
                })
                .collect::<Result<Vec<_>, String>>()?;
            groups.push(Group {
                variant: variant.name,
                bulk,
                yardsticks,
                ours,
            });
        }
    }
    Ok(groups)
}

pub fn run(args: &[String]) -> Result<(), String> {
    let mut seconds = 0.2;
    let mut names = Vec::new();
    let (mut count_instructions, mut write_positions) = (false, false);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--seconds" => seconds = crate::option_value(arg, it.next())?,
            "--instructions" => count_instructions = true,
            "--write-positions" => write_positions = true,
            flag if flag.starts_with("--") => {
                return Err(format!("unknown flag {flag:?}; {USAGE}"))
            }
            name => names.push(name.to_string()),
        }
    }
    if write_positions {
        return bench_set::write(&names);
    }
    let selected = variants::select(&names)?;
    if count_instructions {
        return instructions::run(&selected, seconds);
    }
    println!("{} at the start", load());
    println!(
        "M leaves per CPU-second of this thread (per wall-second in brackets); \
         ratio = ours / cozy-chess's geometric mean"
    );
    let positions: Vec<Vec<Position>> = selected
        .iter()
        .map(|variant| positions(variant))
        .collect::<Result<_, _>>()?;
    let program = yardsticks::build("native", &root().join("target"))?;
    let mut server = yardsticks::Server::start(&program)?;
    let mut groups = groups(selected.iter().zip(&positions), seconds, &mut server)?;
    for round in 0..ROUNDS {
        for group in &mut groups {
            group.measure(seconds / ROUNDS as f64, round, &mut server)?;
        }
    }
    let mut summary = Vec::new();
    for (variant, positions) in selected.iter().zip(&positions) {
        let mut kinds = Vec::new();
        let mut totals = Vec::new();
        for group in groups.iter().filter(|g| g.variant == variant.name) {
            totals.push(group.report(&mut kinds));
        }
        let speedup = Speedup::measure(&*positions[0].pos, seconds);
        summary.push((variant.name, totals, kinds, speedup));
    }
    println!("{} at the end", load());
    for (name, _, _, speedup) in &summary {
        println!("speedup {name} {speedup}");
    }
    for (name, totals, kinds, _) in &summary {
        let [(bulk, bulk_wall), (nobulk, nobulk_wall)] = totals[..] else {
            unreachable!("bulk and no-bulk")
        };
        println!(
            "ratio {name} bulk {bulk:.3} nobulk {nobulk:.3} \
             (CPU time; wall: bulk {bulk_wall:.3} nobulk {nobulk_wall:.3})"
        );
        // The kinds come in the same order with and without bulk counting.
        let half = kinds.len() / 2;
        for ((kind, bulk), (_, nobulk)) in kinds[..half].iter().zip(&kinds[half..]) {
            println!("ratio {name} {kind:?} bulk {bulk:.3} nobulk {nobulk:.3}");
        }
    }
    Ok(())
}

/// How much faster `perft_parallel` counts a position than `perft`, by wall time, with the CPU
/// time that says whether the threads had cores to run on.
struct Speedup {
    depth: u32,
    threads: usize,
    single_cpu: f64,
    single_wall: f64,
    parallel_cpu: f64,
    parallel_wall: f64,
}

impl Speedup {
    /// Measured at the depth whose single-threaded run takes about two time slices (never one
    /// whose next ply would take more than ten), the better of two runs each.
    fn measure(pos: &dyn DynVariant, seconds: f64) -> Speedup {
        let mut depth = 1;
        let mut last_nodes = 1;
        while depth < 10 {
            let cpu = ThreadTime::now();
            let nodes = pos.perft(depth);
            let elapsed = cpu.elapsed().as_secs_f64();
            let next = elapsed * nodes as f64 / last_nodes.max(1) as f64;
            if elapsed >= seconds * 2.0 || next > seconds * 10.0 {
                break;
            }
            last_nodes = nodes;
            depth += 1;
        }
        let single = || {
            let (cpu, wall) = (ThreadTime::now(), Instant::now());
            pos.perft(depth);
            (cpu.elapsed().as_secs_f64(), wall.elapsed().as_secs_f64())
        };
        // The whole process's CPU time: the pool's threads do the work.
        let parallel = || {
            let (cpu, wall) = (ProcessTime::now(), Instant::now());
            pos.perft_parallel(depth);
            (cpu.elapsed().as_secs_f64(), wall.elapsed().as_secs_f64())
        };
        let best = |a: (f64, f64), b: (f64, f64)| if a.1 <= b.1 { a } else { b };
        let (single_cpu, single_wall) = best(single(), single());
        let (parallel_cpu, parallel_wall) = best(parallel(), parallel());
        Speedup {
            depth,
            threads: rayon::current_num_threads(),
            single_cpu,
            single_wall,
            parallel_cpu,
            parallel_wall,
        }
    }
}

impl std::fmt::Display for Speedup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let wall = self.single_wall / self.parallel_wall;
        let cores = self.parallel_cpu / self.parallel_wall;
        // What the speed-up would be if every thread had a core of its own, from the CPU time
        // the parallel run spent (its own overhead included) against the single run's.
        let work = self.single_cpu * self.threads as f64 / self.parallel_cpu;
        write!(
            f,
            "perft_parallel depth {} on {} threads: wall {wall:.2}x; it ran on {cores:.2} \
             CPU-seconds per wall-second (the single run {:.2}); {work:.2}x if each thread had \
             a core",
            self.depth,
            self.threads,
            self.single_cpu / self.single_wall
        )?;
        if self.threads > 1 && cores < self.threads as f64 - 0.5 {
            write!(
                f,
                " -- the machine is saturated: the threads had {cores:.2} of {} cores, so the \
                 wall figure says nothing about perft_parallel",
                self.threads
            )?;
        }
        Ok(())
    }
}
