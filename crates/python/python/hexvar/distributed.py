"""Perft and self-play past one machine, on Dask distributed.

A position is split into the positions reached after its first plies; transpositions are merged
(the key is the position text) and keep their multiplicity, the number of move orders that reach
them. The distinct positions are dealt into batches, each batch is one Dask task that a worker runs
with the Rust crate's perft (the interpreter is released meanwhile), and the results, times their
multiplicities, are summed. Self-play games are dealt into batches of seeds the same way.

Needs ``dask[distributed]`` (``pip install "dask[distributed]"``); ``hexvar`` itself does not. With
no client, a ``LocalCluster`` of one worker process per core is started for the call and closed
after it; a scheduler address (``"tcp://10.0.0.5:8786"``) or a ``distributed.Client`` runs on that
cluster, whose workers need ``hexvar`` installed.

>>> import hexvar, hexvar.distributed                     # doctest: +SKIP
>>> hexvar.distributed.perft(hexvar.dagger.Board(), 4)    # doctest: +SKIP
"""

from __future__ import annotations

import os
import random
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import hexvar

__all__ = ["split", "perft", "random_games"]

#: Batches per worker: enough that a slow batch does not leave the other workers idle at the end.
BATCHES_PER_WORKER = 8


def split(board: Any, plies: int) -> Dict[str, int]:
    """The positions ``plies`` plies after ``board``, each once, with the number of move orders
    that reach it: ``board.perft(plies + d)`` is the sum of ``multiplicity * perft(d)`` over them.

    >>> import hexvar
    >>> level = split(hexvar.dagger.Board(), 2)
    >>> sum(level.values()) == hexvar.dagger.Board().perft(2)
    True
    """
    if plies < 0:
        raise ValueError(f"plies must be 0 or more, not {plies}")
    level = {board.text(): 1}
    for _ in range(plies):
        following: Dict[str, int] = {}
        for text, multiplicity in level.items():
            parent = hexvar.Board(board.VARIANT, text)
            for move in parent.legal_moves:
                parent.push(move)
                key = parent.text()
                following[key] = following.get(key, 0) + multiplicity
                parent.pop()
        level = following
    return level


def _perft_batch(variant: str, batch: Sequence[Tuple[str, int]], depth: int) -> int:
    """One task: the perft of each position of a batch, times its multiplicity, summed."""
    return sum(multiplicity * hexvar.Board(variant, text).perft(depth) for text, multiplicity in batch)


def _random_games_batch(variant: str, seeds: Sequence[int], max_plies: int) -> List[str]:
    """One task: a random game from the start per seed, as its record."""
    records = []
    for seed in seeds:
        rng = random.Random(seed)
        board = hexvar.Board(variant)
        while not board.is_game_over() and len(board.move_stack) < max_plies:
            moves = board.legal_moves
            board.push(moves[rng.randrange(len(moves))])
        records.append(board.game().record())
    return records


def _deal(items: Sequence[Any], batches: int) -> List[List[Any]]:
    """``items`` dealt round-robin into at most ``batches`` non-empty batches."""
    count = max(1, min(batches, len(items)))
    return [list(items[i::count]) for i in range(count) if items[i::count]]


@contextmanager
def _client(client: Union[None, str, Any]) -> Iterator[Any]:
    """The client to run on: the given one, one connected to a scheduler address, or one on a
    ``LocalCluster`` of one worker process per core that is closed afterwards."""
    from distributed import Client, LocalCluster

    if client is not None and not isinstance(client, str):
        yield client
        return
    if isinstance(client, str):
        with Client(client) as connected:
            yield connected
        return
    workers = os.cpu_count() or 1
    with LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, Client(cluster) as local:
        yield local


def _map(client: Any, task: Callable[..., Any], variant: str, batches: List[Any], arg: Any) -> List[Any]:
    """Runs ``task(variant, batch, arg)`` per batch as Dask tasks and gathers the results."""
    futures = client.map(task, [variant] * len(batches), batches, [arg] * len(batches), pure=False)
    return client.gather(futures)


def _workers(client: Any) -> int:
    return max(1, len(client.scheduler_info().get("workers", {})))


def perft(
    board: Any,
    depth: int,
    client: Union[None, str, Any] = None,
    split_plies: int = 2,
) -> int:
    """The perft of ``board`` at ``depth``, counted on a Dask cluster: the positions after
    ``split_plies`` plies (transpositions merged) are dealt into batches, one task each.

    ``client``: ``None`` (a ``LocalCluster`` for this call), a scheduler address, or a
    ``distributed.Client``. Raises ``ValueError`` for a negative depth or split.
    """
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}")
    if split_plies < 0:
        raise ValueError(f"split_plies must be 0 or more, not {split_plies}")
    plies = min(split_plies, depth)
    level = sorted(split(board, plies).items())
    if not level:
        return 0
    with _client(client) as runner:
        batches = _deal(level, _workers(runner) * BATCHES_PER_WORKER)
        return sum(_map(runner, _perft_batch, board.VARIANT, batches, depth - plies))


def random_games(
    variant: str,
    n: int,
    client: Union[None, str, Any] = None,
    seed: int = 0,
    max_plies: int = 400,
) -> List[str]:
    """``n`` random self-play games of ``variant`` from its start, played on a Dask cluster in
    batches of seeds, as game records (``hexvar.read_game`` reads them), in seed order. A game
    stops at its end or after ``max_plies`` plies (its record then ends in ``*``). The same
    ``seed`` gives the same games on any cluster."""
    if variant not in hexvar.VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(hexvar.VARIANTS)}")
    if n < 0 or max_plies < 0:
        raise ValueError("n and max_plies must be 0 or more")
    seeds = [seed * 1_000_003 + i for i in range(n)]
    if not seeds:
        return []
    with _client(client) as runner:
        # Contiguous batches, so that gathering them in order keeps the seed order.
        count = max(1, min(len(seeds), _workers(runner) * BATCHES_PER_WORKER))
        size = -(-len(seeds) // count)
        batches = [seeds[i : i + size] for i in range(0, len(seeds), size)]
        results = _map(runner, _random_games_batch, variant, batches, max_plies)
    return [record for batch in results for record in batch]
