#!/usr/bin/env python3
"""Tables of research/compare_js_folders.sh's outputs: per case compare.js + compare.R beside v8bench,
per folder and pair the wall times, and the single case's times to a verdict.

    research/compare_js_folders_table.py OUT_DIR

compare.js's change is the rate's (operations per second: + is faster), v8bench's the change of CPU time
per operation (its default metric: - is faster). "found" is compare.R's p < 0.01 (** or ***) for
compare.js and a Holm-adjusted verdict (faster/slower) for v8bench; a case is "called differently" when
one tool finds a change (compare.js at p < 0.05) and the other does not, or they disagree on its sign.
"""
import json
import re
import sys
from pathlib import Path

R_ROW = re.compile(r"^\s*(\S+\.js)\s+(.*?)\s+(-?[\d.]+|NaN) %\s*(\**)\s+(\S+)\s*$")


def config_key(file_stem, pairs):
    return (file_stem, frozenset(tuple(p) for p in pairs))


def compare_r_rows(path):
    """compare.R's printed table: {key: (improvement %, stars, p)}."""
    rows = {}
    for line in path.read_text().splitlines()[1:]:
        m = R_ROW.match(line)
        if not m:
            continue
        file_path, conf, change, stars, p = m.groups()
        pairs = [kv.split("=", 1) for kv in conf.split()]
        key = config_key(Path(file_path).stem, ((k, v.strip("'\"")) for k, v in pairs))
        rows[key] = (float(change), stars, float(p))
    return rows


def v8bench_cases(path):
    """v8bench's JSON: {key: dict} per case, and the context (elapsed, complete)."""
    doc = json.loads(path.read_text())
    if not doc.get("analysis"):  # still running: the samples so far, no analysis yet
        return {}, doc["context"]
    order = sorted(doc["samples"], key=lambda s: s["order"])
    cases = {}
    for c in doc["analysis"]["cases"]:
        name = c["case"]
        stem, _, *params = name.split("/")
        key = config_key(stem, (p.split(":", 1) for p in params))
        new = c["variants"][1]
        judged = new.get("judged") or {}
        # When the case was last sampled: the sum of the samples' wall times up to there.
        elapsed, last = 0.0, 0.0
        blocks = set()
        for s in order:
            elapsed += s["wall_s"]
            if name in s.get("values", {}):
                last = elapsed
                blocks.add(s["block"])
        cases[key] = {
            "case": name,
            # A comparison left out for mixed code states is "insufficient" in the JSON's verdict field.
            "verdict": "mixed code" if new.get("code_mixed") else new.get("verdict_holm", "?"),
            "p": new.get("p_holm"),
            "ratio": judged.get("ratio"),
            "ci": (judged.get("ci_low"), judged.get("ci_high")),
            "blocks": len(blocks),
            "last_s": last,
        }
    return cases, doc["context"]


def seconds(path):
    # /usr/bin/time -f %e writes one line of seconds per command (and a line of text when it failed).
    vals = [float(x) for x in path.read_text().splitlines() if re.fullmatch(r"[\d.]+", x.strip())]
    return sum(vals)


def pct(x):
    return "—" if not x else f"{(x - 1) * 100:+.1f}%"


def fmt_p(p):
    return "—" if p is None else (f"{p:.2g}" if p >= 0.001 else f"{p:.1e}")


def found_cjs(stars):
    return len(stars) >= 2


def found_v8(verdict):
    return verdict in ("faster", "slower")


def differ(row, case):
    change, stars, _ = row
    if not case:
        return True
    if bool(stars) != found_v8(case["verdict"]):
        return True
    if stars and found_v8(case["verdict"]):
        return (change > 0) != (case["verdict"] == "faster")
    return False


def folder_tables(out):
    print("| folder | pair | case | compare.js: rate change, stars, p | v8bench: CPU/op change [95% CI], "
          "Holm verdict, p, blocks, last sampled at | called differently |")
    print("|---|---|---|---|---|---|")
    summary = []
    for rfile in sorted(out.glob("*.R.txt")):
        name = rfile.name[: -len(".R.txt")]
        if name.startswith("single."):
            continue
        folder, pair = name.split(".")
        rows = compare_r_rows(rfile)
        jpath = out / f"{name}.json"
        cases, ctx = v8bench_cases(jpath) if jpath.exists() else ({}, {})
        stats = {"cjs_found": 0, "v8_found": 0, "missed": 0, "differ": 0, "cases": len(rows),
                 "v8_any_verdict": 0}
        for key in sorted(rows, key=lambda k: (k[0], sorted(k[1]))):
            row, case = rows[key], cases.get(key)
            d = differ(row, case)
            stats["cjs_found"] += found_cjs(row[1])
            stats["v8_found"] += bool(case) and found_v8(case["verdict"])
            stats["missed"] += found_cjs(row[1]) and not (case and found_v8(case["verdict"]))
            stats["differ"] += d
            v8 = "—"
            if case:
                lo, hi = case["ci"]
                ci = f" [{pct(lo)}, {pct(hi)}]" if lo else ""
                judged = case["verdict"] in ("faster", "slower", "no change")
                v8 = (f"{pct(case['ratio'])}{ci}, **{case['verdict']}**, p={fmt_p(case['p']) if judged else '—'}, "
                      f"{case['blocks']} blocks, {case['last_s']:.0f} s")
            label = case["case"] if case else f"{key[0]} " + " ".join(f"{k}={v}" for k, v in sorted(key[1]))
            print(f"| {folder} | {pair} | {label} | {row[0]:+.1f}% {row[1] or '(none)'} p={fmt_p(row[2])} "
                  f"| {v8} | {'**yes**' if d else 'no'} |")
        summary.append((folder, pair, seconds(out / f"{name}.cjs.time"),
                        seconds(out / f"{name}.time") if (out / f"{name}.time").exists() else None,
                        ctx, stats))
    print()
    print("| folder | pair | cases | compare.js found (p<0.01) | v8bench found (Holm) | compare.js's finds "
          "v8bench missed | called differently | compare.js wall | v8bench wall | v8bench / compare.js | "
          "v8bench ended |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for folder, pair, cjs, v8, ctx, st in summary:
        ended = "complete" if ctx.get("complete") else ("stopped at the cap (SIGINT)" if ctx.get("interrupted")
                                                       else "?")
        ratio = f"{v8 / cjs:.2f}" if v8 and cjs else "—"
        print(f"| {folder} | {pair} | {st['cases']} | {st['cjs_found']} | {st['v8_found']} | {st['missed']} | "
              f"{st['differ']} | {cjs:.0f} s | {v8:.0f} s | {ratio} | {ended} |")


def single_table(out):
    if not (out / "single.ab.R.txt").exists():
        return
    print()
    print("| pair | compare.js 30+30 runs: wall, rate change, stars, p | v8bench run | verdict (Holm; at the "
          "cap: the report of the blocks so far), change, p, blocks | wall | ended within compare.js's time | "
          "ended |")
    print("|---|---|---|---|---|---|---|")
    for pair in ("ab", "aa"):
        rfile = out / f"single.{pair}.R.txt"
        if not rfile.exists():
            continue
        (row,) = compare_r_rows(rfile).values()
        cjs = seconds(out / f"single.{pair}.cjs.time")
        for j in sorted(out.glob(f"single.{pair}.v*.json")):
            cases, ctx = v8bench_cases(j)
            (case,) = cases.values()
            wall = seconds(j.with_suffix(".time"))
            ended = "complete" if ctx.get("complete") else "stopped at the cap (SIGINT)"
            print(f"| {pair} | {cjs:.0f} s, {row[0]:+.1f}% {row[1] or '(none)'} p={fmt_p(row[2])} | "
                  f"{j.stem.split('.')[-1]} | **{case['verdict']}**, {pct(case['ratio'])} "
                  f"[{pct(case['ci'][0])}, {pct(case['ci'][1])}], p={fmt_p(case['p'])}, "
                  f"{case['blocks']} blocks | {wall:.0f} s | {'yes' if ctx.get('complete') and wall <= cjs else 'no'} | "
                  f"{ended} |")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: research/compare_js_folders_table.py OUT_DIR")
    out = Path(sys.argv[1])
    folder_tables(out)
    single_table(out)


if __name__ == "__main__":
    main()
