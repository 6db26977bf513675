"""Semerik policies: one ``play`` role (formulas in :mod:`.nb`).

``random`` (a uniformly chosen legal card), ``heuristic`` (the default,
:func:`~.nb.heuristic_play_nb`: partnership play for points, leads scored per card by
:func:`~.nb.lead_nb`: low cards, masters cashed late (``cash``, ``draw``) or when only
counters are out (``force``), no counter under one's own master (``under``), suits an
opponent is void in (``void``); counters fed to the partner's trick (``feed``), the partner
overtaken only in a trick of ``overtake`` counters (000:45), masters spent only on tricks of
``capture`` counters and kept from a pointless last trick (``duck``); ``count``: draw trumps
under hearts; ``signal``: show a suit when void), ``basic`` (the first heuristic, a baseline:
masters first, the partner's shown suit, the cheapest counter to the partner when last),
``simulation`` (each lead chosen by playing out ``samples`` deals of the unseen cards
consistent with what the seat has seen, every seat playing the heuristic; follows as the
heuristic). A user ``@njit`` function:

* ``play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64``: a card
  of ``legal`` (``state[S_SCORE]``, ``state[S_SCORE + 1]`` = the sides' totals; the trick
  in ``state[S_TRICK:]``, :mod:`simkit.core.tricks`). Under ``partner_overtake=enforce``
  ``legal`` is the plain legal set and the function must itself keep 000:45
  (:func:`simkit.games.semerik.scoring.partner_overtake_nb` gives the narrowed set); a card
  that breaks it stops the run with an illegal-move error.

Measured (duplicate tournaments, default rules, share of games won, N games a seating):
``simulation`` (16 samples) against ``heuristic`` 0.519 +- 0.007 (N 1000, seed 1; against the
first heuristic in main, where the simulation played out with it: 0.7355 +- 0.0075); ``heuristic`` against
``basic`` 0.779 +- 0.003 (N 10 000, seed 2), against random play 0.867 +- 0.003 (``basic``
0.808 +- 0.003; N 5000). The simulation plays about 1/480 of the heuristic's speed, so the
heuristic is the default. Parameter defaults tuned with :func:`simkit.tune` (``docs/semerik.md``).

Per-seat policies as in :mod:`simkit.policies.seated` (``"play=simulation|heuristic|random|heuristic"``).
"""
from simkit.games.semerik import codes
from simkit.policies.base import PolicyRole, PolicySpec, param

_BASIC = {"overtake": param(3, "int", 0, 5), "signal": param(1, "int", 0, 1), "count": param(1, "int", 0, 1)}
_HEURISTIC = {"overtake": param(2, "int", 0, 5), "signal": param(1, "int", 0, 1), "count": param(0, "int", 0, 1),
              "feed": param(1, "int", 0, 2), "capture": param(2, "int", 0, 5), "duck": param(1, "int", 0, 1),
              "cash": param(1.0, "float", -3, 3), "draw": param(0.2, "float", -1, 1),
              "under": param(0.9, "float", -3, 3), "force": param(1, "float", -3, 3), "void": param(1, "float", -3, 3)}

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card", codes.PLAY_RANDOM, {}),
     PolicySpec("heuristic", "partnership play for points: lead low, cash masters late (`cash`, `draw`) or when only "
                "counters are out (`force`), no counter under one's own master (`under`), suits an opponent is void in "
                "(`void`); give the partner counters (`feed`), overtake him only in a trick of `overtake` counters; "
                "take with a master only a trick of `capture` counters, keep it from a pointless last trick (`duck`); "
                "count trumps under hearts (`count`), show a suit when void (`signal`)",
                codes.PLAY_HEURISTIC, dict(_HEURISTIC)),
     PolicySpec("basic", "the first heuristic (a baseline): masters first, the partner's shown suit (`signal`), "
                "count trumps (`count`), overtake the partner only in a trick of `overtake` counters (5 = never)",
                codes.PLAY_BASIC, dict(_BASIC)),
     PolicySpec("simulation", "each lead chosen by playing out `samples` sampled deals of the unseen cards with the "
                "heuristic; follows as the heuristic", codes.PLAY_SIMULATION,
                {**_HEURISTIC, "samples": param(16, "int", 1, 10_000)})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

PARAM_SLOTS = {"play": {"overtake": codes.P_OVERTAKE, "signal": codes.P_SIGNAL, "count": codes.P_COUNT,
                        "samples": codes.P_SAMPLES,
                        "feed": codes.P_FEED, "capture": codes.P_CAPTURE, "duck": codes.P_DUCK, "cash": codes.P_CASH,
                        "draw": codes.P_DRAW, "under": codes.P_UNDER, "force": codes.P_FORCE, "void": codes.P_VOID}}
