//! The [`Move`] type, CTL-AN move notation and the fixed-capacity
//! [`MoveList`].

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::long::{self, LongReader};
use hexvar_geometry::san::cut;
use hexvar_geometry::LongMoveError;

use crate::castling::Castling;
use crate::cells::Cell;
use crate::men::{role_of_letter, Color, Role};
use crate::tables::{KING_HOME, ROOK_HOME};

impl FromStr for Castling {
    type Err = ParseMoveError;
    /// A castling name, either case.
    fn from_str(text: &str) -> Result<Castling, ParseMoveError> {
        Castling::from_name(&text.to_ascii_uppercase()).ok_or_else(|| {
            ParseMoveError::Notation(format!("unknown castling {:?}", cut(text, 100)))
        })
    }
}

/// A move. Special moves are their own variants. `Debug` and `Display` print CTL-AN (a Black
/// castling with its side first, `b KRK-II`), which [`Move::from_str`] reads back.
// Eight bytes, aligned: the move list writes each move with one store (five bytes took a
// four- and a one-byte store and a shift).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(align(8))]
pub enum Move {
    /// An ordinary move or capture of any piece, including the King's leap, pawn steps and pawn
    /// promotions. A pawn ending on its promotion edge with `promotion: None` is an awaiting
    /// pawn (`=&`).
    Normal {
        /// The moving piece.
        role: Role,
        /// Where it comes from.
        from: Cell,
        /// The captured piece, if any.
        capture: Option<Role>,
        /// Where it goes.
        to: Cell,
        /// The piece a pawn promotes to.
        promotion: Option<Role>,
    },
    /// A pawn's en passant capture (`@`, or `@@` on the first hex of a triple step).
    EnPassant {
        /// The capturing pawn.
        from: Cell,
        /// The passed hex it moves to.
        to: Cell,
        /// Where the stepped pawn (or its promoted piece) stands.
        victim: Cell,
        /// The captured piece (a pawn, or the piece it promoted to).
        capture: Role,
    },
    /// A pawn's capture of a scornful pawn by its own oblique step (`@`).
    Scornful {
        /// The capturing pawn.
        from: Cell,
        /// The scornful pawn's hex.
        to: Cell,
        /// The captured piece (a pawn, or the piece it promoted to).
        capture: Role,
        /// The capturer's promotion, if it lands on its promotion edge.
        promotion: Option<Role>,
    },
    /// One of the 24 castlings of `color`. The author's notation (the SAN) writes the name
    /// alone for either side, `KRK-II`; so that a move's text names the move, `Display` writes
    /// Black's with its side letter first, `b KRK-II`. [`Move::from_str`] reads a bare name as
    /// White's, and [`crate::Position::parse_move`] and [`crate::Position::parse_san`] read it
    /// as the mover's.
    Castle {
        /// The castling side.
        color: Color,
        /// Which castling.
        castling: Castling,
    },
    /// The forced in-place promotion of an awaiting pawn (`T22=D`).
    Promote {
        /// The awaiting pawn's hex.
        at: Cell,
        /// The new piece.
        role: Role,
    },
}

/// The colour of a pawn moving from `from` to `to` (pawns only move forward).
pub(crate) fn pawn_color(from: Cell, to: Cell) -> Color {
    if to.line() > from.line() {
        Color::White
    } else {
        Color::Black
    }
}

impl Move {
    /// The name of this move's kind, as the notations tell kinds apart: for counting moves by kind
    /// (the long-notation test holds that the conformance data reaches every kind and spells a
    /// move of each, `tests/data/long.txt`).
    /// Captures of a Pawn and of a piece are kinds of their own (the long notation names the man
    /// taken), and so is a Pawn reaching its last line without promoting.
    pub fn kind(self) -> &'static str {
        match self {
            Move::Normal {
                role: Role::Pawn,
                from,
                to,
                promotion: None,
                ..
            } if to.is_promotion_edge(if to.line() > from.line() {
                Color::White
            } else {
                Color::Black
            }) =>
            {
                "awaiting pawn"
            }
            Move::Normal {
                promotion: Some(_), ..
            } => "promotion",
            Move::Normal {
                capture: Some(Role::Pawn),
                ..
            } => "capture of a pawn",
            Move::Normal {
                capture: Some(_), ..
            } => "capture of a piece",
            Move::Normal { .. } => "move",
            Move::EnPassant { .. } => "en passant",
            Move::Scornful { .. } => "scornful capture",
            Move::Castle { castling, .. } if castling.is_double() => "double castling",
            Move::Castle { .. } => "castling",
            Move::Promote { .. } => "in-place promotion",
        }
    }

    /// The cell the moving piece (the king, for a castling) leaves. Always `Some` in C'escacs
    /// (the `Option` is for variants with drops).
    pub fn from(self) -> Option<Cell> {
        Some(match self {
            Move::Normal { from, .. }
            | Move::EnPassant { from, .. }
            | Move::Scornful { from, .. } => from,
            Move::Castle { color, .. } => KING_HOME[color.index()],
            Move::Promote { at, .. } => at,
        })
    }

    /// The cell the moving piece (the king, for a castling) ends on.
    pub fn to(self) -> Cell {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } | Move::Scornful { to, .. } => to,
            Move::Castle { color, castling } => castling.king_to(color),
            Move::Promote { at, .. } => at,
        }
    }

    /// The captured role, if any.
    pub fn capture(self) -> Option<Role> {
        match self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { capture, .. } | Move::Scornful { capture, .. } => Some(capture),
            Move::Castle { .. } | Move::Promote { .. } => None,
        }
    }

    /// The promotion role, if any.
    pub fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } | Move::Scornful { promotion, .. } => promotion,
            Move::Promote { role, .. } => Some(role),
            _ => None,
        }
    }
}

/// What a long text looks like, for the error.
const LONG_EXPECTED: &str =
    "E7E13, EF12xNF14, A21T22r, T22T22d, C15sB12, F12G9epG13 or G1H6oL3H8 (rules page, Long notation)";

impl Move {
    /// The move in long notation (see [`Variant::long`](hexvar_geometry::Variant::long)). A
    /// C'escacs move records the roles it moves and takes, so its long text names them as the
    /// author's notation does (upper-case letters, none for a pawn), between cells in their own
    /// upper-case names, with lower-case markers:
    ///
    /// | move | long text | example |
    /// |---|---|---|
    /// | move | `[role]<from><to>` | `E7E13`, `KG1H6` |
    /// | capture | `[role]<from>x[taken]<to>` | `EF12xNF14`, `E13xF16` |
    /// | pawn promotion (none: an awaiting pawn) | `<from>[x[taken]]<to><role>` | `A21T22r` |
    /// | in-place promotion of an awaiting pawn | `<at><at><role>` | `T22T22d` |
    /// | scornful capture | `<from>s[taken]<to>[<role>]` | `C15sB12` |
    /// | en passant (the taken man's cell last) | `<from><to>ep[taken]<cell>` | `F12G9epG13` |
    /// | castling (then each moving rook's cells, the queen's rook first) | `<king><target>o<rook><target>[<rook><target>]` | `G1H6oL1G7` |
    ///
    /// ```
    /// use hexvar_cescacs::{Move, Position};
    /// let pos = Position::new();
    /// let mv = pos.parse_move("E7-E13")?;
    /// assert_eq!(mv.long(), "E7E13");
    /// assert_eq!(Move::from_long("E7E13")?, mv);
    /// assert_eq!(pos.parse_long("E7E13")?, mv);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn long(self) -> String {
        let role = |r: Role| match r {
            Role::Pawn => String::new(),
            r => r.char().to_string(),
        };
        let promotion = |p: Option<Role>| {
            p.map(|r| r.char().to_ascii_lowercase().to_string())
                .unwrap_or_default()
        };
        match self {
            Move::Normal {
                role: mover,
                from,
                capture,
                to,
                promotion: p,
            } => {
                let taken = capture.map(|c| format!("x{}", role(c))).unwrap_or_default();
                format!("{}{from}{taken}{to}{}", role(mover), promotion(p))
            }
            Move::EnPassant {
                from,
                to,
                victim,
                capture,
            } => format!("{from}{to}ep{}{victim}", role(capture)),
            Move::Scornful {
                from,
                to,
                capture,
                promotion: p,
            } => format!("{from}s{}{to}{}", role(capture), promotion(p)),
            Move::Castle { color, castling } => {
                let rooks: String = castling_rooks(color, castling)
                    .into_iter()
                    .flatten()
                    .map(|(from, to)| format!("{from}{to}"))
                    .collect();
                format!(
                    "{}{}o{rooks}",
                    KING_HOME[color.index()],
                    castling.king_to(color)
                )
            }
            Move::Promote { at, role } => format!("{at}{at}{}", promotion(Some(role))),
        }
    }

    /// The move a long text names ([`Move::long`]'s spelling exactly, surrounding ASCII
    /// whitespace aside), without a position.
    pub fn from_long(text: &str) -> Result<Move, LongMoveError> {
        long::read(text, LONG_EXPECTED, read_long, Move::long)
    }
}

/// A role letter, if a letter follows it (a cell's name is one letter and digits).
fn read_role(r: &mut LongReader<'_>) -> Option<Role> {
    let mut ahead = r.rest().chars();
    match (ahead.next(), ahead.next()) {
        (Some(c), Some(d)) if c.is_ascii_uppercase() && d.is_ascii_uppercase() => {
            // Only a role letter is taken: two capitals that name none are no long notation.
            let role = Role::from_char(c)?;
            r.char_if(|_| true);
            Some(role)
        }
        _ => None,
    }
}

/// A lower-case promotion letter, if there is one.
fn read_promotion(r: &mut LongReader<'_>) -> Option<Option<Role>> {
    match r.char_if(|c| c.is_ascii_lowercase()) {
        None => Some(None),
        Some(c) => Some(Some(
            Role::from_char(c).filter(|p| Role::PROMOTIONS.contains(p))?,
        )),
    }
}

/// The parts of a long text, in [`Move::long`]'s order.
fn read_long(r: &mut LongReader<'_>) -> Option<Move> {
    let mover = read_role(r).unwrap_or(Role::Pawn);
    let from: Cell = r.cell()?;
    if mover == Role::Pawn && r.eat("s") {
        let capture = read_role(r).unwrap_or(Role::Pawn);
        let to = r.cell()?;
        let promotion = read_promotion(r)?;
        return Some(Move::Scornful {
            from,
            to,
            capture,
            promotion,
        });
    }
    let capture = r.eat("x").then(|| read_role(r).unwrap_or(Role::Pawn));
    let to: Cell = r.cell()?;
    if mover == Role::Pawn && capture.is_none() && r.eat("ep") {
        let capture = read_role(r).unwrap_or(Role::Pawn);
        let victim = r.cell()?;
        return Some(Move::EnPassant {
            from,
            to,
            victim,
            capture,
        });
    }
    if mover == Role::Pawn && capture.is_none() && r.eat("o") {
        return read_castling(r, from, to);
    }
    let promotion = read_promotion(r)?;
    if from == to {
        return Some(Move::Promote {
            at: from,
            role: promotion?,
        });
    }
    Some(Move::Normal {
        role: mover,
        from,
        capture,
        to,
        promotion,
    })
}

/// The cells each rook of a castling leaves and reaches, the queen's rook first (`None` for a
/// rook that stays).
fn castling_rooks(color: Color, castling: Castling) -> [Option<(Cell, Cell)>; 2] {
    let homes = ROOK_HOME[color.index()];
    [
        castling.queen_rook_to(color).map(|to| (homes[0], to)),
        castling.king_rook_to(color).map(|to| (homes[1], to)),
    ]
}

/// A castling's rook moves after its king's cells: the castling of that king, target and rook
/// moves.
fn read_castling(r: &mut LongReader<'_>, from: Cell, to: Cell) -> Option<Move> {
    let mut rook_move = || Some((r.cell::<Cell>()?, r.cell::<Cell>()?));
    let rooks = [rook_move(), rook_move()];
    let color = Color::ALL
        .into_iter()
        .find(|c| KING_HOME[c.index()] == from)?;
    let castling = Castling::ALL.into_iter().find(|&c| {
        let mut moved = castling_rooks(color, c).into_iter().flatten();
        c.king_to(color) == to && [moved.next(), moved.next()] == rooks
    })?;
    Some(Move::Castle { color, castling })
}

hexvar_geometry::debug_as_display!(Move);

fn write_promotion(
    f: &mut fmt::Formatter<'_>,
    from: Cell,
    to: Cell,
    promotion: Option<Role>,
) -> fmt::Result {
    match promotion {
        Some(r) => write!(f, "={}", r.char()),
        None if to.is_promotion_edge(pawn_color(from, to)) => f.write_str("=&"),
        None => Ok(()),
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.char())?;
                }
                write!(f, "{from}")?;
                match capture {
                    None => f.write_str("-")?,
                    Some(Role::Pawn) => f.write_str("×")?,
                    Some(r) => write!(f, "×{}", r.char())?,
                }
                write!(f, "{to}")?;
                if role == Role::Pawn {
                    write_promotion(f, from, to, promotion)?;
                }
                Ok(())
            }
            Move::EnPassant {
                from,
                to,
                victim,
                capture,
            } => {
                let triple_first = (i32::from(victim.line()) - i32::from(to.line())).abs() == 4;
                write!(f, "{from}{}", if triple_first { "@@" } else { "@" })?;
                if capture != Role::Pawn {
                    write!(f, "{}", capture.char())?;
                }
                write!(f, "{to}")
            }
            Move::Scornful {
                from,
                to,
                capture,
                promotion,
            } => {
                write!(f, "{from}@")?;
                if capture != Role::Pawn {
                    write!(f, "{}", capture.char())?;
                }
                write!(f, "{to}")?;
                write_promotion(f, from, to, promotion)
            }
            Move::Castle {
                color: Color::White,
                castling,
            } => f.write_str(castling.name()),
            Move::Castle {
                color: Color::Black,
                castling,
            } => write!(f, "b {}", castling.name()),
            Move::Promote { at, role } => write!(f, "{at}={}", role.char()),
        }
    }
}

/// A move text that names no move ([`Move::from_str`]) or no legal move
/// ([`crate::Position::parse_move`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseMoveError {
    /// The text is not CTL-AN; the message says why.
    #[error("{0}")]
    Notation(String),
    /// The text is CTL-AN but names no legal move in the position.
    #[error("no legal move {0:?} in this position")]
    NotLegal(String),
}

/// Removes surrounding ASCII whitespace and trailing check and mate marks (`+`, `++`, `+∞`,
/// `+^`, `^+`, `#`) and annotations (`!`, `?`).
pub(crate) fn strip_marks(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_ascii_whitespace())
        .trim_end_matches(['+', '#', '^', '∞', '!', '?'])
}

struct Cursor<'a> {
    s: &'a str,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<char> {
        self.s.chars().next()
    }
    fn peek2(&self) -> Option<char> {
        self.s.chars().nth(1)
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.s = &self.s[c.len_utf8()..];
        Some(c)
    }
    fn eat(&mut self, p: &str) -> bool {
        match self.s.strip_prefix(p) {
            Some(rest) => {
                self.s = rest;
                true
            }
            None => false,
        }
    }
    /// A role letter, only if a letter follows it (so that `E7` stays a cell).
    fn role(&mut self) -> Option<Role> {
        let c = self.peek()?;
        if c.is_ascii_alphabetic() && self.peek2().is_some_and(|d| d.is_ascii_alphabetic()) {
            let r = role_of_letter(c)?;
            self.bump();
            Some(r)
        } else {
            None
        }
    }
    fn cell(&mut self) -> Option<Cell> {
        let c = self.peek()?;
        if !c.is_ascii_alphabetic() {
            return None;
        }
        let digits = self.s[1..].bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        let cell = self.s[..1 + digits].parse().ok()?;
        self.s = &self.s[1 + digits..];
        Some(cell)
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let err = |reason: &str| {
            ParseMoveError::Notation(format!("invalid move {:?}: {reason}", cut(text, 100)))
        };
        // A side letter and a space before a castling name name its side (`b KRK-II`, as
        // `Display` writes Black's).
        let stripped = strip_marks(text);
        let (side, body) = match stripped.split_once(' ') {
            Some((side, body)) => {
                let color = match side {
                    "w" | "W" => Color::White,
                    "b" | "B" => Color::Black,
                    _ => return Err(err("a space only follows a side letter w or b")),
                };
                (Some(color), body.trim_start_matches(' '))
            }
            None => (None, stripped),
        };
        // CTL-AN is case-free: piece letters name no side, column letters are one alphabet.
        let upper = body.to_ascii_uppercase();
        let s = upper.as_str();
        if s.starts_with("KR") && s.len() > 3 && s.as_bytes()[3] == b'-' {
            return Castling::from_name(s)
                .map(|castling| Move::Castle {
                    color: side.unwrap_or(Color::White),
                    castling,
                })
                .ok_or_else(|| err("unknown castling"));
        }
        if side.is_some() {
            return Err(err("a side letter goes only before a castling name"));
        }
        let mut cur = Cursor { s };
        let role = cur.role().unwrap_or(Role::Pawn);
        let from = cur.cell().ok_or_else(|| err("expected the from hex"))?;
        if cur.eat("=") {
            if role != Role::Pawn {
                return Err(err("only a pawn promotes"));
            }
            let r = cur
                .bump()
                .and_then(role_of_letter)
                .filter(|r| Role::PROMOTIONS.contains(r))
                .ok_or_else(|| err("a pawn promotes to D, V, R, G, N or J only"))?;
            if !cur.s.is_empty() {
                return Err(err("trailing text"));
            }
            return Ok(Move::Promote { at: from, role: r });
        }
        let sep = if cur.eat("@@") {
            2
        } else if cur.eat("@") {
            1
        } else if cur.eat("×") || cur.eat("*") {
            3
        } else if cur.eat("-") {
            0
        } else {
            return Err(err("expected a separator - × * @ or @@"));
        };
        let captured = cur.role();
        let to = cur
            .cell()
            .ok_or_else(|| err("expected the destination hex"))?;
        let mut promotion = None;
        if cur.eat("=") {
            match cur.bump() {
                Some('&') => {}
                Some(c) => {
                    promotion =
                        Some(role_of_letter(c).ok_or_else(|| err("unknown promotion letter"))?)
                }
                None => return Err(err("expected a letter after '='")),
            }
            if role != Role::Pawn {
                return Err(err("only a pawn promotes"));
            }
        }
        if !cur.s.is_empty() {
            return Err(err("trailing text"));
        }
        if let Some(p) = promotion {
            if !Role::PROMOTIONS.contains(&p) {
                return Err(err("a pawn promotes to D, V, R, G, N or J only"));
            }
        }
        let dc = i32::from(to.column()) - i32::from(from.column());
        let dl = i32::from(to.line()) - i32::from(from.line());
        match sep {
            0 if captured.is_some() => Err(err("a quiet move names no captured piece")),
            0 => Ok(Move::Normal {
                role,
                from,
                capture: None,
                to,
                promotion,
            }),
            3 => Ok(Move::Normal {
                role,
                from,
                capture: Some(captured.unwrap_or(Role::Pawn)),
                to,
                promotion,
            }),
            _ => {
                if role != Role::Pawn {
                    return Err(err("only a pawn captures with @"));
                }
                let capture = captured.unwrap_or(Role::Pawn);
                if dc.abs() == 1 && dl.abs() == 3 {
                    if promotion.is_some() {
                        return Err(err("an en passant capture never promotes"));
                    }
                    let f = dl.signum();
                    let back = if sep == 2 { 4 } else { 2 };
                    let victim = Cell::at(i32::from(to.column()), i32::from(to.line()) - back * f)
                        .ok_or_else(|| err("no stepped pawn behind the target"))?;
                    Ok(Move::EnPassant {
                        from,
                        to,
                        victim,
                        capture,
                    })
                } else if dc.abs() == 1 && dl.abs() == 1 && sep == 1 {
                    Ok(Move::Scornful {
                        from,
                        to,
                        capture,
                        promotion,
                    })
                } else {
                    Err(err(
                        "@ needs a forward-diagonal (e.p.) or oblique (scornful) pawn step",
                    ))
                }
            }
        }
    }
}

/// The capacity of a [`MoveList`].
///
/// Worst case: promotion only brings back missing pieces, so a side never has more than
/// K, D, V, 2 R, 2 G, 2 N, 3 J, 4 E and 11 P. On the 169-hex board a queen has at most
/// 42 + 18 = 60 moves, a wyvern 54, a rook 42, a pegasus 30, a knight 24 (12 leaps, 12 rides),
/// a bishop 18, an elephant 6, the king 12 steps + 5 leaps + 24 castlings, a pawn at most
/// 5 destinations × 6 promotion choices = 30. The sum 41 + 60 + 54 + 84 + 60 + 48 + 54 + 24 +
/// 330 = 755 bounds every position (an e.p. or scornful capture replaces a counted diagonal
/// or oblique step; in-place promotions exclude all other moves).
pub const MAX_MOVES: usize = 768;

/// A fixed-capacity list of moves on the stack (no allocation, no fill on creation).
pub type MoveList = hexvar_geometry::MoveList<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        hexvar_geometry::check_text_round_trips::<Move>(&[
            "E7-E13",
            "EF12×NF14",
            "F12@@G9",
            "KRK-HIOO",
            "T22=D",
            "C15@B12",
            "KG1-H6",
            "E13×F16",
            "A21-T22=&",
            "B20-A21",
            "A21-T22=R",
            "DE27×JE13",
            "JA23×C23",
        ])
        .unwrap();
        let m: Move = "F12@@G9".parse().unwrap();
        assert_eq!(
            m,
            Move::EnPassant {
                from: "F12".parse().unwrap(),
                to: "G9".parse().unwrap(),
                victim: "G13".parse().unwrap(),
                capture: Role::Pawn
            }
        );
        assert_eq!("GL5×GE5^+".parse::<Move>().unwrap().to_string(), "GL5×GE5");
        assert!("KRK-ZZ".parse::<Move>().is_err());
        assert!("E7xE13".parse::<Move>().is_err());
        assert_eq!(
            "ef12×nf14".parse::<Move>().unwrap().to_string(),
            "EF12×NF14"
        );
        assert_eq!(" t22=d# ".parse::<Move>().unwrap().to_string(), "T22=D");
        assert!("".parse::<Move>().is_err());
        assert!("E7-".parse::<Move>().is_err());
    }

    #[test]
    fn castling_table_names() {
        assert_eq!(Castling::ALL.len(), 24);
        assert_eq!(Castling::ALL.iter().filter(|c| c.is_double()).count(), 5);
        let c = Castling::from_name("KRK-HIOO").unwrap();
        assert_eq!(c.to_string(), "KRK-HIOO");
        assert_eq!("krk-hioo".parse::<Castling>(), Ok(c));
        assert!("KRK-HX".parse::<Castling>().is_err());
        assert_eq!(c.king_to(Color::White).to_string(), "H6");
        assert_eq!(c.king_rook_to(Color::Black).unwrap().to_string(), "I21");
        let m: Move = "krk-hioo+".parse().unwrap();
        assert_eq!(
            m,
            Move::Castle {
                color: Color::White,
                castling: c
            }
        );
        assert_eq!(format!("{m:?}"), "KRK-HIOO");
        // A side letter names the side.
        let black = Move::Castle {
            color: Color::Black,
            castling: c,
        };
        assert_eq!("b KRK-HIOO".parse::<Move>(), Ok(black));
        assert_eq!(black.to_string(), "b KRK-HIOO");
        assert_eq!(format!("{black:?}"), "b KRK-HIOO");
        assert_eq!(" B  krk-hioo+".parse::<Move>(), Ok(black));
        assert_eq!("w KRK-HIOO".parse::<Move>(), Ok(m));
        assert!("b E7-E13".parse::<Move>().is_err());
        assert!("x KRK-HIOO".parse::<Move>().is_err());
        assert!("E7 -E13".parse::<Move>().is_err());
    }
}
