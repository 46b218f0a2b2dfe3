#!/usr/bin/env bash
# Issue 11's 6×6 figure on the real CLI (README "Big boards"): random 6×6 boards
# (`npuzzle random --size 6x6 --seed S`, S = 1..COUNT), each solved with
# `npuzzle solve --improve SECONDS --pdb-dir DIR`, the mean ratio of the length to the
# linear-conflict bound printed per binary. Give a second binary (e.g. main's) to run
# the same boards with it, board by board alternately, so both see the same load.
#   bench/improve6.sh DIR [COUNT] [SECONDS] [OTHER_BINARY]
# DIR holds 4x4-blank-first-7-8.pdb and/or 5x5-blank-first-6-6-6-6.pdb (or is empty).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?give the database directory}
count=${2:-50}
seconds=${3:-1}
other=${4:-}
cargo build --release -q -p npuzzle-cli
bins=("$PWD/target/release/npuzzle")
[ -n "$other" ] && bins+=("$other")
uptime
out=${TMPDIR:-/tmp}/npuzzle-improve6.$$
for seed in $(seq 1 "$count"); do
    board=$("${bins[0]}" random --size 6x6 --seed "$seed")
    for i in "${!bins[@]}"; do
        line=$(echo "$board" | "${bins[$i]}" solve --improve "$seconds" --pdb-dir "$dir" | grep ' moves, lower bound ')
        echo "$i $line" >> "$out"
    done
done
uptime
python3 - "$out" "${bins[@]}" <<'PY'
import re, sys
rows = [l.split(' ', 1) for l in open(sys.argv[1])]
for i, name in enumerate(sys.argv[2:]):
    got = [tuple(map(int, re.search(r'(\d+) moves, lower bound (\d+)', l).groups())) for k, l in rows if int(k) == i]
    mean = lambda xs: sum(xs) / len(xs)
    print(f"{name}: {len(got)} boards, mean length {mean([m for m, _ in got]):.1f}, "
          f"mean bound {mean([b for _, b in got]):.1f}, mean ratio {mean([m / b for m, b in got]):.3f}")
PY
rm -f "$out"
