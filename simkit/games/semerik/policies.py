"""Semerik policies: one ``play`` role (formulas in :mod:`.nb`).

``random`` (a uniformly chosen legal card), ``heuristic`` (partnership play for points:
lead masters, draw trumps under ``hearts_trump`` when counting them (``count``), lead the
partner's shown suit (``signal``), do not overtake a partner's trick unless it holds
``overtake`` counters, 000:45; give the partner counters, keep them from the opponents),
``simulation`` (each lead chosen by playing out ``samples`` deals of the unseen cards
consistent with what the seat has seen, every seat playing the heuristic; follows as the
heuristic). A user ``@njit`` function:

* ``play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64``: a card
  of ``legal`` (``state[S_SCORE]``, ``state[S_SCORE + 1]`` = the sides' totals; the trick
  in ``state[S_TRICK:]``, :mod:`simkit.core.tricks`). Under ``partner_overtake=enforce``
  ``legal`` is the plain legal set and the function must itself keep 000:45
  (:func:`simkit.games.semerik.scoring.partner_overtake_nb` gives the narrowed set); a card
  that breaks it stops the run with an illegal-move error.

Measured (seed 4, games to 21, N-S's policy against the heuristic for E-W): ``simulation``
(16 samples) wins 0.783 +- 0.024 of 300 games (stake +0.82 +- 0.07 a game) but plays about
0.16 s a game against 0.13 ms for the heuristic, so the heuristic stays the default (the
study and the tests play thousands of games); the heuristic wins 0.81 against random play
(``experiments/semerik_hearts_trump.py``, 0.67 with hearts trump); ``signal=0`` (0.497 +-
0.008) and ``overtake=5`` (0.488 +- 0.008, 4000 games) are no better than the defaults.

Per-seat policies as in :mod:`simkit.policies.seated` (``"play=simulation|heuristic|random|heuristic"``).
"""
from simkit.games.semerik import nb
from simkit.policies.base import PolicyRole, PolicySpec, param

_HEURISTIC = {"overtake": param(3, "int", 0, 5), "signal": param(1, "int", 0, 1), "count": param(1, "int", 0, 1)}

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card", nb.PLAY_RANDOM, {}),
     PolicySpec("heuristic", "partnership play for points: masters first, the partner's shown suit (`signal`), "
                "count trumps (`count`), overtake the partner only in a trick of `overtake` counters (5 = never)",
                nb.PLAY_HEURISTIC, dict(_HEURISTIC)),
     PolicySpec("simulation", "each lead chosen by playing out `samples` sampled deals of the unseen cards with the "
                "heuristic; follows as the heuristic", nb.PLAY_SIMULATION,
                {**_HEURISTIC, "samples": param(16, "int", 1, 10_000)})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

PARAM_SLOTS = {"play": {"overtake": nb.P_OVERTAKE, "signal": nb.P_SIGNAL, "count": nb.P_COUNT,
                        "samples": nb.P_SAMPLES}}
