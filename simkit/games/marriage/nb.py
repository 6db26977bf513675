"""Two-hand Marriage kernels: deal, the stock, marriages that set and change trump, play on
the trick engine, deals and games to 101 (seed 002 lines 10-12; GAMES.md G12; the rule
pieces are :mod:`.scoring`, the stock ones :mod:`simkit.games.stock`).

The engine (:func:`~simkit.core.trick_play.play_tricks_inline_nb`, compiled into the
deal) plays the deal's tricks in one call, its ``after_trick`` hook (:func:`after_trick_nb`,
a direct call) counting each trick and, while the stock lasts, drawing (the winner first;
the stock is the context's ``ctx.stock``: the kernels run on :data:`MarriageCtx`, which
the engine hands its hooks in the place of the options); the hook stops the loop when the
trick's winner, next to lead, may declare a marriage (he has won a trick, holds a king and
queen of a suit, the stock has cards: 002:11). The kernel then
asks the seat's declare policy and plays on; a declared marriage's suit becomes trump
(``S_TABLE``, ``S_TRUMP`` and the follow rule change; a later marriage changes it again),
and its holder leads its king or queen alone (his other cards set aside in ``S_KEPT``,
which the hook gives back after the trick).

The ``heuristic`` play policy (:func:`heuristic_marriage_nb`) scores each legal card by
the trick's stake won or lost (leading: by the chance the opponent's hand, drawn from the
unseen cards, cannot take it, :func:`lead_win_chance_nb`) less what the card spends;
``basic`` is the stock games' play (:func:`~simkit.games.stock.heuristic_play_nb`,
Sixty-six's), the default before it.

The ``simulation`` play policy (:func:`simulation_play_nb`, reached through the engine's
``choose`` hook :func:`choose_nb`, which sees the context but not the other hand or the
stock's order) deals the hidden cards again and plays each legal card out with its own loop
(:func:`playout_nb`, on the basic play or, with ``playout=1``, on the heuristic), settling
tricks as the hook does. The ``cfunc`` hooks the Python side passes in ``fns`` are not
used by the kernels.
"""
import numpy as np
from numba import types

from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.jit import cfunc, njit
from simkit.core.options import choices, layout
from simkit.core.borrow import borrowed
from simkit.core.ace_ten import marriage_suits_nb, points_nb, target_winner_nb
from simkit.core.rng import next_u64_nb, seed_stream_nb
from simkit.core.rollout import best_by_rollouts_nb, follow_legal_nb, play_trick_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import (INPUTS_TYPE, bundle, chunk_signature, context, deal_core_nb, fns_type,
                                    shuffle_top_nb, trick_core_nb, unit_loop)
from simkit.core.trick_play import CHOOSE_SIG, E_KIND, R_PLAY, play_tricks_inline_nb
from simkit.core.trick_play import no_after_trick_cb  # noqa: F401  (the hooks tuple's after_trick, read by __init__)
from simkit.core.trick_play import PLAY_RANDOM, PLAY_USER  # noqa: F401  (policy codes, read by policies.py)
from simkit.core.tricks import no_user_bid_nb, no_user_play_nb  # noqa: F401  (placeholders, read by __init__)
from simkit.core.ace_ten import ACE_TEN_POINTS
from simkit.core.tricks import TT_ESUIT, TT_SUIT_BITS, beating_nb, higher_in_suit_nb, lowest_card_nb, masters_nb
from simkit.core.tricks import (BID_FN, MAX_SEATS, NO_TRUMP, PLAY_FN, S_EXTRA, S_FOLLOW, S_LEADER,
                                S_N_IN_TRICK, S_PLAYED, S_SCORE, S_TABLE, S_TRICK, S_TRICK_NO, S_TRICKS, S_TRUMP, S_WON,
                                TT_DECK, close_trick_nb, popcount_nb, start_deal_nb)
from simkit.games.marriage.rules import MarriageRules
from simkit.games.marriage.scoring import (DEAL_POINTS, HAND, LAST_TRICK_CARRY, POINTS, TARGET, follow_flags_nb,
                                           marriage_value_nb)
from simkit.games.marriage.codes import (ERR_DECLARE, HEURISTIC_DEFAULTS, HEURISTIC_SLOTS, N_PARAMS,  # noqa: F401
                                         P_DENY, P_END, P_END_TEMPO, P_HALF, P_KEEP, P_LOSE, P_MASTER, P_MINE,
                                         P_PLAYOUT, P_PROB, P_SAMPLES, P_TEMPO, P_TRUMP, PLAY_BASIC, PLAY_HEURISTIC,
                                         PLAY_SIMULATION, R_DECLARE)
from simkit.games.stock_codes import D_HEURISTIC, D_RANDOM, D_USER  # noqa: F401  (codes, read by policies.py)
from simkit.games.stock import (ask_declare_nb, bad_declaration_nb, decision_err_nb, fill_stock_nb, heuristic_play_nb,
                               marriage_cards_nb, resample_hidden_nb, restrict_lead_nb, tally_unit_nb)

# -- table state fields after the shared layout --------------------------------------------------
S_STOCK = S_EXTRA + 0       # cards left in the stock
S_POINTS = S_EXTRA + 1      # 2 entries: points this deal (cards, marriages, the last trick with carry-over)
S_MAR_PTS = S_EXTRA + 3     # 2 entries: marriage points this deal
S_DECLARED = S_EXTRA + 5    # bit seat * 4 + suit: marriages declared this deal
S_N_DECLARED = S_EXTRA + 6  # marriages declared this deal
S_PREV = S_EXTRA + 7        # the played cards before the trick(s) being settled
S_HELD = S_EXTRA + 8        # bit seat: his five dealt cards hold a marriage
S_DEAL_TRICKS = S_EXTRA + 9  # the tricks of the deal (half the deck)
S_KEPT = S_EXTRA + 10       # 2 entries: the cards a declared marriage's leader set aside for its lead
S_RNG = S_EXTRA + 12        # the simulation player's stream key (drawn per deal when a seat plays by simulation)
# S_SCORE (shared): each seat's total with carry-over (the points of earlier deals)

#: ``opts`` slots of the rule options (:func:`~simkit.core.options.layout`: one per option, named as it)
O = layout(MarriageRules)
#: the codes of ``unit``
UNIT = choices(MarriageRules, "unit")
STOCK_SIZE = 32             # the largest deck's stock fits

# the policy roles, codes and parameter slots, the heuristic's weights and the error kind: .codes
#: the default weights as a parameter row (the simulation player's play-outs with ``playout`` = 1)
DEFAULT_WEIGHTS = np.zeros(N_PARAMS, np.float64)
for _k, _v in HEURISTIC_DEFAULTS.items():
    DEFAULT_WEIGHTS[HEURISTIC_SLOTS[_k]] = _v
#: the simulation player's value of a finished deal: a win by 101 (a loss) counts this much, the points'
#: margin breaks ties
WIN_VALUE = 1000
_YES = np.bool_(True)

#: user declare function (tricks.BID_SIG): declare(hand, state, params) -> the suit (0..3) of a
#: marriage in ``hand`` to declare (leading its K or Q; its suit becomes trump), or -1
#: user play function (tricks.PLAY_SIG): play(hand, legal, state, params) -> card code in ``legal``


@njit(cache=True, inline="always")
def settle_trick_nb(hands, state, opts, stock):
    """After a trick: give back the cards a declared marriage's leader set aside
    (``S_KEPT``), count the trick (the cards played since ``S_PREV``) for its winner, with
    carry-over the last trick's 10 (002:12 «последняя взятка дополнительно оценивалась в
    10 очков»); while the stock ``stock`` lasts both draw, the winner first.
    True when the winner, next to lead, may declare a marriage: he holds one and the
    stock has cards (002:11 «Игрок, взявший взятку, имеет право на своем ходе объявить
    марьяж»; «до полного разбора колоды»).

    Straight-line array code, branching on scalars only: an array touched inside a branch
    makes numba count references on every call (8 atomic operations a trick, a quarter
    of a random deal's time)."""
    w = state[S_LEADER]
    h0 = hands[0] | state[S_KEPT]
    h1 = hands[1] | state[S_KEPT + 1]
    state[S_KEPT] = 0
    state[S_KEPT + 1] = 0
    played = state[S_PLAYED]
    pts = points_nb(played & ~state[S_PREV], POINTS)
    state[S_PREV] = played
    last = LAST_TRICK_CARRY * opts[O.carry_over]
    if h0 | h1 == 0:
        pts += last
    state[S_POINTS + w] += pts
    left = state[S_STOCK]
    # the top two cards, read whether or not the stock is empty (stock[0] is then a card still)
    top = np.int64(1) << stock[max(left - 1, 0)]
    nxt = np.int64(1) << stock[max(left - 2, 0)]
    if left == 0:
        top = 0
        nxt = 0
    else:
        left -= 2
    if w == 0:
        h0 |= top
        h1 |= nxt
        hw = h0
    else:
        h1 |= top
        h0 |= nxt
        hw = h1
    hands[0] = h0
    hands[1] = h1
    state[S_STOCK] = left
    return left != 0 and marriage_suits_nb(hw) != 0


@njit(cache=True, inline="always")
def declare_nb(hands, state, opts, seat, suit):
    """``seat`` declares the marriage of ``suit``: its points, its suit trump (``S_TABLE``,
    ``S_TRUMP`` and the follow rule; a later marriage changes it), and his other cards set
    aside (``S_KEPT``) so that he leads its king or queen; :func:`settle_trick_nb` gives
    them back after the trick."""
    v = marriage_value_nb(suit, state[S_N_DECLARED], opts[O.marriage_values])
    state[S_POINTS + seat] += v
    state[S_MAR_PTS + seat] += v
    state[S_N_DECLARED] += 1
    state[S_DECLARED] |= np.int64(1) << (4 * seat + suit)
    state[S_TABLE] = suit
    state[S_TRUMP] = suit
    state[S_FOLLOW] = follow_flags_nb(suit, opts[O.follow])
    state[S_KEPT + seat] = restrict_lead_nb(hands, seat, suit)


@njit(cache=True)
def heuristic_declare_nb(hand, mar, state, values):
    """The marriage to declare: always one, the suit held longest (its trumps), then the
    one scoring most."""
    best = -1
    key = -1
    for s in range(4):
        if (mar >> s) & 1:
            k = popcount_nb(hand & (np.int64(0x1111111111111) << s)) * 1000 \
                + marriage_value_nb(s, state[S_N_DECLARED], values)
            if k > key:
                key = k
                best = s
    return best


# -- the heuristic player ---------------------------------------------------------------------------
def _binomials(n, k):
    out = np.zeros((n + 1, k + 1), np.float64)
    for i in range(n + 1):
        out[i, 0] = 1.0
        for j in range(1, min(i, k) + 1):
            out[i, j] = out[i - 1, j - 1] + (out[i - 1, j] if j <= i - 1 else 0.0)
    return out


#: C(n, k) for n <= 32 and k <= HAND
BINOM = _binomials(32, HAND)


@njit(cache=True, inline="always")
def _binom_nb(n, k):
    return BINOM[n, k] if n >= 0 else 0.0


@njit(cache=True, inline="always")
def lead_win_chance_nb(card, unseen, known, k, trumps, tt):
    """The chance that ``card`` led wins the trick against an opponent who holds the
    cards ``known`` and ``k`` others drawn at random from ``unseen`` and takes the trick
    when he can: he holds no higher card of its suit and, when it is a plain card and a
    trump exists, he is not void in its suit holding a trump. Exact once the stock is
    empty (``unseen`` is then his hand)."""
    suit = tt[TT_SUIT_BITS + tt[TT_ESUIT + card]]
    higher = higher_in_suit_nb(card, tt)
    if known & higher:
        return 0.0
    u = popcount_nb(unseen)
    total = _binom_nb(u, k)
    if total == 0.0:
        return 1.0
    p = _binom_nb(u - popcount_nb(unseen & higher), k)
    if trumps != 0 and suit & trumps == 0 and known & suit == 0:
        a = popcount_nb(unseen & suit)
        void = _binom_nb(u - a, k)
        if known & trumps == 0:
            void -= _binom_nb(u - a - popcount_nb(unseen & trumps), k)
        p -= void
    return p / total


@njit(cache=True, inline="always")      # compiled into heuristic_choice_nb: one call per card
def heuristic_marriage_nb(seat, hand, legal, state, trick, tt, prm):
    """Two-hand Marriage's card play (the ``heuristic`` play policy): each legal card
    scored by what it wins or loses now and what it spends, the best played (ties: the
    cheapest, then the lowest code).

    A trick's stake is the points in it plus the lead's worth, ``tempo`` (the winner
    leads next and, while the stock lasts, may declare: ``mine`` more when the seat holds
    a marriage, ``deny`` more when the opponent may hold one, both K and Q of a suit
    unseen). Following, a card that takes the trick scores the stake, one that loses
    minus it. Leading, a card scores its chance to hold the trick
    (:func:`lead_win_chance_nb`, the opponent's hand drawn from the unseen cards) times
    the stake, less the chance to lose times the stake and ``lose`` (the points his
    winner brings). Spending a card costs ``keep`` for a king or queen of a marriage held,
    ``half`` for one whose partner is unseen (while the stock lasts), ``trump`` for a
    trump and ``master`` for a card nothing unseen beats. Once the stock is empty, with
    ``end`` = 1 the same scores with the lead worth ``end_tempo`` (the opponent's hand is
    then known), with ``end`` = 0 the stock games' closed-stock play
    (:func:`~simkit.games.stock.heuristic_play_nb`)."""
    left = state[S_STOCK]
    if left == 0 and prm[P_END] < 0.5:
        return heuristic_play_nb(hand, legal, state, trick, tt, False)
    opp = 1 - seat
    own = hand | state[S_KEPT + seat]
    played = state[S_PLAYED]
    known = np.int64(0)
    declared = state[S_DECLARED]
    for u in range(4):
        if (declared >> (4 * opp + u)) & 1:
            known |= marriage_cards_nb(u) & ~played
    gone = played | own
    unseen = tt[TT_DECK] & ~gone & ~known
    trump = state[S_TRUMP]
    trumps = tt[TT_SUIT_BITS + trump] if trump >= 0 else np.int64(0)
    full = np.int64(0)
    half = np.int64(0)
    opp_may = False
    mine = marriage_suits_nb(own)
    for u in range(4):
        m = marriage_cards_nb(u)
        if (mine >> u) & 1:
            full |= m
        elif own & m and m & ~own & (unseen | known):
            half |= own & m
        if m & ~(unseen | known) == 0:
            opp_may = True
    if left > 0:
        tempo = prm[P_TEMPO]
        if left > 2:
            if mine:
                tempo += prm[P_MINE]
            if opp_may:
                tempo += prm[P_DENY]
    else:
        tempo = prm[P_END_TEMPO]
        half = 0
    n = state[S_N_IN_TRICK]
    tops = masters_nb(legal, gone | known, tt) if prm[P_MASTER] != 0 else np.int64(0)
    wins = beating_nb(legal, trick, n, tt) if n > 0 else np.int64(0)
    led = ACE_TEN_POINTS[trick[0]] if n > 0 else 0
    k = popcount_nb(own)
    best = -1
    key = -1e300
    m = legal
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        bit = np.int64(1) << c
        pts = ACE_TEN_POINTS[c]
        cost = 0.0
        if full & bit:
            cost += prm[P_KEEP]
        if half & bit:
            cost += prm[P_HALF]
        if trumps & bit:
            cost += prm[P_TRUMP]
        if tops & bit:
            cost += prm[P_MASTER]
        stake = led + pts + tempo
        if n > 0:
            v = stake if wins & bit else -stake
        else:
            p = lead_win_chance_nb(c, unseen, known, k, trumps, tt)
            v = p * stake - (1.0 - p) * (stake + prm[P_LOSE])
        v -= cost
        if v > key + 1e-9 or (v > key - 1e-9 and pts < ACE_TEN_POINTS[best]):
            key = v
            best = c
    return best


# -- the simulation player ---------------------------------------------------------------------
@njit(cache=True, inline="always")
def heuristic_card_nb(seat, hand, legal, st, trick, tt, mode):
    """The simulation player's card for its play-outs, in the ``heuristic_fn`` form of
    :mod:`simkit.core.rollout`: ``mode`` 0 the basic stock-game play
    (:func:`~simkit.games.stock.heuristic_play_nb`, the stock open while it has cards),
    1 the heuristic with its default weights (:func:`heuristic_marriage_nb`)."""
    if mode == 0:
        return heuristic_play_nb(hand, legal, st, trick, tt, st[S_STOCK] > 0)
    return heuristic_marriage_nb(seat, hand, legal, st, trick, tt, DEFAULT_WEIGHTS)


@njit(cache=True)
def playout_nb(hands, stock, st, tables, opts, mode):
    """Play the deal in ``st`` (a scratch copy of the state, mid-trick allowed; the stock
    in ``stock[:st[S_STOCK]]``) to its end with both seats on the play of ``mode``
    (:func:`heuristic_card_nb`) and the declare heuristic (:func:`heuristic_declare_nb`),
    settling each trick as the game does (:func:`settle_trick_nb`)."""
    hands, stock, st, tables, opts = borrowed((hands, stock, st, tables, opts))  # held by the caller: no counting
    trick = st[S_TRICK:S_TRICK + MAX_SEATS]
    while st[S_TRICK_NO] < st[S_DEAL_TRICKS]:
        tt = tables[st[S_TABLE]]
        play_trick_nb(hands, st, trick, tt, mode, follow_legal_nb, heuristic_card_nb)
        w = close_trick_nb(st, trick, tt)
        if settle_trick_nb(hands, st, opts, stock):
            mar = marriage_suits_nb(hands[w])
            declare_nb(hands, st, opts, w, heuristic_declare_nb(hands[w], mar, st, opts[O.marriage_values]))


@njit(cache=True)
def deal_value_nb(st, seat, final):
    """What the finished deal in ``st`` is worth to ``seat``: :data:`WIN_VALUE` for a win
    by 101 on the totals (``S_SCORE``, the points of earlier deals with carry-over, plus
    this deal's), minus that for a loss, plus his margin in those totals."""
    for s in range(2):
        final[s] = st[S_SCORE + s] + st[S_POINTS + s]
    w = target_winner_nb(final, 2, TARGET)
    v = final[seat] - final[1 - seat]
    return v + (0 if w < 0 else (WIN_VALUE if w == seat else -WIN_VALUE))


@njit(cache=True, inline="always")
def sample_nb(seat, hand, state, sampled, ctx):
    """One deal of what ``seat`` cannot see (:func:`~simkit.games.stock.resample_hidden_nb`):
    his opponent's hand, holding the unplayed card of each marriage he declared, and the
    stock in a random order; shown-out suits are not used, the hands refilling from the
    stock."""
    tables, _, rng, seen, known, opp_cards, sampled_stock, _, _, _ = ctx
    resample_hidden_nb(seat, hand, seen, known, opp_cards, tables[NO_TRUMP, TT_DECK], sampled_stock[:state[S_STOCK]],
                       0, (sampled, sampled_stock), rng)


@njit(cache=True, inline="always")
def playout_value_nb(seat, hands, st, ctx):
    """The sampled stock dealt into ``st``, the deal played out (:func:`playout_nb`) and
    its value to ``seat`` (:func:`deal_value_nb`)."""
    tables, opts, _, _, _, _, sampled_stock, stock, final, mode = ctx
    st[S_KEPT + 1 - seat] = 0                               # his cards are all in the sampled hand
    for j in range(st[S_STOCK]):
        stock[j] = sampled_stock[j]
    playout_nb(hands, stock, st, tables, opts, mode)
    return deal_value_nb(st, seat, final)


@njit(cache=True)
def simulation_play_nb(seat, hand, legal, state, opts, tables, samples, mode):
    """The card of ``legal`` with the greatest total value (:func:`deal_value_nb`) over
    ``samples`` sampled deals (:func:`sample_nb`), each played out by :func:`playout_nb`
    after the card (the same samples for every card; ties: the heuristic's card:
    :func:`~simkit.core.rollout.best_by_rollouts_nb`). Randomness from the deal's key
    ``state[S_RNG]``, advanced per decision (``opts``: the rule options, ``tables``: the
    deck's five trick tables)."""
    rng = np.zeros(4, np.uint64)
    seed_stream_nb(rng, state[S_RNG], 0)
    state[S_RNG] = np.int64(next_u64_nb(rng) >> np.uint64(2))
    opp = 1 - seat
    played = state[S_PLAYED]
    known = 0
    for u in range(4):
        if (state[S_DECLARED] >> (4 * opp + u)) & 1:
            known |= marriage_cards_nb(u) & ~played
    own = hand | state[S_KEPT + seat]
    opp_cards = popcount_nb(own) - state[S_N_IN_TRICK]          # he has played to the trick when we follow
    ctx = (tables, opts, rng, played | own, known, opp_cards, np.zeros(32, np.int64), np.zeros(32, np.int64),
           np.zeros(2, np.int64), mode)
    first = heuristic_card_nb(seat, hand, legal, state, state[S_TRICK:S_TRICK + MAX_SEATS],
                              tables[state[S_TABLE]], mode)
    return best_by_rollouts_nb(seat, hand, legal, state, first, samples, ctx, sample_nb, playout_value_nb)


@njit(cache=True, inline="always")
def choose_play_nb(code, seat, hand, legal, state, trick, tt, params, opts, tables):
    """The built-in play policies: the simulation player (:func:`simulation_play_nb`), the
    heuristic and the basic play (:func:`heuristic_choice_nb`); random is the engine's.

    Compiled into the engine's trick loop, with one call to each player: the players
    compiled in there too (the basic play and a call to the heuristic) cost uniform-random
    play, which never reaches them, 3 % of its speed (the loop's registers spilling for code
    it does not run: 1 122 k against 1 157 k deals a second); the heuristic, still one call
    a card, keeps its speed (within 1 %)."""
    if code == PLAY_SIMULATION:
        return simulation_play_nb(seat, hand, legal, state, opts, tables, max(1, np.int64(params[seat, P_SAMPLES])),
                                  np.int64(params[seat, P_PLAYOUT]))
    return heuristic_choice_nb(code, seat, hand, legal, state, trick, tt, params)


@njit(cache=True)
def heuristic_choice_nb(code, seat, hand, legal, state, trick, tt, params):
    """The card of the seat's heuristic (:func:`heuristic_marriage_nb`, its weights) or,
    for ``code`` :data:`PLAY_BASIC`, the basic stock-game play."""
    if code == PLAY_BASIC:
        return heuristic_play_nb(hand, legal, state, trick, tt, state[S_STOCK] > 0)
    return heuristic_marriage_nb(seat, hand, legal, state, trick, tt, params[seat])


@njit(cache=True, inline="always")
def choose_nb(code, seat, hand, legal, state, trick, tt, params, ctx):
    """The engine's ``choose`` hook as the kernels call it (the context in the place of
    the options): :func:`choose_play_nb`."""
    return choose_play_nb(code, seat, hand, legal, state, trick, tt, params, ctx.opts, ctx.tables)


@cfunc(CHOOSE_SIG, cache=True)
def choose_play_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The hooks tuple's ``choose``, which the kernels do not call (they call
    :func:`choose_nb`, whose simulation player reads the context's trick tables): the
    heuristic and the basic play."""
    return heuristic_choice_nb(code, seat, hand, legal, state, trick, tt, params)


@njit(cache=True, inline="always")     # once per trick: compiled into the engine's loop
def after_trick_nb(hands, state, ctx, pst, err):
    """The engine's ``after_trick`` hook (the context in the place of the options;
    :func:`settle_trick_nb` on ``ctx.stock``): False stops the loop when the winner, next
    to lead, may declare a marriage (a decision for :func:`play_on_nb`). ``hands``,
    ``state``, ``pst`` and ``err`` are the context's."""
    return not settle_trick_nb(hands, state, ctx.opts, ctx.stock)


@njit(cache=True, inline="always")     # once per deal: inlined
def play_on_nb(ctx, fns, audit):
    """Play the deal in ``ctx.state`` on to its end (see the module doc; ``fns[2]``,
    ``fns[3]``: the user play and declare functions). False on an illegal move
    (``ctx.err`` filled)."""
    hands, state, opts, err, pst = ctx.hands, ctx.state, ctx.opts, ctx.err, ctx.pst
    codes = ctx.seats.code
    params = ctx.seats.params
    while True:
        if play_tricks_inline_nb(choose_nb, after_trick_nb, _YES, hands, state, ctx.tables, ctx, ctx.seats, fns[2],
                                 pst, audit, ctx.audit_out, err):
            return True
        if err[E_KIND] != 0:
            return False
        # stopped before the lead of a seat who may declare a marriage (after_trick_nb)
        seat = state[S_LEADER]
        hand = hands[seat]
        mar = marriage_suits_nb(hand)
        code = codes[R_DECLARE, seat]
        best = heuristic_declare_nb(hand, mar, state, opts[O.marriage_values]) if code == D_HEURISTIC else -1
        suit = ask_declare_nb(code, hand, mar, best, state, params[R_DECLARE, seat], fns[3], pst)
        if bad_declaration_nb(suit, mar):
            decision_err_nb(err, ERR_DECLARE, seat, suit, hand, mar, state, HAND)
            return False
        if suit >= 0:
            declare_nb(hands, state, opts, seat, suit)


@njit(cache=True, inline="always")     # per deal: inlined, random play 0.46-0.51 -> 0.52-0.57 of the bare kernel
def start_marriage_deal_nb(ctx, order, n, dealer, deal_no):
    """Deal three then two cards to each, the dealer's opponent first (002:10 «Сдатчик сдает
    три, затем две карты каждому»); the rest of ``order`` (all ``n`` cards of the
    deck) is the stock (``ctx.stock``); no trump; the dealer's opponent leads (002:11
    «Ходит соперник сдатчика»)."""
    state, hands = ctx.state, ctx.hands
    opp = 1 - dealer
    for s in range(MAX_SEATS):
        hands[s] = 0
    pos = 0
    for k in (3, 2):
        for s in (opp, dealer):
            for _ in range(k):
                hands[s] |= np.int64(1) << np.int64(order[pos])
                pos += 1
    start_deal_nb(state, ctx.tables, NO_TRUMP, 2, HAND, dealer, opp, -1, deal_no)
    state[S_DEAL_TRICKS] = n // 2
    state[S_TRICKS] = n // 2
    state[S_FOLLOW] = 0                 # 002:11 «На выхоженную до объявления козыря можно класть любую карту»
    state[S_PREV] = 0
    state[S_STOCK] = fill_stock_nb(order, 2 * HAND, -1, ctx.stock)
    state[S_DECLARED] = 0
    state[S_N_DECLARED] = 0
    state[S_HELD] = 0
    for s in range(2):
        state[S_KEPT + s] = 0
        state[S_POINTS + s] = 0
        state[S_MAR_PTS + s] = 0
        if marriage_suits_nb(hands[s]):
            state[S_HELD] |= 1 << s


@njit(cache=True)
def audit_deal_nb(ctx):
    """A finished deal (``ctx``'s hands and state; counts in ``ctx.audit_out``): every card
    played once, the tricks' card points (points less marriages and the last trick's 10)
    the deck's 120, and the marriage points the values of the marriages declared."""
    hands, state, audit_out = ctx.hands, ctx.state, ctx.audit_out
    audit_out[0] += 1
    bad = hands[0] | hands[1] != 0 or state[S_PLAYED] != ctx.tables[NO_TRUMP, TT_DECK] or state[S_STOCK] != 0
    cards = 0
    for s in range(2):
        cards += state[S_POINTS + s] - state[S_MAR_PTS + s]
    if ctx.opts[O.carry_over] != 0:
        cards -= LAST_TRICK_CARRY
    if cards != DEAL_POINTS or popcount_nb(state[S_DECLARED]) != state[S_N_DECLARED]:
        bad = True
    if bad:
        audit_out[1] += 1


# -- units: a game to 101 (a deal without carry-over), or one deal -------------------------------------
#: the statistics (``stats.<name>``; shapes in :meth:`Marriage._run`): ``counters`` = [deals, units, dealt
#: hands holding a marriage (two per deal), marriages declared, trump changes (declarations after the first),
#: deals without a trump, deals someone reached 101]; ``pts_hist[seat, points]`` and ``trick_hist[seat,
#: tricks]`` per deal; ``mar_hist[marriages declared in a deal]``; ``wins[seat]`` units won, ``wins[2]``
#: drawn; ``group_wins[g, k]`` units where k seats of policy group g won; ``game_len`` deals per game (with carry-over).
MarriageStats, STATS_TYPE = bundle("MarriageStats", {
    "counters": 1, "pts_hist": 2, "trick_hist": 2, "mar_hist": 1, "wins": 1, "group_wins": 2, "game_len": 2})
C_DEALS, C_UNITS, C_HELD, C_DECLARED, C_CHANGES, C_NO_TRUMP, C_REACHED = range(7)
N_COUNTERS = 7
MAX_POINTS = DEAL_POINTS + LAST_TRICK_CARRY + 280

#: the kernel context (:func:`~simkit.core.trick_game.context`): the engine's fields, ``stock`` (the deal's
#: stock, ``STOCK_SIZE``: :mod:`simkit.games.stock`'s layout) and ``total[seat]`` (a game's totals so far)
MarriageCtx = context("MarriageCtx", ("stock", "total"))


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a deal
    to 101 without carry-over (a draw when nobody reaches it), deals with carry-over until
    a total reaches 101 (the higher total; equal totals play on), or a single deal. False
    on an illegal move."""
    opts, stats, state, total = ctx.opts, ctx.stats, ctx.state, ctx.total
    counters, pts_hist, trick_hist, mar_hist = stats.counters, stats.pts_hist, stats.trick_hist, stats.mar_hist
    n = ctx.deck0.shape[0]
    carry = opts[O.carry_over] != 0 and opts[O.unit] != UNIT.deal
    sim = ctx.seats.code[R_PLAY, 0] == PLAY_SIMULATION or ctx.seats.code[R_PLAY, 1] == PLAY_SIMULATION
    total[0] = 0
    total[1] = 0
    deals = 0
    winner = -1
    while True:
        if deals > 0:                   # the engine's loop polled before the unit's first deal
            poll_interrupt_nb()
        shuffle_top_nb(ctx.deck, n, ctx.dst)
        dealer = opts[O.first_dealer] ^ (deals & 1)     # 002:10 «Сдача производится по очереди»
        deals += 1
        start_marriage_deal_nb(ctx, ctx.deck, n, dealer, deals)
        if sim:
            state[S_RNG] = np.int64(next_u64_nb(ctx.pst) >> np.uint64(2))
        state[S_SCORE] = total[0]
        state[S_SCORE + 1] = total[1]
        if not play_on_nb(ctx, fns, audit):
            return False
        if audit:
            audit_deal_nb(ctx)
        counters[C_DEALS] += 1
        nd = state[S_N_DECLARED]
        counters[C_HELD] += popcount_nb(state[S_HELD])
        counters[C_DECLARED] += nd
        counters[C_CHANGES] += max(nd - 1, 0)
        counters[C_NO_TRUMP] += 1 if nd == 0 else 0
        mar_hist[min(nd, mar_hist.shape[0] - 1)] += 1
        for s in range(2):
            pts_hist[s, min(state[S_POINTS + s], pts_hist.shape[1] - 1)] += 1
            trick_hist[s, state[S_WON + s]] += 1
        if state[S_POINTS] >= TARGET or state[S_POINTS + 1] >= TARGET:
            counters[C_REACHED] += 1
        total[0] += state[S_POINTS]             # without carry-over: this deal's points alone
        total[1] += state[S_POINTS + 1]
        winner = target_winner_nb(total, 2, TARGET)
        if not carry:
            break
        if winner >= 0:
            break
        if deals >= opts[O.max_deals]:
            winner = 0 if total[0] > total[1] else (1 if total[1] > total[0] else -1)
            break
    counters[C_UNITS] += 1
    if carry:
        moment_add_nb(stats.game_len, 0, deals)
    tally_unit_nb(winner, ctx.seats.group, stats.wins, stats.group_wins)
    return True


run_units_nb = unit_loop(unit_nb)


@njit(chunk_signature(STATS_TYPE, PLAY_FN, BID_FN), cache=True)
def marriage_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` into ``stats`` (:data:`MarriageStats`) with the unit
    hook :func:`unit_nb` (``inp.opts``: the layout :data:`O`; ``fns`` = (choose,
    after_trick, play, declare))."""
    ctx = MarriageCtx(*(trick_core_nb(inp, stats) + (np.zeros(STOCK_SIZE, np.int64), np.zeros(2, np.int64))))
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.boolean(types.uint8[::1], INPUTS_TYPE, fns_type(PLAY_FN, BID_FN), types.int64, types.int64,
                    types.int64[::1], types.int64[::1], types.int64[::1]), cache=True)
def one_deal_nb(order, inp, fns, dealer, seed, state, hands, result):
    """One deal dealt from the fixed card order ``order`` (all its cards), audited, policy
    randomness from the policy stream of unit 0 of ``seed``. Fills ``state``, ``hands``
    (as dealt) and ``result`` = [winner by 101 (-1 none), audit checks, violations];
    False on an illegal move (``inp.err`` filled)."""
    ctx = MarriageCtx(*(deal_core_nb(inp, order, seed, state) + (np.zeros(STOCK_SIZE, np.int64),
                                                                 np.zeros(2, np.int64))))
    start_marriage_deal_nb(ctx, order, order.shape[0], dealer, 1)
    for s in range(2):
        hands[s] = ctx.hands[s]
    if inp.seats.code[R_PLAY, 0] == PLAY_SIMULATION or inp.seats.code[R_PLAY, 1] == PLAY_SIMULATION:
        state[S_RNG] = np.int64(next_u64_nb(ctx.pst) >> np.uint64(2))
    if not play_on_nb(ctx, fns, np.bool_(True)):
        return False
    audit_deal_nb(ctx)
    result[0] = target_winner_nb(state[S_POINTS:S_POINTS + 2], 2, TARGET)
    result[1] = inp.audit_out[0]
    result[2] = inp.audit_out[1]
    return True
