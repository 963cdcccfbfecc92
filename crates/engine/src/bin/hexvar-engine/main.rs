//! The `hexvar-engine` program: the engine behind a UCI-style protocol on stdin and stdout, for
//! every hexvar variant (the crate's README lists the commands). A search runs on its own
//! thread, so that `stop`, `isready` and `quit` are read while it thinks. A malformed line is
//! answered with `info string <why>` and otherwise ignored.

#![forbid(unsafe_code)]

mod command;
mod notation;
mod session;

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use hexvar_engine::{Levers, Options};

use command::{quote, Command, Go};
use session::{kirby_starts, new_session, Session, VARIANTS};

/// The largest hash table the `Hash` option allows, in MiB.
const MAX_HASH_MB: usize = 65_536;
/// The most lines `MultiPV` allows.
const MAX_MULTI_PV: usize = 256;
/// The contempt's range, in centipawns.
const MAX_CONTEMPT: i32 = 1_000;

/// The search's levers as check options (for measuring one against the search without it):
/// each option's name and its value in `levers`.
fn lever_options(levers: &Levers) -> [(&'static str, bool); 14] {
    [
        ("See", levers.see),
        ("MatingDrive", levers.mating_drive),
        ("Futility", levers.futility),
        ("NullMove", levers.null_move),
        ("Hand", levers.hand),
        ("LateMovePruning", levers.late_move_pruning),
        ("LogReductions", levers.log_reductions),
        ("HistoryMalus", levers.history_malus),
        ("Aspiration", levers.aspiration),
        ("QuiescenceTable", levers.quiescence_table),
        ("BestReply", levers.best_reply),
        ("PassedPawns", levers.passed_pawns),
        ("QuiescencePromotions", levers.quiescence_promotions),
        ("WideFutility", levers.wide_futility),
    ]
}

/// Sets the lever named `lower` (an option name of [`lever_options`], lower case).
fn set_lever(levers: &mut Levers, lower: &str, on: bool) {
    match lower {
        "see" => levers.see = on,
        "matingdrive" => levers.mating_drive = on,
        "futility" => levers.futility = on,
        "nullmove" => levers.null_move = on,
        "hand" => levers.hand = on,
        "latemovepruning" => levers.late_move_pruning = on,
        "logreductions" => levers.log_reductions = on,
        "historymalus" => levers.history_malus = on,
        "aspiration" => levers.aspiration = on,
        "quiescencetable" => levers.quiescence_table = on,
        "bestreply" => levers.best_reply = on,
        "passedpawns" => levers.passed_pawns = on,
        "quiescencepromotions" => levers.quiescence_promotions = on,
        "widefutility" => levers.wide_futility = on,
        _ => {}
    }
}

/// Writes one line of output at once.
fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    // Nothing is left to do when the reader has gone away.
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

fn main() {
    let mut program = Program::new();
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // Bytes that are not UTF-8 become U+FFFD and then an unknown command, not a crash.
        let line = String::from_utf8_lossy(&bytes);
        match command::parse(&line) {
            Err(why) => say(&format!("info string {why}")),
            Ok(None) => {}
            Ok(Some(Command::Quit)) => break,
            Ok(Some(command)) => program.run(command),
        }
    }
    program.stop_search();
}

/// A search on its thread, which hands the session back when it ends.
struct Search {
    thread: JoinHandle<Box<dyn Session>>,
    stop: Arc<AtomicBool>,
    /// Raised just before the `bestmove` line is written.
    answered: Arc<AtomicBool>,
}

struct Program {
    variant: &'static str,
    options: Options,
    /// The name of Kirby's start (`KirbyStart`).
    kirby_start: String,
    /// The game and engine; `None` while a search holds them.
    session: Option<Box<dyn Session>>,
    search: Option<Search>,
}

impl Program {
    fn new() -> Program {
        let options = Options::default();
        Program {
            variant: VARIANTS[0],
            options,
            kirby_start: kirby_starts()[0].0.clone(),
            session: new_session(VARIANTS[0], options),
            search: None,
        }
    }

    fn run(&mut self, command: Command) {
        match command {
            Command::Uci => self.identify(),
            Command::IsReady => say("readyok"),
            Command::Stop => self.stop_search(),
            Command::Ignored | Command::Quit => {}
            Command::SetOption { name, value } => {
                self.settle("setoption");
                if let Err(why) = self.set_option(&name, &value) {
                    say(&format!("info string {why}"));
                }
            }
            Command::NewGame => {
                self.settle("ucinewgame");
                let start = self.start_text();
                self.session_mut().new_game(start.as_deref());
            }
            Command::Position { text, moves } => {
                self.settle("position");
                let start = self.start_text();
                let set =
                    self.session_mut()
                        .set_position(text.as_deref(), start.as_deref(), &moves);
                if let Err(why) = set {
                    say(&format!("info string {why}; the position is unchanged"));
                }
            }
            Command::Go(go) => {
                self.settle("go");
                self.go(go);
            }
        }
    }

    fn identify(&self) {
        say(&format!(
            "id name hexvar-engine {}",
            env!("CARGO_PKG_VERSION")
        ));
        say("id author The hexvar developers");
        let variants: Vec<String> = VARIANTS.iter().map(|v| format!("var {v}")).collect();
        say(&format!(
            "option name UCI_Variant type combo default {} {}",
            VARIANTS[0],
            variants.join(" ")
        ));
        let defaults = Options::default();
        say(&format!(
            "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
            defaults.hash_mb
        ));
        say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"
        ));
        say(&format!(
            "option name Contempt type spin default 0 min -{MAX_CONTEMPT} max {MAX_CONTEMPT}"
        ));
        for (name, on) in lever_options(&defaults.levers) {
            say(&format!("option name {name} type check default {on}"));
        }
        let starts: Vec<String> = kirby_starts()
            .into_iter()
            .map(|(name, _)| format!("var {name}"))
            .collect();
        say(&format!(
            "option name KirbyStart type combo default {} {}",
            kirby_starts()[0].0,
            starts.join(" ")
        ));
        say("uciok");
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let number = |low: i64, high: i64| -> Result<i64, String> {
            value
                .parse::<i64>()
                .ok()
                .filter(|n| (low..=high).contains(n))
                .ok_or_else(|| format!("{name} takes {low} to {high}, not '{}'", quote(value)))
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let Some(&variant) = VARIANTS.iter().find(|v| v.eq_ignore_ascii_case(value)) else {
                    return Err(format!(
                        "UCI_Variant is one of {}, not '{}'",
                        VARIANTS.join(", "),
                        quote(value)
                    ));
                };
                self.variant = variant;
                self.session = new_session(variant, self.options);
                let start = self.start_text();
                self.session_mut().new_game(start.as_deref());
                return Ok(());
            }
            "hash" => self.options.hash_mb = number(1, MAX_HASH_MB as i64)? as usize,
            "multipv" => self.options.multi_pv = number(1, MAX_MULTI_PV as i64)? as usize,
            "contempt" => {
                self.options.contempt =
                    number(-i64::from(MAX_CONTEMPT), MAX_CONTEMPT.into())? as i32
            }
            "kirbystart" => {
                let starts = kirby_starts();
                let Some((found, _)) = starts.iter().find(|(n, _)| n.eq_ignore_ascii_case(value))
                else {
                    let names: Vec<&str> = starts.iter().map(|(n, _)| n.as_str()).collect();
                    return Err(format!(
                        "KirbyStart is one of {}, not '{}'",
                        names.join(", "),
                        quote(value)
                    ));
                };
                self.kirby_start = found.clone();
                return Ok(());
            }
            lever
                if lever_options(&self.options.levers)
                    .iter()
                    .any(|(n, _)| n.eq_ignore_ascii_case(lever)) =>
            {
                let on = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("{name} is true or false, not '{}'", quote(value))),
                };
                set_lever(&mut self.options.levers, lever, on);
            }
            _ => return Err(format!("no option named '{}'", quote(name))),
        }
        let options = self.options;
        self.session_mut().set_options(options);
        Ok(())
    }

    /// The text of `startpos` when it is not the variant's usual start (Kirby's chosen mode).
    fn start_text(&self) -> Option<String> {
        (self.variant == "kirby").then(|| {
            kirby_starts()
                .into_iter()
                .find(|(name, _)| *name == self.kirby_start)
                .map(|(_, text)| text)
                .unwrap_or_default()
        })
    }

    fn session_mut(&mut self) -> &mut Box<dyn Session> {
        self.session.get_or_insert_with(|| {
            new_session(self.variant, self.options).expect("a known variant")
        })
    }

    /// Starts a search on its own thread. Without a limit (`go` or `go infinite`) it answers only
    /// after `stop`.
    fn go(&mut self, go: Go) {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let mut session = self
            .session
            .take()
            .unwrap_or_else(|| new_session(self.variant, self.options).expect("a known variant"));
        let bounded = go.depth.is_some()
            || go.nodes.is_some()
            || go.movetime.is_some()
            || go.time.iter().any(Option::is_some);
        let wait_for_stop = go.infinite || !bounded;
        let answered = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&answered);
        let thread = std::thread::spawn(move || {
            let best = session.go(&go, Arc::clone(&flag), &mut |line| say(&line));
            while wait_for_stop && !flag.load(Ordering::Relaxed) {
                std::thread::park_timeout(Duration::from_millis(100));
            }
            done.store(true, Ordering::Release);
            say(&best);
            session
        });
        self.search = Some(Search {
            thread,
            stop,
            answered,
        });
    }

    /// Stops the search, if one runs, and takes the session back once it has answered.
    fn stop_search(&mut self) {
        let Some(search) = self.search.take() else {
            return;
        };
        search.stop.store(true, Ordering::Relaxed);
        search.thread.thread().unpark();
        match search.thread.join() {
            Ok(session) => self.session = Some(session),
            Err(_) => {
                say("info string the search failed; a new game starts");
                self.session = new_session(self.variant, self.options);
            }
        }
    }

    /// Before a command that changes the game: a finished search is taken back; one still
    /// running is stopped first (and says so).
    fn settle(&mut self, command: &str) {
        if let Some(search) = &self.search {
            if !search.answered.load(Ordering::Acquire) {
                say(&format!(
                    "info string '{command}' while searching: the search stops first"
                ));
            }
            self.stop_search();
        }
    }
}
