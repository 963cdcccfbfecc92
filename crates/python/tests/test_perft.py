"""Perft from Python equals the Rust crates' counts: the rules documents' rows and the
conformance sets, every row up to MAX_NODES nodes."""

import pytest

import hexvar
from conftest import MAX_NODES, perft_rows

CASES = [
    pytest.param(variant, file, line, depth, count, position, id=f"{variant}-{file}:{line}")
    for variant in hexvar.VARIANTS
    for file in ("perft.txt", "conformance.txt")
    for line, depth, count, position in perft_rows(variant, file)
    if count <= MAX_NODES
]


@pytest.mark.parametrize("variant,file,line,depth,count,position", CASES)
def test_perft_equals_the_crates_count(variant, file, line, depth, count, position):
    board = hexvar.Board(variant, position)
    assert board.perft(depth) == count


def test_every_variant_has_rows():
    for variant in hexvar.VARIANTS:
        ran = [c for c in CASES if c.values[0] == variant]
        assert len(ran) >= 150, variant


def test_start_perft_and_divide(variant):
    board = hexvar.Board(variant)
    (_, depth, count, text) = next(
        r for r in perft_rows(variant, "perft.txt") if r[1] == 2
    )
    assert hexvar.Board(variant, text) == board
    split = board.divide(2)
    assert sum(split.values()) == count
    assert sorted(split) == sorted(m.text for m in board.legal_moves)
    assert list(split) == sorted(split)
    assert board.perft(1) == board.legal_move_count() == len(board.legal_moves)
    assert board.perft(0) == 1
    assert board.divide(0) == {}
