// One HTTP request through a web framework, in process: a `Request` object handed to the framework's fetch-style
// handler, the response's body read to the end. No socket, no HTTP parser: what the framework and the runtime's
// Request/Response/Headers cost per request.
//
// The app is the one the runtime comparisons this project started from serve under autocannon: a router answering
// GET / with the JSON { hello: "world" }, a response-time middleware (X-Response-Time) and an error-handling
// middleware that turns a thrown error into a 500 with a JSON body (app/app.js). It is written twice, on oak (@oakserver/oak, the
// npm build: it carries its own Request/Response from npm's undici and a Deno shim on every runtime) and on hono
// (which uses the runtime's own Request/Response). `route` picks the path: `hello` (the router's JSON answer),
// `error` (a handler that throws, caught by the error middleware) or `not_found` (no route matches).
//
// The frameworks are this folder's npm dependencies (package.json, package-lock.json), installed by
// tools/suite_deps.sh (tools/bootstrap.sh runs it); this file requires them from its own node_modules on every engine.
'use strict';

const isWorkerd = typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers';

// The frameworks, or why this engine cannot load them. A missing install is the user's to fix, on every engine
// that can read files: it fails the file with the command that installs it.
function loadFrameworks() {
  if (isWorkerd) {
    return { why: 'workerd runs a suite as one script from v8bench\'s worker configuration; it cannot load the ' +
      'suite\'s npm dependencies (oak, hono) from node_modules' };
  }
  require('../lib/npm_dependencies.js').checkInstalled(__dirname, ['@oakserver/oak', 'hono']);
  const out = {};
  try {
    out.oak = require('@oakserver/oak');
  } catch (e) {
    out.oakWhy = `@oakserver/oak does not load on this engine: ${e && e.message}`;
  }
  try {
    out.hono = require('hono');
  } catch (e) {
    out.honoWhy = `hono does not load on this engine: ${e && e.message}`;
  }
  return out;
}
const frameworks = loadFrameworks();

const { HELLO, oakApplication, honoApplication } = frameworks.why ? {} : require('./app/app.js');

// The fetch-style handler of each framework's app (suites/request_path/app/app.js: the app, written once).
function oakHandler(oak) {
  const app = oakApplication(oak);
  return (request) => app.handle(request);
}

function honoHandler(hono) {
  const app = honoApplication(hono);
  return (request) => app.fetch(request);
}

const ROUTES = {
  hello: { path: '/', status: 200, body: JSON.stringify(HELLO) },
  error: { path: '/error', status: 500, body: JSON.stringify({ error: 'handler failed' }) },
  not_found: { path: '/nowhere', status: 404, body: null },
};

function setup(p) {
  if (frameworks.why) unsupported(frameworks.why);
  if (p.framework === 'oak' && frameworks.oakWhy) unsupported(frameworks.oakWhy);
  if (p.framework === 'hono' && frameworks.honoWhy) unsupported(frameworks.honoWhy);
  if (typeof Request !== 'function') unsupported('this engine has no global Request');
  const route = ROUTES[p.route];
  return {
    handle: p.framework === 'oak' ? oakHandler(frameworks.oak) : honoHandler(frameworks.hono),
    url: `http://localhost:8000${route.path}`,
    // What autocannon sends: a GET with a host, and a client that asks for JSON.
    init: { method: 'GET', headers: { accept: 'application/json', 'user-agent': 'autocannon' } },
    route,
    responseBytes: 0,
  };
}

suite({
  name: 'request_path',
  realm: 'node',
  description: 'One GET through the oak app (router, response-time and error middleware) or the same app on hono, ' +
    'as a Request handed to the framework\'s fetch-style handler and the response body read to the end. Compare ' +
    'runtimes (--engine) on CPU, GC and allocation per request; the frameworks\' own costs show beside each other.',
  params: { framework: ['oak', 'hono'], route: ['hello', 'error', 'not_found'] },
  quick: { framework: ['oak', 'hono'], route: ['hello'] },
  setup,
  benches: {
    request: {
      async fn(s) {
        const response = await s.handle(new Request(s.url, s.init));
        const text = await response.text();
        s.responseBytes = text.length;
        return response.status;
      },
      // The untimed first request: status, body and the response-time middleware's header.
      check(s, status) {
        if (status !== s.route.status) throw new Error(`status ${status}, expected ${s.route.status}`);
        const request = new Request(s.url, s.init);
        return Promise.resolve(s.handle(request)).then(async (response) => {
          const text = await response.text();
          if (s.route.body !== null && text !== s.route.body) throw new Error(`body ${text}, expected ${s.route.body}`);
          if (!/^\d+ms$/.test(response.headers.get('x-response-time') || '')) {
            throw new Error(`no X-Response-Time header (got ${response.headers.get('x-response-time')})`);
          }
        });
      },
      counters: (s) => ({ response_bytes: s.responseBytes }),
    },
  },
});
