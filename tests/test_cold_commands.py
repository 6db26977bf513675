"""Issue 27: ``simkit list``, ``rules``, ``policies`` and ``--help`` import no kernel.

A game's declaration (its ``__init__.py`` class, ``rules.py``, ``policies.py``) imports only
numba-free modules; what it takes from its kernels is a
:class:`~simkit.games.base.kernel` attribute, imported when a run first reads it. One
fresh process runs every one of these commands for every game and then lists the kernel
modules (by :func:`simkit._cache.is_kernel_module`) and whether numba was imported.
"""
import json
import subprocess
import sys

_SCRIPT = r"""
import contextlib, io, json, sys
from simkit import _cache
from simkit.cli import main
from simkit.games import list_games

out = io.StringIO()
with contextlib.redirect_stdout(out):
    main(["list"])
    for g in list_games():
        main(["rules", g])
        main(["policies", g])
        main(["rules", g, "--json"])
        main(["policies", g, "--json"])
    try:
        main(["--help"])
    except SystemExit:
        pass
kernels = sorted(m for m in sys.modules if m.startswith("simkit.") and _cache.is_kernel_module(m))
print(json.dumps({"numba": "numba" in sys.modules, "kernels": kernels, "games": list_games(),
                  "printed": len(out.getvalue())}))
"""


def test_list_rules_policies_and_help_import_no_kernel():
    run = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True, timeout=300, check=True)
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert len(got["games"]) == 21 and got["printed"] > 1000
    assert got["kernels"] == []
    assert got["numba"] is False


def test_a_run_still_finds_the_kernels_the_declaration_names():
    """The lazy attributes load on first use: the module, one of its names."""
    from simkit.games import get_game
    from simkit.games.base import kernel

    game = get_game("kozel")
    assert game.nb.__name__ == "simkit.games.kozel.nb"
    assert game.report.__name__ == "simkit.games.kozel.report"
    assert not isinstance(vars(type(game))["nb"], kernel)      # loaded once, then a plain attribute
