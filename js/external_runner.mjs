// v8bench's runner for external engines (node, deno, bun, workerd): the same suite API (bench_api.js,
// evaluated unchanged) and the same worker protocol as `v8bench run --format jsonl`, so the compare
// driver treats every engine alike. v8bench writes this file and bench_api.js side by side into its
// cache and runs, e.g.:
//   node [V8 flags] external_runner.mjs run --repetitions N --min-time S --min-young-gcs N --warmup S
//        --max-warmup S --tier T --long-call S --long-call-budget S --left-callbacks S [--filter RE]
//        SUITE.js ...
//        (every setting given: RUN_SETTINGS)
//   deno run -A --v8-flags=... external_runner.mjs run ...
//   bun external_runner.mjs run ...          (JavaScriptCore: no V8 flags, no natives syntax)
//   workerd test --experimental CONFIG.capnp (harness/workers/external_engine.cc writes the config:
//                                             this module is the worker, its `test` handler runs;
//                                             the arguments, bench_api.js and the suite files come
//                                             in the V8BENCH binding, code is evaluated through the
//                                             UNSAFE_EVAL binding, V8 flags are the config's v8Flags)
//   node external_runner.mjs info            (engine facts as one JSON line)
//   node external_runner.mjs trig FILE.json  (Math.sin/cos of the doubles in FILE, as JSON)
//   node external_runner.mjs profile --case NAME --profile-out FILE --duration S --interval US
//        --warmup S --tier T SUITE.js        (one case under a sampling profiler: on Node with the
//                                             in-process instrument V8's CpuProfiler with JIT code
//                                             events and deopts, as in the embedded host; else the
//                                             inspector's Profiler domain through node:inspector: node,
//                                             deno, bun; the .cpuprofile goes to FILE, a summary line
//                                             to stdout; harness/workers/engine_profile.cc reads both)
//
// Figures are labelled with how they were obtained (`measured_by` on every case line). A figure an
// engine cannot give is absent, never zero:
//   wall_ns         performance.now() around the batch (workerd: coarsened to 1 ms by workerd, so
//                   batches last at least 100 clock steps there)
//   cpu_ns          process.threadCpuUsage() (main thread; Node >= 23.9, Deno, Bun), else absent
//   process_cpu_ns  process.cpuUsage() (all threads), absent on workerd (no CPU clock in a worker)
//   gc_ns, gc_count PerformanceObserver 'gc' entries (Node); with --gc-trace (Deno, which emits no
//                   entries) the driver parses V8's --trace-gc lines against each sample's time window
//   alloc_bytes     v8.getHeapStatistics().total_allocated_bytes deltas where the engine has it (not
//                   Bun: its value is JavaScriptCore's bytes allocated since the last GC, not a total)
//   heap_bytes      Bun only: bun:jsc heapSize() after the batch
// On Node with v8bench's in-process instrument loaded (--instrument-dir), all but wall_ns come from it
// instead, as the embedded host measures them (see "In-process instrument" below), and only there
//   instructions    (--metric instructions [--callgrind-dir DIR] --iterations N) counted by the instrument
//                   around each timed repetition: callgrind's client requests when v8bench started this
//                   Node under valgrind --tool=callgrind, else the CPU's hardware counter; every
//                   repetition one batch of N iterations (docs/instructions.md)
import { createRequire } from 'node:module';
import process from 'node:process';
import { Buffer } from 'node:buffer';

// workerd (at v8bench's compatibility date) leaves import.meta.url undefined.
const require = createRequire(import.meta.url || 'file:///v8bench/external_runner.mjs');
const isDeno = typeof globalThis.Deno !== 'undefined';
const isBun = typeof globalThis.Bun !== 'undefined';
const isWorkerd = typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers';
// A worker has no file system, no node:v8 and no node:perf_hooks (not even as modules at v8bench's
// compatibility date): its performance global is the only clock.
const v8 = isWorkerd ? null : require('node:v8');
const perfHooks = isWorkerd ? { performance: globalThis.performance } : require('node:perf_hooks');
const { PerformanceObserver, performance } = perfHooks;
const fs = isWorkerd ? null : require('node:fs');
const here = isWorkerd ? '' : require('node:path').dirname(require('node:url').fileURLToPath(import.meta.url));
const bunJsc = isBun ? require('bun:jsc') : null;

// workerd: the V8BENCH binding ({argv, api, files}) and UNSAFE_EVAL, set by the test handler. A worker
// may compile code from strings only while UNSAFE_EVAL runs, so every call into bench_api.js that may
// compile (prepare builds the case's loop with new Function) goes through withEval; timed batches do not.
let workerEnv = null;
function withEval(fn) {
  if (!isWorkerd) return fn();
  globalThis.__v8benchThunk = fn;
  try {
    return workerEnv.UNSAFE_EVAL.eval('globalThis.__v8benchThunk()');
  } finally {
    globalThis.__v8benchThunk = undefined;
  }
}
// An indirect eval, as on every engine: a suite file's top-level const/let stay its own (UNSAFE_EVAL
// compiles a script, whose lexical declarations would collide with the next file's).
function evalScript(source, name) {
  const code = `${source}\n//# sourceURL=${name}`;
  if (isWorkerd) {
    globalThis.__v8benchSource = code;
    try {
      return workerEnv.UNSAFE_EVAL.eval('(0, eval)(globalThis.__v8benchSource)');
    } finally {
      globalThis.__v8benchSource = undefined;
    }
  }
  return (0, eval)(code);
}
function readText(file) {
  if (!isWorkerd) return fs.readFileSync(file, 'utf8');
  const text = workerEnv.V8BENCH.files[file];
  if (typeof text !== 'string') throw new Error(`${file}: not in the worker's configuration`);
  return text;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

// --sealed (`v8bench run --engine`): a key the supervising v8bench writes to stdin, read before any suite
// runs and put at the start of every protocol line, so that a suite's own output cannot pass for results.
let seal = '';
function readSeal() {
  const key = fs.readFileSync(0, 'utf8');
  if (!/^[0-9a-f]{16,64}$/.test(key)) throw new Error('--sealed: stdin holds no key (16 to 64 hex digits); it is for the supervising `v8bench run`');
  seal = key;
}

// The worker protocol's version, written in the context line: harness/model/format_version.h
// (kProtocolFormat) declares it, and tests/protocol_test.cc checks that this runner writes the same.
const PROTOCOL_FORMAT_VERSION = '1.3';

function emit(obj) {
  if (isWorkerd) {
    // workerd has no file descriptors; console.log goes to its stdout, one line per call.
    console.log(JSON.stringify(obj));
    return;
  }
  // One line per event, written synchronously so a crash later loses nothing already said. stdout
  // may be a non-blocking pipe: a full pipe (EAGAIN) is waited out, not an error. The leading newline
  // ends any partial line V8 left there (its --trace-gc output is block-buffered on the same fd).
  const buf = Buffer.from('\n' + seal + JSON.stringify(obj) + '\n');
  let off = 0;
  while (off < buf.length) {
    try {
      off += fs.writeSync(1, buf, off);
    } catch (e) {
      if (e.code !== 'EAGAIN') throw e;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

function hasTotalAllocated() {
  if (isBun || isWorkerd) return false;
  try {
    return typeof v8.getHeapStatistics().total_allocated_bytes === 'number';
  } catch {
    return false;
  }
}

// The clock's step in ms (workerd coarsens performance.now() to 1 ms; elsewhere it is sub-µs).
function clockStep() {
  let step = Infinity;
  let last = performance.now();
  const start = last;
  for (let seen = 0; seen < 5 && performance.now() - start < 100; ) {
    const now = performance.now();
    if (now !== last) {
      step = Math.min(step, now - last);
      last = now;
      seen++;
    }
  }
  return step === Infinity ? 0 : step;
}

function engineFacts() {
  const engine = isWorkerd ? 'workerd' : isBun ? 'bun' : isDeno ? 'deno' : 'node';
  const versions = {
    workerd: () => ['', ''],  // a worker cannot see workerd's or V8's version; the driver adds them
    bun: () => [globalThis.Bun.version, ''],
    deno: () => [globalThis.Deno.version.deno, globalThis.Deno.version.v8],
    node: () => [process.version, process.versions.v8],
  }[engine]();
  return {
    engine,
    engine_version: versions[0],
    v8_version: versions[1],
    js_engine: isBun ? 'JavaScriptCore' : 'V8',
    node_version: engine === 'node' ? process.version : '',
    executable: isWorkerd ? '' : process.execPath,
    has_thread_cpu: instrument !== null || (!isWorkerd && typeof process.threadCpuUsage === 'function'),
    has_process_cpu: !isWorkerd && typeof process.cpuUsage === 'function',
    has_total_allocated: instrument !== null || hasTotalAllocated(),
    instrument: instrumentWhy,
    clock_step_ms: clockStep(),
  };
}

// --- GC observation ------------------------------------------------------------------------------
const gcEntries = [];
let gcObserved = false;
try {
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcEntries.push(e);
    gcObserved = true;
  });
  observer.observe({ entryTypes: ['gc'] });
} catch {
  // The engine has no GC entries: gc_ns/gc_count stay absent.
}
// Some engines accept the observer but never deliver an entry; only claim GC figures once one came.
const gcConst = perfHooks.constants || {};
const GC_KINDS = {
  [gcConst.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [gcConst.NODE_PERFORMANCE_GC_MAJOR]: 'mark_compact',
  [gcConst.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental_marking',
  [gcConst.NODE_PERFORMANCE_GC_WEAKCB]: 'weak_processing',
};
// A GC entry's kind as GC_KINDS names it ('other' for one it does not list).
const gcKind = (e) => GC_KINDS[(e.detail && e.detail.kind) || e.kind] || 'other';

// Node queues GC entries and delivers them to observers on a later turn of the event loop.
async function flushObservers() {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 2));
}

// --- In-process instrument (harness/engine/node_instrument.cc) -----------------------------------
// On Node, the addon v8bench built or compiled for this Node (`--instrument-dir DIR`, which v8bench
// adds for node engines, or `--no-instrument WHY` when it has none for this Node's build) measures each batch with the embedded host's own code: main-thread
// CPU, GC pauses and counts by kind, allocation, page faults, compiles while timed, the CPU the thread
// ran on. Where it cannot load, the JS-only figures below; `info` says which and why.
let instrument = null;
let instrumentWhy = 'not Node (the instrument is a Node addon)';
function loadInstrument(dir, none) {
  if (isWorkerd || isBun || isDeno) return;
  const file = `${dir}/v8bench_instrument-${process.versions.modules}.node`;
  if (!dir) {
    instrumentWhy = none ? `JS-only: ${none}` : 'no instrument directory given';
    return;
  }
  try {
    const module = { exports: {} };
    process.dlopen(module, file);
    instrument = module.exports;
    instrumentWhy = `in-process instrument ${file}`;
  } catch (e) {
    instrumentWhy = `JS-only: ${file} did not load (${e.message.split('\n')[0]})`;
  }
}
// Whether the instrument can count instructions (an addon of this build has openCounter).
function canCount() {
  return instrument !== null && typeof instrument.openCounter === 'function';
}
// --metric instructions: how the instrument counts (its description for the context line), or an Error
// saying why it cannot. Nothing is counted until countBatches(true) (the timed repetitions only).
function openCounter(opts) {
  if (!canCount()) {
    const why = isWorkerd || isBun || isDeno ? 'this engine runs its batches in JS only' : instrumentWhy;
    throw new Error(`--metric instructions is counted by v8bench's in-process instrument (a Node addon), which this engine cannot use (${why})`);
  }
  return instrument.openCounter(opts.callgrindDir || '');
}
// Takes `--instrument-dir DIR` and `--no-instrument WHY` out of the arguments, wherever they are.
function takeInstrumentDir(argv) {
  const take = (args, name) => {
    const i = args.indexOf(name);
    if (i < 0) return { args, value: '' };
    return { args: [...args.slice(0, i), ...args.slice(i + 2)], value: args[i + 1] || '' };
  };
  const dir = take(argv, '--instrument-dir');
  const none = take(dir.args, '--no-instrument');
  return { argv: none.args, dir: dir.value, none: none.value };
}

// --- Measurement ---------------------------------------------------------------------------------
let facts = null;  // engineFacts(), once

function allocatedBytes() {
  if (!facts.has_total_allocated) return undefined;
  const s = v8.getHeapStatistics();
  return typeof s.total_allocated_bytes === 'number' ? s.total_allocated_bytes : undefined;
}

async function timeBatch(api, batch, n, isAsync) {
  if (instrument) {
    instrument.start();
    const t0 = performance.now();
    const r = batch(n);
    if (isAsync) await r;
    const t1 = performance.now();
    return { t0, t1, inst: instrument.stop(n) };
  }
  const alloc0 = allocatedBytes();
  const cpu0 = facts.has_process_cpu ? process.cpuUsage() : undefined;
  const thread0 = facts.has_thread_cpu ? process.threadCpuUsage() : undefined;
  const t0 = performance.now();
  const r = batch(n);
  if (isAsync) await r;
  const t1 = performance.now();
  // Process CPU first, at both ends: reading it brings the running thread's CPU time up to date, which
  // process.threadCpuUsage() (getrusage RUSAGE_THREAD) does not; read second, the thread clock would miss
  // the CPU since the kernel's last update of it (up to a scheduler tick: some 5-10% of a short batch).
  const cpu1 = facts.has_process_cpu ? process.cpuUsage() : undefined;
  const thread1 = facts.has_thread_cpu ? process.threadCpuUsage() : undefined;
  const alloc1 = allocatedBytes();
  const cpu = cpu0 ? cpu1.user + cpu1.system - cpu0.user - cpu0.system : undefined;
  return { t0, t1, cpu, thread0, thread1, alloc0, alloc1 };
}

// --- Benchmark files of other harnesses (bench_api.js wrap(); docs/benchmark-files.md) ------------
// A bench that counts its own operations (a Node core benchmark's bench.end(n)) has its figures per
// operation, as the embedded host's (SuiteHost::Operations): a batch of n iterations' per-iteration
// counters scaled by n / operations.
function perOperation(counters, n, operations) {
  if (!(operations > 0)) return counters;
  for (const k of Object.keys(counters)) counters[k] *= n / operations;
  return counters;
}
// Each suite file as its engine loads it (bench_api.js load()): on Node through Node's own module loader,
// whose promise settles when the file's module graph has been evaluated (top-level awaits included), or
// as a CommonJS body; on Deno through Deno's loader with the import map v8bench passes (--import-map,
// harness/workers/external_engine.cc), whose files this runner writes first; on Bun through Bun's loader
// with virtual modules (Bun.plugin); on workerd through the older wrap().
const isNode = !isDeno && !isBun && !isWorkerd;
const HARNESS_DIR = 'harness';
// Whether Deno was started with v8bench's import map (it maps each harness's name into HARNESS_DIR).
function denoImportMapped() {
  if (!isDeno) return false;
  try {
    return import.meta.resolve('mitata') === new URL(`./${HARNESS_DIR}/mitata.mjs`, import.meta.url).href;
  } catch {
    return false;
  }
}
// The import map's files, written beside the runner (atomically: other workers may read them meanwhile).
function writeHarnessModules(api) {
  const path = require('node:path');
  const dir = path.join(here, HARNESS_DIR);
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(api.harnessModuleSources())) {
    const file = path.join(dir, `${name}.mjs`);
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === source) continue;
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, source);
    fs.renameSync(temporary, file);
  }
}
// Bun: the harnesses' names as virtual modules, for import and require alike.
function installBunModules(api) {
  if (!isBun || typeof Bun.plugin !== 'function') return false;
  Bun.plugin({
    name: 'v8bench harness modules',
    setup(build) {
      for (const name of api.harnessNames()) build.module(name, () => ({ exports: api.harnessModuleExports(name), loader: 'object' }));
    },
  });
  return true;
}
async function loadFiles(api, files) {
  const mapped = denoImportMapped();
  if (mapped) writeHarnessModules(api);
  const viaLoader = mapped || installBunModules(api);
  for (const file of files) {
    const source = readText(file);
    const before = api.declaredSoFar();
    let loaded;
    if (isNode) loaded = api.load(source, file, (url) => import(url));
    else if (viaLoader) loaded = api.loadThroughEngineLoader(source, file, (url) => import(url), require('node:url').pathToFileURL(require('node:path').resolve(file)).href);
    else loaded = api.wrap(source, file);
    if (typeof loaded === 'string') evalScript(loaded, file);
    else await loaded;
    // A file that declares nothing is bad input, as on the embedded host; one whose benches are all left
    // out on purpose is said and skipped, as `deno bench` does.
    const none = api.fileWithoutCase(before);
    if (none === null) continue;
    if (!none.left_out) {
      const e = new Error(`${file}: ${none.text}`);
      e.stack = e.message; // the file's problem, not the runner's frames
      throw e;
    }
    console.error(`v8bench: ${file}: ${none.text}`);
  }
}
// --- end of the other harnesses' section -------------------------------------------------------------

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
  // The same rule as the embedded host (harness/runner/case_runner.cc): a fixed tiering sequence
  // (bench_api.js settle()), then warm-up batches growing to 10 ms, until the code state has not changed,
  // the page-fault rate has settled and the young generation has kept its capacity for max(--warmup,
  // 0.1 s) and for as long as that took (RunSettings::QuietLongEnough), and the young generation has been
  // written through, at most --max-warmup seconds.
  await withEval(() => api.settle(opts.tier));
  let n = 1;
  const warmStart = performance.now();
  const quietMs = Math.max(opts.warmup, QUIET_SECONDS) * 1000;
  let last = api.codeState();
  let quietSince = warmStart;
  let warmupCapped = false;
  let lastFaults = null; // per iteration, in the last long batch
  let young = youngSpace();
  let youngDrops = 0;
  let youngGrown = 0;
  let resettles = 0;
  for (;;) {
    const f0 = pageFaults();
    const t = await timeBatch(api, batch, n, isAsync);
    const f1 = pageFaults();
    throwIfStrayed(api);
    const ms = t.t1 - t.t0;
    const longBatch = ms >= WARMUP_BATCH_SECONDS * 1000;
    const faults = f0 === null || f1 === null ? null : (f1 - f0) / n;
    const youngNow = youngSpace();
    let youngResized = false;
    if (young && youngNow) {
      if (youngNow.used < young.used) youngDrops++;
      else youngGrown += youngNow.used - young.used;
      youngResized = youngNow.size !== young.size;
    }
    young = youngNow;
    const elapsedS = (performance.now() - warmStart) / 1000;
    const filled = !young || youngFilled(youngDrops, youngGrown, elapsedS, young.size, opts.maxWarmup - elapsedS);
    const memoryMoved =
      (longBatch && faults !== null && lastFaults !== null && !faultRateSettled(lastFaults, faults)) || youngResized;
    if (longBatch && faults !== null) lastFaults = faults;
    const now = api.codeState();
    if (now !== last || memoryMoved) {
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
  const warmup = { tier: opts.tier, warmup_s: (performance.now() - warmStart) / 1000, warmup_capped: warmupCapped };
  // A coarse clock (workerd: 1 ms) times a batch to within one step: a batch lasts at least 100 steps.
  let minTime = Math.max(opts.minTime, (facts.clock_step_ms * 100) / 1000);
  // As the embedded host (RunSettings::RepetitionSeconds): a repetition of a case that allocates lasts long
  // enough to span --min-young-gcs young collections, at most MAX_STRETCHED_SECONDS; the rate is the one
  // the batch that reached --min-time saw (the host takes the warm-up's; the runner sees GC entries only
  // once the event loop delivers them). Where the engine gives no GC entries, --min-time alone. Once
  // stretched, a batch is grown until it spans the collections themselves, not a wall time: the work
  // decides how many collections a batch makes, and a batch slowed by another job would end short of
  // them if it were sized by the time a faster one took.
  let stretched = false;
  n = opts.iterations ?? 1;  // --iterations: every repetition one batch of exactly that many
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
  const repetitionS = minTime;
  const samples = [];
  // As the embedded host (RunSettings::rerun_changed): a repetition whose code changed while it was timed
  // is timed again, at most RERUNS_PER_REPETITION x --repetitions times and --max-warmup seconds of
  // re-running (here only a tier change is seen: JS cannot see V8's compiles). Always on: `run --keep-changed`
  // is the embedded engine's only, and compare's workers re-run there too.
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
  await withEval(() => api.teardown());
  return { samples, warmup: { ...warmup, reruns, repetition_s: repetitionS } };
}

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
  '--warmup': 'warmup', '--max-warmup': 'maxWarmup', '--tier': 'tier', '--long-call': 'longCall',
  '--long-call-budget': 'longCallBudget', '--left-callbacks': 'leftCallbacks' };
const PROFILE_SETTINGS = { '--duration': 'duration', '--interval': 'interval', '--warmup': 'warmup', '--tier': 'tier' };

// Why `command` cannot run with `opts`: the settings of `table` it lacks or that are no number; '' when none.
function missingSettings(command, opts, table) {
  const bad = Object.entries(table).filter(([, key]) => opts[key] === null || (key !== 'tier' && !Number.isFinite(opts[key])));
  if (bad.length === 0) return '';
  return `${command} needs ${bad.map(([option]) => option).join(', ')} (the harness passes every setting; the runner has no defaults of its own)`;
}

function parseArgs(argv) {
  const opts = { filter: null, repetitions: null, minTime: null, minYoungGcs: null, warmup: null, maxWarmup: null, tier: null, longCall: null, longCallBudget: null, leftCallbacks: null, quick: false, gcTrace: false, planOnly: false, params: {}, files: [],
    caseName: null, profileOut: null, duration: null, interval: null, metric: null, callgrindDir: '', iterations: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i];
    if (a === '--filter') opts.filter = caseFilter(next());
    else if (a === '--repetitions') opts.repetitions = Number(next());
    else if (a === '--min-time') opts.minTime = Number(next());
    else if (a === '--min-young-gcs') opts.minYoungGcs = Number(next());
    else if (a === '--warmup') opts.warmup = Number(next());
    else if (a === '--max-warmup') opts.maxWarmup = Number(next());
    else if (a === '--tier') opts.tier = next();
    else if (a === '--long-call') opts.longCall = Number(next());
    else if (a === '--long-call-budget') opts.longCallBudget = Number(next());
    else if (a === '--left-callbacks') opts.leftCallbacks = Number(next());
    else if (a === '--quick') opts.quick = true;
    else if (a === '--gc-trace') opts.gcTrace = true;
    else if (a === '--case') opts.caseName = next();
    else if (a === '--profile-out') opts.profileOut = next();
    else if (a === '--duration') opts.duration = Number(next());
    else if (a === '--interval') opts.interval = Number(next());
    else if (a === '--plan-only') opts.planOnly = true;
    else if (a === '--sealed') opts.sealed = true;
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
  if (opts.sealed) readSeal();
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
  await loadFiles(api, opts.files);
  const described = JSON.parse(withEval(() => api.describe(opts.quick)));
  const plan = described.cases.map((c, index) => ({ ...c, index })).filter((c) => !opts.filter || opts.filter.test(c.name));
  const v8Flags = isWorkerd ? workerEnv.V8BENCH.v8_flags.join(' ') : (process.execArgv || []).join(' ');
  emit({ type: 'context', format_version: PROTOCOL_FORMAT_VERSION, ...facts, v8_flags: v8Flags, trig_path: '', planned: plan.map((c) => c.name),
    ...(instructionsBy ? { instructions_by: instructionsBy, iterations_per_batch: opts.iterations } : {}) });
  if (opts.planOnly) {
    // compare --shard learns the cases from these lines; nothing runs.
    for (const c of plan) emit({ type: 'plan', name: c.name, suite: c.suite, bench: c.bench, realm: c.realm, params: Object.fromEntries(c.params) });
    emit({ type: 'end' });
    return 0;
  }
  let failed = 0;
  for (const c of plan) {
    emit({ type: 'start', name: c.name, suite: c.suite, bench: c.bench, realm: c.realm, params: Object.fromEntries(c.params) });
    const line = { type: 'case', name: c.name, suite: c.suite, bench: c.bench, realm: c.realm,
      params: Object.fromEntries(c.params), status: 'ok', error: '', samples: [] };
    try {
      const measured = await measureCase(api, c.index, opts);
      line.samples = measured.samples;
      Object.assign(line, measured.warmup);
      const stray = await runLeftCallbacks(api, opts);
      if (stray !== '') {
        line.status = 'failed';
        line.error = stray;
        line.samples = [];
        failed++;
      }
    } catch (e) {
      const text = e instanceof StrayCall ? e.message : describeError(e);
      const reason = api.unsupportedReason(e); // the bench API's brand check, never the error's name or text
      line.status = reason === undefined ? 'failed' : 'unsupported';
      line.error = reason === undefined ? text : reason;
      if (line.status === 'failed') failed++;
      try { await withEval(() => api.teardown()); } catch { /* the case already failed */ }
      await runLeftCallbacks(api, opts); // the case already failed: what it left is not the next case's
    }
    line.measured_by = measuredBy(facts);
    emit(line);
  }
  emit({ type: 'end' });
  return failed > 0 ? 1 : 0;
}

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
  const warmStart = performance.now();
  for (let batches = 0; ; ++batches) {
    const b0 = performance.now();
    const r = batch(n);
    if (isAsync) await r;
    const took = (performance.now() - b0) / 1000;
    if ((performance.now() - warmStart) / 1000 >= opts.warmup && batches >= 2) break;
    if (took < PROFILE_BATCH_SECONDS && n < 2 ** 40) n *= 2;
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

async function main(argvIn) {
  const { argv, dir, none } = takeInstrumentDir(argvIn);
  loadInstrument(dir, none);
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

if (!isWorkerd) {
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
