"""The type stubs name exactly the public names each class has at runtime, and every public name
has a docstring (`help(hexvar.kirby.Board)` documents each one)."""

import ast
from pathlib import Path

import pytest

import hexvar

STUBS = Path(hexvar.__file__).parent


def stub_names(file, cls):
    """The public names a stub class defines (methods, properties, attributes)."""
    tree = ast.parse((STUBS / file).read_text())
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls).body
    names = set()
    for node in body:
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
    return {n for n in names if not n.startswith("__")}


def runtime_names(cls):
    return {n for n in dir(cls) if not n.startswith("__")}


def test_stubs_ship_with_the_package():
    for name in ["__init__.pyi", "_board.pyi", "py.typed"] + [f"{v}.pyi" for v in hexvar.VARIANTS]:
        assert (STUBS / name).exists(), name


@pytest.mark.parametrize("cls", ["Board", "Move", "LegalMoves", "Game", "GameTree", "GameNode", "GameReader"])
def test_variant_classes_match_their_stubs(variant, cls):
    runtime = getattr(getattr(hexvar, variant), cls)
    assert runtime_names(runtime) == stub_names("_board.pyi", cls)
    assert runtime.__doc__
    for name in runtime_names(runtime):
        if name.isupper():
            continue  # class constants: documented in the stubs
        assert getattr(runtime, name).__doc__, f"{variant}.{cls}.{name}"


@pytest.mark.parametrize("cls", ["Piece", "Outcome"])
def test_shared_classes_match_their_stubs(cls):
    runtime = getattr(hexvar, cls)
    assert runtime_names(runtime) == stub_names("__init__.pyi", cls)
    for name in runtime_names(runtime):
        assert getattr(runtime, name).__doc__, f"{cls}.{name}"


def test_module_names_are_documented():
    tree = ast.parse((STUBS / "__init__.pyi").read_text())
    stubbed = {n.name for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    assert stubbed == {"InvalidPositionError", "IllegalMoveError", "InvalidMoveTextError", "InvalidRecordError", "Piece", "Outcome", "Board", "read_game", "read_games", "write_games"}
    for name in stubbed | {"brusky", "chessagon", "dagger", "cescacs", "kirby"}:
        assert getattr(hexvar, name).__doc__, name
    assert hexvar.__doc__ and hexvar.kirby.__doc__


@pytest.mark.parametrize("cls", ["Engine", "Limit", "Score", "PlayResult"])
def test_engine_classes_match_their_stubs(cls):
    runtime = getattr(hexvar.engine, cls)
    assert runtime_names(runtime) == stub_names("engine.pyi", cls)
    assert runtime.__doc__
    for name in runtime_names(runtime):
        assert getattr(runtime, name).__doc__, f"engine.{cls}.{name}"
