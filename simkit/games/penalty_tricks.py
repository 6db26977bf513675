"""Play shared by the trick games scored by the cards a seat captures (Tyotka, Polignac):
one penalty table, the bookkeeping between tricks, the ducking/shedding heuristic, and the
simulation player that samples the hidden hands and plays the deal out with that heuristic.

Numba only (the games' pandas sides are in their packages). A game describes its deal by
data, read from its option array ``opts`` and from the table state:

* ``opts[O_PEN + c]`` (``c`` = 0..63): the penalty of capturing card ``c`` (Tyotka's
  queens 1, Polignac's jacks 4 3 2 1), all of one rank, so that the takers of the four
  fit in :data:`S_TAKERS`;
* ``opts[O_TRICK_VALUE]``: what each trick taken costs (Polignac: -1, a trick is a plus
  point; Tyotka: 0);
* ``opts[O_MOST]``: 1 when the seat with the most tricks pays one more (Tyotka; a tie: the
  one who reached the tied number last, :func:`most_tricks_seat_nb`);
* ``opts[O_GAME:]``: the game's own options (:func:`game_layout` places its ``Rules``
  layout there, :func:`pack_game` fills the whole array);
* ``state[S_HOT]``: a card that costs its taker one more this deal (Tyotka's photograph;
  -1 none); ``state[S_HOT_TRICK]``: a trick (0-based) that costs its taker one more (the
  counting trick; -1 none).

Between tricks (:func:`penalty_after_trick_nb`) the captured cards (``S_PLAYED`` less
``S_PREV``) are charged to the winner (``S_PEN`` per seat), and the winner of each trick
(:data:`S_LOG`, 3 bits a trick) and the taker of each penalty card and of the hot card
(:data:`S_TAKERS`) are logged, so the game's kernel scores the deal from the log by its
own rule and audits the running penalties against it. A seat's *cost* of a deal is
``S_PEN + trick value x tricks + (most tricks)``; the heuristic and the simulation player
minimise it. Game fields start at :data:`S_GAME`.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.jit import cfunc
from simkit.core.options import layout, pack
from simkit.core.borrow import borrowed
from simkit.core.rng import next_u64_nb, seed_stream_nb
from simkit.core.rollout import best_by_rollouts_nb, follow_legal_nb, play_trick_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_play import AFTER_SIG, CHOOSE_SIG
from simkit.core.tricks import (MAX_SEATS, S_EXTRA, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_PLAYERS, S_TRICK,
                                S_TRICK_NO, S_TRICKS, S_WON, TT_DECK, TT_POWER, beating_nb, close_trick_nb,
                                deal_unseen_nb, higher_in_suit_nb, lowest_card_nb, popcount_nb, strongest_nb,
                                weakest_nb)
from simkit.games.penalty_codes import N_PLAY_PARAMS, P_SAMPLES, PLAY_HEURISTIC, PLAY_SIMULATION  # noqa: F401

# -- the state fields (after the shared trick layout) ----------------------------------------
S_HOT = S_EXTRA + 0          # a card costing its taker one more this deal (the photograph), -1 none
S_HOT_TRICK = S_EXTRA + 1    # the 0-based trick costing its taker one more (the counting trick), -1 none
S_RNG = S_EXTRA + 2          # the simulation player's stream key (set per deal by the kernel)
S_PREV = S_EXTRA + 3         # the cards played before the current trick
S_LOG = S_EXTRA + 4          # the winner of trick k in bits 3k..3k+2
S_TAKERS = S_EXTRA + 5       # bits 4s..4s+3: taker + 1 of the penalty card of suit s; bits 16..19: of the hot card
S_PEN = S_EXTRA + 6          # 8 entries: penalties charged to each seat this deal (cards and tricks)
S_GAME = S_EXTRA + 14        # the games' own fields from here (up to S_LEAD_BAN - 1)

# -- the option array's shared part ------------------------------------------------------------
O_PEN = 0                    # 64 entries: penalty per card
O_TRICK_VALUE = 64
O_MOST = 65
O_GAME = 66                  # the games' own options from here

#: the built-in play policies' codes and the simulation's parameter slot: :mod:`simkit.games.penalty_codes`
#: the heuristic's cost of a trick for the most-tricks penalty (Tyotka): a trick's share of it
MOST_COST = 0.5


def game_layout(rules_cls, extra: tuple = (), skip: tuple = ()):
    """A penalty game's ``opts`` layout: :func:`~simkit.core.options.layout` of its
    ``Rules`` placed after the shared part (slots from :data:`O_GAME`), so that its kernel
    reads ``opts[O.players]`` and the shared functions read the shared slots."""
    own = layout(rules_cls, extra=extra, skip=skip)
    return type(own)(*(O_GAME + s for s in own))


def pack_game(rules, slots, pen: np.ndarray, trick_value: int, most: bool) -> np.ndarray:
    """The option array of ``rules`` in the layout ``slots`` (:func:`game_layout`): the
    shared part (the penalty table ``pen``, the trick value, the most-tricks flag), then
    the rule options packed by :func:`~simkit.core.options.pack` (``extra`` slots 0)."""
    own = type(slots)(*(s - O_GAME for s in slots))
    o = np.zeros(O_GAME + len(own), np.int64)
    o[O_PEN:O_PEN + 64] = pen
    o[O_TRICK_VALUE] = trick_value
    o[O_MOST] = int(most)
    o[O_GAME:] = pack(rules, own)
    return o


@njit(cache=True)
def start_penalties_nb(state, hot, hot_trick, key):
    """Reset the deal's penalty fields (after ``start_deal_nb``)."""
    state[S_HOT] = hot
    state[S_HOT_TRICK] = hot_trick
    state[S_RNG] = key
    state[S_PREV] = 0
    state[S_LOG] = 0
    state[S_TAKERS] = 0
    for s in range(MAX_SEATS):
        state[S_PEN + s] = 0


@njit(cache=True, inline="always")
def card_penalty_nb(c, opts, hot):
    return opts[O_PEN + c] + (1 if c == hot else 0)


@njit(cache=True)
def charge_trick_nb(state, opts, cards, w, k):
    """Charge trick ``k`` (0-based), whose cards are the bitmask ``cards``, to its winner
    ``w``: the penalty cards, the hot card, the hot trick; log the winner and the takers."""
    hot = state[S_HOT]
    p = 1 if k == state[S_HOT_TRICK] else 0
    m = cards
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        if opts[O_PEN + c] != 0:
            p += opts[O_PEN + c]
            state[S_TAKERS] |= (w + 1) << (4 * (c & 3))
        if c == hot:
            p += 1
            state[S_TAKERS] |= (w + 1) << 16
    state[S_PEN + w] += p
    state[S_LOG] |= w << (3 * k)


@njit(cache=True)
def penalty_after_trick_nb(hands, state, opts, pst, err):
    """The engine's ``after_trick`` hook: charge the trick just closed to its winner
    (``S_LEADER``, who leads next). The games' deals call it directly
    (:func:`~simkit.core.trick_play.play_tricks_inline_nb`)."""
    cards = state[S_PLAYED] & ~state[S_PREV]
    state[S_PREV] = state[S_PLAYED]
    charge_trick_nb(state, opts, cards, state[S_LEADER], state[S_TRICK_NO] - 1)
    return True


@cfunc(AFTER_SIG, cache=True)
def penalty_after_trick_cb(hands, state, opts, pst, err):
    """:func:`penalty_after_trick_nb` as the engine's ``cfunc`` hook, for a caller of
    :func:`~simkit.core.trick_play.play_tricks_nb` (the chunk kernels' ``after_fn``)."""
    return penalty_after_trick_nb(hands, state, opts, pst, err)


@njit(cache=True)
def log_winners_nb(log, n, out):
    """The winners of tricks 0..n-1 from the packed log :data:`S_LOG` into ``out``."""
    for k in range(n):
        out[k] = (log >> (3 * k)) & 7


@njit(cache=True)
def most_tricks_seat_nb(winners, n, players):
    """The seat penalised for the most tricks (:func:`log_most_tricks_seat_nb`), from
    ``winners[k]``, the seat that took trick ``k`` (0-based) of ``n`` (at most 21)."""
    log = 0
    for k in range(n):
        log |= np.int64(winners[k]) << (3 * k)
    return log_most_tricks_seat_nb(log, n, players)


@njit(cache=True)
def log_most_tricks_seat_nb(log, n, players):
    """The seat penalised for the most tricks, from the packed log :data:`S_LOG` of the
    ``n`` tricks (the winner of trick ``k`` in bits 3k..3k+2): the one with the most; on a
    tie, the one who reached the tied number last (002:51 «штрафуется игрок, взявший
    последнюю взятку из общего количества, т. е. взявший шестую взятку, когда у другого
    игрока уже было шесть взяток»)."""
    count = 0                       # 8 bits a seat (at most 8 seats, fewer than 256 tricks): no allocation
    for k in range(n):
        count += np.int64(1) << (8 * ((log >> (3 * k)) & 7))
    top = 0
    for s in range(players):
        top = max(top, (count >> (8 * s)) & 255)
    seen = 0
    last = -1
    for k in range(n):
        s = (log >> (3 * k)) & 7
        seen += np.int64(1) << (8 * s)
        if (seen >> (8 * s)) & 255 == top:
            last = s
    return last


@njit(cache=True)
def win_shares_nb(values, players, lowest, scale, out):
    """Each seat's share (x ``scale``) of a win by the lowest (``lowest``) or the highest
    of ``values``; a tie shares it."""
    best = values[0]
    for s in range(1, players):
        best = min(best, values[s]) if lowest else max(best, values[s])
    tied = 0
    for s in range(players):
        tied += values[s] == best
    for s in range(players):
        out[s] = scale // tied if values[s] == best else 0


@njit(cache=True)
def record_unit_nb(values, share, players, group, win_mom, value_mom, group_mom, gx):
    """A unit's result: each seat's win share and final value into moment rows, and the
    sums over each policy group (``group_mom`` rows g and G + g; ``gx`` scratch)."""
    n_groups = group_mom.shape[0] // 2
    for g in range(2 * n_groups):
        gx[g] = 0
    for s in range(players):
        moment_add_nb(win_mom, s, share[s])
        moment_add_nb(value_mom, s, values[s])
        gx[group[s]] += share[s]
        gx[n_groups + group[s]] += values[s]
    for g in range(2 * n_groups):
        moment_add_nb(group_mom, g, gx[g])


# -- the heuristic -------------------------------------------------------------------------------
@njit(cache=True)
def trick_cost_nb(trick, n, state, opts):
    """What taking the current trick costs, from its cards so far: their penalties, the hot
    card, the hot trick, the trick's value, and a share of the most-tricks penalty."""
    hot = state[S_HOT]
    cost = float(opts[O_TRICK_VALUE]) + (MOST_COST if opts[O_MOST] else 0.0)
    if state[S_TRICK_NO] == state[S_HOT_TRICK]:
        cost += 1.0
    for i in range(n):
        cost += card_penalty_nb(trick[i], opts, hot)
    return cost


@njit(cache=True)
def dangerous_nb(m, opts, hot, tt):
    """The card of ``m`` to shed first: the highest penalty, then the greatest power."""
    best = -1
    bk = -1
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        k = card_penalty_nb(c, opts, hot) * 1024 + tt[TT_POWER + c]
        if k > bk:
            bk = k
            best = c
    return best


@njit(cache=True)
def safe_nb(m, opts, hot, tt, strong):
    """The strongest (``strong``) or weakest card of ``m`` that carries no penalty, else of ``m``."""
    free = m
    x = m
    while x:
        c = lowest_card_nb(x)
        x &= x - 1
        if card_penalty_nb(c, opts, hot) > 0:
            free &= ~(np.int64(1) << c)
    if free == 0:
        free = m
    return strongest_nb(free, tt) if strong else weakest_nb(free, tt)


@njit(cache=True)
def avoid_play_nb(seat, hand, legal, state, trick, tt, opts):
    """Shed danger cards and duck when a trick costs (Tyotka: always), take it cheaply
    when it pays (Polignac: a trick without a jack).

    Leading: when tricks pay, the lowest sure winner (no unseen card of its suit above it)
    that carries no penalty; otherwise the card most likely to lose: the most unseen cards
    of its suit above it, a card without penalty first, then the weakest. Following: the
    trick's cost so far (:func:`trick_cost_nb`) plus the card's own penalty decides. When
    taking pays, win with the weakest winner when last, the strongest before; when it
    costs, play the most dangerous card that loses (a penalty card, else the highest:
    shedding); forced to win, the strongest card without penalty when last (nobody can
    overtake), else the weakest (someone may)."""
    n = state[S_N_IN_TRICK]
    hot = state[S_HOT]
    unseen = tt[TT_DECK] & ~state[S_PLAYED] & ~hand
    if n == 0:
        gain = opts[O_TRICK_VALUE] < 0
        best = -1
        bk = -(1 << 40)
        m = legal
        while m:
            c = lowest_card_nb(m)
            m &= m - 1
            above = popcount_nb(higher_in_suit_nb(c, tt) & unseen)
            pen = card_penalty_nb(c, opts, hot)
            if gain:
                k = (1 << 20 if above == 0 else 0) - pen * 1024 - tt[TT_POWER + c]
            else:
                k = -pen * (1 << 20) + above * 1024 - tt[TT_POWER + c]
            if k > bk:
                bk = k
                best = c
        return best
    win = beating_nb(legal, trick, n, tt)
    lose = legal & ~win
    last = n == state[S_PLAYERS] - 1
    cost = trick_cost_nb(trick, n, state, opts)
    if win:
        c = safe_nb(win, opts, hot, tt, not last)
        if cost + card_penalty_nb(c, opts, hot) < 0:
            return c
    if lose:
        return dangerous_nb(lose, opts, hot, tt)
    return safe_nb(win, opts, hot, tt, last)


# -- the simulation player -------------------------------------------------------------------------
@njit(cache=True)
def deal_cost_nb(state, opts, seat):
    """``seat``'s cost of the finished deal in ``state``: penalties, tricks x trick value,
    and the most-tricks penalty."""
    c = state[S_PEN + seat] + opts[O_TRICK_VALUE] * state[S_WON + seat]
    if opts[O_MOST] and log_most_tricks_seat_nb(state[S_LOG], state[S_TRICKS], state[S_PLAYERS]) == seat:
        c += 1
    return c


@njit(cache=True)
def playout_nb(hands, st, tt, opts):
    """Play the deal in ``st`` (a scratch copy of the state, mid-trick allowed) to its end
    with every seat on :func:`avoid_play_nb`, charging tricks as the game does."""
    hands, st, tt, opts = borrowed((hands, st, tt, opts))  # held by the caller: no counting
    trick = st[S_TRICK:S_TRICK + MAX_SEATS]
    while st[S_TRICK_NO] < st[S_TRICKS]:
        play_trick_nb(hands, st, trick, tt, opts, follow_legal_nb, avoid_play_nb)
        k = st[S_TRICK_NO]
        cards = st[S_PLAYED] & ~st[S_PREV]
        st[S_PREV] = st[S_PLAYED]
        w = close_trick_nb(st, trick, tt)
        charge_trick_nb(st, opts, cards, w, k)


@njit(cache=True, inline="always")
def sample_nb(seat, hand, state, sampled, ctx):
    """One deal of the hidden hands (:func:`~simkit.core.tricks.deal_unseen_nb`: the cards
    ``seat`` cannot see dealt consistently with what he has seen); ``ctx`` = (trick
    table, options, stream)."""
    tt, _, rng = ctx
    deal_unseen_nb(seat, hand, state, tt, sampled, rng)


@njit(cache=True, inline="always")
def playout_value_nb(seat, hands, st, ctx):
    """The deal played out (:func:`playout_nb`) and ``seat``'s cost of it
    (:func:`deal_cost_nb`), negated: the simulation keeps the greatest value."""
    tt, opts, _ = ctx
    playout_nb(hands, st, tt, opts)
    return -deal_cost_nb(st, opts, seat)


@njit(cache=True)
def simulation_play_nb(seat, hand, legal, state, tt, opts, samples):
    """The card of ``legal`` with the least total cost (:func:`deal_cost_nb`) over
    ``samples`` sampled deals (:func:`sample_nb`), each played out with the heuristic for
    every seat after the card (the same samples for every card; ties: the heuristic's
    card: :func:`~simkit.core.rollout.best_by_rollouts_nb`). Randomness from the deal's
    key ``state[S_RNG]``, advanced per decision, so runs are reproducible."""
    rng = np.zeros(4, np.uint64)
    seed_stream_nb(rng, state[S_RNG], state[S_PLAYED] & 0xFFFFFFFF)
    state[S_RNG] = np.int64(next_u64_nb(rng) >> np.uint64(2))
    first = avoid_play_nb(seat, hand, legal, state, state[S_TRICK:S_TRICK + MAX_SEATS], tt, opts)
    return best_by_rollouts_nb(seat, hand, legal, state, first, samples, (tt, opts, rng), sample_nb, playout_value_nb)


@cfunc(CHOOSE_SIG, cache=True)
def penalty_choose_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policies: the heuristic (:func:`avoid_play_nb`) and the
    simulation player (:func:`simulation_play_nb`)."""
    if code == PLAY_SIMULATION:
        return simulation_play_nb(seat, hand, legal, state, tt, opts, max(1, np.int64(params[seat, P_SAMPLES])))
    return avoid_play_nb(seat, hand, legal, state, trick, tt, opts)
