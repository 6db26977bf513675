"""One sign convention for ``dealer_edge`` (issue 29): positive means dealing pays, in
every game that reports it; the study's headline figure puts Polignac's and Tyotka's on
one axis. Each game's edge is checked against its per-position figures on the same deals."""
import pytest

import simkit


def test_tyotka_dealer_edge_is_the_penalty_the_dealer_saves():
    """Tyotka counts penalties (fewer is better): the edge is the others' mean penalty
    minus the dealer's (position 4: the dealer's left is position 1)."""
    m = simkit.simulate("tyotka", 400, rules={"unit": "deal"}, seed=4, progress=False).metrics
    others = sum(m[f"penalty.position{p}"]["value"] for p in (1, 2, 3)) / 3
    assert m["dealer_edge"]["value"] == pytest.approx(others - m["penalty.position4"]["value"], abs=1e-9)
    lo, hi = m["dealer_edge"]["ci95"]
    assert lo < m["dealer_edge"]["value"] < hi


def test_polignac_dealer_edge_is_the_net_points_dealing_gains():
    """Polignac counts net points (more is better): the dealer's minus the others' mean."""
    res = simkit.simulate("polignac", 400, rules={"unit": "deal"}, seed=4, progress=False)
    m, P = res.metrics, res.rules.players
    others = sum(m[f"net.position{p}"]["value"] for p in range(1, P)) / (P - 1)
    assert m["dealer_edge"]["value"] == pytest.approx(m[f"net.position{P}"]["value"] - others, abs=1e-9)


def test_every_dealer_edge_is_declared_positive_when_dealing_pays():
    """metric_info (the unit and direction the study and compare use) declares it so for
    every game that reports a dealer_edge (a light stand-in: importing a game compiles it)."""
    import types

    from simkit.reports.metric_info import metric_info

    for gid in ("tyotka", "polignac", "oh-hell", "spades", "semerik", "klaberjass", "kontchinka"):
        game = types.SimpleNamespace(id=gid, unit="game", headline="", headline_doc="")
        info = metric_info(game, "dealer_edge")
        assert info.better == "max" and info.whom == "the dealer", gid
        assert "positive: dealing pays" in info.definition, gid
