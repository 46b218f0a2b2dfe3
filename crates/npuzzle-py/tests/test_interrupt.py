"""Ctrl-C interrupts a long `npuzzle.solve`: a real SIGINT sent to a Python
process in the middle of a search that would take hours raises
KeyboardInterrupt there within moments (the search reads the library's
Cancel flag, raised by a watcher that polls Python's signal handlers)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

# Korf & Felner's 24-puzzle #1 (bench/data/korf-felner-24.txt, first instance;
# 95 moves): with Manhattan distance, far beyond any test's patience.
KORF_FELNER_1 = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13"

SCRIPT = f"""
import npuzzle
print("ready", flush=True)
try:
    npuzzle.solve({KORF_FELNER_1!r}, goal="blank-first", heuristic="manhattan", threads={{threads}})
except KeyboardInterrupt:
    print("interrupted", flush=True)
    raise
print("finished", flush=True)
"""


def interrupt_after(script: str, seconds: float) -> tuple[subprocess.CompletedProcess[str], float]:
    """Runs `script`, sends SIGINT `seconds` after it printed "ready"; the
    result and how long it took to end after the signal."""
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(seconds)
        assert proc.poll() is None, "ended before the signal"
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        return subprocess.CompletedProcess(proc.args, proc.returncode, "ready\n" + out, err), time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_ctrl_c_interrupts_a_long_solve_on_one_and_two_threads() -> None:
    for threads in (1, 2):
        done, took = interrupt_after(SCRIPT.format(threads=threads), 1.0)
        assert "interrupted" in done.stdout, done.stderr
        assert "finished" not in done.stdout
        assert "KeyboardInterrupt" in done.stderr
        assert done.returncode != 0
        # The watcher looks every 50 ms and the search every 1024 nodes.
        assert took < 10, f"{threads} threads: {took:.1f} s after the signal"
