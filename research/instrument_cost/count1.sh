#!/bin/sh
# Instructions per iteration of one case's timed batches, in one run: count_case.mjs --mark under
# callgrind with a dump at each mark, so the process's second dump holds the timed batches alone (every
# thread; start-up, loading, warm-up and teardown are in the other dumps). Cheaper and steadier than
# count.sh's two runs, whose start-ups differ by a few million instructions.
#
#   research/instrument_cost/count1.sh OUT_DIR NODE SUITE CASE N LABEL [INSTRUMENT.node|-] [node flags...]
#
# Environment: WARM (warm-up iterations, default 200000), BATCHES (timed batches, default 10).
# Prints "LABEL CASE N timed-Ir main-thread-Ir per-iteration main-thread-per-iteration".
set -eu
out=$1 node=$2 suite=$3 case=$4 n=$5 label=$6
shift 6
instrument=${1:-}
[ $# -gt 0 ] && shift
[ "$instrument" = - ] && instrument=
here=$(dirname "$0")
mkdir -p "$out"
safe=$(printf '%s' "$case" | tr '/:' '__')
file="$out/$label.$safe.$n"
# shellcheck disable=SC2086
valgrind --tool=callgrind --separate-threads=yes --dump-before='node::MemoryUsage*' \
  --callgrind-out-file="$file.%p" \
  "$node" --allow-natives-syntax "$@" "$here/count_case.mjs" --suite "$suite" --case "$case" \
  --iterations "$n" --warm-iterations "${WARM:-200000}" --batches "${BATCHES:-10}" --mark \
  ${instrument:+--instrument "$instrument"} >"$file.stdout" 2>"$file.log"
# The dump that the second mark closed: part 2 of every thread.
all=0 main=0
for f in "$file".*.2-*; do
  ir=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$f")
  all=$((all + ${ir:-0}))
  case $f in *-01) main=${ir:-0} ;; esac
done
echo "$label $case $n $all $main $((all / n)) $((main / n))"
