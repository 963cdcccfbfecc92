//! A [`GameTree`] written as a record: its tags as they are, then the movetext (moves in SAN
//! with move numbers, glyphs, comments, variations in brackets) wrapped at 79 columns, then the
//! result.

use super::{escape, is_one_token, is_result};
use crate::tree::{GameTree, NodeId};
use crate::{Variant, VariantColor};

/// The longest line the movetext is wrapped to (a longer token stands alone).
const WIDTH: usize = 79;

/// Movetext tokens joined into lines of at most [`WIDTH`] columns.
struct Lines {
    out: String,
    line: String,
    /// The next move is written with its number: it follows a comment or a bracket.
    needs_number: bool,
    /// A `(` waits for the token it goes before.
    open: bool,
}

impl Lines {
    /// Adds a token after a space, or on a new line if it would pass [`WIDTH`]; a variation's
    /// brackets stay on their neighbours' lines: `(` before the token that follows it, `)` after
    /// the one before it.
    fn push(&mut self, token: &str) {
        if token == ")" {
            self.line.push(')');
            return;
        }
        let width = self.line.chars().count();
        if width > 0 && width + 1 + token.chars().count() > WIDTH {
            self.out.push_str(&self.line);
            self.out.push('\n');
            self.line.clear();
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        if self.open {
            self.line.push('(');
            self.open = false;
        }
        self.line.push_str(token);
    }

    fn comment(&mut self, text: &str) {
        if !text.is_empty() {
            // Nothing escapes a `}` inside a comment: it is written as `)`.
            self.push(&format!("{{{}}}", text.replace('}', ")")));
            self.needs_number = true;
        }
    }
}

/// A position of a line being written, with its round number as the record counts rounds.
#[derive(Clone)]
struct Place<V> {
    pos: V,
    number: u32,
    /// The move from here starts a round (a side earlier in the order of play than the last
    /// mover's is to move, or the start from the first side).
    round_starts: bool,
}

/// What is left to write, last first.
enum Work<V> {
    /// The line that continues after a node, from the place after it.
    Continue(NodeId, Place<V>),
    /// A variation: `(`, its starting comment and move from the place before it, then its line.
    Open(NodeId, Place<V>),
    /// `)`.
    Close,
}

/// Writes a node's move (with its number where one is due), glyphs and comment, and returns the
/// place after it.
fn write_move<V: Variant>(
    tree: &GameTree<V>,
    id: NodeId,
    mut place: Place<V>,
    lines: &mut Lines,
) -> Place<V> {
    let node = tree.node(id);
    let Some(mv) = node.mv() else {
        return place;
    };
    let turn = V::Color::index(place.pos.turn());
    let san = place.pos.san(mv);
    if place.round_starts {
        lines.push(&format!("{}. {san}", place.number));
    } else if lines.needs_number {
        lines.push(&format!("{}... {san}", place.number));
    } else {
        lines.push(&san);
    }
    lines.needs_number = false;
    for nag in &node.nags {
        lines.push(&format!("${nag}"));
    }
    lines.comment(&node.comment);
    place.pos.play_unchecked(mv);
    // A round ends when the turn comes back round to a side earlier in the order of play (so it
    // goes on numbering rounds when sides leave a multi-army game).
    place.round_starts = V::Color::index(place.pos.turn()) <= turn;
    if place.round_starts {
        place.number = place.number.saturating_add(1);
    }
    place
}

/// The result token the movetext ends with: the tree's result where it reads back as the result,
/// else `*` (unknown). It does not where it is no single token (white space, brackets), where it is
/// `0-0` (castling in some notations, never a result), or where it is a move after the main line
/// (a reader takes a move before a result).
fn written_result<V: Variant>(tree: &GameTree<V>) -> &str {
    let result = tree.result();
    let reads_back = is_one_token(result) && is_result(result, Some(result)) && {
        let end = tree.mainline().last().unwrap_or(tree.root());
        tree.position(end).parse_san(result).is_err()
    };
    if reads_back {
        result
    } else {
        "*"
    }
}

/// The record of a tree. See [`crate::record`].
pub(crate) fn write_tree<V: Variant>(tree: &GameTree<V>) -> String {
    let mut lines = Lines {
        out: String::new(),
        line: String::new(),
        needs_number: true,
        open: false,
    };
    for (name, value) in tree.tags() {
        lines
            .out
            .push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    lines.out.push('\n');
    let root = tree.root();
    lines.comment(&tree.node(root).comment);
    let first = tree.start_position();
    let start = Place {
        pos: first.clone(),
        number: first.fullmove_number(),
        round_starts: V::Color::index(first.turn()) == 0,
    };
    let mut work = vec![Work::Continue(root, start)];
    while let Some(item) = work.pop() {
        match item {
            Work::Continue(id, place) => {
                let Some((&main, others)) = tree.node(id).variations().split_first() else {
                    continue;
                };
                // The variations start from the place before the main move: copied first.
                let variations: Vec<Work<V>> = others
                    .iter()
                    .rev()
                    .flat_map(|&other| [Work::Close, Work::Open(other, place.clone())])
                    .collect();
                let after = write_move(tree, main, place, &mut lines);
                work.push(Work::Continue(main, after));
                work.extend(variations);
            }
            Work::Open(id, place) => {
                lines.open = true;
                lines.needs_number = true;
                lines.comment(&tree.node(id).starting_comment);
                lines.needs_number = true;
                let after = write_move(tree, id, place, &mut lines);
                work.push(Work::Continue(id, after));
            }
            Work::Close => {
                lines.push(")");
                lines.needs_number = true;
            }
        }
    }
    lines.push(written_result(tree));
    let Lines { mut out, line, .. } = lines;
    out.push_str(&line);
    out.push('\n');
    out
}
