#!/usr/bin/env bash
# Every repetition records the CPU its main thread ran on (main_cpu, main_cpu_moved), through the
# worker protocol into JSON and JSONL: run pinned to each CPU in turn (taskset), every repetition must
# name that CPU and not have moved. Skipped (77) on a machine with one CPU or without taskset.
# Usage: main_cpu_test.sh V8BENCH SOURCE_DIR
# shellcheck source=tests/two_cpus.sh
source "$(dirname "${BASH_SOURCE[0]}")/two_cpus.sh" "$@"
for cpu in "${cpus[@]}"; do
  taskset -c "$cpu" "$v8bench" run "$src/tests/fixtures/hot.js" --quick --no-native --format json \
    --out "$tmp/$cpu.json" >/dev/null 2>"$tmp/err" || fail "run on CPU $cpu exited $?: $(cat "$tmp/err")"
  taskset -c "$cpu" "$v8bench" run "$src/tests/fixtures/hot.js" --quick --no-native --format jsonl \
    >"$tmp/$cpu.jsonl" 2>"$tmp/err" || fail "jsonl run on CPU $cpu exited $?: $(cat "$tmp/err")"
  python3 - "$tmp/$cpu.json" "$tmp/$cpu.jsonl" "$cpu" <<'PY' || fail "CPU $cpu: see above"
import json, sys
path, jsonl, cpu = sys.argv[1], sys.argv[2], int(sys.argv[3])
reps = [b for b in json.load(open(path))["benchmarks"] if b.get("run_type") == "iteration"]
assert len(reps) == 3, reps
for b in reps:
    assert b["main_cpu"] == cpu and b["main_cpu_moved"] is False, (cpu, b)
lines = [json.loads(l) for l in open(jsonl) if l.strip()]
tagged = [l for l in lines if "\"main_cpu\":" in json.dumps(l)]  # not the context's main_cpu_pinned
assert tagged, f"no JSONL line carries main_cpu: {lines[:3]}"
for l in tagged:
    text = json.dumps(l)
    assert f'"main_cpu": {cpu},' in text and '"main_cpu_moved": false' in text, text[:400]
PY
done
echo "main_cpu: every repetition named the CPU it was pinned to (${cpus[*]})"
