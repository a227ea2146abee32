#!/usr/bin/env bash
# The measurements behind results/2026-12-02-instructions/README.md: counted-instruction comparisons of
# the sin+cos loop (A/A, +1%, +0.5%) against the paired CPU-time comparison finding +2%; repeated
# `run --metric instructions` on the trig and json_reviver quick grids; instruction ratios against
# CPU-time ratios for mission-suite variant pairs. Usage: research/instructions.sh OUT_DIR [PART...]
# (parts: loop, time2, runs, agree-count, agree-time; default all). Run from the repository root after
# building. V8BENCH overrides the binary; TIMED prefixes the time measurements (a slot wrapper on a
# shared machine); JOBS the workers at once.
set -euo pipefail
out=$1
shift
parts=("${@:-loop time2 runs agree-count agree-time}")
mkdir -p "$out"
v8bench=${V8BENCH:-build/v8bench}
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
    agree-count | agree-time)
      # Instruction ratios (counted: two samples a side measure the repeatability; callgrind's counts do
      # not depend on the machine's load, so run these at low priority) and paired CPU-time ratios (ten
      # samples a side; on a shared machine run them alone: TIMED=/path/to/a/slot/wrapper) for the same
      # variant pairs. Two cases per worker where a within-suite case ratio is also compared (the
      # reviver against parse-then-walk, Buffer.concat against summing the lengths).
      # name;suite file;filter;variant flags (the baseline is the default configuration; PAIRS, a regex
      # over the names, picks some)
      metric=$([ "$part" = agree-count ] && echo instructions || echo cpu)
      runs=$([ "$metric" = instructions ] && echo 2 || echo 10)
      while IFS=';' read -r name suite filter flags; do
        ${TIMED:-} "$v8bench" compare "$suite" --quick --filter "$filter" --metric "$metric" --runs "$runs" \
          --min-samples 2 --jobs "${JOBS:-2}" --quiet --variant base= --variant "v=$flags" \
          --out "$out/agree-$name-$metric.json" >"$out/agree-$name-$metric.txt" 2>&1 || true
      done < <(grep -E "^(${PAIRS:-.*});" <<'LIST'
trig-noopt;suites/trig.js;^trig/sin/range:medium$;--no-opt
loop-plus5;tests/fixtures/trig_loop.js;.;--param work=1.05
reviver-semi1;suites/json_reviver.js;^json_reviver/(arrow_reviver|parse_then_walk)/size:1000/shape:api$;--semi-space 1
young-semi1;suites/young_gen.js;^young_gen/ssr/nodes:200$;--semi-space 1
concat-semi1;suites/buffer_concat.js;^buffer_concat/(concat|sum_lengths)/chunk:1024/chunks:256$;--semi-space 1
LIST
      )
      ;;
  esac
done
