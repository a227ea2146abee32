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
import fs from 'node:fs';
import process from 'node:process';

import { loadInstrument, loadSuite, prepareCase, runBatches, warmUp } from './case_host.mjs';

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
const instrument = loadInstrument(o.instrument);
const { api, cases } = loadSuite(o.suite);
const plan = fs.readFileSync(o.plan, 'utf8').split('\n').filter((l) => l.trim()).map((l) => l.trim().split(/\s+/));
for (const [caseName, iterations, warm] of plan) {
  const timed = await prepareCase(api, cases, caseName, instrument, 'count_cases.mjs');
  warmUp(timed, Number(warm));
  const total = Number(iterations);
  process.memoryUsage();
  const compiles = runBatches(timed, total, o.batches);
  process.memoryUsage();
  const state = api.codeState();
  await api.teardown();
  process.stdout.write(`${JSON.stringify({ case: caseName, iterations: total, compiles: instrument ? compiles : null, code_state: state })}\n`);
}
