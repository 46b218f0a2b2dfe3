#!/usr/bin/env bash
# The multi-tile metric's optimal searches, one thread, release build:
#   bench/mtm.sh [WALK] [COUNT]
# 4x4 boards made by WALK random single moves from the blank-first goal (seeds 1..COUNT), each
# solved with --metric mtm (idastar, walking distance in its multi-tile form) and, for the
# ratio of lengths, in the single-tile metric; then every 8-puzzle of `random --count 200`.
set -euo pipefail
cd "$(dirname "$0")/.."
walk=${1:-40}
count=${2:-10}
bin=target/release/npuzzle
cargo build --release -q -p npuzzle-cli
boards=$(mktemp)
python3 - "$walk" "$count" > "$boards" <<'PY'
import random, sys
walk, count = int(sys.argv[1]), int(sys.argv[2])
for seed in range(1, count + 1):
    rng = random.Random(seed)
    tiles, blank = list(range(16)), 0
    for _ in range(walk):
        r, c = divmod(blank, 4)
        steps = [d for d, ok in ((-4, r > 0), (4, r < 3), (-1, c > 0), (1, c < 3)) if ok]
        to = blank + rng.choice(steps)
        tiles[blank], tiles[to] = tiles[to], tiles[blank]
        blank = to
    print(" ".join(map(str, tiles)))
PY
printf 'board\tmtm\tsingle moves\tstm optimum\texpanded\tseconds\n'
while read -r board; do
    start=$(date +%s.%N)
    mtm=$("$bin" solve -j 1 --json --metric mtm --goal blank-first "$board")
    end=$(date +%s.%N)
    stm=$("$bin" solve -j 1 --json --goal blank-first "$board")
    python3 -c '
import json, sys
m, s = json.loads(sys.argv[1])["data"], json.loads(sys.argv[2])["data"]
row = [sys.argv[3], m["mtm_length"], m["length"], "%d (%d mtm)" % (s["length"], s["mtm_length"]),
       m["stats"]["expanded"], "%.2f" % (float(sys.argv[5]) - float(sys.argv[4]))]
print("\t".join(map(str, row)))
' "$mtm" "$stm" "$board" "$start" "$end"
done < "$boards"
rm -f "$boards"
"$bin" random --count 200 --seed 2026 > "${TMPDIR:-/tmp}/mtm-8.txt"
start=$(date +%s.%N)
"$bin" solve -j 1 --json --metric mtm < "${TMPDIR:-/tmp}/mtm-8.txt" > "${TMPDIR:-/tmp}/mtm-8.jsonl"
end=$(date +%s.%N)
python3 -c '
import json, sys
rows = [json.loads(l)["data"] for l in open(sys.argv[1])]
lengths = [r["mtm_length"] for r in rows]
took = float(sys.argv[3]) - float(sys.argv[2])
print("8-puzzles: %d solved by %s, mean mtm %.2f, max %d, %.2f s in all" % (len(rows), rows[0]["algorithm"], sum(lengths) / len(rows), max(lengths), took))
' "${TMPDIR:-/tmp}/mtm-8.jsonl" "$start" "$end"
