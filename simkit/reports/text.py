"""Plain-text summary of a result, for the terminal."""
from __future__ import annotations

import pandas as pd


def summary(res, max_rows: int = 20) -> str:
    """Header (game, rules that differ from the defaults, policies, seed, units, time),
    the metrics table, then each table (first ``max_rows`` rows)."""
    meta = res.meta()
    changed = res.rules.changed()
    lines = [f"{res.game.title or res.game.id}  [{res.game.id}]",
             f"  {res.hands:,} {res.game.hands_word} ({res.n_units:,} units of one {meta['unit']}), seed {res.seed}",
             f"  rules: {', '.join(f'{k}={v}' for k, v in changed.items()) or 'defaults'}",
             f"  policies: {meta['policies']}",
             f"  simkit {res.version}"]
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
