"""G17 Kerosinka (the 10♥ «Керосинка» above all trumps; seed file 002 lines 57-61), in
preparation: not yet a registered game (no ``GAME``) until its kernel runs on the shared
trick engine.

Holds so far: the rules (:mod:`.rules`) and the pieces the kernel will call (card order and
points, the deal's trump, forced trumping: :mod:`.scoring`).
"""
