"""Two-hand Marriage's scored card heuristic (:func:`simkit.games.marriage.nb.heuristic_marriage_nb`,
the default ``heuristic`` play policy) on hand-built positions, each against the basic stock-game
play it replaced (``basic``, :func:`simkit.games.stock.heuristic_play_nb`, still Sixty-six's);
the chance that a lead holds the trick against enumeration; its declared parameters; and the
simulation player's play-outs on it (``playout=1``)."""
from itertools import combinations

import numpy as np
import pytest

from simkit.errors import SimkitError


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    global G, nb, T, stock, deck_tables
    from simkit.games.marriage import GAME as G
    from simkit.games.marriage import nb
    from simkit.games import stock
    from simkit.core import tricks as T
    from simkit.games.marriage.scoring import tables as deck_tables


def position(mine, played="", led="", stock_left=0, trump=None, declared=0, deck=32):
    """Seat 0 to play holding ``mine``; the cards ``played`` gone in earlier tricks; seat 1
    has led ``led`` to this trick if given, else seat 0 leads; ``stock_left`` cards in the
    stock; trump ``trump`` (a suit letter, None: no marriage declared yet, any card may be
    played). Every other card is unseen (seat 1's hand or the stock). Returns (state, tt,
    hand, legal)."""
    rules = G.Rules.build({"deck": deck})
    tables = deck_tables(rules.deck)
    table = T.NO_TRUMP if trump is None else "SHDC".index(trump)
    state = np.zeros(T.S_SIZE, np.int64)
    hand = T.mask_of(mine)
    T.start_deal_nb(state, tables, table, 2, 5, 1, 1 if led else 0, -1, 1)
    state[T.S_FOLLOW] = nb.follow_flags_nb(-1 if trump is None else table, 0)
    state[nb.S_STOCK] = stock_left
    state[nb.S_DECLARED] = declared
    state[T.S_PLAYED] = T.mask_of(played) if played else 0
    if led:
        state[T.S_TRICK] = T.lowest_card_nb(T.mask_of(led))
        state[T.S_PLAYED] |= T.mask_of(led)
        state[T.S_N_IN_TRICK] = 1
    tt = tables[table]
    legal = T.legal_ref_nb(hand, state[T.S_TRICK:T.S_TRICK + T.MAX_SEATS], state[T.S_N_IN_TRICK], tt,
                           state[T.S_FOLLOW], -1, 0)
    return state, tt, hand, legal


def card(text):
    return T.lowest_card_nb(T.mask_of(text))


def both(state, tt, hand, legal):
    """(the basic play's card, the heuristic's card with its default weights)."""
    trick = state[T.S_TRICK:T.S_TRICK + T.MAX_SEATS]
    old = stock.heuristic_play_nb(hand, legal, state, trick, tt, state[nb.S_STOCK] > 0)
    new = nb.heuristic_marriage_nb(0, hand, legal, state, trick, tt, nb.DEFAULT_WEIGHTS)
    return old, new


def test_keeps_a_half_marriage_rather_than_take_a_low_lead():
    # no trump yet, stock open; seat 1 leads 8C; seat 0 holds QC with KC unseen. The basic play
    # takes the trick with the richest club that beats it, QC; the heuristic keeps the queen
    # (`half`: its king may still come from the stock) and throws a worthless seven
    state, tt, hand, legal = position("7H 7S QC 9D JD", led="8C", stock_left=20)
    old, new = both(state, tt, hand, legal)
    assert old == card("QC")
    assert new in (card("7H"), card("7S"))
    # once KC is gone the queen is a plain card again and takes the trick like the basic play
    state, tt, hand, legal = position("7H 7S QC 9D JD", played="KC AD", led="8C", stock_left=18)
    assert both(state, tt, hand, legal) == (card("QC"), card("QC"))


def test_leads_a_sure_winner_while_there_is_no_trump():
    # no trump, stock open, the first lead: the basic play leads its cheapest card (a seven the
    # opponent takes with any higher heart); the heuristic leads AS, which nothing beats while
    # there is no trump: it holds the trick and the opponent cannot declare a marriage after it
    state, tt, hand, legal = position("7H 9C AS JD 8D", stock_left=22)
    old, new = both(state, tt, hand, legal)
    assert old == card("7H")
    assert new == card("AS")


def test_lead_chance_against_enumeration():
    """:func:`~simkit.games.marriage.nb.lead_win_chance_nb` against enumerating every hand of
    ``k`` cards the opponent may hold: he takes the lead with a higher card of its suit or,
    void in it, with a trump (he follows suit, else trumps, when he can)."""
    rules = G.Rules.build({"deck": 20})
    tables = deck_tables(rules.deck)
    rng = np.random.default_rng(3)
    codes = [int(c) for c in T.cards_of(tables[0, T.TT_DECK])]
    for trial in range(60):
        table = int(rng.integers(0, 5))
        tt = tables[table]
        trumps = int(tt[T.TT_SUIT_BITS + table]) if table < 4 else 0
        perm = rng.permutation(codes)
        lead, unseen_cards = int(perm[0]), [int(c) for c in perm[1:11]]
        known_cards = [int(c) for c in perm[11:11 + trial % 2]]
        k = 3
        unseen = sum(1 << c for c in unseen_cards)
        known = sum(1 << c for c in known_cards)
        wins = total = 0
        for hand in combinations(unseen_cards, k):
            opp = sum(1 << c for c in hand) | known
            higher = int(T.higher_in_suit_nb(lead, tt))
            suit = int(tt[T.TT_SUIT_BITS + tt[T.TT_ESUIT + lead]])
            beaten = opp & higher or (suit & trumps == 0 and opp & suit == 0 and opp & trumps)
            total += 1
            wins += 0 if beaten else 1
        trumps_in_play = trumps if table < 4 else 0
        p = nb.lead_win_chance_nb(lead, unseen, known, k, trumps_in_play, tt)
        assert p == pytest.approx(wins / total), (trial, table)
    # once the stock is empty the unseen cards are the opponent's hand: 0 or 1
    tt = tables[1]
    assert nb.lead_win_chance_nb(card("10S"), T.mask_of("AS QH"), 0, 2, tt[T.TT_SUIT_BITS + 1], tt) == 0.0
    assert nb.lead_win_chance_nb(card("10S"), T.mask_of("JS QH"), 0, 2, tt[T.TT_SUIT_BITS + 1], tt) == 1.0
    assert nb.lead_win_chance_nb(card("10S"), T.mask_of("JD QH"), 0, 2, tt[T.TT_SUIT_BITS + 1], tt) == 0.0


def test_parameters_are_declared_with_ranges():
    pol = G.resolve_policies({"play": "heuristic:half=20,tempo=-5"})
    assert pol["play"].params["half"] == 20 and pol["play"].params["tempo"] == -5
    assert G.resolve_policies(None)["play"].params == {k: v for k, v in nb.HEURISTIC_DEFAULTS.items()}
    with pytest.raises(SimkitError, match=r"half=-1.0 is not allowed; allowed: a finite number in \[0, 100\]"):
        G.resolve_policies({"play": "heuristic:half=-1"})
    with pytest.raises(SimkitError, match=r"end=0.5 is not allowed; allowed: a whole number in \[0, 1\]"):
        G.resolve_policies({"play": "heuristic:end=0.5"})
    with pytest.raises(SimkitError, match=r"playout=2.0 is not allowed; allowed: a whole number in \[0, 1\]"):
        G.resolve_policies({"play": "simulation:playout=2"})


def test_whole_deals_every_policy_audited():
    from simkit.core.cards import deck
    rng = np.random.default_rng(5)
    for n in (32, 20):
        for k in range(3):
            cards = rng.permutation(deck(n))
            for pol in ("heuristic|basic", "simulation:samples=2,playout=1|heuristic", "heuristic:end=0"):
                d = G.play_deal(cards, rules={"deck": n}, policies={"play": pol}, seed=k)
                assert d["audit"]["checks"] > 0 and d["audit"]["violations"] == 0
                assert sum(d["tricks"]) == n // 2


def test_beats_the_basic_play():
    """The default heuristic against the basic play it replaced, both seatings on the same
    deals: it wins more (docs/sixty_six.md: +0.102 ± 0.004 of the deals, 20 000 a seating)."""
    import simkit
    t = simkit.tournament("marriage", [{}, {"play": "basic"}], 1500, seed=3, speed=False)
    pr = t.pairs().iloc[0]
    assert pr["diff"] > 3 * pr["diff_stderr"] > 0
