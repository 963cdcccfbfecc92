//! A record's text split into lexemes, each with the line and column (from 1) where it starts:
//! tag pairs, words of movetext (move numbers taken off), glyphs, comments, and the brackets of
//! variations.

use super::{check_tag, RecordError, RecordErrorKind};
use crate::san_text::cut;

/// One lexeme of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Lexeme<'a> {
    /// `[Name "value"]`, unescaped.
    Tag(String, String),
    /// A word of movetext: a move or a result, its move number taken off.
    Word(&'a str),
    /// A numeric annotation glyph: `$n`, or a move's `!`, `?`, `!!`, `??`, `!?`, `?!`.
    Nag(u8),
    /// A `{…}` or `;` comment's text, trimmed.
    Comment(&'a str),
    /// `(`.
    Open,
    /// `)`.
    Close,
}

/// A lexeme and where it starts.
#[derive(Clone, Debug)]
pub(super) struct Located<'a> {
    pub(super) lexeme: Lexeme<'a>,
    pub(super) line: usize,
    pub(super) column: usize,
}

/// The glyphs a move's suffix stands for, as PGN numbers them.
const SUFFIX_GLYPHS: [(&str, u8); 6] = [
    ("!", 1),
    ("?", 2),
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
];

/// Whether a character ends a word of movetext.
pub(super) fn ends_word(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            ',' | '{' | '}' | '(' | ')' | ';' | '[' | ']' | '\u{feff}'
        )
}

/// The lexemes of one record's text, read lazily.
pub(super) struct Lexer<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    column: usize,
    game: usize,
    /// A word's glyph suffix, given out after the word.
    pending: Option<Located<'a>>,
}

impl<'a> Lexer<'a> {
    /// A lexer over `text`, whose first line is line `first_line` of game `game` in its file.
    pub(super) fn new(text: &'a str, first_line: usize, game: usize) -> Self {
        Lexer {
            text,
            at: 0,
            line: first_line,
            column: 1,
            game,
            pending: None,
        }
    }

    /// The error `kind` at a line and column.
    pub(super) fn error(&self, line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
        RecordError {
            game: self.game,
            line,
            column,
            kind,
        }
    }

    /// The game's number in its file.
    pub(super) fn game(&self) -> usize {
        self.game
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    /// Moves on while `keep` holds; returns the text passed.
    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &'a str {
        let from = self.at;
        while self.peek().is_some_and(&keep) {
            self.bump();
        }
        &self.text[from..self.at]
    }

    /// A tag pair after its `[`.
    fn tag(&mut self, line: usize, column: usize) -> Result<Lexeme<'a>, RecordError> {
        let bad = |lexer: &Self| lexer.error(line, column, RecordErrorKind::BadTag);
        let blank = |c: char| c == ' ' || c == '\t';
        self.take_while(blank);
        let name = self.take_while(|c| !ends_word(c) && c != '"').to_string();
        self.take_while(blank);
        if self.bump() != Some('"') {
            return Err(bad(self));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('"') => break,
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    _ => return Err(bad(self)),
                },
                Some(c) if !c.is_control() => value.push(c),
                _ => return Err(bad(self)),
            }
        }
        self.take_while(blank);
        if self.bump() != Some(']') || check_tag(&name, &value).is_err() {
            return Err(bad(self));
        }
        Ok(Lexeme::Tag(name, value))
    }

    /// A `{…}` comment after its `{`.
    fn brace_comment(&mut self, line: usize, column: usize) -> Result<Lexeme<'a>, RecordError> {
        let text = self.take_while(|c| c != '}');
        if self.bump().is_none() {
            return Err(self.error(line, column, RecordErrorKind::Unterminated('{')));
        }
        Ok(Lexeme::Comment(text.trim()))
    }

    /// A word of movetext, with its move number taken off (and its column moved past it) and its
    /// glyph suffix given out next; `None` for a move number alone.
    fn word(&mut self, line: usize, column: usize) -> Result<Option<Located<'a>>, RecordError> {
        let word = self.take_while(|c| !ends_word(c));
        let at = |lexeme, column| {
            Some(Located {
                lexeme,
                line,
                column,
            })
        };
        if let Some(number) = word.strip_prefix('$') {
            return match number.parse::<u8>() {
                Ok(n) => Ok(at(Lexeme::Nag(n), column)),
                Err(_) => Err(self.error(line, column, RecordErrorKind::BadGlyph(cut(word, 40)))),
            };
        }
        if let Some(&(_, n)) = SUFFIX_GLYPHS.iter().find(|(g, _)| *g == word) {
            return Ok(at(Lexeme::Nag(n), column));
        }
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let after_digits = &word[digits..];
        let dots = after_digits.len() - after_digits.trim_start_matches('.').len();
        let (rest, skipped) = if dots > 0 {
            (&after_digits[dots..], digits + dots)
        } else {
            (word, 0)
        };
        if rest.is_empty() {
            return Ok(None);
        }
        let column = column + skipped;
        let bare = rest.trim_end_matches(['!', '?']);
        let suffix = &rest[bare.len()..];
        match SUFFIX_GLYPHS.iter().find(|(g, _)| *g == suffix) {
            Some(&(_, n)) if !bare.is_empty() => {
                self.pending = Some(Located {
                    lexeme: Lexeme::Nag(n),
                    line,
                    column: column + bare.chars().count(),
                });
                Ok(at(Lexeme::Word(bare), column))
            }
            _ => Ok(at(Lexeme::Word(rest), column)),
        }
    }

    /// The next lexeme, or the first error.
    fn lex(&mut self) -> Option<Result<Located<'a>, RecordError>> {
        if let Some(located) = self.pending.take() {
            return Some(Ok(located));
        }
        loop {
            let (line, column) = (self.line, self.column);
            let c = self.peek()?;
            let lexeme = match c {
                // A `%` in the first column escapes its line (PGN's escape mechanism).
                '%' if column == 1 => {
                    self.take_while(|c| c != '\n');
                    continue;
                }
                // A byte order mark (which some editors put first in a file) is white space here.
                c if c.is_whitespace() || c == ',' || c == '\u{feff}' => {
                    self.bump();
                    continue;
                }
                '[' => {
                    self.bump();
                    self.tag(line, column)
                }
                '{' => {
                    self.bump();
                    self.brace_comment(line, column)
                }
                ';' => {
                    self.bump();
                    Ok(Lexeme::Comment(self.take_while(|c| c != '\n').trim()))
                }
                '(' => {
                    self.bump();
                    Ok(Lexeme::Open)
                }
                ')' => {
                    self.bump();
                    Ok(Lexeme::Close)
                }
                '}' | ']' => Err(self.error(line, column, RecordErrorKind::Unopened(c))),
                _ => match self.word(line, column) {
                    Ok(Some(located)) => return Some(Ok(located)),
                    Ok(None) => continue,
                    Err(e) => Err(e),
                },
            };
            return Some(lexeme.map(|lexeme| Located {
                lexeme,
                line,
                column,
            }));
        }
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Result<Located<'a>, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.lex()
    }
}
