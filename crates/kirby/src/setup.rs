//! The plain-data [`Setup`], the start positions of every mode, and the position text format.
//!
//! # Position text format
//!
//! One line of space-separated fields. The header fields are `key=value`, the armies are
//! `<army>:<pieces>`; [`Setup`]'s `Display` writes them in this order, the parser takes any order:
//!
//! | field | meaning | example |
//! |---|---|---|
//! | `layout=QL` / `QR` | queens left or right of the king (all armies alike) | `layout=QL` |
//! | `turn=<army>` | the army to move (`B P S W R G`) | `turn=B` |
//! | `teams=<groups>` | the team map: groups of army letters separated by `/`, covering exactly the seated armies | `teams=BW/PR/SG`, `teams=B/S/R` |
//! | `castling=<rook cells>` or `-` | the rooks (on rank 1) whose armies may still castle with them | `castling=B/11,B/18,W/11,W/18` |
//! | `dead=<armies>` or `-` | the seated armies whose king was mated: their pieces are dead bodies | `dead=S` |
//! | `waiting=<cells>` or `-` | waiting pawns, oldest first (each army's own order counts) | `waiting=H13` |
//! | `<army>:<pieces>` | one per seated army: its pieces as `<role><cell>`, comma-separated, possibly none | `B:KB/15,RA8,PG14` |
//!
//! Roles are `K Q R B N A P` (A = Amazon), cells are Kirby's names (`H15` or `C`, `B/32`). The
//! spec's mid-game position T1 reads:
//!
//! ```text
//! layout=QL turn=B teams=BW/PR/SG castling=- dead=- waiting=- B:KB/15,RA8,BA16,NB/32,PB/27,PG14 P:KP/15,BB9,PC6 S:KS/15,QK9 W:KW/15,QH17 R:KR/15,NC12,PM15 G:KG/15,RA22,PF27
//! ```

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::san::cut;

use crate::cells::{Cell, ParseCellError, CELLS};
use crate::men::{Color, Piece, Role};

/// The text of the two-player start position ([`Setup::start`]).
pub const START_TEXT: &str = "layout=QL turn=B teams=B/W castling=B/11,B/18,W/11,W/18 dead=- waiting=- B:RB/11,NB/12,BB/13,QB/14,KB/15,BB/16,NB/17,RB/18,PB/21,PB/22,PB/23,PB/24,PB/25,PB/26,PB/27,PB/28 W:RW/11,NW/12,BW/13,QW/14,KW/15,BW/16,NW/17,RW/18,PW/21,PW/22,PW/23,PW/24,PW/25,PW/26,PW/27,PW/28";

/// Where the queens stand (the same for every army, chosen by the winner of the draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Layout {
    /// `R N B Q K B N R` from the owner's left: the king on file 5.
    #[default]
    QueenLeft,
    /// `R N B K Q B N R`: the king on file 4.
    QueenRight,
}

impl Layout {
    /// The back rank from the owner's left.
    pub const fn back_rank(self) -> [Role; 8] {
        use Role::*;
        match self {
            Layout::QueenLeft => [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook],
            Layout::QueenRight => [Rook, Knight, Bishop, King, Queen, Bishop, Knight, Rook],
        }
    }

    /// The king's file (1..8).
    pub const fn king_file(self) -> u8 {
        match self {
            Layout::QueenLeft => 5,
            Layout::QueenRight => 4,
        }
    }

    /// The code in the position text: `QL` or `QR`.
    pub const fn code(self) -> &'static str {
        match self {
            Layout::QueenLeft => "QL",
            Layout::QueenRight => "QR",
        }
    }
}

/// The game modes of Kirby's comments, with the seats this crate chooses where he gives none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Two players, Black against White (a crossboard pair; Kirby never mentions this mode).
    TwoPlayer,
    /// Three players cut-throat on alternate seats: Black, Silver, Red.
    ThreePlayer,
    /// Four players cut-throat: Black, Pink, White, Red (two crossboard pairs).
    FourPlayer,
    /// Four players in two teams of crossboard pairs: Black+White against Pink+Red.
    FourPlayerTeams,
    /// Six players cut-throat.
    SixPlayer,
    /// Six players in three teams of crossboard pairs: Black+White, Pink+Red, Silver+Gold.
    SixPlayerThreeTeams,
    /// Six players in two teams: Dark (Black, Silver, Red) against Light (White, Gold, Pink).
    SixPlayerTwoTeams,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 7] = [
        Mode::TwoPlayer,
        Mode::ThreePlayer,
        Mode::FourPlayer,
        Mode::FourPlayerTeams,
        Mode::SixPlayer,
        Mode::SixPlayerThreeTeams,
        Mode::SixPlayerTwoTeams,
    ];

    /// The short name used by `FromStr`/`Display`: `2p 3p 4p 4p-teams 6p 6p-3teams 6p-2teams`.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::TwoPlayer => "2p",
            Mode::ThreePlayer => "3p",
            Mode::FourPlayer => "4p",
            Mode::FourPlayerTeams => "4p-teams",
            Mode::SixPlayer => "6p",
            Mode::SixPlayerThreeTeams => "6p-3teams",
            Mode::SixPlayerTwoTeams => "6p-2teams",
        }
    }

    /// The team of each seat (`None` = empty seat).
    pub const fn teams(self) -> [Option<u8>; 6] {
        // Seats: Black Pink Silver White Red Gold.
        match self {
            Mode::TwoPlayer => [Some(0), None, None, Some(1), None, None],
            Mode::ThreePlayer => [Some(0), None, Some(1), None, Some(2), None],
            Mode::FourPlayer => [Some(0), Some(1), None, Some(2), Some(3), None],
            Mode::FourPlayerTeams => [Some(0), Some(1), None, Some(0), Some(1), None],
            Mode::SixPlayer => [Some(0), Some(1), Some(2), Some(3), Some(4), Some(5)],
            Mode::SixPlayerThreeTeams => [Some(0), Some(1), Some(2), Some(0), Some(1), Some(2)],
            Mode::SixPlayerTwoTeams => [Some(0), Some(1), Some(0), Some(1), Some(0), Some(1)],
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Mode {
    type Err = ParseSetupError;
    fn from_str(s: &str) -> Result<Mode, ParseSetupError> {
        Mode::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| ParseSetupError::Mode(cut(s, 100)))
    }
}

/// A position as plain data, not validated (see [`crate::Position::from_setup`]).
///
/// Its text (`Display` / `FromStr`) is the position text format of the module docs of
/// [`crate::rules`]: `layout=QL turn=B teams=B/W castling=… dead=… waiting=… B:… W:…`.
/// Parsing canonicalises what the text leaves free: team numbers follow the seat order of
/// each team's first member, castling cells are sorted.
///
/// ```
/// use hexvar_kirby::{Layout, Mode, Position, Setup};
///
/// let setup = Setup::start_mode(Mode::FourPlayerTeams, Layout::QueenLeft);
/// let reread: Setup = setup.to_string().parse()?;
/// assert_eq!(reread, setup);
/// let pos = Position::from_setup(setup)?;
/// assert_eq!(pos.to_setup(), reread);
/// // Validation names every broken rule: here, seated armies without a king.
/// let mut empty = Setup::start();
/// empty.board = [None; hexvar_kirby::CELL_COUNT];
/// assert!(Position::from_setup(empty).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Queen left or right (it decides the castling geometry).
    pub layout: Layout,
    /// The army to move.
    pub turn: Color,
    /// The team of each seat, `None` for an empty seat. Team numbers only group seats (the
    /// parser numbers teams in seat order of their first member).
    pub teams: [Option<u8>; 6],
    /// Seated armies whose king has been mated (their pieces are dead bodies).
    pub dead: [bool; 6],
    /// The piece on each cell, by dense cell index.
    pub board: [Option<Piece>; CELLS],
    /// The rooks that may still castle (cells on rank 1; the owner is the sideboard's army).
    pub castling: Vec<Cell>,
    /// Waiting pawns (promoted with nothing to claim), oldest first.
    pub waiting: Vec<Cell>,
}

impl Default for Setup {
    /// The two-player start position.
    fn default() -> Self {
        Setup::start()
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup({self})")
    }
}

impl Setup {
    /// An empty board: nobody seated, Black to move, queen-left, no rights.
    pub fn empty() -> Setup {
        Setup {
            layout: Layout::QueenLeft,
            turn: Color::Black,
            teams: [None; 6],
            dead: [false; 6],
            board: [None; CELLS],
            castling: Vec::new(),
            waiting: Vec::new(),
        }
    }

    /// The two-player start position (Black against White, queen-left, castling allowed,
    /// Black to move).
    pub fn start() -> Setup {
        Setup::start_mode(Mode::TwoPlayer, Layout::QueenLeft)
    }

    /// The start position of a mode: castling allowed, Black to move.
    pub fn start_mode(mode: Mode, layout: Layout) -> Setup {
        Setup::start_seats(mode.teams(), layout, true, Color::Black)
    }

    /// The start position for any seats and team map (`teams[seat]`, `None` = empty seat), with
    /// castling on or off and the first mover (the winner of the draw; it must be seated).
    pub fn start_seats(
        teams: [Option<u8>; 6],
        layout: Layout,
        castling: bool,
        first: Color,
    ) -> Setup {
        let mut setup = Setup::empty();
        setup.layout = layout;
        setup.turn = first;
        setup.teams = teams;
        for &army in Color::ALL {
            if teams[army.index()].is_none() {
                continue;
            }
            for (f, role) in layout.back_rank().into_iter().enumerate() {
                let f = f as u8 + 1;
                let back = Cell::square(army, f, 1).expect("rank 1");
                setup.board[back.index()] = Some(Piece { color: army, role });
                let pawn = Cell::square(army, f, 2).expect("rank 2");
                setup.board[pawn.index()] = Some(Piece {
                    color: army,
                    role: Role::Pawn,
                });
            }
            if castling {
                setup
                    .castling
                    .push(Cell::square(army, 1, 1).expect("rank 1"));
                setup
                    .castling
                    .push(Cell::square(army, 8, 1).expect("rank 1"));
            }
        }
        setup
    }

    /// Whether `army` is seated.
    pub fn is_seated(&self, color: Color) -> bool {
        self.teams[color.index()].is_some()
    }

    /// The pieces of `army`, in cell order.
    pub fn pieces_of(&self, color: Color) -> impl Iterator<Item = (Cell, Role)> + '_ {
        Cell::ALL
            .into_iter()
            .filter_map(move |c| match self.board[c.index()] {
                Some(p) if p.color == color => Some((c, p.role)),
                _ => None,
            })
    }

    /// The text of the team map, groups in seat order of their first member (`BW/PR/SG`).
    fn teams_text(&self) -> String {
        let mut groups: Vec<(u8, String)> = Vec::new();
        for &army in Color::ALL {
            if let Some(t) = self.teams[army.index()] {
                match groups.iter_mut().find(|(id, _)| *id == t) {
                    Some((_, g)) => g.push(army.char()),
                    None => groups.push((t, army.char().to_string())),
                }
            }
        }
        groups
            .into_iter()
            .map(|(_, g)| g)
            .collect::<Vec<_>>()
            .join("/")
    }
}

fn cells_text(cells: &[Cell]) -> String {
    if cells.is_empty() {
        "-".to_string()
    } else {
        cells
            .iter()
            .map(Cell::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let teams = self.teams_text();
        write!(
            f,
            "layout={} turn={} teams={}",
            self.layout.code(),
            self.turn.char(),
            if teams.is_empty() { "-" } else { &teams }
        )?;
        let mut castling = self.castling.clone();
        castling.sort();
        write!(f, " castling={}", cells_text(&castling))?;
        let dead: String = Color::ALL
            .iter()
            .filter(|a| self.dead[a.index()])
            .map(|a| a.char())
            .collect();
        write!(f, " dead={}", if dead.is_empty() { "-" } else { &dead })?;
        write!(f, " waiting={}", cells_text(&self.waiting))?;
        for &army in Color::ALL {
            if !self.is_seated(army) {
                continue;
            }
            write!(f, " {}:", army.char())?;
            let pieces: Vec<String> = self
                .pieces_of(army)
                .map(|(c, r)| format!("{}{c}", r.char()))
                .collect();
            f.write_str(&pieces.join(","))?;
        }
        Ok(())
    }
}

/// Why a position text could not be read. Each variant names the field that failed; quoted texts
/// are cut to 100 characters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseSetupError {
    /// A token is neither `key=value` with a known key nor `<army>:<pieces>`.
    #[error("unknown field {0:?} (expected layout=, turn=, teams=, castling=, dead=, waiting= or <army>:<pieces>)")]
    UnknownField(String),
    /// A field appears twice.
    #[error("field {0:?} appears twice")]
    DuplicateField(String),
    /// A required field is missing.
    #[error("missing field {0}=")]
    MissingField(&'static str),
    /// The `layout` field is not `QL` or `QR`.
    #[error("layout: {0:?} is not QL or QR")]
    Layout(String),
    /// The `turn` field is not one army letter.
    #[error("turn: {0:?} is not one of B P S W R G")]
    Turn(String),
    /// The `teams` field is malformed or does not match the seated armies.
    #[error("teams: {0}")]
    Teams(String),
    /// The `castling` field is malformed.
    #[error("castling: {0:?} is not - or a comma-separated list of cells")]
    Castling(String),
    /// The `dead` field is malformed.
    #[error("dead: {0:?} is not - or army letters")]
    Dead(String),
    /// The `waiting` field is malformed.
    #[error("waiting: {0:?} is not - or a comma-separated list of cells")]
    Waiting(String),
    /// A piece of an army list does not start with a role letter.
    #[error("army {army}: {piece:?} is not <role><cell> with role K Q R B N A P")]
    Piece {
        /// The army letter.
        army: char,
        /// The text of the piece.
        piece: String,
    },
    /// A piece of an army list names no cell after its role letter.
    #[error("army {army}: in {piece:?}, {cell}")]
    PieceCell {
        /// The army letter.
        army: char,
        /// The text of the piece.
        piece: String,
        /// Why the cell is not one.
        cell: ParseCellError,
    },
    /// Two pieces on one cell.
    #[error("two pieces on {0}")]
    DuplicateCell(Cell),
    /// The mode name (for [`Mode`]'s `FromStr`) is unknown.
    #[error("mode: {0:?} is not one of 2p 3p 4p 4p-teams 6p 6p-3teams 6p-2teams")]
    Mode(String),
}

/// The team map with teams numbered in seat order of their first member.
fn canonical_teams(teams: [Option<u8>; 6]) -> [Option<u8>; 6] {
    let mut out = [None; 6];
    let mut ids: Vec<u8> = Vec::new();
    for (seat, team) in teams.iter().enumerate() {
        if let Some(t) = team {
            let id = match ids.iter().position(|x| x == t) {
                Some(id) => id,
                None => {
                    ids.push(*t);
                    ids.len() - 1
                }
            };
            out[seat] = Some(id as u8);
        }
    }
    out
}

fn parse_cells(v: &str) -> Option<Vec<Cell>> {
    if v == "-" {
        return Some(Vec::new());
    }
    v.split(',').map(|c| c.parse().ok()).collect()
}

impl FromStr for Setup {
    type Err = ParseSetupError;

    fn from_str(s: &str) -> Result<Setup, ParseSetupError> {
        let mut setup = Setup::empty();
        let mut seen: Vec<String> = Vec::new();
        let mut seated = [false; 6];
        let mut teams_text: Option<&str> = None;
        for token in s.split_ascii_whitespace() {
            let key = match (token.split_once('='), token.split_once(':')) {
                (Some((k, _)), _) if !k.contains(':') => k.to_string(),
                (_, Some((k, _))) => format!("{k}:"),
                _ => return Err(ParseSetupError::UnknownField(cut(token, 100))),
            };
            if seen.contains(&key) {
                return Err(ParseSetupError::DuplicateField(cut(&key, 100)));
            }
            seen.push(key.clone());
            let value = &token[key.len() + usize::from(!key.ends_with(':'))..];
            match key.as_str() {
                "teams" => teams_text = Some(value),
                k if k.ends_with(':') => {
                    let army = parse_army_letter(&k[..k.len() - 1])
                        .ok_or_else(|| ParseSetupError::UnknownField(cut(token, 100)))?;
                    seated[army.index()] = true;
                    parse_pieces(&mut setup, army, value)?;
                }
                k => parse_header(&mut setup, k, value, token)?,
            }
        }
        for key in ["layout", "turn", "teams"] {
            if !seen.iter().any(|k| k == key) {
                return Err(ParseSetupError::MissingField(key));
            }
        }
        setup.teams = parse_teams(teams_text.unwrap_or_default(), seated)?;
        Ok(setup)
    }
}

fn parse_army_letter(text: &str) -> Option<Color> {
    let mut chars = text.chars();
    match (chars.next().and_then(Color::from_char), chars.next()) {
        (Some(a), None) => Some(a),
        _ => None,
    }
}

/// An army's pieces: `<role><cell>` separated by commas, possibly none.
fn parse_pieces(setup: &mut Setup, army: Color, list: &str) -> Result<(), ParseSetupError> {
    if list.is_empty() {
        return Ok(());
    }
    for piece in list.split(',') {
        let mut chars = piece.chars();
        let role = chars
            .next()
            .filter(char::is_ascii_uppercase)
            .and_then(Role::from_char)
            .ok_or_else(|| ParseSetupError::Piece {
                army: army.char(),
                piece: cut(piece, 100),
            })?;
        let cell: Cell = chars
            .as_str()
            .parse()
            .map_err(|cell| ParseSetupError::PieceCell {
                army: army.char(),
                piece: cut(piece, 100),
                cell,
            })?;
        if setup.board[cell.index()].is_some() {
            return Err(ParseSetupError::DuplicateCell(cell));
        }
        setup.board[cell.index()] = Some(Piece::new(army, role));
    }
    Ok(())
}

/// One `key=value` header field other than `teams`.
fn parse_header(
    setup: &mut Setup,
    key: &str,
    value: &str,
    token: &str,
) -> Result<(), ParseSetupError> {
    match key {
        "layout" => {
            setup.layout = match value {
                "QL" => Layout::QueenLeft,
                "QR" => Layout::QueenRight,
                _ => return Err(ParseSetupError::Layout(cut(value, 100))),
            }
        }
        "turn" => {
            setup.turn =
                parse_army_letter(value).ok_or_else(|| ParseSetupError::Turn(cut(value, 100)))?
        }
        "castling" => {
            setup.castling =
                parse_cells(value).ok_or_else(|| ParseSetupError::Castling(cut(value, 100)))?;
            setup.castling.sort();
        }
        "waiting" => {
            setup.waiting =
                parse_cells(value).ok_or_else(|| ParseSetupError::Waiting(cut(value, 100)))?
        }
        "dead" if value != "-" => {
            let bad = || ParseSetupError::Dead(cut(value, 100));
            if value.is_empty() {
                return Err(bad());
            }
            for c in value.chars() {
                let a = Color::from_char(c).ok_or_else(bad)?;
                if setup.dead[a.index()] {
                    return Err(bad());
                }
                setup.dead[a.index()] = true;
            }
        }
        "dead" => {}
        _ => return Err(ParseSetupError::UnknownField(cut(token, 100))),
    }
    Ok(())
}

/// The team map (`BW/PR/SG`, or `-` for nobody), which must cover exactly the seated armies;
/// teams numbered in seat order of their first member.
fn parse_teams(text: &str, seated: [bool; 6]) -> Result<[Option<u8>; 6], ParseSetupError> {
    let mut team_of = [None; 6];
    let groups: Vec<&str> = if text == "-" {
        Vec::new()
    } else {
        text.split('/').collect()
    };
    for (t, group) in groups.into_iter().enumerate() {
        if group.is_empty() {
            return Err(ParseSetupError::Teams(format!(
                "{:?} has an empty group",
                cut(text, 100)
            )));
        }
        for c in group.chars() {
            let a = Color::from_char(c)
                .ok_or_else(|| ParseSetupError::Teams(format!("{c:?} is not an army letter")))?;
            if team_of[a.index()].is_some() {
                return Err(ParseSetupError::Teams(format!("{c} is in two groups")));
            }
            team_of[a.index()] = Some(t as u8);
        }
    }
    for &army in Color::ALL {
        let (is_seated, in_map) = (seated[army.index()], team_of[army.index()].is_some());
        if is_seated != in_map {
            return Err(ParseSetupError::Teams(format!(
                "{} is {} but {} the team map",
                army.char(),
                if is_seated { "seated" } else { "not seated" },
                if is_seated { "not in" } else { "in" },
            )));
        }
    }
    Ok(canonical_teams(team_of))
}

#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Setup, "a Kirby position text");
