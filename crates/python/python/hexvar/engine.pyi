"""The hexvar-engine search in the shape of python-chess's ``chess.engine``: ``Engine``, ``Limit``,
``Score``, ``PlayResult``. The search runs with the interpreter released and stops at its limit or
at ``Engine.stop()`` from another thread."""

from typing import Any, Dict, List, Optional, Union, final

__all__ = ["Engine", "Limit", "PlayResult", "Score"]

@final
class Limit:
    """How long, how deep or how wide a search may go (python-chess's ``Limit``): it stops at
    whichever comes first, and with none runs until ``Engine.stop()``."""

    def __new__(cls, *, depth: Optional[int] = None, nodes: Optional[int] = None, time: Optional[float] = None) -> "Limit": ...
    depth: Optional[int]
    """The deepest iteration, in plies of the main search (1 to 64), or ``None``."""
    nodes: Optional[int]
    """The most nodes searched, or ``None``."""
    time: Optional[float]
    """The most seconds for the search, or ``None``."""

@final
class Score:
    """A score from the side to move's view (Kirby: its team), centipawns or a mate in plies."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The centipawns; for a mate ``None``, or ``mate_score`` less the plies to it (negated
        when the side to move is mated)."""
    def mate(self) -> Optional[int]:
        """The plies to mate: positive when the side to move mates, negative (0: mated now) when
        it is mated; ``None`` for centipawns."""
    def is_mate(self) -> bool:
        """Whether the score is a mate."""

@final
class PlayResult:
    """What ``Engine.play`` found (python-chess's ``PlayResult``)."""

    move: Optional[Any]
    """The move to play (the variant's ``Move``), or ``None`` when the game is over."""
    ponder: Optional[Any]
    """The reply the best line expects, or ``None``."""
    info: Dict[str, Any]
    """The best line's info dict."""

@final
class Engine:
    """The search engine: settings and a transposition table kept from one search to the next.
    One search runs at a time; ``stop()`` from another thread ends it at once."""

    def __new__(cls, *, hash_mb: int = 16, contempt: int = 0) -> "Engine": ...
    def analyse(self, board: Any, limit: Limit, *, multipv: Optional[int] = None) -> Union[Dict[str, Any], List[Dict[str, Any]]]:
        """Searches the board's position (its move stack counts for repetitions) and returns the
        info dict (``score``, ``pv``, ``depth``, ``seldepth``, ``nodes``, ``time``, ``multipv``);
        with ``multipv=k`` a list of the best ``k`` lines' dicts."""
    def play(self, board: Any, limit: Limit) -> PlayResult:
        """Searches the board's position and returns the move to play."""
    def stop(self) -> None:
        """Stops the running search (from another thread)."""
    def new_game(self) -> None:
        """Forgets what earlier searches stored."""
