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
