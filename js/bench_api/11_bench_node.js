// v8bench's bench API, part 11: bench-node.
// One script with the other parts of js/bench_api/ (concatenated in file-name order into one closure by
// cmake/EmbedJs.cmake; 00_begin.js says why).

// bench-node's managed form, fn(timer): timer.count is 1 (one operation per call: v8bench repeats the
// calls), timer.start()..timer.end(n) gives the operations and their time, as a Node core file's
// bench.start()..bench.end(n) does (ops_per_s); CPU, GC and allocation are the whole call's.
function benchNodeTimedSpec(name, fn, addedAt) {
  const fail = (what, where = atUserSite()) => {
    throw new Error(`bench-node add('${name}')${addedAt}: ${what}${where}`);
  };
  return {
    setup() {
      const st = { ops: 0, ns: 0, t0: undefined, n: undefined };
      st.timer = {
        count: 1,
        start() {
          st.t0 = now();
        },
        end(iterations = 1) {
          const t1 = now();
          if (!(typeof iterations === 'number' && isFinite(iterations) && iterations >= 1)) {
            fail(`timer.end(${iterations}): the iterations must be a number >= 1`);
          }
          if (st.t0 === undefined) fail('You forgot to call .start()');
          st.n = iterations;
          st.ns += (t1 - st.t0) * 1e6;
        },
      };
      return st;
    },
    fn(st) {
      st.t0 = undefined;
      st.n = undefined;
      const done = () => {
        if (st.t0 === undefined) fail('You forgot to call .start()', '');
        if (st.n === undefined) fail('You forgot to call .end(count)', '');
        st.ops += st.n;
      };
      const r = fn(st.timer);
      if (isThenable(r)) return r.then(done);
      return done();
    },
    operations: (st) => ({ ops: st.ops, ns: st.ns }),
  };
}

// bench-node: new Suite().add(name, [options,] fn).run(); run() resolves to one result per bench in
// bench-node's shape, unmeasured (NOT_MEASURED).
function benchNodeModule(c) {
  c.title = 'bench-node';
  class Suite {
    constructor() {
      this.names = [];
    }
    add(name, options, fn) {
      if (typeof options === 'function') fn = options;
      if (typeof fn !== 'function') throw new TypeError(`bench-node add('${name}')${atUserSite()}: needs a function`);
      c.add(name, fn.length > 0 ? benchNodeTimedSpec(name, fn, atUserSite()) : { fn: () => fn() });
      this.names.push(name);
      return this;
    }
    async run() {
      return this.names.map((name) => ({
        name, opsSec: NaN, iterations: 0, v8bench: NOT_MEASURED, plugins: [],
        histogram: { samples: 0, min: NaN, max: NaN, mean: NaN, stddev: NaN, cv: NaN, percentiles: {}, sampleData: [] },
      }));
    }
  }
  const report = () => {};
  return { Suite, chartReport: report, textReport: report, htmlReport: report, jsonReport: report, prettyReport: report };
}
