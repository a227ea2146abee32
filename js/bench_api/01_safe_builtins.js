// v8bench's bench API, part 01: The harness's own ground: built-ins captured before any suite runs, the naming of errors a
// suite causes, and the JSON the host reads.
// One script with the other parts of js/bench_api/ (concatenated in file-name order into one closure by
// cmake/EmbedJs.cmake; 00_begin.js says why).

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
// The probe call's clock (probeSeconds): the host's performance.now where there is one (workerd's does not
// advance during synchronous execution: a probe there reads as short, and the host then times a call itself).
const nowMs = typeof performance === 'object' && performance !== null && typeof performance.now === 'function'
  ? performance.now.bind(performance)
  : Date.now;
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
