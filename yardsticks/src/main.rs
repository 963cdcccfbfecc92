//! The standard-chess yardsticks of `cargo xtask bench`: cozy-chess (the bench's ratios are to
//! it) and the `chess` crate, each perft written the way its authors run it.
//!
//! A program of its own outside the workspace, so that the yardsticks' dependency trees (the
//! `chess` crate's brings syn 1, failure, backtrace and rand 0.7) stay out of
//! `cargo test --workspace`. `cargo xtask bench` builds it with the same profile and target CPU as
//! itself and runs it beside its own positions, in the same run.
//!
//! ```text
//! yardsticks perft NAME DEPTH bulk|nobulk FEN   one perft; prints `leaves N` (run under valgrind
//!                                               by `cargo xtask bench --instructions`)
//! yardsticks serve                              requests on stdin, one a line, each answered on
//!                                               stdout by one line (`error …` when it fails):
//!   perft NAME DEPTH bulk|nobulk FEN                     `leaves N`
//!   time NAME DEPTH bulk|nobulk SECONDS ROUND FEN        `leaves N cpu S wall S`: the perft run
//!                                                        again for SECONDS of this thread's CPU
//!                                                        time, round ROUND of the bench
//! ```

mod perfts;
#[path = "../../xtask/src/bench/timing.rs"]
mod timing;

use std::io::{BufRead, Write};
use std::process::ExitCode;

const USAGE: &str = "usage: yardsticks perft NAME DEPTH bulk|nobulk FEN | yardsticks serve";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => answer(&args.join(" ")).map(|line| println!("{line}")),
        Some("serve") => serve(),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yardsticks: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Answers each request line of stdin with one line, until stdin ends.
fn serve() -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| format!("stdin: {e}"))?;
        let reply = answer(&line).unwrap_or_else(|e| format!("error {e}"));
        writeln!(out, "{reply}")
            .and_then(|()| out.flush())
            .map_err(|e| format!("stdout: {e}"))?;
    }
    Ok(())
}

/// The answer to one request (see the crate's head).
fn answer(request: &str) -> Result<String, String> {
    let mut words = request.split_whitespace();
    let verb = words.next().unwrap_or("");
    let arity = match verb {
        "perft" => 3,
        "time" => 5,
        _ => return Err(format!("unknown request {request:?}; {USAGE}")),
    };
    let head: Vec<&str> = words.by_ref().take(arity).collect();
    let fen = words.collect::<Vec<_>>().join(" ");
    if head.len() < arity || fen.is_empty() {
        return Err(format!("too few fields in {request:?}"));
    }
    let depth: u32 = parse(head[1], "depth")?;
    let bulk = match head[2] {
        "bulk" => true,
        "nobulk" => false,
        mode => return Err(format!("bad mode {mode:?}: bulk or nobulk")),
    };
    let run = perfts::runner(head[0], &fen, bulk)?;
    if verb == "perft" {
        return Ok(format!("leaves {}", run(depth)));
    }
    let seconds: f64 = parse(head[3], "seconds")?;
    let round: usize = parse(head[4], "round")?;
    let timed = timing::time(seconds, round, &|| run(depth));
    Ok(format!(
        "leaves {} cpu {} wall {}",
        timed.leaves, timed.cpu, timed.wall
    ))
}

fn parse<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("bad {what} {text:?}"))
}

#[cfg(test)]
mod tests {
    use super::answer;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn perft_and_time_requests() {
        let perft = answer(&format!("perft chess 3 nobulk {START}")).unwrap();
        assert_eq!(perft, "leaves 8902");
        let time = answer(&format!("time cozy-chess 2 bulk 0.001 1 {START}")).unwrap();
        let fields: Vec<&str> = time.split(' ').collect();
        assert_eq!((fields[0], fields[2], fields[4]), ("leaves", "cpu", "wall"));
        let leaves: u64 = fields[1].parse().unwrap();
        assert!(leaves >= 400 && leaves.is_multiple_of(400), "{time}");
    }

    #[test]
    fn bad_requests_are_errors() {
        for request in [
            "",
            "perft chess 3 nobulk",
            "perft chess x bulk 8/8/8/8/8/8/8/8 w - - 0 1",
            &format!("perft chess 3 sideways {START}"),
            &format!("time chess 3 bulk soon 0 {START}"),
            &format!("perft stockfish 3 bulk {START}"),
        ] {
            assert!(answer(request).is_err(), "{request:?}");
        }
    }
}
