"""Checks a `run --metric instructions --iterations 10 --param work=1,2 --format json` file of the fixed
sin+cos loop (tests/fixtures/trig_loop.js): the counting source and the deterministic V8 flags in
the context, a fixed batch of 10 iterations, the repetitions of a case agreeing, and work=2 counting about
twice work=1. Used by the embedded host's and Node's instruction tests.

Usage: counted_run_check.py RUN.json LABEL REPETITIONS AGREE TOLERANCE
  the AGREE lowest of the REPETITIONS counts of a case must be within TOLERANCE (a fraction) of each other.
"""
import json
import sys

path, label, repetitions, agree, tolerance = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
doc = json.load(open(path))
ctx = doc["context"]
assert "callgrind" in ctx["instructions_by"] or "hardware" in ctx["instructions_by"], ctx
assert ctx["iterations_per_batch"] == 10, ctx
for flag in ("--single-threaded", "--predictable", "--random-seed=1", "--hash-seed=1"):
    assert flag in ctx["v8_flags"], (flag, ctx["v8_flags"])
per_case = {}
for b in doc["benchmarks"]:
    if b.get("run_type") != "iteration":
        continue
    assert b["iterations"] == 10, b
    per_case.setdefault(b["name"], []).append(b["instructions"])
one = [v for k, v in per_case.items() if "work:1" in k and "work:2" not in k][0]
two = [v for k, v in per_case.items() if "work:2" in k][0]
for counts in (one, two):
    low = sorted(counts)[:agree]
    assert len(counts) == repetitions and low[-1] / low[0] - 1 < tolerance, counts
ratio = min(two) / min(one)
assert 1.9 < ratio < 2.1, (one, two, ratio)
print(f"{label} instructions/iter: work=1 {min(one):.0f}, work=2 {min(two):.0f} (x{ratio:.3f}); all: {one} {two}")
