// v8bench's bench API, part 07: mitata 1.x.
// One script with the other parts of js/bench_api/ (concatenated in file-name order into one closure by
// cmake/EmbedJs.cmake; 00_begin.js says why).

// mitata 1.x: bench(name, fn) (a function, an iterator function(state), a generator yielding the timed
// function or { [0]() {...}, bench(a) {...} }), .args()/.range()/.dense_range() as parameters (so --param
// and --quick apply), group() names as name prefixes, summary()/plots/compact() as groupings, run().
// Its library API too: new B(name, fn) is a trial that becomes a case when its run() is called (what
// mitata measures then), and measure(fn, opts) is a case of its own; both resolve to mitata's shapes,
// unmeasured, as run() does.
function mitataModule(c) {
  c.title = 'mitata';
  // The module's state: the group a bench() is declared in, and every trial so far.
  const m = { c, prefix: '', compactNow: false, groupId: 0, creator: 'B', trials: [], trialOf: new WeakMap() };
  const B = mitataTrialClass(m);
  return {
    B,
    bench: (name, fn) => mitataBench(m, B, name, fn),
    run: () => mitataRun(m),
    measure: (fn, opts) => mitataMeasure(m, fn, opts),
    group: (name, fn) => mitataNest(m, name, fn, false),
    summary: (fn) => mitataNest(m, null, fn, false),
    barplot: (fn) => mitataNest(m, null, fn, false),
    boxplot: (fn) => mitataNest(m, null, fn, false),
    lineplot: (fn) => mitataNest(m, null, fn, false),
    compact: (fn) => mitataNest(m, null, fn, true),
    do_not_optimize: (v) => v,
  };
}

// What v8bench times for fn: its params object is the trial's own, filled by .args()/.range() until the
// file's top level has run.
function mitataSpecOf(c, name, fn, params) {
  if (isGenerator(fn)) {
    // Computed parameters ({ [0]() {...}, bench(a) {...} }), seen in the generator's text so that the
    // description (built before any case runs) can say how they are timed (mitataGeneratorState).
    if (matches(/\[\s*0\s*\]\s*\(/, fnToString(fn))) {
      c.note(`'${name}' yields computed parameters ([0]() ...): they are made with every iteration inside the ` +
        'timed loop, so their cost is part of its figures');
    }
    return { params, setup: (p) => mitataGeneratorState(fn, p), fn: (st) => st.call(), teardown: (st) => st.finish() };
  }
  if (fn.length > 0) {
    // The iterator form: fn(state) loops `for (const _ of state)`; each call here loops once, so what fn
    // does before its loop is timed with it.
    c.note(`'${name}' is an iterator bench (fn(state)): one iteration is one call whose loop runs once, so ` +
      'the code before its loop is timed too');
    return { params, setup: (p) => mitataIterState(p), fn: (st) => fn(st) };
  }
  return { params, fn: () => fn() };
}

// A trial becomes a case once: bench() at once, a B when its run() is called.
function mitataRegister(c, t, namePrefix) {
  if (t.unique !== null) return;
  t.prefix = namePrefix;
  t.unique = c.add(namePrefix + t.alias, t.spec);
}

function mitataRefuse(t, what) {
  throw new TypeError(`mitata ${t.by}('${t.alias}')${atUserSite()}: ${what}`);
}

// mitata's B (a trial), its methods on the trial that m.trialOf keeps for each B.
function mitataTrialClass(m) {
  const trialOfThis = (self) => {
    const t = m.trialOf.get(self);
    if (t === undefined) throw new TypeError(`mitata B method${atUserSite()}: called on something that is not a B`);
    return t;
  };
  return class B {
    constructor(name, fn) {
      const by = m.creator;
      m.creator = 'B';
      if (typeof fn !== 'function') {
        throw new TypeError(`mitata ${by}('${name}')${atUserSite()}: expected iterator, generator or one-shot function`);
      }
      const params = {};
      m.trialOf.set(this, { alias: `${name}`, params, group: 0, baseline: false, highlight: false,
        compact: m.compactNow, spec: mitataSpecOf(m.c, `${name}`, fn, params), unique: null, prefix: '', by });
    }
    args(k, values) {
      mitataArgs(trialOfThis(this), k, values);
      return this;
    }
    range(k, start, end, mult = 8) {
      return this.args(k, mitataRange(trialOfThis(this), k, start, end, mult));
    }
    dense_range(k, start, end, step = 1) {
      return this.args(k, mitataDenseRange(trialOfThis(this), k, start, end, step));
    }
    name(n) {
      const t = trialOfThis(this);
      t.alias = `${n}`;
      if (t.unique !== null) {
        m.c.remove(t.unique);
        t.unique = m.c.add(t.prefix + n, t.spec);
      }
      return this;
    }
    // mitata collects garbage before (true, 'once') or inside ('inner') its samples: v8bench measures the
    // GC a bench causes per iteration instead, so the mode is checked and left out.
    gc(mode = 'once') {
      const t = trialOfThis(this);
      if (![true, false, 'once', 'inner'].includes(mode)) mitataRefuse(t, `.gc(${quoteString(`${mode}`)}): invalid gc type`);
      return this;
    }
    baseline(on = true) {
      trialOfThis(this).baseline = !!on;
      return this;
    }
    highlight(color = false) {
      trialOfThis(this).highlight = color;
      return this;
    }
    compact(on = true) {
      trialOfThis(this).compact = !!on;
      return this;
    }
    opts() {
      return this;
    }
    // mitata measures the trial now and resolves to it; v8bench declares it a case (named by the B's name)
    // and measures it after the file has loaded: the trial resolves unmeasured.
    run() {
      const t = trialOfThis(this);
      mitataRegister(m.c, t, '');
      return PromiseCtor.resolve(mitataTrialResult(t));
    }
  };
}

// B.args(): a parameter's values (name and array), `x`'s (an array), several ({ name: values }), or none (null).
function mitataArgs(t, k, values) {
  const params = t.params;
  if (k === null) {
    delete params.x;
  } else if (Array.isArray(k)) {
    params.x = k;
  } else if (typeof k === 'string' && values === null) {
    delete params[k];
  } else if (typeof k === 'string' && Array.isArray(values)) {
    params[k] = values;
  } else if (k !== null && typeof k === 'object') {
    for (const key of ownKeys(k)) {
      const v = k[key];
      if (v === null || v === undefined) delete params[key];
      else if (Array.isArray(v)) params[key] = v;
      else mitataRefuse(t, `.args({ ${key}: ... }): invalid arguments map value (an array of values, or null)`);
    }
  } else {
    mitataRefuse(t, '.args(): invalid arguments (name and array of values, an array, or { name: values })');
  }
}

// B.range(): start, start * mult, ... up to end, end included.
function mitataRange(t, k, start, end, mult) {
  if (!(isFinite(start) && isFinite(end) && isFinite(mult)) || !(start > 0) || !(mult > 1) || end < start) {
    mitataRefuse(t, `.range('${k}', ${start}, ${end}, ${mult}): needs finite numbers 0 < start <= end and a multiplier > 1`);
  }
  const values = [];
  for (let v = start; v <= end; v *= mult) values.push(Math.min(v, end));
  if (!values.includes(end)) values.push(end);
  return values;
}

// B.dense_range(): start, start + step, ... up to end, end included.
function mitataDenseRange(t, k, start, end, step) {
  if (!(isFinite(start) && isFinite(end) && isFinite(step)) || !(step > 0) || end < start) {
    mitataRefuse(t, `.dense_range('${k}', ${start}, ${end}, ${step}): needs finite numbers start <= end and a step > 0`);
  }
  if ((end - start) / step > MAX_CASES) {
    mitataRefuse(t, `.dense_range('${k}', ${start}, ${end}, ${step}): more than ${MAX_CASES} values; use a larger step`);
  }
  const values = [];
  for (let v = start; v <= end; v += step) values.push(v);
  if (!values.includes(end)) values.push(end);
  return values;
}

function mitataBench(m, B, name, fn) {
  if (typeof name === 'function') [name, fn] = [name.name || 'anonymous', name];
  m.creator = 'bench';
  const b = new B(name, fn);
  const t = m.trialOf.get(b);
  t.group = m.groupId;
  m.trials.push(t);
  mitataRegister(m.c, t, m.prefix);
  return b;
}

// group(name, fn) prefixes the names of the benches fn declares; summary(), the plots and compact()
// group without a name. An async fn's benches are declared when its promise settles.
function mitataNest(m, name, fn, compact) {
  if (typeof name === 'function') [name, fn] = [null, name];
  if (typeof fn !== 'function') throw new TypeError(`mitata group/summary/plot${atUserSite()}: needs a function`);
  const saved = [m.prefix, m.compactNow, m.groupId];
  if (typeof name === 'string' && name !== '') m.prefix = `${m.prefix}${name}/`;
  if (compact) m.compactNow = true;
  m.groupId = m.trials.length + 1;
  const restore = () => {
    [m.prefix, m.compactNow, m.groupId] = saved;
  };
  let r;
  try {
    r = fn();
  } finally {
    if (!isThenable(r)) restore();
  }
  if (isThenable(r)) return r.then(restore, (e) => {
    restore();
    throw e;
  });
  return undefined;
}

function mitataStats() {
  return {
    kind: 'fn', min: NaN, max: NaN, avg: NaN, p25: NaN, p50: NaN, p75: NaN, p99: NaN, p999: NaN, ticks: 0,
    samples: [], heap: undefined, gc: undefined, debug: NOT_MEASURED,
  };
}

// A trial as mitata's run() and B.run() give it: one run per combination of its arguments.
function mitataTrialResult(t) {
  const names = ownKeys(t.params);
  const runs = cartesian(t.params).map((args) => {
    let runName = t.alias;
    for (const k of names) runName = runName.split(`$${k}`).join(`${args[k]}`);
    return { stats: mitataStats(), error: undefined, args, name: runName };
  });
  return {
    kind: names.length === 0 ? 'static' : names.length === 1 ? 'args' : 'multi-args',
    args: t.params, alias: t.alias, group: t.group, baseline: t.baseline, runs,
    style: { highlight: t.highlight, compact: t.compact },
  };
}

function mitataRun(m) {
  const context = {
    now: Date.now(), arch: `${typeof process === 'object' ? `${process.arch}-${process.platform}` : 'unknown'}`,
    version: typeof process === 'object' ? process.version : 'unknown', runtime: 'node',
    cpu: { name: 'unknown', freq: NaN }, noop: { fn: mitataStats(), iter: mitataStats(), fn_gc: mitataStats() },
    v8bench: NOT_MEASURED,
  };
  return PromiseCtor.resolve({ layout: [{ name: 0, types: [] }], context, benchmarks: m.trials.map(mitataTrialResult) });
}

// measure(fn, opts): mitata times fn at once and resolves to its stats. Here it is a case named
// 'measure' (measure_2, ... for later calls), opts.args its parameters (one value each); the tuning
// options (batch_samples, min_cpu_time, ...) are replaced by v8bench's timing rules. Resolves unmeasured.
function mitataMeasure(m, fn, opts) {
  const c = m.c;
  if (typeof fn !== 'function') {
    throw new TypeError(`mitata measure()${atUserSite()}: expected iterator, generator or one-shot function`);
  }
  const o = opts !== null && typeof opts === 'object' ? opts : {};
  const params = {};
  if (o.args !== null && typeof o.args === 'object') {
    for (const k of ownKeys(o.args)) params[k] = [o.args[k]];
  }
  const site = atUserSite();
  const unique = c.add('measure', mitataSpecOf(c, 'measure', fn, params));
  c.note(`'${unique}' is the measure() call${site}`);
  const tuned = ownKeys(o).filter((k) => k !== 'args');
  if (tuned.length > 0) c.note(`'${unique}': measure()'s ${tuned.join(', ')} replaced by v8bench's own timing rules`);
  return PromiseCtor.resolve(mitataStats());
}

// mitata's state for an iterator bench: state.get(name), and a loop of one iteration per call.
function mitataIterState(p) {
  const values = Object.values(p);
  const once = { [Symbol.iterator]() {
    let done = false;
    return { next: () => (done ? { done: true, value: undefined } : ((done = true), { done: false, value: undefined })) };
  } };
  once.get = (k) => (typeof k === 'number' ? values[k] : p[k]);
  return once;
}

function mitataGeneratorState(gen, p) {
  const values = Object.values(p);
  const ctx = { get: (k) => (typeof k === 'number' ? values[k] : p[k]) };
  const it = gen(ctx);
  const first = it.next();
  if (isThenable(first)) unsupported('an async generator bench (mitata) is not supported: its setup would be asynchronous');
  const y = first.value;
  let call;
  if (typeof y === 'function') {
    call = () => y();
  } else if (y !== null && typeof y === 'object' && typeof y.bench === 'function') {
    // Computed parameters: mitata makes them per iteration, outside its timing. v8bench times whole batches,
    // so they are made per iteration inside the timed loop, and their cost is part of the figures.
    const makers = [];
    for (let i = 0; typeof y[i] === 'function'; i++) makers.push(y[i]);
    const b = y.bench;
    call = makers.length === 0 ? () => b() : makers.length === 1 ? () => b(makers[0]()) :
      () => b(...makers.map((m) => m()));
  } else {
    unsupported('the generator must yield the function to time, or { bench(...) }');
  }
  return { call, finish: () => it.next() };
}
