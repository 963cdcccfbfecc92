"""No input crashes the package: any text as a position, a move or a record either works or
raises the documented ValueError subclass (a Rust panic would surface as PanicException, which
is not an Exception and fails these tests)."""

import io
import random

from hypothesis import given
from hypothesis import strategies as st

import hexvar
from conftest import conformance_positions

VARIANTS = st.sampled_from(hexvar.VARIANTS)

# Texts near the valid ones find more of the parsers than uniform noise.
SAMPLES = {v: [hexvar.Board(v).text()] + conformance_positions(v)[:20] for v in hexvar.VARIANTS}
ALPHABET = st.sampled_from(list("abcdefghiklmnopqrstuvwxyzKQRBNPDVGJEA0123456789/-=:,.+#@x &|'"))


@st.composite
def mutated(draw, texts):
    """A text from `texts` with a few characters replaced, inserted or deleted."""
    text = list(draw(st.sampled_from(texts)))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.integers(0, 2))
        if op == 0 and i < len(text):
            text[i] = draw(ALPHABET)
        elif op == 1:
            text.insert(i, draw(ALPHABET))
        elif i < len(text):
            del text[i]
    return "".join(text)


@given(VARIANTS, st.text(max_size=200))
def test_any_text_is_a_position_or_an_invalid_position_error(variant, text):
    try:
        board = hexvar.Board(variant, text)
    except hexvar.InvalidPositionError:
        return
    board.legal_moves, board.outcome(), board.encode()


@given(st.data())
def test_mutated_positions_parse_or_fail_cleanly(data):
    variant = data.draw(VARIANTS)
    text = data.draw(mutated(SAMPLES[variant]))
    try:
        board = hexvar.Board(variant, text)
    except hexvar.InvalidPositionError:
        return
    assert hexvar.Board(variant, board.text()) == board
    for move in board.legal_moves[:10]:
        board.push(move)
        board.san(board.pop())
    board.perft(2)


@given(VARIANTS, st.integers(0, 2**32 - 1), st.one_of(st.text(max_size=30), st.text(ALPHABET, max_size=12)))
def test_any_move_text_is_a_move_or_an_invalid_move_text_error(variant, seed, text):
    board = hexvar.Board(variant)
    rng = random.Random(seed)
    for _ in range(rng.randrange(12)):
        moves = board.legal_moves
        if not moves:
            break
        board.push(rng.choice(moves))
    before = board.text()
    for method in (board.parse_san, board.parse_text):
        try:
            move = method(text)
        except hexvar.InvalidMoveTextError:
            assert board.text() == before
            continue
        assert board.is_legal(move)
    try:
        board.push_san(text)
    except hexvar.InvalidMoveTextError:
        assert board.text() == before


@given(VARIANTS, st.integers(0, 2**40), st.booleans())
def test_any_index_is_a_move_or_an_illegal_move_error(variant, index, compact):
    board = hexvar.Board(variant)
    try:
        move = board.move_from_index(index, compact=compact)
    except hexvar.IllegalMoveError:
        return
    assert board.move_index(move, compact=compact) == index


@given(st.one_of(st.text(max_size=300), st.builds(lambda v, t: f'[Variant "{v}"]\n\n{t}', VARIANTS, st.text(ALPHABET, max_size=80))))
def test_any_record_is_a_game_or_an_invalid_record_error(text):
    try:
        game = hexvar.read_game(text)
    except hexvar.InvalidRecordError:
        return
    hexvar.read_game(game.record())


RECORD_SAMPLES = {v: [str(hexvar.Board(v).game()), f'[Variant "{v}"]\n\n{{c}} 1. x (1. y $1) *\n'] for v in hexvar.VARIANTS}


@given(st.data())
def test_any_file_of_records_reads_as_trees_or_located_errors(data):
    variant = data.draw(VARIANTS)
    games = data.draw(st.lists(mutated(RECORD_SAMPLES[variant]), min_size=1, max_size=4))
    junk = data.draw(st.text(max_size=60))
    text = "\n".join(games + [junk])
    for source in (io.StringIO(text), io.BytesIO(text.encode("utf-8", "surrogatepass"))):
        for tree in hexvar.read_games(source, variant=variant):
            for error in tree.errors:
                assert isinstance(error, hexvar.InvalidRecordError) and error.line >= 1
            if not tree.errors:
                assert getattr(hexvar, variant).GameTree.from_record(str(tree)) == tree
