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
# `defaults-again` repeats `defaults` as a setting of its own: the spread between the two is what the
# machine's noise alone gives, the floor against which the settings' spread is read.
#
# Writes OUT_DIR/<setting>/<run>.json (v8bench JSON) and OUT_DIR/table.md; the exact commands go to
# OUT_DIR/commands.txt. All settings use the suites' quick parameter grids, so every setting measures the
# same cases; --quick's own timings are the first setting.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# What the results record (suite and engine paths, the binary, --out) is relative to the checkout, so
# results travel; a path outside it stays absolute.
rel() { realpath -m --relative-base="$here" "$1"; }
out=$(rel "${1:?usage: tools/settings_sensitivity.sh OUT_DIR [RUNS] [BINARY]}")
runs=${2:-3}
bin=$(rel "${3:-$here/build/v8bench}")
cd "$here"
read -r -a suites <<<"${SUITES:-json_reviver trig buffer_concat streams young_gen}"
read -r -a common <<<"${EXTRA:-}"
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
: >"$out/commands.txt"
paths=()
for s in "${suites[@]}"; do paths+=("suites/$s.js"); done
for run in $(seq 1 "$runs"); do
  # Settings interleaved within each round, so machine drift hits them alike.
  for name in "${order[@]}"; do
    mkdir -p "$out/$name"
    # shellcheck disable=SC2206
    extra=(${settings[$name]})
    cmd=("$bin" run "${paths[@]}" --quick --no-native "${common[@]}" "${extra[@]}" --format json --out "$out/$name/$run.json")
    echo "${cmd[*]}" >>"$out/commands.txt"
    echo "sensitivity: run $run/$runs, setting $name" >&2
    "${cmd[@]}" >/dev/null 2>"$out/$name/$run.err" || echo "sensitivity: exit $? (see $out/$name/$run.err)" >&2
  done
done
python3 tools/sensitivity_table.py "$out" "${order[@]}" >"$out/table.md"
echo "sensitivity: wrote $out/table.md" >&2
