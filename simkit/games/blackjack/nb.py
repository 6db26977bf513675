"""Blackjack kernel: shoes, rounds, every rule path, counting and the statistics
(seed 000 lines 187-211).

Unit = one shoe: shuffled, dealt round after round to the cut card (``penetration``),
the round in progress finished. With ``decks=inf`` or ``continuous_shuffle`` there is
no shoe to deplete and a unit is a block of :data:`ROUNDS_PER_BLOCK` rounds (the last
block of a run holds what is left, so a run plays exactly ``hands`` rounds).

Money is counted in tenths of a betting unit (a 3:2 blackjack on one unit is 15, 6:5 is
12, a surrender -5, a half-unit insurance 5). Card values are value indices: 0 = ace,
1..8 = 2..9, 9 = ten-value.

Order of play each round (000:193-209): bets; one card to each box, the dealer's up card,
a second card to each box, the hole card (``peek`` only); insurance under an ace; early
surrender; the peek under an ace or ten (a dealer blackjack ends the round); each box in
turn (late surrender, split, double, hit, stand; a hand at 21 takes no card); the
dealer's second card (no hole card) and draws below 17 (and on soft 17 with H17) if any
hand is still standing; settlement.
"""
from collections import namedtuple

import numpy as np
from numba import typeof, types

from simkit.core.bundle import bundle
from simkit.core.interrupt_nb import poll_every_nb
from simkit.core.jit import cfunc, njit
from simkit.core.options import choices, layout
from simkit.core.decks import rotate_left_nb
from simkit.core.rng import load_state_nb, randbelow_s, seed_stream_nb, store_state_nb
from simkit.core.stats_nb import moment_add_nb, moment_add_sums_nb, ratio_add_nb
from simkit.games.blackjack.codes import MAX_BET, POL_TABLE, POL_USER  # noqa: F401
from simkit.games.blackjack.rules import BlackjackRules

# table layout shared with exact.py
HARD0, SOFT0, PAIR0, SUR_HARD0, SUR_SOFT0, SUR_PAIR0, INS_ROW = 0, 22, 44, 54, 76, 98, 108
N_ROWS = 109
CELL_S, CELL_H, CELL_DH, CELL_DS = 0, 1, 2, 3

STAND, HIT, DOUBLE, SPLIT, SURRENDER = 0, 1, 2, 3, 4
ACTION_NAMES = ("stand", "hit", "double", "split", "surrender")
KIND_BET, KIND_INSURANCE, KIND_EARLY_SURRENDER, KIND_PLAY = 0, 1, 2, 3
KIND_NAMES = ("bet", "insurance", "early surrender", "play")

MODE_SHOE, MODE_INF, MODE_CSM, MODE_FIXED = 0, 1, 2, 3

ROUNDS_PER_BLOCK = 128
MAX_HANDS = 64
MAX_CARDS = 24            # cards one hand can hold (hard 21 at most: 4 aces + 4 twos + ...)

#: ``opts`` slots (:func:`~simkit.core.options.layout`): one per rule option, named as it
#: (``decks``, which may be "inf", and the float ``penetration`` are passed as ``mode`` and
#: ``cut``), then what the game derives: the ``MODE_*`` of the shoe, the cut-card position,
#: the most hands per box, a blackjack's payout in tenths, rounds per block of an endless
#: shoe, and whether the policy counts cards
O = layout(BlackjackRules, skip=("decks", "penetration"),
           extra=("mode", "cut", "hands_limit", "blackjack_tenths", "block", "counting"))
N_OPTS = len(O)
#: the codes of the choice options (``HOLE_CARD.none_obo``, ``DOUBLE_RULE.v_9_11`` ...; DOUBLE and
#: SURRENDER name actions)
SOFT17 = choices(BlackjackRules, "soft17")
HOLE_CARD = choices(BlackjackRules, "hole_card")
DOUBLE_RULE = choices(BlackjackRules, "double")
SURRENDER_RULE = choices(BlackjackRules, "surrender")
# counting params (float64): min bet, max bet, units per true count, ramp offset
C_MIN, C_MAX, C_UNITS, C_OFFSET = 0, 1, 2, 3

# per-box results of one round (``res`` rows)
(R_BET, R_NET, R_ACTION, R_INS_STAKE, R_INS_NET, R_NATURAL, R_SURRENDER, R_HANDS, R_DOUBLES,
 R_DEALER_BJ, R_DEALER_TOTAL) = range(11)
N_RES = 11

# outcome table rows: [count, net in tenths]
(OUT_BJ, OUT_BJ_PUSH, OUT_DEALER_BJ, OUT_WIN, OUT_PUSH, OUT_LOSS, OUT_BUST, OUT_DOUBLE, OUT_SPLIT,
 OUT_SURRENDER, OUT_INSURANCE, OUT_ROUND) = range(12)
N_OUT = 12
OUTCOME_NAMES = ("blackjack", "blackjack push", "dealer blackjack", "win", "push", "loss", "bust",
                 "double", "split", "surrender", "insurance", "all")

# edge rows (ratio rows over units): see the kernel doc
E_EDGE, E_ACTION, E_ROUND, E_BET, E_INS_TAKEN, E_INS_EV = range(6)
N_EDGE = 6
TC_LO, TC_HI = -10, 10
N_TC = TC_HI - TC_LO + 1

ERR_ILLEGAL, ERR_SHOE = 1, 2

# one int64 work array ``iw`` carries the small int64 arrays into ``round_nb`` (fewer
# arguments per call): sh, seen, opts, tags, audit counts, err, and the pile's fill mark
# (positions dealt ahead), growth step and first fill (see ``_refill_nb``)
IW_SH, IW_SEEN, IW_OPTS, IW_TAGS, IW_AUDIT, IW_ERR = 0, 9, 19, 19 + N_OPTS, 29 + N_OPTS, 31 + N_OPTS
IW_FILL, IW_GROW, IW_FIRST, N_IW = 39 + N_OPTS, 40 + N_OPTS, 41 + N_OPTS, 42 + N_OPTS
#: values an infinite deck draws per refill (its pile is a ring of this many values)
INF_BUFFER = 64


#: card value index of each rank (2..A)
VALUE_OF_RANK = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9, 0], dtype=np.int64)

#: user policy: decide(kind, total, soft, ncards, pair, up, legal, seen, unseen, params) -> int64
#:   kind: 0 = bet (return units, 1..MAX_BET), 1 = insurance (return 1 to insure), 2 = early
#:   surrender (return 1 to surrender), 3 = play (return an action whose bit is set in legal:
#:   0 stand, 1 hit, 2 double, 3 split, 4 surrender; bit k = 1 << k).
#:   total: the hand's best total, soft: 1 if an ace counts 11, ncards: cards in the hand,
#:   pair: the value (2..11) of a splittable pair, else 0; up: the dealer's up card (2..11,
#:   11 = ace); seen: int64[10] cards of each value (A, 2..9, ten) seen since the shuffle
#:   (infinite deck: in this round);
#:   unseen: cards not yet seen in the shoe (0 for an infinite deck); params: float64[:].
DECIDE_SIG = types.int64(types.int64, types.int64, types.int64, types.int64, types.int64, types.int64,
                         types.int64, types.int64[:], types.int64, types.float64[:])
DECIDE_FN = types.FunctionType(DECIDE_SIG)


@cfunc(DECIDE_SIG, cache=True)
def no_user_decide_nb(kind, total, soft, ncards, pair, up, legal, seen, unseen, params):
    """Placeholder passed where no user function is used (never called). A C callback
    rather than a dispatcher: passing it costs a pointer read, not a lookup per call."""
    return 0


@njit(cache=True, inline="always")
def _best(hard, ace):
    """The best total: one ace counts 11 when that does not bust."""
    return hard + 10 * (ace & (hard <= 11))


@njit(cache=True, _nrt=False)
def legal_moves_nb(cards, ncards, first_decision, nhands, limit, split_aces, opts):
    """The legal actions (bit mask) for a hand holding ``cards[:ncards]`` (value
    indices), computed from the cards alone: the audit's independent legal set."""
    hard = 0
    ace = False
    for i in range(ncards):
        hard += cards[i] + 1
        if cards[i] == 0:
            ace = True
    best = _best(hard, ace)
    pair = ncards == 2 and cards[0] == cards[1] and nhands < limit
    if split_aces:
        return (1 << STAND) | ((1 << SPLIT) if pair and opts[O.resplit_aces] != 0 else 0)
    if best >= 21:
        return 1 << STAND
    m = (1 << STAND) | (1 << HIT)
    if ncards == 2:
        soft = ace and hard + 10 <= 21
        ok = True
        if nhands > 1 and opts[O.das] == 0:
            ok = False
        if opts[O.double] == DOUBLE_RULE.v_9_11 and (soft or hard < 9 or hard > 11):
            ok = False
        if opts[O.double] == DOUBLE_RULE.v_10_11 and (soft or hard < 10 or hard > 11):
            ok = False
        if ok:
            m |= 1 << DOUBLE
        if pair:
            m |= 1 << SPLIT
        if first_decision and nhands == 1 and opts[O.surrender] == SURRENDER_RULE.late:
            m |= 1 << SURRENDER
    return m


@njit(cache=True, inline="always")
def _cell(hi, lo, thr, row, col, tc, counting):
    """A table cell: ``hi`` at a true count of at least the threshold, else ``lo``. With
    no counting the true count is always 0 and :func:`_pack` has already made ``hi``
    the cell played at 0, so the threshold is not read."""
    if not counting:
        return hi[row, col]
    if tc >= thr[row, col]:
        return hi[row, col]
    return lo[row, col]


@njit(cache=True, inline="always")
def _table_bet(tc, cparams, counting):
    if not counting:
        return np.int64(1)
    t = np.floor(tc)
    b = np.round(cparams[C_UNITS] * (t - cparams[C_OFFSET]))
    if b < cparams[C_MIN]:
        b = cparams[C_MIN]
    if b > cparams[C_MAX]:
        b = cparams[C_MAX]
    return np.int64(b)


@njit(cache=True, inline="always")
def _sur_row(hard, ace, pair):
    if pair >= 0:
        return SUR_PAIR0 + pair
    if ace and hard + 10 <= 21:
        return SUR_SOFT0 + hard + 10
    return SUR_HARD0 + hard


@njit(cache=True, inline="always")
def _table_play(hard, ace, pair, up, legal, tc, hi, lo, thr, counting):
    if legal & (1 << SURRENDER):
        if _cell(hi, lo, thr, _sur_row(hard, ace, pair), up, tc, counting):
            return np.int64(SURRENDER)
    if legal & (1 << SPLIT):
        if _cell(hi, lo, thr, PAIR0 + pair, up, tc, counting):
            return np.int64(SPLIT)
    if ace and hard + 10 <= 21:
        c = _cell(hi, lo, thr, SOFT0 + hard + 10, up, tc, counting)
    else:
        c = _cell(hi, lo, thr, HARD0 + hard, up, tc, counting)
    if c == CELL_DH:
        return np.int64(DOUBLE if legal & (1 << DOUBLE) else HIT)
    if c == CELL_DS:
        return np.int64(DOUBLE if legal & (1 << DOUBLE) else STAND)
    return np.int64(c)


#: what a decision reads of the policy (:func:`_user_or_table`; made once per round): its
#: ``POL_*`` code, the user function and its parameters, the seen-card counts, the table
#: (``hi``, ``lo``, thresholds ``thr``), the counting parameters and whether it counts
BlackjackPolicy = namedtuple("BlackjackPolicy", "pol user_fn params seen hi lo thr cparams counting", module=__name__)


@njit(cache=True, _nrt=False)
def table_decide_nb(dp, kind, hard, ace, ncards, pair, up, legal, tc):
    """A table policy's decision (basic strategy, a user table, or Hi-Lo with index
    plays read against the true count ``tc``; the table in ``dp``, a :class:`BlackjackPolicy`)."""
    hi, lo, thr, cparams, counting = dp.hi, dp.lo, dp.thr, dp.cparams, dp.counting
    if kind == KIND_BET:
        return _table_bet(tc, cparams, counting)
    if kind == KIND_INSURANCE:
        return np.int64(_cell(hi, lo, thr, INS_ROW, 0, tc, counting))
    if kind == KIND_EARLY_SURRENDER:
        return np.int64(_cell(hi, lo, thr, _sur_row(hard, ace, pair), up, tc, counting))
    return _table_play(hard, ace, pair, up, legal, tc, hi, lo, thr, counting)


@njit(cache=True)
def _shuffle_ahead_nb(deck, start, stop, state):
    """Deal positions ``start .. stop - 1`` of the lazily shuffled pile ``deck``:
    :func:`~simkit.core.rng.draw_range_nb` step for step (the same draws, swaps and final
    state), with unsigned positions so that numba adds no negative-index fix-up to the
    two loads and stores of each swap (a fifth of the loop)."""
    s = load_state_nb(state)
    n = np.uint64(deck.shape[0])
    pos = np.uint64(start)
    end = np.uint64(stop)
    one = np.uint64(1)
    while pos < end:
        r, s = randbelow_s(s, n - pos)
        j = pos + np.uint64(r)
        c = deck[j]
        deck[j] = deck[pos]
        deck[pos] = c
        pos += one
    store_state_nb(state, s)


@njit(cache=True)
def _refill_nb(deck, iw, state, mode):
    """Deal further ahead in the pile ``deck``; False when a hand-built shoe has run out.

    Shoe modes: the pile ``deck`` holds card value indices (:func:`_value_deck`: the
    dealt values are those of the card codes, position for position, since a shuffle
    moves cards whatever they hold); positions ``fill .. max(fill + grow, first) - 1`` are
    shuffled forward (one lazy Fisher-Yates step each, :func:`~simkit.core.rng.draw_range_nb`),
    so dealing is a load and the stream is consumed position by
    position exactly as if each card were drawn when dealt. A shoe used up in the middle of a round reshuffles
    its discards (the cards of the round stay out). An infinite deck buffers
    :data:`INF_BUFFER` independent draws at a time into its pile (a ring: ``pos`` restarts
    at 0; :func:`_pile`)."""
    if mode == MODE_INF:
        s = load_state_nb(state)
        for k in range(INF_BUFFER):
            v, s = randbelow_s(s, 13)
            deck[k] = VALUE_OF_RANK[v]
        store_state_nb(state, s)
        iw[IW_SH] = 0
        iw[IW_FILL] = INF_BUFFER
        return True
    n = iw[IW_SH + 4]
    pos = iw[IW_SH]
    if pos == n:
        rs = iw[IW_SH + 1]
        if rs == 0:
            return False
        # move the round's cards to the front; the discards become the pile
        rotate_left_nb(deck, rs)
        pos = n - rs
        iw[IW_SH] = pos
        iw[IW_SH + 1] = 0
        iw[IW_SH + 5] += 1
        # the count restarts: the round's cards count as seen, the running count at zero
        iw[IW_SH + 2] = pos
        iw[IW_SH + 3] = 0
        iw[IW_FILL] = pos
    end = min(n, max(pos + iw[IW_GROW], iw[IW_FIRST]))
    if mode != MODE_FIXED:
        _shuffle_ahead_nb(deck, iw[IW_FILL], end, state)
    iw[IW_FILL] = end
    return True


@njit(cache=True, inline="always")
def _draw(deck, iw, state, mode, pos, fill):
    """``(value, pos, fill)``: the next card's value index (-1 when a hand-built shoe has
    run out) and the new dealing position and fill mark. The round keeps these two in
    locals; ``iw`` holds them between rounds and across a refill."""
    if pos >= fill:
        iw[IW_SH] = pos
        if not _refill_nb(deck, iw, state, mode):
            return -1, pos, fill
        pos = iw[IW_SH]
        fill = iw[IW_FILL]
    return np.int64(deck[np.uint64(pos)]), pos + 1, fill


@njit(cache=True, inline="always")
def _new_shoe(iw, mode):
    """A freshly shuffled shoe: nothing dealt, buffered or seen. An infinite deck keeps
    its buffer (the draws are independent) and restarts only the round's counts."""
    if mode != MODE_INF:
        iw[IW_SH] = 0
        iw[IW_FILL] = 0
    iw[IW_SH + 2] = 0
    iw[IW_SH + 3] = 0
    for v in range(10):
        iw[IW_SEEN + v] = 0


@njit(cache=True, inline="always")
def _see(v, seen, sh, tags, track):
    """Count a card as seen (only a counting or user policy reads the counts)."""
    if not track:
        return
    seen[v] += 1
    sh[2] += 1
    sh[3] += tags[v]


@njit(cache=True, _nrt=False)
def _true_count(sh, n, mode):
    if mode == MODE_INF:
        return 0.0
    unseen = n - sh[2]
    if unseen <= 0:
        return 0.0
    return sh[3] * 52.0 / unseen


@njit(cache=True, inline="always")
def _up_label(v):
    return 11 if v == 0 else v + 1


@njit(cache=True, _nrt=False)
def _user_or_table(dp, kind, hard, ace, ncards, pair, up, legal, unseen, tc):
    """The decision of the policy ``dp`` (a :class:`BlackjackPolicy`): its table's or its
    user function's (``unseen``: cards not yet seen in the shoe)."""
    if dp.pol == POL_TABLE:
        return table_decide_nb(dp, kind, hard, ace, ncards, pair, up, legal, tc)
    soft = 1 if (ace and hard + 10 <= 21) else 0
    upair = _up_label(pair) if (pair >= 0 and (legal & (1 << SPLIT)) != 0) else 0
    return dp.user_fn(kind, _best(hard, ace), soft, ncards, upair, _up_label(up), legal, dp.seen, unseen, dp.params)


def _round(ctx, fns, audit):
    """Play one round at every box (the context ``ctx``, the user function ``fns[0]``);
    write each box's results into ``ctx.res`` and add the per-hand outcomes into
    ``ctx.stats.outcomes``. Returns 0, or an error code (details in ``err``).

    ``sh`` = [pos, round_start, cards seen, running count, n cards, mid-round reshuffles,
    up card, dealer blackjack, cards dealt in the round].
    Hand arrays (``hcards`` etc.) have ``players * MAX_HANDS`` rows."""
    deck, iw, state, hilo, thrc, pol, params = ctx.deck, ctx.iw, ctx.state, ctx.hilo, ctx.thrc, ctx.pol, ctx.params
    hcards, hh, res, outcomes = ctx.hcards, ctx.hh, ctx.res, ctx.stats.outcomes
    user_fn = fns[0]
    sh = iw[IW_SH:IW_SH + 9]
    seen = iw[IW_SEEN:IW_SEEN + 10]
    opts = iw[IW_OPTS:IW_OPTS + N_OPTS]
    tags = iw[IW_TAGS:IW_TAGS + 10]
    audit_out = iw[IW_AUDIT:IW_AUDIT + 2]
    err = iw[IW_ERR:IW_ERR + 8]
    hi = hilo[0]
    lo = hilo[1]
    thr = thrc                          # the extra last row is never a table row
    cparams = thrc[thrc.shape[0] - 1]
    dp = BlackjackPolicy(pol, user_fn, params, seen, hi, lo, thr, cparams, opts[O.counting] != 0)
    hn = hh[0]
    hhard = hh[1]
    hace = hh[2]
    hbet = hh[3]
    hstate = hh[4]
    mode = opts[O.mode]
    n = sh[4]
    players = opts[O.players]
    limit = opts[O.hands_limit]
    counting = opts[O.counting] != 0
    track = counting or pol != POL_TABLE
    hole = opts[O.hole_card]
    rsa = opts[O.resplit_aces] != 0
    das = opts[O.das] != 0
    dbl = opts[O.double]
    sur = opts[O.surrender]
    unseen = 0 if mode == MODE_INF else n - sh[2]   # for a user function; refreshed below
    pos = sh[0]
    fill = iw[IW_FILL]
    sh[1] = pos
    # bets (and the per-box results no later step is sure to write: the others are set
    # below for every box; zeroing whole rows, a call to memset each round, cost as much
    # as the rest of the round)
    tc = _true_count(sh, n, mode) if counting else 0.0
    for b in range(players):
        if pol == POL_TABLE:
            bet = _table_bet(tc, cparams, counting)
        else:
            bet = user_fn(KIND_BET, 0, 0, 0, 0, 0, 0, seen, unseen, params)
        if bet < 1 or bet > MAX_BET:
            err[0] = ERR_ILLEGAL
            err[1] = KIND_BET
            err[2] = bet
            return ERR_ILLEGAL
        res[b, R_BET] = bet
        res[b, R_HANDS] = 1
        res[b, R_INS_STAKE] = 0
        res[b, R_INS_NET] = 0
        res[b, R_NATURAL] = 0
        res[b, R_SURRENDER] = 0
        res[b, R_DOUBLES] = 0
        base = b * MAX_HANDS
        hn[base] = 2
        hhard[base] = 0
        hace[base] = 0
        hbet[base] = bet * 10
        hstate[base] = 0
    # the deal: one card each, the up card, a second card each, the hole card (peek)
    for rnd in range(2):
        for b in range(players):
            v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
            if v < 0:
                err[0] = ERR_SHOE
                return ERR_SHOE
            base = b * MAX_HANDS
            hcards[base, rnd] = v
            hhard[base] += v + 1
            hace[base] |= v == 0
            _see(v, seen, sh, tags, track)
        if rnd == 0:
            up, pos, fill = _draw(deck, iw, state, mode, pos, fill)
            if up < 0:
                err[0] = ERR_SHOE
                return ERR_SHOE
            _see(up, seen, sh, tags, track)
    dhard = up + 1
    dace = up == 0
    dn = 1
    hole_v = -1
    if hole == HOLE_CARD.peek:
        hole_v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
        if hole_v < 0:
            err[0] = ERR_SHOE
            return ERR_SHOE
        dhard += hole_v + 1
        dace = dace | (hole_v == 0)
        dn = 2
    for b in range(players):
        base = b * MAX_HANDS
        if hhard[base] == 11 and hace[base]:
            res[b, R_NATURAL] = 1
    # insurance and early surrender, before the dealer checks
    unseen = 0 if mode == MODE_INF else n - sh[2]
    if opts[O.insurance] and up == 0:
        tc = _true_count(sh, n, mode) if counting else 0.0
        for b in range(players):
            base = b * MAX_HANDS
            take = _user_or_table(dp, KIND_INSURANCE, hhard[base], hace[base] == 1, 2, -1, up, 0, unseen, tc)
            if take != 0 and take != 1:
                err[0] = ERR_ILLEGAL
                err[1] = KIND_INSURANCE
                err[2] = take
                return ERR_ILLEGAL
            if take:
                res[b, R_INS_STAKE] = res[b, R_BET] * 5
    if sur == SURRENDER_RULE.early:
        tc = _true_count(sh, n, mode) if counting else 0.0
        for b in range(players):
            if res[b, R_NATURAL]:
                continue
            base = b * MAX_HANDS
            c0 = hcards[base, 0]
            pair = c0 if c0 == hcards[base, 1] else -1
            give = _user_or_table(dp, KIND_EARLY_SURRENDER, hhard[base], hace[base] == 1, 2, pair, up, 0, unseen,
                                  tc)
            if give != 0 and give != 1:
                err[0] = ERR_ILLEGAL
                err[1] = KIND_EARLY_SURRENDER
                err[2] = give
                return ERR_ILLEGAL
            if give:
                res[b, R_SURRENDER] = 1
    dealer_bj = False
    if hole == HOLE_CARD.peek and dn == 2 and dhard == 11 and dace:
        dealer_bj = True
    live = False                            # a hand still standing: the dealer plays
    if not dealer_bj:
        # the boxes play
        for b in range(players):
            if res[b, R_NATURAL] or res[b, R_SURRENDER]:
                continue
            base = b * MAX_HANDS
            bet10 = res[b, R_BET] * 10
            nh = 1
            h = 0
            first = True
            while h < nh:
                # the hand in locals while it plays, written back when it is done
                i = base + h
                split_aces = hstate[i] == 2
                nc = hn[i]
                hard = hhard[i]
                ace = hace[i] == 1
                c0 = hcards[i, 0]
                if nc == 1:                     # a split hand takes its second card
                    v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
                    if v < 0:
                        err[0] = ERR_SHOE
                        return ERR_SHOE
                    _see(v, seen, sh, tags, track)
                    hcards[i, 1] = v
                    nc = 2
                    hard += v + 1
                    ace = ace | (v == 0)
                c1 = hcards[i, 1]
                while True:
                    best = _best(hard, ace)
                    if best > 21:
                        hstate[i] = 3
                        break
                    is_pair = nc == 2 and c0 == c1
                    can_split = is_pair and nh < limit and (not split_aces or rsa)
                    if split_aces and not can_split:
                        break
                    if best == 21:
                        break
                    if split_aces:
                        legal = (1 << STAND) | (1 << SPLIT)
                    else:
                        legal = (1 << STAND) | (1 << HIT)
                        if nc == 2:
                            soft = ace and hard + 10 <= 21
                            okd = nh == 1 or das
                            if dbl == DOUBLE_RULE.v_9_11 and (soft or hard < 9 or hard > 11):
                                okd = False
                            if dbl == DOUBLE_RULE.v_10_11 and (soft or hard < 10 or hard > 11):
                                okd = False
                            if okd:
                                legal |= 1 << DOUBLE
                            if can_split:
                                legal |= 1 << SPLIT
                            if first and nh == 1 and sur == SURRENDER_RULE.late:
                                legal |= 1 << SURRENDER
                    pair = c0 if is_pair else -1
                    was_first = first
                    tc = _true_count(sh, n, mode) if counting else 0.0
                    if pol == POL_TABLE:
                        a = _table_play(hard, ace, pair, up, legal, tc, hi, lo, thr, counting)
                    else:
                        unseen = 0 if mode == MODE_INF else n - sh[2]
                        a = _user_or_table(dp, KIND_PLAY, hard, ace, nc, pair, up, legal, unseen, tc)
                    first = False
                    if audit:
                        audit_out[0] += 1
                        ind = legal_moves_nb(hcards[i], nc, was_first, nh, limit, split_aces, opts)
                        if ind != legal or a < 0 or a > 4 or (ind & (1 << a)) == 0:
                            audit_out[1] += 1
                    if a < 0 or a > 4 or (legal & (1 << a)) == 0:
                        err[0] = ERR_ILLEGAL
                        err[1] = KIND_PLAY
                        err[2] = a
                        err[3] = best
                        err[4] = nc
                        err[5] = _up_label(up)
                        err[6] = legal
                        return ERR_ILLEGAL
                    if a == STAND:
                        break
                    if a == SURRENDER:
                        res[b, R_SURRENDER] = 1
                        hstate[i] = 4
                        break
                    if a == SPLIT:
                        j = base + nh
                        hcards[j, 0] = c0
                        hn[j] = 1
                        hhard[j] = c0 + 1
                        hace[j] = 1 if c0 == 0 else 0
                        hbet[j] = bet10
                        hstate[j] = 2 if c0 == 0 else 1
                        hstate[i] = hstate[j]
                        split_aces = c0 == 0
                        nh += 1
                        v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
                        if v < 0:
                            err[0] = ERR_SHOE
                            return ERR_SHOE
                        _see(v, seen, sh, tags, track)
                        hcards[i, 1] = v
                        c1 = v
                        hard = c0 + 1 + v + 1
                        ace = (c0 == 0) | (v == 0)
                        continue
                    # hit or double: one card
                    v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
                    if v < 0:
                        err[0] = ERR_SHOE
                        return ERR_SHOE
                    _see(v, seen, sh, tags, track)
                    hcards[i, nc] = v
                    nc += 1
                    hard += v + 1
                    ace = ace | (v == 0)
                    if a == DOUBLE:
                        hbet[i] *= 2
                        res[b, R_DOUBLES] += 1
                        if _best(hard, ace) > 21:
                            hstate[i] = 3
                        break
                hn[i] = nc
                hhard[i] = hard
                hace[i] = 1 if ace else 0
                live = live | (hstate[i] <= 2)      # not bust (3) or surrendered (4)
                h += 1
            res[b, R_HANDS] = nh
    # the dealer completes his hand
    if hole != HOLE_CARD.peek:
        hole_v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
        if hole_v < 0:
            err[0] = ERR_SHOE
            return ERR_SHOE
        dhard += hole_v + 1
        dace = dace | (hole_v == 0)
        dn = 2
        if dhard == 11 and dace:
            dealer_bj = True
    _see(hole_v, seen, sh, tags, track)
    sh[6] = up
    sh[7] = 1 if dealer_bj else 0
    if not dealer_bj:
        if live:
            h17 = opts[O.soft17] == SOFT17.hit
            while True:
                best = _best(dhard, dace)
                soft = dace and dhard + 10 <= 21
                if best > 17 or (best == 17 and not (h17 and soft)):
                    break
                v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
                if v < 0:
                    err[0] = ERR_SHOE
                    return ERR_SHOE
                _see(v, seen, sh, tags, track)
                dhard += v + 1
                dace = dace | (v == 0)
                dn += 1
    dtotal = _best(dhard, dace)
    # settlement
    bjpay = opts[O.blackjack_tenths]
    dealt = dn
    for b in range(players):
        base = b * MAX_HANDS
        for h in range(res[b, R_HANDS]):
            dealt += hn[base + h]
        bet10 = res[b, R_BET] * 10
        net = 0
        action = bet10
        ins = res[b, R_INS_STAKE]
        if ins:
            inet = 2 * ins if dealer_bj else -ins
            res[b, R_INS_NET] = inet
            outcomes[OUT_INSURANCE, 0] += 1
            outcomes[OUT_INSURANCE, 1] += inet
        nh = res[b, R_HANDS]
        if res[b, R_NATURAL]:
            if dealer_bj:
                outcomes[OUT_BJ_PUSH, 0] += 1
            else:
                net = res[b, R_BET] * bjpay
                outcomes[OUT_BJ, 0] += 1
                outcomes[OUT_BJ, 1] += net
        elif res[b, R_SURRENDER] and (sur == SURRENDER_RULE.early or not dealer_bj):
            net = -bet10 // 2
            outcomes[OUT_SURRENDER, 0] += 1
            outcomes[OUT_SURRENDER, 1] += net
        elif dealer_bj and hole != HOLE_CARD.none:
            # peek: the round never went on; none-obo: only the original bet is lost
            net = -bet10
            outcomes[OUT_DEALER_BJ, 0] += 1
            outcomes[OUT_DEALER_BJ, 1] += net
            if hole == HOLE_CARD.none_obo:
                for h in range(nh):
                    if h > 0:
                        action += hbet[base + h]
                    elif hbet[base] > bet10:
                        action += hbet[base] - bet10
        else:
            for h in range(nh):
                i = base + h
                hb = hbet[i]
                if h > 0:
                    action += hb
                elif hb > bet10:
                    action += hb - bet10
                if hstate[i] == 3:
                    r = -hb
                    k = OUT_BUST
                elif dealer_bj:
                    r = -hb
                    k = OUT_DEALER_BJ
                else:
                    pt = _best(hhard[i], hace[i] == 1)
                    if dtotal > 21 or pt > dtotal:
                        r = hb
                        k = OUT_WIN
                    elif pt == dtotal:
                        r = 0
                        k = OUT_PUSH
                    else:
                        r = -hb
                        k = OUT_LOSS
                net += r
                outcomes[k, 0] += 1
                outcomes[k, 1] += r
                if hb > bet10:
                    outcomes[OUT_DOUBLE, 0] += 1
                    outcomes[OUT_DOUBLE, 1] += r
            if nh > 1:
                outcomes[OUT_SPLIT, 0] += 1
                outcomes[OUT_SPLIT, 1] += net
            if audit:
                # score consistency: recompute every hand from its cards
                audit_out[0] += 1
                chk = 0
                for h in range(nh):
                    i = base + h
                    hard = 0
                    ace = False
                    for k2 in range(hn[i]):
                        hard += hcards[i, k2] + 1
                        if hcards[i, k2] == 0:
                            ace = True
                    if hard != hhard[i] or ace != (hace[i] == 1):
                        audit_out[1] += 1
                    pt = _best(hard, ace)
                    if pt > 21:
                        chk -= hbet[i]
                    elif dealer_bj:
                        chk -= hbet[i]
                    elif dtotal > 21 or pt > dtotal:
                        chk += hbet[i]
                    elif pt < dtotal:
                        chk -= hbet[i]
                if chk != net:
                    audit_out[1] += 1
        res[b, R_NET] = net + res[b, R_INS_NET]
        res[b, R_ACTION] = action
        outcomes[OUT_ROUND, 0] += 1
        outcomes[OUT_ROUND, 1] += res[b, R_NET]
        res[b, R_DEALER_BJ] = 1 if dealer_bj else 0
        res[b, R_DEALER_TOTAL] = dtotal if not dealer_bj else 0
    sh[0] = pos
    iw[IW_FILL] = fill
    sh[8] = dealt
    return 0


#: one round as a plain function (risk of ruin, hand-built shoes) and inlined into the
#: simulation's unit loop, where the call itself cost a fifth of the time
round_nb = njit(cache=True, _nrt=False)(_round)
_round_inline_nb = njit(cache=True, _nrt=False, inline="always")(_round)



# -- the lean path: one box, a table policy, no audit -------------------------------------
#: flat strategy table (:func:`_pack`): ``tab[row * N_VALUES + col]`` is the ``hi`` cell,
#: ``tab[N_TAB + ...]`` the ``lo`` one; ``thr1`` the thresholds, same index
N_VALUES = 10
N_TAB = N_ROWS * N_VALUES
#: ``acc`` of :func:`_rounds_one_box_nb`: the unit's sums, in :func:`_unit_nb`'s names
(A_UX, A_UY, A_UA, A_UNET, A_UROUNDS, A_UIX, A_UIY, A_UEX, A_UEY, A_MN, A_MS, A_MQ, A_B0, A_B1, A_B2, A_NRND,
 A_NHANDS, A_NCARDS) = range(18)
N_ACC = 18


@njit(cache=True, inline="always")
def _cell1(tab, thr1, row, col, tc, counting):
    """:func:`_cell` on the flat table (an unsigned index: no negative-index fix-up)."""
    i = np.uint64(row * N_VALUES + col)
    if not counting:
        return tab[i]
    if tc >= thr1[i]:
        return tab[i]
    return tab[np.uint64(N_TAB) + i]


@njit(cache=True, inline="always")
def _table_play1(hard, ace, pair, up, legal, tc, tab, thr1, counting):
    """:func:`_table_play` on the flat table, the cell's row and a double cell's
    fallback chosen without branches (selects: which way they go is data, not a pattern
    the branch predictor can learn)."""
    if legal & (1 << SURRENDER):
        if _cell1(tab, thr1, _sur_row(hard, ace, pair), up, tc, counting):
            return np.int64(SURRENDER)
    if legal & (1 << SPLIT):
        if _cell1(tab, thr1, PAIR0 + pair, up, tc, counting):
            return np.int64(SPLIT)
    soft = ace & (hard <= 11)
    row = SOFT0 + hard + 10 if soft else HARD0 + hard
    c = np.int64(_cell1(tab, thr1, row, up, tc, counting))
    dbl_ok = (legal & (1 << DOUBLE)) != 0
    alt = np.int64(DOUBLE) if dbl_ok else (np.int64(HIT) if c == CELL_DH else np.int64(STAND))
    return alt if (c == CELL_DH) | (c == CELL_DS) else c


@njit(cache=True, inline="always")
def _true_count_iw(iw, n, mode):
    """:func:`_true_count` read from ``iw`` itself (the same arithmetic)."""
    if mode == MODE_INF:
        return 0.0
    unseen = n - iw[IW_SH + 2]
    if unseen <= 0:
        return 0.0
    return iw[IW_SH + 3] * 52.0 / unseen


@njit(cache=True, inline="always")
def _see_iw(iw, v, track):
    """:func:`_see` on ``iw`` itself."""
    if track:
        iw[IW_SEEN + v] += 1
        iw[IW_SH + 2] += 1
        iw[IW_SH + 3] += iw[IW_TAGS + v]


@njit(cache=True, _nrt=False)
def _rounds_one_box_nb(deck, iw, state, tab, thr1, cparams, hh, oc, by_tc, nrounds, acc):
    """Play the rounds of one unit (to the cut card, or ``nrounds``) at one box under a
    table policy, unaudited, as :func:`_unit_nb` plays them with :func:`_round`: the
    same rules in the same order, the same cards, decisions and sums to the bit
    (``tests/games/test_blackjack.py`` plays both on the same shoes). Returns 0 or an
    error code (``err`` in ``iw`` filled); ``acc`` gets the unit's sums (``A_*``), ``oc``
    the outcome table flattened (``[k, 0]`` at ``2k``), ``by_tc`` the rows by true count;
    the strategy is the flat table ``tab``, ``thr1`` and the counting parameters ``cparams``.

    It takes its arrays one by one, not the kernel context: given the context (and taking
    these from it), Hi-Lo counting played 7 % slower (12.7-13.0 against 13.8-14.2 million
    rounds/s, alternated runs), basic strategy as fast.

    Why a function of its own: the general round keeps each box's cards, totals and
    results in arrays and reads every option and count through views of ``iw``, so that
    compiled it juggles some sixty array bounds and strides, which spill to the stack on
    every access; here the box's first hand, the options, the counts and the sums live in
    locals, ``iw`` is indexed at fixed places and the strategy is one flat table, and only
    split hands use the hand arrays (``hh`` rows: cards, hard total, ace, bet, state,
    first card, second card). A first hand that is not a pair cannot split, and plays in
    a loop of its own with fewer locals (most rounds); the split-capable loop serves pairs.
    Settlement and the table's double cells choose by selects rather than branches (the
    outcome is data the branch predictor cannot learn), and sums that only some rounds
    add to are added in ``acc`` on those rounds' paths."""
    cut = iw[IW_OPTS + O.cut]
    mode = iw[IW_OPTS + O.mode]
    n = iw[IW_SH + 4]
    limit = iw[IW_OPTS + O.hands_limit]
    counting = iw[IW_OPTS + O.counting] != 0
    track = counting
    hole = iw[IW_OPTS + O.hole_card]
    rsa = iw[IW_OPTS + O.resplit_aces] != 0
    das = iw[IW_OPTS + O.das] != 0
    dbl = iw[IW_OPTS + O.double]
    sur = iw[IW_OPTS + O.surrender]
    insurance = iw[IW_OPTS + O.insurance] != 0
    h17 = iw[IW_OPTS + O.soft17] == SOFT17.hit
    bjpay = iw[IW_OPTS + O.blackjack_tenths]
    # the unit's sums (one box: rounds = box-rounds, the punter's loss = -net, ...; the
    # others follow from these at the end, the very same integers)
    ms = 0          # net
    mq = 0          # net squared
    uy = 0          # initial bets
    ncards = 0
    # the sums only some rounds add to (doubled and split stakes, insurance, ace-up
    # rounds, split hands) are kept in ``acc`` itself, added to on those rounds' paths:
    # fewer sums live across the round loop
    acc[A_UA] = 0           # action beyond the initial bets (uy + this = the action)
    acc[A_UIX] = 0          # insurance net
    acc[A_UIY] = 0          # insurance stakes
    acc[A_UEX] = 0          # a unit insurance's result, ace up
    acc[A_UEY] = 0          # ace-up rounds x 10
    acc[A_NHANDS] = 0       # hands beyond one a round
    pos = iw[IW_SH]
    fill = iw[IW_FILL]
    code = 0
    r = 0
    while r < nrounds:
        if mode == MODE_SHOE and pos >= cut:
            break
        if mode == MODE_CSM or mode == MODE_INF:
            # a fresh shoe every round (an infinite deck: ``seen`` covers the round only)
            _new_shoe(iw, mode)
            if mode == MODE_CSM:
                pos = 0
                fill = 0
        tc0 = _true_count_iw(iw, n, mode) if counting else 0.0
        iw[IW_SH + 1] = pos
        # the bet
        bet = _table_bet(tc0, cparams, counting)
        if bet < 1 or bet > MAX_BET:
            iw[IW_ERR + 0] = ERR_ILLEGAL
            iw[IW_ERR + 1] = KIND_BET
            iw[IW_ERR + 2] = bet
            code = ERR_ILLEGAL
            break
        bet10 = bet * 10
        # the deal: a card to the box, the up card, the box's second card, the hole card (peek)
        c0, pos, fill = _draw(deck, iw, state, mode, pos, fill)
        if c0 < 0:
            code = ERR_SHOE
            break
        _see_iw(iw, c0, track)
        up, pos, fill = _draw(deck, iw, state, mode, pos, fill)
        if up < 0:
            code = ERR_SHOE
            break
        _see_iw(iw, up, track)
        c1, pos, fill = _draw(deck, iw, state, mode, pos, fill)
        if c1 < 0:
            code = ERR_SHOE
            break
        _see_iw(iw, c1, track)
        hard = c0 + 1 + c1 + 1
        ace = (c0 == 0) | (c1 == 0)
        dhard = up + 1
        dace = up == 0
        dn = 1
        hole_v = -1
        if hole == HOLE_CARD.peek:
            hole_v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
            if hole_v < 0:
                code = ERR_SHOE
                break
            dhard += hole_v + 1
            dace = dace | (hole_v == 0)
            dn = 2
        natural = hard == 11 and ace
        # insurance and early surrender, before the dealer checks
        ins = 0
        if insurance and up == 0:
            tc = _true_count_iw(iw, n, mode) if counting else 0.0
            take = np.int64(_cell1(tab, thr1, INS_ROW, 0, tc, counting))
            if take != 0 and take != 1:
                iw[IW_ERR + 0] = ERR_ILLEGAL
                iw[IW_ERR + 1] = KIND_INSURANCE
                iw[IW_ERR + 2] = take
                code = ERR_ILLEGAL
                break
            if take:
                ins = bet * 5
        surrendered = False
        if sur == SURRENDER_RULE.early:
            tc = _true_count_iw(iw, n, mode) if counting else 0.0
            if not natural:
                pair = c0 if c0 == c1 else -1
                give = np.int64(_cell1(tab, thr1, _sur_row(hard, ace, pair), up, tc, counting))
                if give != 0 and give != 1:
                    iw[IW_ERR + 0] = ERR_ILLEGAL
                    iw[IW_ERR + 1] = KIND_EARLY_SURRENDER
                    iw[IW_ERR + 2] = give
                    code = ERR_ILLEGAL
                    break
                if give:
                    surrendered = True
        dealer_bj = hole == HOLE_CARD.peek and dn == 2 and dhard == 11 and dace
        # the box plays: hand 0 in locals (n0 cards, hard0/ace0, bet hb0, state s0: 0
        # playing, 1 split, 2 split aces, 3 bust, 4 surrendered), split hands 1.. in hh
        n0 = 2
        hard0 = hard
        ace0 = ace
        hb0 = bet10
        s0 = 0
        nh = 1
        doubles = 0
        live = False
        if not dealer_bj and not natural and not surrendered and c0 != c1:
            # no pair: hand 0 can never split, and plays alone (most rounds); the same
            # decisions as the loop below makes for an unsplit hand 0, in fewer locals
            nc = 2
            first = True
            while True:
                best = _best(hard, ace)
                if best > 21:
                    s0 = 3
                    break
                if best == 21:
                    break
                legal = (1 << STAND) | (1 << HIT)
                if nc == 2:
                    soft = ace and hard + 10 <= 21
                    okd = True
                    if dbl == DOUBLE_RULE.v_9_11 and (soft or hard < 9 or hard > 11):
                        okd = False
                    if dbl == DOUBLE_RULE.v_10_11 and (soft or hard < 10 or hard > 11):
                        okd = False
                    if okd:
                        legal |= 1 << DOUBLE
                    if first and sur == SURRENDER_RULE.late:
                        legal |= 1 << SURRENDER
                tc = _true_count_iw(iw, n, mode) if counting else 0.0
                a = _table_play1(hard, ace, -1, up, legal, tc, tab, thr1, counting)
                first = False
                if a < 0 or a > 4 or (legal & (1 << a)) == 0:
                    iw[IW_ERR + 0] = ERR_ILLEGAL
                    iw[IW_ERR + 1] = KIND_PLAY
                    iw[IW_ERR + 2] = a
                    iw[IW_ERR + 3] = best
                    iw[IW_ERR + 4] = nc
                    iw[IW_ERR + 5] = _up_label(up)
                    iw[IW_ERR + 6] = legal
                    code = ERR_ILLEGAL
                    break
                if a == STAND:
                    break
                if a == SURRENDER:
                    surrendered = True
                    s0 = 4
                    break
                # hit or double: one card
                v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
                if v < 0:
                    code = ERR_SHOE
                    break
                _see_iw(iw, v, track)
                nc += 1
                hard += v + 1
                ace = ace | (v == 0)
                if a == DOUBLE:
                    hb0 *= 2
                    doubles += 1
                    if _best(hard, ace) > 21:
                        s0 = 3
                    break
            if code != 0:
                break
            n0 = nc
            hard0 = hard
            ace0 = ace
            live = s0 <= 2
        elif not dealer_bj and not natural and not surrendered:
            h = 0
            first = True
            while h < nh:
                if h == 0:
                    split_aces = s0 == 2
                    nc = n0
                    hard = hard0
                    ace = ace0
                    st = s0
                    hb = hb0
                    a0 = c0
                    a1 = c1
                else:
                    split_aces = hh[4, h] == 2
                    nc = hh[0, h]
                    hard = hh[1, h]
                    ace = hh[2, h] == 1
                    st = hh[4, h]
                    hb = hh[3, h]
                    a0 = hh[5, h]
                    a1 = hh[6, h]
                if nc == 1:                     # a split hand takes its second card
                    v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
                    if v < 0:
                        code = ERR_SHOE
                        break
                    _see_iw(iw, v, track)
                    a1 = v
                    nc = 2
                    hard += v + 1
                    ace = ace | (v == 0)
                while True:
                    best = _best(hard, ace)
                    if best > 21:
                        st = 3
                        break
                    is_pair = nc == 2 and a0 == a1
                    can_split = is_pair and nh < limit and (not split_aces or rsa)
                    if split_aces and not can_split:
                        break
                    if best == 21:
                        break
                    if split_aces:
                        legal = (1 << STAND) | (1 << SPLIT)
                    else:
                        legal = (1 << STAND) | (1 << HIT)
                        if nc == 2:
                            soft = ace and hard + 10 <= 21
                            okd = nh == 1 or das
                            if dbl == DOUBLE_RULE.v_9_11 and (soft or hard < 9 or hard > 11):
                                okd = False
                            if dbl == DOUBLE_RULE.v_10_11 and (soft or hard < 10 or hard > 11):
                                okd = False
                            if okd:
                                legal |= 1 << DOUBLE
                            if can_split:
                                legal |= 1 << SPLIT
                            if first and nh == 1 and sur == SURRENDER_RULE.late:
                                legal |= 1 << SURRENDER
                    pair = a0 if is_pair else -1
                    tc = _true_count_iw(iw, n, mode) if counting else 0.0
                    a = _table_play1(hard, ace, pair, up, legal, tc, tab, thr1, counting)
                    first = False
                    if a < 0 or a > 4 or (legal & (1 << a)) == 0:
                        iw[IW_ERR + 0] = ERR_ILLEGAL
                        iw[IW_ERR + 1] = KIND_PLAY
                        iw[IW_ERR + 2] = a
                        iw[IW_ERR + 3] = best
                        iw[IW_ERR + 4] = nc
                        iw[IW_ERR + 5] = _up_label(up)
                        iw[IW_ERR + 6] = legal
                        code = ERR_ILLEGAL
                        break
                    if a == STAND:
                        break
                    if a == SURRENDER:
                        surrendered = True
                        st = 4
                        break
                    if a == SPLIT:
                        j = nh
                        hh[0, j] = 1
                        hh[1, j] = a0 + 1
                        hh[2, j] = 1 if a0 == 0 else 0
                        hh[3, j] = bet10
                        hh[4, j] = 2 if a0 == 0 else 1
                        hh[5, j] = a0
                        st = hh[4, j]
                        split_aces = a0 == 0
                        nh += 1
                        v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
                        if v < 0:
                            code = ERR_SHOE
                            break
                        _see_iw(iw, v, track)
                        a1 = v
                        hard = a0 + 1 + v + 1
                        ace = (a0 == 0) | (v == 0)
                        continue
                    # hit or double: one card
                    v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
                    if v < 0:
                        code = ERR_SHOE
                        break
                    _see_iw(iw, v, track)
                    nc += 1
                    hard += v + 1
                    ace = ace | (v == 0)
                    if a == DOUBLE:
                        hb *= 2
                        doubles += 1
                        if _best(hard, ace) > 21:
                            st = 3
                        break
                if code != 0:
                    break
                if h == 0:
                    n0 = nc
                    hard0 = hard
                    ace0 = ace
                    s0 = st
                    hb0 = hb
                else:
                    hh[0, h] = nc
                    hh[1, h] = hard
                    hh[2, h] = 1 if ace else 0
                    hh[4, h] = st
                    hh[3, h] = hb
                    hh[6, h] = a1
                live = live | (st <= 2)         # not bust (3) or surrendered (4)
                h += 1
            if code != 0:
                break
        # the dealer completes his hand
        if hole != HOLE_CARD.peek:
            hole_v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
            if hole_v < 0:
                code = ERR_SHOE
                break
            dhard += hole_v + 1
            dace = dace | (hole_v == 0)
            dn = 2
            if dhard == 11 and dace:
                dealer_bj = True
        _see_iw(iw, hole_v, track)
        if not dealer_bj:
            if live:
                while True:
                    best = _best(dhard, dace)
                    soft = dace and dhard + 10 <= 21
                    if best > 17 or (best == 17 and not (h17 and soft)):
                        break
                    v, pos, fill = _draw(deck, iw, state, mode, pos, fill)
                    if v < 0:
                        code = ERR_SHOE
                        break
                    _see_iw(iw, v, track)
                    dhard += v + 1
                    dace = dace | (v == 0)
                    dn += 1
                if code != 0:
                    break
        dtotal = _best(dhard, dace)
        # settlement
        dealt = dn + n0
        for h in range(1, nh):
            dealt += hh[0, h]
        net = 0
        inet = 0
        if ins:
            inet = 2 * ins if dealer_bj else -ins
            oc[2 * OUT_INSURANCE] += 1
            oc[2 * OUT_INSURANCE + 1] += inet
            acc[A_UIX] += inet
            acc[A_UIY] += ins
        if natural:
            if dealer_bj:
                oc[2 * OUT_BJ_PUSH] += 1
            else:
                net = bet * bjpay
                oc[2 * OUT_BJ] += 1
                oc[2 * OUT_BJ + 1] += net
        elif surrendered and (sur == SURRENDER_RULE.early or not dealer_bj):
            net = -bet10 // 2
            oc[2 * OUT_SURRENDER] += 1
            oc[2 * OUT_SURRENDER + 1] += net
        elif dealer_bj and hole != HOLE_CARD.none:
            # peek: the round never went on; none-obo: only the original bet is lost
            net = -bet10
            oc[2 * OUT_DEALER_BJ] += 1
            oc[2 * OUT_DEALER_BJ + 1] += net
            if hole == HOLE_CARD.none_obo:
                if hb0 > bet10:
                    acc[A_UA] += hb0 - bet10
                for h in range(1, nh):
                    acc[A_UA] += hh[3, h]
        else:
            for h in range(nh):
                if h == 0:
                    hb = hb0
                    st = s0
                    hard = hard0
                    ace = ace0
                    if hb > bet10:
                        acc[A_UA] += hb - bet10
                else:
                    hb = hh[3, h]
                    st = hh[4, h]
                    hard = hh[1, h]
                    ace = hh[2, h] == 1
                    acc[A_UA] += hb
                # bust, dealer blackjack (no hole card), win, push or loss, chosen by
                # selects (win, push or loss is a coin toss for a branch predictor)
                pt = _best(hard, ace)
                win = (dtotal > 21) | (pt > dtotal)
                push = pt == dtotal
                k = OUT_WIN if win else (OUT_PUSH if push else OUT_LOSS)
                rr = hb if win else (0 if push else -hb)
                lost = (st == 3) | dealer_bj
                k = OUT_BUST if st == 3 else (OUT_DEALER_BJ if dealer_bj else k)
                rr = -hb if lost else rr
                net += rr
                oc[np.uint64(2 * k)] += 1
                oc[np.uint64(2 * k + 1)] += rr
                if hb > bet10:
                    oc[2 * OUT_DOUBLE] += 1
                    oc[2 * OUT_DOUBLE + 1] += rr
            if nh > 1:
                oc[2 * OUT_SPLIT] += 1
                oc[2 * OUT_SPLIT + 1] += net
        rnet = net + inet
        # the unit's sums, as _unit_nb adds them from the round's results (the rounds
        # played are ``r``)
        ncards += dealt
        uy += bet10
        ms += rnet
        mq += rnet * rnet
        if counting:
            k = int(np.floor(tc0))
            if k < TC_LO:
                k = TC_LO
            if k > TC_HI:
                k = TC_HI
            by_tc[k - TC_LO, 0] += 1
            by_tc[k - TC_LO, 1] += rnet
            by_tc[k - TC_LO, 2] += bet10
        if nh > 1:
            acc[A_NHANDS] += nh - 1
        if up == 0:
            acc[A_UEX] += 20 if dealer_bj else -10
            acc[A_UEY] += 10
        r += 1
    if code == ERR_SHOE:
        iw[IW_ERR] = ERR_SHOE
    iw[IW_SH] = pos
    iw[IW_FILL] = fill
    nrnd = r
    oc[2 * OUT_ROUND] = nrnd            # every round, and its net (oc is zeroed per unit)
    oc[2 * OUT_ROUND + 1] = ms
    acc[A_UX] = -ms
    acc[A_UY] = uy
    acc[A_UA] += uy
    acc[A_UNET] = ms
    acc[A_UROUNDS] = nrnd
    acc[A_MN] = nrnd
    acc[A_MS] = ms
    acc[A_MQ] = mq
    acc[A_B0] = 0 if counting else nrnd       # (counting adds to by_tc directly)
    acc[A_B1] = 0 if counting else ms
    acc[A_B2] = 0 if counting else uy
    acc[A_NRND] = nrnd
    acc[A_NHANDS] += nrnd
    acc[A_NCARDS] = ncards
    return code


@njit(cache=True)
def _value_deck(codes):
    """The value index (0 = ace, 1..8 = 2..9, 9 = ten-value) of each card code: the pile
    the kernels shuffle and deal (blackjack reads nothing else of a card)."""
    out = np.empty(codes.shape[0], dtype=np.uint8)
    for i in range(codes.shape[0]):
        out[i] = VALUE_OF_RANK[codes[i] >> 2]
    return out


@njit(cache=True)
def _pile(values, mode):
    """The pile the kernels deal from: a copy of the shoe's ``values`` (shuffled forward as
    it is dealt), or for an infinite deck a ring of :data:`INF_BUFFER` values drawn
    afresh (its first ``len(values)`` reset like a shoe's, never read)."""
    out = np.zeros(max(values.shape[0], INF_BUFFER) if mode == MODE_INF else values.shape[0], dtype=np.uint8)
    for i in range(values.shape[0]):
        out[i] = values[i]
    return out


@njit(cache=True, _nrt=False)
def _same_cards(a, b):
    """Whether ``a`` and ``b`` hold the same cards (card conservation)."""
    for c in range(64):
        k = 0
        for i in range(a.shape[0]):
            if a[i] == c:
                k += 1
            if b[i] == c:
                k -= 1
        if k != 0:
            return False
    return True


@njit(cache=True, inline="always")
def _flush_round_stats(stats, mn, ms, mq, b0, b1, b2, nrnd, nhands, ncards):
    """Add the unit's per-round sums, kept in locals, to ``stats``."""
    by_tc, counters = stats.by_tc, stats.counters
    moment_add_sums_nb(stats.round, 0, mn, ms, mq)
    by_tc[-TC_LO, 0] += b0
    by_tc[-TC_LO, 1] += b1
    by_tc[-TC_LO, 2] += b2
    counters[1] += nrnd
    counters[5] += ncards
    counters[6] += nhands


@njit(cache=True, _nrt=False)
def _unit_nb(ctx, fns, seed, unit, total_rounds, audit):
    """Play one unit (a shoe, or a block of rounds) and add its statistics to
    ``ctx.stats``; True on error. ``ctx.values``: the shoe's card values in canonical
    order (:func:`_value_deck`); one box under a table policy, unaudited, plays through
    :func:`_rounds_one_box_nb` (flat tables ``ctx.tab``, ``ctx.thr1``; scratch ``ctx.oc``,
    ``ctx.acc``), anything else round by round."""
    deck, shoe0, state, iw, res, oc, acc = ctx.deck, ctx.values, ctx.state, ctx.iw, ctx.res, ctx.oc, ctx.acc
    stats = ctx.stats
    edge, outcomes, by_tc, counters = stats.edge, stats.outcomes, stats.by_tc, stats.counters
    pol = ctx.pol
    sh = iw[IW_SH:IW_SH + 9]
    opts = iw[IW_OPTS:IW_OPTS + N_OPTS]
    audit_out = iw[IW_AUDIT:IW_AUDIT + 2]
    err = iw[IW_ERR:IW_ERR + 8]
    mode = opts[O.mode]
    players = opts[O.players]
    n = shoe0.shape[0]
    counting = opts[O.counting] != 0
    cut = opts[O.cut]
    block = opts[O.block]
    seed_stream_nb(state, seed, unit)
    for i in range(n):
        deck[i] = shoe0[i]
    sh[:] = 0
    sh[4] = n
    _new_shoe(iw, MODE_SHOE)
    ux = 0
    uy = 0
    ua = 0
    unet = 0
    urounds = 0
    uix = 0
    uiy = 0
    uex = 0
    uey = 0
    # per-round statistics kept in locals and added once per unit (same int64 sums)
    mn = 0
    ms = 0
    mq = 0
    b0 = 0
    b1 = 0
    b2 = 0
    nrnd = 0
    nhands = 0
    ncards = 0
    if mode == MODE_SHOE:
        nrounds = 1 << 40
    else:
        nrounds = min(block, total_rounds - unit * block)
    if players == 1 and pol == POL_TABLE and not audit:
        for k in range(2 * N_OUT):
            oc[k] = 0
        code = _rounds_one_box_nb(deck, iw, state, ctx.tab, ctx.thr1, ctx.thrc[ctx.thrc.shape[0] - 1], ctx.hh, oc,
                                  by_tc, nrounds, acc)
        for k in range(N_OUT):
            outcomes[k, 0] += oc[2 * k]
            outcomes[k, 1] += oc[2 * k + 1]
        ux = acc[A_UX]
        uy = acc[A_UY]
        ua = acc[A_UA]
        unet = acc[A_UNET]
        urounds = acc[A_UROUNDS]
        uix = acc[A_UIX]
        uiy = acc[A_UIY]
        uex = acc[A_UEX]
        uey = acc[A_UEY]
        mn = acc[A_MN]
        ms = acc[A_MS]
        mq = acc[A_MQ]
        b0 = acc[A_B0]
        b1 = acc[A_B1]
        b2 = acc[A_B2]
        nrnd = acc[A_NRND]
        nhands = acc[A_NHANDS]
        ncards = acc[A_NCARDS]
        if code != 0:
            _flush_round_stats(stats, mn, ms, mq, b0, b1, b2, nrnd, nhands, ncards)
            err[7] = unit
            return True
        nrounds = 0                     # played: the round loop below has nothing to do
    r = 0
    while r < nrounds:
        if mode == MODE_SHOE and sh[0] >= cut:
            break
        if mode == MODE_CSM or mode == MODE_INF:
            # a fresh shoe every round (an infinite deck: ``seen`` covers the round only)
            _new_shoe(iw, mode)
        tc = _true_count(sh, n, mode) if counting else 0.0
        code = _round_inline_nb(ctx, fns, audit)
        if code != 0:
            _flush_round_stats(stats, mn, ms, mq, b0, b1, b2, nrnd, nhands, ncards)
            err[7] = unit
            return True
        nrnd += 1
        ncards += sh[8]
        k = 0
        if counting:
            k = int(np.floor(tc))
            if k < TC_LO:
                k = TC_LO
            if k > TC_HI:
                k = TC_HI
        for b in range(players):
            net = res[b, R_NET]
            bet10 = res[b, R_BET] * 10
            ux -= net
            uy += bet10
            ua += res[b, R_ACTION]
            unet += net
            urounds += 1
            uix += res[b, R_INS_NET]
            uiy += res[b, R_INS_STAKE]
            mn += 1
            ms += net
            mq += net * net
            if counting:
                by_tc[k - TC_LO, 0] += 1
                by_tc[k - TC_LO, 1] += net
                by_tc[k - TC_LO, 2] += bet10
            else:
                b0 += 1
                b1 += net
                b2 += bet10
            nhands += res[b, R_HANDS]
        if sh[6] == 0:
            uex += 20 if sh[7] else -10
            uey += 10
        r += 1
    if audit and mode == MODE_SHOE:
        audit_out[0] += 1
        if not _same_cards(deck, shoe0):
            audit_out[1] += 1
    _flush_round_stats(stats, mn, ms, mq, b0, b1, b2, nrnd, nhands, ncards)
    counters[0] += 1
    counters[2] += urounds
    counters[3] += 1 if mode == MODE_SHOE else 0
    counters[4] += sh[5]
    ratio_add_nb(edge, E_EDGE, ux, uy)
    ratio_add_nb(edge, E_ACTION, ux, ua)
    ratio_add_nb(edge, E_ROUND, unet, urounds)
    ratio_add_nb(edge, E_BET, uy, urounds)
    ratio_add_nb(edge, E_INS_TAKEN, uix, uiy)
    ratio_add_nb(edge, E_INS_EV, uex, uey)
    return False


@njit(cache=True)
def _flat_tables(hilo, thrc):
    """The strategy of :func:`_pack` as one flat table (``hi`` cells, then ``lo`` ones)
    and flat thresholds, for :func:`_rounds_one_box_nb` (fixed strides: a cell is one
    load)."""
    tab = np.empty(2 * N_TAB, dtype=np.int8)
    thr1 = np.empty(N_TAB, dtype=np.float64)
    for r in range(N_ROWS):
        for c in range(N_VALUES):
            tab[r * N_VALUES + c] = hilo[0, r, c]
            tab[N_TAB + r * N_VALUES + c] = hilo[1, r, c]
            thr1[r * N_VALUES + c] = thrc[r, c]
    return tab, thr1


@njit(cache=True, inline="always")
def _copy(dst, i, src, j, n):
    for k in range(n):
        dst[i + k] = src[j + k]


@njit(cache=True)
def _hand_arrays(players):
    """Work arrays for ``players`` boxes of up to ``MAX_HANDS`` hands each: the cards
    (value indices) of each hand, and per hand [cards, hard total, ace, bet, state, first
    card, second card] (the last two for :func:`_rounds_one_box_nb`'s split hands)."""
    rows = players * MAX_HANDS
    return np.zeros((rows, MAX_CARDS), dtype=np.int64), np.zeros((7, rows), dtype=np.int64)


@njit(cache=True)
def _pack(opts, tags, hi, lo, thr, cparams, n):
    """The work array (opts and tags copied in), the hi/lo
    tables as one array and the thresholds with the counting parameters as an extra last
    row."""
    iw = np.zeros(N_IW, dtype=np.int64)
    mode = opts[O.mode]
    # buffer growth: a shoe is shuffled to its cut card at once, then 8 positions at a
    # time (at most 7 unused per shoe); a continuous shuffler one at a time (every round
    # is a fresh shoe); a hand-built shoe all at once
    iw[IW_GROW] = 8 if mode == MODE_SHOE else (1 if mode == MODE_CSM else n)
    iw[IW_FIRST] = opts[O.cut] if mode == MODE_SHOE else 0
    for k in range(N_OPTS):
        iw[IW_OPTS + k] = opts[k]
    for k in range(10):
        iw[IW_TAGS + k] = tags[k]
    hilo = np.empty((2, hi.shape[0], hi.shape[1]), dtype=np.int8)
    counting = opts[O.counting] != 0
    for r in range(hi.shape[0]):
        for c in range(hi.shape[1]):
            hilo[0, r, c] = hi[r, c]
            hilo[1, r, c] = lo[r, c]
            if not counting:       # the true count is always 0: the cell played there (_cell)
                hilo[0, r, c] = hi[r, c] if 0.0 >= thr[r, c] else lo[r, c]
    thrc = np.zeros((thr.shape[0] + 1, max(thr.shape[1], 4)), dtype=np.float64)
    for r in range(thr.shape[0]):
        for c in range(thr.shape[1]):
            thrc[r, c] = thr[r, c]
    for c in range(4):
        thrc[thr.shape[0], c] = cparams[c]
    return iw, hilo, thrc


#: what the Python side passes the kernels besides the units, the user function and the
#: statistics: the shoe's card codes (``uint8``; a hand-built shoe's in dealing order), the
#: ``opts`` (layout :data:`O`), the count tags, the strategy tables ``hi``, ``lo`` and their
#: thresholds ``thr``, the counting parameters (``C_*``), the policy's ``POL_*`` code and
#: parameters, the audit counts ``[checks, violations]`` and the error record
BlackjackInputs = namedtuple("BlackjackInputs", "shoe0 opts tags hi lo thr cparams pol params audit_out err",
                             module=__name__)
_Z1, _T8, _F2 = np.zeros(1, np.int64), np.zeros((1, 1), np.int8), np.zeros((1, 1))
INPUTS_TYPE = typeof(BlackjackInputs(np.zeros(1, np.uint8), _Z1, _Z1, _T8, _T8, _F2, np.zeros(1), 0, np.zeros(1),
                                     _Z1, _Z1))
#: the user function ``(decide,)`` (:func:`no_user_decide_nb` under a table policy)
FNS_TYPE = types.Tuple((DECIDE_FN,))

#: the statistics (``Blackjack.new_stats``), one named bundle (see :func:`blackjack_chunk_nb`); made by
#: :func:`simkit.core.bundle.bundle`
_STATS_NDIM = {"edge": 2, "round": 2, "outcomes": 2, "by_tc": 2, "counters": 1}
BlackjackStats, STATS_TYPE = bundle("BlackjackStats", _STATS_NDIM)

#: the kernel context: the shoe's card values in canonical order, the pile dealt from, the
#: deal stream, the work array ``iw`` (``IW_*``: counts, options, tags, audit, error), the
#: tables ``hilo`` and thresholds ``thrc`` of :func:`_pack`, the policy code and parameters,
#: the hands (``hcards``, ``hh``), the boxes' results ``res`` (``R_*``), the statistics, the
#: flat tables of :func:`_flat_tables` and the lean path's scratch ``oc``, ``acc``
BlackjackCtx = namedtuple("BlackjackCtx", ("values", "deck", "state", "iw", "hilo", "thrc", "pol", "params", "hcards",
                                           "hh", "res", "stats", "tab", "thr1", "oc", "acc"), module=__name__)


@njit(cache=True)
def _ctx(inp, opts, stats, res):
    """The context of the kernels (:data:`BlackjackCtx`) for ``inp`` played under
    ``opts`` (``inp.opts``, or a hand-built shoe's), into ``stats`` and the boxes' results
    ``res``; ``iw`` starts with ``inp``'s audit counts and error record."""
    n = inp.shoe0.shape[0]
    values = _value_deck(inp.shoe0)
    hcards, hh = _hand_arrays(opts[O.players])
    iw, hilo, thrc = _pack(opts, inp.tags, inp.hi, inp.lo, inp.thr, inp.cparams, n)
    tab, thr1 = _flat_tables(hilo, thrc)
    _copy(iw, IW_AUDIT, inp.audit_out, 0, 2)
    _copy(iw, IW_ERR, inp.err, 0, 8)
    return BlackjackCtx(values, _pile(values, opts[O.mode]), np.zeros(4, dtype=np.uint64), iw, hilo, thrc, inp.pol,
                        inp.params, hcards, hh, res, stats, tab, thr1, np.zeros(2 * N_OUT, dtype=np.int64),
                        np.zeros(N_ACC, dtype=np.int64))


@njit(cache=True)
def _no_stats(outcomes):
    """A statistics bundle for the kernels that keep none but the outcome table ``outcomes``."""
    z = np.zeros((1, 1), dtype=np.int64)
    return BlackjackStats(z, z, outcomes, z, np.zeros(1, dtype=np.int64))


@njit(types.void(types.int64, types.int64, types.int64, types.int64, INPUTS_TYPE, FNS_TYPE, STATS_TYPE,
                 types.boolean), cache=True)
def blackjack_chunk_nb(seed, start, stop, total_rounds, inp, fns, stats, audit):
    """Play units ``start..stop-1`` (shoes, or blocks of rounds; ``total_rounds`` in the
    run) and add their statistics to ``stats`` (:data:`BlackjackStats`).

    ``edge`` ratio rows per unit: E_EDGE = (loss, initial bets), E_ACTION = (loss, total
    action: initial, doubled and split bets), E_ROUND = (net, box-rounds), E_BET = (initial
    bets, box-rounds), E_INS_TAKEN = (insurance net, insurance stakes), E_INS_EV = (what a
    unit insurance stake would have won, 2 or -1 in tenths x10, ace-up rounds).
    ``round``: row 0 = net per box-round. ``by_tc`` rows by floored true count
    (-10..10, clipped) = [box-rounds, net, initial bets]. ``counters`` = [units, rounds,
    box-rounds, shuffles, mid-round reshuffles, cards dealt, hands played].
    """
    opts = inp.opts
    ctx = _ctx(inp, opts, stats, np.zeros((opts[O.players], N_RES), dtype=np.int64))
    for unit in range(start, stop):
        poll_every_nb(unit)
        if _unit_nb(ctx, fns, seed, unit, total_rounds, audit):
            break
    _copy(inp.audit_out, 0, ctx.iw, IW_AUDIT, 2)
    _copy(inp.err, 0, ctx.iw, IW_ERR, 8)


def _ruin_paths(seed, paths, bankroll10, max_rounds, inp, fns, out, mom):
    """Risk-of-ruin paths: path ``p`` (stream ``(seed, p)``) starts with ``bankroll10``
    tenths and plays shoe after shoe until its bankroll is 0 or less (``out[p, 0] = 1``)
    or ``max_rounds`` rounds have passed; ``out[p, 1]`` = rounds played; ``mom`` row 0
    gets every box-round's net; ``inp.err`` an illegal move."""
    opts = inp.opts
    mode = opts[O.mode]
    players = opts[O.players]
    n = inp.shoe0.shape[0]
    ctx = _ctx(inp, opts, _no_stats(np.zeros((N_OUT, 2), dtype=np.int64)),
               np.zeros((players, N_RES), dtype=np.int64))
    values, deck, state, iw, res = ctx.values, ctx.deck, ctx.state, ctx.iw, ctx.res
    no_audit = opts[O.mode] < 0        # always false, typed as a plain boolean
    cut = opts[O.cut]
    sh = iw[IW_SH:IW_SH + 9]
    for p in range(paths):
        seed_stream_nb(state, seed, p)
        for i in range(n):
            deck[i] = values[i]
        sh[:] = 0
        sh[4] = n
        _new_shoe(iw, MODE_SHOE)
        bank = bankroll10
        rounds = 0
        while rounds < max_rounds and bank > 0:
            if mode == MODE_CSM or (mode == MODE_SHOE and sh[0] >= cut):
                _new_shoe(iw, mode)
            code = round_nb(ctx, fns, no_audit)
            if code != 0:
                _copy(inp.err, 0, iw, IW_ERR, 8)
                inp.err[7] = p
                return
            for b in range(players):
                bank += res[b, R_NET]
                moment_add_nb(mom, 0, res[b, R_NET])
            rounds += 1
        out[p, 0] = 1 if bank <= 0 else 0
        out[p, 1] = rounds


_RUIN_SIG = types.void(types.int64, types.int64, types.int64, types.int64, INPUTS_TYPE, FNS_TYPE, types.int64[:, ::1],
                       types.int64[:, ::1])


def _deal(inp, fns, res, outcomes, dealer):
    """Play one round from the card codes ``inp.shoe0`` dealt in the given order (tests
    build shoes by hand with it): box first cards, up card, box second cards, hole card
    (peek), then the cards of play in order. Same round code as the kernel; ``res`` gets
    the boxes' results, ``outcomes`` the outcome table, ``inp.err`` an illegal move.
    ``dealer`` gets [final total, dealer blackjack, cards used, audit violations (the
    kernel's audit, and the round's card count against the cards drawn)]."""
    n = inp.shoe0.shape[0]
    fixed = inp.opts.copy()
    fixed[O.mode] = MODE_FIXED
    audit = fixed[O.mode] >= 0          # always true, typed as a plain boolean (one round_nb compile)
    ctx = _ctx(inp, fixed, _no_stats(outcomes), res)
    iw = ctx.iw
    iw[IW_SH + 4] = n
    code = round_nb(ctx, fns, audit)
    sh = iw[IW_SH:IW_SH + 9]
    audit_out = iw[IW_AUDIT:IW_AUDIT + 2]
    _copy(inp.err, 0, iw, IW_ERR, 8)
    dealer[0] = res[0, R_DEALER_TOTAL]
    dealer[1] = res[0, R_DEALER_BJ]
    dealer[2] = sh[0]
    # the round's own card count (hands and dealer) must equal the cards drawn
    dealer[3] = audit_out[1] + (1 if code == 0 and sh[8] != sh[0] else 0)
    return code


_DEAL_SIG = types.int64(INPUTS_TYPE, FNS_TYPE, types.int64[:, ::1], types.int64[:, ::1], types.int64[::1])


_COMPILED = {}


def _lazy(name, py_func, sig):
    """Compile ``py_func`` with ``sig`` on first use (cached on disk like the rest), so
    importing the game compiles only the simulation kernel."""
    fn = _COMPILED.get(name)
    if fn is None:
        fn = _COMPILED[name] = njit(sig, cache=True)(py_func)
    return fn


def ruin_paths_nb(*args):
    """Risk-of-ruin paths (see :func:`_ruin_paths`), compiled on first use."""
    return _lazy("ruin", _ruin_paths, _RUIN_SIG)(*args)


def deal_nb(*args):
    """One round from a hand-built shoe (see :func:`_deal`), compiled on first use."""
    return _lazy("deal", _deal, _DEAL_SIG)(*args)
