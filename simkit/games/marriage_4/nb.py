"""Marriage for four kernels (GAMES.md G13; seed file 002 lines 16-22) on the trick engine.

Seats 0..3 clockwise; partners sit opposite: side 0 = seats 0 and 2, side 1 = seats 1 and
3 (``side = seat & 1``, ``partner = seat ^ 2``). A deal: 36 cards dealt one at a time
(nine each), the partners' card-for-card exchange, then nine tricks led by the dealer's
left. Between tricks (:func:`between_nb`, run by the engine's ``after_trick`` hook
:func:`after_trick_nb`, compiled into the engine's loop) the trick's points are counted and
the rules' decisions made:

* the side of the seat who won the trick may claim (stop the deal, :func:`deal_result_nb`
  scores it);
* before a lead on leads 1-5 the leader may declare marriages (:func:`declare_nb`): the
  first named sets trump (``S_TABLE``, ``S_TRUMP``; follow suit from then on) and he
  must lead one of its cards he holds: for that lead his other cards are set aside
  (``S_HIDDEN``), so every policy, random or user, leads from the marriage; then his side
  may claim.

The kernels run on the game's context :data:`M4Ctx`
(:func:`~simkit.core.trick_game.context`), which the engine hands its hooks in the place of
the options: the rule options ``ctx.opts`` (only those) and the seats' built-in claim and
declare policies as the hook reads them (:func:`decisions_nb`). The hooks are ``@njit``
functions the kernels call directly (:func:`choose_nb`, :func:`after_trick_nb`); the
``cfunc`` hooks the Python side passes in ``fns`` are not used. A decision that needs a
user's function or the simulation pauses the engine (the hook returns False with
``S_PENDING`` set), :func:`play_deal_nb` makes it and resumes play.

Decisions and their user functions: exchange ``play(hand, legal, state, params)`` (a card
to pass; ``state[S_PARTNER]`` = the partner's hand, shown, 002:17), declare ``bid(hand,
state, params)`` (-1, or the trump suit ``t`` plus ``4 * mask`` of the other suits
declared at once; ``state[S_AVAIL]`` = the suits it may declare), claim ``bid(hand, state,
params)`` (1 = claim, 0 = play on; ``state[S_SIDE_PTS + side]`` = the side's true points).
"""
import numpy as np
from numba import types

from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.jit import cfunc, njit
from simkit.core.options import choices, layout
from simkit.core.ace_ten import marriage_suits_nb, points_nb
from simkit.core.cards import RANK_K, RANK_Q
from simkit.core.rng import randbelow_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.borrow import borrowed
from simkit.core.trick_game import (INPUTS_TYPE, bundle, chunk_signature, context, deal_core_nb, fns_type,
                                    shuffle_top_nb, trick_core_nb, unit_loop)
from simkit.core.trick_play import (CHOOSE_SIG, E_KIND, E_TRICK, N_ERR, R_PLAY, SeatPolicies, illegal_move_nb,
                                    play_tricks_inline_nb)
from simkit.core.trick_play import no_after_trick_cb  # noqa: F401  (the hooks tuple's after_trick, read by __init__)
from simkit.core.trick_play import PLAY_RANDOM  # noqa: F401  (policy code, read by policies.py)
from simkit.core.tricks import (BID_FN, BID_SIG, PLAY_FN, PLAY_SIG, no_user_bid_nb, no_user_play_nb,  # noqa: F401
                                F_SUIT, MAX_SEATS, NO_TRUMP, S_DEAL_NO, S_EXTRA, S_FOLLOW, S_LEADER, S_N_IN_TRICK,
                                S_BID, S_PLAYED, S_SCORE, S_SEAT, S_TABLE, S_TRICK_NO, S_TRUMP, S_WON, TT_DECK,
                                TT_POWER, TT_SUIT_BITS, beating_nb, deal_round_nb, lowest_card_nb,
                                popcount_nb, random_card_nb, start_deal_nb, strongest_nb, trick_winner_nb,
                                weakest_nb, masters_nb)
from simkit.games.marriage_4.codes import (CLAIM_HEURISTIC, CLAIM_RANDOM, CLAIM_SIMULATION,  # noqa: F401
                                           DECLARE_HEURISTIC, DECLARE_RANDOM, ERR_CLAIM, ERR_DECLARE, ERR_EXCHANGE,
                                           EXCHANGE_HEURISTIC, EXCHANGE_RANDOM, N_PARAMS, P_SAMPLES, P_SLIP,
                                           P_THRESHOLD, P_TOGETHER, PLAY_HEURISTIC, R_CLAIM, R_DECLARE, R_EXCHANGE)
from simkit.games.marriage_4.rules import MarriageFourRules
from simkit.games.marriage_4.scoring import (DEAL_POINTS, DECLARE_LEADS, HAND, LATER_MARRIAGE, POINTS, TARGET,
                                             YAN_GAMES, claim_games_nb, marriage_value_nb, played_out_nb)

# extra state fields (S_SCORE + seat: the seat's points this deal, cards taken and marriages declared)
S_PHASE = S_EXTRA + 0         # what is asked (PHASE_*)
S_SIDE_PTS = S_EXTRA + 1      # 2: each side's true points: carried over + cards taken + marriages this deal
S_CARD_PTS = S_EXTRA + 3      # 2: card points each side has taken this deal
S_MARRIAGES = S_EXTRA + 5     # marriages declared this deal
S_DECLARED = S_EXTRA + 6      # bit per suit: its marriage was declared
S_HIDDEN = S_EXTRA + 7        # the declarer's cards set aside while he leads from his marriage
S_DECLARER = S_EXTRA + 8      # the seat whose cards are set aside, -1 none
S_CLAIM = S_EXTRA + 9         # the side that stopped the deal, -1 none
S_CARRY = S_EXTRA + 10        # 2: points each side brought into the deal (rule no_101=carry_over)
S_AVAIL = S_EXTRA + 12        # the suits the seat asked to declare may declare (bit per suit)
S_PARTNER = S_EXTRA + 13      # the partner's hand, shown (exchange and declaring)
S_TALLIED = S_BID             # the cards whose points are counted (the game has no bids: it uses S_BID's slots)
S_PENDING = S_BID + 1         # the step whose decision paused play (ST_*)

PHASE_EXCHANGE, PHASE_DECLARE, PHASE_CLAIM, PHASE_PLAY = 0, 1, 2, 3

#: ``opts`` slots (:func:`~simkit.core.options.layout`: one per rule option, named as it)
O = layout(MarriageFourRules)
N_OPTS = len(O)
#: the codes of ``no_101`` and ``unit``
NO_101 = choices(MarriageFourRules, "no_101")
UNIT = choices(MarriageFourRules, "unit")

# the steps between tricks (between_nb) and what they return
ST_TALLY, ST_CLAIM, ST_DECLARE, ST_CLAIM_DECL = range(4)
GO, STOP, PAUSE = 0, 1, 2
NO_ANSWER = -99               # between_nb decides with the built-ins
ASK = -98                     # a built-in decision's answer: the seat's user function or simulation decides

# roles' rows in SeatPolicies, policy codes, parameter slots and error kinds: .codes

# deal outcomes (deal_result_nb): claims at exactly 101, over 101, short of it (the yan);
# deals played out with a side at exactly 101 / over; void
K_EXACT, K_OVER, K_YAN, K_OUT_EXACT, K_OUT_OVER, K_VOID = range(6)
N_KINDS = 6
MAX_POINTS = 300              # a seat's points in a deal (cards 120 + marriages 100) fit below
WIN_SCALE = 2                 # a won unit counts 2, a void one 1 to each side
MAX_CLAIM_PTS = 400           # a claimer's points, carried-over ones included, fit below
#: the engine's between / audit flags (np.bool_: run-time values, one compiled loop)
BETWEEN = np.bool_(False)
HOOKED = np.bool_(True)

#: the kernel context (:func:`~simkit.core.trick_game.context`): the engine's fields, then the seats' built-in
#: claim and declare policies as the hook reads them, one entry per seat (:func:`decisions_nb`): ``claim_code``,
#: ``threshold``, ``slip``, ``decl_code``, ``together`` (1: declare the other marriages with the trump one); the
#: hands as dealt (``dealt``) and after the exchange (``after``), and the policy groups' per-unit sums ``gx``
M4Ctx = context("M4Ctx", ("claim_code", "threshold", "slip", "decl_code", "together", "dealt", "after", "gx"))

_KINGS = 4 * RANK_K
_QUEENS = 4 * RANK_Q


# -- rule steps ------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def avail_marriages_nb(own, partner, declared):
    """The suits whose marriage the holder of ``own`` may declare: king and queen on his
    side (split marriages count, 002:19 «при наличии его у двух партнеров»), one of them in
    his hand (he must lead it, «обязан с него пойти»), not declared before."""
    mine = ((own >> _KINGS) | (own >> _QUEENS)) & 15
    return marriage_suits_nb(own | partner) & mine & ~declared & 15


@njit(cache=True, inline="always")
def declare_nb(state, hands, seat, trump, others):
    """Declare the marriage of suit ``trump`` (and those of ``others``, a suit mask, at
    once) for ``seat``: the deal's first marriage scores 40, every later one 20 (002:19);
    ``trump`` becomes the trump suit, cancelling any earlier one («Каждый новый марьяж
    меняет козыря»; trick table ``trump`` has trump suit ``trump``), and follow-suit holds
    from now on; the seat's cards outside the trump marriage are set aside for the lead he
    must make from it."""
    side = seat & 1
    gain = marriage_value_nb(state[S_MARRIAGES])
    state[S_MARRIAGES] += 1
    for s in range(4):
        if (others >> s) & 1:
            gain += LATER_MARRIAGE
            state[S_MARRIAGES] += 1
    state[S_DECLARED] |= (others | (1 << trump)) & 15
    state[S_SIDE_PTS + side] += gain
    state[S_SCORE + seat] += gain
    state[S_TABLE] = trump
    state[S_TRUMP] = trump
    state[S_FOLLOW] = F_SUIT
    lead = hands[seat] & ((np.int64(1) << (_KINGS + trump)) | (np.int64(1) << (_QUEENS + trump)))
    state[S_HIDDEN] = hands[seat] & ~lead
    state[S_DECLARER] = seat
    hands[seat] = lead


@njit(cache=True, inline="always")
def finish_trick_nb(state, hands):
    """After one trick: the declarer's set-aside cards back in his hand, and the trick's
    card points (the cards played and not yet counted) to its winner and his side.
    (Inlined: the hook runs it after every trick.)"""
    if state[S_DECLARER] >= 0:
        hands[state[S_DECLARER]] |= state[S_HIDDEN]
        state[S_HIDDEN] = 0
        state[S_DECLARER] = -1
    m = state[S_PLAYED] & ~state[S_TALLIED]
    state[S_TALLIED] = state[S_PLAYED]
    pts = 0
    while m:
        pts += POINTS[lowest_card_nb(m)]
        m &= m - 1
    w = state[S_LEADER]
    state[S_CARD_PTS + (w & 1)] += pts
    state[S_SIDE_PTS + (w & 1)] += pts
    state[S_SCORE + w] += pts


@njit(cache=True, inline="always")
def deal_result_nb(state):
    """``(kind, side, games)``: how the deal in ``state`` ended (``K_*``) and the side that
    wins ``games`` games (-1, 0 for a void deal). A claim scores on the claimer's true
    points (GAMES.md G13 ambiguity 3): exactly 101 = 3 games, more = 1, fewer: the other
    side wins 12 (the yan, 002:21); a deal played out goes to a side at 101 or more as if
    it had stopped at the end (ambiguity 4, :func:`~.scoring.played_out_nb`)."""
    claim = state[S_CLAIM]
    if claim >= 0:
        pts = state[S_SIDE_PTS + claim]
        g = claim_games_nb(pts)
        if g < 0:
            return K_YAN, 1 - claim, YAN_GAMES
        return (K_EXACT if pts == TARGET else K_OVER), claim, g
    side, g = played_out_nb(state[S_SIDE_PTS], state[S_SIDE_PTS + 1])
    if side < 0:
        return K_VOID, -1, 0
    return (K_OUT_EXACT if g == 3 else K_OUT_OVER), side, g


# -- heuristic pieces ------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _key_nb(c, tt, points_first):
    """Order key of card ``c``: by card points then power, or power alone."""
    return POINTS[c] * 1024 + tt[TT_POWER + c] if points_first else tt[TT_POWER + c]


@njit(cache=True)
def cheapest_nb(m, tt):
    """The card of ``m`` with the fewest card points, the weakest among equals."""
    best = -1
    key = 1 << 40
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        k = _key_nb(c, tt, True)
        if k < key:
            best, key = c, k
    return best


@njit(cache=True)
def richest_nb(m, tt):
    """The card of ``m`` with the most card points, the weakest among equals (a card to
    give the partner's trick)."""
    best = -1
    key = -1
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        k = POINTS[c] * 1024 + 512 - tt[TT_POWER + c]
        if k > key:
            best, key = c, k
    return best


@njit(cache=True, inline="always")
def heuristic_play_nb(seat, hand, legal, state, trick, tt):
    """Card-point play. Leading: the sure winner (no unseen card of its suit above it)
    worth most, else the cheapest card. Following: when the partner is winning, the richest
    card as last to play (the trick is the side's), else the cheapest; when an opponent is
    winning, the weakest winner as last, the strongest winner before that, else the
    cheapest card."""
    n = state[S_N_IN_TRICK]
    if n == 0:
        tops = masters_nb(legal, state[S_PLAYED] | hand, tt)
        if tops:
            return richest_nb(tops, tt)
        return cheapest_nb(legal, tt)
    w = (state[S_LEADER] + trick_winner_nb(trick, n, tt)) & 3
    if w == seat ^ 2:
        return richest_nb(legal, tt) if n == 3 else cheapest_nb(legal, tt)
    win = beating_nb(legal, trick, n, tt)
    if win:
        return weakest_nb(win, tt) if n == 3 else strongest_nb(win, tt)
    return cheapest_nb(legal, tt)


@njit(cache=True, inline="always")
def choose_nb(code, seat, hand, legal, state, trick, tt, params, ctx):
    """The engine's ``choose`` hook as the kernels call it (the context in the place of
    the options): the built-in play policy, the heuristic (random is the engine's)."""
    return heuristic_play_nb(seat, hand, legal, state, trick, tt)


@cfunc(CHOOSE_SIG, cache=True)
def choose_play_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policy as the engine's ``cfunc`` hook, the hooks tuple's
    ``choose`` (the kernels call :func:`choose_nb` directly)."""
    state, trick, tt = borrowed((state, trick, tt))
    return heuristic_play_nb(seat, hand, legal, state, trick, tt)


@njit(cache=True)
def heuristic_exchange_nb(hand, partner, tt):
    """The card to pass: never a king or queen of a marriage the side holds; else the
    cheapest card of the shortest suit (a void lets its holder trump), the weakest."""
    keep = marriage_suits_nb(hand | partner)
    best = -1
    key = 1 << 40
    m = hand
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        s = c & 3
        r = c >> 2
        if (keep >> s) & 1 and (r == RANK_K or r == RANK_Q):
            continue
        k = (POINTS[c] << 20) + (popcount_nb(hand & tt[TT_SUIT_BITS + s]) << 12) + tt[TT_POWER + c]
        if k < key:
            best, key = c, k
    return best if best >= 0 else weakest_nb(hand, tt)


@njit(cache=True, inline="always")
def heuristic_declare_nb(own, partner, avail, together):
    """Declare whenever a marriage may be declared: trump = the suit the side holds most of
    (own and partner's cards; 002:19 «Каждый новый марьяж меняет козыря»); with
    ``together`` >= 0.5 every other marriage available is declared with it («Можно
    объявлять сразу несколько марьяжей»: more points at once)."""
    if avail == 0:
        return -1
    side = own | partner
    best = -1
    most = -1
    for s in range(4):
        if (avail >> s) & 1:
            n = popcount_nb(side & (np.int64(0x111111111111111) << s))
            if n > most:
                best, most = s, n
    if together >= 0.5:
        return best + 4 * (avail & ~(1 << best))
    return best


@njit(cache=True, inline="always")
def counted_points_nb(pts, slip, pst):
    """A side's points ``pts`` as its player counts them «в уме» (002:22): plus a counting
    error uniform on ``-slip..slip`` (0: an exact count)."""
    k = np.int64(slip)
    if k > 0:
        pts += randbelow_nb(pst, 2 * k + 1) - k
    return pts


# -- decisions ----------------------------------------------------------------------------------
@njit(cache=True)
def decisions_nb(seats):
    """The seats' built-in claim (code, ``threshold``, ``slip``) and declaration (code,
    ``together`` >= 0.5) as the hook reads them: ``(claim_code, threshold, slip,
    decl_code, together)``, one entry per seat."""
    claim_code = np.zeros(4, np.int64)
    threshold = np.zeros(4, np.int64)
    slip = np.zeros(4, np.int64)
    decl_code = np.zeros(4, np.int64)
    together = np.zeros(4, np.int64)
    for seat in range(4):
        claim_code[seat] = seats.code[R_CLAIM, seat]
        threshold[seat] = np.int64(seats.params[R_CLAIM, seat, P_THRESHOLD])
        slip[seat] = np.int64(seats.params[R_CLAIM, seat, P_SLIP])
        decl_code[seat] = seats.code[R_DECLARE, seat]
        together[seat] = seats.params[R_DECLARE, seat, P_TOGETHER] >= 0.5
    return claim_code, threshold, slip, decl_code, together


@njit(cache=True, inline="always")
def builtin_claim_nb(ctx, seat):
    """The seat's claim by its built-in policy: random (a fair coin) or the heuristic
    (the counted points reach ``threshold``); ``ASK`` for a user function or the
    simulation. (Inlined: the hook runs it after every trick.)"""
    code = ctx.claim_code[seat]
    if code == CLAIM_HEURISTIC:
        pts = ctx.state[S_SIDE_PTS + (seat & 1)]
        if ctx.slip[seat] > 0:
            pts = counted_points_nb(pts, ctx.slip[seat], ctx.pst)
        return 1 if pts >= ctx.threshold[seat] else 0
    if code == CLAIM_RANDOM:
        return randbelow_nb(ctx.pst, 2)
    return ASK


@njit(cache=True, inline="always")
def builtin_declare_nb(ctx, seat, avail):
    """The seat's declaration by its built-in policy (-1, or trump + 4 * others): random
    (uniform over nothing and each available suit) or the heuristic; ``ASK`` for a user
    function."""
    code = ctx.decl_code[seat]
    if code == DECLARE_RANDOM:
        k = randbelow_nb(ctx.pst, popcount_nb(avail) + 1)
        return -1 if k == 0 else lowest_card_nb(_drop_low_nb(avail, k - 1))
    if code == DECLARE_HEURISTIC:
        hands = ctx.hands
        return heuristic_declare_nb(hands[seat], hands[seat ^ 2], avail, ctx.together[seat])
    return ASK


@njit(cache=True, inline="always")
def _drop_low_nb(m, k):
    """``m`` without its ``k`` lowest set bits."""
    for _ in range(k):
        m &= m - 1
    return m


@njit(cache=True, inline="always")
def between_nb(ctx, stage, answer):
    """The steps between tricks from ``stage`` (``ST_*``): count the trick (``ST_TALLY``);
    the winner's claim (``ST_CLAIM``, 002:20 «Набрав нужное количество очков, они могут
    объявить о прекращении розыгрыша»); the next leader's declaration on leads 1-5
    (``ST_DECLARE``; lead 1 only with rule ``first_lead_marriage``); after one, his side's
    claim (``ST_CLAIM_DECL``). ``answer`` is the answer to the decision at ``stage`` made
    outside (a user function, the simulation), or ``NO_ANSWER``: the seats' built-in
    policies decide. Returns ``GO`` (play the next
    trick), ``STOP`` (a claim: ``S_CLAIM`` set) or ``PAUSE`` (``S_PENDING`` = the step
    whose decision is the seat's user function's or the simulation's). Works on the
    context's hands and state."""
    hands, state = ctx.hands, ctx.state
    if stage == ST_TALLY:
        finish_trick_nb(state, hands)
        stage = ST_CLAIM
    if stage == ST_CLAIM:
        w = state[S_LEADER]
        a = builtin_claim_nb(ctx, w) if answer == NO_ANSWER else answer
        answer = NO_ANSWER
        if a == ASK:
            state[S_PENDING] = ST_CLAIM
            return PAUSE
        if a == 1:
            state[S_CLAIM] = w & 1
            return STOP
        stage = ST_DECLARE
    if stage == ST_DECLARE:
        seat = state[S_LEADER]
        lead = state[S_TRICK_NO] + 1           # leads 1-5 (002:19 «Марьяж объявляется на первых пяти ходах»)
        if lead > DECLARE_LEADS or (lead == 1 and ctx.opts[O.first_lead_marriage] == 0):
            return GO
        avail = avail_marriages_nb(hands[seat], hands[seat ^ 2], state[S_DECLARED])
        if avail == 0:
            return GO
        a = builtin_declare_nb(ctx, seat, avail) if answer == NO_ANSWER else answer
        answer = NO_ANSWER
        if a == ASK:
            state[S_PENDING] = ST_DECLARE
            return PAUSE
        if a < 0:
            return GO
        declare_nb(state, hands, seat, a & 3, a >> 2)
        stage = ST_CLAIM_DECL
    seat = state[S_DECLARER]
    a = builtin_claim_nb(ctx, seat) if answer == NO_ANSWER else answer
    if a == ASK:
        state[S_PENDING] = ST_CLAIM_DECL
        return PAUSE
    if a == 1:
        hands[seat] |= state[S_HIDDEN]
        state[S_HIDDEN] = 0
        state[S_DECLARER] = -1
        state[S_CLAIM] = seat & 1
        return STOP
    return GO


@njit(cache=True, inline="always")
def after_trick_nb(hands, state, ctx, pst, err):
    """The engine's ``after_trick`` hook (the context in the place of the options; ``hands``,
    ``state``, ``pst`` and ``err`` are the context's): the steps between tricks; False
    stops the engine for a claim or a paused decision. Compiled into the engine's loop
    (:func:`~simkit.core.trick_play.play_tricks_inline_nb`; random deals +21 % against a
    separate ``@njit`` call), on the views its kernel borrowed."""
    return between_nb(ctx, ST_TALLY, NO_ANSWER) == GO


@njit(cache=True)
def bad_move_nb(err, kind, state, seat, move, hand, bound):
    """Fill ``err`` (the engine's layout) for an illegal exchange card, declaration or claim."""
    illegal_move_nb(err, kind, seat, move, hand, bound, state[S_DEAL_NO], state[S_PHASE])
    err[E_TRICK] = state[S_TRICK_NO]


@njit(cache=True)
def _pass_card_nb(seat, left, partner, state, tt, seats, exch_fn, pst):
    if seats.code[R_EXCHANGE, seat] == EXCHANGE_HEURISTIC:
        return heuristic_exchange_nb(left, partner, tt)
    state[S_SEAT] = seat
    state[S_PARTNER] = partner
    return exch_fn(left, left, state, seats.params[R_EXCHANGE, seat])


@njit(cache=True, inline="always")     # once per deal: inlined
def exchange_nb(ctx, exch_fn):
    """The partners' exchange before the opening lead (002:17 «Передача осуществляется до
    выхода, один раз и только в обмен на карты партнера»): each seat picks ``exchange``
    cards of his hand, seeing his partner's (shown), and the partners swap them card for
    card (``exch_fn``: the user exchange function). Returns False on an illegal card."""
    hands, state, seats, pst, err = ctx.hands, ctx.state, ctx.seats, ctx.pst, ctx.err
    tt = ctx.tables[NO_TRUMP]
    n = ctx.opts[O.exchange]
    if n == 0:
        return True
    state[S_PHASE] = PHASE_EXCHANGE
    for a in range(2):
        b = a + 2
        give_a = 0
        give_b = 0
        for seat in (a, b):
            for _ in range(n):
                left = hands[seat] & ~(give_a if seat == a else give_b)
                if seats.code[R_EXCHANGE, seat] == EXCHANGE_RANDOM:
                    c = random_card_nb(left, pst)
                else:
                    c = _pass_card_nb(seat, left, hands[seat ^ 2], state, tt, seats, exch_fn, pst)
                if c < 0 or c > 62 or (left >> c) & 1 == 0:
                    bad_move_nb(err, ERR_EXCHANGE, state, seat, c, left, left)
                    return False
                if seat == a:
                    give_a |= np.int64(1) << c
                else:
                    give_b |= np.int64(1) << c
        hands[a] = (hands[a] & ~give_a) | give_b
        hands[b] = (hands[b] & ~give_b) | give_a
    return True


@njit(cache=True)
def user_declare_nb(seat, hands, state, seats, decl_fn, err):
    """The seat's user declare function's answer (-1, or trump + 4 * others), checked:
    -2 on an illegal one (``err`` filled)."""
    avail = avail_marriages_nb(hands[seat], hands[seat ^ 2], state[S_DECLARED])
    state[S_PHASE] = PHASE_DECLARE
    state[S_SEAT] = seat
    state[S_AVAIL] = avail
    state[S_PARTNER] = hands[seat ^ 2]
    a = decl_fn(hands[seat], state, seats.params[R_DECLARE, seat])
    state[S_PHASE] = PHASE_PLAY
    if a == -1:
        return -1
    t = a & 3
    others = a >> 2
    if a < 0 or (avail >> t) & 1 == 0 or others > 15 or others & ~avail or (others >> t) & 1:
        bad_move_nb(err, ERR_DECLARE, state, seat, a, hands[seat], avail)
        return -2
    return a


@njit(cache=True)
def asked_claim_nb(ctx, fns, seat):
    """The claim of a seat whose policy is the simulation or a user function (1 claim,
    0 play on; ``fns[5]``: the user claim function), -1 on an illegal user answer
    (``ctx.err`` filled). The declarer's set-aside cards are in his hand while he
    decides."""
    hands, state = ctx.hands, ctx.state
    hidden = state[S_HIDDEN] if state[S_DECLARER] == seat else 0
    hands[seat] |= hidden
    p = ctx.seats.params[R_CLAIM, seat]
    if ctx.seats.code[R_CLAIM, seat] == CLAIM_SIMULATION:
        a = simulation_claim_nb(ctx, fns, seat, p)
    else:
        state[S_PHASE] = PHASE_CLAIM
        state[S_SEAT] = seat
        a = fns[5](hands[seat], state, p)
        state[S_PHASE] = PHASE_PLAY
    hands[seat] &= ~hidden
    if a != 0 and a != 1:
        bad_move_nb(ctx.err, ERR_CLAIM, state, seat, a, hands[seat] | hidden, 1)
        return -1
    return a


# -- the simulation claim -------------------------------------------------------------------------
@njit(cache=True)
def rollout_seats_nb():
    """Every seat plays the heuristic (the simulation's play-outs)."""
    return SeatPolicies(np.full((4, 4), PLAY_HEURISTIC, np.int64), np.zeros((4, 4, N_PARAMS), np.float64),
                        np.zeros(4, np.int64))


@njit(cache=True)
def rollout_decisions_nb():
    """The play-outs' built-in decisions (as :func:`decisions_nb`): every seat claiming
    exactly at 101 and declaring by the heuristic (together)."""
    return (np.full(4, CLAIM_HEURISTIC, np.int64), np.full(4, TARGET, np.int64), np.zeros(4, np.int64),
            np.full(4, DECLARE_HEURISTIC, np.int64), np.ones(4, np.int64))


@njit(cache=True)
def simulation_claim_nb(ctx, fns, seat, p):
    """Claim when stopping now is worth at least playing on (``p``: the seat's claim
    parameters). Stopping is worth :func:`~.scoring.claim_games_nb` of the side's counted
    points (:func:`counted_points_nb`, error ``slip``); playing on, the mean games the side
    wins over ``samples`` deals consistent with what the seat has seen (his and his
    partner's hands, shown, 002:17, the cards played; the opponents' cards dealt at
    random), played out inside the kernel from the paused step with heuristic play and
    declarations and exact claims at 101 (:func:`play_outs_nb`, on a context of its own)."""
    now = claim_games_nb(counted_points_nb(ctx.state[S_SIDE_PTS + (seat & 1)], p[P_SLIP], ctx.pst))
    samples = max(1, np.int64(p[P_SAMPLES]))
    sim = M4Ctx(*((ctx.deck0, ctx.opts, ctx.tables, rollout_seats_nb(), None, np.zeros(2, np.int64),
                   np.zeros(N_ERR, np.int64), ctx.deck, ctx.dst, ctx.pst, np.empty_like(ctx.state),
                   np.zeros(MAX_SEATS, np.int64)) + rollout_decisions_nb()
                  + (ctx.dealt, ctx.after, ctx.gx)))
    total = play_outs_nb(sim, fns, seat, samples, ctx.hands, ctx.state)
    return 1 if now * samples >= total else 0


@njit(cache=True)
def play_outs_nb(sim, fns, seat, samples, hands, state):
    """The games ``seat``'s side wins minus those it loses over ``samples`` play-outs of
    the deal in ``hands`` and ``state`` with the opponents' cards dealt anew, on the
    play-outs' context ``sim`` (its hands and state the work arrays, its policies and
    decisions theirs), through :func:`~simkit.core.borrow.borrowed` views of its array
    arguments, as the unit loop."""
    sim, hands, state = borrowed((sim, hands, state))
    sim_hands, sim_state, pst = sim.hands, sim.state, sim.pst
    side = seat & 1
    a = (seat + 1) & 3
    b = (seat + 3) & 3
    k = popcount_nb(hands[a])
    pool_mask = hands[a] | hands[b]
    n = popcount_nb(pool_mask)
    pool = np.empty(n, np.int64)
    for i in range(n):
        pool[i] = lowest_card_nb(pool_mask)
        pool_mask &= pool_mask - 1
    total = 0
    for _ in range(samples):
        for s in range(4):
            sim_hands[s] = hands[s]
        sim_hands[a] = 0
        sim_hands[b] = 0
        for i in range(n):
            j = i + randbelow_nb(pst, n - i)
            c = pool[j]
            pool[j] = pool[i]
            pool[i] = c
            if i < k:
                sim_hands[a] |= np.int64(1) << c
            else:
                sim_hands[b] |= np.int64(1) << c
        for i in range(sim_state.shape[0]):
            sim_state[i] = state[i]
        if sim_state[S_DECLARER] >= 0:              # claiming right after a declaration: the lead is still owed
            sim_hands[sim_state[S_DECLARER]] &= ~sim_state[S_HIDDEN]
        # play on from the step after the paused claim: the next declaration, or the owed lead
        r = GO if sim_state[S_PENDING] == ST_CLAIM_DECL else between_nb(sim, ST_DECLARE, NO_ANSWER)
        if r == GO and sim_state[S_TRICK_NO] < HAND:
            play_tricks_inline_nb(choose_nb, after_trick_nb, HOOKED, sim_hands, sim_state, sim.tables, sim, sim.seats,
                                  fns[2], pst, BETWEEN, sim.audit_out, sim.err)
        _, w, g = deal_result_nb(sim_state)
        total += g if w == side else (-g if w >= 0 else 0)
    return total


# -- one deal ------------------------------------------------------------------------------------
@njit(cache=True, inline="always")     # once per deal: inlined (one between_nb call site)
def play_deal_nb(ctx, fns, order, deal_no, dealer, audit):
    """One deal from the card order ``order``: deal nine each one at a time from the
    dealer's left (002:17 «Сдача по одной всех карт»; ``ctx.dealt`` receives the hands),
    the exchange (``ctx.after`` receives the hands it leaves), then the tricks from the
    dealer's left (002:18): before a trump any card may be played, the highest of the suit
    led wins; declarations on leads 1-5 and claims after each trick won or marriage
    declared (:func:`between_nb`, in the engine's hook :func:`after_trick_nb`, called
    directly; paused decisions made here with the user functions of ``fns``: play, exchange,
    declare, claim from ``fns[2]``). ``ctx.state[S_CARRY]`` (two sides) holds the points
    carried in. Leaves the outcome in ``ctx.state`` (:func:`deal_result_nb`); returns False
    on an illegal move (``ctx.err`` filled). Inlined, so it uses the context as the caller
    passes it (the unit loop's borrowed views) and must not borrow it itself: an inlined
    function's arguments may be its caller's temporaries, which numba frees after their
    last use (:mod:`simkit.core.borrow`)."""
    state, hands, tables, opts, audit_out, err = ctx.state, ctx.hands, ctx.tables, ctx.opts, ctx.audit_out, ctx.err
    dealt, after = ctx.dealt, ctx.after
    deal_round_nb(order, 4, HAND, dealer, hands)
    for s in range(4):
        dealt[s] = hands[s]
    start_deal_nb(state, tables, NO_TRUMP, 4, HAND, dealer, (dealer + 1) & 3, -1, deal_no)
    state[S_FOLLOW] = 0                       # 002:18 «можно класть до объявления козыря — любую»
    for side in range(2):
        state[S_SIDE_PTS + side] = state[S_CARRY + side]
        state[S_CARD_PTS + side] = 0
    for s in range(4):
        state[S_SCORE + s] = 0
    state[S_MARRIAGES] = 0
    state[S_DECLARED] = 0
    state[S_HIDDEN] = 0
    state[S_DECLARER] = -1
    state[S_CLAIM] = -1
    state[S_TALLIED] = 0
    state[S_PENDING] = -1
    deck_mask = tables[NO_TRUMP, TT_DECK]
    if audit:
        audit_out[0] += 1
        if (hands[0] | hands[1] | hands[2] | hands[3]) != deck_mask or popcount_nb(hands[0]) + popcount_nb(
                hands[1]) + popcount_nb(hands[2]) + popcount_nb(hands[3]) != 36:
            audit_out[1] += 1
    if not exchange_nb(ctx, fns[3]):
        return False
    for s in range(4):
        after[s] = hands[s]
    if audit:
        audit_out[0] += 1
        bad = (hands[0] | hands[1] | hands[2] | hands[3]) != deck_mask
        for s in range(4):
            moved = popcount_nb(dealt[s] & ~hands[s])
            if popcount_nb(hands[s]) != HAND or moved > opts[O.exchange] or (hands[s] & ~dealt[s]) & ~dealt[s ^ 2]:
                bad = True
        if bad:
            audit_out[1] += 1
    state[S_PHASE] = PHASE_PLAY
    stage, a = ST_DECLARE, NO_ANSWER          # the opening lead's declaration, by the built-ins
    while True:
        r = between_nb(ctx, stage, a)
        if r == STOP:
            break
        if r == GO:
            if state[S_TRICK_NO] == HAND or play_tricks_inline_nb(choose_nb, after_trick_nb, HOOKED, hands, state,
                                                                   tables, ctx, ctx.seats, fns[2], ctx.pst, audit,
                                                                   audit_out, err):
                break
            if err[E_KIND] != 0:
                return False
            if state[S_CLAIM] >= 0:
                break
        # play paused for a decision: make it, then go on from its step
        stage = state[S_PENDING]
        if stage == ST_DECLARE:
            a = user_declare_nb(state[S_LEADER], hands, state, ctx.seats, fns[4], err)
            if a == -2:
                return False
        else:
            seat = state[S_LEADER] if stage == ST_CLAIM else state[S_DECLARER]
            a = asked_claim_nb(ctx, fns, seat)
            if a < 0:
                return False
    if audit:
        audit_out[0] += 1
        left = hands[0] | hands[1] | hands[2] | hands[3]
        m = state[S_MARRIAGES]
        marr = (state[S_SIDE_PTS] + state[S_SIDE_PTS + 1] - state[S_CARRY] - state[S_CARRY + 1]
                - state[S_CARD_PTS] - state[S_CARD_PTS + 1])
        seats_sum = state[S_SCORE] + state[S_SCORE + 1] + state[S_SCORE + 2] + state[S_SCORE + 3]
        if (state[S_CARD_PTS] + state[S_CARD_PTS + 1] + points_nb(left, POINTS) != DEAL_POINTS
                or left & state[S_PLAYED] or (left | state[S_PLAYED]) != deck_mask or state[S_DECLARER] >= 0
                or marr != (0 if m == 0 else 40 + LATER_MARRIAGE * (m - 1))
                or seats_sum != state[S_CARD_PTS] + state[S_CARD_PTS + 1] + marr
                or (state[S_CLAIM] < 0 and (state[S_TRICK_NO] != HAND or left != 0))):
            audit_out[1] += 1
    return True


# -- the chunk kernel ---------------------------------------------------------------------------
#: the statistics (shapes in :meth:`MarriageFour._run`): ``deal_kind[kind, side]`` (the side that
#: wins: the claimer, the other side for a yan; void in column 0) per deal and ``unit_kind`` per unit;
#: ``side_win[side]`` (2 per unit won, 1 per void unit), ``side_games[side]`` (games won minus lost per
#: unit), ``group_mom[g]`` (the policy group's win shares) and ``group_mom[n + g]`` (its net games) per
#: unit; ``unit_len[0]`` deals per unit, ``deal_len[0]`` tricks per deal, ``eldest_mom[0]`` the
#: eldest's side's net games per deal; ``points[seat, p]`` and ``tricks[seat, t]`` per deal;
#: ``marriages[m]`` marriages declared per deal; ``held`` = [seats dealt a marriage in their nine,
#: sides dealt one in their eighteen]; ``claim_pts[p]`` the claimer's true points; ``counters`` =
#: [deals, units, units stopped at max_deals, exchanges made].
M4Stats, STATS_TYPE = bundle("M4Stats", {
    "deal_kind": 2, "unit_kind": 2, "side_win": 2, "side_games": 2, "group_mom": 2, "unit_len": 2,
    "deal_len": 2, "eldest_mom": 2, "points": 2, "tricks": 2, "marriages": 1, "held": 1, "claim_pts": 1,
    "counters": 1})
@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a
    single deal, or deals until one is decided (void deals replayed, or their points
    carried over). False on an illegal move."""
    opts, stats, state, dealt, gx = ctx.opts, ctx.stats, ctx.state, ctx.dealt, ctx.gx
    single = opts[O.unit] == UNIT.deal
    max_deals = 1 if single else opts[O.max_deals]
    carry = opts[O.no_101] == NO_101.carry_over
    deal_kind, unit_kind, side_win, side_games = stats.deal_kind, stats.unit_kind, stats.side_win, stats.side_games
    group_mom, unit_len, deal_len, eldest_mom = stats.group_mom, stats.unit_len, stats.deal_len, stats.eldest_mom
    points, tricks, marriages, held = stats.points, stats.tricks, stats.marriages, stats.held
    claim_pts, counters = stats.claim_pts, stats.counters
    audit_out = ctx.audit_out
    group = ctx.seats.group
    n_groups = group_mom.shape[0] // 2
    state[S_CARRY] = 0
    state[S_CARRY + 1] = 0
    kind, side, games = K_VOID, -1, 0
    deals = 0
    for d in range(max_deals):
        poll_interrupt_nb()
        dealer = (opts[O.first_dealer] + d) & 3
        shuffle_top_nb(ctx.deck, 35, ctx.dst)
        if not play_deal_nb(ctx, fns, ctx.deck, d + 1, dealer, audit):
            return False
        deals += 1
        counters[0] += 1
        counters[3] += 4 * opts[O.exchange]
        kind, side, games = deal_result_nb(state)
        deal_kind[kind, max(side, 0)] += 1
        moment_add_nb(deal_len, 0, state[S_TRICK_NO])
        e = (dealer + 1) & 1
        moment_add_nb(eldest_mom, 0, 0 if side < 0 else (games if side == e else -games))
        marriages[state[S_MARRIAGES]] += 1
        if state[S_CLAIM] >= 0:
            claim_pts[min(state[S_SIDE_PTS + state[S_CLAIM]], claim_pts.shape[0] - 1)] += 1
        for s in range(4):
            points[s, min(state[S_SCORE + s], MAX_POINTS)] += 1
            tricks[s, state[S_WON + s]] += 1
            if marriage_suits_nb(dealt[s]):
                held[0] += 1
        for s in range(2):
            if marriage_suits_nb(dealt[s] | dealt[s + 2]):
                held[1] += 1
        if audit:
            audit_out[0] += 1
            k2, s2, g2 = deal_result_nb(state)
            if (k2 == K_YAN and state[S_SIDE_PTS + state[S_CLAIM]] >= TARGET) or (
                    k2 == K_VOID and max(state[S_SIDE_PTS], state[S_SIDE_PTS + 1]) >= TARGET
                    and state[S_SIDE_PTS] != state[S_SIDE_PTS + 1]):
                audit_out[1] += 1
        if single or kind != K_VOID:
            break
        if carry:
            state[S_CARRY] = state[S_SIDE_PTS]
            state[S_CARRY + 1] = state[S_SIDE_PTS + 1]
    counters[1] += 1
    if kind == K_VOID and not single:
        counters[2] += 1
    unit_kind[kind, max(side, 0)] += 1
    moment_add_nb(unit_len, 0, deals)
    for g in range(2 * n_groups):
        gx[g] = 0
    for s in range(2):
        won = 1 if side < 0 else (2 if side == s else 0)
        net = 0 if side < 0 else (games if side == s else -games)
        moment_add_nb(side_win, s, won)
        moment_add_nb(side_games, s, net)
    for seat in range(4):
        s = seat & 1
        gx[group[seat]] += 1 if side < 0 else (2 if side == s else 0)
        gx[n_groups + group[seat]] += 0 if side < 0 else (games if side == s else -games)
    for g in range(2 * n_groups):
        moment_add_nb(group_mom, g, gx[g])
    return True


run_units_nb = unit_loop(unit_nb)


@njit(cache=True)
def work_fields_nb(seats, n_group_mom):
    """The context's own work fields (:data:`M4Ctx`): the seats' decisions
    (:func:`decisions_nb`), the hands as dealt and after the exchange, the groups' per-unit
    sums."""
    return decisions_nb(seats) + (np.zeros(MAX_SEATS, np.int64), np.zeros(MAX_SEATS, np.int64),
                                  np.zeros(n_group_mom, np.int64))


@njit(chunk_signature(STATS_TYPE, PLAY_FN, PLAY_FN, BID_FN, BID_FN), cache=True)
def marriage4_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` into ``stats`` (:data:`M4Stats`) with the unit hook
    :func:`unit_nb` (``inp.opts``: the layout :data:`O`; ``fns`` = (choose, after_trick,
    play, exchange, declare, claim))."""
    ctx = M4Ctx(*(trick_core_nb(inp, stats) + work_fields_nb(inp.seats, stats.group_mom.shape[0])))
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.boolean(types.uint8[::1], INPUTS_TYPE, fns_type(PLAY_FN, PLAY_FN, BID_FN, BID_FN), types.int64,
                    types.int64, types.int64[::1], types.int64[::1], types.int64[::1], types.int64[::1]), cache=True)
def one_deal_nb(order, inp, fns, dealer, seed, state, hands, dealt, after):
    """One deal dealt from the fixed card order ``order`` (tests, notebooks), audited;
    policy randomness from unit 0's policy stream of ``seed``; ``state[S_CARRY]`` as set
    by the caller. ``hands`` receives the hands at the end (after a claim, the cards
    left), ``dealt`` the hands as dealt, ``after`` after the exchange, ``state`` the deal's
    points and outcome; ``inp.audit_out`` the audit's checks and failures, ``inp.err`` an
    illegal move (the call returns False)."""
    core = deal_core_nb(inp, order, seed, state)
    ctx = M4Ctx(*(core + decisions_nb(inp.seats) + (dealt, after, np.zeros(1, np.int64))))
    ok = play_deal_nb(ctx, fns, order, 1, dealer, np.bool_(True))
    for s in range(4):
        hands[s] = ctx.hands[s]
    return ok
