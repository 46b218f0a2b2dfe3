#!/usr/bin/env bash
# Builds pattern databases with a release build and reports build time, peak
# memory (GNU time's maximum resident set size) and file size.
#
#   bench/pdb.sh                                   # 4x4 blank-first: 5-5-5, 6-6-3, 7-8
#   bench/pdb.sh "5x5 blank-first 6-6-6-6"         # any "SIZE GOAL PARTITION [THREADS] [--zero-aware]"
#   bench/pdb.sh "4x4 blank-first 7-8 1"           # one build thread (default: all cores)
#   bench/pdb.sh "3x3 standard 1,2,3,4/5,6,7,8 --zero-aware"
#
# Each argument is one spec, quoted as one word; the output directory goes
# after its third word, where the pdb_build example expects it.
#
# The files go to $PDB_BENCH_DIR (default: a new temporary directory, removed
# afterwards). Needs /usr/bin/time (Debian: apt-get install time).
set -euo pipefail
usage() {
    echo "usage: bench/pdb.sh [\"SIZE GOAL PARTITION [THREADS] [--zero-aware]\" ...]" >&2
    exit 2
}
# Check every spec before building anything: a spec needs its three words and
# at most a thread count and --zero-aware after them.
for spec in "$@"; do
    case $spec in -h | --help) usage ;; esac
    read -r -a words <<< "$spec"
    if [ "${#words[@]}" -lt 3 ] || [ "${#words[@]}" -gt 5 ]; then
        echo "bench/pdb.sh: bad spec \"$spec\"" >&2
        usage
    fi
done
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
    read -r -a words <<< "$spec"
    log=$(mktemp)
    /usr/bin/time -v target/release/examples/pdb_build "${words[@]:0:3}" "$dir" "${words[@]:3}" 2> "$log"
    grep -E "Elapsed|User time|System time|Percent of CPU|Maximum resident" "$log" | sed 's/^\s*/  /'
    rm -f "$log"
done
