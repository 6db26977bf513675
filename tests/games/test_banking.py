"""The bank lifecycle accounting shared by the banking games (simkit/games/banking.py)."""
import numpy as np
import pytest

from simkit.games import banking, banking_nb


def test_tenure_bins_cover_every_count_once():
    edges = banking.TENURE_EDGES
    for coups in [0, 1, 29, 30, 31, 34, 35, 99, 100, 12_345, 10**6]:
        b = banking_nb.tenure_bin_nb(coups)
        assert edges[b] <= coups and (b == len(edges) - 1 or coups < edges[b + 1])
    labels = banking._tenure_labels()
    assert labels[3] == "3" and labels[31] == "35-39" and labels[-1] == ">=100000"


def test_bank_close_and_metrics():
    st = banking.bank_stats(extra=np.zeros(2, np.int64))
    banks = [(5, 10, 10, banking.BANK_TRIPLED), (-7, 20, 12, banking.BANK_BROKEN), (2, 6, 6, banking.BANK_TRIPLED)]
    for loss, staked, coups, how in banks:
        banking_nb.bank_close_nb(st["edge"], st["bank"], st["tenure"], st["outcome"], loss, staked, coups, how)
    m = banking.bank_metrics(st)
    assert m["house_edge"].value == pytest.approx(0 / 36)
    assert m["banker_net_per_bank"].value == pytest.approx(0.0) and m["bank_tenure"].value == pytest.approx(28 / 3)
    assert m["p_tripled"].value == pytest.approx(2 / 3) and m["p_broken"].value == pytest.approx(1 / 3)
    assert banking.bank_metrics(st, scale=2.0)["banker_net_per_bank"].stderr == pytest.approx(
        m["banker_net_per_bank"].stderr / 2)
    t = banking.bank_tables(st)
    assert t["tenure"]["coups"].tolist() == ["6", "7", "8", "9", "10", "11", "12"]
    assert t["tenure"]["count"].tolist() == [1, 0, 0, 0, 1, 0, 1]
    assert t["bank_outcome"].set_index("outcome")["count"].to_dict() == {"passed": 0, "broken": 1, "tripled": 2,
                                                                          "capped": 0}
    assert "bank_outcome" not in banking.bank_tables(st, outcomes=False)


# the banks' kernel frame (simkit/games/banking_nb.py): a toy game on the shared unit loop
from numba import njit  # noqa: E402

from simkit.core.bundle import bundle  # noqa: E402
from simkit.games.banking_nb import (BANK_FIELDS, bank_context, bank_core_nb, bank_inputs,  # noqa: E402
                                     bank_loop)

ToyStats, TOY_STATS = bundle("ToyStats", {"units": 1, "draws": 2})
ToyInputs = bank_inputs("ToyInputs", ("stop_at",))
ToyCtx = bank_context("ToyCtx", ("stop_at", "seen"))


@njit(inline="always")
def _toy_unit_nb(ctx, fns, unit, audit):
    if unit == ctx.stop_at:
        ctx.err[0] = 1
        ctx.err[1] = unit
        return False
    ctx.stats.units[0] += 1
    ctx.stats.draws[unit, 0] = ctx.state[0] == ctx.state[0]       # the stream was started
    ctx.stats.draws[unit, 1] = ctx.deck[0] == ctx.deck0[0] and ctx.seen[0] == 0
    ctx.deck[0] = 255                                            # the loop puts the deck back
    if audit:
        ctx.audit_out[0] += 1
    return True


_toy_banks_nb = bank_loop(_toy_unit_nb)


@njit
def _toy_chunk_nb(seed, start, stop, inp, fns, stats, audit):
    ctx = ToyCtx(*(bank_core_nb(inp, stats) + (inp.stop_at, np.zeros(1, np.int64))))
    _toy_banks_nb(seed, start, stop, ctx, fns, audit)


def test_the_bank_loop_plays_each_unit_on_a_fresh_deck_and_stops_at_a_false():
    deck0 = np.arange(8, dtype=np.uint8)
    st = ToyStats(np.zeros(1, np.int64), np.zeros((6, 2), np.int64))
    inp = ToyInputs(deck0, np.zeros(1, np.int64), np.zeros(2, np.int64), np.zeros(2, np.int64), 4)
    _toy_chunk_nb(1, 0, 6, inp, (0,), st, True)
    assert st.units[0] == 4 and st.draws[:4].tolist() == [[1, 1]] * 4 and st.draws[4:].sum() == 0
    assert inp.err.tolist() == [1, 4] and inp.audit_out[0] == 4
    assert ToyCtx._fields[:len(BANK_FIELDS)] == BANK_FIELDS and ToyCtx.__module__ == __name__


def test_the_bank_frame_refuses_a_called_hook_and_clashing_names():
    with pytest.raises(ValueError, match="inline"):
        bank_loop(njit(lambda ctx, fns, unit, audit: True))
    with pytest.raises(ValueError, match="shadow"):
        bank_context("BadCtx", ("deck", "x"))
    with pytest.raises(ValueError, match="repeat"):
        bank_inputs("BadInputs", ("x", "x"))
