"""Each variant's mirror: a reflection of the board that maps every legal move of a position to a
legal move of its image, on every conformance position whose rights the mirror keeps."""

import pytest

import hexvar
from conftest import conformance_positions

# Brusky's rows of 9 to 12 hexes reverse onto no reflection of the hex lattice; with three or
# more armies a reflection of Kirby's board makes armies trade seats.
WITHOUT_MIRROR = {"brusky", "kirby"}


def signature(board, move, mirror=None):
    """A move as its cells (mirrored when `mirror` is given) and its kind; castlings as one kind,
    since a mirror swaps their wings."""
    cells = board.cells()
    index = [cells.index(c) if c is not None else None for c in (move.from_cell, move.to_cell)]
    if mirror is not None:
        index = [mirror[i] if i is not None else None for i in index]
    slots = board.CELL_COUNT + len(board.HAND_SLOTS)
    kind = board.MOVE_KINDS[board.move_index(move) // (slots * board.CELL_COUNT)]
    return (*(-1 if i is None else i for i in index), "castle" if board.is_castling(move) else kind)


def test_the_mirror_is_a_reflection_or_none(variant):
    cls = getattr(hexvar, variant).Board
    mirror = cls.mirror_cells()
    if variant in WITHOUT_MIRROR:
        assert mirror is None
        with pytest.raises(ValueError, match="no mirror"):
            cls().mirror()
        return
    assert sorted(mirror) == list(range(cls.CELL_COUNT))
    assert all(mirror[mirror[i]] == i for i in range(cls.CELL_COUNT))
    assert any(mirror[i] != i for i in range(cls.CELL_COUNT))
    # A reflection keeps distances: the offset between two cells keeps its length.
    coords = cls.cell_coords()
    start = cls()
    for side in cls.SIDES:
        men = [c for c, p in start.piece_map().items() if p.color == side]
        images = {cls.cells()[mirror[cls.cells().index(c)]] for c in men}
        assert images == set(men)
    assert len({coords[mirror[i]] for i in range(cls.CELL_COUNT)}) == cls.CELL_COUNT


@pytest.mark.parametrize("variant", [v for v in hexvar.VARIANTS if v not in WITHOUT_MIRROR])
def test_mirrored_positions_have_the_mirrored_moves(variant):
    cls = getattr(hexvar, variant).Board
    mirror = cls.mirror_cells()
    checked = 0
    for text in [None] + conformance_positions(variant):
        board = cls(text)
        image = board.mirror()
        if image.mirror() != board:
            continue  # a right the mirror breaks was dropped: another game
        mirrored = sorted(signature(board, m, mirror) for m in board.legal_moves)
        assert mirrored == sorted(signature(image, m) for m in image.legal_moves), board.text()
        assert image.perft(2) == board.perft(2)
        assert image.is_check() == board.is_check() and image.turn == board.turn
        checked += 1
    assert checked >= 20
