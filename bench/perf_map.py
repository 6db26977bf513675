"""Name a kernel's functions in a ``perf`` profile: play a game's units, then write the
map file ``perf`` reads for code made at run time (``/tmp/perf-<pid>.map``, one line
``start size name`` a function) for every function numba loaded or compiled in the
process, and for numba's reference-counting runtime (``NRT_incref``, ``NRT_decref``).

    perf record -e cpu-clock -F 4000 -o game.data \\
        python bench/perf_map.py marriage --rules '{"unit": "deal"}' --policies random --units 3000000
    perf report -i game.data -n --sort sym

Without the map, ``perf`` shows numba's code as bare addresses. The game's functions that
numba or LLVM did not inline show by name (``close_trick_nb``, the chunk kernel, the
engine's unit loop with the game's hooks in it), and a hot pair of ``NRT_incref`` /
``NRT_decref`` says which kernel still counts references (docs/tricks.md, "Speed notes").
``--objects DIR`` also keeps each library's object file, for ``objdump -d`` by offset
(``DIR/<n>.o``; ``DIR/bases.txt``: each object's load address and name).

The map is read from the objects' own symbol tables (64-bit ELF, as numba emits on
Linux); a library loaded before this module was imported is not mapped.
"""
from __future__ import annotations

import argparse
import json
import os
import struct
import sys
from pathlib import Path

from numba.core import codegen

#: the object code of every library numba compiled or loaded from its cache since the import
_OBJECTS: dict[int, tuple[object, bytes]] = {}


def _keep(hook_name: str) -> None:
    """Wrap ``CPUCodeLibrary.<hook_name>`` (numba's object-cache hooks of its execution
    engine) so that it also records each library's object code."""
    original = getattr(codegen.CPUCodeLibrary, hook_name).__func__

    def hook(cls, ll_module, *args):
        out = original(cls, ll_module, *args)
        library = getattr(ll_module, "_CPUCodeLibrary__library", None)
        buf = args[0] if args else out
        if library is not None and buf:
            _OBJECTS[id(library)] = (library, bytes(buf))
        return out

    setattr(codegen.CPUCodeLibrary, hook_name, classmethod(hook))


_keep("_object_compiled_hook")
_keep("_object_getbuffer_hook")


def elf_functions(obj: bytes) -> list[tuple[int, int, int, bool, str]]:
    """``(section, offset, size, is_global, name)`` of every function symbol defined in
    the 64-bit little-endian ELF object ``obj``."""
    if obj[:4] != b"\x7fELF" or obj[4] != 2 or obj[5] != 1:
        raise ValueError("not a 64-bit little-endian ELF object")
    shoff, = struct.unpack_from("<Q", obj, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", obj, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", obj, shoff + i * shentsize) for i in range(shnum)]
    out = []
    for sh in sections:
        if sh[1] != 2:                                   # SHT_SYMTAB
            continue
        strtab = sections[sh[6]]
        for k in range(sh[5] // 24):
            name_at, info, _, shndx, value, size = struct.unpack_from("<IBBHQQ", obj, sh[4] + k * 24)
            if info & 0xF != 2 or shndx == 0 or shndx >= 0xFF00:    # STT_FUNC, defined
                continue
            end = obj.index(b"\0", strtab[4] + name_at)
            out.append((shndx, value, size, info >> 4 == 1, obj[strtab[4] + name_at:end].decode()))
    return out


def section_bases(library, funcs) -> dict[int, int]:
    """Each section's load address (section index -> address) of one loaded library whose
    object holds the functions ``funcs`` (:func:`elf_functions`): from a global function
    numba resolves in it (a weak one may resolve to another library's copy)."""
    bases: dict[int, int] = {}
    for shndx, value, _, is_global, name in funcs:
        if is_global and shndx not in bases:
            try:
                addr = library.get_pointer_to_function(name)
            except Exception:
                addr = 0
            if addr:
                bases[shndx] = addr - value
    return bases


def runtime_lines() -> list[tuple[int, int, str]]:
    """numba's runtime functions (``NRT_incref``, ``NRT_decref``, the atomic counts), to
    the next one's address (their sizes are not kept)."""
    from numba.core.runtime import nrt

    lib = nrt.rtsys.library
    addrs = sorted((lib.get_pointer_to_function(f.name), f.name)
                   for f in lib._final_module.functions if not f.is_declaration)
    return [(a, (addrs[i + 1][0] - a) if i + 1 < len(addrs) else 16, n) for i, (a, n) in enumerate(addrs)]


def write_map(objects_dir: Path | None = None) -> Path:
    """Write ``/tmp/perf-<pid>.map`` for everything numba has loaded so far (and each
    object to ``objects_dir``); returns the map's path."""
    lines = runtime_lines()
    if objects_dir is not None:
        objects_dir.mkdir(parents=True, exist_ok=True)
    bases = []
    for i, (library, obj) in enumerate(_OBJECTS.values()):
        funcs = elf_functions(obj)
        at = section_bases(library, funcs)
        entries = [(at[s] + v, size, name, s) for s, v, size, _, name in funcs if s in at and size]
        lines += [e[:3] for e in entries]
        if objects_dir is not None and entries:
            (objects_dir / f"{i}.o").write_bytes(obj)
            bases.append(f"{i}.o {at[min(entries)[3]]:x} {library.name}")
    if objects_dir is not None:
        (objects_dir / "bases.txt").write_text("\n".join(bases) + "\n")
    path = Path(f"/tmp/perf-{os.getpid()}.map")
    tmp = path.with_suffix(".tmp")
    tmp.write_text("".join(f"{a:x} {s:x} {n}\n" for a, s, n in sorted(lines)))
    os.replace(tmp, path)
    return path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--rules", default="{}", help="rule options as JSON (default: the game's defaults)")
    ap.add_argument("--policies", default=None, help="policies as simkit takes them (default: the game's)")
    ap.add_argument("--units", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--objects", type=Path, default=None, help="also keep each library's object file here")
    a = ap.parse_args(argv)
    if a.units <= 0:
        ap.error(f"--units must be positive, not {a.units}")
    import simkit

    game = simkit.get_game(a.game)
    rules = game.Rules.build(json.loads(a.rules))
    policies = game.resolve_policies(a.policies)
    game.run_chunk(rules, policies, a.seed, 0, a.units, a.units)
    path = write_map(a.objects)
    print(f"{a.game}: {a.units} units played; map {path} ({sum(1 for _ in open(path))} functions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
