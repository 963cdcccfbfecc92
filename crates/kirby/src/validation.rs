//! From plain data to a validated [`Position`] and back: the rules a [`Setup`] must keep
//! (every broken one listed), and the position text format's parse and print.

use crate::cells::{Cell, CellSet, CELLS};
use crate::men::{Color, Piece, Role, ARMIES};
use crate::position::{KnownCheck, Position, Waiting, NO_KING};

use crate::setup::{ParseSetupError, Setup};
use crate::tables::{CastleSide, PAWNS, ROOK_CORNER};

/// One broken rule of a [`Setup`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PositionProblem {
    /// Nobody is seated.
    #[error("no army is seated")]
    NoArmies,
    /// The army to move is not seated or is dead.
    #[error("the army to move, {}, is not seated or is dead", .0.name())]
    Turn(Color),
    /// A piece belongs to an army that is not seated.
    #[error("{} has pieces but is not seated", .0.name())]
    UnseatedPieces(Color),
    /// An empty seat is marked dead.
    #[error("{} is marked dead but is not seated", .0.name())]
    UnseatedDead(Color),
    /// A live army without exactly one king.
    #[error("{} is alive and has {} kings (exactly one needed)", .0.name(), .1)]
    KingCount(Color, usize),
    /// A dead army that still has a king.
    #[error("{} is dead but has a king", .0.name())]
    DeadKing(Color),
    /// A pawn where it can never be.
    #[error("pawn of {} on {}, another army's square or its own first rank", .0.name(), .1)]
    PawnPlacement(Color, Cell),
    /// A castling right without the king and rook at home.
    #[error("castling right on {0} without a live army's unmoved king and rook there")]
    Castling(Cell),
    /// More pieces of a type than the rules ever allow (promotion only replaces lost pieces, and
    /// there is at most one Amazon): at most 8 pawns, 2 knights, 2 bishops, 2 rooks, 1 queen,
    /// 1 Amazon per army.
    #[error("{} has {} pieces of type {:?}, more than the rules allow", .0.name(), .2, .1)]
    TooMany(Color, Role, u32),
    /// A waiting pawn that cannot be one.
    #[error("waiting pawn on {0}: needs a live army's pawn in its promotion zone, an army with every first-rank piece and an Amazon, listed once")]
    Waiting(Cell),
}

/// Every rule a [`Setup`] breaks.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("invalid position: {}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct PositionError(pub Vec<PositionProblem>);

/// The error for [`Position::from_str`]: the text does not parse, or the position is invalid.
pub type ParsePositionError = hexvar_geometry::ParsePositionError<ParseSetupError, PositionError>;

impl Position {
    pub(crate) fn empty(setup: &Setup) -> Position {
        Position {
            mailbox: [0; CELLS],
            by_color: [CellSet::EMPTY; ARMIES],
            by_role: [CellSet::EMPTY; Role::COUNT],
            occupied: CellSet::EMPTY,
            kings: [NO_KING; ARMIES],
            team_mask: [0; ARMIES],
            seated: 0,
            alive: 0,
            turn: setup.turn,
            castling: [0; ARMIES],
            waiting: [Waiting::default(); ARMIES],
            layout: setup.layout,
            hash: 0,
            check: KnownCheck::Unknown,
        }
    }

    /// Validates a setup. The error lists every broken rule. If the army to move is
    /// checkmated, it is eliminated at once and the turn passes on (see the type docs).
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut problems = Vec::new();
        let mut pos = Position::empty(&setup);
        pos.seat_armies(&setup, &mut problems);
        pos.place_pieces(&setup, &mut problems);
        pos.check_counts(&mut problems);
        if pos.alive & (1 << setup.turn.index()) == 0 {
            problems.push(PositionProblem::Turn(setup.turn));
        }
        pos.grant_castling(&setup, &mut problems);
        pos.list_waiting(&setup, &mut problems);
        if !problems.is_empty() {
            return Err(PositionError(problems));
        }
        pos.hash = pos.compute_hash();
        pos.resolve();
        Ok(pos)
    }

    fn seat_armies(&mut self, setup: &Setup, problems: &mut Vec<PositionProblem>) {
        for &a in Color::ALL {
            if setup.teams[a.index()].is_some() {
                self.seated |= 1 << a.index();
                if !setup.dead[a.index()] {
                    self.alive |= 1 << a.index();
                }
            } else if setup.dead[a.index()] {
                problems.push(PositionProblem::UnseatedDead(a));
            }
        }
        if self.seated == 0 {
            problems.push(PositionProblem::NoArmies);
        }
        for &a in Color::ALL {
            if let Some(t) = setup.teams[a.index()] {
                for &b in Color::ALL {
                    if setup.teams[b.index()] == Some(t) {
                        self.team_mask[a.index()] |= 1 << b.index();
                    }
                }
            }
        }
    }

    fn place_pieces(&mut self, setup: &Setup, problems: &mut Vec<PositionProblem>) {
        let mut unseated_reported = [false; ARMIES];
        let mut king_count = [0usize; ARMIES];
        for cell in Cell::ALL {
            let Some(piece) = setup.board[cell.index()] else {
                continue;
            };
            let a = piece.color.index();
            if self.seated & (1 << a) == 0 {
                if !unseated_reported[a] {
                    problems.push(PositionProblem::UnseatedPieces(piece.color));
                    unseated_reported[a] = true;
                }
                continue;
            }
            if piece.role == Role::King {
                king_count[a] += 1;
                self.kings[a] = cell.index() as u16;
            }
            if piece.role == Role::Pawn {
                let ok = match cell.square_coords() {
                    Some((side, _, rank)) => side == piece.color && rank >= 2,
                    None => true,
                };
                if !ok {
                    problems.push(PositionProblem::PawnPlacement(piece.color, cell));
                }
            }
            self.put(cell.index(), piece);
        }
        for &a in Color::ALL {
            let i = a.index();
            if self.seated & (1 << i) == 0 {
                continue;
            }
            if setup.dead[i] {
                if king_count[i] > 0 {
                    problems.push(PositionProblem::DeadKing(a));
                }
            } else if king_count[i] != 1 {
                problems.push(PositionProblem::KingCount(a, king_count[i]));
            }
        }
        for a in 0..ARMIES {
            if self.alive & (1 << a) == 0 && self.kings[a] != NO_KING {
                // A dead army's king (reported above) does not count as a king.
                self.kings[a] = NO_KING;
            }
        }
    }

    fn check_counts(&self, problems: &mut Vec<PositionProblem>) {
        for &a in Color::ALL {
            for role in Role::ALL {
                let limit = match role {
                    Role::Amazon => 1,
                    r => r.start_count(),
                };
                let n = self.pieces(a, role).len();
                if n > limit && role != Role::King {
                    problems.push(PositionProblem::TooMany(a, role, n));
                }
            }
        }
    }

    fn grant_castling(&mut self, setup: &Setup, problems: &mut Vec<PositionProblem>) {
        for &rook in &setup.castling {
            let ok = match ROOK_CORNER[rook.index()] {
                Some((side, castle)) => {
                    let s = side.index();
                    let king_home = Cell::square(side, setup.layout.king_file(), 1).expect("home");
                    let ok = self.alive & (1 << s) != 0
                        && setup.board[rook.index()] == Some(Piece::new(side, Role::Rook))
                        && setup.board[king_home.index()] == Some(Piece::new(side, Role::King))
                        && self.castling[s] & castle.bit() == 0;
                    if ok {
                        self.castling[s] |= castle.bit();
                    }
                    ok
                }
                None => false,
            };
            if !ok {
                problems.push(PositionProblem::Castling(rook));
            }
        }
    }

    fn list_waiting(&mut self, setup: &Setup, problems: &mut Vec<PositionProblem>) {
        for &cell in &setup.waiting {
            let ok = match setup.board[cell.index()] {
                Some(Piece {
                    color,
                    role: Role::Pawn,
                }) => {
                    let i = color.index();
                    let ok = self.alive & (1 << i) != 0
                        && PAWNS[i].promotes.has(cell.index())
                        && self.reclaim_missing(color).is_empty()
                        && self.has_amazon(color)
                        && self.waiting[i].position(cell.index()).is_none()
                        && !self.waiting[i].is_full();
                    if ok {
                        self.waiting[i].push(cell.index());
                    }
                    ok
                }
                _ => false,
            };
            if !ok {
                problems.push(PositionProblem::Waiting(cell));
            }
        }
    }

    /// The plain-data setup of this position (teams numbered in seat order of their first
    /// member, as the text format prints them).
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        setup.layout = self.layout;
        setup.turn = self.turn;
        let mut team_of_mask: Vec<u8> = Vec::new();
        for &a in Color::ALL {
            let i = a.index();
            if self.seated & (1 << i) != 0 {
                let mask = self.team_mask[i];
                let id = match team_of_mask.iter().position(|&m| m == mask) {
                    Some(id) => id,
                    None => {
                        team_of_mask.push(mask);
                        team_of_mask.len() - 1
                    }
                };
                setup.teams[i] = Some(id as u8);
                setup.dead[i] = self.alive & (1 << i) == 0;
            }
            for castle in CastleSide::BOTH {
                if self.castling[i] & castle.bit() != 0 {
                    setup.castling.push(castle.rook_home(a));
                }
            }
        }
        setup.castling.sort();
        for &a in Color::ALL {
            for &c in self.waiting[a.index()].as_slice() {
                setup.waiting.push(Cell::at(c as usize));
            }
        }
        for cell in Cell::ALL {
            setup.board[cell.index()] = self.piece_at(cell);
        }
        setup
    }

    // -----------------------------------------------------------------------------------------
    // Queries.
}
