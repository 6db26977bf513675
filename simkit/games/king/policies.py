"""King policies: a ``play`` role and a ``trump`` role (naming trump in the positive deals).

Play: ``random`` (a uniformly chosen legal card), ``heuristic`` (negative deals: shed the
cards that score to their taker and duck, win free tricks with high cards; positive deals:
take tricks, masters and trumps first; :func:`~simkit.games.king.nb.negative_play_nb`,
:func:`~simkit.games.king.nb.positive_play_nb`), ``simulation`` (for each legal card, deals
the unseen cards ``samples`` times consistently with what the seat has seen, voids
included, and plays the deal out by the heuristic; plays the card with the least penalty,
or the most points, over the samples). Trump: ``random`` (uniform over the choices open:
the four suits, or those of the three cards with ``trump_choice=among_three``, and «По
последней»), ``heuristic`` (the suit with the most of the three cards, ties by the highest
card; «По последней» when it has fewer than ``last_below`` of them).

Defaults: ``heuristic`` for both. The simulation player is better wherever penalties are
at stake: seat 0's penalty per deal against three heuristic players, the same 3000 single
deals per contract (seed 5), simulation minus heuristic: no tricks -0.51 ± 0.09, no boys
-0.64 ± 0.10, no girls -0.65 ± 0.10, no hearts -0.93 ± 0.11, last two -1.26 ± 0.16, K♥
-0.85 ± 0.17, eralash -5.2 ± 0.6; in positive deals +0.08 ± 0.10 points (no gain). It is
about 100 times slower (about 1 200 eralash deals a second with one simulation seat, against
about 150 000 for the heuristic), so it is not the default: the study and the test suite
play thousands of parties. ``last_below=2`` is the best of a sweep (``experiments/
king_contracts.py``; 40 000 positive deals, seed 3, heuristic play): the namer takes 2.53 ±
0.02 points above the equal 6 a deal, against 2.21 never saying «По последней» (1), 1.92 (3),
1.76 always (4) and 0.56 for the random namer.

Both roles take a user ``@njit`` function:

* ``play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64`` (a card
  code whose bit is set in ``legal``; under ``king_forced=over_ace`` the K♥ must also be
  played on a heart lead once the A♥ is in the trick, which ``legal`` does not show);
* ``trump(three: int64, state: int64[:], params: float64[:]) -> int64``: ``three`` = the
  namer's three cards (bitmask); 0..3 the suit named (♠ ♥ ♦ ♣), 4 «По последней».

``state`` is the table state (``S_*`` of :mod:`simkit.core.tricks` and
:mod:`simkit.games.king.nb`: ``S_CONTRACT``, ``S_NAMER``, ``S_PTS`` = points taken this
deal (in «не брать взяток» filled after the last trick: 2 a trick of ``S_WON``),
``S_SCORE`` = net score of the party so far). Per-seat policies as in
:mod:`simkit.policies.seated` (``--policy "play=simulation|heuristic|heuristic|heuristic"``).
"""
from simkit.games.king import nb
from simkit.policies.base import PolicyRole, PolicySpec, param

PLAY = PolicyRole(
    "play",
    [PolicySpec("random", "a uniformly chosen legal card", nb.PLAY_RANDOM, {}),
     PolicySpec("heuristic", "negative deals: shed danger cards and duck, win free tricks high; positive deals: "
                "take tricks, masters and trumps first", nb.PLAY_HEURISTIC, {}),
     PolicySpec("simulation", "plays each legal card out on `samples` deals of the unseen cards consistent with "
                "what the seat has seen (heuristic play) and keeps the best", nb.PLAY_SIMULATION,
                {"samples": param(16, "int", 1, 10_000)})],
    default="heuristic",
    user_signature="play(hand: int64, legal: int64, state: int64[:], params: float64[:]) -> int64",
)

TRUMP = PolicyRole(
    "trump",
    [PolicySpec("random", "uniform over the choices open: the suits allowed and «По последней»", nb.TRUMP_RANDOM, {}),
     PolicySpec("heuristic", "the suit with the most of the three cards (ties: the highest card); «По последней» "
                "when it has fewer than `last_below` of them", nb.TRUMP_HEURISTIC,
                {"last_below": param(2, "int", 0, 4)})],
    default="heuristic",
    user_signature="trump(three: int64, state: int64[:], params: float64[:]) -> int64 (0..3 a suit, 4 by the last)",
)

#: parameter name -> slot in the kernel's per-seat parameter row
PARAM_SLOTS = {"play": {"samples": nb.P_SAMPLES}, "trump": {"last_below": nb.P_LAST_BELOW}}
