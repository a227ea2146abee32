// v8bench's external runner, part 04: the run command: arguments, the plan, a case line per case.
// One module with the other parts of js/external_runner/, joined in file-name order (cmake/EmbedJs.cmake).

let gcTraced = false;

// forInfo: what a comparison will use (GC observation is only known once a case ran).
function measuredBy(facts, forInfo = false) {
  const by = {
    wall_ns: isWorkerd
      ? `performance.now() in the worker around the batch (workerd advances it during synchronous execution, in steps of ${facts.clock_step_ms} ms; each batch lasts at least 100 steps)`
      : 'performance.now() around the batch',
    cpu_ns: facts.has_thread_cpu
      ? 'process.threadCpuUsage()'
      : isWorkerd
        ? 'absent (a worker has no CPU clock)'
        : 'absent (no main-thread CPU clock in this engine)',
    process_cpu_ns: facts.has_process_cpu ? 'process.cpuUsage()' : 'absent (a worker has no CPU clock)',
    gc: gcObserved || (forInfo && !isDeno && !isBun && !isWorkerd)
      ? "PerformanceObserver 'gc' entries" + (forInfo ? ' (absent where this engine emits none)' : '')
      : gcTraced || (forInfo && isDeno)
        ? "V8 --trace-gc lines, attributed to each sample's time window by the driver (±1 ms)"
        : isBun
          ? 'absent (JavaScriptCore reports no GC events to JavaScript)'
          : isWorkerd
            ? 'absent (a worker can observe no GC)'
            : 'absent (the engine reports no GC entries)',
    alloc_bytes: facts.has_total_allocated
      ? 'v8.getHeapStatistics().total_allocated_bytes'
      : isBun
        ? "absent (JavaScriptCore has no cumulative allocation counter: Bun's total_allocated_bytes restarts at every GC)"
        : 'absent (no allocation counter in this engine)',
  };
  if (isBun) by.heap_bytes = "bun:jsc heapSize() after the batch (JavaScriptCore's heap size)";
  if (instrument) {
    const host = 'the in-process instrument (the embedded host\'s code in a Node addon)';
    by.cpu_ns = `CLOCK_THREAD_CPUTIME_ID, ${host}`;
    by.process_cpu_ns = `CLOCK_PROCESS_CPUTIME_ID, ${host}`;
    by.gc = `V8's GC prologue/epilogue callbacks, by kind, ${host}`;
    by.alloc_bytes = `heap statistics + bytes each GC freed, ${host}`;
    by.page_faults = `the main thread's minor page faults, ${host}`;
    by.compiles = `V8's JIT code events, ${host}`;
  }
  by.instructions = canCount()
    ? "callgrind's client requests around each timed batch (or the CPU's hardware counter), the in-process instrument"
    : isWorkerd || isBun || isDeno
      ? 'absent (counted by v8bench\'s in-process instrument, a Node addon: this engine runs its batches in JS only)'
      : `absent (counted by v8bench's in-process instrument, which this Node has not loaded: ${instrumentWhy})`;
  by.instrument = instrumentWhy;
  // Which code decides the warm-up, batches, re-runs and long calls (the method's rules, 03_measure_case.mjs).
  by.method_rules = methodRulesBy;
  // What `profile --engine` samples with (info only: it is no figure of a run).
  if (forInfo) {
    by.profile = isWorkerd
      ? 'not supported (a worker has no node:inspector Session)'
      : canProfileInProcess()
        ? "V8's CPU profiler inside the engine, through the in-process instrument: tiers per function from JIT code events, deopts and VM states, as the embedded profile"
        : `the inspector's Profiler domain (node:inspector): no tiers per function, deopts or VM states (${whyNotInProcess()})`;
  }
  return by;
}

function describeError(e) {
  // The built-ins a suite replaced, named when the bench API's own code threw over them (the embedded
  // host does the same): the API's entry points let exceptions through untouched.
  try {
    globalThis.__v8bench?.nameError(e);
  } catch { /* naming is a courtesy */ }
  if (e && typeof e.stack === 'string') return e.stack;
  return String(e);
}

function installGlobals() {
  globalThis.require = require;
  if (typeof globalThis.Buffer === 'undefined') globalThis.Buffer = require('node:buffer').Buffer;
  if (typeof globalThis.process === 'undefined') globalThis.process = process;
  const api = isWorkerd ? workerEnv.V8BENCH.api : fs.readFileSync(require('node:path').join(here, 'bench_api.js'), 'utf8');
  evalScript(api, 'v8bench:bench_api.js');
  return globalThis.__v8bench;
}

// --filter, as the host reads it (harness/model/suite.h CaseFilter): a match anywhere in the case name,
// except that a match ending inside a parameter's value counts only where the value ends.
function caseFilter(source) {
  const anywhere = new RegExp(source);
  const atBoundary = new RegExp(`(?:${source})(?=/|$)`);
  const insideAValue = (name, end) => {
    if (end === 0 || end >= name.length || name[end] === '/') return false;
    const start = name.lastIndexOf('/', end - 1) + 1;
    const colon = name.indexOf(':', start);
    return colon >= 0 && colon < end;
  };
  return {
    test(name) {
      const first = anywhere.exec(name);
      if (!first) return false;
      if (!insideAValue(name, first.index + first[0].length)) return true;
      if (atBoundary.test(name)) return true;
      for (const m of name.matchAll(new RegExp(source, 'g'))) {
        if (!insideAValue(name, m.index + m[0].length)) return true;
      }
      return false;
    },
  };
}

// The settings each command measures with, by option. The harness passes every one (harness/workers:
// compare_worker.cc ExternalWorkerArgs, engine_profile.cc RunnerProfileArgs) from its own settings
// table, so the runner has no defaults of its own to drift from it: a command without one is refused.
const RUN_SETTINGS = { '--repetitions': 'repetitions', '--min-time': 'minTime', '--min-young-gcs': 'minYoungGcs',
  '--warmup': 'warmup', '--max-warmup': 'maxWarmup', '--tier': 'tier', '--left-callbacks': 'leftCallbacks' };
const PROFILE_SETTINGS = { '--duration': 'duration', '--interval': 'interval', '--warmup': 'warmup', '--tier': 'tier' };

// Why `command` cannot run with `opts`: the settings of `table` it lacks or that are no number; '' when none.
function missingSettings(command, opts, table) {
  const bad = Object.entries(table).filter(([, key]) => opts[key] === null || (key !== 'tier' && !Number.isFinite(opts[key])));
  if (bad.length === 0) return '';
  return `${command} needs ${bad.map(([option]) => option).join(', ')} (the harness passes every setting; the runner has no defaults of its own)`;
}

function parseArgs(argv) {
  const opts = { filter: null, repetitions: null, minTime: null, minYoungGcs: null, warmup: null, maxWarmup: null, tier: null, leftCallbacks: null, quick: false, gcTrace: false, planOnly: false, serve: false, params: {}, files: [],
    caseName: null, profileOut: null, duration: null, interval: null, metric: null, callgrindDir: '', iterations: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i];
    if (a === '--filter') {
      opts.filterSource = next();
      opts.filter = caseFilter(opts.filterSource);
    }
    else if (a === '--repetitions') opts.repetitions = Number(next());
    else if (a === '--min-time') opts.minTime = Number(next());
    else if (a === '--min-young-gcs') opts.minYoungGcs = Number(next());
    else if (a === '--warmup') opts.warmup = Number(next());
    else if (a === '--max-warmup') opts.maxWarmup = Number(next());
    else if (a === '--tier') opts.tier = next();
    else if (a === '--left-callbacks') opts.leftCallbacks = Number(next());
    else if (a === '--quick') opts.quick = true;
    else if (a === '--gc-trace') opts.gcTrace = true;
    else if (a === '--case') opts.caseName = next();
    else if (a === '--profile-out') opts.profileOut = next();
    else if (a === '--duration') opts.duration = Number(next());
    else if (a === '--interval') opts.interval = Number(next());
    else if (a === '--plan-only') opts.planOnly = true;
    else if (a === '--sealed') opts.sealed = true;
    else if (a === '--serve') opts.serve = true;
    else if (a === '--metric') opts.metric = next();
    else if (a === '--callgrind-dir') opts.callgrindDir = next();
    else if (a === '--iterations') opts.iterations = Number(next());
    else if (a === '--param') {
      const [k, v] = next().split(/=(.*)/s);
      opts.params[k] = v.split(',');
    } else opts.files.push(a);
  }
  return opts;
}

async function run(argv) {
  const opts = parseArgs(argv);
  const missing = opts.planOnly ? '' : missingSettings('run', opts, RUN_SETTINGS);
  if (missing) {
    console.error(`v8bench external runner: ${missing}`);
    return 2;
  }
  if (opts.iterations !== null && !(Number.isInteger(opts.iterations) && opts.iterations >= 1)) {
    console.error(`v8bench external runner: --iterations ${opts.iterations}: give a whole number of at least 1`);
    return 2;
  }
  let instructionsBy = '';
  if (opts.metric !== null) {
    if (opts.metric !== 'instructions') {
      console.error(`v8bench external runner: --metric ${opts.metric}: the runner counts only instructions (--metric instructions); every time figure is reported anyway`);
      return 2;
    }
    if (opts.iterations === null) {
      console.error('v8bench external runner: --metric instructions needs --iterations N (a batch grown to a time would follow the simulation\'s speed)');
      return 2;
    }
    try {
      instructionsBy = openCounter(opts);
    } catch (e) {
      console.error(`v8bench external runner: ${e.message}`);
      return 2;
    }
  }
  if (opts.serve && (isWorkerd || isDeno)) {
    // workerd has no stdin to take commands on; Deno's --trace-gc lines (its GC figures) reach stdout
    // block-buffered, after the sample they belong to (workers/external_engine.h ServesSamples).
    console.error(`v8bench external runner: --serve: ${isWorkerd ? 'workerd' : 'Deno'} takes a fresh worker per sample (compare --long-lived 0)`);
    return 2;
  }
  if (opts.sealed) readSeal(opts.serve);
  const api = installGlobals();
  api.configure(JSON.stringify(opts.params));
  if (opts.gcTrace && typeof globalThis.gc === 'function') {
    // Ties V8's trace clock (ms since the isolate started) to performance.now(): the trace line of
    // this forced GC carries the reason "testing".
    const perfMs = performance.now();
    globalThis.gc();
    emit({ type: 'gc_clock', perf_ms: perfMs });
    gcTraced = true;
  }
  await captureWorkers(opts);
  await loadFiles(api, opts.files);
  if (workerCases !== null) workerCases.stop();
  const described = JSON.parse(withEval(() => api.describe(opts.quick)));
  const plan = described.cases.map((c, index) => ({ ...c, index })).filter((c) => !opts.filter || opts.filter.test(c.name));
  const workerPlan = workerCasePlan(opts.files, opts);
  const v8Flags = isWorkerd ? workerEnv.V8BENCH.v8_flags.join(' ') : (process.execArgv || []).join(' ');
  emit({ type: 'context', format_version: PROTOCOL_FORMAT_VERSION, ...facts, v8_flags: v8Flags, trig_path: '',
    planned: [...plan, ...workerPlan.cases()].map((c) => c.name),
    ...(instructionsBy ? { instructions_by: instructionsBy, iterations_per_batch: opts.iterations } : {}) });
  if (opts.planOnly) {
    // compare --shard learns the cases from these lines; nothing runs.
    for (const c of [...plan, ...workerPlan.cases()]) emit({ type: 'plan', ...caseFields(c) });
    emit({ type: 'end' });
    return 0;
  }
  if (opts.serve) return serve(api, plan, workerPlan, opts);
  let failed = 0;
  for (const c of plan) {
    const { start, line } = await measureLine(api, c, opts);
    emit(start);
    emit(line);
    if (line.status === 'failed') failed++;
  }
  for (const line of workerPlan.lines()) {
    emit(line);
    if (line.type === 'case' && line.status === 'failed') failed++;
  }
  emit({ type: 'end' });
  return failed > 0 ? 1 : 0;
}

// --serve (a long-lived worker, as the embedded host's `run --serve`, harness/runner/suite_runner.cc
// ServePlan): every case is prepared and warmed up once (then a "ready" line), then each "sample" line on stdin times one more
// sample of each, written as a fresh worker's case lines and closed by an "end" line. A case that failed
// says so again at every sample. End of file on stdin ends the worker.
const SAMPLE_COMMAND = 'sample'; // harness/workers/worker_stdin.h kSampleCommand
async function serve(api, plan, workerPlan, opts) {
  const ready = [];
  for (const c of plan) {
    const slots = casesPrepared;
    try {
      ready.push({ c, case: await readyCase(api, c.index, opts), error: null });
    } catch (e) {
      // The case is the bench API's current one only if its prepare() returned: else it is the one readied
      // before it, which stays.
      ready.push({ c, case: null, error: await caseFailure(api, e, opts, casesPrepared > slots) });
    }
  }
  // A Worker's cases were measured once, by the Worker, while the files loaded: no second sample exists.
  const inWorkers = workerPlan.cases().map((c) => ({ c, case: null, error: { status: 'failed',
    error: 'a case declared in a worker_threads Worker is measured once per process: compare it with --long-lived 0' } }));
  // Every case is warmed up: the driver holds other workers' samples until then (workers/worker_protocol.h kReadyLine).
  emit({ type: 'ready' });
  for (;;) {
    const command = readCommand();
    if (command === null) break;
    if (command !== SAMPLE_COMMAND) {
      console.error(`v8bench external runner: --serve: unknown command '${command}' on stdin (expected '${SAMPLE_COMMAND}'); ending`);
      break;
    }
    for (const r of [...ready, ...inWorkers]) {
      const { start, line } = caseLines(r.c);
      emit(start);
      if (r.case !== null) {
        try {
          const measured = await timeSample(api, r.case, opts);
          line.samples = measured.samples;
          Object.assign(line, measured.warmup);
        } catch (e) {
          r.error = await caseFailure(api, e, opts);
          r.case = null;
        }
      }
      if (r.error !== null) Object.assign(line, r.error);
      line.measured_by = measuredBy(facts);
      emit(line);
    }
    emit({ type: 'end' });
  }
  return 0;
}

// A case that threw: its status (unsupported by the bench API's brand check, never the error's name or
// text; else failed) and error; the case is torn down and what it left on the event loop run.
async function caseFailure(api, e, opts, isCurrent = true) {
  const text = e instanceof StrayCall ? e.message : describeError(e);
  const reason = api.unsupportedReason(e);
  if (isCurrent) {
    try { await withEval(() => api.teardown()); } catch { /* the case already failed */ }
  }
  await runLeftCallbacks(api, opts); // the case already failed: what it left is not the next case's
  return reason === undefined ? { status: 'failed', error: text } : { status: 'unsupported', error: reason };
}

// What every protocol line about described case `c` starts with.
const caseFields = (c) => ({ name: c.name, suite: c.suite, bench: c.bench, realm: c.realm, params: Object.fromEntries(c.params) });
// Case `c`'s start line, and its case line before it is measured: ok, no samples yet.
const caseLines = (c) => ({ start: { type: 'start', ...caseFields(c) },
  line: { type: 'case', ...caseFields(c), status: 'ok', error: '', samples: [] } });

// One case measured: the protocol's start line and case line.
async function measureLine(api, c, opts) {
  const { start, line } = caseLines(c);
  try {
    const measured = await measureCase(api, c.index, opts);
    line.samples = measured.samples;
    Object.assign(line, measured.warmup);
    const stray = await runLeftCallbacks(api, opts);
    if (stray !== '') {
      line.status = 'failed';
      line.error = stray;
      line.samples = [];
    }
  } catch (e) {
    Object.assign(line, await caseFailure(api, e, opts));
  }
  line.measured_by = measuredBy(facts);
  return { start, line };
}
