//! `cargo xtask fuzz`: a bounded coverage-guided pass of every variant's two fuzz targets
//! (`fuzz/fuzz_targets/<variant>.rs`, the texts, moves and games, and
//! `fuzz/fuzz_targets/<variant>_record.rs`, the game record reader; libFuzzer through cargo-fuzz
//! on the stable toolchain), seeded with every position text of the variant's data files and the
//! records of a few random games.

use std::process::Command;

use crate::{data, root, variants};

pub fn run(args: &[String]) -> Result<(), String> {
    let mut names = Vec::new();
    let mut seconds = 60u64;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--seconds" => seconds = crate::option_value(arg, it.next())?,
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}")),
            _ => names.push(arg.clone()),
        }
    }
    let installed = Command::new("cargo").args(["fuzz", "--version"]).output();
    if !installed.is_ok_and(|o| o.status.success()) {
        return Err("cargo-fuzz is missing: cargo install cargo-fuzz".into());
    }
    let selected = variants::select(&names)?;
    // Every run builds with all the selected variants' features, so the targets are built once.
    let features: Vec<&str> = selected.iter().map(|v| v.name).collect();
    let features = features.join(",");
    let mut summary = Vec::new();
    for variant in selected {
        let targets = [
            (variant.name.to_string(), seed_corpus(variant.name)?),
            (format!("{}_record", variant.name), seed_records(variant)?),
        ];
        for (target, corpus) in targets {
            let runs = fuzz_target(&target, &features, &corpus, seconds)?;
            summary.push(format!("{target} {runs}"));
        }
    }
    println!(
        "fuzz: {} targets passed ({})",
        summary.len(),
        summary.join(", ")
    );
    Ok(())
}

/// Runs one target for `seconds`; returns its number of executions.
fn fuzz_target(target: &str, features: &str, corpus: &str, seconds: u64) -> Result<String, String> {
    println!("fuzz {target}: {seconds}s from {corpus}");
    let output = Command::new("cargo")
        .current_dir(root().join("fuzz"))
        .env("RUSTC_BOOTSTRAP", "1")
        .args([
            "fuzz",
            "run",
            "-s",
            "none",
            "--debug-assertions",
            "--features",
        ])
        .args([features, target, corpus, "--"])
        .arg(format!("-max_total_time={seconds}"))
        .arg("-print_final_stats=1")
        .output()
        .map_err(|e| format!("cargo fuzz: {e}"))?;
    let log = String::from_utf8_lossy(&output.stderr);
    let runs = log
        .lines()
        .find_map(|l| l.strip_prefix("stat::number_of_executed_units:"))
        .map(str::trim)
        .unwrap_or("?")
        .to_string();
    if !output.status.success() {
        let tail: Vec<&str> = log.lines().rev().take(40).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(format!(
            "fuzz {target} found a failure:\n{}",
            tail.join("\n")
        ));
    }
    println!("fuzz {target}: {runs} executions in {seconds}s, no failure");
    Ok(runs)
}

/// Writes the records of a few random games (and a few cut short, or with a bad move) as seed
/// inputs of the record target; returns the corpus folder.
fn seed_records(variant: &hexvar_geometry::VariantEntry) -> Result<String, String> {
    let dir = root()
        .join("fuzz/corpus")
        .join(format!("{}_record", variant.name));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for game_number in 0..6 {
        let mut game = (variant.new_game)(None).map_err(|e| e.to_string())?;
        for _ in 0..(20 + 30 * game_number) {
            let moves = game.moves();
            if moves.is_empty() {
                break;
            }
            // xorshift64: enough to pick moves.
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let chosen = &moves[(seed % moves.len() as u64) as usize];
            game.play_text(&chosen.san).map_err(|e| e.to_string())?;
        }
        let record = game.record();
        let path = dir.join(format!("seed-{game_number}"));
        std::fs::write(&path, &record).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(dir.display().to_string())
}

/// Writes every position text of the variant's data files, and the start position's move texts,
/// as seed inputs; returns the corpus folder.
fn seed_corpus(variant: &str) -> Result<String, String> {
    let dir = root().join("fuzz/corpus").join(variant);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut seeds: Vec<String> = Vec::new();
    for file in data::PERFT_FILES {
        seeds.extend(data::rows(variant, file)?.into_iter().map(|r| r.position));
    }
    seeds.extend(data::bench_positions(variant)?);
    let entry = variants::find(variant)?;
    let start = (entry.start)();
    seeds.extend(start.moves().into_iter().map(|m| m.notation));
    seeds.extend((entry.start_positions)().into_iter().map(|(_, text)| text));
    seeds.sort();
    seeds.dedup();
    for (i, seed) in seeds.iter().enumerate() {
        let path = dir.join(format!("seed-{i:04}"));
        std::fs::write(&path, seed).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(dir.display().to_string())
}
