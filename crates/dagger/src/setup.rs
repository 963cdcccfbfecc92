//! Plain-data [`Setup`], the start position, and the position text format.
//!
//! The format (spec §7): `<ranks n..a> <side> <hands> <ep> [<halfmove_clock> <fullmove>]`.
//! - ranks from `n` down to `a`, separated by `/`; each lists its cells from 1 upward, letters
//!   `KQRBNP` for White and `kqrbnp` for Black, digits counting empty cells;
//! - side to move `w` or `b`;
//! - hands `<White>/<Black>`, each a subset of `LR` or `-`;
//! - the cell where a pawn has just landed after a double jump, or `-`;
//! - optionally the halfmove clock and the fullmove number (default `0 1`).
//!
//! ```
//! use hexvar_dagger::Setup;
//! let start: Setup = "k/rr/bbb/pppp/ppp/4/5/4/PPP/PPPP/BBB/RR/K w LR/LR -".parse().unwrap();
//! assert_eq!(start, Setup::start());
//! assert_eq!(start.to_string(), "k/rr/bbb/pppp/ppp/4/5/4/PPP/PPPP/BBB/RR/K w LR/LR - 0 1");
//! ```

use core::fmt;
use core::str::FromStr;

use crate::board::{Cell, Color, Piece, CELL_COUNT, RANK_LENGTHS, RANK_START};
use crate::hand::Hand;

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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseSetupError {
    /// Fewer than four space-separated fields, or more than six.
    #[error("expected 4 to 6 space-separated fields (ranks, side, hands, ep[, halfmoves, fullmove]), got {0}")]
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
    /// The halfmove clock is not a number.
    #[error("halfmove clock must be a non-negative number, got {0:?}")]
    Halfmoves(String),
    /// The fullmove number is not a positive number.
    #[error("fullmove number must be a positive number, got {0:?}")]
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
        if rows.len() != 13 {
            return Err(ParseSetupError::Board(format!(
                "expected 13 ranks separated by `/`, got {}",
                rows.len()
            )));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = 12 - i;
            let letter = crate::board::RANK_LETTERS[rank] as char;
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
        let fields: Vec<&str> = s.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(ParseSetupError::FieldCount(fields.len()));
        }
        let board = Setup::parse_board(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(ParseSetupError::Turn(other.to_owned())),
        };
        let hands = {
            let bad = || ParseSetupError::Hands(fields[2].to_owned());
            let (w, b) = fields[2].split_once('/').ok_or_else(bad)?;
            [
                Hand::parse(w).ok_or_else(bad)?,
                Hand::parse(b).ok_or_else(bad)?,
            ]
        };
        let ep = match fields[3] {
            "-" => None,
            text => Some(
                text.parse::<Cell>()
                    .map_err(|_| ParseSetupError::EnPassant(text.to_owned()))?,
            ),
        };
        let halfmove_clock = match fields.get(4) {
            None => 0,
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| ParseSetupError::Halfmoves((*t).to_owned()))?,
        };
        let fullmove_number = match fields.get(5) {
            None => 1,
            Some(t) => match t.parse::<u32>() {
                Ok(n) if n > 0 => n,
                _ => return Err(ParseSetupError::Fullmoves((*t).to_owned())),
            },
        };
        Ok(Setup {
            board,
            turn,
            hands,
            en_passant: ep,
            halfmove_clock,
            fullmove_number,
        })
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..13).rev() {
            let mut empty = 0;
            for k in 0..RANK_LENGTHS[rank] as usize {
                match self.board[RANK_START[rank] as usize + k] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.char())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {} {}/{} ",
            self.turn.char(),
            self.hands[0],
            self.hands[1]
        )?;
        match self.en_passant {
            Some(c) => write!(f, "{c}")?,
            None => f.write_str("-")?,
        }
        write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Setup {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Setup {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Setup, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
