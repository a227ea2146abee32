#!/usr/bin/env python3
"""Turn-level samples of the worker that `compare --alternate` starts per block
(results/2026-12-03-copies-verdicts/).

  collect V8BENCH OUT.json BLOCKS WORKS [TURNS [MIN_TIME [EXTRA...]]]
      Runs BLOCKS workers `run tests/fixtures/trig_loop.js --param work=WORKS --alternate work --turns TURNS
      --alternate-offset b` (b = 0, 1, ...; the block's timing options as compare gives them, --min-time
      MIN_TIME, default 0.05) and saves every case's per-turn CPU and wall times per block. WORKS is the
      comma-separated list of values; EXTRA goes to every worker (e.g. --copies 2, or -- V8 flags).
  table BASE_WORK OUT.json...
      Per file: seconds per block, and for the log ratio per block of each other value of `work` against
      BASE_WORK (the median of each side's turns): its standard deviation over blocks, the estimate (median
      over blocks) and the signed-rank z (normal approximation). Values that round to one at 2 decimals are
      pooled as copies of one variant (WORKS 1,1.0001,1.05,1.0501 is two copies of 1 and of 1.05); with
      --copies K in EXTRA the worker pools a case's K copies itself, as compare sees them.
Run from the repository root; not run by ctest.
"""
import json
import math
import statistics
import subprocess
import sys
import time


def collect(argv):
    v8bench, out, blocks, works = argv[0], argv[1], int(argv[2]), argv[3]
    turns = argv[4] if len(argv) > 4 else "10"
    min_time = argv[5] if len(argv) > 5 else "0.05"
    extra = argv[6:]
    results = []
    start = time.time()
    for b in range(blocks):
        cmd = [v8bench, "run", "tests/fixtures/trig_loop.js", "--format", "jsonl", "--no-native",
               "--repetitions", "1", "--min-time", min_time, "--warmup", "0.02", "--max-warmup", "10",
               "--timeout", "60", "--param", f"work={works}", "--alternate", "work", "--turns", turns,
               "--alternate-offset", str(b)] + extra
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        block = {}
        for line in done.stdout.splitlines():
            record = json.loads(line)
            if record.get("type") == "case":
                samples = record["samples"]
                block[record["params"]["work"]] = {
                    "cpu": [s["counters"]["cpu_ns"] for s in samples],
                    "wall": [s["counters"]["wall_ns"] for s in samples],
                    "iterations": [s["iterations"] for s in samples],
                    "warmup_s": record["warmup_s"],
                }
        results.append(block)
        print(f"\rblock {b + 1}/{blocks}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"works": works, "turns": turns, "min_time": min_time, "extra": extra,
                   "wall_s": time.time() - start, "blocks": results}, f)


def signed_rank_z(xs):
    xs = [x for x in xs if x != 0]
    n = len(xs)
    order = sorted(range(n), key=lambda i: abs(xs[i]))
    ranks = [0] * n
    for rank, i in enumerate(order):
        ranks[i] = rank + 1
    w = sum(ranks[i] for i in range(n) if xs[i] > 0)
    return (w - n * (n + 1) / 4) / math.sqrt(n * (n + 1) * (2 * n + 1) / 24)


def table(argv):
    base = round(float(argv[0]), 2)
    print("file\ts/block\twork\tsd\testimate\tz")
    for path in argv[1:]:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)

        def pooled(block, group):  # the turns of every case whose work rounds to `group`: its copies
            return [x for w, case in block.items() if round(float(w), 2) == group for x in case["cpu"]]

        blocks = [b for b in data["blocks"] if pooled(b, base)]
        for group in sorted({round(float(w), 2) for b in blocks for w in b} - {base}):
            ratios = [math.log(statistics.median(pooled(b, group)) / statistics.median(pooled(b, base)))
                      for b in blocks if pooled(b, group)]
            print(f"{path.split('/')[-1]}\t{data['wall_s'] / len(data['blocks']):.2f}\t{group}\t"
                  f"{statistics.stdev(ratios):.3f}\t{math.exp(statistics.median(ratios)):.3f}\t"
                  f"{signed_rank_z(ratios):.1f}")


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("collect", "table"):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    (collect if sys.argv[1] == "collect" else table)(sys.argv[2:])


if __name__ == "__main__":
    main()
