"""Ctrl-C ends ``simkit run`` at once even while a kernel plays a long chunk in the
process (issue 30; simkit/runner/interrupt.py): without that, the signal waits for the
chunk to end. A marker on stderr says when the chunk's kernel call starts."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import simkit

ROOT = Path(simkit.__file__).resolve().parent.parent
# one chunk of 10^11 Treize banks: hours of play in one kernel call
ARGS = ["run", "treize", "--hands", "1e12", "--chunk", "100000000000", "--no-progress"]


def _sigint_default():
    """In the child before it starts: SIGINT's default disposition, whatever the suite's
    (a shell starts a background job with SIGINT ignored, and a child inherits that, so
    the test would send a signal nobody hears)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
WRAPPER = """
import sys
import simkit.runner.parallel as par
import simkit.runner.interrupt as interrupt
if {disable}:
    interrupt.enable = lambda on=True: None          # the old behaviour
play = par.run_chunk_task
def marked(*a):
    print("kernel starts", file=sys.stderr, flush=True)
    return play(*a)
par.run_chunk_task = marked
from simkit.cli import main
sys.exit(main({args!r}))
"""


def _start(disable: bool):
    code = WRAPPER.format(disable=disable, args=ARGS)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env=env, cwd=ROOT, preexec_fn=_sigint_default)
    seen = []
    while True:                             # blocks until the kernel call starts (or the process fails)
        line = p.stderr.readline()
        seen.append(line)
        if "kernel starts" in line or not line:
            break                           # what came before (a compile's warning, a cache repair) is not it
    assert "kernel starts" in line, "".join(seen) + p.stderr.read()
    time.sleep(1.0)                         # well inside the chunk
    return p


def _ends_within(p, seconds: float):
    t0 = time.perf_counter()
    p.send_signal(signal.SIGINT)
    try:
        p.wait(timeout=seconds)
        return time.perf_counter() - t0
    except subprocess.TimeoutExpired:
        return None


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_inside_a_kernel_ends_the_command_at_once():
    p = _start(disable=False)
    took = _ends_within(p, 5.0)
    if took is None:
        p.kill()
        p.wait()
    assert took is not None and took < 2.0, took
    assert p.returncode == -signal.SIGINT          # ended by the signal itself (status 130 in a shell)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_without_the_default_action_the_kernels_poll_ends_the_command_cleanly():
    """Before the kernels polled for signals this waited for the chunk (hours); now the
    kernel stops within a unit and the command unwinds: message, status 130."""
    p = _start(disable=True)
    took = _ends_within(p, 10.0)
    if took is None:
        p.kill()
        p.wait()
    assert took is not None and took < 5.0, took
    assert p.returncode == 130 and "interrupted" in p.stderr.read()


def test_native_section_is_off_outside_the_command_line():
    from simkit.runner import interrupt

    assert not interrupt.enabled()
    before = signal.getsignal(signal.SIGINT)
    with interrupt.native_section():
        assert signal.getsignal(signal.SIGINT) is before     # the API never gives up Python's handler
    interrupt.enable(True)
    try:
        with interrupt.native_section():
            assert signal.getsignal(signal.SIGINT) == signal.SIG_DFL
        assert signal.getsignal(signal.SIGINT) is before
    finally:
        interrupt.enable(False)


# From Python (a notebook or script, n_jobs=1) the kernels poll for Ctrl-C
# (simkit/core/interrupt_nb.py): each case is one chunk that would play for minutes or
# hours; the last is a single Kozel match of simulation players with 1,000 marks (a few
# thousand deals of a tenth of a second), which only the poll per deal can stop. Each
# case compiles first on a short run (same kernels: rules and policies are data).
_SIM = {"play": "simulation"}
API_CASES = [("treize", {}, None, {}, 10**11), ("blackjack", {}, None, {}, 10**10),
             ("tyotka", {}, None, {}, 10**8), ("kozel", {"unit": "deal"}, _SIM, {"marks": 1000}, 1)]
API_CHILD = """
import sys, time, warnings
warnings.simplefilter("ignore")                 # a compile's warning is not the line the test waits for
import simkit
import simkit.runner.parallel as par
play = par.run_chunk_task
armed = [False]
def marked(*a):
    if armed[0]:
        print("kernel starts", file=sys.stderr, flush=True)
    return play(*a)
par.run_chunk_task = marked
for game, warm, pols, rules, hands in {cases!r}:
    simkit.simulate(game, 2, rules=warm, policies=pols, progress=False)      # compile (or load) first
    armed[0] = True
    try:
        simkit.simulate(game, hands, rules=rules, policies=pols, chunk=hands, progress=False)
        print("finished", game, flush=True)
    except KeyboardInterrupt:
        print("interrupted", game, time.perf_counter(), flush=True)
    armed[0] = False
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_ends_a_kernel_called_from_python_within_a_second():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-c", API_CHILD.format(cases=API_CASES)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT, preexec_fn=_sigint_default)
    try:
        for game, *_ in API_CASES:
            line = p.stderr.readline()
            assert "kernel starts" in line, line + p.stderr.read()
            time.sleep(1.0)                         # well inside the chunk
            sent = time.perf_counter()
            p.send_signal(signal.SIGINT)
            out = p.stdout.readline().split()
            assert out[:2] == ["interrupted", game], out
            assert float(out[2]) - sent < 1.0, (game, float(out[2]) - sent)
        assert p.wait(timeout=60) == 0
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()


def test_every_chunk_kernel_polls_for_ctrl_c_in_its_unit_loop():
    """Each game's unit loop starts with ``poll_interrupt_nb()`` (the banking games:
    ``poll_every_nb(unit)``; the behaviour is checked above on four games; this checks
    that none of the 21 lacks the poll). A game on the engine's loop
    (:func:`simkit.core.trick_game.unit_loop`) or on the banks' loop
    (:func:`simkit.games.banking_nb.bank_loop`) has none of its own: that loop has it."""
    import ast

    def unit_loops(tree):
        return [n for n in ast.walk(tree) if isinstance(n, ast.For) and ast.unparse(n.target) == "unit"
                and ast.unparse(n.iter) == "range(start, stop)"]

    engines = {ROOT / "simkit" / "core" / "trick_game.py": "unit_loop(unit_nb)",
               ROOT / "simkit" / "games" / "banking_nb.py": "bank_loop(unit_nb)"}
    paths = list(engines) + sorted((ROOT / "simkit" / "games").glob("*/nb.py"))
    on_engine = dict.fromkeys(engines.values(), 0)
    for path in paths:
        tree = ast.parse(path.read_text())
        loops = unit_loops(tree)
        made = [m for m in on_engine if m in path.read_text()]
        if path not in engines and not loops and made:
            on_engine[made[0]] += 1
            continue
        assert loops, path
        for loop in loops:
            assert ast.unparse(loop.body[0]) in ("poll_interrupt_nb()", "poll_every_nb(unit)"), (path, loop.lineno)
    assert on_engine["unit_loop(unit_nb)"] >= 2 and on_engine["bank_loop(unit_nb)"] >= 1
