//! The contract of docs/architecture.md (the repository test of names, for this crate alone).

#[allow(unused_imports)]
use hexvar_cescacs::{
    divide, perft, perft_without_bulk, render, rules, Cell, CellSet, Color, DrawReason, Game,
    GameError, IllegalMove, Move, MoveList, Outcome, ParseCellError, ParseMoveError,
    ParsePositionError, ParseSetupError, Piece, PieceMoves, Position, PositionError, Role, Setup,
    Shade, WinReason, CELL_COUNT, MAX_MOVES, START_TEXT,
};

fn is_variant<V: hexvar_geometry::Variant>() {}

#[test]
fn has_the_contract_names_and_signatures() {
    is_variant::<Position>();
    assert_eq!(MoveList::CAPACITY, MAX_MOVES);
    assert_eq!(Cell::ALL.len(), CELL_COUNT);
    let pos: Position = START_TEXT.parse().unwrap();
    assert_eq!(pos, Position::new());
    assert_eq!(pos, Position::default());
    let setup: Setup = pos.to_setup();
    assert_eq!(setup, Setup::start());
    assert_eq!(
        Position::from_setup(setup.clone()),
        Ok::<_, PositionError>(pos.clone())
    );
    assert_eq!(
        setup.to_string().parse::<Setup>(),
        Ok::<_, ParseSetupError>(setup)
    );
    let _ = Setup::empty().to_string();
    assert!("?"
        .parse::<Position>()
        .is_err_and(|e: ParsePositionError| !e.to_string().is_empty()));
    let moves: MoveList = pos.legal_moves();
    assert_eq!(pos.legal_move_count(), moves.len());
    assert!(pos.has_legal_move());
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    assert_eq!(list, moves);
    let mv: Move = moves[0];
    let text = mv.to_string();
    assert_eq!(format!("{mv:?}"), text);
    assert_eq!(
        pos.parse_move(&format!(" {text}+ ")),
        Ok::<_, ParseMoveError>(mv)
    );
    assert!(pos.is_legal(mv));
    assert_eq!(Position::from_setup(pos.to_setup()).unwrap(), pos);
    let _: Option<Cell> = mv.from();
    let _: Cell = mv.to();
    let mut played = pos.clone();
    assert_eq!(played.play(mv), Ok::<(), IllegalMove>(()));
    let mut unchecked = pos.clone();
    unchecked.play_unchecked(mv);
    assert_eq!(played, unchecked);
    assert_ne!(played.zobrist_hash(), pos.zobrist_hash());
    let _: Color = pos.turn();
    let _: bool = pos.is_check();
    let _: CellSet = pos.checkers();
    let outcome: Option<Outcome> = pos.outcome();
    assert_eq!(outcome, None);
    let cell: Cell = Cell::ALL[0];
    assert_eq!(
        cell.to_string().parse::<Cell>(),
        Ok::<_, ParseCellError>(cell)
    );
    assert_eq!(Cell::from_index(cell.index()), Some(cell));
    let _: Shade = cell.shade();
    let _: Option<Piece> = pos.piece_at(cell);
    let _ = (Color::ALL, Role::ALL);
    let mut counted = 0;
    let finished: bool = pos.for_each_piece_moves(|moves: PieceMoves| {
        counted += moves.len();
        true
    });
    assert!(finished);
    assert_eq!(counted, moves.len());
    let mut game = Game::new();
    assert_eq!(game.play(mv), Ok::<(), GameError>(()));
    assert_eq!(game.moves(), &[mv]);
    assert_eq!(game.position(), &played);
    assert_eq!(game.start_position(), &pos);
    assert_eq!(game.undo(), Some(mv));
    assert_eq!(game.outcome(), None);
    let _ = Game::from_position(pos.clone()).repetitions();
    assert_eq!(perft(&pos, 1), moves.len() as u64);
    assert_eq!(perft_without_bulk(&pos, 1), moves.len() as u64);
    let split: Vec<(Move, u64)> = divide(&pos, 1);
    assert_eq!(split.len(), moves.len());
    assert!(render::svg(&pos, CellSet::default()).contains("data-cell="));
    assert!(!render::ascii(&pos, CellSet::default()).is_empty());
    assert!(!pos.diagram().is_empty());
    fn reasons(outcome: Outcome) -> String {
        match outcome {
            Outcome::Decisive { winner: _, reason } => {
                let reason: WinReason = reason;
                reason.to_string()
            }
            Outcome::Draw { reason } => {
                let reason: DrawReason = reason;
                reason.to_string()
            }
        }
    }
    let _ = reasons;
}
