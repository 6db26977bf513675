"""Plain-text summary of a result, for the terminal."""
from __future__ import annotations

import json

import pandas as pd


def policy_labels(policies: dict) -> str:
    """``{"stake": "flat:units=1", ...}`` as ``stake: flat:units=1; ...`` (a list of
    seats' policies joined by commas)."""
    return "; ".join(f"{k}: {', '.join(v) if isinstance(v, list) else v}" for k, v in policies.items())


def summary(res, max_rows: int = 20) -> str:
    """Header (game, rules that differ from the defaults, policies, seed, units, time),
    the metrics table, then each table (first ``max_rows`` rows)."""
    meta = res.meta()
    changed = res.rules.changed()
    from simkit.reports.plots import game_title

    lines = [f"{game_title(res)}  [{res.game.id}]",
             f"  {res.hands:,} {res.game.hands_word} ({res.n_units:,} units of one {meta['unit']}), seed {res.seed}",
             f"  rules: {', '.join(f'{k}={v}' for k, v in changed.items()) or 'defaults'}",
             f"  policies: {policy_labels(meta['policies'])}",
             f"  simkit {res.version}"]
    note = res.stronger_policy
    if note:
        lines.insert(4, f"  stronger play: {note}")
    if getattr(res, "precision", None):
        p = res.precision
        lines.append(f"  target_se {p['target_se']:g} on {p['metric']}: stderr {p['stderr']:.3g} after "
                     f"{p['units']:,} units in {len(p['batches'])} batches (cap: {p['cap_hands']:,} {res.game.hands_word})")
    t = res.timings
    if "run_s" in t:
        lines.append(f"  time: {t.get('compile_s', 0):.2f} s compile/load, {t['run_s']:.2f} s simulation")
    with pd.option_context("display.width", 160, "display.max_columns", 20, "display.float_format", "{:.6g}".format):
        lines += ["", res.report().to_string(index=False)]
        for name, df in res.tables.items():
            lines += ["", f"{name}:", df.head(max_rows).to_string(index=False)]
            if len(df) > max_rows:
                lines.append(f"  ... {len(df) - max_rows} more rows")
    return "\n".join(lines)


def _wrap(text: str, width: int, indent: str) -> list:
    import textwrap

    return textwrap.wrap(str(text), width=max(width, len(indent) + 20), initial_indent=indent,
                         subsequent_indent=indent, break_on_hyphens=False) or [indent.rstrip()]


def _num(v) -> str:
    """A value as ``--rule``/``--policy`` spell it: ``0.75``, ``true``, ``inf``."""
    if isinstance(v, bool):
        return str(v).lower()
    return f"{v:g}" if isinstance(v, float) else str(v)


def rules_text(df: pd.DataFrame, width: int) -> str:
    """``simkit rules GAME``: one block per option, wrapped to ``width`` columns: the
    name with its type, default and allowed values, then what it means and the seed
    sentence it reads."""
    blocks = []
    for r in df.itertuples(index=False):
        lines = _wrap(f"{r.name} ({r.type}, default {_num(r.default)}; allowed: {r.allowed})", width, "")
        lines += _wrap(r.doc, width, "    ")
        if r.seed:
            lines += _wrap(f"seed: {r.seed}", width, "    ")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def policies_text(df: pd.DataFrame, width: int) -> str:
    """``simkit policies GAME``: one block per built-in policy, wrapped to ``width``
    columns: role and name (and whether it is the role's default), what it does, and its
    parameters as ``name=default`` (the spelling ``--policy NAME:P=V`` takes)."""
    blocks = []
    for r in df.itertuples(index=False):
        head = f"{r.role}: {r.name}" + ("  (default)" if r.default else "")
        lines = _wrap(head, width, "") + _wrap(r.doc, width, "    ")
        if r.params:
            lines += _wrap("parameters: " + ", ".join(f"{k}={_num(v)}" for k, v in r.params.items()),
                           width, "    ")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def wide_table(df: pd.DataFrame) -> str:
    """Every column in full, one row per line, left-aligned (``--wide``); dict cells
    written as ``k=v, ...``."""
    df = df.copy()
    for col in df.columns:
        df[col] = df[col].map(lambda v: ", ".join(f"{k}={_num(x)}" for k, x in v.items())
                              if isinstance(v, dict) else _num(v))
    widths = {c: max([len(c)] + [len(v) for v in df[c]]) for c in df.columns}
    rows = [list(df.columns)] + df.values.tolist()
    return "\n".join("  ".join(str(v).ljust(widths[c]) for c, v in zip(df.columns, row)).rstrip() for row in rows)


def games_text(games, width: int) -> str:
    """``simkit list``: each registered game's id, unit (one independent simulation),
    what ``--hands`` counts, headline metric and description, the description wrapped to
    ``width``."""
    rows = [("game", "unit", "--hands counts", "headline", "description")]
    rows += [(g.id, g.unit, g.hands_word, g.headline, g.description) for g in games]
    w = [max(len(r[i]) for r in rows) for i in range(4)]
    lead = sum(w) + 2 * len(w)
    lines = []
    for r in rows:
        head = "  ".join(v.ljust(w[i]) for i, v in enumerate(r[:4])) + "  "
        if width - lead >= 30:
            desc = _wrap(r[4], width - lead, "")
            lines.append(head + desc[0])
            lines += [" " * lead + d for d in desc[1:]]
        else:  # too narrow for a column: the description on its own lines
            lines.append(head.rstrip())
            lines += _wrap(r[4], width, "    ")
    return "\n".join(lines)


def experiment_text(meta: dict, tables: dict, max_rows: int = 40, max_cell: int = 40) -> str:
    """``simkit report`` of an experiment's folder (the default study's among them): the
    question, the command, the inputs and the version, then each table. Columns holding
    longer texts than ``max_cell`` (JSON rule sets, policy labels) are named, not
    printed, and a column with one value in every row is given once below the table:
    everything is in full in the table's CSV and parquet files."""
    lines = [f"{meta['experiment']}: {meta.get('question', '')}",
             f"  command: {meta.get('command', '?')}",
             f"  inputs: {json.dumps(meta.get('inputs', {}), ensure_ascii=False)}",
             f"  simkit {meta.get('simkit_version', '?')}, {meta.get('seconds', 0):.1f} s"]
    with pd.option_context("display.width", 160, "display.max_columns", 30, "display.float_format", "{:.6g}".format):
        for name, df in tables.items():
            wide = [c for c in df.columns if df[c].astype(str).str.len().max() > max_cell]
            same = [c for c in df.columns if c not in wide and len(df) > 1 and df[c].nunique(dropna=False) == 1]
            lines += ["", f"{name}:", df.drop(columns=wide + same).head(max_rows).to_string(index=False)]
            if len(df) > max_rows:
                lines.append(f"  ... {len(df) - max_rows} more rows")
            if same:
                lines.append(f"  every row: {', '.join(f'{c}={_num(df[c].iloc[0])}' for c in same)}")
            if wide:
                lines.append(f"  in {name}.csv also: {', '.join(wide)}")
    return "\n".join(lines)


def tournament_text(t) -> str:
    """``simkit tournament``: the header, the entrants best first (score against the
    field, rating and rank interval, speed), the significant pairs and the seat balance."""
    from simkit.reports.plots import plural

    c = t.contest
    changed = t.rules.changed()
    unit = t.game.unit_for(t.rules)
    lines = [f"{t.game.title or t.game.id}  [{t.game.id}]: duplicate tournament of {t.k} entrants",
             f"  {t.units_played:,} {plural(unit)} in each of {len(t.design)} seatings (the same deals in every seating), "
             f"seed {t.seed}",
             f"  rules: {', '.join(f'{k}={v}' for k, v in changed.items()) or 'defaults'}",
             f"  score: {c.what} ({c.metric.format(side='<side>')}, {'higher' if c.better == 'max' else 'lower'} "
             f"is better); rating: {t.rating_unit}",
             f"  simkit {t.version}"]
    ent = t.entrants()
    cols = ["rank", "entrant", "score", "stderr", "ci95_low", "ci95_high", "vs_field", "rating", "rating_stderr",
            "rank_low", "rank_high", "units_per_s"]
    pairs = t.pairs()
    with pd.option_context("display.width", 200, "display.max_columns", 20, "display.float_format", "{:.4g}".format,
                           "display.max_colwidth", 40):
        lines += ["", ent[cols].to_string(index=False), "",
                  "pairs (diff = a - b, paired jackknife; Holm-adjusted p):",
                  pairs.drop(columns=["ci95_low", "ci95_high"]).to_string(index=False), "",
                  "seat balance (weighted seatings per side):", t.balance().to_string(index=False)]
    return "\n".join(lines)
