"""King kernels: deal, name trump, play and score the fifteen deals of a party or single
deals of one contract (GAMES.md G15; seed 002 lines 33-44), on the shared trick engine
(:mod:`simkit.core.trick_play`).

A party (002:33-44): seven negative deals in the order of :data:`~.scoring.NO_TRICKS` ..
:data:`~.scoring.ERALASH`, the dealer passing left, then eight positive deals
(«отыгрыш»), the trump-namer dealing next («В следующую игру сдающим становится игрок,
назначивший козыря»), so deal ``k`` (0-based) is dealt by seat ``first_dealer + k`` and
every seat names trump twice. Net score = positive minus penalty points; zero-sum.

Deals from a card order (the shuffled deck, or a hand-built order in :func:`one_deal_nb`):
a negative deal deals the 32 cards one at a time from the dealer's left; a positive deal
gives the first three cards to the namer (the dealer's left: «Сдатчик сдает игроку слева
3 карты, по которым тот назначает козыря»), the next nine three each to the others
clockwise, and the last twenty one at a time from the namer, so the namer's last card
(«По последней») is ``order[28]``.

What the engine could not do (done here): points are scored per trick in the
``after_trick`` hook from the cards the trick added to ``S_PLAYED`` («не брать взяток»:
2 a trick from ``S_WON`` after the play, without the hook); the positive deals'
lead ban is set there per leader; ``king_forced=over_ace`` narrows the legal cards in the
game's own policies and is checked after each trick for user policies (the engine's legal
set has no rule that depends on another card in the trick); the simulation policy plays
its samples out with :func:`rollout_nb` (a choose hook cannot reach the engine's hooks).
"""
import numpy as np
from numba import types

from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.jit import njit
from simkit.core.borrow import borrowed
from simkit.core.cards import HEARTS
from simkit.core.options import choices, layout
from simkit.core.rng import next_u64_nb, randbelow_nb, seed_stream_nb
from simkit.core.rollout import best_by_rollouts_nb, play_trick_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import (INPUTS_TYPE, bundle, chunk_signature, context, deal_core_nb, fns_type,
                                    scratch_layout, shuffle_top_nb, trick_core_nb, unit_loop)
from simkit.core.trick_play import (E_DEAL, E_HAND, E_KIND, E_LED, E_LEGAL, E_MOVE, E_SEAT, E_TRICK, E_TRUMP,
                                    ERR_GAME, N_ERR, play_tricks_inline_nb)
from simkit.core.trick_play import no_after_trick_cb, no_choose_cb  # noqa: F401  (fns placeholders, __init__.py)
from simkit.core.trick_play import PLAY_RANDOM, PLAY_USER  # noqa: F401  (policy codes)
from simkit.core.tricks import (BID_FN, BID_SIG, PLAY_FN, PLAY_SIG, no_user_bid_nb, no_user_play_nb,  # noqa: F401
                                BREAK_NEVER, F_FORCED, MAX_SEATS, NO_TRUMP, S_BREAK, S_DEAL_NO, S_EXTRA, S_FOLLOW,
                                S_LEAD_BAN, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_SCORE, S_SEAT, S_TABLE,
                                S_TRICK_NO, S_TRUMP, S_VOIDS, S_WON, TT_DECK, TT_ESUIT, TT_POWER, TT_SUIT_BITS,
                                beating_nb, close_trick_nb, deal_round_nb, deal_unseen_nb, higher_in_suit_nb, legal_nb,
                                lowest_card_nb, popcount_nb, random_card_nb, start_deal_nb, strongest_nb, trick_view_nb,
                                trick_winner_nb, weakest_nb)
from simkit.games.king.rules import CONTRACTS, KingRules
from simkit.games.king.scoring import (ACE, CARD_POINTS, DEAL_TOTAL, FOLLOW, KING, LAST_TWO, LAST_TWO_POINTS,
                                       LEAD_BAN, NO_BOYS, NO_HEARTS, NO_TRICKS, PER_TRICK, PLUS, TABLES, TRICKS,
                                       contract_code, king_over_ace_nb)

PLAYERS = 4
N_CONTRACTS = 8
PARTY_DEALS = 15                 # seven negative deals, then eight positive ones
MAX_POINTS = 96                  # the most one seat can score in one deal (eralash)
MAX_NET = 192                    # |net score| of a party is at most 192
WIN_SCALE = 12                   # lcm(1..4): a win shared by t seats is 12/t

# extra state fields (after the shared trick-game layout)
S_CONTRACT = S_EXTRA + 0         # this deal's contract (scoring.NO_TRICKS .. PLUS)
S_NAMER = S_EXTRA + 1            # the trump-namer of a positive deal, -1 in a negative one
S_CHOICE = S_EXTRA + 2           # his choice: 0..3 the suit named, 4 «По последней»; -1 none
S_PREV_PLAYED = S_EXTRA + 3      # S_PLAYED before the trick in play (scoring per trick)
S_PTS = S_EXTRA + 4              # 4 entries: points each seat took so far this deal
S_RNG = S_EXTRA + 8              # the policies' random key (drawn from the unit's policy stream)
#: the hooks' scratch record (:func:`~simkit.core.trick_game.scratch_layout`, the context's ``scratch``), the
#: over_ace check's state, out of the hands and of the state that policies read: ``before + seat`` = that seat's
#: hand before the trick in play, ``leader`` = who led it
H = scratch_layout("KingScratch", before=PLAYERS, leader=1)

#: ``opts`` slots (:func:`~simkit.core.options.layout`: one per rule option, named as it)
O = layout(KingRules)
#: the codes of the choice options (``UNIT.deal``, ``KING_FORCED.over_ace`` ...)
UNIT = choices(KingRules, "unit")
CONTRACT = choices(KingRules, "contract")
KING_FORCED = choices(KingRules, "king_forced")
TRUMP_CHOICE = choices(KingRules, "trump_choice")
#: a single deal's contract: ``opts[O.contract] - FIRST_CONTRACT`` is the kernel's contract
#: code (:func:`~simkit.games.king.scoring.contract_code`, ``NO_TRICKS`` .. ``PLUS``)
FIRST_CONTRACT = CONTRACT.no_tricks
if [getattr(CONTRACT, c) - FIRST_CONTRACT for c in CONTRACTS] != [contract_code(c) for c in CONTRACTS]:
    raise TypeError("king: the contract option's codes less CONTRACT.no_tricks are not the kernel's contract codes")

from simkit.games.king.codes import (BY_THE_LAST, HEURISTIC_DEFAULTS, HEURISTIC_SLOTS, N_PLAY_PARAMS,  # noqa: F401,E402
                                     N_TRUMP_PARAMS, P_CASH, P_DRAW, P_DUMP, P_FUT_DUMP, P_FUTURE, P_LAST_BELOW,
                                     P_LENGTH, P_SAMPLES, P_SHAPE_FOLLOW, P_SHAPE_LEAD, P_SHAPE_VOID, P_UNDER,
                                     PLAY_BASIC, PLAY_HEURISTIC, PLAY_RANDOM_NARROW, PLAY_SIMULATION, R_TRUMP,
                                     TRUMP_HEURISTIC, TRUMP_RANDOM, TRUMP_USER)

HEURISTIC_PARAMS = np.zeros(N_PLAY_PARAMS)
for _name, _v in HEURISTIC_DEFAULTS.items():
    HEURISTIC_PARAMS[HEURISTIC_SLOTS[_name]] = _v

ERR_TRUMP = ERR_GAME                       # err[E_HAND] = his three cards, err[E_LEGAL] = the choices open
ERR_KING = ERR_GAME + 1                    # the K♥ not played over the A♥ (over_ace; err[E_LED] = card led)

BIG = 1 << 20                              # the heuristics' preference tiers
SUIT_MASK = np.int64(0x1111111111111)      # the cards of spades (shift by the suit for the others)
#: contracts in which no card scores by itself (no tricks, the last two, positive deals)
CARDS_FREE = CARD_POINTS.sum(axis=1) == 0
#: per contract, the cards that score to their taker, most costly first (``N_DANGER`` of them)
N_DANGER = (CARD_POINTS > 0).sum(axis=1).astype(np.int64)
DANGER_ORDER = np.full((CARD_POINTS.shape[0], 64), -1, np.int64)
for _c in range(CARD_POINTS.shape[0]):
    _order = [x for x in np.argsort(-CARD_POINTS[_c], kind="stable") if CARD_POINTS[_c, x] > 0]
    DANGER_ORDER[_c, :len(_order)] = _order
#: per contract where only cards score (no points a trick, none for the last two), the cards that score (a
#: bitmask; 0 elsewhere): once they are all played the rest of the deal scores nothing, so a play-out stops there
SCORING_CARDS = np.zeros(CARD_POINTS.shape[0], np.int64)
for _c in range(CARD_POINTS.shape[0]):
    if PER_TRICK[_c] == 0 and LAST_TWO_POINTS[_c] == 0:
        for _x in np.flatnonzero(CARD_POINTS[_c] > 0):
            SCORING_CARDS[_c] |= np.int64(1) << np.int64(_x)


# -- scoring per trick, between tricks ------------------------------------------------------------
@njit(cache=True, inline="always")
def mask_score_nb(contract, mask, trick_no):
    """Points for taking trick ``trick_no`` (0-based) holding the cards of bitmask
    ``mask`` in ``contract`` (:func:`~simkit.games.king.scoring.trick_score_nb` on a set)."""
    s = PER_TRICK[contract]
    if trick_no >= TRICKS - 2:
        s += LAST_TWO_POINTS[contract]
    while mask:
        c = lowest_card_nb(mask)
        mask &= mask - 1
        s += CARD_POINTS[contract, c]
    return s


@njit(cache=True, inline="always")
def score_trick_nb(state):
    """After each trick: score it to its taker (the cards it added to ``S_PLAYED``); in a
    positive deal ban trumps to a leader other than the namer (002:44 «Ходить с козырной
    масти при наличии карт другой масти на руках имеет право только игрок, назначавший
    козыря»). Returns the contract."""
    c = state[S_CONTRACT]
    new = state[S_PLAYED] & ~state[S_PREV_PLAYED]
    state[S_PREV_PLAYED] = state[S_PLAYED]
    w = state[S_LEADER]
    state[S_PTS + w] += mask_score_nb(c, new, state[S_TRICK_NO] - 1)
    if c == PLUS:
        state[S_LEAD_BAN] = -1 if w == state[S_NAMER] else state[S_TRUMP]
    return c


@njit(cache=True, inline="always")
def between_tricks_nb(hands, state, opts, scratch, err):
    """After each trick: :func:`score_trick_nb`; in a negative deal under ``over_ace``,
    check that the K♥ fell on a heart lead once the A♥ was in the trick, from the hands
    before it (``scratch[H.before + seat]``, led by ``scratch[H.leader]``), and keep the
    hands and the leader for the next one.
    Returns False (``err`` filled) when it did not."""
    if score_trick_nb(state) != PLUS and opts[O.king_forced] != KING_FORCED.void \
            and (state[S_FOLLOW] & F_FORCED) != 0:
        if not over_ace_kept_nb(hands, state, scratch, err):
            return False
        for s in range(PLAYERS):
            scratch[H.before + s] = hands[s]
        scratch[H.leader] = state[S_LEADER]
    return True


@njit(cache=True)
def over_ace_kept_nb(hands, state, scratch, err):
    """Whether the trick just played kept ``king_forced=over_ace``: on a heart lead the
    holder of the K♥ played it if the A♥ came before his turn (else ``err`` is filled).
    ``scratch[H.before + seat]``: the hands before the trick, ``scratch[H.leader]``: its leader."""
    lead = scratch[H.leader]
    led = lowest_card_nb(scratch[H.before + lead] & ~hands[lead])
    if (led & 3) != HEARTS:
        return True
    ace_at = -1
    for k in range(PLAYERS):
        s = (lead + k) % PLAYERS
        before = scratch[H.before + s]
        played = before & ~hands[s]
        if (before >> KING) & 1 and ace_at >= 0 and not (played >> KING) & 1:
            game_err_nb(err, ERR_KING, s, lowest_card_nb(played), before, np.int64(1) << KING, state)
            err[E_TRICK] = state[S_TRICK_NO] - 1
            err[E_LED] = led
            return False
        if (played >> ACE) & 1:
            ace_at = k
    return True


@njit(cache=True)
def game_err_nb(err, kind, seat, move, hand, legal, state):
    """Fill ``err`` (the shared layout ``E_*``) for one of the game's own kinds of illegal
    move: ``legal`` is the K♥ (``ERR_KING``) or the choices open (``ERR_TRUMP``)."""
    err[E_KIND] = kind
    err[E_SEAT] = seat
    err[E_MOVE] = move
    err[E_HAND] = hand
    err[E_LEGAL] = legal
    err[E_DEAL] = state[S_DEAL_NO]
    err[E_TRUMP] = -1


@njit(cache=True, inline="always")
def after_trick_nb(hands, state, ctx, pst, err):
    """The engine's ``after_trick`` hook, with the context in the place of the options
    (:mod:`simkit.core.trick_play`, the hooks' context): :func:`between_tricks_nb` on
    ``ctx.opts`` and the scratch record ``ctx.scratch``, compiled into the engine's loop
    (:func:`~simkit.core.trick_play.play_tricks_inline_nb`; random deals of eralash
    +9 % against a call per trick)."""
    return between_tricks_nb(hands, state, ctx.opts, ctx.scratch, err)


# -- play policies -------------------------------------------------------------------------------
@njit(cache=True)
def narrow_nb(hand, legal, state, trick, n, opts):
    """The legal cards under ``king_forced=over_ace`` (:func:`king_over_ace_nb`), else ``legal``."""
    if opts[O.king_forced] != KING_FORCED.void and (state[S_FOLLOW] & F_FORCED) != 0:
        return king_over_ace_nb(hand, legal, trick, n)
    return legal


@njit(cache=True)
def unseen_higher_nb(card, hand, state, tt):
    """Cards of ``card``'s suit above it that the seat has not seen (not played, not held)."""
    return popcount_nb(higher_in_suit_nb(card, tt) & ~state[S_PLAYED] & ~hand)


@njit(cache=True)
def basic_negative_nb(hand, legal, state, trick, n, tt):
    """The ``basic`` policy (the default before the cost model) in a negative deal: shed danger cards and duck.

    A card's danger is what it scores to its taker (:data:`~.scoring.CARD_POINTS`); a
    trick is free when taking it costs nothing (no points per trick now, e.g. the first six
    tricks of «Двух последних взяток», and no danger card in it or to come). Leading: the
    highest card into a free trick, else the safe card with the most unseen cards above it
    (the least likely to win), the lowest of those. Following: on a free trick the danger
    cards go under the winner, else the highest card wins it (shedding high cards); else a
    card that does not win, the most dangerous then the highest of those; when every card
    wins, the highest safe one."""
    c = state[S_CONTRACT]
    base = PER_TRICK[c]
    if state[S_TRICK_NO] >= TRICKS - 2:
        base += LAST_TWO_POINTS[c]
    cards_free = CARDS_FREE[c]
    best = -1
    bv = -BIG * 8
    if n == 0:
        free = base == 0 and cards_free
        m = legal
        while m:
            x = lowest_card_nb(m)
            m &= m - 1
            p = tt[TT_POWER + x]
            if free:
                v = p
            else:
                v = -1000 * CARD_POINTS[c, x] + 10 * unseen_higher_nb(x, hand, state, tt) - p
            if v > bv:
                bv = v
                best = x
        return best
    taken = base
    for i in range(n):
        taken += CARD_POINTS[c, trick[i]]
    free = taken == 0 and (cards_free or n == PLAYERS - 1)
    win = beating_nb(legal, trick, n, tt)
    m = legal
    while m:
        x = lowest_card_nb(m)
        m &= m - 1
        p = tt[TT_POWER + x]
        d = CARD_POINTS[c, x]
        if (win >> x) & 1:
            v = (2 * BIG + p) if free and d == 0 else -1000 * d + p
        else:
            v = (3 * BIG if free and d > 0 else BIG) + 1000 * d + 10 * p
        if v > bv:
            bv = v
            best = x
    return best


@njit(cache=True)
def basic_positive_nb(hand, legal, state, trick, n, tt):
    """The ``basic`` policy in a positive deal: take tricks. Leading: a master card (no unseen
    card of its suit above it), trumps first while opponents may hold some; else the
    lowest card of the longest plain suit. Following: the lowest winning card when last
    or when trumping, the highest winning card otherwise; when nothing wins, the lowest."""
    if n == 0:
        trump = state[S_TRUMP]
        out_trumps = popcount_nb(tt[TT_SUIT_BITS + trump] & ~state[S_PLAYED] & ~hand) if trump >= 0 else 0
        best = -1
        bv = -BIG * 8
        m = legal
        while m:
            x = lowest_card_nb(m)
            m &= m - 1
            es = tt[TT_ESUIT + x]
            if unseen_higher_nb(x, hand, state, tt) == 0:
                v = 2 * BIG + (BIG if es == trump and out_trumps > 0 else 0) + tt[TT_POWER + x]
            else:
                v = 100 * popcount_nb(hand & tt[TT_SUIT_BITS + es]) - tt[TT_POWER + x] - (BIG if es == trump else 0)
            if v > bv:
                bv = v
                best = x
        return best
    win = beating_nb(legal, trick, n, tt)
    if win == 0:
        return weakest_nb(legal, tt)
    led = tt[TT_ESUIT + trick[0]]
    if n == PLAYERS - 1 or tt[TT_ESUIT + lowest_card_nb(win)] != led:
        return weakest_nb(win, tt)
    return strongest_nb(win, tt)


@njit(cache=True)
def basic_play_nb(hand, legal, state, trick, n, tt):
    """The ``basic`` card: :func:`basic_positive_nb` or :func:`basic_negative_nb`."""
    if state[S_CONTRACT] == PLUS:
        return basic_positive_nb(hand, legal, state, trick, n, tt)
    return basic_negative_nb(hand, legal, state, trick, n, tt)


# -- the heuristic: expected costs from the cards unseen -------------------------------------------
@njit(cache=True, inline="always")
def above_nb(card, tt):
    """The cards of ``card``'s suit above it (King's suits rank by code within a suit)."""
    return tt[TT_SUIT_BITS + (card & 3)] & ~((np.int64(2) << card) - 1)


@njit(cache=True, inline="always")
def below_nb(card, tt):
    """The cards of ``card``'s suit below it."""
    return tt[TT_SUIT_BITS + (card & 3)] & ((np.int64(1) << card) - 1)


@njit(cache=True)
def dump_nb(c, unseen, voids, j, s, holds, avail):
    """What opponent ``j``, void in suit ``s`` and holding ``holds`` of the ``avail``
    unseen cards he may hold, is expected to throw on a trick in contract ``c``: the most
    dangerous card he holds (the unseen danger cards by :data:`DANGER_ORDER`, each his with
    chance ``holds / avail``)."""
    if avail <= 0 or holds <= 0:
        return 0.0
    r = min(1.0, holds / avail)
    acc = 0.0
    miss = 1.0
    for i in range(N_DANGER[c]):
        x = DANGER_ORDER[c, i]
        if (unseen >> x) & 1 and (x & 3) != s and not (voids >> (j * 5 + (x & 3))) & 1:
            acc += CARD_POINTS[c, x] * r * miss
            miss *= 1.0 - r
    return acc


@njit(cache=True, inline="always")
def none_of_nb(avail, k, holds):
    """Chance that ``holds`` cards drawn from ``avail`` miss all ``k`` marked ones."""
    if holds > avail - k:
        return 0.0
    p = 1.0
    for i in range(holds):
        p *= (avail - k - i) / (avail - i)
    return p


@njit(cache=True)
def card_risk_nb(x, first, n_later, pos, tt, gam, phi, dumps):
    """For card ``x`` played now, or led (``first`` = 1, ``n_later`` = 3): the chance it
    takes the trick (no later opponent goes over it: each holds a higher unseen card and
    no lower one, the cards of the suit spread over the opponents who may hold it) and the
    points the later opponents are expected to add: a void one (known, or by chance) throws
    his most dangerous card (:func:`dump_nb`, times ``gam``), one following may put a
    danger card of the suit under it (times ``phi``). Also the points all of them would
    throw if void. ``pos``: the position (:func:`negative_context_nb`: the contract ``c``,
    the seat ``me``, the voids and the unseen cards, ``holds[j]``: the cards opponent ``j``
    holds, ``vmasks[j]``: the suits he has shown out of); ``dumps[j, s]`` caches
    :func:`dump_nb` for the decision (-1: not yet)."""
    c, me, voids, unseen, holds, vmasks = pos[0], pos[1], pos[2], pos[3], pos[4], pos[5]
    s = x & 3
    suit = tt[TT_SUIT_BITS + s]
    hi = popcount_nb(unseen & above_nb(x, tt))
    lo_mask = unseen & below_nb(x, tt)
    lo = popcount_nb(lo_mask)
    us = hi + lo
    d_below = 0.0
    if not CARDS_FREE[c]:
        m = lo_mask
        while m:
            y = lowest_card_nb(m)
            m &= m - 1
            d_below += CARD_POINTS[c, y]
    h_s = 0
    for o in range(first, first + n_later):
        j = (me + o) % PLAYERS
        if not (voids >> (j * 5 + s)) & 1:
            h_s += holds[j]
    p_win = 1.0
    add = 0.0
    dall = 0.0
    for o in range(first, first + n_later):
        j = (me + o) % PLAYERS
        h = holds[j]
        if h == 0:
            continue
        vmask = vmasks[j]
        dj = dumps[j, s]
        if dj < 0.0:
            dj = dump_nb(c, unseen, voids, j, s, h, popcount_nb(unseen & ~vmask & ~suit))
            dumps[j, s] = dj
        dall += dj
        if (voids >> (j * 5 + s)) & 1 or us == 0:
            add += gam * dj
            continue
        r = h / h_s if h_s > 0 else 0.0
        if hi > 0:
            p_win *= 1.0 - (1.0 - (1.0 - r) ** hi) * (1.0 - r) ** lo
        add += phi * r * d_below
        pv = none_of_nb(popcount_nb(unseen & ~vmask), us, h)
        if pv > 0.0:
            add += pv * gam * dj
    return p_win, add, dall


#: the shape terms of :func:`negative_values_nb`: ``SHAPE[contract, kind]`` by kind of play (0 a lead, 1 a throw
#: when void, 2 following suit), the weights of: the cards held in the suit, a singleton, a master (no unseen card
#: above it), the lowest unseen card of its suit, the unseen cards below it, the cards held below it, the cards held
#: above it, the unseen cards above it, the opponents known void in the suit; in points of a 16-point deal (times 6
#: in eralash), positive = more willing to play the card. Fitted (least regret, coordinate descent) to the values the
#: simulation gives every legal card (24 play-outs each) at the heuristic's own decisions: 300 deals of each negative
#: contract (seeds 5, then 7 with the fitted terms in play), checked on 200 others (seeds 6, 8); one set for all
#: contracts, and leads of their own where that was better on the deals kept out (no boys, no hearts, the last two).
_JOINT = [[-2.0, 1.75, -1.75, -0.75, 0.25, 1.5, 2.25, 0.0, 0.0],
          [-8.0, 4.5, 12.0, -13.0, 4.0, -4.0, 0.0, 0.0, 0.0],
          [0.0, 0.0, 0.0, -0.5, 0.0, 0.0, 0.0, 0.0, 0.0]]
SHAPE = np.zeros((N_CONTRACTS, 3, 9))
SHAPE[:PLUS] = _JOINT
SHAPE[NO_BOYS, 0] = [-1.5, 2.75, -3.0, -1.0, -0.25, 2.0, 1.75, 0.25, -0.75]
SHAPE[NO_HEARTS, 0] = [-2.0, 1.75, 0.25, -0.25, 0.75, 1.0, 2.25, 0.0, 1.0]
SHAPE[LAST_TWO, 0] = [-0.75, 4.0, -4.25, 0.0, 1.25, 0.75, 3.25, -1.0, -1.5]


@njit(cache=True)
def shape_nb(x, hand, unseen, voids, me, w):
    """The shape term of card ``x`` with the weights ``w`` (a row of :data:`SHAPE`): how
    much more the simulation likes to play it than the expected costs say (in points of a
    16-point deal). Every suit ranks by code, so no trick table is needed."""
    s = x & 3
    suit = SUIT_MASK << s
    up = suit & ~((np.int64(2) << x) - 1)
    down = suit & ((np.int64(1) << x) - 1)
    n_held = popcount_nb(hand & suit)
    n_void = 0
    for j in range(PLAYERS):
        if j != me and (voids >> (j * 5 + s)) & 1:
            n_void += 1
    return (w[0] * n_held + w[1] * (n_held == 1) + w[2] * ((unseen & up) == 0) + w[3] * ((unseen & down) == 0)
            + w[4] * popcount_nb(unseen & down) + w[5] * popcount_nb(hand & down) + w[6] * popcount_nb(hand & up)
            + w[7] * popcount_nb(unseen & up) + w[8] * n_void)


@njit(cache=True, inline="always")
def holds_of_nb(j, me, leader, n, k):
    """How many cards seat ``j`` holds with ``k`` tricks to play, ``n`` cards on the trick
    (none for ``me``: his own cards are known)."""
    if j == me:
        return 0
    pos = j - leader
    if pos < 0:
        pos += PLAYERS
    return k - 1 if pos < n else k


@njit(cache=True, inline="always")
def vmask_of_nb(voids, j, tt):
    """The cards of the suits seat ``j`` has shown out of."""
    v = 0
    for t in range(4):
        if (voids >> (j * 5 + t)) & 1:
            v |= tt[TT_SUIT_BITS + t]
    return v


@njit(cache=True, inline="always")
def negative_context_nb(hand, state, trick, n, tt):
    """What :func:`negative_card_value_nb` needs of the position, once a decision (a tuple:
    no array is allocated, so that the play-outs of the simulation allocate nothing but
    the ``dumps`` cache per decision)."""
    c = state[S_CONTRACT]
    me = state[S_SEAT]
    tn = state[S_TRICK_NO]
    leader = state[S_LEADER]
    voids = state[S_VOIDS]
    unseen = tt[TT_DECK] & ~state[S_PLAYED] & ~hand
    k = TRICKS - tn
    holds = (holds_of_nb(0, me, leader, n, k), holds_of_nb(1, me, leader, n, k), holds_of_nb(2, me, leader, n, k),
             holds_of_nb(3, me, leader, n, k))
    vmasks = (vmask_of_nb(voids, 0, tt), vmask_of_nb(voids, 1, tt), vmask_of_nb(voids, 2, tt),
              vmask_of_nb(voids, 3, tt))
    base_now = PER_TRICK[c] + (LAST_TWO_POINTS[c] if tn >= TRICKS - 2 else 0)
    rem = TRICKS - tn - 1
    base_fut = (PER_TRICK[c] * rem + LAST_TWO_POINTS[c] * min(2, rem)) / rem if rem > 0 else 0.0
    led = -1
    wp = -1
    pts = 0
    if n > 0:
        led = trick[0] & 3
        wp = tt[TT_POWER + trick[trick_winner_nb(trick, n, tt)]]
        for i in range(n):
            pts += CARD_POINTS[c, trick[i]]
    scale = DEAL_TOTAL[c] / 16.0
    return c, me, voids, unseen, holds, vmasks, base_now, rem, base_fut, led, wp, pts, scale


@njit(cache=True, inline="always")
def negative_card_value_nb(x, hand, n, tt, prm, pos, dumps):
    """The heuristic's value of card ``x`` (:func:`negative_values_nb`) in the position
    ``pos`` (:func:`negative_context_nb`)."""
    c, me, voids, unseen, holds, vmasks, base_now, rem, base_fut, led, wp, pts, scale = pos
    lam = prm[P_FUTURE]
    gam = prm[P_DUMP]
    phi = prm[P_UNDER]
    mu = prm[P_FUT_DUMP]
    d = CARD_POINTS[c, x]
    # led (now or later): the chance to take the trick, what the opponents throw on it, and if all were void
    pw_l, add_l, dall_l = card_risk_nb(x, 1, PLAYERS - 1, pos, tt, gam, phi, dumps)
    future = pw_l * (base_fut + d + mu * dall_l) if rem > 0 else 0.0
    if n == 0:
        v = pw_l * (base_now + d + add_l) - lam * future
        kind = 0
    elif (x & 3) == led and tt[TT_POWER + x] > wp:
        pw, add, _ = card_risk_nb(x, 1, PLAYERS - 1 - n, pos, tt, gam, phi, dumps)
        v = pw * (base_now + pts + d + add) - lam * future
        kind = 2
    else:
        v = -lam * future - 1e-3 * d - 1e-6 * tt[TT_POWER + x]
        kind = 2 if (x & 3) == led else 1
    return v - scale * prm[P_SHAPE_LEAD + kind] * shape_nb(x, hand, unseen, voids, me, SHAPE[c, kind])


@njit(cache=True)
def negative_values_nb(hand, legal, state, trick, n, tt, prm, cards, values):
    """The heuristic's value of each legal card in a negative deal (the least is played):
    fills ``cards`` and ``values`` (``prm`` = the play role's parameter row) and returns
    how many.

    ``value(x) = P(x takes this trick) * (points of the trick) - future * P(x takes a
    trick led later) * (points of a later trick) - shape(x)``. The chances come from the
    unseen cards (:func:`card_risk_nb`): a card under the winner takes nothing; a card over
    it, or led, takes the trick unless a later opponent goes over it. The points of the
    trick are the contract's per trick (the last two's in tricks 7 and 8), the danger
    cards on the table, ``x``'s own and what the later opponents are expected to add (a
    void one throws his most dangerous card, ``dump``; one following may put a danger card
    under ``x``, ``under``); a later trick costs the mean per-trick points of the tricks
    left, ``x``'s own and ``later_dump`` times what all three would throw if void.
    ``shape(x)`` (:func:`shape_nb`, times ``shape_lead``, ``shape_void`` or
    ``shape_follow``) is what the simulation's choices add to that: when void, a sure taker
    first, then the shortest suit, never the lowest unseen card of a suit; leads from short
    suits, not masters. So it ducks under the winner with its costliest card, plays the
    card most likely to be overtaken when every card goes over the winner, takes free
    tricks with its highest cards and keeps its low cards for the end."""
    pos = negative_context_nb(hand, state, trick, n, tt)
    dumps = np.full((PLAYERS, 4), -1.0)
    k_out = 0
    m = legal
    while m:
        x = lowest_card_nb(m)
        m &= m - 1
        cards[k_out] = x
        values[k_out] = negative_card_value_nb(x, hand, n, tt, prm, pos, dumps)
        k_out += 1
    return k_out


@njit(cache=True)
def negative_play_nb(hand, legal, state, trick, n, tt, prm):
    """The heuristic in a negative deal: the legal card of least value by
    :func:`negative_values_nb` (ties: the lowest code), without the arrays of values."""
    pos = negative_context_nb(hand, state, trick, n, tt)
    dumps = np.full((PLAYERS, 4), -1.0)
    best = -1
    bv = 1e18
    m = legal
    while m:
        x = lowest_card_nb(m)
        m &= m - 1
        v = negative_card_value_nb(x, hand, n, tt, prm, pos, dumps)
        if v < bv:
            bv = v
            best = x
    return best


@njit(cache=True)
def positive_play_nb(hand, legal, state, trick, n, tt, prm):
    """The heuristic in a positive deal: take tricks.

    Leading: from the longest suit (``length`` a card), a master card (no unseen card of
    its suit above it) counting ``cash`` more, a master trump while the opponents may
    still hold trumps ``draw`` more; a trump that is not a master counts 2 less while they
    may hold trumps, 4 less once they cannot (the namer keeps his trumps to ruff); then the
    lower card. Following: the lowest winning card when last or when trumping, the highest
    winning card otherwise; when nothing wins, a card from a plain singleton first (a void
    to ruff in), never a master or a trump while another card is held, the lowest."""
    trump = state[S_TRUMP]
    gone = state[S_PLAYED] | hand
    if n == 0:
        w_len = prm[P_LENGTH]
        w_cash = prm[P_CASH]
        w_draw = prm[P_DRAW]
        out_trumps = trump >= 0 and (tt[TT_SUIT_BITS + trump] & ~gone) != 0
        best = -1
        bv = -1e18
        m = legal
        while m:
            x = lowest_card_nb(m)
            m &= m - 1
            s = x & 3
            suit_held = hand & tt[TT_SUIT_BITS + s]
            master = (above_nb(x, tt) & ~gone) == 0
            v = w_len * popcount_nb(suit_held) + (w_cash if master else 0.0)
            if s == trump:
                if master and out_trumps:
                    v += w_draw
                v -= 2.0 if out_trumps else 4.0
            v -= 0.25 * (x >> 2)
            if (suit_held & below_nb(x, tt)) == 0:
                v -= 0.25
            if (hand & above_nb(x, tt)) != 0 and not master:
                v -= 0.25
            if v > bv:
                bv = v
                best = x
        return best
    win = beating_nb(legal, trick, n, tt)
    if win == 0:
        best = -1
        bv = -1e18
        m = legal
        while m:
            x = lowest_card_nb(m)
            m &= m - 1
            s = x & 3
            v = -0.1 * (x >> 2)
            if s == trump:
                v -= 10.0
            elif (above_nb(x, tt) & ~gone) == 0:
                v -= 2.0
            if popcount_nb(hand & tt[TT_SUIT_BITS + s]) == 1 and s != trump:
                v += 1.75
            if v > bv:
                bv = v
                best = x
        return best
    led = tt[TT_ESUIT + trick[0]]
    if n == PLAYERS - 1 or tt[TT_ESUIT + lowest_card_nb(win)] != led:
        return weakest_nb(win, tt)
    return strongest_nb(win, tt)


@njit(cache=True)
def heuristic_play_nb(hand, legal, state, trick, n, tt, prm):
    """The heuristic card: :func:`positive_play_nb` or :func:`negative_play_nb`, with the
    parameter row ``prm`` (slots ``P_*``)."""
    if state[S_CONTRACT] == PLUS:
        return positive_play_nb(hand, legal, state, trick, n, tt, prm)
    return negative_play_nb(hand, legal, state, trick, n, tt, prm)


@njit(cache=True)
def key_stream_nb(state):
    """A policy random stream from the state's key ``S_RNG`` (drawn from the unit's policy
    stream at each deal), the key moved on so that the next decision draws afresh."""
    rs = np.zeros(4, np.uint64)
    seed_stream_nb(rs, state[S_RNG], 0)
    state[S_RNG] = np.int64(next_u64_nb(rs) >> np.uint64(1))
    return rs


@njit(cache=True, inline="always")
def own_legal_nb(hand, trick, n, state, tt, opts):
    """The cards the game's own policies choose from: the engine's legal set (the follow
    rule, the positive deals' lead ban ``S_LEAD_BAN``) narrowed by :func:`narrow_nb`; the
    ``legal_fn`` of the play-outs (:func:`simkit.core.rollout.play_trick_nb`)."""
    return narrow_nb(hand, legal_nb(hand, trick, n, tt, state[S_FOLLOW], state[S_LEAD_BAN], 0), state, trick, n, opts)


@njit(cache=True, inline="always")
def heuristic_card_nb(seat, hand, legal, state, trick, tt, opts):
    """:func:`heuristic_play_nb` at its default parameters (:data:`HEURISTIC_PARAMS`) in the
    ``heuristic_fn`` form of :mod:`simkit.core.rollout`."""
    return heuristic_play_nb(hand, legal, state, trick, state[S_N_IN_TRICK], tt, HEURISTIC_PARAMS)


@njit(cache=True)
def rollout_nb(hands, state, tables, opts, err):
    """Play the deal in ``state`` out from where it stands (mid-trick too, the trick maybe
    full), every seat by the heuristic at its defaults, under the same rules as the engine (the legal
    cards, the positive deals' lead ban, the over_ace rule: :func:`own_legal_nb`) and
    scoring (``S_PTS``, :func:`score_trick_nb` after each trick; no over_ace check:
    every card played here is narrowed already). It stops once every card that scores in
    the contract is played and nothing else scores (:data:`SCORING_CARDS`): the points
    are those the whole play-out would give, the rest of the deal left unplayed."""
    hands, state, tables, opts, err = borrowed((hands, state, tables, opts, err))  # held by the caller: no counting
    tt = tables[state[S_TABLE]]
    trick = trick_view_nb(state)
    stop = SCORING_CARDS[state[S_CONTRACT]]
    while state[S_TRICK_NO] < TRICKS:
        play_trick_nb(hands, state, trick, tt, opts, own_legal_nb, heuristic_card_nb)
        close_trick_nb(state, trick, tt)
        score_trick_nb(state)
        if stop != 0 and (state[S_PLAYED] & stop) == stop:         # every scoring card scored
            break


@njit(cache=True, inline="always")
def sample_nb(seat, hand, state, sampled, ctx):
    """One deal of the unseen cards consistent with what ``seat`` has seen
    (:func:`~simkit.core.tricks.deal_unseen_nb`); ``ctx`` = (tables, opts, err, stream, sign)."""
    tables, _, _, rs, _ = ctx
    deal_unseen_nb(seat, hand, state, tables[state[S_TABLE]], sampled, rs)


@njit(cache=True, inline="always")
def rollout_value_nb(seat, hands, state, ctx):
    """The deal played out (:func:`rollout_nb`) and ``seat``'s points in it, negated in a
    negative deal (``sign``)."""
    tables, opts, err, _, sign = ctx
    rollout_nb(hands, state, tables, opts, err)
    return sign * state[S_PTS + seat]


@njit(cache=True)
def simulation_play_nb(seat, hand, legal, state, tables, opts, samples):
    """The simulation policy: deal the unseen cards ``samples`` times consistently with
    what ``seat`` has seen (:func:`sample_nb`), play each legal card on every sample and
    the deal out by the heuristic at its defaults (:func:`rollout_nb`); play the card with the least
    total penalty (negative deals) or the most points (positive deals), ties: the
    heuristic's card first, then the lowest code
    (:func:`~simkit.core.rollout.best_by_rollouts_nb`)."""
    rs = key_stream_nb(state)
    sign = 1 if state[S_CONTRACT] == PLUS else -1
    first = heuristic_play_nb(hand, legal, state, trick_view_nb(state), state[S_N_IN_TRICK], tables[state[S_TABLE]],
                              HEURISTIC_PARAMS)
    return best_by_rollouts_nb(seat, hand, legal, state, first, samples, (tables, opts, np.zeros(N_ERR, np.int64), rs,
                                                                          sign), sample_nb, rollout_value_nb)


@njit(cache=True)
def choose_play_nb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policies: the heuristic, the simulation and (under over_ace)
    random play from the narrowed legal set."""
    n = state[S_N_IN_TRICK]
    legal = narrow_nb(hand, legal, state, trick, n, opts)
    if legal & (legal - 1) == 0:
        return lowest_card_nb(legal)
    if code == PLAY_HEURISTIC:
        return heuristic_play_nb(hand, legal, state, trick, n, tt, params[seat])
    if code == PLAY_BASIC:
        return basic_play_nb(hand, legal, state, trick, n, tt)
    if code == PLAY_SIMULATION:
        samples = max(1, np.int64(params[seat, P_SAMPLES]))
        return simulation_play_nb(seat, hand, legal, state, TABLES, opts, samples)
    return random_card_nb(legal, key_stream_nb(state))


@njit(cache=True, inline="always")
def choose_nb(code, seat, hand, legal, state, trick, tt, params, ctx):
    """The engine's ``choose`` hook, with the context in the place of the options
    (:mod:`simkit.core.trick_play`, the hooks' context): :func:`choose_play_nb` on
    ``ctx.opts``. The deals pass it to the engine directly."""
    return choose_play_nb(code, seat, hand, legal, state, trick, tt, params, ctx.opts)


# -- naming trump ----------------------------------------------------------------------------------
@njit(cache=True)
def trump_options_nb(three, among_three):
    """Bitmask of the choices open to the namer holding ``three``: bits 0..3 the suits
    (any suit, or with ``among_three`` only those of his three cards), bit 4 «По последней»."""
    if not among_three:
        return 31
    out = 16
    m = three
    while m:
        out |= 1 << (lowest_card_nb(m) & 3)
        m &= m - 1
    return out


@njit(cache=True)
def heuristic_trump_nb(three, last_below):
    """Name the suit with the most of the three cards (ties: the one holding the highest
    card); say «По последней» when that suit has fewer than ``last_below`` of them (the last
    card's suit is size-biased: the namer's expected trumps are higher than for a suit of
    which he sees one card)."""
    count = np.zeros(4, np.int64)
    top = np.full(4, -1, np.int64)
    m = three
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        count[c & 3] += 1
        top[c & 3] = max(top[c & 3], c >> 2)
    best = 0
    for s in range(1, 4):
        if count[s] > count[best] or (count[s] == count[best] and top[s] > top[best]):
            best = s
    return BY_THE_LAST if count[best] < last_below else best


@njit(cache=True, inline="always")     # once per positive deal: inlined
def name_trump_nb(ctx, fns, namer, three):
    """The choice of the namer holding ``three`` (0..3 a suit, 4 «По последней») by his
    trump policy (the user's: ``fns[3]``), checked against :func:`trump_options_nb`; -1
    with ``ctx.err`` filled when it is not allowed."""
    state, opts, seats = ctx.state, ctx.opts, ctx.seats
    code = seats.code[R_TRUMP, namer]
    options = trump_options_nb(three, opts[O.trump_choice] == TRUMP_CHOICE.among_three)
    state[S_SEAT] = namer
    if code == TRUMP_RANDOM:
        k = randbelow_nb(ctx.pst, popcount_nb(options))
        m = options
        for _ in range(k):
            m &= m - 1
        choice = lowest_card_nb(m)
    elif code == TRUMP_HEURISTIC:
        choice = heuristic_trump_nb(three, np.int64(seats.params[R_TRUMP, namer, P_LAST_BELOW]))
        if not (options >> choice) & 1:
            choice = BY_THE_LAST
    else:
        choice = fns[3](three, state, seats.params[R_TRUMP, namer])
    if choice < 0 or choice > BY_THE_LAST or not (options >> choice) & 1:
        game_err_nb(ctx.err, ERR_TRUMP, namer, choice, three, options, state)
        return -1
    return choice


# -- a deal ----------------------------------------------------------------------------------------
@njit(cache=True)
def deal_hands_nb(order, contract, dealer, hands):
    """Deal the 32 cards of ``order`` into ``hands`` (see the module doc): one at a time
    from the dealer's left in a negative deal; three to the namer, three to each other
    seat, then one at a time from the namer in a positive one. Returns the namer (the
    dealer's left) or -1."""
    if contract != PLUS:
        deal_round_nb(order, PLAYERS, TRICKS, dealer, hands)
        return -1
    namer = (dealer + 1) % PLAYERS
    for p in range(MAX_SEATS):
        hands[p] = 0
    for i in range(PLAYERS * TRICKS):
        if i < 3:
            s = namer
        elif i < 12:
            s = (namer + 1 + (i - 3) // 3) % PLAYERS
        else:
            s = (namer + i - 12) % PLAYERS
        hands[s] |= np.int64(1) << np.int64(order[i])
    return namer


@njit(cache=True, inline="always")     # once per deal: inlined
def play_deal_nb(ctx, fns, order, contract, dealer, deal_no, audit):
    """One deal of ``contract`` from the card order ``order``: deal, name trump in a
    positive deal (the namer sees his three cards, :func:`name_trump_nb`; «По последней»:
    the suit of ``order[28]``), play (:func:`~simkit.core.trick_play.play_tricks_inline_nb`,
    the loop compiled into the deal, its hooks :func:`choose_nb` and :func:`after_trick_nb`
    direct calls that get the context), score per trick. Leaves the points in ``ctx.state[S_PTS:]`` and the tricks
    in ``ctx.state[S_WON:]``; returns False on an illegal move (``ctx.err`` filled). Audit: the 32 cards dealt eight a seat, all played, eight tricks,
    and the points totalling :data:`~.scoring.DEAL_TOTAL` (16, eralash 96, positive 24)."""
    state, hands, tables, audit_out, scratch = ctx.state, ctx.hands, ctx.tables, ctx.audit_out, ctx.scratch
    namer = deal_hands_nb(order, contract, dealer, hands)
    leader = (dealer + 1) % PLAYERS          # the eldest leads; in a positive deal he is the namer
    start_deal_nb(state, tables, NO_TRUMP, PLAYERS, TRICKS, dealer, leader, -1, deal_no)
    state[S_CONTRACT] = contract
    state[S_NAMER] = namer
    state[S_CHOICE] = -1
    state[S_RNG] = np.int64(next_u64_nb(ctx.pst) >> np.uint64(1))
    if contract == PLUS:
        three = (np.int64(1) << np.int64(order[0])) | (np.int64(1) << np.int64(order[1])) \
            | (np.int64(1) << np.int64(order[2]))
        choice = name_trump_nb(ctx, fns, namer, three)
        if choice < 0:
            return False
        t = np.int64(order[28]) & 3 if choice == BY_THE_LAST else choice
        state[S_CHOICE] = choice
        state[S_TABLE] = t
        state[S_TRUMP] = t
        state[S_SEAT] = leader
    state[S_FOLLOW] = FOLLOW[contract]
    state[S_LEAD_BAN] = LEAD_BAN[contract]
    state[S_BREAK] = BREAK_NEVER
    state[S_PREV_PLAYED] = 0
    scratch[H.leader] = leader
    for s in range(PLAYERS):
        state[S_PTS + s] = 0
        scratch[H.before + s] = hands[s]
    if audit:
        audit_out[0] += 1
        union = 0
        for s in range(PLAYERS):
            union |= hands[s]
            if popcount_nb(hands[s]) != TRICKS:
                audit_out[1] += 1
        if union != tables[NO_TRUMP, TT_DECK]:
            audit_out[1] += 1
    # «не брать взяток» scores 2 a trick: from the tricks won, without the hook (a third of a random deal's time)
    between = np.bool_(contract != NO_TRICKS)
    if not play_tricks_inline_nb(choose_nb, after_trick_nb, between, hands, state, tables, ctx, ctx.seats, fns[2],
                                 ctx.pst, audit, audit_out, ctx.err):
        return False
    if not between:
        for s in range(PLAYERS):
            state[S_PTS + s] = PER_TRICK[contract] * state[S_WON + s]
    if audit:
        audit_out[0] += 1
        total = 0
        won = 0
        left = 0
        for s in range(PLAYERS):
            total += state[S_PTS + s]
            won += state[S_WON + s]
            left |= hands[s]
        if (total != DEAL_TOTAL[contract] or won != TRICKS or left != 0
                or state[S_PLAYED] != tables[NO_TRUMP, TT_DECK]):
            audit_out[1] += 1
    return True


@njit(cache=True)
def naming_kind_nb(order, choice):
    """0: the namer named a suit among his three cards, 1: another suit, 2: «По последней»."""
    if choice == BY_THE_LAST:
        return 2
    for i in range(3):
        if (np.int64(order[i]) & 3) == choice:
            return 0
    return 1


@njit(cache=True)
def namer_trumps_nb(order, trump):
    """Trumps in the namer's eight cards (order positions 0-2, 12, 16, 20, 24, 28)."""
    k = 0
    for i in range(PLAYERS * TRICKS):
        if (i < 3 or (i >= 12 and (i - 12) % PLAYERS == 0)) and (np.int64(order[i]) & 3) == trump:
            k += 1
    return k


# -- a unit: a whole party or one deal ---------------------------------------------------------------
#: the statistics (``stats.<name>``; shapes in :meth:`King._new_stats`): ``points[contract, seat, p]`` and
#: ``by_position[contract, position, p]`` count the points ``p`` (penalty or positive) each seat took in
#: a deal (position 0 = the dealer's left: the leader, the namer of a positive deal; 3 = the dealer);
#: ``tricks[contract, seat, t]``; ``naming[kind, trumps, tricks]`` = positive deals by the namer's
#: choice (:func:`naming_kind_nb`), his trumps and his tricks; ``counters`` = [deals, units]. Whole
#: parties only: ``net[seat]`` and ``win[seat]`` (win share x 12) moments, ``group_mom`` rows g and
#: G+g = the policy group's summed win shares and net scores, ``net_hist[seat, net + 192]``.
KingStats, STATS_TYPE = bundle("KingStats", {
    "points": 3, "by_position": 3, "tricks": 3, "naming": 3, "counters": 1, "net": 2, "win": 2, "group_mom": 2,
    "net_hist": 2})


@njit(cache=True)
def score_party_nb(net, group, stats, gx, audit, audit_out):
    """The party's result: the highest net score wins (ties share the win)."""
    best = net[0]
    for s in range(1, PLAYERS):
        best = max(best, net[s])
    tied = 0
    total = 0
    for s in range(PLAYERS):
        tied += net[s] == best
        total += net[s]
    n_groups = gx.shape[0] // 2
    for g in range(2 * n_groups):
        gx[g] = 0
    for s in range(PLAYERS):
        share = WIN_SCALE // tied if net[s] == best else 0
        moment_add_nb(stats.net, s, net[s])
        moment_add_nb(stats.win, s, share)
        stats.net_hist[s, net[s] + MAX_NET] += 1
        gx[group[s]] += share
        gx[n_groups + group[s]] += net[s]
    for g in range(2 * n_groups):
        moment_add_nb(stats.group_mom, g, gx[g])
    if audit:                                # zero-sum: 192 penalty points against 192 positive ones
        audit_out[0] += 1
        if total != 0:
            audit_out[1] += 1


#: the kernel context (:func:`~simkit.core.trick_game.context`): the engine's fields and ``net`` (the party's net
#: scores per seat), ``gx`` (per policy group: win shares, then net scores), ``scratch`` (the hooks' record, :data:`H`)
KingCtx = context("KingCtx", ("net", "gx"), scratch=H)


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a
    whole party (seven negative deals, then eight positive ones, the deal passing left)
    or, with ``unit=deal``, one deal of ``opts[O.contract]`` dealt by ``first_dealer``.
    The deals call the hooks :func:`choose_nb` and :func:`after_trick_nb` directly; the
    ``cfunc`` slots of ``fns`` are placeholders. False on an illegal move."""
    opts, stats, state, deck, net = ctx.opts, ctx.stats, ctx.state, ctx.deck, ctx.net
    single = opts[O.unit] == UNIT.deal
    points, by_position, tricks, naming, counters = (stats.points, stats.by_position, stats.tricks, stats.naming,
                                                     stats.counters)
    n_deals = 1 if single else PARTY_DEALS
    for s in range(PLAYERS):
        net[s] = 0
    for k in range(n_deals):
        poll_interrupt_nb()
        contract = opts[O.contract] - FIRST_CONTRACT if single else min(k, PLUS)
        dealer = (opts[O.first_dealer] + k) % PLAYERS
        shuffle_top_nb(deck, PLAYERS * TRICKS - 1, ctx.dst)
        for s in range(PLAYERS):
            state[S_SCORE + s] = net[s]
        if not play_deal_nb(ctx, fns, deck, contract, dealer, k + 1, audit):
            return False
        sign = 1 if contract == PLUS else -1
        for s in range(PLAYERS):
            p = state[S_PTS + s]
            points[contract, s, p] += 1
            pos = s - dealer - 1
            by_position[contract, pos + PLAYERS if pos < 0 else pos, p] += 1
            tricks[contract, s, state[S_WON + s]] += 1
            net[s] += sign * p
        if contract == PLUS:
            naming[naming_kind_nb(deck, state[S_CHOICE]), namer_trumps_nb(deck, state[S_TRUMP]),
                   state[S_WON + state[S_NAMER]]] += 1
        counters[0] += 1
    counters[1] += 1
    if not single:
        score_party_nb(net, ctx.seats.group, stats, ctx.gx, audit, ctx.audit_out)
    return True


run_units_nb = unit_loop(unit_nb)


@njit(chunk_signature(STATS_TYPE, PLAY_FN, BID_FN), cache=True)
def king_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` into ``stats`` (:data:`KingStats`) with the unit hook
    :func:`unit_nb` (``inp.opts``: the layout :data:`O`; ``fns`` = ``(choose, after_trick,
    play, trump)``: the placeholders :func:`~simkit.core.trick_play.no_choose_cb` and
    :func:`~simkit.core.trick_play.no_after_trick_cb`, the user's play function and the
    trump policy's, typed as a bid)."""
    ctx = KingCtx(*(trick_core_nb(inp, stats) + (np.zeros(PLAYERS, np.int64),
                                                 np.zeros(stats.group_mom.shape[0], np.int64),
                                                 np.zeros(H.size, np.int64))))
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.boolean(types.uint8[::1], INPUTS_TYPE, fns_type(PLAY_FN, BID_FN), types.int64, types.int64, types.int64,
                    types.int64[::1], types.int64[::1]), cache=True)
def one_deal_nb(order, inp, fns, contract, dealer, seed, state, hands):
    """One deal of ``contract`` dealt from the fixed card order ``order`` (what the chunk
    kernel does after shuffling; for tests and users), audited into ``inp.audit_out``,
    policy randomness from unit 0's policy stream of ``seed``. ``state`` is filled and
    ``hands`` receives the hands as dealt; returns False on an illegal move (``inp.err``
    filled)."""
    ctx = KingCtx(*(deal_core_nb(inp, order, seed, state) + (np.zeros(PLAYERS, np.int64), np.zeros(1, np.int64),
                                                             np.zeros(H.size, np.int64))))
    ok = play_deal_nb(ctx, fns, order, contract, dealer, 1, np.bool_(True))
    deal_hands_nb(order, contract, dealer, hands)
    return ok
