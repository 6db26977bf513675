"""Klaberjass kernels: deal, the auction (take / pass / schmeiss, then a named suit), the
second deal, the dix, sequences, bella, play on the shared trick engine and the deal's
scores, in whole games to 500 or single deals (seed file 000 lines 331-391, GAMES.md G10).

Seats 0 and 1; the dealer alternates. The non-dealer (``1 - dealer``) speaks first and
leads. A deal uses the card order ``order`` as dealt: three cards to the non-dealer
(``order[0:3]``), three to the dealer, three more each (000:337 «по шесть карт, сдаваемых
по три сразу»), the turn-up ``order[12]``; after the auction three more each
(``order[13:16]`` to the non-dealer, ``order[16:19]`` to the dealer, 000:347 «сдатчик
раздает еще по три карты сразу каждому игроку») and the bottom card ``order[BOTTOM]`` is
shown («вскрывает нижнюю карту колоды»). 18 cards are played; the turn-up (or the dix
exchanged for it), the bottom card and the rest of the stock stay out.

Each trick's cards go to its winner between tricks (:func:`after_trick_nb`), their card
points are counted after the last trick (:func:`count_points_nb`), and the audit checks
the card points won plus those left out of play plus the stich against 162 on every deal.

Policies (roles ``bid``, ``declare``, ``play``) read the table state: ``S_PHASE`` says
what is asked (the round of a call too), ``S_TURNUP & 3`` is the turned suit, ``S_SCORE``
the game's running totals.
"""
import numpy as np
from numba import types

from simkit.core.borrow import borrowed
from simkit.core.interrupt_nb import poll_interrupt_nb
from simkit.core.jit import cfunc, njit
from simkit.core.ace_ten import marriage_suits_nb, points_nb, target_winner_nb
from simkit.core.cards import RANK_7, RANK_A, RANK_K, RANK_Q
from simkit.core.options import choices, layout
from simkit.core.rng import randbelow_nb
from simkit.core.stats_nb import moment_add_nb
from simkit.core.trick_game import (INPUTS_TYPE, bundle, chunk_signature, context, deal_core_nb, fns_type,
                                    shuffle_top_nb, trick_core_nb, unit_loop)
from simkit.core.trick_play import (AFTER_SIG, CHOOSE_SIG, ERR_GAME, E_TRUMP, N_ERR, R_PLAY, SeatPolicies,
                                    illegal_move_nb, play_tricks_inline_nb, play_tricks_nb)
from simkit.core.tricks import (BID_FN, BID_SIG, PLAY_FN, PLAY_SIG, no_user_bid_nb, no_user_play_nb,  # noqa: F401
                                MAX_SEATS, S_BID, S_DEAL_NO, S_DEALER, S_EXTRA, S_LEAD_BAN, S_LEADER, S_N_IN_TRICK, S_PLAYED, S_SEAT,
                                S_SCORE, S_SIZE, S_TABLE, S_TRICKS, S_TRUMP, S_TURNUP, S_FOLLOW, S_WON, TT_DECK,
                                TT_POWER, TT_SUIT_BITS, TT_TRUMP, beating_nb, card_pool_nb, lowest_card_nb,
                                popcount_nb, start_deal_nb, strongest_nb, weakest_nb, masters_nb)
# the phases, policy codes, role rows and parameter slots (shared with the declarations)
from simkit.games.klaberjass.codes import (BID_HEURISTIC, BID_RANDOM, BID_SIMULATION, BID_USER,  # noqa: F401
                                           DECL_ALWAYS, DECL_RANDOM, DECL_USER, N_BID_PARAMS, N_DECL_PARAMS,
                                           N_PLAY_PARAMS, P_ACCEPT, P_ROUND2, P_SAMPLES, P_SCHMEISS, P_THRESHOLD,
                                           P_THROW, P_TRUMP_W, PHASE_ANSWER, PHASE_BELLA, PHASE_DIX, PHASE_PLAY,
                                           PHASE_ROUND1, PHASE_ROUND2, PHASE_SEQ, PLAY_HEURISTIC, PLAY_RANDOM,
                                           PLAY_USER, R_BID, R_DECLARE)
from simkit.games.klaberjass.rules import KlaberjassRules
from simkit.games.klaberjass.scoring import (BELLA, DEAL_POINTS, FOLLOW, HAND, PASS, POINTS, SCHMEISS, STICH, TAKE,
                                             bella_nb, card_points_nb, deal_scores_nb, second_round_legal_nb,
                                             sequence_scorer_nb, sequences_nb)

# -- extra state fields (after the shared layout) ----------------------------------------------
S_PHASE = S_EXTRA + 0        # what is asked (PHASE_*)
S_MAKER = S_EXTRA + 1        # the maker, -1 before
S_CONTRACT = S_EXTRA + 2     # -1 in the auction; then how it ended: K_TAKE, K_SCHMEISS (refused), K_NAMED,
#                              THROWN_SCHMEISS (a schmeiss accepted) or THROWN_PASSED (both passed twice)
S_CALLER = S_EXTRA + 3       # the seat that called schmeiss, -1 none
S_TAKEN = S_EXTRA + 4        # 2 entries: the cards each seat has won in tricks
S_PTS = S_EXTRA + 6          # 2 entries: card points won (stich included), set after the last trick
S_SEQ = S_EXTRA + 8          # 2 entries: sequence points scored
S_BELLA = S_EXTRA + 10       # bit per seat: bella scored
S_ANNOUNCE = S_EXTRA + 11    # bit per seat: the seat announces bella when it plays the card; bit ANNOUNCE_RULE:
#                              the bella rule (opts[O.bella], a BELLA_RULE code), for after_trick_nb, which reads no
#                              other array
S_DIX = S_EXTRA + 12         # the seat that exchanged the dix, -1 none
S_TARGET = S_EXTRA + 13      # points that win the game (the running totals are in S_SCORE)
assert S_TARGET < S_LEAD_BAN, "the game's fields must end before the shared S_LEAD_BAN"

ANNOUNCE_RULE = 2
K_TAKE, K_SCHMEISS, K_NAMED, THROWN_SCHMEISS, THROWN_PASSED = range(5)
RESULT_MADE, RESULT_EQUAL, RESULT_FAILED = 0, 1, 2

#: ``opts`` slots (:func:`~simkit.core.options.layout`: one per rule option, named as it; ``bete`` and ``bella``
#: hold the codes :data:`.scoring.BETE` and :data:`.scoring.BELLA_RULE`)
O = layout(KlaberjassRules)
UNIT = choices(KlaberjassRules, "unit")

ERR_BID, ERR_DECLARE = ERR_GAME, ERR_GAME + 1
WIN_SCALE = 2                # a win counts 2, a draw 1
#: the position in a deal's card order of the card shown from the bottom of the stock (000:347 «вскрывает
#: нижнюю карту колоды»): the 20th, after the 19 dealt; which of the 13 undealt cards it is does not matter
#: to a deal's chances, and a chunk then shuffles only the 20 positions a deal uses
BOTTOM = 19
MAX_DEAL_SCORE = 800         # a deal's score is at most 2 * (162 + 100 sequences + 20 bella)
MARGIN_OFFSET = 400          # margin histograms: bin = maker's total - opponent's + MARGIN_OFFSET (|margin| < 300)

#: user bid function (tricks.BID_SIG): bid(hand, state, params) -> int64, asked when
#: state[S_PHASE] is PHASE_ROUND1 (0 pass, 1 take, 2 schmeiss), PHASE_ROUND2 (0 pass, or
#: 1 + a suit other than (state[S_TURNUP] & 3)) or PHASE_ANSWER (1 accept the schmeiss, 0 refuse).
#: user declare function (BID_SIG): 1 yes, 0 no, asked at PHASE_DIX (exchange the trump 7
#: for the turned card), PHASE_SEQ (declare the hand's sequences), PHASE_BELLA (announce bella).
#: user play function (PLAY_SIG): play(hand, legal, state, params) -> a card of ``legal``.


@njit(cache=True)
def bad_move_nb(err, kind, state, seat, move, hand):
    """Fill ``err`` (the engine's layout) for an illegal call or declaration."""
    illegal_move_nb(err, kind, seat, move, hand, 0, state[S_DEAL_NO], state[S_PHASE])
    err[E_TRUMP] = (state[S_TURNUP] & 3)


#: SUIT_BITS[s]: the cards of suit ``s`` in the 32-card deck (ranks 7..A)
SUIT_BITS = np.array([sum(1 << (4 * r + s) for r in range(RANK_7, RANK_A + 1)) for s in range(4)], np.int64)


# -- the heuristic's hand value ---------------------------------------------------------------------
@njit(cache=True)
def hand_value_nb(hand, trump, turnup, trump_w):
    """What a hand is worth to its holder with ``trump`` as trumps: the card points it holds
    (000:365-377, jass 20 and menel 14 in trumps), ``trump_w`` per trump held (the tricks
    they take), bella's 20 for the trump king and queen (000:359), the value of its
    sequences (000:351) and, when ``trump`` is the turned suit and the hand holds its 7,
    the turned card's points (the dix exchange, 000:349)."""
    v = np.float64(card_points_nb(hand, trump))
    v += trump_w * popcount_nb(hand & SUIT_BITS[trump])
    if (marriage_suits_nb(hand) >> trump) & 1:
        v += BELLA
    out = np.zeros(2, np.int64)
    sequences_nb(hand, trump, out)
    v += out[0]
    if turnup >= 0 and trump == (turnup & 3) and (hand >> (4 * RANK_7 + trump)) & 1:
        v += POINTS[trump, turnup]
    return v


@njit(cache=True)
def call_from_values_nb(phase, turned, values, p):
    """The call both built-in bidders make from a value per suit (``values[s]``: the
    heuristic's hand value, the simulation's expected margin). Round 1: take when the
    turned suit's value reaches ``threshold``, schmeiss when it falls short by less than
    ``schmeiss``, else pass. Round 2: name the other suit of highest value when it reaches
    ``threshold + round2``, else pass. Answering a schmeiss: accept (throw the deal in)
    when the value is below ``accept``: the caller is refused, and left to play, against a
    hand that expects to do well."""
    if phase == PHASE_ROUND2:
        best = -1
        bv = -np.inf
        for s in range(4):
            if s != turned and values[s] > bv:
                bv = values[s]
                best = s
        return 1 + best if bv >= p[P_THRESHOLD] + p[P_ROUND2] else PASS
    v = values[turned]
    if phase == PHASE_ROUND1:
        if v >= p[P_THRESHOLD]:
            return TAKE
        return SCHMEISS if v >= p[P_THRESHOLD] - p[P_SCHMEISS] else PASS
    return 1 if v < p[P_ACCEPT] else 0


@njit(cache=True)
def heuristic_call_nb(hand, state, p):
    """The heuristic's call (:func:`call_from_values_nb`) from the hand's value
    (:func:`hand_value_nb`) with the turned suit as trump, or in round 2 each other suit;
    and the dealer, after the non-dealer has passed, calls schmeiss where he would pass
    when the turned suit's value falls short of ``threshold`` by less than ``throw``."""
    phase = state[S_PHASE]
    turned = state[S_TURNUP] & 3
    values = np.full(4, -np.inf)
    for s in range(4):
        if phase == PHASE_ROUND2 and s != turned:
            values[s] = hand_value_nb(hand, s, -1, p[P_TRUMP_W])
        elif phase != PHASE_ROUND2 and s == turned:
            values[s] = hand_value_nb(hand, s, state[S_TURNUP], p[P_TRUMP_W])
    c = call_from_values_nb(phase, turned, values, p)
    if (phase == PHASE_ROUND1 and c == PASS and state[S_SEAT] == state[S_DEALER]
            and values[turned] >= p[P_THRESHOLD] - p[P_THROW]):
        return SCHMEISS
    return c


# -- play -------------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def cheapest_nb(m, trump, tt):
    """The card of ``m`` with the fewest points, then the least power."""
    best = -1
    bk = 1 << 40
    while m:
        c = lowest_card_nb(m)
        m &= m - 1
        k = POINTS[trump, c] * 1024 + tt[TT_POWER + c]
        if k < bk:
            bk = k
            best = c
    return best


@njit(cache=True, inline="always")     # inlined into choose_play_cb: one call per card
def heuristic_play_nb(hand, legal, state, trick, tt):
    """Card-point play for two. Leading: a sure winner of a plain suit (the top card left
    of it: the ace keeps its 11), else the top trump left, else the cheapest card (fewest
    points, then least power). Second: capture with the strongest card of the suit led
    that wins; else win with the weakest winning trump; otherwise throw the cheapest card.
    (Trumping and overtrumping are compulsory, 000:357, so whenever a trump can win no
    card that loses is legal: the former parameter ``ruff_min``, "trump only a card worth
    this much", never had a choice to make and was removed, issue 29.)"""
    trump = state[S_TRUMP]
    tbits = tt[TT_SUIT_BITS + trump]
    if state[S_N_IN_TRICK] == 0:
        tops = masters_nb(legal, state[S_PLAYED] | hand, tt)
        plain_top = tops & ~tbits
        trump_top = tops & tbits
        if plain_top:
            return strongest_nb(plain_top, tt)
        if trump_top:
            return strongest_nb(trump_top, tt)
        return cheapest_nb(legal, trump, tt)
    win = beating_nb(legal, trick, 1, tt)
    plain_win = win & ~tbits
    if plain_win:
        return strongest_nb(plain_win, tt)
    lose = legal & ~win
    if win:
        return weakest_nb(win, tt)
    return cheapest_nb(lose, trump, tt)


@cfunc(CHOOSE_SIG, cache=True)
def choose_play_cb(code, seat, hand, legal, state, trick, tt, params, opts):
    """The built-in play policy (the heuristic; random is the engine's)."""
    return heuristic_play_nb(hand, legal, state, trick, tt)


@njit(cache=True, inline="always")
def trick_bella_nb(trick, before, trump, announce):
    """The seat (a bit) that scores bella (:func:`~simkit.games.klaberjass.scoring.bella_nb`)
    with the cards ``trick``, ``before`` = the cards played before it, ``announce`` =
    ``state[S_ANNOUNCE]``; 0 for none. The one seat that announced held the trump king and
    queen then and holds each until it plays it: a king or queen in the trick is its card,
    and those not played before the trick were in its hand."""
    ann = announce & 3
    king = np.int64(1) << (4 * RANK_K + trump)
    queen = np.int64(1) << (4 * RANK_Q + trump)
    if ann == 0 or trick & (king | queen) == 0:
        return 0
    card = 4 * RANK_Q + trump if trick & queen else 4 * RANK_K + trump
    return ann if bella_nb((king | queen) & ~before, card, trump, announce >> ANNOUNCE_RULE) else 0


@njit(cache=True)
def after_trick_nb(hands, state, opts, pst, err):
    """The engine's ``after_trick`` hook: each trick's cards to the winner (``S_TAKEN``;
    their points are counted after the deal, :func:`count_points_nb`), and bella
    (:func:`trick_bella_nb`) to a seat that announced it. Called on every trick, so kept to
    loads and unconditional stores of ``state``, which lets numba drop the reference
    counting of ``state`` (two atomic operations a call, seen in the LLVM code of the
    earlier hook, whose stores followed branches and table lookups). The chunk's deals call
    it directly (the engine :func:`~simkit.core.trick_play.play_tricks_inline_nb` of
    :func:`unit_nb`'s deals)."""
    before = state[S_TAKEN] | state[S_TAKEN + 1]
    trick = state[S_PLAYED] & ~before
    state[S_TAKEN + state[S_LEADER]] |= trick
    state[S_BELLA] |= trick_bella_nb(trick, before, state[S_TRUMP], state[S_ANNOUNCE])
    return True


@cfunc(AFTER_SIG, cache=True)
def after_trick_cb(hands, state, opts, pst, err):
    """:func:`after_trick_nb` as the engine's ``cfunc`` hook (``after_fn``), for the cold
    calls of the engine: the simulation's play-outs, the delayed dix's first trick,
    :func:`one_deal_nb`."""
    return after_trick_nb(hands, state, opts, pst, err)


@njit(cache=True, inline="always")
def count_points_nb(state):
    """After the last trick: each seat's card points (000:365-377) from the cards it won,
    and the stich's 10 to the last trick's winner (000:361 «выигрыш последней взятки,
    называемой «стишь», приносит 10 очков»)."""
    trump = state[S_TRUMP]
    state[S_PTS] = card_points_nb(state[S_TAKEN], trump)
    state[S_PTS + 1] = card_points_nb(state[S_TAKEN + 1], trump)
    state[S_PTS + state[S_LEADER]] += STICH


# -- asking the policies ------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def declare_nb(seat, hand, state, codes, seats, decl_fn, pst, err):
    """A yes/no declaration of ``seat`` (phase ``state[S_PHASE]``): 1, 0, or -1 when the
    policy answered something else (``err`` filled). ``codes`` is ``seats.code``, read
    once by the caller: each read of a field of ``seats`` costs its reference counting."""
    state[S_SEAT] = seat
    code = codes[R_DECLARE, seat]
    if code == DECL_ALWAYS:
        return 1
    if code == DECL_RANDOM:
        return randbelow_nb(pst, 2)
    d = decl_fn(hand, state, seats.params[R_DECLARE, seat])
    if d != 0 and d != 1:
        bad_move_nb(err, ERR_DECLARE, state, seat, d, hand)
        return -1
    return d


@njit(cache=True, inline="always")
def exchange_dix_nb(seat, hands, state, codes, seats, decl_fn, pst, err):
    """The dix (000:349): ``seat`` holds the trump 7 and may exchange it for the turned
    card. Returns False on an illegal answer."""
    state[S_PHASE] = PHASE_DIX
    d = declare_nb(seat, hands[seat], state, codes, seats, decl_fn, pst, err)
    if d < 0:
        return False
    if d == 1:
        dix = np.int64(1) << (4 * RANK_7 + state[S_TRUMP])
        hands[seat] = (hands[seat] & ~dix) | (np.int64(1) << state[S_TURNUP])
        state[S_DIX] = seat
    return True


@njit(cache=True, inline="always")
def ask_bella_nb(hands, state, codes, seats, decl_fn, pst, err):
    """A seat holding the trump king and queen is asked whether it announces bella (000:359
    «может заявить: «Белла!»... Объявление необязательно»). Returns False on an illegal answer."""
    trump = state[S_TRUMP]
    for s in range(2):
        if (marriage_suits_nb(hands[s]) >> trump) & 1 and not (state[S_ANNOUNCE] >> s) & 1:
            state[S_PHASE] = PHASE_BELLA
            d = declare_nb(s, hands[s], state, codes, seats, decl_fn, pst, err)
            if d < 0:
                return False
            state[S_ANNOUNCE] |= d << s
    return True


# -- the deal after the auction --------------------------------------------------------------------
@njit(cache=True)
def first_trick_delayed_nb(ctx, fns, audit):
    """The first trick played before the dealer's dix exchange, which he delayed (000:349
    «Сдатчик может отложить обмен до окончания розыгрыша первой взятки»), then the
    exchange and the bella question the card taken may raise, on the deal of ``ctx``
    (``ctx.hands``, ``ctx.state``) with the hooks ``fns`` (the engine's ``cfunc`` hook
    ``fns[1]``). Returns False on an illegal move (``ctx.err`` filled)."""
    hands, state, seats, pst, err = ctx.hands, ctx.state, ctx.seats, ctx.pst, ctx.err
    decl_fn = fns[4]
    dealer = state[S_DEALER]
    codes = seats.code
    state[S_TRICKS] = 1
    if not play_tricks_nb(fns[0], fns[1], BETWEEN, hands, state, ctx.tables, ctx.opts, seats, fns[2], pst, audit,
                          ctx.audit_out, err):
        return False
    if (hands[dealer] >> (4 * RANK_7 + state[S_TRUMP])) & 1:
        if not exchange_dix_nb(dealer, hands, state, codes, seats, decl_fn, pst, err):
            return False
        if not ask_bella_nb(hands, state, codes, seats, decl_fn, pst, err):
            return False
        state[S_PHASE] = PHASE_PLAY
    state[S_TRICKS] = HAND
    return True


# inlined (as are the dix and bella questions): a call passing a dozen arrays costs their reference counting on
# every deal; the rarely taken delayed dix stays a call, which keeps the kernels' compile short
@njit(cache=True, inline="always")
def finish_deal_nb(engine, after_fn, ctx, fns, audit):
    """From the second deal on: the dix, sequences, bella, the nine tricks and the deal's
    scores (into ``ctx.pts``; ``ctx.tmp`` an int64[2] to work in), on the deal of ``ctx``
    (``ctx.hands``, ``ctx.state``). The tricks are played by ``engine`` with the hook
    ``after_fn``: :func:`~simkit.core.trick_play.play_tricks_nb` and the ``cfunc``
    ``fns[1]``, or in the chunk's deals
    :func:`~simkit.core.trick_play.play_tricks_inline_nb` and :func:`after_trick_nb` (the
    engine's loop compiled in, the hook a direct call: the ``cfunc``, called through a
    pointer with five array structs, was 15-25 % of a random deal in its nine calls);
    global functions passed down, so each inlined call site compiles only the ones it
    names. Returns False on an illegal move (``ctx.err`` filled)."""
    hands, state, tables, opts, seats, pst = ctx.hands, ctx.state, ctx.tables, ctx.opts, ctx.seats, ctx.pst
    err, audit_out, scores, tmp = ctx.err, ctx.audit_out, ctx.pts, ctx.tmp
    decl_fn = fns[4]
    codes = seats.code
    trump = state[S_TRUMP]
    dealer = state[S_DEALER]
    nd = 1 - dealer
    dix = 4 * RANK_7 + trump
    delayed = False
    if trump == (state[S_TURNUP] & 3):
        for i in range(2):
            seat = nd if i == 0 else dealer
            if (hands[seat] >> dix) & 1:
                if seat == dealer and opts[O.dealer_delays_dix] != 0:
                    delayed = True      # 000:349 «Сдатчик может отложить обмен до окончания розыгрыша первой взятки»
                elif not exchange_dix_nb(seat, hands, state, codes, seats, decl_fn, pst, err):
                    return False
    # sequences: only the best declared one scores, with all its holder's (000:353-355)
    state[S_PHASE] = PHASE_SEQ
    k0 = 0
    k1 = 0
    for s in range(2):
        if sequences_nb(hands[s], trump, tmp) > 0:
            d = declare_nb(s, hands[s], state, codes, seats, decl_fn, pst, err)
            if d < 0:
                return False
            if d == 1:
                state[S_SEQ + s] = tmp[0]
                if s == 0:
                    k0 = tmp[1]
                else:
                    k1 = tmp[1]
    w = sequence_scorer_nb(k0, k1, dealer)
    if w >= 0:
        state[S_SEQ + 1 - w] = 0
    if ((marriage_suits_nb(hands[0]) | marriage_suits_nb(hands[1])) >> trump) & 1:   # the call costs; rarely needed
        if not ask_bella_nb(hands, state, codes, seats, decl_fn, pst, err):
            return False
    state[S_TAKEN] = 0
    state[S_TAKEN + 1] = 0
    state[S_PHASE] = PHASE_PLAY
    state[S_SEAT] = nd
    if delayed and not first_trick_delayed_nb(ctx, fns, audit):
        return False
    if not engine(fns[0], after_fn, BETWEEN, hands, state, tables, opts, seats, fns[2], pst, audit, audit_out, err):
        return False
    count_points_nb(state)
    for s in range(2):
        tmp[s] = total_nb(state, s)
    deal_scores_nb(state[S_MAKER], tmp, opts[O.bete], scores)
    if audit:
        audit_out[0] += 1
        played = state[S_PLAYED]
        left = tables[trump, TT_DECK] & ~played
        if (popcount_nb(played) != 2 * HAND or hands[0] | hands[1] != 0 or state[S_WON] + state[S_WON + 1] != HAND
                or state[S_TAKEN] | state[S_TAKEN + 1] != played or state[S_TAKEN] & state[S_TAKEN + 1] != 0
                or popcount_nb(state[S_TAKEN]) != 2 * state[S_WON]
                or state[S_PTS] + state[S_PTS + 1] + points_nb(left, POINTS[trump]) != DEAL_POINTS):
            audit_out[1] += 1
    return True


@njit(cache=True, inline="always")
def total_nb(state, s):
    """Seat ``s``'s total for the deal: card points with the stich, sequences and bella
    (000:379 «подсчитывает очки во взятках, очки за стишь, секансы и беллу»)."""
    return state[S_PTS + s] + state[S_SEQ + s] + BELLA * ((state[S_BELLA] >> s) & 1)


#: tricks are followed by the hook (:func:`after_trick_nb`: card points, bella)
BETWEEN = np.bool_(True)


# -- the simulation bidder ---------------------------------------------------------------------------
@njit(cache=True)
def rollout_seats_nb():
    """Every seat declares everything and plays the heuristic (the simulation's play-outs)."""
    code = np.zeros((3, 2), np.int64)
    code[R_PLAY, :] = PLAY_HEURISTIC
    code[R_DECLARE, :] = DECL_ALWAYS
    code[R_BID, :] = BID_HEURISTIC
    params = np.zeros((3, 2, N_BID_PARAMS), np.float64)
    params[R_PLAY, :, 0] = 10.0
    return SeatPolicies(code, params, np.zeros(2, np.int64))


@njit(cache=True)
def simulated_margin_nb(seat, hand, maker, trump, samples, ctx, fns):
    """The mean of ``seat``'s deal score minus the other's when ``maker`` plays with
    ``trump``, over ``samples`` deals consistent with what ``seat`` has seen (its six cards
    and the turned card of ``ctx.state``): the other six cards, both three-card second
    deals and the bottom card drawn at random from the 25 unseen (from ``ctx.pst``), then
    the dix, sequences, bella and the nine tricks played out with the heuristic for both,
    on a context of the play-out's own (its seats, table state, hands, scores, audit and
    error record; ``ctx``'s options, tables and streams), played in
    :func:`_margin_samples_nb`."""
    state, tables = ctx.state, ctx.tables
    seen = hand | (np.int64(1) << state[S_TURNUP])
    pool = card_pool_nb(tables[trump, TT_DECK] & ~seen)
    sim_ctx = KlaberjassCtx(ctx.deck0, ctx.opts, tables, rollout_seats_nb(), ctx.stats, np.zeros(2, np.int64),
                            np.zeros(N_ERR, np.int64), ctx.deck, ctx.dst, ctx.pst, np.empty_like(state),
                            np.zeros(MAX_SEATS, np.int64), ctx.score, np.zeros(2, np.int64), np.zeros(2, np.int64),
                            ctx.gx)
    return _margin_samples_nb(seat, hand, maker, trump, samples, pool, state, sim_ctx, fns)


@njit(cache=True)
def _margin_samples_nb(seat, hand, maker, trump, samples, pool, state, sim_ctx, fns):
    """The samples of :func:`simulated_margin_nb`, on borrowed views of its arrays (the
    caller holds them): the play-out reads a dozen of ``sim_ctx``'s arrays per sample,
    each read otherwise counted (:mod:`simkit.core.borrow`)."""
    pool, state, sim_ctx = borrowed((pool, state, sim_ctx))
    tables, pst, sim, sim_hands, scores = sim_ctx.tables, sim_ctx.pst, sim_ctx.state, sim_ctx.hands, sim_ctx.pts
    n = pool.shape[0]
    other = 1 - seat
    total = 0
    for _ in range(samples):
        for i in range(13):
            j = i + randbelow_nb(pst, n - i)
            c = pool[j]
            pool[j] = pool[i]
            pool[i] = c
        sim_hands[seat] = hand
        sim_hands[other] = 0
        for i in range(3):
            sim_hands[seat] |= np.int64(1) << pool[6 + i]
        for i in range(6):
            sim_hands[other] |= np.int64(1) << pool[i]
        for i in range(3):
            sim_hands[other] |= np.int64(1) << pool[9 + i]
        for i in range(S_SIZE):
            sim[i] = state[i]
        set_contract_nb(sim, tables, maker, trump, K_TAKE)
        finish_deal_nb(play_tricks_nb, fns[1], sim_ctx, fns, np.bool_(False))
        total += scores[seat] - scores[other]
    return total / samples


@njit(cache=True)
def simulation_call_nb(seat, hand, p, ctx, fns):
    """The simulation bidder's call (:func:`call_from_values_nb`) from its expected margin
    (:func:`simulated_margin_nb`, ``samples`` deals) as maker with the turned suit, in
    round 2 with each other suit, and, answering a schmeiss, with the caller as maker."""
    state = ctx.state
    samples = max(1, np.int64(p[P_SAMPLES]))
    phase = state[S_PHASE]
    turned = state[S_TURNUP] & 3
    maker = 1 - seat if phase == PHASE_ANSWER else seat
    values = np.full(4, -np.inf)
    for s in range(4):
        if (phase == PHASE_ROUND2) == (s != turned):
            values[s] = simulated_margin_nb(seat, hand, maker, s, samples, ctx, fns)
    return call_from_values_nb(phase, turned, values, p)


# -- the auction ----------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def set_contract_nb(state, tables, maker, trump, kind):
    """The maker, the trump suit (its trick table) and how the contract came."""
    state[S_MAKER] = maker
    state[S_CONTRACT] = kind
    state[S_TABLE] = trump
    state[S_TRUMP] = tables[trump, TT_TRUMP]


@njit(cache=True, inline="always")
def random_call_nb(phase, turned, pst):
    """A uniformly random call among those the phase allows."""
    if phase == PHASE_ROUND1:
        return randbelow_nb(pst, 3)
    if phase == PHASE_ROUND2:
        r = randbelow_nb(pst, 4)
        if r == 0:
            return PASS
        return r if r - 1 < turned else r + 1
    return randbelow_nb(pst, 2)


@njit(cache=True, inline="always")     # a call passing the context would cost more than the heuristic's call
def call_nb(seat, ctx, fns):
    """``seat``'s call in the phase ``ctx.state[S_PHASE]`` from its bid policy (random calls
    are drawn in :func:`auction_nb`)."""
    seats, hand, state = ctx.seats, ctx.hands[seat], ctx.state
    code = seats.code[R_BID, seat]
    p = seats.params[R_BID, seat]
    if code == BID_HEURISTIC:
        return heuristic_call_nb(hand, state, p)
    if code == BID_SIMULATION:
        return simulation_call_nb(seat, hand, p, ctx, fns)
    return fns[3](hand, state, p)


@njit(cache=True, inline="always")
def auction_nb(ctx, fns):
    """The two rounds (000:339-345) on the deal of ``ctx``. Round 1, the non-dealer first:
    pass, take (the turned suit is trump, the taker the maker) or schmeiss (the other
    accepts: the deal is thrown in; refuses: the caller is the maker with the turned
    suit). Both pass: round 2, the non-dealer first, names another suit or passes; both
    pass again: thrown in. Returns 1 with a contract, 0 thrown in, -1 on an illegal call
    (``ctx.err`` filled)."""
    hands, state, tables, pst, err = ctx.hands, ctx.state, ctx.tables, ctx.pst, ctx.err
    dealer = state[S_DEALER]
    turned = (state[S_TURNUP] & 3)
    codes = ctx.seats.code      # read once: each read of a field of seats costs its reference counting
    for rnd in range(1, 3):
        for i in range(2):
            seat = 1 - dealer if i == 0 else dealer
            state[S_PHASE] = PHASE_ROUND1 if rnd == 1 else PHASE_ROUND2
            state[S_SEAT] = seat
            if codes[R_BID, seat] == BID_RANDOM:
                c = random_call_nb(state[S_PHASE], turned, pst)
            else:
                c = call_nb(seat, ctx, fns)
            if rnd == 1 and (c < PASS or c > SCHMEISS) or rnd == 2 and c != PASS and not second_round_legal_nb(
                    c - 1, turned):
                bad_move_nb(err, ERR_BID, state, seat, c, hands[seat])
                return -1
            state[S_BID + seat] = c
            if c == PASS:
                continue
            if rnd == 2:
                set_contract_nb(state, tables, seat, c - 1, K_NAMED)
                return 1
            if c == TAKE:
                set_contract_nb(state, tables, seat, turned, K_TAKE)
                return 1
            state[S_CALLER] = seat
            state[S_PHASE] = PHASE_ANSWER
            state[S_SEAT] = 1 - seat
            if codes[R_BID, 1 - seat] == BID_RANDOM:
                a = random_call_nb(PHASE_ANSWER, turned, pst)
            else:
                a = call_nb(1 - seat, ctx, fns)
            if a != 0 and a != 1:
                bad_move_nb(err, ERR_BID, state, 1 - seat, a, hands[1 - seat])
                return -1
            if a == 1:
                state[S_CONTRACT] = THROWN_SCHMEISS
                return 0
            set_contract_nb(state, tables, seat, turned, K_SCHMEISS)
            return 1
    state[S_CONTRACT] = THROWN_PASSED
    return 0


@njit(cache=True, inline="always")
def deal_nb(engine, after_fn, ctx, fns, order, deal_no, dealer, audit):
    """One deal from the card order ``order`` (see the module doc) on ``ctx.state`` and
    ``ctx.hands``: deal six each in threes and turn the next card, the auction, three
    more each and the bottom card shown, then :func:`finish_deal_nb` (the tricks played by
    ``engine`` with the hook ``after_fn``, the scores into ``ctx.pts``). Returns 1 when
    played, 0 when thrown in, -1 on an illegal move (``ctx.err`` filled)."""
    state, hands, tables, opts, audit_out = ctx.state, ctx.hands, ctx.tables, ctx.opts, ctx.audit_out
    nd = 1 - dealer
    a = 0
    b = 0
    for i in range(3):
        a |= (np.int64(1) << np.int64(order[i])) | (np.int64(1) << np.int64(order[6 + i]))
        b |= (np.int64(1) << np.int64(order[3 + i])) | (np.int64(1) << np.int64(order[9 + i]))
    turnup = np.int64(order[12])
    start_deal_nb(state, tables, turnup & 3, 2, HAND, dealer, nd, turnup, deal_no)
    state[S_FOLLOW] = FOLLOW
    for f in (S_MAKER, S_CONTRACT, S_CALLER, S_DIX):
        state[f] = -1
    for f in (S_PTS, S_PTS + 1, S_SEQ, S_SEQ + 1, S_BELLA):
        state[f] = 0
    state[S_ANNOUNCE] = opts[O.bella] << ANNOUNCE_RULE
    for s in range(MAX_SEATS):
        hands[s] = 0
    hands[nd] = a
    hands[dealer] = b
    r = auction_nb(ctx, fns)
    if r <= 0:
        return r
    for i in range(3):
        hands[nd] |= np.int64(1) << np.int64(order[13 + i])
        hands[dealer] |= np.int64(1) << np.int64(order[16 + i])
    if audit:
        audit_out[0] += 1
        if (popcount_nb(hands[0]) != HAND or popcount_nb(hands[1]) != HAND or hands[0] & hands[1] != 0
                or ((hands[0] | hands[1]) >> turnup) & 1 or ((hands[0] | hands[1]) >> np.int64(order[BOTTOM])) & 1):
            audit_out[1] += 1
    if not finish_deal_nb(engine, after_fn, ctx, fns, audit):
        return -1
    return 1


# -- the chunk kernel ------------------------------------------------------------------------------------
#: the statistics (``stats.<name>``; shapes in :meth:`Klaberjass._new_stats`): ``contracts[maker, dealer?,
#: kind, trump, result]`` counts every contract (position 0 = the maker is the non-dealer, kind K_*, result
#: RESULT_*); ``held[seat, L]`` the played deals whose nine cards dealt to the seat hold a longest run
#: of L (0-8; 0 = none), ``held[seat, 9]`` (a named trump) and ``held[seat, 10]`` (the turned suit trump)
#: those holding the trump king and queen; ``margin[kind, m + MARGIN_OFFSET]`` counts the maker's total minus the opponent's, m; ``points[seat,
#: score]`` and ``tricks[seat, n]`` the played deals' scores and tricks; ``dealer_diff[d + MAX_DEAL_SCORE]``
#: counts the dealer's score minus the non-dealer's, d; ``counters`` = [deals dealt, played, schmeiss called,
#: schmeiss accepted, thrown in (all passed), bella scored, sequences scored, dix exchanged, games, games
#: stopped at max_deals]. Games: ``game_win[seat]`` (2 a win, 1 a draw), ``game_score[seat]``,
#: ``game_len[0]`` (deals dealt), ``group_mom[g]`` the policy group's summed win shares per game.
KlaberjassStats, STATS_TYPE = bundle("KlaberjassStats", {
    "contracts": 5, "held": 2, "margin": 2, "points": 2, "tricks": 2, "dealer_diff": 1, "counters": 1, "game_win": 2,
    "game_score": 2, "game_len": 2, "group_mom": 2})
_I1 = types.int64[::1]


@njit(cache=True)
def longest_run_nb(hand):
    """The longest run of one suit in ``hand`` in sequence order (000:351), 0 for none: the
    codes (rank * 4 + suit) of a suit's consecutive ranks are 4 apart, so each ``x &= x >> 4``
    shortens every run by one."""
    n = 0
    x = hand
    while x:
        x &= x >> 4
        n += 1
    return n


#: the kernel context (:func:`~simkit.core.trick_game.context`): the engine's fields and ``score`` (the game's
#: running totals per seat), ``pts`` (a deal's scores per seat), ``tmp`` (int64[2] to work in), ``gx`` (per
#: policy group)
KlaberjassCtx = context("KlaberjassCtx", ("score", "pts", "tmp", "gx"))


@njit(cache=True, inline="always")
def unit_nb(ctx, fns, unit, audit):
    """One unit (the engine's unit hook, :func:`~simkit.core.trick_game.unit_loop`): a game
    to the target (000:381 «Партию выигрывает тот, кто первым набирает 500»; both past it
    in one deal: the higher total, GAMES.md G10 ambiguity 4), or with ``unit=deal`` one
    played deal. A deal thrown in is dealt again by the next dealer (000:343 «новую сдачу
    проводит следующий сдатчик»). The deals play their tricks with
    :func:`~simkit.core.trick_play.play_tricks_inline_nb` and call the hook
    :func:`after_trick_nb` directly. False on an illegal move."""
    opts, stats, state, deck, audit_out = ctx.opts, ctx.stats, ctx.state, ctx.deck, ctx.audit_out
    score, pts, gx = ctx.score, ctx.pts, ctx.gx
    single = opts[O.unit] == UNIT.deal
    max_deals = opts[O.max_deals]
    target = opts[O.target]
    counters, held, points, tricks, contracts = stats.counters, stats.held, stats.points, stats.tricks, stats.contracts
    margins, dealer_diff = stats.margin, stats.dealer_diff
    n_groups = stats.group_mom.shape[0]
    score[0] = 0
    score[1] = 0
    winner = -1
    deals = 0
    for d in range(max_deals):
        poll_interrupt_nb()
        dealer = (opts[O.first_dealer] + d) & 1
        shuffle_top_nb(deck, BOTTOM + 1, ctx.dst)     # the rest of the stock is never seen
        state[S_SCORE] = score[0]
        state[S_SCORE + 1] = score[1]
        state[S_TARGET] = target
        r = deal_nb(play_tricks_inline_nb, after_trick_nb, ctx, fns, deck, d + 1, dealer, audit)
        if r < 0:
            return False
        deals += 1
        counters[0] += 1
        if state[S_CALLER] >= 0:
            counters[2] += 1
        if r == 0:
            counters[3 if state[S_CONTRACT] == THROWN_SCHMEISS else 4] += 1
            continue
        # the statistics, written out here: a call taking the arrays costs their reference counting
        for s in range(2):
            first = 0 if s != dealer else 3
            hand = np.int64(0)
            for i in range(3):
                hand |= np.int64(1) << np.int64(deck[first + i])
                hand |= np.int64(1) << np.int64(deck[first + 6 + i])
                hand |= np.int64(1) << np.int64(deck[13 + i + (3 if s == dealer else 0)])
            held[s, longest_run_nb(hand)] += 1
            held[s, 9 if state[S_CONTRACT] == K_NAMED else 10] += (marriage_suits_nb(hand) >> state[S_TRUMP]) & 1
            points[s, pts[s]] += 1
            tricks[s, state[S_WON + s]] += 1
            counters[5] += (state[S_BELLA] >> s) & 1
            if state[S_SEQ + s]:
                counters[6] += 1
        maker = state[S_MAKER]
        margin = total_nb(state, maker) - total_nb(state, 1 - maker)
        result = RESULT_MADE if margin > 0 else (RESULT_EQUAL if margin == 0 else RESULT_FAILED)
        kind = state[S_CONTRACT]
        contracts[maker, 1 if maker == dealer else 0, kind, state[S_TRUMP], result] += 1
        margins[kind, margin + MARGIN_OFFSET] += 1
        dealer_diff[pts[dealer] - pts[1 - dealer] + MAX_DEAL_SCORE] += 1
        counters[1] += 1
        if state[S_DIX] >= 0:
            counters[7] += 1
        if single:
            break
        score[0] += pts[0]
        score[1] += pts[1]
        winner = target_winner_nb(score, 2, target)
        if winner >= 0:
            break
    if single:
        return True
    counters[8] += 1
    if winner < 0:
        counters[9] += 1
        if score[0] != score[1]:
            winner = 0 if score[0] > score[1] else 1
    for g in range(n_groups):
        gx[g] = 0
    for s in range(2):
        share = 1 if winner < 0 else (2 if winner == s else 0)
        moment_add_nb(stats.game_win, s, share)
        moment_add_nb(stats.game_score, s, score[s])
        gx[ctx.seats.group[s]] += share
    moment_add_nb(stats.game_len, 0, deals)
    for g in range(n_groups):
        moment_add_nb(stats.group_mom, g, gx[g])
    if audit:
        audit_out[0] += 1
        if deals < max_deals and (winner < 0 or score[winner] < target or score[winner] <= score[1 - winner]):
            audit_out[1] += 1
    return True


run_units_nb = unit_loop(unit_nb)


@njit(chunk_signature(STATS_TYPE, PLAY_FN, BID_FN, BID_FN), cache=True)
def klaberjass_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    """Play units ``start..stop-1`` into ``stats`` (:data:`KlaberjassStats`) with the unit
    hook :func:`unit_nb` (``inp.opts``: the layout :data:`O`; ``fns`` = ``(choose, after,
    play, bid, declare)``)."""
    ctx = KlaberjassCtx(*(trick_core_nb(inp, stats) + (np.zeros(2, np.int64), np.zeros(2, np.int64),
                                                       np.zeros(2, np.int64),
                                                       np.zeros(stats.group_mom.shape[0], np.int64))))
    run_units_nb(seed, start, stop, ctx, fns, audit)


@njit(types.int64(types.uint8[::1], INPUTS_TYPE, fns_type(PLAY_FN, BID_FN, BID_FN), types.int64, types.int64, _I1,
                  _I1), cache=True)
def one_deal_nb(order, inp, fns, dealer, seed, state, scores):
    """One deal dealt from the fixed 32-card order ``order`` (tests, notebooks), policy
    randomness from unit 0's policy stream of ``seed``, with the audit on (into
    ``inp.audit_out``); ``state`` keeps the game totals set in it by the caller and
    receives the deal, ``scores`` its scores. Returns :func:`deal_nb`'s code (``inp.err``
    filled on -1); ``audit`` failures return -2."""
    ctx = KlaberjassCtx(*(deal_core_nb(inp, order, seed, state) + (np.zeros(2, np.int64), scores,
                                                                   np.zeros(2, np.int64), np.zeros(1, np.int64))))
    r = deal_nb(play_tricks_nb, fns[1], ctx, fns, order, 1, dealer, np.bool_(True))
    return -2 if inp.audit_out[1] else r
