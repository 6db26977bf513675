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

_BASIC = {"overtake": param(3, "int", 0, 5), "signal": param(1, "int", 0, 1), "count": param(1, "int", 0, 1)}
_HEURISTIC = {"overtake": param(2, "int", 0, 5), "signal": param(1, "int", 0, 1), "count": param(0, "int", 0, 1),
              "feed": param(1, "int", 0, 2), "capture": param(2, "int", 0, 5), "duck": param(1, "int", 0, 1),
              "cash": param(1.0, "float", -3, 3), "draw": param(0.2, "float", -1, 1), "under": param(0.9, "float", -3, 3),
              "force": param(1, "float", -3, 3), "void": param(1, "float", -3, 3)}

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card", nb.PLAY_RANDOM, {}),
     PolicySpec("heuristic", "partnership play for points: lead low, cash masters late (`cash`, `draw`) or when only "
                "counters are out (`force`), no counter under one's own master (`under`), suits an opponent is void in "
                "(`void`); give the partner counters (`feed`), overtake him only in a trick of `overtake` counters; "
                "take with a master only a trick of `capture` counters, keep it from a pointless last trick (`duck`); "
                "count trumps under hearts (`count`), show a suit when void (`signal`)",
                nb.PLAY_HEURISTIC, dict(_HEURISTIC)),
     PolicySpec("basic", "the first heuristic (a baseline): masters first, the partner's shown suit (`signal`), "
                "count trumps (`count`), overtake the partner only in a trick of `overtake` counters (5 = never)",
                nb.PLAY_BASIC, dict(_BASIC)),
     PolicySpec("simulation", "each lead chosen by playing out `samples` sampled deals of the unseen cards with the "
                "heuristic; follows as the heuristic", nb.PLAY_SIMULATION,
                {**_HEURISTIC, "samples": param(16, "int", 1, 10_000)})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

PARAM_SLOTS = {"play": {"overtake": nb.P_OVERTAKE, "signal": nb.P_SIGNAL, "count": nb.P_COUNT,
                        "samples": nb.P_SAMPLES,
                        "feed": nb.P_FEED, "capture": nb.P_CAPTURE, "duck": nb.P_DUCK, "cash": nb.P_CASH,
                        "draw": nb.P_DRAW, "under": nb.P_UNDER, "force": nb.P_FORCE, "void": nb.P_VOID}}
