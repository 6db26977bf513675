"""Thousand policies: a ``bid`` role (the auction, the contract, conceding or refusing) and
a ``play`` role (the cards given and kept from the widow, the marriage declared, the
cards played); formulas in :mod:`.heuristic`, :mod:`.nb` and :mod:`.simulation`.

Bid: ``random`` (a baseline: each call passes or makes the lowest raise with chance 1/2,
the contract is the bid, never concedes), ``heuristic`` (the default,
:func:`~.heuristic.heuristic_bid_nb`), ``counted`` (the default before it) and
``simulation``.

``heuristic`` values a hand by a model of the mean points it takes as declarer
(:func:`~.heuristic.hand_value_nb`: aces, tens, the marriages and whether an ace gives a
lead to declare them from, the best marriage's suit, halves of marriages, lengths, voids;
weights fitted to play-outs with the default play, one set per version before and after
the widow). It raises by the lowest step while the bid stays within the value less
``bid_margin`` (1001: the contract comes after the widow, the bid is only its floor) or
``bid_margin_2`` (1000 (2): the bid binds a contract named on the same seven cards);
names the value less ``margin``, rounded down to the step, at least the bid; and concedes
(1001), refuses (1000 (2)) or, after an all-pass, throws in when that is worth more than
playing by over ``concede`` points against the two opponents (the declarer's points
normal about the value with standard deviation ``spread``: + or - the contract, less half
the points the defenders write, against - the bid and ``concede_opponents`` to each (1001),
- the contract and 60 to each (1000 (2)), 50 to each (a throw-in; 100 more for a declarer
on 850 or more in 1000 (2))). The defaults are the best replies found by racing
(``simkit.tune``, a seat against two default seats, games to the target, seed 7) and kept
where duplicate tournaments of 20 000 games a seating (seed 3) confirm them, the defaults
against the alternatives, share of games won: 1001 ``bid_margin`` 20: 0.354 against 0.327
at 10 and 0.318 at 30; ``margin`` 30: 0.343 against 0.331 at 20 and 0.326 at 40; 1000 (2)
``bid_margin_2`` 40: 0.339 against 0.334 at 50 and 0.327 at 30; ``margin`` 30: 0.353
against 0.345 at 40 and 0.303 at 20 (stderr 0.001-0.0013 each). Conceding is worth
0.0084 ± 0.0006 of games in 1001 and 0.072 ± 0.0015 in 1000 (2) (the heuristic against
itself never conceding, ``concede=400``); ``spread`` and ``concede`` are flat near their
defaults. One ``simulation`` bidder against two default seats wins 0.284 ± 0.006 of games
to 1001 and 0.285 ± 0.006 in 1000 (2) (2 000 games at each seat, seeds 100-102; against
two ``counted`` seats with the play before ``draw``: 0.420 ± 0.006 and 0.366 ± 0.006).

``counted`` values a hand by its marriages and the tricks it counts
(:func:`~.heuristic.estimate_nb`) plus the widow's expected gain before it is seen
(15 in 1001, 5 in 1000 (2)); raises while the bid stays at most the value less
``margin``; contract = the value less ``margin``, rounded down to the step, at least the
bid; concedes (refuses) when the value falls short of the bid by more than ``concede``.
It undervalues weak hands (1001 hands it values at 20-40 take 71 points on average in
play-outs) and passes: every bidder passed in 0.503 of the deals of games to 1001
(0.656 in 1000 (2)), against 0.0002 (0.639) with ``heuristic`` (5 000 games, seed 21);
in 1001 it never conceded (``heuristic``: 0.041 of the deals). ``simulation`` applies
the ``counted`` rules to the mean points of ``samples`` sampled deals played out in the
kernel by the default play (:mod:`.simulation`; with ``draw`` since it came in, so its
statistics differ from before it).

Play: ``random`` (uniform legal card; random cards given and kept; each possible
marriage or none declared uniformly), ``heuristic`` (declares the marriage of the
greatest value plus ``trump_weight`` points per card of its suit held; gives away the
cards least worth keeping, keeps the most, never breaking a marriage; plays counting
points, the defenders as partners, and with ``draw`` (default 1) the declarer leads his
sure trumps while trumps are out before his sure side cards; with ``cash`` (1001,
default 1; ``cash_2`` in 1000 (2), default 0) a seat taking a trick nobody after it can take away (the last seat, or a defender second
to the declarer's lead) takes it with his card of the most points that a card still out
beats in its suit, keeping his masters (before: the last seat took it with the most
points, the second defender with his strongest card):
:func:`~.heuristic.heuristic_play_nb`; ``draw=0`` and ``cash=0`` are the play before
each, bit for bit),
``simulation`` (:func:`~.simulation.simulation_play_nb`: each legal card played out on
``samples`` deals of the unseen cards consistent with the play so far, the heuristic for
every seat after it; the best for the seat's score against the other two; gives, keeps
and declares as the heuristic; its ``cash`` defaults to 0, the play before ``cash``, so
the simulation player, the simulation bidder's play-outs and the value model's fit are as
they were). The heuristic player is the check's weak side: one
``simulation`` player (20 samples) against two default players wins 0.572 ± 0.016 of
games to 1001 and 0.592 ± 0.016 in 1000 (2) (300 games at each seat, seeds 200-202; about
30 games a second with the three seats by simulation, against 11 000 with the defaults);
``draw`` is the one rule adopted from where their cards differ (the declarer's leads):
the default against ``draw=0`` wins 0.342 against 0.325 (± 0.0009 the difference) of
games to 1001 and 0.336 against 0.331 (± 0.0005) in 1000 (2) (20 000 games a seating,
seed 3). ``cash`` came next (where a safe trick is taken): ``heuristic`` against
``heuristic:cash=0`` wins 0.3362 against 0.3304 (+0.0058 ± 0.0007 the difference) of
games to 1001 (20 000 games a seating, seed 3); in 1000 (2) the rule loses (0.3313
against 0.3354, -0.0041 ± 0.0012; 10 000 games a seating, seed 3), so ``cash_2`` is 0; the ``simulation`` seat against two default players won 0.571 ± 0.010
of games to 1001 with ``cash=0`` and 0.555 ± 0.010 with it (800 games at each seat,
seeds 200-202, the same deals). The defenders' discards and leads are left as they were.

Both roles take a user ``@njit`` function; seats are the deal's active seats 0..2 from
the dealer's left, ``state`` the table state (:mod:`simkit.core.tricks` ``S_*`` and
:mod:`.layout`), ``state[S_PHASE]`` says what is asked:

* ``bid(hand: int64, state: int64[:], params: float64[:]) -> int64``: ``PHASE_AUCTION``
  0 = pass or a bid over ``state[S_HIGH]`` (-1: none yet); ``PHASE_CONTRACT`` the
  contract, at least the bid (1001: 0 = concede); ``PHASE_REFUSE`` (1000 (2), after the
  widow) 1 = refuse, 0 = play;
* ``play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64``: a
  card of ``legal`` (``PHASE_PLAY``; ``PHASE_GIVE`` to seat ``state[S_TO]``;
  ``PHASE_KEEP``), or for ``PHASE_DECLARE`` the king or queen of ``legal`` whose marriage
  is declared by leading it, or -1 for none.

Per-seat policies as in :mod:`simkit.policies.seated` (``"bid=simulation|heuristic|heuristic"``).
"""
from simkit.games.thousand import codes
from simkit.policies.base import PolicyRole, PolicySpec, param

_VALUE = {"margin": param(40, "float", -400, 400), "concede": param(20, "float", 0, 400)}

BID = PolicyRole(
    "bid",
    [PolicySpec("random", "a baseline: pass or the lowest raise, each with chance 1/2; contract = the bid; never "
                "concedes", codes.BID_RANDOM, {}),
     PolicySpec("heuristic", "the hand's value (a model of the mean points it takes as declarer, fitted to "
                "play-outs): bid while the bid stays within the value less `bid_margin` (1000 (2): `bid_margin_2`); "
                "contract = value - `margin`; concede (refuse, throw in) when that beats playing by more than "
                "`concede` points, outcomes spread by `spread`", codes.BID_HEURISTIC,
                {"margin": param(30, "float", -400, 400), "bid_margin": param(20, "float", -400, 400),
                 "bid_margin_2": param(40, "float", -400, 400), "concede": param(0, "float", -400, 400),
                 "spread": param(20, "float", 1, 400)}),
     PolicySpec("counted", "the default before the value model: the hand's value (points, marriages, trump length, "
                "tricks counted): bid while the bid stays within the value less `margin`; contract = value - margin; "
                "concede when short by more than `concede`", codes.BID_COUNTED, dict(_VALUE)),
     PolicySpec("simulation", "the counted bidder's rules on the mean points of `samples` sampled deals played out",
                codes.BID_SIMULATION, {**_VALUE, "samples": param(8, "int", 1, 10_000)})],
    default="heuristic",
    user_signature="bid(hand: int64, state: int64[:], params: float64[:]) -> int64",
)

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card; random cards given and kept; a random marriage or none",
                codes.PLAY_RANDOM, {}),
     PolicySpec("heuristic", "declares the best marriage (value + `trump_weight` per card of its suit), gives the "
                "cards least worth keeping, plays counting points with the defenders as partners; `draw`: the declarer "
                "draws trumps; `cash` (1001) / `cash_2` (1000 (2)): a safe trick is taken with a loose card, masters kept",
                codes.PLAY_HEURISTIC, {"trump_weight": param(10, "float", 0, 100), "draw": param(1, "int", 0, 1),
                                   "cash": param(1, "int", 0, 1), "cash_2": param(0, "int", 0, 1)}),
     PolicySpec("simulation", "plays each legal card out on `samples` deals of the unseen cards consistent with the "
                "play so far (the heuristic for every seat after it) and keeps the best for its score against the "
                "others; gives, keeps and declares as the heuristic", codes.PLAY_SIMULATION,
                {"trump_weight": param(10, "float", 0, 100), "draw": param(1, "int", 0, 1),
                 "cash": param(0, "int", 0, 1), "cash_2": param(0, "int", 0, 1),
                 "samples": param(20, "int", 1, 10_000)})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

PARAM_SLOTS = {"bid": {"margin": codes.P_MARGIN, "concede": codes.P_CONCEDE, "samples": codes.P_SAMPLES, "spread": codes.P_SPREAD,
                       "bid_margin": codes.P_BID_MARGIN, "bid_margin_2": codes.P_BID_MARGIN_2},
               "play": {"trump_weight": codes.P_TRUMP_WEIGHT, "samples": codes.P_PLAY_SAMPLES, "draw": codes.P_DRAW,
                        "cash": codes.P_CASH, "cash_2": codes.P_CASH_2}}
