"""Thousand's deal after the auction, on the trick engine: the widow and the cards given,
the marriages that set and change trump, the play and the points taken (002:86-89,
002:98-100). Numba kernels.

**Marriages change trump at the lead.** A marriage is declared by leading its king or
queen, and its suit is trump «с этого момента» (002:88), for the very trick it is led
to. The engine takes a new trick table between tricks only, so the game decides the
declaration *before* the lead, in the ``after_trick`` hook (:func:`after_trick_nb`, a
direct call that gets the context in the place of the options: :mod:`simkit.core.trick_play`,
the hooks' context), which also credits the trick's points to its winner: when the
winner, who leads next, holds a marriage and plays at random, the hook draws his
declaration itself; any other policy (the heuristic, a user function) needs arguments
the hook does not get, so the hook stops the engine's loop (it returns False with no
error: a pause, not a failure) and :func:`play_out_nb` asks the policy, as it does for
the deal's first lead. A declared suit becomes the table and the trump
(:func:`declared_nb`), and the leader plays that trick holding only the marriage's king
and queen (the rest of his hand is held back in the hooks' scratch record,
``ctx.scratch[H.held]`` and ``[H.holder]`` (:data:`.layout.H`), and given back by the
hook after the trick), so his lead is one of the two. Then the loop goes on.

Random play never pauses: a pause costs a return from and a new call of the engine's
loop, each passing a dozen reference-counted arrays (measured by ablation: the pauses
took about a tenth of a random deal's time, the widow's nested helper calls half as
much again, which a random declarer's widow, :func:`_random_widow_nb`, does not make).
"""
import numpy as np
from numba import njit

from simkit.core.ace_ten import marriage_suits_nb, points_nb
from simkit.core.cards import RANK_K, RANK_Q
from simkit.core.rng import randbelow_nb
from simkit.core.trick_play import (E_DEAL, E_HAND, E_KIND, E_LEGAL, E_MOVE, E_PHASE, E_SEAT, E_TRICK, PLAY_RANDOM,
                                    PLAY_USER, R_PLAY, play_tricks_inline_nb)
from simkit.core.tricks import (F_SUIT, NO_TRUMP, S_DEAL_NO, S_FOLLOW, S_LEADER, S_PLAYED, S_SEAT, S_TABLE,
                                S_TRICK_NO, S_TRICKS, S_TRUMP, lowest_card_nb, nth_card_nb, popcount_nb, random_card_nb)
from simkit.games.thousand.heuristic import declare_suit_nb, pick_card_nb
from simkit.games.thousand.layout import (ERR_CARD, H, O, VERSION, P_TRUMP_WEIGHT, PHASE_DECLARE, PHASE_GIVE,
                                          PHASE_KEEP, PHASE_PLAY, R_GIVEN, R_MSEQ, R_MTRICK, S_CONTRACT, S_COUNTED,
                                          S_DECLARER, S_GIVEN, S_MARRIED, S_PHASE, S_POINTS, S_TO)
from simkit.games.thousand.scoring import HAND, MARRIAGE_VALUES, POINTS

#: the king and queen of each suit (bitmasks, by suit code)
MARRIAGE_BITS = np.array([(1 << (4 * RANK_K + s)) | (1 << (4 * RANK_Q + s)) for s in range(4)], np.int64)
TRICKS = HAND + 1     # eight cards each once the widow is shared out
#: the engine calls after_trick between tricks
BETWEEN = np.bool_(True)


@njit(cache=True, inline="always")
def random_declare_nb(suits, pst):
    """A random leader's declaration: one of the marriages ``suits`` (4-bit mask) or none
    (-1), uniformly."""
    n = popcount_nb(suits)
    r = randbelow_nb(pst, n + 1)
    return -1 if r == n else nth_card_nb(suits, r)


@njit(cache=True, inline="always")
def declared_nb(hands, state, opts, scratch, seat, s):
    """Seat ``seat`` declares suit ``s``'s marriage as he leads: it scores its value to him
    at once (002:89) and is trump from this trick (002:88 «с этого момента»: the table,
    with the follow flags of play under a trump); it is recorded (``scratch[H.mseq]``,
    ``[H.mtrick]``); the rest of his hand is held back for the trick (``scratch[H.held]``,
    ``[H.holder]``), so he leads its king or queen."""
    state[S_TABLE] = s
    state[S_TRUMP] = s
    state[S_FOLLOW] = opts[O.follow]
    state[S_MARRIED] |= np.int64(1) << (seat * 4 + s)
    state[S_POINTS + seat] += MARRIAGE_VALUES[s]
    scratch[H.mseq] = scratch[H.mseq] * 16 + seat * 4 + s + 1
    scratch[H.mtrick] = scratch[H.mtrick] * 16 + state[S_TRICK_NO]
    scratch[H.held] = hands[seat] & ~MARRIAGE_BITS[s]
    scratch[H.holder] = seat
    hands[seat] &= MARRIAGE_BITS[s]


@njit(cache=True, inline="always")
def trick_closed_nb(hands, state, scratch):
    """A trick just closed: the cards held back for a declared marriage's trick go back to
    their holder, the trick's card points to its winner ``state[S_LEADER]``."""
    h = scratch[H.holder]
    if h >= 0:
        hands[h] |= scratch[H.held]
        scratch[H.holder] = -1
    new = state[S_PLAYED] & ~state[S_COUNTED]
    w = state[S_LEADER]
    state[S_POINTS + w] += points_nb(new, POINTS)
    state[S_COUNTED] = state[S_PLAYED]


@njit(cache=True, inline="always")     # compiled into the engine's loop (no borrowing here)
def after_trick_nb(hands, state, ctx, pst, err):
    """The engine's ``after_trick`` hook, with the context in the place of the options
    (:mod:`simkit.core.trick_play`, the hooks' context; the kernels pass it to
    :func:`~simkit.core.trick_play.play_tricks_inline_nb`). Between tricks: the cards held
    back for a declared marriage's trick go back to their holder; the closed trick's card
    points go to its winner (``S_POINTS``); when tricks remain and the winner, who leads
    next, holds a marriage he may declare (002:88 «Следующий игрок, взявший взятку, имеет
    право объявить свой марьяж»): his random declaration (:func:`random_declare_nb`,
    :func:`declared_nb`), or for any other play policy False (a pause, ``err`` untouched:
    :func:`play_out_nb` asks it). Its state between tricks: ``ctx.scratch``."""
    scratch = ctx.scratch
    trick_closed_nb(hands, state, scratch)
    w = state[S_LEADER]
    if state[S_TRICK_NO] >= state[S_TRICKS]:
        return True
    suits = marriage_suits_nb(hands[w])
    if suits == 0:
        return True
    if (scratch[H.drawn] >> w) & 1 == 0:
        return False
    s = random_declare_nb(suits, pst)
    if s >= 0:
        declared_nb(hands, state, ctx.opts, scratch, w, s)
    return True


@njit(cache=True, inline="always")
def after_trick_log_nb(hands, state, ctx, pst, err):
    """:func:`after_trick_nb` for a logged deal (hand-built deals, checked against a
    reference in the tests): it gives the held cards back and credits the trick's points,
    then pauses after every trick but the last, so that :func:`play_out_nb` logs each
    trick (its cards and winner) and asks every declaration itself (a random leader's
    drawn there as the hook would draw it)."""
    trick_closed_nb(hands, state, ctx.scratch)
    return state[S_TRICK_NO] >= state[S_TRICKS]


@njit(cache=True)
def bad_card_nb(err, state, seat, move, hand, legal):
    """Fill ``err`` for an illegal card given, kept or declared (phase ``S_PHASE``)."""
    err[E_KIND] = ERR_CARD
    err[E_SEAT] = seat
    err[E_MOVE] = move
    err[E_HAND] = hand
    err[E_LEGAL] = legal
    err[E_DEAL] = state[S_DEAL_NO]
    err[E_TRICK] = state[S_TRICK_NO]
    err[E_PHASE] = state[S_PHASE]


@njit(cache=True, inline="always")
def card_choice_nb(seat, legal, hand, ctx, fns):
    """The card the seat's play policy (``ctx.act``) gives (``PHASE_GIVE``) or keeps
    (``PHASE_KEEP``) from ``legal``; -1 on an illegal answer (``ctx.err`` filled)."""
    if legal & (legal - 1) == 0:
        return lowest_card_nb(legal)
    state, seats, play_fn, pst, err = ctx.state, ctx.act, fns[2], ctx.pst, ctx.err
    state[S_SEAT] = seat
    code = seats.code[R_PLAY, seat]
    if code == PLAY_RANDOM:
        return random_card_nb(legal, pst)
    if code == PLAY_USER:
        c = play_fn(hand, legal, state, seats.params[R_PLAY, seat])
        if c < 0 or c > 62 or (legal >> c) & 1 == 0:
            bad_card_nb(err, state, seat, c, hand, legal)
            return -1
        return c
    return pick_card_nb(legal, hand, state[S_PHASE] == PHASE_KEEP)


@njit(cache=True, inline="always")
def give_nb(decl, to, legal, k, ctx, fns):
    """The declarer gives one card of ``legal`` to active seat ``to`` (face down), his
    ``k``-th (``ctx.rec[R_GIVEN + k]``); False on an illegal card."""
    hands, state, rec = ctx.hands, ctx.state, ctx.rec
    state[S_PHASE] = PHASE_GIVE
    state[S_TO] = to
    c = card_choice_nb(decl, legal, hands[decl], ctx, fns)
    if c < 0:
        return False
    bit = np.int64(1) << c
    hands[decl] &= ~bit
    hands[to] |= bit
    state[S_GIVEN] |= bit
    rec[R_GIVEN + k] = bit
    return True


@njit(cache=True, inline="always")
def _random_widow_nb(decl, hands, widow, state, opts, pst, rec):
    """:func:`widow_nb` for a declarer who plays at random, without the policy helpers'
    calls (the baseline's speed): the same cards drawn in the same order as
    :func:`card_choice_nb` draws them (no draw for a single card)."""
    v2 = opts[O.version] == VERSION.v_1000_2
    pool = widow
    if v2:
        keep = np.int64(1) << random_card_nb(widow, pst)
        hands[decl] |= keep
        pool &= ~keep
    else:
        hands[decl] |= widow
    for k in range(2):
        legal = pool if v2 else hands[decl]
        bit = legal if legal & (legal - 1) == 0 else np.int64(1) << random_card_nb(legal, pst)
        to = decl + 1 + k
        if to >= 3:
            to -= 3
        hands[decl] &= ~bit
        hands[to] |= bit
        state[S_GIVEN] |= bit
        state[S_TO] = to
        rec[R_GIVEN + k] = bit
        pool &= ~bit
    return True


@njit(cache=True, inline="always")
def widow_nb(decl, widow, ctx, fns):
    """The widow ``widow`` to the declarer ``decl`` of the deal in ``ctx`` (his policy
    ``ctx.act``, the cards given into ``ctx.rec``). 1001: the declarer takes its three
    cards and gives one card of his ten face down to each opponent (002:86 «забирает
    прикуп ... и втемную отдает по одной карте каждому противнику»). 1000 (2): he keeps
    one widow card and gives one to each opponent (002:98 «из карт прикупа одну игрок
    берет себе и по одной отдает своим противникам»). Eight cards each after it; False on
    an illegal card."""
    hands, state, opts, rec = ctx.hands, ctx.state, ctx.opts, ctx.rec
    state[S_GIVEN] = 0
    if ctx.act.code[R_PLAY, decl] == PLAY_RANDOM:
        return _random_widow_nb(decl, hands, widow, state, opts, ctx.pst, rec)
    if opts[O.version] != VERSION.v_1000_2:
        hands[decl] |= widow
        for k in range(2):
            to = (decl + 1 + k) % 3
            if not give_nb(decl, to, hands[decl], k, ctx, fns):
                return False
        return True
    state[S_PHASE] = PHASE_KEEP
    keep = card_choice_nb(decl, widow, hands[decl], ctx, fns)
    if keep < 0:
        return False
    hands[decl] |= np.int64(1) << keep
    rest = widow & ~(np.int64(1) << keep)
    for k in range(2):
        if not give_nb(decl, (decl + 1 + k) % 3, rest, k, ctx, fns):
            return False
        rest &= ~rec[R_GIVEN + k]
    return True


@njit(cache=True)
def declare_nb(seat, hand, suits, state, seats, play_fn, pst, err):
    """The marriage the leader declares among ``suits`` (4-bit mask), -1 for none, -2 on
    an illegal answer: the heuristic declares the best (:func:`declare_suit_nb`), random
    picks one of the suits or none uniformly; a user function returns the king or queen
    to lead (of ``legal``: the kings and queens of those suits) or -1."""
    code = seats.code[R_PLAY, seat]
    if code == PLAY_RANDOM:
        return random_declare_nb(suits, pst)
    if code != PLAY_USER:
        return declare_suit_nb(hand, suits, seats.params[R_PLAY, seat, P_TRUMP_WEIGHT])
    legal = 0
    for s in range(4):
        if (suits >> s) & 1:
            legal |= MARRIAGE_BITS[s]
    state[S_PHASE] = PHASE_DECLARE
    state[S_SEAT] = seat
    c = play_fn(hand, legal, state, seats.params[R_PLAY, seat])
    if c == -1:
        return -1
    if c < 0 or c > 62 or (legal >> c) & 1 == 0:
        bad_card_nb(err, state, seat, c, hand, legal)
        return -2
    return c & 3


@njit(cache=True)
def start_play_nb(state, opts, decl, contract):
    """Ready ``state`` for the play: the declarer leads (002:88), no trump yet (the
    no-trump table, where following suit is the whole rule) but heading in 1000 (2)
    (002:100), nothing taken."""
    state[S_DECLARER] = decl
    state[S_CONTRACT] = contract
    state[S_LEADER] = decl
    state[S_SEAT] = decl
    state[S_TABLE] = NO_TRUMP
    state[S_TRUMP] = -1
    state[S_FOLLOW] = opts[O.follow] if opts[O.version] == VERSION.v_1000_2 else F_SUIT
    state[S_TRICKS] = TRICKS
    state[S_MARRIED] = 0
    state[S_COUNTED] = 0
    for i in range(3):
        state[S_POINTS + i] = 0


@njit(cache=True, inline="always")
def play_out_nb(choose_fn, after_fn, ctx, fns, audit):
    """Play the eight tricks of the deal in ``ctx`` (its active seats' policies
    ``ctx.act``) from the declarer's lead (002:88 «Первый ход ... принадлежит игроку,
    взявшему прикуп, следующий — взявшему взятку»): follow suit, else
    trump once there is one (and head the trick in 1000 (2): ``S_FOLLOW``); before each
    lead by a holder of a marriage, his declaration (module doc). A declared marriage
    scores its value to the declarer of it at once (002:89) and its suit is trump; on
    the deal's first lead only where ``first_lead_marriage`` (1001's example, 002:88; not
    in 1000 (2), 002:100 «Объявлять марьяж можно только после взятия взятки»). False on
    an illegal move.

    :func:`~simkit.core.trick_play.play_tricks_inline_nb` plays the tricks (the loop
    compiled into the deal) with the hooks ``choose_fn`` (:func:`.simulation.choose_nb`)
    and ``after_fn`` (:func:`after_trick_nb`), direct calls that get ``ctx`` in the place
    of the options. A logged deal (``ctx.log`` not empty, its hook
    :func:`after_trick_log_nb` pausing after every trick) logs each trick's cards and
    winner there."""
    hands, state, tables, opts, seats, pst, err = ctx.hands, ctx.state, ctx.tables, ctx.opts, ctx.act, ctx.pst, ctx.err
    audit_out, rec, log, scratch = ctx.audit_out, ctx.rec, ctx.log, ctx.scratch
    play_fn = fns[2]
    scratch[H.holder] = -1
    scratch[H.mseq] = 0
    scratch[H.mtrick] = 0
    first_lead = opts[O.first_lead_marriage] != 0 and opts[O.version] != VERSION.v_1000_2
    drawn = 0
    for i in range(3):
        if seats.code[R_PLAY, i] == PLAY_RANDOM:
            drawn |= 1 << i
    scratch[H.drawn] = drawn
    while state[S_TRICK_NO] < TRICKS:
        leader = state[S_LEADER]
        suits = marriage_suits_nb(hands[leader])
        if suits and (state[S_TRICK_NO] > 0 or first_lead):
            if (drawn >> leader) & 1:
                s = random_declare_nb(suits, pst)
            else:
                s = declare_nb(leader, hands[leader], suits, state, seats, play_fn, pst, err)
            if s == -2:
                return False
            if s >= 0:
                declared_nb(hands, state, opts, scratch, leader, s)
        state[S_PHASE] = PHASE_PLAY
        played = state[S_PLAYED]
        trick_no = state[S_TRICK_NO]
        ok = play_tricks_inline_nb(choose_fn, after_fn, BETWEEN, hands, state, tables, ctx, seats, play_fn, pst, audit,
                                   audit_out, err)
        if log.shape[0] > 0 and state[S_TRICK_NO] == trick_no + 1:
            log[2 * trick_no] = state[S_PLAYED] & ~played
            log[2 * trick_no + 1] = state[S_LEADER]
        if not ok and err[E_KIND] != 0:
            return False
    rec[R_MSEQ] = scratch[H.mseq]
    rec[R_MTRICK] = scratch[H.mtrick]
    return True
