//! `cargo xtask suite`: every row of every variant's perft and conformance files.

use std::time::Instant;

use crate::{data, threads_option, variants};

/// `--quick` skips rows above this many nodes, so that CI stays fast.
const QUICK_NODE_CAP: u64 = 15_000_000;

pub fn run(args: &[String]) -> Result<(), String> {
    let mut args = args.to_vec();
    let threads = threads_option(&mut args)?;
    let quick = args.iter().any(|a| a == "--quick");
    args.retain(|a| a != "--quick");
    if let Some(flag) = args.iter().find(|a| a.starts_with("--")) {
        return Err(format!("unknown option {flag}\n{}", crate::USAGE));
    }
    let started = Instant::now();
    let (mut passed, mut failed, mut skipped, mut nodes) = (0, 0, 0, 0u64);
    for variant in variants::select(&args)? {
        for file in data::PERFT_FILES {
            for row in data::rows(variant.name, file)? {
                let place = format!("{}:{}", data::shown(variant.name, file), row.line);
                if quick && row.count > QUICK_NODE_CAP {
                    skipped += 1;
                    continue;
                }
                let t = Instant::now();
                let pos = (variant.parse)(&row.position).map_err(|e| format!("{place}: {e}"))?;
                let got = if threads > 1 {
                    pos.perft_parallel(row.depth)
                } else {
                    pos.perft(row.depth)
                };
                let seconds = t.elapsed().as_secs_f64();
                let ok = got == row.count;
                nodes += got;
                println!(
                    "{} {place:<48} depth {} nodes {got:>13} expected {:>13} {seconds:>7.2}s",
                    if ok { "ok  " } else { "FAIL" },
                    row.depth,
                    row.count,
                );
                if ok {
                    passed += 1;
                } else {
                    failed += 1;
                }
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "suite: {} rows, {passed} passed, {failed} failed, {skipped} skipped (above the --quick cap); {nodes} nodes in {seconds:.1}s, {:.0} nodes/s on {threads} threads",
        passed + failed,
        nodes as f64 / seconds.max(1e-9),
    );
    if failed > 0 {
        return Err(format!(
            "{failed} perft rows disagree with their expected counts"
        ));
    }
    Ok(())
}
