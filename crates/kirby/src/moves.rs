//! The [`Move`] type, its notation, and the fixed-capacity [`MoveList`].

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::long::{self, LongReader};
use hexvar_geometry::san::cut;
use hexvar_geometry::LongMoveError;

use crate::cells::Cell;
use crate::men::Role;
use crate::tables::castle_targets;

/// A move of the army to move.
///
/// Notation (`Display`/`FromStr`):
///
/// | move | notation | example |
/// |---|---|---|
/// | ordinary move or capture | `<from>-<to>` | `A16-B15` |
/// | pawn promotion (the chosen piece) | `<from>-<to>=<role>` | `G14-H13=Q`, `G14-H15=A` |
/// | castling (king cell, then rook cell) | `<king>@<rook>` | `B/15@B/18` |
/// | stalemate relocation (king from, king to, reclaimed piece) | `<from>><to>[=<role>]` | `B/15>A10=Q` |
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece moves from `from` to `to`, capturing whatever non-king piece is there; a pawn
    /// that reaches its promotion zone with a lost piece (or the Amazon) to claim names it in
    /// `promotion`.
    Normal {
        /// Start cell.
        from: Cell,
        /// Target cell.
        to: Cell,
        /// The piece a promoting pawn becomes (`None` for every other move, and for a pawn that
        /// reaches the zone with nothing to claim and therefore waits).
        promotion: Option<Role>,
    },
    /// Castling on rank 1: the king on `king` and the rook on `rook` (same sideboard). The king
    /// moves two squares towards the rook; the rook lands on the square the king passed.
    Castle {
        /// The king's cell.
        king: Cell,
        /// The rook's cell.
        rook: Cell,
    },
    /// Stalemate relocation: the king is lifted from `from` to the empty cell `to`, and
    /// `reclaim` (a lost piece, or the Amazon, or nothing when neither is available) is put on
    /// `from`.
    Relocate {
        /// The stalemated king's cell, where the reclaimed piece appears.
        from: Cell,
        /// The king's new cell.
        to: Cell,
        /// The piece placed on `from`.
        reclaim: Option<Role>,
    },
}

impl Move {
    /// The name of this move's kind, as the notations tell kinds apart: for counting moves by kind
    /// (the long-notation test holds that the conformance data reaches every kind and spells a
    /// move of each, `tests/data/long.txt`).
    /// A relocation that reclaims a man is a kind of its own.
    pub fn kind(self) -> &'static str {
        match self {
            Move::Normal {
                promotion: Some(_), ..
            } => "promotion",
            Move::Normal { .. } => "move",
            Move::Castle { .. } => "castling",
            Move::Relocate {
                reclaim: Some(_), ..
            } => "relocation with a reclaim",
            Move::Relocate { .. } => "relocation",
        }
    }

    /// The cell the moving piece leaves (the king's cell for castling and relocation); `None`
    /// never happens in Kirby's game (nothing enters from a hand), the `Option` is the shape
    /// every hexvar crate shares.
    pub const fn from(self) -> Option<Cell> {
        Some(self.origin())
    }

    /// The cell the moving piece leaves.
    pub(crate) const fn origin(self) -> Cell {
        match self {
            Move::Normal { from, .. } | Move::Relocate { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// The cell the moving piece (the king, for castling and relocation) lands on.
    pub fn to(self) -> Cell {
        match self {
            Move::Normal { to, .. } | Move::Relocate { to, .. } => to,
            Move::Castle { king, rook } => castle_targets(king, rook).0,
        }
    }

    /// The target in the move's [`crate::PieceMoves`] batch: the rook's cell for castling.
    pub(crate) const fn batch_target(self) -> Cell {
        match self {
            Move::Normal { to, .. } | Move::Relocate { to, .. } => to,
            Move::Castle { rook, .. } => rook,
        }
    }

    /// Reads a move as players type it: surrounding ASCII spaces, lower case, `x` for a
    /// capture and trailing `+ # ! ?` are forgiven (no cell, army or role letter is an `X`,
    /// and the notation is case-free).
    pub(crate) fn parse_forgiving(text: &str) -> Result<Move, ParseMoveError> {
        let trimmed = text
            .trim_matches(|c: char| c.is_ascii_whitespace())
            .trim_end_matches(['+', '#', '!', '?']);
        let normal: String = trimmed
            .chars()
            .map(|c| match c.to_ascii_uppercase() {
                'X' => '-',
                c => c,
            })
            .collect();
        normal
            .parse()
            .map_err(|_| ParseMoveError::Notation(cut(text, 100)))
    }
}

/// What a long text looks like, for the error.
const LONG_EXPECTED: &str = "A16B15, G14H13q, B/15B/17o or B/15>A10q";

impl Move {
    /// The move in long notation (see [`Variant::long`](hexvar_geometry::Variant::long)): the
    /// from-cell and the to-cell in Kirby's cell names, then a lower-case promotion letter, or
    /// `o` after a castling's king cells; a stalemate relocation puts `>` between the king's
    /// cells and names the reclaimed piece in lower case: `A16B15`, `G14H13q`, `G14H15a`,
    /// `B/15B/17o`, `B/15>A10q`, `B/15>A10`.
    ///
    /// ```
    /// use hexvar_kirby::{Move, Position};
    /// let pos = Position::new();
    /// let mv = pos.legal_moves()[0];
    /// assert_eq!(Move::from_long(&mv.long())?, mv);
    /// assert_eq!(pos.parse_long(&mv.long())?, mv);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn long(self) -> String {
        let letter = |role: Option<Role>| {
            role.map(|r| r.char().to_ascii_lowercase().to_string())
                .unwrap_or_default()
        };
        match self {
            Move::Normal {
                from,
                to,
                promotion,
            } => format!("{from}{to}{}", letter(promotion)),
            Move::Castle { king, .. } => format!("{king}{}o", self.to()),
            Move::Relocate { from, to, reclaim } => format!("{from}>{to}{}", letter(reclaim)),
        }
    }

    /// The move a long text names ([`Move::long`]'s spelling exactly, surrounding ASCII
    /// whitespace aside), without a position.
    pub fn from_long(text: &str) -> Result<Move, LongMoveError> {
        long::read(text, LONG_EXPECTED, read_long, Move::long)
    }
}

/// The parts of a long text, in [`Move::long`]'s order.
fn read_long(r: &mut LongReader<'_>) -> Option<Move> {
    let from: Cell = r.cell()?;
    let relocate = r.eat(">");
    let to: Cell = r.cell()?;
    if !relocate && r.eat("o") {
        return castling(from, to);
    }
    let role = match r.char_if(|c| c.is_ascii_lowercase()) {
        Some(c) => Some(Role::from_char(c.to_ascii_uppercase()).filter(|r| r.is_power())?),
        None => None,
    };
    Some(if relocate {
        Move::Relocate {
            from,
            to,
            reclaim: role,
        }
    } else {
        Move::Normal {
            from,
            to,
            promotion: role,
        }
    })
}

/// The castling whose king goes from `king` to `to`: two squares along its first rank towards
/// the rook in that direction's corner (file 1 or 8).
fn castling(king: Cell, to: Cell) -> Option<Move> {
    let (side, from_file, 1) = king.square_coords()? else {
        return None;
    };
    let (to_side, to_file, 1) = to.square_coords()? else {
        return None;
    };
    let rook_file = match i16::from(to_file) - i16::from(from_file) {
        2 => 8,
        -2 => 1,
        _ => return None,
    };
    let rook = Cell::square(side, rook_file, 1).filter(|_| to_side == side)?;
    Some(Move::Castle { king, rook })
}

hexvar_geometry::debug_as_display!(Move);

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}-{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.char())?;
                }
                Ok(())
            }
            Move::Castle { king, rook } => write!(f, "{king}@{rook}"),
            Move::Relocate { from, to, reclaim } => {
                write!(f, "{from}>{to}")?;
                if let Some(p) = reclaim {
                    write!(f, "={}", p.char())?;
                }
                Ok(())
            }
        }
    }
}

/// The error for move text: not move notation at all, or (from
/// [`crate::Position::parse_move`]) no legal move of the position. The text is cut to 100
/// characters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseMoveError {
    /// The text is not a move in the notation of [`Move`].
    #[error("not a move: {0:?} (expected e.g. A16-B15, G14-H13=Q, B/15@B/18 or B/15>A10=Q)")]
    Notation(String),
    /// The text is a move, but not a legal one in the position.
    #[error("no legal move {0:?} in this position")]
    NotLegal(String),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError::Notation(cut(s, 100));
        let cell = |t: &str| t.parse::<Cell>().map_err(|_| err());
        let role = |t: Option<&str>| -> Result<Option<Role>, ParseMoveError> {
            match t {
                None => Ok(None),
                Some(t) => {
                    let mut chars = t.chars();
                    let upper = chars.next().filter(char::is_ascii_uppercase);
                    match (upper.and_then(Role::from_char), chars.next()) {
                        (Some(r), None) if !matches!(r, Role::Pawn | Role::King) => Ok(Some(r)),
                        _ => Err(err()),
                    }
                }
            }
        };
        if let Some((king, rook)) = s.split_once('@') {
            return Ok(Move::Castle {
                king: cell(king)?,
                rook: cell(rook)?,
            });
        }
        let (body, suffix) = match s.split_once('=') {
            Some((b, r)) => (b, Some(r)),
            None => (s, None),
        };
        if let Some((from, to)) = body.split_once('>') {
            return Ok(Move::Relocate {
                from: cell(from)?,
                to: cell(to)?,
                reclaim: role(suffix)?,
            });
        }
        let (from, to) = body.split_once('-').ok_or_else(err)?;
        Ok(Move::Normal {
            from: cell(from)?,
            to: cell(to)?,
            promotion: role(suffix)?,
        })
    }
}

/// The most legal moves a position can have: a stalemated army that lost its queen, a rook,
/// a bishop and a knight relocates its king to any of at most 311 empty cells (313 minus its
/// own king's cell minus at least one other king) with 4 choices of reclaimed piece: 1244
/// moves. Ordinary move counts are lower: at most eight power pieces (two each of R, B, N, a
/// queen and an Amazon), each with at most the Amazon's largest empty-board count, plus eight
/// pawns with 5 targets and 4 promotion choices each, plus the king — the tests check that
/// this sum stays below the capacity.
pub const MAX_MOVES: usize = 1248;

/// A list of moves with a fixed capacity ([`MAX_MOVES`]), on the stack.
pub type MoveList = hexvar_geometry::MoveList<Move, MAX_MOVES>;

#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Move, "a move in Kirby notation, like A16-B15");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        hexvar_geometry::check_text_round_trips::<Move>(&[
            "A16-B15",
            "G14-H13=Q",
            "G14-H15=A",
            "B/15@B/18",
            "B/15>A10=Q",
            "B/15>A10",
            "B/27-A14",
        ])
        .unwrap();
        for bad in [
            "",
            "A16",
            "A16-",
            "A16-B15=K",
            "A16-B15=P",
            "A16-B15=QQ",
            "B/15@",
            "X1-A8",
            "A16-B15=",
            "A16>",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
        assert_eq!("C-H17".parse::<Move>().unwrap().to_string(), "H15-H17");
    }
}
