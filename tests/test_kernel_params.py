"""Kernels take a context, not a dozen arrays (issue #27): at most ``MAX_WIDE`` jitted
functions in the package take 12 or more positional parameters (one did when this was
written: the engine's ``play_tricks_nb``, whose arguments are the table a trick is played
on and which every trick game calls inlined)."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WIDE = 12
MAX_WIDE = 10
#: what names a compiler: numba's and simkit's decorators and a game's own (Ochko's ``kernel``)
_JIT = ("njit", "jit", "cfunc", "kernel")


def _jitted_names(tree) -> set:
    """Names of the functions a module compiles: decorated by a compiler, or passed to one
    (``round_nb = njit(cache=True)(_round)``)."""
    names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
             and any(any(j in ast.unparse(d) for j in _JIT) for d in n.decorator_list)}
    for n in ast.walk(tree):
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Call) and any(j in ast.unparse(n.func.func)
                                                                             for j in _JIT)):
            names.update(a.id for a in n.args if isinstance(a, ast.Name))
    return names


def wide_kernels(root: Path = ROOT / "simkit") -> dict:
    """``{"path:function": parameters}`` of every jitted function with ``WIDE`` or more
    positional parameters under ``root``."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        jitted = _jitted_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in jitted:
                n = len(node.args.posonlyargs) + len(node.args.args)
                if n >= WIDE:
                    found[f"{path.relative_to(root.parent)}:{node.name}"] = n
    return found


def test_the_counter_sees_a_wide_kernel(tmp_path):
    wide = ", ".join(f"a{i}" for i in range(12))
    (tmp_path / "m.py").write_text(f"@njit(cache=True)\ndef f({wide}):\n    pass\n\n\n@njit\ndef g(a, b):\n    pass\n\n\n"
                                   f"def h({wide}, b):\n    pass\n\n\ndef k({wide}):\n    pass\n\n\n"
                                   f"@kernel\ndef m({wide}):\n    pass\n\n\nk_nb = njit(cache=True)(k)\n")
    assert wide_kernels(tmp_path) == {f"{tmp_path.name}/m.py:{f}": 12 for f in ("f", "k", "m")}


def test_at_most_ten_kernels_take_twelve_or_more_parameters():
    wide = wide_kernels()
    assert len(wide) <= MAX_WIDE, sorted(wide.items(), key=lambda kv: -kv[1])
