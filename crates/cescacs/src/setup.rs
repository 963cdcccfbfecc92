//! Plain-data [`Setup`], the start position and the PDTL position format (parse + print).
//!
//! PDTL has six space-separated fields: placement (`/<line>:<content>/` from line 28 down to
//! line 0, content left to right over that line's hexes, a number for a run of empty hexes,
//! empty lines omitted), side to move (`w`/`b`), castling (`RKR` White then `rkr` Black,
//! `-` for none), the e.p./scornful field, the halfmove clock and the move number.

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::position_text::{self, counter};
use hexvar_geometry::san::cut;

use crate::cells::{Cell, CELL_COUNT};
use crate::men::{pawn_line_step, unalias, Color, Piece, Role};
use crate::tables::{KING_BIT, KING_ROOK_BIT, QUEEN_ROOK_BIT};

/// The castling state of one side: which of king, queen's rook (C3/C25) and king's rook
/// (I3/I25) are unmoved. Rook rights matter only while the king is unmoved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights {
    /// The king has never moved.
    pub king: bool,
    /// The queen's rook (from C3/C25) has never moved.
    pub queen_rook: bool,
    /// The king's rook (from I3/I25) has never moved.
    pub king_rook: bool,
}

impl CastlingRights {
    /// All three unmoved.
    pub const ALL: CastlingRights = CastlingRights {
        king: true,
        queen_rook: true,
        king_rook: true,
    };
    /// King moved: no right left.
    pub const NONE: CastlingRights = CastlingRights {
        king: false,
        queen_rook: false,
        king_rook: false,
    };

    /// Packs the rights into bits (1 king, 2 queen's rook, 4 king's rook).
    pub const fn bits(self) -> u8 {
        (if self.king { KING_BIT } else { 0 })
            | (if self.queen_rook { QUEEN_ROOK_BIT } else { 0 })
            | (if self.king_rook { KING_ROOK_BIT } else { 0 })
    }

    /// Unpacks [`CastlingRights::bits`].
    pub const fn from_bits(b: u8) -> CastlingRights {
        CastlingRights {
            king: b & KING_BIT != 0,
            queen_rook: b & QUEEN_ROOK_BIT != 0,
            king_rook: b & KING_ROOK_BIT != 0,
        }
    }
}

/// The one-ply special capture right created by the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Special {
    /// Nothing special.
    #[default]
    None,
    /// The pawn on `pawn` just made a straight double (`steps = 2`) or triple (`steps = 3`) step;
    /// the hexes it passed are e.p. targets.
    EnPassant {
        /// Where the stepped pawn (or the piece it promoted to) stands.
        pawn: Cell,
        /// 2 or 3.
        steps: u8,
    },
    /// The pawn on `pawn` just made a scornful oblique step away from the enemy pawn on
    /// `capturer`, which may take it by its own oblique step.
    Scornful {
        /// Where the scornful pawn (or the piece it promoted to) stands.
        pawn: Cell,
        /// The facing enemy pawn that may capture it.
        capturer: Cell,
    },
}

/// A position as plain data, not validated. Convert with [`crate::Position::from_setup`].
///
/// ```
/// use hexvar_cescacs::{Position, Setup};
///
/// let setup: Setup = "/27:1k/25:r3/3:R3/1:1K/ w - - 0 1".parse()?;
/// let pos = Position::from_setup(setup.clone())?;
/// assert_eq!(pos.to_setup(), setup);
/// // Validation names every broken rule: the empty board has no kings.
/// assert!(Position::from_setup(Setup::empty()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each cell, by dense index.
    pub board: [Option<Piece>; CELL_COUNT],
    /// Side to move.
    pub turn: Color,
    /// Castling rights, White then Black.
    pub castling: [CastlingRights; 2],
    /// The e.p. or scornful-capture right.
    pub special: Special,
    /// Plies since the last pawn move or capture.
    pub halfmove_clock: u32,
    /// Move number, starting at 1.
    pub fullmove_number: u32,
}

/// The author's PDTL of the start position.
pub const START_TEXT: &str = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1";

impl Setup {
    /// An empty board, White to move, no rights.
    pub fn empty() -> Setup {
        Setup {
            board: [None; CELL_COUNT],
            turn: Color::White,
            castling: [CastlingRights::NONE; 2],
            special: Special::None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The start position of C'escacs v3.
    pub fn start() -> Setup {
        START_TEXT.parse().expect("the start position parses")
    }

    /// The piece on a cell.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.board[cell.index()]
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

/// Why a PDTL text failed to parse. Each variant names the failing field.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseSetupError {
    /// Not six space-separated fields.
    #[error("expected 6 fields separated by ASCII whitespace (placement, turn, castling, e.p., halfmoves, move number), found {0}")]
    FieldCount(usize),
    /// The placement field is malformed.
    #[error("invalid placement: {0}")]
    Placement(String),
    /// The side to move is not `w` or `b`.
    #[error("invalid side to move {0:?}: expected w or b")]
    Turn(String),
    /// The castling field is malformed.
    #[error("invalid castling field {0:?}: expected e.g. RKRrkr, KRk, RK, K or -")]
    Castling(String),
    /// The e.p./scornful field is malformed.
    #[error("invalid e.p./scornful field {0:?}: expected -, G15@13, G13@9-11, F14 or E15@F14")]
    Special(String),
    /// The halfmove clock is not a number in `0..=4294967295`.
    #[error("invalid halfmove clock {0:?}: expected 0 to 4294967295")]
    Halfmoves(String),
    /// The move number is not a number in `1..=4294967295`.
    #[error("invalid move number {0:?}: expected 1 to 4294967295")]
    Fullmoves(String),
}

/// The cells of line `l`, left to right.
pub(crate) fn line_cells(l: u8) -> impl Iterator<Item = Cell> {
    (0..15u8).filter_map(move |c| Cell::new(c, l))
}

fn parse_placement(s: &str) -> Result<[Option<Piece>; CELL_COUNT], ParseSetupError> {
    let err = |m: String| ParseSetupError::Placement(m);
    let mut board = [None; CELL_COUNT];
    if !s.starts_with('/') || !s.ends_with('/') {
        return Err(err(format!(
            "{:?} must start and end with '/'",
            cut(s, 100)
        )));
    }
    if s == "/" {
        // The empty board (every line omitted).
        return Ok(board);
    }
    let mut seen = [false; 29];
    for part in s[1..s.len() - 1].split('/') {
        let (line, content) = part
            .split_once(':')
            .ok_or_else(|| err(format!("{:?} is not <line>:<content>", cut(part, 100))))?;
        let l: u8 = line
            .parse()
            .ok()
            .filter(|&l| l <= 28 && !line.starts_with('+') && line.len() <= 2)
            .ok_or_else(|| err(format!("bad line number {:?}", cut(line, 100))))?;
        if seen[l as usize] {
            return Err(err(format!("line {l} given twice")));
        }
        seen[l as usize] = true;
        let cells: Vec<Cell> = line_cells(l).collect();
        let mut at = 0usize;
        let mut chars = content.chars().peekable();
        while let Some(ch) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                let mut n = d as usize;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n * 10 + d2 as usize;
                    chars.next();
                    if n > 100 {
                        break;
                    }
                }
                if n == 0 {
                    return Err(err(format!("line {l}: empty run of 0")));
                }
                at += n;
            } else {
                let piece = Piece::from_char(unalias(ch))
                    .filter(|_| ch.is_ascii_alphabetic())
                    .ok_or_else(|| err(format!("line {l}: unknown piece {ch:?}")))?;
                let cell = *cells
                    .get(at)
                    .ok_or_else(|| err(format!("line {l}: more than {} hexes", cells.len())))?;
                board[cell.index()] = Some(piece);
                at += 1;
            }
            if at > cells.len() {
                return Err(err(format!("line {l}: more than {} hexes", cells.len())));
            }
        }
    }
    Ok(board)
}

fn parse_rights(part: &str, upper: bool) -> Option<CastlingRights> {
    let norm: String = part
        .chars()
        .map(|c| if upper { c } else { c.to_ascii_uppercase() })
        .collect();
    Some(match norm.as_str() {
        "" => CastlingRights::NONE,
        "K" => CastlingRights {
            king: true,
            queen_rook: false,
            king_rook: false,
        },
        "RK" => CastlingRights {
            king: true,
            queen_rook: true,
            king_rook: false,
        },
        "KR" => CastlingRights {
            king: true,
            queen_rook: false,
            king_rook: true,
        },
        "RKR" => CastlingRights::ALL,
        _ => return None,
    })
}

fn parse_castling(s: &str) -> Result<[CastlingRights; 2], ParseSetupError> {
    let err = || ParseSetupError::Castling(cut(s, 100));
    if s == "-" || s == "--" {
        return Ok([CastlingRights::NONE; 2]);
    }
    let split = s
        .find(|c: char| c.is_ascii_lowercase() || c == '-')
        .unwrap_or(s.len());
    let (white, black) = s.split_at(split);
    let black = if white.is_empty() {
        // "-rkr" or "rkr"
        black.strip_prefix('-').unwrap_or(black)
    } else {
        black
    };
    let black = if black == "-" { "" } else { black };
    if !white.chars().all(|c| c.is_ascii_uppercase())
        || !black.chars().all(|c| c.is_ascii_lowercase())
    {
        return Err(err());
    }
    Ok([
        parse_rights(white, true).ok_or_else(err)?,
        parse_rights(black, false).ok_or_else(err)?,
    ])
}

fn parse_special(s: &str, turn: Color) -> Result<Special, ParseSetupError> {
    let err = || ParseSetupError::Special(cut(s, 100));
    if s == "-" {
        return Ok(Special::None);
    }
    // The side that just moved.
    let mover = turn.other();
    let f = i32::from(pawn_line_step(mover));
    if let Some(rest) = s.strip_prefix("P@") {
        // The author's program: `P@G9,11[G13]` (targets, then the stepped pawn).
        let (targets, pawn) = rest
            .strip_suffix(']')
            .and_then(|r| r.split_once('['))
            .ok_or_else(err)?;
        let pawn: Cell = pawn.parse().map_err(|_| err())?;
        let (first, more) = match targets.split_once(',') {
            Some((a, b)) => (a, Some(b)),
            None => (targets, None),
        };
        let first: Cell = first.parse().map_err(|_| err())?;
        if first.column() != pawn.column() {
            return Err(err());
        }
        let text = match more {
            None => format!("{pawn}@{}", first.line()),
            Some(l2) => format!("{pawn}@{}-{l2}", first.line()),
        };
        return parse_special(&text, turn).map_err(|_| err());
    }
    match s.split_once('@') {
        None => {
            // Scornful pawn hex: the capturer is found from the board later; store the pawn
            // with capturer == pawn as a marker resolved by `resolve_scornful`.
            let pawn: Cell = s.parse().map_err(|_| err())?;
            Ok(Special::Scornful {
                pawn,
                capturer: pawn,
            })
        }
        Some((a, b)) => {
            let first: Cell = a.parse().map_err(|_| err())?;
            if let Ok(victim) = b.parse::<Cell>() {
                // Author's form capturer@victim.
                return Ok(Special::Scornful {
                    pawn: victim,
                    capturer: first,
                });
            }
            let pawn = first;
            let parse_line = |t: &str| -> Result<i32, ParseSetupError> {
                if t.is_empty() || t.len() > 2 || !t.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(err());
                }
                t.parse::<i32>().map_err(|_| err())
            };
            let (l1, l2) = match b.split_once('-') {
                Some((x, y)) => (parse_line(x)?, Some(parse_line(y)?)),
                None => (parse_line(b)?, None),
            };
            let pl = i32::from(pawn.line());
            match l2 {
                None if l1 == pl - 2 * f => Ok(Special::EnPassant { pawn, steps: 2 }),
                Some(l2)
                    if l1.min(l2) == (pl - 4 * f).min(pl - 2 * f)
                        && l1.max(l2) == (pl - 4 * f).max(pl - 2 * f) =>
                {
                    Ok(Special::EnPassant { pawn, steps: 3 })
                }
                _ => Err(err()),
            }
        }
    }
}

fn resolve_scornful(
    board: &[Option<Piece>; CELL_COUNT],
    special: Special,
    turn: Color,
    text: &str,
) -> Result<Special, ParseSetupError> {
    match special {
        Special::Scornful { pawn, capturer } if pawn == capturer => {
            // The capturer (side to move) stands one oblique step forward of the victim, as
            // seen from the victim: pawn + (±1, +f_mover).
            let f = i32::from(pawn_line_step(turn.other()));
            let cands: Vec<Cell> = [-1, 1]
                .iter()
                .filter_map(|&dc| {
                    Cell::at(i32::from(pawn.column()) + dc, i32::from(pawn.line()) + f)
                })
                .filter(|&c| {
                    board[c.index()]
                        == Some(Piece {
                            color: turn,
                            role: Role::Pawn,
                        })
                })
                .collect();
            match cands.as_slice() {
                [one] => Ok(Special::Scornful {
                    pawn,
                    capturer: *one,
                }),
                _ => Err(ParseSetupError::Special(cut(text, 100))),
            }
        }
        other => Ok(other),
    }
}

impl FromStr for Setup {
    type Err = ParseSetupError;
    fn from_str(s: &str) -> Result<Setup, ParseSetupError> {
        // A non-breaking space (any character but ASCII whitespace) stays inside a field.
        let fields: [&str; 6] = position_text::fields(s).map_err(ParseSetupError::FieldCount)?;
        let board = parse_placement(fields[0])?;
        let turn = match fields[1] {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            t => return Err(ParseSetupError::Turn(cut(t, 100))),
        };
        let castling = parse_castling(fields[2])?;
        let special = parse_special(fields[3], turn)?;
        let special = resolve_scornful(&board, special, turn, fields[3])?;
        let halfmove_clock =
            counter(fields[4]).ok_or_else(|| ParseSetupError::Halfmoves(cut(fields[4], 100)))?;
        let fullmove_number = counter(fields[5])
            .filter(|&n| n >= 1)
            .ok_or_else(|| ParseSetupError::Fullmoves(cut(fields[5], 100)))?;
        Ok(Setup {
            board,
            turn,
            castling,
            special,
            halfmove_clock,
            fullmove_number,
        })
    }
}

fn write_rights(f: &mut fmt::Formatter<'_>, r: CastlingRights, upper: bool) -> fmt::Result {
    if !r.king {
        return Ok(());
    }
    let s = match (r.queen_rook, r.king_rook) {
        (true, true) => "RKR",
        (true, false) => "RK",
        (false, true) => "KR",
        (false, false) => "K",
    };
    if upper {
        f.write_str(s)
    } else {
        f.write_str(&s.to_ascii_lowercase())
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("/")?;
        for l in (0..=28u8).rev() {
            let cells: Vec<Cell> = line_cells(l).collect();
            if cells.iter().all(|c| self.board[c.index()].is_none()) {
                continue;
            }
            write!(f, "{l}:")?;
            let mut run = 0;
            for c in cells {
                match self.board[c.index()] {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            write!(f, "{run}")?;
                            run = 0;
                        }
                        write!(f, "{}", p.char())?;
                    }
                }
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
            f.write_str("/")?;
        }
        write!(f, " {} ", self.turn.char())?;
        let [w, b] = self.castling;
        if !w.king && !b.king {
            f.write_str("-")?;
        } else {
            write_rights(f, w, true)?;
            write_rights(f, b, false)?;
        }
        f.write_str(" ")?;
        match self.special {
            Special::None => f.write_str("-")?,
            Special::EnPassant { pawn, steps } => {
                let fw = i32::from(pawn_line_step(self.turn.other()));
                let pl = i32::from(pawn.line());
                if steps == 3 {
                    let a = pl - 4 * fw;
                    let b = pl - 2 * fw;
                    write!(f, "{pawn}@{}-{}", a.min(b), a.max(b))?;
                } else {
                    write!(f, "{pawn}@{}", pl - 2 * fw)?;
                }
            }
            Special::Scornful { pawn, capturer } => {
                let resolved = resolve_scornful(
                    &self.board,
                    Special::Scornful {
                        pawn,
                        capturer: pawn,
                    },
                    self.turn,
                    "",
                );
                if resolved == Ok(Special::Scornful { pawn, capturer }) {
                    write!(f, "{pawn}")?;
                } else {
                    write!(f, "{capturer}@{pawn}")?;
                }
            }
        }
        write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}

#[cfg(test)]
mod tests {
    use core::mem::discriminant;

    use super::*;

    #[test]
    fn start_round_trips() {
        let s = Setup::start();
        assert_eq!(s.to_string(), START_TEXT);
        let n = s.board.iter().flatten().count();
        assert_eq!(n, 54);
        let at = |t: &str| s.piece_at(t.parse().unwrap());
        assert_eq!(
            at("G1"),
            Some(Piece {
                color: Color::White,
                role: Role::King
            })
        );
        assert_eq!(
            at("E27"),
            Some(Piece {
                color: Color::Black,
                role: Role::Queen
            })
        );
        assert_eq!(
            at("F0"),
            Some(Piece {
                color: Color::White,
                role: Role::Wyvern
            })
        );
        assert_eq!(
            at("L23"),
            Some(Piece {
                color: Color::Black,
                role: Role::Pawn
            })
        );
    }

    #[test]
    fn the_authors_special_forms_parse() {
        let site: Setup = "/27:1k/13:4P3/12:3p3/1:1K/ b - G13@9-11 0 1"
            .parse()
            .unwrap();
        let author: Setup = "/27:1k/13:4P3/12:3p3/1:1K/ b - P@G9,11[G13] 0 1"
            .parse()
            .unwrap();
        assert_eq!(site, author);
        assert_eq!(
            site.special,
            Special::EnPassant {
                pawn: "G13".parse().unwrap(),
                steps: 3
            }
        );
        // Black's pawn stepped F16-E15 away from White's F14: F14 may take it (`F14@E15`).
        let scornful: Setup = "/27:1k/15:3p4/14:3P3/1:1K/ w - F14@E15 0 1"
            .parse()
            .unwrap();
        assert_eq!(
            scornful.special,
            Special::Scornful {
                pawn: "E15".parse().unwrap(),
                capturer: "F14".parse().unwrap()
            }
        );
        assert_eq!(
            scornful.to_string(),
            "/27:1k/15:3p4/14:3P3/1:1K/ w - E15 0 1"
        );
        assert!("/27:1k/1:1K/ w - P@G9,11[H13] 0 1"
            .parse::<Setup>()
            .is_err());
    }

    #[test]
    fn errors_name_the_field() {
        assert_eq!("".parse::<Setup>(), Err(ParseSetupError::FieldCount(0)));
        // A field's error variant, built with any text to compare variants.
        type FieldError = fn(String) -> ParseSetupError;
        let cases: [(&str, FieldError); 7] = [
            ("x w - - 0 1", ParseSetupError::Placement),
            ("/1:K/ x - - 0 1", ParseSetupError::Turn),
            ("/1:K/ w Q - 0 1", ParseSetupError::Castling),
            ("/1:K/ w - Z99 0 1", ParseSetupError::Special),
            ("/1:K/ w - - x 1", ParseSetupError::Halfmoves),
            ("/1:K/ w - - 0 0", ParseSetupError::Fullmoves),
            ("/1:KKK/ w - - 0 1", ParseSetupError::Placement),
        ];
        for (text, field) in cases {
            let error = text.parse::<Setup>().unwrap_err();
            let expected = field(String::new());
            assert_eq!(
                discriminant(&error),
                discriminant(&expected),
                "{text}: {error}"
            );
        }
    }
}
