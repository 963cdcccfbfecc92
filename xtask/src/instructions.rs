//! `cargo xtask bench --instructions`: instructions per leaf of each perft the bench measures,
//! counted by valgrind, and their ratio to cozy-chess's. The count is the same on a quiet machine
//! and a loaded one, so it is the figure to quote.
//!
//! Valgrind cannot run AVX-512 code, so the counts come from a second build of xtask and of the
//! yardsticks program for `x86-64-v3` (AVX2, BMI, popcount), in `target/bench-v3`. Each perft
//! runs in its own process (`xtask bench-one`, or `yardsticks perft`, at the depth the timed bench
//! picks) under `valgrind --tool=cachegrind --cache-sim=no`, whose `I refs` is the instruction
//! count; the count of a one-ply run of the start position (process start, parsing, tables) by
//! the same program is taken off before dividing by the leaves.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use hexvar_geometry::VariantEntry;

use crate::bench::yardsticks::{self, Server};
use crate::bench::{self, by_kind, geometric_mean};
use crate::{root, variants};

/// One perft to count: who runs it, where, how deep.
struct Job {
    /// A yardstick ([`yardsticks::NAMES`]) or a variant's name.
    side: String,
    name: String,
    kind: String,
    text: String,
    depth: u32,
    bulk: bool,
}

/// A job's result: instructions and leaves.
type Count = Result<(u64, u64), String>;

pub fn run(selected: &[&VariantEntry], seconds: f64) -> Result<(), String> {
    if Command::new("valgrind").arg("--version").output().is_err() {
        println!(
            "valgrind is not installed: no instruction counts (`cargo xtask bench` times by CPU)"
        );
        return Ok(());
    }
    let started = Instant::now();
    println!("{} at the start", bench::load());
    let programs = build()?;
    // Per yardstick, its geometric means per leaf (bulk, no bulk); cozy-chess's are the ratios'.
    let mut yardstick_means: Vec<(&str, Vec<f64>)> = Vec::new();
    let mut server = Server::start(&programs.yardsticks)?;
    for name in yardsticks::NAMES {
        let jobs = chess_jobs(name, seconds, &mut server)?;
        let counts: Vec<f64> = count(&programs, &jobs)?.iter().map(|c| c.0).collect();
        let mut means = Vec::new();
        for bulk in [true, false] {
            let mode = mode(bulk);
            let (jobs, counts): (Vec<&Job>, Vec<f64>) = jobs
                .iter()
                .zip(&counts)
                .filter(|(job, _)| job.bulk == bulk)
                .unzip();
            for (job, per_leaf) in jobs.iter().zip(&counts) {
                print_line(name, mode, job, *per_leaf, None);
            }
            let mean = geometric_mean(counts.iter().copied());
            println!("{name:<10} {mode:<6} geometric mean {mean:>24.1} per leaf");
            means.push(mean);
        }
        yardstick_means.push((name, means));
    }
    let cozy_means = yardstick_means[0].1.clone();
    let mut summary = Vec::new();
    for variant in selected {
        let jobs = variant_jobs(variant, seconds)?;
        let counts = count(&programs, &jobs)?;
        let mut line = Vec::new();
        for (bulk, cozy_mean) in [true, false].into_iter().zip(&cozy_means) {
            let mode = mode(bulk);
            let mine: Vec<(&Job, f64)> = jobs
                .iter()
                .zip(&counts)
                .filter(|(job, _)| job.bulk == bulk)
                .map(|(job, c)| (job, c.0))
                .collect();
            for (job, per_leaf) in &mine {
                print_line(
                    variant.name,
                    mode,
                    job,
                    *per_leaf,
                    Some(cozy_mean / per_leaf),
                );
            }
            // Leaves per instruction, so that a higher ratio is faster as in the timed bench.
            let kinds = by_kind(mine.iter().map(|(job, c)| (job.kind.as_str(), 1.0 / c)));
            let mut ratios = Vec::new();
            for (kind, speeds) in &kinds {
                let ratio = geometric_mean(speeds.iter().copied()) * cozy_mean;
                println!(
                    "{:<10} {mode:<6} kind {kind:<20} ratio {ratio:.3}, {}",
                    variant.name,
                    bench::count(speeds.len())
                );
                ratios.push((kind.clone(), ratio));
            }
            let all = geometric_mean(mine.iter().map(|(_, c)| 1.0 / c)) * cozy_mean;
            println!(
                "{:<10} {mode:<6} all positions: ratio {all:.3}",
                variant.name
            );
            let mine_mean = geometric_mean(mine.iter().map(|(_, c)| *c));
            for (name, means) in &yardstick_means[1..] {
                let other = means[usize::from(!bulk)];
                println!(
                    "{:<10} {mode:<6} all positions against {name}: ratio {:.3}",
                    variant.name,
                    other / mine_mean
                );
            }
            line.push((all, ratios));
        }
        summary.push((variant.name, line));
    }
    println!(
        "{} at the end, after {:.0} s",
        bench::load(),
        started.elapsed().as_secs_f64()
    );
    for (name, line) in &summary {
        let [(bulk, bulk_kinds), (nobulk, nobulk_kinds)] = &line[..] else {
            unreachable!("bulk and no-bulk")
        };
        println!("ratio {name} bulk {bulk:.3} nobulk {nobulk:.3} (instructions)");
        for ((kind, bulk), (_, nobulk)) in bulk_kinds.iter().zip(nobulk_kinds) {
            println!("ratio {name} {kind:?} bulk {bulk:.3} nobulk {nobulk:.3} (instructions)");
        }
    }
    Ok(())
}

fn mode(bulk: bool) -> &'static str {
    if bulk {
        "bulk"
    } else {
        "nobulk"
    }
}

fn print_line(side: &str, mode: &str, job: &Job, per_leaf: f64, ratio: Option<f64>) {
    let ratio = ratio.map_or(String::new(), |r| format!("  ratio {r:.3}"));
    println!(
        "{side:<10} {mode:<6} {:<28} depth {:>2} {per_leaf:>8.1} per leaf{ratio}",
        job.name, job.depth
    );
}

/// The two programs whose perfts are counted, built for x86-64-v3.
struct Programs {
    xtask: PathBuf,
    yardsticks: PathBuf,
}

impl Programs {
    /// The program and arguments of a one-perft run of `job`.
    fn command(&self, job: &Job) -> (&Path, Vec<String>) {
        let (side, depth, bulk) = (job.side.as_str(), job.depth, job.bulk);
        if yardsticks::NAMES.contains(&side) {
            let args = yardsticks::perft_args(side, depth, bulk, &job.text);
            return (&self.yardsticks, args);
        }
        let mode = if bulk { "bulk" } else { "nobulk" };
        let args = ["bench-one", side, &depth.to_string(), mode, &job.text].map(String::from);
        (&self.xtask, args.to_vec())
    }
}

/// Builds xtask and the yardsticks for x86-64-v3 into their own target directory.
fn build() -> Result<Programs, String> {
    let target = root().join("target/bench-v3");
    println!(
        "building xtask and the yardsticks for x86-64-v3 into target/bench-v3 \
         (valgrind cannot run AVX-512)"
    );
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(root())
        .env("RUSTFLAGS", yardsticks::rustflags("x86-64-v3"))
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .args([
            "build",
            "--release",
            "--quiet",
            "-p",
            "xtask",
            "--target-dir",
        ])
        .arg(&target)
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !status.success() {
        return Err("the x86-64-v3 build failed".into());
    }
    Ok(Programs {
        xtask: target.join("release/xtask"),
        yardsticks: yardsticks::build("x86-64-v3", &target)?,
    })
}

/// The yardsticks' perfts: each yardstick on each chess position, bulk and not.
fn chess_jobs(name: &str, seconds: f64, server: &mut Server) -> Result<Vec<Job>, String> {
    let mut jobs = Vec::new();
    for bulk in [true, false] {
        for (position, fen) in bench::CHESS_POSITIONS {
            let depth = bench::pick_depth(
                &mut |d| server.perft(name, fen, bulk, d),
                bench::min_leaves(bulk, seconds),
            )?;
            jobs.push(Job {
                side: name.into(),
                name: position.to_string(),
                kind: "chess".into(),
                text: fen.to_string(),
                depth,
                bulk,
            });
        }
    }
    Ok(jobs)
}

fn variant_jobs(variant: &VariantEntry, seconds: f64) -> Result<Vec<Job>, String> {
    let mut jobs = Vec::new();
    for bulk in [true, false] {
        for p in bench::positions(variant)? {
            let depth = bench::pick_depth(
                &mut |d| Ok(bench::our_perft(&*p.pos, d, bulk)),
                bench::min_leaves(bulk, seconds),
            )?;
            jobs.push(Job {
                side: variant.name.into(),
                text: p.pos.position_text(),
                name: p.name,
                kind: p.kind,
                depth,
                bulk,
            });
        }
    }
    Ok(jobs)
}

/// Instructions per leaf of every job, start-up taken off, with the leaves of each run; the jobs
/// run two at a time (or as many as there are cores).
fn count(programs: &Programs, jobs: &[Job]) -> Result<Vec<(f64, u64)>, String> {
    let first = &jobs[0];
    let start_up = Job {
        name: "start-up".into(),
        depth: 1,
        bulk: true,
        text: match first.side.as_str() {
            name if yardsticks::NAMES.contains(&name) => bench::CHESS_POSITIONS[0].1.to_string(),
            name => (variants::find(name)?.start)().position_text(),
        },
        side: first.side.clone(),
        kind: String::new(),
    };
    let (start_up, _) = valgrind(programs, &start_up)?;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Count>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(i) else { break };
                let result = valgrind(programs, job);
                results.lock().unwrap()[i] = Some(result);
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|result| {
            let (instructions, leaves) = result.expect("every job ran")?;
            let per_leaf = instructions.saturating_sub(start_up) as f64 / leaves as f64;
            Ok((per_leaf, leaves))
        })
        .collect()
}

/// Runs one perft under cachegrind and returns its instruction count and leaves.
fn valgrind(programs: &Programs, job: &Job) -> Count {
    let (program, args) = programs.command(job);
    let output = Command::new("valgrind")
        .args([
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
        ])
        .arg(program)
        .args(args)
        .output()
        .map_err(|e| format!("valgrind: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let failed = || {
        format!(
            "{} {} depth {} under valgrind:\n{stdout}{stderr}",
            job.side, job.name, job.depth
        )
    };
    if !output.status.success() {
        return Err(failed());
    }
    let leaves = stdout
        .lines()
        .find_map(|l| l.strip_prefix("leaves "))
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(failed)?;
    // Cachegrind's summary line: `==PID== I   refs:      1,234,567`.
    let instructions = stderr
        .lines()
        .filter_map(|l| l.split_once("I   refs:"))
        .find_map(|(_, n)| n.trim().replace(',', "").parse().ok())
        .ok_or_else(failed)?;
    Ok((instructions, leaves))
}

/// `xtask bench-one VARIANT DEPTH bulk|nobulk TEXT`: one perft, for `--instructions` to run under
/// valgrind (the yardsticks' runs are `yardsticks perft`).
pub fn bench_one(args: &[String]) -> Result<(), String> {
    let [side, depth, mode, text] = args else {
        return Err("usage: cargo xtask bench-one VARIANT DEPTH bulk|nobulk TEXT".into());
    };
    let depth: u32 = depth.parse().map_err(|_| format!("bad depth {depth:?}"))?;
    let bulk = match mode.as_str() {
        "bulk" => true,
        "nobulk" => false,
        _ => return Err(format!("bad mode {mode:?}: bulk or nobulk")),
    };
    let variant = variants::find(side)?;
    let pos = (variant.parse)(text).map_err(|e| format!("{side}: {e}"))?;
    println!("leaves {}", bench::our_perft(&*pos, depth, bulk));
    Ok(())
}
