//! One record read into a [`GameTree`]: the tags, then the movetext's moves, variations,
//! comments and glyphs, each move checked in its position, the main line played in a [`Game`] so
//! that a move after the end by the rules is refused where it stands.

use core::mem;

use super::lex::{Lexeme, Lexer, Located};
use super::{
    is_result, names_variant, RecordError, RecordErrorKind, RecordWarning, RecordWarningKind,
};
use crate::san::{cut, ParseSanError};
use crate::tree::{GameTree, NodeId};
use crate::{Game, GameError, Variant, VariantOutcome};

/// The deepest nesting of variations a record may have: each level keeps a position, so a text
/// of nested brackets must not cost memory beyond its length's worth.
pub const MAX_VARIATION_DEPTH: usize = 128;

/// A line being read: the main line or a variation.
struct Line<V: Variant> {
    /// The node the next move follows.
    last: NodeId,
    /// The position before `last`'s move (none before this line's first move).
    before: Option<V>,
    /// The position after `last`.
    after: V,
    /// The comment before this variation's first move, waiting for it.
    starting_comment: String,
    /// Where the variation's `(` is.
    open_at: (usize, usize),
}

impl<V: Variant> Line<V> {
    fn has_moves(&self) -> bool {
        self.before.is_some()
    }
}

/// What the reader builds.
struct Reader<'a, V: Variant> {
    lexer: Lexer<'a>,
    tree: GameTree<V>,
    /// The main line, played by the rules.
    game: Game<V>,
    /// The main line first, then each open variation.
    lines: Vec<Line<V>>,
    /// The movetext's result token and where it stands.
    result: Option<(String, usize, usize)>,
    /// Inside a variation skipped after a bad move: how many brackets are open in it.
    skipping: usize,
}

fn append(comment: &mut String, text: &str) {
    if text.is_empty() {
        return;
    }
    if !comment.is_empty() {
        comment.push(' ');
    }
    comment.push_str(text);
}

/// Reads one record whose first line is line `first_line` of game `game` of its file.
pub(crate) fn read_tree<V: Variant>(
    text: &str,
    first_line: usize,
    game: usize,
) -> Result<GameTree<V>, RecordError> {
    let mut lexer = Lexer::new(text, first_line, game);
    let mut tags = Vec::new();
    let mut first = None;
    for located in lexer.by_ref() {
        let located = located?;
        match located.lexeme {
            Lexeme::Tag(name, value) => tags.push((name, value, located.line, located.column)),
            _ => {
                first = Some(located);
                break;
            }
        }
    }
    let start = start_position::<V>(&lexer, &tags)?;
    let result_tag = tags
        .iter()
        .find(|t| t.0 == "Result")
        .map(|t| (t.1.clone(), t.2, t.3));
    let tree = GameTree::with_tags(
        start.clone(),
        tags.into_iter().map(|(n, v, ..)| (n, v)).collect(),
    );
    let root = tree.root();
    let mut reader = Reader {
        lexer,
        tree,
        game: Game::from_position(start.clone()),
        lines: vec![Line {
            last: root,
            before: None,
            after: start,
            starting_comment: String::new(),
            open_at: (0, 0),
        }],
        result: None,
        skipping: 0,
    };
    if let Some(located) = first {
        reader.take(located)?;
    }
    while let Some(located) = reader.lexer.next() {
        reader.take(located?)?;
    }
    if let Some(line) = reader.lines.get(1..).and_then(<[_]>::last) {
        let (l, c) = line.open_at;
        return Err(reader.lexer.error(l, c, RecordErrorKind::Unterminated('(')));
    }
    reader.settle(result_tag)
}

/// The start position the tags give, after checking the `Variant` tag.
fn start_position<V: Variant>(
    lexer: &Lexer<'_>,
    tags: &[(String, String, usize, usize)],
) -> Result<V, RecordError> {
    let mut start = V::start();
    for (name, value, line, column) in tags {
        match name.as_str() {
            "Variant" if !names_variant(value, V::NAME) => {
                let kind = RecordErrorKind::WrongVariant(cut(value, 40));
                return Err(lexer.error(*line, *column, kind));
            }
            "Position" | "FEN" => {
                start = value.parse::<V>().map_err(|e| {
                    let kind = RecordErrorKind::BadPosition(cut(&e.to_string(), 100));
                    lexer.error(*line, *column, kind)
                })?;
            }
            _ => {}
        }
    }
    Ok(start)
}

impl<V: Variant> Reader<'_, V> {
    fn line(&mut self) -> &mut Line<V> {
        self.lines
            .last_mut()
            .expect("the main line is never closed")
    }

    /// Takes one lexeme of movetext.
    fn take(&mut self, located: Located<'_>) -> Result<(), RecordError> {
        let (line, column) = (located.line, located.column);
        let error = |reader: &Self, kind| Err(reader.lexer.error(line, column, kind));
        match located.lexeme {
            Lexeme::Tag(name, _) => error(self, RecordErrorKind::TagAfterMovetext(cut(&name, 40))),
            lexeme if self.skipping > 0 => {
                self.skip(&lexeme);
                Ok(())
            }
            Lexeme::Comment(text) => {
                self.comment(text);
                Ok(())
            }
            lexeme if self.result.is_some() => {
                let text = match lexeme {
                    Lexeme::Word(word) => cut(word, 40),
                    Lexeme::Nag(n) => format!("${n}"),
                    Lexeme::Open => "(".to_string(),
                    _ => ")".to_string(),
                };
                error(self, RecordErrorKind::AfterResult(text))
            }
            Lexeme::Word(word) => self.word(word, line, column),
            Lexeme::Nag(n) => {
                let last = self.line().last;
                if last != self.tree.root() && self.line().has_moves() {
                    self.tree.node_mut(last).nags.push(n);
                }
                Ok(())
            }
            Lexeme::Open => self.open(line, column),
            Lexeme::Close => {
                if self.lines.len() == 1 {
                    return error(self, RecordErrorKind::Unopened(')'));
                }
                if !self.line().has_moves() {
                    return error(self, RecordErrorKind::EmptyVariation);
                }
                self.lines.pop();
                Ok(())
            }
        }
    }

    /// A bad move in a variation: a warning, and the rest of the variation is skipped (it is kept
    /// up to the move).
    fn skip_variation(&mut self, word: &str, line: usize, column: usize, reason: ParseSanError) {
        let warning = RecordWarning {
            game: self.lexer.game(),
            line,
            column,
            kind: RecordWarningKind::BadVariationMove {
                text: cut(word, 40),
                reason,
            },
        };
        self.tree.push_warning(warning);
        self.skipping = 1;
    }

    /// Follows the brackets of a variation skipped after a bad move, and closes it at its `)`.
    fn skip(&mut self, lexeme: &Lexeme<'_>) {
        match lexeme {
            Lexeme::Open => self.skipping += 1,
            Lexeme::Close => {
                self.skipping -= 1;
                if self.skipping == 0 {
                    self.lines.pop();
                }
            }
            _ => {}
        }
    }

    /// A comment: before a variation's first move, its starting comment; else the comment of the
    /// line's last node (the root's before the first move).
    fn comment(&mut self, text: &str) {
        let depth = self.lines.len();
        let line = self.line();
        if depth > 1 && !line.has_moves() {
            append(&mut line.starting_comment, text);
        } else {
            let last = line.last;
            append(&mut self.tree.node_mut(last).comment, text);
        }
    }

    /// Opens a variation: an alternative to the current line's last move.
    fn open(&mut self, line: usize, column: usize) -> Result<(), RecordError> {
        if self.lines.len() > MAX_VARIATION_DEPTH {
            let kind = RecordErrorKind::TooDeep(MAX_VARIATION_DEPTH);
            return Err(self.lexer.error(line, column, kind));
        }
        let current = self.line();
        let Some(before) = current.before.clone() else {
            let kind = RecordErrorKind::VariationWithoutMove;
            return Err(self.lexer.error(line, column, kind));
        };
        let last = current.last;
        let parent = self.tree.node(last).parent().expect("a line with moves");
        self.lines.push(Line {
            last: parent,
            before: None,
            after: before,
            starting_comment: String::new(),
            open_at: (line, column),
        });
        Ok(())
    }

    /// A move, or the main line's result.
    fn word(&mut self, word: &str, line: usize, column: usize) -> Result<(), RecordError> {
        let main = self.lines.len() == 1;
        let parsed = self.line().after.parse_san(word);
        let tag = self.tree.tag("Result");
        if main && parsed.is_err() && is_result(word, tag) {
            self.result = Some((word.to_string(), line, column));
            return Ok(());
        }
        let at = |kind| self.lexer.error(line, column, kind);
        let after_end = |outcome: String| {
            let text = cut(word, 40);
            at(RecordErrorKind::AfterEnd { text, outcome })
        };
        let mv = match parsed {
            Ok(mv) => mv,
            Err(_) if main && self.game.outcome().is_some() => {
                let outcome = self
                    .game
                    .outcome()
                    .map(|o| o.to_string())
                    .unwrap_or_default();
                return Err(after_end(outcome));
            }
            Err(reason) if main => {
                let text = cut(word, 40);
                return Err(at(RecordErrorKind::BadMove { text, reason }));
            }
            Err(reason) => {
                self.skip_variation(word, line, column, reason);
                return Ok(());
            }
        };
        if main {
            // `play` refuses a move once the game is over (a repetition draw, say); the move is
            // legal, and should a variant's parser ever return an illegal one, it is a bad move,
            // not a panic.
            self.game.play(mv).map_err(|e| match e {
                GameError::Finished(outcome) => after_end(outcome.to_string()),
                GameError::IllegalMove(e) => at(RecordErrorKind::BadMove {
                    text: cut(word, 40),
                    reason: ParseSanError::NotLegal {
                        text: cut(&e.to_string(), 40),
                    },
                }),
            })?;
        }
        let current = self
            .lines
            .last_mut()
            .expect("the main line is never closed");
        let mut next = current.after.clone();
        next.play_unchecked(mv);
        let id = self.tree.push_child(current.last, mv);
        self.tree.node_mut(id).starting_comment = mem::take(&mut current.starting_comment);
        current.before = Some(mem::replace(&mut current.after, next));
        current.last = id;
        Ok(())
    }

    /// The result: the movetext's token fills a missing or unknown `Result` tag; a result that
    /// contradicts the main line's end, or a tag and token that disagree, are warnings.
    fn settle(mut self, tag: Option<(String, usize, usize)>) -> Result<GameTree<V>, RecordError> {
        let ended = self.game.outcome().map(|o| o.result_token());
        let game = self.lexer.game();
        let mut warn = |line, column, kind| {
            self.tree.push_warning(RecordWarning {
                game,
                line,
                column,
                kind,
            })
        };
        for (result, line, column) in tag.iter().chain(&self.result) {
            if let Some(outcome) = &ended {
                if result != "*" && result != outcome {
                    let kind = RecordWarningKind::ResultContradicts {
                        result: cut(result, 40),
                        outcome: outcome.clone(),
                    };
                    warn(*line, *column, kind);
                }
            }
        }
        if let (Some((tagged, ..)), Some((token, line, column))) = (&tag, &self.result) {
            if tagged != token && tagged != "*" && token != "*" {
                let kind = RecordWarningKind::ResultsDisagree {
                    tag: cut(tagged, 40),
                    movetext: cut(token, 40),
                };
                warn(*line, *column, kind);
            }
        }
        let untold = tag.as_ref().is_none_or(|(t, ..)| t == "*");
        if let (true, Some((token, ..))) = (untold, &self.result) {
            if token != "*" {
                // A movetext's result is always one token a record can hold.
                let _ = self.tree.set_tag("Result", token);
            }
        }
        Ok(self.tree)
    }
}
