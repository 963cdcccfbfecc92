//! A tiny stand-in engine for testing `cargo xtask match`: it speaks the protocol of
//! `hexvar-engine` (`uci`, `isready`, `setoption`, `ucinewgame`, `position startpos|text …
//! [moves …]` in the long move notation, `go …`, `quit`) over the generic trait alone, and plays
//! a legal move chosen by its `Style` option: `random` (uniform, seeded by the position's hash,
//! so a game repeats) or `greedy` (a mating move, else the most valuable capture, else random).
//! It reports the material balance as its score.

use std::io::{BufRead, Write};

use hexvar_geometry::{
    CellBits, DenseCell, Game, Variant, VariantColor, VariantPiece, VariantRole,
};

fn main() {
    let mut session = Session {
        variant: "brusky".into(),
        greedy: false,
        position: None,
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let reply = session.answer(line.trim());
        match reply {
            Reply::Quit => break,
            Reply::Lines(lines) => {
                for l in lines {
                    let _ = writeln!(out, "{l}");
                }
                let _ = out.flush();
            }
        }
    }
}

enum Reply {
    Lines(Vec<String>),
    Quit,
}

struct Session {
    variant: String,
    greedy: bool,
    position: Option<String>,
}

impl Session {
    fn answer(&mut self, line: &str) -> Reply {
        let words: Vec<&str> = line.split_whitespace().collect();
        let lines = match words.as_slice() {
            ["uci", ..] => vec![
                "id name uci-random".into(),
                "option name UCI_Variant type combo default brusky var brusky var chessagon var dagger var cescacs var kirby".into(),
                "option name Style type combo default random var random var greedy".into(),
                "uciok".into(),
            ],
            ["isready", ..] => vec!["readyok".into()],
            ["setoption", "name", "UCI_Variant", "value", v] => {
                self.variant = v.to_string();
                vec![]
            }
            ["setoption", "name", "Style", "value", v] => {
                self.greedy = *v == "greedy";
                vec![]
            }
            ["position", ..] => {
                self.position = Some(line.to_string());
                vec![]
            }
            ["go", ..] => self.go(),
            ["quit", ..] => return Reply::Quit,
            _ => vec![],
        };
        Reply::Lines(lines)
    }

    fn go(&self) -> Vec<String> {
        let Some(position) = &self.position else {
            return vec!["bestmove (none)".into()];
        };
        let result = match self.variant.as_str() {
            "brusky" => choose::<hexvar_brusky::Position>(position, self.greedy),
            "chessagon" => choose::<hexvar_chessagon::Position>(position, self.greedy),
            "dagger" => choose::<hexvar_dagger::Position>(position, self.greedy),
            "cescacs" => choose::<hexvar_cescacs::Position>(position, self.greedy),
            "kirby" => choose::<hexvar_kirby::Position>(position, self.greedy),
            other => Err(format!("unknown variant {other}")),
        };
        match result {
            Ok((Some(mv), score)) => vec![
                format!("info depth 1 score cp {score} nodes 1 pv {mv}"),
                format!("bestmove {mv}"),
            ],
            Ok((None, _)) => vec!["bestmove (none)".into()],
            Err(why) => vec![format!("info string {why}"), "bestmove (none)".into()],
        }
    }
}

/// The game a `position` line describes.
fn read_game<V: Variant>(line: &str) -> Result<Game<V>, String> {
    let rest = line.trim_start_matches("position").trim();
    let (setup, moves) = match rest.split_once(" moves") {
        Some((setup, moves)) => (setup.trim(), moves),
        None => (rest, ""),
    };
    let start = match setup.strip_prefix("text") {
        Some(text) => text.trim().parse::<V>().map_err(|e| e.to_string())?,
        None if setup == "startpos" => V::start(),
        None => return Err(format!("bad position line {line:?}")),
    };
    let mut game = Game::from_position(start);
    for text in moves.split_whitespace() {
        let mv = game
            .position()
            .parse_long(text)
            .map_err(|e| e.to_string())?;
        game.play(mv).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// The move to play (long notation) and the material balance for the side to move.
fn choose<V: Variant>(line: &str, greedy: bool) -> Result<(Option<String>, i32), String> {
    let game = read_game::<V>(line)?;
    let pos = game.position();
    let moves = pos.legal_moves();
    let score = material(pos);
    if moves.is_empty() || game.outcome().is_some() {
        return Ok((None, score));
    }
    let mut pick = (pos.zobrist_hash() % moves.len() as u64) as usize;
    if greedy {
        let value = |mv: V::Move| {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            let mate = after.is_check() && after.legal_move_count() == 0;
            let taken = pos.captured(mv).map_or(0, |p| p.role().value());
            if mate {
                i32::MAX
            } else {
                taken
            }
        };
        let best = moves.iter().map(|&m| value(m)).max().unwrap_or(0);
        if best > 0 {
            pick = moves.iter().position(|&m| value(m) == best).unwrap_or(pick);
        }
    }
    Ok((Some(V::long(moves[pick])), score))
}

/// The side to move's material minus everyone else's, in centipawns.
fn material<V: Variant>(pos: &V) -> i32 {
    let turn = pos.turn();
    V::Color::ALL
        .iter()
        .map(|&c| {
            let men: i32 = pos
                .by_color(c)
                .indices()
                .filter_map(|i| pos.piece_at(V::Cell::from_dense(i)))
                .map(|p| p.role().value())
                .sum();
            if pos.same_team(turn, c) {
                men
            } else {
                -men
            }
        })
        .sum()
}
