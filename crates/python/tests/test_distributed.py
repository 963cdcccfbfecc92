"""hexvar.distributed on a LocalCluster of two worker processes: the split perft equals the
single-machine perft, and self-play games come back as records that read back.

Needs dask[distributed] (run-tests.sh installs it); without it the tests are skipped, and the
reason is printed."""

import sys

import pytest

import hexvar

try:
    import distributed
except ImportError as missing:  # pragma: no cover - depends on the environment
    print(f"dask[distributed] is not installed ({missing}): the distributed tests are skipped", file=sys.stderr)
    pytest.skip(f"dask[distributed] is not installed: {missing}", allow_module_level=True)

import hexvar.distributed as hd


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as connected:
        yield connected


# A small depth per variant: a few thousand to a few hundred thousand leaves.
DEPTHS = {"brusky": 3, "chessagon": 3, "dagger": 4, "cescacs": 3, "kirby": 3}


def test_split_merges_transpositions_and_keeps_their_multiplicity():
    board = hexvar.dagger.Board()
    for plies in range(4):
        level = hd.split(board, plies)
        assert sum(level.values()) == board.perft(plies)
    level = hd.split(board, 3)
    assert len(level) < board.perft(3)  # some positions are reached by several move orders
    assert max(level.values()) > 1
    assert all(hexvar.Board("dagger", text).text() == text for text in level)


@pytest.mark.parametrize("variant", sorted(DEPTHS))
def test_distributed_perft_equals_the_single_machine_count(client, variant):
    board = hexvar.Board(variant)
    board.push(board.legal_moves[len(board.legal_moves) // 2])  # not only the start
    depth = DEPTHS[variant]
    expected = board.perft(depth)
    for plies in (1, 2):
        assert hd.perft(board, depth, client=client, split_plies=plies) == expected
    # A split as deep as the perft counts the distinct positions, times their multiplicity.
    assert hd.perft(board, 2, client=client, split_plies=5) == board.perft(2)


def test_kirby_every_start_mode(client):
    for name, text in hexvar.kirby.Board.start_positions():
        board = hexvar.kirby.Board(text)
        assert hd.perft(board, 3, client=client, split_plies=1) == board.perft(3), name


def test_a_scheduler_address_is_a_client_too(client):
    board = hexvar.dagger.Board()
    assert hd.perft(board, 3, client=client.scheduler.address) == board.perft(3)


def test_random_games_come_back_as_records_in_seed_order(client):
    records = hd.random_games("dagger", 6, client=client, seed=7, max_plies=60)
    assert len(records) == 6
    again = hd.random_games("dagger", 6, client=client, seed=7, max_plies=60)
    assert records == again
    for record in records:
        game = hexvar.read_game(record)
        assert 0 < len(game.moves) <= 60
    assert len(set(records)) > 1


def test_bad_arguments_raise_value_errors():
    board = hexvar.dagger.Board()
    with pytest.raises(ValueError):
        hd.perft(board, -1)
    with pytest.raises(ValueError):
        hd.perft(board, 2, split_plies=-1)
    with pytest.raises(ValueError):
        hd.random_games("nochess", 1)
