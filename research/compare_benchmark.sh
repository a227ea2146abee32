#!/usr/bin/env bash
# How good is `v8bench compare` on this machine? Measures, with the real binary and real processes:
#   detect5   a controlled 5% slowdown (research/compare_work.js, --param work=1 vs 1.05): wall time, p, sign
#   aa        A/A false positives: the same variant twice over the trig and json_reviver suites
#   semi      --semi-space 1 vs the default on an allocation-heavy suite (young_gen): CPU and GC ratios
#   jit       --no-opt and --jitless vs the default on a hot loop
#   adaptive  --target-ci 2: how many runs until the 5% change's CI is within ±2%
# This is a measurement, not a test: numbers depend on the machine and its load. Every comparison's
# JSON (all samples, seed) is kept in OUT_DIR, and each command is printed so it can be rerun.
#
# usage: research/compare_benchmark.sh [detect5|aa|semi|jit|adaptive|all ...]
# env:   V8BENCH=build/v8bench  OUT_DIR=/tmp/v8bench-compare-bench  DETECT_REPEATS=10  AA_REPEATS=20
#        AA_RUNS=10 (samples per variant in each A/A comparison)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# What the results record (suite and engine paths, the binary, --out) is relative to the checkout, so
# results travel; a path outside it stays absolute.
rel() { realpath -m --relative-base="$here" "$1"; }
bin=$(rel "${V8BENCH:-$here/build/v8bench}")
out=$(rel "${OUT_DIR:-/tmp/v8bench-compare-bench}")
cd "$here"
mkdir -p "$out"
[ -x "$bin" ] || { echo "compare_benchmark: no v8bench at $bin (set V8BENCH)" >&2; exit 2; }
sections=("$@")
[ ${#sections[@]} -eq 0 ] && sections=(all)

want() { for s in "${sections[@]}"; do [ "$s" = all ] || [ "$s" = "$1" ] && return 0; done; return 1; }

# Runs one comparison (JSON to $1), echoes the command; the exit code is kept in $out/last_rc.
compare() {
  local file=$1; shift
  printf '+ %s compare' "$bin" >&2
  printf ' %q' "$@" --format json --quiet >&2
  printf ' > %s\n' "$file" >&2
  local rc=0
  "$bin" compare "$@" --format json --quiet >"$file" || rc=$?
  echo "$rc" >"$out/last_rc"
}

# Prints one line per comparison: elapsed, runs, and per case the ratio, p, verdict, holm verdict.
summarise() {
  python3 - "$@" <<'PY'
import json, sys
def x(r):
    return "n/a" if r is None else f"{r:.4f}"
def unpaired(m):
    # The unpaired figures: "unpaired" since compare file version 2, "versus_baseline" before.
    return m.get("unpaired") if "unpaired" in m else m.get("versus_baseline")
for path in sys.argv[1:]:
    d = json.load(open(path))
    a = d["analysis"]
    counts = {}
    for s in d["samples"]:
        counts[s["variant"]] = counts.get(s["variant"], 0) + 1
    print(f"{path}: {d['context']['elapsed_s']:.1f} s, samples {counts}, seed {d['settings']['seed']}, "
          f"{a['comparisons']} comparisons, {a['significant']} significant, {a['significant_holm']} after Holm")
    for c in a["cases"]:
        for v in c["variants"][1:]:
            m = v["metrics"].get(a["counter"])
            vb = unpaired(m) if m else None
            if not vb:
                continue
            extra = ""
            for k in ("wall_ns", "process_cpu_ns", "gc_ns", "alloc_bytes"):
                if k in v["metrics"] and unpaired(v["metrics"][k]):
                    extra += f" {k} x{x(unpaired(v['metrics'][k])['ratio'])}"
            base_gc = c["variants"][0].get("gc_share")
            gc = v.get("gc_share")
            if base_gc is not None and gc is not None:
                extra += f" GC share {base_gc*100:.1f}% -> {gc*100:.1f}%"
            print(f"  {c['case']} ({v['variant']}): x{x(vb['ratio'])} [{x(vb['ci_low'])}, {x(vb['ci_high'])}] "
                  f"p(MW)={vb['mann_whitney_p']:.2g} p(t)={vb['welch_p']:.2g} {vb['verdict']} / holm "
                  f"{v['verdict_holm']}{' MULTIMODAL' if m['multimodal'] else ''}{extra}")
PY
}

if want detect5; then
  echo "== detect5: a 5% slowdown, ${DETECT_REPEATS:-10} repeats of 20 samples per variant =="
  files=()
  for i in $(seq "${DETECT_REPEATS:-10}"); do
    f="$out/detect5_$i.json"
    compare "$f" research/compare_work.js --variant base='--param work=1' --variant slow='--param work=1.05' \
      --runs 20 --min-time 0.05 --warmup 0.02
    files+=("$f")
  done
  summarise "${files[@]}"
  python3 - "${files[@]}" <<'PY'
import json, sys
ok, walls, ps = 0, [], []
for path in sys.argv[1:]:
    d = json.load(open(path))
    m = d["analysis"]["cases"][0]["variants"][1]["metrics"]["cpu_ns"]
    v = m["unpaired"] if "unpaired" in m else m["versus_baseline"]  # compare file version 2, and 1
    walls.append(d["context"]["elapsed_s"]); ps.append(v["mann_whitney_p"])
    ok += v["mann_whitney_p"] < 0.01 and v["ratio"] > 1 and d["context"]["elapsed_s"] <= 15
n = len(walls)
print(f"detect5: {ok}/{n} repeats found the 5% slowdown with p < 0.01, right sign, within 15 s; "
      f"wall {min(walls):.1f}..{max(walls):.1f} s (median {sorted(walls)[n//2]:.1f}); p max {max(ps):.2g}, median {sorted(ps)[n//2]:.2g}")
PY
fi

if want aa; then
  echo "== aa: A/A over trig and json_reviver (sizes 1000), ${AA_REPEATS:-20} repeats =="
  files=()
  start=$(date +%s)
  for i in $(seq "${AA_REPEATS:-20}"); do
    f="$out/aa_$i.json"
    compare "$f" suites/trig.js suites/json_reviver.js --filter 'trig/|size:1000/' \
      --variant a= --variant b= --runs "${AA_RUNS:-10}" --min-time 0.02 --warmup 0.01 --threshold 5
    echo "  exit code $(cat "$out/last_rc") (0: the 5% gate passed)"
    files+=("$f")
  done
  end=$(date +%s)
  python3 - "$((end - start))" "${files[@]}" <<'PY'
import json, sys
total = int(sys.argv[1]); paths = sys.argv[2:]
runs_raw = runs_holm = cases = raw = holm = gate = 0
multimodal = 0
for path in paths:
    a = json.load(open(path))["analysis"]
    cases += a["comparisons"]; raw += a["significant"]; holm += a["significant_holm"]
    runs_raw += a["significant"] > 0; runs_holm += a["significant_holm"] > 0
    gate += len(a["gate"]["tripped"]) > 0
    multimodal += len(a["multimodal"])
n = len(paths)
print(f"aa: {n} A/A comparisons of {cases // max(n, 1)} cases each in {total} s ({total / max(n, 1):.0f} s each)")
print(f"aa: per case, unadjusted: {raw}/{cases} = {100 * raw / max(cases, 1):.1f}% significant (alpha 5%)")
print(f"aa: per comparison: {runs_raw}/{n} flag any case before adjustment, "
      f"{runs_holm}/{n} = {100 * runs_holm / max(n, 1):.0f}% after Holm-Bonferroni; the 5% gate tripped in {gate}/{n}")
print(f"aa: multimodal samples reported: {multimodal}")
PY
fi

if want semi; then
  echo "== semi: --semi-space 1 vs the default on young_gen/ssr =="
  f="$out/semi.json"
  compare "$f" suites/young_gen.js --filter 'young_gen/ssr/' --variant default= \
    --variant semi1='--semi-space 1' --runs 10 --min-time 0.1 --warmup 0.05 --metric wall
  summarise "$f"
fi

if want jit; then
  echo "== jit: --no-opt and --jitless vs the default on a hot loop =="
  f="$out/jit.json"
  compare "$f" research/compare_work.js --variant default= --variant noopt=--no-opt --variant jitless=--jitless \
    --runs 10 --min-time 0.05 --warmup 0.02 --threshold 10
  echo "  exit code $(cat "$out/last_rc") (1: the 10% gate tripped, as it must)"
  summarise "$f"
fi

if want adaptive; then
  echo "== adaptive: --target-ci 2 (floor: the default 10 samples per variant) =="
  files=()
  for i in 1 2 3; do
    f="$out/adaptive_$i.json"
    compare "$f" research/compare_work.js --variant base='--param work=1' --variant slow='--param work=1.05' \
      --target-ci 2 --max-time 120 --min-time 0.05 --warmup 0.02
    files+=("$f")
  done
  # A noisier, bimodal set: the four input ranges of trig/sin, A/A.
  f="$out/adaptive_trig.json"
  compare "$f" suites/trig.js --filter 'trig/sin/' --variant a= --variant b= --target-ci 2 --max-time 120 \
    --min-time 0.05 --warmup 0.02
  files+=("$f")
  summarise "${files[@]}"
fi
