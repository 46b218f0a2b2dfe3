#!/usr/bin/env python3
"""Real-time 5x5 answers on Korf & Felner's 24-puzzles: `--algorithm anytime --timeout T`,
`solve --within FACTOR` and `greedy --improve T`, side by side.

For each instance (bench/data/korf-felner-24.txt, blank-first goal), every configuration runs
back to back (so load changes hit them alike), one search thread, one process per board:

    bench/realtime-24.py BINARY PDB_DIR [--instances 1-50] [--anytime 100ms] [--within 1.5,1.2]
        [--improve 0.1s] [--timeout 60s]

(an empty --anytime, --within or --improve leaves that configuration out). One TSV line per
run: instance, configuration, outcome, length, the published optimal length
(bench/data/korf-felner-24-lengths.txt), length / optimal, lower bound (what the search proved;
for greedy linear conflicts), length / lower bound, expanded, the record's milliseconds
(reading the board to the answer, databases paged in on first use) and the process's wall
milliseconds. Then per configuration: solved, mean length, mean and worst length / optimal,
boards over 1.25 x optimal, mean length / lower bound, mean and worst record and wall time.
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


def optimal_lengths():
    lines = (ROOT / "bench/data/korf-felner-24-lengths.txt").read_text().splitlines()
    return [int(l) for l in lines if l.strip() and not l.startswith("#")]


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
    p.add_argument("--anytime", default="100ms")
    p.add_argument("--within", default="1.5,1.2")
    p.add_argument("--improve", default="0.1s")
    p.add_argument("--timeout", default="60s")
    a = p.parse_args()
    configs = []
    if a.anytime:
        configs.append((f"anytime {a.anytime}", ["--algorithm", "anytime"], a.anytime))
    configs += [(f"within {f}", ["--within", f], a.timeout) for f in a.within.split(",") if f]
    if a.improve:
        configs.append((f"greedy --improve {a.improve}", ["--algorithm", "greedy", "--improve", a.improve], a.timeout))
    all_boards = boards()
    optimal = optimal_lengths()
    rows = []
    print("instance\tconfig\toutcome\tlength\toptimal\tover_optimal\tlower_bound\tover_bound\texpanded\tmillis\twall_ms")
    for n in instances(a.instances):
        for name, extra, timeout in configs:
            d, wall = run(a.binary, a.pdb_dir, all_boards[n - 1], extra, timeout)
            length, lower = d.get("length"), d.get("lower_bound")
            ratio = length / lower if length is not None and lower else None
            best = optimal[n - 1]
            over = length / best if length is not None else None
            expanded = d["stats"].get("expanded", 0)
            millis = d["stats"]["millis"]
            print(f"{n}\t{name}\t{d['outcome']}\t{length}\t{best}\t{'' if over is None else f'{over:.3f}'}\t"
                  f"{lower}\t{'' if ratio is None else f'{ratio:.3f}'}\t{expanded}\t{millis:.1f}\t{wall:.0f}",
                  flush=True)
            rows.append((name, d["outcome"], length, ratio, wall, over, millis))
    print()
    print("config\tsolved\tmean_length\tmean_over_optimal\tworst_over_optimal\tover_1.25\t"
          "mean_over_bound\tmean_millis\tworst_millis\tmean_wall_ms\tworst_wall_ms")
    for name, _, _ in configs:
        mine = [r for r in rows if r[0] == name]
        solved = [r for r in mine if r[1] == "solved"]
        if not solved:
            print(f"{name}\t0/{len(mine)}")
            continue
        mean = lambda xs: sum(xs) / len(xs)
        ratios = [r[3] for r in solved if r[3] is not None]
        overs = [r[5] for r in solved]
        walls, millis = [r[4] for r in mine], [r[6] for r in mine]
        print(f"{name}\t{len(solved)}/{len(mine)}\t{mean([r[2] for r in solved]):.2f}\t"
              f"{mean(overs):.3f}\t{max(overs):.3f}\t{sum(o > 1.25 for o in overs)}\t{mean(ratios):.3f}\t"
              f"{mean(millis):.1f}\t{max(millis):.1f}\t{mean(walls):.0f}\t{max(walls):.0f}")


if __name__ == "__main__":
    sys.exit(main())
