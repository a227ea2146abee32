// v8bench's bench API, part 10: Deno.bench().
// One script with the other parts of js/bench_api/ (concatenated in file-name order into one closure by
// cmake/EmbedJs.cmake; 00_begin.js says why).

// Deno.bench(name, fn) / (name, options, fn) / (fn) / (options) / (options, fn), with group, baseline,
// only, ignore and b.start()/b.end() (BenchContext): one case per bench, named GROUP/NAME. A bench that
// times a part of its call with b.start()..b.end() has ops_per_s from that part (one operation per call);
// its CPU, GC and allocation are the whole call's. permissions, n and warmup are left to v8bench (noted).
function denoBenchModule(c) {
  c.title = 'Deno.bench';
  const entries = [];
  function bench(a, b, d) {
    let def;
    if (typeof a === 'string') {
      def = typeof b === 'function' ? { name: a, fn: b } : Object.assign({}, b, { name: a, fn: d });
    } else if (typeof a === 'function') {
      def = { name: a.name, fn: a };
    } else if (a !== null && typeof a === 'object') {
      def = Object.assign({}, a);
      if (typeof b === 'function') {
        def.fn = b;
        if (!def.name) def.name = b.name;
      }
    } else {
      throw new TypeError(`Deno.bench()${atUserSite()}: takes (name, fn), (name, options, fn), (fn) or (options)`);
    }
    if (typeof def.fn !== 'function') throw new TypeError(`Deno.bench('${def.name}')${atUserSite()}: needs a function (fn)`);
    if (typeof def.name !== 'string' || def.name === '') {
      throw new TypeError(`Deno.bench()${atUserSite()}: the bench name can't be empty (name it, or pass a named function)`);
    }
    def.site = atUserSite();
    entries.push(def);
  }
  c.beforeDefine = () => {
    const only = entries.some((e) => e.only);
    for (const e of entries) {
      const label = e.group ? `${e.group}/${e.name}` : e.name;
      if (e.ignore || (only && !e.only)) {
        c.note(`'${label}' is ${e.ignore ? 'ignored (ignore: true)' : 'left out (another bench has only: true)'}`);
        continue;
      }
      if (e.permissions !== undefined) c.note(`'${label}': permissions are not applied (v8bench runs the file with the engine's own)`);
      if (e.baseline) c.note(`'${label}' is its group's baseline (compare cases with v8bench compare)`);
      if (e.n !== undefined || e.warmup !== undefined) c.note(`'${label}': n and warmup replaced by v8bench's own timing rules`);
      c.add(label, denoSpec(e, label));
    }
  };
  return bench;
}

function denoSpec(e, label) {
  const fail = (what, where = atUserSite()) => {
    throw new Error(`Deno.bench('${label}')${e.site}: ${what}${where}`);
  };
  return {
    setup() {
      const st = { ops: 0, ns: 0, t0: 0, started: false, ended: false, ctx: null };
      st.ctx = {
        name: e.name,
        origin: '',
        start() {
          if (st.started) fail('BenchContext::start() has already been invoked');
          st.started = true;
          st.t0 = now();
        },
        end() {
          const t1 = now();
          if (!st.started) fail('BenchContext::end() was called before BenchContext::start()');
          if (st.ended) fail('BenchContext::end() has already been invoked');
          st.ended = true;
          st.ops += 1;
          st.ns += (t1 - st.t0) * 1e6;
        },
      };
      return st;
    },
    fn(st) {
      st.started = false;
      st.ended = false;
      const r = e.fn(st.ctx);
      if (isThenable(r)) {
        return r.then((v) => {
          if (st.started && !st.ended) fail('BenchContext::start() was called without BenchContext::end()', '');
          return v;
        });
      }
      if (st.started && !st.ended) fail('BenchContext::start() was called without BenchContext::end()', '');
      return r;
    },
    operations: (st) => ({ ops: st.ops, ns: st.ns }),
  };
}

// A Deno.bench file calls the global Deno (no import names it), so the global is v8bench's where the
// file's own text calls Deno.bench: installed for every file, it would tell other code it runs on Deno.
const DENO_BENCH = /\bDeno\.bench\s*\(/;
function installDenoFor(source, file) {
  if (matches(DENO_BENCH, source)) installDeno(file, collectorFor(file));
}

// The Deno global a Deno.bench file calls: on Deno, its own Deno.bench replaced by v8bench's; elsewhere a
// Deno object with bench alone, whose other members say the file needs Deno.
function installDeno(file, c) {
  const bench = denoBenchModule(c);
  const real = global.Deno;
  if (real !== undefined && real !== null) {
    try {
      real.bench = bench;
    } catch (ignored) {
      // checked below
    }
    if (real.bench !== bench) {
      try {
        Object.defineProperty(real, 'bench', { value: bench, writable: true, configurable: true });
      } catch (ignored) {
        // checked below
      }
    }
    if (real.bench !== bench) throw new Error(`${file}: this Deno's Deno.bench cannot be replaced by v8bench's`);
    return;
  }
  const shim = new Proxy({ bench }, {
    get(target, key) {
      if (key in target || typeof key === 'symbol' || key === 'then' || key === 'toJSON') return target[key];
      throw new TypeError(`Deno.${key}: ${file} uses Deno's API, and this engine is not Deno (v8bench provides ` +
        'Deno.bench alone elsewhere): run it with --engine deno=PATH/TO/deno');
    },
  });
  Object.defineProperty(global, 'Deno', { value: shim, writable: true, configurable: true });
}
