"""The trick-game engine: the worked toy trick game of docs/tricks.md
(``docs/examples/toy_tricks.py``, registered from this test) runs through
``simkit.simulate`` and the conformance suite's checks, and docs/tricks.md shows that file
as it is; the engine's legality data (follow flags, lead bans and when they open) on
hand-built deals."""
import importlib.util
import re
import sys
from pathlib import Path

import numpy as np
import pytest

import simkit
from simkit import games
from simkit.core import tricks as T
from simkit.core.jit import njit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "examples"))
import toy_tricks  # noqa: E402  (docs/examples/toy_tricks.py)
from toy_tricks import ToyRules, ToyStats, TOY_STATS  # noqa: E402


@pytest.fixture(scope="module")
def toy():
    game = toy_tricks.GAME
    ids = games._ids()
    ids["toy-tricks"] = "toy_tricks"
    games._LOADED["toy-tricks"] = game
    yield game
    ids.pop("toy-tricks")
    games._LOADED.pop("toy-tricks")


def _conformance():
    path = Path(__file__).resolve().parents[1] / "test_conformance.py"
    spec = importlib.util.spec_from_file_location("conformance_checks", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_docs_show_the_worked_game_as_it_is():
    """docs/tricks.md quotes docs/examples/toy_tricks.py whole, in one python block."""
    doc = (ROOT / "docs" / "tricks.md").read_text(encoding="utf-8")
    code = (ROOT / "docs" / "examples" / "toy_tricks.py").read_text(encoding="utf-8")
    assert code in re.findall(r"```python\n(.*?)```", doc, flags=re.S)


def test_a_toy_trick_game_runs_through_simulate_and_the_conformance_checks(toy):
    res = simkit.simulate("toy-tricks", 300, seed=5, progress=False)
    won = res.stats["won"]
    assert won[:, 0].tolist() == [300, 300, 300] and won[:, 1].sum() == 300 * 8
    # by symmetry each seat takes a third of the 8 tricks; the error is the standard error of the mean
    for s in range(3):
        est = res.metrics[f"tricks.seat{s}"]
        assert abs(est["value"] - 8 / 3) < 5 * est["stderr"]
    checks = _conformance()
    checks.test_audit_finds_no_violation("toy-tricks")   # every conformance case of the game
    checks.test_report_and_json("toy-tricks")
    again = simkit.simulate("toy-tricks", 300, seed=5, chunk=70, progress=False)
    np.testing.assert_array_equal(again.stats["tricks"], res.stats["tricks"])


@njit(T.PLAY_SIG, cache=True)
def lead_hearts_first(hand, legal, state, params):
    hearts = legal & 0x2222222222222
    return T.lowest_card_nb(hearts if hearts else legal)


@njit(T.PLAY_SIG, cache=True)
def lead_hearts_anyway(hand, legal, state, params):
    hearts = hand & 0x2222222222222
    return T.lowest_card_nb(hearts if hearts and state[T.S_N_IN_TRICK] == 0 else legal)


@pytest.mark.parametrize("opens", [T.BREAK_NEVER, T.BREAK_DISCARD, T.BREAK_ANY])
def test_a_banned_suit_opens_by_the_games_rule(toy, opens):
    """Hearts banned from the lead: never opened (King), opened by a heart discarded on
    another suit (Spades' rule), by any heart (Spades' any_spade). The audit checks
    every card against the reference with the state's S_BROKEN; leading a heart while
    holding another suit is refused exactly while hearts are closed."""
    rules = {"players": 4, "lead_ban": 1, "opens": opens}
    out = toy.audit(ToyRules.build(rules), toy.resolve_policies(lead_hearts_first), 3, 200)
    assert out["checks"] > 0 and out["violations"] == 0
    if opens == T.BREAK_NEVER:
        with pytest.raises(simkit.errors.IllegalMoveError, match=r"leading holding .*H"):
            simkit.simulate("toy-tricks", 50, rules=rules, policies=lead_hearts_anyway, progress=False)


def test_a_stats_bundle_pickles_by_reference_so_cached_kernels_are_found_again():
    """numba's cache index keys a kernel by its argument types; a bundle class pickled by
    value would come back as a new class whose type never matches, and every process
    would compile the game's chunk kernel anew. The bundle belongs to the calling module."""
    import pickle

    from numba.core.serialize import dumps

    assert ToyStats.__module__ == toy_tricks.__name__
    assert pickle.loads(pickle.dumps(ToyStats)) is ToyStats
    assert pickle.loads(dumps(TOY_STATS)) == TOY_STATS


def test_a_scratch_record_is_named_slots_of_one_context_field():
    """``scratch_layout`` lays out a game's hook state by name (first slot of each, the
    length last); ``context(..., scratch=layout)`` ends the context with the ``scratch``
    field, after the engine's and the game's work fields; bad declarations are refused."""
    from simkit.core.trick_game import TRICK_FIELDS, context, scratch_layout

    H = scratch_layout("TestScratch", held=1, before=4, key=1)
    assert (H.held, H.before, H.key, H.size) == (0, 1, 5, 6)
    Ctx = context("Ctx", ("net",), scratch=H)
    assert Ctx._fields == TRICK_FIELDS + ("net", "scratch")
    assert context("Ctx", ("net",))._fields == TRICK_FIELDS + ("net",)
    with pytest.raises(ValueError, match="size"):
        scratch_layout("Bad", size=2)
    with pytest.raises(ValueError, match="'before'"):
        scratch_layout("Bad", held=1, before=0)
    with pytest.raises(TypeError, match="scratch_layout"):
        context("Bad", (), scratch=(0, 1))
    with pytest.raises(ValueError, match="shadow"):
        context("Bad", ("scratch",), scratch=H)


def test_kernels_whose_hooks_get_the_context_pass_placeholders_in_fns():
    """King and Thousand call their own ``@njit`` hooks with the context in the place of
    the options; the ``cfunc`` slots of ``fns`` hold the engine's placeholders, and the
    choose placeholder answers -1 (no card) if a kernel ever called it."""
    from simkit.core.trick_play import no_choose_cb

    legal = np.zeros(1, np.int64)
    assert no_choose_cb._pyfunc(2, 0, 1, 1, legal, legal, legal, np.zeros((1, 1)), legal) == -1
