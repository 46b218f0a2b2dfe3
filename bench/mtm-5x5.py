#!/usr/bin/env python3
"""5x5 boards at an exact multi-tile distance, one thread, release build.

    bench/mtm-5x5.py [--count N] [DISTANCE ...]

No 5x5 multi-tile database exists, so these are confirmed by idastar with Manhattan distance
in its multi-tile form. For each distance (default 12 14 16 18 20): the wall time of
`random --size 5x5 --metric mtm --distance D --count N --seed 1` (random walks of slides, each
kept when an optimal solve confirms it), then for each board drawn its optimal multi-tile
solutions counted by `solve --algorithm idastar --count`: the count, the nodes of the board's
own search (the record's), and the wall time of the whole command (search and count).
"""
import argparse
import datetime
import json
import os
import platform
import subprocess
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BIN = os.path.join(ROOT, "target", "release", "npuzzle")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("distances", type=int, nargs="*", default=[12, 14, 16, 18, 20])
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "npuzzle-cli"], cwd=ROOT, check=True)
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "crates"], cwd=ROOT).returncode != 0
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"# {datetime.date.today()} {platform.machine()}, {os.cpu_count()} cores, load before: {load}")
    print(f"# npuzzle {head.stdout.strip()}{' (with changes)' if dirty else ''}")
    print("| distance | draw of", args.count, "boards (s) | optimal solutions per board | search nodes | solve --count wall |")
    print("| ---: | ---: | --- | --- | --- |")
    for d in args.distances:
        start = time.perf_counter()
        drawn = subprocess.run(
            [BIN, "random", "--size", "5x5", "--metric", "mtm", "--distance", str(d),
             "--count", str(args.count), "--seed", "1"],
            capture_output=True, text=True, check=True,
        )
        drew = time.perf_counter() - start
        counts, nodes, millis = [], [], []
        for board in drawn.stdout.splitlines():
            began = time.perf_counter()
            out = subprocess.run(
                [BIN, "solve", "--metric", "mtm", "--algorithm", "idastar", "--count", "-j", "1",
                 "--json", board],
                capture_output=True, text=True, check=True,
            )
            took = time.perf_counter() - began
            data = json.loads(out.stdout)["data"]
            assert data["mtm_length"] == d, (board, data)
            counts.append(str(data["count"]))
            nodes.append(str(data["stats"]["expanded"]))
            millis.append(f"{took:.2f} s")
        print(f"| {d} | {drew:.2f} | {', '.join(counts)} | {', '.join(nodes)} | {', '.join(millis)} |")


if __name__ == "__main__":
    main()
