"""The banking games' bank accounting kernels (:func:`bank_close_nb`) and the constants
they share with the pandas side, :mod:`simkit.games.banking` (see its doc)."""
from __future__ import annotations

import numpy as np
from numba import njit

from simkit.core.stats import moment_add_nb, ratio_add_nb

#: how a bank ended: passed on normally (shoe played out), broken (nothing left in it),
#: grown to the multiple at which it must pass (tripled), or closed by a safety cap on coups
BANK_PASSED, BANK_BROKEN, BANK_TRIPLED, BANK_CAPPED = 0, 1, 2, 3
OUTCOME_NAMES = ("passed", "broken", "tripled", "capped")

#: lower edges of the tenure bins (coups per bank); width 1 up to 30, then coarser
TENURE_EDGES = np.array(list(range(31)) + [35, 40, 45, 50, 60, 70, 80, 90, 100, 125, 150, 175, 200, 250, 300,
                                           400, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, 20000, 50000,
                                           100000], dtype=np.int64)
N_TENURE = TENURE_EDGES.shape[0]


@njit(cache=True)
def tenure_bin_nb(coups):
    """Index of the :data:`TENURE_EDGES` bin holding ``coups``."""
    return np.searchsorted(TENURE_EDGES, coups, side="right") - 1


@njit(cache=True)
def bank_close_nb(edge, bank_mom, tenure, outcome, loss, staked, coups, how):
    """Record one finished bank: the punters' total ``loss`` (the banker's net), their
    total ``staked``, its tenure ``coups`` and ``how`` it ended (``BANK_*``)."""
    ratio_add_nb(edge, 0, loss, staked)
    moment_add_nb(bank_mom, 0, loss)
    moment_add_nb(bank_mom, 1, coups)
    tenure[tenure_bin_nb(coups)] += 1
    outcome[how] += 1
