#!/usr/bin/env bash
# Database sets side by side on Korf & Felner's 24-puzzles: for each instance, every
# configuration back to back (so load changes hit them alike), one search thread, `nice`.
# One line per run: instance, configuration, length, expanded, generated, CPU seconds while
# solving (the `korf` example's count, paging the databases in excluded), M expanded per
# CPU-second. Prints the load before and after.
#
# Usage: bench/korf-side-by-side.sh INSTANCES CONFIG... where INSTANCES is like 40,25,38 and
# each CONFIG is `NAME=HEURISTIC:FILE[+FILE…][:ARGS[:BIN]]`: ARGS are more `korf` arguments
# (spaces between them), BIN another `korf` binary for this configuration, e.g.
#   bench/korf-side-by-side.sh 40,25 classic=pdb:/work/pdb/5x5-blank-first-6-6-6-6.pdb \
#       compact-dual=pdb-dual:/work/pdb/zc/5x5-blank-first-6-6-6-6-zero-compact.pdb \
#       classic-dup12=pdb:/work/pdb/5x5-blank-first-6-6-6-6.pdb:'--dup-len 12':/tmp/korf-old
# KORF=BIN picks the default binary (target/release/examples/korf); TASKSET=CPU pins every run
# to that CPU (`taskset -c CPU`).
set -euo pipefail
cd "$(dirname "$0")/.."
korf=${KORF:-target/release/examples/korf}
instances=$1
shift
echo "# load before: $(uptime)"
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' instance config length expanded generated cpu_s mexp_per_cpu_s
for n in ${instances//,/ }; do
    for config in "$@"; do
        name=${config%%=*}
        rest=${config#*=}
        IFS=: read -r heuristic files extra bin <<<"$rest"
        args=()
        for f in ${files//+/ }; do args+=(--pdb "$f"); done
        read -r -a more <<<"${extra:-}"
        args+=("${more[@]}")
        pin=()
        [ -n "${TASKSET:-}" ] && pin=(taskset -c "$TASKSET")
        out=$("${pin[@]}" nice -n 5 "${bin:-$korf}" --puzzle 24 "${args[@]}" --heuristic "$heuristic" --instances "$n" --threads 1 2>&1)
        row=$(awk -v n="$n" '$1 == n && NF >= 8 { print $2 "\t" $4 "\t" $5 }' <<<"$out")
        cpu=$(sed -n 's/^cpu: \([0-9.]*\) s while solving.*/\1/p' <<<"$out")
        expanded=$(cut -f2 <<<"$row")
        rate=$(awk -v e="$expanded" -v c="$cpu" 'BEGIN { if (c > 0) printf "%.1f", e / c / 1e6 }')
        printf '%s\t%s\t%s\t%s\t%s\n' "$n" "$name" "$row" "$cpu" "$rate"
    done
done
echo "# load after: $(uptime)"
