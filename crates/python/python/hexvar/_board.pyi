"""The classes every variant submodule has (``hexvar.<variant>.Board``, ``Move``, ``Game``).

Each variant has its own classes with these methods; a ``Move`` of one variant is not accepted by
another variant's ``Board``. This stub module describes them once.
"""

from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, final, overload

from hexvar import InvalidRecordError, Outcome, Piece

@final
class Move:
    """A legal move: the cells it leaves and reaches and its text in the variant's notation.

    Moves come from a board (``legal_moves``, ``parse_san``, ``parse_text``,
    ``move_from_index``) or from their text without a board (``Move("g2-g4")``, raising
    ``InvalidMoveTextError`` for a text that is no move of the variant; legality is a board's
    question); they compare and hash by value and pickle by their text. Boards hand out one
    shared object per move (the same object each time), as frozen values allow.
    """

    def __new__(cls, text: str) -> "Move": ...
    @staticmethod
    def from_uci(text: str) -> "Move":
        """The move a text in the variant's long notation names (UCI-like: from-cell, to-cell,
        promotion letter), read without a board; ``InvalidMoveTextError`` when it is no move."""
    def uci(self) -> str:
        """The move in the variant's long notation (ASCII, no spaces, needs no position)."""
    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        """Pickles as the class and the move's text."""

    @property
    def from_cell(self) -> Optional[str]:
        """The cell the move leaves, or ``None`` for a man entering from the hand."""
    @property
    def to_cell(self) -> str:
        """The cell the move goes to (the King's, for castling)."""
    @property
    def text(self) -> str:
        """The move in the variant's notation (``Board.push_text`` reads it back)."""
    @property
    def index(self) -> int:
        """The move's index in the variant's fixed move space (``Board.move_index``)."""
    @property
    def compact_index(self) -> int:
        """The move's index in the variant's compact move space (``Board.move_index`` with
        ``compact=True``); ``IllegalMoveError`` for a move no position has."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class LegalMoves(Sequence[Move]):
    """The legal moves of a board, in the generator's order: a live view like python-chess's
    (it follows the board as moves are pushed and popped), a sequence of ``Move`` (``len``, index
    and slice, iteration, ``in``, ``count()``, ``any()``) that makes a Python object only for the
    moves asked for. ``list(board.legal_moves)`` gives a list."""

    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    @overload
    def __getitem__(self, index: int, /) -> Move: ...
    @overload
    def __getitem__(self, index: slice, /) -> List[Move]: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __contains__(self, move: object, /) -> bool: ...
    def count(self) -> int:  # type: ignore[override]
        """The number of legal moves (as ``len``)."""
    def any(self) -> bool:
        """Whether there is a legal move."""

@final
class Board:
    """A position with the stack of moves that reached it, in the shape of python-chess's Board.

    ``Board()`` is the start position, ``Board(text)`` reads a position text and raises
    ``InvalidPositionError`` when it is not a legal position.
    """

    VARIANT: str
    """The variant's name."""
    CELL_COUNT: int
    """The number of cells."""
    SIDES: List[str]
    """The sides' names in the order of play (the first axis of ``encode``)."""
    ROLES: List[str]
    """The roles' letters by role index (the second axis of ``encode``)."""
    PLANES: int
    """The number of planes ``encode`` returns: the men (``len(SIDES) * len(ROLES)``), the side
    to move (``len(SIDES)``), the variant's state planes."""
    PLANE_NAMES: List[str]
    """Each plane's name, in ``encode``'s order."""
    MOVE_SPACE_SIZE: int
    """The size of the fixed move space: every ``move_index`` is below it."""
    MOVE_KINDS: List[str]
    """The move kinds of the move space by kind number: ``move``, one ``=X`` per role, then the
    variant's special kinds."""
    HAND_SLOTS: List[str]
    """The hand slots a man can enter from (the from-slots after the cells)."""
    OFF_BOARD_SLOTS: List[str]
    """The compact space's off-board slots (the blocks after its board part): the moves indexed
    by their kind and to-cell alone (entries and drops, relocations, in-place promotions)."""

    def __new__(cls, text: Optional[str] = None) -> "Board": ...
    @staticmethod
    def cells() -> List[str]:
        """Every cell's name, in the order ``encode`` and ``move_index`` use."""
    @staticmethod
    def mirror_cells() -> Optional[List[int]]:
        """The variant's mirror, the reflection of the board that keeps every side's men of every
        start position on that side's cells, as cell indices: the mirror of cell ``i`` is cell
        ``mirror_cells()[i]``. ``None`` for a variant without one (Kirby)."""
    @staticmethod
    def cell_coords() -> List[Tuple[int, int]]:
        """Each cell's coordinates in the variant's lattice, in ``cells()`` order (a compact
        shape's offset is the to-cell's minus the from-cell's)."""
    @staticmethod
    def compact_space_size() -> int:
        """The size of the compact move space: ``CELL_COUNT * len(compact_shapes())``, then
        ``len(OFF_BOARD_SLOTS) * len(MOVE_KINDS) * CELL_COUNT`` for the off-board moves. Derived
        from the variant's moves at the compact space's first use."""
    @staticmethod
    def compact_shapes() -> List[Tuple[str, Tuple[int, int]]]:
        """The compact space's shapes by shape number: ``(kind, (dx, dy))``, a name from
        ``MOVE_KINDS`` and the offset from the from-cell to the to-cell (``cell_coords()``)."""
    @staticmethod
    def start_positions() -> List[Tuple[str, str]]:
        """The variant's named start positions: ``(name, text)``, the standard first."""
    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves, in the generator's order: a live view (see ``LegalMoves``)."""
    def legal_move_count(self) -> int:
        """The number of legal moves, counted without listing them."""
    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal here."""
    def push(self, move: Move) -> None:
        """Plays a legal move; an illegal one raises ``IllegalMoveError`` and changes nothing."""
    def push_san(self, text: str) -> Move:
        """Plays the move a SAN text (or the move notation) names and returns it.

        Raises ``InvalidMoveTextError`` when the text names no legal move; the board is then
        unchanged.
        """
    def push_text(self, text: str) -> Move:
        """Plays the move a text in the variant's move notation names and returns it.

        Raises ``InvalidMoveTextError`` when the text names no legal move.
        """
    def push_uci(self, uci: str) -> Move:
        """Plays the legal move a text in the long notation names and returns it
        (``InvalidMoveTextError`` for a text that is no move, ``IllegalMoveError`` for a move
        not legal here; the board is then unchanged)."""
    def parse_uci(self, uci: str) -> Move:
        """The legal move a text in the long notation names (errors as ``push_uci``)."""
    def uci(self, move: Move) -> str:
        """A move in the long notation (``move.uci()``; python-chess's ``Board.uci``)."""
    def pop(self) -> Move:
        """Takes back the last move and returns it (``IndexError`` when there is none)."""
    def peek(self) -> Move:
        """The last move (``IndexError`` when there is none)."""
    @property
    def move_stack(self) -> List[Move]:
        """The moves pushed since the board was made, first first."""
    @property
    def turn(self) -> str:
        """The side to move, by name (one of ``SIDES``)."""
    @property
    def turn_index(self) -> int:
        """The side to move's index in ``SIDES``."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def outcome(self) -> Optional[Outcome]:
        """How the game has ended, or ``None``: the position's own end, or the variant's
        automatic repetition draw counted over the move stack."""
    def is_game_over(self) -> bool:
        """Whether ``outcome()`` is not ``None``."""
    def repetitions(self) -> int:
        """How often the current position has occurred on the move stack since the last
        irreversible move, now included."""
    def text(self) -> str:
        """The position text."""
    def copy(self, stack: bool = True) -> "Board":
        """A copy; with ``stack=False`` without the move stack."""
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, _memo: object) -> "Board": ...
    def zobrist_hash(self) -> int:
        """The Zobrist hash of the position."""
    def perft(self, depth: int) -> int:
        """The number of leaves ``depth`` plies below the position (the Rust crate's perft, the
        last ply counted in bulk; the interpreter lock is released meanwhile). ``ValueError``
        for a depth below 0 or above 64 (deeper would overflow the stack)."""
    def divide(self, depth: int) -> Dict[str, int]:
        """Perft per legal move, keyed and sorted by the move's notation; ``ValueError`` for a
        depth below 0 or above 64."""
    def san(self, move: Move) -> str:
        """A legal move in short algebraic notation (``IllegalMoveError`` if not legal here)."""
    def parse_san(self, text: str) -> Move:
        """The legal move a SAN text (or the move notation) names."""
    def parse_text(self, text: str) -> Move:
        """The legal move a text in the variant's move notation names."""
    def piece_at(self, cell: str) -> Optional[Piece]:
        """The man on a cell (by name), or ``None``; ``ValueError`` for a name that is no cell."""
    def svg(self, marked: Optional[List[str]] = None) -> str:
        """An SVG picture of the position with the ``marked`` cells ringed."""
    def _repr_svg_(self) -> str:
        """The SVG picture with the last move's cells ringed (Jupyter shows it)."""
    def encode(self) -> bytes:
        """The position as ``PLANES * CELL_COUNT`` bytes, plane by plane (``PLANE_NAMES``).

        Each plane is one byte per cell in ``cells()`` order: the men (plane
        ``side * len(ROLES) + role`` is 1 where such a man stands), the side to move (plane
        ``len(SIDES) * len(ROLES) + side`` all 1 for the side to move), then the variant's state:
        castling and en passant rights, Dagger's hands, Kirby's seats, teams, dead armies and
        waiting pawns. Two positions that differ in anything but the clocks differ here.
        ``numpy.frombuffer(board.encode(), numpy.uint8).reshape(board.PLANES, board.CELL_COUNT)``
        reads it without a copy.
        """
    @staticmethod
    def encode_many(boards: List["Board"]) -> bytes:
        """The planes of many boards of this variant, one after the other (``encode`` of each):
        ``numpy.frombuffer(Board.encode_many(boards), numpy.uint8).reshape(len(boards),
        Board.PLANES, Board.CELL_COUNT)``."""
    def legal_mask(self, *, compact: bool = False) -> Any:
        """The legal moves as a numpy array of ``MOVE_SPACE_SIZE`` booleans (with
        ``compact=True``, ``compact_space_size()``), ``True`` at each legal move's index (numpy
        must be installed)."""
    def move_index(self, move: Move, *, compact: bool = False) -> int:
        """The move's index in the fixed move space:
        ``(kind * (CELL_COUNT + len(HAND_SLOTS)) + from_slot) * CELL_COUNT + to``.

        ``from_slot`` is the from-cell's index (or ``CELL_COUNT`` + the hand slot), ``to`` the
        to-cell's index, ``kind`` an index into ``MOVE_KINDS``. With ``compact=True``, the index
        in the compact space: ``from * len(compact_shapes()) + shape`` for a move from a cell.
        No two legal moves of a position share an index in either space.
        """
    def move_from_index(self, index: int, *, compact: bool = False) -> Move:
        """The legal move with that index in the fixed or (``compact=True``) the compact space
        (``IllegalMoveError`` when none has it)."""
    def mirror(self) -> "Board":
        """The mirror image (``mirror_cells()``), the move stack empty: the men and the cells
        the rights name mirrored (Dagger's knights in hand swapped), the rights the mirror
        breaks dropped; where none is, its legal moves are the mirrored moves. ``ValueError``
        for a variant without a mirror."""
    def game(self) -> "Game":
        """The board's start and move stack as a ``Game`` (for its record)."""
    def __eq__(self, other: object, /) -> bool:
        """Equal positions (the move stacks aside). A board is mutable, so it has no ``hash()``
        (as python-chess's): ``zobrist_hash()`` or ``text()`` key a dict."""
    __hash__: None  # type: ignore[assignment]
    def __reduce__(self) -> Tuple[Any, Tuple[str], List[str]]:
        """Pickles as the class, the start position's text and the moves' texts."""
    def __setstate__(self, moves: List[str]) -> None:
        """Replays the pickled moves (their texts) from the position."""
    def is_checkmate(self) -> bool:
        """Whether the side to move is in check and has no legal move (Kirby: the army to
        move; the game ends when one team is left, see ``outcome()``)."""
    def is_stalemate(self) -> bool:
        """Whether the side to move is not in check and has no legal move. Kirby's rules give a
        stalemated army relocations instead: there it is whether every legal move is a
        relocation."""
    def is_insufficient_material(self) -> bool:
        """Whether the position is drawn by the variant's insufficient-material rule (Kirby has
        no such rule, and so never)."""
    def is_seventyfive_moves(self) -> bool:
        """Whether 75 moves by each side have passed without a capture or pawn move
        (``halfmove_clock >= 150``) and the side to move has a legal move, as python-chess
        counts it."""
    def is_fivefold_repetition(self) -> bool:
        """Whether the position has occurred five times on the move stack."""
    def is_repetition(self, count: int = 3) -> bool:
        """Whether the position has occurred at least ``count`` times on the move stack."""
    def can_claim_draw(self) -> bool:
        """Whether the side to move may claim a draw now by the variant's rules."""
    def result(self, *, claim_draw: bool = False) -> str:
        """The result as a record writes it, ``*`` while the game goes on; with
        ``claim_draw``, a draw the side to move may claim counts."""
    def is_capture(self, move: Move) -> bool:
        """Whether a legal move captures (``IllegalMoveError`` for a move not legal here)."""
    def is_zeroing(self, move: Move) -> bool:
        """Whether a legal move makes every earlier position unrepeatable."""
    def gives_check(self, move: Move) -> bool:
        """Whether a legal move checks the side that moves next."""
    def is_castling(self, move: Move) -> bool:
        """Whether a move is a castling."""
    def is_en_passant(self, move: Move) -> bool:
        """Whether a move takes en passant (Kirby has no en passant)."""
    def king(self, color: str) -> Optional[str]:
        """The cell of the King of the side named ``color``, or ``None``."""
    def pieces(self, role: str, color: str) -> List[str]:
        """The cells of the men of a role (its letter, one of ``ROLES``) and side."""
    def piece_map(self) -> Dict[str, Piece]:
        """Every man on the board by its cell's name."""
    def attackers(self, color: str, cell: str) -> List[str]:
        """The cells (in `cells()` order) of the men of the side named `color` that attack
        `cell` (python-chess's `attackers(color, square)`): each could take a man of another
        side standing there, whatever stands there now; pinned men count, and so do men of the
        side to move. En passant and C'escacs's scornful captures are moves, not attacks, and
        Dagger's knights in hand stand on no cell. Kirby: the men of one army."""
    def is_attacked_by(self, color: str, cell: str) -> bool:
        """Whether a man of the side named `color` attacks `cell` (`attackers` is not empty;
        python-chess's `is_attacked_by`)."""
    def checkers(self) -> List[str]:
        """The cells of the men that give check to the side to move."""
    def ply(self) -> int:
        """The half-moves since the start of the game: the start's (from its move number and
        side to move; Kirby's text has none, so 0) and the moves on the stack."""
    @property
    def fullmove_number(self) -> int:
        """The move number as the position text counts it."""
    @property
    def halfmove_clock(self) -> int:
        """The half-moves since the last capture or pawn move (Kirby keeps no count: the
        moves on the stack since the last one)."""
    def set_text(self, text: str) -> None:
        """Sets the position from its text; the move stack starts again there."""
    def set_fen(self, fen: str) -> None:
        """``set_text``, by python-chess's name."""
    def reset(self) -> None:
        """Back to the start position, the move stack empty."""
    @staticmethod
    def make_piece(role: str, color: str) -> Piece:
        """The man of a role (its letter, one of ``ROLES``) and side (one of ``SIDES``), for
        ``set_piece_at`` (python-chess's ``Piece(piece_type, color)``)."""
    def set_piece_at(self, cell: str, piece: Piece) -> None:
        """Puts a man on a cell. A board always holds a legal position: one that would not be
        raises ``InvalidPositionError`` and leaves the board unchanged (so no ``clear()``: a
        board without Kings is no position; ``set_piece_map`` sets every man at once); rights
        the edit breaks are dropped. The move stack starts again there."""
    def remove_piece_at(self, cell: str) -> Optional[Piece]:
        """Takes the man off a cell and returns it (``None`` for an empty cell), under
        ``set_piece_at``'s rule."""
    def set_piece_map(self, pieces: Dict[str, Piece]) -> None:
        """Sets up the board's men from a mapping of cell names to ``Piece`` objects, every other
        cell emptied, in one validated step (python-chess's ``set_piece_map``): the way to set
        up a position man by man, since a board always holds a legal position and so has no
        ``clear()`` (python-chess's board without men is no position of these variants: each
        side needs its King). The side to move, the hand and the other state are kept, rights
        the new men break are dropped, and the move stack starts again there.
        ``InvalidPositionError`` (the board unchanged) when the men make no legal position."""

@final
class Game:
    """A game: its start, the moves played, the variant's repetition draws and draw claims, and
    the tags of its record. A finished game refuses moves (``IllegalMoveError``) until ``pop``."""

    def __new__(cls, text: Optional[str] = None) -> "Game": ...
    @staticmethod
    def from_record(text: str) -> "Game":
        """A game read from its record (``InvalidRecordError`` at the first bad token)."""
    def record(self) -> str:
        """The game's record: tags, the moves in SAN, the result."""
    def board(self) -> Board:
        """A board at the current position, with the game's moves on its stack."""
    def push(self, move: Move) -> None:
        """Plays a legal move (``IllegalMoveError`` for an illegal move or a finished game)."""
    def push_san(self, text: str) -> Move:
        """Plays the move a SAN text names and returns it."""
    def pop(self) -> Move:
        """Takes back the last move (and a declared draw) and returns it."""
    @property
    def moves(self) -> List[Move]:
        """The moves played."""
    def san_moves(self) -> List[str]:
        """The moves played, in SAN."""
    def outcome(self) -> Optional[Outcome]:
        """How the game has ended (repetition and declared draws included), or ``None``."""
    def repetitions(self) -> int:
        """How often the current position has occurred."""
    def claimable_draw(self) -> Optional[str]:
        """The draw the side to move may claim now, by reason, or ``None``."""
    def claim_draw(self) -> Optional[str]:
        """Claims the draw the rules allow now; returns its reason, or ``None``."""
    def agree_draw(self) -> bool:
        """Records a draw by agreement; returns whether it was recorded."""
    def tags(self) -> List[Tuple[str, str]]:
        """The record's tags, ``(name, value)`` in order."""
    def set_tag(self, name: str, value: str) -> None:
        """Sets a record tag (the first of that name replaced, or a new one last); ``ValueError``
        for what no record can hold (a name that is no PGN symbol, a value with a control
        character such as a newline) and for ``Variant``, ``Position``, ``FEN``, ``SetUp``."""

@final
class GameTree:
    """A game with its variations, comments and numeric annotation glyphs, and its tags in their
    order: python-chess's ``chess.pgn.Game``. It is also the tree's root node: the node methods
    (``variations``, ``comment``, ``mainline()``, ``mainline_moves()``, ``add_variation``,
    ``next()``, ``end()``, ``board()``) act on the root, ``root()`` gives it as a ``GameNode``.
    ``str(tree)`` is its record, which reads back into an equal tree."""

    def __new__(cls, text: Optional[str] = None) -> "GameTree": ...
    @staticmethod
    def from_record(text: str) -> "GameTree":
        """A tree read from one game's record (``InvalidRecordError`` at the first bad token,
        with its ``line`` and ``column``)."""
    @staticmethod
    def from_game(game: Game) -> "GameTree":
        """A ``Game``'s moves as the main line, with its tags and result."""
    @staticmethod
    def from_board(board: Board) -> "GameTree":
        """A board's start and move stack as the main line."""
    def to_game(self) -> Game:
        """The main line as a ``Game`` (``IllegalMoveError`` when a main-line move follows the
        end of the game by the rules)."""
    def record(self) -> str:
        """The record: tags, the moves in SAN with comments, glyphs and variations, the result."""
    def tags(self) -> List[Tuple[str, str]]:
        """The tags, ``(name, value)`` in their order (``Variant``, ``Position``, ``Result``
        included)."""
    def tag(self, name: str) -> Optional[str]:
        """The first value of a tag, or ``None``."""
    def set_tag(self, name: str, value: str) -> None:
        """Sets a tag (``ValueError`` as ``Game.set_tag``)."""
    def result(self) -> str:
        """The record's result: its ``Result`` tag, else ``*``."""
    @property
    def errors(self) -> List[InvalidRecordError]:
        """The ``InvalidRecordError`` that stopped the reading of this game (python-chess's
        ``game.errors``): empty for a game read whole; a game ``read_games`` could not read is an
        empty tree with its error here."""
    @property
    def warnings(self) -> List[str]:
        """What the reader noticed and read anyway, located (a contradicting result, a bad
        move in a variation)."""
    def root(self) -> "GameNode":
        """The root as a ``GameNode``."""
    @property
    def variations(self) -> List["GameNode"]:
        """The first moves: the main line's first, then its alternatives."""
    @property
    def comment(self) -> str:
        """The comment before the game's first move."""
    @comment.setter
    def comment(self, comment: str) -> None: ...
    def mainline(self) -> List["GameNode"]:
        """The main line's nodes."""
    def mainline_moves(self) -> List[Move]:
        """The main line's moves."""
    def next(self) -> Optional["GameNode"]:
        """The main line's first node, or ``None``."""
    def end(self) -> "GameNode":
        """The main line's last node (the root for a game without moves)."""
    def board(self) -> Board:
        """A board at the start."""
    def add_variation(
        self, move: Move, *, comment: str = "", starting_comment: str = "", nags: Optional[Iterable[int]] = None
    ) -> "GameNode":
        """Adds a first move (see ``GameNode.add_variation``)."""
    def add_main_variation(self, move: Move, *, comment: str = "", nags: Optional[Iterable[int]] = None) -> "GameNode":
        """Adds a first move as the main line's."""

@final
class GameNode:
    """One node of a ``GameTree``: the move that reaches it (``None`` at the root), its comments
    and glyphs, and the moves from it. python-chess's ``GameNode``. Two nodes are equal when they
    are the same place of the same tree; a change through one shows in every other."""

    @property
    def move(self) -> Optional[Move]:
        """The move that reaches this node, or ``None`` at the root."""
    @property
    def parent(self) -> Optional["GameNode"]:
        """The node this one's move is played from, or ``None`` at the root."""
    @property
    def variations(self) -> List["GameNode"]:
        """The moves from here: the first continues the line, the others are alternatives."""
    @property
    def comment(self) -> str:
        """The comment after the move (at the root: before the first move); a record writes a
        ``}`` in it as ``)``, and reading trims it."""
    @comment.setter
    def comment(self, comment: str) -> None: ...
    @property
    def starting_comment(self) -> str:
        """The comment before the move, written where the node starts a variation."""
    @starting_comment.setter
    def starting_comment(self, comment: str) -> None: ...
    @property
    def nags(self) -> Tuple[int, ...]:
        """The numeric annotation glyphs in the record's order; assign a new collection to change
        them (``ValueError`` outside 0 to 255)."""
    @nags.setter
    def nags(self, nags: Iterable[int]) -> None: ...
    def game(self) -> GameTree:
        """The tree this node belongs to."""
    def ply(self) -> int:
        """The moves from the start to this node."""
    def board(self) -> Board:
        """A board after this node's move, with the moves from the start on its stack."""
    def san(self) -> str:
        """The move in SAN, as played from the parent (``ValueError`` at the root)."""
    def uci(self) -> str:
        """The move in the long notation (``ValueError`` at the root)."""
    def next(self) -> Optional["GameNode"]:
        """The first variation, or ``None`` at the line's end."""
    def end(self) -> "GameNode":
        """The last node of this node's line."""
    def mainline(self) -> List["GameNode"]:
        """The nodes after this one along first variations."""
    def mainline_moves(self) -> List[Move]:
        """The moves after this node along first variations."""
    def is_mainline(self) -> bool:
        """Whether the node is on the game's main line (the root is)."""
    def is_main_variation(self) -> bool:
        """Whether the node is its parent's first variation (the root is)."""
    def starts_variation(self) -> bool:
        """Whether the node is not its parent's first variation."""
    def is_end(self) -> bool:
        """Whether the node has no variation."""
    def has_variation(self, move: Move) -> bool:
        """Whether a variation from here plays ``move``."""
    def add_variation(
        self, move: Move, *, comment: str = "", starting_comment: str = "", nags: Optional[Iterable[int]] = None
    ) -> "GameNode":
        """Adds ``move`` as the last variation from here (the continuation if there is none)
        and returns its node; an existing variation with that move is returned (and annotated)
        instead. ``IllegalMoveError`` when the move is not legal here."""
    def add_main_variation(self, move: Move, *, comment: str = "", nags: Optional[Iterable[int]] = None) -> "GameNode":
        """``add_variation``, then makes it the continuation from here."""
    def promote_to_main(self) -> None:
        """Makes this node its parent's first variation."""

@final
class GameReader:
    """The games of a file, one at a time (``hexvar.read_games`` makes it): an iterator of
    ``GameTree`` holding one game's text at a time. A game that cannot be read is an empty tree
    whose ``errors`` holds its located ``InvalidRecordError``, and the next game is read."""

    def __iter__(self) -> "GameReader": ...
    def __next__(self) -> GameTree: ...
