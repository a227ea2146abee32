// One case of a suite, a fixed amount of work, for instruction counting under callgrind: what does the
// in-process instrument (harness/engine/node_instrument.cc) add per iteration? Run it twice with two
// iteration counts and take the difference of the two processes' instruction totals: start-up, loading
// and warm-up cancel, what remains is the timed batches' own work on every thread.
//
//   node --allow-natives-syntax count_case.mjs --suite suites/trig.js --case NAME --iterations N
//        [--batches B] [--warm-iterations W] [--instrument FILE.node] [--mark]
//
// The case is prepared and settled as the runner does (js/bench_api.js), warmed with W iterations in
// batches, then run as B batches of N/B iterations each; with --instrument, every batch is bracketed by
// the instrument's start()/stop() as js/external_runner.mjs timeBatch does, and the instrument is
// loaded before the suite, as there. Prints one JSON line (the compiles and code state seen), so a
// run can be checked to have done the same work as its pair.
// --mark calls process.memoryUsage() (node::MemoryUsage, called by nothing else here) right before the
// timed batches and right after them: under valgrind --tool=callgrind --dump-before='node::MemoryUsage*'
// the second of the process's dumps is then the timed batches alone, on every thread (count1.sh), so
// one run per variant measures them without start-up and warm-up (whose counts vary run to run by a few
// million instructions: the hash seed, GC timing).
import { createRequire } from 'node:module';
import process from 'node:process';

const require = createRequire(import.meta.url);
const fs = require('node:fs');
const path = require('node:path');

function parse(argv) {
  const o = { suite: null, caseName: null, iterations: 0, batches: 10, warm: 200000, instrument: null, mark: false };
  for (let i = 0; i < argv.length; i++) {
    const next = () => argv[++i];
    const a = argv[i];
    if (a === '--suite') o.suite = next();
    else if (a === '--case') o.caseName = next();
    else if (a === '--iterations') o.iterations = Number(next());
    else if (a === '--batches') o.batches = Number(next());
    else if (a === '--warm-iterations') o.warm = Number(next());
    else if (a === '--instrument') o.instrument = next();
    else if (a === '--mark') o.mark = true;
    else throw new Error(`count_case.mjs: unknown argument ${a}`);
  }
  if (!o.suite || !o.caseName || !(o.iterations >= 0)) {
    throw new Error('count_case.mjs: --suite FILE --case NAME --iterations N are required');
  }
  return o;
}

const o = parse(process.argv.slice(2));
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
const index = cases.findIndex((c) => c.name === o.caseName);
if (index < 0) throw new Error(`count_case.mjs: no case ${o.caseName} in ${o.suite}`);
const batch = api.prepare(index, true);
await api.check();
await api.settle('optimized');
const timed = (n) => {
  if (!instrument) return batch(n);
  instrument.start();
  batch(n);
  return instrument.stop(n);
};
// Warm-up in growing batches, as the runner's (fixed sizes here, so both runs of a pair agree).
for (let done = 0, n = 1; done < o.warm; done += n, n = Math.min(n * 4, o.warm - done || 1)) timed(n);
let compiles = 0;
if (o.mark) process.memoryUsage();
const per = Math.max(1, Math.floor(o.iterations / o.batches));
for (let done = 0; done < o.iterations; done += per) {
  const r = timed(Math.min(per, o.iterations - done));
  if (r) compiles += r.compiles;
}
if (o.mark) process.memoryUsage();
const state = api.codeState();
await api.teardown();
process.stdout.write(`${JSON.stringify({ case: o.caseName, iterations: o.iterations, compiles, code_state: state })}\n`);
