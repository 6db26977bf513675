"""G13 Marriage for four («Марьяж вчетвером», the yan; seed file 002 lines 16-22), in
preparation: not yet a registered game (no ``GAME``) until its kernel runs on the shared
trick engine.

Holds so far: the rules (:mod:`.rules`, every ambiguity of GAMES.md G13 as an option) and
the rule pieces the kernel will call (:mod:`.scoring`: order and points, the card
exchange, split marriages and when they may be declared, the claim's 1 / 3 / 12 games).
"""
