"""Dagger Chess (39 cells, knights entering from the hand): Board, Move and Game."""

from hexvar._board import Board as Board
from hexvar._board import Game as Game
from hexvar._board import LegalMoves as LegalMoves
from hexvar._board import Move as Move

__all__ = ["Board", "Game", "LegalMoves", "Move"]
