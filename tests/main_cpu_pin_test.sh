#!/usr/bin/env bash
# --main-cpu pins the measuring thread and only it: run and compare's workers record the CPU in their
# context and every repetition, V8's other threads keep every CPU (what tells it apart from taskset),
# and a CPU the process may not use is refused with exit 2 before anything runs. Skipped (77) on a
# machine with one CPU or without taskset.
# Usage: main_cpu_pin_test.sh V8BENCH SOURCE_DIR
# shellcheck source=tests/two_cpus.sh
source "$(dirname "${BASH_SOURCE[0]}")/two_cpus.sh" "$@"
allowed=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status)  # the kernel's cpu-list syntax, as v8bench writes it
fixture=$src/tests/fixtures/hot.js

for cpu in "${cpus[@]}"; do
  "$v8bench" run "$fixture" --quick --no-native --main-cpu "$cpu" --format json --out "$tmp/$cpu.json" \
    >"$tmp/$cpu.txt" 2>"$tmp/err" || fail "run --main-cpu $cpu exited $?: $(cat "$tmp/err")"
  grep -q "main thread pinned to CPU $cpu (other threads on $allowed)" "$tmp/$cpu.txt" ||
    fail "the table's header does not say the pin: $(head -3 "$tmp/$cpu.txt")"
  python3 - "$tmp/$cpu.json" "$cpu" "$allowed" <<'PY' || fail "run --main-cpu $cpu: see above"
import json, sys
doc, cpu, allowed = json.load(open(sys.argv[1])), int(sys.argv[2]), sys.argv[3]
ctx = doc["context"]
assert ctx["main_cpu_pinned"] == cpu, ctx
# V8's platform threads existed before the pin and were left alone: they may run anywhere the process may.
assert ctx["other_threads_cpus"] == allowed, (ctx["other_threads_cpus"], allowed)
reps = [b for b in doc["benchmarks"] if b.get("run_type") == "iteration"]
assert len(reps) == 3, reps
for b in reps:
    assert b["main_cpu"] == cpu and b["main_cpu_moved"] is False, (cpu, b)
PY
done

# Unpinned, the context says so.
"$v8bench" run "$fixture" --quick --no-native --format json --out "$tmp/free.json" >/dev/null 2>"$tmp/err" ||
  fail "unpinned run exited $?: $(cat "$tmp/err")"
python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["context"]; assert c["main_cpu_pinned"] is None and c["other_threads_cpus"] == "", c' \
  "$tmp/free.json" || fail "an unpinned run's context claims a pin"

# A CPU outside the process's affinity: exit 2, said, nothing written.
taskset -c "${cpus[0]}" "$v8bench" run "$fixture" --quick --main-cpu "${cpus[1]}" --format json --out "$tmp/no.json" \
  >/dev/null 2>"$tmp/err"
code=$?
((code == 2)) || fail "--main-cpu ${cpus[1]} under taskset -c ${cpus[0]} exited $code, not 2"
grep -q -- "--main-cpu ${cpus[1]}: this process may run on CPU ${cpus[0]} only" "$tmp/err" || fail "message: $(cat "$tmp/err")"
[ ! -e "$tmp/no.json" ] || fail "a refused run wrote its --out file"

# compare: each variant's own pin, and --main-cpu for the variants without one.
"$v8bench" compare "$fixture" --quick --runs 2 --min-samples 2 --main-cpu "${cpus[1]}" --variant free= \
  --variant own="--main-cpu ${cpus[0]}" --out "$tmp/cmp.json" >"$tmp/cmp.txt" 2>"$tmp/err" ||
  fail "compare exited $?: $(cat "$tmp/err")"
python3 - "$tmp/cmp.json" "${cpus[1]}" "${cpus[0]}" <<'PY' || fail "compare: see above"
import json, sys
doc, default, own = json.load(open(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3])
pins = {v["name"]: v["engine_info"]["main_cpu_pinned"] for v in doc["variants"]}
assert pins == {"free": default, "own": own}, pins
# Every sample records the CPU its case ran on, and variants on different CPUs are named beside the verdict.
for sample in doc["samples"]:
    expected = default if sample["variant"] == "free" else own
    assert sample["cpu"] and set(sample["cpu"].values()) == {expected}, sample
# The note names the CPUs only when they timed apart: each side's median (main-thread CPU, the compared
# metric) more than 10% from the other's (measure/metrics.h CpusDiffer); pinned CPUs can run alike.
notes = doc["analysis"]["cpu_notes"]
def median(v):
    xs = sorted(x["cpu_ns"] for s in doc["samples"] if s["variant"] == v for x in s["values"].values())
    return (xs[(len(xs) - 1) // 2] + xs[len(xs) // 2]) / 2
ratio = max(median("free"), median("own")) / min(median("free"), median("own"))
if ratio > 1.1:
    assert len(notes) == 1 and notes[0].startswith("CPUs: ") and f"on CPU {own}" in notes[0], (ratio, notes)
else:
    assert notes == [], (ratio, notes)
PY
grep -q -- "--main-cpu ${cpus[0]}" "$tmp/cmp.txt" || fail "the report does not show the variant's pin"
"$v8bench" compare "$fixture" --quick --main-cpu 4095 --variant a= --variant b=--no-opt >/dev/null 2>"$tmp/err"
code=$?
((code == 2)) || fail "compare --main-cpu 4095 exited $code, not 2"
grep -q -- "--main-cpu 4095: this process may run on" "$tmp/err" || fail "message: $(cat "$tmp/err")"
echo "--main-cpu: pinned the measuring thread to each of ${cpus[*]}, the other threads kept $allowed"
