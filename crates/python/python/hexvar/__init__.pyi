"""Hexagonal chess variants with the speed of the Rust crates."""

import os
from typing import IO, Any, Iterable, List, Optional, Union, final

from hexvar import brusky as brusky
from hexvar import cescacs as cescacs
from hexvar import chessagon as chessagon
from hexvar import dagger as dagger
from hexvar import engine as engine
from hexvar import kirby as kirby
from hexvar._board import Board as _Board
from hexvar._board import Game as _Game
from hexvar._board import GameReader as _GameReader

__all__ = [
    "VARIANTS",
    "Board",
    "IllegalMoveError",
    "InvalidMoveTextError",
    "InvalidPositionError",
    "InvalidRecordError",
    "Outcome",
    "Piece",
    "brusky",
    "cescacs",
    "chessagon",
    "dagger",
    "engine",
    "kirby",
    "read_game",
    "read_games",
    "write_games",
]

VARIANTS: List[str]
"""The variants' names: ``brusky``, ``chessagon``, ``dagger``, ``cescacs``, ``kirby``."""

class InvalidPositionError(ValueError):
    """A text that is not a legal position of the variant."""

class IllegalMoveError(ValueError):
    """A move that is not legal in the position (or a game that is over)."""

class InvalidMoveTextError(ValueError):
    """A text that names no legal move in the position (not a move, illegal, or ambiguous)."""

class InvalidRecordError(ValueError):
    """A game record that cannot be read; the message gives the line and column."""

@final
class Piece:
    """A man on the board: its side and role."""

    color: str
    """The side's name."""
    color_index: int
    """The side's index in the order of play (``Board.SIDES``)."""
    role: str
    """The role's letter, upper case."""
    role_index: int
    """The role's index in ``Board.ROLES``."""
    symbol: str
    """The man as the position text writes it."""

@final
class Outcome:
    """How a game ended: the winning side or team, or a draw, and why."""

    winner: Optional[str]
    """The winner as ``Board.SIDES`` names sides (Kirby's winning team: its sides joined by
    `` and ``, such as ``B and W``), or ``None`` for a draw."""
    winners: List[str]
    """Every winning side's name (several for a team, none for a draw)."""
    reason: str
    """The reason in a few words: ``checkmate``, ``stalemate``, ``threefold repetition``, ..."""
    result: str
    """The result as a record writes it: ``1-0``, ``0-1``, ``1/2-1/2`` or the variant's own."""
    text: str
    """The whole outcome in words."""
    def is_draw(self) -> bool:
        """Whether the game is drawn."""

def Board(variant: str, text: Optional[str] = None) -> _Board:
    """A board of the variant named ``variant`` (one of ``VARIANTS``): its start, or ``text``."""

def read_game(text: str, variant: Optional[str] = None) -> _Game:
    """A game read from its record; the variant is the ``Variant`` tag, or ``variant``."""

def read_games(source: Union[str, "os.PathLike[str]", IO[Any]], variant: Optional[str] = None) -> _GameReader:
    """The games of a file of many records (a path, or a text or binary file object), one
    ``GameTree`` at a time, holding one game's text at a time. The variant is the first game's
    ``Variant`` tag, or ``variant``; every game is read as that variant. A game that cannot be
    read is an empty tree whose ``errors`` holds its ``InvalidRecordError`` (game, line, column),
    and the next game is read (python-chess's way)."""

def write_games(target: Union[str, "os.PathLike[str]", IO[Any]], games: Iterable[Any]) -> int:
    """Writes ``GameTree`` and ``Game`` objects of any variant, taken one at a time, as records
    to a path (created or truncated) or a file object, a blank line after each; returns how many
    were written."""
