// Key-value round trips against real stores on this machine: Redis through the official client (`redis` from npm),
// and Cloudflare KV as miniflare (Cloudflare's local Workers runtime: workerd in a child process) serves it.
//
// One iteration is one request of the Worker this project's runtime comparisons ran against Cloudflare KV and a
// hosted Redis: a random value of 4-64 KB (random bytes decoded as UTF-8 by TextDecoder, as the Worker made it),
// `get` of one of 1,000 keys, and on a miss `set` of the value with a 60 s expiry. Each get and set is timed with
// performance.now() around its await, as the Worker timed them; get_p50_us/get_p99_us and set_p50_us/set_p99_us
// are percentiles over the operations of each repetition (the first repetition's also include the warm-up's),
// and the table's medians are over repetitions. CPU, GC and allocation are the client's, per request.
//
// The network between regions, which dominated the original figures, is out of reach here: the server listens
// on 127.0.0.1, so a round trip is loopback TCP plus Redis's own work, and the client's share shows.
//
// Each case starts its own redis-server (Debian's package: apt-get install redis-server, which tools/setup.sh
// installs) on a free loopback port, without persistence, when its first request runs, and stops it in teardown.
// v8bench runs each case in a worker process that leads its own process group and kills that group when the
// worker ends, however it ends (a failure, --timeout, Ctrl-C): the server is in that group, so none outlives a run.
'use strict';

const KEYS = 1000;
const TTL_SECONDS = 60;
const MIN_VALUE = 4 * 1024;
const MAX_VALUE = 64 * 1024;
const isWorkerd = typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers';

// The client library and the server's executable, or why this engine cannot have them. What the user can install
// fails the file with the command that installs it.
function loadStore() {
  if (isWorkerd) {
    return { why: 'workerd runs a suite as one script from v8bench\'s worker configuration: it cannot load the ' +
      'redis client from node_modules, nor start a redis-server' };
  }
  require('../lib/npm_dependencies.js').checkInstalled(__dirname, ['redis']);
  const probe = require('node:child_process').spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error) {
    throw new Error(`suites/kv_round_trip: redis-server could not be run (${probe.error.code || probe.error.message}); ` +
      'install it with: sudo apt-get install redis-server (tools/setup.sh installs it)');
  }
  // Node 18 has Web Crypto as require('node:crypto').webcrypto only; later runtimes also as a global.
  const webcrypto = globalThis.crypto || require('node:crypto').webcrypto;
  return { redis: require('redis'), webcrypto, miniflare: loadMiniflare() };
}

// miniflare 4 declares Node 22 or later; elsewhere its cases say why they cannot run.
function loadMiniflare() {
  const node = typeof process !== 'undefined' && process.versions && !process.versions.bun && !process.versions.deno ?
    Number(process.versions.node.split('.')[0]) : null;
  if (node !== null && node < 22) return { why: `miniflare 4 needs Node 22 or later; this is Node ${process.versions.node}` };
  try {
    return { Miniflare: require('miniflare').Miniflare };
  } catch (e) {
    return { why: `miniflare does not load on this engine: ${e && e.message}` };
  }
}
const store = loadStore();

// Starts this case's store and connects its client: a redis-server and the redis client, or miniflare's workerd
// with one KV namespace (get and put go from this process to workerd over loopback HTTP, as miniflare does).
async function start(s) {
  if (s.store === 'miniflare') {
    const mf = new store.miniflare.Miniflare({
      modules: true,
      script: 'export default { fetch() { return new Response(null, { status: 404 }); } };',
      kvNamespaces: ['KV'],
    });
    s.mf = mf;
    const kv = await mf.getKVNamespace('KV');
    s.client = { get: (key) => kv.get(key), set: (key, value) => kv.put(key, value, { expirationTtl: TTL_SECONDS }) };
    return;
  }
  const port = await require('../lib/free_port.js').freePort();
  const server = require('node:child_process').spawn('redis-server', [
    '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning',
  ], { stdio: ['ignore', 'ignore', 'inherit'] });
  s.server = server;
  let exited = null;
  server.on('exit', (code, signal) => {
    exited = `redis-server on port ${port} exited (${signal || `code ${code}`})`;
  });
  const client = store.redis.createClient({
    socket: {
      host: '127.0.0.1',
      port,
      // While the server starts: retry every 20 ms for 5 s, then fail with what happened to it.
      reconnectStrategy: (retries) => (exited || retries > 250 ? new Error(exited || `no redis-server on port ${port} after 5 s`) : 20),
    },
  });
  client.on('error', () => {});  // connection errors surface through the failing command
  s.redis = client;
  await client.connect();
  if ((await client.ping()) !== 'PONG') throw new Error('redis-server did not answer PING');
  const ttl = { EX: TTL_SECONDS };
  s.client = { get: (key) => client.get(key), set: (key, value) => client.set(key, value, ttl) };
  s.port = port;
}

function stop(s) {
  if (s.mf) {
    // dispose() stops workerd; its promise is not awaited (teardown is synchronous): the worker's process group
    // ends workerd in any case when the worker ends.
    s.mf.dispose().catch(() => {});
    s.mf = null;
  }
  if (s.redis) {
    try {
      s.redis.destroy();
    } catch {
      // already closed
    }
    s.redis = null;
  }
  s.client = null;
  if (s.server && s.server.exitCode === null) s.server.kill('SIGKILL');
  s.server = null;
}

function percentile(sorted, q) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function setup(p) {
  if (store.why) unsupported(store.why);
  if (p.store === 'miniflare' && store.miniflare.why) unsupported(store.miniflare.why);
  const random = seededRandom(p.seed);
  return {
    random,
    decoder: new TextDecoder(),
    store: p.store,
    mf: null,
    starting: null,
    client: null,
    redis: null,
    server: null,
    port: 0,
    gets: [],
    sets: [],
    requests: 0,
    misses: 0,
    valueBytes: 0,
  };
}

// The Worker's request: a fresh random value, get, and set on a miss; each operation timed.
async function request(s) {
  if (s.client === null) await (s.starting || (s.starting = start(s)));
  const size = MIN_VALUE + Math.floor(s.random() * (MAX_VALUE - MIN_VALUE + 1));
  const value = s.decoder.decode(store.webcrypto.getRandomValues(new Uint8Array(size)));
  const key = `key-${Math.floor(s.random() * KEYS)}`;
  const t0 = performance.now();
  const got = await s.client.get(key);
  const t1 = performance.now();
  s.gets.push(t1 - t0);
  s.requests++;
  s.valueBytes += size;
  if (got !== null) return got.length;
  await s.client.set(key, value);
  s.sets.push(performance.now() - t1);
  s.misses++;
  return 0;
}

suite({
  name: 'kv_round_trip',
  realm: 'node',
  description: 'The KV Worker\'s request against a local redis-server through the `redis` client: a random 4-64 KB ' +
    'value, get of one of 1,000 keys, set with a 60 s TTL on a miss; or the same against miniflare\'s local KV. Per request: the client\'s CPU, GC and ' +
    'allocation; per operation: get and set latency percentiles over each repetition (loopback, not a network).',
  params: { store: ['redis', 'miniflare'], seed: [1] },
  quick: { store: ['redis', 'miniflare'], seed: [1] },
  setup,
  teardown: stop,
  benches: {
    get_set_on_miss: {
      fn: request,
      check(s) {
        if (!s.client || s.requests !== 1) throw new Error(`the first request did not reach the store (${s.store})`);
      },
      counters(s) {
        const gets = s.gets.sort((a, b) => a - b);
        const sets = s.sets.sort((a, b) => a - b);
        const out = {
          get_p50_us: percentile(gets, 0.5) * 1000,
          get_p99_us: percentile(gets, 0.99) * 1000,
          set_p50_us: percentile(sets, 0.5) * 1000,
          set_p99_us: percentile(sets, 0.99) * 1000,
          miss_ratio: s.requests > 0 ? s.misses / s.requests : 0,
          value_bytes: s.requests > 0 ? s.valueBytes / s.requests : 0,
        };
        s.gets = [];
        s.sets = [];
        s.requests = 0;
        s.misses = 0;
        s.valueBytes = 0;
        return out;
      },
    },
  },
});
