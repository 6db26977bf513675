"""G18 Thousand («Тысяча одно» and «1000 (2)»; seed file 002 lines 81-101), in
preparation: not yet a registered game (no ``GAME``) until its kernel runs on the shared
trick engine.

Holds so far: the rules of both versions (:mod:`.rules`, ``version`` selecting one, every
ambiguity of GAMES.md G18 as an option) and the rule pieces the kernel will call
(:mod:`.scoring`: card order and points, marriages by suit, the auction's and contract's
limits, a deal's scores, the rounding, the idle dealer's widow and the 850 rule).
"""
