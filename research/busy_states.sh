#!/usr/bin/env bash
# Where a busy machine's per-sample noise lives (results/2026-12-02-busy-verdicts/, "Process states"):
# N blocks of worker-like processes, `run research/busy_states.js` with work=1 and work=1.05, each timing
# 10 repetitions of 0.01 s of both benches (a sin+cos loop and an integer/property loop). The
# per-process medians show how far processes differ, whether the two kinds of code move together (could
# a calibration loop divide a state out?) and whether a fixed address layout (setarch -R and V8's
# --random-seed=1) narrows the states: each block runs the pair with the usual randomised layout into
# OUT/aslr/ and then with the fixed one into OUT/fixed/, so that the machine's load hits both alike.
# busy_states.py OUT/aslr OUT/fixed prints the table.
# Usage: research/busy_states.sh V8BENCH OUT_DIR N
# Not run by ctest.
set -uo pipefail
v8bench=$(realpath "$1")
out=$(realpath -m "$2")
n=${3:-20}
here=$(cd "$(dirname "$0")" && pwd)
# The suite is named relative to the checkout, so the run files name no path of this machine.
cd "$here/.."
mkdir -p "$out/aslr" "$out/fixed"
for ((i = 1; i <= n; ++i)); do
  for layout in aslr fixed; do
    for work in 1 1.05; do
      pre=() flags=()
      if [ "$layout" = fixed ]; then pre=(setarch "$(uname -m)" -R) flags=(-- --random-seed=1); fi
      file="$out/$layout/b${i}_$work"
      "${pre[@]}" "$v8bench" run research/busy_states.js --param work=$work --repetitions 10 --min-time 0.01 \
        --warmup 0.02 --out "$file.json" "${flags[@]}" >/dev/null 2>"$file.err" ||
        echo "busy_states.sh: block $i ($layout, work=$work) failed, see $file.err" >&2
    done
  done
done
