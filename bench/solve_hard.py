#!/usr/bin/env python3
"""npuzzle.dask.solve_hard against `npuzzle solve --threads 2` (README "Python", issue 10 §3).

    python bench/solve_hard.py --pdb-dir DIR [--instances 40] [--runs 3] [--tasks N]
        [--cli target/release/npuzzle] [--data bench/data/korf-felner-24.txt]

Korf & Felner's 24-puzzle instances (numbered from 1 in file order, blank-first
goal), the strongest databases in DIR for that goal (6-6-6-6 built with
`npuzzle pdb build --size 5x5 --goal blank-first --partition 6-6-6-6`). A
LocalCluster of 2 worker processes (1 thread each, loopback) is started once
(not timed); then, alternately, the CLI (a fresh process each run: database
mapping included) and solve_hard (the first run includes each worker opening
the databases) solve the same board. Prints each run's wall time, the moves
of both (they must be equal) and the ratio of the minima and of the medians.
Say the load (uptime) next to the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import time

import npuzzle
import npuzzle.dask

HERE = os.path.dirname(os.path.abspath(__file__))


def instances(path: str) -> list[str]:
    with open(path) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pdb-dir", required=True)
    parser.add_argument("--instances", default="40", help="comma-separated instance numbers (from 1)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tasks", type=int, default=None, help="Dask tasks per wave (default: 32 per worker thread)")
    parser.add_argument("--cli", default=os.path.join(HERE, "..", "target", "release", "npuzzle"))
    parser.add_argument("--data", default=os.path.join(HERE, "data", "korf-felner-24.txt"))
    args = parser.parse_args()

    from distributed import Client, LocalCluster

    boards = instances(args.data)
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None)
    client = Client(cluster)
    try:
        for number in (int(n) for n in args.instances.split(",")):
            board = boards[number - 1]
            cli_times: list[float] = []
            dask_times: list[float] = []
            for run in range(args.runs):
                started = time.perf_counter()
                out = subprocess.run(
                    [args.cli, "solve", "--goal", "blank-first", "--pdb-dir", args.pdb_dir, "--threads", "2", "--json", board],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                cli_times.append(time.perf_counter() - started)
                record = json.loads(out.stdout)["data"]
                started = time.perf_counter()
                hard = npuzzle.dask.solve_hard(board, client, goal="blank-first", pdb_dir=args.pdb_dir, tasks=args.tasks)
                dask_times.append(time.perf_counter() - started)
                same = hard.moves == record["moves"]
                print(
                    f"#{number} run {run + 1}: cli {cli_times[-1]:.3f} s ({record['stats']['expanded']:,} expanded), "
                    f"solve_hard {dask_times[-1]:.3f} s ({hard.stats.expanded:,} expanded), "
                    f"{hard.length} moves, same moves: {same}, partition {hard.partition}",
                    flush=True,
                )
                if not same:
                    raise SystemExit(f"different moves: {hard.moves} against {record['moves']}")
            print(
                f"#{number}: solve_hard / cli = {min(dask_times) / min(cli_times):.2f} (minima), "
                f"{statistics.median(dask_times) / statistics.median(cli_times):.2f} (medians)"
            )
    finally:
        client.close()
        cluster.close()


if __name__ == "__main__":
    main()
