#!/usr/bin/env python3
"""The tables of results/<date>-<machine>/seed_findings.md, from the compare files of research/seed_findings.sh.

    research/seed_findings_table.py OUT_DIR > tables.md

Two kinds of statistics, both over the interleaved samples of `v8bench compare` (one worker process each):

* Between variants (engines, flags) of one case: compare's own paired analysis from the file (per block the
  ratio of the variant's sample to the baseline's, its median with a 95% bootstrap interval, Wilcoxon
  signed-rank p, and the Holm-adjusted verdict over all comparisons of that file). Copied, not recomputed.
* Between two cases of one variant (arrow reviver vs plain JSON.parse on Node 26; Buffer.concat vs summing the
  lengths; one stream against another): compare does not test these, so this script does, with the same
  method: a worker process runs every selected case once, one after another, so the two cases of one sample
  are a pair. Per sample the ratio B/A of the chosen metric; the median ratio with a 95% percentile bootstrap
  interval over samples (2000 resamples, fixed seed); the two-sided Wilcoxon signed-rank test on log ratios
  (exact null distribution over the observed ranks, ties averaged); Holm's adjustment over every such test in
  one table. A ratio is called different from 1 when Holm p < 0.05 and the interval excludes 1.

Pure standard library (no numpy/scipy on the measuring machine).
"""
import json
import math
import os
import random
import sys
from statistics import median

ALPHA = 0.05


# ---------- statistics ----------

def wilcoxon_signed_rank(diffs):
    """Two-sided p of the signed-rank test; exact over the observed (tie-averaged) ranks; zeros dropped."""
    d = [x for x in diffs if x != 0]
    n = len(d)
    if n == 0:
        return 1.0
    order = sorted(range(n), key=lambda i: abs(d[i]))
    ranks = [0.0] * n
    i = 0
    while i < n:
        j = i
        while j + 1 < n and abs(d[order[j + 1]]) == abs(d[order[i]]):
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    r2 = [int(round(2 * r)) for r in ranks]  # half-ranks become integers
    w = sum(r for r, x in zip(r2, d) if x > 0)
    total = sum(r2)
    dist = [0] * (total + 1)  # number of sign assignments giving each sum of positive ranks
    dist[0] = 1
    for r in r2:
        for s in range(total, r - 1, -1):
            dist[s] += dist[s - r]
    count = 2 ** n
    lower = sum(dist[: w + 1]) / count
    upper = sum(dist[w:]) / count
    return min(1.0, 2 * min(lower, upper))


def bootstrap_median_ci(xs, reps=2000, seed=1):
    rng = random.Random(seed)
    n = len(xs)
    meds = sorted(median(rng.choice(xs) for _ in range(n)) for _ in range(reps))
    return meds[int(0.025 * reps)], meds[int(0.975 * reps) - 1]


def holm(ps):
    """Holm-adjusted p-values, in the input order."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    adj = [1.0] * len(ps)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(ps) - rank) * ps[i]))
        adj[i] = running
    return adj


class RatioTest:
    """B/A between two cases of one variant, paired by sample."""

    def __init__(self, ratios):
        self.n = len(ratios)
        self.ratio = median(ratios) if ratios else None
        self.ci = bootstrap_median_ci(ratios) if len(ratios) >= 2 else (None, None)
        self.p = wilcoxon_signed_rank([math.log(r) for r in ratios]) if ratios else None
        self.p_holm = None

    def cell(self):
        if not self.n:
            return "—"
        lo, hi = self.ci
        mark = ""
        if self.p_holm is not None and self.p_holm < ALPHA and lo is not None and (lo > 1 or hi < 1):
            mark = " ✔"
        return f"{fmt_ratio(self.ratio)} [{fmt_ratio(lo)}, {fmt_ratio(hi)}] p={fmt_p(self.p_holm)}{mark}"


def apply_holm(tests):
    live = [t for t in tests if t.n]
    for t, p in zip(live, holm([t.p for t in live])):
        t.p_holm = p


# ---------- formatting ----------

def fmt_ratio(x):
    return "—" if x is None else (f"{x:.2f}×" if x < 10 else f"{x:.1f}×")


def fmt_p(p):
    if p is None:
        return "—"
    return f"{p:.1e}" if p < 0.001 else f"{p:.3f}"


def fmt_ns(ns):
    if ns is None:
        return "—"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def fmt_pct(x):
    return "—" if x is None else f"{100 * x:.1f}%"


# ---------- compare files ----------

class Compare:
    def __init__(self, path):
        self.path = path
        self.name = os.path.splitext(os.path.basename(path))[0]
        with open(path) as f:
            self.d = json.load(f)
        self.variants = [v["name"] for v in self.d["variants"]]
        self.info = {v["name"]: v.get("engine_info") or {} for v in self.d["variants"]}
        self.flags = {v["name"]: v.get("flags", "") for v in self.d["variants"]}
        self.engine = {v["name"]: v.get("engine", "") for v in self.d["variants"]}
        self.analysis = {}
        self.an = self.d.get("analysis") or {}  # null while a comparison is still running
        for c in self.an.get("cases", []):
            for v in c["variants"]:
                self.analysis[(c["case"], v["variant"])] = v
        self.counter = self.an.get("counter") or (self.d["settings"]["metric"].replace("process", "process_cpu") + "_ns")

    def samples(self, variant):
        return [s for s in self.d["samples"] if s["variant"] == variant]

    def values(self, variant, case, metric):
        out = []
        for s in self.samples(variant):
            v = s.get("values", {}).get(case, {})
            if metric in v:
                out.append(v[metric])
        return out

    def med(self, variant, case, metric):
        xs = self.values(variant, case, metric)
        return median(xs) if xs else None

    def share(self, variant, case, part, whole):
        """Median over samples of part/whole (e.g. GC pause over wall time)."""
        xs = []
        for s in self.samples(variant):
            v = s.get("values", {}).get(case, {})
            if part in v and v.get(whole):
                xs.append(v[part] / v[whole])
        return median(xs) if xs else None

    def ratio_test(self, variant, case_a, case_b, metric):
        rs = []
        for s in self.samples(variant):
            v = s.get("values", {})
            a, b = v.get(case_a, {}).get(metric), v.get(case_b, {}).get(metric)
            if a and b:
                rs.append(b / a)
        return RatioTest(rs)

    def best_metric(self, variant):
        """All-thread CPU where the engine gives it (robust to a loaded machine), else wall time (workerd)."""
        has_cpu = any("process_cpu_ns" in v for smp in self.samples(variant) for v in smp.get("values", {}).values())
        return "process_cpu_ns" if has_cpu else "wall_ns"

    def med_best(self, variant, case):
        m = self.best_metric(variant)
        x = self.med(variant, case, m)
        return fmt_ns(x) + (" (wall)" if x is not None and m == "wall_ns" else "")

    def paired_test(self, case, variant, base, metric):
        """variant/base for one case, paired by compare's blocks (one sample of each variant back to back)."""
        def by_block(v):
            return {s["block"]: s["values"][case][metric] for s in self.samples(v)
                    if metric in s.get("values", {}).get(case, {}) and "block" in s}
        a, b = by_block(base), by_block(variant)
        return RatioTest([b[k] / a[k] for k in sorted(a.keys() & b.keys()) if a[k] and b[k]])

    def failure(self, variant, case=None):
        """The first failure or worker error of a variant (for a case), as text; '' when none."""
        for s in self.samples(variant):
            for f in s.get("failures", []):
                if case is None or f.get("case") == case:
                    return f"{f.get('kind', 'failed')}: {f.get('message', '')}".replace("\n", " ")
            if s.get("error") and (case is None or case not in s.get("values", {})):
                return s["error"].replace("\n", " ")
        return ""

    def change(self, case, variant):
        """compare's own verdict versus the baseline: 'change [CI] p(W) holm-verdict'."""
        a = self.analysis.get((case, variant))
        if not a or "judged" not in a:
            return "—"
        j = a["judged"]
        pct = lambda r: f"{100 * (r - 1):+.1f}%"
        kind = "W" if j.get("paired") else "MW"
        verdict = a.get("verdict_holm", "?")
        if a.get("code_mixed"):
            # compare does not judge a variant whose samples ran code that changed while timed; the paired
            # figures are still in the file, so show them with the reason instead of a verdict.
            note = next((n for n in self.an.get("code_notes", []) if f"({variant})" in n), "")
            changed = note.split("not judged: ")[-1].split(":")[0] if note else "mixed code"
            verdict = f"not judged ({changed})"
        return (f"{pct(j['ratio'])} [{pct(j['ci_low'])}, {pct(j['ci_high'])}] p({kind})={fmt_p(j['p'])}, "
                f"Holm: {verdict}")

    def header_line(self, v):
        i = self.info.get(v, {})
        ver = engine_label(self, v)
        bits = [f"`{v}`: {ver}"]
        if self.flags.get(v):
            bits.append(f"flags `{self.flags[v]}`")
        if i.get("trig_path"):
            bits.append(f"trig {i['trig_path']}")
        return ", ".join(bits)


def engine_label(c, v):
    i = c.info.get(v, {})
    eng = c.engine.get(v, "")
    v8 = i.get("v8_version", "")
    node = i.get("node_version", "")
    if not eng:
        return f"embedded V8 {v8} (Debian libnode {node.lstrip('v')})"
    base = eng.split("/")[2] if eng.startswith("third_party/engines/") else eng
    if node:
        return f"Node {node.lstrip('v')} (V8 {v8})"
    if "deno" in base:
        return f"Deno (V8 {v8})"
    if "workerd" in base:
        return "workerd (V8 not exposed)"
    if "bun" in base:
        return "Bun (JavaScriptCore)"
    return f"{base} (V8 {v8})" if v8 else f"{base} (engine not identified: no worker started)"


def load(out_dir, name):
    p = os.path.join(out_dir, name + ".json")
    return Compare(p) if os.path.exists(p) else None


def rc_and_log(out_dir, name):
    rc = None
    try:
        rc = open(os.path.join(out_dir, name + ".rc")).read().strip()
    except OSError:
        pass
    log = ""
    try:
        lines = [l for l in open(os.path.join(out_dir, name + ".log")).read().splitlines() if l.startswith("v8bench")]
        log = lines[-1] if lines else ""
    except OSError:
        pass
    return rc, log


def table(head, rows):
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def settings_line(c):
    s = c.d["settings"]
    n = {v: len(c.samples(v)) for v in c.variants}
    ctx = c.d["context"]
    return (f"`{c.name}.json`: {min(n.values())}–{max(n.values())} samples per variant, metric `{s['metric']}`, "
            f"≥{s['min_time_s']} s per case after ≥{s['warmup_s']} s warm-up (max {s.get('max_warmup_s', '?')} s), "
            f"seed {s['seed']}, {ctx['elapsed_s']:.0f} s, {ctx['date']}")


# ---------- findings ----------

def semi(out_dir):
    print("## 1. Semi-space: 1 MB vs V8's default vs 64 MB (`young_gen/ssr/nodes:2000`)\n")
    rows = []
    for eng in ["embedded", "node18", "node20", "node22", "node24", "node26", "deno", "workerd", "bun"]:
        name = f"semi_{eng}"
        c = load(out_dir, name)
        rc, log = rc_and_log(out_dir, name)
        if c is None or not c.d["samples"]:
            rows.append([eng, "—", "—", "—", "—", "—", "—", f"exit {rc}: {log}" if rc else "not run"])
            continue
        case = "young_gen/ssr/nodes:2000"
        m = c.counter
        for v in c.variants:
            ysize = c.info[v].get("young_generation_bytes") or 0
            rows.append([
                engine_label(c, v) if v == c.variants[0] else "",
                f"{v}" + (f" (young gen {ysize / 2**20:.0f} MiB)" if ysize else ""),
                fmt_ns(c.med(v, case, m)) + (" (wall)" if m == "wall_ns" else ""),
                fmt_ns(c.med(v, case, "wall_ns")),
                fmt_pct(c.share(v, case, "gc_ns", "wall_ns")),
                fmt_ns(c.med(v, case, "gc_ns")),
                c.change(case, v) if v != c.variants[0] else "baseline",
                c.failure(v, case) or "",
            ])
    print(table(["engine", "variant", "CPU/request (all threads)", "wall/request", "GC % of wall",
                 "GC pause/request", "change vs default (compare, paired)", "errors"], rows))
    print()
    for eng in ["embedded", "node18", "node20", "node22", "node24", "node26", "deno", "workerd"]:
        c = load(out_dir, f"semi_{eng}")
        if c and c.d["samples"]:
            print(f"- {settings_line(c)}")
    print()


def reviver(out_dir):
    c = load(out_dir, "reviver")
    if c is None:
        print("## 2. JSON.parse reviver: not run\n")
        return
    print("## 2. JSON.parse reviver: arrow vs function vs plain (`json_reviver/*/size:100000`)\n")
    print(settings_line(c) + "\n")
    tests, rows = [], []
    for shape in ["api", "flight"]:
        cases = {b: f"json_reviver/{b}/size:100000/shape:{shape}" for b in ["plain", "arrow_reviver", "function_reviver"]}
        for v in c.variants:
            m = c.best_metric(v)
            t1 = c.ratio_test(v, cases["plain"], cases["arrow_reviver"], m)
            t2 = c.ratio_test(v, cases["plain"], cases["function_reviver"], m)
            t3 = c.ratio_test(v, cases["arrow_reviver"], cases["function_reviver"], m)
            tests += [t1, t2, t3]
            err = "; ".join(filter(None, {c.failure(v, k) for k in cases.values()}))
            rows.append([shape, engine_label(c, v), c.med_best(v, cases["plain"]), c.med_best(v, cases["arrow_reviver"]),
                         c.med_best(v, cases["function_reviver"]), t1, t2, t3, err])
    apply_holm(tests)
    rows = [[x.cell() if isinstance(x, RatioTest) else x for x in r] for r in rows]
    print(table(["shape", "engine", "plain", "arrow reviver", "function reviver", "arrow / plain",
                 "function / plain", "function / arrow", "errors"], rows))
    print("\nMedians of all-thread CPU time per parse (wall where the engine has no CPU clock); ratios are per-sample (same worker) medians with 95% bootstrap "
          "interval and Holm-adjusted Wilcoxon p over the table's tests (✔: different from 1).\n")
    print("Between engines, compare's paired analysis against Node 24 (baseline), wall time:\n")
    rows = []
    for shape in ["api", "flight"]:
        for b in ["plain", "arrow_reviver", "function_reviver"]:
            case = f"json_reviver/{b}/size:100000/shape:{shape}"
            rows.append([case.split("/", 1)[1]] + [c.change(case, v) for v in ["node26", "deno", "node22", "node18"]])
    print(table(["case", "Node 26 vs 24", "Deno vs Node 24", "Node 22 vs 24", "Node 18 vs 24"], rows))
    print()
    print("Node 26 against Node 24 in all-thread CPU, paired by block (this script; Holm over the 6 cases):\n")
    tests, rows = [], []
    for shape in ["api", "flight"]:
        for b in ["plain", "arrow_reviver", "function_reviver"]:
            case = f"json_reviver/{b}/size:100000/shape:{shape}"
            t = c.paired_test(case, "node26", "node24", "process_cpu_ns")
            tests.append(t)
            rows.append([case.split("/", 1)[1], fmt_ns(c.med("node24", case, "process_cpu_ns")),
                         fmt_ns(c.med("node26", case, "process_cpu_ns")), t])
    apply_holm(tests)
    rows = [[x.cell() if isinstance(x, RatioTest) else x for x in r] for r in rows]
    print(table(["case", "Node 24 CPU", "Node 26 CPU", "Node 26 / Node 24"], rows))
    print()


def trig(out_dir):
    c = load(out_dir, "trig")
    if c is not None:
        print("## 3. Trig: path and ns per call (`trig/{sin,cos}/range:*`, 256 calls per iteration)\n")
        print(settings_line(c) + "\n")
        cases = [f"trig/{f}/range:{r}" for f in ["sin", "cos"] for r in ["small", "medium", "large"]]
        head = ["engine", "trig path"] + [k.split("/", 1)[1] for k in cases]
        rows = []
        for v in c.variants:
            row = [engine_label(c, v), c.info[v].get("trig_path", "?")]
            for k in cases:
                w, p = c.med(v, k, "wall_ns"), c.med(v, k, "process_cpu_ns")
                cell = f"{w / 256:.1f}" if w else "—"
                cell += f" ({p / 256:.1f})" if p else ""
                row.append(cell)
            rows.append(row)
        print(table(head, rows))
        print("\nns per call: wall (all-thread CPU in parentheses; workerd has no CPU clock), medians over samples.\n")
        print("Against the embedded V8 (baseline), compare's paired analysis, wall time:\n")
        rows = [[k.split("/", 1)[1]] + [c.change(k, v) for v in ["node26", "deno", "workerd", "bun"]] for k in cases]
        print(table(["case", "Node 26", "Deno", "workerd", "Bun"], rows))
        print()
        others = [v for v in c.variants[1:] if c.values(v, cases[0], "process_cpu_ns")]
        print("Against the embedded V8, all-thread CPU, paired by block (this script; Holm over the table):\n")
        tests, rows = [], []
        for k in cases:
            row = [k.split("/", 1)[1]]
            for v in others:
                t = c.paired_test(k, v, c.variants[0], "process_cpu_ns")
                tests.append(t)
                row.append(t)
            rows.append(row)
        apply_holm(tests)
        rows = [[x.cell() if isinstance(x, RatioTest) else x for x in r] for r in rows]
        print(table(["case"] + others, rows))
        print()
    for eng in ["deno", "workerd", "node26"]:
        c = load(out_dir, f"trig_knob_{eng}")
        rc, log = rc_and_log(out_dir, f"trig_knob_{eng}")
        if c is None or not any(smp.get("values") for smp in c.d["samples"]):
            if rc is not None:
                err = c.failure(c.variants[-1]) if c else ""
                print(f"### `--fast-trig` vs `--no-fast-trig` on {eng}: exit {rc}: {log}\n")
                if err:
                    print(f"Every worker failed: `{err}`\n")
            continue
        print(f"### `--fast-trig` vs `--no-fast-trig` on {engine_label(c, c.variants[0])}\n")
        print(settings_line(c) + "\n")
        for v in c.variants:
            err = "" if any(smp.get("values") for smp in c.samples(v)) else c.failure(v)
            print(f"- {c.header_line(v)}" + (f" — every worker failed: `{err}`" if err else ""))
        print()
        rows = []
        m = c.counter
        for k in [f"trig/{f}/range:{r}" for f in ["sin", "cos"] for r in ["small", "medium", "large"]]:
            rows.append([k.split("/", 1)[1]] + [f"{c.med(v, k, m) / 256:.2f}" if c.med(v, k, m) else "—"
                                                for v in c.variants] + [c.change(k, v) for v in c.variants[1:]])
        print(table(["case"] + [f"{v}: ns/call ({m.replace('_ns', '')})" for v in c.variants] +
                    [f"{v} vs {c.variants[0]} (compare, paired)" for v in c.variants[1:]], rows))
        print()


def buffer(out_dir):
    c = load(out_dir, "buffer")
    if c is None:
        print("## 4. Buffer.concat for a length: not run\n")
        return
    print("## 4. Buffer.concat only to learn a length vs summing lengths (`buffer_concat/*/chunks:256`)\n")
    print(settings_line(c) + "\n")
    tests, rows = [], []
    for chunk in [16, 1024]:
        a = f"buffer_concat/sum_lengths/chunk:{chunk}/chunks:256"
        b = f"buffer_concat/concat_for_length/chunk:{chunk}/chunks:256"
        for v in c.variants:
            t = c.ratio_test(v, a, b, c.best_metric(v))
            tests.append(t)
            err = "; ".join(filter(None, {c.failure(v, a), c.failure(v, b)}))
            rows.append([f"256 × {chunk} B", engine_label(c, v), c.med_best(v, b), c.med_best(v, a), t,
                         fmt_ns(c.med(v, b, "wall_ns")), err])
    apply_holm(tests)
    rows = [[x.cell() if isinstance(x, RatioTest) else x for x in r] for r in rows]
    print(table(["chunks", "engine", "Buffer.concat(list).length", "sum of lengths", "concat / sum",
                 "concat, wall", "errors"], rows))
    print("\nAll-thread CPU per call (wall where the engine has no CPU clock), medians; the ratio is per sample (same "
          "worker), with 95% bootstrap interval and Holm-adjusted Wilcoxon p over the table (✔: different from 1).")
    print()


STREAM_RATIOS = [
    # (label, A, B): B/A
    ("byte hwm 4096 / value hwm 1", "web_value_stream/chunk:{c}/n:1024/hwm:1", "web_byte_stream/chunk:{c}/n:1024/hwm:4096"),
    ("byob hwm 4096 / value hwm 1", "web_value_stream/chunk:{c}/n:1024/hwm:1",
     "web_byte_stream_byob/chunk:{c}/n:1024/hwm:4096"),
    ("value hwm 1024 / hwm 1", "web_value_stream/chunk:{c}/n:1024/hwm:1", "web_value_stream/chunk:{c}/n:1024/hwm:1024"),
    ("nested / ReadableStream.from", "readable_stream_from/chunk:{c}/n:1024",
     "nested_adapters/chunk:{c}/n:1024/node_hwm:16384"),
    ("nested / pull source", "web_pull_source/chunk:{c}/n:1024", "nested_adapters/chunk:{c}/n:1024/node_hwm:16384"),
    ("nested node_hwm 1 / 16384", "nested_adapters/chunk:{c}/n:1024/node_hwm:16384",
     "nested_adapters/chunk:{c}/n:1024/node_hwm:1"),
]


def streams(out_dir, name, chunk):
    c = load(out_dir, name)
    if c is None:
        print(f"## 5. Streams, {chunk}-byte chunks: not run\n")
        return
    print(f"### Streams, 1024 chunks of {chunk} B per transfer\n")
    print(settings_line(c) + "\n")
    keys = sorted({k for s in c.d["samples"] for k in s.get("values", {})} |
                  {f["case"] for s in c.d["samples"] for f in s.get("failures", []) if "case" in f})
    short = lambda k: k.split("/", 1)[1].replace("/corrupt:false", "").replace(f"/chunk:{chunk}/n:1024", "")
    rows = []
    for k in keys:
        row = [short(k)]
        for v in c.variants:
            w = c.med(v, k, c.best_metric(v))
            f = c.failure(v, k)
            row.append(c.med_best(v, k) if w else (f.split(":")[0] if f else "—"))
        rows.append(row)
    print(table(["case (all-thread CPU per transfer)"] + [engine_label(c, v) for v in c.variants], rows))
    print()
    tests, rows = [], []
    for label, a, b in STREAM_RATIOS:
        ka, kb = f"streams/{a.format(c=chunk)}/corrupt:false", f"streams/{b.format(c=chunk)}/corrupt:false"
        if ka not in keys or kb not in keys:
            continue
        row = [label]
        for v in c.variants:
            t = c.ratio_test(v, ka, kb, c.best_metric(v))
            tests.append(t)
            row.append(t)
        rows.append(row)
    apply_holm(tests)
    rows = [[x.cell() if isinstance(x, RatioTest) else x for x in r] for r in rows]
    print(table(["ratio (CPU; workerd wall; per sample)"] + [v for v in c.variants], rows))
    print()
    errs = {}
    for v in c.variants:
        for k in keys:
            f = c.failure(v, k)
            if f:
                errs.setdefault(f, []).append(f"{v} {short(k)}")
    for f, where in errs.items():
        print(f"- {', '.join(where)}: {f}")
    print()


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    semi(out_dir)
    reviver(out_dir)
    trig(out_dir)
    buffer(out_dir)
    print("## 5. Streams\n")
    streams(out_dir, "streams32", 32)
    streams(out_dir, "streams16k", 16384)


if __name__ == "__main__":
    main()
