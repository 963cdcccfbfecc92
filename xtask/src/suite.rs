//! `cargo xtask suite`: every row of every variant's perft and conformance files, the rows of
//! its deep perft file that fit the suite's time, and hash perft against plain perft at depth 3
//! on every conformance position.

use std::time::Instant;

use hexvar_geometry::perft::PerftRow;
use hexvar_geometry::VariantEntry;

use crate::{data, perft, threads_option, variants};

/// `--quick` skips rows above this many nodes, so that CI stays fast (and every deep row).
const QUICK_NODE_CAP: u64 = 15_000_000;

/// Deep rows up to this many nodes are counted again by plain perft (a few seconds each on two
/// threads); the deeper ones only by `cargo xtask perft … --hash`, as `docs/perft.md` says.
const DEEP_NODE_CAP: u64 = 1_000_000_000;

/// The depth at which hash perft is compared with plain perft on every conformance position.
const HASH_CHECK_DEPTH: u32 = 3;

/// The tally of a run.
#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    skipped: usize,
    nodes: u64,
}

pub fn run(args: &[String]) -> Result<(), String> {
    let mut args = args.to_vec();
    let threads = threads_option(&mut args)?;
    let quick = args.iter().any(|a| a == "--quick");
    args.retain(|a| a != "--quick");
    if let Some(flag) = args.iter().find(|a| a.starts_with("--")) {
        return Err(format!("unknown option {flag}\n{}", crate::USAGE));
    }
    let started = Instant::now();
    let mut tally = Tally::default();
    for variant in variants::select(&args)? {
        for file in data::PERFT_FILES {
            let cap = if quick { QUICK_NODE_CAP } else { u64::MAX };
            run_rows(variant, file, cap, threads, &mut tally)?;
        }
        if !quick {
            run_rows(variant, data::DEEP_FILE, DEEP_NODE_CAP, threads, &mut tally)?;
        }
        check_hash_perft(variant, threads, &mut tally)?;
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "suite: {} rows, {} passed, {} failed, {} skipped (above the row cap); {} nodes in {seconds:.1}s, {:.0} nodes/s on {threads} threads",
        tally.passed + tally.failed,
        tally.passed,
        tally.failed,
        tally.skipped,
        tally.nodes,
        tally.nodes as f64 / seconds.max(1e-9),
    );
    if tally.failed > 0 {
        return Err(format!(
            "{} perft rows disagree with their expected counts",
            tally.failed
        ));
    }
    Ok(())
}

/// Every row of one file up to `cap` nodes, by the variant's perft.
fn run_rows(
    variant: &VariantEntry,
    file: &str,
    cap: u64,
    threads: usize,
    tally: &mut Tally,
) -> Result<(), String> {
    for row in data::rows(variant.name, file)? {
        let place = format!("{}:{}", data::shown(variant.name, file), row.line);
        if row.count > cap {
            tally.skipped += 1;
            continue;
        }
        let t = Instant::now();
        let pos = (variant.parse)(&row.position).map_err(|e| format!("{place}: {e}"))?;
        let got = if threads > 1 {
            pos.perft_parallel(row.depth)
        } else {
            pos.perft(row.depth)
        };
        report(&place, &row, got, t.elapsed().as_secs_f64(), tally);
    }
    Ok(())
}

fn report(place: &str, row: &PerftRow, got: u64, seconds: f64, tally: &mut Tally) {
    let ok = got == row.count;
    tally.nodes += got;
    println!(
        "{} {place:<48} depth {} nodes {got:>13} expected {:>13} {seconds:>7.2}s",
        if ok { "ok  " } else { "FAIL" },
        row.depth,
        row.count,
    );
    if ok {
        tally.passed += 1;
    } else {
        tally.failed += 1;
    }
}

/// Hash perft (split at the root over the threads, one table for the whole file) against plain
/// perft at [`HASH_CHECK_DEPTH`] on every position of the conformance file: one row of the tally.
fn check_hash_perft(
    variant: &VariantEntry,
    threads: usize,
    tally: &mut Tally,
) -> Result<(), String> {
    let file = "conformance.txt";
    let mut rows = data::rows(variant.name, file)?;
    rows.dedup_by(|a, b| a.position == b.position);
    let texts: Vec<String> = rows.iter().map(|r| r.position.clone()).collect();
    let compared = (perft::typed(variant.name)?.plain_and_hash)(&texts, HASH_CHECK_DEPTH, threads)?;
    let mut failures = Vec::new();
    for (row, c) in rows.iter().zip(&compared) {
        tally.nodes += c.plain + c.hash;
        if c.plain != c.hash {
            let place = format!("{}:{}", data::shown(variant.name, file), row.line);
            failures.push(format!(
                "{place}: hash perft {}, plain perft {}",
                c.hash, c.plain
            ));
        }
    }
    let plain_seconds: f64 = compared.iter().map(|c| c.plain_seconds).sum();
    let hash_seconds: f64 = compared.iter().map(|c| c.hash_seconds).sum();
    println!(
        "{} {:<48} depth {HASH_CHECK_DEPTH} hash perft = plain perft on {} positions: {plain_seconds:.2}s plain, {hash_seconds:.2}s hash",
        if failures.is_empty() { "ok  " } else { "FAIL" },
        data::shown(variant.name, file),
        compared.len(),
    );
    for failure in &failures {
        println!("FAIL {failure}");
    }
    if failures.is_empty() {
        tally.passed += 1;
    } else {
        tally.failed += 1;
    }
    Ok(())
}
