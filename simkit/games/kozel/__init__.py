"""G11 Kozel (the old four-player Kozyol; seed file 002 lines 1-6), in preparation: not yet a
registered game (no ``GAME``) until its kernel runs on the shared trick engine.

Holds so far: the rules (:mod:`.rules`) and the scoring pieces the kernel will call (card
points, the order with the permanent jacks, the half's winner under each reading and the
marks: :mod:`.scoring`).
"""
