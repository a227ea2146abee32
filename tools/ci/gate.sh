#!/usr/bin/env bash
# The performance gate of a CI job, in one script so that the workflow (tools/ci/v8bench-gate.yml)
# stays a thin wrapper and the steps are tested here (tests/ci_gate_test.sh runs this script).
#
#   tools/ci/gate.sh [--v8bench PATH] [--threshold PCT] --out-dir DIR diff BASE.json NEW.json [DIFF-OPTIONS...]
#   tools/ci/gate.sh [--v8bench PATH] [--threshold PCT] --out-dir DIR compare COMPARE-ARGS...
#
# diff: two saved results files. Verdicts only from `compare --out` files (a worker process per sample):
#       `run --out` and Google Benchmark files hold one process's repetitions, which are not independent
#       samples, so their diff reports the change without a verdict and the gate does not pass (exit 2).
# compare: a comparison run here, e.g. `compare suites/ --engine base=base/v8bench --engine patch=build/v8bench`;
#          its samples are kept in DIR/results.json (resume or diff them later).
# Writes DIR/report.md (the Markdown report, for a pull-request comment), DIR/report.html (one
# self-contained page with charts, for an artifact) and DIR/summary.txt (one line: the outcome).
# Exit: v8bench's own: 0 every comparison judged and none beyond the threshold; 1 the gate tripped (or a
# case failed); 2 not judged (too few samples for a verdict, no samples, one process per side, an
# interrupted comparison) or bad input. The reports are written whatever the outcome.
set -uo pipefail

v8bench=${V8BENCH:-v8bench}
threshold=""
out_dir=""
usage() {
  sed -n '5,6p' "${BASH_SOURCE[0]}" | sed 's/^# *//' >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case "$1" in
    --v8bench) v8bench=$2; shift 2 ;;
    --threshold) threshold=$2; shift 2 ;;
    --out-dir) out_dir=$2; shift 2 ;;
    diff | compare) break ;;
    *) echo "gate.sh: unknown option '$1'" >&2; usage ;;
  esac
done
[ $# -gt 0 ] && [ -n "$out_dir" ] || usage
mode=$1
shift
mkdir -p "$out_dir" || { echo "gate.sh: cannot create --out-dir $out_dir" >&2; exit 2; }
gate=()
[ -n "$threshold" ] && gate=(--threshold "$threshold")

case "$mode" in
  diff)
    [ $# -ge 2 ] || { echo "gate.sh: diff needs BASE.json NEW.json" >&2; exit 2; }
    "$v8bench" diff "$@" "${gate[@]}" --format markdown --out "$out_dir/report.html" >"$out_dir/report.md"
    code=$?
    ;;
  compare)
    "$v8bench" compare "$@" "${gate[@]}" --quiet --format markdown --out "$out_dir/results.json" >"$out_dir/report.md"
    code=$?
    # The same analysis (same settings and bootstrap seed, read back from the results file) as HTML.
    if [ -s "$out_dir/results.json" ]; then
      "$v8bench" report "$out_dir/results.json" --out "$out_dir/report.html" || [ "$code" -ne 0 ] || code=2
    fi
    ;;
  *) usage ;;
esac

case "$code" in
  0) outcome="passed: no case beyond the threshold${threshold:+ of $threshold%}" ;;
  1) outcome="FAILED: the gate tripped${threshold:+ (threshold $threshold%)} or a case failed; see report.md" ;;
  2) outcome="NOT PASSED (exit 2): not judged (too few samples, no samples, one process per side) or bad input; see report.md and the job log" ;;
  *) outcome="NOT PASSED (exit $code): v8bench stopped (130: interrupted); see the job log" ;;
esac
echo "v8bench gate $outcome" | tee "$out_dir/summary.txt" >&2
# A report for the comment even when v8bench stopped before writing one.
if [ ! -s "$out_dir/report.md" ]; then
  printf '### v8bench gate\n\n%s\n' "$outcome" >"$out_dir/report.md"
fi
exit "$code"
