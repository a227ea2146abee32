#!/usr/bin/env python3
"""The agreement table of results/2026-12-02-instructions/README.md from `research/instructions.sh OUT
agree-count agree-time`: per variant pair, the counted instruction ratio (variant / baseline, with its
verdict) beside the paired CPU-time ratio (with its 95% CI and verdict); then, within the suites run with
two cases, the ratio of the two cases' baseline medians in each metric.
Usage: research/instructions_agree.py OUT_DIR"""
import json
import sys
from pathlib import Path

PAIRS = ["trig-noopt", "loop-plus5", "reviver-semi1", "young-semi1", "concat-semi1"]
CASE_RATIOS = {  # name: (pair file, numerator case, denominator case)
    "reviver / parse_then_walk": ("reviver-semi1", "arrow_reviver", "parse_then_walk"),
    "Buffer.concat / sum of lengths": ("concat-semi1", "/concat/", "sum_lengths"),
}


def load(out, name, metric):
    path = Path(out) / f"agree-{name}-{metric}.json"
    return json.loads(path.read_text()) if path.exists() else None


def cells(doc):
    """case -> (ratio, ci_low, ci_high, verdict, baseline median, n per side) of the variant vs the baseline."""
    out = {}
    if doc is None:
        return out
    if not doc.get("analysis"):
        return out
    counter = doc["analysis"]["counter"]
    for case in doc["analysis"]["cases"]:
        base, var = case["variants"][0], case["variants"][1]
        judged = var.get("judged") or {}
        if "ratio" not in judged:
            continue
        out[case["case"]] = (judged["ratio"], judged.get("ci_low"), judged.get("ci_high"),
                             var.get("verdict_holm", judged.get("verdict", "")),
                             base["metrics"][counter]["median"], base["metrics"][counter]["n"],
                             var["metrics"][counter]["median"])
    return out


def pct(r):
    return f"{(r - 1) * 100:+.2f}%"


def main(out):
    print("| pair | case | instructions/iter base → variant | counted change | CPU time base → variant | "
          "CPU-time change [95% CI] | agree? |")
    print("|---|---|---|---|---|---|---|")
    for name in PAIRS:
        count, cpu = cells(load(out, name, "instructions")), cells(load(out, name, "cpu"))
        for case in sorted(set(count) | set(cpu)):
            c, t = count.get(case), cpu.get(case)
            cs = f"{c[4]:.0f} → {c[6]:.0f}" if c else "–"
            cc = f"{pct(c[0])} ({c[3]})" if c else "–"
            ts = f"{t[4]:.0f} → {t[6]:.0f} ns" if t else "–"
            tc = f"{pct(t[0])} [{pct(t[1])}, {pct(t[2])}] ({t[3]})" if t else "–"
            agree = ""
            if c and t:
                inside = t[1] <= c[0] <= t[2]
                agree = "within CI" if inside else f"count/time = {c[0] / t[0]:.2f}"
            print(f"| {name} | {case} | {cs} | {cc} | {ts} | {tc} | {agree} |")
    print()
    print("| case ratio (baseline medians) | instructions | CPU time |")
    print("|---|---:|---:|")
    for label, (name, num, den) in CASE_RATIOS.items():
        row = []
        for metric in ("instructions", "cpu"):
            c = cells(load(out, name, metric))
            n = [v[4] for k, v in c.items() if num in k]
            d = [v[4] for k, v in c.items() if den in k]
            row.append(f"{n[0] / d[0]:.2f}" if n and d else "–")
        print(f"| {label} | {row[0]} | {row[1]} |")


if __name__ == "__main__":
    main(sys.argv[1])
