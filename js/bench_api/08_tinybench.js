// v8bench's bench API, part 08: tinybench 2 to 6.
// One script with the other parts of js/bench_api/ (concatenated in file-name order into one closure by
// cmake/EmbedJs.cmake; 00_begin.js says why).

const EventTargetBase = typeof EventTarget === 'function' ? EventTarget : class {
  addEventListener() {}
  removeEventListener() {}
  dispatchEvent() { return true; }
};
// `type` dispatched on `target` with the tinybench event's task (and error).
function fire(target, type, task) {
  if (typeof Event !== 'function' || typeof target.dispatchEvent !== 'function') return;
  const ev = new Event(type);
  Object.defineProperty(ev, 'task', { value: task, enumerable: true });
  target.dispatchEvent(ev);
}

// A tinybench statistics object, unmeasured (v3+: result.latency, result.throughput).
function tinybenchStats() {
  return {
    aad: NaN, critical: NaN, df: NaN, mad: NaN, max: NaN, mean: NaN, min: NaN, moe: NaN, p50: NaN, p75: NaN,
    p99: NaN, p995: NaN, p999: NaN, rme: NaN, samples: [], samplesCount: 0, sd: NaN, sem: NaN, variance: NaN,
  };
}
// A task's result after run() here: tinybench 6's state 'not-started', with tinybench 2's flat fields and
// 3-5's latency/throughput objects all present and NaN, so any version's printing runs.
function tinybenchResult() {
  return Object.assign(tinybenchStats(), {
    state: 'not-started', v8bench: NOT_MEASURED, error: undefined, totalTime: NaN, period: NaN, hz: NaN,
    runtime: 'node', runtimeVersion: typeof process === 'object' ? process.version : 'unknown',
    latency: tinybenchStats(), throughput: tinybenchStats(),
  });
}

// Calls the tinybench/Vitest once-per-task hooks (Bench's setup, a task's beforeAll) in a case's setup,
// which is synchronous: a hook that returns a promise is refused with its name.
function callSyncHook(where, hook, self, args) {
  if (typeof hook !== 'function') return;
  const r = apply(hook, self, args);
  if (isThenable(r)) {
    r.then(undefined, () => {});
    unsupported(`${where} returned a promise: v8bench prepares a case synchronously; make the hook synchronous`);
  }
}

// A task's timed function with its per-iteration hooks (tinybench's beforeEach/afterEach) around it: they
// run with every iteration inside the timed loop, so their cost is part of the figures.
function withEachHooks(fn, self, before, after) {
  if (typeof before !== 'function' && typeof after !== 'function') return () => apply(fn, self, []);
  const afterIt = (v) => {
    if (typeof after !== 'function') return v;
    const a = apply(after, self, ['run']);
    return isThenable(a) ? a.then(() => v) : v;
  };
  const body = () => {
    const r = apply(fn, self, []);
    return isThenable(r) ? r.then(afterIt) : afterIt(r);
  };
  return () => {
    const b = typeof before === 'function' ? apply(before, self, ['run']) : undefined;
    return isThenable(b) ? b.then(body) : body();
  };
}

// tinybench 2-6: new Bench(options).add(name, fn, { beforeAll, beforeEach, afterEach, afterAll }), todo()
// (2.x), events, run()/runSync()/warmup(), tasks, results and table() after run (unmeasured: NOT_MEASURED).
function tinybenchModule(c) {
  c.title = 'tinybench';
  const Bench = tinybenchBenchClass(c);
  const Task = TinybenchTask;
  return { Bench, Task, default: Bench, now, hrtimeNow: now, nToMs: (ns) => ns / 1e6, mToNs: (ms) => ms * 1e6 };
}

const TinybenchTask = class Task extends EventTargetBase {
  constructor(bench, name, fn, opts) {
    super();
    this.bench = bench;
    this.name = name;
    this.fn = fn;
    this.opts = opts || {};
    this.fnOpts = this.opts;
    this.runs = 0;
    this.result = tinybenchResult();
  }
  async run() { return this; }
  runSync() { return this; }
  async warmup() {}
  reset() { this.result = tinybenchResult(); }
};

const TINYBENCH_HOOKS = ['beforeAll', 'beforeEach', 'afterEach', 'afterAll'];

// tinybench's Bench, whose tasks become cases of the file's collector c.
function tinybenchBenchClass(c) {
  return class Bench extends EventTargetBase {
    constructor(options) {
      super();
      tinybenchConfigure(c, this, options || {});
    }
    add(name, fn, fnOpts) {
      tinybenchAdd(c, this, name, fn, fnOpts);
      return this;
    }
    // tinybench 2: a task to write later, listed and never run.
    todo(name, fn, fnOpts) {
      const task = new TinybenchTask(this, name, fn || (() => {}), fnOpts);
      this._todos.set(name, task);
      c.note(`'${name}' is a todo (not measured)`);
      fire(this, 'todo', task);
      return this;
    }
    remove(name) {
      const task = this._tasks.get(name);
      if (task) {
        c.remove(this._cases.get(name));
        this._tasks.delete(name);
        this._cases.delete(name);
        fire(this, 'remove', task);
      }
      return this;
    }
    getTask(name) { return this._tasks.get(name); }
    get tasks() { return [...this._tasks.values()]; }
    get todos() { return [...this._todos.values()]; }
    get results() { return this.tasks.map((t) => t.result); }
    runSync() {
      fire(this, 'start');
      for (const task of this.tasks) {
        fire(task, 'start', task);
        fire(task, 'complete', task);
        fire(this, 'cycle', task);
      }
      fire(this, 'complete');
      return this.tasks;
    }
    async run() { return this.runSync(); }
    async runConcurrently() { return this.runSync(); }
    async warmup() { fire(this, 'warmup'); }
    reset() {
      for (const task of this.tasks) task.reset();
      fire(this, 'reset');
    }
    table(convert) {
      return this.tasks.map((task) => (typeof convert === 'function' ? convert(task) : {
        'Task name': task.name,
        'Latency avg (ns)': 'N/A', 'Latency med (ns)': 'N/A',
        'Throughput avg (ops/s)': 'N/A', 'Throughput med (ops/s)': 'N/A',
        Samples: 'N/A', Remarks: 'measured by v8bench (its table)',
      }));
    }
  };
}

// new Bench(o): the options as tinybench keeps them (a file may read them back); the timing ones are noted
// as replaced.
function tinybenchConfigure(c, bench, o) {
  bench.opts = o;
  bench.name = o.name;
  bench.time = o.time === undefined ? 1000 : o.time;
  bench.iterations = o.iterations === undefined ? 64 : o.iterations;
  bench.warmupTime = o.warmupTime === undefined ? 250 : o.warmupTime;
  bench.warmupIterations = o.warmupIterations === undefined ? 16 : o.warmupIterations;
  bench.now = typeof o.now === 'function' ? o.now : now;
  bench.setup = typeof o.setup === 'function' ? o.setup : () => {};
  bench.teardown = typeof o.teardown === 'function' ? o.teardown : () => {};
  bench.throws = !!o.throws;
  bench.signal = o.signal;
  bench.concurrency = o.concurrency === undefined ? null : o.concurrency;
  bench.threshold = o.threshold === undefined ? Infinity : o.threshold;
  bench.runtime = 'node';
  bench.runtimeVersion = typeof process === 'object' ? process.version : 'unknown';
  bench._tasks = new Map();
  bench._todos = new Map();
  bench._cases = new Map();
  const timing = ['time', 'iterations', 'warmupTime', 'warmupIterations'].filter((k) => o[k] !== undefined);
  if (timing.length > 0) {
    c.note(`tinybench's ${timing.join(', ')} ${timing.length === 1 ? 'is' : 'are'} replaced by v8bench's own ` +
      'timing rules (--min-time, --repetitions, the warm-up until the code settles)');
  }
}

// bench.add(name, fn, hooks): a task, and the case that measures it.
function tinybenchAdd(c, bench, name, fn, fnOpts) {
  if (typeof fn !== 'function') {
    throw new TypeError(`tinybench bench.add('${name}')${atUserSite()}: needs a function to time`);
  }
  if (bench._tasks.has(name)) throw new Error(`Task "${name}" already exists${atUserSite()}: give each task its own name`);
  const h = fnOpts || {};
  for (const k of TINYBENCH_HOOKS) {
    if (h[k] !== undefined && typeof h[k] !== 'function') {
      throw new TypeError(`tinybench bench.add('${name}', fn, { ${k} })${atUserSite()}: ${k} must be a function`);
    }
  }
  const task = new TinybenchTask(bench, name, fn, h);
  bench._tasks.set(name, task);
  if (h.beforeEach || h.afterEach) {
    c.note(`task '${name}': its ${[h.beforeEach && 'beforeEach', h.afterEach && 'afterEach'].filter(Boolean).join(' and ')} ` +
      'run with every iteration inside the timed loop, so their cost is part of its figures');
  }
  bench._cases.set(name, c.add(name, {
    setup() {
      callSyncHook(`tinybench's setup(task, 'run') (task '${name}')`, bench.setup, bench, [task, 'run']);
      callSyncHook(`tinybench task '${name}': beforeAll`, h.beforeAll, task, ['run']);
      return {};
    },
    teardown() {
      const after = typeof h.afterAll === 'function' ? apply(h.afterAll, task, ['run']) : undefined;
      const down = () => apply(bench.teardown, bench, [task, 'run']);
      return isThenable(after) ? after.then(down) : down();
    },
    fn: withEachHooks(fn, task, h.beforeEach, h.afterEach),
  }));
  fire(bench, 'add', task);
}
