"""Reference runs for kernel refactors: every statistics array of several configurations
of every game, recorded before a change and compared bit for bit after it.

    python bench/refs.py record refs.npz [GAME ...]
    python bench/refs.py check refs.npz [GAME ...]

A game's configurations: its default rules and policies at two seeds, each of its
``conformance_cases`` and each of its ``bench_cases`` (rules and policies), with a
modest number of units each (a game's ``study_hands`` / 400, between 20 and 5,000).
``check`` replays exactly the configurations stored in the file and reports every array
that differs (exit 1), is missing, or is new; a kernel refactor must leave them all equal
(issue #27: "every game's statistics bit-identical to reference runs recorded before the
change"). The file records the commit that made it.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

import simkit
from simkit.games import get_game, list_games


def _units(game) -> int:
    return int(max(20, min(5_000, int(getattr(game, "study_hands", 2_000)) // 400)))


def configurations(game_id: str) -> list[tuple[str, dict, object, int, int]]:
    """``(label, rules, policies, units, seed)`` for every configuration of ``game_id``."""
    game = get_game(game_id)
    n = _units(game)
    out: list[tuple[str, dict, object, int, int]] = [("default/s1", {}, None, n, 1), ("default/s2", {}, None, n, 2)]
    for i, (rules, pol) in enumerate(game.conformance_cases):
        out.append((f"conf{i}", dict(rules), pol, n, 7))
    for i, case in enumerate(getattr(game, "bench_cases", [])):
        rules, pol = case[1], case[2]
        out.append((f"bench{i}", dict(rules), pol, max(20, n // 4), 3))
    return out


def run_game(game_id: str) -> dict[str, np.ndarray]:
    """Every statistics array of every configuration of ``game_id``, keyed
    ``game/label/array``."""
    arrays: dict[str, np.ndarray] = {}
    for label, rules, pol, n, seed in configurations(game_id):
        res = simkit.simulate(game_id, n, rules=rules, policies=pol, seed=seed, progress=False)
        for name, value in res.stats.items():
            arrays[f"{game_id}/{label}/{name}"] = np.asarray(value)
    return arrays


def _commit() -> str:
    root = Path(__file__).resolve().parents[1]
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--", "simkit"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def record(path: Path, games: list[str]) -> None:
    arrays: dict[str, np.ndarray] = {}
    for g in games:
        got = run_game(g)
        arrays.update(got)
        print(f"{g}: {len(got)} arrays", flush=True)
    meta = json.dumps({"commit": _commit(), "games": games})
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, __meta__=np.array(meta), **arrays)
    tmp.replace(path)
    print(f"{path}: {len(arrays)} arrays of {len(games)} games at {_commit()}")


def check(path: Path, games: list[str]) -> int:
    stored = np.load(path)
    meta = json.loads(str(stored["__meta__"]))
    bad = 0
    total = 0
    for g in games:
        if g not in meta["games"]:
            print(f"{g}: not in {path}")
            bad += 1
            continue
        got = run_game(g)
        want = {k: stored[k] for k in stored.files if k.startswith(g + "/")}
        for k in sorted(set(want) | set(got)):
            total += 1
            if k not in got:
                print(f"MISSING {k}")
                bad += 1
            elif k not in want:
                print(f"NEW {k}")
                bad += 1
            elif want[k].shape != got[k].shape or want[k].dtype != got[k].dtype or not np.array_equal(want[k], got[k]):
                print(f"DIFFERS {k}")
                bad += 1
        print(f"{g}: {len(got)} arrays checked", flush=True)
    print(f"{total} arrays against {meta['commit']}: {'all equal' if not bad else f'{bad} differ'}")
    return 1 if bad else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mode", choices=("record", "check"))
    ap.add_argument("path", type=Path)
    ap.add_argument("games", nargs="*", help="game ids (default: all 21)")
    args = ap.parse_args(argv)
    GAME_IDS = list_games()
    games = args.games or GAME_IDS
    unknown = [g for g in games if g not in GAME_IDS]
    if unknown:
        ap.error(f"unknown game {unknown[0]!r}; allowed: {', '.join(GAME_IDS)}")
    if args.mode == "record":
        record(args.path, games)
        return 0
    return check(args.path, games)


if __name__ == "__main__":
    sys.exit(main())
