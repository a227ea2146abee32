#!/usr/bin/env bash
# Fresh workers against long-lived ones (compare --long-lived K) on a small case: wall time to the verdict
# and the verdicts of a flag change (--no-opt) and of A/A (the same flags under two names), at the defaults
# (the sequential rule). Usage: research/long_lived_workers.sh BUILD_DIR OUT_DIR [REPEATS_AA]
# Writes OUT_DIR/<mode>-<pair>-<i>.json and prints a line per comparison: mode, pair, wall s, verdicts.
set -euo pipefail
v8bench=${1:?build dir}/v8bench
out=${2:?out dir}
repeats=${3:-3}
mkdir -p "$out"
case_filter='example/sum'
one() {  # mode pair i extra-args...
  local mode=$1 pair=$2 i=$3
  shift 3
  local variants=(--variant base= --variant noopt=--no-opt)
  [[ $pair == aa ]] && variants=(--variant a= --variant b=)
  local file="$out/$mode-$pair-$i.json" t0 t1
  t0=$(date +%s.%N)
  "$v8bench" compare suites/example.js --filter "$case_filter" "${variants[@]}" --quiet --out "$file" "$@" \
    >"$out/$mode-$pair-$i.txt" 2>&1 || true
  t1=$(date +%s.%N)
  printf '%s %s %s wall_s=%.1f load=%s verdicts=%s\n' "$mode" "$pair" "$i" "$(echo "$t1 - $t0" | bc)" \
    "$(cut -d' ' -f1 /proc/loadavg)" \
    "$(grep -Eo '(faster|slower|no change|too few samples to judge)' "$out/$mode-$pair-$i.txt" | tr ' ' _ | tr '\n' ,)"
}
for i in $(seq 1 "$repeats"); do
  for mode in fresh k1 k2 k4; do
    extra=()
    [[ $mode != fresh ]] && extra=(--long-lived "${mode#k}")
    one "$mode" aa "$i" "${extra[@]}"
    [[ $i == 1 ]] && one "$mode" noopt "$i" "${extra[@]}"
  done
done
