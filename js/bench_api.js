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
// Files written for other harnesses run unchanged: load() (below, "Benchmark files written for other
// harnesses") hands Node core's benchmark/ files and the files importing mitata, tinybench, bench-node or
// Benchmark.js v8bench's implementations of those APIs, which declare suites through suite().
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
  // The loop compiler's constructor: a suite that replaces the global Function neither breaks nor receives it.
  const FunctionCtor = Function;
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
      const before = e.message;
      e.message = `${replacer()} replaced ${namedList(replaced)}, which v8bench's own code calls, so v8bench ` +
        `cannot run it (${e.message}): give your version another name, or put the built-in back before your ` +
        `code returns (v8bench's harness needs ${them} as the engine made ${them})`;
      // The stack's first line was made with the old message (V8 formats it once, when first read).
      const head = stringIndexOf(stack, before);
      if (head >= 0 && head < frame) e.stack = stringSlice(stack, 0, head) + e.message + stringSlice(stack, head + before.length);
    } catch (ignored) {
      // Naming is a courtesy: the original exception stands.
    }
    return e;
  }

  // `fn` with the rejection of a promise it returns passed through naming(). What it throws synchronously is
  // not caught: a catch and rethrow would move the exception's location (the line V8 reports, and for a
  // thrown string, null or symbol the only location there is) from the thrower's line to the rethrow in this
  // file. The host names such an exception itself (__v8bench.nameError) before it reports it.
  const promiseThen = uncurry(Promise.prototype.then);
  const PromiseCtor = Promise;
  function named(fn) {
    return function () {
      const result = apply(fn, this, arguments);
      if (result instanceof PromiseCtor) {
        return promiseThen(result, undefined, (e) => {
          throw naming(e);
        });
      }
      return result;
    };
  }

  // For the host, on an exception it caught from an entry point: true when naming() rewrote its message.
  function nameError(e) {
    if (e === null || typeof e !== 'object') return false;
    let before;
    try {
      before = e.message;
    } catch (ignored) {
      return false;
    }
    return naming(e) === e && e.message !== before;
  }

  // "FILE:LINE:COL" of the innermost call on the stack from outside v8bench (the user's file), or '' when
  // there is none: for the messages of API contract violations, which v8bench's code detects.
  const ErrorCtor = Error;
  function userSite() {
    let stack;
    try {
      stack = new ErrorCtor().stack;
    } catch (ignored) {
      return '';
    }
    if (typeof stack !== 'string') return '';
    let at = stringIndexOf(stack, '\n');
    while (at >= 0) {
      const next = stringIndexOf(stack, '\n', at + 1);
      const line = stringTrim(stringSlice(stack, at + 1, next < 0 ? stack.length : next));
      at = next;
      if (stringIndexOf(line, 'v8bench:') >= 0 || stringIndexOf(line, 'external_runner') >= 0 ||
          stringIndexOf(line, '(node:') >= 0 || stringIndexOf(line, 'at node:') >= 0) {
        continue;
      }
      const open = stringIndexOf(line, '(');
      const where = open >= 0 ? stringSlice(line, open + 1, line[line.length - 1] === ')' ? line.length - 1 : line.length) :
        stringSlice(line, stringIndexOf(line, 'at ') === 0 ? 3 : 0);
      if (where !== '') return where;
    }
    return '';
  }
  // " (at FILE:LINE:COL)" for a message, or ''.
  function atUserSite() {
    const site = userSite();
    return site === '' ? '' : ` (at ${site})`;
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
    for (let i = 0; i < suites.length; i++) {
      if (suites[i].name === def.name) {
        fail(where, 'name is already defined by an earlier suite() of this file; give each suite its own name');
      }
    }
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

  // Why a loaded file has no case: its benches were all left out on purpose (Deno's ignore: true, Vitest's
  // .skip, .only elsewhere, tinybench's todo), which `deno bench` and `vitest bench` report and exit 0 for, so
  // the hosts say it and go on (left_out true); or it declares nothing to measure, which is bad input.
  // From the counts declaredSoFar() gave before a file loaded (0, 0 for the whole realm); null when a suite
  // was declared since.
  function noCaseReason(suitesBefore, leftOutBefore) {
    if (suites.length > suitesBefore) {
      return { left_out: false, text: "its suites' grids leave no case (every combination is excluded)" };
    }
    if (leftOutFiles.length > leftOutBefore) {
      const parts = [];
      for (let i = leftOutBefore; i < leftOutFiles.length; i++) append(parts, arrayJoin(leftOutFiles[i].notes, '; '));
      return { left_out: true, text: `no case to run: every bench it declares is left out on purpose (${arrayJoin(parts, '; ')}); ` +
        '`deno bench` and `vitest bench` report such a file and exit 0, and so does v8bench' };
    }
    return { left_out: false, text: 'declares no suite (call suite({...}), or createBenchmark, bench(), add() of the ' +
      `harnesses docs/benchmark-files.md lists)${workersStarted > 0 ? workersNote() : ''}` };
  }
  // Benches declared inside worker_threads Workers are cases on a Node engine only (js/worker_cases.mjs):
  // the embedded host measures its own isolate, and says so when a file that declares nothing started one.
  let workersStarted = 0;
  function countWorkers(nodeRequire) {
    const wt = nodeRequire('worker_threads');
    if (global.process.argv0 !== 'v8bench' || wt.Worker.v8benchCounted) return;
    wt.Worker = class Worker extends wt.Worker {
      constructor(...args) {
        super(...args);
        workersStarted++;
      }
    };
    wt.Worker.v8benchCounted = true;
    nodeRequire('module').syncBuiltinESMExports();
  }
  function workersNote() {
    return `; it started ${workersStarted} worker_threads Worker${workersStarted === 1 ? '' : 's'}, whose benches the ` +
      "embedded host cannot measure (it measures its own isolate): run it with --engine on Node, which measures " +
      'each bench inside its Worker';
  }

  // What the realm has declared so far: for a host loading several files in one realm (the external runner)
  // to tell, per file, whether it declared anything (fileWithoutCase).
  function declaredSoFar() {
    definePending();
    return { suites: suites.length, leftOut: leftOutFiles.length };
  }
  // After a file has loaded: null when it declared a suite, else noCaseReason's answer for that file alone.
  function fileWithoutCase(before) {
    definePending();
    if (loadFailure !== null) throw loadFailure; // the file's own failure, not a missing suite
    return suites.length > before.suites ? null : noCaseReason(before.suites, before.leftOut);
  }

  function describe(quick) {
    const list = cases(quick);
    const described = { suites: [], cases: [] };
    if (list.length === 0) described.no_case = noCaseReason(0, 0);
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
      return new FunctionCtor(
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
      current.batch = new FunctionCtor('fn', 'state', 'sink', own(asyncSource))(fn, state, sink);
    } else if (probe === undefined) {
      current.batch = new FunctionCtor('fn', 'state', own(voidSource))(fn, state);
    } else if (typeof probe === 'number') {
      current.batch = new FunctionCtor('fn', 'state', own(numberSource))(fn, state);
    } else {
      current.batch = new FunctionCtor('fn', 'state', 'sink', own(loopSource))(fn, state, sink);
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
    if (hasOwn(rate, 'ops_per_s') && !isFinite(rate.ops_per_s)) {
      throw refusal(TypeErrorCtor, `bench '${cur.c.bench.name}': the operations it counted itself (${cur.opsWindow.ops} ` +
        `in ${cur.opsWindow.ns} ns) give no finite rate: give bench.end(n) (or sendResult) finite counts`);
    }
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
  // load(source, path, importer) is how a realm runs a file: the host runs what it returns (a classic
  // script's text) or awaits it (a promise: the file's module graph loaded and evaluated, top-level awaits
  // included). A file is never recognised by its text: the harnesses' modules (mitata, tinybench,
  // bench-node, benchmark = Benchmark.js, vitest) are v8bench's own implementations of their public APIs
  // wherever the file's module graph imports or requires them, and what they were asked to declare makes
  // the file's suite (named after the file). Node core's benchmark/ files get their ../common.js.
  //   - Node (the embedded host's node realm, Node engines): an ES module (.mjs, .mts, .ts, .cts, a .js
  //     file in a "type": "module" package or with module syntax, as Node 22 detects it) is imported
  //     through Node's own loader, with module customization hooks (module.registerHooks where it exists,
  //     else module.register) answering the harnesses' names with v8bench:harness/NAME; a CommonJS file
  //     runs in Node's CommonJS wrapper, with require() relative to the file and Module._resolveFilename
  //     answering the same names anywhere in its graph.
  //   - The bare realm: the file as a classic script; a file of another harness fails there (import
  //     syntax, no require) and the host runs it in the node realm instead.
  //   - Deno and Bun (the external runner): loadThroughEngineLoader(), the engine's own loader with
  //     v8bench's import map (Deno) or virtual modules (Bun).
  //   - workerd (the external runner): wrap() below, the older path that rewrites a file's import lines
  //     into require() calls (a worker's modules are fixed in its configuration).
  // What those files print goes where a suite's printing goes: never into the results.
  const HARNESS_NAMES = ['mitata', 'tinybench', 'bench-node', 'benchmark', 'vitest'];
  const HARNESS_MODULES = {
    mitata: mitataModule,
    tinybench: tinybenchModule,
    'bench-node': benchNodeModule,
    benchmark: benchmarkJsModule,
    vitest: vitestModule,
  };
  // The factory of a harness's module, or null where v8bench has none yet.
  function harnessFactory(name) {
    return hasOwn(HARNESS_MODULES, name) ? HARNESS_MODULES[name] : null;
  }
  function notSupportedYet(name) {
    return `'${name}' is not supported yet: this v8bench has no implementation of ${name}'s API ` +
      '(docs/benchmark-files.md lists the harnesses it runs)';
  }
  const isHarnessName = (id) => typeof id === 'string' && HARNESS_NAMES.indexOf(id) >= 0;

  // One instance of a harness's module per file given to v8bench (its collector names the suite).
  const harnessInstances = new Map();
  function harnessInstance(file, name) {
    const key = `${name}\0${file}`;
    if (!harnessInstances.has(key)) {
      const factory = harnessFactory(name);
      if (factory === null) throw new Error(notSupportedYet(name));
      harnessInstances.set(key, factory(collectorFor(file)));
    }
    return harnessInstances.get(key);
  }

  // The file being loaded now: what a module graph's harness imports act on. A module (a wrapper such
  // as Bun's bench/runner.mjs) is evaluated once per realm, while the external runner loads several
  // files in one realm: so what a module imports forwards, at each use, to the instance of the file
  // being loaded (or the last one loaded, when a bench runs).
  let loadingFile = null;
  const ProxyCtor = Proxy;
  const construct = Reflect.construct;
  function forwarder(target) {
    const proxy = new ProxyCtor(function harnessExport() {}, {
      get: (t, key) => {
        const v = target();
        return v === null || v === undefined ? undefined : v[key];
      },
      set: (t, key, value) => {
        target()[key] = value;
        return true;
      },
      has: (t, key) => key in Object(target()),
      apply: (t, self, args) => apply(target(), self, args),
      construct: (t, args, newTarget) => construct(target(), args, newTarget === proxy ? target() : newTarget),
    });
    return proxy;
  }
  // What `import ... from NAME` and require(NAME) get: { whole, default, named: { export: value } }.
  const harnessModules = new Map();
  function harnessModule(name) {
    if (harnessModules.has(name)) return harnessModules.get(name);
    const now = () => harnessInstance(loadingFile, name);
    const sample = now();
    const named = createObject(null);
    const keys = ownKeys(sample);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const v = sample[k];
      named[k] = typeof v === 'function' || (typeof v === 'object' && v !== null) ? forwarder(() => now()[k]) : v;
    }
    const whole = forwarder(now);
    const out = { whole, default: hasOwn(sample, 'default') ? named.default : whole, named };
    harnessModules.set(name, out);
    return out;
  }
  // The names a harness's module exports (what a module hook must declare before the module runs).
  function harnessExportNames(name) {
    const sample = harnessFactory(name)({ file: '', benches: {}, add: () => '' });
    const out = [];
    const keys = ownKeys(sample);
    for (let i = 0; i < keys.length; i++) if (matches(/^[A-Za-z_$][\w$]*$/, keys[i]) && keys[i] !== 'default') append(out, keys[i]);
    return out;
  }

  // Each harness's export names, or why v8bench cannot answer it yet.
  function harnessTable() {
    const exportsOf = {};
    const refusals = {};
    for (let i = 0; i < HARNESS_NAMES.length; i++) {
      const name = HARNESS_NAMES[i];
      if (harnessFactory(name) === null) refusals[name] = notSupportedYet(name);
      else exportsOf[name] = harnessExportNames(name);
    }
    return { exportsOf, refusals };
  }

  // Node's module customization hooks. One definition, run either in this thread (module.registerHooks,
  // Node 22.15+) or, as source text, on Node's loader thread (module.register, Node 18.19+), where nothing
  // of this realm is reachable: it gets the harnesses' export names as data, and the modules it answers
  // read v8bench's implementations from globalThis.__v8bench when they are evaluated, in this thread.
  function moduleHooks(exportsOf, refusals, tools) {
    const PREFIX = 'v8bench:harness/';
    const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
    // Node 22.7+ runs a .js file with module syntax outside a "type": "module" package as a module
    // (Node 18 and 20 need --experimental-detect-module): the same test, by the engine's parser (V8's
    // messages, then JavaScriptCore's, for Bun).
    const MODULE_ONLY = new RegExp("^(?:Cannot use import statement outside a module|Unexpected token 'export'|" +
      "Cannot use 'import\\.meta' outside a module|await is only valid in async functions and the top level bodies of modules|" +
      "Unexpected keyword 'export'|import\\.meta is only valid inside modules)|import call expects one or two arguments");
    function hasModuleSyntax(source) {
      try {
        tools.compile('exports', 'require', 'module', '__filename', '__dirname', source.replace(/^#!/, '//'));
        return false;
      } catch (e) {
        return e instanceof SyntaxError && MODULE_ONLY.test(e.message);
      }
    }
    // A path into a package's own folder under node_modules names that package: Bun's older
    // bench/snippets/runner.mjs imports '../node_modules/mitata/src/cli.mjs', installed or not.
    function packageOfPath(specifier) {
      const m = /^(?:\.{1,2}\/|\/|file:)(?:.*\/)?node_modules\/([^/@.][^/]*)\/[^/]/.exec(specifier);
      return m ? m[1] : specifier;
    }
    // A relative, absolute or file: specifier naming a folder whose package.json names a harness is that
    // harness: a file inside mitata's own checkout imports it as '..'. null when it is not such a folder.
    function packageOfFolder(specifier, parentURL) {
      if (!/^(?:\.{1,2}(?:\/|$)|\/|file:)/.test(specifier) || typeof parentURL !== 'string' || !parentURL.startsWith('file:')) {
        return null;
      }
      try {
        const folder = new URL(specifier.endsWith('/') ? specifier : `${specifier}/`, parentURL);
        const name = JSON.parse(tools.readFileSync(tools.fileURLToPath(new URL('package.json', folder)), 'utf8')).name;
        return typeof name === 'string' ? name : null;
      } catch (notAPackageFolder) {
        return null;
      }
    }
    function resolve(specifier, context, next) {
      // require() (registerHooks sees it too) is answered by Module._resolveFilename.
      const conditions = context.conditions || [];
      if (conditions.indexOf('require') < 0) {
        let name = packageOfPath(specifier);
        if (!own(exportsOf, name) && !own(refusals, name)) name = packageOfFolder(specifier, context.parentURL) || name;
        if (own(exportsOf, name)) return { url: PREFIX + name, format: 'module', shortCircuit: true };
        if (own(refusals, name)) throw new Error(`${refusals[name]} (imported by ${context.parentURL})`);
      }
      return next(specifier, context);
    }
    function detected(url, context, loaded) {
      const byRequire = (context.conditions || []).indexOf('require') >= 0;
      if (loaded.format !== 'commonjs' || byRequire || !url.startsWith('file:')) return loaded;
      const source = loaded.source == null ? tools.readFileSync(tools.fileURLToPath(url), 'utf8') : String(loaded.source);
      return hasModuleSyntax(source) ? { format: 'module', source, shortCircuit: true } : loaded;
    }
    function load(url, context, next) {
      if (url.startsWith(PREFIX)) {
        const name = url.slice(PREFIX.length);
        return { format: 'module', shortCircuit: true, source: harnessModuleSource(name, exportsOf[name]) };
      }
      const loaded = next(url, context);
      return typeof loaded.then === 'function' ? loaded.then((r) => detected(url, context, r)) : detected(url, context, loaded);
    }
    return { resolve, load, hasModuleSyntax, packageOfFolder };
  }
  // The source of the module that answers a harness's name: v8bench's implementation, read from this
  // realm's globalThis.__v8bench when the module is evaluated (in the realm's own thread). Self-contained:
  // the hooks' copy of it runs on Node's loader thread.
  function harnessModuleSource(name, exportNames) {
    const list = exportNames.map((k) => `${k} = h.named[${JSON.stringify(k)}]`).join(', ');
    return `const h = globalThis.__v8bench.harnessModule(${JSON.stringify(name)});\nexport default h.default;\n` +
      (list ? `export const ${list};\n` : '');
  }

  // The hooks and the require() redirection, made once per realm: the require() side at once (cheap), the
  // import side (module.register starts Node's loader thread) only when a module is imported.
  let nodeHooks = null;
  let importHooksOn = false;
  function installModuleHooks(nodeRequire) {
    if (nodeHooks !== null) return nodeHooks;
    const Module = nodeRequire('module');
    const { exportsOf, refusals } = harnessTable();
    const tools = { compile: FunctionCtor, readFileSync: nodeRequire('fs').readFileSync, fileURLToPath: nodeRequire('url').fileURLToPath };
    nodeHooks = moduleHooks(exportsOf, refusals, tools);
    nodeHooks.registerImportHooks = () => {
      if (importHooksOn) return;
      importHooksOn = true;
      if (typeof Module.registerHooks === 'function') {
        Module.registerHooks({ resolve: nodeHooks.resolve, load: nodeHooks.load });
        return;
      }
      const source = "import { readFileSync } from 'node:fs'; import { fileURLToPath } from 'node:url';\n" +
        `${fnToString(harnessModuleSource)}\n` +
        `const hooks = (${fnToString(moduleHooks)})(${quoteString(exportsOf)}, ${quoteString(refusals)}, { compile: Function, readFileSync, fileURLToPath });\n` +
        'export const resolve = hooks.resolve;\nexport const load = hooks.load;\n';
      Module.register(`data:text/javascript,${encodeURIComponent(source)}`);
    };
    redirectRequire(Module, refusals);
    return nodeHooks;
  }

  // require() of a harness's name, anywhere in a CommonJS graph (Node, and Deno's node:module), gets
  // v8bench's implementation: Module._resolveFilename names a module v8bench put in the cache.
  let requireRedirected = false;
  function redirectRequire(Module, refusals) {
    if (requireRedirected) return;
    requireRedirected = true;
    const resolveFilename = Module._resolveFilename;
    // Taken before the patch: require() itself goes through Module._resolveFilename.
    const url = global.require('url');
    const folderHooks = moduleHooks({}, {}, { readFileSync: global.require('fs').readFileSync, fileURLToPath: url.fileURLToPath });
    Module._resolveFilename = function (request, parent, isMain, options) {
      if (!isHarnessName(request) && typeof request === 'string' && parent && typeof parent.filename === 'string') {
        const named = folderHooks.packageOfFolder(request, url.pathToFileURL(parent.filename).href);
        if (isHarnessName(named)) request = named;
      }
      if (isHarnessName(request)) {
        if (hasOwn(refusals, request)) throw new Error(`${refusals[request]} (required by ${parent && parent.filename})`);
        const id = `v8bench:harness/${request}`;
        if (Module._cache[id] === undefined) {
          const m = new Module(id, null);
          m.filename = id;
          m.loaded = true;
          m.exports = harnessModule(request).whole;
          Module._cache[id] = m;
        }
        return id;
      }
      return apply(resolveFilename, this, arguments);
    };
  }

  // An import() usable from here: bench_api.js is a classic script, whose own import() Node 18 refuses,
  // so a function compiled by Node's CommonJS loader (which gives its code import()) is the importer.
  function moduleImporter(nodeRequire, file) {
    const Module = nodeRequire('module');
    const path = nodeRequire('path');
    const importerFile = path.join(path.dirname(file), '[v8bench importer].cjs');
    const m = new Module(importerFile, null);
    m.filename = importerFile;
    m.paths = Module._nodeModulePaths(path.dirname(file));
    m._compile('module.exports = (url) => import(url);', importerFile);
    return m.exports;
  }

  const TYPESCRIPT = /\.[cm]?ts$/;
  // Why this Node cannot run a TypeScript file ('' when it can: type stripping, Node 22.6+).
  function typeScriptRefusal(path) {
    const p = global.process;
    if (p.features && p.features.typescript) return '';
    const argv = p.execArgv || [];
    if (argv.indexOf('--experimental-strip-types') >= 0 || argv.indexOf('--experimental-transform-types') >= 0) return '';
    return `${path}: a TypeScript file, and Node ${p.version}${p.argv0 === 'v8bench' ? " (v8bench's embedded V8)" : ''} ` +
      'cannot strip types: run it with --engine on Node 22.18 or later (tools/fetch_engines.sh node@24), on Deno or on Bun';
  }

  // Whether Node would load the file as an ES module.
  function isModuleFile(file, source, nodeRequire, hooks) {
    if (/\.m[jt]s$/.test(file) || TYPESCRIPT.test(file)) return true;
    if (/\.cjs$/.test(file)) return false;
    const fs = nodeRequire('fs');
    const path = nodeRequire('path');
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      const pkg = path.join(dir, 'package.json');
      if (fs.existsSync(pkg)) {
        let type;
        try {
          type = parseJson(fs.readFileSync(pkg, 'utf8')).type;
        } catch (ignored) {
          type = undefined; // Node refuses a broken package.json itself, with its own message
        }
        if (type === 'module') return true;
        if (type === 'commonjs') return false;
        break;
      }
      if (path.dirname(dir) === dir) break;
    }
    return hooks.hasModuleSyntax(source);
  }

  // A module's evaluation failed (a throw or rejection at its top level, a link or syntax error): the
  // failure of the file given to v8bench, named so, whatever was thrown.
  function moduleFailure(e, path) {
    let what;
    try {
      what = e instanceof Error ? (typeof e.stack === 'string' && e.stack !== '' ? e.stack : `${e.name}: ${e.message}`) :
        `it threw a non-Error value: ${typeof e === 'string' ? quoteString(e) : toText(e)}`;
    } catch (ignored) {
      what = `it threw an unprintable ${typeof e}`;
    }
    // Frames inside Node's loader and v8bench's hooks say nothing about the file.
    const lines = what.split('\n');
    const kept = [];
    for (let i = 0; i < lines.length; i++) {
      if (i === 0 || !matches(/^\s+at .*(?:node:internal\/|data:text\/javascript)/, lines[i])) append(kept, lines[i]);
    }
    if (e instanceof SyntaxError) {
      const located = locateSyntaxError(path);
      if (located !== '') return fileError(located);
    }
    return fileError(`${path}: the module failed while loading: ${arrayJoin(kept, '\n')}`);
  }

  // Node's module loader throws a module's SyntaxError without its file and line (it prints them itself from
  // a hidden property). For the message, the file given and the modules it imports by a relative path are
  // parsed again as a script with the same lines and columns (import/export declarations blanked out, the
  // body an async function for top-level await): "FILE:LINE:COL: SyntaxError: ..." and the line, from the
  // engine's parser; '' when none of them fails that way (TypeScript is not parsed here).
  const SYNTAX_LOCATED = /^(.*):(\d+)\n([^\n]*)\n( *)\^+[^\n]*\n\n([^\n]*)/;
  function locateSyntaxError(path) {
    const nodeRequire = global.require;
    if (typeof nodeRequire !== 'function') return '';
    let fs;
    let vm;
    let pathModule;
    try {
      [fs, vm, pathModule] = [nodeRequire('fs'), nodeRequire('vm'), nodeRequire('path')];
    } catch (ignored) {
      return '';
    }
    const blank = (text) => text.replace(/[^\n]/g, ' ');
    const queue = [pathModule.resolve(path)];
    const seen = new Set();
    while (queue.length > 0 && seen.size < 100) {
      const file = queue.shift();
      if (seen.has(file) || TYPESCRIPT.test(file)) continue;
      seen.add(file);
      let source;
      try {
        source = fs.readFileSync(file, 'utf8');
      } catch (ignored) {
        continue;
      }
      const dir = pathModule.dirname(file);
      const body = source.replace(/^\uFEFF/, ' ').replace(/^#!/, '//')
        .replace(/\bimport\s*(?:[\w$*{][^;'"]*?\bfrom\s*)?(['"])([^'"\n]+)\1(?:\s*(?:with|assert)\s*\{[^}]*\})?/g, (m, q, spec) => {
          if (/^\.{1,2}\//.test(spec)) queue.push(pathModule.resolve(dir, spec));
          return blank(m);
        })
        .replace(/\bexport\s*(?:\*|\{)[^;]*?(?:\bfrom\s*(['"])[^'"\n]+\1)?(?=\s*(?:;|$))/gm, blank)
        .replace(/\bexport\s+default\b/g, (m) => `void${blank(m.slice(4))}`)
        .replace(/\bexport(?=\s)/g, blank)
        .replace(/\bimport\.meta\b/g, '_ImportMeta');
      try {
        new vm.Script(`(async function () {'use strict';${body}\n})`, { filename: file });
      } catch (e) {
        const m = e instanceof SyntaxError && typeof e.stack === 'string' ? SYNTAX_LOCATED.exec(e.stack) : null;
        if (m === null) continue;
        const line = Number(m[2]);
        const column = m[4].length + 1 - (line === 1 ? "(async function () {'use strict';".length : 0);
        const text = source.split('\n')[line - 1];
        return `${file}:${line}:${column}: ${m[5]}\n${text === undefined ? m[3] : text.replace(/\r$/, '')}`;
      }
    }
    return '';
  }
  // An error about the user's file, whose stack (what hosts print) is its message: not v8bench's frames.
  function fileError(message) {
    const e = new Error(message);
    e.stack = message;
    return e;
  }

  function load(source, path, importer) {
    const nodeRequire = global.require;
    if (typeof nodeRequire !== 'function') return source;
    const file = nodeRequire('path').resolve(path);
    loadingFile = file;
    installDenoFor(source, file);
    const hooks = installModuleHooks(nodeRequire);
    countWorkers(nodeRequire);
    if (TYPESCRIPT.test(file)) {
      const refusal = typeScriptRefusal(path);
      if (refusal !== '') throw fileError(refusal);
    }
    if (!isModuleFile(file, source, nodeRequire, hooks)) return commonJsScript(source, path);
    hooks.registerImportHooks();
    const url = nodeRequire('url').pathToFileURL(file).href;
    return importModule(url, path, importer || moduleImporter(nodeRequire, file));
  }

  // Deno and Bun (the external runner): the engine's own loader imports a module, the harnesses' names
  // answered by Deno's import map (v8bench's --import-map, written beside the runner, mapping them to
  // files holding harnessModuleSources(), which the runner writes before any file loads) or by Bun's
  // virtual modules (Bun.plugin's build.module, holding harnessModuleExports()). A file without module
  // syntax is a CommonJS body, as on Node. TypeScript runs as the engine runs it.
  function loadThroughEngineLoader(source, path, importer, url) {
    const file = global.require('path').resolve(path);
    loadingFile = file;
    installDenoFor(source, file);
    const moduleFile = /\.m[jt]s$/.test(file) || TYPESCRIPT.test(file) ||
      moduleHooks({}, {}, { compile: FunctionCtor }).hasModuleSyntax(source);
    redirectRequire(global.require('module'), harnessTable().refusals);
    if (!moduleFile) return commonJsScript(source, path);
    return importModule(url, path, importer);
  }
  // What the module answering `name` exports (Bun's virtual module): v8bench's implementation.
  function harnessModuleExports(name) {
    if (harnessFactory(name) === null) throw new Error(notSupportedYet(name));
    const m = harnessModule(name);
    return assign({}, m.named, { default: m.default });
  }
  // name -> the source of the module answering it, for an import map's files.
  function harnessModuleSources() {
    const { exportsOf, refusals } = harnessTable();
    const out = {};
    for (let i = 0; i < HARNESS_NAMES.length; i++) {
      const name = HARNESS_NAMES[i];
      out[name] = hasOwn(refusals, name) ? `throw new Error(${quoteString(refusals[name])});\n` :
        harnessModuleSource(name, exportsOf[name]);
    }
    return out;
  }

  // Imports the file's module graph; settles when it has been evaluated, rejects naming the file.
  function importModule(url, path, importer) {
    const declaredBefore = suites.length;
    const file = loadingFile;
    // What a harness does once the module has been evaluated (Vitest collects its describe bodies then).
    const afterLoad = () => {
      const c = collectors.get(file);
      return c !== undefined && typeof c.afterLoad === 'function' ? c.afterLoad() : undefined;
    };
    const importing = promiseThen(importer(url), afterLoad);
    return promiseThen(importing, () => {
      // Only the node realm loads modules: a suite() of this file cannot run in the bare one.
      for (let i = declaredBefore; i < suites.length; i++) {
        if (suites[i].realm !== 'v8') continue;
        throw fileError(`${path}: suite '${suites[i].name}' runs in realm 'v8' (a bare V8 context, the default), which ` +
          "cannot load an ES module: give it realm: 'node', or write the file as a classic script");
      }
    }, (e) => {
      throw moduleFailure(e, path);
    });
  }

  // A CommonJS file, as Node's loader wraps it (a shebang line becomes a comment: the line count stays).
  function commonJsScript(source, path) {
    return `__v8bench.enterFile(${quoteString(path)}, function (exports, require, module, __filename, __dirname) {` +
      `${source.replace(/^#!/, '//')}\n});`;
  }

  // The older path, for workerd: a file that names
  // a harness's module in an import or require is run as a CommonJS body, its `import ... from` lines
  // turned into require() calls on the same lines, as an async function when it has them (so that a
  // top-level `await run()` stays valid).
  const FOREIGN = /(?:\bfrom\s*|\brequire\(\s*)(['"])(?:mitata|tinybench|bench-node|benchmark|vitest|(?:\.\.\/)+common(?:\.js)?)\1/;
  function formatOf(source) {
    return matches(FOREIGN, source);
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
    if (!formatOf(source)) return source;
    const esm = /^[ \t]*(?:import\s*[\w$*{'"]|export\s)/m.test(source);
    const text = source.replace(/^#!/, '//');
    const body = esm ? importsToRequires(text) : text;
    // An ESM body is an async function, whose rejection a host sees only after the cases are described; so
    // its throw is also handed to enterFile's `failed` as it happens (at once, when before the first await).
    const inner = esm ? `'use strict'; try {${body}\n} catch (__v8benchError) { __v8benchFailed(__v8benchError); throw __v8benchError; }` : body;
    return `__v8bench.enterFile(${quoteString(path)}, ${esm ? 'async ' : ''}function ` +
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
    const base = file.replace(/^.*[\\/]/, '').replace(/\.[cm]?[jt]s$/, '');
    return safeName(base) || 'benchmark';
  }
  function safeName(text) {
    return String(text).replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
  }

  let loadFailure = null;

  // Runs a CommonJS body: require() relative to the file, the harnesses' modules and a Node core file's
  // ../common.js answered by v8bench.
  function enterFile(path, body) {
    const nodeRequire = global.require;
    if (typeof nodeRequire !== 'function') {
      throw new Error(`${path}: this file runs in the node realm (it needs Node's require())`);
    }
    const file = nodeRequire('path').resolve(path);
    loadingFile = file;
    const fromFile = nodeRequire('module').createRequire(file);
    const module = { exports: {}, id: '.', filename: file, loaded: false, children: [], paths: [] };
    const commons = new Map();
    function require(id) {
      const shim = shimFor(id, file, commons);
      return shim !== undefined ? shim : fromFile(id);
    }
    require.resolve = fromFile.resolve;
    require.cache = fromFile.cache;
    require.main = module;
    const failed = (e) => {
      loadFailure = e;
    };
    const done = body.call(module.exports, module.exports, require, module, file, file.replace(/[\\/][^\\/]*$/, ''), failed);
    // wrap()'s ESM body is an async function; its rejection is the file's failure (then() captured: the body
    // has run, and may have replaced Promise.prototype.then).
    if (done instanceof PromiseCtor) {
      promiseThen(done, undefined, (e) => {
        loadFailure = e;
      });
    }
    module.loaded = true;
  }

  // What a CommonJS file's own require(id) gets from v8bench, or undefined (Node's require answers).
  function shimFor(id, file, commons) {
    if (matches(/^(?:\.\.\/)+common(?:\.js)?$/, id)) {
      if (!commons.has('common')) commons.set('common', nodeCoreCommon(file));
      return commons.get('common');
    }
    if (!isHarnessName(id)) return undefined;
    return harnessInstance(file, id);
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

  // The first call of the bench API a file made where no caller could be told (recordStrayCall), and how
  // many such calls there were since the host last asked (strayCall).
  let strayCallMessage = '';
  let strayCalls = 0;
  function recordStrayCall(messageOf) {
    if (strayCalls++ === 0) strayCallMessage = messageOf();
  }
  // The host asks at the end of every case, once the callbacks the case left have run: '' when no call of
  // the API strayed since it last asked, else the first one's message (with how many there were).
  function strayCall() {
    const n = strayCalls;
    const message = strayCallMessage;
    strayCalls = 0;
    strayCallMessage = '';
    if (n === 0) return '';
    return n === 1 ? message : `${message} (${n} such calls; the first is named)`;
  }

  function nodeCoreCommon(file) {
    let active = null; // the call of main() in progress (a realm runs one case at a time)
    let inMain = false; // main(config) itself is on the stack (callMain called it and it has not returned)
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
    // bench.start() or bench.end() with no call of main in progress. Inside main (a second end() in one
    // call), the throw fails that call. Anywhere else it comes from a callback main left on the event
    // loop, or from an async main that went on after its call had ended: a throw there would reach no
    // caller (node's uncaught-exception handler would report it at this file's line), so it is recorded
    // with the user's line, and the host fails the case when it asks (strayCall) at the case's end.
    function straying(what, todo) {
      if (inMain) {
        throw new Error(`${what} was called after this call of main(config) had ended (twice in one call)${atUserSite()}: ${todo}`);
      }
      // The file's line of the first only: a timer left by every call may make millions of such calls.
      recordStrayCall(() => `${what} was called while no call of main(config) was in progress${atUserSite()}, from a ` +
        `callback main left on the event loop or from main after its call had ended: ${todo}`);
      return undefined;
    }
    // Node's own messages first (people search for them), then where in the file and what to do.
    const bench = {
      start() {
        const call = active;
        if (!call) {
          return straying('bench.start()', 'call it inside main, once per call, before the operations it times');
        }
        if (call.started) {
          const e = new Error(`Called start more than once in a single benchmark${atUserSite()}: call bench.start() ` +
            'once per call of main(config), then bench.end(n) once');
          finish(call, e);
          // Stops main where it is; from a callback main left, a throw would reach no caller (the call
          // has failed with `e` either way).
          if (inMain) throw e;
          return undefined;
        }
        call.started = true;
        call.t0 = now();
      },
      end(operations) {
        const t1 = now();
        const call = active;
        if (!call) {
          return straying('bench.end()', 'call it once per call of main(config), after bench.start(), before main ' +
            'returns or its promise settles');
        }
        // The checks stay cheap on the path every call takes: the file's line is looked up only to report.
        if (!call.started) return finish(call, new Error(`called end without start${atUserSite()}: call bench.start() first`));
        if (typeof operations !== 'number') {
          const got = typeof operations === 'string' ? `the string ${quoteString(operations)}` :
            operations === null ? 'null' : typeof operations === 'undefined' ? 'nothing' : `a ${typeof operations}`;
          return finish(call, new Error(`called end() without specifying operation count${atUserSite()}: bench.end(n) takes ` +
            `the number of operations main did, a number (got ${got})`));
        }
        if (!isFinite(operations)) {
          return finish(call, new Error(`called end() with operation count ${operations}${atUserSite()}: bench.end(n) takes ` +
            'the number of operations main did, a finite number > 0'));
        }
        if (!(operations > 0)) {
          return finish(call, new Error(`called end() with operation count <= 0 (${operations})${atUserSite()}: bench.end(n) ` +
            'takes the number of operations main did, a number > 0'));
        }
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
      inMain = true;
      let ret;
      try {
        ret = st.main(Object.assign({}, st.config));
      } finally {
        inMain = false;
      }
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
        if (!(isFinite(data.rate) && data.rate > 0 && isFinite(data.time) && data.time > 0)) {
          finish(call, new Error(`common.sendResult({ rate: ${data.rate}, time: ${data.time} })${atUserSite()}: rate ` +
            '(operations per second) and time (seconds) must be finite numbers > 0'));
          return;
        }
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
    for (const [group, config] of groups) {
      if (config === null || typeof config !== 'object') {
        throw new TypeError(`${where}: with options.byGroups, configs.${group} must be an object of configs, not ` +
          `${config === null ? 'null' : typeof config}`);
      }
    }
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

  // --- mitata, tinybench, bench-node, Benchmark.js, Vitest, Deno.bench: one case per bench --------------
  // A file's benches, collected as its top level adds them and declared as one suite (named after the
  // file) before the cases are listed. Names are made safe for case names ([A-Za-z0-9_.-]) and unique.
  // notes: what the adapter did differently from the harness (hooks timed with the bench, options v8bench
  // replaces, benches left out on purpose): they end the suite's description, which `list` shows.
  const collectors = new Map();
  // The files whose benches were all left out on purpose, with the notes saying which and why (noCaseReason).
  const leftOutFiles = [];
  function collectorFor(file) {
    if (collectors.has(file)) return collectors.get(file);
    const c = {
      file,
      benches: {},
      notes: [],
      beforeDefine: null,
      afterLoad: null,
      add(name, spec) {
        const base = safeName(name) || 'bench';
        let unique = base;
        for (let i = 2; Object.prototype.hasOwnProperty.call(c.benches, unique); i++) unique = `${base}_${i}`;
        c.benches[unique] = spec;
        return unique;
      },
      remove(unique) {
        delete c.benches[unique];
      },
      note(text) {
        if (!c.notes.includes(text)) c.notes.push(text);
      },
    };
    collectors.set(file, c);
    pending.push(() => {
      if (c.beforeDefine) c.beforeDefine();
      if (ownKeys(c.benches).length === 0) {
        if (c.notes.length > 0) append(leftOutFiles, { file, notes: c.notes.slice() });
        return;
      }
      const notes = c.notes.length > 0 ? ` ${c.notes.join('; ')}.` : '';
      suite({
        name: suiteNameOf(file),
        realm: 'node',
        description: `${c.title || 'benchmark'} file: one iteration is one call of a bench's function.${notes}`,
        benches: c.benches,
      });
    });
    return c;
  }

  function isGenerator(fn) {
    const kind = fn && fn.constructor && fn.constructor.name;
    return kind === 'GeneratorFunction' || kind === 'AsyncGeneratorFunction';
  }
  function isThenable(v) {
    return v !== null && (typeof v === 'object' || typeof v === 'function') && typeof v.then === 'function';
  }

  // What a file reads back after its run(): v8bench measures each bench later, case by case in processes of
  // its own, after the file's top level (and so its printing) has run. The results a file sees have the
  // harness's shape with every statistic NaN (no sample: nothing made up) and say so; the measured figures
  // are in v8bench's own table and JSON.
  const NOT_MEASURED = 'not measured here: v8bench measures each bench after the file has loaded, in its own table';

  // mitata 1.x: bench(name, fn) (a function, an iterator function(state), a generator yielding the timed
  // function or { [0]() {...}, bench(a) {...} }), .args()/.range()/.dense_range() as parameters (so --param
  // and --quick apply), group() names as name prefixes, summary()/plots/compact() as groupings, run().
  // Its library API too: new B(name, fn) is a trial that becomes a case when its run() is called (what
  // mitata measures then), and measure(fn, opts) is a case of its own; both resolve to mitata's shapes,
  // unmeasured, as run() does.
  function mitataModule(c) {
    c.title = 'mitata';
    let prefix = '';
    let compactNow = false;
    let groupId = 0;
    let creator = 'B';
    const trials = [];
    const trialOf = new WeakMap();
    // What v8bench times for fn: its params object is the trial's own, filled by .args()/.range() until the
    // file's top level has run.
    function specOf(name, fn, params) {
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
    function register(t, namePrefix) {
      if (t.unique !== null) return;
      t.prefix = namePrefix;
      t.unique = c.add(namePrefix + t.alias, t.spec);
    }
    function trialOfThis(self) {
      const t = trialOf.get(self);
      if (t === undefined) throw new TypeError(`mitata B method${atUserSite()}: called on something that is not a B`);
      return t;
    }
    class B {
      constructor(name, fn) {
        const by = creator;
        creator = 'B';
        if (typeof fn !== 'function') {
          throw new TypeError(`mitata ${by}('${name}')${atUserSite()}: expected iterator, generator or one-shot function`);
        }
        const params = {};
        trialOf.set(this, { alias: `${name}`, params, group: 0, baseline: false, highlight: false, compact: compactNow,
          spec: specOf(`${name}`, fn, params), unique: null, prefix: '', by });
      }
      args(k, values) {
        const t = trialOfThis(this);
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
            else refuse(t, `.args({ ${key}: ... }): invalid arguments map value (an array of values, or null)`);
          }
        } else {
          refuse(t, '.args(): invalid arguments (name and array of values, an array, or { name: values })');
        }
        return this;
      }
      range(k, start, end, mult = 8) {
        const t = trialOfThis(this);
        if (!(isFinite(start) && isFinite(end) && isFinite(mult)) || !(start > 0) || !(mult > 1) || end < start) {
          refuse(t, `.range('${k}', ${start}, ${end}, ${mult}): needs finite numbers 0 < start <= end and a multiplier > 1`);
        }
        const values = [];
        for (let v = start; v <= end; v *= mult) values.push(Math.min(v, end));
        if (!values.includes(end)) values.push(end);
        return this.args(k, values);
      }
      dense_range(k, start, end, step = 1) {
        const t = trialOfThis(this);
        if (!(isFinite(start) && isFinite(end) && isFinite(step)) || !(step > 0) || end < start) {
          refuse(t, `.dense_range('${k}', ${start}, ${end}, ${step}): needs finite numbers start <= end and a step > 0`);
        }
        if ((end - start) / step > MAX_CASES) {
          refuse(t, `.dense_range('${k}', ${start}, ${end}, ${step}): more than ${MAX_CASES} values; use a larger step`);
        }
        const values = [];
        for (let v = start; v <= end; v += step) values.push(v);
        if (!values.includes(end)) values.push(end);
        return this.args(k, values);
      }
      name(n) {
        const t = trialOfThis(this);
        t.alias = `${n}`;
        if (t.unique !== null) {
          c.remove(t.unique);
          t.unique = c.add(t.prefix + n, t.spec);
        }
        return this;
      }
      // mitata collects garbage before (true, 'once') or inside ('inner') its samples: v8bench measures the
      // GC a bench causes per iteration instead, so the mode is checked and left out.
      gc(mode = 'once') {
        const t = trialOfThis(this);
        if (![true, false, 'once', 'inner'].includes(mode)) refuse(t, `.gc(${quoteString(`${mode}`)}): invalid gc type`);
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
        register(t, '');
        return PromiseCtor.resolve(trialResult(t));
      }
    }
    function refuse(t, what) {
      throw new TypeError(`mitata ${t.by}('${t.alias}')${atUserSite()}: ${what}`);
    }
    function bench(name, fn) {
      if (typeof name === 'function') [name, fn] = [name.name || 'anonymous', name];
      creator = 'bench';
      const b = new B(name, fn);
      const t = trialOf.get(b);
      t.group = groupId;
      trials.push(t);
      register(t, prefix);
      return b;
    }
    // group(name, fn) prefixes the names of the benches fn declares; summary(), the plots and compact()
    // group without a name. An async fn's benches are declared when its promise settles.
    function nest(name, fn, compact) {
      if (typeof name === 'function') [name, fn] = [null, name];
      if (typeof fn !== 'function') throw new TypeError(`mitata group/summary/plot${atUserSite()}: needs a function`);
      const saved = [prefix, compactNow, groupId];
      if (typeof name === 'string' && name !== '') prefix = `${prefix}${name}/`;
      if (compact) compactNow = true;
      groupId = trials.length + 1;
      const restore = () => {
        [prefix, compactNow] = saved;
        groupId = saved[2];
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
    const stats = () => ({
      kind: 'fn', min: NaN, max: NaN, avg: NaN, p25: NaN, p50: NaN, p75: NaN, p99: NaN, p999: NaN, ticks: 0,
      samples: [], heap: undefined, gc: undefined, debug: NOT_MEASURED,
    });
    // A trial as mitata's run() and B.run() give it: one run per combination of its arguments.
    function trialResult(t) {
      const names = ownKeys(t.params);
      const runs = cartesian(t.params).map((args) => {
        let runName = t.alias;
        for (const k of names) runName = runName.split(`$${k}`).join(`${args[k]}`);
        return { stats: stats(), error: undefined, args, name: runName };
      });
      return {
        kind: names.length === 0 ? 'static' : names.length === 1 ? 'args' : 'multi-args',
        args: t.params, alias: t.alias, group: t.group, baseline: t.baseline, runs,
        style: { highlight: t.highlight, compact: t.compact },
      };
    }
    function run() {
      const context = {
        now: Date.now(), arch: `${typeof process === 'object' ? `${process.arch}-${process.platform}` : 'unknown'}`,
        version: typeof process === 'object' ? process.version : 'unknown', runtime: 'node',
        cpu: { name: 'unknown', freq: NaN }, noop: { fn: stats(), iter: stats(), fn_gc: stats() }, v8bench: NOT_MEASURED,
      };
      return PromiseCtor.resolve({ layout: [{ name: 0, types: [] }], context, benchmarks: trials.map(trialResult) });
    }
    // measure(fn, opts): mitata times fn at once and resolves to its stats. Here it is a case named
    // 'measure' (measure_2, ... for later calls), opts.args its parameters (one value each); the tuning
    // options (batch_samples, min_cpu_time, ...) are replaced by v8bench's timing rules. Resolves unmeasured.
    function measure(fn, opts) {
      if (typeof fn !== 'function') {
        throw new TypeError(`mitata measure()${atUserSite()}: expected iterator, generator or one-shot function`);
      }
      const o = opts !== null && typeof opts === 'object' ? opts : {};
      const params = {};
      if (o.args !== null && typeof o.args === 'object') {
        for (const k of ownKeys(o.args)) params[k] = [o.args[k]];
      }
      const site = atUserSite();
      const unique = c.add('measure', specOf('measure', fn, params));
      c.note(`'${unique}' is the measure() call${site}`);
      const tuned = ownKeys(o).filter((k) => k !== 'args');
      if (tuned.length > 0) c.note(`'${unique}': measure()'s ${tuned.join(', ')} replaced by v8bench's own timing rules`);
      return PromiseCtor.resolve(stats());
    }
    return {
      B, bench, run, measure,
      group: (name, fn) => nest(name, fn, false),
      summary: (fn) => nest(null, fn, false),
      barplot: (fn) => nest(null, fn, false),
      boxplot: (fn) => nest(null, fn, false),
      lineplot: (fn) => nest(null, fn, false),
      compact: (fn) => nest(null, fn, true),
      do_not_optimize: (v) => v,
    };
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
    class Task extends EventTargetBase {
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
    }
    const hookNames = ['beforeAll', 'beforeEach', 'afterEach', 'afterAll'];
    class Bench extends EventTargetBase {
      constructor(options) {
        super();
        const o = options || {};
        this.opts = o;
        this.name = o.name;
        this.time = o.time === undefined ? 1000 : o.time;
        this.iterations = o.iterations === undefined ? 64 : o.iterations;
        this.warmupTime = o.warmupTime === undefined ? 250 : o.warmupTime;
        this.warmupIterations = o.warmupIterations === undefined ? 16 : o.warmupIterations;
        this.now = typeof o.now === 'function' ? o.now : now;
        this.setup = typeof o.setup === 'function' ? o.setup : () => {};
        this.teardown = typeof o.teardown === 'function' ? o.teardown : () => {};
        this.throws = !!o.throws;
        this.signal = o.signal;
        this.concurrency = o.concurrency === undefined ? null : o.concurrency;
        this.threshold = o.threshold === undefined ? Infinity : o.threshold;
        this.runtime = 'node';
        this.runtimeVersion = typeof process === 'object' ? process.version : 'unknown';
        this._tasks = new Map();
        this._todos = new Map();
        this._cases = new Map();
        const timing = ['time', 'iterations', 'warmupTime', 'warmupIterations'].filter((k) => o[k] !== undefined);
        if (timing.length > 0) {
          c.note(`tinybench's ${timing.join(', ')} ${timing.length === 1 ? 'is' : 'are'} replaced by v8bench's own ` +
            'timing rules (--min-time, --repetitions, the warm-up until the code settles)');
        }
      }
      add(name, fn, fnOpts) {
        if (typeof fn !== 'function') {
          throw new TypeError(`tinybench bench.add('${name}')${atUserSite()}: needs a function to time`);
        }
        if (this._tasks.has(name)) throw new Error(`Task "${name}" already exists${atUserSite()}: give each task its own name`);
        const h = fnOpts || {};
        for (const k of hookNames) {
          if (h[k] !== undefined && typeof h[k] !== 'function') {
            throw new TypeError(`tinybench bench.add('${name}', fn, { ${k} })${atUserSite()}: ${k} must be a function`);
          }
        }
        const task = new Task(this, name, fn, h);
        this._tasks.set(name, task);
        if (h.beforeEach || h.afterEach) {
          c.note(`task '${name}': its ${[h.beforeEach && 'beforeEach', h.afterEach && 'afterEach'].filter(Boolean).join(' and ')} ` +
            'run with every iteration inside the timed loop, so their cost is part of its figures');
        }
        const bench = this;
        this._cases.set(name, c.add(name, {
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
        fire(this, 'add', task);
        return this;
      }
      // tinybench 2: a task to write later, listed and never run.
      todo(name, fn, fnOpts) {
        const task = new Task(this, name, fn || (() => {}), fnOpts);
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
    }
    return { Bench, Task, default: Bench, now, hrtimeNow: now, nToMs: (ns) => ns / 1e6, mToNs: (ms) => ms * 1e6 };
  }

  // Vitest: bench(name, fn, tinybench options) inside describe() groups, whose names prefix the case name
  // (describe('sort', () => bench('native', ...)) is case FILE/sort_native); .skip/.only/.todo; beforeAll
  // and afterAll around each case; beforeEach/afterEach, per iteration, refused with their name.
  // As Vitest collects a file: describe() records its body, and the bodies run once the module has been
  // evaluated (c.afterLoad), parents before children, in declaration order, each awaited; so a body may use
  // a const the file declares below it.
  function vitestModule(c) {
    c.title = 'Vitest bench';
    const newScope = (parent, name, how, body) => ({
      prefix: parent === null ? '' : `${parent.prefix}${name}/`, before: [], after: [], tasks: [], body, parent,
      skip: (parent !== null && parent.skip) || how === 'skip', only: (parent !== null && parent.only) || how === 'only',
    });
    const root = newScope(null, '', undefined, null);
    let scope = root;
    let collected = false;
    function describe(name, fn, how) {
      if (typeof fn !== 'function') return; // describe.todo('name'), or one without a body: nothing to run
      scope.tasks.push({ suite: newScope(scope, name, how, fn) });
    }
    describe.skip = (name, fn) => describe(name, fn, 'skip');
    describe.only = (name, fn) => describe(name, fn, 'only');
    describe.todo = (name) => c.note(`describe '${name}' is a todo (nothing measured)`);
    describe.skipIf = (cond) => (cond ? describe.skip : describe);
    describe.runIf = (cond) => (cond ? describe : describe.skip);
    // The suites of s's tasks from index i, each body run with its suite current; returns a promise when a
    // body is async.
    function collectTasks(s, i) {
      for (; i < s.tasks.length; i++) {
        if (s.tasks[i].suite === undefined) continue;
        const r = collectSuite(s.tasks[i].suite);
        if (isThenable(r)) {
          const next = i + 1;
          return r.then(() => collectTasks(s, next));
        }
      }
      return undefined;
    }
    function collectSuite(s) {
      const saved = scope;
      scope = s;
      let r;
      try {
        r = s.body();
      } finally {
        if (!isThenable(r)) scope = saved;
      }
      if (!isThenable(r)) return collectTasks(s, 0);
      return r.then(() => {
        scope = saved;
        return collectTasks(s, 0);
      }, (e) => {
        scope = saved;
        throw e;
      });
    }
    c.afterLoad = () => {
      if (collected) return undefined;
      collected = true;
      return collectTasks(root, 0);
    };
    function bench(name, fn, options, how) {
      if (typeof fn !== 'function') {
        throw new TypeError(`vitest bench('${name}')${atUserSite()}: needs a function to time`);
      }
      const hooks = [];
      for (let s = scope; s !== null; s = s.parent) hooks.unshift(s);
      scope.tasks.push({ entry: { name: `${scope.prefix}${name}`, fn, options: options || {}, hooks,
        skip: scope.skip || how === 'skip', only: scope.only || how === 'only' } });
    }
    bench.skip = (name, fn, options) => bench(name, fn, options, 'skip');
    bench.only = (name, fn, options) => bench(name, fn, options, 'only');
    bench.todo = (name) => c.note(`bench '${name}' is a todo (not measured)`);
    bench.skipIf = (cond) => (cond ? bench.skip : bench);
    bench.runIf = (cond) => (cond ? bench : bench.skip);
    const perIteration = (hook) => () => {
      throw new TypeError(`vitest ${hook}()${atUserSite()}: v8bench does not run per-iteration hooks in a bench file ` +
        `(they would be timed with every iteration); move the work into the bench's setup option or into beforeAll`);
    };
    function entriesOf(s, out) {
      for (const t of s.tasks) {
        if (t.suite !== undefined) entriesOf(t.suite, out);
        else out.push(t.entry);
      }
      return out;
    }
    c.beforeDefine = () => {
      // A file loaded as a CommonJS body (no module loader to wait on) is collected here, synchronously.
      if (isThenable(c.afterLoad())) {
        throw new TypeError(`${c.file}: an async describe() body in a file loaded as a CommonJS body cannot be ` +
          'awaited before its cases are listed; write the file as an ES module (import from \'vitest\')');
      }
      const entries = entriesOf(root, []);
      const only = entries.some((e) => e.only);
      for (const e of entries) {
        if (e.skip || (only && !e.only)) {
          c.note(`'${e.name}' is ${e.skip ? 'skipped (.skip)' : 'left out (another bench has .only)'}`);
          continue;
        }
        const o = e.options;
        const timing = ['time', 'iterations', 'warmupTime', 'warmupIterations'].filter((k) => o[k] !== undefined);
        if (timing.length > 0) {
          c.note(`'${e.name}': tinybench's ${timing.join(', ')} replaced by v8bench's own timing rules`);
        }
        const task = { name: e.name };
        c.add(e.name, {
          setup() {
            for (const s of e.hooks) for (const h of s.before) callSyncHook(`vitest beforeAll (for '${e.name}')`, h, undefined, []);
            callSyncHook(`vitest bench '${e.name}': setup option`, o.setup, undefined, [task, 'run']);
            return {};
          },
          teardown() {
            let chain = typeof o.teardown === 'function' ? o.teardown(task, 'run') : undefined;
            for (let i = e.hooks.length - 1; i >= 0; i--) {
              for (const h of e.hooks[i].after) chain = isThenable(chain) ? chain.then(() => h()) : h();
            }
            return chain;
          },
          fn: () => e.fn(),
        });
      }
    };
    return {
      bench, describe, suite: describe, expect: vitestExpect(),
      beforeAll: (fn) => scope.before.push(fn),
      afterAll: (fn) => scope.after.push(fn),
      beforeEach: perIteration('beforeEach'),
      afterEach: perIteration('afterEach'),
      test: (name) => c.note(`test '${name}' is a test, not run by v8bench`),
      it: (name) => c.note(`test '${name}' is a test, not run by v8bench`),
    };
  }

  // Vitest's expect(value), for the checks a bench file makes inside its benches and hooks: the common
  // matchers, .not, .resolves and .rejects. A failed expectation throws an AssertionError with Vitest's
  // wording (so the case fails with it); a matcher v8bench does not implement throws a TypeError naming it.
  function vitestExpect() {
    class AssertionError extends ErrorCtor {
      constructor(message, actual, expected) {
        super(message);
        this.name = 'AssertionError';
        this.actual = actual;
        this.expected = expected;
      }
    }
    const show = (v) => {
      if (typeof v === 'string') return quoteString(v);
      if (typeof v === 'function') return `[Function ${v.name || 'anonymous'}]`;
      if (typeof v === 'bigint' || typeof v === 'symbol' || v === undefined) return toText(v);
      try {
        const text = JSON.stringify(v);
        return text === undefined ? toText(v) : text;
      } catch (ignored) {
        return toText(v);
      }
    };
    // Vitest's equality: toEqual ignores undefined properties, toStrictEqual compares them and prototypes.
    function equal(a, b, strict, seen) {
      if (Object.is(a, b)) return true;
      if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
      for (const [x, y] of seen) if (x === a && y === b) return true;
      seen.push([a, b]);
      if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
      if (Array.isArray(a) !== Array.isArray(b)) return false;
      if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
      if (a instanceof RegExp || b instanceof RegExp) return toText(a) === toText(b);
      if (a instanceof Map || b instanceof Map) {
        if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
        for (const [k, v] of a) if (!b.has(k) || !equal(v, b.get(k), strict, seen)) return false;
        return true;
      }
      if (a instanceof Set || b instanceof Set) {
        if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false;
        for (const v of a) if (!b.has(v) && !Array.from(b).some((w) => equal(v, w, strict, seen))) return false;
        return true;
      }
      if (Array.isArray(a) && a.length !== b.length) return false;
      const keysOf = (o) => ownKeys(o).filter((k) => k !== 'length' || !Array.isArray(o)).filter((k) => strict || o[k] !== undefined);
      const ka = keysOf(a);
      const kb = keysOf(b);
      if (ka.length !== kb.length) return false;
      for (const k of ka) if (!hasOwn(b, k) || !equal(a[k], b[k], strict, seen)) return false;
      return true;
    }
    const throwsOf = (fn) => {
      try {
        fn();
      } catch (e) {
        return { threw: true, error: e };
      }
      return { threw: false, error: undefined };
    };
    const messageOf = (e) => (e !== null && typeof e === 'object' && 'message' in e ? `${e.message}` : toText(e));
    function matchers(actual, negated) {
      const check = (pass, what, expected) => {
        if (pass === negated) {
          throw new AssertionError(`expected ${show(actual)} ${negated ? 'not ' : ''}${what}`, actual, expected);
        }
      };
      const m = {
        toBe: (e) => check(Object.is(actual, e), `to be ${show(e)} // Object.is equality`, e),
        toEqual: (e) => check(equal(actual, e, false, []), `to deeply equal ${show(e)}`, e),
        toStrictEqual: (e) => check(equal(actual, e, true, []), `to strictly equal ${show(e)}`, e),
        toBeTruthy: () => check(!!actual, 'to be truthy'),
        toBeFalsy: () => check(!actual, 'to be falsy'),
        toBeNull: () => check(actual === null, 'to be null'),
        toBeUndefined: () => check(actual === undefined, 'to be undefined'),
        toBeDefined: () => check(actual !== undefined, 'to be defined'),
        toBeNaN: () => check(Number.isNaN(actual), 'to be NaN'),
        toBeTypeOf: (t) => check(typeof actual === t, `to be type of ${show(t)}`, t),
        toBeInstanceOf: (C) => check(actual instanceof C, `to be an instance of ${C && C.name}`, C),
        toBeGreaterThan: (n) => check(actual > n, `to be greater than ${show(n)}`, n),
        toBeGreaterThanOrEqual: (n) => check(actual >= n, `to be greater than or equal to ${show(n)}`, n),
        toBeLessThan: (n) => check(actual < n, `to be less than ${show(n)}`, n),
        toBeLessThanOrEqual: (n) => check(actual <= n, `to be less than or equal to ${show(n)}`, n),
        toBeCloseTo: (n, digits = 2) => check(Math.abs(actual - n) < 10 ** -digits / 2, `to be close to ${show(n)}`, n),
        toContain: (item) => check(actual != null && typeof actual.includes === 'function' && actual.includes(item),
          `to contain ${show(item)}`, item),
        toContainEqual: (item) => check(Array.from(actual || []).some((v) => equal(v, item, false, [])),
          `to contain equal ${show(item)}`, item),
        toHaveLength: (n) => check(actual != null && actual.length === n, `to have a length of ${n}`, n),
        toHaveProperty: (path, ...value) => {
          const keys = Array.isArray(path) ? path : `${path}`.split('.');
          let v = actual;
          let found = true;
          for (const k of keys) {
            if (v === null || v === undefined || !(k in Object(v))) {
              found = false;
              break;
            }
            v = v[k];
          }
          check(found && (value.length === 0 || equal(v, value[0], false, [])), `to have property ${show(path)}`, value[0]);
        },
        toMatch: (re) => check(typeof re === 'string' ? `${actual}`.includes(re) : re.test(`${actual}`), `to match ${toText(re)}`, re),
        toThrow: (expected) => {
          const r = throwsOf(actual);
          let pass = r.threw;
          if (pass && typeof expected === 'string') pass = messageOf(r.error).includes(expected);
          else if (pass && expected instanceof RegExp) pass = expected.test(messageOf(r.error));
          else if (pass && typeof expected === 'function') pass = r.error instanceof expected;
          if (pass === negated) {
            throw new AssertionError(`expected [Function] ${negated ? 'not ' : ''}to throw` +
              `${expected === undefined ? '' : ` ${toText(expected)}`}${r.threw ? `, it threw ${show(messageOf(r.error))}` : ''}`, r.error, expected);
          }
        },
      };
      m.toThrowError = m.toThrow;
      const target = assign({}, m);
      Object.defineProperty(target, 'not', { get: () => matchers(actual, !negated) });
      // .resolves/.rejects: the matchers applied to what the promise settles with; each returns a promise.
      const settled = (rejects) => {
        const out = {};
        for (const k of ownKeys(m)) {
          out[k] = (...args) => PromiseCtor.resolve(actual).then(
            (v) => {
              if (rejects) throw new AssertionError(`promise resolved ${show(v)} instead of rejecting`, v, undefined);
              return matchers(v, negated)[k](...args);
            },
            (e) => {
              if (!rejects) throw new AssertionError(`promise rejected ${show(messageOf(e))} instead of resolving`, e, undefined);
              return matchers(e, negated)[k](...args);
            });
        }
        return out;
      };
      Object.defineProperty(target, 'resolves', { get: () => settled(false) });
      Object.defineProperty(target, 'rejects', { get: () => settled(true) });
      return new ProxyCtor(target, {
        get(t, key) {
          if (key in t || typeof key === 'symbol' || key === 'then') return t[key];
          throw new TypeError(`vitest expect(...).${key}${atUserSite()}: v8bench's expect has no such matcher ` +
            `(it has ${ownKeys(m).join(', ')}, .not, .resolves, .rejects)`);
        },
      });
    }
    const expect = (actual) => matchers(actual, false);
    expect.soft = expect;
    return expect;
  }

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

  // Benchmark.js: new Benchmark.Suite().add(name, fn, options).on(...).run(); { defer: true } benches
  // resolve a deferred. run() fires start, cycle (per benchmark) and complete with Benchmark.js's event
  // shapes, so a file's printing runs; every figure is unmeasured (NaN: NOT_MEASURED).
  function benchmarkJsModule(c) {
    c.title = 'Benchmark.js';
    function toSpec(name, fn, options) {
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
    function unmeasured(name) {
      return {
        name, id: 0, hz: NaN, count: 0, cycles: 0, error: undefined, aborted: false, running: false,
        v8bench: NOT_MEASURED,
        stats: { moe: NaN, rme: NaN, sem: NaN, deviation: NaN, mean: NaN, sample: [], variance: NaN },
        times: { cycle: NaN, elapsed: NaN, period: NaN, timeStamp: Date.now() },
        toString() { return `${this.name} x NaN ops/sec \xb1NaN% (0 runs sampled; ${NOT_MEASURED})`; },
      };
    }
    // Benchmark.js's collection helpers: a callback, or 'fastest'/'slowest'/'successful' and a property name.
    function pick(list, how) {
      if (typeof how === 'function') return Array.prototype.filter.call(list, how);
      if (how === 'successful') return Array.prototype.filter.call(list, (b) => !b.error);
      if (how === 'fastest' || how === 'slowest') return []; // no figures to rank by yet
      return Array.prototype.slice.call(list);
    }
    function listOf(items) {
      items.filter = (how) => listOf(pick(items, how));
      items.map = (how) => Array.prototype.map.call(items, typeof how === 'function' ? how : (b) => b[how]);
      items.pluck = (key) => Array.prototype.map.call(items, (b) => b[key]);
      return items;
    }
    class Suite {
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
        c.add(name, toSpec(name, fn, options));
        this[this.length++] = unmeasured(name);
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
      filter(how) { return listOf(pick(this, how)); }
      map(how) { return listOf(Array.prototype.slice.call(this)).map(how); }
      pluck(key) { return listOf(Array.prototype.slice.call(this)).pluck(key); }
      forEach(fn) {
        Array.prototype.forEach.call(this, fn);
        return this;
      }
    }
    function Benchmark(name, fn, options) {
      if (!(this instanceof Benchmark)) return new Benchmark(name, fn, options);
      const label = typeof name === 'string' ? name : (name && name.name) || 'anonymous';
      c.add(label, toSpec(label, typeof name === 'string' ? fn : name, options));
      Object.assign(this, unmeasured(label));
      this.run = () => this;
      this.on = () => this;
    }
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
      strayCall,
      unsupportedReason: Unsupported.reasonOf,
      operations: named(operations),
      wrap,
      load: named(load),
      declaredSoFar: named(declaredSoFar),
      fileWithoutCase: named(fileWithoutCase),
      loadThroughEngineLoader: named(loadThroughEngineLoader),
      harnessNames: () => HARNESS_NAMES.slice(),
      harnessModuleExports: named(harnessModuleExports),
      harnessModuleSources: named(harnessModuleSources),
      enterFile: named(enterFile),
      harnessModule: named(harnessModule),
      nameError,
    }),
    writable: false,
    enumerable: false,
  });
})(globalThis);
