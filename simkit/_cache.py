"""Where numba caches simkit's compiled kernels, keyed by what they depend on.

numba invalidates a cached function only when its own source file changes, not when a
function it calls (and inlines or links) in another module does, so a stale cache could
silently run old code after an edit to shared kernel code. simkit therefore caches each
*kernel module*'s functions in a folder keyed by a hash of that module and of every simkit
module it imports, transitively::

    $NUMBA_CACHE_DIR/simkit/<module>-<hash>/

A kernel module is one that imports numba (or :mod:`simkit.core.jit`) at its top level:
its functions are decorated there (and compiled on first use). The imports are read from
the source (``ast``), importing nothing: ``from a.b import c`` depends on module ``a.b.c``
when that is a module, else on ``a.b``; a package's ``__init__`` counts only when names are
imported from it. The hash is of the code only (:func:`code_digest`: comments, docstrings
and layout do not count). So an edit to a module's code recompiles exactly the kernel
modules that import it, directly or not, and an edit to a comment or docstring recompiles
nothing but the module itself when it is a kernel module (numba checks its own file):

* a game's pandas-side modules (report, rules, policies) and the command line, runner and
  reports recompile nothing (no kernel imports them);
* an edit to one game's kernels recompiles that game only;
* an edit to shared kernel code (``simkit/core/tricks.py``) recompiles the kernels that
  use it, and no others (the banking games do not import the trick engine).

numba fixes a function's cache folder when it is decorated, so each kernel module is
executed with ``numba.config.CACHE_DIR`` pointing at its own folder, by the import hook
:class:`KernelCacheFinder` (installed by :func:`install`, which ``simkit/__init__.py``
calls first). Default base: ``~/.cache/simkit/numba``. Processes running the same source
(loky workers, dask workers, batch jobs) share the folders.
"""
from __future__ import annotations

import ast
import contextlib
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from functools import lru_cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent
_ROOT = _PKG.parent
_GAMES = _PKG / "games"
#: top-level imports that make a module a kernel module
_KERNEL_IMPORTS = ("numba", "simkit.core.jit")


def _game_packages() -> set:
    return {p.name for p in _GAMES.iterdir() if (p / "__init__.py").exists()}


def module_file(name: str) -> Path | None:
    """The source file of simkit module ``name`` (a package's ``__init__.py``), or None."""
    parts = name.split(".")
    if parts[0] != "simkit":
        return None
    base = _ROOT.joinpath(*parts)
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def module_name(path: Path) -> str:
    rel = Path(path).resolve().relative_to(_ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


@lru_cache(maxsize=None)
def _parsed(path: Path) -> tuple:
    """``(kernel module?, simkit modules it imports)`` from the source of ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    kernel, deps = False, set()
    for node in ast.walk(tree):
        targets: list[tuple[str, str | None]]
        if isinstance(node, ast.Import):
            targets = [(a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [(base, a.name) for a in node.names]
        else:
            continue
        top = node in tree.body
        for mod, attr in targets:
            if top and any(mod == k or mod.startswith(k + ".") for k in _KERNEL_IMPORTS):
                kernel = True
            if not mod.startswith("simkit"):
                continue
            if attr is not None and module_file(f"{mod}.{attr}") is not None:
                deps.add(f"{mod}.{attr}")
            elif module_file(mod) is not None:
                deps.add(mod)
    return kernel, frozenset(deps - {name})


def is_kernel_module(name: str) -> bool:
    path = module_file(name)
    return path is not None and _parsed(path)[0]


def dependencies(name: str) -> list:
    """The source files module ``name`` depends on: itself and every simkit module it
    imports, transitively (see the module doc)."""
    todo, seen = [name], set()
    while todo:
        mod = todo.pop()
        if mod in seen:
            continue
        seen.add(mod)
        todo.extend(_parsed(module_file(mod))[1])
    return sorted(module_file(m) for m in seen)


def code_digest(path: Path) -> bytes:
    """The code of ``path`` without its comments, docstrings and layout: ``ast.dump`` of its
    tree with every module, class and function docstring removed. Two sources that differ
    only in those compile to the same kernels."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree, include_attributes=False).encode()


_DIGESTS: dict = {}


def _file_digest(path: Path) -> bytes:
    """:func:`code_digest` of ``path``, computed once per version of the file in a process:
    every kernel module's tag reads the shared core files again, and parsing them for each
    of the 60 modules was most of the time ``simkit list`` took."""
    st = path.stat()
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key not in _DIGESTS:
        _DIGESTS[key] = code_digest(path)
    return _DIGESTS[key]


@lru_cache(maxsize=None)
def module_tag(name: str) -> str:
    """Hash of the code (:func:`code_digest`) of kernel module ``name`` and of what it
    depends on: an edit to a comment or docstring changes no folder."""
    h = hashlib.sha1()
    for path in dependencies(name):
        h.update(str(path.relative_to(_ROOT)).encode() + b"\0" + _file_digest(path) + b"\0")
    return h.hexdigest()[:12]


def base_dir() -> str:
    """Where simkit's cache folders are: ``$NUMBA_CACHE_DIR/simkit`` (default base
    ``~/.cache/simkit/numba``)."""
    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(Path.home(), ".cache", "simkit", "numba")
    return os.path.join(base, "simkit")


def module_cache_dir(name: str) -> str:
    """The cache folder of kernel module ``name``."""
    return os.path.join(base_dir(), f"{name}-{module_tag(name)}")


def game_modules(package: str) -> list:
    """The kernel modules of game package ``package``."""
    return sorted(module_name(p) for p in (_GAMES / package).rglob("*.py")
                  if is_kernel_module(module_name(p)))


@contextlib.contextmanager
def module_cache(name: str):
    """numba's cache folder set to kernel module ``name``'s while it is decorated."""
    import numba

    before = numba.config.CACHE_DIR
    numba.config.CACHE_DIR = module_cache_dir(name)
    try:
        yield
    finally:
        numba.config.CACHE_DIR = before


class _KernelCacheLoader(importlib.abc.Loader):
    """Executes a kernel module inside :func:`module_cache`."""

    def __init__(self, loader, name):
        self._loader = loader
        self._name = name

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        with module_cache(self._name):
            self._loader.exec_module(module)

    def get_source(self, fullname):             # for inspect and numba's error messages
        return self._loader.get_source(fullname)


class KernelCacheFinder(importlib.abc.MetaPathFinder):
    """Gives every simkit kernel module :class:`_KernelCacheLoader`."""

    def find_spec(self, fullname, path, target=None):
        if not fullname.startswith("simkit.") or not is_kernel_module(fullname):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _KernelCacheLoader(spec.loader, fullname)
        return spec


class _NumbaLoader(importlib.abc.Loader):
    """numba's own loader, then :data:`_ON_NUMBA` once numba's package has run."""

    def __init__(self, loader):
        self._loader = loader

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        _numba_loaded()

    def get_source(self, fullname):
        return self._loader.get_source(fullname)


_ON_NUMBA: list = []          # callbacks run once numba is imported


def _numba_loaded() -> None:
    while _ON_NUMBA:
        _ON_NUMBA.pop(0)()


class _NumbaFinder(importlib.abc.MetaPathFinder):
    """Runs :data:`_ON_NUMBA` right after numba's package is imported, by whatever code
    imports it first (a simkit kernel module, or a user's ``@njit`` policy)."""

    def find_spec(self, fullname, path, target=None):
        if fullname != "numba" or not _ON_NUMBA:
            return None
        sys.meta_path.remove(self)          # find numba's own spec without this finder
        try:
            spec = importlib.util.find_spec("numba")
        finally:
            sys.meta_path.insert(0, self)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _NumbaLoader(spec.loader)
        return spec


def when_numba_imported(fn) -> None:
    """Call ``fn()`` now if numba is imported, else right after numba is first imported.
    simkit imports numba only when a kernel is needed: ``simkit list``, ``rules``,
    ``policies`` and ``--help`` import none (tests/test_cold_commands.py)."""
    if "numba" in sys.modules and hasattr(sys.modules["numba"], "config"):
        fn()
        return
    _ON_NUMBA.append(fn)
    if not any(isinstance(f, _NumbaFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _NumbaFinder())


def cancel_when_numba_imported(fn) -> None:
    """Drop ``fn`` from the calls :func:`when_numba_imported` still owes (none if numba is
    imported already)."""
    while fn in _ON_NUMBA:
        _ON_NUMBA.remove(fn)


def _point_other_cache() -> None:
    import numba

    numba.config.CACHE_DIR = os.path.join(base_dir(), "other")


def install() -> str:
    """Install the import hook, and point numba's cache for other code (a user's own
    ``cache=True`` functions) at ``<base>/other`` once numba is imported; returns the
    base folder."""
    if not any(isinstance(f, KernelCacheFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, KernelCacheFinder())
    when_numba_imported(_point_other_cache)
    return base_dir()
