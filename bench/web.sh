#!/usr/bin/env bash
# Load figures of `npuzzle serve` (README "Web app"), all on 127.0.0.1, bounded in count and time:
#   1. 10,000 POST /api/hint on random 8-puzzles at 64 connections (wrk, 2 threads, 10 s at most);
#   2. 50 connections of hard 15-puzzle solves (Korf's instances, 300 ms budgets; a queue of 64, so
#      all 50 are admitted: two search, the rest wait) for 10 s while
#      /api/health is polled on 2 more connections: the health latencies;
#   3. the page's first load in headless Chromium: bytes transferred, time to interactive; with
#      NPUZZLE_PDB_DIR holding the 7-8 databases, how soon Solve animates Korf's first 15-puzzle.
# Usage: bench/web.sh [ENDPOINT]   (ENDPOINT defaults to hint; `solve` runs step 1 against /api/solve)
# Needs wrk (apt-get install wrk) and, for step 3, chromium and `npm ci` in crates/npuzzle-server/e2e.
set -euo pipefail
cd "$(dirname "$0")/.."
endpoint=${1:-hint}
cargo build --release -q -p npuzzle-cli
bin=$PWD/target/release/npuzzle
data=${TMPDIR:-/tmp}/npuzzle-bench-web
mkdir -p "$data"
$bin random --count 1000 --seed 2026 > "$data/eight.txt"
grep -v '^#' bench/data/korf100.txt | awk 'NF == 16 {$1=$1; print}' > "$data/korf.txt"

$bin serve --port 0 --queue 64 --pdb-dir "${NPUZZLE_PDB_DIR:-$data/no-pdb}" > "$data/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 100); do grep -q http "$data/serve.log" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$data/serve.log")
case "$url" in http://127.0.0.1:*) ;; *) echo "not a loopback URL: $url"; exit 1 ;; esac
echo "server: $url   uptime: $(uptime)"

echo "== 1. 10,000 POST /api/$endpoint on random 8-puzzles, 64 connections"
wrk -t 2 -c 64 -d 10s --latency -s bench/web/post.lua "${url}api/$endpoint" -- "$data/eight.txt" 10000 2

echo "== 2a. /api/health alone (the baseline on this machine right now), 2 connections, 8 s"
wrk -t 1 -c 2 -d 8s --latency "${url}api/health"
echo "== 2b. /api/health while 50 connections solve Korf's 15-puzzles (300 ms budgets), 10 s"
wrk -t 1 -c 50 -d 10s --timeout 30s -s bench/web/post.lua "${url}api/solve" -- "$data/korf.txt" 1000000 1 \
    ',"goal":"blank-first","timeout_ms":300' > "$data/solves.txt" &
solves=$!
sleep 1
wrk -t 1 -c 2 -d 8s --latency "${url}api/health"
wait $solves
cat "$data/solves.txt"

if [ -x /usr/bin/chromium ] && [ -d crates/npuzzle-server/e2e/node_modules ]; then
    echo "== 3. the page's first load in headless Chromium"
    # With the 7-8 databases in $NPUZZLE_PDB_DIR: also Solve on Korf's first 15-puzzle.
    node crates/npuzzle-server/e2e/measure.js "$url" ${NPUZZLE_PDB_DIR:+--korf}
fi
echo "uptime after: $(uptime)"
