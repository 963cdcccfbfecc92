//! Game trees from Python, in the shape of python-chess's `chess.pgn`: `tree_classes!` stamps,
//! inside a variant's module (next to its `Board`, `Move` and `Game`), the classes `GameTree`
//! (a record with its variations, comments and glyphs; python-chess's `Game`), `GameNode` (one
//! move of it; python-chess's `GameNode`) and `GameReader` (the games of a file, one at a time).

/// The tree classes of the variant module it is invoked in (which defines `V`, `Mv`, `Move`,
/// `Board` and `Game`).
macro_rules! tree_classes {
    ($path:literal) => {
        use hexvar_geometry::tree::NodeId;

        use crate::records;

        /// A game with its variations, comments and numeric annotation glyphs, and its tags in
        /// their order: python-chess's `chess.pgn.Game`. It is also the tree's root node: the
        /// node methods (`variations`, `comment`, `mainline()`, `mainline_moves()`,
        /// `add_variation`, `next()`, `end()`, `board()`) act on the root, `root()` gives it
        /// as a `GameNode`. `str(tree)` is its record, which reads back into an equal tree.
        #[pyclass(module = $path, name = "GameTree", eq)]
        pub struct GameTree {
            tree: hexvar_geometry::GameTree<V>,
            /// The error that stopped the reading of this game (`GameReader`), if any.
            error: Option<hexvar_geometry::record::RecordError>,
        }

        impl PartialEq for GameTree {
            fn eq(&self, other: &Self) -> bool {
                self.tree == other.tree
            }
        }

        impl GameTree {
            fn of(tree: hexvar_geometry::GameTree<V>) -> Self {
                GameTree { tree, error: None }
            }

            fn root_node(slf: &Bound<'_, Self>) -> PyResult<GameNode> {
                let id = slf.try_borrow()?.tree.root();
                Ok(GameNode {
                    tree: slf.clone().unbind(),
                    id,
                })
            }
        }

        #[pymethods]
        impl GameTree {
            /// An empty game from the start, or from the position `text`.
            #[new]
            #[pyo3(signature = (text = None))]
            fn new(text: Option<&str>) -> PyResult<Self> {
                let start = generic::position(text, start())?;
                Ok(GameTree::of(hexvar_geometry::GameTree::from_position(start)))
            }

            /// A tree read from one game's record (`InvalidRecordError` at the first bad token,
            /// with its `line` and `column`).
            #[staticmethod]
            fn from_record(py: Python<'_>, text: &str) -> PyResult<Self> {
                hexvar_geometry::GameTree::from_record(text)
                    .map(GameTree::of)
                    .map_err(|e| records::record_error(py, &e))
            }

            /// A `Game`'s moves as the main line, with its tags and result.
            #[staticmethod]
            fn from_game(game: PyRef<'_, Game>) -> Self {
                GameTree::of(hexvar_geometry::GameTree::from(&game.game))
            }

            /// A board's start and move stack as the main line (python-chess's
            /// `Game.from_board`).
            #[staticmethod]
            fn from_board(board: PyRef<'_, Board>) -> Self {
                GameTree::of(hexvar_geometry::GameTree::from(&board.core.game()))
            }

            /// The main line as a `Game`, its result settled as `Game.from_record` settles
            /// it (`IllegalMoveError` when a main-line move follows the end of the game by the
            /// rules, such as an automatic repetition draw).
            fn to_game(&self) -> PyResult<Game> {
                self.tree
                    .to_game()
                    .map(|game| Game { game })
                    .map_err(generic::illegal)
            }

            /// The record: tags in their order, the moves in SAN with the comments, glyphs and
            /// variations, the result.
            fn record(&self) -> String {
                self.tree.to_record()
            }

            fn __str__(&self) -> String {
                self.tree.to_record()
            }

            fn __repr__(&self) -> String {
                let moves = self.tree.mainline_moves().len();
                format!("<{}.GameTree, {moves} main-line moves>", $path)
            }

            /// The tags, `(name, value)` in their order (`Variant`, `Position` and `Result`
            /// included).
            fn tags(&self) -> Vec<(String, String)> {
                self.tree.tags().to_vec()
            }

            /// The first value of a tag, or `None`.
            fn tag(&self, name: &str) -> Option<String> {
                self.tree.tag(name).map(str::to_string)
            }

            /// Sets a tag: the first of that name is replaced, or a new one goes last.
            /// `ValueError` for what no record can hold (a name that is no PGN symbol, a value
            /// with a control character) and for `Variant`, `Position`, `FEN` and `SetUp`.
            fn set_tag(&mut self, name: &str, value: &str) -> PyResult<()> {
                self.tree.set_tag(name, value).map_err(generic::bad_tag)
            }

            /// The record's result: its `Result` tag, else `*`.
            fn result(&self) -> String {
                self.tree.result().to_string()
            }

            /// The error that stopped the reading of this game, as a list (python-chess's
            /// `game.errors`): empty for a game read whole. A game `read_games` could not read
            /// is an empty tree with its error here.
            #[getter]
            fn errors(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
                self.error
                    .iter()
                    .map(|e| records::record_error(py, e).into_value(py).into_any())
                    .collect()
            }

            /// What the reader noticed and read anyway, located: a result that contradicts the
            /// moves, a bad move in a variation (the variation kept up to it).
            #[getter]
            fn warnings(&self) -> Vec<String> {
                self.tree.warnings().iter().map(|w| w.to_string()).collect()
            }

            /// The root as a `GameNode` (no move; its variations are the first moves).
            fn root(slf: &Bound<'_, Self>) -> PyResult<GameNode> {
                GameTree::root_node(slf)
            }

            /// The first moves: the main line's first, then its alternatives.
            #[getter]
            fn variations(slf: &Bound<'_, Self>) -> PyResult<Vec<GameNode>> {
                GameTree::root_node(slf)?.variations(slf.py())
            }

            /// The comment before the game's first move.
            #[getter]
            fn get_comment(slf: &Bound<'_, Self>) -> PyResult<String> {
                GameTree::root_node(slf)?.get_comment(slf.py())
            }

            #[setter]
            fn set_comment(slf: &Bound<'_, Self>, comment: String) -> PyResult<()> {
                GameTree::root_node(slf)?.set_comment(slf.py(), comment)
            }

            /// The main line's nodes.
            fn mainline(slf: &Bound<'_, Self>) -> PyResult<Vec<GameNode>> {
                GameTree::root_node(slf)?.mainline(slf.py())
            }

            /// The main line's moves.
            fn mainline_moves<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyList>> {
                GameTree::root_node(slf)?.mainline_moves(slf.py())
            }

            /// The main line's first node, or `None`.
            fn next(slf: &Bound<'_, Self>) -> PyResult<Option<GameNode>> {
                GameTree::root_node(slf)?.next(slf.py())
            }

            /// The main line's last node (the root for a game without moves).
            fn end(slf: &Bound<'_, Self>) -> PyResult<GameNode> {
                GameTree::root_node(slf)?.end(slf.py())
            }

            /// A board at the start.
            fn board(slf: &Bound<'_, Self>) -> PyResult<Board> {
                GameTree::root_node(slf)?.board(slf.py())
            }

            /// Adds a first move (see `GameNode.add_variation`).
            #[pyo3(signature = (r#move, *, comment = String::new(), starting_comment = String::new(), nags = None))]
            fn add_variation(
                slf: &Bound<'_, Self>,
                r#move: PyRef<'_, Move>,
                comment: String,
                starting_comment: String,
                nags: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<GameNode> {
                GameTree::root_node(slf)?.add_variation(
                    slf.py(),
                    r#move,
                    comment,
                    starting_comment,
                    nags,
                )
            }

            /// Adds a first move as the main line's (see `GameNode.add_main_variation`).
            #[pyo3(signature = (r#move, *, comment = String::new(), nags = None))]
            fn add_main_variation(
                slf: &Bound<'_, Self>,
                r#move: PyRef<'_, Move>,
                comment: String,
                nags: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<GameNode> {
                GameTree::root_node(slf)?.add_main_variation(slf.py(), r#move, comment, nags)
            }
        }

        /// One node of a `GameTree`: the move that reaches it (`None` at the root), its
        /// comments and glyphs, and the moves from it (`variations`: the first continues the
        /// line, the others are alternatives). python-chess's `GameNode`. A node is a place in
        /// its tree: two nodes are equal when they are the same place of the same tree, and
        /// changes through one show in every other.
        #[pyclass(module = $path, name = "GameNode", frozen)]
        pub struct GameNode {
            tree: Py<GameTree>,
            id: NodeId,
        }

        impl GameNode {
            fn at(&self, py: Python<'_>, id: NodeId) -> GameNode {
                GameNode {
                    tree: self.tree.clone_ref(py),
                    id,
                }
            }

            fn read<'py>(&self, py: Python<'py>) -> PyResult<PyRef<'py, GameTree>> {
                Ok(self.tree.bind(py).try_borrow()?)
            }

            fn write<'py>(&self, py: Python<'py>) -> PyResult<PyRefMut<'py, GameTree>> {
                Ok(self.tree.bind(py).try_borrow_mut()?)
            }

            fn annotate(
                &self,
                py: Python<'_>,
                comment: Option<String>,
                starting_comment: Option<String>,
                nags: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<()> {
                let nags = nags.map(|n| generic::nags(Some(n))).transpose()?;
                let mut tree = self.write(py)?;
                let node = tree.tree.node_mut(self.id);
                if let Some(comment) = comment {
                    node.comment = comment;
                }
                if let Some(starting_comment) = starting_comment {
                    node.starting_comment = starting_comment;
                }
                if let Some(nags) = nags {
                    node.nags = nags;
                }
                Ok(())
            }
        }

        #[pymethods]
        impl GameNode {
            /// The move that reaches this node, or `None` at the root.
            #[getter(r#move)]
            fn get_move<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, Move>>> {
                let mv = self.read(py)?.tree.node(self.id).mv();
                mv.map(|mv| object(py, mv)).transpose()
            }

            /// The node this one's move is played from, or `None` at the root.
            #[getter]
            fn parent(&self, py: Python<'_>) -> PyResult<Option<GameNode>> {
                let parent = self.read(py)?.tree.node(self.id).parent();
                Ok(parent.map(|id| self.at(py, id)))
            }

            /// The moves from here: the first continues the line, the others are
            /// alternatives to it.
            #[getter]
            fn variations(&self, py: Python<'_>) -> PyResult<Vec<GameNode>> {
                let tree = self.read(py)?;
                let ids = tree.tree.node(self.id).variations();
                Ok(ids.iter().map(|&id| self.at(py, id)).collect())
            }

            /// The comment after the move (at the root: before the game's first move). A
            /// record writes a `}` in it as `)`; reading trims it.
            #[getter(comment)]
            fn get_comment(&self, py: Python<'_>) -> PyResult<String> {
                Ok(self.read(py)?.tree.node(self.id).comment.clone())
            }

            #[setter(comment)]
            fn set_comment(&self, py: Python<'_>, comment: String) -> PyResult<()> {
                self.annotate(py, Some(comment), None, None)
            }

            /// The comment before the move, written where the node starts a variation.
            #[getter(starting_comment)]
            fn get_starting_comment(&self, py: Python<'_>) -> PyResult<String> {
                Ok(self.read(py)?.tree.node(self.id).starting_comment.clone())
            }

            #[setter(starting_comment)]
            fn set_starting_comment(&self, py: Python<'_>, comment: String) -> PyResult<()> {
                self.annotate(py, None, Some(comment), None)
            }

            /// The numeric annotation glyphs (`1` is `!`, `2` is `?`, ...) in the record's
            /// order, as a tuple: assign a new collection to change them (`node.nags = {1}`;
            /// `ValueError` outside 0 to 255).
            #[getter(nags)]
            fn get_nags<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                let nags = self.read(py)?.tree.node(self.id).nags.clone();
                pyo3::types::PyTuple::new(py, nags)
            }

            #[setter(nags)]
            fn set_nags(&self, py: Python<'_>, nags: &Bound<'_, PyAny>) -> PyResult<()> {
                self.annotate(py, None, None, Some(nags))
            }

            /// The tree this node belongs to.
            fn game(&self, py: Python<'_>) -> Py<GameTree> {
                self.tree.clone_ref(py)
            }

            /// The moves from the start to this node.
            fn ply(&self, py: Python<'_>) -> PyResult<usize> {
                Ok(self.read(py)?.tree.moves_to(self.id).len())
            }

            /// A board after this node's move, with the moves from the start on its stack.
            fn board(&self, py: Python<'_>) -> PyResult<Board> {
                let tree = self.read(py)?;
                let mut core = Core::new(tree.tree.start_position().clone());
                for mv in tree.tree.moves_to(self.id) {
                    core.push(mv)?;
                }
                Ok(Board { core })
            }

            /// The move in SAN, as played from the parent (`ValueError` at the root).
            fn san(&self, py: Python<'_>) -> PyResult<String> {
                let tree = self.read(py)?;
                let node = tree.tree.node(self.id);
                match (node.mv(), node.parent()) {
                    (Some(mv), Some(parent)) => Ok(tree.tree.position(parent).san(mv).into_string()),
                    _ => Err(pyo3::exceptions::PyValueError::new_err("the root has no move")),
                }
            }

            /// The move in the long notation (`ValueError` at the root).
            fn uci(&self, py: Python<'_>) -> PyResult<String> {
                let mv = self.read(py)?.tree.node(self.id).mv();
                mv.map(<V as Variant>::long)
                    .ok_or_else(|| pyo3::exceptions::PyValueError::new_err("the root has no move"))
            }

            /// The first variation (the line's next node), or `None` at the line's end.
            fn next(&self, py: Python<'_>) -> PyResult<Option<GameNode>> {
                let first = self.read(py)?.tree.node(self.id).variations().first().copied();
                Ok(first.map(|id| self.at(py, id)))
            }

            /// The last node of this node's line (following first variations).
            fn end(&self, py: Python<'_>) -> PyResult<GameNode> {
                let tree = self.read(py)?;
                let mut at = self.id;
                while let Some(&next) = tree.tree.node(at).variations().first() {
                    at = next;
                }
                Ok(self.at(py, at))
            }

            /// The nodes after this one along first variations (python-chess's
            /// `node.mainline()`).
            fn mainline(&self, py: Python<'_>) -> PyResult<Vec<GameNode>> {
                let tree = self.read(py)?;
                let line = core::iter::successors(Some(self.id), |&id| {
                    tree.tree.node(id).variations().first().copied()
                });
                Ok(line.skip(1).map(|id| self.at(py, id)).collect())
            }

            /// The moves after this node along first variations.
            fn mainline_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
                let nodes = self.mainline(py)?;
                let moves: Vec<Mv> = {
                    let tree = self.read(py)?;
                    nodes.iter().filter_map(|n| tree.tree.node(n.id).mv()).collect()
                };
                objects(py, &moves)
            }

            /// Whether the node is on the game's main line (the root is).
            fn is_mainline(&self, py: Python<'_>) -> PyResult<bool> {
                let tree = self.read(py)?;
                let mut at = self.id;
                while let Some(parent) = tree.tree.node(at).parent() {
                    if tree.tree.starts_variation(at) {
                        return Ok(false);
                    }
                    at = parent;
                }
                Ok(true)
            }

            /// Whether the node is its parent's first variation (the root is).
            fn is_main_variation(&self, py: Python<'_>) -> PyResult<bool> {
                Ok(!self.read(py)?.tree.starts_variation(self.id))
            }

            /// Whether the node starts a variation: it is not its parent's first.
            fn starts_variation(&self, py: Python<'_>) -> PyResult<bool> {
                Ok(self.read(py)?.tree.starts_variation(self.id))
            }

            /// Whether the node has no variation.
            fn is_end(&self, py: Python<'_>) -> PyResult<bool> {
                Ok(self.read(py)?.tree.node(self.id).variations().is_empty())
            }

            /// Whether a variation from here plays `move`.
            fn has_variation(&self, py: Python<'_>, r#move: PyRef<'_, Move>) -> PyResult<bool> {
                let tree = self.read(py)?;
                let node = tree.tree.node(self.id);
                Ok(node
                    .variations()
                    .iter()
                    .any(|&id| tree.tree.node(id).mv() == Some(r#move.mv)))
            }

            /// Adds `move` as the last variation from here (the continuation if there is
            /// none) and returns its node, with the comments and glyphs given; an existing
            /// variation with that move is returned (and annotated) instead of a copy.
            /// `IllegalMoveError` when the move is not legal here.
            #[pyo3(signature = (r#move, *, comment = String::new(), starting_comment = String::new(), nags = None))]
            fn add_variation(
                &self,
                py: Python<'_>,
                r#move: PyRef<'_, Move>,
                comment: String,
                starting_comment: String,
                nags: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<GameNode> {
                let nags = generic::nags(nags)?;
                let mut tree = self.write(py)?;
                let id = tree
                    .tree
                    .add_variation(self.id, r#move.mv)
                    .map_err(generic::illegal)?;
                let node = tree.tree.node_mut(id);
                node.comment = comment;
                node.starting_comment = starting_comment;
                node.nags = nags;
                Ok(self.at(py, id))
            }

            /// `add_variation`, then makes it the continuation from here.
            #[pyo3(signature = (r#move, *, comment = String::new(), nags = None))]
            fn add_main_variation(
                &self,
                py: Python<'_>,
                r#move: PyRef<'_, Move>,
                comment: String,
                nags: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<GameNode> {
                let node = self.add_variation(py, r#move, comment, String::new(), nags)?;
                node.promote_to_main(py)?;
                Ok(node)
            }

            /// Makes this node its parent's first variation (its line the continuation there).
            fn promote_to_main(&self, py: Python<'_>) -> PyResult<()> {
                self.write(py)?.tree.promote_to_main(self.id);
                Ok(())
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .cast::<GameNode>()
                    .is_ok_and(|o| o.get().tree.is(&self.tree) && o.get().id == self.id)
            }

            fn __hash__(&self) -> u64 {
                use core::hash::{Hash, Hasher};
                let mut hasher = std::collections::hash_map::DefaultHasher::new();
                (self.tree.as_ptr() as usize, self.id).hash(&mut hasher);
                hasher.finish()
            }

            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                let tree = self.read(py)?;
                let ply = tree.tree.moves_to(self.id).len();
                Ok(match tree.tree.node(self.id).mv() {
                    Some(mv) => format!("<{}.GameNode {mv} at ply {ply}>", $path),
                    None => format!("<{}.GameNode root>", $path),
                })
            }
        }

        /// The games of a file, one at a time (`hexvar.read_games` makes it): an iterator of
        /// `GameTree` that holds one game's text at a time. A game that cannot be read is an
        /// empty tree whose `errors` holds its `InvalidRecordError` (game number, line and
        /// column in the file), and the next game is read: python-chess's way, so that a bad
        /// game never ends a `for` loop. An input that fails (a file object's `read` raising)
        /// gives its error the same way and ends the iteration.
        #[pyclass(module = $path, name = "GameReader")]
        pub struct GameReader {
            games: hexvar_geometry::record::RecordReader<V, records::Source>,
        }

        #[pymethods]
        impl GameReader {
            fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
                slf
            }

            fn __next__(&mut self) -> Option<GameTree> {
                Some(match self.games.next()? {
                    Ok(tree) => GameTree::of(tree),
                    Err(e) => GameTree {
                        tree: hexvar_geometry::GameTree::new(),
                        error: Some(e),
                    },
                })
            }
        }

        /// A reader of the games in `source`, as a Python object (for `hexvar.read_games`).
        pub fn read_games(py: Python<'_>, source: records::Source) -> PyResult<Py<PyAny>> {
            let games = hexvar_geometry::record::RecordReader::new(source);
            Ok(Py::new(py, GameReader { games })?.into_any())
        }

        /// Writes `game` (this variant's `GameTree` or `Game`) with the crates' writer; `None`
        /// when it is neither (another variant's, or no game).
        pub fn write_game(
            game: &Bound<'_, PyAny>,
            out: &mut records::Target,
        ) -> Option<PyResult<()>> {
            let written = if let Ok(tree) = game.cast::<GameTree>() {
                let tree = match tree.try_borrow() {
                    Ok(tree) => tree,
                    Err(e) => return Some(Err(e.into())),
                };
                hexvar_geometry::record::write_records(out, [&tree.tree])
            } else if let Ok(flat) = game.cast::<Game>() {
                let tree = match flat.try_borrow() {
                    Ok(flat) => hexvar_geometry::GameTree::from(&flat.game),
                    Err(e) => return Some(Err(e.into())),
                };
                hexvar_geometry::record::write_records(out, [&tree])
            } else {
                return None;
            };
            Some(written.map(drop).map_err(PyErr::from))
        }
    };
}

pub(crate) use tree_classes;
