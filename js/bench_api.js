// v8bench suite API. Evaluated in every realm before any suite file; plain ECMAScript so that the same
// file runs in a bare V8 context, in a Node environment, and (later) in external engines.
//
// A suite file calls suite({...}) once or more:
//
//   suite({
//     name: 'example',                 // [a-z0-9_]+, unique
//     realm: 'v8',                     // 'v8' (bare context) or 'node' (real Node environment)
//     description: 'One paragraph: the real-world pattern and what to look at.',
//     params: { n: [100, 10000] },     // cartesian grid; a bench may override with its own params
//     quick: { n: [100] },             // optional grid for --quick (default: first value of each)
//     setup(p) { return state; },      // per case, untimed; p holds one value per parameter
//     teardown(state) {},              // per case, untimed
//     benches: {
//       sum: (state) => value,                            // shorthand
//       other: { fn(state) {}, setup(p) {}, check(state, result) {}, counters(state) {},
//                params: {...}, quick: {...}, async: false, exclude(p) {} },
//     },
//   });
//
// floor(state) (optional) names the same work done natively, so the report can show JS beside the
// machine: { kind: 'json_parse', text } (simdjson parses text), { kind: 'sin'|'cos'|'sincos', inputs }
// (the host libm over the inputs), { kind: 'memcpy', bytes } (memcpy of that many bytes) — per
// iteration of fn.
// exclude(p) (on a bench or the suite) leaves out parameter combinations for which it returns true,
// e.g. exclude: (p) => p.chunk * p.chunks > 64 << 20.
// fn is the timed body. Its result is consumed by the harness (so the work cannot be optimised away).
// check(state, result) runs on one untimed call before timing; throw to fail the case.
// seededRandom(seed) gives a deterministic [0, 1) sequence, the same on every engine, for test data.
// counters(state) returns { name: value per iteration }; a name ending in _bytes is shown as a byte
// count and a throughput. A name v8bench records itself (cpu_ns, gc_count, name, iterations, one
// starting with __, ...) fails the case: a suite's counter never replaces a measured figure. A bench whose fn returns a promise (or has async: true) is awaited per
// iteration with the host driving microtasks and the event loop.
(function (global) {
  'use strict';

  const suites = [];
  const NAME = /^[A-Za-z0-9_.-]+$/;

  // The harness's own data goes to the host as JSON built here, with built-ins captured before any
  // suite runs: a suite may replace JSON.stringify, Object.keys or set Object.prototype.toJSON, and
  // that must not change what the host reads. JSON.stringify on a string primitive never looks up
  // toJSON; objects and arrays are walked by index and own keys.
  const quoteString = JSON.stringify;
  const ownKeys = Object.keys;
  const isArray = Array.isArray;
  const isFinite = Number.isFinite;
  function toJson(v) {
    if (typeof v === 'string') return quoteString(v);
    if (typeof v === 'number') return isFinite(v) ? `${v}` : 'null';
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (v === null || v === undefined) return 'null';
    let out = '';
    if (isArray(v)) {
      for (let i = 0; i < v.length; i++) out += (i > 0 ? ',' : '') + toJson(v[i]);
      return `[${out}]`;
    }
    const keys = ownKeys(v);
    for (let i = 0; i < keys.length; i++) out += (i > 0 ? ',' : '') + quoteString(keys[i]) + ':' + toJson(v[keys[i]]);
    return `{${out}}`;
  }

  // Text the host reads must be valid Unicode: a lone surrogate cannot be written as UTF-8.
  const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  function checkText(where, what, text) {
    const at = text.search(LONE_SURROGATE);
    if (at >= 0) {
      const unit = text.charCodeAt(at).toString(16).toUpperCase();
      fail(where, `${what} contains a lone surrogate (\\u${unit} at index ${at}), which is not valid Unicode text; ` +
        'pair it or remove it');
    }
  }

  // A grid is counted before it is built: 10 parameters of 10 values are 10^10 cases.
  const MAX_CASES = 100000;

  function fail(where, what) {
    throw new TypeError(`suite definition: ${where}: ${what}`);
  }

  function checkGrid(where, grid) {
    if (grid === undefined) return {};
    if (grid === null || typeof grid !== 'object' || Array.isArray(grid)) {
      fail(where, 'must be an object mapping parameter names to arrays of values');
    }
    for (const [k, values] of Object.entries(grid)) {
      if (!matches(NAME, k)) fail(where, `parameter name '${k}' must match ${NAME}`);
      if (!Array.isArray(values) || values.length === 0) {
        fail(where, `parameter '${k}' must be a non-empty array`);
      }
      for (const v of values) {
        const t = typeof v;
        if (t !== 'number' && t !== 'string' && t !== 'boolean') {
          fail(where, `parameter '${k}' values must be numbers, strings or booleans`);
        }
        if (t === 'string') checkText(where, `parameter '${k}' value ${quoteString(v)}`, v);
      }
    }
    return grid;
  }

  function cartesian(grid) {
    let combos = [{}];
    for (const [k, values] of Object.entries(grid)) {
      const next = [];
      for (const c of combos) for (const v of values) next.push(Object.assign({}, c, { [k]: v }));
      combos = next;
    }
    return combos;
  }

  function quickGrid(grid, quick) {
    const out = {};
    for (const [k, values] of Object.entries(grid)) out[k] = quick && quick[k] ? quick[k] : [values[0]];
    return out;
  }

  function suite(def) {
    if (def === null || typeof def !== 'object') fail('suite()', 'takes one object');
    const where = `suite '${def.name}'`;
    if (typeof def.name !== 'string' || !matches(NAME, def.name)) fail('suite()', `name must match ${NAME}`);
    if (suites.some((s) => s.name === def.name)) fail(where, 'name is already defined');
    const realm = def.realm === undefined ? 'v8' : def.realm;
    if (realm !== 'v8' && realm !== 'node') fail(where, `realm must be 'v8' or 'node', not '${realm}'`);
    if (def.benches === null || typeof def.benches !== 'object') fail(where, 'benches must be an object');
    const grid = checkGrid(`${where} params`, def.params);
    const quick = checkGrid(`${where} quick`, def.quick);
    const benches = [];
    for (const [bname, b] of Object.entries(def.benches)) {
      const bwhere = `${where} bench '${bname}'`;
      if (!matches(NAME, bname)) fail(bwhere, `name must match ${NAME}`);
      const spec = typeof b === 'function' ? { fn: b } : b;
      if (spec === null || typeof spec !== 'object' || typeof spec.fn !== 'function') {
        fail(bwhere, 'must be a function or an object with fn(state)');
      }
      for (const hook of ['setup', 'teardown', 'check', 'counters', 'floor', 'exclude']) {
        if (spec[hook] !== undefined && typeof spec[hook] !== 'function') fail(bwhere, `${hook} must be a function`);
      }
      const bgrid = spec.params ? checkGrid(`${bwhere} params`, spec.params) : grid;
      const bquick = spec.quick ? checkGrid(`${bwhere} quick`, spec.quick) : quick;
      benches.push({ name: bname, spec, grid: bgrid, quick: bquick });
    }
    if (benches.length === 0) fail(where, 'has no benches');
    for (const hook of ['setup', 'teardown', 'exclude']) {
      if (def[hook] !== undefined && typeof def[hook] !== 'function') fail(where, `${hook} must be a function`);
    }
    if (typeof def.description === 'string') checkText(where, 'description', def.description);
    suites.push({
      name: def.name,
      realm,
      description: typeof def.description === 'string' ? def.description : '',
      grid,
      setup: def.setup,
      teardown: def.teardown,
      exclude: def.exclude,
      benches,
    });
  }

  function caseName(s, b, p) {
    let name = `${s.name}/${b.name}`;
    for (const [k, v] of Object.entries(p)) name += `/${k}:${v}`;
    return name;
  }

  // The flat list of cases, in a stable order: suites in definition order, benches in definition
  // order, parameter combinations in cartesian order.
  // --param name=value: replaces that parameter's values in every grid that has it. Values that
  // look like numbers or booleans become numbers or booleans, as they would be in a suite file.
  function parseOverride(v) {
    if (v === 'true') return true;
    if (v === 'false') return false;
    if (v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
    return v;
  }

  function applyOverrides(grid, overrides) {
    const out = Object.assign({}, grid);
    for (const [k, v] of Object.entries(overrides)) {
      if (Object.prototype.hasOwnProperty.call(out, k)) out[k] = v.map(parseOverride);
    }
    return out;
  }

  let overrides = {};

  function cases(quick) {
    const out = [];
    let total = 0;
    for (const s of suites) {
      for (const b of s.benches) {
        const grid = applyOverrides(quick ? quickGrid(b.grid, b.quick) : b.grid, overrides);
        let count = 1;
        const sizes = [];
        for (const k of ownKeys(grid)) {
          count *= grid[k].length;
          sizes.push(`${k}: ${grid[k].length}`);
        }
        total += count;
        if (total > MAX_CASES) {
          throw new RangeError(
            `suite '${s.name}' bench '${b.name}': its parameter grid is ${count} cases (${sizes.join(' x ')})` +
              (total > count ? `, ${total} in the file so far` : '') +
              `, more than the ${MAX_CASES} v8bench builds. Narrow it with ` +
              '--param NAME=V[,V...] (it replaces a parameter\'s values before the grid is built; --filter only ' +
              'selects among built cases), or give the suite smaller params.');
        }
        const exclude = b.spec.exclude || s.exclude;
        for (const p of cartesian(grid)) {
          if (exclude && exclude(Object.assign({}, p))) continue;
          out.push({ suite: s, bench: b, params: p, name: caseName(s, b, p) });
        }
      }
    }
    return out;
  }

  // overridesJson: {"name": ["value", ...]} from --param.
  function configure(overridesJson) {
    overrides = JSON.parse(overridesJson);
  }

  function describe(quick) {
    const list = cases(quick);
    return toJson({
      suites: suites.map((s) => ({
        name: s.name,
        realm: s.realm,
        description: s.description,
        benches: s.benches.map((b) => ({ name: b.name, grid: b.grid })),
      })),
      cases: list.map((c) => ({
        name: c.name,
        suite: c.suite.name,
        bench: c.bench.name,
        realm: c.suite.realm,
        params: ownKeys(c.params).map((k) => [k, `${c.params[k]}`]),
      })),
    });
  }

  // Each bench gets its own compiled loop (a fresh function per case, so its call site stays
  // monomorphic), and each result is consumed: numbers are summed into a local double (no
  // allocation once optimised), anything else is stored into a small preallocated array (it
  // escapes, so the work that made it cannot be removed, and storing allocates nothing).
  const numberSource = `return function numberBatch(n) {
       let acc = 0;
       for (let i = 0; i < n; i++) acc += fn(state);
       return acc;
     };`;
  // A bench that returns undefined: the result needs no sink (comparing it with undefined keeps the
  // call; once inlined the branch folds away and the loop costs only itself).
  const voidSource = `return function voidBatch(n) {
       let seen = 0;
       for (let i = 0; i < n; i++) if (fn(state) !== undefined) seen++;
       return seen;
     };`;
  const loopSource = `return function valueBatch(n) {
       const slots = sink;
       for (let i = 0; i < n; i++) slots[i & 7] = fn(state);
       return slots[0];
     };`;
  const asyncSource = `return async function asyncBatch(n) {
       const slots = sink;
       for (let i = 0; i < n; i++) slots[i & 7] = await fn(state);
       return slots[0];
     };`;

  let current = null;

  // --- Which machine code runs a case --------------------------------------------------------------
  // V8 compiles the same loop to code of very different speed depending on the order and sizes of
  // the first calls (on V8 10.2 a Float64Array loop ran 3-4x slower when its batch loop was
  // optimised as a regular function after many tiny batches than after one long one). So the harness
  // does not leave tiering to chance: settle() drives every case through one fixed sequence of calls,
  // whatever --warmup or --min-time say, and codeState() reports the tiers that actually ran.
  // Both need V8's natives syntax (--allow-natives-syntax, which v8bench passes to V8 engines); on an
  // engine without it the code state is unknown and tiering is the engine's own.
  const natives = (() => {
    try {
      return new Function(
        'return { status: (f) => %GetOptimizationStatus(f), prepare: (f) => %PrepareFunctionForOptimization(f), ' +
          'optimizeNext: (f) => %OptimizeFunctionOnNextCall(f), never: (f) => %NeverOptimizeFunction(f) };',
      )();
    } catch (e) {
      return null;
    }
  })();

  // %GetOptimizationStatus bits moved when V8 dropped kAlwaysOptimize (V8 10-11 vs later; see V8's
  // src/runtime/runtime.h). A function that was never called tells which layout this V8 has:
  // later V8s mark it kIsLazy at bit 17, V8 11 at bit 18, V8 10.2 not at all.
  const statusBits = (() => {
    if (!natives) return null;
    const fresh = natives.status(function neverCalled() {});
    const shifted = (fresh & (1 << 17)) !== 0 && (fresh & (1 << 18)) === 0;
    return shifted
      ? { maglev: 1 << 4, turbofan: 1 << 5, interpreted: 1 << 6, baseline: 1 << 14 }
      : { maglev: 1 << 5, turbofan: 1 << 6, interpreted: 1 << 7, baseline: 1 << 15 };
  })();

  // Tier codes shared with the host (engine/suite_host.cc): 0 unknown, 1 Ignition, 2 Sparkplug,
  // 3 Maglev (mid tier), 4 TurboFan.
  function tierOf(f) {
    if (!natives || !isPlainFunction(f)) return 0;
    const s = natives.status(f);
    if (s & statusBits.turbofan) return 4;
    if (s & statusBits.maglev) return 3;
    if (s & statusBits.baseline) return 2;
    if (s & statusBits.interpreted) return 1;
    return 0;
  }

  // Captured before any suite runs: a suite may replace Function.prototype.toString, .call, and
  // RegExp.prototype.exec (which RegExp.prototype.test looks up on every call).
  const fnToString = Function.prototype.toString;
  const apply = Reflect.apply;
  const regExpExec = RegExp.prototype.exec;
  const NATIVE_CODE = /\{\s*\[native code\]\s*\}\s*$/;
  function matches(re, text) {
    return apply(regExpExec, re, [text]) !== null;
  }

  // Natives abort the process on anything but an ordinary JS function (bound functions, proxies,
  // builtins), which print as native code.
  function isPlainFunction(f) {
    return typeof f === 'function' && !matches(NATIVE_CODE, apply(fnToString, f, []));
  }

  // Calls of the batch loop (one iteration each) that collect type feedback before optimisation.
  const FEEDBACK_CALLS = 4;

  // Brings the prepared case to the code state `mode` asks for, with a fixed sequence of untimed calls:
  //   'optimized'   (default) the code a hot function gets when it is called many times, as in
  //                 production: feedback from FEEDBACK_CALLS calls, then the bench function and its
  //                 batch loop compiled by the optimising compiler as regular functions (not
  //                 on-stack replacement), the bench inlined into the loop where V8 inlines it;
  //   'interpreter' the bench and its loop are never optimised (Ignition, or Sparkplug where V8
  //                 baseline-compiles them);
  //   'auto'        nothing: V8's own heuristics decide, as in a plain script (history-dependent).
  // Returns a promise for async benches.
  function settle(mode) {
    const cur = current;
    if (!natives || mode === 'auto') return undefined;
    const own = [cur.fn, cur.batch].filter(isPlainFunction);
    if (mode === 'interpreter') {
      for (const f of own) natives.never(f);
      return undefined;
    }
    if (mode !== 'optimized') throw new RangeError(`unknown tier mode '${mode}'`);
    for (const f of own) natives.prepare(f);
    const steps = [];
    for (let i = 0; i < FEEDBACK_CALLS; i++) steps.push(() => cur.batch(1));
    if (isPlainFunction(cur.fn)) {
      steps.push(() => {
        natives.optimizeNext(cur.fn);
        return cur.fn(cur.state);
      });
    }
    steps.push(() => {
      natives.optimizeNext(cur.batch);
      return cur.batch(1);
    });
    if (!cur.isAsync) {
      for (const step of steps) step();
      return undefined;
    }
    return (async () => {
      for (const step of steps) await step();
    })();
  }

  // The tiers of the prepared case's batch loop and bench function: batchTier * 8 + benchTier.
  function codeState() {
    const cur = current;
    return tierOf(cur.batch) * 8 + tierOf(cur.fn);
  }


  function prepare(index, quick) {
    const list = cases(quick);
    const c = list[index];
    if (!c) throw new RangeError(`no case #${index} (there are ${list.length})`);
    const spec = c.bench.spec;
    const setup = spec.setup || c.suite.setup;
    const state = setup ? setup(Object.assign({}, c.params)) : {};
    const fn = spec.fn;
    const probe = fn(state);
    const isAsync = spec.async === true || (probe !== null && typeof probe === 'object' && typeof probe.then === 'function');
    // An async probe is settled at once into an outcome, so a rejection is handled from the start
    // (Node would end the environment over an unhandled one) and fails the case in probed()/check().
    current = { c, spec, state, fn, isAsync, batch: null, probe: isAsync ? settleProbe(probe) : probe };
    const sink = [0, 0, 0, 0, 0, 0, 0, 0];
    if (isAsync) {
      current.batch = new Function('fn', 'state', 'sink', asyncSource)(fn, state, sink);
    } else if (probe === undefined) {
      current.batch = new Function('fn', 'state', voidSource)(fn, state);
    } else if (typeof probe === 'number') {
      current.batch = new Function('fn', 'state', numberSource)(fn, state);
    } else {
      current.batch = new Function('fn', 'state', 'sink', loopSource)(fn, state, sink);
    }
    return current.batch;
  }

  async function settleProbe(probe) {
    try {
      return { ok: true, value: await probe };
    } catch (error) {
      return { ok: false, error };
    }
  }

  // For async benches: a promise that rejects as the probe call did (undefined for sync benches, whose
  // probe threw in prepare()), so the host reports it as the case's failure, not the self-check's.
  function probed() {
    const cur = current;
    if (!cur.isAsync) return undefined;
    return (async () => {
      const outcome = await cur.probe;
      if (!outcome.ok) throw outcome.error;
    })();
  }

  // Runs the untimed self-check on the probe result; returns a promise for async benches (which
  // rejects as the probe did, if it did).
  function check() {
    const cur = current;
    if (!cur.isAsync) return cur.spec.check ? cur.spec.check(cur.state, cur.probe) : undefined;
    return (async () => {
      const outcome = await cur.probe;
      if (!outcome.ok) throw outcome.error;
      return cur.spec.check ? cur.spec.check(cur.state, outcome.value) : undefined;
    })();
  }

  function isAsync() {
    return current.isAsync;
  }

  function counters() {
    const cur = current;
    if (!cur.spec.counters) return '{}';
    const out = cur.spec.counters(cur.state);
    if (out === null || typeof out !== 'object') {
      throw new TypeError(`bench '${cur.c.bench.name}': counters(state) must return an object of numbers`);
    }
    for (const [k, v] of Object.entries(out)) {
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new TypeError(`bench '${cur.c.bench.name}': counter '${k}' must be a finite number, got ${v}`);
      }
      checkText(`bench '${cur.c.bench.name}': counters(state)`, `counter name ${quoteString(k)}`, k);
    }
    return toJson(out);
  }

  const FLOOR_KINDS = ['json_parse', 'sin', 'cos', 'sincos', 'memcpy'];

  // The native floor of the prepared case, checked here so the host can trust its shape.
  function floor() {
    const cur = current;
    if (!cur.spec.floor) return null;
    const f = cur.spec.floor(cur.state);
    const where = `bench '${cur.c.bench.name}': floor(state)`;
    if (f === null || typeof f !== 'object' || !FLOOR_KINDS.includes(f.kind)) {
      throw new TypeError(`${where} must return { kind } with kind one of ${FLOOR_KINDS.join(', ')}`);
    }
    if (f.kind === 'json_parse' && typeof f.text !== 'string') throw new TypeError(`${where}: json_parse needs text`);
    if ((f.kind === 'sin' || f.kind === 'cos' || f.kind === 'sincos') &&
        !(f.inputs instanceof Float64Array || Array.isArray(f.inputs))) {
      throw new TypeError(`${where}: ${f.kind} needs inputs (an array of numbers)`);
    }
    if (f.kind === 'memcpy' && !(Number.isFinite(f.bytes) && f.bytes >= 0)) {
      throw new TypeError(`${where}: memcpy needs bytes (a number)`);
    }
    return {
      kind: f.kind,
      text: f.text,
      inputs: f.inputs ? Float64Array.from(f.inputs) : undefined,
      bytes: f.bytes,
    };
  }

  function teardown() {
    const cur = current;
    current = null;
    if (!cur) return undefined;
    const td = cur.spec.teardown || cur.c.suite.teardown;
    return td ? td(cur.state) : undefined;
  }

  // A bench calls unsupported('why') (in setup or fn) when the engine lacks what it measures, e.g.
  // the JSON.parse reviver's context argument: the case is reported as unsupported, with the
  // reason, never silently skipped. The host tells it from any other throw by the private brand
  // (unsupportedReason), not by its text: an Error whose message or name says "Unsupported" is a
  // failure like any other.
  class Unsupported extends Error {
    #reason;
    constructor(reason) {
      super(reason);
      this.#reason = reason;
    }
    static reasonOf(thrown) {
      return typeof thrown === 'object' && thrown !== null && #reason in thrown ? thrown.#reason : undefined;
    }
  }
  Unsupported.prototype.name = 'Unsupported';
  function unsupported(reason) {
    throw new Unsupported(String(reason));
  }

  // Deterministic data for suites: seededRandom(seed) returns a function giving numbers in [0, 1),
  // the same sequence on every engine (mulberry32).
  function seededRandom(seed) {
    let a = seed >>> 0;
    return function next() {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  Object.defineProperty(global, 'suite', { value: suite, writable: false, enumerable: false });
  Object.defineProperty(global, 'seededRandom', { value: seededRandom, writable: false, enumerable: false });
  Object.defineProperty(global, 'unsupported', { value: unsupported, writable: false, enumerable: false });
  Object.defineProperty(global, '__v8bench', {
    value: Object.freeze({
      configure,
      describe,
      prepare,
      probed,
      settle,
      codeState,
      check,
      isAsync,
      counters,
      floor,
      teardown,
      unsupportedReason: Unsupported.reasonOf,
    }),
    writable: false,
    enumerable: false,
  });
})(globalThis);
