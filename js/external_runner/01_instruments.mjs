// v8bench's external runner, part 01: GC observation, the in-process instrument, and timing one batch.
// One module with the other parts of js/external_runner/, joined in file-name order (cmake/EmbedJs.cmake).

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
