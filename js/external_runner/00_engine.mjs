// v8bench's runner for external engines (node, deno, bun, workerd): the same suite API (bench_api.js,
// evaluated unchanged) and the same worker protocol as `v8bench run --format jsonl`, so the compare
// driver treats every engine alike. It is one module in parts (js/external_runner/NN_name.mjs, this one
// first), joined in file-name order by cmake/EmbedJs.cmake into external_runner.mjs, as js/bench_api/'s
// parts are into bench_api.js (the build writes both into build/js/). v8bench writes the two side by
// side into its cache and runs, e.g.:
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
function readSeal(serving) {
  const key = serving ? readCommand() ?? '' : fs.readFileSync(0, 'utf8');
  if (!/^[0-9a-f]{16,64}$/.test(key)) throw new Error('--sealed: stdin holds no key (16 to 64 hex digits); it is for the supervising `v8bench run`');
  seal = key;
}

// --serve (a long-lived worker, `compare --long-lived`): the next line on stdin without its newline, or null
// at end of file; read a byte at a time, so that nothing after the line is taken. The worker blocks here
// between samples, in read(): Node makes a piped stdin non-blocking, and that flag belongs to the open pipe,
// shared by every descriptor of it, so the commands are read through one of their own, the pipe opened
// again (commandDescriptor). Twenty idle workers polling a non-blocking stdin a millisecond at a time took
// 5-10% of a CPU each, beside the one being timed. Where the pipe cannot be opened again, a non-blocking
// stdin (EAGAIN) is still waited on, a millisecond at a time.
let commandFd = null;
function commandDescriptor() {
  if (commandFd !== null) return commandFd;
  commandFd = 0;
  try {
    if (fs.fstatSync(0).isFIFO()) commandFd = fs.openSync('/proc/self/fd/0', 'r');
  } catch { /* no /proc: stdin as it is */ }
  return commandFd;
}

function readCommand() {
  const byte = Buffer.alloc(1);
  const fd = commandDescriptor();
  let line = '';
  while (line.length < 256) {
    let n;
    try {
      n = fs.readSync(fd, byte, 0, 1, null);
    } catch (e) {
      if (e.code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 1);
        continue;
      }
      if (e.code === 'EOF') return null;
      throw e;
    }
    if (n === 0) return null;
    if (byte[0] === 0x0a) return line;
    line += String.fromCharCode(byte[0]);
  }
  return null;
}

// The worker protocol's version, written in the context line: harness/model/format_version.h
// (kProtocolFormat) declares it, and tests/protocol_test.cc checks that this runner writes the same.
const PROTOCOL_FORMAT_VERSION = '1.5';

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
