"""Kernel pieces shared by the card-point trick games played each for himself: Kozel
(GAMES.md G11, seed file 002 lines 1-6) and Kerosinka (G17, 002 lines 57-61).

Both count the same card points, A 11, 10 10, K 4, Q 3, J 2, nothing else (002:1 «Карты
имеют следующие очки: Т — 11, 10 — 10, К — 4, Д — 3,В — 2, остальные — ноль»; 002:58 «Т
— 11,10 — 10, К — 4, Д — 3, В — 2, остальные — ноль»): 120 in their 32- and 36-card
decks. Held here:

* the table state fields both games add to the shared layout (``S_POINTS`` ... from
  ``S_EXTRA``) and :func:`settle_trick_nb`, the body of their ``after_trick`` hooks: the
  trick's card points go to its winner, and a follower who had to trump (void in what
  the lead asked for, holding a trump) is counted;
* :func:`take_points_nb`, the heuristic play "take points, count trumps";
* :func:`simulation_play_nb`, the simulation player: it samples the hidden hands
  consistent with what the seat has seen and plays the deal (or Kozel's half) out with
  the heuristic for every seat, once per legal card, and plays the card that took the
  most points on average.
"""
import numpy as np
from numba import njit

from simkit.core.jit import cfunc
from simkit.core.borrow import borrowed
from simkit.core.cards import N_SUITS, RANK_10, RANK_A, RANK_J, RANK_K, RANK_Q, code
from simkit.core.rng import draw_nb, seed_stream_nb
from simkit.core.rollout import best_by_rollouts_nb, follow_legal_nb, play_trick_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_play import CHOOSE_SIG
from simkit.games.point_codes import N_PLAY_PARAMS, P_SAMPLES, P_TAKE_AT, PLAY_HEURISTIC, PLAY_SIMULATION  # noqa: F401
from simkit.core.tricks import (F_RANK, MAX_SEATS, S_EXTRA, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_PLAYERS, S_TRICK,
                                S_TRICK_NO, S_TRICKS, S_TURNUP, TT_DECK, TT_ESUIT, TT_POWER, TT_RANK_BITS, TT_SUIT_BITS,
                                TT_TRUMP, beating_nb, close_trick_nb, higher_in_suit_nb, lowest_card_nb, popcount_nb,
                                strongest_nb)

#: card points (002:1, 002:58; see the module doc)
POINTS = np.zeros(64, np.int64)
for _s in range(N_SUITS):
    for _r, _p in ((RANK_A, 11), (RANK_10, 10), (RANK_K, 4), (RANK_Q, 3), (RANK_J, 2)):
        POINTS[code(_r, _s)] = _p
DEAL_POINTS = 120

# table state fields (after the shared layout), read by built-in and user policies
S_POINTS = S_EXTRA          # 4 entries: card points each seat has taken (Kozel: in this half)
S_HAND0 = S_EXTRA + 4       # 4 entries: each seat's hand when the current trick began (the hook's bookkeeping)
S_FORCED = S_EXTRA + 8      # followers who had to trump (see forced_trump_nb) since start_points_nb
S_TRICK_LEAD = S_EXTRA + 9  # the seat that led the current trick
S_SIM_SEED = S_EXTRA + 10   # a random number drawn for the deal: the simulation player's samples
S_SHOWN_AT = S_EXTRA + 11   # the seat that holds the shown card S_TURNUP until he plays it (-1: nobody)
S_POINT_END = S_EXTRA + 12  # a game's own fields from here


_SCALE = 1024               # above any power: points first, then power, in one key


@njit(cache=True)
def start_points_nb(state, hands, sim_seed, shown_at):
    """Start counting a deal's (or half's) points: nobody has any, the hands as they
    are now, the leader in ``S_LEADER`` leads the first trick; ``shown_at`` holds the
    shown card ``S_TURNUP``."""
    for s in range(state[S_PLAYERS]):
        state[S_POINTS + s] = 0
        state[S_HAND0 + s] = hands[s]
    state[S_FORCED] = 0
    state[S_TRICK_LEAD] = state[S_LEADER]
    state[S_SIM_SEED] = sim_seed
    state[S_SHOWN_AT] = shown_at


@njit(cache=True, inline="always")
def forced_trump_nb(hand, led, tt, follow):
    """True if ``hand`` must trump a lead of ``led``: the led card is not a trump, the hand
    holds none of the led card's rank (with ``F_RANK``, where the led card follows by
    rank) nor of its suit, and it holds a trump (Kozel 002:3 «На выхоженную карту кладут
    в масть, при отсутствии — козыря»; Kerosinka 002:60 «Если нет карты того же
    достоинства или масти, обязательно класть козыря»)."""
    es = tt[TT_ESUIT + led]
    trump = tt[TT_TRUMP]
    if trump < 0 or es == trump:
        return False
    if follow & F_RANK:
        rank_bits = tt[TT_RANK_BITS + (led >> 2)]
        if (rank_bits >> led) & 1 and hand & rank_bits:
            return False
    if hand & tt[TT_SUIT_BITS + es]:
        return False
    return (hand & tt[TT_SUIT_BITS + trump]) != 0


@njit(cache=True)
def settle_trick_nb(hands, state, tt, follow):
    """Between tricks (``S_LEADER`` = the winner of the trick just closed): its card
    points, read from the hands before and after it, go to the winner's ``S_POINTS``;
    each follower who had to trump adds one to ``S_FORCED``."""
    players = state[S_PLAYERS]
    s = state[S_TRICK_LEAD]
    led = lowest_card_nb(state[S_HAND0 + s] & ~hands[s])
    pts = POINTS[led]
    state[S_HAND0 + s] = hands[s]
    for _ in range(players - 1):
        s = s + 1 if s + 1 < players else 0
        before = state[S_HAND0 + s]
        pts += POINTS[lowest_card_nb(before & ~hands[s])]
        if forced_trump_nb(before, led, tt, follow):
            state[S_FORCED] += 1
        state[S_HAND0 + s] = hands[s]
    w = state[S_LEADER]
    state[S_POINTS + w] += pts
    state[S_TRICK_LEAD] = w
    return True


@njit(cache=True, inline="always")
def _cheapest_nb(m, tt):
    """The card of ``m`` with the fewest points, then the least power."""
    best = -1
    key = 1 << 40
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        k = POINTS[c] * _SCALE + tt[TT_POWER + c]
        if k < key:
            key = k
            best = c
    return best


@njit(cache=True, inline="always")
def _richest_nb(m, tt):
    """The card of ``m`` with the most points, then the least power."""
    best = -1
    key = -(1 << 40)
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        k = POINTS[c] * _SCALE - tt[TT_POWER + c]
        if k > key:
            key = k
            best = c
    return best


@njit(cache=True)
def take_points_nb(hand, legal, state, trick, tt, take_at):
    """The heuristic "take points, count trumps" (the seat to play is ``state[S_SEAT]``).

    It counts the trumps still out (trump cards neither played nor held) and calls a card
    *sure* when no unseen card of its effective suit beats it and, for a plain card, no
    trump is out. Leading: a sure trump while trumps are out (drawing them), else the sure
    card with the most points, else the cheapest card (fewest points, then weakest).
    Following: last to play, win with the richest winning card; earlier, win with the
    richest sure winning card, or with the strongest winning card when the trick already
    holds ``take_at`` points or more; otherwise play the cheapest card that does not win
    (the cheapest card if every card wins)."""
    n = state[S_N_IN_TRICK]
    trump = tt[TT_TRUMP]
    gone = state[S_PLAYED] | hand
    trumps_out = tt[TT_SUIT_BITS + trump] & ~gone if trump >= 0 else 0
    if n == 0:
        sure = 0
        sure_trump = 0
        m = legal
        while m:
            c = lowest_card_nb(m)
            m &= m - 1
            if higher_in_suit_nb(c, tt) & ~gone:
                continue
            if tt[TT_ESUIT + c] == trump:
                sure_trump |= np.int64(1) << c
            elif trumps_out == 0:
                sure |= np.int64(1) << c
        if sure_trump and trumps_out:
            return _richest_nb(sure_trump, tt)
        if sure | sure_trump:
            return _richest_nb(sure | sure_trump, tt)
        return _cheapest_nb(legal, tt)
    win = beating_nb(legal, trick, n, tt)
    if win:
        if n == state[S_PLAYERS] - 1:
            return _richest_nb(win, tt)
        sure = 0
        m = win
        while m:
            c = lowest_card_nb(m)
            m &= m - 1
            if higher_in_suit_nb(c, tt) & ~gone == 0 and (tt[TT_ESUIT + c] == trump or trumps_out == 0):
                sure |= np.int64(1) << c
        if sure:
            return _richest_nb(sure, tt)
        pts = 0
        for i in range(n):
            pts += POINTS[trick[i]]
        if pts >= take_at:
            return strongest_nb(win, tt)
    lose = legal & ~win
    return _cheapest_nb(lose if lose else legal, tt)


@njit(cache=True)
def sample_hidden_nb(seat, hand, state, tt, out, st):
    """Hands for the other seats consistent with what ``seat`` has seen: each holds as many
    cards as it has left in this deal (or half), drawn at random (stream ``st``) from the
    cards ``seat`` has not seen; the shown card ``S_TURNUP`` (Kozel's turned card,
    Kerosinka's last card) stays with its holder ``S_SHOWN_AT`` until played. Cards not yet dealt (Kozel's
    second half) stay in the pool unsampled."""
    players = state[S_PLAYERS]
    n = state[S_N_IN_TRICK]
    leader = state[S_LEADER]
    left = state[S_TRICKS] - state[S_TRICK_NO]
    played = state[S_PLAYED]
    unseen = tt[TT_DECK] & ~played & ~hand
    holder = state[S_SHOWN_AT]
    shown = state[S_TURNUP]
    known = 0
    if shown >= 0 and holder >= 0 and holder != seat and (unseen >> shown) & 1:
        known = np.int64(1) << shown
        unseen &= ~known
    pool = np.empty(popcount_nb(unseen), np.int64)
    for i in range(pool.shape[0]):
        pool[i] = lowest_card_nb(unseen)
        unseen &= unseen - 1
    pos = 0
    for s in range(players):
        if s == seat:
            out[s] = hand
            continue
        d = s - leader if s >= leader else s - leader + players     # position in the current trick
        k = left - (1 if d < n else 0)
        out[s] = 0
        if s == holder and known:
            out[s] = known
            k -= 1
        for _ in range(k):
            out[s] |= np.int64(1) << draw_nb(pool, pos, st)
            pos += 1


@njit(cache=True, inline="always")
def take_card_nb(seat, hand, legal, st, trick, tt, take_at):
    """:func:`take_points_nb` in the ``heuristic_fn`` form of :mod:`simkit.core.rollout`."""
    return take_points_nb(hand, legal, st, trick, tt, take_at)


@njit(cache=True, inline="always")
def sample_nb(seat, hand, state, sampled, ctx):
    """One sample of the hidden hands (:func:`sample_hidden_nb`), ``ctx`` = (trick table,
    ``take_at``, stream)."""
    tt, _, rng = ctx
    sample_hidden_nb(seat, hand, state, tt, sampled, rng)


@njit(cache=True)
def rollout_points_nb(seat, hands, ws, ctx):
    """Play the deal (or half) in the work state ``ws`` (a copy of the table state, the
    seat's card just put on the trick) to its end with :func:`take_points_nb` for every
    seat, hands ``hands`` (consumed), ``ctx`` = (trick table, ``take_at``, stream);
    returns the card points ``seat`` takes from here on."""
    hands, ws, tt = borrowed((hands, ws, ctx[0]))  # held by the caller: no counting
    take_at = ctx[1]
    tr = ws[S_TRICK:S_TRICK + MAX_SEATS]
    players = ws[S_PLAYERS]
    taken = 0
    while ws[S_TRICK_NO] < ws[S_TRICKS]:
        play_trick_nb(hands, ws, tr, tt, take_at, follow_legal_nb, take_card_nb)
        pts = 0
        for i in range(players):
            pts += POINTS[tr[i]]
        if close_trick_nb(ws, tr, tt) == seat:
            taken += pts
    return taken


@njit(cache=True)
def simulation_play_nb(seat, hand, legal, state, trick, tt, samples, take_at):
    """The simulation player: ``samples`` deals of the hidden cards consistent with what
    the seat has seen (:func:`sample_hidden_nb`; the voids others have shown are not
    used), each played out (:func:`rollout_points_nb`) once per legal card, the same
    samples for every card; plays the card with the most points taken in total (ties:
    :func:`take_points_nb`'s choice, then the lower code:
    :func:`~simkit.core.rollout.best_by_rollouts_nb`). Its samples come from a stream
    of the deal's ``S_SIM_SEED`` and the cards played so far, so a deal replays alike."""
    rng = np.zeros(4, np.uint64)
    seed_stream_nb(rng, state[S_SIM_SEED], (state[S_PLAYED] ^ (np.int64(seat) << 60)) & 0x7FFFFFFFFFFFFFFF)
    first = take_points_nb(hand, legal, state, trick, tt, take_at)
    return best_by_rollouts_nb(seat, hand, legal, state, first, samples, (tt, take_at, rng), sample_nb,
                               rollout_points_nb)


@cfunc(CHOOSE_SIG, cache=True)
def choose_play_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policies of both games: the heuristic (:func:`take_points_nb`)
    and the simulation player (:func:`simulation_play_nb`) under the follow rule in force."""
    p = params[seat]
    if code == PLAY_SIMULATION:
        return simulation_play_nb(seat, hand, legal, state, trick, tt, np.int64(p[P_SAMPLES]), np.int64(p[P_TAKE_AT]))
    return take_points_nb(hand, legal, state, trick, tt, np.int64(p[P_TAKE_AT]))


WIN_SCALE = 12              # lcm(1..4): a unit shared by t of four players is 12/t each


@njit(cache=True)
def add_win_shares_nb(win_mom, group_mom, winners, group, gx, players):
    """Count a unit's result: the seats in bitmask ``winners`` share the win (``WIN_SCALE``
    split equally; the others 0) into ``win_mom[seat]``, and each policy group's summed
    shares into ``group_mom[group]`` (``gx`` scratch). Returns the shares handed out."""
    tied = popcount_nb(winners)
    for g in range(gx.shape[0]):
        gx[g] = 0
    shares = 0
    for p in range(players):
        share = WIN_SCALE // tied if (winners >> p) & 1 else 0
        shares += share
        moment_add_nb(win_mom, p, share)
        gx[group[p]] += share
    for g in range(gx.shape[0]):
        moment_add_nb(group_mom, g, gx[g])
    return shares
