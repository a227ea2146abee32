// v8bench's external runner, part 03: one case measured: warm-up, repetition size, repetitions (the embedded host's rules).
// One module with the other parts of js/external_runner/, joined in file-name order (cmake/EmbedJs.cmake).

// The warm-up rule's constants, as in harness/runner/run_settings.h.
const QUIET_SECONDS = 0.1;
const QUIET_SHARE_OF_SETTLING = 1.0; // as kQuietShareOfSettling: quiet for as long as it took to settle
const WARMUP_BATCH_SECONDS = 0.01;
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
// The fault rate has settled (harness/measure/c_heap.h FaultRateSettled): the heaps have grown to the
// case's working set, whether every iteration then faults or none does.
function faultRateSettled(previous, now) {
  return Math.abs(now - previous) <= 0.25 * Math.max(previous, now) + 1;
}
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
// The young generation has been written through (harness/measure/heap_probe.h YoungGenerationFilled):
// two young collections seen (its bytes in use fell between two batches), or the case allocates too
// little for fresh pages to matter, or too slowly to fill it before --max-warmup. JS sees collections
// only as drops, so this counts one per batch that had any: stricter than the host, never looser.
const YOUNG_FILLS = 2; // as kYoungFills
const NEGLIGIBLE_YOUNG_BYTES_PER_SECOND = 10e6; // as kNegligibleYoungBytesPerSecond
function youngFilled(drops, grownBytes, elapsedS, youngBytes, remainingS) {
  if (drops >= YOUNG_FILLS) return true;
  if (elapsedS <= 0) return false;
  const rate = grownBytes / elapsedS;
  if (rate < NEGLIGIBLE_YOUNG_BYTES_PER_SECOND) return true;
  return rate * Math.max(remainingS, 0) < (YOUNG_FILLS - drops) * youngBytes;
}
const MAX_RESETTLES = 3;
// harness/runner/run_settings.h RunSettings::kRerunsPerRepetition.
const RERUNS_PER_REPETITION = 2;
// harness/runner/run_settings.h RunSettings::min_young_collections (--min-young-gcs) and kMaxStretchedSeconds.
const MAX_STRETCHED_SECONDS = 0.5;
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
// preparation (setup, probe call, self-check) that lasted --long-call seconds, one call timed on its own;
// if it lasted that long too, it was the warm-up (no tiering sequence, no waiting for the code to
// settle) and each repetition is one call, as many as fit in --long-call-budget seconds at its pace (at
// least one), none re-run for code that changed while timed. Returns the case's measurement, or null
// when the usual warm-up follows. Not with --iterations (fixed batches).
async function measureLongCalls(api, batch, isAsync, prepareS, opts) {
  if (opts.iterations !== null || prepareS < opts.longCall) return null;
  if (opts.tier !== 'optimized') await withEval(() => api.settle(opts.tier));
  const t0 = performance.now();
  const ran = batch(1);
  if (isAsync) await ran;
  const callS = (performance.now() - t0) / 1000;
  if (callS < opts.longCall) return null;
  // harness/measure/thresholds.h LongCallRepetitions, with its budget handed over.
  const fit = Math.floor(opts.longCallBudget / callS);
  const repetitions = Math.max(1, Math.min(opts.repetitions, fit));
  const samples = [];
  for (let rep = 0; rep < repetitions; rep++) samples.push(await timeRepetition(api, batch, 1, isAsync));
  await withEval(() => api.teardown());
  const warmup = { tier: opts.tier, warmup_s: callS, warmup_capped: false, long_calls: true };
  return { samples, warmup: { ...warmup, reruns: 0, repetition_s: callS } };
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

async function measureCase(api, index, opts) {
  const p0 = performance.now();
  const batch = withEval(() => api.prepare(index, opts.quick));
  const isAsync = api.isAsync();
  await withEval(() => api.check());
  const long = await measureLongCalls(api, batch, isAsync, (performance.now() - p0) / 1000, opts);
  if (long) return long;
  const warmup = await warmUp(api, batch, isAsync, opts);
  const { n, repetitionS } = await sizeRepetition(api, batch, isAsync, opts);
  const { samples, reruns } = await timeRepetitions(api, batch, n, isAsync, opts);
  await withEval(() => api.teardown());
  return { samples, warmup: { ...warmup, reruns, repetition_s: repetitionS } };
}

// The same rule as the embedded host (harness/runner/case_runner.cc): a fixed tiering sequence
// (bench_api settle()), then warm-up batches growing to 10 ms, until the code state has not changed,
// the page-fault rate has settled and the young generation has kept its capacity for max(--warmup,
// 0.1 s) and for as long as that took (RunSettings::QuietLongEnough), and the young generation has been
// written through, at most --max-warmup seconds.
async function warmUp(api, batch, isAsync, opts) {
  await withEval(() => api.settle(opts.tier));
  let n = 1;
  const warmStart = performance.now();
  const quietMs = Math.max(opts.warmup, QUIET_SECONDS) * 1000;
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
    const longBatch = ms >= WARMUP_BATCH_SECONDS * 1000;
    const elapsedS = (performance.now() - warmStart) / 1000;
    const { filled, moved } = memory.step(longBatch, f0 === null || f1 === null ? null : (f1 - f0) / n, elapsedS,
      opts.maxWarmup - elapsedS);
    const now = api.codeState();
    if (now !== last || moved) {
      last = now;
      quietSince = performance.now();
    }
    const quietNeededMs = Math.max(quietMs, QUIET_SHARE_OF_SETTLING * (quietSince - warmStart));
    if (longBatch && filled && performance.now() - quietSince >= quietNeededMs) {
      // As the embedded host (case_runner.cc FellBelowRequestedTier): a batch loop V8 deoptimised after
      // settle() is settled again, at most MAX_RESETTLES times, for --tier optimized.
      const batchTier = now >> 3; // TIER_KEYS index: 3 maglev, 4 turbofan; 0 unknown
      if (opts.tier !== 'optimized' || now === 0 || batchTier >= 3 || resettles === MAX_RESETTLES) break;
      resettles++;
      await withEval(() => api.settle(opts.tier));
      last = api.codeState();
      quietSince = performance.now();
    }
    if (performance.now() - warmStart >= opts.maxWarmup * 1000) {
      warmupCapped = true;
      break;
    }
    if (!longBatch && n < 2 ** 40) {
      const factor = ms <= 0 ? 10 : Math.min(10, Math.max(2, (WARMUP_BATCH_SECONDS * 1200) / ms));
      n = Math.floor(n * factor) + 1;
    }
  }
  return { tier: opts.tier, warmup_s: (performance.now() - warmStart) / 1000, warmup_capped: warmupCapped };
}

// What the warm-up watches of memory, batch after batch: whether the young generation has been written
// through (filled), and whether the page-fault rate of long batches or the young generation's capacity
// moved since the last batch (moved).
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
      const filled = !young || youngFilled(youngDrops, youngGrown, elapsedS, young.size, remainingS);
      const moved =
        (longBatch && faults !== null && lastFaults !== null && !faultRateSettled(lastFaults, faults)) || youngResized;
      if (longBatch && faults !== null) lastFaults = faults;
      return { filled, moved };
    },
  };
}

// The batch size of a repetition. As the embedded host (RunSettings::RepetitionSeconds): a repetition of
// a case that allocates lasts long enough to span --min-young-gcs young collections, at most
// MAX_STRETCHED_SECONDS; the rate is the one the batch that reached --min-time saw (the host takes the
// warm-up's; the runner sees GC entries only once the event loop delivers them). Where the engine gives no
// GC entries, --min-time alone. Once stretched, a batch is grown until it spans the collections themselves,
// not a wall time: the work decides how many collections a batch makes, and a batch slowed by another job
// would end short of them if it were sized by the time a faster one took.
async function sizeRepetition(api, batch, isAsync, opts) {
  // A coarse clock (workerd: 1 ms) times a batch to within one step: a batch lasts at least 100 steps.
  let minTime = Math.max(opts.minTime, (facts.clock_step_ms * 100) / 1000);
  let stretched = false;
  let n = opts.iterations ?? 1;  // --iterations: every repetition one batch of exactly that many
  gcEntries.length = 0;
  for (; opts.iterations === null;) {
    const t = await timeBatch(api, batch, n, isAsync);
    const secs = (t.t1 - t.t0) / 1000;
    if (n >= 1e9) break;
    if (stretched) {
      const young = await youngCollectionsIn(t);
      if (young >= opts.minYoungGcs || secs >= MAX_STRETCHED_SECONDS) break;
      const multiplier = Math.min(10, Math.max((opts.minYoungGcs * 1.1) / Math.max(young, 1), 1.1),
        secs > 0 ? MAX_STRETCHED_SECONDS / secs : 10);
      n = Math.max(n + 1, Math.round(n * multiplier));
      gcEntries.length = 0;
      continue;
    }
    if (secs >= minTime) {
      const young = opts.minYoungGcs > 0 ? await youngCollectionsIn(t) : null;
      const rate = young !== null && secs > 0 ? young / secs : 0;
      const span = rate > 0 ? Math.min(opts.minYoungGcs / rate, MAX_STRETCHED_SECONDS) : 0;
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
// changed while it was timed is timed again, at most RERUNS_PER_REPETITION x --repetitions times and
// --max-warmup seconds of re-running (here only a tier change is seen: JS cannot see V8's compiles). Always
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
          reruns < RERUNS_PER_REPETITION * opts.repetitions && rerunMs < opts.maxWarmup * 1000) {
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
