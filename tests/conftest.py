"""Test-wide settings, and the game groups for parallel runs.

``make test`` runs the suite on every core (pytest-xdist, ``--dist loadgroup``). Compiling
a game's kernels is most of a game's test time, so every test of one game goes to the same
worker: its own files (``tests/games/test_<package>*.py``), its conformance tests
(parametrized by game id) and its experiment scripts (``experiments/<package>_*.py``) carry
the mark ``xdist_group(<package>)``, and each game compiles once, in one worker."""
import os
from pathlib import Path

import pytest

os.environ.setdefault("MPLBACKEND", "Agg")

_GAMES = Path(__file__).resolve().parent.parent / "simkit" / "games"
# longest first, so that ``marriage_4_rules`` is Marriage for four, not Marriage
_PACKAGES = sorted((p.name for p in _GAMES.iterdir() if (p / "__init__.py").exists()), key=len, reverse=True)


def _package(name: str):
    name = name.replace("-", "_")
    return next((p for p in _PACKAGES if name == p or name.startswith(p + "_")), None)


def game_group(item):
    """The game package a test belongs to, or None: a game's own test file
    (``tests/games/test_<package>*.py``) by its name, whatever its parameters (a suit
    named ``spades`` or a card named ``king`` is not a game); a shared file's test (the
    conformance checks, the experiments) by the parameter that names a game."""
    path = Path(str(item.fspath))
    if path.parent.name == "games" and path.stem.startswith("test_"):
        return _package(path.stem[len("test_"):])
    callspec = getattr(item, "callspec", None)
    for value in (callspec.params.values() if callspec else ()):
        name = value.stem if isinstance(value, Path) else value if isinstance(value, str) else None
        if name and _package(name):
            return _package(name)
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Marks each game's tests with its group. ``tryfirst``: pytest-xdist reads the marks
    in its own ``pytest_collection_modifyitems`` (it appends ``@<group>`` to the node id),
    and a conftest hook registered before xdist's plugin would otherwise run after it, so
    the marks would be ignored and both workers would compile the same game at once."""
    for item in items:
        group = game_group(item)
        if group:
            item.add_marker(pytest.mark.xdist_group(group))



@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    """With ``--dist loadgroup``, stop at once if pytest-xdist did not take the groups into
    the node ids (``test_x.py::test_y@<group>``): the tests would pass, but each game's
    kernels would compile in every worker at the same time, slowing the suite by minutes
    without a word (pytest 9.2 with pytest-xdist 3.8 did this; see the pin in pyproject.toml)."""
    if node.config.getvalue("dist") != "loadgroup":
        return
    games = [i for i in ids if i.startswith("tests/games/")]
    if games and not any("@" in i for i in games):
        pytest.exit(f"pytest-xdist ignored the xdist_group marks (e.g. {games[0]}): pytest {pytest.__version__} "
                    "and this pytest-xdist do not work together for --dist loadgroup; see the pin in "
                    "pyproject.toml", returncode=4)
