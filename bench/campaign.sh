#!/usr/bin/env bash
# The 24-puzzle campaign: Korf & Felner's 50 instances (bench/data/korf-felner-24.txt,
# blank-first goal), optimal IDA* with the strongest databases found in PDB_DIR (the CLI's
# default heuristic), one search thread, `nice`, a time limit per instance. One row per
# instance and search is appended to RESULTS (JSON Lines, `npuzzle batch` rows); a rerun
# resumes: instances that already have a row from the same search (algorithm, heuristic,
# databases) are skipped, so rerunning with other databases appends their rows beside the
# old ones. Prints the load before and after, then every row of RESULTS as a Markdown table.
#
# Usage: bench/campaign.sh PDB_DIR [INSTANCES] [TIMEOUT_SECONDS] [-- more batch arguments]
#   defaults: INSTANCES 1,25,38,40,44; TIMEOUT 1800; RESULTS bench/results/korf-felner-24.jsonl
#   (set RESULTS=FILE to write elsewhere, NPUZZLE=BIN to use another binary).
#   bench/campaign.sh --table   prints the table of RESULTS only.
set -euo pipefail
cd "$(dirname "$0")/.."
results=${RESULTS:-bench/results/korf-felner-24.jsonl}

table() {
    python3 - "$results" <<'EOF'
import json, sys
print("| # | search | outcome | length | expanded | generated | seconds |")
print("| ---: | --- | --- | ---: | ---: | ---: | ---: |")
for line in open(sys.argv[1]):
    d = json.loads(line)["data"]
    search = d.get("algorithm") or "-"
    if d.get("partition"):
        search += f" + {d.get('heuristic')} {d['partition']}"
    elif d.get("heuristic"):
        search += f" + {d['heuristic']}"
    outcome = d["outcome"] if d["outcome"] != "budget" else d.get("message") or "budget"
    length = d["length"] if d["length"] is not None else "-"
    print(f"| {d['instance']} | {search} | {outcome} | {length} | {d['expanded']:,} | {d['generated']:,} | {d['millis'] / 1000:.1f} |")
EOF
}

if [ "${1:-}" = "--table" ]; then
    table
    exit 0
fi
positional=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    positional+=("$1")
    shift
done
[ "${1:-}" = "--" ] && shift
pdb_dir=${positional[0]:?usage: bench/campaign.sh PDB_DIR [INSTANCES] [TIMEOUT_SECONDS] [-- batch arguments]}
instances=${positional[1]:-1,25,38,40,44}
timeout=${positional[2]:-1800}
if [ -z "${NPUZZLE:-}" ]; then
    cargo build --release -q -p npuzzle-cli
    NPUZZLE=target/release/npuzzle
fi
mkdir -p "$(dirname "$results")"
echo "before: $(uptime)"
status=0
# The rows' seconds are wall time; the CPU time of the whole run, beside them, is the steadier
# figure on a shared machine.
timed=(); [ -x /usr/bin/time ] && timed=(/usr/bin/time -f "whole run: %U s user CPU, %e s wall, peak %M KB")
"${timed[@]}" nice -n 10 "$NPUZZLE" batch -i bench/data/korf-felner-24.txt --goal blank-first \
    --instances "$instances" --timeout "$timeout" --threads 1 --pdb-dir "$pdb_dir" \
    -o "$results" --resume "$@" || status=$?
echo "after: $(uptime)"
table
# 1: some instance ran out of time (its row says so); anything else is a failure.
[ "$status" -le 1 ]
