#!/usr/bin/env bash
# Does a figure depend on the timing settings? Runs every quick case of the mission suites under several
# warm-up / min-time / repetition settings, RUNS times each, and tabulates per case the median over runs
# of the median main-thread CPU time per iteration under each setting, and the spread max/min - 1.
# (Main-thread CPU: on a shared machine it is far less disturbed by other processes than wall time.)
#
#   research/settings_sensitivity.sh OUT_DIR [RUNS] [BINARY]     e.g. results/<date>-<machine>/sensitivity 3
#   SUITES="buffer_concat streams" research/settings_sensitivity.sh ...   (default: the five mission suites;
#                                                     a name under suites/ or a suite file's path)
#   EXTRA="--isolates 3" research/settings_sensitivity.sh ...             (options added to every setting)
#
#   GRAIN=cases research/settings_sensitivity.sh ...    (the schedule of the results from 2026-11-30 14:00 to
#                                                     2026-12-01 06:00)
#   GRAIN=suites research/settings_sensitivity.sh ...   (the schedule of the results before 2026-11-30 14:00)
#   PROBE=build/speed_probe research/settings_sensitivity.sh ...  (the machine-speed probe before and after
#       each block of processes, into OUT_DIR/probes.jsonl; the table then shows its DRAM chase per case)
#   FIRST_RUN=2 research/settings_sensitivity.sh OUT_DIR 3 ...  (adds runs 2..3 to an OUT_DIR that holds run 1)
#   PAIR_OUT=DIR2 PAIR_EXTRA="--keep-changed" research/settings_sensitivity.sh OUT_DIR ...
#       (GRAIN=blocks or cases: each case's seven settings also run with PAIR_EXTRA instead of EXTRA into
#        DIR2, the two configurations back to back and alternating which goes first, so both tables see
#        the same machine states: a before/after of a harness option on a machine whose speed drifts)
#
# `defaults-again` repeats `defaults` as a setting of its own: the spread between the two is what the
# machine's noise alone gives, the floor against which the settings' spread is read.
#
# Schedule. This shared machine drifts over minutes (measured: within one 7.5-minute round that ran the
# streams suite under each setting in turn, all 9 stream cases got 7-18% faster from the first setting to
# the last, `defaults` vs the identical `defaults-again` included), so a setting that always ran at the
# same point of a round carried the drift as if it were its own effect. GRAIN=blocks (the default) runs
# every case on its own, each setting in its own process, and all RUNS x seven processes of one case in one
# block (about a minute): run 1 of every setting, then run 2 of every setting, ..., in an order rotated
# from run to run and case to case, so no setting is always first and every setting's runs sample the
# same stretch of the machine's time. (Measured on 2026-12-01 with GRAIN=cases: the runs of a case 20-25
# minutes apart landed in machine states up to 1.5x apart for memory-bound cases, and the median of three
# such runs then moved by up to 27% between settings, as much between `defaults` and `defaults-again`.)
# With GRAIN=cases all settings of one case run back to back (about 20 s) and the runs are rounds over all
# cases. With GRAIN=suites each setting runs all suites in one process and the settings follow each other
# in a fixed order per round.
#
# Writes OUT_DIR/<setting>/<run>[-<case#>].json (v8bench JSON) and OUT_DIR/table.md; the exact commands
# go to OUT_DIR/commands.txt. All settings use the suites' quick parameter grids, so every setting
# measures the same cases; --quick's own timings are the first setting.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# What the results record (suite and engine paths, the binary, --out) is relative to the checkout, so
# results travel; a path outside it stays absolute.
rel() { realpath -m --relative-base="$here" "$1"; }
out=$(rel "${1:?usage: research/settings_sensitivity.sh OUT_DIR [RUNS] [BINARY]}")
runs=${2:-3}
first=${FIRST_RUN:-1}
bin=$(rel "${3:-$here/build/v8bench}")
pair_out=${PAIR_OUT:+$(rel "$PAIR_OUT")}
probe=${PROBE:+$(rel "$PROBE")}
read -r -a suites <<<"${SUITES:-json_reviver trig buffer_concat streams young_gen}"
paths=()
for s in "${suites[@]}"; do
  # A mission suite's name, or a suite file's path.
  case $s in
    */* | *.js) paths+=("$(rel "$s")") ;;
    *) paths+=("suites/$s.js") ;;
  esac
done
cd "$here"
for path in "${paths[@]}"; do
  [ -f "$path" ] || { echo "sensitivity: no suite file '$path' (SUITES takes names under suites/ or paths)" >&2; exit 2; }
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "sensitivity: RUNS must be a whole number >= 1, not '$runs'" >&2; exit 2; }
if ! [[ $first =~ ^[1-9][0-9]*$ ]] || ((first > runs)); then
  echo "sensitivity: FIRST_RUN must be a whole number from 1 to RUNS ($runs), not '$first'" >&2
  exit 2
fi
[ -x "$bin" ] || { echo "sensitivity: '$bin' is not an executable; build first (cmake --build build) or pass BINARY" >&2; exit 2; }
grain=${GRAIN:-blocks}
case $grain in
  blocks | cases | suites) ;;
  *) echo "sensitivity: GRAIN must be blocks, cases or suites, not '$grain'" >&2; exit 2 ;;
esac
[ -z "$pair_out" ] || [ "$grain" != suites ] ||
  { echo "sensitivity: PAIR_OUT needs GRAIN=blocks or GRAIN=cases" >&2; exit 2; }
[ -z "$probe" ] || [ -x "$probe" ] ||
  { echo "sensitivity: PROBE '$probe' is not an executable; build it (cmake --build build --target speed_probe)" >&2; exit 2; }
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
  # Stderr is kept only when it says something: an empty .err per process is noise in results/.
  "${cmd[@]}" >/dev/null 2>"${file%.json}.err" || echo "sensitivity: exit $? (see ${file%.json}.err)" >&2
  [ -s "${file%.json}.err" ] || rm -f "${file%.json}.err"
}
for name in "${order[@]}"; do mkdir -p "$out/$name"; done
if [ -n "$pair_out" ]; then
  for name in "${order[@]}"; do mkdir -p "$pair_out/$name"; done
  ((first > 1)) || : >"$pair_out/commands.txt"
fi
if [ -n "$probe" ]; then
  ((first > 1)) || : >"$out/probes.jsonl"
fi
probe_once() {  # the machine-speed probe's JSON object, or null when it failed
  "$probe" --reps 1 2>/dev/null || echo null
}
n=${#order[@]}
case_settings() {  # case_settings I RUN: case I's seven settings (in each configuration), one process each
  local i=$1 run=$2 file case_name exact config k name configs=(main)
  file=${listed[$i]%%$'\t'*}
  case_name=${listed[$i]#*$'\t'}
  # The exact name as an ECMAScript regex.
  # shellcheck disable=SC2001
  exact="^$(sed 's/[][\\.^$|?*+(){}]/\\&/g' <<<"$case_name")\$"
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
}
block() {  # block I FIRST_RUN LAST_RUN: runs FIRST..LAST of case I, between two probes when PROBE is set
  local i=$1 from=$2 to=$3 before run
  [ -z "$probe" ] || before=$(probe_once)
  for run in $(seq "$from" "$to"); do
    echo "sensitivity: case $((i + 1))/${#listed[@]}, run $run/$runs: ${listed[$i]#*$'\t'}" >&2
    case_settings "$i" "$run"
  done
  if [ -n "$probe" ]; then
    python3 -c 'import json,sys
print(json.dumps({"case": sys.argv[1], "runs": [int(sys.argv[2]), int(sys.argv[3])],
                  "before": json.loads(sys.argv[4]), "after": json.loads(sys.argv[5])}))' \
      "${listed[$i]#*$'\t'}" "$from" "$to" "$before" "$(probe_once)" >>"$out/probes.jsonl"
  fi
}
if [ "$grain" = suites ]; then
  for run in $(seq "$first" "$runs"); do
    # Settings interleaved within each round.
    for name in "${order[@]}"; do
      echo "sensitivity: run $run/$runs, setting $name" >&2
      measure "$name" "$out/$name/$run.json" "${paths[@]}"
    done
  done
else
  # The quick cases, each with the suite file that holds it.
  mapfile -t listed < <("$bin" list "${paths[@]}" --quick --format json |
    python3 -c 'import json,sys
for s in json.load(sys.stdin):
    for c in s["cases"]: print(s["file"] + "\t" + c)')
  (( ${#listed[@]} > 0 )) || { echo "sensitivity: no cases listed" >&2; exit 1; }
  if [ "$grain" = blocks ]; then
    for i in "${!listed[@]}"; do block "$i" "$first" "$runs"; done
  else
    for run in $(seq "$first" "$runs"); do
      for i in "${!listed[@]}"; do block "$i" "$run" "$run"; done
    done
  fi
fi
python3 research/sensitivity_table.py "$out" "${order[@]}" >"$out/table.md"
echo "sensitivity: wrote $out/table.md" >&2
if [ -n "$pair_out" ]; then
  python3 research/sensitivity_table.py "$pair_out" "${order[@]}" >"$pair_out/table.md"
  echo "sensitivity: wrote $pair_out/table.md" >&2
fi
