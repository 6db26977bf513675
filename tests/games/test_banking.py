"""The bank lifecycle accounting shared by the banking games (simkit/games/banking.py)."""
import numpy as np
import pytest

from simkit.games import banking


def test_tenure_bins_cover_every_count_once():
    edges = banking.TENURE_EDGES
    for coups in [0, 1, 29, 30, 31, 34, 35, 99, 100, 12_345, 10**6]:
        b = banking.tenure_bin_nb(coups)
        assert edges[b] <= coups and (b == len(edges) - 1 or coups < edges[b + 1])
    labels = banking._tenure_labels()
    assert labels[3] == "3" and labels[31] == "35-39" and labels[-1] == ">=100000"


def test_bank_close_and_metrics():
    st = banking.bank_stats(extra=np.zeros(2, np.int64))
    banks = [(5, 10, 10, banking.BANK_TRIPLED), (-7, 20, 12, banking.BANK_BROKEN), (2, 6, 6, banking.BANK_TRIPLED)]
    for loss, staked, coups, how in banks:
        banking.bank_close_nb(st["edge"], st["bank"], st["tenure"], st["outcome"], loss, staked, coups, how)
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
