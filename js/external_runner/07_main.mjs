// v8bench's external runner, part 07: the commands, and the worker's entry points.
// One module with the other parts of js/external_runner/, joined in file-name order (cmake/EmbedJs.cmake).

async function main(argvIn) {
  const { argv: withRules, dir, none } = takeInstrumentDir(argvIn);
  loadInstrument(dir, none);
  instrumentArgs = { dir, none };
  // The method's rules come with every command (the harness adds them wherever it starts the runner).
  const { argv, error } = takeMethodRules(withRules);
  if (error) {
    console.error(`v8bench external runner: ${error}`);
    return 2;
  }
  const [command, ...rest] = argv;
  facts = engineFacts();
  if (command === 'info') {
    emit({ ...facts, measured_by: measuredBy(facts, true) });
    return 0;
  }
  if (command === 'trig') {
    const xs = JSON.parse(readText(rest[0]));
    const out = [];
    for (const x of xs) out.push(Math.sin(x), Math.cos(x));
    emit(out);
    return 0;
  }
  if (command === 'run') return run(rest);
  if (command === 'profile') return profileCase(rest);
  console.error('usage: external_runner.mjs info | trig FILE | run [options] SUITE... | profile --case NAME --profile-out FILE [options] SUITE');
  return 2;
}

// A Worker a suite file started runs this file as its entry, with its session (js/worker_cases/).
const inSuiteWorker = isNode && typeof process.env.V8BENCH_WORKER_SESSION === 'string' && !require('node:worker_threads').isMainThread;
if (inSuiteWorker) {
  workerMain();
} else if (!isWorkerd) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      process.stderr.write(`v8bench external runner: ${describeError(e)}\n`);
      process.exit(2);
    },
  );
}

// workerd runs this module as a worker (`workerd test`): its test handler is the runner's main. A
// failed case is reported on its line (the handler returns normally, workerd exits 0); bad input
// throws, so workerd reports the test failed and exits non-zero.
export default {
  async test(controller, env) {
    workerEnv = env;
    let code;
    try {
      code = await main(env.V8BENCH.argv);
    } catch (e) {
      console.error(`v8bench external runner: ${describeError(e)}`);
      throw e;
    }
    if (code === 2) throw new Error('v8bench external runner: bad input (see above)');
  },
};
