"""Hexagonal chess variants with the speed of the Rust crates.

Five variants, each a submodule with the classes ``Board``, ``Move`` and ``Game`` in the shape of
python-chess: ``hexvar.brusky``, ``hexvar.chessagon``, ``hexvar.dagger``, ``hexvar.cescacs`` and
``hexvar.kirby``.

>>> import hexvar
>>> board = hexvar.brusky.Board()
>>> len(board.legal_moves) == board.perft(1)
True

``hexvar.Board(name, text=None)`` picks the variant by name, ``hexvar.read_game(record)`` reads a
game record of any variant, ``hexvar.read_games(path_or_file)`` the games of a file of many (as
``GameTree``, python-chess's ``chess.pgn.Game`` shape: variations, comments, glyphs) one at a
time, and ``hexvar.write_games(path_or_file, games)`` writes them. ``hexvar.engine`` searches any board
in the shape of python-chess's ``chess.engine`` (``Engine().analyse(board, Limit(depth=4))``). Bad input raises a ``ValueError`` subclass:
``InvalidPositionError``, ``IllegalMoveError``, ``InvalidMoveTextError`` or ``InvalidRecordError``.
"""

import sys as _sys

from hexvar import _cpu

# Before the extension's machine code loads: a CPU without its instructions gets an ImportError
# that says so, not SIGILL.
_cpu.check()

from hexvar._hexvar import (  # noqa: E402
    VARIANTS,
    Board,
    IllegalMoveError,
    InvalidMoveTextError,
    InvalidPositionError,
    InvalidRecordError,
    Outcome,
    Piece,
    brusky,
    cescacs,
    chessagon,
    dagger,
    engine,
    kirby,
    read_game,
    read_games,
    write_games,
)

# The variants are submodules of the extension module; registering them makes
# `import hexvar.kirby` and `from hexvar.kirby import Board` work as for any package.
for _name in VARIANTS + ["engine"]:
    _sys.modules[f"{__name__}.{_name}"] = globals()[_name]

# Every public name imported above (the stub lists them).
__all__ = [_n for _n in dir() if not _n.startswith("_")]
