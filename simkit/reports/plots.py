"""Figures: convergence of one run, a metric against a swept parameter, and paired
differences. Each figure carries n, the rules, the policies, the seed and the version."""
from __future__ import annotations

import textwrap

import numpy as np

from simkit.reports.estimates import Z95
from simkit.reports.figcheck import place_legend, settle_legends
from simkit.reports.text import policy_labels


def _caption(ax, text: str):
    """The footer every figure carries, below a layout that leaves it room (two lines of
    7-point text at most in a 4-inch figure)."""
    fig = ax.figure
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    fig.text(0.01, 0.005, text, fontsize=7, color="0.35", ha="left", va="bottom", wrap=True)
    settle_legends(fig)


def add_footer(fig, text: str, bottom: float = 0.07):
    """The footer a figure of the study or an experiment carries (n, rules, policies, seed,
    simkit version), below a layout that leaves it ``bottom`` of the height."""
    fig.tight_layout(rect=(0, bottom, 1, 1))
    fig.text(0.01, 0.005, text, fontsize=7, color="0.35", ha="left", va="bottom", wrap=True)


def wrap_label(text: str, width: int) -> str:
    """``text`` on lines of at most ``width`` characters where it can, broken after a
    comma or at a space (``deck-aware:high=10,low=1,`` / ``threshold=-0.26``), never
    inside a word."""
    pieces = [p for p in text.replace(" ", " \0").replace(",", ",\0").split("\0") if p]
    lines, line = [], ""
    for piece in pieces:
        if line and len(line) + len(piece) > width:
            lines.append(line.rstrip())
            line = ""
        line += piece
    lines.append(line.rstrip())
    return "\n".join(lines)


def set_wrapped_title(ax, text: str):
    """A title wrapped to fit above the axes even once long tick labels have pushed them
    aside: 6 characters per inch of figure width (a 12-point character is about 0.09 in
    wide, and the axes keep at least about 60% of the width)."""
    chars = max(30, int(ax.figure.get_figwidth() * 6))
    ax.set_title("\n".join(textwrap.wrap(text, chars)))


def plural(unit: str) -> str:
    """``bank`` -> ``banks``, ``party`` -> ``parties``, ``match`` -> ``matches``,
    ``block of rounds`` -> ``blocks of rounds``."""
    head, _, rest = unit.partition(" ")
    if head.endswith(("s", "x", "ch", "sh")):
        head += "es"
    elif head.endswith("y") and head[-2:-1] not in ("a", "e", "i", "o", "u"):
        head = head[:-1] + "ies"
    else:
        head += "s"
    return f"{head} {rest}" if rest else head


def split_common(labels) -> tuple:
    """Compared policies' labels (``stake=best primazka=join:fraction=1``) without the
    role parts every label shares: ``(short labels, the shared parts)``, so that a legend
    or tick label shows what differs and a caption says the rest once."""
    parts = [str(lab).split(" ") for lab in labels]
    shared = [p for p in parts[0] if all(p in q for q in parts[1:])] if len(parts) > 1 else []
    short = [" ".join(p for p in q if p not in shared) or " ".join(q) for q in parts]
    return short, " ".join(shared)


def axis_label(game, metric: str) -> str:
    """``metric`` with its unit for an axis, e.g. ``house_edge (punters' loss per unit
    staked)`` (:func:`~simkit.reports.metric_info.metric_info`); the bare name when no
    unit is known."""
    from simkit.reports.metric_info import metric_info

    try:
        unit = metric_info(game, metric).unit
    except Exception:                     # an unknown game id: the bare name
        unit = ""
    return f"{metric} ({unit})" if unit else metric


def _title_of(gid: str) -> str:
    """A registered game's title (its id when it has none or is not registered)."""
    try:
        import simkit

        return simkit.get_game(gid).title or gid
    except Exception:
        return gid


def game_title(res) -> str:
    """The game's title for the rules of ``res`` (a game with variants names the one run)."""
    title_for = getattr(res.game, "title_for", None)
    return title_for(res.rules) if callable(title_for) else (res.game.title or res.game.id)


def _run_caption(res) -> str:
    changed = res.rules.changed()
    rules = ", ".join(f"{k}={v}" for k, v in changed.items()) or "default rules"
    meta = res.meta()
    return (f"{res.game.id} | n={res.n_units:,} {plural(meta['unit'])} | {rules} | "
            f"{policy_labels(meta['policies'])} | seed {res.seed} | simkit {res.version}")


def _band(game, metric: str, units, value, stderr) -> tuple:
    """The 95% band of a trace: ``value ± z·stderr``, but for a rate (a share in [0, 1],
    :mod:`~simkit.reports.metric_info`) the Wilson interval at the effective number of
    trials that the tables use (:func:`~simkit.reports.estimates.as_rate`), so that the
    band stays within [0, 1] as the reported interval does."""
    from simkit.reports.estimates import Estimate, as_rate
    from simkit.reports.metric_info import metric_info

    if "(0-1)" not in metric_info(game, metric).unit:
        return value - Z95 * stderr, value + Z95 * stderr
    cis = [as_rate(Estimate(float(v), float(s), (float("nan"),) * 2, int(n))).ci95
           for n, v, s in zip(units, value, stderr)]
    return np.array([c[0] for c in cis], dtype=float), np.array([c[1] for c in cis], dtype=float)


def plot_convergence(res, metric: str | None = None, ax=None, reference: float | None = None):
    """Running estimate of the headline metric with its 95% band against units played
    (one point per chunk; a rate's band is its Wilson interval, as in the tables).
    ``reference`` draws an exact value as a dashed line."""
    import matplotlib.pyplot as plt

    metric = metric or res.game.headline
    if metric != res.game.headline:
        raise ValueError(f"the run traced {res.game.headline!r}, not {metric!r}")
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 4))
    tr = res.trace
    x = np.array([t["units"] for t in tr], dtype=float)
    y = np.array([t["value"] for t in tr], dtype=float)
    se = np.array([t["stderr"] for t in tr], dtype=float)
    lo, hi = _band(res.game, metric, x, y, se)
    ax.plot(x, y, marker="o" if len(x) < 30 else None, lw=1.5, label=f"{metric} (running)")
    ax.fill_between(x, lo, hi, alpha=0.25, label="95% interval")
    if reference is not None:
        ax.axhline(reference, ls="--", color="k", lw=1, label="exact")
    ax.set_xscale("log" if len(x) > 1 and x.max() / max(x.min(), 1) > 50 else "linear")
    if ax.get_xscale() == "log":                 # labels on the decades only: minor ones crowd a short range
        from matplotlib.ticker import NullFormatter

        ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel(f"{plural(res.game.unit_for(res.rules))} played")
    ax.set_ylabel(axis_label(res.game, metric))
    set_wrapped_title(ax, f"{game_title(res)}: convergence of {metric}")
    place_legend(ax, fontsize=8)
    _caption(ax, _run_caption(res))
    return ax


def plot_sweep(df, x: str, metric: str, hue: str | None = None, ax=None):
    """``metric`` against grid column ``x`` with its 95% band, one line per ``hue`` value;
    a difference column of a sweep with ``base=`` (``<metric>_diff``) gets its paired
    band and a zero line. The axis names the metric's unit; the footer gives the base
    rules without the swept keys."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 4))
    groups = [(None, df)] if hue is None else list(df.groupby(hue, sort=False))
    for key, part in groups:
        part = part.sort_values(x)
        xs = part[x].to_numpy()
        label = metric if key is None else f"{hue}={key}"
        ax.plot(xs, part[metric], marker="o", label=label)
        if f"{metric}_ci95_low" in part:
            low, high = part[f"{metric}_ci95_low"], part[f"{metric}_ci95_high"]
        else:                             # a difference column (``base=``): its paired stderr
            low = part[metric] - Z95 * part[f"{metric}_stderr"]
            high = part[metric] + Z95 * part[f"{metric}_stderr"]
        ax.fill_between(xs, low, high, alpha=0.2)
    a = df.attrs
    ax.set_xlabel(x)
    ax.set_ylabel(axis_label(a["game"], metric) if a.get("game") else metric)
    if metric.endswith("_diff"):           # differences from a base point: zero is no difference
        ax.axhline(0, color="k", lw=0.8)
    place_legend(ax, fontsize=8)
    title = _title_of(a.get("game")) if a.get("game") else ""
    set_wrapped_title(ax, f"{title + ': ' if title else ''}{metric} against {x}" + (f", by {hue}" if hue else ""))
    if a:
        swept = set(a.get("grid", [x]))      # a swept key's base value is not one the plot holds
        rules = ", ".join(f"{k}={v}" for k, v in a.get("rules", {}).items() if k not in swept) or "default rules"
        _caption(ax, f"{a.get('game', '')} | n={a.get('hands', 0):,} {a.get('hands_word', 'hands')} per point | "
                     f"base: {rules} | {policy_labels(a.get('policies', {}))} | "
                     f"swept: {', '.join(a.get('grid', [x]))} | "
                     f"seed {a.get('seed')} | same deals across the grid | simkit {a.get('version', '?')}")
    return ax


def plot_differences(comparison, metric: str, ax=None):
    """Bar chart of each policy's difference from the first in ``metric``, with paired
    95% intervals (Student's t with ``G − 1`` degrees of freedom, as the tables), a zero
    line, and the labels wrapped so that long policy names do not overlap."""
    import matplotlib.pyplot as plt
    from simkit.reports.student import t_quantile2

    df = comparison.differences(metric)
    labels = [wrap_label(str(p), 28) for p in df["policy"]]
    lines = sum(max(1, lab.count("\n") + 1) for lab in labels)
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 0.32 * lines + 0.3 * len(df) + 2.0))
    y = np.arange(len(df))
    t = t_quantile2(0.05, comparison.n_groups - 1)
    err = t * df["diff_stderr"].to_numpy()
    ax.barh(y, df["diff"], xerr=err, color="tab:blue", alpha=0.7, capsize=4)
    ax.set_yticks(y, labels, fontsize=8)
    ax.axvline(0, color="k", lw=0.8)
    ax.set_xlabel(f"{axis_label(comparison.game, metric)}: difference from {comparison.labels[0]}\n"
                  f"(paired 95% interval, t with {comparison.n_groups - 1} df)")
    res = comparison.results[0]
    set_wrapped_title(ax, f"{game_title(res)}: {metric}, each policy against {comparison.labels[0]}")
    rules = ", ".join(f"{k}={v}" for k, v in res.rules.changed().items()) or "default rules"
    _caption(ax, f"{res.game.id} | n={res.n_units:,} {plural(res.meta()['unit'])} each, same deals | {rules} | "
                 f"seed {res.seed} | simkit {res.version}")
    return ax


def plot_tournament(t, fig=None):
    """Two panels: each entrant's rating with its 95% interval (best on top), and the
    pairwise score differences (row minus column) as a heat map, significant ones
    (Holm) marked with a star."""
    import matplotlib.pyplot as plt
    ent = t.entrants()
    k = t.k
    if fig is None:
        fig = plt.figure(figsize=(11, 0.5 * k + 4.6))
    ax1, ax2 = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.1]})
    short = {lab: "\n".join(textwrap.wrap(lab, 22)) or lab for lab in ent["entrant"]}
    y = np.arange(k)[::-1]
    lo, hi = ent["rating_ci95_low"].to_numpy(), ent["rating_ci95_high"].to_numpy()
    r = ent["rating"].to_numpy()
    ax1.errorbar(r, y, xerr=[r - lo, hi - r], fmt="o", capsize=4, color="tab:blue")
    ax1.set_yticks(y, [f"{short[a]} (rank {lo_}-{hi_})" if lo_ != hi_ else f"{short[a]} (rank {lo_})"
                       for a, lo_, hi_ in zip(ent["entrant"], ent["rank_low"], ent["rank_high"])], fontsize=8)
    ax1.axvline(0, color="k", lw=0.8)
    ax1.set_xlabel(f"rating, {t.rating_unit}\n(95% interval, jackknife over {t.n_groups} unit groups)")
    order = list(ent["entrant"])
    pairs = t.pairs()
    D = np.zeros((k, k))
    star = np.zeros((k, k), bool)
    for p in pairs.itertuples():
        i, j = order.index(p.a), order.index(p.b)
        D[i, j], D[j, i] = p.diff, -p.diff
        star[i, j] = star[j, i] = p.significant
    m = np.nanmax(np.abs(D)) or 1.0
    im = ax2.imshow(D, cmap="RdBu_r" if t.contest.better == "max" else "RdBu", vmin=-m, vmax=m)
    ax2.set_xticks(range(k), [short[a] for a in order], rotation=35, ha="right", fontsize=8)
    ax2.set_yticks(range(k), [short[a] for a in order], fontsize=8)
    for i in range(k):
        for j in range(k):
            if i != j:
                ax2.text(j, i, f"{D[i, j]:+.3g}{'*' if star[i, j] else ''}", ha="center", va="center", fontsize=8,
                         color="white" if abs(D[i, j]) > 0.6 * m else "black")
    fig.colorbar(im, ax=ax2, shrink=0.8, label=f"row minus column: {t.contest.what}")
    ax2.set_title("score differences (* Holm-significant, 5%)", fontsize=10)
    unit = t.game.unit_for(t.rules)
    ax1.set_title(f"{t.game.title or t.game.id}: duplicate tournament\nscore = {t.contest.what}", fontsize=10)
    changed = t.rules.changed()
    rules = ", ".join(f"{a}={b}" for a, b in changed.items()) or "default rules"
    _caption(ax1, f"{t.game.id} | n={t.units_played:,} {plural(unit)} in each of {len(t.design)} seatings, same deals | "
                  f"{rules} | seed {t.seed} | simkit {t.version}")
    return fig
