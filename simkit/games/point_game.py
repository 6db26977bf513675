"""The Python side shared by the card-point trick games played each for himself (Kozel,
Kerosinka; kernels in :mod:`simkit.games.point_tricks`): their play role and
:class:`PointTrickGame`, what their game classes have in common (the play role's kernel
rows, one chunk-kernel call, a hand-built deal's inputs).

The shared play role (both games now replace it with their own: Kerosinka's,
:mod:`simkit.games.kerosinka.policies`, where this heuristic is the baseline ``basic``
and the default ``heuristic`` is Kerosinka's own card player; Kozel's,
:mod:`simkit.games.kozel.policies`, where the ``heuristic`` is this one with two declared
switches, ``weak_win=0`` playing it card for card):

``random`` (a uniformly chosen legal card), ``heuristic`` ("take points, count trumps":
:func:`~simkit.games.point_tricks.take_points_nb`), ``simulation`` (samples the hidden
hands consistent with what the seat has seen and plays the rest out with the heuristic
once per legal card: :func:`~simkit.games.point_tricks.simulation_play_nb`), or a user's
``@njit`` function ``play(hand: int64, legal: int64, state: int64[:], params: float64[:])
-> int64`` returning a card code whose bit is set in ``legal`` (``state``: the shared
``S_*`` layout of :mod:`simkit.core.tricks` plus ``S_POINTS`` and the game's fields).

The default is the heuristic with ``take_at=0`` (contest every trick it can win). Measured
with this heuristic in both games (in Kerosinka now ``basic``, in Kozel ``heuristic:weak_win=0``; seed 11, two seats against
two at ``take_at=10``, dealers rotating): Kerosinka games to 300, win rate 0.2587 against
0.2413 (stderr 0.0018 each; 20 000 games) and 30.25 against 29.75 points a deal; Kozel
matches 0.258 against 0.242 (stderr 0.0046; 3 000 matches); ``take_at`` 4 and 20 lie
between. Against random play the heuristic wins Kerosinka games
0.325 against 0.175 a seat (2 000 games) and Kozel matches 0.43 against 0.07 (300
matches). ``simulation`` (10 samples) is stronger still, one seat against three
heuristic players: Kerosinka 0.50 ± 0.08 of 40 games, 36.3 points a deal against 27.9;
Kozel 0.43 ± 0.05 of 100 matches (a quarter is even), but it is some 300 times slower
(100 Kozel matches: 43 s), so it is not the default: the default study plays thousands
of games. (In Kerosinka, against its own heuristic, the simulation seat wins about 0.32:
``docs/point-games.md``.)
"""
from types import ModuleType

import numpy as np

from simkit.core.cards import deck
from simkit.core.options import pack
from simkit.core.stats import Stats
from simkit.core.trick_codes import E_KIND, E_UNIT, PLAY_RANDOM, R_PLAY
from simkit.games import point_codes as pt
from simkit.games.base import kernel
from simkit.games.tricks_base import NO_USER_PLAY, TrickGame
from simkit.policies.base import PolicyRole, PolicySpec, param

_TAKE_AT = param(0, "int", 0, 120)
USER_SIGNATURE = "play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64"


def play_role(default: str = "heuristic") -> PolicyRole:
    """The ``play`` role (policies and their declared parameters)."""
    return PolicyRole(
        "play",
        [PolicySpec("random", "a uniformly chosen legal card", PLAY_RANDOM, {}),
         PolicySpec("heuristic", "take points, count trumps: lead a sure card (a sure trump first while trumps are "
                    "out), win with the richest sure card, or the strongest winning card when the trick holds "
                    "`take_at` points or more, else throw the cheapest card", pt.PLAY_HEURISTIC,
                    {"take_at": _TAKE_AT}),
         PolicySpec("simulation", "plays the rest out on `samples` deals of the hidden cards (heuristic play for "
                    "everyone) once per legal card and plays the card that took the most points", pt.PLAY_SIMULATION,
                    {"samples": param(20, "int", 1, 10_000), "take_at": _TAKE_AT})],
        default=default,
        user_signature=USER_SIGNATURE,
    )


#: parameter name -> slot in the kernel's per-seat parameter row
PARAM_SLOTS = {"take_at": pt.P_TAKE_AT, "samples": pt.P_SAMPLES}


class PointTrickGame(TrickGame):
    """A card-point game for four players, each for himself, with the play role only. A
    game sets ``Rules``, ``report``, ``deck_size``, ``nb`` (its kernel module: ``chunk_nb``,
    ``after_trick_cb``, ``STATS`` and ``O``, its ``opts`` layout: :func:`~simkit.core.options.layout`
    of ``Rules``, packed by :meth:`_opts`), ``_new_stats(rules, n_groups)`` (a
    dict of arrays) and ``trick_tables(rules)``; it may replace the play role (``roles``,
    ``role_rows``) and the ``choose_cb`` hook that plays its built-ins (Kerosinka does: its
    own heuristic beside the shared ones, :mod:`simkit.games.kerosinka.play`)."""

    roles = [play_role()]
    role_rows = {"play": (R_PLAY, PARAM_SLOTS, pt.N_PLAY_PARAMS, NO_USER_PLAY)}
    #: the ``choose`` hook that plays the built-in play policies (a ``cfunc``)
    choose_cb = kernel("simkit.games.point_tricks:choose_play_cb")
    deck_size = 32
    nb: ModuleType

    def _opts(self, rules) -> np.ndarray:
        """The kernels' ``opts``: the rule options in the layout ``nb.O``."""
        return pack(rules, self.nb.O)

    def trick_tables(self, rules) -> np.ndarray:  # pragma: no cover - every game gives its own
        raise NotImplementedError

    def deal_words(self, err):
        return f" ({self.trump_words(err)})"

    def _run(self, rules, policies, seed, start, stop, audit):
        seats, fns = self.seat_policies(policies, 4)
        st = Stats(**self._new_stats(rules, int(seats.group.max()) + 1))
        inp = self.inputs(deck(self.deck_size), self._opts(rules), self.trick_tables(rules), seats)
        fns = (self.choose_cb, self.nb.after_trick_cb, *fns)
        self.nb.chunk_nb.entry()(seed, start, stop, inp, fns, self.nb.STATS(**st), audit)
        if inp.err[E_KIND]:
            self.raise_err(inp.err, policies, f"unit {inp.err[E_UNIT]}, ")
        return st, inp.audit_out

    def deal_inputs(self, cards, rules, policies, dealer) -> tuple:
        """A hand-built deal's checked inputs: ``(rules, policies, order, kernel arguments,
        state)``; the kernel arguments are ``(order, inputs, hooks, dealer)``
        (:meth:`~simkit.games.tricks_base.TrickGame.inputs`; ``inputs.audit_out`` and
        ``inputs.err`` are the deal's audit counts and error record)."""
        from simkit.core.tricks import S_SIZE

        rules = self.Rules.build(rules)
        policies = self.resolve_policies(policies)
        order = self.check_order(cards, deck(self.deck_size), self.deck_size, exactly=True)
        dealer = self.check_seat("dealer", dealer, 4)
        seats, fns = self.seat_policies(policies, 4)
        inp = self.inputs(deck(self.deck_size), self._opts(rules), self.trick_tables(rules), seats)
        args = (order, inp, (self.choose_cb, self.nb.after_trick_cb, *fns), dealer)
        return rules, policies, order, args, np.zeros(S_SIZE, np.int64)
