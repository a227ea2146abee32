#!/usr/bin/env python3
"""Turns `v8bench run --out X.json` files of the mission suites into the Markdown tables that
results/README.md and the project README show. Reads only the median aggregates v8bench writes.

usage: research/summarize_results.py RESULTS_DIR > RESULTS_DIR/tables.md
RESULTS_DIR holds json_reviver.json, trig.json, buffer_concat.json, streams.json and
young_gen-<semi>.json (semi = 1, 2, 16, 64, default), as research/measure_suites.sh writes them.
"""
import json
import os
import sys


def medians(path):
    """name -> median aggregate entry, plus the context."""
    with open(path) as f:
        doc = json.load(f)
    out = {}
    for b in doc["benchmarks"]:
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") == "median":
            out[b["run_name"]] = b
        elif b.get("error_occurred"):
            out[b["run_name"]] = b
    return doc["context"], out


def ns(v):
    if v is None:
        return "–"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if abs(v) >= scale:
            return f"{v / scale:.3g} {unit}"
    return f"{v:.3g} ns"


def size(v):
    if v is None:
        return "–"
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if abs(v) >= scale:
            return f"{v / scale:.3g} {unit}"
    return f"{v:.3g} B"


def context_line(ctx):
    return (f"V8 {ctx['v8_version']} (Node {ctx['node_version']}), host `{ctx['host_name']}` "
            f"({ctx['num_cpus']} CPUs), {ctx['date']}, {ctx['repetitions']} repetitions × ≥{ctx['min_time_s']} s, "
            f"flags `{ctx['v8_flags'] or '(none)'}`")


def json_reviver(d):
    ctx, m = medians(os.path.join(d, "json_reviver.json"))
    print("### json_reviver: reviver overhead (time / `plain` at the same size and shape)\n")
    print(context_line(ctx) + "\n")
    print("| size | shape | plain | plain GB/s | simdjson floor | arrow | function | realistic | parse_then_walk | reviver calls |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for size_ in ("1000", "100000", "1000000"):
        for shape in ("api", "flight"):
            key = lambda b: f"json_reviver/{b}/size:{size_}/shape:{shape}"
            plain = m.get(key("plain"))
            if not plain or "real_time" not in plain:
                continue
            base = plain["real_time"]
            cells = []
            for b in ("arrow_reviver", "function_reviver", "realistic_reviver", "parse_then_walk"):
                e = m.get(key(b))
                cells.append(f"{e['real_time'] / base:.2f}×" if e and "real_time" in e else "–")
            calls = m.get(key("arrow_reviver"), {}).get("reviver_calls")
            gbs = plain.get("parsed_bytes", 0) / base if base else 0
            floor = plain.get("native_ns")
            calls_cell = f"{calls:.0f}" if calls else "–"
            floor_cell = f"{ns(floor)} (JS {plain.get('js_over_native', 0):.2g}×)" if floor else "–"
            print(f"| {size_} | {shape} | {ns(base)} | {gbs:.3g} | {floor_cell} | " + " | ".join(cells) + f" | {calls_cell} |")
    print()


def trig(d):
    ctx, m = medians(os.path.join(d, "trig.json"))
    print("### trig: ns per call, JS vs the host libm\n")
    print(context_line(ctx) + f" · trig path **{ctx['trig_path']}**\n")
    print("| range | sin | libm sin | cos | libm cos | sin+cos pair | libm pair | sin polymorphic |")
    print("|---|---|---|---|---|---|---|---|")
    for r in ("small", "medium", "large", "special"):
        row = [r]
        for b in ("sin", "cos", "sincos", "sin_polymorphic"):
            e = m.get(f"trig/{b}/range:{r}")
            if not e or "real_time" not in e:
                row.append("–")
                if b != "sin_polymorphic":
                    row.append("–")
                continue
            per = 256.0  # inputs per iteration; a pair is one sin and one cos
            row.append(f"{e['real_time'] / per:.1f}")
            if b != "sin_polymorphic":
                row.append(f"{e['native_ns'] / per:.1f}" if "native_ns" in e else "–")
        print("| " + " | ".join(row) + " |")
    print()


def buffer_concat(d):
    ctx, m = medians(os.path.join(d, "buffer_concat.json"))
    print("### buffer_concat: GB/s of bytes copied, vs memcpy of the same bytes\n")
    print(context_line(ctx) + "\n")
    print("| chunk | chunks | concat | concat + totalLength | allocUnsafe + copy | memcpy floor | concat for .length | sum of lengths |")
    print("|---|---|---|---|---|---|---|---|")
    for chunk in ("16", "1024", "65536"):
        for chunks in ("1", "16", "256"):
            key = lambda b: f"buffer_concat/{b}/chunk:{chunk}/chunks:{chunks}"
            c = m.get(key("concat"))
            if not c or "real_time" not in c:
                continue
            def gbs(e):
                return f"{e['copied_bytes'] / e['real_time']:.3g}" if e and "real_time" in e and e.get("copied_bytes") else "–"
            floor = f"{c['copied_bytes'] / c['native_ns']:.3g}" if c.get("native_ns") else "–"
            fl = m.get(key("concat_for_length"))
            sl = m.get(key("sum_lengths"))
            print(f"| {chunk} | {chunks} | {gbs(c)} | {gbs(m.get(key('concat_total_length')))} | "
                  f"{gbs(m.get(key('alloc_unsafe_copy')))} | {floor} | {ns(fl and fl.get('real_time'))} | "
                  f"{ns(sl and sl.get('real_time'))} |")
    print()


def streams(d):
    ctx, m = medians(os.path.join(d, "streams.json"))
    print("### streams: per chunk moved (transfers of n chunks), CPU, allocation, GC\n")
    print(context_line(ctx) + "\n")
    print("| bench | chunk | hwm | node_hwm | reads | CPU / chunk | wall / chunk | alloc / chunk | GC / chunk |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, e in sorted(m.items()):
        if not name.startswith("streams/") or "/corrupt:false" not in name:
            continue
        parts = dict(p.split(":", 1) for p in name.split("/")[2:] if ":" in p)
        bench = name.split("/")[1]
        if e.get("error_occurred"):
            print(f"| {bench} | {parts.get('chunk', '')} | {parts.get('hwm', '')} | {parts.get('node_hwm', '')} | "
                  f"{e.get('status')} | | | | |")
            continue
        n = float(parts.get("n", "1"))
        print(f"| {bench} | {parts.get('chunk', '')} | {parts.get('hwm', '')} | {parts.get('node_hwm', '')} | "
              f"{e.get('reads', 0):.0f} | {ns(e['cpu_ns'] / n)} | {ns(e['real_time'] / n)} | "
              f"{size(e['alloc_bytes'] / n)} | {ns(e['gc_ns'] / n)} |")
    print()


def young_gen(d):
    print("### young_gen: CPU and GC per request for each semi-space size\n")
    rows = []
    ctx = None
    for semi in ("1", "2", "16", "64", "default"):
        path = os.path.join(d, f"young_gen-{semi}.json")
        if not os.path.exists(path):
            continue
        ctx, m = medians(path)
        for name, e in sorted(m.items()):
            if "real_time" in e:
                rows.append((name, semi, e, ctx))
    if ctx:
        print(context_line(ctx) + " (flags differ per row)\n")
    print("| case | semi-space | new space committed (V8; 2 semi-spaces) | CPU | GC | GC % | GCs / 1k | alloc |")
    print("|---|---|---|---|---|---|---|---|")
    for name, semi, e, c in sorted(rows, key=lambda r: (r[0], r[1] != "default", float(r[1]) if r[1] != "default" else 0)):
        semi_cell = "not pinned (--young-gen default)" if semi == "default" else f"{semi} MB"
        print(f"| {name} | {semi_cell} | {size(e.get('young_generation_bytes'))} | {ns(e['cpu_ns'])} | {ns(e['gc_ns'])} | "
              f"{100 * e['gc_ns'] / e['cpu_ns']:.1f}% | {1000 * e['gc_count']:.3g} | {size(e['alloc_bytes'])} |")
    print()


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.stderr.write(__doc__)
        return 2
    d = sys.argv[1]
    for section in (json_reviver, trig, buffer_concat, streams, young_gen):
        try:
            section(d)
        except FileNotFoundError as e:
            print(f"(missing: {e.filename})\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
