"""Thousand's kernel layout: its table-state fields, decision phases, option slots,
policy codes and parameter slots, and the record a deal leaves (GAMES.md G18).

Seats in the kernels are the three *active* seats ``0..2`` of a deal, clockwise from the
dealer's left (with four players the dealer sits out: 002:84 «При четырех игроках
сдающий в розыгрыше не участвует»); active seat ``i`` is table seat ``(dealer + 1 + i)
% players``. What a policy (built-in or a user's ``@njit`` function) reads is the shared
trick state (:mod:`simkit.core.tricks` ``S_*``: ``S_SCORE + i`` = active seat ``i``'s
running score) plus the fields below.

The kernels' context (:data:`ThousandCtx`) holds the engine's fields (its ``state`` is
the shared layout, ``int64[S_SIZE]``), the game's work arrays by name and the hooks'
scratch record (:data:`H`): what the ``after_trick`` hook keeps between tricks and the
simulation player's random key, which the hooks reach through the context.
"""
from simkit.core.options import choices, layout
from simkit.core.trick_game import context, scratch_layout
from simkit.core.tricks import S_EXTRA
from simkit.core.trick_play import E_EXTRA, ERR_GAME, PLAY_BUILTIN, PLAY_RANDOM, PLAY_USER  # noqa: F401 (codes)
from simkit.games.thousand.rules import ThousandRules

# -- state fields (S_EXTRA .. S_LEAD_BAN - 1) ----------------------------------------------
S_PHASE = S_EXTRA + 0       # what is asked of the seat to act (PHASE_*)
S_HIGH = S_EXTRA + 1        # the auction's high bid so far (-1: none); then the winning bid
S_DECLARER = S_EXTRA + 2    # the active seat that won the auction (-1 during it)
S_CONTRACT = S_EXTRA + 3    # the contract named (0 before)
S_STEP = S_EXTRA + 4        # bids and scores go in this step (5 or 10)
S_OPENING = S_EXTRA + 5     # the lowest opening bid (40, 60 or 100)
S_MARRIED = S_EXTRA + 6     # bit seat * 4 + suit: that seat declared that suit's marriage this deal
S_WIDOW = S_EXTRA + 7       # the widow's three cards (shown to everybody when taken)
S_TO = S_EXTRA + 8          # the active seat a card is being given to (PHASE_GIVE)
S_POINTS = S_EXTRA + 9      # 3 entries: each active seat's card points taken plus its declared marriages
S_COUNTED = S_EXTRA + 12    # the cards whose points are already credited (the tricks closed)
S_GIVEN = S_EXTRA + 13      # the cards the declarer gave away (he knows where they went)

# -- the hooks' scratch record (the context's ``scratch``: simkit.core.trick_game.scratch_layout) ----------------
#: what the after_trick hook keeps between tricks (set by play.play_out_nb) and the choose hook's random key, out of
#: the hands and of the table state that policies read: ``ctx.scratch[H.held]`` ...
#:   held    the cards the leader of a declared marriage holds back for its trick
#:   holder  whose they are (-1: nobody's)
#:   drawn   bit seat: that active seat plays at random, so the hook draws its declarations itself
#:   mseq    the marriages declared so far (R_MSEQ's layout)
#:   mtrick  the tricks they were declared on (R_MTRICK's layout)
#:   key     the simulation player's random key, drawn at each deal a seat plays by simulation
#:           (simulation.draw_key_nb), moved on at each of its decisions
H = scratch_layout("ThousandScratch", held=1, holder=1, drawn=1, mseq=1, mtrick=1, key=1)

# -- phases (state[S_PHASE]): in .codes (PHASE_*), re-exported here ----------------------------
from simkit.games.thousand.codes import (PHASE_AUCTION, PHASE_CONTRACT, PHASE_DECLARE, PHASE_GIVE,  # noqa: E402,F401
                                         PHASE_KEEP, PHASE_PLAY, PHASE_REFUSE)

# -- options (the kernel's int64 opts array: simkit.core.options.layout) ---------------------
#: one slot per rule option, named as it (``opts[O.players]``; choices by the codes below), then the constants
#: the game derives from them (filled by the game after ``pack``, see ``Thousand._opts``): ``step``,
#: ``opening``, ``target`` (:class:`ThousandRules`' properties: bids and scores go in ``step``, the lowest
#: opening bid, the game's target), ``follow`` (the follow flags of play under a trump: FOLLOW_1001 or
#: FOLLOW_1000_2 by the version). The kernels never write it.
O = layout(ThousandRules, extra=("step", "opening", "target", "follow"))
VERSION = choices(ThousandRules, "version")                   # VERSION.v_1001, VERSION.v_1000_2
AUCTION = choices(ThousandRules, "auction")
# allpass_refusal (1000 (2) only): minus_contract = the last hand refusing after an all-pass scores minus his
# contract and each opponent 60 (002:101, the default), throw_in = the 1001 throw-in (0, and 50 each: 002:90)
ALLPASS_REFUSAL = choices(ThousandRules, "allpass_refusal")
UNIT = choices(ThousandRules, "unit")

# -- policies: codes and parameter slots (in .codes, which the declarations import) ------------
from simkit.games.thousand.codes import (BID_COUNTED, BID_HEURISTIC, BID_RANDOM, BID_SIMULATION, BID_USER,  # noqa: E402,F401
                                         N_BID_PARAMS, N_PLAY_PARAMS, P_BID_MARGIN, P_BID_MARGIN_2, P_CASH,
                                         P_CASH_2, P_CONCEDE, P_DRAW, P_MARGIN, P_PLAY_SAMPLES, P_SAMPLES, P_SPREAD,
                                         P_TRUMP_WEIGHT, PLAY_HEURISTIC, PLAY_SIMULATION, R_BID)

# -- errors -------------------------------------------------------------------------------------
ERR_BID, ERR_CONTRACT, ERR_REFUSE, ERR_CARD = ERR_GAME, ERR_GAME + 1, ERR_GAME + 2, ERR_GAME + 3
E_HIGH = E_EXTRA            # the high bid (auction) or the winning bid (contract)
E_STEP = E_EXTRA + 1
E_OPENING = E_EXTRA + 2

# -- a deal's record (int64[N_REC]) -----------------------------------------------------------
RES_MADE, RES_FAILED, RES_CONCEDED, RES_THROWN = 0, 1, 2, 3
RESULTS = ("made", "failed", "conceded", "thrown in")
R_RESULT = 0        # RES_*
R_DECL = 1          # the declarer (active seat)
R_HIGH = 2          # the winning bid
R_CONTRACT = 3      # the contract (the bid when conceded or thrown in before naming one)
R_ALLPASS = 4       # 1: the first two passed and the last hand took the widow (002:90)
R_WIDOW = 5         # the widow as dealt
R_TAKEN = 6         # the declarer's points (cards and marriages); 0 when not played
R_MSEQ = 7          # the marriages declared in order, 4 bits each (seat * 4 + suit + 1), oldest highest
R_SCORE = 8         # 3 entries: each active seat's score for the deal (before the 850 rule)
R_IDLE = 11         # the idle dealer's score (four players), else 0
R_DEALT = 12        # 3 entries: the hands as dealt
R_PLAYHANDS = 15    # 3 entries: the hands play started with (after the widow and the cards given)
R_GIVEN = 18        # the cards the declarer gave: to the first opponent (R_GIVEN), the second (R_GIVEN + 1)
R_CALLS = 20        # the number of auction calls
R_MTRICK = 21       # the trick (0..7) each marriage was declared on, 4 bits each as R_MSEQ
N_REC = 24
#: hand-built deals (:func:`.nb.one_deal_nb`) log each trick in ``ctx.log``: its cards (bitmask) and its winner
N_LOG = 2 * 8

#: the kernels' context (:func:`~simkit.core.trick_game.context`): the engine's fields (``seats``: the table
#: seats' policies) and ``act`` (the deal's three active seats' policies,
#: ``.nb.seat_map_nb``), ``rec`` (the deal's record, ``R_*``), ``scores`` (the running score per table seat),
#: ``dscore`` (the deal's per table seat), ``tseat`` (the table seat of each active seat), ``gx`` (per policy
#: group), ``log`` (the trick log of a hand-built deal, ``N_LOG``; empty elsewhere) and ``same`` (every table seat
#: has the same policies: ``act`` is set once per chunk), then ``scratch`` (the hooks' record, :data:`H`)
ThousandCtx = context("ThousandCtx", ("act", "rec", "scores", "dscore", "tseat", "gx", "log", "same"), scratch=H)
