//! `cargo xtask`: the cross-variant perft suite, single perft/divide runs, benchmarks, fuzzing and
//! repository checks. Every variant is driven through the shared trait's text face
//! (`hexvar_geometry::DynVariant`), so no subcommand names a variant.
//!
//! ```text
//! cargo xtask suite [VARIANT…] [--quick] [--threads N]
//! cargo xtask perft VARIANT DEPTH [--position TEXT | --mode MODE] [--divide] [--nobulk] [--threads N]
//! cargo xtask bench [VARIANT…] [--seconds S] [--instructions] [--write-positions]
//! cargo xtask fuzz [VARIANT…] [--seconds S]
//! cargo xtask match --engine A=PATH --engine B=PATH --variant V [options]
//! cargo xtask mates [VARIANT…] [--per-distance N] [--seed S] [--write]
//! cargo xtask package
//! cargo xtask variants
//! ```

mod bench;
mod bench_set;
mod data;
mod fuzz;
mod instructions;
mod matches;
mod mates;
mod package;
mod suite;
mod variants;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use variants::VARIANTS;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    let result = match args.first().map(String::as_str) {
        Some("suite") => suite::run(rest),
        Some("perft") => perft(rest),
        Some("bench") => bench::run(rest),
        // One perft, for `bench --instructions` to run under valgrind.
        Some("bench-one") => instructions::bench_one(rest),
        Some("fuzz") => fuzz::run(rest),
        Some("match") => matches::run(rest),
        Some("mates") => mates::run(rest),
        Some("package") => package::run(rest),
        Some("variants") => {
            for v in VARIANTS {
                let modes: Vec<String> = (v.start_positions)().into_iter().map(|m| m.0).collect();
                println!("{} (start positions: {})", v.name, modes.join(", "));
            }
            Ok(())
        }
        _ => Err(format!("{USAGE}\n{}", matches::USAGE)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

const USAGE: &str = "usage:
  cargo xtask suite [VARIANT…] [--quick] [--threads N]
        every row of crates/<variant>/tests/data/{perft,conformance}.txt (--quick: rows up to 15M nodes)
  cargo xtask perft VARIANT DEPTH [--position TEXT | --mode MODE] [--divide] [--nobulk] [--threads N]
        one run (--mode: a named start position, see `cargo xtask variants`)
  cargo xtask bench [VARIANT…] [--seconds S] [--instructions] [--write-positions]
        perft speed per variant over the start and tests/data/bench.txt, next to cozy-chess in the
        same run, by the thread's CPU time (and wall time); --instructions: instructions per leaf
        under valgrind instead; --write-positions: draw bench.txt again from conformance.txt
  cargo xtask fuzz [VARIANT…] [--seconds S]
        a bounded libFuzzer pass per variant (needs cargo-fuzz)
  cargo xtask package
        package every library crate, unpack it, and run its tests from the unpacked copy
  cargo xtask variants
        list the variants and their named start positions
  cargo xtask mates [VARIANT…] [--per-distance N] [--seed S] [--write]
        forced mates in 1-3 from seeded random games, by exhaustive search, for the engine's
        tests (--write: crates/engine/tests/data/mates.txt)";

/// The repository root (xtask lives one level below it).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask is inside the repository")
        .to_path_buf()
}

/// Takes `--threads N` out of `args` and sets rayon's pool size; returns the pool size.
pub fn threads_option(args: &mut Vec<String>) -> Result<usize, String> {
    if let Some(i) = args.iter().position(|a| a == "--threads") {
        let n: usize = args
            .get(i + 1)
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0)
            .ok_or("--threads needs a positive number")?;
        args.drain(i..i + 2);
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .map_err(|e| e.to_string())?;
    }
    Ok(rayon::current_num_threads())
}

fn perft(args: &[String]) -> Result<(), String> {
    let mut args = args.to_vec();
    let threads = threads_option(&mut args)?;
    let mut positional = Vec::new();
    let (mut text, mut mode) = (None, None);
    let (mut divide, mut bulk) = (false, true);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--position" => text = Some(it.next().ok_or("--position needs a position text")?),
            "--mode" => mode = Some(it.next().ok_or("--mode needs a mode name")?),
            "--divide" => divide = true,
            "--nobulk" => bulk = false,
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}\n{USAGE}")),
            _ => positional.push(arg),
        }
    }
    let [name, depth] = positional.as_slice() else {
        return Err(USAGE.to_string());
    };
    let variant = variants::find(name)?;
    let depth: u32 = depth.parse().map_err(|_| format!("bad depth {depth:?}"))?;
    let pos = variants::position(variant, mode.map(String::as_str), text.map(String::as_str))?;
    let started = Instant::now();
    let nodes = if divide {
        let split = pos.divide(depth);
        for (mv, count) in &split {
            println!("{mv} {count}");
        }
        split.iter().map(|(_, n)| n).sum()
    } else if !bulk {
        pos.perft_without_bulk(depth)
    } else if threads > 1 {
        pos.perft_parallel(depth)
    } else {
        pos.perft(depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("time {seconds:.3}s");
    println!("nodes/s {:.0}", nodes as f64 / seconds.max(1e-9));
    println!("nodes {nodes}");
    Ok(())
}

#[cfg(test)]
mod repository_rules;
