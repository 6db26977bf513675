"""What a reader of a paper would object to in a figure, found by looking at its artists:
:func:`figure_problems` lists them in words. :meth:`simkit.experiment.Experiment.figure`
runs it on every figure the study and the experiments write, warns about each problem
and records them in ``meta.json`` (``figure_problems``); the suite fails on any.

Checked: a title (the figure's or every panel's); a footer naming the seed and the simkit
version (with n, the rules and the policies, as every figure carries them); a label on every numeric axis of a panel
that draws data (a neighbour sharing the axis may carry it; tick labels that are words
name the categories themselves); no panel without data; no legend covering drawn data;
no text (titles, axis labels, tick labels, legends, footers) overlapping another.
"""
from __future__ import annotations

import re

import numpy as np

_NUMERIC = re.compile(r"^[\u2212+\-0-9.,eE×%]+$")
_MATH = re.compile(r"\\mathdefault|\\times|[${}^\s]")


def _data_artists(ax):
    arts = [a for a in ax.lines if a.get_visible()]
    arts += [p for p in ax.patches if p.get_visible()]
    arts += [c for c in ax.collections if c.get_visible()]
    arts += [i for i in ax.images if i.get_visible()]
    return arts


def _is_reference_line(line) -> bool:
    """A horizontal or vertical line across the axes (``axhline``/``axvline``: zero lines,
    thresholds) without a legend entry: not data a legend must keep clear of (one with an
    entry is a value the figure shows)."""
    if not line.get_label().startswith("_"):
        return False
    x, y = line.get_xdata(), line.get_ydata()
    try:
        return len(x) == 2 and (x[0] == x[1] or y[0] == y[1]) and \
            line.get_transform() != line.axes.transData
    except (TypeError, IndexError):
        return False


def _inside(box, ax):
    """The part of ``box`` inside the axes ``ax`` (data is drawn there only), or ``None``."""
    from matplotlib.transforms import Bbox

    return Bbox.intersection(box, ax.bbox)


def _covers(legend_box, artist, renderer) -> bool:
    """True when ``artist`` draws inside ``legend_box`` (display coordinates)."""
    from matplotlib.collections import PathCollection
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    if isinstance(artist, Line2D):
        if _is_reference_line(artist):
            return False
        path = artist.get_transform().transform_path(artist.get_path())
        if artist.get_linestyle() in ("None", "", " ", "none"):      # markers only
            return any(legend_box.contains(x, y) for x, y in np.asarray(path.vertices))
        return path.intersects_bbox(legend_box, filled=False)
    if isinstance(artist, Patch):
        path = artist.get_transform().transform_path(artist.get_path())
        box = path.get_extents()
        if box.width < 1e-9 and box.height < 1e-9:
            return False
        return box.overlaps(legend_box)
    if isinstance(artist, PathCollection):
        pts = artist.get_offset_transform().transform(artist.get_offsets())
        return any(legend_box.contains(x, y) for x, y in pts)
    if hasattr(artist, "get_paths"):
        tr = artist.get_transform()
        for p in artist.get_paths():
            q = tr.transform_path(p)
            if len(q.vertices) and q.intersects_bbox(legend_box, filled=bool(artist.get_facecolor().size and
                                                                              artist.get_facecolor()[0][3] > 0)):
                return True
        return False
    return False


def _texts(fig, renderer):
    """``(description, bbox)`` of every drawn text of ``fig`` that another must not overlap."""
    out, done = [], set()

    def add(what, artist):
        if artist is None or id(artist) in done:
            return
        done.add(id(artist))
        if artist.get_visible() and (not hasattr(artist, "get_text") or artist.get_text().strip()):
            box = artist.get_window_extent(renderer)
            if box.width > 0 and box.height > 0:
                out.append((what, box, _rotated(artist, box, renderer)))

    if fig._suptitle is not None:
        add("the figure's title", fig._suptitle)
    for t in fig.texts:
        add(f"the text {t.get_text()[:40]!r}", t)
    for leg in fig.legends:
        add("a figure legend", leg)
    for k, ax in enumerate(fig.axes):
        name = f"panel {k + 1} ({ax.get_title()[:30]!r})" if ax.get_title() else f"panel {k + 1}"
        for t in (ax.title, ax._left_title, ax._right_title):
            add(f"the title of {name}", t)
        add(f"the x label of {name}", ax.xaxis.label)
        add(f"the y label of {name}", ax.yaxis.label)
        if ax.get_legend() is not None:
            add(f"the legend of {name}", ax.get_legend())
        for t in ax.texts:
            add(f"the note {t.get_text()[:20]!r} in {name}", t)
        for axis in (ax.xaxis, ax.yaxis):
            for t in _drawn_ticklabels(axis):
                add(f"the {axis.axis_name} tick label {t.get_text()[:20]!r} of {name}", t)
    return out


def _drawn_ticklabels(axis) -> list:
    """The tick labels drawn (major and minor): those of ticks inside the axis's view (``get_ticklabels``
    also holds the ticks just beyond it, which are not drawn; a twin's hidden axis draws none)."""
    if not axis.get_visible():
        return []
    lo, hi = sorted(axis.get_view_interval())
    tol = 1e-9 * max(1.0, abs(hi - lo))
    out = []
    for labels, locs in ((axis.get_majorticklabels(), axis.get_majorticklocs()),
                         (axis.get_minorticklabels(), axis.get_minorticklocs())):
        out += [t for t, x in zip(labels, locs) if lo - tol <= x <= hi + tol and t.get_visible() and t.get_text().strip()]
    return out


def _rotated(artist, box, renderer):
    """``(angle, centre, width, height)`` of a text drawn at an angle other than 0 or 90
    degrees (its own rectangle, of which ``box`` is the upright hull), else ``None``."""
    import numpy as np
    from matplotlib.text import Text

    if not isinstance(artist, Text):
        return None
    angle = artist.get_rotation() % 180
    if min(angle % 90, 90 - angle % 90) < 1:
        return None
    text, ismath = artist._preprocess_math(artist.get_text())
    w, h, _ = renderer.get_text_width_height_descent(text, artist.get_fontproperties(), ismath=ismath)
    return np.radians(angle), ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2), w, h


def _overlap(a, b) -> bool:
    """Whether two texts' drawn rectangles overlap by more than a pixel each way: their
    upright boxes, or, for two texts at the same slant, their slanted rectangles."""
    import numpy as np

    (_, box_a, rot_a), (_, box_b, rot_b) = a, b
    inter_w = min(box_a.x1, box_b.x1) - max(box_a.x0, box_b.x0)
    inter_h = min(box_a.y1, box_b.y1) - max(box_a.y0, box_b.y0)
    if inter_w <= 1 or inter_h <= 1:
        return False
    if rot_a is None or rot_b is None or abs(rot_a[0] - rot_b[0]) > 1e-6:
        return True
    t = -rot_a[0]
    c, s = np.cos(t), np.sin(t)
    (xa, ya), (xb, yb) = rot_a[1], rot_b[1]
    dx, dy = xb - xa, yb - ya
    u, v = c * dx - s * dy, s * dx + c * dy              # the second centre in the first's frame
    return abs(u) < (rot_a[2] + rot_b[2]) / 2 - 1 and abs(v) < (rot_a[3] + rot_b[3]) / 2 - 1


def _numeric_ticks(axis) -> bool:
    labels = [t.get_text() for t in _drawn_ticklabels(axis)]
    return bool(labels) and all(_NUMERIC.match(_MATH.sub("", s)) for s in labels)


def _has_label(ax, which: str) -> bool:
    if (ax.get_xlabel() if which == "x" else ax.get_ylabel()).strip():
        return True
    shared = ax.get_shared_x_axes() if which == "x" else ax.get_shared_y_axes()
    return any((o.get_xlabel() if which == "x" else o.get_ylabel()).strip() for o in shared.get_siblings(ax))


def figure_problems(fig) -> list:
    """What is wrong with ``fig`` as a reader sees it, one sentence each (empty: nothing)."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    problems = []
    axes = [ax for ax in fig.axes if ax.get_visible() and ax.axison and ax.get_label() != "<colorbar>"]
    if not (fig._suptitle is not None and fig._suptitle.get_text().strip()) and \
            not all(ax.get_title().strip() for ax in axes):
        problems.append("no title: neither the figure nor every panel has one")
    footer = " ".join(t.get_text() for t in fig.texts if t is not fig._suptitle)
    if not ("seed" in footer and "simkit " in footer):
        problems.append("no footer: the figure does not say its seed and simkit version (and n, the rules, the "
                        "policies)")
    for k, ax in enumerate(axes):
        name = f"panel {k + 1} ({ax.get_title()[:40]!r})" if ax.get_title() else f"panel {k + 1}"
        data = _data_artists(ax)
        if not data:
            problems.append(f"{name} is empty")
            continue
        if ax.images:
            continue                      # a heat map: its colour bar carries the unit
        for which, axis in (("x", ax.xaxis), ("y", ax.yaxis)):
            if _numeric_ticks(axis) and not _has_label(ax, which):
                problems.append(f"{name}: its {which} axis has numbers but no label saying what and in which unit")
        leg = ax.get_legend()
        if leg is not None and leg.get_visible():
            box = _inside(leg.get_window_extent(renderer), ax)
            covered = [a for a in data if box is not None and _covers(box, a, renderer)]
            if covered:
                what = covered[0].get_label()
                problems.append(f"{name}: the legend covers drawn data"
                                f"{'' if what.startswith('_') else f' ({what[:40]!r})'}")
    texts = _texts(fig, renderer)
    seen = set()
    for i, ta in enumerate(texts):
        for tb in texts[i + 1:]:
            a, b = ta[0], tb[0]
            if a == b or (a, b) in seen:
                continue
            if _overlap(ta, tb):
                seen.add((a, b))
                problems.append(f"{a} overlaps {b}")
    return problems


def legend_covers(ax) -> bool:
    """True when the legend of ``ax`` covers data drawn in it."""
    leg = ax.get_legend()
    if leg is None:
        return False
    ax.figure.canvas.draw()
    renderer = ax.figure.canvas.get_renderer()
    box = _inside(leg.get_window_extent(renderer), ax)
    return box is not None and any(_covers(box, a, renderer) for a in _data_artists(ax))


_CORNERS = ("upper right", "upper left", "lower left", "lower right", "upper center", "lower center",
            "center left", "center right")


def place_legend(ax, **kwargs):
    """``ax.legend(**kwargs)`` where it covers no data: the first clear corner or side of
    the axes, else beside the axes on the right (the axes' limits are never changed to make
    room: a rate's axis stays within its range). Returns the legend."""
    kwargs.pop("loc", None)
    for loc in _CORNERS:
        leg = ax.legend(loc=loc, **kwargs)
        if not legend_covers(ax):
            break
    else:
        leg = ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), **kwargs)
    leg._simkit_place = dict(kwargs)         # settle_legends places it again once the layout is final
    return leg


def settle_legends(fig):
    """Place again every legend :func:`place_legend` placed in ``fig``: a later layout
    (``tight_layout`` for a footer) shrinks the axes under a legend of fixed size, so a
    corner clear before may cover data after. Called before a figure is checked and saved."""
    for ax in fig.axes:
        leg = ax.get_legend()
        kwargs = getattr(leg, "_simkit_place", None)
        if kwargs is not None and legend_covers(ax):
            place_legend(ax, **kwargs)
