#!/bin/sh
# Instructions per iteration of every case in a plan, with and without the instrument: count.sh per
# (case, variant), two at a time (callgrind is single-threaded; the machine has two vCPUs).
#
#   research/instrument_cost/count_grid.sh PLAN OUT_DIR NODE INSTRUMENT.node [JOBS]
#
# PLAN: one case a line, "SUITE CASE NS_PER_ITERATION" (a rough time per iteration, from any earlier
# run). The iteration counts follow from it so that every pair differs by about 1e9 instructions
# (estimated at 9 instructions per ns): N2 - N1 = 1e9 / (9 * ns), N1 = (N2 - N1) / 10, warm-up
# 1.5e8 instructions' worth (500..200000 iterations); both variants of a case use the same numbers.
# SCALE (default 1) multiplies N1 and N2 - N1 (a shorter run, a coarser count).
# VARIANTS (default "instrument js_only") picks which to run.
# Appends "LABEL CASE Ir(N1) Ir(N2) per-iteration N1 N2 WARM" lines to OUT_DIR/counts.txt.
set -eu
plan=$1 out=$2 node=$3 instrument=$4 jobs=${5:-2}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
awk -v inst="$instrument" -v scale="${SCALE:-1}" -v variants="${VARIANTS:-instrument js_only}" '{
  ipi = 9 * $3; diff = int(scale * 1e9 / ipi / 10) * 10; if (diff < 100) diff = 100
  n1 = int(diff / 100) * 10; if (n1 < 10) n1 = 10
  warm = int(1.5e8 / ipi); if (warm < 500) warm = 500; if (warm > 200000) warm = 200000
  if (variants ~ /instrument/) print $1, $2, n1, n1 + diff, warm, "instrument", inst
  if (variants ~ /js_only/) print $1, $2, n1, n1 + diff, warm, "js_only", "-"
}' "$plan" | xargs -P "$jobs" -L 1 sh -c '
  here=$0 out=$1 node=$2 suite=$3 case=$4 n1=$5 n2=$6 warm=$7 label=$8 inst=$9
  [ "$inst" = - ] && inst=
  line=$(WARM=$warm nice -n 19 "$here/count.sh" "$out/$label" "$node" "$suite" "$case" "$n1" "$n2" "$label" $inst)
  echo "$line $n1 $n2 $warm" | tee -a "$out/counts.txt"
' "$here" "$out" "$node"
