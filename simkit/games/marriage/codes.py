"""Two-hand Marriage's policy roles (rows of the per-seat policies), play policy codes,
parameter slots, the heuristic's default weights and its error kind: the numbers its
kernels (:mod:`.nb`) share with its declarations (:mod:`.policies`, the game class);
imports no numba. The declare role's ``random`` and ``heuristic`` codes are the stock
games' shared ones (:mod:`simkit.games.stock_codes`)."""
from simkit.core.trick_codes import ERR_GAME, PLAY_BUILTIN

R_DECLARE = 1
PLAY_HEURISTIC, PLAY_SIMULATION, PLAY_BASIC = PLAY_BUILTIN, PLAY_BUILTIN + 1, PLAY_BUILTIN + 2
P_PROB = 0                  # random declare: the chance to declare
P_SAMPLES = 0               # simulation play: sampled deals per decision
# the heuristic player's weights (:func:`~simkit.games.marriage.nb.heuristic_marriage_nb`), in points
(P_TEMPO, P_MINE, P_DENY, P_LOSE, P_KEEP, P_HALF, P_TRUMP, P_MASTER, P_END, P_END_TEMPO) = range(1, 11)
P_PLAYOUT = 11              # simulation play: its play-outs on the basic play (0) or the heuristic (1)
N_PARAMS = 12
#: the heuristic's weights by name and slot, their defaults (tuned: docs/sixty_six.md, the Marriage section)
HEURISTIC_SLOTS = {"tempo": P_TEMPO, "mine": P_MINE, "deny": P_DENY, "lose": P_LOSE, "keep": P_KEEP, "half": P_HALF,
                   "trump": P_TRUMP, "master": P_MASTER, "end": P_END, "end_tempo": P_END_TEMPO}
HEURISTIC_DEFAULTS = {"tempo": 0.0, "mine": 30.0, "deny": 10.0, "lose": 2.0, "keep": 40.0, "half": 30.0,
                      "trump": 13.0, "master": 0.0, "end": 1.0, "end_tempo": 0.0}
ERR_DECLARE = ERR_GAME
