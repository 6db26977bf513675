"""The simulation players' shared loops (:mod:`simkit.core.rollout`) on a toy game: a
trick filled seat by seat (forced cards, the heuristic with the state set for it), and the
best card over sampled play-outs with its tie rule."""
import numpy as np
from numba import njit

from simkit.core import rollout as R
from simkit.core import tricks as T
from simkit.core.cards import parse

STD = T.standard_tables(52)
TT = STD[T.NO_TRUMP]


def m(text):
    return T.mask_of(text)


@njit(cache=True)
def strongest_logged_nb(seat, hand, legal, st, trick, tt, log):
    """The toy heuristic: the strongest legal card; logs what the state said when asked."""
    log[log[0] + 1] = st[T.S_SEAT] * 100 + st[T.S_N_IN_TRICK]
    log[0] += 1
    return T.strongest_nb(legal, tt)


@njit(cache=True)
def fill_nb(hands, st, tt, log):
    R.play_trick_nb(hands, st, st[T.S_TRICK:T.S_TRICK + T.MAX_SEATS], tt, log, R.follow_legal_nb,
                    strongest_logged_nb)


def test_play_trick_fills_the_trick_from_the_seat_to_play():
    st = np.zeros(T.S_SIZE, np.int64)
    T.start_deal_nb(st, STD, T.NO_TRUMP, 3, 3, 0, 1, -1, 1)
    hands = np.zeros(T.MAX_SEATS, np.int64)
    hands[0], hands[1], hands[2] = m("3S 9S 4D"), m("2C 3C"), m("KS 2H")
    st[T.S_TRICK], st[T.S_N_IN_TRICK], st[T.S_PLAYED] = parse("AS")[0], 1, m("AS")   # seat 1 led AS
    log = np.zeros(8, np.int64)
    fill_nb(hands, st, TT, log)
    # seat 2 must follow with KS (no heuristic asked); seat 0 chooses between two spades: the 9
    assert list(st[T.S_TRICK:T.S_TRICK + 3]) == list(parse("AS KS 9S"))
    assert st[T.S_N_IN_TRICK] == 3 and st[T.S_PLAYED] == m("AS KS 9S")
    assert (hands[0], hands[1], hands[2]) == (m("3S 4D"), m("2C 3C"), m("2H"))
    assert log[0] == 1 and log[1] == 0 * 100 + 2      # asked once: seat 0, two cards on the trick


@njit(cache=True)
def own_hand_nb(seat, hand, state, sampled, ctx):
    values, log = ctx
    sampled[seat] = hand
    sampled[1 - seat] = log[0]                          # a different "deal" each sample
    log[0] += 1


@njit(cache=True)
def value_of_card_nb(seat, hands, st, ctx):
    """The card just put on the trick is worth ``values[card]``; checks what the play-out sees."""
    values, log = ctx
    n = st[T.S_N_IN_TRICK]
    c = st[T.S_TRICK + n - 1]
    if hands[seat] >> c & 1 or not st[T.S_PLAYED] >> c & 1 or hands[1 - seat] != log[0] - 1:
        log[1] += 1
    hands[seat] = 0                                     # a play-out consumes its copies
    st[T.S_PLAYED] = -1
    return values[c]


@njit(cache=True)
def best_nb(seat, hand, legal, state, first, samples, values, log):
    return R.best_by_rollouts_nb(seat, hand, legal, state, first, samples, (values, log), own_hand_nb,
                                 value_of_card_nb)


def best(values_by_card, first, samples=3):
    hand = m(" ".join(values_by_card))
    values = np.zeros(64, np.int64)
    for text, v in values_by_card.items():
        values[parse(text)[0]] = v
    st = np.zeros(T.S_SIZE, np.int64)
    T.start_deal_nb(st, STD, T.NO_TRUMP, 2, 4, 0, 0, -1, 1)
    before = st.copy()
    log = np.zeros(2, np.int64)
    card = best_nb(0, hand, hand, st, parse(first)[0], samples, values, log)
    assert log[0] == samples and log[1] == 0 and (st == before).all()
    return card


def test_the_best_card_and_its_tie_rule():
    assert best({"2S": 1, "9H": 5, "KD": 3}, "2S") == parse("9H")[0]
    assert best({"2S": 5, "9H": 5, "KD": 3}, "9H") == parse("9H")[0]       # a tie: the heuristic's card
    assert best({"2S": 5, "9H": 5, "KD": 3}, "KD") == parse("2S")[0]       # else the lowest code
    assert best({"2S": -4, "9H": -4}, "9H", samples=1) == parse("9H")[0]
