// v8bench's bench API, part 02: Suites and their grids: suite(), the cases of a grid, and the description the host reads.
// One script with the other parts of js/bench_api/ (concatenated in file-name order into one closure by
// cmake/EmbedJs.cmake; 00_begin.js says why).

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
        'optimizeNext: (f) => %OptimizeFunctionOnNextCall(f), never: (f) => %NeverOptimizeFunction(f), ' +
        'deopt: (f) => %DeoptimizeFunction(f) };',
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
