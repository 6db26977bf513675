"""The Python side shared by the penalty trick games (Tyotka, Polignac): the ``play``
role (random, the ducking/shedding heuristic and the simulation player of
:mod:`simkit.games.penalty_tricks`, a user's ``@njit`` play function), the game class
that runs their kernels, and the per-unit win tables of their reports.

Imports no kernel (the codes it shares with the kernels are in
:mod:`simkit.games.penalty_codes`; the hooks are :class:`~simkit.games.base.kernel`
attributes), so that a game built on it declares itself without numba."""
from typing import Any

import numpy as np
import pandas as pd

from simkit.core.cards import deck
from simkit.core.trick_codes import E_KIND, E_UNIT, PLAY_RANDOM, R_PLAY
from simkit.games import penalty_codes as pt
from simkit.games.base import kernel as lazy
from simkit.games.tricks_base import NO_USER_PLAY, TrickGame
from simkit.policies.base import PolicyRole, PolicySpec, param
from simkit.policies.seated import policy_groups, seat_labels
from simkit.reports.estimates import mean_estimate, rate_estimate

USER_SIGNATURE = "play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64"
PARAM_SLOTS = {"play": {"samples": pt.P_SAMPLES}}


def play_role(heuristic_doc: str, default: str = "heuristic", samples: int = 16) -> PolicyRole:
    """The ``play`` role; ``heuristic_doc`` says what the heuristic does in the game."""
    return PolicyRole(
        "play",
        [PolicySpec("random", "a uniformly chosen legal card (a baseline)", PLAY_RANDOM, {}),
         PolicySpec("heuristic", heuristic_doc, pt.PLAY_HEURISTIC, {}),
         PolicySpec("simulation", "samples the hidden hands `samples` times consistently with the voids shown, "
                    "plays each legal card out with the heuristic for every seat, plays the least mean cost",
                    pt.PLAY_SIMULATION, {"samples": param(samples, "int", 1, 1000)})],
        default=default,
        user_signature=USER_SIGNATURE,
    )


class PenaltyTrickGame(TrickGame):
    """A penalty trick game: its chunk kernel (``kernel``, signature
    :func:`~simkit.core.trick_game.chunk_signature`: the units, the inputs
    (:meth:`~simkit.games.tricks_base.TrickGame.inputs`), the hooks (:meth:`hooks`), the
    statistics, the audit flag) runs with the game's ``choose`` and the shared
    ``after_trick`` hooks; a subclass gives ``kernel``, ``stats_bundle``, ``trick_tables``,
    ``_opts(rules)``, ``_players(rules)`` and ``_new_stats(rules, n_groups)``, and may give
    its own ``choose_cb`` and ``role_rows``."""

    hands_word = "units"
    headline = "dealer_edge"
    role_rows = {"play": (R_PLAY, PARAM_SLOTS["play"], pt.N_PLAY_PARAMS, NO_USER_PLAY)}
    kernel: Any
    stats_bundle: Any
    trick_tables: np.ndarray
    #: the kernels' ``choose`` hook (a game with policies of its own gives its own)
    choose_cb: Any = lazy("simkit.games.penalty_tricks:penalty_choose_cb")
    #: the shared ``after_trick`` hook (the penalty bookkeeping between tricks)
    after_trick_cb: Any = lazy("simkit.games.penalty_tricks:penalty_after_trick_cb")

    def _run(self, rules, policies, seed, start, stop, audit):
        seats, fns = self.seat_policies(policies, self._players(rules))
        st = self._new_stats(rules, int(seats.group.max()) + 1)
        inp = self.inputs(deck(52), self._opts(rules), self.trick_tables, seats)
        type(self).kernel.entry()(seed, start, stop, inp, self.hooks(fns), self.stats_bundle(**st), audit)
        if inp.err[E_KIND]:
            self.raise_err(inp.err, policies, f"unit {inp.err[E_UNIT]}, ")
        return st, inp.audit_out

    def hooks(self, fns) -> tuple:
        """The kernels' hooks: ``(choose, after_trick, *user functions)``
        (:func:`~simkit.core.trick_game.fns_type`): the game's ``choose_cb``, the shared
        :func:`~simkit.games.penalty_tricks.penalty_after_trick_cb`, the user's play."""
        return (type(self).choose_cb, type(self).after_trick_cb, *fns)


def unit_tables(stats, policies, players: int, win: str, value: str, scale: int, unit_word: str,
                value_name: str) -> dict:
    """``games_by_seat`` and ``games_by_policy``: win rate (``stats[win]`` moments, x
    ``scale``) and mean ``value_name`` (``stats[value]``) per seat and per policy group
    (``stats["group_mom"]`` rows g and G + g), with intervals over ``unit_word``."""
    def row(w, v):
        return {unit_word: w.n, "win_rate": w.value, "win_stderr": w.stderr, "win_ci95_low": w.ci95[0],
                "win_ci95_high": w.ci95[1], value_name: v.value, f"{value_name}_stderr": v.stderr}

    labels = seat_labels(policies, players)
    by_seat = pd.DataFrame([{"seat": s, "policy": labels[s], **row(rate_estimate(stats[win][s], scale=scale),
                                                                   mean_estimate(stats[value][s]))}
                            for s in range(players)])
    groups, names = policy_groups(policies, players)
    gm = stats["group_mom"]
    by_policy = pd.DataFrame([{"policy": name, "seats": groups.count(g),
                               **row(rate_estimate(gm[g], scale=scale * groups.count(g)),
                                     mean_estimate(gm[len(names) + g], scale=groups.count(g)))}
                              for g, name in enumerate(names)])
    return {"games_by_seat": by_seat, "games_by_policy": by_policy}
