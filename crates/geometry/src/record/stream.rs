//! Files of many games: a reader that walks them game by game from any [`BufRead`] (holding one
//! game's text at a time, so its memory does not grow with the file), and a writer of many.

use core::marker::PhantomData;
use std::io::{self, BufRead, Write};

use super::read::read_tree;
use super::{RecordError, RecordErrorKind};
use crate::tree::GameTree;
use crate::Variant;

/// Where the scan of a record's lines stands between lines.
#[derive(Default)]
struct Scan {
    /// Inside a `{…}` comment that goes on past the line.
    in_comment: bool,
    /// Movetext (anything but tags, comments and white space) has been seen: a line that starts
    /// with `[` now starts the next game.
    seen_movetext: bool,
}

impl Scan {
    /// Follows one line as the lexer reads it: tag pairs (their quoted values skipped), comments,
    /// a `%` escape line, movetext.
    fn line(&mut self, line: &str) {
        if !self.in_comment && line.starts_with('%') {
            return;
        }
        let (mut in_tag, mut in_quote, mut escaped) = (false, false, false);
        for c in line.chars() {
            if self.in_comment {
                self.in_comment = c != '}';
            } else if in_quote {
                in_quote = escaped || c != '"';
                escaped = !escaped && c == '\\';
            } else if in_tag {
                in_quote = c == '"';
                in_tag = c != ']';
            } else {
                match c {
                    '[' => in_tag = true,
                    '{' => self.in_comment = true,
                    ';' => return,
                    c if c.is_whitespace() || c == ',' => {}
                    _ => self.seen_movetext = true,
                }
            }
        }
    }

    /// Whether `line` starts the next game.
    fn starts_next_game(&self, line: &str) -> bool {
        self.seen_movetext && !self.in_comment && line.trim_start().starts_with('[')
    }
}

/// The games of a file, read one at a time: an iterator of trees (or of the error that stopped
/// each bad game, located by game number, line and column in the file).
///
/// A game ends where a line that starts with `[` (outside a comment) follows its movetext; a bad
/// game gives its error and the reader goes on with the next. Reading holds one game's text at a
/// time.
///
/// ```
/// # use hexvar_geometry::{record::RecordReader, Variant};
/// # fn demo<V: Variant>(file: std::fs::File) {
/// for (i, game) in RecordReader::<V, _>::new(std::io::BufReader::new(file)).enumerate() {
///     match game {
///         Ok(tree) => println!("game {}: {} moves", i + 1, tree.mainline_moves().len()),
///         Err(e) => eprintln!("{e}"),
///     }
/// }
/// # }
/// ```
pub struct RecordReader<V, R> {
    input: R,
    /// Lines read so far.
    lines: usize,
    /// Games given out so far (bad ones counted).
    games: usize,
    /// The line that starts the next game, with its number.
    carried: Option<(String, usize)>,
    /// An input error ended the reading.
    failed: bool,
    variant: PhantomData<fn() -> V>,
}

impl<V: Variant, R: BufRead> RecordReader<V, R> {
    /// A reader of the games in `input`.
    pub fn new(input: R) -> Self {
        RecordReader {
            input,
            lines: 0,
            games: 0,
            carried: None,
            failed: false,
            variant: PhantomData,
        }
    }

    /// The next line, and whether it is UTF-8 (if not, its text has the bad bytes replaced);
    /// `Ok(None)` at the end.
    fn read_line(&mut self, buffer: &mut Vec<u8>) -> Result<Option<(String, bool)>, RecordError> {
        buffer.clear();
        let read = self
            .input
            .read_until(b'\n', buffer)
            .map_err(|e| RecordError {
                game: self.games + 1,
                line: self.lines + 1,
                column: 1,
                kind: RecordErrorKind::Io(e.to_string()),
            })?;
        if read == 0 {
            return Ok(None);
        }
        self.lines += 1;
        Ok(Some(match String::from_utf8(core::mem::take(buffer)) {
            Ok(text) => (text, true),
            Err(e) => (String::from_utf8_lossy(e.as_bytes()).into_owned(), false),
        }))
    }

    /// The next game's text and its first line's number, or the first error in it (the rest
    /// of the game skipped); `None` at the end of the input.
    fn next_text(&mut self) -> Option<Result<(String, usize), RecordError>> {
        let mut text = String::new();
        let mut first_line = self.lines + 1;
        let mut scan = Scan::default();
        let mut failure = None;
        let mut buffer = Vec::new();
        if let Some((line, number)) = self.carried.take() {
            first_line = number;
            scan.line(&line);
            text.push_str(&line);
        }
        loop {
            let line = match self.read_line(&mut buffer) {
                Ok(Some((line, utf8))) => {
                    if !utf8 {
                        failure.get_or_insert(RecordError {
                            game: self.games + 1,
                            line: self.lines,
                            column: 1,
                            kind: RecordErrorKind::NotUtf8,
                        });
                    }
                    line
                }
                Ok(None) => break,
                Err(e) => {
                    self.failed = true;
                    failure.get_or_insert(e);
                    break;
                }
            };
            if scan.starts_next_game(&line) {
                self.carried = Some((line, self.lines));
                break;
            }
            scan.line(&line);
            text.push_str(&line);
        }
        match failure {
            Some(e) => Some(Err(e)),
            None if text.trim().is_empty() => None,
            None => Some(Ok((text, first_line))),
        }
    }
}

impl<V: Variant, R: BufRead> Iterator for RecordReader<V, R> {
    type Item = Result<GameTree<V>, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let text = self.next_text()?;
        self.games += 1;
        Some(text.and_then(|(text, first_line)| read_tree(&text, first_line, self.games)))
    }
}

/// Writes the records of `trees` one after another, a blank line after each, and returns how
/// many were written.
pub fn write_records<'a, V: Variant, W: Write>(
    out: &mut W,
    trees: impl IntoIterator<Item = &'a GameTree<V>>,
) -> io::Result<usize> {
    let mut count = 0;
    for tree in trees {
        out.write_all(tree.to_record().as_bytes())?;
        out.write_all(b"\n")?;
        count += 1;
    }
    Ok(count)
}
