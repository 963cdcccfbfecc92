//! A game of one variant and its engine, behind an object-safe face so that the program holds
//! any variant alike: positions set by text and long moves, searches answered as protocol lines.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use hexvar_engine::{Clock, Engine, Info, Limits, Options, Score};
use hexvar_geometry::{Game, Variant};

use crate::command::{quote, Go};
use crate::notation;

/// The variants the program plays, by the names `UCI_Variant` takes.
pub const VARIANTS: [&str; 5] = ["brusky", "chessagon", "dagger", "cescacs", "kirby"];

/// A new session of the variant `name`, if it is one of [`VARIANTS`].
pub fn new_session(name: &str, options: Options) -> Option<Box<dyn Session>> {
    Some(match name {
        "brusky" => Box::new(Play::<hexvar_brusky::Position>::new(options)),
        "chessagon" => Box::new(Play::<hexvar_chessagon::Position>::new(options)),
        "dagger" => Box::new(Play::<hexvar_dagger::Position>::new(options)),
        "cescacs" => Box::new(Play::<hexvar_cescacs::Position>::new(options)),
        "kirby" => Box::new(Play::<hexvar_kirby::Position>::new(options)),
        _ => return None,
    })
}

/// The named start positions of Kirby's modes and layouts (`"6p QL"`, …), the first the default.
pub fn kirby_starts() -> Vec<(String, String)> {
    hexvar_kirby::Position::start_positions()
}

/// A game and its engine.
pub trait Session: Send {
    /// Changes the engine's options.
    fn set_options(&mut self, options: Options);
    /// Clears the engine's table and returns to the start.
    fn new_game(&mut self, start: Option<&str>);
    /// Sets the game: the start (`None`: `start_text`, the variant's usual start), then the long
    /// moves. On error the game is unchanged.
    fn set_position(
        &mut self,
        text: Option<&str>,
        start_text: Option<&str>,
        moves: &[String],
    ) -> Result<(), String>;
    /// Searches the current position, writing `info` lines through `out`; returns the
    /// `bestmove` line.
    fn go(&mut self, go: &Go, stop: Arc<AtomicBool>, out: &mut dyn FnMut(String)) -> String;
}

struct Play<V: Variant> {
    engine: Engine<V>,
    game: Game<V>,
}

impl<V: Variant> Play<V> {
    fn new(options: Options) -> Play<V> {
        Play {
            engine: Engine::new(options),
            game: Game::new(),
        }
    }

    /// The limits of a `go`: the clock is the side to move's (`w…` for the side that moves
    /// first at the game's start and its team-mates, `b…` for the others).
    fn limits(&self, go: &Go, stop: Arc<AtomicBool>) -> Limits {
        let pos = self.game.position();
        let first = self.game.start_position().turn();
        let side = usize::from(!pos.same_team(pos.turn(), first));
        let clock = go.time[side].map(|remaining| Clock {
            remaining,
            increment: go.increment[side].unwrap_or_default(),
            moves_to_go: go.moves_to_go,
        });
        Limits {
            depth: go.depth,
            nodes: go.nodes,
            movetime: go.movetime,
            clock,
            stop: Some(stop),
        }
    }
}

impl<V: Variant> Session for Play<V> {
    fn set_options(&mut self, options: Options) {
        self.engine.set_options(options);
    }

    fn new_game(&mut self, start: Option<&str>) {
        self.engine.new_game();
        let start = start
            .and_then(|t| t.parse::<V>().ok())
            .unwrap_or_else(V::start);
        self.game = Game::from_position(start);
    }

    fn set_position(
        &mut self,
        text: Option<&str>,
        start_text: Option<&str>,
        moves: &[String],
    ) -> Result<(), String> {
        let start = match text.or(start_text) {
            Some(text) => text
                .parse::<V>()
                .map_err(|e| format!("position text '{}': {e}", quote(text)))?,
            None => V::start(),
        };
        let mut game = Game::from_position(start);
        for (i, long) in moves.iter().enumerate() {
            let mv = notation::parse_long(game.position(), long)
                .map_err(|e| format!("move {} '{}': {e}", i + 1, quote(long)))?;
            game.play(mv)
                .map_err(|e| format!("move {} '{}': {e}", i + 1, quote(long)))?;
        }
        self.game = game;
        Ok(())
    }

    fn go(&mut self, go: &Go, stop: Arc<AtomicBool>, out: &mut dyn FnMut(String)) -> String {
        let limits = self.limits(go, stop);
        let found = self
            .engine
            .search_with_info(&self.game, &limits, |info| out(info_line::<V>(info)));
        match found.best {
            Some(mv) => format!("bestmove {}", notation::long::<V>(mv)),
            None => "bestmove (none)".to_string(),
        }
    }
}

/// `info depth … seldepth … multipv … score … nodes … nps … hashfull … time … pv …`.
fn info_line<V: Variant>(info: &Info<V::Move>) -> String {
    let score = match info.line.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        // In moves of the side to move, as UCI counts them.
        Score::MateIn(plies) => format!("mate {}", plies.div_ceil(2)),
        Score::MatedIn(plies) => format!("mate -{}", plies.div_ceil(2)),
    };
    let pv: Vec<String> = info
        .line
        .pv
        .iter()
        .map(|&m| notation::long::<V>(m))
        .collect();
    format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis(),
        pv.join(" ")
    )
}
