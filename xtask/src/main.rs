//! The `cargo xtask` program: the commands of the `xtask` library (`lib.rs` lists them all), and
//! `match` and `mates`, whose modules are this binary's. The library is built once and has no
//! unit-test build of its own (`test = false`): its tests are in `tests/`, linking it; the two
//! modules here keep their unit tests in this binary's test build.

mod matches;
mod mates;

use std::process::ExitCode;

// What `matches` and `mates` name through `crate::`.
use xtask::{root, variants};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    let usage = || format!("{}\n{}", xtask::USAGE, matches::USAGE);
    let result = match args.first().map(String::as_str) {
        Some("match") => matches::run(rest),
        Some("mates") => mates::run(rest),
        Some(command) => xtask::run(command, rest).unwrap_or_else(|| Err(usage())),
        None => Err(usage()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
