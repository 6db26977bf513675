"""Shared report tables."""
import numpy as np
import pytest

from simkit.reports.tables import seat_records


def test_seat_records_lists_nonempty_bins_with_their_values():
    df = seat_records(np.array([[0, 2, 1], [3, 0, 0]]), "points", ["0", "1"], lowest=-1,
                      columns={"contract": "no_tricks"})
    assert list(df.columns) == ["contract", "seat", "points", "count"]
    assert df.values.tolist() == [["no_tricks", "0", 0, 2], ["no_tricks", "0", 1, 1], ["no_tricks", "1", -1, 3]]


def test_seat_records_refuses_a_histogram_of_the_wrong_shape():
    with pytest.raises(ValueError, match="3 seats"):
        seat_records(np.zeros((2, 4)), "tricks", ["a", "b", "c"])
