// The request path, served: the oak app of suites/request_path (app/app.js) listening on a loopback port inside the
// engine under test, on the runtime's own HTTP server as oak picks it (node:http on Node, Deno.serve on Deno), and
// loaded by autocannon from a separate process, with the settings of the runtime comparisons this project started
// from: `autocannon -c 100 -d 10 -p 10` and the same without pipelining (`pipelining:1`).
//
// One call of the bench is one autocannon run against the server; the operations it counts are the responses
// autocannon received, so v8bench's figures for the call (main-thread CPU, all-thread CPU, GC, allocation) are the
// server's own per request, measured inside the server's process over the load window, and ops_per_s is
// autocannon's requests per second. The latency percentiles are autocannon's (latency_p50_ns, latency_p99_ns). A
// call lasts `duration` seconds, so v8bench times it a call per repetition; the first call (untimed, with the
// self-check) is autocannon for `warmup` seconds, and v8bench's one untimed call of a long-call case follows it.
// Method and limits: docs/served.md.
//
// autocannon runs on the `node` on PATH (the same load generator whatever engine serves), from this folder's
// node_modules (package.json, package-lock.json: tools/suite_deps.sh installs them). It is a child of the server's
// process, so it ends with it: v8bench kills a worker's whole process group on every exit path.
'use strict';

const LOADGEN_NODE = 'node';
const isWorkerd = typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers';

// oak, autocannon and the Node that runs autocannon, or why this engine cannot serve.
function loadDependencies() {
  if (isWorkerd) {
    return { why: 'workerd runs a suite as one script from v8bench\'s worker configuration: it cannot load the ' +
      'suite\'s npm dependencies, listen on a port of its choosing or start autocannon' };
  }
  const path = require('node:path');
  require('../lib/npm_dependencies.js').checkInstalled(__dirname, ['@oakserver/oak', 'autocannon']);
  const probe = require('node:child_process').spawnSync(LOADGEN_NODE, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(`suites/request_path_served: autocannon runs on the '${LOADGEN_NODE}' on PATH, which did not ` +
      `start (${probe.error ? probe.error.message : `exit ${probe.status}`}): install Node.js (e.g. sudo apt-get ` +
      'install nodejs)');
  }
  return {
    oak: require('@oakserver/oak'),
    app: require('../request_path/app/app.js'),
    autocannon: path.join(__dirname, 'node_modules', 'autocannon', 'autocannon.js'),
  };
}
const deps = loadDependencies();

// The app listening: resolves with its URL once oak says it listens; rejects when listen() fails first.
// oak's Node server does not say which port `port: 0` gave it, so the port is chosen first, for every runtime.
async function startServer(s) {
  const port = await require('../lib/free_port.js').freePort();
  // Not logged: the write errors (EPIPE, ECONNRESET) of the responses still in flight when autocannon closes its
  // connections at the end of a run, dozens per run with pipelining. The app's own errors are answered by its
  // error middleware, and a failed response shows in autocannon's counts (failed_responses, the self-check).
  const app = deps.app.oakApplication(deps.oak, { logErrors: false });
  const listening = new Promise((resolve) => app.addEventListener('listen', resolve, { once: true }));
  const failed = app.listen({ hostname: '127.0.0.1', port, signal: s.stop.signal }).then(
    () => { throw new Error(`the server on port ${port} stopped before it listened`); });
  await Promise.race([listening, failed]);
  failed.catch((e) => { s.serverError = e; });
  s.url = `http://127.0.0.1:${port}/`;
}

// One autocannon run of `seconds` against the server: its results JSON (autocannon --json).
function loadFor(s, seconds) {
  return new Promise((resolve, reject) => {
    const args = [deps.autocannon, '--json', '-c', String(s.p.connections), '-p', String(s.p.pipelining),
      '-d', String(seconds), s.url];
    const child = require('node:child_process').spawn(LOADGEN_NODE, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    s.loadgen = child;
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      s.loadgen = null;
      if (code !== 0) {
        reject(new Error(`autocannon (${LOADGEN_NODE} ${args.join(' ')}) ended with ${signal || `exit code ${code}`}: ` +
          `${err.trim().slice(-400)}`));
        return;
      }
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch {
        reject(new Error(`autocannon printed no results JSON: ${out.trim().slice(-400)} ${err.trim().slice(-400)}`));
      }
    });
  });
}

function setup(p) {
  if (deps.why) unsupported(deps.why);
  if (!(p.duration >= 1) || !(p.warmup >= 1)) {
    throw new Error(`duration and warmup are whole seconds of load, at least 1 (got ${p.duration}, ${p.warmup})`);
  }
  const s = { p, calls: 0, ops: 0, ns: 0, last: null, loadgen: null, url: null, stop: new AbortController() };
  s.ready = startServer(s);
  s.ready.catch(() => {});  // the first call awaits it and fails with its error
  return s;
}

function teardown(s) {
  if (s.loadgen && s.loadgen.exitCode === null) s.loadgen.kill('SIGKILL');
  // Deno's server closes on the abort; oak's Node server closes at its next request, and in any case with the
  // process (its listening socket is in the worker, which v8bench ends after its cases).
  s.stop.abort();
}

suite({
  name: 'request_path_served',
  realm: 'node',
  description: 'The oak app served on a loopback port inside the engine and loaded by autocannon (-c 100 -d 10, ' +
    'with -p 10 and without pipelining): per request the server\'s own CPU, GC and allocation over the load ' +
    'window; autocannon\'s requests per second (ops_per_s) and latency p50/p99. docs/served.md.',
  params: { pipelining: [10, 1], connections: [100], duration: [10], warmup: [2] },
  quick: { pipelining: [10, 1], connections: [100], duration: [1], warmup: [1] },
  setup,
  teardown,
  benches: {
    oak: {
      async fn(s) {
        await s.ready;
        if (s.serverError) throw s.serverError;
        const seconds = s.calls++ === 0 ? s.p.warmup : s.p.duration;
        const result = await loadFor(s, seconds);
        s.last = result;
        s.ops += result.requests.total;
        s.ns += result.duration * 1e9;
        return result.requests.total;
      },
      // The untimed first call (the warm-up run): every response a 200, none failed, and the app's own answer.
      async check(s, requests) {
        const r = s.last;
        if (!(requests > 0)) throw new Error(`autocannon received no response from ${s.url}`);
        const failed = r.errors + r.timeouts + r.non2xx;
        if (failed > 0) {
          throw new Error(`autocannon: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx responses`);
        }
        const response = await fetch(s.url);
        const body = await response.text();
        if (body !== JSON.stringify(deps.app.HELLO)) throw new Error(`GET ${s.url} answered ${body}`);
        if (!/^\d+ms$/.test(response.headers.get('x-response-time') || '')) throw new Error('no X-Response-Time header');
      },
      operations: (s) => ({ ops: s.ops, ns: s.ns }),
      // autocannon's latencies are in milliseconds; the last run's (a repetition is one run).
      counters: (s) => ({
        latency_p50_ns: s.last.latency.p50 * 1e6,
        latency_p99_ns: s.last.latency.p99 * 1e6,
        failed_responses: s.last.errors + s.last.timeouts + s.last.non2xx,
      }),
    },
  },
});
