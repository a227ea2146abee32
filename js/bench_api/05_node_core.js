// v8bench's bench API, part 05: Node core's benchmark/common.js, as compare.js's files use it.
// One script with the other parts of js/bench_api/ (concatenated in file-name order into one closure by
// cmake/EmbedJs.cmake; 00_begin.js says why).

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

// common.js as a Node core file in `file` requires it. One realm runs one case at a time: s.active is the
// call of main() in progress, s.inMain whether main(config) itself is on the stack (callMain called it and
// it has not returned).
function nodeCoreCommon(file) {
  const s = { active: null, inMain: false };
  const bench = nodeCoreBench(s);
  const callMain = (st) => nodeCoreCallMain(s, st);
  return {
    PORT: 12346,
    buildType: 'Release',
    createBenchmark(main, configs, options) {
      defineNodeCore(file, main, configs, options || {}, callMain);
      return bench;
    },
    sendResult: (data) => nodeCoreSendResult(s, data),
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

function nodeCoreFinish(s, call, error) {
  if (call.done) return;
  call.done = true;
  call.error = error;
  if (s.active === call) s.active = null;
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
function nodeCoreStraying(s, what, todo) {
  if (s.inMain) {
    throw new Error(`${what} was called after this call of main(config) had ended (twice in one call)${atUserSite()}: ${todo}`);
  }
  // The file's line of the first only: a timer left by every call may make millions of such calls.
  recordStrayCall(() => `${what} was called while no call of main(config) was in progress${atUserSite()}, from a ` +
    `callback main left on the event loop or from main after its call had ended: ${todo}`);
  return undefined;
}

// The `bench` createBenchmark returns. Node's own messages first (people search for them), then where in
// the file and what to do.
function nodeCoreBench(s) {
  return {
    start: () => nodeCoreStart(s),
    end(operations) {
      const t1 = now();
      return nodeCoreEnd(s, operations, t1);
    },
    http() {
      unsupported('bench.http() drives an HTTP benchmarker (autocannon, wrk); v8bench does not run those');
    },
  };
}

function nodeCoreStart(s) {
  const call = s.active;
  if (!call) {
    return nodeCoreStraying(s, 'bench.start()', 'call it inside main, once per call, before the operations it times');
  }
  if (call.started) {
    const e = new Error(`Called start more than once in a single benchmark${atUserSite()}: call bench.start() ` +
      'once per call of main(config), then bench.end(n) once');
    nodeCoreFinish(s, call, e);
    // Stops main where it is; from a callback main left, a throw would reach no caller (the call
    // has failed with `e` either way).
    if (s.inMain) throw e;
    return undefined;
  }
  call.started = true;
  call.t0 = now();
  return undefined;
}

// bench.end(n) at time t1: the call's n operations in t1 - t0.
function nodeCoreEnd(s, operations, t1) {
  const call = s.active;
  if (!call) {
    return nodeCoreStraying(s, 'bench.end()', 'call it once per call of main(config), after bench.start(), before main ' +
      'returns or its promise settles');
  }
  // The checks stay cheap on the path every call takes: the file's line is looked up only to report.
  if (!call.started) return nodeCoreFinish(s, call, new Error(`called end without start${atUserSite()}: call bench.start() first`));
  if (typeof operations !== 'number' || !isFinite(operations) || !(operations > 0)) {
    return nodeCoreFinish(s, call, nodeCoreOperationsError(operations));
  }
  call.state.ops += operations;
  call.state.ns += (t1 - call.t0) * 1e6;
  return nodeCoreFinish(s, call, null);
}

// What bench.end(n) says of an n that is not a finite number > 0.
function nodeCoreOperationsError(operations) {
  if (typeof operations !== 'number') {
    const got = typeof operations === 'string' ? `the string ${quoteString(operations)}` :
      operations === null ? 'null' : typeof operations === 'undefined' ? 'nothing' : `a ${typeof operations}`;
    return new Error(`called end() without specifying operation count${atUserSite()}: bench.end(n) takes ` +
      `the number of operations main did, a number (got ${got})`);
  }
  if (!isFinite(operations)) {
    return new Error(`called end() with operation count ${operations}${atUserSite()}: bench.end(n) takes ` +
      'the number of operations main did, a finite number > 0');
  }
  return new Error(`called end() with operation count <= 0 (${operations})${atUserSite()}: bench.end(n) ` +
    'takes the number of operations main did, a number > 0');
}

// One call of main(config): undefined when it ended (bench.end) before returning, else a promise that
// settles when it ends.
function nodeCoreCallMain(s, st) {
  const call = { state: st, started: false, done: false, error: null, t0: 0, resolve: null, reject: null };
  s.active = call;
  s.inMain = true;
  let ret;
  try {
    ret = st.main(Object.assign({}, st.config));
  } finally {
    s.inMain = false;
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
    if (thenable) ret.then(undefined, (e) => nodeCoreFinish(s, call, e));
  });
}

// Where a file reports its own figures: the call ends with rate x time operations in time seconds.
function nodeCoreSendResult(s, data) {
  const call = s.active;
  if (!call || data === null || typeof data !== 'object') return;
  if (!(isFinite(data.rate) && data.rate > 0 && isFinite(data.time) && data.time > 0)) {
    nodeCoreFinish(s, call, new Error(`common.sendResult({ rate: ${data.rate}, time: ${data.time} })${atUserSite()}: rate ` +
      '(operations per second) and time (seconds) must be finite numbers > 0'));
    return;
  }
  call.state.ops += data.rate * data.time;
  call.state.ns += data.time * 1e9;
  nodeCoreFinish(s, call, null);
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
