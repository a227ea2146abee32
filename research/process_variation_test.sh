#!/usr/bin/env bash
# Runs research/process_variation.sh as a user would, on a small fixture with two isolates per process,
# and checks what it writes: one probes.jsonl line per process with every probe kernel before and
# after, one v8bench JSON per process, a summary naming the case with its process rows, kernel
# correlations and isolate line; and that bad input is refused with exit 2 and a message.
# Usage: process_variation_test.sh V8BENCH SPEED_PROBE SOURCE_DIR
set -uo pipefail
v8bench=$1
probe=$2
src=$3
tool="$src/research/process_variation.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# The probe alone: one JSON object with every kernel, positive.
"$probe" --reps 1 >"$tmp/probe.json" || fail "speed_probe --reps 1 exited $?"
python3 - "$tmp/probe.json" <<'EOF' || fail "speed_probe output: $(cat "$tmp/probe.json")"
import json, sys
p = json.load(open(sys.argv[1]))
kernels = ["chain_ns", "throughput_ns", "indirect_ns", "chase_ns", "copy_ns_per_kib", "touch_ns_per_page",
           "code_page_ns",  # null off x86-64; this test runs on x86-64
           "handoff_ns", "wake_ns", "wake_cpu_ns", "cross_free_ns"]
assert all(p[k] > 0 for k in kernels), p
assert p["reps"] == 1, p
EOF
"$probe" --reps 0 2>"$tmp/reps.err" && fail "speed_probe --reps 0 must be refused"
grep -q -- '--reps takes a whole number' "$tmp/reps.err" || fail "speed_probe --reps 0 message: $(cat "$tmp/reps.err")"

V8BENCH=$v8bench PROBE=$probe PROBE_REPS=1 "$tool" "$tmp/pv" 3 "$src/tests/fixtures/hot.js" --repetitions 4 \
  --isolates 2 --min-time 0.01 --warmup 0.01 --no-native >"$tmp/stdout" 2>"$tmp/stderr" ||
  fail "process_variation.sh exited $?: $(cat "$tmp/stderr")"
[ "$(wc -l <"$tmp/pv/probes.jsonl")" -eq 3 ] || fail "probes.jsonl must have 3 lines: $(cat "$tmp/pv/probes.jsonl")"
for i in 1 2 3; do [ -s "$tmp/pv/$i.json" ] || fail "no results file for process $i"; done
python3 - "$tmp/pv/probes.jsonl" <<'EOF' || fail "probes.jsonl: $(cat "$tmp/pv/probes.jsonl")"
import json, sys
for n, line in enumerate(open(sys.argv[1]), 1):
    r = json.loads(line)
    assert r["process"] == n and r["exit"] == 0, r
    for side in ("before", "after"):
        assert r[side]["chase_ns"] > 0 and r[side]["touch_ns_per_page"] > 0, r
EOF
summary="$tmp/pv/summary.md"
cmp -s "$summary" "$tmp/stdout" || fail "the summary printed is not the one written"
case_name=$("$v8bench" list "$src/tests/fixtures/hot.js" --format json |
  python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["cases"][0])')
grep -qF "## $case_name" "$summary" || fail "summary lacks the case '$case_name': $(cat "$summary")"
grep -q '^- 3 processes: median' "$summary" || fail "summary lacks the process line"
grep -q '^- r with each probe kernel: chain_ns [+-]' "$summary" || fail "summary lacks the kernel correlations"
grep -q '^- isolates: spread of the isolate medians inside a process' "$summary" || fail "summary lacks the isolates line"
[ "$(grep -c '^| [123] | ' "$summary")" -ge 3 ] || fail "summary lacks the 3 process rows"

# Refusals: a missing suite file, a bad count, a missing probe, a bad GAP; each exit 2 with a message.
V8BENCH=$v8bench PROBE=$probe "$tool" "$tmp/x" 2 "$tmp/none.js" 2>"$tmp/e1" && fail "a missing suite must be refused"
grep -q "no suite file" "$tmp/e1" || fail "missing suite message: $(cat "$tmp/e1")"
V8BENCH=$v8bench PROBE=$probe "$tool" "$tmp/x" zero "$src/tests/fixtures/hot.js" 2>"$tmp/e2" && fail "a bad count must be refused"
grep -q "PROCESSES must be a whole number" "$tmp/e2" || fail "bad count message: $(cat "$tmp/e2")"
V8BENCH=$v8bench PROBE="$tmp/no-probe" "$tool" "$tmp/x" 1 "$src/tests/fixtures/hot.js" 2>"$tmp/e3" && fail "a missing probe must be refused"
grep -q "is not an executable" "$tmp/e3" || fail "missing probe message: $(cat "$tmp/e3")"
GAP=soon V8BENCH=$v8bench PROBE=$probe "$tool" "$tmp/x" 1 "$src/tests/fixtures/hot.js" 2>"$tmp/e5" && fail "a bad GAP must be refused"
grep -q "GAP must be a whole number of seconds" "$tmp/e5" || fail "bad GAP message: $(cat "$tmp/e5")"
python3 "$src/research/process_variation.py" "$tmp/none" 2>"$tmp/e4" && fail "the summary of a missing directory must fail"
grep -q "no .*probes.jsonl" "$tmp/e4" || fail "missing directory message: $(cat "$tmp/e4")"
echo "process_variation: ok"
