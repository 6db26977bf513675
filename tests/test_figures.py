"""Every figure simkit draws, rendered at its default size as a plain ``savefig`` writes
it (no ``bbox_inches="tight"`` to rescue it): no text runs off the canvas, and each
carries its footer (n, seed, version)."""
import importlib.util
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
import pytest

import simkit
from simkit.reports.plots import plot_convergence, plot_differences, plot_sweep, plural
from simkit.study import headline_figure, summary_row

matplotlib.use("Agg")
ROOT = Path(__file__).resolve().parent.parent


def clipped_texts(fig) -> list:
    """What of ``fig`` is drawn beyond its canvas: the figure's texts, and for each axes
    its title, labels and drawn tick labels (``get_tightbbox`` counts only what is drawn)."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    box = fig.bbox

    def out(e):
        return e.x0 < box.x0 - 1 or e.y0 < box.y0 - 1 or e.x1 > box.x1 + 1 or e.y1 > box.y1 + 1

    bad = [t.get_text() for t in fig.texts if t.get_text().strip() and out(t.get_window_extent(renderer))]
    for ax in fig.axes:
        for t in (ax.title, ax._left_title, ax._right_title):
            if t.get_text() and out(t.get_window_extent(renderer)):
                bad.append(t.get_text())
        for axis in (ax.xaxis, ax.yaxis):
            e = axis.get_tightbbox(renderer)
            if e is not None and out(e):
                bad.append(f"{axis.axis_name} axis of {ax.get_title()!r}")
    return bad


def footer(fig) -> str:
    return " ".join(t.get_text() for t in fig.texts)


def check(fig):
    import matplotlib.pyplot as plt

    from simkit.reports.figcheck import figure_problems

    try:
        assert clipped_texts(fig) == []
        assert figure_problems(fig) == []
        assert f"simkit {simkit.__version__}" in footer(fig)
    finally:
        plt.close(fig)


def test_the_check_sees_a_clipped_title():
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(3, 2))
    ax.set_title("a title far too long for a three-inch figure to hold on one line")
    assert clipped_texts(fig)
    plt.close(fig)


@pytest.mark.parametrize("gid,rules", [("ochko", {"variant": "A"}), ("treize", {}), ("poker", {})])
def test_convergence(gid, rules):
    res = simkit.simulate(gid, 2000, rules=rules, seed=1, progress=False, chunk=250)
    ax = plot_convergence(res)
    check(ax.figure)
    if gid == "ochko":            # a variant A run is not titled "variants A and B"
        assert "variant A" in ax.get_title() and "variants A and B" not in ax.get_title()
    if gid == "treize":           # the axis says what and in which unit
        assert ax.get_ylabel() == "house_edge (punters' loss per unit staked)"


def test_a_rates_convergence_band_stays_within_0_and_1():
    """A rate's band is its Wilson interval, as in the tables (issue 29's Wilson fix): the
    normal band of the first few units ran past 1 (a full study's Semerik and Sixty-six
    figures) and below 0 (Marriage for four's claim rate)."""
    res = simkit.simulate("poker", 60, seed=1, progress=False, chunk=3)
    ax = plot_convergence(res)
    band = next(c for c in ax.collections if c.get_label() == "95% interval")
    ys = np.concatenate([p.vertices[:, 1] for p in band.get_paths()])
    assert ys.min() >= 0.0 and ys.max() <= 1.0
    trace = res.trace
    first = trace[0]
    assert first["value"] + 1.96 * first["stderr"] > 1.0 or first["value"] - 1.96 * first["stderr"] < 0.0


def test_blackjack_infinite_deck_convergence_names_its_unit():
    res = simkit.simulate("blackjack", 20_000, rules={"decks": "inf"}, seed=1, progress=False, chunk=10)
    ax = plot_convergence(res, reference=0.005)
    assert ax.get_xlabel() == "blocks of rounds played" and "blocks of rounds" in footer(ax.figure)
    check(ax.figure)


def test_sweep_footer_has_base_policy_and_version():
    df = simkit.sweep("treize", {"stake.threshold": [-0.3, 0.0]}, 2000, seed=1, rules={"deck": 36},
                      policies="deck-aware:low=1,high=10", progress=False)
    ax = plot_sweep(df, "stake.threshold", "house_edge")
    text = footer(ax.figure)
    assert "deck-aware:high=10,low=1" in text and "deck=36" in text and "swept: stake.threshold" in text
    assert ax.get_ylabel() == "house_edge (punters' loss per unit staked)"
    title = ax.get_title().replace("\n", " ")       # wrapped to the figure's width
    assert title.startswith("Treize") and "house_edge against stake.threshold" in title
    check(ax.figure)


def test_sweep_footer_leaves_out_the_swept_rule():
    df = simkit.sweep("treize", {"deck": [52, 36]}, 500, seed=1, rules={"deck": 36, "bank": 50}, progress=False)
    text = footer(plot_sweep(df, "deck", "house_edge").figure)
    assert "bank=50" in text and "deck=36" not in text and "swept: deck" in text


def test_a_difference_sweep_has_a_zero_line():
    df = simkit.sweep("treize", {"deck": [52, 36]}, 500, seed=1, base={"deck": 52}, progress=False)
    ax = plot_sweep(df, "deck", "house_edge_diff")
    assert any(tuple(line.get_ydata()) == (0, 0) for line in ax.get_lines())


def test_differences():
    cmp = simkit.compare("treize", ["flat", "deck-aware:threshold=-0.26"], 2000, seed=1, progress=False)
    ax = plot_differences(cmp, "house_edge")
    assert ax.get_xlabel().startswith("house_edge (punters' loss per unit staked): difference from")
    title = ax.get_title().replace("\n", " ")
    assert title.startswith("Treize") and "house_edge, each policy against flat" in title
    assert "default rules" in footer(ax.figure)
    check(ax.figure)


def test_headline_has_one_panel_per_kind_of_metric():
    rows = [summary_row(simkit.simulate(g, 500, rules=r, seed=1, progress=False), c)
            for g, r, c in [("treize", {}, "defaults"), ("ochko", {"variant": "A"}, "variant=A"),
                            ("poker", {}, "defaults")]]
    fig = headline_figure(pd.DataFrame(rows), f"simkit default study | seed 1 | simkit {simkit.__version__}")
    assert len(fig.axes) == 4  # per kind: values on a common axis, and the intervals enlarged
    assert [ax.get_xlabel().split()[0] for ax in fig.axes[::2]] == ["house_edge", rows[2]["metric"]]
    check(fig)


def test_blackjack_rule_effects_marks_unpaired_rows():
    spec = importlib.util.spec_from_file_location("blackjack_rules", ROOT / "experiments" / "blackjack_rules.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    rows = [{"option": "(defaults)", "value": "", "diff": 0.0, "diff_stderr": 0.0, "paired": True,
             "exact_inf_diff": 0.0}]
    rows += [{"option": k, "value": str(v), "diff": 0.001 * i, "diff_stderr": 0.0005,
              "paired": k not in ("continuous_shuffle",) and v != "inf", "exact_inf_diff": np.nan}
             for i, (k, v) in enumerate(mod.VARIANTS)]
    args = type("Args", (), {"hands": 1000, "seed": 1})()
    fig = mod._figure(pd.DataFrame(rows), args)
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert "decks=inf (unpaired)" in labels and "continuous_shuffle=True (unpaired)" in labels
    assert "decks=1" in labels
    check(fig)


def test_plurals():
    assert [plural(u) for u in ("bank", "party", "match", "pot", "game", "block of rounds", "day")] == \
        ["banks", "parties", "matches", "pots", "games", "blocks of rounds", "days"]


@pytest.mark.parametrize("gid", ["polignac"])
def test_tournament_figure(gid):
    t = simkit.tournament(gid, ["heuristic", "random", "heuristic"], 30, rules={"unit": "deal"}, seed=1, groups=5,
                          speed=False)
    fig = t.plot()
    assert "30 deals in each of 3 seatings" in footer(fig)
    check(fig)


def test_headline_names_units_in_plural_and_says_what_it_shows():
    rows = [{"game": "king", "case": "defaults", "unit": "party", "units": 800, "metric": "score.seat0",
             "value": -2.7, "value_unit": "points per party", "ci95_low": -4.8, "ci95_high": -0.5},
            {"game": "kozel", "case": "defaults", "unit": "match", "units": 40, "metric": "decisive_half_rate",
             "value": 0.074, "value_unit": "share (0-1)", "ci95_low": 0.069, "ci95_high": 0.080}]
    fig = headline_figure(pd.DataFrame(rows), f"simkit default study | seed 1 | simkit {simkit.__version__}")
    labels = [t.get_text() for ax in fig.axes[::2] for t in ax.get_yticklabels()]
    assert any("800 parties" in lab for lab in labels) and any("40 matches" in lab for lab in labels)
    assert not any("partys" in lab or "matchs" in lab for lab in labels)
    assert fig.axes[0].get_xlabel() == "score.seat0 (points per party) with 95% interval"
    assert fig._suptitle.get_text().startswith("simkit default study")
    check(fig)


def test_policy_labels_wrap_after_commas_not_inside_words():
    from simkit.reports.plots import wrap_label

    assert wrap_label("deck-aware:high=10,low=1,threshold=-0.26", 28) == "deck-aware:high=10,low=1,\nthreshold=-0.26"
    assert wrap_label("flat:units=1", 28) == "flat:units=1"
    assert wrap_label("bid=random play=heuristic:cheap=0", 20) == "bid=random\nplay=heuristic:cheap=0"
