"""Property-based checks (hypothesis) of the card codec and the statistics merge."""
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from simkit import cards
from simkit.core.stats import Stats

codes = st.lists(st.integers(0, 55), min_size=1, max_size=30)


@given(codes, st.booleans(), st.booleans())
@settings(max_examples=200, deadline=None)
def test_format_then_parse_is_identity(cs, symbols, russian):
    arr = np.array(cs, dtype=np.uint8)
    assert (cards.parse(cards.format(arr, symbols=symbols, russian=russian)) == arr).all()


arrays = st.lists(st.lists(st.integers(-10**12, 10**12), min_size=6, max_size=6), min_size=2, max_size=8)


@given(arrays, st.randoms())
@settings(max_examples=100, deadline=None)
def test_merge_in_any_order_gives_the_same_sums(rows, rnd):
    parts = [Stats(r=np.array([row], dtype=np.int64)) for row in rows]
    order = list(range(len(parts)))
    rnd.shuffle(order)
    a = parts[0].copy()
    for p in parts[1:]:
        a.merge(p)
    b = parts[order[0]].copy()
    for k in order[1:]:
        b.merge(parts[k])
    assert (a["r"] == b["r"]).all()
    assert (a["r"][0] == np.sum(np.array(rows, dtype=np.int64), axis=0)).all()
