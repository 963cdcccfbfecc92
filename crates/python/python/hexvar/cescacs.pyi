"""C'escacs (169 cells): Board, Move, Game and GameTree."""

from hexvar._board import Board as Board
from hexvar._board import Game as Game
from hexvar._board import GameNode as GameNode
from hexvar._board import GameReader as GameReader
from hexvar._board import GameTree as GameTree
from hexvar._board import LegalMoves as LegalMoves
from hexvar._board import Move as Move

__all__ = ["Board", "Game", "GameNode", "GameReader", "GameTree", "LegalMoves", "Move"]
