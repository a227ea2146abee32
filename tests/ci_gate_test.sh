#!/usr/bin/env bash
# Runs tools/ci/gate.sh as the CI workflow does, on two small run files made here, and checks its
# reports and exit codes: no change passes (0), a much slower NEW trips the gate (1), a missing file
# is bad input (2); and its compare mode on two variants of one fixture. Usage: ci_gate_test.sh V8BENCH SOURCE_DIR
set -uo pipefail
v8bench=$1
src=$2
gate="$src/tools/ci/gate.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

run() {  # run NAME V8-FLAGS...: six short repetitions of the hot fixture
  local name=$1
  shift
  "$v8bench" run "$src/tests/fixtures/hot.js" --repetitions 6 --min-time 0.01 --warmup 0.01 \
    --out "$tmp/$name.json" "$@" >/dev/null 2>"$tmp/$name.err" || { cat "$tmp/$name.err" >&2; fail "run $name"; }
}
run base
run slow --v8-flags --no-opt  # the interpreter: many times slower than optimised code

"$gate" --v8bench "$v8bench" --threshold 5 --out-dir "$tmp/same" diff "$tmp/base.json" "$tmp/base.json"
[ $? -eq 0 ] || fail "a file against itself must pass the gate"
grep -q '^| case | variant' "$tmp/same/report.md" || fail "report.md has no Markdown table"
grep -q '<!doctype html>' "$tmp/same/report.html" || fail "report.html is not an HTML page"
[ "$(grep -o '<circle class="sample' "$tmp/same/report.html" | wc -l)" -eq 12 ] || fail "report.html lacks the 2x6 sample marks"
grep -q '^v8bench gate passed' "$tmp/same/summary.txt" || fail "summary: $(cat "$tmp/same/summary.txt")"

"$gate" --v8bench "$v8bench" --threshold 5 --out-dir "$tmp/slow" diff "$tmp/base.json" "$tmp/slow.json"
[ $? -eq 1 ] || fail "a many times slower NEW must trip the gate (exit 1)"
grep -q 'gate' "$tmp/slow/report.md" || fail "report.md does not say the gate tripped"
grep -q 'class="higher"' "$tmp/slow/report.html" || fail "report.html shows no slower change"
grep -q '^v8bench gate FAILED' "$tmp/slow/summary.txt" || fail "summary: $(cat "$tmp/slow/summary.txt")"

"$gate" --v8bench "$v8bench" --threshold 5 --out-dir "$tmp/bad" diff "$tmp/base.json" "$tmp/missing.json"
[ $? -eq 2 ] || fail "a missing file is bad input (exit 2)"
grep -q 'ERROR' "$tmp/bad/report.md" || fail "report.md must say the gate could not run"
# compare mode: the samples kept as JSON, the HTML rendered from them with the same analysis.
"$gate" --v8bench "$v8bench" --threshold 5 --out-dir "$tmp/cmp" compare "$src/tests/fixtures/hot.js" \
  --variant base= --variant noopt=--no-opt --runs 5 --min-time 0.01 --warmup 0.01
[ $? -eq 1 ] || fail "compare: the interpreter variant must trip the gate (exit 1)"
[ -s "$tmp/cmp/results.json" ] || fail "compare: no results.json"
grep -q '^| case | variant' "$tmp/cmp/report.md" || fail "compare: report.md has no Markdown table"
[ "$(grep -o '<circle class="sample' "$tmp/cmp/report.html" | wc -l)" -eq 10 ] || fail "compare: report.html lacks the 2x5 sample marks"
echo "ci gate: pass, trip and bad input behave, in diff and compare modes"
