"""Checks shared by the rules tests of the trick games in preparation (issue 12)."""
import re
from dataclasses import fields

import pytest

from simkit.errors import SimkitError

_CITE = re.compile(r"\b00[0-3]:\d+(-\d+)?\b")


def check_rules_class(cls, bad_values):
    """Every option of ``cls`` declares a doc and a seed that cites a seed line (``file:line``)
    with a «quote», or says the text is silent; defaults build; each ``bad_values`` entry
    ``{option: value}`` is refused with a SimkitError naming its last option."""
    rules = cls()
    for f in fields(cls):
        meta = f.metadata
        assert meta["doc"], f.name
        seed = meta["seed"]
        silent = "not in the text" in seed or "unstated" in seed
        assert silent or (_CITE.search(seed) and "«" in seed), (f.name, seed)
        assert getattr(rules, f.name) == f.default
    assert cls.table().shape[0] == len(fields(cls))
    for bad in bad_values:
        with pytest.raises(SimkitError, match=list(bad)[-1]):
            cls.build(bad)


def check_simulation_replays(game, deck_size: int):
    """The simulation player (with heuristic and random seats) on a shuffled hand-built
    deal: legal (the audit), 120 card points, and the same seed replays alike."""
    import random

    from simkit.core.cards import deck, format as format_cards

    names = format_cards(deck(deck_size)).split()
    random.Random(9).shuffle(names)
    pol = {"play": "simulation:samples=4|heuristic|random|simulation:samples=2"}
    a = game.play_deal(" ".join(names), policies=pol, seed=5)
    assert a == game.play_deal(" ".join(names), policies=pol, seed=5)
    points = a["points"] if isinstance(a["points"][0], int) else [sum(h) for h in a["points"]]
    assert a["audit"]["violations"] == 0 and sum(points) == 120
