// v8bench's bench API, part 12: Benchmark.js.
// One script with the other parts of js/bench_api/ (concatenated in file-name order into one closure by
// cmake/EmbedJs.cmake; 00_begin.js says why).

// Benchmark.js: new Benchmark.Suite().add(name, fn, options).on(...).run(); { defer: true } benches
// resolve a deferred. run() fires start, cycle (per benchmark) and complete with Benchmark.js's event
// shapes, so a file's printing runs; every figure is unmeasured (NaN: NOT_MEASURED).
function benchmarkJsModule(c) {
  c.title = 'Benchmark.js';
  function Benchmark(name, fn, options) {
    if (!(this instanceof Benchmark)) return new Benchmark(name, fn, options);
    const label = typeof name === 'string' ? name : (name && name.name) || 'anonymous';
    c.add(label, benchmarkJsSpec(Benchmark, label, typeof name === 'string' ? fn : name, options));
    Object.assign(this, benchmarkJsUnmeasured(label));
    this.run = () => this;
    this.on = () => this;
  }
  const Suite = benchmarkJsSuiteClass(c, Benchmark);
  // Benchmark.Suite(...) without `new` makes a suite too, as in Benchmark.js.
  function SuiteOrNew(name, options) {
    return new Suite(name, options);
  }
  SuiteOrNew.prototype = Suite.prototype;
  SuiteOrNew.options = { name: undefined };
  Benchmark.Suite = SuiteOrNew;
  // Benchmark.js's defaults, which files set before adding benchmarks (Benchmark.options.minSamples = 500).
  // Its timing settings are replaced by v8bench's rules: any changed from Benchmark.js's default is noted.
  const TIMING_DEFAULTS = { async: false, delay: 0.005, initCount: 1, maxTime: 5, minSamples: 5, minTime: 0 };
  Benchmark.options = assign({ defer: false, id: undefined, name: undefined, onAbort: undefined, onComplete: undefined,
    onCycle: undefined, onError: undefined, onReset: undefined, onStart: undefined }, TIMING_DEFAULTS);
  Benchmark.version = '2.1.4';
  c.beforeDefine = () => {
    const changed = ownKeys(TIMING_DEFAULTS).filter((k) => Benchmark.options[k] !== TIMING_DEFAULTS[k]);
    if (changed.length > 0) c.note(`Benchmark.options ${changed.join(', ')} replaced by v8bench's own timing rules`);
  };
  return Benchmark;
}

// What v8bench times for a benchmark: fn (a function, its source text, or an options object holding it),
// with its setup and teardown; a deferred one ({ defer: true }) resolves the deferred it is given.
function benchmarkJsSpec(Benchmark, name, fn, options) {
  const o = Object.assign({}, options || {});
  if (typeof fn === 'object' && fn !== null) Object.assign(o, fn);
  else if (fn !== undefined) o.fn = fn;
  if (typeof o.fn === 'string') o.fn = new FunctionCtor(o.fn);
  if (typeof o.fn !== 'function') throw new TypeError(`Benchmark.js add('${name}')${atUserSite()}: needs a function`);
  const body = o.fn;
  return {
    setup() {
      if (typeof o.setup === 'function') o.setup();
      return {};
    },
    teardown() {
      if (typeof o.teardown === 'function') o.teardown();
    },
    fn: (o.defer === undefined ? Benchmark.options.defer : o.defer) ? () => new Promise((resolve) => body({ resolve })) : () => body(),
  };
}

// A benchmark as a file reads it after run(): Benchmark.js's fields, unmeasured.
function benchmarkJsUnmeasured(name) {
  return {
    name, id: 0, hz: NaN, count: 0, cycles: 0, error: undefined, aborted: false, running: false,
    v8bench: NOT_MEASURED,
    stats: { moe: NaN, rme: NaN, sem: NaN, deviation: NaN, mean: NaN, sample: [], variance: NaN },
    times: { cycle: NaN, elapsed: NaN, period: NaN, timeStamp: Date.now() },
    toString() { return `${this.name} x NaN ops/sec \xb1NaN% (0 runs sampled; ${NOT_MEASURED})`; },
  };
}

// Benchmark.js's collection helpers: a callback, or 'fastest'/'slowest'/'successful' and a property name.
function benchmarkJsPick(list, how) {
  if (typeof how === 'function') return Array.prototype.filter.call(list, how);
  if (how === 'successful') return Array.prototype.filter.call(list, (b) => !b.error);
  if (how === 'fastest' || how === 'slowest') return []; // no figures to rank by yet
  return Array.prototype.slice.call(list);
}

function benchmarkJsListOf(items) {
  items.filter = (how) => benchmarkJsListOf(benchmarkJsPick(items, how));
  items.map = (how) => Array.prototype.map.call(items, typeof how === 'function' ? how : (b) => b[how]);
  items.pluck = (key) => Array.prototype.map.call(items, (b) => b[key]);
  return items;
}

// Benchmark.Suite, whose add() declares a case of the file's collector c.
function benchmarkJsSuiteClass(c, Benchmark) {
  const listOf = benchmarkJsListOf;
  return class Suite {
    constructor(name, options) {
      if (name !== null && typeof name === 'object') [name, options] = [undefined, name];
      this.name = name;
      this.options = options || {};
      this.length = 0;
      this.listeners = {};
      for (const type of ['start', 'cycle', 'complete', 'error', 'abort', 'reset']) {
        const key = `on${type[0].toUpperCase()}${type.slice(1)}`;
        if (typeof this.options[key] === 'function') this.on(type, this.options[key]);
      }
    }
    add(name, fn, options) {
      if (typeof name !== 'string') [name, fn, options] = [(name && name.name) || 'anonymous', name, fn];
      c.add(name, benchmarkJsSpec(Benchmark, name, fn, options));
      this[this.length++] = benchmarkJsUnmeasured(name);
      return this;
    }
    on(types, listener) {
      for (const type of `${types}`.split(/\s+/)) {
        if (type !== '' && typeof listener === 'function') (this.listeners[type] = this.listeners[type] || []).push(listener);
      }
      return this;
    }
    off(types, listener) {
      for (const type of `${types}`.split(/\s+/)) {
        if (this.listeners[type]) this.listeners[type] = this.listeners[type].filter((l) => listener !== undefined && l !== listener);
      }
      return this;
    }
    emit(event) {
      const e = typeof event === 'string' ? { type: event } : event;
      e.currentTarget = this;
      if (e.target === undefined) e.target = this;
      for (const l of this.listeners[e.type] || []) l.call(this, e);
      return this;
    }
    run() {
      this.emit('start');
      for (let i = 0; i < this.length; i++) this.emit({ type: 'cycle', target: this[i] });
      this.emit('complete');
      return this;
    }
    abort() { return this; }
    reset() { return this.emit('reset'); }
    filter(how) { return listOf(benchmarkJsPick(this, how)); }
    map(how) { return listOf(Array.prototype.slice.call(this)).map(how); }
    pluck(key) { return listOf(Array.prototype.slice.call(this)).pluck(key); }
    forEach(fn) {
      Array.prototype.forEach.call(this, fn);
      return this;
    }
  };
}
