"""Sixty-six kernels: deal, the stock, the nine exchange, closing, marriages, play on the
trick engine, the deal's result in game points, and whole games to 7 (seed 003 lines
18-47; GAMES.md G20; the rule pieces are :mod:`.scoring`).

The engine (:func:`~simkit.core.trick_play.play_tricks_inline_nb`, compiled into the
deal) plays the deal's tricks in one call. Before each lead the leader may exchange the
trump nine, close the stock and declare a marriage (leading its king or queen,
:func:`~simkit.games.stock.restrict_lead_nb`); after each trick the engine's
``after_trick`` hook (:func:`after_trick_nb`, a direct call) counts the points, ends the
deal when a player reaches 66 (rule ``deal_end``), and while the stock is open both draw,
the winner first; then it takes the next leader's decisions of the random and heuristic
policies itself (:func:`auto_lead_nb`), and stops the loop only for a decision it cannot
take (a user function's, the ``simulation`` closer's), which :func:`play_on_nb` takes
(:func:`ask_lead_nb`) before playing on. The follow rule is ``0`` (any card) while the
stock lasts and ``F_SUIT | F_TRUMP`` (``| F_HEAD``) once it is closed or empty.

The kernels run on the game's context :data:`SixtySixCtx`
(:func:`~simkit.core.trick_game.context`), which the engine hands its hooks in the place
of the options: the rule options ``ctx.opts`` (only those), the stock ``ctx.stock``, the
cards a declared marriage's leader set aside ``ctx.kept`` and the seats' close, declare
and exchange policies as the hook reads them (:func:`decisions_nb`). The hooks are
``@njit`` functions the kernels call directly (:func:`choose_nb`, :func:`after_trick_nb`);
the ``cfunc`` hooks the Python side passes in ``fns`` are not used.

The close decision of the ``simulation`` policy plays sampled deals out with
:func:`play_on_nb` itself; so that no kernel calls itself, :func:`play_on_nb` stops and
returns :data:`NEED_CLOSE` at a lead where such a seat may close, and :func:`run_deal_nb`
takes the decision (:func:`simulation_close_nb`) and plays on.
"""
import numpy as np
from numba import types

from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.jit import cfunc, njit
from simkit.core.options import choices, layout
from simkit.core.borrow import borrowed
from simkit.core.ace_ten import marriage_suits_nb, points_nb
from simkit.core.cards import RANK_9
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import (INPUTS_TYPE, bundle, chunk_signature, context, deal_core_nb, fns_type,
                                    shuffle_top_nb, trick_core_nb, unit_loop)
from simkit.core.trick_play import CHOOSE_SIG, E_KIND, N_ERR, SeatPolicies, play_tricks_inline_nb
from simkit.core.trick_play import PLAY_RANDOM, PLAY_USER  # noqa: F401  (policy codes, read by policies.py)
from simkit.core.trick_play import no_after_trick_cb  # noqa: F401  (the hooks tuple's after_trick, read by __init__)
from simkit.core.tricks import no_user_bid_nb, no_user_play_nb  # noqa: F401  (placeholders, read by __init__)
from simkit.core.tricks import (BID_FN, F_HEAD, MAX_SEATS, PLAY_FN, S_DEALER, S_EXTRA, S_FOLLOW,
                                S_LEADER, S_PLAYED, S_SCORE, S_SIZE, S_TRICK_NO, S_TRICKS, S_TRUMP, S_TURNUP, S_WON,
                                TT_DECK, TT_SUIT_BITS, deal_round_nb, lowest_card_nb, masters_nb, popcount_nb,
                                start_deal_nb)
from simkit.games.sixty_six.rules import SixtySixRules
from simkit.games.sixty_six.scoring import (DEAL_POINTS, FOLLOW_CLOSED, FOLLOW_OPEN, HAND, LAST_TRICK, MARRIAGE,
                                            POINTS, WIN, deal_result_nb, marriage_value_nb, may_close_nb,
                                            may_exchange_nine_nb)
from simkit.games.sixty_six.codes import (CAPTURE, D_SIMULATION, ERR_CLOSE, ERR_DECLARE,  # noqa: F401
                                          ERR_EXCHANGE, N_PARAMS, P_CAPTURE, P_FLOOR, P_PLAIN, P_PROB, P_SAMPLES,
                                          P_THRESHOLD, P_TRUMP_LENGTH, PLAIN, PLAY_HEURISTIC, R_CLOSE, R_DECLARE,
                                          R_EXCHANGE, TRUMP_LENGTH)
from simkit.games.stock_codes import D_HEURISTIC, D_RANDOM, D_USER  # noqa: F401  (codes, read by policies.py)
from simkit.games.stock import (bad_declaration_nb, decision_err_nb, draw_pair_nb, fill_stock_nb, heuristic_play_nb,
                               marriage_cards_nb, random_marriage_nb, resample_hidden_nb, restrict_lead_nb,
                               tally_unit_nb, yes_nb)

# -- table state fields after the shared layout --------------------------------------------------
S_STOCK = S_EXTRA + 0       # cards left in the stock, the turned trump (its bottom card) included
S_CLOSER = S_EXTRA + 1      # the seat that closed the stock, -1 none
S_POINTS = S_EXTRA + 2      # 2 entries: points counted (cards, marriages, last trick)
S_PENDING = S_EXTRA + 4     # marriage points the first leader declared before winning a trick (only he can)
S_MAR_PTS = S_EXTRA + 5     # 2 entries: marriage points counted
S_SHOWN = S_EXTRA + 7       # cards shown (declared marriages, the exchanged trump)
S_DECLARED = S_EXTRA + 8    # bit seat * 4 + suit: marriages declared this deal; bit 8 + seat: the nine exchanged;
                            # bit 10: a marriage declared at the deal's first lead
S_DECIDED = S_EXTRA + 9     # 1 + the trick whose lead's close decision was taken outside play_on_nb
S_REACHED = S_EXTRA + 10    # the seat that reached 66 first, -1 none
S_CLOSE_PTS = S_EXTRA + 11  # the closer's points when he closed
S_PREV = S_EXTRA + 12       # the played cards before the trick(s) being settled
# S_SCORE (shared): the game points of each seat in the game so far

# -- opts ---------------------------------------------------------------------------------------
#: ``opts`` slots (:func:`~simkit.core.options.layout`: one per rule option, named as it)
O = layout(SixtySixRules)
N_OPTS = len(O)
#: the codes of the rule choices the kernels here read (the scoring ones: :mod:`.scoring`)
MARRIAGE_COUNTS = choices(SixtySixRules, "marriage_counts")
DEAL_END = choices(SixtySixRules, "deal_end")
LAST_TRICK_BONUS = choices(SixtySixRules, "last_trick")
UNIT = choices(SixtySixRules, "unit")

# -- policies: roles (rows of SeatPolicies), codes, parameter slots, error kinds: .codes -------------

# play_on_nb's results
FAILED, DONE, NEED_CLOSE = 0, 1, 2
STOCK_SIZE = 24
_NO = np.bool_(False)
_YES = np.bool_(True)


# -- the kernels' context: the engine's fields (simkit.core.trick_game.TRICK_FIELDS), then -------------
#: ``stock`` (``STOCK_SIZE``: the stock, :mod:`simkit.games.stock`'s layout, bottom first), ``kept[seat]`` (the
#: cards a seat who declared a marriage set aside for its lead) and the seats' close, declare and exchange
#: policies as the hook reads them (:func:`decisions_nb`), each indexed ``2 * (role - R_CLOSE) + seat``:
#: ``dcode`` (the codes), ``dlimit`` (a random decision's chance in units of 1 / ``CHANCE_UNIT``, a heuristic
#: close's threshold, both rounded up); ``close_w[3 * seat + (0, 1, 2)]`` (the heuristic close's capture, trump
#: length and plain share) and ``floor[seat]`` (the simulation closer's floor, 0: it simulates every lead)
SixtySixCtx = context("SixtySixCtx", ("stock", "kept", "dcode", "dlimit", "close_w", "floor"))

#: :func:`~simkit.games.stock.yes_nb` says yes when an integer drawn below 2**20 is below ``p * 2**20``, that
#: is below ``ceil(p * 2**20)``: the chance kept as that integer gives the very same answers
CHANCE_UNIT = 1 << 20

#: user decision functions (tricks.BID_SIG): f(hand, state, params) -> int64
#:   close: 1 to close the stock now, 0 not; exchange: 1 to exchange the trump nine, 0 not;
#:   declare: the suit (0..3) of a marriage in ``hand`` to declare (leading its K or Q), or -1.
#: user play function (tricks.PLAY_SIG): play(hand, legal, state, params) -> card code in ``legal``


# -- the heuristic ---------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def choose_nb(code, seat, hand, legal, state, trick, tt, params, ctx):
    """The engine's ``choose`` hook as the kernels call it (the context in the place of
    the options): the built-in play policy, the heuristic (random is the engine's)."""
    return heuristic_play_nb(hand, legal, state, trick, tt, state[S_FOLLOW] == FOLLOW_OPEN)


@cfunc(CHOOSE_SIG, cache=True)
def choose_play_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policy as the engine's ``cfunc`` hook, the hooks tuple's
    ``choose`` (the kernels call :func:`choose_nb` directly)."""
    return heuristic_play_nb(hand, legal, state, trick, tt, state[S_FOLLOW] == FOLLOW_OPEN)


@njit(cache=True)
def close_estimate_nb(seat, hand, state, tt, capture=CAPTURE, trump_length=TRUMP_LENGTH, plain=PLAIN):
    """The heuristic's projection of the points ``seat`` will hold if he closes now: his
    points (and marriage points waiting for a trick), the marriages he holds (20, 40 in
    trumps), each top card's points plus ``capture`` (a plain top card in full only when no
    trump is unseen, else ``plain`` percent of that, rounded down), and ``trump_length``
    per other trump. The defaults (4, 2, 50) are the rule before tuning."""
    trump = state[S_TRUMP]
    est = state[S_POINTS + seat] + (state[S_PENDING] if seat != state[S_DEALER] else 0)
    mar = marriage_suits_nb(hand)
    for s in range(4):
        if (mar >> s) & 1:
            est += marriage_value_nb(s, trump)
    gone = state[S_PLAYED] | hand
    trumps = tt[TT_SUIT_BITS + trump]
    trumps_out = trumps & ~gone != 0
    tops = masters_nb(hand, gone, tt)
    m = hand
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        bit = np.int64(1) << c
        if tops & bit:
            v = POINTS[c] + capture
            est += v * plain // 100 if trumps_out and not trumps & bit else v
        elif trumps & bit:
            est += trump_length
    return est


# -- the deal ------------------------------------------------------------------------------------
@njit(cache=True)
def decisions_nb(seats):
    """The close, declare and exchange policies of ``seats`` as the hook reads them:
    ``(dcode, dlimit, close_w, floor)`` (see :data:`SixtySixCtx`)."""
    code, params = seats.code, seats.params
    dcode = np.zeros(6, np.int64)
    dlimit = np.zeros(6, np.int64)
    close_w = np.zeros(6, np.int64)
    floor = np.zeros(2, np.int64)
    for role in range(R_CLOSE, R_EXCHANGE + 1):
        for seat in range(2):
            k = 2 * (role - R_CLOSE) + seat
            c = code[role, seat]
            p = params[role, seat, P_PROB]          # P_PROB is P_THRESHOLD
            dcode[k] = c
            dlimit[k] = np.int64(np.ceil(p * CHANCE_UNIT if c == D_RANDOM else p))
    for seat in range(2):               # integers declared: the values as given
        for j in range(3):
            close_w[3 * seat + j] = np.int64(params[R_CLOSE, seat, P_CAPTURE + j])
        floor[seat] = np.int64(np.ceil(params[R_CLOSE, seat, P_FLOOR]))
    return dcode, dlimit, close_w, floor


@njit(cache=True)
def close_stock_nb(state, seat, follow):
    """``seat`` closes the stock: no more draws, the closed-stock follow rule."""
    state[S_CLOSER] = seat
    state[S_CLOSE_PTS] = state[S_POINTS + seat]
    state[S_FOLLOW] = follow


@njit(cache=True, inline="always")
def follow_closed_nb(opts):
    """The follow flags once the stock is closed or empty."""
    return FOLLOW_CLOSED | (F_HEAD if opts[O.must_head] != 0 else 0)


@njit(cache=True)
def _count_nb(state, seat, pts, opts):
    """Add ``pts`` to ``seat``'s points; the first to 66 is noted. True when the deal
    ends here (rule ``deal_end = at_66``)."""
    state[S_POINTS + seat] += pts
    if state[S_POINTS + seat] >= WIN and state[S_REACHED] < 0:
        state[S_REACHED] = seat
        return opts[O.deal_end] == DEAL_END.at_66
    return False


@njit(cache=True, inline="always")
def settle_trick_nb(hands, state, opts):
    """Count the trick just won (the cards played since ``S_PREV``) for its winner, with
    the marriage points he declared before his first trick (rule ``marriage_counts``) and
    the last trick's 10 (003:43; rule ``last_trick``). True when the deal ends at 66."""
    w = state[S_LEADER]
    pts = points_nb(state[S_PLAYED] & ~state[S_PREV], POINTS)
    state[S_PREV] = state[S_PLAYED]
    if state[S_PENDING] and w != state[S_DEALER]:
        state[S_MAR_PTS + w] += state[S_PENDING]
        pts += state[S_PENDING]
        state[S_PENDING] = 0
    left = hands[0] | hands[1]
    if left == 0 and (opts[O.last_trick] == LAST_TRICK_BONUS.always or state[S_CLOSER] < 0):
        pts += LAST_TRICK
    return _count_nb(state, w, pts, opts)


# -- the leader's decisions ----------------------------------------------------------------------
@njit(cache=True, inline="always")
def may_exchange_now_nb(hand, state, opts, seat):
    """Whether ``seat``, on lead holding ``hand``, may exchange the trump nine (003:38)."""
    return may_exchange_nine_nb(hand, state[S_TRUMP], state[S_STOCK], state[S_TRICK_NO], True, state[S_CLOSER] >= 0,
                                state[S_WON + seat] > 0, opts[O.nine_needs_trick] != 0)


@njit(cache=True, inline="always")
def may_close_now_nb(state, opts):
    """Whether the leader may close the stock (003:40) and has not decided it already
    (``S_DECIDED``)."""
    done = state[S_TRICK_NO]
    return may_close_nb(state[S_STOCK], done, True, state[S_CLOSER] >= 0, opts[O.close_when]) and \
        state[S_DECIDED] != done + 1


@njit(cache=True, inline="always")
def over_floor_nb(ctx, seat, hand):
    """Whether a ``simulation`` closer simulates this lead: its ``floor`` is 0, or the
    heuristic's estimate with the weights before tuning (:func:`close_estimate_nb`)
    reaches it."""
    f = ctx.floor[seat]
    if f <= 0:
        return True
    state = ctx.state
    return close_estimate_nb(seat, hand, state, ctx.tables[state[S_TRUMP]]) >= f


@njit(cache=True, inline="always")
def auto_yes_nb(ctx, role, seat, hand):
    """The random or heuristic answer of ``seat`` to "exchange the nine?" or "close the
    stock?" (``role``): random yes with its chance; the heuristic exchanges always and
    closes when :func:`close_estimate_nb` reaches its threshold."""
    k = 2 * (role - R_CLOSE) + seat
    dcode, dlimit = ctx.dcode, ctx.dlimit
    if dcode[k] == D_RANDOM:
        return yes_nb(ctx.pst, dlimit[k] / CHANCE_UNIT)
    if dcode[k] == D_SIMULATION:        # a simulation closer below its floor
        return False
    if role == R_CLOSE:
        state, w = ctx.state, ctx.close_w
        return close_estimate_nb(seat, hand, state, ctx.tables[state[S_TRUMP]], w[3 * seat], w[3 * seat + 1],
                                 w[3 * seat + 2]) >= dlimit[k]
    return True


@njit(cache=True, inline="always")
def auto_declare_nb(ctx, seat, mar):
    """The random or heuristic choice of ``seat`` among the marriages ``mar`` (4-bit suit
    mask): random declares with its chance, one of them at random; the heuristic always,
    the trump marriage (40) first."""
    k = 2 * (R_DECLARE - R_CLOSE) + seat
    if ctx.dcode[k] == D_RANDOM:
        return random_marriage_nb(mar, ctx.dlimit[k] / CHANCE_UNIT, ctx.pst)
    trump = ctx.state[S_TRUMP]
    return trump if (mar >> trump) & 1 else lowest_card_nb(mar)


@njit(cache=True, inline="always")
def exchange_nine_nb(ctx, seat):
    """``seat`` takes the turned trump (the stock's bottom card) for the trump nine (003:38)."""
    state, stock = ctx.state, ctx.stock
    nine = np.int64(4 * RANK_9) + state[S_TRUMP]
    up = stock[0]
    ctx.hands[seat] ^= (np.int64(1) << nine) ^ (np.int64(1) << up)
    stock[0] = nine
    state[S_TURNUP] = nine
    state[S_SHOWN] |= np.int64(1) << up
    state[S_DECLARED] |= np.int64(1) << (8 + seat)


@njit(cache=True, inline="always")
def declare_nb(ctx, seat, suit):
    """``seat`` declares the marriage of ``suit`` (003:34-37): its 20 or 40 counted (or kept
    until his first trick, rule ``marriage_counts``) and his other cards set aside
    (``ctx.kept``) so that he leads its king or queen; :func:`after_trick_nb` gives them
    back. True when the deal ends at 66."""
    state, opts = ctx.state, ctx.opts
    v = marriage_value_nb(suit, state[S_TRUMP])
    state[S_DECLARED] |= (np.int64(1) << (4 * seat + suit)) | (np.int64(1 if state[S_TRICK_NO] == 0 else 0) << 10)
    state[S_SHOWN] |= marriage_cards_nb(suit)
    if opts[O.marriage_counts] == MARRIAGE_COUNTS.after_trick and state[S_WON + seat] == 0:
        state[S_PENDING] += v
    else:
        state[S_MAR_PTS + seat] += v
        if _count_nb(state, seat, v, opts):
            return True
    ctx.kept[seat] = restrict_lead_nb(ctx.hands, seat, suit)
    return False


@njit(cache=True, inline="always")
def asks_nb(ctx):
    """Whether the leader's decisions need :func:`ask_lead_nb`: one of his close, declare
    and exchange policies is a user function, or he may close by simulation."""
    state, dcode = ctx.state, ctx.dcode
    seat = state[S_LEADER]
    close = dcode[seat]
    return (close == D_USER or dcode[2 + seat] == D_USER or dcode[4 + seat] == D_USER
            or (close == D_SIMULATION and may_close_now_nb(state, ctx.opts)
                and over_floor_nb(ctx, seat, ctx.hands[seat])))


@njit(cache=True, inline="always")
def auto_lead_nb(ctx):
    """The leader's decisions by random and heuristic policies, in :func:`ask_lead_nb`'s
    order: exchange the trump nine, close the stock, declare a marriage. True when a
    marriage's points end the deal at 66."""
    hands, state, opts = ctx.hands, ctx.state, ctx.opts
    seat = state[S_LEADER]
    if may_exchange_now_nb(hands[seat], state, opts, seat) and auto_yes_nb(ctx, R_EXCHANGE, seat, hands[seat]):
        exchange_nine_nb(ctx, seat)
    if may_close_now_nb(state, opts) and auto_yes_nb(ctx, R_CLOSE, seat, hands[seat]):
        close_stock_nb(state, seat, follow_closed_nb(opts))
    mar = marriage_suits_nb(hands[seat])
    if mar:
        suit = auto_declare_nb(ctx, seat, mar)
        if suit >= 0:
            return declare_nb(ctx, seat, suit)
    return False


@njit(cache=True)
def ask_lead_nb(ctx, fns):
    """The leader's decisions when one is a user function's or the simulation closer's
    (:func:`asks_nb`), in the order of :func:`auto_lead_nb`; user answers are checked
    (the user functions ``fns[3:6]``: close, declare, exchange). Returns :data:`DONE` (a
    marriage ended the deal at 66), :data:`FAILED` (an illegal answer, ``ctx.err``
    filled), :data:`NEED_CLOSE`, or -1 (play the lead)."""
    hands, state, opts, err = ctx.hands, ctx.state, ctx.opts, ctx.err
    seat = state[S_LEADER]
    codes = ctx.seats.code
    params = ctx.seats.params
    hand = hands[seat]
    if may_exchange_now_nb(hand, state, opts, seat):
        if codes[R_EXCHANGE, seat] == D_USER:
            x = fns[5](hand, state, params[R_EXCHANGE, seat])
            if x != 0 and x != 1:
                decision_err_nb(err, ERR_EXCHANGE, seat, x, hand, 1, state, HAND)
                return FAILED
        else:
            x = 1 if auto_yes_nb(ctx, R_EXCHANGE, seat, hand) else 0
        if x == 1:
            exchange_nine_nb(ctx, seat)
            hand = hands[seat]
    if may_close_now_nb(state, opts):
        code = codes[R_CLOSE, seat]
        if code == D_SIMULATION and over_floor_nb(ctx, seat, hand):
            return NEED_CLOSE
        if code == D_USER:
            x = fns[3](hand, state, params[R_CLOSE, seat])
            if x != 0 and x != 1:
                decision_err_nb(err, ERR_CLOSE, seat, x, hand, 1, state, HAND)
                return FAILED
        else:
            x = 1 if auto_yes_nb(ctx, R_CLOSE, seat, hand) else 0
        if x == 1:
            close_stock_nb(state, seat, follow_closed_nb(opts))
    mar = marriage_suits_nb(hand)
    if mar:
        if codes[R_DECLARE, seat] == D_USER:
            suit = fns[4](hand, state, params[R_DECLARE, seat])
            if bad_declaration_nb(suit, mar):
                decision_err_nb(err, ERR_DECLARE, seat, suit, hand, mar, state, HAND)
                return FAILED
        else:
            suit = auto_declare_nb(ctx, seat, mar)
        if suit >= 0 and declare_nb(ctx, seat, suit):
            return DONE
    return -1


@njit(cache=True, inline="always")     # once per trick: compiled into the engine's loop
def after_trick_nb(hands, state, ctx, pst, err):
    """The engine's ``after_trick`` hook (the context in the place of the options): the
    set-aside cards back, the trick counted (:func:`settle_trick_nb`), both draw while the
    stock is open (the winner first; the closed-stock rule once it is empty), and the next
    leader's decisions when random and heuristic policies take them (:func:`auto_lead_nb`).
    False stops the loop: the deal ended at 66 or with the last card (the loop was asked
    for the tricks of a full stock, ``S_TRICKS``, and a closed stock leaves fewer), or a
    decision for :func:`play_on_nb` (:func:`asks_nb`). ``hands``, ``state``, ``pst`` and
    ``err`` are the context's."""
    opts, kept = ctx.opts, ctx.kept
    hands[0] |= kept[0]
    hands[1] |= kept[1]
    kept[0] = 0
    kept[1] = 0
    if settle_trick_nb(hands, state, opts) or hands[0] | hands[1] == 0:
        return False
    if state[S_CLOSER] < 0 and state[S_STOCK] > 0:
        state[S_STOCK] = draw_pair_nb(hands, ctx.stock, state[S_STOCK], state[S_LEADER])
        if state[S_STOCK] == 0:
            state[S_FOLLOW] = follow_closed_nb(opts)
    if asks_nb(ctx):
        return False
    return not auto_lead_nb(ctx)


@njit(cache=True, inline="always")     # once per deal (and per pause): inlined
def play_on_nb(ctx, fns, audit):
    """Play the deal in ``ctx.state`` on from its next lead to its end (see the module
    doc; ``fns[2]``: the user play function). Returns :data:`DONE`, :data:`FAILED` (an
    illegal move, ``ctx.err`` filled) or :data:`NEED_CLOSE` (a ``simulation`` seat may
    close: :func:`run_deal_nb` decides)."""
    hands, state, err = ctx.hands, ctx.state, ctx.err
    while True:
        if asks_nb(ctx):
            r = ask_lead_nb(ctx, fns)
            if r >= 0:
                return r
        elif auto_lead_nb(ctx):
            return DONE
        state[S_PREV] = state[S_PLAYED]
        if play_tricks_inline_nb(choose_nb, after_trick_nb, _YES, hands, state, ctx.tables, ctx, ctx.seats, fns[2],
                                 ctx.pst, audit, ctx.audit_out, err):
            return DONE
        if err[E_KIND] != 0:
            return FAILED
        if hands[0] | hands[1] == 0 or (state[S_REACHED] >= 0 and ctx.opts[O.deal_end] == DEAL_END.at_66):
            return DONE
        # stopped before a lead with a decision for ask_lead_nb


@njit(cache=True)
def play_on_call_nb(ctx, fns, audit):
    """:func:`play_on_nb` as a call, on a :func:`~simkit.core.borrow.borrowed` context
    (the caller holds its arrays): the simulation closer's play-outs and
    :func:`one_deal_nb`."""
    return play_on_nb(borrowed(ctx), fns, audit)


@njit(cache=True)
def deal_outcome_nb(state, opts):
    """``(winner, game points)`` of the finished deal in ``state``; ``(-1, 0)`` a replay."""
    reached = state[S_REACHED]
    if opts[O.deal_end] == DEAL_END.play_out:
        a = state[S_POINTS] >= WIN
        b = state[S_POINTS + 1] >= WIN
        reached = -2 if a and b else (0 if a else (1 if b else -1))
    # nobody at 66: the deal was played out and S_LEADER is the last trick's winner
    return deal_result_nb(state[S_POINTS:S_POINTS + 2], state[S_WON:S_WON + 2], reached, state[S_CLOSER],
                          state[S_LEADER],
                          opts[O.schwarz], opts[O.failed_close], opts[O.no_66])


@njit(cache=True)
def rollout_seats_nb(threshold):
    """Every seat with the heuristic in every role, closing at ``threshold`` with the
    close estimate's weights before tuning (:data:`CAPTURE`, :data:`TRUMP_LENGTH`,
    :data:`PLAIN`): the simulation closer's play-outs as they were."""
    code = np.full((4, 2), D_HEURISTIC, np.int64)
    params = np.zeros((4, 2, N_PARAMS), np.float64)
    for s in range(2):
        params[R_CLOSE, s, P_THRESHOLD] = threshold
        params[R_CLOSE, s, P_CAPTURE] = CAPTURE
        params[R_CLOSE, s, P_TRUMP_LENGTH] = TRUMP_LENGTH
        params[R_CLOSE, s, P_PLAIN] = PLAIN
    return SeatPolicies(code, params, np.zeros(2, np.int64))


@njit(cache=True)
def simulation_close_nb(ctx, fns):
    """Close or not by playing out sampled deals: ``samples`` times the cards the leader
    cannot see (his opponent's hand but for the cards shown, and the stock above the
    turned trump) are dealt again at random (:func:`~simkit.games.stock.resample_hidden_nb`)
    and the deal is played out twice from here (:func:`play_on_call_nb`, on a context of
    its own: copies of the state, the hands and the stock, every seat heuristic), closing
    now and not, every later decision by the heuristic (closing at ``threshold``); he
    closes when closing scored more game points in total (a deal won +points, lost
    -points)."""
    hands, state, opts = ctx.hands, ctx.state, ctx.opts
    seat = state[S_LEADER]
    p = ctx.seats.params[R_CLOSE, seat]
    samples = max(1, np.int64(p[P_SAMPLES]))
    roll = rollout_seats_nb(p[P_THRESHOLD])
    dcode, dlimit, close_w, floor = decisions_nb(roll)
    opp = 1 - seat
    known = state[S_SHOWN] & ~state[S_PLAYED] & ~hands[seat]   # shown by him, not played: still his
    deck = ctx.tables[0, TT_DECK]
    sampled = (np.zeros(MAX_SEATS, np.int64), np.zeros(STOCK_SIZE, np.int64))
    sh, ss = sampled
    wh = np.zeros(MAX_SEATS, np.int64)
    work = np.empty_like(state)
    wstock = np.empty(STOCK_SIZE, np.int64)
    sim = SixtySixCtx(ctx.deck0, opts, ctx.tables, roll, None, np.zeros(4, np.int64), np.zeros(N_ERR, np.int64),
                      ctx.deck, ctx.dst, ctx.pst, work, wh, wstock, ctx.kept.copy(), dcode, dlimit, close_w, floor)
    margin = 0
    for _ in range(samples):
        if not resample_hidden_nb(seat, hands[seat], state[S_PLAYED], known, popcount_nb(hands[opp]), deck,
                                  ctx.stock[:state[S_STOCK]], 1, sampled, ctx.pst):
            return 0
        for close in range(2):
            for i in range(S_SIZE):
                work[i] = state[i]
            for i in range(2):
                wh[i] = sh[i]
            for i in range(STOCK_SIZE):
                wstock[i] = ss[i]
            work[S_DECIDED] = work[S_TRICK_NO] + 1
            if close:
                close_stock_nb(work, seat, follow_closed_nb(opts))
            play_on_call_nb(sim, fns, _NO)
            w, gp = deal_outcome_nb(work, opts)
            v = gp if w == seat else (-gp if w == opp else 0)
            margin += v if close else -v
    return 1 if margin > 0 else 0


@njit(cache=True, inline="always")     # once per deal: inlined
def run_deal_nb(play_on, ctx, fns, audit):
    """Play the deal in ``ctx.state`` to its end with ``play_on`` (:func:`play_on_nb`
    in the chunk's deals, :func:`play_on_call_nb` elsewhere), taking the ``simulation``
    seats' close decisions; False on an illegal move."""
    state = ctx.state
    while True:
        r = play_on(ctx, fns, audit)
        if r != NEED_CLOSE:
            return r == DONE
        seat = state[S_LEADER]
        if simulation_close_nb(ctx, fns):
            close_stock_nb(state, seat, follow_closed_nb(ctx.opts))
        state[S_DECIDED] = state[S_TRICK_NO] + 1


@njit(cache=True, inline="always")     # once per deal: inlined
def start_66_deal_nb(ctx, order, dealer, deal_no):
    """Deal six cards each, one at a time from the dealer's left (003:26 «по 6 карт по
    одной за раз»), turn the next for trump and put it under the stock (003:27,
    ``ctx.stock``); the dealer's opponent leads. Returns the turned card."""
    state = ctx.state
    turnup = deal_round_nb(order, 2, HAND, dealer, ctx.hands)
    trump = turnup & 3
    start_deal_nb(state, ctx.tables, trump, 2, HAND, dealer, 1 - dealer, turnup, deal_no)
    state[S_TRICKS] = 2 * HAND
    state[S_FOLLOW] = FOLLOW_OPEN
    state[S_STOCK] = fill_stock_nb(order[:STOCK_SIZE], 2 * HAND + 1, turnup, ctx.stock)
    state[S_CLOSER] = -1
    state[S_REACHED] = -1
    state[S_DECIDED] = 0
    state[S_DECLARED] = 0
    state[S_CLOSE_PTS] = -1
    state[S_PENDING] = 0
    state[S_SHOWN] = 0
    for s in range(2):
        state[S_POINTS + s] = 0
        state[S_MAR_PTS + s] = 0
        ctx.kept[s] = 0
    return turnup


@njit(cache=True)
def audit_deal_nb(ctx):
    """A finished deal (``ctx``'s hands, state and stock; counts in ``ctx.audit_out``):
    every card once in a hand, the stock or the played set; the card points of the tricks
    (points less marriages and the last trick's 10) plus those still unplayed make the
    deck's 120 (003:24); marriages count in 20s."""
    hands, state, audit_out = ctx.hands, ctx.state, ctx.audit_out
    audit_out[0] += 1
    rest = hands[0] | hands[1]
    n = popcount_nb(hands[0]) + popcount_nb(hands[1]) + state[S_STOCK] + popcount_nb(state[S_PLAYED])
    for i in range(state[S_STOCK]):
        rest |= np.int64(1) << ctx.stock[i]
    bad = n != STOCK_SIZE or (rest | state[S_PLAYED]) != ctx.tables[0, TT_DECK] or rest & state[S_PLAYED] != 0
    cards = 0
    for s in range(2):
        cards += state[S_POINTS + s] - state[S_MAR_PTS + s]
        bad |= state[S_MAR_PTS + s] % MARRIAGE != 0
    if hands[0] | hands[1] == 0 and (ctx.opts[O.last_trick] == LAST_TRICK_BONUS.always or state[S_CLOSER] < 0):
        cards -= LAST_TRICK
    if cards != points_nb(state[S_PLAYED], POINTS) or cards + points_nb(rest, POINTS) != DEAL_POINTS:
        bad = True
    if bad:
        audit_out[1] += 1


# -- units: a game to 7 (or 8) game points, or one deal --------------------------------------------
#: the statistics (``stats.<name>``; shapes in :meth:`SixtySix._run`): ``counters`` = [deals, units,
#: replays, closes, closes won, marriages of 20, of 40, nine exchanges, deals won by the leader (the
#: dealer's opponent), deals someone reached 66, games drawn at max_deals, deals with a marriage declared at
#: the first lead, games cut by max_deals (won on the score then, or drawn)]; ``gp_hist[closed, game points]`` per deal (game points 0 = a replay);
#: ``close_hist[closer, his points when closing, won / lost / replay]``; ``margin_hist[6 + seat 0's game points
#: less seat 1's]`` per deal; ``pts_hist[seat, points]`` and
#: ``trick_hist[seat, tricks]`` per deal; ``mar_hist`` per deal, row 0 its marriage points / 20 (both seats),
#: rows 1 and 2 its marriages of 20 and of 40; ``wins[seat]`` units won by each seat, ``wins[2]`` units
#: drawn; ``group_wins[g, k]`` units where k seats of policy group g won; ``game_len`` deals per game.
SixtySixStats, STATS_TYPE = bundle("SixtySixStats", {
    "counters": 1, "gp_hist": 2, "close_hist": 3, "margin_hist": 1, "pts_hist": 2, "trick_hist": 2, "mar_hist": 2,
    "wins": 1, "group_wins": 2, "game_len": 2})
MAX_GP = 6                  # game points of one deal: 6 to the closer's opponent when he took no trick (003:46)
MAX_POINTS = DEAL_POINTS + LAST_TRICK + 40 + 3 * MARRIAGE
CLOSE_BINS = 2 * WIN
(C_DEALS, C_UNITS, C_REPLAYS, C_CLOSES, C_CLOSE_WON, C_MAR20, C_MAR40, C_NINES, C_LEADER_WON, C_REACHED,
 C_DRAWN, C_FIRST_MARRIAGE, C_UNFINISHED) = range(13)
N_COUNTERS = 13

@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a
    game to ``target`` game points (the winner of a deal deals the next, 003:25) or, with
    ``unit=deal``, one deal. False on an illegal move."""
    opts, stats, state = ctx.opts, ctx.stats, ctx.state
    counters, gp_hist, close_hist = stats.counters, stats.gp_hist, stats.close_hist
    pts_hist, trick_hist, mar_hist, wins, group_wins = (stats.pts_hist, stats.trick_hist, stats.mar_hist,
                                                        stats.wins, stats.group_wins)
    single = opts[O.unit] == UNIT.deal
    score0 = 0
    score1 = 0
    dealer = opts[O.first_dealer]
    deals = 0
    winner = -1
    while True:
        poll_interrupt_nb()
        shuffle_top_nb(ctx.deck, STOCK_SIZE, ctx.dst)
        deals += 1
        start_66_deal_nb(ctx, ctx.deck, dealer, deals)
        state[S_SCORE] = score0
        state[S_SCORE + 1] = score1
        if not run_deal_nb(play_on_nb, ctx, fns, audit):
            return False
        if audit:
            audit_deal_nb(ctx)
        w, gp = deal_outcome_nb(state, opts)
        counters[C_DEALS] += 1
        closer = state[S_CLOSER]
        gp_hist[1 if closer >= 0 else 0, gp] += 1
        stats.margin_hist[MAX_GP + (gp if w == 0 else (-gp if w == 1 else 0))] += 1
        if closer >= 0:
            counters[C_CLOSES] += 1
            outcome = 2 if w < 0 else (0 if w == closer else 1)
            counters[C_CLOSE_WON] += 1 if outcome == 0 else 0
            close_hist[closer, min(state[S_CLOSE_PTS], CLOSE_BINS - 1), outcome] += 1
        decl = state[S_DECLARED]
        trump = state[S_TRUMP]       # bits trump and 4 + trump: the marriages of 40
        m40 = ((decl >> trump) & 1) + ((decl >> (4 + trump)) & 1)
        m20 = popcount_nb(decl & 0xFF) - m40
        pts_hist[0, state[S_POINTS]] += 1
        pts_hist[1, state[S_POINTS + 1]] += 1
        trick_hist[0, state[S_WON]] += 1
        trick_hist[1, state[S_WON + 1]] += 1
        counters[C_NINES] += ((decl >> 8) & 1) + ((decl >> 9) & 1)
        counters[C_FIRST_MARRIAGE] += (decl >> 10) & 1
        counters[C_MAR20] += m20
        counters[C_MAR40] += m40
        mar_hist[0, (state[S_MAR_PTS] + state[S_MAR_PTS + 1]) // MARRIAGE] += 1
        mar_hist[1, m20] += 1
        mar_hist[2, m40] += 1
        counters[C_REPLAYS] += 1 if w < 0 else 0
        counters[C_LEADER_WON] += 1 if w == 1 - dealer else 0
        counters[C_REACHED] += 1 if state[S_POINTS] >= WIN or state[S_POINTS + 1] >= WIN else 0
        if single:
            winner = w
            break
        if w >= 0:
            dealer = w                      # 003:25 «следующая сдача принадлежит игроку, набравшему 66 очков»
            if w == 0:
                score0 += gp
            else:
                score1 += gp
            if score0 >= opts[O.target] or score1 >= opts[O.target]:
                winner = w
                break
        if deals >= opts[O.max_deals]:
            winner = 0 if score0 > score1 else (1 if score1 > score0 else -1)
            counters[C_DRAWN] += 1 if winner < 0 else 0
            counters[C_UNFINISHED] += 1         # cut by the max_deals safeguard, not played to the target
            break
    counters[C_UNITS] += 1
    if not single:
        moment_add_nb(stats.game_len, 0, deals)
    tally_unit_nb(winner, ctx.seats.group, wins, group_wins)
    return True


run_units_nb = unit_loop(unit_nb)


@njit(cache=True)
def work_fields_nb(seats):
    """The context's own work fields (:data:`SixtySixCtx`): the stock, the set-aside
    cards and the seats' decisions (:func:`decisions_nb`)."""
    return (np.zeros(STOCK_SIZE, np.int64), np.zeros(2, np.int64)) + decisions_nb(seats)


@njit(chunk_signature(STATS_TYPE, PLAY_FN, BID_FN, BID_FN, BID_FN), cache=True)
def sixty_six_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` into ``stats`` (:data:`SixtySixStats`) with the unit
    hook :func:`unit_nb` (``inp.opts``: the layout :data:`O`; ``fns`` = (choose,
    after_trick, play, close, declare, exchange))."""
    ctx = SixtySixCtx(*(trick_core_nb(inp, stats) + work_fields_nb(inp.seats)))
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.boolean(types.uint8[::1], INPUTS_TYPE, fns_type(PLAY_FN, BID_FN, BID_FN, BID_FN), types.int64,
                    types.int64, types.int64[::1], types.int64[::1], types.int64[::1]), cache=True)
def one_deal_nb(order, inp, fns, dealer, seed, state, hands, result):
    """One deal dealt from the fixed card order ``order`` (what the chunk kernel does
    after shuffling; for tests and users), audited, policy randomness from the policy
    stream of unit 0 of ``seed``. Fills ``state``, ``hands`` (as dealt) and ``result`` =
    [winner, game points, audit checks, audit violations]; False on an illegal move
    (``inp.err`` filled)."""
    ctx = SixtySixCtx(*(deal_core_nb(inp, order, seed, state) + work_fields_nb(inp.seats)))
    start_66_deal_nb(ctx, order, dealer, 1)
    for s in range(2):
        hands[s] = ctx.hands[s]
    if not run_deal_nb(play_on_call_nb, ctx, fns, _YES):
        return False
    audit_deal_nb(ctx)
    w, gp = deal_outcome_nb(state, inp.opts)
    result[0] = w
    result[1] = gp
    result[2] = inp.audit_out[0]
    result[3] = inp.audit_out[1]
    return True
