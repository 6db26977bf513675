"""The trick-game engine: a toy trick game added in a few dozen lines (registered from
this test) runs through ``simkit.simulate`` and the conformance suite's checks; the
engine's legality data (follow flags, lead bans and when they open) on hand-built deals."""
import importlib.util
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from numba import types

import simkit
from simkit import games
from simkit.core import tricks as T
from simkit.core.cards import deck
from simkit.core.jit import cfunc, njit
from simkit.core.trick_game import SEATS_TYPE, bundle, shuffle_top_nb, start_unit_nb, unit_arrays_nb
from simkit.core.stats import moment_add_nb
from simkit.core.trick_play import (AFTER_FN, CHOOSE_FN, CHOOSE_SIG, E_KIND, E_UNIT, N_ERR, PLAY_RANDOM, R_PLAY,
                                    no_after_trick_cb, play_tricks_nb)
from simkit.policies.base import PolicyRole, PolicySpec
from simkit.reports.estimates import mean_estimate
from simkit.rules import Rules, option

# -- the toy game: P players share the 24-card deck (9..A), no trump, follow suit --------------
ToyStats, TOY_STATS = bundle("ToyStats", {"tricks": 2, "won": 2})


@cfunc(CHOOSE_SIG, cache=True)
def toy_choose_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    return T.lowest_card_nb(legal)         # the toy has no built-in policy besides the engine's random


def toy_chunk(seed, start, stop, deck0, opts, tables, seats, choose_fn, after_fn, play_fn, stats, audit, audit_out,
              err):
    """One deal per unit: shuffle, deal 24 / P each from the dealer's left, play under the
    follow flags ``opts[1]`` and lead ban ``opts[2]`` (opening by rule ``opts[3]``), count."""
    players = opts[0]
    k = deck0.shape[0] // players
    deck, dst, pst, state, hands = unit_arrays_nb(deck0)
    for unit in range(start, stop):
        start_unit_nb(deck, deck0, dst, pst, seed, unit, err)
        shuffle_top_nb(deck, deck.shape[0], dst)
        dealer = unit % players
        T.deal_round_nb(deck, players, k, dealer, hands)
        T.start_deal_nb(state, tables, T.NO_TRUMP, players, k, dealer, (dealer + 1) % players, -1, 1)
        state[T.S_FOLLOW], state[T.S_LEAD_BAN], state[T.S_BREAK] = opts[1], opts[2], opts[3]
        if not play_tricks_nb(choose_fn, after_fn, np.bool_(False), hands, state, tables, opts, seats, play_fn, pst,
                              audit, audit_out, err):
            return
        total = 0
        for s in range(players):
            stats.tricks[s, state[T.S_WON + s]] += 1
            moment_add_nb(stats.won, s, state[T.S_WON + s])
            total += state[T.S_WON + s]
        if audit:
            audit_out[0] += 1
            if state[T.S_PLAYED] != tables[T.NO_TRUMP, T.TT_DECK] or total != k:
                audit_out[1] += 1


@dataclass(frozen=True)
class ToyRules(Rules):
    GAME = "toy-tricks"
    players: int = option(3, allowed=(2, 3, 4), doc="players sharing the 24 cards")
    follow: int = option(T.F_SUIT, minimum=0, maximum=127, doc="follow obligations (F_* flags)")
    lead_ban: int = option(-1, minimum=-1, maximum=3, doc="suit that may not be led until open")
    opens: int = option(T.BREAK_NEVER, minimum=0, maximum=2, doc="when the banned suit opens (BREAK_*)")


PLAY = PolicyRole("play", [PolicySpec("random", "a uniformly chosen legal card", PLAY_RANDOM, {})],
                  default="random", user_signature="play(hand, legal, state, params) -> card")


class ToyReport:
    @staticmethod
    def metrics(stats, rules, policies):
        return {f"tricks.seat{s}": mean_estimate(stats["won"][s]) for s in range(rules.players)}

    @staticmethod
    def tables(stats, rules, policies):
        return {}


def _toy_game():
    from simkit.games.tricks_base import TrickGame

    kernel = njit(types.void(types.int64, types.int64, types.int64, types.uint8[::1], types.int64[::1],
                             types.int64[:, ::1], SEATS_TYPE, CHOOSE_FN, AFTER_FN, T.PLAY_FN, TOY_STATS, types.boolean,
                             types.int64[::1],
                             types.int64[::1]), cache=True)(toy_chunk)

    class Toy(TrickGame):
        id, title, description, unit, Rules, report = "toy-tricks", "Toy", "toy", "deal", ToyRules, ToyReport
        roles, headline, conformance_hands = [PLAY], "tricks.seat0", 400
        conformance_cases = [({}, None), ({"players": 4, "lead_ban": 1, "follow": T.F_SUIT | T.F_HEAD}, None)]
        role_rows = {"play": (R_PLAY, {}, 1, T.no_user_play_nb)}

        def _run(self, rules, policies, seed, start, stop, audit):
            seats, fns = self.seat_policies(policies, rules.players)
            k = 24 // rules.players
            st = simkit.core.stats.Stats(tricks=np.zeros((rules.players, k + 1), np.int64),
                                         won=simkit.core.stats.moments(rules.players))
            audit_out, err = np.zeros(2, np.int64), np.zeros(N_ERR, np.int64)
            opts = np.array([rules.players, rules.follow, rules.lead_ban, rules.opens], np.int64)
            kernel(seed, start, stop, deck(24), opts, T.standard_tables(24), seats, toy_choose_cb, no_after_trick_cb,
                   *fns, ToyStats(**st), audit, audit_out, err)
            if err[E_KIND]:
                self.raise_err(err, policies, f"unit {err[E_UNIT]}, ")
            return st, audit_out

    return Toy()


@pytest.fixture(scope="module")
def toy():
    game = _toy_game()
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

    assert ToyStats.__module__ == __name__
    assert pickle.loads(pickle.dumps(ToyStats)) is ToyStats
    assert pickle.loads(dumps(TOY_STATS)) == TOY_STATS
