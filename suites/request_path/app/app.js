// The app the runtime comparisons this project started from serve under autocannon, written once for every suite
// that runs it (suites/request_path in process, suites/request_path_served on a port): a router answering GET / with
// the JSON { hello: "world" }, a response-time middleware (X-Response-Time) and an error-handling middleware that
// turns a thrown error into a 500 with a JSON body; GET /error throws. The framework's module is handed in, so each
// suite loads it from its own node_modules (and says how to install it when it is missing).
'use strict';

const HELLO = { hello: 'world' };

// oak: an Application (app.handle(request) answers a Request; app.listen() serves on the runtime's own server).
// `options` go to oak's Application (e.g. logErrors).
function oakApplication({ Application, Router }, options = {}) {
  const router = new Router();
  router.get('/', (ctx) => {
    ctx.response.body = HELLO;
  });
  router.get('/error', () => {
    throw new Error('handler failed');
  });
  const app = new Application(options);
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      ctx.response.status = 500;
      ctx.response.body = { error: err.message };
    }
  });
  app.use(async (ctx, next) => {
    const start = Date.now();
    await next();
    ctx.response.headers.set('X-Response-Time', `${Date.now() - start}ms`);
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

// hono: a Hono app (app.fetch(request) answers a Request).
function honoApplication({ Hono }) {
  const app = new Hono();
  app.onError((err, c) => c.json({ error: err.message }, 500));
  app.use(async (c, next) => {
    const start = Date.now();
    await next();
    c.header('X-Response-Time', `${Date.now() - start}ms`);
  });
  app.get('/', (c) => c.json(HELLO));
  app.get('/error', () => {
    throw new Error('handler failed');
  });
  return app;
}

module.exports = { HELLO, oakApplication, honoApplication };
