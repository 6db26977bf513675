"""Klaberjass checks for ``simkit validate``: the chance that a seat's nine dealt cards
hold a sequence, by the length of its longest run, and the trump king and queen.

With random calls the auction never looks at the cards: whether a deal is played or thrown
in, and which suit is trump, are independent of the hands, so each seat's nine cards of a
played deal are a uniform nine of the 31 other than the turned card (of the 32 when the
turned card is not looked at) and a named trump a suit independent of them. The
exact chances come from :mod:`simkit.games.klaberjass.exact` (the turned card is in
neither hand; each suit's eight ranks
enumerated by size and longest run, the four suits combined; seed 000:351 «Три или более
карт одной масти в последовательности ... Секанс в три карты стоит 20 очков; в четыре и
более карт - 50»; 000:359 bella).
"""
from simkit.games.klaberjass import exact
from simkit.validation import Check

RANDOM = {"bid": "random", "declare": "random", "play": "random"}
DEAL = {"unit": "deal"}


def checks() -> list:
    run = exact.longest_sequence(9)
    five = sum(p for length, p in run.items() if length >= 5)
    out = [Check(f"seat {s}'s nine cards: longest sequence exactly {k}", float(run[k]), 20_000, DEAL, RANDOM,
                 f"sequence_length_{k}.seat{s}", source="enumeration") for s in (0, 1) for k in (3, 4)]
    out.append(Check("seat 0's nine cards: a sequence of 5 or more", float(five), 20_000, DEAL, RANDOM,
                     "sequence_length_5plus.seat0", source="enumeration"))
    out.append(Check("seat 1's nine cards hold the trump king and queen, a named trump: 9*8/(31*30)",
                     float(exact.bella_held(True)), 20_000, DEAL, RANDOM, "bella_held_named.seat1", source="exact"))
    out.append(Check("seat 0's nine cards hold the trump king and queen, the turned suit: 6/8 * 9*8/(31*30)",
                     float(exact.bella_held(False)), 20_000, DEAL, RANDOM, "bella_held_turned.seat0", source="exact"))
    return out
