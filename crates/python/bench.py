"""Speed of the `hexvar` package, printed as Markdown tables (a benchmark, not a test).

1. Perft from Python (`Board.perft`, the Rust crate's perft behind one call) next to the Rust
   crate's own speed as `cargo xtask perft` measures it, on each variant's start position.
2. A Python loop over random games: `legal_moves`, then `push` of a random legal move, every
   move taken back with `pop` at the end of the game. Plies per second per variant, next to the
   same loop with python-chess on the chess start position (installed with `pip install chess`).
3. With `--density` (needs numpy), instead: how many indices of each move space (the fixed one
   and the compact one) the legal moves of 2,000 random positions touch.
4. With `--parts`, instead: where the `list(board.legal_moves)` loop's time goes, per position
   of random games (CPU time): counting, listing, the move objects, CPython's copy, push and pop.

Run from anywhere, in the environment where `hexvar` is installed:

    python crates/python/bench.py [--games N] [--no-xtask] [--density | --parts]
"""

import argparse
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import hexvar

# The repository root: this file is crates/python/bench.py.
ROOT = Path(__file__).resolve().parents[2]

# Start-position perft depths that take a second or a few.
PERFT_DEPTHS = {"brusky": 4, "chessagon": 4, "dagger": 6, "cescacs": 4, "kirby": 5}

MAX_PLIES = 200


def python_perft(board, depth):
    """Nodes and nodes per second of one `Board.perft`."""
    started = time.perf_counter()
    nodes = board.perft(depth)
    return nodes, nodes / (time.perf_counter() - started)


def xtask_perft(variant, depth):
    """Nodes per second of one `cargo xtask perft` (the Rust crate alone); None when it cannot
    run (the reason is printed)."""
    try:
        out = subprocess.run(
            ["cargo", "xtask", "perft", variant, str(depth)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"cargo xtask perft {variant} {depth}: {e}", file=sys.stderr)
        return None
    return float(re.search(r"^nodes/s (\d+)", out, re.M).group(1))


def perft_speeds(variant, depth, xtask, rounds=3):
    """Nodes and the best nodes/s of each side over `rounds` alternating runs (on a shared
    machine alternating keeps both sides under the same load)."""
    board = hexvar.Board(variant)
    best_python = best_rust = None
    for _ in range(rounds):
        nodes, rate = python_perft(board, depth)
        best_python = max(rate, best_python or 0)
        rust = xtask_perft(variant, depth) if xtask else None
        if rust is not None:
            best_rust = max(rust, best_rust or 0)
    return nodes, best_python, best_rust


def random_games(new_board, games, legal_moves, seed=18):
    """Plies per CPU second of the random-game loop over `games` games from `new_board()`;
    `legal_moves(board)` is the library's own way to a sequence of the legal moves. CPU time of
    this process, not the wall clock: on a shared machine another job's share would otherwise
    count against whichever side ran at that moment."""
    rng = random.Random(seed)
    plies = 0
    started = time.process_time()
    for _ in range(games):
        board = new_board()
        played = 0
        while played < MAX_PLIES:
            moves = legal_moves(board)
            if not moves:
                break
            board.push(rng.choice(moves))
            played += 1
        for _ in range(played):
            board.pop()
        plies += played
    return plies / (time.process_time() - started)


def random_positions(cls, count, rng, plies=MAX_PLIES):
    """`count` boards of random games of the board class `cls`, from its start positions in
    turn, every position of each game until the game ends or `plies` moves are played."""
    starts = [text for _, text in cls.start_positions()]
    boards = []
    while len(boards) < count:
        board = cls(starts[len(boards) % len(starts)])
        for _ in range(plies):
            if len(boards) == count or board.outcome() is not None:
                break
            boards.append(board.copy(stack=False))
            moves = board.legal_moves
            if not moves:
                break
            board.push(rng.choice(moves))
    return boards


def density(positions=2000, seed=18):
    """Prints, per variant, the indices of each move space that the legal moves of `positions`
    random positions touch, against the space's size."""
    import numpy

    print(f"Move spaces: indices touched by the legal moves of {positions:,} random positions.")
    print()
    print("| variant | fixed space | touched | density | compact space | shapes | touched | density |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for variant in hexvar.VARIANTS:
        cls = getattr(hexvar, variant).Board
        boards = random_positions(cls, positions, random.Random(seed))
        fixed = numpy.zeros(cls.MOVE_SPACE_SIZE, bool)
        compact = numpy.zeros(cls.compact_space_size(), bool)
        for board in boards:
            fixed |= board.legal_mask()
            compact |= board.legal_mask(compact=True)
        print(
            f"| {variant} | {fixed.size:,} | {fixed.sum():,} | {fixed.mean():.1%} "
            f"| {compact.size:,} | {len(cls.compact_shapes()):,} | {compact.sum():,} | {compact.mean():.1%} |"
        )


def parts(positions=3000, seed=5):
    """Prints, per variant, the CPU time per position of each part of the `list(legal_moves)`
    loop, over fresh boards of the positions of random games (so that no listing is reused)."""
    print("CPU time per position (µs), fresh boards of random-game positions:")
    print()
    print("| variant | moves | `legal_move_count()` | `len(legal_moves)` (listing) | `list(legal_moves)` | `list()` again (objects only) | `list(list)` (CPython's copy) | push + pop |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for variant in hexvar.VARIANTS:
        cls = getattr(hexvar, variant).Board
        texts = [b.text() for b in random_positions(cls, positions, random.Random(seed))]

        def per_position(work, prepare=None):
            boards = [cls(t) for t in texts]
            for board in boards if prepare else ():
                prepare(board)
            started = time.process_time()
            for board in boards:
                work(board)
            return (time.process_time() - started) / len(boards) * 1e6

        def push_pop(board):
            board.push(board.legal_moves[0])
            board.pop()

        moves = sum(len(cls(t).legal_moves) for t in texts) / len(texts)
        count = per_position(lambda b: b.legal_move_count())
        listing = per_position(lambda b: len(b.legal_moves))
        listed = per_position(lambda b: list(b.legal_moves))
        objects = per_position(lambda b: list(b.legal_moves), prepare=lambda b: len(b.legal_moves))
        lists = [list(cls(t).legal_moves) for t in texts]
        started = time.process_time()
        for moves_list in lists:
            list(moves_list)
        copy = (time.process_time() - started) / len(lists) * 1e6
        pushed = per_position(push_pop, prepare=lambda b: len(b.legal_moves))
        print(
            f"| {variant} | {moves:.0f} | {count:.2f} | {listing:.2f} | {listed:.2f} | {objects:.2f} "
            f"| {copy:.2f} | {pushed:.2f} |"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per variant")
    parser.add_argument("--no-xtask", action="store_true", help="skip `cargo xtask perft`")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the random-game loops")
    parser.add_argument("--density", action="store_true", help="only the move spaces' density")
    parser.add_argument("--parts", action="store_true", help="only where the list loop's time goes")
    args = parser.parse_args()
    if args.density:
        density()
        return
    if args.parts:
        parts()
        return

    print("| variant | perft depth | nodes | `Board.perft` nodes/s | `cargo xtask perft` nodes/s | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for variant in hexvar.VARIANTS:
        depth = PERFT_DEPTHS[variant]
        nodes, rate, rust = perft_speeds(variant, depth, not args.no_xtask)
        shown = "n/a" if rust is None else f"{rust / 1e6:.1f} M"
        ratio = "n/a" if rust is None else f"{rate / rust:.2f}"
        print(f"| {variant} | {depth} | {nodes:,} | {rate / 1e6:.1f} M | {shown} | {ratio} |")

    print()
    print(f"Random games ({args.games} per variant, up to {MAX_PLIES} plies): `legal_moves` + `push`, then `pop`.")
    print()
    print("| board | plies/s | × python-chess | plies/s with `list(legal_moves)` | × python-chess |")
    print("| --- | ---: | ---: | ---: | ---: |")
    try:
        import chess
    except ImportError:
        chess = None
    # Rounds alternate every loop, the best of each counts: a spell of load from another job falls
    # on one round of each loop rather than on every round of one.
    best = {}

    def measure(name, new_board, legal_moves):
        rate = random_games(new_board, args.games, legal_moves)
        best[name] = max(best.get(name, 0), rate)

    for _ in range(args.rounds):
        if chess:
            # python-chess's legal_moves is a generator object: a list is its way to pick one.
            measure("chess", chess.Board, lambda b: list(b.legal_moves))
        for variant in hexvar.VARIANTS:
            board = getattr(hexvar, variant).Board
            # hexvar's legal_moves is a sequence already.
            measure(variant, board, lambda b: b.legal_moves)
            # The same loop as python-chess's, a list of every legal move.
            measure(variant + " list", board, lambda b: list(b.legal_moves))
    base = best.get("chess")
    for variant in hexvar.VARIANTS:
        rate, listed = best[variant], best[variant + " list"]
        times = "n/a" if base is None else f"{rate / base:.1f}"
        listed_times = "n/a" if base is None else f"{listed / base:.1f}"
        print(f"| hexvar.{variant} | {rate:,.0f} | {times} | {listed:,.0f} | {listed_times} |")
    if base is not None:
        print(f"| python-chess {chess.__version__} (chess start) | {base:,.0f} | 1.0 | {base:,.0f} | 1.0 |")


if __name__ == "__main__":
    main()
