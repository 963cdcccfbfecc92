//! `impl hexvar_geometry::Variant for Position`: the generic face over the inherent methods,
//! so that a program hosting several variants drives Dagger Chess like the others.

use hexvar_geometry::{Variant, VariantPiece};

use crate::board::{Cell, CellSet, Color, Piece, Role, CELL_COUNT};
use crate::moves::{Move, MoveList, ParseMoveError, MAX_MOVES};
use crate::outcome::Outcome;
use crate::position::{IllegalMove, ParsePositionError, Position};
use crate::setup::START_TEXT;

impl VariantPiece for Piece {
    type Color = Color;
    type Role = Role;

    fn color(self) -> Color {
        self.color
    }

    fn role(self) -> Role {
        self.role
    }
}

impl Variant for Position {
    const NAME: &'static str = "dagger";
    const START_TEXT: &'static str = START_TEXT;
    const MAX_MOVES: usize = MAX_MOVES;
    const CELL_COUNT: usize = CELL_COUNT;

    type Move = Move;
    type Cell = Cell;
    type Color = Color;
    type Piece = Piece;
    type Outcome = Outcome;
    type MoveList = MoveList;
    type ParseError = ParsePositionError;
    type IllegalMove = IllegalMove;
    type ParseMoveError = ParseMoveError;

    fn start() -> Position {
        Position::new()
    }

    fn cells() -> &'static [Cell] {
        &Cell::ALL
    }

    fn turn(&self) -> Color {
        Position::turn(self)
    }

    fn piece_at(&self, cell: Cell) -> Option<Piece> {
        Position::piece_at(self, cell)
    }

    fn legal_moves_into(&self, moves: &mut MoveList) {
        Position::legal_moves_into(self, moves)
    }

    fn legal_move_count(&self) -> usize {
        Position::legal_move_count(self)
    }

    fn move_cells(mv: Move) -> (Option<Cell>, Cell) {
        (mv.from(), mv.to())
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        Position::play(self, mv)
    }

    fn play_unchecked(&mut self, mv: Move) {
        Position::play_unchecked(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        Position::parse_move(self, text)
    }

    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn zobrist_hash(&self) -> u64 {
        Position::zobrist_hash(self)
    }

    fn svg(&self, marked: &[Cell]) -> String {
        crate::render::svg(self, marked.iter().copied().collect::<CellSet>())
    }
}
