"""Result folders on disk: where a result may be written, and writing it without loss.

The guarantees (docs/design.md, "Result folders"):

* a save writes into a hidden temporary folder beside the target and renames it into
  place at the end, so an interrupted save leaves the old folder (or none) intact;
* an existing target is replaced only when forced, and only if it is a simkit result
  folder (nothing in it but what :meth:`Result.save` writes): never a plain file, a
  folder of other files, the current folder or one above it, or a folder holding the
  inputs of a merge;
* the final rename refuses a target that appeared meanwhile (two runs with the same
  ``--out``): the late run's result is kept under another name and the error says where;
* temporary folders left by a killed save (``.<name>.res.<host>.<pid>.*.tmp``) are
  removed by the next save beside them once their process is gone;
* folders get the usual permissions (``0777`` less the umask), not ``0700``.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
from pathlib import Path

from simkit.errors import SimkitError

#: what Result.save writes; a folder holding anything else is not replaced
RESULT_ENTRIES = frozenset({"meta.json", "metrics.parquet", "tables", "stats.npz", "trace.parquet"})


def _host() -> str:
    return "".join(c if c.isalnum() or c == "-" else "_" for c in socket.gethostname()) or "host"


def is_result_dir(path) -> bool:
    """True when ``path`` is a folder written by :meth:`Result.save`: a ``meta.json``
    naming a game and nothing but :data:`RESULT_ENTRIES`."""
    p = Path(path)
    if p.is_symlink() or not p.is_dir():
        return False
    names = {e.name for e in p.iterdir()}
    if "meta.json" not in names or not names <= RESULT_ENTRIES:
        return False
    try:
        meta = json.loads((p / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(meta, dict) and "game" in meta and "stats.npz" in names


def check_target(directory, *, overwrite: bool, protect=(), defer_existing: bool = False,
                 is_ours=is_result_dir) -> Path:
    """Refuse a target that may not or cannot receive a result, before any work is done.

    ``protect``: paths (e.g. a merge's inputs) the target must neither be nor contain.
    ``defer_existing``: leave an existing target to :func:`install` (which keeps the new
    result aside rather than replace what it may not), for a save whose caller checked
    before its run. ``is_ours``: what counts as a simkit folder that ``overwrite`` may
    replace (a result's by default). Creates the missing parent folders and checks that
    a folder can be made there."""
    if directory is None or not str(directory).strip():
        raise SimkitError(f"the output folder is empty ({directory!r}): name a folder to save the result in")
    target = Path(directory)
    if target.name in ("", ".", "..") or str(directory).rstrip("/").endswith(("/.", "/..")):
        raise SimkitError(f"cannot save a result as {str(directory)!r}: name a new folder, e.g. results/run1")
    full = target.resolve()
    cwd = Path.cwd().resolve()
    if full == cwd or full in cwd.parents:
        raise SimkitError(f"cannot save a result as {str(directory)!r}: it is the current folder or one above it")
    for p in protect:
        rp = Path(p).resolve()
        if rp == full or full in rp.parents:
            raise SimkitError(f"cannot save the result in {str(directory)!r}: it holds the input {str(p)!r}; "
                              f"choose another folder")
    if (target.exists() or target.is_symlink()) and not defer_existing:
        if not target.is_dir() or target.is_symlink():
            raise SimkitError(f"{target} exists and is not a folder; simkit never replaces a file or link "
                              f"with a result: choose another --out")
        if not overwrite:
            raise SimkitError(f"{target} already exists; add --force (overwrite=True) to replace it")
        if not is_ours(target):
            raise SimkitError(f"{target} exists and is not a simkit result folder of this kind (it holds other files); "
                              f"--force replaces only a folder written by simkit: choose another --out")
    _check_writable(target.parent)
    return target


def _check_writable(parent: Path) -> None:
    try:
        parent.mkdir(parents=True, exist_ok=True)
        probe = tempfile.mkdtemp(prefix=".simkit-probe.", dir=parent)
        os.rmdir(probe)
    except (FileExistsError, NotADirectoryError):
        raise SimkitError(f"cannot save under {parent}: a part of that path is a file, not a folder") from None
    except OSError as e:
        raise SimkitError(f"cannot write in {parent}: {e.strerror or e}") from None


def _umask() -> int:
    """The process umask, read without changing it where Linux allows (threads may be
    creating files meanwhile)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def make_tmp_dir(target: Path) -> Path:
    """A hidden temporary folder beside ``target`` named for this host and process (so a
    later save can tell a dead one from a live one), with umask-respecting permissions.
    Stale ones of dead processes on this host are removed first."""
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale(target)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.res.{_host()}.{os.getpid()}.", suffix=".tmp",
                                dir=target.parent))
    os.chmod(tmp, 0o777 & ~_umask())
    return tmp


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale(target: Path) -> list:
    """Remove temporary folders of ``target`` left by killed saves of this host; returns them."""
    removed = []
    prefix = f".{target.name}.res.{_host()}."
    if not target.parent.is_dir():
        return removed
    for p in target.parent.iterdir():
        if not (p.name.startswith(prefix) and p.name.endswith(".tmp")) or not p.is_dir() or p.is_symlink():
            continue
        pid = p.name[len(prefix):].split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            shutil.rmtree(p, ignore_errors=True)
            removed.append(p)
    return removed


def install(tmp: Path, target: Path, *, overwrite: bool, is_ours=is_result_dir) -> None:
    """Rename the finished folder ``tmp`` to ``target``. An existing target is replaced
    only with ``overwrite`` and when ``is_ours(target)``; one that appeared since the
    checks (a concurrent run) is left alone: ``tmp`` is kept as ``<target>.<pid>`` and a
    :class:`SimkitError` says so."""
    if target.exists() or target.is_symlink():
        if not overwrite or not is_ours(target):
            _keep_aside(tmp, target)
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}.res.{_host()}.{os.getpid()}.old.", suffix=".tmp",
                                    dir=target.parent))
        try:
            os.replace(target, old / "old")
        except OSError:
            shutil.rmtree(old, ignore_errors=True)
            _keep_aside(tmp, target)
        try:
            os.rename(tmp, target)
        except OSError:
            os.rename(old / "old", target)
            shutil.rmtree(old, ignore_errors=True)
            _keep_aside(tmp, target)
        shutil.rmtree(old, ignore_errors=True)
        return
    try:
        os.rename(tmp, target)  # refuses a non-empty folder that appeared meanwhile
    except OSError:
        _keep_aside(tmp, target)


def _keep_aside(tmp: Path, target: Path):
    alt = target.with_name(f"{target.name}.{os.getpid()}")
    n = 0
    while alt.exists():
        n += 1
        alt = target.with_name(f"{target.name}.{os.getpid()}.{n}")
    os.rename(tmp, alt)
    raise SimkitError(f"{target} appeared while this run was saving (another run with the same output "
                      f"folder?); it was left as it is, and this run's result was saved in {alt}")
