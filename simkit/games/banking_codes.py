"""The numbers the banking games' bank accounting shares between its kernels
(:mod:`simkit.games.banking_nb`) and the Python side (:mod:`simkit.games.banking`, the
games' declarations and reports): how a bank ended and the tenure bins. Imports no numba,
so declaring a banking game loads no kernel (``simkit list``, ``rules`` and ``policies``)."""
import numpy as np

#: how a bank ended: passed on normally (shoe played out), broken (nothing left in it),
#: grown to the multiple at which it must pass (tripled), or closed by a safety cap on coups
BANK_PASSED, BANK_BROKEN, BANK_TRIPLED, BANK_CAPPED = 0, 1, 2, 3
OUTCOME_NAMES = ("passed", "broken", "tripled", "capped")

#: lower edges of the tenure bins (coups per bank); width 1 up to 30, then coarser
TENURE_EDGES = np.array(list(range(31)) + [35, 40, 45, 50, 60, 70, 80, 90, 100, 125, 150, 175, 200, 250, 300,
                                           400, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, 20000, 50000,
                                           100000], dtype=np.int64)
N_TENURE = TENURE_EDGES.shape[0]
