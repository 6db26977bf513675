"""A complete trick game on the engine, the smallest there is: "toy-tricks".

P players (2-4) share the 24-card deck (9 to A), one deal per unit, no trump, the follow
flags, lead ban and opening rule given as rule options; random play only (the engine's
``PLAY_RANDOM``, or a user's ``@njit`` play function). docs/tricks.md shows this file
whole; tests/core/test_trick_engine.py imports it, registers ``GAME`` and runs it through
``simkit.simulate``, the audit and the conformance checks. Importing it compiles nothing:
``cfunc`` and ``njit`` with a signature come from :mod:`simkit.core.jit`, which compiles
them when the chunk kernel is first called.
"""
from dataclasses import dataclass

import numpy as np
from numba import types

from simkit.core import tricks as T
from simkit.core.cards import deck
from simkit.core.jit import cfunc, njit
from simkit.core.stats import Stats, moment_add_nb, moments
from simkit.core.trick_game import SEATS_TYPE, bundle, shuffle_top_nb, start_unit_nb, unit_arrays_nb
from simkit.core.trick_play import (AFTER_FN, CHOOSE_FN, CHOOSE_SIG, E_KIND, E_UNIT, N_ERR, PLAY_RANDOM, R_PLAY,
                                    no_after_trick_cb, play_tricks_nb)
from simkit.games.tricks_base import TrickGame
from simkit.policies.base import PolicyRole, PolicySpec
from simkit.reports.estimates import mean_estimate
from simkit.rules import Rules, option

# -- kernels (a real game keeps them in its nb.py) ----------------------------------------
# the statistics: tricks[seat, tricks taken] (a histogram) and won[seat] (moments)
ToyStats, TOY_STATS = bundle("ToyStats", {"tricks": 2, "won": 2})


@cfunc(CHOOSE_SIG, cache=True)
def toy_choose_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policies (codes from PLAY_BUILTIN): the toy has none."""
    return T.lowest_card_nb(legal)


@njit(types.void(types.int64, types.int64, types.int64, types.uint8[::1], types.int64[::1], types.int64[:, ::1],
                 SEATS_TYPE, CHOOSE_FN, AFTER_FN, T.PLAY_FN, TOY_STATS, types.boolean, types.int64[::1],
                 types.int64[::1]), cache=True)
def toy_chunk_nb(seed, start, stop, deck0, opts, tables, seats, choose_fn, after_fn, play_fn, stats, audit, audit_out,
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


# -- rules, policies, report (a real game: rules.py, policies.py, report.py) ---------------
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


# -- the game (a real game: __init__.py, which the registry imports) -----------------------
class ToyTricks(TrickGame):
    id, title, description, unit, Rules, report = "toy-tricks", "Toy", "toy", "deal", ToyRules, ToyReport
    roles, headline, conformance_hands = [PLAY], "tricks.seat0", 400
    conformance_cases = [({}, None), ({"players": 4, "lead_ban": 1, "follow": T.F_SUIT | T.F_HEAD}, None)]
    role_rows = {"play": (R_PLAY, {}, 1, T.no_user_play_nb)}

    def _run(self, rules, policies, seed, start, stop, audit):
        seats, fns = self.seat_policies(policies, rules.players)
        k = 24 // rules.players
        st = Stats(tricks=np.zeros((rules.players, k + 1), np.int64), won=moments(rules.players))
        audit_out, err = np.zeros(2, np.int64), np.zeros(N_ERR, np.int64)
        opts = np.array([rules.players, rules.follow, rules.lead_ban, rules.opens], np.int64)
        toy_chunk_nb(seed, start, stop, deck(24), opts, T.standard_tables(24), seats, toy_choose_cb,
                     no_after_trick_cb, *fns, ToyStats(**st), audit, audit_out, err)
        if err[E_KIND]:
            self.raise_err(err, policies, f"unit {err[E_UNIT]}, ")
        return st, audit_out


GAME = ToyTricks()
