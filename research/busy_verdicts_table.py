#!/usr/bin/env python3
"""Table of busy_verdicts.sh's compares: one row per comparison file (FILE.json, with FILE.meta beside
it holding the load average at the start, the wall time and the exit code), then per kind how many were
found (a verdict after Holm). Columns: kind, index, load, wall s, verdict, estimate, 95% CI, p, blocks
(the ones the verdict rests on / all), blocks whose two samples crossed a change of machine state.
With --diagnose, per file instead: where the noise is. sd_lr: the standard deviation of the blocks'
log ratios; corr: the correlation of a block's two log values (what pairing can cancel: 0 = nothing);
lag1: the autocorrelation of consecutive samples' log values, each less its variant's mean (how long a
speed state lasts, in samples: 0 = not even from one sample to the next); states: whether the pooled
values split into two machine states, and how many blocks straddled one; wall/cpu: the median ratio of
a sample's wall time to its CPU time per iteration (how much of a CPU the worker got); sample_s: the
median wall time of one sample (a worker process); t_p: a t-test's p on the log ratios, beside the
signed-rank p the verdict used (does a different test change the outcome); pairs, icc, icc_upper, deff:
long-lived workers' pairs of processes, the ICC of the signed ranks by pair, its upper bound and the design
effect the verdict's test used (stats/clustered.h; 1 without long-lived workers).
Usage: research/busy_verdicts_table.py [--no-header] [--markdown] [--diagnose] FILE.json ..."""
import json
import math
import os
import statistics as st
import sys


def row(path):
    d = json.load(open(path))
    meta = path[:-5] + ".meta"
    load = wall = code = "?"
    if os.path.exists(meta):
        parts = open(meta).read().split()
        if len(parts) == 3:
            load, wall, code = parts[0], "%.1f" % float(parts[1]), parts[2]
    kind = os.path.basename(path)[:-5].rsplit("-", 1)
    a = d.get("analysis")
    if not a:  # stopped before its analysis: no verdict
        return [kind[0], kind[1], load, wall, "stopped (exit %s, %d samples)" % (code, len(d.get("samples", []))),
                "", "", "", "", "", ""]
    v = a["cases"][0]["variants"][1]
    j = v["judged"]
    paired = v.get("paired", {})
    n_all = paired.get("all", {}).get("blocks", 0)
    used = paired.get("same_state" if paired.get("stratified") else "all", {}).get("blocks", 0)
    return [kind[0], kind[1], load, wall, v.get("verdict_holm", ""), "%+.1f%%" % (100 * (j["ratio"] - 1)),
            "[%+.1f%%, %+.1f%%]" % (100 * (j["ci_low"] - 1), 100 * (j["ci_high"] - 1)), "%.4f" % j["p"],
            "%d/%d" % (used, n_all), str(paired.get("split_pairs", 0)),
            "stratified" if paired.get("stratified") else "all"]


def t_test_p(xs):
    """Two-sided p of a one-sample t-test of xs against 0 (normal tail for the df here, 15 and more, would
    understate it; the Student tail via the regularised incomplete beta function)."""
    n = len(xs)
    t = st.mean(xs) / (st.stdev(xs) / math.sqrt(n))
    df = n - 1
    x = df / (df + t * t)
    # I_x(df/2, 1/2) by a continued fraction (Numerical Recipes' betacf).
    a, b = df / 2, 0.5
    def betacf(a, b, x):
        qab, qap, qam = a + b, a + 1, a - 1
        c, d = 1.0, 1 - qab * x / qap
        d = 1 / d
        h = d
        for m in range(1, 200):
            m2 = 2 * m
            aa = m * (b - m) * x / ((qam + m2) * (a + m2))
            d = 1 / (1 + aa * d)
            c = 1 + aa / c
            h *= d * c
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
            d = 1 / (1 + aa * d)
            c = 1 + aa / c
            h *= d * c
        return h
    bt = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x))
    return bt * betacf(a, b, x) / a


def diagnose(path):
    d = json.load(open(path))
    names = [v["variant"] for v in d["analysis"]["cases"][0]["variants"]]
    blocks, seq = {}, []
    for s in sorted(d["samples"], key=lambda s: s["order"]):
        vals = next(iter(s["values"].values()), None)
        if not vals or not vals.get("cpu_ns"):
            continue
        lv = math.log(vals["cpu_ns"])
        blocks.setdefault(s["block"], {})[s["variant"]] = lv
        seq.append((s["variant"], lv, vals["wall_ns"] / vals["cpu_ns"], s["wall_s"]))
    pairs = [(b[names[0]], b[names[1]]) for b in blocks.values() if len(b) == 2]
    lr = [y - x for x, y in pairs]
    means = {n: st.mean([v for m, v, _, _ in seq if m == n]) for n in names}
    res = [v - means[m] for m, v, _, _ in seq]
    lag1 = st.correlation(res[:-1], res[1:])
    v = d["analysis"]["cases"][0]["variants"][1]
    paired = v.get("paired", {})
    clusters = paired.get("clusters", {})  # long-lived workers' pairs of processes, as the guard saw them
    states = "%s/%d" % ("yes" if d["analysis"]["machine_states"] else "no", paired.get("split_pairs", 0))
    kind = os.path.basename(path)[:-5]
    return [kind, "%.3f" % st.stdev(lr), "%+.2f" % st.correlation([x for x, _ in pairs], [y for _, y in pairs]),
            "%+.2f" % lag1, states, "%.1f" % st.median([w for _, _, w, _ in seq]),
            "%.2f" % st.median([w for _, _, _, w in seq]), "%.4f" % v["judged"]["p"], "%.4f" % t_test_p(lr),
            str(clusters.get("count", "")), "%.2f" % clusters.get("icc", 0), "%.2f" % clusters.get("icc_upper", 0),
            "%.2f" % clusters.get("design_effect", 1)]


def main():
    args = sys.argv[1:]
    if "--diagnose" in args:
        print("\t".join(["file", "sd_lr", "corr", "lag1", "states/split", "wall/cpu", "sample_s", "p(W)", "t_p",
                         "pairs", "icc", "icc_upper", "deff"]))
        for f in [a for a in args if not a.startswith("--")]:
            if json.load(open(f)).get("analysis"):  # a comparison still running has none yet
                print("\t".join(diagnose(f)))
        return
    header = "--no-header" not in args
    md = "--markdown" in args
    files = [a for a in args if not a.startswith("--")]
    cols = ["kind", "i", "load", "wall_s", "verdict", "estimate", "95% CI", "p", "blocks", "split", "test"]
    rows = [row(f) for f in files]
    rows.sort(key=lambda r: (r[0], int(r[1]) if r[1].isdigit() else 0))
    sep = " | " if md else "\t"
    if header:
        print(("| " if md else "") + sep.join(cols) + (" |" if md else ""))
        if md:
            print("|" + "---|" * len(cols))
    for r in rows:
        print(("| " if md else "") + sep.join(r) + (" |" if md else ""))
    if header and len(rows) > 1:
        kinds = {}
        for r in rows:
            k = kinds.setdefault(r[0], [0, 0, []])
            k[0] += 1
            k[1] += r[4] in ("faster", "slower")
            if r[5]:  # ran to its end
                k[2].append(float(r[3]) if r[3] != "?" else 0)
        print()
        for k, (n, found, walls) in sorted(kinds.items()):
            print("%s: %d of %d completed comparisons with a verdict (p < alpha after Holm), %d stopped early; "
                  "wall %.0f-%.0f s (median %.0f)" % (k, found, len(walls), n - len(walls), min(walls), max(walls),
                                                      st.median(walls)))


if __name__ == "__main__":
    main()
