#!/usr/bin/env bash
# Instructions of one `npuzzle solve` per algorithm, this build against the binary OLD
# (callgrind's total Ir: start-up, parsing, the plan and the search):
#   bench/service-callgrind.sh OLD [BOARD]
set -euo pipefail
cd "$(dirname "$0")/.."
new=$PWD/target/release/npuzzle
old=${1:?give the binary to compare with}
board=${2:-8 6 7 2 5 4 3 x 1}
out=${TMPDIR:-/tmp}/npuzzle-callgrind
mkdir -p "$out"
ir() {
    valgrind --tool=callgrind --callgrind-out-file="$out/cg.$$" "$@" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
    rm -f "$out/cg.$$"
}
printf '%s\t%s\t%s\t%s\n' algorithm old_ir new_ir new/old
for a in bfs bfs-set bibfs table astar idastar greedy auto; do
    o=$(ir "$old" solve -j 1 -a "$a" "$board")
    n=$(ir "$new" solve -j 1 -a "$a" "$board")
    printf '%s\t%s\t%s\t%s\n' "$a" "$o" "$n" "$(awk -v n="$n" -v o="$o" 'BEGIN { printf "%.4f", n / o }')"
done
