"""Ctrl-C interrupts a long `npuzzle.solve` and `npuzzle.pdb.build`: a real
SIGINT sent to a Python process in the middle of the work raises
KeyboardInterrupt there within moments (the search or the build reads the
library's Cancel flag, raised once Python's signal handler has run)."""

from __future__ import annotations

import pathlib
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


def interrupt_after(script: str, seconds: float, *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    """Runs `script` with `args`, sends SIGINT `seconds` after it printed
    "ready"; the result and how long it took to end after the signal."""
    proc = subprocess.Popen(
        [sys.executable, "-c", script, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
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


BUILD = """
import os, sys, npuzzle
said = []
def progress(p):
    if not said:
        said.append(1)
        print("ready", flush=True)
try:
    npuzzle.pdb.build("5x5", "6-6-6-6", pdb_dir=sys.argv[1], threads=1, progress=progress)
except KeyboardInterrupt:
    print("interrupted", sorted(os.listdir(sys.argv[1])), flush=True)
    raise
print("finished", flush=True)
"""


def test_ctrl_c_interrupts_a_database_build_and_saves_nothing(tmp_path: pathlib.Path) -> None:
    # 6-6-6-6 for 5x5 on one thread: minutes of work; the signal comes right
    # after the first progress report.
    done, took = interrupt_after(BUILD, 0.0, str(tmp_path))
    assert "interrupted []" in done.stdout, done.stdout + done.stderr
    assert "finished" not in done.stdout
    assert "KeyboardInterrupt" in done.stderr
    assert list(tmp_path.iterdir()) == []
    # Reports come about ten times a second; the threads stop within a chunk.
    assert took < 5, f"{took:.1f} s after the signal"
