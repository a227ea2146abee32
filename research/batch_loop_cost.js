// What the harness's batch loop costs an iteration in each tier, the call of the case's function included:
// the figure behind the method rule unoptimised_loop_call_seconds (harness/measure/method_rules.h). The loop
// has the shape of the bench API's (js/bench_api/03_cases.js: a `new Function` loop that calls fn(state) n
// times); fn does almost nothing, so the time is the loop's and the call's. Run it under the tiers' flags:
//   node research/batch_loop_cost.js                                   # V8's own tiering (optimised)
//   node --no-opt --no-sparkplug research/batch_loop_cost.js            # Ignition (Node 18)
//   node --no-opt --no-maglev --no-sparkplug research/batch_loop_cost.js # Ignition (Node 26)
//   node --no-opt --sparkplug --always-sparkplug research/batch_loop_cost.js   # Sparkplug (Node 18)
//   node --jitless research/batch_loop_cost.js                          # Ignition, every V8
// Prints the best of 15 batches of 2e6 iterations, in ns an iteration.
function fn(s) {
  return s.x;
}
const state = { x: 1 };
const batch = new Function(
  'fn',
  'state',
  'return function (n) { let r = 0; for (let i = 0; i < n; i++) r += fn(state); return r; }',
)(fn, state);
const n = 2e6;
let best = Infinity;
for (let k = 0; k < 15; k++) {
  const t0 = process.hrtime.bigint();
  batch(n);
  best = Math.min(best, Number(process.hrtime.bigint() - t0) / n);
}
console.log(process.version, process.execArgv.join(' ') || '(default flags)', best.toFixed(2), 'ns an iteration');
