"""The Python side every trick game on the engine shares (:mod:`simkit.core.trick_play`).

:class:`TrickGame` turns the chosen policies into the kernels' per-seat arrays
(:meth:`~TrickGame.seat_policies`), checks a hand-built deal's card order
(:meth:`~TrickGame.check_order`), and raises an illegal move with one text for every
game (:meth:`~TrickGame.raise_err`, reading the shared error layout ``E_*``). A game
declares its roles and their kernel rows (:attr:`~TrickGame.role_rows`) and says what
its own kinds of moves were (:meth:`~TrickGame.game_situation`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from simkit.core.cards import cards_of, format as format_cards, parse
from simkit.core.trick_codes import (E_BROKEN, E_DEAL, E_HAND, E_KIND, E_LED, E_LEGAL, E_MOVE, E_SEAT, E_TRICK,
                                     E_TRUMP, ERR_PLAY, N_ERR, SeatPolicies)
from simkit.errors import SimkitError
from simkit.games.base import Game, kernel
from simkit.policies.base import raise_illegal
from simkit.policies.seated import policy_arrays, policy_groups, resolve_seated

if TYPE_CHECKING:
    from simkit.core.trick_game import TrickInputs

SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
#: the play role's user placeholder in ``role_rows`` (:class:`~simkit.games.base.kernel` target)
NO_USER_PLAY = "simkit.core.tricks:no_user_play_nb"
#: the user placeholder of a role whose user function answers a number (``bid(hand, state, params)``:
#: a bid, a yes / no decision, a suit), in ``role_rows``
NO_USER_BID = "simkit.core.tricks:no_user_bid_nb"


class TrickGame(Game):
    """A trick game on the engine. Class attributes a game sets besides :class:`Game`'s:

    * ``role_rows``: ``{role name: (kernel row, parameter slots {name: column}, width,
      user placeholder @cfunc)}``, the placeholder named as ``"module:name"`` (loaded when
      a run needs it, so declaring the game imports no kernel; e.g. :data:`NO_USER_PLAY`,
      :data:`NO_USER_BID`); the play role is row ``R_PLAY`` (0), the others 1, 2, ... in
      the order of ``roles``; the user functions reach the kernel in that row order;
    * ``lead_ban_name``: what an illegal lead names while the banned suit is closed
      (e.g. ``"spades"``), or ``None``.
    """

    role_rows: dict = {}
    lead_ban_name: str | None = None
    played_word = "deals"

    def unit_for(self, rules):
        """The game's ``unit`` rule option (a whole game, match, party, or a deal), where it
        has one."""
        return getattr(rules, "unit", self.unit)

    def played(self, stats):
        """Deals played (a unit may hold several): the kernel's ``counters[0]``, where it
        keeps one."""
        return int(stats["counters"][0]) if "counters" in stats else None

    def resolve_policies(self, given) -> dict:
        return resolve_seated(self.id, self.roles, given)

    def seat_policies(self, policies, seats: int):
        """``(SeatPolicies, user functions in row order)`` for ``seats`` seats."""
        rows = sorted(self.role_rows.items(), key=lambda kv: kv[1][0])
        width = max(w for _, (_, _, w, _) in rows)
        code = np.zeros((len(rows), seats), np.int64)
        params = np.zeros((len(rows), seats, width), np.float64)
        fns = []
        role_by_name = {r.name: r for r in self.roles}
        for name, (row, slots, w, placeholder) in rows:
            if isinstance(placeholder, str):
                placeholder = kernel(placeholder).load()
            c, p, fn = policy_arrays(self.id, role_by_name[name], policies[name], seats, slots, w, placeholder)
            code[row] = c
            params[row, :, :w] = p
            fns.append(fn)
        groups, _ = policy_groups(policies, seats)
        return SeatPolicies(code, params, np.asarray(groups, np.int64)), tuple(fns)

    @staticmethod
    def inputs(deck0, opts, tables, seats) -> TrickInputs:
        """What a chunk kernel (or a one-deal kernel) takes from the Python side
        (:class:`~simkit.core.trick_game.TrickInputs`), with fresh audit counts and a
        fresh error record (``N_ERR``)."""
        from simkit.core.trick_game import TrickInputs

        return TrickInputs(np.ascontiguousarray(deck0, np.uint8), opts, np.ascontiguousarray(tables, np.int64), seats,
                           np.zeros(2, np.int64), np.zeros(N_ERR, np.int64))

    def check_order(self, cards, deck_codes, need: int, exactly: bool = False) -> np.ndarray:
        """A hand-built deal's card order as ``uint8`` codes: distinct cards of the deck
        ``deck_codes``, at least (or ``exactly``) ``need`` of them."""
        order = parse(cards) if isinstance(cards, str) else np.asarray(cards).ravel()
        if order.dtype.kind not in "iu" and len(order):
            raise SimkitError(f"{self.id}: a card order is a string or card codes, got {cards!r}")
        allowed = set(int(c) for c in deck_codes)
        n = len(order)
        bad = [int(c) for c in order if int(c) not in allowed]
        if bad or len(set(order.tolist())) != n or (n != need if exactly else n < need):
            how = "exactly" if exactly else "at least"
            raise SimkitError(f"{self.id}: a deal needs {how} {need} distinct cards of the {len(allowed)}-card deck, "
                              f"got {n}" + (f" (not in the deck: {bad[:5]})" if bad else ""))
        return order.astype(np.uint8)

    def check_seat(self, name: str, value, seats: int) -> int:
        if not isinstance(value, (int, np.integer)) or not 0 <= value < seats:
            raise SimkitError(f"{self.id}: {name}={value!r} is not a seat; allowed: 0..{seats - 1}")
        return int(value)

    # -- illegal moves -----------------------------------------------------------------------
    def deal_words(self, err) -> str:
        """What names the deal in an error (after ``deal N``), e.g. `` of 3 cards (hearts)``."""
        return ""

    def game_situation(self, err, where: str) -> tuple:
        """``(role, situation text)`` for the game's own kinds of illegal moves (bids,
        exchanges, declarations); ``where`` starts the text."""
        raise NotImplementedError(f"{self.id}: error kind {int(err[E_KIND])}")

    def play_situation(self, err, where: str) -> str:
        """The situation of an illegal card, from the shared error layout."""
        hand = format_cards(cards_of(err[E_HAND])) if err[E_HAND] else "-"
        led = int(err[E_LED])
        if led < 0:
            closed = self.lead_ban_name and not err[E_BROKEN]
            lead = "leading" + (f" ({self.lead_ban_name} not broken)" if closed else "")
        else:
            lead = f"following a lead of {format_cards([led])}"
        return (f"{where}deal {int(err[E_DEAL])}{self.deal_words(err)}, trick {int(err[E_TRICK]) + 1}, "
                f"seat {int(err[E_SEAT])} {lead} holding {hand}; legal cards: {format_cards(cards_of(err[E_LEGAL]))}")

    def raise_err(self, err, policies, where: str = ""):
        """Raise the :class:`~simkit.errors.IllegalMoveError` the kernel's ``err`` describes."""
        if err[E_KIND] == ERR_PLAY:
            role, situation = "play", self.play_situation(err, where)
        else:
            role, situation = self.game_situation(err, where)
        seat = int(err[E_SEAT])
        pol = policies[role]
        pol = pol[seat] if isinstance(pol, list) else pol
        raise_illegal(self.id, pol, situation, int(err[E_MOVE]))

    @staticmethod
    def trump_words(err) -> str:
        """The trump suit in an error's deal."""
        t = int(err[E_TRUMP])
        return SUIT_NAMES[t] if 0 <= t < 4 else "no trump"
