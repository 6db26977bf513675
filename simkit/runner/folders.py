"""Result folders on disk: where a result may be written, and writing it without loss.

The guarantees (docs/design.md, "Result folders"):

* a save writes into a hidden temporary folder beside the target and renames it into
  place at the end, so an interrupted save leaves the old folder (or none) intact;
* an existing target is replaced only when forced, and only if it holds exactly what
  simkit wrote there (the files its ``meta.json`` lists with their SHA-256, no link, no
  note a user added, at any depth): never a plain file, a folder of other files, the
  current folder or one above it, a folder holding the inputs of a merge, and no result
  is written inside another simkit folder;
* the final rename, under a lock beside the target, refuses a target that appeared or
  was replaced since this run first checked it (two runs with the same ``--out``, forced
  or not): the late run's result is kept under another name and the error says where,
  so of two concurrent runs one fails and neither silently replaces the other;
* a forced replacement moves the old folder aside, renames the new one in, then deletes
  the old one; if the process is killed between the two renames, the next look at the
  target (a save, :func:`~simkit.runner.result.load`, ``simkit report``) puts the old
  result back (:func:`recover`), and no later save deletes it;
* temporary folders left by a killed save (``.<name>.res.<host>.<pid>.*.tmp``) are
  removed by the next save beside them once their process is gone;
* folders get the usual permissions (``0777`` less the umask), not ``0700``.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import tempfile
from pathlib import Path

from simkit.errors import SimkitError

#: the longest file name most file systems take, in bytes
NAME_MAX = 255
#: what the temporary folder's name adds to the target's: ``.`` NAME ``.res.<host>.<pid>.old.<8>.tmp``
TMP_NAME_EXTRA = 100

#: what Result.save writes; a folder holding anything else is not replaced
RESULT_ENTRIES = frozenset({"meta.json", "metrics.parquet", "tables", "stats.npz", "trace.parquet"})


def _host() -> str:
    return ("".join(c if c.isalnum() or c == "-" else "_" for c in socket.gethostname()) or "host")[:40]


def file_hashes(folder: Path) -> dict:
    """``{relative path: sha256}`` of every file under ``folder`` but ``meta.json``: the
    manifest a saved folder records, so that a later ``--force`` replaces exactly what
    simkit wrote and :func:`~simkit.runner.result.load` notices a changed file."""
    import hashlib

    out = {}
    for p in sorted(Path(folder).rglob("*")):
        rel = p.relative_to(folder).as_posix()
        if rel == "meta.json" or p.is_dir():
            continue
        out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def check_files(d: Path, meta: dict) -> None:
    """Refuse folder ``d`` when a file its ``meta.json`` lists (``files``: path -> SHA-256)
    is missing or changed. Folders saved before the list existed have none to check."""
    import hashlib

    listed = meta.get("files")
    if listed is None:
        return
    if not isinstance(listed, dict):
        raise SimkitError(f"{d / 'meta.json'} is damaged: files must be an object of path -> SHA-256")
    for rel, digest in sorted(listed.items()):
        p = d / rel
        if not p.is_file() or p.is_symlink():
            raise SimkitError(f"{d}: {rel} is missing (meta.json lists it); refusing to load a damaged folder")
        if hashlib.sha256(p.read_bytes()).hexdigest() != digest:
            raise SimkitError(f"{d}: {rel} was changed or damaged since it was saved (its SHA-256 differs from "
                              f"meta.json's); refusing to load it")


def is_kind_dir(path, kind: str, entries) -> bool:
    """True when ``path`` is a real folder whose ``meta.json`` says ``kind`` and which
    holds only ``entries`` and exactly the files its meta lists (a saved comparison,
    tournament or sweep)."""
    p = Path(path)
    if p.is_symlink() or not p.is_dir():
        return False
    names = {e.name for e in p.iterdir()}
    if "meta.json" not in names or not names <= entries:
        return False
    try:
        meta = json.loads((p / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(meta, dict) and meta.get("kind") == kind and holds_exactly(p, meta, entries)


def arrays_checksum(meta: dict, fields, arrays: dict) -> str:
    """SHA-256 of the ``fields`` of ``meta`` and of the int64 ``arrays`` (names, shapes,
    bytes), for a saved comparison or tournament."""
    import hashlib

    import numpy as np

    h = hashlib.sha256(json.dumps({k: meta.get(k) for k in fields}, sort_keys=True).encode())
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name], dtype=np.int64)
        h.update(f"|{name}|{a.shape}|".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def holds_exactly(p: Path, meta: dict, entries) -> bool:
    """True when folder ``p`` holds nothing simkit did not write: no link anywhere, and
    either exactly the files of ``meta["files"]`` (folders saved with a manifest) or,
    for older folders, only ``entries`` at the top and only ``.parquet`` files in
    ``tables/``. A note or link a user put anywhere inside makes it False."""
    found = set()
    for q in p.rglob("*"):
        if q.is_symlink():
            return False
        if q.is_file():
            found.add(q.relative_to(p).as_posix())
        elif not q.is_dir():
            return False
    listed = meta.get("files")
    if isinstance(listed, dict):
        return found == set(listed) | {"meta.json"}
    top = {n.split("/", 1)[0] for n in found}
    tables = [n for n in found if n.startswith("tables/")]
    return top <= set(entries) and all(n.count("/") == 1 and n.endswith(".parquet") for n in tables)


def is_result_dir(path) -> bool:
    """True when ``path`` is a folder written by :meth:`Result.save`: a ``meta.json``
    naming a game, and nothing simkit did not write (:func:`holds_exactly`)."""
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
    return isinstance(meta, dict) and "game" in meta and "kind" not in meta and "stats.npz" in names and \
        holds_exactly(p, meta, RESULT_ENTRIES)     # a "kind" marks a comparison's or a tournament's folder


def check_target(directory, *, overwrite: bool, protect=(), defer_existing: bool = False,
                 is_ours=is_result_dir) -> Path:
    """Refuse a target that may not or cannot receive a result, before any work is done.

    ``protect``: paths (e.g. a merge's inputs) the target must neither be nor contain.
    ``defer_existing``: leave an existing target to :func:`install` (which keeps the new
    result aside rather than replace what it may not), for a save whose caller checked
    before its run. ``is_ours``: what counts as a simkit folder that ``overwrite`` may
    replace (a result's by default). Creates the missing parent folders and checks that
    a folder can be made there."""
    if directory is not None and not isinstance(directory, (str, os.PathLike)):
        raise SimkitError(f"the output folder must be a path (str or pathlib.Path), got {type(directory).__name__} "
                          f"{directory!r}")
    if directory is None or not str(directory).strip():
        raise SimkitError(f"the output folder is empty ({directory!r}): name a folder to save the result in")
    target = Path(directory)
    if target.name in ("", ".", "..") or str(directory).rstrip("/").endswith(("/.", "/..")):
        raise SimkitError(f"cannot save a result as {str(directory)!r}: name a new folder, e.g. results/run1")
    longest = NAME_MAX - TMP_NAME_EXTRA
    if len(os.fsencode(target.name)) > longest:
        raise SimkitError(f"the folder name {target.name[:40]!r}... is {len(os.fsencode(target.name))} bytes long; "
                          f"at most {longest} are allowed (file systems take {NAME_MAX}, and the temporary folder "
                          f"beside it adds up to {TMP_NAME_EXTRA})")
    full = target.resolve()
    cwd = Path.cwd().resolve()
    if full == cwd or full in cwd.parents:
        raise SimkitError(f"cannot save a result as {str(directory)!r}: it is the current folder or one above it")
    for p in protect:
        rp = Path(p).resolve()
        if rp == full or full in rp.parents:
            raise SimkitError(f"cannot save the result in {str(directory)!r}: it holds the input {str(p)!r}; "
                              f"choose another folder")
    recover(target)
    if defer_existing:       # the save after a caller's check before its run: keep what that check saw
        _SEEN.setdefault(str(full), _state(target))
    else:
        _SEEN[str(full)] = _state(target)
    holder = _inside_simkit_folder(full)
    if holder is not None:
        raise SimkitError(f"cannot save a result as {str(directory)!r}: it is inside {str(holder)!r}, which holds a "
                          f"simkit result; choose a folder outside it")
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


def _inside_simkit_folder(full: Path):
    """The nearest folder above ``full`` whose ``meta.json`` marks a simkit result,
    tournament or experiment output, or ``None``."""
    for up in full.parents:
        meta = up / "meta.json"
        try:
            if not meta.is_file():
                continue
            data = json.loads(meta.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and ({"game", "experiment", "kind"} & set(data)):
            return up
    return None


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


def _dead_tmp_dirs(target: Path):
    """Temporary folders beside ``target`` of saves on this host whose process is gone."""
    prefix = f".{target.name}.res.{_host()}."
    if not target.parent.is_dir():
        return
    for p in sorted(target.parent.iterdir()):
        if not (p.name.startswith(prefix) and p.name.endswith(".tmp")) or not p.is_dir() or p.is_symlink():
            continue
        pid = p.name[len(prefix):].split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            yield p


def recover(target: Path) -> Path | None:
    """Put back a result that a killed ``--force`` save had moved aside: between its two
    renames the old result sits in ``.<name>.res.<host>.<pid>.old.*.tmp/old`` and
    ``target`` is missing. Returns the folder it came from, or ``None``. (When the target
    exists, the new result was installed and the old one was being replaced on purpose.)"""
    target = Path(target)
    if target.exists() or target.is_symlink():
        return None
    for p in _dead_tmp_dirs(target):
        if ".old." in p.name and (p / "old").is_dir():
            os.rename(p / "old", target)
            shutil.rmtree(p, ignore_errors=True)
            from simkit.log import logger

            logger.warning("%s: recovered the result a killed save had moved aside (from %s)", target, p)
            return p
    return None


def remove_stale(target: Path) -> list:
    """Remove temporary folders of ``target`` left by killed saves of this host (after
    :func:`recover` has put back a result one of them held); returns them."""
    recover(target)
    removed = []
    for p in _dead_tmp_dirs(target):
        if (p / "old").exists() and not (target.exists() or target.is_symlink()):
            continue                       # never delete a result that has nowhere else to live
        shutil.rmtree(p, ignore_errors=True)
        removed.append(p)
    return removed


def _state(target: Path):
    """What ``target`` is now, to tell whether another run replaced it: ``None`` when
    missing, else its inode, its ``meta.json``'s inode and modification time."""
    try:
        st = os.lstat(target)
    except (FileNotFoundError, NotADirectoryError):
        return None
    try:
        mt = os.lstat(target / "meta.json")
        return (st.st_ino, mt.st_ino, mt.st_mtime_ns)
    except OSError:
        return (st.st_ino, None, None)


#: target path -> its state when this process first checked it (:func:`check_target`)
_SEEN: dict = {}


@contextlib.contextmanager
def _locked(target: Path):
    """An exclusive lock on ``.<name>.lock`` beside ``target`` while a save swaps folders
    (``fcntl.flock``; where it is missing, no lock)."""
    try:
        import fcntl
    except ImportError:                              # pragma: no cover - not POSIX
        yield
        return
    path = target.parent / f".{target.name}.lock"
    fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o666 & ~_umask())
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass
        os.close(fd)


def install(tmp: Path, target: Path, *, overwrite: bool, is_ours=is_result_dir) -> None:
    """Rename the finished folder ``tmp`` to ``target``, under a lock beside it. An
    existing target is replaced only with ``overwrite``, when ``is_ours(target)``, and
    when it is still what this process saw at its first check: one that appeared or was
    replaced since (a concurrent run, forced or not) is left alone, ``tmp`` is kept as
    ``<target>.<pid>`` and a :class:`SimkitError` says so. Of two concurrent runs to one
    folder, one therefore fails; neither silently replaces the other."""
    key = str(target.resolve())
    seen = _SEEN.pop(key, _state(target))
    with _locked(target):
        if _state(target) != seen:
            _keep_aside(tmp, target)
        _swap(tmp, target, overwrite=overwrite, is_ours=is_ours)


def _swap(tmp: Path, target: Path, *, overwrite: bool, is_ours) -> None:
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
    raise SimkitError(f"{target} appeared or changed while this run was working (another run with the same "
                      f"output folder?); it was left as it is, and this run's result was saved in {alt}")
