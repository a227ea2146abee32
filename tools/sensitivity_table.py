#!/usr/bin/env python3
"""Tabulates tools/settings_sensitivity.sh output: per case and setting, the median over runs of the
median main-thread CPU time per iteration; the spread is max/min - 1 across settings.

usage: sensitivity_table.py OUT_DIR SETTING...
"""
import glob
import json
import os
import statistics
import sys


# A repetition counts as undisturbed when the main thread was on a CPU for at least this share of its
# wall time: below it, other processes took the cores (and, for memory-bound cases, the caches and
# memory bandwidth, which inflates even CPU time).
UNDISTURBED = 0.9


def case_medians(path, undisturbed_only):
    """{case: median cpu_ns over its repetitions} from one v8bench JSON file."""
    with open(path) as f:
        doc = json.load(f)
    per_case = {}
    for b in doc.get("benchmarks", []):
        if b.get("run_type") != "iteration" or b.get("error_occurred"):
            continue
        if "cpu_ns" not in b:
            continue
        if undisturbed_only and not (b.get("wall_ns", 0) > 0 and b["cpu_ns"] >= UNDISTURBED * b["wall_ns"]):
            continue
        per_case.setdefault(b["run_name"], []).append(b["cpu_ns"])
    return {k: statistics.median(v) for k, v in per_case.items()}


def fmt_ns(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def print_table(out, settings, undisturbed_only):
    table = {}  # case -> setting -> median over runs
    for s in settings:
        runs = [case_medians(p, undisturbed_only) for p in sorted(glob.glob(os.path.join(out, s, "*.json")))]
        cases = set().union(*[r.keys() for r in runs]) if runs else set()
        for c in cases:
            vals = [r[c] for r in runs if c in r]
            table.setdefault(c, {})[s] = statistics.median(vals)
    rows, within, compared = [], 0, 0
    has_aa = "defaults" in settings and "defaults-again" in settings
    for c in sorted(table):
        vals = [table[c][s] for s in settings if s in table[c]]
        if len(vals) < 2:
            rows.append(f"| {c} | " + " | ".join("—" for _ in settings) + " | — |")
            continue
        compared += 1
        spread = max(vals) / min(vals) - 1 if vals and min(vals) > 0 else float("nan")
        within += spread <= 0.15
        cells = " | ".join(fmt_ns(table[c][s]) if s in table[c] else "—" for s in settings)
        # The same settings twice: what noise alone gives.
        a, b = table[c].get("defaults"), table[c].get("defaults-again")
        aa = f"{(max(a, b) / min(a, b) - 1) * 100:.1f}%" if a and b else "—"
        rows.append(f"| {c} | {cells} | {spread * 100:.1f}% |" + (f" {aa} |" if has_aa else ""))
    if undisturbed_only:
        print(f"### Undisturbed repetitions only (main-thread CPU >= {UNDISTURBED:.0%} of wall)\n")
        print("— where fewer than two settings had such a repetition.\n")
    else:
        print("### All repetitions\n")
    print(f"**{within} of {compared} cases within 15%.**\n")
    print("| case | " + " | ".join(settings) + " | spread |" + (" A/A: defaults vs defaults-again |" if has_aa else ""))
    print("|---|" + "---|" * (len(settings) + 1 + has_aa))
    print("\n".join(rows))


def main():
    out, settings = sys.argv[1], sys.argv[2:]
    print("Main-thread CPU per iteration: per setting, the median over runs of each run's median over its")
    print("repetitions; spread = max/min - 1 across settings.\n")
    print_table(out, settings, undisturbed_only=False)
    print()
    print_table(out, settings, undisturbed_only=True)


if __name__ == "__main__":
    main()
