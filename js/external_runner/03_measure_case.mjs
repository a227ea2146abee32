// v8bench's external runner, part 03: one case measured: warm-up, repetition size, repetitions (the embedded host's rules).
// One module with the other parts of js/external_runner/, joined in file-name order (cmake/EmbedJs.cmake).

// The method's rules (harness/measure/method_rules.h): the runner has no copy of their numbers. The harness
// hands their table over at start (--method-rules JSON, workers/external_engine.cc ExternalEngineArgs); on
// Node with the in-process instrument the rules are the embedded host's own C++ (the addon's
// methodRules), elsewhere (Deno, Bun, workerd, a Node without the addon) the JS below with the table's
// numbers. `methodRules` answers every warm-up, batch, repetition, re-run and long-call decision.
let methodTable = null;
let methodRules = null;
let methodRulesBy = '';
// Takes `--method-rules JSON` out of the arguments, wherever it is; sets the rules, or says why not.
function takeMethodRules(argv) {
  const i = argv.indexOf('--method-rules');
  if (i < 0 || i + 1 >= argv.length) {
    return { argv, error: 'no --method-rules: the harness hands over its method\'s rules table (harness/measure/method_rules.h) and the runner has none of its own; start the runner through v8bench' };
  }
  const rest = [...argv.slice(0, i), ...argv.slice(i + 2)];
  let table;
  try {
    table = JSON.parse(argv[i + 1]);
  } catch (e) {
    return { argv: rest, error: `--method-rules: not JSON (${e.message})` };
  }
  return { argv: rest, error: useMethodTable(table) };
}
// The rules from `table` (the instrument's where it loaded, else the JS ones); why not, or ''.
function useMethodTable(table) {
  const rows = typeof table === 'object' && table !== null ? Object.entries(table) : [];
  const bad = rows.filter(([, v]) => typeof v !== 'number' || !Number.isFinite(v)).map(([k]) => k);
  if (rows.length === 0 || bad.length > 0) return `--method-rules: a table of finite numbers is needed (${bad.join(', ')})`;
  methodTable = table;
  if (typeof instrument?.methodRules === 'function') {
    try {
      methodRules = instrument.methodRules(table);
    } catch (e) {
      return `--method-rules: ${e.message}`;
    }
    methodRulesBy = 'the embedded host\'s C++ rules (harness/measure/method_rules.cc) in the in-process instrument';
    return '';
  }
  const missing = JS_RULE_ROWS.filter((name) => typeof table[name] !== 'number');
  if (missing.length > 0) return `--method-rules lacks ${missing.join(', ')}`;
  methodRules = jsMethodRules(table);
  methodRulesBy = 'the runner\'s JS rules, with the numbers of the table the harness handed over';
  return '';
}
// The rows the JS rules read.
const JS_RULE_ROWS = ['quiet_seconds', 'quiet_share_of_settling', 'warmup_batch_seconds', 'warmup_batch_overshoot',
  'warmup_batch_growth_min', 'warmup_batch_growth_max', 'max_resettles', 'fault_rate_share', 'fault_rate_slack',
  'young_fills', 'negligible_young_bytes_per_second', 'max_stretched_seconds', 'reruns_per_repetition',
  'long_call_floor_seconds', 'long_call_repetition_seconds', 'unoptimised_loop_call_seconds'];
// The rules in JS, for engines without the instrument: the functions of harness/measure/method_rules.h,
// with the same names and arguments as the instrument's (harness/engine/node_instrument_rules.h).
function jsMethodRules(r) {
  return {
    quietLongEnough: (warmupS, quietS, settlingS) =>
      quietS >= Math.max(warmupS, r.quiet_seconds, r.quiet_share_of_settling * settlingS),
    longWarmupBatch: (tookS) => tookS >= r.warmup_batch_seconds,
    nextWarmupBatch(n, tookS) {
      if (n >= 2 ** 40) return n;
      const most = r.warmup_batch_growth_max;
      const least = Math.min(r.warmup_batch_growth_min, most);
      const factor = tookS <= 0 ? most : Math.min(most, Math.max(least, (r.warmup_batch_seconds * r.warmup_batch_overshoot) / tookS));
      return Math.floor(n * factor) + 1;
    },
    mayResettle: (resettles) => resettles < r.max_resettles,
    faultRateSettled: (previous, now) =>
      Math.abs(now - previous) <= r.fault_rate_share * Math.max(previous, now) + r.fault_rate_slack,
    youngFilled(collections, allocatedBytes, elapsedS, youngBytes, remainingS) {
      if (collections >= r.young_fills) return true;
      if (elapsedS <= 0) return false;
      const rate = allocatedBytes / elapsedS;
      if (rate < r.negligible_young_bytes_per_second) return true;
      return rate * Math.max(remainingS, 0) < (r.young_fills - collections) * youngBytes;
    },
    repetitionSeconds(minTimeS, minYoungGcs, youngPerS) {
      if (minYoungGcs <= 0 || !(youngPerS > 0)) return minTimeS;
      return Math.max(minTimeS, Math.min(minYoungGcs / youngPerS, r.max_stretched_seconds));
    },
    mayRerun: (reruns, repetitions, rerunS, maxWarmupS) =>
      reruns < Math.trunc(r.reruns_per_repetition) * repetitions && rerunS < maxWarmupS,
    longCallSeconds: (minTimeS) => Math.max(minTimeS, r.long_call_floor_seconds),
    longCallRepetitions(repetitions, callS) {
      if (!(callS > 0)) return repetitions;
      const fit = r.long_call_repetition_seconds / callS;
      return fit >= repetitions ? repetitions : fit < 1 ? 1 : Math.trunc(fit);
    },
    loopLeftUnoptimised: (callS) => r.unoptimised_loop_call_seconds > 0 && callS >= r.unoptimised_loop_call_seconds,
  };
}
// Minor page faults so far (process-wide: JS cannot see one thread's), or null where the engine does not
// report them (workerd; Bun reports them through node:process too).
const pageFaults = (() => {
  const usage = globalThis.process?.resourceUsage;
  if (typeof usage !== 'function') return () => null;
  try {
    if (typeof usage().minorPageFault !== 'number') return () => null;
  } catch {
    return () => null;
  }
  return () => usage().minorPageFault;
})();
// V8's young generation now: the bytes in use of new space, and the capacity committed to new space and
// new large-object space (the host's HeapProbe::YoungCommittedBytes), or null where the engine cannot say
// (workerd has no node:v8; Bun's JavaScriptCore has no new space).
function youngSpace() {
  try {
    const spaces = v8?.getHeapSpaceStatistics?.() ?? [];
    const s = spaces.find((x) => x.space_name === 'new_space');
    if (!s || !(s.space_size > 0)) return null;
    const lo = spaces.find((x) => x.space_name === 'new_large_object_space');
    return { used: s.space_used_size, size: s.space_size + (lo ? lo.space_size : 0) };
  } catch {
    return null;
  }
}
// The young collections that started inside a batch's window (null where the engine reports no GCs).
async function youngCollectionsIn(t) {
  await flushObservers();
  if (!gcObserved) return null;
  return gcEntries.filter((e) => e.startTime >= t.t0 && e.startTime <= t.t1 && gcKind(e) === 'scavenge').length;
}
// bench_api.js codeState() tier codes.
const TIER_KEYS = [null, 'ignition', 'sparkplug', 'maglev', 'turbofan'];

// One repetition: a batch of n iterations, timed, with its counters and code state.
async function timeRepetition(api, batch, n, isAsync) {
  gcEntries.length = 0;
  const before = api.codeState();
  api.operations(true);
  const t = await timeBatch(api, batch, n, isAsync);
  const operations = api.operations(false);
  const after = api.codeState();
  await flushObservers();
  const counters = { wall_ns: ((t.t1 - t.t0) * 1e6) / n };
  if (t.thread0) counters.cpu_ns = ((t.thread1.user + t.thread1.system - t.thread0.user - t.thread0.system) * 1e3) / n;
  if (t.cpu !== undefined) counters.process_cpu_ns = (t.cpu * 1e3) / n;
  if (gcObserved && !t.inst) {
    let pause = 0;
    let count = 0;
    const perKind = {};
    for (const e of gcEntries) {
      if (e.startTime < t.t0 || e.startTime > t.t1) continue;
      pause += e.duration;
      const kind = gcKind(e);
      if (kind !== 'incremental_marking' && kind !== 'weak_processing') count++;
      perKind[kind] = (perKind[kind] || 0) + 1;
    }
    counters.gc_ns = (pause * 1e6) / n;
    counters.gc_count = count / n;
    for (const [k, c] of Object.entries(perKind)) counters[`${k}_count`] = c / n;
  }
  if (t.alloc0 !== undefined && t.alloc1 !== undefined) counters.alloc_bytes = (t.alloc1 - t.alloc0) / n;
  perOperation(counters, n, operations);
  if (bunJsc) counters.heap_bytes = bunJsc.heapSize();
  // The host's figures, per operation too when the bench counts its own (they replace the above).
  if (t.inst) Object.assign(counters, operations > 0 ? instrument.perOperation(operations) : t.inst.counters);
  // The case's own counters (bench_api.js counters(): finite numbers) stay apart from the measured
  // figures, in `own`: the reader refuses one named as a figure or field v8bench records itself, as the
  // embedded host does (docs/protocol.md), so a suite's counter never replaces a measured one.
  const own = JSON.parse(withEval(() => api.counters()));
  // The batch's window on performance.now()'s clock, for GC attribution from --trace-gc lines, and what that
  // GC is divided by: the operations the bench counted itself, else the iterations.
  const sample = { iterations: n, counters, own, window_ms: [t.t0, t.t1] };
  if (operations > 0) sample.operations = operations;
  // Compiles while timed come from V8's JIT code events, which only the instrument sees; else unknown.
  if (after !== 0) sample.code = { batch: TIER_KEYS[after >> 3], bench: TIER_KEYS[after & 7], compiles: t.inst ? t.inst.compiles : null, changed: after !== before || (t.inst?.compiles ?? 0) > 0 };
  if (t.inst && t.inst.main_cpu >= 0) sample.main_cpu = t.inst.main_cpu;
  return sample;
}

// Long calls, as the embedded host (harness/runner/run_settings.h RunSettings::LongCallSeconds): after a
// preparation (setup, probe call, self-check) that lasted a long call (methodRules.longCallSeconds), the
// probe call if it lasted that long itself, else one call timed on its own; if that lasted that long, it
// was the warm-up (no tiering sequence, no waiting for the code to settle) and each repetition is one
// call, as many as fit the budget at its pace (methodRules.longCallRepetitions), none re-run for code that
// changed while timed. Returns that call's seconds, or null when the usual warm-up follows. Not with
// --iterations (fixed batches).
async function longCallSeconds(api, batch, isAsync, prepareS, opts) {
  const longCallS = methodRules.longCallSeconds(opts.minTime);
  if (opts.iterations !== null || prepareS < longCallS) return null;
  // The probe call (bench API probeSeconds) was the warm-up when it lasted a long call itself, as the
  // embedded host's TryLongCalls takes it; else one call is timed on its own.
  let callS = opts.tier === 'optimized' ? api.probeSeconds() : -1;
  if (callS < longCallS) {
    if (opts.tier !== 'optimized') await withEval(() => api.settle(opts.tier));
    const t0 = performance.now();
    const ran = batch(1);
    if (isAsync) await ran;
    callS = (performance.now() - t0) / 1000;
  }
  return callS < longCallS ? null : callS;
}

// As the embedded host after a case (harness/engine/suite_host.cc SuiteHost::Teardown): the callbacks the
// case left on the event loop run, while any are left, for at most --left-callbacks seconds; then the
// bench API's first call that strayed meanwhile (a Node core file's late bench.end(), recorded with the
// file's line instead of thrown where no caller would see it), or ''.
// A case fails at the first stray call seen while it is timed: its message alone (not the runner's stack).
class StrayCall extends Error {}
function throwIfStrayed(api) {
  const stray = api.strayCall();
  if (stray !== '') throw new StrayCall(stray);
}

async function runLeftCallbacks(api, opts) {
  const until = performance.now() + opts.leftCallbacks * 1000;
  do {
    await new Promise((resolve) => setTimeout(resolve, 1));
  } while (performance.now() < until && callbacksLeft());
  return api.strayCall();
}

// Whether timers or immediates the code keeps alive are left on the event loop (unreferenced ones do not
// count, as they would not keep a node process running); false where the engine cannot tell.
function callbacksLeft() {
  if (typeof globalThis.process?.getActiveResourcesInfo !== 'function') return false;
  return process.getActiveResourcesInfo().some((kind) => kind === 'Timeout' || kind === 'Immediate');
}

// A case prepared and warmed up, ready to be timed any number of times (timeSample): its slot in the bench
// API (api.resume), batch, batch size and warm-up.
let casesPrepared = 0; // the bench API's slots: one per prepare() that returned, in order (bench_api resume)
async function readyCase(api, index, opts) {
  const p0 = performance.now();
  const batch = withEval(() => api.prepare(index, opts.quick));
  const slot = casesPrepared++;
  const isAsync = api.isAsync();
  await withEval(() => api.check());
  const callS = await longCallSeconds(api, batch, isAsync, (performance.now() - p0) / 1000, opts);
  if (callS !== null) {
    const warmup = { tier: opts.tier, warmup_s: callS, warmup_capped: false, long_calls: true, repetition_s: callS };
    return { slot, batch, isAsync, n: 1, repetitions: methodRules.longCallRepetitions(opts.repetitions, callS), warmup };
  }
  const warmup = await warmUp(api, batch, isAsync, opts);
  const { n, repetitionS } = await sizeRepetition(api, batch, isAsync, opts);
  return { slot, batch, isAsync, n, repetitions: opts.repetitions, warmup: { ...warmup, repetition_s: repetitionS } };
}

// One sample of a ready case: its repetitions, those whose code changed while timed re-run (not a long
// call's: each call compiles its own hot loops, and a re-run would cost calls of seconds).
async function timeSample(api, ready, opts) {
  api.resume(ready.slot);
  if (ready.warmup.long_calls) {
    const samples = [];
    for (let rep = 0; rep < ready.repetitions; rep++) samples.push(await timeRepetition(api, ready.batch, 1, ready.isAsync));
    throwIfStrayed(api);
    return { samples, warmup: { ...ready.warmup, reruns: 0 } };
  }
  const { samples, reruns } = await timeRepetitions(api, ready.batch, ready.n, ready.isAsync, opts);
  return { samples, warmup: { ...ready.warmup, reruns } };
}

async function measureCase(api, index, opts) {
  const ready = await readyCase(api, index, opts);
  const measured = await timeSample(api, ready, opts);
  await withEval(() => api.teardown());
  return measured;
}

// The same rule as the embedded host (harness/runner/case_runner.cc), decided by methodRules: a fixed
// tiering sequence (bench_api settle()), then warm-up batches growing to a long batch, until the code
// state has not changed, the page-fault rate has settled and the young generation has kept its capacity
// for long enough (quietLongEnough), and the young generation has been written through, at most
// --max-warmup seconds.
async function warmUp(api, batch, isAsync, opts) {
  await withEval(() => api.settle(opts.tier));
  // As the embedded host (case_runner.cc Tiering): a case whose calls last long enough at the warm-up's pace
  // (methodRules.loopLeftUnoptimised) has its batch loop left unoptimised; never with --iterations.
  let mayLeaveLoop = opts.tier === 'optimized' && opts.iterations === null; // asked for once at most
  let loopUnoptimised = false;
  let perCallS = 0; // in the last long batch
  let n = 1;
  const warmStart = performance.now();
  let settlingFrom = warmStart;
  const memory = memoryWatch();
  let last = api.codeState();
  let quietSince = warmStart;
  let warmupCapped = false;
  let resettles = 0;
  for (;;) {
    const f0 = pageFaults();
    const t = await timeBatch(api, batch, n, isAsync);
    const f1 = pageFaults();
    throwIfStrayed(api);
    const ms = t.t1 - t.t0;
    const longBatch = methodRules.longWarmupBatch(ms / 1000);
    if (longBatch) perCallS = ms / 1000 / n;
    const elapsedS = (performance.now() - warmStart) / 1000;
    const { filled, moved } = memory.step(longBatch, f0 === null || f1 === null ? null : (f1 - f0) / n, elapsedS,
      opts.maxWarmup - elapsedS);
    const now = api.codeState();
    if (now !== last || moved) {
      last = now;
      quietSince = performance.now();
    }
    const quiet = methodRules.quietLongEnough(opts.warmup, (performance.now() - quietSince) / 1000,
      (quietSince - settlingFrom) / 1000);
    if (longBatch && filled && quiet) {
      if (mayLeaveLoop && methodRules.loopLeftUnoptimised(perCallS)) {
        // The loop's tier is no state of the case at this pace: only the code after the change is waited for.
        // Asked once: an engine without V8's natives cannot, and says so through loopUnoptimised().
        mayLeaveLoop = false;
        api.leaveLoopUnoptimised();
        loopUnoptimised = api.loopUnoptimised();
        last = api.codeState();
        quietSince = performance.now();
        settlingFrom = quietSince;
        continue;
      }
      // As the embedded host (case_runner.cc Tiering::FellBelowRequestedTier): a batch loop V8 deoptimised
      // after settle() is settled again, while methodRules.mayResettle, for --tier optimized (not one left
      // unoptimised on purpose).
      const batchTier = now >> 3; // TIER_KEYS index: 3 maglev, 4 turbofan; 0 unknown
      if (opts.tier !== 'optimized' || loopUnoptimised || now === 0 || batchTier >= 3 || !methodRules.mayResettle(resettles)) break;
      resettles++;
      await withEval(() => api.settle(opts.tier));
      last = api.codeState();
      quietSince = performance.now();
    }
    if (performance.now() - warmStart >= opts.maxWarmup * 1000) {
      warmupCapped = true;
      break;
    }
    if (!longBatch) n = methodRules.nextWarmupBatch(n, ms / 1000);
  }
  const warmup = { tier: opts.tier, warmup_s: (performance.now() - warmStart) / 1000, warmup_capped: warmupCapped };
  if (loopUnoptimised) warmup.loop_unoptimised = true;
  return warmup;
}

// What the warm-up watches of memory, batch after batch: whether the young generation has been written
// through (filled), and whether the page-fault rate of long batches or the young generation's capacity
// moved since the last batch (moved). JS sees young collections only as drops of new space's bytes in use,
// so this counts one per batch that had any: stricter than the host, never looser.
function memoryWatch() {
  let lastFaults = null; // per iteration, in the last long batch
  let young = youngSpace();
  let youngDrops = 0;
  let youngGrown = 0;
  return {
    step(longBatch, faults, elapsedS, remainingS) {
      const youngNow = youngSpace();
      let youngResized = false;
      if (young && youngNow) {
        if (youngNow.used < young.used) youngDrops++;
        else youngGrown += youngNow.used - young.used;
        youngResized = youngNow.size !== young.size;
      }
      young = youngNow;
      const filled = !young || methodRules.youngFilled(youngDrops, youngGrown, elapsedS, young.size, remainingS);
      const moved = (longBatch && faults !== null && lastFaults !== null && !methodRules.faultRateSettled(lastFaults, faults)) ||
        youngResized;
      if (longBatch && faults !== null) lastFaults = faults;
      return { filled, moved };
    },
  };
}

// The batch size of a repetition. As the embedded host (RunSettings::RepetitionSeconds): a repetition of
// a case that allocates lasts long enough to span --min-young-gcs young collections, at most
// max_stretched_seconds (methodRules.repetitionSeconds); the rate is the one the batch that reached --min-time saw (the host takes the
// warm-up's; the runner sees GC entries only once the event loop delivers them). Where the engine gives no
// GC entries, --min-time alone. Once stretched, a batch is grown until it spans the collections themselves,
// not a wall time: the work decides how many collections a batch makes, and a batch slowed by another job
// would end short of them if it were sized by the time a faster one took.
async function sizeRepetition(api, batch, isAsync, opts) {
  // A coarse clock (workerd: 1 ms) times a batch to within one step: a batch lasts at least 100 steps.
  let minTime = Math.max(opts.minTime, (facts.clock_step_ms * 100) / 1000);
  let stretched = false;
  let n = opts.iterations ?? 1;  // --iterations: every repetition one batch of exactly that many
  const maxStretchedS = methodTable.max_stretched_seconds;
  gcEntries.length = 0;
  for (; opts.iterations === null;) {
    const t = await timeBatch(api, batch, n, isAsync);
    const secs = (t.t1 - t.t0) / 1000;
    if (n >= 1e9) break;
    if (stretched) {
      const young = await youngCollectionsIn(t);
      if (young >= opts.minYoungGcs || secs >= maxStretchedS) break;
      const multiplier = Math.min(10, Math.max((opts.minYoungGcs * 1.1) / Math.max(young, 1), 1.1),
        secs > 0 ? maxStretchedS / secs : 10);
      n = Math.max(n + 1, Math.round(n * multiplier));
      gcEntries.length = 0;
      continue;
    }
    if (secs >= minTime) {
      const young = opts.minYoungGcs > 0 ? await youngCollectionsIn(t) : null;
      const rate = young !== null && secs > 0 ? young / secs : 0;
      const span = methodRules.repetitionSeconds(minTime, opts.minYoungGcs, rate);
      if (span <= minTime) break;
      stretched = true;
      minTime = span;
    }
    const multiplier = secs <= 0 ? 10 : Math.min(10, Math.max((minTime * 1.4) / secs, 1.1));
    n = Math.max(n + 1, Math.round(n * multiplier));
    gcEntries.length = 0;
  }
  return { n, repetitionS: minTime };
}

// --repetitions batches of n. As the embedded host (RunSettings::rerun_changed): a repetition whose code
// changed while it was timed is timed again, while methodRules.mayRerun (reruns_per_repetition x
// --repetitions times and --max-warmup seconds of re-running) (here only a tier change is seen: JS cannot see V8's compiles). Always
// on: `run --keep-changed` is the embedded engine's only, and compare's workers re-run there too.
async function timeRepetitions(api, batch, n, isAsync, opts) {
  const samples = [];
  let reruns = 0;
  let rerunMs = 0;
  // --metric instructions: the repetitions' batches only are counted (not the warm-up's), as in the host.
  if (opts.metric === 'instructions') instrument.countBatches(true);
  try {
    for (let rep = 0; rep < opts.repetitions; rep++) {
      const sample = await timeRepetition(api, batch, n, isAsync);
      if (sample.code && sample.code.changed &&
          methodRules.mayRerun(reruns, opts.repetitions, rerunMs / 1000, opts.maxWarmup)) {
        reruns++;
        rerunMs += sample.window_ms[1] - sample.window_ms[0];
        rep--;
        continue;
      }
      samples.push(sample);
      throwIfStrayed(api);
    }
  } finally {
    if (opts.metric === 'instructions') instrument.countBatches(false);
  }
  return { samples, reruns };
}
