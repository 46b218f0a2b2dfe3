#!/usr/bin/env bash
# `npuzzle batch`, one binary against another, run alternately (see bench/batch.sh --vs):
#   bench/batch-vs.sh NEW OLD [ROUNDS] [JOBS...]
# Pin it to a core with taskset to keep it off others' work: `taskset -c 1 bench/batch-vs.sh …`.
set -euo pipefail
new=${1:?give the new binary}
old=${2:?give the binary to compare with}
rounds=${3:-3}
shift $(( $# < 3 ? $# : 3 ))
jobs=("$@")
[ ${#jobs[@]} -gt 0 ] || jobs=(1 2)
data=${TMPDIR:-/tmp}/npuzzle-bench
mkdir -p "$data"

# The inputs, the same every time: made by the new binary from fixed seeds.
"$new" random --distance 1 --count 300000 --seed 2026 > "$data/one-move-300k.txt"
{
    "$new" random --count 2000 --seed 2026
    python3 - <<'PY'
import random
# 15-puzzles a 60-move random walk (no move undone) from the standard goal.
rng = random.Random(2026)
for _ in range(200):
    tiles, blank, last = list(range(1, 16)) + [0], 15, None
    for _ in range(60):
        r, c = divmod(blank, 4)
        steps = [(d, b) for d, b, ok in (("u", blank - 4, r > 0), ("d", blank + 4, r < 3),
                                         ("l", blank - 1, c > 0), ("r", blank + 1, c < 3))
                 if ok and b != last]
        _, nxt = rng.choice(steps)
        tiles[blank], tiles[nxt] = tiles[nxt], tiles[blank]
        last, blank = blank, nxt
    print(" ".join(str(t) if t else "x" for t in tiles))
PY
} > "$data/mix.txt"

perf_ok=false
if command -v perf >/dev/null && perf stat -e context-switches -o /dev/null true 2>/dev/null; then
    perf_ok=true
fi
log=$data/vs.log
: > "$log"
echo "load: $(uptime)"
run() { # name binary input -j format
    local name=$1 bin=$2 input=$3 j=$4 format=$5
    local out=$data/out-$name-$(basename "$input" .txt)-$j.$format
    local stat=$data/perf.txt
    local cmd=("$bin" batch -j "$j" --format "$format" -i "$data/$input" -o "$out")
    local switches=-
    if $perf_ok; then
        perf stat -x, -e context-switches -o "$stat" /usr/bin/time -o "$data/time.txt" -f "%e %U %S %M" "${cmd[@]}" 2>/dev/null || true
        switches=$(awk -F, '/context-switches/ {print $1}' "$stat")
    else
        /usr/bin/time -o "$data/time.txt" -f "%e %U %S %M" "${cmd[@]}" 2>/dev/null || true
    fi
    read -r wall user sys kib < <(tail -1 "$data/time.txt")
    printf '%-4s %-14s -j%-2s %-5s wall %6.2f s  user %6.2f s  sys %5.2f s  peak %7.1f MB  switches %s\n' \
        "$name" "$input" "$j" "$format" "$wall" "$user" "$sys" "$(echo "$kib / 1024" | bc -l)" "$switches" | tee -a "$log"
}
for input in one-move-300k.txt mix.txt; do
    for j in "${jobs[@]}"; do
        for round in $(seq "$rounds"); do
            # Alternate which goes first, so that neither always runs on a warmer machine.
            if [ $((round % 2)) = 1 ]; then order="new old"; else order="old new"; fi
            for name in $order; do
                bin=$new; [ "$name" = old ] && bin=$old
                run "$name" "$bin" "$input" "$j" jsonl
            done
        done
    done
done
# CSV once each, for the comparison of rows.
for name in new old; do
    bin=$new; [ "$name" = old ] && bin=$old
    run "$name" "$bin" one-move-300k.txt "${jobs[0]}" csv
done
echo "load: $(uptime)"
python3 - "$log" "$data" "${jobs[@]}" <<'PY'
import csv, json, re, statistics, sys
from collections import defaultdict
log, data, jobs = sys.argv[1], sys.argv[2], sys.argv[3:]
runs = defaultdict(list)
for line in open(log):
    f = line.split()
    if f[3] != "jsonl":
        continue
    key = (f[1], f[2])
    runs[(f[0],) + key].append((float(f[5]), float(f[8]) + float(f[11]), float(f[14]), f[17]))
print("medians (wall s, CPU s = user + sys, peak MB, switches) and new/old:")
for (name, input, j) in sorted(k for k in runs if k[0] == "new"):
    new, old = runs[("new", input, j)], runs[("old", input, j)]
    med = lambda rs, i: statistics.median(r[i] for r in rs)
    sw = lambda rs: statistics.median(int(r[3]) for r in rs) if rs[0][3] != "-" else "-"
    print(f"  {input:14} {j:4} new {med(new,0):6.2f} {med(new,1):6.2f} {med(new,2):7.1f} {sw(new)!s:>8}"
          f" | old {med(old,0):6.2f} {med(old,1):6.2f} {med(old,2):7.1f} {sw(old)!s:>8}"
          f" | wall x{med(new,0)/med(old,0):.3f} CPU x{med(new,1)/med(old,1):.3f}")
# Rows must be the same but for the time each took.
def rows(path):
    if path.endswith("jsonl"):
        for l in open(path):
            r = json.loads(l); r["data"].pop("millis"); yield r
    else:
        rd = csv.reader(open(path, newline=""))
        header = next(rd); i = header.index("millis")
        for r in rd:
            yield r[:i] + r[i + 1:]
same = True
for input in ("one-move-300k", "mix"):
    for j in jobs:
        a, b = f"{data}/out-new-{input}-{j}.jsonl", f"{data}/out-old-{input}-{j}.jsonl"
        same &= list(rows(a)) == list(rows(b))
a, b = f"{data}/out-new-one-move-300k-{jobs[0]}.csv", f"{data}/out-old-one-move-300k-{jobs[0]}.csv"
same &= list(rows(a)) == list(rows(b))
print("rows the same as the old binary's (timings aside), in order, JSON Lines and CSV:", "yes" if same else "NO")
sys.exit(0 if same else 1)
PY
