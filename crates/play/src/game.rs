//! The board's game is geometry's generic [`hexvar_geometry::Game`]: the same game, repetition
//! and draw rules every hexvar program uses. This module gives it the object-safe, text-level
//! face [`PlayGame`] the server needs to hold games of every variant alike, and the plain data
//! the page draws from (moves with their SAN, captures and the other cells they change, the men
//! on the board, any earlier position of the game).

use std::fmt;

use hexvar_geometry::{
    CellBits, Game, GameTree, Variant, VariantColor, VariantOutcome, VariantPiece, VariantRole,
};
use serde::{Deserialize, Serialize};

use hexvar_engine::Limits;

use crate::tree::TreeGame;

/// Why a request on a game was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The text names no legal move (or is not move notation).
    IllegalMove(String),
    /// The game has ended: no more moves.
    Finished(String),
    /// Undo of more moves than were played.
    NothingToUndo,
    /// A draw claim where the rules allow none.
    NoClaim,
    /// No node of the game's tree has that number.
    UnknownNode(String),
    /// An undo that would end the game where variations branch (after that many moves): the
    /// game's last move cannot have alternatives.
    Variations(usize),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::IllegalMove(message) => write!(f, "illegal move: {message}"),
            GameError::Finished(outcome) => write!(f, "the game is over: {outcome}"),
            GameError::NothingToUndo => f.write_str("no move to undo"),
            GameError::NoClaim => f.write_str("no draw can be claimed in this position"),
            GameError::UnknownNode(node) => write!(f, "no node {node} in the game's moves"),
            GameError::Variations(ply) => write!(
                f,
                "variations branch after move {ply}: the game cannot end there while they are \
                 kept (play from that position instead)"
            ),
        }
    }
}

impl std::error::Error for GameError {}

/// A legal or played move as the page sees it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// The move in the variant's notation.
    pub notation: String,
    /// The move in short algebraic notation, in the position it is (was) played from.
    pub san: String,
    /// The cell it leaves (`null` for a drop).
    pub from: Option<String>,
    /// The cell it reaches.
    pub to: String,
    /// The side (army) that plays it, as the position text names sides.
    pub side: String,
    /// Whether it takes a man.
    pub capture: bool,
    /// The other cells it changes: a castling rook's two cells, an en passant victim, a dead
    /// army's men.
    pub also: Vec<String>,
    /// Every cell it changes (its own two included), with the man there before and after: what
    /// a choice between moves sharing their cells says in words.
    pub changes: Vec<CellChange>,
}

/// A cell a move changes.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct CellChange {
    /// The cell.
    pub cell: String,
    /// The man on it before the move.
    pub before: Option<Man>,
    /// The man on it after the move.
    pub after: Option<Man>,
}

/// A man: his role's letter and his side.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Man {
    /// The role's letter.
    pub role: String,
    /// The side, as the position text names sides.
    pub side: String,
}

/// A man on the board.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// Its cell.
    pub cell: String,
    /// Its role's letter (`K`, Chessagon's `D`uke, …).
    pub role: String,
    /// Its side, as the position text names sides.
    pub side: String,
}

/// How a game ended.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct OutcomeView {
    /// The winning side or team (`null` for a draw).
    pub winner: Option<String>,
    /// The reason in a few words: `"checkmate"`, `"threefold repetition"`, …
    pub reason: String,
    /// The whole outcome in words.
    pub text: String,
    /// The result as a game record writes it (`1-0`, `1/2-1/2`, C'escacs's points, Kirby's team).
    pub result: String,
}

/// One position of a game, as the page draws it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// How many moves of the game led to it (0: the start).
    pub ply: usize,
    /// Its position text.
    pub position: String,
    /// The side (army) to move.
    pub turn: String,
    /// Whether the side to move is in check.
    pub check: bool,
    /// The cells of the checked side's kings (empty when not in check).
    pub checked: Vec<String>,
    /// The move that led to it.
    pub last_move: Option<MoveView>,
    /// The position as SVG (the variant's own picture); cell polygons carry `data-cell`.
    pub svg: String,
    /// The men on the board.
    pub pieces: Vec<PieceView>,
    /// Its number among the nodes of the game's tree ([`crate::tree::NodeView::id`]).
    #[serde(default)]
    pub node: usize,
    /// How the line to it ended there, if it has.
    #[serde(default)]
    pub outcome: Option<OutcomeView>,
    /// The legal moves in it (none where the line has ended).
    #[serde(default)]
    pub moves: Vec<MoveView>,
}

/// Everything about a game the API answers with.
#[derive(Clone, Debug)]
pub struct GameState {
    /// The start position's text.
    pub start: String,
    /// The current position.
    pub board: BoardView,
    /// How the game ended (the position's end, a repetition draw, a claimed or agreed draw).
    pub outcome: Option<OutcomeView>,
    /// The legal moves (none once the game is over).
    pub moves: Vec<MoveView>,
    /// The moves played.
    pub history: Vec<MoveView>,
    /// The Zobrist hash of the current position.
    pub hash: u64,
    /// How often the current position has occurred.
    pub repetitions: usize,
    /// The draw the side to move may claim now, if any.
    pub claimable: Option<String>,
    /// After how many occurrences a repetition draws the game by itself (`None`: never).
    pub repetition_draw: Option<usize>,
    /// The sides (armies) in the game, as the position text names them, in the order of play.
    pub sides: Vec<String>,
    /// The number of the game's first move (the start position's move number).
    pub first_number: u32,
    /// Every move of the game's tree, variations included, numbered as [`BoardView::node`].
    pub nodes: Vec<crate::tree::NodeView>,
}

/// How a game ended by declaration, for a game kept on disk (a record does not say).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Declared {
    /// A draw claimed under the rules.
    Claim,
    /// A draw by agreement.
    Agreement,
}

/// A game of one variant, driven by text: what the server and the page need. Implemented by
/// [`hexvar_geometry::Game`] for every variant.
pub trait PlayGame: Send + Sync {
    /// The variant's name (`"dagger"`).
    fn variant(&self) -> &'static str;
    /// The number of moves played.
    fn ply(&self) -> usize;
    /// How the game ended, in words, if it has.
    fn outcome_text(&self) -> Option<String>;
    /// The game as the API shows it.
    fn state(&self) -> GameState;
    /// The position after `ply` moves of the game (0: the start), or `None` beyond the game.
    fn board_at(&self, ply: usize) -> Option<BoardView>;
    /// The position at the node numbered `node` of the game's tree, or `None` if there is none.
    fn board_at_node(&self, node: usize) -> Option<BoardView>;
    /// Plays the legal move a text (notation or SAN) names; on error the game is unchanged.
    fn play_text(&mut self, text: &str) -> Result<(), GameError>;
    /// Plays the legal move a text names from the node numbered `node`: from an earlier position,
    /// its line becomes the game and the game's later moves stay as a variation.
    fn play_from(&mut self, node: usize, text: &str) -> Result<(), GameError>;
    /// Takes back the last `plies` moves (all or none); refused where variations branch at the
    /// new end.
    fn undo(&mut self, plies: usize) -> Result<(), GameError>;
    /// Claims the draw the rules allow now; returns its reason.
    fn claim_draw(&mut self) -> Result<String, GameError>;
    /// Records a draw by agreement.
    fn agree_draw(&mut self) -> Result<(), GameError>;
    /// A draw declared by claim or agreement, if any.
    fn declared(&self) -> Option<Declared>;
    /// The game record (geometry's format).
    fn record(&self) -> String;
    /// The opponent's choice in the current position, in the variant's notation; `None` when
    /// the game is over.
    fn opponent_move(&self, limits: &Limits) -> Option<String>;
    /// The game with the engine's analysis of its moves: an evaluation after each move, and the
    /// engine's line as a variation where it finds a move better by a pawn or more
    /// ([`hexvar_engine::annotate`]), each position searched within `limits`.
    fn annotated(&self, limits: &Limits) -> Box<dyn PlayGame>;
    /// What the reader of the record the game came from noticed but read anyway (a bad move in a
    /// variation, skipped with the rest of it; a result the moves contradict), with its place.
    fn warnings(&self) -> Vec<String>;
    /// A copy behind a new box.
    fn clone_box(&self) -> Box<dyn PlayGame>;
}

/// The record tag that carries a repetition draw a variant's rules do not have (Kirby's option).
pub const REPETITION_TAG: &str = "Repetition";

fn side_id<V: Variant>(color: V::Color) -> String {
    color.to_string()
}

/// A legal move of `pos` as the page sees it, with its SAN.
fn man<V: Variant>(piece: Option<V::Piece>) -> Option<Man> {
    piece.map(|p| Man {
        role: p.role().char().to_string(),
        side: side_id::<V>(p.color()),
    })
}

pub(crate) fn move_view<V: Variant>(pos: &V, mv: V::Move, san: String) -> MoveView {
    let (from, to) = V::move_cells(mv);
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let mut also = Vec::new();
    let mut changes = Vec::new();
    for &cell in V::cells() {
        let (was, is) = (pos.piece_at(cell), after.piece_at(cell));
        let own = Some(cell) == from || cell == to;
        if was == is && !own {
            continue;
        }
        if !own {
            also.push(cell.to_string());
        }
        changes.push(CellChange {
            cell: cell.to_string(),
            before: man::<V>(was),
            after: man::<V>(is),
        });
    }
    MoveView {
        notation: mv.to_string(),
        san,
        from: from.map(|c| c.to_string()),
        to: to.to_string(),
        side: side_id::<V>(pos.turn()),
        capture: pos.captured(mv).is_some(),
        also,
        changes,
    }
}

pub(crate) fn board_view<V: Variant>(
    pos: &V,
    ply: usize,
    last_move: Option<MoveView>,
) -> BoardView {
    let turn = pos.turn();
    let mut checked = Vec::new();
    let mut pieces = Vec::new();
    for &cell in V::cells() {
        if let Some(piece) = pos.piece_at(cell) {
            let role = piece.role().char();
            if role == 'K' && piece.color() == turn && pos.is_check() {
                checked.push(cell.to_string());
            }
            pieces.push(PieceView {
                cell: cell.to_string(),
                role: role.to_string(),
                side: side_id::<V>(piece.color()),
            });
        }
    }
    BoardView {
        ply,
        position: pos.to_string(),
        turn: side_id::<V>(turn),
        check: pos.is_check(),
        checked,
        last_move,
        svg: pos.svg(&[]),
        pieces,
        node: 0,
        outcome: None,
        moves: Vec::new(),
    }
}

pub(crate) fn outcome_view<V: Variant>(game: &Game<V>) -> Option<OutcomeView> {
    let outcome = game.outcome()?;
    Some(OutcomeView {
        winner: outcome.winner().map(|w| w.to_string()),
        reason: outcome.reason().to_string(),
        text: outcome.to_string(),
        result: outcome.result_token(),
    })
}

/// The sides with men in `pos`, in the order of play.
fn sides_of<V: Variant>(pos: &V) -> Vec<String> {
    V::Color::ALL
        .iter()
        .filter(|&&c| pos.by_color(c).count() > 0)
        .map(|&c| side_id::<V>(c))
        .collect()
}

/// The legal moves of `pos` as the page sees them.
pub(crate) fn legal_views<V: Variant>(pos: &V) -> Vec<MoveView> {
    hexvar_geometry::san::san_list(pos)
        .into_iter()
        .map(|(mv, san)| move_view(pos, mv, san.into_string()))
        .collect()
}

/// The game as the API shows it (its tree's nodes left to the caller).
pub(crate) fn state_of<V: Variant>(game: &Game<V>) -> GameState {
    let history: Vec<MoveView> = game
        .moves()
        .iter()
        .zip(game.positions_iter())
        .map(|(&mv, pos)| move_view(&pos, mv, pos.san(mv).into_string()))
        .collect();
    let pos = game.position();
    let outcome = outcome_view(game);
    let moves = if outcome.is_some() {
        Vec::new()
    } else {
        legal_views(pos)
    };
    let mut board = board_view(pos, history.len(), history.last().cloned());
    board.outcome.clone_from(&outcome);
    board.moves.clone_from(&moves);
    GameState {
        start: game.start_position().to_string(),
        board,
        outcome,
        moves,
        history,
        hash: pos.zobrist_hash(),
        repetitions: game.repetitions(),
        claimable: game.claimable_draw().map(|r| r.to_string()),
        repetition_draw: game.draw_rules().automatic_repetition,
        sides: sides_of(game.start_position()),
        first_number: game.start_position().fullmove_number(),
        nodes: Vec::new(),
    }
}

/// The legal move of `pos` a text names: the exact notation first (what the page and the
/// opponent send), then SAN.
pub(crate) fn parse_move<V: Variant>(pos: &V, text: &str) -> Result<V::Move, GameError> {
    let wanted = text.trim();
    let exact = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|mv| mv.to_string() == wanted);
    match exact {
        Some(mv) => Ok(mv),
        None => pos
            .parse_san(text)
            .map_err(|e| GameError::IllegalMove(e.to_string())),
    }
}

/// Claims the draw the rules allow now in `game`; returns its reason.
pub(crate) fn claim<V: Variant>(game: &mut Game<V>) -> Result<String, GameError> {
    if let Some(outcome) = game.outcome() {
        return Err(GameError::Finished(outcome.to_string()));
    }
    game.claim_draw()
        .map(|r| r.to_string())
        .ok_or(GameError::NoClaim)
}

/// Records a draw by agreement in `game`.
pub(crate) fn agree<V: Variant>(game: &mut Game<V>) -> Result<(), GameError> {
    match game.outcome() {
        Some(outcome) => Err(GameError::Finished(outcome.to_string())),
        None => {
            game.agree_draw();
            Ok(())
        }
    }
}

/// How `game` ended by declaration, if it did.
pub(crate) fn declared_of<V: Variant>(game: &Game<V>) -> Option<Declared> {
    let reason = game.outcome()?.draw_reason()?;
    if reason == hexvar_geometry::DrawReason::Agreement {
        return Some(Declared::Agreement);
    }
    // A claimed draw is one the position and the automatic rules do not give.
    let mut reopened = game.clone();
    let mv = reopened.undo()?;
    reopened.play(mv).ok()?;
    reopened.outcome().is_none().then_some(Declared::Claim)
}

/// A side of a variant, for the page: its id in the position text and its name.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct SideView {
    /// As the position text names it (`w`, Kirby's `B`).
    pub id: String,
    /// Its name (`White`, Kirby's `Red`).
    pub name: String,
}

/// A kind of man of a variant, for the page's key.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct RoleView {
    /// Its letter (`D`).
    pub letter: String,
    /// Its name (`Duke`).
    pub name: String,
}

/// The sides of `V`, in the order of play.
pub fn sides<V: Variant>() -> Vec<SideView> {
    V::Color::ALL
        .iter()
        .map(|&c| SideView {
            id: side_id::<V>(c),
            name: format!("{c:?}"),
        })
        .collect()
}

/// The roles of `V`.
pub fn roles<V: Variant>() -> Vec<RoleView> {
    V::Role::ALL
        .iter()
        .map(|&r| RoleView {
            letter: r.char().to_string(),
            name: format!("{r:?}"),
        })
        .collect()
}

/// A new game of `V` from a position text (or the start), with a repetition draw after
/// `repetition` occurrences where the variant's rules have none.
pub fn new_game<V: Variant>(
    text: Option<&str>,
    repetition: Option<usize>,
) -> Result<Box<dyn PlayGame>, String> {
    let start: V = match text {
        Some(text) => text
            .trim()
            .parse()
            .map_err(|e: V::ParseError| e.to_string())?,
        None => V::start(),
    };
    let game = with_repetition(Game::from_position(start), repetition)?;
    Ok(Box::new(TreeGame::new(game)))
}

fn with_repetition<V: Variant>(
    mut game: Game<V>,
    repetition: Option<usize>,
) -> Result<Game<V>, String> {
    let Some(times) = repetition else {
        return Ok(game);
    };
    let rules = game.draw_rules();
    if rules.automatic_repetition.is_some() || rules.claimable_repetition.is_some() {
        return Err(format!(
            "{} has its own repetition rules; a repetition option is only for variants without",
            V::NAME
        ));
    }
    game = game
        .with_repetition_draw(times)
        .map_err(|e| e.to_string())?;
    game.set_tag(REPETITION_TAG, &times.to_string())
        .map_err(|e| e.to_string())?;
    Ok(game)
}

/// A game of `V` read from its record, variations and comments kept; a `Repetition` tag restores
/// the repetition option.
pub fn read_record<V: Variant>(text: &str) -> Result<Box<dyn PlayGame>, String> {
    let tree = GameTree::<V>::from_record(text).map_err(|e| e.to_string())?;
    let repetition = match tree.tag(REPETITION_TAG) {
        Some(value) => Some(
            value
                .trim()
                .parse::<usize>()
                .map_err(|_| format!("bad {REPETITION_TAG} tag {:?}", cut(value, 20)))?,
        ),
        None => None,
    };
    let rules = with_repetition(
        Game::from_position(tree.start_position().clone()),
        repetition,
    )?;
    Ok(Box::new(TreeGame::from_tree(tree, rules)?))
}

/// `text` cut to `max` characters, with `…` when cut.
pub fn cut(text: &str, max: usize) -> String {
    hexvar_geometry::san::cut(text, max)
}
