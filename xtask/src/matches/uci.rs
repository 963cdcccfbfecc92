//! One engine process spoken to over the UCI-style protocol of `hexvar-engine`: the handshake,
//! options, a position with its moves, `go`, and the `bestmove` answer with the last score the
//! engine reported on the way.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// How long the handshake (`uci`, `isready`) may take.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);

/// A mate score in centipawns, beyond every material score.
pub const MATE_CP: i32 = 100_000;

/// How an engine writes its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// The variants' long move notation (`Variant::long`): the protocol's own.
    Long,
    /// The variants' move notation (`Display` of the move, read by `parse_move`), for engines
    /// older than the long notation.
    Native,
}

/// What the match knows of an engine before starting it.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// The name the match reports it under (`A`, `B`, or what the command line says).
    pub name: String,
    /// The program to run.
    pub command: String,
    /// `setoption` pairs sent after the handshake (besides the variant).
    pub options: Vec<(String, String)>,
    /// The engine's move notation.
    pub notation: Notation,
}

/// An engine's answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The move text after `bestmove`; `None` for `bestmove (none)`.
    pub best: Option<String>,
    /// The last score an `info` line gave, in centipawns from the mover's view (mates as
    /// `±MATE_CP`).
    pub score: Option<i32>,
}

/// How long an engine took to answer `go`: from the `go` line written to the `bestmove` line
/// read, pipe and process overhead included, so that a time limit's overruns show.
#[derive(Clone, Debug, Default)]
pub struct ThinkTimes {
    /// Every answer's time, in microseconds.
    pub micros: Vec<u64>,
}

impl ThinkTimes {
    /// The answers, their mean and largest time, and how many took longer than `limit`.
    pub fn summary(&self, limit: Option<Duration>) -> String {
        let n = self.micros.len().max(1) as f64;
        let mean = self.micros.iter().sum::<u64>() as f64 / n / 1000.0;
        let mut sorted = self.micros.clone();
        sorted.sort_unstable();
        let quantile = |q: f64| {
            sorted
                .get(((sorted.len() as f64 - 1.0) * q).round() as usize)
                .map_or(0.0, |&m| m as f64 / 1000.0)
        };
        let mut text = format!(
            "{} answers, mean {mean:.1} ms, 99th percentile {:.1} ms, longest {:.1} ms",
            self.micros.len(),
            quantile(0.99),
            quantile(1.0)
        );
        if let Some(limit) = limit {
            let over = self
                .micros
                .iter()
                .filter(|&&m| u128::from(m) > limit.as_micros())
                .count();
            text.push_str(&format!(", {over} over {} ms", limit.as_millis()));
        }
        text
    }
}

/// A running engine process.
pub struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// The engine's name as the match reports it.
    pub name: String,
    /// The engine's move notation.
    pub notation: Notation,
    /// How long each of its answers to `go` took.
    pub think: ThinkTimes,
}

impl Engine {
    /// Starts the program, shakes hands (`uci` … `uciok`), and sets the variant and the options.
    pub fn start(spec: &EngineSpec, variant: &str) -> Result<Engine, String> {
        let mut child = Command::new(&spec.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("engine {}: cannot start {:?}: {e}", spec.name, spec.command))?;
        let input = child.stdin.take().ok_or("no engine stdin")?;
        let output = child.stdout.take().ok_or("no engine stdout")?;
        let (sender, lines) = mpsc::channel();
        // A reader thread, so that every wait for the engine can time out.
        thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            input,
            lines,
            name: spec.name.clone(),
            notation: spec.notation,
            think: ThinkTimes::default(),
        };
        engine.send("uci")?;
        engine.wait_for(|l| l == "uciok", HANDSHAKE_TIMEOUT)?;
        engine.send(&format!("setoption name UCI_Variant value {variant}"))?;
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// Writes one line to the engine.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("engine {}: write failed: {e}", self.name))
    }

    /// `isready`, answered by `readyok`.
    pub fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.wait_for(|l| l == "readyok", HANDSHAKE_TIMEOUT)
            .map(drop)
    }

    /// `ucinewgame`, then `isready`.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// Sends the position and `go <limit>`, and waits (at most `timeout`) for `bestmove`.
    pub fn go(&mut self, position: &str, limit: &str, timeout: Duration) -> Result<Answer, String> {
        self.send(position)?;
        let asked = std::time::Instant::now();
        self.send(&format!("go {limit}"))?;
        let mut score = None;
        let best = self.wait_for(
            |line| {
                if let Some(s) = info_score(line) {
                    score = Some(s);
                }
                line.starts_with("bestmove")
            },
            timeout,
        )?;
        let took = asked.elapsed().as_micros();
        self.think
            .micros
            .push(u64::try_from(took).unwrap_or(u64::MAX));
        Ok(Answer {
            best: bestmove(&best),
            score,
        })
    }

    /// Reads lines until one satisfies `done` and returns it.
    fn wait_for(
        &mut self,
        mut done: impl FnMut(&str) -> bool,
        timeout: Duration,
    ) -> Result<String, String> {
        loop {
            match self.lines.recv_timeout(timeout) {
                Ok(line) if done(line.trim()) => return Ok(line.trim().to_string()),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("engine {}: no answer in {timeout:?}", self.name))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("engine {}: the process ended", self.name))
                }
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // `quit`, then make sure: a hung engine must not outlive the match.
        let _ = self.send("quit");
        thread::sleep(Duration::from_millis(20));
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove …` line: the rest of the line (a native notation may hold a space,
/// as C'escacs's Black castling `b KRK-II` does), up to a `ponder` word; `None` for
/// `bestmove (none)`.
pub fn bestmove(line: &str) -> Option<String> {
    let words: Vec<&str> = line
        .split_whitespace()
        .skip(1)
        .take_while(|w| *w != "ponder")
        .collect();
    let text = words.join(" ");
    (!text.is_empty() && text != "(none)").then_some(text)
}

/// The score of an `info … score cp X | mate N …` line, in centipawns from the mover's view.
pub fn info_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") {
        return None;
    }
    let at = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(at + 2)?.parse().ok()?;
    match *words.get(at + 1)? {
        "cp" => Some(value),
        "mate" if value > 0 => Some(MATE_CP),
        "mate" => Some(-MATE_CP),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_read_from_info_lines() {
        assert_eq!(
            info_score("info depth 3 score cp -41 nodes 90 pv a1a2"),
            Some(-41)
        );
        assert_eq!(info_score("info depth 5 score mate 2 pv x"), Some(MATE_CP));
        assert_eq!(info_score("info score mate -1"), Some(-MATE_CP));
        assert_eq!(info_score("info score mate 0"), Some(-MATE_CP));
        assert_eq!(info_score("info string score cp x"), None);
        assert_eq!(info_score("bestmove a1a2"), None);
        assert_eq!(info_score("info depth 2 score"), None);
    }

    #[test]
    fn a_best_move_is_the_rest_of_the_line() {
        assert_eq!(bestmove("bestmove a1a2").as_deref(), Some("a1a2"));
        assert_eq!(bestmove("bestmove b KRK-II").as_deref(), Some("b KRK-II"));
        assert_eq!(
            bestmove("bestmove e2e4 ponder e7e5").as_deref(),
            Some("e2e4")
        );
        assert_eq!(bestmove("bestmove (none)"), None);
        assert_eq!(bestmove("bestmove"), None);
    }
}
