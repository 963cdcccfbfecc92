"""Shared fixtures: the variants, and the perft data the Rust crates ship.

The counts are the crates' own (`crates/<variant>/tests/data/{perft,conformance}.txt` in this
repository), so the Python package is checked against the same numbers as the Rust crates.
"""

import random
from pathlib import Path

import pytest
from hypothesis import settings

import hexvar

# The repository root: tests -> python -> crates -> root.
ROOT = Path(__file__).resolve().parents[3]

# Perft rows up to this many nodes run here (the Rust suite runs the deeper ones).
MAX_NODES = 300_000

settings.register_profile("hexvar", derandomize=True, deadline=None, max_examples=150)
settings.load_profile("hexvar")


def perft_rows(variant, file):
    """The rows `(line, depth, count, position)` of one of a crate's perft files."""
    rows = []
    path = ROOT / "crates" / variant / "tests" / "data" / file
    for number, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        depth, count, position = line.split(" ", 2)
        rows.append((number, int(depth), int(count), position.strip()))
    return rows


def conformance_positions(variant):
    """Every distinct position of a crate's conformance file, in file order."""
    seen = {}
    for _, _, _, position in perft_rows(variant, "conformance.txt"):
        seen.setdefault(position, None)
    return list(seen)


def random_game(board, rng, plies):
    """Plays up to `plies` random legal moves on `board`; returns the moves played."""
    played = []
    for _ in range(plies):
        moves = board.legal_moves
        if not moves or board.outcome() is not None:
            break
        move = rng.choice(moves)
        board.push(move)
        played.append(move)
    return played


@pytest.fixture(params=hexvar.VARIANTS)
def variant(request):
    """Each variant's name in turn."""
    return request.param


@pytest.fixture
def rng():
    """A seeded random generator, the same in every run."""
    return random.Random(18)
