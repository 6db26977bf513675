"""Sixty-six kernels: deal, the stock, the nine exchange, closing, marriages, play on the
trick engine, the deal's result in game points, and whole games to 7 (seed 003 lines
18-47; GAMES.md G20; the rule pieces are :mod:`.scoring`).

A deal is played one trick at a time on the engine
(:func:`~simkit.core.trick_play.play_tricks_nb` with ``S_TRICKS`` one above the tricks
done): before each lead the leader may exchange the trump nine, close the stock and
declare a marriage (leading its king or queen, :func:`~simkit.games.stock.restrict_lead_nb`);
after it the points are counted, the deal ends when a player reaches 66 (rule
``deal_end``), and while the stock is open both draw, the winner first. The follow rule
is ``0`` (any card) while the stock lasts and ``F_SUIT | F_TRUMP`` (``| F_HEAD``) once it
is closed or empty.

The close decision of the ``simulation`` policy plays sampled deals out with
:func:`play_on_nb` itself; so that no kernel calls itself, :func:`play_on_nb` stops and
returns :data:`NEED_CLOSE` at a lead where such a seat may close, and :func:`run_deal_nb`
takes the decision (:func:`simulation_close_nb`) and plays on.
"""
import numpy as np
from numba import cfunc, njit, types

from simkit.core.borrow import borrowed
from simkit.core.ace_ten import marriage_suits_nb, points_nb
from simkit.core.cards import RANK_9
from simkit.core.stats import moment_add_nb
from simkit.core.trick_game import SEATS_TYPE, bundle, fixed_stream_nb, shuffle_top_nb, start_unit_nb, unit_arrays_nb
from simkit.core.trick_play import (AFTER_FN, AFTER_SIG, CHOOSE_FN, CHOOSE_SIG, E_KIND, ERR_GAME, N_ERR, PLAY_BUILTIN,
                                    SeatPolicies, play_tricks_nb)
from simkit.core.trick_play import PLAY_RANDOM, PLAY_USER  # noqa: F401  (policy codes, read by policies.py)
from simkit.core.tricks import no_user_bid_nb, no_user_play_nb  # noqa: F401  (placeholders, read by __init__)
from simkit.core.tricks import (BID_FN, F_HEAD, MAX_SEATS, PLAY_FN, S_DEALER, S_EXTRA, S_FOLLOW,
                                S_LEADER, S_PLAYED, S_SCORE, S_SIZE, S_TRICK_NO, S_TRICKS, S_TRUMP, S_TURNUP, S_WON,
                                TT_DECK, TT_SUIT_BITS, deal_round_nb, lowest_card_nb, masters_nb, popcount_nb,
                                start_deal_nb)
from simkit.games.sixty_six.scoring import (DEAL_POINTS, FOLLOW_CLOSED, FOLLOW_OPEN, HAND, LAST_TRICK, MARRIAGE,
                                            POINTS, WIN, deal_result_nb, marriage_value_nb, may_close_nb,
                                            may_exchange_nine_nb)
from simkit.games.stock import D_HEURISTIC, D_RANDOM, D_USER
from simkit.games.stock import (ask_declare_nb, bad_declaration_nb, decision_err_nb, draw_pair_nb, fill_stock_nb,
                               heuristic_play_nb, marriage_cards_nb, resample_hidden_nb, restrict_lead_nb,
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
(O_AFTER_TRICK, O_FAILED, O_SCHWARZ, O_HEAD, O_PLAY_OUT, O_NINE_TRICK, O_LAST_CLOSED, O_NO66, O_CLOSE_WHEN,
 O_TARGET, O_SINGLE, O_MAX_DEALS, O_FIRST_DEALER) = range(13)
N_OPTS = 13

# -- policies: roles (rows of SeatPolicies) and codes ----------------------------------------------
R_CLOSE, R_DECLARE, R_EXCHANGE = 1, 2, 3
PLAY_HEURISTIC = PLAY_BUILTIN
D_SIMULATION = 3            # close, declare, exchange decisions: D_USER, D_RANDOM, D_HEURISTIC (stock.py) and this
P_PROB = 0                  # random decisions: the chance to say yes
P_THRESHOLD = 0             # heuristic / simulation close: the projected points to close at
P_SAMPLES = 1               # simulation close: sampled deals per decision
N_PARAMS = 2
#: the heuristic's expected capture with a top card (points won from the card it beats)
CAPTURE = 4
#: and what a trump held below the top adds (it can trump a plain lead after closing)
TRUMP_LENGTH = 2

ERR_CLOSE, ERR_DECLARE, ERR_EXCHANGE = ERR_GAME, ERR_GAME + 1, ERR_GAME + 2

# play_on_nb's results
FAILED, DONE, NEED_CLOSE = 0, 1, 2
STOCK_SIZE = 24
_NO = np.bool_(False)

#: user decision functions (tricks.BID_SIG): f(hand, state, params) -> int64
#:   close: 1 to close the stock now, 0 not; exchange: 1 to exchange the trump nine, 0 not;
#:   declare: the suit (0..3) of a marriage in ``hand`` to declare (leading its K or Q), or -1.
#: user play function (tricks.PLAY_SIG): play(hand, legal, state, params) -> card code in ``legal``


# -- the heuristic ---------------------------------------------------------------------------------
@cfunc(CHOOSE_SIG, cache=True)
def choose_play_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policy (the heuristic; random is the engine's)."""
    return heuristic_play_nb(hand, legal, state, trick, tt, state[S_FOLLOW] == FOLLOW_OPEN)


@njit(cache=True)
def close_estimate_nb(seat, hand, state, tt):
    """The heuristic's projection of the points ``seat`` will hold if he closes now: his
    points (and marriage points waiting for a trick), the marriages he holds (20, 40 in
    trumps), each top card's points plus :data:`CAPTURE` (a plain top card only when no
    trump is unseen, else half of that), and :data:`TRUMP_LENGTH` per other trump."""
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
            v = POINTS[c] + CAPTURE
            est += v // 2 if trumps_out and not trumps & bit else v
        elif trumps & bit:
            est += TRUMP_LENGTH
    return est


# -- the deal ------------------------------------------------------------------------------------
@njit(cache=True)
def close_stock_nb(state, seat, follow):
    """``seat`` closes the stock: no more draws, the closed-stock follow rule."""
    state[S_CLOSER] = seat
    state[S_CLOSE_PTS] = state[S_POINTS + seat]
    state[S_FOLLOW] = follow


@njit(cache=True)
def _count_nb(state, seat, pts, opts):
    """Add ``pts`` to ``seat``'s points; the first to 66 is noted. True when the deal
    ends here (rule ``deal_end = at_66``)."""
    state[S_POINTS + seat] += pts
    if state[S_POINTS + seat] >= WIN and state[S_REACHED] < 0:
        state[S_REACHED] = seat
        return opts[O_PLAY_OUT] == 0
    return False


SETTLE_ON, SETTLE_END, SETTLE_PAUSE = 0, 1, 2


@njit(cache=True, inline="always")
def settle_trick_nb(hands, state, opts):
    """Count the trick just won (the cards played since ``S_PREV``) for its winner, with
    the marriage points he declared before his first trick (rule ``marriage_counts``) and
    the last trick's 10 (003:43; rule ``last_trick``). Returns :data:`SETTLE_END` when
    the deal ends at 66, :data:`SETTLE_PAUSE` when the winner, next to lead, holds a
    marriage (a declaration to take), else :data:`SETTLE_ON`."""
    w = state[S_LEADER]
    pts = points_nb(state[S_PLAYED] & ~state[S_PREV], POINTS)
    state[S_PREV] = state[S_PLAYED]
    if state[S_PENDING] and w != state[S_DEALER]:
        state[S_MAR_PTS + w] += state[S_PENDING]
        pts += state[S_PENDING]
        state[S_PENDING] = 0
    left = hands[0] | hands[1]
    if left == 0 and (opts[O_LAST_CLOSED] == 0 or state[S_CLOSER] < 0):
        pts += LAST_TRICK
    if _count_nb(state, w, pts, opts):
        return SETTLE_END
    return SETTLE_PAUSE if marriage_suits_nb(hands[w]) != 0 else SETTLE_ON


@cfunc(AFTER_SIG, cache=True)
def settle_after_cb(hands, state, opts, pst, err):
    """The engine's ``after_trick`` hook once the stock is closed or empty
    (:func:`settle_trick_nb`): False stops the loop at 66 or before a marriage lead."""
    return settle_trick_nb(hands, state, opts) == SETTLE_ON


@njit(cache=True)
def play_on_nb(hands, stock, state, tables, opts, seats, choose_fn, after_fn, play_fn, close_fn, declare_fn,
               exchange_fn, pst, audit, audit_out, err):
    """Play the deal in ``state`` on from its next lead to its end (see the module doc).
    Returns :data:`DONE`, :data:`FAILED` (an illegal move, ``err`` filled) or
    :data:`NEED_CLOSE` (a ``simulation`` seat may close: :func:`run_deal_nb` decides)."""
    tt = tables[state[S_TRUMP]]
    trump = state[S_TRUMP]
    follow_closed = FOLLOW_CLOSED | (F_HEAD if opts[O_HEAD] != 0 else 0)
    codes = seats.code
    params = seats.params
    while hands[0] | hands[1]:
        seat = state[S_LEADER]
        hand = hands[seat]
        left = state[S_STOCK]
        closed = state[S_CLOSER] >= 0
        done = state[S_TRICK_NO]
        # the trump nine for the turned trump (003:38)
        if may_exchange_nine_nb(hand, trump, left, done, True, closed, state[S_WON + seat] > 0,
                                opts[O_NINE_TRICK] != 0):
            code = codes[R_EXCHANGE, seat]
            if code == D_RANDOM:
                x = 1 if yes_nb(pst, params[R_EXCHANGE, seat, P_PROB]) else 0
            elif code == D_USER:
                x = exchange_fn(hand, state, params[R_EXCHANGE, seat])
            else:
                x = 1
            if x != 0 and x != 1:
                decision_err_nb(err, ERR_EXCHANGE, seat, x, hand, 1, state, HAND)
                return FAILED
            if x == 1:
                nine = np.int64(4 * RANK_9) + trump
                up = stock[0]
                hands[seat] = hand ^ (np.int64(1) << nine) ^ (np.int64(1) << up)
                hand = hands[seat]
                stock[0] = nine
                state[S_TURNUP] = nine
                state[S_SHOWN] |= np.int64(1) << up
                state[S_DECLARED] |= np.int64(1) << (8 + seat)
        # closing the stock (003:40)
        if may_close_nb(left, done, True, closed, opts[O_CLOSE_WHEN]) and state[S_DECIDED] != done + 1:
            code = codes[R_CLOSE, seat]
            if code == D_SIMULATION:
                return NEED_CLOSE
            if code == D_RANDOM:
                x = 1 if yes_nb(pst, params[R_CLOSE, seat, P_PROB]) else 0
            elif code == D_HEURISTIC:
                x = 1 if close_estimate_nb(seat, hand, state, tt) >= params[R_CLOSE, seat, P_THRESHOLD] else 0
            else:
                x = close_fn(hand, state, params[R_CLOSE, seat])
            if x != 0 and x != 1:
                decision_err_nb(err, ERR_CLOSE, seat, x, hand, 1, state, HAND)
                return FAILED
            if x == 1:
                close_stock_nb(state, seat, follow_closed)
        # a marriage, declared by leading its king or queen (003:34-37)
        kept = -1
        mar = marriage_suits_nb(hand)
        if mar:
            best = trump if (mar >> trump) & 1 else lowest_card_nb(mar)     # the heuristic: 40 first
            suit = ask_declare_nb(codes[R_DECLARE, seat], hand, mar, best, state, params[R_DECLARE, seat], declare_fn,
                                  pst)
            if bad_declaration_nb(suit, mar):
                decision_err_nb(err, ERR_DECLARE, seat, suit, hand, mar, state, HAND)
                return FAILED
            if suit >= 0:
                v = marriage_value_nb(suit, trump)
                state[S_DECLARED] |= (np.int64(1) << (4 * seat + suit)) | (np.int64(1 if done == 0 else 0) << 10)
                state[S_SHOWN] |= marriage_cards_nb(suit)
                if opts[O_AFTER_TRICK] != 0 and state[S_WON + seat] == 0:
                    state[S_PENDING] += v
                else:
                    state[S_MAR_PTS + seat] += v
                    if _count_nb(state, seat, v, opts):
                        return DONE
                kept = restrict_lead_nb(hands, seat, suit)
        # one trick while the stock is open (draws and decisions follow it) or a marriage is led; else the
        # tricks to the end, settled by settle_after_cb, which stops at 66 or before a marriage can be declared
        batch = kept < 0 and (state[S_CLOSER] >= 0 or state[S_STOCK] == 0)
        state[S_TRICKS] = done + (popcount_nb(hands[seat]) if batch else 1)
        state[S_PREV] = state[S_PLAYED]
        ok = play_tricks_nb(choose_fn, after_fn, batch, hands, state, tables, opts, seats, play_fn, pst, audit,
                            audit_out, err)
        if kept >= 0:
            hands[seat] |= kept
        if not ok:
            if err[E_KIND] != 0:
                return FAILED
            if state[S_REACHED] >= 0 and opts[O_PLAY_OUT] == 0:
                return DONE
            continue                            # paused before a lead holding a marriage
        if batch:
            continue
        if settle_trick_nb(hands, state, opts) == SETTLE_END:
            return DONE
        if state[S_CLOSER] < 0 and state[S_STOCK] > 0:
            state[S_STOCK] = draw_pair_nb(hands, stock, 0, state[S_STOCK], state[S_LEADER])
            if state[S_STOCK] == 0:
                state[S_FOLLOW] = follow_closed
    return DONE


@njit(cache=True)
def deal_outcome_nb(state, opts):
    """``(winner, game points)`` of the finished deal in ``state``; ``(-1, 0)`` a replay."""
    reached = state[S_REACHED]
    if opts[O_PLAY_OUT] != 0:
        a = state[S_POINTS] >= WIN
        b = state[S_POINTS + 1] >= WIN
        reached = -2 if a and b else (0 if a else (1 if b else -1))
    # nobody at 66: the deal was played out and S_LEADER is the last trick's winner
    return deal_result_nb(state[S_POINTS:S_POINTS + 2], state[S_WON:S_WON + 2], reached, state[S_CLOSER],
                          state[S_LEADER],
                          opts[O_SCHWARZ], opts[O_FAILED], opts[O_NO66])


@njit(cache=True)
def rollout_seats_nb(threshold):
    """Every seat with the heuristic in every role, closing at ``threshold``."""
    code = np.full((4, 2), D_HEURISTIC, np.int64)
    params = np.zeros((4, 2, N_PARAMS), np.float64)
    params[R_CLOSE, 0, P_THRESHOLD] = threshold
    params[R_CLOSE, 1, P_THRESHOLD] = threshold
    return SeatPolicies(code, params, np.zeros(2, np.int64))


@njit(cache=True)
def simulation_close_nb(hands, stock, state, tables, opts, seats, choose_fn, after_fn, play_fn, close_fn,
                        declare_fn, exchange_fn, pst):
    """Close or not by playing out sampled deals: ``samples`` times the cards the leader
    cannot see (his opponent's hand but for the cards shown, and the stock above the
    turned trump) are dealt again at random (:func:`~simkit.games.stock.resample_hidden_nb`)
    and the deal is played out twice from here, closing now and not, every later decision
    by the heuristic (closing at ``threshold``); he closes when closing scored more game
    points in total (a deal won +points, lost -points)."""
    seat = state[S_LEADER]
    p = seats.params[R_CLOSE, seat]
    samples = max(1, np.int64(p[P_SAMPLES]))
    roll = rollout_seats_nb(p[P_THRESHOLD])
    follow_closed = FOLLOW_CLOSED | (F_HEAD if opts[O_HEAD] != 0 else 0)
    opp = 1 - seat
    known = state[S_SHOWN] & ~state[S_PLAYED] & ~hands[seat]   # shown by him, not played: still his
    deck = tables[0, TT_DECK]
    sh = np.zeros(MAX_SEATS, np.int64)
    ss = np.zeros(STOCK_SIZE, np.int64)
    wh = np.zeros(MAX_SEATS, np.int64)
    ws = np.zeros(STOCK_SIZE, np.int64)
    work = np.empty_like(state)
    err = np.zeros(N_ERR, np.int64)
    audit_out = np.zeros(4, np.int64)
    margin = 0
    for _ in range(samples):
        if not resample_hidden_nb(seat, hands[seat], state[S_PLAYED], popcount_nb(hands[opp]), stock, state[S_STOCK], 1,
                                  deck, known, sh, ss, pst):
            return 0
        for close in range(2):
            for i in range(S_SIZE):
                work[i] = state[i]
            for i in range(2):
                wh[i] = sh[i]
            for i in range(STOCK_SIZE):
                ws[i] = ss[i]
            work[S_DECIDED] = work[S_TRICK_NO] + 1
            if close:
                close_stock_nb(work, seat, follow_closed)
            play_on_nb(wh, ws, work, tables, opts, roll, choose_fn, after_fn, play_fn, close_fn, declare_fn,
                       exchange_fn, pst, _NO, audit_out, err)
            w, gp = deal_outcome_nb(work, opts)
            v = gp if w == seat else (-gp if w == opp else 0)
            margin += v if close else -v
    return 1 if margin > 0 else 0


@njit(cache=True)
def run_deal_nb(hands, stock, state, tables, opts, seats, choose_fn, after_fn, play_fn, close_fn, declare_fn,
                exchange_fn, pst, audit, audit_out, err):
    """Play the deal in ``state`` to its end, taking the ``simulation`` seats' close
    decisions; False on an illegal move."""
    follow_closed = FOLLOW_CLOSED | (F_HEAD if opts[O_HEAD] != 0 else 0)
    while True:
        r = play_on_nb(hands, stock, state, tables, opts, seats, choose_fn, after_fn, play_fn, close_fn, declare_fn,
                       exchange_fn, pst, audit, audit_out, err)
        if r != NEED_CLOSE:
            return r == DONE
        seat = state[S_LEADER]
        if simulation_close_nb(hands, stock, state, tables, opts, seats, choose_fn, after_fn, play_fn, close_fn,
                               declare_fn, exchange_fn, pst):
            close_stock_nb(state, seat, follow_closed)
        state[S_DECIDED] = state[S_TRICK_NO] + 1


@njit(cache=True)
def start_66_deal_nb(order, state, hands, stock, tables, dealer, deal_no):
    """Deal six cards each, one at a time from the dealer's left (003:26 «по 6 карт по
    одной за раз»), turn the next for trump and put it under the stock (003:27); the
    dealer's opponent leads. Returns the turned card."""
    turnup = deal_round_nb(order, 2, HAND, dealer, hands)
    trump = turnup & 3
    start_deal_nb(state, tables, trump, 2, HAND, dealer, 1 - dealer, turnup, deal_no)
    state[S_TRICKS] = 2 * HAND
    state[S_FOLLOW] = FOLLOW_OPEN
    state[S_STOCK] = fill_stock_nb(order[:STOCK_SIZE], 2 * HAND + 1, turnup, stock, 0)
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
    return turnup


@njit(cache=True)
def audit_deal_nb(hands, stock, state, opts, deck_bits, audit_out):
    """A finished deal: every card once in a hand, the stock or the played set; the card
    points of the tricks (points less marriages and the last trick's 10) plus those still
    unplayed make the deck's 120 (003:24); marriages count in 20s."""
    audit_out[0] += 1
    rest = hands[0] | hands[1]
    n = popcount_nb(hands[0]) + popcount_nb(hands[1]) + state[S_STOCK] + popcount_nb(state[S_PLAYED])
    for i in range(state[S_STOCK]):
        rest |= np.int64(1) << stock[i]
    bad = n != STOCK_SIZE or (rest | state[S_PLAYED]) != deck_bits or rest & state[S_PLAYED] != 0
    cards = 0
    for s in range(2):
        cards += state[S_POINTS + s] - state[S_MAR_PTS + s]
        bad |= state[S_MAR_PTS + s] % MARRIAGE != 0
    if hands[0] | hands[1] == 0 and (opts[O_LAST_CLOSED] == 0 or state[S_CLOSER] < 0):
        cards -= LAST_TRICK
    if cards != points_nb(state[S_PLAYED], POINTS) or cards + points_nb(rest, POINTS) != DEAL_POINTS:
        bad = True
    if bad:
        audit_out[1] += 1


# -- units: a game to 7 (or 8) game points, or one deal --------------------------------------------
#: the statistics (``stats.<name>``; shapes in :meth:`SixtySix._run`): ``counters`` = [deals, units,
#: replays, closes, closes won, marriages of 20, of 40, nine exchanges, deals won by the leader (the
#: dealer's opponent), deals someone reached 66, games drawn at max_deals, deals with a marriage declared at
#: the first lead]; ``gp_hist[closed, game points]`` per deal (game points 0 = a replay);
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
 C_DRAWN, C_FIRST_MARRIAGE) = range(12)
N_COUNTERS = 12

_I1, _I2 = types.int64[::1], types.int64[:, ::1]


@njit(cache=True)
def units_nb(seed, start, stop, deck0, opts, tables, seats, choose_fn, after_fn, play_fn, close_fn, declare_fn,
             exchange_fn, stats, audit, audit_out, err, deck, dst, pst, state, hands, stock):
    """The units of :func:`sixty_six_chunk_nb` with its work arrays, every array used
    through a :func:`~simkit.core.borrow.borrowed` view (no reference counting in the
    calls per deal and per trick)."""
    deck0, opts, tables, audit_out, err, deck, dst, pst, state, hands, stock = borrowed(
        (deck0, opts, tables, audit_out, err, deck, dst, pst, state, hands, stock))
    seats, stats = borrowed(seats), borrowed(stats)
    counters, gp_hist, close_hist = stats.counters, stats.gp_hist, stats.close_hist
    pts_hist, trick_hist, mar_hist, wins, group_wins = (stats.pts_hist, stats.trick_hist, stats.mar_hist,
                                                        stats.wins, stats.group_wins)
    group = seats.group
    deck_bits = tables[0, TT_DECK]
    single = opts[O_SINGLE] != 0
    for unit in range(start, stop):
        start_unit_nb(deck, deck0, dst, pst, seed, unit, err)
        score0 = 0
        score1 = 0
        dealer = opts[O_FIRST_DEALER]
        deals = 0
        winner = -1
        while True:
            shuffle_top_nb(deck, STOCK_SIZE, dst)
            deals += 1
            start_66_deal_nb(deck, state, hands, stock, tables, dealer, deals)
            state[S_SCORE] = score0
            state[S_SCORE + 1] = score1
            if not run_deal_nb(hands, stock, state, tables, opts, seats, choose_fn, after_fn, play_fn, close_fn,
                               declare_fn, exchange_fn, pst, audit, audit_out, err):
                return
            if audit:
                audit_deal_nb(hands, stock, state, opts, deck_bits, audit_out)
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
            m20 = 0
            m40 = 0
            for s in range(2):
                pts_hist[s, state[S_POINTS + s]] += 1
                trick_hist[s, state[S_WON + s]] += 1
                counters[C_NINES] += (decl >> (8 + s)) & 1
                for suit in range(4):
                    if (decl >> (4 * s + suit)) & 1:
                        if suit == state[S_TRUMP]:
                            m40 += 1
                        else:
                            m20 += 1
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
                if score0 >= opts[O_TARGET] or score1 >= opts[O_TARGET]:
                    winner = w
                    break
            if deals >= opts[O_MAX_DEALS]:
                winner = 0 if score0 > score1 else (1 if score1 > score0 else -1)
                counters[C_DRAWN] += 1 if winner < 0 else 0
                break
        counters[C_UNITS] += 1
        if not single:
            moment_add_nb(stats.game_len, 0, deals)
        tally_unit_nb(winner, group, wins, group_wins)


@njit(types.void(types.int64, types.int64, types.int64, types.uint8[::1], _I1, _I2, SEATS_TYPE, CHOOSE_FN, AFTER_FN,
                 PLAY_FN, BID_FN, BID_FN, BID_FN, STATS_TYPE, types.boolean, _I1, _I1), cache=True)
def sixty_six_chunk_nb(seed, start, stop, deck0, opts, tables, seats, choose_fn, after_fn, play_fn, close_fn,
                       declare_fn, exchange_fn, stats, audit, audit_out, err):
    """Play units ``start..stop-1`` into ``stats`` (:data:`SixtySixStats`): games to
    ``O_TARGET`` game points (the winner of a deal deals the next, 003:25) or single deals
    (:func:`units_nb`, on work arrays allocated here)."""
    deck, dst, pst, state, hands = unit_arrays_nb(deck0)
    units_nb(seed, start, stop, deck0, opts, tables, seats, choose_fn, after_fn, play_fn, close_fn, declare_fn,
             exchange_fn, stats, audit, audit_out, err, deck, dst, pst, state, hands, np.zeros(STOCK_SIZE, np.int64))


@njit(types.boolean(types.uint8[::1], _I1, _I2, types.int64, SEATS_TYPE, CHOOSE_FN, AFTER_FN, PLAY_FN, BID_FN,
                    BID_FN, BID_FN, types.int64, _I1, _I1, _I1, _I1), cache=True)
def one_deal_nb(order, opts, tables, dealer, seats, choose_fn, after_fn, play_fn, close_fn, declare_fn,
                exchange_fn, seed, state, hands, result, err):
    """One deal dealt from the fixed card order ``order`` (what the chunk kernel does
    after shuffling; for tests and users), audited, policy randomness from the policy
    stream of unit 0 of ``seed``. Fills ``state``, ``hands`` (as dealt) and ``result`` =
    [winner, game points, audit checks, audit violations]; False on an illegal move."""
    audit_out = np.zeros(2, np.int64)
    play_hands = np.zeros(MAX_SEATS, np.int64)
    stock = np.zeros(STOCK_SIZE, np.int64)
    start_66_deal_nb(order, state, play_hands, stock, tables, dealer, 1)
    for s in range(2):
        hands[s] = play_hands[s]
    if not run_deal_nb(play_hands, stock, state, tables, opts, seats, choose_fn, after_fn, play_fn, close_fn,
                       declare_fn, exchange_fn, fixed_stream_nb(seed), np.bool_(True), audit_out, err):
        return False
    audit_deal_nb(play_hands, stock, state, opts, tables[0, TT_DECK], audit_out)
    w, gp = deal_outcome_nb(state, opts)
    result[0] = w
    result[1] = gp
    result[2] = audit_out[0]
    result[3] = audit_out[1]
    return True
