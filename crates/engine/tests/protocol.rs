//! The protocol program, driven through a pipe: identification and options, complete games in
//! all five variants (every `bestmove` checked against the rules, the game's end the rules'
//! end), malformed input answered with `info string` and survived, `go infinite` stopped by
//! `stop`, `isready` and `quit` read during a search. Searches are bounded by nodes or depth;
//! the only clock is a guard against a program that hangs, far above any run's time.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use hexvar_geometry::{Game, Variant};

/// Far above what any exchange here takes on a loaded machine: only a hung program reaches it.
const HANG_GUARD: Duration = Duration::from_secs(300);

struct Program {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Program {
    fn start() -> Program {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hexvar-engine"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the program starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Program {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the program reads");
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("the program reads");
    }

    fn next_line(&mut self) -> String {
        self.lines
            .recv_timeout(HANG_GUARD)
            .expect("the program answers")
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self.next_line();
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// `isready` answered, and everything said before it.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.until("readyok")
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move a `bestmove` names, read as the library reads the protocol's notation.
fn parse_long<V: Variant>(pos: &V, text: &str) -> V::Move {
    pos.parse_long(text)
        .unwrap_or_else(|e| panic!("{}: '{text}' in {pos}: {e}", V::NAME))
}

#[test]
fn identifies_itself_and_its_options() {
    let mut p = Program::start();
    p.send("uci");
    let lines = p.until("uciok");
    assert!(lines[0].starts_with("id name hexvar-engine"), "{lines:?}");
    for wanted in [
        "option name UCI_Variant type combo default brusky var brusky var chessagon var dagger var cescacs var kirby",
        "option name Hash type spin",
        "option name MultiPV type spin default 1",
        "option name Contempt type spin default 0",
        "option name KirbyStart type combo",
        "option name See type check default true",
        "option name MatingDrive type check default false",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(wanted)),
            "{wanted} in {lines:?}"
        );
    }
    assert!(lines.iter().any(|l| l.contains("var 6p QL")));
    assert_eq!(p.sync(), ["readyok"]);
}

/// Plays `start` to its end, the program choosing every move at `nodes` nodes; the library
/// checks each move and says when the game is over. Returns the number of plies.
fn complete_game<V: Variant>(p: &mut Program, start: Option<&str>, nodes: u64, cap: usize) {
    let mut game = Game::from_position(start.map_or_else(V::start, |t| t.parse().expect("a text")));
    let setup = match start {
        Some(text) => format!("position text {text}"),
        None => "position startpos".to_string(),
    };
    let mut moves: Vec<String> = Vec::new();
    p.send(&format!("setoption name UCI_Variant value {}", V::NAME));
    p.send("ucinewgame");
    loop {
        p.send(&format!("{setup} moves {}", moves.join(" ")));
        p.send(&format!("go nodes {nodes}"));
        let lines = p.until("bestmove");
        assert!(
            lines
                .iter()
                .all(|l| l.starts_with("info depth") || l.starts_with("bestmove")),
            "{}: {lines:?}",
            V::NAME
        );
        let best = lines
            .last()
            .unwrap()
            .strip_prefix("bestmove ")
            .unwrap()
            .to_string();
        if best == "(none)" {
            assert!(
                game.outcome().is_some(),
                "{}: no move in {}",
                V::NAME,
                game.position()
            );
            return;
        }
        assert!(
            game.outcome().is_none(),
            "{}: {best} after the end",
            V::NAME
        );
        let mv = parse_long(game.position(), &best);
        game.play(mv).expect("a legal move");
        moves.push(best);
        // The cap stops a game that runs away; a game its last move ends has ended.
        assert!(
            moves.len() <= cap || game.outcome().is_some(),
            "{}: no end after {cap} plies: {}",
            V::NAME,
            game.position()
        );
    }
}

#[test]
fn complete_games_in_every_variant() {
    let mut p = Program::start();
    complete_game::<hexvar_brusky::Position>(
        &mut p,
        Some("9/2K7/11/12/10k1/11/9R/9 b - - 7 199"),
        3_000,
        300,
    );
    complete_game::<hexvar_chessagon::Position>(
        &mut p,
        Some("2/4/6/8/4k3/8/8/8/8/2r5/8/3K4/6/4/2 w - - 0 163"),
        3_000,
        300,
    );
    complete_game::<hexvar_dagger::Position>(
        &mut p,
        Some("1/2/3/4/2k/K3/3R1/4/3/4/3/2/1 b -/- - 39 125"),
        3_000,
        300,
    );
    complete_game::<hexvar_cescacs::Position>(
        &mut p,
        Some(
            "/27:1N/25:2R1/24:1e2n/17:4r3/16:k2e3/14:1P5/13:1g6/9:3p4/7:2G5/3:3G/0:K/ b - - 1 195",
        ),
        3_000,
        300,
    );
    complete_game::<hexvar_kirby::Position>(
        &mut p,
        Some(
            "layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:NB/24,PB/38,BG/24,KC12,PD13,\
             NE12,PG14,RJ6,BK17,QL22 W:RW/13,RW/17,PW/32,PW/37,NE24,KK13,PK15,NP7",
        ),
        3_000,
        300,
    );
}

#[test]
fn malformed_input_is_answered_and_survived() {
    let mut p = Program::start();
    for bad in [
        "fly me to the moon",
        "go depth",
        "go depth x",
        "go nodes -5",
        "go sideways 3",
        "position",
        "position fen 8/8/8",
        "position text nonsense",
        "position startpos moves z9-z10",
        "position startpos moves g2g4 g2g4",
        "setoption name UCI_Variant value chess",
        "setoption name Hash value 0",
        "setoption name Hash value lots",
        "setoption name MultiPV value 100000",
        "setoption name KirbyStart value 9p QL",
        "setoption name Ponder value true",
        "setoption name See value maybe",
        "setoption value 3",
        "isready now",
    ] {
        p.send(bad);
        let lines = p.sync();
        assert!(
            lines.len() == 2 && lines[0].starts_with("info string "),
            "'{bad}': {lines:?}"
        );
    }
    p.send_bytes(b"\xff\xfe go \x00\n");
    let lines = p.sync();
    assert!(lines[0].starts_with("info string "), "{lines:?}");
    let long = format!("position text {}", "x".repeat(100_000));
    p.send(&long);
    let lines = p.sync();
    assert!(
        lines[0].starts_with("info string ") && lines[0].len() < 400,
        "{lines:?}"
    );
    // A bad move list leaves the position as it was: the start, where g2g4 is legal.
    p.send("position startpos moves g2g4");
    p.send("position startpos moves g2g4 nonsense");
    p.send("go depth 1");
    let lines = p.until("bestmove");
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    let mut after = hexvar_brusky::Position::new();
    after.play_unchecked(parse_long(&after, "g2g4"));
    parse_long(&after, best);
    // Empty lines and the ignored commands say nothing.
    p.send("");
    p.send("debug on");
    assert_eq!(p.sync(), ["readyok"]);
}

#[test]
fn infinite_search_stops_on_stop() {
    let mut p = Program::start();
    p.send("setoption name UCI_Variant value dagger");
    p.send("setoption name MultiPV value 2");
    p.send("position startpos");
    p.send("go infinite");
    // Depth 2 is reported (twice: two lines), and the program still answers isready.
    let lines = p.until("info depth 2 ");
    assert!(
        lines.iter().all(|l| l.starts_with("info depth")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains(" multipv 2 ")), "{lines:?}");
    p.send("isready");
    let lines = p.until("readyok");
    assert!(
        lines.iter().all(|l| !l.starts_with("bestmove")),
        "{lines:?}"
    );
    p.send("stop");
    let lines = p.until("bestmove");
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    parse_long(&hexvar_dagger::Position::new(), best);
    // A search that ends by itself before the stop still waits for it: none here, so the next
    // search runs as usual.
    p.send("go depth 2");
    p.until("bestmove");
    // quit during a search ends the program.
    p.send("go infinite");
    p.until("info depth 1 ");
    p.send("quit");
    let status = p.child.wait().expect("the program ends");
    assert!(status.success());
}

#[test]
fn finished_game_answers_none_and_kirby_starts_are_chosen() {
    let mut p = Program::start();
    p.send("setoption name UCI_Variant value brusky");
    p.send("position text 9/10/11/12/12/Q10/2K7/4k4 w - - 5 188");
    p.send("go depth 3");
    let lines = p.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    let mate = lines
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap()
        .to_string();
    p.send(&format!(
        "position text 9/10/11/12/12/Q10/2K7/4k4 w - - 5 188 moves {mate}"
    ));
    p.send("go depth 3");
    assert_eq!(p.until("bestmove"), ["bestmove (none)"]);

    // Kirby's six-army start: its first army's move is legal there, not in the two-army start.
    let six = hexvar_kirby::Position::start_positions()
        .into_iter()
        .find(|(name, _)| name == "6p QL")
        .map(|(_, text)| text.parse::<hexvar_kirby::Position>().unwrap())
        .unwrap();
    p.send("setoption name UCI_Variant value kirby");
    p.send("setoption name KirbyStart value 6p QL");
    p.send("position startpos");
    p.send("go nodes 2000");
    let lines = p.until("bestmove");
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    parse_long(&six, best);
}
