#!/usr/bin/env python3
"""Figures of the Python package (README "Python"), on this machine.

    python bench/python.py [--cli target/release/npuzzle] [--runs 5] [--skip-dask]

1. npuzzle.solve_many on 100,000 random 8-puzzles from a numpy array (2 threads).
2. The cost of one npuzzle.solve call on an already-solved 3x3 board (the
   Python overhead: parse, look up the cached solver, solve, wrap the result).
3. npuzzle.dask.solve_files on a 2-worker LocalCluster (1 thread each) against
   `npuzzle batch --threads 2` on the same 100,000 boards (8 files for Dask, one
   for the CLI), run alternately; cluster start-up is not timed.

Each figure is the minimum (and median) of --runs runs. Run it with the
package installed (pip install ./crates/npuzzle-py) and the release CLI built
(cargo build --release -p npuzzle-cli); say the load (uptime) next to the numbers.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
import timeit

import numpy as np

import npuzzle
import npuzzle.dask


def report(name: str, seconds: list[float], unit: float = 1.0, suffix: str = "s") -> None:
    vals = [s / unit for s in seconds]
    print(f"{name}: min {min(vals):.3f} {suffix}, median {statistics.median(vals):.3f} {suffix} ({len(vals)} runs)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "npuzzle"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--skip-dask", action="store_true")
    args = ap.parse_args()
    print("load:", os.getloadavg(), "cores:", os.cpu_count())

    boards = npuzzle.random_boards("3x3", 100_000, seed=2026)
    npuzzle.solve_many(boards[:10], threads=2)  # build the table once, as any long-running program would
    times, cpu = [], []
    for _ in range(args.runs):
        t, c = time.perf_counter(), time.process_time()
        out = npuzzle.solve_many(boards, threads=2)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    assert len(out) == 100_000 and all(s.solved for s in out)
    print(f"mean optimal length {np.mean([s.length for s in out]):.2f}")
    report("solve_many, 100,000 random 8-puzzles (numpy array, 2 threads)", times)
    report("  its CPU time (both threads)", cpu)

    solved = "1 2 3 4 5 6 7 8 x"
    npuzzle.solve(solved)
    n = 20_000
    per_call = [t / n for t in timeit.repeat(lambda: npuzzle.solve(solved), number=n, repeat=args.runs)]
    report("solve() on an already-solved 3x3 board, per call", per_call, 1e-6, "µs")
    arr = np.array([[1, 2, 3], [4, 5, 6], [7, 8, 0]])
    per_call = [t / n for t in timeit.repeat(lambda: npuzzle.solve(arr), number=n, repeat=args.runs)]
    report("solve() on the same board as a 3x3 numpy array, per call", per_call, 1e-6, "µs")

    if args.skip_dask:
        return
    import distributed

    cli = os.path.abspath(args.cli)
    work = tempfile.mkdtemp(prefix="npuzzle-bench-py-")
    try:
        lines = [" ".join(str(t) for t in b.ravel()) + "\n" for b in boards]
        whole = os.path.join(work, "all.txt")
        with open(whole, "w") as f:
            f.writelines(lines)
        os.mkdir(os.path.join(work, "in"))
        inputs = []
        for i in range(8):
            path = os.path.join(work, "in", f"part-{i}.txt")
            with open(path, "w") as f:
                f.writelines(lines[i * 12_500 : (i + 1) * 12_500])
            inputs.append(path)
        cluster = distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
        )
        client = distributed.Client(cluster)
        # Warm up: import npuzzle and build the 3x3 table in each worker.
        npuzzle.dask.solve_files(inputs, os.path.join(work, "warm"), client=client)
        dask_times, cli_times = [], []
        for run in range(args.runs):
            out = os.path.join(work, f"out-{run}")
            t = time.perf_counter()
            npuzzle.dask.solve_files(inputs, out, client=client)
            dask_times.append(time.perf_counter() - t)
            shutil.rmtree(out)
            t = time.perf_counter()
            subprocess.run([cli, "batch", "--threads", "2", "-i", whole, "-o", os.path.join(work, "cli.jsonl")], check=True, stderr=subprocess.DEVNULL)
            cli_times.append(time.perf_counter() - t)
        client.close()
        cluster.close()
        report("dask.solve_files, 100,000 boards in 8 files, 2-worker LocalCluster", dask_times)
        report("npuzzle batch --threads 2, the same 100,000 boards in one file", cli_times)
        print(f"ratio of minima: {min(dask_times) / min(cli_times):.2f}, of medians: {statistics.median(dask_times) / statistics.median(cli_times):.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
