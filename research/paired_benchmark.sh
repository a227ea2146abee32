#!/usr/bin/env bash
# What does `v8bench compare` detect in its default mode on this machine, and in how long? Measures,
# with the real binary and real processes, on research/paired_work.js (sin+cos and JSON work scaled by
# --param work; not the compare tests' fixture):
#   detect5  a controlled 5% slowdown (work=1 vs 1.05): per comparison the wall time, the paired
#            estimate, p(W), the verdict after Holm, and the unpaired verdict for reference
#   detect2  the same with a 2% slowdown (work=1.02)
#   aa       A/A (work=1 twice): false positives after Holm
# Each comparison runs in the default mode unless MODE_ARGS says otherwise (e.g. MODE_ARGS="--target-ci 2").
# This is a measurement, not a test: numbers depend on the machine and its load. Every comparison's
# JSON (all samples, blocks, seed) is kept in OUT_DIR, and each command is printed so it can be rerun.
#
# usage: research/paired_benchmark.sh [detect5|detect2|aa|all ...]
# env:   V8BENCH=build/v8bench  OUT_DIR=/tmp/v8bench-paired-bench  REPEATS=5  AA_REPEATS=20
#        MODE_ARGS=""  FILTER=trig (a regex over case names; "" for both cases)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# What the results record (suite and engine paths, the binary, --out) is relative to the checkout, so
# results travel; a path outside it stays absolute.
rel() { realpath -m --relative-base="$here" "$1"; }
bin=$(rel "${V8BENCH:-$here/build/v8bench}")
out=$(rel "${OUT_DIR:-/tmp/v8bench-paired-bench}")
cd "$here"
repeats=${REPEATS:-5}
aa_repeats=${AA_REPEATS:-20}
filter=${FILTER-trig}
read -r -a mode <<<"${MODE_ARGS:-}"
mkdir -p "$out"
[ -x "$bin" ] || { echo "paired_benchmark: no v8bench at $bin (set V8BENCH)" >&2; exit 2; }
sections=("$@")
[ ${#sections[@]} -eq 0 ] && sections=(all)
want() { for s in "${sections[@]}"; do [ "$s" = all ] || [ "$s" = "$1" ] && return 0; done; return 1; }

# One comparison of work=1 against work=$2, JSON to $1 (exit code 1 from the gate is expected).
compare() {
  local file=$1 work=$2
  local args=(compare research/paired_work.js --filter "$filter" --variant base='--param work=1'
    --variant new="--param work=$work" --threshold 1 "${mode[@]}" --format json --quiet)
  printf '+ %s' "$bin" >&2; printf ' %q' "${args[@]}" >&2; printf ' > %s\n' "$file" >&2
  "$bin" "${args[@]}" >"$file" || [ $? -eq 1 ]
}

# One line per comparison and case: wall time, samples, paired estimate [CI], p(W), split share,
# verdict after Holm, and the unpaired verdict after Holm.
summarise() {
  python3 - "$@" <<'PY'
import json, sys
for path in sys.argv[1:]:
    d = json.load(open(path))
    a = d["analysis"]
    for c in a["cases"]:
        for v in c["variants"][1:]:
            j = v.get("judged", {})
            p = v.get("paired") or {}
            print(f"{path.split('/')[-1]}: {d['context']['elapsed_s']:.1f} s, {len(d['samples'])} samples, {c['case']}: "
                  f"x{j.get('ratio', float('nan')):.4f} [{j.get('ci_low', float('nan')):.4f}, "
                  f"{j.get('ci_high', float('nan')):.4f}] p={j.get('p', float('nan')):.2g} "
                  f"{'paired' if j.get('paired') else 'UNPAIRED'}"
                  f"{' stratified' if p.get('stratified') else ''} split={p.get('split_share', 0):.2f} "
                  f"holm={v['verdict_holm']} unpaired_holm={v.get('unpaired_verdict_holm')}")
PY
}

run_series() {
  local name=$1 work=$2 n=$3 files=()
  for i in $(seq 1 "$n"); do
    compare "$out/$name-$i.json" "$work"
    files+=("$out/$name-$i.json")
  done
  summarise "${files[@]}" | tee "$out/$name.txt"
}

want detect5 && run_series detect5 1.05 "$repeats"
want detect2 && run_series detect2 1.02 "$repeats"
want aa && run_series aa 1 "$aa_repeats"
exit 0
