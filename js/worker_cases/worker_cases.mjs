// Benches declared inside worker_threads Workers (Node engines, through js/external_runner.mjs).
//
// A bench file may start Workers and declare its benches inside them (fast-json-stringify's
// benchmark/bench-array.js starts one Worker per schema, whose body builds a Benchmark.js suite). Such
// a bench lives in the Worker's own isolate and thread, where the runner's thread cannot call it. So
// the Worker measures it itself, with the runner's own measurement code:
//   - In the runner's thread, while the files load, a Worker a file starts from a file path runs the
//     runner (external_runner.mjs) as its entry instead, with the Worker's file, id and the run's
//     settings in the environment variable SESSION_VARIABLE (removed, and process.argv[1] set to the
//     Worker's file, before the file runs). The other options are the file's as given (workerData,
//     transferList, resourceLimits, ...).
//   - In the Worker, the runner loads v8bench's bench API and the in-process instrument into the
//     Worker's isolate, runs the Worker's file as a file given to v8bench (the harnesses' names answered
//     there as in the runner's thread), announces the cases it declared, waits for its turn (one Worker
//     measures at a time, while the runner's thread is idle in its event loop) and measures each case
//     with the same rules: the clocks, GC and allocation it reads are the Worker thread's and isolate's.
//     Then the Worker's own code goes on (its run() events, its messages to the file) and it ends.
//   - The runner's thread waits until the file's Workers have settled (settled() below: Workers started
//     later by the file's own callbacks included), then counts those cases as the file's and emits them
//     after its own, in the worker protocol's order.
// Only Workers started while the files load are captured: one a bench starts while it is measured is
// Node's own (stop()), so a bench that times new Worker() times Node's Worker, not v8bench's setup.
// Not covered: Workers started from code (eval: true) or a data: URL, and those given env: SHARE_ENV
// (the session cannot be handed over without changing the file's environment): they run as they are,
// and a bench they declare is not seen.

export const SESSION_VARIABLE = 'V8BENCH_WORKER_SESSION';

// How long after a Worker's exit its last messages may still arrive on the channel (they are posted
// before it exits, and delivered on this thread's event loop).
const LATE_MESSAGE_MS = 200;
// The file's Workers have settled once none has started, declared, measured or ended for this long: a file
// that starts its next Worker when the last one ends (bench-array.js) does so within it.
const QUIET_MS = 500;
// A Worker whose file has not finished loading after this long (its top level waits for a message the file
// sends only later, say) is not waited for: its benches, if any, are not counted, and it is said.
const LOAD_LIMIT_MS = 30000;

// In the runner's thread: replaces worker_threads.Worker (for require and import alike) with one that
// starts the runner in the Worker. `runnerFile` is external_runner.mjs; `settings` the run's options the
// Worker needs (JSON-safe). Returns the cases Workers declared and what they measured, per file.
export function captureWorkerCases({ require, runnerFile, settings }) {
  const wt = require('node:worker_threads');
  const channelName = `v8bench:worker-cases:${process.pid}`;
  // The capture's state. workers: id -> { owner, file, startedAt, declared (null until said), done, exitedAt,
  // lines, error }; ready: the Workers waiting for their turn to measure; measuring: the one measuring.
  const cap = {
    channelName, channel: new wt.BroadcastChannel(channelName), workers: new Map(), owner: '', capturing: true,
    lastId: 0, lastEventAt: 0, ready: [], measuring: null, wake: null,
  };
  cap.channel.unref();
  cap.channel.onmessage = ({ data }) => onSessionMessage(cap, data);
  const OriginalWorker = wt.Worker;
  wt.Worker = capturingWorkerClass(cap, { require, wt, OriginalWorker, runnerFile, settings });
  require('node:module').syncBuiltinESMExports();
  return {
    // The file loading now: the Workers it starts are its own.
    loading(file) {
      cap.owner = file;
    },
    settled: () => workersSettled(cap),
    // Once the files have loaded: a Worker started from now on (a bench that times new Worker()) is
    // Node's own, untouched, even through a class the file took while loading.
    stop() {
      cap.capturing = false;
      wt.Worker = OriginalWorker;
      require('node:module').syncBuiltinESMExports();
    },
    // The Workers `file` started that declared cases, in the order they started.
    of(file) {
      return [...cap.workers.values()].filter((w) => w.owner === file && !w.abandoned && w.declared !== null && w.declared.length > 0);
    },
  };
}

function captureEvent(cap) {
  cap.lastEventAt = Date.now();
  if (cap.wake !== null) cap.wake();
}

// One Worker measures at a time: the next ready one is told to go when none is measuring.
function grantNext(cap) {
  while (cap.measuring === null && cap.ready.length > 0) {
    const id = cap.ready.shift();
    if (cap.workers.get(id).abandoned) continue;
    cap.measuring = id;
    cap.channel.postMessage({ type: 'go', id });
  }
}

function workerFinished(cap, id) {
  if (cap.measuring === id) cap.measuring = null;
  grantNext(cap);
  captureEvent(cap);
}

// What a Worker's session says: its cases declared, ready to measure, a protocol line, done.
function onSessionMessage(cap, data) {
  const w = cap.workers.get(data.id);
  if (w === undefined) return;
  if (data.type === 'declared') {
    w.declared = data.cases;
    captureEvent(cap);
  } else if (data.type === 'ready') {
    cap.ready.push(data.id);
    grantNext(cap);
  } else if (data.type === 'line') w.lines.push(data.line);
  else if (data.type === 'done') {
    w.done = true;
    w.error = data.error || '';
    workerFinished(cap, data.id);
  }
}

// The file a Worker is started from, or null when it is not one (eval code, a data: URL).
function workerFileOf(require, filename) {
  const path = require('node:path');
  const { fileURLToPath } = require('node:url');
  if (filename instanceof URL) return filename.protocol === 'file:' ? fileURLToPath(filename) : null;
  if (typeof filename !== 'string') return null;
  if (filename.startsWith('file:')) return fileURLToPath(filename);
  // Node takes an absolute path or one starting with ./ or ../ (relative to the working directory), and
  // refuses anything else itself.
  return path.isAbsolute(filename) || /^\.\.?[\\/]/.test(filename) ? path.resolve(filename) : null;
}

// worker_threads.Worker as the files see it while they load: a Worker from a file starts the runner, with
// the session (which file, the run's settings) in its environment.
function capturingWorkerClass(cap, { require, wt, OriginalWorker, runnerFile, settings }) {
  return class Worker extends OriginalWorker {
    constructor(filename, options) {
      const opts = options === undefined ? {} : options;
      const file = !cap.capturing || opts.eval ? null : workerFileOf(require, filename);
      if (file === null || opts.env === wt.SHARE_ENV) {
        super(filename, options);
        return;
      }
      const id = ++cap.lastId;
      const session = JSON.stringify({ channel: cap.channelName, id, file, settings });
      const env = { ...(opts.env === undefined || opts.env === null ? process.env : opts.env), [SESSION_VARIABLE]: session };
      super(runnerFile, { ...opts, env });
      const w = { owner: cap.owner, file, startedAt: Date.now(), declared: null, done: false, exitedAt: null, lines: [], error: '' };
      cap.workers.set(id, w);
      captureEvent(cap);
      this.on('exit', (code) => {
        w.exitedAt = Date.now();
        w.exitCode = code;
        workerFinished(cap, id);
      });
    }
  };
}

// Whether `w` may still declare or measure something worth waiting for.
function workerOpen(w, now) {
  if (w.done || w.abandoned) return false;
  if (w.exitedAt !== null) return now - w.exitedAt < LATE_MESSAGE_MS;
  if (w.declared === null && now - w.startedAt >= LOAD_LIMIT_MS) {
    w.abandoned = true;
    console.error(`v8bench: ${w.owner}: the worker_threads Worker running ${w.file} had not finished loading after ` +
      `${LOAD_LIMIT_MS / 1000} s: the benches it may declare are not counted`);
    return false;
  }
  return true;
}

// Settles when every Worker started so far has declared its benches and measured them (or ended), and no
// Worker has started, declared, measured or ended for QUIET_MS (Workers the file starts meanwhile
// included). A Worker that lives on (a pool the file's own benches use) is not waited for once done.
async function workersSettled(cap) {
  if (cap.workers.size === 0) return;
  for (;;) {
    const now = Date.now();
    const waiting = [...cap.workers.values()].some((w) => workerOpen(w, now));
    if (!waiting && now - cap.lastEventAt >= QUIET_MS) return;
    await new Promise((resolve) => {
      cap.wake = resolve;
      setTimeout(resolve, waiting ? LATE_MESSAGE_MS : QUIET_MS - (now - cap.lastEventAt));
    });
    cap.wake = null;
  }
}

// In a Worker started by captureWorkerCases: the session, or null (not such a Worker). The variable is
// removed and process.argv[1] names the Worker's file, so the file sees what Node would have given it.
export function workerSession() {
  const text = process.env[SESSION_VARIABLE];
  if (typeof text !== 'string') return null;
  delete process.env[SESSION_VARIABLE];
  const session = JSON.parse(text);
  process.argv[1] = session.file;
  return session;
}

// In the Worker: loads the file through `load(file)` (the runner's loader, with the bench API installed
// in this isolate), announces its cases (`describe()`: the described cases, the filter applied), and
// measures them when its turn comes (`measure(c)`: the protocol's start and case lines). A file that
// fails to load fails as it would have: its error is the Worker's.
export async function runWorkerSession(session, { load, describe, measure, planOnly, describeError }) {
  const { BroadcastChannel } = await import('node:worker_threads');
  const channel = new BroadcastChannel(session.channel);
  const post = (message) => channel.postMessage({ id: session.id, ...message });
  let cases = [];
  try {
    await load(session.file);
    cases = describe();
  } catch (e) {
    post({ type: 'done', error: describeError(e) });
    channel.close();
    throw e;
  }
  post({ type: 'declared', cases });
  if (cases.length === 0 || planOnly) {
    post({ type: 'done' });
    channel.close();
    return;
  }
  await new Promise((resolve) => {
    channel.onmessage = ({ data }) => {
      if (data.type === 'go' && data.id === session.id) resolve();
    };
    post({ type: 'ready' });
  });
  channel.onmessage = null;
  try {
    for (const c of cases) for (const line of await measure(c)) post({ type: 'line', line });
    post({ type: 'done' });
  } catch (e) {
    post({ type: 'done', error: describeError(e) });
  }
  channel.close();
}
