#!/usr/bin/env bash
# Kills `npuzzle batch` with SIGKILL at random moments, resumes it, and checks
# that the output holds every board exactly once with the same answers as an
# uninterrupted run (rows compared without their `millis` timing field).
#
# Usage: bench/resume.sh [KILLS] [BOARDS]     (defaults: 20 kills, 3000 boards)
set -euo pipefail
cd "$(dirname "$0")/.."
kills=${1:-20}
boards=${2:-3000}
cargo build --release -q
bin=target/release/npuzzle
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

$bin random --count "$boards" --seed 2026 > "$dir/boards.txt"
# Misplaced-tile IDA* makes each run long enough to be killed mid-way.
args=(batch -a idastar --heuristic misplaced --threads 2 -i "$dir/boards.txt")
start=$(date +%s.%N)
$bin "${args[@]}" -o "$dir/reference.jsonl" 2>/dev/null
full=$(echo "$(date +%s.%N) - $start" | bc)
strip() { python3 -c 'import json,sys
for l in open(sys.argv[1]):
    d=json.loads(l)["data"]; d.pop("millis"); print(json.dumps(d, sort_keys=True))' "$1"; }
strip "$dir/reference.jsonl" > "$dir/reference.stripped"
echo "uninterrupted run: $boards boards in ${full}s"

ok=0
for i in $(seq 1 "$kills"); do
    out="$dir/out$i.jsonl"
    # Kill somewhere in the first 90% of a full run; sometimes twice.
    for attempt in 1 2; do
        resume=(); [ -f "$out" ] && resume=(--resume)
        $bin "${args[@]}" -o "$out" "${resume[@]}" 2>/dev/null &
        pid=$!
        sleep "$(python3 -c "import random; print(random.uniform(0.02, 0.9 * $full))")"
        kill -KILL "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        [ $((RANDOM % 2)) -eq 0 ] && break
    done
    torn=$(tail -c 1 "$out" | od -An -c | tr -d ' ')
    $bin "${args[@]}" -o "$out" --resume 2>/dev/null
    strip "$out" > "$dir/out$i.stripped"
    if cmp -s "$dir/reference.stripped" "$dir/out$i.stripped"; then
        ok=$((ok + 1))
        echo "kill $i: ok (file ended with '${torn:-<empty>}' after the kill)"
    else
        echo "kill $i: MISMATCH"; diff <(head -5 "$dir/reference.stripped") <(head -5 "$dir/out$i.stripped") || true
    fi
done
echo "$ok of $kills killed-and-resumed runs match the uninterrupted run"
[ "$ok" -eq "$kills" ]
