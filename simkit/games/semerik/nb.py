"""Semerik kernels: deal, declare, play and score deals and games to 21 (seed file 000
lines 1-45) on the shared trick engine (:mod:`simkit.core.trick_play`).

Seats 0..3 clockwise, partners opposite: side 0 = seats 0 and 2 (``ns``), side 1 = seats
1 and 3 (``ew``); ``partner = seat ^ 2``, ``side = seat & 1``. A deal: shuffle, ten cards
each from the dealer's left (000:7 «Каждому игроку сдается по 10 карт»), the hands'
declarations scored at once in turn from the dealer's left (000:33 «Подсчет point
производится сразу же после раздачи, до первого хода»), then ten tricks from the dealer's
left (000:35 «Первым ходит игрок, сидящий слева от раздающего; следующим - игрок, взявший
взятку»): follow suit, else any card (000:41-43); the highest card of the suit led wins,
or with ``hearts_trump`` the highest heart (000:23). Each trick is scored as it closes by
the ``after_trick`` hook (:func:`after_trick_nb`, called directly in the chunk's random-play deals;
:func:`after_trick_cb`, its ``cfunc``, elsewhere; 000:33 «комбинации карт во взятках
добавляются во время игры»): its counters (000:27), the last-trick option, all ten tricks
(000:29). The running totals live in ``state[S_SCORE]`` (per side) for the policies;
under ``game_end=immediate`` the hook stops the deal the moment a side reaches the
target (GAMES.md G01 ambiguity 7).

The hook also keeps what the players have seen for the heuristic: the hands before the
trick (so each seat's card is known), and each seat's first *shown* suit (its first lead,
or its first discard: 000:39 «ходить в масть партнера, "показывать" ему свою масть»).
Under ``partner_overtake=enforce`` it checks every card against 000:45 (a user policy that
overtakes its partner illegally is stopped there: the engine computes the plain legal set
and has no hook to narrow it, so the built-in policies narrow it themselves).
"""
from collections import namedtuple

import numpy as np
from numba import typeof, types

from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.jit import cfunc, njit
from simkit.core.borrow import borrowed
from simkit.core.options import choices, layout
from simkit.core.rng import next_u64_nb, randbelow_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import (TrickInputs, bundle, context, deal_core_nb, fns_type, shuffle_top_nb,
                                    trick_core_nb, unit_loop)
from simkit.core.trick_play import (AFTER_SIG, CHOOSE_SIG, E_DEAL, E_HAND, E_KIND, E_LED, E_LEGAL, E_MOVE, E_SEAT,
                                    E_TRICK, ERR_GAME, R_PLAY, SeatPolicies, play_tricks_inline_nb, play_tricks_nb)
from simkit.core.tricks import (PLAY_FN, PLAY_SIG, no_user_play_nb,  # noqa: F401  (the user signature)
                                MAX_SEATS, NO_TRUMP, S_CARDS, S_DEAL_NO, S_EXTRA, S_LEADER, S_N_IN_TRICK, S_PLAYED,
                                S_SCORE, S_SIZE, S_TRICK_NO, S_TRICKS, S_TRUMP, S_VOIDS, S_WON, TT_DECK, TT_ESUIT,
                                TT_POWER, TT_SUIT_BITS, beating_nb, card_pool_nb, deal_round_nb, higher_in_suit_nb,
                                lowest_card_nb, masters_nb, popcount_nb, start_deal_nb, strongest_nb, trick_winner_nb,
                                weakest_nb)
# the play policy codes and parameter slots (shared with the declarations)
from simkit.games.semerik.codes import (N_PLAY_PARAMS, P_CAPTURE, P_CASH, P_COUNT, P_DRAW, P_DUCK,  # noqa: F401
                                        P_FEED, P_FORCE, P_OVERTAKE, P_SAMPLES, P_SIGNAL, P_UNDER, P_VOID, PLAY_BASIC,
                                        PLAY_HEURISTIC, PLAY_RANDOM, PLAY_RANDOM_ENF, PLAY_SIMULATION, PLAY_USER)
from simkit.games.semerik.rules import SemerikRules
from simkit.games.semerik.scoring import (ALL_TRICKS_POINTS, COUNTERS, TABLES, counter_points_nb, declarations_nb,
                                          partner_overtake_nb)

#: bitmask of the 24 counters (3 2 A K Q J)
COUNTER_MASK = np.int64(0)
for _c in range(64):
    if COUNTERS[_c]:
        COUNTER_MASK |= np.int64(1) << _c

#: ``ABOVE[card]``: the cards of its suit that beat it (the same in both trick tables: hearts as trumps keep
#: their order), for the heuristic's master tests without a loop over the suit per card
#: (computed in Python, as :func:`higher_in_suit_nb` does, so that importing compiles nothing)
ABOVE = np.zeros(64, np.int64)
for _c in range(64):
    if (TABLES[NO_TRUMP, TT_DECK] >> _c) & 1:
        _tt = TABLES[NO_TRUMP]
        for _d in range(64):
            if (_tt[TT_SUIT_BITS + _tt[TT_ESUIT + _c]] >> _d) & 1 and _tt[TT_POWER + _d] > _tt[TT_POWER + _c]:
                ABOVE[_c] |= np.int64(1) << _d

# extra state fields
S_HAND0 = S_EXTRA + 0        # 4 entries: each seat's hand before the current trick
S_TRICK_LEAD = S_EXTRA + 4   # the seat that led the current trick
S_SHOWN = S_EXTRA + 5        # 3 bits per seat: 1 + the suit it showed first (0: none yet)
S_POOLED = S_EXTRA + 6       # counters taken by side 0 this deal, plus 32 x side 1's
S_SEAT_PTS = S_EXTRA + 7     # 4 entries: points scored by each seat's tricks this deal
S_RNG = S_EXTRA + 11         # the random state of random play under partner_overtake=enforce
S_SIM_LEAD = S_EXTRA + 12    # the lead a simulation seat chose for the coming trick (-1 none)
S_WINNER = S_EXTRA + 13      # the side that reached the target (game_end=immediate), -1 none

#: ``opts`` slots (:func:`~simkit.core.options.layout`): one per rule option, named as it, then what the game
#: derives (filled by the game after ``pack``): ``table``, the trick table played (:func:`.scoring.trump_table`
#: of ``hearts_trump``), and ``signals``, 1 when a seat's policy may read S_SHOWN (not all play random: the hook
#: notes the suits shown)
O = layout(SemerikRules, extra=("table", "signals"))
TRICK_POINTS = choices(SemerikRules, "trick_points")
PARTNER_OVERTAKE = choices(SemerikRules, "partner_overtake")
GAME_END = choices(SemerikRules, "game_end")
UNIT = choices(SemerikRules, "unit")

ERR_OVERTAKE = ERR_GAME
WIN_SCALE = 2                # a win counts 2, a draw 1 to each side
DECL_BINS = 128              # above any hand's declarations
PTS_BINS = 64                # above any seat's points in a deal (10 tricks x 2 + last trick 10 + 4)
N_CARDS = 10
ALL_SHOWN = 0o1111           # one bit per seat's S_SHOWN field
SIM_WIN = 1000               # a simulated play-out that ends the game counts this many points
# the heuristic's fixed lead weights (a regression of play-out values of every lead in heuristic self-play,
# docs/semerik.md; the weights that matter most are the parameters cash, draw, under, force and void)
LEAD_BLANK_UNDER = 0.18      # a non-counter from a suit whose master the hand holds
LEAD_COUNTER = 0.1           # a counter that is not a master
LEAD_ONE_ABOVE = 0.17        # ... with a single unseen card above it
LEAD_BACKED = 0.14           # ... with a higher card of the suit in the hand (not its master)

#: the user play function (tricks.PLAY_SIG): play(hand, legal, state, params) -> card code (a bit of ``legal``);
#: ``state[S_SCORE]``, ``state[S_SCORE + 1]`` = the sides' running totals, S_SHOWN the seats' shown suits.


# -- the trick hook ------------------------------------------------------------------------------
@njit(cache=True)
def overtake_violation_nb(cards, lead, hand0, tt):
    """Under ``partner_overtake=enforce``: ``(position, cards allowed there)`` of the first
    card of the finished trick that overtook its partner's winning card in a trick of
    fewer than three counters while its seat held a card that did not (000:45), or
    ``(-1, 0)``. ``cards[seat]`` = each seat's card, ``hand0`` = the hands before the trick."""
    trick = np.empty(4, np.int64)
    for i in range(4):
        trick[i] = cards[(lead + i) & 3]
    led = tt[TT_ESUIT + trick[0]]
    for i in range(2, 4):
        seat = (lead + i) & 3
        legal = hand0[seat] & tt[TT_SUIT_BITS + led]
        if legal == 0:
            legal = hand0[seat]
        allowed = partner_overtake_nb(legal, trick, i, tt)
        if (allowed >> trick[i]) & 1 == 0:
            return i, allowed
    return -1, np.int64(0)


@njit(cache=True)
def enforce_check_nb(hands, state, opts, err):
    """Under ``partner_overtake=enforce``: fill ``err`` and return False when a card of the
    trick just closed broke 000:45 (:func:`overtake_violation_nb`)."""
    lead = state[S_TRICK_LEAD]
    cards = np.empty(4, np.int64)
    hand0 = np.empty(4, np.int64)
    for s in range(4):
        hand0[s] = state[S_HAND0 + s]
        cards[s] = lowest_card_nb(hand0[s] & ~hands[s])
    i, allowed = overtake_violation_nb(cards, lead, hand0, TABLES[opts[O.table]])
    if i < 0:
        return True
    seat = (lead + i) & 3
    err[E_KIND] = ERR_OVERTAKE
    err[E_SEAT] = seat
    err[E_MOVE] = cards[seat]
    err[E_HAND] = hand0[seat]
    err[E_LED] = cards[lead]
    err[E_DEAL] = state[S_DEAL_NO]
    err[E_TRICK] = state[S_TRICK_NO] - 1
    err[E_LEGAL] = allowed
    return False


@njit(cache=True, inline="always")     # inlined into the chunk's engine loop (no borrowing here)
def after_trick_nb(hands, state, opts, pst, err):
    """The engine's ``after_trick`` hook. Score the trick just closed (``state[S_LEADER]`` =
    its winner) for the winner's side: its counters' points (000:27, per trick or pooled),
    the last-trick option, all ten tricks (000:29 «Если игроки взяли все десять взяток, им
    дается 4 point»); note the seats' shown suits; under ``enforce`` check 000:45; stop the
    deal when a side reaches the target under ``game_end=immediate``. The chunk's deals
    call it directly (:func:`~simkit.core.trick_play.play_tricks_inline_nb`), where it is
    compiled into the engine's loop on the views its kernel borrowed (+7-12 % random deals
    a second against a separate function)."""
    if opts[O.partner_overtake] == PARTNER_OVERTAKE.enforce and not enforce_check_nb(hands, state, opts, err):
        return False
    lead = state[S_TRICK_LEAD]
    winner = state[S_LEADER]
    side = winner & 1
    every = (state[S_HAND0] & ~hands[0]) | (state[S_HAND0 + 1] & ~hands[1]) | (state[S_HAND0 + 2] & ~hands[2]) \
        | (state[S_HAND0 + 3] & ~hands[3])
    counters = popcount_nb(every & COUNTER_MASK)
    packed = state[S_POOLED]
    state[S_POOLED] = packed + (counters << (5 * side))
    if opts[O.trick_points] == TRICK_POINTS.pooled:
        old = (packed >> (5 * side)) & 31
        pts = (old + counters) // 3 - old // 3
    else:
        pts = counter_points_nb(counters)
    if state[S_TRICK_NO] == state[S_CARDS]:
        pts += opts[O.last_trick]
        if state[S_WON + side] + state[S_WON + side + 2] == state[S_CARDS]:
            pts += ALL_TRICKS_POINTS
    state[S_SEAT_PTS + winner] += pts
    state[S_SCORE + side] += pts
    shown = state[S_SHOWN]
    if opts[O.signals] != 0 and (shown | shown >> 1 | shown >> 2) & ALL_SHOWN != ALL_SHOWN:   # one has not shown
        led = lowest_card_nb(state[S_HAND0 + lead] & ~hands[lead]) & 3
        for s in range(4):
            if (shown >> (3 * s)) & 7 == 0:
                suit = lowest_card_nb(state[S_HAND0 + s] & ~hands[s]) & 3
                if s == lead or suit != led:
                    shown |= (suit + 1) << (3 * s)
        state[S_SHOWN] = shown
    state[S_HAND0] = hands[0]
    state[S_HAND0 + 1] = hands[1]
    state[S_HAND0 + 2] = hands[2]
    state[S_HAND0 + 3] = hands[3]
    state[S_TRICK_LEAD] = winner
    if opts[O.game_end] == GAME_END.immediate and state[S_WINNER] < 0 and state[S_SCORE + side] >= opts[O.target]:
        state[S_WINNER] = side
        return False
    return True


@cfunc(AFTER_SIG, cache=True)
def after_trick_cb(hands, state, opts, pst, err):
    """:func:`after_trick_nb` as the engine's ``cfunc`` hook, for the simulation's
    play-outs and :func:`one_deal_nb`."""
    hands, state, opts, pst, err = borrowed((hands, state, opts, pst, err))   # the engine's arrays: see borrow.py
    return after_trick_nb(hands, state, opts, pst, err)


# -- play policies ------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def shown_suit_nb(state, seat):
    """The suit ``seat`` showed first this deal (its first lead or discard), or -1."""
    return ((state[S_SHOWN] >> (3 * seat)) & 7) - 1


@njit(cache=True, inline="always")
def basic_play_nb(seat, hand, legal, state, trick, tt, overtake, signal, count):
    """The first heuristic, kept as the baseline policy ``basic``: partnership play for
    points (the counters come in threes and fours, 000:27).

    Leading: a master card (nothing unseen beats it; with ``count`` >= 0.5 and hearts
    trump: a master heart while the others may hold hearts, "drawing trumps", and no plain
    master an opponent has shown void in); else, with ``signal`` >= 0.5, the lowest card of
    the suit the partner showed (000:39 «ходить в масть партнера»); else the lowest card of
    the longest suit, which shows it. Following: the partner winning, do not overtake him
    (000:45) unless the trick would hold ``overtake`` counters or more with the overtaking
    card and an opponent is still to play; when last, give him the cheapest counter. An opponent winning: the cheapest
    winner when last; else a sure winner, or the strongest winner when the trick already
    holds two counters; otherwise the lowest card, a non-counter where possible, and when
    void (``signal``) from a suit holding a master, which shows the partner that suit."""
    n = state[S_N_IN_TRICK]
    gone = state[S_PLAYED] | hand
    trump = state[S_TRUMP]
    if n == 0:
        masters = masters_nb(legal, gone, tt)
        if count >= 0.5 and trump >= 0 and masters:
            trumps = tt[TT_SUIT_BITS + trump]
            if trumps & ~gone:
                if masters & trumps:
                    return strongest_nb(masters & trumps, tt)
                voids = state[S_VOIDS] >> (5 * ((seat + 1) & 3)) | state[S_VOIDS] >> (5 * ((seat + 3) & 3))
                m = masters
                while m:
                    c = lowest_card_nb(m)
                    m &= m - 1
                    if (voids >> tt[TT_ESUIT + c]) & 1:
                        masters &= ~(np.int64(1) << c)
        if masters:
            return strongest_nb(masters, tt)
        if signal >= 0.5:
            ps = shown_suit_nb(state, seat ^ 2)
            if ps >= 0 and legal & tt[TT_SUIT_BITS + ps]:
                return weakest_nb(legal & tt[TT_SUIT_BITS + ps], tt)
        best = -1
        bn = 0
        for s in range(4):
            k = popcount_nb(legal & tt[TT_SUIT_BITS + s])
            if k > bn:
                bn = k
                best = s
        return weakest_nb(legal & tt[TT_SUIT_BITS + best], tt)
    win = beating_nb(legal, trick, n, tt)
    lose = legal & ~win
    last = n == 3
    counters = 0
    for i in range(n):
        counters += COUNTERS[trick[i]]
    w = (state[S_LEADER] + trick_winner_nb(trick, n, tt)) & 3
    if w == (seat ^ 2):
        if win and not last:
            c = strongest_nb(win, tt)
            if counters + COUNTERS[c] >= overtake:
                return c
        if lose:
            if last and lose & COUNTER_MASK:
                return weakest_nb(lose & COUNTER_MASK, tt)
            if lose & ~COUNTER_MASK:
                return weakest_nb(lose & ~COUNTER_MASK, tt)
            return weakest_nb(lose, tt)
        return weakest_nb(legal, tt)
    if win:
        if last:
            return weakest_nb(win, tt)
        sure = masters_nb(win, gone, tt)
        if sure:
            return weakest_nb(sure, tt)
        if counters >= 2:
            return strongest_nb(win, tt)
    pool = lose if lose else legal
    if signal >= 0.5 and legal & tt[TT_SUIT_BITS + tt[TT_ESUIT + trick[0]]] == 0:
        for s in range(4):
            bits = tt[TT_SUIT_BITS + s]
            if masters_nb(hand & bits, gone, tt) and pool & bits & ~COUNTER_MASK:
                return weakest_nb(pool & bits & ~COUNTER_MASK, tt)
    if pool & ~COUNTER_MASK:
        return weakest_nb(pool & ~COUNTER_MASK, tt)
    return weakest_nb(pool, tt)


@njit(cache=True, inline="always")
def masters_of_nb(cards, gone):
    """The cards of ``cards`` that no card still out beats in their suit (every card of
    :data:`ABOVE` in ``gone``): :func:`~simkit.core.tricks.masters_nb` on the table."""
    out = np.int64(0)
    m = cards
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        if ABOVE[c] & ~gone == 0:
            out |= np.int64(1) << c
    return out


@njit(cache=True, inline="always")
def spare_nb(cards, gone, tt):
    """The card of ``cards`` (non-empty) that costs least to give away: the weakest
    non-counter, else the weakest counter that is not a master, else the weakest card."""
    if cards & ~COUNTER_MASK:
        return weakest_nb(cards & ~COUNTER_MASK, tt)
    plain = cards & ~masters_of_nb(cards, gone)
    if plain:
        return weakest_nb(plain, tt)
    return weakest_nb(cards, tt)


@njit(cache=True, inline="always")
def gift_nb(cards, gone, tt):
    """The counter of ``cards`` to give the partner's trick: the weakest counter that is not a
    master (a master is worth keeping to take a trick later), else -1."""
    c = cards & COUNTER_MASK & ~masters_of_nb(cards, gone)
    if c:
        return weakest_nb(c, tt)
    return -1


@njit(cache=True, inline="always")
def lead_nb(seat, hand, state, tt, gone, p):
    """The heuristic's lead: with ``count`` under ``hearts_trump`` a master heart while
    hearts are out (drawing trumps); else every card of the hand is scored and the best
    led, ties to the weaker card. A non-counter scores 0 (``LEAD_BLANK_UNDER`` less from
    a suit whose master the hand holds); a master counter ``cash`` x tricks played / 9 less
    ``draw`` per unseen card of its suit, plus ``force`` when every unseen card of the suit
    is a counter (who follows must give one); any other counter ``LEAD_COUNTER``, less
    ``LEAD_ONE_ABOVE`` with one unseen card above it, less ``under`` when the hand holds
    the suit's master (leading under one's own master gives the trick to the card
    between), plus ``LEAD_BACKED`` with a higher card of the suit in the hand otherwise;
    every card of a suit an opponent has shown void in scores ``void`` more."""
    trump = state[S_TRUMP]
    if p[P_COUNT] >= 0.5 and trump >= 0:
        trumps = tt[TT_SUIT_BITS + trump]
        if trumps & ~gone:
            m = masters_of_nb(hand & trumps, gone)
            if m:
                return strongest_nb(m, tt)
    late = state[S_TRICK_NO] / 9.0
    best = -1
    bs = -1e9
    for s in range(4):
        bits = tt[TT_SUIT_BITS + s]
        cs = hand & bits
        if cs == 0:
            continue
        unseen = bits & ~gone
        own_master = ABOVE[strongest_nb(cs, tt)] & ~gone == 0
        base = 0.0
        if (state[S_VOIDS] >> (5 * ((seat + 1) & 3) + s)) & 1 or (state[S_VOIDS] >> (5 * ((seat + 3) & 3) + s)) & 1:
            base = p[P_VOID]
        m = cs
        while m:
            c = lowest_card_nb(m)
            m &= m - 1
            above = ABOVE[c]
            sc = base
            if COUNTERS[c] == 0:
                if own_master:
                    sc -= LEAD_BLANK_UNDER
            elif above & unseen == 0:
                sc += p[P_CASH] * late - p[P_DRAW] * popcount_nb(unseen)
                if unseen and unseen & ~COUNTER_MASK == 0:
                    sc += p[P_FORCE]
            else:
                sc += LEAD_COUNTER
                if popcount_nb(above & unseen) == 1:
                    sc -= LEAD_ONE_ABOVE
                if own_master:
                    sc -= p[P_UNDER]
                elif above & cs:
                    sc += LEAD_BACKED
            if sc > bs or (sc == bs and tt[TT_POWER + c] < tt[TT_POWER + best]):
                bs = sc
                best = c
    return best


@njit(cache=True, inline="always")
def heuristic_play_nb(seat, hand, legal, state, trick, tt, p):
    """Partnership play for points (policy ``heuristic``; ``p`` = the seat's parameters,
    ``P_*``). A trick scores only with three or four counters in it (000:27), so counters
    go into the partner's tricks, masters are kept to take tricks that hold counters, and
    the opponents are left to spend theirs on tricks that hold none.

    Leading: :func:`lead_nb` (low cards, masters cashed late or when the others must follow
    with counters, no counter led under one's own master). Following:

    * the partner winning: overtake him with a master only if the trick would then hold
      ``overtake`` counters and an opponent is still to play (000:45 advises three);
      else give a counter that is not a master (:func:`gift_nb`) when last, or (``feed``
      1) when his card is a master or the trick already holds two counters (``feed`` 2:
      always); last on a trick of two or more counters, even a master counter; else the
      cheapest card (:func:`spare_nb`);
    * an opponent winning, last: the winner that makes the trick worth most, the weakest
      of them; with ``duck``, a master counter that would only take a pointless trick is
      kept and the cheapest card played instead;
    * an opponent winning, others to play: a non-counter that wins for now; else the
      weakest master (a sure winner), or else the weakest counter that wins, when the trick
      would then hold ``capture`` counters; else the cheapest card; void in the suit led,
      with ``signal``, a non-counter from a suit whose master the hand holds (showing it)."""
    n = state[S_N_IN_TRICK]
    gone = state[S_PLAYED] | hand
    if n == 0:
        return lead_nb(seat, hand, state, tt, gone, p)
    overtake = p[P_OVERTAKE]
    feed = p[P_FEED]
    capture = p[P_CAPTURE]
    duck = p[P_DUCK]
    win = beating_nb(legal, trick, n, tt)
    lose = legal & ~win
    last = n == 3
    counters = 0
    for i in range(n):
        counters += COUNTERS[trick[i]]
    wi = trick_winner_nb(trick, n, tt)
    wcard = trick[wi]
    w = (state[S_LEADER] + wi) & 3
    if w == (seat ^ 2):
        if win and not last:
            sure = masters_of_nb(win, gone)
            if sure:
                c = strongest_nb(sure, tt)
                if counters + COUNTERS[c] >= overtake:
                    return c
        if lose:
            g = gift_nb(lose, gone, tt)
            if g >= 0 and (last or feed >= 1.5 or (feed >= 0.5 and (counters >= 2 or ABOVE[
                    wcard] & ~gone == 0))):
                return g
            if last and counters >= 2 and lose & COUNTER_MASK:
                return weakest_nb(lose & COUNTER_MASK, tt)
            return spare_nb(lose, gone, tt)
        return weakest_nb(legal, tt)
    if win:
        if last:
            best = -1
            bv = -1
            m = win
            while m:
                c = lowest_card_nb(m)
                m &= m - 1
                v = counter_points_nb(counters + COUNTERS[c])
                if v > bv or (v == bv and tt[TT_POWER + c] < tt[TT_POWER + best]):
                    bv = v
                    best = c
            if bv == 0 and duck >= 0.5 and lose and ABOVE[best] & ~gone == 0 and COUNTERS[best]:
                return spare_nb(lose, gone, tt)
            return best
        sure = masters_of_nb(win, gone)
        plain = win & ~sure
        if plain & ~COUNTER_MASK:
            return weakest_nb(plain & ~COUNTER_MASK, tt)
        if sure:
            c = weakest_nb(sure, tt)
            if counters + COUNTERS[c] >= capture:
                return c
        if plain:
            c = weakest_nb(plain, tt)
            if counters + COUNTERS[c] >= capture:
                return c
    pool = lose if lose else legal
    if p[P_SIGNAL] >= 0.5 and legal & tt[TT_SUIT_BITS + tt[TT_ESUIT + trick[0]]] == 0:
        for s in range(4):
            bits = tt[TT_SUIT_BITS + s]
            if masters_of_nb(hand & bits, gone) and pool & bits & ~COUNTER_MASK:
                return weakest_nb(pool & bits & ~COUNTER_MASK, tt)
    return spare_nb(pool, gone, tt)


@njit(cache=True, inline="always")
def state_random_nb(state, n):
    """A number below ``n`` from the splitmix64 stream kept in ``state[S_RNG]`` (random play
    under ``enforce``, where the engine's random stream does not reach the policy)."""
    x = np.uint64(state[S_RNG]) + np.uint64(0x9E3779B97F4A7C15)
    state[S_RNG] = np.int64(x)
    z = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return np.int64(z % np.uint64(n))


@cfunc(CHOOSE_SIG, cache=True)
def choose_play_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policies: the heuristic (:func:`heuristic_play_nb`); the first
    heuristic ``basic`` (:func:`basic_play_nb`); the simulation (a lead chosen by
    :func:`simulation_lead_nb` before the trick, the heuristic otherwise); random play
    under ``enforce``. Under ``enforce`` the legal set is first narrowed by 000:45."""
    n = state[S_N_IN_TRICK]
    if opts[O.partner_overtake] == PARTNER_OVERTAKE.enforce and n >= 2:
        legal = partner_overtake_nb(legal, trick, n, tt)
    if code == PLAY_RANDOM_ENF:
        k = state_random_nb(state, popcount_nb(legal))
        m = legal
        for _ in range(k):
            m &= m - 1
        return lowest_card_nb(m)
    if code == PLAY_SIMULATION and n == 0 and state[S_SIM_LEAD] >= 0:
        c = state[S_SIM_LEAD]
        state[S_SIM_LEAD] = -1
        if (legal >> c) & 1:
            return c
    if code == PLAY_BASIC:
        return basic_play_nb(seat, hand, legal, state, trick, tt, params[seat, P_OVERTAKE], params[seat, P_SIGNAL],
                             params[seat, P_COUNT])
    return heuristic_play_nb(seat, hand, legal, state, trick, tt, params[seat])


# -- the simulation policy's leads ----------------------------------------------------------------
@njit(cache=True)
def sample_hidden_nb(seat, hands, state, deck_bits, out, pst):
    """A deal of the cards ``seat`` cannot see consistent with what he has seen: each
    other seat gets as many cards as it holds, none of a suit it has shown void in
    (``S_VOIDS``). Uniform by rejection (at most 64 tries), else a constrained greedy
    deal."""
    pool = card_pool_nb(deck_bits & ~state[S_PLAYED] & ~hands[seat])
    n = pool.shape[0]
    voids = state[S_VOIDS]
    for attempt in range(65):
        for i in range(n - 1):
            j = i + randbelow_nb(pst, n - i)
            c = pool[j]
            pool[j] = pool[i]
            pool[i] = c
        pos = 0
        ok = True
        for s in range(4):
            out[s] = hands[s] if s == seat else 0
        for s in range(4):
            if s == seat:
                continue
            for _ in range(popcount_nb(hands[s])):
                c = pool[pos]
                pos += 1
                out[s] |= np.int64(1) << c
                if (voids >> (5 * s + (c & 3))) & 1:
                    ok = False
        if ok:
            return
        if attempt == 64:
            break
    # greedy: most constrained cards first would be exact; here each card goes to a seat
    # with room that is not void in its suit, if any
    room = np.zeros(4, np.int64)
    for s in range(4):
        out[s] = hands[s] if s == seat else 0
        room[s] = 0 if s == seat else popcount_nb(hands[s])
    for i in range(n):
        c = pool[i]
        pick = -1
        for s in range(4):
            if room[s] > 0 and (voids >> (5 * s + (c & 3))) & 1 == 0:
                pick = s
                break
        if pick < 0:
            for s in range(4):
                if room[s] > 0:
                    pick = s
                    break
        out[pick] |= np.int64(1) << c
        room[pick] -= 1


@njit(cache=True)
def simulation_lead_nb(seat, ctx, fns):
    """The lead of a ``simulation`` seat in the deal of ``ctx``: for each card of its hand,
    ``samples`` deals of the unseen cards (:func:`sample_hidden_nb`, the same deals for
    every card) are played out by the engine (with the hooks ``fns``, ``fns[1]`` the
    ``cfunc``) with the heuristic for every seat after that lead; the card with the best
    mean points of its side minus the other's over the rest of the deal (a play-out that
    ends the game counts ``SIM_WIN``) is led."""
    hands, state, tables, opts, pst = ctx.hands, ctx.state, ctx.tables, ctx.opts, ctx.pst
    p = ctx.seats.params[R_PLAY, seat]
    samples = max(1, np.int64(p[P_SAMPLES]))
    tt = tables[opts[O.table]]
    side = seat & 1
    cands = card_pool_nb(hands[seat])
    k = cands.shape[0]
    value = np.zeros(k, np.int64)
    code = np.full((1, 4), PLAY_SIMULATION, np.int64)
    params = np.empty((1, 4, N_PLAY_PARAMS), np.float64)
    for s in range(4):
        for j in range(N_PLAY_PARAMS):
            params[0, s, j] = p[j]
    sim_seats = SeatPolicies(code, params, np.zeros(4, np.int64))
    sim = np.zeros(MAX_SEATS, np.int64)
    work_hands = np.zeros(MAX_SEATS, np.int64)
    work = np.empty(S_SIZE, np.int64)
    audit_out = np.zeros(2, np.int64)
    err = np.zeros(16, np.int64)
    for _ in range(samples):
        sample_hidden_nb(seat, hands, state, tt[TT_DECK], sim, pst)
        for i in range(k):
            for j in range(S_SIZE):
                work[j] = state[j]
            for s in range(4):
                work_hands[s] = sim[s]
                work[S_HAND0 + s] = sim[s]
            work[S_SIM_LEAD] = cands[i]
            work[S_TRICKS] = work[S_CARDS]
            before = work[S_SCORE + side] - work[S_SCORE + 1 - side]
            play_tricks_nb(fns[0], fns[1], np.bool_(True), work_hands, work, tables, opts, sim_seats, fns[2], pst,
                           np.bool_(False), audit_out, err)
            v = work[S_SCORE + side] - work[S_SCORE + 1 - side] - before
            if work[S_WINNER] >= 0 and state[S_WINNER] < 0:
                v += SIM_WIN if work[S_WINNER] == side else -SIM_WIN
            value[i] += v
    best = 0
    for i in range(1, k):
        if value[i] > value[best]:
            best = i
    return cands[best]


@njit(cache=True, inline="always")     # once per deal: inlined (no borrowing here, see borrow.py)
def play_all_nb(engine, hook, ctx, fns, audit):
    """The tricks of the deal in ``ctx``: one call of the trick engine ``engine`` with the
    hook ``hook`` (:func:`~simkit.core.trick_play.play_tricks_inline_nb` and
    :func:`after_trick_nb` in the chunk: the loop compiled into the deal, the hook a
    direct call; :func:`~simkit.core.trick_play.play_tricks_nb` and the ``cfunc``
    ``fns[1]`` in :func:`one_deal_nb`), or trick by trick with ``play_tricks_nb`` and
    ``fns[1]`` when a ``simulation`` seat may lead (its lead chosen before the trick,
    :func:`simulation_lead_nb`)."""
    hands, state, tables, opts, seats, pst = ctx.hands, ctx.state, ctx.tables, ctx.opts, ctx.seats, ctx.pst
    audit_out, err = ctx.audit_out, ctx.err
    choose_fn, after_fn, play_fn = fns[0], fns[1], fns[2]
    sim = False
    for s in range(4):
        if seats.code[R_PLAY, s] == PLAY_SIMULATION:
            sim = True
    if not sim:
        return engine(choose_fn, hook, np.bool_(True), hands, state, tables, opts, seats, play_fn, pst, audit,
                      audit_out, err)
    for t in range(state[S_TRICK_NO], state[S_CARDS]):
        leader = state[S_LEADER]
        state[S_SIM_LEAD] = -1
        if seats.code[R_PLAY, leader] == PLAY_SIMULATION and hands[leader] & (hands[leader] - 1):
            state[S_SIM_LEAD] = simulation_lead_nb(leader, ctx, fns)
        state[S_TRICKS] = t + 1
        if not play_tricks_nb(choose_fn, after_fn, np.bool_(True), hands, state, tables, opts, seats, play_fn, pst,
                              audit, audit_out, err):
            state[S_TRICKS] = state[S_CARDS]
            return False
    state[S_TRICKS] = state[S_CARDS]
    return True


# -- a deal ---------------------------------------------------------------------------------------
@njit(cache=True, inline="always")     # once per deal: inlined (no borrowing here)
def play_deal_nb(engine, hook, ctx, fns, order, deal_no, dealer, audit):
    """Deal ``deal_no`` from the card order ``order`` on top of the running totals in
    ``ctx.state[S_SCORE]``: deal, declare (``ctx.decl[seat]`` = each hand's points from the
    table ``ctx.dtable``, scored in turn from the dealer's left), play. Returns False on
    an illegal move (``ctx.err`` filled); a side reaching the target under
    ``game_end=immediate`` sets ``state[S_WINNER]`` (the deal stops there). ``engine``,
    ``hook``: see :func:`play_all_nb`."""
    state, hands, tables, opts, pst, audit_out, err = (ctx.state, ctx.hands, ctx.tables, ctx.opts, ctx.pst,
                                                       ctx.audit_out, ctx.err)
    dtable, decl = ctx.dtable, ctx.decl
    deal_round_nb(order, 4, N_CARDS, dealer, hands)
    start_deal_nb(state, tables, opts[O.table], 4, N_CARDS, dealer, (dealer + 1) & 3, -1, deal_no)
    state[S_TRICK_LEAD] = state[S_LEADER]
    state[S_SHOWN] = 0
    state[S_POOLED] = 0
    state[S_SIM_LEAD] = -1
    state[S_WINNER] = -1
    if opts[O.partner_overtake] == PARTNER_OVERTAKE.enforce:
        state[S_RNG] = np.int64(next_u64_nb(pst) >> np.uint64(1))
    for s in range(4):
        state[S_HAND0 + s] = hands[s]
        state[S_SEAT_PTS + s] = 0
    if audit:
        audit_out[0] += 1
        union = hands[0] | hands[1] | hands[2] | hands[3]
        if union != tables[NO_TRUMP, TT_DECK] or popcount_nb(hands[0]) + popcount_nb(hands[1]) \
                + popcount_nb(hands[2]) + popcount_nb(hands[3]) != 40:
            audit_out[1] += 1
    immediate = opts[O.game_end] == GAME_END.immediate
    for i in range(4):
        s = (dealer + 1 + i) & 3
        decl[s] = declarations_nb(hands[s], dtable)
        if state[S_WINNER] < 0:
            state[S_SCORE + (s & 1)] += decl[s]
            if immediate and state[S_SCORE + (s & 1)] >= opts[O.target]:
                state[S_WINNER] = s & 1
    if state[S_WINNER] >= 0:
        return True
    ok = play_all_nb(engine, hook, ctx, fns, audit)
    if not ok and err[E_KIND] != 0:
        return False
    if audit:
        audit_out[0] += 1
        won = 0
        pts = 0
        for s in range(4):
            won += state[S_WON + s]
            pts += state[S_SEAT_PTS + s]
        held = hands[0] | hands[1] | hands[2] | hands[3]
        if held & state[S_PLAYED] or held | state[S_PLAYED] != tables[NO_TRUMP, TT_DECK] \
                or won != state[S_TRICK_NO] or pts < 0:
            audit_out[1] += 1
        if state[S_TRICK_NO] == N_CARDS:
            audit_out[0] += 1
            if state[S_PLAYED] != tables[NO_TRUMP, TT_DECK] or held != 0:
                audit_out[1] += 1
    return True


@njit(cache=True)
def deal_points_ref_nb(decl, seat_pts, side):
    """Audit: a side's points of a finished deal from the per-seat pieces."""
    return decl[side] + decl[side + 2] + seat_pts[side] + seat_pts[side + 2]


# -- the chunk kernel ------------------------------------------------------------------------------
#: the statistics (``stats.<name>``; shapes in :meth:`Semerik._run`): ``decl_hist[seat, points]`` every
#: dealt hand's declarations; ``side_decl[side]`` moments of a side's declarations per deal; finished
#: deals (all ten tricks): ``pts_hist[seat, points]`` and ``tricks_hist[seat, tricks]``, ``side_pts[side]``
#: moments of the side's deal points (declarations + tricks), ``counters_mom[side]`` moments of the
#: counters its tricks took, ``dealer_mom`` (dealer's side minus the other, per finished deal),
#: ``deal_win[0]`` (side 0 scored more in the deal: 2, as much: 1); ``counters`` = [deals dealt, deals
#: finished, games, games stopped at max_deals, doubled games, deals with all ten tricks to one side, games
#: ended by declarations, games drawn]. Games: ``game_win[side]`` (2 per win, 1 per draw),
#: ``game_stake[side]`` (+1 or +2 per win, -1 or -2 per loss), ``game_score[side]``, ``game_len[0]``
#: (deals), ``dealer_win[0]`` (the first dealer's side's win shares), ``group_mom[g]`` (the policy
#: group's summed win shares per game).
SemerikStats, STATS_TYPE = bundle("SemerikStats", {
    "decl_hist": 2, "side_decl": 2, "pts_hist": 2, "tricks_hist": 2, "side_pts": 2, "counters_mom": 2,
    "dealer_mom": 2, "counters": 1, "game_win": 2, "game_stake": 2, "game_score": 2, "game_len": 2,
    "dealer_win": 2, "group_mom": 2, "deal_win": 2})
_I1 = types.int64[::1]


#: what the Python side passes Semerik's kernels: :class:`~simkit.core.trick_game.TrickInputs`' fields and
#: ``dtable``, the declarations' table (:func:`.scoring.declaration_table`)
SemerikInputs = namedtuple("SemerikInputs", "deck0 opts tables seats audit_out err dtable")
assert SemerikInputs._fields[:-1] == TrickInputs._fields
INPUTS_TYPE = typeof(SemerikInputs(np.zeros(1, np.uint8), np.zeros(1, np.int64), np.zeros((1, 1), np.int64),
                                   SeatPolicies(np.zeros((1, 1), np.int64), np.zeros((1, 1, 1)), np.zeros(1, np.int64)),
                                   np.zeros(1, np.int64), np.zeros(1, np.int64), np.zeros(1, np.int64)))

#: the kernel context (:func:`~simkit.core.trick_game.context`): the engine's fields and ``dtable`` (the
#: declarations' table), ``decl`` (each seat's declarations this deal), ``gx`` (per policy group)
SemerikCtx = context("SemerikCtx", ("dtable", "decl", "gx"))


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a
    whole game to the target (000:7 «Одна игра состоит из двадцати одного очка»; double
    when the losers have under ``double_below``, 000:31) or, with ``unit=deal``, one
    deal. The deals play on the engine's loop compiled in here with
    :func:`after_trick_nb` called directly; ``fns[1]``, its ``cfunc``, serves only the
    tricks of deals with a ``simulation`` seat (:func:`play_all_nb`). False on an illegal
    move."""
    opts, stats, state, deck, audit_out, decl, gx = ctx.opts, ctx.stats, ctx.state, ctx.deck, ctx.audit_out, ctx.decl, \
        ctx.gx
    single = opts[O.unit] == UNIT.deal
    max_deals = 1 if single else opts[O.max_deals]
    target = opts[O.target]
    immediate = opts[O.game_end] == GAME_END.immediate
    group = ctx.seats.group
    decl_hist, side_decl, pts_hist, tricks_hist = stats.decl_hist, stats.side_decl, stats.pts_hist, stats.tricks_hist
    side_pts, counters_mom, dealer_mom, counters = stats.side_pts, stats.counters_mom, stats.dealer_mom, stats.counters
    game_win, game_stake, game_score, game_len = stats.game_win, stats.game_stake, stats.game_score, stats.game_len
    dealer_win, group_mom, deal_win = stats.dealer_win, stats.group_mom, stats.deal_win
    n_groups = group_mom.shape[0]
    state[S_SCORE] = 0
    state[S_SCORE + 1] = 0
    deals = 0
    winner = -1
    by_decl = False
    for d in range(max_deals):
        poll_interrupt_nb()
        dealer = (opts[O.first_dealer] + d) & 3
        shuffle_top_nb(deck, 39, ctx.dst)
        before0 = state[S_SCORE]
        before1 = state[S_SCORE + 1]
        if not play_deal_nb(play_tricks_inline_nb, after_trick_nb, ctx, fns, deck, d + 1, dealer, audit):
            return False
        deals += 1
        counters[0] += 1
        for s in range(4):
            decl_hist[s, decl[s]] += 1
        for side in range(2):
            moment_add_nb(side_decl, side, decl[side] + decl[side + 2])
        if state[S_TRICK_NO] == N_CARDS:
            counters[1] += 1
            gain0 = state[S_SCORE] - before0
            gain1 = state[S_SCORE + 1] - before1
            for s in range(4):
                pts_hist[s, state[S_SEAT_PTS + s]] += 1
                tricks_hist[s, state[S_WON + s]] += 1
            for side in range(2):
                moment_add_nb(side_pts, side, gain0 if side == 0 else gain1)
                if state[S_WON + side] + state[S_WON + side + 2] == N_CARDS:
                    counters[5] += 1
            for side in range(2):
                moment_add_nb(counters_mom, side, (state[S_POOLED] >> (5 * side)) & 31)
            moment_add_nb(dealer_mom, 0, gain0 - gain1 if dealer & 1 == 0 else gain1 - gain0)
            moment_add_nb(deal_win, 0, 2 if gain0 > gain1 else (1 if gain0 == gain1 else 0))
            if audit:
                audit_out[0] += 1
                if (state[S_POOLED] & 31) + (state[S_POOLED] >> 5) != 24:    # the 24 counters (000:27)
                    audit_out[1] += 1
                audit_out[0] += 1
                if gain0 != deal_points_ref_nb(decl, state[S_SEAT_PTS:S_SEAT_PTS + 4], 0) \
                        or gain1 != deal_points_ref_nb(decl, state[S_SEAT_PTS:S_SEAT_PTS + 4], 1):
                    audit_out[1] += 1
        if single:
            break
        if state[S_WINNER] >= 0:
            winner = state[S_WINNER]
            by_decl = state[S_TRICK_NO] == 0
            break
        s0 = state[S_SCORE]
        s1 = state[S_SCORE + 1]
        if not immediate and (s0 >= target or s1 >= target) and s0 != s1:
            winner = 0 if s0 > s1 else 1
            break
    if single:
        return True
    s0 = state[S_SCORE]
    s1 = state[S_SCORE + 1]
    counters[2] += 1
    if winner < 0:
        counters[3] += 1
        if s0 != s1:
            winner = 0 if s0 > s1 else 1
    if by_decl:
        counters[6] += 1
    value = 1
    if winner >= 0 and (s1 if winner == 0 else s0) < opts[O.double_below]:
        value = 2
        counters[4] += 1
    if winner < 0:
        counters[7] += 1
    for side in range(2):
        share = 1 if winner < 0 else (2 if winner == side else 0)
        moment_add_nb(game_win, side, share)
        moment_add_nb(game_stake, side, 0 if winner < 0 else (value if winner == side else -value))
        moment_add_nb(game_score, side, s0 if side == 0 else s1)
    moment_add_nb(game_len, 0, deals)
    fd = opts[O.first_dealer] & 1
    moment_add_nb(dealer_win, 0, 1 if winner < 0 else (2 if winner == fd else 0))
    for g in range(n_groups):
        gx[g] = 0
    for seat in range(4):
        gx[group[seat]] += 1 if winner < 0 else (2 if winner == (seat & 1) else 0)
    for g in range(n_groups):
        moment_add_nb(group_mom, g, gx[g])
    if audit:
        audit_out[0] += 1
        top = max(s0, s1)
        if winner >= 0 and (top < target or (s0 if winner == 0 else s1) < target):
            audit_out[1] += 1
    return True


run_units_nb = unit_loop(unit_nb)


@njit(types.void(types.int64, types.int64, types.int64, INPUTS_TYPE, fns_type(PLAY_FN), STATS_TYPE, types.boolean),
      cache=True)
def semerik_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` into ``stats`` (:data:`SemerikStats`) with the unit
    hook :func:`unit_nb` (``inp``: :class:`SemerikInputs`, ``inp.opts`` the layout
    :data:`O`)."""
    ctx = SemerikCtx(*(trick_core_nb(inp, stats) + (inp.dtable, np.zeros(4, np.int64),
                                                    np.zeros(stats.group_mom.shape[0], np.int64))))
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.boolean(types.uint8[::1], INPUTS_TYPE, fns_type(PLAY_FN), types.int64, types.int64, _I1, _I1, _I1),
      cache=True)
def one_deal_nb(order, inp, fns, dealer, seed, state, hands, decl):
    """One deal dealt from the fixed card order ``order`` (tests, notebooks), audited into
    ``inp.audit_out``; policy randomness from unit 0's policy stream of ``seed``. ``state``
    keeps the sides' totals set in ``state[S_SCORE]`` by the caller; ``hands`` receives the
    hands as dealt, ``decl`` the declarations. False on an illegal move (``inp.err``)."""
    ctx = SemerikCtx(*(deal_core_nb(inp, order, seed, state) + (inp.dtable, decl, np.zeros(1, np.int64))))
    ok = play_deal_nb(play_tricks_nb, fns[1], ctx, fns, order, 1, dealer, np.bool_(True))
    deal_round_nb(order, 4, N_CARDS, dealer, hands)
    return ok
