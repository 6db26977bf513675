"""pyproject.toml's mypy exclusions are exactly the numba kernel modules (the modules that
import numba, or simkit's own jit wrappers, at their top level): a kernel module missing
from the list fails `make lint` on numba's types, and a module that stopped being a
kernel would stay unchecked without anyone noticing. Reads sources only; compiles nothing."""
import ast
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:                     # Python 3.10
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent
KERNEL_IMPORTS = ("numba", "simkit.core.jit")


def _imports_numba_at_top(path: Path) -> bool:
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            mods = [node.module or ""]
        else:
            continue
        if any(m == k or m.startswith(k + ".") for m in mods for k in KERNEL_IMPORTS):
            return True
    return False


def _kernel_modules() -> set:
    out = set()
    for path in (ROOT / "simkit").rglob("*.py"):
        if _imports_numba_at_top(path):
            rel = path.relative_to(ROOT).with_suffix("")
            parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
            out.add(".".join(parts))
    return out


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
