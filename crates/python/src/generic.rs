//! The binding's logic, written once over the [`Variant`] trait: a board with its move stack, the
//! errors raised to Python, and the plain values (pieces, outcomes) every variant shares. The
//! per-variant Python classes (see `stamp.rs`) only wrap these functions.

use core::fmt::Display;
use std::sync::Arc;

use hexvar_geometry::perft::divide;
use hexvar_geometry::MAX_PERFT_DEPTH;
use hexvar_geometry::{
    CellBits, DenseCell, DrawReason, Game, Variant, VariantColor, VariantOutcome, VariantPiece,
    VariantRole,
};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PySlice;

use crate::compact::Compact;
use crate::planes;
use crate::rules::Rules;
use crate::space;
use crate::{IllegalMoveError, InvalidMoveTextError, InvalidPositionError};

/// `InvalidPositionError` with the message of `e`.
pub fn bad_position(e: impl Display) -> PyErr {
    InvalidPositionError::new_err(e.to_string())
}

/// `IllegalMoveError` with the message of `e`.
pub fn illegal(e: impl Display) -> PyErr {
    IllegalMoveError::new_err(e.to_string())
}

/// `InvalidMoveTextError` with the message of `e`.
pub fn bad_move_text(e: impl Display) -> PyErr {
    InvalidMoveTextError::new_err(e.to_string())
}

/// `ValueError` with the message of a tag the record cannot hold.
pub fn bad_tag(e: hexvar_geometry::record::TagError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Numeric annotation glyphs from any iterable of Python integers (none for `None`);
/// `ValueError` outside 0 to 255.
pub fn nags(nags: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<u8>> {
    let Some(nags) = nags else {
        return Ok(Vec::new());
    };
    nags.try_iter()?
        .map(|nag| {
            let nag: i64 = nag?.extract()?;
            u8::try_from(nag).map_err(|_| {
                PyValueError::new_err(format!("glyph {nag} is not a number from 0 to 255"))
            })
        })
        .collect()
}

/// The longest piece of a caller's text an error message quotes, in characters (the Rust
/// crates' errors cut their texts to the same length).
const QUOTED_CHARS: usize = 100;

/// `text` as an error message quotes it: at most [`QUOTED_CHARS`] characters, `…` when cut.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((end, _)) => format!("{:?}…", &text[..end]),
        None => format!("{text:?}"),
    }
}

/// A long-notation error as Python's: `IllegalMoveError` for a move that is not legal here,
/// `InvalidMoveTextError` for a text that is no move.
pub fn long_error(e: hexvar_geometry::LongMoveError) -> PyErr {
    match e {
        hexvar_geometry::LongMoveError::NotLegal { .. } => illegal(e),
        _ => bad_move_text(e),
    }
}

/// A cell of `V` from its name; a plain `ValueError` when it names none.
pub fn cell<V: Variant>(name: &str) -> PyResult<V::Cell> {
    name.parse().map_err(|e| {
        PyValueError::new_err(format!("{} is not a {} cell: {e}", quoted(name), V::NAME))
    })
}

/// A perft depth from Python: `ValueError` below 0 or above geometry's [`MAX_PERFT_DEPTH`] (a
/// deeper perft would overflow the thread's stack, so the crates' perft panics there).
pub fn perft_depth(depth: i64) -> PyResult<u32> {
    u32::try_from(depth)
        .ok()
        .filter(|&d| d <= MAX_PERFT_DEPTH)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "perft depth {depth} is outside 0 to {MAX_PERFT_DEPTH}"
            ))
        })
}

/// The item of `items` whose name (`name_of`) is `name`; a `ValueError` listing the names
/// otherwise, `what` saying what is named (`"side"`, `"role"`).
fn named<V: Variant, T: Copy>(
    items: &[T],
    name_of: impl Fn(T) -> String,
    name: &str,
    what: &str,
) -> PyResult<T> {
    items
        .iter()
        .copied()
        .find(|&item| name_of(item) == name)
        .ok_or_else(|| {
            let names: Vec<String> = items.iter().map(|&item| name_of(item)).collect();
            PyValueError::new_err(format!(
                "{} is not a {} {what}; {what}s: {}",
                quoted(name),
                V::NAME,
                names.join(", ")
            ))
        })
}

/// The side of `V` named `name` (as `Board.SIDES` writes it); `ValueError` otherwise.
pub fn side<V: Variant>(name: &str) -> PyResult<V::Color> {
    named::<V, _>(V::Color::ALL, |c| c.to_string(), name, "side")
}

/// The role of `V` whose letter is `letter` (upper case, as `Board.ROLES` writes it).
pub fn role<V: Variant>(letter: &str) -> PyResult<V::Role> {
    named::<V, _>(V::Role::ALL, |r| r.char().to_string(), letter, "role")
}

/// A position of `V` from its text, or (with no text) a copy of `start`, the variant's start.
pub fn position<V: Variant>(text: Option<&str>, start: &V) -> PyResult<V> {
    match text {
        Some(text) => text.parse().map_err(bad_position),
        None => Ok(start.clone()),
    }
}

/// A man on the board, as Python sees it.
#[pyclass(module = "hexvar", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side's name (`White`, or a Kirby army's letter).
    #[pyo3(get)]
    color: String,
    /// The side's index in the order of play (`Board.SIDES`).
    #[pyo3(get)]
    color_index: usize,
    /// The role's letter, upper case (`P`, `N`, …).
    #[pyo3(get)]
    role: String,
    /// The role's index in `Board.ROLES`.
    #[pyo3(get)]
    role_index: usize,
    /// The man as the position text writes it.
    #[pyo3(get)]
    symbol: String,
}

impl Piece {
    fn of<V: Variant>(piece: V::Piece) -> Piece {
        Piece {
            color: piece.color().to_string(),
            color_index: piece.color().index(),
            role: piece.role().char().to_string(),
            role_index: piece.role().index(),
            symbol: piece.to_string(),
        }
    }
}

impl Piece {
    /// The man of `V` with the role whose letter is `role` and the side named `color`.
    pub fn new<V: Rules>(role: &str, color: &str) -> PyResult<Piece> {
        Ok(Piece::of::<V>(V::man(
            side::<V>(color)?,
            self::role::<V>(role)?,
        )))
    }

    /// The man of `V` this piece names (by its side's name and role's letter).
    pub fn to_variant<V: Rules>(&self) -> PyResult<V::Piece> {
        Ok(V::man(side::<V>(&self.color)?, role::<V>(&self.role)?))
    }
}

#[pymethods]
impl Piece {
    fn __str__(&self) -> &str {
        &self.symbol
    }

    fn __repr__(&self) -> String {
        format!(
            "<hexvar.Piece {} {} {:?}>",
            self.color, self.role, self.symbol
        )
    }
}

/// How a game ended: the winning side or team, or a draw, and why.
#[pyclass(module = "hexvar", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner as `Board.SIDES` names sides (Kirby's winning team: its sides joined by
    /// ` and `, such as `B and W`), or `None` for a draw.
    #[pyo3(get)]
    winner: Option<String>,
    /// Every winning side's name (one side, several for a team, none for a draw).
    #[pyo3(get)]
    winners: Vec<String>,
    /// The reason in a few words: `checkmate`, `stalemate`, `threefold repetition`, …
    #[pyo3(get)]
    reason: String,
    /// The result as a game record writes it: `1-0`, `0-1`, `1/2-1/2`, or the variant's own.
    #[pyo3(get)]
    result: String,
    /// The whole outcome in words.
    #[pyo3(get)]
    text: String,
}

impl Outcome {
    /// The outcome of a game of `V`.
    pub fn of<V: Variant>(outcome: &V::Outcome) -> Outcome {
        let winners: Vec<String> = V::Color::ALL
            .iter()
            .filter(|&&c| outcome.is_win_for(c))
            .map(|c| c.to_string())
            .collect();
        Outcome {
            winner: (!winners.is_empty()).then(|| winners.join(" and ")),
            winners,
            reason: outcome.reason().to_string(),
            result: outcome.result_token(),
            text: outcome.to_string(),
        }
    }
}

#[pymethods]
impl Outcome {
    /// Whether the game is drawn.
    fn is_draw(&self) -> bool {
        self.winner.is_none()
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("<hexvar.Outcome {:?} {}>", self.text, self.result)
    }
}

/// A position and how it was reached: the start, the moves pushed, and the positions after each
/// (for `pop` and the repetition draws).
#[derive(Clone, Debug)]
pub struct Core<V: Variant> {
    /// The start first, then the position after each move.
    positions: Vec<V>,
    moves: Vec<V::Move>,
    /// `zeroing[i]`: whether `moves[i]` made every earlier position unrepeatable.
    zeroing: Vec<bool>,
    /// The current position's legal moves once listed: `push` of a listed move then needs no
    /// second generation to know it legal (the loop `legal_moves`, `push` generates once).
    legal: Option<Arc<Listed<V::Move>>>,
    /// The listing of a position left by `push` or `pop`, whose buffers the next listing fills
    /// again when nothing else holds it (a new listing cost three allocations and frees a ply).
    spare: Option<Arc<Listed<V::Move>>>,
}

/// A position's legal moves, in the generator's order, and their exact keys (`keys.rs`).
#[derive(Debug)]
pub struct Listed<M> {
    /// The moves.
    pub moves: Vec<M>,
    /// `keys[i]` is the key of `moves[i]`.
    pub keys: Vec<u64>,
}

impl<M: Copy> Listed<M> {
    /// The moves of `list` with their keys.
    fn new(list: &[M], key: impl Fn(M) -> u64) -> Self {
        let mut listed = Listed {
            moves: Vec::new(),
            keys: Vec::new(),
        };
        listed.fill(list, key);
        listed
    }

    /// Holds the moves of `list` with their keys in place of its own, in the buffers it has.
    fn fill(&mut self, list: &[M], key: impl Fn(M) -> u64) {
        self.moves.clear();
        self.moves.extend_from_slice(list);
        self.keys.clear();
        self.keys.extend(list.iter().map(|&mv| key(mv)));
    }

    /// Whether the move with key `key` is listed.
    fn has(&self, key: u64) -> bool {
        self.keys.contains(&key)
    }
}

impl<V: Rules> Core<V> {
    /// A board at `start` with no moves played.
    pub fn new(start: V) -> Self {
        Core {
            positions: vec![start],
            moves: Vec::new(),
            zeroing: Vec::new(),
            legal: None,
            spare: None,
        }
    }

    /// The same board, with or without its move stack.
    pub fn copy(&self, stack: bool) -> Self {
        if stack {
            self.clone()
        } else {
            Core::new(self.pos().clone())
        }
    }

    /// The current position.
    pub fn pos(&self) -> &V {
        self.positions.last().expect("a board holds its start")
    }

    /// The position the move stack starts from.
    pub fn start(&self) -> &V {
        &self.positions[0]
    }

    /// The moves pushed, first first.
    pub fn moves(&self) -> &[V::Move] {
        &self.moves
    }

    /// The legal moves and their keys, listed once per position.
    pub fn legal_moves(&mut self) -> Arc<Listed<V::Move>> {
        if let Some(legal) = &self.legal {
            return legal.clone();
        }
        // Into a list here: `legal_moves()` returned its list by a copy (3.8 kB for C'escacs's
        // 768 moves).
        let mut list = V::MoveList::default();
        self.pos().legal_moves_into(&mut list);
        let mut spare = self.spare.take();
        let listed = match spare.as_mut().and_then(Arc::get_mut) {
            Some(listed) => {
                listed.fill(&list, V::key);
                spare.expect("just filled")
            }
            None => Arc::new(Listed::new(&list, V::key)),
        };
        self.legal = Some(listed.clone());
        listed
    }

    /// Forgets the listing of a position the board leaves. From the board's second move on, its
    /// buffers are kept for the next listing (a game loop's); the first move frees them, so that
    /// many boards listed and played once each do not all keep theirs (measured: the first push
    /// of 3,000 fresh C'escacs boards took 1.3 µs with the buffers freed, 2.1 µs kept, the time
    /// of first touches of fresh memory).
    fn leave_position(&mut self) {
        if let Some(legal) = self.legal.take() {
            if self.moves.len() > 1 {
                self.spare = Some(legal);
            }
        }
    }

    /// Plays a legal move; an illegal one raises `IllegalMoveError` and changes nothing.
    pub fn push(&mut self, mv: V::Move) -> PyResult<()> {
        let listed = matches!(&self.legal, Some(legal) if legal.has(V::key(mv)));
        let zeroing = self.pos().is_zeroing(mv);
        // The next position is cloned straight into the stack and played there: a clone on the
        // stack moved into the vector copied the position twice (C'escacs's is 824 bytes).
        let last = self.positions.len() - 1;
        self.positions.extend_from_within(last..);
        let next = self.positions.last_mut().expect("just pushed");
        if listed {
            next.play_unchecked(mv);
        } else if let Err(e) = next.play(mv) {
            self.positions.truncate(last + 1);
            return Err(illegal(e));
        }
        self.zeroing.push(zeroing);
        self.moves.push(mv);
        self.leave_position();
        Ok(())
    }

    /// Takes back the last move; `IndexError` on an empty stack.
    pub fn pop(&mut self) -> PyResult<V::Move> {
        let mv = self
            .moves
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        // Dropped in place (`pop` would move the position out first).
        self.positions.truncate(self.positions.len() - 1);
        self.zeroing.pop();
        self.leave_position();
        Ok(mv)
    }

    /// The last move; `IndexError` on an empty stack.
    pub fn peek(&self) -> PyResult<V::Move> {
        self.moves
            .last()
            .copied()
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))
    }

    /// The legal move a SAN (or move notation) text names.
    pub fn parse_san(&self, text: &str) -> PyResult<V::Move> {
        self.pos().parse_san(text).map_err(bad_move_text)
    }

    /// The legal move a text in the variant's move notation names.
    pub fn parse_text(&self, text: &str) -> PyResult<V::Move> {
        self.pos().parse_move(text).map_err(bad_move_text)
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: V::Move) -> bool {
        match &self.legal {
            Some(legal) => legal.has(V::key(mv)),
            None => self.pos().legal_moves().contains(&mv),
        }
    }

    /// A legal move's SAN; `IllegalMoveError` for a move that is not legal here.
    pub fn san(&self, mv: V::Move) -> PyResult<String> {
        if !self.is_legal(mv) {
            return Err(illegal(format!("{mv} is not legal here")));
        }
        Ok(self.pos().san(mv).into_string())
    }

    /// How often the current position has occurred since the last zeroing move, now included.
    pub fn repetitions(&self) -> usize {
        let now = self.pos();
        let since = self.zeroing.iter().rposition(|&z| z).map_or(0, |i| i + 1);
        self.positions[since..]
            .iter()
            .filter(|p| p.is_repetition_of(now))
            .count()
    }

    /// The position's own end, else the variant's automatic repetition draw.
    pub fn outcome(&self) -> Option<V::Outcome> {
        self.pos().outcome().or_else(|| {
            let times = V::DRAW_RULES.automatic_repetition?;
            (self.repetitions() >= times).then(|| V::Outcome::draw(DrawReason::repetition(times)))
        })
    }

    /// The position as planes: see `Board.encode`.
    pub fn encode(&self) -> Vec<u8> {
        let mut planes = Vec::new();
        planes::encode_into(self.pos(), &mut planes);
        planes
    }

    /// Appends the position's planes to `out` (for a batch of boards).
    pub fn encode_into(&self, out: &mut Vec<u8>) {
        planes::encode_into(self.pos(), out);
    }

    /// One byte per index of the move space (the compact one when given): 1 where a legal
    /// move has that index.
    pub fn legal_mask(&mut self, compact: Option<&Compact>) -> PyResult<Vec<u8>> {
        let mut mask = vec![0u8; compact.map_or_else(space::size::<V>, Compact::size)];
        for &mv in &self.legal_moves().moves {
            mask[move_index::<V>(compact, mv)?] = 1;
        }
        Ok(mask)
    }

    /// The legal move with index `i` of the move space (the compact one when given).
    pub fn move_from_index(&self, i: usize, compact: Option<&Compact>) -> PyResult<V::Move> {
        let size = compact.map_or_else(space::size::<V>, Compact::size);
        if i >= size {
            return Err(illegal(format!(
                "{i} is outside {}'s move space (0 to {})",
                V::NAME,
                size - 1
            )));
        }
        for mv in self.pos().legal_moves() {
            if move_index::<V>(compact, mv)? == i {
                return Ok(mv);
            }
        }
        Err(illegal(format!("no legal move here has index {i}")))
    }

    /// The man on the cell named `name`.
    pub fn piece_at(&self, name: &str) -> PyResult<Option<Piece>> {
        Ok(self.pos().piece_at(cell::<V>(name)?).map(Piece::of::<V>))
    }

    /// The SVG picture with the named cells ringed.
    pub fn svg(&self, marked: &[String]) -> PyResult<String> {
        let cells = marked
            .iter()
            .map(|name| cell::<V>(name))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(self.pos().svg(&cells))
    }

    /// The SVG picture with the last move's cells ringed.
    pub fn svg_last_move(&self) -> String {
        let marked: Vec<V::Cell> = match self.moves.last() {
            Some(&mv) => {
                let (from, to) = V::move_cells(mv);
                from.into_iter().chain([to]).collect()
            }
            None => Vec::new(),
        };
        self.pos().svg(&marked)
    }

    /// Perft per legal move, by the move's notation (`depth` within [`MAX_PERFT_DEPTH`]).
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        divide(self.pos(), depth)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect()
    }

    /// The number of legal moves, from the listing when there is one.
    fn legal_move_count(&self) -> usize {
        match &self.legal {
            Some(legal) => legal.moves.len(),
            None => self.pos().legal_move_count(),
        }
    }

    /// Whether the side to move is in check and has no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.pos().is_check() && self.legal_move_count() == 0
    }

    /// Whether the side to move is stalemated (see [`Rules::is_stalemated`]).
    pub fn is_stalemate(&self) -> bool {
        self.pos().is_stalemated()
    }

    /// Whether the position's own outcome is a draw for one of `reasons`.
    pub fn is_drawn_by(&self, reasons: &[DrawReason]) -> bool {
        self.pos()
            .outcome()
            .and_then(|o| o.draw_reason())
            .is_some_and(|r| reasons.contains(&r))
    }

    /// The result as a record writes it, `*` while the game goes on.
    pub fn result(&self) -> String {
        self.outcome()
            .map_or_else(|| "*".to_string(), |o| o.result_token())
    }

    /// The half-moves from the start of the game to this position: the start's, counted from
    /// its move number and side to move, and the moves on the stack. Kirby's text has no move
    /// number (and armies drop out), so there the start counts 0.
    pub fn ply(&self) -> usize {
        let start = self.start();
        let before = match V::Color::ALL.len() {
            2 => (start.fullmove_number().max(1) as usize - 1) * 2 + start.turn().index(),
            _ => 0,
        };
        before + self.moves.len()
    }

    /// The position's halfmove clock, or (where the variant keeps none) the plies on the stack
    /// since the last zeroing move.
    pub fn halfmove_clock(&self) -> usize {
        match self.pos().halfmove_clock() {
            Some(clock) => clock as usize,
            None => self.zeroing.iter().rev().take_while(|&&z| !z).count(),
        }
    }

    /// Whether a legal `mv` checks the side that moves next.
    pub fn gives_check(&self, mv: V::Move) -> PyResult<bool> {
        if !self.is_legal(mv) {
            return Err(illegal(format!("{mv} is not legal here")));
        }
        let mut next = self.pos().clone();
        next.play_unchecked(mv);
        Ok(next.is_check())
    }

    /// The cell of the King of `color`, if it has one on the board.
    pub fn king(&self, color: V::Color) -> Option<String> {
        self.cells_of(color, |r| r.char() == 'K').into_iter().next()
    }

    /// The names of the cells where a man of `color` whose role passes `role` stands.
    pub fn cells_of(&self, color: V::Color, role: impl Fn(V::Role) -> bool) -> Vec<String> {
        let pos = self.pos();
        pos.by_color(color)
            .indices()
            .map(V::Cell::from_dense)
            .filter(|&c| pos.piece_at(c).is_some_and(|p| role(p.role())))
            .map(|c| c.to_string())
            .collect()
    }

    /// Every man on the board by its cell's name, cells in dense order.
    pub fn piece_map(&self) -> Vec<(String, Piece)> {
        let pos = self.pos();
        V::cells()
            .iter()
            .filter_map(|&c| pos.piece_at(c).map(|p| (c.to_string(), Piece::of::<V>(p))))
            .collect()
    }

    /// The names of the cells, in dense order, of the men of `by` that attack the cell named
    /// `cell` (the trait's [`Variant::attackers`]).
    pub fn attackers(&self, by: V::Color, cell: &str) -> PyResult<Vec<String>> {
        let set = self.pos().attackers(self::cell::<V>(cell)?, by);
        Ok(set
            .indices()
            .map(|i| V::Cell::from_dense(i).to_string())
            .collect())
    }

    /// Whether a man of `by` attacks the cell named `cell`.
    pub fn is_attacked_by(&self, by: V::Color, cell: &str) -> PyResult<bool> {
        Ok(!self.pos().attackers(self::cell::<V>(cell)?, by).is_empty())
    }

    /// The cells of the men that give check to the side to move.
    pub fn checkers(&self) -> Vec<String> {
        self.pos()
            .checker_indices()
            .into_iter()
            .map(|i| V::Cell::from_dense(i).to_string())
            .collect()
    }

    /// Starts again at `pos`, the move stack empty.
    pub fn set_position(&mut self, pos: V) {
        *self = Core::new(pos);
    }

    /// Puts `piece` (or nothing) on the cell named `name`; the position must stay legal
    /// (`InvalidPositionError` otherwise, the board unchanged). The stack starts again there.
    pub fn set_piece_at(&mut self, name: &str, piece: Option<V::Piece>) -> PyResult<()> {
        let at = cell::<V>(name)?.dense_index();
        let next = self
            .pos()
            .with_men(&mut |men| men[at] = piece)
            .map_err(bad_position)?;
        self.set_position(next);
        Ok(())
    }

    /// Replaces every man on the board with `men` (cell name, man) in one step; the position
    /// must be legal (`InvalidPositionError` otherwise, the board unchanged; a plain
    /// `ValueError` for a name that is no cell). The stack starts again there.
    pub fn set_men(&mut self, men: &[(String, V::Piece)]) -> PyResult<()> {
        let placed = men
            .iter()
            .map(|(name, man)| Ok((cell::<V>(name)?.dense_index(), *man)))
            .collect::<PyResult<Vec<_>>>()?;
        let next = self
            .pos()
            .with_men(&mut |board| {
                board.fill(None);
                for &(at, man) in &placed {
                    board[at] = Some(man);
                }
            })
            .map_err(bad_position)?;
        self.set_position(next);
        Ok(())
    }

    /// Replays `moves` (texts in the move notation) from the board's position, as pickling
    /// stores the stack; the first bad one raises and leaves the board at the one before.
    pub fn replay(&mut self, moves: &[String]) -> PyResult<()>
    where
        V::Move: core::str::FromStr,
        <V::Move as core::str::FromStr>::Err: Display,
    {
        for text in moves {
            let mv = text.parse::<V::Move>().map_err(bad_move_text)?;
            self.push(mv)?;
        }
        Ok(())
    }

    /// The game record's `Game` of this board: its start and every move of its stack, played
    /// unchecked (each was checked legal when pushed). A board plays on after an automatic draw,
    /// as python-chess's does, where `Game::play` would refuse: the game keeps those moves too.
    pub fn game(&self) -> Game<V> {
        let mut game = Game::from_position(self.start().clone());
        for &mv in &self.moves {
            game.play_unchecked(mv);
        }
        game
    }

    /// A board at the game's current position with the game's moves on its stack.
    pub fn of_game(game: &Game<V>) -> Self {
        let mut core = Core::new(game.start_position().clone());
        for (after, &mv) in game.positions_iter().skip(1).zip(game.moves()) {
            core.zeroing.push(core.pos().is_zeroing(mv));
            core.positions.push(after);
            core.moves.push(mv);
        }
        core
    }
}

/// A move's index in the compact space; `IllegalMoveError` for a move outside it (no legal
/// move of the variant is, as the suite checks).
pub fn compact_index<V: Rules>(compact: &Compact, mv: V::Move) -> PyResult<usize> {
    compact.index::<V>(mv).ok_or_else(|| {
        illegal(format!(
            "{mv} has no index in {}'s compact move space",
            V::NAME
        ))
    })
}

/// A move's index in the compact space when given, else in the fixed space.
fn move_index<V: Rules>(compact: Option<&Compact>, mv: V::Move) -> PyResult<usize> {
    match compact {
        Some(compact) => compact_index::<V>(compact, mv),
        None => Ok(space::index::<V>(mv)),
    }
}

/// Every cell's name, in the dense order.
pub fn cell_names<V: Variant>() -> Vec<String> {
    V::cells().iter().map(|c| c.to_string()).collect()
}

/// Every side's name, in the order of play.
pub fn side_names<V: Variant>() -> Vec<String> {
    V::Color::ALL.iter().map(|c| c.to_string()).collect()
}

/// Every role's letter, in index order.
pub fn role_names<V: Variant>() -> Vec<String> {
    V::Role::ALL.iter().map(|r| r.char().to_string()).collect()
}

/// A move's cells as names: the one it leaves (none from the hand) and the one it reaches.
pub fn move_cell_names<V: Variant>(mv: V::Move) -> (Option<String>, String) {
    let (from, to) = V::move_cells(mv);
    (from.map(|c| c.to_string()), to.to_string())
}

/// What an index or a slice picks from a sequence.
pub enum Picked<T> {
    /// The item at an index.
    One(T),
    /// The items of a slice.
    Many(Vec<T>),
}

/// The item at `index` (negative from the end; `IndexError` outside) or the items of a slice, as
/// Python's `list.__getitem__` picks them.
pub fn pick<T: Copy>(items: &[T], index: &Bound<'_, PyAny>) -> PyResult<Picked<T>> {
    let len = items.len() as isize;
    if let Ok(slice) = index.cast::<PySlice>() {
        let ix = slice.indices(len)?;
        return Ok(Picked::Many(
            (0..ix.slicelength)
                .map(|k| items[(ix.start + k as isize * ix.step) as usize])
                .collect(),
        ));
    }
    let i: isize = index.extract()?;
    let at = if i < 0 { i + len } else { i };
    if (0..len).contains(&at) {
        Ok(Picked::One(items[at as usize]))
    } else {
        Err(PyIndexError::new_err("legal move index out of range"))
    }
}
