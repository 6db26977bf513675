"""Bad input gets a clear error naming the value and what is allowed."""
import pytest

import simkit
from simkit import SimkitError
from simkit.rules import parse_rule_strings


@pytest.mark.parametrize("kwargs,pattern", [
    ({"game": "blackjak"}, r"unknown game 'blackjak'; known games: .*treize"),
    ({"hands": 0}, r"hands must be > 0, got 0"),
    ({"hands": -5}, r"hands must be > 0"),
    ({"hands": 2.5}, r"whole number, got 2.5"),
    ({"hands": "many"}, r"got 'many'"),
    ({"hands": True}, r"positive integer, got True"),
    ({"n_jobs": 0}, r"n_jobs must be an integer >= 1, or -1 for every usable CPU core \(-2: all but one\), got 0"),
    ({"seed": -1}, r"seed must be an integer in \[0, 2\*\*63\), got -1"),
    ({"rules": {"decks": 6}}, r"unknown rule option 'decks'; options: deck, deck_end"),
    ({"rules": {"deck": "many"}}, r"deck='many' is not allowed; allowed: 52, 36, 32"),
    ({"rules": {"reshuffle_every_coup": "perhaps"}}, r"reshuffle_every_coup='perhaps' is not a bool"),
    ({"rules": ["deck=36"]}, r"rules must be a dict"),
    ({"policies": "gambler"}, r"unknown policy 'gambler'"),
    ({"policies": {"bet": "flat"}}, r"unknown policy role 'bet'; roles: stake"),
    ({"chunk": 0}, r"chunk must be a positive integer, got 0"),
    ({"backend": "mpi"}, r"unknown backend 'mpi'; allowed: loky"),
    ({"progress": "yes"}, r"progress must be None, True or False"),
    ({"shard": "3/2"}, r"bad shard 3/2"),
    ({"shard": "x"}, r"bad shard 'x'"),
])
def test_simulate_errors(kwargs, pattern):
    args = {"game": "treize", "hands": 100}
    args.update(kwargs)
    with pytest.raises(SimkitError, match=pattern):
        simkit.simulate(args.pop("game"), args.pop("hands"), progress=args.pop("progress", False), **args)


def test_hands_may_be_written_as_text():
    from simkit.runner.units import parse_hands

    assert parse_hands("1e7") == 10**7 and parse_hands("10_000_000") == 10**7 and parse_hands(1e3) == 1000


def test_string_rule_values_are_parsed():
    r = simkit.get_game("treize").Rules.build({"deck": "36", "cap_at_bank": "yes", "deck-end": "VOID"})
    assert (r.deck, r.cap_at_bank, r.deck_end) == (36, True, "void")


@pytest.mark.parametrize("items,pattern", [(["deck"], r"bad --rule 'deck': write KEY=VALUE"),
                                           (["=36"], r"option name is empty")])
def test_bad_rule_strings(items, pattern):
    with pytest.raises(SimkitError, match=pattern):
        parse_rule_strings(items)


def test_bad_policy_strings():
    with pytest.raises(SimkitError, match=r"write NAME:KEY=VALUE"):
        simkit.Policy.parse("flat:units")
    with pytest.raises(SimkitError, match=r"units='one'.*is not a number"):
        simkit.Policy.parse("flat:units=one")
