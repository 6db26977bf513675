"""G12 two-hand Marriage («Марьяж»; seed file 002 lines 10-12), in preparation: not yet a
registered game (no ``GAME``) until its kernel runs on the shared trick engine.

Holds so far: the rules (:mod:`.rules`, every ambiguity of GAMES.md G12 as an option) and
the rule pieces the kernel will call (:mod:`.scoring`: the four decks and their order,
marriages and their values, declaring, the follow flags).
"""
