"""The classes every variant submodule has (``hexvar.<variant>.Board``, ``Move``, ``Game``).

Each variant has its own classes with these methods; a ``Move`` of one variant is not accepted by
another variant's ``Board``. This stub module describes them once.
"""

from typing import Dict, Iterator, List, Optional, Sequence, Tuple, final, overload

from hexvar import Outcome, Piece

@final
class Move:
    """A legal move: the cells it leaves and reaches and its text in the variant's notation.

    Moves come from a board (``legal_moves``, ``parse_san``, ``parse_text``,
    ``move_from_index``); they compare and hash by value.
    """

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
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class LegalMoves(Sequence[Move]):
    """The legal moves of a position, in the generator's order: a sequence of ``Move`` (``len``,
    index and slice, iteration, ``in``) that makes a Python object only for the moves asked for.
    ``list(board.legal_moves)`` gives a list."""

    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int, /) -> Move: ...
    @overload
    def __getitem__(self, index: slice, /) -> List[Move]: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __contains__(self, move: object, /) -> bool: ...
    def count(self) -> int:  # type: ignore[override]
        """The number of legal moves (as ``len``)."""

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
    """The number of planes ``encode`` returns: ``len(SIDES) * len(ROLES)``."""
    MOVE_SPACE_SIZE: int
    """The size of the fixed move space: every ``move_index`` is below it."""
    MOVE_KINDS: List[str]
    """The move kinds of the move space by kind number: ``move``, one ``=X`` per role, then the
    variant's special kinds."""
    HAND_SLOTS: List[str]
    """The hand slots a man can enter from (the from-slots after the cells)."""

    def __new__(cls, text: Optional[str] = None) -> "Board": ...
    @staticmethod
    def cells() -> List[str]:
        """Every cell's name, in the order ``encode`` and ``move_index`` use."""
    @staticmethod
    def start_positions() -> List[Tuple[str, str]]:
        """The variant's named start positions: ``(name, text)``, the standard first."""
    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves, in the generator's order, as a sequence of ``Move``."""
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
        last ply counted in bulk; the interpreter lock is released meanwhile)."""
    def divide(self, depth: int) -> Dict[str, int]:
        """Perft per legal move, keyed and sorted by the move's notation."""
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
        """The position as ``PLANES * CELL_COUNT`` bytes.

        Byte ``(side * len(ROLES) + role) * CELL_COUNT + cell`` is 1 where a man of that side
        and role stands on that cell (cells in ``cells()`` order), else 0.
        ``numpy.frombuffer(board.encode(), numpy.uint8).reshape(board.PLANES, board.CELL_COUNT)``
        reads it without a copy.
        """
    def move_index(self, move: Move) -> int:
        """The move's index in the fixed move space:
        ``(kind * (CELL_COUNT + len(HAND_SLOTS)) + from_slot) * CELL_COUNT + to``.

        ``from_slot`` is the from-cell's index (or ``CELL_COUNT`` + the hand slot), ``to`` the
        to-cell's index, ``kind`` an index into ``MOVE_KINDS``. No two legal moves of a position
        share an index.
        """
    def move_from_index(self, index: int) -> Move:
        """The legal move with that index (``IllegalMoveError`` when none has it)."""
    def game(self) -> "Game":
        """The board's start and move stack as a ``Game`` (for its record)."""
    def __eq__(self, other: object, /) -> bool:
        """Equal positions (the move stacks aside)."""
    def __hash__(self) -> int:
        """The Zobrist hash."""

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
        """Sets a record tag."""
