"""G01 Semerik (a Russian Tressette; seed file 000 lines 1-45), in preparation: not yet a
registered game (no ``GAME``) until its kernel runs on the shared trick engine.

Holds so far: the rules (:mod:`.rules`), the scoring pieces the kernel will call (card
order, counters, trick points and hand declarations: :mod:`.scoring`) and the exact
declaration-point distribution (:mod:`.exact`).
"""
