#!/usr/bin/env bash
# Runs research/settings_sensitivity.sh as a user would, on a two-case fixture with two runs and the
# machine-speed probe, and checks the schedule it promises (GRAIN=blocks, the default): each case's
# 2 x 7 processes form one block, run 1 of every setting before run 2, each run measuring all seven
# settings once in an order rotated from run to run; one results file per process; a probe line per
# block; a table with a row per case, the A/A and probe columns. Then that bad input is refused with
# exit 2 and a message, before anything is measured.
# Usage: settings_sensitivity_test.sh V8BENCH SPEED_PROBE SOURCE_DIR
set -uo pipefail
v8bench=$1
probe=$2
src=$3
tool="$src/research/settings_sensitivity.sh"
fixture="$src/tests/fixtures/compare_loop.js"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

SUITES=$fixture PROBE=$probe "$tool" "$tmp/out" 2 "$v8bench" >"$tmp/stdout" 2>"$tmp/stderr" ||
  fail "settings_sensitivity.sh exited $?: $(cat "$tmp/stderr")"
grep -q "sensitivity: exit" "$tmp/stderr" && fail "a measuring process failed: $(cat "$tmp/stderr")"
find "$tmp/out" -name '*.err' -empty | grep -q . && fail "empty stderr files left in $tmp/out"

python3 - "$tmp/out" "$v8bench" "$fixture" <<'EOF' || fail "schedule or outputs: see above"
import json, os, re, subprocess, sys
out, v8bench, fixture = sys.argv[1:]
settings = ["quick", "defaults", "warmup-0.05", "warmup-1", "min-time-0.5", "repetitions-10", "defaults-again"]
cases = [c for s in json.loads(subprocess.check_output([v8bench, "list", fixture, "--quick", "--format", "json"]))
         for c in s["cases"]]
assert len(cases) == 2, cases

# commands.txt: one line per process, in the order they ran.
lines = open(os.path.join(out, "commands.txt")).read().splitlines()
assert len(lines) == 2 * 2 * 7, f"{len(lines)} commands, want 28"
procs = []
for line in lines:
    name = re.search(r"--filter \^(\S+)\$", line).group(1).replace("\\", "")
    m = re.search(r"--out \S*/([^/ ]+)/(\d+)-(\d+)\.json", line)
    procs.append((name, m.group(1), int(m.group(2)), int(m.group(3))))
for block, case in enumerate(cases):
    mine = procs[block * 14:(block + 1) * 14]
    assert all(p[0] == case for p in mine), f"block {block} is not all of {case}: {mine}"
    assert all(p[3] == block for p in mine), mine
    run1, run2 = mine[:7], mine[7:]
    assert [p[2] for p in run1] == [1] * 7 and [p[2] for p in run2] == [2] * 7, "run 1 of every setting first"
    for run in (run1, run2):
        assert sorted(p[1] for p in run) == sorted(settings), f"each run measures all seven settings once: {run}"
    assert run1[0][1] != run2[0][1], "the order is rotated from run to run"
    # Every process wrote its case's repetitions.
    for _, setting, run, index in mine:
        doc = json.load(open(os.path.join(out, setting, f"{run}-{index}.json")))
        reps = [b for b in doc["benchmarks"] if b.get("run_type") == "iteration" and b["run_name"] == case]
        assert reps and all(b["cpu_ns"] > 0 for b in reps), (setting, run, index)

# probes.jsonl: a line per block, the probe's kernels before and after it.
probes = [json.loads(l) for l in open(os.path.join(out, "probes.jsonl"))]
assert [p["case"] for p in probes] == cases, probes
for p in probes:
    assert p["runs"] == [1, 2], p
    assert p["before"]["chase_ns"] > 0 and p["after"]["chase_ns"] > 0, p

# table.md: the count line, a row per case with seven figures, the A/A and probe columns.
table = open(os.path.join(out, "table.md")).read()
assert re.search(r"\*\*\d of 2 cases within 15%\.\*\*", table), table
assert "A/A: defaults vs defaults-again | DRAM chase (probe) |" in table, table
for case in cases:
    row = next(l for l in table.splitlines() if l.startswith(f"| {case} |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert len(cells) == 1 + 7 + 3 + 1 + 1, row
    assert all(re.fullmatch(r"[\d.]+ (ns|µs|ms|s)", c) for c in cells[1:8]), row
    assert re.fullmatch(r"\d+–\d+ ns", cells[-1]), row
EOF
grep -q "sensitivity: wrote .*table.md" "$tmp/stderr" || fail "no 'wrote table.md' line: $(cat "$tmp/stderr")"

# Refusals, each before anything is measured: exit 2, a message naming the problem.
refused() {  # refused MESSAGE_PATTERN ENV... -- ARGS...
  local pattern=$1 env=()
  shift
  while [ "$1" != -- ]; do env+=("$1"); shift; done
  shift
  env "${env[@]}" "$tool" "$@" >/dev/null 2>"$tmp/err"
  local rc=$?
  [ "$rc" -eq 2 ] || fail "want exit 2 for ${env[*]} $*, got $rc: $(cat "$tmp/err")"
  grep -q "$pattern" "$tmp/err" || fail "message for ${env[*]} $*: $(cat "$tmp/err")"
  [ ! -e "$tmp/x" ] || fail "a refused call created its output directory (${env[*]} $*)"
}
refused "GRAIN must be blocks, cases or suites" GRAIN=rounds SUITES="$fixture" -- "$tmp/x" 1 "$v8bench"
refused "RUNS must be a whole number" SUITES="$fixture" -- "$tmp/x" 0 "$v8bench"
refused "FIRST_RUN must be a whole number from 1 to RUNS" FIRST_RUN=3 SUITES="$fixture" -- "$tmp/x" 2 "$v8bench"
refused "is not an executable; build first" SUITES="$fixture" -- "$tmp/x" 1 "$tmp/no-v8bench"
refused "PROBE .* is not an executable" PROBE="$tmp/no-probe" SUITES="$fixture" -- "$tmp/x" 1 "$v8bench"
refused "no suite file" SUITES="$tmp/none.js" -- "$tmp/x" 1 "$v8bench"
refused "PAIR_OUT needs GRAIN=blocks or GRAIN=cases" GRAIN=suites PAIR_OUT="$tmp/y" SUITES="$fixture" -- "$tmp/x" 1 "$v8bench"
echo "settings_sensitivity.sh: schedule, outputs and refusals as documented"
