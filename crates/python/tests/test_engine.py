"""hexvar.engine: python-chess's chess.engine shape over the hexvar-engine search, on every
variant. Every search here is bounded by depth or nodes (or stopped), never judged by time."""

import threading

import pytest

import hexvar
from conftest import random_game
from hexvar.engine import Engine, Limit, PlayResult, Score


def test_play_and_analyse_agree(variant, rng):
    board = hexvar.Board(variant)
    random_game(board, rng, 6)
    before = board.text()
    played = Engine().play(board, Limit(depth=2))
    assert isinstance(played, PlayResult)
    assert played.move in board.legal_moves
    info = Engine().analyse(board, Limit(depth=2))
    assert board.text() == before
    assert info["pv"][0] == played.move, "a depth-bounded search gives the same answer on fresh engines"
    assert info["depth"] == 2 and info["nodes"] > 0 and info["multipv"] == 1
    assert isinstance(info["score"], Score) and info["score"] == played.info["score"]
    # The line is legal move after move.
    line = board.copy()
    for move in info["pv"]:
        line.push(move)
    assert played.ponder == (info["pv"][1] if len(info["pv"]) > 1 else None)


def test_multipv_lines_are_distinct_and_ordered(variant):
    board = hexvar.Board(variant)
    infos = Engine().analyse(board, Limit(depth=2), multipv=3)
    assert [i["multipv"] for i in infos] == [1, 2, 3]
    firsts = [i["pv"][0] for i in infos]
    assert len(set(firsts)) == 3 and all(m in board.legal_moves for m in firsts)
    scores = [i["score"].score(mate_score=100_000) for i in infos]
    assert scores == sorted(scores, reverse=True)


def test_node_limit_bounds_the_search(variant):
    info = Engine().analyse(hexvar.Board(variant), Limit(nodes=300))
    assert 0 < info["nodes"] <= 300
    assert info["pv"] and info["pv"][0] in hexvar.Board(variant).legal_moves


def mate_in_one(variant, rng):
    """A position from random games where the side to move mates at once."""
    for _ in range(400):
        board = hexvar.Board(variant)
        for _ in range(120):
            moves = board.legal_moves
            if not moves or board.outcome() is not None:
                break
            for move in moves:
                board.push(move)
                mate = board.is_checkmate()
                board.pop()
                if mate:
                    return board
            board.push(rng.choice(moves))
    return None


def test_mates_are_scored_as_mates(rng):
    board = mate_in_one("dagger", rng)
    assert board is not None
    info = Engine().analyse(board, Limit(depth=2))
    assert info["score"].is_mate() and info["score"].mate() == 1
    assert info["score"].score() is None and info["score"].score(mate_score=1000) == 999
    board.push(info["pv"][0])
    assert board.is_checkmate()
    over = Engine().play(board, Limit(depth=2))
    assert over.move is None and over.info["pv"] == []
    assert Engine().analyse(board, Limit(depth=1), multipv=2) == []


def test_stop_from_another_thread_ends_an_unbounded_search():
    # With no limit the search would run to depth 64; only stop() ends it, and the loop below
    # only runs while the search holds no interpreter lock.
    engine = Engine(hash_mb=1)
    board = hexvar.Board("cescacs")
    answer = []
    thread = threading.Thread(target=lambda: answer.append(engine.play(board, Limit())))
    thread.start()
    while thread.is_alive():
        engine.stop()
        thread.join(0.02)
    [played] = answer
    assert played.move in board.legal_moves
    assert played.info["depth"] < 64


def test_a_time_limit_ends_a_search():
    board = hexvar.Board("cescacs")
    played = Engine(hash_mb=1).play(board, Limit(time=0.05))
    assert played.move in board.legal_moves and played.info["depth"] < 64


def test_bad_limits_and_boards():
    for bad in (dict(depth=0), dict(depth=65), dict(nodes=0), dict(nodes=-5), dict(time=-1.0), dict(time=float("nan"))):
        with pytest.raises(ValueError):
            Limit(**bad)
    assert Limit(depth=3, nodes=10) == Limit(depth=3, nodes=10) and Limit(depth=3).time is None
    engine = Engine()
    with pytest.raises(TypeError, match="Board"):
        engine.analyse("not a board", Limit(depth=1))
    with pytest.raises(ValueError):
        engine.analyse(hexvar.Board("brusky"), Limit(depth=1), multipv=0)
    with pytest.raises(ValueError):
        Engine(hash_mb=0)
    # One engine, boards of several variants in turn: each gets its own search.
    for variant in hexvar.VARIANTS:
        assert engine.play(hexvar.Board(variant), Limit(depth=1)).move in hexvar.Board(variant).legal_moves
    engine.new_game()
