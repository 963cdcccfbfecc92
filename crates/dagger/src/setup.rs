//! Plain-data [`Setup`], the start position, and the position text format.
//!
//! The format: `<ranks n..a> <side> <hands> <ep> [<halfmove clock> <move number>]`, fields
//! separated by runs of ASCII whitespace (any other character, a non-breaking space included,
//! is an error; leading and trailing ASCII whitespace is ignored):
//! - ranks from `n` down to `a`, separated by `/`; each lists its cells from 1 upward, letters
//!   `KQRBNP` for White and `kqrbnp` for Black, digits counting empty cells;
//! - side to move `w` or `b`;
//! - hands `<White>/<Black>`, each `LR`, `L`, `R` or `-`;
//! - the cell where a pawn has just landed after a double jump, or `-`;
//! - optionally the halfmove clock (`0..=4294967295`) and the move number
//!   (`1..=4294967295`), in decimal digits; both or neither (default `0 1`).
//!
//! The printed text always has all six fields; it reads back to an equal `Setup`.
//!
//! ```
//! use hexvar_dagger::Setup;
//! let start: Setup = "k/rr/bbb/pppp/ppp/4/5/4/PPP/PPPP/BBB/RR/K w LR/LR -".parse().unwrap();
//! assert_eq!(start, Setup::start());
//! assert_eq!(start.to_string(), "k/rr/bbb/pppp/ppp/4/5/4/PPP/PPPP/BBB/RR/K w LR/LR - 0 1");
//! ```

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::position_text::{counter, or_dash, write_placement};
use hexvar_geometry::san::cut;

use crate::cells::{Cell, CELL_COUNT, RANK_COUNT, RANK_LENGTHS, RANK_LETTERS, RANK_START};
use crate::hand::Hand;
use crate::men::{Color, Piece};

/// The start position in the text format.
pub const START_TEXT: &str = "k/rr/bbb/pppp/ppp/4/5/4/PPP/PPPP/BBB/RR/K w LR/LR - 0 1";

/// A position as plain data, not validated: see [`crate::Position::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each cell, by dense index.
    pub board: [Option<Piece>; CELL_COUNT],
    /// The side to move.
    pub turn: Color,
    /// The knights in hand, indexed by [`Color::index`].
    pub hands: [Hand; 2],
    /// The cell where a pawn has just landed after a double jump, if any.
    pub en_passant: Option<Cell>,
    /// Plies since the last capture, pawn move, entry or drop.
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and rising after Black's move.
    pub fullmove_number: u32,
}

/// What went wrong while reading a position text; each variant names the failing field.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseSetupError {
    /// Not 4 or 6 fields separated by ASCII whitespace.
    #[error("expected 4 or 6 fields separated by spaces (ranks, side, hands, ep[, halfmove clock, move number]), got {0}")]
    FieldCount(usize),
    /// The board field is malformed.
    #[error("board field: {0}")]
    Board(String),
    /// The side-to-move field is not `w` or `b`.
    #[error("side to move must be `w` or `b`, got {0:?}")]
    Turn(String),
    /// The hands field is not `<White>/<Black>` with each part `LR`, `L`, `R` or `-`.
    #[error("hands field must be `<White>/<Black>`, each `LR`, `L`, `R` or `-`; got {0:?}")]
    Hands(String),
    /// The en-passant field is not a cell or `-`.
    #[error("en-passant field must be a cell or `-`, got {0:?}")]
    EnPassant(String),
    /// The halfmove clock is not a decimal number in `0..=4294967295`.
    #[error("halfmove clock must be a decimal number from 0 to 4294967295, got {0:?}")]
    Halfmoves(String),
    /// The move number is not a decimal number in `1..=4294967295`.
    #[error("move number must be a decimal number from 1 to 4294967295, got {0:?}")]
    Fullmoves(String),
}

impl Setup {
    /// The empty board, White to move, no knights in hand.
    pub fn empty() -> Setup {
        Setup {
            board: [None; CELL_COUNT],
            turn: Color::White,
            hands: [Hand::EMPTY; 2],
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The start position: `k/rr/bbb/pppp/ppp/4/5/4/PPP/PPPP/BBB/RR/K w LR/LR -`.
    pub fn start() -> Setup {
        let mut setup = Setup::empty();
        let white = "K RR BBB PPPP PPP";
        for (rank, row) in white.split(' ').enumerate() {
            for (k, ch) in row.chars().enumerate() {
                let cell = Cell::from_rank_number(rank as u8, k as u8 + 1).expect("on board");
                let piece = Piece::from_char(ch).expect("piece letter");
                setup.board[cell.index()] = Some(piece);
                setup.board[cell.flip().index()] = Some(Piece::new(Color::Black, piece.role));
            }
        }
        setup.hands = [Hand::BOTH; 2];
        setup
    }

    /// The piece on `cell`.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.board[cell.index()]
    }

    fn parse_board(text: &str) -> Result<[Option<Piece>; CELL_COUNT], ParseSetupError> {
        let mut board = [None; CELL_COUNT];
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != RANK_COUNT {
            return Err(ParseSetupError::Board(format!(
                "expected 13 ranks separated by `/`, got {}",
                rows.len()
            )));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = RANK_COUNT - 1 - i;
            let letter = RANK_LETTERS[rank] as char;
            let len = RANK_LENGTHS[rank] as usize;
            let mut k = 0usize;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    if d == 0 {
                        return Err(ParseSetupError::Board(format!(
                            "rank {letter}: a count of 0 empty cells"
                        )));
                    }
                    k += d as usize;
                } else if let Some(piece) = Piece::from_char(ch) {
                    if k < len {
                        board[RANK_START[rank] as usize + k] = Some(piece);
                    }
                    k += 1;
                } else {
                    return Err(ParseSetupError::Board(format!(
                        "rank {letter}: unexpected character {ch:?}"
                    )));
                }
                if k > len {
                    return Err(ParseSetupError::Board(format!(
                        "rank {letter} has {len} cells, the text describes more"
                    )));
                }
            }
            if k != len {
                return Err(ParseSetupError::Board(format!(
                    "rank {letter} has {len} cells, the text describes {k}"
                )));
            }
        }
        Ok(board)
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

impl FromStr for Setup {
    type Err = ParseSetupError;
    fn from_str(s: &str) -> Result<Setup, ParseSetupError> {
        let fields: Vec<&str> = s.split_ascii_whitespace().collect();
        if fields.len() != 4 && fields.len() != 6 {
            return Err(ParseSetupError::FieldCount(fields.len()));
        }
        let board = Setup::parse_board(fields[0])?;
        let turn = fields[1]
            .parse::<Color>()
            .map_err(|_| ParseSetupError::Turn(cut(fields[1], 100)))?;
        let hands = {
            let bad = || ParseSetupError::Hands(cut(fields[2], 100));
            let (w, b) = fields[2].split_once('/').ok_or_else(bad)?;
            [
                w.parse::<Hand>().map_err(|_| bad())?,
                b.parse::<Hand>().map_err(|_| bad())?,
            ]
        };
        let en_passant = match fields[3] {
            "-" => None,
            text => Some(
                text.parse::<Cell>()
                    .map_err(|_| ParseSetupError::EnPassant(cut(text, 100)))?,
            ),
        };
        let (halfmove_clock, fullmove_number) = match fields.get(4..) {
            Some(&[half, full]) => (
                counter(half).ok_or_else(|| ParseSetupError::Halfmoves(cut(half, 100)))?,
                counter(full)
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| ParseSetupError::Fullmoves(cut(full, 100)))?,
            ),
            _ => (0, 1),
        };
        Ok(Setup {
            board,
            turn,
            hands,
            en_passant,
            halfmove_clock,
            fullmove_number,
        })
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ranks = (0..RANK_COUNT).rev().map(|rank| {
            let cells = &self.board[RANK_START[rank] as usize..][..RANK_LENGTHS[rank] as usize];
            cells.iter().map(|man| man.map(Piece::char))
        });
        write_placement(f, ranks)?;
        let [white, black] = &self.hands;
        let en_passant = or_dash(self.en_passant);
        write!(f, " {} {white}/{black} {en_passant}", self.turn)?;
        write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}

#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Setup, "a Dagger Chess position text");
