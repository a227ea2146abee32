#!/bin/sh
# Instructions per iteration of one case on one Node, with and without an instrument, counted by
# callgrind (all threads of the process): two runs of count_case.mjs with N1 and N2 timed iterations,
# (Ir(N2) - Ir(N1)) / (N2 - N1). Instruction counts do not depend on the machine's load, so this
# measures the instrument's mechanism where timed runs on a shared machine cannot.
#
#   research/instrument_cost/count.sh OUT_DIR NODE SUITE CASE N1 N2 LABEL [INSTRUMENT.node] [node flags...]
#
# Prints "LABEL CASE Ir(N1) Ir(N2) per-iteration"; callgrind's files stay in OUT_DIR (one per thread,
# for callgrind_annotate). Run at nice 19: it is CPU-bound for minutes.
# Environment: WARM (warm-up iterations, default 200000) and BATCHES (timed batches, default 10) are
# passed to count_case.mjs; both runs of a pair use the same, so warm-up and per-batch costs cancel.
set -eu
out=$1 node=$2 suite=$3 case=$4 n1=$5 n2=$6 label=$7
shift 7
instrument=${1:-}
[ $# -gt 0 ] && shift
here=$(dirname "$0")
mkdir -p "$out"
safe=$(printf '%s' "$case" | tr '/:' '__')
flags="$*"  # node flags (no spaces inside one)
total() {
  n=$1
  file="$out/$label.$safe.$n"
  # shellcheck disable=SC2086
  valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$file.%p" \
    "$node" --allow-natives-syntax $flags "$here/count_case.mjs" --suite "$suite" --case "$case" \
    --iterations "$n" --warm-iterations "${WARM:-200000}" --batches "${BATCHES:-10}" ${instrument:+--instrument "$instrument"} >"$file.stdout" 2>"$file.log"
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$file.log"
}
a=$(total "$n1")
b=$(total "$n2")
echo "$label $case $a $b $(( (b - a) / (n2 - n1) ))"
