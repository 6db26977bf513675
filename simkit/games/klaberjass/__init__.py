"""G10 Klaberjass (seed file 000 lines 331-391), in preparation: not yet a registered game
(no ``GAME``) until its kernel runs on the shared trick engine.

Holds so far: the rules (:mod:`.rules`, every ambiguity of GAMES.md G10 as an option),
the rule pieces the kernel will call (:mod:`.scoring`: card orders and points, the
auction's calls, the dix, sequences and their comparison, bella, a deal's scores) and
exact chances for a dealt hand (:mod:`.exact`).
"""
