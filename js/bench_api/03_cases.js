// v8bench's bench API, part 03: One case at a time, as the host drives it: tiers, settling, preparing, counters, floors, teardown.
// One script with the other parts of js/bench_api/ (concatenated in file-name order into one closure by
// cmake/EmbedJs.cmake; 00_begin.js says why).

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

// For a case whose call is long (the host decides, from the warm-up's pace: harness/measure/method_rules.h
// unoptimised_loop_call_seconds): its batch loop is deoptimised and never optimised again, the bench
// function keeping its own code. The loop then costs nothing a verdict could see in any tier, and optimised
// it would only hold the bench inlined in some processes and not in others.
function leaveLoopUnoptimised() {
  const cur = current;
  if (!natives || !isPlainFunction(cur.batch)) return;
  natives.never(cur.batch);
  natives.deopt(cur.batch);
  cur.loopUnoptimised = true;
}

// Whether leaveLoopUnoptimised() left the current case's batch loop unoptimised.
function loopUnoptimised() {
  return current !== null && current.loopUnoptimised === true;
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
  const probeStart = nowMs();
  const probe = fn(state);
  const isAsync = spec.async === true || (probe !== null && typeof probe === 'object' && typeof probe.then === 'function');
  // An async probe is settled at once into an outcome, so a rejection is handled from the start
  // (Node would end the environment over an unhandled one) and fails the case in probed()/check().
  current = { c, spec, state, fn, isAsync, batch: null, probe: null, probeMs: isAsync ? -1 : nowMs() - probeStart };
  current.probe = isAsync ? settleProbe(probe, current, probeStart) : probe;
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

async function settleProbe(probe, cur, probeStart) {
  try {
    return { ok: true, value: await probe };
  } catch (error) {
    return { ok: false, error };
  } finally {
    cur.probeMs = nowMs() - probeStart;
  }
}

// How long the prepared case's probe call took, in seconds (an async one until it settled); -1 before an
// async probe has settled. A probe of a long call (a Node core file's main, seconds a call) was the case's
// warm-up call: the host times the next call as its first repetition (RunSettings::LongCallSeconds).
function probeSeconds() {
  return current.probeMs < 0 ? -1 : current.probeMs / 1000;
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
