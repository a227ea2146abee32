#!/usr/bin/env bash
# A/A and power checks of v8bench's verdicts (docs/verdicts.md), as results/2026-12-02-verdicts/ reports them.
#   diff:    N pairs of `run` files of one binary (a few trig and json_reviver cases, --quick --repetitions 5), each pair
#            diffed by V8BENCH and, when given, by BASELINE (an earlier build) on the very same files;
#   compare: N A/A `compare`s of one binary as two variants (three of those cases, the default 20 samples,
#            --quick's timing);
#   power:   `compare` of base against --no-opt over four trig/sin cases with --runs 6, then --runs 8.
# Prints one TSV line per comparison: experiment, index, tool, comparisons, faster/slower before Holm,
# after Holm, too-few-samples, not-judged, exit code. Not run by ctest.
# Usage: research/verdicts_aa.sh V8BENCH OUT_DIR N [BASELINE]
# Environment: PARTS (default "diff compare power") selects the experiments; TIMED, when set, is put before
# every command whose result is a time (e.g. a wrapper that waits for a free measuring slot).
# POWER_RUNS (default "6 8") the --runs of the power check.
set -uo pipefail
v8bench=$1
out=$2
n=${3:-20}
baseline=${4:-}
parts=${PARTS:-diff compare power}
timed=${TIMED:-}
power_runs=${POWER_RUNS:-6 8}
mkdir -p "$out"
filter='trig/(sin|cos)/range:(small|special)|json_reviver/(plain|arrow_reviver)/size:1000/shape:api'
cmp_filter='trig/(sin|cos)/range:special|json_reviver/plain/size:1000/shape:api'
count() {  # count EXPERIMENT INDEX TOOL JSON EXIT
  python3 - "$@" <<'PY'
import json, sys
exp, i, tool, path, code = sys.argv[1:6]
a = json.load(open(path))["analysis"]
raw = holm = few = nj = cmp = 0
for c in a["cases"]:
    for v in c["variants"][1:]:
        cmp += 1
        r = v.get("judged", {}).get("verdict", "")
        h = v.get("verdict_holm", "")
        raw += r in ("faster", "slower")
        holm += h in ("faster", "slower")
        few += h.startswith("too few")
        nj += h == "not judged"
print("\t".join(map(str, [exp, i, tool, cmp, raw, holm, few, nj, code])))
PY
}
has() { [[ " $parts " == *" $1 "* ]]; }
for ((i = 1; i <= n; ++i)); do
  has diff || break
  for side in a b; do
    $timed "$v8bench" run suites/trig.js suites/json_reviver.js --quick --repetitions 5 --filter "$filter" --format json \
      --out "$out/run$i$side.json" >/dev/null 2>>"$out/log.txt"
  done
  for tool in new ${baseline:+old}; do
    bin=$v8bench
    [ "$tool" = old ] && bin=$baseline
    "$bin" diff "$out/run${i}a.json" "$out/run${i}b.json" --format json >"$out/diff$i$tool.json" 2>>"$out/log.txt"
    count diff "$i" "$tool" "$out/diff$i$tool.json" $?
  done
done
for ((i = 1; i <= n; ++i)); do
  has compare || break
  $timed "$v8bench" compare suites/trig.js suites/json_reviver.js --filter "$cmp_filter" --variant a= --variant b= \
    --quick --runs 20 --quiet --out "$out/cmp$i.json" >"$out/cmp$i.txt" 2>>"$out/log.txt"
  count compare "$i" new "$out/cmp$i.json" $?
done
for runs in $power_runs; do
  has power || break
  $timed "$v8bench" compare suites/trig.js --filter 'trig/sin/' --variant base= --variant noopt=--no-opt --runs "$runs" \
    --quick --quiet --out "$out/power$runs.json" >"$out/power$runs.txt" 2>>"$out/log.txt"
  count power "$runs" new "$out/power$runs.json" $?
done
