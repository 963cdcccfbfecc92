//! [`hexvar_geometry::Variant`] for [`Position`]: the generic face over the inherent methods.

use crate::board::{Cell, Color, Piece, CELL_COUNT};
use crate::moves::{Move, MoveList, ParseMoveError, MAX_MOVES};
use crate::position::{IllegalMove, Outcome, ParsePositionError, Position};
use crate::setup::START_TEXT;

impl hexvar_geometry::Variant for Position {
    const NAME: &'static str = "cescacs";
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
        Position::legal_moves_into(self, moves);
    }

    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
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
        Position::play_unchecked(self, mv);
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

    fn perft(&self, depth: u32) -> u64 {
        crate::movegen::perft(self, depth)
    }

    fn perft_without_bulk(&self, depth: u32) -> u64 {
        crate::movegen::perft_without_bulk(self, depth)
    }

    fn svg(&self, marked: &[Cell]) -> String {
        crate::render::svg(self, marked.iter().map(|c| c.index()).collect())
    }
}

#[cfg(test)]
mod tests {
    use hexvar_geometry::{DynVariant, Variant};

    use crate::Position;

    #[test]
    fn the_position_stays_small_to_copy() {
        // Copy-make: every perft node copies a position. Two colour sets and nine role sets of
        // three words, and a few bytes of state (no mailbox).
        assert_eq!(core::mem::size_of::<Position>(), 288);
    }

    #[test]
    fn the_text_face_plays_a_move() {
        let mut pos: Box<dyn DynVariant> = Box::new(<Position as Variant>::start());
        assert_eq!(pos.name(), "cescacs");
        assert_eq!(pos.moves().len(), 68);
        let info = pos.play_text("e7-e13").unwrap();
        assert_eq!(
            (
                info.notation.as_str(),
                info.from.as_deref(),
                info.to.as_str()
            ),
            ("E7-E13", Some("E7"), "E13")
        );
        assert_eq!(pos.status().turn, "b");
        assert!(pos.play_text("E7-E13").is_err());
        assert_eq!(pos.perft(1), pos.moves().len() as u64);
    }
}
