"""Tyotka policies: one ``play`` role (kernels in :mod:`.play`).

``random`` (uniform legal card), ``heuristic`` (every trick costs, a queen, the photograph
and the counting trick cost more; :func:`~simkit.games.tyotka.play.tyotka_play_nb`): the
``basic`` ducking play, but the last to a clean trick in the first ``take`` tricks takes
it with his highest card of the suit (of rank ``high`` or more), and before the counting
trick a hand holding at most ``save`` sure losers (cards nobody can duck under) keeps them,
leading the card with the most unseen cards above it (at least ``lead``) instead; void in
the suit led, after a queen or the photograph it throws the card likeliest to take a trick
later (``shed``: a sure taker, else the most unseen cards below it); and it looks ahead
at every decision of the deal's last ``last`` tricks (``kinds``: which decisions, leads,
follows, discards; ``count``: also at the counting trick and the tricks before it): the
rules' card and every other card that plays differently (void, with ``tops``: only each
suit's highest, the queens and the photograph) are played out on up to ``probe`` sampled
deals of the hidden cards, every seat then playing ``basic`` (``model`` 0) or the rules
(1), and the least cost is played; a card trailing the best by more than ``gap`` points
after a sample is dropped, and when every card has cost the same after ``tie`` samples
the rules' card is played; the play-outs of a decision before the last ``last`` tricks
cover at most ``depth`` tricks (13: to the deal's end)
(:func:`~simkit.games.tyotka.play.look_play_nb`; ``probe`` = 0: the rules alone).
``rules`` (the heuristic without its look-ahead, the default before: a baseline),
``simulation`` (samples the hidden hands consistently with the voids shown and plays each
legal card out with the ``basic`` heuristic at every seat: the least mean penalty),
``basic`` (the shared ducking heuristic, Tyotka's default before ``rules``: a baseline), or a user's
``@njit`` ``play(hand, legal, state, params) -> card``: ``state`` holds the shared trick
layout (:mod:`simkit.core.tricks` ``S_*``) and the penalty fields of
:mod:`simkit.games.penalty_tricks` (``S_HOT`` = the photograph, ``S_HOT_TRICK`` = the
counting trick, 0-based, ``S_PEN`` = penalties so far this deal; ``S_SCORE`` = the
rubber's penalties before the deal).
"""
from simkit.core.trick_codes import PLAY_RANDOM
from simkit.games import penalty_codes as pt
from simkit.games.penalty_games import USER_SIGNATURE
from simkit.games.tyotka import codes as play
from simkit.policies.base import PolicyRole, PolicySpec, param

#: the heuristic's parameters (defaults: the best measured, docs/tricks.md "Tyotka's heuristic")
HEURISTIC = {"take": param(8, "int", 0, 13), "high": param(9, "int", 0, 12), "save": param(2, "int", 0, 13),
             "lead": param(1, "int", 0, 12), "shed": param(1, "int", 0, 1),
             "probe": param(6, "int", 0, 64), "last": param(5, "int", 0, 13), "count": param(2, "int", 0, 13),
             "model": param(0, "int", 0, 1), "kinds": param(11, "int", 1, 15),
             "tops": param(1, "int", 0, 1), "tie": param(4, "int", 0, 64), "gap": param(1, "int", 0, 64),
             "depth": param(2, "int", 1, 13)}

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card (a baseline)", PLAY_RANDOM, {}),
     PolicySpec("heuristic", "every trick costs: lead the card most likely to lose, duck with the highest losing "
                "card; last to a clean trick in the first "
                "`take` tricks, take it with the highest card of the suit when of rank `high` or more (0 = a 2 .. "
                "12 = an ace); before the counting trick keep a sure loser when holding at most `save` of them, "
                "leading instead the card with the most unseen cards above it (at least `lead`); void, after a "
                "queen or the photograph throw the likeliest taker (`shed`: a sure taker, else the most unseen "
                "cards below it); and look ahead at the decisions of the last `last` tricks (`kinds`: 1 leads, 2 "
                "follows that can win or lose, 4 other follows, 8 discards, summed; `count` > 0: also the counting "
                "trick and the `count` - 1 before it): play the rules' card and each card that plays differently "
                "(void, `tops`=1: only each suit's highest, the queens and the photograph) out on up to `probe` "
                "sampled deals (every seat then `basic`, `model`=0, or the rules, 1) and play the least cost; drop "
                "a card trailing the best by more than `gap` points after a sample (64: never), stop when every "
                "card has cost the same after `tie` samples (0: never); the play-outs of a decision before the last "
                "`last` tricks (`count`) cover at most `depth` tricks, the current one included (13: to the deal's "
                "end; fewer: the cost of the tricks played) (`probe`=0: the rules alone)",
                pt.PLAY_HEURISTIC, dict(HEURISTIC)),
     PolicySpec("rules", "the heuristic's rules without its look-ahead (`heuristic:probe=0`, the default "
                "before; a baseline)",
                pt.PLAY_HEURISTIC, {k: HEURISTIC[k] for k in ("take", "high", "save", "lead", "shed")}),
     PolicySpec("simulation", "samples the hidden hands `samples` times consistently with the voids shown, "
                "plays each legal card out with the `basic` heuristic for every seat, plays the least mean cost",
                pt.PLAY_SIMULATION, {"samples": param(16, "int", 1, 1000)}),
     PolicySpec("basic", "the shared ducking heuristic (the default before `rules`; a baseline): lead the card "
                "most likely to lose, duck with the highest losing card, shed queens, the photograph and high cards "
                "when void",
                play.PLAY_BASIC, {})],
    default="heuristic",
    user_signature=USER_SIGNATURE,
)

PARAM_SLOTS = {"play": {"samples": pt.P_SAMPLES, "take": play.P_TAKE, "high": play.P_HIGH, "save": play.P_SAVE,
                        "lead": play.P_LEAD, "shed": play.P_SHED, "probe": play.P_PROBE, "last": play.P_LAST,
                        "count": play.P_COUNT, "model": play.P_MODEL, "kinds": play.P_KINDS,
                        "gap": play.P_GAP, "tops": play.P_TOPS, "tie": play.P_TIE,
                        "depth": play.P_DEPTH}}
