//! The plain-data [`Setup`], the start position, and the position text format (documented on
//! [`Setup`]).

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::position_text::{self, counter, or_dash, write_placement};

use crate::cells::{Cell, CELL_COUNT};
use crate::men::{Color, Piece};
use crate::moves::CastlingSide;

/// The start position in the text format.
pub const START_TEXT: &str = "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w KQkq - 0 1";

/// Castling rights: which of the four castlings are still possible in principle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights.
    pub const ALL: CastlingRights = CastlingRights(0b1111);

    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    /// Whether `color` may still castle on `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    /// The rights with `color`'s right on `side` set to `on`.
    #[must_use]
    pub const fn with(self, color: Color, side: CastlingSide, on: bool) -> CastlingRights {
        if on {
            CastlingRights(self.0 | Self::bit(color, side))
        } else {
            CastlingRights(self.0 & !Self::bit(color, side))
        }
    }

    /// The rights as four bits: White king side, White queen side, Black king side, Black queen side.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The rights from [`CastlingRights::bits`]; bits above the four are ignored.
    #[inline]
    pub const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(bits & 0b1111)
    }
}

impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("-");
        }
        for (color, side, c) in [
            (Color::White, CastlingSide::KingSide, 'K'),
            (Color::White, CastlingSide::QueenSide, 'Q'),
            (Color::Black, CastlingSide::KingSide, 'k'),
            (Color::Black, CastlingSide::QueenSide, 'q'),
        ] {
            if self.has(color, side) {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// The en passant target: the cell a pawn passed over in a double step and the cell it landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// The cell the pawn passed over (where an en passant capture lands).
    pub passed: Cell,
    /// The cell the pawn landed on (whose pawn an en passant capture removes).
    pub pawn: Cell,
}

impl fmt::Display for EnPassant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.passed, self.pawn)
    }
}

/// A position as plain data, not validated: any placement of pieces, any rights.
///
/// Convert it into a [`crate::Position`] with [`crate::Position::from_setup`] to play.
///
/// # The position text
///
/// Six fields as in chess FEN, separated by runs of ASCII whitespace (leading and trailing ASCII
/// whitespace is ignored; any other character, a non-breaking space included, is an error):
///
/// 1. placement: ranks 8 down to 1 separated by `/`, each written from its lowest file; digits
///    (1–12) count empty cells; `KQRBNP` White, lower case Black;
/// 2. side to move, `w` or `b`;
/// 3. castling rights: `K` (White, rook i1), `Q` (White, rook a1), `k` (Black, rook d8),
///    `q` (Black, rook l8), in that order, or `-`;
/// 4. en passant: `-`, or the cell a double-stepping pawn passed over followed by the cell it
///    landed on, e.g. `g6g5` after g7-g5 (either cell alone can belong to two double steps);
/// 5. the halfmove clock, `0` to `4294967295`, in decimal digits;
/// 6. the move number, `1` to `4294967295`, in decimal digits.
///
/// Printing gives the canonical text, which reads back to an equal `Setup`.
///
/// ```
/// use hexvar_brusky::{Setup, START_TEXT};
/// let start: Setup = "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w KQkq - 0 1".parse().unwrap();
/// assert_eq!(start, Setup::start());
/// assert_eq!(start.to_string(), START_TEXT);
/// assert!("rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w KQkq - 0 4294967296"
///     .parse::<Setup>()
///     .is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each cell, by dense cell index.
    pub board: [Option<Piece>; CELL_COUNT],
    /// The side to move.
    pub turn: Color,
    /// Castling rights.
    pub castling: CastlingRights,
    /// The en passant target, after a double step.
    pub en_passant: Option<EnPassant>,
    /// Halfmoves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and raised after Black's move.
    pub fullmove_number: u32,
}

impl Setup {
    /// The start position.
    pub fn start() -> Setup {
        START_TEXT
            .parse()
            .expect("the start position text is valid")
    }

    /// An empty board, White to move, no rights.
    pub fn empty() -> Setup {
        Setup {
            board: [None; CELL_COUNT],
            turn: Color::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The piece on `cell`.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.board[cell.index()]
    }

    /// Puts `piece` on `cell` (or empties it with `None`).
    pub fn set(&mut self, cell: Cell, piece: Option<Piece>) {
        self.board[cell.index()] = piece;
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::start()
    }
}

/// An error reading the position text. Each variant names the field that failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseSetupError {
    /// Not six space-separated fields.
    #[error("expected 6 space-separated fields (placement, turn, castling, en passant, halfmove clock, move number), found {0}")]
    FieldCount(usize),
    /// The placement does not have 8 ranks.
    #[error("placement: expected 8 ranks separated by '/', found {0}")]
    RankCount(usize),
    /// A rank does not describe exactly its number of cells.
    #[error("placement: rank {rank} must describe {expected} cells, found {found}")]
    RankLength {
        /// The rank (1–8).
        rank: u8,
        /// The cells that rank has.
        expected: usize,
        /// The cells the text describes.
        found: usize,
    },
    /// A character that is neither a piece letter nor a digit, or a bad empty count.
    #[error("placement: rank {rank}: unexpected {found:?} (piece letters KQRBNP/kqrbnp or empty counts 1-12)")]
    PlacementChar {
        /// The rank (1–8).
        rank: u8,
        /// The offending text.
        found: String,
    },
    /// The side to move is not `w` or `b`.
    #[error("turn: expected 'w' or 'b', found {0:?}")]
    Turn(String),
    /// The castling field is not `-` or a subset of `KQkq` in that order.
    #[error("castling: expected '-' or some of 'KQkq' in that order, found {0:?}")]
    Castling(String),
    /// The en passant field is not `-` or two cells.
    #[error("en passant: expected '-' or two cells like 'g6g5', found {0:?}")]
    EnPassant(String),
    /// The halfmove clock is not a number from 0 to 4294967295 in decimal digits.
    #[error("halfmove clock: expected a number from 0 to 4294967295, found {0:?}")]
    HalfmoveClock(String),
    /// The move number is not a number from 1 to 4294967295 in decimal digits.
    #[error("move number: expected a number from 1 to 4294967295, found {0:?}")]
    FullmoveNumber(String),
}

fn clip(s: &str) -> String {
    hexvar_geometry::san::cut(s, crate::cells::QUOTED_CHARS)
}

fn parse_en_passant(text: &str) -> Option<EnPassant> {
    if text.len() < 4 || !text.is_ascii() {
        return None;
    }
    // Each cell is a letter and one digit.
    let passed: Cell = text.get(..2)?.parse().ok()?;
    let pawn: Cell = text.get(2..)?.parse().ok()?;
    Some(EnPassant { passed, pawn })
}

/// The castling field: `-`, or some of `KQkq` in that order.
impl FromStr for CastlingRights {
    type Err = ParseSetupError;
    fn from_str(text: &str) -> Result<CastlingRights, ParseSetupError> {
        let err = || ParseSetupError::Castling(clip(text));
        if text == "-" {
            return Ok(CastlingRights::NONE);
        }
        if text.is_empty() {
            return Err(err());
        }
        let mut rights = CastlingRights::NONE;
        let mut last = None;
        for ch in text.chars() {
            let (order, color, side) = match ch {
                'K' => (0, Color::White, CastlingSide::KingSide),
                'Q' => (1, Color::White, CastlingSide::QueenSide),
                'k' => (2, Color::Black, CastlingSide::KingSide),
                'q' => (3, Color::Black, CastlingSide::QueenSide),
                _ => return Err(err()),
            };
            if last.is_some_and(|l| l >= order) {
                return Err(err());
            }
            last = Some(order);
            rights = rights.with(color, side, true);
        }
        Ok(rights)
    }
}

/// The en passant field without its `-`: the passed cell, then the landing cell (`g6g5`).
impl FromStr for EnPassant {
    type Err = ParseSetupError;
    fn from_str(text: &str) -> Result<EnPassant, ParseSetupError> {
        parse_en_passant(text).ok_or_else(|| ParseSetupError::EnPassant(clip(text)))
    }
}

#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(
    serde,
    CastlingRights,
    "castling rights like \"KQkq\" or \"-\""
);
#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, EnPassant, "an en passant target like \"g6g5\"");

fn parse_placement(
    text: &str,
    board: &mut [Option<Piece>; CELL_COUNT],
) -> Result<(), ParseSetupError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParseSetupError::RankCount(ranks.len()));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let cells: Vec<Cell> = Cell::ALL
            .iter()
            .copied()
            .filter(|c| c.rank() == rank)
            .collect();
        let mut at = 0usize;
        let mut chars = rank_text.char_indices().peekable();
        while let Some((pos, ch)) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                let mut n = d as usize;
                if let Some(&(_, next)) = chars.peek() {
                    if let Some(d2) = next.to_digit(10) {
                        n = n * 10 + d2 as usize;
                        chars.next();
                    }
                }
                if n == 0 || n > 12 {
                    return Err(ParseSetupError::PlacementChar {
                        rank: rank + 1,
                        found: n.to_string(),
                    });
                }
                at += n;
            } else if let Some(piece) = Piece::from_char(ch) {
                if let Some(cell) = cells.get(at) {
                    board[cell.index()] = Some(piece);
                }
                at += 1;
            } else {
                return Err(ParseSetupError::PlacementChar {
                    rank: rank + 1,
                    found: clip(&rank_text[pos..]).chars().take(1).collect(),
                });
            }
            if at > cells.len() {
                break;
            }
        }
        if at != cells.len() {
            return Err(ParseSetupError::RankLength {
                rank: rank + 1,
                expected: cells.len(),
                found: at,
            });
        }
    }
    Ok(())
}

impl FromStr for Setup {
    type Err = ParseSetupError;

    fn from_str(s: &str) -> Result<Setup, ParseSetupError> {
        let [placement, turn, castling, en_passant, halfmoves, fullmoves] =
            position_text::fields(s).map_err(ParseSetupError::FieldCount)?;
        let mut setup = Setup::empty();
        parse_placement(placement, &mut setup.board)?;
        setup.turn = turn
            .parse()
            .map_err(|_| ParseSetupError::Turn(clip(turn)))?;
        setup.castling = castling.parse()?;
        setup.en_passant = match en_passant {
            "-" => None,
            text => Some(text.parse()?),
        };
        setup.halfmove_clock =
            counter(halfmoves).ok_or_else(|| ParseSetupError::HalfmoveClock(clip(halfmoves)))?;
        setup.fullmove_number = match counter(fullmoves) {
            Some(n) if n >= 1 => n,
            _ => return Err(ParseSetupError::FullmoveNumber(clip(fullmoves))),
        };
        Ok(setup)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ranks = (0..8u8).rev().map(|rank| {
            let cells = Cell::ALL.iter().filter(move |c| c.rank() == rank);
            cells.map(|c| self.board[c.index()].map(Piece::char))
        });
        write_placement(f, ranks)?;
        let en_passant = or_dash(self.en_passant);
        write!(f, " {} {} {en_passant}", self.turn, self.castling)?;
        write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}

#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Setup, "a Brusky position text");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::men::Role;

    #[test]
    fn start_position_has_the_rules_file_setup() {
        let s = Setup::start();
        let at = |c: &str| s.piece_at(c.parse().unwrap());
        assert_eq!(at("f1"), Some(Piece::new(Color::White, Role::King)));
        assert_eq!(at("d1"), Some(Piece::new(Color::White, Role::Queen)));
        assert_eq!(at("g8"), Some(Piece::new(Color::Black, Role::King)));
        assert_eq!(at("i8"), Some(Piece::new(Color::Black, Role::Queen)));
        assert_eq!(at("d8"), Some(Piece::new(Color::Black, Role::Rook)));
        assert_eq!(at("l7"), Some(Piece::new(Color::Black, Role::Pawn)));
        assert_eq!(at("j2"), Some(Piece::new(Color::White, Role::Pawn)));
        assert_eq!(s.board.iter().flatten().count(), 38);
        // Black is White rotated by 180°.
        for cell in Cell::ALL {
            let rotated = s
                .piece_at(cell.rotated())
                .map(|p| Piece::new(p.color.other(), p.role));
            assert_eq!(s.piece_at(cell), rotated);
        }
    }

    #[test]
    fn errors_name_the_field() {
        let cases = [
            ("", ParseSetupError::FieldCount(0)),
            (
                "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP w KQkq - 0 1",
                ParseSetupError::RankCount(7),
            ),
            (
                "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR x KQkq - 0 1",
                ParseSetupError::Turn("x".into()),
            ),
            (
                "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w QK - 0 1",
                ParseSetupError::Castling("QK".into()),
            ),
            (
                "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w KQkq e3 0 1",
                ParseSetupError::EnPassant("e3".into()),
            ),
            (
                "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w KQkq - x 1",
                ParseSetupError::HalfmoveClock("x".into()),
            ),
            (
                "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w KQkq - 0 0",
                ParseSetupError::FullmoveNumber("0".into()),
            ),
            (
                "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBN w KQkq - 0 1",
                ParseSetupError::RankLength {
                    rank: 1,
                    expected: 9,
                    found: 8,
                },
            ),
            (
                "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNRR w KQkq - 0 1",
                ParseSetupError::RankLength {
                    rank: 1,
                    expected: 9,
                    found: 10,
                },
            ),
            (
                "rnbkbqbnr/pppppppppp/11/12/13/11/PPPPPPPPPP/RNBQBKBNR w KQkq - 0 1",
                ParseSetupError::PlacementChar {
                    rank: 4,
                    found: "13".into(),
                },
            ),
            (
                "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNX w KQkq - 0 1",
                ParseSetupError::PlacementChar {
                    rank: 1,
                    found: "X".into(),
                },
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(text.parse::<Setup>(), Err(expected), "{text}");
        }
    }

    #[test]
    fn en_passant_field_round_trips() {
        let text = "rnbkbqbnr/pppp1ppppp/11/6p5/12/11/PPPPPPPPPP/RNBQBKBNR w KQkq g6g5 0 2";
        let s: Setup = text.parse().unwrap();
        assert_eq!(
            s.en_passant,
            Some(EnPassant {
                passed: "g6".parse().unwrap(),
                pawn: "g5".parse().unwrap()
            })
        );
        assert_eq!(s.to_string(), text);
    }
}
