#!/usr/bin/env python3
"""Tabulates research/settings_sensitivity.sh output: per case and setting, the median over runs of the
median main-thread CPU time per iteration; the spread is max/min - 1 across settings.

Beside the spread, two permutation figures separate the settings' effect from the processes' own
variation. Every run measured each setting of a case once, back to back, in a rotated order
(GRAIN=blocks or cases), so a run is a block sharing the machine's state, and under "the settings do
not matter" the values of a run are exchangeable among its settings. Shuffling them within each run
(PERMUTATIONS times, seeded by the case name):
- noise: the median spread of the shuffled tables: what identical settings would give in these
  processes. A spread near it is the processes' variation.
- p (settings): Friedman's test for a randomized block design, by permutation: the statistic is the
  sum over settings of (sum of the setting's within-run ranks)^2, p the share of shuffles at least as
  large (the observed counted). Small p: some settings are consistently faster or slower than others
  in every run, whatever the spread.
When OUT_DIR has probes.jsonl (PROBE=... research/settings_sensitivity.sh), a last column gives the
machine-speed probe's DRAM chase (ns per dependent load) before and after the case's blocks, lowest
to highest: how the machine's memory speed moved around the case's processes.
Limits: with 3 runs of 7 settings the test sees a consistent ordering, not a one-run outlier; with
GRAIN=suites a setting's position in the round is fixed, so drift within a round counts as the
settings' effect.

usage: sensitivity_table.py OUT_DIR SETTING...
"""
import glob
import json
import os
import random
import statistics
import sys

PERMUTATIONS = 2000


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


def run_of(path):
    """The run (round) a results file belongs to: <run>.json or <run>-<case#>.json."""
    return os.path.basename(path).split(".")[0].split("-")[0]


def spread_of(by_setting):
    """max/min - 1 of the per-setting medians over runs."""
    medians = [statistics.median(v) for v in by_setting.values() if v]
    return max(medians) / min(medians) - 1


def ranks(values):
    """Ranks 1..n of values (ties averaged), in their order."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def friedman_statistic(blocks):
    """Sum over settings of the squared sum of its within-run ranks (blocks: {run: {setting: value}})."""
    rank_sums = {}
    for values in blocks.values():
        for name, r in zip(values, ranks(list(values.values()))):
            rank_sums[name] = rank_sums.get(name, 0.0) + r
    return sum(x * x for x in rank_sums.values())


def settings_permutation(blocks, seed):
    """(median shuffled spread, Friedman permutation p), shuffling each run's values among its
    settings. Deterministic for a seed."""
    rng = random.Random(seed)
    observed = friedman_statistic(blocks)
    spreads, at_least = [], 0
    for _ in range(PERMUTATIONS):
        shuffled_blocks = {}
        for run, values in blocks.items():
            shuffled = list(values.values())
            rng.shuffle(shuffled)
            shuffled_blocks[run] = dict(zip(values, shuffled))
        spreads.append(spread_of(_by_setting(shuffled_blocks)))
        at_least += friedman_statistic(shuffled_blocks) >= observed - 1e-9
    return statistics.median(spreads), (1 + at_least) / (1 + PERMUTATIONS)


def _by_setting(blocks):
    by_setting = {}
    for values in blocks.values():
        for name, value in values.items():
            by_setting.setdefault(name, []).append(value)
    return by_setting


def probe_chase(out):
    """{case: [DRAM chase ns of every probe around its blocks]} from OUT_DIR/probes.jsonl, or None."""
    path = os.path.join(out, "probes.jsonl")
    if not os.path.exists(path):
        return None
    chase = {}
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            record = json.loads(line)
            for side in ("before", "after"):
                if record.get(side):  # null: the probe failed
                    chase.setdefault(record["case"], []).append(record[side]["chase_ns"])
    return chase


def print_table(out, settings, undisturbed_only):
    chase = probe_chase(out)
    blocks = {}  # case -> run -> setting -> that run's median
    for s in settings:
        for path in sorted(glob.glob(os.path.join(out, s, "*.json"))):
            for c, v in case_medians(path, undisturbed_only).items():
                blocks.setdefault(c, {}).setdefault(run_of(path), {})[s] = v
    # case -> setting -> median over runs
    table = {c: {s: statistics.median(v) for s, v in _by_setting(runs).items()} for c, runs in blocks.items()}
    rows, within, compared, settings_effect, misses = [], 0, 0, 0, 0
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
        # Only runs that measured every setting of the case are exchangeable blocks.
        complete = {run: v for run, v in blocks[c].items() if len(v) == len(vals)}
        if len(complete) >= 2:
            noise, p = settings_permutation(complete, seed=c)
            test = f"{noise * 100:.1f}% | " + ("< 0.001" if p < 0.001 else f"{p:.3f}")
            if spread > 0.15:
                misses += 1
                settings_effect += p < 0.05
        else:
            test = "— | —"
        probe = ""
        if chase is not None:
            seen = chase.get(c)
            probe = f" {min(seen):.0f}–{max(seen):.0f} ns |" if seen else " — |"
        rows.append(f"| {c} | {cells} | {spread * 100:.1f}% | {test} |" + (f" {aa} |" if has_aa else "") + probe)
    if undisturbed_only:
        print(f"### Undisturbed repetitions only (main-thread CPU >= {UNDISTURBED:.0%} of wall)\n")
        print("— where fewer than two settings had such a repetition.\n")
    else:
        print("### All repetitions\n")
    print(f"**{within} of {compared} cases within 15%.** Of the {misses} beyond it, {settings_effect} "
          "show a consistent effect of the settings (p < 0.05); the others' spread is the processes' own "
          "(compare it with noise).\n")
    print("| case | " + " | ".join(settings) + " | spread | noise | p (settings) |"
          + (" A/A: defaults vs defaults-again |" if has_aa else "")
          + (" DRAM chase (probe) |" if chase is not None else ""))
    print("|---|" + "---|" * (len(settings) + 3 + has_aa + (chase is not None)))
    print("\n".join(rows))


def main():
    out, settings = sys.argv[1], sys.argv[2:]
    print("Main-thread CPU per iteration: per setting, the median over runs of each run's median over its")
    print("repetitions; spread = max/min - 1 across settings. noise: the median spread when each run's")
    print(f"values are shuffled among its settings ({PERMUTATIONS} shuffles); p (settings): Friedman's test by")
    print("the same shuffles (small: some settings are consistently faster or slower in every run).\n")
    print_table(out, settings, undisturbed_only=False)
    print()
    print_table(out, settings, undisturbed_only=True)


if __name__ == "__main__":
    main()
