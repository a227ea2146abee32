#!/usr/bin/env bash
# Runs tools/ci/gate.sh as the CI workflow does and checks its reports and exit codes. compare mode on two
# variants of one fixture: the interpreter trips the gate (1), and its results file keeps every sample.
# diff mode on that compare file (one worker process per sample): a variant against itself passes (0), the
# interpreter trips (1). diff of two run files (the repetitions of one process per side) is not judged
# (2, never PASS); a missing file is bad input (2); a compare interrupted before its first sample prints
# no PASS and exits non-zero. Usage: ci_gate_test.sh V8BENCH SOURCE_DIR
set -uo pipefail
v8bench=$1
src=$2
gate="$src/tools/ci/gate.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
fast=(--min-time 0.01 --warmup 0.01)

# compare mode: the samples kept as JSON, the HTML rendered from them with the same analysis.
"$gate" --v8bench "$v8bench" --threshold 5 --out-dir "$tmp/cmp" compare "$src/tests/fixtures/hot.js" \
  --variant base= --variant noopt=--no-opt --runs 5 "${fast[@]}"
[ $? -eq 1 ] || fail "compare: the interpreter variant must trip the gate (exit 1)"
cmp="$tmp/cmp/results.json"
[ -s "$cmp" ] || fail "compare: no results.json"
grep -q '^| case | variant' "$tmp/cmp/report.md" || fail "compare: report.md has no Markdown table"
[ "$(grep -o '<circle class="sample' "$tmp/cmp/report.html" | wc -l)" -eq 10 ] || fail "compare: report.html lacks the 2x5 sample marks"
grep -q '^v8bench gate FAILED' "$tmp/cmp/summary.txt" || fail "summary: $(cat "$tmp/cmp/summary.txt")"

# diff mode on the compare file: each sample is a worker process of its own, so diff judges.
"$gate" --v8bench "$v8bench" --threshold 5 --out-dir "$tmp/same" diff "$cmp" "$cmp"
[ $? -eq 0 ] || fail "a variant against itself must pass the gate"
grep -q '^| case | variant' "$tmp/same/report.md" || fail "report.md has no Markdown table"
grep -q 'gate: PASS' "$tmp/same/report.md" || fail "report.md does not say the gate passed"
grep -q '<!doctype html>' "$tmp/same/report.html" || fail "report.html is not an HTML page"
[ "$(grep -o '<circle class="sample' "$tmp/same/report.html" | wc -l)" -eq 10 ] || fail "report.html lacks the 2x5 sample marks"
grep -q '^v8bench gate passed' "$tmp/same/summary.txt" || fail "summary: $(cat "$tmp/same/summary.txt")"

"$gate" --v8bench "$v8bench" --threshold 5 --out-dir "$tmp/slow" diff "$cmp" "$cmp" --new-variant noopt
[ $? -eq 1 ] || fail "a many times slower NEW must trip the gate (exit 1)"
grep -q 'gate: FAIL' "$tmp/slow/report.md" || fail "report.md does not say the gate tripped"
grep -q 'class="higher"' "$tmp/slow/report.html" || fail "report.html shows no slower change"
grep -q '^v8bench gate FAILED' "$tmp/slow/summary.txt" || fail "summary: $(cat "$tmp/slow/summary.txt")"

# diff of two run files: one process per side is one sample: the change alone, no verdict, and no PASS.
for name in base slow; do
  flags=()
  [ "$name" = slow ] && flags=(--v8-flags --no-opt)
  "$v8bench" run "$src/tests/fixtures/hot.js" --repetitions 6 "${fast[@]}" --out "$tmp/$name.json" "${flags[@]}" \
    >/dev/null 2>"$tmp/$name.err" || { cat "$tmp/$name.err" >&2; fail "run $name"; }
done
"$gate" --v8bench "$v8bench" --threshold 5 --out-dir "$tmp/runs" diff "$tmp/base.json" "$tmp/slow.json"
[ $? -eq 2 ] || fail "a diff of run files must not be judged (exit 2)"
grep -q 'PASS' "$tmp/runs/report.md" && fail "a diff of run files must not print PASS"
grep -q 'gate: NOT JUDGED' "$tmp/runs/report.md" || fail "report.md does not say why: $(cat "$tmp/runs/report.md")"
grep -q 'not judged: a file holds the repetitions of one process' "$tmp/runs/report.md" || fail "report.md lacks the reason"
grep -q '^v8bench gate NOT PASSED' "$tmp/runs/summary.txt" || fail "summary: $(cat "$tmp/runs/summary.txt")"

"$gate" --v8bench "$v8bench" --threshold 5 --out-dir "$tmp/bad" diff "$tmp/base.json" "$tmp/missing.json"
[ $? -eq 2 ] || fail "a missing file is bad input (exit 2)"
grep -q 'NOT PASSED' "$tmp/bad/report.md" || fail "report.md must say the gate could not run"

# A compare interrupted (SIGINT) before its first sample: never PASS, never exit 0.
timeout -s INT 0.3 "$v8bench" compare "$src/tests/fixtures/hot.js" --variant a= --variant b=--no-opt --threshold 5 \
  "${fast[@]}" >"$tmp/int.out" 2>&1
code=$?
[ "$code" -ne 0 ] || fail "an interrupted compare exited 0"
grep -q 'PASS' "$tmp/int.out" && fail "an interrupted compare printed PASS: $(cat "$tmp/int.out")"
echo "ci gate: pass, trip, not judged and bad input behave, in diff and compare modes"
