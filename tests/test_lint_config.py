"""pyproject.toml's mypy exclusions are exactly the numba kernel modules (the modules that
import numba, or simkit.core.jit, at their top level: simkit._cache's definition): a
kernel module missing from the list fails `make lint` on numba's types, and a module that
stopped being a kernel would stay unchecked without anyone noticing. Reads sources only;
compiles nothing."""
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:                     # Python 3.10
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent


def _kernel_modules() -> set:
    """simkit's own definition (:func:`simkit._cache.is_kernel_module`)."""
    from simkit import _cache

    names = {_cache.module_name(p) for p in (ROOT / "simkit").resolve().rglob("*.py")}
    return {n for n in names if _cache.is_kernel_module(n)}


def _mypy_excluded() -> set:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if tomllib is not None:
        overrides = tomllib.loads(text)["tool"]["mypy"]["overrides"]
        return {m for o in overrides if o.get("ignore_errors") for m in o["module"]}
    # without tomllib: the quoted names of the override that ignores errors
    block = text.split("[[tool.mypy.overrides]]")
    listing = next(b for b in block if "ignore_errors = true" in b)
    return {line.strip().strip('",') for line in listing.splitlines() if line.strip().startswith('"simkit.')}


def test_mypy_skips_exactly_the_kernel_modules():
    kernels, excluded = _kernel_modules(), _mypy_excluded()
    assert kernels, "no kernel module found"
    assert not kernels - excluded, f"kernel modules mypy would check: {sorted(kernels - excluded)}"
    assert not excluded - kernels, f"listed as kernels but not kernels (check them): {sorted(excluded - kernels)}"
