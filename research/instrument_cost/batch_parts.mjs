// One case's repetitions as the runner counts them (--metric instructions: fixed batches of N
// iterations after the warm-up), each batch bracketed by the instrument's start()/stop() and followed
// by process.memoryUsage(): under valgrind --tool=callgrind --dump-before='node::MemoryUsage*' every
// batch is a dump of its own (dump k+1 is batch k), so an occasional batch that counts more can be
// compared function by function with a normal one (selfcost.py A B).
//
//   node --allow-natives-syntax batch_parts.mjs --suite FILE --case NAME --iterations N --repetitions R
//        [--warm-iterations W] [--instrument FILE.node]
import process from 'node:process';

import { loadInstrument, loadSuite, prepareCase, warmUp } from './case_host.mjs';

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
const instrument = loadInstrument(o.instrument);
const { api, cases } = loadSuite(o.suite);
const timed = await prepareCase(api, cases, o.caseName, instrument, 'batch_parts.mjs');
warmUp(timed, o.warm);
const seen = [];
process.memoryUsage();
for (let r = 0; r < o.repetitions; r++) {
  const x = timed(o.iterations);
  process.memoryUsage();
  seen.push(x ? { compiles: x.compiles, scavenges: x.counters.scavenge_count ?? null } : null);
}
await api.teardown();
process.stdout.write(`${JSON.stringify({ case: o.caseName, batches: seen })}\n`);
