"""Does the adaptive heuristic's probe predict the larger iterations?

Usage: python3 bench/probe-ratios.py CHEAP.log STRONG.log [PROBE_NODES]

Reads two logs of the `korf` example run with `--iterations` on the same instances (for
example `--heuristic pdb` and `--heuristic pdb-dual`, each with `--timeout 10`) and prints, per
instance, the node ratio cheap/strong at the probed bound (the first whose cheap iteration
expanded at least PROBE_NODES, 50,000 by default) and at the deepest bound both logs searched
to the end, and whether the two ratios fall on the same side of 2 (the rule's threshold)."""
import re
import sys

PROBE = int(sys.argv[3]) if len(sys.argv) > 3 else 50_000
def parse(path):
    runs, cur = {}, None
    for line in open(path):
        m = re.match(r"^\s+(\d+)\s+(\S+|\(time limit\))\s", line)
        if m and not line.strip().startswith("bound"):
            cur = int(m.group(1)); runs[cur] = {"solved": "time" not in line, "bounds": []}
            continue
        m = re.match(r"^\s+bound\s+(\d+):\s+(\d+) expanded", line)
        if m and cur is not None:
            runs[cur]["bounds"].append((int(m.group(1)), int(m.group(2))))
    return runs
cheap, strong = parse(sys.argv[1]), parse(sys.argv[2])
agree = disagree = 0
for n in sorted(set(cheap) & set(strong)):
    c = dict(cheap[n]["bounds"][:-1]); s = dict(strong[n]["bounds"][:-1])  # last bound is partial
    common = sorted(set(c) & set(s))
    probe = next((b for b in sorted(c) if c[b] >= PROBE), None)
    if probe is None or probe not in s or not common:
        print(f"{n:3} no probe within the logs"); continue
    deep = common[-1]
    rp, rd = c[probe] / s[probe], c[deep] / s[deep]
    ok = (rp > 2) == (rd > 2)
    agree += ok; disagree += not ok
    print(f"{n:3} probe {probe} ({c[probe]:>9}): {rp:5.2f}   deepest {deep} ({c[deep]:>11}): {rd:5.2f}  {'agree' if ok else 'DISAGREE'}")
print(f"agree {agree}, disagree {disagree}")
