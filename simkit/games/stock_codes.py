"""The decision policy codes the two-hand stock games share (Sixty-six, two-hand
Marriage; kernels in :mod:`simkit.games.stock`), apart from the kernels so that the
policy declarations import no numba."""
#: the decision policies' codes both games share (a game's own start at 3)
D_USER, D_RANDOM, D_HEURISTIC = 0, 1, 2
