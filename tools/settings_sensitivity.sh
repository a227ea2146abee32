#!/usr/bin/env bash
# Does a figure depend on the timing settings? Runs every quick case of the mission suites under several
# warm-up / min-time / repetition settings, RUNS times each, and tabulates per case the median over runs
# of the median main-thread CPU time per iteration under each setting, and the spread max/min - 1.
# (Main-thread CPU: on a shared machine it is far less disturbed by other processes than wall time.)
#
#   tools/settings_sensitivity.sh OUT_DIR [RUNS] [BINARY]     e.g. results/<date>-<machine>/sensitivity 3
#   SUITES="buffer_concat streams" tools/settings_sensitivity.sh ...   (default: the five mission suites)
#   EXTRA="--isolates 3" tools/settings_sensitivity.sh ...             (options added to every setting)
#
#   GRAIN=suites tools/settings_sensitivity.sh ...   (the schedule of the results before 2026-11-30 14:00)
#   FIRST_RUN=2 tools/settings_sensitivity.sh OUT_DIR 3 ...  (adds runs 2..3 to an OUT_DIR that holds run 1)
#   PAIR_OUT=DIR2 PAIR_EXTRA="--keep-changed" tools/settings_sensitivity.sh OUT_DIR ...
#       (GRAIN=cases: each case's seven settings also run with PAIR_EXTRA instead of EXTRA into DIR2, the
#        two configurations back to back and alternating which goes first, so both tables see the same
#        machine states: a before/after of a harness option on a machine whose speed drifts)
#
# `defaults-again` repeats `defaults` as a setting of its own: the spread between the two is what the
# machine's noise alone gives, the floor against which the settings' spread is read.
#
# Schedule. This shared machine drifts over minutes (measured: within one 7.5-minute round that ran the
# streams suite under each setting in turn, all 9 stream cases got 7-18% faster from the first setting to
# the last, `defaults` vs the identical `defaults-again` included), so a setting that always ran at the
# same point of a round carried the drift as if it were its own effect. GRAIN=cases (the default) runs
# every case on its own, each setting in its own process, all settings of one case back to back (about
# 20 s), in an order rotated from case to case and round to round, so no setting is always first. With
# GRAIN=suites each setting runs all suites in one process and the settings follow each other in a fixed
# order per round.
#
# Writes OUT_DIR/<setting>/<run>[-<case#>].json (v8bench JSON) and OUT_DIR/table.md; the exact commands
# go to OUT_DIR/commands.txt. All settings use the suites' quick parameter grids, so every setting
# measures the same cases; --quick's own timings are the first setting.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# What the results record (suite and engine paths, the binary, --out) is relative to the checkout, so
# results travel; a path outside it stays absolute.
rel() { realpath -m --relative-base="$here" "$1"; }
out=$(rel "${1:?usage: tools/settings_sensitivity.sh OUT_DIR [RUNS] [BINARY]}")
runs=${2:-3}
first=${FIRST_RUN:-1}
bin=$(rel "${3:-$here/build/v8bench}")
pair_out=${PAIR_OUT:+$(rel "$PAIR_OUT")}
cd "$here"
read -r -a suites <<<"${SUITES:-json_reviver trig buffer_concat streams young_gen}"
read -r -a common <<<"${EXTRA:-}"
read -r -a pair_common <<<"${PAIR_EXTRA:-}"
declare -A settings=(
  [quick]=""
  [defaults]="--warmup 0.2 --min-time 0.5 --repetitions 5"
  [warmup-0.05]="--warmup 0.05"
  [warmup-1]="--warmup 1"
  [min-time-0.5]="--min-time 0.5"
  [repetitions-10]="--repetitions 10"
  [defaults-again]="--warmup 0.2 --min-time 0.5 --repetitions 5"
)
order=(quick defaults warmup-0.05 warmup-1 min-time-0.5 repetitions-10 defaults-again)
mkdir -p "$out"
# A resumed measurement (FIRST_RUN > 1) keeps the commands of the runs it adds to.
((first > 1)) || : >"$out/commands.txt"
paths=()
for s in "${suites[@]}"; do paths+=("suites/$s.js"); done
measure() {  # measure NAME OUTFILE [run options...]: one setting, one process
  measure_in "$out" "${common[@]}" -- "$@"
}
measure_in() {  # measure_in DIR [options of the configuration...] -- NAME OUTFILE [run options...]
  local dir=$1 config=()
  shift
  while (($# > 0)) && [ "$1" != -- ]; do config+=("$1"); shift; done
  shift
  local name=$1 file=$2
  shift 2
  # shellcheck disable=SC2206
  local extra=(${settings[$name]})
  local cmd=("$bin" run "$@" --quick --no-native "${config[@]}" "${extra[@]}" --format json --out "$file")
  echo "${cmd[*]}" >>"$dir/commands.txt"
  "${cmd[@]}" >/dev/null 2>"${file%.json}.err" || echo "sensitivity: exit $? (see ${file%.json}.err)" >&2
}
for name in "${order[@]}"; do mkdir -p "$out/$name"; done
if [ -n "$pair_out" ]; then
  [ "${GRAIN:-cases}" = cases ] || { echo "sensitivity: PAIR_OUT needs GRAIN=cases" >&2; exit 2; }
  for name in "${order[@]}"; do mkdir -p "$pair_out/$name"; done
  ((first > 1)) || : >"$pair_out/commands.txt"
fi
case ${GRAIN:-cases} in
  suites)
    for run in $(seq "$first" "$runs"); do
      # Settings interleaved within each round.
      for name in "${order[@]}"; do
        echo "sensitivity: run $run/$runs, setting $name" >&2
        measure "$name" "$out/$name/$run.json" "${paths[@]}"
      done
    done
    ;;
  cases)
    # The quick cases, each with the suite file that holds it.
    mapfile -t listed < <("$bin" list "${paths[@]}" --quick --format json |
      python3 -c 'import json,sys
for s in json.load(sys.stdin):
    for c in s["cases"]: print(s["file"] + "\t" + c)')
    (( ${#listed[@]} > 0 )) || { echo "sensitivity: no cases listed" >&2; exit 1; }
    n=${#order[@]}
    for run in $(seq "$first" "$runs"); do
      for i in "${!listed[@]}"; do
        file=${listed[$i]%%$'\t'*}
        case_name=${listed[$i]#*$'\t'}
        # The exact name as an ECMAScript regex.
        # shellcheck disable=SC2001
        exact="^$(sed 's/[][\\.^$|?*+(){}]/\\&/g' <<<"$case_name")\$"
        echo "sensitivity: run $run/$runs, case $((i + 1))/${#listed[@]} $case_name" >&2
        configs=(main)
        if [ -n "$pair_out" ]; then
          configs=(main pair)
          (((i + run) % 2)) && configs=(pair main)
        fi
        for config in "${configs[@]}"; do
          for k in $(seq 0 $((n - 1))); do
            name=${order[$(((i + run + k) % n))]}
            if [ "$config" = main ]; then
              measure "$name" "$out/$name/$run-$i.json" "$file" --filter "$exact"
            else
              measure_in "$pair_out" "${pair_common[@]}" -- "$name" "$pair_out/$name/$run-$i.json" "$file" --filter "$exact"
            fi
          done
        done
      done
    done
    ;;
  *) echo "sensitivity: GRAIN must be cases or suites" >&2; exit 2 ;;
esac
python3 tools/sensitivity_table.py "$out" "${order[@]}" >"$out/table.md"
echo "sensitivity: wrote $out/table.md" >&2
if [ -n "$pair_out" ]; then
  python3 tools/sensitivity_table.py "$pair_out" "${order[@]}" >"$pair_out/table.md"
  echo "sensitivity: wrote $pair_out/table.md" >&2
fi
