import numpy as np
import pytest

from simkit import SimkitError, cards


@pytest.mark.parametrize("size,ranks", [(52, 13), (40, 10), (36, 9), (32, 8), (24, 6)])
def test_deck_sizes_and_ranks(size, ranks):
    d = cards.deck(size)
    assert d.dtype == np.uint8 and len(d) == size
    assert len(set(d.tolist())) == size
    assert len(set(cards.rank_of(d).tolist())) == ranks
    assert sorted(set(cards.suit_of(d).tolist())) == [0, 1, 2, 3]


def test_deck_ranks_are_the_seed_decks():
    assert cards.format(cards.deck(36)[::4]) == "6S 7S 8S 9S 10S JS QS KS AS"
    assert cards.format(cards.deck(40)[::4]) == "2S 3S 4S 5S 6S 7S JS QS KS AS"
    assert cards.format(cards.deck(24)[::4]) == "9S 10S JS QS KS AS"


def test_copies_and_jokers():
    d = cards.deck(52, copies=2, jokers=2)
    assert len(d) == 106
    assert np.bincount(d[:104]).max() == 2
    assert set(d[104:].tolist()) == {cards.JOKER, cards.JOKER + 1}
    assert (cards.rank_of(d[104:]) == -1).all()


def test_encoding():
    assert cards.code(cards.RANK_A, cards.SPADES) == 48
    assert cards.parse("2S")[0] == 0
    assert cards.parse("2C")[0] == 3
    assert cards.parse("AC")[0] == 51


@pytest.mark.parametrize("text,expected", [
    ("AS 10h Т♥", "AS 10H AH"),
    ("KD, QC, JH", "KD QC JH"),
    ("Д♠ В♦ К♣ 10♥", "QS JD KC 10H"),
    ("Tс".replace("с", "C"), "10C"),
    ("Jo JK", "Jo Jo"),
    ("Тпик Дчерв", "AS QH"),
])
def test_parse_and_format(text, expected):
    assert cards.format(cards.parse(text)) == expected


def test_format_options():
    c = cards.parse("AS QH")
    assert cards.format(c, symbols=True) == "A♠ Q♥"
    assert cards.format(c, symbols=True, russian=True) == "Т♠ Д♥"


def test_parse_round_trip_every_card():
    d = cards.deck(52, jokers=1)
    assert (cards.parse(cards.format(d)) == d).all()


@pytest.mark.parametrize("bad", ["1X", "ZZ", "11S", "A"])
def test_parse_errors_name_the_card(bad):
    with pytest.raises(SimkitError, match=repr(bad).strip("'")):
        cards.parse(bad)


@pytest.mark.parametrize("kwargs", [{"size": 53}, {"copies": 0}, {"jokers": -1}])
def test_deck_errors(kwargs):
    with pytest.raises(SimkitError):
        cards.deck(**kwargs)


def test_rank_table():
    t = cards.rank_table([cards.RANK_3, cards.RANK_2, cards.RANK_A])
    assert t[cards.parse("3H")[0]] == 0 and t[cards.parse("AS")[0]] == 2 and t[cards.parse("KS")[0]] == -1
