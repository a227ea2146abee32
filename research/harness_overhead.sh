#!/usr/bin/env bash
# Measures what the harness itself costs (issue: "measure the work, not the harness"):
#   - an empty bench (must be under 1 ns per iteration);
#   - Math.sin through the harness (one call per iteration) versus the same calls in a plain
#     hand-written loop inside one iteration (10,000 calls): the per-call figures should agree
#     within ~10%;
#   - allocation per iteration of both (the result sink must not allocate).
# Repeats the pair ROUNDS times (alternating order) and prints medians.
#   research/harness_overhead.sh [ROUNDS]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# What the results record (suite and engine paths, the binary, --out) is relative to the checkout, so
# results travel; a path outside it stays absolute.
rel() { realpath -m --relative-base="$here" "$1"; }
bin=$(rel "${V8BENCH:-$here/build/v8bench}")
cd "$here"
rounds=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for i in $(seq "$rounds"); do
  "$bin" run suites/example.js --filter 'example/(empty|sin|sin_plain_loop)$' --repetitions 5 \
    --min-time 0.2 --no-native --format json --out "$tmp/r$i.json" >/dev/null
done
python3 - "$tmp" "$rounds" <<'PY'
import json, statistics, sys, os
d, rounds = sys.argv[1], int(sys.argv[2])
vals = {}
for i in range(1, rounds + 1):
    doc = json.load(open(os.path.join(d, f"r{i}.json")))
    for b in doc["benchmarks"]:
        if b.get("aggregate_name") == "median":
            vals.setdefault(b["run_name"], []).append(b)
def med(name, key):
    return statistics.median(b[key] for b in vals[name])
empty = med("example/empty", "real_time")
sin = med("example/sin", "real_time")
plain = med("example/sin_plain_loop", "real_time") / 10000
print(f"rounds: {rounds} (each 5 repetitions x >=0.2 s), V8 {doc['context']['v8_version']}, host {doc['context']['host_name']}")
print(f"empty bench:              {empty:.3f} ns/iter, alloc {med('example/empty', 'alloc_bytes'):.3f} B/iter")
print(f"Math.sin via harness:     {sin:.2f} ns/call, alloc {med('example/sin', 'alloc_bytes'):.3f} B/iter")
print(f"Math.sin plain loop:      {plain:.2f} ns/call, alloc {med('example/sin_plain_loop', 'alloc_bytes') / 10000:.5f} B/call")
print(f"harness / plain:          {sin / plain:.3f}")
PY
