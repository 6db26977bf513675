"""Blackjack checks for ``simkit validate``: the simulated house edge of basic strategy
against the exact calculator (:mod:`.exact`): on an infinite deck for several rule sets,
and on one deck reshuffled every round without resplits, where the composition-dependent
finite-shoe calculator is exact (seed 000 lines 187-211)."""
from simkit.games.blackjack import exact
from simkit.validation import Check

INF = {"decks": "inf"}
#: infinite-deck rule sets checked against the exact calculator
INF_CASES: list[tuple[str, dict]] = [
    ("S17 DAS LS peek", {}),
    ("H17", {"soft17": "hit"}),
    ("no DAS", {"das": False}),
    ("no surrender", {"surrender": "none"}),
    ("no hole card", {"hole_card": "none"}),
]
#: one deck, reshuffled every round, no resplits: the finite-shoe calculator is exact
ONE_DECK = {"decks": 1, "continuous_shuffle": True, "max_hands": 2}


def checks() -> list:
    out = [Check(f"house edge, basic strategy, infinite deck, {label}", exact.house_edge({**INF, **rules}),
                 2_000_000, {**INF, **rules}, source="exact infinite-deck calculator")
           for label, rules in INF_CASES]
    out.append(Check("house edge, basic strategy, one deck reshuffled every round", exact.house_edge(ONE_DECK),
                     2_000_000, ONE_DECK, source="exact finite-shoe calculator"))
    return out
