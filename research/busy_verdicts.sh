#!/usr/bin/env bash
# Time-based verdicts on a busy machine (results/2026-12-02-busy-verdicts/): N default `compare`s each of
# the sin+cos loop fixture (tests/fixtures/trig_loop.js) against itself (A/A), against 2% more work and
# against 5% more work (and, as kind aap, against a variant that differs in --param alone but does the same
# work), while a CPU-bound busy loop runs at nice 19 (on the other vCPU of a 2-vCPU
# machine, as a shared CI runner's neighbour). The kinds alternate (aa, plus5, plus2, aa, ...) so that a
# drift of the machine's load hits them alike. Prints one TSV line per comparison (busy_verdicts_table.py
# turns the JSON files into the table). Each compare leaves OUT/KIND-I.json, .meta (load average at the
# start, wall seconds, exit code) and .err (its stderr).
# Usage: research/busy_verdicts.sh V8BENCH OUT_DIR N [EXTRA_COMPARE_ARGS...]
# Environment: TIMED, when set, is put before every compare (a wrapper that waits for a measuring slot);
# BUSY=0 runs without the busy loop; KINDS (default "aa aap plus5 plus2"; also heavy5, and flag5 and flagaa:
# variants that differ in a V8 flag) selects the comparisons.
# Not run by ctest.
set -uo pipefail
v8bench=$1
out=$2
n=${3:-10}
shift 3 || true
timed=${TIMED:-}
kinds=${KINDS:-aa aap plus5 plus2}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
busy_pid=
if [ "${BUSY:-1}" != 0 ]; then
  nice -n 19 sh -c 'while :; do :; done' &
  busy_pid=$!
  trap 'kill "$busy_pid" 2>/dev/null' EXIT
fi
for ((i = 1; i <= n; ++i)); do
  for kind in $kinds; do
    case $kind in
      aa) variant=(--variant base= --variant aa=) ;;
      plus5) variant=(--variant base= --variant plus5='--param work=1.05') ;;
      plus2) variant=(--variant base= --variant plus2='--param work=1.02') ;;
      # A/A between variants that differ in --param alone (so they take turns in one worker): 1.0001
      # names another case but rounds to the same 1000 calls.
      aap) variant=(--variant base= --variant aa='--param work=1.0001') ;;
      # +5% on a case 300 times as long (about 3 ms per iteration: a few iterations per turn).
      heavy5) variant=(--variant base='--param work=300' --variant plus5='--param work=315') ;;
      # Variants that differ in a V8 flag, so they cannot take turns in one worker (--stack-size at its
      # default value changes nothing): +5% of work, and an A/A.
      flag5) variant=(--variant base= --variant plus5='--stack-size=984 --param work=1.05') ;;
      flagaa) variant=(--variant base= --variant aa='--stack-size=984') ;;
      *) echo "busy_verdicts.sh: unknown kind '$kind' in KINDS (aa, aap, plus5, plus2, heavy5, flag5, flagaa)" >&2; exit 2 ;;
    esac
    file="$out/$kind-$i.json"
    ERR="$out/$kind-$i.err" $timed sh -c 'load=$(cut -d" " -f1 /proc/loadavg); start=$(date +%s.%N);
      "$@" >/dev/null 2>"$ERR"; rc=$?; end=$(date +%s.%N);
      echo "$load $(echo "$end - $start" | bc) $rc"' sh \
      "$v8bench" compare tests/fixtures/trig_loop.js "${variant[@]}" --quiet --format json --out "$file" "$@" \
      >"$out/$kind-$i.meta"
    python3 "$here/busy_verdicts_table.py" --no-header "$file"
  done
done
