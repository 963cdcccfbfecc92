//! One game between engine processes over the generic trait: the openings, the moves asked of
//! the engine whose side is to move, and the adjudication (the rules through `Game`, the move
//! cap, and optionally a score both engines agree on).

use std::time::Duration;

use hexvar_geometry::{Game, Variant, VariantColor, VariantOutcome};

use super::uci::{Answer, Engine, Notation};

/// SplitMix64, the same numbers on every machine: geometry's, which the tests' random games use.
pub use hexvar_geometry::checks::Rng;

/// The opening `index` of a match seeded by `seed`: `plies` uniformly random legal moves from
/// `start`, drawn again (with the generator's next numbers) while a line ends the game.
pub fn opening<V: Variant>(start: &V, plies: usize, seed: u64, index: u64) -> Vec<V::Move> {
    let mut rng = Rng(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    'draw: loop {
        let mut pos = start.clone();
        let mut line = Vec::with_capacity(plies);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                continue 'draw;
            }
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(mv);
            line.push(mv);
        }
        if pos.outcome().is_none() && pos.legal_move_count() > 0 {
            return line;
        }
    }
}

/// How a game is adjudicated beyond the rules.
#[derive(Clone, Copy, Debug)]
pub struct Adjudication {
    /// The game is drawn when it reaches this many plies (the opening included).
    pub max_plies: usize,
    /// A win when both engines' scores agree that one side leads by at least `.0` centipawns for
    /// `.1` moves of each (two-side games only).
    pub score: Option<(i32, usize)>,
    /// With more than two sides (where the engines' scores do not compare: each is its own
    /// side's): at the move cap, the engine of an army whose material leads every other living
    /// army's by at least this many centipawns wins; otherwise the game is drawn.
    pub cap_material: Option<i32>,
}

/// What one game gave the engine of the first seat list (engine A).
#[derive(Clone, Debug)]
pub struct GameResult {
    /// Engine A's score: 1, ½ or 0.
    pub score: f64,
    /// Why the game ended, in a few words.
    pub reason: String,
    /// The game's record (PGN-like, moves in SAN).
    pub record: String,
    /// Plies played, the opening included.
    pub plies: usize,
}

/// The game's setting: the start, the opening, which engine plays each side, and the limits.
pub struct Table<'a, V: Variant> {
    /// The start position (its text is what the engines are sent).
    pub start: &'a V,
    /// The opening's moves.
    pub opening: &'a [V::Move],
    /// `seat[side index]`: 0 for engine A, 1 for engine B.
    pub seat: &'a [usize],
    /// The `go` arguments (`nodes 20000`, `movetime 100`).
    pub limit: &'a str,
    /// How long an engine may take for a move before it loses the game.
    pub timeout: Duration,
    /// Beyond the rules.
    pub adjudication: Adjudication,
}

/// A move in an engine's notation, one word: a `position` command's moves are separated by
/// spaces. A native text with a space in it (C'escacs's Black castling `b KRK-II`) goes as its
/// last word, the castling's name, which the variant reads as the mover's castling.
fn write_move<V: Variant>(notation: Notation, mv: V::Move) -> String {
    match notation {
        Notation::Long => V::long(mv),
        Notation::Native => {
            let text = mv.to_string();
            match text.rsplit_once(char::is_whitespace) {
                Some((_, last)) => last.to_string(),
                None => text,
            }
        }
    }
}

/// The legal move an engine's text names here.
fn read_move<V: Variant>(notation: Notation, pos: &V, text: &str) -> Result<V::Move, String> {
    match notation {
        Notation::Long => pos.parse_long(text).map_err(|e| e.to_string()),
        Notation::Native => pos.parse_move(text).map_err(|e| e.to_string()),
    }
}

/// The `position` command for the game so far in one engine's notation.
fn position_command<V: Variant>(notation: Notation, start: &V, game: &Game<V>) -> String {
    let mut line = format!("position text {start}");
    if !game.moves().is_empty() {
        line.push_str(" moves");
        for &mv in game.moves() {
            line.push(' ');
            line.push_str(&write_move::<V>(notation, mv));
        }
    }
    line
}

/// Plays one game; engine errors (a crash, a timeout, an illegal or missing move) lose it.
pub fn play_game<V: Variant>(table: &Table<'_, V>, engines: &mut [Engine; 2]) -> GameResult {
    let mut game = Game::from_position(table.start.clone());
    if V::DRAW_RULES.automatic_repetition.is_none() {
        // Kirby's rules have no repetition draw; a match needs one.
        game = game.with_repetition_draw(3).expect("3 is a valid count");
    }
    for &mv in table.opening {
        game.play(mv).expect("the opening is legal");
    }
    for (e, engine) in engines.iter_mut().enumerate() {
        if let Err(why) = engine.new_game() {
            return finish(game, table, End::loss_of(e, why));
        }
    }
    let mut agreement = Agreement::default();
    let end = loop {
        if let Some(outcome) = game.outcome() {
            break rules_end(table, &outcome);
        }
        if let Some(out) = engine_out_of_play(table, game.position()) {
            break End::loss_of(
                out,
                format!("engine {}'s armies are all out", ["A", "B"][out]),
            );
        }
        if game.moves().len() >= table.adjudication.max_plies {
            break cap_end(table, game.position());
        }
        let side = game.position().turn();
        let e = table.seat[side.index()];
        let engine = &mut engines[e];
        let command = position_command(engine.notation, table.start, &game);
        let answer = engine.go(&command, table.limit, table.timeout);
        let mv = answer.and_then(|a: Answer| {
            let text = a.best.ok_or("bestmove (none) in a game not over")?;
            let mv = read_move(engine.notation, game.position(), &text)?;
            Ok((mv, a.score))
        });
        let (mv, score) = match mv {
            Ok(found) => found,
            Err(why) => break End::loss_of(e, format!("engine {} failed: {why}", engine.name)),
        };
        if let (Some((margin, moves)), Some(score)) = (table.adjudication.score, score) {
            if let Some(leader) = agreement.update(e, score, margin, moves) {
                break End::win_of(
                    leader,
                    format!("scores agreed: {margin}+ cp for {moves} moves"),
                );
            }
        }
        game.play(mv).expect("read_move returned a legal move");
    };
    finish(game, table, end)
}

/// How a game ended, for engine A.
struct End {
    score: f64,
    reason: String,
    /// The `Result` tag to write where the rules did not end the game.
    result_tag: Option<String>,
}

impl End {
    fn draw(reason: String) -> End {
        End {
            score: 0.5,
            reason,
            result_tag: Some("1/2-1/2".into()),
        }
    }

    fn win_of(engine: usize, reason: String) -> End {
        End {
            score: if engine == 0 { 1.0 } else { 0.0 },
            reason,
            result_tag: None,
        }
    }

    fn loss_of(engine: usize, reason: String) -> End {
        End::win_of(1 - engine, reason)
    }
}

/// The engine none of whose sides is still in play, in a game the rules have not ended (three
/// or more armies: the others play on, but that engine can no longer win).
fn engine_out_of_play<V: Variant>(table: &Table<'_, V>, pos: &V) -> Option<usize> {
    (0..2).find(|&e| {
        !<V::Color as VariantColor>::ALL
            .iter()
            .any(|&c| table.seat[c.index()] == e && pos.in_play(c))
    })
}

/// A game at the move cap: drawn, or with [`Adjudication::cap_material`] won by the engine of
/// the army whose material (its men at their playing values) leads every other living army's
/// by the margin.
fn cap_end<V: Variant>(table: &Table<'_, V>, pos: &V) -> End {
    let cap = format!("move cap ({} plies)", table.adjudication.max_plies);
    let Some(margin) = table.adjudication.cap_material else {
        return End::draw(cap);
    };
    let mut armies: Vec<(i32, usize)> = <V::Color as VariantColor>::ALL
        .iter()
        .filter(|&&c| pos.in_play(c))
        .map(|&c| (material(pos, c), table.seat[c.index()]))
        .collect();
    armies.sort_unstable_by(|a, b| b.cmp(a));
    match armies.as_slice() {
        [(first, engine), (second, _), ..] if first - second >= margin => End::win_of(
            *engine,
            format!("{cap}, an army's material ahead of every other's by {margin}+ cp"),
        ),
        _ => End::draw(cap),
    }
}

/// The material of `color`'s men, at their playing values.
fn material<V: Variant>(pos: &V, color: V::Color) -> i32 {
    use hexvar_geometry::{VariantPiece, VariantRole};
    V::cells()
        .iter()
        .filter_map(|&cell| pos.piece_at(cell))
        .filter(|p| p.color() == color)
        .map(|p| p.role().playing_value())
        .sum()
}

/// Engine A's score when the rules ended the game: A's side (or one of its sides) won, or not.
fn rules_end<V: Variant>(table: &Table<'_, V>, outcome: &V::Outcome) -> End {
    let reason = outcome.reason().to_string();
    if outcome.is_draw() {
        return End {
            result_tag: None,
            ..End::draw(reason)
        };
    }
    let a_won = <V::Color as VariantColor>::ALL
        .iter()
        .any(|&c| table.seat[c.index()] == 0 && outcome.is_win_for(c));
    End {
        score: if a_won { 1.0 } else { 0.0 },
        reason,
        result_tag: None,
    }
}

/// The game's record with the match's tags, and the result.
fn finish<V: Variant>(mut game: Game<V>, table: &Table<'_, V>, end: End) -> GameResult {
    let seats: Vec<String> = table
        .seat
        .iter()
        .map(|&e| ["A", "B"][e].to_string())
        .collect();
    set_tag(&mut game, "Event", "hexvar match");
    set_tag(&mut game, "Seats", &seats.join(","));
    set_tag(&mut game, "Termination", &end.reason);
    if game.outcome().is_none() {
        let token = end.result_tag.unwrap_or_else(|| match end.score {
            s if s > 0.5 => "A".into(),
            _ => "B".into(),
        });
        set_tag(&mut game, "Result", &result_token(&token, table));
    }
    GameResult {
        score: end.score,
        reason: end.reason,
        plies: game.moves().len(),
        record: game.to_record(),
    }
}

/// Sets a tag whose name is a plain symbol; control characters in the value (an engine's error
/// text) become spaces, since a record's tag value is one line.
fn set_tag<V: Variant>(game: &mut Game<V>, name: &str, value: &str) {
    let value: String = value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    game.set_tag(name, &value)
        .expect("a symbol name and a value without control characters");
}

/// The `Result` tag of an adjudicated game: a draw, or `1-0`/`0-1` when two sides play with
/// engine A on the first (else the winning engine's name, `A` or `B`).
fn result_token<V: Variant>(token: &str, table: &Table<'_, V>) -> String {
    match (token, table.seat) {
        ("A", [0, 1]) | ("B", [1, 0]) => "1-0".into(),
        ("A", [1, 0]) | ("B", [0, 1]) => "0-1".into(),
        (other, _) => other.into(),
    }
}

/// Both engines' agreement on who leads: the engine whose side leads and for how many plies in
/// a row both said so.
#[derive(Default)]
struct Agreement {
    leader: Option<usize>,
    plies: usize,
}

impl Agreement {
    /// Adds the score engine `mover` gave for its own side; the leading engine once the scores
    /// have agreed for `moves` moves of each.
    fn update(&mut self, mover: usize, score: i32, margin: i32, moves: usize) -> Option<usize> {
        let leader = if score >= margin {
            Some(mover)
        } else if score <= -margin {
            Some(1 - mover)
        } else {
            None
        };
        if leader.is_some() && leader == self.leader {
            self.plies += 1;
        } else {
            self.leader = leader;
            self.plies = usize::from(leader.is_some());
        }
        self.leader.filter(|_| self.plies >= 2 * moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agreement_needs_both_engines_for_the_moves_asked() {
        let mut a = Agreement::default();
        // Engine 0 says it leads, engine 1 agrees it trails, three times each.
        let mut verdicts = Vec::new();
        for ply in 0..6 {
            let mover = ply % 2;
            let score = if mover == 0 { 800 } else { -900 };
            verdicts.push(a.update(mover, score, 700, 3));
        }
        assert_eq!(verdicts[..5], [None; 5]);
        assert_eq!(verdicts[5], Some(0));
        // A disagreement starts the count again.
        let mut b = Agreement::default();
        assert_eq!(b.update(0, 800, 700, 1), None);
        assert_eq!(b.update(1, 800, 700, 1), None);
        assert_eq!(b.update(0, -800, 700, 1), Some(1));
    }

    /// Every legal move of seeded random C'escacs games, written in the native notation for
    /// a `position` command, is one word that reads back as the same move; Black's castlings
    /// (written with a space) are among them.
    #[test]
    fn native_moves_are_one_word_that_reads_back() {
        use hexvar_cescacs::Position;
        let mut spaced = 0;
        for index in 0..40 {
            let start = Position::new();
            let mut pos = start.clone();
            for mv in opening(&start, 60, 11, index) {
                for &legal in pos.legal_moves().iter() {
                    let text = write_move::<Position>(Notation::Native, legal);
                    assert!(!text.contains(char::is_whitespace), "{text:?}");
                    spaced += usize::from(legal.to_string().contains(' '));
                    assert_eq!(read_move(Notation::Native, &pos, &text), Ok(legal), "{pos}");
                }
                pos.play_unchecked(mv);
            }
        }
        assert!(spaced > 0, "no castling with a space was seen");
    }

    /// Three armies: an engine whose armies are all mated has lost at once; at the cap the
    /// army ahead in material by the margin wins for its engine, a smaller lead is a draw.
    #[test]
    fn three_armies_end_when_an_engine_is_out_and_at_the_cap_by_material() {
        use hexvar_kirby::{Color, Position};
        let text = |dead: &str, black: &str| {
            format!(
                "layout=QL turn=S teams=B/S/R castling=- dead={dead} waiting=- B:{black} \
                 S:KS/15,QS/14 R:KR/15,RR/11"
            )
            .parse::<Position>()
            .expect("a valid position")
        };
        let alive = text("-", "KB/15");
        let table = |seat: &'static [usize], cap_material| Table {
            start: &alive,
            opening: &[],
            seat,
            limit: "nodes 1",
            timeout: Duration::from_secs(1),
            adjudication: Adjudication {
                max_plies: 0,
                score: None,
                cap_material,
            },
        };
        let a_black: &'static [usize] = &[0, 1, 1, 1, 1, 1];
        assert_eq!(engine_out_of_play(&table(a_black, None), &alive), None);
        assert_eq!(
            engine_out_of_play(&table(a_black, None), &text("B", "")),
            Some(0)
        );
        // Silver's Queen against Red's Rook and Black's nothing, at the crate's playing values.
        let lead = material(&alive, Color::Silver) - material(&alive, Color::Red);
        assert!(lead > 0, "Silver leads by {lead}");
        assert_eq!(cap_end(&table(a_black, None), &alive).score, 0.5);
        assert_eq!(cap_end(&table(a_black, Some(lead + 1)), &alive).score, 0.5);
        assert_eq!(cap_end(&table(a_black, Some(lead)), &alive).score, 0.0);
        let a_silver: &'static [usize] = &[1, 1, 0, 1, 1, 1];
        assert_eq!(cap_end(&table(a_silver, Some(lead)), &alive).score, 1.0);
    }

    #[test]
    fn openings_are_deterministic_and_differ_by_index() {
        let start = hexvar_brusky::Position::new();
        let a = opening(&start, 6, 7, 0);
        assert_eq!(a, opening(&start, 6, 7, 0));
        assert_eq!(a.len(), 6);
        assert_ne!(a, opening(&start, 6, 7, 1));
        assert_ne!(a, opening(&start, 6, 8, 0));
    }
}
