#!/usr/bin/env bash
# The measurements behind results/2026-12-02-instructions/README.md: counted-instruction comparisons of
# the sin+cos loop (A/A, +1%, +0.5%) against the paired CPU-time comparison finding +2%; repeated
# `run --metric instructions` on the trig and json_reviver quick grids; instruction ratios against
# CPU-time ratios for mission-suite variant pairs. Usage: research/instructions.sh OUT_DIR [PART...]
# (parts: loop, time2, runs, agree; default all). Run from the repository root after building.
set -euo pipefail
out=$1
shift
parts=("${@:-loop time2 runs agree}")
mkdir -p "$out"
v8bench=build/v8bench
loop=tests/fixtures/trig_loop.js
timed() { local name=$1; shift; /usr/bin/time -f "%e" -o "$out/$name.wall" "$@"; }

for part in ${parts[*]}; do
  case $part in
    loop)
      timed loop-instructions "$v8bench" compare "$loop" --metric instructions --runs 3 --jobs 2 --quiet \
        --variant base= --variant aa= --variant plus1='--param work=1.01' --variant plus05='--param work=1.005' \
        --out "$out/loop-instructions.json" >"$out/loop-instructions.txt" || true
      ;;
    time2)
      timed loop-cpu "$v8bench" compare "$loop" --quiet --variant base= --variant plus2='--param work=1.02' \
        --out "$out/loop-cpu.json" >"$out/loop-cpu.txt" || true
      ;;
    runs)
      for suite in trig json_reviver; do
        for k in 1 2; do
          timed "run-$suite-$k" "$v8bench" run "suites/$suite.js" --quick --metric instructions \
            --format json --out "$out/run-$suite-$k.json" >"$out/run-$suite-$k.txt" || true
        done
      done
      ;;
    agree)
      # name|suite|filter|variant flags (the baseline is the default configuration)
      while IFS='|' read -r name suite filter flags; do
        for metric in cpu instructions; do
          runs=$([ "$metric" = instructions ] && echo 3 || echo 10)
          "$v8bench" compare "suites/$suite.js" --quick --filter "$filter" --metric "$metric" --runs "$runs" \
            --quiet --variant base= --variant "v=$flags" --out "$out/agree-$name-$metric.json" \
            >"$out/agree-$name-$metric.txt" || true
        done
      done <<'PAIRS'
trig-noopt|trig|^trig/sin/range:medium|--no-opt
trig-interp|trig|^trig/cos/range:small|--tier interpreter
reviver-semi1|json_reviver|arrow|--semi-space 1
young-semi1|young_gen|.|--semi-space 1
concat-semi1|buffer_concat|.|--semi-space 1
PAIRS
      ;;
  esac
done
