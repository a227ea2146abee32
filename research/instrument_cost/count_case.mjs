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
import process from 'node:process';

import { loadInstrument, loadSuite, prepareCase, runBatches, warmUp } from './case_host.mjs';

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
const instrument = loadInstrument(o.instrument);
const { api, cases } = loadSuite(o.suite);
const timed = await prepareCase(api, cases, o.caseName, instrument, 'count_case.mjs');
warmUp(timed, o.warm);
if (o.mark) process.memoryUsage();
const compiles = runBatches(timed, o.iterations, o.batches);
if (o.mark) process.memoryUsage();
const state = api.codeState();
await api.teardown();
process.stdout.write(`${JSON.stringify({ case: o.caseName, iterations: o.iterations, compiles, code_state: state })}\n`);
