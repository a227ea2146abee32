#!/usr/bin/env python3
"""Table for research/busy_states.sh: per directory, how far the worker processes' medians scatter
(sd of log, per bench and work), how much of it stays inside a process (median sd of log over one
process's repetitions), whether the two benches move together across processes (Pearson r of the log
medians), and what dividing sincos by the integer loop (a calibration) does to the blocks' log ratios
of work=1.05 over work=1.
Usage: research/busy_states.py DIR [DIR ...]"""
import glob
import json
import math
import re
import statistics as st
import sys


def process(path):
    runs = [b for b in json.load(open(path))["benchmarks"] if b.get("run_type") == "iteration"]
    out = {}
    for bench in ("sincos", "intloop"):
        logs = [math.log(b["cpu_ns"]) for b in runs if b["bench"] == bench]
        out[bench] = (st.median(logs), st.pstdev(logs))
    return out


print("| dir | processes | between sd: sincos / intloop | within sd: sincos / intloop | r(sincos, intloop) "
      "| block log ratio sd: raw / calibrated |")
print("|---|--:|--:|--:|--:|--:|")
for d in sys.argv[1:]:
    blocks = {}
    for path in glob.glob(f"{d}/b*_*.json"):
        m = re.search(r"b(\d+)_(.+)\.json$", path)
        blocks.setdefault(int(m.group(1)), {})[m.group(2)] = process(path)
    procs = [p for b in blocks.values() for p in b.values()]
    med = {k: [p[k][0] for p in procs] for k in ("sincos", "intloop")}
    within = {k: st.median(p[k][1] for p in procs) for k in ("sincos", "intloop")}
    full = [b for b in blocks.values() if len(b) == 2]
    raw = [b["1.05"]["sincos"][0] - b["1"]["sincos"][0] for b in full]
    cal = [r - (b["1.05"]["intloop"][0] - b["1"]["intloop"][0]) for r, b in zip(raw, full)]
    print(f"| {d.rstrip('/').split('/')[-1]} | {len(procs)} | {st.pstdev(med['sincos']):.3f} / "
          f"{st.pstdev(med['intloop']):.3f} | {within['sincos']:.3f} / {within['intloop']:.3f} | "
          f"{st.correlation(med['sincos'], med['intloop']):+.2f} | {st.stdev(raw):.3f} / {st.stdev(cal):.3f} |")
