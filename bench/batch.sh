#!/usr/bin/env bash
# Batch-mode figures (README "Batch solving"):
#   bench/batch.sh              100,000 random 8-puzzles, default algorithm (auto = table), 2 threads
#   bench/batch.sh --15 DIR     also 1,000 random 15-puzzles (blank-first goal) with the 7-8
#                               databases found in DIR, reporting CPU use while it runs
#   bench/batch.sh --vs OLD [ROUNDS] [JOBS...]
#                               this build against the binary OLD, run alternately ROUNDS times
#                               (default 3) with each -j in JOBS (default 1 2), on 300,000
#                               one-move 8-puzzles (where reading and hand-offs, not solving,
#                               are the cost) and on a mix of 2,000 random 8-puzzles and 200
#                               15-puzzles 60 random moves from the goal: wall, user and system
#                               CPU, peak memory, context switches (with perf), the medians'
#                               ratios, and whether both wrote the same rows (timings aside)
# Timings on a shared machine are noisy: hyperfine's minimum is the figure to read.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p npuzzle-cli
bin=$PWD/target/release/npuzzle
data=${TMPDIR:-/tmp}/npuzzle-bench
mkdir -p "$data"
if [ "${1:-}" = "--vs" ]; then
    exec bench/batch-vs.sh "$bin" "${@:2}"
fi
$bin random --count 100000 --seed 2026 > "$data/eight-100k.txt"
echo "== npuzzle batch: 100,000 random 8-puzzles"
if command -v hyperfine >/dev/null; then
    hyperfine --warmup 2 --runs 10 "$bin batch --threads 2 -i $data/eight-100k.txt -o $data/eight-100k.jsonl"
else
    /usr/bin/time -f "%e s wall, %U s user, %P CPU" "$bin" batch --threads 2 -i "$data/eight-100k.txt" -o "$data/eight-100k.jsonl"
fi
python3 - "$data/eight-100k.jsonl" <<'PY'
import json, sys
rows = [json.loads(l)["data"] for l in open(sys.argv[1])]
print(f"{len(rows)} rows, outcomes: {sorted(set(r['outcome'] for r in rows))}, mean length {sum(r['length'] for r in rows)/len(rows):.2f}")
PY
if [ "${1:-}" = "--15" ]; then
    dir=${2:?give the directory holding 4x4-blank-first-7-8.pdb}
    $bin random --size 4x4 --goal blank-first --count 1000 --seed 2026 > "$data/fifteen-1k.txt"
    echo "== npuzzle batch: 1,000 random 15-puzzles, 7-8 databases, 2 threads"
    /usr/bin/time -f "%e s wall, %U s user, %P CPU, %M KiB peak" \
        "$bin" batch --threads 2 --size 4x4 --goal blank-first --heuristic pdb --pdb-dir "$dir" \
        -i "$data/fifteen-1k.txt" -o "$data/fifteen-1k.jsonl"
fi
