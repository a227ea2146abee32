#!/bin/sh
# count1.sh for every case of a plan, with the instrument and without, two runs at a time (callgrind is
# single-threaded; the machine has two vCPUs), the two variants of a case one after the other.
#
#   research/instrument_cost/count1_grid.sh PLAN OUT_DIR NODE INSTRUMENT.node [JOBS]
#
# PLAN: one case a line, "SUITE CASE NS_PER_ITERATION" (a rough time per iteration from any earlier
# run). Timed iterations: about TIMED_IR (default 1e8) instructions' worth at 9 instructions per ns
# (at least 100); warm-up: WARM_IR (default 1e7) instructions' worth (500..200000 iterations); both
# variants of a case use the same numbers. Appends count1.sh's lines to OUT_DIR/counts1.txt.
set -eu
plan=$1 out=$2 node=$3 instrument=$4 jobs=${5:-2}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
awk -v inst="$instrument" -v timed="${TIMED_IR:-1e8}" -v warmir="${WARM_IR:-1e7}" '{
  ipi = 9 * $3; n = int(timed / ipi / 10) * 10; if (n < 100) n = 100
  warm = int(warmir / ipi); if (warm < 500) warm = 500; if (warm > 200000) warm = 200000
  print $1, $2, n, warm, "js_only", "-"
  print $1, $2, n, warm, "instrument", inst
}' "$plan" | xargs -P "$jobs" -L 1 sh -c '
  here=$0 out=$1 node=$2 suite=$3 case=$4 n=$5 warm=$6 label=$7 inst=$8
  line=$(WARM=$warm nice -n 19 "$here/count1.sh" "$out/$label" "$node" "$suite" "$case" "$n" "$label" "$inst")
  echo "$line $warm" | tee -a "$out/counts1.txt"
' "$here" "$out" "$node"
