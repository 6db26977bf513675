"""Thousand's simulation policies (numba): the simulation bidder's play-outs of sampled
deals, and the simulation player.

**Bidder** (:func:`rollout_value_nb`). The cards the seat has not seen are dealt at random,
consistently with what it has seen, ``samples`` times; each sample is played from the
widow on with the heuristic for every seat (:mod:`.heuristic`: the widow kept and given,
marriages declared, cards played) and the seat's points taken (cards and marriages) are
averaged. Before the widow (the auction, and 1000 (2)'s contract) the seat knows its own
seven cards: the others' hands and the widow are sampled. After it (1001's contract,
1000 (2)'s refusal) it knows its eight cards and where the cards it gave went: the rest is
sampled.

**Player** (:func:`simulation_play_nb`, play role ``simulation``): at each card it plays,
the cards it cannot see are dealt ``samples`` times consistently with the cards played and
the suits each seat has shown out of (:func:`~simkit.core.tricks.deal_unseen_nb`; not
using the widow it saw or, as declarer, which opponent got which card), each legal card is
put on the trick and the deal played out by the heuristic for every seat, its marriages
declared as the heuristic declares them (:func:`playout_nb`), and the card with the best
total wins: for the declarer twice his deal score (+ or - the contract) less the
defenders' points, for a defender twice his points less the declarer's deal score and the
other defender's points (each seat's score against the average of the two others). It
gives and keeps widow cards and declares marriages as the heuristic does.
"""
import numpy as np
from numba import njit

from simkit.core.ace_ten import marriage_suits_nb
from simkit.core.rng import next_u64_nb, randbelow_nb, seed_stream_nb
from simkit.core.rollout import best_by_rollouts_nb, follow_legal_nb, play_trick_nb
from simkit.core.trick_play import N_ERR, R_PLAY, SeatPolicies
from simkit.core.tricks import (MAX_SEATS, NO_TRUMP, S_DEAL_NO, S_FOLLOW, S_N_IN_TRICK, S_PLAYED, S_SEAT, S_SIZE,
                                S_TABLE, S_TRICK_NO, S_TRUMP, TT_DECK, card_pool_nb, close_trick_nb, deal_unseen_nb,
                                popcount_nb, start_deal_nb, trick_view_nb)
from simkit.games.thousand.heuristic import declare_suit_nb, heuristic_play_nb, play_flags_nb
from simkit.games.thousand.layout import (BID_HEURISTIC, H, N_BID_PARAMS, N_REC, O, VERSION, P_DRAW,
                                          P_PLAY_SAMPLES, P_TRUMP_WEIGHT, PLAY_HEURISTIC, PLAY_SIMULATION, R_BID,
                                          S_CONTRACT, S_DECLARER, S_GIVEN, S_POINTS, ThousandCtx)
from simkit.games.thousand.play import (MARRIAGE_BITS, TRICKS, after_trick_nb, play_out_nb, start_play_nb,
                                        widow_nb)
from simkit.games.thousand.scoring import HAND, MARRIAGE_VALUES, POINTS, TABLES, WIDOW

#: the heuristic's declare weight in the playouts (points per card of the suit), and its trump drawing
SIM_TRUMP_WEIGHT = 10.0
SIM_DRAW = 1.0
NO_AUDIT = np.bool_(False)


@njit(cache=True)
def _draw_nb(pool, pos, k, pst):
    """``k`` cards of ``pool[pos:]`` at random (a partial shuffle in place) as a bitmask."""
    out = 0
    n = pool.shape[0]
    for i in range(pos, pos + k):
        j = i + randbelow_nb(pst, n - i)
        c = pool[j]
        pool[j] = pool[i]
        pool[i] = c
        out |= np.int64(1) << c
    return out


@njit(cache=True)
def rollout_value_nb(seat, hand, given, pre_widow, samples, ctx, fns):
    """The mean points ``seat`` takes as declarer with ``hand`` over ``samples`` sampled
    deals (module doc) from the deal in ``ctx`` (its state; random draws from ``ctx.pst``;
    the play-outs on a context of their own: the heuristic's seats, their state, hands,
    record, audit and error record, scratch record; the hooks :func:`choose_nb` and
    :func:`.play.after_trick_nb`), the user functions ``fns``. ``pre_widow``: ``hand`` is the dealt seven cards, the others' hands
    and the widow are sampled; else ``hand`` is the eight cards he plays and ``given[k]``
    the card he gave to his ``k``-th opponent, the opponents' other seven cards are
    sampled."""
    state, tables, pst = ctx.state, ctx.tables, ctx.pst
    heur = SeatPolicies(np.full((2, 3), PLAY_HEURISTIC, np.int64), np.zeros((2, 3, N_BID_PARAMS), np.float64),
                        np.zeros(3, np.int64))
    for s in range(3):
        heur.code[R_BID, s] = BID_HEURISTIC
        heur.params[R_PLAY, s, P_TRUMP_WEIGHT] = SIM_TRUMP_WEIGHT
        heur.params[R_PLAY, s, P_DRAW] = SIM_DRAW
    known = hand | given[0] | given[1]
    pool = card_pool_nb(tables[NO_TRUMP, TT_DECK] & ~known)
    hands = np.zeros(MAX_SEATS, np.int64)
    sim = np.zeros(S_SIZE, np.int64)
    sim_ctx = ThousandCtx(ctx.deck0, ctx.opts, tables, ctx.seats, ctx.stats, np.zeros(2, np.int64),
                          np.zeros(N_ERR, np.int64), ctx.deck, ctx.dst, pst, sim, hands, heur,
                          np.zeros(N_REC, np.int64), ctx.scores, ctx.dscore, ctx.tseat, ctx.gx, np.zeros(0, np.int64),
                          ctx.same, np.zeros(H.size, np.int64))
    total = 0
    for _ in range(samples):
        for i in range(S_SIZE):
            sim[i] = state[i]
        start_deal_nb(sim, tables, NO_TRUMP, 3, TRICKS, 2, seat, -1, state[S_DEAL_NO])
        hands[seat] = hand
        pos = 0
        for k in range(2):
            o = (seat + 1 + k) % 3
            hands[o] = given[k] | _draw_nb(pool, pos, HAND, pst)
            pos += HAND
        if pre_widow:
            widow = _draw_nb(pool, pos, WIDOW, pst)
            widow_nb(seat, widow, sim_ctx, fns)
        start_play_nb(sim, ctx.opts, seat, 0)
        sim[S_GIVEN] = given[0] | given[1]
        play_out_nb(choose_nb, after_trick_nb, sim_ctx, fns, NO_AUDIT)
        total += sim[S_POINTS + seat]
    return total / samples


# -- the simulation player -----------------------------------------------------------------------------
@njit(cache=True)
def key_stream_nb(scratch):
    """A random stream from the key ``scratch[H.key]`` (drawn at each deal from the unit's
    policy stream, :func:`draw_key_nb`), the key moved on so that the next decision draws
    afresh."""
    rs = np.zeros(4, np.uint64)
    seed_stream_nb(rs, scratch[H.key], 0)
    scratch[H.key] = np.int64(next_u64_nb(rs) >> np.uint64(1))
    return rs


@njit(cache=True, inline="always")
def draw_key_nb(seats, scratch, pst):
    """At a deal's start: when a seat plays by simulation, a new key ``scratch[H.key]``
    (the hooks' scratch record) from the policy stream ``pst`` (no draw otherwise: every
    other policy's statistics stay as they were)."""
    for s in range(3):
        if seats.code[R_PLAY, s] == PLAY_SIMULATION:
            scratch[H.key] = np.int64(next_u64_nb(pst) >> np.uint64(1))
            return


@njit(cache=True, inline="always")
def _heuristic_card_nb(seat, hand, legal, st, trick, tt, ctx):
    """:func:`~.heuristic.heuristic_play_nb` as the play-outs' ``heuristic_fn``."""
    return heuristic_play_nb(seat, hand, legal, st, trick, tt, ctx[4])


@njit(cache=True, inline="always")
def _sample_nb(seat, hand, state, sampled, ctx):
    """One deal of the unseen cards consistent with what ``seat`` has seen."""
    tables, _, rs, _, _ = ctx
    deal_unseen_nb(seat, hand, state, tables[state[S_TABLE]], sampled, rs)


@njit(cache=True, inline="always")
def playout_nb(seat, hands, st, ctx):
    """Play the deal in ``st`` out from the trick in progress (the candidate card on it)
    by the heuristic for every seat: each trick's card points to its winner, who then
    declares the marriage the heuristic declares (its value to him, its suit trump, his
    lead its king or queen); returns what the deal is worth to ``seat`` (module doc)."""
    tables, opts, _, weight, flags = ctx
    trick = trick_view_nb(st)
    while True:
        tt = tables[st[S_TABLE]]
        play_trick_nb(hands, st, trick, tt, ctx, follow_legal_nb, _heuristic_card_nb)
        pts = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]]
        w = close_trick_nb(st, trick, tt)
        st[S_POINTS + w] += pts
        if st[S_TRICK_NO] >= TRICKS:
            break
        suits = marriage_suits_nb(hands[w])
        if suits:
            s = declare_suit_nb(hands[w], suits, weight)
            st[S_TABLE] = s
            st[S_TRUMP] = s
            st[S_FOLLOW] = opts[O.follow]
            st[S_POINTS + w] += MARRIAGE_VALUES[s]
            st[S_SEAT] = w
            card = heuristic_play_nb(w, hands[w], hands[w] & MARRIAGE_BITS[s], st, trick, tables[s], flags)
            bit = np.int64(1) << card
            hands[w] &= ~bit
            trick[0] = card
            st[S_PLAYED] |= bit
            st[S_N_IN_TRICK] = 1
    decl = st[S_DECLARER]
    c = st[S_CONTRACT]
    score = c if st[S_POINTS + decl] >= c else -c
    if seat == decl:
        return 2 * score - (st[S_POINTS] + st[S_POINTS + 1] + st[S_POINTS + 2] - st[S_POINTS + decl])
    other = 3 - seat - decl
    return 2 * st[S_POINTS + seat] - score - st[S_POINTS + other]


@njit(cache=True)
def simulation_play_nb(seat, hand, legal, state, trick, tt, opts, scratch, samples, weight, flags):
    """The simulation player's card (module doc): the legal card with the best total over
    ``samples`` sampled deals played out (:func:`playout_nb`, the heuristic with
    ``weight`` and the rule ``flags``; :func:`~simkit.core.rollout.best_by_rollouts_nb`;
    random draws keyed by ``scratch[H.key]``, :func:`key_stream_nb`); ties: the
    heuristic's card, then the lowest code. The leader of a declared marriage, who holds
    only its king and queen for that trick, plays the heuristic's card."""
    first = heuristic_play_nb(seat, hand, legal, state, trick, tt, flags)
    if popcount_nb(hand) != TRICKS - state[S_TRICK_NO]:
        return first
    rs = key_stream_nb(scratch)
    return best_by_rollouts_nb(seat, hand, legal, state, first, max(1, samples),
                               (TABLES, opts, rs, weight, flags), _sample_nb, playout_nb)


@njit(cache=True)
def heuristic_choose_nb(seat, hand, legal, state, trick, tt, params, opts):
    """The heuristic player's card (:func:`~.heuristic.heuristic_play_nb`, its flags from
    the seat's parameters ``params[seat]``)."""
    return heuristic_play_nb(seat, hand, legal, state, trick, tt,
                             play_flags_nb(params[seat], opts[O.version] == VERSION.v_1000_2))


@njit(cache=True)
def simulation_choose_nb(seat, hand, legal, state, trick, tt, params, opts, scratch):
    """The simulation player's card (:func:`simulation_play_nb`, its samples, weight and
    flags from the seat's parameters ``params[seat]``, its key in ``scratch[H.key]``)."""
    p = params[seat]
    flags = play_flags_nb(p, opts[O.version] == VERSION.v_1000_2)
    return simulation_play_nb(seat, hand, legal, state, trick, tt, opts, scratch, np.int64(p[P_PLAY_SAMPLES]),
                              p[P_TRUMP_WEIGHT], flags)


@njit(cache=True, inline="always")
def choose_nb(code, seat, hand, legal, state, trick, tt, params, ctx):
    """The engine's ``choose`` hook, with the context in the place of the options
    (:mod:`simkit.core.trick_play`, the hooks' context): the built-in play policies, the
    heuristic (:func:`heuristic_choose_nb`, on ``ctx.opts``) and the simulation player
    (:func:`simulation_choose_nb`, which also gets the scratch record ``ctx.scratch``);
    random play is the engine's."""
    if code == PLAY_SIMULATION:
        return simulation_choose_nb(seat, hand, legal, state, trick, tt, params, ctx.opts, ctx.scratch)
    return heuristic_choose_nb(seat, hand, legal, state, trick, tt, params, ctx.opts)
