"""G20 Sixty-six («Игра 66»; seed file 003 lines 18-47), in preparation: not yet a
registered game (no ``GAME``) until its kernel runs on the shared trick engine.

Holds so far: the rules (:mod:`.rules`, every ambiguity of GAMES.md G20 as an option) and
the rule pieces the kernel will call (:mod:`.scoring`: card order and points, marriages,
the trump-nine exchange, closing, the follow flags and a deal's game points).
"""
