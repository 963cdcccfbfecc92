"""The compact move space: every legal move of every conformance position and of random games
has an index there, distinct within its position, that gives the move back, laid out as the
README says (from-cell × shape, then the off-board slots)."""

import random

import pytest

import hexvar
from conftest import conformance_positions, random_game

try:
    import numpy
except ImportError:
    numpy = None


def check_position(board):
    """The compact index of every legal move of `board`: in range, distinct, back to the move,
    and where the layout says."""
    cls = type(board)
    shapes = cls.compact_shapes()
    cells, coords = cls.cells(), cls.cell_coords()
    board_part = cls.CELL_COUNT * len(shapes)
    moves = list(board.legal_moves)
    indices = [board.move_index(m, compact=True) for m in moves]
    assert len(set(indices)) == len(moves)
    for move, index in zip(moves, indices):
        assert 0 <= index < cls.compact_space_size()
        assert move.compact_index == index
        assert board.move_from_index(index, compact=True) == move
        # The kind, as the fixed space (whose layout test_board checks) names it.
        slots = cls.CELL_COUNT + len(cls.HAND_SLOTS)
        kind = cls.MOVE_KINDS[board.move_index(move) // (slots * cls.CELL_COUNT)]
        to = cells.index(move.to_cell)
        if index < board_part:
            start = cells.index(move.from_cell)
            assert index // len(shapes) == start
            offset = (coords[to][0] - coords[start][0], coords[to][1] - coords[start][1])
            assert shapes[index % len(shapes)] == (kind, offset)
        else:
            slot, rest = divmod(index - board_part, len(cls.MOVE_KINDS) * cls.CELL_COUNT)
            assert slot < len(cls.OFF_BOARD_SLOTS)
            assert cls.MOVE_KINDS[rest // cls.CELL_COUNT] == kind
            assert rest % cls.CELL_COUNT == to
    return indices


@pytest.mark.parametrize(
    "variant,text",
    [
        pytest.param(variant, text, id=f"{variant}-{i}")
        for variant in hexvar.VARIANTS
        for i, text in enumerate([None] + conformance_positions(variant))
    ],
)
def test_every_conformance_move_has_a_compact_index(variant, text):
    check_position(hexvar.Board(variant, text))


@pytest.mark.parametrize("seed", range(2))
def test_every_random_game_move_has_a_compact_index(variant, seed):
    rng = random.Random(1000 + seed)
    cls = getattr(hexvar, variant).Board
    for _, text in cls.start_positions():
        board = cls(text)
        for _ in range(200):
            check_position(board)
            if not random_game(board, rng, 1):
                break


def test_coordinates_tell_the_cells_apart(variant):
    cls = getattr(hexvar, variant).Board
    coords = cls.cell_coords()
    assert len(coords) == cls.CELL_COUNT == len(set(coords))
    shapes = cls.compact_shapes()
    assert len(set(shapes)) == len(shapes)
    assert all(kind in cls.MOVE_KINDS for kind, _ in shapes)
    assert cls.compact_space_size() == cls.CELL_COUNT * (
        len(shapes) + len(cls.OFF_BOARD_SLOTS) * len(cls.MOVE_KINDS)
    )


def test_compact_index_outside_the_space_raises(variant):
    board = hexvar.Board(variant)
    with pytest.raises(hexvar.IllegalMoveError):
        board.move_from_index(board.compact_space_size(), compact=True)
    used = {board.move_index(m, compact=True) for m in board.legal_moves}
    unused = next(i for i in range(board.compact_space_size()) if i not in used)
    with pytest.raises(hexvar.IllegalMoveError):
        board.move_from_index(unused, compact=True)


@pytest.mark.skipif(numpy is None, reason="numpy is not installed")
def test_compact_legal_mask(variant, rng):
    board = hexvar.Board(variant)
    random_game(board, rng, 30)
    mask = board.legal_mask(compact=True)
    assert mask.dtype == numpy.bool_ and mask.shape == (board.compact_space_size(),)
    assert sorted(numpy.flatnonzero(mask)) == sorted(
        board.move_index(m, compact=True) for m in board.legal_moves
    )
