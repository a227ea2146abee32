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
// operations(state) (optional) returns the running totals { ops, ns } of a bench whose one call does
// many operations of its own (a Node core benchmark's main(config) ends with bench.end(n)): the figures
// are then per operation, and ns (the time the bench timed itself for those operations) gives ops_per_s.
//
// Files written for other harnesses run unchanged: wrap() (below, "Benchmark files written for other
// harnesses") recognises Node core's benchmark/ files, mitata, tinybench, bench-node and Benchmark.js,
// and their APIs declare suites through suite().
(function (global) {
  'use strict';

  // Built-ins captured before any suite runs, and called without looking anything up on objects a suite
  // can reach: a suite may replace Array.prototype.map, Object.keys, JSON.parse, RegExp.prototype.exec,
  // Function.prototype.call, an array's iterator or the global TypeError, and the harness's own
  // bookkeeping (grids, case names, the description and counters the host reads) must not change with
  // it. uncurry(f)(self, a) is f.call(self, a) through the Function.prototype.call of this moment. The
  // harness's own lists are walked by index (for...of and destructuring would call the array
  // iterator a suite can replace) and grown with append().
  const uncurry = Function.prototype.bind.bind(Function.prototype.call);
  const apply = Reflect.apply;
  const getOwnDescriptor = Reflect.getOwnPropertyDescriptor;
  const quoteString = JSON.stringify;
  const parseJson = JSON.parse;
  const ownKeys = Object.keys;
  const assign = Object.assign;
  const createObject = Object.create;
  const freeze = Object.freeze;
  const hasOwn = uncurry(Object.prototype.hasOwnProperty);
  const isArray = Array.isArray;
  const isFinite = Number.isFinite;
  const isNaN = Number.isNaN;
  const toNumber = Number;
  const toText = String;
  const float64From = Float64Array.from.bind(Float64Array);
  const Float64ArrayCtor = Float64Array;
  const arrayJoin = uncurry(Array.prototype.join);
  const stringTrim = uncurry(String.prototype.trim);
  const stringIndexOf = uncurry(String.prototype.indexOf);
  const stringSlice = uncurry(String.prototype.slice);
  const charCodeAt = uncurry(String.prototype.charCodeAt);
  const toUpperCase = uncurry(String.prototype.toUpperCase);
  const numberToString = uncurry(Number.prototype.toString);
  const regExpExec = uncurry(RegExp.prototype.exec);
  const fnToString = uncurry(Function.prototype.toString);
  const weakSetAdd = uncurry(WeakSet.prototype.add);
  const weakSetHas = uncurry(WeakSet.prototype.has);
  const TypeErrorCtor = TypeError;
  const RangeErrorCtor = RangeError;
  const WeakSetCtor = WeakSet;
  function append(list, value) {
    list[list.length] = value;
  }
  function matches(re, text) {
    return regExpExec(re, text) !== null;
  }

  const suites = [];
  const NAME = /^[A-Za-z0-9_.-]+$/;

  // --- Built-ins a suite replaced ------------------------------------------------------------------
  // What the harness's messages name when its own code fails after a suite replaced a built-in: a
  // harness line number alone ("suites.map is not a function" at bench_api.js:235) does not tell the
  // suite's author what went wrong. The built-ins suites commonly replace and harness code (this file's
  // adapters for other harnesses included) calls, as they were before any suite ran.
  const WATCHED = [];
  function watch(holderName, holder, keys) {
    for (let i = 0; i < keys.length; i++) {
      const name = keys[i];
      const key = name[0] === '@' ? Symbol[stringSlice(name, 1)] : name;
      const d = getOwnDescriptor(holder, key);
      if (d === undefined) continue;
      const label = name[0] === '@' ? `${holderName}[Symbol.${stringSlice(name, 1)}]` :
        holderName === 'globalThis' ? name : `${holderName}.${name}`;
      append(WATCHED, { holder, key, value: d.value, get: d.get, label });
    }
  }
  watch('globalThis', global, ['Array', 'Object', 'JSON', 'Promise', 'RegExp', 'String', 'Number', 'Function',
    'Reflect', 'Symbol', 'Map', 'Set', 'WeakMap', 'Math', 'Error', 'TypeError', 'RangeError', 'Float64Array',
    'require', 'performance']);
  watch('Object', Object, ['keys', 'entries', 'values', 'assign', 'freeze', 'defineProperty', 'create',
    'getPrototypeOf', 'getOwnPropertyNames']);
  watch('Object.prototype', Object.prototype, ['hasOwnProperty', 'toString', 'valueOf']);
  watch('Array', Array, ['isArray', 'from', 'of']);
  watch('Array.prototype', Array.prototype, ['map', 'filter', 'forEach', 'some', 'every', 'find', 'findIndex',
    'reduce', 'push', 'pop', 'shift', 'unshift', 'slice', 'splice', 'concat', 'join', 'indexOf', 'includes',
    'sort', 'keys', 'entries', '@iterator']);
  watch('%ArrayIteratorPrototype%', Object.getPrototypeOf([][Symbol.iterator]()), ['next']);
  watch('JSON', JSON, ['stringify', 'parse']);
  watch('Promise', Promise, ['resolve', 'reject', 'all']);
  watch('Promise.prototype', Promise.prototype, ['then', 'catch', 'finally']);
  watch('RegExp.prototype', RegExp.prototype, ['exec', 'test', '@match', '@replace', '@search', '@split']);
  watch('String.prototype', String.prototype, ['replace', 'split', 'trim', 'slice', 'indexOf', 'startsWith',
    'endsWith', 'search', 'match', 'charCodeAt', 'toUpperCase', 'padStart', 'repeat', '@iterator']);
  watch('Function.prototype', Function.prototype, ['call', 'apply', 'bind', 'toString']);
  watch('Number', Number, ['isFinite', 'isNaN', 'isInteger']);
  watch('Map.prototype', Map.prototype, ['get', 'set', 'has']);
  watch('Math', Math, ['imul', 'max', 'min', 'floor', 'round']);

  function replacedBuiltins() {
    const out = [];
    for (let i = 0; i < WATCHED.length; i++) {
      const w = WATCHED[i];
      const d = getOwnDescriptor(w.holder, w.key);
      const value = d !== undefined && hasOwn(d, 'value') ? d.value : undefined;
      const get = d !== undefined && hasOwn(d, 'get') ? d.get : undefined;
      if (d === undefined || value !== w.value || get !== w.get) append(out, w.label);
    }
    return out;
  }

  // Errors the harness throws on purpose (a bad definition, a counter that is not a number): their
  // message is the reason whatever a suite replaced.
  const deliberate = new WeakSetCtor();
  function refusal(ErrorType, message) {
    const e = new ErrorType(message);
    weakSetAdd(deliberate, e);
    return e;
  }

  function namedList(names) {
    if (names.length === 1) return names[0];
    const head = [];
    for (let i = 0; i < names.length - 1 && i < 4; i++) append(head, names[i]);
    const rest = names.length - 1 - head.length;
    return `${arrayJoin(head, ', ')}${rest > 0 ? ` (and ${rest} more)` : ''} and ${names[names.length - 1]}`;
  }

  // Who replaced them: the case's suite, or the file's suites so far.
  function replacer() {
    if (current !== null) return `suite '${current.c.suite.name}'`;
    if (suites.length === 0) return 'the suite file';
    const names = [];
    for (let i = 0; i < suites.length; i++) append(names, `'${suites[i].name}'`);
    return `${suites.length === 1 ? 'suite' : 'the file (suites'} ${namedList(names)}${suites.length === 1 ? '' : ')'}`;
  }

  // `e` with the replaced built-ins named, when the harness's own code threw it (its first frame is in
  // this file) by accident while a suite had replaced some; any other exception as it is.
  function naming(e) {
    try {
      if (e === null || typeof e !== 'object' || weakSetHas(deliberate, e)) return e;
      const replaced = replacedBuiltins();
      if (replaced.length === 0) return e;
      const stack = e.stack;
      if (typeof stack !== 'string') return e;
      const frame = stringIndexOf(stack, '\n    at ');
      if (frame < 0) return e;
      const end = stringIndexOf(stack, '\n', frame + 1);
      const top = stringSlice(stack, frame, end < 0 ? stack.length : end);
      if (stringIndexOf(top, 'bench_api.js') < 0) return e;
      const them = replaced.length === 1 ? 'it' : 'them';
      e.message = `${replacer()} replaced ${namedList(replaced)}, which v8bench's own code calls, so v8bench ` +
        `cannot run it (${e.message}): give your version another name, or put the built-in back before your ` +
        `code returns (v8bench's harness needs ${them} as the engine made ${them})`;
    } catch (ignored) {
      // Naming is a courtesy: the original exception stands.
    }
    return e;
  }

  // `fn` with what it throws (or its promise rejects with) passed through naming().
  const promiseThen = uncurry(Promise.prototype.then);
  const PromiseCtor = Promise;
  function named(fn) {
    return function () {
      let result;
      try {
        result = apply(fn, this, arguments);
      } catch (e) {
        throw naming(e);
      }
      if (result instanceof PromiseCtor) {
        return promiseThen(result, undefined, (e) => {
          throw naming(e);
        });
      }
      return result;
    };
  }

  // The harness's own data goes to the host as JSON built here, with the captured built-ins: a suite
  // may replace JSON.stringify, Object.keys or set Object.prototype.toJSON, and that must not change
  // what the host reads. JSON.stringify on a string primitive never looks up toJSON; objects and
  // arrays are walked by index and own keys.
  // A number as JSON the host reads back exactly: JS writes integers below 1e21 in full, and one beyond
  // 64 bits (2^64 ~ 1.8e19) is not an integer the host's JSON reader takes; the same digits with an
  // exponent are its double, the same value.
  function numberJson(v) {
    const text = `${v}`;
    if (!(v >= 2 ** 63 || v <= -(2 ** 63)) || stringIndexOf(text, 'e') >= 0 || stringIndexOf(text, '.') >= 0) return text;
    let digits = text.length;
    while (digits > 1 && text[digits - 1] === '0') digits--;
    return `${stringSlice(text, 0, digits)}e${text.length - digits}`;
  }

  function toJson(v) {
    if (typeof v === 'string') return quoteString(v);
    if (typeof v === 'number') return isFinite(v) ? numberJson(v) : 'null';
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
    const found = regExpExec(LONE_SURROGATE, text);
    if (found !== null) {
      const at = found.index;
      const unit = toUpperCase(numberToString(charCodeAt(text, at), 16));
      fail(where, `${what} contains a lone surrogate (\\u${unit} at index ${at}), which is not valid Unicode text; ` +
        'pair it or remove it');
    }
  }

  // A grid is counted before it is built: 10 parameters of 10 values are 10^10 cases.
  const MAX_CASES = 100000;

  function fail(where, what) {
    throw refusal(TypeErrorCtor, `suite definition: ${where}: ${what}`);
  }

  function checkGrid(where, grid) {
    if (grid === undefined) return {};
    if (grid === null || typeof grid !== 'object' || isArray(grid)) {
      fail(where, 'must be an object mapping parameter names to arrays of values');
    }
    const names = ownKeys(grid);
    for (let i = 0; i < names.length; i++) {
      const k = names[i];
      const values = grid[k];
      if (!matches(NAME, k)) fail(where, `parameter name '${k}' must match ${NAME}`);
      if (!isArray(values) || values.length === 0) {
        fail(where, `parameter '${k}' must be a non-empty array`);
      }
      for (let j = 0; j < values.length; j++) {
        const v = values[j];
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
    const names = ownKeys(grid);
    for (let i = 0; i < names.length; i++) {
      const k = names[i];
      const values = grid[k];
      const next = [];
      for (let c = 0; c < combos.length; c++) {
        for (let v = 0; v < values.length; v++) append(next, assign({}, combos[c], { [k]: values[v] }));
      }
      combos = next;
    }
    return combos;
  }

  function quickGrid(grid, quick) {
    const out = {};
    const names = ownKeys(grid);
    for (let i = 0; i < names.length; i++) {
      const k = names[i];
      out[k] = quick && quick[k] ? quick[k] : [grid[k][0]];
    }
    return out;
  }

  function suite(def) {
    if (def === null || typeof def !== 'object') fail('suite()', 'takes one object');
    const where = `suite '${def.name}'`;
    if (typeof def.name !== 'string' || !matches(NAME, def.name)) fail('suite()', `name must match ${NAME}`);
    for (let i = 0; i < suites.length; i++) if (suites[i].name === def.name) fail(where, 'name is already defined');
    const realm = def.realm === undefined ? 'v8' : def.realm;
    if (realm !== 'v8' && realm !== 'node') fail(where, `realm must be 'v8' or 'node', not '${realm}'`);
    if (def.benches === null || typeof def.benches !== 'object') fail(where, 'benches must be an object');
    const grid = checkGrid(`${where} params`, def.params);
    const quick = checkGrid(`${where} quick`, def.quick);
    const benches = [];
    const benchNames = ownKeys(def.benches);
    for (let i = 0; i < benchNames.length; i++) {
      const bname = benchNames[i];
      const b = def.benches[bname];
      const bwhere = `${where} bench '${bname}'`;
      if (!matches(NAME, bname)) fail(bwhere, `name must match ${NAME}`);
      const spec = typeof b === 'function' ? { fn: b } : b;
      if (spec === null || typeof spec !== 'object' || typeof spec.fn !== 'function') {
        fail(bwhere, 'must be a function or an object with fn(state)');
      }
      const hooks = ['setup', 'teardown', 'check', 'counters', 'floor', 'exclude', 'operations'];
      for (let h = 0; h < hooks.length; h++) {
        const hook = hooks[h];
        if (spec[hook] !== undefined && typeof spec[hook] !== 'function') fail(bwhere, `${hook} must be a function`);
      }
      const bgrid = spec.params ? checkGrid(`${bwhere} params`, spec.params) : grid;
      const bquick = spec.quick ? checkGrid(`${bwhere} quick`, spec.quick) : quick;
      append(benches, { name: bname, spec, grid: bgrid, quick: bquick });
    }
    if (benches.length === 0) fail(where, 'has no benches');
    const suiteHooks = ['setup', 'teardown', 'exclude'];
    for (let h = 0; h < suiteHooks.length; h++) {
      const hook = suiteHooks[h];
      if (def[hook] !== undefined && typeof def[hook] !== 'function') fail(where, `${hook} must be a function`);
    }
    if (typeof def.description === 'string') checkText(where, 'description', def.description);
    append(suites, {
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
    const names = ownKeys(p);
    for (let i = 0; i < names.length; i++) name += `/${names[i]}:${p[names[i]]}`;
    return name;
  }

  // The flat list of cases, in a stable order: suites in definition order, benches in definition
  // order, parameter combinations in cartesian order.
  // --param name=value: replaces that parameter's values in every grid that has it. Values that
  // look like numbers or booleans become numbers or booleans, as they would be in a suite file.
  function parseOverride(v) {
    if (v === 'true') return true;
    if (v === 'false') return false;
    if (stringTrim(v) !== '' && !isNaN(toNumber(v))) return toNumber(v);
    return v;
  }

  function applyOverrides(grid, overrides) {
    const out = assign({}, grid);
    const names = ownKeys(overrides);
    for (let i = 0; i < names.length; i++) {
      const k = names[i];
      if (!hasOwn(out, k)) continue;
      const values = [];
      for (let j = 0; j < overrides[k].length; j++) append(values, parseOverride(overrides[k][j]));
      out[k] = values;
    }
    return out;
  }

  let overrides = {};

  // `a="1/b:2", b="3"`: a case's parameters, for a message.
  function paramsText(p) {
    const names = ownKeys(p);
    const parts = [];
    for (let i = 0; i < names.length; i++) append(parts, `${names[i]}=${quoteString(`${p[names[i]]}`)}`);
    return parts.length === 0 ? 'no parameters' : arrayJoin(parts, ', ');
  }

  function cases(quick) {
    definePending();
    if (loadFailure !== null) throw loadFailure;
    const out = [];
    // A case is found by its name (--filter, profile --case, compare's pairing, --resume): two cases of one
    // name would be one case to all of them. Parameter values can spell the same name ('1/b:2' beside '1'
    // and '2/b:3'; -0 and 0 both print 0), so a file whose cases collide is refused, naming both; here, so
    // that every host (the embedded one, the external runner) refuses it alike.
    const seen = createObject(null);
    let total = 0;
    for (let si = 0; si < suites.length; si++) {
      const s = suites[si];
      for (let bi = 0; bi < s.benches.length; bi++) {
        const b = s.benches[bi];
        const grid = applyOverrides(quick ? quickGrid(b.grid, b.quick) : b.grid, overrides);
        let count = 1;
        const sizes = [];
        const names = ownKeys(grid);
        for (let i = 0; i < names.length; i++) {
          count *= grid[names[i]].length;
          append(sizes, `${names[i]}: ${grid[names[i]].length}`);
        }
        total += count;
        if (total > MAX_CASES) {
          throw refusal(RangeErrorCtor,
            `suite '${s.name}' bench '${b.name}': its parameter grid is ${count} cases (${arrayJoin(sizes, ' x ')})` +
              (total > count ? `, ${total} in the file so far` : '') +
              `, more than the ${MAX_CASES} v8bench builds. Narrow it with ` +
              '--param NAME=V[,V...] (it replaces a parameter\'s values before the grid is built; --filter only ' +
              'selects among built cases), or give the suite smaller params.');
        }
        const exclude = b.spec.exclude || s.exclude;
        const combos = cartesian(grid);
        for (let i = 0; i < combos.length; i++) {
          const p = combos[i];
          if (exclude && exclude(assign({}, p))) continue;
          const name = caseName(s, b, p);
          if (seen[name] !== undefined) {
            throw refusal(TypeErrorCtor,
              `two cases are both named '${name}' (${paramsText(seen[name])}; and ${paramsText(p)}): give the ` +
              "parameter values spellings that stay apart in a case name (no '/' or ':', not both -0 and 0)");
          }
          seen[name] = p;
          append(out, { suite: s, bench: b, params: p, name });
        }
      }
    }
    return out;
  }

  // overridesJson: {"name": ["value", ...]} from --param.
  function configure(overridesJson) {
    overrides = parseJson(overridesJson);
  }

  function describe(quick) {
    const list = cases(quick);
    const described = { suites: [], cases: [] };
    for (let i = 0; i < suites.length; i++) {
      const s = suites[i];
      const benches = [];
      for (let j = 0; j < s.benches.length; j++) append(benches, { name: s.benches[j].name, grid: s.benches[j].grid });
      append(described.suites, { name: s.name, realm: s.realm, description: s.description, benches });
    }
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      const params = [];
      const names = ownKeys(c.params);
      for (let j = 0; j < names.length; j++) append(params, [names[j], `${c.params[names[j]]}`]);
      append(described.cases, { name: c.name, suite: c.suite.name, bench: c.bench.name, realm: c.suite.realm, params });
    }
    return toJson(described);
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

  // With the built-ins captured above: a suite may replace Function.prototype.toString, .call, and
  // RegExp.prototype.exec (which RegExp.prototype.test looks up on every call).
  const NATIVE_CODE = /\{\s*\[native code\]\s*\}\s*$/;

  // Natives abort the process on anything but an ordinary JS function (bound functions, proxies,
  // builtins), which print as native code.
  function isPlainFunction(f) {
    return typeof f === 'function' && !matches(NATIVE_CODE, fnToString(f));
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
    const own = [];
    if (isPlainFunction(cur.fn)) append(own, cur.fn);
    if (isPlainFunction(cur.batch)) append(own, cur.batch);
    if (mode === 'interpreter') {
      for (let i = 0; i < own.length; i++) natives.never(own[i]);
      return undefined;
    }
    if (mode !== 'optimized') throw refusal(RangeErrorCtor, `unknown tier mode '${mode}'`);
    for (let i = 0; i < own.length; i++) natives.prepare(own[i]);
    const steps = [];
    for (let i = 0; i < FEEDBACK_CALLS; i++) append(steps, () => cur.batch(1));
    if (isPlainFunction(cur.fn)) {
      append(steps, () => {
        natives.optimizeNext(cur.fn);
        return cur.fn(cur.state);
      });
    }
    append(steps, () => {
      natives.optimizeNext(cur.batch);
      return cur.batch(1);
    });
    if (!cur.isAsync) {
      for (let i = 0; i < steps.length; i++) steps[i]();
      return undefined;
    }
    return (async () => {
      for (let i = 0; i < steps.length; i++) await steps[i]();
    })();
  }

  // The tiers of the prepared case's batch loop and bench function: batchTier * 8 + benchTier.
  function codeState() {
    const cur = current;
    return tierOf(cur.batch) * 8 + tierOf(cur.fn);
  }


  // The cases prepared in this realm and not yet torn down, by slot in the order they were prepared:
  // `run --alternate` keeps several and makes each current in turn (resume) to time a repetition.
  const prepared = [];

  function prepare(index, quick) {
    const list = cases(quick);
    const c = list[index];
    if (!c) throw refusal(RangeErrorCtor, `no case #${index} (there are ${list.length})`);
    const spec = c.bench.spec;
    const setup = spec.setup || c.suite.setup;
    const state = setup ? setup(assign({}, c.params)) : {};
    const fn = spec.fn;
    const probe = fn(state);
    const isAsync = spec.async === true || (probe !== null && typeof probe === 'object' && typeof probe.then === 'function');
    // An async probe is settled at once into an outcome, so a rejection is handled from the start
    // (Node would end the environment over an unhandled one) and fails the case in probed()/check().
    current = { c, spec, state, fn, isAsync, batch: null, probe: isAsync ? settleProbe(probe) : probe };
    const sink = [0, 0, 0, 0, 0, 0, 0, 0];
    // Each case's loop from a source of its own: V8 caches `new Function` by its source, and two loops
    // made from one cached function share its feedback cell, so creating the second deoptimises the
    // first's code (specialised to its own closure) and compiles both alike only by chance.
    const own = (source) => `${source}\n// case ${prepared.length}`;
    if (isAsync) {
      current.batch = new Function('fn', 'state', 'sink', own(asyncSource))(fn, state, sink);
    } else if (probe === undefined) {
      current.batch = new Function('fn', 'state', own(voidSource))(fn, state);
    } else if (typeof probe === 'number') {
      current.batch = new Function('fn', 'state', own(numberSource))(fn, state);
    } else {
      current.batch = new Function('fn', 'state', 'sink', own(loopSource))(fn, state, sink);
    }
    current.slot = prepared.length;
    append(prepared, current);
    return current.batch;
  }

  // Makes the case prepared in `slot` the current one again; returns its batch function.
  function resume(slot) {
    const cur = prepared[slot];
    if (!cur) throw refusal(RangeErrorCtor, `no prepared case in slot ${slot}`);
    current = cur;
    return cur.batch;
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

  // The operations the prepared case's bench counted itself since operations(true) (called before a
  // batch), or null when it counts none (an iteration is then the unit).
  function operations(begin) {
    const cur = current;
    if (!cur || !cur.spec.operations) return null;
    const now = cur.spec.operations(cur.state);
    if (begin) {
      cur.opsBase = { ops: now.ops, ns: now.ns };
      return null;
    }
    const base = cur.opsBase || { ops: 0, ns: 0 };
    cur.opsWindow = { ops: now.ops - base.ops, ns: now.ns - base.ns };
    return cur.opsWindow.ops > 0 ? cur.opsWindow.ops : null;
  }

  function counters() {
    const cur = current;
    const rate = cur.opsWindow && cur.opsWindow.ns > 0 ? { ops_per_s: cur.opsWindow.ops / (cur.opsWindow.ns / 1e9) } : {};
    if (!cur.spec.counters) return toJson(rate);
    const own = cur.spec.counters(cur.state);
    if (own === null || typeof own !== 'object') {
      throw refusal(TypeErrorCtor, `bench '${cur.c.bench.name}': counters(state) must return an object of numbers`);
    }
    const out = assign({}, own, rate);
    const names = ownKeys(out);
    for (let i = 0; i < names.length; i++) {
      const k = names[i];
      const v = out[k];
      if (typeof v !== 'number' || !isFinite(v)) {
        throw refusal(TypeErrorCtor, `bench '${cur.c.bench.name}': counter '${k}' must be a finite number, got ${typeof v === 'symbol' ? 'a symbol' : v}`);
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
    let known = false;
    for (let i = 0; f !== null && typeof f === 'object' && i < FLOOR_KINDS.length; i++) known = known || f.kind === FLOOR_KINDS[i];
    if (!known) {
      throw refusal(TypeErrorCtor, `${where} must return { kind } with kind one of ${arrayJoin(FLOOR_KINDS, ', ')}`);
    }
    if (f.kind === 'json_parse' && typeof f.text !== 'string') throw refusal(TypeErrorCtor, `${where}: json_parse needs text`);
    if ((f.kind === 'sin' || f.kind === 'cos' || f.kind === 'sincos') &&
        !(f.inputs instanceof Float64ArrayCtor || isArray(f.inputs))) {
      throw refusal(TypeErrorCtor, `${where}: ${f.kind} needs inputs (an array of numbers)`);
    }
    if (f.kind === 'memcpy' && !(isFinite(f.bytes) && f.bytes >= 0)) {
      throw refusal(TypeErrorCtor, `${where}: memcpy needs bytes (a number)`);
    }
    return {
      kind: f.kind,
      text: f.text,
      inputs: f.inputs ? float64From(f.inputs) : undefined,
      bytes: f.bytes,
    };
  }

  function teardown() {
    const cur = current;
    current = null;
    if (!cur) return undefined;
    prepared[cur.slot] = undefined;
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
    throw new Unsupported(toText(reason));
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

  // --- Benchmark files written for other harnesses -----------------------------------------------
  // wrap(source, path) is the one place a file's format is recognised. A v8bench suite file is run as
  // it is. A Node core benchmark file (it requires '../common.js'), or a file that imports mitata,
  // tinybench, bench-node or benchmark (Benchmark.js), is run as a CommonJS module body in the node
  // realm: its require() hands it v8bench's own implementation of that harness's public API (whether
  // or not the module exists beside it), and every other module comes from Node's require relative to
  // the file. `import ... from` lines become require() calls on the same lines, and such a file's body
  // is an async function, so a top-level `await run()` stays valid. What those files print goes where
  // a suite's printing goes: never into the results.
  const FOREIGN = [
    { format: 'node-core', title: 'Node core benchmark', test: /require\(\s*(['"])(?:\.\.\/)+common(?:\.js)?\1\s*\)/ },
    { format: 'mitata', title: 'mitata', test: /(?:\bfrom\s*|\brequire\(\s*)(['"])mitata\1/ },
    { format: 'tinybench', title: 'tinybench', test: /(?:\bfrom\s*|\brequire\(\s*)(['"])tinybench\1/ },
    { format: 'bench-node', title: 'bench-node', test: /(?:\bfrom\s*|\brequire\(\s*)(['"])bench-node\1/ },
    { format: 'benchmark.js', title: 'Benchmark.js', test: /(?:\bfrom\s*|\brequire\(\s*)(['"])benchmark\1/ },
  ];

  function formatOf(source) {
    for (const f of FOREIGN) if (f.test.test(source)) return f;
    return null;
  }

  // `import X, { a as b } from 'm'` -> `const X = <default of>(require('m')), { a: b } = require('m');`
  // on the same lines; `export` keywords are dropped (a benchmark file exports nothing v8bench reads).
  const IMPORT = /^([ \t]*)import\s+(?:([\w$]+)\s*,?\s*)?(\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*(?:from\s*)?(['"])([^'"\n]+)\4[ \t]*;?/gm;
  function importsToRequires(source) {
    return source
      .replace(IMPORT, (m, indent, def, named, q, spec) => {
        const req = `require(${q}${spec}${q})`;
        const parts = [];
        if (def) parts.push(`${def} = ((m) => (m !== null && typeof m === 'object' && 'default' in m ? m.default : m))(${req})`);
        if (named && named[0] === '*') parts.push(`${named.replace(/^\*\s*as\s+/, '')} = ${req}`);
        else if (named) parts.push(`${named.replace(/([\w$]+)\s+as\s+([\w$]+)/g, '$1: $2')} = ${req}`);
        return parts.length === 0 ? `${indent}${req};` : `${indent}const ${parts.join(', ')};`;
      })
      .replace(/^([ \t]*)export\s+default\s+/gm, '$1module.exports.default = ')
      .replace(/^([ \t]*)export\s+(?=(?:async\s+)?(?:function|class|const|let|var)\b)/gm, '$1');
  }

  function wrap(source, path) {
    const f = formatOf(source);
    if (f === null) return source;
    const esm = /^[ \t]*(?:import\s*[\w$*{'"]|export\s)/m.test(source);
    // A shebang line is not JS inside a function; it becomes a comment (the line count stays).
    const text = source.replace(/^#!/, '//');
    const body = esm ? importsToRequires(text) : text;
    // An ESM body is an async function, whose rejection a host sees only after the cases are described; so
    // its throw is also handed to enterFile's `failed` as it happens (at once, when before the first await).
    const inner = esm ? `'use strict'; try {${body}\n} catch (__v8benchError) { __v8benchFailed(__v8benchError); throw __v8benchError; }` : body;
    return `__v8bench.enterFile(${quoteString(path)}, ${quoteString(f.format)}, ${esm ? 'async ' : ''}function ` +
      `(exports, require, module, __filename, __dirname, __v8benchFailed) {${inner}\n});`;
  }

  // Definitions that are complete only when the file's top level has run (mitata's .args() after
  // bench(), Benchmark.js's chained add()): declared as suites before the first case list is built.
  const pending = [];
  function definePending() {
    while (pending.length > 0) pending.shift()();
  }

  // What a file of another harness names its suite: the file's base name.
  function suiteNameOf(file) {
    const base = file.replace(/^.*[\\/]/, '').replace(/\.[cm]?js$/, '');
    return safeName(base) || 'benchmark';
  }
  function safeName(text) {
    return String(text).replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
  }

  let loadFailure = null;

  function enterFile(path, format, body) {
    const f = FOREIGN.find((x) => x.format === format);
    const nodeRequire = global.require;
    if (typeof nodeRequire !== 'function') {
      throw new Error(`${path}: a ${f.title} file runs in the node realm (it needs Node's require())`);
    }
    const file = nodeRequire('path').resolve(path);
    const fromFile = nodeRequire('module').createRequire(file);
    const module = { exports: {}, id: '.', filename: file, loaded: false, children: [], paths: [] };
    const shims = new Map();
    function require(id) {
      const shim = shimFor(id, file, shims);
      return shim !== undefined ? shim : fromFile(id);
    }
    require.resolve = fromFile.resolve;
    require.cache = fromFile.cache;
    require.main = module;
    const failed = (e) => {
      loadFailure = e;
    };
    const done = body.call(module.exports, module.exports, require, module, file, file.replace(/[\\/][^\\/]*$/, ''), failed);
    // An ESM file's body is an async function; its rejection is the file's failure (then() captured: the body
    // has run, and may have replaced Promise.prototype.then).
    if (done instanceof PromiseCtor) {
      promiseThen(done, undefined, (e) => {
        loadFailure = e;
      });
    }
    module.loaded = true;
  }

  const HARNESS_MODULES = {
    mitata: mitataModule,
    tinybench: tinybenchModule,
    'bench-node': benchNodeModule,
    benchmark: benchmarkJsModule,
  };

  function shimFor(id, file, shims) {
    const key = /^(?:\.\.\/)+common(?:\.js)?$/.test(id) ? 'common' : HARNESS_MODULES[id] ? id : null;
    if (key === null) return undefined;
    if (!shims.has(key)) shims.set(key, key === 'common' ? nodeCoreCommon(file) : HARNESS_MODULES[key](collectorFor(file)));
    return shims.get(key);
  }

  // --- Node core's benchmark/common.js: createBenchmark(main, configs, options) -------------------
  // Each combination of configs is a case; one iteration is one call of main(config), which times
  // itself from bench.start() to bench.end(n): the figures are per operation (the n given to end)
  // and ops_per_s is the rate compare.js prints. --quick keeps the whole grid (a file's grid is what
  // compare.js runs); --param NAME=V replaces a config's values, as compare.js's --set does.
  const now = () => performance.now();
  // Flags that change nothing measured here, or that v8bench always passes.
  const HARMLESS_FLAGS = /^--(?:no-warnings|no-deprecation|allow[-_]natives[-_]syntax)$/;

  // The URL inputs Node's benchmark/common.js gives its files (common.urls, common.searchParams), value
  // for value: a file names its cases after these keys (type: Object.keys(common.urls)) and must get the
  // same inputs as under compare.js for its figures to be comparable.
  const NODE_URLS = {
    long: 'http://nodejs.org:89/docs/latest/api/foo/bar/qua/13949281/0f28b//5d49/b3020/url.html#test?payload1=true' +
      '&payload2=false&test=1&benchmark=3&foo=38.38.011.293&bar=1234834910480&test=19299&3992&' +
      'key=f5c65e1e98fe07e648249ad41e1cfdb0',
    short: 'https://nodejs.org/en/blog/',
    idn: 'http://\u4f60\u597d\u4f60\u597d.\u5728\u7ebf',
    auth: 'https://user:pass@example.com/path?search=1',
    file: 'file:///foo/bar/test/node.js',
    ws: 'ws://localhost:9229/f46db715-70df-43ad-a359-7f9949f39868',
    javascript: 'javascript:alert("node is awesome");',
    percent: 'https://%E4%BD%A0/foo',
    dot: 'https://example.org/./a/../b/./c',
  };
  const NODE_SEARCH_PARAMS = {
    noencode: 'foo=bar&baz=quux&xyzzy=thud',
    multicharsep: 'foo=bar&&&&&&&&&&baz=quux&&&&&&&&&&xyzzy=thud',
    encodefake: 'foo=%\u00a9ar&baz=%A\u00a9uux&xyzzy=%\u00a9ud',
    encodemany: '%66%6F%6F=bar&%62%61%7A=quux&xyzzy=%74h%75d',
    encodelast: 'foo=bar&baz=quux&xyzzy=thu%64',
    multivalue: 'foo=bar&foo=baz&foo=quux&quuy=quuz',
    multivaluemany: 'foo=bar&foo=baz&foo=quux&quuy=quuz&foo=abc&foo=def&foo=ghi&foo=jkl&foo=mno&foo=pqr&foo=stu&foo=vwxyz',
    manypairs: 'a&b&c&d&e&f&g&h&i&j&k&l&m&n&o&p&q&r&s&t&u&v&w&x&y&z',
    manyblankpairs: '&&&&&&&&&&&&&&&&&&&&&&&&',
    altspaces: 'foo+bar=baz+quux&xyzzy+thud=quuy+quuz&abc=def+ghi',
  };
  // Where Node's checkout keeps the WPT URL test data that common.bakeUrlData('wpt') reads, from a file
  // in benchmark/FOLDER/.
  const WPT_URL_DATA = '../../test/fixtures/wpt/url/resources/urltestdata.json';
  // How many inputs bakeUrlData makes of one URL before doubling it e times: about as many as the WPT data.
  const BAKED_URL_COUNT = 200;

  // common.bakeUrlData(type, e, withBase, asUrl): an array of URL inputs (BAKED_URL_COUNT of one of
  // common.urls, or the WPT test data of a Node checkout) doubled e times; [input, base] pairs with
  // withBase, URL objects with asUrl.
  function bakeUrlData(file, type, e = 0, withBase = false, asUrl = false) {
    let items;
    if (type === 'wpt') {
      const path = global.require('path').resolve(file, '..', WPT_URL_DATA);
      if (!global.require('fs').existsSync(path)) {
        unsupported(`common.bakeUrlData('wpt') reads Node's WPT URL test data, which is not at ${path} ` +
          "(the file is not in a Node checkout's benchmark/ folder)");
      }
      items = [];
      for (const t of JSON.parse(global.require('fs').readFileSync(path, 'utf8'))) {
        if (t === null || typeof t !== 'object' || t.failure || !t.input) continue;
        if (withBase) items.push([t.input, t.base]);
        else if (t.base !== 'about:blank') items.push(t.base);
      }
    } else if (Object.prototype.hasOwnProperty.call(NODE_URLS, type)) {
      items = new Array(BAKED_URL_COUNT).fill(withBase ? [NODE_URLS[type], 'about:blank'] : NODE_URLS[type]);
    } else {
      throw new Error(`common.bakeUrlData: unknown URL data type '${type}' (one of ${ownKeys(NODE_URLS).join(', ')}, wpt)`);
    }
    if (typeof e !== 'number') throw new TypeError(`common.bakeUrlData: e must be a number, got ${typeof e}`);
    for (let i = 0; i < e; i++) items = items.concat(items);
    if (asUrl) items = items.map((x) => (withBase ? new URL(x[0], x[1]) : new URL(x)));
    return items;
  }

  function nodeCoreCommon(file) {
    let active = null; // the call of main() in progress (a realm runs one case at a time)
    function finish(call, error) {
      if (call.done) return;
      call.done = true;
      call.error = error;
      if (active === call) active = null;
      if (call.resolve) {
        if (error) call.reject(error);
        else call.resolve();
      }
    }
    const bench = {
      start() {
        const call = active;
        if (!call) throw new Error('bench.start() was called outside main(config)');
        if (call.started) {
          const e = new Error('Called start more than once in a single benchmark');
          finish(call, e);
          throw e;
        }
        call.started = true;
        call.t0 = now();
      },
      end(operations) {
        const t1 = now();
        const call = active;
        if (!call) throw new Error('bench.end() was called outside main(config), or twice in one call');
        if (!call.started) return finish(call, new Error('called end without start'));
        if (typeof operations !== 'number') return finish(call, new Error('called end() without specifying operation count'));
        if (!(operations > 0)) return finish(call, new Error('called end() with operation count <= 0'));
        call.state.ops += operations;
        call.state.ns += (t1 - call.t0) * 1e6;
        return finish(call, null);
      },
      http() {
        unsupported('bench.http() drives an HTTP benchmarker (autocannon, wrk); v8bench does not run those');
      },
    };
    function callMain(st) {
      const call = { state: st, started: false, done: false, error: null, t0: 0, resolve: null, reject: null };
      active = call;
      const ret = st.main(Object.assign({}, st.config));
      const thenable = ret !== null && typeof ret === 'object' && typeof ret.then === 'function';
      if (call.done && !thenable) {
        if (call.error) throw call.error;
        return undefined;
      }
      return new Promise((resolve, reject) => {
        call.resolve = resolve;
        call.reject = reject;
        if (call.done) {
          if (call.error) reject(call.error);
          else resolve();
          return;
        }
        if (thenable) ret.then(undefined, (e) => finish(call, e));
      });
    }
    return {
      PORT: 12346,
      buildType: 'Release',
      createBenchmark(main, configs, options) {
        defineNodeCore(file, main, configs, options || {}, callMain);
        return bench;
      },
      // Where a file reports its own figures: the call ends with rate x time operations in time seconds.
      sendResult(data) {
        const call = active;
        if (!call || data === null || typeof data !== 'object') return;
        call.state.ops += data.rate * data.time;
        call.state.ns += data.time * 1e9;
        finish(call, null);
      },
      binding(name) {
        unsupported(`common.binding('${name}') needs Node's internal bindings (--expose-internals)`);
      },
      // Copies, so that a file changing them changes nothing for the next file.
      urls: Object.assign({}, NODE_URLS),
      searchParams: Object.assign({}, NODE_SEARCH_PARAMS),
      urlDataTypes: ownKeys(NODE_URLS).concat(['wpt']),
      bakeUrlData: (type, e, withBase, asUrl) => bakeUrlData(file, type, e, withBase, asUrl),
    };
  }

  function defineNodeCore(file, main, configs, options, callMain) {
    const where = `${file}: createBenchmark(main, configs, options)`;
    if (typeof main !== 'function') throw new TypeError(`${where}: main must be a function`);
    if (configs === null || typeof configs !== 'object') throw new TypeError(`${where}: configs must be an object`);
    const groups = options.byGroups ? Object.entries(configs) : [['main', configs]];
    // Node's common.js concatenates options.flags: one flag may be given as a string.
    const flags = options.flags === undefined ? [] : [].concat(options.flags);
    if (!flags.every((f) => typeof f === 'string')) {
      throw new TypeError(`${where}: options.flags must be a string or an array of strings (node's command-line flags)`);
    }
    const missing = flags.filter((f) => !HARMLESS_FLAGS.test(f) && !(/^--expose[-_]gc$/.test(f) && typeof global.gc === 'function'));
    const filter = typeof options.combinationFilter === 'function' ? options.combinationFilter : null;
    let setupDone = false;
    const benches = {};
    for (const [group, config] of groups) {
      const grid = {};
      for (const [k, v] of Object.entries(config)) grid[k] = Array.isArray(v) ? v : [v];
      // Groups whose names differ only in characters a case name cannot hold ('a b', 'a_b') stay apart.
      const base = safeName(group) || 'main';
      let name = base;
      for (let i = 2; Object.prototype.hasOwnProperty.call(benches, name); i++) name = `${base}_${i}`;
      benches[name] = {
        params: grid,
        quick: grid,
        exclude: filter ? (p) => !filter(p) : undefined,
        setup(p) {
          if (missing.length > 0) {
            unsupported(`the file asks node for ${missing.join(' ')} (createBenchmark's flags), which this engine is not started with`);
          }
          if (!setupDone && typeof options.setup === 'function') {
            setupDone = true;
            options.setup([Object.assign({}, p)]);
          }
          return { main, config: p, ops: 0, ns: 0 };
        },
        fn: callMain,
        operations: (st) => ({ ops: st.ops, ns: st.ns }),
      };
    }
    suite({
      name: suiteNameOf(file),
      realm: 'node',
      description: 'Node core benchmark file: one iteration is one call of main(config), timed whole; the ' +
        'figures are per operation (the n main gives bench.end), ops_per_s is bench.start()..bench.end(n) as ' +
        'compare.js reports it.' + (missing.length > 0 ? ` It needs node ${missing.join(' ')}.` : ''),
      benches,
    });
  }

  // --- mitata, tinybench, bench-node, Benchmark.js: one case per bench -----------------------------
  // A file's benches, collected as its top level adds them and declared as one suite (named after the
  // file) before the cases are listed. Names are made safe for case names ([A-Za-z0-9_.-]) and unique.
  const collectors = new Map();
  function collectorFor(file) {
    if (collectors.has(file)) return collectors.get(file);
    const c = { file, benches: {}, add(name, spec) {
      let base = safeName(name) || 'bench';
      let unique = base;
      for (let i = 2; Object.prototype.hasOwnProperty.call(c.benches, unique); i++) unique = `${base}_${i}`;
      c.benches[unique] = spec;
      return unique;
    } };
    collectors.set(file, c);
    pending.push(() => {
      if (ownKeys(c.benches).length === 0) return;
      suite({ name: suiteNameOf(file), realm: 'node', description: `${c.title || 'benchmark'} file: one iteration is one call of a bench's function.`, benches: c.benches });
    });
    return c;
  }

  function isGenerator(fn) {
    const kind = fn && fn.constructor && fn.constructor.name;
    return kind === 'GeneratorFunction' || kind === 'AsyncGeneratorFunction';
  }

  // mitata: bench(name, fn) (fn, or a generator yielding the timed function or { [0]() {...}, bench(a) }),
  // .args()/.range()/.dense_range() as parameters, group()/summary()/plots as name prefixes, run().
  function mitataModule(c) {
    c.title = 'mitata';
    let prefix = '';
    function bench(name, fn) {
      if (typeof name === 'function') [name, fn] = [name.name || 'anonymous', name];
      if (typeof fn !== 'function') throw new TypeError(`mitata bench('${name}'): needs a function`);
      const params = {};
      const spec = isGenerator(fn)
        ? { params, setup: (p) => mitataGeneratorState(fn, p), fn: (st) => st.call(), teardown: (st) => st.finish() }
        : { params, fn: () => fn() };
      c.add(prefix + name, spec);
      const chain = {
        args(k, values) {
          if (Array.isArray(k)) [k, values] = ['x', k];
          if (k !== null && typeof k === 'object') {
            for (const [kk, vv] of Object.entries(k)) params[kk] = vv;
          } else {
            params[k] = values;
          }
          return chain;
        },
        range(k, start, end, mult = 8) {
          checkRange(c.file, name, 'range', k, start, end, mult, start > 0 && mult > 1,
            'a geometric range needs start > 0 and a multiplier > 1');
          const values = [];
          for (let v = start; v <= end; v *= mult) values.push(v);
          if (values[values.length - 1] !== end) values.push(end);
          params[k] = values;
          return chain;
        },
        dense_range(k, start, end, step = 1) {
          checkRange(c.file, name, 'dense_range', k, start, end, step, step > 0, 'a dense range needs a step > 0');
          const values = [];
          for (let v = start; v <= end; v += step) values.push(v);
          params[k] = values;
          return chain;
        },
        name() { return chain; }, gc() { return chain; }, baseline() { return chain; },
        highlight() { return chain; }, compact() { return chain; }, opts() { return chain; },
      };
      return chain;
    }
    function nest(name, fn) {
      if (typeof name === 'function') [name, fn] = [null, name];
      const saved = prefix;
      if (typeof name === 'string' && name !== '') prefix = `${prefix}${name}/`;
      try {
        fn();
      } finally {
        prefix = saved;
      }
    }
    return {
      bench, group: nest, summary: nest, barplot: nest, boxplot: nest, lineplot: nest, compact: nest,
      run: async () => ({ benchmarks: [] }),
      do_not_optimize: (v) => v,
      measure: async () => unsupported('mitata measure() is not a bench'),
    };
  }

  // mitata's .range()/.dense_range() arguments, checked before the values are made: a multiplier of 1 or a
  // step of 0 would add values until the heap is exhausted.
  function checkRange(file, bench, method, k, start, end, by, grows, rule) {
    const where = `${file}: mitata bench('${bench}').${method}('${k}', ${start}, ${end}, ${by})`;
    if (![start, end, by].every((x) => typeof x === 'number' && isFinite(x))) {
      throw new TypeError(`${where}: start, end and ${method === 'range' ? 'multiplier' : 'step'} must be finite numbers`);
    }
    if (!grows) throw new RangeError(`${where}: ${rule}`);
    const count = method === 'range' ? Math.log(Math.max(end / start, 1)) / Math.log(by) : (end - start) / by;
    if (count > MAX_CASES) {
      throw new RangeError(`${where}: makes about ${Math.ceil(count)} values, more than the ${MAX_CASES} cases a grid may have`);
    }
  }

  function mitataGeneratorState(gen, p) {
    const values = Object.values(p);
    const ctx = { get: (k) => (typeof k === 'number' ? values[k] : p[k]) };
    const it = gen(ctx);
    const first = it.next();
    if (first !== null && typeof first.then === 'function') unsupported('an async generator bench (mitata) is not supported');
    const y = first.value;
    let call;
    if (typeof y === 'function') {
      call = () => y();
    } else if (y !== null && typeof y === 'object' && typeof y.bench === 'function') {
      // The computed arguments are made once per case here (mitata makes them per iteration, untimed).
      const args = [];
      for (let i = 0; typeof y[i] === 'function'; i++) args.push(y[i]());
      call = () => y.bench(...args);
    } else {
      unsupported('the generator must yield the function to time, or { bench(...) }');
    }
    return { call, finish: () => it.next() };
  }

  // tinybench: new Bench(options).add(name, fn, hooks); run()/warmup()/table() do nothing measured.
  function tinybenchModule(c) {
    c.title = 'tinybench';
    class Bench {
      constructor(options) {
        this.options = options || {};
        this.names = [];
      }
      add(name, fn, hooks) {
        const h = hooks || {};
        if (typeof fn !== 'function') throw new TypeError(`tinybench add('${name}'): needs a function`);
        const benchSetup = this.options.setup;
        const benchTeardown = this.options.teardown;
        c.add(name, {
          setup() {
            if (h.beforeEach || h.afterEach) unsupported('tinybench beforeEach/afterEach run per iteration; v8bench times whole batches');
            if (typeof benchSetup === 'function') benchSetup(undefined, 'run');
            if (typeof h.beforeAll === 'function') h.beforeAll();
            return {};
          },
          teardown() {
            if (typeof h.afterAll === 'function') h.afterAll();
            if (typeof benchTeardown === 'function') benchTeardown(undefined, 'run');
          },
          fn: () => fn(),
        });
        this.names.push(name);
        return this;
      }
      remove() { return this; }
      addEventListener() {}
      removeEventListener() {}
      async run() { return this.tasks; }
      runSync() { return this.tasks; }
      async warmup() {}
      reset() {}
      table() { return []; }
      get tasks() { return this.names.map((name) => ({ name, result: undefined })); }
      get results() { return []; }
    }
    return { Bench, default: Bench, now };
  }

  // bench-node: new Suite().add(name, [options,] fn).run().
  function benchNodeModule(c) {
    c.title = 'bench-node';
    class Suite {
      add(name, options, fn) {
        if (typeof options === 'function') fn = options;
        if (typeof fn !== 'function') throw new TypeError(`bench-node add('${name}'): needs a function`);
        const manual = fn.length > 0;
        c.add(name, {
          setup() {
            if (manual) unsupported("bench-node's manual timer (fn(timer)) is not supported; time the whole function");
            return {};
          },
          fn: () => fn(),
        });
        return this;
      }
      async run() { return []; }
    }
    const report = () => {};
    return { Suite, chartReport: report, textReport: report, htmlReport: report, jsonReport: report, prettyReport: report };
  }

  // Benchmark.js: new Benchmark.Suite().add(name, fn, options).on(...).run(); { defer: true } benches
  // resolve a deferred; events are not fired (v8bench reports instead).
  function benchmarkJsModule(c) {
    c.title = 'Benchmark.js';
    function toSpec(name, fn, options) {
      const o = Object.assign({}, options || {});
      if (typeof fn === 'object' && fn !== null) Object.assign(o, fn);
      else if (fn !== undefined) o.fn = fn;
      if (typeof o.fn === 'string') o.fn = new Function(o.fn);
      if (typeof o.fn !== 'function') throw new TypeError(`Benchmark.js add('${name}'): needs a function`);
      const body = o.fn;
      return {
        setup() {
          if (typeof o.setup === 'function') o.setup();
          return {};
        },
        teardown() {
          if (typeof o.teardown === 'function') o.teardown();
        },
        fn: o.defer ? () => new Promise((resolve) => body({ resolve })) : () => body(),
      };
    }
    class Suite {
      constructor() {
        this.length = 0;
      }
      add(name, fn, options) {
        if (typeof name !== 'string') [name, fn, options] = [(name && name.name) || 'anonymous', name, fn];
        c.add(name, toSpec(name, fn, options));
        this.length++;
        return this;
      }
      on() { return this; }
      off() { return this; }
      emit() { return this; }
      run() { return this; }
      abort() { return this; }
      filter() { return []; }
      map() { return []; }
      forEach() { return this; }
    }
    function Benchmark(name, fn, options) {
      c.add(typeof name === 'string' ? name : 'anonymous', toSpec(name, typeof name === 'string' ? fn : name, options));
      this.run = () => this;
      this.on = () => this;
    }
    Benchmark.Suite = Suite;
    return Benchmark;
  }

  // Every entry point a suite or the host calls names a built-in the suite replaced when harness code
  // fails over it (naming()). unsupported() throws the suite's own reason and stays as it is.
  Object.defineProperty(global, 'suite', { value: named(suite), writable: false, enumerable: false });
  Object.defineProperty(global, 'seededRandom', { value: seededRandom, writable: false, enumerable: false });
  Object.defineProperty(global, 'unsupported', { value: unsupported, writable: false, enumerable: false });
  Object.defineProperty(global, '__v8bench', {
    value: freeze({
      configure: named(configure),
      describe: named(describe),
      prepare: named(prepare),
      resume: named(resume),
      probed: named(probed),
      settle: named(settle),
      codeState: named(codeState),
      check: named(check),
      isAsync,
      counters: named(counters),
      floor: named(floor),
      teardown: named(teardown),
      unsupportedReason: Unsupported.reasonOf,
      operations: named(operations),
      wrap,
      enterFile: named(enterFile),
    }),
    writable: false,
    enumerable: false,
  });
})(globalThis);
