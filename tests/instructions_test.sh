#!/usr/bin/env bash
# run --metric instructions: counted instructions per iteration of a fixed sin+cos loop (work=2 must
# count about twice work=1; repetitions must agree within 0.01%), the counting flags and source in the
# context, the counted warm-up (a fixed number of batches: the bench has run as often before each counted
# repetition in two processes, one of them beside a CPU-bound job), and the refusal (exit 2, naming
# valgrind) where valgrind is not on PATH. Skipped (77) where
# valgrind is absent or the machine counts in hardware (the refusal cannot happen there).
# Usage: instructions_test.sh V8BENCH SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/script_preamble.sh"
fixture="$src/tests/fixtures/trig_loop.js"

# The refusal: no valgrind on PATH (and, here, no hardware counter).
PATH=/nonexistent "$v8bench" run "$fixture" --quick --metric instructions >"$tmp/out" 2>"$tmp/err"
code=$?
if [ "$code" -eq 0 ]; then
  echo "counted without valgrind on PATH (a hardware counter): the refusal is not testable here"
else
  [ "$code" -eq 2 ] || fail "without valgrind: exit $code, not 2: $(cat "$tmp/err")"
  grep -q "valgrind" "$tmp/err" || fail "the refusal does not name valgrind: $(cat "$tmp/err")"
fi

command -v valgrind >/dev/null || { echo "no valgrind: counting skipped"; exit 77; }
"$v8bench" run "$fixture" --quick --metric instructions --iterations 10 --repetitions 2 --param work=1,2 \
  --format json --out "$tmp/run.json" >/dev/null 2>"$tmp/err" || fail "counting run exited $?: $(cat "$tmp/err")"
python3 "$src/tests/support/counted_run_check.py" "$tmp/run.json" embedded 2 2 1e-4 || fail "see above"

# The counted warm-up runs batches, not seconds: two processes (the second beside a CPU-bound job, so that
# a time-based warm-up would run a different number of iterations) have run the bench equally often.
warm="$src/tests/fixtures/counted_warmup.js"
"$v8bench" run "$warm" --metric instructions --iterations 10 --repetitions 2 --format json --out "$tmp/w1.json" \
  >/dev/null 2>"$tmp/err" || fail "counted warm-up run 1 exited $?: $(cat "$tmp/err")"
( while :; do :; done ) &
busy=$!
"$v8bench" run "$warm" --metric instructions --iterations 10 --repetitions 2 --format json --out "$tmp/w2.json" \
  >/dev/null 2>"$tmp/err"
code=$?
kill "$busy"
[ "$code" -eq 0 ] || fail "counted warm-up run 2 exited $code: $(cat "$tmp/err")"
python3 - "$tmp/w1.json" "$tmp/w2.json" <<'PY' || fail "see above"
import json, sys
def calls(path):
    return [(b["calls_so_far"], b["instructions"]) for b in json.load(open(path))["benchmarks"]
            if b.get("run_type") == "iteration"]
one, two = calls(sys.argv[1]), calls(sys.argv[2])
assert len(one) == 2 and one == two, (one, two)
# settle()'s calls, at least 10 warm-up batches of 10, then 10 per repetition
assert one[0][0] >= 110 and one[1][0] > one[0][0], one
print(f"counted warm-up: {one[0][0]} calls before the end of the first counted repetition in both processes")
PY
