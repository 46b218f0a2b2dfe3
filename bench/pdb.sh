#!/usr/bin/env bash
# Builds pattern databases with a release build and reports build time, peak
# memory (GNU time's maximum resident set size) and file size.
#
#   bench/pdb.sh                                   # 4x4 blank-first: 5-5-5, 6-6-3, 7-8
#   bench/pdb.sh "5x5 blank-first 6-6-6-6"         # any "SIZE GOAL PARTITION [--zero-aware]"
#   bench/pdb.sh "3x3 standard 1,2,3,4/5,6,7,8 --zero-aware"
#
# The files go to $PDB_BENCH_DIR (default: a new temporary directory, removed
# afterwards). Needs /usr/bin/time (Debian: apt-get install time).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/time ]; then
    echo "bench/pdb.sh needs GNU time: apt-get install time" >&2
    exit 1
fi
cargo build --release --quiet -p npuzzle --example pdb_build
if [ -n "${PDB_BENCH_DIR:-}" ]; then
    dir=$PDB_BENCH_DIR
else
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
fi
if [ $# -eq 0 ]; then
    set -- "4x4 blank-first 5-5-5" "4x4 blank-first 6-6-3" "4x4 blank-first 7-8"
fi
echo "# $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for spec in "$@"; do
    log=$(mktemp)
    # shellcheck disable=SC2086 # the spec is several words on purpose
    /usr/bin/time -v target/release/examples/pdb_build $spec "$dir" 2> "$log"
    grep -E "Elapsed|User time|System time|Percent of CPU|Maximum resident" "$log" | sed 's/^\s*/  /'
    rm -f "$log"
done
