// Several cases of one suite in one process, for instruction counting under callgrind (count_suite.sh):
// count_case.mjs's work per case (prepare, check, settle, warm-up, timed batches bracketed by the
// instrument's start()/stop() when loaded, teardown), with process.memoryUsage() right before and right
// after each case's timed batches. Under valgrind --tool=callgrind --dump-before='node::MemoryUsage*'
// the process's dump number 2k is then case k's timed batches alone. One Node start-up serves every
// case (the runner, too, runs a suite's cases in one process); both variants run the same sequence.
//
//   node --allow-natives-syntax count_cases.mjs --suite FILE --plan PLAN [--batches B] [--instrument FILE.node]
//
// PLAN: one case a line, "CASE ITERATIONS WARM_ITERATIONS". Prints one JSON line per case (compiles seen
// in its timed batches, code state after them).
import { createRequire } from 'node:module';
import process from 'node:process';

const require = createRequire(import.meta.url);
const fs = require('node:fs');
const path = require('node:path');

const o = { suite: null, plan: null, batches: 10, instrument: null };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--suite') o.suite = argv[++i];
  else if (a === '--plan') o.plan = argv[++i];
  else if (a === '--batches') o.batches = Number(argv[++i]);
  else if (a === '--instrument') o.instrument = argv[++i];
  else throw new Error(`count_cases.mjs: unknown argument ${a}`);
}
if (!o.suite || !o.plan) throw new Error('count_cases.mjs: --suite FILE --plan FILE are required');
let instrument = null;
if (o.instrument) {
  const module = { exports: {} };
  process.dlopen(module, path.resolve(o.instrument));
  instrument = module.exports;
}
globalThis.require = require;
const here = path.dirname(new URL(import.meta.url).pathname);
const apiSource = fs.readFileSync(path.join(here, '../../js/bench_api.js'), 'utf8');
(0, eval)(`${apiSource}\n//# sourceURL=v8bench:bench_api.js`);
const api = globalThis.__v8bench;
api.configure('{}');
(0, eval)(`${api.wrap(fs.readFileSync(o.suite, 'utf8'), o.suite)}\n//# sourceURL=${o.suite}`);
const cases = JSON.parse(api.describe(true)).cases;
const plan = fs.readFileSync(o.plan, 'utf8').split('\n').filter((l) => l.trim()).map((l) => l.trim().split(/\s+/));
for (const [caseName, iterations, warm] of plan) {
  const index = cases.findIndex((c) => c.name === caseName);
  if (index < 0) throw new Error(`count_cases.mjs: no case ${caseName} in ${o.suite}`);
  const batch = api.prepare(index, true);
  await api.check();
  await api.settle('optimized');
  const timed = (n) => {
    if (!instrument) return batch(n);
    instrument.start();
    batch(n);
    return instrument.stop(n);
  };
  const w = Number(warm);
  for (let done = 0, n = 1; done < w; done += n, n = Math.min(n * 4, w - done || 1)) timed(n);
  const total = Number(iterations);
  let compiles = 0;
  process.memoryUsage();
  const per = Math.max(1, Math.floor(total / o.batches));
  for (let done = 0; done < total; done += per) {
    const r = timed(Math.min(per, total - done));
    if (r) compiles += r.compiles;
  }
  process.memoryUsage();
  const state = api.codeState();
  await api.teardown();
  process.stdout.write(`${JSON.stringify({ case: caseName, iterations: total, compiles: instrument ? compiles : null, code_state: state })}\n`);
}
