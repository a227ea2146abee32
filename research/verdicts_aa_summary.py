#!/usr/bin/env python3
"""Summarises research/verdicts_aa.sh's TSV (stdin) and its diff files: per experiment and tool, the
comparisons, the faster/slower verdicts before and after Holm, the too-few and not-judged ones, the exit
codes, and for diff the largest A/A change between the two processes. Usage:
research/verdicts_aa_summary.py OUT_DIR [MORE_DIRS...] < TABLES (the TSV lines of every run)"""
import collections
import glob
import json
import os
import sys

out = sys.argv[1]
dirs = sys.argv[1:]
rows = collections.defaultdict(lambda: [0, 0, 0, 0, 0, 0, collections.Counter()])
for line in sys.stdin:
    exp, i, tool, cmp, raw, holm, few, nj, code = line.split("\t")
    key = (exp, tool) if exp != "power" else (f"power --runs {i}", tool)
    r = rows[key]
    r[0] += 1
    for k, v in enumerate((cmp, raw, holm, few, nj)):
        r[k + 1] += int(v)
    r[6][code.strip()] += 1
print("| experiment | tool | runs | comparisons | faster/slower before Holm | after Holm | too few samples | not judged | exit codes |")
print("|---|---|--:|--:|--:|--:|--:|--:|---|")
for (exp, tool), r in rows.items():
    codes = ", ".join(f"{c}×{n}" for c, n in sorted(r[6].items()))
    print(f"| {exp} | {tool} | {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} | {r[5]} | {codes} |")
changes = []
for path in glob.glob(os.path.join(out, "diff*new.json")):
    for c in json.load(open(path))["analysis"]["cases"]:
        ratio = c["variants"][1]["judged"]["ratio"]
        changes.append((abs(ratio - 1), ratio - 1, c["case"], os.path.basename(path)))
if changes:
    changes.sort()
    big = sum(1 for a, *_ in changes if a > 0.05)
    print(f"\nA/A diff changes (process against process): {len(changes)}; |change| > 5% in {big}; "
          f"median |change| {changes[len(changes) // 2][0] * 100:.1f}%; largest {changes[-1][1] * 100:+.1f}% "
          f"({changes[-1][2]}, {changes[-1][3]})")

compares = []
for d in dirs:
    for path in glob.glob(os.path.join(d, "cmp*.json")):
        analysis = json.load(open(path)).get("analysis")
        if not analysis:  # still running: no analysis yet
            continue
        for c in analysis["cases"]:
            j = c["variants"][1]["judged"]
            compares.append((j["p"], j["ratio"] - 1, c["case"], os.path.basename(path)))
if compares:
    compares.sort()
    widest = max(compares, key=lambda x: abs(x[1]))
    print(f"A/A compare comparisons: {len(compares)}; raw p < 0.05 in {sum(1 for p, *_ in compares if p < 0.05)}; "
          f"smallest p {compares[0][0]:.3f} ({compares[0][1] * 100:+.1f}%, {compares[0][2]}); largest |change| "
          f"{widest[1] * 100:+.1f}% ({widest[2]}, p {widest[0]:.3f})")
