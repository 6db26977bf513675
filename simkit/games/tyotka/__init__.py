"""G16 Tyotka («тётка»: queens and the photograph; seed file 002 lines 48-53), in
preparation: not yet a registered game (no ``GAME``) until its kernel runs on the shared
trick engine.

Holds so far: the rules (:mod:`.rules`), the scoring pieces the kernel will call (the
counting trick, the deal's penalties, the pairwise settlement: :mod:`.scoring`) and exact
values (:mod:`.exact`).
"""
