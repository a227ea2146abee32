// v8bench's bench API, part 09: Vitest's bench() and describe(), with its expect().
// One script with the other parts of js/bench_api/ (concatenated in file-name order into one closure by
// cmake/EmbedJs.cmake; 00_begin.js says why).

// Vitest: bench(name, fn, tinybench options) inside describe() groups, whose names prefix the case name
// (describe('sort', () => bench('native', ...)) is case FILE/sort_native); .skip/.only/.todo; beforeAll
// and afterAll around each case; beforeEach/afterEach, per iteration, refused with their name.
// As Vitest collects a file: describe() records its body, and the bodies run once the module has been
// evaluated (c.afterLoad), parents before children, in declaration order, each awaited; so a body may use
// a const the file declares below it.
function vitestModule(c) {
  c.title = 'Vitest bench';
  // The collection's state: the describe() whose body is running (scope), under the file's root.
  const root = vitestNewScope(null, '', undefined, null);
  const v = { c, root, scope: root, collected: false };
  c.afterLoad = () => {
    if (v.collected) return undefined;
    v.collected = true;
    return vitestCollectTasks(v, root, 0);
  };
  c.beforeDefine = () => vitestDefine(v);
  const describe = vitestDescribeFunction(v);
  const perIteration = (hook) => () => {
    throw new TypeError(`vitest ${hook}()${atUserSite()}: v8bench does not run per-iteration hooks in a bench file ` +
      `(they would be timed with every iteration); move the work into the bench's setup option or into beforeAll`);
  };
  return {
    bench: vitestBenchFunction(v), describe, suite: describe, expect: vitestExpect(),
    beforeAll: (fn) => v.scope.before.push(fn),
    afterAll: (fn) => v.scope.after.push(fn),
    beforeEach: perIteration('beforeEach'),
    afterEach: perIteration('afterEach'),
    test: (name) => c.note(`test '${name}' is a test, not run by v8bench`),
    it: (name) => c.note(`test '${name}' is a test, not run by v8bench`),
  };
}

function vitestNewScope(parent, name, how, body) {
  return {
    prefix: parent === null ? '' : `${parent.prefix}${name}/`, before: [], after: [], tasks: [], body, parent,
    skip: (parent !== null && parent.skip) || how === 'skip', only: (parent !== null && parent.only) || how === 'only',
  };
}

// describe(name, fn) and its .skip/.only/.todo/.skipIf/.runIf: the body is recorded, run when collected.
function vitestDescribeFunction(v) {
  function describe(name, fn, how) {
    if (typeof fn !== 'function') return; // describe.todo('name'), or one without a body: nothing to run
    v.scope.tasks.push({ suite: vitestNewScope(v.scope, name, how, fn) });
  }
  describe.skip = (name, fn) => describe(name, fn, 'skip');
  describe.only = (name, fn) => describe(name, fn, 'only');
  describe.todo = (name) => v.c.note(`describe '${name}' is a todo (nothing measured)`);
  describe.skipIf = (cond) => (cond ? describe.skip : describe);
  describe.runIf = (cond) => (cond ? describe : describe.skip);
  return describe;
}

// bench(name, fn, options) and its .skip/.only/.todo/.skipIf/.runIf, in the current describe().
function vitestBenchFunction(v) {
  function bench(name, fn, options, how) {
    if (typeof fn !== 'function') {
      throw new TypeError(`vitest bench('${name}')${atUserSite()}: needs a function to time`);
    }
    const scope = v.scope;
    const hooks = [];
    for (let s = scope; s !== null; s = s.parent) hooks.unshift(s);
    scope.tasks.push({ entry: { name: `${scope.prefix}${name}`, fn, options: options || {}, hooks,
      skip: scope.skip || how === 'skip', only: scope.only || how === 'only' } });
  }
  bench.skip = (name, fn, options) => bench(name, fn, options, 'skip');
  bench.only = (name, fn, options) => bench(name, fn, options, 'only');
  bench.todo = (name) => v.c.note(`bench '${name}' is a todo (not measured)`);
  bench.skipIf = (cond) => (cond ? bench.skip : bench);
  bench.runIf = (cond) => (cond ? bench : bench.skip);
  return bench;
}

// The suites of s's tasks from index i, each body run with its suite current; returns a promise when a
// body is async.
function vitestCollectTasks(v, s, i) {
  for (; i < s.tasks.length; i++) {
    if (s.tasks[i].suite === undefined) continue;
    const r = vitestCollectSuite(v, s.tasks[i].suite);
    if (isThenable(r)) {
      const next = i + 1;
      return r.then(() => vitestCollectTasks(v, s, next));
    }
  }
  return undefined;
}

function vitestCollectSuite(v, s) {
  const saved = v.scope;
  v.scope = s;
  let r;
  try {
    r = s.body();
  } finally {
    if (!isThenable(r)) v.scope = saved;
  }
  if (!isThenable(r)) return vitestCollectTasks(v, s, 0);
  return r.then(() => {
    v.scope = saved;
    return vitestCollectTasks(v, s, 0);
  }, (e) => {
    v.scope = saved;
    throw e;
  });
}

function vitestEntriesOf(s, out) {
  for (const t of s.tasks) {
    if (t.suite !== undefined) vitestEntriesOf(t.suite, out);
    else out.push(t.entry);
  }
  return out;
}

// The collected benches as cases, but those skipped or left out by another's .only (noted).
function vitestDefine(v) {
  const c = v.c;
  // A file loaded as a CommonJS body (no module loader to wait on) is collected here, synchronously.
  if (isThenable(c.afterLoad())) {
    throw new TypeError(`${c.file}: an async describe() body in a file loaded as a CommonJS body cannot be ` +
      'awaited before its cases are listed; write the file as an ES module (import from \'vitest\')');
  }
  const entries = vitestEntriesOf(v.root, []);
  const only = entries.some((e) => e.only);
  for (const e of entries) {
    if (e.skip || (only && !e.only)) {
      c.note(`'${e.name}' is ${e.skip ? 'skipped (.skip)' : 'left out (another bench has .only)'}`);
      continue;
    }
    vitestAddCase(c, e);
  }
}

// One bench as a case: the beforeAll hooks of its describe()s and its setup option before it, its
// teardown option and the afterAll hooks after it.
function vitestAddCase(c, e) {
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

// Vitest's expect(value), for the checks a bench file makes inside its benches and hooks: the common
// matchers, .not, .resolves and .rejects. A failed expectation throws an AssertionError with Vitest's
// wording (so the case fails with it); a matcher v8bench does not implement throws a TypeError naming it.
function vitestExpect() {
  const expect = (actual) => vitestMatchers(actual, false);
  expect.soft = expect;
  return expect;
}

// What a failed expectation throws, with Vitest's name and its actual and expected values.
class VitestAssertionError extends ErrorCtor {
  constructor(message, actual, expected) {
    super(message);
    this.name = 'AssertionError';
    this.actual = actual;
    this.expected = expected;
  }
}

// A value as an expectation's message shows it.
function vitestShow(v) {
  if (typeof v === 'string') return quoteString(v);
  if (typeof v === 'function') return `[Function ${v.name || 'anonymous'}]`;
  if (typeof v === 'bigint' || typeof v === 'symbol' || v === undefined) return toText(v);
  try {
    const text = JSON.stringify(v);
    return text === undefined ? toText(v) : text;
  } catch (ignored) {
    return toText(v);
  }
}

// Vitest's equality: toEqual ignores undefined properties, toStrictEqual compares them and prototypes.
function vitestEqual(a, b, strict, seen) {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  for (const [x, y] of seen) if (x === a && y === b) return true;
  seen.push([a, b]);
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (a instanceof RegExp || b instanceof RegExp) return toText(a) === toText(b);
  if (a instanceof Map || b instanceof Map || a instanceof Set || b instanceof Set) {
    return vitestEqualCollections(a, b, strict, seen);
  }
  if (Array.isArray(a) && a.length !== b.length) return false;
  const keysOf = (o) => ownKeys(o).filter((k) => k !== 'length' || !Array.isArray(o)).filter((k) => strict || o[k] !== undefined);
  const ka = keysOf(a);
  const kb = keysOf(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) if (!hasOwn(b, k) || !vitestEqual(a[k], b[k], strict, seen)) return false;
  return true;
}

// Two Maps (same keys, equal values) or two Sets (each member of a has an equal one in b).
function vitestEqualCollections(a, b, strict, seen) {
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !vitestEqual(v, b.get(k), strict, seen)) return false;
    return true;
  }
  if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false;
  for (const v of a) if (!b.has(v) && !Array.from(b).some((w) => vitestEqual(v, w, strict, seen))) return false;
  return true;
}

function vitestMessageOf(e) {
  return e !== null && typeof e === 'object' && 'message' in e ? `${e.message}` : toText(e);
}

// expect(actual) or expect(actual).not: the matchers, .not, .resolves and .rejects; any other name throws.
function vitestMatchers(actual, negated) {
  const check = (pass, what, expected) => {
    if (pass === negated) {
      throw new VitestAssertionError(`expected ${vitestShow(actual)} ${negated ? 'not ' : ''}${what}`, actual, expected);
    }
  };
  const m = vitestMatcherTable(actual, negated, check);
  const target = assign({}, m);
  Object.defineProperty(target, 'not', { get: () => vitestMatchers(actual, !negated) });
  Object.defineProperty(target, 'resolves', { get: () => vitestSettled(actual, negated, m, false) });
  Object.defineProperty(target, 'rejects', { get: () => vitestSettled(actual, negated, m, true) });
  return new ProxyCtor(target, {
    get(t, key) {
      if (key in t || typeof key === 'symbol' || key === 'then') return t[key];
      throw new TypeError(`vitest expect(...).${key}${atUserSite()}: v8bench's expect has no such matcher ` +
        `(it has ${ownKeys(m).join(', ')}, .not, .resolves, .rejects)`);
    },
  });
}

// The matchers on actual; check(pass, what, expected) throws when pass is not what the negation asks.
function vitestMatcherTable(actual, negated, check) {
  const show = vitestShow;
  const equal = vitestEqual;
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
    toHaveProperty: (path, ...value) => vitestToHaveProperty(actual, check, path, value),
    toMatch: (re) => check(typeof re === 'string' ? `${actual}`.includes(re) : re.test(`${actual}`), `to match ${toText(re)}`, re),
    toThrow: (expected) => vitestToThrow(actual, negated, expected),
  };
  m.toThrowError = m.toThrow;
  return m;
}

function vitestToHaveProperty(actual, check, path, value) {
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
  check(found && (value.length === 0 || vitestEqual(v, value[0], false, [])), `to have property ${vitestShow(path)}`, value[0]);
}

function vitestToThrow(actual, negated, expected) {
  let threw = false;
  let error;
  try {
    actual();
  } catch (e) {
    threw = true;
    error = e;
  }
  let pass = threw;
  if (pass && typeof expected === 'string') pass = vitestMessageOf(error).includes(expected);
  else if (pass && expected instanceof RegExp) pass = expected.test(vitestMessageOf(error));
  else if (pass && typeof expected === 'function') pass = error instanceof expected;
  if (pass === negated) {
    throw new VitestAssertionError(`expected [Function] ${negated ? 'not ' : ''}to throw` +
      `${expected === undefined ? '' : ` ${toText(expected)}`}${threw ? `, it threw ${vitestShow(vitestMessageOf(error))}` : ''}`,
    error, expected);
  }
}

// .resolves/.rejects: the matchers applied to what the promise settles with; each returns a promise.
function vitestSettled(actual, negated, m, rejects) {
  const out = {};
  for (const k of ownKeys(m)) {
    out[k] = (...args) => PromiseCtor.resolve(actual).then(
      (v) => {
        if (rejects) throw new VitestAssertionError(`promise resolved ${vitestShow(v)} instead of rejecting`, v, undefined);
        return vitestMatchers(v, negated)[k](...args);
      },
      (e) => {
        if (!rejects) {
          throw new VitestAssertionError(`promise rejected ${vitestShow(vitestMessageOf(e))} instead of resolving`, e, undefined);
        }
        return vitestMatchers(e, negated)[k](...args);
      });
  }
  return out;
}
