"""Thousand's heuristic: what a hand is worth, and the heuristic's every decision (bid,
contract, concession, the cards to keep and give, the marriage to declare, the card to
play). Numba kernels; the policies that call them are in :mod:`.policies`.

**Hand value** (:func:`hand_value_nb`, the ``heuristic`` bidder's): the mean points the
hand takes as declarer when every seat plays the default play, as a weighted sum of its
features (:func:`hand_features_nb`: aces, tens, the marriages held and whether an ace gives
a lead to declare them from, the best marriage's suit, the halves of marriages a widow card
may complete, lengths and voids), one set of weights (:data:`VALUE_MODELS`) for each version
before and after the widow, fitted to play-outs of sampled deals.

**Counted value** (:func:`estimate_nb`, the ``counted`` bidder's, the default before the
value model): the points a hand should take as declarer, from what it holds: every
marriage held (♥100 ♦80 ♣60 ♠40, 002:89), and the tricks counted: an ace, a ten with its
ace or with two more cards of the suit, the king of a marriage under its ace and ten, and
one trick for each card beyond three of the longest marriage suit (the trump it will
declare). Each trick counts the points of the card that wins it plus
:data:`TRICK_POINTS` for the two cards the others give to it (on average 5 a card: 120
points in 24 cards). It undervalues weak hands most: 1001 hands it counts at 20-40 take
71 points on average as declarer in play-outs, so its bidder passed in half the deals.
"""
import math

import numpy as np
from numba import njit

from simkit.core.ace_ten import marriage_suits_nb
from simkit.core.cards import RANK_9, RANK_10, RANK_A, RANK_J, RANK_K, RANK_Q
from simkit.core.tricks import (NO_TRUMP, S_BID, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_PLAYERS, S_SCORE, S_TRUMP,
                                TT_POWER, TT_SUIT_BITS, beating_nb, higher_in_suit_nb, lowest_card_nb,
                                masters_nb, popcount_nb, strongest_nb, trick_winner_nb)
from simkit.games.thousand.layout import (ALLPASS_REFUSAL, O, VERSION, P_BID_MARGIN, P_BID_MARGIN_2,
                                          P_CASH, P_CASH_2, P_CONCEDE, P_DRAW, P_MARGIN, P_SPREAD, PHASE_AUCTION,
                                          PHASE_CONTRACT, S_CONTRACT, S_DECLARER, S_HIGH, S_OPENING, S_PHASE, S_STEP)
from simkit.games.thousand.scoring import (BARREL, BARREL_PENALTY, DEAL_POINTS, MARRIAGE_VALUES, MAX_BID,
                                           MAX_WITHOUT_MARRIAGE, POINTS, REFUSAL_BONUS_1000_2, TABLES, THROW_IN_BONUS)

#: the points the two other cards of a trick bring on average (120 / 24 a card)
TRICK_POINTS = 10.0
SUIT_BITS = TABLES[NO_TRUMP, TT_SUIT_BITS:TT_SUIT_BITS + 4].copy()
#: the bonus for a marriage card when choosing what to keep or give (never break a marriage)
KEEP_MARRIAGE = 100
#: the play heuristic's rule flags (bits of its ``flags``): draw trumps, cash loose winners
F_DRAW, F_CASH = 1, 2


@njit(cache=True)
def estimate_nb(hand):
    """The points ``hand`` should take as declarer (see the module doc)."""
    m = marriage_suits_nb(hand)
    value = 0.0
    tricks = 0.0
    trump_len = 0
    for s in range(4):
        n = popcount_nb(hand & SUIT_BITS[s])
        ace = (hand >> (4 * RANK_A + s)) & 1
        ten = (hand >> (4 * RANK_10 + s)) & 1
        if ace:
            tricks += 1
            value += 11
        if ten and (ace or n >= 3):
            tricks += 1
            value += 10
        if (m >> s) & 1:
            value += MARRIAGE_VALUES[s]
            if ace and ten:
                tricks += 1
                value += 4
            if n > trump_len:
                trump_len = n
    if trump_len > 3:
        tricks += trump_len - 3
    return value + TRICK_POINTS * tricks


#: the hand features the value model reads (:func:`hand_features_nb`), in this order
(F_ONE, F_POINTS, F_ACES, F_TENS, F_A10, F_MARR, F_MBEST, F_NMARR, F_MARR_ENTRY, F_ENTRY, F_MACE, F_MTEN, F_MLEN,
 F_HALF, F_HALFV, F_LOW, F_VOIDS, F_SQ) = range(18)
N_FEATURES = 18
#: the value models' weights of the features (columns :data:`FEATURE_NAMES`), one row per
#: situation ``MODEL_*``: 1001 before the widow (seven cards; three to take, two to give),
#: 1001 after it (eight cards), 1000 (2) before it (one to keep) and after it. Least squares
#: fits to the mean points the declarer takes in 100 play-outs with the default play for
#: every seat (:func:`~.simulation.rollout_value_nb`) of 40 000 random deals a version
#: (``experiments/thousand_value_model.py --hands 4000000 --seed 1``, which refits them);
#: on 25 000 other deals (``--seed 0``) their residual standard deviation is 5.0, 8.1, 7.6
#: and 9.1 points (the play-outs' own means vary by about 3), against 18, 16, 20 and 27 for
#: the counted value.
VALUE_MODELS = np.array([
    # one, points, aces, tens, ace_ten, marriages, best_marriage, n_marriages, marriages_with_ace, ace,
    # best_ace, best_ten, best_length, half_marriages, half_marriage_values, low_cards, voids, length_squares
    [4.48, 0.01, 17.86, 9.10, 4.58, 0.75, 0.19, -1.16, 0.03, -2.55,
     0.17, 6.31, 1.71, 3.17, 0.15, 3.59, 1.58, 0.32],                       # 1001, before the widow
    [-1.15, 0.33, 13.00, 1.65, 5.44, 0.67, 0.27, -10.42, 0.07, -9.13,
     -5.64, 4.66, 3.16, -1.27, 0.00, -1.76, 3.98, 1.13],                    # 1001, after it
    [-0.56, -0.18, 16.37, 8.14, 2.49, 0.59, 0.06, -11.75, 0.28, 23.42,
     -1.28, -0.49, 4.05, -3.82, 0.14, -1.13, 2.63, 0.83],                   # 1000 (2), before it
    [1.31, -0.23, 17.58, 7.46, 5.65, -0.07, 0.24, -5.98, 0.81, 1.95,
     -0.01, -0.38, 2.81, -1.01, 0.00, -1.59, 2.39, 0.91],                   # 1000 (2), after it
])
MODEL_1001_PRE, MODEL_1001_POST, MODEL_1000_2_PRE, MODEL_1000_2_POST = range(4)
FEATURE_NAMES = ("one", "points", "aces", "tens", "ace_ten", "marriages", "best_marriage", "n_marriages",
                 "marriages_with_ace", "ace", "best_ace", "best_ten", "best_length", "half_marriages",
                 "half_marriage_values", "low_cards", "voids", "length_squares")


@njit(cache=True)
def hand_features_nb(hand, out):
    """The features of ``hand`` (bitmask) the value model weighs, into ``out``
    (:data:`N_FEATURES`): 1; card points; aces; tens; suits holding ace and ten; the
    marriages' values, the best one's, their number, their values again when the hand holds
    an ace (a lead to declare them from: 1000 (2) declares only after a trick won), whether
    it holds an ace; the best marriage's suit: its ace, its ten, its length; suits holding
    a king or a queen without the other (a widow card may complete them), their marriage
    values; jacks and nines; void suits; the sum of the suits' squared lengths."""
    for i in range(N_FEATURES):
        out[i] = 0.0
    out[F_ONE] = 1.0
    m = marriage_suits_nb(hand)
    best = -1
    for s in range(4):
        if (m >> s) & 1 and (best < 0 or MARRIAGE_VALUES[s] > MARRIAGE_VALUES[best]):
            best = s
    aces = 0
    for s in range(4):
        n = popcount_nb(hand & SUIT_BITS[s])
        ace = (hand >> (4 * RANK_A + s)) & 1
        ten = (hand >> (4 * RANK_10 + s)) & 1
        k = (hand >> (4 * RANK_K + s)) & 1
        q = (hand >> (4 * RANK_Q + s)) & 1
        aces += ace
        out[F_POINTS] += 11 * ace + 10 * ten + 4 * k + 3 * q + 2 * ((hand >> (4 * RANK_J + s)) & 1)
        out[F_TENS] += ten
        out[F_A10] += ace & ten
        out[F_LOW] += ((hand >> (4 * RANK_J + s)) & 1) + ((hand >> (4 * RANK_9 + s)) & 1)
        out[F_SQ] += n * n
        if n == 0:
            out[F_VOIDS] += 1
        if (m >> s) & 1:
            out[F_MARR] += MARRIAGE_VALUES[s]
            out[F_NMARR] += 1
        elif k + q == 1:
            out[F_HALF] += 1
            out[F_HALFV] += MARRIAGE_VALUES[s]
        if s == best:
            out[F_MBEST] = MARRIAGE_VALUES[s]
            out[F_MACE] = ace
            out[F_MTEN] = ten
            out[F_MLEN] = n
    out[F_ACES] = aces
    if aces:
        out[F_ENTRY] = 1.0
        out[F_MARR_ENTRY] = out[F_MARR]


@njit(cache=True)
def hand_value_nb(hand, model):
    """The points ``hand`` takes as declarer by the value model ``model`` (a row of
    :data:`VALUE_MODELS`): its features (:func:`hand_features_nb`) weighed."""
    f = np.empty(N_FEATURES, np.float64)
    hand_features_nb(hand, f)
    v = 0.0
    for i in range(N_FEATURES):
        v += f[i] * VALUE_MODELS[model, i]
    return v


@njit(cache=True)
def bid_limit_nb(hand):
    """The highest bid or contract ``hand`` may name: 120 without a marriage (002:86)."""
    return MAX_BID if marriage_suits_nb(hand) else MAX_WITHOUT_MARRIAGE


@njit(cache=True)
def call_from_value_nb(value, high, opening, step, hand, margin):
    """The heuristic's auction call for a hand worth ``value``: the lowest legal raise
    (``opening`` first) while it is at most ``value - margin``, else pass (0)."""
    nxt = opening if high < 0 else high + step
    if nxt <= value - margin and nxt <= bid_limit_nb(hand):
        return nxt
    return 0


@njit(cache=True)
def contract_from_value_nb(value, bid, step, hand, margin, concede, may_concede):
    """The contract for a hand worth ``value`` after winning at ``bid``: ``value - margin``
    rounded down to the step, at least the bid, at most the hand's limit; 0 (concede)
    when ``may_concede`` and the value falls short of the bid by more than ``concede``."""
    if may_concede and value < bid - concede:
        return 0
    c = np.int64((value - margin) // step) * step
    c = min(c, bid_limit_nb(hand))
    return max(c, bid)


@njit(cache=True)
def normal_cdf_nb(x):
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


@njit(cache=True)
def play_worth_nb(value, contract, hand, spread):
    """What playing ``contract`` with ``hand`` (worth ``value`` points) is worth against
    the two opponents, in points: the declarer's expected score, ``contract`` with the
    chance ``p`` that his points reach it (normal, mean ``value``, standard deviation
    ``spread``) and minus it otherwise, less half the points the defenders write (the
    120 card points less his own expected card points, ``value`` less his marriages)."""
    p = normal_cdf_nb((value - contract) / spread)
    own = value - points_marriages_nb(hand)
    defenders = min(max(DEAL_POINTS - own, 0.0), float(DEAL_POINTS))
    return contract * (2.0 * p - 1.0) - 0.5 * defenders


@njit(cache=True)
def points_marriages_nb(hand):
    """The marriage points ``hand`` holds (♥100 ♦80 ♣60 ♠40 each)."""
    m = marriage_suits_nb(hand)
    v = 0.0
    for s in range(4):
        if (m >> s) & 1:
            v += MARRIAGE_VALUES[s]
    return v


@njit(cache=True)
def concede_nb(value, contract, hand, spread, loss, others, edge):
    """Whether to concede (refuse, throw in) rather than play ``contract`` with ``hand``
    worth ``value``: when what conceding is worth against the two opponents (``-loss``
    for the declarer, ``others`` to each of them) beats :func:`play_worth_nb` by more than
    ``edge`` points."""
    return -loss - others > play_worth_nb(value, contract, hand, spread) + edge


@njit(cache=True)
def heuristic_bid_nb(seat, hand, state, opts, p):
    """The heuristic bidder's answer in phase ``state[S_PHASE]`` for active seat ``seat``
    holding ``hand`` (the bid role's parameters ``p``). The hand's value is the value
    model's (:func:`hand_value_nb`) for the version and for before or after the widow.
    Auction: the lowest raise while it stays within the value less ``bid_margin`` (1001,
    where the contract is named after the widow) or ``bid_margin_2`` (1000 (2), where the
    bid binds a contract named on the same seven cards) (:func:`call_from_value_nb`).
    Contract: the value less ``margin``, rounded down to the step, at least the bid
    (:func:`contract_from_value_nb`). Conceding (1001, after
    the widow), refusing (1000 (2)) or, after an all-pass, throwing in: when it is worth
    more than playing by over ``concede`` points (:func:`concede_nb`, outcomes normal
    about the value with standard deviation ``spread``): conceding costs the bid (1001;
    each opponent writes ``concede_opponents``) or the contract (1000 (2); 60 to each
    opponent), throwing in costs 50 to each opponent (and 100 to a declarer on 850 or
    more in 1000 (2))."""
    v2 = opts[O.version] == VERSION.v_1000_2
    phase = state[S_PHASE]
    pre = phase == PHASE_AUCTION or (phase == PHASE_CONTRACT and v2)
    if v2:
        model = MODEL_1000_2_PRE if pre else MODEL_1000_2_POST
    else:
        model = MODEL_1001_PRE if pre else MODEL_1001_POST
    value = hand_value_nb(hand, model)
    step = state[S_STEP]
    high = state[S_HIGH]
    if phase == PHASE_AUCTION:
        bm = p[P_BID_MARGIN_2] if v2 else p[P_BID_MARGIN]
        return call_from_value_nb(value, high, state[S_OPENING], step, hand, bm)
    allpass = state[S_BID + seat] < 0           # he never called: the first two passed
    loss = 0
    others = THROW_IN_BONUS
    if allpass and v2 and state[S_SCORE + seat] >= BARREL:
        loss = BARREL_PENALTY
    if phase == PHASE_CONTRACT:
        c = contract_from_value_nb(value, high, step, hand, p[P_MARGIN], 0.0, False)
        if v2:
            return c
        if not allpass:
            loss = high
            others = opts[O.concede_opponents]
        return 0 if concede_nb(value, c, hand, p[P_SPREAD], loss, others, p[P_CONCEDE]) else c
    c = state[S_CONTRACT]
    # 002:101 (1000 (2)); else 1001's throw-in (002:90)
    if not allpass or (v2 and opts[O.allpass_refusal] == ALLPASS_REFUSAL.minus_contract):
        loss = c
        others = REFUSAL_BONUS_1000_2
    return 1 if concede_nb(value, c, hand, p[P_SPREAD], loss, others, p[P_CONCEDE]) else 0


@njit(cache=True)
def keep_value_nb(card, hand):
    """What a card is worth keeping: its points, plus :data:`KEEP_MARRIAGE` for a king or
    queen whose partner is in ``hand`` (the card's own bit may be in it or not)."""
    v = POINTS[card]
    rank = card >> 2
    if rank == RANK_K or rank == RANK_Q:
        partner = (RANK_Q if rank == RANK_K else RANK_K) * 4 + (card & 3)
        if (hand >> partner) & 1:
            v += KEEP_MARRIAGE
    return v


@njit(cache=True)
def pick_card_nb(legal, hand, keep):
    """The card of ``legal`` most worth keeping with ``hand`` (``keep``: the widow card
    1000 (2)'s declarer keeps) or least (the card to give an opponent); ties: the lowest
    code."""
    best = -1
    bv = 0
    m = legal
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        v = keep_value_nb(c, hand)
        if best < 0 or (v > bv if keep else v < bv):
            bv = v
            best = c
    return best


@njit(cache=True)
def declare_suit_nb(hand, suits, weight):
    """The marriage to declare among ``suits`` (4-bit mask): the greatest value plus
    ``weight`` points for each card of the suit held (the trump it makes)."""
    best = -1
    bv = -1.0
    for s in range(4):
        if (suits >> s) & 1:
            v = MARRIAGE_VALUES[s] + weight * popcount_nb(hand & SUIT_BITS[s])
            if v > bv:
                bv = v
                best = s
    return best


@njit(cache=True)
def _most_points_nb(m, tt, most):
    """The card of ``m`` with the most points (``most``) or the fewest; ties: the one of
    least power."""
    best = -1
    bp = 0
    bw = 0
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        p = POINTS[c]
        w = tt[TT_POWER + c]
        if best < 0 or (p > bp if most else p < bp) or (p == bp and w < bw):
            best, bp, bw = c, p, w
    return best


@njit(cache=True)
def play_flags_nb(p, v2):
    """The heuristic player's rule flags from its parameters ``p`` (``draw``; ``cash`` in
    1001, ``cash_2`` in 1000 (2) (``v2``): :data:`F_DRAW`, :data:`F_CASH`)."""
    f = 0
    if p[P_DRAW] != 0:
        f |= F_DRAW
    if p[P_CASH_2 if v2 else P_CASH] != 0:
        f |= F_CASH
    return f


@njit(cache=True, inline="always")
def _cash_nb(win, gone, tt):
    """``cash``: the card of ``win`` (cards that take the trick safely) with the most points
    among those a card still out beats in their suit (to take now what could be lost
    later); when every one is a master, the one with the most points."""
    loose = win & ~masters_nb(win, gone, tt)
    return _most_points_nb(loose if loose else win, tt, True)


@njit(cache=True, inline="always")
def heuristic_play_nb(seat, hand, legal, state, trick, tt, flags):
    """Card play counting points, with the two defenders as partners against the declarer.
    Leading: a card no unplayed card of its suit beats (a sure trick), the one with the
    most points; else the card with the fewest points; with ``draw``, a declarer holding a
    sure trump leads it first while trumps are still out (neither played nor his), before
    his sure side cards, which a defender void in their suit could trump. Following: when
    the partner holds the trick and nobody plays after, or his card cannot be beaten, give
    him the most points; when an opponent holds it, take it (last: with the winning card
    with the most points; second: with the strongest) or, unable to, give the fewest
    points. ``flags`` (bits :data:`F_DRAW`, :data:`F_CASH`): with ``cash``, a seat taking a
    trick that nobody after it can take away (the last seat, or a defender second to the
    declarer's lead, his partner after him) takes it with the card with the most points
    among those a card still out beats in their suit, keeping his masters for later
    (:func:`_cash_nb`; without, the last seat takes it with the most points, the second
    defender with his strongest card). ``flags`` 0 or 1 (``draw`` alone) is the play before
    ``cash``, bit for bit."""
    n = state[S_N_IN_TRICK]
    decl = state[S_DECLARER]
    draw = flags & F_DRAW
    if n == 0:
        tops = masters_nb(legal, state[S_PLAYED] | hand, tt)
        trump = state[S_TRUMP]
        if draw and seat == decl and trump >= 0 and tops & SUIT_BITS[trump] \
                and SUIT_BITS[trump] & ~(state[S_PLAYED] | hand):
            return _most_points_nb(tops & SUIT_BITS[trump], tt, True)
        if tops:
            return _most_points_nb(tops, tt, True)
        return _most_points_nb(legal, tt, False)
    players = state[S_PLAYERS]
    wi = trick_winner_nb(trick, n, tt)
    w = state[S_LEADER] + wi
    if w >= players:
        w -= players
    last = n == players - 1
    if w != decl and seat != decl:
        gone = state[S_PLAYED] | hand
        safe = last or higher_in_suit_nb(trick[wi], tt) & ~gone == 0
        return _most_points_nb(legal, tt, safe)
    win = beating_nb(legal, trick, n, tt)
    if win:
        if flags & F_CASH and (last or (n == 1 and w == decl and players == 3)):
            return _cash_nb(win, state[S_PLAYED] | hand, tt)
        if last:
            return _most_points_nb(win, tt, True)
        return strongest_nb(win, tt)
    return _most_points_nb(legal, tt, False)
