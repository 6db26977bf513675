"""Polignac (G21) rules pieces ahead of its kernel: options, hand sizes, the jack penalties,
a deal's net points, the end of the game and the follow rule (seed 003 lines 48-52)."""
import numpy as np
import pytest
from rules_checks import check_rules_class

from simkit.core.cards import HEARTS, deck, parse
from simkit.core.tricks import legal_nb, mask_of

scoring = PolignacRules = None   # bound by _import_game


@pytest.fixture(autouse=True, scope="module")
def _import_game():
    """Imports the game when its tests run, not while collecting (importing the registered
    game compiles its kernels)."""
    global scoring, PolignacRules
    from simkit.games.polignac import scoring
    from simkit.games.polignac.rules import PolignacRules


def test_rules_options_and_refusals():
    check_rules_class(PolignacRules, [{"players": 1}, {"players": 9}, {"end_rule": "tricks"},
                                      {"players": 3, "first_dealer": 3}, {"unit": "deal", "end_rule": "gross"},
                                      {"unit": "deal", "target": 30}])
    assert PolignacRules.build({"players": "4", "first_dealer": "3"}).players == 4


@pytest.mark.parametrize("players, each", [(3, 17), (2, 25), (4, 12), (5, 10), (8, 6)])
def test_hand_sizes(players, each):
    assert scoring.cards_each(players) == each and players * each <= 51


def test_jack_penalties():
    assert [scoring.JACK_PENALTY[c] for c in parse("Jh Jd Jc Js")] == [4, 3, 2, 1]
    assert scoring.JACK_PENALTY[deck(52)].sum() == 10
    assert scoring.jack_points_nb(mask_of("Jh Js Qh Ah 10d")) == 5


def test_deal_net_points():
    # three players, 17 tricks of three cards: seat 0 took 6 tricks with J♥ and J♠, seat 1 took
    # 10 with J♦, seat 2 one trick with J♣
    cards = [int(c) for c in deck(52)]
    jacks = [int(c) for c in parse("Jh Js Jd Jc")]
    rest = [c for c in cards if c not in jacks]
    taken = [mask_of(jacks[:2] + rest[:16]), mask_of(jacks[2:3] + rest[16:45]), mask_of(jacks[3:] + rest[45:47])]
    out = np.zeros(3, np.int64)
    scoring.deal_net_nb(np.asarray(taken, np.int64), 3, out)
    assert list(out) == [6 - 5, 10 - 3, 1 - 2]


@pytest.mark.parametrize("net, gross, rule, want", [
    ((19, 5, 0), (25, 5, 2), "net", False), ((20, 5, 0), (25, 5, 2), "net", True),
    ((19, 5, 0), (25, 5, 2), "gross", True), ((19, 5, 0), (19, 5, 2), "gross", False),
])
def test_game_over(net, gross, rule, want):
    assert scoring.game_over_nb(np.asarray(net), np.asarray(gross), 3, 20, getattr(scoring.END_RULE, rule)) == want


def test_follow_suit_and_no_duty_to_trump():
    tt = scoring.TABLES[HEARTS]
    hand = mask_of("2h Ks 9d")
    led = np.asarray(parse("Ac"), np.int64)
    follow = scoring.follow_flags_nb(PolignacRules().follow_suit)
    assert legal_nb(hand, led, 1, tt, follow, -1, 0) == hand           # void in clubs: any card, trump or not
    assert legal_nb(hand, np.asarray(parse("As"), np.int64), 1, tt, follow, -1, 0) == mask_of("Ks")
    free = scoring.follow_flags_nb(PolignacRules(follow_suit=False).follow_suit)
    assert legal_nb(hand, np.asarray(parse("As"), np.int64), 1, tt, free, -1, 0) == hand


def test_option_array_keeps_the_shared_penalty_part_first():
    """The rule options follow the shared penalty part (penalty_tricks.O_GAME), each in
    the slot its layout names; the shared slots hold the jack penalties and a trick's -1."""
    from simkit.games import penalty_tricks as pt
    from simkit.games.polignac import nb

    assert min(nb.O) == pt.O_GAME and list(nb.O) == list(range(pt.O_GAME, pt.O_GAME + len(nb.O)))
    rules = PolignacRules.build({"players": 5, "end_rule": "gross", "follow_suit": False, "target": 30,
                                 "max_deals": 40, "first_dealer": 4})
    o = pt.pack_game(rules, nb.O, scoring.JACK_PENALTY, -1, False)
    assert o.shape == (pt.O_GAME + len(nb.O),)
    assert (o[pt.O_PEN:pt.O_PEN + 64] == scoring.JACK_PENALTY).all()
    assert (o[pt.O_TRICK_VALUE], o[pt.O_MOST]) == (-1, 0)
    assert (o[nb.O.players], o[nb.O.end_rule], o[nb.O.follow_suit], o[nb.O.target], o[nb.O.unit],
            o[nb.O.max_deals], o[nb.O.first_dealer]) == (5, scoring.END_RULE.gross, 0, 30, nb.UNIT.game, 40, 4)
