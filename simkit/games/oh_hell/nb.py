"""Oh Hell kernels: deal, bid, play and score deals and whole games (seed 000 lines
311-329, 001 lines 1-36), on the shared trick core :mod:`simkit.core.tricks`.

Unit = one whole game (deals 1, 2, ..., N cards) or, with the ``cards`` rule, one deal.
Cards come from the unit's deal stream and policy randomness from its policy stream
(:func:`~simkit.core.tricks.policy_stream_nb`), so every policy plays the same deals.
A policy is consulted only when it has a choice (a single legal card is played for it).

Score of a deal (000 line 327): ``10 + bid`` if the player took exactly ``bid`` tricks,
else 0; with ``zero_bid = five_plus_cards`` a made zero bid scores ``5 + cards``.
"""
import numpy as np
from numba import types

from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.borrow import borrowed
from simkit.core.jit import cfunc, njit
from simkit.core.options import choices, layout
from simkit.core.rng import randbelow_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import (INPUTS_TYPE, bundle, chunk_signature, context, deal_core_nb, fns_type,
                                    shuffle_top_nb, trick_core_nb, unit_loop)
from simkit.core.trick_play import (CHOOSE_SIG, E_CARDS, E_DEAL, E_EXTRA, E_HAND, E_KIND, E_LEGAL, E_MOVE, E_SEAT,
                                    E_TRUMP, ERR_GAME, N_ERR, SeatPolicies, play_tricks_inline_nb, play_tricks_nb)
from simkit.core.tricks import (BID_FN, BID_SIG, PLAY_FN, PLAY_SIG, no_user_bid_nb, no_user_play_nb,  # noqa: F401
                                MAX_SEATS, NO_TRUMP, S_BID, S_CARDS, S_DEAL_NO, S_DEALER, S_EXTRA, S_LEADER,
                                S_N_IN_TRICK, S_PLAYED, S_PLAYERS, S_SEAT, S_SIZE, S_TABLE, S_TRICK_NO, S_TRUMP,
                                S_TURNUP, S_WON, TT_DECK, TT_SUIT_BITS, beating_nb, card_pool_nb, deal_hidden_nb,
                                deal_round_nb, masters_nb, popcount_nb, round_bid_nb, scaled_strength_nb,
                                start_deal_nb, strength_factor_nb, strength_nb,
                                strongest_nb, trick_winner_nb, weakest_nb)
# the policy codes, role row and parameter slots (shared with the declarations)
from simkit.games.oh_hell.codes import (BID_ADVICE, BID_HEURISTIC, BID_RANDOM, BID_SIMULATION, BID_USER,  # noqa: F401
                                        N_BID_PARAMS, N_PLAY_PARAMS, P_BIAS, P_HONOR, P_LONG, P_NORM, P_SAMPLES,
                                        P_TABLE, P_TRUMP, P_TRUMP_LOW, P_UNDER, P_WINDOW, PLAY_HEURISTIC, PLAY_RANDOM,
                                        PLAY_USER, Q_CHEAP, Q_LEAD_HIGH, Q_LEAD_SHORT, Q_SPOIL, Q_URGENCY, R_BID)
from simkit.games.oh_hell.rules import OhHellRules

# extra state fields (after the shared trick-game layout)
S_FORBIDDEN = S_EXTRA + 0    # the bid the hook rule forbids the seat to act, -1 if none
S_BID_POS = S_EXTRA + 1      # position of the seat to bid in the bidding order (0 = dealer's left)
S_BID_SUM = S_EXTRA + 2      # total of the bids made so far in this deal
S_DEALS = S_EXTRA + 3        # deals in the game
S_ZERO_VALUE = S_EXTRA + 4   # what a made zero bid scores in this deal

#: ``opts`` slots (:func:`~simkit.core.options.layout`): one per rule option, named as it,
#: then ``n_deals``, the deals in a whole game (``OhHellRules.n_deals``: ``deals`` or the
#: seed's count for the number of players), filled by the game
O = layout(OhHellRules, extra=("n_deals",))
#: the codes of the choice options (``ZERO_BID.five_plus_cards``, ``TIES.shared``)
ZERO_BID = choices(OhHellRules, "zero_bid")
TIES = choices(OhHellRules, "ties")

#: the play parameters' values that reproduce the old heuristic (slots ``Q_*``, :mod:`.codes`)
OLD_PLAY = (1.0, 0.0, 0.0, 0.0, 0.0)

ERR_BID = ERR_GAME               # err[E_LEGAL] = the forbidden bid, err[E_BIDS] = the bids so far
E_BIDS = E_EXTRA
WIN_SCALE = 420                  # lcm(1..7): a win shared by t players is 420/t
MAX_SCORE = 15 * 10 + 120        # 15 deals of 10 + bid, bids summing to at most 1 + ... + 15

#: user bid function (tricks.BID_SIG): bid(hand, state, params) -> int64
#:   hand: bitmask of the seat's cards (bit = card code), state: int64[64] table state
#:   (simkit.core.tricks S_* layout plus S_FORBIDDEN, S_BID_POS, S_BID_SUM, S_DEALS,
#:   S_ZERO_VALUE above; S_SEAT is the bidder), params: float64[:].
#: user play function (tricks.PLAY_SIG): play(hand, legal, state, params) -> card code (a bit of ``legal``)


# -- deal and score ----------------------------------------------------------------------------
@njit(cache=True, inline="always")
def deal_points_nb(bid, tricks, k, zero_value):
    """``10 + bid`` for an exact bid (``zero_value`` for a made zero bid), else 0."""
    if bid != tricks:
        return 0
    if bid == 0:
        return zero_value
    return 10 + bid


# -- bidding -----------------------------------------------------------------------------------
@njit(cache=True)
def rollout_nb(ctx, fns, seat):
    """Play the deal out from the state after the bids in the play-out context ``ctx``
    (:func:`rollout_ctx_nb`: scratch copies of the hands and the state, consumed; every seat
    with the bid-aware heuristic, spoil on); returns the tricks ``seat`` takes. ``ctx`` is
    borrowed here (:mod:`simkit.core.borrow`): the caller holds it."""
    ctx = borrowed(ctx)
    play_tricks_nb(fns[0], fns[1], BETWEEN, ctx.hands, ctx.state, ctx.tables, ctx.opts, ctx.seats, fns[2], ctx.pst,
                   np.bool_(False), ctx.audit_out, ctx.err)
    return ctx.state[S_WON + seat]


@njit(cache=True)
def rollout_seats_nb(players):
    """Every seat plays the old heuristic (:data:`OLD_PLAY`: spoil on; the simulation bidder's play-outs)."""
    code = np.full((1, players), PLAY_HEURISTIC, np.int64)
    params = np.empty((1, players, N_PLAY_PARAMS), np.float64)
    for s in range(players):
        for j in range(N_PLAY_PARAMS):
            params[0, s, j] = OLD_PLAY[j]
    return SeatPolicies(code, params, np.zeros(players, np.int64))


@njit(cache=True, inline="always")     # once per simulation bid: inlined
def rollout_ctx_nb(ctx, hands, state):
    """The context of the simulation bidder's play-outs (:func:`rollout_nb`): ``ctx`` with
    the scratch ``hands`` and ``state``, every seat on the old heuristic
    (:func:`rollout_seats_nb`) and audit counts and an error record of its own (neither is
    read); the deal's tables, options and policy stream are ``ctx``'s."""
    return OhHellCtx(ctx.deck0, ctx.opts, ctx.tables, rollout_seats_nb(ctx.state[S_PLAYERS]), ctx.stats,
                     np.zeros(2, np.int64), np.zeros(N_ERR, np.int64), ctx.deck, ctx.dst, ctx.pst, state, hands,
                     ctx.score, ctx.pts, ctx.ascore, ctx.gx, ctx.scale)


@njit(cache=True)
def simulation_bid_nb(ctx, fns, seat, params):
    """Bid by playing out sampled deals consistent with what the bidder sees.

    The unseen cards (all but his hand and the turn-up) are dealt at random to the other
    seats ``samples`` times; the bids already made are kept, later bidders bid by
    :func:`strength_nb`. For each candidate bid within ``window`` of the strength bid,
    every sampled deal is played out (:func:`rollout_nb`, the same samples for every
    candidate) and the candidate with the highest estimated expected score
    ``P(exact) * points`` is bid (ties: the nearer to the strength bid, then the lower).
    ``params``: the seat's bid parameters."""
    hands, state, tables, pst = ctx.hands, ctx.state, ctx.tables, ctx.pst
    players = state[S_PLAYERS]
    k = state[S_CARDS]
    tt = tables[state[S_TABLE]]
    forbidden = state[S_FORBIDDEN]
    honor = params[P_HONOR]
    trump_low = params[P_TRUMP_LOW]
    norm = params[P_NORM]
    samples = max(1, np.int64(params[P_SAMPLES]))
    window = max(0, np.int64(params[P_WINDOW]))
    factor = strength_factor_nb(state, tt, honor, trump_low, norm)    # once: the same for every hand of the deal
    centre = round_bid_nb(scaled_strength_nb(hands[seat], state, tt, honor, trump_low, factor), k, -1)
    lo = max(0, centre - window)
    hi = min(k, centre + window)
    seen = hands[seat]
    if state[S_TURNUP] >= 0:
        seen |= np.int64(1) << state[S_TURNUP]
    pool = card_pool_nb(tt[TT_DECK] & ~seen)
    hits = np.zeros(hi - lo + 1, np.int64)
    sim_hands = np.zeros(MAX_SEATS, np.int64)
    base = np.zeros(MAX_SEATS, np.int64)
    work_hands = np.zeros(MAX_SEATS, np.int64)
    sim_state = np.empty_like(state)
    work = np.empty_like(state)
    rctx = rollout_ctx_nb(ctx, work_hands, work)
    for _ in range(samples):
        deal_hidden_nb(pool, seat, hands[seat], players, k, sim_hands, pst)
        for i in range(S_SIZE):
            sim_state[i] = state[i]
        for s in range(players):
            if s != seat and sim_state[S_BID + s] < 0:
                e = scaled_strength_nb(sim_hands[s], sim_state, tt, honor, trump_low, factor)
                sim_state[S_BID + s] = round_bid_nb(e, k, -1)
        for s in range(players):
            base[s] = sim_hands[s]
        for b in range(lo, hi + 1):
            if b == forbidden:          # never bid: its play-outs would be wasted (they draw no randomness)
                continue
            for i in range(S_SIZE):
                work[i] = sim_state[i]
            work[S_BID + seat] = b
            work[S_SEAT] = work[S_LEADER]
            for s in range(players):
                work_hands[s] = base[s]
            if rollout_nb(rctx, fns, seat) == b:
                hits[b - lo] += 1
    best = -1
    best_val = -1
    for b in range(lo, hi + 1):
        if b == forbidden:
            continue
        val = hits[b - lo] * deal_points_nb(b, b, k, state[S_ZERO_VALUE])
        if val > best_val or (val == best_val and abs(b - centre) < abs(best - centre)):
            best = b
            best_val = val
    if best < 0:
        return round_bid_nb(centre, k, forbidden)
    return best


@njit(cache=True, inline="always")
def deal_strength_nb(hand, state, tt, p, sc):
    """:func:`strength_nb` of ``hand`` (the bid parameters ``p``), bit for bit, with the
    deal's scale (:func:`~simkit.core.tricks.strength_factor_nb`) kept in ``sc`` =
    ``[honor, trump_low, norm, factor]``: the seats of a deal bidding with the same
    parameters share one :func:`~simkit.core.tricks.mean_strength_nb` (``sc[0]`` is set to
    NaN at the start of each deal's bidding)."""
    if not (sc[0] == p[P_HONOR] and sc[1] == p[P_TRUMP_LOW] and sc[2] == p[P_NORM]):
        sc[0] = p[P_HONOR]
        sc[1] = p[P_TRUMP_LOW]
        sc[2] = p[P_NORM]
        sc[3] = strength_factor_nb(state, tt, p[P_HONOR], p[P_TRUMP_LOW], p[P_NORM])
    return scaled_strength_nb(hand, state, tt, p[P_HONOR], p[P_TRUMP_LOW], sc[3])


@njit(cache=True)
def advice_bid_nb(seat, hands, state, tt, params, sc):
    """The seed's own advice (001 line 34): bid the hand's value (:func:`strength_nb`),
    one under when the hand holds ``long`` cards or more («безопаснее занизить контракт на
    одну взятку»); the dealer, bidding last with the table's total in view («Сдатчик имеет
    преимущество последнего заказа»), avoids a balanced table by moving one towards his
    estimate when his bid would make the total equal the cards in hand."""
    k = state[S_CARDS]
    e = deal_strength_nb(hands[seat], state, tt, params, sc)
    b = round_bid_nb(e, k, -1)
    if k >= params[P_LONG]:
        b = max(0, b - np.int64(params[P_UNDER]))
    if state[S_BID_POS] == state[S_PLAYERS] - 1 and state[S_BID_SUM] + b == k:
        b = round_bid_nb(b + (0.25 if e > b else -0.25), k, b)
    if b == state[S_FORBIDDEN]:
        b = round_bid_nb(e, k, b)
    return b


@njit(cache=True)
def heuristic_bid_nb(hand, state, tt, p, sc):
    """The heuristic bid: the hand's strength (:func:`strength_nb`) plus ``trump`` a trump
    held over the mean of a random hand of the unseen cards (long trumps take more tricks
    than the card-by-card strength credits: they ruff and they outlast the others'), less
    ``table`` times the excess of the bids already made over their fair share (``position
    x cards / players``: an overbid table leaves fewer tricks), plus ``bias``, rounded to
    an allowed bid. With ``trump = table = 0`` it is the old heuristic, bit for bit."""
    k = state[S_CARDS]
    v = deal_strength_nb(hand, state, tt, p, sc)
    trump = state[S_TRUMP]
    if trump >= 0 and p[P_TRUMP] != 0.0:
        shown = 1 if state[S_TURNUP] >= 0 else 0
        pool_trumps = popcount_nb(tt[TT_SUIT_BITS + trump] & tt[TT_DECK]) - shown
        pool = popcount_nb(tt[TT_DECK]) - shown
        v += p[P_TRUMP] * (popcount_nb(hand & tt[TT_SUIT_BITS + trump]) - k * pool_trumps / pool)
    if p[P_TABLE] != 0.0:
        v -= p[P_TABLE] * (state[S_BID_SUM] - state[S_BID_POS] * k / state[S_PLAYERS])
    return round_bid_nb(v + p[P_BIAS], k, state[S_FORBIDDEN])


@njit(cache=True, inline="always")     # once per bid: inlined
def choose_bid_nb(ctx, fns, seat):
    """The bid of ``seat``, whose policy is not ``random`` (that one is drawn in
    :func:`bid_round_nb`): the heuristic, simulation or seed-advice bid, or the user's
    ``bid`` function (``fns[3]``)."""
    hands, state, seats, sc = ctx.hands, ctx.state, ctx.seats, ctx.scale
    tt = ctx.tables[state[S_TABLE]]
    code = seats.code[R_BID, seat]
    bid_params = seats.params[R_BID]
    if code == BID_HEURISTIC:
        return heuristic_bid_nb(hands[seat], state, tt, bid_params[seat], sc)
    if code == BID_SIMULATION:
        return simulation_bid_nb(ctx, fns, seat, bid_params[seat])
    if code == BID_ADVICE:
        return advice_bid_nb(seat, hands, state, tt, bid_params[seat], sc)
    return fns[3](hands[seat], state, bid_params[seat])


@njit(cache=True, inline="always")     # once per deal: inlined
def bid_round_nb(ctx, fns):
    """Bids from the dealer's left, each seat once (000 line 319 «Игрок, сидящий слева от
    сдатчика заказывает первым ... пас не допускается»), the dealer last; with ``hook`` the
    dealer may not bring the total to the cards in hand. Returns False (and fills
    ``ctx.err``) on an illegal bid."""
    hands, state, opts, seats, pst, err, sc = ctx.hands, ctx.state, ctx.opts, ctx.seats, ctx.pst, ctx.err, ctx.scale
    players = state[S_PLAYERS]
    k = state[S_CARDS]
    dealer = state[S_DEALER]
    hook = opts[O.hook] != 0
    total = 0
    sc[0] = np.nan                      # a new deal: no strength scale kept
    seat = dealer
    for pos in range(players):
        seat = seat + 1 if seat + 1 < players else 0
        state[S_SEAT] = seat
        state[S_BID_POS] = pos
        state[S_BID_SUM] = total
        forbidden = -1
        if hook and pos == players - 1 and 0 <= k - total <= k:
            forbidden = k - total
        state[S_FORBIDDEN] = forbidden
        if seats.code[R_BID, seat] == BID_RANDOM:
            b = randbelow_nb(pst, k + 1 if forbidden < 0 else k)
            if forbidden >= 0 and b >= forbidden:
                b += 1
        else:
            b = choose_bid_nb(ctx, fns, seat)
        if b < 0 or b > k or b == forbidden:
            err[E_KIND] = ERR_BID
            err[E_SEAT] = seat
            err[E_MOVE] = b
            err[E_HAND] = hands[seat]
            err[E_LEGAL] = forbidden
            err[E_BIDS] = total
            err[E_DEAL] = state[S_DEAL_NO]
            err[E_CARDS] = k
            err[E_TRUMP] = state[S_TRUMP]
            return False
        state[S_BID + seat] = b
        total += b
    state[S_FORBIDDEN] = -1
    state[S_SEAT] = state[S_LEADER]
    return True


# -- play --------------------------------------------------------------------------------------
@njit(cache=True, inline='always')     # inlined into choose_play_cb: one call per card, not two
def heuristic_play_nb(seat, hand, legal, state, trick, tt, q):
    """Bid-aware play. While short of the bid: win (lead a sure card of its suit if any,
    else, with ``lead_short`` >= 0.5 and a trump in hand, the weakest card of its shortest
    plain suit (to void it and ruff later), else the weakest, or with ``lead_high`` >= 0.5
    the strongest; follow with the cheapest
    winning card when last or with ``cheap`` >= 0.5, else the strongest winning card, else
    the weakest card). With ``urgency`` > 0 it tries to win a trick only when the tricks
    still needed are at least ``urgency`` times the tricks left, else it plays its weakest
    card (keeping its high cards for later). Once the bid is made: duck (lead the weakest
    card, follow with the strongest card that loses; forced to win, win with the
    strongest). Once the bid is out of reach, with ``spoil`` >= 0.5: spoil opponents when
    it is cheap (take a trick its current winner still needs, let a player at his bid take
    it). ``spoil=1, cheap=0, urgency=0, lead_high=0, lead_short=0`` (:data:`OLD_PLAY`) is the
    old heuristic; the default is ``lead_short=1`` (docs/oh_hell.md). ``q``: the seat's play
    parameters (``q[Q_SPOIL]`` ...)."""
    spoil, cheap, urgency, lead_high, lead_short = q[Q_SPOIL], q[Q_CHEAP], q[Q_URGENCY], q[Q_LEAD_HIGH], q[Q_LEAD_SHORT]
    players = state[S_PLAYERS]
    n = state[S_N_IN_TRICK]
    need = state[S_BID + seat] - state[S_WON + seat]
    left = state[S_CARDS] - state[S_TRICK_NO]
    lost = need < 0 or need > left
    short = need > 0 and not lost
    if short and urgency > 0.0 and need < urgency * left:
        return weakest_nb(legal, tt)
    if n == 0:
        if short:
            trump = state[S_TRUMP]
            tops = masters_nb(legal, state[S_PLAYED] | hand, tt)
            trump_top = tops & tt[TT_SUIT_BITS + trump] if trump >= 0 else np.int64(0)
            plain_top = tops & ~trump_top
            if plain_top:
                return weakest_nb(plain_top, tt)
            if trump_top:
                return weakest_nb(trump_top, tt)
            if lead_short >= 0.5 and trump >= 0 and hand & tt[TT_SUIT_BITS + trump]:
                best = np.int64(0)      # the shortest plain suit held: void it to ruff later
                for e in range(4):
                    m = legal & tt[TT_SUIT_BITS + e]
                    if e != trump and m and (best == 0 or popcount_nb(m) < popcount_nb(best)):
                        best = m
                if best:
                    return weakest_nb(best, tt)
            if lead_high >= 0.5:
                return strongest_nb(legal, tt)
        return weakest_nb(legal, tt)
    win = beating_nb(legal, trick, n, tt)
    last = n == players - 1
    if short:
        if win == 0:
            return weakest_nb(legal, tt)
        return weakest_nb(win, tt) if (last or cheap >= 0.5) else strongest_nb(win, tt)
    if lost and spoil >= 0.5 and win:
        w = (state[S_LEADER] + trick_winner_nb(trick, n, tt)) % players
        if state[S_BID + w] - state[S_WON + w] > 0:
            return weakest_nb(win, tt) if last else strongest_nb(win, tt)
    lose = legal & ~win
    if lose:
        return strongest_nb(lose, tt)
    return strongest_nb(win, tt)


@cfunc(CHOOSE_SIG, cache=True)
def choose_play_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policies (the heuristic; random is the engine's)."""
    return heuristic_play_nb(seat, hand, legal, state, trick, tt, params[seat])


#: nothing happens between tricks (np.bool_: a run-time value, so every call shares one compiled loop)
BETWEEN = np.bool_(False)


@njit(cache=True, inline="always")     # once per deal: inlined
def play_deal_nb(engine, ctx, fns, order, deal_no, dealer, k, audit):
    """One deal from the card order ``order`` (its first cards are dealt): deal, turn the
    trump, bid, play with the trick engine ``engine``
    (:func:`~simkit.core.trick_play.play_tricks_inline_nb` in the chunk, the loop compiled
    into the deal; :func:`~simkit.core.trick_play.play_tricks_nb` elsewhere). Leaves bids in
    ``ctx.state[S_BID:]`` and tricks in ``ctx.state[S_WON:]``; returns False on an illegal
    move (``ctx.err`` filled)."""
    state, hands, tables, opts, audit_out = ctx.state, ctx.hands, ctx.tables, ctx.opts, ctx.audit_out
    players = opts[O.players]
    turnup = deal_round_nb(order, players, k, dealer, hands)
    last = deal_no == opts[O.n_deals]
    if turnup < 0 or (last and opts[O.last_deal_no_trump] != 0):
        turnup = -1                     # «лицевая карта не вскрывается»: no trump, nothing shown
        t = NO_TRUMP
    else:
        t = turnup & 3
    start_deal_nb(state, tables, t, players, k, dealer, (dealer + 1) % players, turnup, deal_no)
    state[S_DEALS] = opts[O.n_deals]
    state[S_ZERO_VALUE] = 5 + k if opts[O.zero_bid] == ZERO_BID.five_plus_cards else 10
    dealt = 0
    if audit:
        audit_out[0] += 1
        union = 0
        total = 0
        for p in range(players):
            union |= hands[p]
            total += popcount_nb(hands[p])
        if (total != players * k or popcount_nb(union) != total or union & ~tables[t, TT_DECK] != 0
                or (turnup >= 0 and (union >> turnup) & 1 == 1)):
            audit_out[1] += 1
        dealt = union
    if not bid_round_nb(ctx, fns):
        return False
    if not engine(fns[0], fns[1], BETWEEN, hands, state, tables, opts, ctx.seats, fns[2], ctx.pst, audit, audit_out,
                  ctx.err):
        return False
    if audit:
        audit_out[0] += 1
        won = 0
        left = 0
        for p in range(players):
            won += state[S_WON + p]
            left |= hands[p]
        if won != k or left != 0 or state[S_PLAYED] != dealt:
            audit_out[1] += 1
    return True


# -- a unit: a whole game or one deal ---------------------------------------------------------------
#: the statistics (``stats.<name>``; shapes in :meth:`OhHell._new_stats`): ``seat_joint[seat, cards, bid,
#: tricks]`` and ``pos_joint[position, cards, bid, tricks]`` count every bid (position 0 = the dealer's
#: left, P-1 = the dealer); ``table_total[cards]`` = deals whose bids total (over, under, equal to) the
#: cards; ``deal_mom`` row 0 = (P-1) x dealer's points - the others' points, per deal; ``counters`` =
#: [deals, deals where the hook forbade a bid, units]. Whole games only: ``game_score[seat]`` and
#: ``game_win[seat]`` (win share x 420) moments per game, ``group_mom`` rows g and G+g = the policy
#: group's summed win shares and scores per game, ``score_hist[seat, score]``.
OhHellStats, STATS_TYPE = bundle("OhHellStats", {
    "seat_joint": 4, "pos_joint": 4, "table_total": 2, "deal_mom": 2, "counters": 1, "game_score": 2,
    "game_win": 2, "group_mom": 2, "score_hist": 2})


@njit(cache=True)
def score_game_nb(ctx, audit):
    """The game's result from the totals ``ctx.score`` (audited against ``ctx.ascore``):
    the highest score wins (ties shared, or all win with ``ties``)."""
    opts, group, stats, score, ascore, gx, audit_out = (ctx.opts, ctx.seats.group, ctx.stats, ctx.score, ctx.ascore,
                                                        ctx.gx, ctx.audit_out)
    players = opts[O.players]
    n_groups = gx.shape[0] // 2
    best = score[0]
    for seat in range(1, players):
        best = max(best, score[seat])
    tied = 0
    for seat in range(players):
        if score[seat] == best:
            tied += 1
    for g in range(2 * n_groups):
        gx[g] = 0
    shares = 0
    for seat in range(players):
        share = 0
        if score[seat] == best:
            share = WIN_SCALE // tied if opts[O.ties] == TIES.shared else WIN_SCALE
        shares += share
        moment_add_nb(stats.game_score, seat, score[seat])
        moment_add_nb(stats.game_win, seat, share)
        stats.score_hist[seat, min(score[seat], stats.score_hist.shape[1] - 1)] += 1
        gx[group[seat]] += share
        gx[n_groups + group[seat]] += score[seat]
    for g in range(2 * n_groups):
        moment_add_nb(stats.group_mom, g, gx[g])
    if audit:
        audit_out[0] += 1
        if shares != (WIN_SCALE if opts[O.ties] == TIES.shared else tied * WIN_SCALE):
            audit_out[1] += 1
        for seat in range(players):
            if ascore[seat] != score[seat]:
                audit_out[1] += 1


# -- the kernels the Python side calls ---------------------------------------------------------------
#: the kernel context (:func:`~simkit.core.trick_game.context`): the engine's fields and ``score`` (the game's
#: totals per seat), ``pts`` (a deal's points per seat), ``ascore`` (the audit's own totals), ``gx`` (per policy
#: group: win shares, then scores), ``scale`` (the deal's strength scale kept by :func:`deal_strength_nb`)
OhHellCtx = context("OhHellCtx", ("score", "pts", "ascore", "gx", "scale"))


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a
    whole game (deals of 1, 2, ..., N cards, the deal passing to the left) or, with
    ``opts[O.cards]``, one deal of that many cards. False on an illegal move."""
    opts, stats, state, deck, audit_out = ctx.opts, ctx.stats, ctx.state, ctx.deck, ctx.audit_out
    score, pts, ascore = ctx.score, ctx.pts, ctx.ascore
    players = opts[O.players]
    single = opts[O.cards]
    zero = opts[O.zero_bid] == ZERO_BID.five_plus_cards
    seat_joint, pos_joint, table_total, counters = stats.seat_joint, stats.pos_joint, stats.table_total, stats.counters
    for i in range(MAX_SEATS):
        score[i] = 0
        ascore[i] = 0
    first = single if single > 0 else 1
    last = single if single > 0 else opts[O.n_deals]
    for deal_no in range(first, last + 1):
        poll_interrupt_nb()
        k = deal_no
        dealer = (opts[O.first_dealer] + (0 if single > 0 else deal_no - 1)) % players
        shuffle_top_nb(deck, min(players * k + 1, deck.shape[0]), ctx.dst)
        if not play_deal_nb(play_tricks_inline_nb, ctx, fns, deck, deal_no, dealer, k, audit):
            return False
        total_bid = 0
        others = 0
        for seat in range(players):
            b = state[S_BID + seat]
            t = state[S_WON + seat]
            total_bid += b
            pts[seat] = deal_points_nb(b, t, k, 5 + k if zero else 10)
            score[seat] += pts[seat]
            seat_joint[seat, k, b, t] += 1
            pos = seat - dealer - 1
            pos_joint[pos + players if pos < 0 else pos, k, b, t] += 1
            if seat != dealer:
                others += pts[seat]
        if audit:
            audit_out[0] += 1
            for seat in range(players):
                b = state[S_BID + seat]
                want = 0 if b != state[S_WON + seat] else (10 + b if b > 0 else (5 + k if zero else 10))
                ascore[seat] += want
                if pts[seat] != want or b < 0 or b > k:
                    audit_out[1] += 1
        table_total[k, 0 if total_bid > k else (1 if total_bid < k else 2)] += 1
        moment_add_nb(stats.deal_mom, 0, (players - 1) * pts[dealer] - others)
        counters[0] += 1
        if opts[O.hook] != 0 and state[S_BID_SUM] <= k:   # S_BID_SUM: the total before the dealer bid
            counters[1] += 1
    counters[2] += 1
    if single == 0:
        score_game_nb(ctx, audit)
    return True


run_units_nb = unit_loop(unit_nb)


@njit(chunk_signature(STATS_TYPE, PLAY_FN, BID_FN), cache=True)
def oh_hell_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` into ``stats`` (:data:`OhHellStats`) with the unit hook
    :func:`unit_nb` (``inp.opts``: the layout :data:`O`; ``fns`` = ``(choose, after_trick,
    play, bid)``)."""
    ctx = OhHellCtx(*(trick_core_nb(inp, stats) + (
        np.zeros(MAX_SEATS, np.int64), np.zeros(MAX_SEATS, np.int64), np.zeros(MAX_SEATS, np.int64),
        np.zeros(stats.group_mom.shape[0], np.int64), np.zeros(4, np.float64))))
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.boolean(types.uint8[::1], INPUTS_TYPE, fns_type(PLAY_FN, BID_FN), types.int64, types.int64, types.int64,
                    types.int64[::1], types.int64[::1]), cache=True)
def one_deal_nb(order, inp, fns, deal_no, dealer, seed, state, hands):
    """One deal of ``deal_no`` cards dealt from the fixed card order ``order`` (what the
    chunk kernel does after shuffling; for tests and users), policy randomness from the
    policy stream of unit 0 of ``seed``. ``state`` and ``hands`` (the hands as dealt) are
    filled; returns False on an illegal move (``inp.err`` filled)."""
    ctx = OhHellCtx(*(deal_core_nb(inp, order, seed, state) + (
        np.zeros(MAX_SEATS, np.int64), np.zeros(MAX_SEATS, np.int64), np.zeros(MAX_SEATS, np.int64),
        np.zeros(1, np.int64), np.zeros(4, np.float64))))
    ok = play_deal_nb(play_tricks_nb, ctx, fns, order, deal_no, dealer, deal_no, deal_no < 0)
    deal_round_nb(order, inp.opts[O.players], deal_no, dealer, hands)
    return ok
