#!/usr/bin/env python3
"""Per engine and case: <engine> against <engine>-nosweep from compare.json, paired by block.

Prints a Markdown table: the median all-thread CPU and wall time per iteration of each, and the
median over blocks of the ratio nosweep/default (with its min-max), for process CPU and wall time.
usage: table.py compare.json
"""
import json
import statistics
import sys


def fmt(ns):
    return f"{ns / 1e6:.2f} ms" if ns >= 1e6 else f"{ns / 1e3:.0f} µs"


doc = json.load(open(sys.argv[1]))
values = {}  # (variant, block) -> {case: values}
for s in doc["samples"]:
    if not s.get("error"):
        values[(s["variant"], s["block"])] = s["values"]
engines = [v["name"] for v in doc["variants"] if not v["name"].endswith("-nosweep")]
print("| case | engine | all-thread CPU | without concurrent sweeping | ratio (min–max) | wall | without | ratio |")
print("|---|---|--:|--:|--:|--:|--:|--:|")
for case in doc["case_keys"]:
    for engine in engines:
        rows = {"process_cpu_ns": ([], [], []), "wall_ns": ([], [], [])}
        for (variant, block), by_case in values.items():
            other = values.get((engine + "-nosweep", block), {})
            if variant != engine or case not in by_case or case not in other:
                continue
            for metric, (base, flag, ratio) in rows.items():
                if by_case[case].get(metric) and other[case].get(metric):
                    base.append(by_case[case][metric])
                    flag.append(other[case][metric])
                    ratio.append(other[case][metric] / by_case[case][metric])
        cells = []
        for metric in ("process_cpu_ns", "wall_ns"):
            base, flag, ratio = rows[metric]
            if not ratio:
                cells += ["—", "—", "—"]
                continue
            r = statistics.median(ratio)
            spread = f" ({min(ratio):.2f}–{max(ratio):.2f})" if metric == "process_cpu_ns" else ""
            cells += [fmt(statistics.median(base)), fmt(statistics.median(flag)), f"{r:.2f}{spread}"]
        print(f"| {case.split('/corrupt')[0]} | {engine} | " + " | ".join(cells) + " |")
