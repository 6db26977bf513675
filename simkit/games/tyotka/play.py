"""Tyotka's built-in play policies (numba): its own heuristic, rules
(:func:`tyotka_play_nb`; alone the ``rules`` baseline) with a look-ahead at the decisions of
the last tricks (:func:`look_play_nb`: its own bitmask play-out :func:`fast_playout_nb` and
sampler :func:`sample_hidden_nb`), the shared simulation player, and the shared ducking heuristic kept
as the ``basic`` baseline (:func:`~simkit.games.penalty_tricks.avoid_play_nb`, Tyotka's
default before the rules), dispatched by :func:`tyotka_choose_cb`, the ``choose`` hook
Tyotka's kernels receive (Polignac keeps its own hook, :mod:`simkit.games.polignac.play`).

The simulation player (``simulation``) is the shared one, unchanged: it plays its samples
out with the ``basic`` heuristic at every seat, so its play is bit for bit what it was.
The look-ahead draws from its own stream (the deal's key mixed with :data:`LOOK_SALT` and
the cards played) and leaves the deal's key alone, so a simulation seat draws as before.
"""
from __future__ import annotations

from collections import namedtuple

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from simkit.core.borrow import borrowed
from simkit.core.jit import cfunc
from simkit.core.rng import load_state_nb, randbelow_s, seed_stream_nb, store_state_nb
from simkit.core.trick_play import CHOOSE_SIG
from simkit.core.tricks import (MAX_SEATS, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_PLAYERS, S_SIZE, S_TRICK,
                                S_TRICK_NO, S_TRICKS, S_VOIDS, S_WON, TT_DECK, TT_ESUIT, TT_SUIT_BITS, beating_nb,
                                strongest_nb)
from simkit.games.penalty_tricks import (O_MOST, O_TRICK_VALUE, P_SAMPLES, PLAY_HEURISTIC, PLAY_SIMULATION, S_HOT,
                                         S_HOT_TRICK, S_LOG, S_PEN, S_RNG, avoid_play_nb, card_penalty_nb,
                                         simulation_play_nb)
from simkit.games.tyotka.scoring import QUEENS

from simkit.games.tyotka.codes import (N_PLAY_PARAMS, P_COUNT, P_DEPTH, P_GAP, P_HIGH, P_KINDS,  # noqa: E402,F401
                                      P_LAST, P_LEAD, P_MODEL, P_PROBE, P_SAVE, P_SHED, P_TAKE, P_TIE, P_TOPS,
                                      PLAY_BASIC)
#: ``gap``'s value that never drops a card (a deal costs a seat at most 8 points)
NO_GAP = 64
#: the 52-card deck and its suits as bitmasks (Tyotka's table: card code = 4 x rank + suit)
DECK52 = np.int64((1 << 52) - 1)
SUIT52 = np.array([sum(1 << (4 * r + s) for r in range(13)) for s in range(4)], np.int64)
#: the look-ahead's stream: the deal's key mixed with this salt (the key itself is not advanced)
LOOK_SALT = np.int64(0x5DEECE66D)

#: the heuristic's integer parameters, by name (:func:`heuristic_params_nb`): its rules' ``take``, ``high``,
#: ``save``, ``lead``, ``shed`` (:func:`tyotka_play_nb`) and the look-ahead's play-out ``model``
#: (:func:`fast_playout_nb`)
TyotkaParams = namedtuple("TyotkaParams", "take high save lead shed model")
#: where a play-out starts (:func:`fast_playout_nb`): trick ``k`` (0-based) led by ``leader`` holds ``n``
#: cards, ``played`` the cards played so far, ``most`` the most-tricks count of the tricks before
#: (:func:`most_count_nb`); and where it stops: before trick ``end`` (the deal's number of tricks: at its end),
#: or as soon as the seat's penalties and tricks so far cost more than ``cap`` (:data:`NO_CAP`: never)
TyotkaPosition = namedtuple("TyotkaPosition", "leader n k played most end cap")
#: ``cap``'s value that never stops a play-out
NO_CAP = np.int64(1) << 40
#: the look-ahead's decision and scratch (:func:`look_cards_nb`): ``seat`` to play from ``hand`` at the table
#: ``state`` (its trick ``trick``), the trick table ``tt``, the options ``opts``, the model's parameters
#: ``hp`` (:data:`TyotkaParams`); the candidate ``cards`` and their totals ``value``, a sampled deal
#: ``sampled``, the play-out's hands ``hands``, state ``st`` (``state`` itself for the ``basic`` model,
#: which only reads it; a copy for the rules, which write into it) and trick ``tr``, the stream ``rng``
TyotkaLook = namedtuple("TyotkaLook", "seat hand state trick tt opts hp cards value sampled hands st tr rng")


@intrinsic
def _bits_nb(typingctx, op, m):
    """LLVM's bit counts on an int64: ``op`` 0 trailing zeros (``cttz``), 1 leading zeros
    (``ctlz``), 2 set bits (``ctpop``); one instruction each where the machine has it."""
    if not isinstance(op, types.IntegerLiteral):
        return None
    which = op.literal_value

    def codegen(context, builder, sig, args):
        x = args[1]
        if which == 0:
            return builder.cttz(x, ir.Constant(ir.IntType(1), 0))
        if which == 1:
            return builder.ctlz(x, ir.Constant(ir.IntType(1), 0))
        return builder.ctpop(x)
    return types.int64(op, types.int64), codegen


@njit(cache=True, inline="always")
def lowest_card_nb(m):
    """The lowest card code in non-empty bitmask ``m``: the shared
    :func:`~simkit.core.tricks.lowest_card_nb` (the same value) as one bit scan."""
    return _bits_nb(0, m)


@njit(cache=True, inline="always")
def popcount_nb(m):
    """Number of cards in bitmask ``m``: the shared :func:`~simkit.core.tricks.popcount_nb`
    (the same value) as one instruction."""
    return _bits_nb(2, m)


@njit(cache=True, inline="always")
def heuristic_params_nb(p):
    """The heuristic's integer parameters (:data:`TyotkaParams`) from a seat's parameter
    row ``p`` (the slots ``P_*``)."""
    return TyotkaParams(np.int64(p[P_TAKE]), np.int64(p[P_HIGH]), np.int64(p[P_SAVE]), np.int64(p[P_LEAD]),
                        np.int64(p[P_SHED]), np.int64(p[P_MODEL]))


@njit(cache=True, inline="always")
def above_nb(c):
    """The cards of ``c``'s suit above it (Tyotka's table: code = 4 x rank + suit; the
    shared :func:`~simkit.core.tricks.higher_in_suit_nb` on a bitmask)."""
    return SUIT52[c & 3] & ~((np.int64(2) << c) - 1)


@njit(cache=True)
def sure_losers_nb(legal, unseen, tt):
    """The cards of ``legal`` that cannot win the trick they lead: no unseen card of the
    suit is below, and one is above (its holder, with nothing lower, must play over)."""
    out = np.int64(0)
    m = legal
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        above = above_nb(c) & unseen
        if above and SUIT52[c & 3] & unseen & ~above == 0:
            out |= np.int64(1) << c
    return out


@njit(cache=True)
def shed_nb(hand, legal, unseen, opts, hot, tt):
    """The card to throw when void in the suit led: a queen or the photograph first (the
    costliest, as basic), then a sure taker (no unseen card of its suit above it, one
    below), then the card with the most unseen cards of its suit below it (the likeliest
    to take a trick later), from the shortest suit on a tie."""
    best = -1
    bk = -(np.int64(1) << 50)
    m = legal
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        suit = SUIT52[c & 3]
        above = above_nb(c) & unseen
        below = popcount_nb(suit & unseen & ~above)
        key = card_penalty_nb(c, opts, hot) * (np.int64(1) << 24) + below * 64 - 2 * popcount_nb(hand & suit)
        if above == 0 and below > 0:
            key += 1 << 20
        if key > bk:
            bk = key
            best = c
    return best


@njit(cache=True)
def tyotka_play_nb(seat, hand, legal, state, trick, tt, opts, hp):
    """Tyotka's heuristic (its parameters ``hp``, :data:`TyotkaParams`; ``model`` unused
    here): the basic ducking play
    (:func:`~simkit.games.penalty_tricks.avoid_play_nb`: lead the card most likely to lose,
    duck with the highest losing card, shed queens, the photograph and high cards when
    void; its choices computed on bitmasks, :func:`fast_basic_nb`) with three rules of its
    own. The look-ahead (:func:`look_play_nb`) is on top, in :func:`tyotka_choose_nb`.

    *Take early clean tricks*: the last to play to a clean trick (no queen, no photograph,
    not the counting trick) in the deal's first ``take`` tricks takes it with his highest
    card of the suit led when that card is of rank ``high`` or more (0 = a 2, 12 = an ace):
    early every seat still holds the suit, so the trick stays clean, and the card shed is
    one that would take a queen or the counting trick later (``take`` = 0: never).

    *Keep a sure loser for the counting trick*: before the counting trick, when the basic
    lead is a sure loser (:func:`sure_losers_nb`: nobody can duck under it) and the hand
    holds at most ``save`` of them, lead instead the card that is not a sure loser with the
    most unseen cards of its suit above it (at least ``lead``; a card without penalty first,
    the weakest on a tie, as the basic lead); none such: the basic lead (``save`` = 0:
    never). A sure loser led to the counting trick loses it for certain.

    *Throw the likeliest taker when void* (``shed``): a queen or the photograph first, as
    basic, then a sure taker, then the card with the most unseen cards of its suit below
    it (:func:`shed_nb`), where basic throws its highest card (``shed`` = 0: as basic)."""
    take, high, save, lead, shed = hp.take, hp.high, hp.save, hp.lead, hp.shed
    n = state[S_N_IN_TRICK]
    k = state[S_TRICK_NO]
    if n == 0:
        first = basic_card_nb(hand, legal, state, trick, opts)
        if save and k < state[S_HOT_TRICK]:
            unseen = tt[TT_DECK] & ~state[S_PLAYED] & ~hand
            sure = sure_losers_nb(legal, unseen, tt)
            if (sure >> first) & 1 and popcount_nb(sure) <= save:
                hot = state[S_HOT]
                best = -1
                bk = -(np.int64(1) << 40)
                m = legal & ~sure
                while m:
                    c = lowest_card_nb(m)
                    m &= m - 1
                    above = popcount_nb(above_nb(c) & unseen)
                    key = -card_penalty_nb(c, opts, hot) * (1 << 20) + above * 1024 - (c >> 2)
                    if above >= lead and key > bk:
                        bk = key
                        best = c
                if best >= 0:
                    return best
        return first
    if shed and legal & tt[TT_SUIT_BITS + tt[TT_ESUIT + trick[0]]] == 0:
        return shed_nb(hand, legal, tt[TT_DECK] & ~state[S_PLAYED] & ~hand, opts, state[S_HOT], tt)
    if n == state[S_PLAYERS] - 1 and k < take and k != state[S_HOT_TRICK]:
        win = beating_nb(legal, trick, n, tt)
        if win:
            hot = state[S_HOT]
            top = strongest_nb(win, tt)
            clean = card_penalty_nb(top, opts, hot) == 0 and (top >> 2) >= high
            for i in range(n):
                if card_penalty_nb(trick[i], opts, hot) != 0:
                    clean = False
            if clean:
                return top
    return basic_card_nb(hand, legal, state, trick, opts)


# -- the look-ahead -------------------------------------------------------------------------------
@njit(cache=True)
def probed_nb(state, legal, trick, tt, last, count, kinds):
    """Whether the heuristic looks ahead at this decision: a real choice, and the deal's
    last ``last`` tricks, or the counting trick and the ``count`` - 1 tricks before it
    (``count`` = 0: not for the counting trick)."""
    if legal & (legal - 1) == 0:
        return False
    k = state[S_TRICK_NO]
    h = state[S_HOT_TRICK]
    if k < state[S_TRICKS] - last and not (count > 0 and h - count < k <= h):
        return False
    n = state[S_N_IN_TRICK]
    if n == 0:
        kind = 1
    elif legal & tt[TT_SUIT_BITS + tt[TT_ESUIT + trick[0]]] == 0:
        kind = 8
    elif kinds & 6 == 6:
        return True                     # both kinds of follow: no need to tell them apart
    else:
        win = beating_nb(legal, trick, n, tt)
        kind = 2 if win != 0 and win != legal else 4
    return kinds & kind != 0


@njit(cache=True)
def distinct_cards_nb(legal, unseen, first, opts, hot, tt):
    """The cards of ``legal`` that play differently: of cards of one suit with no unseen
    card between them only one is kept (``first`` where it is one of them, else the
    lowest), cards with a penalty (a queen, the photograph) always."""
    out = np.int64(0)
    m = legal
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        if card_penalty_nb(c, opts, hot) != 0 or c == first:
            out |= np.int64(1) << c
            continue
        # c is dropped when a kept card of its run exists: the run = legal cards of the
        # suit reachable from c through cards that are not unseen
        suit = tt[TT_SUIT_BITS + tt[TT_ESUIT + c]]
        keep = True
        # walk down from c to the next unseen card or the suit's end
        d = c - 4
        while d >= 0 and (suit >> d) & 1:
            if (unseen >> d) & 1:
                break
            if (legal >> d) & 1 and card_penalty_nb(d, opts, hot) == 0:
                keep = False       # a lower card of the run (kept or dropped for a still lower one)
                break
            d -= 4
        if keep:
            # the run's cards above c: dropped in favour of first only when first is in it
            u = c + 4
            while u < 64 and (suit >> u) & 1:
                if (unseen >> u) & 1:
                    break
                if u == first:
                    keep = False
                    break
                u += 4
        if keep:
            out |= np.int64(1) << c
    return out


@njit(cache=True, inline="always")
def highest_card_nb(m):
    """The highest card code in non-empty bitmask ``m`` (63 minus its leading zeros)."""
    return 63 - _bits_nb(1, m)


@njit(cache=True)
def top_cards_nb(cands, first, hot):
    """Of the cards ``cands`` to throw when void (``tops``), the highest of each suit, the
    queens, the photograph and the rules' card ``first``."""
    out = cands & (QUEENS | (np.int64(1) << first))
    if hot >= 0:
        out |= cands & (np.int64(1) << hot)
    for s in range(4):
        m = cands & SUIT52[s]
        if m:
            out |= np.int64(1) << highest_card_nb(m)
    return out


@njit(cache=True)
def fast_basic_nb(hand, legal, st, trick, opts):
    """:func:`basic_card_nb` as a function (the rules' fallback)."""
    return basic_card_nb(hand, legal, st, trick, opts)


@njit(cache=True, inline="always")
def basic_card_nb(hand, legal, st, trick, opts):
    """``basic`` (:func:`~simkit.games.penalty_tricks.avoid_play_nb`) for Tyotka's table
    (no trumps, card code = 4 x rank + suit, power = rank; every trick costs; the cards
    with a penalty are the queens and the photograph), with the suit scans done on
    bitmasks: the same card in every position, faster (the look-ahead's play-outs,
    ``model`` 0). Leading, only the lowest card without penalty of each suit can be the
    card most likely to lose (a lower card of a suit has as many unseen cards above it and
    a lower rank); following, the highest losing card is the top bit of the losers."""
    hot = st[S_HOT]
    n = st[S_N_IN_TRICK]
    top = trick[0]
    for i in range(1, n):
        if trick[i] & 3 == top & 3 and trick[i] > top:
            top = trick[i]
    pm = QUEENS
    if hot >= 0:
        pm |= np.int64(1) << hot
    return basic_pick_nb(hand, legal, n, top, st[S_PLAYED], pm, n == st[S_PLAYERS] - 1, opts, hot)


@njit(cache=True, inline="always")
def basic_pick_nb(hand, legal, n, top, played, pm, last, opts, hot):
    """:func:`basic_card_nb` on scalars: ``n`` cards in the trick, ``top`` the highest of
    the suit led among them, ``played`` the cards played, ``pm`` the cards with a penalty
    (the queens, the photograph ``hot``), ``last`` whether the seat plays last."""
    if n == 0:
        unseen = DECK52 & ~played & ~hand
        free = legal & ~pm
        if free:
            m = 0
            for s in range(4):
                f = free & SUIT52[s]
                m |= f & -f
        else:
            m = legal
        best = -1
        bk = -(np.int64(1) << 40)
        while m:
            c = lowest_card_nb(m)
            m &= m - 1
            above = popcount_nb(above_nb(c) & unseen)
            k = -card_penalty_nb(c, opts, hot) * (1 << 20) + above * 1024 - (c >> 2)
            if k > bk:
                bk = k
                best = c
        return best
    win = legal & above_nb(top)
    lose = legal & ~win
    if lose:
        m = lose & pm
        if m:
            best = -1
            bk = -1
            while m:
                c = lowest_card_nb(m)
                m &= m - 1
                k = card_penalty_nb(c, opts, hot) * 1024 + (c >> 2)
                if k > bk:
                    bk = k
                    best = c
            return best
        r = highest_card_nb(lose) >> 2          # the highest rank; of it the lowest code
        return lowest_card_nb(lose & (np.int64(15) << (4 * r)))
    free = win & ~pm
    if free == 0:
        free = win
    if last:
        return highest_card_nb(free)            # one suit: the strongest
    return lowest_card_nb(free)


@njit(cache=True, inline="always")
def most_step_nb(most, w):
    """The most-tricks count after ``w`` takes a trick: ``most`` packs each seat's tricks
    (8 bits a seat, seats 0-6), the greatest count (bits 56-59) and the seat penalised for
    the most tricks so far (bits 60-62): the one whose trick brought it to the greatest
    count last, the rule of :func:`~simkit.games.penalty_tricks.log_most_tricks_seat_nb`
    kept as the tricks are taken."""
    c = ((most >> (8 * w)) & 255) + 1
    most += np.int64(1) << (8 * w)
    if c >= (most >> 56) & 15:
        most = (most & ((np.int64(1) << 56) - 1)) | (c << 56) | (np.int64(w) << 60)
    return most


@njit(cache=True)
def most_count_nb(log, k):
    """:func:`most_step_nb`'s count after the ``k`` tricks of the log ``S_LOG``."""
    most = np.int64(0)
    for i in range(k):
        most = most_step_nb(most, (log >> (3 * i)) & 7)
    return most


@njit(cache=True)
def fast_playout_nb(hands, st, trick, tt, opts, hp, seat, at):
    """``seat``'s cost of the deal in ``st`` played to its end, every seat playing the
    model (``hp.model``: 0 ``basic``, :func:`basic_card_nb`, 1 the rules,
    :func:`tyotka_play_nb` with ``hp``'s parameters) from the position ``at``
    (:data:`TyotkaPosition`): trick ``at.k`` (0-based) led by ``at.leader`` holds ``at.n``
    cards (``trick[:n]``, ``n`` may be 4), ``at.played`` the cards played so far, ``at.most``
    the most-tricks count of the tricks before (:func:`most_count_nb`); ``hands`` the hands
    left (changed). Tyotka's table on bitmasks (no
    trumps, follow suit, the highest card of the suit led takes): the loop of
    :func:`~simkit.core.rollout.play_trick_nb` and the charging of
    :func:`~simkit.games.penalty_tricks.charge_trick_nb` without the general engine, and
    only ``seat``'s penalties and the most-tricks count kept; the cost is
    :func:`~simkit.games.penalty_tricks.deal_cost_nb`'s, the same number. ``st`` is the
    state: with the rules as the model a scratch copy, whose ``S_N_IN_TRICK``, ``S_PLAYED``
    and ``S_TRICK_NO`` are set for the model at each decision; ``basic`` only reads it. Its arrays are held by
    the caller (borrowed: no reference counting per call).

    It stops before trick ``at.end`` (the deal's number of tricks: at the deal's end);
    stopped early, the cost is that of the tricks played so far: the seat's penalties and
    tricks, and the most-tricks point as the tricks played so far award it
    (:func:`~simkit.games.penalty_tricks.deal_cost_nb`'s formula on a deal of ``at.end``
    tricks). It also stops as soon as the seat's penalties and tricks so far cost more than
    ``at.cap`` and returns that cost, a lower bound of the cost it would have returned
    (Tyotka's penalties and trick value are not negative; the most-tricks point left out):
    the look-ahead's cut-off drops such a card whatever the rest of the deal brings
    (:func:`look_cards_nb`)."""
    hands, st, trick, tt, opts = borrowed((hands, st, trick, tt, opts))
    leader, n, k, played, most, tricks, cap = at
    players = st[S_PLAYERS]
    hot = st[S_HOT]
    hot_trick = st[S_HOT_TRICK]
    pen = st[S_PEN + seat]
    won = st[S_WON + seat]
    tv = opts[O_TRICK_VALUE]
    model = hp.model
    pm = QUEENS
    if hot >= 0:
        pm |= np.int64(1) << hot
    top = trick[0]                      # the highest card of the suit led so far, and its place
    wi = 0
    for i in range(1, n):
        if trick[i] & 3 == top & 3 and trick[i] > top:
            top = trick[i]
            wi = i
    while k < tricks:
        s = leader + n
        if s >= players:
            s -= players
        while n < players:
            hand = hands[s]
            if n == 0:
                legal = hand
            else:
                legal = hand & SUIT52[top & 3]
                if legal == 0:
                    legal = hand
            if legal & (legal - 1) == 0:
                card = lowest_card_nb(legal)
            elif model == 0:
                card = basic_pick_nb(hand, legal, n, top, played, pm, n == players - 1, opts, hot)
            else:
                st[S_N_IN_TRICK] = n
                st[S_PLAYED] = played
                st[S_TRICK_NO] = k
                card = tyotka_play_nb(s, hand, legal, st, trick, tt, opts, hp)
            bit = np.int64(1) << card
            hands[s] = hand & ~bit
            trick[n] = card
            played |= bit
            if n == 0:
                top = card
                wi = 0
            elif card & 3 == top & 3 and card > top:
                top = card
                wi = n
            n += 1
            s = s + 1 if s + 1 < players else 0
        w = leader + wi
        if w >= players:
            w -= players
        if w == seat:
            won += 1
            pen += 1 if k == hot_trick else 0
            for i in range(players):
                pen += card_penalty_nb(trick[i], opts, hot)
            if pen + tv * won > cap:
                return pen + tv * won
        most = most_step_nb(most, w)
        k += 1
        leader = w
        n = 0
    cost = pen + tv * won
    if opts[O_MOST] and most >> 60 == seat:
        cost += 1
    return cost


@njit(cache=True)
def sample_hidden_nb(seat, hand, state, out, rng):
    """One deal of the cards ``seat`` cannot see, consistent with what he has seen, into
    ``out`` (``out[seat] = hand``): each other seat gets as many as it still holds and
    none of a suit it has shown out of (``S_VOIDS``). As the shared
    :func:`~simkit.core.tricks.deal_unseen_nb` (each card to a seat that may hold it, with
    chance in proportion to the room it has left: uniform over the deals with those counts
    when no void binds; a dead end restarts, after 50 the voids are ignored), for Tyotka's
    four seats on bitmasks and without arrays: the cards go in a fixed order, those of
    the suits some seat is void in first (the others then always find room), each with one
    draw. Returns True when the voids were kept. The stream's state and the four hands are
    kept in registers while dealing, and a card of the suits no seat is void in finds its
    seat by comparisons with the rooms' running sums rather than by a loop with a branch
    per seat: the same draws and the same deal as the plain loop, about twice as fast."""
    out, state, rng = borrowed((out, state, rng))
    players = state[S_PLAYERS]
    unseen = DECK52 & ~state[S_PLAYED] & ~hand
    k = state[S_TRICKS] - state[S_TRICK_NO]
    leader = state[S_LEADER]
    n = state[S_N_IN_TRICK]
    voids = state[S_VOIDS]
    room0 = np.int64(0)                 # 8 bits a seat
    hard = np.int64(0)                  # the suits some other seat is void in
    for s in range(players):
        if s == seat:
            continue
        played = (s - leader) % players < n
        room0 |= (k - (1 if played else 0)) << (8 * s)
        for suit in range(4):
            if (voids >> (s * 5 + suit)) & 1:
                hard |= SUIT52[suit]
    first = unseen & hard
    rs = load_state_nb(rng)             # the stream and the hands in registers (the same draws)
    kept = False                        # the voids were kept (a deal found before the last attempt)
    for attempt in range(51):
        room = room0
        o0 = np.int64(0)
        o1 = np.int64(0)
        o2 = np.int64(0)
        o3 = np.int64(0)
        ok = True
        m = first
        while m:                        # the suits someone is void in: the seats that may hold the card
            c = lowest_card_nb(m)
            m &= m - 1
            es = c & 3
            total = 0
            for s in range(players):
                r = (room >> (8 * s)) & 255
                if r > 0 and (attempt == 50 or (voids >> (s * 5 + es)) & 1 == 0):
                    total += r
            if total == 0:
                ok = False
                break
            x, rs = randbelow_s(rs, total)
            for s in range(players):
                r = (room >> (8 * s)) & 255
                if r > 0 and (attempt == 50 or (voids >> (s * 5 + es)) & 1 == 0):
                    if x < r:
                        bit = np.int64(1) << c
                        if s == 0:
                            o0 |= bit
                        elif s == 1:
                            o1 |= bit
                        elif s == 2:
                            o2 |= bit
                        else:
                            o3 |= bit
                        room -= np.int64(1) << (8 * s)
                        break
                    x -= r
        if ok:                          # the others: any seat with room, found without branches
            c1 = room & 255             # the rooms' running sums: the seat is the first whose sum exceeds x
            c2 = c1 + ((room >> 8) & 255)
            c3 = c2 + ((room >> 16) & 255)
            total = c3 + ((room >> 24) & 255)
            m = unseen & ~hard
            while m:
                c = lowest_card_nb(m)
                m &= m - 1
                x, rs = randbelow_s(rs, total)
                total -= 1
                a1 = np.int64(x >= c1)
                a2 = np.int64(x >= c2)
                a3 = np.int64(x >= c3)
                bit = np.int64(1) << c
                o0 |= bit & ((a1 ^ 1) * -1)
                o1 |= bit & ((a1 ^ a2) * -1)
                o2 |= bit & ((a2 ^ a3) * -1)
                o3 |= bit & (a3 * -1)
                c1 -= a1 ^ 1
                c2 -= a2 ^ 1
                c3 -= a3 ^ 1
        if ok:
            kept = attempt < 50
            break
    store_state_nb(rng, rs)
    out[0] = o0
    out[1] = o1
    out[2] = o2
    out[3] = o3
    out[seat] = hand
    return kept


@njit(cache=True)
def look_play_nb(seat, hand, legal, state, trick, tt, opts, p, probe):
    """The heuristic's look-ahead: the rule heuristic's card (:func:`tyotka_play_nb`) and
    the other cards that play differently (:func:`distinct_cards_nb`) each played out on
    the same ``probe`` sampled deals of the hidden cards
    (:func:`~simkit.core.tricks.deal_unseen_nb`), every seat then playing by the model
    (``model`` 1: the rule heuristic, 0: ``basic``; :func:`fast_playout_nb`); the least
    total cost, ties to the rule heuristic's card (the choice of
    :func:`~simkit.core.rollout.best_by_rollouts_nb`). Its stream comes from the deal's
    key and the cards played (the key is not advanced: simulation seats at the table draw
    as before)."""
    hp = heuristic_params_nb(p)
    first = tyotka_play_nb(seat, hand, legal, state, trick, tt, opts, hp)
    unseen = tt[TT_DECK] & ~state[S_PLAYED] & ~hand
    cands = distinct_cards_nb(legal, unseen, first, opts, state[S_HOT], tt)
    if p[P_TOPS] != 0 and state[S_N_IN_TRICK] > 0 and legal & SUIT52[trick[0] & 3] == 0:
        cands = top_cards_nb(cands, first, state[S_HOT])
    if cands & (cands - 1) == 0:
        return first
    buf = np.empty(S_SIZE + 52, np.int64)   # one array for the scratch: the state, two deals, the cards,
    return look_buf_nb(seat, hand, state, trick, tt, opts, p, probe, first, cands, buf)    # totals, stream


@njit(cache=True)
def look_buf_nb(seat, hand, state, trick, tt, opts, p, probe, first, cands, buf):
    """:func:`look_play_nb` from its candidate cards ``cands`` on, with the scratch ``buf``
    it allocated: its arrays borrowed here (the caller holds them), so that the views of
    ``buf`` handed to :func:`look_cards_nb` are not reference counted. The play-outs of a
    decision before the deal's last ``last`` tricks (one ``count`` adds) cover at most
    ``depth`` tricks; those of the last tricks run to the deal's end."""
    state, trick, tt, opts, p, buf = borrowed((state, trick, tt, opts, p, buf))
    hp = heuristic_params_nb(p)
    rng = buf[S_SIZE + 48:S_SIZE + 52].view(np.uint64)
    seed_stream_nb(rng, state[S_RNG] ^ LOOK_SALT, state[S_PLAYED])
    st = state                          # the basic model only reads the state: no copy
    if hp.model != 0:
        for j in range(S_SIZE):
            buf[j] = state[j]
        st = buf[:S_SIZE]
    nc = popcount_nb(cands)
    cards = buf[S_SIZE + 16:S_SIZE + 16 + nc]
    value = buf[S_SIZE + 32:S_SIZE + 32 + nc]
    for i in range(nc):
        cards[i] = lowest_card_nb(cands)
        cands &= cands - 1
        value[i] = 0
    lk = TyotkaLook(seat, hand, state, trick, tt, opts, hp, cards, value, buf[S_SIZE:S_SIZE + 8],
                    buf[S_SIZE + 8:S_SIZE + 16], st, buf[S_TRICK:S_TRICK + MAX_SEATS], rng)
    depth = np.int64(p[P_DEPTH])        # the deal's last `last` tricks: play-outs to the deal's end
    if state[S_TRICK_NO] >= state[S_TRICKS] - np.int64(p[P_LAST]):
        depth = state[S_TRICKS]
    return look_cards_nb(lk, first, probe, np.int64(p[P_GAP]), np.int64(p[P_TIE]), depth)


@njit(cache=True)
def look_cards_nb(lk, first, probe, gap, tie, depth):
    """:func:`look_play_nb`'s loop over ``probe`` samples and the candidate cards
    ``lk.cards`` (their totals into ``lk.value``; ``lk``: :data:`TyotkaLook`), on arrays its
    caller holds (borrowed: no reference counting in the loop); ``lk.st`` the state the
    play-outs read (``lk.tr`` their trick), ``lk.sampled`` and ``lk.hands`` scratch. After each
    sample the cards trailing the best total by more than ``gap`` points are dropped
    (``gap`` = :data:`NO_GAP`: never), and the loop stops when one is left; after ``tie``
    samples with every card alike it stops too. Ties go to the rules' card ``first``. A
    play-out covers at most ``depth`` tricks, the one being played included (13: to the
    deal's end; fewer: its cost is that of the tricks played, :func:`fast_playout_nb`).

    Each sample plays the best card of the sample before out first; another card's
    play-out stops as soon as its cost so far puts it more than ``gap`` behind the best
    total of the sample so far (``cap``, :func:`fast_playout_nb`): such a card is dropped
    after the sample whatever its full cost, so the totals of the cards kept, the drops
    and the choice are those of play-outs run to their end."""
    lk = borrowed(lk)
    seat, hand, state, trick, tt, opts, hp = lk.seat, lk.hand, lk.state, lk.trick, lk.tt, lk.opts, lk.hp
    cards, value, sampled, hands, st, tr, rng = lk.cards, lk.value, lk.sampled, lk.hands, lk.st, lk.tr, lk.rng
    n_in = state[S_N_IN_TRICK]
    leader = state[S_LEADER]
    k = state[S_TRICK_NO]
    most = most_count_nb(state[S_LOG], k)
    end = min(state[S_TRICKS], k + depth)
    alive = (np.int64(1) << cards.shape[0]) - 1
    nc = cards.shape[0]
    lead = 0                            # the card played out first: the best so far (any order gives the same totals)
    for t in range(probe):
        sample_hidden_nb(seat, hand, state, sampled, rng)
        top = -(np.int64(1) << 40)
        l0 = lead
        for r in range(nc):
            i = l0 if r == 0 else (r - 1 if r <= l0 else r)
            if (alive >> i) & 1 == 0:
                continue
            for s in range(4):
                hands[s] = sampled[s]
            bit = np.int64(1) << cards[i]
            hands[seat] &= ~bit
            for j in range(n_in):
                tr[j] = trick[j]
            tr[n_in] = cards[i]
            cap = NO_CAP                # a card already bound to trail the best by more than gap stops early
            if gap < NO_GAP and top > -(np.int64(1) << 40):
                cap = value[i] - top + gap
            value[i] -= fast_playout_nb(hands, st, tr, tt, opts, hp, seat,
                                        TyotkaPosition(leader, n_in + 1, k, state[S_PLAYED] | bit, most, end, cap))
            if value[i] > top:
                top = value[i]
                lead = i
        if gap < NO_GAP:                # drop the cards trailing the best by more than gap
            for i in range(cards.shape[0]):
                if (alive >> i) & 1 and value[i] < top - gap:
                    alive &= ~(np.int64(1) << i)
            if alive & (alive - 1) == 0:
                break
        if t + 1 == tie:                # every card alike so far: a choice that does not matter
            same = True
            for i in range(cards.shape[0]):
                if (alive >> i) & 1 and value[i] != top:
                    same = False
            if same:
                break
    best = -1
    key = 0
    for i in range(cards.shape[0]):
        if cards[i] == first and (alive >> i) & 1:
            best = first
            key = value[i]
    for i in range(cards.shape[0]):
        if (alive >> i) & 1 and (best < 0 or value[i] > key):
            key = value[i]
            best = cards[i]
    return best


@njit(cache=True)
def tyotka_choose_nb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policies by code: the heuristic (:func:`tyotka_play_nb`, and
    :func:`look_play_nb` at the decisions :func:`probed_nb` picks; its parameters from
    ``params[seat]``; ``rules`` is the same code without look-ahead parameters, so
    ``probe`` = 0), the simulation player and the ``basic`` baseline
    (:mod:`simkit.games.penalty_tricks`). Its arrays are borrowed (the engine holds them):
    the calls below count no references."""
    state, trick, tt, params, opts = borrowed((state, trick, tt, params, opts))
    if code == PLAY_SIMULATION:
        return simulation_play_nb(seat, hand, legal, state, tt, opts, max(1, np.int64(params[seat, P_SAMPLES])))
    if code == PLAY_HEURISTIC:          # the rules, with the look-ahead where probed_nb says
        p = params[seat]
        probe = np.int64(p[P_PROBE])
        if probe > 0 and probed_nb(state, legal, trick, tt, np.int64(p[P_LAST]), np.int64(p[P_COUNT]),
                                       np.int64(p[P_KINDS])):
            return look_play_nb(seat, hand, legal, state, trick, tt, opts, p, probe)
        return tyotka_play_nb(seat, hand, legal, state, trick, tt, opts, heuristic_params_nb(p))
    return avoid_play_nb(seat, hand, legal, state, trick, tt, opts)


@cfunc(CHOOSE_SIG, cache=True)
def tyotka_choose_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """:func:`tyotka_choose_nb` as the engine's ``choose`` hook."""
    return tyotka_choose_nb(code, seat, hand, legal, state, trick, tt, params, opts)
