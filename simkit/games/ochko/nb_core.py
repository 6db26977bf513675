"""Ochko kernel pieces shared by both variants: the continuing deck, hand totals, the
policy calls and the per-coup record (seed 003 lines 1-17).

Seat 0 is the banker, seats 1..P the punters in playing order («начиная с сидящего по
левую руку от банкомета», 003:2; «Первым он играет с игроком, сидящим от него слева»,
003:10). A hand is kept as its card codes plus ``hs[seat] = (cards, points, aces)``.
Money is counted in half stake units so that a halved stake (003:16) stays an integer.
"""
import numpy as np
from numba import njit, types

from simkit.core.jit import cfunc
from simkit.core.options import choices, layout
from simkit.core.rng import draw_nb
from simkit.games.ochko.codes import (BANKER_STANDARD, BANKER_USER, DRAW_MIMIC, DRAW_THRESHOLD,  # noqa: F401
                                      DRAW_USER, MAX_STAKE, STAKE_CARD, STAKE_FLAT, STAKE_FRACTION, STAKE_USER)
from simkit.games.ochko.rules import OchkoRules

MAX_P = 8
SEATS = MAX_P + 1
MAXH = 16          # no hand can reach this many cards before it busts or makes 21
N_INDEX = 16       # coup-index rows; the last collects every later coup
N_TOT = 33         # final totals 0..31 and 32 = "32 or more"
N_TENURE = 33      # deals/rounds per bank 0..31 and 32 = "32 or more"
N_FINAL = 21       # final bank in quarters of the starting bank: 0..19 and 20 = "5x or more"

#: ``opts`` slots (:func:`~simkit.core.options.layout`: one per rule option, named as it)
O = layout(OchkoRules)
#: the codes of the choice options (``VARIANT.A``, ``TWO_ACES.win``, ``DECK_END.pass_`` ...)
VARIANT = choices(OchkoRules, "variant")
VALUES = choices(OchkoRules, "values")
TWO_ACES = choices(OchkoRules, "two_aces")
TIE = choices(OchkoRules, "tie")
DECK_END = choices(OchkoRules, "deck_end")
NATURAL_VS_NATURAL = choices(OchkoRules, "natural_vs_natural")
BANKER_HAND = choices(OchkoRules, "banker_hand")
INFO = choices(OchkoRules, "info")
if (TIE.push, TIE.banker, TIE.punter) != (0, 1, 2):
    raise TypeError("ochko: the audits' settlement tables (nb_a, nb_b) are indexed by the tie code in the order "
                    "push, banker, punter; OchkoRules.tie's allowed values are in another order")

#: deck state ``ds``: stock position, fixed-order flag, stock ran out this bank,
#: reshuffles, draws refused for want of cards, burn card pending, log rows written
DS_POS, DS_FIXED, DS_EXHAUSTED, DS_SHUFFLES, DS_NOCARD, DS_BURN, DS_LOG = range(7)
N_DS = 7
H_N, H_SUM, H_ACES = 0, 1, 2

(OUT_BANKER_NATURAL, OUT_NATURAL_TIE, OUT_PUNTER_NATURAL, OUT_PUNTER_GOLDEN, OUT_BANKER_GOLDEN,
 OUT_PUNTER_BUST, OUT_BANKER_BUST, OUT_BOTH_BUST, OUT_PUNTER_HIGHER, OUT_BANKER_HIGHER, OUT_TIE) = range(11)
N_OUT = 11
OUTCOME_NAMES = ("banker natural", "both naturals", "punter natural", "punter golden ochko",
                 "banker golden ochko", "punter bust", "banker bust", "both bust", "punter higher",
                 "banker higher", "equal totals")

END_DECK, END_BROKEN, END_KNOCK, END_ROUNDS = range(4)
N_END = 4
END_NAMES = ("deck played through", "broken (bank empty)", "knock (bank multiplied)", "round limit")

#: per-bank scratch ``bk``
(BK_X, BK_Y, BK_WINS, BK_PUSH, BK_HALF, BK_COUPS, BK_ROUNDS, BK_END, BK_BANK, BK_BANK0) = range(10)
N_BK = 10
#: log row (fixed-deck runs): round, seat, stake, halved, loss (half units), outcome,
#: punter total, banker total (-1 if he did not play), punter cards, banker cards, bank after (half units)
N_LOG = 11

#: decorator of every kernel function that takes arrays and allocates none: compiled
#: without numba's reference counting, which otherwise wraps each call (and each inlined
#: helper with a branch) in atomic incref/decref pairs per array argument, measured to
#: make a card dealt 20x slower. Such functions must not create arrays (views are fine).
kernel = njit(cache=True, _nrt=False)
#: the same, inlined into its callers (the hottest helpers: a call passes every array as
#: several machine words)
inline_kernel = njit(cache=True, _nrt=False, inline="always")

STAND, DRAW, HALVE = 0, 1, 2
GOLDEN = 100       # a banker's total meaning "golden ochko" (two aces that win outright)
ERR_STAKE, ERR_DRAW, ERR_BANKER = 1, 2, 3
N_ERR = 8          # code, unit, move, seat, total, cards, cap or can_halve, round

#: user staking: stake(card, cap, params) -> int64 units; ``card`` is the code of the
#: punter's first card (-1 in variant A, where stakes are set before the deal), ``cap`` the
#: most he may claim (-1 = no bank limit, variant A). Legal: 1 <= stake <= cap (or MAX_STAKE).
STAKE_SIG = types.int64(types.int64, types.int64, types.float64[:])
#: user drawing: draw(hand, total, soft, can_halve, params) -> 0 stand, 1 draw, 2 halve then draw;
#: ``hand`` = the punter's card codes, ``soft`` = 1 if an ace counts 11 in ``total`` (blackjack values).
DRAW_SIG = types.int64(types.int64[:], types.int64, types.int64, types.int64, types.float64[:])
#: user banker: banker(hand, total, soft, targets, params) -> 0 stand, 1 draw; ``targets`` =
#: the totals he knows he must beat (one in variant B with open totals, every standing punter's
#: with a single banker hand, none in variant A or with hidden totals).
BANKER_SIG = types.int64(types.int64[:], types.int64, types.int64, types.int64[:], types.float64[:])
STAKE_FN = types.FunctionType(STAKE_SIG)
DRAW_FN = types.FunctionType(DRAW_SIG)
BANKER_FN = types.FunctionType(BANKER_SIG)


@cfunc(STAKE_SIG, cache=True)
def no_user_stake_nb(card, cap, params):
    """Placeholder passed where no user function is used (never called)."""
    return 1


@cfunc(DRAW_SIG, cache=True)
def no_user_draw_nb(hand, total, soft, can_halve, params):
    """Placeholder passed where no user function is used (never called)."""
    return 0


@cfunc(BANKER_SIG, cache=True)
def no_user_banker_nb(hand, total, soft, targets, params):
    """Placeholder passed where no user function is used (never called)."""
    return 0


# -- the continuing deck -------------------------------------------------------------------

@kernel
def gather_nb(deck, ds, hands, hs):
    """The stock has run out: the used cards nobody holds are gathered and become the new
    stock (shuffled as they are drawn; in fixed-order mode they keep their order). Held
    cards move to the front of ``deck``. Returns False if every card is held."""
    pos = ds[DS_POS]
    k = 0
    for seat in range(hs.shape[0]):
        for j in range(hs[seat, H_N]):
            c = hands[seat, j]
            i = k
            while i < pos and deck[i] != c:
                i += 1
            deck[i] = deck[k]
            deck[k] = c
            k += 1
    ds[DS_POS] = k
    ds[DS_EXHAUSTED] = 1
    ds[DS_SHUFFLES] += 1
    ds[DS_BURN] = 1
    return k < deck.shape[0]


@inline_kernel
def deal_nb(ctx, seat):
    """Deal the next card of the stock ``ctx.deck`` to ``seat`` (or to nobody, ``seat = -1``:
    the burn card) and return its code; -1 if no card is left anywhere (the player then
    stands)."""
    deck, ds, hands, hs, val = ctx.deck, ctx.ds, ctx.hands, ctx.hs, ctx.val
    pos = ds[DS_POS]
    if pos == deck.shape[0]:
        if not gather_nb(deck, ds, hands, hs):
            ds[DS_NOCARD] += 1
            return np.int64(-1)
        pos = ds[DS_POS]
    if ds[DS_FIXED] != 0:
        c = np.int64(deck[pos])
    else:
        c = np.int64(draw_nb(deck, pos, ctx.state))
    ds[DS_POS] = pos + 1
    if seat >= 0:
        n = hs[seat, H_N]
        hands[seat, n] = c
        hs[seat, H_N] = n + 1
        hs[seat, H_SUM] += val[c]
        if c >> 2 == 12:
            hs[seat, H_ACES] += 1
    return c


@njit(cache=True, inline="always")
def clear_nb(hs, seat):
    hs[seat, H_N] = 0
    hs[seat, H_SUM] = 0
    hs[seat, H_ACES] = 0


@inline_kernel
def keep_first_nb(hands, hs, val, seat):
    """Discard all but the first card of ``seat`` (the banker's duel draws, variant B)."""
    c = hands[seat, 0]
    hs[seat, H_N] = 1
    hs[seat, H_SUM] = val[c]
    hs[seat, H_ACES] = 1 if c >> 2 == 12 else 0


# -- totals ------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def total_nb(hs, seat, soft, two_aces):
    """Points of ``seat``'s hand: the sum of card values; with blackjack values (``soft``)
    one ace counts 11 instead of 1 if that does not pass 21; two aces alone count 21
    unless ``two_aces`` is plain (GAMES.md G19 ambiguity 5)."""
    a = hs[seat, H_ACES]
    if a == 2 and hs[seat, H_N] == 2 and two_aces != TWO_ACES.plain:
        return np.int64(21)
    t = hs[seat, H_SUM]
    if soft and a > 0 and t + 10 <= 21:
        t += 10
    return t


@njit(cache=True, inline="always")
def is_soft_nb(hs, seat, soft):
    return 1 if soft and hs[seat, H_ACES] > 0 and hs[seat, H_SUM] + 10 <= 21 else 0


@njit(cache=True, inline="always")
def golden_nb(hs, seat, two_aces):
    return two_aces == TWO_ACES.win and hs[seat, H_N] == 2 and hs[seat, H_ACES] == 2


@njit(cache=True)
def card_points_nb(c, soft):
    """Points of one card computed from its rank alone (the audit's independent scorer):
    ochko A 11, K 4, Q 3, J 2; blackjack A 1, K Q J 10; others their pips."""
    r = c >> 2
    if r == 12:
        return 1 if soft else 11
    if r >= 9:
        return 10 if soft else r - 7
    return r + 2


@kernel
def ref_total_nb(cards, n, soft, two_aces):
    """Total of ``cards[:n]`` from scratch (audit): returns (total, golden)."""
    t = 0
    aces = 0
    for i in range(n):
        t += card_points_nb(cards[i], soft)
        if cards[i] >> 2 == 12:
            aces += 1
    if n == 2 and aces == 2 and two_aces != TWO_ACES.plain:
        return 21, two_aces == TWO_ACES.win
    if soft and aces > 0 and t <= 11:
        t += 10
    return t, False


# -- policies -----------------------------------------------------------------------------

@inline_kernel
def stake_nb(ctx, fns, card, cap):
    """A punter's stake in units (his policy: ``ctx.pcodes[0]``, ``ctx.sp``, ``fns[0]``).
    Built-ins are clipped to ``[1, cap]``; a user's is not (the caller checks it). flat:
    ``units``; card-aware: ``high`` if the first card is worth at least ``at`` points (an
    ace 11), else ``low``; bank-fraction: ``fraction`` of ``cap``."""
    code, params, val = ctx.pcodes[0], ctx.sp, ctx.val
    if code == STAKE_FLAT:
        s = np.int64(params[0])
    elif code == STAKE_CARD:
        v = -1
        if card >= 0:
            v = 11 if card >> 2 == 12 else val[card]
        s = np.int64(params[1]) if card >= 0 and v >= params[2] else np.int64(params[0])
    elif code == STAKE_FRACTION:
        s = np.int64(params[0] * cap)
    else:
        return fns[0](card, cap, params)
    if s < 1:
        s = 1
    if cap >= 0 and s > cap:
        s = cap
    return s


@inline_kernel
def banker_move_nb(ctx, fns, seat, total, soft, k, tie):
    """The move of the player at ``seat`` by the banker's rule (``seat`` is 0 except when a
    punter mimics the banker) knowing the ``k`` totals ``ctx.targets[:k]`` (his policy:
    ``ctx.pcodes[2]``, ``ctx.bp``, ``fns[2]``). standard: with no total known, draw below
    ``stand``; against one known total, draw while behind, stand when ahead, and at equal totals
    stand if ties are his, draw if they are the punter's, and with pushes stand on
    ``tie_stand`` or more; against several, draw while more of them beat him than he beats."""
    params, hands, hs, targets = ctx.bp, ctx.hands, ctx.hs, ctx.targets
    if ctx.pcodes[2] != BANKER_STANDARD:
        return fns[2](hands[seat, :hs[seat, H_N]], total, is_soft_nb(hs, seat, soft), targets[:k], params)
    if k == 0:
        return DRAW if total < params[0] else STAND
    above = 0
    below = 0
    equal = 0
    for i in range(k):
        if targets[i] > total:
            above += 1
        elif targets[i] < total:
            below += 1
        else:
            equal += 1
    if k == 1 and equal == 1:
        if tie == TIE.banker:
            return STAND
        if tie == TIE.punter:
            return DRAW
        return STAND if total >= params[1] else DRAW
    lose = above + (equal if tie == TIE.punter else 0)
    win = below + (equal if tie == TIE.banker else 0)
    return DRAW if lose > win else STAND


@inline_kernel
def punter_move_nb(ctx, fns, seat, total, soft, can_halve, tie):
    """A punter's move. threshold: stand on ``stand`` or more; before a card, halve (if he
    may) when the total is at least ``halve_at``. mimic: the banker's own rule applied to
    the punter's hand with no total known (never halves)."""
    dcode, dparams = ctx.pcodes[1], ctx.dp
    if dcode == DRAW_THRESHOLD:
        if total >= dparams[0]:
            return STAND
        if can_halve != 0 and total >= dparams[1]:
            return HALVE
        return DRAW
    if dcode == DRAW_MIMIC:
        return banker_move_nb(ctx, fns, seat, total, soft, 0, tie)
    hs = ctx.hs
    return fns[1](ctx.hands[seat, :hs[seat, H_N]], total, is_soft_nb(hs, seat, soft), can_halve, dparams)


# -- records ------------------------------------------------------------------------------

@inline_kernel
def record_nb(ctx, seat, stake, halved, loss, outcome, ptotal, btotal, pn, bn):
    """Add one settled stake (a coup) to the bank's figures ``ctx.bk``, ``ctx.seat_loc``,
    ``ctx.idx_loc``, the statistics ``ctx.outcomes`` and ``ctx.totals`` (and the log, if one
    is kept)."""
    bk, seat_loc, idx_loc, log, ds = ctx.bk, ctx.seat_loc, ctx.idx_loc, ctx.log, ctx.ds
    outcomes, totals = ctx.outcomes, ctx.totals
    k = min(bk[BK_COUPS], N_INDEX - 1)
    bk[BK_X] += loss
    bk[BK_Y] += stake
    bk[BK_COUPS] += 1
    if loss < 0:
        bk[BK_WINS] += 1
    elif loss == 0:
        bk[BK_PUSH] += 1
    bk[BK_HALF] += halved
    seat_loc[seat, 0] += loss
    seat_loc[seat, 1] += stake
    idx_loc[k, 0] += loss
    idx_loc[k, 1] += stake
    outcomes[outcome] += 1
    totals[0, min(ptotal, N_TOT - 1)] += 1
    if btotal >= 0:
        totals[1, min(btotal, N_TOT - 1)] += 1
    r = ds[DS_LOG]
    if r < log.shape[0]:
        log[r, 0] = bk[BK_ROUNDS]
        log[r, 1] = seat
        log[r, 2] = stake
        log[r, 3] = halved
        log[r, 4] = loss
        log[r, 5] = outcome
        log[r, 6] = ptotal
        log[r, 7] = btotal
        log[r, 8] = pn
        log[r, 9] = bn
        log[r, 10] = bk[BK_BANK]
        ds[DS_LOG] = r + 1


@inline_kernel
def set_err_nb(err, code, unit, move, seat, total, ncards, extra, rnd):
    err[0] = code
    err[1] = unit
    err[2] = move
    err[3] = seat
    err[4] = total
    err[5] = ncards
    err[6] = extra
    err[7] = rnd


@kernel
def conserved_nb(deck, deck0, ds, hands, hs, counts):
    """Audit: ``deck`` still holds exactly the cards of ``deck0``, every held card is among
    the dealt ones and no card is held twice."""
    counts.fill(0)
    for i in range(deck.shape[0]):
        counts[deck[i]] += 1
        counts[deck0[i]] -= 1
    for c in range(counts.shape[0]):
        if counts[c] != 0:
            return False
    for i in range(ds[DS_POS]):
        counts[deck[i]] += 1
    for seat in range(hs.shape[0]):
        for j in range(hs[seat, H_N]):
            c = hands[seat, j]
            counts[c] -= 1
            if counts[c] < 0:
                return False
    return True


@njit(cache=True, inline="always")
def audit_add_nb(audit_out, kind, ok):
    """Count one audit check of ``kind`` (0 cards, 1 moves, 2 scores) and its violation."""
    audit_out[0] += 1
    audit_out[2 + 2 * kind] += 1
    if not ok:
        audit_out[1] += 1
        audit_out[3 + 2 * kind] += 1
