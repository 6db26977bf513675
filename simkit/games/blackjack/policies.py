"""Blackjack policies: strategy tables as data, card counting, user functions.

One role, ``play``, decides everything a player decides (bet, insurance, early
surrender, each action). Every built-in is a *table* the kernel reads (``hi``, ``lo``,
``thr`` arrays: a cell plays ``hi`` when the true count is at least ``thr``, else ``lo``),
so one compiled kernel runs any of them:

* ``basic``: basic strategy derived by :mod:`.exact` for the chosen rules.
* ``mimic-dealer``: hit below 17 (and soft 17 when the dealer hits it), never double,
  split, surrender or insure.
* ``never-bust``: basic strategy, but never hit a hard 12 or more.
* ``table``: basic strategy with any cells replaced; one parameter per cell (see
  :func:`cell_key`), written by :func:`table_policy` from a chart DataFrame or CSV.
* ``hilo``: basic strategy plus a true-count bet ramp and index plays. The count system
  is the ``tag_A``..``tag_T`` parameters (Hi-Lo by default; any level-1 or level-2
  system); the index plays are parameters too (the Illustrious 18 and Fab 4 by
  default), editable as a table with :func:`index_table` / :func:`hilo_policy`. An
  index plays its action at or above the index and the alternative below it (stand ->
  hit, hit -> stand, double -> the table's non-double action, split/surrender/insure ->
  not); an index of 99 or more (either sign) switches the entry off.
* a user ``@njit`` function ``decide(kind, total, soft, ncards, pair, up, legal, seen,
  unseen, params) -> int64`` (see :data:`~simkit.games.blackjack.nb.DECIDE_SIG`).
"""
from __future__ import annotations

import re

import numpy as np
import pandas as pd

from simkit.errors import SimkitError
from simkit.games.blackjack import codes
from simkit.policies.base import Policy, PolicyRole, PolicySpec, param

UP_KEYS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")   # by value index
CHART_UPS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")
CELL_LETTERS = ("S", "H", "D", "Ds")

_CELL_RE = re.compile(r"^(H|S|P|RH|RS|RP)(\d+|[AT])v([2-9TA])$")
_INDEX_RE = re.compile(r"^(?:(H|S)(\d+)v([2-9TA])\.(S|H|D)|(P|RH|RS|RP)(\d+|[AT])v([2-9TA])|INS)$")

HILO_TAGS = {"A": -1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 0, "8": 0, "9": 0, "T": -1}
#: Illustrious 18 and Fab 4 (Schlesinger, *Blackjack Attack*, 6 decks, S17): key -> index
ILLUSTRIOUS_18 = {
    "INS": 3, "H16vT.S": 0, "H15vT.S": 4, "PTv5": 5, "PTv6": 4, "H10vT.D": 4, "H12v3.S": 2, "H12v2.S": 3,
    "H11vA.D": 1, "H9v2.D": 1, "H10vA.D": 4, "H9v7.D": 3, "H16v9.S": 5, "H13v2.S": -1, "H12v4.S": 0,
    "H12v5.S": -2, "H12v6.S": -1, "H13v3.S": -2,
}
FAB_4 = {"RH14vT": 3, "RH15vT": 0, "RH15v9": 2, "RH15vA": 1}
#: an index of this size or more (either sign) switches the index play off
OFF = 99.0
RAMP = {"min_bet": 1.0, "max_bet": 12.0, "ramp_units": 2.0, "ramp_offset": 1.0, "bankroll": 1000.0}
#: the declared type and range of each ``hilo`` parameter that is not an index
_RAMP_DECL = {"min_bet": ("int", 1, codes.MAX_BET), "max_bet": ("int", 1, codes.MAX_BET), "ramp_units": ("float", 0, codes.MAX_BET),
              "ramp_offset": ("float", -100, 100), "bankroll": ("float", 0, 1e15)}
#: an index play's true count: any finite number (|index| >= OFF switches it off)
_INDEX = ("float", None, None)


def _up_index(key: str) -> int:
    return UP_KEYS.index(key)


def _value_index(text: str) -> int:
    t = text.upper()
    if t in ("A", "11", "1"):
        return codes.ACE
    if t in ("T", "10", "J", "Q", "K"):
        return codes.TEN
    v = int(t)
    if not 2 <= v <= 9:
        raise ValueError(text)
    return v - 1


def cell_row(key: str):
    """``(row, up column)`` of the kernel table for a cell key such as ``H16vT`` (hard
    16 against a ten), ``S18v6`` (soft 18), ``P8vA`` (split 8s), ``RH16vT`` / ``RS..`` /
    ``RP8vA`` (surrender) or ``INS`` (insurance, column 0)."""
    if key == "INS":
        return codes.INS_ROW, codes.ACE
    m = _CELL_RE.match(key)
    if not m:
        raise SimkitError(f"blackjack: bad table cell {key!r}; write e.g. H16vT, S18v6, P8vA, RH16vT or INS")
    kind, hand, up = m.groups()
    col = _up_index(up)
    if kind in ("P", "RP"):
        v = _value_index(hand)
        return (codes.PAIR0 if kind == "P" else codes.SUR_PAIR0) + v, col
    total = int(hand) if hand.isdigit() else -1
    if kind in ("H", "RH") and 4 <= total <= 21:
        return (codes.HARD0 if kind == "H" else codes.SUR_HARD0) + total, col
    if kind in ("S", "RS") and 12 <= total <= 21:
        return (codes.SOFT0 if kind == "S" else codes.SUR_SOFT0) + total, col
    raise SimkitError(f"blackjack: bad table cell {key!r}: hard totals are 4..21, soft totals 12..21")


def _is_cell(key: str) -> bool:
    return key == "INS" or bool(_CELL_RE.match(key))


def _is_index(key: str) -> bool:
    return bool(_INDEX_RE.match(key))


def _is_hilo_param(key: str) -> bool:
    return _is_index(key)


PLAY = PolicyRole(
    "play",
    [PolicySpec("basic", "basic strategy for the chosen rules, derived by the exact calculator", codes.POL_TABLE),
     PolicySpec("mimic-dealer", "hit below 17 (and soft 17 if the dealer hits it); never double, split, "
                "surrender or insure", codes.POL_TABLE),
     PolicySpec("never-bust", "basic strategy, but stand on every hard 12 or more", codes.POL_TABLE),
     PolicySpec("table", "basic strategy with the given cells replaced (one parameter per cell, e.g. "
                "H16vT=0 stand; codes 0 S, 1 H, 2 D, 3 Ds; pairs/surrender/INS 1 or 0)", codes.POL_TABLE,
                accepts=_is_cell, extra=param(0, "int", 0, 3)),
     PolicySpec("hilo", "basic strategy with a true-count bet ramp (bet = ramp_units x (floor(TC) - "
                "ramp_offset) within [min_bet, max_bet]) and index plays (Illustrious 18 and Fab 4 by "
                "default); tags tag_A..tag_T give the count system", codes.POL_TABLE,
                dict({f"tag_{k}": param(v, "int", -3, 3) for k, v in HILO_TAGS.items()},
                     **{k: param(v, *_RAMP_DECL[k]) for k, v in RAMP.items()},
                     **{k: param(v, *_INDEX) for k, v in {**ILLUSTRIOUS_18, **FAB_4}.items()}),
                accepts=_is_hilo_param, extra=param(0, *_INDEX))],
    default="basic",
    user_signature="decide(kind, total, soft, ncards, pair, up, legal: int64, seen: int64[10], "
                   "unseen: int64, params: float64[:]) -> int64",
)


# -- tables -------------------------------------------------------------------------------
def _basic_table(rules) -> np.ndarray:
    """The basic strategy :func:`~simkit.games.blackjack.exact.basic_table` derives for
    ``rules`` (the exact calculator holds kernels: imported when a table is first needed)."""
    from simkit.games.blackjack.exact import basic_table

    return basic_table(rules)


def mimic_table(rules) -> np.ndarray:
    t = np.zeros((codes.N_ROWS, codes.N_VALUES), dtype=np.int8)
    for total in range(4, 22):
        t[codes.HARD0 + total] = codes.H if total < 17 else codes.S
    for total in range(12, 22):
        hits = total < 17 or (total == 17 and rules.soft17 == "hit")
        t[codes.SOFT0 + total] = codes.H if hits else codes.S
    return t


def never_bust_table(rules) -> np.ndarray:
    t = _basic_table(rules).copy()
    for total in range(12, 22):
        row = t[codes.HARD0 + total]
        row[row == codes.H] = codes.S
        row[row == codes.DH] = codes.DS
    return t


def _fallback(cell):
    return codes.H if cell in (codes.H, codes.DH) else codes.S


def kernel_tables(rules, policy: Policy):
    """``(hi, lo, thr, tags, cparams, counting)`` for a built-in policy."""
    name = policy.name
    tags = np.zeros(codes.N_VALUES, dtype=np.int64)
    cparams = np.array([1.0, 1.0, 0.0, 0.0])
    counting = False
    if name == "mimic-dealer":
        base = mimic_table(rules)
    elif name == "never-bust":
        base = never_bust_table(rules)
    else:
        base = _basic_table(rules)
    hi = base.copy()
    lo = base.copy()
    thr = np.zeros((codes.N_ROWS, codes.N_VALUES))
    if name == "table":
        for key, value in policy.params.items():
            row, col = cell_row(key)
            hi[row, col] = lo[row, col] = _cell_value(key, row, value)
    elif name == "hilo":
        counting = True
        for k in UP_KEYS:
            v = policy.params[f"tag_{k}"]
            if not float(v).is_integer() or abs(v) > 3:
                raise SimkitError(f"blackjack: hilo tag_{k}={v!r} must be a whole number from -3 to 3")
            tags[_up_index(k)] = int(v)
        p = policy.params
        cparams = np.array([p["min_bet"], p["max_bet"], p["ramp_units"], p["ramp_offset"]], dtype=np.float64)
        if not (1 <= p["min_bet"] <= p["max_bet"] <= codes.MAX_BET) or not float(p["min_bet"]).is_integer() \
                or not float(p["max_bet"]).is_integer():
            raise SimkitError(f"blackjack: hilo needs whole bets 1 <= min_bet <= max_bet <= {codes.MAX_BET}, "
                              f"got min_bet={p['min_bet']}, max_bet={p['max_bet']}")
        for key, idx in p.items():
            if not _is_index(key):
                continue
            _apply_index(key, float(idx), base, hi, lo, thr)
    return hi, lo, thr, tags, cparams, counting


def _cell_value(key, row, value):
    v = float(value)
    if row >= codes.PAIR0:
        if v not in (0.0, 1.0):
            raise SimkitError(f"blackjack: table cell {key}={value!r} must be 1 (yes) or 0 (no)")
        return int(v)
    if v not in (0.0, 1.0, 2.0, 3.0):
        raise SimkitError(f"blackjack: table cell {key}={value!r} must be 0 (S), 1 (H), 2 (D) or 3 (Ds)")
    return int(v)


def _apply_index(key, idx, base, hi, lo, thr):
    if np.isnan(idx):
        raise SimkitError(f"blackjack: index {key}=nan; give a number (99 or more switches it off)")
    if abs(idx) >= OFF:
        return
    if key == "INS":
        row, col = codes.INS_ROW, codes.ACE
        hi[row, col], lo[row, col] = 1, 0
    elif "." in key:
        cell, act = key.split(".")
        row, col = cell_row(cell)
        b = base[row, col]
        if act == "S":
            hi[row, col], lo[row, col] = codes.S, codes.H
        elif act == "H":
            hi[row, col], lo[row, col] = codes.H, codes.S
        else:
            hi[row, col] = codes.DH if _fallback(b) == codes.H else codes.DS
            lo[row, col] = _fallback(b)
    else:
        row, col = cell_row(key)
        hi[row, col], lo[row, col] = 1, 0
    thr[row, col] = idx


# -- charts (DataFrames) -----------------------------------------------------------------
def _chart_rows():
    hard = [("hard", str(t), codes.HARD0 + t) for t in range(5, 21)]
    soft = [("soft", f"A{t - 11}" if t < 21 else "A10", codes.SOFT0 + t) for t in range(13, 21)]
    pairs = [("pair", f"{v},{v}", codes.PAIR0 + codes.VALUE_LABELS.index(v)) for v in
             ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")]
    return hard, soft, pairs


def strategy_tables(table) -> dict:
    """The kernel table as charts: ``{"hard", "soft", "pairs"}`` DataFrames (rows hard
    5..20, soft A2..A9, pairs 2,2..A,A; columns up cards 2..10, A). Cells: S, H, D
    (double, else hit), Ds (double, else stand), P (split), and R before the letter for
    surrender first (Rh, Rs, Rp)."""
    hard, soft, pairs = _chart_rows()
    out = {}
    for name, rows in (("hard", hard), ("soft", soft), ("pairs", pairs)):
        data = {}
        for _, label, row in rows:
            cells = []
            for up in codes.UP_ORDER:
                if name == "pairs":
                    v = row - codes.PAIR0
                    total = 2 * (v + 1)
                    split = table[row, up] == 1
                    sur = table[codes.SUR_PAIR0 + v, up] == 1
                    if v == codes.ACE:
                        inner = table[codes.SOFT0 + 12, up]
                    else:
                        inner = table[codes.HARD0 + total, up]
                    c = "P" if split else CELL_LETTERS[inner]
                    if sur:
                        c = "R" + c.lower()
                else:
                    c = CELL_LETTERS[table[row, up]]
                    srow = row - codes.HARD0 + codes.SUR_HARD0 if name == "hard" else row - codes.SOFT0 + codes.SUR_SOFT0
                    if table[srow, up] == 1:
                        c = "R" + c.lower()
                cells.append(c)
            data[label] = cells
        df = pd.DataFrame.from_dict(data, orient="index", columns=list(CHART_UPS))
        df.index.name = name if name != "pairs" else "pair"
        out[name] = df
    return out


def table_params(charts) -> dict:
    """Cell parameters of the ``table`` policy from charts: a dict of DataFrames
    (``hard``, ``soft``, ``pairs``) or one DataFrame whose index labels say which (``16``
    or ``H16``, ``A7`` or ``S18``, ``8,8``). Cells: S, H, D/Dh, Ds, P/Y (split), N
    (no split), Rh, Rs, Rp (surrender first)."""
    frames = charts.values() if isinstance(charts, dict) else [charts]
    params: dict = {}
    for df in frames:
        if not isinstance(df, pd.DataFrame):
            raise SimkitError(f"blackjack: a strategy chart must be a DataFrame, got {type(df).__name__}")
        for label, row in df.iterrows():
            kind, hand = _read_label(str(label))
            for up_label, cell in row.items():
                try:
                    up = UP_KEYS[_value_index(str(up_label).strip())]
                except ValueError:
                    raise SimkitError(f"blackjack: bad up-card column {up_label!r}; use 2..10 and A") from None
                _read_cell(kind, hand, up, str(cell).strip(), params)
    return params


def _read_label(label):
    t = label.strip().upper().replace(" ", "")
    m = re.fullmatch(r"(\d+|[AT2-9]|10),(\d+|[AT2-9]|10)", t)
    if m:
        if m.group(1) != m.group(2) and {m.group(1), m.group(2)} != {"T", "10"}:
            raise SimkitError(f"blackjack: {label!r} is not a pair")
        v = _value_index(m.group(1))
        return "P", UP_KEYS[v]
    m = re.fullmatch(r"A(\d)", t)
    if m and 1 <= int(m.group(1)) <= 9:
        return "S", str(11 + int(m.group(1)))
    m = re.fullmatch(r"([HS])?(\d+)", t)
    if m:
        kind = m.group(1) or "H"
        total = int(m.group(2))
        return kind, str(total)
    raise SimkitError(f"blackjack: cannot read chart row {label!r}; write 16 (hard), A7 (soft) or 8,8 (pair)")


def _read_cell(kind, hand, up, cell, params):
    c = cell.upper()
    sur = c.startswith("R") and len(c) > 1
    if sur:
        c = c[1:]
    if kind == "P":
        if sur:
            params[f"RP{hand}v{up}"] = 1.0
        split = c in ("P", "Y", "SP")
        if not split and c not in ("N", "S", "H", "D", "DH", "DS"):
            raise SimkitError(f"blackjack: bad pair cell {cell!r}; use P, N, or S/H/D (no split), Rp")
        params[f"P{hand}v{up}"] = 1.0 if split else 0.0
        return
    cell_codes = {"S": codes.S, "H": codes.H, "D": codes.DH, "DH": codes.DH, "DS": codes.DS}
    if c not in cell_codes:
        raise SimkitError(f"blackjack: bad chart cell {cell!r}; use S, H, D, Ds, Rh or Rs")
    key = f"{kind}{hand}v{up}"
    cell_row(key)
    params[key] = float(cell_codes[c])
    if kind in ("H", "S"):
        params[f"R{key}"] = 1.0 if sur else 0.0


def table_policy(charts, name: str = "table") -> Policy:
    """A ``table`` policy from charts (DataFrames, see :func:`table_params`) or a CSV
    path (rows hard/soft/pair labels, columns 2..10, A). Cells not given follow basic
    strategy for the rules of the run."""
    if isinstance(charts, (str, bytes)) or hasattr(charts, "__fspath__"):
        charts = pd.read_csv(charts, index_col=0, dtype=str)
    return Policy("table", **table_params(charts))


def index_table(policy: Policy | None = None) -> pd.DataFrame:
    """The index plays of a ``hilo`` policy (default: Illustrious 18 and Fab 4) as an
    editable DataFrame: ``key``, ``hand``, ``up``, ``play`` (what is done at or above
    the index), ``index``."""
    params = policy.params if policy is not None else {**ILLUSTRIOUS_18, **FAB_4}
    rows = []
    for key, idx in params.items():
        if not _is_index(key):
            continue
        if key == "INS":
            hand, up, play = "any", "A", "insure"
        elif "." in key:
            cell, act = key.split(".")
            m = _CELL_RE.match(cell)
            assert m is not None, key          # _is_index(key) matched it
            hand = ("hard " if m.group(1) == "H" else "soft ") + m.group(2)
            up, play = m.group(3), {"S": "stand", "H": "hit", "D": "double"}[act]
        else:
            m = _CELL_RE.match(key)
            assert m is not None, key
            hand = (f"pair {m.group(2)}" if m.group(1) in ("P", "RP") else
                    ("hard " if m.group(1) == "RH" else "soft ") + m.group(2))
            up = m.group(3)
            play = "split" if m.group(1) == "P" else "surrender"
        rows.append({"key": key, "hand": hand, "up": up, "play": play, "index": float(idx)})
    return pd.DataFrame(rows, columns=["key", "hand", "up", "play", "index"])


def hilo_policy(indices: pd.DataFrame | None = None, tags: dict | None = None, **ramp) -> Policy:
    """A ``hilo`` policy with the index plays of ``indices`` (a DataFrame with ``key`` and
    ``index`` columns, as :func:`index_table` writes; it replaces the default set),
    count ``tags`` (``{"A": -1, "2": 1, ..., "T": -1}``) and ramp parameters."""
    params = {}
    if indices is not None:
        for key in list(ILLUSTRIOUS_18) + list(FAB_4):
            params[key] = OFF                        # off unless given
        for key, idx in zip(indices["key"], indices["index"]):
            if not _is_index(str(key)):
                raise SimkitError(f"blackjack: bad index play key {key!r}; write e.g. H16vT.S, H10vT.D, PTv5, "
                                  f"RH15vT or INS")
            params[str(key)] = float(idx)
    if tags is not None:
        for k, v in tags.items():
            k = str(k).upper()
            k = "T" if k in ("10", "T") else k
            if k not in UP_KEYS:
                raise SimkitError(f"blackjack: bad tag card {k!r}; use A, 2..9, T")
            params[f"tag_{k}"] = float(v)
    params.update({k: float(v) for k, v in ramp.items()})
    return Policy("hilo", **params)
