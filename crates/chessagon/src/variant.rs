//! [`hexvar_geometry::Variant`] for [`Position`]: the generic face over the inherent methods.

use hexvar_geometry::{Variant, VariantOutcome, VariantPiece};

use crate::{
    render, Cell, Color, IllegalMove, Move, MoveList, Outcome, ParseMoveError, ParsePositionError,
    Piece, Position, Role, CELL_COUNT, MAX_MOVES, START_TEXT,
};

impl Variant for Position {
    const NAME: &'static str = "chessagon";
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

    #[inline]
    fn legal_moves_into(&self, moves: &mut MoveList) {
        Position::legal_moves_into(self, moves)
    }

    #[inline]
    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }

    #[inline]
    fn legal_move_count(&self) -> usize {
        Position::legal_move_count(self)
    }

    fn move_cells(mv: Move) -> (Option<Cell>, Cell) {
        (mv.from(), mv.to())
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        Position::play(self, mv)
    }

    #[inline]
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
        render::svg(self, marked.iter().map(|c| c.index()).collect())
    }

    /// The crate's own perft: it plays each move straight from the set-wise layer without a move
    /// list, which measures faster than geometry's generic one (see the rules page, "Internals").
    fn perft(&self, depth: u32) -> u64 {
        crate::perft(self, depth)
    }

    /// The crate's own perft without bulk counting (see [`Variant::perft`]).
    fn perft_without_bulk(&self, depth: u32) -> u64 {
        crate::perft_without_bulk(self, depth)
    }
}

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

impl VariantOutcome for Outcome {
    type Winner = Color;

    fn winner(&self) -> Option<Color> {
        Outcome::winner(*self)
    }

    fn reason(&self) -> &'static str {
        Outcome::reason(*self)
    }

    fn is_draw(&self) -> bool {
        Outcome::is_draw(*self)
    }
}

#[cfg(test)]
mod tests {
    use hexvar_geometry::{DynVariant, Variant};

    use crate::Position;

    #[test]
    fn the_generic_face_agrees_with_the_inherent_methods() {
        let pos = <Position as Variant>::start();
        assert_eq!(pos, Position::new());
        assert_eq!(<Position as Variant>::cells().len(), 96);
        let boxed: Box<dyn DynVariant> = Box::new(pos);
        assert_eq!(boxed.name(), "chessagon");
        assert_eq!(boxed.moves().len(), 50);
        assert_eq!(boxed.perft(2), 2_492);
        let split = boxed.divide(1);
        assert_eq!(split.len(), 50);
        assert!(split.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(boxed.divide(0).is_empty());
        let mut boxed = boxed;
        let info = boxed.play_text(" f3e5+ ").unwrap();
        assert_eq!((info.from.as_deref(), info.to.as_str()), (Some("f3"), "e5"));
        assert_eq!(boxed.status().turn, "b");
        assert!(boxed.svg_marked(&["e5", "zz"]).contains("<circle"));
    }
}
