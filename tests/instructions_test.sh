#!/usr/bin/env bash
# run --metric instructions: counted instructions per iteration of a fixed sin+cos loop (work=2 must
# count about twice work=1; repetitions must agree within 0.01%), the counting flags and source in the
# context, and the refusal (exit 2, naming valgrind) where valgrind is not on PATH. Skipped (77) where
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
