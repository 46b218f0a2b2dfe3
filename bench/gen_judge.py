#!/usr/bin/env python3
"""Random 8-puzzle inputs for `bench/judge.sh`, reproducible from a fixed seed.

usage: gen_judge.py hdu1043|soj2061 COUNT [SEED]

hdu1043: COUNT boards, one a line, `x` as the blank (about half unsolvable).
soj2061: COUNT on the first line, then COUNT lines of a random start and a
random goal, 0 as the blank (about half unreachable).
"""
import random
import sys


def board(rng, blank):
    tiles = [str(t) for t in range(1, 9)] + [blank]
    rng.shuffle(tiles)
    return " ".join(tiles)


def main():
    fmt, count = sys.argv[1], int(sys.argv[2])
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1043)
    out = []
    if fmt == "hdu1043":
        out = [board(rng, "x") for _ in range(count)]
    elif fmt == "soj2061":
        out = [str(count)] + [board(rng, "0") + "  " + board(rng, "0") for _ in range(count)]
    else:
        sys.exit(f"unknown format {fmt!r}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
