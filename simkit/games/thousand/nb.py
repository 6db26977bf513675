"""Thousand kernels: the deal, the auction, the contract and its outcome, whole games to
1001 (1000) and single deals (GAMES.md G18; seed file 002 lines 81-101), on the trick
engine (:mod:`simkit.core.trick_play`). The widow, the marriages and the play are in
:mod:`.play`; the heuristic in :mod:`.heuristic`; the simulation bidder in
:mod:`.simulation`; the state fields, phases and the deal's record in :mod:`.layout`.

A deal (:func:`deal_nb`): seven cards each to the three active seats one at a time from
the dealer's left and three to the widow (002:85); the auction (:func:`auction_nb`); then
1001: the widow and the two cards given, the contract or a concession; 1000 (2): the
contract, the widow shared out, play or refuse; the play; the scores
(:mod:`.scoring`). Unit: a game (deals until a seat reaches the target, the higher total
winning) or one deal.
"""
import numpy as np
from numba import types

from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.jit import njit

from simkit.core.ace_ten import marriage_suits_nb, points_nb, target_winner_nb
from simkit.core.rng import randbelow_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import (INPUTS_TYPE, bundle, chunk_signature, deal_core_nb, fns_type, shuffle_top_nb,
                                    trick_core_nb, unit_loop)
from simkit.core.trick_play import SeatPolicies, illegal_move_nb
from simkit.core.trick_play import no_after_trick_cb, no_choose_cb  # noqa: F401  (fns placeholders, __init__.py)
from simkit.core.tricks import (BID_FN, MAX_SEATS, NO_TRUMP, PLAY_FN, S_BID, S_DEAL_NO, S_PLAYED, S_SCORE, S_SEAT,
                                S_WON, TT_DECK, deal_round_nb, popcount_nb, start_deal_nb)
from simkit.core.tricks import BID_SIG, PLAY_SIG, no_user_bid_nb, no_user_play_nb  # noqa: F401  (policies, users)
from simkit.games.thousand.heuristic import (call_from_value_nb, contract_from_value_nb, estimate_nb,
                                             heuristic_bid_nb)
from simkit.games.thousand.layout import (BID_HEURISTIC, BID_RANDOM, BID_SIMULATION, BID_USER, E_HIGH, E_OPENING,
                                          E_STEP, ERR_BID, ERR_CONTRACT, ERR_REFUSE, N_REC, ALLPASS_REFUSAL,
                                          AUCTION, O, UNIT, VERSION,
                                          P_CONCEDE, P_MARGIN, P_SAMPLES, PHASE_AUCTION, PHASE_CONTRACT, PHASE_REFUSE,
                                          R_ALLPASS, R_BID, R_CALLS, R_CONTRACT, R_DEALT, R_DECL, R_HIGH, R_IDLE,
                                          R_PLAYHANDS, R_RESULT, R_SCORE, R_TAKEN, R_WIDOW, RES_CONCEDED, RES_FAILED,
                                          RES_MADE, RES_THROWN, S_CONTRACT, S_COUNTED, S_DECLARER, S_GIVEN, S_HIGH,
                                          S_MARRIED, S_OPENING, S_PHASE, S_POINTS, S_STEP, S_WIDOW, H, ThousandCtx)
from simkit.games.thousand.play import TRICKS, after_trick_log_nb, after_trick_nb, play_out_nb, start_play_nb, widow_nb
from simkit.games.thousand.scoring import (DEAL_POINTS, HAND, MARRIAGE_VALUES, POINTS, REFUSAL_BONUS_1000_2,
                                           THROW_IN_BONUS, barrel_penalty_nb, bid_legal_nb, contract_legal_nb,
                                           idle_dealer_points_nb, played_deal_scores_nb, unplayed_deal_scores_nb)
from simkit.games.thousand.simulation import choose_nb, draw_key_nb, rollout_value_nb

#: what the counted bidder adds to a hand's value for the widow it will take before seeing it:
#: 1001 takes three cards and gives back two (its weakest), 1000 (2) keeps one of three
WIDOW_GAIN = np.array([15.0, 5.0])
#: contract sizes are counted in bins of 5 points (0..400)
CONTRACT_BIN = 5
N_CONTRACTS = 81
#: deals 1..9 of a game, and 10 or later, for the contract outcomes by round
N_ROUNDS = 10
#: the lowest deal score a seat can write (a failed 400 and the 850 rule's -100), for the histograms
LOWEST_SCORE = -500
N_SCORES = 901
WIN_SCALE = 2
#: counters: deals, games, games stopped at max_deals, 850-rule penalties, all-pass deals, deals played
C_DEALS, C_GAMES, C_UNFINISHED, C_BARREL, C_ALLPASS, C_PLAYED = range(6)
N_COUNTERS = 6
AUDIT = np.bool_(True)


# -- bidding decisions --------------------------------------------------------------------------------
@njit(cache=True, inline="always")     # a call passing the context would cost more than the heuristic's bid
def choose_bid_nb(seat, ctx, fns):
    """The seat's bid-role answer in phase ``ctx.state[S_PHASE]`` (:mod:`.layout`) from
    its policy (``ctx.act``). Random: passes or makes the lowest raise, each with chance
    1/2; names the bid as contract; never concedes. Heuristic: :func:`heuristic_bid_nb`.
    Counted and simulation: :func:`valued_bid_nb`."""
    state = ctx.state
    code = ctx.act.code[R_BID, seat]
    p = ctx.act.params[R_BID, seat]
    hand = ctx.hands[seat]
    if code == BID_USER:
        return fns[3](hand, state, p)
    if code == BID_HEURISTIC:
        return heuristic_bid_nb(seat, hand, state, ctx.opts, p)
    if code == BID_RANDOM:          # its auction calls are drawn in auction_nb
        return state[S_HIGH] if state[S_PHASE] == PHASE_CONTRACT else 0
    return valued_bid_nb(seat, code, p, ctx, fns)


@njit(cache=True)
def valued_bid_nb(seat, code, p, ctx, fns):
    """The counted (``code`` BID_COUNTED) and simulation (BID_SIMULATION) bidders' answer
    (:func:`choose_bid_nb`), parameters ``p``: the hand's value (:func:`estimate_nb` plus
    the widow's expected gain before the widow, or the mean of sampled playouts,
    :func:`rollout_value_nb`) less ``margin`` bounds the bid and sets the contract; a
    value short of the bid (contract) by more than ``concede`` concedes (refuses)."""
    state, hands, opts = ctx.state, ctx.hands, ctx.opts
    phase = state[S_PHASE]
    hand = hands[seat]
    v2 = opts[O.version] == VERSION.v_1000_2
    step = state[S_STEP]
    high = state[S_HIGH]
    pre = phase == PHASE_AUCTION or (phase == PHASE_CONTRACT and v2)
    if code == BID_SIMULATION:
        given = np.zeros(2, np.int64)
        if not pre:
            given[0] = state[S_GIVEN] & hands[(seat + 1) % 3]
            given[1] = state[S_GIVEN] & hands[(seat + 2) % 3]
        value = rollout_value_nb(seat, hand, given, pre, max(1, np.int64(p[P_SAMPLES])), ctx, fns)
    else:
        value = estimate_nb(hand) + (WIDOW_GAIN[1 if v2 else 0] if pre else 0.0)
    if phase == PHASE_AUCTION:
        return call_from_value_nb(value, high, state[S_OPENING], step, hand, p[P_MARGIN])
    if phase == PHASE_CONTRACT:
        return contract_from_value_nb(value, high, step, hand, p[P_MARGIN], p[P_CONCEDE], not v2)
    return 1 if value < state[S_CONTRACT] - p[P_CONCEDE] else 0


@njit(cache=True)
def bad_bid_nb(err, kind, state, seat, move, hand, bound):
    """Fill ``err`` for an illegal call, contract or refusal answer."""
    illegal_move_nb(err, kind, seat, move, hand, bound, state[S_DEAL_NO], state[S_PHASE])
    err[E_HIGH] = state[S_HIGH]
    err[E_STEP] = state[S_STEP]
    err[E_OPENING] = state[S_OPENING]


@njit(cache=True, inline="always")
def auction_nb(ctx, fns):
    """The auction of the deal in ``ctx`` from the dealer's left (002:86 «Игрок, сидящий по левую руку от
    сдающего, начинает торг»): each seat in turn passes (and is out: «Игрок, спасовавший
    один раз, в дальнейшем торге не участвует») or bids higher (:func:`bid_legal_nb`)
    until one is left. Under the standard auction the eldest opens 100 by obligation.
    When the first two pass without a bid, the last hand takes the widow at the opening
    bid (002:90 «Если два игрока из трех пасуют, то игрок на последней руке берет
    прикуп»; GAMES.md G18 ambiguity 2). Leaves the winner in ``S_DECLARER`` and his bid
    in ``S_HIGH``; returns the winner, -1 on an illegal call (``ctx.err`` filled)."""
    hands, state, opts, pst = ctx.hands, ctx.state, ctx.opts, ctx.pst
    step = state[S_STEP]
    opening = state[S_OPENING]
    passed = 0
    high = -1
    winner = -1
    seat = 0
    calls = 0
    state[S_PHASE] = PHASE_AUCTION
    if opts[O.auction] == AUCTION.standard:
        high = opening
        winner = 0
        state[S_BID] = opening
        seat = 1
    while popcount_nb(passed) < 2:
        if (passed >> seat) & 1 == 0:
            state[S_SEAT] = seat
            state[S_HIGH] = high
            if ctx.act.code[R_BID, seat] == BID_RANDOM:    # the baseline, without a call (speed)
                b = opening if high < 0 else high + step
                if randbelow_nb(pst, 2) == 0 or not bid_legal_nb(b, high, opening, step, hands[seat]):
                    b = 0
            else:
                b = choose_bid_nb(seat, ctx, fns)
            calls += 1
            if b == 0:
                passed |= 1 << seat
            elif bid_legal_nb(b, high, opening, step, hands[seat]):
                high = b
                winner = seat
            else:
                bad_bid_nb(ctx.err, ERR_BID, state, seat, b, hands[seat], 0)
                return -1
            state[S_BID + seat] = b
        seat = seat + 1 if seat < 2 else 0
    ctx.rec[R_CALLS] = calls
    if winner < 0:
        ctx.rec[R_ALLPASS] = 1
        winner = 0 if passed & 1 == 0 else (1 if passed & 2 == 0 else 2)
        high = opening
    state[S_HIGH] = high
    state[S_DECLARER] = winner
    return winner


# -- a deal ---------------------------------------------------------------------------------------------
@njit(cache=True)
def _audit_hands_nb(hands, extra, k, deck, audit_out):
    """Card conservation: three hands of ``k`` cards and ``extra`` make the deck."""
    audit_out[0] += 1
    n = popcount_nb(extra)
    union = extra
    for s in range(3):
        n += popcount_nb(hands[s])
        union |= hands[s]
        if popcount_nb(hands[s]) != k:
            audit_out[1] += 1
    if union != deck or n != 24:
        audit_out[1] += 1


@njit(cache=True, inline="always")
def deal_nb(hook, ctx, fns, order, deal_no, audit):
    """Deal ``deal_no`` of the unit from the card order ``order`` (module doc) on the
    context ``ctx`` (the active seats' policies ``ctx.act``); its record in ``ctx.rec``
    (:mod:`.layout` ``R_*``). False on an illegal move (``ctx.err`` filled). The tricks
    are played with the hooks :func:`.simulation.choose_nb` and ``hook``
    (:func:`.play.after_trick_nb`, or :func:`.play.after_trick_log_nb` for a logged deal;
    :func:`.play.play_out_nb`).

    Outcomes (002:89-91, 002:98-101): the contract made (+ contract) or failed
    (- contract), the others scoring their points rounded; conceded after the widow
    (1001: - the bid, the others ``concede_opponents``; 1000 (2) refusal: - the contract
    named before the widow, the others 60 each); after an all-pass the last hand may throw
    in instead (0 for him, 50 to each other player)."""
    state, hands, tables, opts, seats, pst, err, rec = (ctx.state, ctx.hands, ctx.tables, ctx.opts, ctx.act, ctx.pst,
                                                        ctx.err, ctx.rec)
    audit_out = ctx.audit_out
    for i in range(N_REC):
        rec[i] = 0
    deal_round_nb(order, 3, HAND, 2, hands)
    widow = 0
    for i in range(3 * HAND, 3 * HAND + 3):
        widow |= np.int64(1) << np.int64(order[i])
    deck = tables[NO_TRUMP, TT_DECK]
    start_deal_nb(state, tables, NO_TRUMP, 3, TRICKS, 2, 0, -1, deal_no)
    state[S_STEP] = opts[O.step]
    state[S_OPENING] = opts[O.opening]
    state[S_HIGH] = -1
    state[S_DECLARER] = -1
    state[S_CONTRACT] = 0
    state[S_WIDOW] = 0
    state[S_GIVEN] = 0
    state[S_MARRIED] = 0
    state[S_COUNTED] = 0
    for s in range(3):
        state[S_POINTS + s] = 0
        rec[R_DEALT + s] = hands[s]
    rec[R_WIDOW] = widow
    if audit:
        _audit_hands_nb(hands, widow, HAND, deck, audit_out)
    decl = auction_nb(ctx, fns)
    if decl < 0:
        return False
    bid = state[S_HIGH]
    step = state[S_STEP]
    v2 = opts[O.version] == VERSION.v_1000_2
    allpass = rec[R_ALLPASS] != 0
    rec[R_DECL] = decl
    rec[R_HIGH] = bid
    contract = bid
    out = False                 # the declarer concedes (refuses, throws in)
    state[S_SEAT] = decl
    rnd = seats.code[R_BID, decl] == BID_RANDOM       # names the bid, never concedes: no calls (speed)
    if v2:
        state[S_PHASE] = PHASE_CONTRACT
        c = bid if rnd else choose_bid_nb(decl, ctx, fns)
        if not contract_legal_nb(c, bid, step, hands[decl]):
            bad_bid_nb(err, ERR_CONTRACT, state, decl, c, hands[decl], 0)
            return False
        contract = c
        state[S_CONTRACT] = c
    state[S_WIDOW] = widow
    if not widow_nb(decl, widow, ctx, fns):
        return False
    if audit:
        _audit_hands_nb(hands, 0, TRICKS, deck, audit_out)
    state[S_SEAT] = decl
    if v2:
        state[S_PHASE] = PHASE_REFUSE
        r = 0 if rnd else choose_bid_nb(decl, ctx, fns)
        if r != 0 and r != 1:
            bad_bid_nb(err, ERR_REFUSE, state, decl, r, hands[decl], 1)
            return False
        out = r == 1
    else:
        state[S_PHASE] = PHASE_CONTRACT
        c = bid if rnd else choose_bid_nb(decl, ctx, fns)
        if c == 0:
            out = True
        elif contract_legal_nb(c, bid, step, hands[decl]):
            contract = c
        else:
            bad_bid_nb(err, ERR_CONTRACT, state, decl, c, hands[decl], 1)
            return False
        state[S_CONTRACT] = contract
    rec[R_CONTRACT] = contract
    for s in range(3):
        rec[R_PLAYHANDS + s] = hands[s]
    score = rec[R_SCORE:R_SCORE + 3]
    if out:
        if allpass and not (v2 and opts[O.allpass_refusal] == ALLPASS_REFUSAL.minus_contract):
            rec[R_RESULT] = RES_THROWN
            unplayed_deal_scores_nb(3, -1, decl, 0, THROW_IN_BONUS, widow, score)
        else:
            rec[R_RESULT] = RES_CONCEDED
            others = REFUSAL_BONUS_1000_2 if v2 else opts[O.concede_opponents]
            unplayed_deal_scores_nb(3, -1, decl, contract, others, widow, score)
    else:
        start_play_nb(state, opts, decl, contract)
        draw_key_nb(seats, ctx.scratch, pst)
        if not play_out_nb(choose_nb, hook, ctx, fns, audit):
            return False
        taken = state[S_POINTS + decl]
        rec[R_TAKEN] = taken
        rec[R_RESULT] = RES_MADE if taken >= contract else RES_FAILED
        played_deal_scores_nb(state[S_POINTS:S_POINTS + 3], 3, -1, decl, contract, step, widow, score)
        if audit:
            audit_out[0] += 1
            cards = 0
            married = 0
            for s in range(3):
                cards += state[S_POINTS + s]
            for b in range(12):
                if (state[S_MARRIED] >> b) & 1:
                    married += MARRIAGE_VALUES[b & 3]
            if cards - married != DEAL_POINTS or points_nb(state[S_PLAYED], POINTS) != DEAL_POINTS \
                    or state[S_PLAYED] != deck or (hands[0] | hands[1] | hands[2]) != 0 \
                    or state[S_WON] + state[S_WON + 1] + state[S_WON + 2] != TRICKS:
                audit_out[1] += 1
    if opts[O.players] == 4:
        rec[R_IDLE] = idle_dealer_points_nb(widow, 10 if v2 else 1)     # 1000 (2) scores in tens (002:98)
    if audit:
        audit_out[0] += 1
        if not _scores_consistent_nb(rec, state, step, opts):
            audit_out[1] += 1
    return True


@njit(cache=True)
def _scores_consistent_nb(rec, state, step, opts):
    """Audit: the deal's scores against their rules, term by term: the declarer's is
    ±contract (played), -contract or -bid (conceded) or 0 (thrown in); each other seat's
    is its points within half a step, a multiple of the step, or the fixed bonus."""
    decl = rec[R_DECL]
    res = rec[R_RESULT]
    v2 = opts[O.version] == VERSION.v_1000_2
    for s in range(3):
        v = rec[R_SCORE + s]
        if s == decl:
            want = rec[R_CONTRACT]
            if res == RES_FAILED or res == RES_CONCEDED:
                want = -want
            if res == RES_THROWN:
                want = 0
            if v != want:
                return False
        elif res == RES_MADE or res == RES_FAILED:
            d = v - state[S_POINTS + s]
            if v % step != 0 or 2 * d > step or 2 * d < -step:
                return False
        elif res == RES_THROWN and v != THROW_IN_BONUS:
            return False
        elif res == RES_CONCEDED and v != (REFUSAL_BONUS_1000_2 if v2 else opts[O.concede_opponents]):
            return False
    if opts[O.players] == 4 and v2 and rec[R_IDLE] % 10 != 0:
        return False                # 1000 (2): every score in tens, the idle dealer's too (002:98)
    return True


@njit(cache=True, inline="always")
def seat_map_nb(seats, act, dealer, players, tseat, scores, state, same):
    """The deal's active seats: active ``i`` = table seat ``(dealer + 1 + i) % players``
    (``tseat``), their policies copied from the table seats' into ``act`` (unless every
    seat has the ``same`` policies and ``act`` holds them), their running scores into
    ``S_SCORE``."""
    w = seats.params.shape[2]
    for i in range(3):
        t = (dealer + 1 + i) % players
        tseat[i] = t
        state[S_SCORE + i] = scores[t]
        if same:
            continue
        act.group[i] = seats.group[t]
        for r in range(2):
            act.code[r, i] = seats.code[r, t]
            for k in range(w):
                act.params[r, i, k] = seats.params[r, t, k]


@njit(cache=True)
def same_policies_nb(seats, players):
    """Whether every table seat has the same policies and parameters."""
    for t in range(1, players):
        for r in range(2):
            if seats.code[r, t] != seats.code[r, 0]:
                return False
            for k in range(seats.params.shape[2]):
                if seats.params[r, t, k] != seats.params[r, 0, k]:
                    return False
    return True


@njit(cache=True, inline="always")
def table_scores_nb(rec, scores, dealer, players, tseat, v2, out):
    """Each table seat's score for the deal into ``out``: the active seats' and the idle
    dealer's, then, in 1000 (2), -100 for a seat on 850 or more that scored nothing
    (:func:`barrel_penalty_nb`). Returns the number of such penalties."""
    for t in range(players):
        out[t] = 0
    for i in range(3):
        out[tseat[i]] = rec[R_SCORE + i]
    if players == 4:
        out[dealer] = rec[R_IDLE]
    pen = 0
    if v2:
        for t in range(players):
            b = barrel_penalty_nb(scores[t], out[t])
            if b:
                out[t] += b
                pen += 1
    return pen


# -- the chunk kernel -------------------------------------------------------------------------------------
#: the statistics (``stats.<name>``; shapes in :meth:`Thousand._run`, table seats ``t``):
#: ``contracts[t, round, contract // 5, result]`` every contract (result RES_*); ``margin[contract // 5]``
#: moments of the declarer's points minus the contract, played deals; ``pts_hist[t, score - LOWEST_SCORE]``
#: each seat's deal score; ``tricks_hist[t, tricks]`` active seats' tricks in played deals;
#: ``marriages[t, suit]`` declared; ``marr_hist[k]`` played deals with ``k`` marriages declared;
#: ``held`` = [dealt hands holding a marriage, dealt hands];
#: ``counters`` (C_*); games: ``game_win[t]`` (2 a win), ``game_score[t]`` (final), ``game_len[0]``
#: (deals), ``group_mom[g]`` (the policy group's summed wins a game).
ThousandStats, STATS_TYPE = bundle("ThousandStats", {
    "contracts": 4, "margin": 2, "pts_hist": 2, "tricks_hist": 2, "marriages": 2, "marr_hist": 1, "held": 1,
    "counters": 1,    "game_win": 2, "game_score": 2, "game_len": 2, "group_mom": 2})
_I1 = types.int64[::1]


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a whole
    game (deals until a seat reaches the target, the higher total winning) or, with
    ``unit=deal``, one deal. Each deal's active seats' policies are mapped into
    ``ctx.act`` (:func:`seat_map_nb`; once per chunk when ``ctx.same``). The deals play
    their tricks with :func:`~simkit.core.trick_play.play_tricks_inline_nb` and call the
    hooks :func:`.simulation.choose_nb` and :func:`.play.after_trick_nb` directly; the
    ``cfunc`` slots of ``fns`` are placeholders. False on an illegal move."""
    opts, stats, state, deck, audit_out, seats = ctx.opts, ctx.stats, ctx.state, ctx.deck, ctx.audit_out, ctx.seats
    act, rec, scores, dscore, tseat, gx = ctx.act, ctx.rec, ctx.scores, ctx.dscore, ctx.tseat, ctx.gx
    players = opts[O.players]
    single = opts[O.unit] == UNIT.deal
    max_deals = 1 if single else opts[O.max_deals]
    target = opts[O.target]
    v2 = opts[O.version] == VERSION.v_1000_2
    contracts, margin, pts_hist, tricks_hist = stats.contracts, stats.margin, stats.pts_hist, stats.tricks_hist
    marriages, marr_hist, held, counters = stats.marriages, stats.marr_hist, stats.held, stats.counters
    game_win, game_score, game_len, group_mom = stats.game_win, stats.game_score, stats.game_len, stats.group_mom
    n_groups = group_mom.shape[0]
    for t in range(players):
        scores[t] = 0
    deals = 0
    winner = -1
    for d in range(max_deals):
        poll_interrupt_nb()
        dealer = (opts[O.first_dealer] + d) % players
        seat_map_nb(seats, act, dealer, players, tseat, scores, state, ctx.same)
        shuffle_top_nb(deck, 23, ctx.dst)
        if not deal_nb(after_trick_nb, ctx, fns, deck, d + 1, audit):
            return False
        deals += 1
        counters[C_DEALS] += 1
        counters[C_BARREL] += table_scores_nb(rec, scores, dealer, players, tseat, v2, dscore)
        for t in range(players):
            scores[t] += dscore[t]
            pts_hist[t, dscore[t] - LOWEST_SCORE] += 1
        res = rec[R_RESULT]
        decl = rec[R_DECL]
        c = rec[R_CONTRACT]
        contracts[tseat[decl], min(d, N_ROUNDS - 1), c // CONTRACT_BIN, res] += 1
        counters[C_ALLPASS] += rec[R_ALLPASS]
        for i in range(3):
            held[0] += marriage_suits_nb(rec[R_DEALT + i]) != 0
        held[1] += 3
        if res == RES_MADE or res == RES_FAILED:
            counters[C_PLAYED] += 1
            moment_add_nb(margin, c // CONTRACT_BIN, rec[R_TAKEN] - c)
            for i in range(3):
                tricks_hist[tseat[i], state[S_WON + i]] += 1
            k = 0
            for b in range(12):
                if (state[S_MARRIED] >> b) & 1:
                    marriages[tseat[b >> 2], b & 3] += 1
                    k += 1
            marr_hist[k] += 1
        if single:
            break
        winner = target_winner_nb(scores, players, target)
        if winner >= 0:
            break
    if single:
        return True
    counters[C_GAMES] += 1
    if winner < 0:
        counters[C_UNFINISHED] += 1
        best = 0
        for t in range(1, players):
            if scores[t] > scores[best]:
                best = t
        winner = best
        for t in range(players):
            if t != best and scores[t] == scores[best]:
                winner = -1
    for g in range(n_groups):
        gx[g] = 0
    for t in range(players):
        w = WIN_SCALE if t == winner else 0
        moment_add_nb(game_win, t, w)
        moment_add_nb(game_score, t, scores[t])
        gx[seats.group[t]] += w
    for g in range(n_groups):
        moment_add_nb(group_mom, g, gx[g])
    moment_add_nb(game_len, 0, deals)
    if audit:
        audit_out[0] += 1
        if deals < max_deals and (winner < 0 or scores[winner] < target):
            audit_out[1] += 1
    return True


run_units_nb = unit_loop(unit_nb)


@njit(cache=True)
def active_seats_nb(seats):
    """The deal's active seats' policies (:func:`seat_map_nb` fills them), shaped after the
    table seats' ``seats``."""
    return SeatPolicies(np.zeros((2, 3), np.int64), np.zeros((2, 3, seats.params.shape[2])), np.zeros(3, np.int64))


@njit(chunk_signature(STATS_TYPE, PLAY_FN, BID_FN), cache=True)
def thousand_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` (whole games or single deals) into ``stats``
    (:data:`ThousandStats`) with the unit hook :func:`unit_nb` (``inp.opts``: the layout
    :data:`.layout.O`; ``fns`` = ``(choose, after, play, bid)``, the first two the
    engine's placeholders :func:`~simkit.core.trick_play.no_choose_cb` and
    :func:`~simkit.core.trick_play.no_after_trick_cb`). When every table seat has the same
    policies the active seats' are set here, once."""
    seats = inp.seats
    players = inp.opts[O.players]
    same = same_policies_nb(seats, players)
    ctx = ThousandCtx(*(trick_core_nb(inp, stats) + (
        active_seats_nb(seats), np.zeros(N_REC, np.int64), np.zeros(MAX_SEATS, np.int64),
        np.zeros(MAX_SEATS, np.int64), np.zeros(3, np.int64), np.zeros(stats.group_mom.shape[0], np.int64),
        np.zeros(0, np.int64), same, np.zeros(H.size, np.int64))))
    if same:
        seat_map_nb(seats, ctx.act, 0, players, ctx.tseat, ctx.scores, ctx.state, False)
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.boolean(types.uint8[::1], INPUTS_TYPE, fns_type(PLAY_FN, BID_FN), types.int64, types.int64, _I1, _I1,
                    _I1, _I1, _I1), cache=True)
def one_deal_nb(order, inp, fns, dealer, seed, scores, state, rec, dscore, log):
    """One deal dealt from the fixed card order ``order`` (tests, notebooks) with the
    table seats' running ``scores`` before it, every audit check on (into
    ``inp.audit_out``), the deal's number ``state[S_DEAL_NO]`` set by the caller
    (``state``: the engine's layout, int64[S_SIZE]); policy randomness from unit 0's policy
    stream of ``seed``. Leaves the deal's record in ``rec``, each table seat's score for it
    in ``dscore`` and, with the pausing hook :func:`.play.after_trick_log_nb`, each trick's
    cards and winner in ``log`` (``N_LOG``); False on an illegal move (``inp.err``)."""
    seats = inp.seats
    players = inp.opts[O.players]
    ctx = ThousandCtx(*(deal_core_nb(inp, order, seed, state) + (
        active_seats_nb(seats), rec, scores, dscore, np.zeros(3, np.int64), np.zeros(1, np.int64), log, False,
        np.zeros(H.size, np.int64))))
    seat_map_nb(seats, ctx.act, dealer, players, ctx.tseat, scores, state, False)
    if not deal_nb(after_trick_log_nb, ctx, fns, order, state[S_DEAL_NO], AUDIT):
        return False
    table_scores_nb(rec, scores, dealer, players, ctx.tseat, inp.opts[O.version] == VERSION.v_1000_2, dscore)
    return True
