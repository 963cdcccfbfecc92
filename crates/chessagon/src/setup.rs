//! Plain-data [`Setup`], the start position, and the position text format (parse + print).
//!
//! Text: `<placement> <turn> <castling> <en passant> [<halfmove clock> <move number>]`, e.g. the
//! start position
//! `qk/bddb/rnppnr/pppppppp/1pp2pp1/8/8/8/8/8/1PP2PP1/PPPPPPPP/RNPPNR/BDDB/QK w KQkq -`.
//!
//! - placement: ranks 15 → 1 separated by `/`; each rank lists only its own files left to right
//!   (rank 1 = d1 e1, rank 4 = a4 … h4); letters `KQDBNRP` (Black lower case), digits for runs of
//!   empty cells;
//! - turn `w` / `b`;
//! - castling `K` (White short, g-file Rook), `Q` (White long, b-file Rook), `k`, `q`, or `-`;
//! - en passant: `-` or the middle cell followed by the cell the pawn landed on (`b10a8`);
//! - the clocks default to `0 1` and are printed only when they differ from that.
//!
//! The text carries no moved-flags: a pawn on one of its own side's starting-pawn cells is read as
//! unmoved ([`Setup::unmoved_pawns`] holds the exact flags).

use core::fmt;
use core::str::FromStr;

use crate::board::{cells, Cell, Color, Piece, Role, CELL_COUNT, PAWN_START};

/// En passant state: the middle cell of the double push just played, and where the pawn landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// The cell the double push passed (the capture destination).
    pub middle: Cell,
    /// The cell the double-pushed pawn stands on (removed by the capture).
    pub landed: Cell,
}

/// Castling rights bit: White short (g-file Rook), text `K`.
pub const WHITE_SHORT: u8 = 1;
/// Castling rights bit: White long (b-file Rook), text `Q`.
pub const WHITE_LONG: u8 = 2;
/// Castling rights bit: Black short, text `k`.
pub const BLACK_SHORT: u8 = 4;
/// Castling rights bit: Black long, text `q`.
pub const BLACK_LONG: u8 = 8;

/// A position as plain data, not validated. Convert with [`crate::Position::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each cell, by dense index.
    pub board: [Option<Piece>; CELL_COUNT],
    /// Side to move.
    pub turn: Color,
    /// Castling rights: a union of [`WHITE_SHORT`], [`WHITE_LONG`], [`BLACK_SHORT`], [`BLACK_LONG`].
    pub castling: u8,
    /// En passant state after a double push, if any.
    pub ep: Option<EnPassant>,
    /// Pawns that have not moved yet (may double push), as a cell bit set.
    pub unmoved_pawns: u128,
    /// Half-moves since the last capture or pawn move.
    pub halfmoves: u32,
    /// Move number, starting at 1, incremented after Black moves.
    pub fullmoves: u32,
}

/// The start position text.
pub const START: &str =
    "qk/bddb/rnppnr/pppppppp/1pp2pp1/8/8/8/8/8/1PP2PP1/PPPPPPPP/RNPPNR/BDDB/QK w KQkq -";

impl Setup {
    /// An empty board, White to move, no rights.
    pub fn empty() -> Setup {
        Setup {
            board: [None; CELL_COUNT],
            turn: Color::White,
            castling: 0,
            ep: None,
            unmoved_pawns: 0,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The start position of §8.
    pub fn start() -> Setup {
        START.parse().expect("the start position text is valid")
    }

    /// The piece on `cell`.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.board[cell.index()]
    }

    /// The pawns standing on their own side's starting-pawn cells: what the text format reads as
    /// unmoved.
    pub fn pawns_on_start_cells(&self) -> u128 {
        let mut set = 0;
        for cell in Cell::ALL {
            if let Some(p) = self.board[cell.index()] {
                if p.role == Role::Pawn && PAWN_START[p.color.index()] & cell.bit() != 0 {
                    set |= cell.bit();
                }
            }
        }
        set
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::start()
    }
}

/// Why a position text failed to parse; each variant names the failing field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseSetupError {
    /// The text has fewer than 4 fields.
    #[error(
        "position text needs at least 4 fields (placement, turn, castling, en passant), found {0}"
    )]
    MissingFields(usize),
    /// The text has more than 6 fields.
    #[error("position text has {0} fields, at most 6 are allowed")]
    TooManyFields(usize),
    /// The placement does not have 15 ranks.
    #[error("placement: expected 15 ranks separated by '/', found {0}")]
    RankCount(usize),
    /// A rank lists the wrong number of cells.
    #[error("placement: rank {rank} describes {found} cells, it has {expected}")]
    RankLength {
        /// Rank number (1–15).
        rank: u8,
        /// Cells on that rank.
        expected: usize,
        /// Cells described (or more, when it overflows).
        found: usize,
    },
    /// A character that is no piece letter or digit 1–8.
    #[error("placement: rank {rank} has the bad character {found:?}")]
    PlacementChar {
        /// Rank number (1–15).
        rank: u8,
        /// The character.
        found: char,
    },
    /// The turn field is not `w` or `b`.
    #[error("turn: expected `w` or `b`, found {0:?}")]
    Turn(String),
    /// The castling field is not `-` or a subset of `KQkq` in that order.
    #[error("castling: expected `-` or letters of `KQkq` in that order, found {0:?}")]
    Castling(String),
    /// The en passant field is not `-` or two cells.
    #[error("en passant: expected `-` or middle and landing cells like `b10a8`, found {0:?}")]
    EnPassant(String),
    /// The halfmove clock is not a number.
    #[error("halfmove clock: expected a number, found {0:?}")]
    Halfmoves(String),
    /// The move number is not a positive number.
    #[error("move number: expected a positive number, found {0:?}")]
    Fullmoves(String),
}

fn rank_cells(rank: u8) -> impl Iterator<Item = Cell> {
    (0..8).filter_map(move |f| Cell::from_file_rank(f, rank))
}

fn parse_placement(
    text: &str,
    board: &mut [Option<Piece>; CELL_COUNT],
) -> Result<(), ParseSetupError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 15 {
        return Err(ParseSetupError::RankCount(ranks.len()));
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = 15 - i as u8;
        let cells: Vec<Cell> = rank_cells(rank).collect();
        let mut at = 0usize;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                at += d as usize;
            } else if let Some(piece) = Piece::from_char(ch) {
                if at < cells.len() {
                    board[cells[at].index()] = Some(piece);
                }
                at += 1;
            } else {
                return Err(ParseSetupError::PlacementChar { rank, found: ch });
            }
            if at > cells.len() {
                return Err(ParseSetupError::RankLength {
                    rank,
                    expected: cells.len(),
                    found: at,
                });
            }
        }
        if at != cells.len() {
            return Err(ParseSetupError::RankLength {
                rank,
                expected: cells.len(),
                found: at,
            });
        }
    }
    Ok(())
}

fn parse_castling(text: &str) -> Result<u8, ParseSetupError> {
    if text == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    let mut last = 0u8;
    for ch in text.chars() {
        let bit = match ch {
            'K' => WHITE_SHORT,
            'Q' => WHITE_LONG,
            'k' => BLACK_SHORT,
            'q' => BLACK_LONG,
            _ => return Err(ParseSetupError::Castling(text.to_string())),
        };
        if bit <= last {
            return Err(ParseSetupError::Castling(text.to_string()));
        }
        last = bit;
        rights |= bit;
    }
    if rights == 0 {
        return Err(ParseSetupError::Castling(text.to_string()));
    }
    Ok(rights)
}

fn parse_ep(text: &str) -> Result<Option<EnPassant>, ParseSetupError> {
    if text == "-" {
        return Ok(None);
    }
    let err = || ParseSetupError::EnPassant(text.to_string());
    let (a, b) = crate::moves::split_cells(text).ok_or_else(err)?;
    Ok(Some(EnPassant {
        middle: a.parse().map_err(|_| err())?,
        landed: b.parse().map_err(|_| err())?,
    }))
}

impl FromStr for Setup {
    type Err = ParseSetupError;
    fn from_str(s: &str) -> Result<Setup, ParseSetupError> {
        let fields: Vec<&str> = s.split_ascii_whitespace().collect();
        if fields.len() < 4 {
            return Err(ParseSetupError::MissingFields(fields.len()));
        }
        if fields.len() > 6 {
            return Err(ParseSetupError::TooManyFields(fields.len()));
        }
        let mut setup = Setup::empty();
        parse_placement(fields[0], &mut setup.board)?;
        setup.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(ParseSetupError::Turn(other.to_string())),
        };
        setup.castling = parse_castling(fields[2])?;
        setup.ep = parse_ep(fields[3])?;
        if let Some(h) = fields.get(4) {
            setup.halfmoves = h
                .parse()
                .map_err(|_| ParseSetupError::Halfmoves(h.to_string()))?;
        }
        if let Some(f) = fields.get(5) {
            setup.fullmoves = f
                .parse()
                .ok()
                .filter(|&n: &u32| n > 0)
                .ok_or_else(|| ParseSetupError::Fullmoves(f.to_string()))?;
        }
        setup.unmoved_pawns = setup.pawns_on_start_cells();
        Ok(setup)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (1..=15u8).rev() {
            let mut empty = 0;
            for cell in rank_cells(rank) {
                match self.board[cell.index()] {
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 1 {
                f.write_str("/")?;
            }
        }
        write!(f, " {} ", self.turn.char())?;
        if self.castling & 15 == 0 {
            f.write_str("-")?;
        } else {
            for (bit, ch) in [
                (WHITE_SHORT, 'K'),
                (WHITE_LONG, 'Q'),
                (BLACK_SHORT, 'k'),
                (BLACK_LONG, 'q'),
            ] {
                if self.castling & bit != 0 {
                    write!(f, "{ch}")?;
                }
            }
        }
        match self.ep {
            Some(ep) => write!(f, " {}{}", ep.middle, ep.landed)?,
            None => f.write_str(" -")?,
        }
        if self.halfmoves != 0 || self.fullmoves != 1 {
            write!(f, " {} {}", self.halfmoves, self.fullmoves)?;
        }
        Ok(())
    }
}

/// The cells of a set, as names, for messages.
pub(crate) fn cell_names(set: u128) -> String {
    cells(set)
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::Setup;
    use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Setup {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Setup {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Setup, D::Error> {
            let s = String::deserialize(d)?;
            s.parse().map_err(D::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_matches_section_8() {
        let s = Setup::start();
        let at = |name: &str| s.piece_at(name.parse().unwrap()).map(|p| p.char());
        for (cell, ch) in [
            ("d1", 'Q'),
            ("e1", 'K'),
            ("c2", 'B'),
            ("f2", 'B'),
            ("d2", 'D'),
            ("e2", 'D'),
            ("b3", 'R'),
            ("g3", 'R'),
            ("c3", 'N'),
            ("f3", 'N'),
            ("d3", 'P'),
            ("b5", 'P'),
            ("d15", 'q'),
            ("e15", 'k'),
            ("c14", 'b'),
            ("d14", 'd'),
            ("b13", 'r'),
            ("f13", 'n'),
            ("e13", 'p'),
            ("g11", 'p'),
        ] {
            assert_eq!(at(cell), Some(ch), "{cell}");
        }
        assert_eq!(s.board.iter().flatten().count(), 48);
        assert_eq!(s.unmoved_pawns.count_ones(), 28);
        assert_eq!(s.to_string(), START);
        assert_eq!(s.castling, 15);
    }

    #[test]
    fn text_round_trips_and_errors_name_the_field() {
        let t =
            "2/1r2/1kpp1r/pppppppp/1pp2pp1/8/8/8/8/8/1PP2PP1/PPPPPPPP/R1PPK1/2R1/2 w - b10a8 3 17";
        assert_eq!(t.parse::<Setup>().unwrap().to_string(), t);
        let e = |s: &str| s.parse::<Setup>().unwrap_err();
        assert_eq!(e("qk w KQkq"), ParseSetupError::MissingFields(3));
        assert_eq!(e("qk w KQkq -"), ParseSetupError::RankCount(1));
        assert!(matches!(
            e(&START.replace("QK w", "QKK w")),
            ParseSetupError::RankLength { rank: 1, .. }
        ));
        assert!(matches!(
            e(&START.replace("BDDB", "BDXB")),
            ParseSetupError::PlacementChar {
                rank: 2,
                found: 'X'
            }
        ));
        assert!(matches!(
            e(&START.replace(" w ", " x ")),
            ParseSetupError::Turn(_)
        ));
        assert!(matches!(
            e(&START.replace("KQkq", "QK")),
            ParseSetupError::Castling(_)
        ));
        assert!(matches!(
            e(&START.replace(" -", " b10")),
            ParseSetupError::EnPassant(_)
        ));
        assert!(matches!(
            e(&format!("{START} x 1")),
            ParseSetupError::Halfmoves(_)
        ));
        assert!(matches!(
            e(&format!("{START} 0 0")),
            ParseSetupError::Fullmoves(_)
        ));
        assert!(matches!(
            e(&format!("{START} 0 1 x")),
            ParseSetupError::TooManyFields(7)
        ));
        assert!(matches!(
            e(&START.replace("8/8/8/8/8", "8/8/8/9/8")),
            ParseSetupError::PlacementChar { .. }
        ));
    }
}
