#!/usr/bin/env bash
# The engine in Node (the npm package, WebAssembly) against the native binary
# on the same boards, one thread each, run one after the other in one go.
#
#   bench/web/node-vs-native.sh [COUNT] [SEED]
#
# Needs `cargo build --release -p npuzzle-cli` and `cargo xtask web --out
# target/web` first. Prints each side's total seconds, the ratio, and
# whether every length and node count agreed.
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-100}
seed=${2:-2026}
bin=target/release/npuzzle
pkg=target/web/npm/node.js
[ -x "$bin" ] || { echo "build $bin first: cargo build --release -p npuzzle-cli" >&2; exit 1; }
[ -f "$pkg" ] || { echo "build the package first: cargo xtask web --out target/web" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bin" random --size 4x4 --count "$count" --seed "$seed" > "$work/boards.txt"
# CPU seconds (user + system) beside wall seconds: on a loaded machine only
# the CPU figures compare.
TIMEFORMAT='%3R %3U %3S'
{ time "$bin" batch --threads 1 --format jsonl -i "$work/boards.txt" -o "$work/native.jsonl" 2>/dev/null; } 2> "$work/time"
read -r wall user sys < "$work/time"
native=$(echo "$user + $sys" | bc)

node --input-type=module - "$work/boards.txt" "$work/native.jsonl" "$native" "$PWD/$pkg" "$wall" <<'JS'
import { readFileSync } from 'node:fs';
const [boardsFile, nativeFile, nativeSecs, pkg, nativeWall] = process.argv.slice(2);
const np = await import(pkg);
const boards = readFileSync(boardsFile, 'utf8').trim().split('\n');
const native = readFileSync(nativeFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l).data);
const start = performance.now();
const cpu = process.cpuUsage();
const mine = boards.map((b) => np.solve(b));
const used = process.cpuUsage(cpu);
const secs = (used.user + used.system) / 1e6;
const wall = (performance.now() - start) / 1000;
let agree = 0;
for (let i = 0; i < boards.length; i++) {
  if (mine[i].length === native[i].length && mine[i].stats.expanded === native[i].expanded) agree += 1;
}
const expanded = mine.reduce((s, r) => s + (r.stats.expanded ?? 0), 0);
console.log(`boards: ${boards.length} random 4x4, default heuristic, no databases, one thread`);
console.log(`native (batch --threads 1): ${Number(nativeSecs).toFixed(2)} CPU-s (${Number(nativeWall).toFixed(2)} s wall)`);
console.log(`node (npm package):         ${secs.toFixed(2)} CPU-s (${wall.toFixed(2)} s wall, ${(expanded / secs / 1e6).toFixed(1)} M nodes per CPU-s)`);
console.log(`ratio node / native:        ${(secs / Number(nativeSecs)).toFixed(2)} in CPU time`);
console.log(`lengths and node counts agree on ${agree} of ${boards.length}`);
JS
