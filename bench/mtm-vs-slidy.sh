#!/usr/bin/env bash
# Optimal 4x4 multi-tile solutions, npuzzle beside slidy (bench/slidy-mtm), same boards, one
# thread each, one run:
#   bench/mtm-vs-slidy.sh [COUNT] [SEED] [DIR] [FIT]
# COUNT random 4x4 boards (`npuzzle random --seed SEED`, standard goal: slidy's). Each
# database is built once into DIR and its build timed apart (`/usr/bin/time`); with FIT
# (e.g. 1G) npuzzle's is `pdb build --fit FIT` (the finest layout whose file fits), else the
# default layout. Then each
# solver solves all the boards in one process, twice, in the order npuzzle, slidy, slidy,
# npuzzle (so a drift in the machine's speed hits both alike). Prints, per solver: the sum of
# its own per-board solving times, its whole-process wall time (database load included), and
# whether every board got the same multi-tile length from both.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100}
seed=${2:-2026}
dir=${3:-${TMPDIR:-/tmp}/npuzzle-mtm-bench}
fit=${4:-}
mkdir -p "$dir"
cargo build --release -q -p npuzzle-cli
(cd bench/slidy-mtm && cargo build --release -q)
bin=target/release/npuzzle
peer=bench/slidy-mtm/target/release/slidy-mtm
boards="$dir/boards-$count-$seed.txt"
"$bin" random --size 4x4 --count "$count" --seed "$seed" > "$boards"
echo "# $(date -u +%F) $(uname -m), $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# npuzzle $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates || echo ' (with changes)')"
if [ ! -f "$dir/4x4-multi-tile.mtm" ]; then
    echo "# npuzzle database build (2 threads${fit:+, --fit $fit}):"
    /usr/bin/time -f '#   %e s wall, %U s user, %M KB peak' "$bin" pdb build --size 4x4 --metric mtm -j 2 ${fit:+--fit "$fit"} --pdb-dir "$dir" > /dev/null
fi
if [ ! -f "$dir/slidy-mtm.bin" ]; then
    echo "# slidy database build (one thread):"
    /usr/bin/time -f '#   %e s wall, %U s user, %M KB peak' "$peer" "$dir/slidy-mtm.bin" < /dev/null 2> >(grep -v '^solved' >&2)
fi
run_npuzzle() {
    local start end
    start=$(date +%s.%N)
    "$bin" solve -j 1 --json --metric mtm --algorithm idastar --heuristic pdb --pdb-dir "$dir" < "$boards" > "$dir/npuzzle-$1.jsonl"
    end=$(date +%s.%N)
    echo "$start $end" > "$dir/npuzzle-$1.wall"
}
run_slidy() {
    local start end
    start=$(date +%s.%N)
    "$peer" "$dir/slidy-mtm.bin" < "$boards" > "$dir/slidy-$1.tsv" 2> /dev/null
    end=$(date +%s.%N)
    echo "$start $end" > "$dir/slidy-$1.wall"
}
run_npuzzle 1
run_slidy 1
run_slidy 2
run_npuzzle 2
python3 - "$dir" <<'PY'
import json, sys
d = sys.argv[1]
def wall(name):
    a, b = map(float, open(f"{d}/{name}.wall").read().split())
    return b - a
rows = {}
for r in (1, 2):
    recs = [json.loads(l)["data"] for l in open(f"{d}/npuzzle-{r}.jsonl")]
    rows[f"npuzzle-{r}"] = ([x["mtm_length"] for x in recs], sum(x["stats"]["millis"] for x in recs) / 1000, wall(f"npuzzle-{r}"))
    lines = [l.split("\t") for l in open(f"{d}/slidy-{r}.tsv")]
    rows[f"slidy-{r}"] = ([int(x[0]) for x in lines], sum(float(x[2]) for x in lines), wall(f"slidy-{r}"))
same = rows["npuzzle-1"][0] == rows["slidy-1"][0] == rows["npuzzle-2"][0] == rows["slidy-2"][0]
print("run\tboards\tmean mtm\tsolving s\twall s")
for name, (lengths, solving, w) in rows.items():
    print(f"{name}\t{len(lengths)}\t{sum(lengths) / len(lengths):.2f}\t{solving:.3f}\t{w:.3f}")
n = (rows["npuzzle-1"][1] + rows["npuzzle-2"][1]) / 2
s = (rows["slidy-1"][1] + rows["slidy-2"][1]) / 2
nw = (rows["npuzzle-1"][2] + rows["npuzzle-2"][2]) / 2
sw = (rows["slidy-1"][2] + rows["slidy-2"][2]) / 2
print(f"same lengths on every board: {same}")
print(f"slidy / npuzzle: {s / n:.2f}x solving, {sw / nw:.2f}x wall")
PY
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
