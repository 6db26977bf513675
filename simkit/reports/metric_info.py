"""What each metric is: its unit, which direction is better and for whom, and a one-line
definition (issue 29: the study's summary gives every row a unit and a definition;
``compare`` ranks by the direction the metric declares).

Metrics are named ``<base>[.<who>]`` (``win_rate.seat0``, ``house_edge``,
``contract_made_rate.dealer``); :func:`metric_info` reads the base by rules that hold in
every game (a ``*_rate`` is a share in ``[0, 1]``, ``house_edge`` is the punters' loss
per unit staked, ``dealer_edge`` is positive when dealing pays) and takes a game's own
entry in :data:`GAME_METRICS` first. ``better`` is ``"max"``, ``"min"`` or ``None`` (a
descriptive figure no side prefers: a rate of reshuffles, the mean length of a game);
``whom`` says for whom the direction holds.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MetricInfo:
    """``unit`` of the value, ``better`` (``"max"``, ``"min"`` or ``None``), ``whom`` the
    direction is better for, and ``definition`` (one line)."""

    unit: str
    better: str | None
    whom: str
    definition: str

    def direction(self) -> str:
        """``"higher is better for seat 0"``, or ``"no better direction (descriptive)"``."""
        if self.better is None:
            return "no better direction (a descriptive figure)"
        return f"{'higher' if self.better == 'max' else 'lower'} is better for {self.whom}"


_HOUSE = ("punters' loss per unit staked", "min", "the punters (the players against the bank)",
          "the punters' mean loss per unit of initial stake over independent {unit}s (a delta-method ratio); "
          "positive favours the house (the banker)")

#: a game's own metrics (game id -> {metric name or base: (unit, better, whom, definition)});
#: ``{unit}`` in a definition is the game's unit
GAME_METRICS: dict[str, dict[str, tuple]] = {
    "babochka": {
        "pot_ev.seat0": ("chips per pot", "max", "seat 0",
                         "pot_ev.seat0: the mean net chips per pot of seat 0 (the first dealer): the pot taken less "
                         "the antes and fees paid (GAMES.md G14)"),
        "first_mover_pot_ev": ("chips per pot", "max", "the first mover",
                               "first_mover_pot_ev: the mean net chips per pot of the seat that moves first (the "
                               "first dealer's left): the pot taken less the antes and fees paid (GAMES.md G14)"),
    },
    "banchok": {"house_edge": _HOUSE},
    "blackjack": {"house_edge": _HOUSE},
    "macao": {"house_edge": _HOUSE},
    "treize": {"house_edge": _HOUSE},
    "ochko": {"house_edge": ("punters' loss per unit staked", "min", "the punters",
                             "house_edge: the punters' mean loss per unit of initial stake over independent banks "
                             "(a delta-method ratio, in stakes); positive favours the banker (GAMES.md G19)")},
    "oh-hell": {"bid_accuracy": ("share of bids (0-1)", "max", "the bidders",
                                 "bid_accuracy: the share of bids made exactly (the bidder took exactly the tricks "
                                 "he bid), over every bid of every deal")},
    "poker": {"win_rate.seat1": ("share of hands (0-1)", "max", "seat 1",
                                 "win_rate.seat1: the share of pots taken by seat 1 (the dealer's left, first to "
                                 "act), a pot split k ways counting 1/k")},
    "tyotka": {"penalty": ("penalty points per deal", "min", "{who}", ""),
               "dealer_edge": ("penalty points per deal", "max", "the dealer",
                               "dealer_edge: the mean of the other three seats' penalty points per deal minus the "
                               "dealer's (positive: dealing pays)")},
    "king": {"score": ("points per {unit}", "max", "{who}", "")},
    "kontchinka": {
        "points_per_deal": ("points per deal", None, "", "points_per_deal: the points the seats score per deal, "
                                                         "all together (fixed by the rules in variant a: a check)"),
    },
}


def _game(game):
    if isinstance(game, str):
        import simkit

        return simkit.get_game(game)
    return game


def _generic(base: str, who: str, unit: str):
    """``(unit, better, whom, definition)`` by the metric's base name, or ``None``."""
    whom = {"": "", "ns": "seats 0 and 2", "ew": "seats 1 and 3"}.get(who, who.replace("seat", "seat ")
                                                                     .replace("position", "position "))
    if base in ("house_edge", "flat_edge"):
        u, b, w, d = _HOUSE
        return u, b, w, f"{base}: " + d.format(unit=unit)
    if base == "dealer_edge":
        return ("points per deal", "max", "the dealer",
                "dealer_edge: the dealer's points per deal minus the others' mean (positive: dealing pays)")
    if base == "win_rate":
        return (f"share of {unit}s (0-1)", "max", whom or "the seat",
                f"win_rate.{who}: the share of {unit}s won by {whom} (ties shared)")
    if base in ("contract_made_rate", "claim_exact_rate"):
        return "share (0-1)", "max", "the declarer", ""
    if base == "contract_failed_rate":
        return "share (0-1)", "min", "the declarer", ""
    if base in ("punter_win_rate", "half_win_rate", "bid_accuracy"):
        return "share (0-1)", "max", whom or ("the punter" if base.startswith("punter") else "the seat"), ""
    if base.endswith(("_rate", "_share", "_accuracy")) or base.startswith("p_"):
        return "share (0-1)", None, "", ""
    if base in ("pot_ev", "first_mover_pot_ev"):
        return "chips per pot", "max", whom or "the first mover", ""
    if base in ("score", "net", "points_per_deal", "settlement", "party_settlement", "chip_ev"):
        per = "deal" if base in ("net", "points_per_deal") else unit
        return f"points per {per}", ("max" if who else None), whom, ""
    if base.startswith("banker_net") or base == "banker_roi":
        return "stakes per " + base.rsplit("_", 1)[-1], "max", "the banker", ""
    if base in ("penalty",):
        return "penalty points per deal", "min", whom, ""
    if "_per_" in base:
        return base.split("_per_", 1)[0].replace("_", " ") + " per " + base.split("_per_", 1)[1], None, "", ""
    return None


def metric_info(game, name: str) -> MetricInfo:
    """What metric ``name`` of ``game`` (a Game or its id) is: see the module doc. A metric
    no rule knows gets an empty unit and ``better=None``."""
    g = _game(game)
    base, _, who = name.partition(".")
    unit = getattr(g, "unit", "unit")
    own = GAME_METRICS.get(g.id, {})
    entry = own.get(name) or own.get(base)
    gen = _generic(base, who, unit)
    u, b, w, d = entry or gen or ("", None, "", "")
    if entry is None:
        d = ""                                    # the game's own headline_doc before the generic line
    whom = w.replace("{who}", who.replace("seat", "seat ").replace("position", "position ") or "the seat")
    if not d and getattr(g, "headline", None) == name and getattr(g, "headline_doc", ""):
        d = g.headline_doc
    if not d and gen and gen[3]:
        d = gen[3]
    if d and not d.startswith(name) and not d.startswith(base):
        d = f"{name}: {d}"
    return MetricInfo(u.replace("{unit}", unit), b, whom, d.replace("{unit}", unit))
