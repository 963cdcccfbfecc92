//! Game records: one PGN-like text for every variant, written and read over the [`Variant`]
//! trait.
//!
//! ```text
//! [Event "?"]
//! [Site "?"]
//! [Date "????.??.??"]
//! [Round "?"]
//! [White "?"]
//! [Black "?"]
//! [Result "1-0"]
//! [Variant "brusky"]
//! [Position "…"]            only when the game does not start from the start position
//!
//! 1. g4 h5 2. … 1-0
//! ```
//!
//! Reading takes tag pairs (`[Name "value"]`, `\"` and `\\` escaped), then movetext: SAN (or the
//! variant's move notation), move numbers (`12.`, `12...`), commas, comments (`{…}` and `;` to the
//! end of the line), variations (`(…)`, skipped), numeric annotation glyphs (`$1`) and a result
//! (`1-0`, `0-1`, `1/2-1/2`, `*`, a score such as C'escacs's `0-3`, or the `Result` tag's own value,
//! which is how Kirby's winning teams are written; a `Result` value that is no single movetext
//! token, with white space or brackets, is not kept and is written as `*`). The `Variant` tag, when present, must name
//! the variant (letter case and punctuation aside: `C'escacs` names `cescacs`, `Dagger Chess`
//! names `dagger`); `Position` (or `FEN`) gives the start.

use core::fmt;

use crate::san::{cut, ParseSanError};
use crate::{Game, Variant, VariantColor};

/// The seven tags every record carries, in their order, with their unknown values.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Where a record went wrong: the first bad token's line and column (both from 1) and what.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordError {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// What is wrong there.
    pub kind: RecordErrorKind,
}

/// What is wrong in a record. Quoted texts are cut to 40 characters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordErrorKind {
    /// A tag pair that is not `[Name "value"]`.
    BadTag,
    /// The `Variant` tag names another variant.
    WrongVariant(String),
    /// The `Position` (or `FEN`) tag is not a position of the variant.
    BadPosition(String),
    /// A comment or variation that is never closed.
    Unterminated(char),
    /// A `)` or `}` with nothing open.
    Unopened(char),
    /// A move that is not legal (or not a move) where it stands.
    BadMove {
        /// The token, cut.
        text: String,
        /// Why.
        reason: ParseSanError,
    },
    /// A move after the game had ended by the rules.
    AfterEnd {
        /// The token, cut.
        text: String,
        /// How the game had ended.
        outcome: String,
    },
    /// Movetext after the result.
    AfterResult(String),
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordErrorKind::BadTag => f.write_str("a tag pair must read [Name \"value\"]"),
            RecordErrorKind::WrongVariant(v) => write!(f, "the record is of variant {v:?}"),
            RecordErrorKind::BadPosition(e) => write!(f, "bad start position: {e}"),
            RecordErrorKind::Unterminated(c) => write!(f, "{c:?} is never closed"),
            RecordErrorKind::Unopened(c) => write!(f, "{c:?} closes nothing"),
            RecordErrorKind::BadMove { text, reason } => write!(f, "bad move {text:?}: {reason}"),
            RecordErrorKind::AfterEnd { text, outcome } => {
                write!(f, "move {text:?} after the end of the game ({outcome})")
            }
            RecordErrorKind::AfterResult(t) => write!(f, "{t:?} after the result"),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for RecordError {}

/// Whether a tag's value names the variant: its letters and digits, without case, contain the
/// variant's name (`C'escacs`, `Dagger Chess` and `Kirby's HexChess` name theirs).
fn names_variant(value: &str, name: &str) -> bool {
    let simple: String = value
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    simple.contains(name)
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes the record of `game`: tags, then the moves in SAN with move numbers, wrapped at 79
/// columns, then the result.
pub fn write<V: Variant>(game: &Game<V>) -> String {
    let result = game.result_token();
    let mut out = String::new();
    for (name, unknown) in ROSTER {
        let value = match name {
            "Result" => result.clone(),
            _ => game.tag(name).unwrap_or(unknown).to_string(),
        };
        out.push_str(&format!("[{name} \"{}\"]\n", escape(&value)));
    }
    out.push_str(&format!("[Variant \"{}\"]\n", V::NAME));
    if game.start_position() != &V::start() {
        out.push_str(&format!(
            "[Position \"{}\"]\n",
            escape(&game.start_position().to_string())
        ));
    }
    for (name, value) in game.tags() {
        if !ROSTER.iter().any(|(n, _)| n == name) {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
    }
    out.push('\n');
    let mut line = String::new();
    let mut push = |token: &str, out: &mut String| {
        if !line.is_empty() && line.chars().count() + 1 + token.chars().count() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    };
    let mut number = game.start_position().fullmove_number();
    let mut last_turn = None;
    for (i, (pos, &mv)) in game.positions_iter().zip(game.moves()).enumerate() {
        let turn = V::Color::index(pos.turn());
        // A round starts when the turn comes back round to a side earlier in the order of play
        // (so it goes on numbering rounds when sides leave a multi-army game).
        let round_starts = last_turn.is_none_or(|last| turn <= last);
        if round_starts && last_turn.is_some() {
            number = number.saturating_add(1);
        }
        last_turn = Some(turn);
        // Two sides: a game from Black's move starts `1...` as in chess.
        let second_of_two = V::Color::ALL.len() == 2 && turn == 1;
        // A move number stays on the line of its move.
        let san = pos.san(mv);
        if i == 0 && second_of_two {
            push(&format!("{number}... {san}"), &mut out);
        } else if round_starts {
            push(&format!("{number}. {san}"), &mut out);
        } else {
            push(san.as_str(), &mut out);
        }
    }
    // A `Result` tag that would not read back as one token of movetext ends it as unknown.
    push(if is_one_token(&result) { &result } else { "*" }, &mut out);
    out.push_str(&line);
    out.push('\n');
    out
}

/// A character cursor with line and column.
struct Cursor<'a> {
    chars: core::iter::Peekable<core::str::Chars<'a>>,
    line: usize,
    column: usize,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn error(&self, line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
        let _ = self;
        RecordError { line, column, kind }
    }
}

/// A tag pair: name, value, and the line and column of its `[`.
type Tag = (String, String, usize, usize);

/// A token of movetext with where it starts.
struct Token {
    text: String,
    line: usize,
    column: usize,
}

/// Reads one tag pair after its `[`.
fn read_tag(
    cur: &mut Cursor<'_>,
    line: usize,
    column: usize,
) -> Result<(String, String), RecordError> {
    let bad = |cur: &Cursor<'_>| cur.error(line, column, RecordErrorKind::BadTag);
    while cur.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cur.bump();
    }
    let mut name = String::new();
    while let Some(c) = cur
        .peek()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
    {
        name.push(c);
        cur.bump();
    }
    while cur.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cur.bump();
    }
    if name.is_empty() || cur.bump() != Some('"') {
        return Err(bad(cur));
    }
    let mut value = String::new();
    loop {
        match cur.bump() {
            Some('"') => break,
            Some('\\') => match cur.bump() {
                Some(c @ ('"' | '\\')) => value.push(c),
                _ => return Err(bad(cur)),
            },
            Some('\n') | None => return Err(bad(cur)),
            Some(c) => value.push(c),
        }
    }
    while cur.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cur.bump();
    }
    if cur.bump() != Some(']') {
        return Err(bad(cur));
    }
    Ok((name, value))
}

/// Skips a `{…}` comment after its `{`.
fn skip_comment(cur: &mut Cursor<'_>, line: usize, column: usize) -> Result<(), RecordError> {
    loop {
        match cur.bump() {
            Some('}') => return Ok(()),
            Some(_) => {}
            None => return Err(cur.error(line, column, RecordErrorKind::Unterminated('{'))),
        }
    }
}

/// Skips a `(…)` variation after its `(`, with nested variations and comments.
fn skip_variation(cur: &mut Cursor<'_>, line: usize, column: usize) -> Result<(), RecordError> {
    let mut depth = 1;
    while depth > 0 {
        let (l, c) = (cur.line, cur.column);
        match cur.bump() {
            Some('(') => depth += 1,
            Some(')') => depth -= 1,
            Some('{') => skip_comment(cur, l, c)?,
            Some(';') => while cur.bump().is_some_and(|c| c != '\n') {},
            Some(_) => {}
            None => return Err(cur.error(line, column, RecordErrorKind::Unterminated('('))),
        }
    }
    Ok(())
}

/// Splits a record into its tag pairs and its movetext tokens (comments, variations, glyphs and
/// move numbers dropped).
fn tokens(text: &str) -> Result<(Vec<Tag>, Vec<Token>), RecordError> {
    let mut cur = Cursor {
        chars: text.chars().peekable(),
        line: 1,
        column: 1,
    };
    let mut tags = Vec::new();
    let mut moves: Vec<Token> = Vec::new();
    while let Some(c) = cur.peek() {
        let (line, column) = (cur.line, cur.column);
        match c {
            c if c.is_whitespace() || c == ',' => {
                cur.bump();
            }
            '[' if moves.is_empty() => {
                cur.bump();
                let (name, value) = read_tag(&mut cur, line, column)?;
                tags.push((name, value, line, column));
            }
            '{' => {
                cur.bump();
                skip_comment(&mut cur, line, column)?;
            }
            ';' => while cur.bump().is_some_and(|c| c != '\n') {},
            '(' => {
                cur.bump();
                skip_variation(&mut cur, line, column)?;
            }
            ')' | '}' => return Err(cur.error(line, column, RecordErrorKind::Unopened(c))),
            _ => {
                let mut word = String::new();
                while let Some(c) = cur.peek().filter(|&c| {
                    !c.is_whitespace() && !matches!(c, ',' | '{' | '}' | '(' | ')' | ';')
                }) {
                    word.push(c);
                    cur.bump();
                }
                push_word(&word, line, column, &mut moves);
            }
        }
    }
    Ok((tags, moves))
}

/// Adds a movetext word: without a leading move number (`12.`, `12...`), and nothing for a move
/// number alone or a glyph (`$3`).
fn push_word(word: &str, line: usize, column: usize, moves: &mut Vec<Token>) {
    if word.starts_with('$') {
        return;
    }
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = &word[digits..];
    let dots = after.len() - after.trim_start_matches('.').len();
    let (rest, skipped) = if digits > 0 && dots > 0 {
        (&after[dots..], digits + dots)
    } else {
        (word, 0)
    };
    if !rest.is_empty() {
        moves.push(Token {
            text: rest.to_string(),
            line,
            column: column + skipped,
        });
    }
}

/// Whether `text` reads back as one movetext token: not empty, no white space, and none of the
/// characters that open or close tags, comments and variations or escape.
fn is_one_token(text: &str) -> bool {
    !text.is_empty()
        && !text
            .chars()
            .any(|c| c.is_whitespace() || "[]{}();%\\\"".contains(c))
}

/// Whether a token is a result: `*`, `1-0`, `0-1`, `1/2-1/2`, a score (`0-3`, `½-½`), or the
/// `Result` tag's value.
fn is_result(token: &str, tag: Option<&str>) -> bool {
    let score = |side: &str| {
        !side.is_empty()
            && side
                .chars()
                .all(|c| c.is_ascii_digit() || c == '/' || c == '½')
            && !side.starts_with('/')
    };
    token == "*"
        || tag == Some(token)
        || token
            .split_once('-')
            .is_some_and(|(a, b)| score(a) && score(b))
}

/// Reads a record into a game. See the [module](self) for the format.
pub fn read<V: Variant>(text: &str) -> Result<Game<V>, RecordError> {
    let (tags, tokens) = tokens(text)?;
    let mut start = V::start();
    let mut result_tag = None;
    for (name, value, line, column) in &tags {
        let at = |kind| RecordError {
            line: *line,
            column: *column,
            kind,
        };
        match name.as_str() {
            "Variant" if !names_variant(value, V::NAME) => {
                return Err(at(RecordErrorKind::WrongVariant(cut(value, 40))));
            }
            "Position" | "FEN" => {
                start = value
                    .parse::<V>()
                    .map_err(|e| at(RecordErrorKind::BadPosition(cut(&e.to_string(), 100))))?;
            }
            "Result" => result_tag = Some(value.as_str()),
            _ => {}
        }
    }
    let mut game = Game::from_position(start);
    for (name, value, ..) in &tags {
        let unknown = ROSTER.iter().any(|(n, u)| n == name && u == value);
        if name != "Result" && !unknown {
            game.set_tag(name, value);
        }
    }
    let mut result = None;
    for token in tokens {
        let at = |kind| RecordError {
            line: token.line,
            column: token.column,
            kind,
        };
        if result.is_some() {
            return Err(at(RecordErrorKind::AfterResult(cut(&token.text, 40))));
        }
        let parsed = game.position().parse_san(&token.text);
        if is_result(&token.text, result_tag) && parsed.is_err() {
            result = Some(token.text);
            continue;
        }
        if let Some(outcome) = game.outcome() {
            return Err(at(RecordErrorKind::AfterEnd {
                text: cut(&token.text, 40),
                outcome: outcome.to_string(),
            }));
        }
        let mv = parsed.map_err(|reason| {
            at(RecordErrorKind::BadMove {
                text: cut(&token.text, 40),
                reason,
            })
        })?;
        // The game is not over and the move is legal, so `play` refuses nothing; should a
        // variant's parser ever return an illegal move, it is a bad move, not a panic.
        game.play(mv).map_err(|e| {
            at(RecordErrorKind::BadMove {
                text: cut(&token.text, 40),
                reason: ParseSanError::NotLegal {
                    text: cut(&e.to_string(), 40),
                },
            })
        })?;
    }
    settle_result(&mut game, result.as_deref().or(result_tag));
    Ok(game)
}

/// A record's result for a game the rules have not ended: a draw is claimed if a claim is
/// valid, else agreed; a win (a resignation) is kept as the `Result` tag.
fn settle_result<V: Variant>(game: &mut Game<V>, result: Option<&str>) {
    let Some(result) = result else { return };
    if game.outcome().is_some() || result == "*" || !is_one_token(result) {
        return;
    }
    let drawn = result
        .split_once('-')
        .is_some_and(|(a, b)| a == b || a == "1/2" || a == "½");
    if drawn {
        if game.claim_draw().is_none() {
            game.agree_draw();
        }
    } else {
        game.set_tag("Result", result);
    }
}

impl<V: Variant> Game<V> {
    /// The game as a record: see [`crate::record`].
    pub fn to_record(&self) -> String {
        write(self)
    }

    /// A game read from a record: see [`crate::record`]. The first bad token is an error with its
    /// line and column; nothing panics.
    pub fn from_record(text: &str) -> Result<Self, RecordError> {
        read(text)
    }

    /// The moves played, in SAN.
    pub fn san_moves(&self) -> Vec<crate::San> {
        self.moves()
            .iter()
            .zip(self.positions_iter())
            .map(|(&mv, pos)| pos.san(mv))
            .collect()
    }
}
