#!/bin/sh
# Instructions per iteration of every case in a plan, in one callgrind run of count_cases.mjs: case k's
# timed batches are the process's dump 2k (main thread; the dumps at the marks are the main thread's).
#
#   research/instrument_cost/count_suite.sh OUT_DIR NODE SUITE PLAN LABEL [INSTRUMENT.node|-] [node flags...]
#
# PLAN: "CASE ITERATIONS WARM_ITERATIONS" a line. Environment: BATCHES (default 10).
# Prints "LABEL CASE N timed-Ir per-iteration" a case; callgrind's files stay in OUT_DIR.
set -eu
out=$1 node=$2 suite=$3 plan=$4 label=$5
shift 5
instrument=${1:-}
[ $# -gt 0 ] && shift
[ "$instrument" = - ] && instrument=
here=$(dirname "$0")
mkdir -p "$out"
file="$out/$label.$(basename "$suite" .js)"
# shellcheck disable=SC2086
valgrind --tool=callgrind --separate-threads=yes --dump-before='node::MemoryUsage*' \
  --callgrind-out-file="$file.%p" \
  "$node" --allow-natives-syntax "$@" "$here/count_cases.mjs" --suite "$suite" --plan "$plan" \
  --batches "${BATCHES:-10}" ${instrument:+--instrument "$instrument"} >"$file.stdout" 2>"$file.log"
k=0
while read -r case n warm; do
  k=$((k + 1))
  part=$(ls "$file".*."$((2 * k))"-01)
  ir=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$part")
  echo "$label $case $n $ir $((ir / n)) $part"
done <"$plan"
