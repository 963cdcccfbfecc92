"""Game records beyond one game: tags the writer refuses as the reader would, game trees
(variations, comments, glyphs) in python-chess's GameNode shape written and read back, and files of
many games read one at a time with bad games located and skipped."""

import io
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hexvar
from conftest import random_game

# Comment texts with what a comment may hold: spaces inside, brackets, quotes, other scripts, a
# newline; never `}` (it ends a comment) and never space at the ends (reading trims it).
WORDS = ["good", "{odd", "(line)", "[tag]", 'say "hi"', "back\\slash", "ümlaut", "中文", "a\nb", "$1", ";x"]


def comment(rng):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 4)))


def random_tree(variant, rng, plies=30, variations=6):
    """A tree of `variant`: a random main line, random variations of random length from random
    nodes, random comments, starting comments (on variations) and glyphs."""
    module = getattr(hexvar, variant)
    board = hexvar.Board(variant)
    random_game(board, rng, plies)
    tree = module.GameTree.from_board(board)
    tree.set_tag("Event", comment(rng).replace("\n", " "))
    tree.comment = comment(rng)
    for _ in range(variations):
        nodes = [tree.root()] + tree.mainline()
        node = rng.choice(nodes)
        for _ in range(rng.randrange(1, 7)):
            moves = node.board().legal_moves
            if not moves or node.board().outcome() is not None:
                break
            node = node.add_variation(
                rng.choice(moves),
                comment=comment(rng) if rng.random() < 0.5 else "",
                nags=[rng.randrange(256) for _ in range(rng.randrange(3))],
            )
            if node.starts_variation() and rng.random() < 0.5:
                node.starting_comment = comment(rng)
    for node in tree.mainline():
        if rng.random() < 0.3:
            node.comment = comment(rng)
            node.nags = {rng.randrange(1, 7)}
    return tree


def walk(node):
    """Every node under `node` (itself first), depth first."""
    pending = [node]
    while pending:
        node = pending.pop()
        yield node
        pending.extend(reversed(node.variations))


# Tags.


@pytest.mark.parametrize(
    "name,value",
    [("My Tag", "x"), ("", "x"), ("_x", "x"), ("Event", "one\ntwo"), ("Event", "tab\there"), ("Variant", "brusky"), ("Position", "x"), ("FEN", "x"), ("SetUp", "1")],
)
def test_set_tag_refuses_what_no_record_holds(variant, name, value):
    for game in (hexvar.Board(variant).game(), getattr(hexvar, variant).GameTree()):
        before = game.tags()
        with pytest.raises(ValueError):
            game.set_tag(name, value)
        assert game.tags() == before


@given(st.sampled_from(hexvar.VARIANTS), st.text(max_size=12), st.text(max_size=30))
def test_a_tag_set_is_a_tag_read_back(variant, name, value):
    module = getattr(hexvar, variant)
    for game, read in ((module.Game(), module.Game.from_record), (module.GameTree(), module.GameTree.from_record)):
        try:
            game.set_tag(name, value)
        except ValueError:
            continue
        assert dict(read(str(game)).tags())[name] == value


# Trees.


def test_trees_write_and_read_back_equal(variant, rng):
    module = getattr(hexvar, variant)
    for _ in range(3):
        tree = random_tree(variant, rng)
        again = module.GameTree.from_record(str(tree))
        assert again == tree
        assert str(again) == str(tree)
        assert again.errors == [] and again.warnings == []
        for a, b in zip(walk(tree.root()), walk(again.root())):
            assert (a.move, a.comment, a.starting_comment, a.nags) == (b.move, b.comment, b.starting_comment, b.nags)
            assert len(a.variations) == len(b.variations)


def test_nodes_are_places_of_their_tree(variant, rng):
    tree = random_tree(variant, rng)
    board = tree.board()
    assert board == hexvar.Board(variant) and board.move_stack == []
    mainline = tree.mainline()
    assert [n.move for n in mainline] == tree.mainline_moves()
    assert tree.next() == (mainline[0] if mainline else None)
    assert tree.end() == (mainline[-1] if mainline else tree.root())
    for node in walk(tree.root()):
        board = node.board()
        assert node.ply() == len(board.move_stack)
        assert node.game() is tree
        if node.parent is None:
            assert node == tree.root() and node.move is None
            continue
        assert node in node.parent.variations and node.parent.has_variation(node.move)
        assert board.move_stack[-1] == node.move
        before = node.parent.board()
        assert node.san() == before.san(node.move) and node.uci() == node.move.uci()
        assert node.starts_variation() == (node.parent.variations[0] != node)
        assert node.is_main_variation() == (not node.starts_variation())
        assert node.is_mainline() == (node in mainline)
        assert node.mainline_moves() == [n.move for n in node.mainline()]
        assert node.is_end() == (node.next() is None)
    assert len({node for node in walk(tree.root())}) == len(list(walk(tree.root())))


def test_tree_edits(variant, rng):
    module = getattr(hexvar, variant)
    tree = module.GameTree()
    first, second = hexvar.Board(variant).legal_moves[:2]
    a = tree.add_variation(first)
    b = tree.add_main_variation(second, comment="better", nags=[1])
    assert tree.variations == [b, a] and tree.mainline_moves() == [second]
    assert tree.add_variation(first) == a, "an existing variation is returned, not copied"
    a.promote_to_main()
    assert tree.mainline_moves() == [first] and b.starts_variation()
    assert (b.comment, b.nags) == ("better", (1,))
    illegal = next(m for m in a.board().legal_moves if m not in hexvar.Board(variant).legal_moves)
    with pytest.raises(hexvar.IllegalMoveError):
        tree.add_variation(illegal)
    for bad in ([256], [-1]):
        with pytest.raises(ValueError):
            a.nags = bad
    assert a.nags == ()
    with pytest.raises(ValueError):
        tree.root().san()
    game = tree.to_game()
    assert game.moves == [first]
    assert module.GameTree.from_game(game).mainline_moves() == [first]


def test_a_bad_variation_move_is_a_warning(variant):
    tree = getattr(hexvar, variant).GameTree()
    first, second = hexvar.Board(variant).legal_moves[:2]
    tree.add_variation(first)
    record = str(tree).replace(" *", f" ({hexvar.Board(variant).san(second)} zz99) *", 1)
    read = getattr(hexvar, variant).GameTree.from_record(record)
    assert read.mainline_moves() == [first] and [n.move for n in read.variations] == [first, second]
    assert len(read.warnings) == 1 and "zz99" in read.warnings[0]


# Files of many games.


def test_files_of_many_games(variant, rng, tmp_path):
    trees = [random_tree(variant, rng, plies=20, variations=3) for _ in range(4)]
    path = tmp_path / "games.pgn"
    assert hexvar.write_games(path, iter(trees)) == len(trees)
    assert list(hexvar.read_games(path)) == trees
    assert list(hexvar.read_games(str(path), variant=variant)) == trees
    with open(path, "rb") as binary:
        assert list(hexvar.read_games(binary)) == trees
    text = io.StringIO()
    assert hexvar.write_games(text, trees) == len(trees)
    assert text.getvalue() == path.read_text()
    binary = io.BytesIO()
    hexvar.write_games(binary, trees)
    assert binary.getvalue().decode() == text.getvalue()
    # Flat games are written as their trees.
    games = [t.to_game() for t in trees]
    flat = io.StringIO()
    hexvar.write_games(flat, games)
    assert [t.mainline_moves() for t in hexvar.read_games(io.StringIO(flat.getvalue()))] == [g.moves for g in games]


def test_a_bad_game_is_located_and_the_next_is_read(variant, rng):
    trees = [random_tree(variant, rng, plies=10, variations=2) for _ in range(5)]
    records = [str(t) + "\n" for t in trees]
    bad = 2
    lines = records[bad].splitlines(keepends=True)
    movetext = next(i for i, line in enumerate(lines) if line.strip() and not line.startswith("["))
    lines[movetext] = "zz99 " + lines[movetext]
    records[bad] = "".join(lines)
    line = sum(r.count("\n") for r in records[:bad]) + movetext + 1
    read = list(hexvar.read_games(io.StringIO("".join(records))))
    assert len(read) == len(trees)
    for i, (got, want) in enumerate(zip(read, trees)):
        if i != bad:
            assert got == want and got.errors == []
            continue
        [error] = got.errors
        assert isinstance(error, hexvar.InvalidRecordError)
        assert (error.game, error.line, error.column) == (bad + 1, line, 1)
        assert f"game {bad + 1}, line {line}, column 1" in str(error)
        assert got.mainline_moves() == []


class CountingReader(io.BytesIO):
    """A binary file that counts the bytes read from it."""

    consumed = 0

    def read(self, size=-1):
        chunk = super().read(size)
        self.consumed += len(chunk)
        return chunk


def test_reading_holds_one_game_at_a_time(rng):
    record = str(random_tree("kirby", rng, plies=40, variations=4)) + "\n"
    copies = 2000
    source = CountingReader((record * copies).encode())
    games = hexvar.read_games(source)
    first = next(games)
    assert first.errors == []
    total = len(record.encode()) * copies
    assert source.consumed <= 4 * 65536 < total // 4, "the first game came before the file was read"
    assert sum(1 for _ in games) == copies - 1
    assert source.consumed == total


def test_what_read_games_refuses(tmp_path):
    with pytest.raises(hexvar.InvalidRecordError, match="no Variant tag"):
        hexvar.read_games(io.StringIO("1. g4 *\n"))
    with pytest.raises(hexvar.InvalidRecordError, match="unknown variant"):
        hexvar.read_games(io.StringIO('[Variant "glinski"]\n1. g4 *\n'))
    with pytest.raises(TypeError):
        hexvar.read_games(42)
    with pytest.raises(FileNotFoundError):
        hexvar.read_games(tmp_path / "missing.pgn")
    assert list(hexvar.read_games(io.StringIO(" \n\n"))) == []
    with pytest.raises(TypeError, match="GameTree"):
        hexvar.write_games(io.StringIO(), [hexvar.brusky.Board()])
    # Another variant's game in the file: located, and the reading goes on.
    mixed = str(hexvar.brusky.GameTree()) + "\n" + str(hexvar.dagger.GameTree()) + "\n" + str(hexvar.brusky.GameTree())
    read = list(hexvar.read_games(io.StringIO(mixed)))
    assert [len(t.errors) for t in read] == [0, 1, 0]
    assert "variant" in str(read[1].errors[0])


def test_a_failing_file_ends_the_reading_with_its_error():
    class Failing(io.StringIO):
        def read(self, size=-1):
            if self.tell() > 0:
                raise OSError("disk gone")
            return super().read(200)

    record = str(hexvar.brusky.GameTree()) + "\n"
    read = list(hexvar.read_games(Failing(record * 50)))
    assert read[-1].errors and "disk gone" in str(read[-1].errors[0])
    assert all(t.errors == [] for t in read[:-1])
