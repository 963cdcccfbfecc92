//! The one binding body. Python classes cannot be generic, so `variant_module!` stamps a thin
//! `Board`, `Move` and `Game` class per variant, each method a call into the generic code of
//! `generic.rs`; `variants!` (in `lib.rs`) invokes it once per variant.

/// A Python submodule `hexvar.<name>` for the variant whose position type is `$pos`.
macro_rules! variant_module {
    ($module:ident, $pos:ty, $path:literal) => {
        #[doc = concat!("The classes of `", $path, "`.")]
        pub mod $module {
            use std::collections::BTreeMap;

            use hexvar_geometry::Variant;
            use pyo3::prelude::*;
            use pyo3::types::{PyBytes, PyList};

            use crate::generic::{self, Core, Outcome, Picked, Piece};
            use crate::keys::MoveKey;
            use crate::space;

            type V = $pos;
            type Mv = <V as Variant>::Move;

            /// A legal move of the variant: the cells it leaves and reaches, and its text in the
            /// variant's move notation. Moves come from a board (`legal_moves`, `parse_san`,
            /// `parse_text`, `move_from_index`); they compare and hash by value. A board hands
            /// out one shared object per move (see `interned.rs`).
            #[pyclass(module = $path, name = "Move", frozen, eq, hash)]
            #[derive(Clone, Copy, PartialEq, Eq, Hash)]
            pub struct Move {
                mv: Mv,
            }

            /// The one Python object of each move handed out (see `interned.rs`).
            static OBJECTS: crate::interned::MoveObjects<Move> =
                crate::interned::MoveObjects::new();

            /// The compact move space, derived at its first use (`compact.rs`).
            static COMPACT: std::sync::OnceLock<crate::compact::Compact> =
                std::sync::OnceLock::new();

            /// The compact move space of the variant (derived with the interpreter released).
            fn compact(py: Python<'_>) -> &'static crate::compact::Compact {
                if let Some(compact) = COMPACT.get() {
                    return compact;
                }
                let derived = py.detach(crate::compact::Compact::derive::<V>);
                COMPACT.get_or_init(|| derived)
            }

            /// The variant's start position, made at its first use: a new board copies it
            /// (C'escacs reads its start from a text, about 30,000 instructions).
            static START: std::sync::OnceLock<V> = std::sync::OnceLock::new();

            /// The variant's start position.
            fn start() -> &'static V {
                START.get_or_init(<V as Variant>::start)
            }

            /// The variant's mirror (`mirror.rs`), found at its first use.
            static MIRROR: std::sync::OnceLock<Option<Vec<usize>>> = std::sync::OnceLock::new();

            /// The variant's mirror as a permutation of dense cell indices, if it has one.
            fn mirror_cells() -> Option<&'static [usize]> {
                MIRROR.get_or_init(crate::mirror::cells::<V>).as_deref()
            }

            /// The Python object of `mv`.
            pub fn object(py: Python<'_>, mv: Mv) -> PyResult<Bound<'_, Move>> {
                OBJECTS.get(py, <V as MoveKey>::key(mv), mv)
            }

            /// A new list of the Python objects of `moves`.
            fn objects<'py>(py: Python<'py>, moves: &[Mv]) -> PyResult<Bound<'py, PyList>> {
                let keys: Vec<u64> = moves.iter().map(|&mv| <V as MoveKey>::key(mv)).collect();
                OBJECTS.list(py, moves, &keys)
            }

            impl crate::interned::Shared for Move {
                type Value = Mv;

                fn of(mv: Mv) -> Self {
                    Move { mv }
                }
            }

            #[pymethods]
            impl Move {
                /// The move a text in the variant's move notation names, read without a board
                /// (`InvalidMoveTextError` when it is no move of the variant; whether it is
                /// legal is a board's question).
                #[new]
                fn new(text: &str) -> PyResult<Self> {
                    text.parse::<Mv>().map(|mv| Move { mv }).map_err(|e| {
                        generic::bad_move_text(format!("{}: {e}", generic::quoted(text)))
                    })
                }

                /// The move a text in the variant's long notation names (UCI-like: from-cell,
                /// to-cell, promotion letter; see the rules page), read without a board;
                /// `InvalidMoveTextError` when it is no move of the variant.
                #[staticmethod]
                fn from_uci(text: &str) -> PyResult<Self> {
                    <V as Variant>::move_from_long(text)
                        .map(|mv| Move { mv })
                        .map_err(generic::long_error)
                }

                /// The move in the variant's long notation (ASCII, no spaces, needs no
                /// position): what `from_uci` and `Board.push_uci` read.
                fn uci(&self) -> String {
                    <V as Variant>::long(self.mv)
                }

                /// Pickles as the class and the move's text.
                fn __reduce__<'py>(
                    slf: &Bound<'py, Self>,
                ) -> (Bound<'py, pyo3::types::PyType>, (String,)) {
                    (slf.get_type(), (slf.get().mv.to_string(),))
                }

                /// The cell the move leaves, or `None` for a man entering from the hand.
                #[getter(from_cell)]
                fn origin(&self) -> Option<String> {
                    generic::move_cell_names::<V>(self.mv).0
                }

                /// The cell the move goes to (the King's, for castling).
                #[getter(to_cell)]
                fn target(&self) -> String {
                    generic::move_cell_names::<V>(self.mv).1
                }

                /// The move in the variant's notation (`Board.push_text` reads it back).
                #[getter]
                fn text(&self) -> String {
                    self.mv.to_string()
                }

                /// The move's index in the variant's fixed move space (`Board.move_index`).
                #[getter]
                fn index(&self) -> usize {
                    space::index::<V>(self.mv)
                }

                /// The move's index in the variant's compact move space (`Board.move_index`
                /// with `compact=True`); `IllegalMoveError` for a move no position has.
                #[getter]
                fn compact_index(&self, py: Python<'_>) -> PyResult<usize> {
                    generic::compact_index::<V>(compact(py), self.mv)
                }

                fn __str__(&self) -> String {
                    self.mv.to_string()
                }

                fn __repr__(&self) -> String {
                    format!("<{}.Move {}>", $path, self.mv)
                }
            }

            /// The legal moves of a board, in the generator's order: a live view like
            /// python-chess's (it follows the board as moves are pushed and popped), a sequence
            /// of `Move` (`len`, index and slice, iteration, `in`, `count()`, `any()`) that makes
            /// a Python object only for the moves asked for. `list(board.legal_moves)` gives a
            /// list.
            #[pyclass(module = $path, name = "LegalMoves", frozen, sequence)]
            pub struct LegalMoves {
                board: Py<Board>,
            }

            impl LegalMoves {
                fn moves(&self, py: Python<'_>) -> PyResult<std::sync::Arc<generic::Listed<Mv>>> {
                    Ok(self.board.bind(py).try_borrow_mut()?.core.legal_moves())
                }
            }

            #[pymethods]
            impl LegalMoves {
                fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
                    Ok(self.moves(py)?.moves.len())
                }

                fn __getitem__<'py>(
                    &self,
                    py: Python<'py>,
                    index: &Bound<'py, PyAny>,
                ) -> PyResult<Bound<'py, PyAny>> {
                    match generic::pick(&self.moves(py)?.moves, index)? {
                        Picked::One(mv) => Ok(object(py, mv)?.into_any()),
                        Picked::Many(moves) => Ok(objects(py, &moves)?.into_any()),
                    }
                }

                /// An iterator over a new tuple of the moves' objects: one block to allocate
                /// and free (a list is two, its items apart), and CPython's own iterator.
                fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                    let listed = self.moves(py)?;
                    OBJECTS
                        .tuple(py, &listed.moves, &listed.keys)?
                        .try_iter()
                        .map(Bound::into_any)
                }

                fn __contains__(
                    &self,
                    py: Python<'_>,
                    r#move: &Bound<'_, PyAny>,
                ) -> PyResult<bool> {
                    Ok(r#move.cast::<Move>().is_ok_and(|m| {
                        self.moves(py)
                            .is_ok_and(|listed| listed.moves.contains(&m.get().mv))
                    }))
                }

                /// The number of legal moves (as `len`).
                fn count(&self, py: Python<'_>) -> PyResult<usize> {
                    self.__len__(py)
                }

                /// Whether there is a legal move.
                fn any(&self, py: Python<'_>) -> PyResult<bool> {
                    Ok(self.__len__(py)? > 0)
                }

                fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
                    self.any(py)
                }

                fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                    let texts: Vec<String> = self
                        .moves(py)?
                        .moves
                        .iter()
                        .map(|m| m.to_string())
                        .collect();
                    Ok(format!("<{}.LegalMoves ({})>", $path, texts.join(", ")))
                }
            }

            /// A position of the variant with the stack of moves that reached it, in the shape
            /// of python-chess's `Board`. `Board()` is the start; `Board(text)` reads a position
            /// text (`InvalidPositionError` when it is not a legal position).
            #[pyclass(module = $path, name = "Board")]
            pub struct Board {
                core: Core<V>,
            }

            #[pymethods]
            impl Board {
                #[new]
                #[pyo3(signature = (text = None))]
                fn new(text: Option<&str>) -> PyResult<Self> {
                    Ok(Board {
                        core: Core::new(generic::position(text, start())?),
                    })
                }

                /// The variant's name.
                #[classattr]
                #[pyo3(name = "VARIANT")]
                fn variant() -> &'static str {
                    V::NAME
                }

                /// The number of cells.
                #[classattr]
                #[pyo3(name = "CELL_COUNT")]
                fn cell_count() -> usize {
                    V::CELL_COUNT
                }

                /// The sides' names, in the order of play (the first axis of `encode`).
                #[classattr]
                #[pyo3(name = "SIDES")]
                fn sides() -> Vec<String> {
                    generic::side_names::<V>()
                }

                /// The roles' letters, by role index (the second axis of `encode`).
                #[classattr]
                #[pyo3(name = "ROLES")]
                fn roles() -> Vec<String> {
                    generic::role_names::<V>()
                }

                /// The number of planes `encode` returns: the men (sides × roles), the side to
                /// move (one per side), the variant's state (`PLANE_NAMES` names each).
                #[classattr]
                #[pyo3(name = "PLANES")]
                fn planes() -> usize {
                    crate::planes::count::<V>()
                }

                /// Each plane's name, in `encode`'s order.
                #[classattr]
                #[pyo3(name = "PLANE_NAMES")]
                fn plane_names() -> Vec<String> {
                    crate::planes::names::<V>()
                }

                /// The size of the fixed move space: every `move_index` is below it.
                #[classattr]
                #[pyo3(name = "MOVE_SPACE_SIZE")]
                fn move_space_size() -> usize {
                    space::size::<V>()
                }

                /// The move kinds of the move space, by kind number.
                #[classattr]
                #[pyo3(name = "MOVE_KINDS")]
                fn move_kinds() -> Vec<String> {
                    space::kind_names::<V>()
                }

                /// The hand slots of the move space (the from-slots after the cells).
                #[classattr]
                #[pyo3(name = "HAND_SLOTS")]
                fn hand_slots() -> Vec<&'static str> {
                    <V as space::MoveSpace>::HAND.to_vec()
                }

                /// The size of the compact move space (`move_index(move, compact=True)`): the board
                /// part, `CELL_COUNT × len(compact_shapes())`, then `len(OFF_BOARD_SLOTS) ×
                /// len(MOVE_KINDS) × CELL_COUNT` for the moves indexed by their to-cell alone.
                /// Derived from the variant's moves at the compact space's first use (a fraction
                /// of a second), so a static method rather than a constant.
                #[staticmethod]
                fn compact_space_size(py: Python<'_>) -> usize {
                    compact(py).size()
                }

                /// The compact space's shapes, by shape number: `(kind, (dx, dy))`, the kind a
                /// name from `MOVE_KINDS` and the offset from the from-cell to the to-cell in the
                /// variant's coordinates (`cell_coords()`).
                #[staticmethod]
                fn compact_shapes(py: Python<'_>) -> Vec<(String, (i16, i16))> {
                    let kinds = space::kind_names::<V>();
                    compact(py)
                        .shapes()
                        .iter()
                        .map(|s| (kinds[s.kind].clone(), s.offset))
                        .collect()
                }

                /// The compact space's off-board slots (the blocks after the board part): the
                /// moves indexed by their kind and to-cell alone.
                #[classattr]
                #[pyo3(name = "OFF_BOARD_SLOTS")]
                fn off_board_slots() -> Vec<&'static str> {
                    <V as space::MoveSpace>::OFF_BOARD.to_vec()
                }

                /// Each cell's coordinates in the variant's lattice, in `cells()` order (a
                /// compact shape's offset is the to-cell's minus the from-cell's).
                #[staticmethod]
                fn cell_coords() -> Vec<(i16, i16)> {
                    V::cells()
                        .iter()
                        .map(|&c| <V as space::MoveSpace>::coords(c))
                        .collect()
                }

                /// The variant's mirror, the reflection of the board that keeps every side's men
                /// of every start position on that side's cells (the left-right mirror of a
                /// chess board), as cell indices: the mirror of cell `i` is cell
                /// `mirror_cells()[i]`. `None` for a variant without one (Brusky: its rows of 9
                /// to 12 hexes reverse onto no reflection of the hex lattice; Kirby: with three or
                /// more armies a reflection makes armies trade seats).
                #[staticmethod]
                #[pyo3(name = "mirror_cells")]
                fn py_mirror_cells() -> Option<Vec<usize>> {
                    mirror_cells().map(<[usize]>::to_vec)
                }

                /// Every cell's name, in the order `encode` and `move_index` use.
                #[staticmethod]
                fn cells() -> Vec<String> {
                    generic::cell_names::<V>()
                }

                /// The variant's named start positions: `(name, text)` pairs, the standard first.
                #[staticmethod]
                fn start_positions() -> Vec<(String, String)> {
                    V::start_positions()
                }

                /// The legal moves, in the generator's order: a live view (see `LegalMoves`).
                #[getter]
                fn legal_moves(slf: Bound<'_, Self>) -> LegalMoves {
                    LegalMoves {
                        board: slf.unbind(),
                    }
                }

                /// The number of legal moves, counted without listing them.
                fn legal_move_count(&self) -> usize {
                    self.core.pos().legal_move_count()
                }

                /// Whether `move` is legal here.
                fn is_legal(&self, r#move: PyRef<'_, Move>) -> bool {
                    self.core.is_legal(r#move.mv)
                }

                /// Plays a legal move. An illegal one raises `IllegalMoveError` and leaves the
                /// board unchanged.
                fn push(&mut self, r#move: PyRef<'_, Move>) -> PyResult<()> {
                    self.core.push(r#move.mv)
                }

                /// Plays the move a SAN text (or the move notation) names and returns it.
                /// `InvalidMoveTextError` when the text names no legal move; the board is then
                /// unchanged.
                fn push_san<'py>(
                    &mut self,
                    py: Python<'py>,
                    text: &str,
                ) -> PyResult<Bound<'py, Move>> {
                    let mv = self.core.parse_san(text);
                    self.push_read(py, mv)
                }

                /// Plays the move a text in the variant's move notation names and returns it.
                /// `InvalidMoveTextError` when the text names no legal move; the board is then
                /// unchanged.
                fn push_text<'py>(
                    &mut self,
                    py: Python<'py>,
                    text: &str,
                ) -> PyResult<Bound<'py, Move>> {
                    let mv = self.core.parse_text(text);
                    self.push_read(py, mv)
                }

                /// Plays the legal move a text in the long notation names and returns it
                /// (`InvalidMoveTextError` for a text that is no move, `IllegalMoveError` for a
                /// move not legal here; the board is then unchanged).
                fn push_uci<'py>(
                    &mut self,
                    py: Python<'py>,
                    uci: &str,
                ) -> PyResult<Bound<'py, Move>> {
                    let mv = self.core.pos().parse_long(uci).map_err(generic::long_error);
                    self.push_read(py, mv)
                }

                /// The legal move a text in the long notation names (errors as `push_uci`).
                fn parse_uci<'py>(&self, py: Python<'py>, uci: &str) -> PyResult<Bound<'py, Move>> {
                    let mv = self
                        .core
                        .pos()
                        .parse_long(uci)
                        .map_err(generic::long_error)?;
                    object(py, mv)
                }

                /// A move in the long notation (`move.uci()`; python-chess's `Board.uci`).
                fn uci(&self, r#move: PyRef<'_, Move>) -> String {
                    <V as Variant>::long(r#move.mv)
                }

                /// Takes back the last move and returns it (`IndexError` when there is none).
                fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
                    object(py, self.core.pop()?)
                }

                /// The last move (`IndexError` when there is none).
                fn peek<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
                    object(py, self.core.peek()?)
                }

                /// The moves pushed since the board was made, first first.
                #[getter]
                fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
                    objects(py, self.core.moves())
                }

                /// The side to move, by name (`SIDES`).
                #[getter]
                fn turn(&self) -> String {
                    self.core.pos().turn().to_string()
                }

                /// The side to move's index in `SIDES`.
                #[getter]
                fn turn_index(&self) -> usize {
                    self.core.pos().turn().index()
                }

                /// Whether the side to move is in check.
                fn is_check(&self) -> bool {
                    self.core.pos().is_check()
                }

                /// How the game has ended, or `None`: the position's own end (mate, stalemate,
                /// the variant's rules), or the variant's automatic repetition draw counted over
                /// the move stack.
                fn outcome(&self) -> Option<Outcome> {
                    self.core.outcome().as_ref().map(Outcome::of::<V>)
                }

                /// Whether `outcome()` is not `None`.
                fn is_game_over(&self) -> bool {
                    self.core.outcome().is_some()
                }

                /// How often the current position has occurred on the move stack since the last
                /// capture or pawn move, now included.
                fn repetitions(&self) -> usize {
                    self.core.repetitions()
                }

                /// The position text.
                fn text(&self) -> String {
                    self.core.pos().to_string()
                }

                fn __str__(&self) -> String {
                    self.core.pos().to_string()
                }

                fn __repr__(&self) -> String {
                    format!("{}.Board({:?})", $path, self.core.pos().to_string())
                }

                /// A copy; with `stack=False` without the move stack.
                #[pyo3(signature = (stack = true))]
                fn copy(&self, stack: bool) -> Self {
                    Board {
                        core: self.core.copy(stack),
                    }
                }

                fn __copy__(&self) -> Self {
                    self.copy(true)
                }

                fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                    self.copy(true)
                }

                /// The Zobrist hash of the position.
                fn zobrist_hash(&self) -> u64 {
                    self.core.pos().zobrist_hash()
                }

                /// The number of leaves `depth` plies below the position, the last ply counted
                /// in bulk (the Rust crate's perft; the interpreter is released meanwhile).
                /// `ValueError` for a depth below 0 or above 64 (deeper would overflow the stack).
                fn perft(&self, py: Python<'_>, depth: i64) -> PyResult<u64> {
                    let depth = generic::perft_depth(depth)?;
                    let pos = self.core.pos();
                    Ok(py.detach(|| pos.perft(depth)))
                }

                /// Perft per legal move, by the move's notation (sorted); `ValueError` for a
                /// depth below 0 or above 64.
                fn divide(&self, py: Python<'_>, depth: i64) -> PyResult<BTreeMap<String, u64>> {
                    let depth = generic::perft_depth(depth)?;
                    let core = &self.core;
                    Ok(py.detach(|| core.divide(depth)).into_iter().collect())
                }

                /// A legal move in short algebraic notation (`IllegalMoveError` when it is not
                /// legal here).
                fn san(&self, r#move: PyRef<'_, Move>) -> PyResult<String> {
                    self.core.san(r#move.mv)
                }

                /// The legal move a SAN text (or the move notation) names.
                fn parse_san<'py>(
                    &self,
                    py: Python<'py>,
                    text: &str,
                ) -> PyResult<Bound<'py, Move>> {
                    object(py, self.core.parse_san(text)?)
                }

                /// The legal move a text in the variant's move notation names.
                fn parse_text<'py>(
                    &self,
                    py: Python<'py>,
                    text: &str,
                ) -> PyResult<Bound<'py, Move>> {
                    object(py, self.core.parse_text(text)?)
                }

                /// The man on a cell (by name), or `None`.
                fn piece_at(&self, cell: &str) -> PyResult<Option<Piece>> {
                    self.core.piece_at(cell)
                }

                /// An SVG picture of the position with the `marked` cells ringed.
                #[pyo3(signature = (marked = None))]
                fn svg(&self, marked: Option<Vec<String>>) -> PyResult<String> {
                    self.core.svg(&marked.unwrap_or_default())
                }

                /// The SVG picture with the last move's cells ringed (Jupyter shows it).
                fn _repr_svg_(&self) -> String {
                    self.core.svg_last_move()
                }

                /// The position as `PLANES × CELL_COUNT` bytes, plane by plane (`PLANE_NAMES`),
                /// each plane one byte per cell in `cells()` order: the men (plane
                /// `side * len(ROLES) + role` is 1 where such a man stands), the side to move
                /// (plane `len(SIDES) * len(ROLES) + side` all 1 for the side to move), then the
                /// variant's state: castling and en passant rights, Dagger's hands, Kirby's seats,
                /// teams, dead armies and waiting pawns. Two positions that differ in anything
                /// but the clocks differ here.
                /// `numpy.frombuffer(board.encode(), numpy.uint8).reshape(board.PLANES, board.CELL_COUNT)`
                /// reads it without a copy.
                fn encode<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                    PyBytes::new(py, &self.core.encode())
                }

                /// The planes of many boards of this variant, one after the other (`encode`
                /// of each, joined): `numpy.frombuffer(Board.encode_many(boards), numpy.uint8)
                /// .reshape(len(boards), Board.PLANES, Board.CELL_COUNT)`.
                #[staticmethod]
                fn encode_many<'py>(
                    py: Python<'py>,
                    boards: Vec<PyRef<'py, Board>>,
                ) -> Bound<'py, PyBytes> {
                    let mut out = Vec::with_capacity(
                        boards.len() * crate::planes::count::<V>() * <V as Variant>::CELL_COUNT,
                    );
                    for board in &boards {
                        board.core.encode_into(&mut out);
                    }
                    PyBytes::new(py, &out)
                }

                /// The legal moves as a numpy array of `MOVE_SPACE_SIZE` booleans (with
                /// `compact=True`, `compact_space_size()`), `True` at each legal move's index
                /// (numpy must be installed).
                #[pyo3(signature = (*, compact = false))]
                fn legal_mask<'py>(
                    &mut self,
                    py: Python<'py>,
                    compact: bool,
                ) -> PyResult<Bound<'py, PyAny>> {
                    let space = compact.then(|| self::compact(py));
                    let mask = pyo3::types::PyByteArray::new(py, &self.core.legal_mask(space)?);
                    py.import("numpy")?
                        .getattr("frombuffer")?
                        .call((mask, "bool"), None)
                }

                /// The move's index in the variant's fixed move space:
                /// `(kind * (CELL_COUNT + len(HAND_SLOTS)) + from_slot) * CELL_COUNT + to`,
                /// where `from_slot` is the from-cell's index (or `CELL_COUNT` + the hand slot),
                /// `to` the to-cell's index and `kind` an index into `MOVE_KINDS`. With
                /// `compact=True`, its index in the compact space (`compact_space_size()`): for a
                /// move from a cell `from * len(compact_shapes()) + shape`. No two legal moves of a
                /// position share an index in either space.
                #[pyo3(signature = (r#move, *, compact = false))]
                fn move_index(
                    &self,
                    py: Python<'_>,
                    r#move: PyRef<'_, Move>,
                    compact: bool,
                ) -> PyResult<usize> {
                    if compact {
                        generic::compact_index::<V>(self::compact(py), r#move.mv)
                    } else {
                        Ok(space::index::<V>(r#move.mv))
                    }
                }

                /// The legal move with that index, in the fixed space or (`compact=True`) the
                /// compact one (`IllegalMoveError` when none has it).
                #[pyo3(signature = (index, *, compact = false))]
                fn move_from_index<'py>(
                    &self,
                    py: Python<'py>,
                    index: usize,
                    compact: bool,
                ) -> PyResult<Bound<'py, Move>> {
                    let space = compact.then(|| self::compact(py));
                    object(py, self.core.move_from_index(index, space)?)
                }

                /// Whether the side to move is in check and has no legal move (Kirby: the army to
                /// move; the game ends when one team is left, see `outcome()`).
                fn is_checkmate(&self) -> bool {
                    self.core.is_checkmate()
                }

                /// Whether the side to move is not in check and has no legal move. Kirby's rules
                /// give a stalemated army relocations instead: there it is whether every legal
                /// move is a relocation.
                fn is_stalemate(&self) -> bool {
                    self.core.is_stalemate()
                }

                /// Whether the position is drawn by the variant's insufficient-material rule (the
                /// position's own outcome; Kirby has no such rule, and so never).
                fn is_insufficient_material(&self) -> bool {
                    self.core
                        .is_drawn_by(&[hexvar_geometry::DrawReason::InsufficientMaterial])
                }

                /// Whether 75 moves by each side have passed without a capture or pawn move
                /// (`halfmove_clock >= 150`) and the side to move has a legal move, as
                /// python-chess counts it. Whether the variant's rules end the game so is
                /// `outcome()`'s answer.
                fn is_seventyfive_moves(&self) -> bool {
                    self.core.halfmove_clock() >= 150 && self.core.pos().legal_move_count() > 0
                }

                /// Whether the position has occurred five times on the move stack.
                fn is_fivefold_repetition(&self) -> bool {
                    self.core.repetitions() >= 5
                }

                /// Whether the position has occurred at least `count` times on the move stack.
                #[pyo3(signature = (count = 3))]
                fn is_repetition(&self, count: usize) -> bool {
                    self.core.repetitions() >= count
                }

                /// Whether the side to move may claim a draw now by the variant's rules (its
                /// repetition and move-count claims; a variant without claims: never).
                fn can_claim_draw(&self) -> bool {
                    self.core.game().claimable_draw().is_some()
                }

                /// The result as a game record writes it (`1-0`, `0-1`, `1/2-1/2`, Kirby's
                /// winning armies), `*` while the game goes on; with `claim_draw`, a draw the side
                /// to move may claim counts.
                #[pyo3(signature = (*, claim_draw = false))]
                fn result(&self, claim_draw: bool) -> PyResult<String> {
                    if claim_draw && self.core.outcome().is_none() && self.can_claim_draw() {
                        return Ok("1/2-1/2".to_string());
                    }
                    Ok(self.core.result())
                }

                /// Whether a legal move captures (en passant too; `IllegalMoveError` for a move
                /// that is not legal here).
                fn is_capture(&self, r#move: PyRef<'_, Move>) -> PyResult<bool> {
                    self.legal(r#move.mv)?;
                    Ok(self.core.pos().captured(r#move.mv).is_some())
                }

                /// Whether a legal move makes every earlier position unrepeatable (a capture, a
                /// pawn move, and the variant's other irreversible moves).
                fn is_zeroing(&self, r#move: PyRef<'_, Move>) -> PyResult<bool> {
                    self.legal(r#move.mv)?;
                    Ok(self.core.pos().is_zeroing(r#move.mv))
                }

                /// Whether a legal move checks the side that moves next.
                fn gives_check(&self, r#move: PyRef<'_, Move>) -> PyResult<bool> {
                    self.core.gives_check(r#move.mv)
                }

                /// Whether a move is a castling.
                fn is_castling(&self, r#move: PyRef<'_, Move>) -> bool {
                    <V as crate::rules::Rules>::is_castling(r#move.mv)
                }

                /// Whether a move takes en passant (Kirby has no en passant).
                fn is_en_passant(&self, r#move: PyRef<'_, Move>) -> bool {
                    <V as crate::rules::Rules>::is_en_passant(r#move.mv)
                }

                /// The cell of the King of the side named `color`, or `None`.
                fn king(&self, color: &str) -> PyResult<Option<String>> {
                    Ok(self.core.king(generic::side::<V>(color)?))
                }

                /// The cells of the men of a role (its letter, one of `ROLES`) and side.
                fn pieces(&self, role: &str, color: &str) -> PyResult<Vec<String>> {
                    let role = generic::role::<V>(role)?;
                    Ok(self
                        .core
                        .cells_of(generic::side::<V>(color)?, |r| r == role))
                }

                /// Every man on the board by its cell's name.
                fn piece_map(&self) -> BTreeMap<String, Piece> {
                    self.core.piece_map().into_iter().collect()
                }

                /// The cells (in `cells()` order) of the men of the side named `color` that attack
                /// `cell` (python-chess's `attackers(color, square)`): each could take a man of
                /// another side standing there, whatever stands there now; pinned men count, and
                /// so do men of the side to move. Captures a man can make only at one moment (en
                /// passant, C'escacs's scornful capture) are moves, not attacks, and Dagger's
                /// knights in hand stand on no cell. Kirby: the men of one army.
                fn attackers(&self, color: &str, cell: &str) -> PyResult<Vec<String>> {
                    self.core.attackers(generic::side::<V>(color)?, cell)
                }

                /// Whether a man of the side named `color` attacks `cell` (`attackers` is not
                /// empty; python-chess's `is_attacked_by`).
                fn is_attacked_by(&self, color: &str, cell: &str) -> PyResult<bool> {
                    self.core.is_attacked_by(generic::side::<V>(color)?, cell)
                }

                /// The cells of the men that give check to the side to move.
                fn checkers(&self) -> Vec<String> {
                    self.core.checkers()
                }

                /// The half-moves since the start of the game: the start's (from its move
                /// number and side to move; Kirby's text has none, so 0) and the moves on the
                /// stack.
                fn ply(&self) -> usize {
                    self.core.ply()
                }

                /// The move number as the position text counts it.
                #[getter]
                fn fullmove_number(&self) -> u32 {
                    self.core.pos().fullmove_number()
                }

                /// The half-moves since the last capture or pawn move, as the position counts
                /// them (Kirby keeps no count: the moves on the stack since the last one).
                #[getter]
                fn halfmove_clock(&self) -> usize {
                    self.core.halfmove_clock()
                }

                /// Sets the position from its text; the move stack starts again there
                /// (`InvalidPositionError` when it is no legal position, the board unchanged).
                fn set_text(&mut self, text: &str) -> PyResult<()> {
                    self.core.set_position(generic::position(Some(text), start())?);
                    Ok(())
                }

                /// `set_text`, by python-chess's name.
                fn set_fen(&mut self, fen: &str) -> PyResult<()> {
                    self.set_text(fen)
                }

                /// Back to the start position, the move stack empty.
                fn reset(&mut self) {
                    self.core.set_position(start().clone());
                }

                /// The man of a role (its letter, one of `ROLES`) and side (one of `SIDES`), for
                /// `set_piece_at` (python-chess's `Piece(piece_type, color)`).
                #[staticmethod]
                fn make_piece(role: &str, color: &str) -> PyResult<Piece> {
                    Piece::new::<V>(role, color)
                }

                /// Puts a man (a `Piece` of this variant's sides and roles) on a cell. A board
                /// always holds a legal position: one that would not be raises
                /// `InvalidPositionError` and leaves the board unchanged (so no `clear()`: a
                /// board without Kings is no position; `set_piece_map` sets every man at once).
                /// The move stack starts again there.
                fn set_piece_at(&mut self, cell: &str, piece: PyRef<'_, Piece>) -> PyResult<()> {
                    let man = piece.to_variant::<V>()?;
                    self.core.set_piece_at(cell, Some(man))
                }

                /// Sets up the board's men from a mapping of cell names to `Piece`s, every other
                /// cell emptied, in one validated step (python-chess's `set_piece_map`): the way
                /// to set up a position man by man, since a board always holds a legal position
                /// and so has no `clear()` (python-chess's board without men is no position of
                /// these variants: each side needs its King). The side to move, the hand and the
                /// other state are kept, rights the new men break are dropped, and the move stack
                /// starts again there. `InvalidPositionError` (the board unchanged) when the men
                /// make no legal position.
                fn set_piece_map(
                    &mut self,
                    pieces: std::collections::HashMap<String, PyRef<'_, Piece>>,
                ) -> PyResult<()> {
                    let men = pieces
                        .iter()
                        .map(|(cell, piece)| Ok((cell.clone(), piece.to_variant::<V>()?)))
                        .collect::<PyResult<Vec<_>>>()?;
                    self.core.set_men(&men)
                }

                /// Takes the man off a cell and returns it (`None` for an empty cell), under
                /// `set_piece_at`'s rule.
                fn remove_piece_at(&mut self, cell: &str) -> PyResult<Option<Piece>> {
                    let removed = self.core.piece_at(cell)?;
                    if removed.is_some() {
                        self.core.set_piece_at(cell, None)?;
                    }
                    Ok(removed)
                }

                /// The board's start and move stack as a `Game` (for its record). Moves pushed
                /// after an automatic draw are kept; such a record names moves after the end of
                /// the game, which `read_game` refuses as such.
                fn game(&self) -> Game {
                    Game {
                        game: self.core.game(),
                    }
                }

                /// The mirror image (`mirror_cells()`), the move stack empty: every man and
                /// every cell a right names on its mirrored cell (Dagger's knights in hand
                /// swapped), the side to move and the clocks kept, the rights the mirror breaks
                /// dropped (a castling right whose King or Rook is not at home in the image). Where no such right is dropped, the image's legal moves are the
                /// mirrored moves (the suite checks it on every conformance position), so its
                /// planes and move targets can train a learning loop as a position of its own.
                /// `ValueError` for a variant without a mirror.
                fn mirror(&self) -> PyResult<Self> {
                    let cells = mirror_cells().ok_or_else(|| {
                        pyo3::exceptions::PyValueError::new_err(format!(
                            "{} has no mirror: no reflection of its board keeps every side's men on their cells",
                            V::NAME
                        ))
                    })?;
                    let image = <V as crate::rules::Rules>::mirrored(self.core.pos(), cells)
                        .map_err(generic::bad_position)?;
                    Ok(Board {
                        core: Core::new(image),
                    })
                }

                /// Equal positions (the move stacks aside). A board is mutable, so it has no
                /// `hash()` (as python-chess's): `zobrist_hash()` or `text()` key a dict.
                fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
                    self.core.pos() == other.core.pos()
                }

                /// Pickles as the class, the start position's text and the moves' texts.
                fn __reduce__<'py>(
                    slf: &Bound<'py, Self>,
                ) -> PyResult<(Bound<'py, pyo3::types::PyType>, (String,), Vec<String>)> {
                    let board = slf.try_borrow()?;
                    let moves = board.core.moves().iter().map(|m| m.to_string()).collect();
                    Ok((slf.get_type(), (board.core.start().to_string(),), moves))
                }

                /// Replays the pickled moves (their texts) from the position.
                fn __setstate__(&mut self, moves: Vec<String>) -> PyResult<()> {
                    self.core.replay(&moves)
                }
            }

            /// A game: its start, the moves played, the repetition draws and draw claims of the
            /// variant's rules, and the tags of its record. A finished game refuses moves
            /// (`IllegalMoveError`) until `pop`.
            #[pyclass(module = $path, name = "Game")]
            pub struct Game {
                game: hexvar_geometry::Game<V>,
            }

            #[pymethods]
            impl Game {
                #[new]
                #[pyo3(signature = (text = None))]
                fn new(text: Option<&str>) -> PyResult<Self> {
                    Ok(Game {
                        game: hexvar_geometry::Game::from_position(generic::position(text, start())?),
                    })
                }

                /// A game read from its record (`InvalidRecordError` at the first bad token, with
                /// its `line` and `column`).
                #[staticmethod]
                fn from_record(py: Python<'_>, text: &str) -> PyResult<Self> {
                    hexvar_geometry::Game::from_record(text)
                        .map(|game| Game { game })
                        .map_err(|e| crate::records::record_error(py, &e))
                }

                /// The game's record: tags, the moves in SAN, the result.
                fn record(&self) -> String {
                    self.game.to_record()
                }

                fn __str__(&self) -> String {
                    self.game.to_record()
                }

                fn __repr__(&self) -> String {
                    format!("<{}.Game, {} moves>", $path, self.game.moves().len())
                }

                /// A board at the current position, with the game's moves on its stack.
                fn board(&self) -> Board {
                    Board {
                        core: Core::of_game(&self.game),
                    }
                }

                /// Plays a legal move (`IllegalMoveError` for an illegal move or a finished
                /// game; the game is then unchanged).
                fn push(&mut self, r#move: PyRef<'_, Move>) -> PyResult<()> {
                    self.game.play(r#move.mv).map_err(generic::illegal)
                }

                /// Plays the move a SAN text names and returns it.
                fn push_san<'py>(
                    &mut self,
                    py: Python<'py>,
                    text: &str,
                ) -> PyResult<Bound<'py, Move>> {
                    let mv = self
                        .game
                        .position()
                        .parse_san(text)
                        .map_err(generic::bad_move_text)?;
                    self.game.play(mv).map_err(generic::illegal)?;
                    object(py, mv)
                }

                /// Takes back the last move (and a declared draw) and returns it (`IndexError`
                /// at the start).
                fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
                    let mv = self.game.undo().ok_or_else(|| {
                        pyo3::exceptions::PyIndexError::new_err("pop at the start of the game")
                    })?;
                    object(py, mv)
                }

                /// The moves played.
                #[getter]
                fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
                    objects(py, self.game.moves())
                }

                /// The moves played, in SAN.
                fn san_moves(&self) -> Vec<String> {
                    self.game
                        .san_moves()
                        .into_iter()
                        .map(|s| s.into_string())
                        .collect()
                }

                /// How the game has ended (repetition and declared draws included), or `None`.
                fn outcome(&self) -> Option<Outcome> {
                    self.game.outcome().as_ref().map(Outcome::of::<V>)
                }

                /// How often the current position has occurred.
                fn repetitions(&self) -> usize {
                    self.game.repetitions()
                }

                /// The draw the side to move may claim now, by reason, or `None`.
                fn claimable_draw(&self) -> Option<String> {
                    self.game.claimable_draw().map(|r| r.to_string())
                }

                /// Claims the draw the rules allow now; returns its reason, or `None`.
                fn claim_draw(&mut self) -> Option<String> {
                    self.game.claim_draw().map(|r| r.to_string())
                }

                /// Records a draw by agreement; returns whether it was recorded.
                fn agree_draw(&mut self) -> bool {
                    self.game.agree_draw()
                }

                /// The record's tags, `(name, value)` in order (without `Variant` and
                /// `Position`, which the game determines).
                fn tags(&self) -> Vec<(String, String)> {
                    self.game.tags().to_vec()
                }

                /// Sets a record tag: the first of that name is replaced, or a new one goes
                /// last. `ValueError` for what no record can hold (a name that is no PGN symbol, a
                /// value with a control character such as a newline) and for `Variant`,
                /// `Position`, `FEN` and `SetUp`, which the game's start determines.
                fn set_tag(&mut self, name: &str, value: &str) -> PyResult<()> {
                    self.game.set_tag(name, value).map_err(generic::bad_tag)
                }
            }

            impl Board {
                /// Plays a move read from a text and returns it; the reading's error as it is.
                fn push_read<'py>(
                    &mut self,
                    py: Python<'py>,
                    read: PyResult<Mv>,
                ) -> PyResult<Bound<'py, Move>> {
                    let mv = read?;
                    self.core.push(mv)?;
                    object(py, mv)
                }

                /// `IllegalMoveError` unless `mv` is legal here.
                fn legal(&self, mv: Mv) -> PyResult<()> {
                    if self.core.is_legal(mv) {
                        Ok(())
                    } else {
                        Err(generic::illegal(format!("{mv} is not legal here")))
                    }
                }
            }

            crate::tree::tree_classes!($path);

            /// Searches `board` if it is this variant's `Board` (for `hexvar.engine`); `None`
            /// when it is not.
            pub fn search(
                py: Python<'_>,
                engine: &crate::engine::Engine,
                board: &Bound<'_, PyAny>,
                limit: &crate::engine::Limit,
                multipv: usize,
            ) -> Option<PyResult<crate::engine::Found>> {
                let board = board.cast::<Board>().ok()?;
                let game = match board.try_borrow() {
                    Ok(board) => board.core.game(),
                    Err(e) => return Some(Err(e.into())),
                };
                let wrap = |mv| object(py, mv).map(|m| m.into_any().unbind());
                Some(crate::engine::search(
                    py, engine, game, limit, multipv, wrap,
                ))
            }

            /// A board from a position text, as a Python object (for `hexvar.Board`).
            pub fn new_board(py: Python<'_>, text: Option<&str>) -> PyResult<Py<PyAny>> {
                Ok(Py::new(py, Board::new(text)?)?.into_any())
            }

            /// A game from its record, as a Python object (for `hexvar.read_game`).
            pub fn read_game(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
                Ok(Py::new(py, Game::from_record(py, text)?)?.into_any())
            }

            /// Adds the submodule to `parent`.
            pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
                let module = PyModule::new(parent.py(), stringify!($module))?;
                module.setattr(
                    "__doc__",
                    concat!(
                        "The variant `",
                        stringify!($module),
                        "`: its Board, Move, Game and GameTree."
                    ),
                )?;
                module.add_class::<Board>()?;
                module.add_class::<Move>()?;
                module.add_class::<LegalMoves>()?;
                module.add_class::<Game>()?;
                module.add_class::<GameTree>()?;
                module.add_class::<GameNode>()?;
                module.add_class::<GameReader>()?;
                parent.add_submodule(&module)?;
                // Named as Python imports it (`hexvar.kirby`), after `add_submodule` has used
                // the short name for the attribute.
                module.setattr("__name__", $path)
            }
        }
    };
}

pub(crate) use variant_module;
