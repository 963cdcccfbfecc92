//! `cargo xtask`: the cross-variant perft suite, single perft/divide runs, and benchmarks.
//!
//! ```text
//! cargo xtask suite [--quick]
//! cargo xtask perft VARIANT DEPTH [--position TEXT | --mode MODE] [--divide] [--nobulk]
//! cargo xtask bench [--seconds S]
//! cargo xtask variants
//! ```

mod bench;
mod variants;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use variants::{Variant, VARIANTS};

/// `suite --quick` skips rows above this many nodes, so that CI stays fast.
const QUICK_NODE_CAP: u64 = 15_000_000;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("suite") => suite(&args[1..]),
        Some("perft") => perft(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("variants") => {
            for v in VARIANTS {
                println!("{}", v.name);
            }
            Ok(())
        }
        _ => Err(USAGE.to_string()),
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
  cargo xtask suite [--quick]                 run every perft data file (--quick: rows up to 15M nodes)
  cargo xtask perft VARIANT DEPTH [--position TEXT | --mode MODE] [--divide] [--nobulk]
                                              (--mode: kirby's 2p, 3p, 4p, 4p-teams, 6p, 6p-3teams, 6p-2teams)
  cargo xtask bench [--seconds S]             perft speed per variant next to cozy-chess
  cargo xtask variants                        list the variants";

/// The repository root (xtask lives one level below it).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask is inside the repository")
        .to_path_buf()
}

/// One row of a perft data file.
struct PerftRow {
    depth: u32,
    count: u64,
    position: String,
    line: usize,
}

fn read_rows(variant: &Variant) -> Result<Vec<PerftRow>, String> {
    let path = root()
        .join("crates")
        .join(variant.name)
        .join("tests/data/perft.txt");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || {
            format!(
                "{}:{}: expected `<depth> <count> <position>`",
                path.display(),
                i + 1
            )
        };
        let mut parts = line.splitn(3, ' ');
        let depth = parts.next().and_then(|d| d.parse().ok()).ok_or_else(bad)?;
        let count = parts.next().and_then(|c| c.parse().ok()).ok_or_else(bad)?;
        let position = parts.next().ok_or_else(bad)?.trim().to_string();
        rows.push(PerftRow {
            depth,
            count,
            position,
            line: i + 1,
        });
    }
    Ok(rows)
}

fn suite(args: &[String]) -> Result<(), String> {
    let quick = match args {
        [] => false,
        [flag] if flag == "--quick" => true,
        _ => return Err(USAGE.to_string()),
    };
    let started = Instant::now();
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    for variant in VARIANTS {
        for row in read_rows(variant)? {
            if quick && row.count > QUICK_NODE_CAP {
                skipped += 1;
                continue;
            }
            let t = Instant::now();
            let run = (variant.prepare)(Some(&row.position))?;
            let nodes = run(row.depth, true);
            let seconds = t.elapsed().as_secs_f64();
            let ok = nodes == row.count;
            println!(
                "{} {:<10} line {:>3} depth {} nodes {:>13} expected {:>13} {:>8.2}s {:>12.0} nodes/s",
                if ok { "ok  " } else { "FAIL" },
                variant.name,
                row.line,
                row.depth,
                nodes,
                row.count,
                seconds,
                nodes as f64 / seconds.max(1e-9)
            );
            if ok {
                passed += 1;
            } else {
                failed += 1;
            }
        }
    }
    println!(
        "suite: {passed} passed, {failed} failed, {skipped} skipped (above the --quick cap) in {:.1}s",
        started.elapsed().as_secs_f64()
    );
    if failed > 0 {
        return Err(format!(
            "{failed} perft rows disagree with their expected counts"
        ));
    }
    Ok(())
}

fn perft(args: &[String]) -> Result<(), String> {
    let mut positional = Vec::new();
    let mut position = None;
    let mut mode: Option<String> = None;
    let mut divide = false;
    let mut bulk = true;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--position" => {
                position = Some(it.next().ok_or("--position needs a position text")?.clone())
            }
            "--mode" => mode = Some(it.next().ok_or("--mode needs a mode name")?.clone()),
            "--divide" => divide = true,
            "--nobulk" => bulk = false,
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}\n{USAGE}")),
            _ => positional.push(arg.clone()),
        }
    }
    let [name, depth] = positional.as_slice() else {
        return Err(USAGE.to_string());
    };
    let variant = variants::find(name)?;
    let depth: u32 = depth.parse().map_err(|_| format!("bad depth {depth:?}"))?;
    if let Some(mode) = mode {
        if position.is_some() {
            return Err("give --mode or --position, not both".into());
        }
        let start = variant
            .start_of_mode
            .ok_or_else(|| format!("{name} has no modes"))?;
        position = Some(start(&mode)?);
    }
    let started = Instant::now();
    let nodes = if divide {
        let mut total = 0;
        for (mv, count) in (variant.divide)(position.as_deref(), depth)? {
            println!("{mv} {count}");
            total += count;
        }
        total
    } else {
        let run = (variant.prepare)(position.as_deref())?;
        run(depth, bulk)
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("time {seconds:.3}s");
    println!("nodes/s {:.0}", nodes as f64 / seconds.max(1e-9));
    println!("nodes {nodes}");
    Ok(())
}

#[cfg(test)]
mod repository_rules {
    use super::*;

    #[test]
    fn readme_starts_with_the_two_commands_and_ci_runs_the_test_command() {
        let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
        let commands: Vec<&str> = readme
            .lines()
            .skip_while(|l| !l.starts_with("```sh"))
            .skip(1)
            .take(2)
            .map(|l| l.split('#').next().unwrap().trim())
            .collect();
        assert_eq!(
            commands,
            ["cargo xtask suite", "cargo test --workspace --all-features"]
        );
        let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
        assert!(
            ci.lines().any(|l| l.trim() == commands[1]),
            ".ci/run must run the README's test command"
        );
    }

    #[test]
    fn every_variant_has_perft_data_and_a_rules_page() {
        for variant in VARIANTS {
            let rows = read_rows(variant).unwrap();
            assert!(!rows.is_empty(), "{} has no perft rows", variant.name);
            assert!(
                root()
                    .join("docs")
                    .join(format!("{}.md", variant.name))
                    .exists(),
                "docs/{}.md",
                variant.name
            );
        }
    }
}
