#!/usr/bin/env python3
"""`solve --within FACTOR` on Korf & Felner's 24-puzzles, beside `greedy --improve`.

For each instance (bench/data/korf-felner-24.txt, blank-first goal), every configuration runs
back to back (so load changes hit them alike), one search thread, one process per board:

    bench/within-24.py BINARY PDB_DIR [--instances 1-50] [--within 1.5,1.2] [--improve 0.1s]
        [--timeout 60s]

One TSV line per run: instance, configuration, outcome, length, lower bound (what the search
proved; for greedy Manhattan plus linear conflicts), length / lower bound, expanded, the
record's milliseconds (reading the board to the answer, databases paged in on first use) and
the process's wall milliseconds. Then per configuration: solved, mean length, mean and worst
length / lower bound, mean and worst wall time.
"""

import argparse
import json
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def instances(spec):
    lo, _, hi = spec.partition("-")
    return range(int(lo), int(hi or lo) + 1)


def boards():
    lines = (ROOT / "bench/data/korf-felner-24.txt").read_text().splitlines()
    rows = [l.split() for l in lines if l.strip() and not l.startswith("#")]
    return [" ".join("x" if t == "0" else t for t in row) for row in rows]


def run(binary, pdb_dir, board, extra, timeout):
    args = [binary, "solve", "--json", "--goal", "blank-first", "--pdb-dir", pdb_dir, "-j", "1",
            "--timeout", timeout, *extra, board]
    start = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True)
    wall = (time.perf_counter() - start) * 1000
    record = json.loads(out.stdout.strip().splitlines()[-1])
    return record["data"], wall


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary")
    p.add_argument("pdb_dir")
    p.add_argument("--instances", default="1-50")
    p.add_argument("--within", default="1.5,1.2")
    p.add_argument("--improve", default="0.1s")
    p.add_argument("--timeout", default="60s")
    a = p.parse_args()
    configs = [(f"within {f}", ["--within", f]) for f in a.within.split(",")]
    configs.append((f"greedy --improve {a.improve}", ["--algorithm", "greedy", "--improve", a.improve]))
    all_boards = boards()
    rows = []
    print("instance\tconfig\toutcome\tlength\tlower_bound\tratio\texpanded\tmillis\twall_ms")
    for n in instances(a.instances):
        for name, extra in configs:
            d, wall = run(a.binary, a.pdb_dir, all_boards[n - 1], extra, a.timeout)
            length, lower = d.get("length"), d.get("lower_bound")
            ratio = length / lower if length is not None and lower else None
            expanded = d["stats"].get("expanded", 0)
            print(f"{n}\t{name}\t{d['outcome']}\t{length}\t{lower}\t"
                  f"{'' if ratio is None else f'{ratio:.3f}'}\t{expanded}\t{d['stats']['millis']:.1f}\t{wall:.0f}",
                  flush=True)
            rows.append((name, d["outcome"], length, ratio, wall))
    print()
    print("config\tsolved\tmean_length\tmean_ratio\tworst_ratio\tmean_wall_ms\tworst_wall_ms")
    for name, _ in configs:
        mine = [r for r in rows if r[0] == name]
        solved = [r for r in mine if r[1] == "solved"]
        if not solved:
            print(f"{name}\t0/{len(mine)}")
            continue
        mean = lambda xs: sum(xs) / len(xs)
        ratios = [r[3] for r in solved if r[3] is not None]
        walls = [r[4] for r in mine]
        print(f"{name}\t{len(solved)}/{len(mine)}\t{mean([r[2] for r in solved]):.2f}\t"
              f"{mean(ratios):.3f}\t{max(ratios):.3f}\t{mean(walls):.0f}\t{max(walls):.0f}")


if __name__ == "__main__":
    sys.exit(main())
