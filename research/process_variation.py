#!/usr/bin/env python3
"""Summary of a research/process_variation.sh directory, as Markdown on stdout.

Per case: the process medians (main-thread CPU time per iteration, median over the process's
repetitions), their CV and spread; Pearson's r between the process medians and each probe kernel
(the mean of the probe before and after the process); the lag-1 autocorrelation of the process
medians in run order (a machine state that outlasts a process makes neighbours alike); and, when the
processes ran two or more isolates, the median spread of the isolate medians inside a process beside
the median change from one process to the next.

Reading r: with n processes, |r| above 2/sqrt(n) is unlikely (p < 0.05, Fisher's approximation) when
there is no relation; r^2 is the share of the process-to-process variance the kernel accounts for.

  research/process_variation.py OUT_DIR
"""
import json
import math
import os
import statistics
import sys

KERNELS = ["chain_ns", "throughput_ns", "indirect_ns", "chase_ns", "copy_ns_per_kib", "touch_ns_per_page",
           "code_page_ns", "handoff_ns", "wake_ns", "wake_cpu_ns", "cross_free_ns"]


def fail(message):
    print(f"process_variation.py: {message}", file=sys.stderr)
    sys.exit(2)


def pearson(xs, ys):
    if len(xs) < 3:
        return None
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    if sx == 0 or sy == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / (sx * sy)


def cv(values):
    return statistics.pstdev(values) / statistics.fmean(values) if len(values) > 1 else 0.0


def fmt_r(r):
    return "n/a" if r is None else f"{r:+.2f}"


def load(out):
    probes_path = os.path.join(out, "probes.jsonl")
    if not os.path.exists(probes_path):
        fail(f"no {probes_path}: is '{out}' a research/process_variation.sh directory?")
    processes = []  # (index, started, probe means, {case: (median, [isolate medians])})
    with open(probes_path) as f:
        for number, line in enumerate(f, 1):
            try:
                record = json.loads(line)
            except json.JSONDecodeError as e:
                fail(f"{probes_path}:{number}: not JSON ({e})")
            if record.get("exit") != 0:
                continue
            path = os.path.join(out, f"{record['process']}.json")
            try:
                with open(path) as g:
                    benchmarks = json.load(g)["benchmarks"]
            except (OSError, KeyError, json.JSONDecodeError) as e:
                fail(f"{path}: not a v8bench JSON results file ({e})")
            probe = {}
            for k in KERNELS:
                values = [record[side].get(k) for side in ("before", "after")]
                values = [v for v in values if v is not None]
                if values:
                    probe[k] = statistics.fmean(values)
            per_case = {}
            for b in benchmarks:
                if b.get("run_type") != "iteration" or "cpu_ns" not in b:
                    continue
                per_case.setdefault(b["name"], {}).setdefault(b.get("isolate", 0), []).append(b["cpu_ns"])
            cases = {}
            for name, isolates in per_case.items():
                every = [v for values in isolates.values() for v in values]
                cases[name] = (statistics.median(every),
                               [statistics.median(isolates[k]) for k in sorted(isolates)])
            processes.append((record["process"], record["started"], probe, cases))
    if not processes:
        fail(f"{probes_path} records no process that finished (exit 0)")
    return processes


def summarize(out, processes):
    names = sorted({name for p in processes for name in p[3]})
    lines = [f"# Process variation: {out}", "",
             f"{len(processes)} processes that finished, {processes[0][1]} to {processes[-1][1]}. "
             "Figures: main-thread CPU time per iteration, the median of each process's repetitions. "
             "r: Pearson's r between the process medians and a probe kernel (mean of before and after); "
             "|r| > 2/sqrt(n) is unlikely without a relation (p < 0.05).", ""]
    probe_rows = [p[2] for p in processes]
    lines += ["| probe kernel | median | CV |", "|---|--:|--:|"]
    for k in KERNELS:
        values = [row[k] for row in probe_rows if k in row]
        if values:
            lines.append(f"| {k} | {statistics.median(values):.4g} | {cv(values):.1%} |")
    lines.append("")
    for name in names:
        rows = [(p[2], p[3][name]) for p in processes if name in p[3]]
        medians = [case[0] for _, case in rows]
        n = len(medians)
        lines += [f"## {name}", "",
                  f"- {n} processes: median {statistics.median(medians) / 1e3:.4g} µs, CV {cv(medians):.1%}, "
                  f"min–max {min(medians) / 1e3:.4g}–{max(medians) / 1e3:.4g} µs "
                  f"(max/min − 1 = {max(medians) / min(medians) - 1:.1%}); 2/sqrt(n) = {2 / math.sqrt(n):.2f}",
                  f"- lag-1 autocorrelation of the process medians in run order: "
                  f"{fmt_r(pearson(medians[:-1], medians[1:]))}"]
        kernel_rs = []
        for k in KERNELS:
            pairs = [(probe[k], case[0]) for probe, case in rows if k in probe]
            if len(pairs) >= 3:
                kernel_rs.append(f"{k} {fmt_r(pearson([a for a, _ in pairs], [b for _, b in pairs]))}")
        lines.append("- r with each probe kernel: " + ", ".join(kernel_rs))
        isolated = [case[1] for _, case in rows if len(case[1]) >= 2]
        if isolated:
            inside = [max(m) / min(m) - 1 for m in isolated]
            between = [abs(b / a - 1) for a, b in zip(medians[:-1], medians[1:])]
            first, second = [m[0] for m in isolated], [m[1] for m in isolated]
            lines.append(f"- isolates: spread of the isolate medians inside a process {statistics.median(inside):.1%} "
                         f"at the median; change from one process to the next {statistics.median(between):.1%}; "
                         f"r(isolate 0, isolate 1) {fmt_r(pearson(first, second))}")
        lines += ["", "| process | started | median µs | isolate medians µs |", "|--:|---|--:|---|"]
        for p in processes:
            if name in p[3]:
                median, isolates = p[3][name]
                lines.append(f"| {p[0]} | {p[1]} | {median / 1e3:.4g} | "
                             + " ".join(f"{v / 1e3:.4g}" for v in isolates) + " |")
        lines.append("")
    return "\n".join(lines)


def main():
    if len(sys.argv) != 2:
        fail("usage: research/process_variation.py OUT_DIR")
    print(summarize(sys.argv[1], load(sys.argv[1])))


if __name__ == "__main__":
    main()
