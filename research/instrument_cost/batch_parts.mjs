// One case's repetitions as the runner counts them (--metric instructions: fixed batches of N
// iterations after the warm-up), each batch bracketed by the instrument's start()/stop() and followed
// by process.memoryUsage(): under valgrind --tool=callgrind --dump-before='node::MemoryUsage*' every
// batch is a dump of its own (dump k+1 is batch k), so an occasional batch that counts more can be
// compared function by function with a normal one (selfcost.py A B).
//
//   node --allow-natives-syntax batch_parts.mjs --suite FILE --case NAME --iterations N --repetitions R
//        [--warm-iterations W] [--instrument FILE.node]
import { createRequire } from 'node:module';
import process from 'node:process';

const require = createRequire(import.meta.url);
const fs = require('node:fs');
const path = require('node:path');

const o = { suite: null, caseName: null, iterations: 10, repetitions: 20, warm: 2000, instrument: null };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--suite') o.suite = argv[++i];
  else if (a === '--case') o.caseName = argv[++i];
  else if (a === '--iterations') o.iterations = Number(argv[++i]);
  else if (a === '--repetitions') o.repetitions = Number(argv[++i]);
  else if (a === '--warm-iterations') o.warm = Number(argv[++i]);
  else if (a === '--instrument') o.instrument = argv[++i];
  else throw new Error(`batch_parts.mjs: unknown argument ${a}`);
}
let instrument = null;
if (o.instrument) {
  const module = { exports: {} };
  process.dlopen(module, path.resolve(o.instrument));
  instrument = module.exports;
}
globalThis.require = require;
const here = path.dirname(new URL(import.meta.url).pathname);
(0, eval)(`${fs.readFileSync(path.join(here, '../../js/bench_api.js'), 'utf8')}\n//# sourceURL=v8bench:bench_api.js`);
const api = globalThis.__v8bench;
api.configure('{}');
(0, eval)(`${api.wrap(fs.readFileSync(o.suite, 'utf8'), o.suite)}\n//# sourceURL=${o.suite}`);
const cases = JSON.parse(api.describe(true)).cases;
const index = cases.findIndex((c) => c.name === o.caseName);
if (index < 0) throw new Error(`batch_parts.mjs: no case ${o.caseName}; there are ${cases.map((c) => c.name).join(', ')}`);
const batch = api.prepare(index, true);
await api.check();
await api.settle('optimized');
const timed = (n) => {
  if (!instrument) return batch(n);
  instrument.start();
  batch(n);
  return instrument.stop(n);
};
for (let done = 0, n = 1; done < o.warm; done += n, n = Math.min(n * 4, o.warm - done || 1)) timed(n);
const seen = [];
process.memoryUsage();
for (let r = 0; r < o.repetitions; r++) {
  const x = timed(o.iterations);
  process.memoryUsage();
  seen.push(x ? { compiles: x.compiles, scavenges: x.counters.scavenge_count ?? null } : null);
}
await api.teardown();
process.stdout.write(`${JSON.stringify({ case: o.caseName, batches: seen })}\n`);
