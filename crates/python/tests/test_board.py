"""The Board API on every variant: SAN round trips, push/pop, errors, pictures, encoding and the
move space, over the start and every conformance position of the crates."""

import copy
import random

import pytest

import hexvar
from conftest import conformance_positions, random_game

POSITIONS = [
    pytest.param(variant, text, id=f"{variant}-{i}")
    for variant in hexvar.VARIANTS
    for i, text in enumerate([None] + conformance_positions(variant))
]


def test_submodules_import_like_a_package():
    import hexvar.kirby
    from hexvar.brusky import Board, Game, Move

    assert hexvar.kirby.Board.VARIANT == "kirby"
    assert Board.__module__ == "hexvar.brusky"
    assert (hexvar.brusky.Board, hexvar.brusky.Move, hexvar.brusky.Game) == (Board, Move, Game)
    assert hexvar.VARIANTS == ["brusky", "chessagon", "dagger", "cescacs", "kirby"]


def test_board_by_name_is_the_variants_class(variant):
    board = hexvar.Board(variant)
    assert type(board) is getattr(hexvar, variant).Board
    assert board == getattr(hexvar, variant).Board()
    with pytest.raises(ValueError, match="unknown variant"):
        hexvar.Board("glinski")


def test_errors_are_value_errors():
    for error in (
        hexvar.InvalidPositionError,
        hexvar.IllegalMoveError,
        hexvar.InvalidMoveTextError,
        hexvar.InvalidRecordError,
    ):
        assert issubclass(error, ValueError)
        assert error.__module__ == "hexvar"


@pytest.mark.parametrize("variant,text", POSITIONS)
def test_san_and_notation_round_trip(variant, text):
    board = hexvar.Board(variant, text)
    for move in board.legal_moves:
        san = board.san(move)
        assert board.parse_san(san) == move, san
        assert board.parse_text(move.text) == move
        assert board.parse_san(move.text) == move


@pytest.mark.parametrize("variant,text", POSITIONS)
def test_push_pop_restores_text_and_hash(variant, text):
    board = hexvar.Board(variant, text)
    before = (board.text(), board.zobrist_hash(), board.turn)
    for move in board.legal_moves:
        board.push(move)
        assert board.peek() == move
        assert board.move_stack == [move]
        child = hexvar.Board(variant, board.text())
        assert child == board and child.zobrist_hash() == board.zobrist_hash()
        assert board.pop() == move
        assert (board.text(), board.zobrist_hash(), board.turn) == before
    assert board.move_stack == []


@pytest.mark.parametrize("variant,text", POSITIONS)
def test_move_index_is_a_bijection_on_legal_moves(variant, text):
    board = hexvar.Board(variant, text)
    moves = board.legal_moves
    indices = [board.move_index(m) for m in moves]
    assert len(set(indices)) == len(moves)
    assert all(0 <= i < board.MOVE_SPACE_SIZE for i in indices)
    for move, index in zip(moves, indices):
        assert move.index == index
        assert board.move_from_index(index) == move
    unused = next(i for i in range(board.MOVE_SPACE_SIZE) if i not in set(indices))
    with pytest.raises(hexvar.IllegalMoveError):
        board.move_from_index(unused)


def decode_index(board, index):
    """The (kind, from slot, to cell) of a move index, as the layout documents it."""
    cells = board.CELL_COUNT
    slots = cells + len(board.HAND_SLOTS)
    return index // (slots * cells), index // cells % slots, index % cells


@pytest.mark.parametrize("variant,text", POSITIONS)
def test_move_index_layout_names_the_cells(variant, text):
    board = hexvar.Board(variant, text)
    cells = board.cells()
    for move in board.legal_moves:
        kind, slot, to = decode_index(board, board.move_index(move))
        assert kind < len(board.MOVE_KINDS)
        assert cells[to] == move.to_cell
        if move.from_cell is None:
            assert slot >= board.CELL_COUNT
        else:
            assert cells[slot] == move.from_cell


@pytest.mark.parametrize("variant,text", POSITIONS)
def test_encode_has_one_byte_per_man(variant, text):
    board = hexvar.Board(variant, text)
    planes = board.encode()
    cells = board.cells()
    sides, roles = len(board.SIDES), len(board.ROLES)
    assert isinstance(planes, bytes)
    assert len(planes) == board.PLANES * board.CELL_COUNT and len(board.PLANE_NAMES) == board.PLANES
    assert set(planes) <= {0, 1}
    men = 0
    for i, cell in enumerate(cells):
        piece = board.piece_at(cell)
        if piece is None:
            continue
        men += 1
        plane = piece.color_index * roles + piece.role_index
        assert planes[plane * board.CELL_COUNT + i] == 1
        assert board.PLANE_NAMES[plane] == f"{piece.color} {piece.role}"
        assert board.SIDES[piece.color_index] == piece.color
        assert board.ROLES[piece.role_index] == piece.role
    assert sum(planes[: sides * roles * board.CELL_COUNT]) == men
    # The side to move: its plane all ones, the other sides' all zeros.
    for side in range(sides):
        plane = planes[(sides * roles + side) * board.CELL_COUNT :][: board.CELL_COUNT]
        assert set(plane) == {int(side == board.turn_index)}


def test_encode_tells_positions_apart(variant):
    # Positions whose encodings agree have the same hash (which covers the men, the side to
    # move and every right): the planes hold the whole state but the clocks.
    by_planes = {}
    boards = [hexvar.Board(variant, t) for t in conformance_positions(variant)]
    for board in list(boards):
        for move in list(board.legal_moves)[:8]:
            child = board.copy(stack=False)
            child.push(move)
            boards.append(child)
    for board in boards:
        seen = by_planes.setdefault(board.encode(), board.zobrist_hash())
        assert seen == board.zobrist_hash(), board.text()
    assert len(by_planes) > len(boards) // 2


def test_dagger_hand_and_state_planes(rng):
    # Random moves until a knight can enter from White's hand, then the entry.
    while True:
        board = hexvar.dagger.Board()
        random_game(board, rng, 6)
        entries = [m for m in board.legal_moves if m.from_cell is None]
        if board.turn == "w" and entries:
            break
    names = board.PLANE_NAMES
    cells = board.CELL_COUNT

    def plane(planes, name):
        i = names.index(name)
        return set(planes[i * cells : (i + 1) * cells])

    before = board.encode()
    assert plane(before, "w hand L") == plane(before, "w hand R") == {1}
    board.push(entries[0])
    after = board.encode()
    left = "L" if plane(after, "w hand L") == {0} else "R"
    assert plane(after, f"w hand {left}") == {0}
    assert plane(after, "w hand " + ("R" if left == "L" else "L")) == {1}
    assert plane(after, "b hand L") == {1}
    # The start with a knight fewer in hand (the men the same): another encoding.
    start = hexvar.dagger.Board()
    fewer = hexvar.dagger.Board(start.text().replace(" w LR/LR ", " w L/LR "))
    assert fewer.piece_map() == start.piece_map() and fewer.encode() != start.encode()


def test_encode_many_and_legal_mask(variant, rng):
    numpy = pytest.importorskip("numpy")
    boards = []
    board = hexvar.Board(variant)
    for _ in range(4):
        random_game(board, rng, 3)
        boards.append(board.copy())
    joined = type(board).encode_many(boards)
    array = numpy.frombuffer(joined, numpy.uint8).reshape(len(boards), board.PLANES, board.CELL_COUNT)
    for i, b in enumerate(boards):
        assert array[i].tobytes() == b.encode()
    mask = board.legal_mask()
    assert mask.dtype == numpy.bool_ and mask.shape == (board.MOVE_SPACE_SIZE,)
    assert sorted(numpy.flatnonzero(mask)) == sorted(board.move_index(m) for m in board.legal_moves)
    mask[0] = True  # the caller's own array


def test_encode_reads_into_numpy_without_a_copy():
    numpy = pytest.importorskip("numpy")
    board = hexvar.kirby.Board()
    array = numpy.frombuffer(board.encode(), numpy.uint8).reshape(board.PLANES, board.CELL_COUNT)
    assert array[: len(board.SIDES) * len(board.ROLES)].sum() == 32


def test_move_kinds_name_the_roles(variant):
    board = hexvar.Board(variant)
    kinds = board.MOVE_KINDS
    assert kinds[0] == "move"
    assert kinds[1 : 1 + len(board.ROLES)] == ["=" + r for r in board.ROLES]
    if variant == "kirby":
        assert kinds[-len(board.ROLES) :] == ["relocate =" + r for r in board.ROLES]
    slots = board.CELL_COUNT + len(board.HAND_SLOTS)
    assert board.MOVE_SPACE_SIZE == len(kinds) * slots * board.CELL_COUNT


def test_illegal_input_raises_and_leaves_the_board_unchanged(variant, rng):
    board = hexvar.Board(variant)
    random_game(board, rng, 6)
    before = (board.text(), board.zobrist_hash(), board.move_stack)
    other = hexvar.Board(variant)
    illegal = [m for m in other.legal_moves if not board.is_legal(m)]
    for move in illegal[:5]:
        with pytest.raises(hexvar.IllegalMoveError):
            board.push(move)
        with pytest.raises(hexvar.IllegalMoveError):
            board.san(move)
    for text in ["", "zz9", "Qxz99", "a1-a1", "O-O-O-O", "\x00", "é" * 50]:
        with pytest.raises(hexvar.InvalidMoveTextError):
            board.push_san(text)
        with pytest.raises(hexvar.InvalidMoveTextError):
            board.push_text(text)
    for text in ["", "nonsense", board.text() + " extra junk"]:
        with pytest.raises(hexvar.InvalidPositionError):
            type(board)(text)
    with pytest.raises(ValueError):
        board.piece_at("nowhere")
    with pytest.raises(ValueError):
        board.svg(marked=["nowhere"])
    with pytest.raises(hexvar.IllegalMoveError):
        board.move_from_index(board.MOVE_SPACE_SIZE)
    with pytest.raises(OverflowError):
        board.move_from_index(-1)
    with pytest.raises(TypeError):
        board.push(getattr(hexvar, [v for v in hexvar.VARIANTS if v != variant][0]).Board().legal_moves[0])
    assert (board.text(), board.zobrist_hash(), board.move_stack) == before
    empty = hexvar.Board(variant)
    with pytest.raises(IndexError):
        empty.pop()
    with pytest.raises(IndexError):
        empty.peek()


def test_svg_pictures(variant):
    board = hexvar.Board(variant)
    picture = board._repr_svg_()
    assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")
    move = board.legal_moves[0]
    board.push(move)
    marked = board._repr_svg_()
    assert marked != board.svg()
    assert board.svg(marked=[move.from_cell, move.to_cell]) == marked
    assert f'data-cell="{move.to_cell}"' in marked


def test_copy_turn_check_and_pieces(variant, rng):
    board = hexvar.Board(variant)
    random_game(board, rng, 10)
    assert board.turn == board.SIDES[board.turn_index]
    full, bare = board.copy(), board.copy(stack=False)
    assert full == board == bare and full.move_stack == board.move_stack and bare.move_stack == []
    assert copy.copy(board).move_stack == board.move_stack
    assert copy.deepcopy(board) == board
    full.pop()
    assert full != board and len(board.move_stack) == len(full.move_stack) + 1
    assert isinstance(board.is_check(), bool)
    with pytest.raises(TypeError):
        hash(board)  # mutable, as python-chess's boards
    pieces = [board.piece_at(c) for c in board.cells()]
    assert any(p is not None and p.role == "K" for p in pieces)
    assert repr(board).startswith(f"hexvar.{variant}.Board(")
    assert str(board) == board.text()


def test_outcomes_of_finished_positions(variant):
    finished = 0
    for text in conformance_positions(variant):
        board = hexvar.Board(variant, text)
        outcome = board.outcome()
        assert board.is_game_over() == (outcome is not None)
        if outcome is None:
            continue
        finished += 1
        assert outcome.is_draw() == (outcome.winner is None) == (outcome.winners == [])
        assert set(outcome.winners) <= set(board.SIDES)
        assert outcome.reason and outcome.result and str(outcome) == outcome.text
        if board.legal_move_count() == 0 and not outcome.is_draw() and len(board.SIDES) == 2:
            assert board.turn not in outcome.winners
    if finished == 0:
        # No conformance position of the variant is finished: a draw by agreement still gives
        # the variant's outcome.
        game = hexvar.Board(variant).game()
        assert game.agree_draw()
        outcome = game.outcome()
        assert outcome.is_draw() and outcome.reason == "agreement" and outcome.winners == []


def test_game_records_round_trip(variant, rng):
    board = hexvar.Board(variant)
    random_game(board, rng, 60)
    game = board.game()
    game.set_tag("Event", "pytest")
    record = game.record()
    assert f'[Variant "{variant}"]' in record
    again = hexvar.read_game(record)
    assert type(again) is getattr(hexvar, variant).Game
    assert again.moves == board.move_stack
    assert again.board() == board and again.board().move_stack == board.move_stack
    assert dict(again.tags())["Event"] == "pytest"
    assert again.san_moves() == game.san_moves()
    assert str(again) == record
    assert again.record() == record
    # From a position other than the start, and with the variant named instead of tagged.
    later = hexvar.Board(variant, board.text())
    random_game(later, rng, 4)
    record = later.game().record()
    assert "[Position " in record
    assert hexvar.read_game(record.replace(f'[Variant "{variant}"]\n', ""), variant).board() == later


def shuffle(board):
    """Two moves out and the two back that bring the position back, or None: no man that
    castles (King, Rook) or is zeroing (Pawn) moves, so that the position repeats."""

    def shuffles(move):
        return move.from_cell is not None and board.piece_at(move.from_cell).role not in "KRP"

    def back(move):
        return [
            m for m in board.legal_moves if (m.from_cell, m.to_cell) == (move.to_cell, move.from_cell)
        ]

    for a in board.legal_moves:
        if not shuffles(a):
            continue
        board.push(a)
        for b in board.legal_moves:
            if not shuffles(b):
                continue
            board.push(b)
            a_back = back(a)
            if a_back:
                board.push(a_back[0])
                b_back = back(b)
                board.pop()
                if b_back:
                    for _ in range(2):
                        board.pop()
                    return [a, b, a_back[0], b_back[0]]
            board.pop()
        board.pop()
    return None


def shuffling_board(variant):
    """A board of `variant` and four moves that bring it back: the start, or the first
    conformance position where men other than pawns can shuffle, after the shuffle once round
    (so that the start's passing rights, en passant, are gone), its stack empty. Skips the test
    for more than two armies, whose turn a two-move shuffle does not cycle."""
    if len(hexvar.Board(variant).SIDES) > 2:
        pytest.skip("a two-move shuffle does not cycle the turn of more than two armies")
    for text in [None] + conformance_positions(variant):
        board = hexvar.Board(variant, text)
        moves = board.outcome() is None and shuffle(board)
        if moves:
            break
    assert moves
    for move in moves:
        board.push(move)
    return board.copy(stack=False), moves


def test_repetitions_end_games_by_the_variants_rules(variant):
    board, moves = shuffling_board(variant)
    game = board.game()
    for move in moves * 2:
        board.push(move)
        game.push(move)
    assert board.repetitions() == game.repetitions() == 3
    outcome = game.outcome()
    assert board.outcome() == outcome
    if outcome is None:
        return
    assert "repetition" in outcome.reason and outcome.is_draw()
    with pytest.raises(hexvar.IllegalMoveError, match="over"):
        game.push(board.legal_moves[0])
    game.pop()
    assert game.outcome() is None
    assert hexvar.read_game(board.game().record()).outcome() == outcome
    # A board plays on after the automatic draw (as python-chess's does); its game keeps every
    # move, and the record names the moves after the end, which the reader refuses as such.
    for move in moves:
        board.push(move)
    game = board.game()
    assert game.moves == board.move_stack
    with pytest.raises(hexvar.InvalidRecordError, match="after the end"):
        hexvar.read_game(game.record())


def test_read_game_errors():
    with pytest.raises(hexvar.InvalidRecordError, match="Variant"):
        hexvar.read_game("1. e4 *")
    with pytest.raises(hexvar.InvalidRecordError, match="unknown variant"):
        hexvar.read_game('[Variant "glinski"]\n\n*')
    with pytest.raises(hexvar.InvalidRecordError, match="line 3") as error:
        hexvar.read_game('[Variant "brusky"]\n\n1. zz9 *')
    assert (error.value.game, error.value.line, error.value.column) == (1, 3, 4)
    game = hexvar.read_game('[Variant "Brusky"]\n\n*')
    assert game.moves == [] and game.outcome() is None


def test_legal_moves_is_a_sequence(variant, rng):
    board = hexvar.Board(variant)
    random_game(board, rng, 8)
    moves = board.legal_moves
    listed = list(moves)
    assert len(moves) == moves.count() == board.legal_move_count() == len(listed) > 0
    assert [moves[i] for i in range(len(moves))] == listed
    assert moves[-1] == listed[-1] and moves[1:5] == listed[1:5] and moves[::-2] == listed[::-2]
    assert all(m in moves for m in listed) and "e4" not in moves and None not in moves
    with pytest.raises(IndexError):
        moves[len(moves)]
    with pytest.raises(TypeError):
        moves["0"]
    assert repr(moves).startswith(f"<hexvar.{variant}.LegalMoves (")
    # A live view: after a push it lists the new position's moves, and a listing made before
    # no longer vouches for a move.
    board.push(listed[0])
    assert list(moves) == list(board.legal_moves) and len(moves) == board.legal_move_count()
    stale = [m for m in listed if not board.is_legal(m)]
    for move in stale[:3]:
        assert move not in moves
        with pytest.raises(hexvar.IllegalMoveError):
            board.push(move)
    board.pop()
    assert list(moves) == listed and moves.any() and bool(moves)


def test_submodules_are_named_as_imported(variant):
    module = getattr(hexvar, variant)
    assert module.__name__ == f"hexvar.{variant}"
    assert module.Board.__module__ == module.__name__


def test_moves_handed_out_are_the_moves_generated(variant, rng):
    # Python gets one shared object per move (src/interned.rs), found by the move's exact key
    # (src/keys.rs): a key shared by two moves would hand out the wrong move. `divide(1)` names
    # the moves from the Rust side, without those objects, in every position of random games.
    module = getattr(hexvar, variant)
    for _ in range(6):
        board = module.Board()
        played = []
        for _ in range(80):
            listed = list(board.legal_moves)
            assert sorted(m.text for m in listed) == sorted(board.divide(1))
            assert len({m.uci() for m in listed}) == len(listed)
            again = list(board.legal_moves)
            assert all(a is b for a, b in zip(listed, again))
            if not listed or board.outcome() is not None:
                break
            move = rng.choice(listed)
            copy = module.Move(move.text)
            assert copy == move and hash(copy) == hash(move) and copy is not move
            board.push(copy)
            played.append(move.text)
        assert [m.text for m in board.move_stack] == played
        # Taken back, each position lists the moves generated again.
        for text in played[::-1]:
            assert board.pop().text == text
            assert sorted(m.text for m in board.legal_moves) == sorted(board.divide(1))
