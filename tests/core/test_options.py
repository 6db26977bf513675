"""A game's ``opts`` layout is generated from its ``Rules`` (simkit/core/options.py)."""
from dataclasses import dataclass

import numpy as np
import pytest

from simkit.core.options import choices, layout, pack
from simkit.rules import Rules, option


@dataclass(frozen=True)
class ToyRules(Rules):
    GAME = "toy"
    deck: int = option(36, allowed=(36, 52), doc="cards")
    end: str = option("continue", allowed=("continue", "void", "two-way"), doc="what happens")
    open_: bool = option(False, doc="open hands")
    target: int = option(101, minimum=1, maximum=10_000, doc="points to win")


@dataclass(frozen=True)
class FloatRules(Rules):
    GAME = "toyf"
    rate: float = option(0.5, minimum=0.0, maximum=1.0, doc="a rate")
    n: int = option(3, minimum=1, maximum=9, doc="a count")


def test_layout_names_every_option_in_declaration_order_then_the_extras():
    o = layout(ToyRules, extra=("dealer_bonus",))
    assert o._fields == ("deck", "end", "open_", "target", "dealer_bonus")
    assert tuple(o) == (0, 1, 2, 3, 4) and len(o) == 5


def test_pack_writes_each_option_in_its_slot():
    o = layout(ToyRules, extra=("x",))
    r = ToyRules.build({"deck": 52, "end": "two-way", "open_": True, "target": 77})
    got = pack(r, o)
    assert got.dtype == np.int64 and got.tolist() == [52, 2, 1, 77, 0]
    assert pack(ToyRules(), o).tolist() == [36, 0, 0, 101, 0]


def test_choices_name_the_codes_of_the_allowed_values():
    c = choices(ToyRules, "end")
    assert (c.continue_, c.void, c.two_way) == (0, 1, 2)
    r = ToyRules.build({"end": "void"})
    assert pack(r, layout(ToyRules))[layout(ToyRules).end] == c.void


def test_bad_declarations_are_refused():
    with pytest.raises(TypeError, match="rate is a float option"):
        layout(FloatRules)
    assert layout(FloatRules, skip=("rate",))._fields == ("n",)
    with pytest.raises(TypeError, match="no option 'rat'"):
        layout(FloatRules, skip=("rate", "rat"))
    with pytest.raises(TypeError, match="repeats"):
        layout(ToyRules, extra=("deck",))
    with pytest.raises(TypeError, match="not a choice"):
        choices(ToyRules, "deck")


def test_a_kernel_reads_its_options_by_name():
    from simkit.games.treize import GAME, nb

    rules = GAME.Rules.build({"deck_end": "restart", "cap_at_bank": True, "bank": 7})
    opts = pack(rules, nb.O)
    assert opts[nb.O.deck_end] == nb.DECK_END.restart and opts[nb.O.cap_at_bank] == 1 and opts[nb.O.bank] == 7
