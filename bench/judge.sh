#!/usr/bin/env bash
# End-to-end timings of the table-backed commands (see README "Benchmarks").
#
#   bench/judge.sh            judge hdu1043 and soj2061 on 100,000 random cases, 3x4 table
#   bench/judge.sh --2x6      also the 2x6 table (another minute or so)
#
# Inputs come from bench/gen_judge.py with a fixed seed, so every run times the
# same cases. Uses hyperfine when installed (apt-get install hyperfine), else
# /usr/bin/time (apt-get install time), which also gives the peak memory of the
# table builds. Timings on a shared machine are noisy: look at the minimum.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release -p npuzzle-cli --quiet
bin=$PWD/target/release/npuzzle
data=${TMPDIR:-/tmp}/npuzzle-bench
mkdir -p "$data"
python3 bench/gen_judge.py hdu1043 100000 >"$data/hdu1043.txt"
python3 bench/gen_judge.py soj2061 100000 >"$data/soj2061.txt"

time_judge() {
    local format=$1
    echo "== npuzzle judge $format < 100,000 cases"
    if command -v hyperfine >/dev/null; then
        hyperfine --warmup 3 --runs 20 --command-name "judge $format" \
            "$bin judge $format < '$data/$format.txt' > /dev/null"
    else
        for _ in 1 2 3 4 5; do
            /usr/bin/time -f "%e s wall, %U s user, %M KiB peak" "$bin" judge "$format" <"$data/$format.txt" >/dev/null
        done
    fi
}

time_table() {
    local size=$1
    echo "== npuzzle table --size $size --stats"
    /usr/bin/time -f "%e s wall, %U s user, %M KiB peak" "$bin" table --size "$size" --stats | tail -2
}

time_judge hdu1043
time_judge soj2061
time_table 3x4
if [[ ${1:-} == --2x6 ]]; then
    time_table 6x2
fi
