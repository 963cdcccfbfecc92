//! Plain-data [`Setup`], the start position, and the position text format (parse + print).
//!
//! Text: `<placement> <turn> <castling> <en passant> [<moved pawns>] [<halfmove clock> <move
//! number>]`, e.g. the start position
//! `qk/bddb/rnppnr/pppppppp/1pp2pp1/8/8/8/8/8/1PP2PP1/PPPPPPPP/RNPPNR/BDDB/QK w KQkq -`.
//!
//! - placement: ranks 15 → 1 separated by `/`; each rank lists only its own files left to right
//!   (rank 1 = d1 e1, rank 4 = a4 … h4); letters `KQDBNRP` (Black lower case), digits for runs of
//!   empty cells;
//! - turn `w` / `b`;
//! - castling `K` (White short, g-file Rook), `Q` (White long, b-file Rook), `k`, `q`, or `-`;
//! - en passant: `-` or the middle cell followed by the cell the pawn landed on (`b10a8`);
//! - moved pawns (optional): the pawns that stand on one of their side's starting-pawn cells but
//!   have moved (so may not double push), as cells joined by commas (`d4,c11`). Without it, every
//!   pawn on one of its side's starting cells is unmoved. It is printed only when there is such a
//!   pawn, so the texts of positions without one read as before;
//! - the clocks default to `0 1` and are printed only when they differ from that.
//!
//! Fields are separated by runs of ASCII whitespace; any other character outside a field's
//! alphabet (a non-breaking space, say) is an error.

use core::fmt;
use core::str::FromStr;

use crate::cells::{cells, Cell, CELL_COUNT};
use crate::men::{Color, Piece, Role};
use crate::moves::{ALL_CASTLING, BLACK_LONG, BLACK_SHORT, WHITE_LONG, WHITE_SHORT};
use crate::tables::PAWN_START;
use hexvar_geometry::position_text::{counter, write_placement};
use hexvar_geometry::san::cut;
use hexvar_geometry::Set128 as CellSet;

/// En passant state: the middle cell of the double push just played, and where the pawn landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EnPassant {
    /// The cell the double push passed (the capture destination).
    pub middle: Cell,
    /// The cell the double-pushed pawn stands on (removed by the capture).
    pub landed: Cell,
}

/// The castling rights with their letters, in the order of the text.
const CASTLING_LETTERS: [(u8, char); 4] = [
    (WHITE_SHORT, 'K'),
    (WHITE_LONG, 'Q'),
    (BLACK_SHORT, 'k'),
    (BLACK_LONG, 'q'),
];

/// The text letter of castling right number `right` (0 White short … 3 Black long).
pub(crate) fn castling_letter(right: usize) -> char {
    CASTLING_LETTERS[right].1
}

/// A position as plain data, not validated. Convert with [`crate::Position::from_setup`].
///
/// Its text ([`Display`](fmt::Display) / [`FromStr`]) is the position text of the crate's
/// [rules page](crate::rules): `<placement> <turn> <castling> <en passant> [<moved pawns>]
/// [<halfmove clock> <move number>]`.
///
/// ```
/// use hexvar_chessagon::{Setup, START_TEXT};
///
/// let setup: Setup = START_TEXT.parse()?;
/// assert_eq!(setup, Setup::start());
/// assert_eq!(setup.to_string(), START_TEXT);
/// # Ok::<(), hexvar_chessagon::ParseSetupError>(())
/// ```
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
    /// Pawns that have not moved yet (may double push).
    pub unmoved_pawns: CellSet,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// Move number, starting at 1, incremented after Black moves.
    pub fullmove_number: u32,
}

/// The start position text (the official setup diagram).
pub const START_TEXT: &str =
    "qk/bddb/rnppnr/pppppppp/1pp2pp1/8/8/8/8/8/1PP2PP1/PPPPPPPP/RNPPNR/BDDB/QK w KQkq -";

impl Setup {
    /// An empty board, White to move, no rights.
    pub fn empty() -> Setup {
        Setup {
            board: [None; CELL_COUNT],
            turn: Color::White,
            castling: 0,
            ep: None,
            unmoved_pawns: CellSet::EMPTY,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The start position (the official setup diagram).
    pub fn start() -> Setup {
        START_TEXT
            .parse()
            .expect("the start position text is valid")
    }

    /// The piece on `cell`.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.board[cell.index()]
    }

    /// The pawns standing on their own side's starting-pawn cells: what the text reads as
    /// unmoved unless its moved-pawns field names them.
    pub fn pawns_on_start_cells(&self) -> CellSet {
        CellSet(self.pawns_on_start_bits())
    }

    fn pawns_on_start_bits(&self) -> u128 {
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

    /// The pawns on their side's starting cells that have moved: the text's moved-pawns field.
    fn moved_pawns(&self) -> u128 {
        self.pawns_on_start_bits() & !self.unmoved_pawns.0
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::start()
    }
}

/// Why a position text failed to parse; each variant names the failing field.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseSetupError {
    /// The text has fewer than 4 fields.
    #[error(
        "position text needs at least 4 fields (placement, turn, castling, en passant), found {0}"
    )]
    MissingFields(usize),
    /// The text has more fields than the format has.
    #[error("position text has {0} fields, at most 7 are allowed (placement, turn, castling, en passant, moved pawns, halfmove clock, move number)")]
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
    /// The moved-pawns field names something other than pawns on their side's starting cells.
    #[error("moved pawns: expected cells like `d4,c11`, each holding a pawn on one of its side's starting cells, found {0:?}")]
    MovedPawns(String),
    /// The halfmove clock is not a number `0..=4294967295`.
    #[error("halfmove clock: expected a number from 0 to 4294967295, found {0:?}")]
    HalfmoveClock(String),
    /// The move number is not a number `1..=4294967295`.
    #[error("move number: expected a number from 1 to 4294967295, found {0:?}")]
    MoveNumber(String),
}

fn rank_cells(rank: u8) -> impl Iterator<Item = Cell> {
    (0..8).filter_map(move |f| Cell::from_file_rank(f, rank))
}

/// The number of ranks, top (15) to bottom (1) in the placement.
const RANKS: u8 = 15;

fn parse_placement(
    text: &str,
    board: &mut [Option<Piece>; CELL_COUNT],
) -> Result<(), ParseSetupError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != RANKS as usize {
        return Err(ParseSetupError::RankCount(ranks.len()));
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = RANKS - i as u8;
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
    let err = || ParseSetupError::Castling(cut(text, 100));
    let mut rights = 0u8;
    let mut last = 0u8;
    for ch in text.chars() {
        let &(bit, _) = CASTLING_LETTERS
            .iter()
            .find(|&&(_, letter)| letter == ch)
            .ok_or_else(err)?;
        if bit <= last {
            return Err(err());
        }
        last = bit;
        rights |= bit;
    }
    Ok(rights)
}

fn parse_ep(text: &str) -> Result<Option<EnPassant>, ParseSetupError> {
    if text == "-" {
        return Ok(None);
    }
    let err = || ParseSetupError::EnPassant(cut(text, 100));
    let (a, b) = crate::moves::split_cells(text).ok_or_else(err)?;
    Ok(Some(EnPassant {
        middle: a.parse().map_err(|_| err())?,
        landed: b.parse().map_err(|_| err())?,
    }))
}

/// The moved pawns: cells joined by commas, each holding a pawn on its side's starting cell.
fn parse_moved(text: &str, setup: &Setup) -> Result<u128, ParseSetupError> {
    let err = || ParseSetupError::MovedPawns(cut(text, 100));
    let on_start = setup.pawns_on_start_bits();
    let mut moved = 0u128;
    for name in text.split(',') {
        let cell: Cell = name.parse().map_err(|_| err())?;
        if on_start & cell.bit() == 0 {
            return Err(err());
        }
        moved |= cell.bit();
    }
    Ok(moved)
}

/// The most fields a text has: placement, turn, castling, en passant, moved pawns, two clocks.
const MAX_FIELDS: usize = 7;
/// The fields every text has: placement, turn, castling, en passant.
const REQUIRED_FIELDS: usize = 4;

impl FromStr for Setup {
    type Err = ParseSetupError;
    fn from_str(s: &str) -> Result<Setup, ParseSetupError> {
        let fields: Vec<&str> = s.split_ascii_whitespace().collect();
        if fields.len() < REQUIRED_FIELDS {
            return Err(ParseSetupError::MissingFields(fields.len()));
        }
        if fields.len() > MAX_FIELDS {
            return Err(ParseSetupError::TooManyFields(fields.len()));
        }
        let mut setup = Setup::empty();
        parse_placement(fields[0], &mut setup.board)?;
        setup.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(ParseSetupError::Turn(cut(other, 100))),
        };
        setup.castling = parse_castling(fields[2])?;
        setup.ep = parse_ep(fields[3])?;
        let mut rest = &fields[REQUIRED_FIELDS..];
        let mut moved = 0;
        if let Some((first, tail)) = rest.split_first() {
            // The moved-pawns field starts with a file letter, the clocks with a digit.
            if first.starts_with(|c: char| ('a'..='h').contains(&c)) {
                moved = parse_moved(first, &setup)?;
                rest = tail;
            }
        }
        if rest.len() > 2 {
            return Err(ParseSetupError::TooManyFields(fields.len()));
        }
        if let Some(h) = rest.first() {
            setup.halfmove_clock =
                counter(h).ok_or_else(|| ParseSetupError::HalfmoveClock(cut(h, 100)))?;
        }
        if let Some(f) = rest.get(1) {
            setup.fullmove_number = counter(f)
                .filter(|&n| n >= 1)
                .ok_or_else(|| ParseSetupError::MoveNumber(cut(f, 100)))?;
        }
        setup.unmoved_pawns = CellSet(setup.pawns_on_start_bits() & !moved);
        Ok(setup)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ranks = (1..=RANKS)
            .rev()
            .map(|rank| rank_cells(rank).map(|cell| self.board[cell.index()].map(Piece::char)));
        write_placement(f, ranks)?;
        write!(f, " {} ", self.turn.char())?;
        if self.castling & ALL_CASTLING == 0 {
            f.write_str("-")?;
        } else {
            for (bit, ch) in CASTLING_LETTERS {
                if self.castling & bit != 0 {
                    write!(f, "{ch}")?;
                }
            }
        }
        match self.ep {
            Some(ep) => write!(f, " {}{}", ep.middle, ep.landed)?,
            None => f.write_str(" -")?,
        }
        let moved = self.moved_pawns();
        if moved != 0 {
            let names: Vec<String> = cells(moved).map(|c| c.to_string()).collect();
            write!(f, " {}", names.join(","))?;
        }
        if self.halfmove_clock != 0 || self.fullmove_number != 1 {
            write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)?;
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
hexvar_geometry::serde_as_text!(serde, Setup, "a Chessagon position text");

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
        assert_eq!(s.unmoved_pawns.len(), 28);
        assert_eq!(s.to_string(), START_TEXT);
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
            e(&START_TEXT.replace("QK w", "QKK w")),
            ParseSetupError::RankLength { rank: 1, .. }
        ));
        assert!(matches!(
            e(&START_TEXT.replace("BDDB", "BDXB")),
            ParseSetupError::PlacementChar {
                rank: 2,
                found: 'X'
            }
        ));
        assert!(matches!(
            e(&START_TEXT.replace(" w ", " x ")),
            ParseSetupError::Turn(_)
        ));
        assert!(matches!(
            e(&START_TEXT.replace("KQkq", "QK")),
            ParseSetupError::Castling(_)
        ));
        assert!(matches!(
            e(&START_TEXT.replace(" -", " b10")),
            ParseSetupError::EnPassant(_)
        ));
        assert!(matches!(
            e(&format!("{START_TEXT} x 1")),
            ParseSetupError::HalfmoveClock(_)
        ));
        assert!(matches!(
            e(&format!("{START_TEXT} 0 0")),
            ParseSetupError::MoveNumber(_)
        ));
        assert!(matches!(
            e(&format!("{START_TEXT} 0 1 x")),
            ParseSetupError::TooManyFields(7)
        ));
        assert!(matches!(
            e(&START_TEXT.replace("8/8/8/8/8", "8/8/8/9/8")),
            ParseSetupError::PlacementChar { .. }
        ));
    }

    #[test]
    fn the_empty_board_round_trips() {
        let empty = Setup::empty();
        let text = empty.to_string();
        assert_eq!(text, "2/4/6/8/8/8/8/8/8/8/8/8/6/4/2 w - -");
        assert_eq!(text.parse::<Setup>().unwrap(), empty);
    }

    #[test]
    fn counters_are_u32_digits_only() {
        let text = |h: &str, f: &str| format!("{START_TEXT} {h} {f}");
        let max = text("4294967295", "4294967295");
        assert_eq!(max.parse::<Setup>().unwrap().to_string(), max);
        let e = |s: String| s.parse::<Setup>().unwrap_err();
        assert!(matches!(
            e(text("4294967296", "1")),
            ParseSetupError::HalfmoveClock(_)
        ));
        assert!(matches!(
            e(text("0", "4294967296")),
            ParseSetupError::MoveNumber(_)
        ));
        assert!(matches!(
            e(text("+1", "1")),
            ParseSetupError::HalfmoveClock(_)
        ));
        assert!(matches!(e(text("1", "+1")), ParseSetupError::MoveNumber(_)));
        assert!(matches!(e(text("0", "0")), ParseSetupError::MoveNumber(_)));
    }

    #[test]
    fn only_ascii_whitespace_separates_fields() {
        let spaced = format!("  {}\t\n", START_TEXT.replace(' ', " \r\n\t "));
        assert_eq!(spaced.parse::<Setup>().unwrap(), Setup::start());
        for odd in ['\u{a0}', '\u{3000}', '\u{2009}'] {
            let text = START_TEXT.replacen(' ', &odd.to_string(), 1);
            assert!(text.parse::<Setup>().is_err(), "{odd:?}");
            assert!(
                format!("{odd}{START_TEXT}").parse::<Setup>().is_err(),
                "{odd:?}"
            );
        }
    }

    #[test]
    fn the_moved_pawns_field_names_pawns_on_starting_cells() {
        let text = "qk/bddb/rnppnr/pppppppp/1pp2pp1/8/8/8/8/8/1PP2PP1/PPPPPPPP/RNPPNR/BDDB/QK w KQkq - d4,c11";
        let setup: Setup = text.parse().unwrap();
        assert_eq!(setup.unmoved_pawns.len(), 26);
        assert_eq!(setup.to_string(), text);
        // Any order reads the same; the text prints the cells in index order.
        let swapped = text.replace("d4,c11", "c11,d4");
        assert_eq!(swapped.parse::<Setup>().unwrap(), setup);
        // With clocks after it.
        let clocks = format!("{text} 3 9");
        assert_eq!(clocks.parse::<Setup>().unwrap().to_string(), clocks);
        let e = |s: String| s.parse::<Setup>().unwrap_err();
        // d6 holds no pawn, e5 is not a starting cell of anyone's pawn, x9 is no cell.
        for bad in ["d6", "d4,", "e9", "d4;c11", "d4,,c11"] {
            assert!(
                matches!(
                    e(text.replace("d4,c11", bad)),
                    ParseSetupError::MovedPawns(_)
                ),
                "{bad}"
            );
        }
    }
}
