"""G21 Polignac (as seed file 003 lines 48-52 describes it: a plus-trick game with jack
penalties), in preparation: not yet a registered game (no ``GAME``) until its kernel runs
on the shared trick engine.

Holds so far: the rules (:mod:`.rules`) and the scoring pieces the kernel will call (jack
penalties, a deal's net points, the end of the game: :mod:`.scoring`).
"""
