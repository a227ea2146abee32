// v8bench's external runner, part 06: the profile command.
// One module with the other parts of js/external_runner/, joined in file-name order (cmake/EmbedJs.cmake).

// --- Profile -------------------------------------------------------------------------------------
// As the embedded profile (harness/engine/cpu_profile.cc ProfileCase): prepare, self-check, the fixed
// tiering sequence, warm-up batches doubling up to 5 ms for --warmup seconds (at least 3 batches), then
// batches under the profiler for --duration seconds. On Node with the in-process instrument, the profiler
// is the embedded host's (V8's CpuProfiler with JIT code events: tiers per function, deopts, VM states:
// harness/engine/node_instrument_profile.h), started as the embedded host starts it; elsewhere the
// inspector's Profiler domain (node:inspector), which has none of those.
const PROFILE_BATCH_SECONDS = 0.005;

// Whether `profile` samples with the instrument (an addon of this build has profileStart).
function canProfileInProcess() {
  return instrument !== null && typeof instrument.profileStart === 'function';
}

// Why `profile` cannot sample with the instrument here (where canProfileInProcess() is false).
function whyNotInProcess() {
  if (isWorkerd || isBun || isDeno) return 'the in-process instrument is a Node addon';
  return instrument !== null
    ? `the in-process instrument ${instrumentWhy.replace(/^in-process instrument /, '')} has no profiler (an older build)`
    : instrumentWhy;
}

// The inspector's Profiler domain, as a profiler with the instrument's shape: start(), then stop()
// returning the .cpuprofile JSON. Null where the engine has no node:inspector Session.
function inspectorProfiler(opts) {
  let inspector;
  try {
    inspector = require('node:inspector');
  } catch {
    return null;
  }
  if (!inspector || typeof inspector.Session !== 'function') return null;
  const session = new inspector.Session();
  const post = (method, params) =>
    new Promise((resolve, reject) => session.post(method, params || {}, (e, r) => (e ? reject(e) : resolve(r))));
  return {
    begin() {},
    async start() {
      session.connect();
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: opts.interval });
      await post('Profiler.start');
    },
    async stop() {
      const { profile } = await post('Profiler.stop');
      await post('Profiler.disable');
      session.disconnect();
      return JSON.stringify(profile);
    },
  };
}

// Which profiler `profile` uses, and why (the profile line says both).
function chooseProfiler(opts) {
  if (canProfileInProcess()) {
    return {
      kind: 'instrument',
      why: instrumentWhy,
      begin: () => instrument.profileBegin(),
      start: () => instrument.profileStart(opts.interval),
      stop: () => instrument.profileStop(),
    };
  }
  const viaInspector = inspectorProfiler(opts);
  if (!viaInspector) return null;
  return { kind: 'inspector', why: whyNotInProcess(), ...viaInspector };
}

async function profileCase(argv) {
  const opts = parseArgs(argv);
  const missing = missingSettings('profile', opts, PROFILE_SETTINGS);
  if (missing) {
    console.error(`v8bench external runner: ${missing}`);
    return 2;
  }
  const profiler = chooseProfiler(opts);
  if (!profiler) {
    emit({ type: 'profile_error', kind: 'unsupported', message: 'this engine has no node:inspector Session (the Profiler domain v8bench profiles with)' });
    return 2;
  }
  const api = installGlobals();
  api.configure(JSON.stringify(opts.params));
  await loadFiles(api, opts.files);
  const described = JSON.parse(api.describe(opts.quick));
  const index = described.cases.findIndex((c) => c.name === opts.caseName);
  if (index < 0) {
    emit({ type: 'profile_error', kind: 'usage', message: `no such case`, cases: described.cases.map((c) => c.name) });
    return 2;
  }
  // As the embedded host: before any of the case's code is compiled, so its JIT code is listed.
  profiler.begin();
  const batch = api.prepare(index, opts.quick);
  const isAsync = api.isAsync();
  await api.check();
  await api.settle(opts.tier);
  let n = 1;
  let callS = 0; // in the last warm-up batch
  const warmStart = performance.now();
  for (let batches = 0; ; ++batches) {
    const b0 = performance.now();
    const r = batch(n);
    if (isAsync) await r;
    const took = (performance.now() - b0) / 1000;
    callS = took / n;
    if ((performance.now() - warmStart) / 1000 >= opts.warmup && batches >= 2) break;
    if (took < PROFILE_BATCH_SECONDS && n < 2 ** 40) n *= 2;
  }
  // As the measurement's warm-up (03_measure_case.mjs warmUp): a case whose calls are long has its batch
  // loop left unoptimised, so the profile shows the code the figures time; one more batch runs after it.
  if (opts.tier === 'optimized' && methodRules.loopLeftUnoptimised(callS)) {
    api.leaveLoopUnoptimised();
    const r = batch(n);
    if (isAsync) await r;
  }
  const warmupS = (performance.now() - warmStart) / 1000;
  const codeBefore = api.codeState();

  await profiler.start();
  let iterations = 0;
  const start = performance.now();
  do {
    const r = batch(n);
    if (isAsync) await r;
    iterations += n;
  } while ((performance.now() - start) / 1000 < opts.duration);
  const profiledS = (performance.now() - start) / 1000;
  const profile = await profiler.stop();
  const codeAfter = api.codeState();
  await api.teardown();
  const stray = api.strayCall(); // a late bench.end() that ran while profiled (recorded, not thrown)
  if (stray !== '') {
    console.error(`v8bench: ${stray}`);
    return 1;
  }
  fs.writeFileSync(opts.profileOut, profile);
  const tiers = (state) => (state === 0 ? null : { batch: TIER_KEYS[state >> 3], bench: TIER_KEYS[state & 7] });
  emit({ type: 'profile', ...facts, case: opts.caseName, batch_function: batch.name, iterations, batch_size: n,
    warmup_s: warmupS, profiled_s: profiledS, interval_us: opts.interval, v8_flags: (process.execArgv || []).join(' '),
    code_before: tiers(codeBefore), code_after: tiers(codeAfter), profiler: profiler.kind, profiler_why: profiler.why });
  return 0;
}
