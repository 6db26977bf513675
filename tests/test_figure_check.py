"""The figure check (:func:`simkit.reports.figcheck.figure_problems`) that every figure of
the study and the experiments passes: each of its checks can fail, and a tidy figure
passes."""
import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest

from simkit.reports.figcheck import figure_problems

matplotlib.use("Agg")


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def foot(fig):
    fig.text(0.01, 0.005, "treize | n=1,000 banks | seed 1 | simkit 0.1.0", fontsize=7)


def tidy():
    fig, ax = plt.subplots(figsize=(6, 4))
    x = np.arange(10)
    ax.plot(x, x ** 0.5, label="square root")
    ax.fill_between(x, x ** 0.5 - 0.2, x ** 0.5 + 0.2, alpha=0.2)
    ax.axhline(0, color="k", lw=0.8)
    ax.set_xlabel("deals played")
    ax.set_ylabel("edge (chips per deal)")
    ax.set_title("a tidy figure")
    ax.legend(loc="lower right")
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    fig.text(0.01, 0.005, "treize | n=1,000 banks | default rules | stake: flat | seed 1 | simkit 0.1.0", fontsize=7)
    return fig, ax


def test_a_tidy_figure_passes():
    fig, _ = tidy()
    assert figure_problems(fig) == []


def test_a_missing_title_axis_label_and_footer_are_seen():
    fig, ax = tidy()
    ax.set_title("")
    ax.set_ylabel("")
    fig.texts.clear()
    problems = figure_problems(fig)
    assert any("no title" in p for p in problems)
    assert any("no footer" in p for p in problems)
    assert any("y axis has numbers but no label" in p for p in problems)


def test_a_neighbour_sharing_the_axis_may_carry_its_label():
    fig, (a, b) = plt.subplots(1, 2, sharey=True, figsize=(10, 4))
    fig.suptitle("two panels")
    for ax in (a, b):
        ax.plot([0, 1], [0, 1])
        ax.set_xlabel("x (units)")
    a.set_ylabel("y (units)")
    fig.tight_layout()
    foot(fig)
    assert figure_problems(fig) == []


def test_category_tick_labels_need_no_axis_label():
    fig, ax = plt.subplots()
    ax.barh(["flat", "deck-aware"], [0.2, 0.3])
    ax.set_xlabel("house edge (per unit staked)")
    ax.set_title("bars")
    foot(fig)
    assert figure_problems(fig) == []


def test_a_legend_over_the_data_is_seen():
    fig, ax = tidy()
    ax.get_legend().remove()
    ax.legend(loc="upper left", bbox_to_anchor=(0.4, 0.75))     # on the curve
    assert any("legend covers drawn data" in p for p in figure_problems(fig))


def test_an_empty_panel_is_seen():
    fig, (a, b) = plt.subplots(1, 2)
    fig.suptitle("one panel left empty")
    a.plot([0, 1], [0, 1])
    a.set_xlabel("x (units)")
    a.set_ylabel("y (units)")
    assert any("panel 2 is empty" in p for p in figure_problems(fig))


def test_overlapping_text_is_seen():
    fig, ax = tidy()
    ax.set_xticks(range(10), [f"a long tick label {k}" for k in range(10)])
    assert any("overlaps" in p and "tick label" in p for p in figure_problems(fig))
    fig, ax = tidy()
    ax.plot([0, 9], [0, 3], label="a second line with a long name")
    ax.set_title("how banks end", pad=2)
    ax.legend(loc="lower left", bbox_to_anchor=(0, 1.0), ncol=2)  # the banchok figure's first try
    assert any("overlaps" in p and "title" in p for p in figure_problems(fig))


def test_place_legend_finds_a_clear_place():
    from simkit.reports.figcheck import place_legend

    fig, ax = plt.subplots(figsize=(6, 4))
    for k in range(3):                         # bars filling the axes up to the top
        ax.bar(np.arange(4) + 0.25 * k, [0.3, 0.25, 0.28, 0.29], 0.25, label=f"policy {k}")
    ax.set_ylim(0, 0.3)
    ax.set_xlabel("seat")
    ax.set_ylabel("win rate (share of games)")
    ax.set_title("bars to the top")
    ax.legend(loc="upper right")
    foot(fig)
    assert any("legend covers" in p for p in figure_problems(fig))
    place_legend(ax, fontsize=8)
    assert figure_problems(fig) == []


def test_slanted_tick_labels_overlap_only_when_their_letters_do():
    fig, ax = tidy()
    ax.set_xticks(range(10), [f"contract_{k}" for k in range(10)], rotation=30, ha="right")
    fig.tight_layout()
    assert figure_problems(fig) == []          # upright hulls overlap, the slanted labels do not
    fig, ax = tidy()
    ax.set_xticks(np.arange(10) * 0.1, [f"contract_{k}" for k in range(10)], rotation=30, ha="right")
    assert any("tick label" in p and "overlaps" in p for p in figure_problems(fig))


def test_a_legend_beside_the_axes_covers_nothing_drawn_beyond_them():
    fig, ax = tidy()
    ax.plot([0, 100], [1, 1], label="runs past the axes")    # clipped at the axes' edge
    ax.set_xlim(0, 9)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    assert not [p for p in figure_problems(fig) if "legend covers" in p]


def test_a_twin_axes_hidden_ticks_overlap_nothing():
    fig, ax = tidy()
    twin = ax.twinx()
    twin.plot(np.arange(10), np.arange(10) * 2.0, color="C2")
    twin.set_ylabel("closing rate (share of deals)")
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    assert not [p for p in figure_problems(fig) if "overlaps" in p]


def test_crowded_minor_tick_labels_are_seen():
    fig, ax = tidy()
    ax.set_xscale("log")
    ax.set_xlim(15, 900)                # a short log range: matplotlib labels the minor ticks too
    fig.set_size_inches(4, 3)
    assert any("tick label" in p and "overlaps" in p for p in figure_problems(fig))


def test_a_legend_placed_before_the_layout_is_placed_again_after_it():
    from simkit.reports.figcheck import legend_covers, place_legend, settle_legends

    fig, ax = plt.subplots(figsize=(6, 4))
    x = np.linspace(0, 2, 50)
    ax.plot(x, 0.3 + 0.02 * np.sin(8 * x), label="a line across the middle")
    ax.fill_between(x, 0.1, 0.5, alpha=0.2)
    ax.set_ylim(0, 1)
    leg = place_legend(ax, fontsize=12)
    fig.set_size_inches(3, 2)                 # the layout shrinks the axes under the legend
    fig.canvas.draw()
    if legend_covers(ax):                     # the old place no longer clear: settling finds another
        settle_legends(fig)
    assert not legend_covers(ax) and ax.get_legend() is not None and leg is not None
