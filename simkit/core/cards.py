"""One card encoding for every game and deck.

A card is a ``uint8``: ``code = rank * 4 + suit`` for the 52 ordinary cards, and
``JOKER + k`` (52, 53, ...) for jokers.

* ``rank`` 0..12 stands for 2, 3, ..., 10, J, Q, K, A (``RANK_2`` .. ``RANK_A``).
* ``suit`` 0..3 stands for spades, hearts, diamonds, clubs (пики, черви, бубны, трефы).

The encoding is the same whatever the game; each game keeps its own rank-order and
point tables as arrays indexed by card code (see :func:`rank_table`). Several decks
simply hold duplicate codes.

Card strings accept English and Russian rank letters (A/Т туз, K/К король, Q/Д дама,
J/В валет), ``10`` or ``T`` for ten, suits as letters (``s h d c``), symbols
(``♠ ♥ ♦ ♣``) or Russian initials (``п ч б т`` is ambiguous with the ace ``Т``, so
Russian suits are written with symbols or as ``пик``/``черв``/``бубн``/``треф``), and
``Jo``/``JK``/``Джокер`` for a joker.
"""
from __future__ import annotations

import re
from typing import Iterable

import numpy as np

from simkit.errors import SimkitError

N_RANKS = 13
N_SUITS = 4
JOKER = 52
RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8, RANK_9, RANK_10 = range(9)
RANK_J, RANK_Q, RANK_K, RANK_A = 9, 10, 11, 12
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3

RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NAMES_RU = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К", "Т")
SUIT_LETTERS = ("S", "H", "D", "C")
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")

_RANK_IN = {name: i for i, name in enumerate(RANK_NAMES)}
_RANK_IN.update({name: i for i, name in enumerate(RANK_NAMES_RU)})
_RANK_IN.update({"T": RANK_10, "1": RANK_A})
_SUIT_IN = {"S": SPADES, "H": HEARTS, "D": DIAMONDS, "C": CLUBS,
            "♠": SPADES, "♥": HEARTS, "♦": DIAMONDS, "♣": CLUBS,
            "♤": SPADES, "♡": HEARTS, "♢": DIAMONDS, "♧": CLUBS,
            "ПИК": SPADES, "ЧЕРВ": HEARTS, "БУБН": DIAMONDS, "ТРЕФ": CLUBS}
_JOKER_NAMES = {"JO", "JK", "JOKER", "ДЖОКЕР", "🃏"}

#: ranks (low to high in the encoding) present in each deck size the seeds use. The
#: short decks drop the low ranks in turn: 36 from the six, 32 from the seven; Marriage's
#: 28, 24 and 20 (GAMES.md G12; 002 line 10 «колода из 32, 28, 24, 20 карт») remove the
#: sevens, then the eights, then the nines. 40 is Semerik's (no 10, 9, 8).
DECK_RANKS = {
    52: tuple(range(13)),
    40: (RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_J, RANK_Q, RANK_K, RANK_A),
    36: tuple(range(RANK_6, 13)),
    32: tuple(range(RANK_7, 13)),
    28: tuple(range(RANK_8, 13)),
    24: tuple(range(RANK_9, 13)),
    20: tuple(range(RANK_10, 13)),
}


def code(rank: int, suit: int) -> int:
    """Card code of ``rank`` (0 = two .. 12 = ace) and ``suit`` (0 = spades .. 3 = clubs)."""
    return rank * N_SUITS + suit


def rank_of(codes):
    """Rank index of each card code (jokers give -1)."""
    c = np.asarray(codes).astype(np.int16)
    return np.where(c >= JOKER, -1, c // N_SUITS)


def suit_of(codes):
    """Suit index of each card code (jokers give -1)."""
    c = np.asarray(codes).astype(np.int16)
    return np.where(c >= JOKER, -1, c % N_SUITS)


def deck(size: int = 52, copies: int = 1, jokers: int = 0) -> np.ndarray:
    """The card codes of a deck, ordered by rank then suit, as ``uint8``.

    ``size`` is 52, 40, 36, 32, 28, 24 or 20 (the seed texts' decks, see ``DECK_RANKS``);
    ``copies`` decks are concatenated (two-deck games hold duplicates); ``jokers``
    distinct jokers (codes 52, 53, ...) are appended once.
    """
    if size not in DECK_RANKS:
        raise SimkitError(f"deck size {size!r} is not known; allowed: {sorted(DECK_RANKS)}")
    if not isinstance(copies, (int, np.integer)) or copies < 1:
        raise SimkitError(f"copies must be a positive integer, got {copies!r}")
    if not isinstance(jokers, (int, np.integer)) or not 0 <= jokers <= 8:
        raise SimkitError(f"jokers must be an integer 0..8, got {jokers!r}")
    one = [code(r, s) for r in DECK_RANKS[size] for s in range(N_SUITS)]
    cards = one * copies + [JOKER + k for k in range(jokers)]
    return np.asarray(cards, dtype=np.uint8)


def rank_table(order: Iterable[int], fill: int = -1) -> np.ndarray:
    """An array over all card codes (jokers included, 64 entries) giving each card's
    position in ``order`` (a sequence of rank indices from lowest to highest), or
    ``fill`` for ranks not in the order. Games use it for their own rank orders."""
    table = np.full(64, fill, dtype=np.int16)
    for pos, r in enumerate(order):
        for s in range(N_SUITS):
            table[code(r, s)] = pos
    return table


_TOKEN = re.compile(r"\s*,?\s*([^\s,]+)")


def _parse_one(tok: str) -> int:
    t = tok.strip().upper()
    if t in _JOKER_NAMES:
        return JOKER
    m = re.fullmatch(r"(JO|JK|JOKER)(\d)", t)
    if m:
        return JOKER + int(m.group(2))
    for suit_txt in sorted(_SUIT_IN, key=len, reverse=True):
        if t.endswith(suit_txt) and len(t) > len(suit_txt):
            rank_txt = t[: -len(suit_txt)]
            if rank_txt in _RANK_IN:
                return code(_RANK_IN[rank_txt], _SUIT_IN[suit_txt])
    raise SimkitError(
        f"cannot read card {tok!r}: write a rank (2-10, J Q K A or В Д К Т) followed by a suit "
        f"(S H D C or ♠ ♥ ♦ ♣), e.g. 'AS', '10h', 'Т♥', or 'Jo' for a joker")


def parse(text: str | Iterable[str]) -> np.ndarray:
    """Card codes (``uint8``) of card strings such as ``"AS 10h Т♥"`` or ``["QD", "Jo"]``."""
    if isinstance(text, str):
        toks = _TOKEN.findall(text)
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, bytearray)):
        toks = list(text)
        bad = [t for t in toks if not isinstance(t, str)]
        if bad:
            raise SimkitError(f"cannot read card {bad[0]!r}: cards are strings such as 'AS' or '10h'")
    else:
        raise SimkitError(f"cards must be a string such as 'AS 10h' or a list of card strings, "
                          f"got {type(text).__name__}")
    return np.asarray([_parse_one(t) for t in toks], dtype=np.uint8)


def format(codes, *, symbols: bool = False, russian: bool = False) -> str:  # noqa: A001 - public name from the design
    """Card codes as one space-separated string, e.g. ``"AS 10H"`` (``symbols`` for ♠♥♦♣,
    ``russian`` for В Д К Т rank letters)."""
    arr = np.atleast_1d(np.asarray(codes)).ravel()
    names = RANK_NAMES_RU if russian else RANK_NAMES
    suits = SUIT_SYMBOLS if symbols else SUIT_LETTERS
    out = []
    for c in arr:
        c = int(c)
        if c < 0 or c > JOKER + 9:
            raise SimkitError(f"{c} is not a card code: codes are 0..51 (rank * 4 + suit) and "
                              f"{JOKER}..{JOKER + 9} (jokers Jo, Jo1..Jo9)")
        if c >= JOKER:
            out.append("Jo" if c == JOKER else f"Jo{c - JOKER}")
        else:
            out.append(names[c // N_SUITS] + suits[c % N_SUITS])
    return " ".join(out)


def cards_of(mask) -> np.ndarray:
    """The card codes (``uint8``, ascending) of bitmask ``mask`` (bit ``c`` set: card ``c``)."""
    m = int(mask)
    return np.asarray([c for c in range(63) if m >> c & 1], dtype=np.uint8)
