"""G15 King (the Russian «Кинг»; seed file 002 lines 33-44), in preparation: not yet a
registered game (no ``GAME``) until its kernel runs on the shared trick engine.

Holds so far: the rules (:mod:`.rules`) and the scoring pieces the kernel will call (each
contract's points, lead ban and follow rule, the forced K♥: :mod:`.scoring`).
"""
