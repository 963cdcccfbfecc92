//! `cargo xtask`: the cross-variant perft suite, single perft/divide runs, benchmarks, fuzzing and
//! repository checks. Every variant is driven through the shared trait's text face
//! (`hexvar_geometry::DynVariant`), so no subcommand names a variant.
//!
//! ```text
//! cargo xtask suite [VARIANT…] [--quick] [--threads N]
//! cargo xtask perft VARIANT DEPTH [--position TEXT | --mode MODE] [--divide] [--nobulk] [--threads N]
//!                   [--hash MB] [--split PLIES] [--kinds] [--stack KIB]
//! cargo xtask bench [VARIANT…] [--seconds S] [--instructions] [--write-positions]
//! cargo xtask fuzz [VARIANT…] [--seconds S]
//! cargo xtask match --engine A=PATH --engine B=PATH --variant V [options]
//! cargo xtask mates [VARIANT…] [--per-distance N] [--seed S] [--mate-in-3-moves N] [--write]
//! cargo xtask package
//! cargo xtask records write|read|san|roundtrip VARIANT …
//! cargo xtask variants
//! ```

pub mod bench;
pub mod bench_set;
pub mod data;
pub mod fuzz;
pub mod instructions;
pub mod kinds;
pub mod package;
pub mod perft;
pub mod records;
pub mod suite;
pub mod variants;

use std::path::{Path, PathBuf};

use variants::VARIANTS;

/// Runs the library's `command` with its arguments `rest`; `None` for a command it does not hold
/// (`match` and `mates`, whose modules live in the binary, `main.rs`).
pub fn run(command: &str, rest: &[String]) -> Option<Result<(), String>> {
    Some(match command {
        "suite" => suite::run(rest),
        "perft" => perft::run(rest),
        "bench" => bench::run(rest),
        // One perft, for `bench --instructions` to run under valgrind.
        "bench-one" => instructions::bench_one(rest),
        "fuzz" => fuzz::run(rest),
        "package" => package::run(rest),
        "records" => records::run(rest),
        "variants" => {
            for v in VARIANTS {
                let modes: Vec<String> = (v.start_positions)().into_iter().map(|m| m.0).collect();
                println!("{} (start positions: {})", v.name, modes.join(", "));
            }
            Ok(())
        }
        _ => return None,
    })
}

/// The commands of `cargo xtask` and their options (`match` adds its own, `matches::USAGE`).
pub const USAGE: &str = "usage:
  cargo xtask suite [VARIANT…] [--quick] [--threads N]
        every row of crates/<variant>/tests/data/{perft,conformance}.txt (--quick: rows up to 15M nodes)
  cargo xtask perft VARIANT DEPTH [--position TEXT | --mode MODE] [--divide] [--nobulk] [--threads N]
                    [--hash MB] [--split PLIES] [--kinds] [--stack KIB]
        one run (--mode: a named start position, see `cargo xtask variants`); --hash MB: with a
        transposition table of MB MiB; --split PLIES: the positions after PLIES plies, transpositions
        merged, counted on the threads in turn (1 without it); --kinds: the leaves split by move
        kind (captures, special moves, promotions, checks, mates), the tree split after PLIES plies;
        --stack KIB: on a thread of KIB KiB of stack (to measure a perft's frames)
  cargo xtask bench [VARIANT…] [--seconds S] [--instructions] [--write-positions]
        perft speed per variant over the start and tests/data/bench.txt, next to cozy-chess in the
        same run, by the thread's CPU time (and wall time); --instructions: instructions per leaf
        under valgrind instead; --write-positions: draw bench.txt again from seeded random games
        (plies 20-120)
  cargo xtask fuzz [VARIANT…] [--seconds S]
        a bounded libFuzzer pass per variant (needs cargo-fuzz)
  cargo xtask package
        package every library crate, unpack it, and run its tests from the unpacked copy
  cargo xtask records write VARIANT GAMES FILE | read VARIANT FILE | san VARIANT GAMES | roundtrip VARIANT GAMES
        game records of random games: write and read speed, SAN speed, the byte-for-byte round trip
  cargo xtask variants
        list the variants and their named start positions
  cargo xtask mates [VARIANT…] [--per-distance N] [--seed S] [--mate-in-3-moves N] [--write]
        forced mates in 1-3 from seeded random games, by exhaustive search, for the engine's
        tests (--write: crates/engine/tests/data/mates.txt)";

/// The repository root (xtask lives one level below it).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask is inside the repository")
        .to_path_buf()
}

/// The value after a command-line `option` (`value`, the next argument), read as a `T`.
pub fn option_value<T: std::str::FromStr>(
    option: &str,
    value: Option<&String>,
) -> Result<T, String> {
    let text = value.ok_or_else(|| format!("{option} needs a value"))?;
    text.parse().map_err(|_| format!("bad {option} {text:?}"))
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
