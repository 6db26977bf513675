"""Spades kernels: deal, bid (nil, blind double nil), exchange, play and score deals and
games to 500 (seed 000 lines 239-259) on the shared trick core :mod:`simkit.core.tricks`.

Seats 0..3 clockwise; partners sit opposite: side 0 = seats 0 and 2 (N-S), side 1 = seats
1 and 3 (E-W); ``partner = seat ^ 2``, ``side = seat & 1``. A bid is 1..13 tricks or 0 for
nil; a double nil is a nil bid flagged in ``state[S_DNIL]`` (bit per seat). Cards come
from the unit's deal stream, policy randomness from its policy stream. A policy is
consulted only when it has a choice.

Score of a side in one deal (000 lines 253-257), :func:`side_points_nb`: the non-nil
partners' bids make the contract; tricks >= contract score ``10 * contract + overtricks``,
fewer ``-10 * contract``; each nil scores +-100 (double nil +-200) on its own; both
partners nil: +200 (``both_double_nil`` when both bid double nil) if both take no trick,
else the side's whole score is lost (set to 0).
"""
import numpy as np
from numba import types

from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.jit import cfunc, njit
from simkit.core.cards import SPADES
from simkit.core.options import choices, layout
from simkit.core.rng import randbelow_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import (INPUTS_TYPE, bundle, chunk_signature, context, deal_core_nb, fns_type,
                                    shuffle_top_nb, trick_core_nb, unit_loop)
from simkit.core.trick_play import (CHOOSE_SIG, ERR_GAME, N_ERR, R_PLAY, SeatPolicies, illegal_move_nb,
                                    play_tricks_inline_nb, play_tricks_nb)
from simkit.core.tricks import (BID_FN, BID_SIG, PLAY_FN, PLAY_SIG, no_user_bid_nb, no_user_play_nb,  # noqa: F401
                                BREAK_ANY, BREAK_DISCARD, MAX_SEATS, S_BID, S_BREAK, S_DEAL_NO, S_DEALER, S_EXTRA,
                                S_LEAD_BAN, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_SEAT, S_SIZE, S_WON, TT_DECK,
                                TT_SUIT_BITS, beating_nb, card_pool_nb, deal_hidden_nb, deal_round_nb,
                                popcount_nb, random_card_nb, round_bid_nb, scaled_strength_nb, start_deal_nb,
                                strength_factor_nb, strength_nb,
                                strongest_nb, trick_winner_nb, weakest_nb, masters_nb)
# the phases, policy codes, role row and parameter slots (shared with the declarations)
from simkit.games.spades.codes import (BID_HEURISTIC, BID_NIL, BID_RANDOM, BID_SIMULATION, BID_USER,  # noqa: F401
                                       N_BID_PARAMS, N_PLAY_PARAMS, P_BIAS, P_DNIL_BEHIND, P_HONOR, P_NIL_P, P_NORM,
                                       P_SAMPLES, P_THRESHOLD, P_TRUMP_LOW, PHASE_BID, PHASE_BLIND, PHASE_DISCARD,
                                       PHASE_PASS, PHASE_PLAY, PLAY_HEURISTIC, PLAY_RANDOM, PLAY_USER, Q_ATTACK,
                                       Q_CHEAP, Q_LEAD_SHORT, Q_PROTECT, Q_SECOND_LOW, Q_SET, R_BID)
from simkit.games.spades.rules import SpadesRules

# extra state fields
S_PHASE = S_EXTRA + 0        # what is asked of the seat to act (PHASE_*)
S_DNIL = S_EXTRA + 1         # bit per seat: that seat bid double nil
S_BID_POS = S_EXTRA + 2      # the acting seat's position in the bidding order
S_SIDE_SCORE = S_EXTRA + 3   # 2 entries: running score of side 0 (seats 0, 2) and side 1 (seats 1, 3)
S_BAGS = S_EXTRA + 5         # 2 entries: accumulated overtricks per side (bag rule)
S_TARGET = S_EXTRA + 7       # points that win the game
S_EXCHANGED = S_EXTRA + 8    # cards already given in the current exchange step
S_EXCHANGES = S_EXTRA + 9    # nil exchanges made in this deal

#: ``opts`` slots (:func:`~simkit.core.options.layout`: one per rule option, named as it)
O = layout(SpadesRules)
#: the codes of the choice options (``BIDDING_START.eldest``, ``BAGS.ten_for_100`` ...)
BIDDING_START = choices(SpadesRules, "bidding_start")
NIL_TRICKS = choices(SpadesRules, "nil_tricks")
BAGS = choices(SpadesRules, "bags")
SPADES_BROKEN = choices(SpadesRules, "spades_broken")
UNIT = choices(SpadesRules, "unit")

#: the play parameters' values that reproduce the old heuristic (slots ``Q_*``, :mod:`.codes`)
OLD_PLAY = (1.0, 1.0, 0.0, 0.0, 0.0, 0.0)

ERR_BLIND, ERR_BID, ERR_EXCHANGE = ERR_GAME, ERR_GAME + 1, ERR_GAME + 2   # illegal plays: ERR_PLAY
WIN_SCALE = 2                # a win counts 2, a draw 1 to each side

#: user bid function (tricks.BID_SIG): bid(hand, state, params) -> int64. Asked twice per seat when double
#: nil is allowed: first blind (``state[S_PHASE] == PHASE_BLIND``, ``hand`` = 0): return 1
#: to bid double nil, 0 to look at the cards; then (``PHASE_BID``) return 0 for nil or 1..13.
#: user play function (tricks.PLAY_SIG): play(hand, legal, state, params) -> card code (a bit of ``legal``);
#: also asked for the nil exchange (``state[S_PHASE]`` = PHASE_DISCARD for the nil bidder's
#: three discards, PHASE_PASS for the partner's three cards; ``legal`` = the whole hand).


# -- scoring ------------------------------------------------------------------------------------
@njit(cache=True)
def side_points_nb(bid_a, bid_b, dn_a, dn_b, t_a, t_b, nil_count, both_dnil_value, out):
    """One side's deal (partners ``a`` and ``b``: bids, double-nil flags, tricks taken).

    Returns the points and fills ``out`` = [contract, tricks counted for it, overtricks,
    reset] (reset = 1: both partners bid nil and one failed, the side loses its score).
    With ``nil_count`` a failed nil bidder's tricks count towards his partner's contract."""
    out[0] = 0
    out[1] = 0
    out[2] = 0
    out[3] = 0
    if bid_a == 0 and bid_b == 0:
        if t_a == 0 and t_b == 0:
            return both_dnil_value if (dn_a and dn_b) else 200
        out[3] = 1
        return 0
    pts = 0
    contract = 0
    got = 0
    for i in range(2):
        bid = bid_a if i == 0 else bid_b
        t = t_a if i == 0 else t_b
        dn = dn_a if i == 0 else dn_b
        if bid == 0:
            value = 200 if dn else 100
            pts += value if t == 0 else -value
            if nil_count:
                got += t
        else:
            contract += bid
            got += t
    out[0] = contract
    out[1] = got
    if got >= contract:
        out[2] = got - contract
        return pts + 10 * contract + got - contract
    return pts - 10 * contract


@njit(cache=True)
def bad_move_nb(err, kind, state, seat, move, hand):
    """Fill ``err`` (the engine's layout) for an illegal bid or exchange card."""
    illegal_move_nb(err, kind, seat, move, hand, 0, state[S_DEAL_NO], state[S_PHASE])


@njit(cache=True)
def bag_penalty_nb(bags, over):
    """The ``ten_for_100`` bag rule: the side's ``over`` overtricks join its ``bags``;
    every full ten costs 100 points and leaves the count. Returns ``(penalty, bags
    left)``: 8 bags and 12 overtricks make 20, two tens, -200 and 0 left."""
    bags += over
    tens = bags // 10
    return -100 * tens, bags - 10 * tens


# -- bidding --------------------------------------------------------------------------------------
@njit(cache=True)
def _heuristic_bid_nb(hand, state, tt, p):
    e = strength_nb(hand, state, tt, p[P_HONOR], p[P_TRUMP_LOW], p[P_NORM]) + p[P_BIAS]
    return max(1, round_bid_nb(e, 13, -1)), e


@njit(cache=True)
def _scaled_bid_nb(hand, state, tt, p, factor):
    """:func:`_heuristic_bid_nb`'s bid, bit for bit, with the deal's strength scale given
    (:func:`~simkit.core.tricks.strength_factor_nb`, computed once per simulation bid)."""
    e = scaled_strength_nb(hand, state, tt, p[P_HONOR], p[P_TRUMP_LOW], factor) + p[P_BIAS]
    return max(1, round_bid_nb(e, 13, -1))


@njit(cache=True)
def simulation_bid_nb(ctx, fns, seat, p):
    """Bid from sampled deals: the 39 cards the bidder cannot see are dealt at random to
    the others ``samples`` times (bids already made kept, later bidders bid the heuristic);
    each sample is played out twice with the heuristic play for everybody, once with the
    bidder aiming at his heuristic bid and once playing nil. Bids nil when the share of
    samples without a trick reaches ``nil_p``, else his mean tricks plus ``bias``,
    rounded (at least 1). ``p``: the seat's bid parameters."""
    hands, state, tables, opts, pst = ctx.hands, ctx.state, ctx.tables, ctx.opts, ctx.pst
    samples = max(1, np.int64(p[P_SAMPLES]))
    tt = tables[SPADES]
    factor = strength_factor_nb(state, tt, p[P_HONOR], p[P_TRUMP_LOW], p[P_NORM])    # the same for every hand
    target = _scaled_bid_nb(hands[seat], state, tt, p, factor)
    pool = card_pool_nb(tt[TT_DECK] & ~hands[seat])
    sim_hands = np.zeros(MAX_SEATS, np.int64)
    work_hands = np.zeros(MAX_SEATS, np.int64)
    sim_state = np.empty_like(state)
    work = np.empty_like(state)
    old_play = np.empty((1, 4, N_PLAY_PARAMS), np.float64)     # the play-outs: the old heuristic (OLD_PLAY)
    for s in range(4):
        for j in range(N_PLAY_PARAMS):
            old_play[0, s, j] = OLD_PLAY[j]
    seats = SeatPolicies(np.full((1, 4), PLAY_HEURISTIC, np.int64), old_play, np.zeros(4, np.int64))
    audit_out = np.zeros(2, np.int64)
    err = np.zeros(N_ERR, np.int64)
    total = 0
    zero = 0
    for _ in range(samples):
        deal_hidden_nb(pool, seat, hands[seat], 4, 13, sim_hands, pst)
        for i in range(S_SIZE):
            sim_state[i] = state[i]
        for s in range(4):
            if s != seat and sim_state[S_BID + s] < 0:
                sim_state[S_BID + s] = _scaled_bid_nb(sim_hands[s], sim_state, tt, p, factor)
        for aim in range(2):
            for i in range(S_SIZE):
                work[i] = sim_state[i]
            work[S_BID + seat] = target if aim == 0 else 0
            work[S_PHASE] = PHASE_PLAY
            work[S_SEAT] = work[S_LEADER]
            for s in range(4):
                work_hands[s] = sim_hands[s]
            play_tricks_nb(fns[0], fns[1], BETWEEN, work_hands, work, tables, opts, seats, fns[2], pst,
                           np.bool_(False), audit_out, err)
            if aim == 0:
                total += work[S_WON + seat]
            elif work[S_WON + seat] == 0:
                zero += 1
    if zero >= p[P_NIL_P] * samples:
        return 0
    return max(1, round_bid_nb(total / samples + p[P_BIAS], 13, -1))


@njit(cache=True, inline="always")     # once per bidding phase and seat: inlined
def choose_bid_nb(ctx, fns, seat):
    """The acting seat's answer in the current bidding phase, blind or not (the random
    policy is drawn in :func:`bid_round_nb`); the user's ``bid`` function is ``fns[3]``."""
    hands, state, seats = ctx.hands, ctx.state, ctx.seats
    code = seats.code[R_BID, seat]
    p = seats.params[R_BID, seat]
    blind = state[S_PHASE] == PHASE_BLIND
    if code == BID_USER:
        return fns[3](0 if blind else hands[seat], state, p)
    if blind:
        if code == BID_NIL and p[P_DNIL_BEHIND] > 0:
            side = seat & 1
            behind = state[S_SIDE_SCORE + 1 - side] - state[S_SIDE_SCORE + side]
            return 1 if behind >= p[P_DNIL_BEHIND] else 0
        return 0
    if code == BID_SIMULATION:
        return simulation_bid_nb(ctx, fns, seat, p)
    b, e = _heuristic_bid_nb(hands[seat], state, ctx.tables[SPADES], p)
    if code == BID_NIL and e - p[P_BIAS] <= p[P_THRESHOLD]:
        return 0
    return b


@njit(cache=True, inline="always")     # once per deal: inlined
def bid_round_nb(ctx, fns):
    """Each seat bids once, from the dealer (000 line 245 «Начиная со сдатчика») or from
    his left; with double nil allowed each is first asked blind. False on an illegal bid
    (``ctx.err`` filled)."""
    hands, state, opts, seats, pst, err = ctx.hands, ctx.state, ctx.opts, ctx.seats, ctx.pst, ctx.err
    dealer = state[S_DEALER]
    seat = dealer if opts[O.bidding_start] == BIDDING_START.dealer else (dealer + 1) % 4
    state[S_DNIL] = 0
    for pos in range(4):
        state[S_SEAT] = seat
        state[S_BID_POS] = pos
        dn = 0
        if seats.code[R_BID, seat] == BID_RANDOM:        # the baseline: never blind, uniform over nil and 1..13
            state[S_PHASE] = PHASE_BID
            b = randbelow_nb(pst, 14)
            state[S_BID + seat] = b
            seat = (seat + 1) & 3
            continue
        if opts[O.double_nil] != 0:
            state[S_PHASE] = PHASE_BLIND
            dn = choose_bid_nb(ctx, fns, seat)
            if dn != 0 and dn != 1:
                bad_move_nb(err, ERR_BLIND, state, seat, dn, 0)
                return False
        if dn == 1:
            b = 0
            state[S_DNIL] |= 1 << seat
        else:
            state[S_PHASE] = PHASE_BID
            b = choose_bid_nb(ctx, fns, seat)
            if b < 0 or b > 13:
                bad_move_nb(err, ERR_BID, state, seat, b, hands[seat])
                return False
        state[S_BID + seat] = b
        seat = (seat + 1) % 4
    return True


# -- the nil exchange -------------------------------------------------------------------------------
@njit(cache=True)
def exchange_card_nb(seat, hand, state, tt, seats, play_fn, pst):
    """The card the seat gives in the current exchange step (``state[S_PHASE]``)."""
    code = seats.code[R_PLAY, seat]
    if code == PLAY_RANDOM:
        return random_card_nb(hand, pst)
    if code == PLAY_HEURISTIC:
        if state[S_PHASE] == PHASE_DISCARD:
            return strongest_nb(hand, tt)       # the nil bidder sheds his most dangerous card
        return weakest_nb(hand, tt)             # the partner passes low cards
    return play_fn(hand, hand, state, seats.params[R_PLAY, seat])


@njit(cache=True)
def exchange_nb(hands, state, tt, seats, play_fn, pst, err):
    """The nil exchange after the bidding (000 line 247: the nil bidder puts three cards
    face down, his partner gives him three and takes them; line 249: none when both bid
    nil). Returns the number of exchanges, or -1 on an illegal card."""
    done = 0
    for side in range(2):
        a = side
        b = side + 2
        nil_a = state[S_BID + a] == 0
        nil_b = state[S_BID + b] == 0
        if nil_a == nil_b:
            continue
        nil_seat = a if nil_a else b
        partner = nil_seat ^ 2
        given = np.zeros(2, np.int64)
        for step in range(2):
            who = nil_seat if step == 0 else partner
            state[S_PHASE] = PHASE_DISCARD if step == 0 else PHASE_PASS
            state[S_SEAT] = who
            for i in range(3):
                state[S_EXCHANGED] = i
                hand = hands[who]
                c = exchange_card_nb(who, hand, state, tt, seats, play_fn, pst)
                if c < 0 or c > 62 or (hand >> c) & 1 == 0:
                    bad_move_nb(err, ERR_EXCHANGE, state, who, c, hand)
                    return -1
                hands[who] = hand & ~(np.int64(1) << c)
                given[step] |= np.int64(1) << c
        hands[nil_seat] |= given[1]
        hands[partner] |= given[0]
        done += 1
    return done


# -- play -----------------------------------------------------------------------------------------------
@njit(cache=True, inline='always')     # inlined into choose_play_cb: one call per card, not two
def heuristic_play_nb(seat, hand, legal, state, trick, tt, q, bags):
    """Partnership play. A nil bidder ducks (leads his weakest card, follows with his
    strongest loser). With ``protect`` >= 0.5 a partner of a nil bidder covers him (leads
    high, beats his card when he is winning, plays high before him); with ``attack`` >=
    0.5 an opponent nil bidder winning the trick is left to win it. Otherwise: never
    overtake the partner; while the side is short of its contract, win (lead a sure card of
    its suit, else the weakest; follow with the cheapest winner when last, else the
    strongest winner, else the weakest card); once it is made, duck when bags are
    penalised, else take tricks cheaply when last. Options (all off: :data:`OLD_PLAY`, the
    old heuristic): ``second_low`` >= 0.5: second to play, short of the contract, play the
    weakest card and leave the trick to the partner unless a sure card wins it; ``cheap``
    >= 0.5: follow with the cheapest winner, not the strongest; ``lead_short`` >= 0.5:
    short with no sure card to lead, lead the weakest card of the shortest plain suit
    while holding a spade (to ruff it later); ``set_them`` >= 0.5: with the contract made
    and no bag penalty, keep winning while the opponents are short of theirs. The default
    is ``cheap=1, set_them=1`` (docs/spades.md). ``q``: the seat's play parameters
    (``q[Q_PROTECT]`` ...); ``bags``: overtricks are penalised (``bags=ten_for_100``)."""
    protect, attack, second_low, cheap = q[Q_PROTECT], q[Q_ATTACK], q[Q_SECOND_LOW], q[Q_CHEAP]
    lead_short, set_them = q[Q_LEAD_SHORT], q[Q_SET]
    n = state[S_N_IN_TRICK]
    partner = seat ^ 2
    my_nil = state[S_BID + seat] == 0
    partner_nil = state[S_BID + partner] == 0
    if partner_nil:
        contract = state[S_BID + seat]
        got = state[S_WON + seat]
    else:
        contract = state[S_BID + seat] + state[S_BID + partner]
        got = state[S_WON + seat] + state[S_WON + partner]
    need = contract - got
    if set_them >= 0.5 and need <= 0 and not bags:
        opp = seat ^ 1
        o_a = state[S_BID + opp]
        o_b = state[S_BID + (opp ^ 2)]
        o_need = (o_a + o_b) - (state[S_WON + opp] * (o_a > 0) + state[S_WON + (opp ^ 2)] * (o_b > 0))
        if o_need > 0 and o_a + o_b > 0:
            need = 1            # play as if short: every trick taken is one they miss
    if n == 0:
        if my_nil or (need <= 0 and bags):
            return weakest_nb(legal, tt)
        if protect >= 0.5 and partner_nil:
            return strongest_nb(legal, tt)
        if need > 0:
            tops = masters_nb(legal, state[S_PLAYED] | hand, tt)
            plain = tops & ~tt[TT_SUIT_BITS + SPADES]
            if plain:
                return weakest_nb(plain, tt)
            if tops:
                return weakest_nb(tops, tt)
            if lead_short >= 0.5 and hand & tt[TT_SUIT_BITS + SPADES]:
                best = np.int64(0)
                for e in range(4):
                    m = legal & tt[TT_SUIT_BITS + e]
                    if e != SPADES and m and (best == 0 or popcount_nb(m) < popcount_nb(best)):
                        best = m
                if best:
                    return weakest_nb(best, tt)
        return weakest_nb(legal, tt)
    win = beating_nb(legal, trick, n, tt)
    lose = legal & ~win
    last = n == 3
    if my_nil:
        if lose:
            return strongest_nb(lose, tt)
        return strongest_nb(win, tt)
    w = (state[S_LEADER] + trick_winner_nb(trick, n, tt)) & 3
    if protect >= 0.5 and partner_nil:
        partner_played = ((partner - state[S_LEADER]) & 3) < n
        if w == partner or not partner_played:
            if win:
                return weakest_nb(win, tt) if (w == partner and last) else strongest_nb(win, tt)
            return weakest_nb(legal, tt)
    if attack >= 0.5 and w != partner and state[S_BID + w] == 0 and state[S_WON + w] == 0:
        if lose:
            return strongest_nb(lose, tt)     # let the opponent's nil take it
    if w == partner:
        if lose:
            return weakest_nb(lose, tt)
        return weakest_nb(legal, tt)
    if need > 0 or not bags:
        if win and (need > 0 or last):
            if second_low >= 0.5 and n == 1 and not last and need > 0 and not partner_nil:
                sure = masters_nb(win, state[S_PLAYED] | hand, tt)     # S_PLAYED holds the trick's cards
                if sure == 0:
                    return weakest_nb(legal, tt)       # second hand low: the partner plays later
            return weakest_nb(win, tt) if (last or cheap >= 0.5) else strongest_nb(win, tt)
        return weakest_nb(legal, tt)
    if lose:
        return strongest_nb(lose, tt)
    return strongest_nb(win, tt)


@cfunc(CHOOSE_SIG, cache=True)
def choose_play_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policies (the heuristic; random is the engine's)."""
    return heuristic_play_nb(seat, hand, legal, state, trick, tt, params[seat], opts[O.bags] == BAGS.ten_for_100)


#: nothing happens between tricks (np.bool_: a run-time value, so every call shares one compiled loop)
BETWEEN = np.bool_(False)


@njit(cache=True, inline="always")     # once per deal: inlined
def play_deal_nb(engine, ctx, fns, order, deal_no, dealer, audit):
    """One deal from the card order ``order`` with the trick engine ``engine``
    (:func:`~simkit.core.trick_play.play_tricks_inline_nb` in the chunk, the loop compiled
    into the deal; :func:`~simkit.core.trick_play.play_tricks_nb` elsewhere): deal 13 each one at a time from the dealer's
    left (000 line 243), bid, exchange, play the 13 tricks from the dealer's left (000 line
    251): follow suit if able, else any card; spades may not be led until broken unless the
    leader holds nothing else («С пик можно ходить только после "открытия" масти»), broken
    by a spade discarded on another suit (or, with ``any_spade``, by any spade). Leaves
    bids and tricks in ``ctx.state`` and the hands after the exchange in ``ctx.after``;
    returns False on an illegal move (``ctx.err`` filled)."""
    state, hands, tables, opts, seats, audit_out = ctx.state, ctx.hands, ctx.tables, ctx.opts, ctx.seats, ctx.audit_out
    after = ctx.after
    deal_round_nb(order, 4, 13, dealer, hands)
    start_deal_nb(state, tables, SPADES, 4, 13, dealer, (dealer + 1) & 3, -1, deal_no)
    state[S_LEAD_BAN] = SPADES
    state[S_BREAK] = BREAK_ANY if opts[O.spades_broken] == SPADES_BROKEN.any_spade else BREAK_DISCARD
    tt = tables[SPADES]
    if audit:
        audit_out[0] += 1
        union = hands[0] | hands[1] | hands[2] | hands[3]
        if union != tt[TT_DECK] or popcount_nb(hands[0]) + popcount_nb(hands[1]) + popcount_nb(hands[2]) \
                + popcount_nb(hands[3]) != 52:
            audit_out[1] += 1
    if not bid_round_nb(ctx, fns):
        return False
    state[S_EXCHANGES] = exchange_nb(hands, state, tt, seats, fns[2], ctx.pst, ctx.err)
    if state[S_EXCHANGES] < 0:
        return False
    for s in range(4):
        after[s] = hands[s]
    if audit:
        audit_out[0] += 1
        union = hands[0] | hands[1] | hands[2] | hands[3]
        for s in range(4):
            if popcount_nb(hands[s]) != 13:
                audit_out[1] += 1
        if union != tt[TT_DECK]:
            audit_out[1] += 1
    state[S_PHASE] = PHASE_PLAY
    if not engine(fns[0], fns[1], BETWEEN, hands, state, tables, opts, seats, fns[2], ctx.pst, audit, audit_out,
                  ctx.err):
        return False
    if audit:
        audit_out[0] += 1
        won = state[S_WON] + state[S_WON + 1] + state[S_WON + 2] + state[S_WON + 3]
        if won != 13 or (hands[0] | hands[1] | hands[2] | hands[3]) != 0 or state[S_PLAYED] != tt[TT_DECK]:
            audit_out[1] += 1
    return True


@njit(cache=True)
def side_points_ref_nb(state, side, opts):
    """Audit: a side's points for the deal in ``state`` recomputed term by term
    (without the bag penalty; a lost score is reported as 0)."""
    a = side
    b = side + 2
    bids = (state[S_BID + a], state[S_BID + b])
    won = (state[S_WON + a], state[S_WON + b])
    dn = ((state[S_DNIL] >> a) & 1, (state[S_DNIL] >> b) & 1)
    if bids[0] == 0 and bids[1] == 0:
        if won[0] + won[1] > 0:
            return 0
        return opts[O.both_double_nil] if dn[0] + dn[1] == 2 else 200
    total = 0
    contract = 0
    counted = 0
    for i in range(2):
        if bids[i] == 0:
            total += (100 + 100 * dn[i]) * (1 if won[i] == 0 else -1)
            counted += won[i] if opts[O.nil_tricks] == NIL_TRICKS.count_for_partner else 0
        else:
            contract += bids[i]
            counted += won[i]
    if counted < contract:
        return total - 10 * contract
    return total + 10 * contract + (counted - contract)


# -- the chunk kernel ------------------------------------------------------------------------------------
#: the statistics (``stats.<name>``; shapes in :meth:`Spades._run`): ``seat_joint[seat, bid, tricks]`` /
#: ``pos_joint[position, ...]`` count every bid (0 = nil or double nil); ``side_joint[side, contract,
#: tricks counted]`` every side contract (sides where both bid nil are left out); ``nil_stats[seat, double,
#: failed]``; ``both_nil`` = [made, failed]; ``side_pts`` rows = each side's points per deal (a lost score
#: counts minus the score lost); ``dealer_mom`` = dealer's side minus the other, per deal; ``counters`` =
#: [deals, exchanges, games, games stopped at max_deals]. Games: ``game_win[side]`` (2 per win, 1 per
#: draw), ``game_score[side]`` (final), ``game_len[0]`` (deals), ``group_mom[g]`` = the policy group's
#: summed win shares per game (seats 0 and 2 share a side's result).
SpadesStats, STATS_TYPE = bundle("SpadesStats", {
    "seat_joint": 3, "pos_joint": 3, "side_joint": 3, "nil_stats": 3, "both_nil": 1, "side_pts": 2,
    "dealer_mom": 2, "counters": 1, "game_win": 2, "game_score": 2, "game_len": 2, "group_mom": 2})
#: the kernel context (:func:`~simkit.core.trick_game.context`): the engine's fields and ``after`` (the hands after
#: the nil exchange), ``side_out`` (:func:`side_points_nb`'s details), ``pts`` (a deal's points per side), ``gx``
#: (per policy group)
SpadesCtx = context("SpadesCtx", ("after", "side_out", "pts", "gx"))


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a
    whole game (deals until a side reaches the target, or ``max_deals``) or, with
    ``unit=deal``, one deal. False on an illegal move."""
    opts, stats, state, deck, dst, audit_out = ctx.opts, ctx.stats, ctx.state, ctx.deck, ctx.dst, ctx.audit_out
    side_out, pts, gx = ctx.side_out, ctx.pts, ctx.gx
    single = opts[O.unit] == UNIT.deal
    max_deals = 1 if single else opts[O.max_deals]
    target = opts[O.target]
    group = ctx.seats.group
    seat_joint, pos_joint, side_joint, nil_stats = stats.seat_joint, stats.pos_joint, stats.side_joint, stats.nil_stats
    both_nil, side_pts, dealer_mom, counters = stats.both_nil, stats.side_pts, stats.dealer_mom, stats.counters
    game_win, game_score, game_len, group_mom = stats.game_win, stats.game_score, stats.game_len, stats.group_mom
    n_groups = group_mom.shape[0]
    score0 = 0
    score1 = 0
    bags0 = 0
    bags1 = 0
    deals = 0
    winner = -1
    for d in range(max_deals):
        poll_interrupt_nb()
        dealer = (opts[O.first_dealer] + d) & 3
        shuffle_top_nb(deck, 51, dst)
        state[S_SIDE_SCORE] = score0
        state[S_SIDE_SCORE + 1] = score1
        state[S_BAGS] = bags0
        state[S_BAGS + 1] = bags1
        state[S_TARGET] = target
        if not play_deal_nb(play_tricks_inline_nb, ctx, fns, deck, d + 1, dealer, audit):
            return False
        deals += 1
        counters[0] += 1
        counters[1] += state[S_EXCHANGES]
        first_pos = dealer if opts[O.bidding_start] == BIDDING_START.dealer else (dealer + 1) & 3
        for seat in range(4):
            b = state[S_BID + seat]
            t = state[S_WON + seat]
            seat_joint[seat, b, t] += 1
            pos_joint[(seat - first_pos) & 3, b, t] += 1
            if b == 0:
                nil_stats[seat, (state[S_DNIL] >> seat) & 1, 1 if t > 0 else 0] += 1
        for side in range(2):
            a = side
            b2 = side + 2
            before = score0 if side == 0 else score1
            base = side_points_nb(state[S_BID + a], state[S_BID + b2], (state[S_DNIL] >> a) & 1,
                                  (state[S_DNIL] >> b2) & 1, state[S_WON + a], state[S_WON + b2],
                                  opts[O.nil_tricks] == NIL_TRICKS.count_for_partner, opts[O.both_double_nil], side_out)
            p = base
            if side_out[3] == 1:
                both_nil[1] += 1
                p = -before
            elif state[S_BID + a] == 0 and state[S_BID + b2] == 0:
                both_nil[0] += 1
            else:
                side_joint[side, side_out[0], side_out[1]] += 1
                if opts[O.bags] == BAGS.ten_for_100:
                    pen, bg = bag_penalty_nb(bags0 if side == 0 else bags1, side_out[2])
                    p += pen
                    if side == 0:
                        bags0 = bg
                    else:
                        bags1 = bg
            if audit:
                audit_out[0] += 1
                if side_points_ref_nb(state, side, opts) != base or (side_out[3] == 1 and before + p != 0):
                    audit_out[1] += 1
            pts[side] = p
            moment_add_nb(side_pts, side, p)
            if side == 0:
                score0 += p
            else:
                score1 += p
        ds = dealer & 1
        moment_add_nb(dealer_mom, 0, pts[ds] - pts[1 - ds])
        if single:
            break
        if score0 >= target or score1 >= target:
            if score0 != score1:
                winner = 0 if score0 > score1 else 1
                break
    if single:
        return True
    counters[2] += 1
    if winner < 0:
        counters[3] += 1
        if score0 != score1:
            winner = 0 if score0 > score1 else 1
    for side in range(2):
        share = 1 if winner < 0 else (2 if winner == side else 0)
        moment_add_nb(game_win, side, share)
        moment_add_nb(game_score, side, score0 if side == 0 else score1)
    moment_add_nb(game_len, 0, deals)
    for g in range(n_groups):
        gx[g] = 0
    for seat in range(4):
        side = seat & 1
        gx[group[seat]] += 1 if winner < 0 else (2 if winner == side else 0)
    for g in range(n_groups):
        moment_add_nb(group_mom, g, gx[g])
    if audit:
        audit_out[0] += 1
        top = max(score0, score1)
        if winner >= 0 and deals < max_deals and (top < target or score0 == score1
                                                  or (score0 if winner == 0 else score1) != top):
            audit_out[1] += 1
    return True


run_units_nb = unit_loop(unit_nb)


@njit(chunk_signature(STATS_TYPE, PLAY_FN, BID_FN), cache=True)
def spades_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` into ``stats`` (:data:`SpadesStats`) with the unit hook
    :func:`unit_nb`: whole games (to the target) or single deals (``inp.opts``: the layout
    :data:`O`; ``fns`` = ``(choose, after_trick, play, bid)``)."""
    ctx = SpadesCtx(*(trick_core_nb(inp, stats) + (
        np.zeros(MAX_SEATS, np.int64), np.zeros(4, np.int64), np.zeros(2, np.int64),
        np.zeros(stats.group_mom.shape[0], np.int64))))
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.boolean(types.uint8[::1], INPUTS_TYPE, fns_type(PLAY_FN, BID_FN), types.int64, types.int64, types.int64,
                    types.int64[::1], types.int64[::1], types.int64[::1]), cache=True)
def one_deal_nb(order, inp, fns, deal_no, dealer, seed, state, hands, after):
    """One deal dealt from the fixed card order ``order`` (tests, notebooks); policy
    randomness from unit 0's policy stream of ``seed``. ``state`` keeps the scores set in
    it by the caller; ``hands`` receives the hands as dealt, ``after`` the hands after the
    nil exchange. False on an illegal move (``inp.err`` filled)."""
    ctx = SpadesCtx(*(deal_core_nb(inp, order, seed, state) + (
        after, np.zeros(4, np.int64), np.zeros(2, np.int64), np.zeros(1, np.int64))))
    ok = play_deal_nb(play_tricks_nb, ctx, fns, order, deal_no, dealer, deal_no < 0)
    deal_round_nb(order, 4, 13, dealer, hands)
    return ok
