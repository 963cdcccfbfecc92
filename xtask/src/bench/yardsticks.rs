//! The yardsticks program (`yardsticks/`, outside the workspace: cozy-chess and the `chess`
//! crate, whose dependency trees would otherwise be built by every `cargo test --workspace`):
//! built here with xtask's own release profile and a chosen target CPU, and asked for perfts and
//! timings one line at a time while the bench measures its own positions between its answers.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use super::timing::Timed;
use crate::root;

/// The chess move generators measured beside ours: cozy-chess (the ratios are to it) and the
/// `chess` crate, each perft written the way its authors run it.
pub const NAMES: [&str; 2] = ["cozy-chess", "chess"];

/// The code generation flags of every measured build, ours and the yardsticks' alike, for a
/// target CPU. Two flags keep CPU time about the code rather than its placement. Loops are
/// aligned to 64 bytes. AVX-512 is left out: on this AMD EPYC its code made brusky's no-bulk
/// perft swing between 0.88 and 1.55 times cozy-chess's speed across commits that left its
/// instructions identical (a commit that changed only compile-time table building was enough),
/// and it slowed cozy-chess's no-bulk perft too (73 against 82 M leaves per CPU-second). Without
/// it, quiet, brusky reads 1.353 bulk / 1.474 no bulk, as with `x86-64-v3` (1.374 / 1.470). The
/// same flags are in the `cargo xtask` alias (`.cargo/config.toml`), which builds our side of
/// `cargo xtask bench`.
pub fn rustflags(target_cpu: &str) -> String {
    format!("-C target-cpu={target_cpu} {WITHOUT_AVX512} {LOOP_ALIGNMENT}")
}

/// The loop-alignment flag of [`rustflags`].
pub const LOOP_ALIGNMENT: &str = "-C llvm-args=-align-loops=64";

/// The flag of [`rustflags`] that leaves AVX-512 out (a no-op on a CPU without it).
pub const WITHOUT_AVX512: &str = "-C target-feature=-avx512f";

/// Builds the yardsticks program for `target_cpu` (`native`, `x86-64-v3`) into `target_dir`
/// and returns its path.
pub fn build(target_cpu: &str, target_dir: &Path) -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(root())
        .env("RUSTFLAGS", rustflags(target_cpu))
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(root().join("yardsticks/Cargo.toml"))
        .arg("--target-dir")
        .arg(target_dir)
        .status()
        .map_err(|e| format!("cargo build of the yardsticks: {e}"))?;
    if !status.success() {
        return Err(format!("the yardsticks' build for {target_cpu} failed"));
    }
    Ok(target_dir.join("release/yardsticks"))
}

/// The arguments of a one-shot perft run of the program (`perft NAME DEPTH bulk|nobulk FEN`),
/// for valgrind.
pub fn perft_args(name: &str, depth: u32, bulk: bool, fen: &str) -> Vec<String> {
    let request = request("perft", name, depth, bulk, "", fen);
    request.split(' ').map(String::from).collect()
}

/// A running yardsticks program in its `serve` mode.
pub struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Server {
    pub fn start(binary: &Path) -> Result<Server, String> {
        let mut child = Command::new(binary)
            .arg("serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{}: {e}", binary.display()))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        Ok(Server {
            child,
            stdin: Some(stdin),
            stdout,
        })
    }

    /// The leaves of yardstick `name`'s perft of `fen`.
    pub fn perft(&mut self, name: &str, fen: &str, bulk: bool, depth: u32) -> Result<u64, String> {
        let reply = self.ask(&request("perft", name, depth, bulk, "", fen))?;
        let [leaves] = fields(&reply, &["leaves"])?[..] else {
            unreachable!("one field")
        };
        value(&reply, leaves)
    }

    /// Yardstick `name`'s perft of `fen` run for `seconds` of the program's CPU time, as round
    /// `round` of the bench (see [`super::timing::time`]).
    pub fn time(
        &mut self,
        (name, fen, bulk, depth): (&str, &str, bool, u32),
        seconds: f64,
        round: usize,
    ) -> Result<Timed, String> {
        let timing = format!("{seconds} {round} ");
        let reply = self.ask(&request("time", name, depth, bulk, &timing, fen))?;
        let [leaves, cpu, wall] = fields(&reply, &["leaves", "cpu", "wall"])?[..] else {
            unreachable!("three fields")
        };
        Ok(Timed {
            leaves: value(&reply, leaves)?,
            cpu: value(&reply, cpu)?,
            wall: value(&reply, wall)?,
        })
    }

    fn ask(&mut self, request: &str) -> Result<String, String> {
        let stdin = self.stdin.as_mut().expect("open until dropped");
        writeln!(stdin, "{request}")
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("the yardsticks program: {e}"))?;
        let mut reply = String::new();
        self.stdout
            .read_line(&mut reply)
            .map_err(|e| format!("the yardsticks program: {e}"))?;
        match reply.trim_end().strip_prefix("error ") {
            Some(error) => Err(format!("the yardsticks program: {error}")),
            None if reply.is_empty() => Err("the yardsticks program ended".into()),
            None => Ok(reply.trim_end().to_string()),
        }
    }
}

impl Drop for Server {
    /// Closes the program's stdin, which ends it, and waits for it.
    fn drop(&mut self) {
        self.stdin = None;
        let _ = self.child.wait();
    }
}

/// A request line: `VERB NAME DEPTH MODE [EXTRA]FEN` (EXTRA ends with a space).
pub fn request(verb: &str, name: &str, depth: u32, bulk: bool, extra: &str, fen: &str) -> String {
    let mode = if bulk { "bulk" } else { "nobulk" };
    format!("{verb} {name} {depth} {mode} {extra}{fen}")
}

/// The values of a reply `KEY VALUE KEY VALUE …` with the keys `keys`, in their order.
pub fn fields<'r>(reply: &'r str, keys: &[&str]) -> Result<Vec<&'r str>, String> {
    let words: Vec<&str> = reply.split_whitespace().collect();
    if words.len() != 2 * keys.len() {
        return Err(bad_reply(reply));
    }
    keys.iter()
        .zip(words.chunks(2))
        .map(|(key, pair)| match pair {
            [k, value] if k == key => Ok(*value),
            _ => Err(bad_reply(reply)),
        })
        .collect()
}

/// One value of `reply`, parsed.
pub fn value<T: std::str::FromStr>(reply: &str, text: &str) -> Result<T, String> {
    text.parse().map_err(|_| bad_reply(reply))
}

fn bad_reply(reply: &str) -> String {
    format!("the yardsticks program answered {reply:?}")
}
